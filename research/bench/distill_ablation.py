"""Ablation of the offline distiller: which component earns its keep (issue 27 point 7).

Runs save_session over one half of a labelled set (``research/bench/distill.py``'s data, schema and matching rule)
once per variant: the shipped offline path, and the same with one component switched off (each switch
replaces one function of the distiller with the identity or with "never"). A component stays when switching
it off lowers precision or recall on the fresh held-out half, or, for typing, memory-type accuracy.

    python -m research distill_ablation --data research/bench/data/distill-fresh --split heldout

Prints one row per variant: files, expected, distilled, matched, P, R, type accuracy, chatter files that
saved anything and secrets stored (both must stay 0).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Generator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))

import distill as bench
import distill_quick
from contextlamp.distill import cue_set, durable, offline, pastes, perspective, statements
from contextlamp.embedding import EMBEDDERS, create_embedder


def _same(value: Any, *_: Any) -> Any:
    return value


def _never(*_: Any) -> bool:
    return False


# variant -> the attributes it replaces: (module, attribute name, replacement)
def _none(*_: Any) -> None:
    return None


def _not_wrapped(sentence: str) -> tuple[str, bool]:
    return sentence, False


VARIANTS: dict[str, list[tuple[Any, str, Callable[..., Any] | None]]] = {
    "shipped": [],
    "- paste removal": [(offline, "without_pastes", _same)],
    "- request/question/banter gate": [
        (offline, "is_request", _never),
        (offline, "asks_question", _never),
        (offline, "is_banter", _never),
    ],
    "- problems/narration/anchorless tasks": [(offline, "is_transient", _never)],
    "- spoken wrapping removed": [(offline, "unwrap", _not_wrapped)],
    "- first person -> the user": [(offline, "to_user_perspective", _same)],
    "- corrections": [(offline, "correction_body", _none)],
    "- topics": [(offline, "with_topic", _same)],
}

_NEVER = re.compile(r"(?!)")  # a pattern that matches nothing: a rule switched off


def _off(module: Any, *names: str) -> list[tuple[Any, str, Callable[..., Any] | None]]:
    return [(module, name, _NEVER) for name in names]


# finer switches, for the quick figures (research/bench/distill_quick.py): one gate, rewrite or rule family each
QUICK_VARIANTS: dict[str, list[tuple[Any, str, Any]]] = {
    "- request gate": [(offline, "is_request", _never)],
    "- question gate": [(offline, "asks_question", _never)],
    "- banter gate": [(offline, "is_banter", _never)],
    "- health gate": [(offline, "about_health", _never)],
    "- bare symptom gate": [(offline, "is_bare_symptom", _never)],
    "- lead-in gate": [(offline, "leads_in", _never)],
    "- cut request": [(offline, "cut_request", _same)],
    "- trim spoken": [(offline, "trim_spoken", _same)],
    "- drop label": [(offline, "drop_label", _same)],
    "- make that": _off(offline, "_MAKE_THAT"),
    "- not after all": _off(offline, "_NOT_AFTER_ALL"),
    "- enclosed": _off(offline, "_ENCLOSED"),
    "- for after": _off(offline, "_FOR_AFTER"),
    "- about (correction subject)": _off(offline, "_ABOUT", "_ABOUT_FIRST"),
    "- for first": _off(offline, "_FOR_FIRST"),
    "- value first": _off(offline, "_VALUE_FIRST"),
    "- meant": _off(offline, "_MEANT"),
    "- bare attribute": _off(offline, "_BARE_ATTRIBUTE"),
    "- verbless value": _off(offline, "_VERBLESS_VALUE"),
    "- cleft": _off(offline, "_CLEFT"),
    "- points back": [(offline, "points_back", _never)],
    "- task label": [(offline, "as_stored", _same)],
    "- fact cue": [(offline, "_fact_cue", _never)],
    "- states_rule": [(offline, "states_rule", _never)],
    "- states_value": [(offline, "states_value", _never)],
    "- noise IDLE": _off(cue_set, "IDLE"),
    "- noise META": _off(cue_set, "META"),
    "- noise FAREWELL": _off(offline, "FAREWELL"),
    "- noise thanks": _off(cue_set, "GRATITUDE", "JUST_THANKS"),
    "- new value": [(statements, "states_new_value", _never)],
    "- destination": [(statements, "states_destination", _never)],
    "- retention": [(statements, "states_retention", _never)],
    "- named subject": _off(statements, "_NAMED_SUBJECT", "_AUTHORED"),
    "- labelled": _off(statements, "_LABELLED"),
    "- setup subject": _off(statements, "_SETUP_SUBJECT"),
    "- own attribute": _off(statements, "_OWN_ATTRIBUTE"),
    "- built on": _off(statements, "_BUILT_ON"),
    "- practice": _off(statements, "_PRACTICE"),
    "- dashed": _off(statements, "_DASHED"),
    "- open subject": _off(statements, "_OPEN_SUBJECT"),
    "- moment gate": _off(statements, "_MOMENT"),
    "- rule then/if": _off(statements, "_RULE_THEN", "_RULE_IF"),
    "- rule route/said of": _off(statements, "_RULE_ROUTE", "_RULE_SAID_OF"),
    "- rule gate": _off(statements, "_RULE_GATE"),
    "- rule howto": _off(statements, "_RULE_HOWTO"),
    "- unwrap hedge": _off(durable, "_TRAILING_HEDGE"),
    "- unwrap filler": _off(durable, "_TRAILING_FILLER"),
    "- unwrap trailing": _off(durable, "_TRAILING_WRAPPER"),
    "- unwrap opener": _off(durable, "_OPENER"),
    "- documents dropped": [(pastes, "_documents_dropped", _same)],
    "- log lines": [(pastes, "is_log_line", _never)],
    "- config lines": [(pastes, "is_config_line", _never)],
    "- table rows": [(pastes, "is_table_row", _never)],
    "- of a part": _off(statements, "_OF_A_PART"),
    "- retired then": _off(statements, "_RETIRED_THEN"),
    "- set to": _off(statements, "_SET_TO", "_SET_TO_PASSIVE"),
    "- went from": _off(statements, "_WENT_FROM"),
    "- not anymore": _off(statements, "_NOT_ANYMORE", "_PLACE_NOT_ANYMORE", "_PERSON_NOT_ANYMORE"),
    "- stopped": _off(statements, "_STOPPED"),
    "- chosen": _off(statements, "_CHOSEN"),
    "- transient again": _off(durable, "_AGAIN"),
    "- transient once": _off(durable, "_WHEN_ONCE"),
    "- transient arrow": _off(durable, "_ARROW_CHANGE"),
    "- transient aside": _off(durable, "_ASIDE"),
    "- transient conditional": _off(durable, "_CONDITIONAL"),
    "- perspective aside": _off(perspective, "_ASIDE"),
    "- perspective tag": _off(perspective, "_TAG"),
    "- lead-in fragment": _off(pastes, "_FRAGMENT"),
    "- lead-in tool says": _off(pastes, "_TOOL_SAYS"),
    "- asked thing": [(offline, "_asked_about", _none)],
    "- dont for now": _off(durable, "_FOR_NOW"),
    "- request someone": _off(durable, "_SOMEONE"),
}


@contextmanager
def variant(name: str) -> Generator[None]:
    """The distiller with the components of ``name`` switched off, for the duration of the block."""
    with ExitStack() as stack:
        for module, attribute, replacement in {**VARIANTS, **QUICK_VARIANTS}[name]:
            stack.enter_context(mock.patch.object(module, attribute, replacement))
        yield


def quick(names: str | None) -> int:
    """distill_quick's figures (capture sets and month banks) for the shipped distiller and each variant, the
    figures that differ from the shipped ones marked with ``*``."""
    chosen = [n.strip() for n in names.split(",")] if names else ["shipped", *VARIANTS, *QUICK_VARIANTS]
    sets, banks = list(distill_quick.CAPTURE_SETS), list(distill_quick.BANKS)
    base = distill_quick.figures(sets, banks)
    print(" " * 30 + "".join(f"{n:>22}" for n in base))
    for name in chosen:
        with variant(name):
            got = base if name == "shipped" else distill_quick.figures(sets, banks)
        cells = "".join(f"{(('*' if got[n] != base[n] else '') + got[n]):>22}" for n in base)
        print(f"{name:<30}{cells}", flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run every variant over the chosen half and print the table; exit 1 when any variant leaked a secret."""
    parser = argparse.ArgumentParser(description="offline distiller ablation")
    parser.add_argument("--data", type=Path, default=bench.DEFAULT_DATA, help="directory of labelled *.json files")
    parser.add_argument("--split", choices=[*bench.SPLITS, "all"], default="tuning")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variant names")
    parser.add_argument("--digest", action="store_true", help="the digest path: each case's expected items as a digest")
    parser.add_argument("--quick", action="store_true", help="distill_quick's figures per variant (no embedder)")
    args = parser.parse_args(argv)
    if args.quick:
        return quick(args.variants if args.variants != ",".join(VARIANTS) else None)
    cases = bench.load_cases(args.data)
    split = bench.load_split(args.data)
    if args.split != "all":
        cases = [c for c in cases if bench.half_of(split, c) == args.split]
    cases = [c for c in cases if (c.expected if args.digest else bench.raw_path(c) == "offline")]
    embedder = create_embedder(args.embedder)
    table = Table(title=f"offline distiller ablation: {args.data.name}, {args.split} ({len(cases)} files)")
    for column in ("variant", "expected", "distilled", "matched", "P", "R", "type acc", "chatter saved", "secrets"):
        table.add_column(column)
    leaked = 0
    for name in [v.strip() for v in args.variants.split(",") if v.strip()]:
        with variant(name):
            results = [
                bench.run_case(
                    case, embedder, bench.DEFAULT_THRESHOLD, bench.digest_argument(case) if args.digest else None
                )
                for case in cases
            ]
        figures = bench.group_figures(results)
        chatter = [r for r in results if not r.case.expected]
        saving = sum(1 for r in chatter if r.distilled or r.session_id is not None)
        secrets = sum(len({leak.secret for leak in r.leaks}) for r in results)
        leaked += secrets
        table.add_row(
            name,
            str(figures["expected"]),
            str(figures["distilled"]),
            str(figures["matched"]),
            bench._pct(figures["precision"]),  # pyright: ignore[reportPrivateUsage]
            bench._pct(figures["recall"]),  # pyright: ignore[reportPrivateUsage]
            bench._pct(figures["memory_type_accuracy"]),  # pyright: ignore[reportPrivateUsage]
            f"{saving}/{len(chatter)}",
            str(secrets),
        )
        print(f"{name}: P {figures['precision']} R {figures['recall']}", file=sys.stderr)
    Console(file=sys.stdout, width=160).print(table)
    return 1 if leaked else 0


if __name__ == "__main__":
    sys.exit(main())
