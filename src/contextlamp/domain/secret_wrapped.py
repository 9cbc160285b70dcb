"""A token wrapped over lines at any boundary, rejoined in a view (table18, stop 46, issue #28).

A terminal, a mail client or a chat window wraps a long token wherever the width ends, so the prefix itself may be
cut (``glpat-jL`` / ``sn9mVKt0d`` / ``tkolDKtz4``, ``AKIAAF`` / ``H9WWTZS`` / ``ROTCRT3``) and the pieces are of no
one width. secret_layout reads lines cut to one width; this reads a run of 2 to ``_MAX_PIECES`` consecutive lines
that each hold one token of 2 to ``_MAX_PIECE`` value characters, joined. The scanner keeps a finding of such a view
only when it crosses a join and a format names it (a vendor rule, or a prefixed token whose prefix starts the first
piece: secret_scan._laid), so a column of words, ids or hashes stays what it is. A piece after the first that opens
with a prefix of its own (``ch_``, ``in_``, ``sk-``) starts a new value, not the rest of one: the run ends there.

One pass over the lines: linear.
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_layout import LayoutView

_MAX_PIECE = 40  # characters of one piece (a longer line is a whole value, read as it is)
_MAX_PIECES = 8
_PIECE = re.compile(r"[ \t]*([A-Za-z0-9_\-+/=.~]{2,40})[ \t\r]*")
_OWN_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}[_-][A-Za-z0-9]")


def wrapped_views(text: str) -> list[LayoutView]:
    """A view per run of 2+ consecutive one-token lines of ``text`` (module docstring), pieces joined."""
    if "\n" not in text:
        return []
    views: list[LayoutView] = []
    run: list[tuple[int, int]] = []
    start = 0
    for line in [*text.split("\n"), None]:
        m = _PIECE.fullmatch(line) if line is not None else None
        if m is not None and run and _OWN_PREFIX.match(m.group(1)) is not None:
            views += _view(text, run)
            run = []
        if m is not None and len(run) < _MAX_PIECES:
            run.append((start + m.start(1), start + m.end(1)))
        else:
            views += _view(text, run)
            run = [(start + m.start(1), start + m.end(1))] if m is not None else []
        if line is not None:
            start += len(line) + 1
    return views


def _view(text: str, run: list[tuple[int, int]]) -> list[LayoutView]:
    if len(run) < 2:
        return []
    starts: list[int] = []
    joins: list[int] = []
    for a, b in run:
        if starts:
            joins.append(len(starts))
        starts.extend(range(a, b))
    return [LayoutView("".join(text[a:b] for a, b in run), starts, tuple(joins))]
