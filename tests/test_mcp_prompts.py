"""The MCP prompts over a real stdio session: the SDK's client spawns `contextlamp serve` and lists and gets
``remember``, ``recall`` and ``checkpoint`` (mcp/prompts.py)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import GetPromptResult, Implementation, TextContent

GITHUB = "ghp_Zx9Lm2Qr7Tn4Vb8Wc1Yd5Fg3Hj6Kp0Sa2Ue4"


def _server(home: Path) -> StdioServerParameters:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {"CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_USER": "tester", "CONTEXTLAMP_EMBEDDER": "fake"}
    return StdioServerParameters(command=exe, args=["serve"], env=env)


def _text(result: GetPromptResult) -> str:
    assert len(result.messages) == 1 and result.messages[0].role == "user"
    content = result.messages[0].content
    assert isinstance(content, TextContent)
    return content.text


async def _scenario(client: Client) -> None:
    listed = {p.name: p for p in (await client.list_prompts()).prompts}
    assert set(listed) == {"remember", "recall", "checkpoint"}
    assert [(a.name, a.required) for a in listed["remember"].arguments or []] == [("what", True)]
    assert [(a.name, a.required) for a in listed["recall"].arguments or []] == [("topic", True)]
    assert not listed["checkpoint"].arguments
    assert all(p.description and p.title for p in listed.values())

    remember = _text(await client.get_prompt("remember", {"what": "We deploy the ledger API with Nomad."}))
    assert "save_context" in remember and "We deploy the ledger API with Nomad." in remember
    assert "topic" in remember and "secret" in remember

    with_secret = _text(await client.get_prompt("remember", {"what": f"The deploy token is {GITHUB}"}))
    assert GITHUB not in with_secret and "[secret removed]" in with_secret and "already removed" in with_secret

    recall = _text(await client.get_prompt("recall", {"topic": "how we deploy the ledger API"}))
    assert "get_context" in recall and "how we deploy the ledger API" in recall

    checkpoint = _text(await client.get_prompt("checkpoint", {}))
    assert "save_session" in checkpoint and "One self-contained statement per line" in checkpoint
    assert "No chatter" in checkpoint and "no secrets" in checkpoint

    for name, arguments, field in (
        ("remember", {"what": "   "}, "what"),
        ("recall", {"topic": "x" * 5000}, "topic"),
        ("remember", {}, "what"),
    ):
        with pytest.raises(MCPError) as err:
            await client.get_prompt(name, arguments)
        assert field in err.value.message
    with pytest.raises(MCPError):
        await client.get_prompt("forget_everything", {})
    # the session still works after the errors
    assert "get_context" in _text(await client.get_prompt("recall", {"topic": "deploys"}))


def test_prompts_over_stdio(tmp_path: Path) -> None:
    async def main() -> None:
        with anyio.fail_after(120):
            info = Implementation(name="Claude Code", version="1.0")
            async with Client(_server(tmp_path / "home"), client_info=info, read_timeout_seconds=60) as client:
                await _scenario(client)

    anyio.run(main)
