"""#28, stop 43 (formats13): evasions that write a value piece by piece, and places of tools and file formats.

Each class is pinned with made-up values beside ordinary text of the same shape that stays storable: a value
written one character at a time (a quoted character list, ``CHAR()``/``chr()`` chains, spaced or colon-separated
hex bytes), cut over Markdown quote/list/table lines or at a glued backslash continuation, spaced by non-ASCII
spaces or typed in pairs (secret_bytes, secret_splits); and credentials by their place (secret_places,
``ENV["X_KEY"] ||=``).
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
MIXED = "Wd7qLx2RmZ9kTb4v"  # letters and digits, 16 characters, no label
STRIPE = "sk_live_" + "Qm3Zr8TkWp2Lx9VbNc4Hd7Jf"
SAY = "for the rehearsal laptops: {}"


def _spaced(value: str, n: int, sep: str) -> str:
    return sep.join(value[i : i + n] for i in range(0, len(value), n))


def _lines(value: str, n: int, lead: str, end: str = "") -> str:
    return "\n".join(lead + value[i : i + n] + end for i in range(0, len(value), n))


HIDDEN = [
    pytest.param("new String(new char[]{" + ", ".join(f"'{c}'" for c in MIXED) + "})", id="java-char-array"),
    pytest.param('"".join([' + ", ".join(repr(c) for c in MIXED) + "])", id="python-join"),
    pytest.param("+".join(f"CHAR({ord(c)})" for c in MIXED), id="sql-server-char"),
    pytest.param(" || ".join(f"chr({ord(c)})" for c in MIXED), id="postgres-chr"),
    pytest.param(" ".join(f"{b:02X}" for b in MIXED.encode()), id="spaced-hex"),
    pytest.param(":".join(f"{b:02x}" for b in MIXED.encode()), id="colon-hex"),
    pytest.param("\n" + _lines(MIXED + "Yh3", 8, "> "), id="quote-block"),
    pytest.param("\n" + _lines(MIXED + "Yh3", 9, "- "), id="list-items"),
    pytest.param("\n" + _lines(MIXED + "Yh3", 8, "| ", " |"), id="table-rows"),
    pytest.param("\n" + "\\\n".join(_spaced(MIXED + "Yh3", 9, "\n").split("\n")), id="backslash-cut"),
    pytest.param(_spaced(STRIPE, 4, "\u2007"), id="figure-space-groups"),
    pytest.param("\u202f".join(MIXED), id="narrow-nbsp-singles"),
    pytest.param(_spaced(MIXED, 2, " "), id="pairs"),
]


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_value_written_piece_by_piece_is_refused_and_removed(hidden: str) -> None:
    text = SAY.format(hidden)
    assert SCANNER.kinds(text)
    assert MIXED not in SCANNER.redact(text).replace(" ", "").replace("\n", "")


STORABLE = [
    "The capture starts with 48 65 6c 6c 6f 20 77 6f 72 6c 64 21, plain ASCII.",
    "The gateway's MAC is 00:1a:2b:3c:4d:5e.",
    "The letters are 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i' in that order.",
    "Rooms A1 B2 C3 D4 E5 F6 G7 H8 J9 K1 are booked for Friday.",
    "Opening: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5",
    "Le prix est 1\u202f234\u202f567 euros.",
    "Merged today:\n- a1b2c3d\n- e4f5a6b\n- 0c9d8e7",
    "Shopping:\n- eggs12\n- milk2",
    "Reviewers:\n> Alice Smith\n> Bob Jones",
    "docker run \\\n  -e MODE=prod \\\n  app:latest",
]


@pytest.mark.parametrize("text", STORABLE)
def test_ordinary_text_of_the_same_shape_is_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


PLACES = [
    "-----BEGIN USER NKEY SEED-----\nSUAKQ7RZW3M4XN2PLV6TB5YHD8GC9FJ1EKQ3RZW7M4XN2PLV6TB5\n"
    "------END USER NKEY SEED------",
    "# /etc/chrony.keys\n7 SHA256 HEX:9F3C1A7E5B2D8C4F6A0E3B9D7C1F5A2E8B4D6C0A",
    "# /etc/ntp.keys\n12 MD5 Rq7!vX2pLm9z",
    "Authorization: PVEAPIToken=ops@pam!ci=4f1c9a2e-7b3d-4e8f-a6c5-0d9b2e7f1a3c",
    "Authorization: SSWS 00Qx7vR3mKp9LwZ2tN5bY8cH4jD6fG1sA0eU",
    "(echo 'Gr4nite!Peak'; echo 'Gr4nite!Peak') | smbpasswd -s -a choir",
    "echo 'Tm7#wQ2zLp' > ~/.ansible/vault_pass && chmod 600 ~/.ansible/vault_pass",
    "echo 8c2f7a1e9d4b6c3a5e0f2d8b7a1c9e4f6b3d5a7c | sudo tee /etc/zabbix/agent.psk",
    "git config --global sendemail.smtppass 'Harbor2031!'",
    "npm config set //npm.pkg.example/:_authToken Zx8Qm2Lw7Rt4Kp9V",
    'spawn sftp ops@nas\nexpect "Password:"\nsend "Quay#4471\\r"',
    "winrs -r:hall-pc -u:choir\\admin -p:Organ+Pipe77 hostname",
    'ENV["TIMETABLE_API_KEY"] ||= "3e9b1f7c2a5d8e4b6f0a1c3d5e7f9b2d"',
    'os.environ["DEPOT_TOKEN"] = "Vq8Lm3Zx7Rk2Wp9T"',
    "services:\n  graph:\n    environment:\n      - NEO4J_AUTH=neo4j/Lantern-Quay-58",
    "Backlog SSId1 ChoirHall; Password1 Alto#Tenor42",
]


@pytest.mark.parametrize("text", PLACES)
def test_a_credential_in_its_place_is_refused(text: str) -> None:
    assert SCANNER.kinds(text)


PLACES_STORABLE = [
    "echo $VAULT_PASS | docker login --password-stdin",
    "git config --global user.signingkey 3AA5C34371567BD2",
    "git config --global credential.helper store",
    "Authorization: Bearer YOUR_TOKEN_HERE",
    'echo "done" > key_status.txt',
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\nmQINBGX1aBcDeFgHiJkLmNoP\n-----END PGP PUBLIC KEY BLOCK-----",
    'expect "Password:" is the prompt our script waits for, then it sends the value from the vault.',
    'ENV["CACHE_KEY"] ||= "3e9b1f7c2a5d8e4b6f0a1c3d5e7f9b2d"',
    'ENV["GITHUB_TOKEN"] ||= fetch_token()',
    "NEO4J_AUTH=none",
    "PROXY_AUTH=proxy.example:3128",
    "The backlog password reset is due on Friday.",
]


@pytest.mark.parametrize("text", PLACES_STORABLE)
def test_the_same_places_without_a_credential_are_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
