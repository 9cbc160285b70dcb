"""Stop 40's breaker: the save worker's time against the length of one session (research/notes/breaker-stop40.md,
"Slow inputs"): N distinct durable facts in one Claude Code session, then session-end, for N and 2N; a ratio near 2
is linear, near 4 quadratic. ``python research/scripts/breaker40_long.py [N]``
"""

from __future__ import annotations

import sys
import time

from breaker40 import Scratch


def facts(n: int) -> list[str]:
    words = ("amber", "basalt", "cedar", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper")
    return [
        f"The {words[i % 10]}-{i} service listens on port {4000 + i} and is owned by team {words[(i // 10) % 10]}."
        for i in range(n)
    ]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for size in (n, 2 * n):
        s = Scratch()
        started = time.perf_counter()
        s.claude(facts(size))
        took = time.perf_counter() - started
        print(f"{size} turns: hooks + worker {took:.1f} s, memories {len(s.memories())}", flush=True)


if __name__ == "__main__":
    main()
