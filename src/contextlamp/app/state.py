"""The values every collaborator of ``MemoryService`` speaks in: the caller of a call (``Caller``, its
``RepositoryRef``), the surface a client name stands for, and the argument ranges and defaults of spec/TOOLS.md.

``MemoryService`` (app/service.py) is a façade over collaborators, each built with what it needs and nothing
shared through ``self``: ``Arguments`` (app/validate.py: argument checks and secret refusal), ``Scope``
(app/scoping.py: which stores a call may touch), ``Saver`` (app/saving.py: save_context), ``Sessions``
(app/sessions.py: save_session, resume_session), ``Reader`` (app/reading.py: get_context, list_context),
``Entries`` (app/entries.py: one entry by id, its history, forget_context) and ``Views`` (app/views.py: the
dashboard's counts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from contextlamp.domain.models import Kind, Principal
from contextlamp.text import kebab

MAX_RESULTS_RANGE = (1, 50)  # spec/TOOLS.md get_context
MAX_CHARS_RANGE = (200, 200_000)  # get_context (ext) max_chars: the packs' text budget, characters
LIST_LIMIT_RANGE = (1, 200)  # spec/TOOLS.md list_context
RESUME_LIMIT_RANGE = (1, 50)  # spec/TOOLS.md resume_session
MAX_SLUG_CHARS = 64
SCOPES = ("personal", "team", "team:<id>", "all")


# The tools' defaults (spec/TOOLS.md, the "default" columns), each in one place: the façade's and its
# collaborators' signatures name them, and the tools' input schemas publish TOOL_DEFAULTS.


@dataclass(frozen=True)
class SaveContextDefaults:
    """save_context's default (spec/TOOLS.md; ``memory_type``'s depends on ``kind``: ``Saver.prepare``)."""

    kind: Kind = "note"


@dataclass(frozen=True)
class GetContextDefaults:
    """get_context's defaults (spec/TOOLS.md)."""

    max_results: int = 8
    scope: str = "all"
    verified_only: bool = False
    recency: bool = False


@dataclass(frozen=True)
class ListContextDefaults:
    """list_context's defaults (spec/TOOLS.md)."""

    limit: int = 50
    include_superseded: bool = False


@dataclass(frozen=True)
class ResumeSessionDefaults:
    """resume_session's default (spec/TOOLS.md)."""

    limit: int = 5


@dataclass(frozen=True)
class ForgetContextDefaults:
    """forget_context's default (spec/TOOLS.md)."""

    confirm: bool = True


SAVE_CONTEXT = SaveContextDefaults()
GET_CONTEXT = GetContextDefaults()
LIST_CONTEXT = ListContextDefaults()
RESUME_SESSION = ResumeSessionDefaults()
FORGET_CONTEXT = ForgetContextDefaults()
TOOL_DEFAULTS: Mapping[str, Mapping[str, Any]] = {
    "get_context": asdict(GET_CONTEXT),
    "list_context": asdict(LIST_CONTEXT),
    "resume_session": asdict(RESUME_SESSION),
    "forget_context": asdict(FORGET_CONTEXT),
}
"""tool name -> argument -> the default its input schema publishes (save_context's ``kind`` is published in
its description only, so the schema keeps its shape)."""


@dataclass(frozen=True)
class RepositoryRef:
    """The repository a local server or hook runs in (hooks/repo.py reads it from the files): ``identity`` what
    the caller's repository -> project mapping is keyed by (``git:<host>/<owner>/<name>``, ``file:<path>`` or
    ``path:<top folder>``; never a bare name), ``root`` its top folder (absolute), ``name`` the slug a new project
    for it gets, ``owner`` the remote's owner (the slug's fallback when ``name`` is taken) or None, ``former`` the
    identities an older version gave the same repository (hooks/forges.py), found when ``identity`` maps to none."""

    identity: str
    root: str
    name: str
    owner: str | None = None
    former: tuple[str, ...] = ()


@dataclass(frozen=True)
class Caller:
    """Who is calling and from where: the principal (from the transport) and the client's surface
    (``claude-code``, ``cursor``, ``cli``; ``unknown`` when the client gave no name). ``client_name`` is the
    name a client gave itself (the MCP ``initialize`` handshake) exactly as given, when ``surface`` was made
    from it: any client may send any text there, so the service scans it for secrets before it records the
    surface (``Arguments.client_surface``); None for surfaces the program names itself (``cli``, ``import``).
    ``repository``: the repository a local (stdio) server was started in, whose project reads fuse and saves go
    to when a call names no project (issue #27.3, ``Scope.repository_project``); None over HTTP."""

    principal: Principal
    surface: str
    client_name: str | None = None
    repository: RepositoryRef | None = None


def normalise_surface(name: str | None) -> str:
    """A client's surface name: its name in lower-case kebab (``"Claude Code"`` -> ``"claude-code"``), the one
    name its hooks save under on every path: the MCP ``clientInfo.name`` of a client's MCP side loses a trailing
    ``-mcp-client``, ``-mcp`` or ``-client`` (Codex sends ``codex-mcp-client``, Gemini CLI
    ``gemini-cli-mcp-client``, and their hooks save as ``codex`` and ``gemini-cli``), and ``SURFACE_ALIASES``
    names the rest, so a surface is the client's id in ``connect`` (Cursor's ``cursor-vscode`` is ``cursor``, VS
    Code's ``Visual Studio Code`` is ``vscode``). ``"unknown"`` when empty. Entries saved before keep the label
    they were saved with."""
    surface = kebab(name or "")
    for suffix in SURFACE_SUFFIXES:
        if surface.endswith(suffix) and len(surface) > len(suffix):
            surface = surface[: -len(suffix)]
            break
    return SURFACE_ALIASES.get(surface, surface) or "unknown"


# what MCP clients append to their name in clientInfo (longest first), and names that differ from the hooks'
SURFACE_SUFFIXES = ("-mcp-client", "-mcp", "-client")
# (VS Code sends its product name: "Visual Studio Code", "Visual Studio Code - Insiders", "Code - OSS" for builds
# from source; ``connect`` and the catalog call it ``vscode``, clients/catalog.py)
SURFACE_ALIASES = {
    "cursor-vscode": "cursor",
    "visual-studio-code": "vscode",
    "visual-studio-code-insiders": "vscode",
    "code-oss": "vscode",
}
