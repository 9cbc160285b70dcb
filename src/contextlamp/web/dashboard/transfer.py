"""Export and import:

- ``GET /export`` downloads the signed-in user's export document (the one of ``contextlamp export`` and of
  ``GET /export`` with a bearer token: ``web.routes.export_response``);
- ``GET /import``: the upload form; ``POST /import``: restores an uploaded export document into the signed-in
  user (``Porter.import_document`` with the user's id: the rules of ``contextlamp import --user``, except that a
  team that does not exist here is not created: its entries are left out) and shows the import report. At most
  ``Board.import_max_bytes`` (413 beyond); a file that is not an export document, or breaks one of
  its rules, gets a 400 page naming the problem, and nothing is written.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.app.export_format import parse_document
from contextlamp.errors import InvalidArgumentError
from contextlamp.web.dashboard.board import Board, Signed
from contextlamp.web.pages import SESSION_COOKIE
from contextlamp.web.quotas import WorkBusy
from contextlamp.web.routes import export_response

logger = logging.getLogger(__name__)


async def browser_export(board: Board, request: Request) -> Response | None:
    """The dashboard's side of ``GET /export`` (a request without a bearer token): the download for a signed-in
    browser; the way to the sign-in for a browser (a session cookie that expired, or a page navigation asking
    for HTML); None otherwise, so an API client without a token still gets the RFC 6750 401."""
    if "authorization" in request.headers:
        return None
    if SESSION_COOKIE not in request.cookies and "text/html" not in request.headers.get("accept", ""):
        return None
    signed = await board.require_user(request)
    if not isinstance(signed, Signed):
        return signed
    try:
        return await export_response(board.wired, signed.user)
    except Exception as exc:
        return board.failed(request, signed, exc)


def routes(board: Board) -> list[Route]:
    """``/import`` (``/export`` is the server's own route, answered for browsers by ``browser_export``)."""
    max_bytes = board.import_max_bytes

    async def form(request: Request, signed: Signed) -> Response:
        return board.render(request, signed, "import.html", max_bytes=max_bytes, error="")

    async def upload(request: Request, signed: Signed, _fields: dict[str, str], files: dict[str, bytes]) -> Response:
        data = files.get("file", b"")
        if not data.strip():
            return _bad(request, signed, "Choose an export file (a .json file made by contextlamp export).")
        try:
            parsed: Any = json.loads(data)
        except (ValueError, UnicodeDecodeError):  # JSONDecodeError is a ValueError
            return _bad(request, signed, "The file is not JSON: choose a file made by contextlamp export.")
        except RecursionError:
            return _bad(request, signed, "The file is not an export: it is nested too deeply.")
        try:
            document = parse_document(parsed)
            # a user restores into the teams they are in; creating a team is an administrator's (docs/teams.md)
            async with board.pages.heavy.slot(signed.user.id):  # the user's turn among heavy work (HeavyWork)
                report = await board.call(
                    board.wired.porter.import_document, document, signed.user.id, create_teams=False
                )
        except InvalidArgumentError as exc:  # checked before anything is written (Porter.import_document)
            return _bad(request, signed, f"The file was not imported: {exc}")
        except WorkBusy:
            return _bad(request, signed, "Your other imports are still running; try again when they are done.")
        logger.info("dashboard import: %d entries added", report.entries_added)
        return board.render(request, signed, "imported.html", report=report)

    def _bad(request: Request, signed: Signed, message: str) -> Response:
        return board.render(request, signed, "import.html", status=400, max_bytes=max_bytes, error=message)

    return [
        Route("/import", board.page(form), methods=["GET"]),
        Route("/import", board.upload(upload, max_bytes), methods=["POST"]),
    ]
