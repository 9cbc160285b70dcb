"""The month bench's scoring (#27): the live memories of every store, echoes (contextlamp's own context or the
client's framing stored as memory), recall@5 and stale corrections from ``get_context`` of a stdio server started in
the repository, and planted secrets in the data directory's bytes."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from month_bank import Fact
from month_play import Month

ECHO_MARKERS = (
    "contextlamp",
    "get_context",
    "save_context",
    "saved in earlier sessions",
    "may be out of date",
    "[decision]",
    "[note]",
    "[fact]",
    "[preference]",
    "recent sessions",
    "project memories",
    "your memories",
    "continued from a previous conversation",
    "without asking the user",
    "continue with the last task",
    "where we left off",
    "ran out of context",
    "summary below",
    "earlier portion of the conversation",
    "hook_context",
    "system-reminder",
    "command-name",
    "local-command",
    "state_snapshot",
    "environment_context",
    "thanks for the additional context",
)
_KIND_PREFIX = re.compile(r"^- \[[a-z]+\] ")  # how the session start shows a memory line
_DIGEST_LINE = re.compile(r"\d{4}-\d{2}-\d{2} \((?:claude-code|codex|gemini-cli|cursor)[^)]*\)")


def live_memories(month: Month) -> list[str]:
    """Every live memory: the personal store's and each project's."""

    def listing(*args: str) -> list[str]:
        texts: list[str] = []
        cursor: str | None = None
        while True:
            extra = ["--cursor", cursor] if cursor else []
            done = subprocess.run(
                [*month.exe, "list", "--json", "-n", "200", *args, *extra],
                capture_output=True,
                text=True,
                env=month.env,
                check=True,
                timeout=300,
            )
            data = json.loads(done.stdout)
            texts += [str(item.get("preview", "")) for item in data.get("items", [])]
            cursor = data.get("next_cursor")
            if not cursor:
                return texts

    done = subprocess.run(
        [*month.exe, "projects", "--json"], capture_output=True, text=True, env=month.env, check=True, timeout=300
    )
    memories = listing()
    for project in json.loads(done.stdout).get("projects", []):
        memories += listing("--project", project["id"])
    return memories


def is_echo(text: str) -> bool:
    low = text.lower()
    return any(marker in low for marker in ECHO_MARKERS) or bool(_DIGEST_LINE.search(text))


async def _queries(month: Month, facts: Sequence[Fact], project: str | None) -> list[list[str]]:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=month.exe[0], args=[*month.exe[1:], "serve"], env=month.env, cwd=str(month.repo)
    )
    out: list[list[str]] = []
    async with Client(params, read_timeout_seconds=300) as client:
        for fact in facts:
            args: dict[str, Any] = {"query": fact.query(), "max_results": 5}
            if project:
                args["project"] = project
            result = await client.call_tool("get_context", args)
            data = result.structured_content or {}
            out.append([str(p.get("text", "")) for p in data.get("packs", [])][:5])
    return out


def retrieval(
    month: Month, facts: Sequence[Fact], project: str | None, misses: list[dict[str, Any]] | None = None
) -> tuple[float, int]:
    """(recall@5 of the current values, corrected facts whose old value ranks above the new or shows alone);
    each missed or stale fact is appended to ``misses`` (query, values, the top-5 texts) when given."""
    import anyio

    ranked = anyio.run(_queries, month, facts, project)
    hits = stale = 0
    for fact, texts in zip(facts, ranked, strict=True):
        new = next((i for i, t in enumerate(texts) if fact.found_in(t, fact.value)), None)
        hits += new is not None
        is_stale = False
        if fact.old is not None:
            old = next(
                (i for i, t in enumerate(texts) if fact.found_in(t, fact.old) and not fact.found_in(t, fact.value)),
                None,
            )
            is_stale = old is not None and (new is None or old < new)
            stale += is_stale
        if misses is not None and (new is None or is_stale):
            misses.append(
                {
                    "query": fact.query(),
                    "value": fact.value,
                    "old": fact.old,
                    "miss": new is None,
                    "stale": is_stale,
                    "top5": texts,
                }
            )
    return hits / len(facts), stale


def secrets_on_disk(data: Path, secrets: Sequence[str]) -> int:
    """How many of ``secrets`` occur in the bytes of any file under ``data``."""
    blobs = [p.read_bytes() for p in data.rglob("*") if p.is_file()]
    return sum(any(s.encode() in b for b in blobs) for s in secrets)
