"""One of a caller's entries by id: the entry, the older versions it replaced, and forget_context (delete it
completely, or preview it). A collaborator of ``MemoryService`` (app/service.py)."""

from __future__ import annotations

from typing import Any

from contextlamp.app import writes
from contextlamp.app.scoping import Scope
from contextlamp.app.sessions import Sessions
from contextlamp.app.state import FORGET_CONTEXT, Caller
from contextlamp.app.validate import Arguments, check_bool
from contextlamp.domain.models import Entry, ForgetPreview, ForgetResult
from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.text import is_id, title_of

MAX_HISTORY = 100  # older versions shown on an entry's page


class Entries:
    """A caller's entries by id in the stores ``scope`` lets them touch; forgetting one also rewrites the session
    digests that listed it (``sessions``)."""

    def __init__(self, scope: Scope, arguments: Arguments, sessions: Sessions) -> None:
        self.scope = scope
        self.arguments = arguments
        self.sessions = sessions

    def forget_context(
        self, caller: Caller, id: Any, confirm: Any = FORGET_CONTEXT.confirm, project: Any = None
    ) -> ForgetResult:
        """Delete one entry completely, or preview it with ``confirm=False`` (spec/TOOLS.md forget_context).

        An unknown id and another user's id both give ``forgotten: false`` (preview ``null``).

        Raises:
            InvalidArgumentError: a bad argument.
        """
        entry_id = self.arguments.ref("id", id)
        if not entry_id:
            raise InvalidArgumentError("id", "must be an entry id (ctx_…)")
        check_bool("confirm", confirm)
        found = self.scope.find(caller.principal, entry_id, project)
        if found is None and project is None:
            found = self.scope.find_team_learning(caller.principal, entry_id)
        if found is None:
            return ForgetResult(forgotten=False, preview=None) if not confirm else ForgetResult(forgotten=False)
        store, entry = found
        if not confirm:
            return ForgetResult(
                forgotten=False,
                preview=ForgetPreview(
                    id=entry.id,
                    title=title_of(entry.content),
                    memory_type=entry.memory_type,
                    kind=entry.kind,
                    ts=entry.created_at,
                ),
            )
        forgotten = writes.forget(store, entry.id)
        if forgotten:
            self.sessions.forget_in_digests(caller.principal, entry.id)
        return ForgetResult(forgotten=forgotten)

    def get_entry(self, caller: Caller, entry_id: str) -> Entry:
        """One of the caller's entries by id (personal or project), for the CLI's detail view.

        Raises:
            NotFoundError: unknown id, or not the caller's.
        """
        found = self.scope.find(caller.principal, entry_id, None)
        if found is None:
            shown = f" {entry_id}" if is_id(entry_id, "ctx") else " with that id"  # free text may be a secret
            raise NotFoundError(f"No entry{shown} among your memories.")
        return found[1]

    def entry_history(self, caller: Caller, entry_id: str) -> list[Entry]:
        """The older versions one of the caller's entries replaced (its topic history: what it superseded, and
        what those superseded, ...), newest first, at most ``MAX_HISTORY`` of them.

        Raises:
            NotFoundError: unknown id, or not the caller's (as ``get_entry``).
        """
        self.get_entry(caller, entry_id)
        store, _entry = self.scope.find(caller.principal, entry_id, None) or (None, None)
        assert store is not None  # get_entry found it
        older: list[Entry] = []
        seen = {entry_id}
        frontier = [entry_id]
        with store.writer(durable=False) as reader:  # reads only: nothing is written, the transaction is empty
            while frontier and len(older) < MAX_HISTORY:
                replaced = [e for e in reader.replaced_by(frontier.pop()) if e.id not in seen]
                seen.update(e.id for e in replaced)
                older += replaced
                frontier += [e.id for e in replaced]
        return sorted(older, key=lambda e: (-e.created_at, e.id))[:MAX_HISTORY]
