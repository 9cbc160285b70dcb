"""The six tools of spec/TOOLS.md as ``ToolSpec``s: which service operation each calls, its arguments with the
live limits, ranges and defaults in their schemas, and its description (the agent's prompt)."""

from __future__ import annotations

from contextlamp.app.service import (
    LIST_LIMIT_RANGE,
    MAX_CHARS_RANGE,
    MAX_RESULTS_RANGE,
    RESUME_LIMIT_RANGE,
    MemoryService,
)
from contextlamp.app.state import SAVE_CONTEXT
from contextlamp.config import DAY_MS
from contextlamp.domain.models import (
    KINDS,
    MEMORY_TYPES,
    ForgetResult,
    GetResult,
    ListResult,
    ResumeResult,
    SaveResult,
    SaveSessionResult,
)
from contextlamp.mcp.schema import MAX_MS, Arg, ToolSpec, hints, option


def tool_specs(service: MemoryService) -> list[ToolSpec]:
    """The six tools of spec/TOOLS.md over ``service``, with the limits of ``service.limits`` and the ranges and
    defaults of the service's own checks in their schemas."""
    limits = service.limits
    types = tuple(MEMORY_TYPES)
    surface = "Defaults to this client's name."
    save, get, list_, forget = service.save_context, service.get_context, service.list_context, service.forget_context
    session, resume = service.save_session, service.resume_session
    return [
        ToolSpec(
            save,
            (
                Arg(
                    "content",
                    "string",
                    "One durable, self-contained statement to remember "
                    f"(at most {limits.max_content_bytes // 1024} KiB of UTF-8).",
                    required=True,
                    max_length=limits.max_content_bytes,
                ),
                Arg(
                    "memory_type",
                    "string",
                    "fact (default), event (default when kind is decision), instruction or task "
                    f"(expires after {service.task_ttl_ms / DAY_MS:g} days).",
                    enum=types,
                ),
                Arg("kind", "string", f"Display flavour; default {SAVE_CONTEXT.kind}.", enum=tuple(KINDS)),
                Arg(
                    "topic",
                    "string",
                    "Stable key such as 'package-manager'. A newer entry on the same topic replaces the older one "
                    "(history is kept).",
                    max_length=limits.max_topic_chars,
                ),
                Arg("source_surface", "string", surface),
                Arg(
                    "tags",
                    "array",
                    f"Up to {limits.max_tags} short labels of at most {limits.max_tag_chars} characters.",
                    max_length=limits.max_tag_chars,
                    max_items=limits.max_tags,
                ),
                Arg("project", "string", "Project id or slug; a new slug creates the project."),
                Arg(
                    "team",
                    "string",
                    "Team id or slug: share this as a team learning with every member (not with project). "
                    "Saving what a teammate already saved verifies it.",
                ),
            ),
            SaveResult,
            """Remember one durable thing for all of the user's AI tools.

            Use it when the user states a fact, preference, decision, convention, instruction or a task worth
            keeping beyond this conversation. Saving the same content again is harmless (same id, deduped=true);
            saving it with another topic, kind, type or tags updates the stored entry. Returns {id, deduped}.
            Example: content="We use pnpm, not npm, in every repo", topic="package-manager", kind="decision".
            Never include secrets (API keys, passwords): they are refused.
            """,
            hints("Save context", idempotent=True),
        ),
        ToolSpec(
            get,
            (
                Arg(
                    "query",
                    "string",
                    "What you want to know, in natural language.",
                    required=True,
                    max_length=limits.max_query_chars,
                ),
                option(get, "max_results", "integer", "How many packs at most.", MAX_RESULTS_RANGE),
                Arg("memory_types", "array", "Only these types (default: all).", enum=types),
                option(
                    get,
                    "scope",
                    "string",
                    "all (personal, the project if given, and your teams), personal, team (all your teams) "
                    "or team:<id or slug>.",
                ),
                Arg("project", "string", "Also search this project (id or slug)."),
                option(get, "verified_only", "boolean", "Leave out team learnings not yet verified."),
                option(get, "recency", "boolean", "Strongly favour the newest entries."),
                option(
                    get,
                    "max_chars",
                    "integer",
                    "Budget for the packs' text, characters (default "
                    f"{limits.max_pack_chars}, about {limits.max_pack_chars // 4} tokens); a long memory comes as its "
                    "best-matching chunk.",
                    MAX_CHARS_RANGE,
                ),
            ),
            GetResult,
            """Retrieve what the user's memory holds about a question: a ranked pack of stored chunks.

            Call it at the start of a task and whenever past decisions, preferences or facts could matter. It
            returns stored text only (never a generated answer), best first, each with a 0..1 score.
            Example: query="which package manager do we use?".
            """,
            hints("Get context", read_only=True),
        ),
        ToolSpec(
            list_,
            (
                option(list_, "limit", "integer", "How many items at most.", LIST_LIMIT_RANGE),
                Arg("project", "string", "List this project's store instead of personal."),
                Arg("cursor", "string", "next_cursor of the previous page."),
                Arg("memory_types", "array", "Only these types.", enum=types),
                option(list_, "include_superseded", "boolean", "Also show replaced entries (history)."),
                Arg("team", "string", "List this team's learnings (id or slug)."),
            ),
            ListResult,
            """Browse stored memories, newest first, with titles and previews (not a search: use get_context).

            Use it when the user asks what is remembered, or to find an id to forget. Example: limit=20.
            """,
            hints("List context", read_only=True),
        ),
        ToolSpec(
            session,
            (
                Arg(
                    "transcript",
                    "string",
                    "Best: a digest, one durable item per line ('- ' or '1. ' items allowed), each one "
                    "self-contained statement naming its subject, optionally led by its type ('Decision:', "
                    "'Rule:', 'Preference:', 'Fact:', 'Event:', 'Task:'). Otherwise the conversation: "
                    "'User: ...' / 'Assistant: ...' lines, a JSON list of {role, content} messages, or a client's "
                    "session file (JSONL). At most "
                    f"{limits.max_transcript_bytes / 2**20:g} MiB of UTF-8.",
                    required=True,
                    max_length=limits.max_transcript_bytes,
                ),
                Arg("source_surface", "string", surface),
                Arg("project", "string", "Project id or slug to save the learnings into."),
                Arg(
                    "session_id",
                    "string",
                    "Saving the same session again: the session_id its earlier save returned; the new "
                    "learnings join that session's digest instead of making a second one (ses_…).",
                ),
            ),
            SaveSessionResult,
            """Distil what this whole session taught into durable memories, at the end of a conversation.

            Call it once when a conversation ends (or is about to be cut off). When you can, send a digest of
            the durable items: the facts, decisions, conventions, preferences and open tasks worth keeping, one
            self-contained statement per line with its subject ("The billing service runs on Postgres 16", not
            "it runs on 16"); each line is kept as written, classified and secret-scanned. Send the transcript
            only when you cannot write a digest: it is then distilled offline. Chatter and anything holding a
            secret are dropped; a session digest is recorded that resume_session can load later.
            Returns {saved, deduped, total, session_id}.
            Example: transcript="- Decision: the web repos use pnpm\\n- Task: Dana moves CI to pnpm by Friday".
            """,
            hints("Save session"),
        ),
        ToolSpec(
            resume,
            (
                Arg("session_id", "string", "Load this session in full (ses_…)."),
                option(
                    resume,
                    "limit",
                    "integer",
                    "How many recent sessions at most (ignored with session_id).",
                    RESUME_LIMIT_RANGE,
                ),
                Arg(
                    "since",
                    "integer",
                    "Only sessions at or after this time, ms since the Unix epoch.",
                    minimum=0,
                    maximum=MAX_MS,
                ),
                Arg("source_surface", "string", "Only sessions saved from this client."),
            ),
            ResumeResult,
            """Pick up earlier work: list recent session digests, or load one session with what it taught.

            Call it at the start of a conversation that continues earlier work ("where were we?"). Without
            session_id it returns {sessions: [...]}, newest first; with one, {session: {..., learnings}}.
            Example: limit=3.
            """,
            hints("Resume session", read_only=True),
        ),
        ToolSpec(
            forget,
            (
                Arg("id", "string", "The entry id (ctx_…) from get_context or list_context.", required=True),
                option(forget, "confirm", "boolean", "false only previews what would be deleted."),
                Arg("project", "string", "The project the entry is in (optional)."),
            ),
            ForgetResult,
            """Delete one memory completely and at once (it cannot be undone).

            Use it when the user asks to forget something or a memory is wrong. Call with confirm=false first to
            preview. Returns {forgotten}. Example: id="ctx_…", confirm=false.
            """,
            hints("Forget context", destructive=True, idempotent=True),
        ),
    ]
