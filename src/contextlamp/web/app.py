"""The shared server: MCP over Streamable HTTP at ``/mcp`` with bearer-token auth, plus ``/healthz``, ``/export``,
the RFC 9728 protected-resource metadata and the web dashboard at ``/`` (``web.dashboard``, signed in by the
session cookie of ``web.pages``). Built on the SDK's own app (transport, session manager, bearer-token
authentication middleware); this module plugs contextlamp's token verifier, principal and limits into it, and
answers three things differently from the SDK (docs/http.md says why):

- ``HttpGate`` runs after the SDK's authentication middleware, so it knows the verified user: a request without a
  valid token gets its 401 here, a missing token told apart from a refused one (RFC 6750 section 3.1); verified
  requests are rate limited per token, and MCP sessions are counted per token and per user the moment they are
  admitted (``SessionBook``). Unknown tokens leave no state behind.
- The protected-resource metadata names one authorization server: the OIDC issuer when one is configured, else
  this server's built-in OAuth 2.1 server (``web.oauth``, with the sign-in and consent pages of ``web.pages``),
  unless that is switched off (``CONTEXTLAMP_OAUTH_SERVER=false``) or cannot run (an http issuer off loopback):
  then none, so clients are not sent into Dynamic Client Registration against endpoints that do not exist.
- uvicorn's access log never shows a query string (``uvicorn_log_config``): a token sent as ``?access_token=``
  would be written to it.

Sessions are stateful (``Mcp-Session-Id``): the client's ``initialize`` carries its name, which becomes the
``source_surface`` of what it saves, and the SDK binds each session to the principal that opened it. Replicas
behind a load balancer therefore need session affinity on the ``Mcp-Session-Id`` header (docs/http.md).

This module is the app factory; the pieces are ``web.gate`` (``HttpGate``, the 401s), ``web.quotas``
(``RateBook``, ``SessionBook``), ``web.routes`` (``/healthz``, ``/export``, the metadata, ``error_response``)
and ``web.auth`` (the token verifiers).
"""

from __future__ import annotations

import contextlib
import copy
import logging
from collections.abc import AsyncGenerator, Callable
from typing import Any, Protocol
from urllib.parse import urlparse

from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.routes import build_resource_metadata_url, cors_middleware
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from contextlamp.app.compose import App
from contextlamp.app.distilling import DistillWorkers, WorkerRecipe
from contextlamp.config import Settings
from contextlamp.mcp.tools import build_server
from contextlamp.web.auth import ContextlampTokenVerifier, OidcVerifier, principal_of_token
from contextlamp.web.gate import MCP_PATH, HttpGate, SlowBodyGuard
from contextlamp.web.oauth import SCOPES_SUPPORTED, ContextlampOAuthProvider, oauth_available, oauth_routes
from contextlamp.web.pages import WebPages
from contextlamp.web.quotas import HashPool, HeavyWork, HttpLimits, RateBook, SessionBook
from contextlamp.web.routes import export_endpoint, healthz, metadata_endpoint
from contextlamp.web.tuning import OIDC_ALGORITHMS, ServerTuning

logger = logging.getLogger(__name__)


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
    return OidcVerifier(settings.oidc_issuer, settings.oidc_audience, settings.oidc_jwks_url, OIDC_ALGORITHMS)


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


def proxy_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for forwarded headers: ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed from
    the proxies ``CONTEXTLAMP_TRUSTED_PROXIES`` names, and from no one when it is empty (uvicorn's own default
    believes any peer on 127.0.0.1, so any local process could choose the address every per-address limit
    counts: the sign-in's and the client registration's)."""
    proxies = ",".join(p.strip() for p in settings.trusted_proxies.split(",") if p.strip())
    if not proxies:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": proxies}


class Dashboard(Protocol):
    """What a web dashboard plugs into the server: its routes, added after every other route, and its answer to
    a ``GET /export`` without a bearer token (None: the 401).

    One implementation, ``web.dashboard.Dashboard``, and this protocol exists for one reason: ``web.dashboard``
    imports ``web.pages`` and ``web.routes``, so ``web.app`` importing it would make the packages ``web`` and
    ``web.dashboard`` a cycle, which ``tests/test_architecture.py`` forbids. The CLI (``serve --http``) passes the
    class in instead; tests pass a configured one (``partial(Dashboard, import_max_bytes=...)``) or none."""

    def routes(self) -> list[BaseRoute]:
        """The dashboard's routes."""
        ...

    async def export(self, request: Request) -> Response | None:
        """The browser's ``/export``, or None."""
        ...


DashboardFactory = Callable[[App, WebPages, Settings], Dashboard]


def distillation_workers(wired: App, settings: Settings, tuning: ServerTuning) -> DistillWorkers:
    """The server's ``DistillWorkers`` (``tuning.heavy_workers`` at once, ``tuning.distill_queue`` waiting), now
    running every ``save_session``'s distillation of ``wired``: in worker processes at a lower priority, with
    the server's settings, so the server process keeps only the writes (docs/http.md "Heavy work"). No process
    starts before the first big save."""
    workers = DistillWorkers(
        WorkerRecipe(settings, settings.log_level),
        tuning.heavy_workers,
        tuning.distill_queue,
        tuning.distill_idle_s,
        fallback=wired.service.sessions.distil,  # in-process, should no worker start
    )
    wired.service.sessions.distil_apart(workers)
    return workers


def _close_on_shutdown(app: Starlette, workers: DistillWorkers) -> None:
    """Stop ``workers`` when ``app``'s lifespan ends (the SDK's own lifespan runs inside)."""
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(target: Any) -> AsyncGenerator[Any]:
        try:
            async with inner(target) as state:
                yield state
        finally:
            workers.close()

    app.router.lifespan_context = lifespan


def build_http_app(
    wired: App,
    settings: Settings,
    host: str,
    port: int,
    dashboard: DashboardFactory | None = None,
    tuning: ServerTuning | None = None,
) -> Starlette:
    """The ASGI app of the shared server; its limit state is ``app.state.limits`` (an ``HttpLimits``).
    ``tuning``: the server's internal sizes (None: ``ServerTuning()``, the shipped values).

    ``dashboard`` (``web.dashboard.Dashboard``, what ``contextlamp serve --http`` passes): the web dashboard at
    ``/``, when ``settings.dashboard`` is on and the sign-in can run (https, or loopback); None: no dashboard.

    The SDK's app authenticates (``BearerAuthBackend`` with ``ContextlampTokenVerifier``) and serves ``/mcp``;
    ``HttpGate`` is added after its authentication middleware; the metadata route is this module's (the SDK's
    model requires ``authorization_servers``, RFC 9728 does not), so the SDK gets no ``resource_server_url``.

    Raises:
        ConfigError: the OIDC settings are incomplete or invalid.
    """
    tuning = tuning or ServerTuning()
    base = base_url(settings, host, port)
    resource = f"{base}{MCP_PATH}"
    issuer = settings.oidc_issuer or None
    separate = getattr(wired.service.embedder, "separate_bulk_work", None)
    if callable(separate):  # other users' queries never wait behind a big save's or an import's embedding
        separate(tuning.bulk_idle_s)
    distil = distillation_workers(wired, settings, tuning)  # nor behind a big save's distillation (its Python)
    oauth_on = settings.oauth_server and oauth_available(base)
    if settings.oauth_server and not oauth_on:
        logger.warning(
            "the built-in OAuth server is off: its issuer %s must be https (or loopback); set CONTEXTLAMP_PUBLIC_URL",
            base,
        )
    verifier = ContextlampTokenVerifier(
        wired.accounts, create_oidc_verifier(settings), wired.oauth if oauth_on else None, resource
    )
    auth = AuthSettings.model_validate(  # from strings, so a path-less issuer keeps no trailing slash
        {
            "issuer_url": issuer or base,  # unused: no OAuth routes, and the metadata is served below
            "resource_server_url": None,
            "validate_token_resource": False,  # the verifier checks audience (JWT) or ownership (PAT) itself
        }
    )
    metadata_url = str(build_resource_metadata_url(AnyHttpUrl(resource)))
    server = build_server(
        wired.service, lambda _ctx: principal_of_token(get_access_token()), log_level=settings.log_level
    )

    heavy = HeavyWork(tuning.heavy_workers, tuning.heavy_queue_per_user)  # MCP's heavy calls and imports
    # the sign-in pages serve the OAuth server's authorize step and the dashboard; both need https or loopback
    wanted = dashboard is not None and settings.dashboard
    pages = (
        WebPages(
            wired.oauth,
            base,
            settings.signin_rate_limit,
            "/" if wanted else "",
            HashPool(tuning.signin_hash_workers, tuning.signin_hash_queue),
            heavy,
        )
        if oauth_available(base)
        else None
    )
    board = dashboard(wired, pages, settings) if dashboard is not None and wanted and pages is not None else None
    if wanted and board is None:
        logger.warning(
            "the dashboard is off: its sign-in needs https or loopback (%s); set CONTEXTLAMP_PUBLIC_URL", base
        )
    routes = [
        Route("/healthz", endpoint=healthz, methods=["GET"]),
        Route(
            "/export",
            endpoint=export_endpoint(wired, metadata_url, issuer, board.export if board else None),
            methods=["GET"],
        ),
    ]

    app: Starlette = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=False,
        max_request_body_size=settings.max_request_bytes,
        session_idle_timeout=tuning.session_idle_timeout_s,
        max_sessions=settings.max_sessions,
        transport_security=transport_security(settings, host),
        host=host,
        auth=auth,
        token_verifier=verifier,
        custom_starlette_routes=routes,
    )
    app.router.routes.append(  # the SDK's CORS wrapper, as on its own metadata route (browser-based clients)
        Route(
            urlparse(metadata_url).path,
            endpoint=cors_middleware(
                metadata_endpoint(
                    resource,
                    issuer or (base if oauth_on else None),
                    SCOPES_SUPPORTED if oauth_on and not issuer else (),  # the built-in server's one scope
                ),
                ["GET", "OPTIONS"],
            ),
            methods=["GET", "OPTIONS"],
        )
    )
    if oauth_on:  # the SDK's authorization-server routes
        app.router.routes.extend(oauth_routes(ContextlampOAuthProvider(wired.oauth, base, resource)))
    if pages is not None and (oauth_on or board is not None):  # sign-in, sign-out and the authorize step's consent
        app.router.routes.extend(pages.routes())
    if board is not None:  # the dashboard at /, last: its catch-all answers every path no route above took
        app.router.routes.extend(board.routes())
    limits = HttpLimits(
        RateBook(settings.rate_limit),
        SessionBook(settings.max_sessions_per_token, settings.max_sessions_per_user, tuning.session_idle_timeout_s),
        RateBook(tuning.user_rate(settings.rate_limit)),
        heavy,
    )
    app.state.limits = limits
    app.state.distil = distil
    _close_on_shutdown(app, distil)
    # after the SDK's AuthenticationMiddleware and AuthContextMiddleware, before its routes
    app.user_middleware.append(Middleware(HttpGate, limits, metadata_url, issuer, settings.max_request_bytes))
    app.user_middleware.insert(0, Middleware(SlowBodyGuard))  # outermost: every route's body is timed
    logger.info("HTTP server for %s (resource metadata %s)", resource, metadata_url)
    return app
