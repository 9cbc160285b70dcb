"""The MCP edge uses the ``mcp`` SDK through its public API only (issue #31.2): every SDK name a module of
``contextlamp.mcp`` imports comes from a package the SDK exports it from (in its ``__all__`` where it has one;
no ``utilities``, no ``func_metadata``, no ``ArgModelBase``/``FuncMetadata``), none starts with an underscore,
and no private SDK attribute is touched (``MCPServer._lowlevel_server``: the stdio transport runs the SDK
``Server`` of ``mcp.wire``); an SDK upgrade that renames an internal cannot break every tool at once."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import contextlamp.mcp

EDGE = sorted(Path(contextlamp.mcp.__file__).parent.glob("*.py"))  # the tools, the wire, stdio, ready, prompts
PUBLIC = {  # the SDK modules the edge may import from (a name must be in the module's __all__ where it has one)
    "mcp",
    "mcp.server",
    "mcp.server.mcpserver",
    "mcp.server.mcpserver.tools",
    "mcp.server.mcpserver.prompts",
    "mcp.server.mcpserver.exceptions",
    "mcp.server.subscriptions",
    "mcp.server.auth.provider",
    "mcp.server.auth.settings",
    "mcp.shared.message",
    "mcp_types",
    "mcp_types.version",  # is_version_at_least (in its __all__): which protocol revision a call speaks (mcp/roots.py)
}


def _sdk_imports(path: Path) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("mcp", "mcp_types"):
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.split(".")[0] in ("mcp", "mcp_types")]
    return found


def test_the_mcp_edge_imports_only_public_sdk_names() -> None:
    assert {"calls.py", "stdio.py", "tools.py", "wire.py"} <= {path.name for path in EDGE}
    for path in EDGE:
        source = path.read_text(encoding="utf-8")
        for module, imported in _sdk_imports(path):
            assert module in PUBLIC, (path.name, module)
            assert not imported.startswith("_"), (path.name, module, imported)
            exported = getattr(importlib.import_module(module), "__all__", None)
            assert not imported or exported is None or imported in exported, (path.name, module, imported)
        tree = ast.parse(source)
        private = [  # our own classes' private members (self._x) are ours
            n.attr
            for n in ast.walk(tree)
            if isinstance(n, ast.Attribute)
            and n.attr.startswith("_")
            and not n.attr.startswith("__")
            and not (isinstance(n.value, ast.Name) and n.value.id == "self")
        ]
        assert not private, (path.name, private)
        for banned in ("FuncMetadata", "ArgModelBase", "model_dump_one_level", "func_metadata", "_lowlevel_server"):
            assert banned not in source, (path.name, banned)
