"""What every link of ``MemoryService`` shares: its collaborators (set by ``MemoryService.__init__``), the
argument ranges of spec/TOOLS.md, and the caller of a call.

``MemoryService`` is a chain of links, one concept each, so no module holds more than one job:
``Scoping`` (which stores a call may touch) -> ``Saving`` (save_context) -> ``Sessions`` (save_session,
resume_session) -> ``MemoryService`` (get, list, forget, and the constructor).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from contextlamp.config import Limits
from contextlamp.domain.embedding import Embedder
from contextlamp.domain.models import Principal
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.retrieval.questions import QuestionGenerator
from contextlamp.retrieval.weights import FusionWeights, TrustWeights
from contextlamp.storage import StoreRegistry
from contextlamp.text import kebab

if TYPE_CHECKING:
    from contextlamp.app.indexing import Indexer
    from contextlamp.distill import Distiller

MAX_RESULTS_RANGE = (1, 50)  # spec/TOOLS.md get_context
MAX_CHARS_RANGE = (200, 200_000)  # get_context (ext) max_chars: the packs' text budget, characters
LIST_LIMIT_RANGE = (1, 200)  # spec/TOOLS.md list_context
RESUME_LIMIT_RANGE = (1, 50)  # spec/TOOLS.md resume_session
MAX_SLUG_CHARS = 64
RESTATEMENT_CANDIDATE_MARGIN = 0.1  # folded-cosine margin below the paraphrase threshold (see _restated)
SCOPES = ("personal", "team", "team:<id>", "all")


@dataclass(frozen=True)
class RepositoryRef:
    """The repository a local server or hook runs in (hooks/repo.py reads it from the files): ``identity`` what
    the caller's repository -> project mapping is keyed by (``git:<host>/<owner>/<name>``, ``file:<path>`` or
    ``path:<top folder>``; never a bare name), ``root`` its top folder (absolute), ``name`` the slug a new project
    for it gets, ``owner`` the remote's owner (the slug's fallback when ``name`` is taken) or None."""

    identity: str
    root: str
    name: str
    owner: str | None = None


@dataclass(frozen=True)
class Caller:
    """Who is calling and from where: the principal (from the transport) and the client's surface
    (``claude-code``, ``cursor``, ``cli``; ``unknown`` when the client gave no name). ``client_name`` is the
    name a client gave itself (the MCP ``initialize`` handshake) exactly as given, when ``surface`` was made
    from it: any client may send any text there, so the service scans it for secrets before it records the
    surface (``Scoping._client_surface``); None for surfaces the program names itself (``cli``, ``import``).
    ``repository``: the repository a local (stdio) server was started in, whose project reads fuse and saves go
    to when a call names no project (issue #27.3, ``Scoping._repository_project``); None over HTTP."""

    principal: Principal
    surface: str
    client_name: str | None = None
    repository: RepositoryRef | None = None


def normalise_surface(name: str | None) -> str:
    """A client's surface name: its name in lower-case kebab (``"Claude Code"`` -> ``"claude-code"``), the one
    name its hooks save under on every path: the MCP ``clientInfo.name`` of a client's MCP side loses a trailing
    ``-mcp-client``, ``-mcp`` or ``-client`` (Codex sends ``codex-mcp-client``, Gemini CLI
    ``gemini-cli-mcp-client``, and their hooks save as ``codex`` and ``gemini-cli``), and ``SURFACE_ALIASES``
    names the rest (Cursor's ``cursor-vscode`` is ``cursor``). ``"unknown"`` when empty."""
    surface = kebab(name or "")
    for suffix in SURFACE_SUFFIXES:
        if surface.endswith(suffix) and len(surface) > len(suffix):
            surface = surface[: -len(suffix)]
            break
    return SURFACE_ALIASES.get(surface, surface) or "unknown"


# what MCP clients append to their name in clientInfo (longest first), and names that differ from the hooks'
SURFACE_SUFFIXES = ("-mcp-client", "-mcp", "-client")
SURFACE_ALIASES = {"cursor-vscode": "cursor"}


class ServiceState:
    """The collaborators of ``MemoryService``, typed once for every link of the chain."""

    registry: StoreRegistry
    embedder: Embedder
    scanner: SecretScanner
    limits: Limits
    weights: FusionWeights
    task_ttl_ms: int
    questions: QuestionGenerator
    distiller: Distiller
    clock: Callable[[], int]
    trust_weights: TrustWeights
    team_paraphrase_threshold: float
    auto_supersede_threshold: float
    write_behind: bool  # index what only serves retrieval after the save answers (app/indexing.py)
    indexer: Indexer
