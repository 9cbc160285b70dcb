"""Credentials whose noun and value are apart, read again as ``noun: value`` (table18, stop 46, issue #28).

The stated rules read a credential noun followed by its value (``password: X``, ``the PIN is X``). People also
write the two apart, and each shape here is rewritten into a short view ``label: value`` that the scanner reads
with every rule it has; the view only ever names a span of the text as written (the value), so a finding is kept
only when it lies in that span, and the value test is the scanner's own (prose, placeholders, where a credential is
kept stay storable):

- a **table** (markdown with or without the ``|---|`` line, tab separated, or aligned on two or more spaces)
  whose header row has a cell that names a credential (``| Server | Benutzer | Passwort |``): each cell of that
  column in the rows below, with the header cell as label;
- a **parenthesis** with a noun and a value and no colon (``(password 495625205)``, ``（暗証番号19438）``): the
  words before the last token as label (a bare ``code`` before 4 to 8 digits is read as a PIN code: "Carte
  débloquée (code 5750)");
- a **clause** between the noun and the colon (``DB password, read it backwards: X``): the words before the comma
  as label, what follows the colon as value;
- a **reply**: a line that asks about a credential (a noun, then ``?``) and the next line that answers it
  (``Dana: what's the printer password again?`` / ``Me: meadow.7933``), with the noun as label and the answer
  (less its speaker, dash or quote, and the words before a colon in it) as value.

Every pass reads each line once and each view is at most a line (a cell, a parenthesis) and a short label, so the
views together are at most a few times the text: linear. Nouns are the slot layer's (secret_grammar, secret_lexicon).
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from contextlamp.domain.secret_around import around_views
from contextlamp.domain.secret_grammar import (
    CODES_NOUNS,
    CODES_NOUNS_CJK,
    PASSWORD_NOUNS,
    PASSWORD_NOUNS_CJK,
    TOKEN_NOUNS,
    TOKEN_NOUNS_CJK,
)
from contextlamp.domain.secret_lexicon import password_noun_pattern
from contextlamp.domain.secret_re2 import Regex, compile_rule
from contextlamp.domain.secret_turns import names_attribute

# A finder: (start, end, kind) of each secret the scanner's rules find in a text (secret_scan._raw_findings).
Finder = Callable[[str, bool], list[tuple[int, int, str]]]
# (label, start, end, strict): the label, the span of the text that holds the value, and whether a password found
# there must hold a digit or a symbol (an answer on another line may be any reply: "Go to settings")
View = tuple[str, int, int, bool]

_MAX_LINE = 600  # characters of a line read as a table row, a question or an answer (a longer line is a paragraph)
_MAX_CELL = 80  # characters of a header cell or a value cell
_MAX_HEADER = 24  # characters of a header cell used whole as a label (a longer one gives its noun)
_MAX_LABEL = 60  # characters of the words before a comma or in a parenthesis read as a label
_MAX_CLAUSE = 120  # characters between the comma and the colon
_QUESTION = "?？؟"
_COLONS = ":："
_COMMAS = ",，、،"
# the PIN nouns a header or question may hold beside the slot layer's password, code and token nouns
_PIN = r"pin(?:-?code|-?kod|-?код)?|passcode|暗証番号|пин(?:-?код)?|비밀번호|핀{WS}?번호|mã{WS}pin|الرقم{WS}السري"


@functools.cache
def _nouns() -> Regex:
    nouns = (PASSWORD_NOUNS, PASSWORD_NOUNS_CJK, CODES_NOUNS, CODES_NOUNS_CJK, TOKEN_NOUNS, TOKEN_NOUNS_CJK)
    pin = _PIN.replace("{WS}", r"[\s\p{Z}]")
    return compile_rule("(?i)(?:" + "|".join((*nouns, pin, password_noun_pattern())) + ")")


def _noun_span(text: str) -> tuple[int, int] | None:
    """The character span of the last credential noun of ``text`` (None: none). One RE2 search per noun found;
    callers pass a bounded text (a cell, a label, a line of at most ``_MAX_LINE`` characters)."""
    data = text.encode("utf-8")
    regex = _nouns()
    pos, last = 0, None
    while pos <= len(data):
        found = regex.search(data, pos)
        if not found:
            break
        last = found[0]
        pos = max(last[1], last[0] + 1)
    if last is None:
        return None
    start = len(data[: last[0]].decode("utf-8", "ignore"))
    return start, start + len(data[last[0] : last[1]].decode("utf-8", "ignore"))


def _noun_end(text: str) -> int:
    """Where the last credential noun of ``text`` ends (-1: none)."""
    span = _noun_span(text)
    return -1 if span is None else span[1]


def _lines(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for part in text.split("\n"):
        spans.append((start, start + len(part)))
        start += len(part) + 1
    return spans


_SPACED = re.compile(r"[ ]{2,}|\t")


def _cells(text: str, a: int, b: int) -> tuple[str, list[tuple[int, int]]] | None:
    """(separator, stripped cell spans) of the row ``text[a:b]``: ``|`` (2+ pipes), a tab, or 2+ spaces."""
    line = text[a:b]
    if not line.strip() or b - a > _MAX_LINE:
        return None
    bounds: list[tuple[int, int]] = []
    if line.count("|") >= 2:
        sep, pos = "|", 0
        for part in line.split("|"):
            bounds.append((pos, pos + len(part)))
            pos += len(part) + 1
    else:
        sep = "\t" if "\t" in line else "  "
        body = line.rstrip()
        lead = len(body) - len(body.lstrip())
        pos = lead
        for m in _SPACED.finditer(body, lead):
            bounds.append((pos, m.start()))
            pos = m.end()
        bounds.append((pos, len(body)))
        if len(bounds) < 2:
            return None
    cells: list[tuple[int, int]] = []
    for s, e in bounds:
        while s < e and line[s] in " \t\r":
            s += 1
        while e > s and line[e - 1] in " \t\r":
            e -= 1
        cells.append((a + s, a + e))
    return sep, cells


def _header_label(cell: str) -> str:
    """A header cell as a view's label: the cell when short, else the credential noun in it (a view stays short)."""
    if len(cell) <= _MAX_HEADER:
        return cell
    span = _noun_span(cell)
    return cell if span is None else cell[span[0] : span[1]][:_MAX_HEADER]


def _rule_line(text: str, a: int, b: int) -> bool:
    line = text[a:b].strip()
    return bool(line) and "-" in line and not line.strip("|-:+ \t")


def table_views(text: str) -> list[View]:
    """Each cell under a header cell that names a credential (module docstring), labelled by that header cell."""
    views: list[View] = []
    lines = _lines(text)
    i = 0
    while i < len(lines):
        header = _cells(text, *lines[i])
        above = _cells(text, *lines[i - 1]) if i else None
        i += 1
        if header is None or sum(e > s for s, e in header[1]) < 2 or (above is not None and above[0] == header[0]):
            continue  # a header starts its table: a row under another row (or a rule line) is data
        sep, cells = header
        columns = [k for k, (s, e) in enumerate(cells) if 0 < e - s <= _MAX_CELL and _noun_end(text[s:e]) >= 0][:2]
        if not columns:
            continue
        if i < len(lines) and _rule_line(text, *lines[i]):
            i += 1
        while i < len(lines):
            row = _cells(text, *lines[i])
            if row is None or row[0] != sep or len(row[1]) != len(cells):
                break
            if any(_noun_end(text[s:e]) >= 0 for s, e in row[1] if e - s <= _MAX_CELL):
                break  # a row that names a credential is a label, not a value
            for k in columns:
                s, e = row[1][k]
                if 3 <= e - s <= _MAX_CELL:  # a value of 3+ characters (a PIN is 4)
                    views.append((_header_label(text[slice(*cells[k])]), s, e, False))
            i += 1
    return views


_PAREN = re.compile(r"[(（]([^()（）\n]{3,80})[)）]")
_CJK_SPLIT = re.compile(r"([^\x00-\x7f]+?)[ \t]*([\x21-\x7e]{3,64})")
_BARE_CODE = frozenset(("code", "código", "codigo", "codice", "kod", "kode", "код", "코드", "コード", "代码"))


def paren_views(text: str) -> list[View]:
    """A parenthesis of a short label and a last token, without a colon, as ``label: token``."""
    views: list[View] = []
    for m in _PAREN.finditer(text):
        if (
            m.start()
            and text[m.start() - 1].isascii()
            and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "$_")
        ):
            continue  # a call or a substitution: f(x y), $(pass show db)
        inner = m.group(1)
        if any(c in inner for c in _COLONS) or "=" in inner:
            continue
        stripped = inner.rstrip()
        cut = max(stripped.rfind(" "), stripped.rfind("\t"), stripped.rfind("\u3000"))
        if cut > 0:
            label, start = stripped[:cut].strip(), m.start(1) + cut + 1
        elif (split := _CJK_SPLIT.fullmatch(stripped)) is not None:
            label, start = split.group(1), m.start(1) + split.start(2)
        else:
            continue
        end = m.start(1) + len(stripped)
        value = text[start:end]
        if not label or len(label) > _MAX_LABEL or len(label.split()) > 4 or len(value) < 3:
            continue
        if label.lower() in _BARE_CODE and value.isdigit() and 4 <= len(value) <= 8:
            label = "PIN code"
        views.append((label, start, end, True))  # strict: "(the Unix password manager)" names no value
    return views


def clause_views(text: str) -> list[View]:
    """``noun, clause: value`` on one line as ``noun: value`` (the words before the first comma, which must hold a
    credential noun, as label)."""
    views: list[View] = []
    for a, b in _lines(text):
        if b - a > _MAX_LINE:
            continue
        line = text[a:b]
        colon = min((i for i in (line.find(c) for c in _COLONS) if i >= 0), default=-1)
        if colon <= 0:
            continue
        comma = min((i for i in (line.find(c, 0, colon) for c in _COMMAS) if i >= 0), default=-1)
        if comma <= 0 or colon - comma > _MAX_CLAUSE:
            continue
        label = line[max(0, comma - _MAX_LABEL) : comma].strip()
        start = a + colon + 1
        if label and b > start and _noun_end(label) >= 0:
            views.append((label, start, b, False))
    return views


_SPEAKER = re.compile(r"[ \t]*(?:[^\s:：]{1,24}(?:[ \t][^\s:：]{1,24})?[ \t]*[:：][ \t]*)?[—–\-「『“”」』»\"'«„ \t]*")
_ASCII_HEAD = re.compile(r"[\x21-\x7e]{3,64}")


def reply_views(text: str) -> list[View]:
    """A line asking about a credential (a noun, then a question mark) and its answer, as ``noun: answer``: the
    rest of the line after the mark when there is one (「…？」「…」), else the next line."""
    views: list[View] = []
    lines = _lines(text)
    for k, (a, b) in enumerate(lines):
        if b - a > _MAX_LINE:
            continue
        question = text[a:b]
        mark = max(question.rfind(q) for q in _QUESTION)
        if mark < 0:
            continue
        noun = _noun_span(question[:mark])
        if noun is None or names_attribute(question[:mark]):  # not about the value: "the password policy?"
            continue
        label = question[noun[0] : noun[1]]
        if len(question[mark + 1 :].strip("」』”\"'» \t")) >= 3:
            c, d = a + mark + 1, b
        elif k + 1 < len(lines) and 0 < lines[k + 1][1] - lines[k + 1][0] <= _MAX_LINE:
            c, d = lines[k + 1]
        else:
            continue
        head = _SPEAKER.match(text, c, d)
        s = head.end() if head is not None else c
        colon = min((i for i in (text.find(q, s, d) for q in _COLONS) if 0 <= i <= s + 60), default=-1)
        if colon >= 0:
            s = colon + 1
        e = d
        ascii_head = _ASCII_HEAD.match(text, s, d)
        if ascii_head is not None and ascii_head.end() < d and not text[ascii_head.end()].isascii():
            e = ascii_head.end()
        if e > s:
            views.append((label, s, e, True))
    return views


def reworded_views(text: str) -> list[View]:
    """Every view of ``text`` (module docstring): tables, parentheses, clauses, replies."""
    views = paren_views(text) if "(" in text or "（" in text else []
    if "," in text or "，" in text or "、" in text or "،" in text:
        views += clause_views(text)
    if "\n" in text:
        views += table_views(text)
    if any(q in text for q in _QUESTION):
        views += reply_views(text)
    return views


def reworded_findings(text: str, find: Finder, shapes: frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """(start, end, kind) in ``text`` of what ``find`` reports inside the value of a view; all views are read in
    one call, each distinct ``label: value`` once (a repeated row or question costs nothing more) and on its own
    paragraph (followed by a blank line). The views of secret_around.py (a value laid out around its noun) are read
    in a second call, apart (a rule must not read one view's value on into the next), and count no finding of a kind
    in ``shapes`` (found by shape, not by a label: the scan judged those bytes in the text) nor one the value alone
    gives."""
    views = [(*view, True) for view in reworded_views(text)]
    seen = {(label, start, end) for label, start, end, _, _ in views}  # a view read above is not read again below
    around = [(*view, False) for view in around_views(text) if view[:3] not in seen]
    return _view_findings(text, views, find, shapes) + _view_findings(text, around, find, shapes)


def _view_findings(
    text: str, views: list[tuple[str, int, int, bool, bool]], find: Finder, shapes: frozenset[str]
) -> list[tuple[int, int, str]]:
    """:func:`reworded_findings` for one group of views (the last flag: whether any finding counts)."""
    if not views:
        return []
    where: dict[tuple[str, str, bool, bool], list[int]] = {}  # each distinct view -> where its value starts in text
    for label, start, end, strict, shaped in views:
        key = (label.replace("\n", " "), text[start:end].replace("\n", " "), strict, shaped)
        where.setdefault(key, []).append(start)
    parts: list[str] = []
    bounds: list[tuple[int, int]] = []  # (value start, value end) in the joined text, one per distinct view
    offset = 0
    for label, value, _, _ in where:
        head = f"{label}: "
        bounds.append((offset + len(head), offset + len(head) + len(value)))
        parts.append(f"{head}{value}\n\n")
        offset += len(head) + len(value) + 2
    joined = "".join(parts)
    keys = list(where)
    firsts = [b[0] for b in bounds]
    out: list[tuple[int, int, str]] = []
    for s, e, kind in find(joined, False):
        k = bisect.bisect_right(firsts, max(s, 0)) - 1
        for j in (k, k + 1):
            if not 0 <= j < len(bounds):
                continue
            v0, v1 = bounds[j]
            a, b = max(s, v0), min(e, v1)
            if b > a and not (keys[j][2] and plain_words(kind, joined[a:b])) and (keys[j][3] or kind not in shapes):
                if not keys[j][3] and kind in {k for _, _, k in find(keys[j][1], False)}:
                    continue  # the value alone says it ("Bestelcode 3317 is de toner"): the label adds nothing
                out += [(t0 + a - v0, t0 + b - v0, kind) for t0 in where[keys[j]]]
    return out


_LEADING = "([{'\"`「『“‘«"
_WORD_KINDS = frozenset(("Password", "Password In Prose", "Password Assignment"))


def plain_words(kind: str, value: str) -> bool:
    """A password finding whose value is letters and spaces alone: in an answer on another line, a reply ("Go to
    settings", "Twelve"), not a value; a value there holds a digit or a symbol (``meadow.7933``)."""
    end = len(value)
    while end and unicodedata.category(value[end - 1]).startswith("P"):  # the sentence's end: . ! ? । 。
        end -= 1
    word = (c.isalpha() or c.isspace() or unicodedata.category(c).startswith("M") for c in value[:end].lstrip(_LEADING))
    return kind in _WORD_KINDS and all(word)


_MAX_BRIDGE = 600  # characters of the earlier turn's end and of the answering turn's start read together


class _Finds(Protocol):
    def findings(self, text: str) -> Sequence[Any]: ...


def bridged_spans(scanner: _Finds, earlier: Sequence[str], turn: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of ``turn`` that the scanner finds only when the last line of one of the two turns
    before (``earlier``, in order) is read just above the start of ``turn``: the answer to a question about a
    credential ("Vous avez sauvegardé les codes de récupération ?" / "Oui, les voici : …"), or a value sent after
    its noun in a turn of its own ("Its password is" / "Go on?" / "Xrjw*EFw6@8 (sorry, hit enter too early)").
    Reads at most ``_MAX_BRIDGE`` characters of each: two short scans per turn."""
    head = turn[:_MAX_BRIDGE]
    if not head.strip():
        return []
    out: list[tuple[int, int, str]] = []
    for before in earlier[-2:]:
        tail = before.rstrip()[-_MAX_BRIDGE:].rsplit("\n", 1)[-1].strip()
        if not tail:
            continue
        joined = f"{tail}\n{head}"
        offset = len(tail) + 1
        own = bool(scanner.findings(tail))  # a secret of the earlier turn may run on: only what starts here counts
        for found in scanner.findings(joined):
            if (
                found.end > offset
                and (found.start >= offset or not own)
                and not plain_words(found.kind, joined[max(found.start, offset) : found.end])
            ):
                out.append((max(found.start, offset) - offset, found.end - offset, found.kind))
    return out
