"""The storage interfaces of memory: ``Store`` (one bucket of memory), its reads, sessions, team ledger,
maintenance and write transaction. The control plane (users, tokens, projects, teams) is ``control_plane.py``.

Every backend passes the one contract suite in ``tests/contract/``. Times are ms since the Unix epoch;
vectors are ``(n, dim) float32`` unit rows. A store never sees a principal: the service decides which
stores a call may touch before it calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from contextlamp.domain.models import Entry, MemoryType, SessionDigest

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors


@dataclass(frozen=True)
class Finding:
    """One problem ``Store.check`` found: ``kind`` (``integrity``, ``model``, ``vectors``, ``orphan-vectors``,
    ``full-text``, ``superseded-by``, ``pending-vectors``), the entry it concerns (if one), what is wrong, and
    whether it was repaired."""

    kind: str
    entry_id: str | None
    detail: str
    repaired: bool


EmbedFn = Callable[[list[str]], "Vectors"]  # an entry's texts (content, questions) -> its (chunks, dim) vectors


class EntryReader(Protocol):
    """Reads of one store's entries. "Live" means: not superseded and not an expired task at ``now``."""

    store_id: str

    def find_by_key(self, content_key: str) -> Entry | None:
        """The entry (live or superseded) holding this dedupe key, if any."""
        ...

    def get(self, entry_id: str) -> Entry | None:
        """The entry with this id (live, superseded, or an expired task not yet swept), else None."""
        ...

    def live_ids(self, ids: Sequence[str], now: int, memory_types: Sequence[MemoryType] | None) -> set[str]:
        """The subset of ``ids`` that are live at ``now`` and of one of ``memory_types`` (None = all)."""
        ...

    def entries(self, ids: Sequence[str]) -> dict[str, Entry]:
        """Entries by id (missing ids are absent from the result)."""
        ...

    def any_expired(self, now: int) -> bool:
        """Whether some entry's ``expires_at`` is at or before ``now`` (an expired task not yet swept)."""
        ...

    def keyword_search(
        self, terms: Sequence[str], mode: str, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        """Live entries matching the full-text ``terms`` (stemmed words; ``mode`` ``"and"``: every term,
        ``"or"``: any), best first, as ``(id, rank)`` where lower is better (SQLite: BM25; PostgreSQL: the
        negated ``ts_rank_cd``). Terms are data, never query syntax."""
        ...

    def vector_search(
        self, query: Vectors, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        """Live entries by cosine similarity of ``query`` (``(dim,) float32``) to their stored vector (content
        and likely questions folded), best first, as ``(id, cosine)``. Filters apply before the top-``limit``
        cut. A store whose data predates folding may hold several vectors an entry until its migration ran;
        the best of them counts."""
        ...

    def topics(
        self, now: int, memory_types: Sequence[MemoryType] | None, prefixes: Collection[str] | None = None
    ) -> list[tuple[str, str, int]]:
        """Every live entry that has a topic, as ``(topic, id, created_at)``; with ``prefixes``, only those whose
        topic starts with one of them, found through the live-topic index (storage/shared/topics.py) rather
        than by reading every topic of the store."""
        ...

    def recent(self, limit: int, now: int, memory_types: Sequence[MemoryType] | None) -> list[str]:
        """Ids of live entries, newest first."""
        ...

    def chars_and_times(self, ids: Sequence[str]) -> dict[str, tuple[int, int]]:
        """``(characters, created_at)`` of each found entry: its content's length in Unicode code points (as
        Python's ``len``) and its save time (ms), read without the entries themselves (neighbour context's length
        rule). Ids not in the store are absent."""
        ...

    def time_neighbours(
        self,
        ids: Sequence[str],
        window_ms: int,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        radius: int,
    ) -> dict[str, list[str]]:
        """For each of ``ids`` found in this store: the ``radius`` (>= 1) live entries saved just before it and
        the ``radius`` saved just after it (by ``(created_at, id)``), counting only entries from the same
        ``source_surface`` saved within ``window_ms`` of it: the earlier ones first, nearest first, then the
        later ones, nearest first (0 to ``2 * radius`` ids). Ids not in the store are absent."""
        ...

    def list_page(
        self,
        limit: int,
        before: tuple[int, str] | None,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        include_superseded: bool,
    ) -> list[Entry]:
        """Entries newest first (by ``(created_at, id)`` descending), strictly after the ``before`` cursor."""
        ...


class SessionStore(Protocol):
    """Session digests (save_session / resume_session), kept in the personal store of their user."""

    def put_session(self, digest: SessionDigest) -> None:
        """Record a session digest (kept in the personal store of its user)."""
        ...

    def sessions(self, limit: int, since: int | None, surface: str | None) -> list[SessionDigest]:
        """Digests newest first, at or after ``since`` (ms) and from ``surface`` when given."""
        ...

    def get_session(self, session_id: str) -> SessionDigest | None:
        """One digest by id, else None."""
        ...

    def sessions_with(self, entry_id: str) -> list[SessionDigest]:
        """Digests that list this entry among their learnings."""
        ...

    def rewrite_session(self, session_id: str, label: str, summary: str, drop_entry_id: str) -> None:
        """Replace a digest's label and summary and drop one learning (after it was forgotten), scrubbing
        the old text from the database files."""
        ...

    def replace_session(self, digest: SessionDigest) -> None:
        """Replace the label, summary and learnings of the digest with ``digest.id`` (a re-save of the same
        session extends its one digest; its id, surface and time stay), scrubbing the old text from the
        database files. Nothing happens when no digest has that id."""
        ...

    def all_sessions(self) -> list[SessionDigest]:
        """Every session digest, oldest first."""
        ...

    def restore_session(self, digest: SessionDigest) -> bool:
        """Insert an exported digest as it was; False when its id exists."""
        ...


class TeamLedger(Protocol):
    """Who corroborated a team learning (the trust itself moves in ``domain/ledger.py``)."""

    def corroborations(self, entry_ids: Sequence[str]) -> dict[str, list[tuple[str, int, float]]]:
        """Who corroborated each entry: ``{id: [(user_id, at_ms, similarity), ...]}`` (oldest first)."""
        ...

    def restore_corroborations(self, entry_id: str, rows: Sequence[tuple[str, int, float]]) -> None:
        """Insert corroborations ``(user_id, at_ms, similarity)`` as they were, changing no trust (copying a
        store; the entry's trust was copied with it). Existing ones are kept."""
        ...


class StoreMaintenance(Protocol):
    """Copying, checking and closing a store (export/import, doctor)."""

    def count(self) -> int:
        """Number of entries (live and superseded)."""
        ...

    def check(self, embed: EmbedFn | None, repair: bool) -> list[Finding]:
        """Verify the store: the engine's own integrity check, the embedding model and dimension recorded,
        every entry with its full-text row and one vector a chunk (segmenting.chunk_count of its content: a
        store written before chunks holds one for a long entry), no orphan vectors or full-text rows,
        ``superseded_by`` naming an existing entry. With ``repair``, fix what can be fixed (re-embed with
        ``embed``, which maps an entry's texts, content then questions, to its ``(chunks, dim)`` vectors; rebuild
        the full-text index, delete orphans, revive entries superseded by nothing); an engine-level
        corruption is reported, never "repaired"."""
        ...

    def all_entries(self) -> list[Entry]:
        """Every entry (live, superseded, expired but not yet swept), oldest first by ``(created_at, id)``."""
        ...

    def restore(self, entry: Entry, vectors: Vectors) -> bool:
        """Insert an exported entry exactly as it was (id, times, supersession, reuse), with its
        ``(chunks, dim) float32`` vectors (one a chunk, segmenting.chunk_count). Returns False, changing
        nothing, when its id or content key is already stored (import is idempotent and dedupes by content).

        Raises:
            ValueError: ``vectors`` is not one row a chunk of the entry's content."""
        ...

    def pending_ids(self, limit: int) -> list[str]:
        """Up to ``limit`` ids of the entries whose index is pending (write-behind, app/indexing.py: the save
        stored a provisional vector; the final ones, every chunk with its likely questions folded in, are still
        to be computed), oldest first."""
        ...

    def pending_count(self) -> int:
        """How many entries' index is pending (see ``pending_ids``)."""
        ...

    def entry_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        """The stored vectors of entries, ``{id: (chunks, dim) float32}`` in chunk order; unknown ids
        are absent. For copying a store between backends without embedding again."""
        ...

    def close(self) -> None:
        """Release the database connection."""
        ...


class Store(EntryReader, SessionStore, TeamLedger, StoreMaintenance, Protocol):
    """One bucket of memory (a personal, project or team store): its reads, sessions, team ledger and
    maintenance, and ``writer()``, the one way to change its entries (``app/writes.py`` runs the
    ``domain/ledger.py`` algorithms inside it)."""

    def writer(self, *, durable: bool = True) -> AbstractContextManager[EntryWriter]:
        """One write transaction (SQLite: ``BEGIN IMMEDIATE`` under the store lock; PostgreSQL: a pooled
        transaction) as an ``EntryWriter``: committed when the block ends, rolled back by an exception.
        ``durable=False`` may skip the commit's fsync (usage statistics only: SQLite ``synchronous=NORMAL``).
        The reuse counts ``count_use`` holds are written first, inside the same transaction.

        Raises:
            StorageError: the database failed or stayed busy (nothing of the block is kept).
        """
        ...

    def count_use(self, ids: Sequence[str], surface: str, now: int) -> None:
        """Count one reuse of each entry from ``surface`` at ``now`` (ms), held in memory and written in a batch
        (with this process's next write on the store, within a few seconds, or at ``close``:
        storage/shared/usage.py); this process's reads show the counts at once.

        Raises:
            StorageError: a write of the counts that was due at once failed (they stay pending).
        """
        ...

    def flush_uses(self) -> None:
        """Write the reuse counts ``count_use`` holds now (one transaction, no fsync of its own).

        Raises:
            StorageError: the write failed (the counts stay pending).
        """
        ...


class ChatModel(Protocol):
    """An LLM that answers a system + user prompt with parsed JSON (the optional endpoint the user configures:
    ``contextlamp.llm.OpenAIChat``)."""

    def complete_json(self, system: str, user: str, max_tokens: int = 512) -> Any:
        """The model's answer parsed as JSON.

        Raises:
            LLMError: any failure (network, HTTP status, timeout, non-JSON answer).
        """
        ...


class EntryWriter(Protocol):
    """The write primitives of one store transaction, which ``domain/ledger.py`` combines into saves, forgets,
    sweeps and corroborations. A backend opens it with ``Store.writer()`` (SQLite: ``BEGIN IMMEDIATE``;
    PostgreSQL: a transaction) and commits when the block ends; an exception rolls everything back. Reads
    through it see the transaction's own writes. "Live" = not superseded and not an expired task.
    """

    def lock_topic(self, topic: str | None) -> None:
        """Serialise writers of this topic until commit (PostgreSQL advisory lock; SQLite's write lock already
        serialises every writer). None: no-op."""
        ...

    def get(self, entry_id: str) -> Entry | None:
        """The entry with this id, whatever its state."""
        ...

    def by_key(self, content_key: str) -> Entry | None:
        """The entry holding this dedupe key, whatever its state."""
        ...

    def expired(self, now: int) -> list[Entry]:
        """Entries whose ``expires_at`` is at or before ``now``."""
        ...

    def live_on_topic(self, topic: str) -> list[Entry]:
        """The entries of this topic that are not superseded (expired ones included until swept)."""
        ...

    def replaced_by(self, entry_id: str) -> list[Entry]:
        """The entries whose ``superseded_by`` is ``entry_id``."""
        ...

    def by_contributor(self, user_id: str) -> list[Entry]:
        """The team learnings ``user_id`` contributed."""
        ...

    def corroborated(self, entry_ids: Sequence[str]) -> set[str]:
        """The subset of ``entry_ids`` that someone corroborated."""
        ...

    def insert(self, entry: Entry, vector: Vectors) -> bool:
        """Insert the entry with its full-text row and its ``(chunks, dim)`` vectors (one a chunk,
        segmenting.chunk_spans, ``ord`` = chunk index); False, writing nothing, when its
        content key is already stored (a concurrent writer won)."""
        ...

    def update(self, entry_id: str, **fields: Any) -> None:
        """Set fields of one entry (``topic``, ``kind``, ``memory_type``, ``tags``, ``expires_at``,
        ``superseded_by``, ``superseded_at``, ``trust``); the full-text row follows a new topic or tags."""
        ...

    def supersede(self, entry_ids: Sequence[str], winner: str, now: int) -> None:
        """Mark these entries superseded by ``winner`` at ``now``."""
        ...

    def relink(self, old: str, new: str) -> None:
        """Every entry superseded by ``old`` is now superseded by ``new``."""
        ...

    def delete(self, entry: Entry) -> None:
        """Delete the entry's row, full-text row, vectors and corroborations; the freed bytes are scrubbed once
        the transaction commits."""
        ...

    def add_corroboration(self, entry_id: str, user_id: str, at: int, similarity: float) -> None:
        """Record a corroboration (kept as it is if ``user_id`` already corroborated this entry)."""
        ...

    def drop_corroborations_by(self, user_id: str) -> None:
        """Delete every corroboration ``user_id`` gave."""
        ...

    def replace_vector(self, entry_id: str, questions: Sequence[str], vector: Vectors) -> None:
        """Replace an entry's likely questions and its ``(chunks, dim)`` vectors (a re-save that changed its topic,
        kind or type)."""
        ...

    def set_pending(self, entry_id: str, pending: bool) -> None:
        """Mark the entry's index pending (its vectors are provisional, app/indexing.py) or done; nothing for an
        unknown id. Deleting the entry drops the mark with it."""
        ...

    def record_use(self, ids: Sequence[str], surface: str, now: int) -> None:
        """Add 1 to each entry's reuse count and set its last-used surface and time (unknown ids: nothing)."""
        ...
