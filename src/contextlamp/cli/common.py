"""Helpers shared by the CLI modules: settings, service construction, where memory lives, output.

The console script imports this module for every command, ``--help`` and ``--version`` included, so it
imports nothing heavy at module level: pydantic, rich and the application are imported inside the functions
that need them (``tests/test_architecture.py`` holds it).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

import click

from contextlamp.errors import ContextlampError
from contextlamp.paths import setting_from_env as setting_from_env
from contextlamp.printed import WHEN_FORMAT

if TYPE_CHECKING:
    from pydantic import BaseModel
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.config import Settings

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def cli_errors() -> Generator[None]:
    """The CLI's one translation of errors: a ``ContextlampError`` becomes a click error with its message, an
    invalid setting (pydantic ``ValidationError`` of ``Settings``) a click error naming the variable. Use as
    ``with cli_errors():`` or as a decorator (``@cli_errors()``)."""
    try:
        yield
    except ContextlampError as exc:
        raise click.ClickException(str(exc)) from exc
    except ValueError as exc:  # pydantic's ValidationError is a ValueError; imported only when one is raised
        from pydantic import ValidationError

        if isinstance(exc, ValidationError):
            raise click.ClickException(f"Invalid configuration: {exc}") from exc
        raise


def load_settings() -> Settings:
    """Settings from the environment, or a click error naming the bad variable."""
    from contextlamp.config import Settings

    with cli_errors():
        return Settings()


def shown_database(url: str) -> str:
    """A database URL as it may be printed: scheme, user, host, port and database, never the password nor
    the query string (which may carry ``password=``). ``postgresql://cl:pw@db:5432/mem?sslmode=require`` ->
    ``postgresql://cl@db:5432/mem``. Linear in the URL's length."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return "(a database URL)"
    authority, slash, path = rest.partition("/")
    userinfo, at, hostport = authority.rpartition("@")
    user = userinfo.partition(":")[0]
    database = path.partition("?")[0].partition("#")[0]
    return f"{scheme}://{user + '@' if at and user else ''}{hostport}{slash}{database}"


def location(settings: Settings) -> dict[str, str]:
    """Where this process's memory lives, as the settings say (nothing is opened): ``{"data": the data
    directory or the database URL without its password, "user": the local user, "backend": "sqlite" or
    "postgresql"}``. MCP clients start servers with a stripped environment, so these are what a user checks
    first when memory seems to be missing (README "Where data lives")."""
    if settings.database_url is not None:
        return {
            "data": shown_database(settings.database_url.get_secret_value()),
            "user": settings.user,
            "backend": "postgresql",
        }
    return {"data": str(settings.home), "user": settings.user, "backend": "sqlite"}


def location_lines(settings: Settings) -> list[str]:
    """``location`` as the lines ``--version`` and ``doctor`` print: ``data: …``, ``user: …``, ``backend: …``."""
    return _lines(location(settings))


def _lines(where: dict[str, str]) -> list[str]:
    return [f"{key}: {value}" for key, value in where.items()]


def quick_location_lines(environ: Mapping[str, str]) -> list[str]:
    """``location_lines`` of the ``Settings`` this environment gives, for ``--version``: the three settings
    read the way pydantic-settings reads them (``CONTEXTLAMP_`` + name, matched case-insensitively, the value
    as given; the defaults from ``contextlamp.paths``, as ``Settings`` takes them) without importing pydantic,
    which costs more than the rest of ``--version`` together. A value ``Settings`` would refuse (an empty user,
    a database URL that is not ``postgresql://``) goes through ``Settings`` for its error
    (``tests/test_cli.py`` checks both agree)."""
    from contextlamp.paths import data_home, default_user

    home, user, url = (setting_from_env(environ, name) for name in ("home", "user", "database_url"))
    if user == "" or (url is not None and not url.startswith(("postgresql://", "postgres://"))):
        return location_lines(load_settings())  # raises the click error naming the variable
    if url is not None:
        return _lines({"data": shown_database(url), "user": user or default_user(), "backend": "postgresql"})
    data = str(data_home(home))
    return _lines({"data": data, "user": user or default_user(), "backend": "sqlite"})


def with_service(fn: F) -> F:
    """Build settings and the app, pass ``(service, caller)``; errors translated by ``cli_errors``."""
    return _service_command(fn, embeds=False)


def with_embedding_service(fn: F) -> F:
    """``with_service`` for a command that embeds (get, save): its embedding model starts loading in a
    background thread before the application's modules are imported, so the two overlap instead of adding
    up (issue #14: ``get`` under 1 s with the model load)."""
    return _service_command(fn, embeds=True)


def _early_embedder(environ: Mapping[str, str]) -> tuple[str, Any] | None:
    """``(setting, embedder)`` for the ``CONTEXTLAMP_EMBEDDER`` the environment names (read as pydantic-settings
    reads it, case-insensitively; unset: ``auto``, the setting's default, resolved by
    ``embedding.resolve_embedder`` over the data directory the environment names), its model loading in the
    background from now on, before pydantic and the application import; ``None`` for a value ``Settings``
    will refuse (it reports it), or for ``auto`` over a PostgreSQL database (``create_app`` resolves it, with
    the connection the settings configure). The caller uses it only if ``Settings`` agrees on the setting."""
    from contextlamp.embedding import AUTO, EMBEDDERS, create_embedder, resolve_embedder
    from contextlamp.paths import data_home

    setting = setting_from_env(environ, "embedder") or AUTO
    if setting not in (*EMBEDDERS, AUTO) or (setting == AUTO and setting_from_env(environ, "database_url")):
        return None
    home = setting_from_env(environ, "home")
    try:
        where = data_home(home)
        name = resolve_embedder(setting, where, None)
        return setting, create_embedder(name, load_after_s=0.0, home=where)
    except ContextlampError:  # e.g. minilm-torch without its extra: Settings' path reports it, translated
        return None


def _service_command(fn: F, embeds: bool) -> F:
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        early = _early_embedder(os.environ) if embeds else None  # loads while the settings and app import
        settings = load_settings()
        with cli_errors():
            embedder = early[1] if early is not None and early[0] == settings.embedder else None
            from contextlamp.app.compose import create_app, embedder_setting
            from contextlamp.app.parts import configure_logging

            if embeds and embedder is None:
                from contextlamp.embedding import create_embedder

                embedder = create_embedder(embedder_setting(settings), load_after_s=0.0, home=settings.home)
            from contextlamp.app.service import Caller

            configure_logging(settings.log_level)
            service = create_app(settings, embedder=embedder).service
            caller = Caller(principal=service.principal(settings.user), surface="cli")
            try:
                return fn(service, caller, *args, **kwargs)
            finally:  # a one-shot command finishes the indexing its saves left behind before it exits
                finish_indexing(service)

    return wrapper  # type: ignore[return-value]


personal_option = click.option(
    "--personal",
    is_flag=True,
    help="Personal memory only: ignore the git repository this folder is in (docs/routing.md).",
)


def in_folder(caller: Caller, personal: bool) -> Caller:
    """``caller`` as a server started in the current folder sees it (issue #27.3, docs/routing.md): with the
    repository the folder is in (``hooks.repo.workspace_repository``, the MCP server's rule, without roots), so
    reads fuse personal with its project and saves without ``--project`` go there; unchanged with ``personal``
    or outside any repository."""
    if personal:
        return caller
    from dataclasses import replace
    from pathlib import Path

    from contextlamp.hooks.repo import workspace_repository

    try:
        found = workspace_repository(None, Path.cwd())
    except OSError:  # a working directory removed since
        return caller
    return replace(caller, repository=found.ref()) if found is not None else caller


def finish_indexing(service: MemoryService) -> None:
    """Finish the write-behind indexing this process knows of (``MemoryService.wait_indexed``) before a one-shot
    command exits. A failure is logged by its type and leaves the entries pending (durable: the next process,
    or ``contextlamp doctor --repair``, finishes them); it never changes the command's own result."""
    try:
        service.wait_indexed()
    except Exception as exc:
        logging.getLogger(__name__).warning("indexing before exit failed: %s", type(exc).__name__)


def with_app(fn: F) -> F:
    """Build settings and the app, pass ``(app, settings)``; errors translated by ``cli_errors``. Unlike
    ``with_service`` it registers no local user (admin commands act on named users)."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from contextlamp.app.compose import create_app
        from contextlamp.app.parts import configure_logging

        settings = load_settings()
        configure_logging(settings.log_level)
        with cli_errors():
            app = create_app(settings)
            try:
                return fn(app, settings, *args, **kwargs)
            finally:  # as with_service: no pending indexing is left to the next process
                finish_indexing(app.service)

    return wrapper  # type: ignore[return-value]


def json_option(fn: F) -> F:
    """The ``--json`` flag (parameter ``as_json``)."""
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")(fn)


class LazyChoice(click.ParamType[str]):
    """``click.Choice`` over values imported only when needed (parsing the option, or its command's --help),
    so that defining the commands imports no domain module. ``load`` returns the allowed values."""

    name = "choice"

    def __init__(self, load: Callable[[], Sequence[str]]) -> None:
        self._load = load
        self._choice: click.Choice[str] | None = None

    def _real(self) -> click.Choice[str]:
        if self._choice is None:
            self._choice = click.Choice(tuple(self._load()))
        return self._choice

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        """The ``[a|b|c]`` of --help."""
        return self._real().get_metavar(param, ctx)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        """The value when it is one of the choices, else click's "not one of" usage error."""
        return self._real().convert(value, param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        """The choices that start with ``incomplete`` (shell completion)."""
        return self._real().shell_complete(ctx, param, incomplete)


def print_json(result: BaseModel) -> None:
    """A result model as indented JSON on stdout (fields never set left out)."""
    click.echo(result.model_dump_json(indent=2, exclude_unset=True))


def console() -> Console:
    """Stdout console that prints memory text literally: no :emoji: codes, no highlighting."""
    from rich.console import Console

    return Console(emoji=False, highlight=False)


MIN_TEXT_WIDTH = 10  # a folding column narrower than this is unreadable: rows are printed as records instead


def table(title: str | None, columns: Iterable[str], ids: Iterable[str] = (), short: Iterable[str] = ()) -> Table:
    """A rich table for ``print_table``. The ``ids`` columns and the ``short`` ones (dates, counts, enum
    values) never wrap; every other column folds its text. ``print_table`` keeps each id one unbroken word."""
    from rich.table import Table

    whole = set(ids) | set(short)
    made = Table(title=title)
    for column in columns:
        if column in whole:
            made.add_column(column, no_wrap=True)
        else:
            made.add_column(column, overflow="fold")
    return made


def counted(n: int, singular: str, plural: str) -> str:
    """``n`` with its noun in the right number: ``1 learning``, ``0 learnings``, ``3 learnings``."""
    return f"{n} {singular if n == 1 else plural}"


def when(ms: int | None) -> str:
    """ms since the epoch as local ``YYYY-MM-DD HH:MM`` (``printed.WHEN_FORMAT``; "" for None)."""
    if ms is None:
        return ""
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC).astimezone().strftime(WHEN_FORMAT)
    except (OverflowError, ValueError, OSError):  # beyond what a datetime holds: show the number
        return str(ms)


def print_table(renderable: Any) -> None:
    """Print a table from ``table`` (or any renderable: a line of text) on stdout, ids never broken.

    When the terminal is wide enough for every column that never wraps at its widest cell plus
    ``MIN_TEXT_WIDTH`` for each folding column, it is a table in which only the text folds; otherwise
    (a narrow terminal) each row is printed as a record, one ``column: value`` line per non-empty cell,
    so an id is still one unbroken word on its own line and no text is squeezed into a sliver."""
    from rich.table import Table
    from rich.text import Text

    out = console()
    if not isinstance(renderable, Table) or not renderable.row_count:
        out.print(renderable)
        return
    columns = renderable.columns
    fixed = {c._index: max(_cell_width(c.header), *(_cell_width(x) for x in c.cells)) for c in columns if c.no_wrap}  # pyright: ignore[reportPrivateUsage]
    folding = len(columns) - len(fixed)
    needed = sum(fixed.values()) + folding * MIN_TEXT_WIDTH + 3 * len(columns) + 1  # padding and rules
    if out.width >= needed:
        for column in columns:
            if column.no_wrap:
                column.min_width = fixed[column._index]  # pyright: ignore[reportPrivateUsage]
        out.print(renderable, crop=False)
        return
    if renderable.title:
        out.print(renderable.title)
    for row in zip(*(list(c.cells) for c in columns), strict=True):
        out.print()
        for column, cell in zip(columns, row, strict=True):
            value = cell if isinstance(cell, Text) else Text(str(cell))
            if value.plain:  # an empty cell has no line
                out.print(Text.assemble((f"{column.header}: ", "bold"), value), soft_wrap=column.no_wrap)


def _cell_width(cell: Any) -> int:
    from rich.cells import cell_len
    from rich.text import Text

    return cell.cell_len if isinstance(cell, Text) else cell_len(str(cell))


def progress_bar(label: str, disable: bool) -> Progress:
    """A transient progress bar on stderr (stdout stays the command's output): label, bar, done/total, time left."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    return Progress(*columns, console=Console(stderr=True), disable=disable, transient=True)
