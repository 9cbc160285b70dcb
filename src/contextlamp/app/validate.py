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

from contextlamp.app.state import Caller, normalise_surface
from contextlamp.config import Limits
from contextlamp.domain.models import MEMORY_TYPES, MemoryType
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.text import collapse_ws, has_surrogates, topic_key

CLIENT_NAME_SCAN_CHARS = 1024  # of a client's self-given name: 16 times the longest surface stored (64)


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


class Arguments:
    """The checks of the arguments the service's operations share, within ``limits``, and the refusal of
    arguments that hold a secret (``scanner``). Every length is checked before any scan or look-up."""

    def __init__(self, limits: Limits, scanner: SecretScanner) -> None:
        self.limits = limits
        self.scanner = scanner

    def ref(self, field: str, value: Any) -> str:
        """A project, team, scope, id or session_id argument, trimmed: a string of at most ``max_ref_chars``
        characters (checked before any look-up or scan).

        Raises:
            InvalidArgumentError: not a string, too long, or holding NUL.
        """
        return check_str(field, value, self.limits.max_ref_chars).strip()

    def surface(self, value: Any) -> str | None:
        """A ``source_surface`` argument in kebab form, within ``max_surface_chars`` as given and once
        normalised; None when it is absent or empty (the client's own surface applies).

        Raises:
            InvalidArgumentError: not a string, or too long.
        """
        if value is None or value == "":
            return None
        raw = check_str("source_surface", value, self.limits.max_surface_chars)
        return check_within("source_surface", normalise_surface(raw), self.limits.max_surface_chars)

    def client_surface(self, caller: Caller) -> str:
        """The caller's surface cut to ``max_surface_chars``: a client names itself in the MCP handshake, at
        any length and with any text, and the name is stored (``source_surface``, ``last_used_surface``).

        A client name (``caller.client_name``) holding a secret is recorded as ``unknown``: the raw name is
        scanned, since the stored kebab form (lower case, ``_`` as ``-``) hides a secret from the scanner but
        not from a reader (an AWS key id is its own upper-casing). Only the first ``CLIENT_NAME_SCAN_CHARS``
        of a name are scanned, and the surface is made from those alone, so what is stored was always scanned
        and a call costs time linear in that bound, not in the name's length."""
        limit = self.limits.max_surface_chars
        surface = caller.surface
        if caller.client_name is not None:
            head = caller.client_name[:CLIENT_NAME_SCAN_CHARS]
            if self.scanner.kinds(head):
                return "unknown"
            surface = normalise_surface(head) if len(head) < len(caller.client_name) else surface
        return surface if len(surface) <= limit else surface[:limit].rstrip("-") or "unknown"

    def content(self, content: Any) -> str:
        """The content, trimmed: non-blank, valid Unicode, no NUL, within ``max_content_bytes`` (not scanned).

        Raises:
            InvalidArgumentError: any of those broken.
        """
        return check_text("content", content, self.limits.max_content_bytes).strip()

    def topic(self, topic: Any) -> str | None:
        """The topic in kebab form (``text.topic_key``; None when absent or blank), within ``max_topic_chars``
        as given and once normalised (not scanned).

        Raises:
            InvalidArgumentError: not a string, too long, invalid Unicode, or without a letter or digit.
        """
        if topic is None:
            return None
        raw = check_str("topic", topic, self.limits.max_topic_chars)
        if has_surrogates(raw):
            raise InvalidArgumentError("topic", "is not valid Unicode (it holds a lone surrogate code point)")
        normal = topic_key(raw)
        if not normal:
            if raw.strip():
                raise InvalidArgumentError("topic", "must contain at least one letter or digit")
            return None
        return check_within("topic", normal, self.limits.max_topic_chars)

    def tags(self, tags: Any) -> tuple[tuple[str, ...], list[str]]:
        """The tags lower-cased, trimmed and de-duplicated, and the same tags before lower-casing (for the
        secret scan: key formats are case-sensitive). The count and every length are checked first (not
        scanned here).

        Raises:
            InvalidArgumentError: not a list of strings, too many, or a tag too long, blank or invalid Unicode.
        """
        if tags is None:
            return (), []
        if isinstance(tags, str) or not isinstance(tags, list | tuple):
            raise InvalidArgumentError("tags", "must be a list of strings")
        given = cast(Sequence[Any], tags)
        limit = self.limits.max_tag_chars
        if len(given) > self.limits.max_tags:
            raise InvalidArgumentError("tags", f"{len(given)} tags given; the limit is {self.limits.max_tags}")
        raws = [check_str("tags", tag, limit, "a tag") for tag in given]
        out: list[str] = []
        trimmed: list[str] = []
        for raw in raws:
            if has_surrogates(raw):
                raise InvalidArgumentError("tags", "a tag is not valid Unicode (lone surrogate code point)")
            collapsed = collapse_ws(raw)
            value = check_within("tags", collapsed.lower(), limit, "a tag")
            if not value:
                raise InvalidArgumentError("tags", "a tag must not be blank")
            trimmed.append(collapsed)
            if value not in out:
                out.append(value)
        return tuple(out), trimmed

    def refuse_secrets(self, **fields: str | Sequence[str] | None) -> None:
        """Raise SecretDetectedError for the first argument (a string, or each string of a list) that holds a
        secret. Call it only once every length check has passed: a scan is linear, but not free.

        Raises:
            SecretDetectedError: naming the field and the kinds of secret found.
        """
        for name, value in fields.items():
            for text in [value] if value is None or isinstance(value, str) else value:
                if isinstance(text, str) and (kinds := self.scanner.kinds(text)):
                    raise SecretDetectedError(name, kinds)
