"""What the month bench's careful agent writes in its digest (#27.5): the oracle knows WHICH facts a slice taught or
corrected; this module decides the WORDS.

Two modes, each a pure function of the slice (and, for ``paraphrase``, a seeded ``random.Random``):

- ``template``: one generic line per fact, the same for every bank ("The {component}'s {attribute}: {value}." /
  "The {component}'s {attribute} is now {new} (no longer {old})."). What the bench wrote up to stop 44.
- ``paraphrase``: the wordings a real model writes, drawn per line from the seed: a full sentence in other words,
  the user's own words trimmed (the clause holding the value, spoken openers cut, a leading "it" named, the
  component added when the user's turn did not say it), an imperative rule, "X now uses V instead of A" and "changed
  from A to V" for corrections, a bullet, a line led by the project's name, and whole digests written as a bullet
  list. The value is always written as taught (the bench scores by the value's text), never the bank's template.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

MODES = ("template", "paraphrase")

# spoken openers a model drops when it restates the user's turn (a closed list of discourse words, each optional)
_OPENER = re.compile(
    r"^(?:(?:btw|fyi|by the way|so|oh|and|also|ok|okay|right|well|hm+|nope|no|yes|yeah|quick thing|quick one|"
    r"heads[- ]up|news|update|side note|pour info|kurz zur info)\b[\s,:;!.—-]*)+",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"^(it's|it is|it)\b", re.IGNORECASE)
_VERB = {"it's": " is", "it is": " is"}
_SPLIT = re.compile(r"(?<=[.?!])\s+|\n+")


def template_lines(slice_facts: Sequence[tuple[Any, bool]]) -> list[str]:
    """One line per fact taught (``(fact, False)``: its value as taught, the old one for a fact corrected later) or
    corrected (``(fact, True)``), from one template over the attribute's name, the component and the value."""
    lines: list[str] = []
    for fact, corrected in slice_facts:
        name = fact.attribute.name
        if corrected:
            lines.append(f"The {fact.component}'s {name} is now {fact.value} (no longer {fact.old}).")
        else:
            value = fact.old if fact.old is not None else fact.value
            lines.append(f"The {fact.component}'s {name}: {value}.")
    return lines


def own_words(user: str, value: str, component: str, trim: bool = False) -> str:
    """The user's turn as a model restates it: the sentence (and colon- or semicolon-separated clause) holding
    ``value``, spoken openers cut, a leading "it" replaced by the component, the component put in front when the turn
    did not name it, capitalised and closed with a full stop; with ``trim`` also what follows the value after a comma
    or a dash (an aside: "…, as far as I know"). '' when the turn does not hold the value."""
    low_value = value.lower()
    sentence = next((s for s in _SPLIT.split(user) if low_value in s.lower()), "")
    if not sentence:
        return ""
    clauses = [c for c in re.split(r"[:;]\s+", sentence) if low_value in c.lower()]
    clause = _OPENER.sub("", (clauses[-1] if clauses else sentence).strip()).strip(" ,;—-")
    if trim:
        end = clause.lower().find(low_value) + len(value)
        cut = min((i for i in (clause.find(", ", end), clause.find(" — ", end)) if i >= 0), default=len(clause))
        clause = clause[:cut]
    if _PRONOUN.match(clause):
        clause = _PRONOUN.sub(lambda m: f"the {component}" + _VERB.get(m.group(1).lower(), ""), clause, count=1)
    if component.split()[0].lower() not in clause.lower():
        clause = f"{component}: {clause}"
    clause = clause[0].upper() + clause[1:]
    return clause if clause.endswith((".", "!", "?")) else clause + "."


class Paraphraser:
    """A real-model-like digest writer: ``lines(slice_facts, user)`` gives one line per fact in a wording drawn from
    ``seed`` (module docstring); ``project`` is the repository's name a model puts in front of some lines."""

    def __init__(self, seed: int, project: str) -> None:
        self.rng = random.Random(seed)
        self.project = project

    def lines(self, slice_facts: Sequence[tuple[Any, bool]], user: str) -> list[str]:
        """The digest lines for ``slice_facts`` (``(fact, corrected)``) said in the user's turn ``user``."""
        return self.digest([(fact, corrected, user) for fact, corrected in slice_facts])

    def digest(self, said: Sequence[tuple[Any, bool, str]]) -> list[str]:
        """The digest lines for facts said over several turns (``(fact, corrected, the user's turn that said it)``,
        a deferred request's turns), one bullet-list draw for the whole digest (one turn: the same as ``lines``)."""
        out = [self._corrected(f, user) if c else self._taught(f, user) for f, c, user in said]
        if out and self.rng.random() < 0.3:  # the whole digest as a bullet list
            out = ["- " + line for line in out]
        return out

    def _taught(self, fact: Any, user: str) -> str:
        c, n = fact.component, fact.attribute.name
        v = fact.old if fact.old is not None else fact.value
        mine = [w for w in {own_words(user, v, c), own_words(user, v, c, trim=True)} if w]
        forms = statement_forms(c, n, v, self.project)
        forms += sorted(mine) * (4 // max(len(mine), 1))  # restating the user is what models do most
        return self.rng.choice(forms)

    def _corrected(self, fact: Any, user: str) -> str:
        c, n, v, o = fact.component, fact.attribute.name, fact.value, fact.old
        mine = [w for w in {own_words(user, v, c), own_words(user, v, c, trim=True)} if w]
        forms = correction_forms(c, n, v, o, self.project)
        forms += sorted(mine) * (4 // max(len(mine), 1))
        return self.rng.choice(forms)


def statement_forms(c: str, n: str, v: str, project: str) -> list[str]:
    """The oracle's own wordings of a fact (component ``c``, attribute name ``n``, value ``v``), in draw order."""
    return [
        f"{_cap(c)} — {n}: {v}.",
        f"The {c} uses {v} for its {n}.",
        f"{_cap(v)} is the {c}'s {n}.",
        f"When working on the {c}, its {n} is {v}.",
        f"Use {v} as the {c}'s {n}.",
        f"{project}: the {c}'s {n} is {v}.",
        f"{_cap(c)} {n} = {v}",
    ]


def correction_forms(c: str, n: str, v: str, o: str, project: str) -> list[str]:
    """The oracle's own wordings of a correction (new value ``v``, old value ``o``), in draw order."""
    return [
        f"The {c} now uses {v} instead of {o}.",
        f"The {c}'s {n} changed from {o} to {v}.",
        f"Correction: the {c}'s {n} is {v}, not {o}.",
        f"{_cap(c)} {n}: {v} (was {o}).",
        f"Use {v} for the {c}'s {n}; {o} is no longer used.",
        f"{project}: the {c} moved from {o} to {v} ({n}).",
        f"Updated: {c} {n} → {v} (previously {o}).",
    ]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
