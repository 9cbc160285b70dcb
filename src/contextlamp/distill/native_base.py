"""What every native transcript parser shares (distill/native.py recognises the format, distill/native_clients.py
holds one parser per client): the turn collector, client noise removal (tag blocks, the client's own lines),
message-content text and compaction summaries as digest lines.

Everything here is pure and linear in its input: every tag is removed by ``str.find`` scans, never by a
backtracking pattern.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, cast

from contextlamp.distill.turns import Role, Turn
from contextlamp.text import has_surrogates

HEADING_WORDS = 8
EMPTY_ITEMS = frozenset({"none", "n/a", "na", "nothing", "none yet", "not applicable", "-", ""})
# Claude Code wraps the output of local commands and hooks in these tags; a block of them is the client
# talking, never the person (seen in its JSONL: ``<command-name>/model</command-name>`` and friends).
NOISE_TAGS = tuple(
    """system-reminder command-name command-message command-args command-contents local-command-stdout
    local-command-stderr local-command-caveat bash-input bash-stdout bash-stderr
    user-prompt-submit-hook task-notification""".split()  # noqa: SIM905
)
# whole user lines the client writes itself
NOISE_LINES = ("[Request interrupted by user]", "[Request interrupted by user for tool use]")


def valid_text(text: str) -> str:
    """``text`` with each lone surrogate (a cut emoji: JavaScript clients write a lone ``\\ud83d`` escape, which
    JSON decodes to an invalid code point) replaced by U+FFFD, so it encodes as UTF-8. (``text.scrub_surrogates``
    gives ``?``, which would read as a question mark.) Linear."""
    if not has_surrogates(text):
        return text
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)


class Parser:
    """Collects turns record by record; a digest (compaction summary) discards everything collected before."""

    def __init__(self) -> None:
        self._turns: list[Turn] = []
        self.folder: str | None = None  # the folder the records being read were said in (``Turn.cwd``)

    def at(self, folder: object) -> None:
        """The records that follow were said in ``folder`` (a client's ``cwd`` field; anything but a non-empty
        string without NUL changes nothing)."""
        if isinstance(folder, str) and folder.strip() and "\x00" not in folder:
            self.folder = folder

    def add(self, record: dict[str, Any] | None) -> None:
        """Read one record of the client's file (one JSON line or list element; None for a line that is not
        JSON). Each client's parser says which records hold turns (native_clients.py).

        Raises:
            NotImplementedError: on the base class."""
        raise NotImplementedError

    def say(self, role: Role, text: str) -> None:
        """One turn of ``role`` said in the current folder; a blank text adds nothing, and a text of the same role
        in the same folder right after the last turn joins it (a client splits one message over records), except
        a digest turn, which stays one."""
        text = valid_text(text).strip()
        if not text:
            return
        last = self._turns[-1] if self._turns else None
        if last is not None and last.role == role and role != "digest" and last.cwd == self.folder:
            self._turns[-1] = Turn(role, last.text + "\n\n" + text, self.folder)
        else:
            self._turns.append(Turn(role, text, self.folder))

    def summary(self, text: str) -> None:
        """A client's compaction summary: one digest turn replacing the turns before it (none if it is blank,
        and then the turns before it stay: nothing summarised them)."""
        text = digest_lines(text)
        if text:
            self._turns = []
            self.say("digest", text)

    def turns(self) -> list[Turn]:
        """The turns collected so far, in the order said (a digest first when a summary replaced earlier ones)."""
        return self._turns


def digest_lines(text: str) -> str:
    """A client's summary as digest lines: one statement a line, without the lines that only frame them
    (section headings such as ``2. Key Technical Concepts:`` or ``## Plan``, lines that are only an XML tag
    such as Gemini's ``<key_knowledge>``, empty sections such as ``- None``) and without fenced code blocks
    (the code a summary quotes states nothing by itself); each line without its indentation. Linear."""
    kept: list[str] = []
    in_code = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if in_code or not stripped or _is_heading(stripped) or _is_empty_item(stripped):
            continue
        kept.append(stripped)
    return "\n".join(kept)


def _is_empty_item(line: str) -> bool:
    """A bullet that says a section is empty (``- None``, ``(none)``, ``N/A``)."""
    return line.lstrip("-*• ").strip(" .()").lower() in EMPTY_ITEMS


def _is_heading(line: str) -> bool:
    """A line that names a section instead of stating something: a markdown heading, a lone XML tag, or a short
    line ending in a colon (at most ``HEADING_WORDS`` words)."""
    if line.startswith("#"):
        return True
    if line.startswith("<") and line.endswith(">") and " " not in line:
        return True
    return line.endswith(":") and len(line.split()) <= HEADING_WORDS


# the text parts of a chat message: Chat Completions' ``text``, the Responses API's ``input_text`` / ``output_text``
MESSAGE_PARTS = ("text", "input_text", "output_text")


def texts(content: Any, *, kinds: tuple[str, ...] = ("text",)) -> str:
    """The text of a message content: a string, or the text (``text``, else ``content``) of its parts of the given
    types (tool calls, tool results, thinking, images are other types and so left out)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    pieces: list[str] = []
    for part in cast(list[Any], content):
        if isinstance(part, str):
            pieces.append(part)
        elif isinstance(part, dict):
            piece = cast(dict[str, Any], part)
            value = piece.get("text", piece.get("content"))
            if piece.get("type", "text") in kinds and isinstance(value, str):
                pieces.append(value)
    return "\n".join(pieces)


def strip_tags(text: str, tags: Sequence[str] = NOISE_TAGS) -> str:
    """``text`` without the ``<tag>...</tag>`` blocks of ``tags`` (an unclosed block runs to the end).

    Linear: the openings are found by one pattern of literal alternatives (``<`` then a tag name then ``>`` or a
    space: no nested quantifier, so no backtracking), each block's close by ``str.find`` from its opening, and
    the scan resumes after the close, so no character is looked at twice.
    """
    if "<" not in text:
        return text
    return strip_blocks(text, _openings(tuple(tags)))


def strip_blocks(text: str, opening: re.Pattern[str]) -> str:
    """``text`` without each block that ``opening`` starts (its group 1 is the tag name) up to its
    ``</name>`` (an unclosed block runs to the end). Linear when ``opening`` is: each close is found by
    ``str.find`` from its opening and the scan resumes after it, so no character is looked at twice."""
    out: list[str] = []
    position = 0
    while True:
        found = opening.search(text, position)
        if found is None:
            break
        closing = "</" + found.group(1) + ">"
        end = text.find(closing, found.end())
        out.append(text[position : found.start()])
        position = len(text) if end < 0 else end + len(closing)
    out.append(text[position:])
    return "".join(out)


@functools.cache
def _openings(tags: tuple[str, ...]) -> re.Pattern[str]:
    """The opening of any of ``tags`` (compiled on first use, not at import)."""
    return re.compile("<(" + "|".join(re.escape(t) for t in tags) + ")[ >]")


# A client's stand-in for material put into a prompt (issue #27.1; breaker stop 40 finding 7): Claude Code's
# ``[Image #1]``, ``[Image]``, ``[Pasted text #2 +42 lines]``, ``[...Truncated text #3 +300 lines...]`` (its own
# placeholder pattern, read from the 2.1 CLI); Codex's ``[Image #1]`` and ``[Pasted Content 2048 chars]``; Gemini
# CLI's ``[Pasted Text: 57 lines]`` and ``[Pasted Text: 12 chars #2]``: a bracketed name of pasted or attached
# material, then its number, its size or nothing. Never a Markdown image or link (``![image](…)``, ``[image](…)``).
_MATERIAL = (
    r"pasted(?: text| content| image)?|truncated text|image|screenshot|attachment|attached file|file|audio|video"
    r"|document|pdf|team setup guide"
)
_COUNT = r"\s#\d{1,6}(?:\s\+\d{1,9}\s(?:lines?|chars?))?|:?\s\d{1,9}\s(?:lines?|chars?|characters)(?:\s#\d{1,6})?"
PLACEHOLDER = re.compile(  # a number or size is required but for a bare [Image]: "click [File] > Save" stays
    r"(?<!!)\[(?:\.\.\.)?(?:[^\w\s\[\]]\s?)?(?:(?:" + _MATERIAL + r")(?:" + _COUNT + r")|image)"
    r"(?:\.\.\.)?\](?!\()[ \t]*",
    re.IGNORECASE,
)


def clean_text(text: str) -> str:
    """A message text without client noise: tag blocks, the client's placeholders for pasted or attached material
    (``PLACEHOLDER``: the material is not in the text, so what is left is judged on its own: "[Image #1] this is
    the dashboard" is the remark "this is the dashboard"), and lines the client writes itself. Linear."""
    text = strip_tags(text)
    if "[" in text:
        text = PLACEHOLDER.sub("", text)
    text = text.strip()
    return "" if text in NOISE_LINES else text
