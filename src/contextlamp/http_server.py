"""The shared server: MCP over Streamable HTTP at ``/mcp`` with bearer-token auth, plus ``/healthz`` and
``/export``. Built on the SDK's own app (transport, session manager, ``RequireAuthMiddleware``, RFC 9728
metadata); this module only wires contextlamp's token verifier, principal and limits into it.

Sessions are stateful (``Mcp-Session-Id``): the client's ``initialize`` carries its name, which becomes the
``source_surface`` of what it saves, and the SDK binds each session to the token that opened it. Replicas
behind a load balancer therefore need session affinity on the ``Mcp-Session-Id`` header (docs/http.md).

Limits: request bodies above ``max_request_bytes`` get 413 (SDK); more than ``max_sessions`` open sessions
get 503 (SDK); more than ``rate_limit`` requests per bearer token get 429 with ``Retry-After`` (here, with
the ``limits`` library's moving window, in this process's memory).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import time
from typing import Any

import anyio.to_thread
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.routes import build_resource_metadata_url
from mcp.server.auth.settings import AuthSettings
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from contextlamp import __version__
from contextlamp.accounts import Accounts
from contextlamp.auth import ContextlampTokenVerifier, OidcVerifier, principal_of_token
from contextlamp.config import Settings
from contextlamp.errors import ConfigError
from contextlamp.portability import export_user
from contextlamp.server import build_server
from contextlamp.service import MemoryService

logger = logging.getLogger(__name__)

MCP_PATH = "/mcp"
UNLIMITED_PATHS = ("/healthz", "/.well-known/")


def base_url(settings: Settings, host: str, port: int) -> str:
    """The server's public base URL, without a trailing slash."""
    if settings.public_url:
        return settings.public_url.rstrip("/")
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def create_oidc_verifier(settings: Settings) -> OidcVerifier | None:
    """The OIDC JWT verifier when the issuer, audience and JWKS URL are all set; None when none is.

    Raises:
        ConfigError: only some of the three are set, or a value cannot work.
    """
    values = (settings.oidc_issuer, settings.oidc_audience, settings.oidc_jwks_url)
    if not any(values):
        return None
    if not all(values):
        raise ConfigError(
            "Set all of CONTEXTLAMP_OIDC_ISSUER, CONTEXTLAMP_OIDC_AUDIENCE and CONTEXTLAMP_OIDC_JWKS_URL, or none."
        )
    algorithms = [a.strip() for a in settings.oidc_algorithms.split(",") if a.strip()]
    return OidcVerifier(
        settings.oidc_issuer or "", settings.oidc_audience or "", settings.oidc_jwks_url or "", algorithms
    )


class RateLimitMiddleware:
    """ASGI middleware: at most ``rate`` requests per bearer token (moving window); 429 + ``Retry-After``
    (seconds, RFC 9110 section 10.2.3) beyond it. Requests without a bearer token pass (they get 401)."""

    def __init__(self, app: ASGIApp, rate: str) -> None:
        self.app = app
        self.limit = parse(rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or str(scope.get("path", "")).startswith(UNLIMITED_PATHS):
            await self.app(scope, receive, send)
            return
        authorization = next((v for k, v in scope.get("headers", []) if k == b"authorization"), None)
        if authorization is None:
            await self.app(scope, receive, send)
            return
        key = hashlib.sha256(authorization).hexdigest()  # never keep tokens themselves in memory maps
        if self.limiter.hit(self.limit, key):
            await self.app(scope, receive, send)
            return
        reset = self.limiter.get_window_stats(self.limit, key).reset_time
        retry_after = max(1, math.ceil(reset - time.time()))
        body = {"error": "rate_limited", "error_description": f"More than {self.limit} requests; retry later."}
        response = JSONResponse(body, status_code=429, headers={"Retry-After": str(retry_after)})
        await response(scope, receive, send)


def _unauthorized(resource_metadata: str) -> Response:
    header = (
        'Bearer error="invalid_token", error_description="Authentication required", '
        f'resource_metadata="{resource_metadata}"'
    )
    body = {"error": "invalid_token", "error_description": "Authentication required"}
    return JSONResponse(body, status_code=401, headers={"WWW-Authenticate": header})


def build_http_app(service: MemoryService, accounts: Accounts, settings: Settings, host: str, port: int) -> ASGIApp:
    """The ASGI app of the shared server.

    Raises:
        ConfigError: the OIDC settings are incomplete or invalid.
    """
    base = base_url(settings, host, port)
    resource = f"{base}{MCP_PATH}"
    verifier = ContextlampTokenVerifier(accounts, create_oidc_verifier(settings))
    auth = AuthSettings.model_validate(  # from strings, so a path-less issuer keeps no trailing slash
        {
            "issuer_url": settings.oidc_issuer or base,
            "resource_server_url": resource,
            "validate_token_resource": False,  # the verifier checks audience (JWT) or ownership (PAT) itself
        }
    )
    metadata_url = str(build_resource_metadata_url(AnyHttpUrl(resource)))
    server = build_server(
        service,
        lambda _ctx: principal_of_token(get_access_token()),
        log_level=settings.log_level,
        token_verifier=verifier,
        auth=auth,
    )

    @server.custom_route("/healthz", methods=["GET"])
    async def healthz(_request: Request) -> Response:  # pyright: ignore[reportUnusedFunction]
        return JSONResponse({"status": "ok", "version": __version__})

    @server.custom_route("/export", methods=["GET"])
    async def export(request: Request) -> Response:  # pyright: ignore[reportUnusedFunction]
        user = request.scope.get("user")
        if not isinstance(user, AuthenticatedUser):
            return _unauthorized(metadata_url)
        principal = principal_of_token(user.access_token)
        owner = accounts.user(principal.user_id)
        document: dict[str, Any] = await anyio.to_thread.run_sync(export_user, service, owner)
        filename = f"contextlamp-export-{owner.name}.json"
        return Response(
            json.dumps(document, ensure_ascii=False),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
        )

    app: Starlette = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=False,
        max_request_body_size=settings.max_request_bytes,
        session_idle_timeout=settings.session_idle_timeout_s,
        max_sessions=settings.max_sessions,
        host=host,
    )
    logger.info("HTTP server for %s (resource metadata %s)", resource, metadata_url)
    return RateLimitMiddleware(app, settings.rate_limit)
