"""Issue #28 on save_session: a value the scanner refuses in one turn is a secret in every turn of the conversation
that repeats it (domain/secret_echo.py), before or after the turn that named it, so the user's own shorthand note of
a credential never reaches the data files because the agent's reply named what it was; ordinary words and short
numbers that happen to repeat a removed value stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService


def _on_disk(home: Path, value: str) -> list[str]:
    return [p.name for p in home.rglob("*") if p.is_file() and value.encode() in p.read_bytes()]


def _texts(service: MemoryService, caller: Caller) -> list[str]:
    store = service.registry.store(caller.principal.user_id)
    return [store.get(i.id).content for i in service.list_context(caller, 200).items]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("note", "reply", "value"),
    [
        (  # a note in the user's shorthand that no rule reads alone; the agent names what it is
            "password di amministrazione del NAS → Hx7wQ2mZr9Tb",
            "Got it: I set Hx7wQ2mZr9Tb as the cabin NAS admin password in the provisioning script.",
            "Hx7wQ2mZr9Tb",
        ),
        (  # another language, quoted in the reply
            "Contraseña del router de casa → Vb4nT8qLz2Wd",
            "Entendido, uso `Vb4nT8qLz2Wd` como contraseña del router.",
            "Vb4nT8qLz2Wd",
        ),
    ],
)
@pytest.mark.parametrize("reply_first", [False, True])
def test_a_note_of_a_value_the_conversation_names_as_a_secret_is_never_stored(
    service: MemoryService, alice: Caller, tmp_path: Path, note: str, reply: str, value: str, reply_first: bool
) -> None:
    turns = [f"User: {note}", f"Assistant: {reply}"]
    if reply_first:
        turns = [f"Assistant: {reply}", f"User: {note}"]
    transcript = "\n".join([*turns, "User: Our release branches are cut every second Tuesday at noon UTC."])
    result = service.save_session(alice, transcript)
    assert "Password" in result.secrets_removed
    assert any("second Tuesday" in t for t in _texts(service, alice))  # the rest of the session is kept
    assert _on_disk(tmp_path / "home", value) == []


def test_ordinary_words_and_short_numbers_that_repeat_a_removed_value_stay(
    service: MemoryService, alice: Caller
) -> None:
    transcript = "\n".join(
        [
            "User: the admin password is sunshine and the door PIN is 80417",
            "Assistant: Noted.",
            "User: Our team offsite is planned around sunshine hours, so it moved to the Lisbon office.",
            "User: Invoice 80417 was paid by the Lisbon office on Monday.",
        ]
    )
    service.save_session(alice, transcript)
    texts = _texts(service, alice)
    assert any("sunshine hours" in t for t in texts), texts
    assert any("Invoice 80417" in t for t in texts), texts
