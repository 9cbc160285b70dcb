"""A held-out split of the secret corpus for stop 40's format and evasion work, ``s9``: written before tuning, read at the end.

Written by ``secrets9`` at the start of stop 40, before any scanner change, and not scored until the end (the
engineer tunes on ``held6`` and the older splits). Own seed, own value makers, own templates, from vendors'
published token shapes (prefix, alphabet, length; random bodies) and from how people paste credentials, never
from the scanner's rules:

- ``format``: vendor tokens no earlier split names (AI and model APIs: Groq, Perplexity, Replicate, Fireworks,
  OpenRouter, xAI, Voyage, ElevenLabs, Cartesia, Together; vector and data platforms: Pinecone, Supabase, Neon,
  Langfuse, LangSmith, Axiom, Honeycomb ingest keys; hosting and CI: Render, Netlify, Tailscale, Buildkite,
  CircleCI, Bitbucket app passwords, Browserbase; payments and mail: Razorpay, Flutterwave, Mollie, Paystack,
  Resend, Brevo; chat: Matrix access tokens; security APIs: VirusTotal, AbuseIPDB, Shodan; feature and content:
  Sanity, Storyblok; Weights & Biases and Cohere keys with no prefix), each in a line of its own kinds of context;
  values inside configuration files and command lines no earlier split uses (``wpa_supplicant.conf``, hostapd,
  iwd, ``.pypirc``, ``gradle.properties``, ``wp-config.php``, Laravel ``APP_KEY``, Rails ``master.key``,
  ``grafana.ini``, RabbitMQ, restic, borg, ``.boto``, ``msmtprc``, ``sssd.conf``, ``ldap.conf bindpw``, pgbouncer
  ``userlist.txt``, ``nmcli … wifi-sec.psk``, ``gpg --passphrase``, ``openssl enc -k``, ``kubeconfig token:``,
  ``composer auth.json``, ``terraform.tfvars``);
- ``evasion``: each single-line value under an evasion no earlier split names: a Hangul filler every 5,
  ideographic spaces between characters, mathematical double-struck letters, ``<wbr>`` every 5, a ``data:`` URI
  of base64, Python ``''.join(map(chr, […]))``, a Python list of characters joined, hex bytes with spaces through
  ``xxd -r -p``, a reversed Python literal ``'…'[::-1]``, the value split into two shell variables;
- ``prose``: ordinary sentences about these services and files that hold no credential (ids, hashes, ports,
  versions, placeholders, variable references).

Rows are ``secret_rows.Row`` with ``half == "s9"``. No stated-credential rows (that side is another engineer's).
"""

# ruff: noqa: E501  (the tables read best one entry a line)
from __future__ import annotations

import base64
import hashlib
import random
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, Row, rand

HALF = "s9"
SEED = 9_2026_12_06_17
Maker = Callable[[random.Random], str]


def _r(g: random.Random, alphabet: str, n: int) -> str:
    return rand(g, alphabet, n)


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128)))


S9_FORMATS: tuple[tuple[str, str, Maker], ...] = (
    ("Groq API key", "GROQ_API_KEY", lambda g: "gsk_" + _r(g, B62, 52)),
    ("Perplexity API key", "PPLX_API_KEY", lambda g: "pplx-" + _r(g, B62, 48)),
    ("Replicate API token", "REPLICATE_API_TOKEN", lambda g: "r8_" + _r(g, B62, 37)),
    ("Fireworks API key", "FIREWORKS_API_KEY", lambda g: "fw_" + _r(g, B62, 24)),
    ("OpenRouter key", "OPENROUTER_API_KEY", lambda g: "sk-or-v1-" + _r(g, HEX, 64)),
    ("xAI API key", "XAI_API_KEY", lambda g: "xai-" + _r(g, B62, 80)),
    ("Voyage AI key", "VOYAGE_API_KEY", lambda g: "pa-" + _r(g, B64URL, 43)),
    ("ElevenLabs API key", "ELEVENLABS_API_KEY", lambda g: "sk_" + _r(g, HEX, 48)),
    ("Cartesia API key", "CARTESIA_API_KEY", lambda g: "sk_car_" + _r(g, B62, 22)),
    ("Together AI key", "TOGETHER_API_KEY", lambda g: _r(g, HEX, 64)),
    ("Pinecone API key", "PINECONE_API_KEY", lambda g: "pcsk_" + _r(g, B62, 5) + "_" + _r(g, B62, 63)),
    ("Supabase secret key", "SUPABASE_SECRET_KEY", lambda g: "sb_secret_" + _r(g, B64URL, 31)),
    ("Neon API key", "NEON_API_KEY", lambda g: "napi_" + _r(g, LOWER_NUM, 64)),
    ("Langfuse secret key", "LANGFUSE_SECRET_KEY", lambda g: "sk-lf-" + _uuid(g)),
    ("LangSmith API key", "LANGSMITH_API_KEY", lambda g: "lsv2_pt_" + _r(g, HEX, 32) + "_" + _r(g, HEX, 10)),
    ("Axiom API token", "AXIOM_TOKEN", lambda g: g.choice(("xaat-", "xapt-")) + _uuid(g)),
    ("Honeycomb ingest key", "HONEYCOMB_API_KEY", lambda g: "hcaik_" + _r(g, LOWER_NUM, 58)),
    ("Render API key", "RENDER_API_KEY", lambda g: "rnd_" + _r(g, B62, 28)),
    ("Netlify personal token", "NETLIFY_AUTH_TOKEN", lambda g: "nfp_" + _r(g, B62, 36)),
    ("Tailscale auth key", "TS_AUTHKEY", lambda g: "tskey-auth-" + _r(g, B62, 17) + "-" + _r(g, B62, 33)),
    ("Buildkite API token", "BUILDKITE_API_TOKEN", lambda g: "bkua_" + _r(g, HEX, 40)),
    ("CircleCI personal token", "CIRCLE_TOKEN", lambda g: "CCIPAT_" + _r(g, B62, 22) + "_" + _r(g, HEX, 40)),
    ("Bitbucket app password", "BITBUCKET_APP_PASSWORD", lambda g: "ATBB" + _r(g, B62, 32) + _r(g, HEX, 8).upper()),
    ("Browserbase API key", "BROWSERBASE_API_KEY", lambda g: "bb_live_" + _r(g, B64URL, 27)),
    ("Razorpay key secret", "RAZORPAY_KEY_SECRET", lambda g: _r(g, B62, 24)),
    ("Flutterwave secret key", "FLW_SECRET_KEY", lambda g: "FLWSECK-" + _r(g, HEX, 32) + "-X"),
    ("Mollie API key", "MOLLIE_API_KEY", lambda g: g.choice(("live_", "test_")) + _r(g, B62, 30)),
    ("Paystack secret key", "PAYSTACK_SECRET_KEY", lambda g: "sk_live_" + _r(g, HEX, 40)),
    ("Resend API key", "RESEND_API_KEY", lambda g: "re_" + _r(g, B62, 8) + "_" + _r(g, B62, 24)),
    ("Brevo API key", "BREVO_API_KEY", lambda g: "xkeysib-" + _r(g, HEX, 64) + "-" + _r(g, B62, 16)),
    ("Matrix access token", "MATRIX_ACCESS_TOKEN", lambda g: "syt_" + _r(g, B64URL, 12) + "_" + _r(g, B62, 20) + "_" + _r(g, B62, 6)),
    ("VirusTotal API key", "VT_API_KEY", lambda g: _r(g, HEX, 64)),
    ("AbuseIPDB key", "ABUSEIPDB_KEY", lambda g: _r(g, HEX, 80)),
    ("Shodan API key", "SHODAN_API_KEY", lambda g: _r(g, B62, 32)),
    ("Sanity token", "SANITY_API_TOKEN", lambda g: "sk" + _r(g, B62, 180)),
    ("Storyblok token", "STORYBLOK_TOKEN", lambda g: _r(g, B62, 22) + "tt"),
    ("Weights & Biases key", "WANDB_API_KEY", lambda g: _r(g, HEX, 40)),
    ("Cohere API key", "CO_API_KEY", lambda g: _r(g, B62, 40)),
    ("Mistral API key", "MISTRAL_API_KEY", lambda g: _r(g, B62, 32)),
    ("Deepgram API key", "DEEPGRAM_API_KEY", lambda g: _r(g, HEX, 40)),
)  # fmt: skip

S9_CONTEXTS = (
    "added to fly secrets: {n}={v}",
    '- name: {n}\n  value: "{v}"',
    "my local .env has {n}='{v}' for now",
    'curl -H "Authorization: Bearer {v}" https://api.example.dev/v1/models',
    '{{"{n}": "{v}"}}',
    "set it with `gh secret set {n} --body {v}`",
    "the key from the console, copy it before it disappears: {v}",
    '[env]\n{n} = "{v}"',
    "docker run -e {n}={v} ghcr.io/acme/worker:latest",
    "@{n} = {v}",
    "for k6: -e {n}={v}",
    "vercel env add {n} production <<< {v}",
)


def _pw(g: random.Random) -> str:
    """A password a person picks or a generator makes (no quotes, no spaces)."""
    words = ("Marram", "osprey", "Tidewater", "quince", "Larchmont", "fennel", "Cobble", "plover", "Heron", "sorrel")
    return g.choice(
        (
            g.choice(words) + g.choice(("", "-", "!", "#")) + str(g.randint(1, 99999)),
            g.choice(words).lower() + g.choice(words) + str(g.randint(10, 99)) + g.choice(("$", "&", "?")),
            _r(g, B62 + "!#%*-_+", g.randint(12, 24)),
            str(g.randint(10**8, 10**11)),
        )
    )


def _laravel(g: random.Random) -> str:
    return "base64:" + base64.b64encode(g.randbytes(32)).decode()


S9_LABELLED: tuple[tuple[str, str, Maker], ...] = (
    ("wpa_supplicant psk", 'network={{\n    ssid="Larch-Lab"\n    psk="{v}"\n    key_mgmt=WPA-PSK\n}}', _pw),
    ("hostapd wpa_passphrase", "interface=wlan0\nssid=Tidewater-Guest\nwpa=2\nwpa_passphrase={v}\nwpa_key_mgmt=WPA-PSK", _pw),
    ("iwd Passphrase", "[Security]\nPassphrase={v}\n\n[Settings]\nAutoConnect=true", _pw),
    (".pypirc password", "[pypi]\nusername = __token__\npassword = {v}", lambda g: "pypi-AgEIcHlwaS5vcmc" + _r(g, B64URL, 60)),
    ("gradle.properties signing password", "signing.keyId=24875D73\nsigning.password={v}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg", _pw),
    ("wp-config DB_PASSWORD", "define( 'DB_NAME', 'shop' );\ndefine( 'DB_USER', 'shop' );\ndefine( 'DB_PASSWORD', '{v}' );", _pw),
    ("wp-config AUTH_KEY", "define( 'AUTH_KEY', '{v}' );", lambda g: _r(g, B62 + "!@#%^*()-_[]{}<>~+=,.;:/?|", 64)),
    ("Laravel APP_KEY", "APP_NAME=Shopfront\nAPP_ENV=production\nAPP_KEY={v}\nAPP_DEBUG=false", _laravel),
    ("Rails master.key", "cat config/master.key\n{v}", lambda g: _r(g, HEX, 32)),
    ("grafana.ini admin_password", "[security]\nadmin_user = admin\nadmin_password = {v}", _pw),
    ("RabbitMQ default_pass", "# rabbitmq.conf\ndefault_user = ops\ndefault_pass = {v}\nlisteners.tcp.default = 5672", _pw),
    ("restic password env", "export RESTIC_REPOSITORY=s3:s3.amazonaws.com/acme-backups\nexport RESTIC_PASSWORD={v}", _pw),
    ("borg passphrase env", "BORG_PASSPHRASE='{v}' borg create ::'{{hostname}}-{{now}}' /srv", _pw),
    (".boto secret", "[Credentials]\ngs_access_key_id = GOOGTS7C7FUP3AIRVJTE2BCD\ngs_secret_access_key = {v}", lambda g: _r(g, B64, 40)),
    ("msmtprc password", "account gmail\nhost smtp.gmail.com\nport 587\nuser alerts@acme.example\npassword {v}", lambda g: _r(g, "abcdefghijklmnopqrstuvwxyz", 16)),
    ("sssd ldap_default_authtok", "[domain/acme]\nldap_default_bind_dn = cn=sssd,ou=svc,dc=acme,dc=example\nldap_default_authtok = {v}", _pw),
    ("ldap.conf bindpw", "binddn cn=nss,dc=acme,dc=example\nbindpw {v}\nbase dc=acme,dc=example", _pw),
    ("pgbouncer userlist", '"app" "{v}"\n"stats" "md5a1b2c3d4e5f60718293a4b5c6d7e8f9"', _pw),
    ("nmcli wifi-sec.psk", 'nmcli connection add type wifi ifname wlan0 con-name lab ssid Larch-Lab wifi-sec.key-mgmt wpa-psk wifi-sec.psk "{v}"', _pw),
    ("gpg --passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '{v}' -d backup.tar.gpg", _pw),
    ("openssl enc -k", "openssl enc -aes-256-cbc -pbkdf2 -salt -in dump.sql -out dump.sql.enc -k {v}", _pw),
    ("kubeconfig token", "users:\n- name: ci\n  user:\n    token: {v}", lambda g: _r(g, B64URL, 72)),
    ("composer auth.json", '{{\n    "http-basic": {{\n        "repo.packagist.com": {{\n            "username": "token",\n            "password": "{v}"\n        }}\n    }}\n}}', lambda g: _r(g, HEX, 48)),
    ("terraform.tfvars db_password", 'region      = "eu-west-2"\ndb_username = "app"\ndb_password = "{v}"', _pw),
    ("Jenkins API token in curl", "curl -X POST -u deploy:{v} https://ci.acme.example/job/release/build", lambda g: "11" + _r(g, HEX, 32)),
)  # fmt: skip
S9_LABELLED_KINDS = frozenset(kind for kind, _, _ in S9_LABELLED)


_DOUBLE_STRUCK_UPPER_HOLES = {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}


def _double_struck(s: str) -> str:
    out: list[str] = []
    for c in s:
        if c in _DOUBLE_STRUCK_UPPER_HOLES:
            out.append(_DOUBLE_STRUCK_UPPER_HOLES[c])
        elif "A" <= c <= "Z":
            out.append(chr(0x1D538 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x1D552 + ord(c) - ord("a")))
        elif "0" <= c <= "9":
            out.append(chr(0x1D7D8 + ord(c) - ord("0")))
        else:
            out.append(c)
    return "".join(out)


def _between(s: str, mark: str, step: int) -> str:
    return mark.join(s[i : i + step] for i in range(0, len(s), step))


S9_EVASIONS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("Hangul filler every 5", lambda s: _between(s, "\u3164", 5)),
    ("ideographic space between characters", lambda s: "\u3000".join(s)),
    ("mathematical double-struck", _double_struck),
    ("<wbr> every 5", lambda s: _between(s, "<wbr>", 5)),
    ("data: URI of base64", lambda s: "data:text/plain;base64," + base64.b64encode(s.encode()).decode()),
    ("Python map(chr, ...)", lambda s: "''.join(map(chr, [" + ", ".join(str(ord(c)) for c in s) + "]))"),
    ("Python list of characters joined", lambda s: "''.join([" + ", ".join(repr(c) for c in s) + "])"),
    ("spaced hex bytes through xxd -r -p", lambda s: "echo '" + " ".join(f"{b:02x}" for b in s.encode()) + "' | xxd -r -p"),
    ("reversed Python literal", lambda s: repr(s[::-1]) + "[::-1]"),
    ("two shell variables", lambda s: f'A="{s[: len(s) // 2]}"; B="{s[len(s) // 2 :]}"; echo "$A$B"'),
)  # fmt: skip
S9_EVASION_CONTEXTS = (
    "this is how it sits in the old deploy notes: {v}",
    "KEY ::= {v}",
    "obfuscated so the pre-commit hook stays quiet: {v}",
    "{v}   # works, tested",
    "token for the nightly job -> {v}",
)
_ALONE = ("data: URI of base64", "Python map(chr, ...)", "Python list of characters joined", "spaced hex bytes through xxd -r -p", "reversed Python literal", "two shell variables")  # fmt: skip


S9_PROSE = (
    "{service} rotated our {thing} on {date}; the new one is in the vault under ops/{service_l}.",
    "The {service} dashboard shows request id {uuid} for the failed call.",
    "export {service_u}_API_KEY=$(op read op://ops/{service_l}/credential)",
    "{service_u}_API_KEY is read from the environment; never hard-code it.",
    "The {service} SDK reads {service_u}_TOKEN, see the README.",
    "Build {build} of the worker image has digest sha256:{sha256}.",
    "commit {sha} moves the {service} client to v{version}",
    "The wpa_supplicant.conf on the Pi uses key_mgmt=WPA-PSK and the psk comes from the provisioning script.",
    "hostapd runs on channel {n} with wpa=2; the passphrase is on the label.",
    "Laravel's APP_KEY must be set with php artisan key:generate before the first deploy.",
    "Rails reads config/master.key or RAILS_MASTER_KEY; neither goes into git.",
    "restic needs RESTIC_PASSWORD_FILE=/etc/restic/pass; the file is root-only.",
    "borg init --encryption=repokey-blake2 asks for the passphrase twice.",
    "grafana.ini: admin_password = $__file{{/run/secrets/grafana_admin}}",
    "The .pypirc uses username = __token__ and the token comes from the CI secret.",
    "gpg --pinentry-mode loopback needs --passphrase-file, not the passphrase inline.",
    "openssl enc -pbkdf2 -pass env:BACKUP_PASS -in dump.sql is what the cron job runs.",
    "nmcli prompts for wifi-sec.psk when you leave it out.",
    "The terraform.tfvars file lists db_username but db_password comes from TF_VAR_db_password.",
    "The kubeconfig for CI uses an exec plugin, so no token is stored in it.",
    "The {service} key has {n} scopes; we only need read.",
    "Tailscale auth keys expire after {n} days unless you make them reusable.",
    "Pinecone index {index} has {n}024 dimensions.",
    "The Langfuse trace {uuid} shows the slow retrieval step.",
    "Axiom dataset {service_l}-logs keeps {n}0 days of events.",
    "Honeycomb team slug is acme-{service_l}; the environment is prod.",
    "The Groq model is llama-3.3-70b-versatile, rate limit {n}0 requests a minute.",
    "OpenRouter charges per token; our budget is {n}00 dollars a month.",
    "VirusTotal flagged {n} of 70 engines for the sample {sha256}.",
    "AbuseIPDB confidence score for 203.0.113.{n} was {n}5%.",
    "Shodan shows port {port} open on the old bastion.",
    "Weights & Biases run {run} logged {n}0k steps.",
    "Resend webhook id {uuid} delivered {n} events.",
    "Mollie payment tr_{b62_10} was refunded.",
    "Razorpay order order_{b62_14} is still pending.",
    "The Matrix room !{b62_18}:matrix.example.org is where alerts go.",
    "Buildkite build #{n}{n}{n} failed on the lint step.",
    "CircleCI pipeline {uuid} is stuck waiting for an executor.",
    "Netlify deploy id {hex24} is the one to roll back to.",
    "Render service srv-{lower20} restarts every night at 03:00.",
    "Neon branch br-{lower8}-{lower8} holds the staging data.",
    "Supabase project ref is {lower20}; it is public, it is in the URL.",
    "The Bitbucket workspace slug is acme-{service_l}.",
    "The Storyblok space id is {space}.",
    "Sanity project id {lower8}, dataset production.",
    "{person} asked who owns the {service} {thing}; it is {person2}.",
    "{person} revoked the {service} {thing} after the laptop was stolen.",
    "The {service} {thing} expires on {date}, {person} will renew it.",
    "Don't paste the {service} {thing} into the ticket, link the vault item.",
    "The {service} free tier allows {n} keys per account.",
    "The pgbouncer userlist.txt holds md5 hashes, generated by the ansible role.",
    "The sssd.conf ldap_default_authtok_type is obfuscated_password on the old hosts.",
    "We moved the msmtp password to passwordeval with pass show mail/alerts.",
    "ldap.conf uses bindpw from /etc/ldap.secret, mode 600.",
    "The composer auth.json lives in ~/.config/composer and is not committed.",
    "Run `wandb login` and paste the key when it asks.",
    "The Jenkins API token for deploy was regenerated by {person}.",
    "The RabbitMQ default_user is guest only on localhost.",
    "The iwd config dir is /var/lib/iwd and each network is one file.",
    "Seed {seed} reproduces the flaky test on the {service} client.",
    "The checksum of the release tarball is {md5}.",
    "Ticket {ticket} asks for a second {service} key for the staging project.",
    "Cohere's embed-multilingual model returns 1024 dimensions.",
    "Mistral's tokenizer counts {n}% more tokens for German text.",
    "Deepgram transcribed {n}0 minutes of the call with nova-2.",
    "The xAI endpoint is https://api.x.ai/v1 and the model is grok-2.",
    "ElevenLabs voice id {b62_20} is the narrator.",
    "Brevo sends from noreply@acme.example, {n}00 mails a day on our plan.",
    "Voyage embeddings are {n}024-dimensional with voyage-3.",
    "The Fireworks deployment accounts/acme/deployedModels/{lower8} is warm.",
    "Perplexity sonar-pro answered in {n}.{n} seconds.",
    "Replicate prediction {lower20} finished in {n} seconds.",
    "LangSmith project acme-{service_l} has {n}00 traces today.",
    "Paystack transfer code TRF_{lower10} went through.",
    "Flutterwave tx_ref acme-{n}{n}{n}{n} was verified.",
)

SERVICES = ("Groq", "Pinecone", "Langfuse", "Axiom", "Netlify", "Render", "Buildkite", "Resend", "Mollie", "Tailscale", "Neon", "Sanity")  # fmt: skip
THINGS = ("API key", "token", "auth key", "secret key", "ingest key", "app password", "access token", "personal token")
PEOPLE = ("Marisol", "Oskar", "Thandiwe", "Bao", "Grainne", "Idris", "Lucía", "Hemi", "Anouk", "Farid")


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for template in S9_PROSE:
        for _ in range(5):
            service = g.choice(SERVICES)
            fields = {
                "service": service,
                "service_l": service.lower(),
                "service_u": service.upper(),
                "thing": g.choice(THINGS),
                "person": g.choice(PEOPLE),
                "person2": g.choice(PEOPLE),
                "n": g.choice((2, 3, 4, 5, 6, 7, 8, 9)),
                "port": g.choice((8080, 9200, 5601, 6379, 27017, 3000)),
                "date": f"2027-{g.randint(1, 12):02d}-{g.randint(1, 28):02d}",
                "uuid": _uuid(g),
                "sha": _r(g, HEX, 40),
                "sha256": hashlib.sha256(g.randbytes(16)).hexdigest(),
                "md5": hashlib.md5(g.randbytes(16)).hexdigest(),
                "build": g.randint(1000, 99999),
                "version": f"{g.randint(0, 4)}.{g.randint(0, 30)}.{g.randint(0, 9)}",
                "index": g.choice(("docs-prod", "support-v2", "search-eu")),
                "run": _r(g, LOWER_NUM, 8),
                "seed": g.choice((0, 7, 42, 1337, 2027)),
                "b62_10": _r(g, B62, 10),
                "b62_14": _r(g, B62, 14),
                "b62_18": _r(g, B62, 18),
                "b62_20": _r(g, B62, 20),
                "hex24": _r(g, HEX, 24),
                "lower20": _r(g, "abcdefghijklmnopqrstuvwxyz", 20),
                "lower10": _r(g, LOWER_NUM, 10),
                "lower8": _r(g, LOWER_NUM, 8),
                "space": g.randint(100000, 999999),
                "ticket": f"OPS-{g.randint(100, 9999)}",
            }
            text = template.format(**fields)
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "ordinary sentence", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the s9 split (deterministic for a seed): formats, evasions, prose."""
    g = random.Random(seed)
    formats: list[Row] = []
    for f_index, (kind, name, make) in enumerate(S9_FORMATS):
        for k in range(3):
            value = make(g)
            context = S9_CONTEXTS[(f_index * 7 + k * 5) % len(S9_CONTEXTS)]
            formats.append(Row(HALF, "format", kind, context.format(v=value, n=name), value))
    for kind, template, make in S9_LABELLED:
        for _ in range(3):
            value = make(g)
            formats.append(Row(HALF, "format", kind, template.format(v=value), value))
    out = list(formats)
    for index, row in enumerate(formats):
        if "\n" in row.secret or " " in row.secret or "'" in row.secret or index % 3 == 2:
            continue
        for e_index, (name, evade) in enumerate(S9_EVASIONS):
            if (index + index // 3 + e_index) % 3:  # a third of the evasions per value, each in turn
                continue
            evaded = evade(row.secret)
            if name not in _ALONE and (row.kind in S9_LABELLED_KINDS or (index + e_index) % 2):
                text = row.text.replace(row.secret, evaded)
            else:
                text = S9_EVASION_CONTEXTS[(index + e_index) % len(S9_EVASION_CONTEXTS)].format(v=evaded)
            out.append(Row(HALF, "evasion", f"evasion: {name}", text, row.secret))
    out += list(_prose(g))
    return out


def main() -> None:
    """Print this split's sizes (rows per group and kinds); never its scores."""
    from collections import Counter

    out = rows()
    print(Counter(r.group for r in out))
    print(
        len({r.kind for r in out if r.group == "format"}),
        "format kinds;",
        len({r.kind for r in out if r.group == "evasion"}),
        "evasions",
    )


if __name__ == "__main__":
    main()
