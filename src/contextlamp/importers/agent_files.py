"""Agent memory files: Claude Code's ``CLAUDE.md`` family, ``AGENTS.md``, Cursor's ``.cursor/rules/*.mdc`` and
Gemini CLI's ``GEMINI.md``, found in a repository or a home folder, or named one at a time.

Which files (``find_files``):

- in a git repository (PATH or a parent holds ``.git``; hooks/repo.find_repository), every ``CLAUDE.md``,
  ``CLAUDE.local.md``, ``.claude/CLAUDE.md``, ``.claude/rules/*.md``, ``AGENTS.md``, ``AGENTS.override.md``,
  ``GEMINI.md``, ``.cursor/rules/**/*.mdc`` and the legacy ``.cursorrules`` below PATH (a monorepo keeps them
  in sub-folders too), outside hidden folders other than ``.claude`` and ``.cursor`` and outside dependency
  and build folders (``SKIPPED_FOLDERS``);
- elsewhere (a home folder), only the places the tools read there: ``.claude/CLAUDE.md``,
  ``.claude/rules/*.md``, ``.codex/AGENTS.md``, ``.gemini/GEMINI.md``, and the project files at its top.

A repository's memories go to its project, named as the hooks name it: the command line
(cli/importing.repository_project) resolves PATH's repository with hooks/repo.find_repository and the
service's repository -> project mapping; outside a repository they are personal (``--project`` overrides
both). The reader itself only tells the repository's top folder (``repository_top``: the boundary imports
may not leave).

Claude Code's ``@path`` imports (its memory docs; Claude Code's ``utils/claudemd``): an ``@`` at the start of a
line or after white space, outside code spans and code blocks, followed by a path: ``@./rel``, ``@rel`` (both
relative to the file holding the import), ``@~/in/home`` or ``@/absolute``; at most ``MAX_IMPORT_DEPTH``
hops, each file read once (a cycle ends where it closes). An import is followed only inside the repository
(or the folder given, outside one); one leading elsewhere is reported as skipped, and an ``@word`` naming no
file is ordinary text (a mention). A rule holding an import and at most ``POINTER_WORDS`` other words ("See
@docs/git.md for our workflow") only points to it and is not stored: the imported file's rules are.

Each rule becomes one memory: a list item (a nested item under a lead-in ending in ``:`` carries the lead-in),
or a paragraph outside lists. The headings above it give its tags (kebab case), with the file's kind
(``claude-md``, ``claude-rule``, ``agents-md``, ``cursor-rule``, ``gemini-md``) and, for a rule file, its
name. A code block or table belongs to the rule it follows when that rule ends in ``:``, when it sits inside
the rule's list item, or when it follows a paragraph of its section; one of its own under a heading is a rule
led by that heading (``Build and test commands:`` + the block); only one under no heading and after no rule is
skipped with its reason. A file below the repository's top adds the folder it applies to ("(applies to
packages/web/)"). A Cursor rule's front matter is read as Cursor reads it (``cursor_front_matter``), and a file
that cannot be read is reported as skipped, never stopping the others. A Cursor rule's ``globs`` (when
``alwaysApply`` is not true) are appended to each of its rules ("(applies to src/**/*.ts)"), since a scoped rule
read as a global one would mislead. memory_type is ``instruction`` (a rule in an agent's memory file is addressed to the
agent); kind is left to the runner (``kind=None``), which makes it ``preference`` when the offline distiller's
preference cue matches (distill/cue_set.cue_type), else ``note``: the cue tables are domain rules, which a reader
(infrastructure) may not run. No topic: a topic is a supersession key, and the rules of one heading must not
replace each other. Each memory keeps its file's modification time.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from contextlamp.importers.base import ImportFormatError, ImportItem, ImportSkip, existing, location, regular_file
from contextlamp.importers.markdown import front_matter_block, markdown_parser, read_text, split_front_matter

MAX_IMPORT_DEPTH = 5  # Claude Code's memory docs: "imported files can recursively import ... max depth of 5 hops"
PROJECT_FILES = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md", ".cursorrules")
HOME_FILES = (".claude/CLAUDE.md", ".codex/AGENTS.md", ".gemini/GEMINI.md")
SKIPPED_FOLDERS = frozenset(
    {"node_modules", "vendor", "venv", "__pycache__", "dist", "build", "target", "site-packages"}
)
POINTER_WORDS = 8  # a rule holding an import and at most this many other words only points to the import
_IMPORT = re.compile(r"(?:^|(?<=\s))@((?:~/|\.{1,2}/|/)?[^\s@`]+)")
_TRAILING_PUNCTUATION = ".,;:!?)]}'\""
# the first line Claude Code's /init (and tools copying it) writes: "This file provides guidance to Claude Code
# (claude.ai/code) when working with code in this repository." It says what the file is, not a rule.
_PREAMBLE = re.compile(r"This file (?:provides|gives|contains) (?:guidance|instructions|context) (?:to|for) ", re.I)


@dataclass(frozen=True)
class Rule:
    """One rule of a memory file: ``text`` (code blocks and tables that belong to it appended), ``tags`` (the
    heading path, kebab case), ``line`` (1-based, in ``file``)."""

    text: str
    tags: tuple[str, ...]
    line: int


def read(path: Path) -> Iterator[ImportItem | ImportSkip]:
    """The rules of the agent memory files at ``path`` (a folder: found as the module says; a file: that one),
    with what was skipped and why.

    Raises:
        ImportFormatError: a file that is not UTF-8, or a ``.mdc`` or rules file whose front matter is not
            closed or not a YAML mapping (naming the file and line).
    """
    folder = (path if existing(path).is_dir() else path.parent).resolve()
    top = repository_top(folder)
    boundary = top or folder
    seen: set[Path] = set()
    for file in find_files(path, in_repository=top is not None):
        yield from _file_items(file, boundary, seen, depth=0, nested=top is not None)


def repository_top(folder: Path) -> Path | None:
    """The top folder of the git repository ``folder`` is in (it or its nearest parent holding ``.git``, a
    folder or a worktree's file, as hooks/repo.find_repository reads it), else None."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def find_files(path: Path, in_repository: bool) -> list[Path]:
    """The memory files at ``path`` (see the module), sorted by path; ``path`` itself when it is a file."""
    if path.is_file():
        return [path]
    found: list[Path] = []
    if not in_repository:
        found.extend(path / name for name in (*PROJECT_FILES, *HOME_FILES))
        found.extend(_rules_in(path))
        return sorted({f for f in found if f.is_file()})
    for folder, dirs, files in os.walk(path):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if _walk_into(d))
        found.extend(here / name for name in files if name in PROJECT_FILES)
        if here.name == ".claude" and "CLAUDE.md" in files:
            found.append(here / "CLAUDE.md")
        if here.name in (".claude", ".cursor"):
            found.extend(_rules_in(here.parent))
            dirs[:] = []  # rules/ read just above, nothing else under these folders is a memory file
    return sorted(set(found))


def _walk_into(name: str) -> bool:
    return name in (".claude", ".cursor") or not (name.startswith(".") or name in SKIPPED_FOLDERS)


def _rules_in(folder: Path) -> list[Path]:
    """``.claude/rules/**/*.md`` and ``.cursor/rules/**/*.mdc`` of ``folder`` (Cursor reads nested rule folders)."""
    claude, cursor = folder / ".claude" / "rules", folder / ".cursor" / "rules"
    found = [p for p in claude.rglob("*.md")] if claude.is_dir() else []
    found += [p for p in cursor.rglob("*.mdc")] if cursor.is_dir() else []
    found += [claude.parent / "CLAUDE.md"] if (claude.parent / "CLAUDE.md").is_file() else []
    return [p for p in found if p.is_file()]


def file_kind(file: Path) -> str:
    """The tag naming what kind of memory file ``file`` is."""
    name = file.name
    if name.endswith(".mdc") or name == ".cursorrules":
        return "cursor-rule"
    if name.startswith("AGENTS"):
        return "agents-md"
    if name.startswith("GEMINI"):
        return "gemini-md"
    if "rules" in file.parts and file.suffix == ".md":
        return "claude-rule"
    return "claude-md"


def _file_items(
    file: Path, boundary: Path, seen: set[Path], depth: int, nested: bool = False
) -> Iterator[ImportItem | ImportSkip]:
    """The rules of one memory file, then those of the files it imports (depth first, each file once). A file
    that cannot be read (a link leading out of ``boundary``, not a regular file, not UTF-8, a rule file whose
    front matter is broken) is reported as skipped with its reason: one bad file never stops the others."""
    try:
        resolved = regular_file(file, boundary)
    except ImportFormatError as error:
        yield ImportSkip(location=location(file, error.line), reason=error.message)
        return
    if resolved in seen:
        return
    seen.add(resolved)
    kind = file_kind(file)
    try:
        text = read_text(file, boundary)
        meta, body, first_line = _front_matter(text, file, kind)
    except ImportFormatError as error:
        yield ImportSkip(location=location(file, error.line), reason=error.message)
        return
    created = int(resolved.stat().st_mtime * 1000)
    relative = resolved.relative_to(boundary).as_posix()
    base_tags = (kind, *((_kebab(file.stem),) if kind in ("cursor-rule", "claude-rule") else ()))
    scope = _scope(meta)
    if nested and not scope and depth == 0 and kind in ("claude-md", "agents-md", "gemini-md"):
        scope = _folder_scope(resolved.parent.relative_to(boundary))
    rules, skips = parse_rules(body, first_line)
    for line, reason in skips:
        yield ImportSkip(location=location(file, line), reason=reason)
    imports: list[tuple[str, int]] = []
    for rule in rules:
        found = import_paths(rule.text)
        imports.extend((p, rule.line) for p in found)
        if found and len(_without_imports(rule.text).split()) <= POINTER_WORDS:
            continue  # a pointer to the imported files ("See @docs/git.md for our workflow"): they are read instead
        content = rule.text + (f" ({scope})" if scope else "")
        yield ImportItem(
            source_key=f"{relative}\0{content}",
            content=content,
            memory_type="instruction",
            kind=None,  # the runner types it with the offline distiller's cues (preference or note)
            tags=_unique((*base_tags, *rule.tags)),
            created_at=created,
            location=location(file, rule.line),
        )
    for target, line in imports:
        resolved_target = resolve_import(target, file)
        where = location(file, line)
        if not resolved_target.is_file():
            continue  # Claude Code ignores an @word that names no file (a mention, a decorator in prose)
        if depth + 1 > MAX_IMPORT_DEPTH:
            yield ImportSkip(location=where, reason=f"an import deeper than {MAX_IMPORT_DEPTH} hops")
        elif not _inside(resolved_target, boundary):
            yield ImportSkip(location=where, reason="an import of a file outside the repository (not followed)")
        else:
            yield from _file_items(resolved_target, boundary, seen, depth + 1, nested)


def _front_matter(text: str, file: Path, kind: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, the body's first line) of a memory file: a Cursor rule's read as Cursor reads it
    (``cursor_front_matter``), a Claude rule's as YAML (bounded: markdown.load_yaml), and a CLAUDE.md opening
    with a thematic break (``---``) that is no front matter read whole as its body.

    Raises:
        ImportFormatError: a rule file's front matter is never closed, or a Claude rule's is not YAML.
    """
    if not (file.suffix in (".mdc", ".md") and text.startswith("---")):
        return {}, text, 1
    if kind == "cursor-rule":
        block = front_matter_block(text, file)
        if block is None:
            return {}, text, 1
        lines, body, first_line = block
        return cursor_front_matter(lines), body, first_line
    try:
        return split_front_matter(text, file)
    except ImportFormatError:
        if kind == "claude-rule":
            raise  # a rule file's front matter says where it applies: a broken one is an error
        return {}, text, 1


def cursor_front_matter(lines: list[str]) -> dict[str, Any]:
    """A Cursor rule's front matter read as Cursor reads it: ``key: value`` lines, not YAML (Cursor writes
    ``globs: **/trigger/**/*.ts, src/*.tsx`` unquoted, which YAML refuses: ``*`` opens an alias). A value is
    the text after the first ``:``, its surrounding quotes dropped, kept as written (``globs`` is a
    comma-separated list of patterns; a ``[a, b]`` list and an indented ``- item`` list are read as lists);
    ``alwaysApply`` is true when it says ``true``. Lines that are none of these are ignored, as Cursor ignores
    them. Linear in the lines."""
    meta: dict[str, Any] = {}
    last = ""
    for raw in lines:
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("- ") and last and raw[:1] in (" ", "\t", "-"):
            current = meta.get(last)
            items: list[Any] = cast(list[Any], current) if isinstance(current, list) else [current] if current else []
            meta[last] = [*items, _unquote(stripped[2:])]
            continue
        key, colon, value = line.partition(":")
        if not colon or not key.strip() or key[:1].isspace():
            continue
        last = key.strip()
        value = value.strip()
        if value.startswith("[") and value.endswith("]"):
            meta[last] = [_unquote(v) for v in value[1:-1].split(",") if v.strip()]
        else:
            meta[last] = _unquote(value)  # globs as written: "src/**/*.ts, src/**/*.tsx" (Cursor splits at commas)
    return meta


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1].strip()
    return value


def parse_rules(body: str, first_line: int = 1) -> tuple[list[Rule], list[tuple[int, str]]]:
    """The rules of a memory file's markdown body and the (line, reason) of each block skipped.

    Linear in the body's size: one pass over markdown-it's tokens.
    """
    tokens = markdown_parser(tables=True).parse(body)
    headings: list[tuple[int, str]] = []
    rules: list[Rule] = []
    skips: list[tuple[int, str]] = []
    items: list[int] = []  # per open list item: the index in ``rules`` of its first rule, or -1
    leads: list[str] = []  # per open list item: its lead-in ("Testing:") when it ends in a colon
    last_closed = -1  # the rule a following block may belong to (only while it ends in ':')
    last_top = -1  # the paragraph (outside lists) a following block of the same section belongs to
    index = 0
    while index < len(tokens):
        token = tokens[index]
        line = first_line + (token.map[0] if token.map else 0)
        kind = token.type
        if kind == "heading_open":
            level = int(token.tag[1:])
            title = tokens[index + 1].content.strip()
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, title))
            index += 3
            last_closed = last_top = -1
            continue
        if kind in ("bullet_list_open", "ordered_list_open") and not items:
            last_top = -1  # a list stands between that paragraph and what follows
        if kind == "list_item_open":
            items.append(-1)
            leads.append("")
        elif kind == "list_item_close":
            items.pop()
            leads.pop()
        elif kind == "inline":
            text = _unwrapped(token.content)
            if not text:
                pass
            elif not items and not rules and _PREAMBLE.match(text):
                skips.append((line, "the file's standard preamble (what the file is for), not a rule"))
            elif items and items[-1] >= 0:  # a second paragraph of the same item: part of its rule
                rule = rules[items[-1]]
                rules[items[-1]] = Rule(f"{rule.text}\n{text}", rule.tags, rule.line)
            else:
                lead = ": ".join(lead for lead in leads[:-1] if lead)  # every enclosing lead-in, outermost first
                if items and text.endswith(":") and _has_child_list(tokens, index):
                    leads[-1] = text[:-1].strip()
                    items[-1] = -2  # a lead-in: its children carry it, it is not a rule itself
                else:
                    joined = f"{lead}: {text}" if lead else text
                    rules.append(Rule(joined, _heading_tags(headings), line))
                    if items:
                        items[-1] = len(rules) - 1
                    else:
                        last_top = len(rules) - 1
                    last_closed = len(rules) - 1
        elif kind in ("fence", "code_block", "table_open"):
            block, end = _block_text(tokens, index)
            owner = items[-1] if items and items[-1] >= 0 else -1
            if owner == -1 and last_closed >= 0 and rules[last_closed].text.endswith(":"):
                owner = last_closed
            if owner == -1 and not items:
                owner = last_top
            if owner >= 0:
                rule = rules[owner]
                rules[owner] = Rule(f"{rule.text}\n{block}", rule.tags, rule.line)
            elif headings:  # a block of its own under a heading (build and test commands): the heading says what
                rules.append(Rule(f"{headings[-1][1]}:\n{block}", _heading_tags(headings), line))
                last_top = last_closed = len(rules) - 1
            else:
                what = "table" if kind == "table_open" else "code block"
                skips.append((line, f"a {what} under no heading and after no rule (nothing says what it is for)"))
            index = end + 1
            continue
        elif kind == "html_block":
            skips.append((line, "an HTML block"))
        index += 1
    return [r for r in rules if r.text], skips


def _unwrapped(content: str) -> str:
    """A paragraph's text on one line: the line breaks of a wrapped paragraph (soft or hard: a trailing
    backslash or two spaces) read as spaces, as a renderer shows them."""
    return " ".join(part.strip().removesuffix("\\").strip() for part in content.split("\n") if part.strip())


def _has_child_list(tokens: list[Any], index: int) -> bool:
    """Whether the paragraph whose inline token is at ``index`` is followed, in the same list item, by a list."""
    following = index + 2  # inline, paragraph_close, then maybe a list
    return following < len(tokens) and tokens[following].type in ("bullet_list_open", "ordered_list_open")


def _block_text(tokens: list[Any], index: int) -> tuple[str, int]:
    """The markdown of the code block or table at ``index`` and the index of its last token."""
    token = tokens[index]
    if token.type == "fence":
        return f"```{token.info.strip()}\n{token.content.rstrip()}\n```", index
    if token.type == "code_block":
        return f"```\n{token.content.rstrip()}\n```", index
    rows: list[str] = []
    cells: list[str] = []
    end = index
    while end < len(tokens) and tokens[end].type != "table_close":
        current = tokens[end]
        if current.type == "inline":
            cells.append(current.content.strip())
        elif current.type == "tr_close":
            rows.append("| " + " | ".join(cells) + " |")
            cells = []
        end += 1
    return "\n".join(rows), end


def import_paths(text: str) -> list[str]:
    """The ``@path`` imports in a rule's text, outside code spans and fenced blocks (trailing punctuation of
    the sentence dropped). Linear: one pass of a pattern without nested repetition."""
    paths: list[str] = []
    for segment in _outside_code(text):
        for match in _IMPORT.finditer(segment):
            target = match.group(1).rstrip(_TRAILING_PUNCTUATION)
            if target:
                paths.append(target)
    return paths


def resolve_import(target: str, file: Path) -> Path:
    """Where an import of ``file`` points: ``~/`` from the home folder, an absolute path as is, anything else
    from the folder of ``file`` (Claude Code resolves relative imports against the importing file)."""
    if target.startswith("~/"):
        return Path(os.path.expanduser("~")) / target[2:]
    candidate = Path(target)
    return candidate if candidate.is_absolute() else file.parent / candidate


def _outside_code(text: str) -> list[str]:
    """The pieces of ``text`` outside fenced blocks and backtick code spans (one pass)."""
    pieces: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if not in_fence:
            pieces.extend(line.split("`")[0::2])
    return pieces


def _without_imports(text: str) -> str:
    return " ".join(_IMPORT.sub(" ", " ".join(_outside_code(text))).split()).strip(" -*:,;")


def _inside(path: Path, boundary: Path) -> bool:
    try:
        path.resolve().relative_to(boundary)
    except ValueError:
        return False
    return True


def _folder_scope(folder: Path) -> str:
    """What a memory file below the repository's top applies to: its folder (``packages/web/CLAUDE.md`` ->
    ``applies to packages/web/``; ``.claude/CLAUDE.md`` is its parent's), ``""`` at the top. The tools read a
    nested file only for work in its folder; the same rule in two folders is two memories."""
    if folder.name == ".claude":
        folder = folder.parent
    posix = folder.as_posix()
    return "" if posix in ("", ".") else f"applies to {posix}/"


def _scope(meta: dict[str, Any]) -> str:
    """What a Cursor rule's (or a Claude rule's ``paths``) front matter scopes it to, or ``""`` for a rule that
    always applies."""
    if str(meta.get("alwaysApply", "")).lower() == "true":
        return ""
    globs: Any = meta.get("globs") or meta.get("paths")
    if isinstance(globs, list):
        globs = ", ".join(str(g) for g in cast(list[Any], globs) if g)
    return f"applies to {globs}" if isinstance(globs, str) and globs.strip() else ""


def _heading_tags(headings: list[tuple[int, str]]) -> tuple[str, ...]:
    return tuple(tag for _, title in headings if (tag := _kebab(title)))


def _kebab(text: str) -> str:
    from contextlamp.text import kebab

    return kebab(text)[:64].strip("-")


def _unique(values: Any) -> tuple[str, ...]:
    seen: set[str] = set()
    kept: list[str] = []
    for value in values:
        if value and value not in seen:
            seen.add(value)
            kept.append(value)
    return tuple(kept)
