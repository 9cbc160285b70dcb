"""Edit TOML files (Codex's ``config.toml``) keeping every byte we do not change.

tomlkit (a style-preserving TOML 1.0 parser) reads and validates the file; the edit itself is a minimal text
splice (a new table appended at the end after one blank line, a top-level key inserted on its own line where
tomlkit would put it), so removing it gives back the original bytes. Every splice is checked by parsing the
result and comparing its data with what tomlkit's own edit would give; if they differ (a layout we did not
foresee, say the table defined inline) tomlkit's own output is used instead, which is still formatting- and
comment-preserving, only not always to the byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, cast

import tomlkit
import tomlkit.exceptions
import tomlkit.items

from contextlamp.clients.errors import FileFormatError

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # TOML 1.0 section "Keys": bare keys


class TomlError(FileFormatError):
    """The text is not TOML, or a key on the edited path holds something else than a table (line and
    column 1-based)."""


def _parse(text: str) -> tomlkit.TOMLDocument:
    try:
        return tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as exc:
        message = str(exc).split(" at line ")[0]
        raise TomlError(message, exc.line, exc.col) from None


def _data(text: str) -> dict[str, Any]:
    return _parse(text).unwrap()


def get(text: str, path: Sequence[str]) -> Any:
    """The plain value at ``path`` (table names, then a key), or None when absent. Raises ``TomlError``."""
    node: Any = _data(text)
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]  # pyright: ignore[reportUnknownVariableType]
    return node  # pyright: ignore[reportUnknownVariableType]


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else tomlkit.item(name).as_string()


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return _inline(cast(dict[str, Any], value)).as_string()
    return tomlkit.item(value).as_string()  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]


def _table_text(path: Sequence[str], values: dict[str, Any]) -> str:
    lines = ["[" + ".".join(_key(k) for k in path) + "]"]
    lines += [f"{_key(key)} = {_value(value)}" for key, value in values.items()]
    return "\n".join(lines) + "\n"


def _expected_with(data: dict[str, Any], path: Sequence[str], value: Any) -> dict[str, Any]:
    node = data
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value
    return data


def _expected_without(data: dict[str, Any], path: Sequence[str]) -> dict[str, Any]:
    chain = [data]
    for key in path[:-1]:
        chain.append(chain[-1][key])
    del chain[-1][path[-1]]
    for depth in range(len(path) - 1, 0, -1):  # tables the removal leaves empty go too
        if not chain[depth]:
            del chain[depth - 1][path[depth - 1]]
    return data


def _tomlkit_set(text: str, path: Sequence[str], value: Any) -> str:
    doc = _parse(text)
    node: Any = doc
    for key in path[:-1]:
        if key not in node:
            node[key] = tomlkit.table(is_super_table=True)
        node = node[key]
    try:
        node[path[-1]] = value
    except ValueError:  # the parent is an inline table: the value must be inline too
        node[path[-1]] = _inline(value.unwrap() if isinstance(value, tomlkit.items.Table) else value)
    return tomlkit.dumps(doc)


def _tomlkit_remove(text: str, path: Sequence[str]) -> str:
    doc = _parse(text)
    chain: list[Any] = [doc]
    for key in path[:-1]:
        chain.append(chain[-1][key])
    del chain[-1][path[-1]]
    for depth in range(len(path) - 1, 0, -1):
        if len(chain[depth]) == 0:
            del chain[depth - 1][path[depth - 1]]
    return tomlkit.dumps(doc)


def _checked(candidate: str | None, expected: dict[str, Any], fallback: Callable[[], str]) -> str:
    if candidate is not None:
        try:
            if _data(candidate) == expected:
                return candidate
        except TomlError:
            pass
    return fallback()


def _check_tables(data: dict[str, Any], path: Sequence[str]) -> None:
    node: Any = data
    for depth, key in enumerate(path):
        if key not in node:
            return
        node = node[key]  # pyright: ignore[reportUnknownVariableType]
        if not isinstance(node, dict):
            raise TomlError(f"{'.'.join(path[: depth + 1])} is not a table")


def set_table(text: str, path: Sequence[str], values: dict[str, Any]) -> str:
    """``text`` with the table at ``path`` (e.g. ``("mcp_servers", "contextlamp")``) holding exactly ``values``.

    Unchanged when it already does; otherwise an existing table is removed and the new one appended at the end
    of the file after one blank line. Raises ``TomlError`` (with line and column) when the text is not TOML,
    or when a key on ``path`` holds a non-table."""
    data = _data(text)
    _check_tables(data, path)
    current = get(text, path)
    if current == values:
        return text
    if current is not None:
        text = remove_table(text, path)
        data = _data(text)
    separator = ("" if text.endswith("\n") or not text else "\n") + ("\n" if text.strip() else "")
    candidate = text + separator + _table_text(path, values)

    def via_tomlkit() -> str:
        table = tomlkit.table()
        for key, value in values.items():
            table[key] = _inline(value) if isinstance(value, dict) else tomlkit.item(value)  # pyright: ignore[reportUnknownArgumentType]
        return _tomlkit_set(text, path, table)

    return _checked(candidate, _expected_with(data, path, values), via_tomlkit)


def _inline(value: dict[str, Any]) -> tomlkit.items.InlineTable:
    table = tomlkit.inline_table()
    for key, item in value.items():
        table[key] = item
    return table


def _header(path: Sequence[str]) -> re.Pattern[str]:
    parts = r"\s*\.\s*".join(rf"(?:{re.escape(k)}|\"{re.escape(k)}\"|'{re.escape(k)}')" for k in path)
    return re.compile(rf"^[ \t]*\[[ \t]*{parts}[ \t]*\][ \t]*(?:#[^\n]*)?\r?\n?", re.MULTILINE)


_ANY_HEADER = re.compile(r"^[ \t]*\[", re.MULTILINE)


def remove_table(text: str, path: Sequence[str]) -> str:
    """``text`` without the table at ``path`` (unchanged when absent); parent tables left empty go too.

    The table's lines are cut from its header to the next header (or the end, with the blank line
    ``set_table`` put before it). Raises ``TomlError`` when the text is not TOML."""
    if get(text, path) is None:
        return text
    expected = _expected_without(_data(text), path)
    candidate: str | None = None
    match = _header(path).search(text)
    if match is not None:
        following = _ANY_HEADER.search(text, match.end())
        end = following.start() if following else len(text)
        start = match.start()
        if following is None and text[:start].endswith("\n\n"):
            start -= 1
        candidate = text[:start] + text[end:]
    return _checked(candidate, expected, lambda: _tomlkit_remove(text, path))


def _line_of(key: str, value: Any) -> str:
    return f"{_key(key)} = {_value(value)}"


def set_top(text: str, key: str, value: Any) -> str:
    """``text`` with the top-level ``key = value`` line (before the first table, where TOML needs it).

    Unchanged when the key already holds ``value``. Raises ``TomlError`` when the text is not TOML."""
    data = _data(text)
    if key in data and data[key] == value:
        return text
    if key in data:
        text = remove_top(text, key)
        data = _data(text)
    doc = _parse(text)
    doc[key] = value
    via_tomlkit = tomlkit.dumps(doc)
    line = _line_of(key, value)
    candidate = None
    at = via_tomlkit.find(line)
    if at >= 0 and via_tomlkit[:at] == text[:at] and (at == 0 or text[at - 1] == "\n"):
        candidate = text[:at] + line + "\n" + text[at:]
    data[key] = value
    return _checked(candidate, data, lambda: via_tomlkit)


def remove_top(text: str, key: str) -> str:
    """``text`` without the top-level ``key`` (unchanged when absent). Raises ``TomlError``."""
    data = _data(text)
    if key not in data:
        return text
    line = _line_of(key, data[key])
    del data[key]
    candidate = None
    at = text.find(line + "\n") if text.startswith(line) or ("\n" + line) in text else -1
    if at > 0 and text[at - 1] != "\n":
        at = text.find("\n" + line + "\n") + 1 or -1
    if at >= 0:
        candidate = text[:at] + text[at + len(line) + 1 :]
    elif text.endswith(line):
        candidate = text[: len(text) - len(line)]

    def via_tomlkit() -> str:
        doc = _parse(text)
        del doc[key]
        return tomlkit.dumps(doc)

    return _checked(candidate, data, via_tomlkit)
