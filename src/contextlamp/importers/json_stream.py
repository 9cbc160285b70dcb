"""A linear-time streaming reader of a JSON file whose top level is one list (a chat export's
``conversations.json``, hundreds of MB): a scanner finds where each element ends and only that element is
decoded, so memory holds one element at a time (``MAX_CONVERSATION_CHARS`` at most) and the time is linear in the
file's size. Apart from ``chat_exports.py`` (what the elements mean): a different responsibility, and reused by
any reader of such a list.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from contextlamp.importers.base import ImportFormatError

CHUNK_CHARS = 1 << 20  # characters read at a time while streaming
MAX_CONVERSATION_CHARS = 256 * 1024 * 1024  # one conversation longer than this is refused (memory holds one)
# inside an element: a whole string (skipped in one match), a lone quote (a string the chunk cuts), a bracket
_DECODER = json.JSONDecoder()
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|["\[\]{}]')


def iter_json_array(stream: TextIO, file: Path, chunk_chars: int = CHUNK_CHARS) -> Iterator[tuple[int, Any]]:
    """``(first line, parsed value)`` of each element of the JSON list that ``stream`` holds, one at a time.

    Each element must be an object. Memory holds one element's text and its parsed value. Time is linear in
    the stream's length: ``_TOKEN`` jumps to the next bracket or over a whole string in one match (the unrolled
    form ``"[^"\\]*(?:\\.[^"\\]*)*"`` has no overlapping repetition), each newline is counted once, and a
    string cut by the end of a chunk is carried into the next read, which doubles while the carry outgrows
    it (so a long string is rescanned at most a constant number of times over).

    Raises:
        ImportFormatError: not UTF-8, not a list, an element that is not an object or not valid JSON, or a
            stream that ends inside the list (a truncated download), naming ``file`` and the line.
    """
    lines = _Lines()
    started = finished = False
    depth = 0  # 1 inside the list, 2+ inside an element
    after_element = comma = False  # between elements: one was just closed / a comma was just read
    parts: list[str] = []
    element_line = 0
    carry = ""
    held = 0  # characters of the element being read held in ``parts``
    size_to_read = chunk_chars
    while True:
        try:
            chunk = stream.read(size_to_read)
        except UnicodeDecodeError:
            raise ImportFormatError(file, lines.at(len(lines.buffer)), "the file is not UTF-8 text") from None
        if not chunk:
            break
        buffer = carry + chunk
        carry = ""
        lines.feed(buffer)
        size = len(buffer)
        index = 0
        element_start = 0 if depth >= 2 else -1
        while index < size:
            if finished:
                if buffer[index:].strip():
                    raise ImportFormatError(
                        file, lines.at(_skip_blank(buffer, index)), "text after the end of the list"
                    )
                index = size
                break
            if depth <= 1:
                index = _skip_blank(buffer, index)
                if index >= size:
                    break
                char = buffer[index]
                if not started:
                    if char != "[":
                        raise ImportFormatError(file, lines.at(index), "expected a JSON list of conversations ('[')")
                    started, depth = True, 1
                elif char == "]" and not comma:
                    finished, depth = True, 0
                elif char == "," and after_element:
                    comma, after_element = True, False
                elif char == "{" and not after_element:
                    element_line, comma = lines.at(index), False
                    whole = _decode_whole(buffer, index)
                    if whole is not None:  # the common case: the element ends inside this chunk
                        if whole[1] - index > MAX_CONVERSATION_CHARS:
                            raise ImportFormatError(
                                file,
                                element_line,
                                f"a conversation longer than {MAX_CONVERSATION_CHARS} characters (not read)",
                            )
                        yield element_line, whole[0]
                        index, after_element = whole[1], True
                        continue
                    depth, element_start = 2, index
                else:
                    expected = "',' or ']'" if after_element else "a conversation object ('{')"
                    raise ImportFormatError(file, lines.at(index), f"expected {expected} in the list")
                index += 1
                continue
            match = _TOKEN.search(buffer, index)
            if match is None:
                index = size
                break
            token = match.group()
            if token == '"':  # a string the chunk cuts: read on, from its opening quote
                carry = buffer[match.start() :]
                index = match.start()
                break
            index = match.end()
            if token in "[{":
                depth += 1
            elif token in "]}":
                depth -= 1
                if depth == 1:
                    parts.append(buffer[element_start:index])
                    text, parts, held = "".join(parts), [], 0
                    yield element_line, _parse_element(text, file, element_line)
                    element_start, after_element = -1, True
        lines.at(index)
        if depth >= 2 and element_start >= 0:
            parts.append(buffer[element_start:index])
            held += index - element_start
        if depth >= 2 and held + len(carry) > MAX_CONVERSATION_CHARS:
            raise ImportFormatError(
                file, element_line, f"a conversation longer than {MAX_CONVERSATION_CHARS} characters (not read)"
            )
        size_to_read = chunk_chars if len(carry) < size_to_read else 2 * size_to_read
    if carry:
        lines.at(len(lines.buffer))
    if not started:
        raise ImportFormatError(file, lines.line, "the file is empty (expected a JSON list of conversations)")
    if not finished:
        where = f"inside the conversation that starts on line {element_line}" if depth >= 2 else "inside the list"
        raise ImportFormatError(file, lines.line, f"the file ends {where}: it is cut short (an incomplete download?)")


class _Lines:
    """The line number at a position of the chunk being scanned, each newline counted once (positions only
    grow within a chunk)."""

    def __init__(self) -> None:
        self.line = 1  # the line of ``buffer[counted]``
        self.counted = 0
        self.buffer = ""

    def feed(self, buffer: str) -> None:
        self.buffer, self.counted = buffer, 0

    def at(self, position: int) -> int:
        self.line += self.buffer.count("\n", self.counted, position)
        self.counted = max(self.counted, position)
        return self.line


def _skip_blank(buffer: str, index: int) -> int:
    size = len(buffer)
    while index < size and buffer[index] in " \t\r\n":
        index += 1
    return index


def _decode_whole(buffer: str, index: int) -> tuple[Any, int] | None:
    """``(value, end)`` of the JSON object starting at ``buffer[index]`` when it ends inside ``buffer``, else
    None (cut by the chunk's end, or not valid: the scanner then finds its end, and ``_parse_element`` its
    error). Parsed by the C decoder in one call: the scanner only walks the one element a chunk cuts."""
    try:
        return _DECODER.raw_decode(buffer, index)
    except (json.JSONDecodeError, RecursionError):
        return None


def _parse_element(text: str, file: Path, first_line: int) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:  # its message names a position, never the content
        raise ImportFormatError(file, first_line + error.lineno - 1, f"not valid JSON ({error.msg})") from None
    except RecursionError:
        raise ImportFormatError(file, first_line, "a conversation nested too deeply to read") from None
