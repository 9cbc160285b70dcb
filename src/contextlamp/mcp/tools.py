"""The MCP server: the memory tools on the official ``mcp`` SDK, a thin layer over ``MemoryService``.

Each tool turns ``(principal, surface, arguments)`` into one service call (``mcp.calls``), and any error into a
tool result with ``isError: true`` (``mcp.calls.translate``). The tools' schemas and descriptions are
``mcp.specs`` over the machinery of ``mcp.schema``; the SDK ``Server`` both transports run is ``mcp.wire``, the
stdio transport ``mcp.stdio``. Nothing here knows about storage or ranking.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from mcp.server import MCPServer, Server

from contextlamp import __version__
from contextlamp.app.service import MemoryService
from contextlamp.mcp.calls import PrincipalResolver, client_surface, sdk_tool
from contextlamp.mcp.prompts import prompt_specs
from contextlamp.mcp.roots import Workspace
from contextlamp.mcp.specs import tool_specs
from contextlamp.mcp.stdio import run_stdio, scrub_json_surrogates
from contextlamp.mcp.wire import lowlevel_server

__all__ = [
    "INSTRUCTIONS",
    "PrincipalResolver",
    "build_server",
    "client_surface",
    "run_stdio",  # re-exported: the CLI's ``serve`` imports it from here
    "scrub_json_surrogates",
    "tool_specs",
]

INSTRUCTIONS = """\
contextlamp is the user's long-term memory, shared by all their AI tools.
- At the start of a task, and whenever the user refers to something earlier ("as we decided", "our usual
  setup"), call get_context with a short natural-language query.
- When the user states a durable fact, preference, decision, convention or instruction, or a task to pick up
  later, call save_context with one self-contained statement (give a topic for facts that can change).
- When a conversation ends or is about to be compacted, call save_session with a digest of its durable
  items, one self-contained statement per line with its subject (a "Decision:", "Rule:", "Preference:",
  "Fact:", "Event:" or "Task:" label may lead each); send the transcript only when you cannot write one.
- get_context returns only memories that match the query; an empty or short answer means nothing more
  relevant is stored, not an error.
- Started inside a git repository, or given one as the client's first root in a repository (MCP roots), a
  local server's calls without `project` read the user's personal memory together with that repository's
  project, and save_context / save_session without `project` save into that project (the result's `scope` names
  it). Pass `project` to choose another project; a shared HTTP server chooses nothing for you.
- Never save secrets; never save chit-chat.
"""

_NAME_SHOWN = re.compile(r"[A-Za-z_][A-Za-z0-9_ -]{0,31}")  # what an argument name or an enum typo looks like


def build_server(
    service: MemoryService,
    principal_of: PrincipalResolver,
    name: str = "contextlamp",
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "WARNING",
    workspace: Workspace | None = None,
) -> Server[Any]:
    """The SDK ``Server`` (``mcp.wire``) serving the memory tools and the prompts (``mcp.prompts``), registered
    explicitly on an ``MCPServer``; run over stdio by ``run_stdio``, over HTTP by its ``streamable_http_app``
    (``web.app``, which adds the bearer-token auth).

    Args:
        service: the memory service every tool calls; its limits, ranges and defaults are published in the
            tools' input schemas.
        principal_of: who a request acts for (stdio: the configured local user; HTTP: the token's subject).
        workspace: where a stdio server's calls route (``mcp.roots``: the client's roots, else the folder it was
            started in): calls that name no project read personal fused with that repository's project and save
            into it (issue #27.3); None over HTTP (a root is never read there).
    """

    def shown(text: str) -> str:
        # a short word (a typo of an enum value, an argument name) is quoted; anything else only described
        if _NAME_SHOWN.fullmatch(text) and not service.scanner.kinds(text):
            return repr(text)
        return f"a {len(text)}-character string"

    tools = [sdk_tool(spec, principal_of, shown, workspace) for spec in tool_specs(service)]
    app = MCPServer(name=name, version=__version__, instructions=INSTRUCTIONS, tools=tools, log_level=log_level)
    for prompt in prompt_specs(service):  # remember, recall, checkpoint (mcp/prompts.py)
        app.add_prompt(prompt)
    schemas = {tool.name: tool.parameters for tool in tools}
    return lowlevel_server(app, schemas.get)
