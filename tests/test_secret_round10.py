"""#28, stop 40 (secrets9): an evasion of a value is the value, and a value someone hid is a secret by its shape.

held6's stored formats and evasions came in classes: values hidden behind a transformation a shell or an interpreter
undoes in one step (reversed, ROT13, character codes, octal escapes, hex through xxd, cut into code spans), characters
hidden inside a token (invisible characters, look-alikes, mathematical letters, hair spaces, empty HTML comments),
and credentials whose place in a file format or protocol is the label (an Authorization header of any scheme, -p
after -u, NAME VALUE directives, .NET key/value elements, Dovecot {PLAIN}, Postfix sasl_passwd, URL query keys).
Each class is pinned here at the user level with made-up values, each beside ordinary text of the same shape that
stays storable.
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

GITLAB = "glpat-" + "Xq7Lm2Pz9TkRw4Yb8NvC"  # a GitLab personal access token's shape (Betterleaks gitlab-pat)
RANDOM = "Kq7vR2mZ9xLp4TnW8sYbH3"  # random base62, no prefix
HEX = "9c1e4b7a2f6d8035ae1c4f7b9d2e6a80"  # 32 hex digits, no label


def _rot13(value: str) -> str:
    import codecs

    return codecs.encode(value, "rot13")


HIDDEN = [
    # a shell pipeline from echo through a filter: the known format, or any credential-shaped token
    f"export GL_TOKEN=$(echo '{GITLAB[::-1]}' | rev)",
    f"echo '{_rot13(GITLAB)}' | tr 'A-Za-z' 'N-ZA-Mn-za-m'",
    "DB_PASSWORD=$(echo '53 6f 72 72 65 6c 2d 35 32 2d 61 6e 63 68 6f 72' | xxd -r -p)",
    f"token from the old script: echo '{RANDOM[::-1]}' | rev",
    # reversed literals, ROT13 and character codes in code
    f"key = '{GITLAB[::-1]}'[::-1]",
    f"k = codecs.decode('{_rot13(RANDOM)}', 'rot13')",
    "const t = String.fromCharCode(" + ",".join(str(ord(c)) for c in GITLAB) + ");",
    "secret = ''.join(map(chr, [" + ", ".join(str(ord(c)) for c in RANDOM) + "]))",
    "pw = bytes([" + ",".join(str(ord(c)) for c in "Heron!Pail27x") + "]).decode()",
    "$k = " + ".".join(f"chr({ord(c)})" for c in RANDOM) + ";",
    "tok = ''.join([" + ", ".join(repr(c) for c in RANDOM) + "])",
    "TOKEN=$'" + "".join(f"\\{ord(c):03o}" for c in GITLAB) + "'",
    # a value cut into code spans
    f"the token is `{GITLAB[:11]}` and then `{GITLAB[11:]}`",
]


@pytest.mark.parametrize("text", HIDDEN)
def test_a_hidden_value_is_refused_and_redacted(text: str) -> None:
    assert SCANNER.kinds(text)
    redacted = SCANNER.redact(text)
    for value in (GITLAB, RANDOM, GITLAB[::-1], RANDOM[::-1], _rot13(GITLAB), _rot13(RANDOM)):
        assert value not in redacted


HIDDEN_IN_TOKEN = [
    "value for tonight: " + "\u200c".join(HEX[i : i + 4] for i in range(0, 32, 4)),  # ZWNJ every 4
    "value for tonight: " + "\u180e".join(RANDOM[i : i + 5] for i in range(0, len(RANDOM), 5)),  # Mongolian VS
    "use this one: " + "\u200a".join(HEX),  # hair spaces
    "use this one: " + "".join(chr(0x1D7F6 + int(c)) if c.isdigit() else chr(0x1D68A + ord(c) - 97) for c in HEX),
    "copy: " + "<!---->".join(RANDOM[i : i + 6] for i in range(0, len(RANDOM), 6)),  # empty HTML comments
    "copy: " + "<wbr>".join(GITLAB[i : i + 5] for i in range(0, len(GITLAB), 5)),
]


@pytest.mark.parametrize(
    "text",
    [
        # spacing that starts right after an option is the option's value, not glued to it
        f"vendor login --token {'  '.join(RANDOM)}",
        f"tool --password={'  '.join('Mango7tofu$')} --single-transaction",
        # a fence opened right after a label holds the label's value
        f"API_SECRET: ```\n{HEX}\n```",
    ],
)
def test_an_evasion_next_to_its_label_is_the_labelled_value(text: str) -> None:
    assert SCANNER.kinds(text)


@pytest.mark.parametrize("text", HIDDEN_IN_TOKEN)
def test_a_token_with_hidden_characters_is_refused(text: str) -> None:
    assert SCANNER.kinds(text)
    assert SCANNER.redact(text).startswith(text.split(":")[0])


LABELLED = [
    "Authorization: GenieKey 2f1c6a0e-7b3d-4e9a-a5c1-8d0f6b2e9c47",
    'curl -H "Authorization: Key 7Hc2Lq9RmT4vX8bN1pZ6wK3s" https://connect.example.org/__api__/v1/content',
    "oc login https://api.okd.example:6443 -u developer -p Tamarind!84",
    "cqlsh db1.internal 9042 -u cassandra -p Bramble#2291",
    "vrrp_instance VI_1 {\n    authentication {\n        auth_type PASS\n        auth_pass Qx7Lm2Pz\n    }\n}",
    "lang en_GB.UTF-8\nrootpw --plaintext Bramble#2291\ntimezone Europe/London",
    "binddn cn=nss,dc=example,dc=org\nbindpw Kestrel-Moss-41\nbase dc=example,dc=org",
    '<add key="ClearTextPassword" value="Puffin^731" />',
    "<AdministratorPassword>\n  <Value>Gannet!9931</Value>\n</AdministratorPassword>",
    '<Server>\n  <Pass encoding="base64">UHVmZmluXjczMXg=</Pass>\n</Server>',
    "alerts@example.org:{PLAIN}Curlew-44::::::",
    "[smtp.relay.example]:587 noreply@example.org:Plover!28",
    "listen stats\n    bind :8404\n    stats auth admin:Shingle#55",
    "netbird up --setup-key 7E1F2A3B-4C5D-4E6F-8A9B-0C1D2E3F4A5B",
    f"curl 'https://api.example.com/v2/forecast?q=Leeds&api_key={HEX}'",
    '{"username":"mwangi","key":"' + HEX + '"}',
    "db2 connect to PROD user db2inst1 using Larch!2297",
    # a service's key named by its variable, in a table row, a call or csh's setenv
    f"| MAPS_API_KEY | `{RANDOM}` | rotated last week |",
    f'os.environ.setdefault("TRANSLATE_API_TOKEN", "{HEX}")',
    "setenv GEOCODER_KEY 2f1c6a0e-7b3d-4e9a-a5c1-8d0f6b2e9c47",
    'DATAVAULT_KEY = "2f1c6a0e-7b3d-4e9a-a5c1-8d0f6b2e9c47"',
]


@pytest.mark.parametrize("text", LABELLED)
def test_a_value_its_file_format_or_protocol_labels_is_refused(text: str) -> None:
    assert SCANNER.kinds(text)


ORDINARY = [
    "echo 'hello world' | rev prints dlrow olleh",
    "echo hello | rev",
    "String.fromCharCode(72, 101, 108, 108, 111) returns Hello",
    "print(bytes([72, 101, 108, 108, 111, 32, 119, 111, 114, 108, 100]).decode())",
    "use `base64 -d` to decode it, then `xxd -r -p` for the hex",
    "`git fetch` and then `git rebase`",
    "`v1.2.3` and `v1.2.4` are both affected",
    "Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesell\u00adschaft",
    "𝐁𝐨𝐥𝐝 𝐭𝐞𝐱𝐭 in a 2024 tweet",
    "| Invent/Create | 5 | 5 | 4 | 3 |\n| Teach | 4 | 4 | 3 | 3 |",
    "Authorization: Bearer <token>",
    "Authorization: Bearer $TOKEN",
    "docker run -u 1000 -p 8080:80 nginx",
    "mysql -u reader -p reports  (it asks for the password interactively)",
    "psql -U analyst -p 5432 -h warehouse.internal",
    "auth_pass is set in keepalived.conf",
    "bindpw /etc/ldap.secret",
    '<add key="PasswordPolicy" value="strict" />',
    '<add key="RequirePassword" value="true" />',
    "{PLAIN} is the scheme dovecot uses for tests",
    "stats auth admin:${STATS_PASS}",
    "curl https://api.example.com/?api_key=YOUR_API_KEY_HERE",
    "curl https://bucket.example.com/?key=photos/2024/img.jpg",
    'password = "changeme"',
    f"CACHE_KEY={HEX}",
    f'SORT_KEY = "{HEX}"',
    "IDEMPOTENCY_KEY: 2f1c6a0e-7b3d-4e9a-a5c1-8d0f6b2e9c47",
    "| MAPS_API_KEY | set in the vault | rotated last week |",
    "ssh -p 2222 -l admin bastion.example.org",
    "Use --verbose a b c d e f g h i to list them",
    "run: ```bash\nmake\n```",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_of_the_same_shapes_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
