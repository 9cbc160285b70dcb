"""One client, one surface name (issue #27.6, breaker stop 39 section 10): the name an MCP client sends in
``clientInfo`` becomes the id ``contextlamp connect`` gives the client, so its saves are labelled as ``connect``
and its hooks call it."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import Implementation

from contextlamp.app.state import normalise_surface
from contextlamp.clients.catalog import CLIENTS

EXE = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"
# clientInfo.name as each client sends it (their MCP initialize requests)
SENT = {
    "claude-code": "claude-code",
    "codex-mcp-client": "codex",
    "gemini-cli-mcp-client": "gemini-cli",
    "cursor-vscode": "cursor",
    "Visual Studio Code": "vscode",
    "Visual Studio Code - Insiders": "vscode",
}


def test_each_clients_sent_name_is_its_connect_id() -> None:
    ids = {client.id for client in CLIENTS}
    for sent, expected in SENT.items():
        assert normalise_surface(sent) == expected and expected in ids, sent


def test_vs_code_saves_are_labelled_as_connect_names_it(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.upper().startswith("CONTEXTLAMP_")},
        "CONTEXTLAMP_HOME": str(tmp_path / "data"),
        "CONTEXTLAMP_USER": "dana",
        "CONTEXTLAMP_EMBEDDER": "fake",
    }
    params = StdioServerParameters(command=EXE, args=["serve"], env=env, cwd=tmp_path)

    async def main() -> list[Any]:
        with anyio.fail_after(120):
            info = Implementation(name="Visual Studio Code", version="1.107.0")
            async with Client(params, client_info=info) as client:
                await client.call_tool("save_context", {"content": "The ledger API is deployed with Nomad."})
                found = await client.call_tool("get_context", {"query": "how is the ledger API deployed"})
                return list((found.structured_content or {})["packs"])

    packs = anyio.run(main)
    assert packs and {p["source_surface"] for p in packs} == {"vscode"}
