"""Which repository a session ran in, and the project it maps to (issues #15.4, #27.3), read from the files alone.

A folder is in a git repository when it or a parent holds ``.git``: a directory (a normal clone) or a file
``gitdir: <path>`` (a worktree or a submodule; git-worktree(1), gitrepository-layout(5)). A worktree's config is
the main repository's (its git directory's ``commondir`` names it). No git subprocess is run: a hook must be fast
and git may not be installed.

The repository's **identity** (what the caller's repository -> project mapping is keyed by) is its remote's full
normalised address, ``git:<host>[:<port>]/<owner>/<name>`` (``origin`` first, else the first remote in the
config, as git fetches it: rewritten by git's ``url.<base>.insteadOf`` settings, ``hooks.gitconfig``; scheme,
user, password, a default port, a ``www.`` before the host and ``.git`` dropped, lower case:
``git@github.com:Acme/Payroll.git``, ``https://www.github.com/acme/payroll`` and ``gh:acme/payroll`` under
``[url "git@github.com:"] insteadOf = gh:`` are one repository; a forge's documented forms are one:
``hooks.forges``), or for a remote on this machine its absolute path
(``file:/srv/git/tools``); a repository without a remote is its top folder's absolute path (``path:/home/me/x``).
Never a bare folder or repository name: a clone of ``attacker/payroll`` is not the user's ``payroll``. The
project's **name** (the slug a new project gets) is still the remote's last path component, else the top folder's
name; a slug taken by another project gets the remote's owner (``attacker-payroll``) or a number
(``MemoryService.project_for_repository``).
"""

from __future__ import annotations

import configparser
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from contextlamp.hooks.forges import codecommit_identity, former_identity, network_identity

if TYPE_CHECKING:
    from contextlamp.app.state import RepositoryRef

MAX_CONFIG_BYTES = 1024 * 1024  # a .git/config larger than this is not read (a name falls back to the folder)
_SECTION = re.compile(r'remote\s+"(?P<name>[^"]*)"')


@dataclass(frozen=True)
class Repository:
    """A repository: ``root`` its top-level folder (absolute, resolved), ``name`` the project name it maps to
    (the remote's repository name, else the folder's name), ``remote`` the remote URL's repository name or None,
    ``identity`` what it is known by (``git:<host>/<path>``, ``file:<path>`` or ``path:<root>``, module doc),
    ``owner`` the remote's owner (the path component before its name) or None, ``former`` the identities an
    older version gave it (``former_remote``: looked up when ``identity`` maps to nothing yet)."""

    root: Path
    name: str
    remote: str | None
    identity: str = ""
    owner: str | None = None
    former: tuple[str, ...] = ()

    def ref(self) -> RepositoryRef:
        """This repository as the service knows it (``app.state.RepositoryRef``)."""
        from contextlamp.app.state import RepositoryRef

        return RepositoryRef(
            identity=self.identity,
            root=str(self.root),
            name=project_slug(self.name),
            owner=self.owner,
            former=self.former,
        )


def find_repository(cwd: Path) -> Repository | None:
    """The repository ``cwd`` is in (``cwd`` or its nearest parent holding ``.git``), else None. The search stops
    below the user's home folder (``$HOME``, resolved): a repository whose top folder is the home folder or one of
    its parents (a dotfiles repository at ``~``, a machine's configuration under git at ``/``) is no workspace, so
    work in a folder under ``~`` that no other repository holds is personal (docs/routing.md, "The home folder").
    Never raises on unreadable files: what cannot be read counts as absent."""
    try:
        start = cwd.resolve()
    except (OSError, RuntimeError):
        return None
    home = _home()
    for folder in (start, *start.parents):
        if home is not None and (folder == home or folder in home.parents):
            return None
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
        written = _remote_url(git_dir) if git_dir is not None else None
        url = _as_fetched(written, git_dir) if written else None
        remote = repository_name(url) if url else None
        address = normalised_remote(url, folder) if url else None
        formers = [former_remote(url, folder)] if url else []
        if written and url != written:  # what an older version knew the shorthand by still finds its project
            formers += [normalised_remote(written, folder), former_remote(written, folder)]
        former = tuple(dict.fromkeys(f for f in formers if f and f != address))
        return Repository(
            root=folder,
            name=remote or _top_folder_name(folder, git_dir),
            remote=remote,
            identity=address or f"path:{_main_root(folder, git_dir)}",
            owner=_owner_of(address),
            former=former,
        )
    return None


def _as_fetched(url: str, git_dir: Path | None) -> str:
    """The remote URL as git fetches it: rewritten by the ``url.<base>.insteadOf`` values of git's configuration
    files and the repository's own (``gitconfig.rewritten``), else as written."""
    from contextlamp.hooks.gitconfig import config_files, rewrites, rewritten

    pairs = rewrites(config_files(_common_dir(git_dir) if git_dir is not None else None))
    return rewritten(url.strip(), pairs) if pairs else url


def _home() -> Path | None:
    """The user's home folder, resolved (symlinks followed), or None when it cannot be told."""
    try:
        return Path.home().resolve()
    except (OSError, RuntimeError, KeyError):
        return None


def workspace_repository(roots: Sequence[str] | None, cwd: Path | None) -> Repository | None:
    """The repository a client works in (issue #27.3; docs/routing.md), one rule for the MCP server and the CLI:
    the client's ``roots`` (MCP ``roots/list``: ``file://`` URIs, in the client's order) name its workspace, and
    the first root inside a git repository (``find_repository``) gives it; roots the client gave of which none
    is in a repository give none (the client works outside any: personal only). ``cwd`` (the folder the process
    was started in) decides when no root is usable (None, an empty list, or only URIs that name no folder of
    this machine: another scheme or host, a relative path, a folder that does not exist). Never raises."""
    usable = [folder for folder in (root_folder(uri) for uri in roots or ()) if folder is not None]
    for folder in usable:
        found = find_repository(folder)
        if found is not None:
            return found
    if usable or cwd is None:
        return None
    return find_repository(cwd)


def root_folder(uri: str) -> Path | None:
    """The folder of this machine an MCP root names, else None: a ``file:`` URI (host empty or ``localhost``),
    its path percent-decoded as UTF-8 (``%20``, ``%C3%A9`` or ``%c3%a9``; RFC 8089), absolute, an existing
    folder (symlinks are resolved later by ``find_repository``). Linear in the URI's length; never raises."""
    try:
        parts = urlsplit(uri.strip())
    except ValueError:
        return None
    if parts.scheme.lower() != "file" or parts.netloc.lower() not in ("", "localhost"):
        return None
    try:  # bytes that are no UTF-8 name no folder we could have been told about
        folder = Path(unquote(parts.path, errors="strict"))
        return folder if folder.is_absolute() and folder.is_dir() else None
    except (OSError, ValueError):  # undecodable, an unreadable folder, a NUL byte
        return None


def _main_root(folder: Path, git_dir: Path | None) -> Path:
    """The main checkout's top folder of a worktree (its shared git directory's parent), else ``folder``: every
    worktree of a repository without a remote is one repository."""
    if git_dir is not None and git_dir != folder / ".git":
        common = _common_dir(git_dir)
        if common.name == ".git":
            return common.parent
    return folder


def _owner_of(address: str | None) -> str | None:
    """The owner part of a ``git:<host>/<owner>/<name>`` identity (the component before the name), else None."""
    if not address or not address.startswith("git:"):
        return None
    parts = address[4:].split("/")
    return parts[-2] if len(parts) >= 3 and parts[-2] else None


_SCP_LIKE = re.compile(r"(?:(?P<user>[^@/:]+)@)?(?P<host>[^@/:\\]{2,}):(?P<path>(?!//).*)")


def normalised_remote(url: str, root: Path) -> str | None:
    """The identity of a remote URL (module doc): ``git:<host>[:<port>]/<path>`` for a network remote (scheme,
    user, password, a default port and a ``.git`` suffix dropped, the path's ``//`` and ``/`` ends collapsed,
    lower case, a forge's documented forms mapped to one: ``hooks.forges``), ``file:<absolute path>`` for a
    remote on this machine (a path, relative to ``root`` when relative, or a ``file://`` URL); None when no host
    or path is left. Linear in the URL's length; no credential survives."""
    return _identities(url, root)[0]


def former_remote(url: str, root: Path) -> str | None:
    """The identity an older version gave the same remote (port dropped, no forge forms; ``forges.former_identity``)
    when it differs from ``normalised_remote``'s, else None: a mapping stored then is still found."""
    current, former = _identities(url, root)
    return former if former != current else None


def _identities(url: str, root: Path) -> tuple[str | None, str | None]:
    """``(identity, identity an older version gave)`` of a remote URL."""
    text = url.strip()
    if not text:
        return None, None
    codecommit = codecommit_identity(text)
    if codecommit is not None:
        return codecommit, None
    if "://" in text:
        try:
            parts = urlsplit(text)
            host = (parts.hostname or "").lower()
            port = parts.port
        except ValueError:
            return None, None
        if parts.scheme.lower() == "file" or not host:
            local = _local_identity(unquote(parts.path), root)
            return local, local
        path = unquote(parts.path)
        return network_identity(parts.scheme, host, port, path), former_identity(host, path)
    scp = _SCP_LIKE.fullmatch(text)
    if scp and not re.fullmatch(r"[A-Za-z]", scp["host"]):  # ``C:\repo`` is a Windows path, not a host
        return network_identity(None, scp["host"], None, scp["path"]), former_identity(scp["host"], scp["path"])
    local = _local_identity(text, root)
    return local, local


def _local_identity(path: str, root: Path) -> str | None:
    if not path.strip():
        return None
    raw = Path(path)
    full = Path(os.path.normpath(raw if raw.is_absolute() else root / raw))
    text = str(full)
    if text.endswith(".git") and len(text) > 4:
        text = text[:-4].rstrip("/") or text
    return f"file:{text}"


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


def _remote_url(git_dir: Path) -> str | None:
    """The URL of the remote in ``<git dir>/config`` (``origin``, else the first one), or None."""
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
    return urls.get("origin") or next(iter(urls.values()), None)


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
