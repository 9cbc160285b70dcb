"""Capturing the SDK's own answers to the opening requests (the snapshot ``mcp/ready.py`` answers from): this
server's SDK ``Server`` (``mcp.wire``) is run over its own stdio transport (``mcp.stdio.run_stdio``) in memory
with scripted sessions. Apart from ``ready`` because it needs the transport, which ``ready`` (loaded before the
SDK) must not import; ``scripts/write_ready_snapshot.py`` writes the shipped snapshot with it, ``remember`` a data
directory's.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from contextlamp.mcp.ready import (
    ACKNOWLEDGED,
    HANDSHAKE_VERSIONS,
    LISTEN,
    LISTS,
    MODERN_VERSIONS,
    SUBSCRIPTION_META,
    VERSION_META,
    EarlyAnswers,
    write_snapshot,
)

logger = logging.getLogger(__name__)


def remember(early: EarlyAnswers, server: Any, cache: Path) -> None:
    """After a start that had no snapshot for its settings: capture ``server``'s answers (about 0.1 s) into
    ``cache``, so the next start with these settings answers early too. Failures are logged at debug only (a
    read-only data directory, a PostgreSQL server without one): the next start just waits for the SDK again."""
    if early.answers:
        return
    try:
        write_snapshot(capture(server), early.key, cache)
    except Exception as exc:
        logger.debug("the ready snapshot could not be written to %s: %s", cache, type(exc).__name__)


CAPTURE_CLIENT = {"name": "contextlamp-ready", "version": "1"}
CAPTURE_TIMEOUT_S = 60.0
LISTEN_ALL = {"toolsListChanged": True, "promptsListChanged": True, "resourcesListChanged": True}  # Claude Code's


def _capture_sessions() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """The scripted sessions ``capture`` runs: one per handshake version (initialize, initialized, the lists)
    and one per modern version (discover and the lists with the per-request envelope)."""
    for version in HANDSHAKE_VERSIONS:
        init = {"protocolVersion": version, "capabilities": {}, "clientInfo": CAPTURE_CLIENT}
        yield (
            version,
            [
                {"jsonrpc": "2.0", "id": "initialize", "method": "initialize", "params": init},
                {"jsonrpc": "2.0", "method": "notifications/initialized"},
                *({"jsonrpc": "2.0", "id": m, "method": m, "params": {}} for m in LISTS),
            ],
        )
    for version in MODERN_VERSIONS:
        meta = {
            VERSION_META: version,
            "io.modelcontextprotocol/clientInfo": CAPTURE_CLIENT,
            "io.modelcontextprotocol/clientCapabilities": {},
        }
        listen = {"_meta": meta, "notifications": LISTEN_ALL}
        yield (
            version,
            [{"jsonrpc": "2.0", "id": m, "method": m, "params": {"_meta": meta}} for m in ("server/discover", *LISTS)]
            + [{"jsonrpc": "2.0", "id": LISTEN, "method": LISTEN, "params": listen}],
        )


def capture(server: Any) -> dict[str, Any]:
    """The SDK's answers of ``server`` (``mcp.wire``'s ``Server``) to every scripted opening request, run over this
    server's own stdio transport (``mcp.stdio.run_stdio``) in memory: ``"<method> <version>"`` -> result."""
    import anyio

    from contextlamp.mcp.stdio import run_stdio

    answers: dict[str, Any] = {}
    for version, requests in _capture_sessions():
        written: list[str] = []
        asked = sum("id" in r for r in requests)  # a subscription is answered by its acknowledgement
        done = threading.Event()

        def write(line: str, written: list[str] = written, asked: int = asked, done: threading.Event = done) -> None:
            written.append(line)
            if sum('"id"' in w or ACKNOWLEDGED in w for w in written) >= asked:
                done.set()

        def lines(requests: list[dict[str, Any]] = requests, done: threading.Event = done) -> Iterator[str]:
            yield from (json.dumps(r) for r in requests)
            done.wait(CAPTURE_TIMEOUT_S)  # the end of input cancels what is still running: wait for the answers

        async def session(lines: Callable[[], Iterator[str]] = lines, write: Callable[[str], None] = write) -> None:
            await run_stdio(server, lines=lines(), write=write)

        anyio.run(session)
        for line in written:
            message = json.loads(line)
            if "id" in message and "result" in message:
                answers[f"{message['id']} {version}"] = message["result"]
            elif message.get("method") == ACKNOWLEDGED:
                ack = message["params"]
                ack.get("_meta", {}).pop(SUBSCRIPTION_META, None)
                answers[f"{LISTEN} {version}"] = {"notifications": LISTEN_ALL, "ack": ack}
    return answers
