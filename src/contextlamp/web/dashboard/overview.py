"""``GET /overview``: a small picture of the signed-in user's memories (``MemoryService.overview``): how many,
by memory type and by the surface that saved them, and how many were added in each of the last
``OVERVIEW_WEEKS`` weeks as a bar chart. The chart is SVG drawn here, on the server (no script, no chart
library, nothing from another site: the CSP allows none), with the same numbers in a table beside it for
screen readers and text browsers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.app.views import OVERVIEW_WEEKS
from contextlamp.web.dashboard.board import Board, Signed

CHART_WIDTH = 640  # the SVG's user units (it scales to its box: viewBox)
CHART_HEIGHT = 200
AXIS = 28  # room under the bars for the week labels, and above for the counts
GAP = 0.25  # share of each week's slot left empty between bars


@dataclass(frozen=True)
class Bar:
    """One week's bar in SVG user units: its box, its count, and its label (``Nov 30``: the week's Monday)."""

    x: float
    y: float
    width: float
    height: float
    count: int
    label: str
    start: str  # the week's Monday as YYYY-MM-DD


def bars(weeks: list[tuple[int, int]]) -> list[Bar]:
    """The bars of ``(week start ms, count)`` weeks: heights proportional to the counts, the largest filling the
    chart's height (a chart of zeros draws no bar)."""
    if not weeks:
        return []
    top = max(count for _, count in weeks) or 1
    slot = CHART_WIDTH / len(weeks)
    usable = CHART_HEIGHT - 2 * AXIS
    made: list[Bar] = []
    for i, (start, count) in enumerate(weeks):
        height = usable * count / top
        day = datetime.fromtimestamp(start / 1000, UTC)
        made.append(
            Bar(
                x=round(i * slot + slot * GAP / 2, 1),
                y=round(AXIS + usable - height, 1),
                width=round(slot * (1 - GAP), 1),
                height=round(height, 1),
                count=count,
                label=day.strftime("%b %d").replace(" 0", " "),
                start=day.strftime("%Y-%m-%d"),
            )
        )
    return made


def routes(board: Board) -> list[Route]:
    """``/overview``."""
    service = board.wired.service

    async def overview(request: Request, signed: Signed) -> Response:
        found = await board.call(service.overview, signed.caller, OVERVIEW_WEEKS)
        return board.render(
            request,
            signed,
            "overview.html",
            overview=found,
            bars=bars(found.weeks),
            added=sum(count for _, count in found.weeks),
            weeks=OVERVIEW_WEEKS,
            chart_width=CHART_WIDTH,
            chart_height=CHART_HEIGHT,
            axis=AXIS,
        )

    return [Route("/overview", board.page(overview), methods=["GET"])]
