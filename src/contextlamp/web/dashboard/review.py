"""``GET /review``: what was saved without the user typing it (the hooks' and the agents' sessions, imports) since a
chosen time, grouped by session (``app/curation.Curation.review``), with keep / edit / forget per item and per
session. Forgetting goes through the bulk forget's preview (``/forget``, back here after); editing through the
edit page; keeping is this browser's record of what the user has looked at:

- ``POST /review/keep`` with ``ids``: those memories are kept as they are and leave the review (their ids are
  held in the ``__Host-clp_kept`` cookie, the newest ``KEPT_MAX``);
- ``POST /review/keep`` with ``all=1``: everything up to now is reviewed (``__Host-clp_reviewed``: the time), so
  the review starts after it next time, and the kept ids are cleared.

Both cookies hold no memory content, only ids and a time, are HttpOnly, Secure and SameSite=Strict, and only hide
items from this user's review in this browser (another browser reviews afresh): nothing stored changes on keep.
The time to review from is ``since``: ``1d``, ``7d``, ``30d`` or a date ``YYYY-MM-DD`` (UTC); without it, the
last "done" time of this browser, else one day back.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from contextlamp.config import DAY_MS
from contextlamp.errors import InvalidArgumentError
from contextlamp.importers import format_names
from contextlamp.text import is_id
from contextlamp.web.dashboard.board import Board, Signed

KEPT_COOKIE = "__Host-clp_kept"
REVIEWED_COOKIE = "__Host-clp_reviewed"
KEPT_MAX = 120  # ids kept in the cookie (30 characters each: under the 4 KB a browser keeps of one cookie)
COOKIE_DAYS = 90
PRESETS = (("1d", "the last day", 1), ("7d", "the last week", 7), ("30d", "the last 30 days", 30))


def routes(board: Board) -> list[Route]:
    """``/review``, ``/review/keep``."""
    curation = board.curation

    async def review(request: Request, signed: Signed) -> Response:
        now = board.wired.service.clock()
        given = request.query_params.get("since", "")
        reviewed = _int(request.cookies.get(REVIEWED_COOKIE, ""))
        try:
            since = since_ms(given, now) if given else (reviewed if reviewed is not None else now - DAY_MS)
        except InvalidArgumentError as exc:
            return board.message("That did not work", str(exc), 400, signed)
        kept = set(request.cookies.get(KEPT_COOKIE, "").split())
        groups = await board.call(curation.review, signed.caller, since, format_names())
        shown = [
            (group, [item for item in group.items if item.entry.id not in kept])
            for group in groups
            if any(item.entry.id not in kept for item in group.items)
        ]
        back = "/review" + (f"?{urlencode({'since': given})}" if given else "")
        return board.render(
            request,
            signed,
            "review.html",
            groups=shown,
            since=since,
            given=given,
            presets=PRESETS,
            back=back,
            hidden=sum(len(g.items) for g in groups) - sum(len(items) for _g, items in shown),
            from_mark=not given and reviewed is not None,
        )

    async def keep(request: Request, signed: Signed, form: dict[str, str]) -> Response:
        given = form.get("since", "")
        target = "/review" + (f"?{urlencode({'since': given})}" if given and _preset_or_date(given) else "")
        response = RedirectResponse(target, 303, headers=board.headers())
        if form.get("all") == "1":
            now = board.wired.service.clock()
            _cookie(response, REVIEWED_COOKIE, str(now))
            _cookie(response, KEPT_COOKIE, "")
            return response
        held = [i for i in request.cookies.get(KEPT_COOKIE, "").split() if is_id(i, "ctx")]
        new = [i for i in form.get("ids", "").split() if is_id(i, "ctx") and i not in held]
        _cookie(response, KEPT_COOKIE, " ".join([*held, *new][-KEPT_MAX:]))
        return response

    return [
        Route("/review", board.page(review), methods=["GET"]),
        Route("/review/keep", board.action(keep), methods=["POST"]),
    ]


def since_ms(text: str, now: int) -> int:
    """The time (ms) a ``since`` value names: a preset (``1d``, ``7d``, ``30d``) back from ``now``, or a date
    ``YYYY-MM-DD`` at 00:00 UTC.

    Raises:
        InvalidArgumentError: anything else.
    """
    for value, _label, days in PRESETS:
        if text == value:
            return now - days * DAY_MS
    try:
        day = datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        allowed = ", ".join(v for v, _l, _d in PRESETS)
        raise InvalidArgumentError("since", f"must be {allowed} or a date YYYY-MM-DD") from None
    return int(day.timestamp() * 1000)


def _preset_or_date(text: str) -> bool:
    try:
        since_ms(text, 0)
    except InvalidArgumentError:
        return False
    return True


def _int(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 16 else None


def _cookie(response: Response, name: str, value: str) -> None:
    """A ``__Host-`` cookie as the sign-in's (``web.pages``): Secure, Path=/, no Domain, HttpOnly, SameSite=Strict."""
    max_age = COOKIE_DAYS * 86_400 if value else 0
    response.set_cookie(name, value, max_age=max_age, path="/", secure=True, httponly=True, samesite="strict")
