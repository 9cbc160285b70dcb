"""Ready before the first request (mcp/ready.py): the opening requests are answered from the snapshot of the
SDK's own answers while the SDK loads, the SDK then takes the session over, and every request is answered
exactly once with what the SDK would have answered."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from contextlamp.app.compose import create_app
from contextlamp.config import Settings
from contextlamp.mcp import ready
from contextlamp.mcp.capture import capture
from contextlamp.mcp.tools import build_server, run_stdio

CLAUDE_META: dict[str, Any] = {  # what Claude Code 2.1.332 sends with every request (2026-07-28 over stdio)
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "claude-code", "title": "Claude Code", "version": "2.1.332"},
    "io.modelcontextprotocol/clientCapabilities": {"roots": {"listChanged": True}, "elicitation": {"form": {}}},
}
LISTEN_ALL = {"toolsListChanged": True, "promptsListChanged": True, "resourcesListChanged": True}


def _claude_opening() -> list[dict[str, Any]]:
    """Claude Code 2.1.332's opening, in its order: the discover probe, the subscription, discover, the lists."""
    meta: dict[str, Any] = {"_meta": CLAUDE_META}
    return [
        {"jsonrpc": "2.0", "id": "server-discover-probe-1", "method": "server/discover", "params": meta},
        {
            "jsonrpc": "2.0",
            "id": "listen:0",
            "method": "subscriptions/listen",
            "params": {**meta, "notifications": LISTEN_ALL},
        },
        {"jsonrpc": "2.0", "id": 0, "method": "server/discover", "params": meta},
        {"jsonrpc": "2.0", "id": 1, "method": "prompts/list", "params": meta},
        {"jsonrpc": "2.0", "id": 2, "method": "resources/list", "params": meta},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": meta},
    ]


def _codex_opening() -> list[dict[str, Any]]:
    """Codex 0.171.0's opening (the 2025-06-18 handshake)."""
    init: dict[str, Any] = {
        "protocolVersion": "2025-06-18",
        "capabilities": {"elicitation": {"form": {}, "url": {}}},
        "clientInfo": {"name": "codex-mcp-client", "title": "Codex", "version": "0.171.0"},
    }
    return [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": init},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": {"progressToken": 0}}},
    ]


def _server(home: Path) -> Any:
    settings = Settings(home=home, embedder="fake")  # pyright: ignore[reportCallIssue]
    service = create_app(settings).service
    principal = service.principal(settings.user)
    return build_server(service, lambda _ctx: principal)


def test_the_snapshot_is_the_sdks_answers_today(tmp_path: Path) -> None:
    """The shipped snapshot equals a fresh capture of the SDK's answers with the default settings: a changed
    description, schema or SDK fails here (regenerate with python scripts/write_ready_snapshot.py)."""
    settings = Settings(home=tmp_path, embedder="fake")  # pyright: ignore[reportCallIssue]
    key = ready.snapshot_key(settings.limits().model_dump(mode="json"), settings.task_ttl_ms)
    shipped = ready.load_snapshot(key)
    assert shipped, "ready.json is missing or its key is not the default settings' (contextlamp/SDK version?)"
    assert shipped == capture(_server(tmp_path / "home"))


def test_other_settings_get_no_early_answers(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="fake", max_content_bytes=1000)  # pyright: ignore[reportCallIssue]
    assert (
        ready.load_snapshot(ready.snapshot_key(settings.limits().model_dump(mode="json"), settings.task_ttl_ms)) == {}
    )


def _serve(home: Path, log: Any) -> subprocess.Popen[str]:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {**os.environ, "CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_EMBEDDER": "fake", "CONTEXTLAMP_USER": "me"}
    return subprocess.Popen(
        [exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True, env=env
    )


def _until(proc: subprocess.Popen[str], wanted: set[Any]) -> list[dict[str, Any]]:
    """Every message the server writes until each id of ``wanted`` was answered."""
    assert proc.stdout is not None
    seen: list[dict[str, Any]] = []
    while wanted - {m.get("id") for m in seen if "method" not in m}:
        line = proc.stdout.readline()
        assert line, f"the server ended before answering {wanted}"
        seen.append(json.loads(line))
    return seen


def _answer_roots(request: dict[str, Any], got: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The retry of ``request`` a 2026-07-28 client sends when its answer asks for input (``input_required``: the
    client's roots, docs/routing.md), with the roots it has (none here) and the server's state; None otherwise."""
    result = next((m.get("result") or {} for m in got if m.get("id") == request["id"]), {})
    if result.get("resultType") != "input_required":
        return None
    asked = result.get("inputRequests") or {}
    assert all(r["method"] == "roots/list" for r in asked.values()), asked  # only roots are ever asked
    params = {**request["params"], "inputResponses": {key: {"roots": []} for key in asked}}
    if "requestState" in result:
        params["requestState"] = result["requestState"]
    return {**request, "id": f"{request['id']}-retry", "params": params}


@pytest.mark.parametrize("opening", [_claude_opening, _codex_opening], ids=["claude-code", "codex"])
def test_a_real_clients_opening_is_answered_once_each_and_the_session_goes_on(tmp_path: Path, opening: Any) -> None:
    """The opening gets the snapshot's answers (the SDK's), each request exactly one answer and the
    subscription one acknowledgement, nothing else on stdout; a tool call after it reaches the service with
    the client's name, and a list asked again after the hand-over is the same list."""
    requests = opening()
    modern = "_meta" in requests[0]["params"]
    meta: dict[str, Any] = {"_meta": CLAUDE_META} if modern else {}
    call = {"name": "save_context", "arguments": {"content": "We deploy on Tuesdays"}}
    later: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {**meta, **call}},
        {"jsonrpc": "2.0", "id": 11, "method": "tools/list", "params": dict(meta)},
        {
            "jsonrpc": "2.0",
            "id": 12,
            "method": "tools/call",
            "params": {**meta, "name": "get_context", "arguments": {"query": "when do we deploy"}},
        },
    ]
    log_path = tmp_path / "stderr.log"
    with log_path.open("w") as log, _serve(tmp_path / "home", log) as proc:
        assert proc.stdin is not None
        started = time.monotonic()
        proc.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        proc.stdin.flush()
        asked = {r["id"] for r in requests if "id" in r and r["method"] != "subscriptions/listen"}
        opened = _until(proc, asked)
        rest: list[dict[str, Any]] = []
        for request in later:  # one at a time: 2026-07-28 requests may run concurrently
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            got = _until(proc, {request["id"]})
            retry = _answer_roots(request, got)
            if retry is not None:  # asked for its roots (docs/routing.md): answered and retried, as Claude Code does
                proc.stdin.write(json.dumps(retry) + "\n")
                proc.stdin.flush()
                got = [m for m in got if m.get("id") != request["id"]] + _until(proc, {retry["id"]})
                got = [{**m, "id": request["id"]} if m.get("id") == retry["id"] else m for m in got]
            rest += got
        proc.stdin.close()
        tail = [json.loads(line) for line in proc.stdout or [] if line.strip()]
        proc.wait(timeout=60)
    assert time.monotonic() - started < 120
    assert "differed" not in log_path.read_text()  # every early answer, initialize included, was the SDK's
    messages = [*opened, *rest, *tail]
    answered = [m["id"] for m in messages if "method" not in m and m.get("id") != "listen:0"]
    assert sorted(map(str, answered)) == sorted(map(str, asked | {10, 11, 12})), "each request answered once"
    acks = [m for m in messages if m.get("method") == "notifications/subscriptions/acknowledged"]
    assert len(acks) == (1 if modern else 0)
    assert not [m for m in messages if str(m.get("method", "")).endswith("list_changed")]  # the snapshot held
    by_id = {m["id"]: m for m in messages if "method" not in m}
    tools = by_id[3 if modern else 1]["result"]["tools"]
    assert {t["name"] for t in tools} >= {"save_context", "get_context"}
    assert by_id[11]["result"]["tools"] == tools
    assert not by_id[10]["result"].get("isError"), by_id[10]
    pack = by_id[12]["result"]["structuredContent"]["packs"][0]
    assert pack["text"] == "We deploy on Tuesdays"
    assert pack["source_surface"].startswith("claude-code" if modern else "codex")  # the handshake reached the SDK


def test_a_stale_snapshot_is_corrected_by_list_changed(tmp_path: Path) -> None:
    """An early answer the SDK does not give (a snapshot that no longer matches the code) is found at the
    hand-over: logged, and the client is told the list changed; asked again, it gets the SDK's list."""
    server = _server(tmp_path / "home")
    answers = capture(server)
    stale = json.loads(json.dumps(answers))
    stale["tools/list 2025-06-18"]["tools"][0]["description"] = "an old description"
    to_server_r, to_server_w = os.pipe()
    from_server_r, from_server_w = os.pipe()
    wire = ready.Wire(to_server_r, from_server_w)
    wire.start()
    early = ready.EarlyAnswers(wire, stale)
    requests: list[dict[str, Any]] = [
        *_codex_opening(),
        {"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {}},
    ]
    os.write(to_server_w, "".join(json.dumps(r) + "\n" for r in requests[:3]).encode())
    reader = os.fdopen(from_server_r, encoding="utf-8")
    first = [json.loads(reader.readline()) for _ in range(2)]  # answered before the SDK runs at all
    assert first[1]["result"]["tools"][0]["description"] == "an old description"

    thread = threading.Thread(target=anyio.run, args=(run_stdio, server, early), daemon=True)
    thread.start()
    seen = [json.loads(reader.readline())]  # the hand-over's comparison
    os.write(to_server_w, (json.dumps(requests[3]) + "\n").encode())  # the client asks again
    while 5 not in [m.get("id") for m in seen]:
        seen.append(json.loads(reader.readline()))
    os.close(to_server_w)
    thread.join(timeout=60)
    reader.close()
    for fd in (to_server_r, from_server_w):
        os.close(fd)
    assert [m.get("method") for m in seen if "method" in m] == ["notifications/tools/list_changed"]
    assert [m["result"] for m in seen if m.get("id") == 5] == [answers["tools/list 2025-06-18"]]
    assert [m.get("id") for m in seen if "method" not in m] == [5]  # the replayed initialize's answer was dropped


def test_other_settings_are_answered_early_from_the_second_start(tmp_path: Path) -> None:
    """Settings the shipped snapshot does not match: the first start waits for the SDK and leaves this data
    directory its own capture (mcp-ready.json); the second start answers the opening from it, the same answers."""
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    home = tmp_path / "home"
    env = {
        **os.environ,
        "CONTEXTLAMP_HOME": str(home),
        "CONTEXTLAMP_EMBEDDER": "fake",
        "CONTEXTLAMP_MAX_TAGS": "33",
        "CONTEXTLAMP_LOG_LEVEL": "DEBUG",
    }
    opening = "".join(json.dumps(r) + "\n" for r in _codex_opening())
    runs: list[tuple[list[dict[str, Any]], str]] = []
    for run in range(2):
        log_path = tmp_path / f"stderr-{run}.log"
        with (
            log_path.open("w") as log,
            subprocess.Popen(
                [exe, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True, env=env
            ) as proc,
        ):
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(opening)
            proc.stdin.flush()
            answers = [json.loads(proc.stdout.readline()) for _ in range(2)]
            proc.stdin.close()
            proc.wait(timeout=120)
        runs.append((answers, log_path.read_text()))
        assert (home / "mcp-ready.json").exists()
    (first, first_log), (second, second_log) = runs
    assert "0 opening requests were answered before the SDK ran" in first_log
    assert "2 opening requests were answered before the SDK ran" in second_log
    assert "differed" not in second_log
    assert first == second and first[1]["result"]["tools"][0]["inputSchema"]["properties"]["tags"]["maxItems"] == 33
