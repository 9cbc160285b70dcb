"""Whole-session judgement of a hook's save: which of a session's statements are new memories.

A hook fires on a slice of a session (Codex after every turn, Claude Code at compaction and at the end), but
a slice is judged in the context of its whole session: the service's distiller (``MemoryService.distiller``,
the same one ``save_session`` uses) reads every turn of the session the worker read, so chatter, corrections
and repetitions are decided over the session, and a slice of one fact plus a reply keeps its fact. What the
session's earlier saves already judged (``item_key``s kept in the session's state) is not handed over again,
and a candidate that restates a memory already live in the target store or the personal one
(``restates``: the same words, or the same words but for one or two filler words, never a different value)
is a dedupe, not a new entry.

A session larger than one save (``max_bytes``, ``Settings.max_transcript_bytes``) is judged window by window
(consecutive turns of at most ``max_bytes``), every window that holds a new turn; at most ``MAX_WINDOWS`` per
save, the newest: the turns of older windows are skipped and the hook log says how many.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.distill.base import DistilledItem
    from contextlamp.distill.turns import Turn

MAX_WINDOWS = 8  # windows of max_bytes distilled per save (8 x 2 MiB by default); older new turns are skipped
LIVE_SCANNED = 1000  # newest live memories per store a candidate is compared with
MAX_FILLER_WORDS = 2  # words a restatement may add or drop (none of them a value)
_WORD = re.compile(r"[\w./#@:-]+", re.UNICODE)
_VALUE = re.compile(r"[\d/#@.:_-]|^[A-Z]")  # a token that carries a value: digits, a path, a name
MAX_LEAD_IN_WORDS = 6  # a lead-in longer than this is a clause of its own
_LEAD_IN = re.compile(r"\s*([^:,;.\n]{1,80}?)\s*[:,]\s+")  # the words before the first ":" or ","
# a word of the lead-in that refers back to a speaker ("your notes", "as I said") or a source ("per", "according")
_REFERENCE = re.compile(r"\b(?:you|your|yours|i|my|we|our|us|per|according)\b", re.IGNORECASE)
_LEAD_VALUE = re.compile(r"[\d/#@_]")
_CLAUSES = re.compile(r"\s*[;,]\s+(?:and\s+|but\s+|also\s+)?|\s+and\s+(?=the\s)")  # where a sentence joins two
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "and",
        "or",
        "but",
        "with",
        "by",
        "from",
        "as",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "we",
        "our",
        "us",
        "you",
        "your",
        "i",
        "my",
        "me",
        "they",
        "them",
        "their",
        "he",
        "she",
        "his",
        "her",
        "now",
        "also",
        "just",
        "s",
    ]
)
# a type label the digest path reads back as the memory type and kind (distill/digest_path.py ``_LABELS``)
_LABEL = {
    ("event", "decision"): "Decision: ",
    ("instruction", "note"): "Rule: ",
    ("fact", "preference"): "Preference: ",
}


@dataclass(frozen=True)
class Judgement:
    """The outcome of judging a session: ``items`` the session's candidates (every window judged), and
    ``skipped`` how many new turns were left unjudged because the session was larger than ``MAX_WINDOWS``
    windows."""

    items: list[DistilledItem]
    skipped: int


def judge_session(service: MemoryService, turns: Sequence[Turn], fresh: Sequence[bool], max_bytes: int) -> Judgement:
    """The distilled items of a session's ``turns`` (``fresh[i]``: turn i is new since the last save), judged
    over the whole session, or window by window when it is larger than ``max_bytes`` bytes of UTF-8. Every
    turn is redacted with the service's secret scanner first, and each item loses the clauses that held a
    secret and is kept when the rest is still a durable statement (``app.distilling.scrub_items``, the one rule
    ``save_session`` follows: redact, do not lose); items taken from pasted code or logs are dropped
    (``clean.from_pasted``): the distiller reads them as the session's context, they are never a memory."""
    from contextlamp.app.distilling import redacted_turns, scrub_items
    from contextlamp.distill.turns import Turn
    from contextlamp.hooks.clean import from_pasted, pasted_lines

    windows = _windows(turns, max_bytes)
    wanted = [w for w in windows if any(fresh[i] for i in w)]
    skipped = sum(fresh[i] for w in wanted[:-MAX_WINDOWS] for i in w) if len(wanted) > MAX_WINDOWS else 0
    items: list[DistilledItem] = []
    seen: set[str] = set()
    for window in wanted[-MAX_WINDOWS:]:
        texts = redacted_turns(service.scanner, [bounded(turns[i].text, max_bytes) for i in window])
        redacted = [Turn(turns[i].role, text) for i, text in zip(window, texts, strict=True)]
        pasted = pasted_lines(t.text for t in redacted)
        for item in scrub_items(service.scanner, service.distiller.distill(redacted), set()):
            key = item_key(item.content)
            if key in seen or from_pasted(item.content, pasted):
                continue
            seen.add(key)
            items.append(item)
    return Judgement(items, skipped)


def bounded(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters: its head and its tail (half each, a blank line between them), the
    middle left out. What a person says beside a paste comes before or after it, and a client's consecutive
    messages of one speaker are one turn (``distill.native_base.Parser.say``), so keeping only the head lost the
    fact typed after a 20 MB paste (breaker stop 40 finding 10). Linear."""
    if len(text) <= limit:
        return text
    half = max(0, (limit - 2) // 2)
    return text[:half] + "\n\n" + text[len(text) - half :]


def _windows(turns: Sequence[Turn], max_bytes: int) -> list[list[int]]:
    """Consecutive turn indexes, each group at most ``max_bytes`` of text (a turn larger than that alone)."""
    out: list[list[int]] = []
    size = 0
    for i, turn in enumerate(turns):
        cost = len(turn.text.encode("utf-8", "replace")) + 32
        if out and size + cost <= max_bytes:
            out[-1].append(i)
            size += cost
        else:
            out.append([i])
            size = cost
    return out


def item_key(content: str) -> str:
    """A candidate's key in the session state: SHA-256 (20 hex digits) of its case-folded, space-collapsed text."""
    return hashlib.sha256(" ".join(content.casefold().split()).encode("utf-8", "replace")).hexdigest()[:20]


LiveMemory = tuple[str, str | None, str | None]  # (text, its project id or None for personal, its topic)


def live_memories(service: MemoryService, caller: Caller, project_id: str | None) -> list[LiveMemory]:
    """The newest ``LIVE_SCANNED`` live memories of the target store (``project_id``'s, else personal) and of
    the personal store: ``(text, project id or None for personal, topic or None)``."""
    found: list[LiveMemory] = []
    for project in dict.fromkeys([project_id, None]):
        cursor: str | None = None
        count = 0
        while count < LIVE_SCANNED:
            page = service.list_context(caller, 200, project, cursor)
            found += [(item.preview, project, item.topic) for item in page.items if not item.superseded_by]
            count += len(page.items)
            cursor = page.next_cursor
            if not cursor or not page.items:
                break
    return found


def restates(candidate: str, memories: Sequence[str]) -> bool:
    """Whether ``candidate`` restates one of ``memories``: its words (case, punctuation and a few filler words
    aside) are the memory's, give or take ``MAX_FILLER_WORDS`` words none of which carries a value (a digit, a
    path, a capitalised name). "The ledger API listens on port 8080" restates "ledger API listens on port 8080."
    but not "The ledger API listens on port 9090". A sentence whose every clause restates one ("X uses A, and the
    Y uses B") restates too."""
    lead = _LEAD_IN.match(candidate)
    if lead and _refers_back(lead.group(1)) and restates(candidate[lead.end() :], memories):
        return True  # "Per your notes: X", "As you know, X": X restated whatever the lead-in
    clauses = [c for c in _CLAUSES.split(candidate) if c.strip()]
    if len(clauses) > 1 and all(_restates_one(c, memories) for c in clauses):
        return True  # "X uses A, and Y uses B" where both are live: two restatements glued
    return _restates_one(candidate, memories) or _made_of(candidate, memories)


def _made_of(candidate: str, memories: Sequence[str]) -> bool:
    """Whether ``candidate`` is two or more live memories glued, however its clauses fall: each of them is in
    it but for one word (no value), and it holds at most ``MAX_FILLER_WORDS`` words (no value) beyond them."""
    own, own_values = _words(candidate)
    covered: set[str] = set()
    held = 0
    for memory in memories:
        other, other_values = _words(memory)
        missing = other - own
        if len(other) >= 2 and len(missing) <= 1 and not missing & other_values:
            covered |= other
            held += 1
    left = own - covered
    return held >= 2 and len(left) <= MAX_FILLER_WORDS and not left & own_values


def _refers_back(lead: str) -> bool:
    """Whether ``lead`` (the words before a sentence's first ``:`` or ``,``) points back at what the speaker or
    the listener said, saved or knows ("per your notes", "as you know", "as I said", "from what you saved"):
    at most ``MAX_LEAD_IN_WORDS`` words, a word of reference among them, no value (a digit, a path)."""
    words = lead.split()
    return len(words) <= MAX_LEAD_IN_WORDS and bool(_REFERENCE.search(lead)) and not _LEAD_VALUE.search(lead)


def _restates_one(candidate: str, memories: Sequence[str]) -> bool:
    own, own_values = _words(candidate)
    if not own:
        return False
    for memory in memories:
        other, other_values = _words(memory)
        if not other:
            continue
        differing = own ^ other
        if len(differing) <= MAX_FILLER_WORDS and len(own & other) >= 2 and not differing & (own_values | other_values):
            return True
    return False


def corrected(
    candidate: str, memories: Sequence[LiveMemory], marked: bool = False
) -> tuple[str, str | None, str] | None:
    """The live memory ``candidate`` corrects, as ``(text, its project id or None, a topic for both)``, or None.

    A candidate corrects a memory when it words a change (``freshness.states_correction``: "correction", "moved
    to", "handed ... over to", "got upgraded to 7.3 (was 1.6)", "no longer", "from now on" ...), gives a value
    the memory does not have (a digit, a path, a handle, a name), shares a subject word with it (a word of no
    attribute family: ``freshness.ATTRIBUTE_FAMILIES``) and a second word or an attribute family ("escalate" /
    "ping"), either names the memory's old value ("instead of @oncall", "(was 1.6.6)", "Henrik handed ...":
    values compared as ``freshness.value_key``) or shares half of the memory's words or an attribute family, and is
    about the same attribute of the subject (``freshness.same_attribute``: a phrase both share, "runs every",
    never makes a schedule correct a host, nor one component's change another's). The best match (most shared
    words) wins. ``marked``: the caller knows ``candidate`` was said as a correction (the distiller removed its
    marker: "Small correction: X" is stored as "X"). The topic is the memory's own words (values, stop and
    change words left out) in its order, kebab-cased, so it names the attribute as well as the subject and two
    attributes of one component never share one: the store's topic supersession then retires the old memory
    (history kept; spec/TOOLS.md save_context ``topic``)."""
    from contextlamp.domain.freshness import (
        attribute_family,
        distinctive_shape,
        names_old_value,
        opens_on_name,
        same_attribute,
        shared_family,
        states_change,
        states_correction,
        value_shape,
    )

    marked = marked or states_correction(candidate)
    if not marked and not states_change(candidate):
        return None
    own_values, own_words = _parts(candidate)
    own_opening = _opening(candidate)
    lead = _lead_subject(candidate)
    named_first = opens_on_name(candidate)
    best: tuple[tuple[bool, int], tuple[str, str | None, str]] | None = None  # ((named, shared words), hit)
    by_shape = 0  # memories only a value of the same distinctive shape matched (ambiguous when more than one)
    for text, project, _topic in memories:
        values, words = _parts(text)
        opening = _opening(text)
        # both opening on the same word ("Staging Redis is ..." / "Staging Redis isn't ... anymore", "Marta owns
        # X" / "Marta no longer owns X, Tomasz does"): the subject they share, not a value either gives
        same_opening = bool(opening) and opening == own_opening
        if opening and not same_opening and opening in own_values:  # a name opening it ("Priya owns ...")
            values, words = values | {opening}, words - {opening}
        mine, my_words = own_values, own_words
        if own_opening and not same_opening and (own_opening in values or (named_first and own_opening not in words)):
            # "Henrik handed ..." after "Henrik's team ..."; "Kwame owns X now, not Farah": a new name opens it
            mine, my_words = own_values | {own_opening}, own_words - {own_opening}
        if not mine - values or len(text) >= 200:  # a preview cut at 200 characters is not the content
            continue
        shared = my_words & words
        family = shared_family(my_words - shared, words - shared)
        # the values that differ have one shape ("22:50" for "08:15"): the same attribute given a new value
        shapes = {value_shape(v) for v in mine - values} & {value_shape(v) for v in values - mine}
        if not any(attribute_family(w) is None for w in shared) or len(shared) + family + bool(shapes) < 2:
            continue  # no subject word in common, or nothing else: another thing, or too little to tell
        old_named = names_old_value(candidate, text)  # "New date for X: V (the O one ...)": O named as old
        if not (marked or old_named) and not (family and shapes and lead and lead <= words):
            continue  # only "now" says it changed: the same subject, the attribute named alike, the value alike
        named = old_named or 2 * len(shared) >= len(words) or family
        if not named and not any(distinctive_shape(shape) for shape in shapes):
            continue
        if not same_attribute(candidate, text):
            continue
        by_shape += not named
        tokens = (w.strip(".:,;()-") for w in _WORD.findall(text.casefold()))
        topic = "-".join(w for w in dict.fromkeys(tokens) if w in words)[:80]
        rank = (bool(named), len(shared))  # a memory matched by its words before one matched by a value's shape
        if best is None or rank > best[0]:
            best = (rank, (text, project, topic))
    if best is not None and not best[0][0] and by_shape > 1:
        return None  # two memories of the subject hold a value of that shape: which one changed is not said
    return best[1] if best else None


def _lead_subject(text: str) -> frozenset[str]:
    """The words ``text`` opens on (after an article) before a stop word, a value or an attribute word after the
    first (``freshness.ATTRIBUTE_FAMILIES``, ``_STOP``): the subject it names ("The export api limit is 300 rps
    now" -> {"export", "api"}); empty when it opens on a pronoun ("We moved ...")."""
    from contextlamp.domain.freshness import attribute_family

    words: list[str] = []
    for token in (w.strip(".:,;()-").casefold() for w in _WORD.findall(text)):
        if token in ("the", "our", "a", "an") and not words:
            continue
        if token in _STOP or (words and attribute_family(token) is not None) or re.search(r"[\d/#@._]", token):
            break  # (a first word of a family names the thing: "the export api", "the build farm")
        words.append(token)
    return frozenset(words)


def _opening(text: str) -> str:
    """The first word of ``text`` as a value key when it is capitalised (a name may open a statement:
    "Priya owns ...", "Henrik's team ..."), else ""."""
    first = text.split(maxsplit=1)[0].strip(".:,;()") if text.split() else ""
    return _value(first) if first[:1].isupper() else ""


def _value(token: str) -> str:
    from contextlamp.domain.freshness import value_key

    return value_key(token)


def _parts(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(value tokens, other words) of ``text``: a value holds a digit or a path character, or is a capitalised
    word after the first (compared as ``freshness.value_key``: "v2.1.0" is "2.1.0", "Henrik's" is "henrik"); the
    other words are case-folded, stop words and change words (``freshness.states_correction``) left out."""
    from contextlamp.domain.freshness import states_correction

    tokens = [w.strip(".:,;()-") for w in _WORD.findall(text)]
    values: set[str] = set()
    words: set[str] = set()
    for n, token in enumerate(t for t in tokens if t):
        if re.search(r"[\d/#@._]", token) or (n > 0 and token[:1].isupper()):
            values.add(_value(token))
        elif token.casefold() not in _STOP and not states_correction(token):
            words.add(token.casefold())
    return frozenset(values), frozenset(words)


def _words(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the case-folded words of ``text`` without stop words, those of them that carry a value). Words are
    compared case-folded, so a capital a sentence opens with ("Always run ..." / "From now on, always run ...")
    is no difference; a word written with a capital anywhere (a name) or holding a digit or a path character
    still carries a value ("Priya owns ..." is not "Tomasz owns ...")."""
    words = [w.strip(".:,;-") for w in _WORD.findall(text)]
    kept = [w for w in words if w and w.casefold() not in _STOP]
    return frozenset(w.casefold() for w in kept), frozenset(w.casefold() for w in kept if _VALUE.search(w))


def digest_transcript(items: Sequence[DistilledItem]) -> str:
    """The items as one digest turn (a JSON message list, role ``digest``: one bulleted statement a line, with
    the type label the digest path reads back for decisions, rules and preferences), for ``save_session``."""
    return json.dumps([{"role": "digest", "content": "\n".join(digest_lines(items))}], ensure_ascii=False)


def digest_lines(items: Sequence[DistilledItem]) -> list[str]:
    """One bulleted line per item, with its type label (``digest_transcript``)."""
    return [f"- {_LABEL.get((i.memory_type, i.kind), '')}{' '.join(i.content.split())}" for i in items]
