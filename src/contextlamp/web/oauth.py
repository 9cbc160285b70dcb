"""The built-in OAuth 2.1 authorization server on the SDK's own pieces (MCP authorization spec, "Authorization
Server"): ``create_auth_routes`` serves the RFC 8414 metadata, ``/authorize``, ``/token`` (authorization code
with PKCE S256 only, refresh with rotation), ``/register`` (RFC 7591) and ``/revoke`` (RFC 7009); this module
is its ``OAuthAuthorizationServerProvider`` over ``app.oauth.OAuthService``, where every rule lives.

``authorize`` holds the request and sends the browser to the consent page (``web.pages``), which signs the user
in first; the page answers with the code. The resource indicator (RFC 8707) must name this server's ``/mcp``
(or be left out, then it is bound to ``/mcp`` all the same): tokens are bound to it, and the verifier refuses
them anywhere else.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlparse

import anyio.to_thread
from mcp.server.auth.handlers.metadata import MetadataHandler
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    AuthorizeError,
    IdentityAssertionParams,
    RefreshToken,
    RegistrationError,
    TokenError,
)
from mcp.server.auth.routes import build_metadata, cors_middleware, create_auth_routes, validate_issuer_url
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.shared.auth import InvalidScopeError, OAuthClientInformationFull, OAuthMetadata, OAuthToken
from pydantic import AnyHttpUrl
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from contextlamp.app.oauth import IssuedTokens, OAuthError, OAuthService
from contextlamp.domain.control_plane import OAuthGrant, OAuthTokenRecord, User
from contextlamp.web.client_metadata import FETCH_RATE, ClientMetadataError, ClientMetadataFetcher, is_metadata_url
from contextlamp.web.gate import header, read_body, replay_body
from contextlamp.web.quotas import RateBook

logger = logging.getLogger(__name__)

CONSENT_PATH = "/oauth/consent"
REGISTRATION_RATE = "30/hour"  # client registrations per client address: registration is open (RFC 7591)
# and from every address together (loopback included): unused registrations expire after a day
# (app.oauth.UNUSED_CLIENT_TTL_MS), so at most ~24 x 120 x 64 KiB (180 MiB) are ever held, and far less in practice
REGISTRATION_TOTAL_RATE = "120/hour"
MAX_REGISTRATION_BYTES = 65_536  # a client's metadata (RFC 7591 section 2) is a few hundred bytes
MAX_REDIRECT_URIS = 20  # per client: a desktop app registers one or two
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")
# The one scope: a token gives the six tools over its user's memory. Published in both metadata documents
# (RFC 8414 / RFC 9728 scopes_supported), what a request without a scope (or with an empty one) gets.
SCOPES_SUPPORTED = ("memory",)
METADATA_PATH = "/.well-known/oauth-authorization-server"


def same_resource(a: str, b: str) -> bool:
    """Whether two resource URLs name the same resource (RFC 8707 section 2: compared without a trailing
    slash, scheme and host case-insensitively)."""
    pa, pb = urlparse(a.rstrip("/")), urlparse(b.rstrip("/"))
    return (pa.scheme.lower(), pa.netloc.lower(), pa.path, pa.query) == (
        pb.scheme.lower(),
        pb.netloc.lower(),
        pb.path,
        pb.query,
    )


# Schemes that are not an app's private-use scheme (RFC 8252 section 7.1): the URL Standard's special schemes
# other than http(s) (``ws``, ``wss``, ``ftp``: the code would travel to a network host, ``file``), the browser's
# own (Fetch's local schemes ``about``, ``blob``, ``data``; ``javascript``, ``vbscript``, ``filesystem``,
# ``view-source``) and other protocols' (``mailto``, ``tel``, ``sms``).
NOT_PRIVATE_SCHEMES = frozenset(
    {"ws", "wss", "ftp", "file", "about", "blob", "data", "javascript", "vbscript", "filesystem", "view-source"}
    | {"mailto", "tel", "sms"}
)


# a URL's host and optional port as a CSP host-source can name it (CSP Level 3 section 2.3.1): DNS labels, IPv4,
# bracketed IPv6; nothing (";", ",", white space) that would end a directive of the consent page's CSP
HOST_PORT = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def _check_redirect_uris(client: OAuthClientInformationFull) -> None:
    """OAuth 2.1 section 2.3.1 / RFC 8252 section 7: a redirect URI is https, http on a loopback host (a native
    app's local listener), or a private-use scheme (``cursor://``, not one of ``NOT_PRIVATE_SCHEMES``); never a
    fragment, never plain http elsewhere, never user information (``https://app.example@evil.example/``: the
    consent page would show an address that reads as another site's)."""
    if len(client.redirect_uris or []) > MAX_REDIRECT_URIS:
        raise RegistrationError("invalid_redirect_uri", f"a client registers at most {MAX_REDIRECT_URIS} redirect URIs")
    for uri in client.redirect_uris or []:
        parsed = urlparse(str(uri))
        if parsed.fragment:
            raise RegistrationError("invalid_redirect_uri", "a redirect URI must not have a fragment")
        if parsed.scheme == "http" and (parsed.hostname or "") not in LOOPBACK_HOSTS:
            raise RegistrationError("invalid_redirect_uri", "http redirect URIs must be on a loopback host; use https")
        if parsed.scheme in NOT_PRIVATE_SCHEMES:
            raise RegistrationError(
                "invalid_redirect_uri",
                f"the {parsed.scheme}: scheme is not allowed; use https, http on a loopback host, or your app's "
                "private-use scheme",
            )
        if "@" in parsed.netloc:
            raise RegistrationError("invalid_redirect_uri", "a redirect URI must not carry user information (user@)")
        if parsed.scheme in ("http", "https") and not HOST_PORT.fullmatch(parsed.netloc):
            raise RegistrationError(
                "invalid_redirect_uri", "a redirect URI's host is a DNS name or an IP address, with an optional port"
            )


class ScopedClient(OAuthClientInformationFull):
    """A client as the SDK's handlers see it, with this server's scope rule: a request without a scope, or with
    an empty or blank ``scope=``, gets ``SCOPES_SUPPORTED`` (RFC 6749 section 3.3 lets the server apply a
    default); any other scope must be one of ``SCOPES_SUPPORTED`` (the SDK's rule compared it with what the
    client registered, and an empty one with nothing, so ``scope=`` was ``invalid_scope``)."""

    def validate_scope(self, requested_scope: str | None) -> list[str] | None:
        requested = (requested_scope or "").split()
        if not requested:
            return list(SCOPES_SUPPORTED)
        unknown = [scope for scope in requested if scope not in SCOPES_SUPPORTED]
        if unknown:
            raise InvalidScopeError(f"unknown scope {unknown[0][:50]!r}; this server has {' '.join(SCOPES_SUPPORTED)}")
        return requested


def _token_response(issued: IssuedTokens) -> OAuthToken:
    return OAuthToken(
        access_token=issued.access_token,
        token_type="Bearer",
        expires_in=issued.expires_in_s,
        refresh_token=issued.refresh_token,
        scope=issued.scopes or None,  # what was granted: SCOPES_SUPPORTED only (ScopedClient refuses the rest)
    )


class ContextlampOAuthProvider:
    """The SDK's ``OAuthAuthorizationServerProvider`` over ``OAuthService`` (database work in a worker thread).

    Args:
        service: the rules.
        base: this server's public base URL (the issuer), without a trailing slash.
        resource: the protected resource (``<base>/mcp``).
    """

    def __init__(
        self, service: OAuthService, base: str, resource: str, metadata: ClientMetadataFetcher | None = None
    ) -> None:
        self.service = service
        self.base = base
        self.resource = resource
        self.metadata = metadata or ClientMetadataFetcher(allow_fetch=RateBook(FETCH_RATE).hit)

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        """A registered client, or the client a Client ID Metadata Document URL names (``web.client_metadata``:
        fetched safely, checked, cached; recorded in the control plane the first time, so that the consent page
        and the connected apps know it), else None (``invalid_client``)."""
        if is_metadata_url(client_id):
            return await anyio.to_thread.run_sync(self._metadata_client, client_id)
        found = await anyio.to_thread.run_sync(self.service.client, client_id)
        return None if found is None else ScopedClient.model_validate(found)

    def _metadata_client(self, url: str) -> ScopedClient | None:
        try:
            info = self.metadata.client_info(url)
            client = ScopedClient.model_validate({**info, "scope": " ".join(SCOPES_SUPPORTED)})
            _check_redirect_uris(client)
        except (ClientMetadataError, RegistrationError, ValueError) as exc:
            logger.info("OAuth client by metadata document refused: %s", getattr(exc, "error_description", exc))
            return None
        if self.service.client(url) is None:
            try:
                self.service.register_client(url, client.model_dump(mode="json", exclude_none=True))
                logger.info("OAuth client by metadata document %s recorded", url)
            except Exception:  # another request recorded it first
                if self.service.client(url) is None:
                    raise
        return client

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        """Record a client (RFC 7591) after checking its redirect URIs (``_check_redirect_uris``).

        Raises:
            RegistrationError: a redirect URI is not allowed.
        """
        _check_redirect_uris(client_info)
        data = client_info.model_dump(mode="json", exclude_none=True)
        await anyio.to_thread.run_sync(self.service.register_client, client_info.client_id, data)
        logger.info("OAuth client %s registered", client_info.client_id)

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        """Hold the request and send the browser to the consent page (which signs the user in first).

        Raises:
            AuthorizeError: ``invalid_target`` when the resource indicator names another resource.
        """
        if params.resource is not None and not same_resource(params.resource, self.resource):
            raise AuthorizeError("invalid_target", f"this server issues tokens for {self.resource} only")
        request: dict[str, Any] = {
            "state": params.state,
            "scopes": params.scopes or [],  # validated by ScopedClient: SCOPES_SUPPORTED only, never an unknown one
            "code_challenge": params.code_challenge,
            "redirect_uri": str(params.redirect_uri),
            "redirect_uri_provided_explicitly": params.redirect_uri_provided_explicitly,
            "resource": self.resource,
        }
        request_id = await anyio.to_thread.run_sync(self.service.begin, client.client_id, request)
        return f"{self.base}{CONSENT_PATH}?{urlencode({'request': request_id})}"

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        """The code of this client (the SDK then checks its expiry, redirect URI and PKCE), else None."""
        record = await anyio.to_thread.run_sync(self.service.code, client.client_id, authorization_code)
        if record is None:
            return None
        request = json.loads(record.request)
        return AuthorizationCode(
            code=authorization_code,
            scopes=list(request.get("scopes") or []),
            expires_at=record.expires_at / 1000,
            client_id=record.client_id,
            code_challenge=str(request["code_challenge"]),
            redirect_uri=request["redirect_uri"],
            redirect_uri_provided_explicitly=bool(request["redirect_uri_provided_explicitly"]),
            resource=str(request["resource"]),
            subject=record.user_id,
        )

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        """Tokens for a code (used up here: a second exchange is refused).

        Raises:
            TokenError: ``invalid_grant``.
        """
        try:
            issued = await anyio.to_thread.run_sync(
                self.service.exchange_code, client.client_id, authorization_code.code
            )
        except OAuthError as exc:
            raise TokenError("invalid_grant", exc.description) from exc
        return _token_response(issued)

    async def load_refresh_token(self, client: OAuthClientInformationFull, refresh_token: str) -> RefreshToken | None:
        """A live refresh token of this client, else None (a used one is handed on so that the exchange
        sees the replay and revokes its grant)."""
        found = await anyio.to_thread.run_sync(self.service.refresh_token, client.client_id, refresh_token)
        if found is None:
            return None
        record, grant = found
        return RefreshToken(
            token=refresh_token,
            client_id=grant.client_id,
            scopes=grant.scopes.split(),
            expires_at=record.expires_at // 1000,
            resource=grant.resource,
            subject=grant.user_id,
        )

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        """Rotate: new tokens, the old refresh token used up.

        Raises:
            TokenError: ``invalid_grant``.
        """
        try:
            issued = await anyio.to_thread.run_sync(self.service.refresh, client.client_id, refresh_token.token)
        except OAuthError as exc:
            raise TokenError("invalid_grant", exc.description) from exc
        return _token_response(issued)

    async def load_access_token(self, token: str) -> AccessToken | None:
        """A live access token (for revocation; requests are verified by ``web.auth``), else None."""
        found = await anyio.to_thread.run_sync(self.service.access, token)
        if found is None:
            return None
        user, grant, record = found
        return sdk_access_token(token, user, grant, record)

    async def exchange_identity_assertion(
        self, client: OAuthClientInformationFull, params: IdentityAssertionParams
    ) -> OAuthToken:
        """Not offered (SEP-990 enterprise identity assertions): the grant is not advertised either.

        Raises:
            TokenError: ``unsupported_grant_type``, always.
        """
        raise TokenError("unsupported_grant_type", "The JWT bearer grant is not supported by this server")

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        """Revoke the token's grant: every access and refresh token of that sign-in stops working."""
        await anyio.to_thread.run_sync(self.service.revoke, token.token)


def issuer_url(base: str) -> AnyHttpUrl:
    """``base`` as the SDK's issuer URL, a path-less one kept without a trailing slash (RFC 8414 section 3.3
    compares issuers as exact strings)."""
    settings = AuthSettings.model_validate({"issuer_url": base, "resource_server_url": None})
    return settings.issuer_url


def oauth_available(base: str) -> bool:
    """Whether the built-in server can run at ``base``: RFC 8414 wants an https issuer (the SDK allows http on
    loopback only)."""
    try:
        validate_issuer_url(issuer_url(base))
    except ValueError:
        return False
    return True


def oauth_routes(provider: ContextlampOAuthProvider) -> list[Route]:
    """The SDK's authorization-server routes (metadata, authorize, token, register, revoke) for ``provider``."""
    issuer = issuer_url(provider.base)
    registration = ClientRegistrationOptions(enabled=True, default_scopes=list(SCOPES_SUPPORTED))
    revocation = RevocationOptions(enabled=True)
    routes = create_auth_routes(
        provider, issuer_url=issuer, client_registration_options=registration, revocation_options=revocation
    )
    limited: list[Route] = []
    for route in routes:
        if route.path == METADATA_PATH:
            handler = MetadataHandler(authorization_server_metadata(issuer, registration, revocation))
            route = Route(
                METADATA_PATH, cors_middleware(handler.handle, ["GET", "OPTIONS"]), methods=["GET", "OPTIONS"]
            )
        elif route.path == "/register":  # open registration, so at most REGISTRATION_RATE per client address
            limit = RegistrationLimit(route.app, RateBook(REGISTRATION_RATE), RateBook(REGISTRATION_TOTAL_RATE))
            route = Route(route.path, limit, methods=["POST", "OPTIONS"])
        elif route.path == "/revoke":
            route = Route(route.path, PublicRevocation(route.app), methods=["POST", "OPTIONS"])
        elif route.path == "/token":
            route = Route(route.path, TokenRequestCheck(route.app, provider.resource), methods=["POST", "OPTIONS"])
        limited.append(route)
    return limited


def authorization_server_metadata(
    issuer: AnyHttpUrl, registration: ClientRegistrationOptions, revocation: RevocationOptions
) -> OAuthMetadata:
    """The SDK's RFC 8414 metadata (``build_metadata``) with what it leaves out: ``scopes_supported``
    (``SCOPES_SUPPORTED``), ``none`` among the token endpoint's authentication methods (public clients: every
    client signing in with a metadata document, and registrations with ``token_endpoint_auth_method`` none),
    and ``client_id_metadata_document_supported`` (the MCP authorization spec's "Client Registration")."""
    metadata = build_metadata(issuer, None, registration, revocation)
    metadata.scopes_supported = list(SCOPES_SUPPORTED)
    metadata.token_endpoint_auth_methods_supported = ["client_secret_post", "client_secret_basic", "none"]
    metadata.client_id_metadata_document_supported = True
    return metadata


MAX_TOKEN_REQUEST_BYTES = 65_536  # a token request is a few hundred bytes (a code or refresh token, a verifier)
MAX_TOKEN_REQUEST_FIELDS = 50


class TokenRequestCheck:
    """ASGI wrapper of the token endpoint, before the SDK's handler sees the request:

    - the body must be ``application/x-www-form-urlencoded`` (RFC 6749 sections 4.1.3 and 6), at most
      ``MAX_TOKEN_REQUEST_BYTES`` (413 beyond) and ``MAX_TOKEN_REQUEST_FIELDS`` fields;
    - every ``resource`` parameter (RFC 8707 section 2.2) must name ``resource``, this server's ``/mcp``, else
      ``400 invalid_target`` and nothing is issued. The SDK's handler reads the parameter but never hands it
      to the provider, which binds every token to ``/mcp``: a client asking for a token for another resource
      would be given one for this server, which that other resource could then replay here (the audience
      confusion RFC 8707 exists to prevent).

    Errors are RFC 6749 section 5.2 JSON bodies, never cached.
    """

    def __init__(self, app: ASGIApp, resource: str) -> None:
        self.app = app
        self.resource = resource

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        content_type = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if content_type != "application/x-www-form-urlencoded":
            why = "A token request is application/x-www-form-urlencoded (RFC 6749 section 4.1.3)."
            await _token_error("invalid_request", why, 400)(scope, receive, send)
            return
        body = await read_body(receive, MAX_TOKEN_REQUEST_BYTES)
        if body is None:
            await _token_error("invalid_request", "The token request is too large.", 413)(scope, receive, send)
            return
        try:
            fields = parse_qsl(
                body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=MAX_TOKEN_REQUEST_FIELDS
            )
        except ValueError:
            await _token_error("invalid_request", "The token request has too many fields.", 400)(scope, receive, send)
            return
        if any(name == "resource" and not same_resource(value, self.resource) for name, value in fields):
            why = f"This server issues tokens for {self.resource} only (RFC 8707)."
            await _token_error("invalid_target", why, 400)(scope, receive, send)
            return
        await self.app(scope, replay_body(body), send)


def _token_error(error: str, description: str, status: int) -> JSONResponse:
    """An RFC 6749 section 5.2 error body (also RFC 7591 section 3.2.2's), never cached."""
    body = {"error": error, "error_description": description}
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store", "Pragma": "no-cache"})


class RegistrationLimit:
    """ASGI wrapper of the registration endpoint: at most ``rate.limit`` registrations per client address and
    ``total.limit`` from all addresses together, loopback peers included (429 + ``Retry-After`` beyond; CORS
    preflights are not counted), each body at most ``MAX_REGISTRATION_BYTES`` (413 before the SDK parses it:
    registration is open, and 100,000 redirect URIs took 16 s of parsing and 3 MB of the control plane). The
    address is the connection's own unless ``CONTEXTLAMP_TRUSTED_PROXIES`` names the peer (``web.app.
    proxy_options``); a registration no sign-in uses expires after a day (``app.oauth.UNUSED_CLIENT_TTL_MS``)."""

    def __init__(self, app: ASGIApp, rate: RateBook, total: RateBook) -> None:
        self.app = app
        self.rate = rate
        self.total = total

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") == "POST":
            client = scope.get("client")
            retry = self.rate.hit(f"register:{client[0] if client else 'unknown'}")
            if retry is None:
                retry = self.total.hit("register:all")
            if retry is not None:
                body = {"error": "rate_limited", "error_description": "Too many client registrations; retry later."}
                await JSONResponse(body, status_code=429, headers={"Retry-After": str(retry)})(scope, receive, send)
                return
            data = await read_body(receive, MAX_REGISTRATION_BYTES)
            if data is None:
                why = f"A client registration is at most {MAX_REGISTRATION_BYTES} bytes."
                await _token_error("invalid_client_metadata", why, 413)(scope, receive, send)
                return
            receive = replay_body(data)
        await self.app(scope, receive, send)


MAX_REVOCATION_BYTES = 16_384  # a revocation request is a token, a hint and a client id


class PublicRevocation:
    """ASGI wrapper of the revocation endpoint (RFC 7009): a public client (registered with
    ``token_endpoint_auth_method=none``, as MCP clients are) revokes its own tokens with ``token`` and
    ``client_id`` only (RFC 7009 section 2.1 authenticates a client "if" it has credentials). The SDK's
    handler declares ``client_secret`` without a default, so it answered such a request 400 and a client's
    sign-out left its tokens valid; here an absent ``client_secret`` is sent on as an empty one, which the SDK's
    client check reads as none: a confidential client still needs its secret, and a token of another client
    is still left alone (the SDK compares the token's client with the caller). Bodies are bounded (413)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        content_type = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
        body = await read_body(receive, MAX_REVOCATION_BYTES)
        if body is None:
            await _token_error("invalid_request", "The revocation request is too large.", 413)(scope, receive, send)
            return
        if content_type == "application/x-www-form-urlencoded":
            try:
                names: set[str] = {n for n, _ in parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)}
            except ValueError:
                names = set[str]()
            if "client_secret" not in names and "client_id" in names:
                body = body + (b"&" if body else b"") + b"client_secret="
        await self.app(scope, replay_body(body), send)


def sdk_access_token(
    token: str, user: User, grant: OAuthGrant, record: OAuthTokenRecord, claims: dict[str, Any] | None = None
) -> AccessToken:
    """The SDK's ``AccessToken`` for a live access token of the built-in server: the grant's client, scopes and
    resource, the user as subject, ``expires_at`` in seconds since the epoch (the record holds ms)."""
    return AccessToken(
        token=token,
        client_id=grant.client_id,
        scopes=grant.scopes.split(),
        expires_at=record.expires_at // 1000,
        resource=grant.resource,
        subject=user.id,
        claims=claims,
    )
