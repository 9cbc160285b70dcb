"""#28 item 3 at the user level: a credential stated after its noun is refused by save_context (kind named, value
never echoed) and reaches no byte on disk through save_session or an import, whatever the value is made of and
in whichever language of the lexicon; prose about credentials is stored. Values are made up here (not drawn from
the bench's corpora)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from contextlamp.app.export_format import parse_document
from contextlamp.app.importing import Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import SecretDetectedError
from contextlamp.text import new_id
from tests.wiring import app_of

# (statement, the secret in it, the kind the refusal names)
STATED = [
    ("پاس ورڈ 4406193 ہے", "4406193", "Password"),  # Urdu, all digits, verb-final copula
    ("رمز عبور: 8841302", "8841302", "Password"),  # Persian colloquial noun
    ("Lykilorðið er kanína bátur sólskin", "kanína bátur sólskin", "Password"),  # Icelandic, a word passphrase
    ("La pasvorto estas tigro fenestro kafo", "tigro fenestro kafo", "Password"),  # Esperanto, words
    ("Die wagwoord is lemoen73", "lemoen73", "Password"),  # Afrikaans, a word with digits
    (
        "Dropbox recovery codes, keep them offline:\nk2m9-x7q4, p3n8-v6w1, r5t2-z9y3",
        "p3n8-v6w1",
        "Two-Factor Backup Codes",
    ),
    ("Okta backup codes hqzrm ptlwx · vbnsd kfjqr · mzxcv gtrew", "vbnsd kfjqr", "Two-Factor Backup Codes"),
    ("the answer to 'first concert' is Wolfmother", "Wolfmother", "Security Question Answer"),
    ("security question: childhood street -> Larkspur", "Larkspur", "Security Question Answer"),
    (
        "wallet seed: harbor quilt ember lantern mosaic tundra violet pepper saddle orchid falcon remedy",
        "mosaic tundra violet",
        "Two-Factor Backup Codes",
    ),
]

PROSE = [
    "Salasana on liian lyhyt.",  # Finnish: the password is too short
    "The password manager we use is 1Password.",
    "رمز عبور باید حداقل 12 کاراکتر باشد.",  # Persian: must be at least 12 characters
    "The password is stored hashed with argon2id.",
    "The password field must accept unicode.",
    "Rotate the API key monthly.",
    "The recovery codes are in the safe, printed on paper.",
    # plant seeds and a test's random seed are no wallet seed (a recipe and a bird-feeder mix in LongMemEval's
    # haystack were refused as backup codes when a bare "seed" opened the codes slot)
    "Granola: 4 cups rolled oats, 1/2 cup sunflower seeds\n* 1/2 cup pumpkin seeds\n* 1/4 cup honey",
    "Bird mix: 40-50% Nyjer seed\n* 20-30% safflower seeds\n* 10-20% suet",
    "Random seed: 12345678 for every benchmark run.",
]


@pytest.mark.parametrize(("content", "secret", "kind"), STATED)
def test_save_context_refuses_a_stated_credential_naming_its_kind(
    service: MemoryService, alice: Caller, content: str, secret: str, kind: str
) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, content)
    assert kind in str(err.value) and secret not in str(err.value)
    assert service.list_context(alice, 10).items == []


@pytest.mark.parametrize("content", PROSE)
def test_prose_about_credentials_is_stored(service: MemoryService, alice: Caller, content: str) -> None:
    saved = service.save_context(alice, content)
    assert [i.id for i in service.list_context(alice, 10).items] == [saved.id]


def test_no_stated_value_reaches_the_disk_through_a_session_or_an_import(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    transcript = "\n".join(
        ["User: We deploy the billing service with Helm on Tuesdays."] + [f"User: {c}" for c, _, _ in STATED]
    )
    service.save_session(alice, transcript)
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    template = document["stores"][0]["entries"][0]
    for content, _, _ in STATED:
        entry = copy.deepcopy(template)
        entry.update(id=new_id("ctx"), content=content, superseded_by=None, superseded_at=None)
        document["stores"][0]["entries"].append(entry)
    report = app_of(service).porter.import_document(parse_document(document), "eve", create_user=True)
    service.wait_indexed()
    assert report.entries_with_secrets == len(STATED)
    data = b"".join(p.read_bytes() for p in (tmp_path / "home").rglob("*") if p.is_file())
    assert [s for _, s, _ in STATED if s.encode() in data] == []


def test_an_imported_record_keeps_its_durable_rest_without_a_stated_value(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    rows = [
        {"type": "entity", "name": "cabin", "entityType": "place", "observations": [
            "The cabin router sits in the hallway closet; Lykilorðið er kanína bátur sólskin",
            "پاس ورڈ 4406193 ہے",
            "Okta backup codes hqzrm ptlwx · vbnsd kfjqr · mzxcv gtrew",
            "Bins go out on Thursday evenings",
        ]},
    ]  # fmt: skip
    path = tmp_path / "memory.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    report = Importer(service, service.clock).run("mcp-memory", path, alice.principal)
    assert "kanína" not in repr(report) and "4406193" not in repr(report)
    store = service.registry.store(alice.principal.user_id)
    joined = "\n".join(store.get(i.id).content for i in service.list_context(alice, 200).items)  # type: ignore[union-attr]
    assert "hallway closet" in joined and "Thursday" in joined  # the durable rest is kept
    for secret in ("kanína bátur sólskin", "4406193", "vbnsd kfjqr"):
        assert secret not in joined
