"""Store contract: ``topics`` with prefixes (issue #31.5) returns exactly the live topical entries whose topic
starts with one of them, as the full list filtered would, on both backends: the fact-key signal reads only the
topics a query may name instead of every topic of every store."""

from __future__ import annotations

import random

from contextlamp.domain.ports import Store
from contextlamp.storage.shared.topics import prefix_ranges
from tests.contract.conftest import T0, Maker

WORDS = ["db", "database", "databases", "deploy", "deploys", "c", "c-plus", "node", "数据", "数据库", "猫", "zeta"]


def test_prefix_ranges_cover_each_prefix_once() -> None:
    assert prefix_ranges(["deploy", "de", "", "deploys", "zeta"]) == [
        ("de", "de\U0010ffff"),
        ("zeta", "zeta\U0010ffff"),
    ]
    assert prefix_ranges([]) == []


def test_topics_with_prefixes_are_the_full_list_filtered(make: Maker, store: Store) -> None:
    rng = random.Random(31)
    for n in range(60):
        topic = "-".join(rng.choice(WORDS) for _ in range(rng.choice([1, 1, 2, 3])))
        kind = rng.random()
        if kind < 0.2:
            make.save(f"A task {n}.", topic=topic, memory_type="task", expires_at=T0 + 30)
        elif kind < 0.4:
            make.save(f"An event {n}.", topic=topic, memory_type="event")
        else:
            make.save(f"A fact {n}.", topic=topic)
    make.save("No topic.")
    now = T0 + 40  # some tasks expired, some entries superseded by a newer one on their topic
    every = store.topics(now, None)
    for prefixes in (["db"], ["data"], ["deploy", "c"], ["数据"], ["猫", "zeta", "node"], ["none"], []):
        want = sorted(t for t in every if any(t[0].startswith(p) for p in prefixes))
        assert sorted(store.topics(now, None, prefixes)) == want, prefixes
    events = store.topics(now, ["event"])
    assert sorted(store.topics(now, ["event"], ["d"])) == sorted(t for t in events if t[0].startswith("d"))
