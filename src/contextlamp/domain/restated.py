"""A statement said again with one value changed, after an opener: a correction, whatever the opener's words
(issue #27.2).

A list of correction openers ("oh wait", "nope", "scratch that") reaches only the openers it lists: stale5-held2's
24 corrections opened by phrases nobody listed ("I stand corrected", "huh, no", "misinfo on my end", "Quatsch",
"Scusa") retired 5. What they share is structural: a short clause of the speaker's own before the statement, and
then the older statement said again word for word (its subject and attribute words, stemmed, as
``freshness.value_split`` reads them; word order and function words free) with its value, and only its value,
replaced by one of the same kind ("huh, no — the wiki backup runs every Sunday at 23:30" after "The wiki backup
runs every Sunday at 22:00"). A clause after the statement may name the old value ("..., nicht auf jenkins-3",
"..., Mondays was last year") and nothing else.

The opener is never part of the statement's subject: it holds no value (not "Sprint 14 goal:"), no word of the
older statement, no scope or moment (it opens on no preposition or conjunction: "In staging, ...", "For EU
customers, ...", "When the X fails, ..."; no "today", "this week"), and a single capitalised word before a colon
is a label ("Staging: ..."), not an opener. Without an opener the same restatement corrects nothing: alike saves
and series say that all the time (``corrections`` module docstring). Pure; linear in the texts' lengths (at most
``MAX_OPENER_WORDS`` splits of a statement of at most ``freshness.FRESH_MAX_WORDS`` words).
"""

from __future__ import annotations

import re
from itertools import pairwise

from contextlamp.domain.freshness import value_key, value_kind, value_split

MAX_OPENER_WORDS = 6  # words an opener may have ("ugh, I had that one backwards:"); longer is a clause of its own
MAX_VALUE_TOKENS = 3  # value tokens a side may change ("Glacier Deep Archive" -> "Backblaze B2")
MAX_RUN_GAP = 1  # words that may stand between two tokens of one value ("10:00 to 12:00")
MIN_SHARED_WORDS = 2  # subject and attribute words the two statements must say alike (a subject and its attribute)
_DASHES = frozenset("— – - --".split())  # noqa: SIM905
_FIRST_PERSON = frozenset(["i", "i'm", "i've", "i'd", "i'll", "i’m"])  # "ok I was off,": the speaker, no value
_STRIP = ".,;:!?()[]\"'`"
_BREAK = re.compile(r"[,:;!]$")
_CLAUSES = re.compile(r",\s|;\s|\s[—–]\s|\s-\s")
# a scope or a moment said before a statement ("In staging, ...", "When X fails, ...", "This week only, ..."): part
# of what it says, not a speaker's opener. Prepositions, subordinators and deictic moments (English; the other
# languages' openers are rarely scopes of this form)
_SCOPE_OPENERS = frozenset(
    """in on at for from by with without within during after before until till since when whenever while if unless
    once under over per across inside outside between among except about around via""".split()  # noqa: SIM905
)
_MOMENTS = frozenset(
    """today tonight tomorrow yesterday this next last week weekend weekends weekday weekdays month year morning
    mornings evening evenings night nights only temporarily meanwhile""".split()  # noqa: SIM905
)


def _words(text: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[^\W_]+", text)]


def _openings(newer: str) -> list[tuple[str, str]]:
    """The (opener, rest) splits of ``newer`` at a clause break (",", ":", ";", "!", a dash) within its first
    ``MAX_OPENER_WORDS`` words, nearest first."""
    tokens = newer.split()
    found: list[tuple[str, str]] = []
    for n, token in enumerate(tokens[:MAX_OPENER_WORDS]):
        if token in _DASHES and n:
            found.append((" ".join(tokens[:n]), " ".join(tokens[n + 1 :])))
        elif _BREAK.search(token) and n + 1 < len(tokens):
            found.append((" ".join(tokens[: n + 1]), " ".join(tokens[n + 1 :])))
    return found


def _is_opener(opener: str, older_words: set[str]) -> bool:
    """Whether ``opener`` is the speaker's own words before a statement, not part of it (module docstring)."""
    words = _words(opener)
    if not words or words[0] in _SCOPE_OPENERS or set(words) & _MOMENTS:
        return False
    if len(words) == 1 and opener.rstrip().endswith(":") and not opener[:1].islower():
        return False  # "Staging: ..." labels what follows
    values, stems = _read(opener)
    return not values and not (stems & older_words)


def _main_clause(body: str, old_only: set[str]) -> str | None:
    """``body``'s first clause when each clause after it names a value of ``old_only`` (value keys) and no other
    value ("..., not A", "..., A was last year"), else None (a clause adding another fact)."""
    clauses = _CLAUSES.split(body)
    for clause in clauses[1:]:
        values = value_split(clause)[0]
        if not values or not values <= old_only:
            return None
    return clauses[0]


def _units(text: str, values: set[str] | frozenset[str]) -> set[str]:
    """The stems (as ``value_split`` gives them) of the word right after each of ``values`` (value keys) in
    ``text``: a value's unit ("3 minutes", "500 events"), which changes with it."""
    tokens = text.split()
    return {
        stem
        for token, nxt in pairwise(tokens)
        if value_key(token.strip(_STRIP)) in values
        for stem in value_split(nxt)[1]
    }


def _read(text: str) -> tuple[set[str], set[str]]:
    """(value keys, stems) of ``text`` as ``freshness.value_split`` reads them, "I" no value."""
    values, stems, _ = value_split(text)
    return set(values) - _FIRST_PERSON, set(stems)


def _one_run(text: str, values: set[str]) -> bool:
    """Whether ``values`` (value keys) stand together in ``text``, at most one word between two of them: one
    slot's value ("Glacier Deep Archive", "10:00 to 12:00"), not a subject and a value changed apart ("der
    Nightly-Build ... jenkins-3")."""
    places = [n for n, token in enumerate(text.split()) if value_key(token.strip(_STRIP)) in values]
    return all(b - a <= MAX_RUN_GAP + 1 for a, b in pairwise(places))


def restates_with_new_value(newer: str, older: str) -> bool:
    """Whether ``newer`` (one statement, saved later) is ``older`` said again after an opener of its own with its
    value replaced by one of the same kind (module docstring). Neither text may be a question; the caller has
    ruled out additions, hedges, several sentences and other frames (``corrections.correction_kind``)."""
    old_values, old_words = _read(older)
    if not old_values:
        return False
    for opener, body in _openings(newer):
        if not _is_opener(opener, old_words | old_values):
            continue
        main = _main_clause(body, old_values)
        if main is None:
            continue
        new_values, new_words = _read(main)
        # a word capitalised on one side only ("Print jobs ..." / "print jobs ...") is a word on both
        crossed = (old_values & new_words) | (new_values & old_words)
        old_v, new_v = old_values - crossed, new_values - crossed
        old_w, new_w = old_words | (old_values & crossed), new_words | (new_values & crossed)
        old_only, new_only = old_v - new_v, new_v - old_v
        if not old_only or not new_only or max(len(old_only), len(new_only)) > MAX_VALUE_TOKENS:
            continue
        units = _units(older, old_only) | _units(main, new_only)  # "every 3 minutes" -> "every 45 seconds"
        shared = (old_w - units) | (old_v & new_v)
        if new_w - units != old_w - units or len(shared) < MIN_SHARED_WORDS:
            continue
        if not (_one_run(older, old_only) and _one_run(main, new_only)):
            continue
        if {value_kind(v) for v in new_only} & {value_kind(v) for v in old_only}:
            return True
    return False


def may_restate(text: str) -> bool:
    """Whether ``text`` could be a restatement after an opener (``restates_with_new_value``): a clause break within
    its first ``MAX_OPENER_WORDS`` words before a rest holding a value. The save-time gate (a save it rules out pays
    no vector search); linear in ``len(text)``."""
    return any(_read(body)[0] and _is_opener(opener, set()) for opener, body in _openings(text))
