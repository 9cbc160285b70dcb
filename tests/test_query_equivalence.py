"""The speed work on get_context (issue 17 point 3) changes how fast, never what: over a fixed set of stores and
queries (tests/query_golden.py) every pack is the one recorded with the code before it
(tests/data/query_golden.json): same entries, order, text, scores, scopes, chunks."""

from __future__ import annotations

import json

from tests import query_golden


def test_get_context_returns_the_recorded_packs_for_every_fixed_query() -> None:
    expected = json.loads(query_golden.GOLDEN.read_text())
    got = query_golden.packs_now()
    assert len(got) == len(expected)
    for want, have in zip(expected, got, strict=True):
        assert (have["query"], have["args"]) == (want["query"], want["args"])
        assert have["packs"] == want["packs"], f"packs differ for {want['query']!r} {want['args']}"
