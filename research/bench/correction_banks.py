"""The save-time correction rule over every month bank's sentences, on two code trees: which statement would retire
which, text against text (no store, no embedder; ``domain/corrections.correction_kind``).

For each bank of ``month.py`` (its plan at its seed: 45 facts, the corrected ones with their old value), every
statement template of every fact (with its first value, capitalised as the distiller stores it) is an older memory,
and every correction template of a corrected fact (new value, old value) and every statement is a newer one. A
newer retiring an older of another fact (another component or attribute) is a false retirement; a correction
retiring a statement of its own fact is a correction found. A newer the save gate rejects
(``corrections.may_correct``) retires nothing, as in every save path. A statement never corrects anything (no marker): a
statement retiring one is counted apart. Tuning data (the banks are read by the month bench), not held out.

Run: ``nice -n 10 python -m research correction_banks [--tree OTHER_SRC] [--show]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
THIS_SRC = HERE.parents[1] / "src"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentences() -> dict[str, list[tuple[str, str, str, str]]]:
    """Per bank, ``(kind, fact key, older-side or newer-side text, role)`` rows: role ``old`` (a statement with the
    fact's first value) or ``new`` (a correction with its new value)."""
    sys.path.insert(0, str(HERE))
    import month
    from month_oracle import correction_forms, statement_forms
    from month_play import SLUG

    out: dict[str, list[tuple[str, str, str, str]]] = {}
    for bank, seed in month.BANK_SEEDS.items():
        if bank in month.HELD_OUT:
            continue
        _, facts = month.plan(bank, seed)
        rows: list[tuple[str, str, str, str]] = []
        for fact in facts:
            key = f"{fact.component}|{fact.attribute.name}"
            first = fact.old or fact.value
            for template in fact.attribute.states:
                rows.append(("statement", key, _cap(template.format(c=fact.component, v=first)), "old"))
            name = fact.attribute.name
            # the paraphrasing agent's digest lines (month_oracle): its statements of the first value, its corrections
            rows += [("statement", key, text, "old") for text in statement_forms(fact.component, name, first, SLUG)]
            if fact.old:
                for template in fact.attribute.corrects:
                    text = _cap(template.format(c=fact.component, v=fact.value, o=fact.old))
                    rows.append(("correction", key, text, "new"))
                forms = correction_forms(fact.component, name, fact.value, fact.old, SLUG)
                rows += [("agent correction", key, text, "new") for text in forms]
        out[bank] = rows
    return out


def worker(data: Path) -> None:
    """Every (newer, older) pair of each bank on this process's contextlamp: one JSON line, bank -> retired pairs."""
    from contextlamp.domain.corrections import correction_kind, may_correct

    banks = json.loads(data.read_text(encoding="utf-8"))
    result: dict[str, list[list[str]]] = {}
    for bank, rows in banks.items():
        olds = [r for r in rows if r[3] == "old"]
        hits = []
        for kind, key, newer, _ in rows:
            if not may_correct(newer):
                continue  # the save gate: a save it rejects retires nothing (app/freshness.supersede_corrected)
            for _, old_key, older, _ in olds:
                if newer != older and correction_kind(newer, older) is not None:
                    hits.append([kind, key, newer, old_key, older])
        result[bank] = hits
    print(json.dumps(result))


def start_tree(src: Path, data: Path) -> subprocess.Popen[str]:
    """``worker`` in a child process importing ``src``'s contextlamp (the trees run side by side)."""
    env = {**os.environ, "PYTHONPATH": str(src), "CONTEXTLAMP_LOG_LEVEL": "warning"}
    command = [sys.executable, __file__, "--worker", str(data)]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)


def tree_result(child: subprocess.Popen[str]) -> dict[str, list[list[str]]]:
    """A ``start_tree`` child's answer: bank -> retired pairs."""
    out, _ = child.communicate()
    if child.returncode:
        raise SystemExit(f"correction_banks worker failed ({child.returncode})")
    result: dict[str, list[list[str]]] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tree", type=Path, default=None, help="another tree's src/ to compare with")
    parser.add_argument("--show", action="store_true", help="print the pairs the trees decide differently")
    parser.add_argument("--worker", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    banks = sentences()
    data = Path(os.environ.get("TMPDIR", "/tmp")) / f"correction-banks-{os.getpid()}.json"
    data.write_text(json.dumps(banks), encoding="utf-8")
    trees = {"this": THIS_SRC, **({"tree": args.tree.resolve()} if args.tree else {})}
    children = {name: start_tree(src, data) for name, src in trees.items()}
    results = {name: tree_result(child) for name, child in children.items()}
    data.unlink()
    for name, result in results.items():
        print(f"{name} ({trees[name]}):")
        for bank, hits in result.items():
            corrections = {r[1] for r in banks[bank] if r[0] == "correction"}
            found = {h[1] for h in hits if h[0] == "correction" and h[1] == h[3]}
            olds = [o for o in banks[bank] if o[3] == "old"]
            fixes = [r for r in banks[bank] if r[0] == "agent correction"]
            agent = {(r[1], r[2], o[2]) for r in fixes for o in olds if o[1] == r[1]}
            agent_found = {(h[1], h[2], h[4]) for h in hits if h[0] == "agent correction" and h[1] == h[3]}
            false = [h for h in hits if h[1] != h[3]]
            by_statement = [h for h in hits if h[0] == "statement" and h[1] == h[3]]
            print(
                f"    {bank}: corrected facts found {len(found)}/{len(corrections)}, false retirements {len(false)}, "
                f"a statement retiring its own fact's {len(by_statement)}; the agent's corrections retiring their "
                f"fact's statements {len(agent_found)}/{len(agent)}"
            )
    if args.show and len(results) == 2:
        this, other = ({tuple(h) for hits in r.values() for h in hits} for r in results.values())
        for mark, diff in (("+", this - other), ("-", other - this)):
            for kind, key, newer, old_key, older in sorted(diff):
                print(f"{mark} [{kind}{' FALSE' if key != old_key else ''}] {older}  <==  {newer}")


if __name__ == "__main__":
    main()
