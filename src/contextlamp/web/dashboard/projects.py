"""``GET /projects``: the signed-in user's projects (``MemoryService.projects``), each with the repository folders
mapped to it (``project_paths``, issue #15.4) and its number of current memories (``overview``), linked to the
memories page filtered to it. Projects are made by saving to a new slug; the page changes nothing."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.web.dashboard.board import Board, Signed


def routes(board: Board) -> list[Route]:
    """``/projects``."""
    service = board.wired.service

    async def listing(request: Request, signed: Signed) -> Response:
        projects = await board.call(service.projects, signed.caller)
        paths = await board.call(service.project_paths, signed.caller)
        overview = await board.call(service.overview, signed.caller)
        return board.render(
            request,
            signed,
            "projects.html",
            projects=projects,
            paths=paths,
            counts=overview.by_project,
            personal=overview.by_project.get("", 0),
        )

    return [Route("/projects", board.page(listing), methods=["GET"])]
