"""The tool schema machinery: ``Arg`` (one argument's published JSON Schema and the check of a sent value
against it) and ``ToolSpec`` (one tool: the service operation it calls, its arguments, result model, description
and hints). The six specs themselves are ``mcp.specs``; registering them on the SDK is ``mcp.calls``.
"""

from __future__ import annotations

import contextlib
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, cast

from mcp_types import ToolAnnotations
from pydantic import BaseModel

from contextlamp.app.state import TOOL_DEFAULTS
from contextlamp.errors import InvalidArgumentError

JsonType = Literal["string", "integer", "boolean", "array"]
MAX_MS = 2**63 - 1  # timestamps are signed 64-bit integers on both backends (SQLite INTEGER, PostgreSQL bigint)


@dataclass(frozen=True)
class Arg:
    """One tool argument: its published JSON Schema and the check of a sent value against it.

    The schema is plain (spec/TOOLS.md "Common rules"): one ``type``, no ``null``, no ``anyOf``/``$ref``; an
    optional argument is simply not required. The check enforces that schema and meets flattening clients
    halfway: an integral float (``5.0``) for an integer, a string holding a JSON array for an array of strings.
    Values and ranges beyond the schema are the service's to check.

    Attributes:
        enum: a string's allowed values, or an array's allowed items.
        minimum, maximum: an integer's inclusive range.
        max_length: a string's (an array's items') most characters; UTF-8 byte limits are published as this bound,
            which no valid value exceeds (a character is at least one byte).
        max_items: an array's most items.
        default: the value the service uses when the argument is left out (None: none is published).
    """

    name: str
    type: JsonType
    description: str
    required: bool = False
    enum: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    max_items: int | None = None
    default: Any = None

    def schema(self) -> dict[str, Any]:
        """This argument's JSON Schema (a property of the tool's ``inputSchema``)."""
        out: dict[str, Any] = {"type": self.type, "description": self.description}
        text: dict[str, Any] = out
        if self.type == "array":
            text = {"type": "string"}
            out["items"] = text
            if self.max_items is not None:
                out["maxItems"] = self.max_items
        if self.enum:
            text["enum"] = list(self.enum)
        if self.max_length is not None:
            text["maxLength"] = self.max_length
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.default is not None:
            out["default"] = self.default
        return out

    def expects(self) -> str:
        """What a valid value is, in words (``"an integer from 1 to 50"``)."""
        if self.type == "boolean":
            return "true or false"
        if self.type == "integer":
            if self.minimum is not None and self.maximum is not None and self.maximum < MAX_MS:
                return f"an integer from {self.minimum} to {self.maximum}"
            return f"an integer >= {self.minimum}" if self.minimum is not None else "an integer"
        if self.type == "array":
            return f"a list drawn from {', '.join(self.enum)}" if self.enum else "a list of strings"
        return f"one of {', '.join(self.enum)}" if self.enum else "a string"

    def check(self, value: Any, shown: Callable[[str], str]) -> Any:
        """``value`` as the service takes it (``5.0`` -> ``5``, ``'["a"]'`` -> ``["a"]``).

        Args:
            shown: how a bad string may appear in the message (never a long value or a secret).

        Raises:
            InvalidArgumentError: the value is not of the published type, range or enum.
        """
        if self.type == "string":
            if not isinstance(value, str):
                raise InvalidArgumentError(self.name, f"must be {self.expects()}, got {_json_kind(value)}")
            if self.enum and value not in self.enum:
                raise InvalidArgumentError(self.name, f"got {shown(value)}; allowed values: {', '.join(self.enum)}")
            return value
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise InvalidArgumentError(self.name, f"must be true or false, got {_json_kind(value)}")
            return value
        if self.type == "integer":
            return self._integer(value)
        return self._strings(value, shown)

    def _integer(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer():  # a flattening client's 5.0; NaN and inf are not integral
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            kind = "a number with a fraction" if isinstance(value, float) else _json_kind(value)
            raise InvalidArgumentError(self.name, f"must be {self.expects()}, got {kind}")
        low = self.minimum if self.minimum is not None else -MAX_MS - 1
        high = self.maximum if self.maximum is not None else MAX_MS
        if not low <= value <= high:
            got = str(value) if len(str(value)) <= 20 else f"a {len(str(value))}-digit number"
            raise InvalidArgumentError(self.name, f"must be from {low} to {high}, got {got}")
        return value

    def _strings(self, value: Any, shown: Callable[[str], str]) -> list[str]:
        if isinstance(value, str):  # a flattening client's JSON-encoded array; any other string stays an error
            with contextlib.suppress(ValueError, RecursionError):
                value = json.loads(value) if value.lstrip().startswith("[") else value
            if not isinstance(value, list):
                raise InvalidArgumentError(self.name, f"must be {self.expects()} (a JSON array), got string")
        if not isinstance(value, list):
            raise InvalidArgumentError(self.name, f"must be {self.expects()}, got {_json_kind(value)}")
        items = cast(list[Any], value)
        for number, item in enumerate(items, 1):
            if not isinstance(item, str):
                raise InvalidArgumentError(self.name, f"must be {self.expects()}; item {number} is {_json_kind(item)}")
            if self.enum and item not in self.enum:
                raise InvalidArgumentError(
                    self.name, f"item {number}: got {shown(item)}; allowed values: {', '.join(self.enum)}"
                )
        return cast(list[str], items)


def _json_kind(value: Any) -> str:
    """The JSON type of a decoded value, as a client would name it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


@dataclass(frozen=True)
class ToolSpec:
    """One MCP tool: the service operation it calls (``op(caller, **arguments)``; the tool's argument names are
    the operation's parameter names), its arguments, result model, description (the agent's prompt) and hints."""

    op: Callable[..., BaseModel]
    args: tuple[Arg, ...]
    result: type[BaseModel]
    description: str
    hints: ToolAnnotations

    @property
    def name(self) -> str:
        """The tool's name: the service operation's (spec/TOOLS.md)."""
        return self.op.__name__

    def input_schema(self) -> dict[str, Any]:
        """The tool's ``inputSchema``: an object of plain properties, unknown names refused."""
        schema: dict[str, Any] = {"type": "object", "properties": {a.name: a.schema() for a in self.args}}
        required = [a.name for a in self.args if a.required]
        if required:
            schema["required"] = required
        schema["additionalProperties"] = False
        return schema

    def arguments(self, sent: dict[str, Any], shown: Callable[[str], str]) -> dict[str, Any]:
        """The sent arguments checked against the schema, as keyword arguments of ``op``. A null counts as
        left out (clients that send every property); a left-out argument takes the service's default.

        Raises:
            InvalidArgumentError: an unknown name, a missing required argument, or a value of the wrong type.
        """
        allowed = [a.name for a in self.args]
        unknown = [str(key) for key in sent if key not in allowed]
        if unknown:
            first = shown(unknown[0])
            field = unknown[0] if first.startswith("'") else "arguments"
            which = "argument" if len(unknown) == 1 else f"arguments {', '.join(shown(key) for key in unknown)}"
            raise InvalidArgumentError(field, f"unknown {which}; allowed arguments: {', '.join(allowed)}")
        out: dict[str, Any] = {}
        for arg in self.args:
            value = sent.get(arg.name)
            if value is None:
                if arg.required:
                    raise InvalidArgumentError(arg.name, f"is required ({arg.expects()})")
                continue
            out[arg.name] = arg.check(value, shown)
        return out


def option(
    op: Callable[..., Any],
    name: str,
    type: JsonType,
    description: str,
    bounds: tuple[int, int] | None = None,
    **more: Any,
) -> Arg:
    """An optional argument of ``op`` (a ``MemoryService`` tool operation), its published default the tool's one
    home of defaults (``app.state.TOOL_DEFAULTS``, spec/TOOLS.md), which the service's signatures name too; None
    when the contract gives it none.

    Args:
        bounds: an integer's inclusive ``(minimum, maximum)``, the service's range constant (``LIST_LIMIT_RANGE``).
        more: further ``Arg`` fields (``enum``, ``max_length`` ...).

    Raises:
        KeyError: ``op`` has no parameter ``name`` (a spec that names an argument the service does not take).
    """
    low, high = bounds if bounds is not None else (None, None)
    inspect.signature(op).parameters[name]  # the KeyError above
    published = TOOL_DEFAULTS.get(op.__name__, {}).get(name)
    return Arg(name, type, description, minimum=low, maximum=high, default=published, **more)


def hints(title: str, read_only: bool = False, destructive: bool = False, idempotent: bool = False) -> ToolAnnotations:
    """MCP tool annotations; every tool works on the local store only (closed world)."""
    if read_only:
        return ToolAnnotations(title=title, read_only_hint=True, open_world_hint=False)
    return ToolAnnotations(
        title=title,
        read_only_hint=False,
        destructive_hint=destructive,
        idempotent_hint=idempotent,
        open_world_hint=False,
    )
