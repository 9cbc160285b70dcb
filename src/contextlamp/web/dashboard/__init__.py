"""The web dashboard (issue #18): server-rendered pages at ``/`` of ``contextlamp serve --http`` (and of
``contextlamp ui``), signed in through the sign-in of ``web.pages`` (the one sign-in: no second one). An edge:
every page reads and writes through the same ``MemoryService`` / ``Porter`` / ``OAuthService`` calls the MCP
tools and the CLI use, as the signed-in user, so no page can see or change what its user could not over MCP.

How a page group is written (one module per group, e.g. ``web/dashboard/search.py``)::

    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    from contextlamp.app.compose import App
from contextlamp.config import Settings
from contextlamp.web.dashboard.board import IMPORT_MAX_BYTES, Board, Signed
from contextlamp.web.pages import WebPages


    def routes(board: Board) -> list[Route]:
        \"\"\"This group's routes.\"\"\"

        async def show(request: Request, signed: Signed) -> Response:   # GET: signed in, or sent to /signin
            result = await board.call(board.wired.service.list_context, signed.caller, limit=20)
            return board.render(request, signed, "things.html", items=result.items)

        async def change(request: Request, signed: Signed, form: dict[str, str]) -> Response:  # POST
            ...  # reached only from this server's origin, with the session's CSRF token, signed in
            return board.render(request, signed, "done.html")

        return [
            Route("/things", board.page(show), methods=["GET"]),
            Route("/things/{thing_id}", board.action(change), methods=["POST"]),
        ]

then add the module's name to ``PAGE_MODULES`` below (its routes are added in that order, before the not-found
catch-all). Rules every page keeps:

- GET handlers go through ``board.page`` (sign-in required: ``board.require_user`` redirects to
  ``/signin?next=...``), POST handlers through ``board.action`` (same origin, CSRF token, form size limit);
  every POST form carries ``<input type="hidden" name="csrf" value="{{ csrf }}">``. A GET changes nothing.
- Service calls go through ``board.call`` (a worker thread) with ``signed.caller``; never a store directly.
- An id that does not exist and an id of someone else's both answer ``board.not_found(signed)`` (404), or
  raise ``NotFoundError``, which ``board.page``/``board.action`` turn into the same page;
  ``InvalidArgumentError`` becomes a 400 page with its message; anything else a 500 page (logged).
- Templates live in ``web/templates/dashboard/`` and extend ``dashboard/layout.html`` (the nav, ``board.NAV``,
  lists every page); they are autoescaped, use no inline script or style (the CSP forbids both), label every
  control and work without JavaScript.
"""

from __future__ import annotations

import importlib

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from contextlamp.app.compose import App
from contextlamp.config import Settings
from contextlamp.web.dashboard.board import IMPORT_MAX_BYTES, Board, Signed
from contextlamp.web.pages import WebPages

# The page groups, one module of this package each (``routes(board) -> list[Route]``), in routing order.
PAGE_MODULES: tuple[str, ...] = (
    "home",
    "search",
    "memories",
    "curate",
    "review",
    "health",
    "transfer",
    "overview",
    "sessions",
    "projects",
    "teams",
    "access",
)

__all__ = ["PAGE_MODULES", "Board", "Dashboard", "Signed"]


class Dashboard:
    """The dashboard as the server mounts it (``web.app.build_http_app(..., dashboard=Dashboard)``).

    Args:
        wired: the application objects, the pages' only way to the data.
        pages: the sign-in pages (the one sign-in; the session they start is the dashboard's).
        settings: the server's settings.
        import_max_bytes: the largest export file the import page accepts (``board.IMPORT_MAX_BYTES``).
    """

    def __init__(
        self, wired: App, pages: WebPages, settings: Settings, import_max_bytes: int = IMPORT_MAX_BYTES
    ) -> None:
        self.board = Board(wired, pages, settings, import_max_bytes)

    def routes(self) -> list[BaseRoute]:
        """Every dashboard route (``PAGE_MODULES`` in order), then the catch-all not-found page; added last to
        the server's routes, so ``/mcp``, the OAuth endpoints, ``/healthz`` and the metadata keep their own."""
        board = self.board
        found: list[BaseRoute] = []
        for name in PAGE_MODULES:  # imported here, not at import time of the package
            module = importlib.import_module(f"{__name__}.{name}")
            found.extend(module.routes(board))

        async def not_found(request: Request) -> Response:  # any method, signed in or not (then without the nav)
            return board.not_found(await board.signed(request))

        found.append(Route("/{path:path}", not_found))
        return found

    async def export(self, request: Request) -> Response | None:
        """``GET /export`` without a bearer token (``transfer.browser_export``)."""
        from contextlamp.web.dashboard.transfer import browser_export

        return await browser_export(self.board, request)
