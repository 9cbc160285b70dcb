"""stale52-held: stale50-held's runner over stop 49's held-out corrections in ko/ja/zh/tr/ru/uk/ar/hi and look-alikes.

Data: ``research/bench/data/stale52-held/cases.json`` (``make_cases.py`` beside it says the classes; written
before stop 49's product changes, read once at the end). The cases run exactly as ``stale50_held`` runs its own:
each session saved by the hook worker in its client's native transcript, the agent's saves through
``save_context``, then ``get_context`` from the repository. Figures and flags are ``stale50_held``'s.

Usage: ``nice -n 10 python -m research stale52_held [--tree OTHER_SRC] [--show] [--json]``.
"""

from __future__ import annotations

import sys

import stale50_held

if __name__ == "__main__":
    if "--data" not in sys.argv:
        sys.argv += ["--data", str(stale50_held.HERE / "data" / "stale52-held")]
    stale50_held.main()
