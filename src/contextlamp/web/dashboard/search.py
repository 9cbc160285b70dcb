"""``GET /search``: a get_context query through the service, as the signed-in user, with each pack's score and
which signals ranked it (semantic, keyword, fact-key, recency, the date a question names, or "next to" the match
it is the context of: ``get_context(..., explain=True)``). Without a chosen project it searches personal and
every project (and the teams, for "Everything": ``every_project``); get_context's relevance floor applies, so only
results with evidence are shown. Searching from the dashboard is reading: it does not count as a reuse of what it
shows."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.domain.models import MEMORY_TYPES, ExplainedResult
from contextlamp.errors import InvalidArgumentError
from contextlamp.web.dashboard.board import OWNED_FIELDS, Board, Signed

SIGNAL_LABELS = {
    "semantic": "semantic",
    "keyword": "keyword",
    "fact_key": "fact-key",
    "recency": "recency",
    "named_date": "date",
}
# personal, every project and every team; personal and every project; teams (issue #33.1)
SCOPES = (("all", "Everything"), ("personal", "Personal and projects"), ("team", "Teams"))


def routes(board: Board) -> list[Route]:
    """``/search``."""

    async def search(request: Request, signed: Signed) -> Response:
        query = request.query_params
        q = query.get("q", "")
        form: dict[str, Any] = {
            "q": q,
            "type": query.get("type", ""),
            "scope": query.get("scope", "all"),
            "project": query.get("project", ""),
            "recency": query.get("recency") == "1",
            "max_results": query.get("max_results", "10"),
        }
        projects = await board.call(board.wired.service.projects, signed.caller)
        places = await board.call(board.curation.places, signed.caller)
        values: dict[str, Any] = {
            "form": form,
            "types": MEMORY_TYPES,
            "scopes": SCOPES,
            "projects": projects,
            "labels": SIGNAL_LABELS,
            "places": {p.scope: p for p in places},
            "results": None,
            "error": "",
        }
        if q.strip():
            try:
                result = await board.call(
                    board.wired.service.get_context,
                    signed.caller,
                    q,
                    max_results=_int(form["max_results"], "max_results"),
                    memory_types=[form["type"]] if form["type"] else None,
                    scope=form["scope"] or "all",
                    project=form["project"] or None,
                    recency=form["recency"],
                    explain=True,
                    every_project=not form["project"],
                )
            except InvalidArgumentError as exc:  # shown on the search page itself, the form kept
                if exc.field in OWNED_FIELDS:  # a project or team that is not the user's
                    return board.not_found(signed)
                values["error"] = str(exc)
                return board.render(request, signed, "search.html", status=400, **values)
            assert isinstance(result, ExplainedResult)
            values["results"] = list(zip(result.packs, result.signals, strict=True))
        return board.render(request, signed, "search.html", **values)

    return [Route("/search", board.page(search), methods=["GET"])]


def _int(text: str, field: str) -> int:
    """A form's number field (the service checks the range).

    Raises:
        InvalidArgumentError: not a whole number.
    """
    try:
        return int(text)
    except ValueError:
        raise InvalidArgumentError(field, "must be a whole number") from None
