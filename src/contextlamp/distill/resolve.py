"""The offline distiller's last stage: restatements and corrections inside one session resolved.

A restatement replaces the earlier statement (same numbers, content words differing by at most one, or only
by a flip such as always/never), and a correction replaces the earlier statement it corrects: one holding the
correction's subject (its first content word) and sharing the most content words with it (at least
``MIN_SHARED_TERMS``, or one for the statement just before; among the ``CORRECTION_LOOKBACK`` latest statements
holding each word). Both use hash indexes, not pairwise comparison. The survivor keeps its own place; how often
it was said is counted.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.language import LANGUAGE_WORDS
from contextlamp.distill.script import terms
from contextlamp.domain.models import Kind, MemoryType
from contextlamp.retrieval.query import STOP_WORDS

MIN_SHARED_TERMS = 2  # subject words a correction shares with the statement it corrects ("ledger", "database")
CORRECTION_LOOKBACK = 64  # latest statements per subject word a correction is compared with (bounds its cost)


@dataclass(frozen=True)
class Candidate:
    """A classified, self-contained statement before restatements and corrections are resolved."""

    text: str
    memory_type: MemoryType
    kind: Kind
    correction: bool = False
    needs_target: bool = False  # kept only as the correction of an earlier statement (no cue of its own)


# never a correction's subject: function words ("the", "die", "le") and the words of "The user ..." we write
_FUNCTION_WORDS: frozenset[str] = STOP_WORDS.union(*LANGUAGE_WORDS.values(), {"user", "s"})
_FLIPS = frozenset({"always", "never", "not", "no", "don't", "do", "does", "doesn't", "now", "actually"})
_DIGITS = re.compile(r"\d+")


@dataclass
class _Slot:
    """A statement while restatements are resolved: its content terms, its numbers, how often it was said,
    and whether a later statement replaced it."""

    candidate: Candidate
    terms: frozenset[str]
    numbers: tuple[str, ...]
    mentions: int = 1
    alive: bool = True


class _Resolver:
    """Restatements and corrections inside one session, found through hash indexes in time linear in the
    number of statements (times the square of a statement's length in terms, bounded by offline.MAX_ITEM_CHARS).

    Two statements are the same when their numbers are equal and their content-term sets are equal, differ
    by one term, or differ only by flip words; so a statement is indexed under its term set (``exact``), the
    set minus each one term (``less``), and the set without flip words (``flip``), each with its numbers.
    A statement whose set plus or minus one term, or whose set without flips, finds an indexed key restates
    that one. The earliest live match wins, as the pairwise scan over earlier statements did."""

    def __init__(self) -> None:
        self.slots: list[_Slot] = []
        self.index: dict[tuple[object, ...], deque[int]] = {}
        self.postings: dict[str, deque[int]] = {}

    def add(self, candidate: Candidate) -> None:
        """Take the next statement: it replaces the statement it restates or corrects, if any."""
        content = frozenset(t for t in terms(candidate.text) if t not in STOP_WORDS)
        slot = _Slot(candidate, content, tuple(_DIGITS.findall(candidate.text)))
        target = self._corrected(slot) if candidate.correction else None
        if target is None and candidate.needs_target:
            return  # a correction of nothing said here, with no cue of its own: not a statement to keep
        if target is None:
            target = self._restated(slot)
            if target is not None:
                slot.mentions += self.slots[target].mentions
        if target is not None:
            self.slots[target].alive = False
        position = len(self.slots)
        self.slots.append(slot)
        if content:
            for key in self._keys(slot):
                self.index.setdefault(key, deque()).append(position)
            for term in content:
                self.postings.setdefault(term, deque(maxlen=CORRECTION_LOOKBACK)).append(position)

    def items(self) -> list[DistilledItem]:
        """The surviving statements in conversation order."""
        return [
            DistilledItem(
                s.candidate.text, s.candidate.memory_type, s.candidate.kind, None, s.candidate.correction, s.mentions
            )
            for s in self.slots
            if s.alive
        ]

    @staticmethod
    def _keys(slot: _Slot) -> list[tuple[object, ...]]:
        numbers, content = slot.numbers, slot.terms
        keys: list[tuple[object, ...]] = [("exact", numbers, content), ("flip", numbers, content - _FLIPS)]
        keys += [("less", numbers, content - {t}) for t in content]
        return keys

    def _first_live(self, key: tuple[object, ...]) -> int | None:
        queue = self.index.get(key)
        while queue and not self.slots[queue[0]].alive:
            queue.popleft()  # each position leaves a queue at most once: amortised O(1)
        return queue[0] if queue else None

    def _restated(self, slot: _Slot) -> int | None:
        """The earliest live statement ``slot`` restates, or None."""
        if not slot.terms:
            return None
        numbers, content = slot.numbers, slot.terms
        probes: list[tuple[object, ...]] = [
            ("exact", numbers, content),  # the same terms
            ("less", numbers, content),  # an earlier one had one term more
            ("flip", numbers, content - _FLIPS),  # only flip words differ
        ]
        probes += [("exact", numbers, content - {t}) for t in content]  # an earlier one had one term less
        found = [p for p in (self._first_live(key) for key in probes) if p is not None]
        return min(found) if found else None

    def _corrected(self, slot: _Slot) -> int | None:
        """The live statement a correction corrects, or None. It must hold the correction's subject (its first
        content word: "ledger" in "the ledger database is PostgreSQL 16, not MySQL") and share at least
        ``MIN_SHARED_TERMS`` content terms with it (one is enough for the statement just before it: "We deploy
        on Tuesdays. Scratch that, we deploy on Thursdays."). Among those: the most shared terms, then the
        larger share of the statement's own terms, then the latest. A statement about another attribute of the
        subject is never the target (``freshness.same_attribute``: "the refund processor now runs every 213
        minutes" does not correct "the refund processor now runs on wren-8.internal")."""
        from contextlamp.domain.freshness import same_attribute

        subject = next((t for t in terms(slot.candidate.text) if t not in _FUNCTION_WORDS), None)
        if subject is None:
            return None
        shared: dict[int, int] = {}
        for term in slot.terms:
            for position in self.postings.get(term, ()):
                if self.slots[position].alive:
                    shared[position] = shared.get(position, 0) + 1
        latest = self._latest_live()
        best: tuple[int, float, int] | None = None
        for position, count in shared.items():
            target = self.slots[position]
            if subject not in target.terms or (count < MIN_SHARED_TERMS and position != latest):
                continue
            if not same_attribute(slot.candidate.text, target.candidate.text):
                continue
            rank = (count, count / len(target.terms), position)
            best = rank if best is None or rank > best else best
        return best[2] if best else None

    def _latest_live(self) -> int | None:
        for position in range(len(self.slots) - 1, max(-1, len(self.slots) - 1 - CORRECTION_LOOKBACK), -1):
            if self.slots[position].alive:
                return position
        return None


def resolve(found: Iterable[Candidate]) -> list[DistilledItem]:
    """Restatements and corrections resolved (see ``_Resolver``): the later statement replaces the earlier one
    and keeps its own place; ``mentions`` counts how often a statement was made, ``correction`` marks one
    that corrected something."""
    resolver = _Resolver()
    for candidate in found:
        resolver.add(candidate)
    return resolver.items()
