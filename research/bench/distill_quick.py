"""Fast figures of the offline distiller alone (no service, no embedder), for ablations (issue 27 point 7).

Two kinds of set, both read straight through ``OfflineDistiller.distill``:

- capture sets (``capture_held``'s ``cases.json``): each case's sessions distilled one by one, the items pooled and
  scored with ``capture_held.score`` (recall of ``keep`` groups, precision, ``drop`` words, over the cap). No
  dedupe or supersession runs here, so ``stale`` is not reported.
- month banks (``month.BANKS``): every wording of every attribute (what teaches a fact and what corrects it) said
  once for three components and values, each as one user turn between a chatter exchange; a wording is captured
  when an item holds the component and the value. Junk: every chatter line, paste, tool output, ack and secret
  message of the bank distilled alone must give no item (each item is junk), and a secret in an item is counted.

Usage: ``python -m research distill_quick [--sets capture9-held,month11-held] [--banks blind5,...] [--show]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import capture_held
import month
from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.turns import Turn

DATA = Path(__file__).resolve().parent / "data"
CAPTURE_SETS = ("capture-held", "capture-held3", "capture9-held", "month11-held")
BANKS = ("dev", "held", "fresh", "blind4", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10")


def _turns(pairs: list[list[str]]) -> list[Turn]:
    return [Turn("user" if role == "user" else "assistant", text) for role, text in pairs]


def capture_figures(name: str, show: bool = False) -> dict[str, Any]:
    """Recall, precision, junk and over of one capture set (``research/bench/data/<name>/cases.json``)."""
    cases = json.loads((DATA / name / "cases.json").read_text(encoding="utf-8"))["cases"]
    distiller = OfflineDistiller()
    kept = expected = useful = live = junk = over = 0
    for case in cases:
        texts = [item.content for turns in case["sessions"] for item in distiller.distill(_turns(turns))]
        result = capture_held.score(case, texts)
        kept, expected = kept + result["kept"], expected + result["expected"]
        useful, live = useful + result["useful"], live + result["live"]
        junk, over = junk + len(result["junk"]), over + int(result["over"])
        if show and (result["kept"] < result["expected"] or result["junk"] or result["over"]):
            print(f"  {name} {case['id']}: kept {result['kept']}/{result['expected']} {texts}")
    return {"kept": kept, "expected": expected, "precision_num": useful, "live": live, "junk": junk, "over": over}


def bank_figures(name: str, show: bool = False) -> dict[str, Any]:
    """Captured wordings, junk items and secrets of one month bank (see the module docstring)."""
    spec = month.BANKS[name]
    rng = random.Random(month.BANK_SEEDS[name])
    attributes = spec["attributes"](rng)
    components = list(spec["components"])
    distiller = OfflineDistiller()
    chatter = list(spec.get("chatter", month.CHATTER))
    captured = total = 0
    for a, attribute in enumerate(attributes):
        for w, wording in enumerate([*attribute.states, *attribute.corrects]):
            for k in range(3):
                component = components[(a * 5 + w * 3 + k) % len(components)]
                value = attribute.values[(w * 3 + k) % len(attribute.values)]
                old = attribute.values[(w * 3 + k + 5) % len(attribute.values)]
                text = wording.format(c=component, v=value, o=old)
                user, reply = chatter[(a + w + k) % len(chatter)]
                turns = [Turn("user", user), Turn("assistant", reply), Turn("user", text), Turn("assistant", "Noted.")]
                items = [i.content.casefold() for i in distiller.distill(turns)]
                hit = any(component.casefold() in t and value.casefold() in t for t in items)
                captured, total = captured + hit, total + 1
                if show and not hit:
                    print(f"  {name} miss: {text!r} -> {items}")
    junk = secrets = 0
    plain = [u for u, _ in chatter] + list(spec.get("code", month.CODE)) + list(spec.get("tool", month.TOOL_OUTPUT))
    plain += list(spec.get("acks", ()))
    planted = [spec.get("plant_secret", month.plant_secret)(kind, rng) for kind in spec.get("secrets", ("codes",))]
    plain += [spec.get("secret_message", month.secret_message)(s) for s in planted]
    for text in plain:
        items = [i.content for i in distiller.distill([Turn("user", text), Turn("assistant", "Okay.")])]
        junk += len(items)
        secrets += sum(1 for s in planted for part in s for t in items if part in t)
        if show and items:
            print(f"  {name} junk: {text[:80]!r} -> {items}")
    return {"captured": captured, "total": total, "junk": junk, "secrets": secrets}


def figures(sets: list[str], banks: list[str], show: bool = False) -> dict[str, str]:
    """One short figure per set: ``kept/expected P junk over`` for capture sets, ``captured/total junk secrets``
    for banks."""
    out: dict[str, str] = {}
    for name in sets:
        f = capture_figures(name, show)
        precision = f["precision_num"] / f["live"] if f["live"] else 0.0
        out[name] = f"{f['kept']}/{f['expected']} P{precision:.2f} j{f['junk']} o{f['over']}"
    for name in banks:
        f = bank_figures(name, show)
        out[name] = f"{f['captured']}/{f['total']} j{f['junk']} s{f['secrets']}"
    return out


def main(argv: list[str] | None = None) -> None:
    """Print the figures of the chosen sets."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", default=",".join(CAPTURE_SETS))
    parser.add_argument("--banks", default=",".join(BANKS))
    parser.add_argument("--show", action="store_true", help="print every miss and junk item")
    args = parser.parse_args(argv)
    sets = [s for s in args.sets.split(",") if s]
    banks = [b for b in args.banks.split(",") if b]
    for name, figure in figures(sets, banks, args.show).items():
        print(f"{name:<16}{figure}")


if __name__ == "__main__":
    main()
