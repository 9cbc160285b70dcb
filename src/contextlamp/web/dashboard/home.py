"""``GET /``: the dashboard's front door: signed in, it goes on to the search page; else to the sign-in."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from contextlamp.web.dashboard.board import Board, Signed

FRONT_PAGE = "/search"


def routes(board: Board) -> list[Route]:
    """``/``."""

    async def home(_request: Request, _signed: Signed) -> Response:
        return RedirectResponse(FRONT_PAGE, status_code=303, headers=board.headers())

    return [Route("/", board.page(home), methods=["GET"])]
