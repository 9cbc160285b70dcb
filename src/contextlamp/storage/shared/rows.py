"""Row mapping both backends share: an ``Entry`` from an ``entries`` row, session digests from ``sessions``
rows and their learnings, and the filter of a session listing.

A row is anything read by column name (``sqlite3.Row``, a psycopg ``dict_row``); the list fields
(``LIST_FIELDS``) arrive in each backend's representation and are decoded by the function it passes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from contextlamp.domain.models import ENTRY_FIELDS, LIST_FIELDS, Entry, SessionDigest
from contextlamp.domain.ports import Finding


def aliased_live(live: str, alias: str) -> str:
    """A backend's ``LIVE`` condition (``superseded_by IS NULL AND (expires_at ...)``, its own placeholder) with
    its columns qualified by the table alias ``alias`` (``e.superseded_by``), for a query joining ``entries``
    with itself (the time neighbours of anchors)."""
    return live.replace("superseded_by", f"{alias}.superseded_by").replace("expires_at", f"{alias}.expires_at")


def check_radius(radius: int) -> None:
    """``Store.time_neighbours``' radius check, one for both backends.

    Raises:
        ValueError: ``radius`` is below 1.
    """
    if radius < 1:
        raise ValueError(f"radius must be >= 1, got {radius}")


class Row(Protocol):
    """A row read by column name: ``sqlite3.Row`` or a psycopg ``dict_row``."""

    def __getitem__(self, key: str, /) -> Any:
        """The value of column ``key``."""
        ...


def entry_from_row(row: Row, decode_list: Callable[[Any], Iterable[str]]) -> Entry:
    """The ``Entry`` of an ``entries`` row holding every column of ``ENTRY_FIELDS``; each of ``LIST_FIELDS``
    is read through ``decode_list`` (SQLite: JSON text; PostgreSQL: ``text[]``, already a list)."""
    values = {name: row[name] for name in ENTRY_FIELDS}
    for name in LIST_FIELDS:
        values[name] = tuple(decode_list(values[name]))
    return Entry(**values)


def session_digests(rows: Sequence[Row], learnings: Iterable[tuple[str, str, str]]) -> list[SessionDigest]:
    """The digests of ``sessions`` rows (columns ``id``, ``label``, ``summary``, ``source_surface``,
    ``created_at``), in the rows' order; ``learnings`` are ``(session_id, store_id, entry_id)`` of those
    sessions in ``ord`` order (each session's learnings keep it)."""
    learned: dict[str, list[tuple[str, str]]] = {row["id"]: [] for row in rows}
    for session_id, store_id, entry_id in learnings:
        learned[session_id].append((store_id, entry_id))
    return [
        SessionDigest(
            id=row["id"],
            label=row["label"],
            summary=row["summary"],
            source_surface=row["source_surface"],
            created_at=row["created_at"],
            learnings=tuple(learned[row["id"]]),
        )
        for row in rows
    ]


def session_filter(since: int | None, surface: str | None, mark: str) -> tuple[list[str], list[Any]]:
    """The conditions of ``Store.sessions`` (created at or after ``since``, saved from ``surface``; None: any)
    and their parameters, with the backend's placeholder ``mark`` (``?`` or ``%s``)."""
    where: list[str] = []
    params: list[Any] = []
    if since is not None:
        where.append(f"created_at >= {mark}")
        params.append(since)
    if surface is not None:
        where.append(f"source_surface = {mark}")
        params.append(surface)
    return where, params


def pending_finding(count: int, repaired: bool) -> Finding:
    """The ``Store.check`` finding for ``count`` entries whose index is pending (write-behind, app/indexing.py:
    a process stopped between a save and its indexing, or is indexing right now); ``repaired`` when the check
    computed their final vectors."""
    detail = f"{count} entries wait for their final vectors (later chunks, likely questions)"
    return Finding("pending-vectors", None, detail, repaired)
