"""Values hidden behind a reversible transformation a reader undoes with one command, undone in place.

secret_decode.py reads encodings (base64, hex, escapes, decoding calls on a literal). This module reads the
transformations people wrap a value in so a scanner or a chat bot does not see it, and which a shell or an
interpreter undoes in one step:

- a shell pipeline from ``echo``/``printf`` (or a here-string ``<<<``) through filters: ``rev`` (util-linux),
  ROT13 with ``tr`` (``tr 'A-Za-z' 'N-ZA-Mn-za-m'`` and its case variants), ``xxd -r -p`` (hex, white space
  ignored as xxd ignores it), ``base64 -d`` / ``base32 -d`` (GNU coreutils), chained in any order;
- a reversed literal: Python's ``'…'[::-1]``, ``''.join(reversed('…'))``, JavaScript's
  ``'…'.split('').reverse().join('')``; ROT13 through Python's ``codecs.decode('…', 'rot13')``;
- character codes: a list of 6+ integers (decimal or ``0x`` hex) read by ``String.fromCharCode``, ``chr``
  (``''.join(map(chr, […]))``, a comprehension, ``chr(72).chr(101)…`` in PHP, ``chr(72)+chr(101)…`` in Python),
  ``bytes([…])``/``bytearray``, PowerShell's ``[char[]]`` or Perl's ``pack('C*', …)``;
- a list of one-character literals joined (``''.join(['s','k','-',…])``, ``[…].join('')``);
- octal escapes: a run of 4+ ``\\NNN`` (C, Python, POSIX ``printf``, bash's ANSI-C ``$'…'`` quoting), read as UTF-8;
- a value cut into 2-4 code spans with only a short connective between them ("`fc-2e26` and then `f282…`");
- a value split into variables and joined at its use (``A='Kv8'; B='Lm9'; mysql -p"$A$B"``: secret_joined.py).

:func:`unwrapped` returns the text with each such expression replaced by the value it yields, the source span of
each character, and the spans of the replaced values, in the shape of secret_decode's decoders, so the scanner reads
the value where it stood (its label still applies). A value someone hid this way is itself the signal: when what
it yields is one token shaped like a credential, :func:`hidden_secret` says so whatever its label.

Every pattern is bounded and scanned once, so the whole is linear in the text.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re

from contextlamp.domain.secret_bytes import CHAR_CALLS, CHAR_CODE, char_calls
from contextlamp.domain.secret_joined import joined_variables, may_join
from contextlamp.domain.secret_shape import accept_keyed_value, accept_random, accept_stated_password

MIN_VALUE = 8  # characters a hidden value must have to be read (shorter ones hold no credential a rule names)

_Q = r"(?:'[^'\n]{4,4096}'|\"[^\"\n]{4,4096}\")"  # a quoted literal
_BARE = r"[A-Za-z0-9+/=_.:@%!#*^~-]{8,4096}"
_TR_ROT13 = (
    r"tr[ \t]+['\"]?(?:A-Za-z|a-zA-Z|a-z|A-Z)['\"]?[ \t]+['\"]?(?:N-ZA-Mn-za-m|n-za-mN-ZA-M|n-za-m|N-ZA-M)['\"]?"
)
_FILTER = (
    rf"(?:rev|{_TR_ROT13}|xxd[ \t]+-r[ \t]+-ps?|xxd[ \t]+-ps?[ \t]+-r|xxd[ \t]+-r[ \t]+-plain|"
    r"base64[ \t]+(?:-d|--decode|-D)|base32[ \t]+(?:-d|--decode)|openssl[ \t]+(?:enc[ \t]+-)?base64[ \t]+-d)"
)
_PIPE = rf"(?:[ \t]*\|[ \t]*{_FILTER}){{1,4}}"
# A command substitution ($(…) or backticks, POSIX 2.6.3) is replaced by the pipeline's output
_SHELL = re.compile(
    rf"(?P<open>\$\([ \t]*|`)?(?:(?:echo|printf)(?:[ \t]+-[neE]{{1,3}})?(?:[ \t]+['\"]%s['\"])?[ \t]+"
    rf"(?P<lit>{_Q}|{_BARE})(?P<pipe>{_PIPE})|(?P<pipe2>{_FILTER})[ \t]*<<<[ \t]*(?P<lit2>{_Q}|{_BARE}))"
    r"(?(open)[ \t]*[)`])"
)
_REVERSED = re.compile(
    rf"(?P<a>{_Q})[ \t]*\[[ \t]*::[ \t]*-1[ \t]*\]"
    rf"|(?:''|\"\")\.join\([ \t]*reversed\([ \t]*(?P<b>{_Q})[ \t]*\)[ \t]*\)"
    rf"|(?P<c>{_Q})\.split\((?:''|\"\")\)\.reverse\(\)\.join\((?:''|\"\")\)"
)
_ROT13_CALL = re.compile(rf"codecs\.(?:de|en)code\([ \t]*(?P<lit>{_Q})[ \t]*,[ \t]*['\"]rot[_-]?13['\"][ \t]*\)")
_NUM = CHAR_CODE  # a character code (secret_bytes)
_NUMS = re.compile(rf"[\[(@][ \t]*(?P<nums>{_NUM}(?:[ \t]*,[ \t]*{_NUM}){{5,4095}})[ \t]*,?[ \t]*[\])]")
# What reads a list of numbers as characters, just before it (fromCharCode, chr, bytes, [char[]], pack 'C*')
_CODES_CUE = re.compile(
    r"(?:(?:''|\"\")\.join\([ \t]*(?:\[[ \t]*)?|-join[ \t]*)?(?:map\([ \t]*)?"
    r"(?:String\.fromCharCode\(|fromCharCode\(|chr\b[^\n]{0,24}|bytes\(|bytearray\(|\[char\[\]\][ \t]*\(?|"
    r"pack\([ \t]*['\"][Cc]\*['\"][ \t]*,[ \t]*|new String\([ \t]*)[ \t\[(@]*$"
)
_CODES_WORD = re.compile(r"fromCharCode|chr|bytes|bytearray|char\[\]|pack\(")
_CODES_TAIL = re.compile(r"(?:[ \t]*[\])])*(?:\.decode\([^()\n]{0,24}\))?(?:[ \t]*-join[ \t]*(?:''|\"\"))?")
_CHAR = r"(?:'(?:[^'\\\n]|\\.)'|\"(?:[^\"\\\n]|\\.)\")"
_CHAR_LIST = re.compile(
    rf"(?:''|\"\")\.join\([ \t]*\[[ \t]*(?P<a>{_CHAR}(?:[ \t]*,[ \t]*{_CHAR}){{5,4095}})[ \t]*\][ \t]*\)"
    rf"|\[[ \t]*(?P<b>{_CHAR}(?:[ \t]*,[ \t]*{_CHAR}){{5,4095}})[ \t]*\]\.join\([ \t]*(?:''|\"\")[ \t]*\)"
)
# A value cut into 2-4 code spans (or quoted pieces) with only a short connective between them: "`fc-2e26d4` and
# then `f2821…`", "`abc` + `def`", "'abc' 'def'". Each piece one token of value characters.
_PIECE = r"(?:`[A-Za-z0-9+/=_.:@%!#*^~$&?-]{4,256}`)"
_CONNECTIVE = r"[ \t]{0,3}(?:and then|and|then|plus|\+|,|&)?[ \t]{0,3}"
_PIECES = re.compile(rf"{_PIECE}(?:{_CONNECTIVE}{_PIECE}){{1,3}}")
_OCTAL = re.compile(r"\$'(?P<a>(?:\\[0-3][0-7]{2}){4,4096})'|(?P<b>(?:\\[0-3][0-7]{2}){4,4096})")
_HINT = re.compile(r"\||<<<|\[|\(|\\[0-3]|`")
_BLANKS = re.compile(r"\s+")
_HEXCHARS = frozenset("0123456789abcdefABCDEF")


def _literal(raw: str) -> str:
    return raw[1:-1] if raw[:1] in "'\"" and raw[-1:] == raw[:1] else raw


def _text(raw: bytes) -> str | None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if text.isprintable() else None


def _filtered(value: str, name: str) -> str | None:
    """``value`` through one shell filter, or None when the filter would not yield printable text."""
    if name == "rev":
        return value[::-1]
    if name.startswith("tr"):
        return codecs.encode(value, "rot13")
    if name.startswith("xxd"):
        digits = _BLANKS.sub("", value)
        if len(digits) % 2 or not _HEXCHARS.issuperset(digits):
            return None
        return _text(bytes.fromhex(digits))
    try:
        if "32" in name:
            body = _BLANKS.sub("", value).upper()
            return _text(base64.b32decode(body + "=" * (-len(body) % 8)))
        body = _BLANKS.sub("", value)
        return _text(binascii.a2b_base64(body + "=" * (-len(body) % 4)))
    except (binascii.Error, ValueError):
        return None


def _pipeline(match: re.Match[str]) -> str | None:
    literal = _literal(match.group("lit") or match.group("lit2"))
    pipe = match.group("pipe") or match.group("pipe2")
    value: str | None = literal
    for name in re.findall(_FILTER, pipe):
        if value is None:
            return None
        value = _filtered(value, name.strip())
    return value


def _codes(nums: str) -> str | None:
    out: list[str] = []
    for part in nums.split(","):
        part = part.strip()
        code = int(part, 16) if part[:2] in ("0x", "0X") else int(part)
        if not 9 <= code <= 0x10FFFF or 0xD800 <= code < 0xE000:
            return None
        out.append(chr(code))
    text = "".join(out)
    return text if text.isprintable() else None


def _chars(listed: str) -> str | None:
    out: list[str] = []
    for item in re.findall(_CHAR, listed):
        body = item[1:-1]
        out.append(codecs.decode(body, "unicode_escape") if body.startswith("\\") else body)
    return "".join(out)


def _octal(run: str) -> str | None:
    return _text(bytes(int(run[k + 1 : k + 4], 8) for k in range(0, len(run), 4)))


def _replacements(text: str) -> list[tuple[int, int, str, bool]]:
    """(start, end, value, hidden) of every hiding expression in ``text`` whose value is printable text, not
    overlapping; ``hidden`` is False for pieces joined (code spans), which hide nothing by themselves."""
    found: list[tuple[int, int, str]] = []
    joined: list[tuple[int, int, str]] = []
    if "<<<" in text or ("|" in text and ("echo" in text or "printf" in text)):
        found += [(m.start(), m.end(), v) for m in _SHELL.finditer(text) if (v := _pipeline(m)) is not None]
    if "::-1" in text or "reverse" in text:
        for m in _REVERSED.finditer(text):
            found.append((m.start(), m.end(), _literal(m.group("a") or m.group("b") or m.group("c"))[::-1]))
    if "codecs." in text:
        for m in _ROT13_CALL.finditer(text):
            found.append((m.start(), m.end(), codecs.encode(_literal(m.group("lit")), "rot13")))
    if _CODES_WORD.search(text):
        for m in _NUMS.finditer(text):
            cue = _CODES_CUE.search(text[max(0, m.start() - 48) : m.start() + 1])
            if cue is None or (value := _codes(m.group("nums"))) is None:
                continue
            start = max(0, m.start() - 48) + cue.start()
            tail = _CODES_TAIL.match(text, m.end())
            found.append((start, tail.end() if tail else m.end(), value))
    if "chr(" in text or "char(" in text or "CHAR(" in text:
        for m in CHAR_CALLS.finditer(text):  # one chain reader with secret_bytes
            if (value := char_calls(m.group())) is not None:
                found.append((m.start(), m.end(), value))
    if ".join(" in text:
        for m in _CHAR_LIST.finditer(text):
            if (value := _chars(m.group("a") or m.group("b"))) is not None:
                found.append((m.start(), m.end(), value))
    if "`" in text:
        for m in _PIECES.finditer(text):
            joined.append((m.start(), m.end(), "".join(re.findall(r"`([^`]+)`", m.group()))))
    found += joined_variables(text)  # a value split into variables (secret_joined.py)
    if "\\" in text:
        for m in _OCTAL.finditer(text):
            if (value := _octal(m.group("a") or m.group("b"))) is not None:
                found.append((m.start(), m.end(), value))
    every = [(s, e, v, True) for s, e, v in found if len(v) >= MIN_VALUE]
    every += [(s, e, v, False) for s, e, v in joined if len(v) >= MIN_VALUE]
    every.sort()
    kept: list[tuple[int, int, str, bool]] = []
    for item in every:
        if not kept or item[0] >= kept[-1][1]:
            kept.append(item)
    return kept


def hiding_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` that :func:`unwrapped` replaces (for the windows a view reads)."""
    if not (_HINT.search(text) or may_join(text)):
        return []
    return [(s, e) for s, e, _, _ in _replacements(text)]


def unwrapped(
    text: str,
) -> tuple[str, list[int], list[int], list[tuple[int, int]], list[tuple[int, int]]] | None:
    """``text`` with every hiding expression replaced by its value: (text, start and end of each character's source
    in ``text``, the spans of the new text that are hidden values, the spans of pieces joined, which hide nothing by
    themselves); None when there is none. Linear."""
    if not (_HINT.search(text) or may_join(text)):
        return None
    found = _replacements(text)
    if not found:
        return None
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    changed: list[tuple[int, int]] = []
    plain: list[tuple[int, int]] = []
    last = size = 0
    for start, end, value, hidden in found:
        pieces.append(text[last:start])
        starts.extend(range(last, start))
        ends.extend(range(last + 1, start + 1))
        size += start - last
        pieces.append(value)
        starts.extend([start] * len(value))
        ends.extend([end] * len(value))
        (changed if hidden else plain).append((size, size + len(value)))
        size += len(value)
        last = end
    pieces.append(text[last:])
    starts.extend(range(last, len(text)))
    ends.extend(range(last + 1, len(text) + 1))
    return "".join(pieces), starts, ends, changed, plain


def hidden_secret(value: str, mixed: bool = False) -> bool:
    """A hidden value that is a secret by its shape alone: one token of ``MIN_VALUE``+ characters shaped like a
    credential (``accept_stated_password``, ``accept_random``) or a machine-made key (32+ hex digits, a UUID:
    ``accept_keyed_value``). Nobody reverses, ROT13s or char-codes an ordinary word; "Hello World" (a space) and
    "hello" (a word) stay storable. ``mixed`` (for characters hidden inside a token as written: invisible
    characters, look-alikes, spacing) also asks for an ASCII letter and a digit, since a word written in
    mathematical letters or spaced out for emphasis is no value."""
    v = value.strip()
    if len(v) < MIN_VALUE or any(c.isspace() for c in v):
        return False
    if mixed and not (any(c.isdigit() for c in v) and any(c.isascii() and c.isalpha() for c in v)):
        return False
    return accept_stated_password(v) or accept_random(v) or accept_keyed_value(v)
