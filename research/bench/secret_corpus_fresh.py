"""A third split of the secret corpus, ``fresh``: written before round 4's rule changes and read only at the end.

The held-out half of ``secret_corpus.py`` was read while round 3 was tuned, so it is no longer blind. This split
has its own seed, its own vendors (prefixed tokens of vendors the other halves never name, and values that only
a label tells: 32-hex API keys, UUID keys, base64 secrets), its own contexts, its own evasions (other invisible
characters, Greek look-alikes, URL-safe base64, base64 of base64, a split inside a label, spacing with double
spaces), stated credentials in phrasings and languages the other halves do not use (multi-word passphrases
after a copula, Danish, Czech, Indonesian, Vietnamese, Hindi, Arabic, Finnish, Hungarian, Greek), and its own
ordinary sentences (including hashes, UUIDs, digests and request ids, which are not secrets).

Rows are ``secret_rows.Row`` with ``half == "fresh"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, UPPER_NUM, Row


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


SEED = 4_35_2026_12_06
LOWER_NUM = string.ascii_lowercase + string.digits
Maker = Callable[[random.Random], str]

# vendor-style tokens the other halves never name: (kind, maker)
FRESH_FORMATS: tuple[tuple[str, Maker], ...] = (
    ("GitHub app installation token", lambda g: "ghs_" + _r(g, B62, 36)),
    ("GitHub refresh token", lambda g: "ghr_" + _r(g, B62, 76)),
    ("GitLab pipeline trigger token", lambda g: "glptt-" + _r(g, HEX, 40)),
    ("GitLab runner token", lambda g: "glrt-" + _r(g, B64URL, 20)),
    ("GitLab deploy token", lambda g: "gldt-" + _r(g, B64URL, 20)),
    ("Slack app-level token", lambda g: f"xapp-1-A{_r(g, UPPER_NUM, 10)}-{_r(g, string.digits, 13)}-{_r(g, HEX, 64)}"),
    ("Stripe test key", lambda g: "sk_test_" + _r(g, B62, 99)),
    ("Stripe webhook secret", lambda g: "whsec_" + _r(g, B62, 32)),
    ("JFrog API key", lambda g: "AKCp" + _r(g, B62, 69)),
    ("Docker Hub PAT", lambda g: "dckr_pat_" + _r(g, B64URL, 27)),
    ("Google OAuth client secret", lambda g: "GOCSPX-" + _r(g, B64URL, 28)),
    ("Google OAuth access token", lambda g: "ya29.a0" + _r(g, B64URL, 120)),
    ("Brevo API key", lambda g: "xkeysib-" + _r(g, HEX, 64) + "-" + _r(g, B62, 16)),
    ("OpenRouter key", lambda g: "sk-or-v1-" + _r(g, HEX, 64)),
    ("NVIDIA API key", lambda g: "nvapi-" + _r(g, B64URL, 64)),
    ("Shopify custom app token", lambda g: "shpca_" + _r(g, HEX, 32)),
    ("Sentry org token", lambda g: "sntrys_eyJpYXQiO" + _r(g, B64URL, 60)),
    ("Typeform token", lambda g: "tfp_" + _r(g, B64URL, 44) + "_" + _r(g, B62, 14)),
    ("CircleCI PAT", lambda g: "CCIPAT_" + _r(g, B62, 22) + "_" + _r(g, HEX, 40)),
    ("Pinecone key", lambda g: "pcsk_" + _r(g, B62, 5) + "_" + _r(g, B62, 63)),
    ("LangSmith key", lambda g: "lsv2_pt_" + _r(g, HEX, 32) + "_" + _r(g, HEX, 10)),
    ("Fireworks key", lambda g: "fw_" + _r(g, B62, 24)),
    ("Dynatrace token", lambda g: "dt0c01." + _r(g, UPPER_NUM, 24) + "." + _r(g, UPPER_NUM, 64)),
    ("Asana PAT", lambda g: f"2/{g.randint(10**15, 10**16)}/{g.randint(10**15, 10**16)}:{_r(g, HEX, 32)}"),
    ("Yandex OAuth token", lambda g: "y0_" + _r(g, B64URL, 55)),
    ("Tencent SecretId", lambda g: "AKID" + _r(g, B62, 32)),
    ("Infracost key", lambda g: "ico-" + _r(g, B62, 32)),
    ("Scalingo token", lambda g: "tk-us-" + _r(g, B64URL, 48)),
    ("Octopus Deploy key", lambda g: "API-" + _r(g, string.ascii_uppercase + string.digits, 26)),
    ("Samsara token", lambda g: "samsara_api_" + _r(g, B62, 30)),
    ("Frame.io token", lambda g: "fio-u-" + _r(g, B64URL, 64)),
    ("Harness PAT", lambda g: f"pat.{_r(g, B64URL, 22)}.{_r(g, HEX, 24)}.{_r(g, B62, 20)}"),
    ("PlanetScale password", lambda g: "pscale_pw_" + _r(g, B64URL, 43)),
    ("Linode-style token", lambda g: _r(g, HEX, 64)),
    ("DeepSeek key", lambda g: "sk-" + _r(g, HEX, 32)),
    ("Mistral key", lambda g: _r(g, B62, 32)),
    ("Cloudinary URL", lambda g: f"cloudinary://{g.randint(10**14, 10**15)}:{_r(g, B64URL, 27)}@acme-media"),
    ("Firebase server key", lambda g: "AAAA" + _r(g, B64URL, 7) + ":APA91b" + _r(g, B64URL, 134)),
    ("Twitch token", lambda g: "oauth:" + _r(g, LOWER_NUM, 30)),
    ("1Password service token", lambda g: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + _r(g, B64URL, 120)),
)  # fmt: skip

# values that only their label tells: (kind, template with {v}, maker)
FRESH_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("Twilio auth token", "TWILIO_AUTH_TOKEN={v}", lambda g: _r(g, HEX, 32)),
    ("Heroku API key (UUID)", "heroku_api_key = \"{v}\"", lambda g: str(uuid.UUID(int=g.getrandbits(128)))),
    ("Redis URL password", "REDIS_URL=redis://:{v}@cache.internal:6379/0", lambda g: _r(g, B62, 20)),
    ("AMQP URL password", "amqp://svc:{v}@mq.internal:5672/prod", lambda g: _r(g, B62, 18)),
    ("Azure client secret in YAML", "  client_secret: {v}", lambda g: _r(g, B62, 3) + "7Q~" + _r(g, B62 + "~._-", 34)),
    ("Private key in JSON", '{{"type": "service_account", "private_key_id": "{v}"}}', lambda g: _r(g, HEX, 40)),
    ("X-API-Key header", "curl -H 'X-Api-Key: {v}' https://api.vendor.example/v2/items", lambda g: _r(g, B62, 40)),
    ("Solana private key", "Phantom wallet secret key: {v}", lambda g: _r(g, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 88)),
    ("WireGuard private key", "[Interface]\nPrivateKey = {v}\nAddress = 10.0.0.2/32", lambda g: _r(g, B64, 42) + "Y="),
    ("SMTP password in .env", "SMTP_PASS={v}", lambda g: _r(g, B62, 16)),
    ("htpasswd line", "admin:$apr1${v}", lambda g: _r(g, B62, 8) + "$" + _r(g, B62 + "./", 22)),
    ("Kubernetes secret data", "data:\n  password: {v}", lambda g: base64.b64encode(_r(g, B62, 18).encode()).decode()),
)  # fmt: skip
FRESH_LABELLED_KINDS = frozenset(kind for kind, _, _ in FRESH_LABELLED)

FRESH_CONTEXTS = (
    "ok the new one is {v} — don't lose it",
    "API_SECRET: {v}",
    "set it with `vendor login --token {v}`",
    "{v}",
    "fyi creds rotated, now {v}",
    "headers = {{'Authorization': 'Bearer {v}'}}",
    "Pasting for later: {v} (prod)",
    "- key: {v}",
)

_GREEK = str.maketrans("ABEHIKMNOPTXYZaoiv", "ΑΒΕΗΙΚΜΝΟΡΤΧΥΖαοιν")


def _every(secret: str, mark: str, step: int) -> str:
    return mark.join(secret[i : i + step] for i in range(0, len(secret), step))


FRESH_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("word joiner and BOM", lambda s: _every(s, "\u2060", 3).replace(s[:2], s[:2] + "\ufeff", 1)),
    ("soft hyphen every 2", lambda s: _every(s, "\u00ad", 2)),
    ("RLO/PDF controls", lambda s: "\u202d" + _every(s, "\u202c\u202d", 7) + "\u202c"),
    ("Greek look-alikes", lambda s: s.translate(_GREEK)),
    (
        "full-width half",
        lambda s: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and i % 2 else c for i, c in enumerate(s)),
    ),
    ("URL-safe base64", lambda s: base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")),
    ("base64 twice", lambda s: base64.b64encode(base64.b64encode(s.encode())).decode()),
    ("split in a quote", lambda s: '"' + s[: len(s) // 3] + "\n" + s[len(s) // 3 :] + '"'),
    ("split early in backticks", lambda s: "```\n" + s[:3] + "\n" + s[3:] + "\n```"),
    ("double-spaced", lambda s: "  ".join(s)),
)
FRESH_EVASION_CONTEXTS = (
    "new creds: {v}",
    "try this one {v}",
    "Vault export -> {v}",
    "can you store {v} for me",
)

FRESH_WORDS = (
    "correct", "horse", "battery", "staple", "purple", "monkey", "dishwasher", "blue", "river", "castle",
    "green", "tiger", "morning", "coffee", "happy", "window", "silver", "moon", "paper", "train",
)  # fmt: skip


def _phrase(g: random.Random) -> str:
    return " ".join(g.choice(FRESH_WORDS) for _ in range(g.randint(3, 5)))


def _fresh_password(g: random.Random) -> str:
    return g.choice(
        (
            _phrase(g),
            _phrase(g).replace(" ", "."),
            g.choice(FRESH_WORDS) + str(g.randint(1000, 99999)),
            _r(g, B62 + "!@#%^*", g.randint(10, 18)),
            str(g.randint(10**5, 10**9)),
            g.choice(FRESH_WORDS).capitalize() + g.choice(FRESH_WORDS).capitalize() + "!",
        )
    )


def _fresh_pin(g: random.Random) -> str:
    return str(g.randint(1000, 99999999))


def _fresh_codes(g: random.Random) -> str:
    n = g.randint(4, 10)
    sep = g.choice((" ", "; ", "\n- ", " / "))
    items = [
        f"{_r(g, string.digits, 4)} {_r(g, string.digits, 4)}" if g.random() < 0.3 else _r(g, LOWER_NUM, 10)
        for _ in range(n)
    ]
    return sep.join(items)


def _fresh_answer(g: random.Random) -> str:
    return g.choice(("Pemberton", "Nakamura", "Fluffy", "Rosewood", "Valparaiso", "Ngozi", "Mr Whiskers", "Lindqvist"))


# (kind, language, templates); every template is new to this split
FRESH_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "en", (
        "the wifi password is {v}", "Our shared Netflix login password is now {v}",
        "fyi the password to the staging db became {v}", "password for grandma's laptop -> {v}",
        "Remember: laptop password {v}", "Her Instagram password was {v}",
        "passphrase for the backup drive is {v}", "the new router passphrase is {v}",
    )),
    ("PIN", "en", (
        "garage keypad code is {v}", "PIN for the corporate card = {v}", "The bike lock combo: {v}",
        "Mom's phone unlock PIN is {v}", "voicemail PIN {v}", "the safe's code is {v}",
    )),
    ("backup codes", "en", (
        "2FA recovery codes for Dropbox: {v}", "Authy backup codes are {v}", "one-time recovery codes -> {v}",
        "Saving the Microsoft account backup codes here: {v}",
    )),
    ("security answer", "en", (
        "Name of my first pet (security question): {v}", "security question answer - {v}",
        "answer to 'city where you were born' is {v}", "Secret question answer: {v}",
    )),
    ("password", "da", ("Adgangskoden til wifi er {v}", "Min adgangskode er {v}", "Kodeordet er {v}", "Adgangskode: {v}")),
    ("password", "cs", ("Heslo k wifi je {v}", "Moje heslo je {v}", "Heslo: {v}", "Heslo na server je {v}")),
    ("password", "id", ("Kata sandi wifi adalah {v}", "Kata sandi saya {v}", "Password-nya: {v}", "Sandi: {v}")),
    ("password", "vi", ("Mật khẩu wifi là {v}", "Mật khẩu: {v}", "Mật khẩu của tôi là {v}", "mật khẩu máy chủ là {v}")),
    ("password", "hi", ("वाईफाई का पासवर्ड {v} है", "मेरा पासवर्ड {v} है", "पासवर्ड: {v}", "सर्वर का पासवर्ड है {v}")),
    ("password", "ar", ("كلمة المرور هي {v}", "كلمة السر: {v}", "كلمة مرور الواي فاي {v}", "كلمة المرور للخادم: {v}")),
    ("password", "fi", ("Wifin salasana on {v}", "Salasana: {v}", "Salasanani on {v}", "Palvelimen salasana on {v}")),
    ("password", "hu", ("A wifi jelszó {v}", "Jelszó: {v}", "A jelszavam {v}", "A szerver jelszava {v}")),
    ("password", "el", ("Ο κωδικός του wifi είναι {v}", "Κωδικός: {v}", "Ο κωδικός μου είναι {v}", "Συνθηματικό: {v}")),
    ("password", "de", ("Zugangsdaten: Benutzer admin, Passwort {v}", "Das neue Kennwort heißt {v}", "WLAN-Schlüssel: {v}", "Passwort vom NAS ist jetzt {v}")),
    ("password", "fr", ("Le mdp du routeur c'est {v}", "Voici le mot de passe : {v}", "clé wifi : {v}", "mot de passe de la box = {v}")),
    ("password", "es", ("La clave del wifi es {v}", "Te paso la contraseña: {v}", "contraseña nueva -> {v}", "La clave de acceso es {v}")),
    ("PIN", "de", ("Der Tresorcode lautet {v}", "Die Alarmanlage hat den Code {v}", "PIN: {v}", "Handy-PIN ist {v}")),
    ("PIN", "es", ("El código de la alarma es {v}", "La clave del candado es {v}", "PIN del móvil: {v}", "El código del portal es {v}")),
    ("password", "ja", ("Wi-Fiのパスワードは {v} です", "パスワード＝{v}", "ログインパスワード：{v}", "新しいパスワードは{v}")),
    ("password", "zh", ("wifi密码: {v}", "登录密码是 {v}", "口令：{v}", "新密码为 {v}")),
    ("password", "ko", ("와이파이 비번은 {v}", "비밀번호 = {v}", "암호: {v}", "새 비밀번호는 {v} 입니다")),
    ("password", "ru", ("Пароль от роутера — {v}", "пароль: {v}", "Новый пароль {v}", "Пароль к почте: {v}")),
    ("password", "tr", ("Wifi şifresi {v}", "Şifre: {v}", "Yeni parola {v}", "Sunucunun şifresi: {v}")),
)  # fmt: skip
FRESH_VALUE_OF: dict[str, Maker] = {
    "password": _fresh_password,
    "PIN": _fresh_pin,
    "backup codes": _fresh_codes,
    "security answer": _fresh_answer,
}

FRESH_PROSE = (
    "The password must be at least {n} characters and include a symbol.",
    "Deployed commit {sha} to staging this morning.",
    "The request id in the log was {uuid}.",
    "Pin the base image to sha256:{sha256}.",
    "{person} rotated the {thing} after the offboarding.",
    "The wifi password is written on the fridge.",
    "The password is stored as a bcrypt hash.",
    "Our new passphrase policy is four random words.",
    "The {thing} for {system} expires every {n} days now.",
    "I changed my {thing} because the old one leaked.",
    "The PIN entry screen locks after {n} tries.",
    "{person} keeps the recovery codes in a sealed envelope.",
    "The security answer is case-insensitive on {system}.",
    "Tokens for {system} are scoped to read-only by default.",
    "The {thing} was shared over Signal, not email.",
    "Use the password manager to generate a {thing}.",
    "The build {sha} failed on the lint step.",
    "Trace {hex32} shows the slow query.",
    "The API key header is X-Api-Key, not Authorization.",
    "Never commit the .env file with the {thing} in it.",
    "The door code was changed after the move.",
    "The {thing} field is optional in the {system} form.",
    "{person} said the password is correct but the login still fails.",
    "The passphrase is long enough but too common.",
    "Reset links for the {thing} expire after {n} minutes.",
    "The token is valid for {n} hours.",
    "Cherry-pick {sha7} onto the release branch.",
    "The migration id is {ulid}.",
    "Passwort vergessen? Dann den Link in der E-Mail nutzen.",
    "Le code PIN est bloqué après {n} essais.",
    "La contraseña se cambia cada {n} días.",
    "Heslo musí mít alespoň {n} znaků.",
    "Kata sandi harus diganti setiap bulan.",
    "パスワードは定期的に変更してください。",
    "密码需要包含数字和字母。",
    "Salasana vaihdetaan kerran vuodessa.",
    "The {system} secret store is backed by KMS.",
    "Our {thing} rotation job runs at {n}:00 UTC.",
    "The bastion requires an SSH key, not a password.",
    "{person} asked whether the PIN and the passcode are the same.",
)


def _prose(g: random.Random) -> Iterator[Row]:
    things = (
        "password",
        "API key",
        "token",
        "PIN",
        "passphrase",
        "client secret",
        "signing key",
        "passcode",
        "recovery code",
    )
    systems = ("Zendesk", "Airflow", "Okta", "Datadog", "Vault", "Jira", "Snowflake", "Tableau", "HR portal")
    people = ("Kwame", "Ingrid", "Ravi", "Sofia", "Yuki", "Mateo", "Hana", "Pavel")
    seen: set[str] = set()
    for template in FRESH_PROSE:
        for _ in range(20):
            text = template.format(
                thing=g.choice(things),
                n=g.choice((3, 5, 7, 10, 14, 24, 45, 60)),
                system=g.choice(systems),
                person=g.choice(people),
                sha=_r(g, HEX, 40),
                sha7=_r(g, HEX, 7),
                sha256=_r(g, HEX, 64),
                hex32=_r(g, HEX, 32),
                uuid=str(uuid.UUID(int=g.getrandbits(128))),
                ulid="01" + _r(g, "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24),
            )
            if text not in seen:
                seen.add(text)
                yield Row("fresh", "prose", "ordinary sentence", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the fresh split (deterministic for a seed)."""
    g = random.Random(seed)
    out: list[Row] = []
    formats: list[Row] = []
    for f_index, (kind, make) in enumerate(FRESH_FORMATS):
        for k in range(3):
            value = make(g)
            context = FRESH_CONTEXTS[(f_index + k) % len(FRESH_CONTEXTS)]
            formats.append(Row("fresh", "format", kind, context.format(v=value), value))
    for kind, template, make in FRESH_LABELLED:
        for _ in range(3):
            value = make(g)
            formats.append(Row("fresh", "format", kind, template.format(v=value), value))
    out += formats
    for index, row in enumerate(formats):
        if "\n" in row.secret or " " in row.secret:
            continue
        for e_index, (name, evade) in enumerate(FRESH_EVASIONS):
            evaded = evade(row.secret)
            if (index + e_index) % 2 or row.kind in FRESH_LABELLED_KINDS:
                text = row.text.replace(row.secret, evaded)
            else:
                text = FRESH_EVASION_CONTEXTS[(index + e_index) % len(FRESH_EVASION_CONTEXTS)].format(v=evaded)
            out.append(Row("fresh", "evasion", f"evasion: {name}", text, row.secret))
    for kind, language, templates in FRESH_STATED:
        for template in templates:
            for _ in range(3):
                value = FRESH_VALUE_OF[kind](g)
                out.append(Row("fresh", "stated", f"stated {kind} ({language})", template.format(v=value), value))
    out += list(_prose(g))
    return out
