"""What the markdown importers share: reading a text file, its YAML front matter, and the markdown-it parser.

Front matter is the block between a first line ``---`` and the next ``---`` (or ``...``) line, as
python-frontmatter and basic-memory read it; it is parsed with PyYAML's safe loader.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from contextlamp.importers.base import ImportFormatError

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@cache
def markdown_parser(tables: bool = False) -> MarkdownIt:
    """A CommonMark parser (markdown-it-py, the parser basic-memory reads its notes with), with GitHub's
    tables when ``tables``; built once per process (a parser is reusable: ``parse`` keeps no state)."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark")
    return parser.enable("table") if tables else parser


def split_front_matter(text: str, file: Path) -> tuple[dict[str, Any], str, int]:
    """(front matter mapping, body, the body's first line number) of a note. A note without front matter
    (not starting with a ``---`` line) has ``{}`` and its whole text as body.

    Raises:
        ImportFormatError: the front matter is never closed, is not YAML, or is not a mapping.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return {}, text, 1
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        raise ImportFormatError(file, 1, "the front matter opened on this line is never closed by a '---' line")
    import yaml

    try:
        loaded: Any = yaml.safe_load("\n".join(lines[1:end]))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = 2 + (int(getattr(mark, "line", 0)) if mark is not None else 0)
        problem = getattr(error, "problem", None) or "not valid YAML"
        raise ImportFormatError(file, line, f"the front matter is not valid YAML ({problem})") from None
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        raise ImportFormatError(file, 2, "the front matter must be a YAML mapping (title: ..., tags: ...)")
    return cast(dict[str, Any], loaded), "\n".join(lines[end + 1 :]), end + 2


def read_text(file: Path) -> str:
    """The UTF-8 text of ``file`` (a byte-order mark dropped).

    Raises:
        ImportFormatError: the file cannot be read, or is not UTF-8 (naming the line of the first bad byte).
    """
    try:
        data = file.read_bytes()
    except OSError as error:
        raise ImportFormatError(file, 0, f"cannot be read ({error.strerror or type(error).__name__})") from None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ImportFormatError(file, line, "the file is not UTF-8 text") from None
