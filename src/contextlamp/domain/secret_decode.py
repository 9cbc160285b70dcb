"""Encoded text inside a text: base64 (one line or MIME-wrapped over many) and hex, decoded so the scanner reads
what they hold.

An evasion of a known format may wrap it in an encoding a reader undoes with one command (``base64 -d``,
``xxd -r -p``, ``bytes.fromhex``). :func:`decoded_runs` finds the encoded runs of a text and returns what each
holds when that is printable text (binary key material and hashes decode to bytes that are not text, and stay
the job of the shape rules):

- base64, standard or URL-safe alphabet (RFC 4648 sections 4 and 5), 16+ characters, also wrapped over lines as
  MIME (RFC 2045 6.8: lines of at most 76 characters) and PEM bodies are, with or without an indent: the lines of a
  run are joined before decoding; when the run took in a word of the line before or after (``Token`` then the
  first line), the run without its first or last line is tried too;
- hex, 16+ digits of an even count, bare or after ``0x`` (``bytes.fromhex("676c70…")``), or as ``\\xNN`` escapes;
- what a decoded run holds is decoded again, to three levels (base64 of hex of base64 …).

A decoded run counts when it is UTF-8 of 8+ characters, 95 % of them printable, with a letter. Every pass is one
regular-expression scan with no backtracking beyond a fixed window, and each level is smaller than the one before,
so the whole is linear in the text.
"""

from __future__ import annotations

import base64
import binascii
import re

MIN_PRINTABLE = 0.95  # of the decoded characters: text wrapped in an encoding, not binary key material
MIN_DECODED = 8  # characters: shorter decoded text holds no credential a rule could name
DEPTH = 3  # base64 of base64 of base64: deeper wrapping is not an evasion a reader undoes by eye

# A base64 run: 16+ alphabet characters, a line break with up to 8 characters of indent allowed between two of
# them (a MIME-wrapped block), the padding at the end. The branches start with different characters: no
# backtracking, one pass.
_BASE64 = re.compile(r"[A-Za-z0-9+/_-]{16}(?:[A-Za-z0-9+/_-]|\r?\n[ \t]{0,8}[A-Za-z0-9+/_-])*={0,2}")
_WORD = re.compile(r"[0-9A-Za-z]{16,}")  # a hex run is a whole word: checked in Python (even, hex, 16+)
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
        if (decoded := _wrapped_base64_text(match.group())) is not None:
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
