"""A password stated by changing it: "changed the server password to X", in the lexicon's languages.

"I changed the password to X" states X as "the password is now X" does, but the value stands after a preposition
("to", "en", "a", "para", "in", "na", "на", "σε", "إلى", "naar", "till") that after a password noun otherwise names
whose password it is ("the password for bob42"), and often before a verb or particle that ends the clause ("auf X
geändert", "X yaptım", "बदलकर X कर दिया", "thành X rồi nhé"). Two readings, both of the words after any password
noun to the end of its clause:

- after a verb of changing or setting before the noun (``CHANGE_VERBS``, up to three words before it; the curated
  nouns of secret_grammar.PASSWORD_NOUNS and those of the verbs' other languages): the value is what follows a
  preposition of the window's first five words;
- with no verb before (any password noun of the lexicon, in secret_window's rule): the value follows a marker that
  only a change states (``CHANGE_MARKERS``: Hindi/Urdu "having changed" बदलकर / بدل کر / badal ke, Vietnamese
  "thành", Indonesian "jadi", Thai "เป็น", Cebuano "ngadto sa", Persian "گذاشتم"), or stands right before a
  clause-final verb of changing (``FINAL_VERBS``: "geändert", "yaptım", "kar diya", "etdim", "өзгөрттүм").

The value is read whatever it is made of, as after a copula (secret_window.accept_stated_words: one token with a
digit or symbol, a non-trivial number of 4+ digits, a random-case word, or 3 to 5 words none of which is a function
word of some language or an English prose word), and at most three words may follow it to the end of the clause
("…, don't tell IT", "rồi nhé"). A single plain word is not taken ("cambié la contraseña a diario", *daily*) and
neither is a value that reads as prose ("changed the password to something stronger").
"""

from __future__ import annotations

from itertools import pairwise

from contextlamp.domain.secret_grammar import PASSWORD_NOUNS, WS
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_window import CLAUSE_END, SUFFIX, WINDOW_TOKEN, accept_stated_words

# Verbs of changing or setting, as they stand before the object: de, fr, es, pt, it, nl, sv/da/no, pl, cs, ru, uk,
# el, ar, id/ms, vi, tl/ceb, ro, hu, fi (English: secret_fields.to_rules).
CHANGE_VERBS = (
    r"geändert|änderte|setzte|gesetzt|"
    r"chang[ée]e?|modifi[ée]e?|mis|remplac[ée]e?|"
    r"cambi[ée]|cambiado|cambiamos|cambia|puse|actualic[ée]|"
    r"troquei|trocamos|mudei|alterei|coloquei|"
    r"cambiato|cambiata|modificato|impostato|messo|"
    r"veranderd|gewijzigd|ändrade|ændrede|endret|bytte|bytt|byttet|byttede|skiftede|skiftet|"
    r"cambiât|cambià|cambiat|camudé|canviat|"  # fur, vec, oc, ast, ca (stop 43)
    r"zmieniłem|zmieniłam|zmieniono|ustawiłem|ustawiłam|změnil|změnila|"
    r"поменял|поменяла|сменил|сменила|изменил|изменила|поставил|поставила|змінив|змінила|поміняв|"
    r"άλλαξα|άλλαξε|έβαλα|غيرت|غيّرت|"
    r"ganti|diganti|mengganti|ubah|diubah|mengubah|"
    r"đổi|thay|"
    r"gi-ilisan|giilisan|giusab|pinalitan|binago|"
    r"schimbat|megváltoztattam|vaihdoin"
)
# Prepositions that, after a verb of changing, introduce the new value.
TO_MARKERS = frozenset(
    [
        "to",
        "into",
        "a",
        "à",
        "en",
        "para",
        "pra",
        "por",
        "in",
        "na",
        "на",
        "σε",
        "σ'",
        "στο",
        "إلى",
        "الى",
        "ل",
        "naar",
        "tot",
        "op",
        "auf",
        "zu",
        "till",
        "på",
        "til",
        "ke",
        "jadi",
        "menjadi",
        "thành",
        "là",
        "sa",
        "ngadto",
        "în",
        "la",
    ]
)
# Markers that state a change on their own (no verb before the noun needed).
CHANGE_MARKERS = frozenset(["बदलकर", "بدلकर", "thành", "jadi", "menjadi", "เป็น", "ngadto", "گذاشتم"])
_TWO_WORD_MARKERS = frozenset(
    (("बदल", "कर"), ("بدل", "کر"), ("badal", "ke"), ("badal", "kar"), ("badalke", ""), ("ngadto", "sa"))
)
# Clause-final verbs of changing (the value stands right before them, after an optional marker).
FINAL_VERBS = frozenset(
    [
        "geändert",
        "geännert",
        "gewijzigd",
        "veranderd",
        "yaptım",
        "yaptim",
        "yaptık",
        "değiştirdim",
        "deñiştirdim",
        "degistirdim",
        "etdim",
        "өзгөрттүм",
        "кылдым",
        "diya",
        "دیا",
        "दिया",
        "kiya",
        "کیا",
        "किया",
    ]
)
# Any word that opens a change marker (the quick test before reading the window).
_MARKER_WORDS = CHANGE_MARKERS | frozenset(first for first, _ in _TWO_WORD_MARKERS)
_FINAL_AUX = frozenset(["kar", "कर", "کر", "кылып", "olarak", "olaraq", "ile", "qilib", "hai", "है", "ہے", "he"])


def _value_then_tail(words: list[str], max_tail: int) -> bool:
    """A value at the start of ``words`` (1 token, or 3 to 5 words) that at most ``max_tail`` words follow."""
    for size in (5, 4, 3, 1):
        if size <= len(words) and len(words) - size <= max_tail:
            value = " ".join(words[:size])
            if (size == 1 or size >= 3) and _value_ok(value, size):
                return True
    return False


def _value_ok(value: str, size: int) -> bool:
    if size == 1:
        token = value.strip(".,;:!?()[]")
        return (not token.isalpha() and accept_stated_words(token)) or _random_case(token)
    return accept_stated_words(value)


def _random_case(token: str) -> bool:
    return token.isalpha() and sum(a.islower() != b.islower() for a, b in pairwise(token)) >= 5


def _marked(words: list[str], markers: frozenset[str], two_word: bool) -> list[int]:
    """Indexes, among the first five words, of the words after which a marker ends."""
    ends: list[int] = []
    for i, word in enumerate(words[:6]):
        w = word.lower().strip(".,;:")
        if w in markers:
            ends.append(i + 1)
        elif two_word and i + 1 < len(words) and (w, words[i + 1].lower()) in _TWO_WORD_MARKERS:
            ends.append(i + 2)
    return ends


def accept_changed_after_verb(window: str) -> bool:
    """The words after a password noun that a verb of changing precedes: a preposition (``TO_MARKERS``) among the
    first five, then the value (module docstring)."""
    words = window.split()
    if not words or len(window) > 600:
        return False
    return any(_value_then_tail(words[i:], 3) for i in _marked(words, TO_MARKERS, False))


def accept_changed(window: str) -> bool:
    """The words after a password noun with no verb before it: a change marker then the value, or the value right
    before a clause-final verb of changing (module docstring)."""
    words = window.split()
    if not words or len(window) > 600:
        return False
    lowered = {w.lower() for w in words[:7]}
    if lowered & _MARKER_WORDS and any(_value_then_tail(words[i:], 3) for i in _marked(words, CHANGE_MARKERS, True)):
        return True
    end = len(words)
    if words[-1].lower().strip(".,;:!?") not in FINAL_VERBS:
        return False
    end -= 1
    while end > 0 and words[end - 1].lower() in _FINAL_AUX:
        end -= 1
    body = words[:end]
    markers = TO_MARKERS | CHANGE_MARKERS  # after a clause-final verb, a preposition may introduce the value
    starts = [0, *(i for i in range(1, min(len(body), 4)) if body[i - 1].lower() in markers)]
    return any(_value_then_tail(body[start:], 0) for start in starts)


def change_rules() -> tuple[Rule, ...]:
    """The rule of a verb of changing before the noun (module docstring). The reading with no verb before,
    :func:`accept_changed`, runs in secret_window's rule of the words after a password noun (one scan of them);
    English verbs of setting are secret_fields.to_rules'."""
    # the curated nouns and those of the verbs' other languages (hu, fi, ro): the lexicon's ~120 nouns and stems
    # here made this rule cost a tenth of all scanning on prose (0.15 s of 1.5 s on 512 KiB of notes)
    every = rf"{PASSWORD_NOUNS}|jelszó|jelszava|salasana|parolă|parola"
    window = rf"(?:{every}){SUFFIX}((?:{WS}+{WINDOW_TOKEN}){{1,12}}){CLAUSE_END}"
    verb = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{CHANGE_VERBS})(?:{WS}+[^\s\p{{Z}}]{{1,24}}){{0,3}}?{WS}+"
    return (Rule("Password", verb + window, accept_changed_after_verb, "next", window=True),)
