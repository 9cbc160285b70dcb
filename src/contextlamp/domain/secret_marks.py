"""Hiding marks the normaliser undoes beyond NFKC and invisible characters (stop 42, #28 item 2).

Each is a way to write an ASCII value so that a reader still reads it and a pattern does not, and each is undone
where it is written in a value's characters (secret_normal.normalise_for_scan calls these), with its position kept
as a hiding mark so a credential-shaped token it hid is refused whatever its label (secret_unwrap.hidden_secret):

- Unicode tag characters (U+E0020-E007E, the "ASCII smuggling" block: each is an invisible copy of one ASCII
  character, Unicode 15.1 chapter 23.9): read as the ASCII character they copy, not removed;
- combining marks (general category Mn, e.g. U+0301 acute, U+0307 dot above) written directly after an ASCII letter
  or digit: removed. A precomposed letter (``é``) is a letter of its language and stays; a mark glued to ASCII is
  how a value is dressed, or a decomposed (NFD) word, which reads the same without it for the scan;
- full-width letters and digits (in U+FF01-FF5E) next to an ASCII letter or digit: NFKC folds them already; the mix
  of widths in one token is the mark (a word all in full-width is CJK typesetting, no mark; nor is full-width
  punctuation, which CJK text sets next to ASCII words);
- (stop 43) styled forms of letters and digits: a character whose compatibility decomposition (UnicodeData.txt,
  UAX #44 5.7.3) is tagged ``<font>`` (mathematical alphanumerics, letterlike ``ℎ``), ``<super>``, ``<sub>`` or
  ``<circle>`` and folds to one ASCII letter or digit: NFKC folds it, and the style is the mark (a formula's ``x²``
  is too short a token to be refused; the mark only makes a credential-shaped token hidden);
- single characters separated by one punctuation mark, 8 or more (``1.f.9.7.7.a…``, ``a-b-c-d-…``, ``x·y·z…``,
  ``p_a_s_s…``, ``a|b|c…``, stop 46 ``h*u*n*t…``, ``a~b~c…``, ``a+b+c…``; stop 44: the separator itself as a
  character between two, ``Y-Z-6---G-t…``): the separators are removed. The space-separated form is
  secret_normal's ``_spaced``;
- adjacent string literals joined by a concatenation (secret_normal's ``_concatenations``) where a piece is short
  (at most ``SHORT_PIECE`` characters): a value cut into short pieces is hidden, a long string wrapped to a line
  width is not.

Every function is one regular-expression pass or one look at each character: linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any, cast

import re2  # pyright: ignore[reportMissingTypeStubs]

TAGS = range(0xE0020, 0xE007F)  # tag characters that copy printable ASCII (U+E0020 space .. U+E007E tilde)
SHORT_PIECE = 40  # characters: a literal this short before a join is a piece of a value, not a wrapped line
PUNCT_MIN = 8  # single characters in a punctuation-separated run (as for spaced-out runs)
# One separator throughout: single value characters separated by it, 8 or more, not inside a longer word.
# a value's symbols besides letters and digits (base64url, vendor prefixes; stop 43: the symbols chosen passwords
# and base64 hold, "u-+-K-u-o-8", which separate nothing themselves)
_VALUE_CHARS = "_-+!#$%&*?@~="


_STYLES = ("<font>", "<super>", "<sub>", "<circle>")


def styled(char: str, folded: str) -> bool:
    """``char`` is a styled letter or digit (module docstring) that NFKC folded to ``folded``, one ASCII
    alphanumeric."""
    return (
        len(folded) == 1
        and folded.isascii()
        and folded.isalnum()
        and unicodedata.decomposition(char).startswith(_STYLES)
    )


def _punctuated_pattern(sep: str) -> re.Pattern[str]:
    chars = "A-Za-z0-9" + "".join(re.escape(c) for c in _VALUE_CHARS if c != sep)
    value = f"[{chars}]"
    s = re.escape(sep)
    # the separator itself as a value character, written between two separators (``Y-Z-6---G-t``: ``6``, ``-``,
    # ``G``), only where a value character follows, so a rule of dashes or dots is no run
    own = f"{s}(?={s}{value})"
    # not inside a word: no letter, digit or separator before the run, no letter or digit after it (a symbol may
    # glue it to its label: "KEY=u-+-K-…")
    return re.compile(rf"(?<![A-Za-z0-9_{s}]){value}(?:{s}(?:{value}|{own})){{{PUNCT_MIN - 1},}}(?![A-Za-z0-9_])")


# where a run may be: a value character and a separator, 7 or more times, then a value character (on RE2: one
# linear pass, a few ms on 2 MiB, where Python's re took 50 ms)
_CANDIDATE = rf"(?:[A-Za-z0-9_+!#$%&*?@~=-][.\-_·•|/:,*~+]){{{PUNCT_MIN - 1},}}[A-Za-z0-9_+!#$%&*?@~=-]"


@cache
def _candidates() -> Any:
    return cast(Any, re2).compile(_CANDIDATE)


# (stop 46: also the value symbols ``*``, ``~``, ``+`` as fillers, "h*u*n*t*e*r*2*…": a filler between every
# character of a value, 8 or more, is no emphasis or arithmetic of prose)
_PUNCTUATED = tuple(_punctuated_pattern(sep) for sep in (".", "-", "_", "·", "•", "|", "/", ":", ",", "*", "~", "+"))


def tag_ascii(char: str) -> str | None:
    """The ASCII character a tag character copies (``"\\U000E0041"`` -> ``"A"``), or None for any other."""
    code = ord(char)
    return chr(code - 0xE0000) if code in TAGS else None


def mark_over_ascii(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a combining mark (Mn) written right after an ASCII letter or digit (or after another
    such mark): a mark to remove for the scan."""
    if unicodedata.category(text[i]) != "Mn":
        return False
    j = i - 1
    while j >= 0 and unicodedata.category(text[j]) == "Mn":
        j -= 1
    return j >= 0 and text[j].isascii() and text[j].isalnum()


def mixed_width(text: str, i: int) -> bool:
    """Whether the full-width letter or digit ``text[i]`` (in U+FF01-FF5E) stands next to an ASCII letter or digit.
    Full-width punctuation (``：``, ``，``, ``（``) before or after ASCII is how Chinese, Japanese and Korean are
    typeset ("品番：WH-1000XM5"), never a mark."""
    if not 0xFF01 <= ord(text[i]) <= 0xFF5E or not text[i].isalnum():
        return False
    return any(0 <= j < len(text) and text[j].isascii() and text[j].isalnum() for j in (i - 1, i + 1))


def punctuated(text: str) -> list[tuple[int, int]]:
    """Spans to delete: the separators of each run of ``PUNCT_MIN``+ single characters separated by one
    punctuation mark (module docstring). Digits alone (``1.2.3.4.5.6.7.8``) are removed too; whether the joined
    token is a secret is the scanner's question."""
    spans: list[tuple[int, int]] = []
    if len(text) < 2 * PUNCT_MIN - 1:
        return spans
    try:
        found = list(_candidates().finditer(text))
    except UnicodeEncodeError:  # a lone surrogate RE2 cannot take (it encodes to UTF-8)
        found = list(re.finditer(_CANDIDATE, text))
    for candidate in found:  # one pass over the text; each separator's pattern only here
        low, high = candidate.start(), min(len(text), candidate.end() + 2)
        for pattern in _PUNCTUATED:
            for match in pattern.finditer(text, low, high):
                spans.extend((i, i + 1) for i in range(match.start() + 1, match.end(), 2))
    return spans


def short_joins(text: str, joins: list[tuple[int, int]]) -> list[int]:
    """The start of each concatenation join (a span ``_concatenations`` deletes, from a closing quote) whose
    literal before it is at most ``SHORT_PIECE`` characters long: hiding marks."""
    marks: list[int] = []
    for start, _ in joins:
        quote = text[start]
        opening = text.rfind(quote, max(0, start - SHORT_PIECE - 1), start)
        if opening >= 0 and "\n" not in text[opening:start]:
            marks.append(start)
    return marks
