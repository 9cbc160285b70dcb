"""The MCP server: the memory tools on the official ``mcp`` SDK, a thin layer over ``MemoryService``.

Each tool turns ``(principal, surface, arguments)`` into one service call and a domain error into a
``ToolError`` (an ``isError`` result the agent can read). Nothing here knows about storage or ranking.
Over stdio nothing but protocol bytes reach stdout: logging goes to stderr.
"""

from __future__ import annotations

import inspect
import logging
import re
import sys
from collections.abc import AsyncIterator, Callable
from io import TextIOWrapper
from typing import Annotated, Any, Literal, cast

import anyio
from mcp.server import MCPServer
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp.server.stdio import stdio_server
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, model_validator

from contextlamp import __version__
from contextlamp.errors import ContextlampError
from contextlamp.models import (
    ForgetResult,
    GetResult,
    ListResult,
    Principal,
    ResumeResult,
    SaveResult,
    SaveSessionResult,
)
from contextlamp.service import Caller, MemoryService, normalise_surface

logger = logging.getLogger(__name__)

PrincipalResolver = Callable[[Context], Principal]

INSTRUCTIONS = """\
contextlamp is the user's long-term memory, shared by all their AI tools.
- At the start of a task, and whenever the user refers to something earlier ("as we decided", "our usual
  setup"), call get_context with a short natural-language query.
- When the user states a durable fact, preference, decision, convention or instruction, or a task to pick up
  later, call save_context with one self-contained statement (give a topic for facts that can change).
- Never save secrets; never save chit-chat.
"""

MemoryTypeName = Literal["fact", "event", "instruction", "task"]
KindName = Literal["fact", "decision", "preference", "note"]


def client_surface(ctx: Context) -> str:
    """The caller's client name from the ``initialize`` handshake, normalised (``unknown`` if absent)."""
    try:
        params = ctx.session.client_params
    except (AttributeError, ValueError):
        return "unknown"
    info = getattr(params, "client_info", None)
    return normalise_surface(getattr(info, "name", None))


def _reply(result: BaseModel) -> CallToolResult:
    """Structured content and the same JSON as text; optional fields never set are left out."""
    data = result.model_dump(mode="json", exclude_unset=True)
    text = result.model_dump_json(exclude_unset=True)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def build_server(
    service: MemoryService,
    principal_of: PrincipalResolver,
    name: str = "contextlamp",
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "WARNING",
    token_verifier: TokenVerifier | None = None,
    auth: AuthSettings | None = None,
) -> MCPServer:
    """The MCP server with the memory tools registered explicitly.

    Args:
        service: the memory service every tool calls.
        principal_of: who a request acts for (stdio: the configured local user; HTTP: the token's subject).
        token_verifier, auth: bearer-token auth for the HTTP transport (``http_server``); None over stdio.
    """

    def call(ctx: Context, op: Callable[[Caller], BaseModel]) -> CallToolResult:
        caller = Caller(principal=principal_of(ctx), surface=client_surface(ctx))
        try:
            return _reply(op(caller))
        except ContextlampError as exc:
            raise ToolError(str(exc)) from exc

    def save_context(
        content: Annotated[str, Field(description="One durable, self-contained statement to remember.")],
        ctx: Context,
        memory_type: Annotated[
            MemoryTypeName | None,
            Field(
                description="fact (default), event (default when kind is decision), instruction or task "
                "(expires after 7 days)."
            ),
        ] = None,
        kind: Annotated[KindName | None, Field(description="Display flavour; default note.")] = None,
        topic: Annotated[
            str | None,
            Field(
                description="Stable key such as 'package-manager'. A newer entry on the same topic replaces "
                "the older one (history is kept)."
            ),
        ] = None,
        source_surface: Annotated[str | None, Field(description="Defaults to this client's name.")] = None,
        tags: Annotated[list[str] | None, Field(description="Up to 32 short labels.")] = None,
        project: Annotated[str | None, Field(description="Project id or slug; a new slug creates the project.")] = None,
        team: Annotated[
            str | None,
            Field(
                description="Team id or slug: share this as a team learning with every member (not with project). "
                "Saving what a teammate already saved verifies it."
            ),
        ] = None,
    ) -> Annotated[CallToolResult, SaveResult]:
        """Remember one durable thing for all of the user's AI tools.

        Use it when the user states a fact, preference, decision, convention, instruction or a task worth
        keeping beyond this conversation. Saving the same content again is harmless (same id, deduped=true).
        Returns {id, deduped}. Example: content="We use pnpm, not npm, in every repo", topic="package-manager",
        kind="decision". Never include secrets (API keys, passwords): they are refused.
        """
        return call(
            ctx,
            lambda c: service.save_context(c, content, memory_type, kind, topic, source_surface, tags, project, team),
        )

    def get_context(
        query: Annotated[str, Field(description="What you want to know, in natural language.")],
        ctx: Context,
        max_results: Annotated[int, Field(description="1..50.", ge=1, le=50)] = 8,
        memory_types: Annotated[
            list[MemoryTypeName] | None, Field(description="Only these types (default: all).")
        ] = None,
        scope: Annotated[
            str,
            Field(
                description="all (personal, the project if given, and your teams), personal, team (all your teams) "
                "or team:<id or slug>."
            ),
        ] = "all",
        project: Annotated[str | None, Field(description="Also search this project (id or slug).")] = None,
        verified_only: Annotated[bool, Field(description="Leave out team learnings not yet verified.")] = False,
        recency: Annotated[bool, Field(description="Strongly favour the newest entries.")] = False,
    ) -> Annotated[CallToolResult, GetResult]:
        """Retrieve what the user's memory holds about a question: a ranked pack of stored chunks.

        Call it at the start of a task and whenever past decisions, preferences or facts could matter. It
        returns stored text only (never a generated answer), best first, each with a 0..1 score.
        Example: query="which package manager do we use?".
        """
        return call(
            ctx,
            lambda c: service.get_context(c, query, max_results, memory_types, scope, project, verified_only, recency),
        )

    def list_context(
        ctx: Context,
        limit: Annotated[int, Field(description="1..200.", ge=1, le=200)] = 50,
        project: Annotated[str | None, Field(description="List this project's store instead of personal.")] = None,
        cursor: Annotated[str | None, Field(description="next_cursor of the previous page.")] = None,
        memory_types: Annotated[list[MemoryTypeName] | None, Field(description="Only these types.")] = None,
        include_superseded: Annotated[bool, Field(description="Also show replaced entries (history).")] = False,
        team: Annotated[str | None, Field(description="List this team's learnings (id or slug).")] = None,
    ) -> Annotated[CallToolResult, ListResult]:
        """Browse stored memories, newest first, with titles and previews (not a search: use get_context).

        Use it when the user asks what is remembered, or to find an id to forget. Example: limit=20.
        """
        return call(
            ctx,
            lambda c: service.list_context(c, limit, project, cursor, memory_types, include_superseded, team),
        )

    def forget_context(
        id: Annotated[str, Field(description="The entry id (ctx_…) from get_context or list_context.")],
        ctx: Context,
        confirm: Annotated[bool, Field(description="false only previews what would be deleted.")] = True,
        project: Annotated[str | None, Field(description="The project the entry is in (optional).")] = None,
    ) -> Annotated[CallToolResult, ForgetResult]:
        """Delete one memory completely and at once (it cannot be undone).

        Use it when the user asks to forget something or a memory is wrong. Call with confirm=false first to
        preview. Returns {forgotten}. Example: id="ctx_…", confirm=false.
        """
        return call(ctx, lambda c: service.forget_context(c, id, confirm, project))

    def save_session(
        transcript: Annotated[
            str,
            Field(
                description="The conversation: 'User: ...' / 'Assistant: ...' lines, a JSON list of "
                "{role, content} messages, or a digest (bullets or prose). At most 2 MiB."
            ),
        ],
        ctx: Context,
        source_surface: Annotated[str | None, Field(description="Defaults to this client's name.")] = None,
        project: Annotated[str | None, Field(description="Project id or slug to save the learnings into.")] = None,
    ) -> Annotated[CallToolResult, SaveSessionResult]:
        """Distil what this whole session taught into durable memories, at the end of a conversation.

        Call it once when a conversation ends (or is about to be cut off) with the transcript or a digest.
        contextlamp keeps the facts, decisions, conventions, preferences and open tasks, drops chatter and
        anything holding a secret, and records a session digest that resume_session can load later.
        Returns {saved, deduped, total, session_id}. Example: transcript="User: we use pnpm everywhere".
        """
        return call(ctx, lambda c: service.save_session(c, transcript, source_surface, project))

    def resume_session(
        ctx: Context,
        session_id: Annotated[str | None, Field(description="Load this session in full (ses_…).")] = None,
        limit: Annotated[int, Field(description="1..50 recent sessions (ignored with session_id).", ge=1, le=50)] = 5,
        since: Annotated[int | None, Field(description="Only sessions at or after this time, ms since epoch.")] = None,
        source_surface: Annotated[str | None, Field(description="Only sessions saved from this client.")] = None,
    ) -> Annotated[CallToolResult, ResumeResult]:
        """Pick up earlier work: list recent session digests, or load one session with what it taught.

        Call it at the start of a conversation that continues earlier work ("where were we?"). Without
        session_id it returns {sessions: [...]}, newest first; with one, {session: {..., learnings}}.
        Example: limit=3.
        """
        return call(ctx, lambda c: service.resume_session(c, session_id, limit, since, source_surface))

    tools: list[tuple[Callable[..., Any], ToolAnnotations]] = [
        (save_context, _hints("Save context", idempotent=True)),
        (get_context, _hints("Get context", read_only=True)),
        (list_context, _hints("List context", read_only=True)),
        (save_session, _hints("Save session")),
        (resume_session, _hints("Resume session", read_only=True)),
        (forget_context, _hints("Forget context", destructive=True, idempotent=True)),
    ]
    registered = [
        _strict(Tool.from_function(fn, description=inspect.cleandoc(fn.__doc__ or ""), annotations=annotations))
        for fn, annotations in tools
    ]
    return MCPServer(
        name=name,
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=registered,
        log_level=log_level,
        token_verifier=token_verifier,
        auth=auth,
    )


def _hints(title: str, read_only: bool = False, destructive: bool = False, idempotent: bool = False) -> ToolAnnotations:
    """MCP tool annotations; every tool works on the local store only (closed world)."""
    if read_only:
        return ToolAnnotations(title=title, read_only_hint=True, open_world_hint=False)
    return ToolAnnotations(
        title=title,
        read_only_hint=False,
        destructive_hint=destructive,
        idempotent_hint=idempotent,
        open_world_hint=False,
    )


class _StrictArgs(ArgModelBase):
    # values are the caller's data (possibly secrets): keep them out of error messages and logs
    # strict: "5" is not 5 and true is not 1 (spec/TOOLS.md: bad input is a tool error, never coerced)
    model_config = ConfigDict(extra="forbid", strict=True, arbitrary_types_allowed=True, hide_input_in_errors=True)

    @model_validator(mode="before")
    @classmethod
    def _reject_unknown(cls, data: Any) -> Any:
        if isinstance(data, dict):
            known = {field.alias or name for name, field in cls.model_fields.items()}
            unknown = sorted(str(key) for key in cast(dict[Any, Any], data) if key not in known)
            if unknown:
                raise ValueError(
                    f"unknown argument(s) {', '.join(unknown)}; allowed arguments: {', '.join(sorted(known))}"
                )
        return cast(Any, data)


def _strict(tool: Tool) -> Tool:
    """Reject unknown argument names (spec/TOOLS.md: "Unknown argument names are rejected, not ignored")."""
    base = tool.fn_metadata.arg_model
    strict = type(base.__name__, (_StrictArgs, base), {"__module__": base.__module__})
    tool.fn_metadata.arg_model = strict
    tool.parameters = {**tool.parameters, "additionalProperties": False}
    return tool


# A JSON \\uD800-\\uDFFF escape without its partner: valid to JavaScript (a cut emoji), rejected by the SDK's JSON
# parser, which then answers nothing and leaves the client waiting. Replaced by U+FFFD before parsing.
_LONE_SURROGATE = re.compile(
    r"(?<!\\)\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<![\\]u[dD][89abAB][0-9a-fA-F]{2})(?<!\\)\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def scrub_json_surrogates(line: str) -> str:
    """A JSON text with every unpaired surrogate escape (``\\ud800``) replaced by ``\\ufffd``."""
    return _LONE_SURROGATE.sub(r"\\ufffd", line) if "\\u" in line else line


class _ScrubbedLines:
    """The process's stdin as UTF-8 text lines (undecodable bytes as U+FFFD), lone surrogates scrubbed."""

    def __init__(self) -> None:
        self._file = anyio.wrap_file(TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace"))

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in self._file:
            yield scrub_json_surrogates(line)


async def run_stdio(server: MCPServer) -> None:
    """Serve ``server`` over stdio like ``MCPServer.run("stdio")``, reading requests through
    ``scrub_json_surrogates`` so a request no JSON parser here accepts still gets an answer."""
    lowlevel = server._lowlevel_server  # pyright: ignore[reportPrivateUsage]  (the SDK's own run_stdio_async does this)
    async with stdio_server(stdin=_ScrubbedLines()) as (read_stream, write_stream):  # type: ignore[arg-type]
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
