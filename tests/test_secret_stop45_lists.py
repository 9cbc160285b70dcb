"""Stop 45, second round (#28): a seed phrase written as a run of BIP39 words with or without its noun, a list of
logins (``user / password``), a number named the password before its noun or in answer to its question, and a
secret noun of any language read here before a hex or random value are refused; the BIP39 list quoted in its own
order, shopping lists, paths, repositories, URLs, commit hashes and fingerprints after a key noun stay storable.

Values and wordings are made up for these tests (no corpus split holds them)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
SEED = "pond valve dish orbit crater usual wedding forest cactus lemon ripple trophy"

STATED = [
    ("seed after a noun", f"Wallet backup words: {SEED}"),
    ("seed with no noun", f"keep this safe {SEED}"),
    ("seed numbered", " ".join(f"{i}. {w}" for i, w in enumerate(SEED.split(), 1))),
    ("seed comma-separated", "Phrase de secours : " + ", ".join(SEED.split())),
    ("login list", "Accounts: kiln pc owner / Tr4p!zeWq9; scanner staff / mK2#pLr8Vn"),
    ("login tight, words", "switch login admin/marble-violet-pencil-38"),
    ("login account colon", "Camera box: root:Qw7&zLp2Ks (port 8443)"),
    ("number before noun", "Use 73019264 as the admin password on the kiln PC."),
    ("number before compound noun", "73019264 ist übrigens das Kassen-Passwort."),
    ("number before glued noun", "Gebruik 73019264 als beheerwachtwoord."),
    ("number before CJK noun", "73019264 是窑炉电脑的密码。"),
    ("number answering the noun", "The kiln PC password? 73019264."),
    ("hex after a secret noun, pt", "segredo do webhook: 9f2c4e7a1b3d5f6081a2c4e6f8091b3d"),
    ("hex after a secret noun, ja", "Webhookのシークレット: 9f2c4e7a1b3d5f6081a2c4e6f8091b3d"),
    ("hex after a secret noun, tr", "Ödeme API gizli anahtarı: 9f2c4e7a1b3d5f6081a2c4e6f8091b3d"),
    ("hex after a secret noun, sv", "Hemlig nyckel till betal-API:t: 9f2c4e7a1b3d5f6081a2c4e6f8091b3d"),
    ("random after a secret noun, fi", "webhookin salaisuus: Zk3pQm9TxW2vLr7NsB4yHc8JdF6gKe1a"),
]

ORDINARY = [
    (
        "the BIP39 list in its order",
        "Words to learn: abandon ability able about above absent absorb abstract absurd"
        " abuse access accident account accuse",
    ),
    ("one word repeated", "Log dump " + "word " * 40),
    ("a shopping list", "Shopping: apple, butter, honey, ginger, banana, bread, coffee, lemon, garlic, cheese"),
    ("prose", "We walked to the harbor and watched the boats come in while the kids had ice cream on the wall"),
    ("and/or, TCP/IP", "Use read/write access and/or the TCP/IP stack on linux/amd64"),
    ("a repository", "Clone octocat/Hello-World42 and run the tests"),
    ("a URL", "See example.com/Ab12cd34Ef for details"),
    ("a commit hash", "The commit a3f5b2c1d4e5f60718293a4b5c6d7e8f90a1b2c3 fixed the secret rotation"),
    ("a host key fingerprint", "主机密钥指纹：SHA256:nm1A809CBfrNxpmvsUfp3G/dyfzP88C7x2RQ4+TIFJ4"),
    ("a number before another noun", "73019264 is the order number for the new kiln, not the serial."),
    ("a question with a count", "Forgot the password? 3 tries left before the lock."),
    ("a year answering", "The password policy? 2024 rules apply."),
    ("secret noun, rotation", "Client secret: rotate it every 90 days."),
]


@pytest.mark.parametrize(("label", "text"), STATED, ids=[label for label, _ in STATED])
def test_listed_and_named_credentials_are_refused(label: str, text: str) -> None:
    assert SCANNER.kinds(text), label


@pytest.mark.parametrize(("label", "text"), ORDINARY, ids=[label for label, _ in ORDINARY])
def test_ordinary_lists_numbers_and_hashes_are_storable(label: str, text: str) -> None:
    assert SCANNER.kinds(text) == [], label


def test_a_seed_phrase_is_redacted_and_the_rest_kept() -> None:
    redacted = SCANNER.redact(f"Ledger words for the club: {SEED}")
    assert "crater" not in redacted and "wedding" not in redacted and redacted.startswith("Ledger")


def test_a_login_list_keeps_no_password() -> None:
    redacted = SCANNER.redact("Logins: kiln pc owner / Tr4p!zeWq9; scanner staff / mK2#pLr8Vn")
    assert "Tr4p!zeWq9" not in redacted and "mK2#pLr8Vn" not in redacted
