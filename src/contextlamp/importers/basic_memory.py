"""basic-memory notes (github.com/basicmachines-co/basic-memory): a folder of markdown files with YAML front matter.

The grammar is basic-memory's own (``src/basic_memory/markdown/plugins.py`` and ``entity_parser.py``), read
over the same markdown-it token stream it uses, so a line is an observation or a relation exactly when
basic-memory would index it as one:

- front matter: ``title`` (else the file name without ``.md``), ``type`` (default ``note``), ``permalink``,
  ``tags`` (a list or a comma-separated string; ``#`` stripped), ``created`` (ISO 8601; else the file's
  modification time);
- an observation is an inline run outside block quotes (Obsidian callouts) that starts with
  ``[category] `` (a category of no brackets or parentheses that is not a clock time like ``[00:01:02]`` nor
  a task marker like ``[x]`` or ``[/]``) or holds a ``#tag`` word; a trailing ``(context)`` is its context;
- an explicit relation is a list item ``relation_type [[Target]]`` (or a quoted ``"multi word" [[Target]]``)
  ending at the target or at one parenthesised ``(context)``; a ``project::note`` target becomes
  ``project/note``. Wiki links inside prose (basic-memory's implicit ``links_to``) are not imported: the
  sentence around them already is, when it is an observation.

Mapping (docs/import.md): each observation becomes a memory ``"<title>: <text>"`` (the note is its subject;
the context appended in parentheses), typed by its category (``CATEGORY_TYPES``; an unknown category keeps
the default ``fact``/``note``), tagged with the observation's tags, the note's tags and its category; each
explicit relation becomes a fact ``"<title> <relation> <Target>"`` (underscores and dashes of the relation
read as spaces). Every memory keeps the note's time. No topic is set: a topic is a supersession key
(spec/TOOLS.md), and one note's observations must not replace each other.

Every loop and pattern is linear in the note's size (the patterns have no nested or overlapping repetition).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, cast

from contextlamp.domain.models import Kind, MemoryType
from contextlamp.importers.base import (
    ImportFormatError,
    ImportItem,
    ImportSkip,
    RefusedFileError,
    existing,
    input_root,
    location,
)
from contextlamp.importers.markdown import markdown_parser, read_text, split_front_matter

# basic-memory's categories (its docs and the categories its AI prompts ask for) -> (memory_type, kind).
CATEGORY_TYPES: dict[str, tuple[MemoryType, Kind]] = {
    "decision": ("event", "decision"),
    "decided": ("event", "decision"),
    "preference": ("fact", "preference"),
    "preferences": ("fact", "preference"),
    "prefer": ("fact", "preference"),
    "like": ("fact", "preference"),
    "likes": ("fact", "preference"),
    "dislike": ("fact", "preference"),
    "dislikes": ("fact", "preference"),
    "taste": ("fact", "preference"),
    "style": ("fact", "preference"),
    "rule": ("instruction", "note"),
    "rules": ("instruction", "note"),
    "instruction": ("instruction", "note"),
    "guideline": ("instruction", "note"),
    "convention": ("instruction", "note"),
    "requirement": ("instruction", "note"),
    "practice": ("instruction", "note"),
    "best-practice": ("instruction", "note"),
    "todo": ("task", "note"),
    "task": ("task", "note"),
    "action": ("task", "note"),
    "next-step": ("task", "note"),
    "event": ("event", "note"),
    "milestone": ("event", "note"),
    "meeting": ("event", "note"),
    "history": ("event", "note"),
    "fact": ("fact", "fact"),
    "tech": ("fact", "fact"),
    "feature": ("fact", "fact"),
    "design": ("fact", "fact"),
    "technique": ("fact", "fact"),
    "method": ("fact", "fact"),
    "problem": ("fact", "fact"),
    "solution": ("fact", "fact"),
    "issue": ("fact", "fact"),
    "fix": ("fact", "fact"),
}
DEFAULT_TYPE: tuple[MemoryType, Kind] = ("fact", "note")

_CATEGORY = re.compile(r"\[([^\[\]()]+)\]\s+(\S.*)", re.DOTALL)
_CLOCK = re.compile(r"\d{1,3}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?(?:\s+-\s+\d{1,3}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?)?")
_EMPTY_CATEGORY = re.compile(r"\[\]\s+(\S.*)", re.DOTALL)
_MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
_WIKI_LINK_ONLY = re.compile(r"\[\[[^\]]*\]\]")


@dataclass(frozen=True)
class Observation:
    """One observation: ``category`` (None when the line had none), ``content`` (the text, hashtags included,
    as basic-memory keeps it), ``tags`` (without ``#``), ``context`` (the trailing parenthesised words or None),
    ``line`` (1-based line in the file)."""

    category: str | None
    content: str
    tags: tuple[str, ...]
    context: str | None
    line: int


@dataclass(frozen=True)
class Relation:
    """One explicit relation: ``type`` (as written), ``target`` (the wiki link's target), ``context``, ``line``."""

    type: str
    target: str
    context: str | None
    line: int


@dataclass(frozen=True)
class Note:
    """One parsed note: ``title``, ``type``, ``permalink``, ``tags`` (front matter), ``created`` (aware datetime
    or None when the front matter names none), ``observations`` and ``relations`` in file order."""

    title: str
    type: str
    permalink: str | None
    tags: tuple[str, ...]
    created: datetime | None
    observations: list[Observation] = field(default_factory=lambda: list[Observation]())
    relations: list[Relation] = field(default_factory=lambda: list[Relation]())


def read(path: Path) -> Iterator[ImportItem | ImportSkip]:
    """The memories of a basic-memory folder (every ``*.md`` below it, in path order; hidden folders such as
    ``.git`` or ``.obsidian`` skipped) or of one note file. Only regular files inside the folder are read: a
    note that is a link leading out of it (or a pipe, a device) is reported as skipped, never opened.

    Raises:
        ImportFormatError: a file that is not UTF-8, front matter that is not closed or not a YAML mapping (or
            over the bounds of markdown.load_yaml), or a ``created`` that is not ISO 8601 (naming the file and
            line); a note named on its own that is a link leading out of its folder.
    """
    root = existing(path) if path.is_dir() else path.parent
    inside = input_root(path)
    for file in note_files(path):
        try:
            text = read_text(file, inside)
        except RefusedFileError as refused:
            if file == path:
                raise
            yield ImportSkip(location=location(file), reason=refused.message)
            continue
        note = parse_note(text, file)
        created = note.created or datetime.fromtimestamp(file.stat().st_mtime, tz=UTC)
        key = note.permalink or file.relative_to(root).with_suffix("").as_posix()
        yield from note_items(note, file, key, int(created.timestamp() * 1000))


def note_files(path: Path) -> list[Path]:
    """The markdown files to import: ``path`` itself when it is a file, else every ``*.md`` below it outside
    hidden folders, sorted by path (so a run is repeatable)."""
    if not existing(path).is_dir():
        return [path]
    found: list[Path] = []
    for folder, dirs, files in os.walk(path):  # symbolic links to folders are not followed (no loops)
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found.extend(Path(folder) / name for name in files if name.endswith(".md") and not name.startswith("."))
    return sorted(found)


def note_items(note: Note, file: Path, key: str, created: int) -> Iterator[ImportItem]:
    """The memories of one parsed note (see the module's mapping), each with ``created`` (ms since the epoch)
    as its time; ``key`` (the note's permalink, else its path in the folder) starts each one's source key, so
    a second import knows it even when the note's lines moved."""
    note_tags = tuple(note.tags)
    for obs in note.observations:
        memory_type, kind = category_type(obs.category)
        text = f"{note.title}: {_without_category_word(_without_trailing_tags(obs.content), obs.category)}"
        if obs.context:
            text += f" ({obs.context})"
        category_tags = (obs.category,) if obs.category else ()
        yield ImportItem(
            source_key=f"{key}\0observation\0{obs.category or ''}\0{obs.content}\0{obs.context or ''}",
            content=text,
            memory_type=memory_type,
            kind=kind,
            tags=_unique((*obs.tags, *note_tags, *category_tags)),
            created_at=created,
            location=location(file, obs.line),
        )
    for rel in note.relations:
        text = f"{note.title} {relation_words(rel.type)} {rel.target}"
        if rel.context:
            text += f" ({rel.context})"
        yield ImportItem(
            source_key=f"{key}\0relation\0{rel.type}\0{rel.target}",
            content=text,
            memory_type="fact",
            kind="fact",
            tags=_unique(note_tags),
            created_at=created,
            location=location(file, rel.line),
        )


def category_type(category: str | None) -> tuple[MemoryType, Kind]:
    """(memory_type, kind) of an observation category (``CATEGORY_TYPES``, case and separators ignored:
    ``Best Practice`` = ``best-practice``); ``("fact", "note")`` for none or an unknown one."""
    if not category:
        return DEFAULT_TYPE
    key = "-".join(category.lower().replace("_", " ").split())
    return CATEGORY_TYPES.get(key, DEFAULT_TYPE)


def relation_words(relation: str) -> str:
    """A relation type as words: ``works_at`` -> ``works at``, ``part-of`` -> ``part of``."""
    return " ".join(relation.replace("_", " ").replace("-", " ").split()) or relation


def parse_note(text: str, file: Path) -> Note:
    """Parse one note's text (front matter, observations, relations); ``file`` names it in errors and gives
    the default title.

    Raises:
        ImportFormatError: front matter not closed, not YAML, not a mapping, or a bad ``created``.
    """
    text = text.removeprefix("\ufeff").replace("\x00", "")
    meta, body, body_line = split_front_matter(text, file)
    title = _string(meta.get("title")) or file.stem
    note_type = _string(meta.get("type")) or "note"
    permalink = _string(meta.get("permalink")) or None
    tags = parse_tags(meta.get("tags"))
    created = _created(meta.get("created"), file)
    note = Note(title=title.strip(), type=note_type, permalink=permalink, tags=tags, created=created)
    _scan_body(body, body_line, note)
    return note


def parse_tags(value: Any) -> tuple[str, ...]:
    """basic-memory's ``parse_tags``: a list (each item may hold commas) or a comma-separated string (or a JSON
    list written as a string), each tag stripped of white space and leading ``#``; empty ones dropped."""
    if value is None:
        return ()
    raw: list[Any]
    if isinstance(value, list):
        raw = cast(list[Any], value)
    elif isinstance(value, str):
        stripped = value.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            stripped = stripped[1:-1]
        raw = [stripped]
    else:
        raw = [value]
    tags = [
        piece.strip().strip("'\"").strip().lstrip("#")
        for item in raw
        if item is not None
        for piece in _scalar(item).split(",")
    ]
    return _unique(t for t in tags if t)


def _scan_body(body: str, first_line: int, note: Note) -> None:
    """Append the observations and explicit relations of ``body`` to ``note`` (basic-memory's plugin rules)."""
    tokens = markdown_parser().parse(body)
    quote_depth = 0
    list_depth = 0
    for token in tokens:
        if token.type == "blockquote_open":
            quote_depth += 1
        elif token.type == "blockquote_close":
            quote_depth -= 1
        elif token.type == "list_item_open":
            list_depth += 1
        elif token.type == "list_item_close":
            list_depth -= 1
        if token.type != "inline" or quote_depth > 0:
            continue
        content = token.content.strip()
        line = first_line + (token.map[0] if token.map else 0)
        observation = parse_observation(content, line)
        if observation is not None:
            note.observations.append(observation)
        if list_depth > 0:  # independent of the observation rule, as basic-memory's two plugins are
            relation = parse_relation(content, line)
            if relation is not None:
                note.relations.append(relation)


def parse_observation(content: str, line: int) -> Observation | None:
    """The observation in one inline run (basic-memory's ``is_observation`` + ``parse_observation``), or None."""
    if not content or content.startswith(("[ ]", "[x]", "[-]")):
        return None
    if _MARKDOWN_LINK.fullmatch(content) or _WIKI_LINK_ONLY.fullmatch(content):
        return None
    match = _category_match(content)
    if match is None and not any(part.startswith("#") for part in content.split()):
        return None
    category: str | None = None
    if match is not None:
        category, content = match.group(1).strip(), match.group(2).strip()
    else:
        empty = _EMPTY_CATEGORY.match(content)
        if empty is not None:
            content = empty.group(1).strip()
    context: str | None = None
    if content.endswith(")"):
        start = content.rfind("(")
        if start != -1:
            context = content[start + 1 : -1].strip() or None
            content = content[:start].strip()
    if not content:
        return None
    tags: list[str] = []
    for part in content.split():
        if part.startswith("#"):
            tags.extend(t for t in part.split("#") if t)
    return Observation(category=category, content=content, tags=_unique(tags), context=context, line=line)


def parse_relation(content: str, line: int) -> Relation | None:
    """The explicit relation in one list item's inline run (basic-memory's ``_parse_explicit_relation``), or
    None (no wiki link, no single relation word before it, or prose after it)."""
    before = content.partition("[[")[0].strip()
    if not before or "]]" not in content:
        return None
    if before[0] in "'\"" and len(before) > 1 and before.endswith(before[0]):
        rel_type = before[1:-1].strip()
    elif any(c.isspace() for c in before):
        return None
    else:
        rel_type = before
    if not rel_type:
        return None
    start = content.find("[[")
    end = content.find("]]", start + 2)
    if end == -1:
        return None
    target = content[start + 2 : end].strip()
    if "::" in target:
        project, _, rest = target.partition("::")
        target = f"{project}/{rest.lstrip('/')}"
    if not target:
        return None
    after = content[end + 2 :].strip()
    context: str | None = None
    if after:
        if not _single_parenthesised(after):
            return None
        context = after[1:-1].strip() or None
    return Relation(type=rel_type, target=target, context=context, line=line)


def _category_match(content: str) -> re.Match[str] | None:
    match = _CATEGORY.match(content)
    if match is None:
        return None
    category = match.group(1).strip()
    if _CLOCK.fullmatch(category):
        return None
    if len(category) == 1 and (category in "xX" or not category.isalnum()):
        return None
    return match


def _single_parenthesised(text: str) -> bool:
    """Whether ``text`` is one balanced ``(...)`` group and nothing else (one pass)."""
    if not text.startswith("("):
        return False
    depth = 0
    for position, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return position == len(text) - 1
    return False


def _without_trailing_tags(content: str) -> str:
    """The observation's text for the memory: trailing ``#tag`` words dropped (they are its tags), a ``#`` in
    front of an inner word dropped (``#python is fast`` -> ``python is fast``)."""
    words = content.split()
    while len(words) > 1 and words[-1].startswith("#"):
        words.pop()
    return " ".join(w.lstrip("#") if w.startswith("#") and len(w) > 1 else w for w in words)


def _without_category_word(content: str, category: str | None) -> str:
    """The observation's text without its category repeated as a lead word (``[decision] Decision: use
    Postgres`` -> ``use Postgres``; ``[tech] tech - Go 1.23`` -> ``Go 1.23``): the category is already its type
    and a tag. A text that is only the category word is kept."""
    if not category:
        return content
    word = category.strip().lower()
    lowered = content.lower()
    for mark in (":", " -", " –", " —"):
        lead = f"{word}{mark}"
        if lowered.startswith(lead) and content[len(lead) :].strip(" -–—:"):
            return content[len(lead) :].strip(" -–—:").strip()
    return content


def _created(value: Any, file: Path) -> datetime | None:
    """The front matter's ``created`` as an aware datetime (a date or naive time read as UTC), or None."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.strip())
        except ValueError:
            parsed = None
        if parsed is not None:
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    raise ImportFormatError(file, 1, "the front matter's 'created' must be an ISO 8601 date or time (2024-01-15)")


def _string(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(_scalar(v) for v in cast(list[Any], value))
    return _scalar(value)


def _scalar(value: Any) -> str:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def _unique(values: Any) -> tuple[str, ...]:
    """``values`` in order, duplicates (ignoring case) dropped."""
    seen: set[str] = set()
    kept: list[str] = []
    for value in values:
        key = str(value).lower()
        if key not in seen:
            seen.add(key)
            kept.append(str(value))
    return tuple(kept)
