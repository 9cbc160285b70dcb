"""The cue set of a language (``cues_for``): the tables of cues_full.py and cues_declarative.py, compiled on first
use. Apart from cue_set.py because the tables are written with cue_set's builders: cue_set -> tables -> this module,
no import runs back up."""

from __future__ import annotations

from functools import cache

from contextlamp.distill.cue_set import Cues


@cache
def _cue_tables() -> tuple[dict[str, Cues], Cues]:
    """Every language's cue set and ``GENERIC``, compiled on first use (the tables' hundreds of patterns cost
    ~0.15 s to compile, which no command but a distillation should pay; issue 14 point 3)."""
    from contextlamp.distill.cues_declarative import DECLARATIVE_CUES, GENERIC
    from contextlamp.distill.cues_full import FULL_CUES

    return {**FULL_CUES, **DECLARATIVE_CUES}, GENERIC


def cues_for(language: str) -> Cues:
    """The cue set of a language (ISO 639-1), ``GENERIC`` for a language without one."""
    tables, generic = _cue_tables()
    return tables.get(language, generic)
