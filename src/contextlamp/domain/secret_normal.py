"""Normalise a text before the secret scan, so that an evasion of a known format is the known format.

What :func:`normalise_for_scan` undoes, in order (each a pass linear in the text):

1. compatibility forms (Unicode NFKC, UAX #15): full-width ``ＡＫＩＡ`` and ``ｇｈｐ＿`` are ``AKIA`` and ``ghp_``,
   ligatures and super/subscript digits are letters and digits; a decimal digit of any script (Arabic-Indic,
   Persian, Devanagari, Bengali, Thai …) is the ASCII digit of its value;
2. invisible characters removed: every Default_Ignorable_Code_Point (zero-width space, non-joiner and joiner,
   word joiner, BOM, soft hyphen, combining grapheme joiner, variation selectors, tag characters, and the
   bidirectional controls LRE…RLO, LRI…PDI, LRM/RLM/ALM of UAX #9) — characters a reader does not see, so a
   secret split by them is still read whole;
3. confusables folded: inside a word that also holds an ASCII letter or digit, letters of any script that look
   like ASCII letters or digits become them (``АКІА`` in ``АКІАIOSFODNN7EXAMPLE``; Unicode TR #39's
   confusables, vendored from a maintained package: secret_confusables.json). A word wholly in another script
   is left alone: "пароль" stays Russian;
4. lines joined inside a code span or quote: a line that ends inside an open backtick or double quote and the
   next line that starts with token characters are one line (a key split over two lines); inside a fenced code
   block (a fence also counts after text on its line), consecutive lines that are each one token are one line;
5. spaced-out letters joined: a run of 8 or more single printable ASCII characters separated by one or two spaces
   (``A K I A I O S F …``, ``h t t p s : / / …``) is one word, with the word it begins or ends inside
   when that word holds a digit or symbol (``0xa b c …``; "Use d a p i …" keeps "Use" apart);
6. a backtick run or double quote glued between two value characters (ASCII letters, digits, ``_``, ``-``)
   removed (``SSWS 00`Zq8…``: a code span opened inside a value to split it over lines);
7. line continuations joined: a backslash that ends a line, with the line break and the next line's indent, is
   removed (POSIX shell 2.2.1, C/C++ and Python backslash-newline, YAML 1.2 escaped line breaks in double-quoted
   scalars 7.3.1): ``glft-3SoLDbK\\`` then ``4Ku1…`` on the next line is one token;
8. adjacent string literals joined: where a literal ends and the next starts with only a concatenation between
   them, the closing quote, the operator and the opening quote are removed, so ``"glft-3So" + "LDbK4Ku1…"`` reads
   as the one literal it builds. The operators are every language's string concatenation: ``+`` (Python, Java,
   JavaScript, C#), ``.`` (PHP, Perl), ``..`` (Lua), ``||`` (SQL), ``&`` (Visual Basic), ``~`` (D), nothing
   (C, C++, Python and Go adjacent literals, also over a line break inside parentheses), and an f-string or
   template literal's ``'}{'`` / ``"}${"`` between two embedded literals. Both sides must be value characters
   (``"Hello, " + name`` and ``"Disk " "usage"`` stay apart); each candidate reads a bounded window, so the pass
   is linear; and the parentheses around a value made of literals only (``password=(\\n "Kestre"\\n "l!Stone"\\n)``,
   not a call such as ``print("…")``) are removed, since the parenthesised literal is the literal.

9. markdown emphasis at a label's colon removed: the asterisks between a word and its colon or between the colon
   and the value (``**Password**: X``, ``**Password:** X``; CommonMark 0.31, 6.2 emphasis), so a bold label is
   read as the label it is.

10. markup that renders as nothing glued inside a value removed (``<!---->``, ``<wbr>``, ``<span></span>``).

11. (stop 42, secret_marks.py) tag characters read as the ASCII they copy, combining marks after ASCII removed,
    punctuation-separated single characters joined; with mixed widths and short concatenated literals, hiding marks.

Tokens that held a hiding mark as written (an invisible character, a soft hyphen included, a look-alike, a styled
letter or digit (mathematical, super/subscript, circled), a hair/thin/ideographic space, empty markup, a value's
lines joined inside a code fence) are :attr:`Normalised.hidden`: the scanner refuses one that is credential-shaped,
whatever its label (secret_unwrap.hidden_secret).

Base64 is not undone here: the scanner decodes base64 runs itself (secret_scan.py) and scans what they hold.

The result keeps, for each character, the index of the character it came from, so the scanner can remove a
secret from the text as it was written (:meth:`Normalised.original_span`).
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

import re2  # pyright: ignore[reportMissingTypeStubs]

from contextlamp.domain.secret_fold import fold_confusables
from contextlamp.domain.secret_marks import mark_over_ascii, mixed_width, punctuated, short_joins, styled, tag_ascii
from contextlamp.domain.secret_splits import container_splits, cut_continuations, spaced_groups

# Characters a reader does not see: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode
# 15.1; UAX #44 5.7.2): soft hyphen, combining grapheme joiner, zero-width characters, the bidi controls (UAX #9),
# word joiner and invisible operators, variation selectors, Hangul fillers, BOM, tag characters; and the reserved
# code points of those blocks, since a future assignment would be ignorable too.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
INVISIBLE = frozenset(chr(c) for low, high in DEFAULT_IGNORABLE for c in range(low, high + 1))
_TOKEN = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/=-.~"
)  # key characters, dots too (ya29.…)
# A run of 8+ single token characters separated by one space, or by a dot or dash (spaced-out keys).
_SPACED_MIN = 8
# Maximal runs of 8+ single characters (a shorter run cannot hold 8 singles; bounds checked in _spaced). Asking
# for 8 in the pattern, not in a loop over every match, skips the run "d n" at each word gap of prose (2 MiB:
# 0.37 s -> see research/notes/scan-speed.md).
_SPACED = re.compile(rf"(?:[!-~] {{1,2}}){{{_SPACED_MIN - 1},}}[!-~]")
_OPTION = re.compile(r"-{1,2}[A-Za-z][A-Za-z-]{0,40}=?|/[A-Za-z][A-Za-z-]{0,40}:?")  # also Windows' /RP, /p:
_NEEDS_WORK = re.compile(r"[^\x00-\x7f]")
_MARKS = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")  # combining blocks
# A decimal digit of another script (Unicode category Nd outside 0-9: Arabic-Indic ٣, Persian ۳, Devanagari ३,
# Bengali ৩, Thai ๓ …): NFKC keeps it, the scanner reads it as the ASCII digit of the same value (unicodedata.decimal),
# so a PIN written in the language's own digits meets the digit checks. Not a hiding mark: it is how the language
# writes numbers.
_SCRIPT_DIGIT = re.compile(r"[^\D0-9]")
_BACKTICKS = re.compile(r"`+")
_FENCE = re.compile(r"`{3,}|~{3,}")
_LABEL_FENCE = re.compile(r"[:=][ \t]*(`{3,}[A-Za-z0-9_+-]{0,16}[ \t]*)$")  # a fence opened right after a label
_GLUED_QUOTE = re.compile(r'`+|"')
_VALUE = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
)  # a code span opens and closes with a run of backticks (CommonMark 6.1)
_INLINE = "(?:span|b|i|em|strong|s|u|small|code)"
_EMPTY_MARKUP = re.compile(rf"<!--[ \t]{{0,8}}-->|<wbr[ \t]{{0,8}}/?>|<{_INLINE}>[ \t]{{0,8}}</{_INLINE}>")
_CONTINUATION = re.compile(r"\\\r?\n[ \t]{0,64}")  # backslash-newline and the next line's indent
# A literal's value characters, a key's alphabet: what may end a literal before a concatenation and start the next.
_LITERAL_VALUE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.~:@%$!#*^&?")
# Between two literals: blanks, one concatenation operator or a template's closing and opening braces, blanks, and
# at most one line break with its indent (adjacent literals inside parentheses), all bounded.
_CONCAT_GAP = re.compile(
    r"[ \t]{0,8}(?:\+|\.{1,2}|\|\||&|~|\}\$?\{)?[ \t]{0,8}(?:\r?\n[ \t]{0,32}(?:(?:\+|\.{1,2}|\|\||&|~)[ \t]{0,8})?)?"
)


_BLANKS = r"[ \t\r\n]{0,64}"
_LITERAL = r"(?:\"[^\"\n]{0,256}\"|'[^'\n]{0,256}')"
# Markdown emphasis (CommonMark 6.2) closing a label: the asterisks between a word and its colon, or after the colon
# before the value ("**Password**: X", "**Password:** X").
_EMPHASIS_AT_COLON = re.compile(r"(?<=\w)\*{1,3}(?=:)|(?<=:)\*{1,3}(?=[ \t])")
_PAREN_LITERALS = re.compile(
    rf"\(({_BLANKS})({_LITERAL}(?:{_BLANKS}(?:(?:\+|\.{{1,2}}|\|\||&|~){_BLANKS})?{_LITERAL}){{0,16}})({_BLANKS})\)"
)


@dataclass(frozen=True, slots=True)
class Normalised:
    """A normalised text and where each of its characters came from.

    Attributes:
        text: the normalised text.
        origin: ``origin[i]`` is the index in the original text of ``text[i]``; one more entry at the end
            (the original's length). None when the text is the original unchanged.
        original_length: the original text's length in characters.
        hidden: spans of ``text`` that are tokens someone hid characters in (invisible characters, look-alikes,
            mathematical letters, spacing, empty markup); their shape alone can make them a secret.
    """

    text: str
    origin: list[int] | None
    original_length: int
    hidden: tuple[tuple[int, int], ...] = ()

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that ``text[start:end]`` came from (characters)."""
        if self.origin is None:
            return start, end
        if end <= start:
            return self.origin[start], self.origin[start]
        return self.origin[start], self.origin[end - 1] + 1


def _char_pass(text: str, marks: list[int]) -> tuple[str, list[int]] | None:
    """NFKC per character and invisible characters removed; None when nothing changes (ASCII text). The index of
    each invisible character removed, of each mathematical letter or digit (U+1D400-1D7FF) and of each space-like
    character NFKC makes a space (hair, thin, ideographic space) is added to ``marks``: hiding marks (``_hidden``)."""
    if not _NEEDS_WORK.search(text):
        return None
    if (
        not INVISIBLE.intersection(text)
        and unicodedata.is_normalized("NFKC", text)
        and not _MARKS.search(text)
        and not _SCRIPT_DIGIT.search(text)
    ):
        return None
    pieces: list[str] = []
    origin: list[int] = []
    last = 0
    for match in _NEEDS_WORK.finditer(text):
        i = match.start()
        if i > last:
            pieces.append(text[last:i])
            origin.extend(range(last, i))
        char = text[i]
        if (tag := tag_ascii(char)) is not None:  # a tag character: the ASCII character it copies (secret_marks)
            pieces.append(tag)
            origin.append(i)
            marks.append(i)
        elif (digit := unicodedata.decimal(char, None)) is not None and unicodedata.is_normalized("NFKC", char):
            # any script's digit (_SCRIPT_DIGIT); full-width and styled digits go through NFKC below (hiding marks)
            pieces.append(str(digit))
            origin.append(i)
        elif char not in INVISIBLE and not mark_over_ascii(text, i):
            folded = unicodedata.normalize("NFKC", char)
            pieces.append(folded)
            origin.extend([i] * len(folded))
            if styled(char, folded) or (folded == " " and char not in "\u00a0\u202f") or mixed_width(text, i):
                marks.append(i)
        else:  # a soft hyphen too (stop 43): one in copied prose sits in a word, which hidden_secret never accepts
            marks.append(i)
        last = i + 1
    pieces.append(text[last:])
    origin.extend(range(last, len(text)))
    return "".join(pieces), origin


def _joins(text: str, marks: list[int] | None = None) -> list[tuple[int, int]]:
    """Spans to delete: a line break (with the next line's indent) inside an open backtick or double quote,
    between token characters; and inside a fenced code block (CommonMark 4.5), a line break between two lines
    that are each one token (a key split over the lines of a block). Lines cut from one value (two or more of one
    length, then a shorter last one, each shorter than a listed id of 32+) are a hiding mark (the index of the last
    join added to ``marks``); ids listed one a line have one length, and lines of code differ ("OP_DUP",
    "OP_HASH160")."""
    if "\n" not in text:
        return []
    spans: list[tuple[int, int]] = []
    line_start = 0
    fenced = False
    piece = 0  # the length of the line before, when it was joined to this one
    while True:
        newline = text.find("\n", line_start)
        if newline < 0:
            return spans
        line = text[line_start:newline]
        if _fences(line) % 2:  # a fence opens or closes the block (also one written after text on its line)
            fenced = not fenced
            label = _LABEL_FENCE.search(line)
            if fenced and label is not None:  # "API_SECRET: ```" then the value's line: the label's value
                next_end = text.find("\n", newline + 1)
                following = text[newline + 1 : next_end if next_end >= 0 else len(text)]
                if _one_token(following):
                    indent = len(following) - len(following.lstrip())
                    spans.append((line_start + label.start(1), newline + 1 + indent))
        elif fenced and _one_token(line):
            next_end = text.find("\n", newline + 1)
            following = text[newline + 1 : next_end if next_end >= 0 else len(text)]
            if _one_token(following) and not _fences(following):
                end = newline + 1 + len(following) - len(following.lstrip())
                spans.append((line_start + len(line.rstrip()), end))
                one, two = len(line.strip()), len(following.strip())
                if marks is not None and piece == one and two < one < _LISTED_ID:
                    marks.append(line_start + len(line.rstrip()))
                piece = one
                line_start = newline + 1
                continue
        piece = 0
        before = newline - 1
        while before >= line_start and text[before] in " \t\r":
            before -= 1
        after = newline + 1
        while after < len(text) and text[after] in " \t":
            after += 1
        open_quote = len(_BACKTICKS.findall(line)) % 2 == 1 or (line.count('"') - line.count('\\"')) % 2 == 1
        if (
            open_quote
            and before >= line_start
            and text[before] in _TOKEN
            and after < len(text)
            and text[after] in _TOKEN
        ):
            spans.append((before + 1, after))
        line_start = newline + 1


_LISTED_ID = 32  # characters of each of two equal fenced lines read as a list of ids (a SHA-1 is 40, a UUID 36)


def _fences(line: str) -> int:
    """How many code fences (a run of 3+ backticks or tildes, CommonMark 4.5) the line holds."""
    return len(_FENCE.findall(line))


def _one_token(line: str) -> bool:
    """A line that is one token of key characters, indented or not."""
    token = line.strip()
    return bool(token) and all(c in _TOKEN for c in token)


def _spaced(text: str) -> list[tuple[int, int]]:
    """Spans to delete: the separators (one or two spaces) inside a spaced-out run. A run that begins or ends
    inside a word joins that word too when the word holds a digit or symbol (``0xa b c …``, ``SSWS 00Z q 8 …``:
    spacing that starts inside a labelled value); a word of letters is a word of the sentence ("Use d a p i …"),
    left apart. Only the run's single characters count towards the minimum."""
    spans: list[tuple[int, int]] = []
    for match in _SPACED.finditer(text):
        start, end = match.start(), match.end()
        if end - start < 2 * _SPACED_MIN - 1:  # too short for the minimum (most matches: "d n" between words)
            continue
        chars = [i for i in range(start, end) if text[i] != " "]  # the run's characters, in order
        if start > 0 and text[start - 1].isalnum() and not _glued_value(text, start, -1):
            chars = chars[1:]  # the run began inside a word of the sentence: its first is not single
        if end < len(text) and text[end].isalnum() and not _glued_value(text, end - 1, 1):
            chars = chars[:-1]  # and ended inside one
        singles = len(chars)
        singles -= bool(chars) and chars[0] > 0 and text[chars[0] - 1].isalnum()
        singles -= bool(chars) and chars[-1] + 1 < len(text) and text[chars[-1] + 1].isalnum()
        if singles < _SPACED_MIN:
            continue
        spans.extend((a + 1, b) for a, b in itertools.pairwise(chars))
    return spans


def _glued_value(text: str, at: int, step: int) -> bool:
    """Whether the word that ``text[at]`` is glued to (before it for ``step`` -1, after it for 1) holds a
    character other than a letter: a value's start (``0x``, ``00``), not a word of the sentence."""
    i = at + step
    seen = 0
    word: list[str] = []
    while 0 <= i < len(text) and not text[i].isspace() and seen < 64:
        word.append(text[i])
        i += step
        seen += 1
    if step < 0:
        word.reverse()
    glued = "".join(word)
    if _OPTION.fullmatch(glued):  # a command's option (--token, --single-transaction=): a word, not a value
        return False
    return any(not c.isalpha() for c in glued)


def _glued_quotes(text: str) -> list[tuple[int, int]]:
    """Spans to delete: a backtick run or double quote between two value characters (ASCII letters, digits,
    ``_``, ``-``: ``SSWS 00`Zq8…``, ``0x`7d1f…``, a code span or quote opened inside a value to split it over
    lines), so the value reads whole."""
    if "`" not in text and '"' not in text:
        return []
    return [
        (m.start(), m.end())
        for m in _GLUED_QUOTE.finditer(text)
        if m.start() > 0 and m.end() < len(text) and text[m.start() - 1] in _VALUE and text[m.end()] in _VALUE
    ]


def _empty_markup(text: str) -> list[tuple[int, int]]:
    """Spans to delete: markup that renders as nothing between two value characters: an empty HTML comment
    (``<!---->``, ``<!-- -->``; HTML Living Standard 13.1.6), ``<wbr>`` (a line-break opportunity, 4.5.29) and an
    empty inline element (``<span></span>``, ``<b></b>``), so ``tvly-2<!---->MH143P…`` reads as the value it shows."""
    if "<" not in text:
        return []
    return [
        (m.start(), m.end())
        for m in _EMPTY_MARKUP.finditer(text)
        if m.start() > 0 and m.end() < len(text) and text[m.start() - 1] in _TOKEN and text[m.end()] in _TOKEN
    ]


def _continuations(text: str) -> list[tuple[int, int]]:
    """Spans to delete: each backslash that ends a line, with the line break and the next line's indent."""
    if "\\\n" not in text and "\\\r\n" not in text:
        return []
    return [(m.start(), m.end()) for m in _CONTINUATION.finditer(text)]


def _concatenations(text: str) -> list[tuple[int, int]]:
    """Spans to delete: from a literal's closing quote to the next literal's opening quote (the same quote
    character) when only a concatenation lies between them and value characters stand on both sides (module
    docstring, step 8). Each quote is looked at once and reads at most ~60 characters on: linear."""
    if '"' not in text and "'" not in text:
        return []
    spans: list[tuple[int, int]] = []
    size = len(text)
    for quote in "\"'":
        pos = text.find(quote)
        while 0 <= pos < size - 1:
            if pos > 0 and text[pos - 1] in _LITERAL_VALUE:
                gap = _CONCAT_GAP.match(text, pos + 1)
                after = gap.end() if gap is not None else pos + 1
                if (
                    after + 1 < size
                    and text[after] == quote
                    and text[after + 1] in _LITERAL_VALUE
                    and (after > pos + 1)  # something between: a bare "" is an empty literal, not a join
                ):
                    spans.append((pos, after + 1))
                    pos = text.find(quote, after + 1)
                    continue
            pos = text.find(quote, pos + 1)
    return spans


def _label_emphasis(text: str) -> list[tuple[int, int]]:
    """Spans to delete: markdown emphasis asterisks that close a label at its colon (``**Password**: X`` and
    ``**Password:** X`` read as ``**Password: X``), so a bold label is a label. One regular-expression pass with
    fixed look-arounds: linear."""
    if "*" not in text or ":" not in text:
        return []
    return [match.span() for match in _EMPHASIS_AT_COLON.finditer(text)]


def _parenthesised(text: str) -> list[tuple[int, int]]:
    """Spans to delete: the parentheses (and the blanks inside them) around a value made of string literals only,
    with concatenations between them (``password=(\\n "Kestre"\\n "l!Stone"\\n)``): in Python, JavaScript, C and
    shell the parenthesised literal is the literal. Not after a name (``print("…")`` is a call). One regular
    expression pass with no ambiguous repetition: linear."""
    if "(" not in text:
        return []
    spans: list[tuple[int, int]] = []
    for match in _PAREN_LITERALS.finditer(text):
        start, end = match.span()
        if start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            continue
        spans.append((start, match.start(2)))
        spans.append((match.start(3), end))
    return spans


def _delete(text: str, origin: list[int], spans: list[tuple[int, int]]) -> tuple[str, list[int]]:
    pieces: list[str] = []
    kept: list[int] = []
    last = 0
    for start, end in spans:
        pieces.append(text[last:start])
        kept.extend(origin[last:start])
        last = end
    pieces.append(text[last:])
    kept.extend(origin[last:])
    return "".join(pieces), kept


def merge_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``(start, end)`` character spans sorted (in place) and overlapping ones merged: two passes may delete
    the same quote, two rules may find the same secret. O(n log n) in the number of spans."""
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


# Digits written as words, 0-9, in English, German, French, Spanish, Italian, Portuguese and Dutch (each language's
# own spelling; "oh" is the English spoken zero). A run of three or more, joined by spaces, hyphens or commas, reads
# as the digits it spells ("four seven one nine" -> 4719), so a PIN stated in words meets the PIN rules.
_DIGIT_SPELLINGS = (
    "zero oh null zéro cero nul",
    "one eins un uno um een",
    "two zwei deux dos due dois twee",
    "three drei trois tres tre três drie",
    "four vier quatre cuatro quattro quatro",
    "five fünf funf cinq cinco cinque vijf",
    "six sechs seis sei zes",
    "seven sieben sept siete sette sete zeven",
    "eight acht huit ocho otto oito",
    "nine neun neuf nueve nove negen",
)
DIGIT_WORDS = {word: str(digit) for digit, words in enumerate(_DIGIT_SPELLINGS) for word in words.split()}
_DIGIT_WORD = "|".join(sorted(DIGIT_WORDS, key=len, reverse=True))
_NUMBER_WORDS = rf"(?i)\b(?:{_DIGIT_WORD})(?:(?:[ \t]*[-,][ \t]*|[ \t]+)(?:{_DIGIT_WORD})){{2,15}}\b"


@cache
def _number_pattern() -> Any:
    """The digit-word run pattern on RE2 (linear; Python's re takes ~0.3 s on 2 MiB of prose, RE2 ~6 ms)."""
    return cast(Any, re2).compile(_NUMBER_WORDS)


@cache
def _number_pattern_python() -> re.Pattern[str]:
    return re.compile(_NUMBER_WORDS)


def _number_runs(text: str) -> list[Any]:
    """The digit-word runs of ``text``; RE2 cannot take a lone surrogate (it encodes to UTF-8), Python's re can."""
    try:
        return list(_number_pattern().finditer(text))
    except UnicodeEncodeError:
        return list(_number_pattern_python().finditer(text))


_ONE_WORD = re.compile(rf"(?i){_DIGIT_WORD}")


def _number_words(text: str, origin: list[int]) -> tuple[str, list[int]] | None:
    """Runs of 3-16 digit words replaced by their digits, each digit mapped to its word's first character and the
    last to the run's last (so a finding's span covers the words); None when there is none. Linear."""
    runs = _number_runs(text)
    if not runs:
        return None
    pieces: list[str] = []
    kept: list[int] = []
    last = 0
    for run in runs:
        pieces.append(text[last : run.start()])
        kept.extend(origin[last : run.start()])
        spelled: str = run.group()
        words = list(_ONE_WORD.finditer(spelled))
        for i, word in enumerate(words):
            pieces.append(DIGIT_WORDS[word.group().lower()])
            at: int = run.start() + (word.end() - 1 if i == len(words) - 1 else word.start())
            kept.append(origin[at])
        last = run.end()
    pieces.append(text[last:])
    kept.extend(origin[last:])
    return "".join(pieces), kept


def normalise_for_scan(text: str) -> Normalised:
    """The text as the scanner reads it (module docstring); linear in its length.

    Returns:
        Normalised: the text and the map back to the original characters.
    """
    marks: list[int] = []
    changed = _char_pass(text, marks)
    normal, origin = changed if changed is not None else (text, None)
    folded_marks: list[int] = []
    folded = fold_confusables(normal, folded_marks)
    marks.extend(origin[i] if origin is not None else i for i in folded_marks)
    fenced: list[int] = []
    spans = _joins(folded, fenced)
    marks.extend((origin[a] if origin is not None else a) for a in fenced)
    spans.extend(_spaced(folded))  # ASCII spacing is also emphasis in prose ("a b c d …"): no hiding mark
    markup = _empty_markup(folded)
    marks.extend((origin[a] if origin is not None else a) for a, _ in markup)
    spans.extend(markup)
    spans.extend(_glued_quotes(folded))
    spans.extend(_continuations(folded))
    cut: list[int] = cut_continuations(folded)  # values cut by layout (secret_splits)
    spans.extend([*container_splits(folded, cut), *spaced_groups(folded, text, origin, cut)])
    marks.extend((origin[a] if origin is not None else a) for a in cut)
    joins = _concatenations(folded)
    spans.extend(joins)
    punct = punctuated(folded)
    spans.extend(punct)
    marks.extend(
        (origin[a] if origin is not None else a) for a in [*short_joins(folded, joins), *(a for a, _ in punct)]
    )
    spans.extend(_parenthesised(folded))
    spans.extend(_label_emphasis(folded))
    spelled = not spans and bool(_number_runs(folded))  # the one pass that rewrites, not deletes
    if not spans and not spelled:
        if origin is None and folded == text:
            return Normalised(text, None, len(text))
        base = origin if origin is not None else list(range(len(text)))
        return Normalised(folded, [*base, len(text)], len(text), _hidden(folded, base, marks))
    base = origin if origin is not None else list(range(len(text)))
    result, kept = _delete(folded, base, merge_spans(spans)) if spans else (folded, base)
    words = _number_words(result, kept)
    if words is not None:
        result, kept = words
    return Normalised(result, [*kept, len(text)], len(text), _hidden(result, kept, marks))


_HIDDEN_TOKEN = re.compile(r"[A-Za-z0-9+/=_.:@%!#*^~$&?-]{8,}")


def _hidden(text: str, origin: list[int], marks: list[int]) -> tuple[tuple[int, int], ...]:
    """Spans of ``text`` (normalised) that are tokens of 8+ value characters holding a hiding mark: an invisible
    character, a look-alike, a mathematical letter, a hair, thin or ideographic space (spacing of ASCII spaces is
    emphasis in prose too, and no mark), or empty markup, inside the token as written. Sorting the marks and one
    bisection a token: O(n log n)."""
    if not marks:
        return ()
    marks.sort()
    out: list[tuple[int, int]] = []
    for match in _HIDDEN_TOKEN.finditer(text):
        low, high = origin[match.start()], origin[match.end() - 1]
        k = bisect.bisect_left(marks, low)
        if k < len(marks) and marks[k] <= high:
            out.append(match.span())
    return tuple(out)
