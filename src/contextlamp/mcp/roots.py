"""The repository a local (stdio) server's calls route to (issue #27.3, docs/routing.md): the client's MCP roots
when it gives any, else the folder the server was started in, both read by ``hooks.repo.workspace_repository``
(the one rule the CLI uses too).

A client that starts its servers outside the workspace (VS Code's user servers, Cline, Claude Desktop) names the
workspace through the roots capability instead. Each tool call of a client that declared that capability asks
for its roots, through the SDK's public session and result types, so a change counts from the next call and
nothing is kept between calls (no ``notifications/roots/list_changed`` handler is needed):

- up to protocol revision 2025-11-25 the server sends ``roots/list`` (``ServerSession.send_request``, from the
  tool's worker thread through ``anyio.from_thread``); an error answer, or none within ``ROOTS_TIMEOUT_S``,
  counts as no roots;
- from 2026-07-28 (no server-initiated requests) the call answers ``InputRequiredResult`` asking ``roots/list``
  and the client retries it with its roots (``Context.input_responses``).

Over HTTP nothing here runs: the user is the token's, and a root (a folder of the client's machine) is never read
there.
"""

from __future__ import annotations

import logging
from pathlib import Path

import anyio
import anyio.from_thread
import mcp_types as types
from mcp.server.mcpserver import Context
from mcp.shared.message import ServerMessageMetadata
from mcp_types.version import is_version_at_least

from contextlamp.app.state import RepositoryRef
from contextlamp.hooks.repo import find_repository, workspace_repository

logger = logging.getLogger(__name__)

ROOTS_TIMEOUT_S = 5.0  # a client that declared roots but does not answer roots/list: the cwd decides meanwhile
INPUT_REQUIRED_REVISION = "2026-07-28"  # the first revision that asks the client through InputRequiredResult
ROOTS_KEY = "roots"  # the key of the roots request in an InputRequiredResult


class Workspace:
    """Where a stdio server's calls route. ``cwd``: the folder the server was started in (None: none readable);
    its repository is read once, here."""

    def __init__(self, cwd: Path | None) -> None:
        try:
            found = find_repository(cwd) if cwd is not None else None
        except OSError:  # a working directory removed since
            found = None
        self.cwd = cwd
        self.started_in = found.ref() if found is not None else None

    def roots(self, ctx: Context) -> types.ListRootsResult | types.InputRequiredResult | None:
        """The client's roots for this call, from the tool's worker thread: None when it declared no roots
        capability (or gave no answer); up to 2025-11-25 its answer to ``roots/list``; from 2026-07-28 its roots
        sent with the retried call, else the ``InputRequiredResult`` that asks for them (the tool returns it)."""
        capabilities = ctx.client_capabilities
        if capabilities is None or capabilities.roots is None:
            return None
        version = ctx.protocol_version
        if version is not None and is_version_at_least(version, INPUT_REQUIRED_REVISION):
            given = (ctx.input_responses or {}).get(ROOTS_KEY)
            if given is None:
                return types.InputRequiredResult(input_requests={ROOTS_KEY: types.ListRootsRequest()})
            return given if isinstance(given, types.ListRootsResult) else None
        return anyio.from_thread.run(self._list_roots, ctx)

    @staticmethod
    async def _list_roots(ctx: Context) -> types.ListRootsResult | None:
        try:
            with anyio.fail_after(ROOTS_TIMEOUT_S):
                return await ctx.session.send_request(
                    types.ListRootsRequest(),
                    types.ListRootsResult,
                    metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
                )
        except Exception as exc:  # an error answer, a malformed one, no answer in time: no roots
            logger.info("roots/list failed: %s", type(exc).__name__)
            return None

    def repository(self, roots: types.ListRootsResult | None) -> RepositoryRef | None:
        """The repository of a call whose client gave ``roots`` (None: no roots capability), by
        ``workspace_repository``: the first root in a repository; none when roots were given and none is in
        one; the folder the server was started in when no root is usable."""
        uris = [str(root.uri) for root in roots.roots] if roots is not None else []
        if not uris:
            return self.started_in
        found = workspace_repository(uris, self.cwd)
        return found.ref() if found is not None else None
