"""The SDK ``Server`` both transports run (stdio: ``mcp.stdio.run_stdio``; HTTP: ``web.app``): the low-level
server of the official ``mcp`` SDK, built here through its public constructor, whose handlers are the public
operations of the ``MCPServer`` that holds the tools and prompts (``mcp.tools.build_server``).

``MCPServer`` runs its own low-level server only on the process's real stdin and stdout
(``MCPServer.run_stdio_async`` calls ``stdio_server()`` without streams) and exposes it under a private name
only. contextlamp needs the stdio server on its own streams (the early-answered wire of ``mcp.ready``, the
scripted sessions of ``mcp.capture``), so it owns this ``Server``, runs it with the public
``Server.run(read_stream, write_stream, create_initialization_options())``, and keeps the registry, the
argument and result checks, the tool-error wording and the prompts' rendering the SDK's (``MCPServer.list_tools``,
``call_tool``, ``list_prompts``, ``get_prompt``, ``list_resources``, ``list_resource_templates``,
``read_resource``). What the wiring adds is what ``MCPServer`` wires around those, in the same public terms:
the same handlers (so the same capabilities), a tool failure as a tool result (``isError: true``), the
``subscriptions/listen`` stream and the request-state boundary.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable, Mapping
from typing import Any

from mcp import MCPError
from mcp.server import MCPServer, Server, ServerRequestContext
from mcp.server.mcpserver import Context, RequestStateBoundary, RequestStateSecurity
from mcp.server.mcpserver.exceptions import (
    ResourceError,
    ResourceNotFoundError,
    ToolError,
    UnexpectedResourceError,
    UnexpectedToolError,
)
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler
from mcp_types import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    BlobResourceContents,
    CallToolRequestParams,
    CallToolResult,
    GetPromptRequestParams,
    GetPromptResult,
    InputRequiredResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ListToolsResult,
    PaginatedRequestParams,
    ReadResourceRequestParams,
    ReadResourceResult,
    TextContent,
    TextResourceContents,
)

from contextlamp.errors import crash_report

logger = logging.getLogger(__name__)

Request = ServerRequestContext[Any]


def lowlevel_server(app: MCPServer, input_schema: Callable[[str], Mapping[str, Any] | None]) -> Server[Any]:
    """The SDK ``Server`` that serves ``app``'s tools, prompts and resources, named, versioned and instructed
    as ``app``.

    Args:
        input_schema: a tool's published input schema by name (None: no such tool), for the SDK's
            ``Mcp-Param-*`` header check on the HTTP transport (``Server.get_tool_input_schema``).
    """
    bus = InMemorySubscriptionBus()

    def context(request: Request, params: Any) -> Context[Any, Any]:
        return Context(request_context=request, mcp_server=app, input_params=params, subscriptions=bus)

    async def list_tools(request: Request, params: PaginatedRequestParams | None) -> ListToolsResult:
        return ListToolsResult(tools=await app.list_tools())

    async def call_tool(request: Request, params: CallToolRequestParams) -> CallToolResult | InputRequiredResult:
        try:
            return await app.call_tool(params.name, params.arguments or {}, context(request, params))
        except MCPError:
            raise
        except Exception as exc:  # a tool error (the SDK's words: "Error executing tool <name>: ...") is a result
            if isinstance(exc, ToolError) and not isinstance(exc, UnexpectedToolError):
                logger.info("Tool %r failed: %r", params.name, str(exc))  # the service's words: never a value
            else:
                logger.error("Tool %s failed outside its own error path\n%s", params.name, crash_report(exc))
            return CallToolResult(content=[TextContent(type="text", text=str(exc))], is_error=True)

    async def list_prompts(request: Request, params: PaginatedRequestParams | None) -> ListPromptsResult:
        return ListPromptsResult(prompts=await app.list_prompts())

    async def get_prompt(request: Request, params: GetPromptRequestParams) -> GetPromptResult | InputRequiredResult:
        return await app.get_prompt(params.name, params.arguments, context(request, params))

    async def list_resources(request: Request, params: PaginatedRequestParams | None) -> ListResourcesResult:
        return ListResourcesResult(resources=await app.list_resources())

    async def list_resource_templates(
        request: Request, params: PaginatedRequestParams | None
    ) -> ListResourceTemplatesResult:
        return ListResourceTemplatesResult(resource_templates=await app.list_resource_templates())

    async def read_resource(
        request: Request, params: ReadResourceRequestParams
    ) -> ReadResourceResult | InputRequiredResult:
        try:
            read = await app.read_resource(params.uri, context(request, params))
        except ResourceError as err:  # a JSON-RPC error naming the uri, as MCPServer answers it
            if isinstance(err, UnexpectedResourceError):
                logger.error("Resource read failed\n%s", crash_report(err))
            code = INVALID_PARAMS if isinstance(err, ResourceNotFoundError) else INTERNAL_ERROR
            raise MCPError(code=code, message=str(err), data={"uri": str(params.uri)}) from None
        if isinstance(read, InputRequiredResult):
            return read
        return ReadResourceResult(
            contents=[
                BlobResourceContents(
                    uri=params.uri,
                    blob=base64.b64encode(item.content).decode(),
                    mime_type=item.mime_type or "application/octet-stream",
                    _meta=item.meta,
                )
                if isinstance(item.content, bytes)
                else TextResourceContents(
                    uri=params.uri, text=item.content, mime_type=item.mime_type or "text/plain", _meta=item.meta
                )
                for item in read
            ]
        )

    server: Server[Any] = Server(
        app.name,
        version=app.version,
        title=app.title,
        description=app.description,
        instructions=app.instructions,
        website_url=app.website_url,
        icons=app.icons,
        get_tool_input_schema=input_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
        on_list_resource_templates=list_resource_templates,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
        on_subscriptions_listen=ListenHandler(bus),
    )
    server.middleware.append(RequestStateBoundary(RequestStateSecurity.ephemeral(), default_audience=app.name))
    return server
