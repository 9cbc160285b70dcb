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
from dataclasses import dataclass, replace
from typing import Any, cast

from contextlamp.app import writes
from contextlamp.app.validate import (
    check_bool,
    check_choice,
    check_int,
    check_memory_types,
    check_str,
    check_text,
    check_within,
)
from contextlamp.config import (
    DAY_MS,
    DEFAULT_PARAPHRASE_THRESHOLD,
    DEFAULT_TASK_TTL_DAYS,
    FusionWeights,
    Limits,
    TrustWeights,
)
from contextlamp.distill import Distiller, OfflineDistiller, parse_transcript, session_label, session_summary
from contextlamp.distill.rank import MAX_ITEMS, keep_most_valuable
from contextlamp.domain.embedding import Embedder, Vectors
from contextlamp.domain.folding import entry_vector, entry_vectors
from contextlamp.domain.models import (
    KINDS,
    MEMORY_TYPES,
    Entry,
    ForgetPreview,
    ForgetResult,
    GetResult,
    Kind,
    Learning,
    ListItem,
    ListResult,
    MemoryType,
    NewEntry,
    Pack,
    Principal,
    PutOutcome,
    ResumeResult,
    SaveResult,
    SaveSessionResult,
    SessionDetail,
    SessionDigest,
    SessionInfo,
)
from contextlamp.domain.rules import resave
from contextlamp.domain.secret_scan import REDACTED, SecretScanner
from contextlamp.domain.trust import corroborates
from contextlamp.errors import InvalidArgumentError, NotFoundError, SecretDetectedError
from contextlamp.retrieval.questions import QuestionGenerator, RuleQuestionGenerator
from contextlamp.retrieval.search import ScopedStore, search
from contextlamp.storage import Project, Store, StoreRegistry, Team
from contextlamp.text import (
    collapse_ws,
    content_key,
    has_surrogates,
    is_id,
    kebab,
    new_id,
    now_ms,
    preview_of,
    scrub_surrogates,
    title_of,
    topic_key,
)

logger = logging.getLogger(__name__)

MAX_RESULTS_RANGE = (1, 50)  # spec/TOOLS.md get_context
LIST_LIMIT_RANGE = (1, 200)  # spec/TOOLS.md list_context
RESUME_LIMIT_RANGE = (1, 50)  # spec/TOOLS.md resume_session
MAX_SLUG_CHARS = 64
RESTATEMENT_CANDIDATE_MARGIN = 0.1  # folded-cosine margin below the paraphrase threshold (see _restated)
SCOPES = ("personal", "team", "team:<id>", "all")


@dataclass(frozen=True)
class Caller:
    """Who is calling and from where: the principal (from the transport) and the client's surface
    (``claude-code``, ``cursor``, ``cli``; ``unknown`` when the client gave no name)."""

    principal: Principal
    surface: str


def normalise_surface(name: str | None) -> str:
    """Client name to lower-case kebab (``"Claude Code"`` -> ``"claude-code"``); ``"unknown"`` when empty."""
    return kebab(name or "") or "unknown"


class MemoryService:
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
    ) -> None:
        self.registry = registry
        self.embedder = embedder
        self.scanner = scanner or SecretScanner()
        self.limits = limits or Limits()
        base = weights or FusionWeights()
        floor = embedder.similarity_floor if base.semantic_floor is None else base.semantic_floor
        self.weights = replace(base, semantic_floor=floor)
        self.task_ttl_ms = task_ttl_ms
        self.questions = questions or RuleQuestionGenerator()
        self.distiller = distiller or OfflineDistiller()
        self.clock = clock
        self.trust_weights = trust_weights or TrustWeights()
        self.team_paraphrase_threshold = team_paraphrase_threshold

    # -- identity and scoping -------------------------------------------------------------------------

    def principal(self, user_name: str) -> Principal:
        """The principal for a local user name, registering the user on first sight."""
        return Principal(user_id=self.registry.control.ensure_user(user_name, self.clock()), name=user_name)

    def _project(self, principal: Principal, ref: Any, create: bool) -> Project | None:
        if ref is None:
            return None
        raw = self._check_ref("project", ref)
        if not raw:
            raise InvalidArgumentError("project", "must be a project id (prj_…) or slug, got an empty string")
        control = self.registry.control
        found = control.find_project(principal.user_id, raw)
        if found is None and not raw.startswith("prj_"):
            found = control.find_project(principal.user_id, kebab(raw))
        if found is not None:
            return found
        slug = kebab(raw)
        if not create or raw.startswith("prj_"):  # never repeats the value: it may be a pasted credential
            raise InvalidArgumentError("project", "names none of your projects (give the id or slug of one of them)")
        if not slug:
            raise InvalidArgumentError("project", "a new project's slug needs at least one letter or digit")
        if len(slug) > MAX_SLUG_CHARS:
            raise InvalidArgumentError("project", f"a slug is at most {MAX_SLUG_CHARS} characters")
        return control.create_project(principal.user_id, slug, self.clock())

    def _team(self, principal: Principal, ref: Any, field: str = "team") -> tuple[Team, str]:
        """The caller's team with id or slug ``ref`` and the caller's role in it. A team the caller is not in
        gets the same error as a team that does not exist."""
        raw = self._check_ref(field, ref)
        for team, role in self.registry.control.memberships(principal.user_id):
            if raw in (team.id, team.slug) or (raw and kebab(raw) == team.slug):
                return team, role
        raise InvalidArgumentError(field, "names none of your teams (give the id or slug of one of them)")

    def _check_ref(self, field: str, value: Any) -> str:
        """A project, team, scope, id or session_id argument, trimmed: a string of at most ``max_ref_chars``
        characters (checked before any look-up or scan)."""
        return check_str(field, value, self.limits.max_ref_chars).strip()

    def _check_surface(self, value: Any) -> str | None:
        """A ``source_surface`` argument in kebab form, within ``max_surface_chars`` as given and once
        normalised; None when it is absent or empty (the client's own surface applies)."""
        if value is None or value == "":
            return None
        raw = check_str("source_surface", value, self.limits.max_surface_chars)
        return check_within("source_surface", normalise_surface(raw), self.limits.max_surface_chars)

    def _client_surface(self, caller: Caller) -> str:
        """The caller's surface cut to ``max_surface_chars``: a client names itself in the MCP handshake, at
        any length, and the name is stored (``source_surface``, ``last_used_surface``)."""
        limit = self.limits.max_surface_chars
        return caller.surface if len(caller.surface) <= limit else caller.surface[:limit].rstrip("-") or "unknown"

    def _team_stores(self, principal: Principal) -> list[ScopedStore]:
        return [self._team_scoped(team) for team, _ in self.registry.control.memberships(principal.user_id)]

    def _team_scoped(self, team: Team) -> ScopedStore:
        return ScopedStore(self.registry.store(team.id), f"team:{team.id}", 2)

    def _personal(self, principal: Principal) -> ScopedStore:
        return ScopedStore(self.registry.store(principal.user_id), "personal", 0)

    def _scoped(self, project: Project) -> ScopedStore:
        return ScopedStore(self.registry.store(project.id), f"project:{project.id}", 1)

    # -- save_context -----------------------------------------------------------------------------------

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
        """Remember one durable thing (spec/TOOLS.md save_context). Known content keeps its id and takes the
        topic, kind and memory_type this call gives, and its tags (see ``_resave``).

        Raises:
            InvalidArgumentError: a bad argument (nothing is stored).
            SecretDetectedError: the content holds a secret (nothing is stored).
        """
        store, entry = self._prepare(caller, content, memory_type, kind, topic, source_surface, tags, project, team)
        given = (("topic", topic), ("kind", kind), ("memory_type", memory_type), ("tags", tags))
        return self._store_all(store, [entry], [frozenset(name for name, value in given if value is not None)])[0]

    def _prepare(
        self,
        caller: Caller,
        content: Any,
        memory_type: Any,
        kind: Any,
        topic: Any,
        source_surface: Any,
        tags: Any,
        project: Any,
        team: Any,
    ) -> tuple[Store, NewEntry]:
        """Validate a save and resolve its store: the entry to store (no questions yet) and where.

        Raises:
            InvalidArgumentError: a bad argument.
            SecretDetectedError: a secret in any field.
        """
        text = self._check_content(content)
        kind_value = cast(Kind, check_choice("kind", kind, KINDS)) if kind is not None else "note"
        if memory_type is None:
            type_value: MemoryType = "event" if kind_value == "decision" else "fact"
        else:
            type_value = cast(MemoryType, check_choice("memory_type", memory_type, MEMORY_TYPES))
        topic_value = self._check_topic(topic)
        tag_values, tags_given = self._check_tags(tags)
        surface = self._check_surface(source_surface) or self._client_surface(caller)
        project_ref = self._check_ref("project", project) if project is not None else None
        team_ref = self._check_ref("team", team) if team is not None else None
        # every length is within its limit: only now the secret scans, each over a bounded value
        self._refuse_secrets(
            content=text,
            topic=topic,
            tags=tags_given,
            source_surface=source_surface,
            project=project_ref,
            team=team_ref,
        )
        contributor: str | None = None
        if team is not None:
            if project is not None:
                raise InvalidArgumentError(
                    "team", "cannot be given together with 'project': a memory goes to one store"
                )
            store = self.registry.store(self._team(caller.principal, team)[0].id)
            contributor = caller.principal.user_id
        else:
            target = self._project(caller.principal, project, create=True)
            store = self._scoped(target).store if target else self._personal(caller.principal).store
        now = self.clock()
        entry = NewEntry(
            id=new_id("ctx"),
            content=text,
            content_key=content_key(text),
            memory_type=type_value,
            kind=kind_value,
            topic=topic_value,
            tags=tag_values,
            source_surface=surface,
            created_at=now,
            expires_at=now + self.task_ttl_ms if type_value == "task" else None,
            contributed_by=contributor,
        )
        return store, entry

    def _store_all(
        self, store: Store, entries: Sequence[NewEntry], stated: Sequence[frozenset[str]] = ()
    ) -> list[SaveResult]:
        """Store validated entries of one store, in order, with one embedding call for all the new ones:
        known content is re-saved (``_resave``: without paying for questions or embeddings unless its topic, kind
        or type changes); the rest get their likely questions and vectors (``(n_texts, dim)`` from one
        ``embed``); a team learning is first checked for being another member's restatement.

        Args:
            stated: per entry, which of ``topic``, ``kind``, ``memory_type`` and ``tags`` its caller gave (the
                rest are defaults); none for entries without one (a session's distilled items: a distiller's
                guess never changes what was saved).
        """
        now = self.clock()
        results: dict[int, SaveResult] = {}
        fresh: list[tuple[int, NewEntry]] = []
        for i, entry in enumerate(entries):
            found = store.find_by_key(entry.content_key)
            given = stated[i] if i < len(stated) else frozenset[str]()
            outcome = self._resave(store, found, entry, given, now) if found is not None else None
            if outcome is None:  # unknown content (or it vanished meanwhile): embed it below
                questions = tuple(self.questions.generate(entry.content, entry.topic, entry.kind, entry.memory_type))
                fresh.append((i, replace(entry, questions=questions)))
                continue
            if entry.contributed_by is not None:
                writes.corroborate(store, outcome.id, entry.contributed_by, 1.0, now)  # no-op for its own contributor
            results[i] = SaveResult(id=outcome.id, deduped=outcome.deduped)
        if fresh:
            texts = [t for _, e in fresh for t in (e.content, *e.questions)]
            widths = [1 + len(e.questions) for _, e in fresh]
            embedded = self.embedder.embed(texts)
            stored = entry_vectors(embedded, widths)  # one vector per entry: content + questions folded
            row = 0
            for n, (i, entry) in enumerate(fresh):
                content_vector = embedded[row]
                row += widths[n]
                own = stored[n : n + 1]
                contributor = entry.contributed_by
                if contributor is not None and (
                    restated := self._restated(store, entry.content, content_vector, own[0], contributor, now)
                ):
                    results[i] = SaveResult(id=restated, deduped=True)
                    continue
                outcome = writes.put(store, entry, own, now, stated[i] if i < len(stated) else ())
                assert outcome is not None
                results[i] = SaveResult(id=outcome.id, deduped=outcome.deduped)
        return [results[i] for i in range(len(entries))]

    def _resave(
        self, store: Store, found: Entry, entry: NewEntry, stated: frozenset[str], now: int
    ) -> PutOutcome | None:
        """Known content saved again (spec/TOOLS.md save_context, "Re-saving live content ..."): the stored entry
        keeps its id and becomes current; it takes the topic, kind and memory_type this save states (what it
        leaves out stays as stored), its tags merge, and the new topic's supersession applies. Its expiry follows
        its type: becoming a task starts the TTL now, a task stays due when it was, leaving task clears it. When
        topic, kind or type change, its likely questions and vector are made again for them, as a fresh save
        would have them. Another member re-saving a team learning changes nothing (the caller records the
        corroboration). None when the content vanished meanwhile (forgotten, or an expired task swept)."""
        entry = replace(entry, expires_at=now + self.task_ttl_ms)  # if it becomes a task, the TTL starts now
        change = resave(found, entry, stated)  # previewed to know whether to make questions and a vector
        restated = replace(entry, topic=change.topic, kind=change.kind, memory_type=change.memory_type)
        vectors = None
        if change.reframes(found):
            questions = tuple(self.questions.generate(found.content, change.topic, change.kind, change.memory_type))
            restated = replace(restated, questions=questions)
            vectors = self.entry_embedding([found.content, *questions])
        return writes.put(store, restated, vectors, now, stated)

    def entry_embedding(self, texts: list[str]) -> Vectors:
        """The stored vector of one entry from its texts (content, then its likely questions): ``(1, dim)``
        float32 (retrieval/folding.py). The re-embedding function of ``Store.check``.

        Raises:
            EmbeddingError: the embedder failed.
        """
        return entry_vector(self.embedder.embed(texts))

    def _restated(
        self, store: Store, text: str, content_vector: Any, stored_vector: Any, contributor: str, now: int
    ) -> str | None:
        """The id of another member's live team learning that ``text`` restates (trust.corroborates), after
        recording the corroboration; None when there is none. Candidates come from the store's folded vectors
        (``stored_vector``, with a margin: restatements measured >= 0.889 folded where their contents were >=
        0.85, bench/data/team-paraphrases.json); the decision compares contents (``content_vector``) with one
        extra embedding, only for candidates."""
        threshold = self.team_paraphrase_threshold
        floor = threshold - RESTATEMENT_CANDIDATE_MARGIN
        near = [i for i, cosine in store.vector_search(stored_vector, 5, now, None) if cosine >= floor]
        if not near:
            return None
        candidates = [e for e in store.entries(near).values() if e.contributed_by not in (None, contributor)]
        if not candidates:
            return None
        contents = self.embedder.embed([c.content for c in candidates])  # content to content, not questions
        for candidate, row in zip(candidates, contents, strict=True):
            cosine = float(row @ content_vector)
            if corroborates(candidate.content, text, cosine, threshold):
                writes.corroborate(store, candidate.id, contributor, round(cosine, 4), now)
                return candidate.id
        return None

    def _refuse_secrets(self, **fields: str | Sequence[str] | None) -> None:
        """Raise SecretDetectedError for the first argument (a string, or each string of a list) that holds a
        secret. Call it only once every length check has passed: a scan is linear, but not free."""
        for name, value in fields.items():
            for text in [value] if value is None or isinstance(value, str) else value:
                if isinstance(text, str) and (kinds := self.scanner.kinds(text)):
                    raise SecretDetectedError(name, kinds)

    def _check_content(self, content: Any) -> str:
        """The content, trimmed: non-blank, valid Unicode, no NUL, within ``max_content_bytes`` (not scanned)."""
        return check_text("content", content, self.limits.max_content_bytes).strip()

    def _check_topic(self, topic: Any) -> str | None:
        """The topic in kebab form (None when absent or blank), within ``max_topic_chars`` as given and once
        normalised (not scanned)."""
        if topic is None:
            return None
        raw = check_str("topic", topic, self.limits.max_topic_chars)
        if has_surrogates(raw):
            raise InvalidArgumentError("topic", "is not valid Unicode (it holds a lone surrogate code point)")
        normal = topic_key(raw)
        if not normal:
            if raw.strip():
                raise InvalidArgumentError("topic", "must contain at least one letter or digit")
            return None
        return check_within("topic", normal, self.limits.max_topic_chars)

    def _check_tags(self, tags: Any) -> tuple[tuple[str, ...], list[str]]:
        """The tags lower-cased, trimmed and de-duplicated, and the same tags before lower-casing (for the
        secret scan: key formats are case-sensitive). The count and every length are checked first (not
        scanned here)."""
        if tags is None:
            return (), []
        if isinstance(tags, str) or not isinstance(tags, list | tuple):
            raise InvalidArgumentError("tags", "must be a list of strings")
        given = cast(Sequence[Any], tags)
        limit = self.limits.max_tag_chars
        if len(given) > self.limits.max_tags:
            raise InvalidArgumentError("tags", f"{len(given)} tags given; the limit is {self.limits.max_tags}")
        raws = [check_str("tags", tag, limit, "a tag") for tag in given]
        out: list[str] = []
        trimmed: list[str] = []
        for raw in raws:
            if has_surrogates(raw):
                raise InvalidArgumentError("tags", "a tag is not valid Unicode (lone surrogate code point)")
            collapsed = collapse_ws(raw)
            value = check_within("tags", collapsed.lower(), limit, "a tag")
            if not value:
                raise InvalidArgumentError("tags", "a tag must not be blank")
            trimmed.append(collapsed)
            if value not in out:
                out.append(value)
        return tuple(out), trimmed

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
    ) -> GetResult:
        """A ranked pack of stored chunks for the query (spec/TOOLS.md get_context); never generated text.

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
        target = self._project(caller.principal, project, create=False)
        stores: list[ScopedStore] = []
        if scope_value in ("personal", "all"):
            stores.append(self._personal(caller.principal))
            if target is not None:
                stores.append(self._scoped(target))
        if scope_value in ("team", "all"):
            stores += self._team_stores(caller.principal)
        elif scope_value.startswith("team:"):
            stores.append(self._team_scoped(self._team(caller.principal, scope_value[5:], "scope")[0]))
        now = self.clock()
        if not any(s.store.recent(1, now, types) for s in stores):  # nothing live to find: skip the embedding
            return GetResult(packs=[])
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
        for scoped in stores:
            used = [h.entry.id for h in hits if h.source is scoped]
            if used:
                writes.record_use(scoped.store, used, self._client_surface(caller), now)
        names: dict[str, str] = {}
        return GetResult(
            packs=[
                Pack(
                    id=h.entry.id,
                    text=h.entry.content,
                    kind=h.entry.kind,
                    memory_type=h.entry.memory_type,
                    source_surface=h.entry.source_surface,
                    ts=h.entry.created_at,
                    score=h.score,
                    scope=h.source.scope,
                    topic=h.entry.topic,
                    **self._attribution(h.entry, names),
                )
                for h in hits
            ]
        )

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
    ) -> ListResult:
        """Browse entries newest first: the personal store, or the project's store when ``project`` is given,
        or a team's learnings (with contributor and trust) when ``team`` is given.

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
        rows = store.list_page(size + 1, before, self.clock(), types, include_superseded)
        page = rows[:size]
        next_cursor = _encode_cursor(page[-1]) if len(rows) > size else None
        names: dict[str, str] = {}
        items = [_list_item(e).model_copy(update=self._attribution(e, names)) for e in page]
        return ListResult(items=items, next_cursor=next_cursor)

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

    def _find_team_learning(self, principal: Principal, entry_id: str) -> tuple[Store, Entry] | None:
        """A team learning the caller may forget: theirs, or any in a team they administer.

        Raises:
            InvalidArgumentError: the caller is a member who neither contributed it nor administers the team.
        """
        now = self.clock()
        for team, role in self.registry.control.memberships(principal.user_id):
            store = self.registry.store(team.id)
            entry = store.get(entry_id)
            if entry is None or (entry.expires_at is not None and entry.expires_at <= now):
                continue
            if entry.contributed_by != principal.user_id and role != "admin":
                raise InvalidArgumentError(
                    "id",
                    f"{entry_id} is a learning of team {team.slug}: only its contributor or a team admin can forget it",
                )
            return store, entry
        return None

    def _forget_in_digests(self, principal: Principal, entry_id: str) -> None:
        """Rebuild the label and summary of every session that listed a forgotten entry, without its text."""
        personal = self._personal(principal).store
        for digest in personal.sessions_with(entry_id):
            remaining = self._learnings(principal, [ref for ref in digest.learnings if ref[1] != entry_id])
            label = session_label(remaining) if remaining else "Session"
            summary = session_summary(remaining) if remaining else ""
            personal.rewrite_session(digest.id, label, summary, entry_id)

    def _learnings(self, principal: Principal, refs: Sequence[tuple[str, str]]) -> list[Entry]:
        """The entries behind ``(store_id, entry_id)`` refs that still exist in the principal's own stores,
        in ref order, expired tasks left out; one ownership look-up and one read per store."""
        owned = {principal.user_id} | {p.id for p in self.registry.control.projects(principal.user_id)}
        by_store: dict[str, list[str]] = {}
        for store_id, entry_id in refs:
            if store_id in owned:
                by_store.setdefault(store_id, []).append(entry_id)
        found: dict[tuple[str, str], Entry] = {}
        now = self.clock()
        for store_id, ids in by_store.items():
            entries = self.registry.store(store_id).entries(ids).items()
            found.update(((store_id, i), e) for i, e in entries if e.expires_at is None or e.expires_at > now)
        return [found[ref] for ref in refs if ref in found]

    def _find(self, principal: Principal, entry_id: str, project: Any) -> tuple[Store, Entry] | None:
        target = self._project(principal, project, create=False)
        if target is not None:
            candidates = [self._scoped(target).store]
        else:
            candidates = [self._personal(principal).store]
            candidates += [self._scoped(p).store for p in self.registry.control.projects(principal.user_id)]
        now = self.clock()
        for store in candidates:
            entry = store.get(entry_id)
            if entry is not None and (entry.expires_at is None or entry.expires_at > now):
                return store, entry
        return None

    # -- save_session / resume_session -----------------------------------------------------------------

    def save_session(
        self, caller: Caller, transcript: Any, source_surface: Any = None, project: Any = None
    ) -> SaveSessionResult:
        """Distil a whole session into durable memories and record its digest (spec/TOOLS.md save_session).

        Items holding a secret are dropped; the transcript itself is never stored. A session that taught more
        than ``rank.MAX_ITEMS`` items keeps the most valuable (distill/rank.py) and says in (ext) ``left_out``
        how many it did not keep (the field is present only then).

        Raises:
            InvalidArgumentError: a bad argument (nothing is stored).
        """
        text = check_text("transcript", transcript, self.limits.max_transcript_bytes)
        surface = self._check_surface(source_surface) or self._client_surface(caller)
        project_ref = self._check_ref("project", project) if project is not None else None
        self._refuse_secrets(source_surface=source_surface, project=project_ref)
        target = self._project(caller.principal, project, create=True)
        store_id = target.id if target else caller.principal.user_id
        turns = parse_transcript(self.scanner.redact(text))
        distilled = [i for i in self.distiller.distill(turns) if REDACTED not in i.content]
        items, left_out = keep_most_valuable(distilled, MAX_ITEMS, lambda i: not self.scanner.kinds(i.content))
        extra: dict[str, Any] = {"left_out": left_out} if left_out else {}  # set only when some were left out
        saved = deduped = 0
        kept: list[Any] = []
        learnings: list[tuple[str, str]] = []
        item_caller = Caller(caller.principal, surface)
        prepared: list[tuple[Any, NewEntry]] = []
        store: Store | None = None
        for item in items:
            try:
                store, entry = self._prepare(
                    item_caller,
                    item.content,
                    item.memory_type,
                    item.kind,
                    item.topic,
                    None,
                    None,
                    target and target.id,
                    None,
                )
            except InvalidArgumentError as exc:  # e.g. an over-long item; the rest of the session still counts
                logger.info("distilled item not saved: %s", exc.field)
                continue
            prepared.append((item, entry))
        results = self._store_all(store, [e for _, e in prepared]) if store is not None else []
        for (item, _), result in zip(prepared, results, strict=True):
            if (store_id, result.id) in learnings:
                continue
            learnings.append((store_id, result.id))
            kept.append(item)
            deduped, saved = deduped + result.deduped, saved + (not result.deduped)
        if not learnings:
            return SaveSessionResult(saved=0, deduped=0, total=0, **extra)
        digest = SessionDigest(
            id=new_id("ses"),
            label=session_label(kept),
            summary=session_summary(kept),
            source_surface=surface,
            created_at=self.clock(),
            learnings=tuple(learnings),
        )
        self._personal(caller.principal).store.put_session(digest)
        return SaveSessionResult(saved=saved, deduped=deduped, total=len(learnings), session_id=digest.id, **extra)

    def resume_session(
        self, caller: Caller, session_id: Any = None, limit: Any = 5, since: Any = None, source_surface: Any = None
    ) -> ResumeResult:
        """Recent session digests, or one session in full with its learnings that still exist.

        Raises:
            InvalidArgumentError: a bad argument, or a session_id that is unknown (or another user's).
        """
        personal = self._personal(caller.principal).store
        if session_id is not None:
            wanted = self._check_ref("session_id", session_id)
            digest = personal.get_session(wanted) if wanted else None
            if digest is None:
                raise InvalidArgumentError("session_id", "names none of your sessions (give a session_id it returned)")
            learnings = [
                Learning(id=e.id, text=e.content, memory_type=e.memory_type, kind=e.kind)
                for e in self._learnings(caller.principal, digest.learnings)
            ]
            return ResumeResult(
                session=SessionDetail(
                    session_id=digest.id,
                    label=digest.label,
                    summary=digest.summary,
                    source_surface=digest.source_surface,
                    ts=digest.created_at,
                    learnings=learnings,
                )
            )
        size = check_int("limit", limit, *RESUME_LIMIT_RANGE)
        if since is not None and (isinstance(since, bool) or not isinstance(since, int) or not 0 <= since < 2**63):
            given = since if isinstance(since, int) and not isinstance(since, bool) else type(since).__name__
            raise InvalidArgumentError(
                "since", f"must be a time in ms since the Unix epoch (integer from 0 to 2**63 - 1), got {given}"
            )
        surface = self._check_surface(source_surface)
        return ResumeResult(
            sessions=[
                SessionInfo(
                    session_id=d.id,
                    label=d.label,
                    summary=d.summary,
                    source_surface=d.source_surface,
                    ts=d.created_at,
                    learnings_count=len(self._learnings(caller.principal, d.learnings)),
                )
                for d in personal.sessions(size, since, surface)
            ]
        )

    def projects(self, caller: Caller) -> list[Project]:
        """The caller's projects, oldest first (for the CLI; projects are created by saving to a new slug)."""
        return self.registry.control.projects(caller.principal.user_id)

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
