"""get_context and list_context: retrieval over the stores a caller may touch (weighted RRF, the chunk each
pack shows, the packs' budget) and browsing newest first with cursors and filters. A collaborator of
``MemoryService`` (app/service.py); it writes only the packs' reuse counts."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Sequence
from typing import Any

from contextlamp.app import writes
from contextlamp.app.scoping import Scope
from contextlamp.app.state import (
    GET_CONTEXT,
    LIST_CONTEXT,
    LIST_LIMIT_RANGE,
    MAX_CHARS_RANGE,
    MAX_RESULTS_RANGE,
    SCOPES,
    Caller,
)
from contextlamp.app.validate import Arguments, check_bool, check_choice, check_int, check_memory_types, check_str
from contextlamp.domain.embedding import Embedder, embed_queries
from contextlamp.domain.models import (
    KINDS,
    ChunkRef,
    Entry,
    ExplainedResult,
    GetResult,
    ListItem,
    ListResult,
    MemoryType,
    Pack,
)
from contextlamp.domain.ports import Store
from contextlamp.errors import InvalidArgumentError
from contextlamp.retrieval.chunks import ChunkChoice, choose_chunk, within_budget
from contextlamp.retrieval.search import Hit, ScopedStore, search
from contextlamp.retrieval.weights import FusionWeights, TrustWeights
from contextlamp.segmenting import WINDOW_CHARS
from contextlamp.text import has_surrogates, preview_of, scrub_surrogates, title_of


class Reader:
    """Reads for a caller: ranked packs (``get_context``) and pages of entries (``list_context``).

    Args:
        scope: which stores a call may touch. arguments: the shared argument checks and limits.
        embedder: embeds the query (one call per query).
        weights: the fusion weights and floors (``FusionWeights``, floors resolved against the embedder);
            settable (benches and tests try others on a live service).
        trust_weights: multipliers of team learnings by trust.
        clock: ms since the epoch.
    """

    def __init__(
        self,
        scope: Scope,
        arguments: Arguments,
        embedder: Embedder,
        weights: FusionWeights,
        trust_weights: TrustWeights,
        clock: Callable[[], int],
    ) -> None:
        self.scope = scope
        self.arguments = arguments
        self.embedder = embedder
        self.weights = weights
        self.trust_weights = trust_weights
        self.clock = clock

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
        """A ranked pack of stored chunks for the query (spec/TOOLS.md get_context); never generated text.

        A pack shows its entry's best-matching chunk (retrieval/chunks.py); the packs' text together stays
        within ``max_chars`` characters (default ``Limits.max_pack_chars``, range ``MAX_CHARS_RANGE``).
        ``explain`` (ext; the dashboard's search, not an MCP argument): an ``ExplainedResult`` with the signal
        ranks of each pack, and the packs' use is not recorded (a person reading is not a tool reusing them).
        ``every_project`` (ext; the dashboard's "Everything"): without ``project``, personal is fused with every
        project of the caller. Without either, a caller whose local server runs in a repository
        (``Caller.repository``) reads personal fused with that repository's project (issue #27.3).
        Only packs with evidence are returned (the relevance floor, retrieval/evidence.with_evidence), so fewer
        than ``max_results`` is a normal answer.

        Raises:
            InvalidArgumentError: a bad argument.
        """
        text = scrub_surrogates(check_str("query", query, self.arguments.limits.max_query_chars))
        if not text.strip():
            raise InvalidArgumentError("query", "must not be blank")
        limit = check_int("max_results", max_results, *MAX_RESULTS_RANGE)
        types = check_memory_types("memory_types", memory_types)
        scope_value = check_str("scope", scope, self.arguments.limits.max_ref_chars)
        if scope_value not in ("personal", "team", "all") and not scope_value.startswith("team:"):
            raise InvalidArgumentError("scope", f"got another string; allowed values: {', '.join(SCOPES)}")
        check_bool("verified_only", verified_only)
        check_bool("recency", recency)
        budget = (
            self.arguments.limits.max_pack_chars
            if max_chars is None
            else check_int("max_chars", max_chars, *MAX_CHARS_RANGE)
        )
        target = self.scope.project(caller.principal, project, create=False)
        stores: list[ScopedStore] = []
        if scope_value in ("personal", "all"):
            stores.append(self.scope.personal(caller.principal))
            if target is not None:
                stores.append(self.scope.scoped(target))
            elif every_project:
                stores += [self.scope.scoped(p) for p in self.scope.projects(caller.principal)]
            elif project is None and (local := self.scope.repository_project(caller, create=False)) is not None:
                stores.append(self.scope.scoped(local))
        if scope_value in ("team", "all"):
            stores += self.scope.team_stores(caller.principal)
        elif scope_value.startswith("team:"):
            stores.append(self.scope.team_scoped(self.scope.team(caller.principal, scope_value[5:], "scope")[0]))
        now = self.clock()
        if not any(s.store.recent(1, now, types) for s in stores):  # nothing live to find: skip the embedding
            return ExplainedResult(packs=[], signals=[]) if explain else GetResult(packs=[])
        query_vector = embed_queries(self.embedder, [text])[0]
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
        chosen = self.chunks(hits, text, query_vector)
        texts = within_budget([c.text for c in chosen], budget)
        hits = hits[: len(texts)]  # the packs past the budget are not sent, and not counted as used
        for scoped in stores if not explain else ():
            used = [h.entry.id for h in hits if h.source is scoped]
            if used:
                writes.record_use(scoped.store, used, self.arguments.client_surface(caller), now)
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

    def chunks(self, hits: list[Hit], query: str, query_vector: Any) -> list[ChunkChoice]:
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
            user = self.scope.registry.control.find_user(who)
            names[who] = user.name if user else who
        return {"contributed_by": names[who], "trust": entry.trust or "unverified"}

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
        before = (
            _decode_cursor(check_str("cursor", cursor, self.arguments.limits.max_ref_chars))
            if cursor is not None
            else None
        )
        if team is not None:
            if project is not None:
                raise InvalidArgumentError("team", "cannot be given together with 'project'")
            store = self.scope.registry.store(self.scope.team(caller.principal, team)[0].id)
        else:
            target = self.scope.project(caller.principal, project, create=False)
            store = self.scope.scoped(target).store if target else self.scope.personal(caller.principal).store
        match = self._list_filter(kind, topic, tag, surface)
        local = self.scope.repository_project(caller, create=False) if project is None and team is None else None
        if match is None:
            rows = store.list_page(size + 1, before, self.clock(), types, include_superseded)
            if local is not None:  # personal fused with the repository's project: both newest first, merged
                rows += self.scope.scoped(local).store.list_page(
                    size + 1, before, self.clock(), types, include_superseded
                )
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
        topic_value = self.arguments.topic(topic) if topic is not None else None
        tag_value = self.arguments.tags([tag])[0][0] if tag is not None else None
        surface_value = self.arguments.surface(surface) if surface is not None else None
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
