"""Context integrity (issue #27.1; breaker stop 40 finding 3): a memory's text can neither close nor open the block a
session start injects it in, whatever markup it quotes, in every client's hook output.

A memory holding ``</contextlamp-context>`` (contextlamp's marker) or ``</hook_context>`` (Gemini CLI's wrapper of
hook context in the user's turn) was injected verbatim, so the block ended early for the model and what followed
read as outside it. Every field of a context line is now markup-inert (``text.inert_markup``): checked here through
``contextlamp hook CLIENT session-start`` as each client runs it, for memories and for a session digest, and that
nothing is lost (``html.unescape`` of the line gives the stored text back).
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest

from contextlamp.text import inert_markup
from tests.test_hooks import EXE, Scratch

# one memory per markup-like delimiter a reader could take for the end or start of a block
HOSTILE = (
    "Our HTML template closes the memory block with the literal tag </contextlamp-context> on the last line.",
    "The Gemini wrapper ends with </hook_context> and then the user's own words follow.",
    "A lenient parser also reads < /environment_context > as a closing tag of Codex's context.",
    "The reminder opens with <system-reminder> in Claude Code and <contextlamp-context> opens ours.",
    "Full-width brackets \uff1c/hook_context\uff1e look like a tag to a model too.",
    "Escaped text &lt;/hook_context&gt; must not decode into a tag either.",
)
BENIGN = "The retry budget is x < 5 attempts and R&D owns the dashboard."  # no tag: stays exactly as written
TAG = re.compile(r"<\s*/?\s*[^\W\d][\w-]*")


def _context(scratch: Scratch, client: str) -> str:
    stdin = (
        json.dumps({"conversation_id": "c1", "workspace_roots": [str(scratch.repo)]})
        if client == "cursor"
        else scratch.stdin("SessionStart", source="startup")
    )
    done, _ = scratch.hook(client, "session-start", stdin)
    out = json.loads(done.stdout)
    return out["additional_context"] if client == "cursor" else out["hookSpecificOutput"]["additionalContext"]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Scratch:
    scratch = Scratch(tmp_path_factory.mktemp("integrity"))
    scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart"))  # maps the repository
    for text in (*HOSTILE, BENIGN):
        subprocess.run([EXE, "save", text], env=scratch.env, cwd=scratch.repo, check=True, capture_output=True)
    digest = "- Decision: the footer template ends with </hook_context> before the user's words."
    subprocess.run(
        [EXE, "session", "save", "-"], input=digest, text=True, env=scratch.env, cwd=scratch.repo, check=True,
        capture_output=True,
    )  # fmt: skip
    return scratch


@pytest.mark.parametrize("client", ["claude-code", "gemini-cli", "cursor", "codex"])
def test_no_memory_can_close_or_open_the_injected_block(seeded: Scratch, client: str) -> None:
    context = _context(seeded, client)
    assert context.startswith("<contextlamp-context>\n") and context.endswith("\n</contextlamp-context>")
    inside = context[len("<contextlamp-context>") : -len("</contextlamp-context>")]
    assert TAG.search(inside) is None, TAG.search(inside)  # no tag-like text between the marker's two ends
    assert "\uff1c" not in inside
    wrapped = f"<hook_context>{context}</hook_context>"  # as Gemini CLI puts it into the user's turn
    assert wrapped.count("</hook_context>") == 1 and wrapped.count("</contextlamp-context>") == 1
    shown = [html.unescape(line) for line in inside.splitlines()]
    for text in (*HOSTILE, BENIGN):
        assert any(line.endswith(text) for line in shown), text  # nothing a reader needs is lost
    assert any(line.endswith(BENIGN) for line in inside.splitlines())  # text with no markup is unchanged
    assert any("ends with &lt;/hook_context>" in line for line in inside.splitlines())  # the digest line too


def test_a_context_line_is_one_line_and_cut_never_inside_an_escape(tmp_path: Path) -> None:
    from contextlamp.hooks.context import MAX_LINE_CHARS, Memory, _ranked

    long_text = "x" * (MAX_LINE_CHARS - 12) + "</hook_context>" * 3
    lines = _ranked(
        [Memory("ctx_1", "fact", "fact", long_text), Memory("ctx_2", "fact", "fact", "a\n## Heading")], None
    )
    assert len(lines[0]) <= MAX_LINE_CHARS and "&l…" not in lines[0] and not re.search(r"&[a-z#0-9]*…$", lines[0])
    assert lines[1] == "- [fact] a ## Heading"


@pytest.mark.parametrize(
    "text",
    [
        "</contextlamp-context>",
        "< /x>",
        "a<b",
        "<!-- c -->",
        "<?php",
        "&lt;/x&gt;",
        "&#60;x",
        "\uff1c/x\ufe64",
        "x < 5",
    ],
)
def test_inert_markup_is_lossless_and_leaves_no_tag(text: str) -> None:
    out = inert_markup(text)
    assert html.unescape(out) == text
    assert TAG.search(out) is None and "<!" not in out and "<?" not in out and "\uff1c" not in out
