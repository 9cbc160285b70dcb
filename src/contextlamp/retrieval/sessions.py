"""The session cap of neighbour context (``FusionWeights.session_context``): one conversation's lifted turns do not
fill the places another session's evidence needs.

After ``search.with_neighbours`` the best hits of a conversation with long memories (an assistant's replies of a few
paragraphs) have lifted their short neighbours, and on LongMemEval-S those lifted turns pushed other sessions'
evidence out of the top 10 (multi-session and temporal questions; research/notes/recall42-stop42.md). A session
(one store's entries whose save times chain with gaps of at most ``FusionWeights.neighbour_window_ms``, the
neighbour rule's "same conversation") holding a memory longer than ``FusionWeights.neighbour_max_chars`` among the
first places keeps at most ``session_context`` of them; a lifted neighbour past that keeps only its own value. A
conversation of short turns (LoCoMo's, all under 600 characters) is never capped.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from contextlamp.retrieval.hits import ScopedStore
from contextlamp.retrieval.weights import FusionWeights


def long_sessions(facts: Mapping[str, tuple[int, int]], gap_ms: int, long_chars: int) -> dict[str, int]:
    """The sessions of entries that hold a long one: ``facts`` (id -> ``(characters, created_at ms)``, as
    ``Store.chars_and_times`` returns) sorted by time, a new session wherever the gap to the previous entry exceeds
    ``gap_ms``. Returns id -> session number (0, 1, ... in time order) for the entries of the sessions holding one
    of more than ``long_chars`` characters; the others are left out."""
    number_of: dict[str, int] = {}
    long: set[int] = set()
    number, last = 0, None
    for created_at, chars, key in sorted((t, c, i) for i, (c, t) in facts.items()):
        if last is not None and created_at - last > gap_ms:
            number += 1
        number_of[key], last = number, created_at
        if chars > long_chars:
            long.add(number)
    return {i: n for i, n in number_of.items() if n in long}


def context_capped(
    fused: list[tuple[str, float, float]],
    group_of: Mapping[str, Hashable],
    own: Mapping[str, tuple[float, float]],
    cap: int,
) -> tuple[list[tuple[str, float, float]], set[str]]:
    """``fused`` (``(id, rrf, score)`` best first) with each lifted neighbour (a key of ``own``: id -> its
    ``(rrf, score)`` before the lift, (0, 0) when no list held it) that comes after the ``cap``-th place of its group
    (``group_of``: id -> session; ids without one are left alone; every entry counts) put back to its own value,
    best first again (stable), and the ids put back. ``cap`` <= 0: ``fused`` unchanged."""
    if cap <= 0:
        return fused, set()
    seen: dict[Hashable, int] = {}
    out: list[tuple[str, float, float]] = []
    back: set[str] = set()
    for key, rrf, score in fused:
        group = group_of.get(key)
        if group is not None:
            seen[group] = seen.get(group, 0) + 1
            if seen[group] > cap and key in own:
                rrf, score = own[key]
                back.add(key)
        out.append((key, rrf, score))
    return (sorted(out, key=lambda f: -f[1]) if back else fused), back


def per_session(
    fused: list[tuple[str, float, float]],
    owner: dict[str, ScopedStore],
    weights: FusionWeights,
    look: int,
    own: list[tuple[str, float, float]],
    lifted: dict[str, str],
) -> list[tuple[str, float, float]]:
    """``fused`` (after ``with_neighbours``; ``own``: before it) with ``context_capped`` at
    ``weights.session_context`` over the ``long_sessions`` of its first ``look`` entries (gap
    ``weights.neighbour_window_ms``, long: over ``weights.neighbour_max_chars``); ``lifted`` loses the neighbours
    put back. One ``Store.chars_and_times`` read per store."""
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in fused[:look]:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    group: dict[str, tuple[int, int]] = {}
    for key, ids in by_store.items():
        facts = owner[ids[0]].store.chars_and_times(ids)
        found = long_sessions(facts, weights.neighbour_window_ms, weights.neighbour_max_chars)
        group.update((i, (key, n)) for i, n in found.items())
    before = {i: (rrf, score) for i, rrf, score in own if i in lifted}
    fused, back = context_capped(fused, group, {i: before.get(i, (0.0, 0.0)) for i in lifted}, weights.session_context)
    for i in back:
        del lifted[i]
    return fused
