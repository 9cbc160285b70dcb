"""The one check every stated-credential rule shares for what follows a credential noun: where the credential is
kept, who has it, or a rule about it, in the 16 languages the corpora use (en de fr es it pt nl pl tr ru ja zh ko
sv cs fi).

A stated rule reads the words after a password noun (``Passwort: steht im Tresor``, ``Hasło: zapytaj Ola``,
``Пароль: в KeePass``, ``パスワード: Martaに聞いて``, ``Şifre: Jonas'e sor``, ``Salasana on Vault:ssa``) as a
value. They are no value when the clause that follows the noun is about the credential rather than the credential:

- its first word (after a separator and a copula) is a verb of keeping, lying or finding (*liegt*, *está*,
  *хранится*, *löytyy*), of asking or knowing (*frag*, *zapytaj*, *спроси*, *kysy*), a preposition of place or
  holder followed by more words (*im*, *в*, *chez*, *hos*), a rule word (*mindestens*, *mínimo*, *almeno*) or
  a state (*abgelaufen*, *scaduta*, *hoofdlettergevoelig*);
- or a name then a case ending of place, holder or source glued to it: Turkish ``'de``/``'da``/``'den``/``'nin``
  (and the dative ``'e``/``'a`` when a verb of asking follows), Finnish ``:ssa``/``:sta``/``:lla``, the particle of
  place or holder of Japanese and Korean (``に``, ``で``, ``에``, ``에게``, ``한테``) followed by a verb of being
  there, keeping or asking, or the end of the clause.

The words are matched whole and a value that holds a digit or a symbol is never a word of the lists, so a real
value after the noun (``Das Passwort ist Tresor42!``, ``Hasło: kestrel-ember-7``) is never read as a place. Every
check reads at most the first few words: linear in its input, no regex over user text beyond a bounded prefix.
"""

from __future__ import annotations

import re

# Copulas and separators that may stand between the noun and what follows it ("is", "ist", "on", "jest", "—").
_COPULAS = frozenset(
    (
        *("is", "are", "was", "ist", "sind", "war", "est", "sont", "es", "son", "era", "è", "sono", "é", "são"),
        *("jest", "są", "to", "je", "jsou", "on", "ovat", "är", "var", "это", "—", "-", "–", ":", "="),
    )
)

# Verbs of keeping, lying, sitting, finding, storing (and their participles), by language.
_KEEP = (
    # en
    "kept stored lives sits lies saved written taped stuck printed located held sealed "
    # de
    "liegt liegen lag steht stehen stand steckt stecken klebt kleben hängt hängen befindet befinden gespeichert "
    "hinterlegt aufbewahrt verwahrt notiert aufgeschrieben versiegelt wird werden findest findet gibt "
    # fr
    "trouve trouvent rangé rangée rangés rangées stocké stockée gardé gardée noté notée écrit écrite collé collée "
    "conservé conservée scellé scellée imprimé imprimée "
    # es
    "está están guarda guardan guardada guardado guardadas queda quedan apuntada apuntado escrita escrito anotada "
    "anotado pegada pegado encuentra encuentran impresa sellada "
    # it
    "sta stanno trova trovano custodita custodito conservata conservato salvata salvato scritta scritto attaccata "
    "incollata segnata sigillata stampata tenuta "
    # pt
    "fica ficam estão guardada guardado salva salvo anotada anotado escrita escrito colada colado lacrada impressa "
    "encontra "
    # nl
    "ligt liggen lag staat staan stond zit zitten zat hangt plakt bewaard opgeslagen genoteerd opgeschreven "
    "verzegeld wordt worden vind vindt "
    # pl
    "leży leżą leżało znajduje znajdują znajdziesz przechowywane przechowywany przechowywana przechowujemy zapisane "
    "zapisany zapisana schowane wisi "
    # tr
    "duruyor durur dururlar saklanıyor saklanır saklı kayıtlı yazılı yazıyor asılı bulunuyor tutuluyor "
    # ru
    "лежит лежат лежал хранится хранятся хранился находится находятся записан записана записано сохранён сохранен "
    "сохранена висит есть "
    # sv
    "ligger låg finns sitter står sparas sparat sparad förvaras förvarad lagras lagrad "
    # cs
    "leží ležel uloženo uložené uložený uložená najdeš najdete visí schované "
    # fi
    "löytyy löytyvät säilytetään säilytetty tallennettu tallessa kirjoitettu sijaitsee "
)
# Verbs of asking, knowing and having: the clause names who holds the credential.
_ASK = (
    "ask asks knows frag fragt fragen kennt kennen weiß hat haben demande demandez demander connaît "
    "pregunta pregúntale pregunte preguntad pide pídele sabe tiene tienen chiedi chiedere chiedete conosce ha hanno "
    "pergunte pergunta peça pede sabe tem vraag vraagt vragen kent heeft hebben zapytaj zapytajcie spytaj "
    "poproś zna ma mają sor sorun sorabilirsin bilir biliyor спроси спросите узнай узнайте знает знают fråga "
    "frågar vet har zeptej zeptejte zná kysy kysykää tietää bende sende onda bizde sizde onlarda "
)
# Prepositions of place or holder: a place only when more words follow ("im Tresor", "в KeePass", "chez Paul").
_PLACE = (
    "in at with inside under behind im bei beim auf unter hinter dans chez sur sous derrière au aux en con "
    "sobre debajo detrás nel nella nei nelle sul sulla sotto dietro presso da no na nos nas com em sob bij op "
    "onder achter w we u przy pod za в во у на под за i hos på under bakom v ve u na pod za "
)
# Rule words: a length, a duty, an expiry.
_RULE = (
    "must should needs minimum mindestens muss müssen sollte darf minimal doit doivent minimum debe deben mínimo "
    "mínima almeno deve devono minimo pelo precisa devem minstens minimaal moet moeten musi muszą minimum "
    "powinno najmniej olmalı içermeli минимум должен должна должно должны не måste minst ska bör musí alespoň "
    "nejméně vähintään pitää täytyy tulee"
)
# States of a credential: expired, case-sensitive, changed, lost.
_STATE = (
    "expired expires abgelaufen läuft verfallen expiré expirée expire caducada caducado caducó caduca expiró "
    "expirada scaduta scaduto scade expirou expirada vencida venceu expira verlopen vervalt verloopt "
    "hoofdlettergevoelig wygasło wygasa wygasł doldu doluyor истёк истек истекает utgånget gick går vypršelo "
    "vyprší vanhentunut vanheni vanhenee"
)
KEEP_WORDS = frozenset(_KEEP.split())
ASK_WORDS = frozenset(_ASK.split())
PLACE_WORDS = frozenset(_PLACE.split())
RULE_WORDS = frozenset(_RULE.split())
STATE_WORDS = frozenset(_STATE.split())
# A Finnish case ending written after a colon and a name ("1Password:ssa"), which a rule may read alone.
CASE_ENDINGS = frozenset(("ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle"))
_LEAD_WORDS = KEEP_WORDS | ASK_WORDS | RULE_WORDS | STATE_WORDS | CASE_ENDINGS

# A name then a case ending of place, holder or source: Turkish after an apostrophe, Finnish after a colon.
_TR_PLACE = re.compile(r"['’](?:n?[dt][ae]n?|n?[ıiuü]n|n[dt][ae])$")
_TR_TO = re.compile(r"['’]y?[ae]$")
_FI_PLACE = re.compile(r":(?:ss[aä]|st[aä]|ll[aä]|lt[aä]|lle|n)$")
# A name, then the particle of place or holder of Japanese / Korean, then a verb of being there, keeping or
# asking, or the end of the clause ("Martaに聞いて", "1Passwordにあります", "Sofia에게 물어봐", "KeePassXC에 있음").
_CJK_PARTICLE = re.compile(
    r"^[^\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]{1,40}?(?:さん|くん|ちゃん|様|先生|씨|님)?"
    r"(?:(?:に|へ|の所|에게서|에게|한테|에서|에|께)[\s\u3000]{0,2}"
    r"(?:聞|訊|き|あ|入|保|置|書|貼|ある|在|있|없|물어|보관|저장|넣|적|붙|[）)。、,.!！]|$)"
    r"|(?:しか|だけが|が|만|이|가)[\s\u3000]{0,2}(?:知|持|管理|알|갖|가지|관리)|で[\s\u3000]{0,2}(?:保|管))"
)
_TR_WHERE = ("daki", "deki", "taki", "teki")  # Turkish "the one in/at …": a place, never a value
_TRIM = "\"'`“”‘’«»()[]{}.,;:!?…"


def _word(raw: str) -> str:
    return raw.strip(_TRIM).lower()


def _letters(raw: str) -> bool:
    w = raw.strip(_TRIM)
    return bool(w) and all(c.isalpha() or c in "'’-" for c in w)


_LONGEST = 40  # characters of the longest word the lists and endings name (German compounds stay under it)
# A separator later in the clause: the value comes after it ("Passwort steht unten: Tresor42").
_LATER_VALUE = re.compile(r"[:=＝：][\s\u3000]|[=＝]\S")


def tells_where(text: str, separated: bool = True) -> bool:
    """True when ``text`` (the words right after a credential noun: a rule's value, or its value token and the few
    characters after it) starts by saying where the credential is kept, who has it, or a rule or state of it, in
    one of the 16 languages (see the module docstring); False for a value ("Tresor42!", "kestrel-ember-7",
    "80417"), and False when a separator later in the first words introduces one ("steht unten: Tresor42").
    ``separated``: a separator or copula stood between the noun and ``text`` (a rule's value); else a preposition
    counts only after one in ``text`` ("Passwort im Büro ist X" names which password). Reads at most the first
    eight words of its first 240 characters: constant time whatever the length of ``text``."""
    stripped = text[:240].strip()
    head = stripped.lstrip(":=＝-–—：").strip()
    if not head:
        return False
    separated = separated or len(head) < len(stripped)
    if _LATER_VALUE.search(head[1:80]) is not None:
        return False
    match = _CJK_PARTICLE.match(head[:80])
    if match is not None:  # a name (no digit but 1Password's) before the particle
        name = match.group(0)
        if not any(c.isdigit() for c in name) or name.lower().startswith("1password"):
            return True
    words = head.split(maxsplit=8)[:8]
    while words and words[0].lower() in _COPULAS:
        words, separated = words[1:], True
    if not words or len(words[0]) > _LONGEST:  # a run of 40+ characters is a value, never a place or holder
        return False
    first = words[0]
    if _letters(first) and _word(first) in _LEAD_WORDS:
        return True
    if _modified(words):
        return True
    if _letters(first) and first.islower() and first.endswith(_TR_WHERE):  # kasadaki gri zarfta
        return True
    if separated and _letters(first) and _word(first) in PLACE_WORDS and len(words) >= 2 and _word(words[1]):
        return True
    return _case_place(words)


# Conjunctions: a word before one is a value the clause goes on from ("Kranich und liegt im Tresor").
_AND = frozenset(("and", "und", "et", "y", "e", "i", "ve", "и", "och", "ja", "a", "en", "oraz"))


def _modified(words: list[str]) -> bool:
    """One or two small-letter words that modify the noun (a genitive: "пароли *мастерской* хранятся в …",
    "hasła *pracowni* leżą w …"), then a verb of keeping, asking, a rule or a state; never over a conjunction,
    a copula, a capital, a digit or a symbol (a value then its clause: "kranich42 und liegt im Tresor")."""
    for index in (1, 2):
        if index >= len(words):
            return False
        skipped = words[index - 1]
        bare = skipped.strip(_TRIM)
        if not (bare.isalpha() and bare.islower()) or bare != skipped or bare in _AND or bare in _COPULAS:
            return False
        if _letters(words[index]) and _word(words[index]) in _LEAD_WORDS:
            return True
    return False


def _case_place(words: list[str]) -> bool:
    """A name (up to four words of letters) whose last word ends in a Turkish or Finnish case of place, holder or
    source ("Jonas'e sor", "1Password'de", "Vault:ssa"), or the name's dative before a verb of asking."""
    for index, raw in enumerate(words[:4]):
        w = raw.strip(_TRIM.replace("'", "").replace("’", "").replace(":", ""))
        base = re.split(r"['’:]", w, maxsplit=1)[0]
        if not base or not all(c.isalnum() for c in base):
            return False
        if _TR_PLACE.search(w) or _FI_PLACE.search(w):
            return True
        if _TR_TO.search(w):
            return index + 1 < len(words) and _word(words[index + 1]) in ASK_WORDS
        if not base[:1].isupper() and not base[:1].isdigit():
            return False
    return False
