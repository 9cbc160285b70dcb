"""The export document (schema: docs/export.md): its pydantic models, parsing, and the checks an import
applies before anything is written (every rule ``save_context`` applies, against the configured limits).
Pure: no store, no model; ``porter.py`` writes and reads the stores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from contextlamp.app.accounts import check_user_name
from contextlamp.app.service import MAX_SLUG_CHARS
from contextlamp.app.validate import check_str, check_text
from contextlamp.config import Limits
from contextlamp.domain.models import ENTRY_FIELDS, LIST_FIELDS, Entry, SessionDigest
from contextlamp.domain.trust import Trust
from contextlamp.errors import InvalidArgumentError
from contextlamp.text import collapse_ws, has_surrogates, id_pattern, kebab

EXPORT_FORMAT = "contextlamp-export"
EXPORT_VERSION = 1
MAX_IMPORTED_QUESTIONS = 20  # our generators write at most 8 per entry; more is not an export of ours

_M = TypeVar("_M", bound=BaseModel)


class _Model(BaseModel):
    # strict: "123" and true are not integers; unknown fields are refused; values never echoed in errors;
    # defer_build: the validators are built by the first export or import, not at import (issue 14 point 3)
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True, strict=True, defer_build=True)


Ms = Annotated[int, Field(ge=0, lt=2**63)]  # a time in ms since the epoch (SQLite and PostgreSQL: 64-bit)
Count = Annotated[int, Field(ge=0, lt=2**63)]  # a counter: a 64-bit integer column
EntryId = Annotated[str, Field(pattern=id_pattern("ctx"))]
UserId = Annotated[str, Field(pattern=id_pattern("usr"))]
StoreId = Annotated[str, Field(pattern=id_pattern("usr", "prj", "team"))]
MAX_NAME_CHARS = 200  # project and team names (accounts.MAX_TEAM_NAME; a project is named by its slug)
Short = Annotated[str, Field(max_length=MAX_NAME_CHARS)]
MAX_QUESTION_CHARS = 2000  # our generators cut a likely question at 400 characters


class ExportedEntry(_Model):
    """One entry with every stored field (times in ms since the epoch). Lengths of content, topic, tags and
    surfaces are checked against the configured limits (``check_document``), not fixed here."""

    id: EntryId
    content: str = Field(min_length=1)
    content_key: str = Field(max_length=64)
    memory_type: Literal["fact", "event", "instruction", "task"]
    kind: Literal["fact", "decision", "preference", "note"]
    topic: str | None
    tags: list[str] = Field(max_length=1000)
    questions: list[Annotated[str, Field(max_length=MAX_QUESTION_CHARS)]] = Field(max_length=MAX_IMPORTED_QUESTIONS)
    source_surface: str
    created_at: Ms
    expires_at: Ms | None
    superseded_by: EntryId | None
    superseded_at: Ms | None
    reuse_count: Count
    last_used_surface: str | None
    last_used_at: Ms | None
    contributed_by: UserId | None
    trust: Trust | None = None


class ExportedProject(_Model):
    """A project (its store's entries are in the ``stores`` item that names it)."""

    id: Annotated[str, Field(pattern=id_pattern("prj"))]
    slug: str = Field(min_length=1, max_length=MAX_SLUG_CHARS)
    name: Short
    created_at: Ms


class ExportedTeam(_Model):
    """A team the user contributed learnings to (only their own contributions are exported)."""

    id: Annotated[str, Field(pattern=id_pattern("team"))]
    slug: str = Field(min_length=1, max_length=MAX_SLUG_CHARS)
    name: Short
    created_at: Ms


class ExportedStore(_Model):
    """The entries of one store: ``personal`` (``project`` and ``team`` null), a project's, or the user's own
    contributions to a team."""

    scope: Literal["personal", "project", "team"]
    store_id: StoreId
    project: ExportedProject | None
    team: ExportedTeam | None = None
    entries: list[ExportedEntry]


class ExportedLearning(_Model):
    """A session learning: the store and entry it points to."""

    store_id: StoreId
    entry_id: EntryId


class ExportedSession(_Model):
    """A session digest."""

    id: Annotated[str, Field(pattern=id_pattern("ses"))]
    label: str = Field(max_length=1000)
    summary: str = Field(max_length=10_000)
    source_surface: str
    created_at: Ms
    learnings: list[ExportedLearning] = Field(max_length=1000)


class ExportedUser(_Model):
    """The user the document belongs to."""

    id: UserId
    name: str = Field(min_length=1, max_length=200)
    created_at: Ms


class ExportDocument(_Model):
    """The whole document. ``format`` and ``version`` identify the schema (docs/export.md)."""

    format: Literal["contextlamp-export"]
    version: Literal[1]
    user: ExportedUser
    stores: list[ExportedStore]
    sessions: list[ExportedSession]


@dataclass(frozen=True)
class Dropped:
    """Something an import left out, or did not take from the file: where it is in the document
    (``stores.0.entries.3``, ``sessions.2``, ``stores.1``) and why, in words that never quote its text."""

    where: str
    reason: str


@dataclass(frozen=True)
class ImportReport:
    """What an import did: counts of entries and sessions added and skipped (already there, or holding a
    secret), the user it went to, and ``dropped``: each item left out (or whose trust was recomputed) with
    the reason."""

    user_id: str
    user_name: str
    entries_added: int
    entries_skipped: int
    entries_with_secrets: int
    sessions_added: int
    sessions_skipped: int
    projects: int
    team_entries_skipped: int = 0
    sessions_with_secrets: int = 0
    trust_reset: int = 0
    dropped: tuple[Dropped, ...] = ()


def exported_entry(entry: Entry) -> dict[str, Any]:
    """An entry as the document holds it: every stored field in ``ENTRY_FIELDS`` order, exactly as stored."""
    return {name: list(getattr(entry, name)) if name in LIST_FIELDS else getattr(entry, name) for name in ENTRY_FIELDS}


def exported_session(digest: SessionDigest) -> dict[str, Any]:
    return {
        "id": digest.id,
        "label": digest.label,
        "summary": digest.summary,
        "source_surface": digest.source_surface,
        "created_at": digest.created_at,
        "learnings": [{"store_id": s, "entry_id": e} for s, e in digest.learnings],
    }


def parse_document(data: Any) -> ExportDocument:
    """Validate an export document.

    Raises:
        InvalidArgumentError: not an export document, or a field is invalid (the first problem is named by
            its path, e.g. ``stores.0.entries.3.memory_type``; the value is never echoed).
    """
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:  # pyright: ignore[reportUnknownMemberType]
        raise InvalidArgumentError("format", f"not a contextlamp export (expected format {EXPORT_FORMAT!r})")
    if data.get("version") != EXPORT_VERSION:  # pyright: ignore[reportUnknownMemberType]
        raise InvalidArgumentError("version", f"this contextlamp reads export version {EXPORT_VERSION}")
    return validated(ExportDocument, data)


def validated(model: type[_M], data: Any, where: str = "") -> _M:
    """``model`` validated from ``data``; the first problem as an InvalidArgumentError named by its path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join([where] * bool(where) + [str(p) for p in first["loc"]]) or "document"
        raise InvalidArgumentError(path, first["msg"]) from exc


def check_document(document: ExportDocument, limits: Limits) -> None:
    """Everything ``save_context`` would refuse, refused before anything is written: the user name, slugs,
    store ids that match their scope, content (non-blank, size), topics and tags in their normal form and
    within limits, surfaces within limits, no NUL and no lone surrogate in any text, expiry only on tasks,
    supersession only by an entry of the same store, unique ids, and session learnings that point into the
    document. Secrets are not refused here: what holds one is left out and reported (``import_document``).

    Raises:
        InvalidArgumentError: the first problem, named by its path (``stores.0.entries.3.topic``).
    """
    check_user_name(document.user.name, "user.name", scan=False)  # a secret in it matters only when it is used
    store_ids: set[str] = set()
    for s, store in enumerate(document.stores):
        where = f"stores.{s}"
        meta = store.project if store.scope == "project" else store.team if store.scope == "team" else None
        expected = document.user.id if store.scope == "personal" else meta.id if meta else None
        if expected is None or store.store_id != expected:
            raise InvalidArgumentError(f"{where}.store_id", f"must be the id of its {store.scope} store")
        if (store.project is not None) != (store.scope == "project") or (store.team is not None) != (
            store.scope == "team"
        ):
            raise InvalidArgumentError(where, "project is set exactly for scope project, team exactly for scope team")
        if meta is not None:
            check_meta(f"{where}.{store.scope}", meta.slug, meta.name)
        if store.store_id in store_ids:
            raise InvalidArgumentError(f"{where}.store_id", "appears twice")
        store_ids.add(store.store_id)
        ids = {e.id for e in store.entries}
        if len(ids) != len(store.entries):
            raise InvalidArgumentError(f"{where}.entries", "holds an id twice")
        for i, entry in enumerate(store.entries):
            _check_entry(f"{where}.entries.{i}", entry, ids, store.scope, limits)
    for n, session in enumerate(document.sessions):
        check_session(f"sessions.{n}", session, limits)
        for j, ref in enumerate(session.learnings):
            if ref.store_id not in store_ids:
                raise InvalidArgumentError(f"sessions.{n}.learnings.{j}.store_id", "names no store of this document")


def _plain(where: str, value: str, max_chars: int, item: str | None = None) -> None:
    """Text as a save leaves it: within ``max_chars``, no NUL, no lone surrogate."""
    check_str(where, value, max_chars, item)
    if has_surrogates(value):
        raise InvalidArgumentError(where, f"{f'{item} ' if item else ''}is not valid Unicode (lone surrogate)")


def check_meta(where: str, slug: str, name: str) -> None:
    """A project's or team's slug and name as the service makes them."""
    _plain(f"{where}.slug", slug, MAX_SLUG_CHARS)
    if not slug or kebab(slug) != slug:
        raise InvalidArgumentError(f"{where}.slug", "must be lower-case kebab (a-z, 0-9, -)")
    _plain(f"{where}.name", name, MAX_NAME_CHARS)


def check_session(where: str, session: ExportedSession, limits: Limits) -> None:
    _plain(f"{where}.label", session.label, 1000)
    _plain(f"{where}.summary", session.summary, 10_000)
    _plain(f"{where}.source_surface", session.source_surface, limits.max_surface_chars)


def check_entry_values(where: str, entry: ExportedEntry, limits: Limits) -> None:
    """The rules on one entry's own values (the same as a save's): import refuses a document that breaks
    one, and doctor reports stored entries that do."""
    check_text(f"{where}.content", entry.content, limits.max_content_bytes)
    if entry.topic is not None:
        _plain(f"{where}.topic", entry.topic, limits.max_topic_chars)
        if kebab(entry.topic) != entry.topic:
            raise InvalidArgumentError(f"{where}.topic", "must be in lower-case kebab form, as a save stores it")
    if len(entry.tags) > limits.max_tags:
        raise InvalidArgumentError(f"{where}.tags", f"{len(entry.tags)} tags; the limit is {limits.max_tags}")
    for tag in entry.tags:
        _plain(f"{where}.tags", tag, limits.max_tag_chars, "a tag")
        if not tag or tag != collapse_ws(tag).lower():
            raise InvalidArgumentError(f"{where}.tags", "a tag is lower-case, trimmed and not blank")
    for question in entry.questions:
        _plain(f"{where}.questions", question, MAX_QUESTION_CHARS, "a question")
    _plain(f"{where}.source_surface", entry.source_surface, limits.max_surface_chars)
    if entry.last_used_surface is not None:
        _plain(f"{where}.last_used_surface", entry.last_used_surface, limits.max_surface_chars)
    if entry.expires_at is not None and entry.memory_type != "task":
        raise InvalidArgumentError(f"{where}.expires_at", "only tasks expire")
    if (entry.superseded_by is None) != (entry.superseded_at is None):
        raise InvalidArgumentError(f"{where}.superseded_at", "is set exactly when superseded_by is")


def _check_entry(where: str, entry: ExportedEntry, ids: set[str], scope: str, limits: Limits) -> None:
    check_entry_values(where, entry, limits)
    if entry.superseded_by is not None and (entry.superseded_by == entry.id or entry.superseded_by not in ids):
        raise InvalidArgumentError(f"{where}.superseded_by", "must name another entry of the same store")
    if scope == "team" and entry.contributed_by is None:
        raise InvalidArgumentError(f"{where}.contributed_by", "a team learning names its contributor")
    if scope != "team" and (entry.contributed_by is not None or entry.trust is not None):
        raise InvalidArgumentError(f"{where}.contributed_by", "only team learnings have a contributor and trust")
