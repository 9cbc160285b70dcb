"""stale51-held: stale50-held's runner over stop 48's held-out correction sequences (first turn, languages, ...).

Data: ``research/bench/data/stale51-held/cases.json`` (``make_cases.py`` beside it says the classes; written
before stop 48's product changes, read once at the end). The cases run exactly as ``stale50_held`` runs its own:
each session saved by the hook worker in its client's native transcript, the agent's saves through
``save_context``, then ``get_context`` from the repository. Figures and flags are ``stale50_held``'s.

Usage: ``nice -n 10 python -m research stale51_held [--tree OTHER_SRC] [--show] [--json]``.
"""

from __future__ import annotations

import sys

import stale50_held

if __name__ == "__main__":
    if "--data" not in sys.argv:
        sys.argv += ["--data", str(stale50_held.HERE / "data" / "stale51-held")]
    stale50_held.main()
