"""The shared server's own HTTP routes beside ``/mcp``: ``/healthz``, ``/export`` and the RFC 9728
protected-resource metadata, and the routes' one error translation (``error_response``)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anyio.to_thread
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from contextlamp import __version__
from contextlamp.app.compose import App
from contextlamp.domain.control_plane import User
from contextlamp.errors import (
    AuthenticationError,
    ContextlampError,
    InvalidArgumentError,
    NotFoundError,
    crash_report,
)
from contextlamp.web.auth import principal_of_token
from contextlamp.web.gate import unauthorized

logger = logging.getLogger(__name__)

Endpoint = Callable[[Request], Awaitable[Response]]

ERROR_STATUS: tuple[tuple[type[ContextlampError], int, str], ...] = (  # most specific first
    (InvalidArgumentError, 400, "invalid_argument"),
    (AuthenticationError, 401, "invalid_token"),
    (NotFoundError, 404, "not_found"),
    (ContextlampError, 500, "server_error"),  # storage, embedding, configuration: the server's fault
)
SERVER_ERROR_MESSAGE = "The server failed on this request and logged it."


def error_response(exc: Exception) -> JSONResponse:
    """The HTTP routes' one translation of an error: a JSON body ``{"error": code, "message": ...}`` with the
    status of ``ERROR_STATUS`` (400 bad input, 401 no verified user, 404 unknown, 500 otherwise).

    A 4xx carries the domain error's own message, which never quotes memory content or a secret. A 500 carries
    ``SERVER_ERROR_MESSAGE`` only: a storage error's text can name files, hosts or a database's detail, and an
    exception outside the tree (a bug) anything at all. A domain 500 is logged at WARNING with its type; any
    other exception at ERROR with its traceback without messages (``errors.crash_report``); the message itself
    at DEBUG.
    """
    found = next(((s, c) for kind, s, c in ERROR_STATUS if isinstance(exc, kind)), None)
    status, code = found or (500, "server_error")
    if found is None:
        logger.error("HTTP route failed with an unexpected %s\n%s", type(exc).__name__, crash_report(exc))
    elif status >= 500:
        logger.warning("HTTP route failed: %s", type(exc).__name__)
    if status >= 500:
        logger.debug("HTTP route: the %s said %r", type(exc).__name__, str(exc))
    message = str(exc) if status < 500 else SERVER_ERROR_MESSAGE
    return JSONResponse({"error": code, "message": message}, status_code=status, headers={"Cache-Control": "no-store"})


def protected_resource_metadata(resource: str, issuer: str | None, scopes: Sequence[str] = ()) -> dict[str, Any]:
    """The RFC 9728 (section 2) metadata of ``/mcp``: ``authorization_servers`` is ``[issuer]`` (the OIDC issuer, or
    this server's built-in OAuth server) and left out when there is none (it is optional in RFC 9728): then the
    personal tokens issued by the CLI are the only way in, and no client should try to register anywhere.
    ``scopes``: ``scopes_supported`` (the built-in server's, which clients ask for; an OIDC issuer's are its own)."""
    document: dict[str, Any] = {"resource": resource, "bearer_methods_supported": ["header"]}
    if issuer:
        document["authorization_servers"] = [issuer]
    if scopes:
        document["scopes_supported"] = list(scopes)
    document["resource_name"] = "contextlamp"
    return document


def metadata_endpoint(resource: str, issuer: str | None, scopes: Sequence[str] = ()) -> Endpoint:
    """``GET`` of the protected-resource metadata (``protected_resource_metadata``), cacheable for an hour."""
    metadata = protected_resource_metadata(resource, issuer, scopes)

    async def resource_metadata(_request: Request) -> Response:
        return JSONResponse(metadata, headers={"Cache-Control": "public, max-age=3600"})  # as the SDK's

    return resource_metadata


async def healthz(_request: Request) -> Response:
    """``GET /healthz``: ``{"status": "ok", "version"}``, no token needed."""
    return JSONResponse({"status": "ok", "version": __version__})


def export_endpoint(
    wired: App, metadata_url: str, issuer: str | None, browser: Callable[[Request], Awaitable[Response | None]] | None
) -> Endpoint:
    """``GET /export``: everything the token's user owns, as the JSON document of ``Porter.export_user``
    (``export_response``). Any error is answered by ``error_response``.

    Args:
        metadata_url, issuer: named in the 401 a request without a verified token gets (``unauthorized``).
        browser: the dashboard's answer to a request without a bearer token (the download for a signed-in
            browser, or the way to the sign-in), None to answer the 401; None when there is no dashboard.
    """

    async def export(request: Request) -> Response:
        user = request.scope.get("user")
        if not isinstance(user, AuthenticatedUser):  # HttpGate answered any bad token already
            answered = await browser(request) if browser is not None else None
            return answered if answered is not None else unauthorized(request.scope, metadata_url, issuer)
        try:
            owner = wired.accounts.user(principal_of_token(user.access_token).user_id)
            return await export_response(wired, owner)
        except Exception as exc:  # the routes' one translation: no traceback reaches the client
            return error_response(exc)

    return export


async def export_response(wired: App, owner: User) -> Response:
    """The download of ``owner``'s export document (``Porter.export_user``, the document of ``contextlamp
    export``): JSON, ``Content-Disposition: attachment`` with a header-safe file name, ``nosniff``, never cached.

    Raises:
        ContextlampError: the stores could not be read.
    """
    document: dict[str, Any] = await anyio.to_thread.run_sync(wired.porter.export_user, owner)
    body = json.dumps(document, ensure_ascii=False)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", owner.name)[:60].strip("._") or "user"
    filename = f"contextlamp-export-{safe}.json"  # header-safe whatever the user name holds
    return Response(
        body,
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",  # memory content is never sniffed into HTML by a browser
        },
    )
