"""A save that can correct or update nothing pays no search or embedding for it (issue #32 item 5): the correction
check's text test (``corrections.may_correct``) rules out, before any vector search, every newer statement that
``correction_kind`` reads as correcting nothing whatever the older says (a question, an addition, several sentences
not opening as a correction), and the update check (``freshness.supersede_updates``) embeds its candidates only
when one passes ``is_update``'s tests of the texts; what a save retires stays the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app import freshness, writes
from contextlamp.app.freshness import supersede_corrected
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain import corrections
from contextlamp.domain.corrections import correction_kind
from contextlamp.domain.freshness import DEFAULT_AUTO_SUPERSEDE_THRESHOLD
from contextlamp.embedding.fake import FakeEmbedder

KNOWN_MISS = "Scratch the LaunchDarkly note: feature flags are managed in Unleash now."
DATA = Path(__file__).resolve().parents[1] / "research" / "bench" / "data"


def _pairs() -> list[tuple[str, str]]:
    """(newer, older) of every correction bench's pairs (corrections and non-corrections alike)."""
    found: list[tuple[str, str]] = []
    for path in [*sorted(DATA.glob("stale*/pairs.json")), DATA / "freshness-pairs.json"]:
        data: Any = json.loads(path.read_text())
        rows: list[dict[str, str]] = data["pairs"] if isinstance(data, dict) else data
        found += [(p["newer"], p["older"]) for p in rows]
    return found


def test_no_correction_of_the_benches_is_ruled_out_by_the_text_test() -> None:
    pairs = _pairs()
    assert len(pairs) > 300
    corrected = [(newer, older) for newer, older in pairs if correction_kind(newer, older) is not None]
    assert len(corrected) > 50
    # a save whose text may_correct rejects searches no candidates: it must accept every correction (the one
    # exception predates this change: "Scratch the X note: ...", whose "scratch" names X as old in correction_kind
    # but is none of the words may_correct looks for)
    ruled_out = [newer for newer, _ in corrected if not corrections.may_correct(newer)]
    assert ruled_out == [KNOWN_MISS]


class Spy:
    """A store whose vector search is counted (and answers nothing)."""

    def __init__(self) -> None:
        self.searches = 0

    def vector_search(self, *args: Any) -> list[tuple[str, float]]:
        self.searches += 1
        return []


@pytest.mark.parametrize(
    "text",
    [
        "Caroline: We moved to Denver last year. The kids love the new school and the mountains.",
        "The API also moved to port 8443.",
        "Melanie switched to oil paints in May! Then she sold two of them at the fair.",
    ],
)
def test_a_save_that_can_correct_nothing_searches_no_candidates(
    service: MemoryService, alice: Caller, text: str
) -> None:
    result = service.save_context(alice, text)
    store = service.registry.store(alice.principal.user_id)
    entry = store.get(result.id)
    assert entry is not None
    spy = Spy()
    assert supersede_corrected(spy, entry, entry.id, [0.0] * 8, 0) == []  # type: ignore[arg-type]
    assert spy.searches == 0


def test_a_correction_still_retires_the_value_it_corrects(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "The staging Redis listens on port 6379.")
    service.save_context(alice, "Correction: the staging Redis listens on port 6380.")
    store = service.registry.store(alice.principal.user_id)
    entry = store.get(old.id)
    assert entry is not None and entry.superseded_by is not None


class Counting:
    """An embedder that counts the texts it embeds."""

    def __init__(self, inner: FakeEmbedder) -> None:
        self.inner = inner
        self.texts = 0

    def embed(self, texts: list[str]) -> Any:
        self.texts += len(texts)
        return self.inner.embed(texts)


class Near:
    """A store whose vector search answers ``found`` (a near neighbour of any query), reading entries from ``store``."""

    def __init__(self, store: Any, found: list[tuple[str, float]]) -> None:
        self.store, self.found = store, found

    def vector_search(self, *args: Any) -> list[tuple[str, float]]:
        return self.found

    def entries(self, ids: list[str]) -> Any:
        return self.store.entries(ids)


def _update_check(service: MemoryService, caller: Caller, older: str, newer: str) -> tuple[list[str], int]:
    """What ``supersede_updates`` retires for ``newer`` with ``older`` its one candidate, and how many texts it
    embedded (nothing is written: the retiring write is replaced by a list)."""
    store = service.registry.store(caller.principal.user_id)
    old = service.save_context(caller, older)
    new = store.get(service.save_context(caller, newer).id)
    assert new is not None
    counting = Counting(FakeEmbedder())
    vector = counting.inner.embed([newer])[0]
    counting.texts = 0
    near = Near(store, [(old.id, 0.95)])
    retired = freshness.supersede_updates(
        near,  # type: ignore[arg-type]
        counting,  # type: ignore[arg-type]
        new,
        vector,
        vector,
        DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
        new.created_at + 1,
    )
    return retired, counting.texts


def test_an_update_check_no_candidate_could_pass_embeds_nothing(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writes, "supersede_updated", lambda _store, _id, older, _now: list(older))
    # a change of another subject: its subject words are not in the older
    assert _update_check(
        service, alice, "The office plants get watered on Mondays.", "Our CI runs on Buildkite now."
    ) == ([], 0)


def test_an_update_check_whose_candidate_may_pass_embeds_it_and_retires_it(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writes, "supersede_updated", lambda _store, _id, older, _now: list(older))
    retired, embedded = _update_check(service, alice, "My editor is Vim.", "My editor is now Helix.")
    assert embedded == 1 and len(retired) == 1
