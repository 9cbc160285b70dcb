"""The shared server: MCP over Streamable HTTP at ``/mcp`` with bearer-token auth, plus ``/healthz``, ``/export``
and the RFC 9728 protected-resource metadata. Built on the SDK's own app (transport, session manager, bearer-token
authentication middleware); this module plugs contextlamp's token verifier, principal and limits into it, and
answers three things differently from the SDK (docs/http.md says why):

- ``HttpGate`` runs after the SDK's authentication middleware, so it knows the verified user: a request without a
  valid token gets its 401 here, a missing token told apart from a refused one (RFC 6750 section 3.1); verified
  requests are rate limited per token, and MCP sessions are counted per token and per user the moment they are
  admitted (``SessionBook``). Unknown tokens leave no state behind.
- The protected-resource metadata names an authorization server only when an OIDC issuer is configured: personal
  tokens come from the CLI, and naming this server (which has no OAuth endpoints) sent clients into Dynamic Client
  Registration against it.
- uvicorn's access log never shows a query string (``uvicorn_log_config``): a token sent as ``?access_token=``
  would be written to it.

Sessions are stateful (``Mcp-Session-Id``): the client's ``initialize`` carries its name, which becomes the
``source_surface`` of what it saves, and the SDK binds each session to the principal that opened it. Replicas
behind a load balancer therefore need session affinity on the ``Mcp-Session-Id`` header (docs/http.md).
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import logging
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import anyio
import anyio.to_thread
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken, principal_components
from mcp.server.auth.routes import build_resource_metadata_url, cors_middleware
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from contextlamp import __version__
from contextlamp.app.compose import App
from contextlamp.config import Settings
from contextlamp.errors import ContextlampError, InvalidArgumentError, NotFoundError
from contextlamp.mcp.tools import build_server, scrub_json_surrogates
from contextlamp.web.auth import ContextlampTokenVerifier, OidcVerifier, principal_of_token

logger = logging.getLogger(__name__)

MCP_PATH = "/mcp"
PUBLIC_PATHS = ("/healthz", "/.well-known/")  # no token needed, never rate limited


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
    """The OIDC JWT verifier when the issuer, audience and JWKS URL are set (``Settings`` checked that all
    three or none are: a model validator); None when none is.

    Raises:
        ConfigError: a value cannot work (an algorithm that is not asymmetric, an issuer that is not a URL).
    """
    if not (settings.oidc_issuer and settings.oidc_audience and settings.oidc_jwks_url):
        return None
    algorithms = [a.strip() for a in settings.oidc_algorithms.split(",") if a.strip()]
    return OidcVerifier(settings.oidc_issuer, settings.oidc_audience, settings.oidc_jwks_url, algorithms)


def _header(scope: Scope, name: bytes) -> str | None:
    value = next((v for k, v in scope.get("headers", []) if k == name), None)
    return value.decode("latin-1") if value is not None else None


# -- 401 ------------------------------------------------------------------------------------------------

_B64TOKEN = re.compile(r"[A-Za-z0-9\-._~+/]+=*")  # RFC 6750 section 2.1: the syntax of a bearer token


def unauthorized(scope: Scope, resource_metadata: str, issuer: str | None) -> Response:
    """The 401 for a request without a valid bearer token (RFC 6750 section 3).

    - no ``Authorization`` header, or another scheme (``Basic`` …): the request "lacks any authentication
      information", so the challenge carries no ``error`` (section 3.1), and the body says the token is missing;
    - ``Bearer`` without a well-formed token (section 2.1 syntax): ``error="invalid_request"``;
    - a well-formed token that is not valid now (unknown, revoked, expired, a user deleted, a JWT of another
      issuer or audience): ``error="invalid_token"``.

    The challenge always names the protected-resource metadata (``resource_metadata``, RFC 9728 section 5.1); the
    JSON body ``{"error", "error_description"}`` says how to send a token. Nothing of the request is echoed.
    """
    raw = (_header(scope, b"authorization") or "").strip()
    scheme, _, credentials = raw.partition(" ")
    credentials = credentials.strip()
    where = "an administrator creates one with `contextlamp token create USER`"
    if issuer:
        where += f", or use an access token of {issuer}"
    how = f"Send the header `Authorization: Bearer <token>`; {where}."
    if scheme.lower() != "bearer":
        error, brief, body = None, "", {"error": "missing_token", "error_description": f"No bearer token. {how}"}
    elif not _B64TOKEN.fullmatch(credentials):
        brief = "Malformed Authorization header"
        error, body = "invalid_request", {"error": "invalid_request", "error_description": f"{brief}. {how}"}
    else:
        brief = "The bearer token is unknown, revoked or expired"
        error, body = "invalid_token", {"error": "invalid_token", "error_description": f"{brief}. {how}"}
    params = [] if error is None else [f'error="{error}"', f'error_description="{brief}"']
    params.append(f'resource_metadata="{resource_metadata}"')
    challenge = "Bearer " + ", ".join(params)
    return JSONResponse(body, status_code=401, headers={"WWW-Authenticate": challenge, "Cache-Control": "no-store"})


def protected_resource_metadata(resource: str, issuer: str | None) -> dict[str, Any]:
    """The RFC 9728 (section 2) metadata of ``/mcp``: ``authorization_servers`` is ``[issuer]`` with an OIDC issuer
    configured and left out otherwise (it is optional in RFC 9728): the personal tokens are issued by the CLI, and
    this server runs no OAuth endpoints a client could register or sign in at."""
    document: dict[str, Any] = {"resource": resource, "bearer_methods_supported": ["header"]}
    if issuer:
        document["authorization_servers"] = [issuer]
    document["resource_name"] = "contextlamp"
    return document


# -- limits ----------------------------------------------------------------------------------------------


class RateBook:
    """Requests per key in a moving window (``limits``). Keys are those of verified tokens only, and a key idle
    for a whole window is cleared (the library keeps every key it has seen otherwise), so the state holds at most
    the tokens seen within one window."""

    def __init__(self, rate: str) -> None:
        self.limit = parse(rate)
        self._storage = MemoryStorage()
        self._limiter = MovingWindowRateLimiter(self._storage)
        self._last_hit: dict[str, float] = {}  # key -> monotonic s of its last request
        self._next_sweep = 0.0

    def hit(self, key: str) -> int | None:
        """Count one request; None when it may go on, else the seconds until it may be retried (``Retry-After``,
        RFC 9110 section 10.2.3)."""
        now = time.monotonic()
        self._sweep(now)
        self._last_hit[key] = now
        if self._limiter.hit(self.limit, key):
            return None
        reset = self._limiter.get_window_stats(self.limit, key).reset_time
        return max(1, math.ceil(reset - time.time()))

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        window = self.limit.get_expiry()
        self._next_sweep = now + window
        for key in [k for k, seen in self._last_hit.items() if now - seen > window]:
            self._limiter.clear(self.limit, key)  # its window is empty: nothing is lost
            del self._last_hit[key]

    def size(self) -> int:
        """Keys held by the limiter's storage (for tests and monitoring)."""
        return len(self._storage.events)


Owner = tuple[str, str | None, str | None]  # (client_id, issuer, subject): the SDK's session owner


@dataclass
class _Held:
    token: str
    user: str
    owner: Owner
    last_seen: float
    in_flight: int = 1
    opened: bool = False


class SessionBook:
    """The MCP sessions each bearer token and each user holds open, counted when admitted.

    ``reserve`` takes a place before the opening request reaches the SDK, in one step with the check (no await in
    between, so concurrent ``initialize`` requests cannot all pass a check made before any of them is counted);
    ``opened`` turns the place into the session the SDK opened, and ``finish`` gives the place back when it did
    not. A session counts until it is closed (``DELETE``), the SDK no longer knows it (404 to its owner), or no
    request has been in flight on it for ``idle_timeout_s`` (the SDK's own idle rule). Only the session's owner
    (the SDK's ``(client_id, issuer, subject)``) can end it here, as in the SDK.
    """

    def __init__(
        self, per_token: int, per_user: int, idle_timeout_s: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_token = per_token
        self.per_user = per_user
        self.idle_timeout_s = idle_timeout_s
        self.clock = clock
        self._held: dict[str, _Held] = {}  # session id (or place id, before it opened) -> holder
        self._by_token: dict[str, set[str]] = {}
        self._by_user: dict[str, set[str]] = {}
        self._places = itertools.count()

    def reserve(self, token: str, user: str, owner: Owner) -> tuple[str | None, str]:
        """A place for one more session of ``token`` and ``user``: ``(place id, "")``, or ``(None, why)`` when the
        token or the user already holds its cap."""
        self._expire()
        if len(self._by_token.get(token, ())) >= self.per_token:
            return None, f"More than {self.per_token} open sessions for this token."
        if len(self._by_user.get(user, ())) >= self.per_user:
            return None, f"More than {self.per_user} open sessions for this user."
        place = f"place-{next(self._places)}"
        self._add(place, _Held(token, user, owner, self.clock()))
        return place, ""

    def opened(self, place: str, session_id: str) -> None:
        """The SDK opened ``session_id`` on ``place``'s request: the place becomes the session."""
        held = self._remove(place)
        if held is not None:
            held.opened = True
            self._add(session_id, held)

    def begin(self, session_id: str, owner: Owner) -> bool:
        """A request of ``owner`` on ``session_id`` starts; True when it is that owner's counted session (then
        call ``finish`` when the request ends)."""
        held = self._held.get(session_id)
        if held is None or held.owner != owner or not held.opened:
            return False
        held.in_flight += 1
        held.last_seen = self.clock()
        return True

    def finish(self, key: str) -> None:
        """A request ends: a place that opened no session is given back; a session's idle time starts again."""
        held = self._held.get(key)
        if held is None:
            return
        if not held.opened:
            self._remove(key)
            return
        held.in_flight -= 1
        held.last_seen = self.clock()

    def close(self, session_id: str, owner: Owner) -> None:
        """``owner``'s session ended (deleted, or unknown to the SDK); another principal's word does not count."""
        held = self._held.get(session_id)
        if held is not None and held.owner == owner:
            self._remove(session_id)

    def sizes(self) -> dict[str, int]:
        """How much state the book holds: sessions and places, and token and user keys (tests, monitoring)."""
        return {"sessions": len(self._held), "session_keys": len(self._by_token) + len(self._by_user)}

    def _expire(self) -> None:
        cutoff = self.clock() - self.idle_timeout_s
        for key in [k for k, h in self._held.items() if h.opened and h.in_flight <= 0 and h.last_seen < cutoff]:
            self._remove(key)

    def _add(self, key: str, held: _Held) -> None:
        self._held[key] = held
        self._by_token.setdefault(held.token, set()).add(key)
        self._by_user.setdefault(held.user, set()).add(key)

    def _remove(self, key: str) -> _Held | None:
        held = self._held.pop(key, None)
        if held is not None:
            for index, name in ((self._by_token, held.token), (self._by_user, held.user)):
                keys = index.get(name)
                if keys is not None:
                    keys.discard(key)
                    if not keys:
                        del index[name]
        return held


@dataclass
class HttpLimits:
    """The server's in-process limit state (one per app, ``app.state.limits``)."""

    rate: RateBook
    sessions: SessionBook

    def sizes(self) -> dict[str, int]:
        """Keys and entries held, so tests can show that unknown tokens leave nothing behind."""
        return {"rate_keys": self.rate.size(), **self.sessions.sizes()}


class HttpGate:
    """ASGI middleware between the SDK's authentication middleware (which sets ``scope["user"]``) and its routes.

    - ``/healthz`` and ``/.well-known/…`` pass untouched; anything else without a verified token gets
      ``unauthorized`` (401) and leaves no state;
    - per verified token, at most ``limits.rate`` requests (429 + ``Retry-After``);
    - on ``/mcp``, a request that would open a session (no ``Mcp-Session-Id``) first takes a place in
      ``limits.sessions`` (429 + ``Retry-After`` at the per-token or per-user cap); the SDK's server-wide 503
      gets a ``Retry-After`` too;
    - ``POST /mcp`` bodies are read here (413 above ``max_body_bytes``) and their unpaired surrogate escapes
      replaced by U+FFFD, as over stdio, instead of the SDK refusing the whole message.
    """

    def __init__(
        self, app: ASGIApp, limits: HttpLimits, resource_metadata: str, issuer: str | None, max_body_bytes: int
    ) -> None:
        self.app = app
        self.limits = limits
        self.resource_metadata = resource_metadata
        self.issuer = issuer
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or path.startswith(PUBLIC_PATHS):
            await self.app(scope, receive, send)
            return
        user = scope.get("user")
        if not isinstance(user, AuthenticatedUser):
            await unauthorized(scope, self.resource_metadata, self.issuer)(scope, receive, send)
            return
        token = user.access_token
        token_key = hashlib.sha256(token.token.encode("utf-8", "surrogateescape")).hexdigest()
        retry_after = self.limits.rate.hit(token_key)
        if retry_after is not None:
            await _too_many(scope, receive, send, retry_after, f"Rate limit of {self.limits.rate.limit} reached.")
            return
        if path != MCP_PATH:
            await self.app(scope, receive, send)
            return
        await self._mcp(scope, receive, send, token_key, token)

    async def _mcp(self, scope: Scope, receive: Receive, send: Send, token_key: str, token: AccessToken) -> None:
        book = self.limits.sessions
        owner = principal_components(token)
        session_id = _header(scope, b"mcp-session-id")
        method = scope.get("method")
        tracked: str | None = None  # the place or session this request holds in the book
        if session_id is None:  # the SDK opens a session for any request without one
            tracked, why = book.reserve(token_key, token.subject or token.client_id, owner)
            if tracked is None:
                await _too_many(scope, receive, send, 60, why)
                return
        elif book.begin(session_id, owner):
            tracked = session_id

        async def tracked_send(message: Message) -> None:
            nonlocal tracked
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                status = int(message.get("status", 200))
                opened = next((v for k, v in headers if k.lower() == b"mcp-session-id"), None)
                if session_id is None and tracked is not None and opened is not None and status < 400:
                    book.opened(tracked, opened.decode("latin-1"))  # the SDK's own rule for "established"
                    tracked = opened.decode("latin-1")
                if session_id is not None and (status == 404 or (method == "DELETE" and status < 400)):
                    book.close(session_id, owner)
                if status == 503 and not any(k.lower() == b"retry-after" for k, _ in headers):
                    headers.append((b"retry-after", b"30"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            if method == "POST":
                body = await _read_body(receive, self.max_body_bytes)
                if body is None:
                    await Response("Request body too large", status_code=413)(scope, receive, send)
                    return
                receive = _replay(scrub_json_surrogates(body.decode("utf-8", "replace")).encode("utf-8"))
            await self.app(scope, receive, tracked_send)
        finally:
            if tracked is not None:
                book.finish(tracked)


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


# -- logs ------------------------------------------------------------------------------------------------


class AccessLogQueryFilter(logging.Filter):
    """Drops the query string from uvicorn's access-log records (``"GET /mcp?access_token=… HTTP/1.1"`` becomes
    ``"GET /mcp HTTP/1.1"``): MCP uses no query strings, and one may carry a token a client put there. Works on
    the record's arguments, so every handler and formatter sees the redacted path."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; never drops it."""
        if isinstance(record.args, tuple):
            record.args = tuple(
                a.partition("?")[0] if isinstance(a, str) and a.startswith("/") else a for a in record.args
            )
        return True


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration with ``AccessLogQueryFilter`` on its access logger."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["no_query_string"] = {"()": AccessLogQueryFilter}
    config["loggers"]["uvicorn.access"]["filters"] = ["no_query_string"]
    return config


ERROR_STATUS: tuple[tuple[type[ContextlampError], int, str], ...] = (  # most specific first
    (InvalidArgumentError, 400, "invalid_argument"),
    (NotFoundError, 404, "not_found"),
    (ContextlampError, 500, "server_error"),  # storage, embedding, configuration: the server's fault
)


def error_response(exc: ContextlampError) -> JSONResponse:
    """The HTTP routes' one translation of a domain error: a JSON body ``{"error": code, "message": ...}``
    with the status of ``ERROR_STATUS`` (400 bad input, 404 unknown, 500 otherwise). The message is the
    error's own, which never quotes memory content or a secret; a 500 is logged with its type only."""
    status, code = next((s, c) for kind, s, c in ERROR_STATUS if isinstance(exc, kind))
    if status >= 500:
        logger.warning("HTTP route failed: %s", type(exc).__name__)
    return JSONResponse({"error": code, "message": str(exc)}, status_code=status, headers={"Cache-Control": "no-store"})


def build_http_app(wired: App, settings: Settings, host: str, port: int) -> Starlette:
    """The ASGI app of the shared server; its limit state is ``app.state.limits`` (an ``HttpLimits``).

    The SDK's app authenticates (``BearerAuthBackend`` with ``ContextlampTokenVerifier``) and serves ``/mcp``;
    ``HttpGate`` is added after its authentication middleware; the metadata route is this module's (the SDK's
    model requires ``authorization_servers``, RFC 9728 does not), so the SDK gets no ``resource_server_url``.

    Raises:
        ConfigError: the OIDC settings are incomplete or invalid.
    """
    service, accounts = wired.service, wired.accounts
    base = base_url(settings, host, port)
    resource = f"{base}{MCP_PATH}"
    issuer = settings.oidc_issuer or None
    verifier = ContextlampTokenVerifier(accounts, create_oidc_verifier(settings))
    auth = AuthSettings.model_validate(  # from strings, so a path-less issuer keeps no trailing slash
        {
            "issuer_url": issuer or base,  # unused: no OAuth routes, and the metadata is served below
            "resource_server_url": None,
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
        if not isinstance(user, AuthenticatedUser):  # HttpGate answered already; kept as a second lock
            return unauthorized(request.scope, metadata_url, issuer)
        principal = principal_of_token(user.access_token)
        try:
            owner = accounts.user(principal.user_id)
            document: dict[str, Any] = await anyio.to_thread.run_sync(wired.porter.export_user, owner)
        except ContextlampError as exc:
            return error_response(exc)
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", owner.name)[:60].strip("._") or "user"
        filename = f"contextlamp-export-{safe}.json"  # header-safe whatever the user name holds
        return Response(
            json.dumps(document, ensure_ascii=False),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
        )

    metadata = protected_resource_metadata(resource, issuer)

    async def resource_metadata(_request: Request) -> Response:
        return JSONResponse(metadata, headers={"Cache-Control": "public, max-age=3600"})  # as the SDK's

    app: Starlette = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=False,
        max_request_body_size=settings.max_request_bytes,
        session_idle_timeout=settings.session_idle_timeout_s,
        max_sessions=settings.max_sessions,
        transport_security=transport_security(settings, host),
        host=host,
    )
    app.router.routes.append(  # the SDK's CORS wrapper, as on its own metadata route (browser-based clients)
        Route(
            urlparse(metadata_url).path,
            endpoint=cors_middleware(resource_metadata, ["GET", "OPTIONS"]),
            methods=["GET", "OPTIONS"],
        )
    )
    limits = HttpLimits(
        RateBook(settings.rate_limit),
        SessionBook(settings.max_sessions_per_token, settings.max_sessions_per_user, settings.session_idle_timeout_s),
    )
    app.state.limits = limits
    # after the SDK's AuthenticationMiddleware and AuthContextMiddleware, before its routes
    app.user_middleware.append(Middleware(HttpGate, limits, metadata_url, issuer, settings.max_request_bytes))
    logger.info("HTTP server for %s (resource metadata %s)", resource, metadata_url)
    return app
