"""The stop hook's cues (hooks/digest.py ``cues_of``): which user turns make a pause ask the agent for its digest.

Two measures, old code against new in one run (``--tree SRC``: the same measures with ``SRC`` first on
``PYTHONPATH``, in a subprocess):

- a cue set (``--data``, a JSON file of ``ordinary`` turns, which must not ask, and ``lesson`` turns, which must):
  turns asked of each;
- a set's ``sessions`` (user turns, each marked ``teach`` or not) played through the stop hook's ``decide`` on a
  Claude Code transcript, an agent answering each request with a save call (``play_session``): requests per
  session, taught turns whose request came before the session ended, taught turns left to the offline capture
  (and how many of those the offline distiller keeps judged alone), requests that covered no taught turn;
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
PLAYED = ("blind8", "blind9", "blind10", "blind11", "blind12", "blind13", "blind14")
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
            asked = [t for t in data.get(part, []) if _cues(cues_of, t)]
            row[part] = f"{len(asked)}/{len(data.get(part, []))}"
            if show:
                row[f"{part}_asked"] = asked if part == "ordinary" else [t for t in data[part] if not _cues(cues_of, t)]
        out[path.stem] = row
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("sessions"):
            played = [
                play_session([(t["text"], bool(t["teach"]), t.get("reply", "OK.")) for t in s["turns"]])
                for s in data["sessions"]
            ]
            out[path.stem]["sessions"] = _session_row(played)
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
    for bank in PLAYED:  # the fresh banks' sessions through ``decide`` (each user turn a stop)
        seed = month.BANK_SEEDS[bank]
        planned, _ = month.plan(bank, seed)
        rng = random.Random(seed * 7919)
        played = [play_session(_turns(month.exchanges(s, rng))) for s in planned]
        out[f"{bank}_played"] = _session_row(played)
    out["month"] = {
        "sessions": sessions,
        "extra_turns_per_session": round((durable + other) / sessions, 2),
        "after_a_fact": f"{durable}/{durable_turns}",
        "after_anything_else": other,
    }
    return out


def _cues(cues_of: Any, entry: str | dict[str, str]) -> list[str]:
    """The cues of one cue-set entry: a user turn, or ``{"question": the agent's turn, "text": the user's}``
    (the answer to the agent's question; a tree whose ``cues_of`` takes no ``asked`` judges the text alone)."""
    if isinstance(entry, str):
        return cues_of(entry)
    try:
        return cues_of(entry["text"], asked=entry["question"])
    except TypeError:
        return cues_of(entry["text"])


def _turns(body: list[Any]) -> list[tuple[str, bool, str]]:
    """A month session's exchanges as ``play_session`` turns (the user's text, whether it teaches, the agent's
    reply: the question a bare answer follows is the reply before it)."""
    return [(ex.user, bool(ex.facts), ex.reply or "OK.") for ex in body]


def play_session(turns: list[tuple[str, bool, str]]) -> dict[str, int]:
    """One session's user turns (``(text, teaches, the agent's reply)``) through ``decide`` (hooks/digest.py) on a
    Claude Code transcript in a scratch directory, a stop after each turn; an asked request is answered with a save
    call and the stop that follows it. Returns ``asks``, ``taught``, ``asked`` (taught turns a request covered),
    ``left`` (taught turns no request covered), ``left_held`` (of those, kept by the offline distiller judged
    alone) and ``false`` (requests that covered no taught turn)."""
    import tempfile

    from contextlamp.distill.offline import OfflineDistiller
    from contextlamp.distill.transcript import Turn
    from contextlamp.hooks.digest import REASON, Pause, decide

    def line(role: str, content: Any) -> str:
        return json.dumps({"type": role, "message": {"role": role, "content": content}}) + "\n"

    save = [{"type": "tool_use", "id": "t", "name": "mcp__contextlamp__save_session", "input": {"transcript": "x"}}]
    out = {"asks": 0, "taught": 0, "asked": 0, "left": 0, "left_held": 0, "false": 0}
    with tempfile.TemporaryDirectory() as scratch:
        home, path = Path(scratch) / "data", Path(scratch) / "t.jsonl"
        path.write_text("", encoding="utf-8")
        since: list[tuple[str, bool]] = []  # turns since the last stop that neither asked nor deferred
        unasked: list[str] = []
        for text, teaches, reply in turns:
            out["taught"] += teaches
            with path.open("a", encoding="utf-8") as handle:
                handle.write(line("user", text) + line("assistant", [{"type": "text", "text": reply}]))
            since.append((text, teaches))
            if not decide(Pause("s", path, False), home):
                if "deferred_from" not in (home / "hooks" / "digest").joinpath(_only(home)).read_text("utf-8"):
                    unasked.extend(text for text, teaches in since if teaches)  # not deferred: never asked
                    since = []
                continue
            out["asks"] += 1
            covered = sum(t for _, t in since)
            out["asked"] += covered
            out["false"] += not covered
            since = []
            with path.open("a", encoding="utf-8") as handle:
                handle.write(line("user", REASON.format(cues="x")) + line("assistant", save))
                handle.write(line("assistant", [{"type": "text", "text": "Saved the digest."}]))
            decide(Pause("s", path, True), home)
        left = [*unasked, *(text for text, teaches in since if teaches)]
        out["left"] = len(left)
        out["left_held"] = sum(bool(OfflineDistiller().distill([Turn("user", text)])) for text in left)
    return out


def _only(home: Path) -> str:
    """The name of the one checkpoint file in ``home`` (one session)."""
    (name,) = [p.name for p in (home / "hooks" / "digest").iterdir() if p.suffix == ".json"]
    return name


def _session_row(played: list[dict[str, int]]) -> dict[str, Any]:
    total = {key: sum(p[key] for p in played) for key in played[0]} if played else {}
    return {
        "sessions": len(played),
        "asks_per_session": round(total.get("asks", 0) / len(played), 2) if played else 0.0,
        "taught_asked": f"{total.get('asked', 0)}/{total.get('taught', 0)}",
        "taught_left_to_offline": f"{total.get('left', 0)} ({total.get('left_held', 0)} kept judged alone)",
        "false_asks": total.get("false", 0),
    }


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
