"""A token wrapped over lines at any boundary, rejoined in a view (table18, stop 46, issue #28).

A terminal, a mail client or a chat window wraps a long token wherever the width ends, so the prefix itself may be
cut (``glpat-jL`` / ``sn9mVKt0d`` / ``tkolDKtz4``, ``AKIAAF`` / ``H9WWTZS`` / ``ROTCRT3``) and the pieces are of no
one width. secret_layout reads lines cut to one width; this reads a run of 2 to ``_MAX_PIECES`` consecutive lines
that each hold one token of 2 to ``_MAX_PIECE`` value characters, joined. The scanner keeps a finding of such a view
only when it crosses a join and a format names it (a vendor rule, or a prefixed token whose prefix starts the first
piece: secret_scan._laid), so a column of words, ids or hashes stays what it is. A piece after the first that opens
with a prefix of its own (``ch_``, ``in_``, ``sk-``) starts a new value, not the rest of one: the run ends there.
A token handed over in halves is read the same way (stop 48): a line that is only a short label and a colon
("second half:") does not end a run, and a line ``label: piece`` ("token part 2: 9JeaW") gives its piece.

One pass over the lines: linear.
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_layout import LayoutView

_MAX_PIECE = 40  # characters of one piece (a longer line is a whole value, read as it is)
_MAX_PIECES = 8
_MAX_LABEL = 80  # characters of a label line kept before a run
_PIECE = re.compile(r"[ \t]*([A-Za-z0-9_\-+/=.~]{2,40})[ \t\r]*")
# a short label and its colon: alone on a line between two pieces, or before a piece on its line (stop 48)
_LABEL_LINE = re.compile(r"[ \t]*[^\s:][^:\n]{0,40}:[ \t\r]*")
_LABELLED = re.compile(r"[ \t]*[^\s:][^:\n]{0,40}:[ \t]+")
_OWN_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}[_-][A-Za-z0-9]")


def _piece(line: str) -> re.Match[str] | None:
    """The one token a line holds: the whole line, or what follows a short label and a colon ("part 2: 9JeaW")."""
    m = _PIECE.fullmatch(line)
    if m is None and (label := _LABELLED.match(line)) is not None:
        m = _PIECE.fullmatch(line, label.end())
    return m


def wrapped_views(text: str) -> list[LayoutView]:
    """A view per run of 2+ consecutive one-token lines of ``text`` (module docstring), pieces joined; a line that
    is only a short label ending in a colon ("second half:") stands between two pieces without ending the run."""
    if "\n" not in text:
        return []
    views: list[LayoutView] = []
    run: list[tuple[int, int]] = []
    label: tuple[int, int] | None = None  # the label line before the run, or the label before its first piece
    before: tuple[int, int] | None = None  # the last line, when it is a label
    start = 0
    for line in [*text.split("\n"), None]:
        if line is not None and _LABEL_LINE.fullmatch(line) is not None and len(line) <= _MAX_LABEL:
            before = (start, start + len(line))
            start += len(line) + 1
            continue  # a label between two pieces does not end their run
        m = _piece(line) if line is not None else None
        if m is not None and run and _OWN_PREFIX.match(m.group(1)) is not None:
            views += _view(text, run, label)
            run = []
        if m is not None and len(run) < _MAX_PIECES:
            if not run:  # the label on the piece's line ("part 1: glpat-"), else the label line above, if any
                same = line is not None and ":" in line[: m.start(1)]
                label = (start, start + m.start(1)) if same else before
            run.append((start + m.start(1), start + m.end(1)))
        else:
            views += _view(text, run, label)
            run = [(start + m.start(1), start + m.end(1))] if m is not None else []
            label = None
        before = None
        if line is not None:
            start += len(line) + 1
    return views


def _view(text: str, run: list[tuple[int, int]], label: tuple[int, int] | None = None) -> list[LayoutView]:
    """The pieces of ``run`` joined, after the text of ``label`` and a space when there is one."""
    if len(run) < 2:
        return []
    starts: list[int] = []
    joins: list[int] = []
    head = ""
    if label is not None and label[1] > label[0]:
        head = text[label[0] : label[1]].rstrip() + " "
        starts.extend(range(label[0], label[0] + len(head) - 1))
        starts.append(label[0] + len(head) - 2)
    for k, (a, b) in enumerate(run):
        if k:
            joins.append(len(starts))
        starts.extend(range(a, b))
    return [LayoutView(head + "".join(text[a:b] for a, b in run), starts, tuple(joins), begin=len(head))]
