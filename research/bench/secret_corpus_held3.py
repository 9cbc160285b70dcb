"""A fourth split of the secret corpus, ``held3``: written before round 5's rule changes, scored once at the end.

The ``fresh`` split was read while round 4 was tuned, so it is no longer blind either. This split has its own
seed, vendors and labelled structures no other split names (prefixed tokens, hashes of passwords, key blocks,
connection strings of other protocols, values only a label or a header tells), its own evasions (invisible
separators, combining marks, variation selectors, mathematical and circled letters, Armenian/Cherokee
look-alikes, MIME-wrapped base64, shell line continuations, no-break spacing, string concatenation), stated
credentials in new phrasings (value before the noun, login lines, "use X to log in", messages) and in languages
no other split uses (Romanian, Hebrew, Thai, Malay, Swahili, Persian, Bengali, Urdu, Catalan, Croatian,
Slovak, Bulgarian, Ukrainian, Lithuanian, Latvian, Estonian, Icelandic, Norwegian, Tamil, Filipino), and 500+
ordinary sentences of its own in many languages: prose about credentials, hashes, UUIDs, commit ids, digests,
public keys, base64 images, code and config that read a credential without holding one.

Rows are ``secret_rows.Row`` with ``half == "held3"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B58, B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held3"
SEED = 5_2026_12_06_07
Maker = Callable[[random.Random], str]
B32L = "abcdefghijklmnopqrstuvwxyz234567"


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _bcrypt(g: random.Random) -> str:
    return "$2y$" + g.choice(("10", "12")) + "$" + _r(g, B62 + "./", 53)


def _sha512crypt(g: random.Random) -> str:
    return "$6$" + _r(g, B62 + "./", 16) + "$" + _r(g, B62 + "./", 86)


def _wif(g: random.Random) -> str:
    return g.choice("KL") + _r(g, B58, 51)


def _pgp(g: random.Random) -> str:
    body = "\n".join(_r(g, B64, 64) for _ in range(3))
    return f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGX{_r(g, B64, 57)}\n{body}\n=Ab{_r(g, B64, 2)}\n-----END PGP PRIVATE KEY BLOCK-----"


def _ec_pem(g: random.Random) -> str:
    return f"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{_r(g, B64, 55)}\noAoGCCqGSM49AwEHoUQDQgAE{_r(g, B64, 40)}\n-----END EC PRIVATE KEY-----"


# vendor-style tokens no other split names: (kind, maker)
HELD3_FORMATS: tuple[tuple[str, Maker], ...] = (
    ("Slack user token", lambda g: f"xoxp-{_r(g, string.digits, 11)}-{_r(g, string.digits, 12)}-{_r(g, string.digits, 13)}-{_r(g, HEX, 32)}"),
    ("Slack config refresh token", lambda g: "xoxe-1-" + _r(g, B62, 146)),
    ("GitHub user-to-server token", lambda g: "ghu_" + _r(g, B62, 36)),
    ("GitLab feed token", lambda g: "glft-" + _r(g, B64URL, 20)),
    ("GitLab OAuth app secret", lambda g: "gloas-" + _r(g, HEX, 64)),
    ("GitLab incoming mail token", lambda g: "glimt-" + _r(g, LOWER_NUM, 25)),
    ("GitLab agent token", lambda g: "glagent-" + _r(g, B64URL, 50)),
    ("Anthropic admin key", lambda g: "sk-ant-admin01-" + _r(g, B64URL, 93) + "AA"),
    ("xAI key", lambda g: "xai-" + _r(g, B62, 80)),
    ("Hugging Face org token", lambda g: "api_org_" + _r(g, string.ascii_letters, 34)),
    ("Contentful PAT", lambda g: "CFPAT-" + _r(g, B64URL, 43)),
    ("Duffel token", lambda g: "duffel_live_" + _r(g, B64URL, 43)),
    ("Netlify PAT", lambda g: "nfp_" + _r(g, B62, 36)),
    ("Render key", lambda g: "rnd_" + _r(g, B62, 32)),
    ("Neon API key", lambda g: "napi_" + _r(g, LOWER_NUM, 64)),
    ("Resend key", lambda g: f"re_{_r(g, B62, 8)}_{_r(g, B62, 24)}"),
    ("Plaid access token", lambda g: "access-production-" + _uuid(g)),
    ("Shopify private app password", lambda g: "shppa_" + _r(g, HEX, 32)),
    ("Sourcegraph token", lambda g: "sgp_" + _r(g, HEX, 40)),
    ("Bitbucket app password", lambda g: "ATBB" + _r(g, B62, 32) + _r(g, HEX.upper(), 8)),
    ("LaunchDarkly SDK key", lambda g: "sdk-" + _uuid(g)),
    ("ElevenLabs key", lambda g: "sk_" + _r(g, HEX, 48)),
    ("SonarQube user token", lambda g: "squ_" + _r(g, HEX, 40)),
    ("SonarQube project token", lambda g: "sqp_" + _r(g, HEX, 40)),
    ("Akamai client token", lambda g: f"akab-{_r(g, LOWER_NUM, 16)}-{_r(g, LOWER_NUM, 16)}"),
    ("ClickUp token", lambda g: f"pk_{g.randint(10**7, 10**8)}_{_r(g, UPPER_NUM, 32)}"),
    ("Notion legacy secret", lambda g: "secret_" + _r(g, B62, 43)),
    ("HubSpot private app token", lambda g: "pat-na1-" + _uuid(g)),
    ("Mandrill key", lambda g: "md-" + _r(g, B64URL, 22)),
    ("OneSignal key", lambda g: "os_v2_app_" + _r(g, B32L, 110)),
    ("PostHog personal key", lambda g: "phx_" + _r(g, B62, 43)),
    ("Aiven service password", lambda g: "AVNS_" + _r(g, B64URL, 23)),
    ("Artifactory reference token", lambda g: "cmVmdGtuOjAxOj" + _r(g, B62, 50)),
    ("Riot API key", lambda g: "RGAPI-" + _uuid(g)),
    ("Paystack secret key", lambda g: "sk_live_" + _r(g, HEX, 40)),
    ("Mollie key", lambda g: "live_" + _r(g, B62, 30)),
    ("Klaviyo private key", lambda g: "pk_" + _r(g, HEX, 34)),
    ("Langfuse secret key", lambda g: "sk-lf-" + _uuid(g)),
    ("Infisical service token", lambda g: f"st.{_uuid(g)}.{_r(g, HEX, 32)}.{_r(g, HEX, 32)}"),
    ("Bitwarden access token", lambda g: f"0.{_uuid(g)}.{_r(g, B62, 30)}:{_r(g, B64, 22)}=="),
    ("AWS STS key id", lambda g: "ASIA" + _r(g, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)),
    ("AWS session token", lambda g: "FwoGZXIvYXdzE" + _r(g, B64, 300)),
    ("Google OAuth refresh token", lambda g: "1//0" + _r(g, B64URL, 99)),
    ("Facebook access token", lambda g: "EAAG" + _r(g, B62, 180)),
    ("Twitter bearer token", lambda g: "AAAAAAAAAAAAAAAAAAAAA" + _r(g, B62, 18) + "%3D" + _r(g, B62, 50)),
    ("Discord webhook", lambda g: f"https://discord.com/api/webhooks/{g.randint(10**17, 10**18)}/{_r(g, B64URL, 68)}"),
    ("Teams webhook", lambda g: f"https://acme.webhook.office.com/webhookb2/{_uuid(g)}@{_uuid(g)}/IncomingWebhook/{_r(g, HEX, 32)}/{_uuid(g)}"),
    ("Azure Service Bus string", lambda g: f"Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={_r(g, B64, 43)}="),
    ("Bitcoin WIF private key", _wif),
    ("PGP private key block", _pgp),
    ("EC private key (PEM)", _ec_pem),
    ("bcrypt password hash", _bcrypt),
    ("sha512-crypt shadow hash", _sha512crypt),
    ("MongoDB SRV URL", lambda g: f"mongodb+srv://appuser:{_r(g, B62, 16)}@cluster0.ab1cd.mongodb.net/prod"),
    ("MySQL URL", lambda g: f"mysql://root:{_r(g, B62 + '!*', 14)}@10.0.3.7:3306/shop"),
    ("FTP URL", lambda g: f"ftp://backup:{_r(g, B62, 12)}@files.acme.example/nightly"),
    ("JDBC password", lambda g: f"jdbc:sqlserver://db01:1433;databaseName=erp;user=erp_app;password={_r(g, B62, 15)}"),
)  # fmt: skip

# values that only their label or header tells: (kind, template with {v}, maker)
HELD3_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("AWS secret access key", "aws_secret_access_key = {v}", lambda g: _r(g, B64, 40)),
    ("Azure DevOps PAT", "AZURE_DEVOPS_EXT_PAT={v}", lambda g: _r(g, B32L, 52)),
    ("Cloudflare global key", "CF_API_KEY: {v}", lambda g: _r(g, HEX, 37)),
    ("Trello token", "trello token={v}", lambda g: _r(g, HEX, 64)),
    ("W&B key", "export WANDB_API_KEY={v}", lambda g: _r(g, HEX, 40)),
    ("Jenkins API token", "jenkins_token: {v}", lambda g: "11" + _r(g, HEX, 32)),
    ("Steam Web API key", "steam key {v}", lambda g: _r(g, HEX.upper(), 32)),
    ("Vultr API key", "VULTR_API_KEY={v}", lambda g: _r(g, UPPER_NUM, 36)),
    ("Hetzner token", "hcloud token: {v}", lambda g: _r(g, B62, 64)),
    ("Postmark server token", "X-Postmark-Server-Token: {v}", _uuid),
    ("Snyk token", "SNYK_TOKEN={v}", _uuid),
    ("Cosmos DB key", "COSMOS_KEY=\"{v}==\"", lambda g: _r(g, B64, 86)),
    ("Elastic API key", "Authorization: ApiKey {v}", lambda g: base64.b64encode(f"{_r(g, B62, 20)}:{_r(g, B62, 22)}".encode()).decode()),
    ("DRF token header", "Authorization: Token {v}", lambda g: _r(g, HEX, 40)),
    ("Apple app-specific password", "Apple ID app-specific password for Thunderbird: {v}", lambda g: "-".join(_r(g, string.ascii_lowercase, 4) for _ in range(4))),
    ("Kubernetes bootstrap token", "kubeadm join 10.0.0.1:6443 --token {v} --discovery-token-ca-cert-hash sha256:" + "0" * 8, lambda g: _r(g, LOWER_NUM, 6) + "." + _r(g, LOWER_NUM, 16)),
    ("LDAP bind password", "ldap:\n  bindDN: cn=svc,dc=acme,dc=example\n  bindPassword: {v}", lambda g: _r(g, B62 + "#!", 14)),
    ("pgpass line", "db.internal:5432:*:reporter:{v}", lambda g: _r(g, B62, 14)),
    ("Git credential URL", "https://oauth2:{v}@gitlab.acme.example/group/repo.git", lambda g: _r(g, B64URL, 20)),
    ("SNMP community", "snmp-server community {v} RO", lambda g: _r(g, B62, 12)),
    ("Wi-Fi QR payload", "WIFI:T:WPA;S:Okonkwo-Home;P:{v};;", lambda g: _r(g, B62, 12)),
    ("PuTTY key private lines", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPrivate-Lines: 1\n{v}", lambda g: _r(g, B64, 44)),
    ("Kerberos keytab password", "kadmin: addprinc -pw {v} svc/web", lambda g: _r(g, B62, 14)),
    ("MySQL CLI password", "mysql -u root -p{v} shop", lambda g: _r(g, B62, 12)),
    ("sshpass", "sshpass -p '{v}' ssh deploy@10.0.0.9", lambda g: _r(g, B62 + "@", 12)),
    ("htpasswd bcrypt line", "admin:{v}", _bcrypt),
    ("shadow line", "root:{v}:19700:0:99999:7:::", _sha512crypt),
    ("Bare 64-hex secret", "client_secret={v}", lambda g: _r(g, HEX, 64)),
)  # fmt: skip
HELD3_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD3_LABELLED)

HELD3_CONTEXTS = (
    "rotated the key, new value {v}",
    "env: PROD_KEY={v}",
    "`{v}` is what the runner uses",
    "{v}",
    "Keep this safe: {v}",
    'client = Client(api_key="{v}")',
    "put {v} in the secrets tab pls",
    '    token = "{v}"',
    "la clé est {v}",
)

_ARMENIAN = str.maketrans("oOqgnhuUS", "օՕզցոհսՍՏ")
_CHEROKEE = str.maketrans("ABCDEGHJKLMPRSTVWZ", "ᎪᏴᏟᎠᎬᏀᎻᎫᏦᏞᎷᏢᎡᏚᎢᏙᎳᏃ")


def _bold(s: str) -> str:
    out: list[str] = []
    for c in s:
        if "A" <= c <= "Z":
            out.append(chr(0x1D400 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x1D41A + ord(c) - ord("a")))
        elif "0" <= c <= "9":
            out.append(chr(0x1D7CE + ord(c) - ord("0")))
        else:
            out.append(c)
    return "".join(out)


def _circled(s: str) -> str:
    out: list[str] = []
    for c in s:
        if "A" <= c <= "Z":
            out.append(chr(0x24B6 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x24D0 + ord(c) - ord("a")))
        else:
            out.append(c)
    return "".join(out)


def _each(s: str, mark: str, step: int) -> str:
    return mark.join(s[i : i + step] for i in range(0, len(s), step))


HELD3_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("invisible separator", lambda s: _each(s, "\u2063", 4)),
    ("combining grapheme joiner", lambda s: _each(s, "\u034f", 3)),
    ("variation selector", lambda s: _each(s, "\ufe0f", 5)),
    ("mathematical bold", _bold),
    ("circled letters", _circled),
    ("Armenian and Cherokee look-alikes", lambda s: s.translate(_ARMENIAN).translate(_CHEROKEE)),
    ("MIME-wrapped base64", lambda s: _each(base64.b64encode(s.encode()).decode(), "\n", 16)),
    ("shell continuation", lambda s: s[: len(s) // 2] + "\\\n" + s[len(s) // 2 :]),
    ("no-break spaced", lambda s: "\u00a0".join(s)),
    ("string concatenation", lambda s: '"' + s[: len(s) // 2] + '" + "' + s[len(s) // 2 :] + '"'),
)
HELD3_EVASION_CONTEXTS = (
    "new one: {v}",
    "here, {v}",
    "copied from the console -> {v}",
    "key = {v}",
)

WORDS = (
    "granite", "biscuit", "lagoon", "thimble", "parsnip", "cactus", "nimbus", "walrus", "saddle", "fjord",
    "pixel", "mango", "trellis", "basalt", "kettle", "orchid", "badger", "sierra", "tundra", "velcro",
)  # fmt: skip


def _password(g: random.Random) -> str:
    words = [g.choice(WORDS) for _ in range(g.randint(2, 4))]
    return g.choice(
        (
            g.choice(("_", "+", "~", "")).join(w.capitalize() if g.random() < 0.4 else w for w in words),
            " ".join(words),
            g.choice(WORDS) + g.choice(("@", "#", "!")) + str(g.randint(1, 9999)),
            _r(g, B62 + "?&%$", g.randint(9, 16)),
            str(g.randint(10**4, 10**10)),
            _r(g, string.ascii_lowercase, g.randint(7, 11)),
        )
    )


def _pin(g: random.Random) -> str:
    return g.choice(
        (str(g.randint(0, 9999)).zfill(4), str(g.randint(10**5, 10**6 - 1)), "*" + str(g.randint(100, 9999)) + "#")
    )


def _codes(g: random.Random) -> str:
    n = g.randint(5, 10)
    style = g.randrange(3)
    if style == 0:
        items = [f"{_r(g, string.digits, 3)}-{_r(g, string.digits, 3)}" for _ in range(n)]
    elif style == 1:
        items = [_r(g, UPPER_NUM, 8) for _ in range(n)]
    else:
        items = [f"{_r(g, string.ascii_lowercase, 5)} {_r(g, string.ascii_lowercase, 5)}" for _ in range(n)]
    sep = g.choice((", ", " | ", "\n", " · "))
    return sep.join(items)


def _answer(g: random.Random) -> str:
    return g.choice(("Abernathy", "Okeke", "Sprinkles", "Tallahassee", "Marchetti", "Fenwick", "Quimby", "Zanzibar"))


# (kind, language, templates); every template and language is new to this split
HELD3_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "en", (
        "{v} is the password for the guest network", "{v} — that's the router password",
        "log in as admin / {v}", "username: deploy  password: {v}",
        "use {v} to unlock the laptop", "The password you need is {v}, all lowercase",
        "pw: {v}", "creds are admin and {v}", "Password changed! New one = {v}",
        "Wifi name: Okeke-Home, pass: {v}", "login kitchen-tablet, pwd {v}",
        "set the root password to {v}",
    )),
    ("PIN", "en", (
        "{v} is the code for the side gate", "the combo to the storage unit is {v}",
        "Alarm disarm code = {v}", "Use code {v} at the parcel locker", "SIM PIN: {v}", "PUK code {v}",
    )),
    ("backup codes", "en", (
        "Here are the recovery codes for Proton: {v}", "emergency codes (Bitwarden):\n{v}",
        "2-step verification backup codes {v}", "Slack 2FA backup codes are: {v}",
    )),
    ("security answer", "en", (
        "Q: first car? A: {v}", "security question - favourite teacher: {v}",
        "For the bank's memorable word I used {v}", "memorable information: {v}",
    )),
    ("password", "ro", ("Parola de la wifi este {v}", "Parola: {v}", "Parola mea este {v}", "Parola serverului e {v}")),
    ("password", "he", ("הסיסמה היא {v}", "סיסמה: {v}", "הסיסמה של הוויפי היא {v}", "הסיסמה שלי {v}")),
    ("password", "th", ("รหัสผ่านคือ {v}", "รหัสผ่าน: {v}", "รหัสผ่าน wifi คือ {v}", "รหัสผ่านของเซิร์ฟเวอร์ {v}")),
    ("password", "ms", ("Kata laluan wifi ialah {v}", "Kata laluan: {v}", "Kata laluan saya ialah {v}", "kata laluan pelayan {v}")),
    ("password", "sw", ("Nenosiri ni {v}", "Nenosiri: {v}", "Nenosiri la wifi ni {v}", "Nenosiri langu ni {v}")),
    ("password", "fa", ("رمز عبور {v} است", "رمز عبور: {v}", "رمز وای فای {v} هست", "گذرواژه: {v}")),
    ("password", "bn", ("পাসওয়ার্ড হল {v}", "পাসওয়ার্ড: {v}", "ওয়াইফাই পাসওয়ার্ড {v}", "আমার পাসওয়ার্ড {v}")),
    ("password", "ur", ("پاس ورڈ {v} ہے", "پاس ورڈ: {v}", "وائی فائی کا پاس ورڈ {v} ہے", "میرا پاس ورڈ {v}")),
    ("password", "ca", ("La contrasenya del wifi és {v}", "Contrasenya: {v}", "La meva contrasenya és {v}", "contrasenya del servidor: {v}")),
    ("password", "hr", ("Lozinka za wifi je {v}", "Lozinka: {v}", "Moja lozinka je {v}", "Šifra za ruter je {v}")),
    ("password", "sk", ("Heslo na wifi je {v}", "Heslo: {v}", "Moje heslo je {v}", "heslo k serveru je {v}")),
    ("password", "bg", ("Паролата за wifi е {v}", "Парола: {v}", "Моята парола е {v}", "паролата на сървъра е {v}")),
    ("password", "uk", ("Пароль від wifi — {v}", "Пароль: {v}", "Мій пароль {v}", "пароль до сервера: {v}")),
    ("password", "lt", ("Wifi slaptažodis yra {v}", "Slaptažodis: {v}", "Mano slaptažodis {v}", "serverio slaptažodis: {v}")),
    ("password", "lv", ("Wifi parole ir {v}", "Parole: {v}", "Mana parole ir {v}", "servera parole: {v}")),
    ("password", "et", ("Wifi parool on {v}", "Parool: {v}", "Minu parool on {v}", "serveri parool: {v}")),
    ("password", "is", ("Lykilorðið er {v}", "Lykilorð: {v}", "Lykilorðið að wifi er {v}", "lykilorð þjónsins: {v}")),
    ("password", "no", ("Passordet til wifi er {v}", "Passord: {v}", "Passordet mitt er {v}", "passord for serveren: {v}")),
    ("password", "ta", ("கடவுச்சொல் {v}", "கடவுச்சொல்: {v}", "வைஃபை கடவுச்சொல் {v}", "என் கடவுச்சொல் {v}")),
    ("password", "tl", ("Ang password ng wifi ay {v}", "Password ko: {v}", "ang password ay {v}", "Password ng server: {v}")),
    ("password", "de", ("Das Passwort heißt {v}", "WLAN-Kennwort: {v}", "Zugang fürs NAS: admin / {v}", "{v} ist das Passwort für den Router")),
    ("password", "fr", ("Le mdp c'est {v}", "mot de passe wifi : {v}", "{v}, c'est le mot de passe de la box", "Identifiants : admin / {v}")),
    ("password", "es", ("la clave es {v}", "Contraseña del router: {v}", "{v} es la contraseña del wifi", "usuario admin, clave {v}")),
    ("password", "it", ("la password è {v}", "Password del router: {v}", "{v} è la password del wifi", "utente admin, password {v}")),
    ("PIN", "de", ("Der Code fürs Garagentor ist {v}", "SIM-PIN: {v}", "Zahlenschloss: {v}", "die Geheimzahl ist {v}")),
    ("PIN", "fr", ("Le code du portail est {v}", "code PIN de la carte SIM : {v}", "Code de l'alarme : {v}", "le cadenas s'ouvre avec {v}")),
    ("password", "hi", ("मेरा वाईफाई पासवर्ड {v} है", "पासवर्ड {v} है", "सर्वर पासवर्ड: {v}", "नया पासवर्ड {v} रखा है")),
    ("password", "ja", ("パスは{v}です", "PW:{v}", "ルーターのパスワードは{v}", "暗号キー：{v}")),
    ("password", "zh", ("密码{v}", "wifi 密码是{v}", "服务器密码：{v}", "新密码设置为{v}")),
    ("password", "ko", ("비번 {v}", "와이파이 비밀번호는 {v}입니다", "서버 암호: {v}", "새 비밀번호 {v}")),
    ("password", "ar", ("الرقم السري {v}", "كلمة المرور الجديدة: {v}", "باسورد الواي فاي {v}", "كلمة سر الراوتر هي {v}")),
    ("password", "ru", ("пароль от вайфая {v}", "Пароль к серверу — {v}", "логин admin, пароль {v}", "пароль поменял на {v}")),
    ("password", "pt", ("a senha é {v}", "Senha do roteador: {v}", "{v} é a senha do wifi", "usuário admin, senha {v}")),
)  # fmt: skip
HELD3_VALUE_OF: dict[str, Maker] = {
    "password": _password,
    "PIN": _pin,
    "backup codes": _codes,
    "security answer": _answer,
}

# -- ordinary sentences: what a memory holds every day, some of it about credentials -------------------------

HELD3_PROSE = (
    # prose about credentials, in English
    "The password reset flow sends a link that expires in {n} minutes.",
    "We moved every {thing} into {system}'s secret manager last quarter.",
    "{person} wants the {thing} rotation to be automated.",
    "Never log the {thing}; log its last four characters at most.",
    "Passwords shorter than {n} characters are rejected at signup.",
    "The {thing} is injected at runtime from the vault.",
    "Two-factor authentication is mandatory for admins since March.",
    "Backup codes can be regenerated from the security settings page.",
    "The PIN is never sent to the server; the device checks it.",
    "{person} reset the {thing} for the {system} service account.",
    "Who has access to the {thing} for {system}?",
    "The passphrase protects the SSH key on {person}'s laptop.",
    "Our {system} integration authenticates with a short-lived token.",
    "Rotate the {thing} whenever someone leaves the team.",
    "The token is stored encrypted at rest with AES-256.",
    "The API key goes in the Authorization header, not the query string.",
    "The door code is on the whiteboard in the kitchen.",
    "Remind {person} to update the {thing} in the CI settings.",
    "The security question feature was removed from {system}.",
    "A password manager generates and remembers the {thing} for you.",
    "{person} thinks the {thing} was leaked in the {system} incident.",
    "If the PIN is wrong three times, the card is blocked.",
    "The secret key is derived with HKDF from the master key.",
    "Passkeys replace passwords on {system} from next month.",
    "Use `gh auth login` instead of pasting a token.",
    "The Wi-Fi password changed, ask {person} for the new one.",
    "The password is correct but the account is locked.",
    "The {thing} is only valid for the {system} sandbox.",
    "Tokens with write scope need approval from {person}.",
    "What is the password policy for contractors?",
    # hashes, ids, digests, public material
    "Merged {sha7} into main after review.",
    "Reverted commit {sha} because it broke the {system} build.",
    "git checkout {sha7} -- src/app.py",
    "The image digest is sha256:{sha256}.",
    "Order {uuid} was refunded on {date}.",
    "Correlation id {uuid} in the gateway logs.",
    "The file's MD5 is {md5}, matching the mirror.",
    "SHA-1 of the tarball: {sha}.",
    "Checksum (sha512): {sha512}",
    'integrity "sha512-{b64_88}" in package-lock.json',
    "The build artifact is {system}-{n}.{n}.{n}-{sha7}.tar.gz.",
    "Pod {pod} restarted {n} times overnight.",
    "Trace id {hex32}, span id {hex16}.",
    "The S3 object key is uploads/{date}/{uuid}.png.",
    "The YouTube video id is {ytid}.",
    "My GPG key fingerprint is {fpr}.",
    "Add this public key to authorized_keys: ssh-ed25519 {ed25519} {person}@laptop",
    "ssh-rsa {rsa_pub} deploy@ci",
    "The server's host key fingerprint is SHA256:{b64_43}.",
    "age public key: age1{bech}",
    "Donations go to bc1q{bech32_38}.",
    "The Ethereum contract lives at 0x{hex40}.",
    "[Peer]\nPublicKey = {b64_43}=\nEndpoint = vpn.example.org:51820",
    "Stripe publishable key for the checkout page: pk_test_{b62_24}",
    "The logo is inlined as data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA{b64_60}",
    "Favicon: data:image/gif;base64,R0lGODlhEAAQAPAAA{b64_40}",
    "The ULID of the migration is 01{ulid}.",
    "The Mongo ObjectId is {hex24}.",
    "Invoice number INV-{n}{n}{n}-{upper6}.",
    "The build number is {n}{n}{n}, tag v{n}.{n}.{n}.",
    "Color tokens: primary #{hex6}, accent #{hex6}.",
    "The Docker image is ghcr.io/acme/{system}:{sha7}.",
    "The IBAN for the supplier is on the invoice.",
    "The tracking number is 1Z{upper16}.",
    "The ISBN is 978-{n}{n}-{n}{n}{n}-{n}.",
    "Request {hex16} took {n} ms.",
    # code and config that read a credential without holding one
    'password = os.environ["DB_PASSWORD"]',
    "api_key: ${{{upper_name}_API_KEY}}",
    'token = get_secret("{system}/token")',
    'PASSWORD="$(vault kv get -field=password secret/{system})"',
    "password: !vault |",
    "secret: {{{{ .Values.secret }}}}",
    "export {upper_name}_TOKEN=$(cat /run/secrets/token)",
    "The config has `password: <redacted>` for now.",
    "const apiKey = process.env.API_KEY;",
    "if password == confirm_password: save()",
    "def check_pin(pin: str) -> bool:",
    'token: "${{{{ secrets.GITHUB_TOKEN }}}}"',
    "client_secret: <your client secret here>",
    "DATABASE_URL=postgres://app@localhost:5432/app",
    "The password column is VARCHAR({n}).",
    'pwd = getpass.getpass("Password: ")',
    "SECRET_KEY is read from settings.SECRET_KEY at startup.",
    "passwordHash := bcrypt.GenerateFromPassword(pw, {n})",
    "kubectl create secret generic {system}-creds --from-env-file=.env",
    "docker login -u {person} --password-stdin < token.txt",
    # other languages: prose about credentials
    "Das Passwort muss mindestens {n} Zeichen lang sein.",
    "Bitte das Kennwort nicht per E-Mail schicken.",
    "Le mot de passe doit être changé tous les {n} jours.",
    "J'ai oublié mon mot de passe, encore une fois.",
    "La contraseña debe tener al menos {n} caracteres.",
    "No compartas tu PIN con nadie.",
    "A senha expira em {n} dias.",
    "La password deve contenere almeno un numero.",
    "Het wachtwoord moet minstens {n} tekens bevatten.",
    "Lösenordet måste bytas var {n}:e dag.",
    "Hasło musi zawierać wielką literę.",
    "Пароль должен быть не короче {n} символов.",
    "Пароль зберігається у менеджері паролів.",
    "Şifre en az {n} karakter olmalı.",
    "Salasanan pitää olla vähintään {n} merkkiä pitkä.",
    "A jelszónak legalább {n} karakterből kell állnia.",
    "Ο κωδικός πρέπει να αλλάζει κάθε μήνα.",
    "Parola trebuie schimbată lunar.",
    "הסיסמה חייבת להכיל לפחות {n} תווים.",
    "รหัสผ่านต้องมีอย่างน้อย {n} ตัวอักษร",
    "Kata laluan mesti ditukar setiap bulan.",
    "Nenosiri lazima liwe na herufi {n}.",
    "رمز عبور باید حداقل {n} کاراکتر باشد.",
    "পাসওয়ার্ড অন্তত {n} অক্ষরের হতে হবে।",
    "پاس ورڈ کم از کم {n} حروف کا ہونا چاہیے۔",
    "La contrasenya ha de tenir almenys {n} caràcters.",
    "Lozinka mora imati najmanje {n} znakova.",
    "Heslo musí obsahovať aspoň {n} znakov.",
    "Паролата трябва да е поне {n} символа.",
    "Slaptažodis turi būti bent {n} simbolių.",
    "Parolei jābūt vismaz {n} rakstzīmes garai.",
    "Parool peab olema vähemalt {n} märki pikk.",
    "Lykilorðið verður að vera að minnsta kosti {n} stafir.",
    "Passordet må ha minst {n} tegn.",
    "கடவுச்சொல் குறைந்தது {n} எழுத்துகள் இருக்க வேண்டும்.",
    "Ang password ay dapat may {n} na karakter.",
    "पासवर्ड कम से कम {n} अक्षरों का होना चाहिए।",
    "パスワードは{n}文字以上にしてください。",
    "密码至少需要{n}个字符。",
    "비밀번호는 {n}자 이상이어야 합니다.",
    "يجب أن تتكون كلمة المرور من {n} أحرف على الأقل.",
    "Mật khẩu phải có ít nhất {n} ký tự.",
    "Kata sandi minimal {n} karakter.",
    "Adgangskoden skal have mindst {n} tegn.",
    "Heslo nesmí obsahovat jméno uživatele.",
    # everyday memory content
    "{person} prefers tabs over spaces in the {system} repo.",
    "The standup moved to {n}:30 on Thursdays.",
    "We chose PostgreSQL over MySQL for the {system} rewrite.",
    "{person}'s flight lands at {n}:15 on {date}.",
    "The {system} dashboard is slow when the date range exceeds {n} days.",
    "Run `make test` before pushing to the {system} branch.",
    "The staging cluster is in eu-west-{n}.",
    "{person} is allergic to peanuts.",
    "Our retro is every second Friday.",
    "The office moved to the 4th floor.",
)

THINGS = (
    "password",
    "API key",
    "token",
    "PIN",
    "passphrase",
    "secret",
    "access key",
    "service account key",
    "recovery code",
    "door code",
)
SYSTEMS = ("Stripe", "Sentry", "Heroku", "Zapier", "Linear", "Retool", "Auth0", "Redshift", "Metabase", "Notion")
PEOPLE = ("Amara", "Bjorn", "Chen", "Dalia", "Emeka", "Farah", "Goran", "Haruto", "Isabel", "Jonas")


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for template in HELD3_PROSE:
        for _ in range(6):
            fields = {
                "thing": g.choice(THINGS),
                "n": g.choice((2, 4, 6, 8, 9, 12, 15, 20, 30, 90)),
                "system": g.choice(SYSTEMS),
                "person": g.choice(PEOPLE),
                "date": f"2026-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "sha": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha256": _r(g, HEX, 64),
                "sha512": _r(g, HEX, 128),
                "md5": _r(g, HEX, 32),
                "hex32": _r(g, HEX, 32),
                "hex16": _r(g, HEX, 16),
                "hex24": _r(g, HEX, 24),
                "hex40": _r(g, HEX, 40),
                "hex6": _r(g, HEX, 6),
                "uuid": _uuid(g),
                "ulid": _r(g, "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24),
                "b64_88": base64.b64encode(hashlib.sha512(g.randbytes(16)).digest()).decode(),
                "b64_43": base64.b64encode(hashlib.sha256(g.randbytes(16)).digest()).decode().rstrip("="),
                "b64_60": _r(g, B64, 60),
                "b64_40": _r(g, B64, 40),
                "b62_24": _r(g, B62, 24),
                "pod": f"{g.choice(('api', 'worker', 'web'))}-{_r(g, 'bcdfghjklmnpqrstvwxz2456789', 10)}-{_r(g, 'bcdfghjklmnpqrstvwxz2456789', 5)}",
                "ytid": _r(g, B64URL, 11),
                "fpr": " ".join(_r(g, HEX.upper(), 4) for _ in range(10)),
                "ed25519": "AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(g, B64, 43),
                "rsa_pub": "AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + _r(g, B64, 340),
                "bech": _r(g, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
                "bech32_38": _r(g, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
                "upper6": _r(g, string.ascii_uppercase, 6),
                "upper16": _r(g, UPPER_NUM, 16),
                "upper_name": g.choice(SYSTEMS).upper(),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held3 split (deterministic for a seed): formats, evasions, stated credentials, prose."""
    g = random.Random(seed)
    out: list[Row] = []
    formats: list[Row] = []
    for f_index, (kind, make) in enumerate(HELD3_FORMATS):
        for k in range(3):
            value = make(g)
            context = HELD3_CONTEXTS[(f_index * 2 + k) % len(HELD3_CONTEXTS)] if "\n" not in value else "{v}"
            formats.append(Row(HALF, "format", kind, context.format(v=value), value))
    for kind, template, make in HELD3_LABELLED:
        for _ in range(3):
            value = make(g)
            formats.append(Row(HALF, "format", kind, template.format(v=value), value))
    out += formats
    for index, row in enumerate(formats):
        if "\n" in row.secret or " " in row.secret or index % 3 == 2:  # two of each kind's three are evaded
            continue
        for e_index, (name, evade) in enumerate(HELD3_EVASIONS):
            evaded = evade(row.secret)
            if (index + e_index) % 2 or row.kind in HELD3_LABELLED_KINDS:
                text = row.text.replace(row.secret, evaded)
            else:
                text = HELD3_EVASION_CONTEXTS[(index + e_index) % len(HELD3_EVASION_CONTEXTS)].format(v=evaded)
            out.append(Row(HALF, "evasion", f"evasion: {name}", text, row.secret))
    for kind, language, templates in HELD3_STATED:
        for template in templates:
            for _ in range(3):
                value = HELD3_VALUE_OF[kind](g)
                out.append(Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), value))
    out += list(_prose(g))
    return out
