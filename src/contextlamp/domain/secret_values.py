"""Does a stated value read as a credential of its class, or as prose about the credential (the slot layer's checks).

Each check takes the value a slot rule captured (secret_slots.py, secret_window.py, secret_fields.py,
secret_phrases.py, secret_forms.py, secret_labels.py) and returns True when it is a secret: see secret_slots.py's
docstring for what each class takes. Every value is bounded by its pattern, so each check costs bounded time.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_grammar import OPEN_QUOTES
from contextlamp.domain.secret_lexicon import function_words
from contextlamp.domain.secret_measures import (
    is_benign,
    is_dotted_passphrase,
    is_identifier_chain,
    is_placeholder,
    is_trivial_number,
)
from contextlamp.domain.secret_words import SLOT_PROSE_WORDS, SLOT_UNITS, STATE_WORDS, STOP_WORDS

# Endings of English participles, adverbs and adjectives, and of French participles ("affiché", "modifiée").
PROSE_ENDINGS = ("ed", "ing", "ly", "able", "ible", "ive", "ous", "ful", "less", "ment", "tion", "é", "ée", "és", "ées")


def _prose_word(word: str) -> bool:
    w = word.strip(OPEN_QUOTES + "\"'`”’»」』›.,;:!?()[]{}").lower()
    if not w:
        return True
    if w in SLOT_PROSE_WORDS:
        return True
    if w.isalpha() and word[:1].islower() and len(w) > 4:
        return w.endswith(PROSE_ENDINGS)
    if "-" in word:  # "WPA2-protected", "hand-written": a compound adjective
        tail = word.strip(".,;:!?()").rsplit("-", 1)[1]
        return tail.isalpha() and tail.islower() and len(tail) > 4 and tail.endswith(PROSE_ENDINGS)
    return False


def _spaceless(value: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in value)


def _first_and_unit(value: str) -> tuple[str, bool]:
    """The value's first word, and whether the word after it makes the phrase prose: a unit ("12 characters")
    or a participle ("AES-256-GCM encrypted", "hunter2 hashed")."""
    words = value.split()
    first = words[0] if words else ""
    second = words[1].strip(".,;:!?()") if len(words) > 1 else ""
    participle = second.isalpha() and second.islower() and len(second) > 4 and second.endswith(("ed", "ing"))
    return first, second.lower() in SLOT_UNITS or participle


def _code(first: str) -> bool:
    """A value that is code, not a credential: a call or index (``getpass.getpass()``, ``os.environ[``), an
    attribute chain (``self.password``), a camelCase name of three or more words (``getDatabasePassword``), an
    upper-case constant's name of letters (``AIRFLOW_API_KEY``)."""
    if any(c in first for c in "()[]{}"):
        return True
    name = first.strip(".,;:!?")
    if "_" in name and name.replace("_", "").isalpha() and name.isupper() and "" not in name.split("_"):
        return True  # a constant's name (AIRFLOW_API_KEY, DB_PASSWORD), not its value
    if is_identifier_chain(first):
        return not is_dotted_passphrase(first)
    if not (first[:1].islower() and first.isalpha()):
        return False
    pieces: list[str] = []
    start = 0
    for i in range(1, len(first)):
        if first[i].isupper() and first[i - 1].islower():
            pieces.append(first[start:i])
            start = i
    pieces.append(first[start:])
    # camelCase of words: "get" + "Database" + "Password"; random case ("fArxZdUdm") has pieces that are no words
    return len(pieces) >= 3 and len(pieces[0]) >= 2 and all(len(p) >= 3 and p[1:].islower() for p in pieces[1:])


def common_rejections(value: str) -> bool:
    """The value reads as prose, code or a placeholder (see the module docstring)."""
    v = value.strip()
    if not v or is_placeholder(v) or "secret removed" in v.lower() or _spaceless(v):
        return True
    first, unit = _first_and_unit(v)
    if _code(first) or is_placeholder(first):
        return True
    tag = first[1:]  # a YAML tag ("password: !vault |", "!Ref DbPassword"), not random case ("!LjvIfUweywispyR")
    if first.startswith("!") and tag.isalpha() and sum(a.islower() != b.islower() for a, b in pairwise(tag)) < 5:
        return True
    if unit or _prose_word(first):
        return True
    return first.lower().strip(".,;:!?") in SLOT_UNITS


def accept_password(value: str) -> bool:
    """A stated password or passphrase: any value of 3+ characters that is not prose."""
    v = value.strip()
    if common_rejections(v):
        return False
    first = v.split()[0].strip(".,;:!?")
    if first.isdigit() and is_trivial_number(first):  # "the most common password is 123456"
        return False
    if _predicate(v.split()):
        return False
    return len(first) >= 3 or (len(v) >= 3 and " " in v)


def _predicate(words: list[str]) -> bool:
    """A word of small letters followed by a function word of some language: the start of a predicate ("è
    scaduta durante le ferie", "ist abgelaufen seit Montag"), not a value (a password then goes on with "for" or
    "und" only after a value with a capital, digit or symbol); or (stop 44) a function word of small letters
    followed by a word: a place or a phrase after the copula ("è sul modem", "est sur la box", "is on the fridge")."""
    if len(words) < 2 or not (words[0].isalpha() and words[0].islower()):
        return False
    listed = function_words()
    return words[1].strip(".,;:!?()").lower() in listed or (len(words[0]) <= 5 and words[0] in listed)


def accept_passphrase(value: str) -> bool:
    """A passphrase of 3+ words stated after a copula: no word but the first reads as prose about the
    credential (a function word, a state, a participle: "is stored in the vault", "is long enough but too
    common"), and the first, when it does, is a state word that starts passphrases ("correct horse battery
    staple", "good tiger window river"), not a function word or a participle ("is on the sticker", "is
    written on sticky notes")."""
    words = value.split()
    if len(words) < 3 or is_placeholder(value) or _spaceless(value) or "secret removed" in value.lower():
        return False
    if any(_prose_word(w) or w.lower() in SLOT_UNITS for w in words[1:]):
        return False
    if any(w.lower() in function_words() for w in words[1:]):  # "scaduta durante il weekend": a predicate
        return False
    first = words[0].lower()
    if _prose_word(first) and (first in STOP_WORDS or first.endswith(("ed", "ing", "ly", "en"))):
        return False
    return first not in SLOT_UNITS


def accept_pin(value: str) -> bool:
    """A stated PIN or passcode: 3 to 12 digits (one space or dash inside, ``#`` and ``*`` around allowed)."""
    first = value.split()[0] if value.split() else ""
    core = first.strip(".,;:!?()").strip("#*")
    digits = core.replace("-", "").replace(" ", "")
    if not digits.isdigit() or not 3 <= len(digits) <= 12:
        return False
    _, unit = _first_and_unit(value)
    return not unit


def accept_codes(value: str) -> bool:
    """Stated backup or recovery codes: 2+ code-like tokens (letters with digits, or 4+ digits), or a seed
    phrase of 12+ lower-case words."""
    if _spaceless(value) and not any(c.isdigit() for c in value):
        return False
    tokens = [t.strip("`\"'()[]{}.,;:…") for t in value.replace(",", " ").split()]
    tokens = [t for t in tokens if t]
    if tokens and _prose_word(tokens[0]) and not any(c.isdigit() for c in tokens[0]):
        words = [t for t in tokens if t.isalpha() and t.islower()]
        return len(words) >= 12 and not any(w in SLOT_PROSE_WORDS for w in words[:12])
    coded = [t for t in tokens if any(c.isdigit() for c in t) and (any(c.isalpha() for c in t) or len(t) >= 4)]
    coded = [t for t in coded if not _path(t)]  # "is in the vault under rcs/kaggle/6": where the codes are
    if len(coded) >= 2 or (len(coded) == 1 and len(coded[0].replace("-", "")) >= 8):
        return True
    if _letter_groups(tokens):
        return True
    words = [t for t in tokens if t.isalpha() and t.islower()]
    return len(words) >= 12 and not any(w in SLOT_PROSE_WORDS for w in words[:12])


def _path(token: str) -> bool:
    """A path or URL (``rcs/kaggle/6``, ``vault/2fa/okta``): a ``/`` between two letters or digits inside the token.
    Codes are separated by ``/`` as tokens of their own (``1. 7486 0281 / 2. 1596 6694``), never inside one."""
    return any(token[i] == "/" and token[i - 1].isalnum() and token[i + 1].isalnum() for i in range(1, len(token) - 1))


def _letter_groups(tokens: list[str]) -> bool:
    """Backup codes of letters only ("xojrx ldeaq · tlfta nxbej …"): 4+ groups of 4 to 10 lower-case letters,
    all of one or two lengths, none a word of prose (a function word of any language, an English prose word)."""
    groups = [t for t in tokens if t.isalpha()]
    if len(groups) < 4 or len(groups) < len(tokens) - 2:
        return False
    if not all(t.islower() and 4 <= len(t) <= 10 for t in groups) or len({len(t) for t in groups}) > 2:
        return False
    words = function_words()
    return not any(t in words or t in STATE_WORDS or t in SLOT_PROSE_WORDS for t in groups)


def accept_code_list(value: str) -> bool:
    """A list of codes after a codes noun and a few words of lead-in ("one-time codes for the Google account
    8954… 7866…"): the lead-in words (up to eight tokens with no digit) are skipped, the rest is the list."""
    tokens = value.split()
    skip = 0
    while skip < min(8, len(tokens) - 1) and not any(c.isdigit() for c in tokens[skip]):
        if accept_codes(" ".join(tokens[skip:])):
            return True
        skip += 1
    return accept_codes(" ".join(tokens[skip:]))


def accept_answer(value: str) -> bool:
    """A stated security answer: a name or word that is not prose about the answer."""
    return not common_rejections(value) and any(c.isalnum() for c in value.split()[0])


def accept_token(value: str) -> bool:
    """A stated token, key or secret: 8+ characters with a digit or symbol, or 16+ characters, not prose."""
    if common_rejections(value):
        return False
    first = value.split()[0].strip(".,;:!?()")
    if len(first) < 8:
        return False
    if shape.accept_stated_token(first) or shape.accept_stated_password(first):
        return True
    return any(c.isdigit() for c in first) and any(c.isalpha() for c in first) and not is_benign(first)


def quoted_check(check: Callable[[str], bool]) -> Callable[[str], bool]:
    """``check`` (a value class's test: value -> is it a credential) for a value written in quotes: the returned
    test reads a quoted phrase of three or more words as a stated password (``quoted`` below)."""

    def quoted(value: str) -> bool:
        """A quoted value is stated as the credential: a phrase of several words ("correct horse battery
        staple") counts even when its first word is a common one; a single word takes the class check. A value
        that starts with white space is no quoted value: its opening quote closed a quotation of the noun itself
        ("the word for 'password' doesn't fit")."""
        if value[:1].isspace():
            return False
        words = value.split()
        if len(words) >= 3 and check is accept_password:
            return not is_placeholder(value) and not _spaceless(value) and "secret removed" not in value.lower()
        return check(value)

    return quoted


def accept_unlabelled(value: str) -> bool:
    """A value right after a password noun with no separator: it must hold a digit or a symbol."""
    v = value.strip(".,;:!?()")
    return not common_rejections(v) and any(not c.isalpha() for c in v) and len(v) >= 4
