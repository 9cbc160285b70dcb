"""``HttpGate``: the ASGI middleware between the SDK's authentication middleware and its routes, which answers
the 401s (RFC 6750, ``unauthorized``), the 429s of ``web.quotas`` and the 413 of an oversized body, and scrubs
unpaired surrogate escapes from ``POST /mcp`` bodies as over stdio. ``SlowBodyGuard``, outside every other
middleware, answers 408 to a request whose body arrives too slowly (a slowloris client holding connections).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from typing import Any, cast

import anyio
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken, principal_components
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from contextlamp.errors import ContextlampError
from contextlamp.mcp.stdio import scrub_json_surrogates
from contextlamp.web.quotas import HttpLimits, WorkBusy

logger = logging.getLogger(__name__)

MCP_PATH = "/mcp"
# no bearer token needed, never rate limited per token: health, metadata, the OAuth endpoints (which authenticate
# clients themselves, RFC 6749 section 2.3) and the sign-in and consent pages (a browser session, web.pages)
PUBLIC_PATHS = (
    "/healthz",
    "/.well-known/",
    "/authorize",
    "/token",
    "/register",
    "/revoke",
    "/signin",
    "/signout",
    "/oauth/",
    "/static/",
)


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of request header ``name`` (lower-case bytes), decoded as latin-1; None when absent."""
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
    raw = (header(scope, b"authorization") or "").strip()
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


def _browser_request(scope: Scope, path: str) -> bool:
    """A request the dashboard answers (``web.dashboard``): no ``Authorization`` header, on any path but
    ``/mcp``. Its pages sign in with the session cookie and send anyone else to the sign-in; ``/export`` answers
    such a request without a session with the same 401 as here (``web.routes.export_endpoint``); an unknown
    path gets the dashboard's not-found page."""
    return path != MCP_PATH and header(scope, b"authorization") is None


class HttpGate:
    """ASGI middleware between the SDK's authentication middleware (which sets ``scope["user"]``) and its routes.

    - ``/healthz``, ``/.well-known/…``, the OAuth endpoints and the sign-in pages pass untouched, and so does
      a request without an ``Authorization`` header on any path but ``/mcp`` (the dashboard's, signed in by its
      session cookie; ``_browser_request``); anything else without a verified token gets ``unauthorized`` (401)
      and leaves no state;
    - per verified token, at most ``limits.rate`` requests, and per user over all their tokens at most
      ``limits.user_rate`` (429 + ``Retry-After``);
    - a heavy ``POST /mcp`` (``heavy_call``: ``save_session``, a large body) waits for its user's turn in
      ``limits.heavy`` (429 + ``Retry-After`` when the user already has too many waiting);
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
        if scope["type"] != "http" or path.startswith(PUBLIC_PATHS) or _browser_request(scope, path):
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
        user_rate = self.limits.user_rate
        user_retry = user_rate.hit(f"user:{token.subject or token.client_id}") if user_rate is not None else None
        if user_retry is not None and user_rate is not None:  # more tokens buy no more requests
            await _too_many(scope, receive, send, user_retry, f"Rate limit of {user_rate.limit} per user reached.")
            return
        if path != MCP_PATH:
            await self.app(scope, receive, send)
            return
        await self._mcp(scope, receive, send, token_key, token)

    async def _mcp(self, scope: Scope, receive: Receive, send: Send, token_key: str, token: AccessToken) -> None:
        book = self.limits.sessions
        owner = principal_components(token)
        session_id = header(scope, b"mcp-session-id")
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

        heavy = self.limits.heavy
        heavy_user = token.subject or token.client_id
        declared = header(scope, b"content-length") or ""
        large = method == "POST" and declared.isdigit() and int(declared) > HEAVY_BODY_BYTES
        if large and heavy is not None and heavy.full(heavy_user):  # refused before its body is read: cheap
            if tracked is not None:
                book.finish(tracked)
            await _too_many(scope, receive, send, HEAVY_RETRY_S, HEAVY_BUSY)
            return
        try:
            if method == "POST":
                body = await read_body(receive, self.max_body_bytes)
                if body is None:
                    await Response("Request body too large", status_code=413)(scope, receive, send)
                    return
                receive = replay_body(scrub_json_surrogates(body.decode("utf-8", "replace")).encode("utf-8"))
                if heavy is not None and heavy_call(body):
                    try:
                        async with heavy.slot(heavy_user):
                            await self.app(scope, receive, tracked_send)
                    except WorkBusy:
                        await _too_many(scope, receive, send, HEAVY_RETRY_S, HEAVY_BUSY)
                    return
            await self.app(scope, receive, tracked_send)
        finally:
            if tracked is not None:
                book.finish(tracked)


HEAVY_TOOLS = frozenset({"save_session"})  # distils and embeds a whole session: seconds of CPU
HEAVY_BODY_BYTES = 65_536  # a body this large is a big save (a get_context request is a few hundred bytes)
HEAVY_RETRY_S = 10
HEAVY_BUSY = "Too many heavy calls (save_session, large bodies) of this user at once; retry later."


def heavy_call(body: bytes) -> bool:
    """Whether a ``POST /mcp`` body is heavy work (``HeavyWork``): over ``HEAVY_BODY_BYTES``, or a ``tools/call``
    of one of ``HEAVY_TOOLS`` (a single message or a batch)."""
    if len(body) > HEAVY_BODY_BYTES:
        return True
    if not any(name.encode() in body for name in HEAVY_TOOLS):
        return False
    try:
        parsed = json.loads(body)
    except (ValueError, RecursionError):
        return False
    messages = cast(list[Any], parsed) if isinstance(parsed, list) else [parsed]
    for message in messages:
        if isinstance(message, dict) and cast(dict[str, Any], message).get("method") == "tools/call":
            params = cast(dict[str, Any], message).get("params")
            if isinstance(params, dict) and cast(dict[str, Any], params).get("name") in HEAVY_TOOLS:
                return True
    return False


async def _too_many(scope: Scope, receive: Receive, send: Send, retry_after: int, why: str) -> None:
    body = {"error": "rate_limited", "error_description": why}
    await JSONResponse(body, status_code=429, headers={"Retry-After": str(retry_after)})(scope, receive, send)


async def read_body(receive: Receive, limit: int) -> bytes | None:
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


def replay_body(body: bytes) -> Receive:
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


# Apache httpd's mod_reqtimeout defaults for a request body ("body=20,MinRate=500"): 20 s for the first
# bytes, then 1 s more for every 500 bytes received; a body slower than that is refused with 408.
BODY_FIRST_S = 20.0
BODY_MIN_RATE = 500  # bytes per second


class BodyTooSlow(ContextlampError):
    """The request body did not arrive within ``SlowBodyGuard``'s deadline."""


class SlowBodyGuard:
    """ASGI middleware: a request body must arrive at least as fast as Apache's ``mod_reqtimeout`` default asks
    (``BODY_FIRST_S`` seconds, plus one second per ``BODY_MIN_RATE`` bytes received), else ``408`` with
    ``Connection: close`` and the handler's read fails (nothing is done with a partial body). Without it a
    client that sends a body a byte at a time holds a connection, a task and its buffer for as long as it
    likes, and a few hundred such clients exhaust the server's file descriptors (the "slow body" attack).

    Only the reading of the body is timed: once the last chunk arrived (``more_body`` false), ``receive`` is
    the app's wait for the disconnect (an MCP event stream stays open for as long as its client listens).
    Request headers are read by uvicorn before any ASGI code runs, so a client that is slow to send its headers
    is not covered here: docs/http.md says to deploy behind a reverse proxy, which times those out.

    Args:
        first_s, min_rate: the deadline's two parameters (tests shorten them).
    """

    def __init__(self, app: ASGIApp, first_s: float = BODY_FIRST_S, min_rate: int = BODY_MIN_RATE) -> None:
        self.app = app
        self.first_s = first_s
        self.min_rate = min_rate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = anyio.current_time()
        received = 0
        done = False
        started = False

        async def timed_receive() -> Message:
            nonlocal received, done
            if done:
                return await receive()
            deadline = start + self.first_s + received / self.min_rate
            message: Message | None = None
            with anyio.move_on_after(max(deadline - anyio.current_time(), 0.0)):
                message = await receive()
            if message is None:
                raise BodyTooSlow
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                done = not message.get("more_body", False)
            else:
                done = True
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, timed_receive, watched_send)
        except BodyTooSlow:
            logger.info("request body too slow: %s %s refused", scope.get("method"), scope.get("path"))
            if not started:
                body = "Request body too slow"
                await Response(body, status_code=408, headers={"Connection": "close"})(scope, receive, send)
