"""plain51's tuning view of a month bank (stop 48): every wording a bank teaches a fact with, played alone.

For each fact of the bank (``month_bank.plan``) and each of its attribute's ``states`` wordings, one Claude Code
session holds the wording's turns (``month_bank.said``: an answer or a confirmation keeps the agent's question
before it) and is saved as the detached hook worker saves it (``junk47_held.run_case``); the fact is kept when a
live memory holds its value. The bank's chatter turns are played the same way and must keep nothing. This is
the month bench's capture without its load-sensitive clock and retrieval: tuning data only (blind17/blind18
became tuning in stop 48).

Usage: ``nice -n 10 python -m research plain51_tune --bank blind17 [--embedder fake] [--show]``.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from typing import Any

from capture_held import score
from junk47_held import run_case
from month_bank import BANK_SEEDS, BANKS, CHATTER, plan, said
from month_forms import form


def cases(bank: str) -> list[dict[str, Any]]:
    """The bank's fact wordings (``keep``: the value) and chatter turns (``max_memories`` 0) as cases."""
    _, facts = plan(bank, BANK_SEEDS[bank])
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for fact in facts:
        value = fact.old if fact.old is not None else fact.value
        for wording in fact.attribute.states:
            text = wording.format(c=fact.component, v=value)
            if text in seen:
                continue
            seen.add(text)
            turns: list[list[str]] = []
            for ex in said(text, "Got it.", ()):
                turns += [["user", ex.user], ["assistant", ex.reply]]
            case = {"id": f"fact-{len(out)}", "class": form(wording), "sessions": [turns], "keep": [[value]]}
            out.append({**case, "ask": True})
    for user, reply in BANKS[bank].get("chatter", CHATTER):
        turns = [["user", user], ["assistant", reply]]
        chatter = {"id": f"chatter-{len(out)}", "class": "chatter", "sessions": [turns], "max_memories": 0}
        out.append({**chatter, "ask": False})
    return out


def main() -> None:
    """Print each missed fact wording and each chatter turn kept, then counts per form as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bank", required=True)
    parser.add_argument("--embedder", default="fake")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    kept: Counter[str] = Counter()
    asks: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case in cases(args.bank):
        live, asked = run_case(case, args.embedder)
        result = score(case, live)
        total[case["class"]] += 1
        good = result["kept"] == result["expected"] and not result["over"]
        kept[case["class"]] += good
        asks[case["class"]] += asked == case["ask"]
        if args.show or not good or asked != case["ask"]:
            turns = " || ".join(t for _, t in case["sessions"][0][:-1])
            print(f"{'MISS' if 'keep' in case else 'SAVED'} [{case['class']}] asked {asked} {turns!r}", flush=True)
            for text in live:
                print(f"    | {text}")
    rows = {c: f"kept right {kept[c]}/{total[c]}, asked right {asks[c]}/{total[c]}" for c in sorted(total)}
    print(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
