"""A held-out split of vendor tokens AT A SENTENCE'S END and of PUBLIC data beside credential words, ``held13f``:
written by vendor16 before any change of stop 45 (second round).

Scored once at the end of the round (on integ45 and on the branch, same session); never read while tuning. Its
own seed, value makers and sentence frames, in a voice of its own (a lending library of tools, a rowing club, a
seed bank, a village radio station):

- ``format``: 66 vendor kinds, each value the last word of a sentence closed by punctuation of a language (``.``,
  ``!``, ``?``, ``…``, ``)``, ``),``, ``;``, ``:``, French `` !``/`` ?``, Spanish ``¿…?``, CJK ``。``/``！``/``？``/
  ``，``/``、``, quotes ``«…»``/``„…“``/``「…」`` followed by a mark), three values a kind;
- ``prose``: 150+ ordinary lines: base64 of public text (dates, timestamps, CSV and JSON headers, URLs, plain
  sentences) said to be such, SSH host-key and GPG fingerprints beside the word for "key" in 12 languages,
  documented payment test cards (Stripe, Braintree, Adyen) said to be test cards.
"""

from __future__ import annotations

import base64
import random
import string
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held13f"
SEED = 45_2026_12_07_13
Maker = Callable[[random.Random], str]
B32U = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _p(prefix: str, alphabet: str, n: int, suffix: str = "") -> Maker:
    return lambda g: prefix + rand(g, alphabet, n) + suffix


HELD13F_FORMATS: list[tuple[str, str, Maker]] = [
    ("GitHub classic token", "GitHub", _p("ghp_", B62, 36)),
    ("GitHub fine-grained token", "GitHub", lambda g: f"github_pat_11{rand(g, UPPER_NUM, 20)}_{rand(g, B62, 59)}"),
    ("GitLab personal token", "GitLab", _p("glpat-", B64URL, 20)),
    (
        "Slack user token",
        "Slack",
        lambda g: (
            f"xoxp-{rand(g, string.digits, 11)}-{rand(g, string.digits, 12)}-"
            f"{rand(g, string.digits, 13)}-{rand(g, HEX, 32)}"
        ),
    ),
    (
        "Slack webhook",
        "Slack",
        lambda g: (
            f"https://hooks.slack.com/services/T{rand(g, UPPER_NUM, 10)}/B{rand(g, UPPER_NUM, 10)}/{rand(g, B62, 24)}"
        ),
    ),
    ("Stripe live secret key", "Stripe", _p("sk_live_", B62, 40)),
    ("Stripe webhook secret", "Stripe", _p("whsec_", B62, 32)),
    ("AWS access key id", "AWS", _p("AKIA", B32U, 16)),
    ("Google API key", "Google", _p("AIza", B64URL, 35)),
    ("Google OAuth refresh token", "Google OAuth", lambda g: "1//0" + rand(g, B64URL, 99)),
    ("Google OAuth client secret", "Google OAuth", _p("GOCSPX-", B64URL, 28)),
    ("OpenAI key", "OpenAI", lambda g: "sk-proj-" + rand(g, B64URL, 60) + "T3BlbkFJ" + rand(g, B64URL, 60)),
    ("Anthropic key", "Anthropic", lambda g: "sk-ant-api03-" + rand(g, B64URL, 93) + "AA"),
    ("Hugging Face user token", "Hugging Face", _p("hf_", string.ascii_letters, 34)),
    ("Hugging Face org token", "Hugging Face", _p("api_org_", string.ascii_letters, 34)),
    ("npm token", "npm", _p("npm_", B62, 36)),
    ("PyPI token", "PyPI", _p("pypi-AgEIcHlwaS5vcmc", B64URL, 60)),
    ("SendGrid key", "SendGrid", lambda g: f"SG.{rand(g, B64URL, 22)}.{rand(g, B64URL, 43)}"),
    ("Mailgun key", "Mailgun", _p("key-", HEX, 32)),
    ("Shopify token", "Shopify", _p("shpat_", HEX, 32)),
    ("Databricks token", "Databricks", _p("dapi", HEX, 32)),
    ("Databricks token with suffix", "Databricks", lambda g: "dapi" + rand(g, HEX, 32) + "-" + str(g.randint(2, 9))),
    ("DigitalOcean token", "DigitalOcean", _p("dop_v1_", HEX, 64)),
    ("Linear key", "Linear", _p("lin_api_", B62, 40)),
    ("Notion token", "Notion", _p("ntn_", B62, 46)),
    ("Postman key", "Postman", lambda g: f"PMAK-{rand(g, HEX, 24)}-{rand(g, HEX, 34)}"),
    ("Grafana token", "Grafana", lambda g: f"glsa_{rand(g, B62, 32)}_{rand(g, HEX, 8)}"),
    ("New Relic user key", "New Relic", _p("NRAK-", UPPER_NUM, 27)),
    ("New Relic insert key", "New Relic", _p("NRII-", B64URL, 32)),
    ("New Relic license key", "New Relic", lambda g: rand(g, HEX, 36) + "NRAL"),
    ("Doppler token", "Doppler", _p("dp.st.", B62, 43)),
    ("Pulumi token", "Pulumi", _p("pul-", HEX, 40)),
    ("Vault token", "Vault", _p("hvs.", B64URL, 90)),
    (
        "Discord webhook",
        "Discord",
        lambda g: f"https://discord.com/api/webhooks/{g.randint(10**17, 10**18)}/{rand(g, B64URL, 68)}",
    ),
    ("Discord bot token", "Discord", lambda g: f"M{rand(g, B62, 25)}.{rand(g, B64URL, 6)}.{rand(g, B64URL, 38)}"),
    ("Firebase FCM server key", "Firebase", lambda g: f"AAAA{rand(g, B64URL, 7)}:APA91b{rand(g, B64URL, 134)}"),
    ("Yandex IAM/API key", "Yandex Cloud", _p("AQVN", B64URL, 36)),
    ("Yandex OAuth token", "Yandex", _p("y0_AgAAAA", B64URL, 49)),
    ("Azure DevOps PAT", "Azure DevOps", lambda g: rand(g, "abcdefghijklmnopqrstuvwxyz234567", 52)),
    ("Azure AD client secret", "Entra ID", lambda g: rand(g, B62, 3) + "8Q~" + rand(g, B64URL, 34)),
    ("Cloudflare Origin CA key", "Cloudflare", lambda g: "v1.0-" + rand(g, HEX, 24) + "-" + rand(g, HEX, 146)),
    ("Cloudflare API token", "Cloudflare", _p("", B64URL, 40)),
    ("Kubernetes bootstrap token", "kubeadm", lambda g: rand(g, LOWER_NUM, 6) + "." + rand(g, LOWER_NUM, 16)),
    ("Twilio auth token", "Twilio", _p("SK", HEX, 32)),
    ("Telegram bot token", "Telegram", lambda g: f"{g.randint(10**8, 10**10 - 1)}:AA{rand(g, B64URL, 33)}"),
    (
        "Atlassian token",
        "Atlassian",
        lambda g: "ATATT3xFfGF0" + rand(g, B64URL, 170) + "=" + rand(g, "0123456789ABCDEF", 8),
    ),
    ("Figma token", "Figma", _p("figd_", B64URL, 40)),
    ("Sentry auth token", "Sentry", _p("sntrys_", B64, 60)),
    ("Square token", "Square", _p("EAAA", B64URL, 60)),
    ("Heroku key", "Heroku", _p("HRKU-", B64URL, 60)),
    ("Netlify token", "Netlify", _p("nfp_", B62, 36)),
    ("Supabase token", "Supabase", _p("sbp_", HEX, 40)),
    ("Groq key", "Groq", _p("gsk_", B62, 52)),
    ("Replicate token", "Replicate", _p("r8_", B62, 37)),
    ("Perplexity key", "Perplexity", _p("pplx-", HEX, 48)),
    ("Okta token", "Okta", _p("00", B64URL, 40)),
    ("Dynatrace token", "Dynatrace", lambda g: f"dt0c01.{rand(g, UPPER_NUM, 24)}.{rand(g, UPPER_NUM, 64)}"),
    ("JFrog key", "JFrog", _p("AKCp", B62, 69)),
    ("Bitbucket app password", "Bitbucket", _p("ATBB", B62, 32)),
    ("Sourcegraph token", "Sourcegraph", _p("sgp_", HEX, 40)),
    ("PlanetScale token", "PlanetScale", _p("pscale_tkn_", B64URL, 43)),
    ("age secret key", "age", _p("AGE-SECRET-KEY-1", "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
    ("Terraform Cloud token", "Terraform Cloud", lambda g: f"{rand(g, B62, 14)}.atlasv1.{rand(g, B64URL, 67)}"),
    ("Mapbox secret token", "Mapbox", lambda g: f"sk.eyJ1Ijoi{rand(g, B64URL, 50)}.{rand(g, B64URL, 22)}"),
    ("Buildkite token", "Buildkite", _p("bkua_", HEX, 40)),
    ("Resend key", "Resend", lambda g: f"re_{rand(g, B62, 8)}_{rand(g, B62, 24)}"),
]

# A vendor value as the last word of a sentence, closed by a mark of the sentence's language.
HELD13F_FRAMES = [
    "The rowing club's {n} credential is {v}.",
    "Heads up, the new {n} key is {v}!",
    "Did anyone rotate {v}?",
    "Paste this into the radio station's {n} settings: {v}…",
    "(the {n} value for the seed bank was {v})",
    "We used the {n} token ({v}), then revoked it.",
    "Set it to {v}; then restart the tool library sync.",
    "Der {n}-Schlüssel für den Ruderclub lautet {v}.",
    "Bitte nicht weitergeben: {v}!",
    "Le jeton {n} de la radio du village est {v} !",
    "Tu as bien copié {v} ?",
    "La clave de {n} del banco de semillas es {v}.",
    "¿Sigue activo el token {v}?",
    "La chiave {n} della biblioteca degli attrezzi è {v}.",
    "O token do {n} do clube de remo é {v}.",
    "De {n}-sleutel van de zaadbank is {v}.",
    "Klucz {n} do radia to {v}.",
    "Токен {n} для радиостанции: {v}.",
    "Ключ «{v}», не публикуйте.",
    "{n} のトークンは {v}。",
    "ラジオ局の {n} キーは「{v}」！",
    "{n} 令牌是 {v}。",
    "种子库的 {n} 密钥：{v}，别外传。",
    "这个 {v}、还能用吗？",
    "{n} 토큰은 {v}.",
    "{n} anahtarı {v}.",
    "{n}-token för roddklubben: {v}.",
    "Token {n} pro knihovnu nářadí je {v}.",
    "{n}-avain on {v}.",
    "Schlüssel „{v}“, bitte sofort ersetzen.",
    "Remplacez {v}, merci.",
    "Use {v}: it is the radio's {n} token.",
]


def _formats(g: random.Random) -> Iterator[Row]:
    for f_index, (kind, name, make) in enumerate(HELD13F_FORMATS):
        for k in range(3):
            value = make(g)
            frame = HELD13F_FRAMES[(f_index * 7 + k * 11) % len(HELD13F_FRAMES)]
            yield Row(HALF, "format", kind, frame.format(v=value, n=name), value)


_PUBLIC_TEXTS = [
    "2026-12-07T08:00:00Z",
    "2025-03-14",
    "1999-12-31T23:59:59+01:00",
    "2026-01-01 00:00:00",
    "date,station,rowers,distance_km",
    "id,name,email,created_at",
    "sku;title;price;stock",
    '{"typ":"JWT","alg":"ES256"}',
    '{"version":2,"station":"village-radio"}',
    '{"kid":"2026-12","use":"sig"}',
    "https://radio.example.org/schedule",
    "hello world",
    "The quick brown fox jumps over the lazy dog",
    "seed bank inventory, winter 2026",
    "Rowing club AGM, 7 December",
    "user:admin (example only)",
    "[1, 2, 3, 5, 8, 13]",
    "<svg xmlns='http://www.w3.org/2000/svg'/>",
    "Lorem ipsum dolor sit amet",
    "name=tool-library&page=2",
]
_B64_FRAMES = [
    "{b} is just base64 for '{t}'.",
    "The header decodes to {t!r}: {b}",
    "Decodificado, {b} es simplemente «{t}».",
    "{b} ist nur base64 für „{t}“.",
    "{b} n'est que le base64 de « {t} ».",
    "{b} は「{t}」を base64 にしただけです。",
    "{b} 只是「{t}」的 base64 编码。",
    "Debug: payload={b} (decodes to {t})",
]
_KEY_WORDS = [
    "Host key fingerprint: {f}",
    "Huella de la clave del host: {f}",
    "Empreinte de la clé d'hôte : {f}",
    "Fingerabdruck des Host-Schlüssels: {f}",
    "Impronta della chiave host: {f}",
    "Impressão digital da chave do host: {f}",
    "Vingerafdruk van de hostsleutel: {f}",
    "Odcisk klucza hosta: {f}",
    "Отпечаток ключа хоста: {f}",
    "ホスト鍵のフィンガープリント: {f}",
    "主机密钥指纹：{f}",
    "호스트 키 지문: {f}",
    "Sunucu anahtarı parmak izi: {f}",
    "La clave pública del servidor tiene la huella {f}.",
    "Otisk klíče serveru: {f}",
    "Palvelimen avaimen sormenjälki: {f}",
]
_TEST_CARDS = [
    "4242 4242 4242 4242",
    "4000 0025 0000 3155",
    "4000 0000 0000 9995",
    "4000 0000 0000 0002",
    "5555 5555 5555 4444",
    "4000 0027 6000 3184",
    "4000 0000 0000 3220",
    "4000 0566 5566 5556",
    "4111 1111 1111 1111",
    "5105 1051 0510 5100",
    "3782 822463 10005",
    "6011 1111 1111 1117",
    "4000 0000 0000 0077",
    "4000 0000 0000 3063",
    "2223 0031 2200 3222",
]
_CARD_FRAMES = [
    "For checkout tests use the Stripe test card {c}.",
    "Für Tests nehmen wir die Testkarte {c}.",
    "Pour les tests, la carte de test {c} suffit.",
    "Para pruebas usamos la tarjeta de prueba {c}.",
    "Per i test usiamo la carta di prova {c}.",
    "Voor tests gebruiken we testkaart {c}.",
    "テストにはテスト用カード {c} を使います。",
    "测试时用测试卡 {c}。",
    "Testkort för kassan: {c} (Stripes dokumentation).",
    "Do testów używamy karty testowej {c}.",
]


def _fingerprint(g: random.Random, k: int) -> str:
    if k % 3 == 0:
        return "SHA256:" + base64.b64encode(g.randbytes(32)).decode().rstrip("=")
    if k % 3 == 1:
        return "MD5:" + ":".join(rand(g, HEX, 2) for _ in range(16))
    return " ".join(rand(g, "0123456789ABCDEF", 4) for _ in range(10))


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()

    def once(text: str) -> Iterator[Row]:
        if text not in seen:
            seen.add(text)
            yield Row(HALF, "prose", "ordinary sentence", text, "")

    for i, t in enumerate(_PUBLIC_TEXTS):
        b = base64.b64encode(t.encode()).decode()
        for k in range(3):
            yield from once(_B64_FRAMES[(i + k * 3) % len(_B64_FRAMES)].format(b=b, t=t))
    for i, frame in enumerate(_KEY_WORDS):
        for k in range(3):
            yield from once(frame.format(f=_fingerprint(g, i + k)))
    for i, card in enumerate(_TEST_CARDS):
        for k in range(4):
            yield from once(_CARD_FRAMES[(i * 3 + k) % len(_CARD_FRAMES)].format(c=card))


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held13f (deterministic for a seed): vendor tokens ending a sentence, then ordinary lines."""
    g = random.Random(seed)
    return [*_formats(g), *_prose(g)]
