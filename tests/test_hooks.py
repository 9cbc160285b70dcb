"""The lifecycle hooks (issue #15.2, .4, .5): ``contextlamp hook CLIENT EVENT`` run as a client runs it, in
subprocesses with a scratch HOME and data directory.

The Done-when flow: a Claude Code JSONL transcript (tests/data/transcripts/hooks/, invented content in the
client's real shape) and the stdin JSON Claude Code sends -> the SessionEnd hook answers at once (compared
with a process start measured in the same run), the detached save stores the durable facts under the
repository's project and no secret; the SessionStart hook for the same folder prints valid JSON whose
additionalContext holds those facts; saving again adds nothing; opt-outs stop capture and injection; garbage
never fails the client.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from contextlamp.config import Settings
from contextlamp.hooks.capture import capture_refusal, ignored_paths
from contextlamp.hooks.repo import find_repository, project_slug, repository_name
from contextlamp.hooks.saver import SaveJob, turn_hashes

DATA = Path(__file__).parent / "data" / "transcripts" / "hooks"
PART1 = (DATA / "claude-code-web-app.part1.jsonl").read_text(encoding="utf-8")
PART2 = (DATA / "claude-code-web-app.part2.jsonl").read_text(encoding="utf-8")
SECRET = "ghp_R7kQ2mX9vL4pT8wZ1nB6cY3sD5fH0jA2gE7u"  # in PART1: must never be stored
SESSION = "3f2b9c4e-7d1a-4b8e-9f60-2c5d8e1a7b34"
EXE = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"
WAIT_S = 120.0  # the detached save on a loaded machine (it is polled for, not timed)


class Scratch:
    """A scratch HOME with a data directory, a git repository ``web-app`` and a Claude Code transcript."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "home"
        self.data = root / "data"
        self.repo = root / "src" / "web-app"
        (self.repo / ".git").mkdir(parents=True)
        (self.repo / ".git" / "config").write_text(
            '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/web-app.git\n'
            "\tfetch = +refs/heads/*:refs/remotes/origin/*\n",
            encoding="utf-8",
        )
        (self.repo / "src").mkdir()
        self.transcript = self.home / ".claude" / "projects" / "-src-web-app" / f"{SESSION}.jsonl"
        self.transcript.parent.mkdir(parents=True)
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.upper().startswith("CONTEXTLAMP_")},
            "HOME": str(self.home),
            "CONTEXTLAMP_HOME": str(self.data),
            "CONTEXTLAMP_EMBEDDER": "fake",
            "CONTEXTLAMP_USER": "dana",
        }

    def stdin(self, event: str, cwd: Path | None = None, **extra: str) -> str:
        """The JSON Claude Code writes to a hook's stdin."""
        return json.dumps(
            {
                "session_id": SESSION,
                "transcript_path": str(self.transcript),
                "cwd": str(cwd or self.repo),
                "hook_event_name": event,
                **extra,
            }
        )

    def hook(
        self, client: str, event: str, stdin: str = "", env: dict[str, str] | None = None, *argv: str
    ) -> tuple[subprocess.CompletedProcess[str], float]:
        """Run the installed hook command; the completed process and its wall time in seconds."""
        start = time.perf_counter()
        done = subprocess.run(
            [EXE, "hook", client, event, *argv],
            input=stdin,
            capture_output=True,
            text=True,
            env={**self.env, **(env or {})},
            cwd=self.repo,
            timeout=60,
        )
        return done, time.perf_counter() - start

    def cli(self, *args: str) -> Any:
        done = subprocess.run([EXE, *args], capture_output=True, text=True, env=self.env, check=True, timeout=120)
        return json.loads(done.stdout)

    def log(self) -> str:
        path = self.data / "logs" / "hooks.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def project_memories(self) -> list[str]:
        listing = self.cli("list", "--project", "web-app", "--json", "-n", "200")
        return [item["preview"] for item in listing["items"]]

    def sessions(self) -> list[dict[str, Any]]:
        return self.cli("session", "list", "--json", "-n", "50").get("sessions", [])


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def baseline_start(scratch: Scratch) -> float:
    """The fastest of three ``contextlamp --version`` runs: a process start of the same command, this run."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([EXE, "--version"], capture_output=True, env=scratch.env, check=True, timeout=60)
        times.append(time.perf_counter() - start)
    return min(times)


def saves_logged(scratch: Scratch) -> int:
    """How many detached saves finished (saved something, found nothing new, or failed)."""
    log = scratch.log()
    return log.count("new turns ->") + log.count("nothing new in") + log.count("save failed")


@pytest.fixture
def scratch(tmp_path: Path) -> Scratch:
    return Scratch(tmp_path)


def test_session_end_returns_at_once_and_the_detached_save_keeps_the_facts_under_the_repository_project(
    scratch: Scratch,
) -> None:
    scratch.transcript.write_text(PART1 + PART2, encoding="utf-8")
    baseline = baseline_start(scratch)
    done, elapsed = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", reason="prompt_input_exit"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"systemMessage": "contextlamp is saving this session in the background."}
    # the hook only starts the save: a few times a bare process start, never the save's seconds
    assert elapsed < max(5 * baseline, baseline + 0.5), (elapsed, baseline)
    wait_for(lambda: saves_logged(scratch) >= 1, "the detached save")
    assert "save failed" not in scratch.log(), scratch.log()
    memories = " ".join(scratch.project_memories()).lower()
    assert "pnpm" in memories and "integer cents" in memories and "8443" in memories
    # the project is named after the repository's remote and maps to its folder
    (project,) = scratch.cli("projects", "--json")["projects"]
    assert project["slug"] == "web-app" and project["repositories"] == [str(scratch.repo.resolve())]
    # no secret anywhere: not in memory, not in a digest, not in any file of the data directory or the log
    assert SECRET not in json.dumps(scratch.sessions())
    for path in scratch.data.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    (digest,) = scratch.sessions()
    assert digest["source_surface"] == "claude-code"
    shown = scratch.cli("session", "show", digest["session_id"], "--json")["session"]["learnings"]
    assert any("pnpm" in learning["text"] for learning in shown)  # session show lists what was kept

    # SessionStart in the same folder: valid hook output whose additionalContext holds those facts
    start, _ = scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart", source="startup"))
    assert start.returncode == 0, start.stderr
    out = json.loads(start.stdout)
    context = out["hookSpecificOutput"]["additionalContext"]
    assert out["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert "pnpm" in context and "integer cents" in context and "8443" in context
    assert SECRET not in start.stdout
    assert len(context) <= Settings.model_fields["hook_context_tokens"].default * 4
    assert f"kept {digest['learnings_count']} memor" in out["systemMessage"]
    assert digest["session_id"] in out["systemMessage"]

    # the same session saved again: nothing new is handed over, nothing is added
    before = (sorted(scratch.project_memories()), len(scratch.sessions()))
    again, _ = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", reason="other"))
    assert again.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 2, "the second save")
    assert "nothing new in" in scratch.log()
    assert (sorted(scratch.project_memories()), len(scratch.sessions())) == before


def test_compaction_then_session_end_hands_over_only_the_new_turns(scratch: Scratch) -> None:
    scratch.transcript.write_text(PART1, encoding="utf-8")
    first, _ = scratch.hook("claude-code", "pre-compact", scratch.stdin("PreCompact", trigger="auto"))
    assert first.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 1, "the compaction's save")
    after_compaction = scratch.project_memories()
    assert any("pnpm" in m for m in after_compaction) and not any("8443" in m for m in after_compaction)
    with scratch.transcript.open("a", encoding="utf-8") as handle:  # the session goes on after compacting
        handle.write(PART2)
    end, _ = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", reason="clear"))
    assert end.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 2, "the session end's save")
    assert "save failed" not in scratch.log()
    # one client session, one digest: the session end's save extends the compaction's digest (issue 15 gap)
    (digest,) = scratch.sessions()
    learnings = scratch.cli("session", "show", digest["session_id"], "--json")["session"]["learnings"]
    texts = [item["text"] for item in learnings]
    # the new fact joined it; the compaction summary restating pnpm was not handed over again
    assert any("8443" in t for t in texts) and sum("pnpm" in t for t in texts) == 1


@pytest.mark.parametrize("variant", ["ignore-file", "ignore-setting", "capture-off", "opt-in-without-marker"])
def test_opt_out_stops_capture_and_injection(scratch: Scratch, variant: str) -> None:
    scratch.transcript.write_text(PART1, encoding="utf-8")
    env: dict[str, str] = {}
    if variant == "ignore-file":
        (scratch.repo.parent / ".contextlamp-ignore").write_text("", encoding="utf-8")  # a parent of the repo
    elif variant == "ignore-setting":
        env["CONTEXTLAMP_CAPTURE_IGNORE"] = f"/nonexistent{os.pathsep}{scratch.repo.parent}"
    elif variant == "capture-off":
        env["CONTEXTLAMP_CAPTURE"] = "off"
    else:
        env["CONTEXTLAMP_CAPTURE"] = "opt-in"
    cwd = scratch.repo / "src"
    end, _ = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd", cwd=cwd), env)
    start, _ = scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart", cwd=cwd), env)
    assert (end.returncode, start.returncode) == (0, 0)
    assert json.loads(end.stdout) == {} and json.loads(start.stdout) == {}
    assert scratch.log().count("no capture here") == 2 and "save started" not in scratch.log()
    assert not (scratch.data / "hooks").exists()


def test_opt_in_captures_where_the_marker_is(scratch: Scratch) -> None:
    scratch.transcript.write_text(PART1, encoding="utf-8")
    (scratch.repo / ".contextlamp").write_text("", encoding="utf-8")
    end, _ = scratch.hook("claude-code", "session-end", scratch.stdin("SessionEnd"), {"CONTEXTLAMP_CAPTURE": "opt-in"})
    assert end.returncode == 0 and "save started" in scratch.log()
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")
    assert any("pnpm" in m for m in scratch.project_memories())


@pytest.mark.parametrize(
    ("client", "event", "stdin"),
    [
        ("claude-code", "session-end", "this is not json {"),
        ("claude-code", "session-start", "[1, 2, 3]"),
        ("gemini-cli", "session-end", "\x00\x01\x02"),
        ("cursor", "session-start", "{" * 100_000),
        ("claude-code", "teleport", "{}"),
        ("vim", "session-start", "{}"),
    ],
)
def test_garbage_never_fails_the_client(scratch: Scratch, client: str, event: str, stdin: str) -> None:
    done, _ = scratch.hook(client, event, stdin)
    assert done.returncode == 0
    assert done.stdout.strip() in ("{}", "")  # nothing invalid: an empty object, or nothing for an unknown client
    assert done.stdout.strip() == ("" if client == "vim" else "{}")
    assert "WARNING" in scratch.log()  # a log line says why nothing was done
    assert stdin[:20] not in scratch.log() or stdin == "{}"  # the input itself is never logged


def test_a_missing_transcript_is_logged_and_nothing_is_saved(scratch: Scratch) -> None:
    done, _ = scratch.hook("claude-code", "pre-compact", scratch.stdin("PreCompact", trigger="manual"))
    assert done.returncode == 0 and json.loads(done.stdout) == {}
    assert "no transcript file" in scratch.log()


def test_a_locked_store_answers_within_the_deadline(scratch: Scratch) -> None:
    scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart"))  # creates the stores
    locker = sqlite3.connect(scratch.data / "control.db", timeout=1)
    # another process holds the store against readers too (a writer alone never stops a session start's read:
    # tests/test_hooks_start.py): the hook must not wait 30 s for it
    locker.execute("PRAGMA locking_mode = EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    try:
        done, elapsed = scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart"))
    finally:
        locker.rollback()
        locker.close()
    assert done.returncode == 0 and json.loads(done.stdout) == {}
    assert elapsed < 20  # the deadline (5 s) plus a process start, far below SQLite's 30 s busy timeout
    assert "deadline" in scratch.log()


def test_the_context_budget_bounds_injection_and_zero_turns_it_off(scratch: Scratch) -> None:
    scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart"))  # maps the repo to a new web-app
    for n in range(30):
        subprocess.run(
            [EXE, "save", f"Web-app fact number {n}: the build uses esbuild target es2022.", "--project", "web-app"],
            env=scratch.env,
            check=True,
            capture_output=True,
            timeout=120,
        )
    small, _ = scratch.hook(
        "gemini-cli", "session-start", scratch.stdin("SessionStart"), {"CONTEXTLAMP_HOOK_CONTEXT_TOKENS": "100"}
    )
    context = json.loads(small.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "esbuild" in context and len(context) <= 400
    off, _ = scratch.hook(
        "claude-code", "session-start", scratch.stdin("SessionStart"), {"CONTEXTLAMP_HOOK_CONTEXT_TOKENS": "0"}
    )
    assert "hookSpecificOutput" not in json.loads(off.stdout)
    cursor, _ = scratch.hook(
        "cursor", "session-start", json.dumps({"conversation_id": "c1", "workspace_roots": [str(scratch.repo)]})
    )
    assert "esbuild" in json.loads(cursor.stdout)["additional_context"]


def test_codex_notify_finds_the_rollout_file_of_its_thread(scratch: Scratch) -> None:
    thread = "0199a3b2-5c4d-7e8f-9a0b-1c2d3e4f5a6b"
    day = time.strftime("%Y/%m/%d", time.gmtime())
    rollout = scratch.home / ".codex" / "sessions" / day / f"rollout-2026-12-01T09-00-00-{thread}.jsonl"
    rollout.parent.mkdir(parents=True)
    rollout.write_text('{"timestamp":"2026-12-01T09:00:00.000Z","type":"session_meta","payload":{}}\n', "utf-8")
    payload = {
        "type": "agent-turn-complete",
        "thread-id": thread,
        "turn-id": "1",
        "cwd": str(scratch.repo),
        "input-messages": ["hello"],
        "last-assistant-message": "hi",
    }
    done, _ = scratch.hook("codex", "notify", "", None, json.dumps(payload))
    assert done.returncode == 0 and done.stdout == ""  # Codex reads nothing back
    assert "codex notify (agent-turn-complete)" in scratch.log() and "save started" in scratch.log()


# -- project mapping (issue #15.4) -------------------------------------------------------------------------


def _git(folder: Path, config: str | None) -> Path:
    (folder / ".git").mkdir(parents=True)
    if config is not None:
        (folder / ".git" / "config").write_text(config, encoding="utf-8")
    return folder


def test_project_names_come_from_the_remote_else_the_top_level_folder(tmp_path: Path) -> None:
    https = _git(tmp_path / "a", '[remote "origin"]\n\turl = https://gitlab.example.com/group/Billing-API.git\n')
    (https / "deep" / "er").mkdir(parents=True)
    found = find_repository(https / "deep" / "er")
    assert found is not None and (found.root, found.name) == (https.resolve(), "Billing-API")
    assert project_slug(found.name) == "billing-api"
    other = _git(tmp_path / "b", '[remote "upstream"]\n\turl = /srv/git/tools.git\n[remote "origin"]\n\turl = x:y/z\n')
    assert find_repository(other).name == "z"  # type: ignore[union-attr]  # origin first
    first = _git(tmp_path / "c", '[remote "fork"]\n\turl = git@host:me/widgets\n')
    assert find_repository(first).name == "widgets"  # type: ignore[union-attr]
    plain = _git(tmp_path / "My Folder", "[core]\n\tbare = false\n")
    assert find_repository(plain).name == "My Folder" and project_slug("My Folder") == "my-folder"  # type: ignore[union-attr]
    broken = _git(tmp_path / "d", "this is [not an ini file\n\x00")
    assert find_repository(broken).name == "d"  # type: ignore[union-attr]
    assert find_repository(tmp_path) is None or find_repository(tmp_path).root != tmp_path  # type: ignore[union-attr]
    assert repository_name("git@github.com:acme/web-app.git/") == "web-app" and repository_name("") is None
    assert project_slug("!!!") == "repository"


def test_a_worktree_maps_to_its_main_repository(tmp_path: Path) -> None:
    main = _git(tmp_path / "main", None)
    (main / ".git" / "worktrees" / "feature").mkdir(parents=True)
    (main / ".git" / "worktrees" / "feature" / "commondir").write_text("../..\n", encoding="utf-8")
    tree = tmp_path / "elsewhere" / "feature"
    tree.mkdir(parents=True)
    (tree / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'feature'}\n", encoding="utf-8")
    found = find_repository(tree)
    assert found is not None and (found.root, found.name) == (tree.resolve(), "main")  # the main checkout's folder
    (main / ".git" / "config").write_text('[remote "origin"]\n\turl = https://h/o/shop.git\n', encoding="utf-8")
    assert find_repository(tree).name == "shop"  # type: ignore[union-attr]  # the shared config's remote


def test_a_folder_repository_is_mapped_on_first_use_and_shown(scratch: Scratch) -> None:
    (scratch.repo / ".git" / "config").write_text("[core]\n\tbare = false\n", encoding="utf-8")  # no remote
    done, _ = scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart", cwd=scratch.repo / "src"))
    assert done.returncode == 0
    (project,) = scratch.cli("projects", "--json")["projects"]
    assert project["slug"] == "web-app" and project["repositories"] == [str(scratch.repo.resolve())]


# -- pure parts ------------------------------------------------------------------------------------------


def test_capture_rules(tmp_path: Path) -> None:
    work = tmp_path / "work" / "repo"
    work.mkdir(parents=True)
    assert capture_refusal(work, "on", []) is None
    assert capture_refusal(work, "off", []) == "capture is off"
    assert capture_refusal(work, "maybe", []) == "unknown capture mode"  # a mistyped mode captures nothing
    assert capture_refusal(work, "on", ignored_paths(f"{tmp_path / 'work'}")) == "ignored path"
    assert capture_refusal(work, "on", ignored_paths(f"{tmp_path / 'wor'}")) is None  # a prefix is no parent
    assert capture_refusal(work, "opt-in", []) == "no .contextlamp marker"
    (tmp_path / "work" / ".contextlamp").write_text("", encoding="utf-8")
    assert capture_refusal(work, "opt-in", []) is None
    (work / ".contextlamp-ignore").write_text("", encoding="utf-8")
    assert capture_refusal(work, "opt-in", []) == ".contextlamp-ignore"  # the opt-out still wins


def test_turns_are_hashed_with_their_repeats_and_a_summary_replaces_what_came_before(tmp_path: Path) -> None:
    """The worker's read (``read_session``): a repeated turn is a turn of its own; a compaction summary replaces
    the turns before it; only the newest ``keep_bytes`` of text are held, the new turns dropped counted (what a
    compaction summary restating saved turns does at save time: tests/test_hooks_capture.py)."""
    from contextlamp.distill.transcript import Turn
    from contextlamp.hooks.saver import read_session

    turns = [Turn("user", "yes"), Turn("assistant", "ok"), Turn("user", "yes")]
    hashes = turn_hashes(turns)
    assert len(set(hashes)) == 3  # the second "yes" is a turn of its own

    def line(record: dict[str, Any]) -> str:
        return json.dumps({"sessionId": "s", "isSidechain": False, **record}) + "\n"

    said = [line({"type": t.role, "message": {"role": t.role, "content": t.text}}) for t in turns]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(said), encoding="utf-8")
    first = read_session(path, None, set(), set(), 10_000, 10_000)
    assert first is not None and first.new_hashes == hashes and first.fresh == [True, True, True]
    summary = line({"type": "user", "isCompactSummary": True, "message": {"role": "user", "content": "- Fact."}})
    path.write_text("".join([*said, summary, said[0]]), encoding="utf-8")
    again = read_session(path, None, set(), set(hashes), 10_000, 10_000)
    assert again is not None and [t.role for t in again.turns] == ["digest", "user"]
    bounded = read_session(path, None, set(), set(), 4, 10_000)  # room for one turn of text
    assert bounded is not None and [t.text for t in bounded.turns] == ["yes"] and bounded.dropped == 1
    assert read_session(path, len("".join(said)), set(), set(), 10_000, 10_000).turns == turns  # type: ignore[union-attr]


def test_the_quick_settings_defaults_are_the_settings_defaults() -> None:
    from contextlamp.cli.hook import DEFAULT_CAPTURE, DEFAULT_HOOK_TIMEOUT_S, quick_config

    assert Settings.model_fields["capture"].default == DEFAULT_CAPTURE
    config = quick_config({"contextlamp_capture": "OFF", "CONTEXTLAMP_HOOK_TIMEOUT_S": "1"})  # no longer a setting
    assert (config.capture, config.timeout_s) == ("off", DEFAULT_HOOK_TIMEOUT_S)


def test_a_job_key_is_per_client_session() -> None:
    a = SaveJob("claude-code", "pre-compact", "s1", "/t.jsonl", "/w")
    assert a.key == SaveJob("claude-code", "session-end", "s1", "/other.jsonl", "/w").key
    assert a.key != SaveJob("cursor", "session-end", "s1", "/t.jsonl", "/w").key
    assert SaveJob.from_json(a.to_json()) == a


def test_the_save_hooks_load_neither_pydantic_nor_the_application(scratch: Scratch) -> None:
    # what keeps session-end as cheap as a process start: settings read without pydantic, no store opened
    scratch.transcript.write_text(PART1, encoding="utf-8")
    code = f"""
import io, sys
from pathlib import Path
from contextlamp.cli.hook import open_service, quick_config
from contextlamp.hooks.runtime import run_hook
import os
out = run_hook("claude-code", "session-end", None, quick_config(dict(os.environ)), open_service,
               io.StringIO({scratch.stdin("SessionEnd")!r}), Path("."))
heavy = ("pydantic", "pydantic_settings", "contextlamp.app", "contextlamp.storage", "numpy", "sqlite3", "rich")
print(out)
print(sorted(m for m in heavy if m in sys.modules))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=scratch.env, check=True, timeout=60
    )
    out, loaded = done.stdout.strip().splitlines()[-2:]
    assert json.loads(out) == {"systemMessage": "contextlamp is saving this session in the background."}
    assert loaded == "[]"
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")  # the worker it started finishes in the scratch home


def test_only_a_clients_enum_value_reaches_the_log(tmp_path: Path) -> None:
    from contextlamp.hooks.payload import parse_payload, read_event

    said = read_event("claude-code", "session-end", parse_payload('{"reason": "prompt_input_exit"}'), tmp_path)
    assert said.detail == "prompt_input_exit" and said.cwd == tmp_path
    free = read_event("claude-code", "session-end", parse_payload('{"reason": "my token is ghp_x and more"}'), tmp_path)
    assert free.detail is None  # free text in a field the log shows is dropped, not logged
    cursor = read_event("cursor", "session-start", parse_payload('{"workspace_roots": ["/w/a", "/w/b"]}'), tmp_path)
    assert cursor.cwd == Path("/w/a")
    assert parse_payload("[" * 100_000) is None and parse_payload("null") is None


@pytest.mark.parametrize(
    "name",
    ["claude_code.jsonl", "codex_rollout.jsonl", "cursor_agent.jsonl", "gemini_chat.jsonl", "gemini_checkpoint.json"],
)
def test_the_worker_reads_every_clients_native_file(name: str) -> None:
    from contextlamp.hooks.saver import read_session

    read = read_session(DATA.parent / name, None, set(), set(), 10**7, 10**7)  # JSONL streamed, a JSON whole
    assert read is not None and read.turns, name


def test_a_file_of_no_known_format_is_no_turns(tmp_path: Path) -> None:
    from contextlamp.hooks.saver import read_session

    (tmp_path / "notes.jsonl").write_text("just some text\nmore text\n", encoding="utf-8")
    assert read_session(tmp_path / "notes.jsonl", None, set(), set(), 10**7, 10**7) is None


def test_a_session_start_never_loads_the_embedding_model(scratch: Scratch) -> None:
    # with the default embedder: the context is read without a semantic search, so the ~0.5 s model load is
    # never on the session start's path (the stores are the default model's: saved with it)
    env = {**scratch.env, "CONTEXTLAMP_EMBEDDER": "minilm"}
    scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart"), env)  # maps the repo to web-app
    subprocess.run(
        [EXE, "save", "The web-app build uses esbuild", "--project", "web-app"],
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    code = f"""
import io, os, sys, time
from pathlib import Path
from contextlamp.cli.hook import open_service, quick_config
from contextlamp.hooks.runtime import run_hook
out = run_hook("claude-code", "session-start", None, quick_config(dict(os.environ)), open_service,
               io.StringIO({scratch.stdin("SessionStart")!r}), Path("."))
time.sleep(1.0)  # a background load would have started by now
print(out)
print(sorted(m for m in ("onnxruntime", "tokenizers", "torch") if m in sys.modules))
"""
    env = {**scratch.env, "CONTEXTLAMP_EMBEDDER": "minilm"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=120
    )
    out, loaded = done.stdout.strip().splitlines()[-2:]
    assert "esbuild" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert loaded == "[]"
