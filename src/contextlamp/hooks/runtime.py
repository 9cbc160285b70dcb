"""One hook call from start to exit: read the client's input, check capture, answer, start the save.

``run_hook`` never raises and never blocks past its deadline: the work runs in a daemon thread and the
caller gets the client's default answer (``{}`` or nothing) when it is not done in ``timeout_s`` (a store
locked by another process, a stdin the client never closes, a machine too loaded to open the service in time)
or fails; every failure is logged to ``<home>/logs/hooks.log`` (``log.py``) by exception type, never with
content. A session start past its deadline still records the repository's project: the detached worker does
it (``LATE_START``), so a server started in the repository reads it from the first session on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from contextlamp import printed
from contextlamp.hooks.capture import capture_refusal
from contextlamp.hooks.log import hook_logger
from contextlamp.hooks.output import notice_output, start_output
from contextlamp.hooks.payload import CLIENTS, EVENTS, MAX_PAYLOAD_BYTES, SAVE_EVENTS, parse_payload, read_event
from contextlamp.hooks.saver import LATE_START, SaveJob, read_last, session_key, spawn
from contextlamp.text import now_ms

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService


@dataclass(frozen=True)
class HookConfig:
    """The settings a hook needs before (and without) the application: the data directory, the capture mode
    (``on``/``off``/``opt-in``), the ignored folders, the log level, the deadline in seconds, and what a session
    start reads without the service (the local user, the context budget in tokens, whether the stores are in
    PostgreSQL)."""

    home: Path
    capture: str
    ignored: list[Path]
    log_level: str
    timeout_s: float
    user: str = ""  # the local user; empty: only the service may answer (Settings refuses an empty one)
    context_tokens: int | None = None  # the session start's budget; None: only the service may judge the setting
    database: bool = False  # a database URL is set: the stores are in PostgreSQL, read through the service


# (service, caller whose surface is the client, the context budget in tokens) for a client id
ServiceFactory = Callable[[str], "tuple[MemoryService, Caller, int]"]


def run_hook(
    client: str,
    event: str,
    argv_payload: str | None,
    config: HookConfig,
    open_service: ServiceFactory,
    stdin: IO[str],
    cwd: Path,
) -> str:
    """The text the hook prints for ``client``/``event`` (``argv_payload``: Codex's JSON argument, else the
    payload is read from ``stdin``), within ``config.timeout_s``; the client's default answer on any failure."""
    log = hook_logger(config.home, config.log_level)
    gate = Gate(notice_output(client, None))
    late: list[SaveJob] = []  # what the detached worker finishes when the deadline passes first

    def work() -> None:
        try:
            out = _handle(client, event, argv_payload, config, open_service, stdin, cwd, log, late, gate)
            gate.deliver(out)
        except BaseException as exc:  # never fail the client: log the type (a message may quote content)
            log.error("%s %s failed: %s", _shown(client), _shown(event), type(exc).__name__)
            log.debug("%s %s failure detail: %r", _shown(client), _shown(event), exc)

    worker = threading.Thread(target=work, name="contextlamp-hook", daemon=True)
    worker.start()
    worker.join(config.timeout_s)
    delivered, out = gate.close()  # from here on the worker's state writes are refused (``Gate``)
    if delivered:  # done in time, or a stop whose checkpoint moved just before the deadline: its answer stands
        return out
    if worker.is_alive():
        log.warning(
            "%s %s ran past its %.1f s deadline: answered without it%s",
            _shown(client),
            _shown(event),
            config.timeout_s,
            " (the checkpoint did not move: the next stop judges these turns)" if event == "stop" else "",
        )
        for job in list(late):
            try:
                log.info("%s %s: finished in worker %d", _shown(client), _shown(event), spawn(job))
            except OSError as exc:
                log.warning(
                    "%s %s: the worker could not be started (%s)", _shown(client), _shown(event), type(exc).__name__
                )
        return notice_output(client, None)
    return out


class Gate:
    """The one answer a hook gives, and the state write that must go with it (#27): the write commits only while
    the answer can still reach the client, together with that answer. ``close`` (the deadline) refuses every
    later ``commit`` and ``deliver``; so a stop past its deadline never moves the checkpoint without its request
    reaching the agent: its turns stay new and the next stop judges them."""

    def __init__(self, default: str) -> None:
        self._lock = threading.Lock()
        self._closed = False
        self._out: str | None = None
        self._default = default

    def commit(self, write: Callable[[], None], out: str) -> bool:
        """Run ``write`` and make ``out`` the answer, unless the deadline passed; whether it ran. An error of
        ``write`` propagates (no answer set)."""
        with self._lock:
            if self._closed:
                return False
            write()
            self._out = out
            return True

    def deliver(self, out: str) -> None:
        """Make ``out`` the hook's answer unless the deadline passed first."""
        with self._lock:
            if not self._closed:
                self._out = out

    def close(self) -> tuple[bool, str]:
        """The deadline: whether an answer stands, and the answer (else the client's default)."""
        with self._lock:
            self._closed = True
            return self._out is not None, self._out if self._out is not None else self._default


def _handle(
    client: str,
    event: str,
    argv_payload: str | None,
    config: HookConfig,
    open_service: ServiceFactory,
    stdin: IO[str],
    cwd: Path,
    log: Any,
    late: list[SaveJob],
    gate: Gate,
) -> str:
    if client not in CLIENTS or event not in EVENTS:
        log.warning("unknown hook %s %s (clients: %s; events: %s)", _shown(client), _shown(event), CLIENTS, EVENTS)
        return notice_output(client, None)
    raw = argv_payload if argv_payload is not None else _read_stdin(stdin)
    payload = parse_payload(raw) if len(raw) <= MAX_PAYLOAD_BYTES else None
    if payload is None:
        log.warning("%s %s: the input is not a JSON object (%d characters); nothing done", client, event, len(raw))
        return notice_output(client, None)
    hook = read_event(client, event, payload, cwd)
    refusal = capture_refusal(hook.cwd, config.capture, config.ignored)
    if refusal is not None:
        log.info("%s %s: no capture here (%s)", client, event, refusal)
        return notice_output(client, None)
    if event == "session-start":
        key = session_key(client, hook.session_id, str(hook.transcript_path) if hook.transcript_path else None)
        late.append(SaveJob(client, LATE_START, hook.session_id, "", str(hook.cwd)))
        return _start(client, hook.cwd, config, open_service, log, key)
    if event == "stop":  # a natural pause: ask the agent for its digest when durable things were said (digest.py)
        from contextlamp.hooks.digest import decide, pause_output, read_pause

        key = session_key(client, hook.session_id, str(hook.transcript_path) if hook.transcript_path else None)
        pause = read_pause(client, payload, key, hook.transcript_path)
        cues = decide(pause, config.home, lambda write, found: gate.commit(write, pause_output(client, found)))
        out = pause_output(client, cues)
        log.info("%s stop %s: %s", client, key, f"digest asked ({', '.join(cues)})" if cues else "no digest asked")
        return out
    if event in SAVE_EVENTS:
        from contextlamp.hooks.queue import enqueue  # here, not at import: a stop hook (every agent turn) needs none

        if hook.transcript_path is None or not hook.transcript_path.is_file():
            log.warning("%s %s (%s): no transcript file to read; nothing saved", client, event, hook.detail)
            return notice_output(client, None)
        upto = _size(hook.transcript_path)  # the transcript as it is now: complete up to this hook
        job = SaveJob(client, event, hook.session_id, str(hook.transcript_path), str(hook.cwd), upto)
        try:
            job = enqueue(config.home, job)  # saved in the order the hooks ran, whichever worker runs first
        except OSError as exc:
            log.warning("%s %s: the save could not be queued (%s): saved on its own", client, event, type(exc).__name__)
        pid = spawn(job)
        log.info("%s %s (%s) %s: save started in worker %d", client, event, hook.detail, job.key, pid)
        return notice_output(client, printed.SAVING_NOTICE)
    return notice_output(client, None)


def _start(client: str, cwd: Path, config: HookConfig, open_service: ServiceFactory, log: Any, key: str) -> str:
    """The session start's answer: the context read straight from the SQLite files when they hold everything it
    needs (``context.read_context``: no application, no write, no lock a save holds), else through the
    service, which records the user and the repository's project first."""
    from contextlamp.hooks.clean import remember_injected
    from contextlamp.hooks.context import ServiceRows, build_context, read_context, read_namesake
    from contextlamp.hooks.repo import find_repository, project_slug
    from contextlamp.printed import NAMESAKE_NOTE

    home = config.home
    repository = find_repository(cwd)
    quick = None
    if config.user and config.context_tokens is not None and not config.database:
        quick = read_context(home, config.user, repository, config.context_tokens, now_ms())
    namesake: tuple[str, str] | None = None  # a project of the repository's name it does not read, and its own
    if quick is not None:
        context, project_id = quick
        path = "read"
        if repository is not None and project_id is not None and config.user:
            # the slug as ref() makes it, without building the service's RepositoryRef (pydantic: ~60 ms of CPU here)
            namesake = read_namesake(home, config.user, project_slug(repository.name), project_id)
    else:
        service, caller, budget = open_service(client)
        project = service.project_for_repository(caller, repository.ref()) if repository else None
        project_id = project.id if project else None
        context = build_context(ServiceRows(service, caller), project_id, project.slug if project else None, budget)
        path = "service"
        here = replace(caller, repository=repository.ref()) if repository else caller
        other = service.unread_namesake(here, project) if project else None
        namesake = (other.slug, project.slug) if other and project else None
    log.info(
        "%s session-start: %d memories and %d digests (%d characters) for project %s (%s)",
        client,
        context.memories,
        context.digests,
        len(context.text),
        project_id or "personal",
        path,
    )
    text = context.text  # marked by build_context
    if text:
        try:
            remember_injected(home, key, text)  # capture removes these lines wherever the client puts them
        except OSError as exc:
            log.warning("%s session-start: the injected lines could not be remembered: %s", client, type(exc).__name__)
    message = kept_message(home, project_id, context.memories)
    if namesake is not None:  # said at every session start here until the user reads, moves or removes it
        note = NAMESAKE_NOTE.format(slug=namesake[0], home=namesake[1])
        message = f"{message}\n{note}" if message else note
    return start_output(client, text, message)


def kept_message(home: Path, project_id: str | None, injected: int) -> str | None:
    """What the user is told at session start: what the latest save in this project kept ("contextlamp kept 3
    memories from your last session (2026-12-01; contextlamp session show ses_…)"; with what it left out over one
    save's cap: "(2026-12-01; 20 more left out: one save keeps at most 40; …)") and how many memories were
    added to this session's context; None when there is neither."""
    parts: list[str] = []
    last = read_last(home, project_id)
    if last is not None and isinstance(last.get("total"), int):
        total = int(last["total"])
        when = _day(last.get("at"))
        shown = printed.KEPT_SHOWN.format(id=last["session_id"]) if last.get("session_id") else ""
        noun = "memory" if total == 1 else "memories"
        left_out = last.get("left_out")
        left = (
            printed.KEPT_LEFT_OUT.format(count=left_out, cap=_cap()) if isinstance(left_out, int) and left_out else ""
        )
        parts.append(printed.KEPT_NOTICE.format(total=total, noun=noun, day=when, left=left, shown=shown))
    if injected:
        noun = "memory" if injected == 1 else "memories"
        parts.append(printed.ADDED_NOTICE.format(count=injected, noun=noun))
    return printed.NOTICE_JOIN.join(parts) if parts else None


def _cap() -> int:
    """The most items one save keeps (``distill.rank.MAX_ITEMS``), read only when a save left some out."""
    from contextlamp.distill.rank import MAX_ITEMS

    return MAX_ITEMS


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _read_stdin(stdin: IO[str]) -> str:
    try:
        if stdin.isatty():
            return ""
        return stdin.read(MAX_PAYLOAD_BYTES + 1)
    except (OSError, ValueError, UnicodeDecodeError):
        return ""


def _day(ms: object) -> str:
    if not isinstance(ms, int):
        return "?"
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d")
    except (OverflowError, ValueError, OSError):
        return "?"


def _shown(name: str) -> str:
    """A command-line word as the log may show it: a known id as is, anything else by its length only."""
    return name if name in CLIENTS or name in EVENTS else f"<{len(name)} characters>"
