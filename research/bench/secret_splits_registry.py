"""The generated splits ``secret_scanner`` can score besides the tuning half: one line per split, one flag each.

A split is either a half of ``secret_corpus.corpus()`` (``module`` is None) or a module of its own beside this file
whose ``rows()`` returns its rows (imported only when its flag is given, so an unread held-out split costs nothing).
Add a split by adding one line to ``SPLITS``; its flag is ``--<name>``.
"""

from __future__ import annotations

import argparse
import importlib
from typing import NamedTuple

import secret_corpus
from secret_rows import Row


class HeldSplit(NamedTuple):
    """One split: its name (the rows' ``half`` and the flag), the module that makes it (None: in
    ``secret_corpus``), and the flag's help text."""

    name: str
    module: str | None
    help: str


SPLITS: tuple[HeldSplit, ...] = (
    HeldSplit("held-out", None, "score the held-out half of the generated corpus too (at the end)"),
    HeldSplit("fresh", None, "score round 4's fresh split too (read at the end)"),
    HeldSplit("held3", None, "score round 5's held3 split too (read at the end)"),
    HeldSplit("held4", None, "score round 6's held4 split too (read at the end)"),
    HeldSplit("held5", None, "score round 7's held5 split too (read at the end)"),
    HeldSplit("held6", None, "score stop 39's held6 split too (read at the end)"),
    HeldSplit("held7", None, "score stop 40's held7 split too (read at the end)"),
    HeldSplit("held8", None, "score stop 42's held8 split too (read at the end)"),
    HeldSplit("held9f", "secret_corpus_held9f", "score stop 43's held9f split (formats, evasions) too"),
    HeldSplit("held9s", "secret_corpus_held9s", "score stop 43's held9s split too (stated; at the end)"),
    HeldSplit("held10f", "secret_corpus_held10f", "score formats13's held10f split (formats; at the end)"),
    HeldSplit("held11f", "secret_corpus_held11f", "score secrets14's held11f split (formats, places; at the end)"),
    HeldSplit("held11s", "secret_corpus_held11s", "score stated14's held11s split (stated; at the end)"),
    HeldSplit("held12s", "secret_corpus_held12s", "score stated15's held12s split (verb-joined stated; at the end)"),
    HeldSplit("held12f", "secret_corpus_held12f", "score formats15's held12f split (layouts, public data; at the end)"),
    HeldSplit("held13f", "secret_corpus_held13f", "score vendor16's held13f split (sentence ends, public data)"),
    HeldSplit("held13s", "secret_corpus_held13s", "score stated16's held13s split (lists, seeds, hex; at the end)"),
    HeldSplit(
        "held14w", "secret_corpus_held14w", "score where17's held14w split (noun then where/who/rule; at the end)"
    ),
    HeldSplit("held14f", "secret_corpus_held14f", "score evade17's held14f split (prefixless vendors, evasions)"),
    HeldSplit(
        "held14t", "secret_corpus_held14t", "score table18's held14t split (tables, parens, $, replies; at the end)"
    ),
    HeldSplit("held15f", "secret_corpus_held15f", "score fp50's held15f split (public vendor ids, secret twins)"),
    HeldSplit(
        "held15s", "secret_corpus_held15s", "score stated50's held15s split (words between noun and value; at the end)"
    ),
    HeldSplit(
        "held16s",
        "secret_corpus_held16s",
        "score stated51's held16s split (keys, answers, passphrases, codes; at the end)",
    ),
    HeldSplit("held16v", "secret_corpus_held16v", "score shape51's held16v split (layouts around values; at the end)"),
    HeldSplit(
        "held17f",
        "secret_corpus_held17f",
        "score vendor52's held17f split (new vendors, hooks, public twins; at the end)",
    ),
    HeldSplit("held17n", "secret_corpus_held17n", "score noun52's held17n split (nouns, digits; at the end)"),
)


def add_flags(parser: argparse.ArgumentParser) -> None:
    """One ``--<name>`` store-true flag per split."""
    for split in SPLITS:
        parser.add_argument(f"--{split.name}", action="store_true", help=split.help)


def selected(args: argparse.Namespace) -> tuple[tuple[str, ...], list[Row]]:
    """The halves to report (the tuning half first, then each flagged split in ``SPLITS`` order) and their rows."""
    chosen = [s for s in SPLITS if getattr(args, s.name.replace("-", "_"))]
    in_corpus = {"tuning", *(s.name for s in chosen if s.module is None)}
    halves = tuple(h for h in secret_corpus.HALVES if h in in_corpus)
    rows = [row for row in secret_corpus.corpus() if row.half in in_corpus]
    for split in chosen:
        if split.module is not None:
            halves, rows = (*halves, split.name), rows + importlib.import_module(split.module).rows()
    return halves, rows
