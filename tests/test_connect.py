"""``contextlamp connect``: every client's config written, kept byte-for-byte elsewhere, and taken out again.

Each client gets a pre-existing configuration full of other entries, comments (where its format allows them)
and odd indentation, in a scratch HOME: connect puts exactly our entry in; connecting again changes nothing;
remove gives back the original bytes; a dry run writes nothing; a broken file is an error naming the file and
line, with nothing written.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from contextlamp.cli.main import cli
from contextlamp.clients import codex_trust, jsonc
from contextlamp.clients.catalog import CLIENT_IDS, Places, client
from contextlamp.clients.plan import ConnectError, apply, plan_connect, plan_remove, status

EXE = "/opt/contextlamp venv/bin/contextlamp"  # a space: hook commands must quote it
ENV = {"CONTEXTLAMP_HOME": "/data/contextlamp", "CONTEXTLAMP_USER": "alice"}
NOTIFY_STORE = ["--home", "/data/contextlamp", "--user", "alice"]  # hooks name the store the entry names

CLAUDE_JSON = """{
   "numStartups": 12,
   "mcpServers": {
      "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"}
   },
   "projects": {
      "/home/me/web": {"allowedTools": [], "mcpServers": {}}
   }
}
"""
CLAUDE_SETTINGS = """{
  "permissions": {"allow": ["Bash(npm test)"]},
  "hooks": {
    "SessionStart": [
      {"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}
    ],
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
    ]
  }
}
"""
DESKTOP = (
    '{\n\t"globalShortcut": "Ctrl+Space",\n\t"mcpServers": {\n\t\t"fs": {\n\t\t\t"command": "npx",\n'
    '\t\t\t"args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]\n\t\t}\n\t}\n}\n'
)
CURSOR = """{
    // my servers
    "mcpServers": {
        "linear": { "url": "https://mcp.linear.app/mcp" }, /* remote */
        "local": {
            "command": "node",
            "args": ["server.js"],
        },
    },
}
"""
CURSOR_HOOKS = '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{"command": "./format.sh"}]\n  }\n}\n'
CODEX = """# Codex configuration
model = "gpt-5"   # the default model
approval_policy = "on-request"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]   # keep

[profiles.fast]
model = "gpt-5-mini"
"""
VSCODE = """// VS Code MCP servers
{
  "inputs": [
    {"type": "promptString", "id": "api-key", "description": "API key", "password": true},
  ],
  "servers": {
    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}, // npm
  },
}
"""
GEMINI = """{
      "theme": "GitHub",
      // servers
      "mcpServers": {
            "git": {"command": "uvx", "args": ["mcp-server-git"]}
      },
      "hooks": {
            "BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": "./check.sh"}]}]
      }
}
"""
WINDSURF = '{"mcpServers": {"figma": {"serverUrl": "https://figma.example/sse"}}}'

# client id -> {file relative to HOME: original text}
ORIGINALS: dict[str, dict[str, str]] = {
    "claude-code": {".claude.json": CLAUDE_JSON, ".claude/settings.json": CLAUDE_SETTINGS},
    "claude-desktop": {".config/Claude/claude_desktop_config.json": DESKTOP},
    "cursor": {".cursor/mcp.json": CURSOR, ".cursor/hooks.json": CURSOR_HOOKS},
    "codex": {".codex/config.toml": CODEX},
    "vscode": {".config/Code/User/mcp.json": VSCODE},
    "gemini-cli": {".gemini/settings.json": GEMINI},
    "windsurf": {".codeium/windsurf/mcp_config.json": WINDSURF},
}
BROKEN = {
    "json": '{\n  "mcpServers": {\n    "a": {"command": "x"}\n    "b": 1\n  }\n}\n',  # a missing comma, line 4
    "toml": 'model = "gpt-5"\n[mcp_servers.docs\ncommand = "npx"\n',  # an unclosed header, line 2
}


@pytest.fixture
def places(tmp_path: Path) -> Places:
    home = tmp_path / "home"
    project = tmp_path / "repo" / "src"
    project.mkdir(parents=True)
    (tmp_path / "repo" / ".git").mkdir()
    home.mkdir()
    return Places(home, project, {"PATH": ""}, "linux")


def _write(places: Places, client_id: str) -> dict[Path, bytes]:
    written: dict[Path, bytes] = {}
    for relative, text in ORIGINALS[client_id].items():
        path = places.home / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
        written[path] = text.encode()
    return written


def _entry(places: Places, client_id: str, scope: str = "user") -> Any:
    target = client(client_id)
    text = target.config(places, scope).read_text(encoding="utf-8")  # type: ignore[arg-type]
    if target.format == "toml":
        return tomlkit.parse(text).unwrap()["mcp_servers"]["contextlamp"]
    return jsonc.get(text, (*target.servers_key, "contextlamp"))


def _data(text: str, path: Path) -> Any:
    if path.suffix == ".toml":
        return tomlkit.parse(text).unwrap()
    root = jsonc.parse(text)
    return None if root is None else root.value


def _without_ours(value: Any) -> Any:
    """The data with our server entry, our hook entries and our notify taken out (containers left empty go)."""
    if isinstance(value, dict):
        kept = {k: _without_ours(v) for k, v in value.items() if k != "contextlamp" and "hooks.json:" not in k}
        if kept.get("notify", [None])[1:2] == ["hook"]:
            del kept["notify"]
        return {k: v for k, v in kept.items() if v not in ({}, []) or value[k] in ({}, [])}
    if isinstance(value, list):
        return [_without_ours(v) for v in value if " hook " not in json.dumps(v)]
    return value


def _backups(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if ".contextlamp-backup-" in p.name)


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_round_trip_keeps_every_other_byte(places: Places, client_id: str) -> None:
    originals = _write(places, client_id)
    target = client(client_id)
    apply(plan_connect(target, places, "user", EXE, ENV))
    entry = _entry(places, client_id)
    assert entry["command"] == EXE and entry["args"] == ["serve"] and entry["env"] == ENV
    for path, original in originals.items():
        # every other entry and setting is still there, unchanged
        assert _without_ours(_data(path.read_text(encoding="utf-8"), path)) == _data(original.decode(), path)
        backups = [b for b in _backups(places.home) if b.name.startswith(path.name + ".")]
        assert len(backups) == 1 and backups[0].read_bytes() == original
    connected = {path: path.read_bytes() for path in originals}

    again = plan_connect(target, places, "user", EXE, ENV)
    assert again.changed == []  # idempotent: one entry, nothing written the second time
    apply(again)
    assert {path: path.read_bytes() for path in originals} == connected
    assert len(_backups(places.home)) == len(originals)

    apply(plan_remove(target, places, "user"))
    for path, original in originals.items():
        assert path.read_bytes() == original, path


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_connect_into_a_scratch_home_creates_valid_files(places: Places, client_id: str) -> None:
    target = client(client_id)
    plan = plan_connect(target, places, "user", EXE, ENV)
    assert all(change.before is None for change in plan.changed)
    assert apply(plan)
    entry = _entry(places, client_id)
    assert entry["command"] == EXE and entry["env"] == ENV
    for change in plan.changed:
        if change.path.suffix == ".json":
            json.loads(change.path.read_text(encoding="utf-8"))  # strict JSON, no comment added
        assert stat.S_IMODE(change.path.stat().st_mode) == 0o600
    assert _backups(places.home) == []  # nothing to back up: the files are new


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_a_broken_file_is_an_error_naming_file_and_line_and_nothing_is_written(places: Places, client_id: str) -> None:
    target = client(client_id)
    path = target.config(places, "user")
    path.parent.mkdir(parents=True, exist_ok=True)
    broken = BROKEN[target.format]
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(ConnectError) as raised:
        plan_connect(target, places, "user", EXE, ENV)
    message = str(raised.value)
    assert str(path) in message
    assert ("line 4" if target.format == "json" else "line 2") in message
    assert "nothing was written" in message
    assert path.read_text(encoding="utf-8") == broken
    assert _backups(places.home) == []


HTTP_SHAPES: dict[str, dict[str, Any]] = {
    "claude-code": {
        "type": "http",
        "url": "https://mem.example/mcp",
        "headers": {"Authorization": "Bearer ${MEM_TOKEN}"},
    },
    "cursor": {"url": "https://mem.example/mcp", "headers": {"Authorization": "Bearer ${env:MEM_TOKEN}"}},
    "codex": {"url": "https://mem.example/mcp", "bearer_token_env_var": "MEM_TOKEN"},
    "vscode": {
        "type": "http",
        "url": "https://mem.example/mcp",
        "headers": {"Authorization": "Bearer ${env:MEM_TOKEN}"},
    },
    "gemini-cli": {"httpUrl": "https://mem.example/mcp", "headers": {"Authorization": "Bearer ${MEM_TOKEN}"}},
    "windsurf": {"serverUrl": "https://mem.example/mcp", "headers": {"Authorization": "Bearer ${env:MEM_TOKEN}"}},
}


@pytest.mark.parametrize("client_id", sorted(HTTP_SHAPES))
def test_http_form_references_the_token_variable_never_the_token(places: Places, client_id: str) -> None:
    originals = _write(places, client_id)
    target = client(client_id)
    plan = plan_connect(target, places, "user", EXE, ENV, url="https://mem.example/mcp", token_env="MEM_TOKEN")
    apply(plan)
    assert _entry(places, client_id) == HTTP_SHAPES[client_id]
    hook_files = [p for p in originals if p != target.config(places, "user")]
    for path in hook_files:  # hooks would capture into the local store, not the shared server
        assert path.read_bytes() == originals[path]
    if target.hooks is not None:
        assert any("Hooks not installed" in note for note in plan.notes)
    apply(plan_remove(target, places, "user"))
    assert all(path.read_bytes() == text for path, text in originals.items())


@pytest.mark.parametrize("client_id", [c for c in sorted(HTTP_SHAPES) if client(c).hooks is not None])
def test_switching_to_the_shared_server_takes_out_the_local_hooks(places: Places, client_id: str) -> None:
    originals = _write(places, client_id)
    target = client(client_id)
    apply(plan_connect(target, places, "user", EXE, ENV))
    (row,) = [r for r in status(places, answers=lambda _c: True) if r.id == client_id]
    assert row.hooks == "yes"
    plan = plan_connect(target, places, "user", EXE, ENV, url="https://mem.example/mcp", token_env="MEM_TOKEN")
    apply(plan)
    assert _entry(places, client_id) == HTTP_SHAPES[client_id]
    (row,) = [r for r in status(places, answers=lambda _c: True) if r.id == client_id]
    assert row.hooks == "no"  # the session start would inject, and the end capture, the local store's memory
    assert any("Hooks removed" in note for note in plan.notes)
    for path, text in originals.items():  # the user's own hooks and settings stay
        if path != target.config(places, "user"):
            assert path.read_bytes() == text
    apply(plan_connect(target, places, "user", EXE, ENV))  # back to stdio: the hooks return
    (row,) = [r for r in status(places, answers=lambda _c: True) if r.id == client_id]
    assert row.hooks == "yes"
    apply(plan_remove(target, places, "user"))
    assert all(path.read_bytes() == text for path, text in originals.items())


def test_http_form_is_refused_where_the_file_holds_only_local_servers(places: Places) -> None:
    with pytest.raises(ConnectError, match="Claude Desktop reads only local"):
        plan_connect(client("claude-desktop"), places, "user", EXE, ENV, url="https://m.example/mcp", token_env="T")


@pytest.mark.parametrize(
    ("url", "token_env", "error"),
    [
        ("https://m.example/mcp", None, "together"),
        (None, "T", "together"),
        ("ftp://m.example", "T", "http:// or https://"),
        ("https://m.example/mcp", "sk-live-123 456", "variable name"),
    ],
)
def test_bad_http_options_name_the_option(places: Places, url: str | None, token_env: str | None, error: str) -> None:
    with pytest.raises(ConnectError, match=error):
        plan_connect(client("cursor"), places, "user", EXE, ENV, url=url, token_env=token_env)
    assert not (places.home / ".cursor").exists()


def _commands(groups: list[Any]) -> list[str]:
    out: list[str] = []
    for group in groups:
        out += [h["command"] for h in group["hooks"]] if "hooks" in group else [group["command"]]
    return out


def test_claude_code_hooks_run_our_command_for_the_three_moments(places: Places) -> None:
    _write(places, "claude-code")
    apply(plan_connect(client("claude-code"), places, "user", EXE, ENV))
    settings = json.loads((places.home / ".claude" / "settings.json").read_text(encoding="utf-8"))
    hooks = settings["hooks"]
    quoted = "'/opt/contextlamp venv/bin/contextlamp'"
    for event, ours in (
        ("SessionStart", "session-start"),
        ("PreCompact", "pre-compact"),
        ("SessionEnd", "session-end"),
    ):
        mine = [g for g in hooks[event] if any(" hook claude-code " in c for c in _commands([g]))]
        assert len(mine) == 1
        assert mine[0]["hooks"] == [
            {
                "type": "command",
                "command": f"{quoted} hook claude-code {ours} --home /data/contextlamp --user alice",
                "timeout": 15,
            }
        ]
    assert _commands(hooks["SessionStart"])[0] == "echo hello"  # the user's own hook stays first
    assert _commands(hooks["PreToolUse"]) == ["./guard.sh"]


def test_gemini_and_cursor_hooks(places: Places) -> None:
    apply(plan_connect(client("gemini-cli"), places, "user", EXE, ENV))
    apply(plan_connect(client("cursor"), places, "user", EXE, ENV))
    gemini = json.loads((places.home / ".gemini" / "settings.json").read_text(encoding="utf-8"))["hooks"]
    assert gemini["PreCompress"][0]["hooks"][0]["command"].endswith(
        " hook gemini-cli pre-compact --home /data/contextlamp --user alice"
    )
    assert gemini["SessionStart"][0]["hooks"][0]["timeout"] == 15000  # Gemini CLI counts milliseconds
    assert set(gemini) == {"SessionStart", "PreCompress", "SessionEnd", "AfterAgent"}  # AfterAgent: the digest
    cursor = json.loads((places.home / ".cursor" / "hooks.json").read_text(encoding="utf-8"))
    assert cursor["version"] == 1
    assert {event: _commands(groups) for event, groups in cursor["hooks"].items()} == {
        "sessionStart": [
            "'/opt/contextlamp venv/bin/contextlamp' hook cursor session-start --home /data/contextlamp --user alice"
        ],
        "preCompact": [
            "'/opt/contextlamp venv/bin/contextlamp' hook cursor pre-compact --home /data/contextlamp --user alice"
        ],
        "sessionEnd": [
            "'/opt/contextlamp venv/bin/contextlamp' hook cursor session-end --home /data/contextlamp --user alice"
        ],
        "stop": ["'/opt/contextlamp venv/bin/contextlamp' hook cursor stop --home /data/contextlamp --user alice"],
    }


def test_codex_gets_lifecycle_hooks_that_codex_trusts_and_an_old_notify_goes(places: Places) -> None:
    config = places.home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    old_notify = f'notify = ["{EXE}", "hook", "codex", "notify", "--home", "/data/contextlamp", "--user", "alice"]\n'
    config.write_text(old_notify + CODEX, encoding="utf-8")  # what an earlier connect installed
    apply(plan_connect(client("codex"), places, "user", EXE, ENV))
    hooks_file = places.home / ".codex" / "hooks.json"
    hooks = json.loads(hooks_file.read_text(encoding="utf-8"))["hooks"]
    assert set(hooks) == {"SessionStart", "PreCompact", "SessionEnd", "Stop"}
    for event, ours in (
        ("SessionStart", "session-start"),
        ("PreCompact", "pre-compact"),
        ("SessionEnd", "session-end"),
    ):
        (handler,) = hooks[event][0]["hooks"]
        assert handler["type"] == "command" and shlex.split(handler["command"]) == [
            EXE,
            "hook",
            "codex",
            ours,
            *NOTIFY_STORE,
        ]
    assert hooks["SessionEnd"][0]["hooks"][0]["timeout"] == 3  # Codex's ceiling for SessionEnd hooks
    data = tomlkit.parse(config.read_text(encoding="utf-8")).unwrap()
    assert "notify" not in data  # the hooks capture now; the old notify program of ours is gone
    state = data["hooks"]["state"]
    labels = ("session_start", "pre_compact", "session_end", "stop")
    assert set(state) == {f"{hooks_file}:{label}:0:0" for label in labels}
    start = hooks["SessionStart"][0]
    assert state[f"{hooks_file}:session_start:0:0"] == {
        "enabled": True,
        "trusted_hash": codex_trust.hook_hash("SessionStart", start, start["hooks"][0]),
    }
    assert status(places, answers=lambda _c: True)[3].hooks == "yes"

    hooks_file.write_text(hooks_file.read_text(encoding="utf-8").replace('"timeout": 15', '"timeout": 16'), "utf-8")
    assert status(places, answers=lambda _c: True)[3].hooks == "untrusted"  # edited since: Codex skips them
    apply(plan_connect(client("codex"), places, "user", EXE, ENV))
    assert status(places, answers=lambda _c: True)[3].hooks == "yes"

    apply(plan_remove(client("codex"), places, "user"))
    assert "hooks" not in tomlkit.parse(config.read_text(encoding="utf-8"))
    assert json.loads(hooks_file.read_text(encoding="utf-8")) == {}


def test_codex_trust_hash_follows_codex_normalisation() -> None:
    """The identity Codex hashes (codex_trust docstring): timeout materialised, SessionEnd clamped to 1..3,
    no matcher for Stop, unset fields absent; a different command is a different hash."""
    handler = {"type": "command", "command": "x hook codex session-start"}
    identity = {
        "event_name": "session_start",
        "hooks": [{"async": False, "command": handler["command"], "timeout": 600, "type": "command"}],
    }
    expected = (
        "sha256:" + hashlib.sha256(json.dumps(identity, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    )
    assert codex_trust.hook_hash("SessionStart", {"hooks": [handler]}, handler) == expected
    assert (
        codex_trust.normalised_timeout("SessionEnd", 15) == 3
        and codex_trust.normalised_timeout("SessionEnd", None) == 1
    )
    assert codex_trust.hook_hash("Stop", {"matcher": "x"}, handler) == codex_trust.hook_hash("Stop", {}, handler)
    assert codex_trust.hook_hash("PreCompact", {"matcher": "x"}, handler) != codex_trust.hook_hash(
        "PreCompact", {}, handler
    )
    other = {**handler, "command": "y hook codex session-start"}
    assert codex_trust.hook_hash("SessionStart", {}, other) != codex_trust.hook_hash("SessionStart", {}, handler)


def test_a_user_notify_program_is_left_alone(places: Places) -> None:
    config = places.home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    mine = 'notify = ["notify-send", "Codex"]\n' + CODEX
    config.write_text(mine, encoding="utf-8")
    apply(plan_connect(client("codex"), places, "user", EXE, ENV))
    assert tomlkit.parse(config.read_text(encoding="utf-8"))["notify"] == ["notify-send", "Codex"]
    apply(plan_remove(client("codex"), places, "user"))
    assert config.read_text(encoding="utf-8") == mine  # the user's notify survives remove too


def test_no_hooks_installs_only_the_server_entry(places: Places) -> None:
    apply(plan_connect(client("claude-code"), places, "user", EXE, ENV, hooks=False))
    assert (places.home / ".claude.json").exists()
    assert not (places.home / ".claude" / "settings.json").exists()


def test_a_stale_entry_is_replaced_in_place_not_duplicated(places: Places) -> None:
    _write(places, "cursor")
    apply(plan_connect(client("cursor"), places, "user", "/old/venv/bin/contextlamp", ENV))
    apply(plan_connect(client("cursor"), places, "user", EXE, ENV))
    text = (places.home / ".cursor" / "mcp.json").read_text(encoding="utf-8")
    assert text.count('"contextlamp"') == 1 and "/old/venv" not in text
    hooks = (places.home / ".cursor" / "hooks.json").read_text(encoding="utf-8")
    assert hooks.count(" hook cursor session-start") == 1 and "/old/venv" not in hooks
    apply(plan_remove(client("cursor"), places, "user"))
    assert (places.home / ".cursor" / "mcp.json").read_text(encoding="utf-8") == CURSOR
    assert (places.home / ".cursor" / "hooks.json").read_text(encoding="utf-8") == CURSOR_HOOKS


def test_project_scope_writes_at_the_repository_root(places: Places) -> None:
    root = places.cwd.parent
    apply(plan_connect(client("claude-code"), places, "project", EXE, ENV))
    assert jsonc.get((root / ".mcp.json").read_text(encoding="utf-8"), ("mcpServers", "contextlamp"))["command"] == EXE
    assert (root / ".claude" / "settings.json").exists()
    assert not (places.home / ".claude.json").exists()
    with pytest.raises(ConnectError, match="has no project scope; use --scope user"):
        plan_connect(client("windsurf"), places, "project", EXE, ENV)


def test_os_specific_locations(tmp_path: Path) -> None:
    mac = Places(tmp_path, tmp_path, {}, "darwin")
    win = Places(tmp_path, tmp_path, {"APPDATA": str(tmp_path / "Roaming")}, "win32")
    xdg = Places(tmp_path, tmp_path, {"XDG_CONFIG_HOME": str(tmp_path / "cfg"), "CODEX_HOME": str(tmp_path / "cx")})
    desktop, vscode = client("claude-desktop"), client("vscode")
    support = tmp_path / "Library" / "Application Support"
    assert desktop.config(mac, "user") == support / "Claude" / "claude_desktop_config.json"
    assert desktop.config(win, "user") == tmp_path / "Roaming" / "Claude" / "claude_desktop_config.json"
    assert vscode.config(mac, "user") == support / "Code" / "User" / "mcp.json"
    assert vscode.config(win, "user") == tmp_path / "Roaming" / "Code" / "User" / "mcp.json"
    assert vscode.config(xdg, "user") == tmp_path / "cfg" / "Code" / "User" / "mcp.json"
    assert client("codex").config(xdg, "user") == tmp_path / "cx" / "config.toml"


def test_symlinked_config_stays_a_link_and_keeps_its_mode(places: Places, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "mcp.json"
    real.parent.mkdir()
    real.write_text(CURSOR, encoding="utf-8")
    real.chmod(0o640)
    link = places.home / ".cursor" / "mcp.json"
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    apply(plan_connect(client("cursor"), places, "user", EXE, ENV, hooks=False))
    assert link.is_symlink() and '"contextlamp"' in real.read_text(encoding="utf-8")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_status_lists_detected_and_connected_clients(places: Places) -> None:
    (places.home / ".gemini").mkdir()
    exe = places.home / "bin" / "contextlamp"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n", encoding="utf-8")
    exe.chmod(0o755)
    apply(plan_connect(client("claude-code"), places, "user", str(exe), ENV))
    apply(plan_connect(client("windsurf"), places, "user", "/gone/contextlamp", ENV))
    rows = {row.id: row for row in status(places)}
    assert rows["claude-code"].detected and rows["claude-code"].connected["user"] == "stdio"
    assert rows["claude-code"].valid is True and rows["claude-code"].hooks == "yes"
    assert rows["gemini-cli"].detected and rows["gemini-cli"].connected == {"user": None, "project": None}
    assert rows["windsurf"].valid is False  # the path in the entry no longer exists
    assert not rows["cursor"].detected and rows["cursor"].hooks == "no"


def test_status_says_broken_when_a_hook_executable_is_gone_or_does_not_answer(places: Places) -> None:
    exe = places.home / "bin" / "contextlamp"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    exe.chmod(0o755)
    apply(plan_connect(client("claude-code"), places, "user", str(exe), ENV))
    assert status(places)[0].hooks == "yes"  # the real probe: the executable answers --version
    exe.write_text("#!/bin/sh\nexit 3\n", encoding="utf-8")  # a broken install: it runs but fails
    assert status(places)[0].hooks == "broken"
    exe.unlink()  # the venv was removed
    assert status(places)[0].hooks == "broken"
    assert plan_connect(client("claude-code"), places, "user", EXE, ENV).changed  # connect again repairs it


def _cli_env(home: Path) -> dict[str, str | None]:
    """A scratch HOME for the CLI, with the variables that would move a client's files unset."""
    return {"HOME": str(home), "XDG_CONFIG_HOME": None, "CODEX_HOME": None, "CLAUDE_CONFIG_DIR": None}


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_cli_dry_run_prints_a_diff_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client_id: str
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    originals = _write(Places(home, tmp_path), client_id)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["connect", client_id, "--dry-run"], env=_cli_env(home))
    assert result.exit_code == 0, result.output
    config = client(client_id).config(Places(home, tmp_path), "user")
    assert f"--- {config}" in result.output and f"+++ {config}" in result.output
    assert "+" in result.output and "contextlamp" in result.output
    assert all(path.read_bytes() == text for path, text in originals.items())
    assert _backups(home) == []
    removed = CliRunner().invoke(cli, ["connect", client_id, "--remove", "--dry-run"], env=_cli_env(home))
    assert removed.exit_code == 0 and "nothing to change" in removed.output


def test_cli_env_block_names_the_data_directory_and_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(tmp_path)
    env = {"CONTEXTLAMP_HOME": str(tmp_path / "data"), "CONTEXTLAMP_USER": "bob"}
    result = CliRunner().invoke(cli, ["connect", "windsurf", "--json", "--create-home"], env={**_cli_env(home), **env})
    assert result.exit_code == 0, result.output
    entry = json.loads((home / ".codeium" / "windsurf" / "mcp_config.json").read_text(encoding="utf-8"))
    served = entry["mcpServers"]["contextlamp"]
    assert served["env"] == {"CONTEXTLAMP_HOME": str(tmp_path / "data"), "CONTEXTLAMP_USER": "bob"}
    assert os.path.isabs(served["command"]) and os.access(served["command"], os.X_OK)
    assert json.loads(result.output)["changed"][0]["created"] is True


def test_a_mistyped_home_is_refused_with_its_path_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    store = tmp_path / "memory"
    store.mkdir()
    (store / "control.db").write_bytes(b"")  # an existing store (its control database)
    monkeypatch.chdir(tmp_path)
    typo = tmp_path / "memroy"
    refused = CliRunner().invoke(cli, ["connect", "claude-code", "--home", str(typo)], env=_cli_env(home))
    assert refused.exit_code == 1
    assert f"The data directory {typo} does not exist" in refused.output and "--create-home" in refused.output
    assert list(home.iterdir()) == [] and not typo.exists()  # no file written, no store started
    by_env = CliRunner().invoke(cli, ["connect", "claude-code"], env={**_cli_env(home), "CONTEXTLAMP_HOME": str(typo)})
    assert by_env.exit_code == 1 and str(typo) in by_env.output

    done = CliRunner().invoke(cli, ["connect", "claude-code", "--home", str(store)], env=_cli_env(home))
    assert done.exit_code == 0, done.output
    served = json.loads((home / ".claude.json").read_text(encoding="utf-8"))["mcpServers"]["contextlamp"]
    assert served["env"]["CONTEXTLAMP_HOME"] == str(store)
    assert f"--home {store} " in (home / ".claude" / "settings.json").read_text(encoding="utf-8")

    (store / "control.db").unlink()  # the store is gone (moved): the table says so, with the path
    listed = CliRunner().invoke(cli, ["connect"], env=_cli_env(home))
    assert listed.exit_code == 0 and f"names the data directory {store}, which holds no memory" in listed.output


def test_connect_gemini_explains_an_untrusted_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    repo = tmp_path / "work" / "repo"
    (repo / ".git").mkdir(parents=True)
    (home / ".gemini").mkdir(parents=True)
    monkeypatch.chdir(repo)
    env = {
        **_cli_env(home),
        "GEMINI_CLI_TRUST_WORKSPACE": None,
        "GEMINI_CLI_TRUSTED_FOLDERS_PATH": None,
        "GEMINI_CLI_HOME": None,
    }
    first = CliRunner().invoke(cli, ["connect", "gemini-cli", "--create-home"], env=env)
    assert first.exit_code == 0, first.output
    assert f"{repo} is not a trusted folder yet" in first.output and "Disabled" in first.output
    rules = home / ".gemini" / "trustedFolders.json"
    for rules_text, says in (
        ({str(repo): "DO_NOT_TRUST"}, "is marked 'Don't trust'"),
        ({str(repo): "TRUST_FOLDER"}, None),
        ({str(repo / "child"): "TRUST_PARENT"}, None),  # the rule's parent folder and below
        ({str(tmp_path / "work"): "TRUST_FOLDER", str(repo): "DO_NOT_TRUST"}, "is marked"),  # the longest rule wins
    ):
        rules.write_text(json.dumps(rules_text), encoding="utf-8")
        again = CliRunner().invoke(cli, ["connect", "gemini-cli", "--create-home"], env=env)
        assert again.exit_code == 0, again.output
        assert (
            (says in again.output) if says else ("trusted folder" not in again.output and "marked" not in again.output)
        )
    rules.unlink()
    settings = json.loads((home / ".gemini" / "settings.json").read_text(encoding="utf-8"))
    settings["security"] = {"folderTrust": {"enabled": False}}
    (home / ".gemini" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    off = CliRunner().invoke(cli, ["connect", "gemini-cli", "--create-home"], env=env)
    assert off.exit_code == 0 and "trusted folder" not in off.output  # folder trust off: nothing to explain


def test_done_when_connect_claude_code_in_a_scratch_home(tmp_path: Path) -> None:
    """The issue's first step, with the real command: no client installed, HOME a scratch folder."""
    home = tmp_path / "home"
    home.mkdir()
    exe = Path(sys.executable).parent / "contextlamp"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}
    done = subprocess.run(
        [str(exe), "connect", "claude-code"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    served = json.loads((home / ".claude.json").read_text(encoding="utf-8"))["mcpServers"]["contextlamp"]
    assert served["command"] == str(exe) and served["args"] == ["serve"]
    assert served["env"]["CONTEXTLAMP_HOME"] == str(home / ".local" / "share" / "contextlamp")
    hooks = json.loads((home / ".claude" / "settings.json").read_text(encoding="utf-8"))["hooks"]
    for event, ours in (
        ("SessionStart", "session-start"),
        ("PreCompact", "pre-compact"),
        ("SessionEnd", "session-end"),
    ):
        store = f" --home {served['env']['CONTEXTLAMP_HOME']} --user {served['env']['CONTEXTLAMP_USER']}"
        assert _commands(hooks[event]) == [f"{exe} hook claude-code {ours}{store}"]
    again = subprocess.run(
        [str(exe), "connect", "claude-code"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert again.returncode == 0 and "nothing changed" in again.stdout
    listed = subprocess.run(
        [str(exe), "connect", "--json"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    rows = {row["client"]: row for row in json.loads(listed.stdout)["clients"]}
    assert rows["claude-code"]["connected"]["user"] == "stdio" and rows["claude-code"]["hooks"] == "yes"


# --- the JSONC editor on its own ------------------------------------------------------------------------------

_SCALARS = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)
_DOCUMENTS = st.dictionaries(st.text(max_size=6), _VALUES, max_size=4)


@settings(max_examples=150, deadline=None)
@given(
    document=_DOCUMENTS,
    servers=st.none() | st.dictionaries(st.text(max_size=6).filter(lambda k: k != "contextlamp"), _VALUES, max_size=3),
    indent=st.sampled_from([None, 2, 3, 4, "\t"]),
    crlf=st.booleans(),
)
def test_jsonc_set_then_remove_is_the_identity(
    document: dict[str, Any], servers: dict[str, Any] | None, indent: int | str | None, crlf: bool
) -> None:
    document.pop("mcpServers", None)
    if servers:  # an empty server map would be pruned by remove: that case is documented, not an identity
        document["mcpServers"] = servers
    text = json.dumps(document, indent=indent, ensure_ascii=False) + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    entry = {"command": EXE, "args": ["serve"], "env": ENV}
    connected = jsonc.set_member(text, ("mcpServers",), "contextlamp", entry)
    decoded = json.loads(connected)  # still strict JSON
    assert decoded["mcpServers"]["contextlamp"] == entry
    assert {k: v for k, v in decoded.items() if k != "mcpServers"} == {
        k: v for k, v in document.items() if k != "mcpServers"
    }
    assert jsonc.set_member(connected, ("mcpServers",), "contextlamp", entry) == connected
    assert ("\r\n" in connected) == crlf or "\n" not in text
    assert jsonc.remove_member(connected, ("mcpServers",), "contextlamp") == text


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"a": 1,,}', "line 1, column 9"),
        ('{\n  "a": 1\n  "b": 2\n}', "line 3, column 3"),
        ('{"a": "unterminated}', "line 1, column 7"),
        ("{/* open", "line 1, column 2"),
        ("[1, 2]", "not a JSON object"),
        ('{"a": 1} trailing', "line 1, column 10"),
    ],
)
def test_jsonc_errors_give_the_position(text: str, where: str) -> None:
    with pytest.raises(jsonc.JsoncError) as raised:
        jsonc.set_member(text, ("mcpServers",), "contextlamp", {})
    assert where in str(raised.value)


def test_jsonc_keeps_comments_and_trailing_commas_around_the_edit() -> None:
    connected = jsonc.set_member(VSCODE, ("servers",), "contextlamp", {"type": "stdio", "command": EXE})
    assert "// VS Code MCP servers" in connected and "}, // npm" in connected
    assert connected.count(",\n  },") == 1  # the servers map keeps its trailing comma
    nested = jsonc.parse(connected)
    assert nested is not None and set(nested.value["servers"]) == {"memory", "contextlamp"}


def test_jsonc_refuses_a_nesting_bomb_cleanly() -> None:
    with pytest.raises(jsonc.JsoncError, match="nested deeper"):
        jsonc.parse('{"a": ' + "[" * 5000 + "]" * 5000 + "}")


def test_a_file_changed_between_read_and_write_is_not_overwritten(places: Places) -> None:
    _write(places, "windsurf")
    plan = plan_connect(client("windsurf"), places, "user", EXE, ENV)
    path = places.home / ".codeium" / "windsurf" / "mcp_config.json"
    path.write_text('{"mcpServers": {"new": {"command": "x"}}}', encoding="utf-8")  # the client saved meanwhile
    with pytest.raises(ConnectError, match="changed while"):
        apply(plan)
    assert path.read_text(encoding="utf-8") == '{"mcpServers": {"new": {"command": "x"}}}'


def test_cli_reports_a_broken_file_and_exits_non_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    (home / ".gemini" / "settings.json").write_text(BROKEN["json"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["connect", "gemini-cli"], env=_cli_env(home))
    assert result.exit_code == 1
    assert "settings.json: line 4, column 5: expected ',' or '}'" in result.output
    assert (home / ".gemini" / "settings.json").read_text(encoding="utf-8") == BROKEN["json"]


def test_a_stale_codex_hook_of_ours_is_updated_with_its_trust(places: Places) -> None:
    _write(places, "codex")
    apply(plan_connect(client("codex"), places, "user", "/old/bin/contextlamp", ENV))
    apply(plan_connect(client("codex"), places, "user", EXE, ENV))
    hooks = (places.home / ".codex" / "hooks.json").read_text(encoding="utf-8")
    config = (places.home / ".codex" / "config.toml").read_text(encoding="utf-8")
    assert "/old/" not in hooks and len(json.loads(hooks)["hooks"]["SessionStart"]) == 1
    assert status(places, answers=lambda _c: True)[3].hooks == "yes" and config.count("trusted_hash") == 4
    apply(plan_remove(client("codex"), places, "user"))
    assert (places.home / ".codex" / "config.toml").read_text(encoding="utf-8") == CODEX


@pytest.mark.parametrize("layout", ["multiline", "compact", "trailing-comma"])
def test_jsonc_removes_every_matching_element_in_one_pass(layout: str) -> None:
    ours = {"command": f"{EXE} hook cursor session-end"}
    elements = [{"command": f"./mine-{i}.sh"} if i % 3 else ours for i in range(12)]  # ours at 0, 3, 6, 9
    if layout == "compact":
        text = json.dumps({"hooks": {"sessionEnd": elements}})
    else:
        text = json.dumps({"hooks": {"sessionEnd": elements}}, indent=2) + "\n"
        if layout == "trailing-comma":
            text = text.replace("}\n    ]", "},\n    ]")
    left = jsonc.remove_elements(text, ("hooks", "sessionEnd"), lambda e: " hook cursor " in e.get("command", ""))
    root = jsonc.parse(left)
    assert root is not None
    assert root.value == {"hooks": {"sessionEnd": [e for e in elements if e is not ours]}}
    everything = jsonc.remove_elements(text, ("hooks", "sessionEnd"), lambda e: True)
    assert json.loads(everything.replace(",\n    ]", "\n    ]")) == {}  # the emptied array and object go too
