"""The context a session starts with: recent session digests of its project and the memories most relevant
to it, project memories fused with personal ones, within a budget (issue #15.2).

Everything is read through the ``MemoryService`` (``resume_session`` and ``list_context``), so scoping, expiry
and supersession are the service's. Nothing here embeds: relevance is recency, kind and a mention of the
project's name, so a session start never waits for the embedding model (~0.5 s to load).

Budget: tokens are counted as 4 characters each (OpenAI's rule of thumb for English text,
help.openai.com "What are tokens and how to count them"), so a budget of 1,500 tokens is 6,000 characters of
context. 0 turns injection off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.domain.models import ListItem
    from contextlamp.storage import Project

CHARS_PER_TOKEN = 4
MAX_DIGESTS = 3  # session digests shown at most
DIGESTS_SCANNED = 12  # recent digests looked at to find the project's
MEMORIES_SCANNED = 50  # newest memories of each store considered
DIGEST_SHARE = 0.4  # of the budget the digests may take at most; the memories have the rest
MAX_LINE_CHARS = 400  # one memory or digest line is cut here
_PRIORITY_KINDS = ("decision", "preference")


@dataclass(frozen=True)
class StartContext:
    """``text`` for the client to add (empty: nothing to add), and ``memories`` and ``digests``: how many of
    each it holds."""

    text: str
    memories: int
    digests: int


def build_context(service: MemoryService, caller: Caller, project: Project | None, budget_tokens: int) -> StartContext:
    """The context of a session in ``project`` (None: outside any repository; personal memories only) in at
    most ``budget_tokens`` tokens (``CHARS_PER_TOKEN`` characters each). Order: a header, up to ``MAX_DIGESTS``
    digests of the project's recent sessions (a digest is the project's when one of its learnings is in the
    project's store), then memories: the project's and the personal ones interleaved two to one, decisions and
    preferences and mentions of the project first, newest first within each."""
    from contextlamp.hooks.clean import MARK_CHARS, mark

    budget = max(0, budget_tokens) * CHARS_PER_TOKEN - MARK_CHARS  # the marker (clean.py) is inside the budget
    if budget <= 0:
        return StartContext("", 0, 0)
    project_items = service.list_context(caller, MEMORIES_SCANNED, project.id).items if project else []
    personal_items = service.list_context(caller, MEMORIES_SCANNED).items
    name = project.slug if project else None
    header = (
        f"# contextlamp memory{f' for project {name}' if name else ''}\n"
        "Saved in earlier sessions; may be out of date. Use get_context for more, save_context to keep new facts."
    )
    used = len(header) + 1
    if used >= budget:
        return StartContext("", 0, 0)
    digest_lines = _digest_lines(service, caller, {i.id for i in project_items} if project else None)
    chosen_digests = _fit(digest_lines, min(budget - used, int(budget * DIGEST_SHARE)))
    blocks = [header]
    if chosen_digests:
        blocks.append("## Recent sessions\n" + "\n".join(chosen_digests))
        used += len(blocks[-1]) + 1
    ranked_project = _ranked(project_items, name)
    ranked_personal = _ranked(personal_items, name)
    shown_project: list[str] = []
    shown_personal: list[str] = []
    room = budget - used - 40  # the two section headings
    for line, target in _interleave(ranked_project, ranked_personal):
        if len(line) + 1 > room:
            continue  # a shorter one further down may still fit
        target_list = shown_project if target == "project" else shown_personal
        target_list.append(line)
        room -= len(line) + 1
    if shown_project:
        blocks.append("## Project memories\n" + "\n".join(shown_project))
    if shown_personal:
        blocks.append("## Your memories\n" + "\n".join(shown_personal))
    count = len(shown_project) + len(shown_personal)
    if not count and not chosen_digests:
        return StartContext("", 0, 0)
    return StartContext(mark("\n\n".join(blocks)[:budget]), count, len(chosen_digests))


def _digest_lines(service: MemoryService, caller: Caller, project_ids: set[str] | None) -> list[str]:
    """One line per recent digest of the project (``project_ids``: its store's entry ids; None: any digest)."""
    lines: list[str] = []
    for info in service.resume_session(caller, None, DIGESTS_SCANNED).sessions or []:
        if len(lines) == MAX_DIGESTS:
            break
        if project_ids is not None:
            detail = service.resume_session(caller, info.session_id).session
            if detail is None or not any(learning.id in project_ids for learning in detail.learnings):
                continue
        day = _day(info.ts)
        summary = " ".join(info.summary.split())
        lines.append(_cut(f"- {day} ({info.source_surface}): {info.label}. {summary}"))
    return lines


def _ranked(items: Sequence[ListItem], name: str | None) -> list[str]:
    """Memory lines, the most relevant first: a mention of the project's name, then decisions and preferences
    and instructions, then the rest; newest first within each group (``items`` come newest first)."""

    spoken = name.replace("-", " ") if name else None

    def group(item: ListItem) -> int:
        mentions = spoken is not None and spoken in item.preview.lower().replace("-", " ")
        important = item.kind in _PRIORITY_KINDS or item.memory_type == "instruction"
        return 0 if mentions else 1 if important else 2

    ordered = sorted(range(len(items)), key=lambda i: (group(items[i]), i))
    return [_cut(f"- [{items[i].kind}] {items[i].preview}") for i in ordered if not items[i].superseded_by]


def _interleave(project: list[str], personal: list[str]) -> list[tuple[str, str]]:
    """Project and personal lines fused two to one (the project's context first)."""
    out: list[tuple[str, str]] = []
    a = b = 0
    while a < len(project) or b < len(personal):
        for _ in range(2):
            if a < len(project):
                out.append((project[a], "project"))
                a += 1
        if b < len(personal):
            out.append((personal[b], "personal"))
            b += 1
    return out


def _fit(lines: list[str], room: int) -> list[str]:
    kept: list[str] = []
    for line in lines:
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    return kept


def _cut(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1] + "…"


def _day(ms: int) -> str:
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d")
    except (OverflowError, ValueError, OSError):
        return "?"
