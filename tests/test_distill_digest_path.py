"""The digest path (distill/digest_path.py, issue 16 point 1): a digest's items are kept one by one, as written."""

from __future__ import annotations

from pathlib import Path

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import DigestFirst, DistilledItem, OfflineDistiller, Turn, digest_items, parse_transcript

# short, cue-less statements: the offline rules drop most of them (fewer than 4 words, no fact cue)
ITEMS = [
    "Lena owns billing",
    "Staging runs Debian 12",
    "Karim approves every schema migration",
    "The ledger database is PostgreSQL 16",
    "Invoices are archived after 10 years",
]


def _contents(items: list[DistilledItem]) -> list[str]:
    return [i.content for i in items]


def test_every_line_of_a_digest_is_one_item_kept_as_written() -> None:
    for marker in ("- ", "* ", "• ", "・", "", "1. "):
        digest = "\n".join(f"{marker}{item}" for item in ITEMS)
        assert _contents(digest_items(digest)) == ITEMS, marker
    numbered = "\n".join(f"{n}) {item}" for n, item in enumerate(ITEMS, start=1))
    assert _contents(digest_items(numbered)) == ITEMS
    assert _contents(digest_items("（1）会議は毎週火曜の10時に始まる\n（2）議事録は佐藤さんが書く")) == [
        "会議は毎週火曜の10時に始まる",
        "議事録は佐藤さんが書く",
    ]


def test_headings_titles_small_talk_and_questions_are_not_items() -> None:
    digest = (
        "Weekly platform sync - notes\n"
        "\n"
        "## Decisions\n"
        "**Open items**\n"
        "Action items:\n"
        "- Thanks everyone for joining!\n"
        "- ok\n"
        "- Should we revisit the alerting budget?\n"
        "- We moved the status page to Atlassian Statuspage\n"
        "```\n- not an item: inside a code block\n```\n"
        "- Omar is on call next week"
    )
    assert _contents(digest_items(digest)) == [
        "We moved the status page to Atlassian Statuspage",
        "Omar is on call next week",
    ]
    compaction = (
        "This session is being continued from a previous conversation that ran out of context. "
        "The conversation is summarized below:\nSummary:\n1. Key facts:\n   - The API gateway is Envoy 1.31"
    )
    assert _contents(digest_items(compaction)) == ["The API gateway is Envoy 1.31"]
    assert digest_items("") == [] and digest_items("Summary:\n\n## Notes\n") == []
    records = '{"type": "user", "message": {"role": "user", "content": "hi"}}\n[1, 2]\n- Omar is on call next week'
    assert _contents(digest_items(records)) == ["Omar is on call next week"]  # JSON records are data, not items
    assert _contents(digest_items("{braces} are fine in a statement")) == ["{braces} are fine in a statement"]


def test_items_are_typed_by_the_shared_cues_or_by_their_label() -> None:
    typed = {
        i.content: (i.memory_type, i.kind)
        for i in digest_items(
            "- We switched from Jenkins to GitHub Actions\n"
            "- Never deploy on Fridays\n"
            "- Lena owns billing\n"
            "- Decision: the mobile app keeps its own design tokens\n"
            "- Rule: release branches are cut on Mondays\n"
            "- Preference: answers in German\n"
            "- Task: Ana renews the TLS certificate\n"
            "- 任务：李娜整理达人名单\n"
            "- Fact: Ops sits in Lisbon"
        )
    }
    assert typed == {
        "We switched from Jenkins to GitHub Actions": ("event", "decision"),
        "Never deploy on Fridays": ("instruction", "note"),
        "Lena owns billing": ("fact", "fact"),  # no cue at all: still an item, a fact
        "the mobile app keeps its own design tokens": ("event", "decision"),  # label stripped, text untouched
        "release branches are cut on Mondays": ("instruction", "note"),
        "answers in German": ("fact", "preference"),
        "Task: Ana renews the TLS certificate": ("task", "note"),  # a task keeps its label
        "任务：李娜整理达人名单": ("task", "note"),
        "Ops sits in Lisbon": ("fact", "fact"),
    }
    assert _contents(digest_items("Decision:")) == ["Decision:"][:0]  # a bare label is a lead-in, not an item


def test_repeated_items_are_kept_once_and_counted() -> None:
    items = digest_items("- Lena owns billing\n- Staging runs Debian 12\n- Lena owns billing")
    assert _contents(items) == ["Staging runs Debian 12", "Lena owns billing"]  # the restatement's place
    assert [i.mentions for i in items] == [1, 2]


def test_a_prose_paragraph_is_cut_into_self_contained_sentences() -> None:
    paragraph = (
        "The customer is Harbor Freight Labs and their admin is Noor Haddad. They are on the Team plan with "
        "25 seats and pay yearly by invoice. It renews on 1 March each year. Their support tickets go to "
        "the shared inbox ops@harbor.example and never to Noor directly. The SSO rollout is planned for Q3."
    )
    contents = _contents(digest_items(paragraph))
    assert contents == [  # "They are ..." and "It renews ..." join the sentence they depend on
        "The customer is Harbor Freight Labs and their admin is Noor Haddad. They are on the Team plan with 25 seats "
        "and pay yearly by invoice. It renews on 1 March each year.",
        "Their support tickets go to the shared inbox ops@harbor.example and never to Noor directly.",
        "The SSO rollout is planned for Q3.",
    ]
    assert len(digest_items(paragraph.replace(". ", ".\n"))) == 5  # one statement per line: never joined
    assert len(digest_items("- " + paragraph)) == 1  # a bulleted item is never cut
    assert _contents(digest_items("我们用 PostgreSQL 16。它部署在 db-3 上。")) == [
        "我们用 PostgreSQL 16。它部署在 db-3 上。"
    ]
    chatter = "Session summary: the user said hello and asked how I was. Small talk about the weekend. No decisions."
    assert digest_items(chatter) == []


class _Recorder:
    """A stand-in turns distiller: records what it is given, returns one item per user turn."""

    def __init__(self) -> None:
        self.calls: list[list[Turn]] = []

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        self.calls.append(turns)
        return [DistilledItem(t.text, "fact", "fact") for t in turns if t.role == "user"]


def test_digest_first_splits_digest_turns_from_the_rest() -> None:
    inner = _Recorder()
    distiller = DigestFirst(inner)
    turns = [
        Turn("digest", "- Lena owns billing\n- Staging runs Debian 12"),
        Turn("user", "We also moved CI to Buildkite"),
        Turn("assistant", "Noted."),
        Turn("user", "Lena owns billing"),  # repeats a digest item: kept once
    ]
    assert _contents(distiller.distill(turns)) == [
        "Lena owns billing",
        "Staging runs Debian 12",
        "We also moved CI to Buildkite",
    ]
    assert inner.calls == [turns[1:]]  # the digest is never handed to the turns distiller
    plain = [Turn("user", "We deploy with Argo CD"), Turn("assistant", "ok")]
    assert _contents(distiller.distill(plain)) == ["We deploy with Argo CD"] and inner.calls[-1] == plain
    inner.calls.clear()
    assert _contents(distiller.distill([Turn("digest", "- Lena owns billing")])) == ["Lena owns billing"]
    assert inner.calls == []  # a digest alone needs no turns distiller


def test_a_digest_sent_to_save_session_keeps_every_item(service: MemoryService, alice: Caller) -> None:
    digest = "\n".join(f"- {item}" for item in ITEMS) + "\n- Thanks!"
    assert [t.role for t in parse_transcript(digest)] == ["digest"]
    result = service.save_session(alice, digest)
    assert (result.saved, result.total) == (5, 5) and result.session_id
    store = service.registry.store(alice.principal.user_id)
    stored = [store.get(i.id) for i in service.list_context(alice, 50).items]
    assert sorted(e.content for e in stored if e is not None) == sorted(ITEMS)
    assert OfflineDistiller().distill(parse_transcript(digest)) != digest_items(digest)  # the offline rules differ


def test_a_digest_item_holding_a_secret_is_dropped_and_the_rest_kept(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    token = "ghp_Zx9Lm2Qr7Tn4Vb8Wc1Yd5Fg3Hj6Kp0Sa2Ue4"
    result = service.save_session(
        alice, f"- Lena owns billing\n- The deploy token is {token}\n- Staging runs Debian 12"
    )
    assert result.total == 2
    store = service.registry.store(alice.principal.user_id)
    contents = [e.content for e in (store.get(i.id) for i in service.list_context(alice, 50).items) if e]
    assert sorted(contents) == ["Lena owns billing", "Staging runs Debian 12"]
    assert token not in " ".join(contents)
