"""Every file of this repository that the docs or the code's docstrings and comments name exists.

What counts as a path (``repository_paths``): a token starting with one of the repository's top folders
(``src/``, ``research/``, ``bench/``, ``docs/``, ``scripts/``, ``tests/``, ``.ci/``), checked from the
repository root; a token whose first folder is a subpackage of ``src/contextlamp`` (``retrieval/search.py``),
checked from the package; a bare ``*.py`` name, which some file of the repository must carry; and the target
of a relative markdown link, checked from the linking file. A ``*`` in a token is a glob that must match.
Paths inside other projects (the SDK, the clients, the formats we import), and the few a command makes, are
listed in ``EXTERNAL`` with their source: a name there is never checked. A section named after a document
(``docs/retrieval.md "Relevance floor"``) must be one of its headings or bold lead-ins.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "contextlamp"
TOP_FOLDERS = ("src", "research", "bench", "docs", "scripts", "tests", ".ci")
SUFFIXES = "py|md|json|jsonl|toml|txt|yaml|yml|lock|cfg|ini|sh|html|onnx|gz|png"
_PATH_CHARS = r"[\w.*-]"
TOKEN = re.compile(
    rf"(?<![\w./~:@$<>-])"  # not the tail of a longer path, a URL, a home folder or a placeholder
    rf"((?:{'|'.join(re.escape(top) for top in TOP_FOLDERS)})/{_PATH_CHARS}*(?:/{_PATH_CHARS}+)*"
    rf"|[A-Za-z_][\w-]*(?:/{_PATH_CHARS}+)*\.(?:{SUFFIXES}))"
    rf"(?![\w/<-])"
)
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
SECTION_REFERENCE = re.compile(r'(?<![\w/.-])((?:docs/|research/notes/)?[\w-]+\.md)\)?,? "([^"]{3,80})"')

# Paths of other projects that the docs and docstrings cite, with the project they belong to.
EXTERNAL = {
    "mcp/client/stdio.py": "the MCP Python SDK",
    "docs/config.md": "openai/codex",
    "docs/tools/mcp-server.md": "google-gemini/gemini-cli",
    "docs/hooks/reference.md": "google-gemini/gemini-cli",
    "docs/cli/trusted-folders.md": "google-gemini/gemini-cli",
    "docs/reference/configuration.md": "google-gemini/gemini-cli",
    "src/memory": "modelcontextprotocol/servers",
    "storage/sqlite_vec.py": "doobidoo/mcp-memory-service",
    "docs/memory-ontology.md": "doobidoo/mcp-memory-service",
    "src/basic_memory/markdown/plugins.py": "basic-memory",
    "entity_parser.py": "basic-memory",
    "markdown_processor.py": "basic-memory",
    "src/providers/cursor-agent.ts": "getagentseal/codeburn",
    "src/**/*.ts": "a user's Cursor rule (its globs: line), not a file here",
    "src/**/*.tsx": "a user's Cursor rule (its globs: line), not a file here",
    "src/*.tsx": "a user's Cursor rule (its globs: line), not a file here",
    # made by a command, not in the repository
    ".ci/clients/node_modules": "installed by .ci/run (npm ci), absent from a fresh checkout",
}


def documents() -> list[Path]:
    """README.md, docs/*.md and every Python file under src/ (their docstrings and comments name files)."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted(PACKAGE.rglob("*.py"))]


def _exists(base: Path, name: str) -> bool:
    if "*" in name:
        return any(base.glob(name))
    return (base / name).exists()


def _bare_names() -> set[str]:
    return {path.name for path in ROOT.rglob("*.py") if ".venv" not in path.parts}


def repository_paths(text: str) -> Iterator[tuple[int, str, Path]]:
    """(line number, token, base folder) of each path of this repository that ``text`` names; a bare ``*.py``
    name comes with ``ROOT`` and the token unchanged (the caller looks it up among all file names)."""
    subpackages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    for number, line in enumerate(text.splitlines(), 1):
        for match in TOKEN.finditer(line):
            token = match.group(1).rstrip(".")
            if token in EXTERNAL:
                continue
            first = token.split("/")[0]
            if "/" in token and first in TOP_FOLDERS:
                yield number, token, ROOT
            elif "/" in token and first == "contextlamp":
                yield number, token, ROOT / "src"
            elif "/" in token and first in subpackages:
                yield number, token, PACKAGE
            elif "/" not in token and token.endswith(".py"):
                yield number, token, ROOT


def missing_paths(text: str, folder: Path, bare_names: set[str], markdown: bool = True) -> list[tuple[int, str]]:
    """(line number, path) of every repository path ``text`` names that does not exist. With ``markdown``, its
    links are resolved from ``folder``; ``bare_names`` are the file names a bare ``*.py`` may be."""
    missing = [
        (number, token)
        for number, token, base in repository_paths(text)
        if not (token in bare_names if "/" not in token else _exists(base, token))
    ]
    for number, line in enumerate(text.splitlines() if markdown else [], 1):
        for match in MARKDOWN_LINK.finditer(line):
            target = match.group(1).split("#")[0]
            if target and not re.match(r"[a-z]+:", target) and not (folder / target).exists():
                missing.append((number, target))
    return missing


def test_every_repository_path_named_in_the_docs_and_docstrings_exists() -> None:
    bare = _bare_names()
    missing = [
        f"{path.relative_to(ROOT)}:{number}: {token}"
        for path in documents()
        for number, token in missing_paths(path.read_text(encoding="utf-8"), path.parent, bare, path.suffix == ".md")
    ]
    assert not missing, "named but not in the repository:\n" + "\n".join(missing)


@pytest.mark.parametrize(
    "text",
    [
        "See `research/bench/no_such_bench.py` for the figures.",
        "the fold lives in retrieval/folding.py (moved)",
        "src/contextlamp/trust.py holds the weights",
        "written by scripts/fit_nothing.py",
        "measured by ``bench/latency.py``",
        "a module called definitely_not_here.py",
        "[the guide](no-such-guide.md)",
        "docs/no-such-page.md",
    ],
)
def test_a_made_up_path_is_caught(text: str) -> None:
    assert missing_paths(text, ROOT / "docs", _bare_names()), text


def test_real_paths_and_other_projects_paths_pass() -> None:
    text = (
        "research/bench/latency.py, src/contextlamp/domain/folding.py, retrieval/search.py,\n"
        "contextlamp/app/service.py, ``service.py``, [config](configuration.md), docs/img/dashboard-*.png,\n"
        "~/.claude/settings.json, https://example.com/src/x.py, `CLAUDE.md`, the SDK's mcp/client/stdio.py"
    )
    assert missing_paths(text, ROOT / "docs", _bare_names()) == []


def _sections(document: Path) -> list[str]:
    """The headings and bold lead-ins of a markdown document, lower-cased."""
    found: list[str] = []
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            found.append(line.lstrip("#").strip().lower())
        found += [bold.lower() for bold in re.findall(r"\*\*([^*]+)\*\*", line)]
    return found


def missing_sections(text: str, folder: Path) -> list[str]:
    """``doc "Section"`` references in ``text`` to a document of this repository that has no such section (a
    document not found here, such as the shared spec's TOOLS.md, is not checked)."""
    missing: list[str] = []
    for match in SECTION_REFERENCE.finditer(" ".join(text.split())):
        name, title = match.groups()
        places = [ROOT / name] if "/" in name else [ROOT / "docs" / name, folder / name]
        document = next((place for place in places if place.is_file()), None)
        if document is not None and not any(title.lower() in section for section in _sections(document)):
            missing.append(f'{name} "{title}"')
    return missing


def test_every_section_named_in_the_docs_and_docstrings_exists() -> None:
    missing = [
        f"{path.relative_to(ROOT)}: {reference}"
        for path in documents()
        for reference in missing_sections(path.read_text(encoding="utf-8"), path.parent)
    ]
    assert not missing, "sections named but not in their document:\n" + "\n".join(missing)


def test_a_made_up_section_is_caught() -> None:
    assert missing_sections('see docs/performance.md "Query cost, fourth round"', ROOT / "docs")
    assert missing_sections('(retrieval.md, "Round 2")', ROOT / "src")
    assert not missing_sections('docs/retrieval.md "Relevance\n    floor" and TOOLS.md "Limits"', ROOT / "src")
