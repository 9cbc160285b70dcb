"""Teams: ``GET /teams`` lists the teams the signed-in user belongs to, with their role
(``MemoryService.team_memberships``); ``GET /teams/{team}`` lists one team's current learnings
(``list_context(team=…)``, ``PAGE_SIZE`` a page, paged by the service's cursor), each with its trust (verified,
unverified, contested: docs/teams.md), its contributor and who corroborated it (``corroborators``). A team the
user is not in gets the not-found page, exactly like one that does not exist (the service answers both alike)."""

from __future__ import annotations

from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.errors import InvalidArgumentError
from contextlamp.web.dashboard.board import Board, Signed

PAGE_SIZE = 50
TRUST_HELP = {
    "verified": "another member saved the same learning",
    "unverified": "nobody else has confirmed it yet",
    "contested": "another member's learning on the same topic says something else",
}


def routes(board: Board) -> list[Route]:
    """``/teams``, ``/teams/{team}``."""
    service = board.wired.service

    async def listing(request: Request, signed: Signed) -> Response:
        teams = await board.call(service.team_memberships, signed.caller)
        return board.render(request, signed, "teams.html", teams=teams)

    async def team(request: Request, signed: Signed) -> Response:
        ref = str(request.path_params["team"])
        cursor = request.query_params.get("cursor") or None
        memberships = await board.call(service.team_memberships, signed.caller)
        found = next(((t, role) for t, role in memberships if ref in (t.id, t.slug)), None)
        if found is None:  # not a member, or no such team: one answer
            return board.not_found(signed)
        chosen, role = found
        try:
            result = await board.call(service.list_context, signed.caller, PAGE_SIZE, cursor=cursor, team=chosen.id)
        except InvalidArgumentError as exc:  # a cursor not made by the service
            return board.message("That did not work", str(exc), 400, signed)
        confirmed = await board.call(service.corroborators, signed.caller, chosen.id, [i.id for i in result.items])
        next_link = ""
        if result.next_cursor:
            next_link = f"/teams/{quote(chosen.slug)}?{urlencode({'cursor': result.next_cursor})}"
        return board.render(
            request,
            signed,
            "team.html",
            team=chosen,
            role=role,
            items=result.items,
            confirmed=confirmed,
            trust_help=TRUST_HELP,
            next_link=next_link,
            paged=cursor is not None,
        )

    return [
        Route("/teams", board.page(listing), methods=["GET"]),
        Route("/teams/{team}", board.page(team), methods=["GET"]),
    ]
