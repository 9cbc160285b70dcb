"""The tool layer uses the ``mcp`` SDK through its public API only (issue #31.2): every SDK name the tool
modules import comes from a package the SDK exports it from (no ``utilities``, no ``func_metadata``, no
``ArgModelBase``/``FuncMetadata``), none starts with an underscore, and no private SDK attribute is touched; an
SDK upgrade that renames an internal cannot break every tool at once."""

from __future__ import annotations

import ast
from pathlib import Path

import contextlamp.mcp

TOOL_LAYER = ("calls.py", "schema.py", "specs.py", "tools.py")
PUBLIC = {  # SDK module -> where its names are exported (each name checked against the module's namespace)
    "mcp",
    "mcp.server",
    "mcp.server.mcpserver",
    "mcp.server.mcpserver.tools",
    "mcp.server.mcpserver.exceptions",
    "mcp.server.auth.provider",
    "mcp.server.auth.settings",
    "mcp_types",
}


def _sdk_imports(path: Path) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("mcp", "mcp_types"):
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.split(".")[0] in ("mcp", "mcp_types")]
    return found


def test_the_tool_layer_imports_only_public_sdk_names() -> None:
    folder = Path(contextlamp.mcp.__file__).parent
    for name in TOOL_LAYER:
        source = (folder / name).read_text(encoding="utf-8")
        for module, imported in _sdk_imports(folder / name):
            assert module in PUBLIC, (name, module)
            assert not imported.startswith("_"), (name, module, imported)
        tree = ast.parse(source)
        private = [  # our own classes' private members (self._x) are ours
            n.attr
            for n in ast.walk(tree)
            if isinstance(n, ast.Attribute)
            and n.attr.startswith("_")
            and not n.attr.startswith("__")
            and not (isinstance(n.value, ast.Name) and n.value.id == "self")
        ]
        assert not private, (name, private)
        for banned in ("FuncMetadata", "ArgModelBase", "model_dump_one_level", "func_metadata"):
            assert banned not in source, (name, banned)
