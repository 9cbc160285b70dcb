"""Which core rules of the secret scanner can match a text (secret_scan.py), compiling only what the text needs
while a process is young.

The scanner asks RE2 sets of the core rules' relaxed patterns (secret_re2.relaxed; SET_SIZE rules a set, in rule
order) which rules match anywhere; only those run. Compiling all of the sets took ~0.12 s of CPU in every new
process (the password, PIN and security-answer rules carry every language's nouns, case-folded), paid by a stop
hook whose one turn carries a cue (hooks/clean.cue_input) and by a server's first save
(research/notes/hookcpu48-stop46.md). A rule with a lead (secret_re2.lead_of: the words every match of its relaxed
pattern starts with) cannot match a text in which its lead matches nowhere; so for the first ``GATED_SCANS`` texts
of a process the leads are found first (one RE2 set of the distinct leads), and a set is compiled only for the
rules a text leaves live (at most ``PARTIAL_SETS`` such subsets a group, then the group's whole set, which every
later text uses). The candidates are a superset of the rules that match, in rule order, as before: which rules
run changes, what they find does not (each candidate runs its own exact pattern; secret_scan._raw_findings).

Each set, the leads' included, holds the sentinel ``\\z`` (secret_re2.compile_set): a result without it means RE2
gave up, and then every rule it covers counts as live.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from contextlamp.domain.secret_re2 import SET_SIZE, RawSet, compile_set, lead_of, relaxed

# Texts a process scans with the leads first; after them every group's whole set is compiled and used (a server's
# warm path is then what it was: one pass of each set over a text, no pass of the leads).
GATED_SCANS = 8
# Subsets of one group compiled for the texts that leave only some of its rules live, before its whole set is.
PARTIAL_SETS = 2


class Prefilter:
    """The core rules' relaxed patterns, their leads and their sets, each set compiled on first use.
    ``compile`` builds one RE2 set with its sentinel (``compile_set``; a test passes one that gives up).
    Thread-safe: a race compiles a set twice and keeps either (both are the same patterns)."""

    def __init__(self, patterns: Sequence[str], compile: Callable[[Sequence[str]], RawSet] = compile_set) -> None:
        self._relaxed = tuple(relaxed(pattern) for pattern in patterns)
        leads = [lead_of(pattern) for pattern in self._relaxed]
        self._leads = tuple(dict.fromkeys(lead for lead in leads if lead is not None))
        number = {lead: n for n, lead in enumerate(self._leads)}
        self._lead = tuple(None if lead is None else number[lead] for lead in leads)
        self._compile = compile
        self._lead_set: list[RawSet] = []
        self._whole: dict[int, RawSet] = {}  # a group's first rule -> the set of all its rules
        self._subsets: dict[tuple[int, ...], RawSet] = {}  # the live rules of a group -> their set
        self._made: dict[int, int] = {}  # a group's first rule -> subsets compiled for it
        self._scans = 0

    def candidates(self, data: bytes) -> list[int]:
        """The indexes (ascending) of the rules whose relaxed pattern may match somewhere in ``data``: every rule
        whose pattern matches is among them (a set that gave up counts all of its rules)."""
        self._scans += 1
        gated = self._scans <= GATED_SCANS
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
