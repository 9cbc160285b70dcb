"""Ways a fact is taught that are not a plain statement of the user's (issue #27, research/notes/req49-stop46.md):
the blind month banks showed capture missing each of them.

- ``tail``: a statement after a request, behind a lead-in that changes the subject ("can you bump the retries,
  and while you're at it note that the staging DB lives on X"): the request veto covered the whole sentence.
- ``confirmed``: the agent's yes/no question that states a value ("So the nightly export goes to bucket X now?")
  and the user's bare yes ("yes, exactly", "klopt", "sì, esatto"): the value is only in the agent's words.
- ``commented``: a pasted settings line whose comment says why the value is what it is
  (``retention_days = 45  # legal asked for 45 since March``): the paste veto covered the comment.

Both capture paths read these: the stop hook's cues (``hooks.digest.cues_of``: *when* to ask the agent) and the
offline distiller (``offline.segment``: the statement it then judges with its own rules). Each returns the
statement to judge, never a verdict: whether it is durable stays each path's rule. Every pattern is a literal
alternation or a bounded class (linear in the text's length).
"""

from __future__ import annotations

import itertools
import re
from functools import cache

from contextlamp.distill.script import word_count

# A lead-in that changes the subject (an aside), in the usual languages: what follows it is a statement of its
# own, not part of the request or question before it ("can you fix the test, and by the way the staging DB moved
# to X"). The one rule both capture paths split on: the stop hook (``split_asides``, ``hooks.digest.cues_of``)
# and the offline distiller (``tail``, ``offline.segment``). en "while you're at it", "by the way", "btw", "fyi",
# "for the record", "oh and", "incidentally", "also"; nl "trouwens", "ter info", "overigens"; it "già che ci sei",
# "tra l'altro", "per la cronaca", "comunque", "a proposito"; de "übrigens", "nebenbei", "zur Info"; fr "au
# fait", "d'ailleurs", "pour info"; es "por cierto", "de paso"; pt "aliás", "a propósito"; pl "przy okazji";
# sv "förresten"; tr "bu arada"; ja "ちなみに", "ところで". Source: each language's discourse markers of topic
# change (research/notes/cue48-stop46.md, req49-stop46.md, aside50-stop47.md).
_ASIDE = (
    r"while you'?re (?:at it|there|in there)|by the way|btw|fyi|for the record|for your information|oh and|"
    r"incidentally|also|trouwens|ter info|ter informatie|overigens|già che ci sei|tra l'altro|per la cronaca|"
    r"per tua informazione|comunque|a proposito|übrigens|nebenbei|zur info|au fait|d'ailleurs|pour info|"
    r"por cierto|de paso|para que conste|aliás|a propósito|przy okazji|förresten|bu arada"
)
_ASIDE_JA = r"ちなみに|ところで"  # no space after a Japanese word: matched as written
# "also" in the other languages: a second lead-in after the first ("übrigens auch", "trouwens ook"), never the
# first (in these languages it is an adverb inside a clause)
_ALSO = r"ook|anche|auch|aussi|también|também|też|också"
# where an aside opens: after a clause's comma, semicolon or colon, after "and" (en, de, fr, es, it/pt, nl, pl,
# sv, tr; not Polish "i": English "I"), or at a sentence's start; never inside a clause ("die DB liegt übrigens auf X"
# is one statement)
_AND = r"and|und|et|y|e|en|oraz|och|ve"
_OPENS = rf"(?P<mid>[,;:]\s*(?:(?:{_AND})\s+)?|\s(?:{_AND})\s+)|(?<=[.!?？。\n])[ \t]*"
# what may stand between the lead-in and the statement: a spoken wrapper to note or remember it
_WRAPPER = (
    r"(?:please )?(?:note|remember|keep in mind|bear in mind|be aware|know|noteer|onthoud|weet|ricorda|nota|tieni "
    r"presente|sappi|merk dir|beachte|denk daran|note[sz]?|retiens|sache|recuerda|ten en cuenta|lembra|lembre-se|"
    r"notier dir|segnati|segna|apunta|anota|zapamiętaj|zanotuj)"
    r"(?:,? (?:that|dat|che|dass|que|qu'|że))?"
)
# a wrapper with its "that" opens an aside of its own after a request ("fix the export, and note that the report
# DB is lib-ro-2, then ..."): no lead-in word needed when the user says what to note
_NOTE_THAT = (
    r"(?:please )?(?:note|remember|keep in mind|bear in mind|be aware|noteer|onthoud|ricorda|tieni presente|"
    r"segnati|merk dir|notier dir|beachte|denk daran|retiens|note[sz]?|recuerda|ten en cuenta|apunta|anota|lembra|"
    r"zapamiętaj|zanotuj),? (?:that|dat|che|dass|que|qu'|że)(?![\w'-])"
)
# a bare yes: every word of the turn is one of these (yes, right, exactly, correct in the usual languages; "sí, esa",
# "yes, that one": the thing the agent named, pointed at; ko "네, 맞아요", ja "はい、そうです")
_YES = frozenset(
    re.findall(
        r"\S+",
        "yes yep yeah yup right correct exactly indeed that's that is it true confirmed affirmative sure "
        "precisely ja jep klopt precies inderdaad juist dat het sì si esatto esattamente giusto corretto "
        "certo proprio così genau richtig stimmt korrekt exakt oui exactement exact c'est ça cela tout à "
        "fait sí exacto correcto cierto eso es sim exato isso é esa ese one celle-là celui-là quello quella "
        "die diese tak zgadza się dokładnie stämmer precis evet doğru aynen the japp absolut rätt det just "
        "passt jawohl tabii öyle 네 예 응 맞아요 맞아 맞습니다 그래요 그렇습니다 はい ええ うん そうです その通り "
        "その通りです 合っています 合ってます 正しいです",
    )
)
MAX_YES_WORDS = 5  # "yep, that's exactly right": a longer turn says more than yes and is judged on its own
# the lead of an agent's check ("So ...?", "Just to confirm: ...?", "Dus ...?", "Quindi ...?", "Also ...?")
_CHECK_LEAD = (
    r"(?:just )?(?:to (?:confirm|double-check|be sure|check)|so|then|ok(?:ay)?,? so|am i right that|i see|"
    r"i found|i notice|do i understand "
    r"(?:correctly )?that|dus|dan|quindi|allora|also|dann|donc|alors|entonces|então|ou seja)"
)
# a tag question after the agent's check ("..., right?", "— is that the right channel?", ", c'est bien ça ?",
# ", ¿verdad?", ", oder?"): the statement checked is before it
_TAG = (
    r"(?:is (?:that|this|it)|right|correct|isn't it|am i right|c'est (?:bien )?ça|c'est bien|n'est-ce pas|"
    r"¿?verdad|¿?no|¿?cierto|oder|richtig|stimmt's|korrekt|giusto|vero|no|toch|klopt dat|certo|não é|prawda|"
    r"eller hur|değil mi)(?![\w'-])"
)
# a credential or a hash (a long token mixing cases and digits) or a list of codes: never a fact to keep (the stop
# hook's rule since stop 44, hooks/digest.py, moved here so the offline distiller reads the same one)
CREDENTIAL = re.compile(
    r"(?=\S*\d)(?=\S*[a-z])(?=\S*[A-Z])\S{16,}|\S{60,}|(?i:\b(?:password|passphrase|login|token|secret|"
    r"recovery key|passwort|kennwort|mot de passe|contraseña|senha|wachtwoord)\b)"
)
# a settings line with its comment: ``key = value  # comment`` / ``key: value  // comment`` (a space after the
# marker: ``goes to #fin-drops`` names a channel)
_SETTING = r"^\s*[\w.\-\"']{1,80}\s*[:=]\s*[^#;\n(){}]{1,200}?\s(?:#|//|;)\s+(?P<comment>[^\n]{1,300})$"
# a comment that is a note to self, not a statement: to do, to check, temporary, a ticket, the old value, a unit
_NOTE_TO_SELF = (
    r"todo|fixme|xxx|hack|tbd|check|verify|confirm|temporar\w*|for now|see |ticket\s+#?[\w-]*\d|was \d|used to be|"
    r"navragen|checken|nakijken|tijdelijk|verificare|controllare|da rivedere|provvisori\w*|prüfen|nachsehen|"
    r"vorläufig|à revoir|à vérifier|provisoire|revisar|verificar|temporal"
)
# a specific value: a digit, a path or handle, an identifier with an inner separator, a capitalised word inside
_VALUE = r"\d|[#@/_]|[^\W_][-.][^\W_]|(?<=\s)[A-Z]"
MAX_ANSWER_WORDS = 6  # a bare answer: a value and a few words ("Sentry, self-hosted"); a longer turn stands alone
# The question words (wh-words) of the usual languages: a question that asks for a value holds one ("Which region
# ...?", "Welk logplatform ...?", "Vilken port ...?", "Hangi sunucu ...?"). One rule read by the offline distiller
# (``answered``; ``durable.asks_question``: a question without its "?" opens on one) and the stop hook
# (``hooks.cue_lang.answers_question``). Source: each language's interrogative words.
WH_WORDS = (
    r"which|what|where|who|whom|whose|when|how (?:many|much|long|often|big|large)|what time|"
    r"welche[rsnm]?|wo|wer|wem|wann|was für|wie viele?|"  # de ("wie" alone: nl "who", below)
    r"quel(?:le)?s?|où|qui|quand|combien|à quelle|"  # fr
    r"cuál(?:es)?|cual(?:es)?|qué|dónde|donde|quién(?:es)?|cuándo|cuánt[oa]s?|a qué|"  # es
    r"quale|quali|dove|chi|quando|quant[ioe]|a che|"  # it
    r"qual|quais|onde|quem|quant[oa]s?|"  # pt
    r"welke?|waar|wie|wanneer|hoeveel|wat|"  # nl
    r"który|która|które|jaki|jaka|jakie|gdzie|kto|kiedy|ile|o której|"  # pl
    r"vilken|vilket|vilka|var|vem|när|hur många|vad|"  # sv
    r"hangi|nerede|ne zaman|kaç"  # tr ("kim" also opens an English sentence on a name)
)
WH_JA = r"どの|どこ|誰|いつ|何|どれ|いくつ|누구|어디|언제|무엇|뭐|어느|몇"  # ja, ko: no space around a word
WH_LAST = r"(?<![\w'-])(?:kim|nerede|ne zaman|kaç)\s*[?？]?\s*$"  # tr: the wh-word ends the question
# a wh-word with its contraction ("Who's the shift supervisor?", "What's the controller's address?")
WH_CONTRACTED = r"(?:['’](?:s|re))?(?![\w'-])"
# "who" in the usual languages: the answer is a person, a name in any script ("佐々木 健太" has no capital)
_WHO = r"(?<![\w'-])(?:who|whom|wer|wem|qui|quién|quiénes|chi|quem|wie|kto|vem|kim)(?![\w-])|誰|누구"
# the agent asks what it should do now ("Whose review should I request?", "Wen soll ich erwähnen?", "¿A quién le
# mando el resumen de hoy?"): the answer is an instruction for the task, not a fact of the setup
_FOR_THE_TASK = (
    r"(?<![\w'-])(?:should i|shall i|do i|can i|may i|(?:do you )?want me to|would you like me to|soll ich|"
    r"sollen wir|muss ich|darf ich|dois-je|je dois|veux-tu que je|debo|quieres que|le mando|devo|dovrei|vuoi che|"
    r"queres que|quer que eu|moet ik|zal ik|wil je dat ik|ska jag|bör jag|vill du att jag|czy mam|"
    r"this (?:pr|commit|branch|run|change)|today|heute|aujourd'hui|hoy|oggi|hoje|vandaag|idag|bugün|dzisiaj)"
    r"(?![\w'-])|今日|今回|오늘"
)
# Words that open a request for the moment in the usual languages besides English (an imperative or "can you"
# first): "sistema il CSS del pannello", "aggiorna le
# dipendenze", "arregla el test", "możesz poprawić test", "kolla loggen", "relance la CI". Read at a sentence's or
# clause's start by both paths (``durable.is_request``, ``hooks.cue_lang.ordinary_elsewhere``). Source: each
# language's imperatives of the verbs people ask a coding agent with.
REQUEST_OPENERS = (
    r"(?:kannst du|könntest du|schreib|mach|zeig|gib|trag|erstell|füg|änder|lösch|prüf|übersetz|fass|formulier|"
    r"korrigier|hilf|reparier|aktualisier|entfern|benenn)\w*|räum|schau|"  # de
    r"peux-tu|pouvez-vous|pourrais-tu|fais|faites|écris|écrivez|donne|donnez|montre|ajoute|corrige|traduis|"
    r"résume|propose|envoie|crée|mets|refais|réécris|explique|aide|"  # fr
    r"¿?(?:puedes|podrías|haz|hazme|escribe|escríbeme|dame|muestra|muéstrame|añade|corrige|traduce|resume|"
    r"cuéntame|cuentame|explica|explícame|crea|pon|redacta|ayúdame)|"  # es
    r"puoi|potresti|scrivi|riscrivi\w*|fai|fammi|dammi|mostra|aggiungi|correggi|traduci|riassumi|crea|metti|"
    r"spiega|raccontami|aiutami|"  # it
    r"você pode|pode|podes|escreve|escreva|faz|faça|me (?:conta|dá|mostra|ajuda)|mostra|adiciona|corrige|"
    r"traduz|cria|explica|ajuda|"  # pt
    r"kun je|kunt u|schrijf|maak|geef|toon|voeg|vertaal|vat|"  # nl
    r"relance|supprime|regarde|vérifie|lance|teste|enlève|retire|modifie|renomme|nettoie|remets|déplace|"  # fr
    r"arregla|revisa|actualiza|quita|borra|cambia|limpia|elimina|comprueba|ejecuta|"  # es
    r"sistema|aggiorna|rilancia|togli|sposta|rinomina|controlla|guarda|cambia|rimuovi|elimina|pulisci|"  # it
    r"atualiza|atualize|rode|roda|corrija|adicione|remova|verifica|verifique|mude|olha|olhe|renomeia|limpa|"  # pt
    r"draai|kijk|verwijder|controleer|zet|haal|ruim|hernoem|"  # nl
    r"możesz|możecie|popraw|dodaj|usuń|sprawdź|uruchom|zmień|napisz|zaktualizuj|przejrzyj|zrób|pokaż|"  # pl
    r"kan du|kan ni|fixa|kör|lägg|ta bort|kolla|ändra|skriv|uppdatera|testa|rensa|byt|gör"  # sv
)
# A bare no: every word of the turn is one of these (no, not, wrong, and the words said around them: "that's",
# "klopt", "stimmt", "c'est", "così", "öyle"), one of them a negation (``_NEGATION``). Mirror of ``_YES``.
_NEGATION = frozenset(
    re.findall(
        r"\S+",
        "no nope nah not wrong incorrect false nee neen niet fout nein nicht falsch non pas faux ni nada nunca "
        "niente sbagliato errato não errado nie źle nej inte fel hayır değil yanlış いいえ 違います 違う ちがいます",
    )
)
_NO = _NEGATION | frozenset(
    re.findall(
        r"\S+",
        "that's that it is isn't it's really quite exactly right true correct so like this at all "
        "dat is het klopt helemaal echt zo waar juist das ist stimmt so ganz richtig wirklich "
        "ce c'est n'est ça cela du tout vraiment exactement comme eso es así para del todo exactamente correcto "
        "è così proprio per niente affatto esatto corretto é isso bem assim exatamente certo "
        "to tak wcale do końca det stämmer riktigt så öyle tam doğru そうではありません そうじゃない",
    )
)
MAX_NO_WORDS = 8  # "no, that's not quite it": longer turns say more than no and are judged on their own
MAX_LEADS = 4  # lead-ins and wrappers stripped from a tail's start, one after another (the aside's own first)
MIN_COMMENT_WORDS = 4  # "# seconds", "# default", "# was 4": a label; "# legal asked for 45 since March": a reason


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The patterns, compiled on first use (never at import)."""
    flags = re.IGNORECASE | re.UNICODE
    return {
        # a wrapper may come first ("en onthoud trouwens dat ...", "and note btw that ...")
        "aside": re.compile(
            rf"(?:{_OPENS})(?=(?:{_WRAPPER}\s+)?(?:(?:{_ASIDE})(?![\w'-])|{_ASIDE_JA})|{_NOTE_THAT})", flags
        ),
        "lead": re.compile(rf"^(?:(?:{_AND}) )?(?:(?:{_ASIDE}|{_ALSO})(?![\w'-])|{_ASIDE_JA})[,:、]?\s*", flags),
        "wrapper": re.compile(rf"^(?:{_WRAPPER})(?![\w'-])[,:]?\s*", flags),
        "check": re.compile(rf"^(?:{_CHECK_LEAD})(?![\w'-])[,:]?\s*", flags),
        "tag": re.compile(rf"(?:[,—–]|\s-)\s*(?:{_TAG})(?:\s+(?P<named>[^,—–]{{1,80}}))?$", flags),
        "setting": re.compile(_SETTING, flags | re.MULTILINE),
        "note": re.compile(rf"(?<![\w'-])(?:{_NOTE_TO_SELF})", flags),
        "value": re.compile(_VALUE),
        "ident": re.compile(_IDENT),
        "run_output": re.compile(_RUN_OUTPUT, flags),
        "wh": re.compile(rf"[¿¡]?\s*(?:{WH_WORDS}){WH_CONTRACTED}", flags),
        "inside": re.compile(_INSIDE, flags),
        # what goes wrong now, not how a thing is set up ("it is throwing 500s", "it has 3 failing tests")
        "trouble": re.compile(
            r"\w+ing\b|fail|error|crash|broke|bug|flak|slow|exception|fehl|échou|erreur|err|fout|fel", flags
        ),
        "wh_any": re.compile(rf"{WH_JA}|{WH_LAST}", flags),
        "who": re.compile(_WHO, flags),
        "for_task": re.compile(_FOR_THE_TASK, flags),
        "word": re.compile(r"[^\W\d_][\w'-]*", flags),
    }


def split_asides(text: str) -> str:
    """``text`` with each aside (``_ASIDE``) opened inside a sentence, after a comma or "and", made a sentence of
    its own (a break before its lead-in), so the request before it does not veto it. The stop hook's split."""
    return _patterns()["aside"].sub(lambda m: ".\n" if m.group("mid") else m.group(), text)


def tail(text: str) -> tuple[str, str] | None:
    """(head, statement): what precedes the first aside of ``text`` (``_ASIDE``, opened after something else:
    ``_OPENS``), and the statement after it, without its lead-ins and a wrapper asking to note it
    (``_WRAPPER``), capitalised; None when there is no such aside, or the statement is under three words or names
    no value (``_VALUE``). The offline distiller's split, and the stop hook's when no sentence carried a cue."""
    aside = next((m for m in _patterns()["aside"].finditer(text) if text[: m.start()].strip()), None)
    if aside is None:
        return None
    rest = text[aside.end() :].strip()
    for _ in range(MAX_LEADS):  # "also, for the record, note that X": each lead-in and wrapper in turn
        rest = _patterns()["lead"].sub("", rest, count=1).strip()
        rest = _patterns()["wrapper"].sub("", rest, count=1).strip()
    if len(rest.split()) < 3 or not _patterns()["value"].search(rest):
        return None  # "and also clean up the imports": another request; a fact taught in passing names its value
    return text[: aside.start()].strip(), rest[:1].upper() + rest[1:]


# A fact stated inside a request, in a clause of its own about the thing asked for ("write a load test for the X,
# it should stay under its V limit, and ...", "Bau ein Retry in den X ein, der hat ein Timeout von V"): a subject
# pronoun, a verb of having, being or must (``_STATE_VERB``), and a value in the clause. Source: blind19/blind20's
# requests (research/notes/month18-stop48.md); the pronouns and verbs of the usual languages.
_PRONOUN = r"it|they|er|es|der|die|das|sie|il|elle|ils|elles|hij|het|ze|den|det|esso|essa|ele|ela"
_STATE_VERB = (
    r"has|have|is|are|should|must|needs? to|can't|cannot|hat|ist|muss|soll|darf|läuft|a|est|doit|tourne|tiene|es|"
    r"debe|ha|è|deve|tem|é|heeft|moet|mag|draait|har|är|får|måste|ska"
)
_INSIDE = (
    rf"[,;]\s+(?:(?:{_AND})\s+)?(?P<clause>(?:{_PRONOUN})\s+(?:ne\s+|n'|nicht\s+|not\s+)?(?:{_STATE_VERB})"
    r"(?![\w'-])[^,;.!?]{1,160})"
)


def stated_inside(sentence: str) -> tuple[str, str] | None:
    """(head, clause): a clause of ``sentence`` after a comma or semicolon that states a value of the thing the
    head names (``_INSIDE``: "it should stay under its 450 req/s limit"), and what precedes it; None without one
    (a clause naming no value, ``_VALUE``, is none: "it is flaky"). Linear: one search per clause break."""
    for match in _patterns()["inside"].finditer(sentence):
        if _patterns()["value"].search(match.group("clause")) and not _patterns()["trouble"].search(match.group()):
            return sentence[: match.start()].strip(), match.group("clause").strip()
    return None


def answered(answer: str, asked: str) -> str | None:
    """The bare answer to the agent's question as one statement, "<question>: <answer>" ("Which region should
    the replica use: eu-west-3"): the agent's turn ends on a question opening on a wh-word (``WH_WORDS``), and
    ``answer`` is at most ``MAX_ANSWER_WORDS`` words, no question, naming a value or a name (``_VALUE``, a
    capital); None otherwise. (The stop hook's own rule, ``hooks.cue_lang.answers_question``, also vetoes words
    of the moment; the two could be one rule here: research/notes/req49-stop46.md.)"""
    answer = answer.strip().rstrip(".!")
    if not asked.rstrip().endswith(("?", "？")) or "?" in answer or not 0 < word_count(answer) <= MAX_ANSWER_WORDS:
        return None
    question = re.split(r"(?<=[.!:])\s+|\n", asked.strip())[-1].rstrip("?？").strip()
    wh = _patterns()["wh"].match(question) or _patterns()["wh_any"].search(question)
    if not wh or for_the_task(question) or CREDENTIAL.search(answer):
        return None
    if not (has_value(f" {answer}") or answer[:1].isupper() or names_someone(answer, question)):
        return None
    return f"{question}: {answer}"


def names_someone(answer: str, question: str) -> bool:
    """Whether ``answer`` is a name in a script without capitals (Japanese, Chinese, Korean: "佐々木 健太") given
    to a "who" question (``_WHO``): there a name has no capital to show it. Both capture paths' bare answers."""
    first = answer.strip()[:1]
    return first.isalpha() and first.upper() == first.lower() and _patterns()["who"].search(question) is not None


def for_the_task(question: str) -> bool:
    """Whether the agent's ``question`` asks what it should do now (``_FOR_THE_TASK``: "should I", "soll ich",
    "this PR", "today"): its answer is an instruction for the task at hand, never a fact to keep."""
    return _patterns()["for_task"].search(question) is not None


def is_prose(text: str) -> bool:
    """Whether ``text`` reads as a sentence, not a pasted line: at least ``MIN_PROSE_WORDS`` words written in
    lower-case letters only ("Co-authored-by: Marta Vidal <marta@x>" has none)."""
    return sum(1 for word in text.split() if word.strip(_EDGE).isalpha() and word.islower()) >= MIN_PROSE_WORDS


MIN_PROSE_WORDS = 3  # "les alertes ... partent sur #x": many; a pasted trailer or header line: none or one


def names_identifier(text: str) -> bool:
    """Whether ``text`` holds a word shaped like an identifier of a setup, not like prose: a #channel or
    @handle, a URI ("s3://bucket"), an absolute or home path ("/srv/marc", "~/x"), a setting ("search_path=v2"),
    a snake_case name ("ill_requests"), or letters and digits joined by "-" or "." ("lib-app-07", "pg16.local").
    "read-only", "and/or", "v2" are prose. Read word by word (``_IDENT``, anchored on one word): linear."""
    pattern = _patterns()["ident"]
    return any(pattern.fullmatch(word.strip(_EDGE)) for word in text.split())


def names_run_output(text: str) -> bool:
    """Whether ``text`` is about what a run printed just now: its subject (first words, at most one word before the
    noun) is an error, an output, an exception, a traceback, a warning, an exit code or a response ("the error in
    the log is ERR_42", "The test output goes to /tmp/x", "die Ausgabe landet in /tmp/y"). Such a sentence names an
    identifier of the moment, not of the setup, so the uncued identifier rule (``names_identifier``) does not keep
    it; a cue still can. English, German, French, Spanish, Italian, Portuguese and Dutch. Anchored at the start:
    linear."""
    return _patterns()["run_output"].match(text) is not None


_RUN_OUTPUT = (
    r"\s*(?:(?:the|this|that|der|die|das|le|la|el|lo|il|o|a|de|het)\s+|l['’])?(?:[^\W\d]{1,20}\s+)?"
    r"(?:errors?|outputs?|exceptions?|tracebacks?|stack\s?traces?|warnings?|exit\s+codes?|responses?|"
    r"fehler(?:meldung)?|ausgabe|erreur|sortie|error|salida|errore|uscita|erro|saída|fout(?:melding)?|uitvoer)\b"
)


def names_proper(text: str) -> bool:
    """Whether ``text`` holds a proper name inside it: a word after its first, written with a capital and then
    a lower-case letter ("through Dalenys", "c'est Camille Besson qui"), not "I" nor a word after a sentence's
    or a clause's end ("..., Bo does": a name opening a clause is its subject, not a value). Only for languages
    that capitalise names alone (``Cues.capitals_name``). Linear."""
    words = text.split()
    for before, word in itertools.pairwise(words):
        bare = word.strip(_EDGE)
        if before.endswith((".", "!", "?", ":", ",", ";")) or bare.startswith(("I'", "I’")):
            continue
        if len(bare) > 1 and bare[0].isupper() and bare[1].islower():
            return True
    return False


_EDGE = ".,;:!?()[]{}'\"«»“”‘’`"  # punctuation around a word in prose
_IDENT = (
    r"[#@][^\W_][\w.-]{0,80}|[a-z][\w+.-]{0,20}://\S{1,200}|~?/[\w.-]{1,80}/[\w./-]{0,200}|"
    r"[^\W\d][\w.-]{0,60}=\S{1,200}|[^\W\d_]{1,40}_[\w]{1,80}|"
    r"(?=[\w.-]{0,80}\d)(?=[\w.-]{0,80}[^\W\d_])[^\W_][\w]{0,40}(?:[-.][^\W_]{1,40}){1,6}"
)


def has_value(text: str) -> bool:
    """Whether ``text`` names a specific value (``_VALUE``)."""
    return _patterns()["value"].search(text) is not None


def is_yes(text: str) -> bool:
    """Whether ``text`` is a bare yes: at most ``MAX_YES_WORDS`` words, every one of them in ``_YES``."""
    words = [w.casefold() for w in re.findall(r"[\w'çà]+", text)]
    return 0 < len(words) <= MAX_YES_WORDS and all(w in _YES for w in words)


def is_no(text: str) -> bool:
    """Whether ``text`` is a bare no or disagreement in one of the usual languages ("Nee, dat klopt niet", "Pas du
    tout", "Hayır, öyle değil"): at most ``MAX_NO_WORDS`` words, every one of them in ``_NO``, one a negation
    (``_NEGATION``). It states nothing: no fact, no cue ("No, the port is 8443" holds a word outside the list)."""
    words = [w.casefold() for w in re.findall(r"[\w'çà]+", text)]
    return 0 < len(words) <= MAX_NO_WORDS and all(w in _NO for w in words) and any(w in _NEGATION for w in words)


def confirmed(answer: str, asked: str) -> str | None:
    """The statement of the agent's yes/no check (``asked``, its turn before the user's ``answer``) that the user
    confirmed with a bare yes (``is_yes``): the check's last sentence, ending on "?", without its lead
    (``_CHECK_LEAD``), a tag question after it (``_TAG``: "— is that the right channel?" keeps "(the right
    channel)") and its question mark, capitalised; None when ``answer`` is not a bare yes or ``asked`` does not
    end on a question of at least four words."""
    check = confirmed_check(answer, asked)
    return None if check is None else check[0]


def confirmed_check(answer: str, asked: str) -> tuple[str, bool] | None:
    """``confirmed``'s statement and whether the agent said it as a statement it checks (a lead, "So ...", "I
    see ...", or a tag question after it: "X reads from V, right?") rather than as a yes/no question of its own
    ("Shall I deploy to V?", "Soll ich die Tests laufen lassen?"): only the first states something."""
    if not is_yes(answer):
        return None
    asked = asked.strip()
    if not asked.endswith("?"):
        return None
    question = re.split(r"(?<=[.!:])\s+|\n", asked)[-1].rstrip("?").strip()
    statement = _patterns()["check"].sub("", question, count=1).strip()
    stated = statement != question
    tag = _patterns()["tag"].search(statement)  # "V in the X's config — is that the right channel": the check
    if tag is not None and tag.start() > 0:  # is said before the tag; what the tag names stays, in brackets
        named = (tag.group("named") or "").strip()
        named = "" if named.casefold() in _YES else named  # "is that right": nothing named
        statement = statement[: tag.start()].rstrip() + (f" ({named})" if named else "")
        stated = True
    if len(statement.split()) < 4:
        return None
    return statement[:1].upper() + statement[1:] + ".", stated


def without_notes_to_self(text: str) -> str:
    """``text`` without its settings lines whose comment states nothing (a note to self, ``_NOTE_TO_SELF``:
    ``pickronde_minuten = 45  # nog checken``; or a label under ``MIN_COMMENT_WORDS`` words: ``# seconds``): a
    commented line is pasted from a file, and states something only when its comment does (``commented``)."""

    def keep(match: re.Match[str]) -> str:
        return match.group() if _states_reason(match.group("comment")) else ""

    return _patterns()["setting"].sub(keep, text)


def _states_reason(comment: str) -> bool:
    comment = comment.strip()
    return not _patterns()["note"].search(comment) and word_count(comment) >= MIN_COMMENT_WORDS


def commented(text: str) -> list[str]:
    """The settings lines of ``text`` whose comment states a reason (at least ``MIN_COMMENT_WORDS`` words, no
    note to self, ``_NOTE_TO_SELF``), each as "<setting> (<comment>)" with the comment marker removed."""
    found: list[str] = []
    for match in _patterns()["setting"].finditer(text):
        comment = match.group("comment").strip()
        if not _states_reason(comment):
            continue
        setting = match.group()[: match.start("comment") - match.start()].rstrip(" #/;-\t")
        setting = re.sub(r":[ \t]*\n\s*", ".", setting.strip())  # "jira:\n  project: V" -> "jira.project: V"
        found.append(f"{setting} ({comment})")
    return found


# A config block pasted on purpose: a short block of settings lines only (``_CONFIG_LINE``: "key: value", "key =
# value", "[section]", a comment), fenced or the whole turn. A person pastes it to show how a part is set up:
# fenced, with a clause of their own naming it a config ("here's the sync bit of the X's config:", "that's the X
# config, why does it say ...?"; the word in the usual languages, ``_CONFIG_WORD``), and that clause is no request,
# no question and no draft; or alone, the whole turn, where a line's comment says what it is for (``commented``).
# Logs, code and diffs have lines of other shapes and never pass.
_CONFIG_LINE = re.compile(
    r"^\s*(?:-\s+)?[\w.\"'-]{1,60}\s*[:=](?:\s+[^\s=(){}][^\n(){}]{0,160})?\s*$|"
    r"^\s*\[[\w .\"'-]{1,60}\]\s*$|^\s*(?:#|;|//)"
)
_CONFIG_WORD = (
    r"config\w*|settings?|konfig\w*|einstellung\w*|réglages?|paramètres|configuración|configurazione|"
    r"impostazioni|configuração|instellingen|inställningar|ayar\w*|konfiguracj\w*|設定|설정"
)
_NOT_SETTLED = r"draft|proposed|example|sample|template|suggested|should|would|new|entwurf|brouillon|borrador|bozza"
_FENCED = re.compile(r"```[^\n`]{0,20}\n(?P<body>[^`]{1,2000}?)\n?```")
# a block that names or holds a credential is never read (the secret scan is not its only guard): its words, a
# private key's armour, a token of 60 characters
_SECRETISH = r"pass|secret|token|key|credential|auth|pwd|private|cert|salt|-----begin|\S{60}"
MAX_CONFIG_LINES = 8  # a config pasted to show a part's settings; a longer one is a file pasted to work on


def is_config_block(block: str) -> bool:
    """Whether ``block`` is a short config block: 1 to ``MAX_CONFIG_LINES`` non-blank lines, each a settings line
    or a comment (``_CONFIG_LINE``), at least one with a value, and no word of a credential (``_SECRETISH``)."""
    lines = [line for line in block.splitlines() if line.strip()]
    if not 0 < len(lines) <= MAX_CONFIG_LINES or re.search(_SECRETISH, block, re.IGNORECASE):
        return False
    return all(_CONFIG_LINE.match(line) for line in lines) and any(_settings(lines))


def _settings(lines: list[str]) -> list[str]:
    """The "key: value" lines of a config block, each with the keys it nests under ("sync.every: 13 min",
    "[gondola]" + "broker = V" -> "gondola.broker = V"), trailing comments dropped."""
    out: list[str] = []
    parents: list[tuple[int, str]] = []  # (indent, key) of the keys opened above
    for line in lines:
        body = re.sub(r"\s(?:#|;|//)\s.*$", "", line).rstrip()
        if not body.strip() or body.lstrip().startswith(("#", ";", "//")):
            continue
        indent = len(body) - len(body.lstrip())
        section = re.match(r"^\s*\[([^\]]+)\]\s*$", body)
        if section:
            parents = [(-1, section.group(1).strip())]
            continue
        parents = [(i, k) for i, k in parents if i < indent]
        key, _, value = body.strip().partition(":" if ":" in body.split("=")[0] else "=")
        if not value.strip():
            parents.append((indent, key.strip()))
            continue
        out.append(
            ".".join([*(k for _, k in parents), key.strip()])
            + (":" if ":" in body.split("=")[0] else " =")
            + f" {value.strip()}"
        )
    return out


def pasted_config(text: str) -> list[str]:
    """The statements of the config blocks in ``text`` pasted on purpose (see ``_CONFIG_LINE``): a fenced block
    named a config by a clause of the user's as "<clause>: <settings>" ("Here's the sync bit of the X's config:
    sync.every: 13 min; sync.jitter: 20s"); a turn that is only a config block, its lines whose comment says
    what they are for (``commented``). [] for anything else. Linear: one pass over the blocks and lines."""
    if is_config_block(text):
        return commented(text)
    blocks = [m.group("body") for m in _FENCED.finditer(text) if is_config_block(m.group("body"))]
    clause = _config_clause(_FENCED.sub("\n", text)) if blocks else None  # read once: linear
    return [f"{clause}: {'; '.join(_settings(block.splitlines()))}" for block in blocks] if clause else []


def _config_clause(text: str) -> str | None:
    """The user's clause around a pasted block that names it a config (``_CONFIG_WORD``), not a request, a
    question (the last clause of a sentence ending on "?") or a draft (``_NOT_SETTLED``); None without one."""
    for sentence in re.findall(r"[^.!?？。\n]+[.!?？。]?", text):
        clauses = re.split(r",\s+|;\s+|\s[—–-]\s", sentence.strip())
        for n, clause in enumerate(clauses):
            clause = clause.strip(" :：.!")
            if not re.search(_CONFIG_WORD, clause, re.IGNORECASE):
                continue
            last = n == len(clauses) - 1
            if (last and sentence.rstrip().endswith(("?", "？"))) or re.search(
                rf"(?<![\w'-])(?:{_NOT_SETTLED})(?![\w'-])", clause, re.IGNORECASE
            ):
                continue
            if re.match(rf"(?:please |pls )?(?:{REQUEST_OPENERS}|{_EN_REQUEST})(?![\w'-])", clause, re.IGNORECASE):
                continue
            clause = re.sub(_SHOWN, "", clause, count=1, flags=re.IGNORECASE)
            return clause[:1].upper() + clause[1:]
    return None


# the words that show a paste ("here's", "voici", "hier ist", "ecco"): the clause names the config without them
_SHOWN = (
    r"^(?:(?:ok|so|and)[, ]+)?(?:here(?:'s| is| are)|this is|that's|that is|these are|voici|voilà|c'est|"
    r"hier (?:ist|is|sind)|das ist|dies ist|esta es|este es|aquí (?:está|tienes)|ecco|questa è|dit is|här är|"
    r"detta är|det här är|bu)\s+"
)


# English verbs a request about a config opens on ("fix the X config", "can you update the settings")
_EN_REQUEST = r"can|could|would|will|fix|change|update|edit|set|make|add|remove|use|check|review|move|rename|replace"
