"""A hook's save on a big transcript (issue #29.11): peak memory and time of the detached save worker, and
what it judged, on a Claude Code JSONL of ``--mb`` MB (two-thirds tool output, the rest conversation turns of
~1 KB, a fact in the first turn and one in the last).

The worker runs as the SessionEnd hook starts it (``contextlamp hook claude-code session-end``), and the bench
waits for it; its peak RSS is read from ``/proc/<pid>/status`` (``VmHWM``) just before it exits, polled.

Usage: ``nice -n 10 python -m research big_transcript [--mb 200] [--embedder fake|minilm]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIRST = "We use pnpm in this repository, never npm."
LAST = "We decided to deploy the ledger API with Nomad."


def write_transcript(path: Path, megabytes: int) -> int:
    """A Claude Code JSONL of about ``megabytes`` MB; returns its number of conversation turns."""
    filler = "could you rerun the build, copy the assets and check what the bundler wrote to dist? " * 12
    output = "PASS src/ledger/settle.test.ts (12 tests)\n" * 50
    turns = 0
    with path.open("w", encoding="utf-8") as handle:

        def line(record: dict[str, object]) -> None:
            handle.write(json.dumps({"sessionId": "s1", "isSidechain": False, **record}) + "\n")

        line({"type": "user", "message": {"role": "user", "content": FIRST}})
        n = 0
        while handle.tell() < megabytes * 1_000_000:
            n += 1
            line({"type": "user", "message": {"role": "user", "content": f"step {n}: {filler}"}})
            call = {"type": "tool_use", "id": f"t{n}", "name": "Bash", "input": {"command": "pnpm test"}}
            line({"type": "assistant", "message": {"role": "assistant", "content": [call]}})
            result = {"type": "tool_result", "tool_use_id": f"t{n}", "content": output}
            line({"type": "user", "message": {"role": "user", "content": [result]}})
            line(
                {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}}
            )
            turns += 2
        line({"type": "user", "message": {"role": "user", "content": LAST}})
    return turns + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=200)
    parser.add_argument("--embedder", default="fake")
    args = parser.parse_args()
    exe = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"
    root = Path(tempfile.mkdtemp(prefix="clp-big-"))
    try:
        repo = root / "web-app"
        (repo / ".git").mkdir(parents=True)
        (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/web-app.git\n')
        transcript = root / "s1.jsonl"
        turns = write_transcript(transcript, args.mb)
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")},
            "CONTEXTLAMP_HOME": str(root / "data"),
            "CONTEXTLAMP_USER": "dana",
            "CONTEXTLAMP_EMBEDDER": args.embedder,
        }
        stdin = json.dumps({"session_id": "s1", "transcript_path": str(transcript), "cwd": str(repo)})
        started = time.perf_counter()
        subprocess.run([exe, "hook", "claude-code", "session-end"], input=stdin, text=True, env=env, check=True)
        log = root / "data" / "logs" / "hooks.log"
        pid = int(re.findall(r"in worker (\d+)", log.read_text())[-1])
        peak_kb = 0
        status = Path(f"/proc/{pid}/status")
        while True:
            try:
                text = status.read_text()
            except OSError:
                break
            if "State:\tZ" in text:
                break
            found = re.search(r"VmHWM:\s+(\d+) kB", text)
            peak_kb = max(peak_kb, int(found.group(1)) if found else 0)
            time.sleep(0.05)
        elapsed = time.perf_counter() - started
        listing = subprocess.run(
            [exe, "list", "--project", "web-app", "--json", "-n", "200"], capture_output=True, text=True, env=env
        )
        memories = [i["preview"] for i in json.loads(listing.stdout or '{"items": []}').get("items", [])]
        lines = [
            ln.split("INFO contextlamp.hooks: ")[-1] for ln in log.read_text().splitlines() if "s1" in ln or "-" in ln
        ]
        report = {
            "transcript_mb": round(transcript.stat().st_size / 1e6, 1),
            "conversation_turns": turns,
            "worker_peak_rss_mb": round(peak_kb / 1024, 1),
            "worker_s": round(elapsed, 1),
            "first_fact_kept": any("pnpm" in m for m in memories),
            "last_fact_kept": any("Nomad" in m for m in memories),
            "log": [ln for ln in lines if "turns" in ln or "skipped" in ln or "failed" in ln][-3:],
        }
        print(json.dumps(report, indent=2))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
