"""Store contract: keyword and vector search, topics, recent and list_page (filters, ordering, ties, limits,
cursors), on every backend."""

from __future__ import annotations

import numpy as np
import pytest

from contextlamp.domain.ports import Store
from contextlamp.retrieval.query import content_terms
from tests.contract.conftest import DAY, T0, Maker


def _ids(hits: list[tuple[str, float]]) -> list[str]:
    return [entry_id for entry_id, _ in hits]


def test_keyword_and_needs_every_term_or_needs_one(make: Maker, store: Store) -> None:
    both = make.save("The staging database listens on port 5433.")
    one = make.save("The production database is replicated.")
    none = make.save("Lunch is at noon.")
    terms = content_terms("staging database")
    assert _ids(store.keyword_search(terms, "and", 10, make.now, None)) == [both.id]
    found = _ids(store.keyword_search(terms, "or", 10, make.now, None))
    assert set(found) == {both.id, one.id} and none.id not in found
    assert found[0] == both.id  # matching more terms ranks first


def test_keyword_ranks_are_ascending_best_first_and_limited(make: Maker, store: Store) -> None:
    for n in range(6):
        make.save(f"Note {n}: kafka " + "kafka " * n + "filler words here")
    hits = store.keyword_search(["kafka"], "or", 4, make.now, None)
    assert len(hits) == 4
    ranks = [rank for _, rank in hits]
    assert ranks == sorted(ranks)  # lower is better
    assert store.keyword_search(["kafka"], "or", 0, make.now, None) == []
    assert store.keyword_search([], "and", 10, make.now, None) == []


def test_keyword_search_skips_superseded_expired_and_other_types(make: Maker, store: Store) -> None:
    old = make.save("Redis caches sessions, version one.", topic="cache")
    new = make.save("Redis caches sessions, version two.", topic="cache")
    task = make.save("Upgrade Redis next week.", memory_type="task", expires_at=T0 + DAY)
    event = make.save("Redis went down on Monday.", memory_type="event")
    everything = set(_ids(store.keyword_search(["redis"], "or", 10, make.now, None)))
    assert everything == {new.id, task.id, event.id} and old.id not in everything
    assert _ids(store.keyword_search(["redis"], "or", 10, make.now, ["event"])) == [event.id]
    later = set(_ids(store.keyword_search(["redis"], "or", 10, T0 + DAY, None)))
    assert later == {new.id, event.id}


def test_keyword_filters_apply_before_the_limit(make: Maker, store: Store) -> None:
    wanted = make.save("Grafana dashboards live in the ops repo.", memory_type="instruction")
    for n in range(40):  # better matches of the wrong type fill any window the store looks at first
        make.save(f"grafana grafana grafana note {n}", memory_type="event")
    assert _ids(store.keyword_search(["grafana"], "or", 1, make.now, ["instruction"])) == [wanted.id]


def test_keyword_terms_are_data_not_query_syntax(make: Maker, store: Store) -> None:
    entry = make.save('Quote "this" OR that AND NOT (those*) near: col:umn')
    for terms in (['"'], ["OR"], ["NOT", "AND"], ["(those*)"], ["col:umn"], ["*"], ["'; DROP TABLE entries; --"]):
        store.keyword_search(terms, "and", 10, make.now, None)  # never raises
        store.keyword_search(terms, "or", 10, make.now, None)
    assert store.get(entry.id) is not None and store.count() == 1


def test_keyword_search_finds_spaceless_scripts_by_bigrams(make: Maker, store: Store) -> None:
    db = make.save("我们用PostgreSQL数据库存储用户数据")
    cat = make.save("猫が好きです")
    other = make.save("今天天气很好")
    assert _ids(store.keyword_search(content_terms("数据库"), "and", 10, make.now, None)) == [db.id]
    assert _ids(store.keyword_search(content_terms("postgresql"), "and", 10, make.now, None)) == [db.id]
    assert _ids(store.keyword_search(content_terms("猫"), "and", 10, make.now, None)) == [cat.id]  # one character
    assert _ids(store.keyword_search(content_terms("天气"), "and", 10, make.now, None)) == [other.id]
    assert store.keyword_search(content_terms("数学"), "and", 10, make.now, None) == []


def test_keyword_search_matches_topic_and_tags(make: Maker, store: Store) -> None:
    entry = make.save("Port 5433.", topic="staging", tags=("postgres",))
    assert _ids(store.keyword_search(["staging"], "and", 10, make.now, None)) == [entry.id]
    assert _ids(store.keyword_search(["postgres"], "and", 10, make.now, None)) == [entry.id]


def test_vector_search_orders_by_cosine_and_reports_it(make: Maker, store: Store) -> None:
    exact = make.save("blue green yellow")
    near = make.save("blue green purple orange")
    far = make.save("unrelated sentence entirely")
    query = make.vector(make.new("blue green yellow"))[0]
    hits = store.vector_search(query, 10, make.now, None)
    assert _ids(hits)[:2] == [exact.id, near.id] and set(_ids(hits)) == {exact.id, near.id, far.id}
    cosines = [c for _, c in hits]
    assert cosines == sorted(cosines, reverse=True)
    assert abs(cosines[0] - 1.0) < 1e-4
    stored = store.entry_vectors([near.id])[near.id][0]
    assert abs(cosines[1] - float(np.dot(query, stored))) < 1e-4
    assert _ids(store.vector_search(query, 1, make.now, None)) == [exact.id]
    assert store.vector_search(query, 0, make.now, None) == []


def test_vector_search_applies_filters_before_the_cut(make: Maker, store: Store) -> None:
    query = make.vector(make.new("alpha beta gamma"))[0]
    for n in range(30):  # the closest vectors are all of the wrong type, superseded, or expired
        make.save(f"alpha beta gamma {n}", memory_type="event")
    old = make.save("alpha beta gamma old", topic="t")
    make.save("zeta", topic="t")
    make.save("alpha beta gamma due", memory_type="task", expires_at=T0 + 50)
    wanted = make.save("alpha something else")
    assert _ids(store.vector_search(query, 1, T0 + 100, ["fact"])) == [wanted.id]
    assert old.id not in _ids(store.vector_search(query, 100, T0 + 100, None))


def test_vector_search_on_an_empty_store_is_empty(make: Maker, store: Store) -> None:
    assert store.vector_search(make.vector(make.new("x"))[0], 10, T0, None) == []


def test_topics_lists_each_live_topical_entry(make: Maker, store: Store) -> None:
    make.save("Old deploy rule.", topic="deploys")
    deploy = make.save("New deploy rule.", topic="deploys")
    event = make.save("We moved offices.", topic="office", memory_type="event")
    make.save("No topic here.")
    make.save("A task.", topic="todo", memory_type="task", expires_at=T0 + 10)
    got = sorted(store.topics(T0 + 10, None))
    assert got == sorted([("deploys", deploy.id, deploy.created_at), ("office", event.id, event.created_at)])
    assert store.topics(T0 + 10, ["event"]) == [("office", event.id, event.created_at)]
    assert ("todo", make.ids[-1], make.get(make.ids[-1]).created_at) in store.topics(T0 + 9, None)


def test_recent_is_newest_first_live_and_limited(make: Maker, store: Store) -> None:
    a = make.save("first", at=T0 + 1)
    b = make.save("second", at=T0 + 2, memory_type="event")
    make.save("third", at=T0 + 3, topic="x")
    d = make.save("fourth", at=T0 + 4, topic="x")  # supersedes the third
    make.save("fifth", at=T0 + 5, memory_type="task", expires_at=T0 + 6)
    assert store.recent(10, T0 + 6, None) == [d.id, b.id, a.id]
    assert store.recent(2, T0 + 6, None) == [d.id, b.id]
    assert store.recent(10, T0 + 6, ["fact"]) == [d.id, a.id]


def test_list_page_walks_newest_first_with_ties_broken_by_id(make: Maker, store: Store) -> None:
    entries = [make.save(f"entry number {n}", at=T0 + n // 3) for n in range(9)]  # three share each time
    expected = sorted(entries, key=lambda e: (e.created_at, e.id), reverse=True)
    seen: list[str] = []
    before: tuple[int, str] | None = None
    while page := store.list_page(2, before, T0 + 10, None, False):
        assert len(page) <= 2
        seen += [e.id for e in page]
        before = (page[-1].created_at, page[-1].id)
    assert seen == [e.id for e in expected]
    cut = expected[4]
    assert [e.id for e in store.list_page(100, (cut.created_at, cut.id), T0 + 10, None, False)] == [
        e.id for e in expected[5:]
    ]


def test_list_page_filters_superseded_expired_and_types(make: Maker, store: Store) -> None:
    old = make.save("old", topic="t")
    new = make.save("new", topic="t")
    event = make.save("an event", memory_type="event")
    task = make.save("a task", memory_type="task", expires_at=T0 + 50)
    now = T0 + 10
    assert [e.id for e in store.list_page(10, None, now, None, False)] == [task.id, event.id, new.id]
    assert [e.id for e in store.list_page(10, None, now, None, True)] == [task.id, event.id, new.id, old.id]
    assert [e.id for e in store.list_page(10, None, now, ["event", "task"], True)] == [task.id, event.id]
    assert [e.id for e in store.list_page(10, None, T0 + 50, None, True)] == [event.id, new.id, old.id]
    page = store.list_page(10, None, now, None, True)
    assert page[-1] == make.get(old.id)  # whole entries, as get returns them


MINUTE = 60_000


def test_time_neighbours_are_the_live_entries_saved_just_before_and_after(make: Maker, store: Store) -> None:
    first = make.save("What did you paint last week?", at=T0)
    gone = make.save("A sunset, version one.", at=T0 + MINUTE, topic="painting")
    answer = make.save("A sunset over the lake.", at=T0 + 2 * MINUTE, topic="painting")  # supersedes `gone`
    other_tool = make.save("Deploy notes from another tool.", at=T0 + 3 * MINUTE, surface="hook")
    task = make.save("Frame the painting.", at=T0 + 4 * MINUTE, memory_type="task", expires_at=T0 + 5 * MINUTE)
    last = make.save("It took me two days.", at=T0 + 5 * MINUTE)
    later = make.save("A note from the next day.", at=T0 + DAY)
    found = store.time_neighbours([first.id, answer.id, last.id, later.id], 30 * MINUTE, T0 + DAY, None, 1)
    assert found[first.id] == [answer.id]  # the superseded entry is skipped, nothing before the first
    assert found[answer.id] == [first.id, last.id]  # other surfaces and expired tasks are skipped
    assert found[last.id] == [answer.id]  # the next day is outside the window
    assert found[later.id] == []
    assert store.time_neighbours([answer.id], 30 * MINUTE, T0 + DAY, ["task"], 1) == {answer.id: []}
    assert store.time_neighbours([answer.id], MINUTE, T0 + DAY, None, 1) == {answer.id: []}  # 2 and 3 minutes away
    assert other_tool.id not in found and task.id not in found and gone.id not in found
    assert make.get(gone.id).superseded_by == answer.id
    assert store.time_neighbours(["ctx-missing"], MINUTE, T0, None, 1) == {}
    assert store.time_neighbours([], MINUTE, T0, None, 1) == {}


def test_chars_and_times_of_found_entries_only(make: Maker, store: Store) -> None:
    short, long = make.save("short turn"), make.save("ü " * 350)  # 700 characters, 1,050 bytes of UTF-8
    found = store.chars_and_times([short.id, long.id, "missing"])
    assert found == {short.id: (10, short.created_at), long.id: (len(long.content), long.created_at)}
    assert len(long.content) >= 699 and store.chars_and_times([]) == {}


def test_time_neighbours_break_equal_times_by_id(make: Maker, store: Store) -> None:
    same = sorted((make.save(f"turn number {n}", at=T0) for n in range(3)), key=lambda e: e.id)
    found = store.time_neighbours([same[1].id], MINUTE, T0, None, 1)
    assert found == {same[1].id: [same[0].id, same[2].id]}


def test_time_neighbours_within_the_radius_nearest_first(make: Maker, store: Store) -> None:
    before = [make.save(f"Earlier turn {n} of the talk.", at=T0 + n * MINUTE) for n in range(3)]
    hidden = make.save("A turn from another tool.", at=T0 + 3 * MINUTE, surface="hook")
    gone = make.save("A task already done.", at=T0 + 4 * MINUTE, memory_type="task", expires_at=T0 + 5 * MINUTE)
    anchor = make.save("The turn that matched the question.", at=T0 + 5 * MINUTE)
    after = [make.save(f"Later turn {n} of the talk.", at=T0 + (6 + n) * MINUTE) for n in range(3)]
    far = make.save("A note from the next day.", at=T0 + DAY)
    now = T0 + 2 * DAY
    found = store.time_neighbours([anchor.id], 30 * MINUTE, now, None, 2)
    # the previous ones nearest first, then the next ones nearest first; other tools and expired entries skipped
    assert found == {anchor.id: [before[2].id, before[1].id, after[0].id, after[1].id]}
    assert store.time_neighbours([anchor.id], 30 * MINUTE, now, None, 1) == {anchor.id: [before[2].id, after[0].id]}
    found = store.time_neighbours([anchor.id, after[2].id], 30 * MINUTE, now, None, 10)
    assert found[anchor.id] == [*(b.id for b in reversed(before)), *(a.id for a in after)]  # all there are
    assert found[after[2].id] == [after[1].id, after[0].id, anchor.id, *(b.id for b in reversed(before))]
    # the window bounds each side, the radius counts only what is inside it
    assert store.time_neighbours([anchor.id], 4 * MINUTE, now, None, 3) == {
        anchor.id: [before[2].id, before[1].id, after[0].id, after[1].id, after[2].id]
    }
    assert store.time_neighbours([anchor.id], 2 * MINUTE, now, None, 3) == {anchor.id: [after[0].id, after[1].id]}
    assert store.time_neighbours([anchor.id], 30 * MINUTE, now, ["task"], 2) == {anchor.id: []}
    assert hidden.id not in found[anchor.id] and gone.id not in found[anchor.id] and far.id not in found[after[2].id]
    with pytest.raises(ValueError, match="radius"):
        store.time_neighbours([anchor.id], 30 * MINUTE, now, None, 0)


def test_time_neighbours_within_the_radius_break_equal_times_by_id(make: Maker, store: Store) -> None:
    same = sorted((make.save(f"turn number {n}", at=T0) for n in range(5)), key=lambda e: e.id)
    found = store.time_neighbours([same[2].id], MINUTE, T0, None, 2)
    assert found == {same[2].id: [same[1].id, same[0].id, same[3].id, same[4].id]}
