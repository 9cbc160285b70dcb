"""The shape of one language's cue set, and the builders the cue tables (cues_full.py, cues_declarative.py)
are written with.

A cue set is a handful of regular expressions over lower-cased sentences. They name kinds of statement
(decision, instruction, preference, task, event, fact) and kinds of noise (chatter, offers, requests), never any
particular data set's content. Every pattern is linear in its input: alternations of literals, no nested
quantifiers, except the acknowledgement patterns (``acks``), whose repeated word group is atomic and possessive
so it cannot backtrack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MIN_WORDS = 4  # "Use pnpm." is 2 words but also a cue match; see offline._classify


@dataclass(frozen=True)
class Cues:
    """Compiled cue patterns of one language (all applied to lower-cased text)."""

    chatter: re.Pattern[str]
    offer: re.Pattern[str]
    request: re.Pattern[str]
    dangling: re.Pattern[str]
    task: re.Pattern[str]
    decision: re.Pattern[str]
    instruction: re.Pattern[str]
    preference: re.Pattern[str]
    event: re.Pattern[str]
    fact: re.Pattern[str]
    task_label: str = "Task"
    filler: re.Pattern[str] | None = None  # leading filler removed before anything else ("Also, ", "Btw ")
    question: re.Pattern[str] | None = None  # a question without a question mark (Chinese "…吗", Japanese "…か。")
    declarative: bool = False  # any statement of min_words or more that is not noise is a fact
    min_words: int = MIN_WORDS  # words (script.word_count) a fact needs; cue matches need none


def cue(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled as a cue: case-insensitive, Unicode-aware (``re``'s flags)."""
    return re.compile(pattern, re.IGNORECASE | re.UNICODE)


NEVER = cue(r"(?!)")  # a cue a language does not have
ANY = cue(r"")  # declarative sets: every statement is a fact candidate
ACK_TAIL = r"[\s!.,:;)(\-—–~*…😀-🙏👍🙂]*$"  # what may follow a chatter phrase to the end of the sentence


def acks(words: str) -> re.Pattern[str]:
    """A whole sentence made only of acknowledgement words and punctuation ("好的，谢谢！", "да, понятно").
    Atomic group and possessive repeats: each word is taken once, never re-split, so matching is linear."""
    return cue(rf"^(?:(?>{words})[\s!.,:;)(\-—–~*…。！，、～・؛،😀-🙏👍🙂]*+)++$")


def word_alternation(*groups: str) -> str:
    """An alternation of literal words (space-separated groups; ``_`` stands for a space inside a word),
    longest first, so an atomic group takes "thank_you" before "thank"."""
    words = {w.replace("_", " ") for group in groups for w in group.split()}
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


CueSource = str | re.Pattern[str] | None  # a cue as a table writes it: its source, compiled, or none


def cue_set(
    *,
    chatter: CueSource = None,
    offer: CueSource = None,
    request: CueSource = None,
    dangling: CueSource = None,
    task: CueSource = None,
    decision: CueSource = None,
    instruction: CueSource = None,
    preference: CueSource = None,
    event: CueSource = None,
    fact: CueSource = None,
    task_label: str = "Task",
    filler: CueSource = None,
    question: CueSource = None,
    declarative: bool = False,
    min_words: int = MIN_WORDS,
) -> Cues:
    """The ``Cues`` of one language from its table entry: a pattern source is compiled with ``cue``, a compiled
    pattern taken as it is; a cue the entry leaves out never matches (``NEVER``), and a ``filler`` or
    ``question`` it leaves out is not looked for."""
    return Cues(
        chatter=_compiled(chatter),
        offer=_compiled(offer),
        request=_compiled(request),
        dangling=_compiled(dangling),
        task=_compiled(task),
        decision=_compiled(decision),
        instruction=_compiled(instruction),
        preference=_compiled(preference),
        event=_compiled(event),
        fact=_compiled(fact),
        task_label=task_label,
        filler=None if filler is None else _compiled(filler),
        question=None if question is None else _compiled(question),
        declarative=declarative,
        min_words=min_words,
    )


def _compiled(pattern: CueSource) -> re.Pattern[str]:
    if pattern is None:
        return NEVER
    return pattern if isinstance(pattern, re.Pattern) else cue(pattern)
