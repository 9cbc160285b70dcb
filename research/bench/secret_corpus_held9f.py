"""A held-out split of credential FORMATS and EVASIONS, ``held9f``: written by secrets13 before stop 43's changes.

Scored once at the end of stop 43 (on main and on the branch, same session); never read while tuning. ``held7``
and ``held8`` are the tuning data of that stop. This split has its own seed, value makers and templates, written
from vendors' published token shapes (prefix, alphabet and length as each vendor documents or shows them; random
bodies) and from how people paste configuration while they work, never from the scanner's rules, in a voice of
its own (a makerspace, a small observatory, a ferry operator and a language school):

- ``format``: vendor values no earlier split names (Clerk, Mailtrap, SparkPost, FusionAuth, Fivetran, Metabase,
  Tableau, Logz.io, Healthchecks.io, FireHydrant, SourceHut, Woodpecker, Depot, Hex.pm, CocoaPods, Gemfury,
  Anaconda.org, Nomic, Chroma Cloud, Clarifai, Lambda Cloud, Predibase, Hume, Speechmatics, Rev.ai, PlayHT, D-ID,
  WeChat, DingTalk, Feishu, Kakao, Naver, Reddit, Vimeo, Last.fm, Discogs, Trakt, TMDB, LocationIQ, Geoapify,
  Radar, Foursquare, Tomorrow.io, WeatherAPI, Visual Crossing, Alpha Vantage, Polygon.io, Finnhub, Twelve Data,
  CoinGecko, CoinMarketCap, Helius, Blockfrost, Stellar and XRP secrets, NEAR, Hedera and Avalanche private keys,
  NATS nkey seeds, TrueNAS, Syncthing, Nextcloud app passwords, OctoPrint, Jellyfin, Palo Alto, OPNsense, InfluxDB
  v2, Symfony, NextAuth, Phoenix) in fish, Ruby, Python, JSON, Windows ``setx``, XML, Helm values, a Compose
  default, a spreadsheet, chat and unlabelled sentences; labelled structures no earlier split uses (Bacula
  director ``Password``, chrony keys, ``tac_plus`` key, Proxmox ``PVEAPIToken``, GCS HMAC JSON, a NATS
  ``.creds`` file, a minisign secret key, Deluge ``auth``, Tasmota ``Backlog``, ``NEO4J_AUTH``, a SQL Server
  URL, an Elasticsearch URL, Android ``keystore.properties``, ``smbpasswd -s``, an Azure Communication Services
  string, an ``Ocp-Apim-Subscription-Key`` header, a Zabbix agent PSK, ``masterauth``, ``etcdctl --user``, an
  Ansible vault password file, ``git config sendemail.smtppass``, ``ISC_PASSWORD``, ``ldappasswd -s``, an
  ``expect`` script, ``wmic /password:``, ``winrs -p:``);
- ``evasion``: each single-line value again under evasions named as no earlier split names them (ZWSP every 7,
  word joiner every 2, soft hyphen every 6, narrow no-break spaces, figure space every 4, Cyrillic look-alikes
  with ZWSP, Greek capitals with soft hyphens, subscript digits, full-width digits, mathematical italic and bold
  italic, upper-case hexadecimal HTML entities, zero-padded decimal entities, CSS escapes, Python ``\\U`` escapes,
  a Java ``char[]``, a Go byte slice, a PowerShell ``[char[]]`` join, SQL ``CHAR()`` concatenation, unpadded
  base64 in a code span, spaced upper-case hex, lower-case base32, split over a quote block, a tagged fenced
  block, Markdown list items or backslash-continued lines, middle dots, pairs);
- ``prose``: 300+ ordinary sentences holding values that look like credentials and are not: hashes, UUIDs, commit
  SHAs, image digests, ``data:image`` base64, integrity strings, example placeholders, public keys and addresses,
  version strings, product codes, serials, colours and coordinates.

Rows are ``secret_rows.Row`` with ``half == "held9f"``. No stated credentials (stop 43's ``held9s`` has those).
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B58, B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held9f"
SEED = 43_2026_12_07_02
Maker = Callable[[random.Random], str]
HEX_UP = "0123456789ABCDEF"
LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
B32 = string.ascii_uppercase + "234567"


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _jwt(g: random.Random) -> str:
    return "eyJhbGciOiJIUzI1NiJ9." + _r(g, B64URL, 88) + "." + _r(g, B64URL, 43)


def _b64(g: random.Random, n: int) -> str:
    return base64.b64encode(g.randbytes(n)).decode()


def _did(g: random.Random) -> str:
    user = g.choice(("ops", "frontdesk", "media", "lab")) + "@ferry.example"
    return base64.b64encode(user.encode()).decode().rstrip("=") + ":" + _r(g, B62, 22)


# vendor values no other split names: (kind, key name people give it, maker)
HELD9F_FORMATS: tuple[tuple[str, str, Maker], ...] = (
    ("Clerk secret key", "CLERK_SECRET_KEY", lambda g: "sk_live_" + _r(g, B62, 40)),
    ("Mailtrap API token", "MAILTRAP_API_TOKEN", lambda g: _r(g, HEX, 32)),
    ("SparkPost API key", "SPARKPOST_API_KEY", lambda g: _r(g, HEX, 40)),
    ("FusionAuth API key", "FUSIONAUTH_API_KEY", lambda g: _r(g, B64URL, 64)),
    ("Fivetran API secret", "FIVETRAN_API_SECRET", lambda g: _r(g, B62, 32)),
    ("Metabase API key", "MB_API_KEY", lambda g: "mb_" + _b64(g, 32)),
    ("Tableau PAT secret", "TABLEAU_PAT_SECRET", lambda g: _b64(g, 16) + ":" + _r(g, B62, 32)),
    ("Logz.io shipping token", "LOGZIO_TOKEN", lambda g: _r(g, LOWER + UPPER, 32)),
    ("Healthchecks.io API key", "HC_API_KEY", lambda g: _r(g, B62, 32)),
    ("FireHydrant API key", "FIREHYDRANT_API_KEY", lambda g: "fhb-" + _r(g, HEX, 32)),
    ("SourceHut OAuth token", "SRHT_TOKEN", lambda g: _r(g, B64URL, 112)),
    ("Woodpecker CI token", "WOODPECKER_TOKEN", _jwt),
    ("Depot project token", "DEPOT_TOKEN", lambda g: "depot_project_" + _r(g, HEX, 64)),
    ("Hex.pm API key", "HEX_API_KEY", lambda g: _r(g, HEX, 32)),
    ("CocoaPods trunk token", "COCOAPODS_TRUNK_TOKEN", lambda g: _r(g, HEX, 32)),
    ("Gemfury push token", "FURY_PUSH_TOKEN", lambda g: _r(g, B62, 20)),
    ("Anaconda.org token", "ANACONDA_API_TOKEN", lambda g: _r(g, LOWER, 2) + "-" + _uuid(g)),
    ("Nomic API key", "NOMIC_API_KEY", lambda g: "nk-" + _r(g, B64URL, 43)),
    ("Chroma Cloud API key", "CHROMA_API_KEY", lambda g: "ck-" + _r(g, B62, 44)),
    ("Clarifai PAT", "CLARIFAI_PAT", lambda g: _r(g, HEX, 32)),
    ("Lambda Cloud API key", "LAMBDA_API_KEY", lambda g: "secret_" + _r(g, LOWER_NUM, 10) + "_" + _r(g, HEX, 32) + "." + _r(g, B62, 32)),
    ("Predibase API token", "PREDIBASE_API_TOKEN", lambda g: "pb_" + _r(g, B64URL, 22)),
    ("Hume AI API key", "HUME_API_KEY", lambda g: _r(g, B62, 48)),
    ("Speechmatics API key", "SPEECHMATICS_API_KEY", lambda g: _r(g, B62, 32)),
    ("Rev.ai access token", "REVAI_ACCESS_TOKEN", lambda g: "02" + _r(g, B64URL, 86)),
    ("PlayHT secret key", "PLAYHT_SECRET_KEY", lambda g: _r(g, HEX, 32)),
    ("D-ID API key", "DID_API_KEY", _did),
    ("WeChat AppSecret", "WECHAT_APP_SECRET", lambda g: _r(g, HEX, 32)),
    ("DingTalk robot access_token", "DINGTALK_TOKEN", lambda g: _r(g, HEX, 64)),
    ("Feishu app secret", "FEISHU_APP_SECRET", lambda g: _r(g, B62, 32)),
    ("Kakao REST API key", "KAKAO_REST_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Naver client secret", "NAVER_CLIENT_SECRET", lambda g: _r(g, B62, 10)),
    ("Reddit client secret", "REDDIT_CLIENT_SECRET", lambda g: _r(g, B64URL, 30)),
    ("Vimeo access token", "VIMEO_ACCESS_TOKEN", lambda g: _r(g, HEX, 32)),
    ("Last.fm shared secret", "LASTFM_SECRET", lambda g: _r(g, HEX, 32)),
    ("Discogs personal token", "DISCOGS_TOKEN", lambda g: _r(g, B62, 40)),
    ("Trakt client secret", "TRAKT_CLIENT_SECRET", lambda g: _r(g, HEX, 64)),
    ("TMDB read access token", "TMDB_READ_TOKEN", _jwt),
    ("LocationIQ access token", "LOCATIONIQ_TOKEN", lambda g: "pk." + _r(g, HEX, 32)),
    ("Geoapify API key", "GEOAPIFY_KEY", lambda g: _r(g, HEX, 32)),
    ("Radar secret key", "RADAR_SECRET_KEY", lambda g: "prj_live_sk_" + _r(g, HEX, 40)),
    ("Foursquare API key", "FOURSQUARE_API_KEY", lambda g: "fsq3" + _r(g, B64, 44)),
    ("Tomorrow.io API key", "TOMORROW_API_KEY", lambda g: _r(g, B62, 32)),
    ("WeatherAPI key", "WEATHERAPI_KEY", lambda g: _r(g, HEX, 31)),
    ("Visual Crossing key", "VC_WEATHER_KEY", lambda g: _r(g, UPPER_NUM, 25)),
    ("Alpha Vantage key", "ALPHAVANTAGE_API_KEY", lambda g: _r(g, UPPER_NUM, 16)),
    ("Polygon.io API key", "POLYGON_API_KEY", lambda g: _r(g, B62, 32)),
    ("Finnhub token", "FINNHUB_TOKEN", lambda g: _r(g, LOWER_NUM, 20)),
    ("Twelve Data API key", "TWELVEDATA_API_KEY", lambda g: _r(g, HEX, 32)),
    ("CoinGecko Pro key", "COINGECKO_API_KEY", lambda g: "CG-" + _r(g, B62, 24)),
    ("CoinMarketCap API key", "CMC_PRO_API_KEY", _uuid),
    ("Helius API key", "HELIUS_API_KEY", _uuid),
    ("Blockfrost project id", "BLOCKFROST_PROJECT_ID", lambda g: "mainnet" + _r(g, B62, 32)),
    ("Stellar secret seed", "STELLAR_SECRET", lambda g: "S" + _r(g, B32, 55)),
    ("XRP Ledger secret", "XRPL_SECRET", lambda g: "s" + _r(g, B58, 28)),
    ("NEAR private key", "NEAR_PRIVATE_KEY", lambda g: "ed25519:" + _r(g, B58, 88)),
    ("Hedera private key (DER)", "HEDERA_PRIVATE_KEY", lambda g: "302e020100300506032b657004220420" + _r(g, HEX, 64)),
    ("Avalanche private key", "AVAX_PRIVATE_KEY", lambda g: "PrivateKey-" + _r(g, B58, 50)),
    ("NATS nkey seed", "NATS_NKEY_SEED", lambda g: "SU" + _r(g, B32, 56)),
    ("TrueNAS API key", "TRUENAS_API_KEY", lambda g: f"{g.randint(1, 9)}-" + _r(g, B62, 64)),
    ("Syncthing API key", "STGUIAPIKEY", lambda g: _r(g, B62, 32)),
    ("Nextcloud app password", "NC_APP_PASSWORD", lambda g: "-".join(_r(g, B62, 5) for _ in range(5))),
    ("OctoPrint API key", "OCTOPRINT_API_KEY", lambda g: _r(g, HEX_UP, 32)),
    ("Jellyfin API key", "JELLYFIN_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Palo Alto PAN-OS API key", "PANOS_API_KEY", lambda g: "LUFRPT" + _b64(g, 60)),
    ("OPNsense API secret", "OPNSENSE_API_SECRET", lambda g: _r(g, B64, 80)),
    ("InfluxDB v2 token", "INFLUX_TOKEN", lambda g: _r(g, B64URL, 86) + "=="),
    ("Symfony APP_SECRET", "APP_SECRET", lambda g: _r(g, HEX, 32)),
    ("NextAuth secret", "NEXTAUTH_SECRET", lambda g: _b64(g, 32)),
    ("Phoenix secret_key_base", "SECRET_KEY_BASE", lambda g: _r(g, B64, 64)),
)  # fmt: skip

# the line, cell or sentence a vendor value sits in: {v} the value, {n} its key name
HELD9F_CONTEXTS = (
    "set -gx {n} {v}",
    'ENV["{n}"] ||= "{v}"',
    'os.environ.setdefault("{n}", "{v}")',
    '  "{n}": "{v}",',
    "setx {n} {v}",
    '<env name="{n}" value="{v}" />',
    "{n}: {v}  # values-prod.yaml",
    "      - {n}=${{{n}:-{v}}}",
    "row 14 of the makerspace sheet, column C: {v}",
    "ok this one finally worked for the booking kiosk: {v}",
    "{v} <- that's the live one, the test one is in the wiki",
    "pasting so I don't lose it before the ferry: {v}",
    "new {n} after the rotation on Tuesday: {v}",
    "wget --header='Authorization: Token {v}' https://api.example.org/v1/telescope",
    "docker run -e {n}={v} ghcr.io/observatory/alerts:2.3",
)


# -- values inside config files and command lines --------------------------------------------------------------

_BITS = ("Lathe", "ferry", "orion", "Kiln", "solder", "Vega", "gangway", "tutor", "Nebula", "dock", "Sextant", "verb")  # fmt: skip


def _chosen(g: random.Random) -> str:
    """A password a person picks (a word, digits, a symbol) or a generated one (no quote characters)."""
    return g.choice(
        (
            g.choice(_BITS) + g.choice(("", "_", "#", ".")) + str(g.randint(1, 9999)),
            g.choice(_BITS).capitalize() + g.choice(_BITS).lower() + g.choice(("%", "!", "+")) + str(g.randint(0, 99)),
            _r(g, B62 + "%&*-_+", g.randint(12, 22)),
            str(g.randint(10**6, 10**9)),
        )
    )


HELD9F_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("Bacula director Password", 'Director {{\n  Name = ferry-dir\n  Password = "{v}"\n}}', _chosen),
    ("chrony keys file", "# /etc/chrony.keys\n1 SHA1 HEX:{v}", lambda g: _r(g, HEX_UP, 40)),
    ("tac_plus key", "# tac_plus.conf\nkey = {v}\naccounting file = /var/log/tac.acct", _chosen),
    ("Proxmox PVEAPIToken header", "Authorization: PVEAPIToken=ci@pve!deploy={v}", _uuid),
    ("GCS HMAC key JSON", '{{"accessId": "GOOG1E{a}", "secret": "{v}"}}'.replace("{a}", "QX7Z2L0PMN4R8TKW"), lambda g: _r(g, B64, 40)),
    ("NATS .creds seed", "-----BEGIN USER NKEY SEED-----\n{v}\n------END USER NKEY SEED------", lambda g: "SU" + _r(g, B32, 56)),
    ("minisign secret key", "untrusted comment: minisign encrypted secret key\n{v}", lambda g: "RWRTY0Iy" + _b64(g, 117)),
    ("Deluge auth file", "localclient:{v}:10", lambda g: _r(g, HEX, 40)),
    ("Tasmota Backlog password", "Backlog SSId1 Workshop; Password1 {v}; MqttPassword {v}", _chosen),
    ("NEO4J_AUTH in compose", "    environment:\n      - NEO4J_AUTH=neo4j/{v}", _chosen),
    ("SQL Server URL", "sqlserver://sa:{v}@db.ferry.lan:1433;database=tickets", _chosen),
    ("Elasticsearch URL", "ELASTICSEARCH_URL=https://elastic:{v}@es.observatory.lan:9200", _chosen),
    ("keystore.properties storePassword", "storeFile=../release.jks\nstorePassword={v}\nkeyAlias=school", _chosen),
    ("smbpasswd -s", "(echo '{v}'; echo '{v}') | smbpasswd -s -a backup", _chosen),
    ("Azure Communication Services string", "endpoint=https://school-sms.communication.azure.com/;accesskey={v}", lambda g: _b64(g, 64)),
    ("Ocp-Apim-Subscription-Key header", 'curl -H "Ocp-Apim-Subscription-Key: {v}" https://api.cognitive.microsoft.com/translator/text', lambda g: _r(g, HEX, 32)),
    ("Zabbix agent PSK", "echo {v} | sudo tee /etc/zabbix/zabbix_agentd.psk", lambda g: _r(g, HEX, 64)),
    ("Redis replica masterauth", "replicaof 10.0.4.2 6379\nmasterauth {v}", _chosen),
    ("etcdctl --user", "etcdctl --endpoints=https://10.0.4.7:2379 --user root:{v} get /ferry/schedule", _chosen),
    ("Ansible vault password file", "echo '{v}' > ~/.vault_pass.txt && chmod 600 ~/.vault_pass.txt", _chosen),
    ("git sendemail.smtppass", "git config --global sendemail.smtppass '{v}'", _chosen),
    ("ISC_PASSWORD env", "ISC_USER=SYSDBA\nISC_PASSWORD={v}", _chosen),
    ("ldappasswd -s", "ldappasswd -x -D cn=admin,dc=school,dc=lan -W -s '{v}' uid=tutor7,ou=people,dc=school,dc=lan", _chosen),
    ("expect script send", 'spawn ssh pi@telescope.lan\nexpect "password:"\nsend "{v}\\r"', _chosen),
    ("wmic /password:", "wmic /node:ticket-pc3 /user:ferry\\admin /password:{v} os get caption", _chosen),
    ("winrs -p:", "winrs -r:kiosk-02 -u:school\\it -p:{v} ipconfig /all", _chosen),
)  # fmt: skip
HELD9F_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD9F_LABELLED)


# -- evasions, each a pure function of the value -----------------------------------------------------------

_CYR = {"a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і", "s": "ѕ", "j": "ј"}
_GREEK_CAPS = {"A": "Α", "B": "Β", "E": "Ε", "H": "Η", "I": "Ι", "K": "Κ", "M": "Μ", "N": "Ν", "O": "Ο", "P": "Ρ", "T": "Τ", "X": "Χ", "Y": "Υ", "Z": "Ζ"}  # fmt: skip
_SUB = {str(d): chr(0x2080 + d) for d in range(10)}


def _between(s: str, mark: str, step: int) -> str:
    return mark.join(s[i : i + step] for i in range(0, len(s), step))


def _math(s: str, upper: int, lower: int, holes: dict[str, str] | None = None) -> str:
    out = []
    for c in s:
        if holes and c in holes:
            out.append(holes[c])
        elif "A" <= c <= "Z":
            out.append(chr(upper + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(lower + ord(c) - ord("a")))
        else:
            out.append(c)
    return "".join(out)


def _thirds(s: str) -> list[str]:
    q = max(1, -(-len(s) // 3))
    return [s[i : i + q] for i in range(0, len(s), q)]


def _full_digits(s: str) -> str:
    return "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in s)


HELD9F_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("ZWSP every 7", lambda s: _between(s, "\u200b", 7)),
    ("word joiner every 2", lambda s: _between(s, "\u2060", 2)),
    ("soft hyphen every 6", lambda s: _between(s, "\u00ad", 6)),
    ("narrow no-break spaces", lambda s: "\u202f".join(s)),
    ("figure space every 4", lambda s: _between(s, "\u2007", 4)),
    ("Cyrillic look-alikes with ZWSP", lambda s: _between("".join(_CYR.get(c, c) for c in s), "\u200b", 5)),
    ("Greek capitals with soft hyphens", lambda s: _between("".join(_GREEK_CAPS.get(c, c) for c in s), "\u00ad", 3)),
    ("subscript digits", lambda s: "".join(_SUB.get(c, c) for c in s)),
    ("full-width digits", _full_digits),
    ("mathematical italic", lambda s: _math(s, 0x1D434, 0x1D44E, {"h": "\u210e"})),
    ("mathematical bold italic", lambda s: _math(s, 0x1D468, 0x1D482)),
    ("upper-case hexadecimal HTML entities", lambda s: "".join(f"&#X{ord(c):X};" for c in s)),
    ("zero-padded decimal HTML entities", lambda s: "".join(f"&#{ord(c):05d};" for c in s)),
    ("CSS escapes", lambda s: "".join(f"\\{ord(c):x} " for c in s)),
    ("Python \\U escapes", lambda s: '"' + "".join(f"\\U{ord(c):08x}" for c in s) + '"'),
    ("Java char array", lambda s: "new String(new char[]{" + ", ".join(f"'{c}'" for c in s) + "})"),
    ("Go byte slice", lambda s: "string([]byte{" + ", ".join(f"0x{b:02x}" for b in s.encode()) + "})"),
    ("PowerShell [char[]] join", lambda s: "-join [char[]](" + ",".join(str(ord(c)) for c in s) + ")"),
    ("SQL CHAR() concatenation", lambda s: "+".join(f"CHAR({ord(c)})" for c in s)),
    ("unpadded base64 in a code span", lambda s: "`" + base64.b64encode(s.encode()).decode().rstrip("=") + "`"),
    ("spaced upper-case hex", lambda s: " ".join(f"{b:02X}" for b in s.encode())),
    ("lower-case base32", lambda s: base64.b32encode(s.encode()).decode().lower()),
    ("split over a quote block", lambda s: "\n".join("> " + p for p in _thirds(s))),
    ("split over a tagged fenced block", lambda s: "```text\n" + "\n".join(_thirds(s)) + "\n```"),
    ("split over Markdown list items", lambda s: "\n".join("- " + p for p in _thirds(s))),
    ("backslash-continued lines", lambda s: "\\\n".join(_thirds(s))),
    ("middle dots between characters", lambda s: "\u00b7".join(s)),
    ("spaced in pairs", lambda s: _between(s, " ", 2)),
)  # fmt: skip
HELD9F_EVASION_CONTEXTS = (
    "the kiosk one, encoded so the bot leaves it alone: {v}",
    "TELESCOPE_KEY={v}",
    "copy this into the ferry app settings:\n{v}",
    "(decode it yourself, it's {v})",
    "for the tutor laptops: {v}",
    "backup of what's on the sticky note:\n{v}\nthanks!",
)
_ALONE = ("Java char array", "Go byte slice", "PowerShell [char[]] join", "SQL CHAR() concatenation", "unpadded base64 in a code span", "spaced upper-case hex", "lower-case base32", "split over a quote block", "split over a tagged fenced block", "split over Markdown list items", "backslash-continued lines", "upper-case hexadecimal HTML entities", "zero-padded decimal HTML entities", "CSS escapes", "Python \\U escapes")  # fmt: skip


# -- ordinary sentences whose values look like credentials and are not --------------------------------------------

HELD9F_PROSE = (
    "The release tarball's SHA-256 is {sha256}; compare it before you install.",
    "md5sum of the FITS file: {md5}.",
    "Build {version} was cut from commit {sha40}.",
    "Cherry-pick {sha7} and {sha7b} onto the release branch.",
    "git bisect says {sha40} is the first bad commit.",
    "Image digest: ghcr.io/observatory/alerts@sha256:{sha256}",
    "Pin the base image to python:3.12-slim@sha256:{sha256}.",
    'The lock file has "integrity": "sha512-{b64_64}" for left-pad.',
    '<script src="/app.js" integrity="sha384-{b64_48}" crossorigin="anonymous"></script>',
    "Request {uuid} timed out after {n} seconds on the ferry booking API.",
    "Trace id {hex32} shows the slow query in the telescope scheduler.",
    "The tenant id is {uuid}; it is printed on the Azure portal overview page.",
    "Order {uuid} was refunded on {date}.",
    "Correlation-ID: {uuid}",
    "The logo is embedded as data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA{b64_40} in the email template.",
    'background: url("data:image/gif;base64,R0lGODlhAQABAIAAAP{b64_24}");',
    "Put your key in .env as {placeholder} and restart the container.",
    "The README shows {placeholder} where your token goes.",
    "In the sample config the password is {placeholder_pw}; change it before deploying.",
    "The docs use the example key AKIAIOSFODNN7EXAMPLE, which is not a real key.",
    "Stripe's docs show sk_test_xxxxxxxxxxxxxxxxxxxxxxxx as a placeholder.",
    "Replace <YOUR_API_KEY> in the curl example with the key from the dashboard.",
    "The template reads api_key: ${{{env}}} and the CI fills it in.",
    "Our public SSH key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64_43} ops@ferry",
    "Host key fingerprint SHA256:{b64_43}, check it on first connect.",
    "The PGP key fingerprint is {pgp}; it's on the keyserver.",
    "Donations go to the observatory's Bitcoin address bc1q{bech}.",
    "The contract lives at 0x{hex40} on mainnet.",
    "Transaction 0x{hex64} confirmed after {n} blocks.",
    "The IPFS CID of the star chart is bafybei{cid}.",
    'The S3 ETag for the backup is "{md5}".',
    "Upgrade from {version} to {version2} before the term starts.",
    "Node v{version} and npm {version2} are what the kiosks run.",
    "Firmware {fw} fixed the ferry gate's sensor bug.",
    "SKU {sku} is the soldering iron tip we keep running out of.",
    "ISBN {isbn} is the grammar book for the B2 class.",
    "The printer's serial number is {serial}.",
    "Part number {part} fits the telescope's focuser.",
    "VIN {vin} belongs to the school minibus.",
    "Vessel MMSI {mmsi} is the evening ferry.",
    "The lathe's MAC address is {mac}.",
    "The dome controller answers on {ipv6}.",
    "Brand colours are #{hexcol} and #{hexcol2}.",
    "Star catalogue entry HD {hd} is the target for Friday.",
    "Coordinates RA {ra}, Dec {dec} for the comet.",
    "Ticket {ticket}: the kiosk shows error {errcode} after login.",
    "The licence number on the invoice is {lic}, for the room-booking software.",
    "Our VAT number is {vat}.",
    "Lot {lot} of filament was too damp to print.",
    "The Google Analytics measurement id is G-{ga}.",
    "The publishable key starts with pk_live_ and is safe in the browser.",
    "Session ids are 32 hex characters, like {hex32} in the logs (already expired).",
    "The cache key is {sha1} for the scheduler build.",
    "Timestamp {epoch} in the log is {date} at noon.",
    "The Kubernetes pod telescope-api-{pod} restarted {n} times.",
    "Booking reference {ref} for the 7:40 crossing.",
    "Docker image observatory/alerts:{version}-{sha7} is the one in production.",
    "Use the random seed {seed} so the sky map renders the same way.",
    "The student id format is {studid}; it's printed on the card.",
    "The course code is {course}.",
    "Base64 of 'hello world' is aGVsbG8gd29ybGQ=, for the encoding lesson.",
    "The test vector for HMAC-SHA256 gives {sha256}.",
    "The public key for webhook verification is MCowBQYDK2VwAyEA{b64_43}.",
    "The UUID v7 {uuid} sorts by time, handy for the logs.",
    "The crossing on {date} was cancelled; refunds reference {ref}.",
    "Hash of the exam paper PDF: {sha1}, so we know it wasn't changed.",
)

PEOPLE = ("Noor", "Taavi", "Hana", "Bjørn", "Lupe", "Rafael", "Yusuf", "Aroha")
ENVS = ("SCHEDULER_API_KEY", "FERRY_BOOKING_TOKEN", "KIOSK_DB_PASSWORD", "DOME_SECRET")
VERSIONS = ("2.14.1", "3.0.0-rc.2", "1.8.13", "20.11.1", "10.2.4", "0.27.0")
PLACEHOLDERS = ("YOUR_API_KEY_HERE", "<your-token>", "xxxxxxxxxxxxxxxxxxxxxxxx", "changeme", "${API_TOKEN}", "{{ api_key }}", "REPLACE_ME")  # fmt: skip
PLACEHOLDER_PW = ("changeme", "<password>", "********", "your-password-here", "P@ssw0rd (a placeholder)")
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _prose(g: random.Random) -> Iterator[Row]:
    """Every distinct sentence the prose templates give with six draws of their fields."""
    seen: set[str] = set()
    for template in HELD9F_PROSE:
        for _ in range(6):
            fields = {
                "sha256": hashlib.sha256(g.randbytes(16)).hexdigest(),
                "sha1": hashlib.sha1(g.randbytes(16)).hexdigest(),
                "md5": hashlib.md5(g.randbytes(16)).hexdigest(),
                "sha40": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha7b": _r(g, HEX, 7),
                "b64_64": _b64(g, 48),
                "b64_48": _b64(g, 36),
                "b64_43": _b64(g, 32).rstrip("="),
                "b64_40": _b64(g, 30),
                "b64_24": _b64(g, 18),
                "uuid": _uuid(g),
                "hex32": _r(g, HEX, 32),
                "hex40": _r(g, HEX, 40),
                "hex64": _r(g, HEX, 64),
                "n": g.choice((2, 3, 5, 8, 12, 30, 45)),
                "date": f"2026-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "placeholder": g.choice(PLACEHOLDERS),
                "placeholder_pw": g.choice(PLACEHOLDER_PW),
                "env": g.choice(ENVS),
                "pgp": " ".join(_r(g, HEX_UP, 4) for _ in range(10)),
                "bech": _r(g, BECH, 38),
                "cid": _r(g, "abcdefghijklmnopqrstuvwxyz234567", 52),
                "version": g.choice(VERSIONS),
                "version2": g.choice(VERSIONS),
                "fw": f"v{g.randint(1, 4)}.{g.randint(0, 20)}.{g.randint(0, 9)}-{_r(g, HEX, 8)}",
                "sku": f"{_r(g, UPPER, 3)}-{g.randint(1000, 9999)}-{_r(g, UPPER_NUM, 2)}",
                "isbn": f"978-{g.randint(0, 9)}-{g.randint(100, 999)}-{g.randint(10000, 99999)}-{g.randint(0, 9)}",
                "serial": _r(g, UPPER_NUM, 12),
                "part": f"{_r(g, UPPER, 2)}{g.randint(100000, 999999)}{_r(g, UPPER, 1)}",
                "vin": _r(g, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789", 17),
                "mmsi": str(g.randint(200_000_000, 775_999_999)),
                "mac": ":".join(_r(g, HEX_UP, 2) for _ in range(6)),
                "ipv6": "2001:db8:" + ":".join(_r(g, HEX, 4) for _ in range(4)),
                "hexcol": _r(g, HEX, 6),
                "hexcol2": _r(g, HEX, 6),
                "hd": g.randint(1000, 225000),
                "ra": f"{g.randint(0, 23)}h {g.randint(0, 59)}m {g.uniform(0, 59.9):.1f}s",
                "dec": f"{g.choice('+-')}{g.randint(0, 89)}° {g.randint(0, 59)}′",
                "ticket": f"MKR-{g.randint(10, 9999)}",
                "errcode": f"0x{_r(g, HEX_UP, 8)}",
                "lic": "-".join(_r(g, UPPER_NUM, 5) for _ in range(4)),
                "vat": f"NO{g.randint(100_000_000, 999_999_999)}MVA",
                "lot": f"{_r(g, UPPER, 2)}{g.randint(10000, 99999)}",
                "ga": _r(g, UPPER_NUM, 10),
                "epoch": g.randint(1_700_000_000, 1_800_000_000),
                "pod": f"{_r(g, LOWER_NUM, 10)}-{_r(g, LOWER_NUM, 5)}",
                "ref": _r(g, UPPER_NUM, 6),
                "seed": g.choice((7, 42, 1337, 2026, 123456)),
                "studid": f"S{g.randint(2020, 2026)}-{g.randint(1000, 9999)}",
                "course": f"{_r(g, UPPER, 3)}{g.randint(100, 499)}",
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


_SPLIT = Split(
    HALF,
    HELD9F_FORMATS,
    HELD9F_CONTEXTS,
    HELD9F_LABELLED,
    HELD9F_LABELLED_KINDS,
    HELD9F_EVASIONS,
    _ALONE,
    HELD9F_EVASION_CONTEXTS,
    (),
    {},
    lambda codes: codes,
    _prose,
    skipped=2,
    stride=3,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held9f split (deterministic for a seed): formats, evasions, prose (no stated rows)."""
    return _SPLIT.rows(seed)


def main() -> None:
    """Print this split's sizes (rows per group, credential kinds); never its scores."""
    from collections import Counter

    out = rows()
    print(Counter(r.group for r in out))
    kinds = {r.kind for r in out if r.group == "format"}
    credentials = sum(1 for r in out if r.group == "format")
    print(
        f"{credentials} credentials of {len(kinds)} kinds, {len({r.kind for r in out if r.group == 'evasion'})} evasions"
    )


if __name__ == "__main__":
    main()
