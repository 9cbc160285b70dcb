"""The user's moment, a traceback's last line and a secret are never a memory nor a reason to ask for a digest
(issue #27, breaker45c's junk classes: research/notes/junk47-stop45.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from contextlamp.distill.digest_path import DigestFirst
from contextlamp.distill.moment import about_the_moment
from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.turns import Turn
from contextlamp.hooks.clean import clean_turns, remember_injected
from contextlamp.hooks.digest import Pause, decide


def _kept(*turns: tuple[str, str]) -> list[str]:
    cleaned = clean_turns([Turn(role, text) for role, text in turns], set(), keep_code=True)
    return [item.content for item in DigestFirst(OfflineDistiller()).distill(cleaned)]  # as the service builds it


def test_chatter_about_the_users_moment_is_dropped_and_what_the_user_is_or_keeps_stays() -> None:
    for chatter in (
        "never mind, it was my typo",
        "I'm on my phone so keep it short",
        "I'm fixing the flaky export tests right now",
        "my bad, I pasted the wrong log earlier",
    ):
        assert _kept(("user", chatter), ("assistant", "OK.")) == [], chatter
    for fact, value in (
        ("I prefer rebasing over merge commits in the ledger repo", "rebas"),
        ("my team uses Bazel for the monorepo builds", "Bazel"),
        ("I'm on the payments team, which owns the ledger service", "payments team"),
        ("oops, the staging port is 8443 not 8080", "8443"),
    ):
        kept = _kept(("user", fact), ("assistant", "Noted."))
        assert any(value in item for item in kept), (fact, kept)


def test_a_compaction_summary_keeps_its_facts_and_not_the_users_moment() -> None:
    summary = (
        "- The user asked to stabilise the export tests.\n"
        "- The user is fixing flaky export tests; no decisions yet.\n"
        "- The user prefers squash merges for the ledger repository.\n"
        "- The user's team uses Terraform for the staging infrastructure."
    )
    kept = _kept(("digest", summary), ("user", "thanks, go on"), ("assistant", "OK."))
    assert any("squash merges" in k for k in kept) and any("Terraform" in k for k in kept), kept
    assert not any("asked to" in k or "is fixing" in k for k in kept), kept


def test_the_last_line_of_a_pasted_traceback_is_no_memory() -> None:
    paste = (
        'getting this:\nTraceback (most recent call last):\n  File "ledger/export.py", line 88, in run\n'
        "    writer.flush()\nledger.errors.ExportTimeout: flush took 31.2s"
    )
    assert _kept(("user", paste), ("assistant", "Looking.")) == []


def _transcript(path: Path, text: str) -> Path:
    lines = [
        {"type": "user", "message": {"role": "user", "content": text}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "OK."}]}},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


CONTEXT = "## Project memories (ledger)\n- [decision] We pin postgres to 16.8 in every environment\n"


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("my 2FA backup codes in case I get locked out:\n4821-7730\n9920-1184\n3307-5526\n7719-0042", False),
        (
            "the staging DATABASE_URL is postgres://ledger:Zq8hT2mWx81!7@db.fake.internal:5432/ledger"
            " if you need to run the migration",
            False,
        ),
        (
            "double-checking the notes you started with:\nWe pin postgres to 16.8 in every environment\nstill right?",
            False,
        ),
        ("our export service listens on port 8443 in staging", True),
        ("we decided to keep MARC records in their own schema:\nmarc_raw", True),
    ],
)
def test_the_stop_hook_asks_after_a_fact_and_not_after_a_secret_or_our_own_context(
    tmp_path: Path, text: str, asks: bool
) -> None:
    home = tmp_path / "data"
    remember_injected(home, "k", CONTEXT)
    assert bool(decide(Pause("k", _transcript(tmp_path / "s.jsonl", text), False), home)) is asks


def test_the_moment_rule_reads_a_hostile_sentence_in_linear_time() -> None:
    sizes = {}
    for name, text in {
        "prose": "my bad, " + "the export service keeps its batches for a week. " * 4000,  # every check runs
        "ing": "I'm " + "working on the " * 14000,
        "slip": "never mind " * 18000,
    }.items():
        start = time.perf_counter()
        about_the_moment(text)
        sizes[name] = time.perf_counter() - start
    assert max(sizes["ing"], sizes["slip"]) < 10 * max(sizes["prose"], 0.002), sizes


def test_the_exception_line_rule_reads_a_hostile_line_in_linear_time() -> None:
    from contextlamp.distill.pastes import is_log_line

    times = {}
    for name, line in {
        "prose": "the export service keeps its batches for a week and " * 4000,
        "dotted": "ledger.errors." * 15000,
        "word": "a" * 200_000,
    }.items():
        start = time.perf_counter()
        is_log_line(line)
        times[name] = time.perf_counter() - start
    assert max(times["dotted"], times["word"]) < 10 * max(times["prose"], 0.002), times
