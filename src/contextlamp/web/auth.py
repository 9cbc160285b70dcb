"""Bearer-token verification for the HTTP server (an OAuth 2.1 resource server, MCP authorization spec).

Three kinds of token reach ``verify_token``:

- personal access tokens (``clp_…``) issued by ``contextlamp token create``: looked up by SHA-256 in the
  control plane; unknown, revoked or expired tokens, or tokens of a deleted user, are refused.
- access tokens (``clpa_…``) of the built-in OAuth 2.1 server (``web.oauth``): looked up by SHA-256 like the
  personal tokens, refused once expired, once their grant is revoked, or when bound to another resource.
- JWT access tokens of an external OpenID Connect provider, when ``CONTEXTLAMP_OIDC_ISSUER``,
  ``CONTEXTLAMP_OIDC_AUDIENCE`` and ``CONTEXTLAMP_OIDC_JWKS_URL`` are set: verified by PyJWT (signature
  against the provider's JWKS, ``exp``, ``nbf``, ``iss``, ``aud``, RFC 7519 section 4.1; RFC 9068 for access
  tokens), keys cached by ``PyJWKClient`` and re-fetched on an unknown ``kid`` (with its cooldown, so forged
  ``kid`` values cannot make us hammer the provider). The user is the ``sub`` claim, mapped to a local user
  named ``<sub>@<issuer host>`` on first sight (an admin may create that user first).

The SDK's ``BearerAuthBackend`` leaves a request whose token verifies to ``None`` unauthenticated, and
``web.gate.HttpGate`` answers it 401 with a ``WWW-Authenticate`` header naming the RFC 9728 protected-resource
metadata.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from urllib.parse import urlparse

import anyio.to_thread
import jwt
from mcp.server.auth.provider import AccessToken

from contextlamp.app.accounts import TOKEN_PREFIX, Accounts, check_user_name
from contextlamp.app.oauth import ACCESS_PREFIX, OAuthService
from contextlamp.domain.models import Principal
from contextlamp.errors import AuthenticationError, ConfigError, InvalidArgumentError

logger = logging.getLogger(__name__)

JWKS_CACHE_S = 300  # PyJWKClient's default lifespan of a fetched key set
JWKS_TIMEOUT_S = 10
JWKS_REFRESH_COOLDOWN_S = 30.0  # PyJWKClient's default: at most one forced re-fetch per 30 s for unknown kids
CLOCK_LEEWAY_S = 30  # tolerated clock skew for exp/nbf (RFC 7519 section 4.1.4 allows "a small leeway")
PAT_CLIENT = "contextlamp-pat"


class OidcVerifier:
    """Verifies JWT access tokens of one OpenID Connect issuer.

    Raises (constructor):
        ConfigError: a URL is not http(s) or no algorithm is allowed.
    """

    def __init__(
        self,
        issuer: str,
        audience: str,
        jwks_url: str,
        algorithms: Sequence[str],
        refresh_cooldown_s: float = JWKS_REFRESH_COOLDOWN_S,
    ) -> None:
        for name, url in (("CONTEXTLAMP_OIDC_ISSUER", issuer), ("CONTEXTLAMP_OIDC_JWKS_URL", jwks_url)):
            if urlparse(url).scheme not in ("http", "https"):
                raise ConfigError(f"{name} must be an http(s) URL, got {url!r}.")
        if not algorithms or any(a.lower() == "none" or a.upper().startswith("HS") for a in algorithms):
            raise ConfigError("OIDC algorithms must be asymmetric (e.g. RS256, ES256), never none or HS*.")
        self.issuer = issuer
        self.audience = audience
        self.algorithms = list(algorithms)
        self._keys = jwt.PyJWKClient(
            jwks_url,
            cache_keys=True,
            lifespan=JWKS_CACHE_S,
            timeout=JWKS_TIMEOUT_S,
            cooldown_duration=refresh_cooldown_s,
        )

    def claims(self, token: str) -> dict[str, object] | None:
        """The verified claims of a token, or None when it is malformed, unsigned by the issuer's keys,
        expired, not yet valid, or for another issuer or audience. Blocking (may fetch the JWKS)."""
        try:
            key = self._signing_key(token)
            claims: dict[str, object] = jwt.decode(
                token,
                key.key,
                algorithms=self.algorithms,
                audience=self.audience,
                issuer=self.issuer,
                leeway=CLOCK_LEEWAY_S,
                options={"require": ["exp", "iss", "aud", "sub"]},
            )
        except (jwt.PyJWTError, ValueError) as exc:
            logger.info("JWT refused: %s", type(exc).__name__)
            return None
        if not isinstance(claims.get("sub"), str) or not claims["sub"]:
            return None
        return claims

    def _signing_key(self, token: str) -> jwt.PyJWK:
        """The JWKS key named by the token's ``kid``; a token without ``kid`` is accepted only when the key set
        holds exactly one signing key (some providers omit ``kid`` then)."""
        if jwt.get_unverified_header(token).get("kid") is not None:
            return self._keys.get_signing_key_from_jwt(token)
        keys = self._keys.get_signing_keys()
        if len(keys) != 1:
            raise jwt.InvalidTokenError("token has no kid and the key set holds several keys")
        return keys[0]


class ContextlampTokenVerifier:
    """The SDK ``TokenVerifier``: a bearer token to an ``AccessToken`` whose ``subject`` is the local user id
    and whose ``claims`` carry ``name`` (the user name); None for anything not valid right now."""

    def __init__(
        self,
        accounts: Accounts,
        oidc: OidcVerifier | None,
        oauth: OAuthService | None = None,
        resource: str | None = None,
    ) -> None:
        self.accounts = accounts
        self.oidc = oidc
        self.oauth = oauth  # the built-in authorization server's tokens (clpa_…), bound to ``resource``
        self.resource = resource

    async def verify_token(self, token: str) -> AccessToken | None:
        """Verify a bearer token (database and JWKS work runs in a worker thread)."""
        return await anyio.to_thread.run_sync(self._verify, token)

    def _verify(self, token: str) -> AccessToken | None:
        if token.startswith(ACCESS_PREFIX):
            return self._oauth(token)
        if token.startswith(TOKEN_PREFIX):
            found = self.accounts.authenticate(token)
            if found is None:
                return None
            user, record = found
            return AccessToken(
                token=token,
                client_id=PAT_CLIENT,
                scopes=[],
                expires_at=None if record.expires_at is None else record.expires_at // 1000,
                subject=user.id,
                claims={"name": user.name, "token_id": record.id},
            )
        if self.oidc is None:
            return None
        claims = self.oidc.claims(token)
        if claims is None:
            return None
        subject = str(claims["sub"])
        host = urlparse(self.oidc.issuer).hostname or "oidc"
        try:
            name = check_user_name(f"{subject}@{host}")
        except InvalidArgumentError:  # control characters, white space, an id's shape: not a usable name
            logger.info("JWT refused: its sub cannot name a user")
            return None
        user = self.accounts.user_for_identity(self.oidc.issuer, subject, name)
        exp = claims.get("exp")
        return AccessToken(
            token=token,
            client_id=str(claims.get("azp") or claims.get("client_id") or "oidc"),
            scopes=str(claims.get("scope") or "").split(),
            # the SDK checks expires_at again, with no leeway: give it the same leeway as the JWT check
            expires_at=int(exp) + CLOCK_LEEWAY_S if isinstance(exp, int | float) else None,
            subject=user.id,
            claims={"name": user.name, "iss": self.oidc.issuer},
        )

    def _oauth(self, token: str) -> AccessToken | None:
        """An access token of the built-in OAuth server: live, its grant not revoked, and bound to this
        server's resource (RFC 8707; a token for another resource is refused, MCP authorization spec "Token
        Audience Binding")."""
        if self.oauth is None or self.resource is None:
            return None
        found = self.oauth.access(token)
        if found is None:
            return None
        user, grant, record = found
        if grant.resource != self.resource:
            return None
        from contextlamp.web.oauth import sdk_access_token  # with the OAuth server, only when one is configured

        return sdk_access_token(token, user, grant, record, claims={"name": user.name, "grant_id": grant.id})


def principal_of_token(token: AccessToken | None) -> Principal:
    """The principal of a verified token (set by ``ContextlampTokenVerifier``).

    Raises:
        AuthenticationError: no verified token in this request (cannot happen behind ``RequireAuthMiddleware``).
    """
    if token is None or not token.subject or not token.claims:
        raise AuthenticationError("no authenticated user in this request")
    return Principal(user_id=token.subject, name=str(token.claims.get("name", "")))
