"""A save that can correct nothing pays no search for what it might correct (issue #32 item 5): the correction
check's text test (``corrections.may_correct``) rules out, before any vector search, every newer statement that
``correction_kind`` reads as correcting nothing whatever the older says (a question, an addition, several sentences
not opening as a correction); what a save retires stays the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app.freshness import supersede_corrected
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain import corrections
from contextlamp.domain.corrections import correction_kind

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
