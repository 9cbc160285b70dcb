"""save_session and resume_session: distil a transcript into memories through the save path and record
its digest; list and load digests; rewrite digests when a learning is forgotten. A collaborator of
``MemoryService`` (app/service.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from contextlamp.app.distilling import Distil, InProcess
from contextlamp.app.saving import Saver
from contextlamp.app.scoping import Scope
from contextlamp.app.state import RESUME_LIMIT_RANGE, RESUME_SESSION, Caller
from contextlamp.app.validate import Arguments, check_int, check_text
from contextlamp.distill import session_label, session_summary
from contextlamp.domain.embedding import bulk_work
from contextlamp.domain.models import (
    Learning,
    NewEntry,
    Principal,
    ResumeResult,
    SaveSessionResult,
    SessionDetail,
    SessionDigest,
    SessionInfo,
)
from contextlamp.errors import InvalidArgumentError
from contextlamp.storage import Store
from contextlamp.text import new_id

if TYPE_CHECKING:
    from contextlamp.distill import Distiller

logger = logging.getLogger(__name__)


class Sessions:
    """Sessions: a transcript distilled (``distiller``) into memories saved through ``saver``, and its digest
    kept in the caller's personal store (``scope``); ``clock`` gives ms since the epoch."""

    def __init__(
        self, scope: Scope, arguments: Arguments, saver: Saver, distiller: Distiller, clock: Callable[[], int]
    ) -> None:
        self.scope = scope
        self.arguments = arguments
        self.saver = saver
        self.clock = clock
        self.distil: Distil = InProcess(arguments.scanner, distiller)

    def distil_apart(self, distil: Distil) -> None:
        """Run each transcript's distillation with ``distil`` from now on (the HTTP server's
        ``app.distilling.DistillWorkers``: worker processes, so other users' calls are not held behind it); the
        default runs it in the calling thread (``InProcess``). The same items either way."""
        self.distil = distil

    def save_session(
        self,
        caller: Caller,
        transcript: Any,
        source_surface: Any = None,
        project: Any = None,
        session_id: Any = None,
    ) -> SaveSessionResult:
        """Distil a whole session into durable memories and record its digest (spec/TOOLS.md save_session).

        Items holding a secret are dropped; the transcript itself is never stored. A session that taught more
        than ``rank.MAX_ITEMS`` items keeps the most valuable (distill/rank.py) and says in (ext) ``left_out``
        how many it did not keep (the field is present only then).

        A re-save of the same session extends its one digest instead of recording a second (``_continued``):
        (ext) ``session_id``, the id an earlier save of this session returned (a hook's pre-compact save, then
        its session-end save), names it; without it, a save whose learnings include every learning of the
        caller's newest digest from the same surface (the whole transcript sent again, grown or not) is
        taken as a re-save of that session. The result then carries that digest's id.

        Raises:
            InvalidArgumentError: a bad argument, or a ``session_id`` that names none of the caller's
                sessions (nothing is stored).
        """
        text = check_text("transcript", transcript, self.arguments.limits.max_transcript_bytes)
        surface = self.arguments.surface(source_surface) or self.arguments.client_surface(caller)
        project_ref = self.arguments.ref("project", project) if project is not None else None
        self.arguments.refuse_secrets(source_surface=source_surface, project=project_ref)
        continued = self._continued_session(caller.principal, session_id) if session_id is not None else None
        target = self.scope.named_project(caller, project)
        if target is None:  # no project named: the repository's project of a local server, else personal
            target = self.scope.repository_project(caller, create=True)
            if target is not None:
                extra_scope: dict[str, Any] = {"scope": f"project:{target.id}"}
            else:
                extra_scope = {}
        else:
            extra_scope = {}
        store_id = target.id if target else caller.principal.user_id
        distilled = self.distil(text)  # the heavy, pure-Python step (app/distilling.py): here or in a worker
        items, left_out = distilled.items, distilled.left_out
        extra: dict[str, Any] = {"left_out": left_out} if left_out else {}  # set only when some were left out
        if distilled.removed:
            extra["secrets_removed"] = list(distilled.removed)
        extra.update(extra_scope)
        saved = deduped = 0
        kept: list[Any] = []
        learnings: list[tuple[str, str]] = []
        item_caller = Caller(caller.principal, surface)
        prepared: list[tuple[Any, NewEntry]] = []
        store: Store | None = None
        for item in items:
            try:
                store, entry = self.saver.prepare(
                    item_caller,
                    item.content,
                    item.memory_type,
                    item.kind,
                    item.topic,
                    None,
                    None,
                    target and target.id,
                    None,
                )
            except InvalidArgumentError as exc:  # e.g. an over-long item; the rest of the session still counts
                logger.info("distilled item not saved: %s", exc.field)
                continue
            prepared.append((item, entry))
        with bulk_work():
            fused = self.saver.fused(caller, store) if store is not None and target is not None else None
            results = self.saver.store_all(store, [e for _, e in prepared], (), fused) if store is not None else []
        for (item, _), result in zip(prepared, results, strict=True):
            if (store_id, result.id) in learnings:
                continue
            learnings.append((store_id, result.id))
            kept.append(item)
            deduped, saved = deduped + result.deduped, saved + (not result.deduped)
        if not learnings:
            return SaveSessionResult(saved=0, deduped=0, total=0, **extra)
        personal = self.scope.personal(caller.principal).store
        if continued is None:
            newest = personal.sessions(1, None, surface)
            if newest and newest[0].learnings and set(newest[0].learnings) <= set(learnings):
                continued = newest[0]  # the same transcript sent again (grown or not): the same session
        if continued is not None:
            digest = self._extended(caller.principal, continued, learnings)
            personal.replace_session(digest)
        else:
            digest = SessionDigest(
                id=new_id("ses"),
                label=session_label(kept),
                summary=session_summary(kept),
                source_surface=surface,
                created_at=self.clock(),
                learnings=tuple(learnings),
            )
            personal.put_session(digest)
        return SaveSessionResult(saved=saved, deduped=deduped, total=len(learnings), session_id=digest.id, **extra)

    def _continued_session(self, principal: Principal, session_id: Any) -> SessionDigest:
        """The digest a save names with (ext) ``session_id`` to continue it.

        Raises:
            InvalidArgumentError: not an id, or none of the caller's sessions.
        """
        wanted = self.arguments.ref("session_id", session_id)
        digest = self.scope.personal(principal).store.get_session(wanted) if wanted else None
        if digest is None:
            raise InvalidArgumentError(
                "session_id", "names none of your sessions (give a session_id an earlier save_session returned)"
            )
        return digest

    def _extended(self, principal: Principal, digest: SessionDigest, learnings: list[tuple[str, str]]) -> SessionDigest:
        """``digest`` with this save's learnings after its own (each once; ones forgotten since left out), its
        label and summary rebuilt over all of them; its id, surface and time kept."""
        refs = list(dict.fromkeys([*digest.learnings, *learnings]))
        entries = self.scope.learnings(principal, refs)
        present = {e.id for e in entries}
        return SessionDigest(
            id=digest.id,
            label=session_label(entries) if entries else digest.label,
            summary=session_summary(entries) if entries else digest.summary,
            source_surface=digest.source_surface,
            created_at=digest.created_at,
            learnings=tuple(ref for ref in refs if ref[1] in present),
        )

    def resume_session(
        self,
        caller: Caller,
        session_id: Any = None,
        limit: Any = RESUME_SESSION.limit,
        since: Any = None,
        source_surface: Any = None,
    ) -> ResumeResult:
        """Recent session digests, or one session in full with its learnings that still exist.

        Raises:
            InvalidArgumentError: a bad argument, or a session_id that is unknown (or another user's).
        """
        personal = self.scope.personal(caller.principal).store
        if session_id is not None:
            wanted = self.arguments.ref("session_id", session_id)
            digest = personal.get_session(wanted) if wanted else None
            if digest is None:
                raise InvalidArgumentError("session_id", "names none of your sessions (give a session_id it returned)")
            learnings = [
                Learning(id=e.id, text=e.content, memory_type=e.memory_type, kind=e.kind)
                for e in self.scope.learnings(caller.principal, digest.learnings)
            ]
            return ResumeResult(
                session=SessionDetail(
                    session_id=digest.id,
                    label=digest.label,
                    summary=digest.summary,
                    source_surface=digest.source_surface,
                    ts=digest.created_at,
                    learnings=learnings,
                )
            )
        size = check_int("limit", limit, *RESUME_LIMIT_RANGE)
        if since is not None and (isinstance(since, bool) or not isinstance(since, int) or not 0 <= since < 2**63):
            given = since if isinstance(since, int) and not isinstance(since, bool) else type(since).__name__
            raise InvalidArgumentError(
                "since", f"must be a time in ms since the Unix epoch (integer from 0 to 2**63 - 1), got {given}"
            )
        surface = self.arguments.surface(source_surface)
        return ResumeResult(
            sessions=[
                SessionInfo(
                    session_id=d.id,
                    label=d.label,
                    summary=d.summary,
                    source_surface=d.source_surface,
                    ts=d.created_at,
                    learnings_count=len(self.scope.learnings(caller.principal, d.learnings)),
                )
                for d in personal.sessions(size, since, surface)
            ]
        )

    def forget_in_digests(self, principal: Principal, entry_id: str) -> None:
        """Rebuild the label and summary of every session that listed a forgotten entry, without its text."""
        personal = self.scope.personal(principal).store
        for digest in personal.sessions_with(entry_id):
            remaining = self.scope.learnings(principal, [ref for ref in digest.learnings if ref[1] != entry_id])
            label = session_label(remaining) if remaining else "Session"
            summary = session_summary(remaining) if remaining else ""
            personal.rewrite_session(digest.id, label, summary, entry_id)
