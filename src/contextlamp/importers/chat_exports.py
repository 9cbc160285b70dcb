"""Chat exports: ChatGPT's and Claude.ai's data exports (``conversations.json``), one conversation at a time.

PATH is the export's ``conversations.json``, the folder it was unpacked into, or the ``.zip`` archive itself
(the member ``conversations.json`` is read from the archive without unpacking it).

The file is streamed (``iter_json_array``): a scanner finds where each element of the top-level list ends and
hands that element alone to ``json.loads``, so memory holds one conversation, never the whole export (a
ChatGPT export runs to hundreds of MB); the scan jumps between quotes and brackets with a regular expression,
linear in the file's size.

ChatGPT (``read_chatgpt``): each conversation ``{id | conversation_id, title, create_time (Unix seconds),
mapping: {node id: {message, parent, children}}, current_node}``. The conversation shown in the app is the
branch from ``current_node`` up its ``parent`` links to the root (edits and regenerations leave other
branches, which are not imported); without a usable ``current_node`` the newest leaf is taken. A message
``{author: {role}, content: {content_type, parts | text}, create_time, recipient, metadata}`` is kept when its
role is ``user`` or ``assistant``, it is not hidden (``metadata.is_visually_hidden_from_conversation``, the
custom instructions' ``user_editable_context``), it is not an assistant's call to a tool (``recipient`` other
than ``all``) nor its hidden reasoning (``thoughts``, ``reasoning_recap``), and it has text: the string parts of
``text`` and ``multimodal_text`` content (images and other asset pointers dropped; an audio part's transcript
kept).

Claude.ai (``read_claude``): each conversation ``{uuid, name, created_at (ISO 8601), chat_messages: [{uuid,
sender: human | assistant, text, content: [{type, text}], created_at, parent_message_uuid?}],
current_leaf_message_uuid?}``; the ``text`` blocks of ``content`` (``thinking``, ``tool_use`` and
``tool_result`` blocks dropped), else ``text``. Attachments' extracted text is not imported (a pasted file is
the user's material, not what the conversation taught). When the export records the current leaf and each
message's parent, the current branch is followed as for ChatGPT; otherwise messages are taken in order.

The tools' own memories come too: each ChatGPT assistant message to the memory tool (``recipient`` ``bio``) is a
memory (``chatgpt_memories``), and the Claude.ai export's ``memories.json`` (``claude_memories``) gives the
account's and each project's memories. Claude.ai messages are taken in time order, without ``<antThinking>``
passages and ``<antArtifact>`` bodies (``without_hidden``).

Each conversation becomes an ``ImportConversation``: its title, its original time (the conversation's
creation, else its first message's), its turns, and a source key of its id and its last message's id, so a
second import skips it while a conversation continued since the last export is imported again (what it
taught before dedupes by content).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO, cast

from contextlamp.distill.turns import Role, Turn
from contextlamp.importers.base import (
    ImportConversation,
    ImportFormatError,
    ImportItem,
    check_archive_members,
    existing,
    input_root,
    location,
    regular_file,
)
from contextlamp.importers.json_stream import iter_json_array

EXPORT_MEMBER = "conversations.json"
_HIDDEN_CONTENT = frozenset({"user_editable_context", "thoughts", "reasoning_recap", "model_editable_context"})
_CHATGPT_ROLES: dict[str, Role] = {"user": "user", "assistant": "assistant"}
_CLAUDE_SENDERS: dict[str, Role] = {"human": "user", "user": "user", "assistant": "assistant"}


def read_chatgpt(path: Path) -> Iterator[ImportConversation | ImportItem]:
    """The conversations of a ChatGPT export (see the module), each preceded by the memories ChatGPT's memory
    tool wrote in it (``chatgpt_memories``).

    Raises:
        ImportFormatError: the file is not a JSON list of conversation objects, is cut short, or a conversation
            lacks its ``mapping`` (naming the file and the line).
    """
    with open_export(path) as (file, stream):
        for line, element in _numbered(iter_json_array(stream, file)):
            yield from chatgpt_memories(element, file, line)
            yield chatgpt_conversation(element, file, line)


def read_claude(path: Path) -> Iterator[ImportConversation | ImportItem]:
    """The memories Claude.ai kept (``memories.json`` of the export: ``claude_memories``), then the
    conversations of the export (see the module).

    Raises:
        ImportFormatError: the file is not a JSON list of conversation objects, is cut short, or a conversation
            lacks its ``chat_messages`` (naming the file and the line); ``memories.json`` is not JSON.
    """
    yield from claude_memories(path)
    with open_export(path) as (file, stream):
        for line, element in _numbered(iter_json_array(stream, file)):
            yield claude_conversation(element, file, line)


def _line(where: int | str) -> int:
    """The line number of a place ``_numbered`` gave (``12`` or ``"1#3"``)."""
    return where if isinstance(where, int) else int(where.split("#", 1)[0])


def _numbered(elements: Iterator[tuple[int, Any]]) -> Iterator[tuple[int | str, Any]]:
    """The elements with where each starts: its line, or ``"<line>#<n>"`` (its 1-based place in the list) when
    it starts on the line of the one before (a one-line export would give every conversation ``:1``)."""
    previous = 0
    for n, (line, element) in enumerate(elements, start=1):
        yield (line if line != previous else f"{line}#{n}"), element
        previous = line


@contextmanager
def open_export(path: Path) -> Generator[tuple[Path, TextIO]]:
    """``(the file named in errors, a text stream)`` of an export's ``conversations.json``: ``path`` itself, the
    file of that name in the folder ``path``, or the member of that name in the ZIP archive ``path``.

    Raises:
        ImportFormatError: ``path`` does not exist or cannot be read, or is a folder or archive without
            ``conversations.json``.
    """
    root = input_root(existing(path))
    if path.is_dir():
        path = path / EXPORT_MEMBER
        if not path.exists() and not path.is_symlink():
            raise ImportFormatError(path, 0, f"the export folder has no {EXPORT_MEMBER}")
    regular_file(path, root)  # never a link leading out of the folder given, never a pipe or device
    try:
        with _opened(path) as opened:
            yield opened
    except (OSError, EOFError, zipfile.BadZipFile) as error:  # unreadable, or a broken archive
        problem = (error.strerror if isinstance(error, OSError) else None) or type(error).__name__
        raise ImportFormatError(path, 0, f"cannot be read ({problem})") from None


@contextmanager
def _opened(path: Path) -> Generator[tuple[Path, TextIO]]:
    """The text stream of ``path``: the ``conversations.json`` member of a ZIP archive, else the file itself."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            names = [n for n in archive.namelist() if n.rsplit("/", 1)[-1] == EXPORT_MEMBER]
            if not names:
                raise ImportFormatError(path, 0, f"the archive has no {EXPORT_MEMBER}")
            member = min(names, key=len)
            check_archive_members(path, [archive.getinfo(member)])  # a bomb is refused before it is read
            with archive.open(member) as raw, io.TextIOWrapper(raw, encoding="utf-8-sig", newline="") as text:
                yield Path(f"{path}!{member}"), text  # as the other readers name an archive's member
        return
    with path.open(encoding="utf-8-sig", newline="") as text:
        yield path, text


MEMORY_TOOL = "bio"  # the recipient of ChatGPT's memory tool: the assistant's message to it is the memory


def chatgpt_memories(element: Any, file: Path, line: int | str) -> Iterator[ImportItem]:
    """What ChatGPT's memory tool saved in one conversation: each assistant message addressed to ``bio`` (its
    text is the memory, "User wants future replies to be very concise."), in time order, on any branch (a
    memory is saved when written, whichever reply the user kept), each text once. A fact for the runner to
    type by its cues, at the message's time."""
    data = cast(dict[str, Any], element)
    mapping = data.get("mapping")
    if not isinstance(mapping, dict):
        return
    found: list[tuple[float, str, str]] = []
    for key, node in cast(dict[str, Any], mapping).items():
        message = cast(dict[str, Any], node).get("message") if isinstance(node, dict) else None
        if not isinstance(message, dict):
            continue
        message = cast(dict[str, Any], message)
        author = message.get("author")
        role = cast(dict[str, Any], author).get("role") if isinstance(author, dict) else None
        if role != "assistant" or message.get("recipient") != MEMORY_TOOL:
            continue
        content = message.get("content")
        parts = cast(dict[str, Any], content).get("parts") if isinstance(content, dict) else None
        if parts is None and isinstance(content, dict):  # a code-typed call carries its text in ``text``
            parts = [cast(dict[str, Any], content).get("text")]
        text = (
            "\n".join(p for p in cast(list[Any], parts) if isinstance(p, str)).strip()
            if isinstance(parts, list)
            else ""
        )
        stamp = message.get("create_time")
        when = float(stamp) if isinstance(stamp, int | float) and not isinstance(stamp, bool) else 0.0
        if text:
            found.append((when, str(message.get("id") or key), text))
    conversation_id = str(data.get("conversation_id") or data.get("id") or "")
    seen: set[str] = set()
    for when, message_id, text in sorted(found, key=lambda f: f[0]):
        if text in seen:
            continue
        seen.add(text)
        moment = _unix_time(when)
        yield ImportItem(
            source_key=f"bio\0{conversation_id}\0{message_id}",
            content=text,
            memory_type="fact",
            kind=None,  # typed by the runner's cues (a preference when it says one)
            tags=("chatgpt-memory",),
            created_at=int(moment.timestamp() * 1000) if moment is not None else None,
            location=location(file, line),
        )


def chatgpt_conversation(element: Any, file: Path, line: int | str) -> ImportConversation:
    """One ChatGPT conversation object as an ``ImportConversation`` (or a skip when it has no user turn).

    Raises:
        ImportFormatError: ``mapping`` missing or not an object.
    """
    data = cast(dict[str, Any], element)
    mapping_value = data.get("mapping")
    if not isinstance(mapping_value, dict):
        raise ImportFormatError(file, _line(line), "a ChatGPT conversation needs a 'mapping' object of messages")
    mapping = cast(dict[str, Any], mapping_value)
    conversation_id = str(data.get("conversation_id") or data.get("id") or "")
    title = str(data.get("title") or "").strip()
    turns: list[Turn] = []
    first_time: float | None = None
    for node in current_branch(mapping, data.get("current_node")):
        message = node.get("message")
        if not isinstance(message, dict):
            continue
        turn = chatgpt_turn(cast(dict[str, Any], message))
        if turn is not None:
            turns.append(turn)
            stamp = cast(dict[str, Any], message).get("create_time")
            if first_time is None and isinstance(stamp, int | float) and not isinstance(stamp, bool):
                first_time = float(stamp)
    created = _unix_time(data.get("create_time")) or _unix_time(first_time)
    key = f"{conversation_id or title}\0{data.get('current_node') or len(turns)}"
    return _conversation(key, title, created, turns, file, line)


def current_branch(mapping: dict[str, Any], current: Any) -> list[dict[str, Any]]:
    """The nodes from the root to ``current`` (the ``current_node``; else the newest leaf), following ``parent``
    links; a link to a missing node ends the walk, and a cycle is cut where it closes. O(nodes)."""
    nodes = {key: cast(dict[str, Any], value) for key, value in mapping.items() if isinstance(value, dict)}
    if not isinstance(current, str) or current not in nodes:
        current = _newest_leaf(nodes)
    branch: list[dict[str, Any]] = []
    seen: set[str] = set()
    while isinstance(current, str) and current in nodes and current not in seen:
        seen.add(current)
        node = nodes[current]
        branch.append(node)
        current = node.get("parent")
    branch.reverse()
    return branch


def _newest_leaf(nodes: dict[str, dict[str, Any]]) -> str | None:
    best: tuple[float, str] | None = None
    for key, node in nodes.items():
        if node.get("children"):
            continue
        message = node.get("message")
        stamp = cast(dict[str, Any], message).get("create_time") if isinstance(message, dict) else None
        value = float(stamp) if isinstance(stamp, int | float) and not isinstance(stamp, bool) else 0.0
        if best is None or value > best[0]:
            best = (value, key)
    return best[1] if best else None


def chatgpt_turn(message: dict[str, Any]) -> Turn | None:
    """The turn of one ChatGPT message, or None for a message the app does not show (see the module)."""
    author = message.get("author")
    role = _CHATGPT_ROLES.get(str(cast(dict[str, Any], author).get("role"))) if isinstance(author, dict) else None
    if role is None:
        return None
    metadata = message.get("metadata")
    if isinstance(metadata, dict) and cast(dict[str, Any], metadata).get("is_visually_hidden_from_conversation"):
        return None
    recipient = message.get("recipient")
    if role == "assistant" and recipient not in (None, "all"):
        return None  # a call to a tool (browser, python, an image generator)
    content = message.get("content")
    if not isinstance(content, dict):
        return None
    content_dict = cast(dict[str, Any], content)
    content_type = content_dict.get("content_type")
    if content_type in _HIDDEN_CONTENT:
        return None
    pieces: list[str] = []
    if content_type in ("text", "multimodal_text", None):
        parts = content_dict.get("parts")
        for part in cast(list[Any], parts) if isinstance(parts, list) else []:
            if isinstance(part, str):
                pieces.append(part)
            elif isinstance(part, dict):
                spoken = cast(dict[str, Any], part).get("text")  # an audio transcription's words
                if cast(dict[str, Any], part).get("content_type") == "audio_transcription" and isinstance(spoken, str):
                    pieces.append(spoken)
    elif content_type == "code" and role == "user":
        text = content_dict.get("text")
        pieces.append(text if isinstance(text, str) else "")
    text = "\n".join(p for p in pieces if p.strip()).strip()
    return Turn(role, text) if text else None


MEMORIES_MEMBER = "memories.json"
PROJECTS_MEMBER = "projects.json"
MAX_MEMORIES_BYTES = 64 * 1024 * 1024  # memories.json holds a few KB of text per account


def claude_memories(path: Path) -> Iterator[ImportItem]:
    """The memories Claude.ai kept about the user, from the export's ``memories.json`` (beside
    ``conversations.json``, in the folder or the archive): a list of ``{"conversations_memory": markdown,
    "project_memories": {project uuid: markdown}, "account_uuid"}``. Each paragraph or list item of the markdown
    is one memory (a bold line alone, ``**Work context**``, is a section title: a tag, not a memory); a
    project's memories go to that project (named from ``projects.json``; personal, tagged, when it is not
    there). None when the export has no ``memories.json``.

    Raises:
        ImportFormatError: ``memories.json`` is not JSON, or larger than ``MAX_MEMORIES_BYTES``.
    """
    documents = _export_members(path, (MEMORIES_MEMBER, PROJECTS_MEMBER))
    memories = documents.get(MEMORIES_MEMBER)
    if memories is None:
        return
    where, data = memories
    names: dict[str, str] = {}
    projects = documents.get(PROJECTS_MEMBER)
    if projects is not None and isinstance(projects[1], list):
        for project in cast(list[Any], projects[1]):
            if isinstance(project, dict):
                uuid, name = cast(dict[str, Any], project).get("uuid"), cast(dict[str, Any], project).get("name")
                if isinstance(uuid, str) and isinstance(name, str) and name.strip():
                    names[uuid] = name.strip()
    entries = cast(list[Any], data) if isinstance(data, list) else [data]
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        entry = cast(dict[str, Any], entry)
        account = str(entry.get("account_uuid") or n)
        text = entry.get("conversations_memory")
        if isinstance(text, str):
            yield from _memory_items(text, f"{account}\0account", f"{where}#[{n}].conversations_memory", None, ())
        projects_value = entry.get("project_memories")
        if isinstance(projects_value, dict):
            for uuid, project_text in cast(dict[str, Any], projects_value).items():
                if isinstance(project_text, str):
                    name = names.get(str(uuid))
                    tags = () if name else ("claude-ai-project",)
                    at = f"{where}#[{n}].project_memories.{uuid}"
                    yield from _memory_items(project_text, f"{account}\0{uuid}", at, name, tags)


def _memory_items(text: str, key: str, where: str, project: str | None, tags: tuple[str, ...]) -> Iterator[ImportItem]:
    section = ""
    for line, piece in _memory_pieces(text):
        title = piece.strip("*_ ").rstrip(":").strip()
        if piece.startswith(("**", "__")) and piece.rstrip(":").endswith(("**", "__")) and title:
            section = title  # a bold line alone: the title of the section below it
            continue
        if piece.startswith("#"):
            section = piece.lstrip("#").strip()
            continue
        from contextlamp.text import kebab

        section_tag = kebab(section)[:64].strip("-") if section else ""
        yield ImportItem(
            source_key=f"claude-memory\0{key}\0{piece}",
            content=piece,
            memory_type="fact",
            kind=None,  # typed by the runner's cues
            tags=tuple(t for t in ("claude-ai-memory", *tags, section_tag) if t),
            project=project,
            location=f"{where}:{line}",
        )


def _memory_pieces(text: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of each paragraph or list item of a markdown memory text (wrapped lines joined; the
    list marker dropped). One pass over the lines."""
    current: list[str] = []
    start = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        item = re.match(r"(?:[-*+]|\d+[.)])\s+", line)
        if not line or item or line.startswith("#") or (line.startswith("**") and line.rstrip(":").endswith("**")):
            if current:
                yield start, " ".join(current)
                current = []
            if not line:
                continue
            if item is None:
                yield number, line
                continue
            line = line[item.end() :]
        if not current:
            start = number
        current.append(line)
    if current:
        yield start, " ".join(current)


def _export_members(path: Path, names: tuple[str, ...]) -> dict[str, tuple[str, Any]]:
    """``{name: (where, parsed JSON)}`` of the named files of an export, beside its ``conversations.json``:
    in the folder ``path`` (or the folder of the file ``path``), or members of the archive ``path`` (checked
    for bombs before reading). Only regular files inside the folder are read.

    Raises:
        ImportFormatError: a member is not JSON, or larger than ``MAX_MEMORIES_BYTES``.
    """
    from contextlamp.importers.base import json_document, read_regular

    found: dict[str, tuple[str, Any]] = {}
    if path.is_file() and zipfile.is_zipfile(path):
        try:
            with zipfile.ZipFile(path) as archive:
                members = {n.rsplit("/", 1)[-1]: n for n in archive.namelist() if not n.endswith("/")}
                for name in names:
                    member = members.get(name)
                    if member is None:
                        continue
                    info = archive.getinfo(member)
                    check_archive_members(path, [info])
                    if info.file_size > MAX_MEMORIES_BYTES:
                        raise ImportFormatError(f"{path}!{member}", 0, f"is larger than {MAX_MEMORIES_BYTES} bytes")
                    where = f"{path}!{member}"
                    found[name] = (where, json_document(Path(where), archive.read(member)))
        except (OSError, EOFError, zipfile.BadZipFile) as error:
            raise ImportFormatError(path, 0, f"cannot be read ({type(error).__name__})") from None
        return found
    folder = path if path.is_dir() else path.parent
    root = input_root(path)
    for name in names:
        file = folder / name
        if file.exists() or file.is_symlink():
            found[name] = (str(file), json_document(file, read_regular(file, root, MAX_MEMORIES_BYTES)))
    return found


def claude_conversation(element: Any, file: Path, line: int | str) -> ImportConversation:
    """One Claude.ai conversation object as an ``ImportConversation`` (or a skip when it has no user turn).

    Raises:
        ImportFormatError: ``chat_messages`` missing or not a list.
    """
    data = cast(dict[str, Any], element)
    messages_value = data.get("chat_messages")
    if not isinstance(messages_value, list):
        raise ImportFormatError(file, _line(line), "a Claude.ai conversation needs a 'chat_messages' list")
    messages = [cast(dict[str, Any], m) for m in cast(list[Any], messages_value) if isinstance(m, dict)]
    messages = _claude_branch(messages, data.get("current_leaf_message_uuid"))
    turns: list[Turn] = []
    for message in messages:
        role = _CLAUDE_SENDERS.get(str(message.get("sender")))
        text = claude_text(message)
        if role is not None and text:
            turns.append(Turn(role, text))
    first = messages[0].get("created_at") if messages else None
    created = _iso_time(data.get("created_at")) or _iso_time(first)
    title = str(data.get("name") or "").strip()
    last = messages[-1].get("uuid") if messages else None
    key = f"{data.get('uuid') or title}\0{last or len(turns)}"
    return _conversation(key, title, created, turns, file, line)


def _claude_branch(messages: list[dict[str, Any]], leaf: Any) -> list[dict[str, Any]]:
    """The messages of the current branch when the export records it (a leaf and parent links), else all of
    them in time order (``created_at``; a real export is not always in time order; messages without a time
    keep their place after the one before them)."""
    by_id = {str(m.get("uuid")): m for m in messages if m.get("uuid")}
    if not isinstance(leaf, str) or leaf not in by_id or not any("parent_message_uuid" in m for m in messages):
        return _in_time_order(messages)
    branch: list[dict[str, Any]] = []
    seen: set[str] = set()
    current: Any = leaf
    while isinstance(current, str) and current in by_id and current not in seen:
        seen.add(current)
        branch.append(by_id[current])
        current = by_id[current].get("parent_message_uuid")
    branch.reverse()
    return branch


def _in_time_order(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    keyed: list[tuple[float, int, dict[str, Any]]] = []
    last = float("-inf")
    for n, message in enumerate(messages):
        moment = _iso_time(message.get("created_at"))
        last = moment.timestamp() if moment is not None else last
        keyed.append((last, n, message))
    return [m for _, _, m in sorted(keyed, key=lambda k: (k[0], k[1]))]


_HIDDEN_TAGS = ("antThinking", "antArtifact")


def without_hidden(text: str) -> str:
    """``text`` without what Claude.ai does not show as the reply: ``<antThinking>`` passages, and the bodies
    of ``<antArtifact>`` (a generated document or program, shown apart; its title is kept as ``[artifact:
    title]``). An unclosed tag hides the rest of the text. One pass: each tag found once."""
    out: list[str] = []
    index = 0
    while True:
        starts = [(text.find(f"<{tag}", index), tag) for tag in _HIDDEN_TAGS]
        starts = [(at, tag) for at, tag in starts if at >= 0]
        if not starts:
            out.append(text[index:])
            break
        at, tag = min(starts)
        out.append(text[index:at])
        head_end = text.find(">", at)
        close = text.find(f"</{tag}>", head_end if head_end >= 0 else at)
        if tag == "antArtifact" and head_end >= 0:
            title = re.search(r'title="([^"]{1,200})"', text[at:head_end])
            if title:
                out.append(f"[artifact: {title.group(1)}]")
        if close < 0:
            break
        index = close + len(tag) + 3
    return re.sub(r"\n{3,}", "\n\n", "".join(out)).strip()


def claude_text(message: dict[str, Any]) -> str:
    """The words of one Claude.ai message: its ``text`` content blocks joined, else its ``text`` field, without
    the hidden passages (``without_hidden``)."""
    return without_hidden(_claude_raw_text(message))


def _claude_raw_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        texts = [
            str(cast(dict[str, Any], block).get("text") or "")
            for block in cast(list[Any], content)
            if isinstance(block, dict) and cast(dict[str, Any], block).get("type") == "text"
        ]
        joined = "\n".join(t for t in texts if t.strip()).strip()
        if joined or content:
            return joined
    text = message.get("text")
    return text.strip() if isinstance(text, str) else ""


def _conversation(
    key: str, title: str, created: datetime | None, turns: list[Turn], file: Path, line: int | str
) -> ImportConversation:
    return ImportConversation(
        source_key=key,
        title=title,
        turns=tuple(turns),
        created_at=int(created.timestamp() * 1000) if created is not None else None,
        location=location(file, line),
    )


def _unix_time(value: Any) -> datetime | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1e11:
        return None
    return datetime.fromtimestamp(float(value), tz=UTC)


def _iso_time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
