"""CPU time of the 2 MiB transcript redaction, two source trees interleaved in one run.

The input is ``tests/test_secret_scan_linear.py::test_a_two_mebibyte_transcript_redacts_in_seconds``'s: 2 MiB of
engineering notes (``secret_scanner.prose_of_size``) and 2 MiB of hostile ``password a is -``. Each round runs
``SecretScanner.redact`` once per tree and input, each in a fresh process (``python -c`` with the tree's ``src``
first on ``sys.path``; thread CPU time of the call only, the rule set compiled and warmed on 4 KiB first), trees
alternating so that the machine's load falls on both alike. Prints each tree's median and minimum CPU seconds.

``--turns`` times the transcript path instead: the same 2 MiB cut into 1 KiB turns and redacted by
``app.distilling.redacted_turns`` when the tree has it (else each turn through ``SecretScanner.redact``).

Run: ``nice -n 10 python -m research secret_redact_time --base /tmp/base-src --rounds 5``
(``--base``: the ``src`` folder of the other tree, e.g. ``git archive 192df18 src | tar -x -C /tmp/base``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1] / "src"

CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2])
import secret_scanner as bench
from contextlamp.domain.secret_scan import SecretScanner
size = 2 * 1024 * 1024
if sys.argv[3] == "prose":
    text = bench.prose_of_size([bench.load_notes()], size)
else:
    text = ("password a is -" * (size // 15 + 1))[:size]
scanner = SecretScanner()
scanner.redact(text[:4096])
if sys.argv[4] == "turns":
    turns = [text[i : i + 1024] for i in range(0, len(text), 1024)]
    try:
        from contextlamp.app.distilling import redacted_turns
        call = lambda: redacted_turns(scanner, turns)
    except ImportError:
        call = lambda: [scanner.redact(t) for t in turns]
else:
    call = lambda: scanner.redact(text)
start = time.thread_time()
call()
print(time.thread_time() - start)
"""


def one(src: Path, kind: str, mode: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(src), str(HERE), kind, mode], capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the other tree's src folder")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", action="store_true", help="time the transcript path, 1 KiB turns")
    args = parser.parse_args()
    mode = "turns" if args.turns else "whole"
    trees = {"base": args.base.resolve(), "this": SRC}
    times: dict[tuple[str, str], list[float]] = {}
    for n in range(args.rounds):
        order = list(trees.items()) if n % 2 == 0 else list(reversed(trees.items()))
        for kind in ("prose", "hostile"):
            for name, src in order:
                times.setdefault((name, kind), []).append(one(src, kind, mode))
    for (name, kind), values in sorted(times.items()):
        print(f"{name:5} {kind:8} median {statistics.median(values):.3f} s  min {min(values):.3f} s  ({mode})")


if __name__ == "__main__":
    main()
