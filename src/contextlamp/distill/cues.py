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
from contextlamp.domain.models import Kind, MemoryType

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


def cue_type(lower: str, cues: Cues, words: float | None = None) -> tuple[MemoryType, Kind] | None:
    """(memory_type, kind) that a cue of ``cues`` gives the lower-cased sentence ``lower``, or None when none
    does. The order is the offline distiller's (offline._classify): task, decision, instruction (a
    preference cue makes it an instruction of kind preference), preference, then, for a sentence of at least
    ``cues.min_words`` words (``words``, script.word_count; counted here when None), a dated event. The
    digest path (digest_path.py) types its items with the same call, so both paths read one set of cues."""
    if cues.task.search(lower):
        return "task", "note"
    if cues.decision.search(lower):
        return "event", "decision"
    if cues.instruction.search(lower):
        return "instruction", "preference" if cues.preference.search(lower) else "note"
    if cues.preference.search(lower):
        return "fact", "preference"
    if words is None:
        from contextlamp.distill.script import word_count

        words = word_count(lower)
    if words >= cues.min_words and cues.event.search(lower):
        return "event", "note"  # something dated or scheduled: it happened, or will, at a time
    return None
