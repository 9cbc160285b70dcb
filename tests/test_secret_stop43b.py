"""#28, stop 43b (secrets13b): the false refusals stop 43's hiding marks and file-format rules brought, each a class.

Typography that is also a hiding mark (sub- and superscript digits, circled letters and digits, soft hyphens) and
runs of character escapes reveal ordinary text as often as a hidden value: a chemical formula, an indexed variable, a
footnote, a circled or hyphenated title, an escaped label. What they reveal is refused only when it looks like a
credential by itself (secret_revealed.py). A seed phrase is words of the BIP39 list; a Nagios macro's name, a
Bundler stand-in, an ISO 8601 duration and a key's 0x id are no credential. Each class is pinned beside the
credential of the same shape that must stay refused.
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
SUPER = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _circled(text: str) -> str:
    out = []
    for c in text:
        if c == "0":
            out.append("⓪")
        elif c.isdigit():
            out.append(chr(0x245F + int(c)))
        elif c.islower():
            out.append(chr(0x24D0 + ord(c) - ord("a")))
        elif c.isupper():
            out.append(chr(0x24B6 + ord(c) - ord("A")))
        else:
            out.append(c)
    return "".join(out)


def _shy(text: str, step: int = 4) -> str:
    return "\u00ad".join(text[i : i + step] for i in range(0, len(text), step))


def _u(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in text)


def _ent(text: str) -> str:
    return "".join(f"&#x{ord(c):x};" for c in text)


def _css(text: str) -> str:
    return "".join(f"\\{ord(c):x} " for c in text)


RANDOM = "Tq4wZ8mK2rVx9nLpR7bX"  # letters and digits, 20 characters, no word in it
CHOSEN = "Tr0ub4dor&3x"  # a chosen password: a symbol, digits for letters

STORABLE = {
    "a formula's subscripts, full stop after": "Glucose is " + "C6H12O6".translate(SUB) + ".",
    "a long formula": "Chlorophyll a is " + "C55H72O5N4Mg".translate(SUB) + " in the notes",
    "a formula with a coefficient": "Balance it as " + "2C2H5OH".translate(SUB) + " on the right side",
    "an indexed variable": "I wrote " + "w11w12w21w22".translate(SUB) + " for the entries",
    "letters with indices": "Let " + "a1b2c3d4".translate(SUB) + " be the pivots",
    "a superscript footnote": "See " + "Apollo11".translate(SUPER) + " for details.",
    "a superscript edition": "Version" + "2026".translate(SUPER) + " of the roadmap",
    "a circled title": "Poster: " + _circled("Room101") + ".",
    "a circled title with a brand": "Circled: " + _circled("iPhone15Pro"),
    "a soft-hyphenated title": "Page: " + _shy("PostgreSQL16Upgrade") + ".",
    "a soft-hyphenated release": "Page: " + _shy("Release2025v2"),
    "an escaped JSON label": 'The label was "' + _u("Windows11Upgrade") + '".',
    "an HTML-escaped title": "The title was " + _ent("Room101Booking") + " on the page",
    "a CSS-escaped label": 'content: "' + _css("Chapter12Page345") + '";',
    "a quoted word list that is no seed": 'mnemonic = "every good boy deserves fudge and all cows eat grass '
    'every time"',
    "a Nagios macro set to a name": "$USER8$=monitoring2025",
    "a Bundler stand-in": "BUNDLE_RUBYGEMS__ORG=user:REPLACE_ME",
    "an ISO duration in a plist": "<key>ACCESS_TOKEN_LIFETIME</key><string>PT15M</string>",
    "a duration set to a credential name": "REFRESH_TOKEN_TTL=P1DT12H",
    "a public key id": "GPG_KEY_ID=0xABCDEF12 identifies my signing key",
}


@pytest.mark.parametrize("name", sorted(STORABLE))
def test_ordinary_typography_escapes_and_config_stay_storable(name: str) -> None:
    assert SCANNER.kinds(STORABLE[name]) == []


REFUSED = {
    "a random token in subscripts": "here: " + RANDOM.translate(SUB),
    "a random token in superscripts": "here: " + RANDOM.translate(SUPER) + ".",
    "a chosen password in subscripts, full stop after": "use " + CHOSEN.translate(SUB) + ".",
    "a random token circled": _circled(RANDOM) + " is the key for prod",
    "a chosen password circled": "try " + _circled(CHOSEN),
    "a random token with soft hyphens": "Use " + _shy(RANDOM) + " to log in.",
    "a chosen password with soft hyphens": "Use " + _shy(CHOSEN, 3) + " to log in.",
    "an escaped random token": "pasting this: " + _u(RANDOM),
    "an HTML-escaped chosen password": "pasting this: " + _ent(CHOSEN),
    "a CSS-escaped title-like password with a symbol": "pasting this: " + _css("Zebra77Lamp!96"),
    "a CSS-escaped GitHub token": 'content: "' + _css("ghp_" + RANDOM + "aB3dE6gH9jK2mN5pQ8") + '";',
    "a BIP39 seed phrase": 'mnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon '
    'abandon abandon about"',
    "a Nagios macro set to a random value": '$USER5$="rdNVRNIYkLRiXdPy"',
    "a Nagios macro set to a chosen password": "$USER3$=Tr0ub4dor&3",
    "a Bundler password": "BUNDLE_GEMS__EXAMPLE__COM=deploy:s3cr3tPw9x",
    "a random value in a plist": "<key>API_TOKEN</key><string>xK92mfP0qLz8RtW4</string>",
    "a long random value set to a key id name": "SIGNING_KEY_ID=" + RANDOM,
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_credentials_behind_the_same_marks_and_files_stay_refused(name: str) -> None:
    assert SCANNER.kinds(REFUSED[name]) != []
