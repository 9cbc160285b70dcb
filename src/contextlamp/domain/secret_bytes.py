"""Encoded runs beyond base64, base32 and hex (stop 42, #28 item 2): byte lists, quoted-printable, percent runs and
base85, each decoded to the text it holds so the scanner reads it (secret_decode.decoded_runs calls
:func:`byte_runs` on every level).

- a list of byte values, 8 or more, separated by commas: hexadecimal ``0x61, 0x62, …`` anywhere (C, C#, Go, Rust,
  Java byte arrays), decimal ``97, 98, …`` only inside brackets or braces (``bytes([97, 98, …])``, ``new byte[]
  {97, 98, …}``, a JSON array): a bare list of numbers in prose is data, not bytes;
- quoted-printable (RFC 2045 6.7): 8 or more ``=XX`` in a row;
- percent-encoding (RFC 3986 2.1): 8 or more ``%XX`` in a row (escapes within a window are also undone in place by
  secret_decode.decoded_views, which keeps the label before them; a run is read here so what it holds alone is
  judged too);
- (stop 43) character escapes, 8 or more in a row, each spelling one character: HTML numeric character references
  (``&#x6b;``, ``&#X6B;``, ``&#00107;``; HTML 5 13.1.4), ``\\u`` / ``\\U`` / ``\\u{…}`` / ``\\x`` escapes (Python,
  JavaScript, JSON, C) and CSS escapes (``\\6b `` CSS Syntax 3, 4.3.7). Nobody escapes every letter of a word
  they mean to show; the escapes are undone in place with the label before them too (secret_decode);
- (formats13) characters written one by one: a list of 8 or more quoted single characters (``'s', 'k', …``: a Java
  ``char[]``, a Python list joined, a PowerShell ``[char[]]``), 8 or more ``CHAR(n)`` / ``chr(n)`` calls joined by
  ``+``, ``||``, ``,``, ``&`` or ``.`` (SQL Server, Postgres, MySQL ``CONCAT``, PHP, VB; 6 or more since stop 44, the
  one chain reader secret_unwrap uses too), and 8 or more hexadecimal
  byte pairs separated by one space or colon each (``73 6B 5F …``, ``73:6b:5f:…``); a MAC address has 6;
- base85 as Python's ``base64.b85decode``/``a85decode`` read it, the literal inside the call, and Adobe Ascii85
  between ``<~`` and ``~>``.

A run counts when it decodes to printable text (secret_decode.printable_text's test, passed in). Each pattern is
one pass with no nested quantifier that can overlap itself: linear in the text.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from functools import cache
from typing import Any, cast

import re2  # pyright: ignore[reportMissingTypeStubs]

MIN_BYTES = 8  # values in a list or escapes in a run: fewer spell no credential a rule names
_HEX_BYTE = r"0[xX][0-9A-Fa-f]{1,2}"
_HEX_LIST = re.compile(rf"(?<![0-9A-Za-z]){_HEX_BYTE}(?:[ \t]*,[ \t\r\n]*{_HEX_BYTE}){{{MIN_BYTES - 1},}}")
_DECIMAL_LIST = re.compile(rf"[\[{{(][ \t\r\n]*([0-9]{{1,3}}(?:[ \t]*,[ \t\r\n]*[0-9]{{1,3}}){{{MIN_BYTES - 1},}})")
_QUOTED_PRINTABLE = re.compile(rf"(?:=[0-9A-F]{{2}}){{{MIN_BYTES},}}")
_PERCENT = re.compile(rf"(?:%[0-9A-Fa-f]{{2}}){{{MIN_BYTES},}}")
_CHAR_ESCAPES = re.compile(
    rf"(?:&#[xX][0-9A-Fa-f]{{1,6}};|&#[0-9]{{1,7}};){{{MIN_BYTES},}}"
    rf"|(?:\\u[0-9A-Fa-f]{{4}}|\\U[0-9A-Fa-f]{{8}}|\\u\{{[0-9A-Fa-f]{{1,6}}\}}|\\x[0-9A-Fa-f]{{2}}){{{MIN_BYTES},}}"
    rf"|(?:\\[0-9A-Fa-f]{{1,6}} ?){{{MIN_BYTES},}}"
)
_QUOTED_CHAR = r"(?:'(?:\\.|[^'\\\n])'|\"(?:\\.|[^\"\\\n])\")"
_CHAR_LIST = re.compile(rf"{_QUOTED_CHAR}(?:[ \t]*,[ \t\r\n]*{_QUOTED_CHAR}){{{MIN_BYTES - 1},}}")
CHAR_CODE = r"(?:0[xX][0-9A-Fa-f]{1,6}|[0-9]{1,7})"  # a character's code: decimal or 0x hex, any code point
_CHAR_CALL = rf"(?i:\b(?:chr|char)\([ \t]*{CHAR_CODE}[ \t]*\))"
MIN_CALLS = 6  # CHAR()/chr() calls in a chain: fewer spell no credential a rule names
# The one reader of ``CHAR(n)``/``chr(n)`` chains (SQL Server ``+``, Postgres ``||``, MySQL ``CONCAT(…, …)``, PHP
# ``.``, Python ``+``, VB ``&``); secret_unwrap replaces a chain by its value in place, byte_runs judges it alone.
CHAR_CALLS = re.compile(rf"{_CHAR_CALL}(?:[ \t]*(?:\|\||[+,&.])[ \t\r\n]*{_CHAR_CALL}){{{MIN_CALLS - 1},}}")
_SPACED_HEX = re.compile(
    rf"(?<![0-9A-Za-z:])[0-9A-Fa-f]{{2}}"
    rf"(?:(?: [0-9A-Fa-f]{{2}}){{{MIN_BYTES - 1},}}|(?::[0-9A-Fa-f]{{2}}){{{MIN_BYTES - 1},}})"
    r"(?![0-9A-Za-z:])"
)
_ONE_ESCAPE = re.compile(r"&#([xX])?([0-9A-Fa-f]+);|\\(?:u\{)?[uUx]?([0-9A-Fa-f]{1,8})\}? ?")
_BASE85_CALL = re.compile(r"\b([ab])85decode\(\s*b?['\"]([!-~]{10,4096}?)['\"]")
_ASCII85 = re.compile(r"<~([!-u \t\r\nz]{10,4096}?)~>")
_HINTS = ("0x", "0X", "=", "%", "85decode", "<~", "[", "{", "(", "&#", "\\", "'", '"', " ", ":")
# RFC 2397: a data: URI's base64 payload (text/plain or any type: what it decodes to decides)
_DATA_URI = re.compile(
    r"\bdata:[a-z]{1,20}/[A-Za-z0-9.+-]{1,60}(?:;[A-Za-z0-9=.-]{1,40}){0,3};base64,([A-Za-z0-9+/]{8,}={0,2})"
)


# the start of any run of this module: where one may be (secret_bytes' patterns then read it)
_ANY_RUN = (
    r"0[xX][0-9A-Fa-f]{1,2}[ \t]*,[ \t\r\n]*0[xX]|[\[{(][ \t\r\n]*[0-9]{1,3}[ \t]*,[ \t\r\n]*[0-9]{1,3}[ \t]*,"
    r"|(?:=[0-9A-F]{2}){4}|(?:%[0-9A-Fa-f]{2}){4}|85decode\(|<~"
    r"|(?:&#[xX]?[0-9A-Fa-f]{1,7};){4}|(?:\\[uUx]?\{?[0-9A-Fa-f]{1,8}\}? ?){4}"
    r"|['\"][^'\"\n]['\"][ \t]*,[ \t\r\n]*['\"][^'\"\n]['\"][ \t]*,"
    r"|(?i:chr|char)\([ \t]*[0-9]{1,3}[ \t]*\)[ \t]*(?:\|\||[+,&.])"
    r"|[0-9A-Fa-f]{2}(?: [0-9A-Fa-f]{2}){3}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){3}"
)


@cache
def _any_run() -> Any:
    return cast(Any, re2).compile(_ANY_RUN)


def _numbers(run: str) -> bytes | None:
    values = [int(part.strip(), 0) if part.strip()[:2] in ("0x", "0X") else int(part) for part in run.split(",")]
    return bytes(values) if all(0 <= v <= 255 for v in values) else None


def _hex_pairs(run: str, sign: str) -> bytes:
    return bytes.fromhex(run.replace(sign, ""))


def _escaped(run: str) -> bytes | None:
    """The characters a run of escapes spells, as UTF-8 (None when one is no character)."""
    chars: list[str] = []
    for m in _ONE_ESCAPE.finditer(run):
        if m.group(2) is not None:
            code = int(m.group(2), 16 if m.group(1) else 10) if m.group(1) or m.group(2).isdigit() else -1
        else:
            code = int(m.group(3), 16)
        if not 0 < code <= 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            return None
        chars.append(chr(code))
    return "".join(chars).encode("utf-8")


def _quoted_chars(run: str) -> bytes:
    """The characters a list of quoted single characters spells (``'\\''`` is a quote), as UTF-8."""
    return "".join(m.group()[1:-1][-1] for m in re.finditer(_QUOTED_CHAR, run)).encode("utf-8")


def char_calls(run: str) -> str | None:
    """The text a :data:`CHAR_CALLS` chain spells, or None when it is not printable text. Codes of 1-255 that form
    UTF-8 are read as its bytes (MySQL's ``CHAR()`` of a UTF-8 string's bytes); otherwise each code is a code
    point (Python's and PHP's ``chr``), 9 to U+10FFFF and no surrogate."""
    codes = [int(v, 16) if v[:2] in ("0x", "0X") else int(v) for v in re.findall(rf"\(\s*({CHAR_CODE})\s*\)", run)]
    if all(0 < c <= 255 for c in codes):
        try:
            text = bytes(codes).decode("utf-8")
            return text if text.isprintable() else None
        except UnicodeDecodeError:
            pass
    if not all(9 <= c <= 0x10FFFF and not 0xD800 <= c < 0xE000 for c in codes):
        return None
    text = "".join(map(chr, codes))
    return text if text.isprintable() else None


def _base85(kind: str, body: str) -> bytes | None:
    try:
        return base64.b85decode(body) if kind == "b" else base64.a85decode(body)
    except (binascii.Error, ValueError):
        return None


def byte_runs(text: str, as_text: Callable[[bytes], str | None]) -> list[tuple[int, int, str]]:
    """(start, end, decoded) of every run of ``text`` in one of the module's encodings that ``as_text`` reads as
    text (character offsets of the run as written)."""
    if not any(hint in text for hint in _HINTS):
        return []
    try:
        if _any_run().search(text) is None:  # one RE2 pass decides for ordinary prose (a few ms on 2 MiB)
            return []
    except UnicodeEncodeError:  # a lone surrogate RE2 cannot take: read with the patterns below
        pass
    out: list[tuple[int, int, str]] = []

    def add(start: int, end: int, raw: bytes | None) -> None:
        if raw is not None and (decoded := as_text(raw)) is not None:
            out.append((start, end, decoded))

    if "0x" in text or "0X" in text:
        for m in _HEX_LIST.finditer(text):
            add(m.start(), m.end(), _numbers(m.group()))
    for m in _DECIMAL_LIST.finditer(text):
        add(m.start(1), m.end(1), _numbers(m.group(1)))
    if "=" in text:
        for m in _QUOTED_PRINTABLE.finditer(text):
            add(m.start(), m.end(), _hex_pairs(m.group(), "="))
    if "%" in text:
        for m in _PERCENT.finditer(text):
            add(m.start(), m.end(), _hex_pairs(m.group(), "%"))
    if "&#" in text or "\\" in text:
        for m in _CHAR_ESCAPES.finditer(text):
            add(m.start(), m.end(), _escaped(m.group()))
    for m in _CHAR_LIST.finditer(text):
        add(m.start(), m.end(), _quoted_chars(m.group()))
    for m in CHAR_CALLS.finditer(text):
        if (spelled := char_calls(m.group())) is not None:
            out.append((m.start(), m.end(), spelled))
    for m in _SPACED_HEX.finditer(text):
        add(m.start(), m.end(), bytes.fromhex(m.group().replace(":", " ")))
    if "85decode" in text:
        for m in _BASE85_CALL.finditer(text):
            add(m.start(2), m.end(2), _base85(m.group(1), m.group(2)))
    if "<~" in text:
        for m in _ASCII85.finditer(text):
            add(m.start(1), m.end(1), _base85("a", m.group(1)))
    return out


def explicit_runs(text: str, as_text: Callable[[bytes], str | None]) -> list[tuple[int, int, str]]:
    """:func:`byte_runs` and the base64 payload of each ``data:`` URI: runs written in an encoding on purpose (a
    byte list, quoted-printable, percent runs, base85, a data URI), so a value they hold is hidden whatever its
    shape of characters (secret_scan reads them on the text as written, before normalisation reshapes them)."""
    out = byte_runs(text, as_text)
    if "base64," in text:
        for m in _DATA_URI.finditer(text):
            try:
                raw = base64.b64decode(m.group(1) + "=" * (-len(m.group(1)) % 4))
            except (binascii.Error, ValueError):
                continue
            if (decoded := as_text(raw)) is not None:
                out.append((m.start(1), m.end(1), decoded))
    return out
