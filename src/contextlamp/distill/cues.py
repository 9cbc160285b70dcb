"""The cue set of each language for the offline distiller, and the question-mark check.

Each cue set is a handful of regular expressions over lower-cased sentences (``Cues``, cue_set.py). They name
kinds of statement (decision, instruction, preference, task, fact) and kinds of noise (chatter, offers,
requests), never any particular data set's content. English, German, French and Spanish have full sets, in
which a fact needs a fact cue (cues_full.py). Chinese, Japanese, Korean, Russian and Arabic have small sets (a
few words per kind) and are *declarative*: any user statement with enough words that is not noise is kept as
a fact, since no short word list covers how facts are stated there. Every other language gets ``GENERIC``,
declarative too, whose noise lists are greetings, thanks and acknowledgements of many languages, so a
language without a cue list keeps its durable statements instead of dropping everything
(cues_declarative.py).

Which language a text is in: language.py; correction markers ("Correction:", "更正："): corrections.py.
"""

from __future__ import annotations

from functools import cache

from contextlamp.distill.cue_set import Cues

_QUESTION_MARKS = ("?", "？", "؟", "\u037e")  # ASCII, full-width (CJK), Arabic, Greek
_CLOSERS = " \t\n\"'”’」』)）]"


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


def ends_as_question(sentence: str) -> bool:
    """True when ``sentence`` ends on a question mark (ASCII, full-width, Arabic or Greek), closing quotes and
    brackets after it allowed ("Why?", "为什么？", "لماذا؟", "「本当？」")."""
    return sentence.rstrip(_CLOSERS).endswith(_QUESTION_MARKS)
