"""Sessions: ``GET /sessions`` lists the signed-in user's session digests (``resume_session``, the newest
``SESSIONS_SHOWN``, optionally only those saved from one surface); ``GET /sessions/{id}`` shows one session with
its learnings that still exist (``resume_session(session_id=…)``), each linked to its memory page. A session id
that is unknown or someone else's gets the not-found page (the service answers both alike)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.app.state import RESUME_LIMIT_RANGE
from contextlamp.errors import InvalidArgumentError
from contextlamp.web.dashboard.board import Board, Signed

SESSIONS_SHOWN = RESUME_LIMIT_RANGE[1]  # resume_session's largest page (spec/TOOLS.md): the newest 50


def routes(board: Board) -> list[Route]:
    """``/sessions``, ``/sessions/{session_id}``."""
    service = board.wired.service

    async def listing(request: Request, signed: Signed) -> Response:
        surface = request.query_params.get("surface", "").strip()
        try:
            result = await board.call(
                service.resume_session, signed.caller, limit=SESSIONS_SHOWN, source_surface=surface or None
            )
        except InvalidArgumentError as exc:  # a bad surface filter: said on the page, the form kept
            return board.render(
                request,
                signed,
                "sessions.html",
                status=400,
                sessions=[],
                surface=surface,
                error=str(exc),
                shown=SESSIONS_SHOWN,
            )
        return board.render(
            request,
            signed,
            "sessions.html",
            sessions=result.sessions or [],
            surface=surface,
            error="",
            shown=SESSIONS_SHOWN,
        )

    async def detail(request: Request, signed: Signed) -> Response:
        session_id = str(request.path_params["session_id"])
        try:
            result = await board.call(service.resume_session, signed.caller, session_id=session_id)
        except InvalidArgumentError:  # "names none of your sessions": unknown and someone else's alike
            return board.not_found(signed)
        return board.render(request, signed, "session.html", session=result.session)

    return [
        Route("/sessions", board.page(listing), methods=["GET"]),
        Route("/sessions/{session_id}", board.page(detail), methods=["GET"]),
    ]
