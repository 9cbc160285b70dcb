"""A secret corpus that can show a miss: generated from templates, with a tuning half and a held-out half.

Written before the scanner was tuned, from the vendors' published token formats and from how people state
credentials, never from the scanner's own patterns (a corpus that grows with the rules says little). Four groups:

- ``format``: fake credentials of 85+ vendor and protocol formats (prefix, alphabet and length as each vendor
  documents them; random bodies), each in a sentence, a config line or code;
- ``evasion``: every format credential again under each evasion: zero-width characters, soft hyphens, bidi
  controls, Cyrillic look-alikes, full-width letters, base64-wrapped, split over two lines inside a code span,
  spaced out;
- ``stated``: passwords, passphrases made of words, all-digit PINs, code lists and security answers stated in
  14 languages (en, de, fr, es, pt, it, nl, sv, pl, ru, tr, ja, zh, ko), their values of every make;
- ``prose``: ordinary sentences that mention credentials in passing and hold none (the false-refusal side).

Every template, vendor context and value is drawn by a seeded random generator; each template belongs to one
half (alternately, in the order written), so the held-out half tests phrasings the tuning never saw. A row is
``Row(half, group, kind, text, secret)``: ``secret`` is the exact string that must not survive (empty for
prose). Run ``python -m research secret_corpus --counts`` to see the sizes; ``research/bench/secret_scanner.py`` scores it.
"""

# ruff: noqa: E501  (the format and template tables read best one entry a line)
from __future__ import annotations

import argparse
import base64
import random
import string
from collections import Counter
from collections.abc import Callable, Iterator

import secret_corpus_fresh
import secret_corpus_held3
import secret_corpus_held4
import secret_corpus_held5
import secret_corpus_held6
import secret_corpus_held7
import secret_corpus_held8
import secret_corpus_s9
from secret_rows import B62, B64, B64URL, BECH32, HEX, UPPER_NUM, Row, rand

__all__ = ["B62", "B64", "B64URL", "BECH32", "HEX", "UPPER_NUM", "Row", "corpus", "half"]

SEED = 20261206
# fresh: research/bench/secret_corpus_fresh.py (round 4); held3: research/bench/secret_corpus_held3.py (round 5)
HALVES = ("tuning", "held-out", "fresh", "held3", "held4", "held5", "held6", "s9", "held7", "held8")


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return rand(rng, alphabet, n)


# -- vendor formats: (kind, value maker) --------------------------------------------------------------------

Maker = Callable[[random.Random], str]


def _jwt(rng: random.Random) -> str:
    header = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(f'{{"sub":"{rng.randint(1000, 99999)}","name":"svc"}}'.encode()).decode()
    return f"{header}.{body.rstrip('=')}.{_r(rng, B64URL, 43)}"


def _card(rng: random.Random) -> str:
    digits = [4] + [rng.randint(0, 9) for _ in range(14)]
    total = 0
    for i, d in enumerate(reversed(digits)):
        d = d * 2 if i % 2 == 0 else d
        total += d - 9 if d > 9 else d
    digits.append((10 - total % 10) % 10)
    s = "".join(map(str, digits))
    return " ".join(s[i : i + 4] for i in range(0, 16, 4))


def _basic(rng: random.Random) -> str:
    return base64.b64encode(f"deploy:{_r(rng, B62, 14)}".encode()).decode()


FORMATS: tuple[tuple[str, Maker], ...] = (
    ("AWS Access Key ID", lambda g: "AKIA" + _r(g, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)),
    ("GitHub classic PAT", lambda g: "ghp_" + _r(g, B62, 36)),
    ("GitHub fine-grained PAT", lambda g: "github_pat_11" + _r(g, UPPER_NUM, 20) + "_" + _r(g, B62, 59)),
    ("GitHub OAuth token", lambda g: "gho_" + _r(g, B62, 36)),
    ("GitLab PAT", lambda g: "glpat-" + _r(g, B64URL, 20)),
    ("Slack bot token", lambda g: f"xoxb-{_r(g, string.digits, 12)}-{_r(g, string.digits, 13)}-{_r(g, B62, 24)}"),
    (
        "Slack webhook",
        lambda g: f"https://hooks.slack.com/services/T{_r(g, UPPER_NUM, 8)}/B{_r(g, UPPER_NUM, 10)}/{_r(g, B62, 24)}",
    ),
    ("Stripe secret key", lambda g: "sk_live_" + _r(g, B62, 32)),
    ("Stripe restricted key", lambda g: "rk_live_" + _r(g, B62, 32)),
    ("OpenAI project key", lambda g: "sk-proj-" + _r(g, B64URL, 40) + "T3BlbkFJ" + _r(g, B64URL, 40)),
    ("Anthropic API key", lambda g: "sk-ant-api03-" + _r(g, B64URL, 93) + "AA"),
    ("Google API key", lambda g: "AIza" + _r(g, B64URL, 35)),
    ("Databricks token", lambda g: "dapi" + _r(g, HEX, 32)),
    ("Shopify shared secret", lambda g: "shpss_" + _r(g, HEX, 32)),
    ("Shopify access token", lambda g: "shpat_" + _r(g, HEX, 32)),
    ("DigitalOcean PAT", lambda g: "dop_v1_" + _r(g, HEX, 64)),
    ("DigitalOcean OAuth token", lambda g: "doo_v1_" + _r(g, HEX, 64)),
    ("Atlassian API token", lambda g: "ATATT3xFfGF0" + _r(g, B64URL, 170) + "=" + _r(g, HEX.upper(), 8)),
    ("Doppler service token", lambda g: "dp.st.prd." + _r(g, B62, 40)),
    ("Doppler personal token", lambda g: "dp.pt." + _r(g, B62, 43)),
    ("Linear API key", lambda g: "lin_api_" + _r(g, B62, 40)),
    ("Notion integration token", lambda g: "ntn_" + _r(g, string.digits, 11) + _r(g, B62, 35)),
    ("Postman API key", lambda g: "PMAK-" + _r(g, HEX, 24) + "-" + _r(g, HEX, 34)),
    ("age secret key", lambda g: "AGE-SECRET-KEY-1" + _r(g, BECH32, 58)),
    ("Terraform Cloud token", lambda g: _r(g, B62, 14) + ".atlasv1." + _r(g, B62, 67)),
    ("Grafana service account token", lambda g: "glsa_" + _r(g, B62, 32) + "_" + _r(g, HEX, 8)),
    ("Grafana Cloud token", lambda g: "glc_" + _r(g, B62, 80)),
    ("New Relic user key", lambda g: "NRAK-" + _r(g, UPPER_NUM, 27)),
    ("New Relic insert key", lambda g: "NRII-" + _r(g, B64URL, 32)),
    ("npm token", lambda g: "npm_" + _r(g, B62, 36)),
    ("PyPI token", lambda g: "pypi-AgEIcHlwaS5vcmc" + _r(g, B64URL, 80)),
    ("Twilio API key", lambda g: "SK" + _r(g, HEX, 32)),
    ("SendGrid API key", lambda g: "SG." + _r(g, B64URL, 22) + "." + _r(g, B64URL, 43)),
    ("Mailgun key", lambda g: "key-" + _r(g, HEX, 32)),
    ("Mailchimp key", lambda g: _r(g, HEX, 32) + "-us" + str(g.randint(1, 20))),
    ("Hugging Face token", lambda g: "hf_" + _r(g, string.ascii_letters, 34)),
    ("Telegram bot token", lambda g: f"{g.randint(10**8, 10**9)}:AA{_r(g, B64URL, 33)}"),
    ("Square access token", lambda g: "sq0atp-" + _r(g, B64URL, 22)),
    ("Square OAuth secret", lambda g: "sq0csp-" + _r(g, B64URL, 43)),
    ("Braintree access token", lambda g: f"access_token$production${_r(g, HEX, 16)}${_r(g, HEX, 32)}"),
    ("Dropbox token", lambda g: "sl." + _r(g, B64URL, 136)),
    ("Airtable PAT", lambda g: "pat" + _r(g, B62, 14) + "." + _r(g, HEX, 64)),
    ("Figma token", lambda g: "figd_" + _r(g, B64URL, 40)),
    ("Pulumi token", lambda g: "pul-" + _r(g, HEX, 40)),
    ("Vault token", lambda g: "hvs." + _r(g, B62, 24)),
    ("Supabase token", lambda g: "sbp_" + _r(g, HEX, 40)),
    ("PlanetScale token", lambda g: "pscale_tkn_" + _r(g, B64URL, 43)),
    ("Alibaba AccessKey ID", lambda g: "LTAI" + _r(g, B62, 20)),
    ("Mapbox secret token", lambda g: "sk.eyJ1Ijoi" + _r(g, B62, 40) + "." + _r(g, B64URL, 22)),
    ("Shippo token", lambda g: "shippo_live_" + _r(g, HEX, 40)),
    ("Flutterwave secret key", lambda g: "FLWSECK_TEST-" + _r(g, HEX, 32) + "-X"),
    ("Adafruit IO key", lambda g: "aio_" + _r(g, B62, 28)),
    ("Buildkite token", lambda g: "bkua_" + _r(g, HEX, 40)),
    ("Clojars token", lambda g: "CLOJARS_" + _r(g, string.ascii_lowercase + string.digits, 60)),
    ("Contentful token", lambda g: "CFPAT-" + _r(g, B64URL, 43)),
    ("Duffel token", lambda g: "duffel_test_" + _r(g, B64URL, 43)),
    ("EasyPost key", lambda g: "EZAK" + _r(g, B62, 54)),
    ("Readme key", lambda g: "rdme_" + _r(g, string.ascii_lowercase + string.digits, 70)),
    ("Prefect key", lambda g: "pnu_" + _r(g, B62, 36)),
    ("RubyGems key", lambda g: "rubygems_" + _r(g, HEX, 48)),
    ("Groq key", lambda g: "gsk_" + _r(g, B62, 52)),
    ("Perplexity key", lambda g: "pplx-" + _r(g, B62, 48)),
    ("Replicate token", lambda g: "r8_" + _r(g, B62, 37)),
    ("Tailscale key", lambda g: "tskey-auth-k" + _r(g, B62, 16) + "-" + _r(g, B62, 33)),
    ("Sentry DSN", lambda g: f"https://{_r(g, HEX, 32)}@o{g.randint(10**5, 10**6)}.ingest.sentry.io/{g.randint(10**6, 10**7)}"),
    ("Sentry user token", lambda g: "sntryu_" + _r(g, HEX, 64)),
    ("JSON Web Token", _jwt),
    ("Discord bot token", lambda g: "M" + _r(g, B64URL, 25) + "." + _r(g, B64URL, 6) + "." + _r(g, B64URL, 38)),
    ("Azure AD client secret", lambda g: _r(g, B62, 3) + "8Q~" + _r(g, B62 + "~._-", 34)),
    ("Fastly token", lambda g: "FASTLY_API_TOKEN=" + _r(g, B64URL, 32)),
    ("Heroku API key", lambda g: "HRKU-AA" + _r(g, B64URL, 58)),
    ("Cloudflare origin CA key", lambda g: "v1.0-" + _r(g, HEX, 24) + "-" + _r(g, HEX, 146)),
    ("Nuget key", lambda g: "oy2" + _r(g, string.ascii_lowercase + string.digits, 43)),
    ("Private key (PEM)", lambda g: "-----BEGIN RSA PRIVATE KEY-----\nMIIEow" + _r(g, B64, 58) + "\n-----END RSA PRIVATE KEY-----"),
    ("OpenSSH private key", lambda g: "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA" + _r(g, B64, 46) + "\n-----END OPENSSH PRIVATE KEY-----"),
)  # fmt: skip

# Formats that only read as secrets with their label: (kind, template with {v}, value maker).
LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("Azure SAS signature", "https://acct.blob.core.windows.net/c?sv=2022-11-02&ss=b&sp=rl&sig={v}", lambda g: _r(g, B62, 43) + "%3D"),
    ("Docker config auth", '{{"auths": {{"https://index.docker.io/v1/": {{"auth": "{v}"}}}}}}', _basic),
    ("netrc password", "machine api.internal.example login deploy password {v}", lambda g: _r(g, B62, 16)),
    ("Session cookie", "Cookie: sessionid={v}; csrftoken=abc", lambda g: _r(g, string.ascii_lowercase + string.digits, 32)),
    ("Ethereum private key", "ETH wallet private key: 0x{v}", lambda g: _r(g, HEX, 64)),
    ("Okta SSWS token", "Authorization: SSWS 00{v}", lambda g: _r(g, B64URL, 40)),
    ("Basic auth header", "Authorization: Basic {v}", _basic),
    ("Postgres URL password", "DATABASE_URL=postgres://app:{v}@db.internal:5432/app", lambda g: _r(g, B62, 14)),
    ("Azure storage key", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={v};EndpointSuffix=core.windows.net", lambda g: _r(g, B64, 86) + "=="),
    ("Datadog API key", "DD_API_KEY={v}", lambda g: _r(g, HEX, 32)),
    ("Algolia admin key", "ALGOLIA_ADMIN_KEY={v}", lambda g: _r(g, HEX, 32)),
    ("Bearer token", "curl -H 'Authorization: Bearer {v}' https://api.example.com", lambda g: _r(g, B64URL, 40)),
    ("Payment card", "Company card {v}, expiry 04/29.", _card),
)  # fmt: skip

LABELLED_KINDS = frozenset(kind for kind, _, _ in LABELLED)  # their label is part of the format: evaded in place

FORMAT_CONTEXTS = (
    "Here is the key for the deploy job: {v}",
    "export SERVICE_TOKEN={v}",
    'config = {{"token": "{v}"}}',
    "I pasted {v} into the CI settings yesterday.",
    "Use {v} for the staging environment.",
    "token: {v}",
    "The integration uses `{v}` to talk to the API.",
    "Saved in .env as KEY={v} for now.",
)

# -- evasions -----------------------------------------------------------------------------------------------

_CYRILLIC = str.maketrans("AEOPCKMHTXaeopcx", "АЕОРСКМНТХаеорсх")


def _every(secret: str, mark: str, step: int = 4) -> str:
    return mark.join(secret[i : i + step] for i in range(0, len(secret), step))


EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("zero-width", lambda s: _every(s, "\u200b")),
    ("soft hyphen", lambda s: _every(s, "\u00ad", 5)),
    ("bidi controls", lambda s: "\u2066" + _every(s, "\u200e", 6) + "\u2069"),
    ("Cyrillic look-alikes", lambda s: s.translate(_CYRILLIC)),
    ("full-width", lambda s: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)),
    ("base64-wrapped", lambda s: base64.b64encode(s.encode()).decode()),
    ("split over lines", lambda s: "`" + s[: len(s) // 2] + "\n    " + s[len(s) // 2 :] + "`"),
    ("spaced out", lambda s: " ".join(s)),
)
EVASION_CONTEXTS = (
    "Key for the billing job: {v}",
    "here you go {v} thanks",
    "Paste this into the runner: {v}",
    "The value is {v} until rotation.",
)

# -- stated credentials in 14 languages ---------------------------------------------------------------------

WORDS = [
    "amber",
    "otter",
    "lantern",
    "sunflower",
    "orbit",
    "maple",
    "harbor",
    "copper",
    "velvet",
    "falcon",
    "meadow",
    "pepper",
    "cobalt",
    "willow",
    "summit",
    "ember",
    "glacier",
    "juniper",
    "marble",
    "nectar",
    "pebble",
    "quartz",
    "raven",
    "saffron",
    "timber",
    "tulip",
    "violet",
    "walnut",
    "zephyr",
    "canyon",
]


def _passphrase(g: random.Random) -> str:
    words = [g.choice(WORDS) for _ in range(g.choice((2, 3, 4)))]
    if g.random() < 0.5:
        words[g.randrange(len(words))] = words[0].capitalize()
    return "-".join(words) + (f"-{g.randint(10, 9999)}" if g.random() < 0.7 else "")


def _password(g: random.Random) -> str:
    return g.choice(
        (
            _passphrase(g),
            g.choice(WORDS).capitalize() + str(g.randint(10, 99)) + g.choice("!#$%&*"),
            _r(g, B62, g.randint(8, 14)),
            g.choice(WORDS) + g.choice(WORDS),
            str(g.randint(100000, 99999999)),
        )
    )


def _pin(g: random.Random) -> str:
    return str(g.randint(10**3, 10**6 - 1)) if g.random() < 0.8 else str(g.randint(1000, 9999)) + "#"


def _codes(g: random.Random) -> str:
    style = g.randrange(3)
    n = g.randint(3, 8)
    if style == 0:
        items = [
            f"`{_r(g, string.ascii_lowercase + string.digits, 4)}-{_r(g, string.ascii_lowercase + string.digits, 4)}`"
            for _ in range(n)
        ]
    elif style == 1:
        items = [_r(g, string.digits, 8) for _ in range(n)]
    else:
        items = [
            f"{_r(g, string.ascii_lowercase + string.digits, 5)}-{_r(g, string.ascii_lowercase + string.digits, 5)}"
            for _ in range(n)
        ]
    return ", ".join(items)


def _answer(g: random.Random) -> str:
    return g.choice(("Hargreaves", "Okonkwo", "Biscuit", "Springfield", "Marigold", "Tanaka", "Kowalski", "Rex"))


# (kind, language, templates) — {v} is the value. Templates of one language and kind alternate between halves.
STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "en", (
        "Wi-Fi password: {v}", "The VPN password is {v}", "Guest Wi-Fi passphrase: {v}",
        "Home Wi-Fi: network \"Okafor-5G\", Wi-Fi password `{v}`", "my bank password is {v} btw",
        "The admin password for the NAS was changed to {v}", "Router login password = {v}",
        "The password for the shared mailbox is \"{v}\"",
    )),
    ("PIN", "en", (
        "The door PIN for the server room is {v}", "My PIN is {v}", "alarm code: {v}",
        "The PIN for the office safe is {v}", "passcode for my phone is {v}", "Gate code {v}, then turn left.",
        "The locker combination is {v}", "Her debit card PIN: {v}",
    )),
    ("backup codes", "en", (
        "User also pasted 2FA backup codes for the same portal: {v}", "GitHub recovery codes: {v}",
        "Backup codes for the Google account are {v}", "Here are my MFA backup codes - {v}",
        "Recovery codes (AWS root): {v}", "The scratch codes for the VPN are {v}",
    )),
    ("security answer", "en", (
        "My mother's maiden name is {v}", "Security answer: {v}", "The answer to my security question is {v}",
        "secret answer for the bank: {v}",
    )),
    ("password", "de", ("Das WLAN-Passwort lautet {v}", "Mein Passwort ist {v}", "Kennwort für den Router: {v}", "Das Passwort für den Server ist {v}")),
    ("PIN", "de", ("Die PIN für die Haustür ist {v}", "Meine Geheimzahl lautet {v}", "Der Türcode ist {v}", "PIN der Bankkarte: {v}")),
    ("password", "fr", ("Le mot de passe du wifi est {v}", "Mot de passe : {v}", "Mon mot de passe est {v}", "Le mot de passe pour le serveur est {v}")),
    ("PIN", "fr", ("Le code PIN est {v}", "Le digicode de l'immeuble est {v}", "Code d'accès : {v}", "Mon code PIN : {v}")),
    ("password", "es", ("La contraseña del wifi es {v}", "Contraseña: {v}", "Mi contraseña es {v}", "La contraseña para el servidor es {v}")),
    ("PIN", "es", ("El PIN de la tarjeta es {v}", "El código de acceso es {v}", "Código PIN: {v}", "Mi PIN es {v}")),
    ("password", "pt", ("A senha do wifi é {v}", "Senha: {v}", "Minha senha é {v}", "A senha do servidor é {v}")),
    ("PIN", "pt", ("O PIN do cartão é {v}", "Código de acesso: {v}", "Meu PIN é {v}", "O código PIN é {v}")),
    ("password", "it", ("La password del wifi è {v}", "Password: {v}", "La mia password è {v}", "La password per il server è {v}")),
    ("PIN", "it", ("Il PIN della carta è {v}", "Codice di accesso: {v}", "Il mio PIN è {v}", "Codice PIN: {v}")),
    ("password", "nl", ("Het wachtwoord van de wifi is {v}", "Wachtwoord: {v}", "Mijn wachtwoord is {v}", "Het wachtwoord voor de server is {v}")),
    ("PIN", "nl", ("Mijn pincode is {v}", "De deurcode is {v}", "Pincode: {v}", "De toegangscode is {v}")),
    ("password", "sv", ("Lösenordet till wifi är {v}", "Lösenord: {v}", "Mitt lösenord är {v}", "Lösenordet för servern är {v}")),
    ("PIN", "sv", ("Min pinkod är {v}", "Portkod: {v}", "Pinkoden är {v}", "Portkoden är {v}")),
    ("password", "pl", ("Hasło do wifi to {v}", "Hasło: {v}", "Moje hasło to {v}", "Hasło do serwera: {v}")),
    ("PIN", "pl", ("Mój PIN to {v}", "Kod PIN: {v}", "Kod do drzwi to {v}", "PIN do karty: {v}")),
    ("password", "ru", ("Пароль от wifi: {v}", "Мой пароль — {v}", "Пароль: {v}", "Пароль от сервера {v}")),
    ("PIN", "ru", ("ПИН-код карты: {v}", "Мой пин-код {v}", "Код от двери: {v}", "ПИН: {v}")),
    ("password", "tr", ("Wi-Fi şifresi: {v}", "Şifrem {v}", "Sunucu şifresi {v}", "Parola: {v}")),
    ("PIN", "tr", ("Kapı şifresi {v}", "PIN kodu: {v}", "Kartın PIN kodu {v}", "Kapı kodu: {v}")),
    ("password", "ja", ("パスワードは{v}です", "Wi-Fiのパスワード：{v}", "サーバーのパスワードは「{v}」です", "パスワード: {v}")),
    ("PIN", "ja", ("暗証番号は{v}です", "カードの暗証番号：{v}", "ドアの暗証番号は{v}", "暗証番号: {v}")),
    ("password", "zh", ("密码是{v}", "WiFi密码：{v}", "服务器的密码为{v}", "我的密码是 {v}")),
    ("PIN", "zh", ("门禁密码是{v}", "银行卡的PIN码是{v}", "门禁码：{v}", "PIN码：{v}")),
    ("password", "ko", ("비밀번호는 {v}입니다", "와이파이 비밀번호: {v}", "서버 비밀번호는 {v}", "패스워드: {v}")),
    ("PIN", "ko", ("PIN 번호는 {v}입니다", "출입 코드: {v}", "핀 번호: {v}", "PIN 번호: {v}")),
)  # fmt: skip
VALUE_OF: dict[str, Maker] = {"password": _password, "PIN": _pin, "backup codes": _codes, "security answer": _answer}

# -- ordinary sentences that mention credentials in passing -------------------------------------------------

PROSE_TEMPLATES = (
    "The password field must accept unicode.",
    "Our password policy requires {n} characters.",
    "We rotate the {thing} every {n} days.",
    "The {thing} is stored in the vault, not in the repo.",
    "Remember to reset your {thing} before the audit.",
    "The {thing} is required for the {system} login.",
    "I forgot my {thing} again, so I used the reset link.",
    "The {thing} expired last week and {person} renewed it.",
    "{person} asked where the {thing} for the {system} is kept.",
    "The {thing} is {n} characters long.",
    "Never paste a {thing} into the chat.",
    "The {system} team revoked the old {thing} on Monday.",
    "Two-factor backup codes are printed and kept in the safe.",
    "The PIN pad at the {place} is broken.",
    "Pin the {system} version to {n}.",
    "The API key quota for {system} was raised to {n} requests.",
    "Tokens are issued by the {system} gateway and expire after {n} minutes.",
    "The secret to a good {system} rollout is small batches.",
    "My {thing} is different on staging.",
    "The {thing} is case-sensitive.",
    "Passwords are hashed with argon2id.",
    "The {thing} manager syncs across devices.",
    "{person} changed the {thing} yesterday.",
    "Is the {thing} the same as last year?",
    "The security question asks for the name of your first school.",
    "The recovery codes were regenerated after the incident.",
    "We store a hash of the PIN, never the PIN itself.",
    "Ask {person} for the {thing}; I don't have it.",
    "The {thing} is in 1Password under {system}.",
    "The door code changes every {n} days.",
    "Use a passphrase of at least {n} words.",
    "The Wi-Fi password is on the sticker under the router.",
    "The token refresh runs every {n} minutes.",
    "Our {system} uses OAuth2 client credentials, not passwords.",
    "The {thing} prompt appears after {n} failed attempts.",
    "Password: see the vault entry for {system}.",
    "The PIN is four digits.",
    "Das Passwort ist falsch, bitte erneut versuchen.",
    "Le mot de passe est obligatoire.",
    "La contraseña es demasiado corta.",
    "A senha é obrigatória.",
    "パスワードを忘れました。",
    "密码是必填项。",
    "비밀번호를 잊어버렸어요.",
    "Şifremi unuttum, sıfırlama bağlantısı gönderildi.",
    "Пароль должен содержать {n} символов.",
    "The {thing} was rotated after {person} left.",
    "We need a new {thing} for the {system} integration.",
    "The {thing} lives in an environment variable on the {system} host.",
    "{person} prefers a hardware key over SMS codes.",
    "The secret santa draw is on Friday.",
    "The API token for {system} is managed by {person}.",
    "The session cookie is HttpOnly and Secure.",
    "Backup codes are shown once at enrollment.",
    "Enter your PIN at the {place}.",
    "The {thing} for {system} is kept by the on-call engineer.",
    "Our security answer policy forbids real names.",
    "The password is what you set during onboarding.",
    "{person}'s password is too weak.",
    "Password reset emails go out within {n} minutes.",
)
THINGS = ("password", "API key", "token", "PIN", "passphrase", "Wi-Fi password", "access token", "secret", "passcode")
SYSTEMS = ("billing", "Grafana", "Jenkins", "payroll", "staging", "GitHub", "CRM", "VPN", "analytics", "Kubernetes")
PEOPLE = ("Priya", "Tom", "Aiko", "Lars", "Fatima", "Diego", "Mei", "Olu")
PLACES = ("front desk", "garage", "gym", "pharmacy", "office entrance")


def _half_of(index: int) -> str:
    return HALVES[index % 2]


def _formats(g: random.Random) -> Iterator[Row]:
    for f_index, (kind, make) in enumerate(FORMATS):
        for k in range(4):  # 4 credentials a kind: 2 per half, each in its own context
            half = _half_of(f_index + k)
            value = make(g)
            contexts = FORMAT_CONTEXTS[0::2] if half == "tuning" else FORMAT_CONTEXTS[1::2]
            context = contexts[k % len(contexts)] if "\n" not in value else "{v}"
            yield Row(half, "format", kind, context.format(v=value), value)
    for l_index, (kind, template, make) in enumerate(LABELLED):
        for k in range(4):
            value = make(g)
            yield Row(_half_of(l_index + k), "format", kind, template.format(v=value), value)


def _evasions(format_rows: list[Row], g: random.Random) -> Iterator[Row]:
    for index, row in enumerate(format_rows):
        if row.group != "format" or "\n" in row.secret or " " in row.secret:
            continue
        for e_index, (name, evade) in enumerate(EVASIONS):
            evaded = evade(row.secret)
            if (index + e_index) % 2 or row.kind in LABELLED_KINDS:  # in its own sentence, evaded in place
                text = row.text.replace(row.secret, evaded)
            else:  # or alone in a new one
                contexts = EVASION_CONTEXTS[0::2] if row.half == "tuning" else EVASION_CONTEXTS[1::2]
                text = contexts[(index + e_index) // 2 % len(contexts)].format(v=evaded)
            yield Row(row.half, "evasion", f"evasion: {name}", text, row.secret)
    del g


def _stated(g: random.Random) -> Iterator[Row]:
    for kind, language, templates in STATED:
        for t_index, template in enumerate(templates):
            half = _half_of(t_index)
            for _ in range(3):
                value = VALUE_OF[kind](g)
                yield Row(half, "stated", f"stated {kind} ({language})", template.format(v=value), value)


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for t_index, template in enumerate(PROSE_TEMPLATES):
        half = _half_of(t_index)
        for _ in range(30):
            text = template.format(
                thing=g.choice(THINGS),
                n=g.choice((2, 3, 4, 6, 8, 12, 16, 30, 90)),
                system=g.choice(SYSTEMS),
                person=g.choice(PEOPLE),
                place=g.choice(PLACES),
            )
            if text not in seen:  # distinct sentences only
                seen.add(text)
                yield Row(half, "prose", "ordinary sentence", text, "")


def corpus(seed: int = SEED) -> list[Row]:
    """Every row of every split, in a fixed order (deterministic for a seed)."""
    g = random.Random(seed)
    formats = list(_formats(g))
    ours = formats + list(_evasions(formats, g)) + list(_stated(g)) + list(_prose(g))
    return (
        ours
        + secret_corpus_fresh.rows()
        + secret_corpus_held3.rows()
        + secret_corpus_held4.rows()
        + secret_corpus_held5.rows()
        + secret_corpus_held6.rows()
        + secret_corpus_s9.rows()
        + secret_corpus_held7.rows()
        + secret_corpus_held8.rows()
    )


def half(name: str, seed: int = SEED) -> list[Row]:
    """The rows of one half: ``"tuning"``, ``"held-out"``, ``"fresh"`` (round 4's split) or ``"held3"`` (round
    5's split) or ``"held4"`` (round 6's split) or ``"held5"`` (round 7's) or ``"held6"`` (stop 39's) or ``"s9"``
    (stop 40's, secrets9's held-out split) or ``"held7"`` (stop 40's, blind7's, read at the end) or ``"held8"`` (stop 42's, secrets12's,
    read at the end), each of the last eight in its own module."""
    if name not in HALVES:
        raise ValueError(f"half must be one of {HALVES}, not {name!r}")
    return [row for row in corpus(seed) if row.half == name]


def main() -> None:
    """Print the corpus sizes per half and group (``--counts``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", action="store_true")
    parser.parse_args()
    rows = corpus()
    print(Counter((r.half, r.group) for r in rows))
    kinds = {r.kind for r in rows if r.group in ("format", "stated")}
    credentials = sum(1 for r in rows if r.group in ("format", "stated"))
    languages = {r.kind.rsplit("(", 1)[1].rstrip(")") for r in rows if r.group == "stated"}
    print(f"{credentials} credentials of {len(kinds)} kinds, {len(languages)} languages")


if __name__ == "__main__":
    main()
