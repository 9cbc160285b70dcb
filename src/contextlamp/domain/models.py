"""Values that cross layers: frozen dataclasses inside, pydantic result models at the edge.

The pydantic ``*Result`` models are the tools' result schemas (spec/TOOLS.md); the MCP layer publishes them
as ``outputSchema`` and the CLI prints them with ``--json``. Timestamps are integers, ms since the Unix epoch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MemoryType = Literal["fact", "event", "instruction", "task"]
Kind = Literal["fact", "decision", "preference", "note"]
MEMORY_TYPES: tuple[MemoryType, ...] = ("fact", "event", "instruction", "task")
KINDS: tuple[Kind, ...] = ("fact", "decision", "preference", "note")


@dataclass(frozen=True)
class Principal:
    """The signed-in user a call acts for. ``user_id`` is ``usr_…``; ``name`` the login name."""

    user_id: str
    name: str


@dataclass(frozen=True)
class NewEntry:
    """An entry about to be stored. ``vectors`` is ``(n, dim) float32``, row 0 the content embedding,
    rows 1.. the embeddings of ``questions`` (likely questions the entry answers), in order."""

    id: str
    content: str
    content_key: str
    memory_type: MemoryType
    kind: Kind
    topic: str | None
    tags: tuple[str, ...]
    source_surface: str
    created_at: int
    expires_at: int | None
    questions: tuple[str, ...] = ()
    contributed_by: str | None = None


@dataclass(frozen=True)
class Entry:
    """A stored entry. ``superseded_by`` is the id of the entry that replaced it (None while current)."""

    id: str
    content: str
    content_key: str
    memory_type: MemoryType
    kind: Kind
    topic: str | None
    tags: tuple[str, ...]
    source_surface: str
    created_at: int
    expires_at: int | None
    superseded_by: str | None
    superseded_at: int | None
    reuse_count: int
    last_used_surface: str | None
    last_used_at: int | None
    questions: tuple[str, ...] = field(default=())
    contributed_by: str | None = None
    trust: str | None = None  # team learnings only: "verified" | "unverified" | "contested"


ENTRY_FIELDS: tuple[str, ...] = (  # the column order of the ``entries`` table on both backends
    "id",
    "content",
    "content_key",
    "memory_type",
    "kind",
    "topic",
    "tags",
    "questions",
    "source_surface",
    "created_at",
    "expires_at",
    "superseded_by",
    "superseded_at",
    "reuse_count",
    "last_used_surface",
    "last_used_at",
    "contributed_by",
    "trust",
)
LIST_FIELDS = frozenset({"tags", "questions"})  # stored as JSON text (SQLite) or ``text[]`` (PostgreSQL)


def entry_values(entry: Entry, encode_list: Callable[[list[str]], Any]) -> tuple[Any, ...]:
    """The entry's values in ``ENTRY_FIELDS`` order, the ``LIST_FIELDS`` passed through ``encode_list`` (each
    backend's representation of a list of strings)."""
    return tuple(
        encode_list(list(getattr(entry, name))) if name in LIST_FIELDS else getattr(entry, name)
        for name in ENTRY_FIELDS
    )


def stored_form(entry: NewEntry) -> Entry:
    """A new entry as a store first records it: current, never used, and ``unverified`` when it is a team
    learning (``contributed_by`` set); personal and project entries carry no trust."""
    return Entry(
        id=entry.id,
        content=entry.content,
        content_key=entry.content_key,
        memory_type=entry.memory_type,
        kind=entry.kind,
        topic=entry.topic,
        tags=entry.tags,
        source_surface=entry.source_surface,
        created_at=entry.created_at,
        expires_at=entry.expires_at,
        superseded_by=None,
        superseded_at=None,
        reuse_count=0,
        last_used_surface=None,
        last_used_at=None,
        questions=entry.questions,
        contributed_by=entry.contributed_by,
        trust=None if entry.contributed_by is None else "unverified",
    )


@dataclass(frozen=True)
class SessionDigest:
    """A saved session: its label, extractive summary, surface, time (ms) and learnings as
    ``(store_id, entry_id)`` pairs in the order they were distilled."""

    id: str
    label: str
    summary: str
    source_surface: str
    created_at: int
    learnings: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class PutOutcome:
    """What ``Store.put`` did: the id now holding the content, and whether it already existed."""

    id: str
    deduped: bool


class _Result(BaseModel):
    # defer_build: a result's validator is built when the result is first made, not at import (issue 14
    # point 3: a command pays only for the results it returns); the schema and the checks are the same
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class SaveResult(_Result):
    """save_context result: the entry's id; ``deduped`` when the same content was already stored; (ext)
    ``superseded``: the ids of older entries without a topic that this save updated (``freshness.is_update``),
    present only when there are any; (ext) ``scope``: where a save that named no project or team went when the
    server chose the store (a local server started in a repository: ``project:<id>``, spec/TOOLS.md "The
    repository a local server runs in"), in the packs' ``scope`` form; present only then."""

    id: str
    deduped: bool
    superseded: list[str] = Field(default_factory=list[str])
    scope: str | None = None


class ChunkRef(_Result):
    """Which chunk of its entry a pack shows (spec/TOOLS.md get_context, (ext) ``chunk``): ``index`` from 0,
    of ``count`` chunks (present only when the entry has more than one)."""

    index: int
    count: int


class Pack(_Result):
    """One retrieved chunk of memory. ``score`` is in 0..1, on one scale for every query: the first pack's is how
    well it matches (1 = every word of the query, 0.5 = half of them or meaning at the relevance floor), the
    others' descend with the ranking; ``chunk`` is set when the entry has several chunks (``text`` is then one of
    them)."""

    id: str
    text: str
    kind: Kind
    memory_type: MemoryType
    source_surface: str
    ts: int
    score: float
    scope: str
    topic: str | None = None
    contributed_by: str | None = None
    trust: str | None = None
    chunk: ChunkRef | None = None


class GetResult(_Result):
    """get_context result: packs, best first."""

    packs: list[Pack]


class ExplainedResult(GetResult):
    """(ext, the dashboard's search only; never an MCP result) get_context's packs and, for each, which signals
    ranked it: ``signals[i]`` maps each signal list that held ``packs[i]`` (``semantic``, ``keyword``,
    ``fact_key``, ``recency`` when it was fused, ``named_date`` when the query named a date) to its 1-based rank
    there (retrieval/search.py); a time neighbour returned as the context of a match has ``neighbour``: that
    match's 1-based place among the packs."""

    signals: list[dict[str, int]]


class ListItem(_Result):
    """One row of list_context (spec/TOOLS.md list_context)."""

    id: str
    title: str
    kind: Kind
    memory_type: MemoryType
    category: str
    preview: str
    reuse_count: int
    last_used_surface: str | None
    ts: int
    topic: str | None
    tags: list[str]
    superseded_by: str | None = None
    contributed_by: str | None = None
    trust: str | None = None


class ListResult(_Result):
    """list_context result: newest first; ``next_cursor`` continues the listing (None at the end)."""

    items: list[ListItem]
    next_cursor: str | None


class ForgetPreview(_Result):
    """What forget_context would delete."""

    id: str
    title: str
    memory_type: MemoryType
    kind: Kind
    ts: int


class ForgetResult(_Result):
    """forget_context result; ``preview`` only when confirm was false."""

    forgotten: bool
    preview: ForgetPreview | None = None


class SaveSessionResult(_Result):
    """save_session result: items distilled (``total``), new entries (``saved``), already known (``deduped``);
    ``session_id`` only when something was distilled. (ext) ``left_out``: items distilled but not kept because
    a session keeps at most ``distill.rank.MAX_ITEMS`` (the most valuable); present only when it is above 0.
    (ext) ``secrets_removed``: the kinds of secret removed from the transcript and its items (never a value;
    docs/secrets.md), present only when there were any. (ext) ``scope`` as in ``SaveResult``."""

    saved: int
    deduped: int
    total: int
    session_id: str | None = None
    left_out: int = 0
    secrets_removed: list[str] = Field(default_factory=list[str])
    scope: str | None = None  # (ext) as SaveResult.scope: where the session's items went when the server chose it


class SessionInfo(_Result):
    """One session in the resume_session listing."""

    session_id: str
    label: str
    summary: str
    source_surface: str
    ts: int
    learnings_count: int


class Learning(_Result):
    """A memory a session taught."""

    id: str
    text: str
    memory_type: MemoryType
    kind: Kind


class SessionDetail(_Result):
    """One session in full, with its learnings that still exist."""

    session_id: str
    label: str
    summary: str
    source_surface: str
    ts: int
    learnings: list[Learning]


class ResumeResult(_Result):
    """resume_session result: ``sessions`` (newest first) without a session_id, ``session`` with one."""

    sessions: list[SessionInfo] | None = None
    session: SessionDetail | None = None


def result_shapes() -> tuple[frozenset[str], ...]:
    """The field names of each MCP tool result and of each record inside one (``Pack``, ``ListItem``,
    ``Learning`` ...): the shape of a result's JSON, by which capture recognises one pasted back into a chat
    (``printed.json_spans``, issue #27.1). Read from the models themselves, so a new field is known at once."""
    models: tuple[type[BaseModel], ...] = (
        SaveResult,
        ChunkRef,
        Pack,
        GetResult,
        ListItem,
        ListResult,
        ForgetPreview,
        ForgetResult,
        SaveSessionResult,
        SessionInfo,
        Learning,
        SessionDetail,
        ResumeResult,
    )
    return tuple(frozenset(model.model_fields) for model in models)
