"""Ready before the first request: the stdio server answers the client's opening requests (``initialize``,
``server/discover``, ``tools/list``, ``prompts/list``, ``resources/list``) from a snapshot of the SDK's own
answers while the SDK and the application still load, then hands the wire to the SDK.

Why: Claude Code and Codex send their first model request about 0.85-0.9 s after they spawn the server
(docs/performance.md, "Ready before the first request"), with whatever tools are listed by then; importing the
MCP SDK alone takes about 0.5-0.65 s on two cores and the whole start 1.1-2.7 s, so the first request of a
session went out without the memory tools.

Why it is sound:

- The snapshot (``ready.json``, written by ``python scripts/write_ready_snapshot.py``) is the SDK's own answers,
  captured by running this server's SDK ``Server`` over its stdio transport (``mcp/capture.py``); a test checks that
  it equals a fresh capture, so it cannot go stale unnoticed. It is used only when its key matches this run:
  contextlamp's and the SDK's versions and every setting the answers depend on (``Settings.limits()`` and the
  task lifetime, which the tool schemas publish). Other settings wait for the SDK on their first start, which
  then leaves the data directory the same capture of its own (``capture.remember``), keyed and checked the same way.
- Only list and handshake requests are answered early, never a tool call, and only the forms the snapshot
  holds (a known protocol version, no pagination cursor); everything else is held and given to the SDK in
  the order it came.
- At the hand-over the SDK sees the session as the client made it: a handshake-era ``initialize`` and its
  ``notifications/initialized`` are replayed to it first (its answer, already sent, is dropped), and each
  early answer is asked of the SDK again under a private id: its answer is dropped from the wire and compared
  with the one sent. A difference is logged as a warning and announced to the client with the
  ``notifications/*/list_changed`` of that list, so the client asks again and gets the SDK's answer.
- Nothing but protocol bytes reaches stdout: the wire is a private duplicate of fd 1, and fd 1 itself points
  at stderr from the first moment (as the SDK's ``stdio_server`` does), so a stray print during the imports
  cannot corrupt it. fd 0 is likewise read through a private duplicate and pointed at the null device.

This module imports no SDK, pydantic or application module: it runs before they load.
"""

from __future__ import annotations

import codecs
import json
import logging
import os
import queue
import secrets
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

logger = logging.getLogger(__name__)

SNAPSHOT_PATH = Path(__file__).with_name("ready.json")
LISTS = ("tools/list", "prompts/list", "resources/list")
LIST_CHANGED = {
    "tools/list": "notifications/tools/list_changed",
    "prompts/list": "notifications/prompts/list_changed",
    "resources/list": "notifications/resources/list_changed",
}
VERSION_META = "io.modelcontextprotocol/protocolVersion"  # the 2026-07-28 per-request envelope's version key
MODERN_VERSIONS = ("2026-07-28",)  # the protocol revisions with the per-request envelope (no handshake)
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
LISTEN = "subscriptions/listen"  # 2026-07-28: the client's long-lived request for list_changed notifications
ACKNOWLEDGED = "notifications/subscriptions/acknowledged"
SUBSCRIPTION_META = "io.modelcontextprotocol/subscriptionId"
READ_CHUNK_BYTES = 64 * 1024
_EOF = object()
_WAKE = object()


def snapshot_key(limits: dict[str, Any], task_ttl_ms: int) -> dict[str, Any]:
    """What the early answers depend on: contextlamp's and the SDK's versions, the input limits (published in
    the tools' schemas) and the task lifetime (in ``save_context``'s description)."""
    from importlib.metadata import version

    from contextlamp import __version__

    return {"contextlamp": __version__, "mcp": version("mcp"), "limits": limits, "task_ttl_ms": task_ttl_ms}


def load_snapshot(key: dict[str, Any], path: Path = SNAPSHOT_PATH) -> dict[str, Any]:
    """The snapshot's answers (``"<method> <protocol version>"`` -> result object) when its key equals ``key``,
    else ``{}`` (nothing is answered early). A missing or unreadable file is ``{}`` too."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if _obj(data).get("key") != json.loads(json.dumps(key)):
        return {}
    return _obj(_obj(data).get("answers"))


def _obj(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else ``{}``."""
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _dumps(message: dict[str, Any]) -> str:
    """One JSON-RPC message as one line, as the SDK writes it (compact, UTF-8 kept)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class Wire:
    """The process's stdin and stdout claimed for the protocol: fd 0 and fd 1 are duplicated to private
    descriptors, fd 0 then points at the null device and fd 1 at stderr (so children read nothing and a
    stray print reaches stderr, never the wire). Lines are read by a daemon thread into a queue; writes are
    whole lines under a lock."""

    def __init__(self, fd_in: int, fd_out: int) -> None:
        self.fd_in = fd_in
        self.fd_out = fd_out
        self.lines: queue.Queue[object] = queue.Queue()
        self._write_lock = threading.Lock()

    @classmethod
    def claim(cls) -> Wire:
        """Claim fd 0 and fd 1 (see the class docstring) and start reading. Best effort, as the SDK's own claim:
        a descriptor that cannot be duplicated (closed) is used as it is (a closed stdin reads as the end)."""
        import fcntl

        try:
            fd_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.close(null)
        except OSError:
            fd_in = 0
        try:
            fd_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
            os.dup2(2, 1)
        except OSError:
            fd_out = 1
        wire = cls(fd_in, fd_out)
        wire.start()
        return wire

    def start(self) -> None:
        """Start the daemon thread that reads ``fd_in`` into ``lines`` (nobody waits for it: a blocking read
        cannot be cancelled, and Ctrl-C must stop the server at once)."""
        threading.Thread(target=self._read, name="contextlamp-stdin", daemon=True).start()

    def _read(self) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        partial: list[str] = []
        while True:
            try:
                chunk = os.read(self.fd_in, READ_CHUNK_BYTES)
            except OSError:  # EIO once a terminal hangs up, EBADF without a stdin: the end of input
                chunk = b""
            pieces = decoder.decode(chunk, final=not chunk).split("\n")
            for piece in pieces[:-1]:
                self.lines.put("".join(partial) + piece)
                partial.clear()
            partial.append(pieces[-1])
            if not chunk:
                if rest := "".join(partial):
                    self.lines.put(rest)
                self.lines.put(_EOF)
                return

    def write(self, line: str) -> None:
        """Write one message line (a newline is added) in full."""
        data = (line.rstrip("\n") + "\n").encode("utf-8")
        with self._write_lock:
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd_out, view) :]


@dataclass
class _Session:
    version: str | None = None  # the handshake's protocol version once initialize was answered early
    replay: list[str] = field(default_factory=lambda: [])  # what the SDK must see first: the handshake
    held: list[object] = field(default_factory=lambda: [])  # lines for the SDK, in order (``_EOF``: the end)
    checks: dict[Any, tuple[str, Any]] = field(default_factory=lambda: {})  # private id -> (method, result sent)
    acks: dict[Any, Any] = field(default_factory=lambda: {})  # subscription id -> the acknowledgement sent


class EarlyAnswers:
    """The dispatcher between the wire and the SDK (see the module docstring): one daemon thread takes every
    line from ``wire.lines``; before ``hand_over`` it answers what ``answers`` holds and keeps the rest, after
    it passes each line on through ``forward`` (held lines first, in order).

    Args:
        wire: the claimed stdin/stdout.
        answers: ``load_snapshot``'s answers (``{}``: nothing is answered early).
    """

    def __init__(self, wire: Wire, answers: dict[str, Any], key: dict[str, Any] | None = None) -> None:
        self.wire = wire
        self.answers = answers
        self.key = key or {}
        self.answered = 0  # requests answered early (for the tests and the log)
        self._session = _Session()
        self._lock = threading.Lock()
        self._forward: Callable[[str | None], None] | None = None
        self._tag = secrets.token_hex(4)
        threading.Thread(target=self._run, name="contextlamp-early", daemon=True).start()

    # -- before the hand-over -------------------------------------------------------------------------------

    def _answer(self, line: str) -> bool:
        """Answer ``line`` from the snapshot when it is one of the forms it holds; True when answered."""
        try:  # Python's parser reads lone surrogate escapes; the SDK gets the line scrubbed (mcp.stdio)
            message = json.loads(line)
        except (ValueError, RecursionError):
            return False
        if not isinstance(message, dict):
            return False
        message = cast(dict[str, Any], message)
        method, request_id = message.get("method"), message.get("id")
        params = message.get("params")
        params = cast(dict[str, Any], params) if isinstance(params, dict) else {}
        session = self._session
        if method == "notifications/initialized" and session.replay:
            session.replay.append(line)
            return True
        if not isinstance(method, str) or not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
            return False
        modern = _obj(params.get("_meta")).get(VERSION_META)
        if method == "initialize" and session.version is None and not session.replay:
            version = params.get("protocolVersion")
            result = self.answers.get(f"initialize {version}") if version in HANDSHAKE_VERSIONS else None
            if result is None:
                return False
            session.version = str(version)
            session.replay.append(line)
            self._send(request_id, result)
            return True
        if method == LISTEN and modern in MODERN_VERSIONS:
            known = self.answers.get(f"{LISTEN} {modern}")
            if not known or params.get("notifications") != _obj(known).get("notifications"):
                return False
            ack = _obj(json.loads(json.dumps(_obj(known).get("ack"))))
            ack["_meta"] = {**_obj(ack.get("_meta")), SUBSCRIPTION_META: request_id}
            self.wire.write(_dumps({"jsonrpc": "2.0", "method": ACKNOWLEDGED, "params": ack}))
            self.answered += 1
            session.acks[request_id] = ack
            session.held.append(line)  # the SDK takes the subscription over at the hand-over
            return True
        if method == "server/discover" or (method in LISTS and "cursor" not in params):
            version = modern if modern in MODERN_VERSIONS else (session.version if modern is None else None)
            result = self.answers.get(f"{method} {version}") if version else None
            if result is None:
                return False
            self._send(request_id, result)
            check = dict(message)
            check["id"] = private = f"contextlamp-ready-{self._tag}-{len(session.checks)}"
            session.checks[private] = (method, result)
            session.held.append(_dumps(check))  # asked of the SDK again at the hand-over, its answer compared
            return True
        return False

    def _answered(self, line: str) -> bool:
        """``_answer``, with any failure (a write to a closed stdout) leaving the line to the SDK."""
        try:
            return self._answer(line)
        except Exception as exc:
            logger.debug("early answer failed (%s): the SDK answers", type(exc).__name__)
            return False

    def _send(self, request_id: Any, result: Any) -> None:
        self.wire.write(_dumps({"jsonrpc": "2.0", "id": request_id, "result": result}))
        self.answered += 1

    # -- the dispatcher thread ----------------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            item = self.wire.lines.get()
            with self._lock:
                forward = self._forward
                if forward is None:
                    if isinstance(item, str):
                        if not self.answers or not self._answered(item):
                            self._session.held.append(item)
                        continue
                    if item is _EOF:  # the end of input, passed on at the hand-over
                        self._session.held.append(_EOF)
                    continue
                pending, self._session.replay, self._session.held = (
                    [*self._session.replay, *self._session.held],
                    [],
                    [],
                )
            try:
                for line in pending:
                    forward(line if isinstance(line, str) else None)
                if item is _EOF:
                    forward(None)
                    return
                if isinstance(item, str):
                    forward(item)
            except Exception:  # the server stopped listening: nothing left to hand over
                return

    # -- the hand-over -----------------------------------------------------------------------------------------

    def hand_over(self, forward: Callable[[str | None], None]) -> Callable[[str], bool]:
        """From now on every line goes to ``forward`` (None: the end of input), replayed and held lines first.

        Returns:
            ``drop(line)``, for the SDK's writer: True when ``line`` is the SDK's answer to a replayed or
            re-asked request (already answered on the wire), which must not be written; a re-asked list whose
            answer differs from the one sent is logged and announced with its ``list_changed`` notification.
        """
        with self._lock:
            session = self._session
            initialize = next(iter(session.replay), None)
            expected: dict[Any, tuple[str, Any]] = dict(session.checks)
            if initialize is not None and session.version is not None:
                request_id = json.loads(initialize).get("id")
                expected[request_id] = ("initialize", self.answers.get(f"initialize {session.version}"))
            acks = dict(session.acks)
            self._forward = forward
        self.wire.lines.put(_WAKE)  # wakes the dispatcher to pass on what it holds, even if no line comes
        logger.debug("%d opening requests were answered before the SDK ran", self.answered)
        lock = threading.Lock()

        def drop(line: str) -> bool:
            with lock:
                if not expected and not acks:
                    return False
                try:
                    message = _obj(json.loads(line))
                except ValueError:
                    return False
                if message.get("method") == ACKNOWLEDGED:
                    params = _obj(message.get("params"))
                    subscription = _obj(params.get("_meta")).get(SUBSCRIPTION_META)
                    if isinstance(subscription, bool) or subscription not in acks:
                        return False
                    method, sent, message = LISTEN, acks.pop(subscription), {"result": params}
                else:
                    request_id = message.get("id")
                    if isinstance(request_id, bool) or request_id not in expected:
                        return False
                    method, sent = expected.pop(request_id)
            if message.get("result") != sent:
                logger.warning(
                    "the early answer to %s differed from the SDK's (the ready snapshot is stale: "
                    "python scripts/write_ready_snapshot.py)",
                    method,
                )
                if method in LIST_CHANGED:
                    self.wire.write(_dumps({"jsonrpc": "2.0", "method": LIST_CHANGED[method]}))
            return True

        return drop


def start(
    limits: dict[str, Any], task_ttl_ms: int, cache: Path | None = None, snapshot: Path = SNAPSHOT_PATH
) -> EarlyAnswers | None:
    """Claim stdin/stdout and start answering from the shipped snapshot when its key matches (``snapshot_key``),
    else from ``cache`` (this data directory's capture, written by ``capture.remember`` after an earlier start
    with these settings). None where descriptors cannot be claimed this way (Windows, no ``fcntl``): the SDK's own stdio
    claim then serves everything, as before."""
    if sys.platform == "win32":
        return None
    wire = Wire.claim()
    key = snapshot_key(limits, task_ttl_ms)
    answers = load_snapshot(key, snapshot) or (load_snapshot(key, cache) if cache is not None else {})
    if not answers:
        logger.debug("no ready snapshot for these settings: the opening requests wait for the SDK")
    return EarlyAnswers(wire, answers, key)


def write_snapshot(answers: dict[str, Any], key: dict[str, Any], path: Path = SNAPSHOT_PATH) -> None:
    """Write ``capture.capture``'s answers with their key (``snapshot_key``) to ``path`` (what
    ``scripts/write_ready_snapshot.py`` does for the default settings)."""
    data = {"key": key, "answers": answers}
    partial = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    partial.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(partial, path)  # whole or not at all: a start reading it meanwhile sees the old file or the new
