"""Curating memory (issue #33.2): edit one memory, move it to another store, forget several at once. Every change
is an ``app/curation.Curation`` call (itself made of the tools' ``save_context`` / ``forget_context``), as the
signed-in user; an id that is not theirs gets the not-found page, a target store that is not theirs a 400 page
naming the allowed ones.

- ``GET /memories/{id}/edit``: the form (text, memory type, kind, topic, tags); ``POST``: ``Curation.edit``,
  then the page of the memory now holding the text (its history shows the old version).
- ``GET /memories/{id}/move``: the stores it can go to (personal, projects, teams); ``POST``: ``Curation.move``.
- ``GET /forget?id=…&id=…``: the preview of a bulk forget (the memories list's checkboxes send it); ``POST
  /forget`` (field ``ids``: the previewed ids, space-separated): forgets them; ``back`` is where to go after
  (a dashboard path only).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from contextlamp.app.curation import BULK_MAX, Place
from contextlamp.domain.models import KINDS, MEMORY_TYPES, Entry
from contextlamp.errors import InvalidArgumentError
from contextlamp.web.dashboard.board import Board, Signed
from contextlamp.web.pages import MAX_FORM_BYTES


def routes(board: Board) -> list[Route]:
    """``/memories/{entry_id}/edit``, ``/memories/{entry_id}/move``, ``/forget``."""
    curation = board.curation
    # the edit form carries a whole memory: its largest content percent-encoded (3 bytes a byte) and the rest
    edit_bytes = 3 * board.wired.service.limits.max_content_bytes + MAX_FORM_BYTES

    async def edit_form(request: Request, signed: Signed) -> Response:
        entry_id = str(request.path_params["entry_id"])
        found = await board.call(curation.locate, signed.caller, entry_id)  # NotFoundError: the 404 page
        entry = found.entry
        given = {
            "content": entry.content,
            "memory_type": entry.memory_type,
            "kind": entry.kind,
            "topic": entry.topic or "",
            "tags": ", ".join(entry.tags),
        }
        return _edit_page(board, request, signed, found.entry, found.place, given)

    async def edit(request: Request, signed: Signed, form: dict[str, str]) -> Response:
        entry_id = str(request.path_params["entry_id"])
        found = await board.call(curation.locate, signed.caller, entry_id)
        given = {name: form.get(name, "") for name in ("content", "memory_type", "kind", "topic", "tags")}
        try:
            result = await board.call(
                curation.edit,
                signed.caller,
                entry_id,
                given["content"],
                given["memory_type"],
                given["kind"],
                given["topic"],
                split_tags(given["tags"]),
            )
        except InvalidArgumentError as exc:  # said on the form, what was typed kept (a secret's kind only)
            return _edit_page(board, request, signed, found.entry, found.place, given, str(exc), 400)
        return RedirectResponse(f"/memories/{result.id}?edited=1", 303, headers=board.headers())

    async def move_form(request: Request, signed: Signed) -> Response:
        entry_id = str(request.path_params["entry_id"])
        found = await board.call(curation.locate, signed.caller, entry_id)
        places = await board.call(curation.places, signed.caller)
        targets = [p for p in places if p.scope != found.place.scope]
        history = await board.call(board.wired.service.entry_history, signed.caller, entry_id)
        return board.render(
            request, signed, "move.html", entry=found.entry, here_place=found.place, targets=targets, history=history
        )

    async def move(request: Request, signed: Signed, form: dict[str, str]) -> Response:
        entry_id = str(request.path_params["entry_id"])
        target = form.get("target", "")
        result = await board.call(curation.move, signed.caller, entry_id, target)
        if target.startswith("team:"):  # a team learning has no page of its own: the team's page lists it
            places = {p.scope: p for p in await board.call(curation.places, signed.caller)}
            return board.render(request, signed, "moved.html", entry_id=result.id, team=places[target].label)
        return RedirectResponse(f"/memories/{result.id}?moved=1", 303, headers=board.headers())

    async def forget_preview(request: Request, signed: Signed) -> Response:
        ids = request.query_params.getlist("id")
        back = safe_back(request.query_params.get("back", ""))
        previews = await board.call(curation.preview_many, signed.caller, ids)
        return board.render(
            request, signed, "forget_many.html", previews=previews, back=back, limit=BULK_MAX, chosen=len(ids)
        )

    async def forget(request: Request, signed: Signed, form: dict[str, str]) -> Response:
        ids = form.get("ids", "").split()
        back = safe_back(form.get("back", ""))
        gone = await board.call(curation.forget_many, signed.caller, ids)
        return board.render(request, signed, "forgotten_many.html", forgotten=gone, back=back)

    return [
        Route("/memories/{entry_id}/edit", board.page(edit_form), methods=["GET"]),
        Route("/memories/{entry_id}/edit", board.action(edit, edit_bytes), methods=["POST"]),
        Route("/memories/{entry_id}/move", board.page(move_form), methods=["GET"]),
        Route("/memories/{entry_id}/move", board.action(move), methods=["POST"]),
        Route("/forget", board.page(forget_preview), methods=["GET"]),
        Route("/forget", board.action(forget), methods=["POST"]),
    ]


def _edit_page(
    board: Board,
    request: Request,
    signed: Signed,
    entry: Entry,
    place: Place,
    given: dict[str, str],
    error: str = "",
    status: int = 200,
) -> Response:
    return board.render(
        request,
        signed,
        "edit.html",
        status=status,
        entry=entry,
        place=place,
        given=given,
        types=MEMORY_TYPES,
        kinds=KINDS,
        error=error,
        max_chars=board.wired.service.limits.max_content_bytes,
    )


def split_tags(text: str) -> list[str]:
    """The tags of the edit form's one field: comma-separated, blanks dropped (save_context checks the rest)."""
    return [tag.strip() for tag in text.split(",") if tag.strip()]


BACK_PATHS = ("/memories", "/review", "/health", "/search")  # where a bulk action may send the browser back to


def safe_back(value: str) -> str:
    """``value`` when it is a path of this dashboard a bulk action comes from (``BACK_PATHS``, with its query),
    else ``/memories``: never another site (``//evil.example``) nor a scheme."""
    path = value.split("?", 1)[0]
    if path in BACK_PATHS and "\\" not in value and "//" not in value:
        return value
    return "/memories"
