"""What contextlamp prints, one home for each format, and how to recognise it in text pasted back (issue #27.1).

The CLI builds its tables, records and lines from the definitions here (cli/main.py, cli/doctor.py,
cli/common.py) and the session start its context (hooks/context.py). Capture (hooks/clean.py) removes whatever
these definitions produce wherever a user pasted it into a turn (quoted with ``>``, fenced, indented, or run
into a sentence), so contextlamp never re-ingests its own output: a memory read back by ``get`` and pasted
into a chat is not a new memory, nor is a ``--version`` banner, a doctor finding or a session's heading.

What is recognised, each from its definition here, never from a list of example texts:

- **Tables** (``TABLES``): rich draws them with box-drawing characters (U+2500..U+257F), and a line holding
  one is a table's border or row. A narrow terminal prints each row as a record, one ``column: value`` line a
  cell; a run of two or more such ``column: value`` labels, all columns of one table and in its column order
  (``field_spans``), is a record, whether one line a field or run into one line.
- **Lines** (``line_formats``): the version banner, a session's heading, a doctor status (``<what>: ok``), a
  table's title, the session-start context's header, note, section headings, memory and digest lines.
- **Messages with an id** (``_messages``): ``Saved: ctx_…``, ``Session ses_…: 2 learnings (…)``, ``Would
  forget ctx_…: <title>``, ``Forgot ctx_…``; and any id of ours left over (``ID``).
- **Notices** (``_notices``, found anywhere in a line): what the hooks tell the user (``KEPT_NOTICE``,
  ``ADDED_NOTICE``, ``SAVING_NOTICE``) and the agent (``DIGEST_REQUEST``), and what ``connect`` prints
  (``CONNECTED``, ``WROTE``, its ``Note:`` lines ...).
- **Our tool results' JSON** (``json_spans``): a JSON value holding a record of one of the MCP results, whose
  field names the caller passes from the pydantic models (``domain.models.result_shapes``; this base module
  cannot import them).

Every pattern is linear (no nested quantifiers); ``printed_spans`` is one pass over the lines and one over the
field labels.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import pairwise
from typing import cast

# --------------------------------------------------------------------------------------------- the formats

WHEN_FORMAT = "%Y-%m-%d %H:%M"  # a stored time as the CLI shows it (cli/common.when)
DAY_FORMAT = "%Y-%m-%d"  # a digest's day in the session-start context
_WHEN = r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"  # what WHEN_FORMAT makes (tests/test_printed.py checks both agree)
_DAY = r"\d{4}-\d{2}-\d{2}"

GET_COLUMNS = ("score", "text", "type", "scope", "saved", "id")
LIST_COLUMNS = ("saved", "title", "type", "category", "used", "id")
PROJECT_COLUMNS = ("created", "slug", "repositories", "id")
SESSION_COLUMNS = ("saved", "label", "surface", "learnings", "id")
LEARNING_COLUMNS = ("type", "kind", "text", "id")
CLIENT_COLUMNS = ("client", "detected", "connected", "command", "hooks")  # connect's status table
DOCTOR_COLUMNS = ("store", "owner", "entries", "finding", "entry", "detail", "repaired")
SHOW_FIELDS = (
    "id",
    "content",
    "memory_type",
    "kind",
    "topic",
    "tags",
    "source_surface",
    "ts",
    "expires_at",
    "superseded_by",
    "reuse_count",
    "last_used_surface",
)
LOCATION_FIELDS = ("data", "user", "backend")  # --version and doctor: where memory lives
TABLES: dict[str, tuple[str, ...]] = {
    "get": GET_COLUMNS,
    "list": LIST_COLUMNS,
    "projects": PROJECT_COLUMNS,
    "sessions": SESSION_COLUMNS,
    "session show": LEARNING_COLUMNS,
    "doctor": DOCTOR_COLUMNS,
    "show": SHOW_FIELDS,
    "location": LOCATION_FIELDS,
    "clients": CLIENT_COLUMNS,
}
FREE_TEXT_FIELDS = frozenset({"text", "title", "label", "content", "detail", "repositories", "owner", "store"})
WHEN_FIELDS = frozenset({"saved", "created", "ts", "expires_at"})  # a value of two words (WHEN_FORMAT)

DOCTOR_TITLE = "doctor: embedding model and {stores}"
GET_TITLE = "get: {query}"
TABLE_TITLES = (GET_TITLE, "memories", "projects", "sessions", DOCTOR_TITLE)
VERSION_LINE = "contextlamp, version {version}"
SESSION_HEADING = "{label}  ({surface}, {when})"  # session show's first line
STATUS_OK = "ok"  # a doctor check that found nothing
SAVED = "{verb}{where}: {id}"  # verb: SAVED_VERBS; where: "" or SAVED_WHERE
SAVED_WHERE = " to project {slug}"
SAVED_VERBS = ("Saved", "Already known")
SESSION_SAVED = "Session {id}: {learnings} ({new} new, {known} known)."
WOULD_FORGET = "Would forget {id}: {title}"
FORGOT = "Forgot {id}."
MORE = "More: contextlamp list --cursor {cursor}"
# a project of the repository's name that it does not read (docs/routing.md, "One home"): said at a save and at
# the session start in the repository
NAMESAKE_NOTE = (
    "project {slug} is not read in this repository, whose project is {home}: read or save it here with "
    "--project {slug} (a project made outside a repository is never joined automatically)"
)

CONTEXT_HEADER = "# contextlamp memory{scope}"  # scope: "" or " for project <slug>"
CONTEXT_SCOPE = " for project {slug}"
CONTEXT_NOTE = (
    "Saved in earlier sessions; may be out of date. Use get_context for more, save_context to keep new facts."
)
CONTEXT_DIGESTS = "## Recent sessions"
CONTEXT_PROJECT = "## Project memories"
CONTEXT_PERSONAL = "## Your memories"
MEMORY_LINE = "- [{kind}] {text}"
DIGEST_LINE = "- {day} ({surface}): {label}. {summary}"

# what the hooks tell the user (systemMessage) and the agent (the stop hook's request), hooks/runtime.py, digest.py
KEPT_NOTICE = "contextlamp kept {total} {noun} from your last session ({day}{left}{shown})"
KEPT_LEFT_OUT = "; {count} more left out: one save keeps at most {cap}"  # left: "" or this (distill/rank.MAX_ITEMS)
KEPT_SHOWN = "; contextlamp session show {id}"
ADDED_NOTICE = "{count} {noun} added to this session's context"
NOTICE_JOIN = "; "
SAVING_NOTICE = "contextlamp is saving this session in the background."
DIGEST_REQUEST = (
    "contextlamp: durable things were said since the last checkpoint ({cues}). Before you stop, call the "
    "contextlamp save_session tool once with a digest of what is worth remembering from this part of the "
    "conversation: one self-contained statement per line with its subject (a 'Decision:', 'Rule:', "
    "'Preference:', 'Fact:' or 'Task:' label may lead each); no secrets, no chit-chat, nothing already saved. "
    "If nothing is worth keeping, do not call it. Then stop; do not repeat your previous answer."
)

# what ``contextlamp connect`` prints (cli/connect.py)
CONNECTED = "{name}: {state}. Restart it to pick the change up."  # state: connected, disconnected
UNCHANGED = "{name}: already {state}; nothing changed."  # state: connected, removed
NOTHING_TO_CHANGE = "{name}: nothing to change."
WROTE = "{verb} {path}{how}"  # verb: Wrote, Updated; how: WROTE_BACKUP or WROTE_NEW
WROTE_BACKUP = " (backup: {backup})"
WROTE_NEW = " (new file)"
NOTE = "Note: {note}"
HOME_NOTE = "No memory is stored in {path} yet; the first session creates it there."
DATABASE_URL_NOTE = (
    "CONTEXTLAMP_DATABASE_URL is set here but not written (it holds a password): add it to the client's env "
    "block yourself, or use the shared server with --url."
)
EMPTY_HOME_NOTE = (
    "{client}'s entry names the data directory {home}, which holds no memory (a mistyped path starts a new, "
    "empty store): run contextlamp connect again with the right --home."
)
HOOKS_NOTE = "{client}'s hooks are {state} ({why}): run contextlamp connect {client}."
CONNECT_ONE = "Connect one: contextlamp connect CLIENT (--dry-run shows the diff first)."

# ----------------------------------------------------------------------------------------- the recognisers

ID = r"(?<![\w-])(?:usr|prj|team|tok|ctx|ses)_[a-z2-7]{26}(?![\w-])"  # text.new_id's ids
_SURFACE = r"[\w.@-]{1,60}"
_BOX = re.compile(r"[\u2500-\u257f]")  # rich's borders and column rules
_SPACE_RUN = re.compile(r"(?:\\ )+")  # a run of escaped spaces in re.escape's output
MAX_VALUE_CHARS = 400  # a record's value longer than this is not one (a memory line is cut at 400 too)


def _pattern(template: str, **slots: str) -> str:
    """A regular expression for what ``template`` makes: its literal text escaped (a run of spaces matching any
    run of spaces or tabs: a paste may change them), each ``{slot}`` replaced by ``slots[slot]`` (default: the
    rest of the line)."""
    out: list[str] = []
    for literal, slot in _slots(template):
        out.append(_SPACE_RUN.sub(r"[ \\t]+", re.escape(literal)))
        if slot is not None:
            out.append(slots.get(slot, r"[^\n]*"))
    return "".join(out).replace("'", "['\u2019]")  # a paste may curl an apostrophe


def _slots(template: str) -> Iterator[tuple[str, str | None]]:
    import string

    for literal, slot, _spec, _conv in string.Formatter().parse(template):
        yield literal, slot


@cache
def _heading() -> re.Pattern[str]:
    return re.compile(_pattern(SESSION_HEADING, label=r"[^\n]{1,200}?", surface=_SURFACE, when=_WHEN))


@cache
def line_formats() -> re.Pattern[str]:
    """One pattern for every line format of ``printed`` (compiled on first use: the CLI imports this module)."""
    return re.compile(
        "|".join(
            f"(?:{p})"
            for p in (
                _pattern(VERSION_LINE, version=r"\S+"),
                _heading().pattern,
                r"[^:\n]{1,80}: " + re.escape(STATUS_OK) + r"(?: \([^()\n]{0,200}\))?\.?",
                *(_pattern(title, query=r"[^\n]{1,200}", stores=r"\d+ stores?") for title in TABLE_TITLES),
                _pattern(CONTEXT_HEADER, scope="(?:" + _pattern(CONTEXT_SCOPE, slug=r"\S{1,80}") + ")?"),
                re.escape(CONTEXT_NOTE),
                re.escape(CONTEXT_DIGESTS),
                re.escape(CONTEXT_PROJECT),
                re.escape(CONTEXT_PERSONAL),
                _pattern(MEMORY_LINE, kind=r"[a-z][a-z -]{2,19}", text=r"[^\n]*"),
                _pattern(DIGEST_LINE, day=_DAY, surface=_SURFACE, label=r"[^\n]*", summary=r"[^\n]*"),
                _pattern(MORE, cursor=r"\S+"),
                r"(?:Note: )?" + _pattern(NAMESAKE_NOTE, slug=r"\S{1,80}", home=r"\S{1,80}") + r"\.?",
            )
        ),
        re.IGNORECASE,
    )


@cache
def _messages() -> re.Pattern[str]:
    return re.compile(
        "|".join(
            f"(?:{p})"
            for p in (
                _pattern(
                    SAVED,
                    verb="(?:" + "|".join(SAVED_VERBS) + ")",
                    where="(?:" + _pattern(SAVED_WHERE, slug=r"\S{1,80}") + ")?",
                    id=ID,
                ),
                _pattern(SESSION_SAVED, id=ID, learnings=r"\d+ learnings?", new=r"\d+", known=r"\d+"),
                _pattern(WOULD_FORGET, id=ID, title=r"[^\n]*"),
                _pattern(FORGOT, id=ID),
                _pattern(VERSION_LINE, version=r"\S+"),
                *_notices(),
                ID,
            )
        ),
        re.IGNORECASE,
    )


def _notices() -> tuple[str, ...]:
    """Patterns of what the hooks and ``connect`` print (each found anywhere: a notice is often pasted into a
    sentence)."""
    # a client name: at most three words of at most 41 characters, starting where a word starts (linear: a long run
    # of word characters is not tried from each of its characters to its end)
    name = r"(?<![\w.-])\w[\w.-]{0,40}(?: \w[\w.-]{0,40}){0,2}"
    noun = r"memor(?:y|ies)"
    kept = _pattern(
        KEPT_NOTICE,
        total=r"\d+",
        noun=noun,
        day=f"(?:{_DAY}|\\?)",
        left="(?:" + _pattern(KEPT_LEFT_OUT, count=r"\d+", cap=r"\d+") + ")?",
        shown="(?:" + _pattern(KEPT_SHOWN, id=r"[^\s()]{1,80}") + ")?",
    )
    added = _pattern(ADDED_NOTICE, count=r"\d+", noun=noun)
    return (
        kept + "(?:" + re.escape(NOTICE_JOIN) + added + ")?",
        added,
        re.escape(SAVING_NOTICE.rstrip(".")) + r"\.?",
        _pattern(DIGEST_REQUEST, cues=r"[^()\n]{0,200}"),
        _pattern(CONNECTED, name=name, state=r"(?:dis)?connected"),
        _pattern(UNCHANGED, name=name, state=r"(?:connected|removed)"),
        _pattern(NOTHING_TO_CHANGE, name=name),
        _pattern(
            WROTE,
            verb="(?:Wrote|Updated)",
            path=r"\S+",
            how="(?:" + _pattern(WROTE_BACKUP, backup=r"[^\s()]+") + "|" + re.escape(WROTE_NEW) + ")",
        ),
        *(
            "(?:" + re.escape(NOTE.split("{", 1)[0]) + ")?" + note
            for note in (
                _pattern(HOME_NOTE, path=r"\S+"),
                _pattern(DATABASE_URL_NOTE),
                _pattern(EMPTY_HOME_NOTE, client=r"[\w-]{1,40}", home=r"\S+"),
                _pattern(HOOKS_NOTE, client=r"[\w-]{1,40}", state=r"\w+", why=r"[^()\n]{1,120}"),
            )
        ),
        _pattern(CONNECT_ONE),
    )


@cache
def _label() -> re.Pattern[str]:
    fields = sorted({f for columns in TABLES.values() for f in columns}, key=len, reverse=True)
    return re.compile(rf"(?<![\w-])({'|'.join(fields)}): ")


_VALUE = re.compile(r"\S+")
_WHEN_VALUE = re.compile(r"\S+(?: \d{2}:\d{2})?")


def printed_spans(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` character spans of ``text`` that contextlamp printed (see the module docstring):
    whole lines of a known line format or holding a box-drawing character (a quote marker or indentation before
    them counted in), records of a table (``field_spans``) and id messages. Sorted, possibly overlapping."""
    spans: list[tuple[int, int]] = []
    start = 0
    summary = False  # inside the summary session show prints under a session's heading
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        content = body.lstrip(" \t>").strip()
        if not content:
            summary = False
        elif summary or _BOX.search(content) or line_formats().fullmatch(content):
            spans.append((start, start + len(body)))
            summary = (summary or _heading().fullmatch(content) is not None) and not _BOX.search(content)
        start += len(line)
    spans += field_spans(text)
    spans += [(m.start(), m.end()) for m in _messages().finditer(text)]
    return sorted(spans)


def field_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` holding a record of one of ``TABLES``: two or more ``column: value`` labels of one
    table, in its column order, each at most ``MAX_VALUE_CHARS`` after the last and at most one line break
    apart. A record over several lines runs to the end of its last line; one run into a sentence ends with its
    last value (one word, a time's two; a free-text value runs to the end of the line)."""
    spans: list[tuple[int, int]] = []
    run: list[re.Match[str]] = []
    for label in _label().finditer(text):
        if run and _joins(text, run, label):
            run.append(label)
            continue
        spans += _record(text, run)
        run = [label]
    spans += _record(text, run)
    return spans


def _joins(text: str, run: list[re.Match[str]], label: re.Match[str]) -> bool:
    gap = text[run[-1].end() : label.start()]
    if len(gap) > MAX_VALUE_CHARS or gap.count("\n") > 1:
        return False
    fields = [m.group(1) for m in run] + [label.group(1)]
    return _table_of(fields) is not None


def _table_of(fields: list[str]) -> tuple[str, ...] | None:
    """The first table whose columns hold ``fields`` in order, each once."""
    for columns in TABLES.values():
        try:
            places = [columns.index(f) for f in fields]
        except ValueError:
            continue
        if all(a < b for a, b in pairwise(places)):
            return columns
    return None


def _record(text: str, run: list[re.Match[str]]) -> list[tuple[int, int]]:
    if len(run) < 2:
        return []
    last = run[-1]
    line_end = text.find("\n", last.end())
    line_end = len(text) if line_end < 0 else line_end
    if "\n" in text[run[0].start() : last.start()] or last.group(1) in FREE_TEXT_FIELDS:
        return [(run[0].start(), line_end)]
    value = (_WHEN_VALUE if last.group(1) in WHEN_FIELDS else _VALUE).match(text, last.end(), line_end)
    return [(run[0].start(), value.end() if value else line_end)]


_JSON_OBJECT = re.compile(r'\{\s*"')
MAX_JSON_DEPTH = 6  # how deep a pasted value is searched for one of our records (an MCP envelope is 3-4)


def json_spans(text: str, shapes: Sequence[frozenset[str]]) -> list[tuple[int, int]]:
    """The spans of JSON objects in ``text`` that hold one of our tool results: ``shapes`` are the field names
    of each result and of each record inside one (``domain.models.result_shapes``, the MCP tools' own
    pydantic models). An object is ours when its keys, three or more, are all among one shape's fields; a JSON
    value holding one anywhere (``{"packs": [...]}``, an MCP response's envelope) is removed whole. Each object
    is decoded once (``json.JSONDecoder.raw_decode``); the scan continues after a decoded value."""
    if not shapes:
        return []
    decoder = json.JSONDecoder()
    spans: list[tuple[int, int]] = []
    at = 0
    for start in _JSON_OBJECT.finditer(text):
        if start.start() < at:
            continue
        try:
            value, end = decoder.raw_decode(text, start.start())
        except ValueError:
            continue
        at = end
        if _holds_ours(value, shapes, MAX_JSON_DEPTH):
            spans.append((start.start(), end))
    return spans


def _holds_ours(value: object, shapes: Sequence[frozenset[str]], depth: int) -> bool:
    if depth <= 0:
        return False
    if isinstance(value, list):
        return any(_holds_ours(item, shapes, depth - 1) for item in cast(list[object], value))
    if not isinstance(value, dict):
        return False
    fields = cast(dict[str, object], value)
    nested: list[object] = [v for v in fields.values() if isinstance(v, (list, dict))]
    if len(fields) >= 3 and any(set(fields) <= shape for shape in shapes):
        return True
    return any(_holds_ours(v, shapes, depth - 1) for v in nested)


def strip_printed(text: str, shapes: Sequence[frozenset[str]] = ()) -> str:
    """``text`` without what contextlamp printed (``printed_spans``) and, given the tool results' ``shapes``,
    their JSON (``json_spans``); a line left empty (or holding only quote markers) is dropped. Linear in the
    text (each JSON object decoded once)."""
    spans = sorted(printed_spans(text) + json_spans(text, shapes))
    if not spans:
        return text
    out: list[str] = []
    at = 0
    for start, end in spans:
        if end <= at:
            continue
        out.append(text[at : max(at, start)])
        at = end
    out.append(text[at:])
    return "\n".join(line for line in "".join(out).splitlines() if line.strip(" \t>"))
