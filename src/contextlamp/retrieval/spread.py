"""Questions that gather: a count, a total, or several named things at once (issue #32).

Their evidence lies in several conversations, so the neighbour rule (``search.with_neighbours``) does not let one
conversation's lifted turns take every place (research/notes/neigh49-stop46.md)."""

from __future__ import annotations

import re

# a count, a total, or two or more named things at once (LongMemEval's multi-session questions: "how many ... in
# total", "the total amount I spent on A and B", "the two hobbies"); English only
_GATHERS = re.compile(
    r"\b(?:how many|how much|in total|total|altogether|combined|both|all the|two|three|four|several)\b", re.IGNORECASE
)


def gathers(text: str) -> bool:
    """Whether the question ``text`` asks for a count, a total or several things at once (``_GATHERS``, English).
    Linear in ``len(text)``."""
    return _GATHERS.search(text) is not None
