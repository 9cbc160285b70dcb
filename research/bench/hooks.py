"""Latency of the lifecycle hooks (``contextlamp hook CLIENT EVENT``), each call a fresh process as a client
runs it, beside a process start of the same command (``contextlamp --version``) measured in the same run.

The data directory is seeded first: a git repository ``web-app`` (its remote names the project), a session
saved from the Claude Code transcript of tests/data/transcripts/hooks/ through the hooks themselves, and
project and personal memories. Then, after one unmeasured call of each row:

- ``session-start``: the Claude Code SessionStart hook (stdin JSON), which opens the memory, reads the
  project's digests and memories through the service and prints ``additionalContext`` (issue #15: p95 under
  1 s warm); it never loads the embedding model, whatever ``--embedder`` says;
- ``session-end``: the SessionEnd hook, which only starts the detached save and exits; the bench waits for
  each save to finish before the next sample, so no save competes with a measured call;
- ``garbage stdin``: a hook given bytes that are no JSON (the failure path: a log line, ``{}``);
- ``contextlamp list --project web-app``, for reference: the same application import and store opening as a
  session start, without the hook's reads (what a session start costs beyond it is the hook's own work).

Usage: ``python -m research hooks [--runs 20] [--embedder minilm|fake] [--quick]``.
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "tests" / "data" / "transcripts" / "hooks"
SEED = (
    "The web-app build uses esbuild with target es2022",
    "Feature flags for web-app live in config/flags.yaml",
    "Prefer small pull requests with one concern each",
    "Deploys happen on Tuesdays after the standup",
    "Integration tests need the local payments stub on port 8443",
)
SAVE_WAIT_S = 120.0


@dataclass(frozen=True)
class Row:
    """One line of the table: its label, what one sample runs (run number -> ms), the target in ms."""

    label: str
    run: Callable[[int], float]
    target_ms: float | None


def command() -> list[str]:
    """The installed console script beside this interpreter, else ``python -m contextlamp``."""
    script = Path(sys.executable).parent / "contextlamp"
    if script.exists():
        return [str(script)]
    found = shutil.which("contextlamp")
    return [found] if found else [sys.executable, "-m", "contextlamp"]


def timed(argv: Sequence[str], env: dict[str, str], stdin: str = "", cwd: Path | None = None) -> float:
    """Wall-clock ms of one subprocess from spawn to exit; raises if it exits non-zero."""
    start = time.perf_counter()
    done = subprocess.run(list(argv), env=env, input=stdin.encode(), capture_output=True, cwd=cwd, check=False)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed


def summary(samples_ms: Sequence[float]) -> tuple[float, float]:
    """(median, p95) in ms; p95 by ``statistics.quantiles`` (inclusive method, 20 cuts), the one sample alone."""
    if len(samples_ms) == 1:
        return samples_ms[0], samples_ms[0]
    return statistics.median(samples_ms), statistics.quantiles(samples_ms, n=20, method="inclusive")[18]


def finished_saves(data: Path) -> int:
    """Detached saves that ended (kept something, found nothing new, or failed), from the hooks' log."""
    path = data / "logs" / "hooks.log"
    log = path.read_text(encoding="utf-8") if path.exists() else ""
    return log.count("new turns ->") + log.count("nothing new in") + log.count("save failed")


def wait_saves(data: Path, count: int) -> None:
    """Wait until ``count`` detached saves have ended."""
    deadline = time.monotonic() + SAVE_WAIT_S
    while finished_saves(data) < count:
        if time.monotonic() > deadline:
            raise RuntimeError("a detached save did not finish")
        time.sleep(0.05)


def main(argv: Sequence[str] | None = None) -> int:
    """Seed a scratch HOME, time every row ``--runs`` times after one unmeasured run, print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=20, help="measured runs per row (default 20)")
    parser.add_argument("--embedder", choices=("minilm", "fake"), default="minilm")
    parser.add_argument("--quick", action="store_true", help="2 runs per row (the test's mode)")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else max(1, args.runs)
    cli = command()
    with tempfile.TemporaryDirectory(prefix="cl-hooks-") as tmp:
        root = Path(tmp)
        data, repo = root / "data", root / "src" / "web-app"
        (repo / ".git").mkdir(parents=True)
        (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/web-app.git\n', "utf-8")
        transcript = root / "home" / ".claude" / "projects" / "web-app" / "session.jsonl"
        transcript.parent.mkdir(parents=True)
        text = "".join(p.read_text(encoding="utf-8") for p in sorted(TRANSCRIPTS.glob("claude-code-*.jsonl")))
        transcript.write_text(text, encoding="utf-8")
        env = {
            **{k: v for k, v in os.environ.items() if not k.upper().startswith("CONTEXTLAMP_")},
            "HOME": str(root / "home"),
            "CONTEXTLAMP_HOME": str(data),
            "CONTEXTLAMP_USER": "bench",
            "CONTEXTLAMP_EMBEDDER": args.embedder,
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a user's machine: bytecode cached after the first run

        def stdin(event: str, session: str) -> str:
            payload = {"session_id": session, "transcript_path": str(transcript), "cwd": str(repo)}
            return json.dumps({**payload, "hook_event_name": event})

        saves = 0

        def session_end(run: int) -> float:
            nonlocal saves
            elapsed = timed([*cli, "hook", "claude-code", "session-end"], env, stdin("SessionEnd", f"s{run}"), repo)
            saves += 1
            wait_saves(data, saves)  # outside the measured time: no save competes with the next sample
            return elapsed

        session_end(-100)  # seeds a digest and the project through the hooks themselves
        for fact in SEED:
            timed([*cli, "save", fact, *(("--project", "web-app") if "web-app" in fact else ())], env)
        rows = [
            Row("python -c pass", lambda _r: timed([sys.executable, "-c", "pass"], env), None),
            Row("contextlamp --version (baseline)", lambda _r: timed([*cli, "--version"], env), None),
            Row(
                "contextlamp list --project web-app (reference)",
                lambda _r: timed([*cli, "list", "--project", "web-app"], env),
                None,
            ),
            Row(
                "hook claude-code session-start",
                lambda r: timed(
                    [*cli, "hook", "claude-code", "session-start"], env, stdin("SessionStart", f"s{r}"), repo
                ),
                1000,
            ),
            Row("hook claude-code session-end (detached save)", session_end, 1000),
            Row(
                "hook claude-code session-end, garbage stdin",
                lambda _r: timed([*cli, "hook", "claude-code", "session-end"], env, "\x00{not json"),
                1000,
            ),
        ]
        title = f"contextlamp hooks (ms, {runs} runs each, embedder {args.embedder}, bytecode cached)"
        table = Table(title=title, box=box.MARKDOWN)
        for column in ("command", "median", "p95", "median - --version", "target (p95)"):
            table.add_column(column, justify="left" if column == "command" else "right")
        baseline: float | None = None
        for row in rows:
            row.run(-1)  # unmeasured
            median, p95 = summary([row.run(n) for n in range(runs)])
            if row.label.startswith("contextlamp --version"):
                baseline = median
            over = (
                "" if baseline is None or row.label.startswith("contextlamp --version") else f"{median - baseline:.0f}"
            )
            target = "" if row.target_ms is None else f"< {row.target_ms:.0f}"
            table.add_row(row.label, f"{median:.0f}", f"{p95:.0f}", over, target)
        Console(width=130).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
