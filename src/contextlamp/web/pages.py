"""The server-rendered sign-in and consent pages of the OAuth authorize step (Jinja2 templates in
``web/templates``; the dashboard reuses the sign-in and its session). No JavaScript, no external asset.

- ``GET/POST /signin``: a user name and password (``OAuthService.check_password``), rate limited per user name
  and per client address (``Settings.signin_rate_limit``; 429 beyond). Success sets the session cookie
  ``clp_session`` (HttpOnly, SameSite=Strict, Path=/, Secure when the public URL is https) and goes to ``next``
  (a path on this server only). Before a session exists, the form's CSRF token is a double-submit cookie
  (``clp_csrf``, OWASP CSRF cheat sheet, "Signed double-submit cookie" without a signature: the cookie is
  HttpOnly and SameSite=Strict, so another site can neither read nor send it).
- ``GET/POST /oauth/consent``: without a session cookie, first a page that reloads itself once (a meta refresh:
  a navigation this server's page starts is same-site, so a browser that came from the client's site and
  withheld the ``SameSite=Strict`` cookie sends it now), then the sign-in. The page names the client (its
  self-declared name and id) and the redirect URI the browser will be sent to; Allow gives the client a code
  bound to the signed-in user, Deny sends ``access_denied`` (RFC 6749 section 4.1.2.1). The form carries the
  session's CSRF token.
- ``GET /signin/link?token=…``: the one-time link ``contextlamp ui`` prints (``OAuthService.issue_signin_link``)
  starts a session once, then goes to the dashboard; ``POST`` with the field ``token`` does the same for the
  local page ``contextlamp ui --open`` hands the browser (the link never on a command line).
- ``POST /signout`` ends the session (CSRF token required).

Every POST must come from this server's own origin (``Origin``, else ``Referer``; RFC 6454) to a ``Host`` this
server answers to (DNS rebinding); every page is sent with a strict Content-Security-Policy (no script at all on
these pages; the dashboard's pages may load this server's one script file, never an inline one; styles from this
server only, ``form-action`` this server and, on the consent page, the client's redirect
origin; no framing), ``Referrer-Policy: same-origin`` and ``Cache-Control: no-store``. Not ``no-referrer``: under
it a browser sends ``Origin: null`` with a form's POST (Fetch standard, "serializing a request origin"), so
no form of these pages could pass the origin check; ``same-origin`` still sends no referrer to another site
(the consent URL holds the pending request's id).
"""

from __future__ import annotations

import functools
import logging
import re
import secrets
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlparse

import anyio.to_thread
from mcp.server.auth.provider import construct_redirect_uri
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from contextlamp.app.oauth import OAuthService, client_label
from contextlamp.domain.control_plane import User, WebSession
from contextlamp.web.oauth import CONSENT_PATH, HOST_PORT, LOOPBACK_HOSTS
from contextlamp.web.quotas import HashPool, HeavyWork, RateBook, WorkBusy
from contextlamp.web.tuning import ServerTuning

logger = logging.getLogger(__name__)

# __Host- cookies (RFC 6265bis section 4.1.3.2): Secure, Path=/, no Domain, so a page on a sibling host (another
# subdomain of the same site) cannot set or overwrite them ("cookie tossing"). The pages run on https or on
# loopback only (``web.oauth.oauth_available``), where browsers accept Secure cookies: https, and http on
# localhost / 127.0.0.1 / [::1] as potentially trustworthy origins (Chromium, Firefox).
SESSION_COOKIE = "__Host-clp_session"
# the sign-in form's double-submit token, and after sign-in the browser's binding: the session's CSRF token is its
# SHA-256 (OAuthService.start_session), so a session cookie handed to another browser (tossed) does not sign it in
CSRF_COOKIE = "__Host-clp_csrf"
SIGNIN_PATH = "/signin"
SIGNOUT_PATH = "/signout"
LINK_PATH = "/signin/link"  # the one-time link of contextlamp ui: /signin/link?token=clpl_...
STYLE_PATH = "/static/contextlamp.css"
DASHBOARD_SCRIPT = "/static/dashboard.js"  # the dashboard's one script (search as you type, bulk selection)
ICON_PATH = "/static/favicon.svg"
MAX_NEXT = 2000  # characters of a ``next`` path kept
MAX_FORM_BYTES = 16_384  # a sign-in or consent form is a few hundred bytes
MAX_FORM_FIELDS = 20  # the forms have at most five fields
BUSY_RETRY_S = 5  # Retry-After of a sign-in refused because the hashing pool is full (one hash is ~0.1-0.5 s)


def _csp(form_targets: str = "", script: bool = False) -> str:
    """The pages' Content-Security-Policy: nothing but this server's own stylesheet and images; with ``script``
    (the dashboard's pages) also its own script files and requests to itself (``DASHBOARD_SCRIPT``: search as
    you type): never an inline script or style, nothing from another origin."""
    scripts = "script-src 'self'; connect-src 'self'; " if script else ""
    return (
        f"default-src 'none'; {scripts}style-src 'self'; img-src 'self'; "
        f"form-action 'self'{form_targets}; frame-ancestors 'none'; base-uri 'none'"
    )


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")  # RFC 3986 section 3.1


def _redirect_source(uri: str) -> str:
    """The CSP source of a redirect URI (browsers apply ``form-action`` to the redirect after a form POST):
    ``scheme://host:port`` for http(s), ``scheme:`` for a private-use scheme; ``""`` (no extra source) when the
    URI's scheme or host is not one a CSP source can name as is: a registered host holding ``;`` or ``,`` would
    otherwise end the directive or the policy and add the registrant's own (CSP Level 3 section 2.2)."""
    parsed = urlparse(uri)
    if not _SCHEME.fullmatch(parsed.scheme):
        return ""
    if parsed.scheme in ("http", "https"):
        return f" {parsed.scheme}://{parsed.netloc}" if HOST_PORT.fullmatch(parsed.netloc) else ""
    return f" {parsed.scheme}:"


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _is_token(value: str) -> bool:
    """Whether ``value`` has the shape of ``secrets.token_urlsafe(32)`` (43 URL-safe base64 characters)."""
    return len(value) == 43 and all(c in _TOKEN_CHARS for c in value)


def safe_next(value: str | None) -> str:
    """A ``next`` target kept only when it is a path on this server (``/…``, not ``//host`` or ``/\\host``,
    no control characters), else ``""``."""
    if not value or len(value) > MAX_NEXT or not value.startswith("/") or value.startswith(("//", "/\\")):
        return ""
    if any(not c.isprintable() or c.isspace() for c in value):
        return ""
    return value


class WebPages:
    """The sign-in, sign-out and consent routes (module docstring).

    Args:
        oauth: the rules (passwords, sessions, pending authorizations).
        base: the public base URL (its origin is the one POSTs must come from; https makes cookies Secure).
        signin_rate: the ``limits`` notation of sign-in attempts per user name and per client address.
        home: where a sign-in without ``next`` (and a one-time link) goes: the dashboard's ``/``; ``""`` (no
            dashboard): a page saying who is signed in.
    """

    def __init__(
        self,
        oauth: OAuthService,
        base: str,
        signin_rate: str,
        home: str = "",
        hashing: HashPool | None = None,
        heavy: HeavyWork | None = None,
    ) -> None:
        self.oauth = oauth
        tuning = ServerTuning()  # the shipped sizes, when the caller passes no pool
        self.hashing = hashing or HashPool(tuning.signin_hash_workers, tuning.signin_hash_queue)
        # the server's fair shares of heavy work (the dashboard's imports)
        self.heavy = heavy or HeavyWork(tuning.heavy_workers, tuning.heavy_queue_per_user)
        self.home = home
        self.base = base
        self.attempts = RateBook(signin_rate)
        parsed = urlparse(base)
        self.origins = {f"{parsed.scheme}://{parsed.netloc}"}
        if (parsed.hostname or "") in LOOPBACK_HOSTS:
            port = f":{parsed.port}" if parsed.port else ""
            self.origins |= {f"{parsed.scheme}://{h}{port}" for h in ("127.0.0.1", "localhost", "[::1]")}
        self.hosts = {urlparse(o).netloc for o in self.origins}
        self._templates: Any = None

    def routes(self) -> list[Route]:
        """The routes to add to the app."""
        return [
            Route(STYLE_PATH, self.style, methods=["GET"]),
            Route(DASHBOARD_SCRIPT, self.script, methods=["GET"]),
            Route(ICON_PATH, self.icon, methods=["GET"]),
            Route("/favicon.ico", self.favicon, methods=["GET"]),
            Route(SIGNIN_PATH, self.signin, methods=["GET", "POST"]),
            Route(LINK_PATH, self.link, methods=["GET", "POST"]),
            Route(SIGNOUT_PATH, self.signout, methods=["POST"]),
            Route(CONSENT_PATH, self.consent, methods=["GET", "POST"]),
        ]

    # -- rendering ----------------------------------------------------------------------------------------

    def _env(self) -> Any:
        if self._templates is None:  # built on first use: no work at import time
            import jinja2

            self._templates = jinja2.Environment(
                loader=jinja2.PackageLoader("contextlamp.web", "templates"), autoescape=True
            )
        return self._templates

    def render(
        self, name: str, status: int = 200, form_targets: str = "", script: bool = False, **values: Any
    ) -> HTMLResponse:
        """A page from a template (autoescaped) with the security headers of the module docstring (``script``:
        the dashboard's, which may load ``DASHBOARD_SCRIPT``)."""
        body = self._env().get_template(name).render(**values)
        return HTMLResponse(body, status_code=status, headers=self.security_headers(form_targets, script))

    def security_headers(self, form_targets: str = "", script: bool = False) -> dict[str, str]:
        return {
            "Content-Security-Policy": _csp(form_targets, script),
            "X-Frame-Options": "DENY",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin",
            "Cache-Control": "no-store",
        }

    def message(self, heading: str, message: str, status: int) -> HTMLResponse:
        """A page that only says something (an error, or "signed in")."""
        return self.render("message.html", status=status, heading=heading, message=message)

    async def style(self, _request: Request) -> Response:
        """The pages' one stylesheet."""
        css = self._env().loader.get_source(self._env(), "contextlamp.css")[0]
        return Response(css, media_type="text/css", headers={"Cache-Control": "public, max-age=3600"})

    async def script(self, _request: Request) -> Response:
        """The dashboard's one script (same origin: the CSP allows no other, and no inline one)."""
        js = self._env().loader.get_source(self._env(), "dashboard.js")[0]
        return Response(js, media_type="text/javascript", headers={"Cache-Control": "public, max-age=3600"})

    async def icon(self, _request: Request) -> Response:
        """The pages' icon (SVG, linked from every page)."""
        svg = self._env().loader.get_source(self._env(), "favicon.svg")[0]
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    async def favicon(self, _request: Request) -> Response:
        """``/favicon.ico``, asked for by browsers and tools that read no ``<link rel="icon">``: the icon as an
        ICO file (``favicon_ico``)."""
        return Response(favicon_ico(), media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"})

    def _cookie(self, response: Response, name: str, value: str, max_age: int) -> None:
        """A ``__Host-`` cookie: Secure, Path=/, no Domain, HttpOnly, SameSite=Strict."""
        response.set_cookie(name, value, max_age=max_age, path="/", secure=True, httponly=True, samesite="strict")

    def _forget_cookies(self, response: Response) -> None:
        for name in (SESSION_COOKIE, CSRF_COOKIE):
            response.delete_cookie(name, path="/", secure=True, httponly=True, samesite="strict")

    def _binding(self, request: Request) -> str:
        """The browser's binding secret (its ``__Host-clp_csrf`` cookie) when it holds one of ours, else a new one."""
        held = request.cookies.get(CSRF_COOKIE, "")
        return held if _is_token(held) else secrets.token_urlsafe(32)

    # -- checks -------------------------------------------------------------------------------------------

    def same_origin(self, request: Request) -> bool:
        """Whether a POST comes from this server's pages: its ``Host`` is one this server answers to, and its
        ``Origin`` (else its ``Referer``'s origin) is this server's. A POST with neither is refused."""
        if request.headers.get("host", "") not in self.hosts:
            return False
        origin = request.headers.get("origin")
        if origin is None:
            referer = urlparse(request.headers.get("referer", ""))
            origin = f"{referer.scheme}://{referer.netloc}" if referer.scheme else None
        return origin in self.origins

    async def read_form(self, request: Request, max_bytes: int = MAX_FORM_BYTES) -> dict[str, str] | None:
        """The fields of a urlencoded form (the pages send no other kind; the first value of each name), or None
        past ``max_bytes`` (default ``MAX_FORM_BYTES``): the body is read a chunk at a time and dropped as soon
        as it is too large."""
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > max_bytes:
                return None
            chunks.append(chunk)
        text = b"".join(chunks).decode("utf-8", "replace")
        fields: dict[str, str] = {}
        try:
            pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FORM_FIELDS)
        except ValueError:  # more fields than any of these forms has
            return None
        for name, value in pairs:
            fields.setdefault(name, value)
        return fields

    async def current(self, request: Request) -> tuple[User, WebSession] | None:
        """The signed-in user and session of this browser, else None."""
        cookie = request.cookies.get(SESSION_COOKIE, "")
        if not cookie:
            return None
        found = await anyio.to_thread.run_sync(self.oauth.session, cookie)
        if found is None or not self.oauth.bound(found[1], request.cookies.get(CSRF_COOKIE, "")):
            return None  # unknown, expired, or a session cookie this browser did not sign in with
        return found

    async def confirm_password(self, request: Request, user: User, password: str) -> str:
        """Check a signed-in user's password again before a change a stolen session must not make (minting a
        personal token): ``""`` when it is theirs, else what to tell them. Counted against the sign-in's limits
        (per user name and per address) and hashed on the sign-in's pool, like a sign-in."""
        address = request.client.host if request.client else "unknown"
        for key in (f"name:{user.name.lower()[:200]}", f"addr:{address}"):
            if self.attempts.hit(key) is not None:
                return "Too many password attempts; wait a minute."
        try:
            found = await self.hashing.run(self.oauth.check_password, user.name, password)
        except WorkBusy:
            return "The server is busy; try again in a few seconds."
        return "" if found is not None and found.id == user.id else "That is not your password."

    def _refused(self) -> HTMLResponse:
        return self.message("Request refused", "This form must be sent from this server's own page.", 403)

    # -- sign-in ------------------------------------------------------------------------------------------

    async def signin(self, request: Request) -> Response:
        """``GET``: the form; ``POST``: check the password and start a session."""
        if request.method == "GET":
            return self._signin_form(safe_next(request.query_params.get("next")), "", "", 200, request)
        if not self.same_origin(request):
            return self._refused()
        form = await self.read_form(request)
        if form is None:
            return self.message("Request refused", "The form is too large.", 413)
        target = safe_next(form.get("next"))
        name = form.get("username", "").strip()
        expected = request.cookies.get(CSRF_COOKIE, "")
        if not expected or not secrets.compare_digest(expected, form.get("csrf", "")):
            return self._signin_form(target, name[:200], "The form expired; please sign in again.", 400, request)
        address = request.client.host if request.client else "unknown"
        for key in (f"name:{name.lower()[:200]}", f"addr:{address}"):
            retry = self.attempts.hit(key)
            if retry is not None:
                page = self._signin_form(target, name[:200], "Too many sign-in attempts; wait a minute.", 429, request)
                page.headers["Retry-After"] = str(retry)
                return page
        try:  # argon2 on its own bounded pool, never the one of token checks and tool calls (HashPool)
            user = await self.hashing.run(self.oauth.check_password, name, form.get("password", ""))
        except WorkBusy:
            logger.warning("web sign-in refused: the password-hashing pool is full")
            page = self._signin_form(
                target, name[:200], "The server is busy; try again in a few seconds.", 503, request
            )
            page.headers["Retry-After"] = str(BUSY_RETRY_S)
            return page
        if user is None:
            logger.info("web sign-in refused")
            return self._signin_form(target, name[:200], "Wrong user name or password.", 400, request)
        cookie, _session = await anyio.to_thread.run_sync(self.oauth.start_session, user, expected)
        target = target or self.home
        if target:
            response: Response = RedirectResponse(target, status_code=303, headers=self.security_headers())
        else:
            response = self.message("Signed in", f"You are signed in as {user.name}.", 200)
        self._cookie(response, SESSION_COOKIE, cookie, self.oauth.session_ttl_ms // 1000)
        self._cookie(response, CSRF_COOKIE, expected, self.oauth.session_ttl_ms // 1000)  # the session's binding
        return response

    async def link(self, request: Request) -> Response:
        """``GET /signin/link?token=…`` (the printed link) or ``POST`` with the form field ``token`` (the local
        page ``contextlamp ui --open`` hands the browser): a one-time sign-in link starts a session and goes home;
        it is dead from then on. The ``Host`` is checked first, so a request to a name this server does not
        answer to (DNS rebinding) leaves the link alive. The POST needs no same-origin check: it comes from a
        local file (``Origin: null``), and the secret it carries is the proof. An unknown, used or expired link
        gets a 400 page that says what to do."""
        if request.headers.get("host", "") not in self.hosts:
            return self.message(
                "Unknown host", "This server does not answer to that host name; open the link as it was printed.", 400
            )
        if request.method == "POST":
            form = await self.read_form(request) or {}
            secret = form.get("token", "")
        else:
            secret = request.query_params.get("token", "")
        user = await anyio.to_thread.run_sync(self.oauth.redeem_signin_link, secret)
        if user is None:
            return self.message(
                "Sign-in link expired",
                "This sign-in link was used already or has expired. Run contextlamp ui again for a new one.",
                400,
            )
        binding = self._binding(request)
        cookie, _session = await anyio.to_thread.run_sync(self.oauth.start_session, user, binding)
        if request.method == "POST":  # from a local file: a cross-site navigation, so the browser would withhold
            # the SameSite=Strict cookie on a redirect; a page of this server that reloads itself is same-site
            response: Response = self.render("continue.html", target=self.home or SIGNIN_PATH)
        elif self.home:
            response = RedirectResponse(self.home, status_code=303, headers=self.security_headers())
        else:
            response = self.message("Signed in", f"You are signed in as {user.name}.", 200)
        self._cookie(response, SESSION_COOKIE, cookie, self.oauth.session_ttl_ms // 1000)
        self._cookie(response, CSRF_COOKIE, binding, self.oauth.session_ttl_ms // 1000)
        logger.info("web sign-in by a one-time link")
        return response

    def _signin_form(self, target: str, name: str, error: str, status: int, request: Request) -> HTMLResponse:
        """The sign-in page. Its CSRF token is the browser's ``__Host-clp_csrf`` cookie when it holds one of ours,
        else a new one: a fresh token on every GET would break the form already on screen whenever the browser
        loads the sign-in again in the background (a favicon or another tab sent to ``/signin``). The cookie lives
        as long as a session: after sign-in it is the session's binding (``OAuthService.start_session``)."""
        csrf = self._binding(request)
        page = self.render("signin.html", status=status, csrf=csrf, next=target, username=name, error=error)
        self._cookie(page, CSRF_COOKIE, csrf, self.oauth.session_ttl_ms // 1000)  # kept: it binds the session
        return page

    async def signout(self, request: Request) -> Response:
        """End the session (``POST``, CSRF token of the session)."""
        if not self.same_origin(request):
            return self._refused()
        form = await self.read_form(request) or {}
        found = await self.current(request)
        if found is None or not secrets.compare_digest(found[1].csrf, form.get("csrf", "")):
            return self.message("Request refused", "The form expired; reload the page.", 400)
        await anyio.to_thread.run_sync(self.oauth.end_session, request.cookies.get(SESSION_COOKIE, ""))
        response = self.message("Signed out", "You are signed out.", 200)
        self._forget_cookies(response)
        return response

    # -- consent ------------------------------------------------------------------------------------------

    async def consent(self, request: Request) -> Response:
        """``GET``: the consent page (sign-in first); ``POST``: the user's answer."""
        if request.method == "POST":
            return await self._answer(request)
        request_id = request.query_params.get("request", "")
        found = await self.current(request)
        if found is None and request.query_params.get("hop") != "1":
            # Arriving from the client's site, the browser withholds the SameSite=Strict session cookie; one
            # navigation started by this server's own page (a meta refresh) is same-site and carries it.
            hop = f"{CONSENT_PATH}?{urlencode({'request': request_id, 'hop': '1'})}"
            return self.render("continue.html", target=hop)
        if found is None:
            target = f"{CONSENT_PATH}?{urlencode({'request': request_id})}"
            return RedirectResponse(
                f"{SIGNIN_PATH}?{urlencode({'next': target})}", status_code=303, headers=self.security_headers()
            )
        user, session = found
        pending = await anyio.to_thread.run_sync(self.oauth.pending, request_id)
        if pending is None:
            return self._expired()
        client, params = pending
        redirect_uri = str(params["redirect_uri"])
        return self.render(
            "consent.html",
            form_targets=_redirect_source(redirect_uri),
            client_name=client_label(client),
            client_id=str(client["client_id"]),
            redirect_uri=redirect_uri,
            resource=str(params["resource"]),
            user_name=user.name,
            csrf=session.csrf,
            request_id=request_id,
        )

    def _expired(self) -> HTMLResponse:
        return self.message(
            "Sign-in request expired",
            "This sign-in request expired or was already answered. Start the sign-in again from your app.",
            400,
        )

    async def _answer(self, request: Request) -> Response:
        if not self.same_origin(request):
            return self._refused()
        form = await self.read_form(request)
        found = await self.current(request)
        if form is None or found is None or not secrets.compare_digest(found[1].csrf, form.get("csrf", "")):
            return self.message("Request refused", "The form expired; start the sign-in again from your app.", 400)
        user = found[0] if form.get("action") == "approve" else None
        answered = await anyio.to_thread.run_sync(self.oauth.answer, form.get("request", ""), user)
        if answered is None:
            return self._expired()
        params, code = answered
        if code is None:
            extra: dict[str, str | None] = {"error": "access_denied", "error_description": "The user denied access."}
        else:
            extra = {"code": code}
        target = construct_redirect_uri(str(params["redirect_uri"]), **extra, state=params.get("state"), iss=self.base)
        logger.info("OAuth authorization %s", "approved" if code else "denied")
        return RedirectResponse(target, status_code=303, headers={"Cache-Control": "no-store"})


@functools.cache
def favicon_ico(size: int = 32) -> bytes:
    """The icon as an ICO file holding one ``size`` x ``size`` PNG (ICO with PNG payload: Windows Vista's format,
    read by every current browser): a lamp-amber disc with a lighter core on a transparent ground, the same as
    ``favicon.svg``. Made on first request, then cached (no work at import time)."""
    import struct
    import zlib

    centre = (size - 1) / 2
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # PNG filter: none
        for x in range(size):
            d = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 / (size / 2)
            if d <= 0.4:
                rows += bytes((255, 224, 138, 255))
            elif d <= 0.94:
                rows += bytes((232, 163, 23, 255))
            else:
                rows += bytes((0, 0, 0, 0))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    png = (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b"")
    )
    directory = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 22)
    return directory + png
