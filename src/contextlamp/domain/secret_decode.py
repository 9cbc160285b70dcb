"""Encoded text inside a text, decoded so the scanner reads what it holds: encoded runs (base64, base32, hex) and
escaped characters and chunked values (``\\u`` escapes, percent-encoding, HTML character references, groups).

An evasion of a known format may wrap it in an encoding a reader undoes with one command (``base64 -d``,
``xxd -r -p``, ``bytes.fromhex``). :func:`decoded_runs` finds the encoded runs of a text and returns what each
holds when that is printable text (binary key material and hashes decode to bytes that are not text, and stay
the job of the shape rules):

- base64, standard or URL-safe alphabet (RFC 4648 sections 4 and 5), 16+ characters, also wrapped over lines as
  MIME (RFC 2045 6.8: lines of at most 76 characters) and PEM bodies are, with or without an indent: the lines of a
  run are joined before decoding; when the run took in a word of the line before or after (``Token`` then the
  first line), the run without its first or last line is tried too;
- hex, 16+ digits of an even count, bare or after ``0x`` (``bytes.fromhex("676c70…")``), or as ``\\xNN`` escapes;
- what a decoded run holds is decoded again, to three levels (base64 of hex of base64 …);
- (stop 42) byte lists, quoted-printable, percent runs and base85 are secret_bytes.py's, read by the scanner on the
  text as written.

- base32 (RFC 4648 section 6, upper or lower case, padded or not), 16+ characters;
- what a decoded run holds is decoded again, to three levels (base64 of hex of base64 …).

A decoded run counts when it is UTF-8 of 8+ characters, 95 % of them printable, with a letter. Every pass is one
regular-expression scan with no backtracking beyond a fixed window, and each level is smaller than the one before,
so the whole is linear in the text.

:func:`decoded_views` undoes, in place, what a reader undoes by eye or with one call, and returns the windows of
the text around what changed, each with a map to the characters it came from (so a secret found there is removed
as written):

- escaped characters, any run of them: the ``\\uXXXX`` escapes of JSON (RFC 8259 section 7, surrogate pairs
  joined), JavaScript, Java and C#, ``\\u{X…}`` (ECMAScript, Rust, Swift), ``\\UXXXXXXXX`` and ``\\xXX`` (C,
  Python); percent-encoding (RFC 3986 section 2.1, a run of ``%XX`` read as UTF-8); HTML character references
  (HTML Living Standard 13.2.5.72-80: ``&#NNN;``, ``&#xHH;``, the semicolon optional as in browsers, and the
  named references of the HTML5 table that end in ``;``), decoded again while they still hold escapes, to three
  levels (``%2541`` -> ``%41`` -> ``A``);
- a decoding call of a standard library around a literal (``bytes.fromhex("4b65…").decode()``, ``atob("…")``,
  ``base64.b64decode("…")``, ``hex2bin``, ``Buffer.from("…", "hex")``): read as the text it returns, in place, so the
  label before it still applies (``enable secret 0 bytes.fromhex("…")``);
- a value cut into groups: 4+ groups of one length from 3 to 8 characters, the last one as long or shorter,
  separated by one space or one dash each (``SWMT KN-1 -2et n4uk …``, ``ab12-cd34-ef56-gh78``), joined when the
  groups hold both letters and digits (a card or phone number of digit groups is read as written; four-letter
  words of a sentence are not a value).

Each window reaches 160 characters before and 64 after what changed (a label such as ``--password`` or
``"apiToken":`` before the value); windows that meet are one. A text with nothing to undo has no view, so
ordinary prose costs one regular-expression pass.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import html.entities
import re
from dataclasses import dataclass

from contextlamp.domain.secret_unwrap import hiding_spans, unwrapped

MIN_PRINTABLE = 0.95  # of the decoded characters: text wrapped in an encoding, not binary key material
MIN_DECODED = 8  # characters: shorter decoded text holds no credential a rule could name
DEPTH = 3  # base64 of base64 of base64: deeper wrapping is not an evasion a reader undoes by eye

# A base64 run: 16+ alphabet characters and line breaks (each with up to 8 characters of indent, between two
# alphabet characters: a MIME-wrapped block, however short its lines), the padding at the end. The branches start
# with different characters and the run is taken whole: a failed start reads at most 16 units, so one pass is linear.
# A run is tried only where it starts (after a character that cannot be in it): a try inside a word of prose fails
# like one at its start, and 2 MiB of prose took 0.25 s of CPU trying every character.
_BASE64 = re.compile(
    r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-](?:[A-Za-z0-9+/_-]|\r?\n[ \t]{0,8}(?=[A-Za-z0-9+/_-])){15,}={0,6}"
)
_BASE32 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_WORD = re.compile(r"(?<![0-9A-Za-z])[0-9A-Za-z]{16,}")  # a hex run is a whole word: checked in Python (even, hex, 16+)
_ESCAPED_HEX = re.compile(r"(?:\\x[0-9a-fA-F]{2}){8,}")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_BLANKS = re.compile(r"\s+")


def printable_text(raw: bytes) -> str | None:
    """``raw`` as text when it is UTF-8 of ``MIN_DECODED``+ characters, mostly printable, with a letter."""
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(decoded) < MIN_DECODED:
        return None
    printable = sum(1 for c in decoded if c.isprintable() or c in "\n\t")
    if printable < MIN_PRINTABLE * len(decoded) or not any(c.isalpha() for c in decoded):
        return None
    return decoded


def base64_text(run: str) -> str | None:
    """The printable text a base64 run holds (white space inside ignored), or None."""
    body = _BLANKS.sub("", run).rstrip("=")
    if len(body) % 4 == 1:
        return None
    url_safe = "-" in body or "_" in body
    if url_safe and ("+" in body or "/" in body):
        return None
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if url_safe else b"+/", validate=True)
    except (binascii.Error, ValueError):
        return None
    return printable_text(raw)


def base32_text(run: str) -> str | None:
    """The printable text a base32 run holds (RFC 4648 section 6; one case throughout, padding optional), or None."""
    body = _BLANKS.sub("", run).rstrip("=")
    upper = body.upper()
    if len(body) < 16 or (body != upper and body != body.lower()) or not _BASE32.issuperset(upper):
        return None
    if len(body) % 8 in (1, 3, 6):  # no whole number of bytes ends there
        return None
    try:
        raw = base64.b32decode(upper + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        return None
    return printable_text(raw)


def _wrapped_base64_text(run: str) -> str | None:
    """A run's text; for a run over several lines, also the run without its first or its last line (a word of the
    sentence before or after the block joined to it)."""
    found = base64_text(run)
    if found is not None or "\n" not in run:
        return found
    first_break, last_break = run.find("\n"), run.rfind("\n")
    for candidate in (run[first_break + 1 :], run[:last_break], run[first_break + 1 : last_break]):
        if len(candidate.strip()) >= 16 and (found := base64_text(candidate)) is not None:
            return found
    return None


def hex_text(run: str) -> str | None:
    """The printable text a hex run holds (``0x`` prefix or ``\\x`` escapes allowed), or None."""
    digits = run.replace("\\x", "")
    if digits[:2] in ("0x", "0X"):
        digits = digits[2:]
    if len(digits) < 16 or len(digits) % 2 or not _HEX_DIGITS.issuperset(digits):
        return None
    return printable_text(bytes.fromhex(digits))


def _level(text: str) -> list[tuple[int, int, str]]:
    """(start, end, decoded) of every encoded run of one text (character offsets)."""
    runs: list[tuple[int, int, str]] = []
    for match in _BASE64.finditer(text):
        run = match.group()
        if (decoded := _wrapped_base64_text(run) or base32_text(run)) is not None:
            runs.append((match.start(), match.end(), decoded))
    for match in _WORD.finditer(text):
        if (decoded := hex_text(match.group())) is not None:
            runs.append((match.start(), match.end(), decoded))
    if "\\x" in text:
        for match in _ESCAPED_HEX.finditer(text):
            if (decoded := hex_text(match.group())) is not None:
                runs.append((match.start(), match.end(), decoded))
    return runs


def decoded_runs(text: str) -> list[tuple[int, int, str]]:
    """Every encoded run of ``text`` that holds printable text: (start, end, decoded), ``text[start:end]`` the run
    as written (character offsets), ``decoded`` what it holds or, for a run encoded more than once, what each level
    holds (one entry a level, all with the outer run's span). Linear in the text (module docstring)."""
    runs = _level(text)
    out = list(runs)
    level = runs
    for _ in range(DEPTH - 1):
        inner = [(start, end, found) for start, end, decoded in level for _, _, found in _level(decoded)]
        if not inner:
            break
        out.extend(inner)
        level = inner
    return out


# -- escaped characters and grouped values, undone in place (decoded_views) -----------------------------------

# One escaped character (or one byte of a percent-encoded run): the forms listed in the module docstring.
_ESCAPE = re.compile(
    r"\\u\{[0-9A-Fa-f]{1,6}\}|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|\\x[0-9A-Fa-f]{2}|%[0-9A-Fa-f]{2}"
    r"|&#[0-9]{1,7};?|&#[xX][0-9A-Fa-f]{1,6};?|&[A-Za-z][A-Za-z0-9]{1,31};"
)
_ESCAPE_HINT = re.compile(r"[\\%&]")
GROUPS_MIN = 4  # groups before the last (a shorter last one may follow)
GROUP_SIZES = range(3, 9)  # characters a group: how people chunk a value to read it out (4 most often)
GROUPED_MIN = 16  # characters of the joined value
# Runs of groups, each starting only where a run can start (so a failed attempt is never retried inside it):
# non-blank groups separated by one space, and groups of letters, digits and _ separated by one dash.
_GROUP_RUNS = (
    (re.compile(r"(?<!\S)\S+(?: \S+){3,}"), " "),
    (re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+){3,}"), "-"),
)
# Where a grouped value can be (a cheap first pass over a whole text; _equal_groups decides): 4+ short parts.
_GROUP_CANDIDATES = (
    (re.compile(r"(?<!\S)(?:\S{2,10} ){3,}\S{1,10}(?!\S)"), " "),
    (_GROUP_RUNS[1][0], "-"),
)


def _three_equal(separator: str, token: str) -> re.Pattern[str]:
    """Three parts of one length (a GROUP_SIZES length), each after a separator: what a run needs before
    _equal_groups can find GROUPS_MIN groups in it (the parts after the first). Most runs of short words in prose
    have none, and this one pass of the regex engine spares them _equal_groups' loop over every word (2 MiB of
    prose: 0.4 s of CPU)."""
    part = re.escape(separator) + token
    return re.compile("|".join(rf"(?:{part}{{{size}}}){{{GROUPS_MIN - 1}}}(?!{token})" for size in GROUP_SIZES))


_THREE_EQUAL = {" ": _three_equal(" ", r"\S"), "-": _three_equal("-", r"[A-Za-z0-9_]")}
_HAS_DIGIT = re.compile(r"[0-9]")
_OPENERS = "'\"`([{<"
_CLOSERS = "'\"`)]}>.,;:!?"
VIEW_BEFORE = 160  # characters of context before a change: the label of the value (a flag, a key, a noun)
VIEW_AFTER = 64
LEVELS = 3  # %2541 -> %41 -> A: an escape of an escape, as the encoded runs above


@dataclass(frozen=True, slots=True)
class View:
    """A window of a text with its escapes undone or its groups joined, and where each character came from.

    Attributes:
        text: the window, decoded.
        starts: ``starts[i]`` is the index in the original text where the source of ``text[i]`` starts.
        ends: ``ends[i]`` is the index just after that source (``starts[i] + 6`` for a ``\\u0041``).
        hidden: spans of ``text`` that are values a hiding expression yielded (secret_unwrap.py: reversed, ROT13,
            character codes, octal escapes, a shell pipeline); their shape alone can make them a secret.
        revealed: the same values as the hiding expression yielded them, before any escape in them was undone
            (``PUFFpuffin%72`` stays itself), each with its span in the original text.
    """

    text: str
    starts: list[int]
    ends: list[int]
    hidden: tuple[tuple[int, int], ...] = ()
    revealed: tuple[tuple[int, int, str], ...] = ()

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that ``text[start:end]`` came from (characters; ``end > start``)."""
        return self.starts[start], self.ends[end - 1]


def _char_of(escape: str) -> str | None:
    """The character one escape stands for (percent-encoding is read in runs, not here), or None."""
    if escape[0] == "\\":
        code = int(escape[3:-1] if escape[2] == "{" else escape[2:], 16)
    elif escape.startswith("&#"):
        body = escape[2:].rstrip(";")
        code = int(body[1:], 16) if body[:1] in "xX" else int(body)
    else:
        return html.entities.html5.get(escape[1:])
    return chr(code) if 0 < code <= 0x10FFFF else None


def _unescaped(
    text: str, within: list[tuple[int, int]] | None = None
) -> tuple[str, list[int], list[int], list[tuple[int, int]]] | None:
    """``text`` with every escape undone (only those that start inside the sorted spans ``within``, when given: a
    second level decodes only escapes the first produced, so ``%2541`` is ``A`` but ``%%66`` stays ``%f``):
    (decoded, start and end of each character's source in ``text``, the spans of the decoded text that changed);
    None when nothing was escaped. One pass, linear."""
    if not _ESCAPE_HINT.search(text):
        return None
    matches = list(_ESCAPE.finditer(text))
    if within is not None:
        lows = [low for low, _ in within]
        matches = [
            m for m in matches if (k := bisect.bisect_right(lows, m.start()) - 1) >= 0 and m.start() < within[k][1]
        ]
    if not matches:
        return None
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    changed: list[tuple[int, int]] = []
    last = size = 0

    def keep(upto: int) -> None:
        nonlocal size
        if upto > last:
            pieces.append(text[last:upto])
            starts.extend(range(last, upto))
            ends.extend(range(last + 1, upto + 1))
            size += upto - last

    def put(chars: str, source: tuple[int, int]) -> None:
        nonlocal size
        pieces.append(chars)
        starts.extend([source[0]] * len(chars))
        ends.extend([source[1]] * len(chars))
        if changed and changed[-1][1] == size:
            changed[-1] = (changed[-1][0], size + len(chars))
        else:
            changed.append((size, size + len(chars)))
        size += len(chars)

    i = 0
    while i < len(matches):
        match = matches[i]
        keep(match.start())
        escape = match.group()
        if escape[0] == "%":  # a run of percent-encoded bytes is UTF-8 (RFC 3986 2.5); one character per source run
            j = i
            raw = bytearray()
            while (
                j < len(matches)
                and matches[j].group()[0] == "%"
                and (j == i or matches[j].start() == matches[j - 1].end())
            ):
                raw.append(int(matches[j].group()[1:], 16))
                j += 1
            run_start = match.start()
            decoded = bytes(raw).decode("utf-8", "replace") if not raw.isascii() else raw.decode("ascii")
            if len(decoded) == len(raw):
                for k, char in enumerate(decoded):
                    put(char, (matches[i + k].start(), matches[i + k].end()))
            else:
                put(decoded, (run_start, matches[j - 1].end()))
            last = matches[j - 1].end()
            i = j
            continue
        char = _char_of(escape)
        end = match.end()
        if char is not None and 0xD800 <= ord(char) < 0xDC00 and i + 1 < len(matches) and matches[i + 1].start() == end:
            low = _char_of(matches[i + 1].group())  # a UTF-16 surrogate pair (RFC 8259 section 7)
            if low is not None and 0xDC00 <= ord(low) < 0xE000:
                char = chr(0x10000 + ((ord(char) - 0xD800) << 10) + (ord(low) - 0xDC00))
                end = matches[i + 1].end()
                i += 1
        if char is None:
            keep(end)
        else:
            put(char, (match.start(), end))
        last = end
        i += 1
    keep(len(text))
    return "".join(pieces), starts, ends, changed


# The standard library calls that decode hex or base64 written around a literal, in the languages people paste:
# Python (bytes.fromhex, binascii, base64, codecs), JavaScript (atob, Node's Buffer.from), PHP (hex2bin,
# base64_decode), Go (hex.DecodeString, base64.StdEncoding.DecodeString), Ruby (Base64.decode64), PowerShell
# ([Convert]::FromBase64String), with a trailing .decode() or .toString(); the call is read as what it returns.
_DECODER_CALL = re.compile(
    r"(?:bytes\.fromhex|binascii\.(?:unhexlify|a2b_hex|a2b_base64)|base64\.(?:b64decode|b32decode|urlsafe_b64decode|"
    r"standard_b64decode|decodebytes|StdEncoding\.DecodeString|URLEncoding\.DecodeString)|codecs\.decode|atob|"
    r"Buffer\.from|hex2bin|base64_decode|hex\.DecodeString|Base64\.decode64|\[Convert\]::FromBase64String)"
    r"\([ \t]{0,8}b?([\"'])([A-Za-z0-9+/=_-]{8,4096})\1"
    r"(?:[ \t]{0,8},[ \t]{0,8}[\"'][A-Za-z0-9_-]{1,12}[\"'])?[ \t]{0,8}\)"
    r"(?:\.decode\([^()\n]{0,24}\)|\.toString\([^()\n]{0,24}\))?"
)


def _decoder_calls(text: str) -> tuple[str, list[int], list[int], list[tuple[int, int]]] | None:
    """``text`` with each decoding call on a literal (``_DECODER_CALL``) replaced by the printable text it returns,
    in the same shape as :func:`_unescaped`; None when there is none. One pass, linear."""
    if "(" not in text:
        return None
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    changed: list[tuple[int, int]] = []
    last = size = 0
    for match in _DECODER_CALL.finditer(text):
        literal = match.group(2)
        decoded = hex_text(literal) or base64_text(literal) or base32_text(literal)
        if decoded is None:
            continue
        pieces.append(text[last : match.start()])
        starts.extend(range(last, match.start()))
        ends.extend(range(last + 1, match.start() + 1))
        size += match.start() - last
        pieces.append(decoded)
        starts.extend([match.start()] * len(decoded))
        ends.extend([match.end()] * len(decoded))
        changed.append((size, size + len(decoded)))
        size += len(decoded)
        last = match.end()
    if not changed:
        return None
    pieces.append(text[last:])
    starts.extend(range(last, len(text)))
    ends.extend(range(last + 1, len(text) + 1))
    return "".join(pieces), starts, ends, changed


def _grouped(text: str) -> list[tuple[int, int]]:
    """Spans to delete: the separators of a value cut into groups (module docstring). One pass, linear."""
    if " " not in text and "-" not in text:
        return []
    spans: list[tuple[int, int]] = []
    for pattern, separator in _GROUP_RUNS:
        if separator in text:
            for match in pattern.finditer(text):
                spans.extend(_equal_groups(match.group().split(separator), match.start()))
    return spans


def _equal_groups(tokens: list[str], start: int) -> list[tuple[int, int]]:
    """The separators inside each stretch of ``tokens`` (consecutive parts of a run that starts at ``start``, one
    separator character apart) that are groups of one length, a last one as long or shorter, joined into a value of
    letters and digits. A quote or bracket may open the first group and close the last (``'glso at-s nbI2 …'``). A
    shorter last group of small letters with more words after it is the sentence going on ("… fb0e to the team")."""
    offsets: list[int] = []
    position = start
    for token in tokens:
        offsets.append(position)
        position += len(token) + 1
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        first = tokens[i].lstrip(_OPENERS)
        size = len(first)
        j = i + 1
        while j < len(tokens) and len(tokens[j]) == size and tokens[j][:1] not in _OPENERS:
            j += 1
        if j - i < GROUPS_MIN or size not in GROUP_SIZES:  # too few groups of one length (most stretches)
            i = j
            continue
        last = j
        if j < len(tokens) and tokens[j][:1] not in _OPENERS:
            tail = tokens[j].rstrip(_CLOSERS)
            words_follow = j + 1 < len(tokens) and tail.isalpha() and tail.islower()
            if 0 < len(tail) <= size and not words_follow:
                last = j + 1
        joined = first + "".join(tokens[i + 1 : last])
        if len(joined) >= GROUPED_MIN and any(c.isdigit() for c in joined) and any(c.isalpha() for c in joined):
            spans.extend((offsets[k] - 1, offsets[k]) for k in range(i + 1, last))
        i = j
    return spans


def _windows(changed: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """Each changed span widened by the context a rule reads around it, windows that meet merged."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(changed):
        low, high = max(0, start - VIEW_BEFORE), min(size, end + VIEW_AFTER)
        if out and low <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], high))
        else:
            out.append((low, high))
    return out


def decoded_views(text: str) -> list[View]:
    """The windows of ``text`` whose escapes are undone or whose grouped values are joined (module docstring),
    each mapped back to ``text``; ``[]`` when there is nothing to undo. Linear in the text: finding what to undo is
    a few regular-expression passes, and only the windows around it (which do not overlap) are decoded, each level
    at most as long as the one before."""
    views: list[View] = []
    for low, high in _windows(_to_undo(text), len(text)):
        decoded = _decoded_window(text[low:high])
        if decoded is not None:
            window, starts, ends, hidden, revealed = decoded
            shifted = tuple((low + a, low + b, value) for a, b, value in revealed)
            views.append(View(window, [low + k for k in starts], [low + k for k in ends], tuple(hidden), shifted))
    return views


def _to_undo(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` that a view would change: decoding calls, escapes, grouped values."""
    spans: list[tuple[int, int]] = hiding_spans(text)
    if "(" in text:
        spans.extend(m.span() for m in _DECODER_CALL.finditer(text))
    if _ESCAPE_HINT.search(text):
        spans.extend(m.span() for m in _ESCAPE.finditer(text))
    for pattern, separator in _GROUP_CANDIDATES:
        if separator in text:
            for match in pattern.finditer(text):
                run = match.group()
                if (
                    _HAS_DIGIT.search(run)
                    and _THREE_EQUAL[separator].search(run)
                    and _equal_groups(run.split(separator), match.start())
                ):
                    spans.append(match.span())
    return spans


def _decoded_window(
    text: str,
) -> tuple[str, list[int], list[int], list[tuple[int, int]], list[tuple[int, int, str]]] | None:
    """A window with its hiding expressions (secret_unwrap.py) and decoding calls and escapes undone (to three
    levels) and its groups joined, the start and end in the window of each character's source, and the spans of
    hidden values; None when nothing changed."""
    text_now = text
    starts = list(range(len(text)))
    ends = list(range(1, len(text) + 1))
    hidden: list[tuple[int, int]] = []
    changed_all: list[tuple[int, int]] = []
    revealed: list[tuple[int, int, str]] = []
    if (first := unwrapped(text)) is not None:
        text_now, starts, ends, hidden, joined = first
        changed_all = sorted(hidden + joined)
        revealed = [(starts[a], ends[b - 1], text_now[a:b]) for a, b in hidden if b > a]
    newest: list[tuple[int, int]] | None = None
    for level in range(LEVELS + 1):
        undone = _decoder_calls(text_now) if level == 0 else _unescaped(text_now, newest)
        if undone is None:
            if level == 0:
                continue
            break
        decoded, inner_starts, inner_ends, changed = undone
        newest = changed if level > 0 else None
        starts = [starts[k] for k in inner_starts]
        ends = [ends[k - 1] for k in inner_ends]
        # spans changed at an earlier level move with the text; the windows below are wide, so the newest changes
        # and the (re-decoded) earlier ones are enough
        changed_all = changed if not changed_all else _moved(changed_all, inner_starts, len(decoded)) + changed
        hidden = _moved(hidden, inner_starts, len(decoded))
        text_now = decoded
    joins = _grouped(text_now)
    if joins:
        kept_text, kept = _without(text_now, joins)
        changed_all = _moved(changed_all, kept, len(kept_text)) if changed_all else []
        changed_all += _joined_spans(kept, joins)
        hidden = _moved(hidden, kept, len(kept_text))
        starts = [starts[k] for k in kept]
        ends = [ends[k] for k in kept]
        text_now = kept_text
    if not changed_all:
        return None
    return text_now, starts, ends, hidden, revealed


def _without(text: str, spans: list[tuple[int, int]]) -> tuple[str, list[int]]:
    """``text`` less the (sorted, disjoint) spans, and for each character left its index in ``text``."""
    pieces: list[str] = []
    kept: list[int] = []
    last = 0
    for start, end in sorted(spans):
        pieces.append(text[last:start])
        kept.extend(range(last, start))
        last = end
    pieces.append(text[last:])
    kept.extend(range(last, len(text)))
    return "".join(pieces), kept


def _moved(spans: list[tuple[int, int]], index: list[int], size: int) -> list[tuple[int, int]]:
    """Spans of an earlier text in the coordinates of a later one whose character ``k`` came from ``index[k]``
    (``index`` ascending): each span becomes the later characters that came from inside it."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        low, high = bisect.bisect_left(index, start), bisect.bisect_left(index, end)
        if high > low:
            out.append((low, min(high, size)))
    return out


def _joined_spans(kept: list[int], joins: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where each deleted separator was, in the joined text (one character either side)."""
    out: list[tuple[int, int]] = []
    for start, _ in joins:
        at = bisect.bisect_left(kept, start)
        out.append((max(0, at - 1), min(len(kept), at + 1)))
    return out
