"""What the dashboard shows beyond the six tools' answers, scoped like them: the overview of a caller's memories
(counts by type and surface, memories added per week, per project) and who corroborated a team's learnings. A
collaborator of ``MemoryService`` (app/service.py); reads only.

Counted are the caller's current memories (personal store and every project store; superseded versions and
expired tasks left out), the same entries ``list_context`` browses. Team learnings are not counted here: they are
the team's, and the teams page lists them.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from contextlamp.app.scoping import Scope
from contextlamp.app.state import Caller
from contextlamp.config import DAY_MS
from contextlamp.domain.models import Entry
from contextlamp.storage import Store

WEEK_MS = 7 * DAY_MS
OVERVIEW_WEEKS = 12  # the chart's span: a quarter, enough to see a trend, short enough to read each bar
MAX_OVERVIEW_WEEKS = 520
PAGE = 500  # entries read per store query while counting (memory stays one page, whatever the store's size)


@dataclass(frozen=True)
class Overview:
    """Counts over a caller's current memories (module docstring).

    ``by_type`` and ``by_surface`` are ``(name, count)``, largest first (ties by name); ``weeks`` is
    ``(week start, count)`` for the last ``len(weeks)`` ISO weeks (Monday 00:00 UTC, ISO 8601), oldest first,
    the last one the current week; ``by_project`` is ``{project id: count}`` (personal memories under ``""``).
    Times are ms since the epoch.
    """

    total: int
    by_type: list[tuple[str, int]]
    by_surface: list[tuple[str, int]]
    weeks: list[tuple[int, int]]
    by_project: dict[str, int]


def week_start(ms: int) -> int:
    """The start (Monday 00:00 UTC, ISO 8601 weeks) of the week holding ``ms`` (ms since the epoch)."""
    day = ms - ms % DAY_MS
    weekday = dt.datetime.fromtimestamp(day / 1000, dt.UTC).weekday()  # Monday = 0
    return day - weekday * DAY_MS


def summarise(entries: Iterable[tuple[str, Entry]], now: int, weeks: int = OVERVIEW_WEEKS) -> Overview:
    """The ``Overview`` of ``(store key, entry)`` pairs as of ``now``: one pass, memory in the number of distinct
    types, surfaces and stores. Entries older than the chart's first week count in the totals only; entries
    dated after ``now`` (a clock set back) count in the current week.

    Raises:
        ValueError: ``weeks`` is not 1-520.
    """
    if not 1 <= weeks <= MAX_OVERVIEW_WEEKS:
        raise ValueError(f"weeks must be 1-{MAX_OVERVIEW_WEEKS}, got {weeks}")
    current = week_start(now)
    first = current - (weeks - 1) * WEEK_MS
    types: Counter[str] = Counter()
    surfaces: Counter[str] = Counter()
    stores: Counter[str] = Counter()
    per_week = [0] * weeks
    for key, entry in entries:
        types[entry.memory_type] += 1
        surfaces[entry.source_surface] += 1
        stores[key] += 1
        if entry.created_at >= first:
            per_week[min((entry.created_at - first) // WEEK_MS, weeks - 1)] += 1
    return Overview(
        total=sum(stores.values()),
        by_type=_largest_first(types),
        by_surface=_largest_first(surfaces),
        weeks=[(first + i * WEEK_MS, n) for i, n in enumerate(per_week)],
        by_project=dict(stores),
    )


def _largest_first(counts: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


class Views:
    """The dashboard's reads over the stores ``scope`` lets a caller touch; ``clock`` gives ms since the epoch."""

    def __init__(self, scope: Scope, clock: Callable[[], int]) -> None:
        self.scope = scope
        self.clock = clock

    def overview(self, caller: Caller, weeks: int = OVERVIEW_WEEKS) -> Overview:
        """Counts over the caller's current personal and project memories (``Overview``).

        Raises:
            ValueError: ``weeks`` is not 1-520.
        """
        stores: list[tuple[str, Store]] = [("", self.scope.personal(caller.principal).store)]
        stores += [(p.id, self.scope.scoped(p).store) for p in self.scope.projects(caller.principal)]
        now = self.clock()
        return summarise(((key, e) for key, store in stores for e in _current(store, now)), now, weeks)

    def corroborators(self, caller: Caller, team: str, entry_ids: Sequence[str]) -> dict[str, list[str]]:
        """Who confirmed each of these learnings of one of the caller's teams: ``{entry id: [user name, ...]}``
        (oldest first; a deleted user's id in place of the name); ids without corroboration are absent.

        Raises:
            InvalidArgumentError: ``team`` names none of the caller's teams (the same answer as no such team).
        """
        found = self.scope.team(caller.principal, team)[0]
        rows = self.scope.registry.store(found.id).corroborations(list(entry_ids))
        names: dict[str, str] = {}
        shown: dict[str, list[str]] = {}
        for entry_id, given in rows.items():
            for user_id, _at, _similarity in given:
                if user_id not in names:
                    user = self.scope.registry.control.find_user(user_id)
                    names[user_id] = user.name if user else user_id
                shown.setdefault(entry_id, []).append(names[user_id])
        return shown


def _current(store: Store, now: int) -> Iterable[Entry]:
    """Every current entry of a store, newest first, a page at a time."""
    before: tuple[int, str] | None = None
    while True:
        page = store.list_page(PAGE, before, now, None, False)
        yield from page
        if len(page) < PAGE:
            return
        before = (page[-1].created_at, page[-1].id)
