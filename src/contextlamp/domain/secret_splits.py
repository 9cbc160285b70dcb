"""Values cut into pieces by layout (formats13, stop 43, #28 item 2): spans the normaliser deletes so the pieces read
as the one token they were, and the hiding marks that let secret_unwrap.hidden_secret judge that token.

- pieces on consecutive lines of one Markdown container: quote-block lines (``> …``), list items (``- …``,
  ``* …``, ``+ …``, ``1. …``) or table rows (``| … |``), each line one token after its marker; the first may follow
  a label on its line (``KEY=> 871cd…``, ``alone: - sk_live_…``). Two or more lines, every piece but the last of
  one length from 8 to 39 and the last shorter, or any last after a label on the first line (a list of
  codes or ids is of one length) or when a vendored format's prefix starts the first piece and its value runs on
  (stop 44; a line may end with the code's ``;`` or ``,`` after its piece): the pieces are joined (as lines of
  one token in a code fence are, secret_normal._joins); when the last is shorter and the pieces are under 32 (a
  value cut to a width; ids listed one a line are of one length), the join is a hiding mark too;
- a backslash continuation between two value characters (``ead1b7c12ca\\`` then ``e905c…``): secret_normal
  already joins it; a value cut there, with no blank before the backslash, is a hiding mark (a shell command
  continues after a blank);
- groups of value characters separated by single non-ASCII spaces (figure, thin, narrow no-break, no-break:
  ``sk_l\\u2007ive_\\u20071rG7…``): three or more groups of one length (the last no longer), holding a letter and
  a digit, are joined and marked; digit groups alone (``1 234 567``, a French number) stay apart; groups between
  ASCII spaces: pairs (8+) and threes (5+) holding three classes of character, threes not chess moves.

Every pass reads each line or character once: linear in the text.
"""

from __future__ import annotations

import functools
import itertools
import re

from contextlamp.domain.secret_formats import format_rules
from contextlamp.domain.secret_re2 import Regex, compile_rule

_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.~:@%$!#*^&?")
_ITEM = re.compile(
    r"(?:(?P<label>.*?[:=])[ \t]*)?(?P<marker>>[ \t]?|[-*+][ \t]|[0-9]{1,2}[.)][ \t]|\|[ \t]*)(?P<token>\S+)"
)
# a line's end after its piece: a table row's closing pipe, the code's ``;``/``,``/``)`` around the container
_LINE_END = re.compile(r"(?:[ \t]*\|)?[ \t]*[;,)]?[ \t\r]*$")
_MAX_PIECE = 40  # characters of a piece: longer lines are whole values, not pieces
_MAX_LINE = 160  # characters of a line that may hold a piece after a label
_MIN_PIECE = 8  # characters of a piece: a shorter item is a word or a short id (``- eggs12``), not a cut value
# A move in standard algebraic notation (FIDE Laws of Chess, Appendix C): ``Nf3``, ``e4+``, ``exd5``, ``O-O``.
_SAN = re.compile(r"[KQRBN][a-h1-8]?x?[a-h][1-8][+#]?|[a-h](?:x[a-h])?[1-8](?:=[QRBN])?[+#]?|O-O(?:-O)?[+#]?")
_CUT_PIECE = 32  # a listed id (a UUID is 36, a SHA-1 40) is no shorter than this: a shorter cut piece is a split


def _piece(line: str, first: bool) -> tuple[str, int, int, int] | None:
    """(marker kind, token start, token end, marker start) of a line that is one token in a Markdown container, else
    None.
    Lines longer than ``_MAX_LINE`` hold no piece (and the lazy label is never tried on a long line)."""
    if len(line) > _MAX_LINE:
        return None
    m = _ITEM.fullmatch(_LINE_END.sub("", line, count=1))
    if m is None or (m.group("label") is not None and not first):
        return None
    if m.group("label") is None and line[: m.start("marker")].strip():
        return None
    token = m.group("token")
    if not all(c in _TOKEN_CHARS for c in token):
        return None
    kind = m.group("marker").strip()[:1]
    label = "=" if m.group("label") else ""
    return ("1" if kind.isdigit() else kind) + label, m.start("token"), m.end("token"), m.start("marker")


def container_splits(text: str, marks: list[int]) -> list[tuple[int, int]]:
    """Spans to delete between the pieces of a value cut over Markdown quote, list or table lines (module
    docstring); the start of each marked join is added to ``marks``."""
    if "\n" not in text:
        return []
    spans: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []  # absolute (start, end) of each piece of the current run
    kind = ""
    marker = 0  # where the first piece's marker starts (after a label, the marker is cut away with the joins)
    offset = 0
    for line in [*text.split("\n"), ""]:
        piece = _piece(line, not run)
        if piece is not None and run and piece[0] == kind.rstrip("="):
            run.append((offset + piece[1], offset + piece[2]))
        else:
            _close(run, text, spans, marks, marker if kind.endswith("=") else -1)
            piece = _piece(line, True)  # a labelled line may start the next run
            run = [] if piece is None else [(offset + piece[1], offset + piece[2])]
            kind = "" if piece is None else piece[0]
            marker = 0 if piece is None else offset + piece[3]
        offset += len(line) + 1
    return spans


def _close(run: list[tuple[int, int]], text: str, spans: list[tuple[int, int]], marks: list[int], marker: int) -> None:
    """Join a run's pieces (module docstring). After a label (``KEY=> ab12\n> cd34``; ``marker`` is where the
    first line's marker starts, -1 with no label) pieces of 2+ are joined whatever they hold and the marker is cut
    too (``KEY=ab12cd34``), for the label's rule to judge; only pieces of ``_MIN_PIECE``+ are a hiding mark."""
    labelled = marker >= 0
    if len(run) < 2:
        return
    lengths = [b - a for a, b in run]
    width = lengths[0]
    low = 2 if labelled else _MIN_PIECE
    if not low <= width < _MAX_PIECE or any(n != width for n in lengths[:-1]) or lengths[-1] > width:
        return
    joined = "".join(text[a:b] for a, b in run)
    if lengths[-1] == width and not labelled and not _vendor_cut(joined, width):
        return  # items of one length and no label on the first line: a list (backup codes, ids), not a cut value
    one_case = joined.lower() == joined or joined.upper() == joined
    if not labelled and one_case and not any(c.isdigit() for c in joined):
        return  # a word in each item: a value holds a digit or both cases
    cut = lengths[-1] < width and _MIN_PIECE <= width < _CUT_PIECE
    if labelled:
        spans.append((marker, run[0][0]))
    for (_, end), (start, _) in itertools.pairwise(run):
        spans.append((end, start))
        if cut:
            marks.append(end)


def _vendor_cut(joined: str, first: int) -> bool:
    """Whether a vendored format (secret_formats, one of whose keywords is in the first piece) matches the joined
    pieces with its value starting in the first piece and running past it: a vendor's token (``npm_…``,
    ``r8_…``) cut over lines of one length, not a list of ids. Read only for such runs."""
    head = joined[:first].lower()
    data = joined.encode("utf-8")
    for rule in format_rules():
        if not any(keyword in head for keyword in rule.keywords):
            continue
        spans = _regex(rule.pattern).search(data, 0)
        if spans is None:
            continue
        a, b = spans[1] if len(spans) > 1 and spans[1][0] >= 0 else spans[0]
        if a < first < b and rule.check(data[a:b].decode("utf-8")):
            return True
    return False


@functools.cache
def _regex(pattern: str) -> Regex:
    return compile_rule(pattern)


def cut_continuations(text: str) -> list[int]:
    """Where a backslash continuation joins two value characters with no blank before the backslash: marks."""
    out: list[int] = []
    at = text.find("\\\n")
    while at >= 0:
        after = at + 2
        while after < len(text) and text[after] in " \t":
            after += 1
        if at > 0 and text[at - 1] in _TOKEN_CHARS and after < len(text) and text[after] in _TOKEN_CHARS:
            out.append(at)
        at = text.find("\\\n", at + 2)
    return out


def spaced_groups(folded: str, original: str, origin: list[int] | None, marks: list[int]) -> list[tuple[int, int]]:
    """Spans to delete: the single spaces between groups of one length (module docstring); the start of each is
    added to ``marks``. ``origin`` maps ``folded`` to ``original`` (None: nothing was folded, every space is
    ASCII). Groups between non-ASCII spaces: 3+ of 2-8 characters or 8+ single characters; between ASCII spaces
    (a value typed in pairs, ``sk _l iv e_ XA …``): 8+ pairs holding three of upper-case,
    lower-case, digit and symbol (seat names ``A1 B2 …`` and hex dumps hold two; secret_bytes decodes hex text), or 5+
    threes holding three of them (``hf_ DEO gYo …``), half of them two, a quarter at most a lower-case word (``Ka1 and
    Ka2 are the``), and fewer than half chess moves (``Nf3 Nc6 Bb5 …``)."""
    if " " not in folded:
        return []
    spans: list[tuple[int, int]] = []
    groups: list[tuple[int, int]] = []
    wide_run = False
    i, n = 0, len(folded)
    while i <= n:
        j = i
        while j < n and folded[j] in _TOKEN_CHARS:
            j += 1
        if j > i:
            groups.append((i, j))
        space = j < n and folded[j] == " " and j > i and (j + 1 >= n or folded[j + 1] != " ")
        wide = space and origin is not None and original[origin[j]] != " "
        if not space or (groups and len(groups) > 1 and wide != wide_run):
            _close_groups(groups, folded, wide_run, spans, marks)
            # at a change of space the group between both kinds starts the next chain (``= hf_\u2007YTD…``)
            groups = groups[-1:] if space and j > i else []
        wide_run = wide
        i = j + 1
    return spans


def _close_groups(
    chain: list[tuple[int, int]], text: str, wide: bool, spans: list[tuple[int, int]], marks: list[int]
) -> None:
    """Cut a chain of space-separated groups into runs of one width (each may end with one shorter group)."""
    run: list[tuple[int, int]] = []
    for group in chain:
        if run and group[1] - group[0] != run[0][1] - run[0][0]:
            shorter = len(run) > 1 and group[1] - group[0] < run[0][1] - run[0][0]
            _join_run([*run, group] if shorter else run, text, wide, spans, marks)
            run = [] if shorter else [group]
        else:
            run.append(group)
    _join_run(run, text, wide, spans, marks)


def _wordy(pieces: list[str]) -> bool:
    """Groups of three that read as prose: fewer than half mixing two classes of character, or more than a quarter
    lower-case words (``Ka1 and Ka2 are the …``, ``CO2 and H2O``)."""
    mixed = sum(_classes(p) >= 2 for p in pieces)
    return 2 * mixed < len(pieces) or 4 * sum(p.isalpha() and p.islower() for p in pieces) > len(pieces)


def _classes(token: str) -> int:
    """How many of upper-case, lower-case, digit and symbol the token holds."""
    return (
        any(c.isupper() for c in token)
        + any(c.islower() for c in token)
        + any(c.isdigit() for c in token)
        + any(not c.isalnum() for c in token)
    )


def _join_run(
    groups: list[tuple[int, int]], text: str, wide: bool, spans: list[tuple[int, int]], marks: list[int]
) -> None:
    if len(groups) < 3:
        return
    lengths = [b - a for a, b in groups]
    width = lengths[0]
    if any(n != width for n in lengths[:-1]) or lengths[-1] > width:
        return
    joined = "".join(text[a:b] for a, b in groups)
    pieces = [text[a:b] for a, b in groups] if width == 3 and len(groups) >= 5 else []
    if pieces and 2 * sum(bool(_SAN.fullmatch(p)) for p in pieces) >= len(pieces):
        return  # chess moves in algebraic notation (``Nf3 Nc6 Bb5 …``), between any spaces
    if pieces and _classes(joined) >= 3 and not _wordy(pieces):
        pass  # threes, between any spaces
    elif not any(c.isdigit() for c in joined) or not any(c.isalpha() for c in joined):
        return
    elif wide:
        if not ((width == 1 and len(groups) >= 8) or 2 <= width <= 8):
            return
    elif width != 2 or len(groups) < 8 or _classes(joined) < 3:
        return  # seat or pin names (A1 B2 …, GP0 GP1 …) and hex dumps have two classes of character
    for (_, end), (start, _) in itertools.pairwise(groups):
        spans.append((end, start))
        marks.append(end)
