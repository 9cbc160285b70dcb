"""What every reader of another tool's memory produces (``ImportItem``, ``ImportConversation``), the one error a
reader raises (``ImportFormatError``), and the small parsing helpers the readers share.

A reader is a function ``read(path: Path) -> Iterator[ImportItem | ImportConversation]``: it parses the file
(or folder, or archive) at ``path`` and yields one record per memory or conversation it holds, in file order.
It never writes anything and never decides what is stored: the runner (``app/importing.py``) validates every
record first, then writes them through ``save_context`` / ``save_session``. A reader's error messages name the
file, the line (1-based; 0 when the problem is the file as a whole) and what is wrong, never the text of the
file: a memory file may hold a secret.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from contextlamp.distill.turns import Turn
from contextlamp.domain.models import Kind, MemoryType
from contextlamp.errors import ContextlampError

MAX_LINE_CHARS = 4 * 1024 * 1024  # a JSONL line longer than this is refused (a memory is at most 32 KB)
# times before 2001-09-09 in ms are read as seconds: 1e12 ms is 2001, 1e12 s is the year 33658
MS_THRESHOLD = 10**12


MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024  # a markdown memory file (CLAUDE.md, a note) larger than this is refused
# archives (issue 29 point 5): what is read of one is checked before reading, from its directory's sizes
MAX_ARCHIVE_BYTES = 4 * 1024**3  # uncompressed bytes read from one archive (a big ChatGPT export is ~1 GB)
MAX_COMPRESSION_RATIO = 100  # JSON compresses 5-20 to 1; a deflate bomb ~1000 to 1 (OWASP's bound is 100)
RATIO_FREE_BYTES = 1024 * 1024  # a member smaller than this may be compressed any amount (it costs nothing)
GZIP_CHUNK = 1024 * 1024


class ImportFormatError(ContextlampError):
    """A file does not have the shape its format promised (bad JSON, a missing field, a truncated file).

    Attributes:
        file: the file's path as the user gave it (or a member of an archive: ``export.zip!memories.json``).
        line: 1-based line of the problem; 0 when it concerns the file as a whole (unreadable, empty, not a
            database).
        message: what is wrong, naming the field and what was expected; never text from the file.
    """

    def __init__(self, file: str | Path, line: int, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.message = message
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")


class RefusedFileError(ImportFormatError):
    """A file a reader will not open: a link leading out of the folder it was given, or not a regular file (a
    pipe, a device, a folder). A reader walking a folder reports it as skipped and goes on; a file named on its
    own is refused with it (issue 29: ``CLAUDE.md -> /proc/self/environ`` must never become a memory)."""


@dataclass(frozen=True)
class ImportItem:
    """One memory read from another tool, before it is saved.

    Attributes:
        source_key: a stable id of the memory within its source (the source's own id, else a key built from
            what identifies it there, e.g. entity name + observation); the runner records it so a second
            import skips it (idempotence) and never brings back a memory forgotten since.
        content: the text to store (subject named in it when the source keeps the subject apart).
        memory_type: ``fact`` | ``event`` | ``instruction`` | ``task`` (spec/TOOLS.md save_context).
        kind: ``fact`` | ``decision`` | ``preference`` | ``note``; None: the runner types it, ``preference`` when
            the offline distiller's preference cue matches the content, else ``note`` (for a reader whose source
            does not say, e.g. a rule in an agent's memory file; the cues are domain rules a reader may not run).
        topic: a stable topic key, or None. A topic is a slot with ONE current value (topic supersession), so
            a reader sets it only when the source means exactly that.
        tags: free tags (normalised by the runner: lower case, white space collapsed, cut to the limits).
        created_at: when the source created the memory, ms since the Unix epoch (as ``Entry.created_at``);
            None when the source does not say (the import's time is used).
        project: the project (slug) the memory belongs to in the source, or None (personal; ``--project``
            overrides both).
        location: where it was read, ``"file:line"`` (or ``"file"``), for reports; never the content.
        parts: the source's own texts ``content`` was built from when it adds to them (an observation without the
            entity put before it): each is scanned for secrets as written too, so what the importer adds never
            changes a verdict (a ``pgpass`` line or a table is read from its own first character).
    """

    source_key: str
    content: str
    memory_type: MemoryType = "fact"
    kind: Kind | None = "note"
    topic: str | None = None
    tags: tuple[str, ...] = ()
    created_at: int | None = None
    project: str | None = None
    location: str = ""
    parts: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImportConversation:
    """One conversation read from a chat export, distilled on import through ``save_session``.

    Attributes:
        source_key: the conversation's stable id in its source (its uuid).
        title: its title in the source ("" when it has none); reported, never stored as a memory.
        turns: its turns in order (``distill.turns.Turn``: role and text).
        created_at: when it took place, ms since the Unix epoch; None when unknown.
        location: where it was read (``"conversations.json:12"``).
        project: as ``ImportItem.project``.
    """

    source_key: str
    title: str
    turns: tuple[Turn, ...] = field(default=())
    created_at: int | None = None
    location: str = ""
    project: str | None = None


@dataclass(frozen=True)
class ImportSkip:
    """Something a reader read and left out on purpose, with why: reported as a skipped record, never written
    (a code block that belongs to no rule, an ``@import`` leading outside the repository).

    Attributes:
        location: where it was read (``"CLAUDE.md:24"``).
        reason: why it is left out; never text from the file.
        source_key, created_at, project: as ``ImportItem``'s (unused: nothing is written).
    """

    location: str
    reason: str
    source_key: str = ""
    created_at: int | None = None
    project: str | None = None


Record = ImportItem | ImportConversation | ImportSkip


def location(path: str | Path, line: int | str = 0) -> str:
    """``"path:line"`` for a report (``"path"`` when ``line`` is 0)."""
    return f"{path}:{line}" if line else str(path)


def epoch_ms(value: Any, file: str | Path, line: int, name: str) -> int | None:
    """A time from a memory file as ms since the Unix epoch, or None when absent (None or "").

    Accepts a number (seconds, or ms when >= ``MS_THRESHOLD``; fractions allowed) or an ISO 8601 string
    (``2024-05-01T12:00:00Z``, ``2024-05-01 12:00:00.123456+02:00``; a time without a zone is UTC).

    Raises:
        ImportFormatError: any other value (names ``name``, the field).
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ImportFormatError(file, line, f"'{name}' must be a time (a number or an ISO 8601 string)")
    if isinstance(value, int | float):
        number = float(value)
        if not math.isfinite(number) or number < 0 or number >= 2**62:
            raise ImportFormatError(file, line, f"'{name}' is not a time in the range of Unix times")
        return int(number) if number >= MS_THRESHOLD else round(number * 1000)
    if isinstance(value, str) and len(value) <= 64:
        text = value.strip().replace("Z", "+00:00").replace("z", "+00:00")
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            pass
        else:
            if parsed.tzinfo is None:
                parsed = parsed.replace(tzinfo=UTC)
            return max(0, round(parsed.timestamp() * 1000))
    raise ImportFormatError(file, line, f"'{name}' must be a time (a number or an ISO 8601 string)")


def json_lines(path: Path) -> Iterator[tuple[int, Any]]:
    """``(line number, value)`` for each non-blank line of a JSON Lines file (UTF-8, a BOM allowed).

    Raises:
        ImportFormatError: the file cannot be read, a line is not JSON (a truncated last line included), or
            is longer than ``MAX_LINE_CHARS``.
    """
    try:
        handle = path.open("r", encoding="utf-8-sig", newline=None)
    except OSError as exc:
        raise ImportFormatError(path, 0, f"cannot be read ({exc.strerror or type(exc).__name__})") from exc
    with handle:
        yield from json_line_values(path, handle)


def json_line_values(path: Path, lines: Iterable[str]) -> Iterator[tuple[int, Any]]:
    """``(line number, value)`` for each non-blank line of ``lines`` (the lines of ``path``, a file handle or
    decoded text), one ``json.loads`` each: time linear in the text.

    Raises:
        ImportFormatError: a line is not JSON (a truncated last line included), is longer than
            ``MAX_LINE_CHARS``, or (reading a file handle) is not UTF-8.
    """
    number = 0
    try:
        for number, raw in enumerate(lines, start=1):
            if len(raw) > MAX_LINE_CHARS:
                raise ImportFormatError(path, number, f"line is longer than {MAX_LINE_CHARS} characters")
            text = raw.strip()
            if not text:
                continue
            try:
                yield number, json.loads(text)
            except json.JSONDecodeError as exc:
                raise ImportFormatError(
                    path, number, f"is not valid JSON ({exc.msg}, column {exc.colno}; truncated?)"
                ) from exc
            except RecursionError as exc:
                raise ImportFormatError(path, number, "is not valid JSON (nested too deeply)") from exc
    except UnicodeDecodeError as exc:
        raise ImportFormatError(path, number + 1, "is not UTF-8 text") from exc


def json_document(path: Path, data: bytes | None = None) -> Any:
    """The one JSON value of a whole file (or of ``data``, a member read from an archive named ``path``).

    Raises:
        ImportFormatError: unreadable, not UTF-8, or not JSON; the line of the JSON error is named.
    """
    if data is None:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ImportFormatError(path, 0, f"cannot be read ({exc.strerror or type(exc).__name__})") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ImportFormatError(path, line, "is not UTF-8 text") from exc
    if not text.strip():
        raise ImportFormatError(path, 0, "is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(
            path, exc.lineno, f"is not valid JSON ({exc.msg}, column {exc.colno}; truncated?)"
        ) from exc
    except RecursionError as exc:
        raise ImportFormatError(path, 0, "is not valid JSON (nested too deeply)") from exc


def text_field(value: Any, file: str | Path, line: int, name: str, required: bool = True) -> str:
    """A string field of a record ("" when absent and not ``required``).

    Raises:
        ImportFormatError: missing (when required) or not a string; names the field.
    """
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        problem = "is missing" if value is None else f"must be a string, got {json_type(value)}"
        raise ImportFormatError(file, line, f"'{name}' {problem}")
    return value


def string_list(value: Any, file: str | Path, line: int, name: str) -> list[str]:
    """A list of strings (an absent value: empty).

    Raises:
        ImportFormatError: not a list of strings; names the field.
    """
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):  # pyright: ignore[reportUnknownVariableType]
        raise ImportFormatError(file, line, f"'{name}' must be a list of strings")
    return list(value)  # pyright: ignore[reportUnknownArgumentType]


def json_type(value: Any) -> str:
    """The JSON name of ``value``'s type (``"an object"``, ``"a list"``...), for messages about a field that
    must not quote its value."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return "a string"
    return "null"


def element_lines(path: Path, key: str | None, count: int, text: str | None = None) -> list[int]:
    """The line each element of a JSON list starts on, for reports: the list under the first ``"key"`` of the
    document (the top-level list when ``key`` is None), first ``count`` elements; best effort (empty when the
    file cannot be read again or the layout is unusual). One pass over the text, linear in its size."""
    if text is None:
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return []
    start = 0 if key is None else text.find(f'"{key}"')
    if start < 0:
        return []
    lines: list[int] = []
    line = text.count("\n", 0, start) + 1
    depth = 0
    in_string = escaped = False
    for ch in text[start:]:
        if ch == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth == 2 and ch == "{":
                lines.append(line)
                if len(lines) == count:
                    break
        elif ch in "]}":
            depth -= 1
            if depth <= 0:
                break
    return lines


def input_root(path: Path) -> Path:
    """The folder an import of ``path`` may read in (symbolic links resolved): ``path`` itself when it is a
    folder, else the folder holding it (so a file named on its own that is a link leading elsewhere is
    refused: name the file itself)."""
    absolute = path.absolute()
    return absolute.resolve() if absolute.is_dir() else absolute.parent.resolve()


def regular_file(file: Path, root: Path) -> Path:
    """The real path of ``file`` when it is a regular file inside ``root`` (a resolved folder), links followed
    only while they stay inside it.

    Raises:
        RefusedFileError: ``file`` leads outside ``root`` (a link to ``/proc/self/environ``, to ``~/private``)
            or is not a regular file; names ``file`` as given, never where it leads.
        ImportFormatError: it does not exist or cannot be examined.
    """
    try:
        real = file.absolute().resolve(strict=True)
    except (OSError, RuntimeError) as exc:  # missing, a broken link, a loop of links
        problem = exc.strerror if isinstance(exc, OSError) and exc.strerror else "a broken or looping link"
        raise ImportFormatError(file, 0, f"cannot be read ({problem})") from None
    try:
        real.relative_to(root)
    except ValueError:
        raise RefusedFileError(
            file, 0, "is a link leading outside the folder being imported (not followed; name the file itself)"
        ) from None
    try:
        mode = real.stat().st_mode
    except OSError as exc:
        raise ImportFormatError(file, 0, f"cannot be read ({exc.strerror or type(exc).__name__})") from None
    if not stat.S_ISREG(mode):
        raise RefusedFileError(file, 0, "is not a regular file (a folder, pipe or device is never read)")
    return real


def read_regular(file: Path, root: Path, max_bytes: int = MAX_TEXT_FILE_BYTES) -> bytes:
    """The bytes of ``file``, a regular file inside ``root`` (``regular_file``), opened without following a
    link at its last step and checked again once open, at most ``max_bytes``.

    Raises:
        RefusedFileError: as ``regular_file``.
        ImportFormatError: unreadable, or larger than ``max_bytes`` (names the limit).
    """
    real = regular_file(file, root)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(real, flags)
    except OSError as exc:
        raise ImportFormatError(file, 0, f"cannot be read ({exc.strerror or type(exc).__name__})") from None
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped since it was examined
            raise RefusedFileError(file, 0, "is not a regular file (a folder, pipe or device is never read)")
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ImportFormatError(file, 0, f"is larger than {max_bytes} bytes (not a memory file)")
    return data


def check_archive_members(archive: str | Path, members: list[Any]) -> None:
    """Refuse, before reading anything, the members (``zipfile.ZipInfo``) about to be read from ``archive``
    when together they hold more than ``MAX_ARCHIVE_BYTES`` uncompressed, or one of them is compressed more
    than ``MAX_COMPRESSION_RATIO`` to 1 (an archive bomb). The sizes are the archive's own; zipfile stops a
    member at its stated size (a member that lies fails its CRC check), so they bound what is read.

    Raises:
        ImportFormatError: over a bound (names the member and the bound).
    """
    total = 0
    for info in members:
        where = f"{archive}!{info.filename}"
        size, packed = int(info.file_size), int(info.compress_size)
        total += size
        if size > RATIO_FREE_BYTES and size > MAX_COMPRESSION_RATIO * max(1, packed):
            raise ImportFormatError(
                where,
                0,
                f"is compressed more than {MAX_COMPRESSION_RATIO} to 1 ({size} bytes from {packed}): "
                "an archive bomb, not read",
            )
        if total > MAX_ARCHIVE_BYTES:
            raise ImportFormatError(where, 0, f"the archive holds more than {MAX_ARCHIVE_BYTES} bytes uncompressed")


def gunzip_bounded(where: str | Path, data: bytes, max_bytes: int) -> bytes:
    """``data`` (gzip) decompressed a chunk at a time, stopped as soon as the output passes ``max_bytes`` or
    ``MAX_COMPRESSION_RATIO`` times the input (beyond ``RATIO_FREE_BYTES``): memory never holds more than that.

    Raises:
        ImportFormatError: not a complete gzip stream, or over a bound.
    """
    import zlib

    limit = min(max_bytes, max(RATIO_FREE_BYTES, MAX_COMPRESSION_RATIO * len(data)))
    decompressor = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip header and trailer
    out: list[bytes] = []
    size = 0
    pending = data
    try:
        while pending:
            piece = decompressor.decompress(pending, GZIP_CHUNK)
            pending = decompressor.unconsumed_tail
            size += len(piece)
            if size > limit:
                if limit == max_bytes:
                    raise ImportFormatError(where, 0, f"holds more than {max_bytes} bytes uncompressed")
                raise ImportFormatError(
                    where, 0, f"is compressed more than {MAX_COMPRESSION_RATIO} to 1: an archive bomb, not read"
                )
            out.append(piece)
            if decompressor.eof:
                break
    except zlib.error as exc:
        raise ImportFormatError(where, 0, f"is not a complete gzip file ({exc}; truncated?)") from None
    if not decompressor.eof:
        raise ImportFormatError(where, 0, "is not a complete gzip file (truncated?)")
    return b"".join(out)


def existing(path: Path) -> Path:
    """``path`` when it exists (a file or a folder).

    Raises:
        ImportFormatError: it does not exist (line 0: the path as a whole).
    """
    if not path.exists():
        raise ImportFormatError(path, 0, "does not exist (give a file or a folder)")
    return path
