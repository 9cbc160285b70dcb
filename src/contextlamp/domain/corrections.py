"""Which live memories a newly saved statement corrects (issue #27.2): the one rule every save path applies
(``app/freshness.supersede_corrected``: the agent's ``save_context``, a session's distilled items, the hooks'
capture), so that a corrected value never ranks first, however the change was said and whoever saved it.

A newer statement corrects an older one when both are single statements (one sentence each; the newer may hold
more when it is marked as a correction: ``several_sentences``) about the same subject and the same
attribute of it (``rules.same_attribute``), the newer gives a value the older does not have, and one of:

- it names the older's value as the old one ("..., not 4123", "moved X off the A boxes", "A went away",
  "72:00:00 -> 7-00:00:00", "the A grant ended": ``names_old_value`` and ``_retires``);
- it words a change or a correction ("Correction:", "moved", "from this month", "since the renewal", "now":
  ``rules.states_correction``, ``rules.states_change``, ``_DATED``) and the values that differ have one shape (a
  time for a time, a host for a host), or both name the attribute alike (``rules.shared_family``);
- it says the older statement again word for word with only the value changed ("The X polls every 8 seconds"
  after "The X polls every 15 seconds"): a restatement with a new value is the newer value.

Never when it adds a fact beside the old one ("also", "too", "another", a second ...: ``rules.states_change``'s
additive words) or is a question. Several older statements matched only by a value's shape (two of the subject's
times: which one changed is not said) are none (``corrected_among``). Pure and linear in the texts' lengths
(quadratic in the words of a statement of at most ``rules.FRESH_MAX_WORDS``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from contextlamp.domain.rules import (
    FRESH_MAX_WORDS,
    attribute_family,
    names_old_value,
    same_attribute,
    shared_family,
    states_change,
    states_correction,
    value_key,
    value_shape,
    value_split,
)

# a new value dated from a moment on: "from this month", "starting in January", "since the contract renewal",
# "as of Monday", "effective today"
_DATED = re.compile(
    r"\b(?:from|starting|beginning|effective|as of|since)\s+(?:in\s+|on\s+)?"
    r"(?:this|next|last|the|today|tomorrow|now|\d|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
    re.IGNORECASE,
)
# the end of a sentence inside a text: a full stop, "!" or "?" (and their full-width forms), any closing quote or
# bracket, then more text. A memory of several sentences holds several facts (a chat turn: "Thanks, Caroline! I went
# to ... yesterday. It was ..."); one of them restated with another value is not a correction of the whole memory.
# On LoCoMo's dev conversations (their turns saved one by one) the rule without this read 2,061 pairs of turns at
# most 60 turns apart as corrections and retired chat turns at save time (hybrid R@10 0.810 -> 0.743); with it, 5
# (stop 40, the lead's check). Linear: a run of stops is matched from its first character only (lookbehind), and
# read once (possessive quantifiers)
_SENTENCE_END = re.compile(r"(?<![.!?\u3002\uff01\uff1f])[.!?\u3002\uff01\uff1f]++[\"'\u2019\u201d)\]]*+\s++\S")
# what marks a value as the old one right after it: an arrow to the new one, or its end ("the A grant ended",
# "A went away", "A is gone", "A got dropped", "A was decommissioned")
_ARROWS = frozenset(["->", "→", "=>", "-->"])
_ENDED = frozenset(
    """ended expired retired gone went dropped removed decommissioned deprecated closed dead emptied drained
    replaced shut""".split()  # noqa: SIM905
)
ENDED_WORDS = 3  # how far after a value its end may be said ("the A grant ended", "A is gone")
# words a statement names an attribute or a kind of thing with, shared by statements about different things
# ("The tax calculator runs on ..." / "the refund processor now runs on ..."; "the billing service" / "the
# loyalty service"): never the subject two statements share (stems, as rules.value_split gives them)
_GENERIC = frozenset(
    """run use listen port host go get sit call point talk start take need keep have make work service job team
    file path server system app data code tool thing""".split()  # noqa: SIM905
)
_ADDITIVE = re.compile(r"\b(?:also|too|as well|another|additionally|besides|second|extra)\b", re.IGNORECASE)
_TOKEN_STRIP = ".,;:!?()[]\"'`"
MAX_RESTATED_NEW_WORDS = 2  # words a restatement with a new value may add beside the value ("now", "still")
# words the clause of a worded change may add beside the old statement's ("for every main job" narrows it: a new
# fact of its own, not the old one's new value; rules.is_update's value-terms limit, in words)
MAX_WORDED_NEW_WORDS = 1
END_WORDS = 3  # words a restated value may stand before the end of its statement ("8080 in staging.")


def _retires(newer: str, values: AbstractSet[str]) -> bool:
    """Whether ``newer`` says of one of ``values`` (value keys) that it is the old one: an arrow right after it,
    or its end within ``ENDED_WORDS`` words after it."""
    tokens = newer.split()
    for n, raw in enumerate(tokens):
        if value_key(raw.strip(_TOKEN_STRIP)) not in values:
            continue
        after = [t.strip(_TOKEN_STRIP).casefold() for t in tokens[n + 1 : n + 1 + ENDED_WORDS]]
        if after and (tokens[n + 1] in _ARROWS or after[0] in _ARROWS):
            return True
        if any(word in _ENDED for word in after):
            return True
    return False


def _clause_of(text: str, values: AbstractSet[str]) -> str:
    """The clause of ``text`` (split at ";" and ", ") holding the first of ``values`` (value keys), else ``text``."""
    for clause in re.split(r";|,\s", text):
        if any(value_key(t.strip(_TOKEN_STRIP)) in values for t in clause.split()):
            return clause
    return text


def _words(text: str) -> int:
    return len(re.findall(r"[^\W_]+", text))


def _undated(newer: str, dated: re.Match[str], subject: set[str]) -> str:
    """``newer`` without its dating phrase ("Since the upgrade the proxy ..." -> "the proxy ...", "The X bills to B
    from this month" -> "The X bills to B"): from the phrase up to the first word of ``subject`` (the older
    statement's words, as ``rules.value_split`` gives them) or the end of its clause."""
    head, tail = newer[: dated.start()], newer[dated.start() :].split()
    for n, raw in enumerate(tail):
        if raw.endswith((",", ";", ".")):
            return f"{head}{' '.join(tail[n + 1 :])}"
        if n and value_split(raw)[1] and value_split(raw)[1][0] in subject:
            return f"{head}{' '.join(tail[n:])}"
    return head


def several_sentences(text: str) -> bool:
    """Whether ``text`` holds more than one sentence (``_SENTENCE_END`` inside it, not at its end). Linear in
    ``len(text)``."""
    return _SENTENCE_END.search(text.strip()) is not None


def correction_kind(newer: str, older: str, marked: bool = False) -> str | None:
    """How ``newer`` (saved later) corrects ``older``: ``"named"`` (it names the old value as old), ``"marked"`` (a
    correction, a change verb or a date: "Correction:", "moved", "from this month"; the new value of the old one's
    shape or attribute), ``"worded"`` (the same, said only with "now" or "new"), ``"restated"`` (the
    older said again with a new value); None when it does not correct it (see the module docstring).
    ``marked``: ``newer`` is the body of a statement that opened on a correction marker ("Correction:", "I was
    wrong,": ``distill/corrections.correction_body``, which the caller applies), so it words a correction."""
    if "?" in newer or "?" in older or _ADDITIVE.search(newer):
        return None
    if several_sentences(older) or (several_sentences(newer) and not marked):
        return None  # several facts in the older: one changed value must not retire the rest (FRESH_MAX_WORDS's rule)
    if _words(newer) > FRESH_MAX_WORDS or _words(older) > FRESH_MAX_WORDS:
        return None
    new_values, new_words, _ = value_split(newer)
    old_values, old_words, _ = value_split(older)
    if not new_values - old_values or not old_values:
        return None  # no new value, or nothing in the older one a value could replace
    shared = set(new_words) & set(old_words)
    if not any(attribute_family(w) is None and w not in _GENERIC for w in shared):
        return None  # no subject word in common ("runs", "port", "service" say what, not of what): another thing
    if names_old_value(newer, older) or _retires(newer, old_values):
        return "named"
    dated = _DATED.search(newer)
    if not same_attribute(_undated(newer, dated, set(old_words)) if dated else newer, older):
        return None
    old_only, new_only = old_values - new_values, new_values - old_values
    if not old_only:
        return None  # the old value is said again, not named as old: a second value beside it
    shapes = {value_shape(v) for v in new_only} & {value_shape(v) for v in old_only}
    family = shared_family(set(new_words) - shared, set(old_words) - shared)
    explicit = marked or states_correction(newer) or dated is not None
    marked = explicit or states_change(newer)
    clause = _clause_of(_undated(newer, dated, set(old_words)) if dated else newer, new_only)
    added = set(value_split(clause)[1]) - set(old_words)
    # the values stand at the end of their clauses on both sides: an attribute's value, not a label naming the
    # subject ("the reporting job 3 to the new scheduler", "fact number 2: the build ...")
    at_end = _at_end(clause, new_only) and _at_end(_clause_of(older, old_only), old_only)
    worded = (shapes or family) and len(shared) + family >= 2 and len(added) <= MAX_WORDED_NEW_WORDS
    if marked and worded and at_end:
        return "marked" if explicit else "worded"
    restated = set(old_words) <= set(new_words) and len(set(new_words) - set(old_words)) <= MAX_RESTATED_NEW_WORDS
    if shapes and restated and at_end and not _numbered(clause, new_only):
        return "restated"
    return None


# words after which a number is a quantity or a setting, not the number of an item in a series
_BEFORE_QUANTITY = frozenset(
    """is are was were be been to at of by from on in every than about around under over per after before within
    up down set now still only just""".split()  # noqa: SIM905
)


def _numbered(clause: str, values: AbstractSet[str]) -> bool:
    """Whether a value of ``values`` (value keys) is a whole number closing ``clause`` right after a word that is
    not a preposition or a copula ("database migration fact 1", "turn 3", "sprint 14"): the number of an item in a
    series, so a statement that differs from an older one only by it is the next item, not the older one said again
    with a new value (stop 40: "fact 1" retired "fact 0" at save time). Said as a change ("now", "moved",
    "Correction:") it is still read as one (``correction_kind``'s other kinds). Linear in ``len(clause)``."""
    tokens = [t.strip(_TOKEN_STRIP) for t in clause.split()]
    tokens = [t for t in tokens if t]
    if len(tokens) < 2:
        return False
    last, before = tokens[-1], tokens[-2].casefold()
    return last.isdigit() and value_key(last) in values and before.isalpha() and before not in _BEFORE_QUANTITY


def _at_end(text: str, values: AbstractSet[str]) -> bool:
    """Whether every value of ``values`` (value keys) in ``text`` stands at its end, at most ``END_WORDS`` words
    before it ("... every 15 seconds.", "... port 8080 in staging."): the value an attribute is given, where a
    statement puts what it says, not a label naming its subject ("fact number 2: the build uses ...")."""
    tokens = [value_key(t.strip(_TOKEN_STRIP)) for t in text.split()]
    places = [n for n, token in enumerate(tokens) if token in values]
    return bool(places) and all(len(tokens) - 1 - n <= END_WORDS for n in places)


def corrected_among(newer: str, older: Sequence[str], marked: bool = False, topical: Sequence[bool] = ()) -> list[int]:
    """The indexes of ``older`` (live statements saved before ``newer``) that ``newer`` corrects
    (``correction_kind``, ``marked`` as there). Those it names as old are corrected; of the rest, only a single
    match (two of the subject's statements of the same shape: which one changed is not said, so none), and none
    where ``topical[i]`` unless the correction names its value or is marked as one (a memory saved with a topic
    has the topic's supersession: a bare "now" or a restatement does not retire it)."""
    kinds = [correction_kind(newer, text, marked) for text in older]
    kinds = [
        None if i < len(topical) and topical[i] and k not in ("named", "marked") else k for i, k in enumerate(kinds)
    ]
    named = [i for i, kind in enumerate(kinds) if kind == "named"]
    others = [i for i, kind in enumerate(kinds) if kind in ("marked", "worded", "restated")]
    return sorted(named + (others if len(others) == 1 else []))


def replacement_for(older: str, value: str, newer: Sequence[str]) -> int | None:
    """The index of the statement of ``newer`` that gives a new value to what ``older`` says with ``value``, the
    value a retraction took back ("forget the 40 MB figure" after "The X limit is 75 MB" and "The X rejects files
    over 40 MB"): ``older`` holds ``value``; the replacement does not, shares a subject word with ``older``, is about
    the same attribute (``rules.same_attribute``, either way round) and holds a value of ``value``'s shape. None
    unless exactly one statement qualifies (which one replaced it is not said otherwise). Linear in the texts'
    lengths."""
    key = value_key(value.strip(_TOKEN_STRIP))
    old_values, old_words, _ = value_split(older)
    if key not in old_values:
        return None
    shape = value_shape(key)
    found: list[int] = []
    for index, text in enumerate(newer):
        values, words, _ = value_split(text)
        shared = set(words) & set(old_words)
        if key in values or not any(attribute_family(w) is None for w in shared):
            continue
        # about the same attribute read either way: the retraction already says the value changed
        if shape in {value_shape(v) for v in values - old_values} and (
            same_attribute(text, older) or same_attribute(older, text)
        ):
            found.append(index)
    return found[0] if len(found) == 1 else None
