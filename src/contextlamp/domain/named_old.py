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
from contextlamp.domain.named_scripts import SCRIPT_FUNCTION, named_after, named_before

TOKEN_STRIP = ".,;:!?()[]\"'`"
# what names a value as the old one when it stands right before it, only function words between ("not on A",
# "isn't A", "no longer A", "instead of the A", "rather than A", "formerly A", "replaces A", "off the A")
OLD_BEFORE = frozenset(
    """not never longer instead rather formerly previously replaces replacing replaced supersedes superseding off
    stopped ceased""".split()  # noqa: SIM905
)
_STOPPED = frozenset("longer stopped ceased".split())  # may stand a verb away: "stopped writing to A"  # noqa: SIM905
# ... or right after it: an arrow to the new value (``ARROWS``), its end ("the A grant ended", "A went away", "A
# isn't used anymore": ``ENDED``), its retirement said in the passive ("A was retired", "A got dropped": a
# ``_COPULA`` word, then ``RETIRED``; "A dropped support for B" names A as the subject, not as old), or a handover
# ("Henrik handed the updater over to Ravi")
ARROWS = frozenset(["->", "→", "=>", "-->"])
ENDED = frozenset("ended expired gone dead anymore".split())  # noqa: SIM905
_ENDING = frozenset("stops stopped ends ceases expires retires".split())  # "..., A stops working Friday"  # noqa: SIM905
_WENT = frozenset("went goes go".split())  # "A went away"  # noqa: SIM905
_COPULA = frozenset("was were is are got gets been has have".split())  # noqa: SIM905
RETIRED = frozenset(
    """retired dropped removed decommissioned deprecated replaced been drained archived sunset sunsetted shut
    superseded wrong outdated obsolete""".split()  # noqa: SIM905
)
HANDOVER = frozenset("handed hands passed passes transferred".split())  # noqa: SIM905
_HANDED = frozenset("handed hands transferred".split())  # a handover whatever follows ("Ben passed" only "... to C")  # noqa: SIM905
# what names a value as the old one right before it, only a determiner between: "we dropped PostgreSQL 13", "we
# retired the A boxes", "scratch the A bit", "strike the A figure" (a value after "dropped to" is the new one:
# "dropped to 30 s")
_DROPPED = frozenset("dropped ditched retired removed decommissioned deprecated archived scratch strike".split())  # noqa: SIM905
DETERMINERS = frozenset("a an the our its their my your".split())  # noqa: SIM905
_TO = frozenset(["to", "into", *ARROWS])  # "from A to B", "from A -> B"
# the words that may stand between such a marker and the value ("not every 30 seconds", "from the old A")
BETWEEN = frozenset(
    """a an the of on at in to for from by with as is are was were be been every each than old our its their my
    your his her any more""".split()  # noqa: SIM905
)
_BY_NEW = frozenset("replaced superseded replacing superseding".split())  # "... replaced by B": B is new  # noqa: SIM905
_NEGATIONS = frozenset("not never longer instead rather".split())  # noqa: SIM905
OLD_MARK_WORDS = 3  # how far from a value its marker may stand, function words between

# The same reading in the other languages the capture paths read (de, fr, es, nl, it, pt, pl, sv): a negation right
# before the value, only function words between ("nicht mehr um A", "plus depuis A", "ya no a las A", "niet meer via
# A", "non più l'A", "já não pela A", "już nie przez A", "inte längre på A"), or an "instead of" ("statt A", "au lieu
# de A", "en vez de A", "in plaats van A", "invece di A", "zamiast A", "istället för A"). A negation that ends its
# clause ("No, A is ...", "Nein, A ...") answers, it does not negate what follows. French "plus" negates only before
# a French preposition or after "ne"/"n'..." ("plus depuis A", "n'est plus A"; "plus de" is "more than", "plus A" in
# English adds A).
OTHER_NOT = frozenset(
    """nicht kein keine keinen keiner pas non no niet geen não nao nie inte ej""".split()  # noqa: SIM905
)
_OTHER_INSTEAD = frozenset("statt anstatt anstelle zamiast invece anziché anzichè istället plutôt".split())  # noqa: SIM905
# a word that means "instead" only after the word before it: "au lieu de", "à la place de", "en lugar de", "en vez
# de", "em vez de", "in plaats van", "al posto di", "ao invés de", "i stället för"
_INSTEAD_AFTER = {
    "lieu": "au",
    "place": "la",
    "lugar": "en em",
    "vez": "en em",
    "plaats": "in",
    "posto": "al",
    "invés": "ao",
    "stället": "i",
}
_PLUS_BEFORE = frozenset("depuis à au aux chez dans sur par avec en le la les sous".split())  # noqa: SIM905
OTHER_BETWEEN = frozenset(
    """mehr länger um am im an auf bei über mit von vom zum zur nach der die das den dem des ein eine einen
    de du des le la les à au aux depuis sur chez par dans en un une
    las los el del al por con desde una más
    op via bij om het een naar van meer langer
    più il lo gli alle alla ai nel nella da dal dalla di della sul sulla per uno
    o os às ao aos no na nos nas pelo pela em do da com mais um uma
    przez w we z od u już dla
    på till från med klockan kl längre mer det ett""".split()  # noqa: SIM905
)
# an elided article or preposition before a value ("l'Arriscan", "dell'Arriscan", "d'Airtable"): no part of it
_ELIDED = re.compile(r"^(?:[ldjmnst]|qu|dell|all|dall|nell|sull|un)['’](?=\w)", re.IGNORECASE)


def unelided(token: str) -> str:
    """``token`` without an elided article or preposition before it ("l'Arriscan" -> "Arriscan")."""
    return _ELIDED.sub("", token, count=1)


def other_negation(words: Sequence[str], tokens: Sequence[str], at: int) -> bool:
    """Whether the word at ``at`` (``words`` as ``token_word`` reads ``tokens``) negates or replaces what follows it
    in a language other than English (``OTHER_NOT``, ``_OTHER_INSTEAD``, ``_INSTEAD_AFTER``; French "plus" before a
    preposition or after "ne"), not ending its clause ("Nein, A ..." answers)."""
    word = words[at]
    if tokens[at].endswith((",", ";", ":", ".", "!")):
        return False
    if word in OTHER_NOT or word in _OTHER_INSTEAD:
        return True
    if word in _INSTEAD_AFTER:
        return at > 0 and words[at - 1] in _INSTEAD_AFTER[word].split()
    if word == "plus":
        after = words[at + 1] if at + 1 < len(words) else ""
        before = words[at - 1] if at else ""
        return after in _PLUS_BEFORE or before == "ne" or before.startswith(("n'", "n’"))
    return False


def token_word(token: str) -> str:
    """``token`` without the punctuation around it, case-folded: the word the marker readings compare."""
    return token.strip(TOKEN_STRIP).casefold()


@cache
def was_aside() -> re.Pattern[str]:
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
    start = n - 1 if n and words[n - 1] in DETERMINERS else n
    return start > 0 and (tokens[start - 1].endswith((",", ";", ":")) or tokens[start - 1] in ("—", "–", "-"))


def names_old(
    newer: str,
    values: AbstractSet[str],
    changed: bool,
    nouns: AbstractSet[str] = frozenset(),
    marked: bool = False,
) -> bool:
    """Whether ``newer`` names one of ``values`` (the older statement's value keys) as the old one:

    - before it, at most ``OLD_MARK_WORDS`` words away with only ``BETWEEN`` words between, a marker of
      ``OLD_BEFORE`` or a word ending in "n't" ("not on A", "isn't A", "instead of A"; after "no longer" or
      "stopped" one verb too: "no longer listens on A", "stopped writing to A"; between any marker and A, words
      of ``nouns``, the older's words as ``freshness.value_split`` gives them, are no verb: "not on firmware A" after
      "... runs firmware A"; a marker before another value is that value's), "from" with "to" or an arrow after
      it, or in a sentence that words a change (``changed``: a word of ``_CHANGE_VERB``): "went from A to B",
      "Bob took over X from A"; "was" / "formerly" inside parentheses ("(was A)"); or a verb of removal with only
      a determiner between (``_DROPPED``: "we dropped PostgreSQL 13", "retired the A");
    - after it, at most ``OLD_MARK_WORDS`` words away: an arrow (within two: "25 MB -> 50 MB"), its end
      (``ENDED``: "A isn't used anymore", "the A grant ended"; "A went away"), its retirement in the passive
      (``_COPULA`` then ``RETIRED``: "A was retired", "A got dropped", "A is being drained"), or right after it a
      handover ("Henrik handed ...", "Rui passed ... to B");
    - in a statement ``marked`` as a correction or a change, the value opening a clause of its own, then a
      ``_COPULA`` word or a verb of ending ("oh wait, X go to B now, A is read-only", "..., A was the prototype",
      "..., 128 was too many", "..., A stops working Friday"): the new value was given, the old one is said of apart.
    A host's short name names it ("(ftp01 was shut down)" for "ftp01.corp.lan").

    Linear in ``len(newer)``."""
    if any(value_key(w) in values for head in retirement_heads(newer) for w in head):
        return True  # "...; 1200 requests an hour is no longer used"
    tokens = newer.split()
    words = [token_word(t) for t in tokens]
    depth = 0
    for n, raw in enumerate(tokens):
        depth += raw.count("(")
        bare = unelided(raw.strip(TOKEN_STRIP))  # "non più l'Arriscan"
        key = _short_host(value_key(bare), values)
        # "I" is capitalised, no value; a function word is none here ("pulling from A" / "... builds FROM php:8")
        if key in values and key != "i" and (n == 0 or is_value(bare) or value_split(bare)[1]):
            verbs = 0  # words between the marker and the value other than BETWEEN's
            before = words[max(0, n - OLD_MARK_WORDS - 1) : n]
            if any(w in _DROPPED for w in before[-2:]) and (before[-1] in _DROPPED or before[-1] in DETERMINERS):
                return True
            for back, word in enumerate(reversed(before), 1):
                if n - back > 0 and is_value(tokens[n - back].strip(TOKEN_STRIP)):  # the first word: capitalised
                    break  # another value between: a marker before it is that value's ("no longer A for the X-Y desk")
                if word in _BY_NEW and words[n - back + 1] == "by":
                    break  # "A was replaced by B": the value after "replaced by" is the new one
                negation = (
                    word in OLD_BEFORE
                    or word.endswith(("n't", "n’t"))
                    or other_negation(words, tokens, n - back)
                    or named_before(words, n - back, changed)  # "不是 A", "не A", "вместо A", "с A на B" changed
                )
                if negation and (verbs == 0 or word in _STOPPED):  # "no longer listens on A": one verb between
                    return True
                if word == "from" and (changed or any(w in _TO for w in words[n + 1 : n + 2 + OLD_MARK_WORDS])):
                    return True
                if depth > 0 and word in ("was", "formerly", "previously"):
                    return True
                stems = value_split(word)[1]
                function = word in BETWEEN or word in OTHER_BETWEEN or word in SCRIPT_FUNCTION
                if not function and not (stems and set(stems) <= nouns):
                    verbs += 1
                    if verbs > 1:
                        break
            if named_after(
                words, tokens, n, changed
            ):  # "A 아니라", "A ではなく", "A değil", "A की जगह", "A에서 ... 바뀌"
                return True
            after = words[n + 1 : n + 1 + OLD_MARK_WORDS]
            if any(w in ARROWS for w in after[:2]) or any(w in ENDED for w in after):
                return True
            if any(a in _WENT and b == "away" for a, b in pairwise(after)):
                return True
            handover = after and after[0] in HANDOVER and (after[0] in _HANDED or "to" in words[n + 2 :])
            copula = next((m for m, w in enumerate(after[:2]) if w in _COPULA), None)  # "the 0018 number is retired"
            if handover or (copula is not None and any(w in RETIRED for w in after[copula + 1 :])):
                return True
            out_of_use = words[n + 4 + copula : n + 5 + copula] if copula is not None else ["-"]
            if words[n + 2 + (copula or 0) : n + 4 + (copula or 0)] == ["no", "longer"] and (
                out_of_use in ([], *([w] for w in _OUT_OF_USE))
            ):
                return True  # "A is no longer used", "A is no longer in use"
            if _used_to(words, tokens, n):
                return True
            if marked and after and after[0] in _COPULA | _ENDING and _opens_clause(words, tokens, n):
                return True
        depth = max(0, depth - raw.count(")"))
    return False


# what may follow "A is no longer": the value out of use, not another of its attributes ("A is no longer on port 80")
_OUT_OF_USE = frozenset("used needed valid active current supported in".split())  # noqa: SIM905
USED_TO_WORDS = 6  # how far before a value "used to" may stand ("they used to go to the A")


def _used_to(words: Sequence[str], tokens: Sequence[str], n: int) -> bool:
    """Whether the value at ``n`` follows "used to" (not a passive "is used to store"), at most ``USED_TO_WORDS``
    words before it with one verb and ``BETWEEN`` words between and no other value ("they used to go to the A",
    "it used to be A")."""
    start = max(0, n - USED_TO_WORDS)
    for m in range(start, n - 1):
        if words[m] == "used" and words[m + 1] == "to" and (m == 0 or words[m - 1] not in _COPULA):
            between = words[m + 2 : n]
            if any(is_value(t.strip(TOKEN_STRIP)) for t in tokens[m + 2 : n]):
                return False
            return sum(w not in BETWEEN for w in between) <= 1
    return False


# a second sentence that only says the old value is out of use ("Sailwave is no longer used.", "The A was retired.",
# "A was replaced."): a name of at most four words, a copula, then the end. English
_RETIREMENT_SENTENCE = (
    r"^(?P<head>[^\s.!?]+(?:[ \t]+[^\s.!?]+){0,3}?)[ \t]+(?:is|was|are|were|has been|have been|got)[ \t]+"
    r"(?:no longer(?:[ \t]+(?:used|needed|in use|supported|active))?|retired|replaced|dropped|decommissioned|"
    r"deprecated|removed|gone|obsolete|superseded|wrong|outdated)(?:[ \t]+(?:for it|by it|now))?[.!]?$"
)


@cache
def _sentences() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A sentence end ("." "!" then a space) and ``_RETIREMENT_SENTENCE``, compiled on first use."""
    return re.compile(r"(?<=[.!])\s+"), re.compile(_RETIREMENT_SENTENCE, re.IGNORECASE)


def with_retirement(text: str) -> str | None:
    """``text`` of two sentences whose second only retires a value ("X runs on B. A is no longer used."), joined as one
    statement with its clause ("X runs on B; A is no longer used."), so the first is read as the statement and the
    second as the old value's marker; None for any other text. Linear in ``len(text)``."""
    end, retirement = _sentences()
    parts = end.split(text.strip(), maxsplit=2)
    if len(parts) != 2 or not retirement.match(parts[1]):
        return None
    return f"{parts[0].rstrip('.!')}; {parts[1]}"


# what names the words after it as the old value ("... rather than the sous chef", "(was the day nurse)")
_PHRASE_MARKS = (
    ("rather", "than"),
    ("instead", "of"),
    ("not",),
    ("(was",),
    ("(previously",),
    ("(formerly",),
    ("used", "to"),
)
MAX_PHRASE_WORDS = 4  # words an old value so named may have ("the night shift lead", "nox -s flows")
MIN_PHRASE_SHARED = 2  # words of the older besides the old value the newer says (a subject, or one and its attribute)


def named_phrase(newer: str, older: str, apart: AbstractSet[str] = frozenset()) -> bool:
    """Whether ``newer`` names words of ``older`` as the old value when ``freshness.value_split`` reads no value to
    replace in them (a lower-case value: "The X now pages the kitchen manager rather than the sous chef." after "The
    X pages the sous chef."; "The X now uses tornado instead of masonite." after "Use masonite as the X's
    framework."): after a marker of ``_PHRASE_MARKS`` and a determiner, up to the end of its clause (or between
    "from" and "to": "changed from kotlin to fsharp", the newer's own words after "to"), at most
    ``MAX_PHRASE_WORDS`` words said together in the older and nowhere else in the newer; before the marker the
    newer says ``MIN_PHRASE_SHARED`` of the older's other words (its subject) and a word of its own (the new value).
    A phrase of ``apart``'s values alone (value keys the caller read as another quantity) is not the older's value.
    Linear in the texts' lengths (quadratic in the words of a statement)."""
    old = [token_word(t) for t in older.split()]
    old_text = f" {' '.join(old)} "
    new_tokens = newer.split()
    new = [token_word(t) for t in new_tokens]
    said = f" {' '.join(new)} "
    for head in retirement_heads(newer):  # "...; masonite is no longer used": the head is the old value
        phrase = head[1:] if head[0] in DETERMINERS else head
        if f" {' '.join(phrase)} " in old_text and said.count(f" {' '.join(phrase)} ") == 1:
            before = [w for w in new if w not in phrase]
            if _subject_and_own(before, old, phrase):
                return True
    for n in range(len(new)):
        mark = next((m for m in _PHRASE_MARKS if tuple(w.casefold() for w in new_tokens[n : n + len(m)]) == m), None)
        if mark is None and new[n] != "from":
            continue
        at = n + (len(mark) if mark else 1)
        if mark == ("used", "to"):  # "they used to go to the A": one verb, then function words, before the value
            if n and new[n - 1] in _COPULA:
                continue  # "is used to store ...": a passive, no old value
            at += 1
            while at < len(new) and new[at] in BETWEEN and new[at] not in DETERMINERS:
                at += 1
        at += at < len(new) and new[at] in DETERMINERS
        end = next((m + 1 for m in range(at, len(new)) if new_tokens[m].endswith((",", ";", ".", ")"))), len(new))
        before = new[:n]
        if mark is None:  # "from A to B": the old value up to "to", the newer's own words after it
            end = next((m for m in range(at, min(end, at + MAX_PHRASE_WORDS + 1)) if new[m] in _TO), None)
            if end is None:
                continue
            before = new[:n] + new[end + 1 :]
        phrase = [w for w in new[at:end] if w]
        if not 0 < len(phrase) <= MAX_PHRASE_WORDS or f" {' '.join(phrase)} " not in old_text:
            continue
        if all(value_key(w) in apart for w in phrase):
            continue  # "instead of 40" in a clause counting seconds, against "40 litres": another quantity
        if f" {' '.join(phrase)} " in f" {' '.join(before)} ":
            continue  # the old value said again: not named as old
        if _subject_and_own(before, old, phrase):
            return True
    return False


def _subject_and_own(said: Sequence[str], old: Sequence[str], phrase: Sequence[str]) -> bool:
    """Whether the newer's words ``said`` (its old value left out) hold ``MIN_PHRASE_SHARED`` of the older's words
    ``old`` besides its old value ``phrase`` (the subject) and a word of their own (the new value)."""
    rest = {w.removesuffix("s") for w in old if w not in phrase and w not in BETWEEN}
    shared = {w.removesuffix("s") for w in said if w not in BETWEEN} & rest
    return len(shared) >= MIN_PHRASE_SHARED and any(w and w not in old and w not in BETWEEN for w in said)


def retirement_heads(text: str) -> list[list[str]]:
    """The words (as ``token_word`` reads them) naming what a clause of ``text`` after ";" or ", " says is out of use
    ("...; masonite is no longer used", "..., 1200 requests an hour was dropped": ``_RETIREMENT_SENTENCE``). Linear in
    ``len(text)``."""
    _, retirement = _sentences()
    heads: list[list[str]] = []
    for clause in re.split(r";\s*|,\s+", text.strip())[1:]:
        if found := retirement.match(clause.strip()):
            heads.append([token_word(t) for t in found.group("head").split()])
    return heads


def negated_values(text: str) -> set[str]:
    """The value keys ``text`` says something is not: a negation right before them, only ``BETWEEN`` words
    between ("not in Slack", "isn't on A", "rather than the A"). Linear in ``len(text)``."""
    tokens = text.split()
    words = [token_word(t) for t in tokens]
    found: set[str] = set()
    for n, raw in enumerate(tokens):
        bare = unelided(raw.strip(TOKEN_STRIP))
        if n == 0 or not is_value(bare):
            continue
        for back in range(n - 1, max(0, n - OLD_MARK_WORDS) - 1, -1):
            word = words[back]
            if word in _NEGATIONS or word.endswith(("n't", "n’t")) or other_negation(words, tokens, back):
                found.add(value_key(bare))
            if named_before(words, back, False):
                found.add(value_key(bare))
            if word not in BETWEEN and word not in OTHER_BETWEEN and word not in SCRIPT_FUNCTION:
                break
        if named_after(words, tokens, n, False):  # "18:00이 아니라", "A değil"
            found.add(value_key(bare))
    return found
