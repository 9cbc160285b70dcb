"""Shared fixtures: a clean environment, a service over a temporary data directory with a fake embedder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from contextlamp.embedding import FakeEmbedder
from contextlamp.service import Caller, MemoryService
from contextlamp.storage import StoreRegistry
from tests.fakes import FakeEndpoint, FakeIssuer


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """No CONTEXTLAMP_* setting of the developer's shell leaks into a test."""
    for key in list(os.environ):
        if key.startswith("CONTEXTLAMP_"):
            monkeypatch.delenv(key)


class Clock:
    """A settable clock in ms since the epoch; each read advances it by 1 ms so saves are ordered."""

    def __init__(self, start: int = 1_790_000_000_000) -> None:
        self.now = start

    def __call__(self) -> int:
        self.now += 1
        return self.now

    def advance_days(self, days: float) -> None:
        self.now += int(days * 86_400_000)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def embedder() -> FakeEmbedder:
    return FakeEmbedder()


@pytest.fixture
def registry(tmp_path: Path, embedder: FakeEmbedder) -> Iterator[StoreRegistry]:
    reg = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    yield reg
    reg.close()


@pytest.fixture
def service(registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock) -> MemoryService:
    return MemoryService(registry, embedder, clock=clock)


@pytest.fixture
def alice(service: MemoryService) -> Caller:
    return Caller(principal=service.principal("alice"), surface="claude-code")


@pytest.fixture
def bob(service: MemoryService) -> Caller:
    return Caller(principal=service.principal("bob"), surface="cursor")


@pytest.fixture
def endpoint() -> Iterator[FakeEndpoint]:
    fake = FakeEndpoint()
    yield fake
    fake.close()


@pytest.fixture
def issuer() -> Iterator[FakeIssuer]:
    fake = FakeIssuer()
    yield fake
    fake.close()
