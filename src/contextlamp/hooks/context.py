"""The context a session starts with: recent session digests of its project and the memories most relevant
to it, project memories fused with personal ones, within a budget (issue #15.2).

The rows come from one of two sources that read the same thing: ``ServiceRows``, through the
``MemoryService`` (``resume_session`` and ``list_context``: its scoping, expiry and supersession), and
``StoredRows``, the data directory's SQLite files read directly and read-only (``storage/readonly``), which a
session start uses whenever it can (``read_context``): it answers in the time of a process start, without
the application (issue #29.13: twelve session starts at once beside the capture workers, each loading the
application, missed their 5 s deadline). ``read_context`` answers None wherever the service would write first
(a new user, a repository not mapped yet) or cannot be stood in for (PostgreSQL, a setting only ``Settings``
can judge), and the session start then goes through the service. Nothing is cached between session starts:
each reads the stores as they are, so a forgotten memory is never shown. Nothing here embeds: relevance is
recency, kind and a mention of the project's name, so a session start never waits for the embedding model
(~0.5 s to load).

Budget: tokens are counted as 4 characters each (OpenAI's rule of thumb for English text,
help.openai.com "What are tokens and how to count them"), so a budget of 1,500 tokens is 6,000 characters of
context. 0 turns injection off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from contextlamp.printed import (
    CONTEXT_DIGESTS,
    CONTEXT_HEADER,
    CONTEXT_NOTE,
    CONTEXT_PERSONAL,
    CONTEXT_PROJECT,
    CONTEXT_SCOPE,
    DAY_FORMAT,
    DIGEST_LINE,
    MEMORY_LINE,
)
from contextlamp.text import inert_markup, preview_of

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.hooks.repo import Repository
    from contextlamp.storage.readonly import ReadOnlyHome

CHARS_PER_TOKEN = 4
MAX_DIGESTS = 3  # session digests shown at most
DIGESTS_SCANNED = 12  # recent digests looked at to find the project's
MEMORIES_SCANNED = 50  # newest memories of each store considered
DIGEST_SHARE = 0.4  # of the budget the digests may take at most; the memories have the rest
MAX_LINE_CHARS = 400  # one memory or digest line is cut here
_PRIORITY_KINDS = ("decision", "preference")


@dataclass(frozen=True)
class StartContext:
    """``text`` for the client to add (empty: nothing to add), and ``memories`` and ``digests``: how many of
    each it holds."""

    text: str
    memories: int
    digests: int


@dataclass(frozen=True)
class Memory:
    """One live memory as the context shows it: ``id``, ``kind``, ``memory_type`` and ``preview`` (the first 200
    characters, white space collapsed: ``text.preview_of``)."""

    id: str
    kind: str
    memory_type: str
    preview: str


@dataclass(frozen=True)
class Digest:
    """One recent session digest: ``id``, ``label``, ``summary``, ``source_surface`` and ``ts`` (ms)."""

    id: str
    label: str
    summary: str
    source_surface: str
    ts: int


class ContextRows(Protocol):
    """What a context is built from."""

    def memories(self, project_id: str | None) -> Sequence[Memory]:
        """The ``MEMORIES_SCANNED`` newest live memories of the project's store (None: the personal one),
        newest first, none superseded or expired."""
        ...

    def digests(self) -> Sequence[Digest]:
        """The ``DIGESTS_SCANNED`` newest session digests of the user, newest first."""
        ...

    def learned_in(self, digest: Digest, project_id: str) -> set[str]:
        """The ids of the digest's learnings that still live in the project's store."""
        ...


class ServiceRows:
    """``ContextRows`` through the service (``list_context``, ``resume_session``) for ``caller``."""

    def __init__(self, service: MemoryService, caller: Caller) -> None:
        self.service = service
        self.caller = caller

    def memories(self, project_id: str | None) -> list[Memory]:
        items = self.service.list_context(self.caller, MEMORIES_SCANNED, project_id).items
        return [Memory(i.id, i.kind, i.memory_type, i.preview) for i in items if not i.superseded_by]

    def digests(self) -> list[Digest]:
        found = self.service.resume_session(self.caller, None, DIGESTS_SCANNED).sessions or []
        return [Digest(d.session_id, d.label, d.summary, d.source_surface, d.ts) for d in found]

    def learned_in(self, digest: Digest, project_id: str) -> set[str]:
        detail = self.service.resume_session(self.caller, digest.id).session
        return {learning.id for learning in detail.learnings} if detail is not None else set()


class StoredRows:
    """``ContextRows`` read from the SQLite files of ``home`` (read-only) for user ``user_id`` at ``now`` (ms):
    the rows the service reads (``storage/readonly``), so the same context."""

    def __init__(self, home: ReadOnlyHome, user_id: str, now: int) -> None:
        self.home = home
        self.user_id = user_id
        self.now = now
        self._refs: dict[str, tuple[tuple[str, str], ...]] = {}

    def memories(self, project_id: str | None) -> list[Memory]:
        rows = self.home.newest(project_id or self.user_id, MEMORIES_SCANNED, self.now)
        return [Memory(r.id, r.kind, r.memory_type, preview_of(r.content)) for r in rows]

    def digests(self) -> list[Digest]:
        found = self.home.sessions(self.user_id, DIGESTS_SCANNED)
        self._refs = {d.id: d.learnings for d in found}
        return [Digest(d.id, d.label, d.summary, d.source_surface, d.created_at) for d in found]

    def learned_in(self, digest: Digest, project_id: str) -> set[str]:
        return {entry_id for store_id, entry_id in self._refs.get(digest.id, ()) if store_id == project_id}


def build_context(rows: ContextRows, project_id: str | None, slug: str | None, budget_tokens: int) -> StartContext:
    """The context of a session in project ``project_id`` (named ``slug``; None: outside any repository, personal
    memories only) in at most ``budget_tokens`` tokens (``CHARS_PER_TOKEN`` characters each). Order: a header,
    up to ``MAX_DIGESTS`` digests of the project's recent sessions (a digest is the project's when one of its
    learnings is in the project's store), then memories: the project's and the personal ones interleaved two to
    one, decisions and preferences and mentions of the project first, newest first within each."""
    from contextlamp.hooks.clean import MARK_CHARS, mark

    budget = max(0, budget_tokens) * CHARS_PER_TOKEN - MARK_CHARS  # the marker (clean.py) is inside the budget
    if budget <= 0:
        return StartContext("", 0, 0)
    project_items: Sequence[Memory] = rows.memories(project_id) if project_id else ()
    personal_items = rows.memories(None)
    name = slug if project_id else None
    header = CONTEXT_HEADER.format(scope=CONTEXT_SCOPE.format(slug=name) if name else "") + "\n" + CONTEXT_NOTE
    used = len(header) + 1
    if used >= budget:
        return StartContext("", 0, 0)
    digest_lines = _digest_lines(rows, project_id, {i.id for i in project_items})
    chosen_digests = _fit(digest_lines, min(budget - used, int(budget * DIGEST_SHARE)))
    blocks = [header]
    if chosen_digests:
        blocks.append(CONTEXT_DIGESTS + "\n" + "\n".join(chosen_digests))
        used += len(blocks[-1]) + 1
    ranked_project = _ranked(project_items, name)
    ranked_personal = _ranked(personal_items, name)
    shown_project: list[str] = []
    shown_personal: list[str] = []
    room = budget - used - 40  # the two section headings
    for line, target in _interleave(ranked_project, ranked_personal):
        if len(line) + 1 > room:
            continue  # a shorter one further down may still fit
        target_list = shown_project if target == "project" else shown_personal
        target_list.append(line)
        room -= len(line) + 1
    if shown_project:
        blocks.append(CONTEXT_PROJECT + "\n" + "\n".join(shown_project))
    if shown_personal:
        blocks.append(CONTEXT_PERSONAL + "\n" + "\n".join(shown_personal))
    count = len(shown_project) + len(shown_personal)
    if not count and not chosen_digests:
        return StartContext("", 0, 0)
    return StartContext(mark("\n\n".join(blocks)[:budget]), count, len(chosen_digests))


def _digest_lines(rows: ContextRows, project_id: str | None, project_ids: set[str]) -> list[str]:
    """One line per recent digest of the project (``project_ids``: the ids of its store's memories shown; no
    project: any digest)."""
    lines: list[str] = []
    for digest in rows.digests():
        if len(lines) == MAX_DIGESTS:
            break
        if project_id is not None and not rows.learned_in(digest, project_id) & project_ids:
            continue
        day, surface, label, summary = (
            _day(digest.ts),
            _inert(digest.source_surface),
            _inert(digest.label),
            _inert(digest.summary),
        )
        lines.append(_cut(DIGEST_LINE.format(day=day, surface=surface, label=label, summary=summary)))
    return lines


def _ranked(items: Sequence[Memory], name: str | None) -> list[str]:
    """Memory lines, the most relevant first: a mention of the project's name, then decisions and preferences
    and instructions, then the rest; newest first within each group (``items`` come newest first)."""

    spoken = name.replace("-", " ") if name else None

    def group(item: Memory) -> int:
        mentions = spoken is not None and spoken in item.preview.lower().replace("-", " ")
        important = item.kind in _PRIORITY_KINDS or item.memory_type == "instruction"
        return 0 if mentions else 1 if important else 2

    ordered = sorted(range(len(items)), key=lambda i: (group(items[i]), i))
    return [_cut(MEMORY_LINE.format(kind=_inert(items[i].kind), text=_inert(items[i].preview))) for i in ordered]


def _interleave(project: list[str], personal: list[str]) -> list[tuple[str, str]]:
    """Project and personal lines fused two to one (the project's context first)."""
    out: list[tuple[str, str]] = []
    a = b = 0
    while a < len(project) or b < len(personal):
        for _ in range(2):
            if a < len(project):
                out.append((project[a], "project"))
                a += 1
        if b < len(personal):
            out.append((personal[b], "personal"))
            b += 1
    return out


def _fit(lines: list[str], room: int) -> list[str]:
    kept: list[str] = []
    for line in lines:
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    return kept


def _inert(field: str) -> str:
    """One stored field as a context line shows it: on one line (white space collapsed, so no field can start a
    line of its own, a heading or the block's end) and unable to open or close a markup block
    (``text.inert_markup``: contextlamp's marker, a client's wrapper such as Gemini CLI's ``<hook_context>``)."""
    return inert_markup(" ".join(field.split()))


def _cut(line: str) -> str:
    """``line`` cut to ``MAX_LINE_CHARS``, never inside an escape ``_inert`` wrote (``&lt;`` stays whole)."""
    if len(line) <= MAX_LINE_CHARS:
        return line
    head = line[: MAX_LINE_CHARS - 1]
    amp = head.rfind("&", len(head) - 12)
    if amp >= 0 and ";" not in head[amp:]:
        head = head[:amp]
    return head + "…"


def _day(ms: int) -> str:
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime(DAY_FORMAT)
    except (OverflowError, ValueError, OSError):
        return "?"


def read_context(
    home: Path, user: str, repository: Repository | None, budget_tokens: int, now: int
) -> tuple[StartContext, str | None] | None:
    """The context of a session start for local user ``user`` in ``repository`` (None: outside any) read from
    the SQLite data directory ``home`` without the application, at ``now`` (ms since the Unix epoch), and the
    id of the repository's project (None: personal). None when the service has to answer instead: the user or
    the repository's project is not recorded yet (the service records them first), or a file cannot be read as
    this reader expects (``sqlite3.Error``: locked, an older schema the service migrates, not a database).

    The same context as ``build_context`` over ``ServiceRows`` (tests/test_hooks_start.py compares them)."""
    import sqlite3

    from contextlamp.storage.readonly import ReadOnlyHome

    try:
        with ReadOnlyHome(home) as stored:
            user_id = stored.user_id(user)
            if user_id is None:
                return None
            project: tuple[str, str] | None = None
            if repository is not None:
                project = stored.repository_project(user_id, repository.identity, str(repository.root))
                if project is None:
                    return None
            rows = StoredRows(stored, user_id, now)
            project_id, slug = project if project else (None, None)
            return build_context(rows, project_id, slug, budget_tokens), project_id
    except sqlite3.Error:
        return None


def read_namesake(home: Path, user: str, name: str, project_id: str) -> tuple[str, str] | None:
    """``(slug, the repository's project's slug)`` of local user ``user``'s project named ``name`` (the
    repository's) that the repository, whose project is ``project_id``, does not read (``Scope.unread_namesake``),
    read from the SQLite data directory ``home`` without the application; None when there is none or a file
    cannot be read."""
    import sqlite3

    from contextlamp.storage.readonly import ReadOnlyHome

    try:
        with ReadOnlyHome(home) as stored:
            user_id = stored.user_id(user)
            return stored.unread_namesake(user_id, name, project_id) if user_id else None
    except sqlite3.Error:
        return None
