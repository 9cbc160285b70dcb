"""Move a whole server between backends (``contextlamp migrate --from sqlite:DIR --to postgresql://…``).

Everything is copied as it is, without embedding anything again (except an entry whose vector is missing,
e.g. dropped as damaged when an old store was folded): users, token hashes, OIDC identities,
projects, teams and memberships, then every store (personal, project, team) with its entries (superseded and
expired-but-unswept ones included), their vectors, corroborations and session digests. The copy is
idempotent (what the target already has is skipped), so an interrupted migration is finished by running it
again. Afterwards every user's export from the target is compared with their export from the source; any
difference fails the migration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from contextlamp.app.porter import Porter
from contextlamp.domain.folding import entry_vector
from contextlamp.domain.ports import EmbedFn
from contextlamp.errors import InvalidArgumentError, StorageError
from contextlamp.segmenting import chunk_count
from contextlamp.storage import StoreRegistry

Progress = Callable[[int, int], None]  # (stores done, stores total)
BATCH = 500  # entries read with their vectors at a time


@dataclass(frozen=True)
class MigrationReport:
    """What moved: counts of users, stores and entries copied (skipped ones are already in the target)."""

    users: int
    stores: int
    entries_copied: int
    entries_skipped: int
    verified_users: int


def parse_location(text: str) -> tuple[str, str]:
    """``sqlite:DIR`` -> ``("sqlite", DIR)``; ``postgresql://…`` -> ``("postgresql", url)``.

    Raises:
        InvalidArgumentError: anything else.
    """
    if text.startswith("sqlite:") and len(text) > len("sqlite:"):
        return "sqlite", text.removeprefix("sqlite:")
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql", text
    raise InvalidArgumentError("location", "use sqlite:DIRECTORY or postgresql://user:password@host:port/db")


def _copy_control(source: StoreRegistry, target: StoreRegistry) -> list[str]:
    """Copy the control plane; returns every store id to copy (personal, project, team)."""
    src, dst = source.control, target.control
    store_ids: list[str] = []
    for user in src.users():
        if dst.find_user(user.id) is None:
            dst.create_user(user.name, user.created_at, user.id)
        store_ids.append(user.id)
        for project in src.projects(user.id):
            copied = dst.restore_project(project)
            if copied.id != project.id:
                raise StorageError(f"project {project.id} exists in the target under another owner")
            store_ids.append(project.id)
            for identity in src.repository_identities(project.id):  # the repository -> project mapping (#27.3)
                dst.map_repository(user.id, identity, project.id, project.created_at)
        created = {p.id: p.created_at for p in src.projects(user.id)}
        for project_id, path in src.project_paths(user.id):  # the folders shown with each project
            dst.map_path(user.id, path, project_id, created.get(project_id, 0))
    for record, token_hash in src.token_hashes():
        dst.restore_token(record, token_hash)
    for issuer, subject, user_id, created_at in src.identities():
        dst.restore_identity(issuer, subject, user_id, created_at)
    for team in src.teams():
        if dst.find_team(team.id) is None:
            dst.create_team(team.slug, team.name, team.created_at, team.id)
        for member in src.members(team.id):
            dst.set_member(team.id, member.user_id, member.role, member.added_at)
        store_ids.append(team.id)
    return store_ids


def _copy_store(source: StoreRegistry, target: StoreRegistry, store_id: str, embed: EmbedFn) -> tuple[int, int]:
    """Copy one store's entries (with their vectors), corroborations and sessions; returns (copied, skipped).
    An entry without its vector (dropped as damaged, or lost) is embedded again with ``embed``; one holding
    several (written by an older version) gets them folded (domain/folding.py); a long entry stored as one
    vector before chunks (segmenting.chunk_spans) is embedded again as its chunks, and so is one whose index is
    still pending (write-behind, app/indexing.py: its stored vector is provisional)."""
    src, dst = source.store(store_id), target.store(store_id)
    copied = skipped = 0
    entries = src.all_entries()
    pending = set(src.pending_ids(len(entries))) if entries else set[str]()  # provisional vectors (app/indexing.py)
    for start in range(0, len(entries), BATCH):
        batch = entries[start : start + BATCH]
        vectors = src.entry_vectors([e.id for e in batch])
        corroborations = src.corroborations([e.id for e in batch])
        for entry in batch:
            vector = vectors.get(entry.id)
            chunks = chunk_count(entry.content)
            if vector is not None and chunks == 1 and len(vector) > 1:
                vector = entry_vector(vector)
            elif vector is None or len(vector) != chunks or entry.id in pending:  # missing, stored before
                # chunks, or still pending (write-behind): its final vectors are made here
                vector = embed([entry.content, *entry.questions])
            if dst.restore(entry, vector):
                copied += 1
            else:
                skipped += 1
            if entry.id in corroborations:
                dst.restore_corroborations(entry.id, corroborations[entry.id])
    for digest in src.all_sessions():
        dst.restore_session(digest)
    return copied, skipped


class Migrator:
    """One side of a migration: a server's stores, its re-embedding function and its exporter.

    Args:
        registry: the stores and the control plane of this server.
        entry_embedding: an entry's texts -> its stored ``(chunks, dim)`` vectors (used on the target side only,
            for an entry whose vector is missing).
        porter: this server's exporter (the verification compares exports).
    """

    def __init__(self, registry: StoreRegistry, entry_embedding: EmbedFn, porter: Porter) -> None:
        self.registry = registry
        self.entry_embedding = entry_embedding
        self.porter = porter

    def copy_to(self, target: Migrator, progress: Progress | None = None) -> MigrationReport:
        """Copy everything of this server into ``target``, then verify by comparing every user's export.

        Raises:
            StorageError: a backend failed, or the verification found a difference (names the user).
            EmbeddingMismatchError: the two were built with different embedding models.
        """
        store_ids = _copy_control(self.registry, target.registry)
        copied = skipped = 0
        for done, store_id in enumerate(store_ids, start=1):
            c, s = _copy_store(self.registry, target.registry, store_id, target.entry_embedding)
            copied += c
            skipped += s
            if progress:
                progress(done, len(store_ids))
        users = self.registry.control.users()
        for user in users:
            moved = target.registry.control.find_user(user.id)
            if moved is None or target.porter.export_user(moved) != self.porter.export_user(user):
                raise StorageError(f"verification failed: the export of user {user.name} differs after the copy")
        return MigrationReport(len(users), len(store_ids), copied, skipped, len(users))
