"""The stop hook's cues (hooks/digest.py ``cues_of``): which user turns make a pause ask the agent for its digest.

Two measures, old code against new in one run (``--tree SRC``: the same measures with ``SRC`` first on
``PYTHONPATH``, in a subprocess):

- a cue set (``--data``, a JSON file of ``ordinary`` turns, which must not ask, and ``lesson`` turns, which must):
  turns asked of each;
- the cost over the month banks' sessions (``month.plan`` and ``month.exchanges``, every user turn a pause, as a
  stop hook sees a session whose agent saved nothing itself): extra agent turns per session, split into pauses
  after a taught fact or correction (the digest has something to keep) and after any other turn (chatter,
  pasted code, a request, a secret: an extra turn that keeps nothing).

Usage: ``python -m research digest_cues [--data FILE ...] [--tree SRC] [--json] [--show]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
SETS = (DATA / "digest-cues-held2.json",)
BANKS = ("dev", "held", "fresh", "blind4", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10")


def measure(files: list[Path], show: bool) -> dict[str, Any]:
    """The figures of the code on ``sys.path`` (see the module docstring)."""
    import month
    from contextlamp.hooks.digest import cues_of

    out: dict[str, Any] = {}
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        row: dict[str, Any] = {}
        for part in ("ordinary", "lesson"):
            asked = [t for t in data.get(part, []) if cues_of(t)]
            row[part] = f"{len(asked)}/{len(data.get(part, []))}"
            if show:
                row[f"{part}_asked"] = asked if part == "ordinary" else [t for t in data[part] if not cues_of(t)]
        out[path.stem] = row
    sessions = durable = other = durable_turns = 0
    for bank in BANKS:
        seed = month.BANK_SEEDS[bank]
        planned, _ = month.plan(bank, seed)
        rng = random.Random(seed * 7919)
        for session in planned:
            body = month.exchanges(session, rng)
            facts = [*session.teach, *session.correct]
            said = {ex.user for ex in body if any(f.component in ex.user for f in facts)}
            sessions += 1
            for ex in body:
                asks = bool(cues_of(ex.user))
                if ex.user in said:
                    durable_turns += 1
                    durable += asks
                else:
                    other += asks
    out["month"] = {
        "sessions": sessions,
        "extra_turns_per_session": round((durable + other) / sessions, 2),
        "after_a_fact": f"{durable}/{durable_turns}",
        "after_anything_else": other,
    }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, action="append", help="a cue set (default: digest-cues-held2.json)")
    parser.add_argument("--tree", default=None, help="another tree's src folder: its figures beside these")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="list the ordinary turns asked and the lessons not")
    args = parser.parse_args()
    files = [p if p.exists() else DATA / p for p in (args.data or list(SETS))]
    here = measure(files, args.show)
    if args.json:
        print(json.dumps(here))
        return
    old: dict[str, Any] | None = None
    if args.tree:
        command = [sys.executable, "-m", "research", "digest_cues", "--json", *(f"--data={p}" for p in files)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([args.tree, os.environ.get("PYTHONPATH", "")])}
        root = Path(__file__).resolve().parents[2]
        done = subprocess.run(command, env=env, cwd=root, capture_output=True, text=True, check=True)
        old = json.loads(done.stdout)
    for name, row in here.items():
        for key, value in row.items():
            before = f"{old[name][key]} -> " if old is not None and key in old.get(name, {}) else ""
            print(f"{name:<24}{key:<26}{before}{value}")


if __name__ == "__main__":
    main()
