"""A secret value found in one turn of a conversation is a secret in every turn that repeats it (issue #28, stop 48).

The scanner reads one turn at a time (and an answer with the question before it: secret_turns, secret_reworded),
so a value can be refused where one turn names it ("I'll use `DqvJq27ZJBcxbL` as the router admin password") and
kept where another gives it in a way no rule reads ("password di amministrazione del router → DqvJq27ZJBcxbL", a
note in the user's own shorthand). breaker48's blind set (stop 48) had a user turn kept by the distiller for this
reason while the agent's echo of the same value was refused. :class:`EchoedValues` collects every value the
transcript redaction removed and finds each whitespace-delimited token of any turn that is one of them, so the
redaction (app.distilling.redacted_turns, the save paths' and the hooks') removes it there too.

A value counts when it is one token of at least ``MIN_ECHO_CHARS`` characters that holds a digit, a symbol or an
uppercase letter after its first: an ordinary word the scanner took for a value ("sunflower") is never removed
from the rest of the conversation. Tokens are compared without the quotes, brackets and sentence punctuation
around them. Linear in the text: one pass over its tokens, a set lookup each.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MIN_ECHO_CHARS = 8  # characters: a 4-6 digit PIN also reads as a year, a port or a count elsewhere in a conversation
_EDGES = "\"'`“”‘’«»„()[]{}<>,.;:!?*_"
_TOKEN = re.compile(r"\S+")


def _distinct(value: str) -> bool:
    """Whether ``value`` reads as a value, not a word: a digit, a symbol, or an uppercase letter after its first."""
    return any(not c.isalpha() for c in value) or any(c.isupper() for c in value[1:])


class EchoedValues:
    """The secret values one conversation's redaction removed (``add``), found again in any of its turns
    (``spans``). Holds the values for one transcript only; nothing is kept after it."""

    def __init__(self) -> None:
        self._values: set[str] = set()

    def add(self, values: Iterable[str]) -> None:
        """Remember each removed value (the exact text a finding covered) that is one distinct token of at least
        ``MIN_ECHO_CHARS`` characters once its surrounding quotes and punctuation are stripped."""
        for value in values:
            core = value.strip().strip(_EDGES)
            if len(core) >= MIN_ECHO_CHARS and not any(c.isspace() for c in core) and _distinct(core):
                self._values.add(core)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The ``(start, end)`` character spans of ``text``'s tokens that are a remembered value (their quotes
        and punctuation left in place), in order; ``[]`` when none is or nothing was remembered."""
        if not self._values:
            return []
        found: list[tuple[int, int]] = []
        for match in _TOKEN.finditer(text):
            token = match.group()
            core = token.lstrip(_EDGES)
            start = match.start() + len(token) - len(core)
            core = core.rstrip(_EDGES)
            if core in self._values:
                found.append((start, start + len(core)))
        return found
