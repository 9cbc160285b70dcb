"""MemoryService: the memory operations of spec/TOOLS.md, independent of any transport.

A façade over small collaborators, each built here with what it needs (the way the MCP SDK's ``MCPServer``
composes its tool, resource and prompt managers): ``Arguments`` (app/validate.py: argument checks, secret
refusal), ``Scope`` (app/scoping.py: which stores a call may touch), ``Saver`` (app/saving.py: save_context),
``Sessions`` (app/sessions.py: save_session, resume_session), ``Reader`` (app/reading.py: get_context,
list_context), ``Entries`` (app/entries.py: one entry by id, its history, forget_context) and ``Views``
(app/views.py: the dashboard's counts). The MCP server, the CLI, the hooks and the dashboard are thin fronts
that pass a ``Caller`` and the tool arguments; the public methods below are their one entry.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from contextlamp.app.entries import Entries
from contextlamp.app.indexing import Indexer
from contextlamp.app.reading import Reader
from contextlamp.app.saving import Saver
from contextlamp.app.scoping import Scope
from contextlamp.app.sessions import Sessions
from contextlamp.app.state import (
    FORGET_CONTEXT,
    GET_CONTEXT,
    LIST_CONTEXT,
    LIST_LIMIT_RANGE,
    MAX_CHARS_RANGE,
    MAX_RESULTS_RANGE,
    MAX_SLUG_CHARS,
    RESUME_LIMIT_RANGE,
    RESUME_SESSION,
    Caller,
    RepositoryRef,
    normalise_surface,
)
from contextlamp.app.validate import Arguments
from contextlamp.app.views import OVERVIEW_WEEKS, Overview, Views
from contextlamp.config import DAY_MS, DEFAULT_TASK_TTL_DAYS, Limits
from contextlamp.distill import DeferredDistiller
from contextlamp.domain.embedding import Embedder, Thresholds
from contextlamp.domain.freshness import DEFAULT_AUTO_SUPERSEDE_THRESHOLD
from contextlamp.domain.models import (
    Entry,
    ForgetResult,
    GetResult,
    ListResult,
    Principal,
    ResumeResult,
    SaveResult,
    SaveSessionResult,
)
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.domain.trust import DEFAULT_PARAPHRASE_THRESHOLD
from contextlamp.retrieval.questions import QuestionGenerator, RuleQuestionGenerator
from contextlamp.retrieval.weights import FRESHER_FIRST_THRESHOLD, FusionWeights, TrustWeights
from contextlamp.storage import Project, StoreRegistry, Team
from contextlamp.text import now_ms

# the service's public names (the values its callers have always imported from here)
__all__ = [
    "LIST_LIMIT_RANGE",
    "MAX_CHARS_RANGE",
    "MAX_RESULTS_RANGE",
    "MAX_SLUG_CHARS",
    "RESUME_LIMIT_RANGE",
    "Caller",
    "MemoryService",
    "normalise_surface",
]

if TYPE_CHECKING:
    from contextlamp.distill import Distiller
    from contextlamp.domain.embedding import Vectors


def thresholds_of(embedder: Embedder) -> Thresholds:
    """The embedder's cosine thresholds (``thresholds``, the model's calibrated set: domain.embedding.Thresholds);
    for an embedder without them (a test double), its floors with all-MiniLM-L6-v2's write thresholds."""
    own: object = getattr(embedder, "thresholds", None)
    if isinstance(own, Thresholds):
        return own
    return Thresholds(
        embedder.similarity_floor,
        embedder.evidence_similarity,
        DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
        DEFAULT_PARAPHRASE_THRESHOLD,
        FRESHER_FIRST_THRESHOLD,
    )


class MemoryService:
    """The memory operations for any caller, over a ``StoreRegistry``.

    Thread-safe: stores serialise their own writes; the embedder loads once. The keyword arguments are the
    collaborators' settings (their defaults are ``config``'s, the shipped ones); ``weights``' floors and the
    thresholds left None take the embedder's own (``thresholds_of``). ``indexer``: the write-behind indexer
    (default: one background thread, ``Indexer``; ``Indexer(..., inline=True)`` finishes each save's pending vectors
    before the save returns, the same path scheduled deterministically).
    """

    def __init__(
        self,
        registry: StoreRegistry,
        embedder: Embedder,
        *,
        scanner: SecretScanner | None = None,
        limits: Limits | None = None,
        weights: FusionWeights | None = None,
        task_ttl_ms: int = int(DEFAULT_TASK_TTL_DAYS * DAY_MS),
        questions: QuestionGenerator | None = None,
        distiller: Distiller | None = None,
        clock: Callable[[], int] = now_ms,
        trust_weights: TrustWeights | None = None,
        team_paraphrase_threshold: float | None = None,
        auto_supersede_threshold: float | None = None,
        write_behind: bool = True,
        indexer: Indexer | None = None,
    ) -> None:
        self.registry = registry
        self.embedder = embedder
        self.scanner = scanner or SecretScanner()
        self.limits = limits or Limits()
        self.task_ttl_ms = task_ttl_ms
        self.questions = questions or RuleQuestionGenerator()
        self.distiller = distiller or DeferredDistiller(_offline_distiller)
        self.trust_weights = trust_weights or TrustWeights()
        own = thresholds_of(embedder)  # None arguments: the embedding model's own calibrated values
        self.team_paraphrase_threshold = (
            own.paraphrase if team_paraphrase_threshold is None else team_paraphrase_threshold
        )
        self.auto_supersede_threshold = own.supersede if auto_supersede_threshold is None else auto_supersede_threshold
        self.write_behind = write_behind  # index what only serves retrieval behind the save (app/indexing.py)
        # the write-behind indexer (a background thread unless one is given: tests give an inline one); the
        # open hook finishes entries left pending by another process, whatever this service's choice
        self.indexer = indexer or Indexer(embedder.embed)
        registry.on_open(self.indexer.sweep)
        registry.on_close(self.indexer.close)  # its batch in flight ends first; the rest stays pending
        base = weights or FusionWeights()
        floor = embedder.similarity_floor if base.semantic_floor is None else base.semantic_floor
        evidence = embedder.evidence_similarity if base.evidence_floor is None else base.evidence_floor
        fresher = own.fresher_first if base.fresher_first is None else base.fresher_first
        most = base.other_language_most_words
        most = bool(getattr(embedder, "multilingual", False)) if most is None else most  # a test double: False
        self._compose(
            clock,
            replace(
                base,
                semantic_floor=floor,
                evidence_floor=evidence,
                fresher_first=fresher,
                other_language_most_words=most,
            ),
        )

    def _compose(self, clock: Callable[[], int], weights: FusionWeights, order_ties: bool = True) -> None:
        """Build the collaborators over this service's settings, with ``clock`` (ms since the epoch);
        ``order_ties``: the saver moves a save time that ties with the one before it (``Saver._entry_time``)."""
        self.clock = clock
        self.arguments = Arguments(self.limits, self.scanner)
        self.scope = Scope(self.registry, self.arguments, clock)
        self.saver = Saver(
            self.scope,
            self.arguments,
            self.embedder,
            self.questions,
            self.indexer,
            clock,
            task_ttl_ms=self.task_ttl_ms,
            team_paraphrase_threshold=self.team_paraphrase_threshold,
            auto_supersede_threshold=self.auto_supersede_threshold,
            write_behind=self.write_behind,
            order_ties=order_ties,
        )
        self.sessions = Sessions(self.scope, self.arguments, self.saver, self.distiller, clock)
        self.reader = Reader(self.scope, self.arguments, self.embedder, weights, self.trust_weights, clock)
        self.entries = Entries(self.scope, self.arguments, self.sessions)
        self.views = Views(self.scope, clock)

    def at(self, clock: Callable[[], int]) -> MemoryService:
        """This service with another clock (the importer's: a clock stopped at a record's original time, so a
        save keeps it exactly, even when records tie): the same stores, settings and write-behind indexer, new
        collaborators over ``clock``."""
        view = copy.copy(self)
        view._compose(clock, self.weights, order_ties=False)
        return view

    @property
    def weights(self) -> FusionWeights:
        """The fusion weights get_context ranks with (the reader's; settable, for benches and tests)."""
        return self.reader.weights

    @weights.setter
    def weights(self, value: FusionWeights) -> None:
        self.reader.weights = value

    def wait_indexed(self, timeout: float | None = None) -> bool:
        """Finish the write-behind indexing of every store this process knows to hold pending entries (its own
        saves', and those the startup sweep found), in the calling thread; True when nothing is left pending,
        False when ``timeout`` seconds passed first. For one-shot commands before they exit, tests and benches.

        Raises:
            EmbeddingError, StorageError: the embedder or a store failed (what was done stays done).
        """
        return self.indexer.wait(timeout)

    # identity and the caller's projects and teams (app/scoping.py)

    def principal(self, user_name: str) -> Principal:
        """The principal for a local user name, registering the user on first sight."""
        return self.scope.principal(user_name)

    def project_for_repository(self, caller: Caller, repository: RepositoryRef, slug: str | None = None) -> Project:
        """The caller's project for ``repository``, made and mapped on first use (``Scope.project_for_repository``).

        Raises:
            InvalidArgumentError: ``slug`` has no letter or digit, or is longer than a slug may be.
        """
        return self.scope.project_for_repository(caller, repository, slug)

    def repository_project_of(self, caller: Caller) -> Project | None:
        """The project the caller's repository (``Caller.repository``) maps to, else None; creates no project."""
        return self.scope.repository_project_of(caller)

    def unread_namesake(self, caller: Caller, home: Project) -> Project | None:
        """The project of the caller's repository's name that the repository (project ``home``) does not read,
        else None (``Scope.unread_namesake``)."""
        return self.scope.unread_namesake(caller, home)

    def free_project_slug(self, principal: Principal, repository: RepositoryRef) -> str:
        """The slug a new project for ``repository`` would get (``project_for_repository``)."""
        return self.scope.free_project_slug(principal, repository)

    def projects(self, caller: Caller) -> list[Project]:
        """The caller's projects, oldest first (for the CLI; projects are created by saving to a new slug)."""
        return self.scope.projects(caller.principal)

    def team_memberships(self, caller: Caller) -> list[tuple[Team, str]]:
        """The teams the caller belongs to, with their role in each (``admin`` or ``member``)."""
        return self.scope.team_memberships(caller.principal)

    def project_paths(self, caller: Caller) -> dict[str, list[str]]:
        """The repository folders mapped to each of the caller's projects: ``{project id: [path, ...]}``,
        oldest mapping first; a project no repository maps to is absent."""
        return self.scope.project_paths(caller.principal)

    # the six tools (spec/TOOLS.md)

    def save_context(
        self,
        caller: Caller,
        content: Any,
        memory_type: Any = None,
        kind: Any = None,
        topic: Any = None,
        source_surface: Any = None,
        tags: Any = None,
        project: Any = None,
        team: Any = None,
    ) -> SaveResult:
        """Remember one durable thing (spec/TOOLS.md save_context; ``Saver.save_context``).

        Raises:
            InvalidArgumentError: a bad argument (nothing is stored).
            SecretDetectedError: the content holds a secret (nothing is stored).
        """
        return self.saver.save_context(caller, content, memory_type, kind, topic, source_surface, tags, project, team)

    def retire_personal(self, caller: Caller, content: str, winner_id: str, project: Any) -> str | None:
        """Supersede the caller's personal memory ``content`` by its correction ``winner_id`` in ``project``
        (``Saver.retire_personal``; docs/routing.md); the id retired, or None."""
        return self.saver.retire_personal(caller, content, winner_id, project)

    def retire_retracted(self, caller: Caller, value: str, project: Any) -> list[str]:
        """The live memories holding ``value``, which a retraction took back, superseded by the memory that
        replaced each (``Saver.retire_retracted``; a split correction, issue #27.2); the ids retired."""
        return self.saver.retire_retracted(caller, value, project)

    def get_context(
        self,
        caller: Caller,
        query: Any,
        max_results: Any = GET_CONTEXT.max_results,
        memory_types: Any = None,
        scope: Any = GET_CONTEXT.scope,
        project: Any = None,
        verified_only: Any = GET_CONTEXT.verified_only,
        recency: Any = GET_CONTEXT.recency,
        max_chars: Any = None,
        *,
        explain: bool = False,
        every_project: bool = False,
    ) -> GetResult:
        """A ranked pack of stored chunks for the query (spec/TOOLS.md get_context; ``Reader.get_context``,
        which documents the (ext) arguments); never generated text.

        Raises:
            InvalidArgumentError: a bad argument.
        """
        return self.reader.get_context(
            caller,
            query,
            max_results,
            memory_types,
            scope,
            project,
            verified_only,
            recency,
            max_chars,
            explain=explain,
            every_project=every_project,
        )

    def list_context(
        self,
        caller: Caller,
        limit: Any = LIST_CONTEXT.limit,
        project: Any = None,
        cursor: Any = None,
        memory_types: Any = None,
        include_superseded: Any = LIST_CONTEXT.include_superseded,
        team: Any = None,
        *,
        kind: Any = None,
        topic: Any = None,
        tag: Any = None,
        surface: Any = None,
    ) -> ListResult:
        """Browse entries newest first (spec/TOOLS.md list_context; ``Reader.list_context``, which documents the
        (ext) filters).

        Raises:
            InvalidArgumentError: a bad argument (including a cursor that was not made by list_context).
        """
        return self.reader.list_context(
            caller,
            limit,
            project,
            cursor,
            memory_types,
            include_superseded,
            team,
            kind=kind,
            topic=topic,
            tag=tag,
            surface=surface,
        )

    def forget_context(
        self, caller: Caller, id: Any, confirm: Any = FORGET_CONTEXT.confirm, project: Any = None
    ) -> ForgetResult:
        """Delete one entry completely, or preview it with ``confirm=False`` (spec/TOOLS.md forget_context).

        Raises:
            InvalidArgumentError: a bad argument.
        """
        return self.entries.forget_context(caller, id, confirm, project)

    def save_session(
        self,
        caller: Caller,
        transcript: Any,
        source_surface: Any = None,
        project: Any = None,
        session_id: Any = None,
    ) -> SaveSessionResult:
        """Distil a whole session into durable memories and record its digest (spec/TOOLS.md save_session;
        ``Sessions.save_session``).

        Raises:
            InvalidArgumentError: a bad argument, or a ``session_id`` that names none of the caller's
                sessions (nothing is stored).
        """
        return self.sessions.save_session(caller, transcript, source_surface, project, session_id)

    def resume_session(
        self,
        caller: Caller,
        session_id: Any = None,
        limit: Any = RESUME_SESSION.limit,
        since: Any = None,
        source_surface: Any = None,
    ) -> ResumeResult:
        """Recent session digests, or one session in full (spec/TOOLS.md resume_session;
        ``Sessions.resume_session``).

        Raises:
            InvalidArgumentError: a bad argument, or a session_id that is unknown (or another user's).
        """
        return self.sessions.resume_session(caller, session_id, limit, since, source_surface)

    # beyond the tools: the CLI's and the dashboard's reads, the stores' re-embedding

    def get_entry(self, caller: Caller, entry_id: str) -> Entry:
        """One of the caller's entries by id (personal or project), for the CLI's detail view.

        Raises:
            NotFoundError: unknown id, or not the caller's.
        """
        return self.entries.get_entry(caller, entry_id)

    def entry_history(self, caller: Caller, entry_id: str) -> list[Entry]:
        """The older versions one of the caller's entries replaced, newest first (``Entries.entry_history``).

        Raises:
            NotFoundError: unknown id, or not the caller's (as ``get_entry``).
        """
        return self.entries.entry_history(caller, entry_id)

    def overview(self, caller: Caller, weeks: int = OVERVIEW_WEEKS) -> Overview:
        """Counts over the caller's current personal and project memories (``Overview``).

        Raises:
            ValueError: ``weeks`` is not 1-520.
        """
        return self.views.overview(caller, weeks)

    def corroborators(self, caller: Caller, team: str, entry_ids: Sequence[str]) -> dict[str, list[str]]:
        """Who confirmed each of these learnings of one of the caller's teams: ``{entry id: [user name, ...]}``.

        Raises:
            InvalidArgumentError: ``team`` names none of the caller's teams (the same answer as no such team).
        """
        return self.views.corroborators(caller, team, entry_ids)

    def entry_embedding(self, texts: list[str]) -> Vectors:
        """The stored vectors of one entry from its texts (content, then its likely questions): ``(chunks,
        dim)`` float32 (``Saver.entry_embedding``). The re-embedding function of ``Store.check``.

        Raises:
            EmbeddingError: the embedder failed.
        """
        return self.saver.entry_embedding(texts)


def _offline_distiller() -> Distiller:
    """The offline distiller behind the digest path, imported when a service given none first distils a
    session."""
    from contextlamp.distill import DigestFirst, OfflineDistiller

    return DigestFirst(OfflineDistiller())
