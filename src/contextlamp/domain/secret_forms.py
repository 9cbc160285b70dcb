"""Credentials stated in forms the slot layer (secret_slots.py) does not read: a table or CSV column whose header
is a credential noun, a short credential key in JSON/YAML, a TOTP/2FA seed in base32, "creds for X: user /
password", a Wi-Fi key or pass after the network's name, and a password after a long noun phrase.

- **A column**: a Markdown table row (``| … |``) or a delimited line (``,``, ``;``, tab) whose cell, among the first
  six, is exactly a credential label (``_HEADER``: "password" in 15 languages, ``pwd``, ``passwd``, ``pass``, ``pw``,
  ``PIN``, ``PUK``, and ``secret``/``PSK``, the column of pppd's chap-secrets and pap-secrets);
  the value is the cell in the same column of the first data row after it. The header must be a header: in
  Markdown the delimiter row follows it (GFM spec, "Tables"), a delimited header is the text's first delimited
  line (the line before it has no delimiter), so a data row that says "password" ("| Password | Text | Yes |" in a
  field list) heads nothing. "password policy" or "password_hash" is not a credential noun: such a column is prose.
- **A key**: a JSON/Python-dict key that is a short credential word (``"pwd"``, ``'passwd'``, ``"pass"``,
  ``"passphrase"``) before a quoted value; a YAML key so named right after another ``key:`` line. Longer keys
  (``"db_password"``) are secret_labels.py's.
- **A seed**: base32 (RFC 4648 section 6, the alphabet of TOTP seeds: RFC 6238 and Google Authenticator's key URI
  format) of 16+ characters with a digit, after a seed, TOTP/OTP/2FA/MFA or authenticator noun (then up to six
  words: "TOTP key for …", "2FA secret") and a separator; "random seed: 1337" has no base32 value.
- **Login pairs**: "creds", "credentials", "login" (and the German, French, Spanish, Portuguese, Italian words),
  a few words naming the service, a separator, then ``user / password`` (``/``, ``:``, ``|`` between).
- **A network's key**: SSID, network or Wi-Fi, the network's name, then ``key``, ``pass``, ``psk`` or
  ``passphrase`` and the value ("SSID X, key is …", "guest network X, pass: …").
- **A long noun phrase**: a password noun (run where one of the column labels' password words is in the text), 1 to
  12 words (none ending a sentence), a colon or "is"/"was", then a value that reads as a
  credential by its shape (secret_shape.accept_stated_password) ending its clause.

Every value takes the slot layer's password check (not a placeholder, variable or prose); every repetition is
bounded, so each candidate costs a bounded time and the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_anylang import anylang_rules
from contextlamp.domain.secret_frames import frame_rules
from contextlamp.domain.secret_grammar import PASSWORD_NOUNS, WS
from contextlamp.domain.secret_lists import list_rules
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_spoken import spoken_rules
from contextlamp.domain.secret_stated import stated_rules
from contextlamp.domain.secret_values import accept_password
from contextlamp.domain.secret_verbs import verb_rules

# Column headers and short keys that name a credential on their own.
SHORT_NOUNS = r"pwd|passwd|pass|pw|passphrase|passcode|pin|puk|pin[ _-]?code"
# The column of the secrets files of pppd (chap-secrets(5), pap-secrets: ``client server secret IP``), ipsec and
# RADIUS clients: a credential column whatever the file calls its other columns.
_SECRET_COLUMN = r"secret|shared[ _-]secret|psk"
# A column header is a short label, so the header nouns are the label words of the most written languages, not
# the slot layer's full lexicon: its ~120-language alternation in 24 header patterns made the scanner's prefilter
# set (one RE2 automaton for every rule) three times slower on prose.
_HEADER = (
    rf"(?:password|passwort|kennwort|mot de passe|mdp|contraseña|clave|senha|wachtwoord|lösenord|passord|"
    rf"hasło|heslo|parola|пароль|密码|密碼|パスワード|비밀번호|{SHORT_NOUNS}|{_SECRET_COLUMN})"
)
COLUMNS = 6  # a credential column among the first six
_CELL_VALUE = r"([^|\n]{1,64}?)"
_END = rf"{WS}*(?:[\n.!?;,)\]]|$)"


def _accept_cell(value: str) -> bool:
    """A cell that is a value: not a Markdown separator (``---``, ``:-:``) and a password by the slot's check."""
    cell = value.strip().strip("*`")
    return bool(cell) and set(cell) - set("-: ") != set() and accept_password(cell)


def column_patterns() -> tuple[str, ...]:
    """Markdown and delimited header lines with a credential noun in column k, the value in column k of the next
    data row (group 1)."""
    patterns: list[str] = []
    for k in range(COLUMNS):
        md_cells = rf"(?:[^|\n]{{0,60}}\|){{{k}}}"
        patterns.append(
            rf"(?im)^[ \t]*\|{md_cells}[ \t]*\**(?:{_HEADER})\**[ \t]*\|[^\n]{{0,400}}\n"
            rf"[ \t]*\|[ \t]*:?-{{2,}}[^\n]{{0,400}}\n[ \t]*\|{md_cells}[ \t]*{_CELL_VALUE}[ \t]*\|"
        )
        for sep in (",", ";", r"\t"):
            cells = rf"(?:[^{sep}\n]{{0,40}}{sep}){{{k}}}"
            after = rf"(?:{sep}[^\n]{{0,400}})"
            header_end = rf"{after}?" if k else after
            patterns.append(
                rf"(?i)(?:\A|(?m:^)[^{sep}\n]{{0,200}}\n){cells}[ \t]*\"?(?:{_HEADER})\"?[ \t]*{header_end}\n"
                rf"{cells}[ \t]*\"?([^{sep}\n\"]{{1,64}}?)\"?[ \t]*(?:{sep}|\r?$)"
            )
    return tuple(patterns)


_QUOTED = r"[\"']([^\"'\n]{1,128})[\"']"
KEY_PATTERNS = (
    rf"(?i)[\"'](?:{SHORT_NOUNS})[\"'][ \t]*:[ \t]*{_QUOTED}",
    rf"(?im)^[ \t]*[\w.-]{{1,40}}[ \t]*:[^\n]{{0,200}}\n[ \t]*(?:{SHORT_NOUNS})[ \t]*:[ \t]*[\"']?"
    rf"([^\s#\"']{{1,128}})[\"']?[ \t]*$",
)


def accept_base32_seed(value: str) -> bool:
    """Base32 (RFC 4648 alphabet, upper case) of 16+ characters with padding, at least one digit 2-7 and a letter."""
    body = value.rstrip("=")
    return len(value) >= 16 and any(c.isdigit() for c in body) and any(c.isalpha() for c in body)


# The seed's own words; "key" or "secret" alone is not enough ("my key is AKIA…" is an AWS key id, which is base32
# too): "TOTP key", "2FA secret" start with their first word.
_SEED_NOUNS = r"seed|semilla|totp|otp|2fa|mfa|authenticator|authy"
_STATED = rf"(?:{WS}*[:=]|{WS}*->|{WS}+(?:is|was|ist|est|es|é|è|är|er|is:)){WS}*"
SEED_PATTERN = (
    rf"(?i:(?:^|[^\p{{L}}\p{{N}}_])(?:{_SEED_NOUNS}))(?:{WS}+[^\s\p{{Z}}:=]{{1,24}}){{0,6}}?(?i:{_STATED})"
    r"([A-Z2-7]{16,128}={0,6})(?:[^A-Za-z0-9=]|$)"
)

_LOGIN_NOUNS = (
    r"creds|credentials|login|logins|zugangsdaten|anmeldedaten|identifiants|credenciales|credenciais|credenziali"
)
LOGIN_PATTERN = (
    rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{_LOGIN_NOUNS})(?:{WS}+[^\s\p{{Z}}:]{{1,24}}){{0,6}}?"
    rf"(?:{WS}*:|{WS}*->|{WS}+(?:are|is|sind|sont|son|são|sono|=)){WS}*"
    rf"[\w.@+-]{{1,40}}{WS}*[/|:]{WS}*([^\s\p{{Z}}\"'`,;]{{4,64}})"
)

_NETWORK = r"ssid|network|netzwerk|réseau|red|rede|rete|netwerk|wi-?fi|wlan"
_NETWORK_KEY = r"key|pass|pw|psk|passphrase|schlüssel|clé|clave|chave|chiave|sleutel"
NETWORK_PATTERN = (
    rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{_NETWORK})(?:{WS}+[^\s\p{{Z}}]{{1,32}}){{1,3}}?{WS}*[,/;—–]?{WS}*"
    rf"(?:{_NETWORK_KEY})(?:{WS}*[:=]{WS}*|{WS}+(?:is|ist|est|es|é|è){WS}+|{WS}+)"
    r"([^\s\p{Z}\"'`,;]{4,64})"
)

LONG_PHRASE_PATTERN = (
    # the phrase's words never end a sentence ("… the password reset bug.\nThe request ID was <uuid>" is two)
    rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{PASSWORD_NOUNS})(?:{WS}+[^\s\p{{Z}}:]{{0,23}}[^\s\p{{Z}}:.!?]){{1,12}}?"
    rf"(?:{WS}*:|{WS}+(?:is|was){WS}*:?){WS}+([^\s\p{{Z}}\"'`]{{6,64}}?){_END}"
)


def _accept_network_key(value: str) -> bool:
    return accept_password(value.rstrip(".,;:!?)"))


def _accept_long_phrase(value: str) -> bool:
    return shape.accept_stated_password(value) and accept_password(value)


def keyed_form_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule with the words one of which a text must hold for it to run, so the scanner prefilters them by
    keyword as it does the format layer (secret_scan._engine): their word windows in the one automaton of all rules
    made it three times slower on prose (256 KiB of LoCoMo and notes: 1.4 s -> 4.5 s CPU)."""
    header = ("password", "passwort", "kennwort", "mot de passe", "mdp", "contraseña", "clave", "senha", "wachtwoord")
    header += ("lösenord", "passord", "hasło", "heslo", "parola", "пароль", "密码", "密碼", "パスワード", "비밀번호")
    header += ("pwd", "passwd", "pass", "pw", "passphrase", "passcode", "pin", "puk")
    column_words = (*header, "secret", "psk")
    columns = tuple((Rule("Password", p, _accept_cell, resume="next"), column_words) for p in column_patterns())
    keys = tuple((Rule("Password Assignment", pattern, accept_password), header) for pattern in KEY_PATTERNS)
    seed = tuple(_SEED_NOUNS.split("|"))
    login = tuple(_LOGIN_NOUNS.split("|"))
    network = ("ssid", "network", "netzwerk", "réseau", "red", "rede", "rete", "netwerk", "wifi", "wi-fi", "wlan")
    return (
        *columns,
        *keys,
        (Rule("Two-Factor Backup Codes", SEED_PATTERN, accept_base32_seed), seed),
        (Rule("Password", LOGIN_PATTERN, accept_password), login),
        (Rule("Password", NETWORK_PATTERN, _accept_network_key), network),
        (Rule("Password", LONG_PHRASE_PATTERN, _accept_long_phrase), header[:19]),
        *frame_rules(),  # credentials named by what they do, corrected, spaced, after a secret-like noun
        *anylang_rules(),  # a Wi-Fi key and a code list in any language (stop 42)
        *spoken_rules(),  # casual nouns, grouped PINs, codes in any language, security answers (stop 43)
        *stated_rules(),  # word passphrases of spaceless scripts, user / password, a passphrase in apposition (stop 44)
        *verb_rules(),  # values joined to their noun by a verb or said before it, security answers (stop 45)
        *list_rules(),  # login lists, a number answering its noun's question, a secret in hex (stop 45, round 2)
    )
