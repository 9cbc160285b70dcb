"""Stated credentials in languages the lexicon has no noun for (stop 42, #28 item 3), read by what every language
shares: the word *Wi-Fi* and the shape of a code list.

- **a Wi-Fi key in any language** (``WIFI_KEY_PATTERN``): the word Wi-Fi (``wifi``, ``wi-fi``, ``wlan``, with up
  to six letters of inflection glued on: ``wifin``), up to four words of any language (a possessive, the
  language's word for the key or password, a copula), and the last token of the clause, which must be a value no
  sentence holds by chance: letters and digits, 10+ characters of three classes, or random (secret_window._strong).
  A name, a speed or a band ("Wi-Fi 6E", "wifi network is Okafor-5G", "the wifi is called TP-Link_5G2") is no key:
  a word that names the network before the value drops it, and so does a value right after the network word
  ("Guest Wi-Fi: Harbour-5G") or one ending in a band or role suffix (``-5G``, ``_2.4GHz``, ``-EXT``);
- **a list of codes after a word for codes** (``CODE_LIST_PATTERN``): a clause holding *code(s)* in one of its
  spellings (``codes``, ``códigos``, ``codici``, ``koder``, ``kodları``, ``коды``, compounds such as
  ``herstelcodes``, ``sign-in codes``) and a colon, then 4 or more codes of one shape (6 to 12 letters and digits
  each, digits in every one, one separator between them: comma, semicolon, bar, two spaces or a line with its list
  mark): a backup-code list whatever adjective the language puts before its noun. Codes of a kind that is no secret
  (zip, postal, error, status, product, promo …) are named before the colon and drop it;
- **a PIN in any language** (``PIN_ANY_PATTERN``): the international word PIN (``PIN-koden``, ``PIN-Nummer``), up to
  ten words of any language, then 4 to 8 digits ending the clause; "ending 4242", "in 2025", "after 3" are not one;
- **a keypad, gate, door, alarm, lock or safe code** (``KEYPAD_PATTERN``, English): the thing, then *takes*, *opens
  with*, *punch in*, *key in*, *enter* and the code ("the keypad at the shed takes 4821#");
- **the same things in French, Spanish, German, Italian, Portuguese, Dutch and Polish** (``KEYPAD_ANY_PATTERN``): the
  thing (compounds too: *Alarmanlage*, *Garagentor*), then in the same clause the language's "the code is" and 4 to
  10 digits ending the clause or followed by a joining word ("Pour l'alarme de la boutique, le code c'est 48213975 si
  jamais …"); "le code est dans le classeur", "el código es de 8 dígitos", "ist der Code seit 2022 …" name none.

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
# (an unbounded token, not a counted repetition of a Unicode class: RE2's program for the counted form outgrew its
# DFA memory and fell back to the slow NFA; the lead "wi-fi"/"wlan" anchors the rule where the word is)
WIFI_KEY_PATTERN = (
    rf"(?i){_START}(?:wi-?fi|wlan)(\p{{L}}{{0,6}}(?:-\p{{L}}{{1,6}})?(?:{WS}*[:=＝])?"
    rf"(?:{WS}+[^\s\p{{Z}}\"'`“”«»,;]+){{1,5}}){WS}*(?:[\n.!?;,)\]。！？]|$)"
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
        # "is called" / "its name (is)" in other languages: the value after them is the network's name
        "llama", "nombre", "chama", "nome", "chiama", "chiamata", "appelle", "appelé", "appelée", "nom", "heißt",
        "heisst", "namen", "heet", "naam", "heter", "hedder", "namn", "navn", "nazywa", "nazwa", "jmenuje", "název",
        "adı", "ismi", "называется", "название", "имя", "nimi", "nev", "neve", "ονομάζεται", "όνομα", "nama",
        "bernama", "tên", "ชื่อ", "名前", "名称", "名字", "이름", "नाम", "اسم",
    )
)  # fmt: skip
# the same words glued to the Wi-Fi word by a hyphen ("WLAN-Name"), or inside a run of a language written without
# spaces ("wifi名称是")
_NAMING = re.compile(r"(?i)(?:-(?:name|nom|nome|naam|namn|navn|nazwa|ssid)\b|名前|名称|名字|이름)")

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
    if not before or any(w.strip(":=.,").lower() in _NETWORK_WORDS or _NAMING.search(w) for w in before):
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


# A PIN in any language: the international word PIN (written in capitals, singular, or PIN-code/PIN-Code/PIN-kod),
# up to ten words of any language, then 4 to 8 digits (a * or # around them) ending the clause.
PIN_ANY_PATTERN = (
    rf"(?:^|[^\p{{L}}\p{{N}}_])PIN(?:-?(?i:code|kode|kod|koodi|nummer|numero|número|namba)|-\p{{L}}{{1,10}})?"
    rf"((?:{WS}+[^\s\p{{Z}}0-9]{{1,20}}){{1,10}}{WS}*[:=]?{WS}+[*#]?[0-9]{{4,8}}[*#]?)"
    rf"{WS}*(?:[\n.!?;,)\]。！？]|$)"
)
# a word before the digits that makes them a card's last digits, a number of something, or a date
_NOT_PIN_BEFORE = frozenset(
    [
        "ending",
        "ends",
        "last",
        "in",
        "on",
        "at",
        "since",
        "until",
        "by",
        "from",
        "number",
        "no",
        "no.",
        "nr",
        "#",
        "ext",
        "room",
        "suite",
        "version",
        "v",
        "port",
        "step",
        "page",
        "line",
        "item",
        "order",
        "ticket",
        "model",
        "year",
        "years",
        "digits",
        "attempts",
        "tries",
        "after",
        "before",
    ]
)


# nouns PIN modifies in English ("PIN pad on terminal 4471", "PIN reset …"): the digits are not the PIN's
_PIN_COMPOUNDS = frozenset(
    ("pad", "pads", "entry", "reset", "resets", "change", "policy", "length", "prompt", "screen", "field", "mailer")
)


def accept_pin_any(window: str) -> bool:
    """The words after PIN: the digits end the clause; the word before them is a colon or a short word (a copula),
    no preposition of place or time, no "ending"/"last" (a card's last digits) and no counted noun; PIN does not
    modify a noun ("PIN pad"); not a year (19xx/20xx) alone."""
    words = window.split()
    if len(words) < 2:
        return False
    *before, value = words
    last = before[-1]
    if last.strip(":=").lower() in _NOT_PIN_BEFORE or before[0].lower() in _PIN_COMPOUNDS:
        return False
    if not (last.endswith((":", "=")) or last in ("-", "—", "–") or len(last) <= 4):
        return False  # a copula is short in every language we read (is, ist, er, ni, ke, em, ndi …); "terminal 4471"
    digits = value.strip("*#")
    return not (len(digits) == 4 and digits[:2] in ("19", "20") and not value.strip(digits))


# A word that goes on after an English code (stop 48: "the alarm code is 4471 so keep it to yourself").
_JOINERS_EN = "to|and|then|on|at|if|before|after|so|but|which|because|until|unless|when|once|or|—|-"
# A keypad, gate, door, alarm, lock or safe, then within the clause a verb that enters a code (takes, opens with,
# punch in, key in, enter, type, disarm with), then the code: 4 to 10 digits (grouped by dashes: "42-35-88"), * or #
# around them (English).
KEYPAD_PATTERN = (
    rf"(?i)\b(?:keypad|gate|door|alarm|lock|safe|locker|padlock|shed|cupboard)\b[^\n.!?;]{{0,60}}?"
    rf"\b(?:takes|opens{WS}+with|unlocks{WS}+with|punch{WS}+in|key{WS}+in|enter|type{WS}+in|disarm{WS}+with|code{WS}+is)"
    rf"{WS}+([*#]?[0-9]{{2,10}}(?:-[0-9]{{2,4}}){{0,3}}[*#]?)(?:{WS}*(?:[\n.!?;,)]|$)|{WS}+(?:{_JOINERS_EN}){WS})"
)


_THINGS = (  # what a code opens, per language (a German compound may end on one: Garagentor, Haustür, Alarmanlage)
    r"portail|porte|alarme|coffre|cadenas|casier|digicode|serrure|garage|"
    r"puerta|port[óo]n|alarma|caja{WS}+fuerte|candado|taquilla|cerradura|garaje|"
    r"\p{L}*(?:tor|tür|alarm|alarmanlage|tresor|safe|schloss|spind|schließfach|garage)|"
    r"cancello|porta|portone|allarme|cassaforte|lucchetto|armadietto|serratura|"
    r"port[ãa]o|cofre|cadeado|cacifo|fechadura|garagem|"
    r"poort|deur|alarm|kluis|kluisje|slot|hangslot|"
    r"bram\p{L}*|drzwi|sejf\p{L}*|kłódk\p{L}*|szafk\p{L}*|garaż\p{L}*"
).replace("{WS}", WS)
_CODE_IS = (  # "the code is", per language, the code word last or the copula last
    r"(?:le{WS}+)?code{WS}*(?:c'est|c’est|est|:)|(?:el{WS}+|o{WS}+)?c[óo]digo{WS}*(?:es|é|:)|"
    r"(?:ist|lautet){WS}+der{WS}+(?:code|zahlencode)|der{WS}+(?:code|zahlencode){WS}*(?:ist|lautet|:)|"
    r"(?:il{WS}+)?codice{WS}*(?:è|e'|:)|is{WS}+de{WS}+code|de{WS}+code{WS}*(?:is|:)|kod{WS}*(?:to|jest|:)"
).replace("{WS}", WS)
_JOINERS = (  # a word that goes on after the code: "… 7391 si tu arrives", "… 2207 und bitte …"
    "si|et|puis|avant|après|quand|mais|ne|y|por|para|antes|después|cuando|pero|no|falls|und|wenn|bevor|nach|aber|"
    "bitte|se|e|per|prima|dopo|quando|ma|non|não|mas|depois|als|en|voor|na|maar|jeśli|i|przed|po|ale"
)
KEYPAD_ANY_PATTERN = (
    rf"(?i){_START}(?:{_THINGS})(?:[^\p{{L}}\p{{N}}_][^\n.!?;]{{0,60}}?)?[^\p{{L}}\p{{N}}_](?:{_CODE_IS})"
    rf"{WS}+([*#]?[0-9]{{2,10}}(?:-[0-9]{{2,4}}){{0,3}}[*#]?)(?:{WS}*(?:[\n.!?;,)]|$)|{WS}+(?:{_JOINERS}){WS})"
)


def accept_keypad_code(value: str) -> bool:
    """4 to 10 digits (a * or # around them, groups joined by dashes) that are no year alone and no range of two
    numbers ("12-14")."""
    digits = value.strip("*#")
    if "-" in digits:
        groups = digits.split("-")
        return len(groups) >= 3 and 4 <= len(digits) - len(groups) + 1 <= 10
    return 4 <= len(digits) <= 10 and not (len(digits) == 4 and digits[:2] in ("19", "20") and value == digits)


def anylang_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule of this module with the words one of which a text must hold for it to run (case-insensitive)."""
    return (
        (
            Rule("Wi-Fi Passphrase", WIFI_KEY_PATTERN, accept_wifi_key, resume="next", window=True, trim="last"),
            ("wifi", "wi-fi", "wlan"),
        ),
        (
            Rule("Two-Factor Backup Codes", CODE_LIST_PATTERN, accept_code_list, resume="after", trim="colon"),
            ("code", "códig", "codig", "codici", "kod", "код"),
        ),
        (Rule("PIN", PIN_ANY_PATTERN, accept_pin_any, resume="next", window=True, trim="last"), ("pin",)),
        (
            Rule("PIN", KEYPAD_PATTERN, accept_keypad_code, resume="next"),
            ("keypad", "gate", "door", "alarm", "lock", "safe", "locker", "padlock", "shed", "cupboard"),
        ),
        (
            Rule("PIN", KEYPAD_ANY_PATTERN, accept_keypad_code, resume="next"),
            ("code", "codice", "código", "codigo", "kod"),
        ),
    )
