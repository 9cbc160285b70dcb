"""Credentials stated with no credential noun before the value, or in a frame the slot layer does not read (#28).

Five classes, each a rule the scanner runs only where one of its words is in the text (``frame_rules``, keyed as the
format layer is: secret_scan._engine):

- **named by what it does** (``FRAME_PATTERNS``): a sign-in, log-in, unlock or authenticate verb (and their German,
  French, Spanish, Portuguese and Italian forms), then within the clause a connector (*with*, *using*, *uses*, *mit*,
  *avec*, *con*, ...), optionally a user name and *and* or ``/``, and the value ("you get into the recorder with
  admin and X", "authenticate with viewer / X"); or the value before the frame ("which uses X to sign in", "ingest /
  X as the login", "mit X entsperren"). The value must look like a credential on its own
  (secret_shape.accept_stated_password: a compound, mixed or random token, 6+ digits): "Sign in with SSO", "unlocks
  with Face ID", "log in with the password from the vault" have none;
- **a correction** (``CORRECTION_PATTERN``): a password or PIN noun, up to 12 words in the same sentence (a
  negation, the old value), then *it's*, *now*, *should be*, *correct one is*, *the new one's*, *sondern*, *ahora
  es*, *c'est* ... and the value ("the billing password isn't X anymore, it's Y");
- **digits given one or two at a time** after a PIN or code noun ("the gate code is now 5 9 1 3"): 4 to 12 digits
  in 3 to 8 groups, not followed by a unit ("steps 2 3 and 4" has no code noun; "codes 1 2 3 failed" no value);
- **a network's key stated after the network word and a colon** (``NETWORK_KEY_PATTERN``: "Wi-Fi: the key is X");
- **hex or base64 after a secret-like noun** (``SECRET_NOUN_PATTERN``: a secret, or a signing, HMAC, encryption,
  master, client, session ... key), through a verb or copula ("set the webhook secret to <hex>", "the signing key
  is now <base64>"), unless a word between names an identifier, a digest or a length ("the HMAC key id is …").

Every value is bounded and every repetition counted, so each candidate costs a bounded time and the scan stays
linear (secret_scan.py); the checks are Python on the candidate only.
"""

from __future__ import annotations

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_grammar import PASSWORD_NOUNS, PIN_NOUNS, WS
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_password, accept_pin
from contextlamp.domain.secret_words import SLOT_UNITS


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


_START = r"(?:^|[^\p{L}\p{N}_])"
_VALUE = r"[\"'`“‘]?([^\s\p{Z}\"'`“”‘’«»,;()]{4,64})[\"'`”’]?"
_NEXT = rf"(?:{WS}+([^\s\p{{Z}}]{{1,24}}))?"  # the word after the value, read by the check (Rule.peek)

FRAME_VERBS = (
    r"(?:log(?:s|ged|ging)?|sign(?:s|ed|ing)?)(?:{WS}?|-)(?:in|into|on|onto)|login|logon|signin|"
    r"unlock(?:s|ed|ing)?|authenticat(?:e|es|ed|ing)|gets?{WS}+in(?:to)?|mount(?:s|ed)?|opens?|accepts?|"
    r"access(?:es|ed|ing)?|boots?|"
    r"ssh(?:{WS}+into)?|connect(?:s|ed|ing)?{WS}+to|"
    r"anmelden|meldet{WS}+sich|melde{WS}+dich|einloggen|entsperr\p{L}{0,4}|"  # de
    r"connecte[rz]?|déverrouill\p{L}{0,4}|deverrouill\p{L}{0,4}|"  # fr
    r"desbloque\p{L}{0,3}|inici\p{L}{1,3}{WS}+sesi[óo]n|entrar|acced\p{L}{1,3}|"  # es, pt, it
    r"desbloqueia|accedi"
).replace("{WS}", WS)
_CONNECTORS = r"with|using|via|uses?|mit|avec|con|com|usa|usando|utilise[rz]?|benutze|nimm|/"
# the words after the verb's connector: "… with admin and X", "… using X", "accepts X" (the check finds the value
# among them: RE2 reads the rest of the clause up to four words, which costs a few ms on 2 MiB where matching the
# value's shape in the pattern cost 0.3 s)
FRAME_AFTER = (
    rf"(?i)\b(?:{FRAME_VERBS})\b[^\n.!?;]{{0,80}}?(?:{WS}|\()(?:{_CONNECTORS}|accepts?|takes)"
    rf"((?:{WS}+[^\s\p{{Z}}]{{1,64}}){{1,4}})"
)
# the value before the frame: "uses X to sign in", "ingest / X as the login", "mit X entsperren"
FRAME_BEFORE = (
    rf"(?i)(?:{WS}|^|\()(?:{_CONNECTORS}|accepts?|takes){WS}*{_VALUE}{WS}+((?:to|for|as|zum|pour|para)"
    rf"{WS}+(?:the{WS}+|a{WS}+|its{WS}+|your{WS}+|le{WS}+|la{WS}+|el{WS}+)?(?:[\p{{L}}-]{{1,20}}{WS}+){{0,3}}?"
    rf"(?:(?:sign|log)(?:{WS}?|-)(?:in|on)|login|logon|user|account|admin)|entsperr\p{{L}}{{0,4}}|anmelden|"
    rf"einloggen|an{WS}*(?:[.,;!]|$))"
)
# the frame's value may be followed by a clause end, a preposition or the frame's own words, never by a noun it
# qualifies ("with ed25519 keys", "using Kerberos5 tickets")
_FOLLOWERS = _set(
    "at for to as on in when then before after from via and or but please pls thanks now anymore again today "
    "instead too though since until entsperren an "
    "anmelden einloggen zum um pour para per sur en em no na"
)


def accept_frame_value(checked: str) -> bool:
    """The value of a sign-in or unlock frame, with the word after it when there is one (``Rule.peek``): a
    credential on its own (secret_shape.accept_stated_password and the slot layer's password check), followed by
    nothing, punctuation, a preposition or the frame's own words."""
    value, _, after = checked.partition(" ")
    word = after.strip().lower()
    if word and word[:1].isalpha() and word.rstrip(".,;:!?)") not in _FOLLOWERS:
        return False
    core = value.rstrip(".,;:!?)")
    return shape.accept_stated_password(core) and accept_password(core)


_PAIR_WORDS = _set("and & / und et y e")


def accept_frame_window(window: str) -> bool:
    """The up to four words after a sign-in or unlock verb's connector (``FRAME_AFTER``): the value is the first
    word, or the third after a user name and *and* or ``/`` ("admin and X", "viewer / X", "kiosk und X"), and
    passes :func:`accept_frame_value` with the word after it."""
    words = [w.strip("\"'`“”‘’") for w in window.split()]
    words = [w for w in words if w]
    if not words:  # only quotes after the connector: no value
        return False
    picks = [2] if len(words) >= 3 and words[1].lower() in _PAIR_WORDS else []
    if len(words) >= 2 and words[0].endswith(("/", ",")):
        picks.append(1)
    picks.append(0)
    for k in picks:
        after = words[k + 1] if k + 1 < len(words) else ""
        if accept_frame_value(f"{words[k]} {after}"):
            return True
    return False


def accept_frame_before(checked: str) -> bool:
    """The value before a frame ("uses X to sign in"): the value alone decides (:func:`accept_frame_value`)."""
    return accept_frame_value(checked.partition(" ")[0])


_CORRECTED = (
    r"(?:now{WS}+)?(?:it'?s|it’s|it{WS}+is)(?:{WS}+now)?|is{WS}+now|now|should{WS}+be|"
    r"(?:correct|right|new|current){WS}+one(?:'s|’s|{WS}+is)|(?:is{WS}+)?actually|sondern|inzwischen|jetzt|"
    r"(?:reset|changed|set|updated|rotated|switched){WS}+to|"
    r"(?:is{WS}+)?nu|ahora{WS}+es|ahora|"
    r"c'est|c’est|est{WS}+maintenant|maintenant|è{WS}+ora|agora{WS}+é|agora"
).replace("{WS}", WS)
_WORDS_12 = rf"(?:{WS}+[^\s\p{{Z}}:]{{0,23}}[^\s\p{{Z}}:.!?]){{1,12}}?"
CORRECTION_PATTERN = (
    rf"(?i){_START}(?:{PASSWORD_NOUNS}|pw){_WORDS_12}[,;]?{WS}+(?:{_CORRECTED}){WS}*:?{WS}*{_VALUE}{_NEXT}"
)
PIN_CORRECTION_PATTERN = (
    rf"(?i){_START}(?:{PIN_NOUNS}){_WORDS_12}[,;]?{WS}+(?:{_CORRECTED}){WS}*:?{WS}*([#*]?[0-9]{{4,12}}[#*]?)"
    rf"(?:[^0-9\p{{L}}]|$){_NEXT}"
)


def accept_corrected(checked: str) -> bool:
    """A corrected password: a credential by its shape (:func:`accept_frame_value`)."""
    return accept_frame_value(checked)


def accept_corrected_pin(checked: str) -> bool:
    """A corrected PIN or code: 4 to 12 digits, not a unit's count ("now 6 digits", "is now 1200 seconds")."""
    value, _, after = checked.partition(" ")
    if after.strip().lower().rstrip(".,;:!?") in SLOT_UNITS:
        return False
    return accept_pin(value)


_SPACED_LEAD = r"(?:is|was|goes|are|ist|lautet|es|est|é|è|now|jetzt|ahora|maintenant|it'?s|it’s|then|to|:|=)"
SPACED_PATTERN = (
    rf"(?i){_START}(?:{PIN_NOUNS})(?:{WS}+[^\s\p{{Z}}0-9:=]{{1,24}}){{0,6}}?{WS}*[:=]?"
    rf"(?:{WS}+{_SPACED_LEAD}){{0,3}}{WS}*([0-9]{{1,2}}(?:[ \t][0-9]{{1,2}}){{2,7}})(?:[^0-9\p{{L}}]|$){_NEXT}"
)


def accept_spaced_code(checked: str) -> bool:
    """Digits of a code written in groups of one or two: 4 to 12 digits, groups of one size, not a unit's count."""
    groups: list[str] = []
    words = checked.split()
    while words and words[0].isdigit():
        groups.append(words.pop(0))
    after = words[0].lower().rstrip(".,;:!?") if words else ""
    digits = "".join(groups)
    if after in SLOT_UNITS or not 4 <= len(digits) <= 12 or len({len(g) for g in groups}) != 1:
        return False
    return len(set(digits)) > 1


_SECRET_NOUNS = (
    r"secrets?|secreto|segreto|geheimnis|(?:signing|hmac|encryption|decryption|master|secret|private|shared|client|"
    r"session|cookie|jwt|app|application|api|webhook|consumer|aes|kms|wrapping|signature)(?:{WS}|[_-])?"
    r"(?:key|schlüssel|secret)|clé{WS}secrète|clave{WS}secreta|chave{WS}secreta|chiave{WS}segreta|"
    r"\p{L}{2,12}-(?:secret|schlüssel)"
).replace("{WS}", WS)
_SECRET_LINK = (
    r"{WS}*(?:[:=,]|->|→|=>)|{WS}+(?:to|is|was|are|became|becomes|now|auf|zu|en|a|es|est|ist|é|è|para|in|into|"
    r"it'?s|it’s|it{WS}+is)"
).replace("{WS}", WS)
SECRET_NOUN_PATTERN = (
    rf"(?i){_START}(?:{_SECRET_NOUNS})([;,]?(?:{WS}+[^\s\p{{Z}}:=]{{1,24}}){{0,8}}?(?:{_SECRET_LINK})"
    rf"{WS}*[\"'`,]?{WS}*(?:0x)?[A-Za-z0-9+/_-]{{16,128}}={{0,2}})(?:[^A-Za-z0-9+/=_-]|$)"
)
# words that say the value is not the secret itself: an identifier, a digest, a length, where it is kept
_NOT_THE_SECRET = _set(
    "id ids identifier name names arn version versions length size bytes characters chars bits hash hashes digest "
    "sha sha1 sha256 fingerprint checksum commit commits path paths alias aliases url uri ref label rotation "
    "scanner scanning id: kid"
)


def accept_secret_value(window: str) -> bool:
    """The words after a secret-like noun and its value (``SECRET_NOUN_PATTERN``'s group 1): no word that makes
    the value an identifier, digest or length, and a value that is hex of 16+ digits holding letters and digits or
    a random token of 16+ characters (secret_shape.accept_keyed_value / accept_random)."""
    words = window.split()
    if not words:
        return False
    value = words[-1].strip("\"'`,")
    value = value[2:] if value[:2].lower() == "0x" else value
    lead = [w.strip("\"'`,.:;()").lower() for w in words[:-1]]
    if any(w in _NOT_THE_SECRET or (w.endswith("'s") and w[:-2] in _NOT_THE_SECRET) for w in lead):
        return False
    hexed = value.rstrip("=")
    if len(hexed) >= 16 and all(c in "0123456789abcdefABCDEF" for c in hexed):
        return any(c.isdigit() for c in hexed) and any(c.isalpha() for c in hexed) and len(set(hexed)) >= 8
    return shape.accept_random(value) and len(value) >= 16


# a network's key after the network word and a colon: "correction on the Wi-Fi: the key is X" (the forms' network rule
# reads the network's name first and takes a bare value; here the key must be stated, with a copula or ":")
NETWORK_KEY_PATTERN = (
    rf"(?i){_START}(?:wi-?fi|wlan|wireless|ssid){WS}*:{WS}*(?:the{WS}+|its{WS}+|der{WS}+|le{WS}+|la{WS}+|el{WS}+)?"
    rf"(?:key|pass|psk|schlüssel|clé|clave|chave|chiave){WS}*(?:[:=]{WS}*|{WS}(?:is|ist|est|es|é|è){WS}+){_VALUE}"
    rf"{_NEXT}"
)


def frame_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule of this module with the words one of which a text must hold for it to run (case-insensitive),
    as secret_forms.keyed_form_rules gives them to the scanner."""
    verbs = ("log in", "log-in", "logs in", "logged in", "login", "log into", "log on", "logon", "sign in")
    verbs += ("sign-in", "signs in", "signed in", "sign into", "signin", "unlock", "authenticat", "get in")
    verbs += (
        "gets in",
        "get into",
        "mount",
        "open",
        "accept",
        "access",
        "boot",
        "ssh",
        "anmeld",
        "meldet sich",
        "melde dich",
    )
    verbs += ("einlogg", "entsperr", "connect", "verrouill", "desbloque", "sesión", "sesion", "entrar", "acced")
    before = ("sign", "log", "user", "account", "admin", "entsperr", "anmeld", "einlogg", " an")
    nouns = ("password", "passwort", "kennwort", "passe", "contraseña", "senha", "wachtwoord", "pw", "clave")
    nouns += ("passphrase", "passcode", "wifi", "wi-fi", "wlan", "key", "psk", "mdp", "parola", "hasło", "heslo")
    codes = ("pin", "code", "combination", "combo", "código", "codice", "kod", "digicode", "passcode")
    secrets = ("secret", "secreto", "segreto", "geheim", "key", "schlüssel", "clé", "clave", "chave", "chiave")
    return (
        (Rule("Password", FRAME_AFTER, accept_frame_window, resume="next", window=True), verbs),
        (Rule("Password", FRAME_BEFORE, accept_frame_before, resume="next", peek=True), before),
        (Rule("Password", CORRECTION_PATTERN, accept_corrected, resume="next", peek=True), nouns),
        (Rule("PIN", PIN_CORRECTION_PATTERN, accept_corrected_pin, resume="next", peek=True), codes),
        (Rule("PIN", SPACED_PATTERN, accept_spaced_code, resume="next", peek=True), codes),
        (Rule("Stated Token", SECRET_NOUN_PATTERN, accept_secret_value, resume="next", window=True), secrets),
        (
            Rule("Password", NETWORK_KEY_PATTERN, accept_frame_value, resume="next", peek=True),
            ("wi-fi", "wifi", "wlan", "wireless", "ssid"),
        ),
    )
