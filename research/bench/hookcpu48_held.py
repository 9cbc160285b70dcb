"""hookcpu48's held-out stop-hook set (#27, stop 46): the same decisions from two trees, and the stop hook's CPU.

Written before any change to the stop hook's path, read once at the end (research/notes/hookcpu48-stop46.md).
A ferry operator's booking system ("harbourline"), a domain no earlier set uses.

- **Decisions** (default): sessions of the three clients in their on-disk formats (Claude Code JSONL, Codex rollout
  JSONL, Gemini CLI chat JSONL; month_clients' writers), built from templates with a fixed seed: requests,
  chatter, facts in English, German, French and Spanish, bare answers to the agent's question, corrections,
  secrets inside a cue turn (a stated password, vendor tokens, a ``DATABASE_URL``, a PEM key, 2FA codes after a
  lead-in, a credential line among fact lines), pastes, and three long sessions (150+ exchanges, tool output).
  After every exchange the real stop hook runs (``contextlamp hook CLIENT stop``, the console script ``connect``
  installs, a fresh process per stop, each tree's ``src`` first on ``PYTHONPATH``); an ask is answered by a
  ``save_session`` call and a continued stop (every third ask is left unanswered). Each stop's stdout and
  checkpoint file are recorded; at the end one probe per tree records, for every user turn, its cues and what
  ``clean.cue_input`` leaves of it (what the stop hook drops). The trees are interleaved stop by stop.
- **Budget** (``--budget N``): CPU (user + system of the whole hook process, ``RUSAGE_CHILDREN``) and wall of N
  stops per tree on four fixed transcripts (a prose turn, a one-fact turn, a fact turn holding a secret, a
  long transcript whose last turn is a fact), trees interleaved run by run, each stop on a fresh data directory;
  medians and the load average.

Usage: ``nice -n 10 python -m research hookcpu48_held --tree main=/path/src --tree branch=src
[--budget 25] [--no-decisions] [--out result.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from month_bank import Exchange
from month_clients import ClaudeFile, CodexFile, GeminiFile

SEED = 4846
HOSTS = ["quay-db-03", "pier7.internal", "tide-cache-02", "fares.svc.harbourline.io", "mq-north-1"]
PORTS = [7311, 8142, 9021, 5544, 6380, 8800]
PEOPLE = ["Ingrid", "Tomasz", "Aroha", "Bilal", "Céline"]
REQUESTS = [
    "can you refactor the fare calculator so it reads better",
    "run the manifest export tests again please",
    "let's try the other approach for the seat map",
    "why does the timetable import hang on the second file?",
    "please add a docstring to settle_booking",
    "show me the diff for the last change",
    "ok now rename crossing_id to sailing_id everywhere",
    "could you look at the flaky test in test_refunds.py",
]
CHATTER = ["thanks, that works", "lol ok", "great, nice one", "hmm not sure yet", "ok", "perfect, carry on"]
FACTS = [
    "The booking api listens on port {port} behind haproxy.",
    "We decided to keep all fares in integer cents.",
    "From now on, always tag releases with the sailing season, like 2027-summer.",
    "Remember that the manifest export runs every night at 02:30 UTC.",
    "Our vehicle deck sizes live in config/decks.toml.",
    "I prefer small pull requests with one concern each.",
    "{person} owns the refunds module since March.",
    "The timetable importer reads GTFS feeds from {host}.",
    "Note that the harbour fees table is versioned with the fiscal year.",
    "We switched the booking queue from RabbitMQ to NATS last month.",
]
FOREIGN = [
    "Der Buchungsdienst läuft auf dem Server {host} im Rechenzentrum Kiel.",
    "Le service des tarifs utilise la base {host} depuis janvier.",
    "El módulo de reembolsos lo mantiene {person} desde marzo.",
    "Die Fahrplandaten liegen im Bucket harbourline-gtfs in Frankfurt.",
]
QUESTIONS = [
    ("Which port does the seat map service use?", "{port}"),
    ("What host runs the fares cache?", "{host}"),
    ("Who reviews changes to the refunds module?", "{person}"),
]
CORRECTIONS = [
    "Actually the booking api moved to port {port}, not 7000.",
    "Correction: the nightly export runs at 03:15 now, not 02:30.",
    "The fares cache moved from tide-cache-01 to {host} this week.",
]
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_KEY = "".join(random.Random(7).choice(_ALNUM) for _ in range(36))
SECRETS = [
    "Remember, the staging db password is Tr4ns!t-0verSea-91.",
    "FYI our deploy token is ghp_" + _KEY + " for the release bot.",
    "The fares service uses Postgres on {host}.\nDATABASE_URL=postgres://fares:Q8vz!kPe2wLm@{host}:5432/fares",
    "Note that the booking api listens on port {port}.\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY"
    + _KEY[:10],
    "my 2FA backup codes in case I get locked out:\n4829-1177\n9034-5521\n6612-0048\n7730-2291",
    "We decided the signing key lives only on {host}:\n-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACD" + _KEY + "AAAA\n-----END OPENSSH PRIVATE KEY-----",
    "Das Passwort für den Buchungsserver ist Moewe#2027-Kiel, bitte merken.",
    "Always use the service account harbour-ci with password Ferry-Lane-5521 for the nightly job.",
    "The api key for the tide feed is sk_live_" + _KEY[:24] + ", it rotates every 90 days.",
]
PASTES = [
    'here is the failure:\n```\nTraceback (most recent call last):\n  File "fares.py", line 88, in settle\n'
    "harbourline.errors.FareMismatch: 1290 != 1310\n```",
    "2027-03-02 11:04:31 ERROR booking.worker timeout after 30s\n2027-03-02 11:04:32 WARN retrying sailing 4471\n"
    "2027-03-02 11:04:40 ERROR booking.worker timeout after 30s",
]
TOOL = "============ 212 passed, 3 skipped in 41.20s ============\n" + "PASSED tests/test_fares.py::test_round\n" * 40
REPLIES = ["Done.", "I've updated the file.", "The tests pass now.", "Here is what I found: the loop never ends."]


def _fill(text: str, rng: random.Random) -> str:
    return text.format(port=rng.choice(PORTS), host=rng.choice(HOSTS), person=rng.choice(PEOPLE))


def _exchange(kind: str, rng: random.Random) -> tuple[Exchange, str]:
    """One exchange of ``kind`` and the agent's turn before it (a question for an answer, else '')."""
    reply = rng.choice(REPLIES)
    if kind == "request":
        return Exchange(rng.choice(REQUESTS), reply, TOOL if rng.random() < 0.3 else None), ""
    if kind == "chatter":
        return Exchange(rng.choice(CHATTER), reply), ""
    if kind == "answer":
        question, answer = rng.choice(QUESTIONS)
        return Exchange(_fill(answer, rng), reply), question
    pool = {"fact": FACTS, "foreign": FOREIGN, "correction": CORRECTIONS, "secret": SECRETS, "paste": PASTES}[kind]
    return Exchange(_fill(rng.choice(pool), rng), reply), ""


KINDS = ["request", "chatter", "fact", "foreign", "answer", "correction", "secret", "paste"]
WEIGHTS = [5, 3, 3, 2, 1, 1, 2, 1]


def build(folder: Path) -> list[dict[str, Any]]:
    """The sessions: (client, id, path, a list of steps: each the exchanges to append before one stop)."""
    rng = random.Random(SEED)
    plays: list[dict[str, Any]] = []
    clients = ["claude-code", "codex", "gemini-cli"]
    for n in range(36):
        client = clients[n % 3]
        size = rng.randint(4, 10)
        kinds = rng.choices(KINDS, WEIGHTS, k=size)
        if n % 4 == 0:
            kinds[rng.randrange(size)] = "secret"  # every fourth session holds a secret in a cue turn
        plays.append(_play(folder, client, n, [[k] for k in kinds], rng))
    for n, client in enumerate(clients, start=100):  # long sessions: 150 exchanges, stops at the last six
        kinds = rng.choices(KINDS, WEIGHTS, k=156)
        steps = [kinds[:150], *([k] for k in kinds[150:])]
        plays.append(_play(folder, client, n, steps, rng))
    return plays


def _play(folder: Path, client: str, n: int, steps: list[list[str]], rng: random.Random) -> dict[str, Any]:
    sid = f"0000{n:04d}-48aa-4bbb-8ccc-{n:012d}"
    exchanges = [[(*_exchange(kind, rng), kind) for kind in step] for step in steps]
    return {"client": client, "sid": sid, "n": n, "steps": exchanges, "folder": folder}


class Transcript:
    """One session's file in its client's format, with the agent's question before a bare answer."""

    def __init__(self, client: str, sid: str, path: Path, cwd: Path) -> None:
        day = datetime(2027, 3, 2, 9, 0, tzinfo=UTC)
        self.client = client
        if client == "claude-code":
            self.path = path / f"{sid}.jsonl"
            self.writer: Any = ClaudeFile(self.path, sid, cwd, day)
        elif client == "gemini-cli":
            self.path = path / f"session-2027-03-02T09-00-{sid[:8]}.jsonl"
            self.writer = GeminiFile(self.path, sid, day)
        else:
            self.path = path / f"rollout-2027-03-02T09-00-00-{sid}.jsonl"
            self.writer = CodexFile(self.path, sid, cwd, day)

    def add(self, ex: Exchange, asked: str) -> None:
        if asked:  # the agent's question is its own turn before the answer
            self._assistant(asked)
        self.writer.exchange(ex)

    def _assistant(self, text: str) -> None:
        if self.client == "claude-code":
            self.writer.assistant(text)
        elif self.client == "gemini-cli":
            self.writer._message("gemini", text, model="gemini-2.5-pro")
        else:
            self.writer._item("assistant", text)

    def save_call(self) -> None:
        """The agent's ``save_session`` call, as each client records an MCP tool call."""
        if self.client == "claude-code":
            call = {"type": "tool_use", "id": "toolu_s", "name": "mcp__contextlamp__save_session", "input": {}}
            self.writer._line({"type": "assistant", "message": {"role": "assistant", "content": [call]}})
        elif self.client == "gemini-cli":
            calls = [{"id": "c", "name": "mcp_contextlamp_save_session", "args": {"digest": "x"}, "result": "ok"}]
            self.writer._message("gemini", "", toolCalls=calls)
        else:
            call = {"type": "function_call", "name": "save_session", "namespace": "mcp__contextlamp", "call_id": "c"}
            self.writer._write("response_item", call)
        self._assistant("Saved.")


def _command() -> list[str]:
    exe = Path(sys.executable).parent / "contextlamp"  # the console script connect installs
    return [str(exe)] if exe.is_file() else [sys.executable, "-m", "contextlamp"]


def _env(src: str, home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": src, "CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_LOG_LEVEL": "INFO"}


def stop(src: str, home: Path, client: str, sid: str, path: Path, cwd: Path, active: bool) -> tuple[str, float, float]:
    """One real stop hook: (stdout, wall s, CPU s of the whole process)."""
    event = "AfterAgent" if client == "gemini-cli" else "Stop"
    payload = {"session_id": sid, "transcript_path": str(path), "cwd": str(cwd), "hook_event_name": event}
    payload["stop_hook_active"] = active
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [*_command(), "hook", client, "stop"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        env=_env(src, home),
        cwd=str(cwd),
        timeout=300,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done.stdout.strip(), wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _asked(out: str) -> bool:
    return out.startswith("{") and json.loads(out).get("decision") in ("block", "deny")


def _checkpoint(home: Path) -> Any:
    folder = home / "hooks" / "digest"
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return [json.loads(f.read_text()) for f in files]


PROBE = """
import json, sys
from pathlib import Path
from contextlamp.hooks.saver import read_session
from contextlamp.hooks.digest import cues_of
from contextlamp.hooks.clean import cue_input
out = []
for name in sys.argv[1:]:
    read = read_session(Path(name), None, set(), set(), 4 << 20, 4 << 20)
    turns = read.turns if read is not None else []
    for at, turn in enumerate(turns):
        if turn.role != "user":
            continue
        asked = turns[at - 1].text if at > 0 and turns[at - 1].role == "assistant" else ""
        raw = cues_of(turn.text, asked)
        left = cue_input(turn.text) if raw else None
        out.append([Path(name).name, at, raw, left, cues_of(left, asked) if raw else None])
print(json.dumps(out))
"""


def decisions(trees: dict[str, str], work: Path) -> dict[str, Any]:
    """Every stop's answer and checkpoint per tree, the probe's cue inputs, and whether the trees agree."""
    plays = build(work)
    record: dict[str, list[Any]] = {name: [] for name in trees}
    cpu: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    paths: dict[str, list[str]] = {name: [] for name in trees}
    asks: dict[str, int] = dict.fromkeys(trees, 0)
    for play in plays:
        state: dict[str, Any] = {}
        for name in trees:
            folder = work / name / f"s{play['n']}"
            cwd = folder / "repo"
            cwd.mkdir(parents=True)
            state[name] = (Transcript(play["client"], play["sid"], folder, cwd), folder / "data", cwd)
            paths[name].append(str(state[name][0].path))
        for step in play["steps"]:
            kind = step[-1][2] if len(step) == 1 else "long"
            for name, src in trees.items():  # interleaved: the same load for each tree
                transcript, home, cwd = state[name]
                for ex, asked, _ in step:
                    transcript.add(ex, asked)
                out, _, used = stop(src, home, play["client"], play["sid"], transcript.path, cwd, False)
                cpu[name].setdefault(kind, []).append(used)
                record[name].append([play["n"], kind, False, out, _checkpoint(home)])
                if _asked(out):
                    asks[name] += 1
                    if asks[name] % 3:
                        transcript.save_call()
                    out, _, _ = stop(src, home, play["client"], play["sid"], transcript.path, cwd, True)
                    record[name].append([play["n"], kind, True, out, _checkpoint(home)])
    probes: dict[str, Any] = {}
    for name, src in trees.items():
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *paths[name]],
            capture_output=True,
            text=True,
            env=_env(src, work / "probe"),
            timeout=900,
            check=True,
        )
        probes[name] = [[Path(row[0]).stem[-8:], *row[1:]] for row in json.loads(done.stdout)]
    first = next(iter(trees))
    late = {name: sum(_late(work / name / f"s{play['n']}" / "data") for play in plays) for name in trees}
    return {
        "stops": len(record[first]),
        "past_deadline": late,  # stops that answered "carry on" at the 5 s wall deadline (load): they defer an ask
        "asks": asks,
        "stops_identical": {name: record[name] == record[first] for name in trees},
        "cue_inputs_identical": {name: probes[name] == probes[first] for name in trees},
        "cue_turns": sum(1 for row in probes[first] if row[2]),
        "dropped_lines_turns": sum(1 for row in probes[first] if row[2] and row[3] is not None and row[4] != row[2]),
        "cpu_median_by_kind": {
            name: {k: round(statistics.median(v), 3) for k, v in sorted(cpu[name].items())} for name in trees
        },
        "record": record,
        "probes": probes,
    }


def _late(home: Path) -> int:
    """Stops of one data directory that ran past the hook's deadline (its log says so)."""
    logs = sorted((home / "logs").glob("hooks.log*")) if (home / "logs").is_dir() else []
    return sum(p.read_text(encoding="utf-8", errors="replace").count("deadline") for p in logs)


def _budget_files(work: Path) -> dict[str, Path]:
    rng = random.Random(SEED + 1)
    files: dict[str, Path] = {}
    last = {
        "prose turn": Exchange("can you look at the failing seat map test please", "OK."),
        "one-fact turn": Exchange("The booking api listens on port 8142 behind haproxy.", "OK."),
        "secret turn": Exchange(SECRETS[2].format(host="quay-db-03"), "OK."),
        "long transcript": Exchange("The timetable importer reads GTFS feeds from pier7.internal.", "OK."),
    }
    for label, ex in last.items():
        folder = work / label.replace(" ", "-")
        cwd = folder / "repo"
        cwd.mkdir(parents=True)
        transcript = Transcript("claude-code", "budget-" + label.replace(" ", "-"), folder, cwd)
        if label == "long transcript":
            for kind in rng.choices(KINDS[:2], k=200):
                transcript.add(*_exchange(kind, rng)[:2])
        transcript.add(ex, "")
        files[label] = transcript.path
    return files


def budget(trees: dict[str, str], runs: int, work: Path) -> dict[str, Any]:
    """Median CPU and wall of the stop hook per tree and transcript (module docstring)."""
    files = _budget_files(work)
    cpu: dict[str, dict[str, list[float]]] = {label: {n: [] for n in trees} for label in files}
    wall: dict[str, dict[str, list[float]]] = {label: {n: [] for n in trees} for label in files}
    outs: dict[str, dict[str, set[str]]] = {label: {n: set() for n in trees} for label in files}
    late: dict[str, dict[str, int]] = {label: dict.fromkeys(trees, 0) for label in files}
    loads = [os.getloadavg()[0]]
    for i in range(runs):
        for label, path in files.items():
            for name, src in trees.items():
                home = work / f"h-{name}-{i}"
                out, w, c = stop(src, home, "claude-code", "budget", path, path.parent / "repo", False)
                if "deadline" in "".join(p.read_text() for p in (home / "logs").glob("hooks.log*")):
                    late[label][name] += 1
                shutil.rmtree(home, ignore_errors=True)
                cpu[label][name].append(c)
                wall[label][name].append(w)
                outs[label][name].add(out[:40])
        loads.append(os.getloadavg()[0])
    return {
        "runs": runs,
        "load_avg": [round(min(loads), 1), round(max(loads), 1)],
        "cpu_median_s": {label: _medians(by, 4) for label, by in cpu.items()},
        "wall_median_s": {label: _medians(by, 3) for label, by in wall.items()},
        "answers": {label: {n: sorted(v) for n, v in by.items()} for label, by in outs.items()},
        "past_deadline": late,
    }


def _medians(by: dict[str, list[float]], digits: int) -> dict[str, float]:
    return {name: round(statistics.median(values), digits) for name, values in by.items()}


def main() -> None:
    """Command line (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tree", action="append", required=True, help="NAME=path/to/src")
    parser.add_argument("--budget", type=int, default=0, help="stops per tree and transcript (0: no budget)")
    parser.add_argument("--no-decisions", action="store_true")
    parser.add_argument("--out", type=Path, help="the whole result (every stop's record) as JSON")
    args = parser.parse_args()
    trees = {name: str(Path(src).resolve()) for name, src in (item.split("=", 1) for item in args.tree)}
    report: dict[str, Any] = {"load_avg_start": round(os.getloadavg()[0], 1)}
    with tempfile.TemporaryDirectory(prefix="hookcpu48-") as tmp:
        if args.budget:
            report["budget"] = budget(trees, args.budget, Path(tmp) / "budget")
        if not args.no_decisions:
            report["decisions"] = decisions(trees, Path(tmp) / "held")
    report["load_avg_end"] = round(os.getloadavg()[0], 1)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    shown = {k: v for k, v in report.items() if k != "decisions"}
    if "decisions" in report:
        shown["decisions"] = {k: v for k, v in report["decisions"].items() if k not in ("record", "probes")}
    print(json.dumps(shown, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
