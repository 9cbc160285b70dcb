"""The stdio transport: requests read from the process's stdin by a daemon thread (so Ctrl-C stops the server
at once), their unpaired surrogate escapes scrubbed, answered on stdout. Nothing but protocol bytes reach stdout:
logging goes to stderr.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any

import anyio
import anyio.from_thread
import anyio.lowlevel
import mcp_types as types
from anyio.lowlevel import EventLoopToken
from anyio.streams.memory import MemoryObjectSendStream
from mcp import stdio_server
from mcp.server import Server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

if TYPE_CHECKING:
    from contextlamp.mcp.ready import EarlyAnswers

# A JSON \\uD800-\\uDFFF escape without its partner: valid to JavaScript (a cut emoji), rejected by the SDK's JSON
# parser, which then answers nothing and leaves the client waiting. Replaced by U+FFFD before parsing.
_LONE_SURROGATE = re.compile(
    r"(?<!\\)\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<![\\]u[dD][89abAB][0-9a-fA-F]{2})(?<!\\)\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def scrub_json_surrogates(line: str) -> str:
    """A JSON text with every unpaired surrogate escape (``\\ud800``) replaced by ``\\ufffd``."""
    return _LONE_SURROGATE.sub(r"\\ufffd", line) if "\\u" in line else line


STDIN_CHUNK_BYTES = 64 * 1024  # one os.read; a request line may span many
Feed = Callable[[Callable[[str | None], None]], None]
"""Starts handing lines to ``forward`` from another thread (``forward(None)``: the end of input); for
``StdinLines`` fed by ``mcp.ready`` or an in-memory script instead of a file descriptor."""


class StdinLines:
    """The process's stdin as text lines (UTF-8, undecodable bytes as U+FFFD, lone surrogate escapes scrubbed),
    read with ``os.read`` by a daemon thread that hands each line to the event loop.

    A blocking read cannot be cancelled. Read in an anyio worker thread (``anyio.wrap_file``), it kept Ctrl-C from
    stopping ``contextlamp serve`` on a terminal: the server waited for the read to return, and the interpreter
    for the thread at exit. Nobody waits for this thread, so cancellation stops the server at once; ``os.read``
    takes no lock of ``sys.stdin``'s that interpreter shutdown could need. Lines are split in time linear in
    the input.
    """

    def __init__(
        self, fd: int = 0, answer: Callable[[str], Awaitable[None]] | None = None, feed: Feed | None = None
    ) -> None:
        self._fd = fd
        self._answer = answer
        self._feed = feed

    async def __aiter__(self) -> AsyncIterator[str]:
        send, receive = anyio.create_memory_object_stream[str](16)
        token = anyio.lowlevel.current_token()
        if self._feed is not None:

            def forward(line: str | None) -> None:
                if line is None:
                    anyio.from_thread.run_sync(send.close, token=token)
                else:
                    anyio.from_thread.run(send.send, line, token=token)

            self._feed(forward)
        else:
            reader = threading.Thread(target=self._pump, args=(send, token), name="contextlamp-stdin", daemon=True)
            reader.start()
        with receive, send:  # closed here too: the thread may never come back from its read
            async for line in receive:
                line = scrub_json_surrogates(line)
                if self._answer is not None and line.strip() and unreadable(line):
                    await self._answer(line)  # the SDK would drop it and answer nothing
                    continue
                yield line

    def _pump(self, send: MemoryObjectSendStream[str], token: EventLoopToken) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        partial: list[str] = []  # the current line's pieces so far
        try:
            while True:
                try:
                    chunk = os.read(self._fd, STDIN_CHUNK_BYTES)
                except OSError:  # EIO once a terminal hangs up, EBADF without a stdin: the end of input
                    chunk = b""
                pieces = decoder.decode(chunk, final=not chunk).split("\n")
                for piece in pieces[:-1]:
                    anyio.from_thread.run(send.send, "".join(partial) + piece, token=token)
                    partial.clear()
                partial.append(pieces[-1])
                if not chunk:
                    if rest := "".join(partial):
                        anyio.from_thread.run(send.send, rest, token=token)
                    anyio.from_thread.run_sync(send.close, token=token)
                    return
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, RuntimeError):
            return  # the server stopped listening (or its event loop is gone): nothing left to hand over


def unreadable(line: str) -> bool:
    """Whether the SDK's own parser (``jsonrpc_message_adapter``, pydantic's JSON parser) refuses ``line``:
    not JSON, JSON it cannot read (nested deeper than its recursion limit, a number out of its range), or no
    JSON-RPC message. Its stdio transport then logs the error and answers nothing, so the client waits for
    ever for the reply to that id."""
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except (ValidationError, ValueError):
        return True
    return False


def refusal(line: str) -> types.JSONRPCError:
    """The JSON-RPC 2.0 error (section 5.1) for a line ``unreadable`` refused: ``-32700`` (parse error) when
    Python's parser cannot read it either (deep nesting and long numbers included), else ``-32600`` (invalid
    request); its ``id`` is the line's top-level ``"id"`` when one can be found (``request_id``), else null.
    The message never quotes the line (it may hold a secret)."""
    request = request_id(line)
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        code, message = types.PARSE_ERROR, "Parse error: the message is not JSON this server can read"
        message += " (nested too deeply, a number too long, or not JSON at all)"
    else:
        code, message = types.INVALID_REQUEST, "Invalid request: not a JSON-RPC 2.0 message this server accepts"
    return types.JSONRPCError(jsonrpc="2.0", id=request, error=types.ErrorData(code=code, message=message))


_SCALAR_ID = re.compile(r'\s*:\s*(?:(-?\d{1,18})(?![\d.eE])|"((?:[^"\\]|\\.){0,200})")')
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)


def request_id(line: str) -> int | str | None:
    """The top-level ``"id"`` member of a JSON object text, found without parsing it (the text may be too deep
    or hold numbers too long to parse): a string of at most 200 characters or an integer of at most 18
    digits, else None. One pass over the text: ``_JSON_TOKEN`` jumps over whole strings and brackets, its
    string alternatives disjoint and possessive, and an unterminated string runs to the end of the text (so
    no quote inside it is ever a new start: ``"\\"\\"\\"…`` is read once, not once per quote)."""
    depth = 0
    for match in _JSON_TOKEN.finditer(line):
        token = match.group()
        if token in "[{":
            depth += 1
        elif token in "]}":
            depth -= 1
        elif depth == 1 and token == '"id"':
            value = _SCALAR_ID.match(line, match.end())
            if value is None:
                return None
            if value.group(1) is not None:
                return int(value.group(1))
            try:
                return str(json.loads(f'"{value.group(2)}"'))
            except ValueError:
                return None
    return None


class _LineWriter:
    """The SDK's stdout for ``stdio_server``: each message line goes to ``write`` (in a worker thread, as the
    SDK's own writer does), unless ``drop`` says it was answered already (``mcp.ready``)."""

    def __init__(self, write: Callable[[str], None], drop: Callable[[str], bool] | None = None) -> None:
        self._write = write
        self.drop = drop

    async def write(self, text: str) -> None:
        line = text.rstrip("\n")
        if not line or (self.drop is not None and self.drop(line)):
            return
        await anyio.to_thread.run_sync(self._write, line)

    async def flush(self) -> None:
        return None


def _early_feed(early: EarlyAnswers, writer: _LineWriter) -> Feed:
    """Hands the wire over from ``early`` (held lines first); the SDK's answers to what it answered already
    are dropped by ``writer``."""

    def feed(forward: Callable[[str | None], None]) -> None:
        writer.drop = early.hand_over(forward)

    return feed


def _script_feed(lines: Iterable[str]) -> Feed:
    """Hands ``lines`` on from a thread, read lazily (the iterable may wait for answers before it ends)."""

    def feed(forward: Callable[[str | None], None]) -> None:
        def pump() -> None:
            for line in lines:
                forward(line)
            forward(None)

        threading.Thread(target=pump, name="contextlamp-script", daemon=True).start()

    return feed


async def run_stdio(
    server: Server[Any],
    early: EarlyAnswers | None = None,
    lines: Iterable[str] | None = None,
    write: Callable[[str], None] | None = None,
) -> None:
    """Serve ``server`` (``mcp.wire``) over stdio like ``MCPServer.run("stdio")``, reading requests through
    ``scrub_json_surrogates`` so a request no JSON parser here accepts still gets an answer, and answering a
    line the SDK's parser still refuses with a JSON-RPC error (``refusal``) instead of the SDK's silence.

    Args:
        early: the wire as ``mcp.ready`` claimed it, with the opening requests it answered before the SDK
            loaded; the SDK takes it over (``EarlyAnswers.hand_over``). None: the SDK claims stdin and stdout.
        lines, write: an in-memory session instead (``mcp.capture.capture``): the request lines (read lazily, in
            a thread), and where each answer line goes; the server stops once ``lines`` ends.
    """
    replies: list[Callable[[SessionMessage], Awaitable[None]]] = []
    ready = anyio.Event()

    async def answer(line: str) -> None:
        await ready.wait()
        try:
            await replies[0](SessionMessage(refusal(line)))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            return  # the server is stopping

    writer: _LineWriter | None = None
    feed: Feed | None = None
    if early is not None:
        writer = _LineWriter(early.wire.write)
        feed = _early_feed(early, writer)
    elif lines is not None and write is not None:
        writer = _LineWriter(write)
        feed = _script_feed(lines)
    stdin = StdinLines(answer=answer, feed=feed)
    async with stdio_server(stdin=stdin, stdout=writer) as (read_stream, write_stream):  # type: ignore[arg-type]
        replies.append(write_stream.send)
        ready.set()
        await server.run(read_stream, write_stream, server.create_initialization_options())
