"""Round 6 of the secret scanner (issue 28): the classes the held3 split still stored, each pinned in a general form
(values, vendors and tools made up here, not the corpus's), beside the ordinary text each must leave alone:

1. code that builds a value: a shell or C line continuation, adjacent string literals joined by any language's
   concatenation;
2. an encoding a reader undoes with one command: base64 wrapped over lines (MIME), hex (bare, ``0x``, ``\\x``);
3. a value its label, file format or flag tells: password-named keys, XML elements, a libpq password file line,
   ``--password=``, ``-pw``, MySQL's glued ``-p``, ``-u name:password``, an SNMP community, ``key`` before hex;
4. a vendor token with a UUID body after a credential-naming prefix, or a base64url/base32 body cut by separators;
5. password nouns from the second maintained source and Hebrew's attached article; a Latin-letter value after a
   non-Latin noun;
6. stated credentials without a noun-copula slot: login pairs, chat shorthand, PINs value first and after a verb,
   security answers.
"""

from __future__ import annotations

import base64

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.errors import SecretDetectedError
from contextlamp.storage import StoreRegistry

SCANNER = SecretScanner()
TOKEN = "glsoat-" + "Qm7RvX2pLk9WcT4zNb8H"  # a GitLab-shaped token (made up)


def _refused(text: str, secret: str) -> None:
    assert SCANNER.kinds(text), text
    assert secret not in SCANNER.redact(text), text


def _clean(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


# -- 1. code that builds a value ------------------------------------------------------------------------------

BUILT = [
    "TOKEN=" + TOKEN[:11] + "\\\n" + TOKEN[11:],  # shell continuation
    '    token: "' + TOKEN[:9] + "\\\n      " + TOKEN[9:] + '"',  # YAML escaped line break, indented
    'key = "' + TOKEN[:8] + '" + "' + TOKEN[8:] + '"',  # Python / Java / JavaScript
    "$k = '" + TOKEN[:10] + "' . '" + TOKEN[10:] + "';",  # PHP
    "select '" + TOKEN[:12] + "' || '" + TOKEN[12:] + "'",  # SQL
    'const char *k = "' + TOKEN[:7] + '" "' + TOKEN[7:] + '";',  # C adjacent literals
    'k = (\n    "' + TOKEN[:13] + '"\n    "' + TOKEN[13:] + '"\n)',  # Python literals over lines
    'local k = "' + TOKEN[:6] + '" .. "' + TOKEN[6:] + '"',  # Lua
]


@pytest.mark.parametrize("text", BUILT)
def test_a_token_built_by_code_is_refused(text: str) -> None:
    _refused(text, TOKEN[11:] if "\\\n" in text and "TOKEN=" in text else TOKEN[-6:])


@pytest.mark.parametrize(
    "text",
    [
        'greeting = "Hello, " + name + "!"',
        'msg = "Disk " "usage " "high"',
        "docker run \\\n  --name web \\\n  -p 8080:80 nginx",
        "label = 'Total: ' . $count . ' items'",
        "SELECT first_name || ' ' || last_name FROM staff",
    ],
)
def test_concatenation_and_continuation_of_ordinary_strings_is_storable(text: str) -> None:
    _clean(text)


# -- 2. encodings ---------------------------------------------------------------------------------------------


def test_base64_wrapped_over_lines_is_decoded() -> None:
    encoded = base64.b64encode(TOKEN.encode()).decode()
    wrapped = "\n".join(encoded[i : i + 12] for i in range(0, len(encoded), 12))
    for text in (wrapped, "here it is:\n" + wrapped, "  " + wrapped.replace("\n", "\n  ") + "\nthanks"):
        _refused(text, encoded[12:24])


def test_hex_is_decoded() -> None:
    hexed = TOKEN.encode().hex()
    for text in (hexed, f'bytes.fromhex("{hexed}")', "0x" + hexed, "".join(f"\\x{b:02x}" for b in TOKEN.encode())):
        assert SCANNER.kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "echo " + base64.b64encode(b"the nightly backup finished").decode() + " | base64 -d",
        "Commit 4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e fixed the test.",
        "The payload was " + b"nothing secret in here".hex() + " in hex.",
    ],
)
def test_encoded_ordinary_text_and_hashes_are_storable(text: str) -> None:
    _clean(text)


# -- 3. labelled values ---------------------------------------------------------------------------------------

LABELLED = [
    ("REPORTING_DB_PASSWORD=quietharbour", "quietharbour"),
    ("spring.mail.password=Lanternfish", "Lanternfish"),
    ("<server>\n  <password>otterpond</password>\n</server>", "otterpond"),
    ("backup.lan:5432:*:archiver:mossygate", "mossygate"),
    ("./migrate --db-password=copperkettle --dry-run", "copperkettle"),
    ("plink -ssh ops@10.2.0.4 -pw willowbark", "willowbark"),
    ("mysqldump -u root -pbluefinch ledger > ledger.sql", "bluefinch"),
    ("curl -u ci:pinecrest https://builds.lan/api/json", "pinecrest"),
    ("snmp-server community h4rbor-view RO", "h4rbor-view"),
    ("SNMP community string: grebe2024", "grebe2024"),
    ("snmp_community = k3stral-ops", "k3stral-ops"),
    ("vendor key 9B2E4F60A1C3D5E7F8091A2B3C4D5E6F", "9B2E4F60A1C3D5E7F8091A2B3C4D5E6F"),
]


@pytest.mark.parametrize(("text", "secret"), LABELLED)
def test_a_value_its_label_tells_is_refused_whatever_its_shape(text: str, secret: str) -> None:
    _refused(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "ssh -p 2222 ops@bastion.lan",
        "docker run -p 8080:80 nginx",
        "mysql -h db.lan -P 3306 -u readonly --password",
        "docker login -u ci --password-stdin < token.txt",
        "password: str",
        "DB_PASSWORD=${DB_PASSWORD}",
        "admin_password = var.admin_password",
        "openssl rsa -in key.pem -passin env:KEY_PASS -out plain.pem",
        "The printer is at aa:bb:cc:dd:ee:ff on floor 3.",
        "The cache key 9b2e4f60a1c3d5e7f8091a2b3c4d5e6f expired.",
        "It was amazing seeing the community come together.",
        "1. A stronger sense of community: Small towns often have a close-knit feel.",  # a LoCoMo-style list
        'curl -u "$USER:$TOKEN" https://ci.lan/api',
    ],
)
def test_flags_ports_types_and_sources_are_storable(text: str) -> None:
    _clean(text)


# -- 4. vendor token bodies -----------------------------------------------------------------------------------

UUID = "5d0c9e1a-3b7f-4c2d-9a8e-1f6b2c3d4e5a"


@pytest.mark.parametrize("prefix", ["pat-eu1-", "sdk-", "RGAPI-", "access-sandbox-", "sk-xy-", "apikey_"])
def test_a_uuid_body_after_a_credential_prefix_is_refused(prefix: str) -> None:
    _refused(f"use {prefix}{UUID} for the job", UUID)


@pytest.mark.parametrize("prefix", ["order-", "req_", "tenant-id: ", "pk-lf-", "/subscriptions/"])
def test_a_uuid_after_an_identifier_prefix_is_storable(prefix: str) -> None:
    _clean(f"see {prefix}{UUID} in the logs")


@pytest.mark.parametrize(
    "token",
    ["qk-Zr4_TbW9x-LmQ2v7Nc_Hp8", "vndr-k3m9x2q7w4p8z1n6-r5t8y2u4i7o9p3a6", "ab_v2_app_" + "mz4q7xk2p5w8n3r6t9" * 3],
)
def test_a_vendor_body_cut_by_separators_is_refused(token: str) -> None:
    _refused(f"new key {token}", token[-8:])


# -- 5. nouns and scripts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Parool: kaheksajalg7", "kaheksajalg7"),  # Estonian, from Linux-PAM and GTK
        ("Serveri parool on Tuuleveski#88", "Tuuleveski#88"),
        ("הסיסמה היא mandarinka", "mandarinka"),  # Hebrew with the article, a plain-word value
        ("והסיסמה של הראוטר היא copper lantern", "copper lantern"),
        ("รหัสผ่าน wifi คือ sandpiper", "sandpiper"),  # Thai, a Latin value
    ],
)
def test_password_nouns_from_the_second_source_and_attached_articles(text: str, secret: str) -> None:
    _refused(text, secret.split()[-1])


@pytest.mark.parametrize(
    "text",
    [
        "Parool peab olema vähemalt 12 märki pikk.",
        "הסיסמה חייבת להכיל לפחות 8 תווים.",
        "הסיסמה של wifi נמצאת על המדבקה.",
        "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร",
    ],
)
def test_prose_about_passwords_in_those_languages_is_storable(text: str) -> None:
    _clean(text)


# -- 6. phrasings without a slot ------------------------------------------------------------------------------

PHRASED = [
    ("log in as operator / tangerine dusk", "tangerine"),
    ("creds are kiosk and velvetmoth", "velvetmoth"),
    ("pw: brackenfold", "brackenfold"),
    ("guest wifi pass: heron heron kite", "heron heron kite"),
    ("4817 is the code for the back gate", "4817"),
    ("I set the voicemail PIN to 90215", "90215"),
    ("the combination to the gym locker is 3141", "3141"),
    ("Use code 7702 at the parcel locker", "7702"),
    ("Q: name of your first pet? A: Pumpernickel", "Pumpernickel"),
    ("security question - childhood street: Larkspur", "Larkspur"),
    ("memorable information: Quarrybank", "Quarrybank"),
]


@pytest.mark.parametrize(("text", "secret"), PHRASED)
def test_credentials_stated_without_a_slot_are_refused(text: str, secret: str) -> None:
    _refused(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "500 is the status code for a server error",
        "94110 is the zip code for the office",
        "Q: How do I reset it? A: Use the link in the email.",
        "Show your boarding pass: it is on the app.",
        "use SSO to log in, not a password",
        "The combination of both fixes worked.",
        "log in as admin / root is disabled on prod",
    ],
)
def test_prose_that_looks_like_those_phrasings_is_storable(text: str) -> None:
    _clean(text)


def test_save_context_refuses_each_class_and_names_the_kind(tmp_path) -> None:
    """Through the product: save_context refuses one instance of each class, names a kind and never the value."""
    embedder = FakeEmbedder()
    registry = StoreRegistry(tmp_path, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    caller = Caller(service.principal("t"), "t")
    try:
        for text, secret in [(BUILT[2], TOKEN), LABELLED[0], PHRASED[4], ("הסיסמה היא mandarinka", "mandarinka")]:
            with pytest.raises(SecretDetectedError) as refused:
                service.save_context(caller, text)
            assert secret not in str(refused.value)
    finally:
        registry.close()
