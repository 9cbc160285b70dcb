"""Questions that gather: a count, a total, or several named things at once (issue #32).

Their evidence lies in several conversations, so the neighbour rule (``search.with_neighbours``) does not let one
conversation's lifted turns take every place (research/notes/neigh49-stop46.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contextlamp.retrieval.hits import ScopedStore
    from contextlamp.retrieval.weights import FusionWeights

# a count, a total, or two or more named things at once (LongMemEval's multi-session questions: "how many ... in
# total", "the total amount I spent on A and B", "the two hobbies"); English only
_GATHERS = re.compile(
    r"\b(?:how many|how much|in total|total|altogether|combined|both|all the|two|three|four|several)\b", re.IGNORECASE
)


def gathers(text: str) -> bool:
    """Whether the question ``text`` asks for a count, a total or several things at once (``_GATHERS``, English).
    Linear in ``len(text)``."""
    return _GATHERS.search(text) is not None


def save_times(owner: dict[str, ScopedStore], ids: Iterable[str]) -> dict[str, int]:
    """The save time (ms) of each of ``ids`` still live: one ``Store.chars_and_times`` read per store of ``owner``."""
    wanted: dict[int, list[str]] = {}
    for entry_id in ids:
        wanted.setdefault(id(owner[entry_id]), []).append(entry_id)
    times: dict[str, int] = {}
    for group in wanted.values():
        store = owner[group[0]].store
        times.update((i, t) for i, (_, t) in store.chars_and_times(sorted(set(group))).items())
    return times


def give_back(
    owner: dict[str, ScopedStore],
    values: dict[str, tuple[float, float]],
    raised: dict[str, tuple[float, float]],
    kept_from: dict[str, str],
    quota: int,
    weights: FusionWeights,
) -> set[str]:
    """Give back in place the lift of each lifted neighbour of ``raised`` (id -> (rrf, score) after the neighbour
    rule; ``kept_from``: neighbour -> the anchor whose bonus it kept) above which ``quota`` entries of its anchor's
    conversation already rank, among the first ``weights.neighbour_quota_depth`` by lifted value, best first: it
    keeps its own value (``values``, before any lift). Returns the neighbours that gave their lift back. A
    conversation is one store's entries saved within ``weights.neighbour_window_ms`` of the anchor. The conversation
    has its places; the next go to other conversations' matches, which a question that gathers needs (``gathers``).
    One read of save times per store (``save_times``)."""
    window = weights.neighbour_window_ms
    ranked = sorted(raised, key=lambda i: -raised[i][0])[: weights.neighbour_quota_depth]
    times = save_times(owner, {*ranked, *kept_from.values()})

    def together(a: str, b: str) -> bool:
        return owner[a] is owner[b] and a in times and b in times and abs(times[a] - times[b]) <= window

    above: list[str] = []
    given: set[str] = set()
    for entry_id in ranked:
        anchor = kept_from.get(entry_id)
        if anchor is not None and sum(1 for e in above if together(e, anchor)) >= quota:
            raised[entry_id] = values.get(entry_id, (0.0, 0.0))
            given.add(entry_id)
            continue
        above.append(entry_id)
    return given
