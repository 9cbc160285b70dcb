"""What the markdown importers share: reading a text file, its YAML front matter, and the markdown-it parser.

Front matter is the block between a first line ``---`` and the next ``---`` (or ``...``) line, as
python-frontmatter and basic-memory read it; it is parsed with PyYAML's safe loader.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from contextlamp.errors import ContextlampError
from contextlamp.importers.base import ImportFormatError, read_regular

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@cache
def markdown_parser(tables: bool = False) -> MarkdownIt:
    """A CommonMark parser (markdown-it-py, the parser basic-memory reads its notes with), with GitHub's
    tables when ``tables``; built once per process (a parser is reusable: ``parse`` keeps no state)."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark")
    return parser.enable("table") if tables else parser


def front_matter_block(text: str, file: Path) -> tuple[list[str], str, int] | None:
    """``(the front matter's lines, body, the body's first line number)`` of a note, or None when it has none
    (its first line is not ``---``).

    Raises:
        ImportFormatError: the front matter is never closed.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        raise ImportFormatError(file, 1, "the front matter opened on this line is never closed by a '---' line")
    return lines[1:end], "\n".join(lines[end + 1 :]), end + 2


def split_front_matter(text: str, file: Path) -> tuple[dict[str, Any], str, int]:
    """(front matter mapping, body, the body's first line number) of a note. A note without front matter
    (not starting with a ``---`` line) has ``{}`` and its whole text as body. The YAML is read by
    ``load_yaml`` (bounded: no alias bomb, no deep nesting).

    Raises:
        ImportFormatError: the front matter is never closed, is not YAML, is too large, or is not a mapping.
    """
    block = front_matter_block(text, file)
    if block is None:
        return {}, text, 1
    lines, body, body_line = block
    loaded = load_yaml("\n".join(lines), file, 2)
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        raise ImportFormatError(file, 2, "the front matter must be a YAML mapping (title: ..., tags: ...)")
    return cast(dict[str, Any], loaded), body, body_line


def load_yaml(text: str, file: Path, first_line: int = 1) -> Any:
    """The value of one YAML document with PyYAML's safe loader, within bounds (issue 29 point 3: a 478-byte
    front matter of nested aliases grew to 1.4 GB once turned to text): at most ``MAX_YAML_BYTES`` of text,
    ``MAX_YAML_ALIASES`` aliases, ``MAX_YAML_DEPTH`` levels of nesting, and ``MAX_YAML_NODES`` nodes and
    ``MAX_YAML_CHARS`` characters of scalars counted as if every alias were copied out (so nothing read later,
    however it walks or prints the value, does more work than that). A recursive alias is refused. Time and
    memory are linear in the text's size.

    Raises:
        ImportFormatError: not YAML, or over a bound (naming the line and the bound).
    """
    import yaml

    if len(text.encode("utf-8", "surrogatepass")) > MAX_YAML_BYTES:
        raise ImportFormatError(file, first_line, f"the front matter is longer than {MAX_YAML_BYTES} bytes")
    loader = _bounded_loader_class()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expanded(node, file, first_line)
        return loader.construct_document(node)
    except _YamlBound as bound:
        raise ImportFormatError(file, first_line + bound.line, f"the front matter {bound.problem}") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = first_line + (int(getattr(mark, "line", 0)) if mark is not None else 0)
        problem = getattr(error, "problem", None) or "not valid YAML"
        raise ImportFormatError(file, line, f"the front matter is not valid YAML ({problem})") from None
    except RecursionError:
        raise ImportFormatError(file, first_line, "the front matter is nested too deeply") from None
    finally:
        loader.dispose()


MAX_YAML_BYTES = 64 * 1024  # a front matter holds a title, tags, dates: a few hundred bytes
MAX_YAML_ALIASES = 100
MAX_YAML_DEPTH = 32
MAX_YAML_NODES = 100_000  # nodes with every alias copied out
MAX_YAML_CHARS = 1_000_000  # scalar characters with every alias copied out


class _YamlBound(ContextlampError):
    def __init__(self, problem: str, line: int = 0) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


@cache
def _bounded_loader_class() -> type[Any]:
    """A ``yaml.SafeLoader`` whose composer counts aliases and nesting as it goes (built once, on first use)."""
    import yaml

    class BoundedLoader(yaml.SafeLoader):
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self.aliases = 0
            self.depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            events: Any = self  # the parser's event methods (typeshed leaves their types open)
            if events.check_event(yaml.AliasEvent):
                self.aliases += 1
                if self.aliases > MAX_YAML_ALIASES:
                    line = int(events.peek_event().start_mark.line)
                    raise _YamlBound(f"uses more than {MAX_YAML_ALIASES} aliases", line)
            self.depth += 1
            try:
                if self.depth > MAX_YAML_DEPTH:
                    line = int(events.peek_event().start_mark.line)
                    raise _YamlBound(f"is nested deeper than {MAX_YAML_DEPTH} levels", line)
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    return BoundedLoader


def _check_expanded(root: Any, file: Path, first_line: int) -> None:
    """Refuse a composed YAML graph whose size with its aliases copied out passes ``MAX_YAML_NODES`` nodes or
    ``MAX_YAML_CHARS`` characters, or that holds a recursive alias. Each node is visited once (sizes memoised):
    linear in the graph, however large its expansion."""
    import yaml

    sizes: dict[int, tuple[int, int]] = {}
    open_nodes: set[int] = set()
    # an explicit stack (no Python recursion): (node, whether its children are done)
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if not done:
            if key in sizes:
                continue
            if key in open_nodes:
                raise _YamlBound("holds a recursive alias", node.start_mark.line)
            open_nodes.add(key)
            stack.append((node, True))
            for child in _children(node, yaml):
                if id(child) in open_nodes:
                    raise _YamlBound("holds a recursive alias", node.start_mark.line)
                if id(child) not in sizes:
                    stack.append((child, False))
            continue
        open_nodes.discard(key)
        nodes, chars = 1, len(node.value) if isinstance(node, yaml.ScalarNode) else 0
        for child in _children(node, yaml):
            child_nodes, child_chars = sizes[id(child)]
            nodes, chars = nodes + child_nodes, chars + child_chars
        if nodes > MAX_YAML_NODES or chars > MAX_YAML_CHARS:
            raise _YamlBound(
                f"expands to more than {MAX_YAML_NODES} values or {MAX_YAML_CHARS} characters (aliases copied out)",
                node.start_mark.line,
            )
        sizes[key] = (nodes, chars)


def _children(node: Any, yaml: Any) -> list[Any]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def read_text(file: Path, root: Path) -> str:
    """The UTF-8 text of ``file`` (a byte-order mark dropped), a regular file inside ``root`` (a resolved
    folder: ``base.read_regular``, at most ``base.MAX_TEXT_FILE_BYTES``).

    Raises:
        RefusedFileError: ``file`` is a link leading outside ``root``, or not a regular file.
        ImportFormatError: the file cannot be read, is too large, or is not UTF-8 (naming the line of the first
            bad byte).
    """
    data = read_regular(file, root)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ImportFormatError(file, line, "the file is not UTF-8 text") from None
