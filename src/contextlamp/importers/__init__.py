"""Readers of other memory tools' files (``contextlamp import --from FORMAT PATH``, docs/import.md).

Infrastructure: a reader opens files, folders, archives and SQLite databases, and turns them into the plain
records of ``base`` (``ImportItem``, ``ImportConversation``); it decides nothing about storing them. The
runner (``app/importing.py``) validates, dedupes, scans for secrets and writes through the save path.

The registry ``FORMATS`` maps a format name to a loader of its reader and a description; a reader module is
imported only when its format is used (no work at import time), by a plain import inside its loader (so the
layer test sees it). To add a format: a module here with ``read(path: Path) -> Iterator[ImportItem |
ImportConversation]`` raising ``ImportFormatError``, a loader function and one ``Format`` line in ``FORMATS``,
its mapping table in docs/import.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from contextlamp.errors import InvalidArgumentError
from contextlamp.importers.base import ImportConversation, ImportFormatError, ImportItem, ImportSkip, Record

__all__ = [
    "FORMATS",
    "Format",
    "ImportConversation",
    "ImportFormatError",
    "ImportItem",
    "ImportSkip",
    "Reader",
    "Record",
    "format_names",
    "reader",
]

Reader = Callable[[Path], Iterator[Record]]


@dataclass(frozen=True)
class Format:
    """One importable format: its ``name`` (the ``--from`` value), a one-line ``description`` (``--help``,
    docs/import.md), ``load``, which imports the reader's module and returns its ``read``, and ``per_repository``:
    without ``--project``, records go to the project of the repository PATH is in, as the hooks map it."""

    name: str
    description: str
    load: Callable[[], Reader]
    per_repository: bool = False  # records go to the project of PATH's repository (cli/importing.repository_project)


def _mcp_memory() -> Reader:
    from contextlamp.importers import mcp_memory

    return mcp_memory.read


def _mcp_memory_service() -> Reader:
    from contextlamp.importers import mcp_memory_service

    return mcp_memory_service.read


def _mem0() -> Reader:
    from contextlamp.importers import mem0

    return mem0.read


# formats 4-6 of issue #19 (notes, agent memory files, chat exports): their loaders go here, above FORMATS


def _basic_memory() -> Reader:
    from contextlamp.importers import basic_memory

    return basic_memory.read


def _agent_files() -> Reader:
    from contextlamp.importers import agent_files

    return agent_files.read


def _chatgpt() -> Reader:
    from contextlamp.importers import chat_exports

    return chat_exports.read_chatgpt


def _claude_ai() -> Reader:
    from contextlamp.importers import chat_exports

    return chat_exports.read_claude


FORMATS: tuple[Format, ...] = (
    # memory servers (formats 1-3 of issue #19)
    Format(
        "mcp-memory",
        "the official MCP memory server's knowledge graph (memory.jsonl: entity and relation lines)",
        _mcp_memory,
    ),
    Format(
        "mcp-memory-service",
        "mcp-memory-service: its SQLite database (sqlite_vec.db, read-only) or its JSON export",
        _mcp_memory_service,
    ),
    Format("mem0", "mem0: the JSON of get_all, or OpenMemory's export (zip, memories.json, .jsonl.gz)", _mem0),
    # notes, agent memory files and chat exports (formats 4-6): add below
    Format(
        "basic-memory", "basic-memory notes (a folder of markdown files with front matter, or one note)", _basic_memory
    ),
    Format(
        "agent-files",
        "agent memory files (CLAUDE.md, AGENTS.md, .cursor/rules/*.mdc, GEMINI.md) of a repository or home folder",
        _agent_files,
        per_repository=True,
    ),
    Format("chatgpt", "a ChatGPT data export (conversations.json, its folder or the .zip)", _chatgpt),
    Format("claude-ai", "a Claude.ai data export (conversations.json, its folder or the .zip)", _claude_ai),
)


def format_names() -> list[str]:
    """The ``--from`` values, in registry order."""
    return [f.name for f in FORMATS]


def find_format(name: str) -> Format:
    """The format named ``name``.

    Raises:
        InvalidArgumentError: no such format (names the allowed values).
    """
    for item in FORMATS:
        if item.name == name:
            return item
    raise InvalidArgumentError("--from", f"is not a known format; allowed values: {', '.join(format_names())}")


def reader(name: str) -> Reader:
    """The ``read`` function of format ``name`` (its module imported now).

    Raises:
        InvalidArgumentError: no such format.
    """
    return find_format(name).load()
