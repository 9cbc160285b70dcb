"""Does a value look like a credential? The checks the secret rules (secret_rules.py) apply to a captured value.

A keyword such as "password" or "token" is not enough to refuse a sentence: "We raised the token quota." and
"Our password policy: minimum 12 characters." name a credential without holding one. A rule that finds a
keyword captures the value after it, and the value must then *look like* a credential. Each function here
takes that value (at most a few hundred characters: every rule bounds its value) and runs in time linear in
it, with no regular expression.

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

How much shape a rule demands depends on how strongly its context states a credential; see the ``accept_*``
functions.
"""

from __future__ import annotations

import itertools
import json
import math
from base64 import b64decode, urlsafe_b64decode
from binascii import Error as BinasciiError

WRAPPERS_OPEN = "\"'`“‘«‹(<[{"
WRAPPERS_CLOSE = "\"'`”’»›)>]}"
SENTENCE_END = ".,;:!?…"
PASSWORD_SYMBOLS = frozenset("!@#$%^&*+=?~|\\")
SEPARATORS = frozenset("-_./:")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Values that stand in for a secret in docs and templates; compared lower-cased after normalise().
PLACEHOLDER_WORDS = _words(
    """password passwort passwd pass pwd secret token apikey api_key key changeme change_me changeit example
    redacted removed placeholder dummy sample test xxx xxxx xxxxxx xxxxxxxx none null nil undefined empty
    your_password yourpassword mypassword_here *** ****** ******** ... … tbd todo hidden masked n/a na
    secret_here token_here insert_here value string str bytes - -- ?"""
)
PLACEHOLDER_STARTS = ("<", "$", "{{", "%", "your_", "your-", "<your", "[secret removed", "secret removed", "@@")

# Function words in the languages the rules read (en, de, fr, es, pt): a passphrase holds none of them, and a
# security answer does not start with one. A small list on purpose (see the module docstring).
STOP_WORDS = _words(
    """a an the and or but if of to in on at by for with from into onto over under about after before as is
    are was were be been being am do does did done has have had having it its this that these those there
    here then than so not no nor only own same too very can will just should now also any all each every
    some such both few more most other what which who whom whose when where why how up down out off again
    further once my our your his her their me us you him them we they i she he one two three per via vs
    der die das ein eine einen dem den des und oder aber nicht kein keine ist sind war waren wird werden
    hat haben mit von zu im in am auf aus bei für über unter nach vor wie was wer wo noch schon auch nur
    le la les un une des du de et ou mais pas est sont était avec pour par sur dans au aux ce cette qui que
    el los las una unos unas y o pero no es son era con para por sobre en al lo que quien del su sus
    o os um uma e mas não é são com por em ao que"""
)

# Words that start prose about an answer, not the answer ("the security answer is stored hashed").
STATE_WORDS = STOP_WORDS | _words(
    """set get use used using new old same stored hashed encrypted required optional needed unknown private
    secret sensitive confidential different wrong incorrect correct empty missing blank hidden visible public
    important mandatory asked changed reset known given shown sent case yes on off file record never always
    usually often sometimes rarely still also weak strong guessable useless insecure secure bad good fine ok
    invalid valid obvious easy hard long short compared checked logged kept deleted removed"""
)

# Word endings (en, de, fr, es) that mark a long alphabetic value as a word, not a passphrase.
WORD_ENDINGS = tuple(
    sorted(
        _words(
            """tion tions sion sions ment ments ness ity ities ing ings able ible ably ance ence ship hood ism isms
            ist ists ive ives ous ful less ally ly ed er ers al als ic ics ology ization isation izations ised ized
            ise ize ung ungen keit heit schaft lich isch igkeit tät ität eur euse ique iques ité ción ciones
            miento mente idad dad"""
        )
    )
)

# Algorithm, format and product names that mix letters and digits in engineering prose ("RS256-signed").
TECH_TERMS = _words(
    """oauth2 oauth1 sha1 sha2 sha3 sha224 sha256 sha384 sha512 md4 md5 rs256 rs384 rs512 hs256 hs384 hs512
    es256 es384 es512 ps256 ps384 ps512 eddsa ed25519 ed448 x25519 x448 curve25519 p256 p384 p521 secp256k1
    secp256r1 aes128 aes192 aes256 rsa2048 rsa3072 rsa4096 base32 base58 base64 base64url utf8 utf16 utf32
    utf8mb4 ipv4 ipv6 http2 http3 s3 ec2 k8s 1password 2fa x509 pkcs1 pkcs7 pkcs8 pkcs11 pkcs12 pbkdf2 argon2
    argon2i argon2d argon2id bcrypt scrypt chacha20 poly1305 blake2b blake2s blake3 tls12 tls13 ssl3 h2c
    win32 win64 x64 x86 arm64 aarch64 amd64 int32 int64 uint32 uint64 float32 float64 oidc2 saml2 ldap3
    gpt4 gpt3 gpt4o llama3 mp3 mp4 h264 h265 oauth2client py3 python3 node18 node20 node22 es2015 es2020
    es2022 webauthn2 fido2 u2f totp1 hotp1 otp2 v1 v2 v3 v4"""
)
POWERS = _words("1 2 3 4 5 8 16 32 64 128 192 224 256 384 448 512 521 1024 2048 3072 4096 8192 25519")
UNITS = _words(
    """s ms us ns m min mins h hr hrs d day days w wk wks mo y yr yrs k kb mb gb tb kib mib gib b bit bits
    byte bytes char chars character characters digit digits x px em rem pt st nd rd th req rps qps
    minute minutes second seconds hour hours week weeks month months year years times user users"""
)


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
    if v in PLACEHOLDER_WORDS or v.startswith(PLACEHOLDER_STARTS) or value.lstrip().startswith(PLACEHOLDER_STARTS):
        return True
    if v.endswith(("_here", "-here", "here>", "}}")):
        return True
    if len(set(v)) == 1 and not v[0].isalnum():  # "***", "...."
        return True
    return len(set(v)) == 1 and v[0] in "x*#0."  # "xxxxxxxx", "00000000"


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


def _parts(value: str) -> list[str]:
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


def _is_unit_number(value: str) -> bool:
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


def _is_trivial_number(digits: str) -> bool:
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


def _is_identifier_chain(value: str) -> bool:
    """Code, not a value: ``self.password``, ``os.environ[``, ``getpass()``, ``Optional[str]``, ``settings.DB``."""
    v = value.rstrip("()[]")
    if not v or v[0].isdigit():
        return False
    pieces = v.replace("::", ".").replace("->", ".").split(".")
    if len(pieces) == 1 and value == v:
        return False
    return all(p and all(c.isalpha() or c in "_[]()'\"" for c in p) for p in pieces)


def _is_url_path_or_mail(value: str) -> bool:
    if "://" in value or value.startswith(("/", "~/", "./", "../", "\\\\")):
        return True
    at = value.find("@")
    return 0 < at < len(value) - 3 and "." in value[at:] and not any(c in value for c in "!#$%^&*")


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


def _random(v: str, parts: list[str]) -> bool:
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


def _benign(v: str) -> bool:
    return (
        is_placeholder(v)
        or is_word_like(v)
        or _is_unit_number(v)
        or _is_url_path_or_mail(v)
        or _is_hex_colour(v)
        or _is_identifier_chain(v)
    )


def _mixed(parts: list[str]) -> bool:
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
        if has_alpha and (has_digit or has_symbol) and not _is_tech_term(p) and not _is_unit_number(p):
            return True
    return False


def _compound(parts: list[str]) -> bool:
    """Capitalised words and a number ("Blue-Falcon-77"); lower-case ones are prose ("max-retries-5")."""
    if len(parts) < 2 or not any(p.isdigit() for p in parts):
        return False
    words = [p for p in parts if not p.isdigit()]
    return bool(words) and all(p.isalpha() and p[0].isupper() and not p.isupper() for p in words)


def _passphrase(parts: list[str]) -> bool:
    return len(parts) >= 3 and all(p.isalpha() and len(p) >= 3 and p.lower() not in STOP_WORDS for p in parts)


def _long_alpha(v: str) -> bool:
    return v.isalpha() and len(v) >= 16 and not is_word_like(v)


MIN_LENGTH = 6  # shorter values are refused only by the PIN and code rules, which need a stated PIN or code


def accept_stated_password(value: str) -> bool:
    """A value stated as a password ("the password is X", ``DB_PASSWORD=X``, ``Password=X;``): anything
    credential-shaped (``random``, ``mixed``, ``compound``, ``passphrase``, ``long_alpha``) or 6+ digits."""
    v = normalise(value)
    if len(v) < MIN_LENGTH:
        return False
    if v.isalpha():
        return _long_alpha(v)
    core = v.strip("-_./:")
    if core.isalpha() and len(core) < 16:  # "-password", "policy:" (the common refusal, decided cheaply)
        return False
    if v.isdigit():
        return not is_placeholder(v) and not _is_trivial_number(v)
    parts = _parts(v)
    if len(parts) < 3 and all(p.isalpha() and len(p) < 20 for p in parts):  # "-password", "Correct-Horse"
        return False
    if _random(v, parts):
        return True
    if _benign(v):
        return False
    return _mixed(parts) or _compound(parts) or _passphrase(parts)


def accept_mentioned_password(value: str) -> bool:
    """A value right after a password word with no "is" ("use the password X"): ``random``, ``mixed`` or
    ``compound``; a bare word, passphrase or number is prose ("password reset", "password 123 times")."""
    v = normalise(value)
    if len(v) < MIN_LENGTH or v.isalpha() or v.isdigit():
        return False
    parts = _parts(v)
    if all(p.isalpha() and len(p) < 20 for p in parts):  # no digit or symbol: prose ("password re-set")
        return False
    if _random(v, parts):
        return True
    return not _benign(v) and (_mixed(parts) or _compound(parts))


def accept_stated_token(value: str) -> bool:
    """A value stated as a token, key or secret ("the API token is X", ``token: X``): ``random``, or 16+
    letters that are not a word. "token" and "secret" lead ordinary prose too often for anything weaker."""
    v = normalise(value)
    if len(v) < MIN_LENGTH:
        return False
    if v.isalpha() and len(v) < 20:
        return _long_alpha(v) and not is_placeholder(v)
    return _random(v, _parts(v)) or (_long_alpha(v) and not is_placeholder(v))


def accept_quoted_password(value: str) -> bool:
    """A quoted value stated as a password: a credential-shaped single token, or a passphrase of three or more
    words of 3+ letters, none a stop word ("correct horse battery staple"; not "see the vault entry")."""
    words = value.split()
    if len(words) == 1:
        return accept_stated_password(value)
    return (
        len(words) >= 3
        and not is_placeholder(value)
        and all(w.isalpha() and len(w) >= 3 and w.lower() not in STOP_WORDS for w in words)
    ) or any(accept_mentioned_password(w) for w in words)


def accept_basic_auth(value: str) -> bool:
    """HTTP Basic credentials (RFC 7617): base64 that decodes to text holding "user:password"."""
    try:
        decoded = b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (BinasciiError, ValueError):
        return False
    _user, sep, password = decoded.partition(":")
    return bool(sep and password) and decoded.isprintable() and not is_placeholder(password)


def accept_mentioned_token(value: str) -> bool:
    """A value right after a token word with no "is" ("token tok_9f8e7d6c5b4a3210"): ``random``, 12+ long."""
    v = normalise(value)
    return len(v) >= 12 and not (v.isalpha() and len(v) < 20) and _random(v, _parts(v))


def accept_random(value: str) -> bool:
    """A random-looking value (``random`` shape), whatever its context."""
    v = normalise(value)
    return len(v) >= MIN_LENGTH and not (v.isalpha() and len(v) < 20) and _random(v, _parts(v))


def accept_connection_password(value: str) -> bool:
    """``Password=...;`` in an ADO/ODBC/JDBC connection string: a stated password, or 3+ characters holding a
    digit or symbol (connection-string passwords are often short)."""
    v = normalise(value)
    if is_placeholder(v) or _is_identifier_chain(v) or _is_url_path_or_mail(v):
        return False
    if accept_stated_password(v):
        return True
    return len(v) >= 3 and any(not c.isalpha() for c in v) and not _is_unit_number(v)


def accept_wifi(value: str) -> bool:
    """A Wi-Fi passphrase: WPA needs 8 to 63 characters (IEEE 802.11i-2004, 8.5.1.2), then a stated password."""
    v = normalise(value)
    return 8 <= len(v) <= 63 and accept_stated_password(v)


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
