"""Argument checks shared by the service's operations: each raises ``InvalidArgumentError`` naming the field,
the problem and what is allowed, so bad input never reaches storage."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from contextlamp.errors import InvalidArgumentError
from contextlamp.models import MEMORY_TYPES, MemoryType
from contextlamp.text import has_surrogates


def check_int(field: str, value: Any, low: int, high: int) -> int:
    """An int (not a bool) in low..high inclusive."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(field, f"must be an integer from {low} to {high}, got {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(field, f"must be from {low} to {high}, got {value}")
    return value


def check_str(field: str, value: Any) -> str:
    """A str."""
    if not isinstance(value, str):
        raise InvalidArgumentError(field, f"must be a string, got {type(value).__name__}")
    return value


def check_text(field: str, value: Any, max_bytes: int) -> str:
    """A non-blank, valid-Unicode string of at most ``max_bytes`` UTF-8 bytes."""
    text = check_str(field, value)
    if has_surrogates(text):
        raise InvalidArgumentError(field, "is not valid Unicode (it holds a lone surrogate code point)")
    if not text.strip():
        raise InvalidArgumentError(field, "must not be blank")
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise InvalidArgumentError(field, f"is {size} bytes of UTF-8; the limit is {max_bytes} bytes")
    return text


def check_choice(field: str, value: Any, allowed: Sequence[str]) -> str:
    """One of ``allowed``, listed in the error."""
    if not isinstance(value, str) or value not in allowed:
        raise InvalidArgumentError(field, f"got {value!r}; allowed values: {', '.join(allowed)}")
    return value


def check_memory_types(field: str, value: Any) -> list[MemoryType] | None:
    """None (all types) or a non-empty, de-duplicated list of memory types."""
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InvalidArgumentError(field, f"must be a list drawn from {', '.join(MEMORY_TYPES)}")
    chosen: list[MemoryType] = []
    for item in cast(Sequence[Any], value):
        checked = cast(MemoryType, check_choice(field, item, MEMORY_TYPES))
        if checked not in chosen:
            chosen.append(checked)
    if not chosen:
        raise InvalidArgumentError(field, f"must not be empty; omit it for all of {', '.join(MEMORY_TYPES)}")
    return chosen
