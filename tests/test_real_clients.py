"""The real Claude Code, Codex and Gemini CLIs against a scripted fake model on loopback (issue #27 "How it is
checked", #30.4/#30.5): one scenario of three sessions per client, through what ``contextlamp connect``
installs in a scratch HOME.

Session 1 states a fact; the scripted model saves it with the contextlamp tool. Session 2 asks about it: its
first model request must already carry the memory (the session-start hook). Session 3 says goodbye. Then the
store holds the fact exactly once and nothing of what contextlamp injected or the client framed.

The clients are the pinned npm packages ``.ci/run`` installs (``.ci/clients``); without them the tests skip,
unless ``CI`` is set, where they fail. ``KEEP_REALCLIENT_SCRATCH=1`` keeps each scenario's folder.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.realclients.fakemodel import FakeModel, Reply, Turn
from tests.realclients.harness import SHELL_TOOLS, Scratch, Session, deferred, require, scripted

pytestmark = pytest.mark.timeout(600)

CLIENTS = ("claude-code", "codex", "gemini-cli")
FACT = "The staging database listens on port 6543."
TEACH = "Remember this for later: the staging database listens on port 6543."
ASK = "Which port does the staging database listen on?"
RULE = "From now on, always run the linter before committing."  # durable, and the model does not save it itself
DIGEST = "Rule: Always run the linter before committing."
ASKED = "contextlamp: durable things were said"  # how the stop hook's request for the digest begins
DETOURS = 20  # at most this many one-second commands while a contextlamp tool is not offered yet (#30.1)
# what contextlamp itself writes into a session (server instructions, the session-start header and its line
# labels) and what the clients frame a session with: none of it may come back as a memory
FRAMING = re.compile(
    r"contextlamp|get_context|save_context|save_session|hook_context|session_context|untrusted_context"
    r"|\[(?:fact|decision|note|preference|instruction|task)\]|system-reminder|Today's date is",
    re.IGNORECASE,
)


class Script:
    """The scripted model of one scenario: ``prompt`` is the current session's; in the teaching session it
    saves the fact once (loading Claude Code's deferred tool first, or waiting with one-second commands while
    the tool is not offered yet), then confirms; otherwise it answers."""

    def __init__(self, client: str) -> None:
        self.shell_tool, self.shell_arg = SHELL_TOOLS[client]
        self.prompt = ""
        self.saved = False
        self.detours = 0
        self.digested = False
        self.trace: list[str] = []  # what the digest path decided, turn by turn (the failure message shows it)

    def start(self, prompt: str) -> None:
        """A new session with ``prompt``."""
        self.prompt, self.saved, self.detours, self.digested = prompt, False, 0, False

    def __call__(self, turn: Turn) -> Reply | None:
        if ASKED in turn.text and not self.digested:  # the stop hook asked for the digest: the agent writes it
            reply = self._use(turn, "save_session", {"transcript": DIGEST})
            self.digested = reply.call is None or reply.call.endswith("save_session")
            self.trace.append(f"asked: {len(turn.tools)} tools offered -> {reply.call or reply.text}")
            return reply
        if self.digested and turn.tool_results:
            self.trace.append(f"after the digest call: {turn.tool_results[-1][-300:]}")
        if self.digested:
            return Reply(text="Saved the digest.")
        if self.prompt != TEACH:
            return Reply(text="Port 6543." if self.prompt == ASK else "OK, I will run the linter first.")
        if self.saved:
            return Reply(text="Saved: the staging database listens on port 6543.")
        reply = self._use(turn, "save_context", {"content": FACT, "kind": "fact", "topic": "staging-db-port"})
        self.saved = reply.call is None or reply.call.endswith("save_context")
        return reply

    def _use(self, turn: Turn, name: str, arguments: dict[str, object]) -> Reply:
        """Call contextlamp tool ``name``: load it first where Claude Code defers it; while it is not offered
        (the server not ready yet) do something else that takes a second, as a model would; give up after
        ``DETOURS`` of those."""
        offered = turn.tool(name)
        if offered is not None:
            return Reply(call=offered, arguments=dict(arguments))
        if deferred(turn, f"mcp__contextlamp__{name}"):
            return Reply(call="ToolSearch", arguments={"query": f"select:mcp__contextlamp__{name}", "max_results": 1})
        if self.detours < DETOURS and self.shell_tool in turn.tools:
            self.detours += 1
            return Reply(call=self.shell_tool, arguments={self.shell_arg: "sleep 1"})
        return Reply(text=f"I could not call {name}: no memory tool is available.")


class Scenario:
    """The three sessions of one client, run once per module, and what each test reads from them."""

    def __init__(self, scratch: Scratch, script: Script) -> None:
        self.scratch = scratch
        self.script = script
        self.connect = scratch.contextlamp("connect", scratch.client, "--create-home")
        self.teach, self.ask, self.rule = (self._session(prompt) for prompt in (TEACH, ASK, RULE))
        self.memories = scratch.memories()
        self.log = scratch.hooks_log()

    def _session(self, prompt: str) -> Session:
        self.script.start(prompt)
        session = self.scratch.run(prompt)
        self.scratch.wait_for_saves()
        return session

    def report(self) -> str:
        """One line per session: seconds, exit code, the requests and which first carried the tools."""
        lines = []
        for name, session in (("teach", self.teach), ("ask", self.ask), ("rule", self.rule)):
            main = session.main_turns()
            carrying = [i for i, t in enumerate(main) if _offers_save(t)]
            first = session.turns[0].at - session.started if session.turns else float("nan")
            lines.append(
                f"{self.scratch.client} {name}: {session.seconds:.1f} s, exit {session.returncode}, "
                f"{len(session.turns)} requests ({len(main)} with tools), first request at {first:.1f} s, "
                f"tools first in main request #{carrying[0] if carrying else None}"
            )
        return "\n".join(lines)


def _offers_save(turn: Turn) -> bool:
    return turn.tool("save_context") is not None or deferred(turn, "mcp__contextlamp__save_context")


@pytest.fixture(scope="module", params=CLIENTS)
def scenario(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scenario]:
    client: str = request.param
    require(client)
    scratch = Scratch(tmp_path_factory.mktemp(f"real-{client}"), client, FakeModel(lambda t: Reply(text="OK.")))
    script = Script(client)
    scratch.model.policy = scripted(client, script)
    scratch.prepare()
    try:
        made = Scenario(scratch, script)
        print("\n" + made.report())
        yield made
    finally:
        scratch.close()


def _diagnose(s: Scenario) -> str:
    last = s.teach
    return f"{s.report()}\nstdout: {last.stdout[-1500:]}\nstderr: {last.stderr[-1500:]}\nhooks.log:\n{s.log[-3000:]}"


def test_connect_writes_the_entry_and_the_clients_list_the_contextlamp_tools(scenario: Scenario) -> None:
    assert scenario.connect.returncode == 0, scenario.connect.stderr
    assert "connected" in scenario.connect.stdout
    main = scenario.teach.main_turns()
    assert main, _diagnose(scenario)
    assert any(_offers_save(t) for t in main), _diagnose(scenario)
    for name in ("get_context", "save_session", "forget_context"):
        assert any(t.tool(name) or name in t.text for t in main), name


def test_the_first_model_request_of_a_session_already_carries_the_tools(scenario: Scenario) -> None:
    # issue #30.1: the stdio server answers tools/list before the clients' first request (the xfail written
    # before protocol's fix passed for all three clients on the merged code)
    for session in (scenario.teach, scenario.ask, scenario.rule):
        main = session.main_turns()
        assert main and _offers_save(main[0]), _diagnose(scenario)


def test_the_scripted_tool_call_saves_the_fact(scenario: Scenario) -> None:
    results = [r for t in scenario.teach.turns for r in t.tool_results if "deduped" in r]
    assert results, _diagnose(scenario)
    assert re.search(r"deduped\\*\"?\s*:\s*false", results[0]), results[0]
    assert any(m["preview"] == FACT for m in scenario.memories), scenario.memories


def test_the_hooks_fire_at_session_start_and_capture(scenario: Scenario) -> None:
    client = scenario.scratch.client
    assert scenario.log.count(f"{client} session-start:") >= 3, _diagnose(scenario)
    assert f"{client} " in scenario.log and "save started in worker" in scenario.log, _diagnose(scenario)
    assert "save failed" not in scenario.log and " failed: " not in scenario.log, scenario.log


def test_the_next_session_starts_with_the_memory(scenario: Scenario) -> None:
    for session in (scenario.ask, scenario.rule):
        main = session.main_turns()
        assert main, _diagnose(scenario)
        assert FACT in main[0].text, _diagnose(scenario)


def test_no_echo_after_three_sessions(scenario: Scenario) -> None:
    texts = [m["preview"] for m in scenario.memories]
    assert sum("6543" in text for text in texts) == 1, texts
    echoes = [text for text in texts if FRAMING.search(text)]
    assert echoes == [], echoes
    assert len(texts) <= 2, texts  # the fact and the rule: nothing else the sessions said is worth a memory


def test_the_clients_sent_nothing_off_the_machine(scenario: Scenario) -> None:
    """Only the fake model was asked for anything; no request went to a path the fake does not serve."""
    assert scenario.scratch.model.other == [] or all(
        path.endswith("/models") for _m, path in scenario.scratch.model.other
    )
    for session in (scenario.teach, scenario.ask, scenario.rule):
        assert session.returncode == 0, _diagnose(scenario)


def test_gemini_folder_trust_is_what_connect_says(scenario: Scenario) -> None:
    """Without the per-run trust switch the scratch repository is an untrusted folder: the real Gemini CLI
    leaves contextlamp disconnected there, and connect says so (with the folder and what to do)."""
    scratch = scenario.scratch
    if scratch.client != "gemini-cli":
        pytest.skip("Gemini CLI's folder trust")
    env = {k: v for k, v in scratch.env().items() if k != "GEMINI_CLI_TRUST_WORKSPACE"}
    exe = str(require("gemini-cli"))
    listed = subprocess.run(
        [exe, "mcp", "list"],
        env=env,
        cwd=scratch.repo,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    shown = listed.stdout + listed.stderr
    assert re.search(r"contextlamp.*Disabled", shown), shown
    connect = subprocess.run(
        [str(Path(sys.executable).parent / "contextlamp"), "connect", "gemini-cli"],
        env=env,
        cwd=scratch.repo,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert connect.returncode == 0, connect.stderr
    assert f"{scratch.repo} is not a trusted folder yet" in connect.stderr, connect.stderr
    trusted = subprocess.run(
        [exe, "mcp", "list"],
        env=scratch.env(),
        cwd=scratch.repo,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert re.search(r"contextlamp.*Connected", trusted.stdout + trusted.stderr), trusted.stdout + trusted.stderr


def test_at_a_pause_after_a_durable_statement_the_agent_writes_the_digest_once(scenario: Scenario) -> None:
    """#27.5: the stop hook asks once (not in the teaching session, where the agent saved already, nor after
    a question), the agent's save_session digest lands, and the cost is one extra agent turn."""
    client = scenario.scratch.client
    asked = [t for t in scenario.rule.turns if ASKED in t.text]
    assert asked, _diagnose(scenario)
    assert not any(ASKED in t.text for t in (*scenario.teach.turns, *scenario.ask.turns))
    assert scenario.log.count(f"{client} stop ") >= 3 and scenario.log.count(": digest asked (") == 1, scenario.log
    rules = [m["preview"] for m in scenario.memories if "linter" in m["preview"]]
    assert len(rules) == 1, (
        [m["preview"] for m in scenario.memories],
        scenario.script.trace,
        scenario.report(),
        scenario.log[-3000:],
    )
    answered = [t for t in scenario.rule.turns if t.tools and ASKED not in t.text]
    shown = scenario.rule.stdout.strip().replace("\n", " / ")[-160:]
    print(f"{client} digest: {len(asked)} extra requests ({len(answered)} before the hook asked); printed: {shown}")
    # one extra agent turn: the save_session call and the closing reply (Claude Code: plus its ToolSearch), and
    # the one-second waits a loaded machine adds while the server is not ready (#30.1)
    assert len(asked) <= 3 + DETOURS
