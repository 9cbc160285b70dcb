"""``contextlamp serve --http`` prints its banner only once the port accepts connections, and a port in use is
a clear error at once, without a banner (issue 14 point 6)."""

from __future__ import annotations

import os
import select
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

WAIT_S = 60  # only detects a hang; a loaded machine may be slow to start


def _exe() -> str:
    return shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")


def _start(home: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")},
        "CONTEXTLAMP_HOME": str(home),
        "CONTEXTLAMP_EMBEDDER": "fake",
    }
    return subprocess.Popen(
        [_exe(), "serve", "--http", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,  # unbuffered: the loop selects on the fd, so no line may sit unseen in a Python buffer
    )


def test_the_banner_comes_once_the_port_accepts_connections(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with _start(tmp_path / "home", port) as proc:
        _banner_then_connectable(proc, port)


def _banner_then_connectable(proc: subprocess.Popen[bytes], port: int) -> None:
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + WAIT_S
        banner = ""
        while "MCP at" not in banner:
            ready, _, _ = select.select([proc.stderr], [], [], max(0.0, deadline - time.monotonic()))
            assert ready and proc.poll() is None, "no banner"
            banner = proc.stderr.readline().decode()
        assert f"http://127.0.0.1:{port}/mcp" in banner
        assert httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=WAIT_S).status_code == 200  # at once
    finally:
        proc.terminate()
        proc.wait(timeout=WAIT_S)


def test_a_port_in_use_is_a_clear_error_without_a_banner(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with _start(tmp_path / "home", port) as proc:
            _, err = proc.communicate(timeout=WAIT_S)
    errors = err.decode()
    assert proc.returncode == 1
    assert f"Port {port} on 127.0.0.1 is already in use" in errors and "--port" in errors
    assert "MCP at" not in errors and "Traceback" not in errors
