"""Session digests: a short label and an extractive summary, built only from what was kept.

Both are made from the distilled items (which passed the secret scan), never from the raw transcript, so
a digest cannot leak what the distiller dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from contextlamp.retrieval.questions import key_phrases
from contextlamp.text import collapse_ws

MAX_LABEL_CHARS = 60
MAX_SUMMARY_CHARS = 400
SUMMARY_ITEMS = 3
TYPE_ORDER = {"event": 0, "instruction": 1, "task": 2, "fact": 3}  # decisions first: what changed


class Statement(Protocol):
    """Anything with a content and a memory type (a distilled item or a stored entry)."""

    @property
    def content(self) -> str: ...

    @property
    def memory_type(self) -> str: ...


def _lasting(items: Sequence[Statement]) -> list[Statement]:
    """Items that do not expire: tasks are left out of digests, so their text leaves with them."""
    return [i for i in items if i.memory_type != "task"]


def session_label(items: Sequence[Statement]) -> str:
    """A short title: the best RAKE key phrase over the lasting items (Rose et al., 2010), capitalised;
    "Open tasks" when the session taught only tasks."""
    items = _lasting(items)
    if not items:
        return "Open tasks"
    phrases = key_phrases(" . ".join(i.content for i in items), limit=1)
    label = phrases[0] if phrases else collapse_ws(items[0].content) if items else "Session"
    label = label[:MAX_LABEL_CHARS].rstrip()
    return label[:1].upper() + label[1:]


def session_summary(items: Sequence[Statement]) -> str:
    """Up to three lasting items (decisions, then instructions, facts), joined; at most 400 characters."""
    chosen = sorted(_lasting(items), key=lambda i: TYPE_ORDER.get(i.memory_type, 9))[:SUMMARY_ITEMS]
    text = " ".join(collapse_ws(i.content).rstrip(".") + "." for i in chosen)
    return text if len(text) <= MAX_SUMMARY_CHARS else text[: MAX_SUMMARY_CHARS - 1].rstrip() + "…"
