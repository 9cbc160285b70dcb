"""The memory rules (domain/rules.py) on plain values, against hand-computed expectations, and the ledger's
algorithms (domain/ledger.py) over an in-memory ``EntryWriter`` that keeps rows in a dict: the oracle the
backends' writers are held to by tests/contract/."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from contextlamp.domain import ledger
from contextlamp.domain.embedding import Vectors
from contextlamp.domain.freshness import same_attribute
from contextlamp.domain.models import Entry, NewEntry, stored_form
from contextlamp.domain.rules import (
    expiry_of,
    history_after_removal,
    is_live,
    resave,
    superseded_by_winner,
    trust_levels,
)
from contextlamp.text import content_key


def entry(i: str, topic: str | None = None, at: int = 0, by: str | None = None, **more: Any) -> Entry:
    base = stored_form(
        NewEntry(i, f"text {i}", content_key(f"text {i}"), "fact", "note", topic, (), "cli", at, None, (), by)
    )
    return replace(base, **more)


def test_a_save_supersedes_every_other_live_entry_of_its_topic_in_a_personal_store() -> None:
    winner = entry("w", "db")
    live = [entry("a", "db"), entry("b", "db"), winner, entry("c", "other")]
    assert superseded_by_winner(winner, live) == ["a", "b"]
    assert superseded_by_winner(entry("x"), live) == []  # no topic, no supersession


def test_a_team_learning_supersedes_only_its_own_contributors_entries_unless_it_settles_the_topic() -> None:
    winner = entry("w", "db", by="usr_a")
    live = [entry("mine", "db", by="usr_a"), entry("theirs", "db", by="usr_b")]
    assert superseded_by_winner(winner, live) == ["mine"]
    assert superseded_by_winner(winner, live, settle=True) == ["mine", "theirs"]


def test_trust_is_verified_when_corroborated_contested_between_contributors_else_unverified() -> None:
    a, b = entry("a", "db", by="usr_a"), entry("b", "db", by="usr_b")
    assert trust_levels([a], set()) == {"a": "unverified"}
    assert trust_levels([a, b], set()) == {"a": "contested", "b": "contested"}
    assert trust_levels([a, b], {"b"}) == {"a": "contested", "b": "verified"}
    assert trust_levels([entry("p", "db")], set()) == {}  # personal entries carry no trust


def test_removing_the_current_entry_revives_the_newest_it_replaced() -> None:
    head = entry("head", "db", at=30)
    older = [entry("v1", "db", at=10, superseded_by="head"), entry("v2", "db", at=20, superseded_by="head")]
    repair = history_after_removal(head, older)
    assert (repair.revive, repair.relink_to) == ("v2", "v2")


def test_removing_a_middle_link_points_what_it_replaced_at_its_successor() -> None:
    middle = entry("v2", "db", at=20, superseded_by="head")
    repair = history_after_removal(middle, [entry("v1", "db", at=10, superseded_by="v2")])
    assert (repair.revive, repair.relink_to) == (None, "head")
    assert history_after_removal(entry("alone"), []).revive is None


def test_a_resave_takes_topic_kind_type_merges_tags_and_follows_the_task_ttl() -> None:
    stored = entry("s", "old", tags=("a", "b"))
    new = NewEntry("n", "text s", stored.content_key, "task", "decision", "new", ("b", "c"), "cli", 5, 99)
    change = resave(stored, new)
    assert (change.topic, change.kind, change.memory_type, change.tags) == ("new", "decision", "task", ("a", "b", "c"))
    assert change.expires_at == 99 and not change.revive and change.changes(stored)
    as_fact = resave(replace(stored, memory_type="task", expires_at=50), replace(new, memory_type="fact"))
    assert as_fact.expires_at is None
    still_task = resave(replace(stored, memory_type="task", expires_at=50), new)
    assert still_task.expires_at == 50  # a task keeps its deadline while it stays one
    assert resave(replace(stored, superseded_by="x", superseded_at=1), new).revive


def test_expiry_and_liveness() -> None:
    assert expiry_of("task", 1000, 7) == 1007 and expiry_of("fact", 1000, 7) is None
    task = entry("t", expires_at=100)
    assert is_live(task, 99) and not is_live(task, 100)
    assert not is_live(entry("s", superseded_by="x"), 0)


class MemoryWriter:
    """An ``EntryWriter`` over a dict: the reference the backends' writers must match."""

    def __init__(self) -> None:
        self.rows: dict[str, Entry] = {}
        self.corroborations: dict[tuple[str, str], tuple[int, float]] = {}

    def lock_topic(self, topic: str | None) -> None:
        pass

    def get(self, entry_id: str) -> Entry | None:
        return self.rows.get(entry_id)

    def by_key(self, content_key: str) -> Entry | None:
        return next((e for e in self.rows.values() if e.content_key == content_key), None)

    def expired(self, now: int) -> list[Entry]:
        return [e for e in self.rows.values() if e.expires_at is not None and e.expires_at <= now]

    def live_on_topic(self, topic: str) -> list[Entry]:
        return [e for e in self.rows.values() if e.topic == topic and e.superseded_by is None]

    def replaced_by(self, entry_id: str) -> list[Entry]:
        return [e for e in self.rows.values() if e.superseded_by == entry_id]

    def by_contributor(self, user_id: str) -> list[Entry]:
        return [e for e in self.rows.values() if e.contributed_by == user_id]

    def corroborated(self, entry_ids: list[str]) -> set[str]:
        return {e for e, _ in self.corroborations if e in entry_ids}

    def insert(self, entry: Entry, vector: Vectors) -> bool:
        if self.by_key(entry.content_key) is not None:
            return False
        self.rows[entry.id] = entry
        return True

    def update(self, entry_id: str, **fields: Any) -> None:
        self.rows[entry_id] = replace(self.rows[entry_id], **fields)

    def supersede(self, entry_ids: list[str], winner: str, now: int) -> None:
        for i in entry_ids:
            self.update(i, superseded_by=winner, superseded_at=now)

    def relink(self, old: str, new: str) -> None:
        for e in self.replaced_by(old):
            self.update(e.id, superseded_by=new)

    def delete(self, entry: Entry) -> None:
        del self.rows[entry.id]
        self.corroborations = {k: v for k, v in self.corroborations.items() if k[0] != entry.id}

    def add_corroboration(self, entry_id: str, user_id: str, at: int, similarity: float) -> None:
        self.corroborations.setdefault((entry_id, user_id), (at, similarity))

    def drop_corroborations_by(self, user_id: str) -> None:
        self.corroborations = {k: v for k, v in self.corroborations.items() if k[1] != user_id}

    def replace_vector(self, entry_id: str, questions: list[str], vector: Vectors) -> None:
        self.update(entry_id, questions=tuple(questions))

    def record_use(self, ids: list[str], surface: str, now: int) -> None:
        for i in ids:
            if i in self.rows:
                e = self.rows[i]
                self.update(i, reuse_count=e.reuse_count + 1, last_used_surface=surface, last_used_at=now)


VECTOR = np.zeros((1, 4), dtype=np.float32)


def new(i: str, topic: str | None = None, at: int = 0, by: str | None = None, text: str | None = None) -> NewEntry:
    body = text or f"text {i}"
    return NewEntry(i, body, content_key(body), "fact", "note", topic, (), "cli", at, None, (), by)


def test_ledger_saves_dedupes_supersedes_and_revives() -> None:
    tx = MemoryWriter()
    assert ledger.put(tx, new("a", "db", 1), None, 1) is None  # unknown content without a vector: nothing
    assert ledger.put(tx, new("a", "db", 1), VECTOR, 1) is not None
    assert ledger.put(tx, new("b", "db", 2), VECTOR, 2) is not None
    assert tx.rows["a"].superseded_by == "b"
    again = ledger.put(tx, new("x", "db", 3, text="text a"), None, 3)  # the old content again, same topic
    assert again is not None and again.id == "a" and again.deduped
    assert tx.rows["a"].superseded_by is None and tx.rows["b"].superseded_by == "a"


def test_ledger_forget_of_the_head_revives_and_a_sweep_removes_expired_tasks() -> None:
    tx = MemoryWriter()
    for i, at in (("v1", 1), ("v2", 2), ("v3", 3)):
        ledger.put(tx, new(i, "db", at), VECTOR, at)
    assert ledger.forget(tx, "v3") and tx.rows["v2"].superseded_by is None
    assert tx.rows["v1"].superseded_by == "v2"
    assert not ledger.forget(tx, "v3")
    tx.insert(replace(stored_form(new("t", at=4)), memory_type="task", expires_at=10), VECTOR)
    assert ledger.sweep(tx, 9) == 0 and ledger.sweep(tx, 10) == 1 and "t" not in tx.rows


def test_ledger_team_learnings_contest_then_a_corroboration_settles_the_topic() -> None:
    tx = MemoryWriter()
    ledger.put(tx, new("a", "deploy", 1, by="usr_a"), VECTOR, 1)
    ledger.put(tx, new("b", "deploy", 2, by="usr_b"), VECTOR, 2)
    assert (tx.rows["a"].trust, tx.rows["b"].trust) == ("contested", "contested")
    assert not ledger.corroborate(tx, "a", "usr_a", 1.0, 3)  # its own contributor cannot verify it
    assert ledger.corroborate(tx, "a", "usr_c", 1.0, 3)
    assert tx.rows["a"].trust == "verified" and tx.rows["b"].superseded_by == "a"
    assert ledger.remove_contributions(tx, "usr_a") == 1
    assert tx.rows["b"].superseded_by is None and tx.rows["b"].trust == "unverified"


def test_a_name_one_of_several_statements_shares_with_a_change_is_no_shared_subject() -> None:
    # the newer names only a person the older's third statement names: the Redis and flag facts must stay live
    older = "The API dropped Redis since March. Bob documents feature flags after the outage. Ana tests with Go."
    assert not same_attribute("Ana moved to Terraform after the outage.", older)
    # one statement whose subject the newer names in another position still can be corrected
    assert same_attribute(
        "Marta no longer owns the billing exporter, Tomasz does.", "The billing exporter is owned by Marta."
    )
