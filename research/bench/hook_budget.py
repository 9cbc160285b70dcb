"""Where the stop hook's time goes, quiet and loaded, and whether a loaded machine loses its asks (#27,
research/notes/hookload47-stop45.md).

``python -m research.bench.hook_budget --tree A=/path/src --tree B=/path/src [--load K] [--runs N] [--sessions F]``

- **Budget**: for each tree, ``--runs`` stop hooks (``python -m contextlamp hook claude-code stop``, the command
  ``connect`` installs, under that tree's ``src`` on ``PYTHONPATH``) on a 40-turn transcript whose last user turn
  states a fact; wall and CPU seconds (the child's ``getrusage``) per run, median; and one in-process phase split
  (CPU and wall): interpreter start, the console script's import, ``hooks.runtime``, ``hooks.digest``, the
  transcript's read, the cues, the checkpoint write.
- **Sessions** (``--sessions``, e.g. ``research/bench/data/hookload-held.json``): each session played one stop per
  turn through the real hook; an ask is answered with a ``save_session`` call and a continued stop, as the agent
  does. A taught turn is *asked* (at its own stop or a later one, before the session ends), *lost* (a stop
  moved the checkpoint past it without asking) or *left* (still new when the session ends: the session-end
  capture judges it).
- ``--load K`` runs K busy loops (this process's children, killed at the end) while measuring, and
  ``--hook-nice N`` runs each hook below them (a hook at nice 19 beside loops at nice 10 gets the CPU share of one
  process among ~30 at equal priority: the month bench's load); the trees are interleaved run by run, so both
  see the same load. The interpreter start is its CPU before the probe's first line (wall not known).
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PHASES = """
import time, resource, sys
def cpu(): r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
marks = [("start", cpu(), time.perf_counter())]
import contextlamp.cli.main
marks.append(("console script", cpu(), time.perf_counter()))
import contextlamp.hooks.runtime
marks.append(("hooks.runtime", cpu(), time.perf_counter()))
from contextlamp.hooks import digest
from contextlamp.hooks.saver import read_session
from contextlamp.hooks.checkpoint import save_calls
marks.append(("hooks.digest", cpu(), time.perf_counter()))
from pathlib import Path
path = Path(sys.argv[1])
read = read_session(path, None, set(), set(), 4 << 20, 4 << 20); save_calls(path)
marks.append(("transcript read", cpu(), time.perf_counter()))
[digest.cues_of(t.text) for t in read.turns if t.role == "user"]
marks.append(("cues", cpu(), time.perf_counter()))
digest.decide(digest.Pause("k", path, False), Path(sys.argv[2]))
marks.append(("whole decide", cpu(), time.perf_counter()))
print(repr(marks))
"""


NICE: list[str] = []  # ``--hook-nice``: the hooks run at a lower priority than the busy loops (a loaded machine)


def _line(role: str, text: str) -> str:
    content: object = text if role == "user" else [{"type": "text", "text": text}]
    return json.dumps({"type": role, "message": {"role": role, "content": content}}) + "\n"


def _save_line() -> str:
    call = {"type": "tool_use", "id": "t1", "name": "mcp__contextlamp__save_session", "input": {"digest": "x"}}
    return json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [call]}}) + "\n"


def _env(src: str, home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": src, "CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_LOG_LEVEL": "INFO"}


def stop(src: str, home: Path, transcript: Path, active: bool) -> tuple[str, float, float]:
    """One real stop hook: (stdout, wall s, CPU s)."""
    payload = json.dumps({"session_id": "s", "transcript_path": str(transcript), "stop_hook_active": active})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [*NICE, sys.executable, "-m", "contextlamp", "hook", "claude-code", "stop"],
        input=payload,
        capture_output=True,
        text=True,
        env=_env(src, home),
        cwd=str(home.parent),
        timeout=120,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done.stdout.strip(), wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _asked(out: str) -> bool:
    return out.startswith("{") and json.loads(out).get("decision") == "block"


def budget(trees: dict[str, str], runs: int, work: Path) -> dict[str, Any]:
    """Median wall / CPU of the stop hook per tree, and one phase split each (seconds)."""
    transcript = work / "budget.jsonl"
    body = "".join(_line("user", f"look at step {i} of the build") + _line("assistant", "OK.") for i in range(19))
    fact = _line("user", "The api listens on port 7311 behind nginx.") + _line("assistant", "OK.")
    transcript.write_text(body + fact)
    walls: dict[str, list[float]] = {name: [] for name in trees}
    cpus: dict[str, list[float]] = {name: [] for name in trees}
    asks: dict[str, int] = dict.fromkeys(trees, 0)
    for i in range(runs):
        for name, src in trees.items():  # interleaved: the same load for each tree
            out, wall, cpu = stop(src, work / f"home-{name}-{i}", transcript, False)
            walls[name].append(wall)
            cpus[name].append(cpu)
            asks[name] += _asked(out)
    phases: dict[str, Any] = {}
    for name, src in trees.items():
        done = subprocess.run(
            [*NICE, sys.executable, "-c", PHASES, str(transcript), str(work / f"phase-{name}")],
            capture_output=True,
            text=True,
            env=_env(src, work / f"phase-{name}"),
            timeout=300,
            check=True,
        )
        marks = ast.literal_eval(done.stdout.strip().splitlines()[-1])  # the probe's (name, cpu, wall) tuples
        phases[name] = {"interpreter start": {"cpu": round(marks[0][1], 3), "wall": None}}
        phases[name].update(
            {b[0]: {"cpu": round(b[1] - a[1], 3), "wall": round(b[2] - a[2], 3)} for a, b in itertools.pairwise(marks)}
        )
    return {
        name: {
            "wall_median": round(statistics.median(walls[name]), 3),
            "wall_max": round(max(walls[name]), 3),
            "cpu_median": round(statistics.median(cpus[name]), 3),
            "asked": f"{asks[name]}/{runs}",
            "phases": phases[name],
        }
        for name in trees
    }


def sessions(trees: dict[str, str], data: Path, work: Path) -> dict[str, Any]:
    """Each session of ``data`` played through the real stop hook per tree, interleaved turn by turn."""
    plays = json.loads(data.read_text(encoding="utf-8"))["sessions"]
    result: dict[str, dict[str, Any]] = {
        name: {"taught": 0, "asked_at_once": 0, "asked_later": 0, "lost": 0, "left": 0, "asks": 0, "max_wall": 0.0}
        for name in trees
    }
    for play in plays:
        state: dict[str, dict[str, Any]] = {}
        for name in trees:
            folder = work / f"s-{name}-{play['id']}"
            folder.mkdir(parents=True)
            (folder / "t.jsonl").write_text("")
            state[name] = {"home": folder / "data", "path": folder / "t.jsonl", "pending": 0, "turns": 0}
        for turn in play["turns"]:
            for name, src in trees.items():
                s, r = state[name], result[name]
                with s["path"].open("a") as handle:
                    handle.write(_line("user", turn["text"]) + _line("assistant", "Sure."))
                r["taught"] += turn["teach"]
                s["pending"] += turn["teach"]
                fresh = turn["teach"]
                out, wall, _ = stop(src, s["home"], s["path"], False)
                r["max_wall"] = max(r["max_wall"], round(wall, 2))
                if _asked(out):
                    r["asks"] += 1
                    r["asked_at_once"] += fresh
                    r["asked_later"] += s["pending"] - fresh
                    s["pending"] = 0
                    with s["path"].open("a") as handle:
                        handle.write(_save_line() + _line("assistant", "Saved."))
                    stop(src, s["home"], s["path"], True)
                    continue
                moved = _checkpoint_turns(s["home"])
                if moved is not None and moved > s["turns"]:  # the checkpoint moved past them without asking
                    r["lost"] += s["pending"]
                    s["pending"] = 0
                s["turns"] = moved or s["turns"]
        for name in trees:
            result[name]["left"] += state[name]["pending"]
    return result


def _checkpoint_turns(home: Path) -> int | None:
    folder = home / "hooks" / "digest"
    files = list(folder.glob("*.json")) if folder.is_dir() else []
    if not files:
        return None
    return int(json.loads(files[0].read_text()).get("turns", 0))


def main() -> None:
    """Command line (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tree", action="append", required=True, help="NAME=path/to/src")
    parser.add_argument("--load", type=int, default=0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sessions", type=Path)
    parser.add_argument("--no-budget", action="store_true")
    parser.add_argument("--hook-nice", type=int, default=0, help="run each hook under nice -n N (0: not)")
    args = parser.parse_args()
    trees = dict(item.split("=", 1) for item in args.tree)
    if args.hook_nice:
        NICE.extend(["nice", "-n", str(args.hook_nice)])
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            report: dict[str, Any] = {"load_avg_start": os.getloadavg()[0], "busy_loops": args.load}
            if not args.no_budget:
                report["budget"] = budget(trees, args.runs, Path(tmp))
            if args.sessions:
                report["sessions"] = sessions(trees, args.sessions, Path(tmp))
            report["load_avg_end"] = os.getloadavg()[0]
    finally:
        for process in busy:
            process.kill()
            process.wait()
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
