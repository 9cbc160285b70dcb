"""Browse, one memory, forget:

- ``GET /memories``: ``list_context`` with the filters type, kind, topic, tag, surface, project, team (and
  superseded entries on request), 50 a page, paged by the service's cursor (``?cursor=``);
- ``GET /memories/{id}``: one of the user's entries (``get_entry``): full text, metadata, reuse count, last
  surface, and its topic history (``entry_history``: the older versions it superseded);
- ``GET /memories/{id}/forget``: the preview (``forget_context(confirm=False)``), with a confirm button;
  ``POST /memories/{id}/forget``: forgets it (``forget_context(confirm=True)``; CSRF token and origin checked).

An id that is not the user's (someone else's, or none at all) gets the not-found page on every one of these,
and so does a ``project`` or ``team`` filter naming none of the user's.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.domain.models import KINDS, MEMORY_TYPES
from contextlamp.errors import InvalidArgumentError
from contextlamp.text import title_of
from contextlamp.web.dashboard.board import OWNED_FIELDS, Board, Signed

PAGE_SIZE = 50
FILTERS = ("type", "kind", "topic", "tag", "surface", "project", "team")


def routes(board: Board) -> list[Route]:
    """``/memories``, ``/memories/{entry_id}``, ``/memories/{entry_id}/forget``."""
    service = board.wired.service

    async def browse(request: Request, signed: Signed) -> Response:
        query = request.query_params
        chosen = {name: query.get(name, "").strip() for name in FILTERS}
        superseded = query.get("superseded") == "1"
        projects = await board.call(service.projects, signed.caller)
        teams = await board.call(service.team_memberships, signed.caller)
        places = await board.call(board.curation.places, signed.caller)
        place = next(
            (p for p in places if p.kind == "project" and chosen["project"] in (p.label, p.store_id)),
            next((p for p in places if p.kind == "team" and chosen["team"] in (p.label, p.store_id)), places[0]),
        )
        values: dict[str, Any] = {
            "chosen": chosen,
            "superseded": superseded,
            "types": MEMORY_TYPES,
            "kinds": KINDS,
            "projects": projects,
            "teams": [team for team, _role in teams],
            "items": [],
            "next_link": "",
            "error": "",
            "paged": bool(query.get("cursor")),
            "first_link": "/memories?" + urlencode(_kept(chosen, superseded)),
            "here_link": request.url.path + (f"?{request.url.query}" if request.url.query else ""),
            "place": place,
        }
        try:
            result = await board.call(
                service.list_context,
                signed.caller,
                PAGE_SIZE,
                project=chosen["project"] or None,
                cursor=query.get("cursor") or None,
                memory_types=[chosen["type"]] if chosen["type"] else None,
                include_superseded=superseded,
                team=chosen["team"] or None,
                kind=chosen["kind"] or None,
                topic=chosen["topic"] or None,
                tag=chosen["tag"] or None,
                surface=chosen["surface"] or None,
            )
        except InvalidArgumentError as exc:  # a bad filter: said on the page itself, the form kept
            if exc.field in OWNED_FIELDS:  # a project or team that is not the user's: as an id that is not
                return board.not_found(signed)
            values["error"] = str(exc)
            return board.render(request, signed, "memories.html", status=400, **values)
        values["items"] = result.items
        if result.next_cursor:
            values["next_link"] = "/memories?" + urlencode({**_kept(chosen, superseded), "cursor": result.next_cursor})
        return board.render(request, signed, "memories.html", **values)

    async def memory(request: Request, signed: Signed) -> Response:
        entry_id = str(request.path_params["entry_id"])
        found = await board.call(board.curation.locate, signed.caller, entry_id)  # NotFoundError: the 404 page
        history = await board.call(service.entry_history, signed.caller, entry_id)
        query = request.query_params
        return board.render(
            request,
            signed,
            "memory.html",
            entry=found.entry,
            place=found.place,
            heading=title_of(found.entry.content) or entry_id,
            history=history,
            edited=query.get("edited") == "1",
            moved=query.get("moved") == "1",
        )

    async def preview(request: Request, signed: Signed) -> Response:
        entry_id = str(request.path_params["entry_id"])
        answer = await board.call(service.forget_context, signed.caller, entry_id, confirm=False)
        if answer.preview is None:
            return board.not_found(signed)
        return board.render(request, signed, "forget.html", preview=answer.preview)

    async def forget(request: Request, signed: Signed, _form: dict[str, str]) -> Response:
        entry_id = str(request.path_params["entry_id"])
        answer = await board.call(service.forget_context, signed.caller, entry_id, confirm=True)
        if not answer.forgotten:
            return board.not_found(signed)
        return board.render(request, signed, "forgotten.html", entry_id=entry_id)

    return [
        Route("/memories", board.page(browse), methods=["GET"]),
        Route("/memories/{entry_id}", board.page(memory), methods=["GET"]),
        Route("/memories/{entry_id}/forget", board.page(preview), methods=["GET"]),
        Route("/memories/{entry_id}/forget", board.action(forget), methods=["POST"]),
    ]


def _kept(chosen: dict[str, str], superseded: bool) -> dict[str, str]:
    """The filters to keep in a page link (the empty ones left out)."""
    kept = {name: value for name, value in chosen.items() if value}
    if superseded:
        kept["superseded"] = "1"
    return kept
