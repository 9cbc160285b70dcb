"""An eighth split of the secret corpus, ``held7``: written by another engineer before stop 40's changes, scored once.

``held6`` was read at the end of stop 39, so it is a tuning split now. This split has its own seed, its own value
makers and its own templates, written from vendors' published token shapes (prefix, alphabet and length as each
vendor documents or shows them; random bodies) and from how people paste credentials while they work, never from
the scanner's rules, in a voice of its own (a water utility's operational technology, field crews, IoT gateways,
a small online shop, a family's shared accounts):

- ``format``: vendor tokens no earlier split names (observability: Bugsnag, Rollbar, Raygun, Airbrake, Datadog
  application keys, New Relic licence keys, Sumo Logic, Uptime Kuma, Cronitor; IoT: Particle, Blynk, ThingSpeak,
  Tuya, Pushover, Pushbullet, ntfy, Gotify; maps: Esri ArcGIS, HERE, TomTom, MapTiler, OpenCage; security feeds:
  Shodan, VirusTotal, AbuseIPDB, urlscan.io, IPinfo, HIBP; commerce: Lemon Squeezy, Alpaca, Bybit, Wise,
  BigCommerce, Etsy, Gumroad, Webflow, Storyblok, DatoCMS, Strapi; AI: Fal.ai (a UUID and a hex body), Cartesia,
  Helicone, Runway, Baseten; platforms: Deno Deploy, Railway (a bare UUID), Koyeb, Bunny.net, Cloudflare R2, dbt
  Cloud, ConfigCat, Rootly, Adobe, AppVeyor, Laravel Sanctum, a GitHub runner registration token; crypto keys: Nostr
  ``nsec1``, Tezos ``edsk``, BIP32 ``xprv``, an LND admin macaroon; and unprefixed vendor formats (hex and base62
  bodies that only their label names), each in a line of fish, Nushell, cmd, Go, .NET ``appsettings.json``, a
  Terraform variable, a crontab, a Home Assistant ``secrets.yaml`` or chat; labelled structures no earlier split
  uses (Kafka SASL JAAS, BIND TSIG key, OpenVPN static key, strongSwan ``swanctl.conf``, Windows autologon registry,
  ``tomcat-users.xml``, Jetty ``realm.properties``, ADO.NET connection strings, ODBC ``PWD=``, Liquibase, Flyway,
  Hibernate, Alertmanager ``smtp_auth_password``, Prometheus ``basic_auth``, Grafana ``secureJsonData``, Fluent Bit
  ``HTTP_Passwd``, Telegraf, Redis Sentinel ``auth-pass``, iwd ``Passphrase=``, CIFS credentials files, davfs2,
  slapd ``rootpw``, Squid ``cachemgr_passwd``, fastlane ``MATCH_PASSWORD``, a JWK ``d`` field, a PKCS#12 export
  line, Home Assistant ``secrets.yaml``, ESPHome ``api: encryption: key``, a Mosquitto bridge ``remote_password``);
- ``evasion``: each single-line value again under an evasion of its own (names distinct from every other split's):
  zero-width spaces every 3, soft hyphens every 5, bidi isolates around halves, Cyrillic and Coptic look-alikes,
  full-width every other character, base64 in a data URI, a C byte array, percent-encoding of every character,
  split over four quoted lines, dotted, ES6 ``\\u{..}`` escapes, a Python character list, Unicode tag characters
  (ASCII smuggling), ideographic spaces, quoted-printable, base85, combining acute accents on vowels;
- ``stated``: passwords, PINs, passcodes, door and alarm codes, passphrases, backup-code lists, security answers,
  voicemail codes and recovery phrases stated in languages no earlier split uses (Tok Pisin, Papiamento, Occitan,
  Asturian, Corsican, Sardinian, Romansh, Breton, Shona, Sesotho, Setswana, Chichewa, Luganda, Wolof, Hawaiian,
  Samoan, Bashkir, Chuvash, Assamese, Uyghur) and in English, Brazilian Portuguese, Italian, Dutch and Polish
  phrasings of its own; values made of words, digits, mixed, and in the language's own script;
- ``prose``: 500+ ordinary sentences that mention credentials in passing and hold none: utility and shop policies,
  field-crew notes, family admin, tickets and commit messages, placeholders, env var names, hashes, serials,
  meter ids, order numbers, LoRa DevEUIs, versions and ports.

For a code list, ``secret`` is one code in the middle of the list (if any code survives, that one does too).
Rows are ``secret_rows.Row`` with ``half == "held7"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B58, B62, B64URL, BECH32, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held7"
SEED = 41_2026_12_06_17
Maker = Callable[[random.Random], str]
HEX_UP = "0123456789ABCDEF"
LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _nsec(g: random.Random) -> str:
    return "nsec1" + _r(g, BECH32.lower(), 58)


def _macaroon(g: random.Random) -> str:
    return "0201036c6e6402f801030a10" + _r(g, HEX, 32) + "1201301a160a0761646472657373" + _r(g, HEX, 120)


def _sanctum(g: random.Random) -> str:
    return f"{g.randint(1, 999)}|{_r(g, B62, 40)}"


# vendor tokens no other split names: (kind, key name people give it, maker)
HELD7_FORMATS: tuple[tuple[str, str, Maker], ...] = (
    ("Bugsnag notifier key", "BUGSNAG_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Rollbar server token", "ROLLBAR_ACCESS_TOKEN", lambda g: _r(g, HEX, 32)),
    ("Raygun API key", "RAYGUN_APIKEY", lambda g: _r(g, B62, 22)),
    ("Airbrake project key", "AIRBRAKE_PROJECT_KEY", lambda g: _r(g, HEX, 32)),
    ("Datadog application key", "DD_APP_KEY", lambda g: _r(g, HEX, 40)),
    ("New Relic licence key", "NEW_RELIC_LICENSE_KEY", lambda g: _r(g, HEX, 36) + "NRAL"),
    ("Sumo Logic access key", "SUMO_ACCESS_KEY", lambda g: _r(g, B62, 64)),
    ("Uptime Kuma API key", "KUMA_API_KEY", lambda g: f"uk{g.randint(1, 40)}_" + _r(g, B64URL, 32)),
    ("Cronitor API key", "CRONITOR_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Particle access token", "PARTICLE_TOKEN", lambda g: _r(g, HEX, 40)),
    ("Blynk auth token", "BLYNK_AUTH_TOKEN", lambda g: _r(g, B64URL, 32)),
    ("ThingSpeak write key", "THINGSPEAK_WRITE_KEY", lambda g: _r(g, UPPER_NUM, 16)),
    ("Tuya access secret", "TUYA_ACCESS_SECRET", lambda g: _r(g, HEX, 32)),
    ("Pushover application token", "PUSHOVER_TOKEN", lambda g: "a" + _r(g, LOWER_NUM, 29)),
    ("Pushbullet access token", "PUSHBULLET_TOKEN", lambda g: "o." + _r(g, B62, 32)),
    ("ntfy access token", "NTFY_TOKEN", lambda g: "tk_" + _r(g, LOWER_NUM, 29)),
    ("Gotify application token", "GOTIFY_TOKEN", lambda g: "A" + _r(g, B62 + ".-_", 14)),
    ("Esri ArcGIS API key", "ARCGIS_API_KEY", lambda g: "AAPK" + _r(g, HEX, 32) + _r(g, B64URL, 64)),
    ("HERE API key", "HERE_API_KEY", lambda g: _r(g, B64URL, 43)),
    ("TomTom API key", "TOMTOM_KEY", lambda g: _r(g, B62, 32)),
    ("MapTiler key", "MAPTILER_KEY", lambda g: _r(g, B62, 20)),
    ("OpenCage API key", "OPENCAGE_KEY", lambda g: _r(g, HEX, 32)),
    ("Shodan API key", "SHODAN_API_KEY", lambda g: _r(g, B62, 32)),
    ("VirusTotal API key", "VT_API_KEY", lambda g: _r(g, HEX, 64)),
    ("AbuseIPDB key", "ABUSEIPDB_KEY", lambda g: _r(g, HEX, 80)),
    ("urlscan.io API key", "URLSCAN_API_KEY", _uuid),
    ("IPinfo token", "IPINFO_TOKEN", lambda g: _r(g, HEX, 14)),
    ("HIBP API key", "HIBP_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Lemon Squeezy API key", "LEMONSQUEEZY_API_KEY", lambda g: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + _r(g, B64URL, 120) + "." + _r(g, B64URL, 86)),
    ("Alpaca secret key", "APCA_API_SECRET_KEY", lambda g: _r(g, B62, 40)),
    ("Bybit API secret", "BYBIT_API_SECRET", lambda g: _r(g, B62, 36)),
    ("Wise API token", "WISE_API_TOKEN", _uuid),
    ("BigCommerce access token", "BC_ACCESS_TOKEN", lambda g: _r(g, LOWER_NUM, 31)),
    ("Etsy keystring", "ETSY_API_KEY", lambda g: _r(g, LOWER_NUM, 24)),
    ("Gumroad access token", "GUMROAD_TOKEN", lambda g: _r(g, B64URL, 43)),
    ("Webflow API token", "WEBFLOW_TOKEN", lambda g: _r(g, HEX, 64)),
    ("Storyblok preview token", "STORYBLOK_TOKEN", lambda g: _r(g, B62, 22) + "tt"),
    ("DatoCMS API token", "DATOCMS_API_TOKEN", lambda g: _r(g, HEX, 30)),
    ("Strapi API token", "STRAPI_API_TOKEN", lambda g: _r(g, HEX, 256)),
    ("Fal.ai key", "FAL_KEY", lambda g: _uuid(g) + ":" + _r(g, HEX, 32)),
    ("Cartesia API key", "CARTESIA_API_KEY", lambda g: "sk_car_" + _r(g, B62, 22)),
    ("Helicone API key", "HELICONE_API_KEY", lambda g: "sk-helicone-" + _r(g, LOWER_NUM, 7) + "-" + _r(g, LOWER_NUM, 7) + "-" + _r(g, LOWER_NUM, 7) + "-" + _r(g, LOWER_NUM, 7)),
    ("Runway API secret", "RUNWAYML_API_SECRET", lambda g: "key_" + _r(g, HEX, 128)),
    ("Baseten API key", "BASETEN_API_KEY", lambda g: _r(g, B62, 8) + "." + _r(g, B62, 32)),
    ("Deno Deploy token", "DENO_DEPLOY_TOKEN", lambda g: "ddp_" + _r(g, B62, 36)),
    ("Railway API token", "RAILWAY_TOKEN", _uuid),
    ("Koyeb API token", "KOYEB_TOKEN", lambda g: _r(g, B62, 64)),
    ("Bunny.net API key", "BUNNY_API_KEY", lambda g: _uuid(g) + _uuid(g)),
    ("Cloudflare R2 secret", "R2_SECRET_ACCESS_KEY", lambda g: _r(g, HEX, 64)),
    ("dbt Cloud service token", "DBT_CLOUD_API_TOKEN", lambda g: "dbtc_" + _r(g, B64URL, 56)),
    ("ConfigCat SDK key", "CONFIGCAT_SDK_KEY", lambda g: "configcat-sdk-1/" + _r(g, B64URL, 22) + "/" + _r(g, B64URL, 22)),
    ("Rootly API key", "ROOTLY_API_TOKEN", lambda g: "rootly_" + _r(g, HEX, 64)),
    ("Adobe OAuth client secret", "ADOBE_CLIENT_SECRET", lambda g: "p8e-" + _r(g, B64URL, 32)),
    ("AppVeyor API token", "APPVEYOR_TOKEN", lambda g: "v2." + _r(g, LOWER_NUM, 20)),
    ("Laravel Sanctum token", "SANCTUM_TOKEN", _sanctum),
    ("GitHub runner registration token", "RUNNER_TOKEN", lambda g: "A" + _r(g, UPPER_NUM, 28)),
    ("Nostr nsec key", "NOSTR_NSEC", _nsec),
    ("Tezos secret key", "TEZOS_SECRET", lambda g: "edsk" + _r(g, B58, 94)),
    ("BIP32 extended private key", "XPRV", lambda g: "xprv9" + _r(g, B58, 106)),
    ("LND admin macaroon", "LND_MACAROON_HEX", _macaroon),
)  # fmt: skip

# the line, cell or sentence a vendor token sits in: {v} the value, {n} its key name
HELD7_CONTEXTS = (
    "set -gx {n} {v}",
    '$env.{n} = "{v}"',
    "set {n}={v}",
    'os.Setenv("{n}", "{v}")',
    '"{n}": "{v}",',
    'variable "{n}" {{ default = "{v}" }}',
    "*/5 * * * * {n}={v} /opt/telemetry/push.sh",
    "{n}: {v}",
    "copied from the vendor portal for the gateway: {v}",
    "docker run -d -e {n}={v} ghcr.io/water-ot/bridge:2.3",
    "the key for the meter dashboard is {v} if you need to test locally",
    '- name: {n}\n  value: "{v}"',
    "| prod | {n} | {v} |",
    'Invoke-RestMethod -Headers @{{ Authorization = "Bearer {v}" }} -Uri $api',
)


# -- values inside config files and command lines --------------------------------------------------------------

_BITS = ("Kauri", "estuary", "Weka", "culvert", "Tōtara", "aquifer", "Sluice", "kererū", "Harakeke", "weir", "Pipi", "mangrove")  # fmt: skip


def _chosen(g: random.Random) -> str:
    """A password a person picks (a word, digits, a symbol) or a generated one (no quote characters)."""
    return g.choice(
        (
            g.choice(_BITS) + g.choice(("", "-", "$", ".")) + str(g.randint(1, 9999)),
            g.choice(_BITS).capitalize() + g.choice(_BITS).lower() + g.choice(("#", "!", "?")) + str(g.randint(0, 99)),
            _r(g, B62 + "#$%*-_+", g.randint(13, 21)),
            "-".join(g.sample(_BITS, 3)).lower(),
            str(g.randint(10**6, 10**9)),
        )
    )


def _b64(g: random.Random, n: int) -> str:
    return base64.b64encode(g.randbytes(n)).decode()


HELD7_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("Kafka SASL JAAS password", 'sasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="telemetry" password="{v}";', _chosen),
    ("BIND TSIG secret", 'key "ddns-update" {{\n    algorithm hmac-sha256;\n    secret "{v}";\n}};', lambda g: _b64(g, 32)),
    ("OpenVPN static key line", "-----BEGIN OpenVPN Static key V1-----\n{v}\n-----END OpenVPN Static key V1-----", lambda g: _r(g, HEX, 32)),
    ("swanctl.conf secret", "secrets {{\n    ike-field {{\n        id = gw.water.example.org\n        secret = {v}\n    }}\n}}", _chosen),
    ("Windows autologon DefaultPassword", 'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d {v} /f', _chosen),
    ("tomcat-users.xml password", '<user username="manager" password="{v}" roles="manager-gui,admin-gui"/>', _chosen),
    ("Jetty realm.properties line", "scada-admin: {v},admin,user", _chosen),
    ("ADO.NET connection string", "Server=tcp:sql-ot.database.windows.net,1433;Initial Catalog=Historian;User ID=hist_rw;Password={v};Encrypt=True;", _chosen),
    ("ODBC PWD=", "DRIVER={{ODBC Driver 18 for SQL Server}};SERVER=10.20.0.5;DATABASE=Billing;UID=tariff;PWD={v}", _chosen),
    ("liquibase.properties password", "url: jdbc:postgresql://db-ot:5432/assets\nusername: migrator\npassword: {v}\nchangeLogFile: db/changelog.xml", _chosen),
    ("flyway.conf password", "flyway.url=jdbc:mysql://meters-db:3306/readings\nflyway.user=flyway\nflyway.password={v}", _chosen),
    ("hibernate.connection.password", "hibernate.connection.username=crew_app\nhibernate.connection.password={v}", _chosen),
    ("Alertmanager smtp_auth_password", "global:\n  smtp_smarthost: 'smtp.water.example.org:587'\n  smtp_auth_username: 'alerts'\n  smtp_auth_password: '{v}'", _chosen),
    ("Prometheus basic_auth password", "  - job_name: rtu-exporter\n    basic_auth:\n      username: scrape\n      password: {v}", _chosen),
    ("Grafana secureJsonData password", "    secureJsonData:\n      password: {v}\n    jsonData:\n      sslmode: require", _chosen),
    ("Fluent Bit HTTP_Passwd", "[OUTPUT]\n    Name  http\n    Host  logs.water.example.org\n    HTTP_User  gw01\n    HTTP_Passwd {v}", _chosen),
    ("Telegraf InfluxDB token", '[[outputs.influxdb_v2]]\n  urls = ["http://influx:8086"]\n  token = "{v}"\n  organization = "ot"', lambda g: _r(g, B64URL, 86) + "=="),
    ("Redis Sentinel auth-pass", "sentinel monitor meters 10.20.1.7 6379 2\nsentinel auth-pass meters {v}", _chosen),
    ("iwd Passphrase=", "[Security]\nPassphrase={v}", _chosen),
    ("CIFS credentials file", "username=scanner\npassword={v}\ndomain=WATER", _chosen),
    ("davfs2 secrets line", "https://dav.water.example.org/remote.php/dav/files/crew crew {v}", _chosen),
    ("slapd.conf rootpw", 'suffix "dc=water,dc=example,dc=org"\nrootdn "cn=admin,dc=water,dc=example,dc=org"\nrootpw {v}', _chosen),
    ("Squid cachemgr_passwd", "cachemgr_passwd {v} all", _chosen),
    ("fastlane MATCH_PASSWORD", "MATCH_PASSWORD={v} bundle exec fastlane ios beta", _chosen),
    ("JWK private d field", '{{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0","d":"{v}"}}', lambda g: _r(g, B64URL, 43)),
    ("openssl pkcs12 -passout", "openssl pkcs12 -export -in gw.crt -inkey gw.key -out gw.p12 -passout pass:{v}", _chosen),
    ("Home Assistant secrets.yaml", "mqtt_password: {v}\nlatitude_home: -36.85", _chosen),
    ("ESPHome API encryption key", "api:\n  encryption:\n    key: \"{v}\"", lambda g: _b64(g, 32)),
    ("Mosquitto bridge remote_password", "connection cloud-bridge\naddress mqtt.water.example.org:8883\nremote_username gw07\nremote_password {v}", _chosen),
    ("Zigbee2MQTT network_key", "advanced:\n  network_key: [{v}]", lambda g: ", ".join(str(g.randint(0, 255)) for _ in range(16))),
)  # fmt: skip
HELD7_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD7_LABELLED)


# -- evasions, each a pure function of the value (secret_paths.py recomputes the evaded form) ---------------------

_COPTIC = {"A": "Ⲁ", "B": "Ⲃ", "C": "С", "E": "Ⲉ", "H": "Ⲏ", "I": "Ⲓ", "K": "Ⲕ", "M": "Ⲙ", "N": "Ⲛ", "O": "Ⲟ", "P": "Ⲣ", "T": "Ⲧ", "X": "Ⲭ", "Y": "Ⲩ", "a": "а", "c": "с", "e": "е", "o": "ⲟ", "p": "р", "x": "х", "y": "у", "i": "і", "j": "ј", "s": "ѕ"}  # fmt: skip
_VOWELS = set("aeiouAEIOU")


def _between(s: str, mark: str, step: int) -> str:
    return mark.join(s[i : i + step] for i in range(0, len(s), step))


def _wide_alternate(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if i % 2 == 0 and "!" <= c <= "~" else c for i, c in enumerate(s))


def _tags(s: str) -> str:
    return "\U000e0001" + "".join(chr(0xE0000 + ord(c)) if " " <= c <= "~" else c for c in s) + "\U000e007f"


def _four_lines(s: str) -> str:
    q = max(1, -(-len(s) // 4))
    return " +\n".join(f'"{s[i : i + q]}"' for i in range(0, len(s), q))


HELD7_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("ZWSP every 3", lambda s: _between(s, "\u200b", 3)),
    ("soft hyphen every 5", lambda s: _between(s, "\u00ad", 5)),
    ("bidi isolates around halves", lambda s: f"\u2066{s[: len(s) // 2]}\u2069\u2067{s[len(s) // 2 :]}\u2069"),
    ("Cyrillic and Coptic look-alikes", lambda s: "".join(_COPTIC.get(c, c) for c in s)),
    ("full-width every other character", _wide_alternate),
    ("base64 in a data URI", lambda s: "data:text/plain;base64," + base64.b64encode(s.encode()).decode()),
    ("C byte array", lambda s: "{ " + ", ".join(f"0x{b:02x}" for b in s.encode()) + " }"),
    ("percent-encoding of every byte", lambda s: "".join(f"%{b:02X}" for b in s.encode())),
    ("split over four quoted lines", _four_lines),
    ("dotted", lambda s: ".".join(s)),
    ("ES6 code point escapes", lambda s: "".join(f"\\u{{{ord(c):x}}}" for c in s)),
    ("Python character list", lambda s: "''.join(" + repr(list(s)) + ")"),
    ("Unicode tag characters", _tags),
    ("ideographic spaces", lambda s: "\u3000".join(s)),
    ("quoted-printable", lambda s: "".join(f"={b:02X}" for b in s.encode())),
    ("base85", lambda s: "base64.b85decode('" + base64.b85encode(s.encode()).decode() + "')"),
    ("combining acute on vowels", lambda s: "".join(c + "\u0301" if c in _VOWELS else c for c in s)),
)  # fmt: skip
HELD7_EVASION_CONTEXTS = (
    "pasting it this way so the log scrubber leaves it alone: {v}",
    "GW_SECRET={v}",
    "the old provisioning script builds it like this → {v}",
    "value: {v} (decodes to the real one)",
    "for the bench rig tonight: {v}",
)


# -- stated credentials --------------------------------------------------------------------------------------------

_LATIN = ("manu", "Kalo", "tamarind", "Mbira", "ndiwo", "Lomé", "pua", "Kuʻu", "Ruvi", "koko", "Breizh", "Sella", "fiore", "Ilha", "bolo", "Tsela")  # fmt: skip
_SCRIPT = {
    "ba": ("Ағиҙел", "бал", "ҡурай"),
    "cv": ("Шупашкар", "хӑмла", "ҫӑкӑр"),
    "as": ("ব্ৰহ্মপুত্ৰ", "চাহ", "গামোচা"),
    "ug": ("قەشقەر", "نان", "تاغ"),
}
_DIGITS_OF = {"as": "০১২৩৪৫৬৭৮৯"}


def _pw(g: random.Random, language: str) -> str:
    """A stated password: words, digits, mixed, or in the language's own script (and digits)."""
    shape = g.randrange(5)
    if shape == 0:
        return "-".join(w.lower() for w in g.sample(_LATIN, g.choice((3, 4))))
    if shape == 1:
        return str(g.randint(1_000_000, 999_999_999))
    if shape == 2:
        return g.choice(_LATIN) + g.choice(("", "*", "@", "-")) + str(g.randint(10, 2099)) + g.choice(("", "!", "$"))
    if shape == 3 and language in _SCRIPT:
        number = str(g.randint(10, 9999))
        digits = _DIGITS_OF.get(language)
        if digits and g.random() < 0.5:
            number = "".join(digits[int(c)] for c in number)
        return g.choice(_SCRIPT[language]) + number
    return _r(g, B62 + "@*!", g.randint(11, 16))


def _pin(g: random.Random, language: str) -> str:
    del language
    n = g.choice((4, 4, 5, 6, 7))
    return str(g.randint(0, 10**n - 1)).zfill(n)


def _door(g: random.Random, language: str) -> str:
    del language
    return g.choice(
        (str(g.randint(1000, 9999)) + "#", "*" + str(g.randint(100_000, 999_999)), str(g.randint(10_000, 99_999)))
    )


def _codes(g: random.Random, language: str) -> str:
    del language
    style = g.randrange(3)
    n = g.choice((5, 8, 10))
    if style == 0:
        return "\n".join(f"{i + 1}. {_r(g, LOWER, 4)} {_r(g, LOWER, 4)}" for i in range(n))
    if style == 1:
        return ", ".join(f"{g.randint(0, 99_999_999):08d}" for _ in range(n))
    return " | ".join(_r(g, UPPER_NUM, 5) + "-" + _r(g, UPPER_NUM, 5) for _ in range(n))


def _answer(g: random.Random, language: str) -> str:
    del language
    return g.choice(
        (
            "Rangitoto",
            "Auntie Moana",
            "blue Hillman Imp",
            "Taupō",
            "Biscuit the ferret",
            "Mrs Kowalczyk",
            "Ōhakune",
            "Pōwhiri Street",
        )
    )


def _phrase(g: random.Random, language: str) -> str:
    del language
    words = (
        "gravel",
        "harbour",
        "ladder",
        "mussel",
        "ribbon",
        "silo",
        "tundra",
        "valve",
        "wicket",
        "yarrow",
        "cobalt",
        "drift",
    )
    return " ".join(g.choices(words, k=12))


def _one_code(codes: str) -> str:
    """The code in the middle of a list (numbered lines, ``, `` or `` | `` separated)."""
    if "\n" in codes:
        items = [line.split(". ", 1)[1] for line in codes.splitlines()]
    elif " | " in codes:
        items = codes.split(" | ")
    else:
        items = codes.split(", ")
    return items[len(items) // 2]


# (kind, language, templates): phrasings of this split
HELD7_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "tpi", ("pasword bilong wifi em {v}", "mi senisim pasword bilong server i kamap {v}")),
    ("PIN", "tpi", ("PIN namba bilong kat bilong mi em {v}",)),
    ("password", "pap", ("E kontraseña di wifi ta {v}", "mi a kambia e kontraseña di e server pa {v}")),
    ("password", "oc", ("Lo senhal del wifi es {v}", "ai cambiat lo senhal del servidor en {v}")),
    ("password", "ast", ("La contraseña del wifi ye {v}", "camudé la contraseña del sirvidor a {v}")),
    ("password", "co", ("A parolla d'ordine di u wifi hè {v}",)),
    ("password", "sc", ("Sa crae de su wifi est {v}",)),
    ("password", "rm", ("Il pled-clav dal WLAN è {v}",)),
    ("password", "br", ("Ger-tremen ar wifi eo {v}", "cheñchet em eus ger-tremen ar servijer e {v}")),
    ("password", "sn", ("Password yewifi ndi{v}", "pasiwedhi yeserver yava {v}")),
    ("password", "st", ("Phasewete ya wifi ke {v}",)),
    ("PIN", "st", ("PIN ya karete ya ka ke {v}",)),
    ("password", "tn", ("Lefoko la sephiri la wifi ke {v}",)),
    ("password", "ny", ("Mawu achinsinsi a wifi ndi {v}",)),
    ("password", "lg", ("Ekigambo ky'ekyama ekya wifi kiri {v}",)),
    ("password", "wo", ("Baatu jàll bu wifi bi mooy {v}",)),
    ("password", "haw", ("ʻO ka ʻōlelo huna o ka wifi ʻo {v}",)),
    ("password", "sm", ("O le upu faʻalilo o le wifi o {v}",)),
    ("password", "ba", ("Wi-Fi серһүҙе: {v}", "серверҙың серһүҙен {v} итеп алмаштырҙым")),
    ("password", "cv", ("Wi-Fi пароле: {v}",)),
    ("password", "as", ("ঘৰৰ ৱাই-ফাইৰ পাছৱৰ্ড হৈছে {v}",)),
    ("password", "ug", ("ئۆيدىكى Wi-Fi نىڭ پارولى {v}",)),
    ("password", "pt-BR", ("a senha do roteador lá de casa é {v}", "senha do painel da loja: {v}, não passa pra ninguém")),
    ("PIN", "pt-BR", ("o PIN do celular da firma é {v}",)),
    ("password", "it", ("la password del gestionale è {v}", "ho cambiato la password del NAS in {v}")),
    ("password", "nl", ("het wachtwoord van de kassa is {v}", "wachtwoord voor het beheerpaneel: {v}")),
    ("password", "pl", ("hasło do panelu sklepu to {v}", "zmieniłem hasło do routera na {v}")),
    ("password", "en", (
        "the login for the pump station HMI is operator with {v}",
        "Mum's iPad passcode is {v}, she keeps forgetting it",
        "Shop admin: owner@ / {v} (change it after the sale)",
        "our accountant's portal password is {v}",
        "the laptop in the site van unlocks with {v}",
    )),
    ("PIN", "en", ("the SIM PIN for the telemetry modem is {v}", "my debit card PIN is {v}", "PIN for the fuel card in the crew ute: {v}")),
    ("passcode", "en", ("the voicemail passcode on the depot phone is {v}", "screen passcode for the field tablet: {v}")),
    ("door code", "en", ("the keypad on the reservoir gate takes {v}", "door code for the chlorine store is {v}")),
    ("alarm code", "en", ("alarm code at the depot: {v}, you've got 30 seconds", "to disarm the shop alarm punch in {v}")),
    ("passphrase", "en", ("the borg backup passphrase is {v}", "Wi-Fi passphrase in the site office: {v}")),
    ("backup codes", "en", ("2FA backup codes for the bank login:\n{v}", "spare sign-in codes for the vendor portal: {v}")),
    ("security answer", "en", ("the security answer for the power account (first pet) is {v}", "mother's maiden name on the broadband account: {v}")),
    ("recovery phrase", "en", ("recovery phrase for the shop's hardware wallet: {v}",)),
    ("password", "de", ("das WLAN-Passwort im Bauwagen lautet {v}",)),
    ("backup codes", "nl", ("herstelcodes voor de boekhouding:\n{v}",)),
)  # fmt: skip
HELD7_VALUE_OF: dict[str, Callable[[random.Random, str], str]] = {
    "password": _pw,
    "PIN": _pin,
    "passcode": _pin,
    "door code": _door,
    "alarm code": _door,
    "passphrase": _pw,
    "backup codes": _codes,
    "security answer": _answer,
    "recovery phrase": _phrase,
}


# -- ordinary sentences ------------------------------------------------------------------------------------------

HELD7_PROSE = (
    # utility and shop policy
    "Operators change their HMI password every {n} months; the panel reminds them a week before.",
    "No password is ever written on the outside of a pump station cabinet.",
    "Field tablets lock after {n} minutes and ask for the crew member's PIN.",
    "The SCADA network has no shared passwords since the {date} audit.",
    "A contractor's account expires {n} days after the job closes, password and all.",
    "Customers reset their portal password from the link in the welcome email.",
    "We don't store card PINs; the payment terminal handles them.",
    "The shop's staff accounts use passkeys, so nobody types a password at the till.",
    "Password resets for the billing system go through the service desk, ticket type {ticket}.",
    "Each RTU gets its own key during commissioning; nothing is shared between sites.",
    "The {system} token is scoped to read-only and rotates every {n} days.",
    "Rotate the {thing} for {system} before {date}, the vendor is retiring the old endpoint.",
    "Never paste a {thing} into the crew chat, use the vault link instead.",
    "{person} is the only one who can issue a new {thing} for {system}.",
    "The {thing} for {system} lives in the vault under ot/{system_l}/prod.",
    "Ask {person} if you need the {system} {thing}; it isn't in the repo.",
    "We revoked the old {system} {thing} on {date} after {person} left.",
    "The audit found {n} stale {thing}s in {system}; all are revoked now.",
    "Who owns the {system} {thing}? {person} says {person2} does.",
    "The {system} {thing} expired overnight, so the {n} a.m. sync failed.",
    # field notes and gateway docs
    "Gateway {hex4_u} rejoined the network after a power cut; no keys were changed.",
    "The LoRa sensor with DevEUI {deveui} keeps its AppKey on the join server, not on the gateway.",
    "Meter {meter} reported a reverse flow at {hh}:{mm}; the crew checked the valve.",
    "Logger {meter} was swapped on {date} and paired with a fresh key by the join server.",
    "The join server generates a new session key each time a device rejoins.",
    "Reading from sensor {deveui} dropped to {n} percent battery.",
    "Pump {n} at station {station} tripped on overcurrent; reset from the panel, no password needed on site.",
    "The telemetry modem's SIM needs its PIN disabled before we ship it to site.",
    "Port {port} is open on the gateway for the broker, TLS only.",
    "The broker listens on {port} with client certificates; passwords are off.",
    "Crews sign in to the field app with their staff number and a one-time code.",
    "The one-time code arrives by SMS and is valid for {n} minutes.",
    "The historian's service account authenticates with Kerberos, not a password.",
    "The reservoir level at {station} was {level} m at {hh}:{mm}.",
    "We flashed firmware {version} onto {n} loggers yesterday.",
    "Commissioning checklist step {n}: confirm the device key was generated by the join server.",
    "The chlorine analyser at {station} read {cl} mg/L this morning.",
    "Flood gauge {meter} sends a reading every {n} minutes.",
    # tickets, commits and reviews
    "{ticket}: stop logging the Authorization header in the bridge.",
    "{ticket}: move the broker password out of the compose file into the secret store.",
    "Fixes {ticket} — the token refresh now retries with backoff.",
    "Commit {sha7} removes the hard-coded API key from the test fixtures.",
    "Review note: the password field in the crew app should allow paste.",
    "PR #{n}: rename SECRET_KEY to BRIDGE_SIGNING_KEY_FILE and read it from a file.",
    "{ticket} is blocked until {person} rotates the {system} credentials.",
    "Reverted {sha7}; it printed the token length in debug logs.",
    "The linter flags any string that looks like an API key in tests.",
    "We added a pre-commit hook that scans for secrets before every push.",
    "The secret scanner found nothing in {n} commits this week.",
    "The CI job reads {env} from the runner's protected variables.",
    "Set {env} in the environment; the code never hard-codes it.",
    "{env} must be set or the bridge refuses to start.",
    "If {env} is empty, the app falls back to anonymous read-only mode.",
    "The variable is called {env}, not {env2}; the README was wrong.",
    "The placeholder <YOUR_API_KEY> in the example is meant to be replaced.",
    "Replace `changeme` in .env.example with your own password before the first run.",
    "The password in the docs is `********`, it's a placeholder.",
    "In the template the token reads ${{{env}}}, filled in at deploy time.",
    "`{{{{ secrets.{env} }}}}` is how the workflow passes it to the job.",
    "Config key `auth.password_file` points at /run/secrets/{system_l}.",
    "The helm chart mounts the key from a Secret called {system_l}-credentials.",
    "Use `--password-stdin` so the password never shows up in shell history.",
    "The hash of the release tarball is {sha256}.",
    "Checksum for firmware {version}: {sha256}.",
    "Build {sha7} passed all {n} tests.",
    "The request id was {uuid}; the vendor needs it to trace the failed login.",
    "Order {order} was refunded; the customer forgot their password and bought twice.",
    "Invoice {order} covers the {system} licence for another year.",
    "Device serial {serial} is registered to the north depot.",
    "The SHA-1 of the old config was {sha}, kept for the audit trail.",
    "Job {job} failed because the token had expired.",
    # family and small office admin
    "Mum asked how to change her email password, so I walked her through it.",
    "Dad's phone wants a new passcode after the update.",
    "The family password manager has {n} shared items now.",
    "I set up a passkey for the bank so nobody has to remember a PIN.",
    "{person} forgot the Wi-Fi password again, so I printed the QR code for the fridge.",
    "The router's admin password is on the sticker underneath, we changed it on {date}.",
    "The kids' tablets have a four-digit PIN; screen time is capped at {n} hours.",
    "Grandma's bank sent a letter about a new PIN; she's going to the branch.",
    "Our accountant asked for read-only access, not the password.",
    "The shop's Wi-Fi for customers has no password, just a splash page.",
    "We moved every shared login into the password manager on {date}.",
    "Two-factor is on for {system}; the backup codes are in the safe, not in the chat.",
    "I printed the recovery codes and put them in the fire safe.",
    "{person} set up 2FA on the shop account and kept the recovery codes offline.",
    "Remember to update the password hint, it still mentions the old dog.",
    # general prose mentioning credentials
    "A strong password is long; a passphrase of {n} words is easy to type.",
    "Password rules that force symbols make people write passwords down.",
    "The talk on passwordless login was the best one at the meetup.",
    "The login form should say whether caps lock is on.",
    "Show a password strength meter, but don't block weak passwords outright.",
    "The API key field in the settings page is masked after saving.",
    "Tokens are hashed at rest with {algo}, so the database never holds them in clear.",
    "We compare tokens with a constant-time function.",
    "The key rotation job runs on the {n}th of each month.",
    "Session cookies expire after {n} hours of inactivity.",
    "The token endpoint returns 401 when the client secret is wrong.",
    "Error 403 means the key is valid but lacks the scope.",
    "{system} rate-limits requests per API key to {n} a minute.",
    "The {system} docs say keys start with a vendor prefix; ours don't show it in the UI.",
    "A secret manager beats environment variables for anything long-lived.",
    "The incident report says no credentials were exposed.",
    "Phishing test: {n} people entered their password on the fake page.",
    "The training module on password hygiene takes {n} minutes.",
    "Access reviews happen every quarter; unused keys are deleted.",
    "Do we still need the legacy {system} API key, or can it go?",
    "Can you check whether {system} supports scoped tokens yet?",
    "What does 'invalid_grant' mean when refreshing a token?",
    "How long is a {system} {thing} valid by default?",
    "The password reset email took {n} minutes to arrive.",
    "Random seed {seed} makes the simulation repeatable.",
    "The test fixture uses the literal string 'not-a-real-key'.",
    "Use key id {hex8} when you rotate; the secret itself stays in the KMS.",
    "The key fingerprint is SHA256:{b64_43}, compare it before you connect.",
    "The public key for the release is on the website; it is safe to share.",
    "Public keys are fine in the repo; private keys never are.",
    "The PIN pad on the depot door was replaced on {date}.",
    "The vendor's portal now requires a password of at least {n} characters.",
    "Password managers autofill the wrong field on the {system} login page.",
    "After the breach at {system} we changed every password that was reused.",
    # more field notes, shop and office lines
    "Station {station} lost comms for {n} minutes; the modem re-registered without a new PIN.",
    "{person} rotated the {system} {thing} on {date} and updated the vault entry.",
    "The {system} dashboard shows {n} active keys; {person} will prune the unused ones.",
    "Token usage for {system} peaked at {n} requests a second during the storm.",
    "{person2} asked whether the {system} {thing} can be scoped to one site.",
    "The {thing} for the {station} logger is provisioned by the join server, nobody types it.",
    "Order {order} shipped; the customer reset their password first.",
    "Ticket {ticket}: the password reset link points to the staging site.",
    "Ticket {ticket}: lockout after {n} wrong PINs is too strict for gloved hands.",
    "{person} wants the login page translated into {lang}.",
    "The {lang} translation of 'password' on the login screen is too long for the button.",
    "Meter {meter} was read manually on {date} because the logger's battery died.",
    "Logger {serial} is waiting for its key from the join server.",
    "Firmware {version} adds a setting to hide the PIN while typing.",
    "The {system} webhook signature is checked with HMAC before we trust the payload.",
    "Version {version} of the bridge reads the password from a file instead of an env var.",
    "{person} will demo the passkey login on {date}.",
    "On {date} we retired the shared {thing} for {system}.",
    "The {system} free tier allows {n} API keys per project.",
    "{env} is documented in docs/config.md, with an example value of xxxx.",
    "Crew {n} reported that the gate keypad at {station} is sticky.",
    "The alarm panel at {station} was serviced on {date}; codes were not changed.",
    "{person} asked for a hardware key instead of SMS codes.",
    "The {system} account has {n} members and nobody shares a login.",
    "We spent {n} minutes on the phone with {system} support about a locked account.",
    "DevEUI {deveui} and JoinEUI 0000000000000000 are identifiers, not secrets.",
    "The MAC address {mac} belongs to the depot printer.",
    "Pressure at {station} dropped to {level} bar at {hh}:{mm}.",
    "The {lang} keyboard on the tablet makes typing the PIN awkward.",
    "Commit {sha7}: mask the {thing} field in the settings screen.",
)
THINGS = ("password", "API key", "token", "PIN", "passphrase", "client secret", "signing key", "webhook secret", "app password", "bridge key")  # fmt: skip
SYSTEMS = ("Bugsnag", "Rollbar", "Particle", "Blynk", "ThingSpeak", "Webflow", "Etsy", "Railway", "Koyeb", "ConfigCat", "Shodan", "Esri")  # fmt: skip
PEOPLE = ("Wiremu", "Aroha", "Tevita", "Malia", "Sione", "Hemi", "Ngozi", "Farida", "Bartosz", "Lucía")
ENVS = ("BROKER_PASSWORD_FILE", "BUGSNAG_API_KEY", "PARTICLE_TOKEN", "WEBFLOW_TOKEN", "FIELD_APP_SECRET", "TARIFF_DB_PASSWORD", "KUMA_API_KEY", "R2_SECRET_ACCESS_KEY")  # fmt: skip
STATIONS = ("Kaipātiki", "Ōrākei", "Te Atatū", "Mangere Bridge", "Waiuku", "Huia")
VERSIONS = ("4.2.1", "4.3.0", "2.11.6", "1.0.9", "5.0.0-rc2")


def _prose(g: random.Random) -> Iterator[Row]:
    """Every distinct sentence the prose templates give with six draws of their fields."""
    seen: set[str] = set()
    for template in HELD7_PROSE:
        for _ in range(6):
            system = g.choice(SYSTEMS)
            fields = {
                "person": g.choice(PEOPLE),
                "person2": g.choice(PEOPLE),
                "thing": g.choice(THINGS),
                "n": g.choice((2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 30, 45, 90)),
                "port": g.choice((1883, 8883, 8086, 502, 20000, 4840, 9100)),
                "system": system,
                "system_l": system.lower(),
                "date": f"2026-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "ticket": f"{g.choice(('WTR', 'OPS', 'FLD', 'SHOP'))}-{g.randint(10, 4999)}",
                "env": g.choice(ENVS),
                "env2": g.choice(ENVS),
                "seed": g.choice((0, 3, 17, 99, 2026, 424242)),
                "sha": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha256": hashlib.sha256(g.randbytes(16)).hexdigest(),
                "hex4_u": _r(g, HEX_UP, 4),
                "hex8": _r(g, HEX, 8),
                "deveui": _r(g, HEX_UP, 16),
                "meter": f"{_r(g, UPPER, 3)}{g.randint(10_000_000, 99_999_999)}",
                "serial": f"SN-{_r(g, UPPER_NUM, 10)}",
                "order": f"#{g.randint(10_000, 99_999)}",
                "uuid": _uuid(g),
                "job": g.randint(100_000, 9_999_999),
                "hh": f"{g.randint(0, 23):02d}",
                "mm": f"{g.randint(0, 59):02d}",
                "station": g.choice(STATIONS),
                "level": f"{g.uniform(1.0, 9.0):.2f}",
                "cl": f"{g.uniform(0.2, 1.5):.2f}",
                "version": g.choice(VERSIONS),
                "algo": g.choice(("SHA-256", "Argon2id", "HMAC-SHA-512", "scrypt")),
                "lang": g.choice(("Māori", "Samoan", "Tongan", "Hindi", "Mandarin", "Spanish")),
                "mac": ":".join(_r(g, HEX, 2) for _ in range(6)),
                "b64_43": base64.b64encode(g.randbytes(32)).decode().rstrip("="),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


_ALONE = ("base64 in a data URI", "C byte array", "Python character list", "base85", "quoted-printable", "split over four quoted lines")  # fmt: skip


_SPLIT = Split(
    HALF,
    HELD7_FORMATS,
    HELD7_CONTEXTS,
    HELD7_LABELLED,
    HELD7_LABELLED_KINDS,
    HELD7_EVASIONS,
    _ALONE,
    HELD7_EVASION_CONTEXTS,
    HELD7_STATED,
    HELD7_VALUE_OF,
    _one_code,
    _prose,
    skipped=2,
    stride=3,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held7 split (deterministic for a seed): formats, evasions, stated credentials, prose."""
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
