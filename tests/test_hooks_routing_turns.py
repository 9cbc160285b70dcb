"""A session that moves between repositories (issue #27.3; breaker stop 40 finding 2): each statement is filed in
the project of the folder it was said in, not all of them in the folder the session ended in.

Through the real hook command lines (``contextlamp hook claude-code session-end``, ``contextlamp hook codex
notify``) with transcripts as the clients write them: Claude Code's ``cwd`` on every line, Codex's
``session_meta`` and ``turn_context`` records. The hook fires in the last folder.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from contextlamp.distill.native import parse_native
from contextlamp.hooks.routing import source_turn
from tests.test_hooks import Scratch, saves_logged, wait_for

FIRST = "The payroll export runs at 02:15 every night from the reporting replica."
SECOND = "The billing portal is deployed with Netlify from the main branch."
PERSONAL = "I prefer dark terminal themes with a large monospace font when pairing."


@pytest.fixture
def scratch(tmp_path: Path) -> Scratch:
    return Scratch(tmp_path)


def _second_repository(scratch: Scratch) -> Path:
    other = scratch.root / "src" / "billing"
    (other / ".git").mkdir(parents=True)
    (other / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/billing.git\n', "utf-8")
    return other


def _claude_lines(said: list[tuple[Path, str]]) -> str:
    lines: list[dict[str, Any]] = []
    for n, (folder, text) in enumerate(said):
        base = {"sessionId": "s1", "cwd": str(folder), "timestamp": f"2026-12-06T10:00:{n:02d}.000Z"}
        lines.append({**base, "uuid": f"u{n}", "type": "user", "message": {"role": "user", "content": text}})
        answer = {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}
        lines.append({**base, "uuid": f"a{n}", "type": "assistant", "message": answer})
    return "".join(json.dumps(line) + "\n" for line in lines)


def _texts(scratch: Scratch, *project: str) -> list[str]:
    listing = scratch.cli("list", "--json", "-n", "200", *project)
    return [item["preview"] for item in listing["items"]]


def test_a_claude_code_session_that_ends_in_another_repository_keeps_each_fact_in_its_own(scratch: Scratch) -> None:
    billing = _second_repository(scratch)
    scratch.transcript.write_text(_claude_lines([(scratch.repo, FIRST), (billing, SECOND)]), encoding="utf-8")
    scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart", source="startup"))
    scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", cwd=billing))
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")

    web_app, billing_texts = _texts(scratch, "--project", "web-app"), _texts(scratch, "--project", "billing")
    assert any("02:15" in t for t in web_app) and not any("Netlify" in t for t in web_app)
    assert any("Netlify" in t for t in billing_texts) and not any("02:15" in t for t in billing_texts)
    assert "said in project" in scratch.log()  # the second repository's save is logged as such


def test_what_is_said_outside_any_repository_stays_personal(scratch: Scratch) -> None:
    outside = scratch.root / "notes"
    outside.mkdir()
    scratch.transcript.write_text(_claude_lines([(outside, PERSONAL), (scratch.repo, FIRST)]), encoding="utf-8")
    scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd"))
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")

    web_app = _texts(scratch, "--project", "web-app")
    assert any("02:15" in t for t in web_app) and not any("monospace" in t for t in web_app)
    personal = scratch.cli("list", "--json", "-n", "200", "--personal")["items"]
    assert any("monospace" in item["preview"] for item in personal)


def test_a_codex_session_follows_its_turn_context_folders(scratch: Scratch) -> None:
    billing = _second_repository(scratch)
    thread = "0199a3b2-5c4d-7e8f-9a0b-1c2d3e4f5a6c"
    day = time.strftime("%Y/%m/%d", time.gmtime())
    rollout = scratch.home / ".codex" / "sessions" / day / f"rollout-2026-12-06T09-00-00-{thread}.jsonl"
    rollout.parent.mkdir(parents=True)
    records: list[tuple[str, dict[str, Any]]] = [("session_meta", {"id": thread, "cwd": str(scratch.repo)})]
    for folder, text in ((scratch.repo, FIRST), (billing, SECOND)):
        records.append(("turn_context", {"cwd": str(folder), "approval_policy": "on-request"}))
        records.append(
            ("response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]})
        )
        answer = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Noted."}]}
        records.append(("response_item", answer))
    rollout.write_text("".join(json.dumps({"type": k, "payload": p}) + "\n" for k, p in records), "utf-8")
    note = {"type": "agent-turn-complete", "thread-id": thread, "turn-id": "2", "cwd": str(billing)}
    scratch.hook("codex", "notify", "", None, json.dumps(note))
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")

    assert any("02:15" in t for t in _texts(scratch, "--project", "web-app"))
    billing_texts = _texts(scratch, "--project", "billing")
    assert any("Netlify" in t for t in billing_texts) and not any("02:15" in t for t in billing_texts)


def test_each_turn_carries_its_folder_and_turns_of_two_folders_are_never_joined() -> None:
    text = "".join(
        json.dumps({"type": "user", "cwd": cwd, "message": {"role": "user", "content": said}}) + "\n"
        for cwd, said in (("/a", "one"), ("/b", "two"), ("/b", "three"))
    )
    turns = parse_native(text)
    assert turns is not None
    assert [(t.text, t.cwd) for t in turns] == [("one", "/a"), ("two\n\nthree", "/b")]


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("The payroll export runs at 02:15 every night.", 0),  # trimmed from turn 0
        ("Billing portal deployed with Netlify.", 1),
        ("Something nobody said at all here.", None),  # no turn holds half its words
    ],
)
def test_a_statement_is_traced_to_the_turn_holding_most_of_its_words(statement: str, expected: int | None) -> None:
    turns = [FIRST, SECOND]
    words = [set(t.casefold().replace(".", " ").replace(",", " ").split()) for t in turns]
    assert source_turn(statement, words) == expected


def test_a_folder_that_is_not_on_this_machine_is_the_hooks(scratch: Scratch) -> None:
    from contextlamp.distill.base import DistilledItem
    from contextlamp.distill.turns import Turn
    from contextlamp.hooks.routing import repository_groups

    item = DistilledItem(content=FIRST, memory_type="fact", kind="fact")
    turns = [Turn("user", FIRST, "/home/someone-else/src/payroll"), Turn("user", SECOND, str(scratch.root / "gone"))]
    groups = repository_groups([item], turns, scratch.repo)
    assert len(groups) == 1 and groups[0][0] is not None and groups[0][0].root == scratch.repo.resolve()
    assert groups[0][1] == [item]


def test_a_codex_rollout_without_turn_context_takes_the_folder_from_its_environment_context() -> None:
    def item(role: str, text: str) -> str:
        kind = "output_text" if role == "assistant" else "input_text"
        payload = {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}
        return json.dumps({"type": "response_item", "payload": payload}) + "\n"

    rollout = (
        json.dumps({"type": "session_meta", "payload": {"id": "t", "cwd": "/a"}}) + "\n"
        + item("user", "one") + item("assistant", "ok")
        + item("user", "<environment_context>\n  <cwd>/b</cwd>\n</environment_context>")
        + item("user", "two") + item("assistant", "ok")
    )  # fmt: skip
    turns = parse_native(rollout)
    assert turns is not None
    assert [(t.role, t.text, t.cwd) for t in turns] == [
        ("user", "one", "/a"), ("assistant", "ok", "/a"), ("user", "two", "/b"), ("assistant", "ok", "/b"),
    ]  # fmt: skip
