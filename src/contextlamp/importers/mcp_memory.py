"""The official MCP memory server's knowledge graph (modelcontextprotocol/servers, ``src/memory``).

Its file (``memory.jsonl`` next to the server, or ``MEMORY_FILE_PATH``; older versions named it
``memory.json`` with the same content) is JSON Lines, one object a line, as the server's ``saveGraph`` writes
them::

    {"type":"entity","name":"Alice","entityType":"person","observations":["Works on the billing team"]}
    {"type":"relation","from":"Alice","to":"Acme","relationType":"works_at"}

Mapping (docs/import.md): each observation becomes one ``fact`` memory whose text names its entity (``Alice:
Works on the billing team``, unless the observation names it already), tagged with the entity's name and type;
each relation becomes a ``fact`` memory ``Alice works at Acme`` tagged with both entities. The graph keeps
no times, so the import's time is used. The entity is a tag, not a topic: a topic holds one current value, and
an entity's observations are all current at once.

A file holding one JSON document ``{"entities": [...], "relations": [...]}`` (the answer of the server's
``read_graph`` tool, saved by hand) is read too, with the same mapping.

The server skips a malformed line silently; this reader refuses the file instead (naming the line), so that
nothing is half-imported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from contextlamp.importers.base import (
    ImportFormatError,
    ImportItem,
    input_root,
    json_lines,
    json_type,
    location,
    regular_file,
    string_list,
    text_field,
)

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")  # worksAt -> works At (linear: a lookaround per position)


def relation_phrase(relation_type: str) -> str:
    """A relation type as words: ``works_at`` / ``works-at`` / ``worksAt`` -> ``works at``."""
    spaced = _CAMEL.sub(" ", relation_type).replace("_", " ").replace("-", " ")
    return " ".join(spaced.split()).lower() if spaced.strip() else relation_type


def observation_text(entity: str, observation: str) -> str:
    """The memory of one observation: the observation itself when it names its entity, else ``entity: obs``."""
    text = observation.strip()
    if entity.strip() and entity.strip().casefold() in text.casefold():
        return text
    return f"{entity.strip()}: {text}"


def read(path: Path) -> Iterator[ImportItem]:
    """Every observation and relation of a knowledge-graph file, in file order.

    Raises:
        ImportFormatError: a line that is not JSON (a truncated last line included), not an object, of an
            unknown ``type``, or missing a field of its type.
    """
    regular_file(path, input_root(path))  # never a link leading out of its folder, never a pipe or device
    graph = _whole_graph(path)
    if graph is not None:
        for key, kind in (("entities", "entity"), ("relations", "relation")):
            values: Any = graph.get(key) or []
            if not isinstance(values, list):
                raise ImportFormatError(path, 0, f"'{key}' must be a list")
            for n, value in enumerate(cast(list[Any], values)):
                if not isinstance(value, dict):
                    raise ImportFormatError(path, 0, f"{key}[{n}] must be an object, got {json_type(value)}")
                yield from _items(path, 0, {"type": kind, **cast(dict[str, Any], value)}, f"{path}#{key}[{n}]")
        return
    for number, value in json_lines(path):
        if not isinstance(value, dict):
            raise ImportFormatError(path, number, f"must be a JSON object, got {json_type(value)}")
        yield from _items(path, number, value)  # pyright: ignore[reportUnknownArgumentType]


def _whole_graph(path: Path) -> dict[str, Any] | None:
    """The graph when the file is one JSON document ``{"entities": [...], "relations": [...]}`` (what the
    server's ``read_graph`` tool answers, saved by hand), else None (JSON Lines, the server's own file)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None  # json_lines reports it, with the line
    if not text.lstrip().startswith("{"):
        return None
    try:
        value: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    if isinstance(value, dict) and "type" not in value and ("entities" in value or "relations" in value):
        return cast(dict[str, Any], value)
    return None


def _items(path: Path, number: int, value: dict[str, Any], where: str = "") -> Iterator[ImportItem]:
    kind = value.get("type")
    where = where or location(path, number)
    if kind == "entity":
        name = text_field(value.get("name"), path, number, "name")
        entity_type = text_field(value.get("entityType"), path, number, "entityType", required=False)
        observations = string_list(value.get("observations"), path, number, "observations")
        if not name.strip():
            raise ImportFormatError(path, number, "'name' of an entity must not be blank")
        tags = tuple(t for t in (name.strip(), entity_type.strip()) if t)
        for observation in observations:
            if observation.strip():
                yield ImportItem(
                    source_key=f"entity\0{name}\0{observation}",
                    content=observation_text(name, observation),
                    memory_type="fact",
                    kind="fact",
                    tags=tags,
                    location=where,
                    parts=(observation,),
                )
    elif kind == "relation":
        source = text_field(value.get("from"), path, number, "from")
        target = text_field(value.get("to"), path, number, "to")
        relation = text_field(value.get("relationType"), path, number, "relationType")
        if not (source.strip() and target.strip() and relation.strip()):
            raise ImportFormatError(path, number, "'from', 'to' and 'relationType' of a relation must not be blank")
        yield ImportItem(
            source_key=f"relation\0{source}\0{relation}\0{target}",
            content=f"{source.strip()} {relation_phrase(relation)} {target.strip()}",
            memory_type="fact",
            kind="fact",
            tags=(source.strip(), target.strip()),
            location=where,
        )
    else:
        raise ImportFormatError(path, number, "'type' must be 'entity' or 'relation'")
