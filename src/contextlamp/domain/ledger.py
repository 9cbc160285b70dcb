"""The write algorithms of a store, over the ``EntryWriter`` port: save (dedupe, revive, re-save, supersede,
retrust), remove (history repair, retrust), sweep expired tasks, corroborate a team learning.

Each function runs inside one write transaction that the caller opened (``Store.writer``), so the reads it
makes and the writes it decides are atomic across threads, processes and replicas. The decisions themselves
are the pure rules of ``domain/rules.py``; a backend only implements the ``EntryWriter`` primitives.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from contextlamp.domain.models import Entry, NewEntry, PutOutcome, stored_form
from contextlamp.domain.ports import EntryWriter
from contextlamp.domain.rules import (
    STATABLE,
    history_after_removal,
    is_expired,
    resave,
    superseded_by_winner,
    trust_levels,
)

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors


def put(
    tx: EntryWriter,
    new: NewEntry,
    vector: Vectors | None,
    now: int,
    stated: Collection[str] = STATABLE,
    known: Entry | None = None,
) -> PutOutcome | None:
    """Store ``new`` or re-save the entry already holding its content (spec/TOOLS.md save_context).

    Expired tasks are swept first. Known content keeps its id (``deduped``) and is re-saved as
    ``rules.resave`` decides from the fields the caller ``stated``: it becomes current again if it was
    superseded, and the topic's supersession and trust then apply. When the re-save changes its topic, kind or
    type to exactly ``new``'s, ``vector`` (``(chunks, dim)`` float32, made for ``new``'s content and questions)
    and ``new.questions`` replace its own. Unknown content: with ``vector`` it is inserted and supersedes its
    topic; without, nothing is written and None is returned, so known content costs no embedding.

    ``known``: the entry holding ``new``'s content as the caller read it before this transaction (None when
    it found none): its topic is locked with ``new``'s, in one order. The content key is looked up once,
    after the locks (authoritative: a concurrent writer may have moved, stored or removed it meanwhile).
    """
    for topic in sorted({t for t in (new.topic, known.topic if known else None) if t is not None}):
        tx.lock_topic(topic)  # one order for every writer: no deadlock between two re-saves moving topics
    sweep(tx, now)
    stored = tx.by_key(new.content_key)
    if stored is None:
        if vector is None:
            return None
        entry = stored_form(new)
        if tx.insert(entry, vector):
            _supersede(tx, entry, now)
            return PutOutcome(id=entry.id, deduped=False)
        stored = tx.by_key(new.content_key)  # a concurrent writer stored the same content first
        if stored is None:
            return None
    change = resave(stored, new, stated)
    if change.changes(stored):
        tx.lock_topic(stored.topic)  # moved by a concurrent re-save before the locks (no-op when held)
        tx.update(
            stored.id,
            topic=change.topic,
            kind=change.kind,
            memory_type=change.memory_type,
            tags=change.tags,
            expires_at=change.expires_at,
            superseded_by=None,
            superseded_at=None,
        )
        if (
            vector is not None
            and change.reframes(stored)
            and (change.topic, change.kind, change.memory_type) == (new.topic, new.kind, new.memory_type)
        ):
            tx.replace_vector(stored.id, new.questions, vector)
        current = tx.get(stored.id)
        assert current is not None
        _supersede(tx, current, now)
        if stored.topic != current.topic:
            _retrust(tx, stored.topic, stored.contributed_by)
    return PutOutcome(id=stored.id, deduped=True)


def record_use(tx: EntryWriter, ids: Sequence[str], surface: str, now: int) -> None:
    """Sweep expired tasks, then count one reuse of each entry from ``surface`` at ``now``."""
    sweep(tx, now)
    tx.record_use(ids, surface, now)


def remove(tx: EntryWriter, entry: Entry, lock: bool = True) -> None:
    """Delete ``entry`` completely (row, full-text row, vectors, its corroborations) and heal the history of
    its topic (``rules.history_after_removal``); the topic's team trust is recomputed. ``lock=False`` for the
    removals of a sweep or of a deleted user, which take no topic lock (the row locks serialise them), so
    a writer holding one topic's lock never waits for another's."""
    if lock:
        tx.lock_topic(entry.topic)
    replaced = tx.replaced_by(entry.id)
    tx.delete(entry)
    repair = history_after_removal(entry, replaced)
    if repair.relink_to is not None:
        tx.relink(entry.id, repair.relink_to)
    if repair.revive is not None:
        tx.update(repair.revive, superseded_by=None, superseded_at=None)
    _retrust(tx, entry.topic, entry.contributed_by)


def forget(tx: EntryWriter, entry_id: str) -> bool:
    """Remove the entry with this id; False when the store has no such entry."""
    entry = tx.get(entry_id)
    if entry is None:
        return False
    remove(tx, entry)
    return True


def sweep(tx: EntryWriter, now: int) -> int:
    """Delete every task expired at ``now`` (spec/TOOLS.md: "deleted from the store on its next write");
    returns how many."""
    expired = [e for e in tx.expired(now) if is_expired(e, now)]
    for entry in expired:
        remove(tx, entry, lock=False)
    return len(expired)


def remove_contributions(tx: EntryWriter, user_id: str) -> int:
    """Delete every team learning ``user_id`` contributed and every corroboration they gave; returns how many
    learnings went."""
    mine = tx.by_contributor(user_id)
    for entry in mine:
        remove(tx, entry, lock=False)
    tx.drop_corroborations_by(user_id)
    return len(mine)


def corroborate(tx: EntryWriter, entry_id: str, user_id: str, similarity: float, now: int) -> bool:
    """Record that ``user_id`` independently saved team learning ``entry_id`` (``similarity`` 1.0 for the same
    content, else the paraphrase's cosine): it becomes verified and, on a topic, current, settling the topic
    (every other learning of it is superseded). False, writing nothing, for an unknown id, an entry that is not
    a team learning, or its own contributor."""
    entry = tx.get(entry_id)
    if entry is None or entry.contributed_by is None or entry.contributed_by == user_id:
        return False
    tx.lock_topic(entry.topic)
    tx.add_corroboration(entry_id, user_id, now, similarity)
    tx.update(entry_id, trust="verified", superseded_by=None, superseded_at=None)
    current = tx.get(entry_id)
    assert current is not None
    if current.topic is not None:
        tx.supersede(superseded_by_winner(current, tx.live_on_topic(current.topic), settle=True), current.id, now)
        _retrust(tx, current.topic, current.contributed_by)
    return True


def supersede_updated(tx: EntryWriter, winner_id: str, older: Sequence[str], now: int) -> list[str]:
    """Mark the entries of ``older`` that are still live, without a topic and outside a team as superseded by
    ``winner_id`` (an update saved without a topic, ``freshness.is_update`` decided by the caller); history is kept
    as topic supersession keeps it (forgetting the winner revives the newest of them). Returns the ids
    superseded; none when the winner itself is gone or no longer live."""
    winner = tx.get(winner_id)
    if winner is None or winner.superseded_by is not None or winner.topic is not None:
        return []
    ids: list[str] = []
    for entry_id in older:
        entry = tx.get(entry_id)
        if (
            entry is not None
            and entry.id != winner_id
            and entry.superseded_by is None
            and entry.topic is None
            and entry.contributed_by is None
            and not is_expired(entry, now)
        ):
            ids.append(entry.id)
    if ids:
        tx.supersede(ids, winner_id, now)
    return ids


def supersede_from_elsewhere(tx: EntryWriter, older_id: str, winner_id: str, now: int) -> bool:
    """A correction saved in another store the same reads fuse (a repository's project over the personal store,
    docs/routing.md): the live entry ``older_id`` of this store, outside a team, marked superseded by
    ``winner_id``, which this transaction cannot see; history is kept (``list --all``). False when the entry is
    gone, no longer live, or a team learning (whose trust decides, not a correction)."""
    entry = tx.get(older_id)
    if entry is None or entry.superseded_by is not None or entry.contributed_by is not None:
        return False
    if is_expired(entry, now):
        return False
    tx.supersede([older_id], winner_id, now)
    return True


def supersede_edited(tx: EntryWriter, winner_id: str, edited_id: str, now: int) -> bool:
    """An edit (the dashboard's, app/curation.py): the live entry ``edited_id`` superseded by its new version
    ``winner_id`` (saved just before through ``put``), whatever their topics; history is kept as topic
    supersession keeps it (forgetting the winner revives it). False when either is gone, the winner is not live
    or ``edited_id`` is no longer live (topic supersession already replaced it)."""
    winner = tx.get(winner_id)
    edited = tx.get(edited_id)
    if winner is None or edited is None or winner_id == edited_id or winner.superseded_by is not None:
        return False
    if edited.superseded_by is not None or is_expired(edited, now):
        return False
    tx.supersede([edited_id], winner_id, now)
    return True


def relabel(tx: EntryWriter, entry_id: str, tags: tuple[str, ...], clear_topic: bool) -> bool:
    """Set an entry's tags to exactly ``tags`` (a re-save merges them) and clear its topic when asked (a
    re-save keeps a topic it is not given): the labels of the dashboard's edit of an unchanged text. False for
    an unknown id."""
    entry = tx.get(entry_id)
    if entry is None:
        return False
    fields: dict[str, object] = {}
    if entry.tags != tags:
        fields["tags"] = tags
    if clear_topic and entry.topic is not None:
        fields["topic"] = None
    if fields:
        tx.update(entry_id, **fields)
    return True


def _supersede(tx: EntryWriter, winner: Entry, now: int) -> None:
    if winner.topic is None:
        return
    tx.supersede(superseded_by_winner(winner, tx.live_on_topic(winner.topic)), winner.id, now)
    _retrust(tx, winner.topic, winner.contributed_by)


def _retrust(tx: EntryWriter, topic: str | None, contributor: str | None) -> None:
    """Recompute the trust of the topic's live team learnings (nothing for personal and project entries, or
    for learnings without a topic, whose trust only corroboration changes)."""
    if topic is None or contributor is None:
        return
    live = tx.live_on_topic(topic)
    levels = trust_levels(live, tx.corroborated([e.id for e in live]))
    for entry in live:
        level = levels.get(entry.id)
        if level is not None and level != entry.trust:
            tx.update(entry.id, trust=level)
