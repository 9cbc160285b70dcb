"""Routing by the client's MCP roots and by the CLI's folder (issue #27.3, docs/routing.md): the rule of
``hooks.repo.workspace_repository``, and a real stdio server asked by the SDK's client with a roots callback, in
both protocol eras (roots/list sent by the server up to 2025-11-25, InputRequiredResult from 2026-07-28)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import ErrorData, Implementation, ListRootsResult, Root

from contextlamp.hooks.repo import root_folder, workspace_repository

EXE = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"


def _git(folder: Path, remote: str | None) -> Path:
    (folder / ".git").mkdir(parents=True)
    config = "[core]\n\tbare = false\n"
    if remote is not None:
        config += f'[remote "origin"]\n\turl = {remote}\n'
    (folder / ".git" / "config").write_text(config, encoding="utf-8")
    return folder


# -- the rule ---------------------------------------------------------------------------------------------------


def test_a_root_names_a_folder_of_this_machine_only(tmp_path: Path) -> None:
    odd = tmp_path / "my dir" / "Ünïcode"
    odd.mkdir(parents=True)
    quoted = "file://" + str(odd).replace(" ", "%20").replace("Ü", "%C3%9C").replace("ï", "%c3%af")
    assert root_folder(quoted) == odd
    assert root_folder("file://localhost" + str(odd).replace(" ", "%20")) == odd
    assert root_folder(quoted + "/") == odd
    assert root_folder("file://fileserver/share/x") is None  # another machine's folder
    assert root_folder("https://example.com" + str(tmp_path)) is None
    assert root_folder("file://" + str(tmp_path / "missing")) is None
    assert root_folder("file:relative/path") is None
    assert root_folder("file://" + str(tmp_path) + "/%C3%28") is None  # no UTF-8: nothing we were told about
    assert root_folder("file://" + str(tmp_path) + "/a%00b") is None


def test_the_first_root_in_a_repository_decides_else_the_working_directory(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    one = _git(tmp_path / "one", "git@github.com:acme/one.git")
    two = _git(tmp_path / "two", "git@github.com:acme/two.git")
    (one / "src" / "pkg").mkdir(parents=True)
    decide = workspace_repository
    assert decide([plain.as_uri(), (one / "src" / "pkg").as_uri(), two.as_uri()], two).identity.endswith("/one")  # type: ignore[union-attr]
    assert decide([plain.as_uri()], one) is None  # the client works outside any repository: not the cwd's
    assert decide(["file:///no/such/folder"], one).identity.endswith("/one")  # type: ignore[union-attr]
    assert decide([], two).identity.endswith("/two")  # type: ignore[union-attr]
    assert decide(None, plain) is None
    link = tmp_path / "link"
    link.symlink_to(two, target_is_directory=True)
    assert decide([link.as_uri()], None).identity.endswith("/two")  # type: ignore[union-attr]


# -- a stdio server asked by a client with roots ---------------------------------------------------------------------


class Roots:
    """A client's roots, changeable between calls; ``error``: answer roots/list with an error."""

    def __init__(self, *folders: Path, error: bool = False) -> None:
        self.folders = list(folders)
        self.error = error
        self.asked = 0

    async def __call__(self, _ctx: Any) -> ListRootsResult | ErrorData:
        self.asked += 1
        if self.error:
            return ErrorData(code=-32603, message="no roots today")
        return ListRootsResult(roots=[Root(uri=f.as_uri(), name=f.name) for f in self.folders])


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.upper().startswith("CONTEXTLAMP_")},
        "HOME": str(tmp_path / "home"),
        "CONTEXTLAMP_HOME": str(tmp_path / "data"),
        "CONTEXTLAMP_EMBEDDER": "fake",
        "CONTEXTLAMP_USER": "dana",
    }


async def _session(
    tmp_path: Path, cwd: Path, mode: str, roots: Roots | None, steps: list[tuple[str, dict[str, Any]]]
) -> list[dict[str, Any]]:
    params = StdioServerParameters(command=EXE, args=["serve"], env=_env(tmp_path), cwd=cwd)
    extra: dict[str, Any] = {"list_roots_callback": roots} if roots is not None else {}
    out: list[dict[str, Any]] = []
    with anyio.fail_after(200):
        who = Implementation(name="VS Code", version="1")
        async with Client(params, client_info=who, mode=mode, read_timeout_seconds=120, **extra) as client:
            for tool, args in steps:
                if tool == "move":  # the user opens another folder: the client's roots change
                    assert roots is not None
                    roots.folders = [Path(args["to"])]
                    if mode == "legacy":
                        with warnings.catch_warnings():
                            warnings.simplefilter("ignore")  # the roots capability is deprecated by SEP-2577
                            await client.send_roots_list_changed()
                    continue
                result = await client.call_tool(tool, args)
                assert not result.is_error, result.content
                assert result.structured_content is not None
                out.append(result.structured_content)
    return out


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_a_client_started_outside_the_workspace_names_it_by_its_roots(tmp_path: Path, mode: str) -> None:
    payroll = _git(tmp_path / "code" / "payroll", "git@github.com:acme/payroll.git")
    ledger = _git(tmp_path / "code" / "ledger", "git@github.com:acme/ledger.git")
    outside = tmp_path / "home"
    outside.mkdir()

    async def main() -> tuple[list[dict[str, Any]], list[dict[str, Any]], Roots]:
        seeded = await _session(  # the cwd path, as before: a server started in each repository
            tmp_path, payroll, mode, None, [("save_context", {"content": "The payroll exporter retries 3 times."})]
        )
        await _session(tmp_path, ledger, mode, None, [("save_context", {"content": "The ledger exporter retries 9."})])
        roots = Roots(payroll)
        got = await _session(
            tmp_path,
            outside,
            mode,
            roots,
            [
                ("get_context", {"query": "how often does the exporter retry"}),
                ("save_context", {"content": "The payroll exporter uses Helm chart 4.2.1."}),
                ("move", {"to": str(ledger)}),
                ("get_context", {"query": "how often does the exporter retry"}),
                ("list_context", {}),
            ],
        )
        return seeded, got, roots

    seeded, (first, saved, after, listed), roots = anyio.run(main)
    texts = [p["text"] for p in first["packs"]]
    assert "The payroll exporter retries 3 times." in texts and "The ledger exporter retries 9." not in texts
    assert saved["scope"] == seeded[0]["scope"]  # into the root's project, and the result says so
    moved = [p["text"] for p in after["packs"]]
    assert "The ledger exporter retries 9." in moved and "The payroll exporter retries 3 times." not in moved
    assert any("ledger" in i["preview"] for i in listed["items"])
    assert roots.asked == 4  # at every call: a change counts from the next one


def test_a_client_whose_roots_fail_keeps_the_working_directory(tmp_path: Path) -> None:
    payroll = _git(tmp_path / "code" / "payroll", "git@github.com:acme/payroll.git")

    async def main() -> list[dict[str, Any]]:
        return await _session(
            tmp_path,
            payroll,
            "legacy",
            Roots(error=True),
            [("save_context", {"content": "The payroll exporter retries 3 times."}), ("list_context", {})],
        )

    saved, listed = anyio.run(main)
    assert saved["scope"].startswith("project:")
    assert listed["items"]


def test_the_cli_in_a_repository_reads_and_saves_like_a_server_started_there(tmp_path: Path) -> None:
    payroll = _git(tmp_path / "code" / "payroll", "git@github.com:acme/payroll.git")
    (payroll / "pkg").mkdir()
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()

    def cli(cwd: Path, *args: str) -> dict[str, Any]:
        done = subprocess.run(
            [EXE, *args, "--json"], capture_output=True, text=True, env=_env(tmp_path), cwd=cwd, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    (server,) = anyio.run(
        _session, tmp_path, payroll, "legacy", None, [("save_context", {"content": "The exporter retries 3 times."})]
    )
    got = cli(payroll / "pkg", "get", "how often does the exporter retry")
    assert [p["text"] for p in got["packs"]][:1] == ["The exporter retries 3 times."]
    saved = cli(payroll / "pkg", "save", "The exporter writes to exports/v2.")
    assert saved["scope"] == server["scope"]
    assert any("exports/v2" in i["preview"] for i in cli(payroll, "list")["items"])
    assert not cli(elsewhere, "get", "how often does the exporter retry")["packs"]  # outside: personal only
    assert not cli(payroll, "get", "how often does the exporter retry", "--personal")["packs"]
    assert "scope" not in cli(payroll, "save", "Dana prefers tabs.", "--personal")
    assert not any("tabs" in i["preview"] for i in cli(payroll, "list", "--project", server["scope"][8:])["items"])
    digest = tmp_path / "digest.txt"
    digest.write_text("Decision: the exporter ships on Tuesdays.\n", encoding="utf-8")
    assert cli(payroll / "pkg", "session", "save", str(digest))["scope"] == server["scope"]
