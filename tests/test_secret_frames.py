"""#28, stop 41 (secrets11): credentials in wordings with no noun before the value reach no file.

Each class the breaker's stop-40 section 1 showed is pinned at the user level with made-up values, beside ordinary
text of the same shape that stays storable: a credential named by what it does (sign in, log in, unlock,
authenticate), a corrected password or PIN, a code written one digit at a time, hex or base64 after a secret-like
noun, and a value given in answer to a question asked in an earlier turn (the transcript redaction save_session and
the hooks run: app.distilling.redacted_turns).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest

from contextlamp.app.distilling import redacted_turns
from contextlamp.domain.secret_scan import REDACTED, SecretScanner
from contextlamp.domain.secret_turns import answered_spans

SCANNER = SecretScanner()

STATED = [
    ("the conference-room tablet unlocks with Walrus-Pepper-5521", "Walrus-Pepper-5521"),
    ("sign in to the test Jira with qa-bot and Lupin!Crane42 before the demo", "Lupin!Crane42"),
    ("authenticate with reader / Mosaic-Tern-804 on the read-only replica", "Mosaic-Tern-804"),
    ("the Pi at the door uses Quince-Otter-9931 to log in", "Quince-Otter-9931"),
    ("use scanner / Velvet-Kiln-38 as the login for the document scanner", "Velvet-Kiln-38"),
    ("Das Tablet im Flur lässt sich mit Dohle-Anger-62 entsperren", "Dohle-Anger-62"),
    ("the staging box password isn't Larch-1 anymore, it's Larch-Fennel-704", "Larch-Fennel-704"),
    ("the lab safe PIN changed, now it's 730519", "730519"),
    ("locker code is now 6 1 8 2", "6 1 8 2"),
    ("I set the signing secret to 4e7b1c9a2d5f8e30b6a1c4d7e9f2a5b8 on the relay", "4e7b1c9a2d5f8e30b6a1c4d7e9f2a5b8"),
    ("rotated the HMAC key to Rk2Vq8Lm4Zt9Xp1Wn6Yc3Hs7Bd5Fg0J=", "Rk2Vq8Lm4Zt9Xp1Wn6Yc3Hs7Bd5Fg0J="),
    # the held-out reading's classes (stop 41), in other words: an adverb after the value, "got changed to", a
    # network's "key" after "Wi-Fi:", "; it's" and an apposition after a secret noun
    ("the VPN passphrase is no longer Birch-2, it is Birch-Lantern-612 now", "Birch-Lantern-612"),
    ("the garage code got changed to 815237 last week", "815237"),
    ("guest Wi-Fi: the key is Moss-Ferry-72", "Moss-Ferry-72"),
    ("I rotated the cookie secret; it's 5c9e2a7f1b4d8e3c6a0f9b2d5e8c1a4f now", "5c9e2a7f1b4d8e3c6a0f9b2d5e8c1a4f"),
    ("copy the client secret, 7d2a9f4c1e8b5d3a6f0c9e2b4d7a1f5c, into the env file", "7d2a9f4c1e8b5d3a6f0c9e2b4d7a1f5c"),
]

ORDINARY = [
    "Sign in with SSO; local accounts are disabled on the tablet.",
    "The MacBooks unlock with Face ID or with Touch ID.",
    "Log in with your GitHub account to see the build dashboards.",
    "Authenticate with the YubiKey, not with SMS codes.",
    "The bastion accepts only ed25519 keys for login.",
    "Sign in with admin and the password from the vault.",
    "Correction: the staging DB isn't on port 5432 anymore, it's 6432.",
    "The password policy changed: 14 characters minimum now, not 12.",
    "The PIN length for the new cards is 6 digits now, not 4.",
    "Steps 2 3 and 4 failed on the arm64 runner.",
    "Commit 3b9f02c7 added the webhook secret check to the relay.",
    "The HMAC key id is k-2026-12 in the key ring.",
    "Set the webhook secret in the Stripe dashboard, not in code.",
    "git show 3b9f02c7e1d84a6f shows where the signing secret was removed.",
    "The signing secret, rotated monthly, lives in Vault.",
    "Wi-Fi: the network is Okafor-5G on floor 2.",
    "The PIN length was changed to 6 digits.",
    "**Build a strong network:** Foster relationships with key stakeholders, including your manager.",
]


@pytest.mark.parametrize(("text", "value"), STATED)
def test_a_credential_stated_without_a_noun_slot_is_refused_and_redacted(text: str, value: str) -> None:
    assert SCANNER.kinds(text)
    assert value not in SCANNER.redact(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_the_same_frames_without_a_credential_stay_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


ASKED = [
    (["what's the router admin password again?", "I don't have it stored."], "oh right: it's Kestrel-Dune-3308"),
    (["What password should I use for the staging broker?"], "use Osprey-Flint-276"),
    (["I forgot the PIN for the bike shed", "Not stored."], "nvm, it's 40917"),
    (["quel est le code de la porte ?", "Je ne sais pas."], "c'est 7 3 0 4"),
]
NOT_ASKED = [
    (["what's the password policy for the portal?", "I don't have that."], "it's 16 characters minimum"),
    (["where is the wifi password for the office?", "Not stored."], "it's on the sticker under the router"),
    (["what port does the admin console use?", "I don't know."], "it's 8443"),
    (["what's the PIN length on the new cards?", "Not stored."], "it's 6 digits now"),
    (["which release fixed the login bug?"], "v2.14.0-rc3, commit 3b9f02c7"),
    (["The deploy went fine.", "Great."], "next we rename Kestrel-Dune-3308 to ledger-api"),
]


@pytest.mark.parametrize(("earlier", "answer"), ASKED)
def test_a_value_answering_a_question_about_a_credential_is_redacted(earlier: list[str], answer: str) -> None:
    texts = redacted_turns(SCANNER, [*earlier, answer])
    assert REDACTED in texts[-1]
    assert answered_spans(earlier, answer)


@pytest.mark.parametrize(("earlier", "answer"), NOT_ASKED)
def test_an_answer_without_a_credential_is_kept(earlier: list[str], answer: str) -> None:
    assert redacted_turns(SCANNER, [*earlier, answer])[-1] == answer


def test_save_session_stores_no_answer_to_a_question_about_a_password(tmp_path: object) -> None:
    from pathlib import Path

    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding.fake import FakeEmbedder
    from contextlamp.storage import StoreRegistry

    home = Path(str(tmp_path))
    embedder = FakeEmbedder()
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    try:
        service = MemoryService(registry, embedder)
        caller = Caller(service.principal("dana"), "test")
        messages = [
            {"role": "user", "content": "what's the NAS admin password again?"},
            {"role": "assistant", "content": "I don't have it stored."},
            {"role": "user", "content": "found it in my notes: Heron-Vale-6617"},
            {"role": "user", "content": "The ledger api listens on port 7311 in staging."},
        ]
        service.save_session(caller, json.dumps(messages))
        service.wait_indexed()
    finally:
        registry.close()
    disk = b"".join(p.read_bytes() for p in home.rglob("*") if p.is_file())
    assert b"Heron-Vale-6617" not in disk
    assert b"7311" in disk  # the session's fact is kept


SPLIT = [
    ('U1="Wm7q"; U2="Zr4kP9"; psql "postgresql://ops:$U1$U2@db/ledger"', ("Wm7q", "Zr4kP9")),
    ("set K1=Hp3v& set K2=Qx8Ln2& curl -u deploy:%K1%%K2% https://ci.example.test", ("Hp3v", "Qx8Ln2")),
    ('x = "Rt5w"; y = "Mb2Kq7"; client = Client(token=x + y)', ("Rt5w", "Mb2Kq7")),
]
SPLIT_ORDINARY = [
    'BASE=/srv; APP=api; cd "$BASE/$APP"',
    'A=foo; B=bar; echo "$A$B" > /tmp/name',
    'first = "Hello, "; second = "world"; print(first + second)',
    'PREFIX=ledger; SUFFIX=v3; TOPIC="${PREFIX}.${SUFFIX}"',
]


@pytest.mark.parametrize(("text", "pieces"), SPLIT)
def test_a_value_split_into_variables_and_joined_is_refused(text: str, pieces: tuple[str, str]) -> None:
    assert SCANNER.kinds(text)


@pytest.mark.parametrize("text", SPLIT_ORDINARY)
def test_variables_joined_into_names_and_paths_stay_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


def _cpu(function: Callable[[str], object], text: str) -> float:
    start = time.thread_time()
    function(text)
    return time.thread_time() - start


@pytest.mark.parametrize(
    "unit",
    ["A=x1; $A$A ", "$A$B$C$D$E$F$G", "a + b + c + d + e + f ", "%A%%B%%C% A=1& ", "k1=Tq8w; k2=Lp3z; $k1$k2 "],
)
def test_joined_variables_are_read_in_linear_time(unit: str) -> None:
    from contextlamp.domain.secret_joined import joined_variables

    size = 256 * 1024
    small = (unit * (size // 8 // len(unit) + 1))[: size // 8]
    large = (unit * (size // len(unit) + 1))[:size]
    joined_variables(small)
    assert _cpu(joined_variables, large) < 16 * max(_cpu(joined_variables, small), 0.01)


def test_an_answer_is_read_in_bounded_time_whatever_the_turns() -> None:
    question = "what's the password again? " * 20_000
    answers = ["it's " + "Kestrel-Dune-3308 " * 12, "Kestrel-Dune-3308 " * 50_000]
    for answer in answers:
        assert _cpu(lambda a: answered_spans([question, question], a), answer) < 0.5
