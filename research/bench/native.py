"""How parsing a client's native transcript grows with the file: Claude Code JSONL of 6.25 to 50 MiB, most of it
tool output, as a long agent session writes it.

    python -m research native [--sizes 6.25,12.5,25,50] [--seed 15]

The file is synthetic (seeded): user prompts, assistant answers split around tool calls, tool results of 2 to
64 KiB (file reads, test logs), thinking blocks, system reminders and a sidechain run, in the shape of
tests/data/transcripts/claude_code.jsonl; about 95 % of the bytes are tool output the parser leaves out.

Columns, per size: ``json.loads`` is the baseline from the same run (read the file line by line and decode every
line, which any parser of the format must at least do); ``streamed`` is ``parse_native_lines`` over the open
file (what a hook should call), ``in memory`` is ``parse_native`` over the whole text (what save_session gets);
``x baseline`` is streamed / baseline; ``s/MiB ratio`` is the streamed time per MiB over the smallest size's
(about 1 at every size means linear). ``peak MiB`` is the most memory Python allocated while streaming
(tracemalloc, a separate pass): it stays near the kept text, not the file. ``for save`` times
``transcript_for_save`` to the 2 MiB transcript limit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from contextlamp.distill.native import parse_native, parse_native_lines, transcript_for_save

MIB = 1024 * 1024
DEFAULT_SIZES = (6.25, 12.5, 25.0, 50.0)
SAVE_LIMIT = 2 * MIB
WORDS = [
    "ledger",
    "billing",
    "settlement",
    "invoice",
    "queue",
    "worker",
    "cache",
    "schema",
    "migration",
    "fixture",
    "deploy",
    "token",
]


def _line(record: dict[str, object]) -> str:
    return json.dumps(record, separators=(",", ":")) + "\n"


def write_session(path: Path, size_bytes: int, seed: int) -> int:
    """A synthetic Claude Code session JSONL of at least ``size_bytes`` bytes; returns its user turns."""
    rng = random.Random(seed)
    written = turns = 0
    with path.open("w", encoding="utf-8") as out:
        while written < size_bytes:
            turns += 1
            base = {"sessionId": "s", "parentUuid": f"u{turns}", "isSidechain": False, "cwd": "/w", "version": "2"}
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30)))
            prompt = f"Turn {turns}: the {words} must stay on PostgreSQL {rng.randint(12, 17)}."
            reminder = "<system-reminder>" + "The user opened a file. " * 20 + "</system-reminder>"
            lines = [_line({**base, "type": "user", "message": {"role": "user", "content": f"{prompt}\n{reminder}"}})]
            for call in range(rng.randint(1, 4)):
                thinking = {"type": "thinking", "thinking": words * 4, "signature": "x" * 200}
                tool = {"type": "tool_use", "id": f"t{turns}.{call}", "name": "Bash", "input": {"command": "pytest"}}
                lines.append(
                    _line({**base, "type": "assistant", "message": {"role": "assistant", "content": [thinking]}})
                )
                lines.append(_line({**base, "type": "assistant", "message": {"role": "assistant", "content": [tool]}}))
                output = ("E   assert settlement == expected  # " + words + "\n") * rng.randint(20, 400)
                result = {"type": "tool_result", "tool_use_id": f"t{turns}.{call}", "content": output}
                lines.append(_line({**base, "type": "user", "message": {"role": "user", "content": [result]}}))
            if turns % 7 == 0:
                side = {"role": "user", "content": "Sub-agent: search the repo. " * 30}
                lines.append(_line({**base, "isSidechain": True, "type": "user", "message": side}))
            answer = {"type": "text", "text": f"Done with turn {turns}: {words}."}
            lines.append(_line({**base, "type": "assistant", "message": {"role": "assistant", "content": [answer]}}))
            chunk = "".join(lines)
            out.write(chunk)
            written += len(chunk.encode())
    return turns


def _baseline(path: Path) -> float:
    start = time.perf_counter()
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            json.loads(line)
    return time.perf_counter() - start


def _streamed(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    with path.open(encoding="utf-8") as lines:
        turns = parse_native_lines(lines) or []
    return time.perf_counter() - start, len(turns)


def _peak(path: Path) -> int:
    tracemalloc.start()
    try:
        with path.open(encoding="utf-8") as lines:
            parse_native_lines(lines)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(size_mib: float, seed: int, directory: Path) -> dict[str, float]:
    """One row: the timings and the peak memory for a file of ``size_mib`` MiB."""
    path = directory / f"session-{size_mib}.jsonl"
    user_turns = write_session(path, int(size_mib * MIB), seed)
    size = path.stat().st_size
    baseline = min(_baseline(path) for _ in range(2))
    streamed, turns = min(_streamed(path) for _ in range(2))
    text = path.read_text(encoding="utf-8")
    start = time.perf_counter()
    whole = parse_native(text) or []
    in_memory = time.perf_counter() - start
    del text
    start = time.perf_counter()
    saved = transcript_for_save(whole, SAVE_LIMIT)
    for_save = time.perf_counter() - start
    peak = _peak(path)
    path.unlink()
    return {
        "mib": size / MIB,
        "user_turns": user_turns,
        "turns": turns,
        "baseline": baseline,
        "streamed": streamed,
        "in_memory": in_memory,
        "for_save": for_save,
        "saved_mib": len(saved.encode()) / MIB,
        "peak_mib": peak / MIB,
    }


def table(rows: Sequence[dict[str, float]]) -> Table:
    """The report: one row per size, the ratio columns against the same run's baseline and smallest size."""
    out = Table(title="Native transcript parsing (Claude Code JSONL, ~95 % tool output)")
    for name in ("MiB", "turns kept", "json.loads s", "streamed s", "x baseline", "s/MiB ratio", "in memory s"):
        out.add_column(name, justify="right")
    for name in ("peak MiB", "for save s", "saved MiB"):
        out.add_column(name, justify="right")
    first = rows[0]["streamed"] / rows[0]["mib"]
    for row in rows:
        out.add_row(
            f"{row['mib']:.2f}",
            f"{row['turns']:.0f}",
            f"{row['baseline']:.3f}",
            f"{row['streamed']:.3f}",
            f"{row['streamed'] / row['baseline']:.2f}",
            f"{row['streamed'] / row['mib'] / first:.2f}",
            f"{row['in_memory']:.3f}",
            f"{row['peak_mib']:.2f}",
            f"{row['for_save']:.3f}",
            f"{row['saved_mib']:.2f}",
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; 0 always (the figures are read, not gated: the machine may be loaded)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--sizes", default=",".join(str(s) for s in DEFAULT_SIZES), help="MiB, comma-separated")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    sizes = [float(s) for s in args.sizes.split(",") if s.strip()]
    with tempfile.TemporaryDirectory() as directory:
        rows = [measure(size, args.seed, Path(directory)) for size in sizes]
    Console(width=160).print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
