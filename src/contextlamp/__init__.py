"""contextlamp: a self-hostable context memory for AI tools, served over the Model Context Protocol.

Importing the package loads no model and opens no database.
"""

from __future__ import annotations

__version__ = "0.1.0"

from contextlamp.service import Caller, MemoryService

__all__ = ["Caller", "MemoryService", "__version__"]
