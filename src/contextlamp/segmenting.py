"""Text segmentation for full-text search, the same on the index side (the stores) and the query side
(retrieval): runs of scripts written without spaces become character bigrams.

Chinese, Japanese, Korean, Thai, Lao, Khmer and Myanmar text has no spaces between words (Korean has them
between phrases, with particles glued on), so neither FTS5 ``unicode61`` nor PostgreSQL's parser can find a
word in it: a whole clause becomes one token. Runs of those scripts are indexed and queried as overlapping
character bigrams instead, the standard segmentation-free method for CJK retrieval (Lucene
``CJKBigramFilter``; Elasticsearch ``cjk_bigram``; Kwok, "Comparing representations in Chinese information
retrieval", SIGIR 1997): ``数据库`` is indexed as ``数据 据库 库`` and a query names it by ``数据 据库``. Text
without such a run is indexed and queried exactly as before, so English ranking does not change. Pure text
functions: a base module both storage and retrieval use.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache

# Blocks of the scripts written without word spaces (Unicode 15.1 Blocks.txt), and a class each: a run never
# pairs characters of two classes (Han with kana is one class: Japanese mixes them inside words). Only their
# letters and digits form runs; their punctuation (``・``, ``ฯ`` is a letter) separates like any other.
_SCRIPT_BLOCKS: tuple[tuple[int, int, str], ...] = (
    (0x0E00, 0x0E7F, "thai"),
    (0x0E80, 0x0EFF, "lao"),
    (0x1000, 0x109F, "myanmar"),
    (0x1100, 0x11FF, "hangul"),  # Hangul Jamo
    (0x1780, 0x17FF, "khmer"),
    (0x19E0, 0x19FF, "khmer"),  # Khmer Symbols
    (0x3005, 0x3007, "cjk"),  # 々 〆 〇
    (0x3021, 0x3029, "cjk"),  # Hangzhou numerals
    (0x3031, 0x3035, "cjk"),  # kana repeat marks
    (0x303B, 0x303C, "cjk"),  # 〻 〼
    (0x3040, 0x30FF, "cjk"),  # Hiragana, Katakana
    (0x3100, 0x312F, "cjk"),  # Bopomofo
    (0x3130, 0x318F, "hangul"),  # Hangul Compatibility Jamo
    (0x31A0, 0x31BF, "cjk"),  # Bopomofo Extended
    (0x31F0, 0x31FF, "cjk"),  # Katakana Phonetic Extensions
    (0x3400, 0x4DBF, "cjk"),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF, "cjk"),  # CJK Unified Ideographs
    (0xA960, 0xA97F, "hangul"),  # Hangul Jamo Extended-A
    (0xA9E0, 0xA9FF, "myanmar"),  # Myanmar Extended-B
    (0xAA60, 0xAA7F, "myanmar"),  # Myanmar Extended-A
    (0xAC00, 0xD7AF, "hangul"),  # Hangul Syllables
    (0xD7B0, 0xD7FF, "hangul"),  # Hangul Jamo Extended-B
    (0xF900, 0xFAFF, "cjk"),  # CJK Compatibility Ideographs
    (0xFF66, 0xFF9F, "cjk"),  # halfwidth Katakana (NFKC makes them fullwidth)
    (0xFFA0, 0xFFDC, "hangul"),  # halfwidth Hangul
    (0x1AFF0, 0x1B16F, "cjk"),  # Kana Extended-B, Kana Supplement, Kana Extended-A, Small Kana Extension
    (0x20000, 0x323AF, "cjk"),  # CJK Unified Ideographs Extensions B to H, Compatibility Supplement
)
_BLOCK_STARTS = [start for start, _, _ in _SCRIPT_BLOCKS]
# combining marks that may follow a letter of those scripts (variation selectors after ideographs, stray
# diacritics): dropped inside a run, as unicode61 would split there
_MARK_BLOCKS = (
    (0x0300, 0x036F),  # Combining Diacritical Marks
    (0x1AB0, 0x1AFF),  # Combining Diacritical Marks Extended
    (0x1DC0, 0x1DFF),  # Combining Diacritical Marks Supplement
    (0x20D0, 0x20FF),  # Combining Diacritical Marks for Symbols
    (0xFE00, 0xFE0F),  # Variation Selectors
    (0xFE20, 0xFE2F),  # Combining Half Marks
    (0xE0100, 0xE01EF),  # Variation Selectors Supplement (ideographic variation sequences)
)


def _char_class(blocks: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in blocks)


_SCRIPT_CLASS = _char_class(tuple((a, b) for a, b, _ in _SCRIPT_BLOCKS))
# the same set as a bracket expression PostgreSQL's regular expressions read (its bounds are plain letters)
SCRIPT_BRACKET = "[" + "".join(f"{chr(a)}-{chr(b)}" for a, b, _ in _SCRIPT_BLOCKS) + "]"


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Any character of those scripts (``needs_segmenting``), and a span of them with their marks (``pieces``;
    linear: one class, no nesting). Compiled on first use: the classes are large (~15 ms to compile), and a
    command that reads no text (``contextlamp list``) never needs them."""
    has_script = re.compile(f"[{_SCRIPT_CLASS}]")
    span = re.compile(f"[{_SCRIPT_CLASS}][{_SCRIPT_CLASS}{_char_class(_MARK_BLOCKS)}]*")
    return has_script, span


def _script(char: str) -> str | None:
    """The class of a script written without spaces that ``char`` belongs to, else None."""
    code = ord(char)
    at = bisect_right(_BLOCK_STARTS, code) - 1
    if at >= 0 and code <= _SCRIPT_BLOCKS[at][1]:
        return _SCRIPT_BLOCKS[at][2]
    return None


@lru_cache(maxsize=1 << 16)
def _role(char: str) -> str:
    """What ``char`` is inside a span of ``pieces``: its script's class (a letter or digit, part of a run),
    ``"M"`` (a combining mark, dropped inside a run) or ``""`` (punctuation or a symbol: a separator).
    Cached: CJK text repeats its few thousand characters."""
    category = unicodedata.category(char)[0]
    if category == "M":
        return "M"
    script = _script(char)
    return script if script is not None and category in "LN" else ""


def pieces(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` in order as ``(is_run, piece)``: runs of letters and digits of one spaceless script (combining
    marks inside them dropped), and everything else as it is. Linear in ``len(text)``."""
    done = 0
    for span in _patterns()[1].finditer(text):
        if span.start() > done:
            yield False, text[done : span.start()]
        run: list[str] = []
        kind = ""
        for char in span.group():
            role = _role(char)
            if role == kind and role:  # most characters: the run goes on
                run.append(char)
            elif role == "M" and run:
                continue
            elif role and role != "M":  # a run of another script starts
                if run:
                    yield True, "".join(run)
                run, kind = [char], role
            else:  # the script's punctuation or symbols (or a mark outside a run): a separator, kept as it is
                if run:
                    yield True, "".join(run)
                    run, kind = [], ""
                yield False, char
        if run:
            yield True, "".join(run)
        done = span.end()
    if done < len(text):
        yield False, text[done:]


def bigrams(run: str) -> list[str]:
    """The overlapping character pairs of ``run`` (none for one character)."""
    return [run[i : i + 2] for i in range(len(run) - 1)]


def index_text(text: str) -> str:
    """The text a store indexes for one field: ``text`` itself unless it holds a run of a spaceless script;
    then its NFKC form with each such run written as its character bigrams and its last character, spaced
    (``"用PostgreSQL数据库"`` -> ``" 用 PostgreSQL 数据 据库 库 "``), so that every bigram is one token for
    FTS5 ``unicode61`` and PostgreSQL's parser alike. The last character lets a one-character query find a
    run's end (``is_prefix_term``). Deterministic: contentless FTS5 deletes a row by indexing the same text
    again, so this function must not change for stored rows (a change needs a migration that re-indexes).
    Linear in ``len(text)``."""
    if not needs_segmenting(text):
        return text
    out: list[str] = []
    for is_run, piece in pieces(unicodedata.normalize("NFKC", text)):
        out.append(f" {' '.join([*bigrams(piece), piece[-1]])} " if is_run else piece)
    return "".join(out)


def needs_segmenting(text: str) -> bool:
    """True when ``text`` holds a character of a script written without spaces (``index_text`` changes it)."""
    return _patterns()[0].search(text) is not None


def is_prefix_term(term: str) -> bool:
    """A query term of one character of a spaceless script: it matches every indexed token starting with
    it (the bigrams it begins, and a run's last character), so the stores search it as a prefix."""
    return len(term) == 1 and _script(term) is not None


# -- chunks: long content split at paragraph and sentence boundaries (docs/retrieval.md "Chunks") -------------
# The embedding model reads 256 word pieces (all-MiniLM-L6-v2, max_seq_length). Measured on this repository's
# English prose and LoCoMo turns, its WordPiece tokenizer makes one piece per 4.2-4.6 characters; code, numbers
# and identifiers go down to about 3. A window is therefore taken as 3 characters a piece (conservative: a
# chunk of WINDOW_CHARS never loses its end to truncation), and chunks aim at two thirds of it.
CHARS_PER_PIECE = 3
WINDOW_CHARS = 256 * CHARS_PER_PIECE  # content up to this many characters is one chunk (the whole entry)
# A chunk closes at the first sentence boundary past CHUNK_TARGET_CHARS: sentence-level vectors (one to three
# sentences), so a fact inside a long memory is not diluted by a window of other subjects and is found by a
# paraphrase (issue #32 item 2; max-similarity over sentence vectors, arXiv 2606.04194). 560 (~130-190 pieces)
# before; docs/retrieval.md "Chunks" has the measurements. A pack still shows about DISPLAY_CHARS around its best
# chunk (retrieval/chunks.choose_chunk).
CHUNK_TARGET_CHARS = 200
CHUNK_OVERLAP_CHARS = 0  # the next chunk repeats the previous chunk's last sentence when it is this short (0: never)
_BOUNDARY = re.compile(r"\n\s*\n|\n|(?<=[.!?…。！？])[\"'”’)\]]?\s+|(?<=[。！？])")


def chunk_spans(text: str) -> list[tuple[int, int]]:
    """The chunks of ``text`` as ``[start, end)`` character offsets, in order: one span ``(0, len(text))`` when
    the text fits one window (``WINDOW_CHARS``), else pieces of at most ``WINDOW_CHARS`` characters that close
    at the end of a paragraph (a blank line) or at the first sentence boundary past ``CHUNK_TARGET_CHARS``,
    whichever comes first (a sentence longer than a window
    is cut at its last space inside the window, or at the window's end in spaceless scripts). A chunk after
    the first starts with the previous chunk's last sentence when that sentence is at most
    ``CHUNK_OVERLAP_CHARS`` long (a small overlap, so a fact split across the boundary is whole in one chunk).

    Deterministic (the stores keep one vector per span, in order: a change needs a re-embedding, see
    ``contextlamp doctor --repair``) and linear in ``len(text)``: one regex scan with no nested quantifiers,
    then one pass over the boundaries."""
    size = len(text)
    if size <= WINDOW_CHARS:
        return [(0, size)]
    # sentence ends: offsets where a new sentence (or paragraph, or line) starts
    matches = [m for m in _BOUNDARY.finditer(text) if 0 < m.end() < size]
    starts = [m.end() for m in matches]
    paragraphs = {m.end() for m in matches if m.group().count("\n") > 1}  # a blank line: another subject
    starts.append(size)
    spans: list[tuple[int, int]] = []
    begin = 0
    last_sentence = 0  # start of the last sentence inside the current chunk
    index = 0
    while begin < size:
        end = begin
        sentence = begin
        # take whole sentences while the chunk stays within the target, and at least one
        while index < len(starts) and starts[index] <= begin:
            index += 1
        while index < len(starts) and (end - begin < CHUNK_TARGET_CHARS) and starts[index] - begin <= WINDOW_CHARS:
            sentence, end = end, starts[index]
            index += 1
            if end in paragraphs:
                break  # a paragraph ends the chunk: its sentences do not dilute the next paragraph's
        if end == begin:  # one sentence longer than a window: cut inside it
            end = _cut(text, begin, begin + WINDOW_CHARS)
            sentence = begin
        last_sentence = sentence
        spans.append((begin, end))
        if end >= size:
            break
        # overlap: start the next chunk at this chunk's last sentence when it is short and not the whole chunk
        begin = last_sentence if last_sentence > begin and end - last_sentence <= CHUNK_OVERLAP_CHARS else end
    return spans


def _cut(text: str, begin: int, limit: int) -> int:
    """Where to cut a sentence longer than a window: after the last white space in ``(begin, limit]``, else at
    ``limit`` (a run without spaces). Bounded by the window's length."""
    space = max(text.rfind(" ", begin + 1, limit), text.rfind("\n", begin + 1, limit))
    return space + 1 if space > begin else limit


def chunk_count(text: str) -> int:
    """How many chunks ``chunk_spans`` makes of ``text`` (the number of vectors a store keeps for it)."""
    return len(chunk_spans(text)) if len(text) > WINDOW_CHARS else 1
