"""A seventh split of the secret corpus, ``held6``: written by another engineer before stop 39's changes, scored once.

``held5`` was read at the end of stop 38, so it is a tuning split now. This split has its own seed, its own value
makers and its own templates, written from vendors' published token shapes (prefix, alphabet and length as each
vendor documents or shows them; random bodies) and from how people paste credentials while they work, never from
the scanner's rules, in a voice of its own (research computing, notebooks, data science, small web shops, a
university's IT runbooks):

- ``format``: vendor tokens no earlier split names (AI and search APIs: Tavily, Firecrawl, E2B, LlamaCloud, Jina,
  Exa, AssemblyAI, Stability, RunPod, Vast.ai, Amazon Bedrock API keys; research platforms: Kaggle, Comet, ClearML,
  Roboflow, Zenodo, Figshare, Dataverse; registries: Quay robots, Harbor robots; realtime and collaboration: PubNub,
  Miro, Webex, Pinterest, VK, Mapillary, LiveKit; feature flags: Statsig, Flagsmith, Unleash; databases:
  CockroachDB Cloud, Fauna, Tinybird; payments: Adyen, Checkout.com, PayPal, Kraken, Cal.com, Courier, Mailersend,
  ImageKit, Exoscale and more), each in a line of the shell, a notebook, R, Julia, PowerShell, a table or chat;
  credentials inside config files no earlier split uses (``kaggle.json``, ``duo.conf``, ``zuliprc``, ``ovh.conf``,
  ``.s3cfg``, ``rclone.conf``, ``.condarc`` channel tokens, ``pip.conf``, ``.yarnrc.yml``, ``NuGet.Config``, sbt
  credentials, FileZilla ``sitemanager.xml``, FreeRADIUS ``clients.conf``, ``ipsec.secrets``, keepalived, HAProxy
  ``stats auth``, Postfix ``sasl_passwd``, a Dovecot passwd-file, Asterisk ``sip.conf``, ``rsyncd.secrets``, Icecast,
  Windows ``unattend.xml``, cloud-init ``chpasswd``, a Kickstart ``rootpw``, a Dockerfile ``ENV``, a GitHub Actions
  ``with: password``) and command lines of tools no earlier split uses (``cqlsh -p``, ``cypher-shell -p``,
  ``clickhouse-client --password``, ``vsql -w``, ``db2 connect … using``, ``beeline -p``, ``mount -t cifs -o
  password=``, ``aria2c --http-passwd``, ``racadm -p``, ``az login -p``, ``oc login -p``, ``argocd login
  --password``, ``x11vnc -passwd``, ``cmdkey /pass:``, ``schtasks /RP``, PowerShell ``ConvertTo-SecureString
  -AsPlainText``, ``ansible-playbook -e ansible_password=``, ``kubectl --token=``, ``ibmcloud login --apikey``,
  ``teleport start --token=``, ``netbird up --setup-key``);
- ``evasion``: each single-line value again under an evasion of its own (names distinct from every other split's):
  ZWNJ every 4, Mongolian vowel separators, hair spaces, mathematical monospace, Lisu and small-capital look-alikes,
  hex through ``xxd -r -p``, reversed through ``rev``, ROT13 through ``tr``, bash ANSI-C octal escapes, JavaScript
  ``String.fromCharCode``, an empty HTML comment every 6 characters, halves in two code spans;
- ``stated``: passwords, PINs, passphrases, safe combinations, FileVault-style recovery keys, master passwords,
  backup-code lists and security answers stated in languages no earlier split uses (Cantonese, Traditional
  Chinese, Javanese, Sundanese, Cebuano, Haitian Creole, Luxembourgish, Scottish Gaelic, Māori, Yoruba, Igbo,
  Xhosa, Kurmanji and Sorani Kurdish, Kyrgyz, Tatar, Turkmen, Malagasy, Kinyarwanda, Faroese, West Frisian,
  Yiddish, Hinglish and Arabizi in Latin letters) and in English, German, French, Spanish and Japanese phrasings of
  its own; values made of words, digits, mixed, and in the language's own script;
- ``prose``: 500+ ordinary sentences that mention credentials in passing and hold none: password-policy text,
  markdown headings and bullets ("**Password managers**:"), recipes and seed packets, random seeds, hashes, DOIs,
  ORCIDs, UUIDs, job ids, placeholders and variable references, ports and versions, module names, sbatch lines.

For a code list, ``secret`` is one code in the middle of the list (if any code survives, that one does too).
Rows are ``secret_rows.Row`` with ``half == "held6"``.
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import codecs
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held6"
SEED = 7_2026_12_06_14
Maker = Callable[[random.Random], str]
DIGITS = string.digits
BASE32_UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


def _bedrock(g: random.Random) -> str:
    inner = f"BedrockAPIKey-{_r(g, LOWER_NUM, 4)}-at-{g.randint(10**11, 10**12 - 1)}:{_r(g, B64, 56)}"
    return "ABSK" + base64.b64encode(inner.encode()).decode()


def _tinybird(g: random.Random) -> str:
    body = base64.urlsafe_b64encode(json.dumps({"u": _uuid(g), "id": _uuid(g), "host": "gcp-europe-west3"}).encode())
    return "p." + body.decode().rstrip("=") + "." + _r(g, B64URL, 43)


def _webex(g: random.Random) -> str:
    return _r(g, B62, 64) + "_PF84_" + _uuid(g)


def _adyen(g: random.Random) -> str:
    return "AQE" + _r(g, B62, 3) + "hmfx" + _r(g, B64, 120) + "=-" + _r(g, B64, 44) + "=-" + _r(g, B62, 12)


# vendor tokens no other split names: (kind, key name people give it, maker)
HELD6_FORMATS: tuple[tuple[str, str, Maker], ...] = (
    ("Tavily API key", "TAVILY_API_KEY", lambda g: g.choice(("tvly-", "tvly-dev-", "tvly-prod-")) + _r(g, B62, 32)),
    ("Firecrawl API key", "FIRECRAWL_API_KEY", lambda g: "fc-" + _r(g, HEX, 32)),
    ("E2B API key", "E2B_API_KEY", lambda g: "e2b_" + _r(g, HEX, 40)),
    ("LlamaCloud API key", "LLAMA_CLOUD_API_KEY", lambda g: "llx-" + _r(g, B62, 48)),
    ("Jina AI key", "JINA_API_KEY", lambda g: "jina_" + _r(g, HEX, 32) + _r(g, B62, 28)),
    ("Exa API key", "EXA_API_KEY", _uuid),
    ("AssemblyAI key", "ASSEMBLYAI_API_KEY", lambda g: _r(g, HEX, 32)),
    ("Stability AI key", "STABILITY_API_KEY", lambda g: "sk-" + _r(g, B62, 48)),
    ("RunPod API key", "RUNPOD_API_KEY", lambda g: "rpa_" + _r(g, UPPER_NUM, 44)),
    ("Vast.ai API key", "VAST_API_KEY", lambda g: _r(g, HEX, 64)),
    ("Amazon Bedrock API key", "AWS_BEARER_TOKEN_BEDROCK", _bedrock),
    ("Comet ML API key", "COMET_API_KEY", lambda g: _r(g, B62, 25)),
    ("ClearML secret key", "CLEARML_API_SECRET_KEY", lambda g: _r(g, B62, 50)),
    ("Roboflow API key", "ROBOFLOW_API_KEY", lambda g: _r(g, B62, 20)),
    ("Zenodo access token", "ZENODO_TOKEN", lambda g: _r(g, B62, 60)),
    ("Figshare personal token", "FIGSHARE_TOKEN", lambda g: _r(g, HEX, 128)),
    ("Dataverse API token", "DATAVERSE_KEY", _uuid),
    ("Quay robot token", "QUAY_ROBOT_TOKEN", lambda g: _r(g, UPPER_NUM, 64)),
    ("Harbor robot secret", "HARBOR_ROBOT_SECRET", lambda g: _r(g, B62, 32)),
    ("PubNub secret key", "PUBNUB_SECRET_KEY", lambda g: "sec-c-" + _r(g, B64, 48)),
    ("Miro access token", "MIRO_TOKEN", lambda g: "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_" + _r(g, B64URL, 43)),
    ("Webex bot token", "WEBEX_BOT_TOKEN", _webex),
    ("Pinterest access token", "PINTEREST_TOKEN", lambda g: "pina_" + _r(g, BASE32_UP, 96)),
    ("VK access token", "VK_TOKEN", lambda g: "vk1.a." + _r(g, B64URL, 180)),
    ("Mapillary client token", "MAPILLARY_TOKEN", lambda g: f"MLY|{g.randint(10**15, 10**16 - 1)}|{_r(g, HEX, 32)}"),
    ("LiveKit API secret", "LIVEKIT_API_SECRET", lambda g: _r(g, B62, 43)),
    ("Statsig server secret", "STATSIG_SERVER_SECRET", lambda g: "secret-" + _r(g, B62, 43)),
    ("Flagsmith server key", "FLAGSMITH_SERVER_KEY", lambda g: "ser." + _r(g, B62, 22)),
    ("Unleash API token", "UNLEASH_API_TOKEN", lambda g: g.choice(("default", "*", "analytics")) + ":production." + _r(g, HEX, 64)),
    ("CockroachDB Cloud API key", "COCKROACH_API_KEY", lambda g: "CCDB1_" + _r(g, B62, 22) + "_" + _r(g, B62, 40)),
    ("Fauna secret", "FAUNA_SECRET", lambda g: g.choice(("fnA", "fnE")) + _r(g, B64URL, 37)),
    ("Tinybird token", "TB_TOKEN", _tinybird),
    ("Adyen API key", "ADYEN_API_KEY", _adyen),
    ("Checkout.com secret key", "CKO_SECRET_KEY", lambda g: "sk_sbox_" + _r(g, LOWER_NUM, 26)),
    ("PayPal access token", "PAYPAL_ACCESS_TOKEN", lambda g: "A21AA" + _r(g, B64URL, 92)),
    ("Kraken API private key", "KRAKEN_PRIVATE_KEY", lambda g: _r(g, B64, 86) + "=="),
    ("Binance API secret", "BINANCE_API_SECRET", lambda g: _r(g, B62, 64)),
    ("Cal.com API key", "CALCOM_API_KEY", lambda g: "cal_live_" + _r(g, HEX, 32)),
    ("Courier auth token", "COURIER_AUTH_TOKEN", lambda g: "pk_prod_" + _r(g, UPPER_NUM, 28)),
    ("MailerSend token", "MAILERSEND_API_KEY", lambda g: "mlsn." + _r(g, HEX, 64)),
    ("ImageKit private key", "IMAGEKIT_PRIVATE_KEY", lambda g: "private_" + _r(g, B62, 28) + "="),
    ("Exoscale API secret", "EXOSCALE_API_SECRET", lambda g: _r(g, B64URL, 43)),
    ("Instagram Graph token", "IG_ACCESS_TOKEN", lambda g: "IGQVJ" + _r(g, B64URL, 150)),
    ("LINE channel access token", "LINE_CHANNEL_ACCESS_TOKEN", lambda g: _r(g, B64, 171) + "="),
    ("Rocket.Chat auth token", "ROCKETCHAT_AUTH_TOKEN", lambda g: _r(g, B64URL, 43)),
    ("ZeroTier API token", "ZEROTIER_TOKEN", lambda g: _r(g, B62, 32)),
    ("Akeyless access key", "AKEYLESS_ACCESS_KEY", lambda g: _r(g, B64, 43) + "="),
    ("HCP client secret", "HCP_CLIENT_SECRET", lambda g: _r(g, B62 + "-_", 64)),
    ("Mux token secret", "MUX_TOKEN_SECRET", lambda g: _r(g, B64, 75)),
    ("Expo access token", "EXPO_TOKEN", lambda g: _r(g, B62 + "_", 40)),
    ("Lokalise API token", "LOKALISE_API_TOKEN", lambda g: _r(g, HEX, 40)),
    ("Crowdin personal token", "CROWDIN_PERSONAL_TOKEN", lambda g: _r(g, HEX, 80)),
    ("Todoist API token", "TODOIST_API_TOKEN", lambda g: _r(g, HEX, 40)),
    ("Smartsheet access token", "SMARTSHEET_ACCESS_TOKEN", lambda g: _r(g, B62, 37)),
    ("OneLogin client secret", "ONELOGIN_CLIENT_SECRET", lambda g: _r(g, HEX, 64)),
    ("Meilisearch master key", "MEILI_MASTER_KEY", lambda g: _r(g, B64URL, 32)),
    ("Globus client secret", "GLOBUS_CLIENT_SECRET", lambda g: _r(g, B64, 43) + "="),
    ("Etherscan API key", "ETHERSCAN_API_KEY", lambda g: _r(g, UPPER_NUM, 34)),
    ("Codemagic API token", "CM_API_TOKEN", lambda g: _r(g, B64URL, 43)),
    ("Drone CI token", "DRONE_TOKEN", lambda g: _r(g, B62, 32)),
    ("Pusher app secret", "PUSHER_APP_SECRET", lambda g: _r(g, HEX, 20)),
    ("Daily.co API key", "DAILY_API_KEY", lambda g: _r(g, HEX, 64)),
    ("Sendbird API token", "SENDBIRD_API_TOKEN", lambda g: _r(g, HEX, 40)),
    ("Civo API key", "CIVO_TOKEN", lambda g: _r(g, B62, 50)),
)  # fmt: skip

# the line, cell or sentence a vendor token sits in: {v} the value, {n} its key name
HELD6_CONTEXTS = (
    'in my .zshrc: export {n}="{v}"',
    'os.environ.setdefault("{n}", "{v}")',
    '{n} = "{v}"  # TODO move to the secrets manager',
    "here's the one from the notebook: {v}",
    "!{n}={v} python train.py --epochs 3",
    'Sys.setenv({n} = "{v}")',
    'ENV["{n}"] = "{v}"',
    '$env:{n} = "{v}"',
    "      - {n}={v}",
    "just generated it on the dashboard -> {v} (dev project only)",
    "const {n} = '{v}';",
    "helm upgrade app ./chart --set secrets.{n}={v}",
    "| {n} | `{v}` | rotated last week |",
    "setenv {n} {v}",
)


# -- values inside config files and command lines --------------------------------------------------------------

_BITS = ("Kittiwake", "samphire", "Bothy", "lochan", "Tolbooth", "gorse", "Cairn", "puffin", "Machair", "selkie", "Drumlin", "heather")  # fmt: skip


def _chosen(g: random.Random) -> str:
    """A password a person picks (a word, digits, a symbol) or a generated one (no quote characters)."""
    return g.choice(
        (
            g.choice(_BITS) + g.choice(("", "_", "+", "@")) + str(g.randint(1, 9999)),
            g.choice(_BITS).upper()[:4]
            + g.choice(_BITS).lower()
            + g.choice(("!", "%", "~", "^"))
            + str(g.randint(0, 99)),
            _r(g, B62 + "!%^*-_=+", g.randint(14, 22)),
            ".".join(g.sample(_BITS, 3)).lower() + str(g.randint(0, 9)),
            str(g.randint(10**7, 10**10)),
        )
    )


def _kaggle(g: random.Random) -> str:
    return _r(g, HEX, 32)


def _rclone_obscured(g: random.Random) -> str:
    return _r(g, B64URL, 40)


def _condarc_token(g: random.Random) -> str:
    return (
        _r(g, LOWER_NUM, 2)
        + "-"
        + _r(g, HEX, 8)
        + "-"
        + _r(g, HEX, 4)
        + "-"
        + _r(g, HEX, 4)
        + "-"
        + _r(g, HEX, 4)
        + "-"
        + _r(g, HEX, 12)
    )


def _filezilla(g: random.Random) -> str:
    return base64.b64encode(_chosen(g).encode()).decode()


HELD6_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    # config files
    ("kaggle.json key", '{{"username":"mwanjiru","key":"{v}"}}', _kaggle),
    ("duo.conf skey", "[duo]\nikey = DIWJ8X6AEYOR5OMC6TQ1\nskey = {v}\napi_host = api-4f2c81e3.duosecurity.com", lambda g: _r(g, B62, 40)),
    ("zuliprc key", "[api]\nemail=rcs-bot@zulip.rc.example.ac.uk\nkey={v}\nsite=https://zulip.rc.example.ac.uk", lambda g: _r(g, B62, 32)),
    ("ovh.conf application secret", "[ovh-eu]\napplication_key=7kbG7Bk7S9Nt7ZSV\napplication_secret={v}\nconsumer_key=MtSwSrPpNjqfVSmJhLbPyr2i45lSwPU1", lambda g: _r(g, B62, 32)),
    (".s3cfg secret_key", "[default]\naccess_key = 0055a1b2c3d4e5f0000000001\nhost_base = s3.rc.example.ac.uk\nsecret_key = {v}", lambda g: _r(g, B64, 40)),
    ("rclone.conf pass", "[archive]\ntype = sftp\nhost = tape-gw.rc.example.ac.uk\nuser = archiver\npass = {v}", _rclone_obscured),
    (".condarc channel token", "channels:\n  - https://conda.anaconda.org/t/{v}/rcs-internal\n  - conda-forge", _condarc_token),
    ("pip.conf index password", "[global]\nindex-url = https://build:{v}@pypi.rc.example.ac.uk/simple/\ntimeout = 60", _chosen),
    (".yarnrc.yml npmAuthToken", 'npmScopes:\n  shopfront:\n    npmRegistryServer: "https://npm.shopfront.example"\n    npmAuthToken: "{v}"', lambda g: _r(g, B64URL, 36)),
    ("NuGet.Config ClearTextPassword", '<packageSourceCredentials>\n  <internal>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="{v}" />\n  </internal>\n</packageSourceCredentials>', _chosen),
    ("sbt credentials file", "realm=Sonatype Nexus Repository Manager\nhost=nexus.shopfront.example\nuser=deployer\npassword={v}", _chosen),
    ("FileZilla sitemanager pass", '<Server>\n  <Host>ftp.partner.example</Host>\n  <User>upload</User>\n  <Pass encoding="base64">{v}</Pass>\n</Server>', _filezilla),
    ("FreeRADIUS client secret", "client wifi-controller {{\n    ipaddr = 10.20.0.4\n    secret = {v}\n}}", _chosen),
    ("ipsec.secrets PSK", '# /etc/ipsec.secrets\n%any 203.0.113.10 : PSK "{v}"', _chosen),
    ("keepalived auth_pass", "vrrp_instance VI_1 {{\n    authentication {{\n        auth_type PASS\n        auth_pass {v}\n    }}\n}}", lambda g: _r(g, B62, 8)),
    ("HAProxy stats auth", "listen stats\n    bind :8404\n    stats enable\n    stats auth admin:{v}", _chosen),
    ("Postfix sasl_passwd", "[smtp.mailrelay.example]:587 noreply@shopfront.example:{v}", _chosen),
    ("Dovecot passwd-file", "alerts@shopfront.example:{{PLAIN}}{v}::::::", _chosen),
    ("Asterisk sip.conf secret", "[frontdesk]\ntype=friend\nhost=dynamic\nsecret={v}\ncontext=office", _chosen),
    ("rsyncd.secrets line", "backup:{v}", _chosen),
    ("Icecast source password", "<authentication>\n    <source-password>{v}</source-password>\n    <admin-user>admin</admin-user>\n</authentication>", _chosen),
    ("unattend.xml admin password", "<UserAccounts>\n  <AdministratorPassword>\n    <Value>{v}</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>", _chosen),
    ("cloud-init chpasswd", "#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: {v}\n      type: text", _chosen),
    ("Kickstart rootpw", "lang en_GB.UTF-8\nkeyboard uk\nrootpw --plaintext {v}\ntimezone Europe/London", _chosen),
    ("Dockerfile ENV password", "FROM mariadb:11.4\nENV MARIADB_ROOT_PASSWORD={v}\nCOPY init.sql /docker-entrypoint-initdb.d/", _chosen),
    ("GitHub Actions with: password", "      - uses: docker/login-action@v3\n        with:\n          registry: harbor.rc.example.ac.uk\n          username: robot$ci\n          password: {v}", lambda g: _r(g, B62, 32)),
    # command lines
    ("cqlsh -p", "cqlsh cass-01.internal 9042 -u cassandra -p {v}", _chosen),
    ("cypher-shell -p", "cypher-shell -a neo4j://graph.internal:7687 -u neo4j -p '{v}'", _chosen),
    ("clickhouse-client --password", "clickhouse-client --host ch.internal --user analyst --password {v} --query 'SELECT 1'", _chosen),
    ("vsql -w", "vsql -h vertica.internal -U dbadmin -w {v} -d warehouse", _chosen),
    ("db2 connect using", "db2 connect to SAMPLE user db2inst1 using {v}", _chosen),
    ("beeline -p", 'beeline -u "jdbc:hive2://hive.internal:10000/default" -n etl -p {v}', _chosen),
    ("mount cifs password=", "sudo mount -t cifs //nas.internal/labdata /mnt/labdata -o username=labuser,password={v},vers=3.0", _chosen),
    ("aria2c --http-passwd", "aria2c --http-user=mirror --http-passwd={v} https://mirror.internal/isos/rocky-9.iso", _chosen),
    ("racadm -p", "racadm -r 10.9.0.21 -u root -p {v} serveraction powercycle", _chosen),
    ("az login -p", "az login -u svc-deploy@tenant.example -p '{v}'", _chosen),
    ("oc login -p", "oc login https://api.okd.internal:6443 -u developer -p {v}", _chosen),
    ("argocd login --password", "argocd login argocd.internal --username admin --password {v} --grpc-web", _chosen),
    ("x11vnc -passwd", "x11vnc -display :0 -forever -passwd {v}", _chosen),
    ("cmdkey /pass:", r"cmdkey /generic:TERMSRV/jump01 /user:CAMPUS\rcsadmin /pass:{v}", _chosen),
    ("schtasks /RP", r'schtasks /Create /TN "NightlySync" /TR C:\sync.bat /SC DAILY /RU CAMPUS\svc_sync /RP {v}', _chosen),
    ("PowerShell ConvertTo-SecureString", '$pw = ConvertTo-SecureString "{v}" -AsPlainText -Force', _chosen),
    ("ansible-playbook -e ansible_password=", "ansible-playbook site.yml -i lab.ini -e ansible_user=admin -e ansible_password={v}", _chosen),
    ("kubectl --token=", "kubectl --server=https://10.3.0.1:6443 --token={v} get pods -A", lambda g: _r(g, B64URL, 60)),
    ("ibmcloud login --apikey", "ibmcloud login --apikey {v} -r eu-de", lambda g: _r(g, B64URL, 44)),
    ("teleport start --token=", "teleport start --roles=node --token={v} --auth-server=tele.internal:3025", lambda g: _r(g, HEX, 32)),
    ("netbird up --setup-key", "netbird up --setup-key {v}", lambda g: _uuid(g).upper()),
    ("OpenWeatherMap appid", "curl 'https://api.openweathermap.org/data/2.5/weather?q=Dundee&appid={v}'", lambda g: _r(g, HEX, 32)),
    ("Alchemy RPC URL key", "RPC_URL=https://eth-mainnet.g.alchemy.com/v2/{v}", lambda g: _r(g, B64URL, 32)),
    ("Figshare token header", 'curl -H "Authorization: token {v}" https://api.figshare.com/v2/account/articles', lambda g: _r(g, HEX, 128)),
    ("Opsgenie GenieKey header", "Authorization: GenieKey {v}", _uuid),
    ("Posit Connect Key header", 'curl -H "Authorization: Key {v}" https://connect.rc.example.ac.uk/__api__/v1/content', lambda g: _r(g, B62, 32)),
    ("Freshdesk key in curl -u", "curl -u {v}:X https://shopfront.freshdesk.com/api/v2/tickets", lambda g: _r(g, B62, 20)),
    ("Jupyter URL token", "    http://127.0.0.1:8888/lab?token={v}", lambda g: _r(g, HEX, 48)),
    ("Quay docker login", 'docker login -u="rcs+ci_pusher" -p="{v}" quay.io', lambda g: _r(g, UPPER_NUM, 64)),
)  # fmt: skip
HELD6_LABELLED_KINDS = frozenset(kind for kind, _, _ in HELD6_LABELLED)


# -- evasions, each a pure function of the value (secret_paths.py recomputes the evaded form) ---------------------

_LISU = {"A": "ꓮ", "B": "ꓐ", "C": "ꓚ", "D": "ꓓ", "E": "ꓰ", "F": "ꓝ", "G": "ꓖ", "H": "ꓧ", "I": "ꓲ", "J": "ꓙ", "K": "ꓗ", "L": "ꓡ", "M": "ꓟ", "N": "ꓠ", "O": "ꓳ", "P": "ꓑ", "R": "ꓣ", "S": "ꓢ", "T": "ꓔ", "U": "ꓴ", "V": "ꓦ", "W": "ꓪ", "X": "ꓫ", "Y": "ꓬ", "Z": "ꓜ", "a": "ɑ", "g": "ɡ", "i": "ı", "o": "ᴏ", "s": "ꜱ", "v": "ᴠ", "w": "ᴡ", "z": "ᴢ"}  # fmt: skip


def _between(s: str, mark: str, step: int) -> str:
    return mark.join(s[i : i + step] for i in range(0, len(s), step))


def _monospace(s: str) -> str:
    out: list[str] = []
    for c in s:
        if "A" <= c <= "Z":
            out.append(chr(0x1D670 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x1D68A + ord(c) - ord("a")))
        elif "0" <= c <= "9":
            out.append(chr(0x1D7F6 + ord(c) - ord("0")))
        else:
            out.append(c)
    return "".join(out)


HELD6_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("ZWNJ every 4", lambda s: _between(s, "\u200c", 4)),
    ("Mongolian vowel separator every 5", lambda s: _between(s, "\u180e", 5)),
    ("hair space between characters", lambda s: "\u200a".join(s)),
    ("mathematical monospace", _monospace),
    ("Lisu and small-capital look-alikes", lambda s: "".join(_LISU.get(c, c) for c in s)),
    ("hex through xxd -r -p", lambda s: f"echo {s.encode().hex()} | xxd -r -p"),
    ("reversed through rev", lambda s: f"echo '{s[::-1]}' | rev"),
    ("ROT13 through tr", lambda s: f"echo '{codecs.encode(s, 'rot13')}' | tr 'A-Za-z' 'N-ZA-Mn-za-m'"),
    ("bash ANSI-C octal escapes", lambda s: "$'" + "".join(f"\\{ord(c):03o}" for c in s) + "'"),
    ("String.fromCharCode", lambda s: "String.fromCharCode(" + ",".join(str(ord(c)) for c in s) + ")"),
    ("empty HTML comment every 6", lambda s: _between(s, "<!---->", 6)),
    ("halves in two code spans", lambda s: f"`{s[: len(s) // 2]}` and then `{s[len(s) // 2 :]}`"),
)  # fmt: skip
HELD6_EVASION_CONTEXTS = (
    "ok this is what the old script had, it decodes fine: {v}",
    "TOKEN := {v}",
    "paste-safe version so the bot doesn't eat it: {v}",
    "{v}  <- that one",
    "value for tonight's run: {v}",
)


# -- stated credentials --------------------------------------------------------------------------------------------

_LATIN = ("kalamansi", "Manuk", "tanjung", "Kereta", "Bwa", "kiwi", "Tūī", "ọsan", "Inkwenkwezi", "Roj", "Ala", "tsimoka", "Inka", "Lundi", "Stjerne")  # fmt: skip
_SCRIPT = {
    "yue": ("叉燒包", "維港", "菠蘿油"),
    "zh-Hant": ("台北", "烏龍茶", "珍珠"),
    "ckb": ("هەولێر", "گوڵ", "چیا"),
    "ky": ("тоо", "Ысыккөл", "шумкар"),
    "tt": ("Казан", "чәк-чәк", "ай"),
    "yi": ("שטערן", "לבנה", "בלום"),
}
_DIGITS_OF = {"ckb": "٠١٢٣٤٥٦٧٨٩"}


def _pw(g: random.Random, language: str) -> str:
    """A stated password: words, digits, mixed, or in the language's own script (and digits)."""
    shape = g.randrange(5)
    if shape == 0:
        return " ".join(g.sample(_LATIN, g.choice((3, 4)))).lower()
    if shape == 1:
        return str(g.randint(100_000, 99_999_999))
    if shape == 2:
        return g.choice(_LATIN) + g.choice(("", ".", "#", "_")) + str(g.randint(1, 2099)) + g.choice(("", "?", "&"))
    if shape == 3 and language in _SCRIPT:
        number = str(g.randint(10, 9999))
        digits = _DIGITS_OF.get(language)
        if digits and g.random() < 0.5:
            number = "".join(digits[int(c)] for c in number)
        return g.choice(_SCRIPT[language]) + number
    return _r(g, B62 + "%&*", g.randint(10, 15))


def _pin(g: random.Random, language: str) -> str:
    del language
    n = g.choice((4, 5, 6, 6, 8))
    return str(g.randint(0, 10**n - 1)).zfill(n)


def _combo(g: random.Random, language: str) -> str:
    del language
    return "-".join(str(g.randint(0, 59)).zfill(2) for _ in range(3))


def _recovery_key(g: random.Random, language: str) -> str:
    del language
    return "-".join(_r(g, UPPER_NUM, 4) for _ in range(6))


def _codes(g: random.Random, language: str) -> str:
    del language
    style = g.randrange(3)
    n = g.choice((6, 8, 10, 12))
    if style == 0:
        return "\n".join(
            f"- `{g.randint(0, 999):03d}-{g.randint(0, 999):03d}-{g.randint(0, 9999):04d}`" for _ in range(n)
        )
    if style == 1:
        return " ".join(f"[{i + 1}] {_r(g, LOWER_NUM, 10)}" for i in range(n))
    return "; ".join(_r(g, BASE32_UP, 12) for _ in range(n))


def _answer(g: random.Random, language: str) -> str:
    del language
    return g.choice(
        (
            "Pumpernickel",
            "Aberystwyth",
            "Mr Tumnus",
            "Saint Kilda",
            "grey Vauxhall Astra",
            "Nana Efua",
            "Kilimanjaro",
            "Cuthbert",
        )
    )


def _phrase(g: random.Random, language: str) -> str:
    del language
    words = (
        "drizzle",
        "lanyard",
        "oatcake",
        "pylon",
        "ferry",
        "thimble",
        "quarry",
        "bracken",
        "haggle",
        "walrus",
        "ledger",
        "kelp",
    )
    return " ".join(g.choices(words, k=g.choice((12, 24))))


# (kind, language, templates): phrasings of this split
HELD6_STATED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("password", "yue", ("屋企wifi密碼係{v}", "公司電郵個密碼：{v}", "我將伺服器密碼改咗做{v}")),
    ("PIN", "yue", ("提款卡嘅密碼係{v}",)),
    ("password", "zh-Hant", ("無線網路密碼：{v}", "實驗室伺服器的密碼已改為{v}", "我的信箱密碼是 {v}")),
    ("PIN", "zh-Hant", ("門禁密碼是{v}",)),
    ("password", "jv", ("tembung sandhi wifi ing omah: {v}", "sandine email kantor yaiku {v}")),
    ("PIN", "jv", ("PIN ATM-ku {v}",)),
    ("password", "su", ("kecap konci wifi di imah nyaéta {v}", "sandi surélék kantor: {v}")),
    ("password", "ceb", ("Ang password sa wifi kay {v}", "gi-ilisan nako ang password sa server ngadto sa {v}")),
    ("PIN", "ceb", ("ang PIN sa akong ATM kay {v}",)),
    ("password", "ht", ("Modpas wifi a se {v}", "modpas imèl biwo a: {v}")),
    ("PIN", "ht", ("PIN kat bank mwen se {v}",)),
    ("password", "lb", ("D'Passwuert vum WLAN ass {v}", "ech hunn d'Passwuert vum Server op {v} geännert")),
    ("password", "gd", ("'S e am facal-faire aig an wifi {v}", "facal-faire a' phuist-d: {v}")),
    ("password", "mi", ("Ko te kupuhipa o te wifi ko {v}", "kupuhipa īmēra: {v}")),
    ("PIN", "mi", ("Ko taku PIN ko {v}",)),
    ("password", "yo", ("Ọ̀rọ̀ aṣínà wifi ni {v}", "ọ̀rọ̀ aṣínà ímeèlì mi: {v}")),
    ("PIN", "yo", ("PIN káàdì báǹkì mi ni {v}",)),
    ("password", "ig", ("Okwuntughe wifi bụ {v}", "okwuntughe email m: {v}")),
    ("password", "xh", ("Iphasiwedi ye-wifi ngu-{v}", "iphasiwedi ye-imeyile: {v}")),
    ("PIN", "xh", ("I-PIN yekhadi lam ngu-{v}",)),
    ("password", "ku", ("Şîfreya wifi-yê {v} e", "şîfreya e-nameyê: {v}")),
    ("password", "ckb", ("وشەی نهێنی وایفای ماڵەوە {v}ە", "وشەی نهێنی ئیمەیڵ: {v}")),
    ("password", "ky", ("Wi-Fi сырсөзү: {v}", "серверлин сырсөзүн {v} кылып өзгөрттүм")),
    ("PIN", "ky", ("картанын PIN-коду {v}",)),
    ("password", "tt", ("Wi-Fi серсүзе: {v}", "почтаның серсүзе {v}")),
    ("password", "tk", ("Wi-Fi açar sözi: {v}", "serweriň açar sözüni {v} etdim")),
    ("password", "mg", ("Ny tenimiafina wifi dia {v}", "tenimiafina mailaka: {v}")),
    ("PIN", "mg", ("Ny kaody PIN an'ny karatra dia {v}",)),
    ("password", "rw", ("Ijambo ry'ibanga rya wifi ni {v}", "ijambo ry'ibanga rya email: {v}")),
    ("password", "fo", ("Loyniorðið til wifi er {v}", "loyniorð til teldupost: {v}")),
    ("password", "fy", ("It wachtwurd fan de wifi is {v}", "wachtwurd fan de mail: {v}")),
    ("password", "yi", ("דאָס פּאַראָל פֿאַר דעם wifi איז {v}", "מײַן פּאַראָל: {v}")),
    ("password", "hi-Latn", ("bhai wifi ka password {v} hai", "office mail ka password: {v}", "server ka password badal ke {v} kar diya")),
    ("PIN", "hi-Latn", ("ATM ka pin {v} hai",)),
    ("password", "ar-Latn", ("el password bta3 el wifi {v}", "kelmet el sirr lel email: {v}")),
    ("password", "en", (
        "fwiw the eduroam fallback account is rcs-guest with {v}",
        "Login for the departmental printer portal — user: print-admin, pw {v}",
        "note to self: the NAS in B14 is admin / {v}",
        "the shared mailbox creds are helpdesk@ and then {v}",
        "postgres superuser on the old VM was never changed from {v}",
    )),
    ("PIN", "en", ("voicemail PIN on the lab phone is {v}", "the card for the freezer room needs {v}", "pin for the key safe outside B14: {v}")),
    ("combination", "en", ("combination for the server cage padlock: {v}", "the filing cabinet combo is {v}")),
    ("recovery key", "en", ("FileVault recovery key for the iMac in the seminar room: {v}", "the disk's recovery key, print it: {v}")),
    ("master password", "en", ("my KeePassXC master password is {v}", "the team Bitwarden master pw is {v}, don't tell IT")),
    ("passphrase", "en", ("the age identity passphrase is {v}", "restic repo passphrase: {v}")),
    ("backup codes", "en", ("the lab account's 2FA fallback codes:\n{v}", "one-time recovery codes for the grant portal {v}")),
    ("security answer", "en", ("for the payroll portal the 'childhood street' answer is {v}", "memorable place on the council account: {v}")),
    ("seed phrase", "en", ("test wallet words (tiny amount on it): {v}",)),
    ("password", "de", ("das Root-Passwort vom Laborrechner ist {v}", "Zugang zum Drucker: admin / {v}")),
    ("PIN", "de", ("die PIN fürs Diensthandy lautet {v}",)),
    ("recovery key", "de", ("Wiederherstellungsschlüssel der Festplatte: {v}",)),
    ("password", "fr", ("le mdp root de la machine du labo c'est {v}", "identifiants imprimante : admin / {v}")),
    ("combination", "fr", ("la combinaison du cadenas de la baie est {v}",)),
    ("password", "es", ("la clave de root del servidor del laboratorio es {v}", "usuario impresora: admin, clave {v}")),
    ("master password", "es", ("la contraseña maestra del gestor es {v}",)),
    ("password", "ja", ("研究室サーバーのrootパスワードは{v}", "プリンタ管理画面：admin / {v}")),
    ("backup codes", "ja", ("二段階認証のバックアップコード：\n{v}",)),
)  # fmt: skip
HELD6_VALUE_OF: dict[str, Callable[[random.Random, str], str]] = {
    "password": _pw,
    "PIN": _pin,
    "passphrase": _pw,
    "master password": _pw,
    "combination": _combo,
    "recovery key": _recovery_key,
    "backup codes": _codes,
    "security answer": _answer,
    "seed phrase": _phrase,
}


def _one_code(codes: str) -> str:
    """The code in the middle of a list (``- `...``` lines, ``[n] code`` items or ``; `` separated)."""
    if "\n" in codes:
        items = [line.strip("- `") for line in codes.splitlines()]
    elif codes.startswith("[1] "):
        items = [part.split("] ", 1)[1].strip() for part in codes.split(" [")]
    else:
        items = codes.split("; ")
    return items[len(items) // 2]


# -- ordinary sentences ------------------------------------------------------------------------------------------

HELD6_PROSE = (
    # policy text and handbook prose
    "Passphrases of {n} or more words are accepted; there is no rule about symbols.",
    "The password policy was updated on {date}: length beats complexity.",
    "Service accounts on the cluster have no password at all, they log in with keys.",
    "Your university password is never needed on the compute nodes.",
    "If you forget your password, the self-service portal sends a reset link to your recovery address.",
    "We will never ask for your password by email, phone or Teams.",
    "The helpdesk can unlock your account but cannot see your password.",
    "A password expiry reminder goes out {n} days before the deadline.",
    "Shared accounts need a named owner and a documented rotation date.",
    "The {system} API key is scoped to one project and expires after {n} days.",
    "Tokens created in the {system} dashboard are shown once, so copy them straight into the vault.",
    "Requests without a valid token get a 401 and an entry in the audit log.",
    "Access keys older than {n} days are flagged in the monthly report.",
    "MFA is required for VPN, email and the HPC portal from {date}.",
    "The recovery codes page now explains how to print them.",
    "PINs for the lab door are issued by Estates, not by the research computing team.",
    "Keep secrets out of notebooks; use the environment or a .env file that is gitignored.",
    "The storage encryption key is held in the HSM and never leaves it.",
    # markdown headings, bullets and tables
    "**Password managers**: we support Bitwarden and KeePassXC; 1Password is fine for personal use.",
    "## Passwords and tokens",
    "### Rotating the {system} API key",
    "**Tokens**: short-lived, scoped, and never committed.",
    "- [ ] rotate the {system} token before {date}",
    "- [x] moved the {thing} for {system} into the vault",
    "| Secret | Where it lives | Owner |",
    "| {system} {thing} | vault: rcs/{system_l} | {person} |",
    "> **Note:** the token is read from `${{{system_u}_TOKEN}}` at runtime.",
    "**API keys**: request one through the portal, they are tied to your username.",
    "* Password reset: see the IT pages.",
    "1. Log in with SSO. 2. Open Settings → Tokens. 3. Click *Generate*.",
    "_Tip_: a password manager can generate a {n}-word passphrase for you.",
    # recipes, gardening, everyday seeds and keys
    "Granola: oats, honey, pumpkin seeds, sunflower seeds and a pinch of salt, {n}0 minutes at 160°C.",
    "Toast the sesame seeds and cumin seeds before grinding them.",
    "Sow the radish seeds {n} cm apart and keep the bed moist.",
    "The seed packet says: germination {n}-14 days, harvest after 8 weeks.",
    "Chia seeds swell, so use {n} tablespoons per cup of milk.",
    "We keep a spare house key with the neighbours at number {n}.",
    "The key lime pie needs {n} egg yolks and condensed milk.",
    "The piano piece is in the key of D minor.",
    "Key takeaways from the retro: smaller PRs and earlier reviews.",
    "The passcode of the exhibition was 'touch nothing', a joke by the curator.",
    # reproducibility, seeds and numbers
    "Random seed: {seed}, set in the config so the runs are comparable.",
    "torch.manual_seed({seed}) and np.random.seed({seed}) at the top of the notebook.",
    "set.seed({seed}) before the bootstrap in R.",
    "Random.seed!({seed}) keeps the Julia runs reproducible.",
    "The split used seed {seed}; the held-out fold is fold {n}.",
    "The simulation ran with seed {seed} on {n} nodes for 48 hours.",
    "We average over {n} seeds and report the standard deviation.",
    # hashes, ids, checksums, DOIs
    "sha256 of the container image: {sha256}",
    "The dataset tarball's md5 is {md5}.",
    "Commit {sha} fixes the MPI deadlock.",
    "git bisect points at {sha7}.",
    "The DOI for the dataset is 10.5281/zenodo.{zenodo}.",
    "ORCID: 0000-000{n}-{d4}-{d4b}",
    "Sample {uuid} failed QC twice.",
    "Run id {uuid} is the baseline for the paper.",
    "Slurm job {job} ran out of memory at 96%.",
    "Array job {job}_[1-{n}0] finished in under an hour.",
    "The manifest digest is sha256:{sha256}.",
    "Accession number GCA_{acc}.1 is the reference assembly.",
    "The Globus endpoint id is {uuid}.",
    "The request id {hex32} shows up in both logs.",
    "The wandb run is {wandb_run} in the rcs project.",
    "Checksum file: {sha256}  reads_R1.fq.gz",
    "Our public SSH host key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64_43} root@login01",
    "The cluster's host key fingerprint is SHA256:{b64_43}.",
    "GPG key id {hex16_u} signs the release tags.",
    "The bcrypt cost factor went from 10 to {n}2.",
    # placeholders and references
    "password = <ask-{person}>",
    "API_KEY=your-key-here",
    "token: ${{{{ secrets.{system_u}_TOKEN }}}}",
    "export {system_u}_API_KEY=$(pass show rcs/{system_l})",
    'key = Sys.getenv("{system_u}_API_KEY")',
    'api_key = ENV["{system_u}_API_KEY"]',
    "$env:{system_u}_TOKEN is set by the CI, not by us.",
    "Set HF_TOKEN in your shell; the notebook reads it with os.getenv.",
    "The template has password: CHANGEME and the playbook refuses to run until it's replaced.",
    "In the docs the example key is sk-XXXXXXXXXXXXXXXX, obviously not a real one.",
    "Put the token in ~/.config/{system_l}/token with mode 600.",
    "The secret comes from /var/run/secrets/{system_l}/api-key in the pod.",
    "Use `vault kv get -field=password rcs/{system_l}` to read it.",
    "The .env.example lists {system_u}_TOKEN= with no value.",
    "Mask it as ****{hex4} in the UI.",
    # ports, versions, modules and command lines with nothing secret
    "ssh -p {port} {person_l}@login.rc.example.ac.uk",
    "jupyter lab --no-browser --port={port}",
    "ssh -N -L {port}:localhost:{port} login01",
    "module load {module} before you run the tests.",
    "We upgraded Slurm to {version} over the weekend.",
    "Python {pyver} is the default on the login nodes now.",
    "The node image runs kernel 5.14.0-{n}27.el9.",
    "#SBATCH --time=0{n}:00:00",
    "#SBATCH --gres=gpu:{n}",
    "sbatch --account=rc-general --partition=gpu job.sh",
    "mysql -u reader -p reports  (it asks for the password interactively)",
    "psql -h warehouse.internal -p 5432 -U analyst",
    "docker run -p {port}:80 nginx:1.27",
    "redis-server --port {port} --protected-mode yes",
    "pip install torch=={torch} --index-url https://download.pytorch.org/whl/cu121",
    "The pinned version is {version} until the next maintenance.",
    "unzip -P is insecure, so we use gpg-encrypted archives instead.",
    "htpasswd -c /etc/nginx/.htpasswd {person_l} prompts for the password twice.",
    "argocd login --sso is how everyone should log in.",
    "az login --use-device-code works from the login node.",
    "kubectl config use-context prod-eu, then rerun.",
    # chat in passing
    "{person} reset their password and now the VPN works again",
    "who has the {thing} for the {system} sandbox? {person} might",
    "the {system} token expired mid-run, that's why the job died",
    "{person} is rotating the {thing} after lunch",
    "please don't paste keys in the channel, use the vault link",
    "I typed my password into the chat by accident, changed it already",
    "the printer wants a PIN now, ask {person} how to set yours",
    "{person}: is the new {thing} in the vault? {person2}: yes, rcs/{system_l}",
    "my 2FA app died so I used one of the printed codes",
    "does anyone know the password policy for service accounts?",
    "no password needed for the public datasets, they are open",
    "the {system} key leaked in a screenshot last year, hence the rotation rule",
    "reminder: rotate the {system} token before the grant report",
    "lol {person} used the wifi name as the password",
    "the safe combination is with Estates, not with us",
    "can someone add {person2} to the {system} project? they don't need a key",
    # ordinary research computing memory, nothing secret
    "{person} owns the genomics pipeline this term.",
    "The cluster is down for maintenance on {date}.",
    "The GPU partition has {n} nodes with four cards each.",
    "Quota on /home is {n}0 GB per user.",
    "{person} prefers Snakemake; {person2} prefers Nextflow.",
    "The reading group meets on Thursdays at {n} pm.",
    "Office hours for RSE support are on Wednesdays.",
    "The tape library holds {n} PB and is nearly full.",
    "Use the highmem partition for assemblies over 200 GB.",
    "{person} is on leave until {date}.",
    # more everyday mentions, with fields
    "{person} asked whether the {system} {thing} can be shared with the students; it can't.",
    "The {system} {thing} for the teaching cluster is renewed every {n} months by {person}.",
    "Revoked the {system} {thing} that {person} found in an old notebook.",
    "The {thing} for {system} is in the team vault under rcs/{system_l}/{n}.",
    "{person2} wrote the runbook for rotating the {system} {thing}.",
    "Our {system} integration uses OAuth, so nobody handles a {thing} directly.",
    "{person} will present the password-manager rollout on {date}.",
    "The {system} webhook signature uses HMAC-SHA256; the header is X-{system}-Signature.",
    "Run {job} used {n}{n} GPU hours on the {system} project.",
    "{person} bumped {module} in the environment file.",
    "Upgrade notes for {version}: the token endpoint moved, nothing else changed.",
    "Port {port} is blocked on the guest network, use the VPN.",
    "The notebook server on port {port} is only reachable through the SSH tunnel.",
    "Seed {seed} gave the best validation loss, {person} will rerun it.",
    "The {system} export of {date} has checksum {md5}.",
    "{person} archived the {system} project; its tokens were revoked the same day.",
    "Merge request !{job} removes the last hard-coded {thing} placeholder.",
    "Tokens for {system} now have a maximum lifetime of {n} hours.",
    "We store only a SHA-256 of each {system} key, plus its last four characters ({hex4}).",
    "{person2} set up SSO for {system}, so there is no separate password any more.",
    "The audit on {date} found no {thing} in the repositories.",
    "The {system} sandbox accepts any token that starts with test_, it's a mock.",
    "Password reset for {person} is ticket RITM00{job}.",
    "{person}'s {system} account was locked after {n} failed logins; unlocked now.",
    "The {system} plan allows {n}0 API keys per organisation.",
    "Recipe card from {person}: {n} cups flour, 1 tbsp poppy seeds, 2 tsp caraway seeds.",
    "The bird feeder mix is {n}0% sunflower seeds, the rest millet.",
    "Key signing party after the seminar on {date}, bring your fingerprint printed.",
    "The {system} status page says tokens issued before {date} must be regenerated.",
    "Job {job} wrote {n}.{n} TB to scratch; {person} cleaned it up.",
)

THINGS = ("password", "API key", "token", "PIN", "passphrase", "client secret", "access key", "recovery code", "deploy key", "robot token")  # fmt: skip
SYSTEMS = ("Zenodo", "Globus", "Kaggle", "Harbor", "Quay", "Posit", "Miro", "Figshare", "RunPod", "Roboflow", "Statsig", "Tinybird")  # fmt: skip
PEOPLE = ("Mwanjiru", "Eilidh", "Tomasz", "Ngaire", "Chidi", "Saoirse", "Rahim", "Ines", "Kofi", "Yuki")
MODULES = ("gcc/12.3.0", "openmpi/4.1.6", "cuda/12.2.2", "python/3.11.7", "julia/1.9.4", "R/4.3.3", "cmake/3.27.9")
VERSIONS = ("23.11.7", "24.05.3", "24.11.0", "2.4.1", "1.9.0", "3.2.17")


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for template in HELD6_PROSE:
        for _ in range(6):
            system = g.choice(SYSTEMS)
            person = g.choice(PEOPLE)
            fields = {
                "person": person,
                "person_l": person.lower(),
                "person2": g.choice(PEOPLE),
                "thing": g.choice(THINGS),
                "n": g.choice((2, 3, 4, 5, 6, 7, 8, 9)),
                "port": g.choice((2222, 8888, 8890, 6006, 8265, 7860, 5000, 3838)),
                "system": system,
                "system_l": system.lower(),
                "system_u": system.upper(),
                "date": f"2027-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "seed": g.choice((0, 1, 7, 42, 1234, 2024, 31337, 123456, 20261206)),
                "sha": _r(g, HEX, 40),
                "sha7": _r(g, HEX, 7),
                "sha256": hashlib.sha256(g.randbytes(16)).hexdigest(),
                "md5": hashlib.md5(g.randbytes(16)).hexdigest(),
                "hex32": _r(g, HEX, 32),
                "hex16_u": _r(g, HEX, 16).upper(),
                "hex4": _r(g, HEX, 4),
                "uuid": _uuid(g),
                "b64_43": base64.b64encode(g.randbytes(32)).decode().rstrip("="),
                "zenodo": g.randint(1_000_000, 14_999_999),
                "d4": f"{g.randint(0, 9999):04d}",
                "d4b": f"{g.randint(0, 999):03d}{g.choice('0123456789X')}",
                "job": g.randint(1_000_000, 9_999_999),
                "acc": f"{g.randint(0, 999_999_999):09d}",
                "wandb_run": _r(g, LOWER_NUM, 8),
                "module": g.choice(MODULES),
                "version": g.choice(VERSIONS),
                "pyver": g.choice(("3.11", "3.12", "3.13")),
                "torch": g.choice(("2.3.1", "2.4.0", "2.5.1")),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


_ALONE = ("reversed through rev", "ROT13 through tr", "hex through xxd -r -p", "halves in two code spans")


_SPLIT = Split(
    HALF,
    HELD6_FORMATS,
    HELD6_CONTEXTS,
    HELD6_LABELLED,
    HELD6_LABELLED_KINDS,
    HELD6_EVASIONS,
    _ALONE,
    HELD6_EVASION_CONTEXTS,
    HELD6_STATED,
    HELD6_VALUE_OF,
    _one_code,
    _prose,
    skipped=1,
    stride=2,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held6 split (deterministic for a seed): formats, evasions, stated credentials, prose."""
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
