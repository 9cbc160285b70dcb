"""A held-out split of credential FORMATS and EVASIONS, ``held10f``: written by formats13 before its changes.

Scored once at the end of the stop (on integ43 and on the branch, same session); never read while tuning. ``held7``,
``held8`` and ``held9f`` are the tuning data. Its own seed, value makers and templates, in a voice of its own (a
beekeeping cooperative, a puppet theatre, a regional bus line, a choir):

- ``format``: vendor values with a published prefix (GitLab runner, Slack app-level, Stripe restricted, Twilio API
  key, npm, PyPI, Hugging Face, OpenAI project, Anthropic, Groq, Replicate, Perplexity, Figma, Linear, Notion,
  Airtable, Postman, Doppler, Pulumi, Terraform Cloud, Vault, Shopify, DigitalOcean, Supabase, PlanetScale, Grafana
  service accounts, New Relic, Sentry, Dynatrace, age, Tailscale, Buildkite, Clojars, RubyGems, Alibaba, Google,
  Heroku, Prefect, ReadMe, Frame.io, Duffel, EasyPost, Flutterwave, Shippo, Contentful, Octopus Deploy, OpenRouter,
  xAI, LangSmith, Adafruit IO, Infracost) placed in Kotlin, Rust, Nix, Terraform, Caddy, Make, cron, Markdown
  tables, CSV, log lines, `.http` files, Actions inputs and unlabelled chat; and labelled shapes of daemons and
  tools (keepalived ``auth_pass``, RouterOS ``/user add``, Cisco ``secret 0``, ``chap-secrets``, ipsec ``PSK``,
  ``fetchmailrc``, msmtp, ``ntp.keys``, BIND TSIG, Icecast, Murmur, RCON, Asterisk, FreeRADIUS, ``net ads join``,
  ``rsyncd.secrets``, ``.pgpass``, ``sshpass``, ``mysqladmin password``);
- ``evasion``: the single-line values under the writings held9f left open, written anew: colon-separated and
  lower-case spaced hex, Java ``new String(new char[]{…})``, Python ``"".join([...])``, JavaScript
  ``String.fromCharCode``, Postgres ``CHR()`` concatenation, MySQL ``CONCAT(CHAR(…))``, pairs and triples split by
  spaces, thin/figure/narrow no-break spaces, splits over quote blocks, list items, table rows and backslash
  continuations;
- ``prose``: 300+ ordinary sentences with format-like values that are not credentials: hashes, UUIDs, commit SHAs,
  SSH and age public keys, example placeholders, version strings, checksums, IPFS CIDs, digests, serials.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, BECH32, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held10f"
SEED = 43_2026_12_07_10
Maker = Callable[[random.Random], str]
HEX_UP = "0123456789ABCDEF"
LOWER = string.ascii_lowercase
PW = string.ascii_letters + string.digits + "!#%+=-_.@"


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _p(prefix: str, alphabet: str, n: int) -> Maker:
    return lambda g: prefix + _r(g, alphabet, n)


def _pw(g: random.Random) -> str:
    while True:
        value = _r(g, PW, g.randint(14, 20))
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def _b64(g: random.Random, n: int) -> str:
    return base64.b64encode(g.randbytes(n)).decode()


HELD10F_FORMATS: list[tuple[str, str, Maker]] = [
    ("GitLab runner token", "GitLab", _p("glrt-", B64URL, 20)),
    (
        "Slack app-level token",
        "Slack",
        lambda g: f"xapp-1-A{_r(g, UPPER_NUM, 10)}-{_r(g, string.digits, 13)}-{_r(g, HEX, 64)}",
    ),
    ("Stripe restricted key", "Stripe", _p("rk_live_", B62, 99)),
    ("Twilio API key", "Twilio", _p("SK", HEX, 32)),
    ("npm token", "npm", _p("npm_", B62, 36)),
    ("PyPI upload token", "PyPI", _p("pypi-AgEIcHlwaS5vcmcCJ", B64URL, 60)),
    ("Hugging Face token", "Hugging Face", _p("hf_", string.ascii_letters, 34)),
    ("OpenAI project key", "OpenAI", lambda g: "sk-proj-" + _r(g, B64URL, 74) + "T3BlbkFJ" + _r(g, B64URL, 74)),
    ("Anthropic key", "Anthropic", lambda g: "sk-ant-api03-" + _r(g, B64URL, 93) + "AA"),
    ("Groq key", "Groq", _p("gsk_", B62, 52)),
    ("Replicate token", "Replicate", _p("r8_", B62, 37)),
    ("Perplexity key", "Perplexity", _p("pplx-", B62, 48)),
    ("Figma token", "Figma", lambda g: f"figd_{_r(g, B64URL, 40)}"),
    ("Linear key", "Linear", _p("lin_api_", B62, 40)),
    ("Notion token", "Notion", _p("ntn_", B62, 46)),
    ("Airtable token", "Airtable", lambda g: f"pat{_r(g, B62, 14)}.{_r(g, HEX, 64)}"),
    ("Postman key", "Postman", lambda g: f"PMAK-{_r(g, HEX, 24)}-{_r(g, HEX, 34)}"),
    ("Doppler token", "Doppler", _p("dp.st.prd.", B62, 43)),
    ("Pulumi token", "Pulumi", _p("pul-", HEX, 40)),
    ("Terraform Cloud token", "Terraform Cloud", lambda g: f"{_r(g, B62, 14)}.atlasv1.{_r(g, B62, 67)}"),
    ("Vault token", "Vault", _p("hvs.", B64URL, 92)),
    ("Shopify token", "Shopify", _p("shpat_", HEX, 32)),
    ("DigitalOcean token", "DigitalOcean", _p("dop_v1_", HEX, 64)),
    ("Supabase token", "Supabase", _p("sbp_", HEX, 40)),
    ("PlanetScale token", "PlanetScale", _p("pscale_tkn_", B64URL, 43)),
    ("Grafana service account token", "Grafana", lambda g: f"glsa_{_r(g, B62, 32)}_{_r(g, HEX, 8)}"),
    ("New Relic key", "New Relic", _p("NRAK-", UPPER_NUM, 27)),
    ("Sentry user token", "Sentry", _p("sntryu_", HEX, 64)),
    ("Dynatrace token", "Dynatrace", lambda g: f"dt0c01.{_r(g, UPPER_NUM, 24)}.{_r(g, UPPER_NUM, 64)}"),
    ("age secret key", "age", _p("AGE-SECRET-KEY-1", BECH32, 58)),
    ("Tailscale auth key", "Tailscale", lambda g: f"tskey-auth-{_r(g, B62, 17)}-{_r(g, B62, 33)}"),
    ("Buildkite token", "Buildkite", _p("bkua_", HEX, 40)),
    ("Clojars token", "Clojars", _p("CLOJARS_", HEX, 60)),
    ("RubyGems key", "RubyGems", _p("rubygems_", HEX, 48)),
    ("Alibaba access key", "Alibaba Cloud", _p("LTAI", B62, 20)),
    ("Google API key", "Google Maps", _p("AIza", B64URL, 35)),
    ("Heroku key", "Heroku", _p("HRKU-AA", B64URL, 58)),
    ("Prefect key", "Prefect", _p("pnu_", B62, 36)),
    ("ReadMe key", "ReadMe", _p("rdme_", HEX, 70)),
    ("Frame.io token", "Frame.io", _p("fio-u-", B64URL, 64)),
    ("Duffel token", "Duffel", _p("duffel_live_", B64URL, 43)),
    ("EasyPost key", "EasyPost", _p("EZAK", B62, 54)),
    ("Flutterwave secret", "Flutterwave", lambda g: f"FLWSECK-{_r(g, HEX, 32)}-X"),
    ("Shippo token", "Shippo", _p("shippo_live_", HEX, 40)),
    ("Contentful token", "Contentful", _p("CFPAT-", B64URL, 43)),
    ("Octopus Deploy key", "Octopus Deploy", _p("API-", UPPER_NUM, 26)),
    ("OpenRouter key", "OpenRouter", _p("sk-or-v1-", HEX, 64)),
    ("xAI key", "xAI", _p("xai-", B62, 80)),
    ("LangSmith key", "LangSmith", lambda g: f"lsv2_pt_{_r(g, HEX, 32)}_{_r(g, HEX, 10)}"),
    ("Adafruit IO key", "Adafruit IO", _p("aio_", B62, 28)),
    ("Infracost key", "Infracost", _p("ico-", B62, 32)),
]

HELD10F_CONTEXTS = [
    "pasting from the bee-co-op's vault export, line 9: {v}",
    "{n} handed me this for the bus timetable sync {v} - it expires friday",
    'val upstreamAuth = "{v}"  // {n}, puppet theatre box office',
    'const UPSTREAM: &str = "{v}"; // {n}',
    'environment.etc."choir/{n}".text = "{v}";',
    'variable "upstream" {{\n  default = "{v}" # {n}\n}}',
    'reverse_proxy upstream:8080 {{\n  header_up Authorization "Bearer {v}"\n}}',
    "export UPSTREAM_CRED := {v}",
    '*/10 * * * * curl -s -H "Authorization: Bearer {v}" https://hives.example/api/sync',
    "| {n} | {v} | rotate in May |",
    "{n},production,{v},2026-11-30",
    "2026-12-01T10:02:11Z DEBUG calling {n} with {v}",
    "@bearer = {v}\nGET https://buses.example/v2/routes\nAuthorization: Bearer {{{{bearer}}}}",
    "- uses: choir/publish@v3\n  with:\n    upstream-auth: {v}",
    "ok here's the {n} one for the staging box {v} don't share it",
    "Sent from the ticket desk. {v}",
    "the thing {n} emailed back: {v}",
    'settings.upstream = {{"vendor": "{n}", "auth": "{v}"}}',
]

HELD10F_LABELLED: list[tuple[str, str, Maker]] = [
    (
        "keepalived auth_pass",
        "vrrp_instance VI_1 {{\n    authentication {{\n        auth_type PASS\n        auth_pass {v}\n    }}\n}}",
        lambda g: _r(g, B62, 8),
    ),
    ("RouterOS user add", "/user add name=busops group=full password={v}", _pw),
    ("Cisco secret 0", "username choir privilege 15 secret 0 {v}", _pw),
    ("chap-secrets line", '# client\tserver\tsecret\tIP\n"hivecam"\t*\t"{v}"\t*', _pw),
    ("ipsec PSK", '198.51.100.7 203.0.113.9 : PSK "{v}"', lambda g: _b64(g, 24)),
    ("fetchmailrc", 'poll mail.theatre.example protocol imap user "boxoffice" password "{v}"', _pw),
    ("msmtp password", "account theatre\nhost smtp.theatre.example\nuser boxoffice\npassword {v}", _pw),
    ("ntp.keys entry", "# /etc/ntp.keys\n3 SHA1 {v}", lambda g: _r(g, HEX, 40)),
    ("BIND TSIG secret", 'key "xfer-key" {{\n  algorithm hmac-sha256;\n  secret "{v}";\n}};', lambda g: _b64(g, 32)),
    ("Icecast source password", "<authentication>\n  <source-password>{v}</source-password>\n</authentication>", _pw),
    ("Murmur server password", "; murmur.ini\nserverpassword={v}", _pw),
    ("RCON password", "enable-rcon=true\nrcon.port=25575\nrcon.password={v}", _pw),
    ("Asterisk peer secret", "[stagedoor]\ntype=friend\nhost=dynamic\nsecret={v}", _pw),
    ("FreeRADIUS client secret", "client hives {{\n    ipaddr = 10.4.0.0/16\n    secret = {v}\n}}", _pw),
    ("net ads join", "net ads join -U administrator%{v}", _pw),
    ("rsyncd.secrets", "# /etc/rsyncd.secrets\nbackup:{v}", _pw),
    (".pgpass line", "db.buses.internal:5432:timetable:tt_writer:{v}", _pw),
    ("sshpass", "sshpass -p '{v}' ssh pi@hive-gateway", _pw),
    ("mysqladmin password", "mysqladmin -u root password '{v}'", _pw),
]
HELD10F_LABELLED_KINDS = {kind for kind, _, _ in HELD10F_LABELLED}


def _hex_colon(v: str) -> str:
    return ":".join(f"{b:02x}" for b in v.encode())


def _hex_spaced_lower(v: str) -> str:
    return " ".join(f"{b:02x}" for b in v.encode())


def _java_chars(v: str) -> str:
    return "new String(new char[]{" + ", ".join(f"'{c}'" if c not in "'\\" else f"'\\{c}'" for c in v) + "})"


def _py_join(v: str) -> str:
    return '"".join([' + ", ".join(repr(c) for c in v) + "])"


def _from_char_code(v: str) -> str:
    return "String.fromCharCode(" + ",".join(str(ord(c)) for c in v) + ")"


def _pg_chr(v: str) -> str:
    return " || ".join(f"chr({ord(c)})" for c in v)


def _mysql_concat(v: str) -> str:
    return "CONCAT(" + ", ".join(f"CHAR({ord(c)})" for c in v) + ")"


def _groups(v: str, n: int, sep: str) -> str:
    return sep.join(v[i : i + n] for i in range(0, len(v), n))


def _lines(v: str, n: int, lead: str, end: str = "") -> str:
    return "\n".join(lead + v[i : i + n] + end for i in range(0, len(v), n))


def _continued(v: str) -> str:
    parts = [v[i : i + 12] for i in range(0, len(v), 12)]
    return "\\\n".join(parts)


HELD10F_EVASIONS: list[tuple[str, Callable[[str], str]]] = [
    ("hex bytes joined by colons", _hex_colon),
    ("lower-case hex bytes spaced", _hex_spaced_lower),
    ("Java new String(char[])", _java_chars),
    ("Python join of characters", _py_join),
    ("JavaScript fromCharCode", _from_char_code),
    ("Postgres chr() concatenation", _pg_chr),
    ("MySQL CONCAT(CHAR())", _mysql_concat),
    ("split in pairs by spaces", lambda v: _groups(v, 2, " ")),
    ("split in threes by spaces", lambda v: _groups(v, 3, " ")),
    ("thin space every 5", lambda v: _groups(v, 5, "\u2009")),
    ("figure space every 3", lambda v: _groups(v, 3, "\u2007")),
    ("narrow no-break space every 6", lambda v: _groups(v, 6, "\u202f")),
    ("split over a quote block", lambda v: _lines(v, 10, "> ")),
    ("split over list items", lambda v: _lines(v, 9, "* ")),
    ("split over table rows", lambda v: _lines(v, 11, "| ", " |")),
    ("backslash-continued lines", _continued),
]
_ALONE = {
    "Java new String(char[])",
    "Python join of characters",
    "JavaScript fromCharCode",
    "Postgres chr() concatenation",
    "MySQL CONCAT(CHAR())",
    "split over a quote block",
    "split over list items",
    "split over table rows",
    "backslash-continued lines",
    "hex bytes joined by colons",
    "lower-case hex bytes spaced",
}
HELD10F_EVASION_CONTEXTS = [
    "the conductor's laptop had this in the deploy notes:\n{v}\nno idea which service",
    "copied from the old wiki page for the bus depot:\n\n{v}\n\nstill works apparently",
    "hive scale firmware config, the upload field:\n{v}",
    "here, so you don't have to dig for it\n{v}",
    "String upstream = {v};",
    "SELECT {v} AS cred;",
]

PLACEHOLDERS = (
    "<your-api-token>",
    "YOUR_TOKEN_HERE",
    "sk-...",
    "xxxx-xxxx-xxxx",
    "${UPSTREAM_TOKEN}",
    "changeme",
    "<redacted>",
    "REPLACE_ME",
    "********",
)
VERSIONS = ("1.4.2", "v2.0.0-rc.3", "3.11.7", "0.19.1+build.442", "2024.10.1", "v5.3.0-beta.2", "12.2.1")

PROSE_TEMPLATES = [
    "The tarball's sha256 is {sha256}, matching the release page.",
    "Checksum (sha1) of the firmware image: {sha1}.",
    "md5 of the choir's recording master came out as {md5}.",
    "Ticket {uuid} was closed after the bus schedule import finished.",
    "The hive sensor reports under device id {uuid}.",
    "Reverted commit {sha1} because it broke the puppet rig lights.",
    "Merged in {short}; the changelog mentions the route planner fix.",
    "Deployed image ghcr.io/choir/site@sha256:{sha256} to staging.",
    "My public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64_43} pat@hivebox",
    "Add this age recipient to the backup config: age1{bech58}",
    "The IPFS CID for the programme PDF is bafybei{cid}.",
    "Old pinned copy lives at Qm{b58_44} on the gateway.",
    "Set the token to {placeholder} in your local .env before running the tests.",
    "The docs example uses {placeholder} as the key; replace it with yours.",
    "We upgraded the timetable service from {version} to {version2}.",
    "Bus 14's ticket machine runs firmware {fw}.",
    "Package integrity: sha512-{b64_86}==",
    "The colour for the theatre banner is #{hexcol}, with #{hexcol2} for the border.",
    "Serial number on the hive scale: {serial}.",
    "The ISBN of the choir's songbook is {isbn}.",
    "Tracking number for the costume shipment: {tracking}.",
    "The gateway's MAC address is {mac}.",
    "Bus stop feed lives at 2001:db8:{ipv6}.",
    "The PGP fingerprint for the treasurer is {pgp}.",
    "Git tag release-{date} points at {short}.",
    'ETag for the timetable JSON: "{hex32}".',
    "The request id in the error was req_{lnum24}; support asked for it.",
    "Stripe publishable key for the donation form: pk_live_{b62_24}, safe in the page source.",
    "Order reference {ref} covers the new smoker and two veils.",
    "Build {build} failed at the lint step, rerun passed.",
    "The Docker layer {sha256_12} was cached, so the build took 40 seconds.",
    "Hive 7 weighed {kg} kg this morning, up from last week.",
    "Transaction hash 0x{hex64} confirmed the donation on chain.",
    "The wallet address for donations is 0x{hex40}.",
    "The log correlation id was {uuid}, nothing else useful in there.",
    "Onion address of the mirror: {onion}.onion",
    "Cache key for the CI step: deps-{hex16}-{version}.",
    "Subresource integrity for the script: sha384-{b64_64}",
    "Checksum file line: {sha256}  choir-site-{version}.tar.gz",
    "Git LFS pointer oid sha256:{sha256} size {size}",
]


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for _round in range(9):
        for template in PROSE_TEMPLATES:
            data = g.randbytes(32)
            fields = {
                "sha256": hashlib.sha256(data).hexdigest(),
                "sha256_12": hashlib.sha256(data).hexdigest()[:12],
                "sha1": hashlib.sha1(data).hexdigest(),
                "md5": hashlib.md5(data).hexdigest(),
                "short": hashlib.sha1(data).hexdigest()[:7],
                "uuid": str(uuid.UUID(int=g.getrandbits(128), version=4)),
                "b64_43": _r(g, B64, 43),
                "b64_86": _r(g, B64, 86),
                "b64_64": _r(g, B64, 64),
                "bech58": _r(g, BECH32.lower(), 58),
                "cid": _r(g, "abcdefghijklmnopqrstuvwxyz234567", 52),
                "b58_44": _r(g, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44),
                "placeholder": g.choice(PLACEHOLDERS),
                "version": g.choice(VERSIONS),
                "version2": g.choice(VERSIONS),
                "fw": f"{g.randint(1, 9)}.{g.randint(0, 30)}.{g.randint(0, 99)}",
                "hexcol": _r(g, HEX, 6),
                "hexcol2": _r(g, HEX, 6),
                "serial": _r(g, UPPER_NUM, 10),
                "isbn": f"978-{g.randint(0, 9)}-{g.randint(1000, 9999)}-{g.randint(1000, 9999)}-{g.randint(0, 9)}",
                "tracking": "1Z" + _r(g, UPPER_NUM, 16),
                "mac": ":".join(_r(g, HEX, 2) for _ in range(6)),
                "ipv6": ":".join(_r(g, HEX, 4) for _ in range(4)),
                "pgp": " ".join(_r(g, HEX_UP, 4) for _ in range(10)),
                "date": f"2026.{g.randint(1, 12):02d}.{g.randint(1, 28):02d}",
                "hex32": _r(g, HEX, 32),
                "hex64": _r(g, HEX, 64),
                "hex40": _r(g, HEX, 40),
                "hex16": _r(g, HEX, 16),
                "lnum24": _r(g, LOWER_NUM, 24),
                "b62_24": _r(g, B62, 24),
                "ref": f"BEE-{g.randint(10000, 99999)}",
                "build": f"#{g.randint(100, 9999)}",
                "kg": f"{g.uniform(20, 60):.1f}",
                "onion": _r(g, "abcdefghijklmnopqrstuvwxyz234567", 56),
                "size": g.randint(1000, 90_000_000),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


_SPLIT = Split(
    HALF,
    HELD10F_FORMATS,
    HELD10F_CONTEXTS,
    HELD10F_LABELLED,
    HELD10F_LABELLED_KINDS,
    HELD10F_EVASIONS,
    _ALONE,
    HELD10F_EVASION_CONTEXTS,
    (),
    {},
    lambda codes: codes,
    _prose,
    skipped=1,
    stride=2,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held10f (deterministic for a seed): formats, evasions and ordinary sentences."""
    return _SPLIT.rows(seed)
