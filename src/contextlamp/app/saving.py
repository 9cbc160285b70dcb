"""save_context: argument checks (every length before any scan), secret refusal, dedupe and re-save,
likely questions and one embedding call per batch, team restatements. A collaborator of ``MemoryService``
(app/service.py); ``Sessions`` and the importer save through it too."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from contextlamp.app import writes
from contextlamp.app.freshness import may_update, supersede_corrected, supersede_updates
from contextlamp.app.indexing import Indexer
from contextlamp.app.scoping import Scope
from contextlamp.app.state import SAVE_CONTEXT, Caller
from contextlamp.app.validate import Arguments, check_choice
from contextlamp.domain.embedding import Embedder
from contextlamp.domain.folding import batch_vectors, chunk_vectors, embedding_texts
from contextlamp.domain.models import (
    KINDS,
    MEMORY_TYPES,
    Entry,
    Kind,
    MemoryType,
    NewEntry,
    PutOutcome,
    SaveResult,
)
from contextlamp.domain.rules import expiry_of, resave
from contextlamp.domain.trust import corroborates
from contextlamp.errors import InvalidArgumentError
from contextlamp.retrieval.questions import QuestionGenerator
from contextlamp.storage import Store
from contextlamp.text import content_key, new_id

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

RESTATEMENT_CANDIDATE_MARGIN = 0.1  # folded-cosine margin below the paraphrase threshold (see Saver._restated)


# how far a save time may be moved past the clock to keep a batch's order (Saver._entry_time): one ms an entry, so
# a batch of up to this many entries; a clock set back further than this is an earlier save time, taken as it is
BATCH_SLACK_MS = 1000


class Saver:
    """Saves validated memories into the store a caller may write.

    Args:
        scope: which stores a call may touch. arguments: the shared argument checks.
        embedder, questions: one embedding call per batch of new entries, their likely questions folded in.
        indexer: the write-behind indexer (app/indexing.py) of what only serves retrieval.
        clock: ms since the epoch.
        task_ttl_ms: a task's time to live (``rules.expiry_of``).
        team_paraphrase_threshold: the content cosine at which a team learning restates another's
            (``trust.corroborates``).
        auto_supersede_threshold: the cosine of an update without a topic (app/freshness.py).
        write_behind: index later chunks and likely questions behind the save (``_deferred``).
    """

    def __init__(
        self,
        scope: Scope,
        arguments: Arguments,
        embedder: Embedder,
        questions: QuestionGenerator,
        indexer: Indexer,
        clock: Callable[[], int],
        *,
        task_ttl_ms: int,
        team_paraphrase_threshold: float,
        auto_supersede_threshold: float,
        write_behind: bool,
        order_ties: bool = True,
    ) -> None:
        self.scope = scope
        self.arguments = arguments
        self.embedder = embedder
        self.questions = questions
        self.indexer = indexer
        self.clock = clock
        self.task_ttl_ms = task_ttl_ms
        self.team_paraphrase_threshold = team_paraphrase_threshold
        self.auto_supersede_threshold = auto_supersede_threshold
        self.write_behind = write_behind
        self.order_ties = order_ties  # False: every save time is the clock's (an import's stopped clock)
        self._stamped = 0  # the save time (ms) the last new entry got (``_entry_time``)
        self._stamp_lock = threading.Lock()

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
        store, entry = self.prepare(caller, content, memory_type, kind, topic, source_surface, tags, project, team)
        given = (("topic", topic), ("kind", kind), ("memory_type", memory_type), ("tags", tags))
        fused = self.fused(caller, store) if team is None else None
        stated = [frozenset(name for name, value in given if value is not None)]
        result = self.store_all(store, [entry], stated, fused)[0]
        where = self._chosen_scope(caller, project, team)
        return result.model_copy(update={"scope": where}) if where else result

    def fused(self, caller: Caller, store: Store) -> Store | None:
        """The caller's personal store when ``store`` is one of their projects' (whose reads fuse it, docs/routing.md:
        a correction saved there retires the personal memory it corrects too), else None."""
        personal = self.scope.personal(caller.principal).store
        return personal if personal.store_id != store.store_id else None

    def retire_personal(self, caller: Caller, content: str, winner_id: str, project: Any) -> str | None:
        """The rule of corrections across fused stores (docs/routing.md): the caller's live personal memory whose
        content is exactly ``content`` is superseded by ``winner_id``, a live entry of the caller's ``project``
        (whose reads fuse the personal store) that corrects it; history kept. Deciding that it corrects it is the
        caller's (the capture path's ``hooks/judge.corrected``: never a weak match). Returns the id retired, None
        when there is no such live memory or ``winner_id`` is no live entry of that project.

        Raises:
            InvalidArgumentError: ``project`` names none of the caller's projects.
        """
        target = self.scope.project(caller.principal, project, create=False)
        if target is None:
            return None
        winner = self.scope.scoped(target).store.get(winner_id)
        if winner is None or winner.superseded_by is not None:
            return None
        store = self.scope.personal(caller.principal).store
        found = store.find_by_key(content_key(content))
        if found is None or not writes.supersede_from_elsewhere(store, found.id, winner_id, self.clock()):
            return None
        return found.id

    def retire_retracted(self, caller: Caller, value: str, project: Any) -> list[str]:
        """A split correction (issue #27.2): a retraction took ``value`` back ("forget the 40 MB figure", "the
        /srv/old path is dead") and the new value was said in another turn or session. Each live memory of the
        caller's ``project`` (None: personal) and of the personal store its reads fuse that holds ``value`` is
        superseded by the one live memory of those stores, saved after it, that gives its attribute another value
        (``corrections.replacement_for``); history kept. Returns the ids retired.

        Raises:
            InvalidArgumentError: ``project`` names none of the caller's projects.
        """
        from contextlamp.domain.corrections import replacement_for
        from contextlamp.retrieval.query import query_terms

        target = self.scope.project(caller.principal, project, create=False) if project is not None else None
        personal = self.scope.personal(caller.principal).store
        stores = [self.scope.scoped(target).store, personal] if target is not None else [personal]
        now = self.clock()
        terms = query_terms(value)
        if not terms:
            return []
        retired: list[str] = []
        for store in stores:
            holders = store.entries([i for i, _ in store.keyword_search(terms, "and", 10, now, None)]).values()
            for old in holders:
                if old.superseded_by is not None or old.contributed_by is not None:
                    continue
                words = query_terms(old.content.replace(value, " "))
                later = [
                    (where, entry)
                    for where in stores
                    for entry in where.entries(
                        [i for i, _ in where.keyword_search(words, "or", 10, now, None)]
                    ).values()
                    if entry.id != old.id and entry.superseded_by is None and entry.created_at >= old.created_at
                ]
                index = replacement_for(old.content, value, [e.content for _, e in later])
                if index is not None and writes.supersede_from_elsewhere(store, old.id, later[index][1].id, now):
                    retired.append(old.id)
        return retired

    def _chosen_scope(self, caller: Caller, project: Any, team: Any) -> str | None:
        """The scope label (``project:<id>``) of the store a save went to when the server chose it: a caller whose
        local server runs in a repository (``Caller.repository``) that named no project or team; else None."""
        if project is not None or team is not None or caller.repository is None:
            return None
        local = self.scope.repository_project(caller, create=False)
        return f"project:{local.id}" if local is not None else None

    def prepare(
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
        text = self.arguments.content(content)
        kind_value = cast(Kind, check_choice("kind", kind, KINDS)) if kind is not None else SAVE_CONTEXT.kind
        if memory_type is None:
            type_value: MemoryType = "event" if kind_value == "decision" else "fact"
        else:
            type_value = cast(MemoryType, check_choice("memory_type", memory_type, MEMORY_TYPES))
        topic_value = self.arguments.topic(topic)
        tag_values, tags_given = self.arguments.tags(tags)
        surface = self.arguments.surface(source_surface) or self.arguments.client_surface(caller)
        project_ref = self.arguments.ref("project", project) if project is not None else None
        team_ref = self.arguments.ref("team", team) if team is not None else None
        # every length is within its limit: only now the secret scans, each over a bounded value
        self.arguments.refuse_secrets(
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
            store = self.scope.registry.store(self.scope.team(caller.principal, team)[0].id)
            contributor = caller.principal.user_id
        else:
            target = self.scope.named_project(caller, project)
            if target is None:  # no project named: the repository's project of a local server, else personal
                target = self.scope.repository_project(caller, create=True)
            store = self.scope.scoped(target).store if target else self.scope.personal(caller.principal).store
        now = self._entry_time()
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
            expires_at=expiry_of(type_value, now, self.task_ttl_ms),
            contributed_by=contributor,
        )
        return store, entry

    def _entry_time(self) -> int:
        """A new entry's save time, ms since the epoch: the clock, but strictly after the time the entry prepared
        before it got. The entries of one batch (a session's statements, prepared in the order they were said)
        then keep that order wherever entries are ordered by save time (time neighbours, recency, listings),
        instead of tying within a millisecond and falling back on their random ids, which made a session's
        neighbours and so its rankings differ from one run to the next (#27, stop 42). Thread-safe; at most one
        ms a batch entry ahead of the clock. A clock set back by more than ``BATCH_SLACK_MS`` (an injected clock
        dating saves on an earlier day, a wall clock corrected) is taken as it is: only a tie, or a clock that has
        not caught up with the stamps of the batch before it, moves a save time; and none does without
        ``order_ties`` (an import keeps each record's own time, ``MemoryService.at``)."""
        if not self.order_ties:
            return self.clock()
        with self._stamp_lock:
            now = self.clock()
            if self._stamped - BATCH_SLACK_MS < now <= self._stamped:
                now = self._stamped + 1
            self._stamped = now
            return now

    def store_all(
        self,
        store: Store,
        entries: Sequence[NewEntry],
        stated: Sequence[frozenset[str]] = (),
        fused: Store | None = None,
    ) -> list[SaveResult]:
        """Store validated entries of one store, in order, with one embedding call for all the new ones:
        known content is re-saved (``_resave``: without paying for questions or embeddings unless its topic, kind
        or type changes); the rest get their likely questions and vectors (``(n_texts, dim)`` from one
        ``embed``); a team learning is first checked for being another member's restatement.

        Args:
            stated: per entry, which of ``topic``, ``kind``, ``memory_type`` and ``tags`` its caller gave (the
                rest are defaults); none for entries without one (a session's distilled items: a distiller's
                guess never changes what was saved).
            fused: the personal store a project ``store``'s reads fuse (``fused``): a new entry retires the
                memories it corrects there too (``freshness.supersede_corrected``).
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
            first: dict[str, tuple[str, Vectors]] = {}
            with self.indexer.saving():  # the background indexer embeds nothing while a save embeds
                self._store_fresh(store, fresh, stated, now, results, first, fused)
            if first:
                self.indexer.notify(store, first)
        return [results[i] for i in range(len(entries))]

    def _store_fresh(
        self,
        store: Store,
        fresh: list[tuple[int, NewEntry]],
        stated: Sequence[frozenset[str]],
        now: int,
        results: dict[int, SaveResult],
        first: dict[str, tuple[str, Vectors]],
        fused: Store | None = None,
    ) -> None:
        """Embed and store the new entries of ``_store_all`` (one embedding call), filling ``results``; an entry
        stored with a provisional vector, its index pending (``_deferred``), is added to ``first``: its id -> the
        text embedded for it (its content, or a long entry's first chunk) and that text's ``(dim,)`` vector,
        which the indexer folds in without embedding the text again."""
        texts: list[str] = []
        layout: list[tuple[int, int]] = []
        deferred: list[bool] = []
        for _, e in fresh:  # every text each new entry needs now, of every entry, in one embedding call
            own_texts, shape = embedding_texts(e.content, e.questions)
            later = self._deferred(e, shape)
            deferred.append(later)
            if later:  # its content, or a long one's first chunk; the rest is the indexer's (app/indexing.py)
                texts.append(own_texts[0])
                layout.append((1, 0))
            else:
                texts += own_texts
                layout.append(shape)
        embedded = self.embedder.embed(texts)
        stored = batch_vectors(embedded, layout)  # per entry, one vector a chunk, its questions folded in
        row = 0
        for n, (i, entry) in enumerate(fresh):
            content_vector = embedded[row]  # the content (its first chunk when long), unfolded
            text = texts[row]
            row += sum(layout[n])
            own = stored[n]
            contributor = entry.contributed_by
            if contributor is not None and (
                restated := self._restated(store, entry.content, content_vector, own[0], contributor, now)
            ):
                results[i] = SaveResult(id=restated, deduped=True)
                continue
            outcome = writes.put(store, entry, own, now, stated[i] if i < len(stated) else (), deferred[n])
            assert outcome is not None
            if deferred[n] and not outcome.deduped:
                first[outcome.id] = (text, content_vector.copy())  # not a view of the whole batch
            results[i] = self._with_updates(store, entry, outcome, content_vector, own[0], now, fused)

    def _deferred(self, entry: NewEntry, shape: tuple[int, int]) -> bool:
        """Whether ``entry`` (of ``shape`` = (chunks, questions)) is saved with a provisional vector and indexed
        behind the save (``write_behind``): when it has more to embed than its content (later chunks, likely
        questions), and its save result does not depend on the folded vector. A team learning's restatement
        check and an update's supersession (app/freshness.py) search the folded vectors with margins measured
        on them, so those entries stay synchronous."""
        if not self.write_behind or shape == (1, 0) or entry.contributed_by is not None:
            return False
        return not may_update(entry, self.auto_supersede_threshold)

    def _with_updates(
        self,
        store: Store,
        entry: NewEntry,
        outcome: PutOutcome,
        content_vector: Any,
        stored_vector: Any,
        now: int,
        fused: Store | None = None,
    ) -> SaveResult:
        """The save result of a fresh entry, after superseding the older entries it updates or corrects, here
        and in ``fused`` (app/freshness.py; reported as (ext) ``superseded`` when there are any)."""
        if outcome.deduped:
            return SaveResult(id=outcome.id, deduped=True)
        threshold = self.auto_supersede_threshold
        superseded = supersede_updates(store, self.embedder, entry, content_vector, stored_vector, threshold, now)
        if threshold <= 1.0:  # the setting turns supersession without a topic off above 1, corrections too
            corrected = supersede_corrected(store, entry, outcome.id, content_vector, now, fused)
            superseded = [*superseded, *(i for i in corrected if i not in superseded)]
        if superseded:
            return SaveResult(id=outcome.id, deduped=False, superseded=superseded)
        return SaveResult(id=outcome.id, deduped=False)

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
        entry = replace(entry, expires_at=expiry_of("task", now, self.task_ttl_ms))  # if it becomes a task: from now
        change = resave(found, entry, stated)  # previewed to know whether to make questions and a vector
        restated = replace(entry, topic=change.topic, kind=change.kind, memory_type=change.memory_type)
        vectors = None
        if change.reframes(found):
            questions = tuple(self.questions.generate(found.content, change.topic, change.kind, change.memory_type))
            restated = replace(restated, questions=questions)
            vectors = self.entry_embedding([found.content, *questions])
        return writes.put(store, restated, vectors, now, stated, known=found)

    def entry_embedding(self, texts: list[str]) -> Vectors:
        """The stored vectors of one entry from its texts (content, then its likely questions): ``(chunks,
        dim)`` float32, one a chunk (segmenting.chunk_spans) with the questions folded in (domain/folding.py),
        in one embedding call. The re-embedding function of ``Store.check``.

        Raises:
            EmbeddingError: the embedder failed.
        """
        own, (chunks, _) = embedding_texts(texts[0], texts[1:])
        return chunk_vectors(self.embedder.embed(own), chunks)

    def _restated(
        self, store: Store, text: str, content_vector: Any, stored_vector: Any, contributor: str, now: int
    ) -> str | None:
        """The id of another member's live team learning that ``text`` restates (trust.corroborates), after
        recording the corroboration; None when there is none. Candidates come from the store's folded vectors
        (``stored_vector``, with a margin: restatements measured >= 0.889 folded where their contents were >=
        0.85, research/bench/data/team-paraphrases.json); the decision compares contents (``content_vector``) with one
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
