"""The agent's digest at natural pauses (hooks/digest.py, issue #27.5): a stop asks the agent once for a
save_session digest when a user turn since the last checkpoint carries a durable cue, never in a loop, never
twice for the same turns, never after the agent saved; through the real hook command and its output per
client; ``connect --no-digest`` leaves the hook out. The held-out set scores the cues."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.clients.catalog import Places, client
from contextlamp.clients.plan import apply, plan_connect
from contextlamp.hooks.digest import REASON, Pause, cues_of, decide, pause_output

EXE = str(Path(sys.executable).parent / "contextlamp")
HELD_OUT = Path(__file__).parent / "data" / "digest_cues_heldout.json"


def _user(text: str) -> str:
    return json.dumps({"type": "user", "message": {"role": "user", "content": text}})


def _assistant(text: str) -> str:
    return json.dumps(
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}}
    )


def _save_call() -> str:
    call = {"type": "tool_use", "id": "t1", "name": "mcp__contextlamp__save_session", "input": {"digest": "x"}}
    return json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [call]}})


class Transcript:
    """A Claude Code JSONL transcript the test appends to."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.write_text("", encoding="utf-8")

    def add(self, *lines: str) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write("".join(line + "\n" for line in lines))


@pytest.fixture
def transcript(tmp_path: Path) -> Transcript:
    return Transcript(tmp_path / "session.jsonl")


def test_a_pause_after_a_durable_statement_asks_once_and_never_loops(tmp_path: Path, transcript: Transcript) -> None:
    home = tmp_path / "data"
    transcript.add(_user("Fix the failing test please."), _assistant("Done."))
    assert decide(Pause("k", transcript.path, False), home) == []  # nothing durable said: no extra turn
    transcript.add(_user("From now on we use pnpm, never npm."), _assistant("OK."))
    assert decide(Pause("k", transcript.path, False), home) == ["rule"]
    # the agent's digest turn ends in a stop the client marks as following our request: never asked again
    transcript.add(_user(REASON.format(cues="rule")), _assistant("Nothing worth keeping."))  # as Claude Code logs it
    assert decide(Pause("k", transcript.path, True), home) == []
    assert decide(Pause("k", transcript.path, False), home) == []  # the same turns never ask twice
    transcript.add(_user("I prefer tabs over spaces in the Makefile."), _save_call(), _assistant("Saved it."))
    assert decide(Pause("k", transcript.path, False), home) == []  # the agent saved on its own: nothing to ask
    transcript.add(_user("Should we always pin versions?"), _assistant("Yes."))
    assert decide(Pause("k", transcript.path, False), home) == []  # a question states nothing
    assert (
        decide(Pause("k", None, False), home) == [] and decide(Pause("k", tmp_path / "gone.jsonl", False), home) == []
    )


def test_injected_context_is_not_a_cue() -> None:
    injected = "<hook_context>- [decision] We decided to use kv/v2 from now on.</hook_context>\nrun the tests"
    assert cues_of(injected) == []
    assert cues_of("Remember that the API key rotates monthly.") == ["remember"]


@pytest.mark.parametrize(
    ("client_id", "payload", "expected"),
    [
        ("claude-code", {}, {"decision": "block"}),
        ("codex", {}, {"decision": "block"}),
        ("gemini-cli", {}, {"decision": "deny"}),
        ("cursor", {"loop_count": 0, "status": "completed"}, {}),
    ],
)
def test_the_real_hook_command_answers_each_client_in_its_own_form(
    tmp_path: Path, transcript: Transcript, client_id: str, payload: dict[str, object], expected: dict[str, str]
) -> None:
    transcript.add(_user("Going forward, deploys happen on Tuesdays only."), _assistant("Noted."))
    stdin = json.dumps({"session_id": "s-1", "transcript_path": str(transcript.path), "cwd": str(tmp_path), **payload})
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "CONTEXTLAMP_HOME": str(tmp_path / "data")}

    def run() -> str:
        done = subprocess.run(
            [EXE, "hook", client_id, "stop"], input=stdin, env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0
        return done.stdout.strip()

    answer = json.loads(run())
    for key, value in expected.items():
        assert answer[key] == value
    asked = answer.get("reason") or answer.get("followup_message")
    assert "save_session" in asked and "rule" in asked
    assert run() in ("{}", "")  # the same pause: nothing more
    log = (tmp_path / "data" / "logs" / "hooks.log").read_text(encoding="utf-8")
    assert "digest asked (rule)" in log and "Tuesdays" not in log  # content never logged


ORDINARY_WITH_CUE_WORDS = (  # research/notes/breaker-stop39.md section 5, one of each class
    "never mind, that was the wrong file",  # a dismissal
    "this always happens when the VPN drops",  # a complaint's always
    "lol never again",  # an interjection
    "the deadline for this is probably friday, but let's see how far we get",  # a hedge
    "note that this is just a draft, don't commit it",  # the thing at hand
    "keep in mind I'm on my phone, so short answers please",  # the speaker's moment
    "actually no, revert that",  # nothing said beside the cue
    "we decided nothing yet, let's look at options",  # a negated decision
    "we switched to the other branch for now, just for this test",  # a temporary scope
    # research/bench/data/digest-cues-held2.json's five left in stop 39 (tuning data since), one of each class
    "actually, wait, let me check something first",  # a request for the moment after the cue
    "remember to close the tab after this",  # a reminder of the work at hand
    "I don't like how this looks, try something else",  # an appraisal of the thing at hand, a request
    "the test is on my screen now, it passed",  # the speaker's screen, a state of the moment
    "ok, decision made: let's try the quick fix first and see",  # a trial, not a decision
)


def test_ordinary_turns_with_a_cue_word_ask_for_no_digest_through_the_real_hook(
    tmp_path: Path, transcript: Transcript
) -> None:
    """Each false ask costs the user a model turn (and replaces the printed answer of ``claude -p``)."""
    stdin = json.dumps({"session_id": "s-2", "transcript_path": str(transcript.path), "cwd": str(tmp_path)})
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "CONTEXTLAMP_HOME": str(tmp_path / "data")}

    def stop() -> str:
        done = subprocess.run(
            [EXE, "hook", "claude-code", "stop"], input=stdin, env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0
        return done.stdout.strip()

    for turn in ORDINARY_WITH_CUE_WORDS:
        transcript.add(_user(turn), _assistant("ok"))
    assert stop() == "{}"
    transcript.add(_user("Never mind the flaky test. From now on, deploys go out on Tuesdays only."), _assistant("ok"))
    assert "rule" in json.loads(stop())["reason"]  # a rule beside a dismissal still asks


def test_cursor_follow_up_loops_are_refused(tmp_path: Path, transcript: Transcript) -> None:
    from contextlamp.hooks.digest import read_pause

    transcript.add(_user("Remember: staging is eu-west-3."), _assistant("OK."))
    assert read_pause("cursor", {"loop_count": 1}, "c", transcript.path).continued
    assert read_pause("claude-code", {"stop_hook_active": True}, "c", transcript.path).continued
    assert not read_pause("claude-code", {"stop_hook_active": False}, "c", transcript.path).continued
    assert pause_output("codex", []) == "" and pause_output("claude-code", []) == "{}"


def test_no_digest_leaves_the_stop_hook_out_and_takes_an_earlier_one_out(tmp_path: Path) -> None:
    places = Places(home=tmp_path / "home", cwd=tmp_path, environ={"PATH": ""})
    env = {"CONTEXTLAMP_HOME": "/data", "CONTEXTLAMP_USER": "a"}
    settings = places.home / ".claude" / "settings.json"
    apply(plan_connect(client("claude-code"), places, "user", EXE, env))
    assert "Stop" in json.loads(settings.read_text(encoding="utf-8"))["hooks"]
    apply(plan_connect(client("claude-code"), places, "user", EXE, env, digest=False))
    hooks = json.loads(settings.read_text(encoding="utf-8"))["hooks"]
    assert "Stop" not in hooks and set(hooks) == {"SessionStart", "PreCompact", "SessionEnd"}


def test_cue_precision_and_recall_on_the_held_out_turns() -> None:
    """Written before the cues were tuned and read once at the end (docs/hooks.md reports both figures)."""
    turns = json.loads(HELD_OUT.read_text(encoding="utf-8"))["turns"]
    flagged = [bool(cues_of(t["text"])) for t in turns]
    durable = [t["durable"] for t in turns]
    true_positive = sum(f and d for f, d in zip(flagged, durable, strict=True))
    precision = true_positive / max(1, sum(flagged))
    recall = true_positive / max(1, sum(durable))
    print(f"digest cues held out: precision {precision:.2f}, recall {recall:.2f} ({len(turns)} turns)")
    assert precision >= 0.8 and recall >= 0.6


def test_codex_records_the_request_as_a_hook_prompt_which_capture_never_keeps(tmp_path: Path) -> None:
    """Codex logs a Stop hook's reason as a user message ``<hook_prompt hook_run_id=...>``: it is our own
    framing, so the transcript reader drops it (else the session-end capture saved the request as memories)."""
    from contextlamp.hooks.saver import read_session

    def line(text: str) -> str:
        item = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}
        return json.dumps({"type": "response_item", "payload": item})

    rollout = tmp_path / "rollout-2026-12-06T03-20-30-x.jsonl"
    prompt = f'<hook_prompt hook_run_id="stop:3:/h/.codex/hooks.json">{REASON.format(cues="rule")}</hook_prompt>'
    rollout.write_text(line("From now on use pnpm.") + "\n" + line(prompt) + "\n", encoding="utf-8")
    read = read_session(rollout, None, set(), set(), 1 << 20, 1 << 20)
    turns = read.turns if read is not None else []
    assert [t.text for t in turns if t.role == "user"] == ["From now on use pnpm."]


FACTS_SAID_CASUALLY = (  # how people state a fact about the setup to a coding agent (#27.5, agent44)
    "btw the export job writes to s3://acme-exports/daily",  # an aside, lower case
    "thumbnail worker: port 8125",  # a settings line
    "can you add a retry to the mailer? it talks to smtp-relay-2 so keep the timeout",  # inside a request
    "why is the importer so slow? it reads from the legacy_orders table",  # after a question
    "Yara Haddad owns the invoicing cron, ask her first",  # a person
    "the geocoder got moved to geo-box-3 last week",  # a change of the setup
)
MOMENT_WITH_VALUES = (  # what happens at the moment, values and all: no extra model turn
    "the build failed again on line 42",
    "the page takes 3 seconds to load today",
    "2026-11-30T09:14:03Z ERROR worker-3 Connection refused: upstream reset",
    "coverage dropped by 2 percent after your change",
    "```python\nx = compute(3)\n```\nwhat does this print",
)


def test_facts_said_casually_ask_for_the_digest_and_moments_with_values_do_not() -> None:
    """The month banks' facts are said as asides, settings lines, inside requests and after questions: the
    stop hook must ask after them (each missed one is a fact only the offline capture may keep), and not after
    a turn that reports what happens now (each false ask costs the user a model turn)."""
    assert [t for t in FACTS_SAID_CASUALLY if not cues_of(t)] == []
    assert [t for t in MOMENT_WITH_VALUES if cues_of(t)] == []


def test_turns_the_agent_digested_are_not_captured_again_at_session_end(tmp_path: Path, transcript: Transcript) -> None:
    """When the agent answers the request with save_session, the turns it covered are not new for the session's
    offline capture: a capture whose only new turns the agent digested (Codex's save after every turn, a
    one-fact slice) saves nothing, instead of a second, differently worded copy of the fact."""
    from contextlamp.hooks.saver import load_state, read_session

    home = tmp_path / "data"
    transcript.add(_user("hi, let's get going"), _assistant("Sure."))
    assert decide(Pause("k", transcript.path, False), home) == []
    transcript.add(_user("btw the ledger api listens on 7311 in staging"), _assistant("Noted."))
    assert decide(Pause("k", transcript.path, False), home) == ["fact"]
    transcript.add(_user(REASON.format(cues="fact")), _save_call(), _assistant("Saved the digest."))
    assert decide(Pause("k", transcript.path, True), home) == []
    known = {str(h) for h in load_state(home, "k")["handed"]}
    read = read_session(transcript.path, None, set(), known, 1 << 20, 1 << 20)
    assert read is not None
    fresh = {t.text: f for t, f in zip(read.turns, read.fresh, strict=True) if t.role == "user"}
    assert fresh == {"hi, let's get going": True, "btw the ledger api listens on 7311 in staging": False}


def test_the_session_end_keeps_what_the_agent_did_not_digest_and_not_a_copy_of_what_it_did(
    tmp_path: Path, transcript: Transcript, service: MemoryService, alice: Caller
) -> None:
    """The session end after an answered digest: the fact the agent digested is not stored a second time in the
    user's words (the agent's own line is its copy), a fact said later, which no digest covered, is kept."""
    import logging

    from contextlamp.hooks.saver import SaveJob, save_transcript

    home = tmp_path / "data"
    job = SaveJob("claude-code", "session-end", "s1", str(transcript.path), str(tmp_path))
    transcript.add(_user("The ledger api listens on port 7311 in staging."), _assistant("Noted."))
    assert decide(Pause(job.key, transcript.path, False), home) == ["fact"]
    transcript.add(_user(REASON.format(cues="fact")), _save_call(), _assistant("Saved the digest."))
    assert decide(Pause(job.key, transcript.path, True), home) == []
    transcript.add(_user("The billing worker times out after 45 seconds."), _assistant("Noted."))
    save_transcript(service, alice, job, home, 64 * 1024, logging.getLogger("test"))
    live = [i.preview for i in service.list_context(alice, 200, None, None).items]
    assert any("billing worker" in t for t in live), live
    assert not any("7311" in t for t in live), live


def test_a_capture_between_the_agents_answer_and_its_next_stop_leaves_the_digested_turns_out(
    tmp_path: Path, transcript: Transcript, service: MemoryService, alice: Caller
) -> None:
    """Gemini CLI fires PreCompress after the agent answered the request and before its next AfterAgent (the
    stop that marks the turns digested): that capture already leaves the answered turns out, while a turn the
    request did not cover is kept; a request the agent has not answered (no save call yet) leaves nothing out."""
    import logging

    from contextlamp.hooks.saver import SaveJob, save_transcript

    home = tmp_path / "data"
    job = SaveJob("gemini-cli", "pre-compact", "s1", str(transcript.path), str(tmp_path))
    transcript.add(_user("From now on, always run the linter before committing."), _assistant("Noted."))
    assert decide(Pause(job.key, transcript.path, False), home) != []
    transcript.add(_user(REASON.format(cues="rule")), _save_call(), _assistant("Saved the digest."))
    transcript.add(_user("The billing worker times out after 45 seconds."), _assistant("Noted."))
    save_transcript(service, alice, job, home, 64 * 1024, logging.getLogger("test"))  # before the next stop
    live = [i.preview for i in service.list_context(alice, 200, None, None).items]
    assert any("billing worker" in t for t in live), live
    assert not any("linter" in t for t in live), live


def test_a_capture_while_the_request_is_open_defers_its_turns_and_a_declined_request_returns_them(
    tmp_path: Path, transcript: Transcript, service: MemoryService, alice: Caller
) -> None:
    """Gemini CLI fires PreCompress while the agent is still working on the request (no save call yet): that
    capture neither stores the requested turn nor hands it off; when the agent then saves nothing (its next stop
    closes the request), the session end judges the turn and keeps the fact."""
    import logging

    from contextlamp.hooks.saver import SaveJob, save_transcript

    home = tmp_path / "data"
    pre = SaveJob("gemini-cli", "pre-compact", "s1", str(transcript.path), str(tmp_path))
    transcript.add(_user("The ledger api listens on port 7311 in staging."), _assistant("Noted."))
    assert decide(Pause(pre.key, transcript.path, False), home) == ["fact"]
    save_transcript(service, alice, pre, home, 64 * 1024, logging.getLogger("test"))
    assert not any("7311" in i.preview for i in service.list_context(alice, 200, None, None).items)
    transcript.add(_user(REASON.format(cues="fact")), _assistant("Nothing worth keeping beyond what is saved."))
    assert decide(Pause(pre.key, transcript.path, True), home) == []
    end = SaveJob("gemini-cli", "session-end", "s1", str(transcript.path), str(tmp_path))
    save_transcript(service, alice, end, home, 64 * 1024, logging.getLogger("test"))
    live = [i.preview for i in service.list_context(alice, 200, None, None).items]
    assert any("7311" in t for t in live), live


def test_a_changed_value_said_as_news_or_in_chat_asks_and_a_moment_or_request_does_not() -> None:
    """A correction never asked for stays stale (issue #27 items 2 and 5): a durable value's change said with a
    marker of change (these days, now, (was A), moved off A onto V, dropped A for V, V not A, was archived) asks,
    inside an aside or after a chat opener; a moment, a request or a question with the same words does not."""
    changes = [
        "oh right, the render farm answers on 9443 these days, 9000 got retired",
        "nope, the audit log bucket moved off s3-old onto minio",
        "the cert renewer is on box-17 now (was box-12)",
        "we dropped jenkins for buildkite on the mobile repo",
        "scrap what I said about the sms gateway, it caps at 40 a minute",
        "update: the payroll export goes to #fin-drops, #payroll was archived",
        "to be clear, the crash reporter sends to glitchtip, not bugsnag",
    ]
    moments = [
        "the smoke test is passing now",
        "the canary is failing again",
        "try the other branch instead",
        "is the cache on redis-4 now?",
        "oh wait, the lint step passed",
        "turns out it was just a stale lockfile",
        "nope, still red after the rebase",
        "scratch that, let's keep the old name",
    ]
    assert [t for t in changes if "correction" not in cues_of(t)] == []
    assert [t for t in moments if cues_of(t)] == []


@pytest.mark.parametrize(
    "unit",
    [
        "moved ",
        "the api moved now ",
        "a, not b ",
        "k: v\n",
        "it's now ",
        "#x-oops ",
        "x - ",
        "a1",
        ", it's",
        "a, that was ",
    ],
)
def test_the_cues_read_a_hostile_turn_in_time_linear_in_its_size(unit: str) -> None:
    """A pause reads up to 4 MiB of user text: any turn costs at most 10x a prose turn of the same size (a lazy
    scan to the next comma after each "moved" made 158 KB of "moved moved ..." take 72 s against 0.3 s)."""
    import time

    prose = "We keep the billing worker on port 7311 and the ledger reads off loans.events. " * 600
    hostile = unit * (len(prose) // len(unit))
    started = time.process_time()
    cues_of(prose)
    prose_s = time.process_time() - started
    started = time.process_time()
    cues_of(hostile)
    hostile_s = time.process_time() - started
    assert hostile_s <= 10 * prose_s + 0.05, (unit, hostile_s, prose_s)


def test_a_fact_followed_by_a_comment_pointing_back_at_it_asks_and_a_moment_with_one_does_not() -> None:
    """A closing comment after the last comma ("..., it's a cheap call") is ordinary talk about what was just
    said; it does not unsay the fact before it. A moment or a request with the same comment still does not ask."""
    facts = [
        "so basically the invoice archiver runs every 4 hours, it's cheap enough",
        "the pdf renderer listens on 9120, that was the only free port",
    ]
    moments = [
        "the smoke test passed again, it's fine",
        "try the other branch, that's quicker",
        "is the cache on redis-4 now, it's slow?",
    ]
    assert [t for t in facts if "fact" not in cues_of(t)] == []
    assert [t for t in moments if cues_of(t)] == []
