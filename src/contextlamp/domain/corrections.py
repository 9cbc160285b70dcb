"""Which live memories a newly saved statement corrects (issue #27.2): the one rule every save path applies
(``app/freshness.supersede_corrected``: the agent's ``save_context``, a session's distilled items, the hooks'
capture, an import), so that a corrected value never ranks first, whoever saved the correction.

A newer statement corrects an older one only when a person reading the two would call it a correction of it:

- it is marked as one: it names the older's value as the old one ("moved from A to B", "no longer A", "not A
  anymore", "isn't A", "not on firmware A", "instead of A", "(was A)", "A -> B", "A was retired", "A is being
  drained", "A went away", "we dropped A", "A handed ... over", "A passed ... on to", "...; A is no longer used",
  "(supersedes A)", "they used to go to A": ``named_old.names_old``; a lower-case old value after "rather than",
  "instead of", "not", "(was" or between "from" and "to": ``named_old.named_phrase``; a marker
  before another value is that value's: "no longer A for the X-Y desk" names A, not X-Y), or it opens as a
  correction ("Correction:", "I was wrong,", "actually ..., not ...": ``correction_markers.correction_body``) or
  words a change ("moved", "switched", "changed", "dropped", "replaced", "upgraded", "taken over", "no longer",
  "anymore" ...: ``_CHANGE_VERB``) or a date from which on ("starting in January", "from next week": ``_DATED``)
  and then gives the same attribute (``freshness.same_attribute``) a new value of the old one's kind
  (``freshness.value_kind``: "plans.v1" for "ops.events.v3"), at the end of its clause (or, for a person, opening the
  older: "A no longer approves X, B does"), adding at most ``MAX_WORDED_NEW_WORDS`` words;
- about the same subject: a subject word in common (not a word naming an attribute: "runs", "port", "service"; a
  word capitalised on one side only counts: "Staging Redis is A" / "Staging Redis isn't A anymore"),
  the same speaker when both are chat turns ("Lena: ..."), the same folder or files when both are rules of an
  agent file ("(applies to packages/api/)", ``importers/agent_files``): another folder's rule is another subject.

Korean, Japanese, Chinese, Turkish, Russian, Ukrainian, Arabic and Hindi are read through ``named_scripts``: a value
glued to its particle set apart before anything else reads the texts ("tea-pos-3이 아니라"), the markers of those
languages ("A 아니라", "不是 A", "A değil", "вместо A", "A की जगह"), their verbs of change and "also".

Never a question, an addition ("also", "another", a second ...), a change said as possible or planned ("we might
move X from A to B", "if A gets decommissioned ...": ``_HEDGE``), an older memory of several sentences (a chat turn
holds several facts), nor a newer one of several unless it opens as a correction. A statement that says the older
again with another value and no marker ("The X polls every 8 seconds" after "... every 15 seconds") corrects
nothing: alike saves, numbered series and chat turns do that all the time (stop 40's CI: 20 alike saves retired 19,
two folders' rules retired each other). Pure and linear in the texts' lengths (quadratic in the words of a
statement of at most ``freshness.FRESH_MAX_WORDS``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import cache
from itertools import pairwise

from contextlamp.domain.correction_markers import revision_body
from contextlamp.domain.freshness import (
    FRESH_MAX_WORDS,
    SENTENCE_END,
    attribute_family,
    crossed_values,
    is_value,
    opens_on_name,
    same_attribute,
    several_sentences,
    shared_family,
    value_key,
    value_kind,
    value_shape,
    value_split,
)
from contextlamp.domain.lookalikes import (
    compared,
    other_possessed,
    other_quantity,
    planned,
    relabelled,
    scoped_apart,
)
from contextlamp.domain.named_old import (
    ARROWS,
    BETWEEN,
    DETERMINERS,
    ENDED,
    HANDOVER,
    OLD_BEFORE,
    RETIRED,
    TOKEN_STRIP,
    named_phrase,
    names_old,
    negated_values,
    other_negation,
    token_word,
    was_aside,
    with_retirement,
)
from contextlamp.domain.named_scripts import SCRIPT_FUNCTION, other_change, shared_words, spaced, too_long
from contextlamp.domain.named_scripts import additive as script_additive
from contextlamp.domain.named_scripts import marked as script_marked
from contextlamp.domain.restated import may_restate, restates_with_new_value

# a chat turn's speaker ("Caroline: ...", "Dana Kim: ..."): who says it, not what it is about
_SPEAKER = r"^([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)?):\s"
# what an agent file's rule applies to, as importers/agent_files writes it at its end ("(applies to packages/web/)",
# "(applies to src/**/*.ts)"): part of the rule's subject
_APPLIES = r"\s*\(applies to ([^()]*)\)\s*$"
# a word that words a change of value ("we moved X to B", "X was switched to B", "X got bumped to 7.3", "A no longer
# approves X, B does")
_CHANGE_VERB = (
    r"\b(?:mov(?:ed|ing)|switch(?:ed|ing)|chang(?:ed|ing)|migrat(?:ed|ing)|replac(?:ed|ing)|swapp(?:ed|ing)|"
    r"dropp(?:ed|ing)|upgrad(?:ed|ing)|downgrad(?:ed|ing)|bump(?:ed|ing)|rais(?:ed|ing)|lower(?:ed|ing)|"
    r"increas(?:ed|ing)|decreas(?:ed|ing)|reduc(?:ed|ing)|renam(?:ed|ing)|reschedul(?:ed|ing)|reassign(?:ed|ing)|"
    r"relocat(?:ed|ing)|repoint(?:ed|ing)|redirect(?:ed|ing)|rerout(?:ed|ing)|shift(?:ed|ing)|rolled back|"
    r"revert(?:ed|ing)|handed over|(?:took|taken|tak(?:es|ing)) over|transferr(?:ed|ing)|rewr(?:ote|itten|iting)|"
    r"port(?:ed|ing)|resiz(?:ed|ing)|rebuil(?:t|ding)|"
    # the old value said to be over: "A no longer owns X, B does", "A doesn't approve X anymore"
    r"no longer|any ?more|stopped|ceased)\b"
)
# news said before a statement ("Heads up, the X moved to B", "FYI the X is B now"): neither a correction's marker nor
# words of the statement's subject or attribute
_NEWS = re.compile(r"^\W*(?:heads[- ]up|fyi|btw|psa|just so you know|quick note)\b[\s,:;.!—–-]*", re.IGNORECASE)
# ("too" only at a clause's end: "X uses V too"; "128 was too many" says why the old value went)
_ADDITIVE = r"\b(?:also|too(?![ \t]+[^\W\d_])|as well|another|additionally|besides|second|extra)\b"
# a change said as possible, planned or conditional, not as made ("we might move X from A to B", "if A gets
# decommissioned ...", "proposal: move X to B", "should X ever move off A"): no correction, unless the older is
# hedged alike (a conditional rule corrected: "If X fails, page B, not A" after "If X fails, page A"). "may" in
# lower case only ("in May" is a month); "will" and "going to" are not here: "from Monday X will run on B" is a
# change from a date on (``_DATED``)
_HEDGE = (
    r"(?i:\b(?:might|could|would|maybe|perhaps|possibly|if|unless|whether|plan(?:s|ned|ning)? to|considering|"
    r"thinking (?:about|of)|propos(?:e|ed|al|ing)|suggest(?:s|ed|ion|ing)?|hypothetically|let's)\b|^\W*should\b)"
    r"|\bmay\b"
)
# a new value dated from a coming or present moment on ("starting in January", "from next week", "as of today",
# "effective Monday", "from now on"): a change. Not "since" ("since I was 7", "since 2019": how long, in chat) nor a
# past moment
_MONTHS_DAYS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
)
_DATED = (
    r"\b(?:starting|beginning|effective|as of|from)\s+(?:in\s+|on\s+)?"
    rf"(?:this|next|today|tomorrow|now on|{_MONTHS_DAYS})\b"
)


@cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    """The sentence end, speaker, scope, change-verb, additive, dating and hedge patterns, compiled on first use (not
    at import: a ``list`` or ``get`` needs none of them)."""
    return (
        re.compile(SENTENCE_END),
        re.compile(_SPEAKER),
        re.compile(_APPLIES, re.IGNORECASE),
        re.compile(_CHANGE_VERB, re.IGNORECASE),
        re.compile(_ADDITIVE, re.IGNORECASE),
        re.compile(_DATED, re.IGNORECASE),
        re.compile(_HEDGE),
    )


# words a statement names an attribute or a kind of thing with, shared by statements about different things
# ("The tax calculator runs on ..." / "the refund processor now runs on ..."; "the billing service" / "the
# loyalty service"): never the subject two statements share (stems, as freshness.value_split gives them)
_GENERIC = frozenset(
    """run use listen port host go get sit call point talk start take need keep have make work service job team
    file path server system app data code tool thing""".split()  # noqa: SIM905
)
# words the clause of a worded change may add beside the old statement's ("for every main job" narrows it: a new
# fact of its own, not the old one's new value; freshness.is_update's value-terms limit, in words)
MAX_WORDED_NEW_WORDS = 1
END_WORDS = 3  # words a new value may stand before the end of its clause ("8080 in staging.")


def _clause_of(text: str, values: AbstractSet[str]) -> str:
    """The clause of ``text`` (split at ";" and ", ") holding the first of ``values`` (value keys), else ``text``. A
    clause of one word is an opener ("Heads-up, ..."), not the clause a value is given in."""
    for clause in re.split(r";|,\s", text):
        tokens = clause.split()
        if len(tokens) > 1 and any(value_key(t.strip(TOKEN_STRIP)) in values for t in tokens):
            return clause
    return text


def _labels(newer: str, older: str, values: AbstractSet[str]) -> frozenset[str]:
    """The ``values`` (value keys both texts hold) that open a name both texts give their subject: the same word
    follows them in both ("the hl7 interface engine", "the lost-luggage desk"), so they name the thing, not a value
    of one of its attributes; a number never does ("7 days" / "from 7 days to 30 days"). Linear in the texts'
    lengths."""

    def following(text: str) -> dict[str, set[str]]:
        tokens = [t.strip(TOKEN_STRIP) for t in text.split()]
        after: dict[str, set[str]] = {}
        for token, nxt in pairwise(tokens):
            key = value_key(token)
            if key in values and value_kind(key)[0] and nxt and not is_value(nxt) and value_split(nxt)[1]:
                after.setdefault(value_key(token), set()).add(nxt.casefold())
        return after

    new_after, old_after = following(newer), following(older)
    return frozenset(v for v, words in old_after.items() if words & new_after.get(v, set()))


def _words(text: str) -> int:
    return len(re.findall(r"[^\W_]+", text))


def _undated(newer: str, dated: re.Match[str], subject: set[str]) -> str:
    """``newer`` without its dating phrase ("Starting in January the proxy ..." -> "the proxy ...", "The X bills to
    B from next month" -> "The X bills to B"): from the phrase up to the first word of ``subject`` (the older
    statement's words, as ``freshness.value_split`` gives them) or the end of its clause."""
    head, tail = newer[: dated.start()], newer[dated.start() :].split()
    for n, raw in enumerate(tail):
        if raw.endswith((",", ";", ".")):
            return f"{head}{' '.join(tail[n + 1 :])}"
        if n and value_split(raw)[1] and value_split(raw)[1][0] in subject:
            return f"{head}{' '.join(tail[n:])}"
    return head


def _framed(text: str) -> tuple[str, str | None, str | None]:
    """``text`` without its speaker ("Lena: ...") and its agent-file scope ("... (applies to packages/api/)"), its
    speaker (case-folded) and its scope (what follows "applies to"), each None when it has none. A correction's
    opening ("Correction: ...", "Nope: ...") is no speaker."""
    _, speaker_pattern, applies, _, _, _, _ = _patterns()
    speaker = None
    found = speaker_pattern.match(text)
    if found is not None and revision_body(text) is None:  # "Nope: ...", "Correction: ...": no speaker
        speaker, text = found.group(1).casefold(), text[found.end() :]
    scope = None
    if (found := applies.search(text)) is not None:
        scope, text = found.group(1).strip().casefold(), text[: found.start()]
    return text.strip(), speaker, scope


def same_frame(newer: str, older: str) -> bool:
    """Whether ``newer`` and ``older`` may be about one subject as far as their frames say: not two chat turns of
    different speakers ("Lena: ..." / "Ben: ..."), and the same scope of an agent file's rule ("(applies to
    packages/api/)"; none on both sides counts as the same). Another folder's rule is another subject, whatever
    its words (issue #27.2). Linear in the texts' lengths."""
    _, new_speaker, new_scope = _framed(newer)
    _, old_speaker, old_scope = _framed(older)
    return new_scope == old_scope and not (new_speaker and old_speaker and new_speaker != old_speaker)


def _stated(new: str) -> tuple[str | None, str | None]:
    """What a newer statement (``new``: framed, ``_framed``) says as a correction: (its body when it opens as a
    correction, else None; the text the rule reads, or None when it can correct nothing whatever the older says: a
    question, an addition, several sentences without a correction's opening, more than ``FRESH_MAX_WORDS``
    words). ``correction_kind`` reads it, and ``may_correct`` with it rules a save out before any candidate is
    searched (the same test, so never another outcome)."""
    body = revision_body(new)  # "Correction: ...", and chat openers: "oh wait, ...", "nope, ...", "turns out ..."
    said = _NEWS.sub("", new, count=1) if body is None else body  # "Heads up, ...": news, no marker, no subject
    additive = _patterns()[4]
    if several_sentences(said) and body is None:  # "X runs on B. A is no longer used.": one statement
        said = with_retirement(said) or said
    if "?" in said or additive.search(said) or script_additive(said) or (several_sentences(said) and body is None):
        return body, None
    return body, said if _words(said) <= FRESH_MAX_WORDS else None


def correction_kind(newer: str, older: str) -> str | None:
    """How ``newer`` (saved later) corrects ``older``: ``"named"`` (it names the old value as the old one),
    ``"marked"`` (it opens as a correction or words a change, and gives the older's attribute a new value of the old
    one's shape), or None when a person would not read it as a correction of ``older`` (see the module docstring).
    Linear in the texts' lengths (quadratic in the words of statements of at most ``FRESH_MAX_WORDS``)."""
    if len(newer.split()) > 2 * FRESH_MAX_WORDS or len(older.split()) > 2 * FRESH_MAX_WORDS:
        return None  # longer than any statement this reads (the speaker and scope cost no more than this)
    if too_long(newer) or too_long(older):
        return None  # more characters of an unspaced script than any statement (``named_scripts.too_long``)
    newer, older = spaced(newer), spaced(older)  # "tea-pos-3이 아니라" -> "tea-pos-3 이 아니라" (``named_scripts``)
    new, new_speaker, new_scope = _framed(newer)
    old, old_speaker, old_scope = _framed(older)
    if new_scope != old_scope or (new_speaker and old_speaker and new_speaker != old_speaker):
        return None  # another folder's rule, another speaker's turn: another subject
    body, said = _stated(new)
    _, _, _, change_verb, _, dating, hedge = _patterns()
    if said is None or "?" in old:
        return None  # a question, an addition, several sentences not opening as a correction, too long
    if hedge.search(newer) and not hedge.search(older):
        return None  # a change said as possible or planned ("we might move X from A to B"): not made
    if planned(said, old) or scoped_apart(said, old) or other_possessed(said, old) or compared(said, old):
        return None  # a plan, a narrower scope said first, another thing of the same owner (``lookalikes``)
    if several_sentences(old) or _words(old) > FRESH_MAX_WORDS:
        return None  # several facts in the older: one changed value must not retire the rest (FRESH_MAX_WORDS's rule)
    new_values, new_words, _ = value_split(said)
    old_values, old_words, _ = value_split(old)
    slot: tuple[str, ...] = ()
    crossed = crossed_values(said, old)  # a subject capitalised on one side only is no value
    if (body is not None or change_verb.search(said)) and not (
        new_values - old_values - crossed and old_values - crossed
    ):
        slot = _slot_values(said, old)  # lower-case values: "got rewritten in fsharp" after "written in kotlin"
        new_values, old_values = new_values | set(slot[:1]), old_values | set(slot[1:])
    named_subject = _subject_values(said, old, old_values) | _labels(said, old, old_values & new_values)
    new_values, old_values = new_values - named_subject, old_values - named_subject
    apart = other_quantity(said, old, old_values)  # "not after 30 days" against "30 minutes": another quantity
    old_values -= apart
    # a label replaced on the way ("fire station 12" / "fire station 7"): with another value named as old, two
    # things differ, so the newer speaks of another subject (``lookalikes.relabelled``)
    labels = relabelled(said, old) - named_subject
    # a value the newer says is not it ("..., not in Slack") or a word of the older's subject written capitalised
    # ("the Ops Review doc" after "The weekly ops review ..."): no new value of the older's attribute
    new_values -= {v for v in new_values - old_values if v in old_words} | negated_values(said)
    if (not new_values - old_values or not old_values) and named_phrase(said, old, apart):
        # an old value no value reading finds, named as old: "... rather than the sous chef"
        return None if labels else "named"
    if not new_values - old_values or not old_values:
        return None  # no new value, or nothing in the older one a value could replace
    subject_words = {w for v in named_subject for w in value_split(v)[1]}
    # (a lone letter of another script is a piece of a word the space-split reading cut, "क" of "का": no subject)
    shared = {w for w in set(new_words) & set(old_words) - SCRIPT_FUNCTION if len(w) > 1 or w.isascii()}
    shared |= subject_words | shared_words(said, old)
    if not any(attribute_family(w) is None and w not in _GENERIC for w in shared):
        return None  # no subject word in common ("runs", "port", "service" say what, not of what): another thing
    dated = dating.search(said)
    changed = change_verb.search(said) is not None or dated is not None or other_change(said)
    if names_old(said, old_values, changed, set(old_words), marked=changed or body is not None):
        other_named = labels and names_old(said, old_values - labels, changed, set(old_words), marked=True)
        return None if other_named else "named"
    if restates_with_new_value(new, old):
        return "marked"  # after an opener of the speaker's own, the older said again with a new value
    if body is None and not changed:
        return None  # no marker: the older said again with another value is no correction
    if dated is not None:
        said = _undated(said, dated, set(old_words))
        new_values, new_words, _ = value_split(said)
        new_values -= named_subject
        shared = set(new_words) & set(old_words) | subject_words
    if not same_attribute(said, old):
        return None
    old_only, new_only = old_values - new_values, new_values - old_values
    if not old_only:
        return None  # the old value is said again, not named as old: a second value beside it
    shapes = {value_kind(v) for v in new_only} & {value_kind(v) for v in old_only}
    family = shared_family(set(new_words) - shared, set(old_words) - shared)
    clause = _clause_of(said, new_only)
    added = set(value_split(clause)[1]) - set(old_words) - set(slot) - _AUXILIARY - subject_words
    if slot and added:
        return None  # a lower-case value read from its slot alone: the newer may add no word of its own
    # the values stand at the end of their clauses on both sides: an attribute's value, not a label naming the
    # subject ("the reporting job 3 to the new scheduler", "fact number 2: the build uses ..."); a person's name
    # opening the older is its value too ("Ingrid approves X": who approves X), when the newer says another does
    # ("..., Dario does")
    at_end = _at_end(clause, new_only) and (_at_end(_clause_of(old, old_only), old_only) or _named_first(old, old_only))
    if (shapes or family) and len(shared) + family >= 2 and len(added) <= MAX_WORDED_NEW_WORDS and at_end:
        return "marked"
    return None


_SLOT_PREPOSITIONS = frozenset("in on to with into onto at from by via off".split())  # noqa: SIM905
_AUXILIARY = frozenset("got get gets getting been being".split())  # "X got rewritten in V": no word of its own  # noqa: SIM905


def _slots(text: str) -> list[tuple[str, str, str]]:
    """The (verb, preposition, word) slots of ``text``: a lower-case word after a preposition of
    ``_SLOT_PREPOSITIONS`` (a determiner between skipped) that follows a content word ("written in kotlin",
    "runs on the spruce cluster" -> ("runs", "on", "spruce")). Linear in ``len(text)``."""
    words = [token_word(t) for t in text.split()]
    found: list[tuple[str, str, str]] = []
    for n in range(1, len(words) - 1):
        if words[n] not in _SLOT_PREPOSITIONS or words[n - 1] in BETWEEN or not words[n - 1].isalpha():
            continue
        at = n + 2 if words[n + 1] in DETERMINERS and n + 2 < len(words) else n + 1
        if words[at].isalpha() and words[at] not in BETWEEN:
            found.append((words[n - 1], words[n], words[at]))
    return found


MIN_SLOT_VERB = 4  # letters a verb holding another must have ("written" in "rewritten"; not "in" in "runs in")


def _same_verb(a: str, b: str) -> bool:
    """Whether two verbs name one attribute: the same word, one attribute family, or one holding the other
    ("rewritten" / "written")."""
    return a == b or shared_family([a], [b]) or (min(len(a), len(b)) >= MIN_SLOT_VERB and (a in b or b in a))


def _slot_values(newer: str, older: str) -> tuple[str, ...]:
    """(new value, old value) when ``newer`` and ``older`` give one slot (``_slots``: the same preposition after
    verbs naming one attribute, ``_same_verb``) two lower-case words, the new one not in the older ("nope, the
    X got rewritten in fsharp" / "The X is written in kotlin"); () unless exactly one such pair. How a value
    written in lower case is told from the statement's other words (``freshness.value_split`` reads none)."""
    old_words = {token_word(t) for t in older.split()}
    pairs = {
        (new, old)
        for verb, preposition, new in _slots(newer)
        for old_verb, old_preposition, old in _slots(older)
        if preposition == old_preposition and new != old and new not in old_words and _same_verb(verb, old_verb)
    }
    return next(iter(pairs)) if len(pairs) == 1 else ()


def _subject_values(newer: str, older: str, old_values: AbstractSet[str]) -> frozenset[str]:
    """The words ``newer`` and ``older`` (one statement each) read as values that name the subject both speak of: a
    word capitalised on one side only (``freshness.crossed_values``: "Staging Redis is A" / "Staging Redis isn't A
    anymore") and a capitalised word both open on ("Sprint demos are on A" / "Sprint demos moved to B"; not one the
    newer says no longer does it: "Carla doesn't approve X anymore, Omar does"); none when
    they are all of ``old_values`` (value keys): then the name is what the older says ("Ingrid approves X" / "Ingrid
    doesn't approve X anymore, Dario does")."""
    found = set(crossed_values(newer, older))
    first_new, first_old = (t.split(maxsplit=1)[0].strip(TOKEN_STRIP) if t.split() else "" for t in (newer, older))
    second = token_word(newer.split()[1]) if len(newer.split()) > 1 else ""
    negated = second in ("no", "not", "never") or second.endswith(("n't", "n’t"))  # "Carla doesn't ..., Omar does"
    same = first_new[:1].isupper() and value_key(first_new) == value_key(first_old)
    if same and value_key(first_old) in old_values:
        found.add(value_key(first_old))
    if negated:
        found.discard(value_key(first_new))  # the opening name is the one said to stop: the value, not the subject
    return frozenset(found) if set(old_values) - found else frozenset()


def _named_first(text: str, values: AbstractSet[str]) -> bool:
    """Whether ``values`` (value keys) is the one name ``text`` opens on as its subject ("Ingrid approves ...":
    ``freshness.opens_on_name``)."""
    first = text.split(maxsplit=1)[0].strip(TOKEN_STRIP) if text.split() else ""
    return opens_on_name(text) and set(values) == {value_key(first)}


def _at_end(text: str, values: AbstractSet[str]) -> bool:
    """Whether every value of ``values`` (value keys) in ``text`` stands at its end, at most ``END_WORDS`` words
    before it ("... every 15 seconds.", "... port 8080 in staging."): the value an attribute is given, where a
    statement puts what it says, not a label naming its subject ("fact number 2: the build uses ...")."""
    tokens = [value_key(t.strip(TOKEN_STRIP)) for t in text.split()]
    places = [n for n, token in enumerate(tokens) if token in values]
    return bool(places) and all(len(tokens) - 1 - n <= END_WORDS for n in places)


def may_correct(text: str) -> bool:
    """Whether ``text`` can correct anything (``corrected_among`` finds nothing otherwise, so a save need not
    look for candidates): at most ``FRESH_MAX_WORDS`` words, a value (a digit, a path, a handle, a name:
    ``freshness.value_split``; or, marked as a correction or a change, a lower-case word in a slot: ``_slots``), no
    question, and a marker (it opens as a correction, has a verb of change, or a word or arrow that names a value
    as old, in English or another language read: ``named_old.other_negation``), and none of what rules out every
    older (``_stated``: an addition, several sentences not opening as a correction). Linear in ``len(text)``."""
    if "?" in text or len(text.split()) > 2 * FRESH_MAX_WORDS or _words(text) > FRESH_MAX_WORDS or too_long(text):
        return False
    said, _, _ = _framed(spaced(text))
    if _stated(said)[1] is None:  # correction_kind reads nothing in it, whatever the older (``_stated``)
        return False
    _, _, _, change_verb, _, dating, _ = _patterns()
    marked = revision_body(said) is not None or change_verb.search(said) is not None or other_change(said)
    words = {token_word(t) for t in said.split()}
    names_old = bool(words & (OLD_BEFORE | ENDED | RETIRED | HANDOVER | ARROWS | {"from", "away"})) or any(
        w.endswith(("n't", "n’t")) for w in words
    )
    names_old = names_old or " used to " in f" {said.casefold()} "  # "they used to go to A"
    tokens = said.split()
    folded = [token_word(t) for t in tokens]  # "nicht mehr um A", "plus depuis A", "statt A": named_old's reading
    names_old = names_old or any(other_negation(folded, tokens, n) for n in range(len(tokens)))
    names_old = names_old or script_marked(said)  # "A 아니라", "不是 A", "A değil", "вместо A" (``named_scripts``)
    if not value_split(said)[0]:  # a lower-case value in a slot ("nope, X got rewritten in fsharp") or named as old
        return (marked and bool(_slots(said))) or names_old or was_aside().search(said) is not None
    if marked or dating.search(said) or may_restate(said):
        return True
    return was_aside().search(said) is not None or names_old  # "... fires at V now (was A)"


def corrected_among(newer: str, older: Sequence[str]) -> list[int]:
    """The indexes of ``older`` (live statements saved before ``newer``) that ``newer`` corrects
    (``correction_kind``): those it names as old; of the rest, only a single match (two of the subject's
    statements of the same shape: which one changed is not said, so none)."""
    kinds = [correction_kind(newer, text) for text in older]
    named = [i for i, kind in enumerate(kinds) if kind == "named"]
    others = [i for i, kind in enumerate(kinds) if kind == "marked"]
    return sorted(named + (others if len(others) == 1 else []))


def replacement_for(older: str, value: str, newer: Sequence[str]) -> int | None:
    """The index of the statement of ``newer`` that gives a new value to what ``older`` says with ``value``, the
    value a retraction took back ("forget the 40 MB figure" after "The X limit is 75 MB" and "The X rejects files
    over 40 MB"): ``older`` holds ``value``; the replacement does not, shares a subject word with ``older``, is about
    the same attribute (``freshness.same_attribute``, either way round) and holds a value of ``value``'s shape. None
    unless exactly one statement qualifies (which one replaced it is not said otherwise). Linear in the texts'
    lengths."""
    key = value_key(value.strip(TOKEN_STRIP))
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
