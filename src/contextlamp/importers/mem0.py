"""mem0 (mem0ai/mem0): the JSON of ``Memory.get_all`` / ``MemoryClient.get_all``, and OpenMemory's export.

``get_all`` (``mem0/memory/main.py``) returns ``{"results": [item, ...]}`` (v1.1 and later; v1.0 and the
platform client of that time returned the bare list), each item a ``MemoryItem`` dump::

    {"id": "<uuid>", "memory": "<text>", "hash": "<md5>", "created_at": "<ISO 8601, with offset>",
     "updated_at": ..., "user_id"/"agent_id"/"run_id"/"actor_id"/"role": ..., "metadata": {...},
     "categories": [...]}   # categories: the platform's; OpenMemory keeps them as categories too

OpenMemory's export (``openmemory/api/app/routers/backup.py``, ``POST /api/v1/backup/export``, removed from the
monorepo later) is a zip of ``memories.json`` (the relational dump: ``memories`` with ``content``, ``state``,
``created_at``, ``category_ids``, plus ``categories`` and ``apps``) and ``memories.jsonl.gz`` (one logical
memory a line: ``id``, ``content``, ``metadata``, ``created_at``, ``state``, ``app``, ``categories``). The
logical lines are read when present (they name categories and app directly), else ``memories.json``. Either
member may also be given on its own (``memories.json``, ``memories.jsonl.gz`` or an unpacked ``.jsonl``).

Mapping (docs/import.md): the text (``memory`` / ``content``) as it is; the original ``created_at``; the
categories and the app as tags; a procedural memory (``metadata.memory_type == "procedural_memory"``) is an
``instruction``, a memory categorised ``preferences`` a ``preference``, else a fact note; OpenMemory's
``deleted`` memories are not imported, ``archived`` and ``paused`` ones are, tagged with their state; the id is
the source key.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, cast

from contextlamp.domain.models import Kind, MemoryType
from contextlamp.importers.base import (
    ImportFormatError,
    ImportItem,
    ImportSkip,
    check_archive_members,
    element_lines,
    epoch_ms,
    gunzip_bounded,
    input_root,
    json_document,
    json_line_values,
    json_lines,
    json_type,
    location,
    regular_file,
    string_list,
    text_field,
)

MAX_MEMBER_BYTES = 512 * 1024 * 1024  # an archive member larger than this (uncompressed) is refused
SKIPPED_STATES = frozenset({"deleted"})  # OpenMemory states not imported (the user deleted them)
PREFERENCE_CATEGORIES = frozenset({"preferences", "preference"})


def read(path: Path) -> Iterator[ImportItem | ImportSkip]:
    """The memories of a mem0 ``get_all`` JSON, or of an OpenMemory export (zip, ``memories.json``,
    ``memories.jsonl.gz`` or ``.jsonl``), in file order.

    Raises:
        ImportFormatError: not one of those shapes, a truncated file or archive, or a memory without text.
    """
    regular_file(path, input_root(path))  # never a link leading out of its folder, never a pipe or device
    name = path.name.lower()
    if zipfile.is_zipfile(path):
        yield from _archive(path)
    elif name.endswith(".gz"):
        yield from _logical_lines(path, _gunzip(path, _read_bytes(path)))
    elif name.endswith(".jsonl"):
        yield from _logical_lines(path, None)
    else:
        yield from _document(path, json_document(path))


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ImportFormatError(path, 0, f"cannot be read ({exc.strerror or type(exc).__name__})") from exc


def _gunzip(path: Path | str, data: bytes) -> bytes:
    """The decompressed bytes, bounded (base.gunzip_bounded: ``MAX_MEMBER_BYTES`` and the compression ratio)."""
    return gunzip_bounded(path, data, MAX_MEMBER_BYTES)


def _archive(path: Path) -> Iterator[ImportItem | ImportSkip]:
    try:
        with zipfile.ZipFile(path) as zf:
            members = {n.rsplit("/", 1)[-1]: n for n in zf.namelist() if not n.endswith("/")}
            chosen = members.get("memories.jsonl.gz") or members.get("memories.json")
            if chosen is None:
                raise ImportFormatError(
                    path, 0, "holds neither memories.jsonl.gz nor memories.json (OpenMemory export)"
                )
            info = zf.getinfo(chosen)
            check_archive_members(path, [info])  # a bomb is refused before a byte of it is read
            if info.file_size > MAX_MEMBER_BYTES:
                raise ImportFormatError(f"{path}!{chosen}", 0, f"holds more than {MAX_MEMBER_BYTES} bytes")
            data = zf.read(chosen)
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise ImportFormatError(path, 0, f"is not a complete zip archive ({type(exc).__name__}; truncated?)") from exc
    member = f"{path}!{chosen}"
    if chosen.endswith(".gz"):
        yield from _logical_lines(Path(member), _gunzip(member, data))
    else:
        yield from _document(Path(member), json_document(Path(member), data), data.decode("utf-8-sig", "replace"))


def _logical_lines(path: Path, data: bytes | None) -> Iterator[ImportItem | ImportSkip]:
    """OpenMemory's logical backup: one memory a JSON line (``data``: the decompressed bytes, else read
    ``path``)."""
    numbered = json_lines(path) if data is None else _lines_of(path, data)
    for number, value in numbered:
        if not isinstance(value, dict):
            raise ImportFormatError(path, number, f"must be a JSON object, got {json_type(value)}")
        yield _item(path, number, location(path, number), cast(dict[str, Any], value), "")


def _lines_of(path: Path, data: bytes) -> Iterator[tuple[int, Any]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFormatError(path, data[: exc.start].count(b"\n") + 1, "is not UTF-8 text") from exc
    yield from json_line_values(path, text.splitlines())


def _document(path: Path, data: Any, text: str | None = None) -> Iterator[ImportItem | ImportSkip]:
    """``{"results": [...]}``, a bare list of items, or OpenMemory's ``memories.json`` (``text``: the
    document's text when it came from an archive, for line numbers)."""
    categories: dict[str, str] = {}
    apps: dict[str, str] = {}
    if isinstance(data, dict):
        doc = cast(dict[str, Any], data)
        if isinstance(doc.get("results"), list):
            items, label = cast(list[Any], doc["results"]), "results"
        elif isinstance(doc.get("memories"), list):
            items, label = cast(list[Any], doc["memories"]), "memories"
            categories = _names(doc.get("categories"))
            apps = _names(doc.get("apps"))
        else:
            raise ImportFormatError(path, 0, "is not mem0 JSON: expected a 'results' list, a 'memories' list or a list")
    elif isinstance(data, list):
        items, label = cast(list[Any], data), ""
    else:
        raise ImportFormatError(path, 0, f"is not mem0 JSON: expected an object or a list, got {json_type(data)}")
    lines = element_lines(path, label or None, len(items), text)
    for n, value in enumerate(items):
        field = f"{label}[{n}]" if label else f"[{n}]"
        line = lines[n] if n < len(lines) else 0
        where = location(path, line) if line else f"{path}#{field}"
        if not isinstance(value, dict):
            raise ImportFormatError(path, line, f"{field} must be an object, got {json_type(value)}")
        memory = cast(dict[str, Any], value)
        if categories and "category_ids" in memory:
            ids = string_list(memory.get("category_ids"), path, line, f"{field}.category_ids")
            memory = {**memory, "categories": [categories[i] for i in ids if i in categories]}
        app_id = memory.get("app_id")
        if apps and isinstance(app_id, str) and "app" not in memory:
            memory = {**memory, "app": apps.get(app_id)}
        yield _item(path, line, where, memory, f"{field}.")


def _newest(created: Any, updated: Any, path: Path, line: int, label: str) -> int | None:
    """The time of a memory's text: mem0 rewrites the text of an updated memory in place, so its
    ``updated_at`` (when later) is when the text now stored was written; else its ``created_at``."""
    made = epoch_ms(created, path, line, f"{label}created_at")
    changed = epoch_ms(updated, path, line, f"{label}updated_at")
    if made is None:
        return changed
    return changed if changed is not None and changed > made else made


def _names(value: Any) -> dict[str, str]:
    """``{id: name}`` of OpenMemory's ``categories`` or ``apps`` list (unusable entries ignored)."""
    out: dict[str, str] = {}
    if isinstance(value, list):
        for entry in cast(list[Any], value):
            if isinstance(entry, dict):
                e = cast(dict[str, Any], entry)
                if isinstance(e.get("id"), str) and isinstance(e.get("name"), str):
                    out[e["id"]] = e["name"]
    return out


def _item(path: Path, line: int, where: str, memory: Mapping[str, Any], label: str) -> ImportItem | ImportSkip:
    """One memory (a skip for one the user deleted). mem0 names the text ``memory``; OpenMemory ``content``."""
    state = memory.get("state")
    if isinstance(state, str) and state.lower() in SKIPPED_STATES:
        return ImportSkip(where, f"{state.lower()} in OpenMemory: not imported")
    field = "memory" if "memory" in memory else "content"
    text = text_field(memory.get(field), path, line, f"{label}{field}")
    categories = string_list(memory.get("categories"), path, line, f"{label}categories")
    tags = [c for c in categories if c.strip()]
    app = memory.get("app")
    if isinstance(app, str) and app.strip():
        tags.append(app.strip())
    if isinstance(state, str) and state.lower() not in ("", "active"):
        tags.append(state.lower())
    metadata = memory.get("metadata")
    meta = cast(dict[str, Any], metadata) if isinstance(metadata, dict) else {}
    memory_type: MemoryType = "fact"
    kind: Kind = "note"
    if str(meta.get("memory_type", "")).startswith("procedural"):
        memory_type = "instruction"
    elif any(c.strip().lower() in PREFERENCE_CATEGORIES for c in categories):
        kind = "preference"
    key = memory.get("id")
    if not isinstance(key, str) or not key:
        key = memory.get("hash") if isinstance(memory.get("hash"), str) else f"text\0{text}"
    created = _newest(memory.get("created_at"), memory.get("updated_at"), path, line, label)
    return ImportItem(
        source_key=str(key),
        content=text,
        memory_type=memory_type,
        kind=kind,
        tags=tuple(tags),
        created_at=created,
        location=where,
    )
