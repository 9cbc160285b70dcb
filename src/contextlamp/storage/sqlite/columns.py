"""Entries' small columns in memory, per store: what a search asks of every candidate (is it live, of an asked
type, when was it saved, from which surface, how long) answered without a SQL statement per candidate.

The table (``entries``) stays the source of truth. ``EntryColumns`` is a copy of its small columns (rowid, id,
created_at, expires_at, whether superseded, memory_type, source_surface and the content's length in characters)
that the store (``SqliteStore``) keeps current:

- a commit of this process's connection refreshes the rows it touched (``refresh``: the ids the
  ``SqliteWriter`` recorded), or drops the copy (a deletion, or a write outside the writer);
- a commit of any other connection, in this or another process, moves ``PRAGMA data_version`` (SQLite docs:
  it changes when another connection commits), and the next read drops and reloads the copy.

Memory: about 200 bytes an entry (ids and the sorted time keys dominate): 2 MiB at 10,000 entries.
"""

from __future__ import annotations

import bisect
import sqlite3
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from contextlamp.domain.models import MemoryType

NO_EXPIRY = 2**63 - 1  # expires_at of an entry that never expires (NULL in the table): above any time
COLUMNS = (
    "SELECT rowid, id, created_at, expires_at, superseded_by IS NOT NULL AS superseded, memory_type, "
    "source_surface, length(content) AS chars FROM entries"
)
TYPE_CODES: dict[str, int] = {}  # memory_type -> small code of the type column (filled as types are met)


def _code(memory_type: str) -> int:
    return TYPE_CODES.setdefault(memory_type, len(TYPE_CODES))


class EntryColumns:
    """The small columns of a store's entries (module docstring), in rowid order.

    Per entry (at a position): ``ids``, ``created``, ``expires`` (``NO_EXPIRY`` for none), ``superseded``,
    ``types``, ``surfaces``, ``chars`` as Python lists for one-at-a-time answers, and numpy copies of the columns a
    vector search filters on (``rowid_array``, ``expires_array``, ``superseded_array``, ``type_array``), made on
    first use. ``by_time``: every entry's ``(created_at, id)``, sorted; ``by_surface``: the same per surface (the
    time neighbours' walk). ``changes`` counts every change (a key for what is derived from the positions).
    """

    def __init__(self) -> None:
        self.loaded = False
        self.changes = 0
        self.layouts = 0  # counts loads and drops: between two, a position keeps its entry (refresh only appends)
        self._clear()

    def _clear(self) -> None:
        self.rowids: list[int] = []
        self.ids: list[str] = []
        self.created: list[int] = []
        self.expires: list[int] = []
        self.superseded: list[bool] = []
        self.types: list[str] = []
        self.codes: list[int] = []  # the type column as small codes (TYPE_CODES)
        self.surfaces: list[str] = []
        self.chars: list[int] = []
        self.at_rowid: dict[int, int] = {}
        self.at_id: dict[str, int] = {}
        self.by_time: list[tuple[int, str]] = []
        self.by_surface: dict[str, list[tuple[int, str]]] = {}
        self._arrays: (
            tuple[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int8]]]
            | None
        ) = None
        # numpy copies made before the refreshes since, with how many positions they held, and the positions below
        # that those refreshes changed: ``arrays`` patches them (``_patched``) when next asked, not each refresh
        self._base: (
            tuple[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int8]], int]
            | None
        ) = None
        self._dirty: set[int] = set()

    def invalidate(self) -> None:
        """Drop the copy: the next read reloads it whole."""
        if self.loaded:
            self.loaded = False
            self._clear()
        self.changes += 1
        self.layouts += 1

    def load(self, conn: sqlite3.Connection) -> None:
        """Read the whole copy (one statement, rowid order)."""
        self._clear()
        for row in conn.execute(f"{COLUMNS} ORDER BY rowid"):
            self._append(row)
        self.by_time.sort()
        for keys in self.by_surface.values():
            keys.sort()
        self.loaded = True
        self.changes += 1
        self.layouts += 1

    def _append(self, row: sqlite3.Row) -> None:
        position = len(self.ids)
        key = (row["created_at"], row["id"])
        self.rowids.append(row["rowid"])
        self.ids.append(row["id"])
        self.created.append(row["created_at"])
        self.expires.append(NO_EXPIRY if row["expires_at"] is None else row["expires_at"])
        self.superseded.append(bool(row["superseded"]))
        self.types.append(row["memory_type"])
        self.codes.append(_code(row["memory_type"]))
        self.surfaces.append(row["source_surface"])
        self.chars.append(row["chars"])
        self.at_rowid[row["rowid"]] = position
        self.at_id[row["id"]] = position
        self.by_time.append(key)
        self.by_surface.setdefault(row["source_surface"], []).append(key)

    def refresh(self, conn: sqlite3.Connection, ids: Iterable[str]) -> None:
        """Read again the rows of ``ids`` (this connection's own commit touched them): changed rows are updated in
        place, new ones appended (a new row's rowid is above every held one, as SQLite gives it); a row that is
        gone, or one that breaks the rowid order, drops the copy instead (the next read reloads it). The numpy
        copies are patched (``_patched``) when next asked for, rather than made again."""
        wanted = sorted(set(ids))
        if not self.loaded or not wanted:
            return
        from contextlamp.storage.sqlite.rows import SQLITE_MAX_VARS, marks

        rows: list[sqlite3.Row] = []
        for start in range(0, len(wanted), SQLITE_MAX_VARS):
            chunk = wanted[start : start + SQLITE_MAX_VARS]
            rows += conn.execute(f"{COLUMNS} WHERE id IN ({marks(len(chunk))})", chunk).fetchall()
        if len(rows) != len(wanted):
            self.invalidate()
            return
        if self._arrays is not None and self._arrays[0] == self.changes:  # current copies: patched when next asked
            self._base, self._dirty = (self._arrays[1], len(self.ids)), set()
        self.changes += 1
        for row in sorted(rows, key=lambda r: r["rowid"]):
            position = self.at_id.get(row["id"])
            if position is None:
                if self.rowids and row["rowid"] <= self.rowids[-1]:
                    self.invalidate()
                    return
                self._append(row)
                key = self.by_time.pop()
                bisect.insort(self.by_time, key)
                keys = self.by_surface[row["source_surface"]]
                bisect.insort(keys, keys.pop())
                continue
            if position != self.at_rowid.get(row["rowid"]):
                self.invalidate()
                return
            old_key = (self.created[position], self.ids[position])
            old_surface = self.surfaces[position]
            if (row["created_at"], row["source_surface"]) != (old_key[0], old_surface):
                self.by_time.pop(bisect.bisect_left(self.by_time, old_key))
                keys = self.by_surface[old_surface]
                keys.pop(bisect.bisect_left(keys, old_key))
                new_key = (row["created_at"], row["id"])
                bisect.insort(self.by_time, new_key)
                bisect.insort(self.by_surface.setdefault(row["source_surface"], []), new_key)
            self.created[position] = row["created_at"]
            self.expires[position] = NO_EXPIRY if row["expires_at"] is None else row["expires_at"]
            self.superseded[position] = bool(row["superseded"])
            self.types[position] = row["memory_type"]
            self.codes[position] = _code(row["memory_type"])
            self.surfaces[position] = row["source_surface"]
            self.chars[position] = row["chars"]
            self._dirty.add(position)

    def _patched(
        self,
        arrays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int8]],
        held: int,
        changed: list[int],
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int8]]:
        """New numpy copies (``arrays``' values are never changed: a caller may hold them) equal to what
        ``arrays`` makes from the lists after ``refresh`` calls that kept the first ``held`` positions' entries,
        updated the ``changed`` ones in place and appended the rest: the old copies, the appended positions'
        values and the changed positions' values. After one save at 10,000 entries: about 20 µs, against about
        0.3 ms for the whole copy made again (docs/performance.md, stop 42)."""
        import numpy as np

        lists = (self.rowids, self.expires, self.superseded, self.codes)
        made = tuple(
            np.concatenate([old, np.asarray(values[held:], dtype=old.dtype)])
            for old, values in zip(arrays, lists, strict=True)
        )
        if changed:
            at = np.asarray(changed, dtype=np.int64)
            for new, values in zip(made, lists, strict=True):
                new[at] = [values[p] for p in changed]
        return made  # type: ignore[return-value]  # four arrays, as arrays() makes them

    # -- answers ------------------------------------------------------------------------------------------

    def is_live(self, position: int, now: int, memory_types: Sequence[MemoryType] | None) -> bool:
        """``rows.LIVE`` and the type filter of the entry at ``position``: not superseded, not expired at ``now``
        (``expires_at > now``), of one of ``memory_types`` (None: any)."""
        return (
            not self.superseded[position]
            and self.expires[position] > now
            and (memory_types is None or self.types[position] in memory_types)
        )

    def live_mask(self, now: int, memory_types: Sequence[MemoryType] | None) -> npt.NDArray[np.bool_]:
        """``is_live`` of every position at once: ``(len(ids),) bool``."""
        import numpy as np

        _, expires, superseded, types = self.arrays()
        live = (expires > now) & ~superseded
        if memory_types is not None:
            live &= np.isin(types, [TYPE_CODES[t] for t in memory_types if t in TYPE_CODES])
        return live

    def arrays(
        self,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int8]]:
        """numpy copies of rowid, expires_at, superseded and the type code, by position: made whole after a load
        (10,000 entries in about 0.3 ms), patched after refreshes (``_patched``)."""
        import numpy as np

        if self._arrays is not None and self._arrays[0] == self.changes:
            return self._arrays[1]
        if self._base is not None:
            base, held = self._base
            self._arrays = (self.changes, self._patched(base, held, sorted(p for p in self._dirty if p < held)))
            self._base, self._dirty = None, set()
            return self._arrays[1]
        if self._arrays is None or self._arrays[0] != self.changes:
            made = (
                np.asarray(self.rowids, dtype=np.int64),
                np.asarray(self.expires, dtype=np.int64),
                np.asarray(self.superseded, dtype=np.bool_),
                np.asarray(self.codes, dtype=np.int8),
            )
            self._arrays = (self.changes, made)
        return self._arrays[1]

    def neighbours(
        self,
        anchor: str,
        window_ms: int,
        radius: int,
        now: int,
        memory_types: Sequence[MemoryType] | None,
    ) -> list[str] | None:
        """``Store.time_neighbours`` of one anchor: up to ``radius`` live entries of the anchor's surface saved
        just before it (by ``(created_at, id)``, within ``window_ms``), nearest first, then up to ``radius`` just
        after it; None when the anchor is not stored. Walks the surface's sorted keys from the anchor outwards."""
        position = self.at_id.get(anchor)
        if position is None:
            return None
        key = (self.created[position], anchor)
        keys = self.by_surface[self.surfaces[position]]
        before: list[str] = []
        j = bisect.bisect_left(keys, key) - 1
        while j >= 0 and len(before) < radius and keys[j][0] >= key[0] - window_ms:
            if self.is_live(self.at_id[keys[j][1]], now, memory_types):
                before.append(keys[j][1])
            j -= 1
        after: list[str] = []
        j = bisect.bisect_right(keys, key)
        while j < len(keys) and len(after) < radius and keys[j][0] <= key[0] + window_ms:
            if self.is_live(self.at_id[keys[j][1]], now, memory_types):
                after.append(keys[j][1])
            j += 1
        return before + after

    def recent(self, limit: int, now: int, memory_types: Sequence[MemoryType] | None) -> list[str]:
        """The ``limit`` newest live entries (``created_at`` then id, descending), as ``Store.recent``."""
        out: list[str] = []
        for j in range(len(self.by_time) - 1, -1, -1):
            if len(out) >= limit:
                break
            entry_id = self.by_time[j][1]
            if self.is_live(self.at_id[entry_id], now, memory_types):
                out.append(entry_id)
        return out
