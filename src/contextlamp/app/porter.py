"""Export and import: a user's whole memory as one versioned JSON document (schema: docs/export.md).

Export holds every entry of the user's personal and project stores with every field (superseded history,
reuse counts, likely questions), the projects, and the session digests. Vectors are not exported: they
belong to one embedding model, and import recomputes them (content and questions folded, in batches).

Import is idempotent: entries keep their ids and timestamps; an entry whose id or content (dedupe key) is
already in the target store is skipped, so a second import changes nothing. Export -> import into an
empty data directory -> export gives the same document.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from contextlamp.app.accounts import check_user_name
from contextlamp.app.service import MAX_SLUG_CHARS, MemoryService
from contextlamp.app.validate import check_str, check_text
from contextlamp.config import Limits
from contextlamp.domain.folding import entry_vectors
from contextlamp.domain.models import ENTRY_FIELDS, LIST_FIELDS, Entry, SessionDigest
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.storage import Project, Store, Team, User
from contextlamp.text import collapse_ws, content_key, has_surrogates, id_pattern, kebab

EXPORT_FORMAT = "contextlamp-export"
EXPORT_VERSION = 1
EMBED_BATCH = 64  # entries per embedding call on import (texts = content + questions of each)
MAX_IMPORTED_QUESTIONS = 20  # our generators write at most 8 per entry; more is not an export of ours

Progress = Callable[[int, int], None]  # (entries done, entries total)
_M = TypeVar("_M", bound=BaseModel)


class _Model(BaseModel):
    # strict: "123" and true are not integers; unknown fields are refused; values never echoed in errors
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True, strict=True)


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
    trust: Literal["verified", "unverified", "contested"] | None = None


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


def _exported(entry: Entry) -> dict[str, Any]:
    """An entry as the document holds it: every stored field in ``ENTRY_FIELDS`` order, exactly as stored."""
    return {name: list(getattr(entry, name)) if name in LIST_FIELDS else getattr(entry, name) for name in ENTRY_FIELDS}


def _meta(item: Project | Team) -> dict[str, Any]:
    return {"id": item.id, "slug": item.slug, "name": item.name, "created_at": item.created_at}


def export_user(service: MemoryService, user: User) -> dict[str, Any]:
    """The export document of one user as JSON-ready data (``ExportDocument`` schema).

    Written from what is stored without validating it: data stored under other limits (an older version, a
    limit lowered since) is exported as it is, never refused; ``contextlamp doctor`` reports what import would
    refuse (``stored_problems``).
    """
    registry = service.registry
    stores: list[dict[str, Any]] = [_store("personal", user.id, None, None, registry.store(user.id).all_entries())]
    for project in registry.control.projects(user.id):
        stores.append(_store("project", project.id, _meta(project), None, registry.store(project.id).all_entries()))
    for team in registry.control.teams():  # teams after projects, oldest first: deterministic
        own = [e for e in registry.store(team.id).all_entries() if e.contributed_by == user.id]
        if own:
            stores.append(_store("team", team.id, None, _meta(team), own))
    sessions = [_session(d) for d in registry.store(user.id).all_sessions()]
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "user": {"id": user.id, "name": user.name, "created_at": user.created_at},
        "stores": stores,
        "sessions": sessions,
    }


def _store(
    scope: str, store_id: str, project: dict[str, Any] | None, team: dict[str, Any] | None, entries: list[Entry]
) -> dict[str, Any]:
    return {
        "scope": scope,
        "store_id": store_id,
        "project": project,
        "team": team,
        "entries": [_exported(e) for e in entries],
    }


def _session(digest: SessionDigest) -> dict[str, Any]:
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
    return _validated(ExportDocument, data)


def _validated(model: type[_M], data: Any, where: str = "") -> _M:
    """``model`` validated from ``data``; the first problem as an InvalidArgumentError named by its path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join([where] * bool(where) + [str(p) for p in first["loc"]]) or "document"
        raise InvalidArgumentError(path, first["msg"]) from exc


def check_document(service: MemoryService, document: ExportDocument) -> None:
    """Everything ``save_context`` would refuse, refused before anything is written: the user name, slugs,
    store ids that match their scope, content (non-blank, size), topics and tags in their normal form and
    within limits, surfaces within limits, no NUL and no lone surrogate in any text, expiry only on tasks,
    supersession only by an entry of the same store, unique ids, and session learnings that point into the
    document. Secrets are not refused here: what holds one is left out and reported (``import_document``).

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
        if meta is not None:
            _check_meta(f"{where}.{store.scope}", meta.slug, meta.name)
        if store.store_id in store_ids:
            raise InvalidArgumentError(f"{where}.store_id", "appears twice")
        store_ids.add(store.store_id)
        ids = {e.id for e in store.entries}
        if len(ids) != len(store.entries):
            raise InvalidArgumentError(f"{where}.entries", "holds an id twice")
        for i, entry in enumerate(store.entries):
            _check_entry(f"{where}.entries.{i}", entry, ids, store.scope, limits)
    for n, session in enumerate(document.sessions):
        _check_session(f"sessions.{n}", session, limits)
        for j, ref in enumerate(session.learnings):
            if ref.store_id not in store_ids:
                raise InvalidArgumentError(f"sessions.{n}.learnings.{j}.store_id", "names no store of this document")


def _plain(where: str, value: str, max_chars: int, item: str | None = None) -> None:
    """Text as a save leaves it: within ``max_chars``, no NUL, no lone surrogate."""
    check_str(where, value, max_chars, item)
    if has_surrogates(value):
        raise InvalidArgumentError(where, f"{f'{item} ' if item else ''}is not valid Unicode (lone surrogate)")


def _check_meta(where: str, slug: str, name: str) -> None:
    """A project's or team's slug and name as the service makes them."""
    _plain(f"{where}.slug", slug, MAX_SLUG_CHARS)
    if not slug or kebab(slug) != slug:
        raise InvalidArgumentError(f"{where}.slug", "must be lower-case kebab (a-z, 0-9, -)")
    _plain(f"{where}.name", name, MAX_NAME_CHARS)


def _check_session(where: str, session: ExportedSession, limits: Limits) -> None:
    _plain(f"{where}.label", session.label, 1000)
    _plain(f"{where}.summary", session.summary, 10_000)
    _plain(f"{where}.source_surface", session.source_surface, limits.max_surface_chars)


def _check_entry_values(where: str, entry: ExportedEntry, limits: Limits) -> None:
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
    _check_entry_values(where, entry, limits)
    if entry.superseded_by is not None and (entry.superseded_by == entry.id or entry.superseded_by not in ids):
        raise InvalidArgumentError(f"{where}.superseded_by", "must name another entry of the same store")
    if scope == "team" and entry.contributed_by is None:
        raise InvalidArgumentError(f"{where}.contributed_by", "a team learning names its contributor")
    if scope != "team" and (entry.contributed_by is not None or entry.trust is not None):
        raise InvalidArgumentError(f"{where}.contributed_by", "only team learnings have a contributor and trust")


def stored_problems(
    service: MemoryService, store_id: str, owner: User | Project | Team
) -> list[tuple[str | None, str]]:
    """What an import would refuse among the values stored in one store, as ``(entry or session id, problem)``
    pairs (None for the store's ``owner`` itself: its user, project or team); each problem names the field and
    the limit, never the value. ``contextlamp doctor`` reports them: such values were stored by an older
    version or under a higher limit, and export writes them as they are."""
    limits = service.limits
    store = service.registry.store(store_id)
    found: list[tuple[str | None, str]] = []
    for entry in store.all_entries():
        try:
            _check_entry_values("", _validated(ExportedEntry, _exported(entry)), limits)
        except InvalidArgumentError as exc:
            found.append((entry.id, f"{exc.field.lstrip('.')} {exc.problem}"))
    for digest in store.all_sessions():
        try:
            _check_session("", _validated(ExportedSession, _session(digest)), limits)
        except InvalidArgumentError as exc:
            found.append((digest.id, f"session {exc.field.lstrip('.')} {exc.problem}"))
    try:
        if isinstance(owner, User):
            check_user_name(owner.name, "user name")
        else:
            _check_meta("project" if isinstance(owner, Project) else "team", owner.slug, owner.name)
    except InvalidArgumentError as exc:
        found.append((None, f"{exc.field} {exc.problem}"))
    return found


def _target_user(service: MemoryService, document: ExportDocument, user_ref: str | None, create_user: bool) -> User:
    control = service.registry.control
    if user_ref is not None:
        found = control.find_user(user_ref)
        if found is not None:
            return found
        if not create_user:
            raise InvalidArgumentError("user", "names no user here (create it first, or import with --create-user)")
        return control.create_user(check_user_name(user_ref, "user"), service.clock())
    if kinds := service.scanner.kinds(document.user.name):
        raise SecretDetectedError("user.name", kinds)  # it would become a user's name: import with --user instead
    found = control.find_user(document.user.name)
    if found is not None:
        return found
    taken = control.find_user(document.user.id) is not None
    return control.create_user(document.user.name, document.user.created_at, None if taken else document.user.id)


def _secret_in(service: MemoryService, fields: Sequence[tuple[str, Sequence[str | None]]]) -> str | None:
    """The reason to leave an item out when one of its text fields holds a secret: the kinds and the field,
    never the text (``"holds a secret (AWS Access Key) in tags"``); None when every field is clean."""
    for name, texts in fields:
        for text in texts:
            if text and (kinds := service.scanner.kinds(text)):
                return f"holds a secret ({', '.join(kinds)}) in {name}"
    return None


def import_document(
    service: MemoryService,
    document: ExportDocument,
    user_ref: str | None = None,
    progress: Progress | None = None,
    create_user: bool = False,
) -> ImportReport:
    """Restore a document into the user ``user_ref`` (name or id; created only with ``create_user``), else
    the document's user (matched by name; created with the document's id when that id is free).

    A file is not trusted: every text field passes the secret scan of ``save_context``; an entry, a session
    or a whole project or team store (when its slug or name holds one) holding a secret is left out and
    listed in ``ImportReport.dropped``. The trust of team learnings is recomputed from the corroborations the
    target holds (the file carries none): ``verified`` only when one is held there, else ``unverified``.

    Raises:
        InvalidArgumentError: the document breaks a rule ``check_document`` names, or ``user_ref`` is unknown,
            or the document's user name (used when ``user_ref`` is not given) holds a secret (nothing is
            written then).
        StorageError: the database failed (entries restored before it stay; a rerun completes the import).
    """
    check_document(service, document)
    user = _target_user(service, document, user_ref, create_user)
    control = service.registry.control
    store_map: dict[str, str] = {}
    dropped: list[Dropped] = []
    total = sum(len(s.entries) for s in document.stores)
    done = added = skipped = secrets = team_skipped = trust_reset = 0
    for s, exported in enumerate(document.stores):
        meta = exported.project or exported.team
        if meta is not None and (reason := _secret_in(service, [("slug", [meta.slug]), ("name", [meta.name])])):
            dropped.append(Dropped(f"stores.{s}", f"{exported.scope} {reason}: its entries were left out"))
            secrets += len(exported.entries)
            done += len(exported.entries)
            continue
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
        reset_before = trust_reset
        for start in range(0, len(exported.entries), EMBED_BATCH):
            batch = exported.entries[start : start + EMBED_BATCH]
            result = _restore_batch(service, store, batch, contributor)
            added += result.added
            skipped += result.skipped
            secrets += len(result.secrets)
            trust_reset += result.trust_reset
            dropped += [Dropped(f"stores.{s}.entries.{start + i}", reason) for i, reason in result.secrets]
            done += len(batch)
            if progress:
                progress(done, total)
        if trust_reset > reset_before:
            dropped.append(
                Dropped(
                    f"stores.{s}",
                    f"trust of {trust_reset - reset_before} team learnings not taken from the file: no "
                    "corroboration of them is held here, so they start unverified",
                )
            )
    personal = service.registry.store(user.id)
    sessions_added = sessions_skipped = sessions_secret = 0
    for n, session in enumerate(document.sessions):
        texts = [
            ("label", [session.label]),
            ("summary", [session.summary]),
            ("source_surface", [session.source_surface]),
        ]
        if reason := _secret_in(service, texts):
            dropped.append(Dropped(f"sessions.{n}", reason))
            sessions_secret += 1
            continue
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
    projects = sum(1 for s in document.stores if s.scope == "project" and s.store_id in store_map)
    return ImportReport(
        user.id,
        user.name,
        added,
        skipped,
        secrets,
        sessions_added,
        sessions_skipped,
        projects,
        team_skipped,
        sessions_secret,
        trust_reset,
        tuple(dropped),
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


@dataclass(frozen=True)
class _BatchResult:
    added: int
    skipped: int
    secrets: list[tuple[int, str]]  # (index in the batch, reason)
    trust_reset: int


def _restore_batch(
    service: MemoryService, store: Store, batch: list[ExportedEntry], contributor: str | None = None
) -> _BatchResult:
    """Restore one batch with one embedding call: entries holding a secret in any text field are left out
    (with the reason), known ids and contents are skipped, and a team learning's trust is what the target
    can verify (``verified`` when it holds a corroboration of it, else ``unverified``)."""
    fresh: list[Entry] = []
    secrets: list[tuple[int, str]] = []
    skipped = 0
    held = store.corroborations([item.id for item in batch]) if contributor else {}
    for i, item in enumerate(batch):
        reason = _secret_in(  # a crafted file must not smuggle a secret in
            service,
            [
                ("content", [item.content]),
                ("topic", [item.topic]),
                ("tags", item.tags),
                ("questions", item.questions),
                ("source_surface", [item.source_surface]),
                ("last_used_surface", [item.last_used_surface]),
            ],
        )
        if reason is not None:
            secrets.append((i, reason))
            continue
        team_learning = bool(contributor or item.contributed_by)
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
            trust=("verified" if held.get(item.id) else "unverified") if team_learning else None,
        )
        if store.get(entry.id) is not None or store.find_by_key(entry.content_key) is not None:
            skipped += 1
        else:
            fresh.append(entry)
    claimed = {item.id: item.trust or "unverified" for item in batch}  # missing: as a new learning starts
    trust_reset = sum(1 for e in fresh if e.trust == "unverified" and claimed[e.id] != "unverified")
    if not fresh:
        return _BatchResult(0, skipped, secrets, 0)
    texts = [text for e in fresh for text in (e.content, *e.questions)]
    vectors = entry_vectors(service.embedder.embed(texts), [1 + len(e.questions) for e in fresh])
    added = 0
    for n, entry in enumerate(fresh):
        if store.restore(entry, vectors[n : n + 1]):
            added += 1
        else:
            skipped += 1
    return _BatchResult(added, skipped, secrets, trust_reset)
