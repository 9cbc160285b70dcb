"""Curating memory by hand (issue #33.2-3, the dashboard's edit, move, bulk forget and review): each operation is
made of the tools' own calls on ``MemoryService`` (``save_context``, ``forget_context``, ``resume_session``), so an
edit or a move is deduped, superseded and refused for a secret exactly as a tool's save is; this module only
decides which calls to make and where (the caller's own stores), and links an edit to what it edited.

Where a memory may be (``Place``): the caller's personal store, each of their projects, each team they belong
to. Only a personal or project memory can be edited or moved (a team learning belongs to the team: it is
forgotten by its contributor or a team admin, ``forget_context``); anything else, and an id that is not the
caller's, is ``NotFoundError``, the same answer as an unknown id.

- **Edit** (``edit``): a new text is saved with ``save_context`` in the memory's own store, with the type, kind,
  topic and tags given, and the edited memory is superseded by it (``writes.supersede_edited``): its old text
  stays in history, as a topic's older value does, and forgetting the new version brings it back. A text that
  is already stored dedupes to that memory (which then replaces the edited one); a secret in any field is
  refused with nothing changed. An unchanged text is a re-save (``save_context``: same id, the new type, kind
  and topic) whose tags are then set to exactly those given and whose topic is cleared when the form clears it
  (a re-save merges tags and keeps a topic it is not given).
- **Move** (``move``): the memory's current text is saved to the target store with ``save_context`` (its type,
  kind, topic, tags and surface; the target's dedupe and supersession apply) and then forgotten in its old store
  with its earlier versions (``forget_context``): a move is not a copy, and nothing it leaves behind can come
  back as current.
- **Bulk forget** (``preview_many`` / ``forget_many``): ``forget_context`` per id, at most ``BULK_MAX`` at once.
- **Review** (``review``): what was saved without the user typing it, since a time: each session digest
  (``save_session`` of the hooks, the agent's digests and chat imports) with its learnings that still exist,
  then the memories imported one by one (``source_surface`` an import format, ``contextlamp import``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from contextlamp.app import writes
from contextlamp.app.service import MemoryService
from contextlamp.app.state import Caller, normalise_surface
from contextlamp.domain.models import Entry, ForgetPreview, SaveResult
from contextlamp.domain.ports import Store
from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.text import collapse_ws, is_id

BULK_MAX = 100  # memories one bulk forget (or move) handles: a page of the memories list is 50
REVIEW_SESSIONS = 50  # session digests one review page shows at most (resume_session's largest page)
REVIEW_SCAN = 2000  # newest entries of each store read to find the imported ones since the chosen time
LIST_BATCH = 200  # entries read per store call


@dataclass(frozen=True)
class Place:
    """A store the caller may see: ``scope`` in the packs' form (``personal``, ``project:<id>``, ``team:<id>``),
    ``store_id`` (the user's id, a project's or a team's), ``label`` for people (``Personal``, the slug)."""

    scope: str
    store_id: str
    label: str

    @property
    def kind(self) -> str:
        """``personal``, ``project`` or ``team``."""
        return self.scope.split(":", 1)[0]

    @property
    def badge(self) -> str:
        """How a page names it in a badge: ``Personal``, ``project · <slug>``, ``team · <slug>``."""
        return self.label if self.kind == "personal" else f"{self.kind} · {self.label}"


@dataclass(frozen=True)
class Located:
    """One of the caller's personal or project memories, with its store and place."""

    store: Store
    entry: Entry
    place: Place


@dataclass(frozen=True)
class ReviewItem:
    """A memory in the review, with the place it is stored in."""

    entry: Entry
    place: Place


@dataclass(frozen=True)
class ReviewGroup:
    """One group of the review: a session digest (``session_id`` set) or the memories imported from one format
    (``session_id`` None); ``ts`` is the digest's time or the newest import's (ms)."""

    session_id: str | None
    label: str
    source_surface: str
    ts: int
    items: list[ReviewItem]


class Curation:
    """The hand curation of one server's memory (module docstring), over its ``MemoryService``.

    Args:
        service: the memory service every change goes through.
    """

    def __init__(self, service: MemoryService) -> None:
        self.service = service

    # -- where -----------------------------------------------------------------------------------------------

    def places(self, caller: Caller) -> list[Place]:
        """The caller's stores: personal, their projects (oldest first), the teams they belong to."""
        control = self.service.registry.control
        user_id = caller.principal.user_id
        found = [Place("personal", user_id, "Personal")]
        found += [Place(f"project:{p.id}", p.id, p.slug) for p in control.projects(user_id)]
        found += [Place(f"team:{t.id}", t.id, t.slug) for t, _role in control.memberships(user_id)]
        return found

    def locate(self, caller: Caller, entry_id: str) -> Located:
        """The caller's personal or project memory ``entry_id`` (current or an earlier version).

        Raises:
            NotFoundError: not an id, unknown, an expired task, a team learning, or not the caller's.
        """
        if not is_id(entry_id, "ctx"):
            raise NotFoundError("No memory with that id among yours.")
        now = self.service.clock()
        for place in self.places(caller):
            if place.kind == "team":
                continue
            store = self.service.registry.store(place.store_id)
            entry = store.get(entry_id)
            if entry is not None and (entry.expires_at is None or entry.expires_at > now):
                return Located(store, entry, place)
        raise NotFoundError(f"No memory {entry_id} among yours.")

    # -- edit ------------------------------------------------------------------------------------------------

    def edit(
        self,
        caller: Caller,
        entry_id: str,
        content: str,
        memory_type: str,
        kind: str,
        topic: str,
        tags: Sequence[str],
    ) -> SaveResult:
        """Edit one of the caller's current memories (module docstring); returns the save's result: the id of
        the memory now holding the text (the edited id when the text is unchanged).

        Raises:
            NotFoundError: not one of the caller's personal or project memories.
            InvalidArgumentError: a bad field, or the memory is an earlier version (edit the current one).
            SecretDetectedError: a secret in any field (nothing changed).
        """
        found = self.locate(caller, entry_id)
        if found.entry.superseded_by is not None:
            raise InvalidArgumentError("id", f"{entry_id} is an earlier version; edit the memory that replaced it")
        project = found.place.store_id if found.place.kind == "project" else None
        given_topic = topic.strip() or None
        result = self.service.save_context(
            caller, content, memory_type, kind, given_topic, tags=list(tags), project=project
        )
        now = self.service.clock()
        if result.id == entry_id:  # the same text: a re-save; its labels are the form's, exactly
            saved = found.store.get(entry_id)
            wanted = tuple(dict.fromkeys(collapse_ws(t).lower() for t in tags))  # as save_context stores them
            if saved is not None and (saved.tags != wanted or (given_topic is None and saved.topic is not None)):
                writes.relabel(found.store, entry_id, wanted, given_topic is None)
            return result
        writes.supersede_edited(found.store, result.id, entry_id, now)
        return result

    # -- move ------------------------------------------------------------------------------------------------

    def move(self, caller: Caller, entry_id: str, target: str) -> SaveResult:
        """Move one of the caller's current personal or project memories to ``target`` (a ``Place.scope`` of
        theirs other than its own): saved there, then forgotten here with its earlier versions.

        Raises:
            NotFoundError: not one of the caller's personal or project memories.
            InvalidArgumentError: ``target`` is not one of the caller's places, or is where the memory is, or the
                memory is an earlier version; a field the target refuses (nothing moved).
        """
        found = self.locate(caller, entry_id)
        entry = found.entry
        if entry.superseded_by is not None:
            raise InvalidArgumentError("id", f"{entry_id} is an earlier version; move the memory that replaced it")
        places = {p.scope: p for p in self.places(caller)}
        to = places.get(target)
        if to is None:
            allowed = ", ".join(places)
            raise InvalidArgumentError("target", f"is not one of your stores; allowed values: {allowed}")
        if to.scope == found.place.scope:
            raise InvalidArgumentError("target", "is where the memory already is")
        result = self.service.save_context(
            caller,
            entry.content,
            entry.memory_type,
            entry.kind,
            entry.topic,
            source_surface=entry.source_surface,
            tags=list(entry.tags) or None,
            project=to.store_id if to.kind == "project" else None,
            team=to.store_id if to.kind == "team" else None,
        )
        older = [e.id for e in self.service.entry_history(caller, entry_id)]
        for gone in [entry_id, *older]:  # the current one first: each forget revives the next, forgotten next
            self.service.forget_context(caller, gone, confirm=True)
        return result

    def mark_replaced(self, caller: Caller, newer_id: str, older_id: str) -> bool:
        """Make the caller's memory ``older_id`` an earlier version of ``newer_id`` (same store): it leaves
        search and lists, stays in history, and comes back if the newer one is forgotten (the health view's fix
        of a stale memory or a duplicate). False when either is no longer current.

        Raises:
            NotFoundError: either is not one of the caller's personal or project memories.
            InvalidArgumentError: they are in different stores, or the same memory.
        """
        newer = self.locate(caller, newer_id)
        older = self.locate(caller, older_id)
        if newer.place.scope != older.place.scope or newer_id == older_id:
            raise InvalidArgumentError("ids", "must name two different memories of the same store")
        return writes.supersede_edited(older.store, newer_id, older_id, self.service.clock())

    # -- bulk forget -----------------------------------------------------------------------------------------

    def preview_many(self, caller: Caller, ids: Sequence[str]) -> list[ForgetPreview]:
        """What ``forget_many(ids)`` would forget: ``forget_context(confirm=False)`` of each id, in order; ids
        that are unknown or not the caller's (another member's team learning included) are left out.

        Raises:
            InvalidArgumentError: more than ``BULK_MAX`` ids.
        """
        previews: list[ForgetPreview] = []
        for entry_id in checked_ids(ids):
            try:
                answer = self.service.forget_context(caller, entry_id, confirm=False)
            except InvalidArgumentError:  # another member's team learning: not the caller's to forget
                continue
            if answer.preview is not None:
                previews.append(answer.preview)
        return previews

    def forget_many(self, caller: Caller, ids: Sequence[str]) -> list[str]:
        """Forget each of ``ids`` (``forget_context``); returns the ids forgotten (unknown and foreign ids, and
        team learnings the caller may not forget, are skipped).

        Raises:
            InvalidArgumentError: more than ``BULK_MAX`` ids.
        """
        gone: list[str] = []
        for entry_id in checked_ids(ids):
            try:
                if self.service.forget_context(caller, entry_id, confirm=True).forgotten:
                    gone.append(entry_id)
            except InvalidArgumentError:  # another member's team learning: left as it is
                continue
        return gone

    # -- review ----------------------------------------------------------------------------------------------

    def review(self, caller: Caller, since: int, import_surfaces: Iterable[str]) -> list[ReviewGroup]:
        """What was saved automatically at or after ``since`` (ms), newest group first: each session digest with
        its learnings that still exist, then per import format the memories imported one by one.

        Args:
            import_surfaces: the import formats' names (``importers.format_names()``), normalised here.
        """
        places = self.places(caller)
        by_store = {p.store_id: p for p in places if p.kind != "team"}
        personal = self.service.registry.store(caller.principal.user_id)
        groups: list[ReviewGroup] = []
        in_sessions: set[str] = set()
        now = self.service.clock()
        for digest in personal.sessions(REVIEW_SESSIONS, since, None):
            items: list[ReviewItem] = []
            wanted: dict[str, list[str]] = {}
            for store_id, entry_id in digest.learnings:
                if store_id in by_store:
                    wanted.setdefault(store_id, []).append(entry_id)
            found: dict[str, ReviewItem] = {}
            for store_id, ids in wanted.items():
                for entry in self.service.registry.store(store_id).entries(ids).values():
                    if entry.expires_at is None or entry.expires_at > now:
                        found[entry.id] = ReviewItem(entry, by_store[store_id])
            for _store_id, entry_id in digest.learnings:
                if entry_id in found and entry_id not in in_sessions:
                    items.append(found[entry_id])
                    in_sessions.add(entry_id)
            groups.append(ReviewGroup(digest.id, digest.label, digest.source_surface, digest.created_at, items))
        surfaces = {normalise_surface(name) for name in import_surfaces}
        imported: dict[str, list[ReviewItem]] = {}
        for place in by_store.values():
            for entry in _since(self.service.registry.store(place.store_id), since, now):
                if entry.source_surface in surfaces and entry.id not in in_sessions:
                    imported.setdefault(entry.source_surface, []).append(ReviewItem(entry, place))
        for surface, items in imported.items():
            items.sort(key=lambda i: (-i.entry.created_at, i.entry.id))
            label = f"Imported from {surface}"
            groups.append(ReviewGroup(None, label, surface, items[0].entry.created_at, items))
        groups.sort(key=lambda g: -g.ts)
        return groups


def checked_ids(ids: Sequence[str]) -> list[str]:
    """The distinct ids of a bulk request, in order.

    Raises:
        InvalidArgumentError: more than ``BULK_MAX`` of them.
    """
    distinct = list(dict.fromkeys(i for i in ids if i))
    if len(distinct) > BULK_MAX:
        raise InvalidArgumentError("ids", f"{len(distinct)} memories chosen; at most {BULK_MAX} at once")
    return distinct


def _since(store: Store, since: int, now: int) -> list[Entry]:
    """The store's entries (current and replaced) saved at or after ``since``, newest first, at most
    ``REVIEW_SCAN`` read."""
    found: list[Entry] = []
    before: tuple[int, str] | None = None
    while len(found) < REVIEW_SCAN:
        rows = store.list_page(LIST_BATCH, before, now, None, True)
        for entry in rows:
            if entry.created_at < since:
                return found
            found.append(entry)
        if len(rows) < LIST_BATCH:
            return found
        before = (rows[-1].created_at, rows[-1].id)
    return found
