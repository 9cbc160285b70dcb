"""Session starts under a storm of hooks (issue #29.13): 36 hooks at once, 24 session ends (each starting a
detached save of its own Claude Code transcript) and 12 session starts, in one repository whose project holds
memories; reported: how many session starts injected their context, and their wall times, beside the same
session starts run alone first (the baseline of the same run). The hooks run as ``connect`` installs them
(``contextlamp hook claude-code EVENT``), the deadline is the default ``CONTEXTLAMP_HOOK_TIMEOUT_S`` (5 s).

With ``--after-ends`` the session starts begin once the session-end hooks have returned, while their saves
run: what they then wait behind is the captures alone.

With ``--compare REF`` the same storm runs first on the code of git ref ``REF`` (its ``src`` exported to a
temporary folder and put first on ``PYTHONPATH``), then on this checkout's: the baseline of the same run.

Usage: ``nice -n 10 python -m research hook_storm [--ends 24] [--starts 12] [--embedder minilm|fake] [--after-ends]
[--compare integ]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

FACTS = (
    "We use pnpm in this repository, never npm.",
    "The billing worker listens on port 4123 in staging.",
    "We decided to deploy the ledger API with Nomad.",
    "Integration tests need the local payments stub on port 8443.",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ends", type=int, default=24)
    parser.add_argument("--starts", type=int, default=12)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument(
        "--after-ends",
        action="store_true",
        help="start the session starts once every session-end hook has returned (their saves running): what"
        " the starts wait behind is then the captures alone, not the hooks' own process starts",
    )
    parser.add_argument("--compare", default=None, help="a git ref whose code runs the same storm first")
    args = parser.parse_args()
    exe = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"
    rows: dict[str, dict[str, object]] = {}
    if args.compare:
        with tempfile.TemporaryDirectory(prefix="clp-storm-src-") as copy:
            archive = subprocess.run(
                ["git", "archive", args.compare, "src"],
                check=True,
                capture_output=True,
                cwd=Path(__file__).resolve().parents[2],
            ).stdout
            subprocess.run(["tar", "-x", "-C", copy], input=archive, check=True)
            rows[args.compare] = storm(exe, args, {"PYTHONPATH": str(Path(copy) / "src")})
    rows["this checkout"] = storm(exe, args, {})
    print(json.dumps(rows, indent=2))


def storm(exe: str, args: argparse.Namespace, extra_env: dict[str, str]) -> dict[str, object]:
    """One storm in a fresh data directory: the session starts alone, then under the storm."""
    root = Path(tempfile.mkdtemp(prefix="clp-storm-"))
    try:
        repo = root / "web-app"
        (repo / ".git").mkdir(parents=True)
        (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/web-app.git\n')
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")},
            "CONTEXTLAMP_HOME": str(root / "data"),
            "CONTEXTLAMP_USER": "dana",
            "CONTEXTLAMP_EMBEDDER": args.embedder,
            **extra_env,
        }

        def hook(event: str, n: int) -> tuple[float, bool]:
            transcript = root / f"s{n}.jsonl"
            if not transcript.exists():
                lines = [
                    {"type": "user", "sessionId": f"s{n}", "message": {"role": "user", "content": f"{fact} ({n})"}}
                    for fact in FACTS
                ]
                transcript.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
            stdin = json.dumps({"session_id": f"s{n}", "transcript_path": str(transcript), "cwd": str(repo)})
            started = time.perf_counter()
            done = subprocess.run(
                [exe, "hook", "claude-code", event], input=stdin, capture_output=True, text=True, env=env, cwd=repo
            )
            elapsed = time.perf_counter() - started
            try:
                injected = bool(json.loads(done.stdout).get("hookSpecificOutput", {}).get("additionalContext"))
            except ValueError:
                injected = False
            return elapsed, injected

        hook("session-start", 0)  # maps the repository to its project (web-app) before the saves name it
        for fact in FACTS:
            subprocess.run([exe, "save", fact, "--project", "web-app"], env=env, check=True, capture_output=True)
        alone = [hook("session-start", 1000 + n) for n in range(args.starts)]
        ends = [("session-end", n) for n in range(args.ends)]
        starts = [("session-start", 100 + n) for n in range(args.starts)]
        with ThreadPoolExecutor(max_workers=len(ends) + len(starts)) as pool:
            if args.after_ends:
                list(pool.map(lambda job: hook(*job), ends))
                storm = list(pool.map(lambda job: hook(*job), starts))
            else:
                storm = list(pool.map(lambda job: hook(*job), ends + starts))[args.ends :]
        report: dict[str, object] = {
            "alone": {
                "injected": sum(i for _, i in alone),
                "median_s": round(statistics.median(t for t, _ in alone), 2),
                "max_s": round(max(t for t, _ in alone), 2),
            },
            "storm": {
                "injected": sum(i for _, i in storm),
                "of": args.starts,
                "median_s": round(statistics.median(t for t, _ in storm), 2),
                "max_s": round(max(t for t, _ in storm), 2),
            },
        }
        print(json.dumps(report), file=sys.stderr)
        deadline = time.monotonic() + 900  # let the saves finish before the folder goes
        log = root / "data" / "logs" / "hooks.log"
        while time.monotonic() < deadline:
            text = log.read_text(encoding="utf-8", errors="replace")
            if text.count("new turns ->") + text.count("nothing new in") + text.count("save failed") >= args.ends:
                break
            time.sleep(1)
        return report
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
