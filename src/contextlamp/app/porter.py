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
from typing import TYPE_CHECKING, Any

from contextlamp.app.accounts import check_user_name
from contextlamp.app.export_format import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    Dropped,
    ExportDocument,
    ExportedEntry,
    ExportedSession,
    ExportedStore,
    ImportReport,
    check_document,
    check_entry_values,
    check_meta,
    check_session,
    exported_entry,
    exported_session,
    validated,
)
from contextlamp.config import Limits
from contextlamp.domain.embedding import bulk_work
from contextlamp.domain.folding import batch_vectors, embedding_texts
from contextlamp.domain.models import Entry, SessionDigest
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.storage import Project, Store, StoreRegistry, Team, User
from contextlamp.text import content_key

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

EMBED_BATCH = 64  # entries per embedding call on import (texts = content + questions of each)

Progress = Callable[[int, int], None]  # (entries done, entries total)


def _meta(item: Project | Team) -> dict[str, Any]:
    return {"id": item.id, "slug": item.slug, "name": item.name, "created_at": item.created_at}


def _export_user(porter: Porter, user: User) -> dict[str, Any]:
    """The export document of one user as JSON-ready data (``ExportDocument`` schema).

    Written from what is stored without validating it: data stored under other limits (an older version, a
    limit lowered since) is exported as it is, never refused; ``contextlamp doctor`` reports what import would
    refuse (``stored_problems``).
    """
    registry = porter.registry
    stores: list[dict[str, Any]] = [_store("personal", user.id, None, None, registry.store(user.id).all_entries())]
    for project in registry.control.projects(user.id):
        stores.append(_store("project", project.id, _meta(project), None, registry.store(project.id).all_entries()))
    for team in registry.control.teams():  # teams after projects, oldest first: deterministic
        own = [e for e in registry.store(team.id).all_entries() if e.contributed_by == user.id]
        if own:
            stores.append(_store("team", team.id, None, _meta(team), own))
    sessions = [exported_session(d) for d in registry.store(user.id).all_sessions()]
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
        "entries": [exported_entry(e) for e in entries],
    }


def _stored_problems(porter: Porter, store_id: str, owner: User | Project | Team) -> list[tuple[str | None, str]]:
    """What an import would refuse among the values stored in one store, as ``(entry or session id, problem)``
    pairs (None for the store's ``owner`` itself: its user, project or team); each problem names the field and
    the limit, never the value. ``contextlamp doctor`` reports them: such values were stored by an older
    version or under a higher limit, and export writes them as they are."""
    limits = porter.limits
    store = porter.registry.store(store_id)
    found: list[tuple[str | None, str]] = []
    for entry in store.all_entries():
        try:
            check_entry_values("", validated(ExportedEntry, exported_entry(entry)), limits)
        except InvalidArgumentError as exc:
            found.append((entry.id, f"{exc.field.lstrip('.')} {exc.problem}"))
    for digest in store.all_sessions():
        try:
            check_session("", validated(ExportedSession, exported_session(digest)), limits)
        except InvalidArgumentError as exc:
            found.append((digest.id, f"session {exc.field.lstrip('.')} {exc.problem}"))
    try:
        if isinstance(owner, User):
            check_user_name(owner.name, "user name")
        else:
            check_meta("project" if isinstance(owner, Project) else "team", owner.slug, owner.name)
    except InvalidArgumentError as exc:
        found.append((None, f"{exc.field} {exc.problem}"))
    return found


def _target_user(porter: Porter, document: ExportDocument, user_ref: str | None, create_user: bool) -> User:
    control = porter.registry.control
    if user_ref is not None:
        found = control.find_user(user_ref)
        if found is not None:
            return found
        if not create_user:
            raise InvalidArgumentError("user", "names no user here (create it first, or import with --create-user)")
        return control.create_user(check_user_name(user_ref, "user"), porter.clock())
    if kinds := porter.scanner.kinds(document.user.name):
        raise SecretDetectedError("user.name", kinds)  # it would become a user's name: import with --user instead
    found = control.find_user(document.user.name)
    if found is not None:
        return found
    taken = control.find_user(document.user.id) is not None
    return control.create_user(document.user.name, document.user.created_at, None if taken else document.user.id)


def _secret_in(porter: Porter, fields: Sequence[tuple[str, Sequence[str | None]]]) -> str | None:
    """The reason to leave an item out when one of its text fields holds a secret: the kinds and the field,
    never the text (``"holds a secret (AWS Access Key) in tags"``); None when every field is clean."""
    for name, texts in fields:
        for text in texts:
            if text and (kinds := porter.scanner.kinds(text)):
                return f"holds a secret ({', '.join(kinds)}) in {name}"
    return None


def _import_document(
    porter: Porter,
    document: ExportDocument,
    user_ref: str | None = None,
    progress: Progress | None = None,
    create_user: bool = False,
    create_teams: bool = True,
) -> ImportReport:
    """Restore a document into the user ``user_ref`` (name or id; created only with ``create_user``), else
    the document's user (matched by name; created with the document's id when that id is free).

    A team store is restored into that team when the user is a member of it. A team that does not exist here
    is created with the user as its admin only with ``create_teams`` (an administrator's
    ``contextlamp import``); a user importing for themselves (the dashboard) cannot create teams, as nowhere
    else, so its entries are left out and counted in ``team_entries_skipped``, like a team they are not in.

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
    check_document(document, porter.limits)
    user = _target_user(porter, document, user_ref, create_user)
    control = porter.registry.control
    store_map: dict[str, str] = {}
    dropped: list[Dropped] = []
    total = sum(len(s.entries) for s in document.stores)
    done = added = skipped = secrets = team_skipped = trust_reset = 0
    for s, exported in enumerate(document.stores):
        meta = exported.project or exported.team
        if meta is not None and (reason := _secret_in(porter, [("slug", [meta.slug]), ("name", [meta.name])])):
            dropped.append(Dropped(f"stores.{s}", f"{exported.scope} {reason}: its entries were left out"))
            secrets += len(exported.entries)
            done += len(exported.entries)
            continue
        if exported.scope == "team":
            team_id = _team_store(porter, exported, user.id, create_teams)
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
        store = porter.registry.store(store_map[exported.store_id])
        contributor = user.id if exported.scope == "team" else None
        reset_before = trust_reset
        for start in range(0, len(exported.entries), EMBED_BATCH):
            batch = exported.entries[start : start + EMBED_BATCH]
            result = _restore_batch(porter, store, batch, contributor)
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
    personal = porter.registry.store(user.id)
    sessions_added = sessions_skipped = sessions_secret = 0
    for n, session in enumerate(document.sessions):
        texts = [
            ("label", [session.label]),
            ("summary", [session.summary]),
            ("source_surface", [session.source_surface]),
        ]
        if reason := _secret_in(porter, texts):
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


def _team_store(porter: Porter, exported: ExportedStore, user_id: str, create: bool) -> str | None:
    """The team store to restore the user's contributions into: the team (by id, else slug) if the user is a
    member; a team that does not exist here is created with the user as its admin when ``create``; None
    (skip) when the team exists and the user is not a member of it, or does not exist and ``create`` is
    False."""
    control = porter.registry.control
    meta = exported.team
    if meta is None:
        return None
    team = control.find_team(meta.id) or control.find_team(meta.slug)
    if team is None:
        if not create:
            return None
        team = control.create_team(meta.slug, meta.name, meta.created_at, meta.id)
        control.set_member(team.id, user_id, "admin", porter.clock())
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
    porter: Porter, store: Store, batch: list[ExportedEntry], contributor: str | None = None
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
            porter,
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
    texts: list[str] = []
    layout: list[tuple[int, int]] = []
    for e in fresh:  # the export keeps entries whole: their chunks are rebuilt here, as a save makes them
        own, shape = embedding_texts(e.content, e.questions)
        texts += own
        layout.append(shape)
    with bulk_work():  # an import is bulk work: an embedder serving users runs it apart from their queries
        vectors = batch_vectors(porter.embed(texts), layout)
    added = 0
    for n, entry in enumerate(fresh):
        if store.restore(entry, vectors[n]):
            added += 1
        else:
            skipped += 1
    return _BatchResult(added, skipped, secrets, trust_reset)


class Porter:
    """Export and import of one user's data over the stores of ``registry``, each collaborator passed in.

    Args:
        registry: the stores and the control plane.
        scanner: the secret scan every imported text passes (``save_context``'s).
        embed: texts -> ``(n, dim)`` float32 unit rows (the embedder's ``embed``); import re-embeds.
        limits: the input limits an import applies (``check_document``).
        clock: ms since the epoch, for users and memberships an import creates.
    """

    def __init__(
        self,
        registry: StoreRegistry,
        scanner: SecretScanner,
        embed: Callable[[list[str]], Vectors],
        limits: Limits,
        clock: Callable[[], int],
    ) -> None:
        self.registry = registry
        self.scanner = scanner
        self.embed = embed
        self.limits = limits
        self.clock = clock

    def export_user(self, user: User) -> dict[str, Any]:
        """The export document of ``user`` as JSON-ready data (see ``_export_user``)."""
        return _export_user(self, user)

    def check_document(self, document: ExportDocument) -> None:
        """Refuse what ``save_context`` would refuse, against these limits (``export_format.check_document``).

        Raises:
            InvalidArgumentError: the first problem, named by its path.
        """
        check_document(document, self.limits)

    def stored_problems(self, store_id: str, owner: User | Project | Team) -> list[tuple[str | None, str]]:
        """What an import would refuse among one store's values (see ``_stored_problems``)."""
        return _stored_problems(self, store_id, owner)

    def import_document(
        self,
        document: ExportDocument,
        user_ref: str | None = None,
        progress: Progress | None = None,
        create_user: bool = False,
        create_teams: bool = True,
    ) -> ImportReport:
        """Restore ``document`` (see ``_import_document`` for the rules and errors)."""
        return _import_document(self, document, user_ref, progress, create_user, create_teams)
