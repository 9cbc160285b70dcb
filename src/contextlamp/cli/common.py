"""Helpers shared by the CLI modules: settings, service construction, output."""

from __future__ import annotations

from collections.abc import Callable, Generator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import wraps
from typing import Any, TypeVar

import click
from pydantic import BaseModel, ValidationError
from rich.console import Console

from contextlamp.app.compose import configure_logging, create_app
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.errors import ContextlampError

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def cli_errors() -> Generator[None]:
    """The CLI's one translation of errors: a ``ContextlampError`` becomes a click error with its message, an
    invalid setting (pydantic ``ValidationError`` of ``Settings``) a click error naming the variable. Use as
    ``with cli_errors():`` or as a decorator (``@cli_errors()``)."""
    try:
        yield
    except ValidationError as exc:
        raise click.ClickException(f"Invalid configuration: {exc}") from exc
    except ContextlampError as exc:
        raise click.ClickException(str(exc)) from exc


def load_settings() -> Settings:
    """Settings from the environment, or a click error naming the bad variable."""
    with cli_errors():
        return Settings()


def with_service(fn: F) -> F:
    """Build settings and the app, pass ``(service, caller)``; errors translated by ``cli_errors``."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        settings = load_settings()
        configure_logging(settings.log_level)
        with cli_errors():
            service = create_app(settings).service
            caller = Caller(principal=service.principal(settings.user), surface="cli")
            return fn(service, caller, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def with_app(fn: F) -> F:
    """Build settings and the app, pass ``(app, settings)``; errors translated by ``cli_errors``. Unlike
    ``with_service`` it registers no local user (admin commands act on named users)."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        settings = load_settings()
        configure_logging(settings.log_level)
        with cli_errors():
            return fn(create_app(settings), settings, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def json_option(fn: F) -> F:
    """The ``--json`` flag (parameter ``as_json``)."""
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")(fn)


def print_json(result: BaseModel) -> None:
    """A result model as indented JSON on stdout (fields never set left out)."""
    click.echo(result.model_dump_json(indent=2, exclude_unset=True))


def console() -> Console:
    """Stdout console that prints memory text literally: no :emoji: codes, no highlighting."""
    return Console(emoji=False, highlight=False)


def when(ms: int | None) -> str:
    """ms since the epoch as local ``YYYY-MM-DD HH:MM`` ("" for None)."""
    if ms is None:
        return ""
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC).astimezone().strftime("%Y-%m-%d %H:%M")
    except (OverflowError, ValueError, OSError):  # beyond what a datetime holds: show the number
        return str(ms)
