"""Which repository a session ran in, and the project it maps to (issue #15.4), read from the files alone.

A folder is in a git repository when it or a parent holds ``.git``: a directory (a normal clone) or a file
``gitdir: <path>`` (a worktree or a submodule; git-worktree(1), gitrepository-layout(5)). The project is named
after the repository: the last path component of its remote's URL (``origin`` first, else the first remote in
the config; ``.git`` suffix dropped), else the name of its top-level folder. A worktree's config is the main
repository's (its git directory's ``commondir`` names it). No git subprocess is run: a hook must be fast and
git may not be installed.
"""

from __future__ import annotations

import configparser
import os
import re
from dataclasses import dataclass
from pathlib import Path

MAX_CONFIG_BYTES = 1024 * 1024  # a .git/config larger than this is not read (a name falls back to the folder)
_SECTION = re.compile(r'remote\s+"(?P<name>[^"]*)"')


@dataclass(frozen=True)
class Repository:
    """A repository: ``root`` its top-level folder (absolute, resolved), ``name`` the project name it maps to
    (the remote's repository name, else the folder's name), ``remote`` the remote URL's repository name or None."""

    root: Path
    name: str
    remote: str | None


def find_repository(cwd: Path) -> Repository | None:
    """The repository ``cwd`` is in (``cwd`` or its nearest parent holding ``.git``), else None. Never raises
    on unreadable files: what cannot be read counts as absent."""
    try:
        start = cwd.resolve()
    except (OSError, RuntimeError):
        return None
    for folder in (start, *start.parents):
        dot_git = folder / ".git"
        try:
            if dot_git.is_dir():
                git_dir: Path | None = dot_git
            elif dot_git.is_file():
                git_dir = _gitdir_of(dot_git)
            else:
                continue
        except OSError:
            continue
        remote = _remote_name(git_dir) if git_dir is not None else None
        return Repository(root=folder, name=remote or _top_folder_name(folder, git_dir), remote=remote)
    return None


def _top_folder_name(folder: Path, git_dir: Path | None) -> str:
    """The name of the repository's top-level folder: for a worktree, the main checkout's (the folder whose
    ``.git`` is the shared git directory), so every worktree of one repository maps to one project."""
    if git_dir is not None and git_dir != folder / ".git":
        common = _common_dir(git_dir)
        if common.name == ".git" and common.parent.name:
            return common.parent.name
    return folder.name or "root"


def _gitdir_of(dot_git_file: Path) -> Path | None:
    """The git directory a ``.git`` file names (``gitdir: <path>``, relative to the file's folder), or None."""
    try:
        first = dot_git_file.read_text(encoding="utf-8", errors="replace")[:4096].splitlines()[0]
    except (OSError, IndexError):
        return None
    key, _, value = first.partition(":")
    if key.strip() != "gitdir" or not value.strip():
        return None
    path = Path(value.strip())
    return Path(os.path.normpath(path if path.is_absolute() else dot_git_file.parent / path))


def _common_dir(git_dir: Path) -> Path:
    """The git directory holding the shared config: ``commondir`` of a worktree's git directory, else itself."""
    try:
        common = (git_dir / "commondir").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return git_dir
    if not common:
        return git_dir
    path = Path(common)
    return Path(os.path.normpath(path if path.is_absolute() else git_dir / path))


def _remote_name(git_dir: Path) -> str | None:
    """The repository name of the remote in ``<git dir>/config`` (``origin``, else the first one), or None."""
    config = _common_dir(git_dir) / "config"
    try:
        if config.stat().st_size > MAX_CONFIG_BYTES:
            return None
        text = config.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    urls: dict[str, str] = {}
    for section in parser.sections():
        matched = _SECTION.fullmatch(section.strip())
        if matched and parser.has_option(section, "url"):
            urls.setdefault(matched.group("name"), parser.get(section, "url"))
    url = urls.get("origin") or next(iter(urls.values()), None)
    return repository_name(url) if url else None


def repository_name(url: str) -> str | None:
    """The repository name in a remote URL: its last path component without ``.git``
    (``git@github.com:acme/web-app.git`` -> ``web-app``, ``https://host/acme/api`` -> ``api``,
    ``/srv/git/tools.git`` -> ``tools``); None when nothing is left. Linear in the URL's length."""
    trimmed = url.strip().rstrip("/")
    if trimmed.endswith(".git"):
        trimmed = trimmed[:-4]
    last = re.split(r"[/:\\]", trimmed)[-1] if trimmed else ""
    return last or None


FALLBACK_SLUG = "repository"


def project_slug(name: str, max_chars: int = 64) -> str:
    """The project slug of a repository name: its kebab form (``text.kebab``, as a slug given to
    ``save_context`` becomes), cut to ``max_chars``; ``repository`` when no letter or digit is left."""
    from contextlamp.text import kebab

    slug = kebab(name)[:max_chars].strip("-")
    return slug or FALLBACK_SLUG
