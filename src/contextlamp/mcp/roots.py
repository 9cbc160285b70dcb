"""The repository a local (stdio) server's calls route to (issue #27.3, docs/routing.md): the client's MCP roots
when it gives any, else the folder the server was started in, both read by ``hooks.repo.workspace_repository``
(the one rule the CLI uses too).

A client that starts its servers outside the workspace (VS Code's user servers, Cline, Claude Desktop) names the
workspace through the roots capability instead. Each tool asks for the roots through the SDK's public resolver
API (a ``Resolve(Workspace.roots)`` parameter, ``mcp.server.mcpserver``):

- on protocol revisions up to 2025-11-25 the server sends ``roots/list`` itself (the session's ``send_request``)
  at the first call, keeps the answer (one connection per stdio process), and asks again after
  ``notifications/roots/list_changed``; an error answer, or none within ``ROOTS_TIMEOUT_S``, counts as no roots;
- from 2026-07-28 (no server-initiated requests, no list_changed) the resolver returns the SDK's ``ListRoots``
  marker: the SDK answers the call with ``InputRequiredResult`` and the client retries it with its roots, on every
  call (nothing can say they changed).

A client that declared no roots capability is never asked. Over HTTP nothing here runs: the user is the token's,
and a root (a folder of the client's machine) is never read there.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server.mcpserver import Context, ListRoots
from mcp.shared.message import ServerMessageMetadata
from mcp_types.version import is_version_at_least

from contextlamp.app.state import RepositoryRef
from contextlamp.hooks.repo import find_repository, workspace_repository

logger = logging.getLogger(__name__)

ROOTS_TIMEOUT_S = 5.0  # a client that declared roots but does not answer roots/list: the cwd decides meanwhile
ROOTS_CHANGED = "notifications/roots/list_changed"
INPUT_REQUIRED_REVISION = "2026-07-28"  # the first revision that asks the client through InputRequiredResult
_NO_ROOTS = types.ListRootsResult(roots=[])


class Workspace:
    """Where a stdio server's calls route: one client, one connection per process (the SDK makes a session
    object per request, so the roots are kept here, for the process). ``cwd``: the folder the server was started
    in (None: none readable); its repository is read once, here."""

    def __init__(self, cwd: Path | None) -> None:
        try:
            found = find_repository(cwd) if cwd is not None else None
        except OSError:  # a working directory removed since
            found = None
        self.cwd = cwd
        self.started_in = found.ref() if found is not None else None
        self._known: types.ListRootsResult | None = None
        self._changes = 0
        self._lock = threading.Lock()

    async def roots(self, ctx: Context) -> ListRoots | types.ListRootsResult | None:
        """The resolver of a tool's roots parameter: None when the client declared no roots capability; the
        connection's roots (asked once, until they change) up to 2025-11-25; the SDK's ``ListRoots`` marker
        from 2026-07-28 (the SDK asks the client and injects its answer)."""
        capabilities = ctx.client_capabilities
        if capabilities is None or capabilities.roots is None:
            return None
        version = ctx.protocol_version
        if version is not None and is_version_at_least(version, INPUT_REQUIRED_REVISION):
            return ListRoots()
        with self._lock:
            known, changes = self._known, self._changes
        if known is not None:
            return known
        try:
            with anyio.fail_after(ROOTS_TIMEOUT_S):
                answer = await ctx.session.send_request(
                    types.ListRootsRequest(),
                    types.ListRootsResult,
                    metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
                )
        except Exception as exc:  # an error answer, a malformed one, no answer in time: no roots
            logger.info("roots/list failed: %s", type(exc).__name__)
            answer = _NO_ROOTS
        with self._lock:
            if self._changes == changes:  # not changed meanwhile: kept for the connection
                self._known = answer
        return answer

    def repository(self, roots: types.ListRootsResult | None) -> RepositoryRef | None:
        """The repository of a call whose client gave ``roots`` (None: no roots capability), by
        ``workspace_repository``: the first root in a repository; none when roots were given and none is in
        one; the folder the server was started in when no root is usable."""
        uris = [str(root.uri) for root in roots.roots] if roots is not None else []
        if not uris:
            return self.started_in
        found = workspace_repository(uris, self.cwd)
        return found.ref() if found is not None else None

    async def changed(self, _request: Any, _params: Any) -> None:
        """The ``notifications/roots/list_changed`` handler: the connection's next call asks again."""
        with self._lock:
            self._changes += 1
            self._known = None
