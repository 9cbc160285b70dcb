"""research/bench/month_agent.py: a request covers every turn since the hook's checkpoint, so the bench's agent
answering it saves what a stop that moved no checkpoint (a deferred ask) left, and nothing the checkpoint already
passed (those turns are the offline capture's); a compaction or session end ends what the agent recalls."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import load_script

month = load_script("month.py", "bench_month")
agent_module = month.Agent.__module__
PORT = month.Attribute("port", ("the {c} listens on {v}",), ("the {c} is on {v} now",), "port of the {c}", ("9464",))


class FakeMonth:
    """The hook side of a month, scripted: each stop (``stop_hook_active`` false) either asks ("ask"), moves the
    checkpoint without asking ("move") or is past its deadline and writes nothing ("late"); the stop that follows an
    answered request always moves it, as the real hook does."""

    def __init__(self, root: Path, script: Sequence[str]) -> None:
        self.data, self.repo = root / "data", root / "repo"
        self.repo.mkdir(parents=True)
        self.script = list(script)
        self.moves = 0

    def _move(self) -> None:
        folder = self.data / "hooks" / "digest"
        folder.mkdir(parents=True, exist_ok=True)
        self.moves += 1
        (folder / "session.json").write_text(json.dumps({"turns": self.moves}), encoding="utf-8")

    def hook(self, client: str, event: str, stdin: dict[str, Any]) -> str:
        if stdin["stop_hook_active"]:
            self._move()
            return ""
        step = self.script.pop(0)
        if step == "late":
            return ""
        self._move()
        return (
            json.dumps({"decision": "block", "reason": "contextlamp: durable things were said"})
            if step == "ask"
            else ""
        )


def _play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, oracle: str, script: Sequence[str], turns: Sequence[Any]
) -> tuple[Any, list[str]]:
    """Play ``turns`` (``(user, facts)``, or "forget" for a compaction) through the bench's agent; the digests."""
    digests: list[str] = []

    def save(self: Any, client: str, digest: str) -> dict[str, Any]:
        digests.append(digest)
        return {"saved": digest.count("\n") + 1}

    monkeypatch.setattr(month.Agent, "_save", save)
    fake = FakeMonth(tmp_path, script)
    agent = month.Agent(fake, oracle, seed=3)
    path = tmp_path / "s.jsonl"
    writer = month.ClaudeFile(path, "sid", fake.repo, datetime(2026, 11, 2, tzinfo=UTC))
    agent.begin()
    for step in turns:
        if step == "forget":
            agent.forget()
            continue
        user, facts = step
        writer.user(user)
        writer.assistant("Noted.")
        agent.turn("claude-code", "sid", path, writer, user, "Noted.", facts)
    return agent, digests


@pytest.mark.parametrize("oracle", ["template", "paraphrase"])
def test_a_deferred_ask_saves_the_fact_its_late_stop_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, oracle: str
) -> None:
    gateway = month.Fact("webhook receiver", PORT, "9464")
    relay = month.Fact("mail relay", PORT, "2525")
    turns = [
        ("the webhook receiver listens on 9464", [(gateway, False)]),  # its stop is past its deadline
        ("the mail relay listens on 2525", [(relay, False)]),
    ]
    agent, digests = _play(tmp_path, monkeypatch, oracle, ["late", "ask"], turns)
    assert len(digests) == 1
    assert "9464" in digests[0] and "webhook" in digests[0].lower()  # the deferred turn's fact is saved too
    assert "2525" in digests[0]
    report = agent.stats.report(1)
    assert report["cue_recall"] == "2/2" and report["fact_pauses_asked_later"] == 1
    assert report["stops_that_kept_their_turns"] == 1 and report["false_asks"] == 0


def test_turns_the_checkpoint_passed_are_not_saved_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gateway = month.Fact("webhook receiver", PORT, "9464")
    turns = [("the webhook receiver listens on 9464", [(gateway, False)]), ("thanks, that's all", [])]
    agent, digests = _play(tmp_path, monkeypatch, "template", ["move", "ask"], turns)
    assert digests == []  # the checkpoint moved past the fact: nothing to save, a false ask
    report = agent.stats.report(1)
    assert report["cue_recall"] == "0/1" and report["false_asks"] == 1 and report["fact_pauses_asked_later"] == 0


def test_a_compaction_ends_what_the_agent_recalls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gateway = month.Fact("webhook receiver", PORT, "9464")
    turns = [("the webhook receiver listens on 9464", [(gateway, False)]), "forget", ("ok, next thing", [])]
    agent, digests = _play(tmp_path, monkeypatch, "template", ["late", "ask"], turns)
    assert digests == [] and agent.stats.false_asks == 1


def test_an_ask_at_its_own_stop_saves_its_turn_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gateway = month.Fact("webhook receiver", PORT, "9464")
    relay = month.Fact("mail relay", PORT, "2525")
    turns = [
        ("the webhook receiver listens on 9464", [(gateway, False)]),
        ("the mail relay listens on 2525", [(relay, False)]),
    ]
    agent, digests = _play(tmp_path, monkeypatch, "template", ["ask", "ask"], turns)
    assert len(digests) == 2 and "2525" not in digests[0] and "9464" not in digests[1]
    assert agent.stats.report(1)["fact_pauses_asked_later"] == 0
    assert agent_module  # the agent under test is the bench's
