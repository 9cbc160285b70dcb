"""Edit JSON and JSON-with-comments (JSONC) files in place, keeping every byte we do not change.

A linear scanner (one pass, no backtracking) finds the span of every value, member and separating comma;
an edit splices text at those spans in the file's own indentation and line endings, so comments, trailing
commas, key order and odd indentation elsewhere survive untouched. The scanner accepts what VS Code's JSONC
accepts (``//`` and ``/* */`` comments, trailing commas, a UTF-8 byte order mark) and strict JSON as a subset;
what we write never adds a comment, so a strict JSON file stays strict JSON.

Round trip: ``remove_member`` undoes ``set_member`` (and ``remove_elements`` undoes ``append_element``) to the
byte when nothing else changed in between: an insertion puts the separating comma right after the previous
value and the new text on its own line(s) after any comment on that line, and the removal takes exactly that
back out. Parents the removal leaves empty are removed too (they were created by the insertion).

Grammar: RFC 8259 (JSON) plus comments and trailing commas as VS Code's ``jsonc`` parser allows them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from contextlamp.clients.errors import FileFormatError

MAX_DEPTH = 200  # deeper nesting is refused (a config file never comes near it; recursion stays bounded)
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")  # RFC 8259 section 6; linear


class JsoncError(FileFormatError):
    """The text is not JSON/JSONC, or its shape is not the one an edit needs (line and column 1-based)."""


@dataclass
class Node:
    """One value: ``kind`` is object/array/string/number/literal, ``[start, end)`` its span in the text,
    ``value`` the decoded Python value, ``children`` the members (objects) or elements (arrays)."""

    kind: str
    start: int
    end: int
    value: Any = None
    children: list[Child] = field(default_factory=lambda: [])


@dataclass
class Child:
    """A member (``key`` set; ``start`` = the key's opening quote) or an element (``key`` None; ``start`` = the
    value's start) of a container, with the position of the comma after it (None when none follows)."""

    key: str | None
    start: int
    node: Node
    comma: int | None = None


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, message: str, index: int) -> JsoncError:
        return JsoncError(message, *_position(self.text, index))

    def skip(self, i: int) -> int:
        """The index of the next significant character at or after ``i`` (white space and comments skipped)."""
        text, n = self.text, len(self.text)
        while i < n:
            ch = text[i]
            if ch in " \t\r\n\ufeff":
                i += 1
            elif text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end + 1
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                if end < 0:
                    raise self.fail("unterminated /* comment", i)
                i = end + 2
            else:
                break
        return i

    def value(self, i: int, depth: int) -> Node:
        text = self.text
        if i >= len(text):
            raise self.fail("unexpected end of file, expected a value", i)
        ch = text[i]
        if ch == "{":
            return self.container(i, depth, "object")
        if ch == "[":
            return self.container(i, depth, "array")
        if ch == '"':
            end = self.string_end(i)
            return Node("string", i, end, json.loads(text[i:end]))
        for word, decoded in (("true", True), ("false", False), ("null", None)):
            if text.startswith(word, i):
                return Node("literal", i, i + len(word), decoded)
        match = _NUMBER.match(text, i)
        if match:
            return Node("number", i, match.end(), json.loads(match.group()))
        raise self.fail(f"unexpected character {ch!r}, expected a value", i)

    def string_end(self, i: int) -> int:
        text, n, j = self.text, len(self.text), i + 1
        while j < n:
            ch = text[j]
            if ch == '"':
                return j + 1
            if ch == "\\":
                j += 2
                continue
            if ch < " ":
                raise self.fail("control character in a string", j)
            j += 1
        raise self.fail("unterminated string", i)

    def container(self, i: int, depth: int, kind: str) -> Node:
        if depth >= MAX_DEPTH:
            raise self.fail(f"nested deeper than {MAX_DEPTH} levels", i)
        text = self.text
        close = "}" if kind == "object" else "]"
        node = Node(kind, i, i, {} if kind == "object" else [])
        j = self.skip(i + 1)
        while True:
            if j >= len(text):
                raise self.fail(f"unexpected end of file, expected {close!r}", j)
            if text[j] == close:
                node.end = j + 1
                return node
            start = j
            key: str | None = None
            if kind == "object":
                if text[j] != '"':
                    raise self.fail(f"expected a quoted key or {close!r}", j)
                key_end = self.string_end(j)
                key = json.loads(text[j:key_end])
                j = self.skip(key_end)
                if j >= len(text) or text[j] != ":":
                    raise self.fail("expected ':' after the key", j)
                j = self.skip(j + 1)
            child = Child(key, start, self.value(j, depth + 1))
            node.children.append(child)
            if key is not None:
                node.value[key] = child.node.value
            else:
                node.value.append(child.node.value)
            j = self.skip(child.node.end)
            if j < len(text) and text[j] == ",":
                child.comma = j
                j = self.skip(j + 1)
            elif j < len(text) and text[j] != close:
                raise self.fail(f"expected ',' or {close!r}", j)


def parse(text: str) -> Node | None:
    """The root value of ``text`` with every span, or None for an empty document (white space/comments only).

    Raises ``JsoncError`` (with line and column) on anything else that is not one JSONC value."""
    scanner = _Scanner(text)
    i = scanner.skip(0)
    if i >= len(text):
        return None
    root = scanner.value(i, 0)
    end = scanner.skip(root.end)
    if end < len(text):
        raise scanner.fail("unexpected text after the document's value", end)
    return root


# --- layout helpers -------------------------------------------------------------------------------------------


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _own_line_indent(text: str, index: int) -> str | None:
    """The white space before ``index`` on its line when only white space precedes it there, else None."""
    prefix = text[_line_start(text, index) : index]
    return prefix if prefix.strip(" \t") == "" else None


def _leading_indent(text: str, index: int) -> str:
    start = _line_start(text, index)
    end = start
    while end < len(text) and text[end] in " \t":
        end += 1
    return text[start:end]


def _rest_of_line_end(text: str, index: int) -> int | None:
    """Where the line containing ``index`` ends (before its newline) when only white space and comments follow
    ``index`` on it, else None."""
    i, n = index, len(text)
    while i < n:
        if text[i] in " \t":
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0 or "\n" in text[i:end]:
                return None
            i = end + 2
        else:
            break
    if i >= n:
        return n
    if text[i] == "\n":
        return i - 1 if i > 0 and text[i - 1] == "\r" else i
    if text.startswith("\r\n", i):
        return i
    return None


def _unit(text: str, root: Node) -> str:
    """The file's indentation step: the indent of the root's first member on its own line, else two spaces."""
    if root.children:
        indent = _own_line_indent(text, root.children[0].start)
        if indent:
            return indent
    return "  "


def _multiline(text: str, node: Node) -> bool:
    if node.children:
        return _own_line_indent(text, node.children[0].start) is not None
    return "\n" in text


def _render(value: Any, base: str, unit: str, multiline: bool, newline: str) -> str:
    """``value`` as JSON text: on one line in a compact container, else one member per line at ``base`` + n
    ``unit``s, a list of scalars kept on one line when it is short (``"args": ["serve"]``)."""
    compact = json.dumps(value, ensure_ascii=False)
    if not multiline:
        return compact
    if isinstance(value, list):
        items: list[Any] = value  # pyright: ignore[reportUnknownVariableType]
        if not items or (len(compact) <= 80 and not any(isinstance(v, (dict, list)) for v in items)):
            return compact
        inner = [_render(v, base + unit, unit, True, newline) for v in items]
    elif isinstance(value, dict):
        members: dict[str, Any] = value  # pyright: ignore[reportUnknownVariableType]
        if not members:
            return "{}"
        inner = [
            f"{json.dumps(k, ensure_ascii=False)}: {_render(v, base + unit, unit, True, newline)}"
            for k, v in members.items()
        ]
    else:
        return compact
    lead = newline + base + unit
    close = "]" if isinstance(value, list) else "}"
    return ("[" if close == "]" else "{") + lead + ("," + lead).join(inner) + newline + base + close


def _child_text(key: str | None, value: Any, base: str, unit: str, multiline: bool, newline: str) -> str:
    rendered = _render(value, base, unit, multiline, newline)
    return rendered if key is None else f"{json.dumps(key, ensure_ascii=False)}: {rendered}"


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


# --- structural edits -------------------------------------------------------------------------------------------


def _insert(text: str, root: Node, container: Node, key: str | None, value: Any) -> str:
    newline, unit = _newline(text), _unit(text, root)
    multiline = _multiline(text, container)
    if container.children:
        anchor = container.children[-1]
        indent = _own_line_indent(text, anchor.start)
        base = indent if indent is not None else _leading_indent(text, anchor.start) + unit
    else:
        base = _leading_indent(text, container.start) + unit
    child = _child_text(key, value, base, unit, multiline, newline)
    if not container.children:
        inner_start, inner_end = container.start + 1, container.end - 1
        if not multiline:
            return (
                _splice(text, inner_start, inner_end, child)
                if not text[inner_start:inner_end].strip()
                else (_splice(text, inner_start, inner_start, child + ", "))
            )
        closing = newline + _leading_indent(text, container.start)
        if not text[inner_start:inner_end].strip():
            return _splice(text, inner_start, inner_end, newline + base + child + closing)
        return _splice(text, inner_start, inner_start, newline + base + child + ",")
    last = container.children[-1]
    if last.comma is not None:  # a trailing comma: the new child goes after it and keeps one
        at = _rest_of_line_end(text, last.comma + 1) if multiline else None
        if at is None:
            return _splice(text, last.comma + 1, last.comma + 1, (newline + base if multiline else " ") + child + ",")
        return _splice(text, at, at, newline + base + child + ",")
    at = _rest_of_line_end(text, last.node.end) if multiline else None
    if at is None:
        return _splice(text, last.node.end, last.node.end, "," + (newline + base if multiline else " ") + child)
    text = _splice(text, at, at, newline + base + child)
    return _splice(text, last.node.end, last.node.end, ",")


def _delete(text: str, container: Node, first: int, last: int | None = None) -> str:
    """``text`` without the children ``first..last`` (inclusive) of ``container``, and the comma that separated
    them: the exact inverse of ``_insert`` for the last child. Only text from the child before ``first`` onwards
    changes, so runs can be deleted back to front on one parse."""
    children = container.children
    last = first if last is None else last
    head, tail = children[first], children[last]
    end = tail.node.end
    after = tail.comma + 1 if tail.comma is not None else end
    if first == 0 and last == len(children) - 1:
        inner_start, inner_end = container.start + 1, container.end - 1
        if not (text[inner_start : head.start] + text[after:inner_end]).strip():
            return _splice(text, inner_start, inner_end, "")
        return _splice(text, head.start, after, "")
    own_line = _own_line_indent(text, head.start) is not None
    if last == len(children) - 1:
        previous = children[first - 1]
        assert previous.comma is not None
        if own_line:
            cut = _line_start(text, head.start) - 1
            if cut > 0 and text[cut - 1] == "\r":
                cut -= 1
            cut = max(cut, previous.comma + 1)
        else:
            cut = previous.comma + 1
        if tail.comma is not None:
            return _splice(text, cut, tail.comma + 1, "")
        text = _splice(text, cut, end, "")
        return _splice(text, previous.comma, previous.comma + 1, "")
    assert tail.comma is not None
    if own_line:
        line_end = _rest_of_line_end(text, tail.comma + 1)
        if line_end is not None:
            stop = line_end + (2 if text.startswith("\r\n", line_end) else 1 if line_end < len(text) else 0)
            return _splice(text, _line_start(text, head.start), stop, "")
    return _splice(text, head.start, children[last + 1].start, "")


def _root(text: str) -> tuple[str, Node]:
    root = parse(text)
    if root is None:
        text = (text.rstrip() + _newline(text) if text.strip() else "") + "{}" + _newline(text)
        root = parse(text)
        assert root is not None
    if root.kind != "object":
        raise JsoncError("the document is not a JSON object", *_position(text, root.start))
    return text, root


def _member(node: Node, key: str) -> tuple[int, Child] | None:
    found = None
    for index, child in enumerate(node.children):
        if child.key == key:
            found = (index, child)  # the last duplicate wins, as JSON.parse reads it
    return found


def _container_at(text: str, path: Sequence[str], kind: str) -> tuple[Node, Node] | None:
    """The root object and the container at ``path`` when it exists and is of ``kind`` (``object`` or
    ``array``), else None (an empty text, a root that is no object, a missing member).

    Raises ``JsoncError`` when a member on the path exists but is not an object."""
    root = parse(text)
    if root is None or root.kind != "object":
        return None
    nodes = _walk(root, path)
    if nodes is None or nodes[-1].kind != kind:
        return None
    return root, nodes[-1]


def _walk(root: Node, path: Sequence[str]) -> list[Node] | None:
    """The containers along ``path`` from the root (root first), or None when a member is missing.

    Raises ``JsoncError`` when a member on the path exists but is not an object."""
    nodes = [root]
    for depth, key in enumerate(path):
        found = _member(nodes[-1], key)
        if found is None:
            return None
        node = found[1].node
        if node.kind != "object" and depth < len(path) - 1:
            raise JsoncError(f"{'.'.join(path[: depth + 1])} is not an object")
        nodes.append(node)
    return nodes


def get(text: str, path: Sequence[str]) -> Any:
    """The decoded value at ``path`` (a sequence of object keys), or None when absent or the document is empty."""
    root = parse(text)
    node = root
    for key in path:
        if node is None or node.kind != "object":
            return None
        found = _member(node, key)
        node = found[1].node if found else None
    return None if node is None else node.value


def set_member(text: str, path: Sequence[str], key: str, value: Any) -> str:
    """``text`` with ``path...key`` set to ``value`` (JSON-serialisable), creating the objects on the way.

    Unchanged when the member already holds an equal value (so a second connect writes nothing). A member
    that exists is replaced in place; a new one goes after the container's last member. Raises
    ``JsoncError`` when the text does not parse or a member on ``path`` is not an object."""
    text, root = _root(text)
    node = root
    for depth, step in enumerate(path):
        found = _member(node, step)
        if found is None:
            nested: Any = {key: value}
            for outer in reversed(path[depth + 1 :]):
                nested = {outer: nested}
            return _insert(text, root, node, step, nested)
        node = found[1].node
        if node.kind != "object":
            raise JsoncError(f"{'.'.join(path[: depth + 1])} is not an object")
    found = _member(node, key)
    if found is None:
        return _insert(text, root, node, key, value)
    child = found[1]
    if child.node.value == value and type(child.node.value) is type(value):
        return text
    indent = _leading_indent(text, child.start)
    rendered = _render(value, indent, _unit(text, root), _multiline(text, node), _newline(text))
    return _splice(text, child.node.start, child.node.end, rendered)


def _prune(text: str, path: Sequence[str]) -> str:
    """Remove the members along ``path`` that are now empty objects/arrays, deepest first."""
    for depth in range(len(path), 0, -1):
        root = parse(text)
        assert root is not None
        nodes = _walk(root, path[:depth])
        if nodes is None or nodes[-1].children or nodes[-1].kind not in ("object", "array"):
            return text
        parent = nodes[-2]
        found = _member(parent, path[depth - 1])
        assert found is not None
        text = _delete(text, parent, found[0])
    return text


def remove_member(text: str, path: Sequence[str], key: str) -> str:
    """``text`` without ``path...key`` (unchanged when absent); containers on ``path`` left empty go too."""
    at = _container_at(text, path, "object")
    if at is None:
        return text
    found = _member(at[1], key)
    if found is None:
        return text
    return _prune(_delete(text, at[1], found[0]), path)


def append_element(text: str, path: Sequence[str], value: Any) -> str:
    """``text`` with ``value`` appended to the array at ``path`` (created, with its objects, when missing).

    Raises ``JsoncError`` when a member on the path is not an object or the last is not an array."""
    text, root = _root(text)
    nodes = _walk(root, path)
    if nodes is None:
        return set_member(text, path[:-1], path[-1], [value])
    array = nodes[-1]
    if array.kind != "array":
        raise JsoncError(f"{'.'.join(path)} is not an array")
    return _insert(text, root, array, None, value)


def remove_elements(text: str, path: Sequence[str], matches: Callable[[Any], bool]) -> str:
    """``text`` without the elements of the array at ``path`` for which ``matches(decoded element)`` holds;
    the array (and objects on the path) left empty by that go too. Unchanged when nothing matches.

    One parse: runs of matching elements are cut back to front, so the time stays linear in the text."""
    at = _container_at(text, path, "array")
    if at is None:
        return text
    array = at[1]
    hits = [i for i, child in enumerate(array.children) if matches(child.node.value)]
    if not hits:
        return text
    runs: list[tuple[int, int]] = []
    for index in hits:
        if runs and runs[-1][1] == index - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    for first, last in reversed(runs):
        text = _delete(text, array, first, last)
    return _prune(text, path) if len(hits) == len(array.children) else text


def replace_element(text: str, path: Sequence[str], matches: Callable[[Any], bool], make: Callable[[Any], Any]) -> str:
    """``text`` with each element of the array at ``path`` that ``matches`` replaced by ``make(element)``."""
    at = _container_at(text, path, "array")
    if at is None:
        return text
    root, array = at
    unit, newline, multiline = _unit(text, root), _newline(text), _multiline(text, array)
    for child in reversed(array.children):
        if matches(child.node.value):
            rendered = _render(make(child.node.value), _leading_indent(text, child.start), unit, multiline, newline)
            text = _splice(text, child.node.start, child.node.end, rendered)
    return text
