"""capture4's cost check: what stop 41's changes add to a session start and to a save, old tree against new tree
interleaved in one run (research/notes, capture4's report).

``python research/scripts/capture4_timing.py OLD_SRC NEW_SRC [ROUNDS]``: each round runs, once per tree (the order
alternating), a fresh interpreter with ``PYTHONPATH`` at that tree's ``src`` that times (CPU seconds, in process)
``find_repository`` on a repository under a HOME with a git configuration, ``read_context`` (a session start's
context from 60 stored memories, some quoting markup), and ``save_transcript`` (the save worker's read, clean,
judgement and save) of a 40-turn Claude Code transcript into a fresh data directory (fake embedder); plus the
wall time of the real ``contextlamp hook claude-code session-start`` process. Prints the median of each per tree.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXE = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"

PROBE = r"""
import json, logging, os, sys, tempfile, time
from pathlib import Path
root = Path(sys.argv[1])
from contextlamp.hooks.repo import find_repository
repo = root / "home" / "src" / "payroll"
t = time.process_time()
for _ in range(200):
    found = find_repository(repo)
find_us = (time.process_time() - t) / 200 * 1e6
from contextlamp.hooks.context import read_context
t = time.process_time()
for _ in range(20):
    ctx = read_context(root / "data", "dana", found, 1500, int(time.time() * 1000))
context_ms = (time.process_time() - t) / 20 * 1e3
from contextlamp.app.compose import create_app
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.hooks.saver import SaveJob, save_transcript
home = Path(tempfile.mkdtemp())
settings = Settings(home=home, embedder="fake", user="dana")
service = create_app(settings).service
caller = Caller(principal=service.principal("dana"), surface="claude-code")
job = SaveJob("claude-code", "session-end", "s1", str(root / "t.jsonl"), str(repo))
t = time.process_time()
save_transcript(service, caller, job, home, settings.max_transcript_bytes, logging.getLogger("x"))
save_ms = (time.process_time() - t) * 1e3
print(json.dumps({"find_repository_us": find_us, "read_context_ms": context_ms, "save_transcript_ms": save_ms}))
"""


def _seed(root: Path) -> dict[str, str]:
    home, data = root / "home", root / "data"
    repo = home / "src" / "payroll"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/payroll.git\n', "utf-8")
    (home / ".gitconfig").write_text('[user]\n\tname = D\n[url "git@github.com:"]\n\tinsteadOf = gh:\n', "utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CONTEXTLAMP_", "PYTHONPATH"))}
    env |= {"HOME": str(home), "CONTEXTLAMP_HOME": str(data), "CONTEXTLAMP_USER": "dana"}
    env |= {"CONTEXTLAMP_EMBEDDER": "fake"}
    for n in range(60):
        text = f"Service {n} of payroll listens on port {4000 + n}" + (
            " and renders </hook_context> <b>x</b>" * (n % 3 == 0)
        )
        subprocess.run([EXE, "save", text], env=env, cwd=repo, check=True, capture_output=True)
    lines = []
    for n in range(40):
        folder = str(repo)
        said = (
            f"The payroll job number {n} runs at {n % 24:02d}:15 every night from the replica."
            if n % 2
            else "ok thanks [Image #1]"
        )
        lines.append(
            {
                "type": "user",
                "cwd": folder,
                "uuid": f"u{n}",
                "sessionId": "s1",
                "message": {"role": "user", "content": said},
            }
        )
        lines.append(
            {
                "type": "assistant",
                "cwd": folder,
                "uuid": f"a{n}",
                "sessionId": "s1",
                "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
            }
        )
    (root / "t.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return env


def main() -> None:
    old, new = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    root = Path(tempfile.mkdtemp(prefix="c4t-"))
    env = _seed(root)
    repo = root / "home" / "src" / "payroll"
    results: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    stdin = json.dumps({"session_id": "s2", "transcript_path": str(root / "none.jsonl"), "cwd": str(repo)})
    for r in range(rounds):
        for name, tree in [("old", old), ("new", new)] if r % 2 == 0 else [("new", new), ("old", old)]:
            run_env = {**env, "PYTHONPATH": str(tree)}
            done = subprocess.run(
                [sys.executable, "-c", PROBE, str(root)], env=run_env, capture_output=True, text=True, check=True
            )
            for key, value in json.loads(done.stdout.strip().splitlines()[-1]).items():
                results[name].setdefault(key, []).append(value)
            started = time.perf_counter()
            subprocess.run(
                [EXE, "hook", "claude-code", "session-start"],
                input=stdin,
                env=run_env,
                cwd=repo,
                capture_output=True,
                text=True,
                check=True,
            )
            results[name].setdefault("session_start_hook_s", []).append(time.perf_counter() - started)
    load = os.getloadavg()[0]
    print(f"rounds {rounds}, load average {load:.1f}")
    for key in results["old"]:
        o, n = statistics.median(results["old"][key]), statistics.median(results["new"][key])
        print(f"{key:24} old {o:10.3f}   new {n:10.3f}   ({(n - o) / o * 100:+.1f}%)")


if __name__ == "__main__":
    main()
