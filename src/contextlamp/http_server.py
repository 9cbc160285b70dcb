"""The shared server: MCP over Streamable HTTP at ``/mcp`` with bearer-token auth, plus ``/healthz`` and
``/export``. Built on the SDK's own app (transport, session manager, ``RequireAuthMiddleware``, RFC 9728
metadata); this module only wires contextlamp's token verifier, principal and limits into it.

Sessions are stateful (``Mcp-Session-Id``): the client's ``initialize`` carries its name, which becomes the
``source_surface`` of what it saves, and the SDK binds each session to the token that opened it. Replicas
behind a load balancer therefore need session affinity on the ``Mcp-Session-Id`` header (docs/http.md).

Limits: request bodies above ``max_request_bytes`` get 413; more than ``max_sessions`` open sessions get 503
(SDK); per bearer token, more than ``rate_limit`` requests or ``max_sessions_per_token`` open sessions get
429 with ``Retry-After`` (``LimitsMiddleware``, in this process's memory).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import time
from typing import Any
from urllib.parse import urlparse

import anyio
import anyio.to_thread
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.routes import build_resource_metadata_url
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from contextlamp import __version__
from contextlamp.accounts import Accounts
from contextlamp.auth import ContextlampTokenVerifier, OidcVerifier, principal_of_token
from contextlamp.config import Settings
from contextlamp.errors import ConfigError
from contextlamp.portability import export_user
from contextlamp.server import build_server, scrub_json_surrogates
from contextlamp.service import MemoryService

logger = logging.getLogger(__name__)

MCP_PATH = "/mcp"
UNLIMITED_PATHS = ("/healthz", "/.well-known/")


def base_url(settings: Settings, host: str, port: int) -> str:
    """The server's public base URL, without a trailing slash."""
    if settings.public_url:
        return settings.public_url.rstrip("/")
    if host in ("0.0.0.0", "::", ""):  # every interface: no single name to advertise; set CONTEXTLAMP_PUBLIC_URL
        return f"http://localhost:{port}"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def transport_security(settings: Settings, host: str) -> TransportSecuritySettings | None:
    """DNS-rebinding protection (MCP transport spec, "Security Warning"): on loopback, only the loopback
    names and the public URL's host (a reverse proxy that keeps the Host header) are accepted; None (the
    SDK's default, no check) when listening on other interfaces."""
    if host not in ("127.0.0.1", "localhost", "::1"):
        return None
    hosts = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
    origins = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
    if settings.public_url:
        public = urlparse(settings.public_url)
        if public.hostname:
            hosts += [public.netloc, f"{public.hostname}:*", public.hostname]
            origins += [f"{public.scheme}://{public.netloc}"]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)


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


def bearer_key(scope: Scope) -> str | None:
    """SHA-256 of the bearer token of a request (the scheme matched case-insensitively, RFC 9110 section
    11.1), or None without one. Keys every per-token limit; tokens themselves are never kept in memory maps."""
    raw = next((v for k, v in scope.get("headers", []) if k == b"authorization"), None)
    if raw is None:
        return None
    scheme, _, token = raw.decode("latin-1").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


def _header(scope: Scope, name: bytes) -> str | None:
    value = next((v for k, v in scope.get("headers", []) if k == name), None)
    return value.decode("latin-1") if value is not None else None


class LimitsMiddleware:
    """ASGI middleware in front of the SDK's app, per bearer token (the token, not the header's spelling):

    - at most ``rate`` requests (moving window, ``limits``); 429 + ``Retry-After`` seconds (RFC 9110 10.2.3);
    - at most ``sessions_per_token`` open MCP sessions (a session counts until it is deleted, or idle for
      ``idle_timeout_s`` like the SDK's own timeout), so one user cannot take every session of the server;
      429 + ``Retry-After`` for a request that would open one more; the SDK's server-wide 503 gets a
      ``Retry-After`` too;
    - ``POST /mcp`` bodies are read here (413 above ``max_body_bytes``) and their unpaired surrogate escapes
      replaced by U+FFFD, as over stdio, instead of the SDK refusing the whole message.

    Requests without a bearer token pass untouched (the SDK answers 401).
    """

    def __init__(
        self, app: ASGIApp, rate: str, sessions_per_token: int, idle_timeout_s: float, max_body_bytes: int
    ) -> None:
        self.app = app
        self.limit = parse(rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.sessions_per_token = sessions_per_token
        self.idle_timeout_s = idle_timeout_s
        self.max_body_bytes = max_body_bytes
        self.sessions: dict[str, dict[str, float]] = {}  # token key -> session id -> last seen (monotonic s)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or path.startswith(UNLIMITED_PATHS):
            await self.app(scope, receive, send)
            return
        key = bearer_key(scope)
        if key is None:
            await self.app(scope, receive, send)
            return
        if not self.limiter.hit(self.limit, key):
            reset = self.limiter.get_window_stats(self.limit, key).reset_time
            await _too_many(
                scope, receive, send, max(1, math.ceil(reset - time.time())), f"Rate limit of {self.limit} reached."
            )
            return
        if path != MCP_PATH:
            await self.app(scope, receive, send)
            return
        session_id = _header(scope, b"mcp-session-id")
        open_sessions = self._live(key)
        if session_id is None and scope.get("method") == "POST" and len(open_sessions) >= self.sessions_per_token:
            await _too_many(
                scope, receive, send, 60, f"More than {self.sessions_per_token} open sessions for this token."
            )
            return
        if session_id is not None:
            if scope.get("method") == "DELETE":
                open_sessions.pop(session_id, None)
            elif session_id in open_sessions:
                open_sessions[session_id] = time.monotonic()
        if scope.get("method") == "POST":
            body = await _read_body(receive, self.max_body_bytes)
            if body is None:
                await Response("Request body too large", status_code=413)(scope, receive, send)
                return
            receive = _replay(scrub_json_surrogates(body.decode("utf-8", "replace")).encode("utf-8"))

        async def tracked_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                status = int(message.get("status", 200))
                opened = next((v for k, v in headers if k.lower() == b"mcp-session-id"), None)
                if opened is not None and session_id is None and status < 300:
                    open_sessions[opened.decode("latin-1")] = time.monotonic()
                if status == 404 and session_id is not None:  # the SDK no longer knows it
                    open_sessions.pop(session_id, None)
                if status == 503 and not any(k.lower() == b"retry-after" for k, _ in headers):
                    headers.append((b"retry-after", b"30"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, tracked_send)

    def _live(self, key: str) -> dict[str, float]:
        sessions = self.sessions.setdefault(key, {})
        cutoff = time.monotonic() - self.idle_timeout_s
        for session_id in [s for s, seen in sessions.items() if seen < cutoff]:
            del sessions[session_id]
        return sessions


async def _too_many(scope: Scope, receive: Receive, send: Send, retry_after: int, why: str) -> None:
    body = {"error": "rate_limited", "error_description": why}
    await JSONResponse(body, status_code=429, headers={"Retry-After": str(retry_after)})(scope, receive, send)


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None once it exceeds ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """A ``receive`` that hands the (already read) body over once, then waits for the disconnect."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await anyio.sleep_forever()
        return {"type": "http.disconnect"}  # pragma: no cover  (sleep_forever only ends by cancellation)

    return receive


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
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", owner.name)[:60].strip("._") or "user"
        filename = f"contextlamp-export-{safe}.json"  # header-safe whatever the user name holds
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
        transport_security=transport_security(settings, host),
        host=host,
    )
    logger.info("HTTP server for %s (resource metadata %s)", resource, metadata_url)
    return LimitsMiddleware(
        app,
        settings.rate_limit,
        settings.max_sessions_per_token,
        settings.session_idle_timeout_s,
        settings.max_request_bytes,
    )
