"""A ninth split of the secret corpus, ``held8``: written by secrets12 before stop 42's changes, scored once at the end.

``held7`` was read at the end of stop 40 and since, so it is a tuning split now. This split has its own seed, its
own value makers and its own templates, written from vendors' published token shapes (prefix, alphabet and length
as each vendor documents or shows them; random bodies) and from how people paste credentials while they work,
never from the scanner's rules, in a voice of its own (a group of veterinary clinics, a community radio station, a
rowing club and a bakery co-operative):

- ``format``: vendor tokens no earlier split names (telephony: Vonage, Plivo, MessageBird, Sinch, Bandwidth;
  payments: Mercado Pago, Midtrans, Xendit, PayFast, Mollie-like unprefixed keys; observability: Loggly, Papertrail,
  Better Stack, Mezmo, AppSignal, Pingdom, StatusCake, Lightstep, Instana; analytics: Matomo, Plausible, Mixpanel,
  Amplitude; search and vectors: Typesense, Qdrant, Weaviate, Zilliz; AI: AI21, Aleph Alpha, Writer, Leonardo,
  Novita; storage: Wasabi, Storj, Box, Surge; work tools: Monday.com, Wrike, Freshservice, Front, Help Scout,
  Pipefy, PagerDuty; CI and dev: Travis CI, Bitrise, Codeberg, Spacelift, GitGuardian, Gcore; crypto: Monero
  spend key, Sui ``suiprivkey1``, Aptos ``ed25519-priv-0x``, Infura project secret, KuCoin and OKX secrets; media:
  Plex, Sonarr, Radarr; and unprefixed vendor formats) in lines of zsh, PowerShell, a Makefile, a Rust ``const``,
  a Kotlin property, ``launchd`` plist XML, an ``.ini`` section, a Nix attribute, a spreadsheet cell or chat;
  labelled structures no earlier split uses (Zabbix ``DBPassword=``, Nagios ``resource.cfg``, PowerDNS
  ``gmysql-password``, Nextcloud ``config.php``, Gitea ``app.ini`` ``INTERNAL_TOKEN``, Synapse
  ``registration_shared_secret``, Mastodon ``OTP_SECRET``, MinIO ``MINIO_ROOT_PASSWORD``, Vaultwarden
  ``ADMIN_TOKEN``, Pi-hole ``WEBPASSWORD``, Transmission ``rpc-password``, Sonarr ``<ApiKey>``, Mercurial
  ``[auth]``, Leiningen ``:password``, Bundler ``BUNDLE_`` credentials, Poetry ``POETRY_HTTP_BASIC_*_PASSWORD``,
  FreeSWITCH ``default_password``, Icinga ``ApiUser``, Cacti ``$database_password``, Kodi ``webserverpassword``,
  OpenWrt ``option key``, an encrypted PKCS#8 block, a Cardano ``cborHex`` signing key, an Algorand 25-word mnemonic);
- ``evasion``: each single-line value again under an evasion of its own (names distinct from every other split's):
  ZWNJ every 2, BOM every 4, soft hyphen every 4, left-to-right mark every 6, Greek capital look-alikes,
  mathematical sans-serif bold, superscript digits, thin spaces, hexadecimal HTML entities, Python ``\\x`` escapes,
  a plain hex string, ``atob`` of base64, Python ``bytes([...])``, split over a fenced code block, JavaScript
  template-literal pieces, combining dot above on consonants, base64 broken every 8 characters, hyphen between
  characters;
- ``stated``: passwords, PINs, passcodes, gate and locker codes, passphrases, backup-code lists, security answers and
  seed phrases stated in languages no earlier split uses (Friulian, Sicilian, Venetian, Low German, Limburgish,
  Scots, Upper Sorbian, Crimean Tatar, Yakut, Tibetan, Odia, Sindhi, Dhivehi, Tigrinya, Oromo, Guarani, Twi,
  Lingala, Ilocano, Tetum, Fijian, Tongan, Latin) and in English, Spanish, French, German, Swedish and Turkish
  phrasings of its own; values made of words, digits, mixed, and in the language's own script;
- ``prose``: 500+ ordinary sentences that mention credentials in passing and hold none: clinic, station, club and
  bakery policies, tickets and commit messages, placeholders, env var names, hashes, microchip numbers, batch
  numbers, call signs, frequencies, versions and ports.

For a code list, ``secret`` is one code in the middle of the list (if any code survives, that one does too).
Rows are ``secret_rows.Row`` with ``half == "held8"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B58, B62, B64, B64URL, BECH32, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held8"
SEED = 42_2026_12_06_23
Maker = Callable[[random.Random], str]
HEX_UP = "0123456789ABCDEF"
LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _jwt(g: random.Random) -> str:
    return "eyJhbGciOiJIUzI1NiJ9." + _r(g, B64URL, 96) + "." + _r(g, B64URL, 43)


def _mercado(g: random.Random) -> str:
    return f"APP_USR-{_r(g, DIGITS, 16)}-{_r(g, DIGITS, 6)}-{_r(g, HEX, 32)}-{_r(g, DIGITS, 9)}"


# vendor tokens no other split names: (kind, key name people give it, maker)
HELD8_FORMATS: tuple[tuple[str, str, Maker], ...] = (
    ("Vonage API secret", "VONAGE_API_SECRET", lambda g: _r(g, B62, 16)),
    ("Plivo auth token", "PLIVO_AUTH_TOKEN", lambda g: _r(g, B62, 40)),
    ("MessageBird access key", "MESSAGEBIRD_ACCESS_KEY", lambda g: _r(g, B62, 25)),
    ("Sinch service plan token", "SINCH_API_TOKEN", lambda g: _r(g, HEX, 32)),
    ("Bandwidth API password", "BANDWIDTH_PASSWORD", lambda g: _r(g, B62 + "!#", 24)),
    ("Mercado Pago access token", "MP_ACCESS_TOKEN", _mercado),
    ("Midtrans server key", "MIDTRANS_SERVER_KEY", lambda g: "Mid-server-" + _r(g, B64URL, 24)),
    ("Xendit secret key", "XENDIT_SECRET_KEY", lambda g: "xnd_production_" + _r(g, B62, 60)),
    ("PayFast passphrase", "PAYFAST_PASSPHRASE", lambda g: _r(g, B62 + "_-", 20)),
    ("Loggly customer token", "LOGGLY_TOKEN", _uuid),
    ("Papertrail API token", "PAPERTRAIL_API_TOKEN", lambda g: _r(g, B62, 20)),
    ("Better Stack source token", "LOGTAIL_SOURCE_TOKEN", lambda g: _r(g, B62, 24)),
    ("Mezmo ingestion key", "MZ_INGESTION_KEY", lambda g: _r(g, HEX, 32)),
    ("AppSignal push API key", "APPSIGNAL_PUSH_API_KEY", _uuid),
    ("Pingdom API token", "PINGDOM_API_TOKEN", lambda g: _r(g, B64URL, 64)),
    ("StatusCake API key", "STATUSCAKE_API_KEY", lambda g: _r(g, B62, 20)),
    ("Lightstep access token", "LS_ACCESS_TOKEN", lambda g: _r(g, B64, 84)),
    ("Instana agent key", "INSTANA_AGENT_KEY", lambda g: _r(g, B64URL, 22)),
    ("Matomo token_auth", "MATOMO_TOKEN_AUTH", lambda g: _r(g, HEX, 32)),
    ("Plausible API key", "PLAUSIBLE_API_KEY", lambda g: _r(g, B64URL, 64)),
    ("Mixpanel service account secret", "MIXPANEL_SA_SECRET", lambda g: _r(g, B62, 32)),
    ("Amplitude secret key", "AMPLITUDE_SECRET_KEY", lambda g: _r(g, HEX, 32)),
    ("Typesense admin API key", "TYPESENSE_API_KEY", lambda g: _r(g, B62, 32)),
    ("Qdrant API key", "QDRANT_API_KEY", lambda g: _r(g, B64URL, 54)),
    ("Weaviate API key", "WEAVIATE_API_KEY", lambda g: _r(g, B62, 40)),
    ("Zilliz Cloud API key", "ZILLIZ_API_KEY", lambda g: _r(g, HEX, 104)),
    ("AI21 API key", "AI21_API_KEY", lambda g: _r(g, B62, 32)),
    ("Aleph Alpha token", "AA_TOKEN", _jwt),
    ("Writer API key", "WRITER_API_KEY", lambda g: _r(g, B62, 48)),
    ("Leonardo.Ai API key", "LEONARDO_API_KEY", _uuid),
    ("Novita AI key", "NOVITA_API_KEY", lambda g: "sk_" + _r(g, B64URL, 43)),
    ("Wasabi secret key", "WASABI_SECRET_KEY", lambda g: _r(g, B62, 40)),
    ("Storj access grant", "STORJ_ACCESS", lambda g: "1" + _r(g, B58, 180)),
    ("Box developer token", "BOX_DEVELOPER_TOKEN", lambda g: _r(g, B62, 32)),
    ("Surge token", "SURGE_TOKEN", lambda g: _r(g, HEX, 32)),
    ("Monday.com API token", "MONDAY_API_TOKEN", _jwt),
    ("Wrike permanent token", "WRIKE_TOKEN", lambda g: "eyJ0dCI6InAiLCJhbGciOiJIUzI1NiIsInR2IjoiMSJ9." + _r(g, B64URL, 140) + "." + _r(g, B64URL, 43)),
    ("Freshservice API key", "FRESHSERVICE_API_KEY", lambda g: _r(g, B62, 20)),
    ("Front API token", "FRONT_API_TOKEN", _jwt),
    ("Help Scout app secret", "HELPSCOUT_APP_SECRET", lambda g: _r(g, B62, 32)),
    ("Pipefy personal token", "PIPEFY_TOKEN", _jwt),
    ("PagerDuty REST API key", "PAGERDUTY_API_KEY", lambda g: "u+" + _r(g, B64URL, 18)),
    ("PagerDuty integration key", "PD_ROUTING_KEY", lambda g: "R0" + _r(g, B62, 30)),
    ("Travis CI API token", "TRAVIS_API_TOKEN", lambda g: _r(g, B64URL, 22)),
    ("Bitrise personal access token", "BITRISE_PAT", lambda g: _r(g, B64URL, 86)),
    ("Codeberg access token", "CODEBERG_TOKEN", lambda g: _r(g, HEX, 40)),
    ("Spacelift API key secret", "SPACELIFT_API_KEY_SECRET", lambda g: _r(g, HEX, 64)),
    ("GitGuardian API key", "GITGUARDIAN_API_KEY", lambda g: _r(g, B62, 69)),
    ("Gcore permanent API token", "GCORE_TOKEN", lambda g: f"{g.randint(1000, 99999)}$" + _r(g, HEX, 128)),
    ("Monero private spend key", "XMR_SPEND_KEY", lambda g: _r(g, HEX, 64)),
    ("Sui private key", "SUI_PRIVATE_KEY", lambda g: "suiprivkey1" + _r(g, BECH32.lower(), 59)),
    ("Aptos private key", "APTOS_PRIVATE_KEY", lambda g: "ed25519-priv-0x" + _r(g, HEX, 64)),
    ("Infura project secret", "INFURA_PROJECT_SECRET", lambda g: _r(g, HEX, 32)),
    ("KuCoin API secret", "KUCOIN_API_SECRET", _uuid),
    ("OKX secret key", "OKX_SECRET_KEY", lambda g: _r(g, HEX_UP, 32)),
    ("Plex token", "PLEX_TOKEN", lambda g: _r(g, B64URL, 20)),
    ("Sonarr API key", "SONARR_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Radarr API key", "RADARR_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Vetstoria booking API secret", "VETSTORIA_SECRET", lambda g: _r(g, B62, 48)),
    ("Airtime scheduler key", "LIBRETIME_API_KEY", lambda g: _r(g, UPPER_NUM, 20)),
    ("Icecast admin token, unprefixed", "ICECAST_ADMIN_TOKEN", lambda g: _r(g, LOWER_NUM, 28)),
    ("Regatta timing service key", "REGATTA_TIMING_KEY", lambda g: _r(g, B62, 36)),
)  # fmt: skip

# the line, cell or sentence a vendor token sits in: {v} the value, {n} its key name
HELD8_CONTEXTS = (
    "export {n}='{v}'  # zshrc on the studio mac",
    '$Env:{n} = "{v}"',
    "{n} ?= {v}",
    'const {n}: &str = "{v}";',
    'val {n} = "{v}"',
    "<key>{n}</key>\n<string>{v}</string>",
    "[clinic-sync]\n{n} = {v}",
    '  {n} = "{v}";',
    "B7 in the shared sheet: {v}",
    "here's what the vendor emailed the practice manager: {v}",
    "curl -s -H 'X-Auth: {v}' https://api.example.net/v2/status",
    "the {n} for the playout box is {v}",
    "podman run --env {n}={v} quay.io/radio/autodj:1.9",
    "{n}={v} ./sync-bookings --clinic north",
    "| {n} | {v} | rotate in March |",
)


# -- values inside config files and command lines --------------------------------------------------------------

_BITS = ("fjord", "Tabby", "oar", "sourdough", "Rye", "spaniel", "Kestrel", "crumpet", "Regatta", "whisk", "Bramble", "scull")  # fmt: skip


def _chosen(g: random.Random) -> str:
    """A password a person picks (a word, digits, a symbol) or a generated one (no quote characters)."""
    return g.choice(
        (
            g.choice(_BITS) + g.choice(("", "_", "&", ".")) + str(g.randint(1, 9999)),
            g.choice(_BITS).capitalize() + g.choice(_BITS).lower() + g.choice(("%", "!", "+")) + str(g.randint(0, 99)),
            _r(g, B62 + "%&*-_+", g.randint(12, 22)),
            "_".join(g.sample(_BITS, 3)).lower(),
            str(g.randint(10**5, 10**8)),
        )
    )


def _b64(g: random.Random, n: int) -> str:
    return base64.b64encode(g.randbytes(n)).decode()


_ALGORAND = ("abandon", "cabin", "salmon", "kettle", "velvet", "harbor", "orbit", "pencil", "drum", "tiger", "lunar", "maple", "quartz", "rescue", "siren", "tunnel")  # fmt: skip


HELD8_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("Zabbix server DBPassword", "DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\nDBPassword={v}", _chosen),
    ("Nagios resource.cfg macro", "# resource.cfg\n$USER1$=/usr/lib/nagios/plugins\n$USER3$={v}", _chosen),
    ("PowerDNS gmysql-password", "launch=gmysql\ngmysql-host=127.0.0.1\ngmysql-user=pdns\ngmysql-password={v}", _chosen),
    ("Nextcloud config.php dbpassword", "  'dbtype' => 'pgsql',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '{v}',", _chosen),
    ("Gitea app.ini INTERNAL_TOKEN", "[security]\nINSTALL_LOCK = true\nINTERNAL_TOKEN = {v}", lambda g: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOjE3" + _r(g, B64URL, 40) + "." + _r(g, B64URL, 43)),
    ("Synapse registration_shared_secret", 'registration_shared_secret: "{v}"\nreport_stats: false', lambda g: _r(g, B62 + "~@;.", 50)),
    ("Mastodon OTP_SECRET", "LOCAL_DOMAIN=radio.example.social\nOTP_SECRET={v}", lambda g: _r(g, HEX, 128)),
    ("MinIO root password", "MINIO_ROOT_USER=studio\nMINIO_ROOT_PASSWORD={v}", _chosen),
    ("Vaultwarden ADMIN_TOKEN", "DOMAIN=https://vault.rowing.example\nADMIN_TOKEN={v}", lambda g: _r(g, B64, 64)),
    ("Pi-hole WEBPASSWORD", "TZ=Europe/Oslo\nWEBPASSWORD={v}", _chosen),
    ("Transmission rpc-password", '    "rpc-username": "club",\n    "rpc-password": "{v}",', _chosen),
    ("Sonarr config.xml ApiKey", "<Config>\n  <Port>8989</Port>\n  <ApiKey>{v}</ApiKey>\n</Config>", lambda g: _r(g, HEX, 32)),
    ("Mercurial hgrc auth password", "[auth]\nclinic.prefix = https://hg.vets.example/\nclinic.username = build\nclinic.password = {v}", _chosen),
    ("Leiningen profiles.clj password", '{{:auth {{:repository-auth {{#"clojars" {{:username "bakery" :password "{v}"}}}}}}}}', _chosen),
    ("Bundler BUNDLE_ credential", "BUNDLE_GEMS__CONTRIBSYS__COM=bakerycoop:{v}", lambda g: _r(g, HEX, 8) + _r(g, HEX, 8)),
    ("Poetry HTTP basic password", "POETRY_HTTP_BASIC_CLINIC_USERNAME=ci\nPOETRY_HTTP_BASIC_CLINIC_PASSWORD={v}", _chosen),
    ("FreeSWITCH default_password", '<X-PRE-PROCESS cmd="set" data="default_password={v}"/>', _chosen),
    ("Icinga ApiUser password", 'object ApiUser "dashboard" {{\n  password = "{v}"\n  permissions = [ "status/query" ]\n}}', _chosen),
    ("Cacti database_password", "$database_username = 'cactiuser';\n$database_password = '{v}';", _chosen),
    ("Kodi webserverpassword", "<setting id=\"services.webserverusername\">kodi</setting>\n<setting id=\"services.webserverpassword\">{v}</setting>", _chosen),
    ("OpenWrt wireless option key", "config wifi-iface 'default_radio0'\n\toption ssid 'Boathouse'\n\toption encryption 'psk2'\n\toption key '{v}'", _chosen),
    ("encrypted PKCS#8 private key", "-----BEGIN ENCRYPTED PRIVATE KEY-----\n{v}\n-----END ENCRYPTED PRIVATE KEY-----", lambda g: _r(g, B64, 64)),
    ("Cardano signing key cborHex", '{{\n    "type": "PaymentSigningKeyShelley_ed25519",\n    "cborHex": "{v}"\n}}', lambda g: "5820" + _r(g, HEX, 64)),
    ("Algorand account mnemonic", "ALGO_MNEMONIC=\"{v}\"", lambda g: " ".join(g.choices(_ALGORAND, k=25))),
    ("Snowflake connection password", "[connections.bakery]\naccount = ab12345.eu-west-1\nuser = LOADER\npassword = \"{v}\"", _chosen),
)  # fmt: skip
HELD8_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD8_LABELLED)


# -- evasions, each a pure function of the value (secret_paths.py recomputes the evaded form) ---------------------

_GREEK_CAPS = {"A": "Α", "B": "Β", "E": "Ε", "H": "Η", "I": "Ι", "K": "Κ", "M": "Μ", "N": "Ν", "O": "Ο", "P": "Ρ", "T": "Τ", "X": "Χ", "Y": "Υ", "Z": "Ζ"}  # fmt: skip
_SUPER = {"0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹"}
_CONSONANTS = set("bcdfghjklmnpqrstvwxzBCDFGHJKLMNPQRSTVWXZ")


def _between(s: str, mark: str, step: int) -> str:
    return mark.join(s[i : i + step] for i in range(0, len(s), step))


def _sans_bold(s: str) -> str:
    out = []
    for c in s:
        if "A" <= c <= "Z":
            out.append(chr(0x1D5D4 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x1D5EE + ord(c) - ord("a")))
        elif "0" <= c <= "9":
            out.append(chr(0x1D7EC + ord(c) - ord("0")))
        else:
            out.append(c)
    return "".join(out)


def _fenced(s: str) -> str:
    q = max(1, -(-len(s) // 3))
    return "```\n" + "\n".join(s[i : i + q] for i in range(0, len(s), q)) + "\n```"


def _template(s: str) -> str:
    q = max(1, -(-len(s) // 3))
    return "`" + "".join("${'" + s[i : i + q] + "'}" for i in range(0, len(s), q)) + "`"


HELD8_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("ZWNJ every 2", lambda s: _between(s, "\u200c", 2)),
    ("BOM every 4", lambda s: _between(s, "\ufeff", 4)),
    ("soft hyphen every 4", lambda s: _between(s, "\u00ad", 4)),
    ("left-to-right mark every 6", lambda s: _between(s, "\u200e", 6)),
    ("Greek capital look-alikes", lambda s: "".join(_GREEK_CAPS.get(c, c) for c in s)),
    ("mathematical sans-serif bold", _sans_bold),
    ("superscript digits", lambda s: "".join(_SUPER.get(c, c) for c in s)),
    ("thin spaces", lambda s: "\u2009".join(s)),
    ("hexadecimal HTML entities", lambda s: "".join(f"&#x{ord(c):x};" for c in s)),
    ("Python \\x escapes", lambda s: "'" + "".join(f"\\x{b:02x}" for b in s.encode()) + "'"),
    ("plain hex string", lambda s: s.encode().hex()),
    ("atob of base64", lambda s: "atob('" + base64.b64encode(s.encode()).decode() + "')"),
    ("Python bytes([...])", lambda s: "bytes([" + ", ".join(str(b) for b in s.encode()) + "]).decode()"),
    ("split over a fenced code block", _fenced),
    ("template-literal pieces", _template),
    ("combining dot above on consonants", lambda s: "".join(c + "\u0307" if c in _CONSONANTS else c for c in s)),
    ("base64 broken every 8 characters", lambda s: _between(base64.b64encode(s.encode()).decode(), "\n", 8)),
    ("hyphen between characters", lambda s: "-".join(s)),
)  # fmt: skip
HELD8_EVASION_CONTEXTS = (
    "so the chat filter doesn't eat it, here it is: {v}",
    "STUDIO_KEY={v}",
    "the booking sync reads it as {v}",
    "(it's {v} once you undo the encoding)",
    "for the Saturday regatta laptop: {v}",
)


# -- stated credentials --------------------------------------------------------------------------------------------

_LATIN = ("barca", "Remo", "pane", "Gatto", "fiume", "Kestrel", "lumo", "Sol", "tambo", "Yvy", "Oar", "Malu", "siga", "Noka", "Tika", "mbya")  # fmt: skip
_SCRIPT = {
    "bo": ("ལྷ་ས", "ཆུ", "རི"),
    "or": ("କଟକ", "ପାଣି", "ଫୁଲ"),
    "sd": ("سنڌو", "ڪراچي", "گل"),
    "dv": ("މާލެ", "ކަނޑު", "މަސް"),
    "ti": ("ኣስመራ", "ባሕሪ", "ጸሓይ"),
    "sah": ("Дьокуускай", "күн", "тайга"),
}
_DIGITS_OF = {"bo": "༠༡༢༣༤༥༦༧༨༩", "or": "୦୧୨୩୪୫୬୭୮୯", "dv": "0123456789"}


def _pw(g: random.Random, language: str) -> str:
    """A stated password: words, digits, mixed, or in the language's own script (and digits)."""
    shape = g.randrange(5)
    if shape == 0:
        return "-".join(w.lower() for w in g.sample(_LATIN, g.choice((3, 4))))
    if shape == 1:
        return str(g.randint(100_000, 99_999_999))
    if shape == 2:
        return g.choice(_LATIN) + g.choice(("", "#", "+", "_")) + str(g.randint(10, 2099)) + g.choice(("", "?", "%"))
    if shape == 3 and language in _SCRIPT:
        number = str(g.randint(10, 9999))
        digits = _DIGITS_OF.get(language)
        if digits and g.random() < 0.5:
            number = "".join(digits[int(c)] for c in number)
        return g.choice(_SCRIPT[language]) + number
    return _r(g, B62 + "%+?", g.randint(10, 17))


def _pin(g: random.Random, language: str) -> str:
    del language
    n = g.choice((4, 4, 5, 6, 8))
    return str(g.randint(0, 10**n - 1)).zfill(n)


def _gate(g: random.Random, language: str) -> str:
    del language
    return g.choice(
        (str(g.randint(1000, 9999)) + "*", "#" + str(g.randint(10_000, 999_999)), str(g.randint(100_000, 999_999)))
    )


def _codes(g: random.Random, language: str) -> str:
    del language
    style = g.randrange(3)
    n = g.choice((4, 6, 10))
    if style == 0:
        return "\n".join(f"- {_r(g, LOWER_NUM, 5)}-{_r(g, LOWER_NUM, 5)}" for _ in range(n))
    if style == 1:
        return "; ".join(f"{g.randint(0, 999_999):06d}" for _ in range(n))
    return "  ".join(_r(g, UPPER_NUM, 4) + _r(g, UPPER_NUM, 4) for _ in range(n))


def _answer(g: random.Random, language: str) -> str:
    del language
    return g.choice(("Lofoten", "Uncle Bertil", "red Volvo Amazon", "Tromsø", "Pickles the tortoise", "Mrs Haugland", "Gudbrandsdal", "Storgata"))  # fmt: skip


def _phrase(g: random.Random, language: str) -> str:
    del language
    words = ("anchor", "bramble", "cinder", "dune", "ember", "furrow", "glacier", "hollow", "iris", "juniper", "kelp", "lantern")  # fmt: skip
    return " ".join(g.choices(words, k=g.choice((12, 24))))


def _one_code(codes: str) -> str:
    """The code in the middle of a list (``- `` lines, ``; `` or two-space separated)."""
    if "\n" in codes:
        items = [line.removeprefix("- ") for line in codes.splitlines()]
    elif "; " in codes:
        items = codes.split("; ")
    else:
        items = codes.split("  ")
    return items[len(items) // 2]


# (kind, language, templates): phrasings of this split
HELD8_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "fur", ("La password dal wifi e je {v}", "o ai cambiât la password dal server in {v}")),
    ("password", "scn", ("A password dû wifi è {v}",)),
    ("password", "vec", ("La password del wifi xe {v}", "go cambià ła password del server in {v}")),
    ("password", "nds", ("Dat Passwoort för dat WLAN is {v}",)),
    ("password", "li", ("'t Wachwaord vaan 't wifi is {v}",)),
    ("password", "sco", ("The passwird fur the wifi is {v}", "A chynged the server passwird tae {v}")),
    ("password", "hsb", ("Hesło za WLAN je {v}",)),
    ("password", "crh", ("Wi-Fi parolü {v}", "serverniñ parolini {v} olaraq deñiştirdim")),
    ("password", "sah", ("Wi-Fi пароля: {v}",)),
    ("password", "bo", ("ཝའི་ཕའི་གི་གསང་ཚིག་ནི་ {v}",)),
    ("password", "or", ("ୱାଇଫାଇ ପାସୱାର୍ଡ ହେଉଛି {v}",)),
    ("password", "sd", ("وائي فائي جو پاسورڊ {v} آهي",)),
    ("password", "dv", ("ވައިފައި ޕާސްވޯޑަކީ {v}",)),
    ("password", "ti", ("ናይ ዋይፋይ ፓስዎርድ {v} እዩ",)),
    ("password", "om", ("Jecha icciitii wifi {v} dha",)),
    ("password", "gn", ("Wifi ñe'ẽñemi ha'e {v}",)),
    ("password", "ak", ("Wifi no password ne {v}",)),
    ("password", "ln", ("Mot de passe ya wifi ezali {v}",)),
    ("password", "ilo", ("Ti password ti wifi ket {v}",)),
    ("password", "tet", ("Password wifi nian mak {v}",)),
    ("password", "fj", ("Na password ni wifi e {v}",)),
    ("password", "to", ("Ko e password ʻo e wifi ko {v}",)),
    ("password", "la", ("Tessera retis WiFi est {v}",)),
    ("PIN", "sco", ("Ma bank caird PIN is {v}",)),
    ("PIN", "nds", ("De PIN vun mien Kort is {v}",)),
    ("password", "es", ("la clave del wifi de la clínica es {v}", "contraseña del programa de citas: {v}")),
    ("password", "fr", ("le mot de passe du poste de régie est {v}",)),
    ("password", "de", ("Kennwort fürs Vereinsheim-WLAN: {v}",)),
    ("password", "sv", ("lösenordet till bokningssystemet är {v}", "jag bytte lösenordet på routern till {v}")),
    ("password", "tr", ("kasa bilgisayarının şifresi {v}",)),
    ("password", "en", (
        "the studio desk login is presenter / {v}",
        "Bertil's laptop password is {v}, he wrote it on a post-it",
        "you get into the booking system with {v}",
        "the practice manager's password for the lab portal is {v}",
        "new password for the club's Strava account: {v}",
    )),
    ("PIN", "en", ("the PIN for the ultrasound machine is {v}", "card PIN for the club's fuel card: {v}", "the door PIN for the drug cupboard is {v}")),
    ("passcode", "en", ("the iPad at reception has passcode {v}", "voicemail passcode for the out-of-hours line: {v}")),
    ("gate code", "en", ("the boat shed gate takes {v}", "gate code for the bakery yard is {v}")),
    ("locker code", "en", ("the controlled drugs locker opens with {v}", "locker code for the transmitter hut: {v}")),
    ("passphrase", "en", ("the restic repo passphrase is {v}", "guest Wi-Fi passphrase at the boathouse: {v}")),
    ("backup codes", "en", ("recovery codes for the clinic's Google account:\n{v}", "one-time backup codes for the bank: {v}")),
    ("security answer", "en", ("security question for the phone account, first car: {v}", "the answer to 'where were you born' on the pension site is {v}")),
    ("seed phrase", "en", ("seed phrase for the club's donation wallet: {v}",)),
    ("backup codes", "sv", ("reservkoder för banken:\n{v}",)),
)  # fmt: skip
HELD8_VALUE_OF: dict[str, Callable[[random.Random, str], str]] = {
    "password": _pw,
    "PIN": _pin,
    "passcode": _pin,
    "gate code": _gate,
    "locker code": _gate,
    "passphrase": _pw,
    "backup codes": _codes,
    "security answer": _answer,
    "seed phrase": _phrase,
}


# -- ordinary sentences ------------------------------------------------------------------------------------------

HELD8_PROSE = (
    # clinic policy and notes
    "Vets change their practice-system password every {n} months; the system nags a week ahead.",
    "Nobody writes the drug cupboard code on the cupboard itself.",
    "The consult-room PCs lock after {n} minutes and want the vet's PIN again.",
    "Since the {date} review, the clinics have no shared logins.",
    "A locum's account closes {n} days after their last shift, password included.",
    "Clients reset their pet-portal password from the link in the reminder email.",
    "We never take card PINs over the phone; the terminal at reception handles them.",
    "Reception signs in with passkeys, so nobody types a password at the front desk.",
    "Password resets for the lab portal go through {person}, ticket type {ticket}.",
    "Each clinic's X-ray machine has its own service account; nothing is shared between sites.",
    "The {system} token is read-only and rotates every {n} days.",
    "Rotate the {thing} for {system} before {date}, the vendor is moving to a new API.",
    "Please don't paste a {thing} into the clinic group chat; share the vault link.",
    "Only {person} can issue a new {thing} for {system}.",
    "The {thing} for {system} is in the vault under vets/{system_l}/live.",
    "Ask {person} for the {system} {thing}; it is not in the repository.",
    "We revoked the old {system} {thing} on {date} when {person} moved on.",
    "The audit found {n} unused {thing}s in {system}; they are revoked now.",
    "Who looks after the {system} {thing}? {person} thinks {person2} does.",
    "The {system} {thing} ran out overnight, so the {n} a.m. reminder batch failed.",
    "Microchip {chip} was scanned at intake and matched the owner record.",
    "Patient {chip} is due for boosters on {date}.",
    "The anaesthetic machine at {clinic} was serviced on {date}.",
    "Batch {batch} of the rabies vaccine arrived at {clinic} this morning.",
    "Lab result {order} came back normal; no follow-up needed.",
    "The autoclave at {clinic} logged cycle {n} without a fault.",
    "{person} asked whether the new ultrasound needs a PIN on start-up; it doesn't.",
    "The practice system sends a one-time code by text when you sign in from home.",
    "That one-time code is only valid for {n} minutes.",
    "The lab analyser talks to the practice system over port {port}, with TLS.",
    # radio station
    "The playout server's admin password lives in the station's password manager.",
    "Presenters sign in to the studio desk with their own accounts now.",
    "We broadcast on {freq} MHz; call sign {callsign} is on the licence.",
    "The stream encoder reconnects on its own if the Icecast password changes.",
    "{person} rotated the streaming {thing} on {date} after the volunteer night.",
    "The studio PC asks for a PIN after {n} minutes idle.",
    "Show {n} was pre-recorded because the remote login kept timing out.",
    "The transmitter hut key is on the hook in the office, not in the chat.",
    "The RDS encoder at the hut has no password; it only listens on the local link.",
    "The station's listener app uses Sign in with Apple, so we never see passwords.",
    "Our licence renewal is due on {date}; {person} has the paperwork.",
    "The {system} dashboard lists {n} active keys; {person} will prune the old ones.",
    "Listener numbers peaked at {n} hundred during the regatta commentary.",
    "The audio logger keeps {n} days of air-checks before it overwrites them.",
    "The new jingles were uploaded as version {version} of the imaging package.",
    # rowing club
    "The boathouse Wi-Fi password is printed on the notice board for members.",
    "New members get their own login for the booking system after induction.",
    "The boat shed gate code changes every season; the committee emails it out.",
    "Crew {n} booked the eight for {hh}:{mm} on Saturday.",
    "The club's Strava account is shared through the password manager, not by text.",
    "Erg scores from the winter test are in the sheet; no logins in there.",
    "The coach's launch has a key on a float, kept in the office.",
    "{person} set up two-factor on the club bank account and kept the backup codes in the safe.",
    "The treasurer asked for read-only access to the bank, not the password.",
    "Regatta entries close on {date}; the entry system sends a login link.",
    "Boat {boat} needs a new rigger before the head race.",
    "Water temperature at the pontoon was {temp} °C this morning.",
    "The river level gauge read {level} m, so sculling is off for juniors.",
    "The clubhouse alarm panel was replaced on {date}; codes stay the same.",
    "Lost property: one Garmin, one water bottle, one key fob for the gym.",
    # bakery co-op
    "The till app uses a four-digit staff PIN, but the PINs are never written down.",
    "The bakery's online shop moved to passkeys on {date}.",
    "Order {order} was refunded; the customer couldn't remember their password.",
    "Batch {batch} of rye sourdough proved for {n} hours.",
    "The oven controller has a PIN lock that only {person} knows how to reset.",
    "The flour supplier's portal wants a password of at least {n} characters.",
    "Invoice {order} covers the {system} subscription for another year.",
    "The delivery van's tracker app logs in with a QR code, not a password.",
    "{person} forgot the shop Wi-Fi password again, so we printed the QR code.",
    "The co-op's accountant has her own login to the books; nobody shares one.",
    "Allergen labels for batch {batch} were reprinted after the recipe change.",
    "The proofing room held {temp} °C all night.",
    "The card reader at the market stall pairs by Bluetooth, no PIN needed.",
    "Members vote on {date}; the ballot link is personal and expires after use.",
    "The bakery's Instagram login is in the password manager under Social.",
    # tickets, commits and reviews
    "{ticket}: stop writing the Authorization header to the sync log.",
    "{ticket}: move the stream password out of liquidsoap.liq into the secret store.",
    "Fixes {ticket}: the token refresh now waits {n} seconds between retries.",
    "Commit {sha7} takes the hard-coded API key out of the test fixtures.",
    "Review note: the PIN field on the tablet should show the number pad.",
    "PR #{n}: read the signing key from a file named by {env}.",
    "{ticket} waits until {person} rotates the {system} credentials.",
    "Reverted {sha7}; it logged the length of the token at info level.",
    "The secret scanner in CI found nothing in {n} commits this week.",
    "The pre-commit hook blocks anything that looks like a private key.",
    "The deploy job reads {env} from the runner's protected variables.",
    "Set {env} in the environment; the code never holds it.",
    "Without {env} the sync job refuses to start.",
    "If {env} is empty, the booking widget shows read-only slots.",
    "It's {env}, not {env2}; the wiki page was out of date.",
    "The example config says <PASTE_TOKEN_HERE>; replace it before you run it.",
    "Swap `hunter2` in sample.env for a real password before the first deploy.",
    "In the docs the password shows as `••••••••`; that's just a mask.",
    "In the manifest the token reads ${{{env}}}, filled in at deploy.",
    "The workflow passes it as `{{{{ secrets.{env} }}}}`.",
    "`auth.token_file` points at /run/secrets/{system_l} in the container.",
    "The chart mounts the key from a Secret named {system_l}-auth.",
    "Use `--password-stdin` so the password stays out of shell history.",
    "The release tarball's SHA-256 is {sha256}.",
    "Checksum for build {version}: {sha256}.",
    "Pipeline {sha7} passed all {n} checks.",
    "Request id {uuid} is what the vendor needs to trace the failed login.",
    "Device serial {serial} belongs to the north clinic's printer.",
    "The old config's SHA-1 was {sha}; we keep it for the audit.",
    "Job {job} failed because the token had expired.",
    "Use key id {hex8} when rotating; the secret itself stays in the KMS.",
    "Compare the host key fingerprint SHA256:{b64_43} before you connect.",
    "The signing public key is on the website; it is fine to share.",
    "Public keys can sit in the repo; private keys never can.",
    # general sentences about credentials
    "A long passphrase beats a short password with symbols.",
    "Rules that force a symbol just make people write passwords on notes.",
    "The talk on passkeys at the meetup was excellent.",
    "The sign-in form should warn when caps lock is on.",
    "Show how strong a password is, but let people choose.",
    "The API key box in settings is masked once saved.",
    "Tokens are stored hashed with {algo}, never in clear.",
    "Tokens are compared in constant time.",
    "Key rotation runs on the {n}th of every month.",
    "Sessions expire after {n} hours without activity.",
    "The token endpoint answers 401 when the client secret is wrong.",
    "A 403 means the key is real but lacks the scope.",
    "{system} allows {n} requests a minute per API key.",
    "A secrets manager is better than env vars for long-lived keys.",
    "The incident write-up says no credentials left the network.",
    "In the phishing drill {n} people typed their password into the fake page.",
    "Password hygiene training takes about {n} minutes.",
    "Access reviews are quarterly; unused keys get deleted.",
    "Do we still need the old {system} API key, or can we drop it?",
    "Does {system} support scoped tokens yet?",
    "What does 'invalid_client' mean when the token refresh fails?",
    "How long does a {system} {thing} last by default?",
    "The password reset email took {n} minutes to arrive.",
    "Random seed {seed} keeps the test data the same between runs.",
    "The fixture uses the string 'fake-token-for-tests'.",
    "The {lang} word for 'password' doesn't fit on the login button.",
    "{person} wants the booking page translated into {lang}.",
    "After the {system} breach we changed every reused password.",
    "Password managers fill the wrong box on the {system} login page.",
    "{person} will show the passkey sign-in at the meeting on {date}.",
    "On {date} we retired the shared {thing} for {system}.",
    "The {system} free plan allows {n} API keys per workspace.",
    "{env} is described in docs/config.md, with a dummy value of xxxx.",
    "{person} asked for a hardware key instead of text-message codes.",
    "The {system} account has {n} members and every one has their own login.",
    "We spent {n} minutes with {system} support unlocking an account.",
    "The MAC address {mac} is the reception printer.",
    "Firmware {version} hides the PIN as you type it.",
    "{person2} asked if the {system} {thing} could be limited to one clinic.",
    "Ticket {ticket}: the reset link goes to the staging site.",
    "Ticket {ticket}: the tablet locks after {n} wrong PINs, too strict with gloves on.",
    "Commit {sha7}: mask the {thing} field on the settings screen.",
    "The {system} webhook is verified with an HMAC signature before we trust it.",
)
THINGS = ("password", "API key", "token", "PIN", "passphrase", "client secret", "signing key", "webhook secret", "access key", "stream key")  # fmt: skip
SYSTEMS = ("Plivo", "Vonage", "Matomo", "Papertrail", "Typesense", "Qdrant", "Wrike", "Front", "Surge", "Storj", "Sonarr", "Pingdom")  # fmt: skip
PEOPLE = ("Ingrid", "Bertil", "Solveig", "Kwame", "Ama", "Tenzin", "Pema", "Joaquín", "Marit", "Oddvar")
ENVS = ("STREAM_PASSWORD_FILE", "PLIVO_AUTH_TOKEN", "MATOMO_TOKEN_AUTH", "BOOKING_SYNC_SECRET", "TILL_DB_PASSWORD", "QDRANT_API_KEY", "WASABI_SECRET_KEY", "PLEX_TOKEN")  # fmt: skip
CLINICS = ("Nordre", "Bakklandet", "Lade", "Heimdal", "Ranheim", "Byåsen")
VERSIONS = ("3.1.4", "3.2.0", "1.14.2", "0.9.8", "6.0.0-beta1")


def _prose(g: random.Random) -> Iterator[Row]:
    """Every distinct sentence the prose templates give with six draws of their fields."""
    seen: set[str] = set()
    for template in HELD8_PROSE:
        for _ in range(6):
            system = g.choice(SYSTEMS)
            fields = {
                "person": g.choice(PEOPLE),
                "person2": g.choice(PEOPLE),
                "thing": g.choice(THINGS),
                "n": g.choice((2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 20, 25, 40, 60)),
                "port": g.choice((443, 8443, 2575, 104, 11112, 5000)),
                "system": system,
                "system_l": system.lower(),
                "date": f"2026-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "ticket": f"{g.choice(('VET', 'RAD', 'ROW', 'BAK'))}-{g.randint(10, 4999)}",
                "env": g.choice(ENVS),
                "env2": g.choice(ENVS),
                "seed": g.choice((1, 7, 42, 1234, 2026, 31337)),
                "sha": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha256": hashlib.sha256(g.randbytes(16)).hexdigest(),
                "hex8": _r(g, HEX, 8),
                "chip": "".join(g.choice(DIGITS) for _ in range(15)),
                "batch": f"{_r(g, UPPER, 2)}{g.randint(1000, 9999)}",
                "clinic": g.choice(CLINICS),
                "serial": f"SN{_r(g, UPPER_NUM, 9)}",
                "order": f"#{g.randint(100_000, 999_999)}",
                "uuid": _uuid(g),
                "job": g.randint(10_000, 999_999),
                "hh": f"{g.randint(5, 20):02d}",
                "mm": g.choice(("00", "15", "30", "45")),
                "freq": f"{g.uniform(88.0, 107.9):.1f}",
                "callsign": f"LA{g.randint(1, 9)}{_r(g, UPPER, 3)}",
                "boat": g.choice(("Kestrel", "Fjord Queen", "Old Tom", "Bramble", "Ingrid B.")),
                "temp": f"{g.uniform(2.0, 28.0):.1f}",
                "level": f"{g.uniform(0.5, 3.5):.2f}",
                "version": g.choice(VERSIONS),
                "algo": g.choice(("SHA-256", "Argon2id", "bcrypt", "PBKDF2-SHA256")),
                "lang": g.choice(("Norwegian", "Sámi", "Twi", "Tibetan", "Spanish", "Polish")),
                "mac": ":".join(_r(g, HEX, 2) for _ in range(6)),
                "b64_43": base64.b64encode(g.randbytes(32)).decode().rstrip("="),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


_ALONE = ("plain hex string", "atob of base64", "Python bytes([...])", "split over a fenced code block", "template-literal pieces", "base64 broken every 8 characters", "Python \\x escapes", "hexadecimal HTML entities")  # fmt: skip


_SPLIT = Split(
    HALF,
    HELD8_FORMATS,
    HELD8_CONTEXTS,
    HELD8_LABELLED,
    HELD8_LABELLED_KINDS,
    HELD8_EVASIONS,
    _ALONE,
    HELD8_EVASION_CONTEXTS,
    HELD8_STATED,
    HELD8_VALUE_OF,
    _one_code,
    _prose,
    skipped=1,
    stride=2,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held8 split (deterministic for a seed): formats, evasions, stated credentials, prose."""
    return _SPLIT.rows(seed)


def main() -> None:
    """Print this split's sizes (rows per group, credential kinds, languages); never its scores."""
    from collections import Counter

    out = rows()
    print(Counter(r.group for r in out))
    kinds = {r.kind for r in out if r.group in ("format", "stated")}
    credentials = sum(1 for r in out if r.group in ("format", "stated"))
    languages = {r.kind.rsplit("(", 1)[1].rstrip(")") for r in out if r.group == "stated"}
    print(f"{credentials} credentials of {len(kinds)} kinds, {len(languages)} languages")


if __name__ == "__main__":
    main()
