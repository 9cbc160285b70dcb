"""Credentials the slot layer (secret_slots.py) does not read by noun and separator: a value after "to" where "to"
is a copula, an HTML password field's value, a PIN's digits a few words after its noun in any word order, and a
random value stated as "the Wi-Fi".

- An HTML ``<input>`` of type password with a ``value`` attribute (HTML Living Standard, 4.10.5.1.3 "Password
  state": the value attribute is the field's initial password), the type before or after the value in the same
  start tag. The value takes the slot layer's password check (not a placeholder, template or prose).
- A PIN noun (the slot layer's, in its languages, and "PIN" as it is written in Devanagari, Perso-Arabic, Thai
  and Cyrillic script), up to five words naming what it opens ("der Geheimzahl *meiner EC-Karte*", "το PIN *της
  κάρτας*", "mã PIN *thẻ ngân hàng*"), then 4 to 12 digits that end the clause. The words must hold a copula of the
  lexicon (secret_lexicon.COPULA_WORDS: "ist", "είναι", "là", "คือ") or a colon, or the digits a clause-final
  copula after them (FINAL_COPULAS: Hindi है, Urdu ہے, Persian است): a number after "PIN" and a few words with no
  copula ("PIN pad on terminal 4471") is not stated as the PIN.

Every value is bounded, so each candidate costs a bounded time and the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_grammar import AFTER_NOUN, MODIFIER, PASSWORD_NOUNS, PIN_NOUNS, PLAIN, WS
from contextlamp.domain.secret_lexicon import COPULA_WORDS, FINAL_COPULAS
from contextlamp.domain.secret_measures import is_trivial_number
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_password, accept_pin

# The value of an HTML password field, with the type before or after it inside the same start tag.
_ATTRS = r"[^<>]{0,200}?"
_TYPE_PASSWORD = r"\btype[\s\p{Z}]*=[\s\p{Z}]*[\"']?password\b"
_VALUE = r"\bvalue[\s\p{Z}]*=[\s\p{Z}]*[\"']([^\"'<>\n]{1,128})[\"']"
HTML_PASSWORD_VALUE = (
    rf"(?i)<input\b{_ATTRS}{_TYPE_PASSWORD}{_ATTRS}{_VALUE}",
    rf"(?i)<input\b{_ATTRS}{_VALUE}{_ATTRS}{_TYPE_PASSWORD}",
)

# "PIN" in the scripts the slot layer's PIN nouns do not cover (a loanword: Hindi पिन, Urdu پن, Persian پین, Thai
# พิน, Russian/Bulgarian ПИН), the SIM's PUK, which unblocks its PIN, Arabic "the secret number" and Persian "the
# card's code", which are what those languages call the PIN.
PIN_OTHER_SCRIPTS = (
    r"पिन|پن|پین|พิน|ПИН|puk2?(?:[- ]?code)?|"
    r"الرقم[\s\p{Z}]+السري|الرقم[\s\p{Z}]+السرى|رمز[\s\p{Z}]+(?:کارت|عابر)"
)
_NOUN = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{PIN_NOUNS}|{PIN_OTHER_SCRIPTS})"
_WORD = r"[^\s\p{Z}0-9\"`“”«»,;:.!?]{1,24}"  # a word with no digit: what the PIN opens, a possessive
_DIGITS = r"([#*]?[0-9]{4,12}[#*]?)"
_END = rf"{WS}*(?:[\n.!?;,)\]。！？]|$)"


def _alternation(words: frozenset[str] | tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def pin_window_patterns() -> tuple[str, ...]:
    """The PIN noun, up to five words, the digits stated by a copula among the words, a colon, or a clause-final
    copula after them (module docstring)."""
    copula = _alternation(COPULA_WORDS)
    final = _alternation(FINAL_COPULAS)
    return (
        rf"{_NOUN}(?:{WS}+{_WORD}){{0,4}}?{WS}+(?:{copula}){WS}*:?{WS}*{_DIGITS}{_END}",
        rf"{_NOUN}(?:{WS}+{_WORD}){{0,5}}?{WS}*:{WS}*{_DIGITS}{_END}",
        rf"{_NOUN}(?:{WS}+{_WORD}){{0,5}}?{WS}+{_DIGITS}{WS}+(?:{final}){_END}",
    )


# What a PIN opens, as the first letters of the word in the curated languages and the lexicon's scripts: a bank
# or SIM card, a cash machine, a phone. Arabic's attached article and prepositions are taken off first (للبطاقة).
PIN_OPENER_STEMS = (
    "atm", "card", "kart", "karte", "carte", "tarjeta", "cart", "carta", "kaart", "kort", "thẻ", "sim", "bank",
    "banc", "debit", "débit", "débito", "credit", "crédit", "crédito", "phone", "telefon", "handy", "móvil",
    "movil", "celular", "ponsel", "карт", "телефон", "банк", "بطاق", "کارت", "کارڈ", "कार्ड", "बैंक", "บัตร",
    "카드", "カード", "卡",
)  # fmt: skip
# Words that make the number something else than the PIN: the card's number or its last digits, a terminal's id.
_NOT_THE_PIN = frozenset(
    [
        "ending",
        "ends",
        "last",
        "number",
        "no",
        "nr",
        "id",
        "ref",
        "reader",
        "terminal",
        "pad",
        "slot",
        "machine",
        "model",
        "serial",
        "length",
        "digits",
    ]
)
_OPENED = rf"(?:{WS}+[^\s\p{{Z}}0-9\"`“”«»,;:.!?]{{1,24}}){{1,3}}?"


def pin_opened_patterns() -> tuple[str, ...]:
    """A PIN noun and up to three words naming what it opens, in either order, then its digits ending the clause,
    with no copula ("PIN ATM saya 5508", "картанын PIN-коду 78183", "الرقم السري للبطاقة 4417"): group 1 is the
    words and the digits, read by :func:`accept_pin_opened`."""
    noun = rf"{_NOUN}(?:-\p{{L}}{{1,8}})?"
    return (
        rf"{noun}({_OPENED}{WS}+{_DIGITS}){_END}",
        rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])((?:{_WORD}{WS}+){{1,2}}?(?:{PIN_NOUNS}|{PIN_OTHER_SCRIPTS})(?:-\p{{L}}{{1,8}})?{WS}+[#*]?[0-9]{{4,12}}[#*]?){_END}",
    )


def accept_pin_opened(window: str) -> bool:
    """The words around a PIN noun and its digits: one names what a PIN opens (``PIN_OPENER_STEMS``), none makes
    the number another one (``_NOT_THE_PIN``: "PIN for card ending 4417"), and the digits are a PIN's
    (:func:`accept_pin_digits`) when they close the window."""
    words = [w.lower().strip("()'’") for w in window.split()]
    digits = words[-1] if words and words[-1].strip("#*").isdigit() else ""
    named = [part for w in words[:-1] if not w.strip("#*").isdigit() for part in w.split("-")]
    if any(w in _NOT_THE_PIN for w in named):
        return False
    opens = any(_strip_article(w).startswith(PIN_OPENER_STEMS) for w in named)
    return opens and (not digits or accept_pin_digits(digits))


def _strip_article(word: str) -> str:
    for prefix in ("بال", "لل", "ال", "ل"):
        if word.startswith(prefix) and len(word) > len(prefix) + 2:
            return word[len(prefix) :]
    return word


def accept_pin_digits(value: str) -> bool:
    """4 to 12 digits (``#``/``*`` around allowed) that are not a trivial run (1234, 0000)."""
    digits = value.strip("#*")
    return digits.isdigit() and 4 <= len(digits) <= 12 and not is_trivial_number(digits)


# "Wi-Fi" with no credential noun, a few words, a copula or a colon, then a random value: the network's key
# ("the wifi at the cabin is <random>"); a network's name is a name ("Wi-Fi: Okafor-5G"), so only a value that
# reads as random (secret_shape.accept_random: letters and digits switching, or a long mixed-case run) counts.
_WIFI = r"(?i)(?:^|[^\p{L}\p{N}_])(?:wi-?fi|wlan)"


def wifi_patterns() -> tuple[str, ...]:
    """A Wi-Fi noun, up to four words, a copula of the lexicon or a colon, a random-looking token (group 1)."""
    copula = _alternation(COPULA_WORDS)
    value = r"([^\s\p{Z}\"'`“”«»,;]{8,64})"
    return (rf"{_WIFI}(?:{WS}+{_WORD}){{0,4}}?(?:{WS}+(?:{copula}){WS}+|{WS}*:{WS}*){value}",)


def accept_wifi_value(value: str) -> bool:
    """A token that reads as random once sentence punctuation is stripped (secret_shape.accept_random)."""
    return shape.accept_random(value.rstrip(".,;:!?)"))


# English verbs that set a credential to a value: after them "the password to X" states X.
SETTING_VERBS = (
    r"set|sets|setting|changed?|changes|changing|reset|resets|resetting|updated?|updates|updating|rotated?|rotates|"
    r"rotating"
)


def to_rules() -> tuple[Rule, ...]:
    """ "to" as a copula where it cannot be the English infinitive marker (secret_grammar.COPULAS): after a PIN noun
    (the value is digits), after a Polish or Czech password noun ("hasło do wifi to X"), and after an English verb of
    setting before a password or PIN noun ("set the root password to X", "changed the PIN to X")."""
    rules: list[Rule] = []
    for kind, nouns, check in (("Password", PASSWORD_NOUNS, accept_password), ("PIN", PIN_NOUNS, accept_pin)):
        noun = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{nouns})(?:{WS}+(?:{AFTER_NOUN}))?{MODIFIER}"
        if kind == "PIN":
            rules.append(Rule(kind, rf"{noun}{WS}+to{WS}+{PLAIN}", check, peek=True))
        setting = rf"(?i)\b(?:{SETTING_VERBS})(?:{WS}+[\p{{L}}'’-]{{1,20}}){{0,3}}?{WS}+(?:{nouns})"
        rules.append(Rule(kind, rf"{setting}{MODIFIER}{WS}+to{WS}+{PLAIN}", check, peek=True))
    polish = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:hasło|haslo|heslo|hasła|hesla){MODIFIER}"
    rules.append(Rule("Password", rf"{polish}{WS}+to{WS}+{PLAIN}", accept_password, peek=True))
    return tuple(rules)


def field_rules() -> tuple[Rule, ...]:
    """The HTML password field rules and the PIN window rules (module docstring)."""
    html = tuple(Rule("Password", pattern, accept_password) for pattern in HTML_PASSWORD_VALUE)
    pins = tuple(Rule("PIN", pattern, accept_pin_digits) for pattern in pin_window_patterns())
    opened = pin_opened_patterns()
    pins += (Rule("PIN", opened[0], accept_pin_opened, "next", window=True),)
    pins += (Rule("PIN", opened[1], accept_pin_opened, "next", window=True),)
    wifi = tuple(Rule("Password", pattern, accept_wifi_value) for pattern in wifi_patterns())
    return to_rules() + html + pins + wifi
