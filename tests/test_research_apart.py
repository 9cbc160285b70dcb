"""Research stays apart from the product: nothing under src/ imports the research tree or the tests, and the
research tree's own command finds and runs every bench (research/README.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE_THE_PRODUCT = {"research", "bench", "tests", "conftest"}


def _imported_roots(path: Path) -> set[str]:
    """The first name of every module ``path`` imports (absolute imports only: relative ones stay inside)."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_product_imports_nothing_of_research_or_the_tests() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imported_roots(path) & OUTSIDE_THE_PRODUCT)
        for path in sorted((ROOT / "src").rglob("*.py"))
    }
    assert {name: roots for name, roots in offenders.items() if roots} == {}


def test_the_import_check_sees_an_import_of_research(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from research.bench import common\n    import tests.scripts\n", encoding="utf-8")
    assert _imported_roots(module) & OUTSIDE_THE_PRODUCT == {"research", "tests"}


def _research(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "research", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_the_research_command_lists_every_runnable_bench_and_fitting_script() -> None:
    listed = _research()
    assert listed.returncode == 0, listed.stderr
    names = {line.split()[0] for line in listed.stdout.splitlines() if line and not line.startswith("python -m")}
    runnable = {
        path.stem
        for folder in ("bench", "scripts")
        for path in (ROOT / "research" / folder).glob("*.py")
        if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
    }
    assert runnable >= {"latency", "retrieval_locomo", "distill", "breaker40_echo"}  # a bench and a script
    assert names == runnable


def test_the_research_command_runs_a_bench_as_its_script_and_refuses_an_unknown_one() -> None:
    ran = _research("team_threshold", "--help")
    assert ran.returncode == 0, ran.stderr
    assert "usage: team_threshold.py" in ran.stdout
    unknown = _research("no_such_bench")
    assert unknown.returncode == 2
    assert "unknown bench 'no_such_bench'" in unknown.stderr and "latency" in unknown.stderr
