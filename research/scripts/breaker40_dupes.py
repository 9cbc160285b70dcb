"""Stop 40's breaker: a fact the agent already saved with ``save_context`` (in its own words) and the hooks' capture of
the same session (research/notes/breaker-stop40.md, "Corrections and duplicates"). The agent's save is made with
``contextlamp save`` in the repository (where a save without ``project`` goes) and written into the transcript as
the client writes an MCP tool call and its result; ``live`` counts the memories that hold the fact's value.

``python research/scripts/breaker40_dupes.py`` (real model: ``B40_EMBEDDER=minilm`` is set here)
"""

from __future__ import annotations

import os

os.environ.setdefault("B40_EMBEDDER", "minilm")

from breaker40 import Scratch

# (what the user said, what the agent saved, the value both hold)
CASES = (
    ("fyi the ledger api runs on 7311 in staging", "Ledger API staging port: 7311", "7311"),
    ("Priya is the owner of the invoice renderer, talk to her first", "Invoice renderer owner: Priya", "Priya"),
    ("we always squash-merge PRs here, please do the same", "Preference: squash merge all pull requests.", "squash"),
)


def main() -> None:
    for said, saved, value in CASES:
        s = Scratch()
        s.run("save", saved)
        call = {
            "type": "tool_use",
            "id": "toolu_1",
            "name": "mcp__contextlamp__save_context",
            "input": {"content": saved},
        }
        result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "Saved."}
        records: list[dict[str, object]] = [
            {"type": "user", "message": {"role": "user", "content": said}},
            {"type": "assistant", "message": {"role": "assistant", "content": [call]}},
            {"type": "user", "message": {"role": "user", "content": [result]}},
            {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Saved it."}]}},
        ]
        s.claude([], records=records)
        live = [m for m in s.memories() if value.lower() in m.lower()]
        print(f"live={len(live)} {live}")


if __name__ == "__main__":
    main()
