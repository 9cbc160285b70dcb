"""Whether a newer statement names a value of an older one as the old one (issue #27.2): the marker reading of the
save-time correction rule (``domain/corrections.correction_kind``, which decides the rest: the same subject, a
new value, no hedge or question). Split from ``corrections`` (stop 45) to keep each module under 600 lines.

Pure; linear in the text's length.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import cache
from itertools import pairwise

from contextlamp.domain.freshness import is_value, value_key, value_split

_TOKEN_STRIP = ".,;:!?()[]\"'`"
# what names a value as the old one when it stands right before it, only function words between ("not on A",
# "isn't A", "no longer A", "instead of the A", "rather than A", "formerly A", "replaces A", "off the A")
_OLD_BEFORE = frozenset(
    "not never longer instead rather formerly previously replaces replacing replaced off stopped ceased".split()  # noqa: SIM905
)
_STOPPED = frozenset("longer stopped ceased".split())  # may stand a verb away: "stopped writing to A"  # noqa: SIM905
# ... or right after it: an arrow to the new value (``_ARROWS``), its end ("the A grant ended", "A went away", "A
# isn't used anymore": ``_ENDED``), its retirement said in the passive ("A was retired", "A got dropped": a
# ``_COPULA`` word, then ``_RETIRED``; "A dropped support for B" names A as the subject, not as old), or a handover
# ("Henrik handed the updater over to Ravi")
_ARROWS = frozenset(["->", "→", "=>", "-->"])
_ENDED = frozenset("ended expired gone dead anymore".split())  # noqa: SIM905
_ENDING = frozenset("stops stopped ends ceases expires retires".split())  # "..., A stops working Friday"  # noqa: SIM905
_WENT = frozenset("went goes go".split())  # "A went away"  # noqa: SIM905
_COPULA = frozenset("was were is are got gets been has have".split())  # noqa: SIM905
_RETIRED = frozenset(
    "retired dropped removed decommissioned deprecated replaced been drained archived sunset sunsetted shut".split()  # noqa: SIM905
)
_HANDOVER = frozenset("handed hands passed passes transferred".split())  # noqa: SIM905
_HANDED = frozenset("handed hands transferred".split())  # a handover whatever follows ("Ben passed" only "... to C")  # noqa: SIM905
# what names a value as the old one right before it, only a determiner between: "we dropped PostgreSQL 13", "we
# retired the A boxes", "scratch the A bit", "strike the A figure" (a value after "dropped to" is the new one:
# "dropped to 30 s")
_DROPPED = frozenset("dropped ditched retired removed decommissioned deprecated archived scratch strike".split())  # noqa: SIM905
_DETERMINERS = frozenset("a an the our its their my your".split())  # noqa: SIM905
_TO = frozenset(["to", "into", *_ARROWS])  # "from A to B", "from A -> B"
# the words that may stand between such a marker and the value ("not every 30 seconds", "from the old A")
_BETWEEN = frozenset(
    """a an the of on at in to for from by with as is are was were be been every each than old our its their my
    your his her any more""".split()  # noqa: SIM905
)
_NEGATIONS = frozenset("not never longer instead rather".split())  # noqa: SIM905
OLD_MARK_WORDS = 3  # how far from a value its marker may stand, function words between
def _word(token: str) -> str:
    return token.strip(_TOKEN_STRIP).casefold()


@cache
def _was_aside() -> re.Pattern[str]:
    """An aside naming the old value: "(was A)", "(formerly A)", "(previously A)"."""
    return re.compile(r"\(\s*(?:was|were|formerly|previously|before)\b", re.IGNORECASE)


def _short_host(key: str, values: AbstractSet[str]) -> str:
    """``key`` as the host name of ``values`` it is the short form of ("ftp01" for "ftp01.corp.lan": letters and
    digits, then the value's domain), else ``key``."""
    if key in values or not (re.search(r"[^\W\d_]", key) and re.search(r"\d", key)):
        return key
    return next((v for v in values if v.startswith(f"{key}.") and not v[len(key) + 1 : len(key) + 2].isdigit()), key)


def _opens_clause(words: Sequence[str], tokens: Sequence[str], n: int) -> bool:
    """Whether the value at ``n`` opens a clause of its own: at a clause break (",", ";", ":", a dash) with only a
    determiner between ("..., the A version ...", "...; A is read-only")."""
    start = n - 1 if n and words[n - 1] in _DETERMINERS else n
    return start > 0 and (tokens[start - 1].endswith((",", ";", ":")) or tokens[start - 1] in ("—", "–", "-"))


def _names_old(
    newer: str,
    values: AbstractSet[str],
    changed: bool,
    nouns: AbstractSet[str] = frozenset(),
    marked: bool = False,
) -> bool:
    """Whether ``newer`` names one of ``values`` (the older statement's value keys) as the old one:

    - before it, at most ``OLD_MARK_WORDS`` words away with only ``_BETWEEN`` words between, a marker of
      ``_OLD_BEFORE`` or a word ending in "n't" ("not on A", "isn't A", "instead of A"; after "no longer" or
      "stopped" one verb too: "no longer listens on A", "stopped writing to A"; between any marker and A, words
      of ``nouns``, the older's words as ``freshness.value_split`` gives them, are no verb: "not on firmware A" after
      "... runs firmware A"; a marker before another value is that value's), "from" with "to" or an arrow after
      it, or in a sentence that words a change (``changed``: a word of ``_CHANGE_VERB``): "went from A to B",
      "Bob took over X from A"; "was" / "formerly" inside parentheses ("(was A)"); or a verb of removal with only
      a determiner between (``_DROPPED``: "we dropped PostgreSQL 13", "retired the A");
    - after it, at most ``OLD_MARK_WORDS`` words away: an arrow (within two: "25 MB -> 50 MB"), its end
      (``_ENDED``: "A isn't used anymore", "the A grant ended"; "A went away"), its retirement in the passive
      (``_COPULA`` then ``_RETIRED``: "A was retired", "A got dropped", "A is being drained"), or right after it a
      handover ("Henrik handed ...", "Rui passed ... to B");
    - in a statement ``marked`` as a correction or a change, the value opening a clause of its own, then a
      ``_COPULA`` word or a verb of ending ("oh wait, X go to B now, A is read-only", "..., A was the prototype",
      "..., 128 was too many", "..., A stops working Friday"): the new value was given, the old one is said of apart.
    A host's short name names it ("(ftp01 was shut down)" for "ftp01.corp.lan").

    Linear in ``len(newer)``."""
    tokens = newer.split()
    words = [_word(t) for t in tokens]
    depth = 0
    for n, raw in enumerate(tokens):
        depth += raw.count("(")
        key = _short_host(value_key(raw.strip(_TOKEN_STRIP)), values)
        # "I" is capitalised, no value; a function word is none here ("pulling from A" / "... builds FROM php:8")
        if key in values and key != "i" and (n == 0 or is_value(raw.strip(_TOKEN_STRIP)) or value_split(raw)[1]):
            verbs = 0  # words between the marker and the value other than _BETWEEN's
            before = words[max(0, n - OLD_MARK_WORDS - 1) : n]
            if any(w in _DROPPED for w in before[-2:]) and (before[-1] in _DROPPED or before[-1] in _DETERMINERS):
                return True
            for back, word in enumerate(reversed(before), 1):
                if n - back > 0 and is_value(tokens[n - back].strip(_TOKEN_STRIP)):  # the first word: capitalised
                    break  # another value between: a marker before it is that value's ("no longer A for the X-Y desk")
                negation = word in _OLD_BEFORE or word.endswith(("n't", "n’t"))
                if negation and (verbs == 0 or word in _STOPPED):  # "no longer listens on A": one verb between
                    return True
                if word == "from" and (changed or any(w in _TO for w in words[n + 1 : n + 2 + OLD_MARK_WORDS])):
                    return True
                if depth > 0 and word in ("was", "formerly", "previously"):
                    return True
                stems = value_split(word)[1]
                if word not in _BETWEEN and not (stems and set(stems) <= nouns):  # "not on firmware A"
                    verbs += 1
                    if verbs > 1:
                        break
            after = words[n + 1 : n + 1 + OLD_MARK_WORDS]
            if any(w in _ARROWS for w in after[:2]) or any(w in _ENDED for w in after):
                return True
            if any(a in _WENT and b == "away" for a, b in pairwise(after)):
                return True
            handover = after and after[0] in _HANDOVER and (after[0] in _HANDED or "to" in words[n + 2 :])
            copula = next((m for m, w in enumerate(after[:2]) if w in _COPULA), None)  # "the 0018 number is retired"
            if handover or (copula is not None and any(w in _RETIRED for w in after[copula + 1 :])):
                return True
            if marked and after and after[0] in _COPULA | _ENDING and _opens_clause(words, tokens, n):
                return True
        depth = max(0, depth - raw.count(")"))
    return False


def _negated(text: str) -> set[str]:
    """The value keys ``text`` says something is not: a negation right before them, only ``_BETWEEN`` words
    between ("not in Slack", "isn't on A", "rather than the A"). Linear in ``len(text)``."""
    tokens = text.split()
    words = [_word(t) for t in tokens]
    found: set[str] = set()
    for n, raw in enumerate(tokens):
        if n == 0 or not is_value(raw.strip(_TOKEN_STRIP)):
            continue
        for word in reversed(words[max(0, n - OLD_MARK_WORDS) : n]):
            if word in _NEGATIONS or word.endswith(("n't", "n’t")):
                found.add(value_key(raw.strip(_TOKEN_STRIP)))
            if word not in _BETWEEN:
                break
    return found


