"""Measures of a captured value, and the shapes the credential-likeness checks (secret_shape.py) are made of.

Each function takes a value a secret rule captured (at most a few hundred characters: every rule bounds its
value) and runs in time linear in it, with no regular expression.

The shape of a value, after :func:`normalise` strips the quotes and sentence punctuation around it:

- benign (never a credential): a placeholder (``<password>``, ``${DB_PASSWORD}``, ``***``, ``changeme``), a
  plain word or a short alphabetic value (fewer than 16 letters: no way to tell "hunter" from "quota"), a long
  word with an English, German, French or Spanish word ending ("misconfiguration"), a number with a unit or a
  version ("3600s", "4096-bit", "v1.2.3"), a date or time, a URL, path or e-mail address, a hex colour (design
  tokens), a code identifier chain (``self.password``, ``os.environ[``), camelCase names.
- ``random``: a part (split at ``- _ . / :``) of 6+ characters that switches between letters and digits at
  least twice ("hunter2xyz", "Sup3rS3cret", "9f8e7d6c"), or a run of 20+ characters with both letter cases and
  at least 3.5 bits of Shannon entropy per character (C. E. Shannon, "A Mathematical Theory of Communication",
  1948): a random base62 run of 20 characters measures about 4.1 bits; long words and identifiers come close
  too, which is why the run must mix letter cases and must not be camelCase ("getDatabasePasswordFromVault").
- ``mixed``: letters and digits in one part, or letters with a password symbol (``!@#$%^&*+=?~``) inside
  ("admin123", "Winter#2025"), unless the part is a known algorithm or format name ("RS256", "base64url").
- ``compound``: capitalised words joined with a number ("Blue-Falcon-77").
- ``passphrase``: three or more words of 3+ letters joined by separators, none a stop word
  ("correct-horse-battery-staple").
- ``long_alpha``: 16+ letters with no word ending ("correcthorsebattery").
- ``digits``: digits only (a password only when stated as one; PINs and codes have their own rules).
"""

from __future__ import annotations

import functools
import itertools
import math
import mimetypes
import re

from contextlamp.domain.secret_refs import dollar_secret
from contextlamp.domain.secret_whereabouts import tells_where
from contextlamp.domain.secret_words import (
    CODE_PARTS,
    PLACEHOLDER_STARTS,
    PLACEHOLDER_WORDS,
    POWERS,
    STOP_WORDS,
    TECH_TERMS,
    UNITS,
    WORD_ENDINGS,
)

WRAPPERS_OPEN = "\"'`“‘«‹(<[{"
WRAPPERS_CLOSE = "\"'`”’»›)>]}"
SENTENCE_END = ".,;:!?…"
PASSWORD_SYMBOLS = frozenset("!@#$%^&*+=?~|\\")
SEPARATORS = frozenset("-_./:")


def normalise(value: str) -> str:
    """The value without the quotes, brackets and sentence punctuation around it ("quota." -> "quota")."""
    start, end = 0, len(value)
    while start < end and value[start] in WRAPPERS_OPEN:
        start += 1
    while end > start and (value[end - 1] in WRAPPERS_CLOSE or value[end - 1] in SENTENCE_END):
        end -= 1
    return value[start:end]


def is_placeholder(value: str) -> bool:
    """A stand-in for a secret: ``<...>``, ``${VAR}``, ``{{ var }}``, ``%s``, ``***``, ``xxxx``, ``changeme``,
    the redaction marker, or a word such as "password" itself."""
    v = normalise(value).lower()
    if not v:
        return True
    if dollar_secret(value):  # a $-led password, not a reference (secret_refs)
        return False
    if v in PLACEHOLDER_WORDS or v.startswith(PLACEHOLDER_STARTS) or value.lstrip().startswith(PLACEHOLDER_STARTS):
        return True
    if v.endswith(("_here", "-here", "here>", "}}")):
        return True
    if _percent_placeholder(value.strip()):
        return True
    if len(set(v)) == 1 and not v[0].isalnum():  # "***", "...."
        return True
    return len(set(v)) == 1 and v[0] in "x*#0."  # "xxxxxxxx", "00000000"


def _percent_placeholder(v: str) -> bool:
    """A value that starts with ``%`` and is a stand-in: a printf conversion (C99 7.21.6.1; Python's ``%(name)s``)
    the whole value (``%s``, ``%-12s``, ``%(password)s``), a Windows variable (``%DB_PASS%``), a template
    (``%{password}``), or a run that starts percent-encoded (``%2F…``, undone and read by secret_decode). A value
    that only starts with ``%`` (``%3Ipm…``) is a value."""
    if not v.startswith("%") or len(v) < 2:
        return v == "%"
    if v[1] == "{" or (len(v) > 2 and v.endswith("%")):
        return True
    if len(v) > 2 and v[1] in "0123456789abcdefABCDEF" and v[2] in "0123456789abcdefABCDEF":
        return True
    body = v[1:]
    if body.startswith("("):
        close = body.find(")")
        if close < 0:
            return False
        body = body[close + 1 :]
    body = body.lstrip("-+ #0").lstrip("0123456789")
    if body.startswith("."):
        body = body[1:].lstrip("0123456789")
    return len(body) == 1 and body.isalpha()


def _classes(value: str) -> tuple[int, int, int, int]:
    lower = upper = digit = other = 0
    for char in value:
        if char.isdigit():
            digit += 1
        elif char.isalpha():
            if char.isupper():
                upper += 1
            else:
                lower += 1
        else:
            other += 1
    return lower, upper, digit, other


def entropy(value: str) -> float:
    """Shannon entropy of the value's characters, in bits per character (0.0 for an empty value)."""
    if not value:
        return 0.0
    counts: dict[str, int] = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    total = len(value)
    return -sum(c / total * math.log2(c / total) for c in counts.values())


_SEPARATORS_TO_SPACE = str.maketrans({c: " " for c in SEPARATORS})


def value_parts(value: str) -> list[str]:
    """The value split at ``- _ . / :`` (values hold no whitespace)."""
    return value.translate(_SEPARATORS_TO_SPACE).split()


def _letter_digit_switches(part: str) -> int:
    if part.isalpha() or part.isdigit():
        return 0
    switches = 0
    last = ""
    for char in part:
        kind = "d" if char.isdigit() else "a" if char.isalpha() else ""
        if kind:
            if last and kind != last:
                switches += 1
            last = kind
    return switches


def _is_tech_term(part: str) -> bool:
    low = part.lower()
    if low in TECH_TERMS:
        return True
    letters = low.rstrip("0123456789")
    digits = low[len(letters) :]  # "aes256", "sha512", "int64"; a single digit is a password's ("hunter2")
    return bool(letters) and letters.isalpha() and len(letters) <= 6 and len(digits) >= 2 and digits in POWERS


def is_unit_number(value: str) -> bool:
    """ "3600s", "12chars", "15-minute", "4096-bit", "90%", "v1.2.3", "2024-01-31", "15:30", "1,000", "2x"."""
    v = value.lower()
    if v.startswith("v") and len(v) > 1 and v[1].isdigit():
        v = v[1:]
    if not v or not v[0].isdigit():
        return False
    i = 0
    while i < len(v) and (v[i].isdigit() or (v[i] in ".,:/-" and i + 1 < len(v) and v[i + 1].isdigit())):
        i += 1
    rest = v[i:].lstrip("-_ ")
    if not rest or rest == "%" or rest.endswith("+"):
        return True
    return rest in UNITS or (rest.endswith("s") and rest[:-1] in UNITS) or (rest.isalpha() and len(rest) <= 2)


def is_trivial_number(digits: str) -> bool:
    """One digit repeated or a run up or down ("111111", "123456", "987654"): the examples prose quotes
    ("the most common password is 123456"), not someone's password."""
    steps = {(ord(b) - ord(a)) % 10 for a, b in itertools.pairwise(digits)}
    return len(steps) <= 1 and steps <= {0, 1, 9}


def _is_camel(part: str) -> bool:
    """camelCase or PascalCase words, acronyms allowed ("getPassword", "FromVault", "getDBPassword", "userID"):
    split before each capital that follows a lower-case letter, every piece is capitals then 2+ lower-case
    letters (the first may be lower-case only, the last capitals only). Random mixed case ("bPxRfiCY") is not."""
    if not part.isalpha() or part.isupper() or part.islower():
        return False
    pieces: list[str] = []
    start = 0
    for i in range(1, len(part)):
        if part[i].isupper() and part[i - 1].islower():
            pieces.append(part[start:i])
            start = i
    pieces.append(part[start:])
    for index, piece in enumerate(pieces):
        tail = piece.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") if piece[0].isupper() else piece
        if tail and not tail.islower():
            return False
        if len(tail) < 2 and not (index == 0 and piece.islower()) and not (index == len(pieces) - 1 and not tail):
            return False
    return True


def is_identifier_chain(value: str) -> bool:
    """Code, not a value: ``self.password``, ``os.environ[``, ``getpass()``, ``Optional[str]``, ``settings.DB``."""
    v = value.rstrip("()[]")
    if not v or v[0].isdigit():
        return False
    pieces = v.replace("::", ".").replace("->", ".").split(".")
    if len(pieces) == 1 and value == v:
        return False
    return all(p and all(c.isalpha() or c in "_[]()'\"" for c in p) for p in pieces)


def is_dotted_passphrase(value: str) -> bool:
    """A passphrase of 3+ words joined by dots (``happy.staple.horse``): each part 2 to 16 letters of one case or
    capitalised, the first not a name a code chain starts from (``CODE_PARTS``: ``self``, ``os``, ``config``,
    ``window``) and not every part such a name."""
    parts = value.strip(".,;:!?").split(".")
    return (
        len(parts) >= 3
        and all(2 <= len(p) <= 16 and p.isalpha() and (p.islower() or p.istitle()) for p in parts)
        and parts[0].lower() not in CODE_PARTS
        and not all(p.lower() in CODE_PARTS for p in parts)
    )


def is_url_path_or_mail(value: str) -> bool:
    """A URL (``scheme://``), a file path (``/``, ``~/``, ``./``, ``../``, ``\\\\``) or an e-mail address."""
    if "://" in value or value.startswith(("/", "~/", "./", "../", "\\\\")):
        return True
    at = value.find("@")
    return 0 < at < len(value) - 3 and "." in value[at:] and not any(c in value for c in "!#$%^&*")


# Files that name where a credential is kept, not the credential, beside the media types of Python's mimetypes
# table: configuration, key and certificate stores, password databases.
CONFIG_EXTENSIONS = frozenset(
    [
        "yaml",
        "yml",
        "toml",
        "ini",
        "cfg",
        "conf",
        "config",
        "env",
        "properties",
        "pem",
        "key",
        "crt",
        "cer",
        "der",
        "csr",
        "jks",
        "keystore",
        "kdbx",
        "gpg",
        "asc",
        "ovpn",
        "log",
    ]
)


@functools.cache
def file_extensions() -> frozenset[str]:
    """File name extensions (lower case, no dot): the media-type table Python ships (``mimetypes``'
    ``MimeTypes(filenames=())``: its built-in map, not the machine's /etc/mime.types, so every machine reads the
    same) with extensions of one letter left out (``.a``, ``.c``, ``.t`` end ordinary values), plus
    :data:`CONFIG_EXTENSIONS`. Computed on first use."""
    table = mimetypes.MimeTypes(filenames=())
    known = {ext.lstrip(".").lower() for strict in (True, False) for ext in table.types_map[strict]}
    return frozenset(ext for ext in known if len(ext) >= 2) | CONFIG_EXTENSIONS


# English words a clause goes on with after a verb, never after a value: determiners and possessives ("Choose *a*
# strong one", "Use *your* own"), and prepositions ("is split *between* two envelopes").
CLAUSE_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "your",
        "my",
        "our",
        "their",
        "his",
        "her",
        "its",
        "this",
        "that",
        "these",
        "those",
        "each",
        "every",
        "any",
        "some",
        "no",
        "between",
        "among",
        "across",
        "into",
        "onto",
        "over",
        "under",
        "by",
        "with",
        "within",
        "inside",
        "behind",
        "through",
        "via",
        "in",
        "on",
        "at",
        "from",
    ]
)


def names_no_value(token: str, after: str) -> bool:
    """The whole token a stated value sits in (``token``: the value and the rest of its token; ``after``: the
    text after it, a few characters, or "") is the name of something else or a word of a sentence, never a
    credential:

    - a label or a key, which a value follows, not precedes: a token that ends in ``:`` (``**Password
      manager**:``, ``Resources:``), or a name then ``=`` then a quote (``name="password"``, an HTML or XML
      attribute);
    - a file or its path: ``C:\\…``, ``./…``, ``../…``, ``~/…``, ``/a/b``, or a file name whose extension is a
      known one (:func:`file_extensions`: ``service-account.json``, ``./password.txt``);
    - a verb: a word of letters that the sentence goes on from with a determiner or a preposition
      (:data:`CLAUSE_WORDS`: "Password: *Choose* a strong one", "The password is *split* between …");
    - (stop 46) where the credential is kept, who has it, or a rule or state of it, in 16 languages
      (secret_whereabouts.tells_where: "Passwort: *steht* im Tresor", "Пароль: *в* KeePass", "Jonas'e sor").

    Linear in the token."""
    t = token.strip().lstrip(WRAPPERS_OPEN)
    if tells_where(t[:120] if len(t) > 120 else t + after):  # its first words only: O(1) a candidate
        return True
    words = (t + after).split()
    if len(words) > 1 and words[0].isalpha() and words[1].lower() in CLAUSE_WORDS:
        return True
    if len(t) > 1 and t.rstrip("*_`").endswith(":") and not t.rstrip("*_`").endswith("::"):
        return True
    if after[:1] in ('"', "'") and t.endswith("=") and t[:-1].replace("-", "").replace("_", "").isalnum():
        return t[:1].isalpha() and not any(c.isdigit() for c in t)
    t = t.rstrip(WRAPPERS_CLOSE + SENTENCE_END)
    if len(t) > 2 and t[0].isalpha() and t[1] == ":" and t[2] in "\\/":
        return True
    if t.startswith(("./", "../", "~/", ".\\", "..\\", "\\\\")) or (t.startswith("/") and t.count("/") >= 2):
        return True
    stem, dot, ext = t.rpartition(".")
    if not dot or not stem or not ext.isalnum() or ext.lower() not in file_extensions():
        return False
    return all(c.isalnum() or c in "-_./\\" for c in stem) and not ext.isdigit()


def _is_hex_colour(value: str) -> bool:
    return (
        value.startswith("#") and len(value) in (4, 5, 7, 9) and all(c in "0123456789abcdefABCDEF" for c in value[1:])
    )


def is_word_like(value: str) -> bool:
    """Letters only and either shorter than 16, ending like a word ("misconfiguration", "Datenbankverbindung"),
    or a lowerCamelCase identifier ("getDatabasePasswordFromVault"); "CorrectHorseBattery" is not."""
    if not value.isalpha():
        return False
    return len(value) < 16 or value.lower().endswith(WORD_ENDINGS) or (value[0].islower() and _is_camel(value))


def is_random(v: str, parts: list[str]) -> bool:
    """The ``random`` shape: a part (``parts``: ``value_parts(v)``) of 6+ characters switching between letters
    and digits twice or more (not a tech term), or of 20+ characters, not camelCase, with both letter cases and
    3.5+ bits of entropy per character; never a hex colour or a placeholder."""
    if _is_hex_colour(v):  # a design token's value ("#3b82f6") switches between letters and digits too
        return False
    for p in parts:
        if len(p) >= 6 and _letter_digit_switches(p) >= 2 and not _is_tech_term(p):
            return not is_placeholder(v)
        if len(p) >= 20 and not _is_camel(p):
            lower, upper, _, _ = _classes(p)
            if lower and upper and entropy(p) >= 3.5:
                return not is_placeholder(v)
    return False


def is_benign(v: str) -> bool:
    """Never a credential: a placeholder, a word, a number with a unit or version, a URL, path or e-mail
    address, a hex colour, or a code identifier chain."""
    return (
        is_placeholder(v)
        or is_word_like(v)
        or is_unit_number(v)
        or is_url_path_or_mail(v)
        or _is_hex_colour(v)
        or is_identifier_chain(v)
    )


def is_mixed(parts: list[str]) -> bool:
    """A part mixing letters with digits or a password symbol; in a value of several parts a short one is a
    version or product token ("WPA2-protected", "S3-backed", "ES6-only"), not a password's."""
    for p in parts:
        if len(parts) > 1 and len(p) < 5:
            continue
        has_alpha = has_digit = has_symbol = False
        for i, c in enumerate(p):
            if c.isdigit():
                has_digit = True
            elif c.isalpha():
                has_alpha = True
            elif c in PASSWORD_SYMBOLS and 0 < i < len(p) - 1:
                has_symbol = True
        if has_alpha and (has_digit or has_symbol) and not _is_tech_term(p) and not is_unit_number(p):
            return True
    return False


def is_compound(parts: list[str]) -> bool:
    """Capitalised words and a number ("Blue-Falcon-77"); lower-case ones are prose ("max-retries-5")."""
    if len(parts) < 2 or not any(p.isdigit() for p in parts):
        return False
    words = [p for p in parts if not p.isdigit()]
    return bool(words) and all(p.isalpha() and p[0].isupper() and not p.isupper() for p in words)


def is_camel_symbol(v: str) -> bool:
    """Two or more capitalised words run together and ended by password symbols or digits (``BlueBattery!``,
    ``StapleTrain#7``): a password's make; a word ended by ``!`` has one capital ("Great!")."""
    core = v.rstrip("".join(PASSWORD_SYMBOLS) + "0123456789")
    if core == v or not core.isalpha() or not core[0].isupper() or len(core) < 6:
        return False
    humps = sum(1 for i in range(1, len(core)) if core[i].isupper() and core[i - 1].islower())
    return humps >= 1 and humps == sum(1 for c in core[1:] if c.isupper())


def is_passphrase(parts: list[str]) -> bool:
    """The ``passphrase`` shape: three or more parts, each 3+ letters and none a stop word."""
    return len(parts) >= 3 and all(p.isalpha() and len(p) >= 3 and p.lower() not in STOP_WORDS for p in parts)


def is_long_alpha(v: str) -> bool:
    """The ``long_alpha`` shape: 16+ letters that do not read as a word (``is_word_like``)."""
    return v.isalpha() and len(v) >= 16 and not is_word_like(v)


_WORD_PHRASE = re.compile(r"([^\W\d_]{3,16})([-._])[^\W\d_]{3,16}(?:\2[^\W\d_]{3,16}){1,4}(?:\2?[0-9]{1,4})?")
_PHRASE_TLDS = frozenset(("com", "org", "net", "io", "dev", "app", "edu", "gov", "de", "fr", "es", "it", "nl", "pl"))


def is_word_phrase(value: str) -> bool:
    """A generated word passphrase (stop 45): 3 to 6 words of 3+ letters joined by one joiner (``-``, ``.``,
    ``_``), maybe ending in a number (``falcon-harbor-ember-94``), each word small or capitalised, at least two
    different, none a stop word (``state-of-the-art``, ``up-to-date`` are prose), not a host name
    (``docs.example.com``), an attribute chain (``self.settings.password``) or ASCII snake_case
    (``reset_token_ttl``)."""
    m = _WORD_PHRASE.fullmatch(value)
    if not m:
        return False
    words = re.split(r"[-._]", value.rstrip("0123456789").rstrip("-._"))
    if len({w.lower() for w in words}) < 2 or any(w.lower() in STOP_WORDS for w in words):
        return False
    if not all(w.islower() or w.istitle() for w in words):
        return False
    joiner, core = m.group(2), value.rstrip("0123456789").rstrip("-._")
    if joiner == "_" and core.isascii():
        return False  # snake_case is an identifier's convention (reset_token_ttl)
    host = words[-1].lower() in _PHRASE_TLDS or (is_identifier_chain(core) and not is_dotted_passphrase(core))
    return not (joiner == "." and host)  # a host name or an attribute chain (self.settings.password)
