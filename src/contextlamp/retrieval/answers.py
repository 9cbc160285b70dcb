"""Answer or restatement: whether the part of a memory that matches a question holds the kind of value it asks for.

Issue #32: a long reply built on a question's own words outranks the memory holding the answer, in words and in
meaning (research/notes/recall46-stop45.md: first in 43 of 44 long-paraphrase cases). Such a reply restates the
question; it does not answer it. A classic question-answering test tells the two apart without a model: the
expected answer type of a wh-question (Moldovan et al., "The structure and performance of an open-domain question
answering system", ACL 2000; Prager et al., "Question-answering by predictive annotation", SIGIR 2000). A "how
many" question is answered by a number, a "when" question by a time, "who" by a name, "where" by a place, "why" by
a reason. The sentences of a memory that hold the question's own words either carry such a value (an answer, or a
memory that names the subject with its value) or not (a restatement: a reply talking around the subject, an open
item, the question asked again).

``answer_kind`` reads the kind a query asks for; ``restates`` judges one memory's text. Both are linear in the
length of their text (fixed-width look-ups, no nested quantifiers).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from contextlamp.retrieval.chunks import STEM_CHARS
from contextlamp.retrieval.query import content_terms

if TYPE_CHECKING:
    from contextlamp.domain.models import Entry
    from contextlamp.retrieval.hits import ScopedStore
    from contextlamp.retrieval.weights import FusionWeights

# the wh-forms read; the first interrogative of the query names the kind ("which person gets alerted when ..." asks
# for a person; "what occurs when ..." for anything): how long / how often / how quickly / how many days|weeks...
# ask for a duration or a frequency (a number or a time), how many/much/old/far for a quantity; when / what
# time|date|day|year|month for a time; who/whom/whose and which|what person for a person; where for a place; why
# for a reason. Any other "what", "which" or "how" asks for anything: no kind, nothing judged.
_KINDS = re.compile(
    r"\b(?:(?P<duration>how\s+(?:long|often|frequently|quickly|soon|many\s+(?:second|minute|hour|day|week|month|year)s?))"
    r"|(?P<number>how\s+(?:many|much|old|far|big|large|tall|heavy|fast))"
    r"|(?P<time>when|(?:what|which)\s+(?:time|date|day|year|month))"
    r"|(?P<person>who|whom|whose|(?:what|which)\s+(?:person|people|colleague|engineer))"
    r"|(?P<place>where)|(?P<reason>why)|(?P<anything>what|which|how))\b",
    re.IGNORECASE,
)
_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|"
    r"hundred|thousand|million|billion|dozen|half|twice|once"
)
_NUMBER = re.compile(rf"\d|\b(?:{_NUMBER_WORDS})\b|[$€£¥%]", re.IGNORECASE)
_TIME = re.compile(
    r"\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|weekday|morning|afternoon|evening|night|"
    r"noon|midnight|today|tonight|yesterday|tomorrow|ago|last|next|since|until|spring|summer|autumn|fall|winter|"
    r"week|month|year|daily|weekly|monthly|yearly|hour|minute|christmas|easter|birthday|holiday)s?\b",
    re.IGNORECASE,
)
_REASON = re.compile(
    r"\b(?:because|since|due\s+to|so\s+that|so\s+we|so\s+i|reason|caused?|owing|thanks\s+to|after|as\s+a\s+result)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_][\w'-]*")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def answer_kind(query: str) -> tuple[str, set[str]] | None:
    """The kind of value ``query`` asks for (``"duration"``, ``"number"``, ``"time"``, ``"person"``, ``"place"``,
    ``"reason"``) and the query's content words (``content_terms``, first ``STEM_CHARS`` letters) without the
    words of the wh-form ("many", "long", "time"); None when it has no such wh-form (nothing is judged).
    English only."""
    found = _KINDS.search(query)
    if found is None or found.lastgroup in (None, "anything"):
        return None
    asked = {w.lower()[:STEM_CHARS] for w in _WORD.findall(found.group())}
    return found.lastgroup, {t[:STEM_CHARS] for t in content_terms(query)} - asked


def _named(sentence: str, query_stems: set[str]) -> bool:
    """A capitalised word past the sentence's first word (or a digit) that the query does not hold: a name."""
    words = _WORD.findall(sentence)
    for word in words[1:]:
        if word[0].isupper() and word.lower()[:STEM_CHARS] not in query_stems and word != "I":
            return True
    return any(c.isdigit() for c in sentence)


def _found(pattern: re.Pattern[str], sentence: str, query_stems: set[str]) -> bool:
    """Whether ``pattern`` matches in ``sentence`` a value that is not one of the query's own words."""
    return any(m.group().lower()[:STEM_CHARS] not in query_stems for m in pattern.finditer(sentence))


def _holds(kind: str, sentence: str, query_stems: set[str]) -> bool:
    """Whether ``sentence`` holds a value of ``kind`` that the query does not already hold."""
    if kind == "number":
        return _found(_NUMBER, sentence, query_stems)
    if kind == "time":
        return _found(_TIME, sentence, query_stems)
    if kind == "duration":  # said as a span ("for three years") or found from the dates of events ("last week")
        return _found(_NUMBER, sentence, query_stems) or _found(_TIME, sentence, query_stems)
    if kind == "reason":
        return _found(_REASON, sentence, query_stems)
    return _named(sentence, query_stems)  # person, place


def restates(text: str, kind: str, query_stems: set[str], least: int, max_chars: int) -> bool:
    """Whether ``text`` (a memory; its first ``max_chars`` characters are read) matches the query only by
    restating it: some sentence holds at least ``least`` of ``query_stems`` (the query's content words, first
    ``STEM_CHARS`` letters), and none of those sentences holds a value of ``kind`` (``answer_kind``), or each of them
    asks (ends with a question mark). A text whose sentences hold fewer of the query's words is not judged (False):
    it is found by meaning or by other words, and this test cannot read it."""
    matched = False
    for found in _SENTENCE.finditer(text[:max_chars]):
        sentence = found.group()
        stems = {w.lower()[:STEM_CHARS] for w in _WORD.findall(sentence)}
        if len(stems & query_stems) < least:
            continue
        matched = True
        if not sentence.rstrip().endswith("?") and _holds(kind, sentence, query_stems):
            return False
    return matched


def damp_restatements(
    fused: list[tuple[str, float, float]],
    owner: dict[str, ScopedStore],
    query: str,
    weights: FusionWeights,
    read: dict[str, Entry],
) -> list[tuple[str, float, float]]:
    """``fused`` (``(id, rrf, score)`` best first) with the RRF and score of each of its first
    ``weights.restated_depth`` memories of more than ``weights.restated_min_chars`` characters that ``restates`` the
    query (``weights.restated_terms`` of its content words in a sentence, its first ``weights.restated_chars``
    characters read) multiplied by ``weights.restated``, best first again. Unchanged when ``weights.restated`` >= 1
    or the query asks for no kind of value (``answer_kind``). A short memory is not judged: a turn that holds the
    question's words states the event itself, its time in its save date (LoCoMo's "when" questions). One read of
    the lengths of the memories not yet in ``read`` (``Store.chars_and_times``) and one of the long ones' entries
    (``Store.entries``) a store; ``read`` gains them."""
    factor, depth, least = weights.restated, weights.restated_depth, weights.restated_terms
    max_chars, min_chars = weights.restated_chars, weights.restated_min_chars
    asked = answer_kind(query) if factor < 1.0 else None
    if asked is None:
        return fused
    kind, stems = asked
    if len(stems) < least:
        return fused
    top = [i for i, _, _ in fused[:depth]]
    by_store: dict[int, list[str]] = {}
    for entry_id in top:
        if entry_id not in read:
            by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    for ids in by_store.values():
        store = owner[ids[0]].store
        if min_chars:  # lengths first (no text): most memories of a conversation are short turns
            ids = [i for i, (chars, _) in store.chars_and_times(ids).items() if chars > min_chars]
        if ids:
            read.update(store.entries(ids))
    judged = [i for i in top if i in read and len(read[i].content) > min_chars]
    damped = {i for i in judged if restates(read[i].content, kind, stems, least, max_chars)}
    if not damped:
        return fused
    out = [(i, rrf * factor, score * factor) if i in damped else (i, rrf, score) for i, rrf, score in fused]
    return sorted(out, key=lambda f: -f[1])
