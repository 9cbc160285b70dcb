"""MemoryService: the memory operations of spec/TOOLS.md, independent of any transport.

Validation, scoping (which stores a call touches), dedupe, supersession, TTL and fusion live here; the
MCP server and the CLI are thin fronts that pass a ``Caller`` and the tool arguments.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from contextlamp.app import writes
from contextlamp.app.indexing import Indexer
from contextlamp.app.state import (
    LIST_LIMIT_RANGE,
    MAX_CHARS_RANGE,
    MAX_RESULTS_RANGE,
    MAX_SLUG_CHARS,
    RESUME_LIMIT_RANGE,
    SCOPES,
    Caller,
    normalise_surface,
)
from contextlamp.app.validate import (
    check_bool,
    check_choice,
    check_int,
    check_memory_types,
    check_str,
)
from contextlamp.app.views import Views
from contextlamp.config import DAY_MS, DEFAULT_TASK_TTL_DAYS, Limits
from contextlamp.distill import DeferredDistiller
from contextlamp.domain.embedding import Embedder
from contextlamp.domain.models import (
    KINDS,
    ChunkRef,
    Entry,
    ExplainedResult,
    ForgetPreview,
    ForgetResult,
    GetResult,
    ListItem,
    ListResult,
    MemoryType,
    Pack,
)
from contextlamp.domain.ports import Store
from contextlamp.domain.rules import DEFAULT_AUTO_SUPERSEDE_THRESHOLD
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.domain.trust import DEFAULT_PARAPHRASE_THRESHOLD
from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.retrieval.chunks import ChunkChoice, choose_chunk, within_budget
from contextlamp.retrieval.questions import QuestionGenerator, RuleQuestionGenerator
from contextlamp.retrieval.search import Hit, ScopedStore, search
from contextlamp.retrieval.weights import FusionWeights, TrustWeights
from contextlamp.segmenting import WINDOW_CHARS
from contextlamp.storage import Project, StoreRegistry, Team
from contextlamp.text import (
    has_surrogates,
    is_id,
    now_ms,
    preview_of,
    scrub_surrogates,
    title_of,
)

# the service's public names (the links of the chain re-exported where callers have always found them)
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

logger = logging.getLogger(__name__)


class MemoryService(Views):
    """The memory operations for any caller, over a ``StoreRegistry``.

    Thread-safe: stores serialise their own writes; the embedder loads once.
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
        team_paraphrase_threshold: float = DEFAULT_PARAPHRASE_THRESHOLD,
        auto_supersede_threshold: float = DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
        write_behind: bool = True,
    ) -> None:
        self.registry = registry
        self.embedder = embedder
        self.scanner = scanner or SecretScanner()
        self.limits = limits or Limits()
        base = weights or FusionWeights()
        floor = embedder.similarity_floor if base.semantic_floor is None else base.semantic_floor
        evidence = embedder.evidence_similarity if base.evidence_floor is None else base.evidence_floor
        self.weights = replace(base, semantic_floor=floor, evidence_floor=evidence)
        self.task_ttl_ms = task_ttl_ms
        self.questions = questions or RuleQuestionGenerator()
        self.distiller = distiller or DeferredDistiller(lambda: _offline_distiller(embedder))
        self.clock = clock
        self.trust_weights = trust_weights or TrustWeights()
        self.team_paraphrase_threshold = team_paraphrase_threshold
        self.auto_supersede_threshold = auto_supersede_threshold
        # write-behind indexing (app/indexing.py), the shipped behaviour; False (every save waits for all its
        # vectors) only for benches and tests that compare the two; the open hook finishes entries left pending
        # by another process, whatever this service's choice
        self.write_behind = write_behind
        self.indexer = Indexer(embedder.embed)
        registry.on_open(self.indexer.sweep)
        registry.on_close(self.indexer.close)  # its batch in flight ends first; the rest stays pending

    def wait_indexed(self, timeout: float | None = None) -> bool:
        """Finish the write-behind indexing of every store this process knows to hold pending entries (its own
        saves', and those the startup sweep found), in the calling thread; True when nothing is left pending,
        False when ``timeout`` seconds passed first. For one-shot commands before they exit, tests and benches.

        Raises:
            EmbeddingError, StorageError: the embedder or a store failed (what was done stays done).
        """
        return self.indexer.wait(timeout)

    # -- identity and scoping -------------------------------------------------------------------------

    # -- save_context -----------------------------------------------------------------------------------

    # -- get_context ------------------------------------------------------------------------------------

    def get_context(
        self,
        caller: Caller,
        query: Any,
        max_results: Any = 8,
        memory_types: Any = None,
        scope: Any = "all",
        project: Any = None,
        verified_only: Any = False,
        recency: Any = False,
        max_chars: Any = None,
        *,
        explain: bool = False,
        every_project: bool = False,
    ) -> GetResult:
        """A ranked pack of stored chunks for the query (spec/TOOLS.md get_context); never generated text.

        A pack shows its entry's best-matching chunk (retrieval/chunks.py); the packs' text together stays
        within ``max_chars`` characters (default ``Limits.max_pack_chars``, range ``MAX_CHARS_RANGE``).
        ``explain`` (ext; the dashboard's search, not an MCP argument): an ``ExplainedResult`` with the signal
        ranks of each pack, and the packs' use is not recorded (a person reading is not a tool reusing them).
        ``every_project`` (ext; the dashboard's "Everything"): without ``project``, personal is fused with every
        project of the caller. Without either, a caller whose local server runs in a repository
        (``Caller.repository``) reads personal fused with that repository's project (issue #27.3).
        Only packs with evidence are returned (the relevance floor, retrieval/search.with_evidence), so fewer
        than ``max_results`` is a normal answer.

        Raises:
            InvalidArgumentError: a bad argument.
        """
        text = scrub_surrogates(check_str("query", query, self.limits.max_query_chars))
        if not text.strip():
            raise InvalidArgumentError("query", "must not be blank")
        limit = check_int("max_results", max_results, *MAX_RESULTS_RANGE)
        types = check_memory_types("memory_types", memory_types)
        scope_value = check_str("scope", scope, self.limits.max_ref_chars)
        if scope_value not in ("personal", "team", "all") and not scope_value.startswith("team:"):
            raise InvalidArgumentError("scope", f"got another string; allowed values: {', '.join(SCOPES)}")
        check_bool("verified_only", verified_only)
        check_bool("recency", recency)
        budget = (
            self.limits.max_pack_chars if max_chars is None else check_int("max_chars", max_chars, *MAX_CHARS_RANGE)
        )
        target = self._project(caller.principal, project, create=False)
        stores: list[ScopedStore] = []
        if scope_value in ("personal", "all"):
            stores.append(self._personal(caller.principal))
            if target is not None:
                stores.append(self._scoped(target))
            elif every_project:
                stores += [self._scoped(p) for p in self.registry.control.projects(caller.principal.user_id)]
            elif project is None and (local := self._repository_project(caller, create=False)) is not None:
                stores.append(self._scoped(local))
        if scope_value in ("team", "all"):
            stores += self._team_stores(caller.principal)
        elif scope_value.startswith("team:"):
            stores.append(self._team_scoped(self._team(caller.principal, scope_value[5:], "scope")[0]))
        now = self.clock()
        if not any(s.store.recent(1, now, types) for s in stores):  # nothing live to find: skip the embedding
            return ExplainedResult(packs=[], signals=[]) if explain else GetResult(packs=[])
        query_vector = self.embedder.embed([text])[0]
        teams = any(s.scope.startswith("team:") for s in stores)
        hits = search(
            stores,
            text,
            query_vector,
            limit,
            now,
            types,
            self.weights,
            bool(recency),
            self.trust_weights if teams else None,
            bool(verified_only),
        )
        chosen = self._chunks(hits, text, query_vector)
        texts = within_budget([c.text for c in chosen], budget)
        hits = hits[: len(texts)]  # the packs past the budget are not sent, and not counted as used
        for scoped in stores if not explain else ():
            used = [h.entry.id for h in hits if h.source is scoped]
            if used:
                writes.record_use(scoped.store, used, self._client_surface(caller), now)
        names: dict[str, str] = {}
        result = GetResult(
            packs=[
                Pack(
                    id=h.entry.id,
                    text=body,
                    kind=h.entry.kind,
                    memory_type=h.entry.memory_type,
                    source_surface=h.entry.source_surface,
                    ts=h.entry.created_at,
                    score=h.score,
                    scope=h.source.scope,
                    topic=h.entry.topic,
                    **self._attribution(h.entry, names),
                    **_chunk_field(c),
                )
                for h, c, body in zip(hits, chosen, texts, strict=False)
            ]
        )
        if explain:
            places = {h.entry.id: n for n, h in enumerate(hits, start=1)}
            return ExplainedResult(packs=result.packs, signals=[_explained(h, places) for h in hits])
        return result

    def _chunks(self, hits: list[Hit], query: str, query_vector: Any) -> list[ChunkChoice]:
        """The chunk each hit's pack shows (retrieval/chunks.choose_chunk); the stored chunk vectors are read
        only for entries longer than one window (one read per store)."""
        long = [h for h in hits if len(h.entry.content) > WINDOW_CHARS]
        vectors: dict[str, Any] = {}
        for scoped in {id(h.source): h.source for h in long}.values():
            vectors.update(scoped.store.entry_vectors([h.entry.id for h in long if h.source is scoped]))
        return [choose_chunk(h.entry.content, query, query_vector, vectors.get(h.entry.id), self.weights) for h in hits]

    def _attribution(self, entry: Entry, names: dict[str, str]) -> dict[str, Any]:
        """``contributed_by`` (the contributor's user name, or id once the user is gone) and ``trust`` of a
        team learning; nothing for personal and project entries (their packs leave both fields out)."""
        if entry.contributed_by is None:
            return {}
        who = entry.contributed_by
        if who not in names:
            user = self.registry.control.find_user(who)
            names[who] = user.name if user else who
        return {"contributed_by": names[who], "trust": entry.trust or "unverified"}

    # -- list_context -----------------------------------------------------------------------------------

    def list_context(
        self,
        caller: Caller,
        limit: Any = 50,
        project: Any = None,
        cursor: Any = None,
        memory_types: Any = None,
        include_superseded: Any = False,
        team: Any = None,
        *,
        kind: Any = None,
        topic: Any = None,
        tag: Any = None,
        surface: Any = None,
    ) -> ListResult:
        """Browse entries newest first: the personal store, or the project's store when ``project`` is given,
        or a team's learnings (with contributor and trust) when ``team`` is given. Without either, a caller whose
        local server runs in a repository (``Caller.repository``) browses personal and that repository's project
        merged, newest first (issue #27.3; the ext filters below then browse the personal store only).

        ``kind``, ``topic``, ``tag``, ``surface`` (ext; the dashboard's browse filters, not MCP arguments): only
        entries of that kind, topic (kebab, as saved), tag (lower case, as saved) or ``source_surface``; a
        filtered page scans at most ``LIST_SCAN_ROWS`` entries, so it may hold fewer than ``limit`` items while
        ``next_cursor`` says there is more to look through.

        Raises:
            InvalidArgumentError: a bad argument (including a cursor that was not made by list_context).
        """
        size = check_int("limit", limit, *LIST_LIMIT_RANGE)
        types = check_memory_types("memory_types", memory_types)
        check_bool("include_superseded", include_superseded)
        before = _decode_cursor(check_str("cursor", cursor, self.limits.max_ref_chars)) if cursor is not None else None
        if team is not None:
            if project is not None:
                raise InvalidArgumentError("team", "cannot be given together with 'project'")
            store = self.registry.store(self._team(caller.principal, team)[0].id)
        else:
            target = self._project(caller.principal, project, create=False)
            store = self._scoped(target).store if target else self._personal(caller.principal).store
        match = self._list_filter(kind, topic, tag, surface)
        local = self._repository_project(caller, create=False) if project is None and team is None else None
        if match is None:
            rows = store.list_page(size + 1, before, self.clock(), types, include_superseded)
            if local is not None:  # personal fused with the repository's project: both newest first, merged
                rows += self._scoped(local).store.list_page(size + 1, before, self.clock(), types, include_superseded)
                rows.sort(key=lambda e: (e.created_at, e.id), reverse=True)
            page = rows[:size]
            next_cursor = _encode_cursor(page[-1]) if len(rows) > size else None
        else:
            page, next_cursor = _filtered_page(store, size, before, self.clock(), types, include_superseded, match)
        names: dict[str, str] = {}
        items = [_list_item(e).model_copy(update=self._attribution(e, names)) for e in page]
        return ListResult(items=items, next_cursor=next_cursor)

    def _list_filter(self, kind: Any, topic: Any, tag: Any, surface: Any) -> Callable[[Entry], bool] | None:
        """The test of list_context's (ext) filters, None when none is given (checked like save_context's)."""
        kind_value = check_choice("kind", kind, KINDS) if kind is not None else None
        topic_value = self._check_topic(topic) if topic is not None else None
        tag_value = self._check_tags([tag])[0][0] if tag is not None else None
        surface_value = self._check_surface(surface) if surface is not None else None
        if kind_value is None and topic_value is None and tag_value is None and surface_value is None:
            return None

        def match(entry: Entry) -> bool:
            return (
                (kind_value is None or entry.kind == kind_value)
                and (topic_value is None or entry.topic == topic_value)
                and (tag_value is None or tag_value in entry.tags)
                and (surface_value is None or entry.source_surface == surface_value)
            )

        return match

    # -- forget_context ---------------------------------------------------------------------------------

    def forget_context(self, caller: Caller, id: Any, confirm: Any = True, project: Any = None) -> ForgetResult:
        """Delete one entry completely, or preview it with ``confirm=False`` (spec/TOOLS.md forget_context).

        An unknown id and another user's id both give ``forgotten: false`` (preview ``null``).

        Raises:
            InvalidArgumentError: a bad argument.
        """
        entry_id = self._check_ref("id", id)
        if not entry_id:
            raise InvalidArgumentError("id", "must be an entry id (ctx_…)")
        check_bool("confirm", confirm)
        found = self._find(caller.principal, entry_id, project)
        if found is None and project is None:
            found = self._find_team_learning(caller.principal, entry_id)
        if found is None:
            return ForgetResult(forgotten=False, preview=None) if not confirm else ForgetResult(forgotten=False)
        store, entry = found
        if not confirm:
            return ForgetResult(
                forgotten=False,
                preview=ForgetPreview(
                    id=entry.id,
                    title=title_of(entry.content),
                    memory_type=entry.memory_type,
                    kind=entry.kind,
                    ts=entry.created_at,
                ),
            )
        forgotten = writes.forget(store, entry.id)
        if forgotten:
            self._forget_in_digests(caller.principal, entry.id)
        return ForgetResult(forgotten=forgotten)

    # -- save_session / resume_session -----------------------------------------------------------------

    def projects(self, caller: Caller) -> list[Project]:
        """The caller's projects, oldest first (for the CLI; projects are created by saving to a new slug)."""
        return self.registry.control.projects(caller.principal.user_id)

    def team_memberships(self, caller: Caller) -> list[tuple[Team, str]]:
        """The teams the caller belongs to, with their role in each (``admin`` or ``member``)."""
        return self.registry.control.memberships(caller.principal.user_id)

    def project_paths(self, caller: Caller) -> dict[str, list[str]]:
        """The repository folders mapped to each of the caller's projects: ``{project id: [path, ...]}``,
        oldest mapping first; a project no repository maps to is absent."""
        paths: dict[str, list[str]] = {}
        for project_id, path in self.registry.control.project_paths(caller.principal.user_id):
            paths.setdefault(project_id, []).append(path)
        return paths

    def get_entry(self, caller: Caller, entry_id: str) -> Entry:
        """One of the caller's entries by id (personal or project), for the CLI's detail view.

        Raises:
            NotFoundError: unknown id, or not the caller's.
        """
        found = self._find(caller.principal, entry_id, None)
        if found is None:
            shown = f" {entry_id}" if is_id(entry_id, "ctx") else " with that id"  # free text may be a secret
            raise NotFoundError(f"No entry{shown} among your memories.")
        return found[1]

    def entry_history(self, caller: Caller, entry_id: str) -> list[Entry]:
        """The older versions one of the caller's entries replaced (its topic history: what it superseded, and
        what those superseded, ...), newest first, at most ``MAX_HISTORY`` of them.

        Raises:
            NotFoundError: unknown id, or not the caller's (as ``get_entry``).
        """
        self.get_entry(caller, entry_id)
        store, _entry = self._find(caller.principal, entry_id, None) or (None, None)
        assert store is not None  # get_entry found it
        older: list[Entry] = []
        seen = {entry_id}
        frontier = [entry_id]
        with store.writer(durable=False) as reader:  # reads only: nothing is written, the transaction is empty
            while frontier and len(older) < MAX_HISTORY:
                replaced = [e for e in reader.replaced_by(frontier.pop()) if e.id not in seen]
                seen.update(e.id for e in replaced)
                older += replaced
                frontier += [e.id for e in replaced]
        return sorted(older, key=lambda e: (-e.created_at, e.id))[:MAX_HISTORY]


MAX_HISTORY = 100  # older versions shown on an entry's page


def _offline_distiller(embedder: Embedder) -> Distiller:
    """The offline distiller (ranking with the service's embedder) behind the digest path, imported when a
    service given none first distils a session."""
    from contextlamp.distill import DigestFirst, OfflineDistiller

    return DigestFirst(OfflineDistiller(embedder))


def _list_item(entry: Entry) -> ListItem:
    return ListItem(
        id=entry.id,
        title=title_of(entry.content),
        kind=entry.kind,
        memory_type=entry.memory_type,
        category=entry.topic or (entry.tags[0] if entry.tags else entry.memory_type),
        preview=preview_of(entry.content),
        reuse_count=entry.reuse_count,
        last_used_surface=entry.last_used_surface,
        ts=entry.created_at,
        topic=entry.topic,
        tags=list(entry.tags),
        superseded_by=entry.superseded_by,
    )


LIST_SCAN_ROWS = 5000  # most entries one filtered list_context page reads (its time stays bounded)
LIST_SCAN_BATCH = 200  # entries read per store call while filtering


def _filtered_page(
    store: Store,
    size: int,
    before: tuple[int, str] | None,
    now: int,
    types: Sequence[MemoryType] | None,
    include_superseded: bool,
    match: Callable[[Entry], bool],
) -> tuple[list[Entry], str | None]:
    """Up to ``size`` entries that ``match``, newest first after ``before``, and the next cursor: after the last
    one shown when more matches follow, after the last one read when ``LIST_SCAN_ROWS`` ran out first, else None."""
    page: list[Entry] = []
    cursor = before
    scanned = 0
    while scanned < LIST_SCAN_ROWS:
        rows = store.list_page(LIST_SCAN_BATCH, cursor, now, types, include_superseded)
        for entry in rows:
            scanned += 1
            if match(entry):
                if len(page) == size:
                    return page, _encode_cursor(page[-1])
                page.append(entry)
        if len(rows) < LIST_SCAN_BATCH:
            return page, None
        cursor = (rows[-1].created_at, rows[-1].id)
    return page, _encode_cursor_at(cursor) if cursor is not None else None


def _encode_cursor_at(position: tuple[int, str]) -> str:
    raw = json.dumps([position[0], position[1]]).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _encode_cursor(entry: Entry) -> str:
    raw = json.dumps([entry.created_at, entry.id]).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _decode_cursor(text: str) -> tuple[int, str]:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        ts, entry_id = json.loads(raw)
        if isinstance(ts, int) and 0 <= ts < 2**63 and isinstance(entry_id, str) and not has_surrogates(entry_id):
            return ts, entry_id
    except (binascii.Error, ValueError, TypeError, UnicodeDecodeError, RecursionError):
        pass
    raise InvalidArgumentError("cursor", "is not a cursor returned by list_context (pass next_cursor unchanged)")


def _explained(hit: Hit, places: dict[str, int]) -> dict[str, int]:
    """A pack's explanation (``ExplainedResult.signals``): its signal ranks, and for a neighbour returned as a
    match's context, ``neighbour``: that match's 1-based place among the packs (0 when it is not among them)."""
    signals = dict(hit.ranks)
    if hit.context_of is not None:
        signals["neighbour"] = places.get(hit.context_of, 0)
    return signals


def _chunk_field(choice: ChunkChoice) -> dict[str, Any]:
    """A pack's (ext) ``chunk`` field: set only when its entry has more than one chunk (left out otherwise)."""
    return {"chunk": ChunkRef(index=choice.index, count=choice.count)} if choice.count > 1 else {}
