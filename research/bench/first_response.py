"""Time to first response of the stdio MCP server: how long a client waits for ``initialize``, ``tools/list``
and its first ``save_context`` (the first call that needs the embedding model), from spawning
``contextlamp serve`` in a fresh data directory.

    python -m research first_response [--runs 5] [--embedders minilm,fake]

Each figure is the median over ``--runs`` fresh processes, beside ``python -c pass`` measured in the same run
(the interpreter's own start). With ``minilm`` the model loads in a background thread started at start-up
(``contextlamp.embedding.onnx``), so ``initialize`` and ``tools/list`` should cost what they cost with ``fake``
(no model); ``save_context`` waits for the load if it is not over yet.
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
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.table import Table

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}},
}
SAVE = {"name": "save_context", "arguments": {"content": "We use pnpm, not npm, in every repository"}}


def _reply(stdout: IO[str], wanted: int) -> dict[str, Any]:
    for line in stdout:
        message = json.loads(line)
        if message.get("id") == wanted:
            return message
    raise RuntimeError(f"the server closed stdout before answering request {wanted}")


def one_run(exe: str, embedder: str) -> tuple[float, float, float]:
    """Seconds from spawn to the ``initialize``, ``tools/list`` and first ``save_context`` replies."""
    with tempfile.TemporaryDirectory(prefix="first-response-") as home:
        env = {**os.environ, "CONTEXTLAMP_HOME": home, "CONTEXTLAMP_USER": "bench", "CONTEXTLAMP_EMBEDDER": embedder}
        start = time.perf_counter()
        with subprocess.Popen(
            [exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
        ) as proc:
            assert proc.stdin is not None and proc.stdout is not None

            def send(message: dict[str, Any]) -> None:
                assert proc.stdin is not None
                proc.stdin.write(json.dumps(message) + "\n")
                proc.stdin.flush()

            send(INITIALIZE)
            _reply(proc.stdout, 1)
            initialized = time.perf_counter() - start
            send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
            _reply(proc.stdout, 2)
            listed = time.perf_counter() - start
            send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": SAVE})
            answer = _reply(proc.stdout, 3)
            saved = time.perf_counter() - start
            assert "error" not in answer and not answer["result"].get("isError"), answer
            proc.stdin.close()
            proc.wait(timeout=60)
    return initialized, listed, saved


def baseline() -> float:
    """Seconds of ``python -c pass``."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table (stdout)."""
    parser = argparse.ArgumentParser(description="stdio server time to first response")
    parser.add_argument("--runs", type=int, default=5, help="fresh server processes per embedder (default 5)")
    parser.add_argument("--embedders", default="minilm,fake", help="comma-separated (default minilm,fake)")
    args = parser.parse_args(argv)
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    table = Table(title=f"stdio server: seconds from spawn to each reply (median of {args.runs})")
    for column in ("embedder", "initialize", "tools/list", "first save_context", "python -c pass"):
        table.add_column(column, justify="left" if column == "embedder" else "right")
    for embedder in [e for e in args.embedders.split(",") if e]:
        runs = [one_run(exe, embedder) for _ in range(args.runs)]
        passes = [baseline() for _ in range(args.runs)]
        medians = [statistics.median(r[i] for r in runs) for i in range(3)]
        table.add_row(embedder, *(f"{m:.3f}" for m in medians), f"{statistics.median(passes):.3f}")
    Console(file=sys.stdout, width=160).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
