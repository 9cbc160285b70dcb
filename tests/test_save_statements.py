"""What one save costs the store (issue #31.5), counted with SQLite's trace callback: every transaction of a
save looks its content key up once at most (the dedupe lookup inside the write transaction; the read before it
decides whether the content needs embedding at all), and a save of new content sends a bounded number of
statements. Measured on the shipped path (write-behind: the save's transaction, then the indexer's)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from contextlamp.app.service import Caller, MemoryService
from contextlamp.storage import StoreRegistry

KEY_LOOKUP = re.compile(r"\bcontent_key\s*=", re.IGNORECASE)


@contextmanager
def traced(registry: StoreRegistry, store_id: str) -> Iterator[list[str]]:
    """The top-level SQL statements the store's connection runs in the block (SQLite's own nested statements,
    traced with a leading ``--``, left out)."""
    conn: sqlite3.Connection = registry.store(store_id)._conn  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue]
    sent: list[str] = []
    conn.set_trace_callback(lambda sql: sent.append(sql) if not sql.lstrip().startswith("--") else None)
    try:
        yield sent
    finally:
        conn.set_trace_callback(None)


def transactions(sent: list[str]) -> list[list[str]]:
    """The statements grouped by transaction (``BEGIN`` ... ``COMMIT``); statements outside one stand alone."""
    groups: list[list[str]] = []
    current: list[str] | None = None
    for sql in sent:
        word = sql.lstrip().split(None, 1)[0].upper()
        if word == "BEGIN":
            current = [sql]
        elif current is not None:
            current.append(sql)
            if word in ("COMMIT", "ROLLBACK"):
                groups.append(current)
                current = None
        else:
            groups.append([sql])
    return groups


def test_each_transaction_of_a_save_looks_its_content_key_up_once_at_most(
    service: MemoryService, alice: Caller
) -> None:
    service.save_context(alice, "We deploy on Fridays")  # the store exists, its schema is made
    cases = [
        ("The staging database is called atlas-staging", {"topic": "staging-db"}),
        ("We use pnpm for every package", {}),
        ("We use pnpm for every package", {}),  # a re-save of known content
        ("We use pnpm for every package", {"topic": "package-manager", "kind": "decision"}),  # re-framed
        ("Finish the release notes", {"memory_type": "task"}),
    ]
    for content, arguments in cases:
        with traced(service.registry, alice.principal.user_id) as sent:
            service.save_context(alice, content, **arguments)
        for group in transactions(sent):
            lookups = [sql for sql in group if KEY_LOOKUP.search(sql)]
            assert len(lookups) <= 1, (content, arguments, lookups)


def test_a_save_of_new_content_sends_a_bounded_number_of_statements(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "We deploy on Fridays")
    with traced(service.registry, alice.principal.user_id) as sent:
        service.save_context(alice, "We use pnpm for every package")
    lookups = [sql for sql in sent if KEY_LOOKUP.search(sql)]
    assert len(lookups) == 2, lookups  # the read deciding what to embed, and the dedupe inside the write
    # the save's transaction: BEGIN, the sweep's read, the key, the entry, its full-text row, its vectors, the
    # model check, the scrub mark, COMMIT (10 with the read before it; 12 before #31.5), then the indexer's
    save = next(group for group in transactions(sent) if any("INSERT INTO entries(" in sql for sql in group))
    assert len(save) <= 9, save
