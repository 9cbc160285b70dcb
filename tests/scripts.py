"""Load a research/bench/ script as a module, for tests of its pure parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "research" / "bench"


def load_script(filename: str, module_name: str) -> ModuleType:
    """Import ``research/bench/<filename>`` under ``module_name`` (registered in sys.modules for dataclasses)."""
    spec = importlib.util.spec_from_file_location(module_name, BENCH / filename)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module
