"""Reading a large chat export: the streaming reader (importers/chat_exports) beside ``json.load`` of the whole file.

A synthetic ChatGPT ``conversations.json`` (invented text; each conversation a mapping of ``--turns`` nodes, with
the metadata a real export carries) is written to a temporary folder; then, each in a fresh process (so one's
memory does not count against the other), ``json.load`` of the whole file (the baseline: what a reader that
loads the export would do) and the streaming reader turning every conversation into its turns
(``read_chatgpt``, the records the import runner gets). Time is wall-clock; peak memory is the process's
maximum resident set (``ru_maxrss``) less the interpreter's at start.

Usage: ``python -m research import_stream [--conversations 2000] [--turns 40]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

WORDS = [
    "the",
    "queue",
    "team",
    "deploy",
    "billing",
    "release",
    "notes",
    "quorum",
    "tomato",
    "balcony",
    "kettle",
    "filter",
    "grinder",
]


def _export(path: Path, conversations: int, turns: int) -> None:
    """Write a ChatGPT-shaped export, one conversation at a time (never the whole list in memory)."""
    with path.open("w", encoding="utf-8") as out:
        out.write("[")
        for c in range(conversations):
            mapping: dict[str, object] = {"root": {"id": "root", "message": None, "parent": None, "children": ["n0"]}}
            for t in range(turns):
                text = " ".join(WORDS[(c + t + k) % len(WORDS)] for k in range(60))
                role = "user" if t % 2 == 0 else "assistant"
                mapping[f"n{t}"] = {
                    "id": f"n{t}",
                    "message": {
                        "id": f"n{t}",
                        "author": {"role": role, "name": None, "metadata": {}},
                        "create_time": 1_700_000_000 + c * 100 + t,
                        "content": {"content_type": "text", "parts": [text]},
                        "status": "finished_successfully",
                        "metadata": {"model_slug": "gpt-4o", "finish_details": {"type": "stop"}},
                        "recipient": "all",
                    },
                    "parent": "root" if t == 0 else f"n{t - 1}",
                    "children": [f"n{t + 1}"] if t + 1 < turns else [],
                }
            conversation = {
                "id": f"c{c}",
                "title": f"conversation {c}",
                "create_time": 1_700_000_000 + c * 100,
                "mapping": mapping,
                "current_node": f"n{turns - 1}",
            }
            out.write(("," if c else "") + json.dumps(conversation, indent=2))
        out.write("]")


_CHILD = """
import json, resource, sys, time
from pathlib import Path
start_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
path = Path(sys.argv[2])
began = time.perf_counter()
if sys.argv[1] == "json.load":
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    count = len(data)
else:
    from contextlamp.importers.chat_exports import read_chatgpt
    count = sum(1 for _ in read_chatgpt(path))
elapsed = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start_rss
print(json.dumps({"count": count, "seconds": elapsed, "peak_kb": peak}))
"""


def _measure(how: str, path: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", _CHILD, how, str(path)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=2000)
    parser.add_argument("--turns", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "conversations.json"
        began = time.perf_counter()
        _export(path, args.conversations, args.turns)
        size_mb = path.stat().st_size / 1e6
        console = Console()
        console.print(
            f"export: {size_mb:.1f} MB, {args.conversations} conversations of {args.turns} turns "
            f"(written in {time.perf_counter() - began:.1f} s)"
        )
        table = Table(box=box.SIMPLE)
        for column in ("reader", "conversations", "seconds", "MB/s", "peak memory (MB)"):
            table.add_column(column, justify="right" if column != "reader" else "left")
        for how in ("json.load", "streamed (read_chatgpt)"):
            result = _measure("json.load" if how == "json.load" else "stream", path)
            table.add_row(
                how,
                str(int(result["count"])),
                f"{result['seconds']:.2f}",
                f"{size_mb / result['seconds']:.0f}",
                f"{result['peak_kb'] / 1024:.0f}",
            )
        console.print(table)


if __name__ == "__main__":
    main()
