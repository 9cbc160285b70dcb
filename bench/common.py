"""Pieces the benchmark scripts share."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from contextlamp.embedding import Embedder
from contextlamp.service import Caller, MemoryService
from contextlamp.storage import StoreRegistry


class StepClock:
    """A strictly increasing ms clock: each call returns max(last + 1, base); ``base`` is set per session,
    so saved memories carry their session's time and keep their order within it."""

    def __init__(self) -> None:
        self.base = 0
        self.last = 0

    def __call__(self) -> int:
        self.last = max(self.last + 1, self.base)
        return self.last


@contextmanager
def fresh_service(
    prefix: str, embedder: Embedder, clock: Callable[[], int] | None = None
) -> Iterator[tuple[MemoryService, Caller]]:
    """A MemoryService over a new temporary data directory, and the caller "bench"; removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        try:
            service = (
                MemoryService(registry, embedder) if clock is None else MemoryService(registry, embedder, clock=clock)
            )
            yield service, Caller(service.principal("bench"), "bench")
        finally:
            registry.close()
