"""RE2 plumbing of the secret scanner (secret_scan.py): compiled rules, rule sets, memory budgets, and the two
rewrites of a pattern the scanner runs instead of it where that is cheaper (:func:`relaxed`, :func:`lead_of`).

Every search here runs on bytes through google-re2's binding (``_Regexp._regexp``), which is linear in the text.
Nothing compiles at import time.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

import re2  # pyright: ignore[reportMissingTypeStubs]

from contextlamp.domain.secret_rules import Rule


class RawRE2(Protocol):
    """google-re2's compiled pattern (``re2._re2.RE2``): ``Match`` returns one (start, end) byte span per
    group, group 0 first, ``(-1, -1)`` for no match."""

    def Match(self, anchor: object, text: bytes, pos: int, endpos: int) -> list[tuple[int, int]]: ...
    def NumberOfCapturingGroups(self) -> int: ...
    def ProgramSize(self) -> int: ...


class RawSet(Protocol):
    """google-re2's compiled set (``re2._re2.Set``): ``Match`` returns the indexes of the patterns that match
    somewhere in ``text``, or None (also when RE2 ran out of memory: see :func:`compile_set`'s sentinel)."""

    def Match(self, text: bytes) -> list[int] | None: ...


_RE2: Any = re2  # google-re2 ships no type information; the Protocols above type what we call
_UNANCHORED: object = _RE2._Anchor.UNANCHORED
_ANCHOR_START: object = _RE2._Anchor.ANCHOR_START

# RE2's memory budget for each automaton that runs many patterns at once (the prefilter's sets, the keyword set):
# the DFA of a "many match" set never gives up while a state fits, so the budget only has to hold its states.
SET_MAX_MEM = 64 << 20
# Rules per prefilter set. One set of all ~145 core rules built its DFA state by state on the first 2 MiB of prose
# (1.05 s of CPU, 0.21 s again on the same text): a state of the union is a combination of every rule's partial
# match. Sets of 16 rules took 0.20 s and 0.05 s; of 4 rules 0.30 s (more passes). research/notes/scan-speed.md.
SET_SIZE = 16
# Each rule's own budget: a counted repetition ({70,200}) makes many DFA states; with RE2's default (8 MiB) the
# cache of a few rules filled and was rebuilt on hostile input (40 ms on 8 KiB of "pypi-AgEI…AAAA", 11x prose).
RULE_MAX_MEM = 16 << 20  # an upper bound per rule, used only as states are needed (most use a few KiB)
# ... plus this many bytes per instruction of a large program (over PROGRAM_SCALES_FROM instructions), up to
# RULE_MAX_MEM_CAP. RE2 takes the program's own memory out of the budget and splits the rest between the forward
# and reverse DFAs, whose states grow with the program: the value-before-the-noun password rule (168,600
# instructions: every language's password nouns, case-folded) rebuilt its DFA cache all through 2 MiB of prose at
# 16 MiB (1.19 s of CPU), and ran in 0.36 s at 96 MiB; the median rule has 593 instructions and keeps 16 MiB.
BYTES_PER_INSTRUCTION = 512
PROGRAM_SCALES_FROM = 32_768
RULE_MAX_MEM_CAP = 128 << 20
# A lead's budget (lead_of): one DFA per distinct lead, shared by every rule it leads. The password nouns of
# every language, case-folded, are a program of ~80,000 instructions: at 16 MiB its DFA cache kept being rebuilt
# on prose that names a password in each sentence (0.41 s on 2 MiB); at 64 MiB it holds them (0.06 s).
LEAD_MAX_MEM = 64 << 20
# Programs over this many instructions find their group by anchored DFA matches (Compiled.split): RE2's
# search for the groups runs a slower automaton over the match, ~1.6 ms a match of a 400-character list window
# (stop 49); under it the group search is cheaper than two more calls.
SPLIT_FROM = 4_000


@dataclass(frozen=True, slots=True)
class Regex:
    """A pattern compiled by RE2, searched on bytes through the binding google-re2's own ``search`` calls
    (``_Regexp._regexp``): the Python wrapper costs more per call than the search itself, and a scan makes
    one call per candidate."""

    raw: RawRE2
    groups: int

    def search(self, data: bytes, pos: int) -> list[tuple[int, int]] | None:
        """The leftmost match at or after byte ``pos``: one (start, end) per group, group 0 first; None if none."""
        spans = self.raw.Match(_UNANCHORED, data, pos, len(data))
        return None if spans[0][0] < 0 else spans

    def match(self, data: bytes, pos: int) -> list[tuple[int, int]] | None:
        """The match that starts at byte ``pos`` exactly (the one :meth:`search` would give there), or None."""
        spans = self.raw.Match(_ANCHOR_START, data, pos, len(data))
        return None if spans[0][0] < 0 else spans

    def match_end(self, data: bytes, pos: int, end: int | None = None) -> int:
        """The byte offset where the match starting at ``pos`` ends, or ``pos`` when none starts there; the match
        reads no byte at or past ``end`` (default: the end of ``data``)."""
        spans = self.raw.Match(_ANCHOR_START, data, pos, len(data) if end is None else min(end, len(data)))
        return pos if spans[0][0] < 0 else spans[0][1]

    def starts(self, data: bytes) -> list[int]:
        """Every byte offset where a match starts, ascending (one search per match, each from the last start
        plus one; a pattern of bounded length, as a lead is, makes this linear)."""
        found: list[int] = []
        pos = 0
        while (spans := self.search(data, pos)) is not None:
            found.append(spans[0][0])
            pos = spans[0][0] + 1
        return found


@dataclass(frozen=True, slots=True)
class Compiled:
    """A rule and its pattern, compiled by RE2 when a text first needs it (most rules never run in a process:
    a format rule runs only when one of its keywords is in a text, a slot rule when the prefilter says it can
    match). A race compiles twice and keeps either: both are the same pattern.

    A large program (over PROGRAM_SCALES_FROM instructions) searched unanchored through prose kept rebuilding its
    DFA cache: such a rule runs anchored at the starts of its lead (:func:`lead_of`) when it has one, and is
    otherwise compiled with a budget in proportion to its program (:func:`compile_rule`)."""

    rule: Rule
    _cell: list[tuple[Regex, str | None]] = field(default_factory=list[tuple[Regex, str | None]])
    _bare: list[Regex] = field(default_factory=list[Regex])
    _split: list[tuple[Regex, Regex, Regex] | None] = field(default_factory=list[tuple[Regex, Regex, Regex] | None])

    @property
    def regex(self) -> Regex:
        """The rule's compiled pattern (with its capturing groups), compiled on first use."""
        return self._compiled()[0]

    @property
    def lead(self) -> str | None:
        """The lead the rule runs anchored at, or None (it runs unanchored)."""
        return self._compiled()[1]

    @property
    def bare(self) -> Regex:
        """The pattern without its capturing groups (:func:`without_captures`): the same matches, found by RE2's
        DFA alone (a search for the groups runs a slower automaton over the match: 20-30 µs on a large program)."""
        if not self._bare:
            self._bare.append(compile_rule(without_captures(self.rule.pattern), scale=self.lead is None))
        return self._bare[0]

    @property
    def split(self) -> tuple[Regex, Regex, Regex] | None:
        """The pattern's head, group body and tail (:func:`value_split`), compiled on first use, or None: the group
        of a large program is then found by anchored DFA matches (split_match)."""
        if not self._split:
            regex = self.regex
            parts = value_split(self.rule.pattern) if regex.raw.ProgramSize() > SPLIT_FROM else None
            three = None
            if parts is not None:  # the tail's groups, if any, are only read by a rule that peeks (Rule.peek)
                three = (compile_rule(parts[0]), compile_rule(parts[1]), compile_rule(without_captures(parts[2])))
            # the group at the top level is the pattern's first (none inside the head or the body)
            usable = three is not None and not self.rule.peek and not three[0].groups + three[1].groups
            self._split.append(three if usable else None)
        return self._split[0]

    def _compiled(self) -> tuple[Regex, str | None]:
        if not self._cell:
            lead = lead_of(self.rule.pattern)
            self._cell.append((compile_rule(self.rule.pattern, scale=lead is None), lead))
            if self._cell[0][0].raw.ProgramSize() <= PROGRAM_SCALES_FROM:
                self._cell[0] = (self._cell[0][0], None)
        return self._cell[0]


def options(max_mem: int | None = None) -> object:
    """RE2 options: errors not logged (a pattern error raises), ``max_mem`` bytes of budget when given."""
    result = _RE2.Options()
    result.log_errors = False
    if max_mem is not None:
        result.max_mem = max_mem
    return result


def compile_rule(pattern: str, max_mem: int = RULE_MAX_MEM, scale: bool = False) -> Regex:
    """``pattern`` (RE2 syntax) compiled with a budget of ``max_mem`` bytes, or, with ``scale``, more for a large
    program (BYTES_PER_INSTRUCTION, up to RULE_MAX_MEM_CAP; it is compiled again then). Raises ``re2.error`` on
    bad syntax."""
    raw = _compiled(pattern, max_mem)
    size = raw.ProgramSize()
    if (
        scale
        and size > PROGRAM_SCALES_FROM
        and (scaled := min(max_mem + size * BYTES_PER_INSTRUCTION, RULE_MAX_MEM_CAP)) > max_mem
    ):
        raw = _compiled(pattern, scaled)
    return Regex(raw, raw.NumberOfCapturingGroups())


def _compiled(pattern: str, max_mem: int) -> RawRE2:
    return cast(RawRE2, _RE2.compile(pattern.encode("utf-8"), options(max_mem))._regexp)


def compile_set(patterns: Sequence[str]) -> RawSet:
    """One RE2 set of ``patterns`` (index i reports pattern i) and, last, the sentinel ``\\z`` (index
    ``len(patterns)``), which matches every text: a result without it means RE2 gave up (it reports "out of
    memory" only as "no match")."""
    compiled = _RE2.Set.SearchSet(options(SET_MAX_MEM))
    for pattern in patterns:
        compiled.Add(pattern.encode("utf-8"))
    compiled.Add(rb"\z")
    compiled.Compile()
    return cast(RawSet, compiled)


def without_captures(pattern: str) -> str:
    """``pattern`` with each capturing group made non-capturing (``(x)`` -> ``(?:x)``): the same language and the
    same leftmost-first match, group 0 only. Classes and escapes are copied as they are."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        end = _escape_end(pattern, i) if char == "\\" else _class_end(pattern, i) if char == "[" else i + 1
        out.append("(?:" if char == "(" and pattern[i + 1 : i + 2] != "?" else pattern[i:end])
        i = end
    return "".join(out)


def value_split(pattern: str) -> tuple[str, str, str] | None:
    """``pattern`` cut around its first capturing group when that group stands at the top level, unrepeated: (the
    head, the group's body, the tail after it), each a pattern of its own with the leading flags (``(?i)``); None
    otherwise (a top-level ``|``, flags set later than the start). The caller checks that the head and the body
    hold no group (the first group is then group 1).

    Why the group is then found without a search for it (stop 49): in leftmost-first matching (RE2's, Perl's) a
    concatenation's first part makes its choices first, so a match takes the head's own leftmost-first parse
    whenever the rest matches where that parse ends, and the body's own parse from there whenever the tail
    matches after it. So when the head matches at the match's start s ending at g, the body at g ending at f and
    the tail at f ending where the match ends, the group is (g, f): three DFA matches. Otherwise the caller
    searches for the groups."""
    flags = ""
    i = 0
    if pattern.startswith("(?") and (close := pattern.find(")")) > 2 and pattern[2:close].isalpha():
        flags, i = pattern[: close + 1], close + 1
    opened = closed = -1
    while i < len(pattern):
        char = pattern[i]
        if char == "|":
            return None
        if char == "(":
            end = _group_end(pattern, i)
            if pattern[i + 1 : i + 2] != "?" and opened < 0:
                if pattern[end : end + 1] in ("?", "*", "+", "{"):
                    return None
                opened, closed = i, end
            elif pattern[i + 1 : i + 2] == "?" and pattern[i + 2 : end - 1].isalpha():
                return None  # flags set mid-pattern
            i = end
        elif char == "[":
            i = _class_end(pattern, i)
        elif char == "\\":
            i = _escape_end(pattern, i)
        else:
            i += 1
    if opened < 0:
        return None
    return pattern[:opened], f"{flags}(?:{pattern[opened + 1 : closed - 1]})", f"{flags}{pattern[closed:]}"


def escape(text: str) -> str:
    """``text`` as an RE2 literal."""
    return cast(str, _RE2.escape(text))


def relaxed(pattern: str) -> str:
    """``pattern`` with every counted repetition made open (``x{36}`` -> ``x+``, ``x{0,64}`` -> ``x*``): it matches
    a superset of the texts, so it can only let more rules run, never fewer. The prefilter set uses it because
    an automaton for many bounded counters at once has too many states: RE2's DFA then keeps rebuilding its cache
    (32 KiB of random ``/:@ab12`` took 0.28 s with the counters, 7 ms without)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            end = _escape_end(pattern, i)
            out.append(pattern[i:end])
            i = end
        elif char == "[":
            end = _class_end(pattern, i)
            out.append(pattern[i:end])
            i = end
        elif char == "{" and (close := pattern.find("}", i)) > i and _is_count(pattern[i + 1 : close]):
            out.append("+" if int(pattern[i + 1 : close].split(",")[0]) >= 1 else "*")
            i = close + 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def lead_of(pattern: str) -> str | None:
    """The head of ``pattern`` that every match of it starts with, when that head names words: optional flags
    (``(?i)``), at most one boundary atom without letters (``(?:^|[^\\p{L}\\p{N}_])``, ``\\b``), then a
    non-capturing group holding a literal letter (the keyword alternation), none of them repeated. None when
    ``pattern`` has no such head or an alternation at its top level.

    A match of ``pattern`` at byte s is a match of its lead at s (the lead is a prefix of the concatenation), so
    trying ``pattern`` anchored at each lead start, in order, finds the same leftmost matches as an unanchored
    search. It is cheaper where the lead is rare or selective: an unanchored search's automaton carries every
    partial match in flight (a state per combination), an anchored one only its own."""
    atoms = _top_level_atoms(pattern)
    if atoms is None:
        return None
    i = 0
    if atoms and atoms[0][2] == "flags":
        i = 1
    for position in (i, i + 1):
        if position >= len(atoms):
            return None
        _, end, kind = atoms[position]
        if kind == "words":
            return pattern[:end]
        if kind != "boundary" or position > i:
            return None
    return None


def _top_level_atoms(pattern: str) -> list[tuple[int, int, str]] | None:
    """The first few top-level atoms of ``pattern`` as (start, end, kind): ``flags`` (``(?i)``), ``words`` (an
    unrepeated non-capturing group with a literal letter in it), ``boundary`` (an unrepeated atom without one),
    ``other``; None if the pattern has a top-level ``|``. Stops after four atoms."""
    atoms: list[tuple[int, int, str]] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "|":
            return None
        if char == "(":
            end = _group_end(pattern, i)
            body = pattern[i:end]
            if body.startswith("(?") and body.endswith(")") and ":" not in body[:6] and body[2:-1].isalpha():
                kind = "flags"
            elif not body.startswith("(?:") and not body.startswith("(?i:"):
                kind = "other"  # a capturing group: no lead runs through a value
            else:
                kind = "words" if _has_letter(body) else "boundary"
        elif char == "[":
            end, kind = _class_end(pattern, i), "boundary"
        elif char == "\\":
            end = _escape_end(pattern, i)
            kind = "boundary" if pattern[i : i + 2] in ("\\b", "\\A") else "other"
        else:
            end, kind = i + 1, "other"
        quantified = end < len(pattern) and pattern[end] in "?*+{"
        atoms.append((i, end, "other" if quantified and kind != "flags" else kind))
        if len(atoms) >= 4:
            return atoms if "|" not in _top_level_rest(pattern, end) else None
        i = end
    return atoms


def _top_level_rest(pattern: str, i: int) -> str:
    """The top-level characters of ``pattern[i:]`` (groups, classes and escapes skipped), to look for ``|``."""
    out: list[str] = []
    while i < len(pattern):
        char = pattern[i]
        if char == "(":
            i = _group_end(pattern, i)
        elif char == "[":
            i = _class_end(pattern, i)
        elif char == "\\":
            i = _escape_end(pattern, i)
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _has_letter(group: str) -> bool:
    """A literal letter outside classes and escapes in ``group`` (its ``(?:``/``(?i:`` opener skipped)."""
    i = group.index(":") + 1
    while i < len(group):
        char = group[i]
        if char == "[":
            i = _class_end(group, i)
        elif char == "\\":
            i = _escape_end(group, i)
        elif char == "(" and group[i + 1 : i + 2] == "?":
            i = group.find(":", i) + 1 if group.find(":", i) > 0 else i + 1
        elif char.isalpha():
            return True
        else:
            i += 1
    return False


def lead_starts(leads: dict[str, Regex], cache: dict[str, list[int]], lead: str, data: bytes) -> list[int]:
    """Every start of ``lead`` in ``data`` (ascending), computed once per text (``cache``, keyed by lead) with
    the lead's regex (``leads``, compiled once per process at LEAD_MAX_MEM)."""
    found = cache.get(lead)
    if found is None:
        regex = leads.get(lead)
        if regex is None:
            regex = leads.setdefault(lead, compile_rule(lead, LEAD_MAX_MEM))
        found = cache[lead] = regex.starts(data)
    return found


def next_match(regex: Regex, data: bytes, pos: int, starts: list[int] | None) -> list[tuple[int, int]] | None:
    """The leftmost match of ``regex`` at or after ``pos``: an unanchored search, or, given the starts of its
    lead, the first of them from ``pos`` where it matches anchored (the same match, see :func:`lead_of`)."""
    if starts is None:
        return regex.search(data, pos)
    for k in range(bisect.bisect_left(starts, pos), len(starts)):
        spans = regex.match(data, starts[k])
        if spans is not None:
            return spans
    return None


def _is_count(body: str) -> bool:
    low, _, high = body.partition(",")
    return low.isdigit() and (high == "" or high.isdigit())


def _escape_end(pattern: str, i: int) -> int:
    """Index after the escape that opens at ``pattern[i]`` (``\\p{L}`` whole)."""
    return pattern.index("}", i) + 1 if pattern[i + 1 : i + 3] in ("p{", "P{") else i + 2


def _group_end(pattern: str, i: int) -> int:
    """Index after the group that opens at ``pattern[i]``."""
    depth = 0
    j = i
    while j < len(pattern):
        char = pattern[j]
        if char == "\\":
            j = _escape_end(pattern, j)
            continue
        if char == "[":
            j = _class_end(pattern, j)
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    raise ValueError(f"unbalanced group at {i} in a secret pattern")


def _class_end(pattern: str, i: int) -> int:
    """Index after the character class that opens at ``pattern[i]``."""
    j = i + 1
    if pattern[j : j + 1] == "^":
        j += 1
    if pattern[j : j + 1] == "]":
        j += 1
    while pattern[j] != "]":
        if pattern[j] == "\\":
            j = _escape_end(pattern, j)
        else:
            j += 1
    return j + 1


def split_match(
    compiled: Compiled, split: tuple[Regex, Regex, Regex], data: bytes, pos: int, starts: list[int] | None
) -> list[tuple[int, int]] | None:
    """The next match of a rule whose one group stands at its pattern's top level (Compiled.split), the group found
    by the head's, the body's and the tail's anchored DFA matches (value_split says why that is the
    same group), or by the search for the groups when they do not meet the match's end."""
    whole = next_match(compiled.bare, data, pos, starts)
    if whole is None:
        return None
    start, end = whole[0]
    head = split[0].match(data, start)
    if head is not None and (body := split[1].match(data, head[0][1])) is not None:
        tail = split[2].match(data, body[0][1])
        if tail is not None and tail[0][1] == end:
            return [(start, end), body[0]]
    return compiled.regex.match(data, start)
