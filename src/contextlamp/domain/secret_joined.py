"""A value split into variables and joined where it is used, joined again for the scan (issue #28, stop 41).

``P1='Kv8'; P2='Lm9Zt4'; mysql -p"$P1$P2"`` states a password no rule sees: each literal is too short to be one and
the use holds only names. :func:`joined_variables` finds a run of 2 to 6 variable references with nothing between
them (POSIX shell ``$A$B`` / ``${A}${B}``, cmd.exe ``%A%%B%``, or names joined by ``+`` as Python, JavaScript and
Java concatenate strings) whose every variable was assigned a literal earlier in the text (``NAME=value``,
``NAME="value"``, ``export``/``set``/``local``/``declare NAME=…``, ``name = "value"``; the last assignment before
the use), and gives the joined value in place of the run: secret_unwrap reads it as a hiding expression, so the
label at the use still applies (``-p``, ``password=``) and a joined value shaped like a credential is refused as
an Obfuscated Value. ``cd "$BASE/$APP"`` (a separator between), ``"Hello, " + name`` (a space in the value) and
``"$A$B"`` of two words stay storable.

Two RE2 passes (linear), the second only when the first found a run.
"""

from __future__ import annotations

import functools
from typing import Any

import re2  # pyright: ignore[reportMissingTypeStubs]

_RE2: Any = re2
_NAME = r"[A-Za-z_][A-Za-z0-9_]{0,30}"
REFERENCES = (
    rf"(?:\$\{{?{_NAME}\}}?){{2,6}}|(?:%{_NAME}%){{2,6}}|"
    rf"\b{_NAME}(?:[ \t]*\+[ \t]*{_NAME}){{1,5}}\b"
)
ASSIGNMENT = (
    rf"(?:^|[\s;&(,])(?:(?:export|set|local|declare|const|let|var)[ \t]+)?({_NAME})[ \t]*=[ \t]*"
    r"(?:\"([^\"\n$`\\]{1,64})\"|'([^'\n]{1,64})'|([^\s;&|'\"$`%()]{1,64}))"
)


@functools.cache
def _patterns() -> tuple[Any, Any]:
    return _RE2.compile(REFERENCES), _RE2.compile(ASSIGNMENT)


def _names(run: str) -> list[str]:
    for mark in "${}%+":
        run = run.replace(mark, " ")
    return run.split()


def may_join(text: str) -> bool:
    """Whether ``text`` can hold a joined value at all (an assignment and a reference or ``+``): substring tests."""
    return "=" in text and ("$" in text or "%" in text or "+" in text)


def joined_variables(text: str) -> list[tuple[int, int, str]]:
    """(start, end, value) of each run of variable references in ``text`` whose variables were all assigned
    literals before it, ``value`` their literals joined in order; ``[]`` when there is none."""
    if not may_join(text):
        return []
    references, assignment = _patterns()
    runs = [(m.start(), m.end(), m.group()) for m in references.finditer(text)]
    if not runs:
        return []
    assigned: list[tuple[int, str, str]] = []
    for m in assignment.finditer(text):
        value = next((g for g in m.groups()[1:] if g is not None), "")
        assigned.append((m.start(1), m.group(1), value))
    out: list[tuple[int, int, str]] = []
    values: dict[str, str] = {}
    k = 0
    for start, end, run in runs:  # both in text order: one merged pass
        while k < len(assigned) and assigned[k][0] < start:
            values[assigned[k][1]] = assigned[k][2]
            k += 1
        names = _names(run)
        if len(names) >= 2 and all(n in values for n in names):
            out.append((start, end, "".join(values[n] for n in names)))
    return out
