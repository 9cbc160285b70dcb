"""A held-out split of credential FORMATS under LAYOUT SPLITS and EVASIONS, and of PUBLIC high-entropy data,
``held12f``: written by formats15 before any change of stop 45.

Scored once at the end of stop 45 (on main and on the branch, same session); never read while tuning. ``held9f``,
``held10f``, ``held11f`` and breaker44's sets are the tuning data. Its own seed, value makers and templates, in a voice
of its own (a community orchard, a regional choir, a bicycle repair collective, a tram museum):

- ``format``: 88 vendor formats (prefixed tokens of code hosts, payment, mail, AI, cloud, CI and hosting vendors)
  in contexts no earlier split writes (HCL, Java properties, Kotlin, C#, Ruby, Perl, PowerShell, Makefile, nginx,
  HTTP headers, GitHub Actions, log lines, chat), and 40 labelled daemon and tool shapes (mosquitto, RabbitMQ,
  htpasswd, x11vnc, chpasswd, MongoDB, Neo4j, InfluxDB, rclone, Transmission, ipsec.secrets, murmur, Minecraft
  RCON, Source RCON, Asterisk, NUT, Bacula, snmpd, FreeRADIUS, FRR, Icecast, MPD, ESPHome, sshpass, lftp,
  smbclient, CIFS mounts, keytool, 7-Zip, openssl pkcs12, ...);
- ``evasion``: a value cut by LAYOUT (YAML literal, nested folded, escaped-newline double-quoted and plain
  multi-line scalars; a quoted value wrapped over lines; JSON arrays one chunk a line and of short chunks; TOML
  arrays; Python joins; CSV rows with ``;`` and quoted fields; TSV rows; adjacent shell and C literals; JS
  concatenation over lines; SQL ``||``), grouped by marks (dots every 5, hyphens every 6, colons every 4, middle
  dots every 4, spaces every 5, tabs every 8, spaced en dashes every 4), and character evasions (zero-width space,
  narrow no-break space, Greek look-alikes, mathematical monospace, URL-safe base64, spaced hex);
- ``prose``: 300+ ordinary lines holding public high-entropy data: hashes and checksums of every width, SRI
  ``integrity`` values, lockfile integrity, Go sums, SSH/age/minisign/signify/WireGuard/DKIM/JWK public keys,
  PEM public keys, base64 images (PNG/GIF/JPEG/WebP, bare and in ``data:`` URIs), JWT headers without signature,
  base64 of public JSON, UUIDs, ULIDs, ObjectIds, container and image digests, IPFS/IPNS, OCIDs, SOPS
  ``ENC[...]`` values, publishable keys (PostHog, Stripe, Mapbox, reCAPTCHA, Turnstile), CSP nonces and hashes,
  SPKI pins, Tor relay fingerprints, transaction ids, Nostr ``npub``, xpubs.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B58, B62, B64, B64URL, BECH32, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held12f"
SEED = 45_2026_12_07_12
Maker = Callable[[random.Random], str]
HEX_UP = "0123456789ABCDEF"
B32L = "abcdefghijklmnopqrstuvwxyz234567"
BECH32L = BECH32.lower()
PW = string.ascii_letters + string.digits + "!#%+=-_.@^*~"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _p(prefix: str, alphabet: str, n: int, suffix: str = "") -> Maker:
    return lambda g: prefix + _r(g, alphabet, n) + suffix


def _pw(g: random.Random) -> str:
    while True:
        value = _r(g, PW, g.randint(14, 20))
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def _b64(g: random.Random, n: int) -> str:
    return base64.b64encode(g.randbytes(n)).decode()


def _b64u(g: random.Random, n: int) -> str:
    return base64.urlsafe_b64encode(g.randbytes(n)).decode().rstrip("=")


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128), version=4))


HELD12F_FORMATS: list[tuple[str, str, Maker]] = [
    ("GitHub fine-grained token", "GitHub", lambda g: f"github_pat_11{_r(g, UPPER_NUM, 20)}_{_r(g, B62, 59)}"),
    ("GitHub OAuth token", "GitHub", _p("gho_", B62, 36)),
    ("GitHub app installation token", "GitHub", _p("ghs_", B62, 36)),
    ("GitHub refresh token", "GitHub", _p("ghr_", B62, 76)),
    ("GitLab runner token", "GitLab", _p("glrt-", B64URL, 20)),
    ("GitLab deploy token", "GitLab", _p("gldt-", B64URL, 20)),
    ("GitLab pipeline trigger", "GitLab", _p("glptt-", HEX, 40)),
    (
        "Slack bot token",
        "Slack",
        lambda g: f"xoxb-{_r(g, string.digits, 12)}-{_r(g, string.digits, 13)}-{_r(g, B62, 24)}",
    ),
    (
        "Slack app-level token",
        "Slack",
        lambda g: f"xapp-1-A{_r(g, UPPER_NUM, 10)}-{_r(g, string.digits, 13)}-{_r(g, HEX, 64)}",
    ),
    ("Stripe live secret key", "Stripe", _p("sk_live_", B62, 99)),
    ("Stripe restricted key", "Stripe", _p("rk_live_", B62, 99)),
    ("Stripe webhook secret", "Stripe", _p("whsec_", B62, 32)),
    ("AWS access key id", "AWS", _p("AKIA", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)),
    ("Google API key", "Google Maps", _p("AIza", B64URL, 35)),
    ("OpenAI project key", "OpenAI", lambda g: "sk-proj-" + _r(g, B64URL, 74) + "T3BlbkFJ" + _r(g, B64URL, 74)),
    ("Anthropic API key", "Anthropic", lambda g: "sk-ant-api03-" + _r(g, B64URL, 93) + "AA"),
    ("Hugging Face token", "Hugging Face", _p("hf_", string.ascii_letters, 34)),
    ("npm token", "npm", _p("npm_", B62, 36)),
    ("PyPI upload token", "PyPI", _p("pypi-AgEIcHlwaS5vcmc", B64URL, 70)),
    ("SendGrid key", "SendGrid", lambda g: f"SG.{_r(g, B64URL, 22)}.{_r(g, B64URL, 43)}"),
    ("Twilio API key", "Twilio", _p("SK", HEX, 32)),
    ("Mailgun key", "Mailgun", _p("key-", HEX, 32)),
    ("Mailchimp key", "Mailchimp", lambda g: _r(g, HEX, 32) + "-us" + str(g.randint(2, 21))),
    ("Shopify admin token", "Shopify", _p("shpat_", HEX, 32)),
    ("Shopify shared secret", "Shopify", _p("shpss_", HEX, 32)),
    ("Shopify custom app token", "Shopify", _p("shpca_", HEX, 32)),
    ("Databricks token", "Databricks", _p("dapi", HEX, 32)),
    ("DigitalOcean personal token", "DigitalOcean", _p("dop_v1_", HEX, 64)),
    ("DigitalOcean OAuth token", "DigitalOcean", _p("doo_v1_", HEX, 64)),
    ("Atlassian API token", "Atlassian", lambda g: "ATATT3xFfGF0" + _r(g, B64URL, 170) + "=" + _r(g, HEX_UP, 8)),
    ("Linear API key", "Linear", _p("lin_api_", B62, 40)),
    ("Notion integration token", "Notion", _p("ntn_", B62, 46)),
    ("Postman key", "Postman", lambda g: f"PMAK-{_r(g, HEX, 24)}-{_r(g, HEX, 34)}"),
    ("age secret key", "age", _p("AGE-SECRET-KEY-1", BECH32, 58)),
    ("Terraform Cloud token", "Terraform Cloud", lambda g: f"{_r(g, B62, 14)}.atlasv1.{_r(g, B64URL, 67)}"),
    ("Grafana service account token", "Grafana", lambda g: f"glsa_{_r(g, B62, 32)}_{_r(g, HEX, 8)}"),
    ("Grafana Cloud token", "Grafana Cloud", lambda g: "glc_eyJvIjoi" + _r(g, B64, 80)),
    ("New Relic user key", "New Relic", _p("NRAK-", UPPER_NUM, 27)),
    ("Sentry user token", "Sentry", _p("sntryu_", HEX, 64)),
    ("Doppler personal token", "Doppler", _p("dp.pt.", B62, 43)),
    ("Pulumi token", "Pulumi", _p("pul-", HEX, 40)),
    ("Vault service token", "HashiCorp Vault", _p("hvs.", B64URL, 90)),
    ("Figma token", "Figma", lambda g: f"figd_{_r(g, B64URL, 40)}"),
    ("Frame.io token", "Frame.io", _p("fio-u-", B64URL, 64)),
    ("Flutterwave secret key", "Flutterwave", _p("FLWSECK-", HEX, 32, "-X")),
    ("PlanetScale token", "PlanetScale", _p("pscale_tkn_", B64URL, 43)),
    ("PlanetScale password", "PlanetScale", _p("pscale_pw_", B64URL, 43)),
    ("Prefect key", "Prefect", _p("pnu_", B62, 36)),
    ("ReadMe key", "ReadMe", _p("rdme_", LOWER_NUM, 70)),
    ("RubyGems key", "RubyGems", _p("rubygems_", HEX, 48)),
    ("Scalingo token", "Scalingo", _p("tk-us-", B64URL, 48)),
    ("Shippo live token", "Shippo", _p("shippo_live_", HEX, 40)),
    ("Typeform token", "Typeform", _p("tfp_", B64URL, 59)),
    ("Airtable personal token", "Airtable", lambda g: f"pat{_r(g, B62, 14)}.{_r(g, HEX, 64)}"),
    ("Clojars token", "Clojars", _p("CLOJARS_", LOWER_NUM, 60)),
    ("Duffel live token", "Duffel", _p("duffel_live_", B64URL, 43)),
    ("Dynatrace token", "Dynatrace", lambda g: f"dt0c01.{_r(g, UPPER_NUM, 24)}.{_r(g, UPPER_NUM, 64)}"),
    ("EasyPost key", "EasyPost", _p("EZAK", B62, 54)),
    ("Infracost key", "Infracost", _p("ico-", B62, 32)),
    ("Octopus Deploy key", "Octopus Deploy", _p("API-", UPPER_NUM, 26)),
    ("OpenShift token", "OpenShift", _p("sha256~", B64URL, 43)),
    ("Square access token", "Square", _p("EAAA", B64URL, 60)),
    ("Square OAuth secret", "Square", _p("sq0csp-", B64URL, 43)),
    ("Telegram bot token", "Telegram", lambda g: f"{g.randint(10**8, 10**10 - 1)}:AA{_r(g, B64URL, 33)}"),
    ("Mapbox secret token", "Mapbox", lambda g: f"sk.eyJ1Ijoi{_r(g, B64URL, 50)}.{_r(g, B64URL, 22)}"),
    ("1Password service account token", "1Password", lambda g: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + _r(g, B64URL, 200)),
    ("JFrog API key", "JFrog", _p("AKCp", B62, 69)),
    ("Perplexity key", "Perplexity", _p("pplx-", HEX, 48)),
    ("Groq key", "Groq", _p("gsk_", B62, 52)),
    ("Replicate token", "Replicate", _p("r8_", B62, 37)),
    ("CircleCI personal token", "CircleCI", lambda g: f"CCIPAT_{_r(g, B62, 22)}_{_r(g, HEX, 40)}"),
    ("Buildkite token", "Buildkite", _p("bkua_", HEX, 40)),
    ("Netlify token", "Netlify", _p("nfp_", B62, 36)),
    ("Supabase token", "Supabase", _p("sbp_", HEX, 40)),
    ("Neon key", "Neon", _p("napi_", LOWER_NUM, 64)),
    ("Resend key", "Resend", lambda g: f"re_{_r(g, B62, 8)}_{_r(g, B62, 24)}"),
    (
        "Discord webhook",
        "Discord",
        lambda g: f"https://discord.com/api/webhooks/{g.randint(10**17, 10**18)}/{_r(g, B64URL, 68)}",
    ),
    ("Okta API token", "Okta", _p("00", B64URL, 40)),
    ("Firebase server key", "Firebase", lambda g: f"AAAA{_r(g, B64URL, 7)}:APA91b{_r(g, B64URL, 134)}"),
    ("Bitbucket app password", "Bitbucket", _p("ATBB", B62, 32)),
    ("Sourcegraph token", "Sourcegraph", _p("sgp_", HEX, 40)),
    ("Azure AD client secret", "Entra ID", lambda g: _r(g, B62, 3) + "8Q~" + _r(g, B64URL + ".", 34)),
    (
        "Azure storage key",
        "Azure Storage",
        lambda g: (
            "DefaultEndpointsProtocol=https;AccountName=orchard;"
            f"AccountKey={_b64(g, 64)};EndpointSuffix=core.windows.net"
        ),
    ),
    ("JWT with signature", "the ticketing API", lambda g: "eyJhbGciOiJIUzI1NiJ9." + _b64u(g, 40) + "." + _b64u(g, 32)),
    ("Harness token", "Harness", lambda g: f"pat.{_r(g, B64URL, 22)}.{_r(g, HEX, 24)}.{_r(g, B62, 20)}"),
    ("Heroku token", "Heroku", _p("HRKU-", B64URL, 60)),
    ("Settlemint token", "Settlemint", _p("sm_pat_", HEX, 16)),
    ("ElevenLabs key", "ElevenLabs", _p("sk_", HEX, 48)),
]

HELD12F_CONTEXTS = [
    "| {n} | {v} | orchard co-op |",
    'variable "upstream" {{\n  default = "{v}" # {n}\n}}',
    "orchard.upstream.{n}.cred={v}",
    'val upstream = "{v}" // {n}, choir rota',
    'var upstream = "{v}"; // {n} for the tram museum',
    "UPSTREAM = '{v}'.freeze # {n}",
    'my $upstream = "{v}";  # {n}',
    '$env:UPSTREAM = "{v}"  # {n} on the repair-cafe laptop',
    "UPSTREAM := {v}  # {n}",
    "proxy_set_header X-Orchard-Auth {v}; # {n}",
    "X-Choir-Auth: {v}",
    "      - uses: orchard/sync@v3\n        with:\n          upstream: {v}  # {n}",
    "2026-12-07T08:01:22Z INFO sync upstream={v} status=200 vendor={n}",
    "https://api.tram-museum.example/hook?auth={v}",
    'export ORCHARD_UPSTREAM="{v}"  # {n}',
    "the {n} one for the choir's newsletter: `{v}`",
    "{v} <- that's the {n} credential the bike collective uses, keep it off the wiki",
    "@ana the {n} thing you asked for: {v}",
    '<upstream vendor="{n}">{v}</upstream>',
    '{{"orchard": {{"upstream": {{"vendor": "{n}", "auth": "{v}"}}}}}}',
    'integrations:\n  - vendor: {n}\n    auth: "{v}"',
    "INSERT INTO upstreams VALUES ('{n}', '{v}', now());",
    "repair-cafe-cli push --upstream '{v}' --vendor '{n}'",
]

HELD12F_LABELLED: list[tuple[str, str, Maker]] = [
    ("mosquitto_passwd -b", "mosquitto_passwd -b /etc/mosquitto/passwd orchard {v}", _pw),
    ("rabbitmqctl add_user", "rabbitmqctl add_user choir {v}", _pw),
    ("rabbitmqctl change_password", "rabbitmqctl change_password choir {v}", _pw),
    ("htpasswd -b", "htpasswd -b -c /etc/nginx/.htpasswd tramadmin {v}", _pw),
    ("x11vnc -storepasswd", "x11vnc -storepasswd {v} ~/.vnc/passwd", _pw),
    ("chpasswd here-string", 'chpasswd <<< "orchard:{v}"', _pw),
    ("echo into chpasswd", "echo 'repair:{v}' | sudo chpasswd", _pw),
    ("mysqladmin password", "mysqladmin -u root password '{v}'", _pw),
    ("PostgreSQL ALTER ROLE", "ALTER ROLE choir WITH LOGIN PASSWORD '{v}';", _pw),
    ("MSSQL ALTER LOGIN", "ALTER LOGIN sa WITH PASSWORD = N'{v}';", _pw),
    ("MongoDB createUser", 'db.createUser({{user: "tram", pwd: "{v}", roles: ["readWrite"]}})', _pw),
    ("Neo4j initial password", "neo4j-admin dbms set-initial-password {v}", _pw),
    ("InfluxDB setup", "influx setup --username orchard --password {v} --org coop --bucket harvest --force", _pw),
    ("rclone config pass", "rclone config create nas sftp host nas.lan user choir pass {v}", _pw),
    (
        "Transmission rpc-password",
        '{{\n    "rpc-enabled": true,\n    "rpc-password": "{v}",\n    "rpc-port": 9091\n}}',
        _pw,
    ),
    ("ipsec.secrets PSK", '# /etc/ipsec.secrets\n203.0.113.7 198.51.100.2 : PSK "{v}"', _pw),
    ("murmurd -supw", "murmurd -ini /etc/murmur.ini -supw {v}", _pw),
    ("Minecraft RCON", "# server.properties\nenable-rcon=true\nrcon.port=25575\nrcon.password={v}", _pw),
    ("Source RCON", './srcds_run -game tf +map ctf_2fort +rcon_password "{v}"', _pw),
    ("Asterisk sip.conf secret", "[6001]\ntype=friend\ncontext=orchard\nsecret={v}\nhost=dynamic", _pw),
    ("NUT upsd.users", "[monuser]\n    password = {v}\n    upsmon primary", _pw),
    ("Bacula director password", 'Director {{\n  Name = tram-dir\n  Password = "{v}"\n}}', _pw),
    ("snmpd createUser", "createUser choirmon SHA {v} AES {v}", _pw),
    ("FreeRADIUS client secret", "client repair-ap {{\n    ipaddr = 10.0.4.2\n    secret = {v}\n}}", _pw),
    ("FRR vty password", "hostname orchard-rtr\npassword {v}\nenable password {v}", _pw),
    ("Icecast source password", "<authentication>\n    <source-password>{v}</source-password>\n</authentication>", _pw),
    ("MPD password", 'password "{v}@read,add,control"', _pw),
    ("ESPHome OTA password", 'ota:\n  - platform: esphome\n    password: "{v}"', _pw),
    ("sshpass -p", "sshpass -p '{v}' ssh pi@tram-display.lan uptime", _pw),
    ("lftp -u", "lftp -u choir,{v} sftp://files.choir.example", _pw),
    ("smbclient -U", "smbclient //nas/scores -U 'choir%{v}'", _pw),
    ("CIFS mount password", "mount -t cifs //nas/harvest /mnt/h -o username=orchard,password={v},vers=3.0", _pw),
    ("keytool -storepass", "keytool -genkeypair -alias tram -keystore tram.jks -storepass {v} -keypass {v}", _pw),
    ("7-Zip -p", "7z a -p{v} -mhe=on minutes-2026.7z minutes/", _pw),
    ("openssl pkcs12 passout", "openssl pkcs12 -export -in c.pem -inkey k.pem -out orchard.p12 -passout pass:{v}", _pw),
    ("zip -P", "zip -P {v} ledger.zip ledger.ods", _pw),
    ("redis-cli -a", "redis-cli -h cache.tram.lan -a '{v}' INFO", _pw),
    ("docker login -p", "docker login registry.orchard.example -u coop -p {v}", _pw),
    ("iwctl passphrase", "iwctl --passphrase '{v}' station wlan0 connect Orchard-Shed", _pw),
    ("git credential URL", "git remote add origin https://choir:{v}@git.choir.example/scores.git", _pw),
]
HELD12F_LABELLED_KINDS = {kind for kind, _, _ in HELD12F_LABELLED}


def _pieces(v: str, n: int) -> list[str]:
    return [v[i : i + n] for i in range(0, len(v), n)]


def _every(v: str, n: int, mark: str) -> str:
    return mark.join(_pieces(v, n))


def _greek(v: str) -> str:
    return v.translate(str.maketrans("ABEHIKMNOPTXYZoiv", "ΑΒΕΗΙΚΜΝΟΡΤΧΥΖοιν"))


def _monospace(v: str) -> str:
    out = []
    for c in v:
        if "A" <= c <= "Z":
            out.append(chr(0x1D670 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x1D68A + ord(c) - ord("a")))
        elif "0" <= c <= "9":
            out.append(chr(0x1D7F6 + ord(c) - ord("0")))
        else:
            out.append(c)
    return "".join(out)


def _yaml_literal(v: str) -> str:
    return "payload: |\n" + "\n".join("  " + p for p in _pieces(v, 10))


def _yaml_nested_folded(v: str) -> str:
    return "choir:\n  upstream:\n    blob: >\n" + "\n".join("      " + p for p in _pieces(v, 14))


def _yaml_escaped_breaks(v: str) -> str:
    parts = _pieces(v, 16)
    return 'blob: "' + "\\\n  ".join(parts) + '"'


def _yaml_plain(v: str) -> str:
    return "blob:\n" + "\n".join("    " + p for p in _pieces(v, 12))


def _quoted_wrapped(v: str) -> str:
    return 'data = "' + "\n    ".join(_pieces(v, 12)) + '"'


def _json_lines(v: str) -> str:
    return '"chunks": [\n' + ",\n".join(f'  "{p}"' for p in _pieces(v, 9)) + "\n]"


def _json_short(v: str) -> str:
    return '{"seq":[' + ",".join(f'"{p}"' for p in _pieces(v, 5)) + "]}"


def _toml_array(v: str) -> str:
    return "parts = [" + ", ".join(f'"{p}"' for p in _pieces(v, 11)) + "]"


def _py_join(v: str) -> str:
    return 'blob = "".join([' + ", ".join(f"'{p}'" for p in _pieces(v, 7)) + "])"


def _csv_semicolon(v: str) -> str:
    return "idx;piece\n" + "\n".join(f"{i};{p}" for i, p in enumerate(_pieces(v, 8), 1))


def _csv_quoted(v: str) -> str:
    return '"seq","chunk"\n' + "\n".join(f'"{i}","{p}"' for i, p in enumerate(_pieces(v, 12), 1))


def _tsv(v: str) -> str:
    return "n\tpart\n" + "\n".join(f"{i}\t{p}" for i, p in enumerate(_pieces(v, 10), 1))


def _shell_adjacent(v: str) -> str:
    return "X=" + "".join(f'"{p}"' if i % 2 else f"'{p}'" for i, p in enumerate(_pieces(v, 6)))


def _c_adjacent(v: str) -> str:
    return "static const char *blob = " + " ".join(f'"{p}"' for p in _pieces(v, 9)) + ";"


def _js_concat(v: str) -> str:
    return "const blob =\n  " + " +\n  ".join(f'"{p}"' for p in _pieces(v, 10)) + ";"


def _sql_concat(v: str) -> str:
    return "SELECT " + " || ".join(f"'{p}'" for p in _pieces(v, 8)) + " AS blob;"


HELD12F_EVASIONS: list[tuple[str, Callable[[str], str]]] = [
    ("YAML literal block lines", _yaml_literal),
    ("YAML nested folded block", _yaml_nested_folded),
    ("YAML double-quoted escaped line breaks", _yaml_escaped_breaks),
    ("YAML plain multi-line scalar", _yaml_plain),
    ("quoted value wrapped over lines", _quoted_wrapped),
    ("JSON array one chunk a line", _json_lines),
    ("JSON array of 5-character chunks", _json_short),
    ("TOML array of chunks", _toml_array),
    ("Python join of a list", _py_join),
    ("CSV rows with semicolons", _csv_semicolon),
    ("CSV rows with quoted fields", _csv_quoted),
    ("TSV rows", _tsv),
    ("adjacent shell quotes", _shell_adjacent),
    ("adjacent C literals", _c_adjacent),
    ("JS concatenation over lines", _js_concat),
    ("SQL || concatenation", _sql_concat),
    ("dotted every 5", lambda v: _every(v, 5, ".")),
    ("hyphens every 6", lambda v: _every(v, 6, "-")),
    ("colons every 4", lambda v: _every(v, 4, ":")),
    ("middle dots every 4", lambda v: _every(v, 4, "\u00b7")),
    ("spaced every 5", lambda v: _every(v, 5, " ")),
    ("tab every 8", lambda v: _every(v, 8, "\t")),
    ("spaced en dash every 4", lambda v: _every(v, 4, " \u2013 ")),
    ("zero-width space every 4", lambda v: _every(v, 4, "\u200b")),
    ("narrow no-break space every 6", lambda v: _every(v, 6, "\u202f")),
    ("Greek look-alikes", _greek),
    ("mathematical monospace", _monospace),
    ("URL-safe base64 of the value", lambda v: base64.urlsafe_b64encode(v.encode()).decode()),
    ("spaced hex of the value", lambda v: " ".join(f"{b:02x}" for b in v.encode())),
]
_ALONE = {name for name, _ in HELD12F_EVASIONS[:16]}
HELD12F_EVASION_CONTEXTS = [
    "from the orchard co-op's old deploy notes:\n{v}\nno idea if it still works",
    "choir treasurer forwarded this:\n\n{v}\n\n(from the 2023 handover)",
    "tram museum kiosk config, copied as is:\n{v}",
    "saving for later\n{v}",
    "the repair collective's shared laptop had a file with\n{v}\nin it",
]

SRI = ("sha256", "sha384", "sha512")
IMAGES = (
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image/png"),
    (b"GIF89a\x01\x00\x01\x00\x80\x00\x00", "image/gif"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01", "image/jpeg"),
    (b"RIFF\x24\x00\x00\x00WEBPVP8 ", "image/webp"),
)
PUBLIC_JSON = (
    {"alg": "RS256", "typ": "JWT", "kid": "orchard-2026"},
    {"alg": "ES256", "typ": "JWT"},
    {"alg": "EdDSA", "kid": "choir-signing"},
    {"name": "tram museum", "open": "Sat-Sun", "tickets": [5, 8]},
    {"sub": "volunteer-list", "scope": "read:public", "iss": "https://orchard.example"},
)
PROSE_TEMPLATES = [
    "The orchard's backup tarball has sha256 {sha256}.",
    "sha512 of the choir scores archive: {sha512}",
    "BLAKE2b checksum for the tram photo dump is {blake}.",
    "The md5 of the old ticket scanner firmware is {md5}; it matches the vendor page.",
    "SHA-1 digest of the repair manual PDF: {sha1}",
    '<script src="https://cdn.orchard.example/app.js" integrity="{sri}" crossorigin="anonymous"></script>',
    '<link rel="stylesheet" href="/choir.css" integrity="{sri}">',
    '"resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz", "integrity": "{sri512}"',
    "golang.org/x/text v0.14.0 h1:{b64_43}=",
    'checksum = "{sha256}"  # Cargo.lock entry for the tram-timetable crate',
    "pip install --require-hashes choirtools==2.1 --hash=sha256:{sha256}",
    "The choir director's SSH public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64_43} director@choir",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{rsa} repair@cafe is the deploy key's public half",
    "Encrypt the ledger to our age public key {agepub}.",
    "The release signing public key (minisign) is RWS{b64_53}.",
    "untrusted comment: signify public key\nRWS{b64_53}",
    "WireGuard peer public key for the tram museum gateway: {wgpub}",
    'default._domainkey.orchard.example TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64_120}"',
    '{{"kty": "RSA", "use": "sig", "kid": "orchard-2026", "e": "AQAB", "n": "{b64u_160}"}}',
    '{{"kty": "OKP", "crv": "Ed25519", "x": "{b64u_43}"}} is the public JWK we publish.',
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA{b64_44}\n-----END PUBLIC KEY-----",
    "The logo is inlined as data:{mime};base64,{image}",
    "favicon bytes, base64: {image}",
    "Thumbnail of the tram depot, base64-encoded for the email: {image_long}",
    "{jwt_header} is only the JWT header, it decodes to {header_json}",
    "The unsigned token {jwt_header}.{jwt_payload}. (alg none) is what the docs show for the public demo.",
    "The export manifest is {b64_json}, which is just base64 of the public JSON.",
    "Volunteer shift {uuid} was moved to Sunday.",
    "Order ULID {ulid} for the apple press spare parts.",
    "Mongo ObjectId of the choir member record: {objid}",
    "Container {hex64} restarted twice last night.",
    "Pulled ghcr.io/orchard/press@sha256:{sha256} onto the shed Pi.",
    "The scores PDF is pinned at ipfs://bafybei{cid}.",
    "IPNS name for the tram timetable: k51qzi5uqu5d{ipns}",
    "The OCID of the object storage bucket is ocid1.bucket.oc1.eu-amsterdam-1.aaaaaaaa{lnum52}.",
    "Compute instance: ocid1.instance.oc1.phx.{lnum60}",
    "The SOPS file keeps it as ENC[AES256_GCM,data:{b64_32},iv:{b64_43}=,tag:{b64_22}==,type:str], safe to commit.",
    "password: ENC[AES256_GCM,data:{b64_16},iv:{b64_43}=,tag:{b64_22}==,type:str]",
    "PostHog project API key phc_{b62_43} sits in the page source of the choir site.",
    "Stripe publishable key pk_live_{b62_99} goes in the donation form; it is public.",
    "Mapbox public token pk.eyJ1Ijoib3JjaGFyZCIsImEiOiJ{b64u_20}.{b64u_22} for the orchard map.",
    "reCAPTCHA site key 6Le{b64u_37} is embedded in the volunteer form.",
    "Turnstile sitekey 0x4AAAAAAA{b64u_14} on the ticket page (public by design).",
    "Content-Security-Policy: script-src 'nonce-{b64_22}==' 'sha256-{b64_43}='",
    'Public-Key-Pins: pin-sha256="{b64_43}="; max-age=5184000',
    "Tor relay fingerprint {hex40_up} runs on the repair cafe's spare box.",
    "Bitcoin txid {hex64} paid for the new choir risers.",
    "Our Nostr public key is npub1{bech_58}.",
    "Donations watch-only xpub: xpub661MyMwAqRbcF{b58_94}",
    "Ethereum donation address 0x{hex40}.",
    "DS record: orchard.example. 3600 IN DS 2371 13 2 {hex64_up}",
    "SSHFP 4 2 {hex64} for tram-display.lan",
    "git lfs pointer: oid sha256:{sha256} size 48213",
    'ETag of the events feed was "{hex32}".',
    "The traceparent was 00-{hex32}-{hex16}-01 when the checkout failed.",
    "Rekor entry {hex80} records the signed release.",
    "Public key fingerprint: SHA256:{b64_43}",
    "PGP fingerprint of the choir secretary: {pgp}",
    "Content hash of the bundle: {b64_43}= (webpack contenthash {hex20})",
    "checksums.txt:\n{sha256}  orchard-{ver}.tar.gz\n{sha256b}  orchard-{ver}.zip",
]


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for _round in range(6):
        for template in PROSE_TEMPLATES:
            data = g.randbytes(48)
            magic, mime = g.choice(IMAGES)
            image = base64.b64encode(magic + g.randbytes(g.randint(24, 60))).decode()
            image_long = base64.b64encode(magic + g.randbytes(g.randint(150, 300))).decode()
            header = g.choice(PUBLIC_JSON[:3])
            header_json = json.dumps(header, separators=(",", ":"))
            algo = g.choice(SRI)
            fields = {
                "sha256": hashlib.sha256(data).hexdigest(),
                "sha256b": hashlib.sha256(data + b"z").hexdigest(),
                "sha512": hashlib.sha512(data).hexdigest(),
                "blake": hashlib.blake2b(data).hexdigest(),
                "md5": hashlib.md5(data).hexdigest(),
                "sha1": hashlib.sha1(data).hexdigest(),
                "sri": f"{algo}-" + base64.b64encode(hashlib.new(algo, data).digest()).decode(),
                "sri512": "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode(),
                "b64_43": _r(g, B64, 43),
                "b64_53": _r(g, B64, 53),
                "b64_44": base64.b64encode(g.randbytes(32)).decode(),
                "b64_120": _r(g, B64, 120),
                "b64_32": _r(g, B64, 32),
                "b64_22": _r(g, B64, 22),
                "b64_16": _r(g, B64, 16),
                "b64u_160": _r(g, B64URL, 160),
                "b64u_43": _r(g, B64URL, 43),
                "b64u_20": _r(g, B64URL, 20),
                "b64u_22": _r(g, B64URL, 22),
                "b64u_37": _r(g, B64URL, 37),
                "b64u_14": _r(g, B64URL, 14),
                "rsa": _r(g, B64, 300),
                "agepub": "age1" + _r(g, BECH32L, 58),
                "wgpub": _b64(g, 32),
                "mime": mime,
                "image": image,
                "image_long": image_long,
                "jwt_header": base64.urlsafe_b64encode(header_json.encode()).decode().rstrip("="),
                "header_json": header_json,
                "jwt_payload": base64.urlsafe_b64encode(json.dumps(g.choice(PUBLIC_JSON[3:])).encode())
                .decode()
                .rstrip("="),
                "b64_json": base64.b64encode(json.dumps(g.choice(PUBLIC_JSON)).encode()).decode(),
                "uuid": _uuid(g),
                "ulid": _r(g, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[:8], 1) + _r(g, CROCKFORD, 25),
                "objid": _r(g, HEX, 24),
                "hex64": _r(g, HEX, 64),
                "hex64_up": _r(g, HEX_UP, 64),
                "hex40": _r(g, HEX, 40),
                "hex40_up": _r(g, HEX_UP, 40),
                "hex32": _r(g, HEX, 32),
                "hex16": _r(g, HEX, 16),
                "hex20": _r(g, HEX, 20),
                "hex80": _r(g, HEX, 80),
                "cid": _r(g, B32L, 52),
                "ipns": _r(g, LOWER_NUM, 50),
                "lnum52": _r(g, LOWER_NUM, 52),
                "lnum60": _r(g, LOWER_NUM, 60),
                "b62_43": _r(g, B62, 43),
                "b62_99": _r(g, B62, 99),
                "bech_58": _r(g, BECH32L, 58),
                "b58_94": _r(g, B58, 94),
                "pgp": " ".join(_r(g, HEX_UP, 4) for _ in range(10)),
                "ver": f"{g.randint(1, 4)}.{g.randint(0, 20)}.{g.randint(0, 9)}",
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


_SPLIT = Split(
    HALF,
    HELD12F_FORMATS,
    HELD12F_CONTEXTS,
    HELD12F_LABELLED,
    HELD12F_LABELLED_KINDS,
    HELD12F_EVASIONS,
    _ALONE,
    HELD12F_EVASION_CONTEXTS,
    (),
    {},
    lambda codes: codes,
    _prose,
    skipped=1,
    stride=2,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held12f (deterministic for a seed): formats, evasions and ordinary lines of public data."""
    return _SPLIT.rows(seed)
