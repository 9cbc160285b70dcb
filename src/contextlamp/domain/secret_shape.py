"""Does a value look like a credential? The checks the secret rules (secret_rules.py) apply to a captured value.

A keyword such as "password" or "token" is not enough to refuse a sentence: "We raised the token quota." and
"Our password policy: minimum 12 characters." name a credential without holding one. A rule that finds a
keyword captures the value after it, and the value must then *look like* a credential. Each function here
takes that value (at most a few hundred characters: every rule bounds its value) and runs in time linear in
it, with no regular expression.

The shapes (``random``, ``mixed``, ``compound``, ``passphrase``, ``long_alpha``, ``digits``; and the benign
values that are never a credential) are measured in secret_measures.py, whose docstring defines them; the word
lists are secret_words.py. How much shape a rule demands depends on how strongly its context states a
credential; see the ``accept_*`` functions here, one per kind of context.
"""

from __future__ import annotations

import itertools
import json
from base64 import b64decode, urlsafe_b64decode
from binascii import Error as BinasciiError

from contextlamp.domain.secret_measures import (
    entropy,
    is_benign,
    is_camel_symbol,
    is_compound,
    is_dotted_passphrase,
    is_identifier_chain,
    is_long_alpha,
    is_mixed,
    is_passphrase,
    is_placeholder,
    is_random,
    is_trivial_number,
    is_unit_number,
    is_url_path_or_mail,
    is_word_phrase,
    normalise,
    value_parts,
)
from contextlamp.domain.secret_refs import stripe_object_id
from contextlamp.domain.secret_words import HASH_PREFIXES, STATE_WORDS

MIN_LENGTH = 6  # shorter values are refused only by the PIN and code rules, which need a stated PIN or code


def accept_stated_password(value: str) -> bool:
    """A value stated as a password ("the password is X", ``DB_PASSWORD=X``, ``Password=X;``): anything
    credential-shaped (``random``, ``mixed``, ``compound``, ``passphrase``, ``long_alpha``, ``camel_symbol``: its
    ``!`` read before sentence punctuation is taken off) or 6+ digits."""
    if is_camel_symbol(value.strip("\"'`“”‘’«»()[]{}<>")):
        return True
    v = normalise(value)
    if len(v) < MIN_LENGTH:
        return False
    if v.isalpha():
        return is_long_alpha(v)
    if is_word_phrase(v):  # a generated passphrase with its number: falcon-harbor-ember-94 (stop 45)
        return True
    core = v.strip("-_./:")
    if core.isalpha() and len(core) < 16:  # "-password", "policy:" (the common refusal, decided cheaply)
        return False
    if v.isdigit():
        return not is_placeholder(v) and not is_trivial_number(v)
    parts = value_parts(v)
    if len(parts) < 3 and all(p.isalpha() and len(p) < 20 for p in parts):  # "-password", "Correct-Horse"
        return False
    if is_random(v, parts) or is_dotted_passphrase(v):
        return True
    if is_benign(v):
        return False
    return is_mixed(parts) or is_compound(parts) or is_passphrase(parts)


def accept_mentioned_password(value: str) -> bool:
    """A value right after a password word with no "is" ("use the password X"): ``random``, ``mixed`` or
    ``compound``; a bare word, passphrase or number is prose ("password reset", "password 123 times")."""
    v = normalise(value)
    if len(v) < MIN_LENGTH or v.isalpha() or v.isdigit():
        return False
    if is_word_phrase(v) and v[-1].isdigit():  # a generated passphrase with its number (stop 45)
        return True
    parts = value_parts(v)
    if all(p.isalpha() and len(p) < 20 for p in parts):  # no digit or symbol: prose ("password re-set")
        return False
    if is_random(v, parts):
        return True
    return not is_benign(v) and (is_mixed(parts) or is_compound(parts))


def accept_stated_token(value: str) -> bool:
    """A value stated as a token, key or secret ("the API token is X", ``token: X``): ``random``, or 16+
    letters that are not a word. "token" and "secret" lead ordinary prose too often for anything weaker."""
    v = normalise(value)
    if len(v) < MIN_LENGTH:
        return False
    if v.isalpha() and len(v) < 20:
        return is_long_alpha(v) and not is_placeholder(v)
    return is_random(v, value_parts(v)) or (is_long_alpha(v) and not is_placeholder(v))


def accept_basic_auth(value: str) -> bool:
    """HTTP Basic credentials (RFC 7617): base64 that decodes to text holding "user:password", also when that
    base64 is itself wrapped in base64 (up to three levels: an evasion of the structure)."""
    for _ in range(3):
        try:
            decoded = b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
        except (BinasciiError, ValueError):
            return False
        _user, sep, password = decoded.partition(":")
        if sep and password:
            return decoded.isprintable() and not is_placeholder(password)
        value = decoded.strip()
    return False


def accept_mentioned_token(value: str) -> bool:
    """A value right after a token word with no "is" ("token tok_9f8e7d6c5b4a3210"): ``random``, 12+ long."""
    v = normalise(value)
    return len(v) >= 12 and not (v.isalpha() and len(v) < 20) and is_random(v, value_parts(v))


def accept_random(value: str) -> bool:
    """A random-looking value (``random`` shape), whatever its context."""
    v = normalise(value)
    return len(v) >= MIN_LENGTH and not (v.isalpha() and len(v) < 20) and is_random(v, value_parts(v))


def hex_run(value: str) -> str | None:
    """The hex digits of ``value`` when it is one run of hex digits (an ``0x`` in front allowed), else None."""
    v = value.strip()
    core = v[2:] if v[:2] in ("0x", "0X") else v
    return core if core and all(c in "0123456789abcdefABCDEF" for c in core) else None


def accept_key_material(value: str) -> bool:
    """Key material without a label, for a transcript's redaction (the ``Key Material`` rule): a ``random`` run,
    but never a hex run. Hex alone is an id, as ``accept_random_token`` and ``accept_keyed_value`` read it and as
    ``save_context`` stores it: a commit, a SHA-256 checksum, a digest, a fingerprint, a transaction hash, an
    address; what a hex value is, a key or an id, its name tells (a key's label, a credential noun: the labelled
    and stated rules, which both layers run), or its standing on a line of its own (``accept_bare_hex_key``)."""
    return hex_run(value) is None and accept_random(value)


def accept_bare_hex_key(value: str) -> bool:
    """64+ hex digits (``0x`` allowed) holding digits and letters, where a key noun names them or an Ethereum-style
    ``0x`` key stands alone on its line (secret_rules' Key Material): a 256-bit key. Shorter hex (a commit) is an
    id."""
    core = hex_run(value)
    return core is not None and len(core) >= 64 and not core.isdigit() and not core.isalpha()


def accept_keyed_value(value: str) -> bool:
    """A machine-made value after a key that names a secret (``"apiToken": "…"``, ``ALGOLIA_ADMIN_KEY: …``,
    ``Unseal Key 1: …``): 32+ hex digits holding letters and digits, a UUID (RFC 9562), or a ``random`` value of
    16+ characters. The key tells what a vendor's unprefixed key is; alone, the same hex or UUID is an id."""
    v = value.strip()
    if is_placeholder(v):
        return False
    core = v.replace("-", "") if len(v) == 36 and v.count("-") == 4 else v
    if len(core) >= 32 and all(c in "0123456789abcdefABCDEF" for c in core):
        return any(c.isdigit() for c in core) and any(c.isalpha() for c in core)
    return len(v) >= 16 and accept_random(v)


def accept_connection_password(value: str) -> bool:
    """``Password=...;`` in an ADO/ODBC/JDBC connection string: a stated password, or 3+ characters holding a
    digit or symbol (connection-string passwords are often short). A placeholder is read before normalising,
    which takes off the angle brackets of ``<ask-Yuki>``."""
    v = normalise(value)
    if is_placeholder(value) or is_placeholder(v) or is_identifier_chain(v) or is_url_path_or_mail(v):
        return False
    if accept_stated_password(v):
        return True
    return len(v) >= 3 and any(not c.isalpha() for c in v) and not is_unit_number(v)


def accept_any_value(value: str) -> bool:
    """Any value that is not a placeholder (URL passwords, Wi-Fi QR payloads)."""
    return not is_placeholder(value)


def accept_has_digit(value: str) -> bool:
    """A key format whose real values carry digits (hex or base62 ids); rejects words that fit the format."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def accept_jwt(value: str) -> bool:
    """A JSON Web Token header: base64url that decodes to a JSON object (RFC 7519 section 7.2, step 3-4)."""
    header = value.split(".", 1)[0]
    try:
        decoded = urlsafe_b64decode(header + "=" * (-len(header) % 4))
        return isinstance(json.loads(decoded), dict)
    except (BinasciiError, ValueError, UnicodeDecodeError):
        return False


def accept_long_run(value: str) -> bool:
    """A prefixed API key (``sk-...``): after the prefix, a run of 16+ letters and digits with no separator,
    which hyphenated words ("sk-learn-is-a-great-library") never have."""
    run = best = 0
    for char in value:
        run = run + 1 if char.isalnum() else 0
        best = max(best, run)
    return best >= 16


def accept_security_answer(value: str) -> bool:
    """An answer after "mother's maiden name is" or "security answer:": a name or word, not prose about the
    answer. Refused: a first word that is a stop or state word ("is stored hashed", "is required", "is
    case-sensitive") or reads as a participle or adverb ("logged", "rarely"), and a lower-case phrase of
    several words ("is never logged"); accepted: "Smith", "smith", "O'Connor", "Rex the dog"."""
    v = normalise(value)
    words = v.split()
    if not words or is_placeholder(v):
        return False
    first = normalise(words[0])
    head = first.split("-", 1)[0].lower()
    if not first or head in STATE_WORDS or first.lower() in STATE_WORDS or is_placeholder(first):
        return False
    if first.islower() and (len(words) > 1 or head.endswith(("ed", "ing", "ly", "able", "ible"))):
        return False
    return any(c.isalnum() for c in first)


def accept_backup_codes(value: str) -> bool:
    """Two-factor backup or recovery codes: the leading run of code-like tokens (digits only, letters and
    digits mixed, or capitals in three or more groups; separated by spaces or dashes) holds 6+ characters;
    "2024 rollout" holds 4."""
    total = 0
    groups = len(value.replace("-", " ").split())
    for token in value.replace("-", " ").split():
        t = normalise(token)
        if not t or not t.isalnum():
            break
        digits_only = t.isdigit() and len(t) >= 3
        mixed = any(c.isdigit() for c in t) and any(c.isalpha() for c in t)
        capitals = len(t) >= 4 and t.isupper() and groups >= 3  # "ABCD-EFGH-JKLM" recovery keys
        if not (digits_only or mixed or capitals):
            break
        total += len(t)
    return total >= 6


def accept_digits_code(value: str) -> bool:
    """A PIN or one-time code: 3 to 12 digits (``#`` and ``*`` around, one space or dash inside allowed)."""
    digits = sum(c.isdigit() for c in value)
    return 3 <= digits <= 12 and (digits >= 4 or "#" in value or "*" in value)


# Issuer identification numbers and lengths of the major card networks (ISO/IEC 7812-1; ranges as the
# networks publish them: Visa, Mastercard incl. 2-series, American Express, Discover incl. the UnionPay
# co-brand range, JCB, Diners Club, UnionPay, Maestro, Mir, RuPay).
CARD_NETWORKS: tuple[tuple[tuple[int, int], int, frozenset[int]], ...] = (
    ((4, 4), 1, frozenset({13, 16, 19})),
    ((51, 55), 2, frozenset({16})),
    ((2221, 2720), 4, frozenset({16})),
    ((34, 34), 2, frozenset({15})),
    ((37, 37), 2, frozenset({15})),
    ((6011, 6011), 4, frozenset(range(16, 20))),
    ((644, 649), 3, frozenset(range(16, 20))),
    ((65, 65), 2, frozenset(range(16, 20))),
    ((3528, 3589), 4, frozenset(range(16, 20))),
    ((300, 305), 3, frozenset(range(14, 20))),
    ((36, 36), 2, frozenset(range(14, 20))),
    ((38, 39), 2, frozenset(range(16, 20))),
    ((62, 62), 2, frozenset(range(16, 20))),
    ((5018, 5018), 4, frozenset(range(13, 20))),
    ((5020, 5020), 4, frozenset(range(13, 20))),
    ((5038, 5038), 4, frozenset(range(13, 20))),
    ((5893, 5893), 4, frozenset(range(13, 20))),
    ((6304, 6304), 4, frozenset(range(13, 20))),
    ((6759, 6763), 4, frozenset(range(13, 20))),
    ((2200, 2204), 4, frozenset(range(16, 20))),
    ((60, 60), 2, frozenset({16})),
    ((508, 508), 3, frozenset({16})),
)


def luhn(digits: str) -> bool:
    """The Luhn (mod 10) check digit holds (H. P. Luhn, US patent 2,950,048; ISO/IEC 7812-1 annex B)."""
    total = 0
    for i, char in enumerate(reversed(digits)):
        d = ord(char) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _card_digits(digits: str) -> bool:
    if not 13 <= len(digits) <= 19 or digits[0] not in "23456":
        return False
    for (low, high), width, lengths in CARD_NETWORKS:
        if len(digits) in lengths and low <= int(digits[:width]) <= high:
            return luhn(digits)
    return False


def accept_card(value: str) -> bool:
    """A payment card number: 13-19 digits (one space or dash between groups) that pass the Luhn check and
    start with a card network's issuer number at a length that network issues; a trailing extra group (a
    number written after the card) is tried off."""
    groups = value.replace("-", " ").split()
    if not groups or not all(g.isdigit() for g in groups):
        return False
    return _card_digits("".join(groups)) or (len(groups) > 2 and _card_digits("".join(groups[:-1])))


def accept_prefixed_token(value: str) -> bool:
    """A vendor-style token (``NRAK-…``, ``hvs.…``, ``aio_…``, ``CFPAT-…``): after the prefix, its longest run of 20+
    letters and digits holding capitals, small letters and digits with 4+ bits of Shannon entropy per character
    (a random base62 run of 20 measures about 4.1; words, identifiers, hex hashes and UUIDs do not mix all three
    classes at that entropy); or the body with its separators left out, when that is random by
    :func:`accept_random_token`'s measures (a base64url body cut by ``_`` and ``-``, a base32 or base36 body)."""
    if stripe_object_id(value):  # in_…, ch_…: a Stripe object id is a public reference (secret_refs)
        return False
    parts = value.replace("_", " ").replace("-", " ").replace(".", " ").split()[1:]
    body = "".join(parts)
    # random segments joined by separators ("NRII-E4agR-vz_V7db…"), the separators left out
    if (
        len(body) >= 24
        and body.isalnum()
        and body.isascii()
        and _all_classes(body)
        and entropy(body) >= ENTROPY_PREFIXED_BODY
    ):
        return True
    # a base64url or base32 body whose separators cut it into short runs ("md-OT_kKGAfs_5UzMT45TS6Iw",
    # "akab-m85x9026xsijdhwu-sj27iczttpgi3mv0"): the body as one run, random by the Random Token's three measures
    if body.isascii() and body.isalnum() and accept_random_token(body):
        return True
    run = max(parts or [""], key=len)
    if len(run) < 20 or not run.isalnum() or not run.isascii():
        return False
    prefix = value[: len(value) - len(value.lstrip("_-.").split("_", 1)[-1])] if "_" in value else value.split("-")[0]
    if names_credential(prefix) and _one_case_random(run):  # esecret_<base36>: the prefix says it is a credential
        return True
    lower, upper, digit = (any(c.islower() for c in run), any(c.isupper() for c in run), any(c.isdigit() for c in run))
    if not (upper and digit) or (not lower and len(run) < 24):
        return False
    return entropy(run) >= (ENTROPY_PREFIXED if lower else ENTROPY_PREFIXED_CAPITALS) and not is_placeholder(run)


ENTROPY_ONE_CASE = 3.7  # bits per character of a one-case run after a credential-naming prefix


def _one_case_random(run: str) -> bool:
    """A run of one case and digits that is random (base36 or base32): 4+ letters and 4+ digits, 3.7+ bits of Shannon
    entropy a character (random base36 of 28 measures 3.9 to 4.4; "20240506backupfile" 3.4)."""
    letters = sum(c.isalpha() for c in run)
    return letters >= 4 and len(run) - letters >= 4 and entropy(run) >= ENTROPY_ONE_CASE and not is_placeholder(run)


ENTROPY_PREFIXED = 4.0  # bits per character; C. E. Shannon (1948); random base62 of 20 measures about 4.1
ENTROPY_PREFIXED_BODY = 4.3  # the whole body, separators left out: words and identifiers measure under 4.1
ENTROPY_PREFIXED_CAPITALS = 3.7  # capitals and digits only (base36): a random run of 24+ measures about 4.2


def _all_classes(text: str) -> bool:
    return any(c.islower() for c in text) and any(c.isupper() for c in text) and any(c.isdigit() for c in text)


# -- a random token that no ruleset knows without its label ---------------------------------------------------


def _transitions(value: str) -> float:
    """The share of adjacent characters of different classes (capital, small letter, digit). A random run of
    base62 changes class at about 62 % of its positions (1 - (26² + 26² + 10²) / 62²), base36 at 40 %; an
    identifier ("getUserAccountSettings2FA") or a word with a version ("python312") at under 25 %."""
    if len(value) < 2:
        return 0.0

    def cls(c: str) -> int:
        return 0 if c.isdigit() else 1 if c.isupper() else 2

    return sum(cls(a) != cls(b) for a, b in itertools.pairwise(value)) / (len(value) - 1)


RANDOM_TOKEN_ENTROPY = 4.0  # bits a character; a random base62 run of 20 measures about 4.1 (Shannon 1948)
RANDOM_TOKEN_ENTROPY_ONE_CASE = 4.2  # one case and digits, 32+: random base36 measures about 4.6; hex cannot pass 4
RANDOM_TOKEN_TRANSITIONS = 0.4  # of a three-class run (random base62: 0.62)
RANDOM_TOKEN_TRANSITIONS_ONE_CASE = 0.25  # of a one-case run (random base36: 0.40)


def accept_random_token(value: str) -> bool:
    """A token alone, its vendor prefix glued on or none (``LTAI`` + 20 base62, ``oy2`` + 43 base36): a run of
    20+ ASCII letters and digits that is random by three measures at once: its classes (capitals, small letters
    and digits, each twice; or for 32+ characters one case with 4+ digits), its Shannon entropy (over 4 bits a
    character, which hex, words and identifiers do not reach) and how often it changes class (identifiers and
    versioned names change rarely). Hashes, UUIDs and ULIDs (hex or 26 characters of one case) do not pass."""
    v = value
    if not (v.isascii() and v.isalnum()) or is_placeholder(v):
        return False
    lower = sum(c.islower() for c in v)
    upper = sum(c.isupper() for c in v)
    digit = sum(c.isdigit() for c in v)
    if lower >= 2 and upper >= 2 and digit >= 2:
        return entropy(v) >= RANDOM_TOKEN_ENTROPY and _transitions(v) >= RANDOM_TOKEN_TRANSITIONS
    if len(v) >= 32 and digit >= 4 and (lower == 0) != (upper == 0):
        return entropy(v) >= RANDOM_TOKEN_ENTROPY_ONE_CASE and _transitions(v) >= RANDOM_TOKEN_TRANSITIONS_ONE_CASE
    return False


_SEPARATORS = "$_.-"


# Words that name a credential when they are a whole segment of a token's prefix, or begin or end one ("RGAPI",
# "apikey", "sktest"); "pk" (publishable) and "public" are not among them.
CREDENTIAL_SEGMENTS = frozenset(
    {"sk", "rk", "pat", "sdk", "api", "apikey", "key", "tok", "token", "secret", "access", "auth", "cred", "creds",
     "pwd", "pass", "bearer", "svc", "sat", "srv"}
)  # fmt: skip
CREDENTIAL_AFFIXES = ("api", "key", "token", "secret")
# Hex digits of the digests artifacts are named by: SHA-1 (git commits, 40) and SHA-256 (Docker, npm, Nix, Bazel
# and CI caches, 64) — FIPS 180-4's output sizes written in lower-case hex.
DIGEST_HEX_LENGTHS = (40, 64)


def names_credential(prefix: str) -> bool:
    """Whether a token's prefix (``pat-na1-``, ``RGAPI-``, ``sk_live_``) has a segment that names a credential."""
    for segment in prefix.lower().replace("_", "-").replace(".", "-").replace("$", "-").split("-"):
        if segment in CREDENTIAL_SEGMENTS or (len(segment) > 3 and segment.endswith(CREDENTIAL_AFFIXES)):
            return True
        if len(segment) > 3 and segment.startswith(("api", "token", "secret")):
            return True
    return False


def accept_prefixed_hex(value: str) -> bool:
    """A vendor token with a hex body: a prefix with a letter (``key-``, ``access_token$production$``, ``pat….``)
    then 32+ hex digits holding letters and digits. Not when the prefix names a hash or an identifier
    (``HASH_PREFIXES``: ``md5-``, ``sha256-``, ``trace-``), nor a body of a digest's length (40 or 64 small hex
    digits) after a dash and a lower-case name that names no credential (``node-modules-<sha256>``, as caches and
    build tools name artifacts; a vendor's ``squ_<40 hex>`` keeps its underscore): those are digests and ids."""
    cut = max(value.rfind(s) for s in _SEPARATORS)
    prefix, body = value[:cut], value[cut + 1 :]
    if len(body) < 32 or not any(c.isalpha() for c in body) or not any(c.isdigit() for c in body):
        return False
    first = prefix
    for s in _SEPARATORS:
        first = first.split(s)[0]
    if first.lower().rstrip("0123456789") in HASH_PREFIXES or first.lower() in HASH_PREFIXES:
        return False
    if (
        len(body) in DIGEST_HEX_LENGTHS
        and body.islower()
        and value[cut] == "-"
        and prefix.replace("-", "").isalnum()
        and prefix.islower()
        and not names_credential(prefix)
    ):
        return False  # <name>-<sha256>: a cache key, an artifact or a commit named by its digest
    return any(c.isalpha() for c in prefix) and entropy(body) >= 3.0 and not is_placeholder(body)
