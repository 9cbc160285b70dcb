"""A ``ToolSpec`` registered as an SDK ``Tool``: the call wrapper that runs it, and the MCP edge's one error
translation.

Every tool call becomes a ``CallToolResult``, never a JSON-RPC protocol error:

- a domain error (``ContextlampError``) becomes a tool error (``isError: true``) in the service's own words,
  which name the field and the problem and never quote memory content or a secret (``errors.py``);
- any other exception (a bug, a foreign error that got past a backend's ``map_errors``) becomes a tool error
  with a short fixed message (``CRASH_MESSAGE``): its text may hold an argument, so the client never sees it.
  The server log gets the traceback at ERROR with exception types only (``errors.crash_report``), and the
  exception's message at DEBUG, the one level that may hold memory content.

The SDK's own argument validation and output check are bypassed (``_SentArguments``; the output schema is
published without a model and the wrapper checks the result), so nothing fails outside this wrapper.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Any, cast

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, ModelWrapValidatorHandler, PrivateAttr, model_validator

from contextlamp.app.service import Caller, normalise_surface
from contextlamp.app.state import RepositoryRef
from contextlamp.domain.models import Principal
from contextlamp.errors import ContextlampError, crash_report
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


def sdk_tool(
    spec: ToolSpec,
    principal_of: PrincipalResolver,
    shown: Callable[[str], str],
    repository: RepositoryRef | None = None,
) -> Tool:
    """``spec`` as the SDK's ``Tool``, its call wrapped in ``translate``.

    Args:
        principal_of: who a request acts for (stdio: the configured local user; HTTP: the token's subject).
        shown: how a bad string may appear in an error message (``ToolSpec.arguments``).
        repository: the repository a local (stdio) server was started in (``Caller.repository``); None over HTTP.
    """

    def run(ctx: Context, arguments: dict[str, Any]) -> CallToolResult:
        try:
            name = client_name(ctx)
            caller = Caller(
                principal=principal_of(ctx), surface=normalise_surface(name), client_name=name, repository=repository
            )
            return reply(spec.result, spec.op(caller, **spec.arguments(arguments, shown)))
        except Exception as exc:  # the edge's one translation: nothing escapes as a protocol error
            raise translate(spec.name, exc) from (exc if isinstance(exc, ContextlampError) else None)

    return Tool(
        fn=run,
        name=spec.name,
        title=None,
        description=inspect.cleandoc(spec.description),
        parameters=spec.input_schema(),
        fn_metadata=FuncMetadata(arg_model=_SentArguments, output_schema=output_schema(spec.result)),
        is_async=False,
        context_kwarg="ctx",
        annotations=spec.hints,
    )


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


def reply(model: type[BaseModel], result: BaseModel) -> CallToolResult:
    """Structured content and the same JSON as text; optional fields never set are left out.

    Raises:
        pydantic.ValidationError: the structured content does not match ``model`` (the published output
            schema): a bug, translated by the wrapper like any other.
    """
    data = result.model_dump(mode="json", exclude_unset=True)
    model.model_validate(data)  # what the SDK would check against the output model, inside the wrapper
    text = result.model_dump_json(exclude_unset=True)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def output_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The ``outputSchema`` of a result model: the SDK's derivation (a strict JSON Schema), made self-contained
    (``_inline_refs``)."""
    derived = FuncMetadata(arg_model=_SentArguments, output_model=model).output_schema
    return _inline_refs(derived or {})


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
