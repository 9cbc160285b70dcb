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
from contextlamp.distill import digest_path, offline
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
    "- agent-saves dedupe": [(digest_path, "restates", _never)],
    "- first person -> the user": [(offline, "to_user_perspective", _same)],
    "- corrections": [(offline, "correction_body", _none)],
    "- topics": [(offline, "with_topic", _same)],
}


@contextmanager
def variant(name: str) -> Generator[None]:
    """The distiller with the components of ``name`` switched off, for the duration of the block."""
    with ExitStack() as stack:
        for module, attribute, replacement in VARIANTS[name]:
            stack.enter_context(mock.patch.object(module, attribute, replacement))
        yield


def main(argv: Sequence[str] | None = None) -> int:
    """Run every variant over the chosen half and print the table; exit 1 when any variant leaked a secret."""
    parser = argparse.ArgumentParser(description="offline distiller ablation")
    parser.add_argument("--data", type=Path, default=bench.DEFAULT_DATA, help="directory of labelled *.json files")
    parser.add_argument("--split", choices=[*bench.SPLITS, "all"], default="tuning")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variant names")
    parser.add_argument("--digest", action="store_true", help="the digest path: each case's expected items as a digest")
    args = parser.parse_args(argv)
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
