"""Credentials in lists and said without the slot's order (stop 45, second round, #28): what the slot layer (noun,
copula, value) and the verb rules (secret_verbs.py) do not read.

- **a seed phrase without its config key** (``SEED_RUN_PATTERN``: "Ledger recovery phrase: blind blur …", "1. add
  2. agree …", "X — das ist die Seed-Phrase"): a run of 12 to 24 words all on the BIP39 English list (BIP-0039:
  wallets write 12, 15, 18, 21 or 24 words; secret_bip39.py), spaced, comma-separated or numbered, with or without
  a noun. Prose is no such run: its function words (the, of, to, der, und, le, de …) are not on the list, and
  other scripts' words are not Latin. The run is read up to 48 words at a time, so each candidate costs a bounded
  time and the search goes on after it (``resume="after"``): linear.
- **a list of logins** (``PAIR_SPACED_PATTERN``, ``PAIR_TIGHT_PATTERN``, ``ACCOUNT_PATTERN``: "NAS admin /
  ?z%1LhzL&ng8; printer admin / u0Cu%SRfYd", "router login
  admin/crimson-viper-walnut-93", "admin:98LhM*KPiopf"): a lower-case account name, a slash (or a colon after a
  default account name: admin, root, pi …), and a value with a chosen password's shape (secret_verbs.chosen); with
  no space around the slash the value needs a symbol or words joined like a passphrase (``owner/Repo-2`` is a
  path, not a login), and the account name has no dot (``example.com/Ab12cd34`` is a URL).
- **a number said as a password** (``QUESTION_PATTERN``: "The password? 26481013.", "プロッターの管理者パスワード？
  X"): a password noun, at most 40 characters of its phrase, a question mark, at most two short words ("It's",
  "Es ist"), then the value: 4 to 12 digits (not a year alone) or a chosen value.
- **a secret given in hex** (``HEX_PATTERN``: "segredo do cliente: 7cc3e4…", "クライアントシークレット: e78f…",
  "Sekret API rozliczeń: 6c8d…", "Faturalama API gizli anahtarı: bf52…"): a secret noun of the languages read
  here (secret, Geheimnis, secreto, segredo, sekret, секрет, gizli, sırrı, シークレット, 密钥 …), at most 40
  characters of its phrase, a colon, ``=`` or a copula, and 24 to 128 hex digits with a letter and a digit. A
  commit hash or a checksum has no secret noun before it ("commit a3f…", "sha256: …").

Every pattern is bounded; the checks are Python on one candidate.
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_bip39 import bip39_words
from contextlamp.domain.secret_grammar import PASSWORD_NOUNS, PASSWORD_NOUNS_CJK, WS
from contextlamp.domain.secret_measures import is_trivial_number, is_word_phrase
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_verbs import chosen

SEED_MIN = 12  # BIP-0039: the shortest mnemonic is 12 words (128 bits of entropy)
SEED_DISTINCT = 8  # of 12 words drawn from 2,048, fewer than 8 distinct is a repetition ("word word word …")
SEED_READ = 48  # words read per candidate: two 24-word phrases
_SEP = r"(?:[ \t,;]+|[ \t]*\n[ \t]*)(?:[0-9]{1,2}[.)][ \t]*)?"
SEED_RUN_PATTERN = rf"(?:^|[^\p{{L}}0-9_-])((?:[a-z]{{3,8}}{_SEP}){{{SEED_MIN - 1},{SEED_READ - 1}}}[a-z]{{3,8}})"
_WORD = re.compile(r"[a-z]+")


def accept_seed_run(run: str) -> bool:
    """At least ``SEED_MIN`` consecutive words of the run on the BIP39 list (the run may start or end in prose),
    not in the list's own (alphabetical) order: "abandon ability able about …" quotes the word list, and a random
    phrase of 12 words is in that order once in 12! draws; and at least ``SEED_DISTINCT`` distinct words (a filler
    of one word repeated is no seed)."""
    words, streak, rising = bip39_words(), 0, 0
    seen: set[str] = set()  # the distinct words of the current streak
    previous = ""
    for word in _WORD.findall(run):
        streak, rising = (streak + 1, rising + 1 if word > previous else 1) if word in words else (0, 0)
        if streak:
            seen.add(word)
        else:
            seen.clear()
        previous = word
        if streak >= SEED_MIN and rising < streak and len(seen) >= SEED_DISTINCT:
            return True
    return False


_ACCOUNTS = r"admin|administrator|root|pi|ubuntu|postgres|sa|guest|operator|support|user|ops|service|backup"
_USER = r"(?:^|[\s\p{Z};,:(\[])[a-z][a-z0-9_-]{1,15}"
_PAIR_VALUE = r"([^\s\p{Z}/,;()\[\]\"'`]{6,64}?)[.!?]?(?:[\s\p{Z},;)\]]|$)"
# "NAS admin / X", "router admin /X": spaces around the slash; "admin/X", "root:X": none, so the value must say more
PAIR_SPACED_PATTERN = rf"{_USER}(?:[ \t]+/[ \t]*|/[ \t]+){_PAIR_VALUE}"
PAIR_TIGHT_PATTERN = rf"{_USER}/{_PAIR_VALUE}"
ACCOUNT_PATTERN = rf"(?i)(?:^|[\s\p{{Z}};,:(\[])(?:{_ACCOUNTS}):{_PAIR_VALUE}"


def accept_pair(value: str) -> bool:
    """The value of ``user / value``: a chosen value (secret_verbs.chosen), not a path or a URL."""
    return not value.startswith(("/", "http")) and chosen(value)


def accept_tight_pair(value: str) -> bool:
    """The value of ``user/value`` or ``admin:value``: a chosen value with a symbol, or words joined like a
    passphrase (``owner/Repo-2`` is a path)."""
    return accept_pair(value) and (is_word_phrase(value) or any(c in "!@#$%^&*?+=~" for c in value))


_CJK = PASSWORD_NOUNS_CJK
QUESTION_PATTERN = (
    rf"(?i)(?:{PASSWORD_NOUNS}|{_CJK})[^\n?？.!:]{{0,40}}[?？]{WS}*(?:[^\s\p{{Z}}0-9?？]{{1,8}}{WS}+){{0,2}}?"
    rf"([^\s\p{{Z}}\"'`,;()。、]{{4,64}})(?:[\s\p{{Z}}]|$)"
)


def accept_question(value: str) -> bool:
    """The answer to the noun's question: 4 to 12 digits (not a year 1950-2039 alone, not a run like 123456) or a
    chosen value."""
    v = value.rstrip(".!。")
    if v.isdigit():
        return 4 <= len(v) <= 12 and not (len(v) == 4 and 1950 <= int(v) <= 2039) and not is_trivial_number(v)
    return chosen(v, strong=True)


_SECRET_NOUNS = (
    r"secret|secrets|geheimnis|geheim|secrète|secreto|segredo|segreto|sekret|sekretu|hemlighet|hemlig|"
    r"geheime|geheimen|salaisuus|salainen|tajemství|tajný|tajna|tajne|секрет|секретный|секретный ключ|gizli|sırrı|sır|"
    r"シークレット|秘密|密钥|密鑰|시크릿|비밀 키"
)
_HEX_COPULA = r"is|ist|lautet|est|es|é|è|to|jest|är|er|on|je|—|–|-|это|是|は|는|은|이|가"
HEX_PATTERN = (
    rf"(?i)(?:{_SECRET_NOUNS})(?:[^\n:：=]|:[a-zäöå]{{1,3}}\b){{0,40}}?(?:[:=：]|{WS}(?:{_HEX_COPULA})(?:{WS}|$)|{WS}|は|是)"
    rf"{WS}*[\"'`]?([0-9A-Za-z_+/=-]{{24,128}})(?:[^0-9A-Za-z_+/=-]|$)"
)


def accept_hex(value: str) -> bool:
    """Hex with a letter and a digit (not one character repeated), or a random mix of capitals, small letters and
    digits (base62/base64 of a generated secret)."""
    digit = any(c.isdigit() for c in value)
    if all(c in "0123456789abcdefABCDEF" for c in value):
        return digit and any(c.isalpha() for c in value) and len(set(value.lower())) > 4
    return digit and any(c.isupper() for c in value) and any(c.islower() for c in value) and len(set(value)) > 10


def list_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each keyed rule of this module with the words one of which a text must hold for it to run
    (secret_forms.keyed_form_rules)."""
    question = ("?", "？")
    secret = ("secret", "geheim", "secre", "segre", "sekret", "hemlig", "salaisuus", "tajem", "секрет")
    secret += ("salainen", "tajn", "gizli", "sır", "シークレット", "秘密", "密钥", "密鑰", "시크릿", "비밀")
    return (
        (Rule("Password", PAIR_SPACED_PATTERN, accept_pair, resume="next"), ("/",)),
        (Rule("Password", PAIR_TIGHT_PATTERN, accept_tight_pair, resume="next"), ("/",)),
        (Rule("Password", ACCOUNT_PATTERN, accept_tight_pair, resume="next"), (":",)),
        (Rule("Password", QUESTION_PATTERN, accept_question, resume="next"), question),
        (Rule("Secret", HEX_PATTERN, accept_hex, resume="next"), secret),
    )


def core_list_rules() -> tuple[Rule, ...]:
    """The rules that run on every text: a seed phrase's word run has no keyword."""
    return (Rule("Seed Phrase", SEED_RUN_PATTERN, accept_seed_run, resume="after"),)
