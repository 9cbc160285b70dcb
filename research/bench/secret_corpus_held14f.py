"""A held-out split of vendor credentials WITHOUT A PREFIX and of EVADED values, ``held14f``: written by evade17
before any change of stop 46.

Scored once at the end of the stop (on main and on the branch, same session); never read while tuning. Its own
seed, value makers and frames, in a voice of its own (a community bakery co-op, a tram museum, a choir's website,
a small veterinary practice):

- ``format``: 36 vendor kinds whose bytes carry no distinctive prefix (Azure DevOps PATs, kubeadm bootstrap
  tokens, Heroku API keys as UUIDs, Twilio auth tokens, Mailgun keys, Algolia admin keys, Cloudflare global keys,
  Datadog, PagerDuty, Fastly, AWS secret keys, Azure storage keys, ...), each recognisable only by the label or
  sentence around it plus its shape; three frames a kind (an env line, a config/CLI line, a sentence of prose in
  one of 10 languages);
- ``evasion``: stated passwords and vendor tokens with the VALUE written in full-width forms, with U+2060 or
  another invisible format character between its characters, given in base64, with a filler character between
  every character (and the noun spelled the same way), with full-width digits only;
- ``prose``: 200+ ordinary lines that must stay storable: UUIDs and public ids beside vendor names, commit hashes,
  build ids, base64 of public data, dotted versions and ids (``abc123.def``), spaced-out and hyphen-spelled words,
  full-width text in Japanese prose, soft hyphens and word joiners in ordinary text, kubeadm's public CA hash.
"""

from __future__ import annotations

import base64
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held14f"
SEED = 46_2026_12_07_14
Maker = Callable[[random.Random], str]
B32L = "abcdefghijklmnopqrstuvwxyz234567"


def _r(alphabet: str, n: int, prefix: str = "", suffix: str = "") -> Maker:
    return lambda g: prefix + rand(g, alphabet, n) + suffix


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128), version=4))


# (kind, env name, label in prose, maker)
HELD14F_FORMATS: list[tuple[str, str, str, Maker]] = [
    ("Azure DevOps PAT", "AZURE_DEVOPS_EXT_PAT", "Azure DevOps personal access token", _r(B32L, 52)),
    (
        "kubeadm bootstrap token",
        "KUBEADM_TOKEN",
        "kubeadm join token",
        lambda g: rand(g, LOWER_NUM, 6) + "." + rand(g, LOWER_NUM, 16),
    ),
    ("Heroku API key", "HEROKU_API_KEY", "Heroku API key", _uuid),
    ("Twilio auth token", "TWILIO_AUTH_TOKEN", "Twilio auth token", _r(HEX, 32)),
    (
        "Mailgun private key",
        "MAILGUN_API_KEY",
        "Mailgun private API key",
        lambda g: f"{rand(g, HEX, 32)}-{rand(g, HEX, 8)}-{rand(g, HEX, 8)}",
    ),
    ("Algolia admin key", "ALGOLIA_ADMIN_KEY", "Algolia admin API key", _r(HEX, 32)),
    ("Cloudflare global API key", "CF_API_KEY", "Cloudflare global API key", _r(HEX, 37)),
    ("Datadog API key", "DD_API_KEY", "Datadog API key", _r(HEX, 32)),
    ("Datadog application key", "DD_APP_KEY", "Datadog application key", _r(HEX, 40)),
    ("PagerDuty API key", "PAGERDUTY_TOKEN", "PagerDuty REST API key", _r(B64URL.replace("-", "+"), 20)),
    ("Fastly API token", "FASTLY_API_TOKEN", "Fastly API token", _r(B64URL, 32)),
    ("AWS secret access key", "AWS_SECRET_ACCESS_KEY", "AWS secret access key", _r(B64, 40)),
    (
        "Azure storage account key",
        "AZURE_STORAGE_KEY",
        "Azure storage account key",
        lambda g: base64.b64encode(g.randbytes(64)).decode(),
    ),
    ("Contentful delivery token", "CONTENTFUL_ACCESS_TOKEN", "Contentful delivery API token", _r(B64URL, 43)),
    ("Trello token", "TRELLO_TOKEN", "Trello API token", _r(HEX, 64)),
    ("Bitly token", "BITLY_ACCESS_TOKEN", "Bitly access token", _r(HEX, 40)),
    ("Pusher secret", "PUSHER_APP_SECRET", "Pusher app secret", _r(HEX, 20)),
    ("Segment write key", "SEGMENT_WRITE_KEY", "Segment write key", _r(B62, 32)),
    ("Mixpanel API secret", "MIXPANEL_API_SECRET", "Mixpanel API secret", _r(HEX, 32)),
    ("Zendesk API token", "ZENDESK_API_TOKEN", "Zendesk API token", _r(B62, 40)),
    ("Freshdesk API key", "FRESHDESK_API_KEY", "Freshdesk API key", _r(B62, 20)),
    ("Vonage API secret", "VONAGE_API_SECRET", "Vonage API secret", _r(B62, 16)),
    ("Plaid secret", "PLAID_SECRET", "Plaid secret", _r(HEX, 30)),
    ("Auth0 client secret", "AUTH0_CLIENT_SECRET", "Auth0 client secret", _r(B64URL, 64)),
    ("Snyk API token", "SNYK_TOKEN", "Snyk API token", _uuid),
    ("Rollbar access token", "ROLLBAR_ACCESS_TOKEN", "Rollbar server access token", _r(HEX, 32)),
    ("Bugsnag API key", "BUGSNAG_API_KEY", "Bugsnag API key", _r(HEX, 32)),
    (
        "Kraken API secret",
        "KRAKEN_API_SECRET",
        "Kraken private key",
        lambda g: base64.b64encode(g.randbytes(64)).decode(),
    ),
    ("Binance API secret", "BINANCE_SECRET_KEY", "Binance secret key", _r(B62, 64)),
    ("Facebook app secret", "FACEBOOK_APP_SECRET", "Facebook app secret", _r(HEX, 32)),
    ("Spotify client secret", "SPOTIFY_CLIENT_SECRET", "Spotify client secret", _r(HEX, 32)),
    ("LinkedIn client secret", "LINKEDIN_CLIENT_SECRET", "LinkedIn client secret", _r(B62, 16)),
    ("MinIO secret key", "MINIO_SECRET_KEY", "MinIO secret key", _r(B62, 40)),
    ("Pinecone API key", "PINECONE_API_KEY", "Pinecone API key", _uuid),
    ("Backblaze application key", "B2_APPLICATION_KEY", "Backblaze B2 application key", _r(B62, 31, "K005")),
    ("Travis CI token", "TRAVIS_TOKEN", "Travis CI API token", _r(B64URL, 22)),
    ("CircleCI legacy token", "CIRCLECI_TOKEN", "CircleCI personal API token", _r(HEX, 40)),
    ("Sumo Logic access key", "SUMO_ACCESS_KEY", "Sumo Logic access key", _r(B62, 64)),
]

_ENV_FRAMES = [
    "{e}={v}",
    "export {e}='{v}'",
    '  {e}: "{v}"',
    "{e} = {v}  # bakery co-op prod",
    '{{"{e}": "{v}"}}',
    "docker run -e {e}={v} tram-museum/api",
]
_PROSE_FRAMES = [
    "The {n} for the bakery co-op is {v}, please keep it safe.",
    "For the tram museum's site I set up a {n}: {v}",
    "Der {n} für die Chor-Website lautet {v}.",
    "Le {n} du cabinet vétérinaire est {v}, ne le partage pas.",
    "El {n} de la cooperativa es {v}.",
    "Il {n} del museo del tram è {v}.",
    "De {n} van de bakkerij is {v}.",
    "O {n} do coral é {v}.",
    "{n} do muzeum: {v}",
    "合唱団サイトの {n} は {v} です。",
    "面包合作社的 {n} 是 {v}。",
    "Here is the {n} you asked for: {v} (valid until March).",
]
_CLI_FRAMES = [
    "kubeadm join 10.20.0.4:6443 --token {v} --discovery-token-ca-cert-hash sha256:{h}",
    "curl -u api:{v} https://api.example.net/v3/messages",
    "az devops login --organization https://dev.azure.com/bakerycoop <<< {v}",
    "heroku config:set {e}={v} -a tram-museum",
    "secret: {v}   # {n}, rotate yearly",
    "{n}: {v}",
]


def _formats(g: random.Random) -> Iterator[Row]:
    for i, (kind, env, label, make) in enumerate(HELD14F_FORMATS):
        v = make(g)
        yield Row(HALF, "format", kind, _ENV_FRAMES[i % len(_ENV_FRAMES)].format(e=env, v=v), v)
        v = make(g)
        yield Row(HALF, "format", kind, _PROSE_FRAMES[i % len(_PROSE_FRAMES)].format(n=label, v=v), v)
        v = make(g)
        if kind.startswith("kubeadm"):
            frame = _CLI_FRAMES[0]
        elif kind.startswith("Azure DevOps"):
            frame = _CLI_FRAMES[2]
        else:
            frame = _CLI_FRAMES[3 + i % (len(_CLI_FRAMES) - 3) if i % 4 else 1]
        yield Row(HALF, "format", kind, frame.format(e=env, n=label, v=v, h=rand(g, HEX, 64)), v)


# -- evasions of the VALUE -------------------------------------------------------------------------------------

_INVISIBLE = ["\u2060", "\u2061", "\u2062", "\u2063", "\u2064", "\u180e", "\ufeff", "\u00ad", "\u034f", "\u200e"]
_FILLERS = [".", "-", "_", " ", "*", "·", "/", "~"]


def _fullwidth(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


def _digits_fullwidth(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in s)


def _between(s: str, sep: str) -> str:
    return sep.join(s)


_WORDS = ["heron", "maple", "copper", "tundra", "velvet", "saffron", "orbit", "lantern", "quince", "harbor"]


def _password(g: random.Random, k: int) -> str:
    if k % 3 == 0:
        return f"{g.choice(_WORDS)}{g.choice(_WORDS).capitalize()}{g.randint(10, 99)}!"
    if k % 3 == 1:
        return rand(g, B62, 8) + g.choice("!#%&") + rand(g, string.digits, 3)
    return f"{g.choice(_WORDS)}-{g.choice(_WORDS)}-{g.randint(100, 999)}"


_STATED = [
    ("password: {v}", "password"),
    ("The bakery wifi password is {v}", "password"),
    ("Das Kennwort für den Chor-Server ist {v}", "Kennwort"),
    ("mot de passe du cabinet : {v}", "mot de passe"),
    ("contraseña del museo: {v}", "contraseña"),
    ("パスワード：{v}", "パスワード"),
    ("密码是 {v}", "密码"),
    ("DB_PASSWORD={v}", "DB_PASSWORD"),
]
_TOKENS: list[tuple[str, Maker]] = [
    ("GitHub token", _r(B62, 36, "ghp_")),
    ("Stripe live key", _r(B62, 32, "sk_live_")),
    ("Slack bot token", lambda g: f"xoxb-{rand(g, string.digits, 12)}-{rand(g, string.digits, 13)}-{rand(g, B62, 24)}"),
    ("GitLab token", _r(B64URL, 20, "glpat-")),
    (
        "AWS access key id",
        _r("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, "AKIA"),
    ),
    ("npm token", _r(B62, 36, "npm_")),
    ("Twilio auth token", _r(HEX, 32)),
    ("Azure DevOps PAT", _r(B32L, 52)),
]
_TOKEN_FRAMES = [
    "token: {v}",
    "Here's the {n}: {v}",
    "GITHUB_TOKEN={v}",
    "Der {n} ist {v}",
    "{n} をここに貼ります: {v}",
]


def _evasions(s: str, k: int) -> list[tuple[str, str]]:
    """(evasion name, evaded value) for one value."""
    inv = _INVISIBLE[k % len(_INVISIBLE)]
    fill = _FILLERS[k % len(_FILLERS)]
    b64 = base64.b64encode(s.encode()).decode()
    return [
        ("full-width value", _fullwidth(s)),
        ("full-width digits", _digits_fullwidth(s)),
        ("word joiner between characters", _between(s, "\u2060")),
        ("invisible format character between characters", _between(s, inv)),
        ("invisible characters at a few places", s[:3] + inv + s[3:7] + inv + s[7:]),
        ("base64 value, labelled", f"{b64} (base64)"),
        ("base64 value, bare", b64),
        ("filler between every character", _between(s, fill)),
    ]


def _spelled_noun(noun: str, fill: str) -> str:
    return fill.join(noun) if noun.isascii() and "_" not in noun else noun


def _evasion_rows(g: random.Random) -> Iterator[Row]:
    for i, (frame, noun) in enumerate(_STATED):
        for k in range(2):
            value = _password(g, i + k)
            for name, evaded in _evasions(value, i * 3 + k):
                text = frame.format(v=evaded)
                if name.startswith("filler") and k == 1:
                    fill = _FILLERS[(i * 3 + k) % len(_FILLERS)]
                    text = text.replace(noun, _spelled_noun(noun, fill), 1)
                yield Row(HALF, "evasion", f"stated: {name}", text, value)
    for i, (name_t, make) in enumerate(_TOKENS):
        value = make(g)
        for k, (name, evaded) in enumerate(_evasions(value, i)):
            frame = _TOKEN_FRAMES[(i + k) % len(_TOKEN_FRAMES)]
            yield Row(HALF, "evasion", f"token: {name}", frame.format(n=name_t, v=evaded), value)


# -- ordinary look-alikes ----------------------------------------------------------------------------------

_UUID_FRAMES = [
    "Request id {u} failed with a 502, retrying fixed it.",
    "Heroku app id: {u} (tram-museum-staging).",
    "Azure tenant ID {u}, subscription below.",
    "Die Bestellnummer im Shop ist {u}.",
    "Trace {u} shows the slow query on the bakery orders page.",
    "Le numéro de dossier du chat Minou est {u}.",
    "Pinecone index name: choir-lyrics, namespace {u}.",
    "Correlation-ID: {u}",
    "予約ID：{u}",
    "Snyk project id {u} has 3 medium issues.",
]
_HASH_FRAMES = [
    "Fixed in commit {h}.",
    "git revert {h} brought the menu back.",
    "Der Fehler kam mit Commit {s} rein.",
    "Cherry-pick {s} onto the release branch.",
    "La révision {h} casse le build du site du chœur.",
    "SHA-1 of the PDF: {h}",
    "Build artefact checksum (sha256): {l}",
    "Docker image sha256:{l} is the one on the tram kiosk.",
]
_BUILD = [
    "Jenkins build #{n} passed in 4m12s.",
    "GitHub Actions run {n} failed on the lint step.",
    "Azure Pipelines build 2026{m:04d}.{k} is green.",
    "CodeBuild id bakery-site:{u}",
    "Build {x} deployed to staging at 14:05.",
    "El build {n} se rompió por un test flaky.",
    "ビルド番号 {n} でリリースしました。",
]
_PUBLIC_B64 = [
    "Choir rehearsal moved to Thursday",
    '{"theme":"dark","lang":"nl"}',
    "tram museum opening hours 10-17",
    "2026-12-07",
    "bakery,coop,member_count\n1,rye,42",
    "<p>Welcome to the practice</p>",
    "GIF89a",
    "user=guest&lang=en",
    "The vet is closed on Sundays.",
    "Merry Christmas from the co-op!",
]
_B64_FRAMES = [
    "That string is just base64 for '{t}': {b}",
    "{b} decodes to the settings JSON, nothing secret.",
    "Die Daten-URL: data:text/plain;base64,{b}",
    "Le champ payload vaut {b} (texte public).",
    "Encoded sample: {b}",
    "ペイロード {b} は公開データです。",
]
_DOTTED = [
    "Upgrade to version {a}.{b}.{c} before Friday.",
    "The file is abc123.def in the shared folder.",
    "Rename report_{x}.pdf to report-final.pdf.",
    "Host web{c:02d}.tram-museum.internal answers on 8080.",
    "Import path com.bakerycoop.{w}.orders was renamed.",
    "Ticket CHOIR-{n} is about the broken {w} page.",
    "The kernel module {w}_{x}.ko crashed on boot.",
    "Image tag registry.example.org/vet/api:{a}.{b}.{c}-{x}",
    "Python package {w}-{a}.{b}.{c}.tar.gz is on the mirror.",
    "Cache key {x6}.{w} was evicted.",
    "Object {x6}.{x16}.json is the nightly export.",
    "Sample {x6}.{x16} came back negative (lab reference).",
    "Die Datei {x6}.{ext} liegt im Archiv.",
    "Le fichier {w}.{x6}.min.js est servi par le CDN.",
]
_SPACED = [
    "He spelled it out: M-I-S-S-I-S-S-I-P-P-I.",
    "B-I-N-G-O night at the co-op is on Friday.",
    "The banner says W E L C O M E in huge letters.",
    "Please don't write p a s s w o r d on the whiteboard, it looks like a hint.",
    "She typed h.e.l.l.o to test the keyboard.",
    "Die Abkürzung steht für U-S-B, nicht für was anderes.",
    "On a écrit M.E.R.C.I sur le gâteau.",
    "Letra por letra: C-O-R-O.",
    "The tram number is spelled T-W-O-S-E-V-E-N on the old sign.",
    "r e s e r v e d is printed on every other seat.",
    "The sign reads S_T_O_P in the museum's font.",
    "y-e-s or n-o, that was the whole survey.",
]
_FULLWIDTH_JA = [
    "会議は１２月７日（月）の１５：００からです。",
    "ＡＢＣ株式会社のパン屋さんは駅前にあります。",
    "部屋番号は３０２号室です。",
    "ＩＤカードを忘れないでください。",
    "合唱の練習は毎週木曜日、１９時から２１時まで。",
    "電話番号は０３－１２３４－５６７８です。",
    "パスワードは１２文字以上にしてください。",
    "ＷｉＦｉは「ＣｏｏｐＧｕｅｓｔ」に接続してください（パスワード不要）。",
    "トラム博物館の入場料は大人５００円です。",
    "動物病院の診察券番号：Ａ１２３４５",
    "ＵＲＬは ｈｔｔｐｓ：／／ｅｘａｍｐｌｅ．ｊｐ です。",
    "Ｖｅｒ．２．３．１にアップデートしました。",
    "ＰＤＦの資料は共有フォルダにあります。",
    "注文番号：２０２６１２０７－００４２",
]
_INVISIBLE_PROSE = [
    "Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesellschaft ist ein langes Wort.",
    "Kennwort\u00adrichtlinie: mindestens zwölf Zeichen.",
    "The brand is written Co\u2060op\u2060Bakery in the logo.",
    "\ufeffChoir newsletter, December issue",
    "Tram\u2060museum opening hours changed.",
    "Passwort\u00advergessen-Seite ist jetzt auf Deutsch.",
    "Mot\u2060-de\u2060-passe oublié : le lien est en bas de la page.",
]
_VENDOR_PUBLIC = [
    "Algolia application ID: {A10}",
    "Algolia search-only API key {h32} is the public one used in the browser.",
    "Cloudflare zone ID {h32} for tram-museum.org.",
    "Cloudflare account ID is {h32}, shown on the dashboard sidebar.",
    "Twilio account SID AC{h32} (the SID is not secret, the auth token is).",
    "Twilio message SID SM{h32} was delivered.",
    "Mailgun message id <20261207{n6}.1.{H16}@mg.bakerycoop.org>",
    "Azure DevOps work item #{n4} links the PAT rotation runbook.",
    "kubeadm join 10.0.0.5:6443 --discovery-token-ca-cert-hash sha256:{h64} (token in the vault)",
    "Datadog trace id {n19} shows the slow checkout.",
    "Sentry event {h32} is the crash on the vet's booking form.",
    "Stripe publishable key pk_live_{b24} is in the HTML.",
    "Google Analytics id G-{A10} on every page.",
    "PagerDuty incident P{A6} was auto-resolved.",
    "Fastly service ID {b22} serves the choir site.",
    "Contentful space id {l12}, environment master.",
    "Heroku release v{n3} rolled back the dyno.",
    "AWS account 1234{n8} owns the bucket bakery-coop-assets.",
]


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()

    def once(text: str) -> Iterator[Row]:
        if text not in seen:
            seen.add(text)
            yield Row(HALF, "prose", "ordinary sentence", text, "")

    for frame in _UUID_FRAMES:
        for _ in range(3):
            yield from once(frame.format(u=_uuid(g)))
    for frame in _HASH_FRAMES:
        for _ in range(3):
            yield from once(frame.format(h=rand(g, HEX, 40), s=rand(g, HEX, 7), l=rand(g, HEX, 64)))
    for frame in _BUILD:
        for _ in range(3):
            yield from once(
                frame.format(
                    n=g.randint(1000, 9_999_999_999),
                    m=g.randint(101, 1231),
                    k=g.randint(1, 20),
                    u=_uuid(g),
                    x=rand(g, HEX, 8),
                )
            )
    for i, t in enumerate(_PUBLIC_B64):
        b = base64.b64encode(t.encode()).decode()
        for k in range(2):
            yield from once(_B64_FRAMES[(i + k) % len(_B64_FRAMES)].format(b=b, t=t))
    words = ["orders", "choir", "menu", "booking", "tram", "lyrics", "rye", "kiosk"]
    for frame in _DOTTED:
        for _ in range(3):
            yield from once(
                frame.format(
                    a=g.randint(0, 12),
                    b=g.randint(0, 40),
                    c=g.randint(0, 30),
                    x=rand(g, HEX, 6),
                    w=g.choice(words),
                    n=g.randint(10, 9999),
                    x6=rand(g, LOWER_NUM, 6),
                    x16=rand(g, LOWER_NUM, 16),
                    ext=g.choice(["csv", "json", "txt", "log"]),
                )
            )
    for line in _SPACED + _FULLWIDTH_JA + _INVISIBLE_PROSE:
        yield from once(line)
    for frame in _VENDOR_PUBLIC:
        for _ in range(3):
            yield from once(
                frame.format(
                    A10=rand(g, UPPER_NUM, 10),
                    A6=rand(g, UPPER_NUM, 6),
                    h32=rand(g, HEX, 32),
                    h64=rand(g, HEX, 64),
                    H16=rand(g, "0123456789ABCDEF", 16),
                    n3=g.randint(100, 999),
                    n4=g.randint(1000, 9999),
                    n6=g.randint(100000, 999999),
                    n8=g.randint(10**7, 10**8 - 1),
                    n19=g.randint(10**18, 10**19 - 1),
                    b22=rand(g, B62, 22),
                    b24=rand(g, B62, 24),
                    l12=rand(g, LOWER_NUM, 12),
                )
            )


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held14f (deterministic for a seed): prefixless vendor credentials, evaded values, then
    ordinary look-alikes."""
    g = random.Random(seed)
    return [*_formats(g), *_evasion_rows(g), *_prose(g)]
