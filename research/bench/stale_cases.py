"""The case helpers of the correction-sequence held-out sets (stale50-held, stale51-held, stale52-held): a turn pair,
a session, a correction case, a look-alike case, and the writer of ``cases.json``. Imported by each set's
``research/bench/data/<set>/make_cases.py`` (which puts this folder first on ``sys.path``, as ``python -m research``
does for a bench); the runner is ``stale50_held``, whose docstring says the shape and the figures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def u(text: str, reply: str = "Noted.") -> list[list[str]]:
    """One user turn and the assistant's reply."""
    return [["user", text], ["assistant", reply]]


def s(
    *turns: list[list[str]], client: str = "claude-code", saves: tuple[str, ...] = (), by: str = ""
) -> dict[str, Any]:
    """A session: its turn pairs in order, the agent's saves (by the session's client unless ``by``)."""
    flat = [t for pair in turns for t in pair]
    return {"client": client, "turns": flat, "saves": [{"text": x, "client": by or client} for x in saves]}


def fix(cid: str, cls: str, sessions: list[dict[str, Any]], ask: str, new: str, old: list[str]) -> dict[str, Any]:
    """A correction case: ``new`` must rank first, no value of ``old`` may stay live alone."""
    return {"id": cid, "class": cls, "sessions": sessions, "ask": ask, "new": new, "old": old}


def keep(cid: str, sessions: list[dict[str, Any]], groups: list[list[str]], ask: str) -> dict[str, Any]:
    """A look-alike case: every group of words must stay in one live memory."""
    return {"id": cid, "class": "control", "sessions": sessions, "keep": groups, "ask": ask}


def write_cases(cases: list[dict[str, Any]], folder: Path) -> None:
    """``cases`` as ``folder/cases.json`` (UTF-8, one-space indent, as every set was written); says how many."""
    out = folder / "cases.json"
    out.write_text(json.dumps({"cases": cases}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(cases)} cases -> {out}")
