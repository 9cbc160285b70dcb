"""The stop hook's cues beyond English (issue #27.5, research/notes/cue47-stop45.md, cue48-stop46.md): a fact taught
in one of the project's usual other languages (German, French, Spanish, Italian, Portuguese, Dutch, Polish,
Swedish, Turkish, Japanese), a fact given as the bare answer to the agent's own question ("7443" after "which port
does staging use?"); and the other languages' ordinary talk, which carries no cue of any path
(``ordinary_elsewhere``). An aside inside a request is split by ``distill.taught.split_asides`` (one rule with
the offline distiller's).

Both are judged by language-neutral signals: a value (``hooks/digest._VALUE``: a token with a digit, a path, a
host, a handle, a name) stated in a declarative clause, or an answer turn that names a value right after the
agent asked for one. The per-language words are only the ones no signal replaces: each language's function words
(to tell a sentence of that language: a value in an English sentence is ``digest``'s business), and the words of
a question, a request for the moment, a state of the moment and thanks, which make a turn with a value ordinary.
Every pattern is a literal alternation with word boundaries, a bounded scan, or a scan from a word's start
(linear in the text's length; tests/test_cue_lang48.py times hostile turns).
"""

from __future__ import annotations

import re
from functools import cache

from contextlamp.distill.language import LETTERS, MIN_ENDING_WORD, POLISH_ENDINGS
from contextlamp.distill.taught import (
    REQUEST_OPENERS,
    WH_CONTRACTED,
    WH_JA,
    WH_LAST,
    WH_WORDS,
    for_the_task,
    names_someone,
)

# Each language's function words that English does not share (articles, prepositions, copulas): two distinct
# ones of one language mark a sentence of it. Source: the languages' closed word classes.
_MARKERS: dict[str, str] = {
    "de": "der|die|das|dem|den|des|ein|eine|einen|ist|sind|bei|auf|mit|für|von|vom|zum|zur|nicht|übrigens|wir|uns|"
    "unter|jetzt|jeden|jede|jedes|um|über|im|und|auch|nur|immer|wird|werden|hat|haben|sich|mehr",
    "fr": "le|la|les|du|des|est|c'est|sont|pour|avec|dans|sur|chez|une|qui|au|aux|et|vers|chaque|ce|cette|sa|ses|"
    "nous|par|pas|il|elle|leur|toujours|plus|aussi|maintenant|désormais|de|en|un|à",
    "es": "el|los|las|del|es|son|para|con|una|está|que|al|se|cada|lo|su|sus|por|también|siempre|nuestro|nuestra|ya|"
    "y|ahora|la|de|en|un",
    "it": "il|lo|gli|della|del|è|sono|per|con|nella|nel|sul|sulla|una|che|alle|ogni|anche|sempre|nostro|nostra|si|"
    "ci|dal|dalla|più|adesso|ora|la|di|le|da|dei|delle|degli|alla|al|un|e|tra|fra|quel|quello|quella|questo|questa",
    "pt": "os|do|da|dos|das|é|são|para|com|em|na|no|uma|que|às|todo|toda|está|não|nosso|nossa|também|sempre|ao|pelo|"
    "pela|fica|agora|o|a|as|de|um|e",
    "nl": "de|het|een|zijn|van|voor|met|op|naar|niet|bij|wij|elke|om|ook|altijd|onze|ons|wordt|worden|heeft|er|uit|"
    "en|te|dat|deze|dit|nu",
    "pl": "jest|są|się|na|w|we|z|ze|za|od|dla|przez|nie|że|oraz|każdy|każdej|każdą|codziennie|jako|pod|przy|nasz|"
    "nasza|nasze|teraz|już|też|to",
    "sv": "är|och|på|för|med|av|den|det|ett|varje|alltid|vi|vår|vårt|våra|finns|hos|från|inte|som|ligger|körs|heter|"
    "använder|äger|nu",
    "tr": "ve|bir|bu|için|ile|her|olarak|üzerinde|üzerinden|var|yok|gibi|değil|bizim|tarafından|artık|şimdi",
}
# the German words that open a sentence before a capitalised noun (articles, determiners, pronouns, prepositions):
# two capitalised words after one of these are a noun phrase, not a person's name ("Die Staging-Datenbank läuft")
_GERMAN_OPENERS = (
    "Der|Die|Das|Den|Dem|Des|Ein|Eine|Einen|Einem|Einer|Kein|Keine|Mein|Meine|Unser|Unsere|Dein|Deine|Sein|Seine|"
    "Ihr|Ihre|Jeder|Jede|Jedes|Jeden|Dieser|Diese|Dieses|Alle|Im|Am|Zum|Zur|Vom|Beim|Auf|Mit|Für|Von|Bei|Nach|Um|In"
)
# Letters one of those languages has and English (and the others) do not, and Polish adjective endings: each
# distinct word holding one counts as one more function word of that language (a short Polish or Turkish sentence
# has few function words): ``distill.language.LETTERS`` / ``POLISH_ENDINGS``, one rule with the offline guess.
# Japanese is told by its script (kana).
_KANA = r"[\u3040-\u30ff]"
# English's own function words: a sentence with as many of these is English (``digest`` judges it)
_ENGLISH = (
    "the|is|are|of|and|to|in|on|for|with|it|this|that|at|from|our|we|by|a|an|be|was|were|has|have|had|does|did|"
    "done|not|so|but|or|if|then|my|your|its|their|you|they|all|just|now|ok|okay|lol"
)
# accents that tell which language a function word shared by several is read in (de/fr "des", es/pt "para")
_ACCENTS = {"de": "äöüß", "fr": "éèêàçùâîôû", "es": "ñáíóú¿¡", "it": "àèìòù", "pt": "ãõçáéíóúâê"}
# With no English function word, one function word of another language marks it when it has three letters or
# more ("das", "auf", "üzerinde"); a two-letter one ("la", "de", "a") may be a fragment or a name
MIN_SINGLE_MARKER = 3
# A question, a request for the moment, a state or event of the moment, thanks and chat: a turn with one of these
# is ordinary even with a value in it ("kannst du schauen, warum Port 8081 hängt?", "le déploiement est en cours").
_ORDINARY_WORDS = (
    # de
    r"kannst|könntest|kann|bitte|mach|schau|danke|gerade|heute|gestern|grade|noch|minuten|sekunden|"
    r"hängt|fehler|warum|wieso|welche[rsnm]?|wo|wer|wann|was|mal|soll|sollen|gleich|später|morgen|"
    # fr
    r"peux|pourrais|pouvez|stp|svp|merci|relance|ajoute|cours|aujourd'hui|hier|encore|pourquoi|où|"
    r"quand|combien|déjà|attends|attendre|demain|plus tard|tout à l'heure|"
    # es
    r"puedes|podrías|puede|por favor|haz|gracias|hoy|ayer|momento|todavía|minutos|segundos|porqué|por qué|"
    r"dónde|cuál|cuándo|quién|reiniciando|espera|mañana|luego|"
    # it
    r"puoi|potresti|per favore|fai|grazie|oggi|ieri|ancora|minuti|secondi|perché|dove|quale|quando|chi|"
    r"sto|stai|aspettando|domani|dopo|tra poco|fra poco|subito|"
    # pt
    r"pode|poderia|você|obrigad[oa]|valeu|hoje|ontem|ainda|rodando|onde|qual|quando|quem|amanhã|"
    r"depois|"
    # nl
    r"kun|kan je|wil je|alsjeblieft|graag|bedankt|dank|vandaag|gisteren|nog|bezig|minuten|waarom|waar|welke|"
    r"wanneer|morgen|straks|"
    # pl
    r"możesz|możecie|proszę|dzięki|dziękuję|dziś|dzisiaj|wczoraj|jeszcze|znowu|znów|minut|minuty|dlaczego|"
    r"czemu|gdzie|który|która|które|kiedy|kto|czy|jutro|później|zaraz|jestem|krótko|działa|"
    # sv
    r"kan du|kan ni|snälla|tack|idag|igår|fortfarande|igen|minuter|varför|vilken|vilket|vilka|när|vem|imorgon|"
    r"senare|strax|jag är|jag sitter|kort|funkar|"
    # tr
    r"lütfen|teşekkür\w*|sağ ?ol\w*|şu an|bugün|dün|hala|hâlâ|yine|tekrar|dakika|neden|niye|nerede|hangi|"
    r"ne zaman|yarın|sonra|m[ıiuü]s[ıiuü]n(?:[ıiuü]z)?|kısa|oldu"
)
# a failure of the moment, in each language ("il test 8 fallisce", "o teste 3 quebrou"; never "again" alone:
# "wird jede Nacht erneut gebaut", "wordt opnieuw opgebouwd" say how a thing runs), and "a moment ago"; a failure
# that names a path, host or address (``_PLACE``) says where a thing lives ("o deploy falhou porque não conseguiu
# ler /etc/app/x.env")
_FAILURE_WORDS = (
    r"schlägt fehl|fehlgeschlagen|kaputt|abgestürzt|échoue|a échoué|plante|planté|otra vez|falla|falló|fallan|"
    r"roto|fallisce|fallito|rotto|quebrou|falhou|falha|faalt|mislukt|kapot|nie przechodzi|nie działa|padł|"
    r"misslyckas|kraschar|trasig|çöktü|başarısız|bozuk|erro|errore|erreur|fout|błąd|hata|agora há pouco|"
    r"tout à l'heure|hace un momento|poco fa|net nog|just nu|przed chwilą"
)
# An event of the moment, in the language's past or perfect ("o deploy terminou", "la build è finita" is a state,
# "Marco ha approvato la PR", "PR 12 jest zmergowany"), or a state of the moment (a build green or red, done, a
# person ill or off): what happened is not how the setup is. A change said in the past is a fact (``_MOVED``:
# "mudou para", "ist umgezogen nach"). Per language: the perfect's auxiliary with a participle, or a past ending
# on a word of 4 letters or more. Source: each language's grammar of the past.
_EVENTS: dict[str, str] = {
    "de": r"\b(?:hat|haben|habe|hab)\b[^,.;]{0,40}?\b(?:ge\w+(?:t|en)|\w+ed)\b",
    "fr": r"\b(?:a|ont|ai|avons|avez|as)\s+(?:\w+\s+)?\w+[éiu]e?s?\b",
    "es": r"\b(?:ha|han|he|hemos|has)\s+\w+(?:ado|ido)\b|\b\w{2,}(?:ó|aron|ieron)\b",
    "it": r"\b(?:ha|hanno|ho|abbiamo|hai)\s+\w+(?:ato|uto|ito)\b|\b(?:è|sono)\s+(?:stat|finit|andat)[oaie]\b",
    "pt": r"\b(?!(?:estou|sou|vou|dou|seu|meu|teu|museu|ateu)\b)\w{2,}(?:ou|eu|iu)\b",
    "nl": r"\b(?:heeft|hebben|heb)\b[^,.;]{0,40}?\b(?:ge\w+[dt]|\w+ed)\b",
    # a past ending after a verb's vowel; never a noun in -uł/-ał ("moduł", "kanał", "dział")
    "pl": r"\b(?!(?:kanał|dział|przydział|udział|rozdział|materiał|sygnał|ideał|kapitał|generał|potencjał|upał|"
    r"zapał|szał|opał|wał)\w{0,2}\b)\w{2,}[aeiyęo](?:ł|ła|ło|li|ły)\b|\bzmergowan\w*",
    "sv": r"\b\w{2,}(?:ade|ades)\b|\bmergad\w*",
    "tr": r"\b\w{2,}(?:dı|di|du|dü|tı|ti|tu|tü)\b",
    "ja": r"ました|でした|しました",
}
_STATE_WORDS = (
    r"grün|rot|fertig|durch|gemerged|gemergt|vert|rouge|fini|finie|terminé|terminée|fermé|fermée|mergé|mergée|"
    r"verde|rojo|rosso|vermelho|listo|lista|pronto|pronta|finito|finita|aprovad[oa]|approvat[oa]|groen|rood|klaar|"
    r"zielony|czerwony|gotowe|gotowy|grön|röd|klar|yeşil|kırmızı|bitti|tamam|krank|malade|enferm[oa]|malat[oa]|"
    r"doente|ziek|chory|chora|sjuk|hasta|vrij|frei|férias|vacances|vacaciones|ferie|vakantie|urlopie|semester|izinli"
)
_MOVED = (
    r"umgezogen|geändert|gewechselt|verschoben|migriert|umbenannt|déménagé|changé|migré|renommé|passé à|movido|"
    r"movió|cambió|cambiado|migrado|migró|renombr\w+|migrato|spostato|cambiato|rinominat\w+|passato a|mudou|mudado|"
    r"migrou|trocado|trocou|renomead\w+|verhuisd|veranderd|gemigreerd|overgestapt|hernoemd|przeniesion\w*|"
    r"zmienion\w*|zmienił\w*|flyttad\w*|bytt|ändrad\w*|bytte|taşındı|değişti|değiştirildi|移行|変更|移動"
)
# Japanese has no spaces between words: its words of a question, a request, the moment and thanks match anywhere
_ORDINARY_JA = (
    r"ありがとう|お願い|ください|下さい|今|昨日|明日|まだ|また|なぜ|どこ|どの|いつ|誰|後で|"
    r"ですか|ますか|でしょうか|中なので"
)
# an activity going on now, said with a progressive form ("está rodando", "sta girando", "en train de", "is aan het")
_PROGRESSIVE = (
    r"(?:está|están|estoy|estamos|estou|estão|sta|stanno|sto|stiamo)\s+\w+(?:ando|endo|iendo|indo)|en train de|"
    r"is aan het|zijn aan het"
)
# A fact said in passing, in a turn about something else: the setup as it is meant to be ("it's supposed to run
# only daily at 13:05", "it's meant to export at 04:45") and a failure that names where a thing lives ("the job
# failed because it couldn't read /srv/x/plan.toml"): a path, host or address (``_PLACE``) after a verb of access;
# a value that a relative clause says what it is ("noreply@x.fr, which is the X's sender", "tern-host? that's the box
# the X runs on").
_INTENDED = (
    r"(?:supposed|meant|expected|configured|scheduled) to|soll(?:te)? (?:eigentlich )?(?:nur )?|est censée?|"
    r"debería|dovrebbe|deveria|hoort (?:te )?"
)
_ACCESS = (
    r"(?:couldn'?t|can'?t|cannot|could not|can not|unable to|failed to|fails to|no access to|not allowed to) "
    r"(?:read|open|find|load|reach|connect to|access|write to|write|resolve|mount|pull from|push to)"
)
_PLACE = (
    r"(?:~|\.{0,2}/)[\w.-]+/[\w./-]+|[\w-]+(?:\.[\w-]+)+\.[a-z]{2,}\b|[\w.-]+@[\w-]+\.[\w.-]+"
    r"|\S+\.(?:toml|ini|json|ya?ml|conf|cfg|env|pem|key|crt|properties|xml)\b"
)
MAX_ANSWER_WORDS = 12  # an answer's first clause: a value and a few words around it ("Tomasz Wróbel does")


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The patterns, compiled on first use (never at import)."""
    flags = re.IGNORECASE | re.UNICODE
    return {
        "markers": re.compile(rf"(?<![\w'-])(?:{'|'.join(_MARKERS.values())})(?![\w'-])", flags),
        **{f"{lang}_event": re.compile(pattern, flags) for lang, pattern in _EVENTS.items()},
        "state": re.compile(rf"(?<![\w'-])(?:{_STATE_WORDS})(?![\w'-])", flags),
        "moved": re.compile(rf"(?<![\w'-])(?:{_MOVED})(?![\w'-])|移行|変更|移動", flags),
        "failure": re.compile(rf"(?<![\w'-])(?:{_FAILURE_WORDS})(?![\w'-])", flags),
        "ordinary": re.compile(
            rf"(?<![\w'-])(?:{_ORDINARY_WORDS}|{_PROGRESSIVE})(?![\w'-])|[?¿？]|{_ORDINARY_JA}"
            r"|^\s*quel(?:le)?s?(?![\w'-])",  # fr "quel" opens a question; it "quel codice" is "that code"
            flags,
        ),
        # a word holding a letter of ``LETTERS``, from a word's start only (linear); case-sensitive: "İ" is no "i"
        "letters": re.compile(rf"(?<![^\W\d_])[^\W\d_]*?[{''.join(LETTERS.values())}][^\W\d_]*"),
        "kana": re.compile(rf"{_KANA}{{2}}"),
        "pl_ending": re.compile(
            rf"(?<![^\W\d_])[^\W\d_]{{{MIN_ENDING_WORD - 3},}}?(?:{'|'.join(POLISH_ENDINGS)})(?![^\W\d_])", flags
        ),
        "en": re.compile(rf"(?<![\w'-])(?:{_ENGLISH})(?![\w'-])", flags),
        # a request opening a sentence or clause, after a "please" ("sistema il CSS", "por favor, arregla ...")
        "request": re.compile(
            rf"(?:^|[,;:]\s*|\s(?:e|y|en|und|et|och|i)\s+)\s*(?:(?:bitte|per favore|por favor|s'il te plaît|stp|"
            rf"alsjeblieft|proszę|snälla|lütfen|pf)[\s,]+)?(?:{REQUEST_OPENERS})(?![\w'-])",
            flags,
        ),
        "wh": re.compile(rf"(?<![\w'-])(?:{WH_WORDS}){WH_CONTRACTED}|{WH_JA}|{WH_LAST}", flags),
        "german_name": re.compile(
            rf"(?:(?<=[\w,;)] )|^\s*(?!(?:{_GERMAN_OPENERS})\b))[A-ZÄÖÜ][a-zäöüß]+ [A-ZÄÖÜ][a-zäöüß]+\b(?! [A-ZÄÖÜ])"
        ),
        "caps": re.compile(r"(?<=[\w,;)] )[A-ZÄÖÜÉ][a-zäöüßéèêàáíóúñç]+\b"),
        "intended": re.compile(rf"(?<![\w'-])(?:{_INTENDED})", flags),
        "access": re.compile(rf"\b{_ACCESS}\b[^,;—–]{{0,60}}?(?:{_PLACE})", flags),
        "which": re.compile(
            rf"(?:{_PLACE}|[\w.-]*\d[\w.-]*|[\w]+[_-][\w-]+),? (?:which|that)(?:'s| is) (?:where|the|what)\b", flags
        ),
        "logline": re.compile(r"\d{2}:\d{2}:\d{2}|^\s*(?:\[|\w*(?:error|warn|info|debug|fatal)\w*\b)", flags),
        "place": re.compile(rf"(?<![\w.~/@-])(?:{_PLACE})", flags),  # from a token's start only (linear)
        "clause": re.compile(r",\s+|;\s+|(?<!\s)\s+[—–-]+\s+"),
    }


def language(sentence: str) -> str | None:
    """The language (``_MARKERS`` key, or "ja") of ``sentence`` when two distinct function words of one language
    mark it (a word holding one of its own letters, ``LETTERS``, or a Polish adjective ending counts as one), more
    than English's (``_ENGLISH``), the language with the most, or one of ``MIN_SINGLE_MARKER`` letters or more and
    no English one (of a word several languages share, the one whose accent is there, ``_ACCENTS``); "ja" for a
    sentence in kana; None for English or an unmarked sentence."""
    if _patterns()["kana"].search(sentence):
        return "ja"
    english = len({m.group().lower() for m in _patterns()["en"].finditer(sentence)})
    found: dict[str, set[str]] = {lang: set() for lang in _MARKERS}
    for match in _patterns()["markers"].finditer(sentence):  # one pass: a word may mark several languages
        word = match.group().lower()
        for lang in _marker_languages(word):
            found[lang].add(word)
    for match in _patterns()["pl_ending"].finditer(sentence):
        found["pl"].add(match.group().lower())
    for match in _patterns()["letters"].finditer(sentence):
        word = match.group().lower()
        for lang, letters in LETTERS.items():
            if any(letter in word for letter in letters):
                found[lang].add(word)
    best, count = None, max(1, english)
    for lang, words in found.items():
        word = next(iter(words), "")
        if not english and len(words) == 1 and len(word) >= MIN_SINGLE_MARKER and best is None:
            # one distinct function word and no English one: the language, unless two mark another; of a word
            # several languages share ("des": de, fr), the one whose accent the sentence has ("Chloé ... des")
            shared = [other for other in _marker_languages(word) if any(a in sentence for a in _ACCENTS.get(other, ""))]
            best = shared[0] if shared else lang
        if len(words) > count:
            best, count = lang, len(words)
    return best


@cache
def _marker_languages(word: str) -> tuple[str, ...]:
    """The languages whose function words (``_MARKERS``) hold ``word`` (lower case)."""
    return tuple(lang for lang, words in _MARKERS.items() if word in words.split("|"))


def ordinary_elsewhere(sentence: str) -> bool:
    """Whether ``sentence`` says the user's moment in another language (``distill.moment.moment_elsewhere``,
    whatever the function-word count says), or is in another language (``language``) and says a question, a
    request, a state of the moment or thanks in it (``_ORDINARY_WORDS``, ``_STATE_WORDS``), or, naming no path,
    host or address (``_PLACE``), an event in the past that is no change (``_EVENTS``, ``_MOVED``) or a failure
    (``_FAILURE_WORDS``): no cue of any kind then,
    English's included ("a pipeline está rodando, faltam 2 jobs" holds a value and a verb in -s, and states
    nothing to keep)."""
    from contextlamp.distill.moment import moment_elsewhere  # the user's moment in other languages: one home

    if moment_elsewhere(sentence):
        return True
    lang = language(sentence)
    ordinary = _patterns()["ordinary"].search(sentence) or _patterns()["state"].search(sentence)
    if lang is None:  # unmarked: ordinary words of another language and no English function word ("Danke Jonas")
        return bool(ordinary) and not _patterns()["en"].search(sentence)
    if ordinary or _patterns()["request"].search(sentence):
        return True  # a question, the moment, thanks, or a request in that language ("sistema il CSS del pannello")
    if _patterns()["place"].search(sentence):
        return False  # a failure or an event that names where a thing lives ("... não conseguiu ler /etc/x.env")
    if _patterns()[f"{lang}_event"].search(sentence) and not _patterns()["moved"].search(sentence):
        return True  # an event of the moment in the past ("o deploy em prod-2 terminou"), not a change
    return _patterns()["failure"].search(sentence) is not None


def states_fact(sentence: str, value: re.Pattern[str], moment: re.Pattern[str]) -> bool:
    """Whether ``sentence``, in one of ``_MARKERS``' languages, states a fact: a value (``value``; in German, where
    every noun is capitalised, a capitalised word counts only as a two-word name) in a declarative sentence, no
    word of a question, request, moment or thanks (``_ORDINARY_WORDS``) and no English moment (``moment``), and
    two words beside the value."""
    lang = language(sentence)
    if lang is None or _patterns()["ordinary"].search(sentence) or moment.search(sentence):
        return False
    probe = _patterns()["caps"].sub(" ", sentence) if lang == "de" else sentence
    if not (value.search(probe) or (lang == "de" and _patterns()["german_name"].search(sentence))):
        return False
    rest = [w for w in re.findall(r"\w[\w'-]*", value.sub(" ", probe)) if len(w) > 2]
    return len(rest) >= 2


def answers_question(text: str, asked: str, value: re.Pattern[str], moment: re.Pattern[str]) -> bool:
    """Whether the user's ``text`` answers the agent's question (``asked``, the agent's turn before it) with a
    value: the agent's turn ends on a wh-question (``distill.taught.WH_WORDS``) about the setup (no moment in it,
    ``moment``: "What error do you get?", "Which test is failing?"), and the answer's first clause (at most
    ``MAX_ANSWER_WORDS`` words) names a value and is no question, request or moment."""
    asked = asked.strip()
    if not asked.endswith(("?", "？")):
        return False
    question = re.split(r"(?<=[.!])\s+|(?<=[。！])|\n", asked)[-1]
    if not _patterns()["wh"].search(question) or moment.search(question) or for_the_task(question):
        return False
    first = _patterns()["clause"].split(text.strip(), maxsplit=1)[0]
    if len(first.split()) > MAX_ANSWER_WORDS or _patterns()["ordinary"].search(first) or moment.search(first):
        return False
    caps = _patterns()["caps"].search(first) or first[:1].isupper() or names_someone(first, question)
    return value.search(first) is not None or bool(caps)


def said_in_passing(sentence: str, value: re.Pattern[str]) -> bool:
    """Whether ``sentence`` holds a fact said in passing (``_INTENDED``, ``_ACCESS``): how a thing is meant to
    be set up with a value in the same clause, or a failure to reach a path, host or address; never a pasted log
    line (a timestamp, a level first)."""
    if _patterns()["logline"].search(sentence):
        return False
    if _patterns()["which"].search(sentence):
        return True  # "V, which is the X's sender", "airside-3, that's where it lives"
    if not sentence.rstrip().endswith("?") and _patterns()["access"].search(sentence):
        return True
    for clause in re.split(r",\s+|;\s+|(?<!\s)\s+[—–-]+\s+|(?<!\s)\s+and\s+|\?\s*", sentence):
        if _patterns()["intended"].search(clause) and value.search(clause):
            return True
    return False
