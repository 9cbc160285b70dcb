"""Export and import: ``GET /export`` downloads the signed-in user's export document (the one of ``contextlamp
export`` and of ``GET /export`` with a bearer token: ``web.routes.export_response``)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.web.dashboard.board import Board, Signed
from contextlamp.web.pages import SESSION_COOKIE
from contextlamp.web.routes import export_response


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
    """The import page (``/export`` is the server's own route, answered for browsers by ``browser_export``)."""
    del board
    return []
