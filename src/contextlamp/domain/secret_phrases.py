"""Stated credentials in phrasings with no noun-then-copula slot: the slot layer's rules for the rest.

The slot layer (secret_slots.py) reads a credential noun then its value. People also state credentials

- as a login pair: "log in as admin / X", "creds are admin and X", "sign in with deploy / X";
- in chat shorthand: "pw: X", "pwd X", "wifi pass: X" (``pass`` only after a network word or at a clause start:
  "boarding pass: 12A" is not a credential);
- value first, for a code: "1229 is the code for the side gate" (not "500 is the status code for …": the words
  before *code* may not name a public code, :data:`PUBLIC_CODES`);
- after a verb, for a PIN or combination: "set the voicemail PIN to 4821", "the combo to the storage unit is
  327746", "Alarm disarm code = *3569#", "PUK code *7130#";
- as a security answer: "Q: first car? A: X" (the question names a usual security-question topic,
  :data:`QUESTION_TOPICS`), "security question - favourite teacher: X", "memorable word/information: X", "for the
  memorable word I used X";
- after a password noun written in a non-Latin script, in Latin letters (``הסיסמה היא jgszawpduy``,
  ``รหัสผ่านคือ kettlepixel``): the switch of script marks a typed value, not a word of the sentence, so the value
  need not look random (:func:`accept_switched_script`).

Each value is checked by the slot layer's class check (secret_slots.accept_password, accept_pin, accept_answer), so
prose about credentials stays storable; every pattern runs on RE2 with bounded values, so the scan stays linear.
"""

from __future__ import annotations

import unicodedata

from contextlamp.domain.secret_grammar import AFTER_NOUN, LABELLED, OPENERS_EN
from contextlamp.domain.secret_lexicon import noun_pattern, password_nouns
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_answer, accept_password, accept_pin
from contextlamp.domain.secret_window import CLAUSE_END
from contextlamp.domain.secret_words import SLOT_PROSE_WORDS, STOP_WORDS

WS = r"[\s\p{Z}]"
OPENERS = OPENERS_EN.replace("{WS}", WS)
NAME = r"[^\s\p{Z}/:,;\"'`]{1,64}"  # a user name
PIN_VALUE = r"([#*]?[0-9]{3,12}[#*]?)(?:[^0-9\p{L}]|$)"
ANSWER = r"([^\s\p{Z}\"',;:.!?()][^\s\p{Z}\",;:!?()]{0,39}(?:[ \t][^\s\p{Z}\"',;:.!?()][^\s\p{Z}\",;:!?()]{0,39}){0,2})"
# Words before "code" that name a code everyone may know: a value stated as one of those is not a PIN.
PUBLIC_CODES = frozenset(
    {"error", "status", "exit", "zip", "postal", "post", "country", "area", "return", "response", "http", "tracking",
     "product", "promo", "promotional", "discount", "coupon", "voucher", "airport", "iso", "language", "color",
     "colour", "source", "bar", "qr", "dial", "dialling", "dialing", "reference", "order", "booking", "course",
     "class", "tax", "billing", "project", "cost", "department", "branch", "sort", "swift", "bank", "item", "sku",
     "fault", "diagnostic", "obd", "icd", "hs", "naics", "unit", "room", "flight", "gate", "seat", "table"}
)  # fmt: skip
# The topics of the usual security questions (what a "Q: …? A: …" line must ask about to be one).
QUESTION_TOPICS = (
    r"first|favou?rite|maiden|born|birth|childhood|pet|school|street|teacher|car|city|town|hero|nickname|grand"
    r"(?:mother|father|ma|pa)|mother|father|best{WS}friend|honeymoon|wedding|memorable|elementary|high{WS}school|"
    r"dream{WS}job|oldest|youngest|sibling|cousin|uncle|aunt"
).replace("{WS}", WS)


def accept_login_value(value: str) -> bool:
    """The password of a login pair: one token, or words none of which is a function word or prose ("root is
    disabled on prod" is a sentence, "tangerine dusk" a passphrase), that the slot layer's check takes."""
    words = value.split()
    if len(words) > 1 and any(
        w.lower().strip(".,;:!?") in STOP_WORDS or w.lower().strip(".,;:!?") in SLOT_PROSE_WORDS for w in words
    ):
        return False
    return accept_password(value)


# Account names a device or service ships with: after "is" or a colon, "<name> / <value>" is a login pair.
DEFAULT_ACCOUNTS = r"(?:admin|root|administrator|superuser|sa|pi|ubuntu|postgres|guest)"


def accept_default_account_value(value: str) -> bool:
    """The password after a conventional account name and a spaced slash: a login pair's value
    (:func:`accept_login_value`) that is no path (no ``/`` inside) and, when one word, holds a digit or a symbol
    ("admin / settings" is a menu path, "admin / 40365512" a login)."""
    words = value.split()
    if not words or "/" in value:
        return False
    if len(words) == 1 and words[0].strip(".,;:!?").isalpha():
        return False
    return accept_login_value(value)


def accept_named_answer(value: str) -> bool:
    """A memorable word, name or place: the answer check, and no function word among its words ("memorable place
    on the trip: Rome was lovely" is a sentence, "Saint Kilda" a name)."""
    words = [w.lower().strip(".,;:!?") for w in value.split()]
    return not any(w in STOP_WORDS for w in words) and accept_answer(value)


def accept_value_first_pin(checked: str) -> bool:
    """``<digits> <words before "code">``: a PIN unless those words name a public code (``PUBLIC_CODES``)."""
    value, _, words = checked.partition(" ")
    if any(w.lower().strip(".,") in PUBLIC_CODES for w in words.split()):
        return False
    return accept_pin(value)


def accept_switched_script(window: str) -> bool:
    """The words after a non-Latin password noun up to the end of the clause, whose last ones are in Latin letters
    (or digits and symbols): that trailing run is the value (one token, or a passphrase of up to five words), the
    words before it in the noun's script or naming what it opens ("wifi"). The value is not prose (the slot
    layer's check), not a network or system word, not an English function word, and has 4+ characters."""
    words = window.split()
    cut = len(words)
    while cut > 0 and words[cut - 1].isascii():
        cut -= 1
    connectors, value_words = words[:cut], words[cut:]
    if not value_words or len(value_words) > 5:
        return False
    if any(w.isascii() and w.lower().strip(".,:") not in _AFTER_NOUN_WORDS for w in connectors):
        return False
    while len(value_words) > 1 and value_words[0].lower().strip(".,:") in _AFTER_NOUN_WORDS:  # "wifi X": X
        value_words = value_words[1:]
    value = " ".join(value_words).strip(".,;:!?()[]")
    first = value_words[0].lower().strip(".,;:!?()[]")
    if len(value) < 4 or not any(c.isalnum() for c in value):
        return False
    if first in _AFTER_NOUN_WORDS or first in STOP_WORDS or first in SLOT_PROSE_WORDS:
        return False
    return accept_password(value)


_AFTER_NOUN_WORDS = frozenset(AFTER_NOUN.replace("-?", "").replace("2?", "").split("|")) | {
    "wi-fi", "wpa2", "wifi", "email", "gmail", "server", "laptop", "phone", "account", "login", "user",
}  # fmt: skip


def _non_latin_nouns() -> str:
    """The vendored password nouns written in a script other than Latin (first letter's Unicode name)."""
    nouns = [n for n in password_nouns() if n[:1].isalpha() and "LATIN" not in unicodedata.name(n[0], "")]
    return "|".join(noun_pattern(n) for n in nouns)


def phrase_rules() -> tuple[Rule, ...]:
    """The rules of this module (docstring), built on first use (the non-Latin nouns come from the lexicon)."""
    start = r"(?i)(?:^|[^\p{L}\p{N}_])"
    return (
        Rule(  # log in as admin / X; sign in with deploy / X; creds are admin and X
            "Password",
            rf"{start}(?:(?:log(?:ged)?|sign(?:ed)?){WS}*in{WS}+(?:as|with|using){WS}+{NAME}{WS}*/|"
            rf"(?:creds|credentials|login{WS}+details){WS}+(?:are|were|is|:){WS}+{NAME}{WS}+(?:and|&|/){WS}+|"
            rf"(?:creds|credentials|login(?:{WS}+details|{WS}+(?:for|to|of){WS}+[^\n:/=]{{1,30}}?)?){WS}*"
            rf"(?:->|=>|:|{WS}(?:are|were|is)){WS}*{NAME}(?::|/)|"
            rf"identifiants{WS}*:{WS}*{NAME}{WS}*/|zugang[\p{{L}}]{{0,12}}(?:{WS}+[^\s\p{{Z}}:]{{1,20}}){{0,2}}{WS}*:"
            rf"{WS}*{NAME}{WS}*/){WS}*{LABELLED}",
            accept_login_value,
        ),
        Rule(  # the NAS is admin / X; imprimante : admin / X (a conventional account name, a spaced slash, a value)
            "Password",
            rf"(?i)(?:{WS}(?:is|was|are|ist|est|es|é|è|är|er|jest)|[:：=]|->){WS}*{DEFAULT_ACCOUNTS}"
            rf"(?:{WS}+/{WS}*|{WS}*/{WS}+){LABELLED}",
            accept_default_account_value,
        ),
        Rule(  # pw: X, pwd X (chat shorthand); pass: X only after a network word or at a clause start (a "(" after
            # "$" opens a shell command substitution: `$(pass show x)` runs the password store, states nothing)
            "Password",
            rf"(?i)(?:{start[4:]}(?:pw|pwd|(?:wi-?fi|wlan|router|network|vpn|guest){WS}+pass)|"
            rf"(?:(?:^|[^\p{{L}}\p{{N}}_])(?:^|[\n,;])|(?:^|[^\p{{L}}\p{{N}}_$])\(){WS}*pass)"
            rf"{WS}*(?::|=|{WS}){WS}*{LABELLED}",
            accept_password,
        ),
        Rule(  # pass for grandma's ipad = X (at a clause start: what it opens, then ":" or "=")
            "Password",
            rf"(?i)(?:^|[\n,;(]){WS}*pass{WS}+(?:for|to){WS}+[^\n:=]{{1,30}}?{WS}*[:=]{WS}*{LABELLED}",
            accept_password,
        ),
        Rule(  # 1229 is the code for the side gate; 0967 is our alarm code
            "PIN",
            rf"(?i)(?:^|[\s\p{{Z}}\"'(])([#*]?[0-9]{{3,12}}[#*]?){WS}+(?:is|was|=|—|–){WS}+(?:the|our|my|your){WS}+"
            rf"((?:[\p{{L}}-]{{1,20}}{WS}+){{0,3}})(?:code|combo|combination|pin|passcode)(?:{WS}+(?:for|to|of|on)"
            rf"{WS}|{WS}*(?:[.!,;)]|$))",
            accept_value_first_pin,
            peek=True,
        ),
        Rule(  # set the voicemail PIN to 4821; changed the door code to 1234
            "PIN",
            rf"(?i)\b(?:set|changed?|reset|updated?|made|picked|chose){WS}+(?:the|my|our|your|a){WS}+"
            rf"(?:[\p{{L}}-]{{1,20}}{WS}+){{0,2}}(?:pin|passcode|combo|combination|(?:door|gate|alarm|lock|safe|"
            rf"garage|keypad|entry){WS}+code)(?:{WS}+(?:for|to|of|on){WS}+(?:the{WS}+)?[\p{{L}}-]{{1,20}}"
            rf"(?:{WS}+[\p{{L}}-]{{1,20}}){{0,2}})?{WS}+(?:to|as){WS}+{PIN_VALUE}",
            accept_pin,
        ),
        Rule(  # the combo to the storage unit is 327746; combination for the safe: 1234
            "PIN",
            rf"(?i)\b(?:combo|combination|passcode)(?:{WS}+(?:for|to|of|on){WS}+(?:the|my|our|your){WS}+"
            rf"[\p{{L}}-]{{1,20}}(?:{WS}+[\p{{L}}-]{{1,20}}){{0,2}})?(?:{WS}+(?:is|was){WS}+|{WS}*[:=]{WS}*){PIN_VALUE}",
            accept_pin,
        ),
        Rule(  # Alarm disarm code = *3569#; PUK code *7130#; disarm code: 1234
            "PIN",
            rf"(?i)\b(?:(?:dis)?arm(?:ing)?{WS}+code|puk[ -]?(?:code)?|puk2|sim[ -]?pin2?|unlock{WS}+code)"
            rf"(?:{WS}*[:=]{WS}*|{WS}+(?:is{WS}+)?){PIN_VALUE}",
            accept_pin,
        ),
        Rule(  # Use code 2283 at the parcel locker; enter PIN 1234 on the keypad
            "PIN",
            rf"(?i)\b(?:use|enter|type|punch{WS}+in|key{WS}+in|dial){WS}+(?:the{WS}+)?(?:code|pin|passcode|combo){WS}+"
            rf"([#*]?[0-9]{{3,12}}[#*]?){WS}+(?:at|on|for|to{WS}+open){WS}+(?:the{WS}+|our{WS}+|my{WS}+)?"
            rf"(?:[\p{{L}}-]{{1,20}}{WS}+)?(?:{OPENERS})\b",
            accept_pin,
        ),
        Rule(  # open the bike lock with 679952; the laptop unlocks with 31919034; type 805051 on the alarm panel
            "PIN",
            rf"(?i)\b(?:(?:open|unlock)(?:s|ed)?{WS}+(?:the{WS}+|my{WS}+|our{WS}+)?(?:[\p{{L}}-]{{1,20}}{WS}+){{0,2}}?"
            rf"(?:{OPENERS}|laptop|phone|tablet|computer|pc|mac|ipad){WS}+with|"
            rf"(?:{OPENERS}|laptop|phone|tablet|computer|pc|mac|ipad){WS}+(?:unlocks|opens){WS}+with|"
            rf"(?:{OPENERS})(?:{WS}+keypad)?{WS}*:){WS}+{PIN_VALUE}",
            accept_pin,
        ),
        Rule(
            "PIN",
            rf"(?i)\b(?:type|enter|punch{WS}+in|key{WS}+in){WS}+([#*]?[0-9]{{4,12}}[#*]?){WS}+(?:on|into|at){WS}+"
            rf"(?:the{WS}+|our{WS}+|my{WS}+)?(?:[\p{{L}}-]{{1,20}}{WS}+)?(?:{OPENERS}|panel|keypad)\b",
            accept_pin,
        ),
        Rule(  # Q: first car? A: Tallahassee
            "Security Question Answer",
            rf"(?im)(?:^|[\s\p{{Z}}])Q(?:uestion)?{WS}*[:.)]{WS}*[^\n?]{{0,60}}\b(?:{QUESTION_TOPICS})[^\n?]{{0,60}}\?"
            rf"{WS}*A(?:nswer)?{WS}*[:.)]{WS}*{ANSWER}{WS}*(?:[.!]|$)",
            accept_answer,
        ),
        Rule(  # security question - favourite teacher: X; memorable word: X; memorable information is X
            "Security Question Answer",
            rf"(?i)\b(?:security|secret){WS}+question{WS}*[-—–:]{WS}*[^\n:]{{1,60}}:{WS}*{ANSWER}",
            accept_answer,
        ),
        Rule(
            "Security Question Answer",
            rf"(?i)\bmemorable{WS}+(?:word|information|info|answer|name|place|date|phrase)"
            rf"(?:{WS}+(?:on|for|of|at|with){WS}+[^\n:=.]{{1,40}}?)?(?:{WS}*[:=]{WS}*|{WS}+(?:is|was){WS}+|[^\n.]{{0,40}}?\b(?:I|we){WS}+(?:used|chose|picked|set|put|"
            rf"entered|gave){WS}+){ANSWER}",
            accept_named_answer,
        ),
        Rule(  # a non-Latin password noun, then a value in Latin letters at the end of the clause
            "Password",
            rf"{start}(?:{_non_latin_nouns()})\p{{L}}{{0,3}}{WS}*[:：]?{WS}*((?:[^\s\p{{Z}}\"`“”«»,;:=]{{1,14}}{WS}+){{0,4}}"
            rf"[^\s\p{{Z}}\"'`“”«»,;]{{4,64}}){CLAUSE_END}",
            accept_switched_script,
            "next",
        ),
    )
