"""OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, which the MCP authorization
spec's "Client Registration" prefers to Dynamic Client Registration): a client whose ``client_id`` is an https
URL publishes its metadata (name, redirect URIs) at that URL, and this server fetches it instead of asking the
client to register.

The fetch is made safe, since anyone can name any URL as a client id:

- the URL is https with a host and a path, no user information, fragment, dot segment or port outside
  1-65535, at most ``MAX_URL_CHARS`` long;
- the host's addresses are resolved once, and every one must be a public (globally routable) address: a client
  id naming ``localhost``, a private network (10/8, 192.168/16, fc00::/7), a link-local or a metadata-service
  address (169.254.169.254) is refused. The connection goes to the address that was checked (no second lookup
  a DNS rebinding could answer differently), with TLS verified against the host's name;
- no redirects (a 3xx is a failure), status 200 only, a JSON object of at most ``MAX_DOCUMENT_BYTES``,
  ``FETCH_TIMEOUT_S`` for the whole exchange;
- at most ``FETCH_RATE`` fetches of documents not in the cache, server-wide;
- a fetched document is cached for its ``Cache-Control: max-age`` bounded to ``[MIN_CACHE_S, MAX_CACHE_S]``
  (``DEFAULT_CACHE_S`` without one); a failure is remembered for ``FAILURE_CACHE_S``.

The document must name itself (``client_id`` equal to the URL), hold no client secret, be a public client
(``token_endpoint_auth_method`` ``none``), use only the authorization-code and refresh grants, and list its
redirect URIs (checked by the same rules as a registration's). Tests on loopback build a fetcher with
``allow_loopback``: then http on a loopback address is fetched too, and nothing else changes.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import logging
import re
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlsplit

from contextlamp.errors import ContextlampError

logger = logging.getLogger(__name__)

MAX_URL_CHARS = 200  # the control plane keeps client ids of at most 200 characters (app.oauth.OAuthService.client)
MAX_DOCUMENT_BYTES = 5 * 1024  # the draft's recommended limit (section 6.6)
FETCH_TIMEOUT_S = 5.0
FETCH_RATE = "60/hour"  # documents fetched (cache misses) per server
DEFAULT_CACHE_S = 3600
MIN_CACHE_S = 60
MAX_CACHE_S = 24 * 3600
FAILURE_CACHE_S = 60
PUBLIC_GRANTS = frozenset({"authorization_code", "refresh_token"})
_DOT_SEGMENT = re.compile(r"(^|/)\.\.?(/|$)")
_MAX_AGE = re.compile(r"(?:^|,)\s*max-age\s*=\s*(\d{1,9})\s*(?:,|$)", re.IGNORECASE)


class ClientMetadataError(ContextlampError):
    """A client id URL or its document that this server does not accept; the message says why (for the log and
    the ``invalid_client`` answer; it never quotes the document)."""


def is_metadata_url(client_id: str) -> bool:
    """Whether ``client_id`` is meant as a Client ID Metadata Document URL (it starts with https:// or http://);
    a registered client's id never does."""
    return client_id.startswith(("https://", "http://"))


def check_url(url: str, allow_loopback: bool = False) -> tuple[str, int, str]:
    """``(host, port, path with query)`` of a client id URL the draft allows (section 3).

    Raises:
        ClientMetadataError: not https (http only on loopback with ``allow_loopback``), no path, user
            information, a fragment, a dot segment, a bad port, or longer than ``MAX_URL_CHARS``.
    """
    if len(url) > MAX_URL_CHARS:
        raise ClientMetadataError(f"a client id URL is at most {MAX_URL_CHARS} characters")
    parts = urlsplit(url)
    if parts.scheme != "https" and not (allow_loopback and parts.scheme == "http"):
        raise ClientMetadataError("a client id URL must be https")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise ClientMetadataError("a client id URL must not carry user information")
    if parts.fragment or "#" in url:
        raise ClientMetadataError("a client id URL must not have a fragment")
    if not parts.path or parts.path == "/" or _DOT_SEGMENT.search(parts.path):
        raise ClientMetadataError("a client id URL must have a path without . or .. segments")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise ClientMetadataError("a client id URL has a bad port") from exc
    host = parts.hostname or ""
    if not host:
        raise ClientMetadataError("a client id URL must name a host")
    return host, port, parts.path + (f"?{parts.query}" if parts.query else "")


def allowed_address(address: str, allow_loopback: bool = False) -> bool:
    """Whether a resolved address may be fetched from: a globally routable one (``ipaddress``'s ``is_global``:
    not private, loopback, link-local, shared, reserved or multicast), or loopback with ``allow_loopback``.
    An IPv4-mapped IPv6 address is judged as its IPv4 address."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return allow_loopback
    return ip.is_global and not ip.is_multicast


def cache_seconds(cache_control: str | None) -> int:
    """How long a fetched document is kept: its ``max-age`` bounded to ``[MIN_CACHE_S, MAX_CACHE_S]``,
    ``MIN_CACHE_S`` for ``no-store``/``no-cache``, ``DEFAULT_CACHE_S`` without either (RFC 9111 section 5.2.2)."""
    if not cache_control:
        return DEFAULT_CACHE_S
    found = _MAX_AGE.search(cache_control)
    if found:
        return max(MIN_CACHE_S, min(MAX_CACHE_S, int(found.group(1))))
    if re.search(r"no-store|no-cache", cache_control, re.IGNORECASE):
        return MIN_CACHE_S
    return DEFAULT_CACHE_S


def check_document(url: str, document: Any) -> dict[str, Any]:
    """The client information of a fetched document (draft section 4): a public client's, with ``client_id``
    ``url`` and ``token_endpoint_auth_method`` ``none``.

    Raises:
        ClientMetadataError: not a JSON object, ``client_id`` not ``url``, a client secret, another
            authentication method, another grant or response type, or no redirect URIs.
    """
    if not isinstance(document, dict):
        raise ClientMetadataError("the client metadata document is not a JSON object")
    data = cast(dict[str, Any], document)
    if data.get("client_id") != url:
        raise ClientMetadataError("the client metadata document's client_id is not its own URL")
    if "client_secret" in data or "client_secret_expires_at" in data:
        raise ClientMetadataError("a client metadata document must not hold a client secret")
    method = data.get("token_endpoint_auth_method", "none")
    if method != "none":
        raise ClientMetadataError("this server accepts public clients only (token_endpoint_auth_method none)")
    grants = data.get("grant_types", ["authorization_code"])
    if not isinstance(grants, list) or not grants or not set(cast(list[Any], grants)) <= PUBLIC_GRANTS:
        raise ClientMetadataError("grant_types may hold authorization_code and refresh_token only")
    responses = data.get("response_types", ["code"])
    if responses != ["code"]:
        raise ClientMetadataError('response_types must be ["code"]')
    uris = data.get("redirect_uris")
    if not isinstance(uris, list) or not uris or not all(isinstance(u, str) for u in cast(list[Any], uris)):
        raise ClientMetadataError("redirect_uris must be a list of URLs")
    info: dict[str, Any] = {
        "client_id": url,
        "redirect_uris": list(cast(list[str], uris)),
        "token_endpoint_auth_method": "none",
        "grant_types": list(cast(list[str], grants)),
        "response_types": ["code"],
    }
    for name in ("client_name", "client_uri", "logo_uri"):
        value = data.get(name)
        if isinstance(value, str) and value:
            info[name] = value[:500]
    return info


@dataclass(frozen=True)
class _Cached:
    expires_at: float  # monotonic seconds
    info: dict[str, Any] | None  # None: the fetch failed
    reason: str = ""


class ClientMetadataFetcher:
    """Fetches, checks and caches Client ID Metadata Documents (see the module docstring). Blocking: call it in a
    worker thread.

    Args:
        allow_loopback: tests on loopback only: http and loopback addresses are fetched too.
        allow_fetch: the server-wide fetch budget (``web.quotas.RateBook(FETCH_RATE).hit``-shaped: None when
            allowed, else seconds to wait); None: no budget.
        clock: monotonic seconds (for the cache).
    """

    def __init__(
        self,
        allow_loopback: bool = False,
        allow_fetch: Callable[[str], int | None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.allow_loopback = allow_loopback
        self.allow_fetch = allow_fetch
        self.clock = clock
        self._cache: dict[str, _Cached] = {}
        self._lock = threading.Lock()

    def client_info(self, url: str) -> dict[str, Any]:
        """The checked client information of the document at ``url`` (from the cache while it is fresh).

        Raises:
            ClientMetadataError: the URL, the address, the fetch or the document is refused (also while a
                recent failure is cached).
        """
        now = self.clock()
        with self._lock:
            cached = self._cache.get(url)
        if cached is not None and cached.expires_at > now:
            if cached.info is None:
                raise ClientMetadataError(cached.reason)
            return cached.info
        if self.allow_fetch is not None and self.allow_fetch("client-metadata") is not None:
            raise ClientMetadataError("too many client metadata documents fetched; retry later")
        try:
            info, seconds = self._fetch(url)
        except ClientMetadataError as exc:
            with self._lock:
                self._cache[url] = _Cached(now + FAILURE_CACHE_S, None, str(exc))
            logger.info("client metadata document refused: %s", exc)
            raise
        with self._lock:
            if len(self._cache) > 10_000:  # bounded: the oldest half goes
                for key in sorted(self._cache, key=lambda k: self._cache[k].expires_at)[:5_000]:
                    del self._cache[key]
            self._cache[url] = _Cached(now + seconds, info)
        return info

    def _fetch(self, url: str) -> tuple[dict[str, Any], int]:
        host, port, target = check_url(url, self.allow_loopback)
        deadline = time.monotonic() + FETCH_TIMEOUT_S
        try:
            found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as exc:
            raise ClientMetadataError("the client id URL's host does not resolve") from exc
        addresses = [str(entry[4][0]) for entry in found]
        if not addresses or not all(allowed_address(a, self.allow_loopback) for a in addresses):
            raise ClientMetadataError("the client id URL's host is not a public address")
        https = url.startswith("https://")
        connection = _PinnedConnection(host, port, addresses[0], https, FETCH_TIMEOUT_S)
        try:
            connection.request("GET", target, headers={"Accept": "application/json", "User-Agent": "contextlamp"})
            response = connection.getresponse()
            if response.status != 200:
                raise ClientMetadataError(f"fetching the client metadata document answered HTTP {response.status}")
            length = response.getheader("Content-Length")
            if length is not None and (not length.isdigit() or int(length) > MAX_DOCUMENT_BYTES):
                raise ClientMetadataError(f"a client metadata document is at most {MAX_DOCUMENT_BYTES} bytes")
            body = b""
            while len(body) <= MAX_DOCUMENT_BYTES:
                if time.monotonic() > deadline:
                    raise ClientMetadataError("fetching the client metadata document took too long")
                chunk = response.read1(MAX_DOCUMENT_BYTES + 1 - len(body))
                if not chunk:
                    break
                body += chunk
            if len(body) > MAX_DOCUMENT_BYTES:
                raise ClientMetadataError(f"a client metadata document is at most {MAX_DOCUMENT_BYTES} bytes")
            cache_control = response.getheader("Cache-Control")
        except (OSError, http.client.HTTPException) as exc:
            raise ClientMetadataError(f"fetching the client metadata document failed ({type(exc).__name__})") from exc
        finally:
            connection.close()
        try:
            document = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise ClientMetadataError("the client metadata document is not JSON") from exc
        return check_document(url, document), cache_seconds(cache_control)


class _PinnedConnection(http.client.HTTPSConnection):
    """An HTTP(S) connection to ``address`` (the address that was checked), TLS verified against ``host``."""

    def __init__(self, host: str, port: int, address: str, https: bool, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address
        self._https = https

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)
        if self._https:
            self.sock = ssl.create_default_context().wrap_socket(self.sock, server_hostname=self.host)
