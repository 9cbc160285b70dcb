"""Store contract: session digests (put/get/list with since and surface, sessions_with, rewrite_session,
replace_session, all_sessions/restore_session), on every backend."""

from __future__ import annotations

from contextlamp.domain.models import SessionDigest
from contextlamp.domain.ports import Store
from tests.contract.conftest import T0


def _digest(n: int, at: int, surface: str = "cli", learnings: tuple[tuple[str, str], ...] = ()) -> SessionDigest:
    return SessionDigest(f"ses_{n:04d}", f"label {n}", f"summary of session {n}", surface, at, learnings)


def ids(found: list[SessionDigest]) -> list[str]:
    return [d.id for d in found]


def test_a_digest_is_read_back_as_it_was_stored(store: Store) -> None:
    digest = SessionDigest(
        "ses_a", "Fix the build ✓", "We fixed the 数据库 build.", "cursor", T0, (("usr_x", "ctx_2"), ("prj_y", "ctx_1"))
    )
    store.put_session(digest)
    assert store.get_session("ses_a") == digest  # learnings keep their order
    assert store.get_session("ses_missing") is None


def test_sessions_are_newest_first_with_since_surface_and_limit(store: Store) -> None:
    digests = [
        _digest(1, T0 + 10, "cli"),
        _digest(2, T0 + 20, "cursor"),
        _digest(3, T0 + 30, "cli"),
        _digest(4, T0 + 30, "cursor"),  # tie on time: the larger id first
        _digest(5, T0 + 40, "cli"),
    ]
    for digest in digests:
        store.put_session(digest)
    assert ids(store.sessions(10, None, None)) == ["ses_0005", "ses_0004", "ses_0003", "ses_0002", "ses_0001"]
    assert ids(store.sessions(2, None, None)) == ["ses_0005", "ses_0004"]
    assert ids(store.sessions(10, T0 + 30, None)) == ["ses_0005", "ses_0004", "ses_0003"]  # at or after since
    assert ids(store.sessions(10, None, "cursor")) == ["ses_0004", "ses_0002"]
    assert ids(store.sessions(10, T0 + 25, "cli")) == ["ses_0005", "ses_0003"]
    assert store.sessions(10, T0 + 41, None) == []
    assert store.all_sessions() == sorted(digests, key=lambda d: (d.created_at, d.id))


def test_sessions_with_finds_the_digests_listing_an_entry(store: Store) -> None:
    store.put_session(_digest(1, T0, learnings=(("usr_x", "ctx_a"), ("usr_x", "ctx_b"))))
    store.put_session(_digest(2, T0 + 1, learnings=(("prj_y", "ctx_b"),)))
    store.put_session(_digest(3, T0 + 2))
    assert sorted(d.id for d in store.sessions_with("ctx_b")) == ["ses_0001", "ses_0002"]
    assert [d.id for d in store.sessions_with("ctx_a")] == ["ses_0001"]
    assert store.sessions_with("ctx_none") == []


def test_rewrite_session_replaces_text_and_drops_one_learning(store: Store) -> None:
    store.put_session(_digest(1, T0, learnings=(("usr_x", "ctx_a"), ("usr_x", "ctx_b"), ("usr_x", "ctx_c"))))
    store.rewrite_session("ses_0001", "new label", "new summary", "ctx_b")
    got = store.get_session("ses_0001")
    assert got is not None
    assert (got.label, got.summary, got.learnings) == (
        "new label",
        "new summary",
        (("usr_x", "ctx_a"), ("usr_x", "ctx_c")),
    )
    assert store.sessions_with("ctx_b") == []


def test_replace_session_swaps_text_and_learnings_in_place(store: Store) -> None:
    store.put_session(_digest(1, T0, "cursor", learnings=(("usr_x", "ctx_a"), ("usr_x", "ctx_b"))))
    store.put_session(_digest(2, T0 + 5))
    grown = SessionDigest(
        "ses_0001",
        "grown label",
        "grown summary",
        "cursor",
        T0,
        (("usr_x", "ctx_b"), ("usr_x", "ctx_a"), ("prj_y", "ctx_c")),
    )
    store.replace_session(grown)
    assert store.get_session("ses_0001") == grown  # the new learnings, in their new order
    assert ids(store.sessions(10, None, None)) == ["ses_0002", "ses_0001"]  # one digest each, time kept
    assert [d.id for d in store.sessions_with("ctx_c")] == ["ses_0001"]
    store.replace_session(_digest(9, T0))  # no digest with that id: nothing happens
    assert store.get_session("ses_0009") is None


def test_restore_session_is_idempotent(store: Store) -> None:
    digest = _digest(1, T0, learnings=(("usr_x", "ctx_a"),))
    assert store.restore_session(digest)
    assert not store.restore_session(SessionDigest("ses_0001", "other", "other", "x", T0 + 5, ()))
    assert store.all_sessions() == [digest]
