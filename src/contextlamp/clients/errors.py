"""The error of a client configuration file that does not parse or has the wrong shape (both editors)."""

from __future__ import annotations

from contextlamp.errors import ContextlampError


class FileFormatError(ContextlampError, ValueError):
    """The text is not in the file's format, or its shape is not the one an edit needs.

    ``line`` and ``column`` are 1-based (0 when the error is about a shape, not a position)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}" if self.line else self.message
