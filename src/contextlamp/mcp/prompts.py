"""The MCP prompts (``prompts/list``, ``prompts/get``): ``remember``, ``recall`` and ``checkpoint``.

Clients that show server prompts as slash commands (Claude Code ``/mcp__contextlamp__remember``, VS Code,
Cursor, Gemini CLI) let the person ask for the memory tools in a word; each prompt is one user message that
tells the agent which tool to call and how (docs/prompts.md). A prompt only renders text: it calls no tool and
stores nothing itself, so it needs no principal.

A prompt argument is checked like a tool's (``app.validate.check_text``: non-blank, valid Unicode, within the
limit); a bad one is a JSON-RPC error ``-32602`` naming the argument. A secret in ``remember``'s text is
replaced by ``[secret removed]`` before the text is echoed into the prompt, so the prompt never repeats it.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp import MCPError
from mcp.server.mcpserver import Message
from mcp.server.mcpserver.prompts import Prompt
from mcp_types import INVALID_PARAMS, InputRequiredResult
from pydantic import Field

from contextlamp.app.service import MemoryService
from contextlamp.app.validate import check_text
from contextlamp.errors import InvalidArgumentError

REMEMBER = """\
Save this to my contextlamp memory with the save_context tool:

{what}

- Write it as one self-contained statement that names its subject ("The billing API runs on PostgreSQL 16",
  not "it runs on 16"); if it holds several durable things, call save_context once for each.
- Choose memory_type (fact, instruction, event for a decision, task for something to do later), kind (fact,
  decision, preference, note) and, for a fact whose value can change later, a short topic (a later save with
  the same topic replaces the old value).
- Never save a secret (password, token, key): leave it out and tell me.{secret_note}
Then tell me in one line what you saved."""

SECRET_NOTE = "\n- A secret was already removed from the text above; do not ask me for it."

RECALL = """\
Call the get_context tool of contextlamp with this query: {topic}

Use the packs it returns (the most relevant first) as what you know about it: answer or carry on with them and
say which ones you used. If nothing relevant comes back, say so instead of guessing. If a pack looks outdated
or contradicts what we have just said, tell me; do not save anything now."""

CHECKPOINT = """\
Checkpoint this session into my contextlamp memory.

1. Write a digest of the session's durable items: decisions made, facts about the project and its setup, my
   preferences and instructions, and tasks left open.
   - One self-contained statement per line, as a "- " bullet, each naming its subject ("The ledger API runs on
     PostgreSQL 16", "Dana prefers squash merges"), so it reads right on its own months from now.
   - Only the final value of anything corrected during the session.
   - No chatter, greetings or thanks, no step-by-step narration of what you did, no code, no secrets
     (passwords, tokens, keys, credentials in URLs).
2. Call the save_session tool with that digest as the transcript (and the project, if this session belongs to
   one).
3. Tell me in one line how many memories were kept."""


class CheckedPrompt(Prompt):
    """A prompt whose missing required argument is a ``-32602`` error naming it (the SDK's own check raises a
    ``ValueError`` that reaches the client as "Internal server error")."""

    async def render(self, arguments: dict[str, Any] | None, context: Any) -> list[Message] | InputRequiredResult:
        """The rendered messages (``Prompt.render``) once every required argument is present.

        Raises:
            MCPError: ``INVALID_PARAMS``, naming the first missing argument.
        """
        for argument in self.arguments or []:
            if argument.required and argument.name not in (arguments or {}):
                message = str(InvalidArgumentError(argument.name, "is required"))
                raise MCPError(INVALID_PARAMS, message)
        return await super().render(arguments, context)


def _checked(field: str, value: str, max_bytes: int) -> str:
    try:
        return check_text(field, value, max_bytes).strip()
    except InvalidArgumentError as exc:
        raise MCPError(INVALID_PARAMS, str(exc)) from None


def prompt_specs(service: MemoryService) -> list[Prompt]:
    """The three prompts, their argument limits taken from ``service.limits`` (``remember``'s text: the
    content limit; ``recall``'s topic: the query limit)."""
    limits = service.limits

    def remember(
        what: Annotated[str, Field(description="What to remember: a fact, decision, preference or instruction.")],
    ) -> str:
        text = _checked("what", what, limits.max_content_bytes)
        redacted = service.scanner.redact(text)
        return REMEMBER.format(what=redacted, secret_note=SECRET_NOTE if redacted != text else "")

    def recall(
        topic: Annotated[str, Field(description="What to recall: a topic or a question, in your own words.")],
    ) -> str:
        return RECALL.format(topic=_checked("topic", topic, limits.max_query_chars))

    def checkpoint() -> str:
        return CHECKPOINT

    return [
        CheckedPrompt.from_function(
            remember,
            name="remember",
            title="Remember",
            description="Save what you name to contextlamp's memory (the agent calls save_context).",
        ),
        CheckedPrompt.from_function(
            recall,
            name="recall",
            title="Recall",
            description="Recall what contextlamp remembers about a topic (the agent calls get_context).",
        ),
        CheckedPrompt.from_function(
            checkpoint,
            name="checkpoint",
            title="Checkpoint",
            description="Save this session's durable items as a digest (the agent writes it, then calls save_session).",
        ),
    ]
