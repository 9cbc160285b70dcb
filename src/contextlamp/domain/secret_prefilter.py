"""Which core rules of the secret scanner can match a text (secret_scan.py), and, in a short process, compiling
only what its few texts need.

The scanner asks RE2 sets of the core rules' relaxed patterns (secret_re2.relaxed; SET_SIZE rules a set, in rule
order) which rules match anywhere; only those run. Compiling all of the sets takes ~0.12 s of CPU in every new
process (the password, PIN and security-answer rules carry every language's nouns, case-folded): a server pays it
once, but a stop hook pays it at every agent turn whose user turn carries a cue (hooks/clean.cue_input scans it),
for one text (research/notes/hookcpu48-stop46.md). A rule with a lead (secret_re2.lead_of: the words every match
of its relaxed pattern starts with) cannot match a text in which its lead matches nowhere; so a process that said
it scans few texts (``few_scans``, before the scanner's first use) finds the leads first for its first
``GATED_SCANS`` texts (one RE2 set of the distinct leads) and compiles a set only for the rules a text leaves live
(``PARTIAL_SETS`` such subsets a group at most, then the group's whole set). The candidates are a superset of the
rules that match, in rule order, either way: which rules run may change, what they find does not (each candidate
runs its own exact pattern; secret_scan._raw_findings). Any other process compiles the whole sets, as before: over
100 texts the gating costs ~0.08 s more than it saves (the leads' set and the subsets are compiled besides).

Each set, the leads' included, holds the sentinel ``\\z`` (secret_re2.compile_set): a result without it means RE2
gave up, and then every rule it covers counts as live.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from contextlamp.domain.secret_re2 import SET_SIZE, RawSet, compile_set, lead_of, relaxed

# Texts a short process (``few_scans``) scans with the leads first: a stop hook scans one text a user turn with a cue.
GATED_SCANS = 2
# Subsets of one group compiled for the texts that leave only some of its rules live, before its whole set is.
PARTIAL_SETS = 1
_short: list[bool] = []  # ``few_scans`` was called in this process


def few_scans() -> None:
    """Say that this process scans a few texts and exits (the stop hook): a scanner built after this call gates its
    first ``GATED_SCANS`` texts by the rules' leads (module docstring). No effect on a scanner already built."""
    _short.append(True)


def gated_scans() -> int:
    """How many texts a scanner built now gates by the leads: ``GATED_SCANS`` after ``few_scans``, else 0."""
    return GATED_SCANS if _short else 0


class Prefilter:
    """The core rules' relaxed patterns, their leads and their sets, each set compiled on first use; the first
    ``gated`` texts gated by the leads (module docstring). ``compile`` builds one RE2 set with its sentinel
    (``compile_set``; a test passes one that gives up). Thread-safe: a race compiles a set twice and keeps either
    (both are the same patterns)."""

    def __init__(
        self, patterns: Sequence[str], compile: Callable[[Sequence[str]], RawSet] = compile_set, gated: int = 0
    ) -> None:
        self._relaxed = tuple(relaxed(pattern) for pattern in patterns)
        self._compile = compile
        self._gated = gated
        self._leads: tuple[str, ...] = ()  # the distinct leads, found on the first gated text
        self._lead: tuple[int | None, ...] = ()  # each rule's lead number (None: it has none)
        self._lead_set: list[RawSet] = []
        self._whole: dict[int, RawSet] = {}  # a group's first rule -> the set of all its rules
        self._subsets: dict[tuple[int, ...], RawSet] = {}  # the live rules of a group -> their set
        self._made: dict[int, int] = {}  # a group's first rule -> subsets compiled for it
        self._scans = 0

    def candidates(self, data: bytes) -> list[int]:
        """The indexes (ascending) of the rules whose relaxed pattern may match somewhere in ``data``: every rule
        whose pattern matches is among them (a set that gave up counts all of its rules)."""
        self._scans += 1
        gated = self._scans <= self._gated
        live_leads: frozenset[int] | None = None
        found: list[int] = []
        for first in range(0, len(self._relaxed), SET_SIZE):
            group = tuple(range(first, min(first + SET_SIZE, len(self._relaxed))))
            live = group
            if gated and first not in self._whole:
                if live_leads is None:
                    live_leads = self._leads_in(data)
                live = tuple(i for i in group if self._lead[i] is None or self._lead[i] in live_leads)
                if not live:
                    continue
            members, compiled = self._set(group, live)
            hits = compiled.Match(data) or []
            if len(members) not in hits:  # the set gave up: every rule of it runs
                found += members
            else:
                found += (members[i] for i in sorted(hits) if i != len(members))
        return found

    def _leads_in(self, data: bytes) -> frozenset[int]:
        """The numbers of the leads that match somewhere in ``data`` (all of them when the set gave up)."""
        if not self._lead_set:
            leads = [lead_of(pattern) for pattern in self._relaxed]
            self._leads = tuple(dict.fromkeys(lead for lead in leads if lead is not None))
            number = {lead: n for n, lead in enumerate(self._leads)}
            self._lead = tuple(None if lead is None else number[lead] for lead in leads)
            self._lead_set.append(self._compile(self._leads))
        hits = self._lead_set[0].Match(data) or []
        return frozenset(hits) if len(self._leads) in hits else frozenset(range(len(self._leads)))

    def _set(self, group: tuple[int, ...], live: tuple[int, ...]) -> tuple[tuple[int, ...], RawSet]:
        """The rules a compiled set covers and the set, for the ``live`` rules of ``group``: the group's whole set
        when it is compiled, when every rule is live or when the group's subsets are used up; else the live
        rules' own set."""
        first = group[0]
        whole = self._whole.get(first)
        if whole is None and live != group:
            subset = self._subsets.get(live)
            if subset is not None:
                return live, subset
            if self._made.get(first, 0) < PARTIAL_SETS:
                self._made[first] = self._made.get(first, 0) + 1
                return live, self._subsets.setdefault(live, self._compile([self._relaxed[i] for i in live]))
        if whole is None:
            whole = self._whole.setdefault(first, self._compile([self._relaxed[i] for i in group]))
        return group, whole
