"""Values cut by layout or grouped by marks, rejoined in views of their own (formats15, stop 45, #28 item 2).

A value is cut by the container it is written in as often as by hand: over the lines of one YAML scalar (literal
``|``, folded ``>``, or plain lines under a key), into the strings of one array (JSON, TOML, a Python list), into
the last field of consecutive CSV/TSV rows, or into groups of one width with a mark between them (``.``, ``-``,
``:``, ``·``, ``–``, a tab, `` – ``). Each such run is read again as one value, in a view: the label before
it (a YAML key, the text before an array's bracket) and the pieces joined. The scanner runs every rule on a view
(secret_scan) and keeps a finding only when it crosses a join (the pieces alone were already read) and a format or
a label names it (a vendor format of the maintained ruleset, a labelled or stated rule). A rule that judges a
value by its shape alone counts only when the pieces are cut to one width (``LayoutView.cut``: lines or fields of
one width and a shorter last one; groups between marks holding three classes of character),
never on hex or digits alone; joined hashes, ids, fingerprints and card numbers look random and are not secrets.

The normalised text is left as it is: a list of ids, a column of hashes, a dotted version string stays what it
is for every other rule. Every pass reads each line or token once, and each view is at most the run and a short
label: linear in the text.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

_TOKEN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.~:@%$!#*^&?")
_MAX_PIECE = 64  # characters of a piece: a longer line is a value of its own, not a piece of one
_MAX_PIECES = 64  # pieces of one run (a long list is data)
_LABEL = 80  # characters of the label kept before a run
# a YAML key whose value follows on the next lines: a block indicator (``|``, ``>-``, ``|2+``) or nothing
_YAML_KEY = re.compile(r"[ \t]*(?:-[ \t]+)?([\"']?[A-Za-z0-9_.-]{1,64}[\"']?)[ \t]*:[ \t]*(?:[|>][0-9+-]{0,2})?[ \t]*")
# an array of 2+ quoted strings, on one line or over lines (JSON, TOML, YAML flow, Python)
_STRING = r"(?:\"[^\"\n]{1,64}\"|'[^'\n]{1,64}')"
_GAP = r"[ \t\r\n]*"
_ARRAY = re.compile(rf"\[{_GAP}{_STRING}(?:{_GAP},{_GAP}{_STRING}){{1,{_MAX_PIECES}}}{_GAP},?{_GAP}\]")
_CSV_SEPARATORS = (",", ";", "\t", "|")
# groups of one width between spacing marks: a tab, a spaced dash, middle dot or slash. Groups between plain spaces
# are emphasis, chess moves and coordinates as often; secret_decode's group views and secret_splits read those
_SPACED_SEPARATORS = ("\t", " \u2013 ", " \u2014 ", " - ", " \u00b7 ", " / ")
# marks between groups inside one token; not the characters of base64 (``+``, ``/``, ``_``), whose values hold them
_GROUP_MARKS = ".-:\u00b7\u2013\u2014|~,"
_GROUP_WIDTHS = range(3, 13)
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
_GROUPS_MIN = 3  # groups of one width before the last: fewer is a date, a version, an address


@dataclass(frozen=True, slots=True)
class LayoutView:
    """A run read again as one value.

    Attributes:
        text: the label (if any) and the pieces joined.
        starts: ``starts[i]`` is the index in the original text of ``text[i]``.
        joins: indexes of ``text`` where two pieces meet (a finding must cross one to count).
        cut: the pieces are cut to one width (groups of one width, or lines/fields of one width and a shorter
            last one): a value cut on purpose, not a list.
        begin: where the first piece starts in ``text`` (after the label).
    """

    text: str
    starts: list[int]
    joins: tuple[int, ...]
    cut: bool = False

    begin: int = 0

    @property
    def value(self) -> str:
        """The joined pieces alone (without the label)."""
        return self.text[self.begin :]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that ``text[start:end]`` came from (``end > start``)."""
        return self.starts[start], self.starts[end - 1] + 1

    def crosses(self, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` holds a join (characters of two pieces or more). ``joins`` ascend (both
        builders append them in order), so one bisection: a view of thousands of pieces with thousands of findings
        read every join for every finding (stop 49: ``密码是<digits>，`` repeated, 30x plain prose)."""
        k = bisect.bisect_right(self.joins, start)
        return k < len(self.joins) and self.joins[k] < end


def _view(
    text: str, label: tuple[int, int] | None, pieces: list[tuple[int, int]], cut: bool, colon: bool = False
) -> LayoutView | None:
    """A view of 2+ ``pieces`` (spans of ``text``) joined after the label span as it stands (``colon``: a ``": "``
    between them, for a YAML key)."""
    if len(pieces) < 2:
        return None
    chars: list[str] = []
    starts: list[int] = []
    if label is not None and label[1] > label[0]:
        chars.append(text[label[0] : label[1]])
        starts.extend(range(label[0], label[1]))
        if colon:
            chars.append(": ")
            starts.extend((label[1] - 1, label[1] - 1))
    begin = len(starts)
    joins: list[int] = []
    for k, (a, b) in enumerate(pieces):
        if k:
            joins.append(len(starts))
        chars.append(text[a:b])
        starts.extend(range(a, b))
    return LayoutView("".join(chars), starts, tuple(joins), cut, begin)


def _labelled(
    text: str, label: tuple[int, int], pieces: list[tuple[int, int]], cut: bool | None = None
) -> LayoutView | None:
    """A view of ``pieces`` after the text of ``label``; ``cut`` None: whether the pieces are cut to one width."""
    return _view(text, label, pieces, is_cut(pieces) if cut is None else cut)


def _wordy(text: str, pieces: list[tuple[int, int]]) -> bool:
    """More than a quarter of the groups are small letters alone: words joined by a mark (``well-known-thing``,
    a passphrase of words), not a value cut into groups (its groups mix classes)."""
    words = sum(text[a:b].isalpha() and text[a:b].islower() for a, b in pieces)
    return 4 * words > len(pieces)


def _mixed(pieces: list[tuple[int, int]], text: str) -> bool:
    """Groups joined into a value of three classes of character or more (capitals, small letters, digits,
    symbols): a key or a password cut into groups. Fingerprints, card numbers, IBANs, licence keys and serials
    are written in groups too, of hex, digits or capitals and digits, and stay what they are."""
    value = "".join(text[a:b] for a, b in pieces)
    classes = (str.isupper, str.islower, str.isdigit)
    return sum(any(test(c) for c in value) for test in classes) + any(not c.isalnum() for c in value) >= 3


def is_cut(pieces: list[tuple[int, int]]) -> bool:
    """Pieces of one width (4 to 63) and a shorter last one: a value cut to a width (a list of ids or codes is of
    one width to its last)."""
    widths = [b - a for a, b in pieces]
    return (
        len(widths) >= 2 and 4 <= widths[0] < _MAX_PIECE and set(widths[:-1]) == {widths[0]} and widths[-1] < widths[0]
    )


def _lines(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            spans.append((start, len(text)))
            return spans
        spans.append((start, end))
        start = end + 1


def _one_token(text: str, a: int, b: int) -> tuple[int, int] | None:
    """The stripped span of ``text[a:b]`` when it is one token of value characters, else None."""
    while a < b and text[a] in " \t\r":
        a += 1
    while b > a and text[b - 1] in " \t\r":
        b -= 1
    if not 0 < b - a <= _MAX_PIECE or any(c not in _TOKEN for c in text[a:b]):
        return None
    return a, b


def _indent(text: str, a: int, b: int) -> int:
    i = a
    while i < b and text[i] in " \t":
        i += 1
    return i - a


def yaml_views(text: str, lines: list[tuple[int, int]]) -> list[LayoutView]:
    """A YAML key with nothing (or a block indicator) after its colon, then 2+ more-indented lines of one token
    each: the scalar's pieces joined after the key."""
    views: list[LayoutView] = []
    i = 0
    while i < len(lines):
        a, b = lines[i]
        key = _YAML_KEY.fullmatch(text, a, b)
        if key is None:
            i += 1
            continue
        indent = _indent(text, a, b)
        pieces: list[tuple[int, int]] = []
        j = i + 1
        while j < len(lines) and len(pieces) < _MAX_PIECES:
            la, lb = lines[j]
            if _indent(text, la, lb) <= indent or (token := _one_token(text, la, lb)) is None:
                break
            pieces.append(token)
            j += 1
        view = _view(text, key.span(1), pieces, is_cut(pieces), colon=True)
        if view is not None:
            views.append(view)
        i = max(j, i + 1)
    return views


def array_views(text: str) -> list[LayoutView]:
    """An array of 2+ quoted strings: its strings joined, after the label on the line before its bracket."""
    views: list[LayoutView] = []
    if "[" not in text:
        return views
    for match in _ARRAY.finditer(text):
        pieces: list[tuple[int, int]] = []
        pos = match.start() + 1
        while pos < match.end() - 1:
            quote = text[pos]
            if quote in "\"'":
                close = text.index(quote, pos + 1)
                pieces.append((pos + 1, close))
                pos = close + 1
            else:
                pos += 1
        if any(_one_token(text, a, b) != (a, b) for a, b in pieces):
            continue  # words or sentences: a list of strings, not a cut value
        line_start = text.rfind("\n", 0, match.start()) + 1
        view = _labelled(text, (max(line_start, match.start() - _LABEL), match.start()), pieces)
        if view is not None:
            views.append(view)
    return views


def row_views(text: str, lines: list[tuple[int, int]]) -> list[LayoutView]:
    """Two or more consecutive rows with one separator and one number of fields (CSV, TSV, ``;``): the last fields
    (unquoted) joined. A header row (no digit in its last field) is left out."""
    views: list[LayoutView] = []
    i = 0
    while i < len(lines):
        best = 1
        for separator in _CSV_SEPARATORS:
            pieces: list[tuple[int, int]] = []
            fields = -1
            j = i
            while j < len(lines) and len(pieces) < _MAX_PIECES:
                a, b = lines[j]
                count = text.count(separator, a, b)
                if count == 0 or (fields >= 0 and count != fields):
                    break
                last = text.rfind(separator, a, b) + 1
                token = _one_token(text, last, b)
                if token is not None and text[token[0]] in "\"'" and text[token[1] - 1] == text[token[0]]:
                    token = (token[0] + 1, token[1] - 1) if token[1] - token[0] > 2 else None
                if token is None:
                    break
                fields = count
                pieces.append(token)
                j += 1
            if pieces and not any(c.isdigit() for c in text[pieces[0][0] : pieces[0][1]]):
                pieces = pieces[1:]  # a header
            if len(pieces) >= 2:
                view = _labelled(text, (0, 0), pieces)
                if view is not None:
                    views.append(view)
                best = max(best, j - i)
        i += best
    return views


def _stride_runs(token: str, mark: str) -> list[tuple[int, list[int]]]:
    """Runs of ``mark`` at one stride in ``token``: (group width, the marks' indexes), 3+ marks each."""
    at = [k for k, c in enumerate(token) if c == mark]
    runs: list[tuple[int, list[int]]] = []
    k = 0
    while k + _GROUPS_MIN - 1 < len(at):
        gap = at[k + 1] - at[k]
        m = k + 1
        while m + 1 < len(at) and at[m + 1] - at[m] == gap:
            m += 1
        width = gap - 1
        if m - k + 1 >= _GROUPS_MIN and width in _GROUP_WIDTHS and at[k] >= width:
            runs.append((width, at[k : m + 1]))
        k = m
    return runs


def mark_views(text: str) -> list[LayoutView]:
    """Groups of one width (3 to 12) with one mark between them inside a token (``lin_.oaut.h_6f.44da…``,
    ``sk-ad–min-J–EepuJ…``), 4+ groups: the marks removed, in the line around them."""
    views: list[LayoutView] = []
    for match in re.finditer(r"\S{16,}", text):
        token, base = match.group(), match.start()
        marks_here = set(token).intersection(_GROUP_MARKS)
        if "-" in marks_here and _UUID.search(token) is not None:
            marks_here.discard("-")  # a UUID's dashes are its structure (RFC 9562), not marks cutting a value
        for mark in marks_here:
            for width, marks in _stride_runs(token, mark):
                start = marks[0] - width
                end = marks[-1] + 1
                while end < len(token) and end - marks[-1] - 1 < width and token[end] in _TOKEN and token[end] != mark:
                    end += 1
                cut = set(marks)
                pieces: list[tuple[int, int]] = []
                piece_start = start
                for k in range(start, end + 1):
                    if k == end or k in cut:
                        pieces.append((base + piece_start, base + k))
                        piece_start = k + 1
                if _wordy(text, pieces):
                    continue
                line_start = text.rfind("\n", 0, base + start) + 1
                view = _labelled(
                    text, (max(line_start, base + start - _LABEL), base + start), pieces, _mixed(pieces, text)
                )
                if view is not None:
                    views.append(view)
    return views


def _spaced_runs() -> list[tuple[str, re.Pattern[str]]]:
    return [
        (separator, re.compile(rf"[^\s]{{1,12}}(?:{re.escape(separator)}[^\s]{{1,12}}){{{_GROUPS_MIN},}}"))
        for separator in _SPACED_SEPARATORS
    ]


_SPACED_RUNS = _spaced_runs()


def spaced_views(text: str) -> list[LayoutView]:
    """Groups of one width (3 to 12) between one spacing separator (a tab, a spaced dash), 4+ groups
    holding a digit, a last one no longer and a first one that may follow a label in its token: the separators
    removed, after the line's text before them."""
    views: list[LayoutView] = []
    for separator, pattern in _SPACED_RUNS:
        if separator not in text:
            continue
        for match in pattern.finditer(text):
            run = match.group()
            if not any(c.isdigit() for c in run):
                continue
            parts = run.split(separator)
            offsets: list[int] = []
            pos = match.start()
            for part in parts:
                offsets.append(pos)
                pos += len(part) + len(separator)
            k = 1
            while k < len(parts):
                width = len(parts[k])
                m = k
                while m + 1 < len(parts) and len(parts[m + 1]) == width:
                    m += 1
                if width in _GROUP_WIDTHS and m - k + 1 >= _GROUPS_MIN:
                    views.extend(_group_view(text, parts, offsets, k, m, width))
                k = m + 1
    return views


def _group_view(text: str, parts: list[str], offsets: list[int], k: int, m: int, width: int) -> list[LayoutView]:
    """The view of groups ``k..m`` of ``parts`` (each ``width`` long), after the token characters that end part
    ``k - 1`` when they are exactly ``width`` (a first group glued to its label or quote) and before those that
    start part ``m + 1`` when they are no more (a shorter last group)."""
    head = parts[k - 1]
    n = 0
    while n < len(head) and head[len(head) - 1 - n] in _TOKEN:
        n += 1
    lead = offsets[k - 1] + len(head) - (n if n == width else 0)  # a first group glued to its label
    pieces = [(lead, offsets[k - 1] + len(head))] if n == width else []
    pieces += [(offsets[i], offsets[i] + width) for i in range(k, m + 1)]
    if m + 1 < len(parts):
        tail = parts[m + 1]
        t = 0
        while t < len(tail) and tail[t] in _TOKEN:
            t += 1
        if 0 < t <= width:  # a last group no longer, before what follows the value
            pieces.append((offsets[m + 1], offsets[m + 1] + t))
    if _wordy(text, pieces):
        return []
    line_start = text.rfind("\n", 0, lead) + 1
    view = _labelled(text, (max(line_start, lead - _LABEL), lead), pieces, _mixed(pieces, text))
    return [] if view is None else [view]


def layout_views(text: str) -> list[LayoutView]:
    """Every run of ``text`` cut by layout or grouped by marks (module docstring), each as a view."""
    if len(text) < 16:
        return []
    lines = _lines(text)
    views = mark_views(text) + spaced_views(text)
    if "\n" in text:
        views += yaml_views(text, lines) + row_views(text, lines)
    return views + array_views(text)
