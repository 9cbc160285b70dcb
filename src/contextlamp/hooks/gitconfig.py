"""git's own URL rewriting (``url.<base>.insteadOf``), read from git's configuration files without running git
(issue #27.3; breaker stop 40 finding 9).

A remote written with a shorthand (``gh:acme/payroll`` under ``[url "git@github.com:"] insteadOf = gh:``) is
fetched by git from the rewritten address, so that address is the repository's identity: two clones of one
repository, one cloned with the shorthand, are one project. git-config(1), "url.<base>.insteadOf": a URL that
starts with the value is rewritten to start with ``<base>`` instead; of several matching values the longest wins;
one ``<base>`` may have several values.

Files read, in git's order (git-config(1) "FILES"; later files win only for single-valued keys, and insteadOf
values all count): the system file (``$GIT_CONFIG_SYSTEM``, else ``/etc/gitconfig``; none under
``GIT_CONFIG_NOSYSTEM``), the global ones (``$GIT_CONFIG_GLOBAL``, else ``$XDG_CONFIG_HOME/git/config``, default
``~/.config/git/config``, and ``~/.gitconfig``), then the repository's own ``config``; each file's ``[include]
path`` files are read where they are included (a relative path from the including file's folder, ``~/`` the home
folder), at most ``MAX_INCLUDE_DEPTH`` deep as git allows. Conditional includes (``[includeIf "…"]``) are not
followed: their conditions need git's view of the repository. A file over ``MAX_CONFIG_BYTES`` or unreadable
counts as empty. No subprocess, no network.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

MAX_CONFIG_BYTES = 1024 * 1024  # a configuration file larger than this is not read
MAX_INCLUDE_DEPTH = 10  # git's own limit on nested includes (config.c, MAX_INCLUDE_DEPTH)
MAX_REWRITES = 1000  # insteadOf values kept at most (a configuration is a few)
_SECTION = re.compile(r'\[\s*([A-Za-z0-9.-]+)\s*(?:"((?:[^"\\\n]|\\.)*)")?\s*\]')
_KEY = re.compile(r"([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$")


def config_files(git_dir: Path | None) -> list[Path]:
    """The configuration files git reads for a repository whose (common) git directory is ``git_dir`` (None:
    only the system and global ones), in git's order (module doc)."""
    env = os.environ
    files: list[Path] = []
    if not env.get("GIT_CONFIG_NOSYSTEM"):
        files.append(Path(env.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig"))
    if env.get("GIT_CONFIG_GLOBAL"):
        files.append(Path(os.path.expanduser(env["GIT_CONFIG_GLOBAL"])))
    else:
        xdg = env.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
        files += [Path(xdg) / "git" / "config", Path(os.path.expanduser("~/.gitconfig"))]
    if git_dir is not None:
        files.append(git_dir / "config")
    return files


def rewrites(files: list[Path]) -> list[tuple[str, str]]:
    """The ``(prefix, base)`` pairs of every ``url.<base>.insteadOf`` value in ``files`` and what they include,
    at most ``MAX_REWRITES``. Never raises."""
    found: list[tuple[str, str]] = []
    for path in files:
        for section, subsection, key, value in _entries(path, 0):
            if section == "url" and subsection is not None and key == "insteadof" and value:
                found.append((value, subsection))
                if len(found) >= MAX_REWRITES:
                    return found
    return found


def rewritten(url: str, pairs: list[tuple[str, str]]) -> str:
    """``url`` as git fetches it: the longest ``prefix`` it starts with replaced by its ``base`` (the first such
    pair on a tie, git's order), else unchanged."""
    best: tuple[str, str] | None = None
    for prefix, base in pairs:
        if url.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, base)
    return best[1] + url[len(best[0]) :] if best is not None else url


def _entries(path: Path, depth: int) -> Iterator[tuple[str, str | None, str, str]]:
    """``(section, subsection, key, value)`` of each entry of one file, its includes read in place: section and
    key lower case, the subsection as written (``[section.sub]``, git's older form, lower case)."""
    try:
        if path.stat().st_size > MAX_CONFIG_BYTES:
            return
        text = path.read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError):
        return
    for section, subsection, key, value in _parse(text):
        yield section, subsection, key, value
        if section == "include" and subsection is None and key == "path" and value and depth < MAX_INCLUDE_DEPTH:
            included = Path(os.path.expanduser(value))
            yield from _entries(included if included.is_absolute() else path.parent / included, depth + 1)


def _parse(text: str) -> Iterator[tuple[str, str | None, str, str]]:
    """The entries of a git configuration text (git-config(1) "CONFIGURATION FILE"): ``[section "sub"]`` or
    ``[section.sub]`` headers, ``key = value`` lines (a key alone is ``true``), ``#`` and ``;`` comments outside
    quotes, double quotes and the escapes ``\\"``, ``\\\\``, ``\\n``, ``\\t``, a line ending in ``\\`` continued.
    Lines it cannot read are skipped. Linear."""
    section, subsection = "", None
    lines = iter(text.splitlines())
    for raw in lines:
        line = raw.strip()
        while line.endswith("\\") and not line.endswith("\\\\"):  # a value continued on the next line
            line = line[:-1] + next(lines, "").strip()
        header = _SECTION.match(line)
        if header is not None:
            name, sub = header.group(1), header.group(2)
            if sub is None and "." in name:
                name, _, rest = name.partition(".")
                section, subsection = name.lower(), rest.lower()
            else:
                section = name.lower()
                subsection = re.sub(r"\\(.)", r"\1", sub) if sub is not None else None
            line = line[header.end() :].strip()
            if not line:
                continue
        if not section or not line or line[0] in "#;":
            continue
        entry = _KEY.match(line)
        if entry is not None:
            value = _value(entry.group(2)) if entry.group(2) is not None else "true"
            yield section, subsection, entry.group(1).lower(), value


def _value(raw: str) -> str:
    """A value as git reads it: quotes removed, escapes decoded, a comment outside quotes dropped, the value
    trimmed at its ends."""
    out: list[str] = []
    quoted = False
    escapes = {"n": "\n", "t": "\t", "b": "\b", '"': '"', "\\": "\\"}
    i = 0
    while i < len(raw):
        char = raw[i]
        if char == "\\" and i + 1 < len(raw):
            out.append(escapes.get(raw[i + 1], raw[i + 1]))
            i += 2
            continue
        if char == '"':
            quoted = not quoted
        elif char in "#;" and not quoted:
            break
        else:
            out.append(char)
        i += 1
    return "".join(out).strip()
