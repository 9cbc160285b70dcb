"""save_session keeps what save_context keeps and loses what it refuses (issue 28 item 4, stop 44): a commit hash,
a SHA-256 checksum or a transaction hash in a fact is public and the fact is kept; a 256-bit hex key named as a
key (or pasted alone) is refused by save_context and never reaches the data directory through save_session; and
no field stored beside a distilled item (its topic, its likely questions, the session digest) holds a secret the
item lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextlamp.app.distilling import InProcess
from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import DistilledItem, Turn
from contextlamp.errors import SecretDetectedError

COMMIT = "3f9a1c0be47d2e6a85b1c9d0f7e3a2b4c6d8e0f1"  # invented 40-hex commit and 64-hex values
SHA256 = "9c1f0e2d3b4a5968b7a6c5d4e3f2a1b0ffeeddccbbaa99887766554433221100"
KEY = "b6ab2d7418cbdd7e51c23f8801732a6473acecd9edaa8ad9d31f0ee8f47396c7"
PUBLIC_FACTS = [
    f"The regression came in with commit {COMMIT}.",
    f"The release tarball's sha256 is {SHA256}.",
    f"Der Fehler kam mit Commit {COMMIT} rein.",
    f"The refund's transaction hash is 0x{SHA256}.",
    f"Reverting {COMMIT} fixed the login loop.",  # unnamed: hex alone is an id, in both layers
]
KEY_LINES = [
    f"The deployer wallet's private key is 0x{KEY}",
    f"Deployer key: 0x{KEY}",
    f"0x{KEY}",
    f"The webhook signing secret is {KEY}, rotate it yearly.",
]


def _data(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in (tmp_path / "home").rglob("*") if p.is_file())


def _texts(service: MemoryService, caller: Caller) -> list[str]:
    store = service.registry.store(caller.principal.user_id)
    return [store.get(i.id).content for i in service.list_context(caller, 50).items]  # type: ignore[union-attr]


def test_facts_holding_a_commit_hash_or_a_checksum_are_kept_by_save_session(
    service: MemoryService, alice: Caller
) -> None:
    result = service.save_session(alice, "\n".join("- " + fact for fact in PUBLIC_FACTS))
    texts = _texts(service, alice)
    for fact in PUBLIC_FACTS:
        assert fact in texts
    assert not result.secrets_removed


@pytest.mark.parametrize("line", KEY_LINES)
def test_a_hex_key_is_refused_by_save_context_and_never_stored_by_save_session(
    service: MemoryService, alice: Caller, tmp_path: Path, line: str
) -> None:
    with pytest.raises(SecretDetectedError):
        service.save_context(alice, line)
    transcript = f"User: The faucet bot runs on Sepolia and pays out every hour.\nUser: {line}\n"
    service.save_session(alice, transcript)
    assert KEY.encode() not in _data(tmp_path)


class _TopicDistiller:
    """A distiller (an LLM's, say) whose topic names the value the item's content gave."""

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        return [
            DistilledItem(
                "Backups of the NAS run nightly to Backblaze, and the NAS admin password is Zq8#vLp2Wm!x.",
                "fact",
                "fact",
                topic="nas password Zq8#vLp2Wm!x",
            )
        ]


def test_no_field_beside_a_distilled_item_holds_the_secret_it_lost(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    service.sessions.distil_apart(InProcess(service.scanner, _TopicDistiller()))
    result = service.save_session(alice, "User: the NAS backups run nightly.\n")
    assert result.total == 1 and result.secrets_removed
    assert any("Backblaze" in t for t in _texts(service, alice))  # the item kept, without its secret
    assert b"Zq8#vLp2Wm" not in _data(tmp_path)  # nor in its topic, questions or the digest
