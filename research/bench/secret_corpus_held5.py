"""A sixth split of the secret corpus, ``held5``: written by another engineer before round 7's changes, scored once.

``held4`` was read at the end of round 6, so it is a tuning split now. This split has its own seed, its own value
makers and its own templates, written from vendors' published token shapes and from how people paste credentials
while working, never from the scanner's rules, and in a voice of its own (a platform team's chat, runbooks and
dotfiles):

- ``format``: vendor tokens no earlier split names (observability, CI, package registries, payments, messaging,
  app frameworks, zero-trust networking, AI platforms: Honeybadger, Axiom, Coralogix, Checkly, UptimeRobot,
  Splunk HEC, crates.io, Packagist, Xata, Appwrite, Inngest, Trigger.dev, Modal, Liveblocks, Paddle, Mercury,
  WooCommerce, Ghost, Salesforce, Zoho, Matrix, Ably, Telnyx, Rancher, Portainer, YouTrack, Phabricator, Django,
  Laravel, Cloudflare Tunnel, Backblaze B2, Neptune, TeamCity and more); values inside config files (.env, YAML,
  INI, docker ``config.json``, netrc, kubeconfig, .git-credentials, composer ``auth.json``, wp-config.php,
  .pypirc, OpenVPN auth files, NetworkManager profiles, muttrc, msmtprc, Helm values, Kubernetes ``stringData``,
  systemd units); and command-line flags of real tools (``mysql -p`` glued, ``mysqldump --password``, psql
  connection URIs, ``curl -u``, ``sshpass -p``, ``htpasswd -b``, ``docker login -p``, ``sqlplus user/pass@``,
  ``ldapsearch -w``, ``xfreerdp /p:``, ``zip -P``, ``7z -p``, ``gpg --passphrase``, ``keytool -storepass``,
  ``lftp -u``, ``helm repo add --password``, ``rabbitmqctl add_user``, ``nmcli … wifi-sec.psk``, ``net use``,
  ``psexec -p``, ``influx -password``, ``svn --password``);
- ``evasion``: each format value again under an evasion written afresh (names distinct from every other split's):
  zero-width joiners, soft hyphens every third character, LRM/RLM marks, mixed Cyrillic and Greek look-alikes,
  full-width letters and digits, base64 piped to ``base64 -d``, JSON ``\\u`` escapes in upper-case hex, percent-
  encoding in lower-case hex, decimal HTML entities, a value split over three lines in a code span, spaced out with
  two spaces, groups of four joined by hyphens;
- ``stated``: passwords, PINs, passphrases, backup-code lists and security answers stated in 22 languages (Persian,
  Urdu, Hindi, Vietnamese, Thai, Indonesian, Polish, Greek, and English, German, French, Spanish, Portuguese,
  Italian, Russian, Ukrainian, Japanese, Chinese, Korean, Turkish, Arabic, Dutch), values made of words, of
  digits, mixed, and in the language's own script and digits;
- ``prose``: 500+ ordinary sentences that mention credentials in passing and hold none: password-policy docs,
  hashes and checksums, public keys, UUIDs, commit SHAs, cache keys, placeholders and variable references, ports
  after ``-p``, token lifetimes, rotation advice.

For a code list, ``secret`` is one code in the middle of the list (if any code survives, that one does too).
Rows are ``secret_rows.Row`` with ``half == "held5"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held5"
SEED = 5_2026_12_06_12
Maker = Callable[[random.Random], str]
LOWER = string.ascii_lowercase
DIGITS = string.digits


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _b64json(obj: dict[str, str]) -> str:
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()


def _neptune(g: random.Random) -> str:
    return _b64json({"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": _uuid(g)})


def _cf_tunnel(g: random.Random) -> str:
    return _b64json({"a": _r(g, HEX, 32), "t": _uuid(g), "s": base64.b64encode(g.randbytes(32)).decode()})


def _teamcity(g: random.Random) -> str:
    return "eyJ0eXAiOiAiVENWMiJ9." + _r(g, B64URL, 36) + "." + _r(g, B64URL, 48)


def _youtrack(g: random.Random) -> str:
    user = base64.b64encode(g.choice((b"root", b"svc-ci", b"lena.k"))).decode()
    serial = base64.b64encode(f"{g.randint(10, 99)}-{g.randint(1, 9)}".encode()).decode()
    return f"perm:{user}.{serial}.{_r(g, B62, 30)}"


# vendor tokens no other split names: (kind, maker)
HELD5_FORMATS: tuple[tuple[str, Maker], ...] = (
    ("Honeybadger API key", lambda g: "hbp_" + _r(g, B62, 36)),
    ("Axiom API token", lambda g: "xaat-" + _uuid(g)),
    ("Axiom personal token", lambda g: "xapt-" + _uuid(g)),
    ("Coralogix private key", lambda g: "cxtp_" + _r(g, B62, 30)),
    ("Checkly API key", lambda g: "cu_" + _r(g, HEX, 32)),
    ("UptimeRobot API key", lambda g: f"u{g.randint(1_000_000, 9_999_999)}-{_r(g, HEX, 24)}"),
    ("Splunk HEC header", lambda g: "Splunk " + _uuid(g)),
    ("crates.io token", lambda g: "cio" + _r(g, B62, 32)),
    ("Packagist user token", lambda g: "packagist_uat_" + _r(g, B62, 40)),
    ("Packagist org token", lambda g: "packagist_ort_" + _r(g, B62, 40)),
    ("Xata API key", lambda g: "xau_" + _r(g, B62, 37)),
    ("Appwrite API key", lambda g: "standard_" + _r(g, HEX, 256)),
    ("Inngest signing key", lambda g: "signkey-prod-" + _r(g, HEX, 64)),
    ("Trigger.dev secret key", lambda g: "tr_prod_" + _r(g, B62, 20)),
    ("Modal token secret", lambda g: "as-" + _r(g, B62, 22)),
    ("Liveblocks secret key", lambda g: "sk_prod_" + _r(g, B64URL, 44)),
    ("Paddle API key", lambda g: "pdl_live_apikey_" + _r(g, LOWER_NUM, 26) + "_" + _r(g, B62, 22) + "_" + _r(g, B62, 3)),
    ("Mercury API token", lambda g: "secret-token:mercury_production_wma_" + _r(g, B62, 40) + "_yrucrem"),
    ("WooCommerce consumer secret", lambda g: "cs_" + _r(g, HEX, 40)),
    ("Ghost Admin API key", lambda g: _r(g, HEX, 24) + ":" + _r(g, HEX, 64)),
    ("Salesforce access token", lambda g: "00D" + _r(g, B62, 12) + "!" + _r(g, B62 + ".", 96)),
    ("Zoho refresh token", lambda g: "1000." + _r(g, HEX, 32) + "." + _r(g, HEX, 32)),
    ("Matrix access token", lambda g: "syt_" + base64.b64encode(b"ops-bot").decode().rstrip("=") + "_" + _r(g, B62, 20) + "_" + _r(g, B62, 6)),
    ("Ably API key", lambda g: _r(g, B62, 6) + "." + _r(g, B62, 6) + ":" + _r(g, B64URL, 43)),
    ("Telnyx API key", lambda g: "KEY" + _r(g, HEX.upper()[:16], 32) + "_" + _r(g, B62, 22)),
    ("Rancher API token", lambda g: f"token-{_r(g, LOWER_NUM, 5)}:{_r(g, LOWER_NUM, 54)}"),
    ("Portainer access token", lambda g: "ptr_" + _r(g, B64URL, 43)),
    ("YouTrack permanent token", _youtrack),
    ("Phabricator Conduit token", lambda g: "api-" + _r(g, LOWER_NUM, 28)),
    ("Django secret key", lambda g: "django-insecure-" + _r(g, LOWER_NUM + "!@#%^&*(-_=+)", 50)),
    ("Laravel APP_KEY", lambda g: "base64:" + base64.b64encode(g.randbytes(32)).decode()),
    ("Cloudflare Tunnel token", _cf_tunnel),
    ("Backblaze B2 application key", lambda g: "K005" + _r(g, B62, 27)),
    ("Neptune API token", _neptune),
    ("TeamCity access token", _teamcity),
    ("Bluesky app password", lambda g: "-".join(_r(g, LOWER_NUM, 4) for _ in range(4))),
    ("WordPress application password", lambda g: " ".join(_r(g, B62, 4) for _ in range(6))),
    ("Headscale pre-auth key", lambda g: _r(g, HEX, 48)),
    ("Gitea access token", lambda g: _r(g, HEX, 40)),
    ("Pipedrive API token", lambda g: _r(g, HEX, 40)),
    ("Spotify client secret", lambda g: _r(g, HEX, 32)),
    ("Rails master key", lambda g: _r(g, HEX, 32)),
    ("Airflow Fernet key", lambda g: base64.urlsafe_b64encode(g.randbytes(32)).decode()),
    ("Convex deploy key", lambda g: f"prod:{g.choice(('happy', 'brave', 'quiet'))}-{g.choice(('otter', 'heron', 'lynx'))}-{g.randint(100, 999)}|" + _r(g, B64, 60) + "="),
    ("Razorpay key secret", lambda g: _r(g, B62, 24)),
    ("GoCardless live token", lambda g: "live_" + _r(g, B64URL, 40)),
    ("Lob live key", lambda g: "live_" + _r(g, HEX, 35)),
    ("Honeycomb ingest key", lambda g: "hcaik_01" + _r(g, LOWER_NUM, 50)),
    ("Semaphore API token", lambda g: _r(g, LOWER_NUM, 20)),
    ("Codecov upload token", _uuid),
    ("ngrok authtoken", lambda g: "2" + _r(g, B62, 26) + "_" + _r(g, B62, 21)),
    ("Cloudsmith API key", lambda g: _r(g, HEX, 40)),
    ("Mattermost personal token", lambda g: _r(g, LOWER_NUM, 26)),
    ("Auth0 client secret", lambda g: _r(g, B64URL, 64)),
    ("Keycloak client secret", lambda g: _r(g, B62, 32)),
    ("Hasura admin secret", lambda g: _r(g, B62, 48)),
    ("Segment write key", lambda g: _r(g, B62, 32)),
    ("Zendesk API token", lambda g: _r(g, B62, 40)),
    ("Together AI key", lambda g: _r(g, HEX, 64)),
    ("Cohere API key", lambda g: _r(g, B62, 40)),
)  # fmt: skip

# how a vendor token shows up: the key name people give it beside the value (same order as HELD5_FORMATS)
_NAMES = (
    "HONEYBADGER_API_KEY", "AXIOM_TOKEN", "AXIOM_TOKEN", "CORALOGIX_PRIVATE_KEY", "CHECKLY_API_KEY", "UPTIMEROBOT_API_KEY",
    "Authorization", "CARGO_REGISTRY_TOKEN", "PACKAGIST_TOKEN", "PACKAGIST_TOKEN", "XATA_API_KEY", "APPWRITE_API_KEY",
    "INNGEST_SIGNING_KEY", "TRIGGER_SECRET_KEY", "MODAL_TOKEN_SECRET", "LIVEBLOCKS_SECRET_KEY", "PADDLE_API_KEY",
    "MERCURY_TOKEN", "WC_CONSUMER_SECRET", "GHOST_ADMIN_API_KEY", "SF_ACCESS_TOKEN", "ZOHO_REFRESH_TOKEN",
    "MATRIX_ACCESS_TOKEN", "ABLY_API_KEY", "TELNYX_API_KEY", "RANCHER_TOKEN", "PORTAINER_TOKEN", "YOUTRACK_TOKEN",
    "CONDUIT_TOKEN", "DJANGO_SECRET_KEY", "APP_KEY", "TUNNEL_TOKEN", "B2_APPLICATION_KEY", "NEPTUNE_API_TOKEN",
    "TEAMCITY_TOKEN", "BSKY_APP_PASSWORD", "WP_APP_PASSWORD", "HEADSCALE_AUTHKEY", "GITEA_TOKEN", "PIPEDRIVE_API_TOKEN",
    "SPOTIFY_CLIENT_SECRET", "RAILS_MASTER_KEY", "AIRFLOW__CORE__FERNET_KEY", "CONVEX_DEPLOY_KEY", "RAZORPAY_KEY_SECRET",
    "GOCARDLESS_ACCESS_TOKEN", "LOB_API_KEY", "HONEYCOMB_API_KEY", "SEMAPHORE_API_TOKEN", "CODECOV_TOKEN",
    "NGROK_AUTHTOKEN", "CLOUDSMITH_API_KEY", "MM_TOKEN", "AUTH0_CLIENT_SECRET", "KEYCLOAK_CLIENT_SECRET",
    "HASURA_GRAPHQL_ADMIN_SECRET", "SEGMENT_WRITE_KEY", "ZENDESK_API_TOKEN", "TOGETHER_API_KEY", "CO_API_KEY",
)  # fmt: skip

# the sentence, line or file a vendor token sits in: {v} the value, {n} its key name
HELD5_CONTEXTS = (
    "{n}={v}",
    "ok the new {n} for the staging cluster is {v} — old one is revoked",
    "export {n}='{v}'",
    "  {n}: {v}",
    "pinging you the prod value in case vault is down again: {v}",
    '{{"{n}": "{v}"}}',
    "[secrets]\n{n} = {v}",
    "can you check if {v} still works? getting 401s",
    '- name: {n}\n  value: "{v}"',
    "set -x {n} {v}",
)

_WORD_BITS = (
    "cactus",
    "Lighthouse",
    "velcro",
    "Nimbus",
    "paprika",
    "Tundra",
    "biscuit",
    "Gondola",
    "mango",
    "Quokka",
    "tofu",
    "Zephyr",
)


def _picked(g: random.Random) -> str:
    """A password a person picks (words, a year, a symbol) or a generated one."""
    return g.choice(
        (
            g.choice(_WORD_BITS) + g.choice(("", "_", ".", "!")) + str(g.randint(1, 2031)),
            g.choice(_WORD_BITS).capitalize() + g.choice(_WORD_BITS) + g.choice(("$", "&", "#", "?")),
            _r(g, B62 + "@%+", g.randint(12, 20)),
            "-".join(g.sample(_WORD_BITS, 3)).lower(),
        )
    )


def _netrc_pass(g: random.Random) -> str:
    return _r(g, B62, 24)


def _kube_token(g: random.Random) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"RS256","kid":"k8s"}').decode().rstrip("=")
    body = (
        base64.urlsafe_b64encode(f'{{"sub":"system:serviceaccount:ci:{_r(g, LOWER, 6)}"}}'.encode())
        .decode()
        .rstrip("=")
    )
    return f"{head}.{body}.{_r(g, B64URL, 86)}"


def _docker_auth(g: random.Random) -> str:
    return base64.b64encode(f"ci-bot:{_picked(g)}".encode()).decode()


def _wp(g: random.Random) -> str:
    return _r(g, B62 + "!@#$%^&*()-_[]{}<>~+=,.;:/?|", 64).replace("'", "").replace("\\", "")


# values inside config files and tool command lines: (kind, template with {v}, maker)
HELD5_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    # config files
    (".env database password", "APP_ENV=production\nDB_HOST=pg-main.internal\nDB_USERNAME=app\nDB_PASSWORD={v}\nCACHE_DRIVER=redis", _picked),
    ("YAML nested password", "database:\n  host: mariadb.svc\n  port: 3306\n  user: reports\n  password: \"{v}\"\n  pool: 12", _picked),
    ("INI password", "[mail]\nserver = smtp.fastmail.com\nport = 465\nusername = alerts@ops.example\npassword = {v}", _picked),
    ("docker config.json auth", '{{\n  "auths": {{\n    "registry.gitlab.example:5050": {{\n      "auth": "{v}"\n    }}\n  }}\n}}', _docker_auth),
    ("netrc entry", "machine git.internal.example\n  login deploy\n  password {v}", _netrc_pass),
    ("kubeconfig user token", "users:\n- name: ci-deployer\n  user:\n    token: {v}", _kube_token),
    ("kubeconfig client-key-data", "users:\n- name: admin@prod\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJU\n    client-key-data: {v}", lambda g: "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo" + _r(g, B64, 120)),
    (".git-credentials line", "https://oauth2:{v}@gitlab.internal.example", lambda g: "glpat-" + _r(g, B64URL, 20)),
    ("composer auth.json", '{{"http-basic": {{"repo.packagist.com": {{"username": "token", "password": "{v}"}}}}}}', lambda g: _r(g, HEX, 40)),
    ("wp-config.php DB password", "define( 'DB_PASSWORD', '{v}' );", _wp),
    (".pypirc password", "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.internal.example/\nusername = uploader\npassword = {v}", _picked),
    ("OpenVPN auth file", "# /etc/openvpn/client/auth.txt\nvpnuser-0417\n{v}", _picked),
    ("NetworkManager psk", "[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}", _picked),
    ("muttrc imap_pass", 'set imap_user = "dana@mail.example"\nset imap_pass = "{v}"', _picked),
    ("msmtprc password", "account default\nhost smtp.mail.example\nuser backups\npassword {v}", _picked),
    ("Helm values password", "postgresql:\n  auth:\n    username: keycloak\n    password: {v}\n    database: keycloak", _picked),
    ("Kubernetes stringData", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: minio-creds\nstringData:\n  MINIO_ROOT_PASSWORD: {v}", _picked),
    ("systemd Environment", "[Service]\nEnvironment=RABBITMQ_DEFAULT_PASS={v}\nExecStart=/usr/sbin/rabbitmq-server", _picked),
    ("aws credentials file", "[ci]\naws_access_key_id = AKIA2E0A8F3B244C9986\naws_secret_access_key = {v}", lambda g: _r(g, B64, 40)),
    ("gradle.properties key", "signing.keyId=24875D73\nsigning.password={v}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg", _picked),
    ("docker-compose environment", "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: {v}", _picked),
    ("Django DATABASES", "DATABASES = {{'default': {{'ENGINE': 'django.db.backends.postgresql', 'NAME': 'shop', 'USER': 'shop', 'PASSWORD': '{v}', 'HOST': 'db'}}}}", _picked),
    # command lines of real tools
    ("mysql glued -p", "mysql -h 10.0.4.12 -u root -p{v} inventory < dump.sql", _picked),
    ("mysqldump --password", "mysqldump --user=backup --password={v} --single-transaction shop > shop.sql", _picked),
    ("psql connection URI", 'psql "postgresql://analyst:{v}@warehouse.internal:5432/metrics?sslmode=verify-full"', _picked),
    ("curl -u user:pass", "curl -sS -u admin:{v} -X POST https://grafana.internal/api/admin/provisioning/dashboards/reload", _picked),
    ("sshpass -p", "sshpass -p '{v}' ssh -o StrictHostKeyChecking=no pi@192.168.1.50", _picked),
    ("htpasswd -b", "htpasswd -bB /etc/nginx/.htpasswd grafana {v}", _picked),
    ("docker login -p", "docker login registry.internal.example -u ci -p {v}", _picked),
    ("sqlplus user/pass", "sqlplus system/{v}@//oracle-db:1521/ORCLPDB1", _picked),
    ("ldapsearch -w", 'ldapsearch -x -H ldaps://ldap.internal -D "cn=admin,dc=corp,dc=example" -w {v} -b "ou=people,dc=corp,dc=example"', _picked),
    ("xfreerdp /p:", "xfreerdp /v:jump-win01 /u:Administrator /p:{v} /cert:ignore", _picked),
    ("zip -P", "zip -r -P {v} payroll-2026-11.zip exports/", _picked),
    ("7z -p", "7z a -p{v} -mhe=on backup.7z /srv/data", _picked),
    ("gpg --passphrase", "gpg --batch --pinentry-mode loopback --passphrase '{v}' -d release.tar.gz.gpg", _picked),
    ("keytool -storepass", "keytool -list -keystore release.jks -storepass {v}", _picked),
    ("lftp -u user,pass", "lftp -u uploader,{v} sftp://files.partner.example", _picked),
    ("helm repo add --password", "helm repo add internal https://charts.internal.example --username ci --password {v}", _picked),
    ("rabbitmqctl add_user", "rabbitmqctl add_user telemetry {v}", _picked),
    ("nmcli wifi-sec.psk", 'nmcli con add type wifi ifname wlan0 con-name Lab ssid "Lab-5G" wifi-sec.key-mgmt wpa-psk wifi-sec.psk "{v}"', _picked),
    ("net use /user", r"net use Z: \\fileserver\finance /user:CORP\svc_sync {v}", _picked),
    ("psexec -p", r"psexec \\build-agent-07 -u CORP\builder -p {v} cmd /c ipconfig", _picked),
    ("influx -password", "influx -host metrics.internal -username grafana -password {v} -database telegraf", _picked),
    ("svn --password", "svn checkout https://svn.internal/repos/legacy --username jenkins --password {v} --non-interactive", _picked),
    ("git clone with token", "git clone https://x-access-token:{v}@github.com/acme/infra.git", lambda g: "ghs_" + _r(g, B62, 36)),
    ("redis URI in CLI", "redis-cli -u redis://default:{v}@cache.internal:6379/0 INFO", _picked),
)  # fmt: skip
HELD5_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD5_LABELLED)


# -- evasions, each a pure function of the value (secret_paths.py recomputes the evaded form) ---------------------

_LOOK = {"a": "а", "c": "с", "e": "е", "o": "ο", "p": "р", "x": "х", "y": "у", "i": "і", "A": "Α", "B": "Β", "E": "Ε", "H": "Η", "K": "Κ", "M": "Μ", "N": "Ν", "O": "Ο", "P": "Ρ", "T": "Τ", "X": "Χ", "Z": "Ζ"}  # fmt: skip


def _every(s: str, mark: str, step: int) -> str:
    return "".join(c + (mark if (i + 1) % step == 0 and i + 1 < len(s) else "") for i, c in enumerate(s))


def _fullwidth(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


def _three_lines(s: str) -> str:
    a, b = len(s) // 3, 2 * len(s) // 3
    return f"```\n{s[:a]}\n{s[a:b]}\n{s[b:]}\n```"


HELD5_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("zero-width joiner every 3", lambda s: _every(s, "\u200d", 3)),
    ("soft hyphen every 3", lambda s: _every(s, "\u00ad", 3)),
    ("LRM/RLM marks", lambda s: "".join(c + ("\u200e" if i % 2 else "\u200f") for i, c in enumerate(s)).rstrip("\u200e\u200f")),
    ("mixed Cyrillic and Greek", lambda s: "".join(_LOOK.get(c, c) for c in s)),
    ("full-width letters and digits", _fullwidth),
    ("base64 piped to base64 -d", lambda s: f"echo {base64.b64encode(s.encode()).decode()} | base64 -d"),
    ("JSON escapes, upper-case hex", lambda s: '"' + "".join(f"\\u{ord(c):04X}" for c in s) + '"'),
    ("percent-encoded, lower-case hex", lambda s: "".join(f"%{ord(c):02x}" for c in s)),
    ("decimal HTML entities", lambda s: "".join(f"&#{ord(c)};" for c in s)),
    ("split over three lines in a code span", _three_lines),
    ("spaced out by two", lambda s: "  ".join(s)),
    ("groups of four, hyphenated", lambda s: "-".join(s[i : i + 4] for i in range(0, len(s), 4))),
)  # fmt: skip
_LINES = "split over three lines in a code span"  # a value broken over lines is pasted on its own
HELD5_EVASION_CONTEXTS = (
    "copying it from the old wiki page: {v}",
    "KEY = {v}",
    "decode this and use it: {v}",
    "the value (don't ask why it looks weird): {v}",
    "{v}",
)


# -- stated credentials --------------------------------------------------------------------------------------------

_LATIN_WORDS = (
    "pisang",
    "kucing",
    "Sunrise",
    "tiger",
    "Mariposa",
    "kotek",
    "ombrello",
    "Lua",
    "dragon",
    "Boulanger",
    "hoa",
    "elefant",
)
_NATIVE = {
    "fa": ("ماهی‌قرمز", "آسمان", "گلابی"),
    "ur": ("چاند", "بادل", "ستارہ"),
    "hi": ("सूरज", "तितली", "बादल"),
    "el": ("θάλασσα", "ελιά", "κουκουβάγια"),
    "th": ("มะม่วง", "ช้าง", "ทะเล"),
    "ru": ("черёмуха", "самовар", "лисица"),
    "uk": ("соняшник", "вишня", "калина"),
    "ar": ("قمر", "زيتون", "نخلة"),
    "ja": ("さくら", "ねこ", "ふじさん"),
    "zh": ("熊猫", "长城", "月亮"),
    "ko": ("바다", "고양이", "하늘"),
}
_LOCAL_DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹", "ur": "۰۱۲۳۴۵۶۷۸۹", "hi": "०१२३४५६७८९", "th": "๐๑๒๓๔๕๖๗๘๙", "ar": "٠١٢٣٤٥٦٧٨٩"}


def _value(g: random.Random, language: str) -> str:
    """A stated password: words, digits, mixed, or in the language's own script (and digits)."""
    shape = g.randrange(5)
    if shape == 0:
        return " ".join(g.sample(_LATIN_WORDS, 3)).lower()
    if shape == 1:
        return str(g.randint(10_000_000, 9_999_999_999))
    if shape == 2:
        return (
            g.choice(_LATIN_WORDS) + g.choice(("", "-", "_", "@")) + str(g.randint(10, 9999)) + g.choice(("", "!", "*"))
        )
    if shape == 3 and language in _NATIVE:
        number = str(g.randint(10, 1999))
        digits = _LOCAL_DIGITS.get(language)
        if digits and g.random() < 0.5:
            number = "".join(digits[int(c)] for c in number)
        return g.choice(_NATIVE[language]) + number
    return _r(g, B62, g.randint(9, 14))


def _pin(g: random.Random, language: str) -> str:
    del language
    return str(g.randint(0, 10**8 - 1)).zfill(g.choice((4, 4, 6, 8)))


def _codes(g: random.Random, language: str) -> str:
    del language
    style = g.randrange(3)
    n = g.choice((5, 8, 10))
    if style == 0:
        items = [f"{g.randint(0, 9999):04d} {g.randint(0, 9999):04d}" for _ in range(n)]
        return "\n".join(f"{i + 1}. {c}" for i, c in enumerate(items))
    if style == 1:
        return ", ".join(f"{_r(g, LOWER_NUM, 5)}-{_r(g, LOWER_NUM, 5)}" for _ in range(n))
    return " | ".join(_r(g, UPPER_NUM, 8) for _ in range(n))


def _answer(g: random.Random, language: str) -> str:
    del language
    return g.choice(
        ("Whiskers", "Rotterdam", "Okonkwo", "blue Fiat Panda", "Mrs Abernathy", "Tbilisi", "Lollipop", "Fenwick Road")
    )


def _phrase(g: random.Random, language: str) -> str:
    del language
    words = (
        "cradle",
        "pumpkin",
        "radar",
        "tissue",
        "oyster",
        "vivid",
        "wander",
        "gospel",
        "jungle",
        "lawsuit",
        "mercy",
        "napkin",
        "ozone",
        "pilot",
        "quiz",
        "rhythm",
    )
    return " ".join(g.choice(words) for _ in range(g.choice((12, 24))))


# (kind, language, templates): phrasings of this split
HELD5_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "fa", ("رمز عبور وای‌فای خونه {v} هست", "پسورد ایمیل شرکت: {v}", "رمز ورود به سرور رو گذاشتم {v}", "گذرواژه‌ی حساب بانکی من {v} است")),
    ("PIN", "fa", ("رمز کارت بانکی‌ام {v} است", "پین گوشی: {v}")),
    ("password", "ur", ("میرا پاس ورڈ {v} ہے", "وائی فائی کا پاس ورڈ: {v}", "ای میل کا پاس ورڈ بدل کر {v} کر دیا")),
    ("PIN", "ur", ("اے ٹی ایم پن {v} ہے", "پن کوڈ: {v}")),
    ("password", "hi", ("मेरा पासवर्ड {v} है", "वाईफाई का पासवर्ड: {v}", "सर्वर का पासवर्ड बदलकर {v} कर दिया है")),
    ("PIN", "hi", ("एटीएम पिन {v} है", "फोन का पिन: {v}")),
    ("backup codes", "hi", ("बैकअप कोड:\n{v}",)),
    ("password", "vi", ("Mật khẩu wifi nhà mình là {v}", "mật khẩu email công ty: {v}", "đổi mật khẩu máy chủ thành {v} rồi nhé")),
    ("PIN", "vi", ("mã PIN thẻ ngân hàng là {v}", "mã mở khóa điện thoại: {v}")),
    ("backup codes", "vi", ("mã dự phòng của tài khoản Google: {v}",)),
    ("password", "th", ("รหัสผ่านไวไฟคือ {v}", "รหัสผ่านอีเมลบริษัท: {v}", "เปลี่ยนรหัสผ่านเซิร์ฟเวอร์เป็น {v} แล้วนะ")),
    ("PIN", "th", ("รหัส PIN บัตร ATM คือ {v}",)),
    ("password", "id", ("Kata sandi wifi kantor: {v}", "password email saya {v}", "sandi server sudah diganti jadi {v}")),
    ("PIN", "id", ("PIN ATM saya {v}", "pin hp: {v}")),
    ("backup codes", "id", ("kode cadangan 2FA:\n{v}",)),
    ("password", "pl", ("Hasło do wifi to {v}", "hasło do poczty firmowej: {v}", "zmieniłem hasło do serwera na {v}")),
    ("PIN", "pl", ("PIN do karty: {v}", "kod do domofonu to {v}")),
    ("backup codes", "pl", ("kody zapasowe do konta:\n{v}",)),
    ("password", "el", ("Ο κωδικός του wifi είναι {v}", "κωδικός πρόσβασης email: {v}", "άλλαξα τον κωδικό του server σε {v}")),
    ("PIN", "el", ("το PIN της κάρτας είναι {v}",)),
    ("password", "en", (
        "the wifi at the cabin is {v}, network name is Loft",
        "login for the shared Figma seat: design@acme.example / {v}",
        "Grafana admin creds are admin and {v} until someone sets up SSO",
        "I reset the router admin password to {v}",
        "Netflix password (for the office TV): {v}",
        "pw for the label printer web UI -> {v}",
    )),
    ("PIN", "en", ("alarm disarm code is {v}", "the lockbox by the back door opens with {v}", "SIM PIN: {v}")),
    ("passphrase", "en", ("ssh key passphrase is {v}", "the LUKS passphrase on the laptop: {v}", "keepass master passphrase - {v}")),
    ("backup codes", "en", ("Okta recovery codes, print these:\n{v}", "AWS root MFA backup codes {v}", "saving my Bitwarden recovery codes here: {v}")),
    ("security answer", "en", ("security question 'first pet' answer: {v}", "for the telco account the memorable word is {v}", "bank asks for my favourite teacher: {v}")),
    ("seed phrase", "en", ("ledger recovery words: {v}", "mnemonic for the hot wallet -> {v}")),
    ("password", "de", ("Das WLAN-Passwort lautet {v}", "Kennwort fürs Mailkonto: {v}", "hab das Serverpasswort auf {v} geändert")),
    ("PIN", "de", ("Die Geheimzahl meiner EC-Karte ist {v}",)),
    ("backup codes", "de", ("Wiederherstellungscodes:\n{v}",)),
    ("password", "fr", ("Le mot de passe du wifi c'est {v}", "mdp de la boîte mail : {v}", "j'ai changé le mot de passe du serveur en {v}")),
    ("PIN", "fr", ("le code de la carte bleue est {v}",)),
    ("password", "es", ("La contraseña del wifi es {v}", "clave del correo: {v}", "cambié la contraseña del servidor a {v}")),
    ("PIN", "es", ("el PIN de la tarjeta es {v}",)),
    ("password", "pt", ("A senha do wifi é {v}", "senha do e-mail: {v}", "troquei a senha do servidor para {v}")),
    ("PIN", "pt", ("a senha do cartão é {v}",)),
    ("password", "it", ("La password del wifi è {v}", "password della posta: {v}", "ho cambiato la password del server in {v}")),
    ("PIN", "it", ("il PIN del bancomat è {v}",)),
    ("password", "ru", ("Пароль от вайфая: {v}", "пароль от почты {v}", "поменял пароль на сервере на {v}")),
    ("PIN", "ru", ("ПИН-код карты {v}",)),
    ("password", "uk", ("Пароль до wifi: {v}", "мій пароль від пошти {v}")),
    ("password", "ja", ("Wi-Fiのパスワードは{v}です", "メールのパスワード：{v}", "サーバーのパスワードを{v}に変えました")),
    ("PIN", "ja", ("キャッシュカードの暗証番号は{v}",)),
    ("password", "zh", ("WiFi密码是{v}", "邮箱密码：{v}", "服务器密码改成{v}了")),
    ("PIN", "zh", ("银行卡密码是{v}",)),
    ("password", "ko", ("와이파이 비번은 {v}", "이메일 비밀번호: {v}", "서버 비밀번호를 {v}로 바꿨어요")),
    ("PIN", "ko", ("카드 비밀번호는 {v}",)),
    ("password", "tr", ("Wifi şifresi {v}", "e-posta parolam: {v}", "sunucu şifresini {v} yaptım")),
    ("PIN", "tr", ("kart şifresi {v}",)),
    ("password", "ar", ("كلمة مرور الواي فاي هي {v}", "كلمة السر للبريد: {v}", "غيرت كلمة مرور السيرفر إلى {v}")),
    ("PIN", "ar", ("الرقم السري للبطاقة {v}",)),
    ("password", "nl", ("Het wifi-wachtwoord is {v}", "wachtwoord van de mail: {v}")),
    ("PIN", "nl", ("pincode van de pas: {v}",)),
)  # fmt: skip
HELD5_VALUE_OF: dict[str, Callable[[random.Random, str], str]] = {
    "password": _value,
    "PIN": _pin,
    "passphrase": _value,
    "backup codes": _codes,
    "security answer": _answer,
    "seed phrase": _phrase,
}


def _one_code(codes: str) -> str:
    """The code in the middle of a list (``1. 1234 5678`` lines, ``, `` or `` | `` separated)."""
    if "\n" in codes:
        items = [line.split(". ", 1)[1] for line in codes.splitlines()]
    elif " | " in codes:
        items = codes.split(" | ")
    else:
        items = codes.split(", ")
    return items[len(items) // 2]


# -- ordinary sentences ------------------------------------------------------------------------------------------

HELD5_PROSE = (
    # password policy and docs
    "Passwords must be at least {n} characters and may contain any Unicode character.",
    "We dropped the rule that forced a password change every {n} days; NIST 800-63B advises against it.",
    "The password field accepts spaces, so passphrases work.",
    "Password reset links expire after {n} minutes.",
    "Accounts lock for {n} minutes after five wrong passwords.",
    "Store password hashes with argon2id, never the password itself.",
    "The login form shows 'wrong username or password' for both cases on purpose.",
    "{person} is writing the doc on how we rotate the {system} API key.",
    "Rotate the {system} API key monthly and note the date in the runbook.",
    "The {thing} for {system} lives in Vault under secret/{system_l}/prod, ask {person} for access.",
    "Never paste a {thing} into Slack; use a one-time secret link instead.",
    "If a {thing} leaks, revoke it first and investigate second.",
    "The {system} token endpoint returns expires_in {n}00 seconds.",
    "Access tokens live {n} minutes and refresh tokens {n} days.",
    "PIN entry on the kiosk times out after {n} seconds.",
    "The password manager audit flagged {n} reused passwords across the team.",
    "Backup codes for the shared admin account are in the safe, not in any file.",
    "We print new recovery codes when someone loses their phone.",
    "{person} asked whether the Wi-Fi password could be shorter for the guests.",
    "The guest Wi-Fi password changes every Monday; reception hands it out.",
    "Security questions are disabled for new accounts.",
    "Our gateway expects the key in an X-Api-Key header; Authorization is ignored.",
    "Tokens are scoped per project; a {system} token cannot read another project.",
    "Set PGPASSWORD from the secret store, never inline in the cron line.",
    "The CI masks any variable whose name ends in _TOKEN or _PASSWORD.",
    "Use a deploy key with read-only access for the {system} mirror.",
    "Our password hashing cost is {n} iterations on the old cluster.",
    # placeholders and references
    "DB_PASSWORD=${{DB_PASSWORD}} in the compose file reads it from the environment.",
    'export {system_u}_API_KEY="$(vault kv get -field=key secret/{system_l})"',
    "password: <your-password-here>",
    'api_key = os.environ["{system_u}_API_KEY"]',
    "token: {{{{ secrets.{system_u}_TOKEN }}}}",
    "Replace YOUR_API_KEY with the key from the {system} dashboard.",
    "The example config uses password: changeme and the installer refuses to start with it.",
    "SECRET_KEY is read from /run/secrets/app_secret at startup.",
    "Add the token with gh secret set {system_u}_TOKEN, don't commit it.",
    "In .env.example every value is empty: {system_u}_TOKEN=",
    "The kubeconfig uses an exec plugin, so there is no token in the file.",
    "Our .netrc only has machine and login lines; passwords come from the keychain.",
    # hashes, checksums, ids
    "sha256sum of the release tarball: {sha256}",
    "The artifact's checksum is {sha256}, verify it before installing.",
    "md5 of the old backup was {md5}; the new one matches.",
    "Fixed in commit {sha}.",
    "Revert {sha7} if the build breaks again.",
    "The merge base is {sha}, rebase onto it.",
    "Cache key: node-modules-{sha256}",
    "Cache key for the build is pip-{os}-{hex16}.",
    "restore-keys: gradle-{os}-{hex24}",
    "The request id in the logs was {uuid}.",
    "Tenant {uuid} is the one that hit the quota.",
    "Trace {hex32} shows the slow span in the {system} call.",
    "The Docker image digest is sha256:{sha256}.",
    'ETag "{hex32}" means the object did not change.',
    "The idempotency key we send is the order UUID, {uuid}.",
    "Job {uuid} failed on step {n}.",
    "The ssh host key fingerprint is SHA256:{b64_43}.",
    "Our public deploy key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64_43} deploy@ci",
    "The GPG key id for releases is {hex16_u}.",
    "The password hash in the fixture is $argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG for the string 'password', it's a test vector.",
    "bcrypt hashes start with $2b$ followed by the cost, {n} in our case.",
    "The JWT header eyJhbGciOiJIUzI1NiJ9 just says HS256.",
    "The public key for webhook signatures is published at https://{system_l}.example/.well-known/jwks.json.",
    "minisign public key: RW{b64_40}",
    "Build {n}{n} produced checksum {hex32}.",
    "The license key format is XXXX-XXXX-XXXX, support can reissue it.",
    # command lines and config that hold nothing secret
    "psql -h db.internal -p 5432 -U readonly analytics",
    "mysql -h 10.0.4.12 -P 3306 -u reader -p  (it prompts for the password)",
    "ssh -p {port} deploy@bastion.internal",
    "docker run -p {port}:{port} -e LOG_LEVEL=debug app:latest",
    'curl -u "$USER" https://jenkins.internal/api/json prompts for the password.',
    "redis-cli -h cache.internal -p 6379 --askpass",
    "sshpass -e ssh pi@192.168.1.50 reads SSHPASS from the environment.",
    "htpasswd -B /etc/nginx/.htpasswd grafana asks twice for the password.",
    "docker login registry.internal.example --password-stdin < token.txt",
    "git clone git@github.com:acme/infra.git",
    "kubectl create secret generic db --from-file=password=./password.txt",
    "mysqldump --defaults-extra-file=/etc/backup/my.cnf shop > shop.sql",
    "zip -e asks for the password interactively.",
    "gpg --decrypt release.tar.gz.gpg prompts through pinentry.",
    "keytool -list -keystore release.jks asks for the store password.",
    "The password flag for influx is -password, but we use the INFLUX_PASSWORD variable.",
    "sqlplus /nolog then connect, so the password never hits the shell history.",
    "password_file: /etc/app/db.pass",
    "auth_basic_user_file /etc/nginx/.htpasswd;",
    'token_path = "/var/run/secrets/kubernetes.io/serviceaccount/token"',
    "PasswordAuthentication no",
    "security.protocol=SASL_SSL and sasl.mechanism=SCRAM-SHA-512 in the client config.",
    # chat in passing
    "lol {person} typed the password into the username field again",
    "{person} finally set up a password manager, only took three years",
    "anyone know why the {system} token keeps expiring after {n} minutes?",
    "I'll rotate the {thing} after the demo, remind me",
    "the {system} login page is down, not a password problem",
    "we should move the {thing} out of the repo before the audit",
    "{person}: is the new {thing} in vault yet? {person2}: yes, same path as before",
    "{person} is on leave until {date}, ask {person2} for the {system} access",
    "my phone died so I used a backup code, need new ones",
    "the password reset email went to spam for {person}",
    "who owns the {system} service account? it has no password expiry",
    "2FA on {system} is mandatory from {date}",
    "the keypad PIN on the server room door was changed, ask facilities",
    "{person2} wants the API key length bumped to 48 characters",
    "please don't share your {system} PIN with the contractors",
    # more docs, reviews and runbooks that talk about credentials without holding one
    "The {system} integration authenticates with OAuth 2.0 client credentials; the secret is in the vault.",
    "{person} reviewed the PR that moves the {thing} from env vars to the secret store.",
    "Secret scanning runs on every push and blocks the merge if it finds a {thing}.",
    "The {system} webhook is verified with an HMAC-SHA256 signature in the X-Signature header.",
    "Session cookies are HttpOnly, Secure and SameSite=Lax; they expire after {n} hours.",
    "We hash API keys with SHA-256 before storing them and show only the last 4 characters.",
    "The admin page shows tokens as {system_l}_****{hex4}, the rest is never displayed again.",
    "Token prefixes let the scanner recognise our keys: ours start with cl_live_ followed by 32 characters.",
    "A leaked {thing} costs us about {n} hours of rotation work across services.",
    "The {system} service account's key expires on {date}; {person} set a calendar reminder.",
    "Password spraying against the VPN was blocked by the rate limiter, {n} attempts a minute.",
    "mTLS replaced shared passwords between the {system} workers.",
    "The vault unseal ceremony needs {n} of 5 key holders in the room.",
    "The break-glass account's password is split between two envelopes in the safe.",
    "{person} generated a new SSH key pair; the public half is on the bastion.",
    "Key rotation for {system} is automated by the {system_l}-rotator job every {n} days.",
    "We moved from long-lived {system} tokens to OIDC federation in CI.",
    "The {thing} in the screenshot was already revoked, {person} checked.",
    "Read the password policy in the handbook, section {n}.",
    "The PIN pad firmware update resets nothing, the PINs stay.",
    "A 6-digit TOTP code is valid for 30 seconds, so don't paste it in tickets.",
    "The audit asked how many people can read the {system} API key; the answer is {n}.",
    "Our internal CA's root certificate fingerprint is SHA256:{hex32}.",
    "The TLS certificate for {system_l}.internal expires on {date}.",
    "RSA public exponent is 65537, as usual.",
    "The commit {sha7} removed a hardcoded test password from the fixtures.",
    "Renovate opened PR #{n}{n}{n} to bump the secrets SDK.",
    "The checksum file lists {sha256}  app-{n}.{n}.tar.gz",
    "Object key uploads/{uuid}/avatar.png belongs to a deleted user.",
    "The feature flag {system_l}_new_login_flow is on for {n}% of users.",
    "{person} asked if the WiFi password is on the fridge; it is not, ask {person2}.",
    "Nobody remembers the router admin password, we'll factory reset it on {date}.",
    "The shared drive is encrypted; the recovery key is held by IT.",
    "Please use passphrases of four or more random words for the laptops.",
    "The login throttle uses the username hash {hex16} as the bucket key.",
    "Argon2 parameters are m={n}4 MiB, t=3, p=1 on the auth service.",
    "We store the salt next to the hash, that's fine and expected.",
    "Base64 of the string 'hello world' is aGVsbG8gd29ybGQ=, handy for testing the decoder.",
    "The sample Authorization header in the docs is Bearer <token>.",
    "{person2} will demo the new secret-sharing tool on {date}.",
    "Token revocation takes effect within {n} seconds across regions.",
    "The API returns 401 for a missing key and 403 for a key without the scope.",
    "Keys created before {date} have no expiry; we'll expire them in Q{n}.",
    "{person} renamed the {system} secret from API_KEY to {system_u}_API_KEY.",
    "Passwords are never logged; the logger redacts any field named password or token.",
    # everyday memory, nothing about credentials
    "{person} moved the {system} retro to Thursdays.",
    "The {system} upgrade took {n} minutes of downtime.",
    "{person} prefers tabs; {person2} prefers spaces.",
    "The staging cluster has {n} nodes now.",
    "Standup is at 9:{n}0 on Mondays.",
    "{person} is the incident commander this week.",
    "We use port {port} for the admin UI on staging.",
    "The {system} invoice is paid by the platform budget.",
    "Deploys freeze from {date} to the new year.",
    "The office on the {n}th floor has the good coffee machine.",
)

THINGS = (
    "password",
    "API key",
    "token",
    "PIN",
    "passphrase",
    "client secret",
    "webhook secret",
    "recovery code",
    "service account key",
    "SSH key",
)
SYSTEMS = (
    "Grafana",
    "Jenkins",
    "Sentry",
    "Stripe",
    "Okta",
    "Airflow",
    "Kafka",
    "Snowflake",
    "PagerDuty",
    "Datadog",
    "Zendesk",
    "Twilio",
)
PEOPLE = ("Amara", "Bjorn", "Camila", "Darius", "Elif", "Farid", "Gwen", "Hamid", "Isla", "Joon")
OSES = ("Linux", "macOS", "Windows")


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for template in HELD5_PROSE:
        for _ in range(6):
            system = g.choice(SYSTEMS)
            fields = {
                "person": g.choice(PEOPLE),
                "person2": g.choice(PEOPLE),
                "thing": g.choice(THINGS),
                "n": g.choice((2, 3, 4, 5, 6, 8, 10, 12, 15, 30)),
                "port": g.choice((2222, 8080, 8443, 9000, 3000, 5601)),
                "system": system,
                "system_l": system.lower(),
                "system_u": system.upper(),
                "date": f"2027-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "sha": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha256": hashlib.sha256(g.randbytes(16)).hexdigest(),
                "md5": hashlib.md5(g.randbytes(16)).hexdigest(),
                "hex32": _r(g, HEX, 32),
                "hex24": _r(g, HEX, 24),
                "hex16": _r(g, HEX, 16),
                "hex16_u": _r(g, HEX, 16).upper(),
                "hex4": _r(g, HEX, 4),
                "uuid": _uuid(g),
                "b64_43": base64.b64encode(g.randbytes(32)).decode().rstrip("="),
                "b64_40": base64.b64encode(g.randbytes(30)).decode(),
                "os": g.choice(OSES),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held5 split (deterministic for a seed): formats, evasions, stated credentials, prose."""
    g = random.Random(seed)
    formats: list[Row] = []
    for f_index, (kind, make) in enumerate(HELD5_FORMATS):
        for k in range(3):
            value = make(g)
            context = HELD5_CONTEXTS[(f_index * 3 + k) % len(HELD5_CONTEXTS)]
            formats.append(Row(HALF, "format", kind, context.format(v=value, n=_NAMES[f_index]), value))
    for kind, template, make in HELD5_LABELLED:
        for _ in range(3):
            value = make(g)
            formats.append(Row(HALF, "format", kind, template.format(v=value), value))
    out = list(formats)
    for index, row in enumerate(formats):
        if "\n" in row.secret or " " in row.secret or index % 3 == 2:  # two of each kind's three values are evaded
            continue
        for e_index, (name, evade) in enumerate(HELD5_EVASIONS):
            if (index + index // 3 + e_index) % 3:  # a third of the evasions per value, each evasion in turn
                continue
            evaded = evade(row.secret)
            if name != _LINES and (row.kind in HELD5_LABELLED_KINDS or (index // 2 + e_index) % 3):
                text = row.text.replace(row.secret, evaded)
            else:
                text = HELD5_EVASION_CONTEXTS[(index + e_index) % len(HELD5_EVASION_CONTEXTS)].format(v=evaded)
            out.append(Row(HALF, "evasion", f"evasion: {name}", text, row.secret))
    for kind, language, templates in HELD5_STATED:
        for template in templates:
            for _ in range(2):
                value = HELD5_VALUE_OF[kind](g, language)
                secret = _one_code(value) if kind == "backup codes" else value
                out.append(Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), secret))
    out += list(_prose(g))
    return out


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
