"""Freshness without a topic (issue 17 point 4, #27.2): when a newer statement gives an older one's attribute a new
value, so that a save supersedes the older (``is_update``) or a search ranks the newer first (``prefer_newer``), and
the readings of a statement those rules share with ``domain/corrections.py`` and the hooks (its values, its attribute
words, a value named as the old one). Pure functions over text, no I/O; split out of ``domain/rules.py``, which keeps
the store's rules (topic supersession, history, trust, expiry).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

# -- freshness without a topic (issue 17 point 4) ------------------------------------------------------------
# Two live entries without a topic that say the same thing about one subject with a different value: the newer
# one is an update. Decided from the newer text's wording and the two contents' cosine; measured with
# ``python -m research freshness`` on research/bench/data/freshness-pairs.json (docs/retrieval.md "Freshness").

_FRESH_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
# words and phrases that state a change of value ("is now", "switched to", "no longer", "new manager")
_CHANGE_WORDS = frozenset(
    """now nowadays anymore longer instead switched switch moved migrated changed change replaced renamed
    rewritten rewrote raised lowered increased decreased upgraded downgraded updated became become new took
    """.split()  # noqa: SIM905
)
# words that add a fact beside the old one rather than replacing it ("also", "too", "as well", "another")
_ADDITIVE_WORDS = frozenset(
    "also too well another additionally addition besides both second extra".split()  # noqa: SIM905
)
# function words and the change words themselves: what is left names the subject and the values
_FRESH_FUNCTION_WORDS = frozenset(
    """a an the and or but of to in on at for from with by as is are was were be been being am do does did
    has have had i we you he she they it my our your his her their its this that these those me us them so
    just then there here what which who when where how all any some more most very not no yes every""".split()  # noqa: SIM905
)
FRESH_MAX_WORDS = 40  # longer entries hold several facts: one changed value must not retire the rest
FRESH_RANK_VALUE_TERMS = 3  # new value words an update may have to rank first (superseding allows 2)
# is_update's cosine guard for a save without a topic (MemoryService's default): research/bench/freshness.py, 0
# false supersession on research/bench/data/freshness-pairs.json (docs/retrieval.md "Freshness without a topic"; MiniLM)
DEFAULT_AUTO_SUPERSEDE_THRESHOLD = 0.4
# prefer_newer's cosine on stored vectors (all-MiniLM-L6-v2): two returned entries this close, an update ranks first
# (search's fresher_first; docs/retrieval.md "Newer first"). Another model's is in its thresholds (Thresholds).
FRESHER_FIRST_THRESHOLD = 0.5


def _fresh_words(text: str) -> list[str]:
    return [w.casefold() for w in _FRESH_WORD.findall(text)]


def _stem(word: str) -> str:
    """A light suffix fold so that ``deploys``/``deploy``, ``hosted``/``host`` and ``tracker's``/``tracker`` meet
    (plural s, -ed, a possessive: "The AIS tracker's interval" names the subject of "the AIS tracker polls ...")."""
    word = word.removesuffix("'s")
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    return word


# A stated change of value, phrase level (English): what makes a captured statement a correction of a live
# memory (hooks/judge.corrected) -- a marker ("correction", "actually", "scratch that"), a verb of change
# (moved, switched, bumped, upgraded, rolled back, renamed, redirected, shifted, lifted, cut ...), a handover
# (handed/passed ... over/on to, transferred, took over, inherited), or the old value named ("instead of",
# "rather than", "no longer", "formerly", "(was 1.6.6)", "now X, not Y"), or a new value dated ("these days",
# "as of", "from now on"). A bare "now" is not enough: "X now exposes metrics on 9100" adds a fact.
_CORRECTION = re.compile(
    r"\b(?:correction|actually|scratch that|update[ds]?|moved|changed|switched|replaced|replaces|raised|lowered|"
    r"lifted|increased|decreased|reduced|cut|renamed|migrated|rewrote|rewritten|redirected|rerouted|repointed|"
    r"relocated|shifted|rescheduled|bumped|upgraded|downgraded|rolled (?:back|forward)|reverted|stopped|"
    r"loosened|tightened|relaxed|went (?:up |down )?from|decommissioned|deprecated|vetoed|misread|outdated|"
    r"handed|passed|transferred|reassigned|inherited|took over|taken over|instead of|rather than|no longer|"
    r"any ?more|formerly|previously|used to be|(?:it|that|this) was|from now on|going forward|these days|as of|"
    r"now\b[^!?;]{0,80}?,\s*not)\b|\(\s*(?:was|formerly|previously|before)\b",
    re.IGNORECASE,
)


def states_correction(text: str) -> bool:
    """Whether ``text`` words itself as a new value of something said before (``_CORRECTION``: "correction:",
    "moved to", "handed ... over to", "got upgraded to 7.3 (was 1.6)", "no longer", "from now on" ...) and
    adds no fact beside it ("also", "too", "another": ``states_change``'s additive words). Only a gate: which
    memory it corrects, if any, is ``same_attribute``'s and the caller's. Linear in the text's length."""
    return _CORRECTION.search(text) is not None and not set(_fresh_words(text)) & _ADDITIVE_WORDS


def states_change(text: str) -> bool:
    """Whether ``text`` words itself as a change of value: a change word (``now``, ``switched``, ``moved``,
    ``no longer``, ``new`` ...) and no additive word (``also``, ``too``, ``as well``, ``another`` ...).
    Linear in the text's length."""
    words = set(_fresh_words(text))
    return bool(words & _CHANGE_WORDS) and not words & _ADDITIVE_WORDS


def _terms(words: Sequence[str]) -> set[str]:
    return {_stem(w) for w in words if w not in _FRESH_FUNCTION_WORDS and w not in _CHANGE_WORDS}


# a value token: a digit, a path or handle character, a dotted or hyphenated identifier, or a capital after the
# first word ("4123", "#ops", "deploy/a.toml", "kestrel-43.internal", "Kotlin")
_VALUE_TOKEN = re.compile(r"\d|[#@/]|[^\W_][-._:][^\W_]")
# a name opening a statement as its value: "Priya owns ...", "Dana Kim maintains ...", "Bob took over ..."
_OPENING_NAME = re.compile(r"^[A-Z][\w'-]*(?: [A-Z][\w'-]*)? (?:[a-z]+s|took|is|was)\b")
# verbs too light to name an attribute ("uses Vim" and "is now Helix" set the same thing)
_LIGHT_WORDS = frozenset("use using run running have get go keep make set call called named".split())  # noqa: SIM905
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")  # kana and CJK ideographs: words without spaces
MIN_FUZZY_CHARS = 4  # "built"/"build", "written"/"rewritten", "config"/"configuration" name one attribute


@lru_cache(maxsize=1024)  # pure; a save's correction check reads the same texts several times
def _value_split(text: str) -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """(the value tokens of ``text``, case-folded; its other words in order, stemmed, without function, change
    and light words; its change words, stemmed: "rewritten" still meets "written")."""
    values: set[str] = set()
    words: list[str] = []
    changes: set[str] = set()
    named = _OPENING_NAME.match(text.strip()) is not None and text.split()[0].casefold() not in _FRESH_FUNCTION_WORDS
    for n, raw in enumerate(text.split()):
        token = raw.strip(".,;:!?()[]\"'`")
        if not token:
            continue
        if _VALUE_TOKEN.search(token) or ((n > 0 or named) and token[:1].isupper()):
            values.add(value_key(token))
            continue
        for word in _fresh_words(token):
            if word in _CHANGE_WORDS:
                changes.add(_stem(word))
            elif word not in _FRESH_FUNCTION_WORDS and word not in _LIGHT_WORDS:
                words.append(_stem(word))
    return frozenset(values), tuple(words), frozenset(changes)


def is_value(token: str) -> bool:
    """Whether ``token`` (a word of a statement past its first, punctuation stripped) is a value as ``value_split``
    reads one: a digit, a path or handle character, a dotted or hyphenated identifier, or a capital."""
    return bool(token) and (_VALUE_TOKEN.search(token) is not None or token[:1].isupper())


def value_split(text: str) -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """(the value tokens of ``text``, case-folded as ``value_key``; its other words in order, stemmed, without
    function, change and light words; its change words, stemmed): how the freshness and correction rules read a
    statement (domain/corrections.py)."""
    return _value_split(text)


def opens_on_name(text: str) -> bool:
    """Whether ``text`` opens on a person's or team's name as its subject ("Priya owns ...", "Dana Kim
    maintains ...", "Bob took over ..."), not on a capitalised sentence opener ("The ...", "We ...")."""
    text = text.strip()
    return _OPENING_NAME.match(text) is not None and text.split()[0].casefold() not in _FRESH_FUNCTION_WORDS


def value_key(token: str) -> str:
    """A value token as compared: case-folded, a possessive "'s" and a version's "v" dropped ("Henrik's" ->
    "henrik", "v2.1.0" -> "2.1.0"), so a correction naming the old value as it is spoken finds it."""
    token = token.casefold()
    if token.endswith(("'s", "’s")):
        token = token[:-2]
    if len(token) > 1 and token[0] == "v" and token[1].isdigit():
        token = token[1:]
    return token


# Attribute families: words that name one attribute of a thing in other words ("escalate to" / "page" /
# "wake up"; "owns" / "maintained by" / "handed over to"; "pinned to" / "release" / "upgraded to"). Two
# statements whose attribute words fall in one family are about the same attribute; a word in no family
# meets only itself and its inflections (``_meets``). Each family is a class of English phrasing (a member of
# five letters or more is a stem: "escalat" holds "escalate" and "escalation"), not the benches' sentences.
ATTRIBUTE_FAMILIES: tuple[frozenset[str], ...] = tuple(
    frozenset(family.split())
    for family in (
        # who is told when something breaks
        "page paging pager alert notif ping escalat wake oncall on-call",
        # who is responsible for it
        "own owner ownership maintain responsib handed handover inherit transferr reassign steward keeper belong",
        # which version runs
        "version release build pinned pin upgrad downgrad bump rolled rollback revert",
        # where its output goes ("wrote" is not here: "I wrote A" is what someone said, not where output goes)
        "write writes written output result dump produc generat land ship send export upload store save sink "
        "destination push publish emit deliver spit artefact artifact",
        # when or how often it runs
        "schedul cron nightly daily hourly weekly minute hour kick fire trigger",
        # how much it may take
        "cap capped limit throttl quota ceiling rps qps max maximum",
        # how often it tries again
        "retry retries retri attempt",
        # where it runs
        "region zone deploy host hosted datacenter cluster",
        # what its store is called
        "database schema datastore renam",
        # how long its data is kept
        "retention retain retained purg delet wipe wiped prune pruned expir ttl",
    )
)
MIN_STEM_CHARS = 5  # a family member this long is a stem; a shorter one is a whole word
MAX_CUT_CHARS = 3  # letters a folded word may have lost ("pinn" of "pinned")


@lru_cache(maxsize=8192)  # pure on a word; the correction rules ask it for every word of every candidate
def attribute_family(word: str) -> int | None:
    """The index of the attribute family ``word`` belongs to (``ATTRIBUTE_FAMILIES``: the member itself, a
    word the stem opens, or a folded word that opens the member: "pinn" for "pinned"), or None."""
    for index, family in enumerate(ATTRIBUTE_FAMILIES):
        for member in family:
            if (
                word == member
                or (len(member) >= MIN_STEM_CHARS and word.startswith(member))
                or (
                    len(word) >= MIN_FUZZY_CHARS
                    and member.startswith(word)
                    and len(member) - len(word) <= MAX_CUT_CHARS
                )
            ):
                return index
    return None


def shared_family(words: Iterable[str], others: Iterable[str]) -> bool:
    """Whether a word of ``words`` and one of ``others`` name one attribute (``ATTRIBUTE_FAMILIES``)."""
    mine = {f for f in map(attribute_family, words) if f is not None}
    return bool(mine) and any(attribute_family(w) in mine for w in others)


def value_shape(token: str) -> str:
    """A value's shape: digit runs as 9, other word runs as w ("kestrel-43.internal" -> "w-9.w", "147" -> "9",
    "Kotlin" -> "w", "#ops-lynx" -> "#w-w", "22:50" -> "9:9")."""
    return re.sub(r"[^\W_]+", lambda m: "9" if m.group().isdigit() else "w", token)


def value_kind(token: str) -> tuple[bool, bool, frozenset[str]]:
    """A value's kind, coarser than its ``value_shape``: whether it has a run of letters, whether it has a run of
    digits only, and the characters that join its runs ("ops.events.v3" and "plans.v1" are both dotted names,
    ``(True, False, {"."})``; "3.2" and "4.0.1" both dotted numbers; "/ping" and "/api/health" both paths; "TRF_ENG_5"
    is no "OUT_NOTIF"). Two values of one kind may be one attribute's old and new value whatever their number of
    parts; a number and a name never."""
    shape = value_shape(token)
    return "w" in shape, "9" in shape, frozenset(ch for ch in shape if not ch.isalnum())


def distinctive_shape(shape: str) -> bool:
    """Whether a ``value_shape`` tells an attribute apart: it joins runs with punctuation ("9:9" a time, "9.9.9" a
    version, "w_w" an identifier, "#w-w" a channel), unlike a bare number ("9": a port, a cap, a count) or a
    bare word ("w")."""
    return len(shape) > 1 and any(not ch.isalnum() for ch in shape)


def _meets(words: set[str], others: set[str]) -> bool:
    """Whether a word of ``words`` is one of ``others``, or one holds the other or both open on the same
    ``MIN_FUZZY_CHARS`` letters (inflections: "built"/"build", "written"/"rewritten")."""
    return shared_family(words, others) or any(
        a == b or (min(len(a), len(b)) >= MIN_FUZZY_CHARS and (a in b or b in a or a[:4] == b[:4]))
        for a in words
        for b in others
    )


def _subject_run(words: Sequence[str], shared: set[str]) -> set[str]:
    """The longest run of consecutive ``words`` in ``shared`` (the first of equal length): the subject the two
    statements name together ("kyc checker"), as opposed to the words of an attribute they share ("port")."""
    best: list[str] = []
    run: list[str] = []
    for word in [*words, ""]:
        if word in shared:
            run.append(word)
            continue
        if len(run) > len(best):
            best = run
        run = []
    return set(best)


# what marks a value of a correction as the old one: a word before it ("not 4123", "no longer Kotlin",
# "instead of @oncall", "from eu-north-1", "off the A boxes", "(was 1.6.6)", "formerly", "replaces"), or a
# handover verb after it ("Henrik handed the updater over to Ravi")
_OLD_BEFORE = frozenset(
    "not longer instead rather was were formerly previously from off replaces replacing replaced before used".split()  # noqa: SIM905
) | frozenset("vetoed dropped retired".split())  # noqa: SIM905
_HANDOVER = frozenset("handed hands passed passes gave gives transferred transfers".split())  # noqa: SIM905
# what marks a value as the old one right after it: "870 was paging every night", "O got decommissioned", "O is
# dead code now", "5949 goes to switchboard now", "O went away"
_OLD_AFTER = frozenset("was were got gets goes went".split())  # noqa: SIM905
OLD_MARK_WORDS = 3  # how far before a value its marker may stand ("instead of the old @oncall")


def names_old_value(newer: str, older: str) -> bool:
    """Whether ``newer`` names a value of ``older`` as the old one: a value both hold (digits, paths, handles,
    identifiers, capitalised names; compared as ``value_key``: "v2.1.0" is "2.1.0", "Henrik's" is "henrik";
    a capitalised word opening ``older`` counts) that ``newer`` marks as old -- a marker at most
    ``OLD_MARK_WORDS`` words before it ("not", "no longer", "instead of", "rather than", "was", "formerly",
    "from", "replaces"), inside parentheses ("(was 1.6.6)"), a handover verb right after it ("Henrik
    handed ..."), or, past the first word, "was"/"got"/"goes" right after it ("...; 870 was paging every
    night", "O got decommissioned"). A value both merely share (a subject written in capitals: "The API rate
    limit ...") is not an old value. Linear in the texts' lengths."""
    old_values, _, _ = _value_split(older)
    first = older.split(maxsplit=1)[0].strip(".,;:!?()[]\"'`") if older.split() else ""
    # "Henrik's team ...": only a handover names it; "We gave ..." opens on a pronoun, no name
    opening = value_key(first) if first[:1].isupper() and first.casefold() not in _FRESH_FUNCTION_WORDS else None
    tokens = newer.split()
    depth = 0
    for n, raw in enumerate(tokens):
        depth += raw.count("(")
        key = value_key(raw.strip(".,;:!?()[]\"'`"))
        if key and (key in old_values or key == opening):
            near = tokens[max(0, n - OLD_MARK_WORDS) : n]
            values = [m for m, t in enumerate(near) if is_value(t.strip(".,;:!?()[]\"'`"))]
            near = near[values[-1] + 1 :] if values else near  # a marker before another value is that value's
            before = {w for t in near for w in _fresh_words(t)}
            after = _fresh_words(tokens[n + 1]) if n + 1 < len(tokens) else []
            if after and after[0] in _HANDOVER:
                return True
            if key in old_values and after and after[0] in _OLD_AFTER and n > 0:
                return True
            if key in old_values and (depth > 0 or before & _OLD_BEFORE):
                return True
        depth = max(0, depth - raw.count(")"))
    return False


# the end of a sentence inside a text: a full stop, "!" or "?" (and their full-width forms), any closing quote or
# bracket, then more text. A memory of several sentences holds several facts (a chat turn: "Thanks, Caroline! I went
# to ... yesterday. It was ..."); one of them restated with another value is not a correction of the whole memory.
# On LoCoMo's dev conversations (their turns saved one by one) the rule without this read 2,061 pairs of turns at
# most 60 turns apart as corrections and retired chat turns at save time (hybrid R@10 0.810 -> 0.743); with it, 5
# (stop 40, the lead's check). Linear: a run of stops is matched from its first character only (lookbehind), and
# read once (possessive quantifiers)
SENTENCE_END = r"(?<![.!?\u3002\uff01\uff1f])[.!?\u3002\uff01\uff1f]++[\"'\u2019\u201d)\]]*+\s++\S"


@lru_cache(maxsize=1)
def _sentence_end() -> re.Pattern[str]:
    return re.compile(SENTENCE_END)  # compiled on first use, not at import


def several_sentences(text: str) -> bool:
    """Whether ``text`` holds more than one sentence (``SENTENCE_END`` inside it, not at its end). Linear in
    ``len(text)``."""
    return _sentence_end().search(text.strip()) is not None


def crossed_values(newer: str, older: str) -> frozenset[str]:
    """The words one of ``newer`` and ``older`` reads as a value and the other as a word (``value_split``: "Marta owns
    X" / "Marta no longer owns X", "Staging Redis is A" / "Staging Redis isn't A anymore"): a name both give as
    their subject, capitalised on one side only. None when ``older`` holds several sentences: a name one of its
    statements shares with the newer is no shared subject ("Alice moved to Terraform" does not retire "The API
    dropped Redis. ... Alice tests with TypeScript.")."""
    if several_sentences(older):
        return frozenset()
    old_values, old_words, _ = _value_split(older)
    new_values, new_words, _ = _value_split(newer)
    return frozenset(
        {v for v in old_values if _stem(v) in new_words} | {v for v in new_values if _stem(v) in old_words}
    )


def same_attribute(newer: str, older: str) -> bool:
    """Whether ``newer`` can state a new value of the attribute ``older`` gives its subject, so that it may
    supersede it: a change of one attribute of a component never retires another attribute of it ("We rewrote
    the kyc checker in OCaml" does not supersede "The kyc checker runs every 147 minutes", nor does "The refund
    processor now runs every 213 minutes" supersede "The refund processor runs on heron-52.internal").

    True when ``newer`` names a value of ``older`` as the old one (``names_old_value``: "..., not 4123", "(it
    was Kotlin)", "from Alice", "Henrik handed ..."). When both
    hold values (digits, paths, handles, dotted or hyphenated identifiers, capitalised names), False when no
    value of one has the shape of a value of the other (a number is no host name), or when, the subject they
    share aside (the longest run of their common words in ``older``: "kyc checker"), either side has attribute
    words none of which meets the other side's words ("minutes" / "deploy" vs. "rewrote ... in OCaml"; "port"
    in both "The relay listens on port 4123" and "We changed the relay port to 5819" meets). Without values on
    both sides (a lower-case value: "My shell is bash" / "I use zsh as my shell now") a value cannot be told
    from an attribute word: True, and ``is_update``'s other tests decide; so is a text in a script written
    without spaces (Chinese, Japanese), whose words this cannot split. Linear in the texts' lengths (the word
    comparison is quadratic in words of a statement of at most ``FRESH_MAX_WORDS``)."""
    if _UNSPACED.search(newer) or _UNSPACED.search(older):
        return True
    if names_old_value(newer, older):
        return True
    old_values, old_words, _ = _value_split(older)
    new_values, new_words, new_changes = _value_split(newer)
    if not old_values or not new_values:
        return True
    # a word one side reads as a value and the other as a word is the subject both name: a value of both
    crossed = crossed_values(newer, older)
    old_values, new_values = old_values | crossed, new_values | crossed
    stems = {_stem(v) for v in crossed}  # the words are stemmed ("Ines" is the word "ine")
    old_words = tuple(w for w in old_words if w not in stems)
    new_words = tuple(w for w in new_words if w not in stems)
    old_only, new_only = old_values - new_values, new_values - old_values
    if old_only and new_only and not {value_kind(v) for v in old_only} & {value_kind(v) for v in new_only}:
        return False  # the values that differ are of two kinds ("500" / "IP"): another attribute
    if old_values & new_values:
        return True
    subject = _subject_run(old_words, set(old_words) & set(new_words))
    old_attribute, new_attribute = set(old_words) - subject, set(new_words) - subject
    # the older's own attribute words met by none of the newer's: another attribute, unless the newer has none of its
    # own and names the attribute with a family word both share ("The X publishes to B" after "The X publishes its
    # events to the A topic": "publishes" is the attribute, "events" and "topic" the older's wording of it)
    named_alike = not new_attribute and any(attribute_family(w) is not None for w in subject)
    if old_attribute and not named_alike and not _meets(old_attribute, set(new_words) | new_changes):
        return False
    return not new_attribute or _meets(new_attribute, set(old_words))


def is_update(newer: str, older: str, cosine: float, threshold: float, max_value_terms: int = 2) -> bool:
    """Whether ``newer`` (saved later, no topic) updates ``older`` (live, no topic) so that ``older`` is
    superseded. Every test must pass:

    - both are single statements of at most ``FRESH_MAX_WORDS`` words, and neither is a question;
    - ``newer`` words itself as a change (``states_change``) and does not negate (``not``, ``n't``: a negated
      clause qualifies the old value rather than replacing it);
    - the words before its first change word (the subject: ``My editor`` in ``My editor is now Helix``) all
      occur in ``older``, and the two share at least one subject word (function and change words dropped,
      plural s and -ed folded);
    - the words after it (the value) hold one or two words ``older`` does not (``max_value_terms``): a
      new value, not a restatement, and not a new fact with its own object ("now requires two approvals");
      after a trailing ``now`` the whole text is the value;
    - their contents' cosine (``cosine``, -1..1, the embedding model's) is at or above ``threshold``;
    - ``newer`` is about the same attribute of the subject (``same_attribute``), not another one of it.

    Losing a fact is worse than keeping a stale one, so each test only vetoes; ``threshold``
    (``DEFAULT_AUTO_SUPERSEDE_THRESHOLD``) was chosen for 0 false supersession on
    research/bench/data/freshness-pairs.json. Linear in the texts' lengths.
    """
    if cosine < threshold or "?" in newer or "?" in older:
        return False
    new_words, old_words = _fresh_words(newer), _fresh_words(older)
    if len(new_words) > FRESH_MAX_WORDS or len(old_words) > FRESH_MAX_WORDS or not states_change(newer):
        return False
    if any(w == "not" or w.endswith("n't") for w in new_words):
        return False
    cut = next(i for i, w in enumerate(new_words) if w in _CHANGE_WORDS)
    old_terms = _terms(old_words)
    if cut == len(new_words) - 1:  # a trailing "now" ("The docs are hosted on Pages now"): no split to read
        subject, value = _terms(new_words[:cut]) & old_terms, _terms(new_words[:cut])
    else:
        subject, value = _terms(new_words[:cut]), _terms(new_words[cut + 1 :])
        to = new_words.index("to", cut + 1) if not subject and "to" in new_words[cut + 1 :] else -1
        if to > 0 and _terms(new_words[cut + 1 : to]):  # "We changed the relay port to 5819": the subject
            # follows the change word up to "to" (else any memory sharing a word with it would be updated)
            subject, value = _terms(new_words[cut + 1 : to]), _terms(new_words[to + 1 :])
    if not subject <= old_terms or not (subject | value) & old_terms:
        return False
    return 0 < len(value - old_terms) <= max_value_terms and same_attribute(newer, older)


def may_pair(text: str) -> bool:
    """Whether ``text`` passes ``is_update``'s tests of one text alone, as either side: no question mark and at
    most ``FRESH_MAX_WORDS`` words. A pair with a side that fails is never an update, at any cosine (search's
    fresher-first skips it without reading vectors). Linear in the text's length."""
    return "?" not in text and len(_FRESH_WORD.findall(text)) <= FRESH_MAX_WORDS


def prefer_newer(newer: str, older: str, cosine: float, threshold: float) -> bool:
    """Whether ``newer`` should rank ahead of ``older`` when a search returns both: ``is_update``'s tests at
    ``threshold`` (``retrieval/weights.FRESHER_FIRST_THRESHOLD``, on the entries' stored vectors) with up to
    ``FRESH_RANK_VALUE_TERMS`` new value words, so an update a little too wordy to supersede still ranks
    first. Reorders only: nothing is superseded.
    (A looser test, any change word and a shared word at cosine 0.5, lowered LoCoMo hybrid recall@5 from 0.611
    to 0.542: chat turns say "now" and "new" all the time; docs/retrieval.md.)"""
    return is_update(newer, older, cosine, threshold, max_value_terms=FRESH_RANK_VALUE_TERMS)
