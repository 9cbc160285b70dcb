"""The research tree's command.

    python -m research                  # list the benches and fitting scripts, one line each
    python -m research NAME [ARGS...]   # run research/bench/NAME.py (or research/scripts/NAME.py) with ARGS
    python -m research test [ARGS...]   # the research tests: python -m pytest research/tests ARGS

A runnable file is one with a ``if __name__ == "__main__":`` block; the others (common.py, the corpora) are
pieces the runnable ones import. NAME runs exactly as ``python research/bench/NAME.py ARGS`` would: its own
folder first on ``sys.path``, ``__name__ == "__main__"``. Run from the repository root, where ``python -m``
finds this package.
"""

from __future__ import annotations

import ast
import runpy
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDERS = (HERE / "bench", HERE / "scripts")


def runnable() -> dict[str, Path]:
    """Name -> path of every runnable file of research/bench/ and research/scripts/ (bench names first)."""
    found: dict[str, Path] = {}
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.py")):
            if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8") and path.stem not in found:
                found[path.stem] = path
    return found


def summary(path: Path) -> str:
    """The first line of ``path``'s module docstring (parsed, not imported), or '' without one."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    return doc.strip().splitlines()[0] if doc else ""


def main(argv: list[str]) -> int:
    """Dispatch ``argv`` (without the program name); returns the exit status."""
    found = runnable()
    if not argv or argv[0] in ("-h", "--help", "list"):
        width = max(len(name) for name in found)
        for name, path in found.items():
            print(f"{name:<{width}}  {path.parent.name:<7}  {summary(path)}")
        print("\npython -m research NAME --help    python -m research test")
        return 0
    name, args = argv[0].removesuffix(".py"), argv[1:]
    if name == "test":
        return subprocess.call([sys.executable, "-m", "pytest", str(HERE / "tests"), *args])
    if name not in found:
        print(f"unknown bench {name!r}; one of: test, {', '.join(found)}", file=sys.stderr)
        return 2
    path = found[name]
    sys.argv = [str(path), *args]
    sys.path.insert(0, str(path.parent))
    try:
        runpy.run_path(str(path), run_name="__main__")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
