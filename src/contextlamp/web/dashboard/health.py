"""``GET /health``: the likely problems of the signed-in user's memory (``app/health.health``: stale versions,
near-duplicates, echoes, very long and very short items), each with its fixes as one-click forms;
``POST /health/fix``: one fix (``action`` ``replace``: the older of a pair becomes the newer one's earlier
version, ``Curation.mark_replaced``; ``forget``: ``Curation.forget_many`` of the ids), then back to ``/health``
(303, so a reload does not send it again). The echo test is the capture's own knowledge of what contextlamp and
the clients write (``hooks/clean``), handed to the application from here."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from contextlamp.app.health import KINDS, health
from contextlamp.domain.models import Entry
from contextlamp.errors import InvalidArgumentError
from contextlamp.hooks.clean import is_framing, line_key, strip_machine_tags
from contextlamp.web.dashboard.board import Board, Signed

# what each kind of finding is called on the page, and what it means
HEADINGS = {
    "stale": ("Stale versions", "An older memory that a newer one updates, still shown as current."),
    "duplicate": ("Near-duplicates", "Two memories that say the same thing in other words."),
    "echo": ("Echoes", "Text of contextlamp or the AI client saved as if the user had said it."),
    "long": ("Very long", "A pasted document rather than a memory: edit it down to what is worth keeping."),
    "short": ("Very short", "Too little to be useful on its own: edit it into a statement, or forget it."),
}
CONTEXT_HEADER = "Saved in earlier sessions; may be out of date"  # hooks/context.build_context's header line
FIXES = ("replace", "forget")
SHOWN = 50  # findings of one kind on the page (the newest; fixing them brings the next ones up)
LISTED = ("-", "*", "•", "[")  # how the session-start context lists a memory: "- [decision] We use Vite"


def echoes(live: Sequence[Entry]) -> dict[str, str]:
    """The echoes among one store's live memories (``app/health.EchoTest``): ``{entry id: why}``. A memory is an
    echo when it holds a machine-tag block (``clean.strip_machine_tags``), the session-start context's header,
    compaction framing (``clean.is_framing``), or a line that restates another live memory (one line) the way
    the session-start context lists it (``clean.line_key``: bullets and ``[kind]`` tags aside), in a memory of
    several lines or one listed as the context lists (``LISTED``); a plain one-line restatement is a duplicate,
    not an echo. Linear in the texts."""
    one_line: dict[str, str] = {}
    for entry in sorted(live, key=lambda e: (e.created_at, e.id)):  # the oldest holds a line: a later copy echoes
        text = entry.content.strip()
        key = line_key(text) if "\n" not in text else None
        if key is not None:
            one_line.setdefault(key, entry.id)
    found: dict[str, str] = {}
    for entry in live:
        text = entry.content
        lines = [line for line in text.splitlines() if line.strip()]
        if strip_machine_tags(text) != text:
            found[entry.id] = "It holds a block of the client's or contextlamp's own tagged text."
        elif CONTEXT_HEADER in text or "# contextlamp memory" in text:
            found[entry.id] = "It repeats the context contextlamp gave a session at its start."
        elif any(is_framing(line) for line in lines):
            found[entry.id] = "It is the client's framing of a conversation, not something learned in it."
        elif (len(lines) > 1 or (lines[:1] and lines[0].lstrip().startswith(LISTED))) and any(
            one_line.get(key, entry.id) != entry.id for key in map(line_key, lines) if key is not None
        ):
            found[entry.id] = "It restates another memory as the session-start context lists it."
    return found


def routes(board: Board) -> list[Route]:
    """``/health``, ``/health/fix``."""
    curation = board.curation

    async def page(request: Request, signed: Signed) -> Response:
        findings = await board.call(health, curation, signed.caller, echoes)
        grouped = [(kind, *HEADINGS[kind], [f for f in findings if f.kind == kind]) for kind in KINDS]
        grouped = [(kind, heading, meaning, found[:SHOWN], len(found)) for kind, heading, meaning, found in grouped]
        return board.render(
            request,
            signed,
            "health.html",
            groups=grouped,
            total=len(findings),
            fixed=request.query_params.get("fixed", ""),
        )

    async def fix(request: Request, signed: Signed, form: dict[str, str]) -> Response:
        action = form.get("action", "")
        ids = form.get("ids", "").split()
        if action not in FIXES:
            raise InvalidArgumentError("action", f"allowed values: {', '.join(FIXES)}")
        if action == "replace":
            if len(ids) != 2:
                raise InvalidArgumentError("ids", "must name the newer memory, then the older one")
            await board.call(curation.mark_replaced, signed.caller, ids[0], ids[1])
            done = "1"
        else:
            done = str(len(await board.call(curation.forget_many, signed.caller, ids)))
        return RedirectResponse(f"/health?fixed={done}", 303, headers=board.headers())

    return [
        Route("/health", board.page(page), methods=["GET"]),
        Route("/health/fix", board.action(fix), methods=["POST"]),
    ]
