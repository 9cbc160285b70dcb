"""A ``ToolSpec`` registered as an SDK ``Tool`` through the SDK's public machinery, and the MCP edge's one error
translation.

Each tool is declared with ``Tool.from_function`` (the SDK's own registration of a function): the function takes
the request's ``Context`` and returns a ``CallToolResult`` annotated with the tool's result model
(``Annotated[CallToolResult, Model]``: the SDK derives and publishes the output schema from the model and
checks every result against it). Its published ``inputSchema`` is the spec's plain schema, given as the tool's
``parameters`` (``ToolSpec.input_schema``); the function declares no parameter of its own, so the SDK's
argument model takes nothing from a call and checks nothing: the arguments are checked once, here, exactly as
the client sent them (the request's ``params``), by ``ToolSpec.arguments``, in the service's words.

Every tool call becomes a ``CallToolResult``, never a JSON-RPC protocol error:

- a domain error (``ContextlampError``) is raised as the SDK's ``ToolError`` in the service's own words, which
  name the field and the problem and never quote memory content or a secret (``errors.py``); the SDK answers
  it as a tool error (``isError: true``, ``Error executing tool <name>: <message>``);
- any other exception (a bug, a foreign error that got past a backend's ``map_errors``) becomes a ``ToolError``
  with a short fixed message (``CRASH_MESSAGE``): its text may hold an argument, so the client never sees it.
  The server log gets the traceback at ERROR with exception types only (``errors.crash_report``), and the
  exception's message at DEBUG, the one level that may hold memory content.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Mapping
from typing import Annotated, Any, cast

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult, InputRequiredResult, TextContent
from pydantic import BaseModel, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from contextlamp.app.service import Caller, normalise_surface
from contextlamp.domain.models import Principal
from contextlamp.errors import ContextlampError, crash_report
from contextlamp.mcp.roots import Workspace
from contextlamp.mcp.schema import ToolSpec

logger = logging.getLogger(__name__)

PrincipalResolver = Callable[[Context], Principal]
CRASH_MESSAGE = "internal error: the server failed on this call and logged the failure"


def client_name(ctx: Context) -> str | None:
    """The caller's client name from the ``initialize`` handshake as the client sent it, or None."""
    try:
        params = ctx.session.client_params
    except (AttributeError, ValueError):
        return None
    name = getattr(getattr(params, "client_info", None), "name", None)
    return name if isinstance(name, str) else None


def client_surface(ctx: Context) -> str:
    """The caller's client name from the ``initialize`` handshake, normalised (``unknown`` if absent)."""
    return normalise_surface(client_name(ctx))


def sent_arguments(ctx: Context) -> dict[str, Any]:
    """The arguments of the ``tools/call`` request exactly as the client sent them (the request's ``params``);
    ``{}`` when it sent none (or none that is a JSON object: ``ToolSpec.arguments`` then finds what is missing)."""
    sent = (ctx.request_context.params or {}).get("arguments")
    return dict(cast(Mapping[str, Any], sent)) if isinstance(sent, Mapping) else {}


def sdk_tool(
    spec: ToolSpec,
    principal_of: PrincipalResolver,
    shown: Callable[[str], str],
    workspace: Workspace | None = None,
) -> Tool:
    """``spec`` as the SDK's ``Tool`` (``Tool.from_function``), its call wrapped in ``translate``.

    Args:
        principal_of: who a request acts for (stdio: the configured local user; HTTP: the token's subject).
        shown: how a bad string may appear in an error message (``ToolSpec.arguments``).
        workspace: where a local (stdio) server's calls route (``Caller.repository``: the client's roots, asked
            at each call, else the folder it was started in; ``mcp.roots``); None over HTTP.
    """

    def run(ctx: Context) -> CallToolResult:
        try:
            roots = workspace.roots(ctx) if workspace is not None else None
            if isinstance(roots, InputRequiredResult):  # 2026-07-28: the client retries with its roots
                return cast(CallToolResult, roots)
            name = client_name(ctx)
            principal = principal_of(ctx)  # from the transport: a root never decides who calls
            where = workspace.repository(roots) if workspace is not None else None
            caller = Caller(principal=principal, surface=normalise_surface(name), client_name=name, repository=where)
            return reply(spec.op(caller, **spec.arguments(sent_arguments(ctx), shown)))
        except Exception as exc:  # the edge's one translation: nothing escapes as a protocol error
            raise translate(spec.name, exc) from (exc if isinstance(exc, ContextlampError) else None)

    run.__annotations__ = {"ctx": Context, "return": Annotated[CallToolResult, published(spec.result)]}
    tool = Tool.from_function(
        run,
        name=spec.name,
        description=inspect.cleandoc(spec.description),
        annotations=spec.hints,
        structured_output=True,
    )
    return tool.model_copy(update={"parameters": spec.input_schema()})


def translate(tool: str, exc: Exception) -> ToolError:
    """The tool error the client gets for ``exc`` raised inside a call of ``tool`` (the SDK turns it into a
    ``CallToolResult`` with ``isError: true`` and the text ``Error executing tool <tool>: <message>``).

    A ``ContextlampError`` keeps its message. Anything else gets ``CRASH_MESSAGE`` and is logged: at ERROR the
    tool's name, the exception's type and its traceback without any exception's message (``crash_report``);
    at DEBUG the message, which may quote an argument.
    """
    if isinstance(exc, ContextlampError):
        return ToolError(str(exc))
    logger.error("Tool %s failed with an unexpected %s\n%s", tool, type(exc).__name__, crash_report(exc))
    logger.debug("Tool %s: the %s said %r", tool, type(exc).__name__, str(exc))
    return ToolError(CRASH_MESSAGE)


def reply(result: BaseModel) -> CallToolResult:
    """Structured content and the same JSON as text; optional fields never set are left out (the SDK checks
    the structured content against the tool's result model)."""
    data = result.model_dump(mode="json", exclude_unset=True)
    text = result.model_dump_json(exclude_unset=True)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def published(model: type[BaseModel]) -> type[BaseModel]:
    """``model`` as a tool's result model: the same fields and checks, its JSON Schema self-contained
    (``output_schema``: no ``$ref``, which strict clients do not resolve), through pydantic's public hook
    ``__get_pydantic_json_schema__``."""
    schema = output_schema(model)

    def json_schema(cls: type[BaseModel], core: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return schema

    namespace = {"__get_pydantic_json_schema__": classmethod(json_schema), "__module__": model.__module__}
    return cast(type[BaseModel], type(model.__name__, (model,), namespace))


def output_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The ``outputSchema`` of a result model: pydantic's JSON Schema of it, made self-contained
    (``_inline_refs``)."""
    return _inline_refs(model.model_json_schema())


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
