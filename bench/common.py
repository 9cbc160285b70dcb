"""Pieces the benchmark scripts share."""

from __future__ import annotations

import argparse
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


MAX_K = 50  # get_context's max_results upper bound (spec/TOOLS.md)


def parse_ks(text: str) -> list[int]:
    """``"1,5,10"`` -> ``[1, 5, 10]`` (sorted, unique, each 1..50), for argparse ``type=``."""
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"k values must be integers from 1 to {MAX_K}, got {text!r}") from exc
    if not ks or ks[0] < 1 or ks[-1] > MAX_K:
        raise argparse.ArgumentTypeError(f"k values must be integers from 1 to {MAX_K}, got {text!r}")
    return ks
