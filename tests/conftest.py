"""Shared fixtures: a clean environment, a service over a temporary data directory with a fake embedder.

The ``registry`` fixture (and so ``service``, ``alice``, ``bob``) opens the stores on the backend named by
``backend``. That is SQLite alone for service-level tests: what a backend can get wrong is the store
contract, which ``tests/contract/`` checks on both. Every test under ``tests/contract/``, and every test
marked ``both_backends`` (behaviour only a store can get wrong that the contract suite does not cover), runs
on SQLite and on PostgreSQL + pgvector (one embedded server for the session, tables emptied after each test).
Tests of SQLite's files themselves are marked ``sqlite_only``.

Passwords hashed in this process use argon2-cffi's cheapest profile (``cheap_password_hashing``): a hash at the
product's cost is a fifth of a core-second, and the dashboard and OAuth tests set and check hundreds of them.
Servers the tests start as processes (``tests/servers.py``) keep the product's cost, and
``tests/test_oauth.py::test_passwords_are_hashed_with_the_rfc_9106_parameters`` checks those parameters.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app import oauth
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from tests.fakes import FakeEndpoint, FakeIssuer
from tests.postgres import BACKENDS, PostgresServer

PRODUCTION_PASSWORD_HASHER = oauth.password_hasher


@pytest.fixture(autouse=True, scope="session")
def cheap_password_hashing() -> Iterator[None]:
    """In-process password hashes at argon2-cffi's cheapest profile (``argon2.profiles.CHEAPEST``, argon2id, made
    for tests) for the whole session (module docstring); ``PRODUCTION_PASSWORD_HASHER`` is the product's."""
    from argon2 import PasswordHasher, profiles

    cheap = PasswordHasher.from_parameters(profiles.CHEAPEST)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(oauth, "password_hasher", lambda: cheap)
        yield


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


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresServer]:
    """One embedded PostgreSQL 18 + pgvector server for the test session."""
    with PostgresServer.start(tmp_path_factory.mktemp("postgres")) as server:
        yield server


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "both_backends: uses ``registry`` and checks store behaviour; runs on SQLite and PostgreSQL"
    )


CONTRACT_DIR = Path(__file__).parent / "contract"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``backend`` is ``sqlite`` and ``postgresql`` for the contract suite and ``both_backends`` tests, else
    ``sqlite`` only."""
    if "backend" not in metafunc.fixturenames:
        return
    in_contract = CONTRACT_DIR in Path(str(metafunc.definition.path)).parents
    both = in_contract or metafunc.definition.get_closest_marker("both_backends") is not None
    metafunc.parametrize("backend", BACKENDS if both else BACKENDS[:1])


@pytest.fixture
def registry(
    tmp_path: Path, embedder: FakeEmbedder, backend: str, request: pytest.FixtureRequest
) -> Iterator[StoreRegistry]:
    if backend == "postgresql":
        server: PostgresServer = request.getfixturevalue("postgres")
        url = server.database("contract")
        reg = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim, url, pool_size=4)
        try:
            yield reg
        finally:
            reg.close()
            server.empty("contract")
        return
    reg = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    yield reg
    reg.close()


@pytest.fixture
def service(registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock) -> MemoryService:
    """The service with its shipped defaults (write-behind saves), its indexer finishing each save's pending
    vectors before the save returns (the same path as the background thread's, scheduled deterministically)."""
    return MemoryService(registry, embedder, clock=clock, indexer=Indexer(embedder.embed, inline=True))


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``sqlite_only`` (they read SQLite's files) run on the SQLite backend only."""
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("backend") == "postgresql"
        (dropped if on_postgres and item.get_closest_marker("sqlite_only") else keep).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


@pytest.fixture
def wired(service: MemoryService, alice: Caller, bob: Caller) -> Any:
    """The application (``App``) over ``service`` with alice's and bob's dashboard passwords set
    (``tests/dashboard_forms.PASSWORDS``)."""
    from tests.dashboard_forms import PASSWORDS
    from tests.wiring import app_of

    app = app_of(service)
    for name, password in PASSWORDS.items():
        app.oauth.set_password(name, password)
    return app


@pytest.fixture(scope="module")
def scanner() -> SecretScanner:
    """One secret scanner per test module (its rules compile on first use; a module that times scans warms its own)."""
    return SecretScanner()
