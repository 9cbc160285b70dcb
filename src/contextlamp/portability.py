"""Export and import: a user's whole memory as one versioned JSON document (schema: docs/export.md).

Export holds every entry of the user's personal and project stores with every field (superseded history,
reuse counts, likely questions), the projects, and the session digests. Vectors are not exported: they
belong to one embedding model, and import recomputes them (content and questions, in batches).

Import is idempotent: entries keep their ids and timestamps; an entry whose id or content (dedupe key) is
already in the target store is skipped, so a second import changes nothing. Export -> import into an
empty data directory -> export gives the same document.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from contextlamp.errors import InvalidArgumentError
from contextlamp.models import Entry, SessionDigest
from contextlamp.service import MemoryService
from contextlamp.storage import Project, Store, User
from contextlamp.text import content_key

EXPORT_FORMAT = "contextlamp-export"
EXPORT_VERSION = 1
EMBED_BATCH = 64  # entries per embedding call on import (texts = content + questions of each)

Progress = Callable[[int, int], None]  # (entries done, entries total)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)


class ExportedEntry(_Model):
    """One entry with every stored field (times in ms since the epoch)."""

    id: str = Field(min_length=1, max_length=100)
    content: str = Field(min_length=1)
    content_key: str
    memory_type: Literal["fact", "event", "instruction", "task"]
    kind: Literal["fact", "decision", "preference", "note"]
    topic: str | None
    tags: list[str]
    questions: list[str]
    source_surface: str
    created_at: int
    expires_at: int | None
    superseded_by: str | None
    superseded_at: int | None
    reuse_count: int = Field(ge=0)
    last_used_surface: str | None
    last_used_at: int | None
    contributed_by: str | None
    trust: Literal["verified", "unverified", "contested"] | None = None


class ExportedProject(_Model):
    """A project (its store's entries are in the ``stores`` item that names it)."""

    id: str = Field(min_length=1, max_length=100)
    slug: str = Field(min_length=1, max_length=200)
    name: str
    created_at: int


class ExportedTeam(_Model):
    """A team the user contributed learnings to (only their own contributions are exported)."""

    id: str = Field(min_length=1, max_length=100)
    slug: str = Field(min_length=1, max_length=200)
    name: str
    created_at: int


class ExportedStore(_Model):
    """The entries of one store: ``personal`` (``project`` and ``team`` null), a project's, or the user's own
    contributions to a team."""

    scope: Literal["personal", "project", "team"]
    store_id: str
    project: ExportedProject | None
    team: ExportedTeam | None = None
    entries: list[ExportedEntry]


class ExportedLearning(_Model):
    """A session learning: the store and entry it points to."""

    store_id: str
    entry_id: str


class ExportedSession(_Model):
    """A session digest."""

    id: str = Field(min_length=1, max_length=100)
    label: str
    summary: str
    source_surface: str
    created_at: int
    learnings: list[ExportedLearning]


class ExportedUser(_Model):
    """The user the document belongs to."""

    id: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=200)
    created_at: int


class ExportDocument(_Model):
    """The whole document. ``format`` and ``version`` identify the schema (docs/export.md)."""

    format: Literal["contextlamp-export"]
    version: Literal[1]
    user: ExportedUser
    stores: list[ExportedStore]
    sessions: list[ExportedSession]


@dataclass(frozen=True)
class ImportReport:
    """What an import did: counts of entries and sessions added and skipped (already there, or holding a
    secret), and the user it went to."""

    user_id: str
    user_name: str
    entries_added: int
    entries_skipped: int
    entries_with_secrets: int
    sessions_added: int
    sessions_skipped: int
    projects: int
    team_entries_skipped: int = 0


def _exported(entry: Entry) -> ExportedEntry:
    return ExportedEntry(
        id=entry.id,
        content=entry.content,
        content_key=entry.content_key,
        memory_type=entry.memory_type,
        kind=entry.kind,
        topic=entry.topic,
        tags=list(entry.tags),
        questions=list(entry.questions),
        source_surface=entry.source_surface,
        created_at=entry.created_at,
        expires_at=entry.expires_at,
        superseded_by=entry.superseded_by,
        superseded_at=entry.superseded_at,
        reuse_count=entry.reuse_count,
        last_used_surface=entry.last_used_surface,
        last_used_at=entry.last_used_at,
        contributed_by=entry.contributed_by,
        trust=cast(Any, entry.trust),
    )


def export_user(service: MemoryService, user: User) -> dict[str, Any]:
    """The export document of one user as JSON-ready data (``ExportDocument`` schema)."""
    registry = service.registry
    stores = [ExportedStore(scope="personal", store_id=user.id, project=None, entries=[])]
    for project in registry.control.projects(user.id):
        meta = ExportedProject(id=project.id, slug=project.slug, name=project.name, created_at=project.created_at)
        stores.append(ExportedStore(scope="project", store_id=project.id, project=meta, entries=[]))
    filled = [
        store.model_copy(update={"entries": [_exported(e) for e in registry.store(store.store_id).all_entries()]})
        for store in stores
    ]
    for team in registry.control.teams():
        own = [_exported(e) for e in registry.store(team.id).all_entries() if e.contributed_by == user.id]
        if own:
            meta = ExportedTeam(id=team.id, slug=team.slug, name=team.name, created_at=team.created_at)
            filled.append(ExportedStore(scope="team", store_id=team.id, project=None, team=meta, entries=own))
    sessions = [
        ExportedSession(
            id=d.id,
            label=d.label,
            summary=d.summary,
            source_surface=d.source_surface,
            created_at=d.created_at,
            learnings=[ExportedLearning(store_id=s, entry_id=e) for s, e in d.learnings],
        )
        for d in registry.store(user.id).all_sessions()
    ]
    document = ExportDocument(  # teams after projects, oldest first: deterministic
        format=EXPORT_FORMAT,
        version=EXPORT_VERSION,
        user=ExportedUser(id=user.id, name=user.name, created_at=user.created_at),
        stores=filled,
        sessions=sessions,
    )
    return document.model_dump(mode="json")


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
    try:
        return ExportDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "document"
        raise InvalidArgumentError(where, first["msg"]) from exc


def _target_user(service: MemoryService, document: ExportDocument, user_ref: str | None) -> User:
    control = service.registry.control
    if user_ref is not None:
        found = control.find_user(user_ref)
        return found if found else control.create_user(user_ref, service.clock())
    found = control.find_user(document.user.name)
    if found is not None:
        return found
    taken = control.find_user(document.user.id) is not None
    return control.create_user(document.user.name, document.user.created_at, None if taken else document.user.id)


def import_document(
    service: MemoryService, document: ExportDocument, user_ref: str | None = None, progress: Progress | None = None
) -> ImportReport:
    """Restore a document into the user named ``user_ref`` (created if missing), else the document's user
    (matched by name; created with the document's id when that id is free).

    Raises:
        StorageError: the database failed (entries restored before it stay; a rerun completes the import).
    """
    user = _target_user(service, document, user_ref)
    control = service.registry.control
    store_map: dict[str, str] = {}
    total = sum(len(s.entries) for s in document.stores)
    done = added = skipped = secrets = team_skipped = 0
    for exported in document.stores:
        if exported.scope == "team":
            team_id = _team_store(service, exported, user.id)
            if team_id is None:
                team_skipped += len(exported.entries)
                done += len(exported.entries)
                continue
            store_map[exported.store_id] = team_id
        elif exported.scope == "project" and exported.project is not None:
            meta = exported.project
            project = control.restore_project(Project(meta.id, meta.slug, user.id, meta.name, meta.created_at))
            store_map[exported.store_id] = project.id
        else:
            store_map[exported.store_id] = user.id
        store = service.registry.store(store_map[exported.store_id])
        contributor = user.id if exported.scope == "team" else None
        for start in range(0, len(exported.entries), EMBED_BATCH):
            batch = exported.entries[start : start + EMBED_BATCH]
            result = _restore_batch(service, store, batch, contributor)
            added += result[0]
            skipped += result[1]
            secrets += result[2]
            done += len(batch)
            if progress:
                progress(done, total)
    personal = service.registry.store(user.id)
    sessions_added = sessions_skipped = 0
    for session in document.sessions:
        digest = SessionDigest(
            id=session.id,
            label=session.label,
            summary=session.summary,
            source_surface=session.source_surface,
            created_at=session.created_at,
            learnings=tuple(
                (store_map[ref.store_id], ref.entry_id) for ref in session.learnings if ref.store_id in store_map
            ),
        )
        if personal.restore_session(digest):
            sessions_added += 1
        else:
            sessions_skipped += 1
    projects = sum(1 for s in document.stores if s.scope == "project")
    return ImportReport(
        user.id, user.name, added, skipped, secrets, sessions_added, sessions_skipped, projects, team_skipped
    )


def _team_store(service: MemoryService, exported: ExportedStore, user_id: str) -> str | None:
    """The team store to restore the user's contributions into: the team (by id, else slug) if the user is a
    member; a team that does not exist here is created with the user as its admin; None (skip) when the team
    exists and the user is not a member of it."""
    control = service.registry.control
    meta = exported.team
    if meta is None:
        return None
    team = control.find_team(meta.id) or control.find_team(meta.slug)
    if team is None:
        team = control.create_team(meta.slug, meta.name, meta.created_at, meta.id)
        control.set_member(team.id, user_id, "admin", service.clock())
        return team.id
    if any(t.id == team.id for t, _ in control.memberships(user_id)):
        return team.id
    return None


def _restore_batch(
    service: MemoryService, store: Store, batch: list[ExportedEntry], contributor: str | None = None
) -> tuple[int, int, int]:
    """Restore one batch with one embedding call; returns (added, skipped, refused for a secret)."""
    fresh: list[Entry] = []
    secrets = skipped = 0
    for item in batch:
        if service.scanner.kinds(item.content):  # a crafted file must not smuggle a secret past the scanner
            secrets += 1
            continue
        entry = Entry(
            id=item.id,
            content=item.content,
            content_key=content_key(item.content),
            memory_type=item.memory_type,
            kind=item.kind,
            topic=item.topic,
            tags=tuple(item.tags),
            source_surface=item.source_surface,
            created_at=item.created_at,
            expires_at=item.expires_at,
            superseded_by=item.superseded_by,
            superseded_at=item.superseded_at,
            reuse_count=item.reuse_count,
            last_used_surface=item.last_used_surface,
            last_used_at=item.last_used_at,
            questions=tuple(item.questions),
            contributed_by=contributor or item.contributed_by,
            trust=item.trust if (contributor or item.contributed_by) else None,
        )
        if store.get(entry.id) is not None or store.find_by_key(entry.content_key) is not None:
            skipped += 1
        else:
            fresh.append(entry)
    if not fresh:
        return 0, skipped, secrets
    texts = [text for e in fresh for text in (e.content, *e.questions)]
    vectors = service.embedder.embed(texts)
    added = 0
    row = 0
    for entry in fresh:
        width = 1 + len(entry.questions)
        if store.restore(entry, vectors[row : row + width]):
            added += 1
        else:
            skipped += 1
        row += width
    return added, skipped, secrets
