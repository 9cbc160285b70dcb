"""``contextlamp serve`` over stdio stops at the first Ctrl-C (issue 12 point 19): on a terminal (a
pseudo-terminal here) it says once, on stderr, that it waits for an MCP client; on a pipe it says nothing and
speaks MCP. Either way it logs on stderr where memory lives (issue 14 point 5). Nothing but protocol ever
reaches stdout."""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import anyio
import pytest

from contextlamp.mcp.stdio import StdinLines

EXIT_WAIT_S = 60  # only detects a hang (the old server never exited); a loaded machine may be slow to start
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}},
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def _exe() -> str:
    return shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a background test runner may have ignored SIGINT for children


def _serve(home: Path, stdin: Any, **extra_env: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_EMBEDDER": "fake", **extra_env}
    return subprocess.Popen(
        [_exe(), "serve"],
        bufsize=0,  # unbuffered pipes: `_line` selects on the fd, so no line may sit unseen in a Python buffer
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=_default_sigint,
    )


def _line(stream: IO[bytes], timeout_s: float) -> bytes:
    ready, _, _ = select.select([stream], [], [], timeout_s)
    assert ready, "no line within the time limit"
    return stream.readline()


def _tool_call(request_id: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    params = {"name": name, "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def _replies(stdout: IO[bytes]) -> Iterator[dict[str, Any]]:
    for raw in stdout:
        yield json.loads(raw)


def test_ctrl_c_stops_serve_on_a_terminal_after_one_waiting_line(tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        proc = _serve(tmp_path / "home", slave)
    finally:
        os.close(slave)
    with proc:
        _stops_at_ctrl_c_on_a_terminal(proc, master, tmp_path / "home")
    os.close(master)


def _stops_at_ctrl_c_on_a_terminal(proc: subprocess.Popen[bytes], terminal: int, home: Path) -> None:
    try:
        assert proc.stdout is not None and proc.stderr is not None
        first = _line(proc.stderr, EXIT_WAIT_S).decode()
        assert "waiting for an MCP client" in first and "Ctrl-C" in first and first.count("\n") == 1
        where = _line(proc.stderr, EXIT_WAIT_S).decode()  # issue 14 point 5: then where memory lives
        assert f"data {home}," in where and "backend sqlite" in where and where.count("\n") == 1
        os.write(terminal, json.dumps(INITIALIZE).encode() + b"\n")  # typed at the terminal
        assert json.loads(_line(proc.stdout, EXIT_WAIT_S))["id"] == 1  # served: now blocked reading the next line
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=EXIT_WAIT_S)
        assert proc.returncode in (0, 130)
        rest = proc.stderr.read().decode()
        assert "Traceback" not in rest and "KeyboardInterrupt" not in rest
        assert rest == ""  # the waiting line and the location line on stderr, nothing after them
        assert proc.stdout.read() == b""  # nothing but the one reply on stdout
    finally:
        if proc.poll() is None:
            proc.kill()


def test_ctrl_c_stops_serve_on_a_pipe_mid_session_without_a_line(tmp_path: Path) -> None:
    with _serve(tmp_path / "home", subprocess.PIPE) as proc:
        _stops_at_ctrl_c_mid_session(proc)


def _stops_at_ctrl_c_mid_session(proc: subprocess.Popen[bytes]) -> None:
    try:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdin.write((json.dumps(INITIALIZE) + "\n" + json.dumps(INITIALIZED) + "\n").encode())
        proc.stdin.write((json.dumps(_tool_call(2, "list_context", {})) + "\n").encode())
        proc.stdin.flush()
        replies = _replies(proc.stdout)
        assert next(replies)["id"] == 1
        assert next(replies)["result"]["structuredContent"] == {"items": [], "next_cursor": None}
        proc.send_signal(signal.SIGINT)  # the client is still connected: stdin stays open
        proc.wait(timeout=EXIT_WAIT_S)
        assert proc.returncode in (0, 130)
        errors = proc.stderr.read().decode()
        assert "waiting for an MCP client" not in errors and "Traceback" not in errors
    finally:
        if proc.poll() is None:
            proc.kill()


def test_serve_logs_where_memory_lives_on_stderr_only(tmp_path: Path) -> None:
    home = tmp_path / "data dir"
    with _serve(home, subprocess.PIPE, CONTEXTLAMP_USER="dana") as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
        proc.stdin.close()
        assert json.loads(proc.stdout.readline())["id"] == 1
        assert proc.wait(timeout=EXIT_WAIT_S) == 0
        assert proc.stdout.read() == b""  # stdout: the one reply, nothing else
        errors = proc.stderr.read().decode()
    (line,) = [x for x in errors.splitlines() if "INFO" in x]  # logged at INFO, shown at the default level
    assert f"data {home}," in line and "user dana," in line and line.endswith("backend sqlite")


def test_the_location_line_follows_the_log_level(tmp_path: Path) -> None:
    with _serve(tmp_path / "home", subprocess.PIPE, CONTEXTLAMP_LOG_LEVEL="ERROR") as proc:
        _, errors = proc.communicate(json.dumps(INITIALIZE).encode() + b"\n", timeout=EXIT_WAIT_S)
    assert proc.returncode == 0 and "backend" not in errors.decode()


def test_serve_on_a_pipe_answers_long_lines_and_ends_with_its_input(tmp_path: Path) -> None:
    content = "Marker " + "\u00e9" * 16_000  # 32,007 bytes: the line spans os.read chunks, split inside characters
    requests = [
        INITIALIZE,
        INITIALIZED,
        _tool_call(2, "save_context", {"content": content}),
        _tool_call(3, "save_context", {"content": "x" * 1_000_000}),  # a 1 MB line still gets its answer
        _tool_call(4, "save_context", {"content": content}),  # same bytes at other chunk offsets: same content
    ]
    with _serve(tmp_path / "home", subprocess.PIPE) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        stdin = proc.stdin
        writer = threading.Thread(
            target=lambda: stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in requests))
        )
        writer.start()  # a pipe holds 64 KiB: write while the answers are read
        replies: dict[Any, dict[str, Any]] = {}
        for reply in _replies(proc.stdout):  # requests run concurrently: answers come in any order
            replies[reply.get("id")] = reply
            if {2, 3, 4} <= replies.keys():
                break
        writer.join()
        stdin.close()
        assert proc.wait(timeout=EXIT_WAIT_S) == 0  # the end of its input ends the server
        assert proc.stdout.read() == b""
        assert "waiting for an MCP client" not in proc.stderr.read().decode()
    saves = [replies[n]["result"]["structuredContent"] for n in (2, 4)]  # concurrent: either may come first
    assert saves[0]["id"] == saves[1]["id"] and sorted(s["deduped"] for s in saves) == [False, True]
    assert replies[3]["result"]["isError"] is True


def _read_lines(chunks: list[bytes], pause_s: float = 0.0) -> list[str]:
    read_fd, write_fd = os.pipe()

    def write() -> None:
        for chunk in chunks:
            os.write(write_fd, chunk)
            time.sleep(pause_s)
        os.close(write_fd)

    writer = threading.Thread(target=write)
    writer.start()

    async def main() -> list[str]:
        with anyio.fail_after(60):
            return [line async for line in StdinLines(read_fd)]

    try:
        return anyio.run(main)
    finally:
        writer.join()
        os.close(read_fd)


def test_stdin_lines_reassemble_characters_and_lines_split_across_reads() -> None:
    e_acute = "\u00e9".encode()
    chunks = [b'{"a": "caf', e_acute[:1], e_acute[1:] + b'"}\n{"b"', b": 1}\n\xff\n", b'{"c": "\\ud83d"}\n', b"tail"]
    assert _read_lines(chunks, pause_s=0.01) == ['{"a": "caf\u00e9"}', '{"b": 1}', "\ufffd", '{"c": "\\ufffd"}', "tail"]


@pytest.mark.parametrize("size", [1, 70_000, 3_000_000])
def test_stdin_lines_pass_long_lines_whole(size: int) -> None:
    line = "y" * size
    assert _read_lines([line.encode() + b"\n", line.encode() + b"\n"]) == [line, line]


def test_stdin_lines_stop_when_cancelled_while_the_read_blocks() -> None:
    read_fd, write_fd = os.pipe()  # nothing is ever written: the reader thread blocks in os.read

    async def main() -> None:
        with anyio.move_on_after(0.5):
            async for _ in StdinLines(read_fd):
                pass

    try:
        anyio.run(main)  # returns: the old reader (a worker-thread read) would wait here for a line forever
    finally:
        os.close(write_fd)
