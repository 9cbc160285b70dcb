"""Issue 12 points 4 to 6 on the paths users take: save_context refuses a secret naming its kind (never the value),
save_session drops the item, import leaves the entry out; prose about credentials is stored."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from contextlamp.app.export_format import parse_document
from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import SecretDetectedError
from contextlamp.text import new_id
from tests.wiring import app_of

NEW_KINDS = [
    ("My PIN is 4921.", "4921", "PIN"),
    ("The door code is 1234#, ring twice.", "1234#", "PIN"),
    ("Company card 4111 1111 1111 1111, expiry 04/29.", "4111 1111 1111 1111", "Payment Card Number"),
    ("My GitHub backup codes: 8374-2910 5521-0093", "8374-2910", "Two-Factor Backup Codes"),
    ("Your verification code is 493021.", "493021", "One-Time Code"),
    ("The wifi password: Sunflower42!", "Sunflower42!", "Password"),
    ("My mother's maiden name is Hargreaves.", "Hargreaves", "Security Question Answer"),
]


@pytest.mark.parametrize(("content", "secret", "kind"), NEW_KINDS)
def test_save_context_refuses_the_new_kinds_naming_the_kind(
    service: MemoryService, alice: Caller, content: str, secret: str, kind: str
) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, content)
    message = str(err.value)
    assert kind in message and secret not in message and err.value.field == "content"
    assert service.list_context(alice, 10).items == []


@pytest.mark.parametrize(
    "content",
    [
        "We raised the token quota.",
        "Check the token expiry.",
        "Our password policy: minimum 12 characters.",
        "We rotate the Wi-Fi passphrase monthly.",
        "PIN reset flow is broken",
        "Card numbers are tokenised by Stripe.",
    ],
)
def test_prose_that_only_talks_about_credentials_is_saved(service: MemoryService, alice: Caller, content: str) -> None:
    saved = service.save_context(alice, content)
    assert [i.id for i in service.list_context(alice, 10).items] == [saved.id]


def test_a_secret_after_character_4000_of_a_line_is_refused(service: MemoryService, alice: Caller) -> None:
    line = "Deploy notes: " + "we ship on Fridays and roll back on Mondays, " * 120
    assert len(line) > 4_000
    for secret in ("AKIAIOSFODNN7EXAMPLE", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"):
        with pytest.raises(SecretDetectedError) as err:
            service.save_context(alice, f"{line} key {secret} end")
        assert secret not in str(err.value)
    assert service.list_context(alice, 10).items == []


def test_save_session_drops_items_with_the_new_kinds(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    transcript = "\n".join(
        ["User: We deploy the billing service with Helm on Tuesdays."]
        + [f"User: {content}" for content, _, _ in NEW_KINDS]
        + ["User: " + "We keep release notes in the wiki, one page per version, " * 80 + "AKIAIOSFODNN7EXAMPLE"]
        + ["User: I prefer squash merges on every pull request."]
    )
    service.save_session(alice, transcript)
    store = service.registry.store(alice.principal.user_id)
    texts = [store.get(i.id).content for i in service.list_context(alice, 200).items]  # type: ignore[union-attr]
    assert any("Helm" in t for t in texts) and any("squash" in t for t in texts)
    for path in (tmp_path / "home").rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for secret in [s for _, s, _ in NEW_KINDS] + ["AKIAIOSFODNN7EXAMPLE"]:
                assert secret.encode() not in data, f"a {len(secret)}-character secret reached {path.name}"


def test_import_leaves_out_an_entry_with_a_late_secret(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "Deploys run on Fridays")
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    entry = copy.deepcopy(document["stores"][0]["entries"][0])
    entry.update(
        id=new_id("ctx"), content="notes " * 900 + "then my PIN is 4921", superseded_by=None, superseded_at=None
    )
    document["stores"][0]["entries"].append(entry)
    report = app_of(service).porter.import_document(parse_document(document), "eve", create_user=True)
    assert report.entries_with_secrets == 1


# Round 5: stated in other languages and word orders, through every path (values made up here)
ANY_ORDER = [
    ("Cyfrinair y llwybrydd: Pobi-Bara-7781", "Pobi-Bara-7781"),  # Welsh, from the vendored lexicon
    ("R4v3n-Quill-88 is the password for the NAS", "R4v3n-Quill-88"),  # value before the noun
    ("A nyomtató jelszava Kert7Fa!9", "Kert7Fa!9"),  # Hungarian, inflected noun, no copula
    ("the vault's code is 4471902", "4471902"),  # a PIN named after what it opens
    ("ops:$apr1$Kd8sLq2m$7hT3vN9xR1cB5wE8yU2iO0", "$apr1$Kd8sLq2m$7hT3vN9xR1cB5wE8yU2iO0"),  # a password hash
]


def _on_disk(home: Path, secrets: list[str]) -> list[str]:
    data = b"".join(p.read_bytes() for p in home.rglob("*") if p.is_file())
    return [s for s in secrets if s.encode() in data]


@pytest.mark.parametrize(("content", "secret"), ANY_ORDER)
def test_save_context_refuses_any_order_and_language(
    service: MemoryService, alice: Caller, content: str, secret: str
) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, content)
    assert secret not in str(err.value)


def test_save_session_and_import_keep_no_any_order_secret_on_disk(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    transcript = "\n".join(
        ["User: We deploy the billing service with Helm on Tuesdays."] + [f"User: {c}" for c, _ in ANY_ORDER]
    )
    service.save_session(alice, transcript)
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    template = document["stores"][0]["entries"][0]
    for content, _ in ANY_ORDER:
        entry = copy.deepcopy(template)
        entry.update(id=new_id("ctx"), content=content, superseded_by=None, superseded_at=None)
        document["stores"][0]["entries"].append(entry)
    report = app_of(service).porter.import_document(parse_document(document), "eve", create_user=True)
    service.wait_indexed()
    assert report.entries_with_secrets == len(ANY_ORDER)
    assert _on_disk(tmp_path / "home", [s for _, s in ANY_ORDER]) == []
