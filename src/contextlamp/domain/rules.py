"""The memory rules, as pure functions over plain values: what a save supersedes, how history heals when an
entry goes, how trust moves, what a sweep removes. No I/O: ``domain/ledger.py`` runs them inside a store's
write transaction, and each backend only persists what they decide (spec/TOOLS.md save_context, forget_context,
"Teams and trust"). What a save without a topic updates (freshness, corrections) is ``domain/freshness.py``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from contextlamp.domain.models import Entry, NewEntry

STATABLE = frozenset({"topic", "kind", "memory_type", "tags"})  # the fields a re-save may state


def is_expired(entry: Entry, now: int) -> bool:
    """A task past its expiry at ``now`` (ms since the epoch): never returned, deleted on the store's next write."""
    return has_expired(entry.expires_at, now)


def has_expired(expires_at: int | None, now: int) -> bool:
    """Whether an expiry (``expiry_of``; None: never) has passed at ``now`` (ms since the epoch): at it, gone."""
    return expires_at is not None and expires_at <= now


def is_live(entry: Entry, now: int) -> bool:
    """Current (not superseded) and not expired at ``now``."""
    return entry.superseded_by is None and not is_expired(entry, now)


def expiry_of(memory_type: str, now: int, task_ttl_ms: int) -> int | None:
    """When an entry of ``memory_type`` saved at ``now`` expires: tasks after the TTL, nothing else ever."""
    return now + task_ttl_ms if memory_type == "task" else None


def superseded_by_winner(winner: Entry, live_on_topic: Iterable[Entry], settle: bool = False) -> list[str]:
    """Ids of the live entries of ``winner``'s topic that ``winner`` supersedes (none without a topic).

    Personal and project stores: every other live entry of the topic. Team stores (``winner.contributed_by``
    set): only the same contributor's own entries, so another member's different learning stays beside it,
    contested; with ``settle`` (a corroborated learning) every other learning of the topic.
    """
    if winner.topic is None:
        return []
    return [
        e.id
        for e in live_on_topic
        if e.id != winner.id
        and e.topic == winner.topic
        and (settle or winner.contributed_by is None or e.contributed_by == winner.contributed_by)
    ]


def trust_levels(live_on_topic: Sequence[Entry], corroborated: set[str]) -> dict[str, str]:
    """The trust of each live team learning of one topic: ``verified`` once corroborated, else ``contested``
    while learnings of more than one contributor are live on the topic, else ``unverified``. Entries without a
    contributor (personal and project stores) have no trust and are not in the result."""
    team = [e for e in live_on_topic if e.contributed_by is not None]
    contributors = {e.contributed_by for e in team}
    return {
        e.id: "verified" if e.id in corroborated else "contested" if len(contributors) > 1 else "unverified"
        for e in team
    }


@dataclass(frozen=True)
class HistoryRepair:
    """How a topic's history heals when ``removed`` goes: every entry it had replaced now points to
    ``relink_to``; ``revive`` (when set) becomes current again."""

    relink_to: str | None
    revive: str | None


def history_after_removal(removed: Entry, replaced: Sequence[Entry]) -> HistoryRepair:
    """The repair of the history around ``removed`` (``replaced``: the entries it had superseded).

    A middle link of the history (itself superseded): what it replaced is now replaced by its successor. The
    current entry: the newest entry it replaced becomes current, so a topic never vanishes with its head
    (spec/TOOLS.md forget_context), and the older ones point to that heir.
    """
    if removed.superseded_by is not None:
        return HistoryRepair(relink_to=removed.superseded_by, revive=None)
    if not replaced:
        return HistoryRepair(relink_to=None, revive=None)
    heir = max(replaced, key=lambda e: (e.created_at, e.id))
    return HistoryRepair(relink_to=heir.id, revive=heir.id)


@dataclass(frozen=True)
class Resave:
    """What re-saving known content changes on the stored entry (spec/TOOLS.md save_context, "Re-saving live
    content with a different topic, kind, memory_type or tags"): the new topic, kind and memory_type, the union
    of the tags (stored order first), the expiry that follows the type, and whether it becomes current again."""

    topic: str | None
    kind: str
    memory_type: str
    tags: tuple[str, ...]
    expires_at: int | None
    revive: bool

    def changes(self, stored: Entry) -> bool:
        """Whether applying it changes anything on ``stored``."""
        return self.revive or (self.topic, self.kind, self.memory_type, self.tags, self.expires_at) != (
            stored.topic,
            stored.kind,
            stored.memory_type,
            stored.tags,
            stored.expires_at,
        )

    def reframes(self, stored: Entry) -> bool:
        """Whether the topic, kind or memory_type change: the entry's likely questions and vector are then made
        again for them, as a fresh save would have them."""
        return (self.topic, self.kind, self.memory_type) != (stored.topic, stored.kind, stored.memory_type)


def resave(stored: Entry, new: NewEntry, stated: Collection[str] = STATABLE) -> Resave:
    """The re-save of ``stored`` by ``new`` (same dedupe key; spec/TOOLS.md save_context). The entry keeps its
    id and answers deduped; it takes the topic, kind and memory_type the caller stated (``stated``, a subset of
    ``STATABLE``; what it leaves out, and a stated topic of None, stays as stored) and merges ``new``'s tags
    (stored order first). A task keeps its expiry while it stays a task; an entry that becomes a task expires
    at ``new.expires_at``; one that stops being a task no longer expires. A superseded entry re-saved is current
    again. A team learning re-saved by another member than its contributor changes only that way (the caller
    records a corroboration)."""
    own = stored.contributed_by is None or stored.contributed_by == new.contributed_by
    topic = new.topic if own and "topic" in stated and new.topic is not None else stored.topic
    kind = new.kind if own and "kind" in stated else stored.kind
    memory_type = new.memory_type if own and "memory_type" in stated else stored.memory_type
    merged = stored.tags + tuple(t for t in new.tags if t not in stored.tags) if own else stored.tags
    if memory_type != "task":
        expires = None
    elif stored.memory_type == "task":
        expires = stored.expires_at
    else:
        expires = new.expires_at
    return Resave(
        topic=topic,
        kind=kind,
        memory_type=memory_type,
        tags=merged,
        expires_at=expires,
        revive=stored.superseded_by is not None,
    )
