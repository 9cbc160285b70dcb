"""The MCP server: the memory tools on the official ``mcp`` SDK, a thin layer over ``MemoryService``.

Each tool turns ``(principal, surface, arguments)`` into one service call and a domain error into a
``ToolError`` (an ``isError`` result the agent can read). Nothing here knows about storage or ranking.
Over stdio nothing but protocol bytes reach stdout: logging goes to stderr.
"""

from __future__ import annotations

import codecs
import contextlib
import inspect
import json
import logging
import os
import re
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, Literal, cast

import anyio
import anyio.from_thread
import anyio.lowlevel
from anyio.lowlevel import EventLoopToken
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server import MCPServer
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.server.stdio import stdio_server
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ModelWrapValidatorHandler, PrivateAttr, model_validator

from contextlamp import __version__
from contextlamp.app.service import (
    LIST_LIMIT_RANGE,
    MAX_RESULTS_RANGE,
    RESUME_LIMIT_RANGE,
    Caller,
    MemoryService,
    normalise_surface,
)
from contextlamp.config import DAY_MS
from contextlamp.domain.models import (
    KINDS,
    MEMORY_TYPES,
    ForgetResult,
    GetResult,
    ListResult,
    Principal,
    ResumeResult,
    SaveResult,
    SaveSessionResult,
)
from contextlamp.errors import ContextlampError, InvalidArgumentError

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

JsonType = Literal["string", "integer", "boolean", "array"]
MAX_MS = 2**63 - 1  # timestamps are signed 64-bit integers on both backends (SQLite INTEGER, PostgreSQL bigint)
_NAME_SHOWN = re.compile(r"[A-Za-z_][A-Za-z0-9_ -]{0,31}")  # what an argument name or an enum typo looks like


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


@dataclass(frozen=True)
class Arg:
    """One tool argument: its published JSON Schema and the check of a sent value against it.

    The schema is plain (spec/TOOLS.md "Common rules"): one ``type``, no ``null``, no ``anyOf``/``$ref``; an
    optional argument is simply not required. The check enforces that schema and meets flattening clients
    halfway: an integral float (``5.0``) for an integer, a string holding a JSON array for an array of strings.
    Values and ranges beyond the schema are the service's to check.

    Attributes:
        enum: a string's allowed values, or an array's allowed items.
        minimum, maximum: an integer's inclusive range.
        max_length: a string's (an array's items') most characters; UTF-8 byte limits are published as this bound,
            which no valid value exceeds (a character is at least one byte).
        max_items: an array's most items.
        default: the value the service uses when the argument is left out (None: none is published).
    """

    name: str
    type: JsonType
    description: str
    required: bool = False
    enum: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    max_items: int | None = None
    default: Any = None

    def schema(self) -> dict[str, Any]:
        """This argument's JSON Schema (a property of the tool's ``inputSchema``)."""
        out: dict[str, Any] = {"type": self.type, "description": self.description}
        text: dict[str, Any] = out
        if self.type == "array":
            text = {"type": "string"}
            out["items"] = text
            if self.max_items is not None:
                out["maxItems"] = self.max_items
        if self.enum:
            text["enum"] = list(self.enum)
        if self.max_length is not None:
            text["maxLength"] = self.max_length
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.default is not None:
            out["default"] = self.default
        return out

    def expects(self) -> str:
        """What a valid value is, in words (``"an integer from 1 to 50"``)."""
        if self.type == "boolean":
            return "true or false"
        if self.type == "integer":
            if self.minimum is not None and self.maximum is not None and self.maximum < MAX_MS:
                return f"an integer from {self.minimum} to {self.maximum}"
            return f"an integer >= {self.minimum}" if self.minimum is not None else "an integer"
        if self.type == "array":
            return f"a list drawn from {', '.join(self.enum)}" if self.enum else "a list of strings"
        return f"one of {', '.join(self.enum)}" if self.enum else "a string"

    def check(self, value: Any, shown: Callable[[str], str]) -> Any:
        """``value`` as the service takes it (``5.0`` -> ``5``, ``'["a"]'`` -> ``["a"]``).

        Args:
            shown: how a bad string may appear in the message (never a long value or a secret).

        Raises:
            InvalidArgumentError: the value is not of the published type, range or enum.
        """
        if self.type == "string":
            if not isinstance(value, str):
                raise InvalidArgumentError(self.name, f"must be {self.expects()}, got {_json_kind(value)}")
            if self.enum and value not in self.enum:
                raise InvalidArgumentError(self.name, f"got {shown(value)}; allowed values: {', '.join(self.enum)}")
            return value
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise InvalidArgumentError(self.name, f"must be true or false, got {_json_kind(value)}")
            return value
        if self.type == "integer":
            return self._integer(value)
        return self._strings(value, shown)

    def _integer(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer():  # a flattening client's 5.0; NaN and inf are not integral
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            kind = "a number with a fraction" if isinstance(value, float) else _json_kind(value)
            raise InvalidArgumentError(self.name, f"must be {self.expects()}, got {kind}")
        low = self.minimum if self.minimum is not None else -MAX_MS - 1
        high = self.maximum if self.maximum is not None else MAX_MS
        if not low <= value <= high:
            got = str(value) if len(str(value)) <= 20 else f"a {len(str(value))}-digit number"
            raise InvalidArgumentError(self.name, f"must be from {low} to {high}, got {got}")
        return value

    def _strings(self, value: Any, shown: Callable[[str], str]) -> list[str]:
        if isinstance(value, str):  # a flattening client's JSON-encoded array; any other string stays an error
            with contextlib.suppress(ValueError, RecursionError):
                value = json.loads(value) if value.lstrip().startswith("[") else value
            if not isinstance(value, list):
                raise InvalidArgumentError(self.name, f"must be {self.expects()} (a JSON array), got string")
        if not isinstance(value, list):
            raise InvalidArgumentError(self.name, f"must be {self.expects()}, got {_json_kind(value)}")
        items = cast(list[Any], value)
        for number, item in enumerate(items, 1):
            if not isinstance(item, str):
                raise InvalidArgumentError(self.name, f"must be {self.expects()}; item {number} is {_json_kind(item)}")
            if self.enum and item not in self.enum:
                raise InvalidArgumentError(
                    self.name, f"item {number}: got {shown(item)}; allowed values: {', '.join(self.enum)}"
                )
        return cast(list[str], items)


def _json_kind(value: Any) -> str:
    """The JSON type of a decoded value, as a client would name it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


@dataclass(frozen=True)
class ToolSpec:
    """One MCP tool: the service operation it calls (``op(caller, **arguments)``; the tool's argument names are
    the operation's parameter names), its arguments, result model, description (the agent's prompt) and hints."""

    op: Callable[..., BaseModel]
    args: tuple[Arg, ...]
    result: type[BaseModel]
    description: str
    hints: ToolAnnotations

    @property
    def name(self) -> str:
        """The tool's name: the service operation's (spec/TOOLS.md)."""
        return self.op.__name__

    def input_schema(self) -> dict[str, Any]:
        """The tool's ``inputSchema``: an object of plain properties, unknown names refused."""
        schema: dict[str, Any] = {"type": "object", "properties": {a.name: a.schema() for a in self.args}}
        required = [a.name for a in self.args if a.required]
        if required:
            schema["required"] = required
        schema["additionalProperties"] = False
        return schema

    def arguments(self, sent: dict[str, Any], shown: Callable[[str], str]) -> dict[str, Any]:
        """The sent arguments checked against the schema, as keyword arguments of ``op``. A null counts as
        left out (clients that send every property); a left-out argument takes the service's default.

        Raises:
            InvalidArgumentError: an unknown name, a missing required argument, or a value of the wrong type.
        """
        allowed = [a.name for a in self.args]
        unknown = [str(key) for key in sent if key not in allowed]
        if unknown:
            first = shown(unknown[0])
            field = unknown[0] if first.startswith("'") else "arguments"
            which = "argument" if len(unknown) == 1 else f"arguments {', '.join(shown(key) for key in unknown)}"
            raise InvalidArgumentError(field, f"unknown {which}; allowed arguments: {', '.join(allowed)}")
        out: dict[str, Any] = {}
        for arg in self.args:
            value = sent.get(arg.name)
            if value is None:
                if arg.required:
                    raise InvalidArgumentError(arg.name, f"is required ({arg.expects()})")
                continue
            out[arg.name] = arg.check(value, shown)
        return out


def _default(op: Callable[..., Any], name: str) -> Any:
    """The service's default for an argument (read from its signature, so the schema cannot drift from it)."""
    default = inspect.signature(op).parameters[name].default
    return None if default is inspect.Parameter.empty else default


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
                Arg("kind", "string", "Display flavour; default note.", enum=tuple(KINDS)),
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
            _hints("Save context", idempotent=True),
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
                Arg(
                    "max_results",
                    "integer",
                    "How many packs at most.",
                    minimum=MAX_RESULTS_RANGE[0],
                    maximum=MAX_RESULTS_RANGE[1],
                    default=_default(get, "max_results"),
                ),
                Arg("memory_types", "array", "Only these types (default: all).", enum=types),
                Arg(
                    "scope",
                    "string",
                    "all (personal, the project if given, and your teams), personal, team (all your teams) "
                    "or team:<id or slug>.",
                    default=_default(get, "scope"),
                ),
                Arg("project", "string", "Also search this project (id or slug)."),
                Arg(
                    "verified_only",
                    "boolean",
                    "Leave out team learnings not yet verified.",
                    default=_default(get, "verified_only"),
                ),
                Arg("recency", "boolean", "Strongly favour the newest entries.", default=_default(get, "recency")),
            ),
            GetResult,
            """Retrieve what the user's memory holds about a question: a ranked pack of stored chunks.

            Call it at the start of a task and whenever past decisions, preferences or facts could matter. It
            returns stored text only (never a generated answer), best first, each with a 0..1 score.
            Example: query="which package manager do we use?".
            """,
            _hints("Get context", read_only=True),
        ),
        ToolSpec(
            list_,
            (
                Arg(
                    "limit",
                    "integer",
                    "How many items at most.",
                    minimum=LIST_LIMIT_RANGE[0],
                    maximum=LIST_LIMIT_RANGE[1],
                    default=_default(list_, "limit"),
                ),
                Arg("project", "string", "List this project's store instead of personal."),
                Arg("cursor", "string", "next_cursor of the previous page."),
                Arg("memory_types", "array", "Only these types.", enum=types),
                Arg(
                    "include_superseded",
                    "boolean",
                    "Also show replaced entries (history).",
                    default=_default(list_, "include_superseded"),
                ),
                Arg("team", "string", "List this team's learnings (id or slug)."),
            ),
            ListResult,
            """Browse stored memories, newest first, with titles and previews (not a search: use get_context).

            Use it when the user asks what is remembered, or to find an id to forget. Example: limit=20.
            """,
            _hints("List context", read_only=True),
        ),
        ToolSpec(
            session,
            (
                Arg(
                    "transcript",
                    "string",
                    "The conversation: 'User: ...' / 'Assistant: ...' lines, a JSON list of {role, content} "
                    "messages, or a digest (bullets or prose). At most "
                    f"{limits.max_transcript_bytes / 2**20:g} MiB of UTF-8.",
                    required=True,
                    max_length=limits.max_transcript_bytes,
                ),
                Arg("source_surface", "string", surface),
                Arg("project", "string", "Project id or slug to save the learnings into."),
            ),
            SaveSessionResult,
            """Distil what this whole session taught into durable memories, at the end of a conversation.

            Call it once when a conversation ends (or is about to be cut off) with the transcript or a digest.
            contextlamp keeps the facts, decisions, conventions, preferences and open tasks, drops chatter and
            anything holding a secret, and records a session digest that resume_session can load later.
            Returns {saved, deduped, total, session_id}. Example: transcript="User: we use pnpm everywhere".
            """,
            _hints("Save session"),
        ),
        ToolSpec(
            resume,
            (
                Arg("session_id", "string", "Load this session in full (ses_…)."),
                Arg(
                    "limit",
                    "integer",
                    "How many recent sessions at most (ignored with session_id).",
                    minimum=RESUME_LIMIT_RANGE[0],
                    maximum=RESUME_LIMIT_RANGE[1],
                    default=_default(resume, "limit"),
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
            _hints("Resume session", read_only=True),
        ),
        ToolSpec(
            forget,
            (
                Arg("id", "string", "The entry id (ctx_…) from get_context or list_context.", required=True),
                Arg(
                    "confirm",
                    "boolean",
                    "false only previews what would be deleted.",
                    default=_default(forget, "confirm"),
                ),
                Arg("project", "string", "The project the entry is in (optional)."),
            ),
            ForgetResult,
            """Delete one memory completely and at once (it cannot be undone).

            Use it when the user asks to forget something or a memory is wrong. Call with confirm=false first to
            preview. Returns {forgotten}. Example: id="ctx_…", confirm=false.
            """,
            _hints("Forget context", destructive=True, idempotent=True),
        ),
    ]


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
        service: the memory service every tool calls; its limits, ranges and defaults are published in the
            tools' input schemas.
        principal_of: who a request acts for (stdio: the configured local user; HTTP: the token's subject).
        token_verifier, auth: bearer-token auth for the HTTP transport (``http_server``); None over stdio.
    """

    def shown(text: str) -> str:
        # a short word (a typo of an enum value, an argument name) is quoted; anything else only described
        if _NAME_SHOWN.fullmatch(text) and not service.scanner.kinds(text):
            return repr(text)
        return f"a {len(text)}-character string"

    def tool(spec: ToolSpec) -> Tool:
        def run(ctx: Context, arguments: dict[str, Any]) -> CallToolResult:
            caller = Caller(principal=principal_of(ctx), surface=client_surface(ctx))
            try:
                return _reply(spec.op(caller, **spec.arguments(arguments, shown)))
            except ContextlampError as exc:
                raise ToolError(str(exc)) from exc

        metadata = FuncMetadata(arg_model=_SentArguments, output_model=spec.result)
        metadata.output_schema = _inline_refs(metadata.output_schema or {})
        return Tool(
            fn=run,
            name=spec.name,
            title=None,
            description=inspect.cleandoc(spec.description),
            parameters=spec.input_schema(),
            fn_metadata=metadata,
            is_async=False,
            context_kwarg="ctx",
            annotations=spec.hints,
        )

    return MCPServer(
        name=name,
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=[tool(spec) for spec in tool_specs(service)],
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


class _SentArguments(ArgModelBase):
    """The arguments exactly as sent, for ``ToolSpec.arguments`` to check: the SDK's pydantic validation is
    bypassed so no pydantic error text (or rejected value) ever reaches the client."""

    _sent: dict[str, Any] = PrivateAttr(default_factory=lambda: {})

    @model_validator(mode="wrap")
    @classmethod
    def _keep(cls, data: Any, handler: ModelWrapValidatorHandler[_SentArguments]) -> _SentArguments:
        model = handler({})
        model._sent = dict(cast(dict[str, Any], data)) if isinstance(data, dict) else {}
        return model

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": self._sent}


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every local ``$ref`` replaced by its ``$defs`` entry and ``$defs`` dropped: a
    self-contained output schema for clients that resolve no references (the result models are not recursive)."""
    defs = cast(dict[str, Any], schema.get("$defs", {}))

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            items = cast(dict[str, Any], node)
            ref = items.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                siblings = {k: inline(v) for k, v in items.items() if k != "$ref"}
                return {**cast(dict[str, Any], inline(defs[ref.removeprefix("#/$defs/")])), **siblings}
            return {k: inline(v) for k, v in items.items() if k != "$defs"}
        if isinstance(node, list):
            return [inline(v) for v in cast(list[Any], node)]
        return node

    return cast(dict[str, Any], inline(schema))


# A JSON \\uD800-\\uDFFF escape without its partner: valid to JavaScript (a cut emoji), rejected by the SDK's JSON
# parser, which then answers nothing and leaves the client waiting. Replaced by U+FFFD before parsing.
_LONE_SURROGATE = re.compile(
    r"(?<!\\)\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<![\\]u[dD][89abAB][0-9a-fA-F]{2})(?<!\\)\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def scrub_json_surrogates(line: str) -> str:
    """A JSON text with every unpaired surrogate escape (``\\ud800``) replaced by ``\\ufffd``."""
    return _LONE_SURROGATE.sub(r"\\ufffd", line) if "\\u" in line else line


STDIN_CHUNK_BYTES = 64 * 1024  # one os.read; a request line may span many


class _StdinLines:
    """The process's stdin as text lines (UTF-8, undecodable bytes as U+FFFD, lone surrogate escapes scrubbed),
    read with ``os.read`` by a daemon thread that hands each line to the event loop.

    A blocking read cannot be cancelled. Read in an anyio worker thread (``anyio.wrap_file``), it kept Ctrl-C from
    stopping ``contextlamp serve`` on a terminal: the server waited for the read to return, and the interpreter
    for the thread at exit. Nobody waits for this thread, so cancellation stops the server at once; ``os.read``
    takes no lock of ``sys.stdin``'s that interpreter shutdown could need. Lines are split in time linear in
    the input.
    """

    def __init__(self, fd: int = 0) -> None:
        self._fd = fd

    async def __aiter__(self) -> AsyncIterator[str]:
        send, receive = anyio.create_memory_object_stream[str](16)
        token = anyio.lowlevel.current_token()
        reader = threading.Thread(target=self._pump, args=(send, token), name="contextlamp-stdin", daemon=True)
        reader.start()
        with receive, send:  # closed here too: the thread may never come back from its read
            async for line in receive:
                yield scrub_json_surrogates(line)

    def _pump(self, send: MemoryObjectSendStream[str], token: EventLoopToken) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        partial: list[str] = []  # the current line's pieces so far
        try:
            while True:
                try:
                    chunk = os.read(self._fd, STDIN_CHUNK_BYTES)
                except OSError:  # EIO once a terminal hangs up, EBADF without a stdin: the end of input
                    chunk = b""
                pieces = decoder.decode(chunk, final=not chunk).split("\n")
                for piece in pieces[:-1]:
                    anyio.from_thread.run(send.send, "".join(partial) + piece, token=token)
                    partial.clear()
                partial.append(pieces[-1])
                if not chunk:
                    if rest := "".join(partial):
                        anyio.from_thread.run(send.send, rest, token=token)
                    anyio.from_thread.run_sync(send.close, token=token)
                    return
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, RuntimeError):
            return  # the server stopped listening (or its event loop is gone): nothing left to hand over


async def run_stdio(server: MCPServer) -> None:
    """Serve ``server`` over stdio like ``MCPServer.run("stdio")``, reading requests through
    ``scrub_json_surrogates`` so a request no JSON parser here accepts still gets an answer."""
    lowlevel = server._lowlevel_server  # pyright: ignore[reportPrivateUsage]  (the SDK's own run_stdio_async does this)
    async with stdio_server(stdin=_StdinLines()) as (read_stream, write_stream):  # type: ignore[arg-type]
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
