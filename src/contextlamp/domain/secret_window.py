"""Stated passwords in every language of the lexicon, in any word order: the value's position and shape decide.

The curated slot rules (secret_slots.py) read the grammar of 20 languages. These rules read only a few copulas, a
password noun of any of ~120 languages (secret_lexicon.py) and the value's shape or words, so they hold in every
language of the lexicon (docs/secrets.md, "The slot in every language of the lexicon" and "Any language, any word
order").
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_grammar import (
    AFTER_NOUN,
    LABELLED,
    MODIFIER,
    OPEN_QUOTES,
    PASSWORD_NOUNS,
    QUOTED,
    SEPARATOR,
    WS,
)
from contextlamp.domain.secret_lexicon import (
    COPULA_WORDS,
    FINAL_COPULAS,
    NOT_COPULA,
    function_words,
    password_noun_pattern,
    password_stem_pattern,
)
from contextlamp.domain.secret_measures import CLAUSE_WORDS, is_benign, is_trivial_number
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_password, common_rejections, quoted_check
from contextlamp.domain.secret_whereabouts import tells_where
from contextlamp.domain.secret_words import SLOT_PROSE_WORDS, SLOT_UNITS, STATE_WORDS

# -- any language, any word order: the value's shape decides ---------------------------------------------------

# A noun may carry an inflection the lexicon does not list ("salasana-ni", "lösenord-et", "parol-am").
SUFFIX = r"\p{L}{0,3}"
# A value token: no white space, no quote or list separator; 4 to 64 characters.
VALUE_TOKEN = r"[^\s\p{Z}\"'`“”«»,;]{4,64}"
# A value token that can pass accept_before_noun's shape check (secret_shape.accept_stated_password): one holding a
# character other than a letter, or 16+ letters. A plain word of the sentence is no candidate, so the rule (which
# runs before every password noun in a text) makes one search per candidate value, not one per word.
_TOKEN_CHAR = r"[^\s\p{Z}\"'`“”«»,;]"
SHAPED_TOKEN = rf"(?:{_TOKEN_CHAR}{{0,63}}[^\p{{L}}\s\p{{Z}}\"'`“”«»,;]{_TOKEN_CHAR}{{0,63}}|\p{{L}}{{16,64}})"
# A word between the noun and its value: a copula, article, possessive or what the credential opens.
CONNECTOR = r"[^\s\p{Z}\"`“”«»,;:=]{1,14}:?"  # a colon may end the last ("Cyfrinair y llwybrydd: X")
# Where a clause ends: its punctuation, a line end, or a sentence-final copula (Hindi है, Urdu ہے, Persian است,
# Japanese です, Korean 입니다) then that punctuation.
CLAUSE_END = rf"(?:{WS}+(?:है|हैं|था|ہے|است|هست|です|입니다|ni))?{WS}*(?:[\n.!?;,)\]。！？]|$)"


def any_order_rules(also: Callable[[str], bool] | None = None) -> list[Rule]:
    """Password rules that read no language's grammar beyond a few copulas, so they hold in every language of
    the lexicon (secret_lexicon.py) and in word orders the curated rules do not read:

    - a vendored noun with ``:``/``=`` or a quote after it (``Salasana: X``, ``Jelszó "X"``);
    - any password noun, then up to four words, then the last token of the clause
      (``A wifi jelszó X``, ``Heslo k wifi je X``, ``वाईफाई का पासवर्ड X है``, ``Remember: laptop password X``):
      :func:`accept_after_noun`;
    - a token, then up to five words holding a copula, then a password noun (``X is the password for the guest
      network``, ``X ist das Passwort``, ``X, c'est le mot de passe``): :func:`accept_before_noun`.

    ``also``, when given, is one more reading of the window after a password noun (secret_changes.accept_changed),
    run by the same rule: one scan of the window serves every reading.

    The last two take only a credential-shaped value (secret_shape.accept_stated_password): a word or a short
    number after a password noun is prose in some language ("Salasana on liian lyhyt")."""
    vendored = password_noun_pattern()
    every = rf"{PASSWORD_NOUNS}|{password_stem_pattern()}"
    start = r"(?i)(?:^|[^\p{L}\p{N}_])"
    return [
        Rule(
            "Password",
            rf"{start}(?:{vendored}){SUFFIX}{MODIFIER}{WS}*(?::=|=>|->|[:=＝]){WS}*{LABELLED}",
            accept_labelled_token,
        ),
        Rule(  # words at a clause start, a copula, the password noun ending its clause or opening a phrase
            "Password",
            rf"(?i)(?:^|[\n.!?;:][ \t]*)((?:\p{{L}}[\p{{L}}'-]+[ \t]+){{1,4}}\p{{L}}[\p{{L}}'-]+),?[ \t]+"
            rf"(?:—[ \t]+)?(?:{VALUE_FIRST_COPULAS}){WS}+(?:(?:{ARTICLES}){WS}+)?(?:[\p{{L}}-]{{1,20}}{WS}+){{0,2}}?"
            rf"(?:{every}){SUFFIX}(?:{WS}+(?:{OPENERS_SHORT}){WS}|{WS}*(?:[.!?,;)\]]|$))",
            accept_value_words_first,
        ),
        Rule(  # a quote right after a prepositional phrase is its object: a value after one needs a separator
            "Password",
            rf"{start}(?:{vendored}){SUFFIX}(?:{MODIFIER}{SEPARATOR}|{WS}*){QUOTED}",
            quoted_check(accept_password),
        ),
        Rule(
            "Password",
            rf"{start}(?:{every}){SUFFIX}((?:{WS}*(?::=|=>|->|[:=＝]))?(?:{WS}+{WINDOW_TOKEN}){{1,13}}){CLAUSE_END}",
            accept_after_noun_window if also is None else _either(accept_after_noun_window, also),
            "next",
            window=True,
        ),
        Rule(
            "Password",
            rf"(?i)(?:^|[\s\p{{Z}}\"'`(«“])({SHAPED_TOKEN}),?((?:{WS}+{CONNECTOR}){{1,5}}){WS}+(?:{every})"
            r"(?:[^\p{L}\p{N}]|$)",
            accept_before_noun,
            peek=True,
            screen=joins_before_noun,
        ),
    ]


def _either(first: Callable[[str], bool], second: Callable[[str], bool]) -> Callable[[str], bool]:
    def check(window: str) -> bool:
        """The window read by either check (one scan of the words after each password noun serves both)."""
        return first(window) or second(window)

    return check


# The short words that open a prepositional phrase or possessive after a password noun in the lexicon's
# languages ("Lozinka za wifi je", "Ο κωδικός μου είναι", "Password ng server:", "heslo k serveru je", "пароль
# ад wifi", "fjalëkalimi i wifi", "o contrasinal da wifi é"). Any other word right after the noun makes the noun
# a modifier of another noun ("password *manager* we use is 1Password"), which is prose.
OPENERS_SHORT = (
    r"for|of|to|on|at|from|with|für|von|vom|zum|zur|de|du|del|da|do|di|dla|для|від|ад|от|до|за|na|po|ke|untuk|"
    r"pentru|za|k|ng|sa|ko|i|y|μου|μας|της|του|για|mi|moj|moje|mano|mana|minu|mening|mijn|min|mitt|mein|meine|"
    r"mon|ma|mio|mia|meu|minha|my|our|langu|yangu|saya|ku|ni|la|að|you|we|they"
)
NUMBER_WORDS = frozenset(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
)
# The words of a stated value: 1 to 8 tokens, no quote or list separator; where the clause ends after them.
# (Unbounded tokens: a counted repetition of a Unicode class multiplies RE2's program, whose DFA then runs out of
# memory and falls back to the slow NFA on every search; the checks refuse a value of more than 320 characters.)
STATED_WORDS = r"[^\s\p{Z}\"'`“”«»,;]+(?:[ \t]+[^\s\p{Z}\"'`“”«»,;]+){0,7}"
WORDS_END = rf"{WS}*(?:[\n.!?;,)\]。！？]|$)"


def _elided_function_words(word: str, listed: frozenset[str]) -> bool:
    """A word of letters joined by an elision apostrophe whose every piece is a function word ("l'ha", "c'est",
    "n'a", "s'è"): a clitic and a verb, never a passphrase's word."""
    pieces = [p for p in word.replace("’", "'").split("'") if p]
    return len(pieces) >= 2 and all(p.isalpha() and p in listed for p in pieces)


def accept_stated_words(value: str) -> bool:
    """The value of a noun-copula or noun-colon slot in any language of the lexicon, by its position and its
    words, whatever it is made of:

    - prose when a word is a function word of some language (stopwords-iso, 57 languages: "liian" in
      "Salasana on liian lyhyt", "у" in "Пароль зберігається у менеджері") or an English state, unit or prose
      word ("is stored hashed", "is 12 characters"), when the first word reads as prose by its ending, when it
      is a placeholder, code, or in a spaceless script, or when words and bare numbers mix ("must be 30 days");
    - one token: a password when it mixes letters with digits or symbols (``harbor16``, ``Tamar1997``) or is a
      non-trivial run of 4+ digits, or is credential-shaped; a single plain word is not taken here ("Salasana on
      lyhyt" is prose in a language we have no adjective list for; the curated rules read plain words in theirs);
    - several words: a passphrase (``horse silver window``, ``candle paper seven``) when every word holds a
      letter and none is prose by the lists above."""
    v = value.strip().rstrip(".!?")
    words = v.split()
    if len(v) > 320 or any(len(w) > 64 for w in words):
        return False
    several = len(words) > 1
    if several:  # a number word is a passphrase word unless a unit follows ("seven characters") ...
        words = [w for w in words if _clean(w) not in NUMBER_WORDS] or words
        several = len(words) > 1  # ... and with two other words at least ("step three is the password": prose)
    if not words or len(words) > 8 or common_rejections(" ".join(words)):
        return False
    cleaned = [_clean(w) for w in words]
    if several and words[0].isalpha() and cleaned[1] in CLAUSE_WORDS:  # a verb: "is split across three envelopes"
        return False
    listed = function_words()
    if any(w in listed or w in STATE_WORDS or w in SLOT_PROSE_WORDS or w in SLOT_UNITS for w in cleaned):
        return False
    if several and any(_elided_function_words(w, listed) for w in cleaned):
        return False  # "e l'ha reimpostata", "c'est noté": an elided pronoun or article and a verb are a clause
    if not several:
        token = words[0].strip(".,;:!?()[]")
        if token.isalpha() and sum(a.islower() != b.islower() for a, b in pairwise(token)) >= 5:
            return True  # letters in random case ("vYgUfrRqHb"), not a word
        if token.isdigit():
            return len(token) >= 4 and not is_trivial_number(token)
        mixed = any(c.isalpha() for c in token) and any(not c.isalpha() for c in token)
        return len(token) >= 5 and ((mixed and not is_benign(token)) or shape.accept_stated_password(token))
    return all(any(c.isalpha() for c in w) for w in cleaned) and not any(w.isdigit() for w in cleaned)


# The copulas of "X is the password" (the lexicon's list less the ones that are English prepositions or
# particles, "to", "on", "be": "Biometric unlock falls back *to* the device passcode" is prose).
VALUE_FIRST_COPULAS = (
    r"is|was|that's|thats|it's|ist|war|est|c'est|es|era|è|é|är|er|var|jest|je|yra|ir|ni|ialah|adalah|είναι|"
    r"estas|yw|hija|huwa|është|là|—|–"
)
# The articles and possessives between a copula and the noun in "X is the password", "X ist das Passwort",
# "X è la password", "X é a senha", "X er passordet" (en, de, fr, es, pt, it, nl, sv/da/no).
ARTICLES = r"the|my|our|your|a|an|das|der|die|mein|unser|le|la|les|l'|mon|notre|el|mi|nuestra|o|a|il|lo|de|het|den|det"


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


WINDOW_TOKEN = r"[^\s\p{Z}\"`“”«»,;]+"
# Single-word separators between a password noun's phrase and its value: the lexicon's copulas and the curated ones.
_SEPARATOR_WORDS = frozenset(COPULA_WORDS) | _word_set(
    """is was are were ist lautet lauten sind war lautete est sont était c'est es son era é são è sono zijn luidt
    är var er jest to brzmi je adalah ialah là هو هي — – - : = -> => := ＝ that's it's"""
)
# Words between the separator and the value that belong to the copula ("is now X", "was changed to X").
_AFTER_SEPARATOR = _word_set(
    "now still just currently jetzt noch changed reset updated rotated set to been has "
    "acum ahora adesso ora agora maintenant nu teraz nyt artık теперь тепер zatím sekarang"  # "now" (stop 44)
)
_FINAL_COPULAS = frozenset(FINAL_COPULAS)
_AFTER_NOUN_WORDS = (
    frozenset(AFTER_NOUN.replace("-?", "-").replace("2?", "2").split("|"))
    | frozenset(("wifi", "wi-fi", "wpa", "wlan", "واي", "الواي", "وايفاي", "الوايفاي", "وائی", "وای", "वाईफाई", "ไวไฟ"))
    | frozenset(  # and "Wi-Fi" as Arabic, Persian, Urdu, Hindi and Thai write it; an account or a server, in the
        # languages that name it right after the noun (Persian/Urdu ezafe "پسورد ایمیل", Indonesian "sandi email")
        (
            "email",
            "e-mail",
            "mail",
            "gmail",
            "server",
            "ایمیل",
            "ای‌میل",
            "ایمیلم",
            "سرور",
            "البريد",
            "ای",
            "ईमेल",
            "सर्वर",
        )
    )
)
_OPENER_WORDS = frozenset(OPENERS_SHORT.split("|"))


def _connectors_ok(connectors: list[str]) -> bool:
    """What may stand between a password noun and its separator: nothing, or up to three words that open with a
    word the credential opens ("wifi"), a short preposition or possessive (``OPENERS_SHORT``: "za wifi", "μου"), or
    a parenthesis. Any other word makes the noun a modifier of another noun ("password *manager* we use is …")."""
    if not connectors:
        return True
    first = connectors[0].lower().rstrip(":")
    opens = first in _AFTER_NOUN_WORDS or first in _OPENER_WORDS or first.startswith("(")
    return len(connectors) <= 3 and (opens or first.startswith("ل"))  # Arabic li-, attached: "للخادم"


def _slot_reading(words: list[str]) -> bool:
    """The noun's window read as a slot: connectors, a separator (``:``, ``=``, a copula), the value to the end of
    the clause; or, in verb-final languages, connectors, the value and a clause-final copula."""
    if words and words[-1].strip(".,;!?") in _FINAL_COPULAS:
        body = words[:-1]
        for cut in range(min(2, len(body) - 1) + 1):
            if _connectors_ok(body[:cut]) and accept_stated_words(" ".join(body[cut:])):
                return True
    for i, word in enumerate(words[:4]):
        token = word.lower()
        if token in _SEPARATOR_WORDS or token.endswith(":"):
            connectors = words[:i] + ([word[:-1]] if token.endswith(":") and len(token) > 1 else [])
            if not _connectors_ok(connectors):
                return False
            rest = words[i + 1 :]
            while rest and _clean(rest[0]) in _AFTER_SEPARATOR:
                rest = rest[1:]
            if rest and rest[-1].strip(".,;!?") in _FINAL_COPULAS:
                rest = rest[:-1]
            return bool(rest) and accept_stated_words(" ".join(rest))
    return False


def accept_after_noun_window(window: str) -> bool:
    """The words after a password noun to the end of its clause (up to 13), read two ways: the last token as a
    credential-shaped value after up to four connecting words (:func:`accept_after_noun`), or as a slot
    (:func:`_slot_reading`: the value after ``:``/a copula, or before a clause-final copula, whatever it is made
    of, by :func:`accept_stated_words`)."""
    if len(window) > 600 or tells_where(window, separated=False):  # stop 46: where it is kept, who has it, a rule
        return False
    text = window.strip()
    glued = text[:1] in ":=＝" or text.startswith(("->", "=>"))
    words = text.split()
    if not words:
        return False
    if glued:
        head = words[0].lstrip(":=＝->")
        words = [":", *([head] if head else []), *words[1:]]
    short = len(words) <= 5 and all(len(w) <= 15 for w in words[:-1]) and 4 <= len(words[-1]) <= 64
    if not glued and short and accept_after_noun(text):
        return True
    if _slot_reading(words):
        return True
    # stop 43: one short word of a script other than Latin ending the clause is a clause-final copula of a language
    # the lexicon has none for (Sindhi آهي, Tigrinya እዩ): the value stands before it
    last = words[-1]
    if len(words) >= 2 and len(last) <= 4 and all(c.isalpha() and not ("a" <= c.lower() <= "z") for c in last):
        rest = text[: text.rfind(last)].rstrip()
        return len(words) <= 6 and accept_after_noun(rest)
    return False


def accept_value_words_first(value: str) -> bool:
    """Words stated before "is the password": a passphrase of 2 to 5 words (never one word: "Length is the password
    for …" is prose) that passes :func:`accept_stated_words`."""
    words = value.split()
    return len(words) >= 2 and all(len(w) <= 24 for w in words) and accept_stated_words(value)


def _clean(word: str) -> str:
    return word.strip(OPEN_QUOTES + "\"'`”’»」』›.,;:!?()[]{}").lower()


def _shaped(value: str) -> bool:
    return not common_rejections(value.strip(".,;:!?()[]")) and shape.accept_stated_password(value)


def accept_labelled_token(value: str) -> bool:
    """After a vendored noun and ``:``/``=``: one token taken as the class check takes it, or a first token that is
    credential-shaped (a phrase of words after the colon may be prose in a language we have no word lists for)."""
    words = value.split()
    if len(words) == 1:
        return accept_password(value)
    return _shaped(words[0])


def accept_after_noun(window: str) -> bool:
    """The words after a password noun up to the end of the clause: the last is the value, the ones before it
    connect it (a copula, "of the wifi"); the value must be credential-shaped and the word before it no
    preposition or article ("the password for bob42": bob42 is whose password, not the password)."""
    words = window.split()
    if not words:
        return False
    *connectors, value = words
    if connectors and _clean(connectors[-1]) in NOT_COPULA and not _strong(value):
        return False  # "the password for bob42" names whose; "changed the password to Kq7!vR2mZx" states it
    markup = any(c in "<>{}[]()$=" for w in connectors if w not in ("->", "=>", "=") for c in w)
    if markup or _assignment(value):  # markup or code around it
        return False
    if any(_shaped(w) for w in connectors):  # "password abc123 then xyz9": the first token is read on its own
        return False
    return _shaped(value)


def _strong(value: str) -> bool:
    """A value no preposition's object reads as: 10+ characters, of three classes (small letters, capitals, digits,
    symbols) or random by secret_shape.accept_random (stop 42: "ai cambiat lo senhal del servidor en R8EgQrT9z8*9",
    where the word for "to" is a preposition in some language)."""
    v = value.strip(".,;:!?()[]\"'")
    if len(v) < 10:  # decided at once for the words of a sentence (this runs after every password noun)
        return False
    classes = sum((any(c.islower() for c in v), any(c.isupper() for c in v), any(c.isdigit() for c in v)))
    classes += any(not c.isalnum() for c in v)
    return (classes >= 3 and not common_rejections(v)) or shape.accept_random(v)


def _assignment(value: str) -> bool:
    """``NAME=value`` or ``name: value`` (the assignment rules read those, with their own checks)."""
    head, sep, _ = value.partition("=") if "=" in value else value.partition(":")
    return bool(sep) and head.replace("_", "").isalnum() and not head.isdigit()


_DASHES = ("—", "–", "-", "=")


def joins_before_noun(word: str) -> bool:
    """Whether ``word`` can be what :func:`accept_before_noun` needs among its connectors, a copula or a dash: the
    check refuses a match none of whose words is one, so the scanner need not search its groups (Rule.screen; stop
    48: dense ``Password: X`` lines). A word the check reads may carry the comma after the value in the match."""
    return _clean(word) in COPULA_WORDS or word.rstrip(",") in _DASHES


def accept_before_noun(checked: str) -> bool:
    """A token then the words up to a password noun: a copula among the words ("X is the router password",
    "X — that's the password") and a credential-shaped token."""
    words = checked.split()
    if len(words) < 2:
        return False
    value, connectors = words[0], [_clean(w) for w in words[1:]]
    if _assignment(value) or any(c in "<>{}[]()$" for w in words[1:] for c in w):
        return False
    if not any(w in COPULA_WORDS for w in connectors) and not any(w in _DASHES for w in words[1:]):
        return False
    return _shaped(value)
