"""contextlamp: a self-hostable context memory for AI tools, served over the Model Context Protocol.

Importing the package loads nothing but this file: no model, no database driver, no web stack. The two
public classes are imported on first use (PEP 562 module ``__getattr__``).

Layers (docs/architecture.md; ``tests/test_architecture.py`` holds them), top to bottom:
``cli``/``mcp``/``web`` (edges) > ``app`` (application) > ``domain``, ``retrieval``, ``distill`` (domain)
> ``storage``, ``embedding``, ``llm`` (infrastructure) > ``errors``, ``text``, ``config`` (base).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService

__all__ = ["Caller", "MemoryService", "__version__"]


def __getattr__(name: str) -> Any:
    """``contextlamp.Caller`` and ``contextlamp.MemoryService``, imported when first asked for."""
    if name in ("Caller", "MemoryService"):
        from contextlamp.app import service

        return getattr(service, name)
    raise AttributeError(f"module 'contextlamp' has no attribute {name!r}")
