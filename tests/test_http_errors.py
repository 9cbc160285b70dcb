"""The HTTP routes' one error translation (issue 13): ``/export`` answers every failure with a JSON error
through ``error_response``: a domain error with its status (400, 404; 500 for the server's own faults, whose
text, naming files, hosts or a database's detail, stays in the server's log), an unexpected exception with a 500
and no traceback, logged server-side with its traceback and without any exception's message above DEBUG."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from contextlamp.app.compose import App
from contextlamp.app.service import MemoryService
from contextlamp.config import Settings
from contextlamp.errors import InvalidArgumentError, NotFoundError, StorageError
from contextlamp.web.app import build_http_app
from tests.wiring import app_of

MARK = "tangerine-7f3q-private"  # what a failure's text holds that no client and no log above DEBUG may see
INTERNALS = "/srv/contextlamp/users/alice/store.db"


@pytest.fixture
def wired(service: MemoryService) -> Iterator[App]:
    yield app_of(service)


def _export(wired: App, tmp_path: Path) -> httpx2.Response:
    settings = Settings(home=tmp_path / "home", embedder="fake", rate_limit="100000/minute")
    wired.accounts.create_user("alice")
    token = wired.accounts.create_token("alice", "t", None).token
    app = build_http_app(wired, settings, "127.0.0.1", 8765)

    async def get() -> httpx2.Response:
        transport = httpx2.ASGITransport(app=app, raise_app_exceptions=False)  # a crash is the server's 500
        async with httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765") as http:
            return await http.get("/export", headers={"Authorization": f"Bearer {token}"})

    return anyio.run(get)


def _failing(exc: Exception) -> Callable[..., Any]:
    def export_user(*_args: Any, **_kwargs: Any) -> Any:
        raise exc

    return export_user


def _logged(caplog: pytest.LogCaptureFixture, above: int) -> list[str]:
    return [caplog.handler.format(r) for r in caplog.records if r.levelno > above]


def test_export_works(wired: App, tmp_path: Path) -> None:  # the baseline the failures below differ from
    response = _export(wired, tmp_path)
    assert response.status_code == 200 and response.json()["user"]["name"] == "alice"


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (InvalidArgumentError("document", "is not a contextlamp export"), 400, "invalid_argument"),
        (NotFoundError("no such user"), 404, "not_found"),
    ],
)
def test_export_client_errors_are_json_with_their_status_and_message(
    wired: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, status: int, code: str
) -> None:
    monkeypatch.setattr(wired.porter, "export_user", _failing(error))
    response = _export(wired, tmp_path)
    assert response.status_code == status and response.headers["content-type"] == "application/json"
    assert response.json() == {"error": code, "message": str(error)}
    assert response.headers["cache-control"] == "no-store"


def test_export_storage_error_is_a_json_500_without_internals(
    wired: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    error = StorageError(f"Cannot open database {INTERNALS}: disk I/O error near {MARK!r}")
    monkeypatch.setattr(wired.porter, "export_user", _failing(error))
    caplog.set_level(logging.DEBUG)
    response = _export(wired, tmp_path)
    assert response.status_code == 500 and response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["error"] == "server_error" and body["message"]
    assert INTERNALS not in response.text and MARK not in response.text and "disk I/O" not in response.text
    assert any("StorageError" in line for line in _logged(caplog, logging.INFO))  # the operator sees what failed
    assert all(MARK not in line for line in _logged(caplog, logging.DEBUG))


@pytest.mark.parametrize("error", [RuntimeError(f"bug near {MARK}"), KeyError(MARK)], ids=["RuntimeError", "KeyError"])
def test_export_unexpected_exception_is_a_json_500_without_traceback_logged_on_the_server(
    wired: App,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error: Exception,
) -> None:
    monkeypatch.setattr(wired.porter, "export_user", _failing(error))
    caplog.set_level(logging.DEBUG)
    response = _export(wired, tmp_path)
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/json"  # not the framework's text/plain page
    body = response.json()
    assert body["error"] == "server_error"
    assert "Traceback" not in response.text and MARK not in response.text and type(error).__name__ not in body
    crashes = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(crashes) == 1
    logged = caplog.handler.format(crashes[0])
    assert "Traceback (most recent call last)" in logged and type(error).__name__ in logged
    assert "test_http_errors.py" in logged  # where it broke
    assert all(MARK not in line for line in _logged(caplog, logging.DEBUG))
