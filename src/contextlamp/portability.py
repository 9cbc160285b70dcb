"""Export and import: a user's whole memory as one versioned JSON document (schema: docs/export.md).

Export holds every entry of the user's personal and project stores with every field (superseded history,
reuse counts, likely questions), the projects, and the session digests. Vectors are not exported: they
belong to one embedding model, and import recomputes them (content and questions folded, in batches).

Import is idempotent: entries keep their ids and timestamps; an entry whose id or content (dedupe key) is
already in the target store is skipped, so a second import changes nothing. Export -> import into an
empty data directory -> export gives the same document.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from contextlamp.accounts import check_user_name
from contextlamp.errors import InvalidArgumentError
from contextlamp.models import Entry, Limits, SessionDigest
from contextlamp.retrieval.folding import entry_vectors
from contextlamp.service import MemoryService
from contextlamp.storage import Project, Store, User
from contextlamp.text import collapse_ws, content_key, has_surrogates, id_pattern, kebab
from contextlamp.validate import check_text

EXPORT_FORMAT = "contextlamp-export"
EXPORT_VERSION = 1
EMBED_BATCH = 64  # entries per embedding call on import (texts = content + questions of each)
MAX_IMPORTED_QUESTIONS = 20  # our generators write at most 8 per entry; more is not an export of ours

Progress = Callable[[int, int], None]  # (entries done, entries total)


class _Model(BaseModel):
    # strict: "123" and true are not integers; unknown fields are refused; values never echoed in errors
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True, strict=True)


Ms = Annotated[int, Field(ge=0, lt=2**63)]  # a time in ms since the epoch (SQLite and PostgreSQL: 64-bit)
EntryId = Annotated[str, Field(pattern=id_pattern("ctx"))]
UserId = Annotated[str, Field(pattern=id_pattern("usr"))]
StoreId = Annotated[str, Field(pattern=id_pattern("usr", "prj", "team"))]
Short = Annotated[str, Field(max_length=200)]


class ExportedEntry(_Model):
    """One entry with every stored field (times in ms since the epoch)."""

    id: EntryId
    content: str = Field(min_length=1)
    content_key: str = Field(max_length=64)
    memory_type: Literal["fact", "event", "instruction", "task"]
    kind: Literal["fact", "decision", "preference", "note"]
    topic: str | None
    tags: list[str] = Field(max_length=1000)
    questions: list[Annotated[str, Field(max_length=2000)]] = Field(max_length=MAX_IMPORTED_QUESTIONS)
    source_surface: Short
    created_at: Ms
    expires_at: Ms | None
    superseded_by: EntryId | None
    superseded_at: Ms | None
    reuse_count: int = Field(ge=0, lt=2**31)
    last_used_surface: Short | None
    last_used_at: Ms | None
    contributed_by: UserId | None
    trust: Literal["verified", "unverified", "contested"] | None = None


class ExportedProject(_Model):
    """A project (its store's entries are in the ``stores`` item that names it)."""

    id: Annotated[str, Field(pattern=id_pattern("prj"))]
    slug: str = Field(min_length=1, max_length=64)
    name: Short
    created_at: Ms


class ExportedTeam(_Model):
    """A team the user contributed learnings to (only their own contributions are exported)."""

    id: Annotated[str, Field(pattern=id_pattern("team"))]
    slug: str = Field(min_length=1, max_length=64)
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
    source_surface: Short
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


def check_document(service: MemoryService, document: ExportDocument) -> None:
    """Everything ``save_context`` would refuse, refused before anything is written: the user name, slugs,
    store ids that match their scope, content (non-blank, size), topics and tags in their normal form and
    within limits, expiry only on tasks, supersession only by an entry of the same store, unique ids, and
    session learnings that point into the document. Secrets are not refused here: entries holding one are
    left out and counted.

    Raises:
        InvalidArgumentError: the first problem, named by its path (``stores.0.entries.3.topic``).
    """
    limits = service.limits
    check_user_name(document.user.name, "user.name")
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
        if meta is not None and (kebab(meta.slug) != meta.slug):
            raise InvalidArgumentError(f"{where}.{store.scope}.slug", "must be lower-case kebab (a-z, 0-9, -)")
        if store.store_id in store_ids:
            raise InvalidArgumentError(f"{where}.store_id", "appears twice")
        store_ids.add(store.store_id)
        ids = {e.id for e in store.entries}
        if len(ids) != len(store.entries):
            raise InvalidArgumentError(f"{where}.entries", "holds an id twice")
        for i, entry in enumerate(store.entries):
            _check_entry(f"{where}.entries.{i}", entry, ids, store.scope, limits)
    for n, session in enumerate(document.sessions):
        for j, ref in enumerate(session.learnings):
            if ref.store_id not in store_ids:
                raise InvalidArgumentError(f"sessions.{n}.learnings.{j}.store_id", "names no store of this document")


def _check_entry(where: str, entry: ExportedEntry, ids: set[str], scope: str, limits: Limits) -> None:
    check_text(f"{where}.content", entry.content, limits.max_content_bytes)
    if "\x00" in entry.content:
        raise InvalidArgumentError(f"{where}.content", "must not contain NUL characters")
    if entry.topic is not None and (kebab(entry.topic) != entry.topic or len(entry.topic) > limits.max_topic_chars):
        raise InvalidArgumentError(
            f"{where}.topic", f"must be lower-case kebab of at most {limits.max_topic_chars} characters"
        )
    if len(entry.tags) > limits.max_tags:
        raise InvalidArgumentError(f"{where}.tags", f"{len(entry.tags)} tags; the limit is {limits.max_tags}")
    for tag in entry.tags:
        if not tag or tag != collapse_ws(tag).lower() or len(tag) > limits.max_tag_chars or has_surrogates(tag):
            raise InvalidArgumentError(
                f"{where}.tags", f"a tag is lower-case, trimmed, 1-{limits.max_tag_chars} characters"
            )
    if any(has_surrogates(q) or "\x00" in q for q in entry.questions):
        raise InvalidArgumentError(f"{where}.questions", "a question is not valid text")
    if entry.expires_at is not None and entry.memory_type != "task":
        raise InvalidArgumentError(f"{where}.expires_at", "only tasks expire")
    if (entry.superseded_by is None) != (entry.superseded_at is None):
        raise InvalidArgumentError(f"{where}.superseded_at", "is set exactly when superseded_by is")
    if entry.superseded_by is not None and (entry.superseded_by == entry.id or entry.superseded_by not in ids):
        raise InvalidArgumentError(f"{where}.superseded_by", "must name another entry of the same store")
    if scope == "team" and entry.contributed_by is None:
        raise InvalidArgumentError(f"{where}.contributed_by", "a team learning names its contributor")
    if scope != "team" and (entry.contributed_by is not None or entry.trust is not None):
        raise InvalidArgumentError(f"{where}.contributed_by", "only team learnings have a contributor and trust")


def _target_user(service: MemoryService, document: ExportDocument, user_ref: str | None, create_user: bool) -> User:
    control = service.registry.control
    if user_ref is not None:
        found = control.find_user(user_ref)
        if found is not None:
            return found
        if not create_user:
            raise InvalidArgumentError("user", f"no user {user_ref!r} (create it first, or import with --create-user)")
        return control.create_user(check_user_name(user_ref, "user"), service.clock())
    found = control.find_user(document.user.name)
    if found is not None:
        return found
    taken = control.find_user(document.user.id) is not None
    return control.create_user(document.user.name, document.user.created_at, None if taken else document.user.id)


def import_document(
    service: MemoryService,
    document: ExportDocument,
    user_ref: str | None = None,
    progress: Progress | None = None,
    create_user: bool = False,
) -> ImportReport:
    """Restore a document into the user ``user_ref`` (name or id; created only with ``create_user``), else
    the document's user (matched by name; created with the document's id when that id is free).

    Raises:
        InvalidArgumentError: the document breaks a rule ``check_document`` names, or ``user_ref`` is unknown
            (nothing is written then).
        StorageError: the database failed (entries restored before it stay; a rerun completes the import).
    """
    check_document(service, document)
    user = _target_user(service, document, user_ref, create_user)
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
        texts = [item.content, item.topic or "", *item.tags, *item.questions]
        if any(service.scanner.kinds(t) for t in texts if t):  # a crafted file must not smuggle a secret in
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
    vectors = entry_vectors(service.embedder.embed(texts), [1 + len(e.questions) for e in fresh])
    added = 0
    for n, entry in enumerate(fresh):
        if store.restore(entry, vectors[n : n + 1]):
            added += 1
        else:
            skipped += 1
    return added, skipped, secrets
