"""Pieces the benchmark scripts share."""

from __future__ import annotations


class StepClock:
    """A strictly increasing ms clock: each call returns max(last + 1, base); ``base`` is set per session,
    so saved memories carry their session's time and keep their order within it."""

    def __init__(self) -> None:
        self.base = 0
        self.last = 0

    def __call__(self) -> int:
        self.last = max(self.last + 1, self.base)
        return self.last
