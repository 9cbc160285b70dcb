"""The cue set of each language for the offline distiller: its shape (``Cues``), the builders the cue tables
(cues_full.py, cues_declarative.py) are written with, the typing of a sentence by its
cues, and the question-mark check. The lookup of a language's set (``cues_for``) is cues.py, which imports the
tables; the tables import this module.

A cue set is a handful of regular expressions over lower-cased sentences. They name kinds of statement
(decision, instruction, preference, task, event, fact) and kinds of noise (chatter, offers, requests), never any
particular data set's content. English, German, French and Spanish have full sets, in which a fact needs a fact
cue (cues_full.py). Chinese, Japanese, Korean, Russian and Arabic have small sets (a few words per kind) and are
*declarative*: any user statement with enough words that is not noise is kept as a fact, since no short word
list covers how facts are stated there. Every other language gets ``GENERIC``, declarative too, whose noise
lists are greetings, thanks and acknowledgements of many languages, so a language without a cue list keeps its
durable statements instead of dropping everything (cues_declarative.py). Every pattern is linear in its input:
alternations of literals, no nested quantifiers, except the acknowledgement patterns (``acks``), whose repeated
word group is atomic and possessive so it cannot backtrack.

Noise of any language (``is_small_talk``: thanks, idle talk, talk about the conversation itself) is dropped by the
offline rules (offline.py) and the digest path (digest_path.py) alike: one place for both. Which language a text
is in: language.py; correction markers ("Correction:", "更正："): corrections.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from contextlamp.distill.script import word_count
from contextlamp.domain.models import Kind, MemoryType

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
    capitals_name: bool = False  # a capitalised word inside a sentence names something (not German: every noun)


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
    task_label: str = "Task",
    filler: CueSource = None,
    question: CueSource = None,
    declarative: bool = False,
    min_words: int = MIN_WORDS,
    capitals_name: bool = False,
    **patterns: CueSource,
) -> Cues:
    """The ``Cues`` of one language from its table entry: ``patterns`` by ``Cues`` field name (chatter, offer,
    request, dangling, task, decision, instruction, preference, event, fact), a source compiled with ``cue``, a
    compiled pattern taken as it is; a cue the entry leaves out never matches (``NEVER``), and a ``filler`` or
    ``question`` it leaves out is not looked for. Raises ``TypeError`` for a name that is no cue of ``Cues``."""
    names = [f.name for f in fields(Cues) if f.type == "re.Pattern[str]"]
    unknown = set(patterns) - set(names)
    if unknown:
        raise TypeError(f"no such cue: {sorted(unknown)}")
    return Cues(
        **{name: _compiled(patterns.get(name)) for name in names},
        task_label=task_label,
        filler=None if filler is None else _compiled(filler),
        question=None if question is None else _compiled(question),
        declarative=declarative,
        min_words=min_words,
        capitals_name=capitals_name,
    )


def _compiled(pattern: CueSource) -> re.Pattern[str]:
    if pattern is None:
        return NEVER
    return pattern if isinstance(pattern, re.Pattern) else cue(pattern)


_QUESTION_MARKS = ("?", "？", "؟", "\u037e")  # ASCII, full-width (CJK), Arabic, Greek
_CLOSERS = " \t\n\"'”’」』)）]"


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
        words = word_count(lower)
    if words >= cues.min_words and cues.event.search(lower):
        return "event", "note"  # something dated or scheduled: it happened, or will, at a time
    return None


GRATITUDE = re.compile(
    r"\b(?:thanks?|thank you|danke|merci|gracias|grazie|obrigad[oa]|спасибо|благодар\w*|شكر\w*)\b"
    r"|谢谢|感谢|多谢|ありがと|感謝|お礼|감사|고맙|고마워",
    re.IGNORECASE,
)
IDLE = re.compile(  # "nothing much, just bored": an opener that says the rest is idle talk
    r"^(?:nothing much|not much|just bored|(?:да |нет,? )?ничего(?: особенного)?[,.!]|niks bijzonders|"
    r"没什么|没事儿?|就是无聊|随便聊聊|なんでもない|特に(?:ない|何も)|"
    r"별일 없|그냥 심심)",
    re.IGNORECASE,
)
JUST_THANKS = re.compile(  # "I just wanted to say thanks": the whole point of the sentence is the thanks
    r"just wanted to (?:say thanks|thank)|wollte (?:mich )?nur (?:danke|bedanken)|voulais (?:juste|simplement) "
    r"(?:dire merci|remercier)|solo quería (?:dar las gracias|agradecer)|お礼を言いたかった|只是想(?:说声)?谢谢|"
    r"감사(?:하다고|를) (?:말씀|전하)",
    re.IGNORECASE,
)
SHORT_THANKS_WORDS = 10  # "Wanted to say thanks for yesterday" is chatter; a long sentence may carry a fact
META = re.compile(  # sentences about the conversation itself, not about the user's world
    r"^(?:session summary|summary of (?:the|this) (?:session|conversation)|small talk|chit-?chat|"
    r"no (?:code )?changes|no decisions|nothing (?:to follow up|else|worth)|the user (?:said hello|greeted|thanked)|"
    r"this (?:session|conversation) is being continued|the conversation is summari[sz]ed)",
    re.IGNORECASE,
)
FAREWELL = re.compile(  # "I should sleep, night": a sentence that signs off is small talk, whatever it opens on
    r"[,;.!]\s*(?:good ?night|night|gn|bye|cya|see (?:you|ya)|later|ciao|tschüss|bonne nuit|buenas noches)\W*$",
    re.IGNORECASE,
)


def is_small_talk(sentence: str, cues: Cues) -> bool:
    """A sentence that is only chatter: the language's chatter cue ("ok thanks!", "好的，谢谢"), a short thanks
    of any language (fewer than ``SHORT_THANKS_WORDS`` words: "Thanks everyone for coming!"), or a sentence
    about the conversation itself ("Small talk about the weekend.", "No code changes.")."""
    lower = sentence.strip().lower()
    return (
        bool(cues.chatter.match(lower))
        or IDLE.match(lower) is not None
        or (GRATITUDE.search(lower) is not None and word_count(sentence) < SHORT_THANKS_WORDS)
        or JUST_THANKS.search(lower) is not None
        or META.match(sentence.strip()) is not None
    )
