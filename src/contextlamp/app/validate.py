"""Argument checks shared by the service's operations: each raises ``InvalidArgumentError`` naming the field,
the problem and what is allowed, so bad input never reaches storage.

Two rules hold for every string (spec/TOOLS.md "Limits", issue 12):

- its length is checked first, before any other work on it (normalising, secret scans, look-ups), so an
  over-long value is refused in time linear in its length;
- no message repeats what the caller passed: a value may be a credential pasted into the wrong argument, and
  errors reach the MCP client, the INFO log and the terminal. Messages name the field, the problem, the limit
  and the allowed values; they describe a bad value by its type or length only.

NUL (U+0000) is refused in every string: PostgreSQL cannot store it in ``text``, and export -> import must
give back everything a save accepted (one rule on both paths, both backends).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from contextlamp.domain.models import MEMORY_TYPES, MemoryType
from contextlamp.errors import InvalidArgumentError
from contextlamp.text import has_surrogates


def check_int(field: str, value: Any, low: int, high: int) -> int:
    """An int (not a bool) in low..high inclusive."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(field, f"must be an integer from {low} to {high}, got {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(field, f"must be from {low} to {high}, got {value}")
    return value


def check_bool(field: str, value: Any) -> bool:
    """A bool (the error names the type given, never the value)."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(field, f"must be true or false, got {type(value).__name__}")
    return value


def check_str(field: str, value: Any, max_chars: int, item: str | None = None) -> str:
    """A str of at most ``max_chars`` characters holding no NUL; the length is checked before anything else.

    ``item`` names one element of a list argument in the message (``"a tag"``: "a tag is 20000 characters;
    the limit is 64").
    """
    subject = f"{item} " if item else ""
    if not isinstance(value, str):
        raise InvalidArgumentError(field, f"{subject}must be a string, got {type(value).__name__}")
    if len(value) > max_chars:
        raise InvalidArgumentError(field, f"{subject}is {len(value)} characters; the limit is {max_chars}")
    check_no_nul(field, value, item)
    return value


def check_no_nul(field: str, value: str, item: str | None = None) -> None:
    """Refuse a string holding NUL (U+0000), which PostgreSQL cannot store and import refuses."""
    if "\x00" in value:
        raise InvalidArgumentError(field, f"{f'{item} ' if item else ''}must not contain NUL characters (U+0000)")


def check_within(field: str, normal: str, max_chars: int, item: str | None = None) -> str:
    """A normalised value (kebab, lower-cased) still within ``max_chars``: normalisation can lengthen text
    (NFKC expands some ligatures to 18 characters), and what is stored must fit the limit that import checks."""
    if len(normal) > max_chars:
        subject = f"{item} is" if item else "is"
        raise InvalidArgumentError(
            field, f"{subject} {len(normal)} characters once normalised; the limit is {max_chars}"
        )
    return normal


def check_text(field: str, value: Any, max_bytes: int) -> str:
    """A non-blank, valid-Unicode string of at most ``max_bytes`` UTF-8 bytes and no NUL (size checked first)."""
    if not isinstance(value, str):
        raise InvalidArgumentError(field, f"must be a string, got {type(value).__name__}")
    if len(value) > max_bytes:  # every character is at least one byte: refused without encoding it
        raise InvalidArgumentError(field, f"is {len(value)} characters, over the limit of {max_bytes} bytes of UTF-8")
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise InvalidArgumentError(field, f"is {size} bytes of UTF-8; the limit is {max_bytes} bytes")
    check_no_nul(field, value)
    if has_surrogates(value):
        raise InvalidArgumentError(field, "is not valid Unicode (it holds a lone surrogate code point)")
    if not value.strip():
        raise InvalidArgumentError(field, "must not be blank")
    return value


def check_choice(field: str, value: Any, allowed: Sequence[str]) -> str:
    """One of ``allowed``, listed in the error (which never repeats the value given)."""
    if not isinstance(value, str) or value not in allowed:
        given = "another string" if isinstance(value, str) else type(value).__name__
        raise InvalidArgumentError(field, f"got {given}; allowed values: {', '.join(allowed)}")
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
