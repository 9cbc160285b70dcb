"""Stop 40's breaker: corrections said in a later session, through the real Claude Code hooks, and what ``contextlamp
get`` in the repository ranks first afterwards (research/notes/breaker-stop40.md, "Corrections and duplicates").
Each case: session 1 teaches the old value, session 2 (a day's work later) says the new one in the case's wording;
``first`` is the value of the first pack that holds either, ``live`` how many live memories hold either.

``python research/scripts/breaker40_stale.py [CASE...]`` (real model: ``B40_EMBEDDER=minilm`` is set here)
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("B40_EMBEDDER", "minilm")

from breaker40 import Scratch

# name: (session 1 turn, session 2 turn, query, old value, new value)
CASES: dict[str, tuple[str, str, str, str, str]] = {
    "arrow": (
        "The payout scheduler runs every night at 02:15 UTC.",
        "payout scheduler: 02:15 → 03:40 UTC since the DB maintenance window moved",
        "when does the payout scheduler run",
        "02:15",
        "03:40",
    ),
    "these-days": (
        "The payout scheduler runs every night at 02:15 UTC.",
        "the payout run is at 03:40 UTC these days",
        "when does the payout scheduler run",
        "02:15",
        "03:40",
    ),
    "not-anymore-dash": (
        "Priya owns the invoice renderer.",
        "Not Priya anymore — Tomasz owns the invoice renderer since the reorg.",
        "who owns the invoice renderer",
        "Priya",
        "Tomasz",
    ),
    "we-dropped": (
        "Decision: the search indexer uses Elasticsearch 8.",
        "We dropped Elasticsearch for the search indexer; it's on OpenSearch 2.13 now.",
        "what does the search indexer use",
        "Elasticsearch 8",
        "OpenSearch 2.13",
    ),
    "question-then-answer": (
        "The webhook relay retries a delivery 6 times.",
        "how many retries does the webhook relay do now? I bumped it to 9 last week",
        "how many times does the webhook relay retry",
        "6 times",
        "9",
    ),
    "agent-said-old": (
        "The fraud scorer is deployed to eu-west-1.",
        "The fraud scorer moved to eu-central-1 after the latency review.",
        "which region is the fraud scorer deployed to",
        "eu-west-1",
        "eu-central-1",
    ),
}


def first_value(s: Scratch, query: str, old: str, new: str) -> str:
    done = s.run("get", "--json", "-n", "5", query)
    try:
        packs = json.loads(done.stdout).get("packs", [])
    except ValueError:
        return "error"
    for pack in packs:
        text = str(pack.get("text", ""))
        if new in text:
            return "NEW"
        if old in text:
            return "OLD"
    return "none"


def main() -> None:
    chosen = sys.argv[1:] or list(CASES)
    for name in chosen:
        first, second, query, old, new = CASES[name]
        s = Scratch()
        s.claude([first], replies=["Noted."])
        replies = ["Got it, updated."] if name != "agent-said-old" else ["Noted — so no longer eu-west-1."]
        s.claude([second], replies=replies)
        live = [m for m in s.memories() if old in m or new in m]
        print(f"{name:22} first={first_value(s, query, old, new):5} live={len(live)} {[m[:70] for m in live]}")


if __name__ == "__main__":
    main()
