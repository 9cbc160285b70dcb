"""The stdio transport: requests read from the process's stdin by a daemon thread (so Ctrl-C stops the server
at once), their unpaired surrogate escapes scrubbed, answered on stdout. Nothing but protocol bytes reach stdout:
logging goes to stderr.
"""

from __future__ import annotations

import codecs
import os
import re
import threading
from collections.abc import AsyncIterator

import anyio
import anyio.from_thread
import anyio.lowlevel
from anyio.lowlevel import EventLoopToken
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server import MCPServer
from mcp.server.stdio import stdio_server

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


class StdinLines:
    """The process's stdin as text lines (UTF-8, undecodable bytes as U+FFFD, lone surrogate escapes scrubbed),
    read with ``os.read`` by a daemon thread that hands each line to the event loop.

    A blocking read cannot be cancelled. Read in an anyio worker thread (``anyio.wrap_file``), it kept Ctrl-C from
    stopping ``contextlamp serve`` on a terminal: the server waited for the read to return, and the interpreter
    for the thread at exit. Nobody waits for this thread, so cancellation stops the server at once; ``os.read``
    takes no lock of ``sys.stdin``'s that interpreter shutdown could need. Lines are split in time linear in
    the input.
    """

    def __init__(self, fd: int = 0) -> None:
        self._fd = fd

    async def __aiter__(self) -> AsyncIterator[str]:
        send, receive = anyio.create_memory_object_stream[str](16)
        token = anyio.lowlevel.current_token()
        reader = threading.Thread(target=self._pump, args=(send, token), name="contextlamp-stdin", daemon=True)
        reader.start()
        with receive, send:  # closed here too: the thread may never come back from its read
            async for line in receive:
                yield scrub_json_surrogates(line)

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


async def run_stdio(server: MCPServer) -> None:
    """Serve ``server`` over stdio like ``MCPServer.run("stdio")``, reading requests through
    ``scrub_json_surrogates`` so a request no JSON parser here accepts still gets an answer."""
    lowlevel = server._lowlevel_server  # pyright: ignore[reportPrivateUsage]  (the SDK's own run_stdio_async does this)
    async with stdio_server(stdin=StdinLines()) as (read_stream, write_stream):  # type: ignore[arg-type]
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
