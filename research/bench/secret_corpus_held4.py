"""A fifth split of the secret corpus, ``held4``: written before round 6's rule changes, scored once at the end.

``held3`` was read at the end of round 5, so it is a tuning split now. This split has its own seed and its own
generators, in a terse chat-and-runbook voice: vendor tokens no other split names (Swarm join tokens, k3s node
tokens, Astra, Coinbase key names, Vault batch tokens, OpenAI service-account keys, GitLab SCIM and CI build tokens,
Bitbucket Data Center tokens, Cerebras, Ory, Stytch, Scaleway, Yandex, Sanity), credentials inside the config and
command-line shapes of other tools (my.cnf, libpq keyword strings, smbclient, redis-cli, ipmitool, sqlcmd,
hostapd, wpa_supplicant, Cisco and RouterOS lines, Maven XML, Spring properties, .npmrc, openssl -passin,
fetchmailrc, Windows ``net user``, query strings), evasions of its own (percent-encoding, HTML entities, JSON
``\\u`` escapes, ``bytes.fromhex``, base32, C adjacent literals, PHP and SQL concatenation, Python parenthesised
literals over lines, YAML double-quoted line breaks, groups of four), stated credentials in languages no other split uses
(Georgian, Armenian, Amharic, Nepali, Marathi, Gujarati, Punjabi, Telugu, Kannada, Malayalam, Sinhala, Khmer, Lao,
Burmese, Mongolian, Kazakh, Uzbek, Azerbaijani, Albanian, Serbian, Slovenian, Macedonian, Welsh, Irish, Basque,
Galician, Afrikaans, Zulu, Hausa, Somali, Maltese, Belarusian, Esperanto, Pashto, Tajik) and in English phrasings
of its own, and 500+ ordinary sentences of its own: chat about credentials, command lines with ``-p`` flags that
are ports and paths, MAC and IPv6 addresses, ids with UUID bodies, base64 of harmless text, concatenated strings
and continued shell lines that hold nothing secret.

Rows are ``secret_rows.Row`` with ``half == "held4"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held4"
SEED = 6_2026_12_06_09
Maker = Callable[[random.Random], str]
LOWER = string.ascii_lowercase


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _jwtish(g: random.Random) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = (
        base64.urlsafe_b64encode(f'{{"sub":"{_r(g, LOWER_NUM, 12)}","role":"service_role"}}'.encode())
        .decode()
        .rstrip("=")
    )
    return f"{head}.{body}.{_r(g, B64URL, 43)}"


# vendor-style tokens no other split names: (kind, maker)
HELD4_FORMATS: tuple[tuple[str, Maker], ...] = (
    ("Docker Swarm join token", lambda g: f"SWMTKN-1-{_r(g, LOWER_NUM, 50)}-{_r(g, LOWER_NUM, 25)}"),
    ("k3s node token", lambda g: f"K10{_r(g, HEX, 64)}::server:{_r(g, HEX, 32)}"),
    ("DataStax Astra token", lambda g: f"AstraCS:{_r(g, string.ascii_letters, 24)}:{_r(g, HEX, 64)}"),
    ("Vault batch token", lambda g: "hvb." + _r(g, B64URL, 120)),
    ("OpenAI service account key", lambda g: "sk-svcacct-" + _r(g, B64URL, 74) + "T3BlbkFJ" + _r(g, B64URL, 74)),
    ("GitLab SCIM token", lambda g: "glsoat-" + _r(g, B64URL, 20)),
    ("GitLab CI build token", lambda g: "glcbt-" + _r(g, HEX, 2) + "_" + _r(g, B64URL, 20)),
    ("Bitbucket Data Center token", lambda g: "BBDC-" + _r(g, B62, 44)),
    ("Cerebras key", lambda g: "csk-" + _r(g, LOWER_NUM, 48)),
    ("Ory PAT", lambda g: "ory_pat_" + _r(g, B62, 32)),
    ("Stytch secret", lambda g: "secret-live-" + _r(g, B64URL, 36) + "="),
    ("Scaleway secret key", _uuid),
    ("Yandex OAuth token", lambda g: "y0_AgAAAAA" + _r(g, B64URL, 48)),
    ("Sanity token", lambda g: "sk" + _r(g, B62, 180)),
    ("Coinbase CDP key name", lambda g: f"organizations/{_uuid(g)}/apiKeys/{_uuid(g)}"),
    ("LaunchDarkly API token", lambda g: "api-" + _uuid(g)),
    ("Supabase service role JWT", _jwtish),
    ("Intercom access token", lambda g: "dG9rOj" + _r(g, B64, 54) + "="),
    ("Slack legacy token", lambda g: f"xoxa-2-{_r(g, string.digits, 12)}-{_r(g, string.digits, 12)}-{_r(g, string.digits, 12)}-{_r(g, HEX, 64)}"),
    ("Azure IoT SAS", lambda g: f"SharedAccessSignature sr=acme-hub.azure-devices.net&sig={_r(g, B62, 43)}%3D&se={g.randint(1_700_000_000, 1_800_000_000)}&skn=iothubowner"),
    ("Mailjet secret", lambda g: _r(g, HEX, 32)),
    ("Deepgram key", lambda g: _r(g, HEX, 40)),
    ("Vercel token", lambda g: _r(g, B62, 24)),
    ("Fly.io token", lambda g: "FlyV1 fm2_" + _r(g, B64, 160)),
    ("Grafana legacy API key", lambda g: "eyJrIjoi" + _r(g, B62, 60) + "In0="),
    ("Voyage AI key", lambda g: "pa-" + _r(g, B64URL, 43)),
    ("Anyscale key", lambda g: "esecret_" + _r(g, LOWER_NUM, 28)),
    ("Linode token", lambda g: _r(g, HEX, 64)),
    ("Upstash token", lambda g: "AX" + _r(g, B62, 8) + "ASQgO" + _r(g, B62, 60) + "="),
    ("Turso auth token", _jwtish),
)  # fmt: skip

# values inside the config and command-line shapes of other tools: (kind, template with {v}, maker)
_ROUGH = B62 + "!#%^*"


def _plain(g: random.Random) -> str:
    """A password a person picks: a word, a number, a name; not random."""
    return g.choice(
        (
            g.choice(("summer", "falcon", "orange", "Winter", "dragon", "Monday", "letmein", "qwerty"))
            + str(g.randint(1, 2026)),
            g.choice(("Falcon", "Kestrel", "Harbor", "Meadow"))
            + g.choice(("!", "?", "#", ""))
            + g.choice(("Blue", "Rain", "Stone")),
            _r(g, _ROUGH, g.randint(10, 18)),
        )
    )


HELD4_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("my.cnf password", "[client]\nuser=backup\npassword={v}\nhost=db-2", _plain),
    ("libpq keyword string", 'psql "host=pg.lan port=5432 dbname=ledger user=auditor password={v} sslmode=require"', _plain),
    ("smbclient user%pass", "smbclient //nas/share -U archiver%{v}", _plain),
    ("redis-cli -a", "redis-cli -h cache.lan -p 6379 -a {v} ping", _plain),
    ("ipmitool -P", "ipmitool -I lanplus -H 10.1.1.40 -U ADMIN -P {v} chassis status", _plain),
    ("sqlcmd -P", "sqlcmd -S sql01 -U sa -P {v} -Q \"select 1\"", _plain),
    ("mongosh -p", "mongosh --host mongo1 -u root -p {v} --authenticationDatabase admin", _plain),
    ("hostapd passphrase", "interface=wlan0\nssid=Attic\nwpa_passphrase={v}", _plain),
    ("wpa_supplicant psk", 'network={{\n    ssid="Barn"\n    psk="{v}"\n}}', _plain),
    ("Cisco enable secret", "enable secret 0 {v}", _plain),
    ("Cisco user password", "username netops privilege 15 password 0 {v}", _plain),
    ("RouterOS user password", "/user set admin password={v}", _plain),
    ("Maven settings password", "<server>\n  <id>nexus</id>\n  <username>ci</username>\n  <password>{v}</password>\n</server>", _plain),
    ("Spring datasource password", "spring.datasource.password={v}", _plain),
    (".npmrc auth token", "//npm.pkg.acme.dev/:_authToken={v}", lambda g: _r(g, B64URL, 36)),
    ("openssl -passin", "openssl rsa -in key.pem -passin pass:{v} -out plain.pem", _plain),
    ("fetchmailrc", "poll imap.acme.dev protocol IMAP user 'lena' password '{v}'", _plain),
    ("Windows net user", "net user svc_backup {v} /add", _plain),
    ("query string api key", "GET https://api.weather.example/v2/forecast?city=Oslo&apikey={v}", lambda g: _r(g, HEX, 32)),
    ("query string access token", "https://graph.acme.dev/me?fields=id&access_token={v}", lambda g: _r(g, B62, 40)),
    ("curl -u", "curl -u ops:{v} https://jenkins.lan/api/json", _plain),
    ("PGPASSWORD env", "PGPASSWORD={v} pg_dump -h pg.lan ledger > ledger.sql", _plain),
    ("docker -e password", "docker run -d -e MYSQL_ROOT_PASSWORD={v} mysql:8", _plain),
    ("Ansible become pass", "[web]\nweb1 ansible_user=deploy ansible_become_pass={v}", _plain),
    ("Terraform admin password", 'admin_password = "{v}"', _plain),
    ("JSON pass field", '{{"host": "smtp.lan", "user": "alerts", "pass": "{v}"}}', _plain),
    ("wget http password", "wget --http-user=ci --http-password={v} https://artifacts.lan/build.zip", _plain),
    ("mosquitto -P", "mosquitto_pub -h mqtt.lan -u sensor -P {v} -t temp -m 21", _plain),
    ("Twilio auth token", "TWILIO_AUTH_TOKEN={v}", lambda g: _r(g, HEX, 32)),
    ("Algolia admin key", "ALGOLIA_ADMIN_KEY: {v}", lambda g: _r(g, HEX, 32)),
    ("Confluent API secret", "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{u}' password='{v}';".replace("{u}", "ABCDEFGHIJKLMNOP"), lambda g: _r(g, B64, 64)),
    ("Scaleway access pair", "SCW_ACCESS_KEY=SCW{u}\nSCW_SECRET_KEY={v}".replace("{u}", "ABCDEFGHJKMNPQRST"), _uuid),
    ("Azure OpenAI api-key header", "api-key: {v}", lambda g: _r(g, HEX, 32)),
    ("Vault unseal key", "Unseal Key 1: {v}", lambda g: _r(g, B64, 43) + "="),
)  # fmt: skip
HELD4_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD4_LABELLED)

HELD4_CONTEXTS = (
    "ok new creds for staging: {v}",
    "fyi {v} (rotated after the offboarding)",
    "[ops] prod value -> {v}",
    "{v}",
    '"apiToken": "{v}",',
    "Saved {v} to the team notes, delete later",
    "heres the thing u asked for {v}",
    "settings.SECRET = '{v}'",
)


def _pct(s: str) -> str:
    return "".join(f"%{ord(c):02X}" for c in s)


def _entities(s: str) -> str:
    return "".join(f"&#x{ord(c):x};" for c in s)


def _uescape(s: str) -> str:
    return '"' + "".join(f"\\u{ord(c):04x}" for c in s) + '"'


def _thirds(s: str) -> tuple[str, str, str]:
    a, b = len(s) // 3, 2 * len(s) // 3
    return s[:a], s[a:b], s[b:]


def _groups(s: str) -> str:
    return " ".join(s[i : i + 4] for i in range(0, len(s), 4))


HELD4_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("percent-encoded", _pct),
    ("HTML entities", _entities),
    ("JSON unicode escapes", _uescape),
    ("bytes.fromhex", lambda s: f'bytes.fromhex("{s.encode().hex()}").decode()'),
    ("base32", lambda s: base64.b32encode(s.encode()).decode()),
    ("C adjacent literals", lambda s: '"{}" "{}" "{}"'.format(*_thirds(s))),
    ("PHP dot concatenation", lambda s: "'{}' . '{}' . '{}'".format(*_thirds(s))),
    ("SQL || concatenation", lambda s: f"'{s[: len(s) // 2]}' || '{s[len(s) // 2 :]}'"),
    ("parenthesised literals over lines", lambda s: f'(\n    "{s[: len(s) // 2]}"\n    "{s[len(s) // 2 :]}"\n)'),
    ("YAML escaped line breaks", lambda s: '"' + "\\\n  ".join(_thirds(s)) + '"'),
    ("groups of four", _groups),
)  # fmt: skip
HELD4_EVASION_CONTEXTS = (
    "pasting it here so I don't lose it: {v}",
    "value={v}",
    "from the old script: {v}",
    "-> {v}",
)


def _pass(g: random.Random) -> str:
    return g.choice(
        (
            g.choice(("harbor", "juniper", "comet", "tulip", "anchor", "maple", "ember", "quartz", "otter", "plum"))
            + str(g.randint(10, 99)),
            " ".join(
                g.choice(("blue", "horse", "window", "river", "candle", "paper", "seven", "cloud"))
                for _ in range(g.randint(3, 4))
            ),
            _r(g, B62 + "@$", g.randint(8, 14)),
            g.choice(("Shanthi", "Tamar", "Nodira", "Berik", "Ayelet", "Sione")) + str(g.randint(1960, 2010)),
            str(g.randint(100000, 99999999)),
        )
    )


def _pin(g: random.Random) -> str:
    return str(g.randint(0, 10**6 - 1)).zfill(g.choice((4, 5, 6)))


def _codes(g: random.Random) -> str:
    n = g.randint(4, 8)
    items = (
        [f"{_r(g, LOWER_NUM, 4)}-{_r(g, LOWER_NUM, 4)}-{_r(g, LOWER_NUM, 4)}" for _ in range(n)]
        if g.random() < 0.5
        else [_r(g, string.digits, 10) for _ in range(n)]
    )
    return g.choice(("; ", "  ", ", ")).join(items)


def _answer(g: random.Random) -> str:
    return g.choice(
        ("Nakamura", "Pemberton", "Rutabaga", "Kilimanjaro", "Dumpling", "Ostrowski", "Biscayne", "Hollyhock")
    )


def _phrase(g: random.Random) -> str:
    return " ".join(
        g.choice(
            (
                "abandon",
                "ladder",
                "zebra",
                "orbit",
                "velvet",
                "salmon",
                "truly",
                "acid",
                "blossom",
                "cement",
                "fringe",
                "humble",
            )
        )
        for _ in range(12)
    )


# (kind, language, templates): every language and English phrasing is new to this split
HELD4_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "en", (
        "vpn: {v}", "the laptop unlocks with {v}", "creds -> admin:{v}", "{v} (thats the nas pass)",
        "Master password for the vault? {v}", "login for the kiosk is kiosk/{v}", "Guest wifi this week: {v}",
        "Rotated the printer admin pw, it's {v} now", "It's {v} for the staging db, same as before",
        "pass for grandma's ipad = {v}",
    )),
    ("PIN", "en", (
        "open the bike lock with {v}", "phone unlock code {v}", "garage keypad: {v}",
        "I set the voicemail PIN to {v}", "type {v} on the alarm panel", "card pin {v} (don't tell anyone)",
    )),
    ("backup codes", "en", (
        "GitHub recovery codes, store somewhere safe:\n{v}", "one-time codes for the Google account {v}",
        "scratch codes: {v}", "2FA rescue codes -> {v}",
    )),
    ("security answer", "en", (
        "mother's maiden name (for the bank): {v}", "the answer to 'name of your first school' is {v}",
        "security Q: street you grew up on -> {v}", "secret answer on the utility account: {v}",
    )),
    ("seed phrase", "en", ("wallet recovery phrase: {v}", "the 12 words are {v}", "seed: {v}")),
    ("password", "ka", ("პაროლი არის {v}", "პაროლი: {v}", "wifi-ს პაროლი {v}")),
    ("password", "hy", ("Գաղտնաբառը՝ {v}", "գաղտնաբառ: {v}", "wifi-ի գաղտնաբառն է {v}")),
    ("password", "am", ("የይለፍ ቃሉ {v} ነው", "የይለፍ ቃል: {v}", "የዋይፋይ የይለፍ ቃል {v}")),
    ("password", "ne", ("पासवर्ड {v} हो", "मेरो पासवर्ड: {v}", "वाइफाइको पासवर्ड {v}")),
    ("password", "mr", ("संकेतशब्द {v} आहे", "पासवर्ड: {v}", "वायफायचा पासवर्ड {v} आहे")),
    ("password", "gu", ("પાસવર્ડ {v} છે", "પાસવર્ડ: {v}", "મારો પાસવર્ડ {v}")),
    ("password", "pa", ("ਪਾਸਵਰਡ {v} ਹੈ", "ਪਾਸਵਰਡ: {v}", "ਵਾਈਫਾਈ ਦਾ ਪਾਸਵਰਡ {v}")),
    ("password", "te", ("పాస్‌వర్డ్ {v}", "పాస్‌వర్డ్: {v}", "వైఫై పాస్‌వర్డ్ {v}")),
    ("password", "kn", ("ಪಾಸ್‌ವರ್ಡ್ {v}", "ಪಾಸ್‌ವರ್ಡ್: {v}", "ನನ್ನ ಪಾಸ್‌ವರ್ಡ್ {v}")),
    ("password", "ml", ("പാസ്‌വേഡ് {v} ആണ്", "പാസ്‌വേഡ്: {v}", "വൈഫൈ പാസ്‌വേഡ് {v}")),
    ("password", "si", ("මුරපදය {v}", "මුරපදය: {v}", "wifi මුරපදය {v}")),
    ("password", "km", ("ពាក្យសម្ងាត់គឺ {v}", "ពាក្យសម្ងាត់: {v}", "ពាក្យសម្ងាត់ wifi {v}")),
    ("password", "lo", ("ລະຫັດຜ່ານແມ່ນ {v}", "ລະຫັດຜ່ານ: {v}", "ລະຫັດຜ່ານ wifi {v}")),
    ("password", "my", ("စကားဝှက်က {v}", "စကားဝှက်: {v}", "wifi စကားဝှက် {v}")),
    ("password", "mn", ("Нууц үг: {v}", "нууц үг нь {v}", "wifi-н нууц үг {v}")),
    ("password", "kk", ("Құпия сөз: {v}", "құпия сөз {v}", "wifi құпия сөзі {v}")),
    ("password", "uz", ("Parol: {v}", "wifi paroli {v}", "mening parolim {v}")),
    ("password", "az", ("Şifrə: {v}", "wifi şifrəsi {v}", "parol {v}-dir")),
    ("password", "sq", ("Fjalëkalimi është {v}", "Fjalëkalimi: {v}", "fjalëkalimi i wifi {v}")),
    ("password", "sr", ("Лозинка је {v}", "Лозинка: {v}", "lozinka za wifi je {v}")),
    ("password", "sl", ("Geslo za wifi je {v}", "Geslo: {v}", "moje geslo je {v}")),
    ("password", "mk", ("Лозинката е {v}", "Лозинка: {v}", "лозинката за wifi е {v}")),
    ("password", "cy", ("Y cyfrinair yw {v}", "Cyfrinair: {v}", "cyfrinair y wifi yw {v}")),
    ("password", "ga", ("Is é an pasfhocal ná {v}", "Pasfhocal: {v}", "pasfhocal an wifi {v}")),
    ("password", "eu", ("Pasahitza {v} da", "Pasahitza: {v}", "wifiaren pasahitza {v}")),
    ("password", "gl", ("O contrasinal é {v}", "Contrasinal: {v}", "o contrasinal da wifi é {v}")),
    ("password", "af", ("Die wagwoord is {v}", "Wagwoord: {v}", "die wifi-wagwoord is {v}")),
    ("password", "zu", ("Iphasiwedi ithi {v}", "Iphasiwedi: {v}", "iphasiwedi ye-wifi {v}")),
    ("password", "ha", ("Kalmar sirri ita ce {v}", "Kalmar sirri: {v}", "kalmar sirrin wifi {v}")),
    ("password", "so", ("Furaha sirta waa {v}", "Furaha sirta: {v}", "furaha sirta wifi {v}")),
    ("password", "mt", ("Il-password hija {v}", "Password: {v}", "il-password tal-wifi hija {v}")),
    ("password", "be", ("Пароль: {v}", "пароль ад wifi {v}", "мой пароль {v}")),
    ("password", "eo", ("La pasvorto estas {v}", "Pasvorto: {v}", "la wifi-pasvorto estas {v}")),
    ("password", "ps", ("پټنوم {v} دی", "پټنوم: {v}", "د وای فای پټنوم {v}")),
    ("password", "tg", ("Парол: {v}", "пароли wifi {v}", "пароли ман {v}")),
)  # fmt: skip
HELD4_VALUE_OF: dict[str, Maker] = {
    "password": _pass,
    "PIN": _pin,
    "backup codes": _codes,
    "security answer": _answer,
    "seed phrase": _phrase,
}

# -- ordinary sentences: chat, runbooks and config that a memory holds, nothing secret in them -----------------

HELD4_PROSE = (
    # chat about credentials, in passing
    "lol {person} locked herself out again, third password reset this week",
    "reminder: nobody should paste a {thing} in the channel",
    "{person} is rotating the {thing} for {system} tonight, expect a blip",
    "the {thing} in the wiki is stale, ask {person}",
    "we need a policy for how long a {thing} lives",
    "Can someone explain why {system} wants a new {thing} every {n} days?",
    "password managers are mandatory from Q3",
    "pls don't reuse the {thing} across envs",
    "got a phishing mail asking for my {thing}, reported it",
    "{person} forgot the PIN for the office safe, locksmith is coming",
    "The kiosk asks for a PIN before every payment.",
    "Security questions are weak; we turned them off.",
    "What was your first pet's name? is the worst security question ever.",
    "I typed my PIN wrong {n} times and the card got eaten",
    "entered the wrong passcode, phone is locked for {n} minutes",
    "Dial {n}{n}{n} for the front desk.",
    "recovery codes are printed and in the fire safe",
    "2FA codes arrive by SMS, which {person} hates",
    "The {thing} field is masked in the UI now.",
    "{person} asked whether the {thing} should be base64 encoded (no).",
    "the vpn password prompt hangs on macOS {n}",
    "We log the token's id, never the token.",
    "Passphrases beat passwords for the laptop disk.",
    "{system} rejects passwords containing the username.",
    "My password expired so I could not log in this morning.",
    "Set up SSO so people stop emailing passwords around.",
    "The seed phrase stays on paper, never on a computer.",
    "{person} keeps the root password in a sealed envelope.",
    "The door code changes on the first of every month.",
    "The default PIN on new SIMs is printed on the card.",
    "nobody knows the admin password for the old Wiki, we'll rebuild it",
    "The API key was revoked after the {system} leak.",
    "ask {person} for the staging creds, not me",
    "The password is hashed with argon2id, cost {n}.",
    "Tokens expire after {n} hours and refresh silently.",
    # command lines and flags that are not credentials
    "ssh -p {port} {person_l}@bastion.lan",
    "docker run -p {port}:80 nginx",
    "mkdir -p /var/lib/{system_l}/data",
    "git log -p --follow src/{system_l}.py",
    "python -m pytest -p no:cacheprovider -q",
    "scp -P {port} backup.tar.gz {person_l}@files.lan:",
    "mysql -h db.lan -P 3306 -u readonly --password",
    "cp -p config.yaml config.yaml.bak",
    "redis-cli -h cache.lan -p 6379 info memory",
    "psql -h pg.lan -p 5432 -U {person_l} ledger",
    'curl -u "$USER:$TOKEN" https://ci.lan/api',
    "read -s -p 'Password: ' PW",
    "sshpass -f ~/.pwfile ssh ops@10.0.0.{n}",
    "openssl rsa -in key.pem -passin env:KEY_PASS -out plain.pem",
    "PGPASSWORD=$(cat ~/.pgpw) pg_dump ledger",
    "docker run -e MYSQL_ROOT_PASSWORD_FILE=/run/secrets/db mysql:8",
    "net user {person_l} /domain",
    "ipmitool -I lanplus -H 10.1.1.{n} -U ADMIN -E chassis status",
    "aws configure get region --profile {system_l}",
    "kubectl get secret {system_l}-creds -o yaml | grep -c data",
    "ansible-playbook site.yml --ask-become-pass",
    "gpg --armor --export {person_l}@acme.dev",
    "docker build \\\n  --tag {system_l}:{sha7} \\\n  --file Dockerfile .",
    "./configure \\\n  --prefix=/opt/{system_l} \\\n  --with-ssl",
    # config shapes without a value
    "[client]\nuser=readonly\nhost=db-{n}",
    "spring.datasource.password=${{DB_PASSWORD}}",
    "password = ${{env:SMTP_PASSWORD}}",
    "<password>${{env.NEXUS_PASSWORD}}</password>",
    "//registry.npmjs.org/:_authToken=${{NPM_TOKEN}}",
    "wpa_passphrase=CHANGE_ME",
    "admin_password = var.admin_password",
    '"pass": null,',
    "api-key: <set in the portal>",
    "psk=<redacted>",
    'password = ""',
    "password: ''",
    "PASSWORD=",
    "secret: REPLACE_WITH_REAL_VALUE",
    # public material and ids that look random
    "MAC {mac} is the printer on floor {n}.",
    "The router's link-local address is fe80::{hex4}:{hex4}:{hex4}:{hex4}.",
    "The meeting runs 10:30:00 to 11:45:00.",
    "Host db-{n}.lan:5432 is the replica.",
    "Subscription {uuid} hosts the {system} resources.",
    "tenant-id: {uuid}",
    "order-{uuid} shipped {date}",
    "req_{uuid} failed with 503",
    "The Azure resource id is /subscriptions/{uuid}/resourceGroups/{system_l}-rg.",
    "invoice_{hex24} was paid",
    "The session id in the bug report is {hex32}, it is long expired.",
    "echo {b64_hello} | base64 -d",
    "The base64 of the logo header is iVBORw0KGgo, as always for PNG.",
    "Commit {sha} fixed the flaky test.",
    "Release {system_l}-v{n}.{n}.{n} is tagged at {sha7}.",
    "The build cache key is {system_l}-{sha256}.",
    "The webhook URL is https://hooks.acme.dev/in/{system_l}, no token in it.",
    "Paste bin id {b62_8} has the stack trace.",
    'The S3 ETag is "{md5}".',
    "Our Sentry project id is {n}{n}{n}{n}{n}{n}.",
    "Public key for release signing: RWQ{b64_40}",
    "The commit is signed: gpg key {hex16}.",
    "Group {n}{n} of the Swarm has {n} managers.",
    'greeting = "Hello, " + name + "!"',
    'path = base + "/" + "uploads" + "/" + filename',
    'msg = "Disk " "usage " "high"',
    "label = 'Total: ' . $count . ' items'",
    "SELECT first_name || ' ' || last_name FROM staff",
    'url = (\n    "https://api.lan/v2"\n    "/items"\n)',
    "description: >-\n  Deploys the {system_l} service\n  every night",
    "Ticket {upper4}-{n}{n}{n}{n} is about the password reset email.",
    "The tracking code is {upper4} {upper4} {upper4}.",
    "The model hash is {sha256} (public weights).",
    # more chat, runbooks and everyday notes with names and numbers
    "{person} will demo the {system} password-less login on Friday.",
    "{person} says the {thing} for {system} lives in 1Password, vault Ops.",
    "Ask {person} before you regenerate the {system} {thing}.",
    "{system} outage: tokens minted before {n}:00 were invalid.",
    "{person} suggested a {n}-word passphrase policy.",
    "The {system} admin console times out after {n} minutes idle.",
    "{person} filed a bug: the PIN pad on the {system} kiosk ignores the {n} key.",
    "Runbook step {n}: confirm the {thing} still works, then close the ticket.",
    "{person} paired with {person2} on the {system} auth refactor.",
    "The {system} cluster has {n} brokers since the upgrade.",
    "{person} left a note: the {thing} prompt now shows a strength meter.",
    "{system} audit found {n} accounts without 2FA.",
    "On-call this week: {person}, backup {person2}.",
    "{person}'s badge stopped opening the {system} lab door.",
    "{person} asked for read-only access to {system}.",
    "The {system} service account belongs to {person} now.",
    "{n} people still share one {thing}; fix that in Q{n}.",
    "{person} wants an alert when a {thing} is about to expire.",
    "Deploys of {system} need two approvals since {date}.",
    "{person} renamed the {system} repo to {system_l}-core.",
    "{person} is out sick, {person2} covers the {system} review.",
    "The {system} bill went up {n}% last month.",
    "{person} prefers the {thing} to be typed, not pasted.",
    "Retro note: the {system} {thing} handover went smoothly.",
    "{person} booked room {n}{n} for the security training.",
    "The {thing} rotation job for {system} runs at 0{n}:00 UTC.",
    "{person} thinks {system} should move to short-lived credentials.",
    "The {system} login page now supports passkeys.",
    "{person}: 'is the {thing} in the vault or in the env file?'",
    "{person} cleaned up {n} stale API keys in {system}.",
    # other languages, in passing
    "Паролата се сменя на всеки {n} дни.",
    "პაროლი უნდა შეიცავდეს ციფრს.",
    "Գաղտնաբառը պետք է լինի առնվազն {n} նիշ։",
    "पासवर्ड बिर्सनुभयो भने इमेल हेर्नुहोस्।",
    "Fjalëkalimi duhet të ndryshohet çdo muaj.",
    "Geslo mora imeti vsaj {n} znakov.",
    "Rhaid i'r cyfrinair fod yn hir.",
    "Pasahitza aldatu behar da hilero.",
    "O contrasinal debe ter {n} caracteres.",
    "Die wagwoord moet elke maand verander.",
    "Parol kamida {n} belgidan iborat bo'lishi kerak.",
    "Şifrə ən azı {n} simvol olmalıdır.",
    "Лозинка мора да има најмање {n} знакова.",
    "La pasvorto devas havi almenaŭ {n} signojn.",
    "Нууц үгээ хэнд ч битгий хэл.",
    "Құпия сөзді ешкімге айтпаңыз.",
    "ពាក្យសម្ងាត់ត្រូវតែវែង។",
    "ਪਾਸਵਰਡ ਕਿਸੇ ਨਾਲ ਸਾਂਝਾ ਨਾ ਕਰੋ।",
    "పాస్‌వర్డ్ ఎవరికీ చెప్పవద్దు.",
    "മറ്റാരോടും പാസ്‌വേഡ് പറയരുത്.",
    "Ne dijeli lozinku ni s kim.",
    "Il-password trid tinbidel kull xahar.",
    "Kalmar sirri dole ta kasance mai tsawo.",
    "پټنوم باید اوږد وي.",
    "Ang PIN ay hindi dapat ibahagi.",
    "Le code PIN est demandé à chaque achat.",
    "Die PIN wird nie per Telefon abgefragt.",
    "El código de la puerta cambia cada mes.",
    "A senha do wifi está no cartão da recepção.",
    "Der Schlüssel liegt beim Hausmeister.",
    # everyday memory
    "{person} moved the {system} standup to {n}:15.",
    "The {system} migration finished in {n} minutes.",
    "Budget for Q{n} offsite is approved.",
    "{person} is on parental leave until {date}.",
    "Use the blue lanyard for the server room.",
    "Lunch order goes in by 11.",
    "The {system} SLA is {n}9.9%.",
    "{person} prefers the dark theme.",
)

THINGS = (
    "password",
    "API key",
    "token",
    "PIN",
    "passphrase",
    "client secret",
    "deploy key",
    "recovery code",
    "alarm code",
    "SSH key",
)
SYSTEMS = ("Okta", "Jira", "Grafana", "Vault", "Kafka", "Airflow", "Snowflake", "Twilio", "Sentry", "Nomad")
PEOPLE = ("Adaeze", "Bartek", "Chiara", "Dmitri", "Esra", "Femi", "Greta", "Hiro", "Ines", "Jakub")


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for template in HELD4_PROSE:
        for _ in range(5):
            system = g.choice(SYSTEMS)
            person = g.choice(PEOPLE)
            fields = {
                "person2": g.choice(PEOPLE),
                "thing": g.choice(THINGS),
                "n": g.choice((2, 3, 4, 5, 7, 8, 10, 12, 14, 30)),
                "port": g.choice((22, 2222, 8080, 8443, 5000, 9000)),
                "system": system,
                "system_l": system.lower(),
                "person": person,
                "person_l": person.lower(),
                "date": f"2026-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "sha": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha256": _r(g, HEX, 64),
                "md5": _r(g, HEX, 32),
                "hex32": _r(g, HEX, 32),
                "hex24": _r(g, HEX, 24),
                "hex16": _r(g, HEX, 16),
                "hex4": _r(g, HEX, 4),
                "mac": ":".join(_r(g, HEX, 2) for _ in range(6)),
                "uuid": _uuid(g),
                "b64_hello": base64.b64encode(
                    g.choice((b"hello world", b"disk usage report", b"backup finished ok", b"meeting at noon"))
                ).decode(),
                "b64_40": base64.b64encode(hashlib.sha256(g.randbytes(8)).digest()[:30]).decode(),
                "b62_8": _r(g, B62, 8),
                "upper4": _r(g, UPPER_NUM, 4),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held4 split (deterministic for a seed): formats, evasions, stated credentials, prose."""
    g = random.Random(seed)
    out: list[Row] = []
    formats: list[Row] = []
    for f_index, (kind, make) in enumerate(HELD4_FORMATS):
        for k in range(3):
            value = make(g)
            formats.append(
                Row(
                    HALF, "format", kind, HELD4_CONTEXTS[(f_index * 3 + k) % len(HELD4_CONTEXTS)].format(v=value), value
                )
            )
    for kind, template, make in HELD4_LABELLED:
        for _ in range(3):
            value = make(g)
            formats.append(Row(HALF, "format", kind, template.format(v=value), value))
    out += formats
    for index, row in enumerate(formats):
        if "\n" in row.secret or " " in row.secret or index % 3 == 1:  # two of each kind's three are evaded
            continue
        for e_index, (name, evade) in enumerate(HELD4_EVASIONS):
            if (index + e_index) % 3 == 0:  # two evasions in three per value keep the split a readable size
                continue
            evaded = evade(row.secret)
            if row.kind in HELD4_LABELLED_KINDS or (index + e_index) % 2:
                text = row.text.replace(row.secret, evaded)
            else:
                text = HELD4_EVASION_CONTEXTS[(index + e_index) % len(HELD4_EVASION_CONTEXTS)].format(v=evaded)
            out.append(Row(HALF, "evasion", f"evasion: {name}", text, row.secret))
    for kind, language, templates in HELD4_STATED:
        for template in templates:
            for _ in range(3):
                value = HELD4_VALUE_OF[kind](g)
                out.append(Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), value))
    out += list(_prose(g))
    return out
