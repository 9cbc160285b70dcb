"""The dashboard's shared machinery (``Board``): who is signed in, the CSRF and origin checks of every POST, the
layout's rendering with its nav, the not-found and error pages. Page modules use it; none reads a cookie, a
form or a template itself (the package docstring shows how a page is written).

Security (docs/dashboard.md "Security model"): the session is the sign-in's (``web.pages``: cookie
``clp_session``, HttpOnly, SameSite=Strict, Secure behind https); every request must name a ``Host`` this server
answers to (DNS rebinding); every POST must come from this server's own origin (``WebPages.same_origin``) and
carry the session's CSRF token (``WebSession.csrf``, compared in constant time) or it changes nothing; every
page is sent with the sign-in pages' strict Content-Security-Policy, plus ``script-src 'self'`` for the one
same-origin script file (``web.pages.DASHBOARD_SCRIPT``; no inline script or style, no other origin) and
``no-store``. Every page works without the script.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import anyio.to_thread
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import Message

from contextlamp.app.compose import App
from contextlamp.app.curation import Curation
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.domain.control_plane import User, WebSession
from contextlamp.domain.models import Principal
from contextlamp.errors import InvalidArgumentError, NotFoundError, crash_report
from contextlamp.web.pages import MAX_FORM_BYTES, SIGNIN_PATH, SIGNOUT_PATH, WebPages

logger = logging.getLogger(__name__)

DASHBOARD_SURFACE = "dashboard"  # the ``source_surface`` / ``last_used_surface`` of what the dashboard does
TEMPLATE_DIR = "dashboard"  # the dashboard's templates: web/templates/dashboard/*.html (layout.html is the frame)

# The nav of every page, in order: (path, label). A page not built yet answers the not-found page.
NAV: tuple[tuple[str, str], ...] = (
    ("/overview", "Overview"),
    ("/search", "Search"),
    ("/memories", "Memories"),
    ("/review", "Review"),
    ("/health", "Health"),
    ("/sessions", "Sessions"),
    ("/projects", "Projects"),
    ("/teams", "Teams"),
    ("/tokens", "Tokens"),
    ("/apps", "Connected apps"),
    ("/export", "Export"),
    ("/import", "Import"),
)
# the service's argument fields that name something the user must own: refused there as "none of yours",
# answered by the dashboard with the not-found page, as an id in the path that is not theirs
OWNED_FIELDS = frozenset({"project", "team", "scope"})
NOT_FOUND_MESSAGE = "There is nothing here, or nothing of yours."  # one answer for "absent" and "someone else's"


def when(ms: int | None) -> str:
    """A time in ms since the epoch as ``2026-12-01 18:30 UTC`` (``""`` for None), for templates (``when(ts)``)."""
    if ms is None:
        return ""
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")


@dataclass(frozen=True)
class Signed:
    """The signed-in browser of a request: its user, session (``session.csrf`` is the forms' token) and the
    ``Caller`` every service call of the page passes (surface ``dashboard``)."""

    user: User
    session: WebSession
    caller: Caller


Page = Callable[[Request, Signed], Awaitable[Response]]
Action = Callable[[Request, Signed, dict[str, str]], Awaitable[Response]]
Endpoint = Callable[[Request], Awaitable[Response]]
Upload = Callable[[Request, Signed, dict[str, str], dict[str, bytes]], Awaitable[Response]]
UPLOAD_OVERHEAD = 64 * 1024  # bytes of multipart framing and small fields allowed beside an upload's file
# the largest export file the import page takes, bytes (413 beyond, nothing written; docs/dashboard.md)
IMPORT_MAX_BYTES = 20_000_000


class Board:
    """The dashboard's shared state and checks (module docstring).

    Args:
        wired: the application objects (service, porter, accounts, oauth): the pages' only way to the data.
        pages: the sign-in pages (session look-up, origin check, form reading, security headers, templates).
        settings: the server's settings.
        import_max_bytes: the largest export file the import page accepts, bytes (``IMPORT_MAX_BYTES``).
    """

    def __init__(
        self, wired: App, pages: WebPages, settings: Settings, import_max_bytes: int = IMPORT_MAX_BYTES
    ) -> None:
        self.wired = wired
        self.pages = pages
        self.settings = settings
        self.import_max_bytes = import_max_bytes
        self.curation = Curation(wired.service)  # edit, move, bulk forget, review (app/curation.py)

    # -- who is signed in ---------------------------------------------------------------------------------

    async def signed(self, request: Request) -> Signed | None:
        """The signed-in user of this request, else None (no cookie, unknown or expired session)."""
        found = await self.pages.current(request)
        if found is None:
            return None
        user, session = found
        caller = Caller(principal=Principal(user_id=user.id, name=user.name), surface=DASHBOARD_SURFACE)
        return Signed(user, session, caller)

    async def require_user(self, request: Request) -> Signed | Response:
        """The signed-in user, or the response to send instead: a 303 to ``/signin?next=<this path and query>``
        when no one is signed in, a 400 page when the ``Host`` is not one this server answers to."""
        if request.headers.get("host", "") not in self.pages.hosts:
            return self.message(
                "Unknown host", "This server does not answer to that host name (set CONTEXTLAMP_PUBLIC_URL).", 400
            )
        signed = await self.signed(request)
        if signed is None:
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            return RedirectResponse(f"{SIGNIN_PATH}?{urlencode({'next': target})}", 303, headers=self.headers())
        return signed

    # -- the two kinds of handler -------------------------------------------------------------------------

    def page(self, handler: Page) -> Endpoint:
        """A ``GET`` endpoint that needs a signed-in user (``require_user``); errors become pages (``failed``)."""

        async def endpoint(request: Request) -> Response:
            signed = await self.require_user(request)
            if not isinstance(signed, Signed):
                return signed
            try:
                return await handler(request, signed)
            except Exception as exc:  # the dashboard's one translation: no traceback reaches the browser
                return self.failed(request, signed, exc)

        return endpoint

    def action(self, handler: Action, max_bytes: int = MAX_FORM_BYTES) -> Endpoint:
        """A ``POST`` endpoint that changes something: signed-in user, same origin and the session's CSRF token
        (``check_form``), a form of at most ``max_bytes`` (the edit form holds a whole memory), else a refusal
        page and nothing done; then ``handler(request, signed, form)``."""

        async def endpoint(request: Request) -> Response:
            signed = await self.require_user(request)
            if not isinstance(signed, Signed):
                return signed
            if not self.pages.same_origin(request):
                return self.refused(signed, "This form must be sent from this server's own page.")
            form = await self.pages.read_form(request, max_bytes)
            if form is None:
                return self.refused(signed, "The form is too large.", 413)
            if not self.csrf_ok(signed, form.get("csrf", "")):
                return self.refused(signed, "The form expired; reload the page and try again.", 400)
            try:
                return await handler(request, signed, form)
            except Exception as exc:
                return self.failed(request, signed, exc)

        return endpoint

    def upload(self, handler: Upload, max_bytes: int) -> Endpoint:
        """A ``POST`` endpoint of a ``multipart/form-data`` form with one file: the checks of ``action`` (the
        CSRF token is the form's ``csrf`` field), the body read a chunk at a time and refused (413, nothing
        done) past ``max_bytes`` plus ``UPLOAD_OVERHEAD``; then ``handler(request, signed, fields, files)``
        with the text fields and each file's bytes by field name."""

        async def endpoint(request: Request) -> Response:
            signed = await self.require_user(request)
            if not isinstance(signed, Signed):
                return signed
            if not self.pages.same_origin(request):
                return self.refused(signed, "This form must be sent from this server's own page.")
            too_large = self.refused(signed, f"The file is larger than {max_bytes:,} bytes.", 413)
            limit = max_bytes + UPLOAD_OVERHEAD
            declared = request.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > limit:
                return too_large
            body = await _read_body(request, limit)
            if body is None:
                return too_large
            try:
                fields, files = await _multipart(request, body, max_bytes)
            except (ValueError, KeyError, MultiPartException, HTTPException):
                return self.refused(signed, "The upload could not be read (send the page's form).", 400)
            if not self.csrf_ok(signed, fields.get("csrf", "")):
                return self.refused(signed, "The form expired; reload the page and try again.", 400)
            try:
                return await handler(request, signed, fields, files)
            except Exception as exc:
                return self.failed(request, signed, exc)

        return endpoint

    def csrf_ok(self, signed: Signed, token: str) -> bool:
        """Whether ``token`` (a form's ``csrf`` field) is this session's CSRF token (constant-time compare)."""
        return bool(token) and secrets.compare_digest(signed.session.csrf.encode(), token.encode("utf-8", "replace"))

    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a (blocking) service call in a worker thread: ``await board.call(service.list_context, caller)``."""
        return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))

    # -- rendering ----------------------------------------------------------------------------------------

    def headers(self) -> dict[str, str]:
        """The security headers of every dashboard response (strict CSP: this server's own script file and
        stylesheet only, no inline ones; no framing, no-store)."""
        return self.pages.security_headers(script=True)

    def render(
        self, request: Request, signed: Signed | None, name: str, status: int = 200, **values: Any
    ) -> HTMLResponse:
        """The template ``dashboard/<name>`` in the layout, given the nav, the user, the CSRF token (``csrf``,
        for every POST form: ``<input type="hidden" name="csrf" value="{{ csrf }}">``) and ``values``."""
        return self.pages.render(
            f"{TEMPLATE_DIR}/{name}",
            status=status,
            script=True,
            nav=NAV,
            here=request.url.path,
            user=signed.user if signed else None,
            csrf=signed.session.csrf if signed else "",
            signout=SIGNOUT_PATH,
            when=when,
            **values,
        )

    def message(self, heading: str, message: str, status: int, signed: Signed | None = None) -> HTMLResponse:
        """A page that only says something, in the layout (with the nav when someone is signed in)."""
        return self.pages.render(
            f"{TEMPLATE_DIR}/message.html",
            status=status,
            script=True,
            nav=NAV,
            here="",
            user=signed.user if signed else None,
            csrf=signed.session.csrf if signed else "",
            signout=SIGNOUT_PATH,
            heading=heading,
            message=message,
        )

    def not_found(self, signed: Signed | None = None) -> HTMLResponse:
        """The 404 page: the same for an id that does not exist and one that belongs to someone else."""
        return self.message("Not found", NOT_FOUND_MESSAGE, 404, signed)

    def refused(self, signed: Signed | None, why: str, status: int = 403) -> HTMLResponse:
        """The page of a POST that was not carried out (wrong origin, no or stale CSRF token, too large)."""
        return self.message("Request refused", f"{why} Nothing was changed.", status, signed)

    def failed(self, request: Request, signed: Signed | None, exc: Exception) -> HTMLResponse:
        """The page of a failed call: 400 with the message naming the field (``InvalidArgumentError``), the
        not-found page (``NotFoundError``), else 500 with a fixed text (the error logged without its message,
        as ``web.routes.error_response`` does)."""
        if isinstance(exc, InvalidArgumentError):
            return self.message("That did not work", str(exc), 400, signed)
        if isinstance(exc, NotFoundError):
            return self.not_found(signed)
        logger.error("dashboard %s failed with %s\n%s", request.url.path, type(exc).__name__, crash_report(exc))
        return self.message("Server error", "The server failed on this request and logged it.", 500, signed)


async def _read_body(request: Request, limit: int) -> bytes | None:
    """The request body, or None as soon as it passes ``limit`` bytes (the rest is never read)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def _multipart(request: Request, body: bytes, max_bytes: int) -> tuple[dict[str, str], dict[str, bytes]]:
    """The text fields and files of a ``multipart/form-data`` body already read (Starlette's parser, over
    ``python-multipart``), at most one file and ten fields.

    Raises:
        MultiPartException: not a multipart body, or more parts than allowed.
    """
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise MultiPartException("not a multipart form")
    form = await Request(request.scope, receive).form(max_files=1, max_fields=10, max_part_size=max_bytes)
    fields: dict[str, str] = {}
    files: dict[str, bytes] = {}
    try:
        for name, value in form.multi_items():
            if isinstance(value, str):
                fields.setdefault(name, value)
            elif name not in files:
                files[name] = await value.read()
    finally:
        await form.close()
    return fields, files
