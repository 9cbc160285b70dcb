"""Running the real Claude Code, Codex and Gemini CLIs (pinned in ``.ci/clients/package.json``, installed by
``.ci/run`` into ``.ci/clients/node_modules``) against the fake model API, in a scratch HOME.

Everything a client could send off the machine is pointed at loopback or switched off: the model API
(``ANTHROPIC_BASE_URL``, a Codex ``model_providers`` entry, ``GOOGLE_GEMINI_BASE_URL``), telemetry, error
reporting and update checks (each client's documented switches, below; Codex's plugin marketplace and apps),
and ``HTTP(S)_PROXY`` names a loopback proxy that forwards nothing and records where each request wanted to
go (``ProxyLog``), so any other request fails at once instead of leaving, and the test can say so.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.realclients.fakemodel import FakeModel, Reply, Turn

ROOT = Path(__file__).resolve().parents[2]
CLIENTS_BIN = ROOT / ".ci" / "clients" / "node_modules" / ".bin"
EXECUTABLES = {"claude-code": "claude", "codex": "codex", "gemini-cli": "gemini"}
SESSION_TIMEOUT_S = 120  # one scripted session; each takes 2-15 s on two busy cores

# Each client's documented switches for traffic that is not the model API:
# Claude Code (code.claude.com/docs/en/settings, "Environment variables"); Codex (config.toml below:
# analytics, feedback, update check); Gemini CLI (docs/reference/configuration.md, docs/cli/telemetry.md).
QUIET_ENV = {
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_BUG_COMMAND": "1",
    "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY": "1",
    "GEMINI_TELEMETRY_ENABLED": "false",
    "GEMINI_CLI_DISABLE_AUTO_UPDATE": "true",
    "NO_COLOR": "1",
    "NO_PROXY": "127.0.0.1,localhost",
}


class ProxyLog:
    """An HTTP proxy on loopback that forwards nothing: it records the first line of each request
    (``CONNECT github.com:443 HTTP/1.1``) and closes the connection, so a client's request for anything but
    the fake model fails at once and the test sees where it wanted to go."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(16)
        self.url = f"http://127.0.0.1:{self._socket.getsockname()[1]}"
        threading.Thread(target=self._serve, name="proxy-log", daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _address = self._socket.accept()
            except OSError:
                return
            with connection:
                connection.settimeout(5)
                try:
                    head = connection.recv(4096).decode("latin-1")
                except OSError:
                    head = ""
                self.seen.append(head.splitlines()[0] if head else "(nothing sent)")

    def close(self) -> None:
        """Stop listening."""
        self._socket.close()


def executable(client: str) -> Path | None:
    """The installed CLI of ``client`` (``claude-code``, ``codex``, ``gemini-cli``), or None."""
    path = CLIENTS_BIN / EXECUTABLES[client]
    return path if path.exists() else None


def require(client: str) -> Path:
    """The CLI of ``client``; skips the test when it is not installed, unless ``CI`` or ``CLP_REQUIRE_CLIENTS``
    (set by ``.ci/run``) is set: then the test fails."""
    path = executable(client)
    if path is not None:
        return path
    message = (
        f"{EXECUTABLES[client]} is not installed in {CLIENTS_BIN.parent}: run `bash .ci/run` once, or "
        f"`npm ci --prefix .ci/clients --ignore-scripts` (the real-client tests drive the pinned npm clients)"
    )
    if os.environ.get("CI") or os.environ.get("CLP_REQUIRE_CLIENTS"):
        pytest.fail(message)
    pytest.skip(message)


@dataclass
class Session:
    """One client run: exit code, output, seconds, and the model requests it made (``turns``)."""

    returncode: int | str
    stdout: str
    stderr: str
    seconds: float
    turns: list[Turn]
    started: float

    def main_turns(self) -> list[Turn]:
        """The requests that offer tools (the agent's own turns; side requests such as Gemini's router or a
        Claude Code title carry none)."""
        return [t for t in self.turns if t.tools]


@dataclass
class Scratch:
    """A scratch HOME with a git repository, a data directory and the fake model."""

    root: Path
    client: str
    model: FakeModel
    url: str = ""
    sessions: list[Session] = field(default_factory=lambda: list[Session]())
    proxy: ProxyLog = field(default_factory=ProxyLog)

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def repo(self) -> Path:
        return self.root / "repo"

    @property
    def data(self) -> Path:
        return self.root / "data"

    def env(self) -> dict[str, str]:
        """The environment every process of the scenario gets (nothing of the developer's own)."""
        path = os.pathsep.join(
            [str(CLIENTS_BIN), str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin"]
        )
        env = {
            "HOME": str(self.home),
            "PATH": path,
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "TMPDIR": str(self.root / "tmp"),
            "CONTEXTLAMP_HOME": str(self.data),
            "CONTEXTLAMP_USER": "tester",
            **QUIET_ENV,
            "HTTP_PROXY": self.proxy.url,
            "HTTPS_PROXY": self.proxy.url,
        }
        if self.client == "claude-code":
            env |= {"ANTHROPIC_BASE_URL": self.url, "ANTHROPIC_API_KEY": "sk-ant-fake-key"}
        elif self.client == "codex":
            env |= {"CODEX_HOME": str(self.home / ".codex"), "FAKE_MODEL_KEY": "fake-key"}
        else:
            env |= {
                "GOOGLE_GEMINI_BASE_URL": self.url,
                "GEMINI_API_KEY": "fake-key",
                "GEMINI_CLI_TRUST_WORKSPACE": "true",
            }
        return env

    def prepare(self) -> None:
        """The folders, a git repository with a remote, the client's own settings that select the fake model
        (written before connect, as a user's existing files would be), and the fake model started."""
        for folder in (self.home, self.repo, self.data, self.root / "tmp"):
            folder.mkdir(parents=True, exist_ok=True)
        git = ["git", "-C", str(self.repo)]
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "remote", "add", "origin", "https://github.com/example/realclient-demo.git"], check=True)
        self.url = self.model.start()
        if self.client == "codex":
            codex = self.home / ".codex"
            codex.mkdir()
            (codex / "config.toml").write_text(
                'model = "gpt-fake"\nmodel_provider = "fake"\ncheck_for_update_on_startup = false\n\n'
                "[analytics]\nenabled = false\n\n[feedback]\nenabled = false\n\n"
                # the curated plugin marketplace (github.com) and remote plugins / apps (chatgpt.com) are fetched
                # at start otherwise: three requests off the machine per session (seen through a logging proxy)
                "[features]\nplugins = false\nremote_plugin = false\napps = false\n\n"
                f'[model_providers.fake]\nname = "fake"\nbase_url = "{self.url}/v1"\nwire_api = "responses"\n'
                'env_key = "FAKE_MODEL_KEY"\nsupports_websockets = false\n',
                encoding="utf-8",
            )
        elif self.client == "gemini-cli":
            gemini = self.home / ".gemini"
            gemini.mkdir()
            settings = {
                "security": {"auth": {"selectedType": "gemini-api-key"}},
                "privacy": {"usageStatisticsEnabled": False},
                "telemetry": {"enabled": False},
                "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
            }
            (gemini / "settings.json").write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")

    def contextlamp(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run this install's ``contextlamp`` in the repository with the scenario's environment."""
        exe = Path(sys.executable).parent / "contextlamp"
        return subprocess.run(
            [str(exe), *args], env=self.env(), cwd=self.repo, capture_output=True, text=True, timeout=120
        )

    def run(self, prompt: str) -> Session:
        """One non-interactive session of the client with ``prompt``; its model requests are the turns that
        arrived while it ran."""
        exe = str(require(self.client))
        if self.client == "claude-code":
            argv = [
                exe,
                "-p",
                prompt,
                "--allowedTools",
                "mcp__contextlamp__save_context,mcp__contextlamp__save_session,Bash",
            ]
        elif self.client == "codex":
            argv = [exe, "exec", "--dangerously-bypass-approvals-and-sandbox", "--color", "never", prompt]
        else:
            argv = [exe, "-p", prompt, "--yolo"]
        first = len(self.model.turns)
        started = time.monotonic()
        try:
            done = subprocess.run(
                argv,
                env=self.env(),
                cwd=self.repo,
                capture_output=True,
                text=True,
                timeout=SESSION_TIMEOUT_S,
                stdin=subprocess.DEVNULL,
            )
            code: int | str = done.returncode
            out, err = done.stdout, done.stderr
        except subprocess.TimeoutExpired as exc:
            code, out, err = "timeout", _text(exc.stdout), _text(exc.stderr)
        session = Session(code, out, err, time.monotonic() - started, self.model.turns[first:], started)
        self.sessions.append(session)
        return session

    def hooks_log(self) -> str:
        """The hooks' log (``<data>/logs/hooks.log``), empty when none was written."""
        path = self.data / "logs" / "hooks.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def wait_for_saves(self, timeout_s: float = 60.0) -> None:
        """Until every detached save the log announced has logged its result (or ``timeout_s``)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            log = self.hooks_log()
            started = log.count("save started in worker")
            finished = sum(log.count(word) for word in (" new turns -> ", "nothing new in", "save failed"))
            if finished >= started:
                return
            time.sleep(0.2)

    def memories(self) -> list[dict[str, Any]]:
        """Every live memory of the personal store and of each project, as ``list --json`` prints them."""
        found: list[dict[str, Any]] = []
        listed = self.contextlamp("list", "--json", "-n", "200", "--personal")  # personal only, wherever it runs
        assert listed.returncode == 0, listed.stderr
        found.extend(json.loads(listed.stdout).get("items", []))
        projects = self.contextlamp("projects", "--json")
        assert projects.returncode == 0, projects.stderr
        for project in json.loads(projects.stdout).get("projects", []):
            listed = self.contextlamp("list", "--json", "-n", "200", "--project", project["id"])
            assert listed.returncode == 0, listed.stderr
            found.extend(json.loads(listed.stdout).get("items", []))
        return found

    def close(self) -> None:
        """Stop the fake model and remove the scratch folder (kept when ``KEEP_REALCLIENT_SCRATCH`` is set)."""
        self.model.close()
        self.proxy.close()
        if not os.environ.get("KEEP_REALCLIENT_SCRATCH"):
            shutil.rmtree(self.root, ignore_errors=True)


def _text(value: bytes | str | None) -> str:
    if value is None:
        return ""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


SHELL_TOOLS = {
    "claude-code": ("Bash", "command"),
    "codex": ("exec_command", "cmd"),
    "gemini-cli": ("run_shell_command", "command"),
}


def scripted(client: str, script: Callable[[Turn], Reply | None]) -> Callable[[Turn], Reply]:
    """A policy from ``script`` (the scenario's decision for a turn, None: "nothing to do") with what every
    model does the same way: Claude Code's deferred MCP tools are loaded through ToolSearch first."""

    def policy(turn: Turn) -> Reply:
        if not turn.tools:
            return Reply(text="OK.")
        reply = script(turn)
        return reply if reply is not None else Reply(text="Done.")

    return policy


def deferred(turn: Turn, name: str) -> bool:
    """Whether Claude Code lists MCP tool ``name`` as deferred (named in the prompt, its schema loaded through
    ToolSearch) rather than among the request's tools."""
    return name not in turn.tools and "ToolSearch" in turn.tools and name in turn.text
