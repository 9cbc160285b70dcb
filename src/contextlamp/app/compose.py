"""The composition root: build the ``App`` (service, accounts, porter, doctor, migrator) from ``Settings``.

Every application object is given its collaborators here, explicitly; nothing else reaches into another
object's fields to find them. The edges (CLI, MCP, HTTP) take what they need from the ``App``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from contextlamp.app.accounts import Accounts
from contextlamp.app.doctor import Doctor
from contextlamp.app.importing import Importer
from contextlamp.app.migration import Migrator
from contextlamp.app.oauth import OAuthService
from contextlamp.app.parts import create_chat_model, create_distiller
from contextlamp.app.porter import Porter
from contextlamp.app.service import MemoryService
from contextlamp.config import Settings
from contextlamp.domain.embedding import Embedder
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import create_embedder, resolve_embedder
from contextlamp.retrieval.questions import LLMQuestionGenerator, QuestionGenerator, RuleQuestionGenerator
from contextlamp.storage import StoreRegistry, recorded_database_embedder
from contextlamp.text import now_ms


@dataclass(frozen=True)
class App:
    """Everything an edge uses, wired once: the memory operations, accounts, export/import, doctor and the
    migration side of this server."""

    service: MemoryService
    accounts: Accounts
    porter: Porter
    doctor: Doctor
    migrator: Migrator
    oauth: OAuthService
    importer: Importer  # contextlamp import --from (issue #19)


# A server loads its model this long after start unless a request embeds sooner: its first responses
# (initialize, tools/list) go out first (issue #14 item 4); the CLI loads it only for a command that embeds.
SERVER_MODEL_LOAD_AFTER_S = 0.5


def create_app(settings: Settings, preload_model: bool = False, embedder: Embedder | None = None) -> App:
    """The ``App`` over the data directory (or database) and embedder the settings name; with
    ``preload_model`` (a server) the embedding model starts loading in the background at once, otherwise (a
    CLI command) on its first use, so a command that embeds nothing never loads it. ``embedder``: one the
    caller already made for these settings (``create_embedder(embedder_setting(settings))``), e.g. to load the model
    while the application's modules import.

    Raises:
        ConfigError: an invalid setting.
        StorageError: the data directory cannot be used.
        EmbeddingMismatchError: the stores were built with another embedding model.
    """
    url = settings.database_url.get_secret_value() if settings.database_url else None
    if embedder is None:
        load_after = SERVER_MODEL_LOAD_AFTER_S if preload_model else None
        embedder = create_embedder(embedder_setting(settings), load_after, settings.home)
    registry = StoreRegistry(settings.home, embedder.identity, embedder.dim, url, settings.db_pool_size)
    return assemble(registry, embedder, settings, SecretScanner(), now_ms)


def embedder_setting(settings: Settings) -> str:
    """The embedder the settings run: ``settings.embedder``, or for ``auto`` the model the data directory or
    database records, else ``minilm-int8`` for new data (``embedding.resolve_embedder``).

    Raises:
        StorageError: the database cannot be reached.
    """
    url = settings.database_url.get_secret_value() if settings.database_url else None
    return resolve_embedder(settings.embedder, settings.home, url)


def create_reembed_app(settings: Settings, name: str) -> tuple[App, str]:
    """The ``App`` that moves every store of the settings' server to embedder ``name``
    (``contextlamp reembed --to NAME``), and that embedder's identity: its registry opened under the model
    the database records (PostgreSQL checks it when it opens; each SQLite store is opened under its own by
    ``StoreRegistry.reembed``), its service embedding with ``name``'s model (``service.entry_embedding``).

    Raises:
        ConfigError: an unknown embedder name (or one whose extra is missing).
        StorageError: the data directory or the database cannot be used.
    """
    embedder = create_embedder(name, 0.0, settings.home)
    url = settings.database_url.get_secret_value() if settings.database_url else None
    recorded = recorded_database_embedder(url) if url else None
    registry = StoreRegistry(settings.home, recorded or embedder.identity, embedder.dim, url, settings.db_pool_size)
    return assemble(registry, embedder, settings, SecretScanner(), now_ms), embedder.identity


def assemble(
    registry: StoreRegistry,
    embedder: Embedder,
    settings: Settings,
    scanner: SecretScanner,
    clock: Callable[[], int],
) -> App:
    """Wire the application objects over ``registry`` and ``embedder``, each given its collaborators."""
    limits = settings.limits()
    service = MemoryService(
        registry,
        embedder,
        scanner=scanner,
        limits=limits,
        task_ttl_ms=settings.task_ttl_ms,
        questions=create_question_generator(settings),
        distiller=create_distiller(settings),
        clock=clock,
    )
    porter = Porter(registry, scanner, embedder.embed, limits, clock)
    return App(
        service=service,
        accounts=Accounts(registry, clock),
        porter=porter,
        doctor=Doctor(registry, embedder, service.entry_embedding, porter),
        migrator=Migrator(registry, service.entry_embedding, porter),
        oauth=create_oauth(registry, settings, clock),
        importer=Importer(service, clock),
    )


def create_oauth(registry: StoreRegistry, settings: Settings, clock: Callable[[], int]) -> OAuthService:
    """The OAuth server's and web sign-in's service (its token and session lifetimes are app/oauth.py's)."""
    del settings  # no setting of it remains (issue #31.4); the parameter keeps the composition roots' shape
    return OAuthService(registry, clock)


def create_service(settings: Settings) -> MemoryService:
    """The ``MemoryService`` of ``create_app(settings)`` (for callers that need nothing else)."""
    return create_app(settings).service


def create_question_generator(settings: Settings) -> QuestionGenerator:
    """The LLM question generator when an LLM is configured, else the offline one."""
    chat = create_chat_model(settings)
    return LLMQuestionGenerator(chat) if chat else RuleQuestionGenerator()
