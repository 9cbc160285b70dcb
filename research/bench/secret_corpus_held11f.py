"""A held-out split of credential FORMATS, PLACES and EVASIONS, ``held11f``: written by secrets14 before its changes.

Scored once at the end of stop 44 (on main and on the branch, same session); never read while tuning. ``held7``,
``held8``, ``held9f`` and ``held10f`` are the tuning data. Its own seed, value makers and templates, in a voice of
its own (a lighthouse trust, a seed library, a river ferry, an amateur observatory):

- ``format``: vendor values no earlier split uses (Doppler service accounts, OpenAI admin keys, Linear OAuth, Apify,
  JD Cloud, Yandex Cloud, Baidu BCE, Docker organisation tokens, Tailscale OAuth clients, DigitalOcean refresh
  tokens, LangSmith service keys, Slack session cookies and client tokens, Slack workflow triggers, Bitwarden
  Secrets Manager, Cashu tokens, Fly.io, Together, RunPod, Volcengine, Convex deploy keys, Xata, Contentstack,
  Modal, Telnyx, Brave Search), in tables of other kinds (AsciiDoc, HTML, TSV, quoted CSV), YAML, INI, TOML, JSON,
  SQL, XML attributes, CLI flags, URLs, connection strings and the code of other languages (Go, Swift, Lua, PHP,
  R, Elixir, spreadsheet formulas); and labelled shapes of other daemons and tools (Redis ``requirepass``, HAProxy
  ``insecure-password``, ``IDENTIFIED BY``, Squid ``cache_peer login=``, preseed, ``olcRootPW``, ``unrar -p``,
  ``--from-literal``, supervisord, ``wget --password``, CouchDB ``[admins]``, ``hdbuserstore``, ``mkstore``,
  FreeSWITCH params, Prosody, NickServ, TeamSpeak, steamcmd, Factorio, ARK, Pi-hole, EdgeOS, Cisco type 7,
  Consul gossip, Node-RED, Yggdrasil, ZeroTier, Ceph keyrings, Tor ``ADD_ONION``, Laravel ``APP_KEY``, dotenv-vault,
  Fernet, express-session, WireGuard ``PresharedKey``, ``ssh-keygen -N``, Jenkins CLI, Grafana CLI, Gitea, mmctl,
  Vault userpass, MinIO ``mc alias``, Keycloak ``kcadm``);
- ``evasion``: the issue's evasions in writings no earlier split uses: word joiner, ZWJ and BOM inside the value,
  soft hyphen every 2, Cyrillic and Armenian/Latin-extended look-alikes, full-width value and full-width digits,
  base64 and base32 of the value, hex of the value for ``xxd -r -p``, split over YAML block lines, JSON string
  arrays, CSV rows and implicit string concatenation, spaced every 4, dotted every 4, tab-separated groups, en
  dashes between groups;
- ``prose``: 350+ ordinary sentences that mention credentials or hold look-alikes but no credential: hashes, UUIDs,
  commit ids, SSH/WireGuard/minisign public keys, TLS fingerprints as colon hex, checksums, onion v3 and I2P
  addresses, IPFS/IPNS names, magnet links, test card numbers, documented example keys, SOPS-encrypted values, chess
  moves and FEN, equations, codons, phone numbers, OCIDs, ARNs, trace ids, publishable keys.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B58, B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, Split, rand

HALF = "held11f"
SEED = 44_2026_12_07_11
Maker = Callable[[random.Random], str]
HEX_UP = "0123456789ABCDEF"
B32 = "abcdefghijklmnopqrstuvwxyz234567"
PW = string.ascii_letters + string.digits + "!#%+=-_.@^*"
_XLAT = "dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"  # Cisco type 7's published key stream


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _p(prefix: str, alphabet: str, n: int, suffix: str = "") -> Maker:
    return lambda g: prefix + _r(g, alphabet, n) + suffix


def _pw(g: random.Random) -> str:
    while True:
        value = _r(g, PW, g.randint(13, 19))
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def _b64(g: random.Random, n: int) -> str:
    return base64.b64encode(g.randbytes(n)).decode()


def _type7(g: random.Random) -> str:
    plain, seed = _pw(g), g.randint(0, 15)
    return f"{seed:02d}" + "".join(f"{ord(c) ^ ord(_XLAT[(seed + i) % len(_XLAT)]):02X}" for i, c in enumerate(plain))


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128), version=4))


HELD11F_FORMATS: list[tuple[str, str, Maker]] = [
    ("Doppler service account token", "Doppler", _p("dp.sa.", B62, 43)),
    ("OpenAI admin key", "OpenAI", lambda g: "sk-admin-" + _r(g, B64URL, 58) + "T3BlbkFJ" + _r(g, B64URL, 58)),
    ("Linear OAuth token", "Linear", _p("lin_oauth_", HEX, 64)),
    ("Apify token", "Apify", _p("apify_api_", B62, 36)),
    ("JD Cloud access key", "JD Cloud", _p("JDC_", UPPER_NUM, 28)),
    ("Yandex Cloud API key", "Yandex Cloud", _p("AQVN", B64URL, 36)),
    ("Baidu BCE key", "Baidu Cloud", lambda g: f"bce-v3/ALTAK-{_r(g, B62, 20)}/{_r(g, HEX, 40)}"),
    ("Docker organisation token", "Docker Hub", _p("dckr_oat_", B64URL, 32)),
    ("Tailscale OAuth client secret", "Tailscale", lambda g: f"tskey-client-{_r(g, B62, 17)}-{_r(g, B62, 33)}"),
    ("DigitalOcean refresh token", "DigitalOcean", _p("dor_v1_", HEX, 64)),
    ("LangSmith service key", "LangSmith", lambda g: f"lsv2_sk_{_r(g, HEX, 32)}_{_r(g, HEX, 10)}"),
    ("Slack session cookie", "Slack", lambda g: "xoxd-" + _r(g, B62, 40) + "%2F" + _r(g, B62, 40) + "%3D"),
    (
        "Slack client token",
        "Slack",
        lambda g: f"xoxc-{_r(g, string.digits, 12)}-{_r(g, string.digits, 12)}-{_r(g, HEX, 64)}",
    ),
    (
        "Slack workflow trigger",
        "Slack",
        lambda g: (
            f"https://hooks.slack.com/triggers/T{_r(g, UPPER_NUM, 10)}/{_r(g, string.digits, 13)}/" + _r(g, HEX, 32)
        ),
    ),
    (
        "Bitwarden Secrets Manager token",
        "Bitwarden",
        lambda g: f"0.{_uuid(g)}.{_r(g, B62, 30)}:{_b64(g, 16)}",
    ),
    ("Cashu token", "Cashu", _p("cashuA", B64URL, 180)),
    ("Fly.io token", "Fly.io", _p("fo1_", B64URL, 43)),
    ("Together key", "Together", _p("tgp_v1_", B64URL, 43)),
    ("RunPod key", "RunPod", _p("rpa_", UPPER_NUM, 40)),
    ("Volcengine access key", "Volcengine", _p("AKLT", B64URL, 40)),
    ("Convex deploy key", "Convex", lambda g: f"prod:quiet-heron-{g.randint(100, 999)}|{_r(g, B64URL, 72)}"),
    ("Xata key", "Xata", _p("xau_", B62, 32)),
    ("Contentstack management token", "Contentstack", _p("cs", HEX, 32)),
    ("Modal token secret", "Modal", _p("as-", B62, 22)),
    ("Telnyx key", "Telnyx", lambda g: f"KEY{_r(g, UPPER_NUM, 26)}_{_r(g, B62, 22)}"),
    ("Brave Search key", "Brave Search", _p("BSA", B62, 27)),
    ("Cargo registry token", "crates.io", _p("cio", B62, 32)),
    ("Cisco type 7 string", "the old router", _type7),
]

HELD11F_CONTEXTS = [
    "|{n} |{v} |lighthouse trust",
    "<tr><td>{n}</td><td>{v}</td></tr>",
    "{n}\tlive\t{v}\t2027-01-31",
    '"{n}","{v}","ferry-ops@river.example"',
    "credentials:\n  observatory:\n    vendor: {n}\n    value: {v}",
    "vendors: [{{name: {n}, cred: {v}}}]",
    "[seed-library]\nprovider = {n}\ncred = {v}",
    "[vendors.ferry]\nname = \"{n}\"\ncred = '{v}'",
    '{{"provider": "{n}", "credential": "{v}", "enabled": true}}',
    "INSERT INTO integrations (vendor, cred) VALUES ('{n}', '{v}');",
    '<integration vendor="{n}" credential="{v}"/>',
    "ferryctl sync --auth={v} --region eu-north",
    'curl -sf "https://tides.example/v1/export?access={v}&format=csv"',
    "host=db.ferry.internal;auth={v};timeout=30",
    'const upstream = "{v}" // {n}',
    'let upstream = "{v}" // {n}, telescope mount',
    'local upstream = "{v}" -- {n}',
    "$upstream = '{v}'; // {n} for the seed catalogue",
    'Sys.setenv(UPSTREAM = "{v}")  # {n}',
    'config :lamp, upstream: "{v}" # {n}',
    '=WEBSERVICE("https://stars.example/api?k={v}")',
    "{n} for the tide gauge: {v} (the new one)",
    "the keeper wrote {v} on the back of the {n} invoice",
    "upstream.credential={v}",
]

HELD11F_LABELLED: list[tuple[str, str, Maker]] = [
    ("Redis requirepass", "# redis.conf\nbind 127.0.0.1\nrequirepass {v}", _pw),
    ("HAProxy insecure-password", "userlist ferryops\n    user admin insecure-password {v}", _pw),
    ("SQL IDENTIFIED BY", "CREATE USER 'ferry'@'%' IDENTIFIED BY '{v}';", _pw),
    ("Squid cache_peer login", "cache_peer proxy.river.example parent 3128 0 no-query login=ferry:{v}", _pw),
    (
        "preseed root password",
        "d-i passwd/root-password password {v}\nd-i passwd/root-password-again password {v}",
        _pw,
    ),
    ("olcRootPW", "dn: olcDatabase={{1}}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: {v}", _pw),
    ("unrar -p", "unrar x -p{v} logbook-1887.rar /srv/archive/", _pw),
    ("kubectl --from-literal", "kubectl create secret generic tides-db --from-literal=password={v}", _pw),
    ("supervisord password", "[inet_http_server]\nport=127.0.0.1:9001\nusername=keeper\npassword={v}", _pw),
    ("wget --password", "wget --user=keeper --password={v} https://archive.lighthouse.example/logs.tgz", _pw),
    ("CouchDB admins", "; local.ini\n[admins]\nkeeper = {v}", _pw),
    ("hdbuserstore", "hdbuserstore SET BACKUP hana01:30015 SYSTEM {v}", _pw),
    ("Oracle mkstore", "mkstore -wrl /u01/wallet -createCredential SEEDS seedadm {v}", _pw),
    (
        "FreeSWITCH param",
        '<user id="1001">\n  <params>\n    <param name="password" value="{v}"/>\n  </params>\n</user>',
        _pw,
    ),
    ("Prosody register", "prosodyctl register keeper lighthouse.example {v}", _pw),
    ("NickServ identify", "/msg NickServ IDENTIFY {v}", _pw),
    ("TeamSpeak serveradmin", "./ts3server serveradmin_password={v} license_accepted=1", _pw),
    ("steamcmd login", "steamcmd +login ferryops {v} +app_update 740 +quit", _pw),
    ("Factorio game password", '{{\n  "name": "River ferry",\n  "game_password": "{v}",\n  "max_players": 8\n}}', _pw),
    ("ARK admin password", "ShooterGameServer TheIsland?listen?SessionName=Ferry?ServerAdminPassword={v}", _pw),
    ("Pi-hole web password", "pihole -a -p {v}", _pw),
    ("EdgeOS plaintext-password", "set system login user keeper authentication plaintext-password {v}", _pw),
    ("Cisco password 7", "username keeper privilege 15 password 7 {v}", _type7),
    ("Consul gossip key", 'datacenter = "river"\nencrypt = "{v}"', lambda g: _b64(g, 32)),
    ("Node-RED credentialSecret", 'module.exports = {{\n    credentialSecret: "{v}",\n    uiPort: 1880,\n}}', _pw),
    ("Yggdrasil private key", "{{\n  PrivateKey: {v}\n  Listen: []\n}}", lambda g: _r(g, HEX, 128)),
    (
        "ZeroTier identity.secret",
        "$ cat /var/lib/zerotier-one/identity.secret\n{v}",
        lambda g: f"{_r(g, HEX, 10)}:0:{_r(g, HEX, 64)}:{_r(g, HEX, 128)}",
    ),
    ("Ceph keyring", '[client.observatory]\n\tkey = {v}\n\tcaps mon = "allow r"', lambda g: "AQ" + _b64(g, 28)[2:]),
    ("Tor ADD_ONION key", "ADD_ONION ED25519-V3:{v} Port=80,127.0.0.1:8080", lambda g: _b64(g, 64)),
    ("Laravel APP_KEY", "APP_NAME=SeedLibrary\nAPP_KEY=base64:{v}\nAPP_DEBUG=false", lambda g: _b64(g, 32)),
    (
        "dotenv-vault key",
        'DOTENV_KEY="dotenv://:key_{v}@dotenv.org/vault/.env.vault?environment=production"',
        lambda g: _r(g, HEX, 64),
    ),
    ("Fernet key", 'f = Fernet(b"{v}")', lambda g: base64.urlsafe_b64encode(g.randbytes(32)).decode()),
    ("express-session secret", 'app.use(session({{ secret: "{v}", resave: false }}))', _pw),
    ("WireGuard PresharedKey", "[Peer]\nPublicKey = {pub}\nPresharedKey = {v}", lambda g: _b64(g, 32)),
    ("ssh-keygen -N", "ssh-keygen -t ed25519 -N '{v}' -f ~/.ssh/telescope", _pw),
    ("Jenkins CLI auth", "java -jar jenkins-cli.jar -s https://ci.ferry.example/ -auth keeper:{v} list-jobs", _pw),
    ("Grafana CLI reset", "grafana-cli admin reset-admin-password {v}", _pw),
    ("Gitea admin create", "gitea admin user create --username keeper --email k@ferry.example --password {v}", _pw),
    ("mmctl user create", "mmctl user create --email keeper@ferry.example --username keeper --password {v}", _pw),
    ("Vault userpass", "vault write auth/userpass/users/keeper password={v} policies=tides", _pw),
    ("MinIO mc alias", "mc alias set nas http://nas.lan:9000 keeper {v}", _pw),
    (
        "Keycloak kcadm",
        "kcadm.sh config credentials --server http://kc:8080 --realm master --user admin --password {v}",
        _pw,
    ),
]
HELD11F_LABELLED_KINDS = {kind for kind, _, _ in HELD11F_LABELLED}


def _every(v: str, n: int, mark: str) -> str:
    return mark.join(v[i : i + n] for i in range(0, len(v), n))


def _cyrillic(v: str) -> str:
    return v.translate(str.maketrans("aeopcxyABEKMHOPCTX", "аеорсхуАВЕКМНОРСТХ"))


def _armenian(v: str) -> str:
    return v.translate(str.maketrans("oudghqn", "օսԁɡһԛո"))


def _fullwidth(v: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in v)


def _fullwidth_digits(v: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in v)


def _pieces(v: str, n: int) -> list[str]:
    return [v[i : i + n] for i in range(0, len(v), n)]


def _yaml_block(v: str) -> str:
    return "cred: >-\n" + "\n".join("  " + p for p in _pieces(v, 12))


def _json_array(v: str) -> str:
    return '"cred_parts": [' + ", ".join(f'"{p}"' for p in _pieces(v, 8)) + "]"


def _csv_rows(v: str) -> str:
    return "part,chunk\n" + "\n".join(f"{i},{p}" for i, p in enumerate(_pieces(v, 10), 1))


def _implicit_concat(v: str) -> str:
    return "CRED = (\n" + "\n".join(f'    "{p}"' for p in _pieces(v, 11)) + "\n)"


HELD11F_EVASIONS: list[tuple[str, Callable[[str], str]]] = [
    ("word joiner every 3", lambda v: _every(v, 3, "\u2060")),
    ("zero-width joiner every 2", lambda v: _every(v, 2, "\u200d")),
    ("BOM every 5", lambda v: _every(v, 5, "\ufeff")),
    ("soft hyphen every 2", lambda v: _every(v, 2, "\u00ad")),
    ("Cyrillic look-alikes", _cyrillic),
    ("Armenian and Latin-extended look-alikes", _armenian),
    ("full-width value", _fullwidth),
    ("full-width digits", _fullwidth_digits),
    ("base64 of the value", lambda v: "b64:" + base64.b64encode(v.encode()).decode()),
    ("base32 of the value", lambda v: base64.b32encode(v.encode()).decode()),
    ("hex for xxd -r -p", lambda v: "echo " + v.encode().hex() + " | xxd -r -p"),
    ("split over YAML folded lines", _yaml_block),
    ("split over a JSON string array", _json_array),
    ("split over CSV rows", _csv_rows),
    ("implicit string concatenation", _implicit_concat),
    ("spaced every 4", lambda v: _every(v, 4, " ")),
    ("dotted every 4", lambda v: _every(v, 4, ".")),
    ("tab between groups of 6", lambda v: _every(v, 6, "\t")),
    ("en dash every 5", lambda v: _every(v, 5, "\u2013")),
]
_ALONE = {
    "hex for xxd -r -p",
    "split over YAML folded lines",
    "split over a JSON string array",
    "split over CSV rows",
    "implicit string concatenation",
}
HELD11F_EVASION_CONTEXTS = [
    "found this in the keeper's handover doc:\n{v}\nnot sure what it unlocks",
    "from the ferry ops runbook (2019):\n\n{v}\n\nstill valid I think",
    "the telescope controller's settings page has\n{v}",
    "paste for later\n{v}",
    "seed library kiosk, admin screen:\n{v}",
]

PLACEHOLDERS = ("<token>", "YOUR_KEY_HERE", "xxxxxxxx", "${FERRY_TOKEN}", "changeme", "<redacted>", "REPLACE_ME")
VERSIONS = ("2.4.1", "v3.0.0-rc.1", "1.22.5", "0.9.14+build.77", "2025.3.0", "v7.1.0-beta.4")
CHESS = (
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7",
    "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6",
    "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6",
    "Qxd7+ Kxd7 Nf6+ Ke7 Nxh7 Rxh7 Bg5+ f6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4",
)
FEN = (
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
)
EQUATIONS = (
    "x^2 + 7x - 18 = 0",
    "3a2b + 4ab2 - 12a3",
    "E = mc^2",
    "d/dx (x^3 sin x) = 3x^2 sin x + x^3 cos x",
    "A = [[2, -1], [0, 3]]",
    "2H2 + O2 -> 2H2O",
)
TEST_CARDS = ("4111 1111 1111 1111", "5555 5555 5555 4444", "4000 0566 5566 5556", "3782 822463 10005")
EXAMPLE_KEYS = (
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "ghp_EXAMPLE0000000000000000000000000000",
)
PROSE_TEMPLATES = [
    "The lighthouse archive's tarball has sha256 {sha256}.",
    "sha1 of the ferry timetable export: {sha1}",
    "The md5 of the telescope firmware is {md5}, same as the vendor lists.",
    "Seed packet batch {uuid} was catalogued on Tuesday.",
    "Reverted {sha1}: it broke the tide chart rendering.",
    "Cherry-picked {short} onto the release branch.",
    "Pulled image registry.ferry.example/ops@sha256:{sha256} for the kiosk.",
    "My SSH public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64_43} keeper@lamp",
    "[Peer] PublicKey = {wgpub} for the ferry terminal.",
    "The minisign public key for releases is RWQ{b64_53}",
    "The server's TLS fingerprint (SHA-256) is {colonhex}.",
    "The mirror's onion address is {onion}.onion; it is public on the website.",
    "Our hidden service lives at http://{onion}.onion/ and anyone can visit it.",
    "I2P mirror: {b32_52}.b32.i2p",
    "The catalogue PDF is pinned at ipfs://bafybei{cid}.",
    "IPNS name for the seed list: k51qzi5uqu5d{ipns}",
    "Magnet link for the public-domain star atlas: magnet:?xt=urn:btih:{sha1}",
    "Use the test card {card} with any future expiry date in the sandbox.",
    "The AWS docs use {example} as the example key; it does not work anywhere.",
    "Set the key to {placeholder} in .env.example before committing.",
    "The SOPS file stores it as ENC[AES256_GCM,data:{b64_24},iv:{b64_43}=,tag:{b64_22}==,type:str], "
    "which is safe to commit.",
    "The game went {chess} before the keeper resigned.",
    "Position after the opening, in FEN: {fen}",
    "Solve {equation} for the homework sheet.",
    "The primer reads {codons} in the seed DNA barcode.",
    "Call the ferry office on +44 20 {phone3} {phone4} for timetable changes.",
    "The OCID of the bucket is ocid1.bucket.oc1.eu-frankfurt-1.{lnum60}.",
    "Role ARN: arn:aws:iam::{acct}:role/ferry-readonly",
    "The traceparent header was 00-{hex32}-{hex16}-01 when it failed.",
    "PostHog project key phc_{b62_43} is meant to sit in the page source.",
    "Stripe publishable key pk_live_{b62_24} goes in the donation widget; it is public.",
    "kubeadm join 10.0.0.5:6443 --discovery-token-ca-cert-hash sha256:{sha256} (the CA hash is public)",
    "Host key fingerprint SHA256:{b64_43} matches the one on the keeper's wiki.",
    "Git tag v{version} points at {short}.",
    'ETag of the catalogue JSON was "{hex32}".',
    "The password field must accept {n} characters or more, including unicode.",
    "Remember to rotate the ferry API token every {n} days; the wiki explains how.",
    "We store only the argon2 hash of each volunteer's password, never the password.",
    "Tx hash 0x{hex64} paid the observatory's dome repair.",
    "Donations go to bc1q{b32_38}, the trust's public address.",
    "| release | sha256 |\n| {version} | {sha256_a} |\n| {version2} | {sha256_b} |",
    "commit,author\n{sha1},keeper\n{sha1b},volunteer",
    "The checksum line reads {sha256}  seeds-{version}.tar.gz",
    "Telescope serial {serial}, mount serial {serial2}.",
    "Our PGP fingerprint is {pgp}.",
]


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for _round in range(9):
        for template in PROSE_TEMPLATES:
            data = g.randbytes(32)
            fields = {
                "sha256": hashlib.sha256(data).hexdigest(),
                "sha256_a": hashlib.sha256(data + b"a").hexdigest(),
                "sha256_b": hashlib.sha256(data + b"b").hexdigest(),
                "sha1": hashlib.sha1(data).hexdigest(),
                "sha1b": hashlib.sha1(data + b"b").hexdigest(),
                "md5": hashlib.md5(data).hexdigest(),
                "short": hashlib.sha1(data).hexdigest()[:8],
                "uuid": _uuid(g),
                "b64_43": _r(g, B64, 43),
                "b64_53": _r(g, B64, 53),
                "b64_24": _r(g, B64, 24),
                "b64_22": _r(g, B64, 22),
                "wgpub": _b64(g, 32),
                "colonhex": ":".join(_r(g, HEX_UP, 2) for _ in range(32)),
                "onion": _r(g, B32, 55) + "d",
                "b32_52": _r(g, B32, 52),
                "b32_38": _r(g, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38),
                "cid": _r(g, B32, 52),
                "ipns": _r(g, LOWER_NUM, 50),
                "card": g.choice(TEST_CARDS),
                "example": g.choice(EXAMPLE_KEYS),
                "placeholder": g.choice(PLACEHOLDERS),
                "chess": g.choice(CHESS),
                "fen": g.choice(FEN),
                "equation": g.choice(EQUATIONS),
                "codons": " ".join(_r(g, "ACGT", 3) for _ in range(g.randint(6, 10))),
                "phone3": str(g.randint(1000, 9999)),
                "phone4": str(g.randint(1000, 9999)),
                "lnum60": _r(g, LOWER_NUM, 60),
                "acct": _r(g, string.digits, 12),
                "hex32": _r(g, HEX, 32),
                "hex16": _r(g, HEX, 16),
                "hex64": _r(g, HEX, 64),
                "b62_43": _r(g, B62, 43),
                "b62_24": _r(g, B62, 24),
                "version": g.choice(VERSIONS),
                "version2": g.choice(VERSIONS),
                "n": g.choice((8, 12, 16, 30, 64, 90)),
                "serial": _r(g, UPPER_NUM, 10),
                "serial2": _r(g, B58, 9),
                "pgp": " ".join(_r(g, HEX_UP, 4) for _ in range(10)),
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


def _format_labelled(g: random.Random) -> list[tuple[str, str, Maker]]:
    return [(k, t.replace("{pub}", _b64(g, 32)), m) for k, t, m in HELD11F_LABELLED]


_SPLIT = Split(
    HALF,
    HELD11F_FORMATS,
    HELD11F_CONTEXTS,
    _format_labelled(random.Random(SEED + 1)),
    HELD11F_LABELLED_KINDS,
    HELD11F_EVASIONS,
    _ALONE,
    HELD11F_EVASION_CONTEXTS,
    (),
    {},
    lambda codes: codes,
    _prose,
    skipped=2,
    stride=3,
)


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held11f (deterministic for a seed): formats, evasions and ordinary sentences."""
    return _SPLIT.rows(seed)
