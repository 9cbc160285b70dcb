"""The digest path: a digest's items become candidates one by one, classified but never reworded or dropped
for lack of cue words (issue 16 point 1).

A digest is text with no turns: what an agent sends when asked for "one self-contained statement per item",
a client's own compaction summary (role ``digest`` turns of transcript.py and native.py), or notes pasted
as they are. Each bullet (``-``, ``*``, ``•``, ``・``, ...), numbered item (``1.``, ``2)``, ``(3)``, ``4、``)
or unmarked line is one item, kept as written apart from its marker and surrounding whitespace. An
unmarked line that holds more than one sentence (a pasted paragraph, a prose summary) is cut into sentences
(offline.segment, pysbd, which knows "e.g." and "10. Juli" are no sentence ends), and a sentence opening on a
dangling pronoun ("It runs on ...") is joined to the one before it, so a prose summary still yields
self-contained items; a bulleted or numbered item is never cut.

What is left out, and only this: lines without a single word character, headings and lead-ins (a line
ending with ``:``, a markdown ``#`` heading, a bold-only line, a first line set apart by a blank line as a
title), code blocks, lines holding one JSON object or array (machine records, such as a client's JSONL file
no parser recognised), lines about the conversation itself ("This session is being continued from a
previous conversation ..."), questions, and small talk (the language's chatter cue, a short thanks:
``cue_set.is_small_talk``), so "Thanks everyone!" in meeting notes stays out. Everything else is an item
whatever its wording. Labels: a leading "Decision:", "Rule:", "Task:" ... (``_LABELS``) sets the type.

Each item without a label gets a memory type and kind from the first cue of the digest's language that fires
(cue_set.cue_type, the rule that types the offline distiller's items), else it is a fact. Restatements are resolved
with resolve.py (an item said twice is kept once, counted twice). The secret scan is save_session's: the
transcript is redacted before parsing and an item holding a redaction is dropped (app/sessions.py).
Linear in the digest's size: one pass over its lines, and pysbd on bounded pieces of long lines only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from contextlamp.distill.base import DistilledItem, Distiller
from contextlamp.distill.cue_set import Cues, cue_type, ends_as_question, is_small_talk
from contextlamp.distill.cues import cues_for
from contextlamp.distill.language import detect_language
from contextlamp.distill.offline import MAX_ITEM_CHARS
from contextlamp.distill.resolve import Candidate, resolve
from contextlamp.distill.transcript import Turn
from contextlamp.domain.models import Kind, MemoryType

_FENCE = re.compile(r"^\s*(```|~~~)")
_MARKER = re.compile(r"^\s*(?:[-*+•·・‣◦▪●○–—]|\(?\d{1,3}[.)、．）]|[（(]\d{1,3}[)）]|\[[ xX]\])\s*")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s|\*\*[^*]+\*\*\s*$|__[^_]+__\s*$)")
_LEAD_IN = re.compile(r"[:：]\s*(?:\*\*)?\s*$")
_WORD = re.compile(r"\w", re.UNICODE)
_MORE_THAN_ONE_SENTENCE = re.compile(r"[.!?。！？](?:\s+|(?<=[。！？]))\S")  # pysbd decides where exactly
_SENTENCE_END = re.compile(r"[.!?。！？]\s*$")
# a type label an agent may put before an item ("Decision: ...", "Rule: ...", "任务：..."): a few words per type
# in the languages with cue sets; labels name the type, they are not cue phrases for statements
_LABELS: dict[tuple[MemoryType, Kind], str] = {
    ("task", "note"): "task|todo|to-do|aufgabe|tâche|tarea|tarefa|compito|задача|任务|待办|タスク|할 일|작업",
    ("event", "decision"): "decision|decided|entscheidung|décision|decisión|decisão|decisione|решение|决定|決定|결정",
    ("instruction", "note"): (
        "rule|convention|instruction|policy|procedure|regel|konvention|règle|regla|regra|regola|правило|规则|约定|"
        "ルール|規約|규칙"
    ),
    ("fact", "preference"): "preference|präferenz|préférence|preferencia|preferência|preferenza|偏好|好み|선호",
    ("event", "note"): "event|milestone|ereignis|événement|evento|событие|事件|里程碑|イベント|이벤트",
    ("fact", "fact"): "fact|fakt|fait|hecho|fato|fatto|факт|事实|事実|사실|note|notiz|nota",
}
_LABEL = re.compile(
    "^(?:" + "|".join(f"(?P<l{i}>{words})" for i, words in enumerate(_LABELS.values())) + r")\s*[:：]\s*",
    re.IGNORECASE,
)
_LABEL_TYPES = list(_LABELS)


@dataclass(frozen=True)
class _Line:
    """One item-shaped line of a digest: its text without marker, and whether it had a bullet or number."""

    text: str
    marked: bool


def digest_items(text: str, language: str | None = None) -> list[DistilledItem]:
    """Every item of a digest as a classified ``DistilledItem``, in order, restatements resolved.

    ``language``: ISO 639-1 code whose cue set types the items (language.detect_language of ``text`` when
    None): an item's type label wins, else the first cue of the language that fires (cue_set.cue_type), else a
    fact. Never raises on odd input; an empty or all-heading digest gives ``[]``.
    """
    lines = list(_item_lines(text))
    if not lines:
        return []
    language = language or detect_language(" ".join(line.text for line in lines[:50]))
    cues = cues_for(language)
    statements: list[tuple[str, tuple[MemoryType, Kind] | None]] = []
    for statement in _statements(lines, language, cues):
        if not _left_out(statement, cues):
            statements.append(_strip_label(statement))
    candidates = [
        Candidate(text[:MAX_ITEM_CHARS], *(labelled or cue_type(text.lower(), cues) or ("fact", "fact")))
        for text, labelled in statements
    ]
    return resolve(candidates)


def _item_lines(text: str) -> Iterable[_Line]:
    """The lines of a digest that can hold an item: code blocks, blank lines, headings and a title dropped."""
    raw = text.splitlines()
    in_fence = False
    seen_item = False
    for index, line in enumerate(raw):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or not line.strip():
            continue
        if _HEADING.match(line) or _is_json(line):
            continue
        marker = _MARKER.match(line)
        body = line[marker.end() :].strip() if marker else line.strip()
        if not body or _LEAD_IN.search(body):
            continue
        is_title = (
            not seen_item
            and marker is None
            and index + 1 < len(raw)
            and not raw[index + 1].strip()
            and not _SENTENCE_END.search(body)
        )
        if is_title:  # "Ticket #48213 - summary", then a blank line, then the items
            seen_item = True
            continue
        seen_item = True
        yield _Line(body, marker is not None)


def _is_json(line: str) -> bool:
    """A line holding one JSON object or array (a log record, a client's JSONL line): data, not a statement."""
    stripped = line.strip()
    if not (stripped[:1] in "{[" and stripped[-1:] in "}]" and len(stripped) > 1):
        return False
    try:
        json.loads(stripped)
    except (ValueError, RecursionError):
        return False
    return True


def _statements(lines: list[_Line], language: str, cues: Cues) -> Iterable[str]:
    """One statement per bullet or numbered line; an unmarked line that holds more than one sentence cut into
    sentences (pysbd), a sentence that opens on a dangling pronoun joined to the sentence before it."""
    from contextlamp.distill.offline import segment  # pysbd and the offline rules: only for prose digests

    for line in lines:
        if line.marked or not _MORE_THAN_ONE_SENTENCE.search(line.text):
            yield line.text
            continue
        units = segment([Turn("digest", line.text)], language)
        sentences = units[0].sentences if units else [line.text]
        joined: list[str] = []
        for sentence in sentences:
            if joined and cues.dangling.match(sentence.lower()):
                space = "" if joined[-1].endswith(("。", "！", "？")) else " "  # CJK sentences join unspaced
                joined[-1] = f"{joined[-1]}{space}{sentence}"
            else:
                joined.append(sentence)
        yield from joined


def _strip_label(statement: str) -> tuple[str, tuple[MemoryType, Kind] | None]:
    """An item without its leading type label, and the type the label names (None when there is none). A
    task keeps its label, as the offline distiller writes one: a task read back weeks later says it is one."""
    match = _LABEL.match(statement)
    if match is None or match.end() == len(statement):
        return statement, None
    typed = _LABEL_TYPES[int(next(name for name, value in match.groupdict().items() if value)[1:])]
    return (statement if typed[0] == "task" else statement[match.end() :]), typed


def _left_out(statement: str, cues: Cues) -> bool:
    """Lines that are no item: no word at all ("---", "]]]"), questions, small talk and sentences about the
    conversation itself (cue_set.is_small_talk), and the user's moment (moment.about_the_moment)."""
    from contextlamp.distill.moment import about_the_moment

    if _WORD.search(statement) is None or ends_as_question(statement) or is_small_talk(statement, cues):
        return True
    return about_the_moment(statement)  # "The user asked to ...", "The user is fixing ...": the user's moment


class DigestFirst:
    """A ``Distiller`` that sends a session's digest turns down the digest path and every other turn to the
    ``Distiller`` it wraps (the offline rules or the LLM).

    A digest turn stands for the turns before it (a client's compaction summary replaces them; transcript.py
    and native.py), so its items come first, then the items of the turns after it; an item of the other
    turns that repeats a digest item word for word (case and spacing aside) is left out. A session with no
    digest turn is the wrapped distiller's alone.
    """

    def __init__(self, turns_distiller: Distiller) -> None:
        self._turns = turns_distiller

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """Digest items, then the wrapped distiller's items of the other turns (see the class docstring)."""
        digests = [t for t in turns if t.role == "digest"]
        items = digest_items("\n".join(t.text for t in digests)) if digests else []
        others = [t for t in turns if t.role != "digest"]
        if others:
            seen = {_key(i.content) for i in items}
            items += [i for i in self._turns.distill(others) if _key(i.content) not in seen]
        return items


def _key(text: str) -> str:
    return " ".join(text.casefold().split())
