"""Stated credentials whose value no earlier rule reads (stop 44, #28 item 3): the slot marks the value whatever
it is made of.

- **a word passphrase in a spaceless script** (``CJK_PHRASE_PATTERN``): a password or passphrase noun of Japanese,
  Chinese or Korean, its particle or colon, then 3 to 6 words of that script joined by ``-``, ``.`` or ``_`` (or,
  in Korean, which writes spaces, words ending in a joined number: "전나무 양파 화덕-63"), ending the clause. A
  value in a spaceless script is otherwise prose (secret_values: "密码是必填项"); words joined like a compound are
  no sentence of those languages;
- **a user and a password after a label** (``PAIR_PATTERN``, "Club tablet: coach / zxcv6811", "Shop admin: owner@ /
  b9omMDQGg!nM5Pfq (change it)"): a label and a colon, one user token, a slash, and a credential-shaped value
  (secret_spoken's test) ending the clause or followed by a parenthesis;
- **a passphrase in apposition** (``APPOSITION_PATTERN``, "unlocks with the passphrase pickle-quiver-bramble-tinsel
  (she wrote …)"): a passphrase or password noun followed directly by 3 to 6 words joined by ``-``, ``.`` or
  ``_`` (a compound no language writes), wherever the sentence goes on;
- **a PIN noun of a spaceless script and a space** (``CJK_PIN_BARE_PATTERN``, "현관 도어락 번호 19066*", "后门门禁密码
  20417"): 4 to 8 digits, not one repeated;
- **a password said in passing after a login** (``PASSING_ANY_PATTERN``, en, es, fr, it, de, nl, pl, tr, ru): a login
  word, a user, *and* or *with* in the language, and a value with letters, a digit and a chosen password's symbol
  ("entra como recepcion y con Ferret&6602 ya te deja"; "logged in with my account and Office365" is a product).

Every pattern is bounded and keyed (runs only where one of its words is), each check is Python on one candidate,
so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_grammar import PASSWORD_NOUNS_CJK, PIN_NOUNS_CJK, SEPARATOR_CJK, WS
from contextlamp.domain.secret_measures import is_dotted_passphrase, is_identifier_chain
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_spoken import credential_shaped

_CJK = r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]"
_JOIN = r"[-._]"
CJK_PHRASE_PATTERN = (
    rf"(?:{PASSWORD_NOUNS_CJK}){SEPARATOR_CJK}[「『\"“]?"
    rf"({_CJK}{{1,8}}(?:[-._・]{_CJK}{{1,8}}){{2,5}}(?:{_JOIN}[0-9]{{1,4}})?|"
    rf"{_CJK}{{1,8}}(?:[ \t]{_CJK}{{1,8}}){{1,5}}{_JOIN}[0-9]{{1,4}})"
    r"[」』\"”]?[ \t]*(?:[。.!！?？,，;；\n]|$)"
)


def accept_cjk_phrase(value: str) -> bool:
    """3 to 6 words of a spaceless script joined like a compound, or words ending in a joined number; not every
    word the same (a pattern of the pattern: "あ-あ-あ")."""
    words = [w for w in re.split(r"[-._・ \t]", value) if w and not w.isdigit()]
    return len(words) >= 3 and len(set(words)) > 1


_TOKEN = r"[^\s\p{Z}\"'`“”«»,;/]"
PAIR_PATTERN = (
    rf"(?:^|[\n.!?;])[ \t]*(?:[^\n:;.!?]{{1,40}}):{WS}+({_TOKEN}{{2,40}}{WS}*/{WS}*{_TOKEN}{{4,64}})"
    rf"{WS}*(?:[\n.!?;,]|\(|$)"
)


def accept_pair(value: str) -> bool:
    """``user / value``: the user a name (letters, digits, ``@ . _ -``; no path, no number alone, no unit) and the
    value credential-shaped on its own (secret_spoken's casual test: letters with digits or symbols, 6+ digits that
    are no run), not a second name of the same kind ("Berlin / Hamburg", "S / M2" are no credential)."""
    user, _, secret = (part.strip() for part in value.partition("/"))
    if not re.fullmatch(r"[\w@.\-]{2,40}", user) or user.isdigit():
        return False
    if not (user.islower() or any(c in user for c in "@._-0123456789")):
        return False  # a user name is typed in small letters or as a handle; "Berlin / Hamburg2" is two names
    secret = secret.rstrip(".,;:!?)")
    if len(secret) < 6 or not any(c.isalpha() for c in secret) or secret.isalpha():
        return False
    return credential_shaped(secret)


_PHRASE_NOUN = (
    rf"pass{WS}?phrase|passwort|password|wachtzin|lösenfras(?:en)?|adgangssætning(?:en)?|phrase{WS}secrète|"
    rf"frase{WS}de{WS}paso|frase-(?:passe|senha)|parola{WS}cümlesi|fraz[aęy]{WS}hasła|salalause(?:en)?"
)
APPOSITION_PATTERN = (
    rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{_PHRASE_NOUN}){WS}+"
    rf"(\p{{L}}{{2,16}}(?:{_JOIN}\p{{L}}{{2,16}}){{2,5}}(?:{_JOIN}?[0-9]{{1,4}})?)"
    r"(?:[^\p{L}\p{N}_.\-]|[.]?$|[.][ \t\n])"
)


# the last label of a host name, which a dotted passphrase does not end with ("docs.example.com")
_TLDS = frozenset(("com", "org", "net", "io", "dev", "app", "edu", "gov", "de", "fr", "es", "it", "nl", "pl", "uk"))


def accept_apposition(value: str) -> bool:
    """3 to 6 words joined by one joiner, of small letters or capitalised (not code: ``self.config.value``, a domain
    or a file name), each word different."""
    core = value.rstrip("0123456789").rstrip("-._")
    joiner = next((c for c in core if c in "-._"), "")
    parts = core.split(joiner) if joiner else [core]
    if len(parts) < 3 or len(set(p.lower() for p in parts)) < len(parts):
        return False
    if not all(p.isalpha() and (p.islower() or p.istitle()) for p in parts):
        return False
    # a host name or an attribute chain is no passphrase
    host = parts[-1].lower() in _TLDS or (is_identifier_chain(core) and not is_dotted_passphrase(core))
    return joiner != "." or not host


# a PIN noun of a spaceless script, a space, and the digits ("현관 도어락 번호 19066*", "后门门禁密码 20417")
CJK_PIN_BARE_PATTERN = rf"(?:{PIN_NOUNS_CJK})[ \t]+([#*]?[0-9]{{4,8}}[#*]?)(?:[^0-9]|$)"


def accept_pin_digits(value: str) -> bool:
    """4 to 8 digits, not one digit repeated."""
    return len(set(value.strip("#*"))) > 1


# a password said in passing after a login and a user, in the languages the slot reads: "Logged into the router with
# admin and Cobalt!24, all fine", "entra como recepcion y con Ferret&6602 ya te deja", "connecte-toi avec compta et
# Radish?29", "login come admin con Falcon!7212 e funziona"
_LOGIN = (
    r"log(?:ged|ging)?{WS}?(?:in|into|on)|login|sign(?:ed)?{WS}?in|entra|entrar|entré|connecte|connecté|connexion|"
    r"accedi|accesso|anmelden|angemeldet|melde|inloggen|ingelogd|log{WS}in|zaloguj\p{L}{0,4}|giriş|войти|вошёл|вошел"
).replace("{WS}", WS)
_AND = r"and|plus|y|et|e|und|en|i|ve|и|a"
_WITH = r"with|con|avec|mit|met|com|z|ile|с"
_VALUE_CHAR = r"[^\s\p{Z}\"'`“”«»,;]"
PASSING_ANY_PATTERN = (
    rf"(?i)(?:^|[^\p{{L}}])(?:{_LOGIN})[^\n.!?;]{{0,48}}?{WS}(?:{_AND}|{_WITH})(?:{WS}+(?:{_WITH}))?{WS}+"
    rf"({_VALUE_CHAR}{{0,40}}[!@#$%^&*?+=~]{_VALUE_CHAR}{{1,40}}?)[.!?]?(?:[\s,;]|$)"
)
_SYMBOLS = frozenset("!@#$%^&*?+=~")


def accept_passing(value: str) -> bool:
    """A value with letters, a digit and a symbol (a chosen password's shape: ``Cobalt!24``), credential-
    shaped (secret_spoken); a product or a name ("Office365", "Microsoft-365") has no such symbol."""
    core = value.rstrip(".,;:!?)")
    symbol = any(c in _SYMBOLS for c in core)
    has_both = any(c.isalpha() for c in core) and any(c.isdigit() for c in core)
    return symbol and has_both and credential_shaped(core)


def stated_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule of this module with the words one of which a text must hold for it to run (case-insensitive)."""
    cjk = tuple(w for w in PASSWORD_NOUNS_CJK.replace("[ \\t]?", " ").split("|") if w)
    return (
        (Rule("Password", CJK_PHRASE_PATTERN, accept_cjk_phrase, resume="next"), cjk),
        (
            Rule("PIN", CJK_PIN_BARE_PATTERN, accept_pin_digits),
            ("번호", "密码", "暗証番号", "码", "코드", "パスコード"),
        ),
        (
            Rule("Password", PASSING_ANY_PATTERN, accept_passing, resume="next"),
            (
                *("log", "sign", "entra", "connect", "accedi", "accesso", "anmeld", "melde", "ingelogd", "inloggen"),
                *("zalog", "giriş", "войти", "вош"),
            ),
        ),
        (Rule("Password", PAIR_PATTERN, accept_pair, resume="next", trim="last"), ("/",)),
        (
            Rule("Password", APPOSITION_PATTERN, accept_apposition, resume="next"),
            ("phrase", "passwort", "password", "wachtzin", "fras", "sætning", "cümlesi", "hasła", "salalause"),
        ),
    )
