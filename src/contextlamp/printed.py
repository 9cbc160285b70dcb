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

Every pattern is linear (no nested quantifiers); ``printed_spans`` is one pass over the lines and one over the
field labels.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import pairwise

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
    return "".join(out)


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
                ID,
            )
        ),
        re.IGNORECASE,
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


def strip_printed(text: str) -> str:
    """``text`` without what contextlamp printed (``printed_spans``); a line left empty (or holding only quote
    markers) is dropped. Linear."""
    spans = printed_spans(text)
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
