"""Stated credentials in languages the lexicon has no noun for (stop 42, #28 item 3), read by what every language
shares: the word *Wi-Fi* and the shape of a code list.

- **a Wi-Fi key in any language** (``WIFI_KEY_PATTERN``): the word Wi-Fi (``wifi``, ``wi-fi``, ``wlan``, and its
  attached forms ``yewifi``, ``Wi-Fi-нең``), up to four words of any language (a possessive, the language's word for
  the key or password, a copula), and the last token of the clause, which must be a value no sentence holds by
  chance: 10+ characters of three classes, or random (secret_window._strong). A name, a speed or a band ("Wi-Fi 6E",
  "wifi network is Okafor-5G", "the wifi is called TP-Link_5G2") is no key: a word that names the network before the
  value drops it;
- **a list of codes after a word for codes** (``CODE_LIST_PATTERN``): a clause holding *code(s)* in one of its
  spellings (``codes``, ``códigos``, ``codici``, ``koder``, ``kodları``, ``коды``, compounds such as
  ``herstelcodes``, ``sign-in codes``) and a colon, then 4 or more codes of one shape (6 to 12 letters and digits
  each, digits in every one, one separator between them: comma, semicolon, bar, two spaces or a line with its list
  mark): a backup-code list whatever adjective the language puts before its noun. Codes of a kind that is no secret
  (zip, postal, error, status, product, promo …) are named before the colon and drop it.

Each rule runs only where one of its words is in the text (secret_forms.keyed_form_rules), every repetition is
counted and the checks are Python on one candidate, so the scan stays linear.
"""

from __future__ import annotations

import itertools
import re

from contextlamp.domain.secret_grammar import WS
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_window import _strong  # pyright: ignore[reportPrivateUsage]

_START = r"(?:^|[^\p{L}\p{N}_])"
WIFI_KEY_PATTERN = (
    rf"(?i){_START}\p{{L}}{{0,4}}(?:wi-?fi|wlan)\p{{L}}{{0,6}}(?:-\p{{L}}{{1,6}})?"
    rf"((?:{WS}+[^\s\p{{Z}}\"'`“”«»,;]{{1,24}}){{0,4}}?{WS}*[:=＝]?{WS}*[^\s\p{{Z}}\"'`“”«»,;]{{10,64}})"
    rf"{WS}*(?:[\n.!?;,)\]。！？]|$)"
)
# words that make the value the network's name, band or hardware, not its key
_NETWORK_WORDS = frozenset(
    (
        "network",
        "ssid",
        "name",
        "named",
        "called",
        "netzwerk",
        "réseau",
        "red",
        "rede",
        "rete",
        "netwerk",
        "nätverk",
        "sieć",
        "сеть",
        "router",
        "modem",
        "band",
        "standard",
        "chip",
        "card",
        "adapter",
        "mesh",
        "extender",
        "6e",
        "6",
        "7",
        "5ghz",
        "2.4ghz",
    )
)  # fmt: skip

_BAND = re.compile(r"(?i)(?:[-_ ]?(?:2\.4|5|6)g(?:hz)?|[-_](?:ext|guest|iot))$")  # an SSID's band or role suffix
CODE_NOUN = r"\p{L}{0,14}(?:codes?|c[óo]digos?|codici|kod(?:er|ları|lar|y|ok|e|ai)?|коды?|кодове)"
_CODE = r"[A-Za-z0-9]{3,6}-?[A-Za-z0-9]{3,6}"
_GAP = r"(?:[ \t]*[,;|][ \t]*|[ \t]{2,}|[ \t]*\n[ \t]*(?:[-*•]|[0-9]{1,2}[.)])?[ \t]*)"
# group 1 holds the clause from the word before the noun (read by the check) to the last code
CODE_LIST_PATTERN = (
    rf"(?i){_START}((?:\p{{L}}{{1,14}}{WS}+)?{CODE_NOUN}[^\n:]{{0,60}}:{WS}*(?:[-*•][ \t]*)?"
    rf"(?:{_CODE}{_GAP}){{3,15}}{_CODE})"
)
_NOT_SECRET_CODES = re.compile(
    r"(?i)\b(?:zip|postal|post|postcode|error|status|exit|return|http|product|promo|promotion|discount|coupon|"
    r"voucher|area|country|language|colou?r|airport|iata|icao|station|stock|item|article|sku|hs|tariff|"
    r"diagnosis|icd|billing|tracking|reference|order)\b"
)


def accept_wifi_key(window: str) -> bool:
    """The words after the Wi-Fi word: the last token is the key when it is strong and no word before it names the
    network (module docstring)."""
    words = window.split()
    if not words or len(window) > 200:
        return False
    *before, value = words
    before = [w for w in before if w.strip(":=＝")]
    if not before or any(w.strip(":=.,").lower() in _NETWORK_WORDS for w in before):
        return False  # "Guest Wi-Fi: Harbour-5G": a name right after the network word is the network's
    value = value.strip("*_")  # markdown emphasis around a heading ("**Portable Wi-Fi Hotspots**:")
    has_both = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
    return has_both and _strong(value) and _BAND.search(value) is None


def accept_code_list(clause: str) -> bool:
    """The clause names no kind of code that is no secret, and after its colon come four or more codes of about one
    length (three lengths at most), each holding a digit, all distinct; not one number counting up (row ids)."""
    head, _, value = clause.partition(":")
    if _NOT_SECRET_CODES.search(head):
        return False
    codes = re.split(r"[\s,;|*•]+|(?<=\s)[0-9]{1,2}[.)]", value)
    codes = [c.strip("-") for c in codes if c.strip("-") and len(c.strip("-")) >= 6]
    if len(codes) < 4 or len({len(c) for c in codes}) > 3:
        return False
    if not all(any(ch.isdigit() for ch in c) for c in codes):
        return False
    numbers = [int(c) for c in codes if c.isdigit()]
    counting = len(numbers) == len(codes) and len({b - a for a, b in itertools.pairwise(numbers)}) == 1
    return not counting and len(set(codes)) == len(codes)


def anylang_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule of this module with the words one of which a text must hold for it to run (case-insensitive)."""
    return (
        (
            Rule("Wi-Fi Passphrase", WIFI_KEY_PATTERN, accept_wifi_key, resume="next", window=True),
            ("wifi", "wi-fi", "wlan"),
        ),
        (
            Rule("Two-Factor Backup Codes", CODE_LIST_PATTERN, accept_code_list, resume="after"),
            ("code", "códig", "codig", "codici", "kod", "код"),
        ),
    )
