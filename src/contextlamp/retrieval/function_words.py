"""The function words of a query written in another language than English: which language it is in, and that
language's stop-word list, for the keyword signal (``retrieval/query.content_terms``).

Keyword search matches words, so a question in Spanish or Russian finds every memory in that language by its
articles, prepositions and auxiliaries ("el", "de", "за", "кто") and ranks the one that shares the most of them
above the memory it is about (issue #32 item 4: through get_context, same-language questions ranked 0.7-0.9 top-1
where the embedding alone ranked 0.9-1.0). English keeps its own list (``query.STOP_WORDS``, unchanged).

- **Which language:** the script of most of the query's letters (Unicode blocks), then, among the languages
  written in that script, the one whose stop words the query holds most of (ties: all of them). Function words
  are the most frequent words of any text (Zipf), so even a short question holds some; stop-word counting is the
  classic cheap language identifier (Grefenstette, "Comparing two language identification schemes", JADT 1995).
  Kana means Japanese, Hangul Korean, Han without kana Chinese.
- **Which words:** the lists of the PyPI package ``stop-words`` (python-stop-words, BSD-3-Clause, pinned; 33
  languages), read once per language on first use. They are not hand lists: the same maintained source for every
  language. Some hold a few common content words ("trabajo", "время"); a query whose every word is a stop word
  keeps them all (``content_terms``' fallback), and the meaning signal does not use these lists at all.
- **Scripts without spaces:** runs are bigrams (``segmenting``). A Japanese query's hiragana are its particles,
  auxiliaries and inflections (content words are written in kanji and katakana), so its runs are split at them and
  the hiragana dropped, as Elasticsearch's ``cjk_bigram`` filter does with ``ignored_scripts: [hiragana]``; a
  Chinese bigram made of two stop characters ("我们", "什么") is dropped, a Korean or Chinese term that is itself a
  listed stop word too.

Pure functions of the text; linear in its length (the lists are sets).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections import Counter
from functools import lru_cache

_WORD = re.compile(r"\w+", re.UNICODE)

# Languages of the stop-words package by the script they are written in (its languages.json codes)
CANDIDATES: dict[str, tuple[str, ...]] = {
    "latin": tuple("ca cs da de es fi fr hu id it ms nb nl pl pt ro sk sv tr vi".split()),  # noqa: SIM905
    "cyrillic": ("ru", "uk", "bg"),
    "greek": ("el",),
    "hebrew": ("he",),
    "arabic": ("ar", "fa"),
    "devanagari": ("hi",),
    "gujarati": ("gu",),
    "hangul": ("ko",),
    "kana": ("ja",),
    "han": ("zh",),
}
# Unicode 15.1 blocks of those scripts (start, end, script); letters elsewhere are not counted
_BLOCKS: tuple[tuple[int, int, str], ...] = (
    (0x0041, 0x024F, "latin"),  # Basic Latin letters to Latin Extended-B
    (0x0370, 0x03FF, "greek"),
    (0x0400, 0x052F, "cyrillic"),  # Cyrillic, Cyrillic Supplement
    (0x0590, 0x05FF, "hebrew"),
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),  # Arabic Supplement
    (0x08A0, 0x08FF, "arabic"),  # Arabic Extended-A
    (0x0900, 0x097F, "devanagari"),
    (0x0A80, 0x0AFF, "gujarati"),
    (0x1100, 0x11FF, "hangul"),  # Hangul Jamo
    (0x1E00, 0x1EFF, "latin"),  # Latin Extended Additional (Vietnamese)
    (0x1F00, 0x1FFF, "greek"),  # Greek Extended
    (0x3040, 0x30FF, "kana"),  # Hiragana, Katakana
    (0x3130, 0x318F, "hangul"),  # Hangul Compatibility Jamo
    (0x31F0, 0x31FF, "kana"),  # Katakana Phonetic Extensions
    (0x3400, 0x4DBF, "han"),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF, "han"),  # CJK Unified Ideographs
    (0xAC00, 0xD7AF, "hangul"),  # Hangul Syllables
    (0xF900, 0xFAFF, "han"),  # CJK Compatibility Ideographs
    (0xFB50, 0xFDFF, "arabic"),  # Arabic Presentation Forms-A
    (0xFE70, 0xFEFF, "arabic"),  # Arabic Presentation Forms-B
    (0xFF66, 0xFF9F, "kana"),  # halfwidth Katakana
    (0x20000, 0x323AF, "han"),  # CJK Unified Ideographs Extensions B to H
)
_STARTS = [start for start, _, _ in _BLOCKS]
HIRAGANA = (0x3041, 0x309F)


def script_of(char: str) -> str | None:
    """The script (a key of ``CANDIDATES``) of a letter, else None."""
    code = ord(char)
    at = bisect_right(_STARTS, code) - 1
    if at >= 0 and code <= _BLOCKS[at][1]:
        return _BLOCKS[at][2]
    return None


def is_hiragana(char: str) -> bool:
    """Whether ``char`` is a hiragana letter (U+3041-U+309F)."""
    return HIRAGANA[0] <= ord(char) <= HIRAGANA[1]


def fold(word: str) -> str:
    """A word as the query side compares it: NFKC, lower case, combining marks dropped (``"Cuándo"`` ->
    ``"cuando"``), as the SQLite index folds diacritics (``remove_diacritics 2``)."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", word).lower())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"))


@lru_cache(maxsize=64)
def stop_words(language: str) -> frozenset[str]:
    """The stop words of ``language`` (an ISO 639-1 code of ``CANDIDATES``), folded (``fold``); entries of
    several words are left out (a query term is one word). Read from the ``stop-words`` package on first use.

    Raises:
        ValueError: ``language`` is not one of ``CANDIDATES``.
    """
    if not any(language in codes for codes in CANDIDATES.values()):
        allowed = ", ".join(sorted(c for codes in CANDIDATES.values() for c in codes))
        raise ValueError(f"language: {language!r} has no stop-word list; allowed values: {allowed}")
    # the package reads a JSON file at import: only when needed
    from stop_words import get_stop_words  # pyright: ignore[reportMissingTypeStubs]

    return frozenset(fold(w) for w in get_stop_words(language) if w.strip() and " " not in w.strip())


def query_languages(text: str, english: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The languages other than English ``text`` is most likely written in (ISO 639-1 codes of
    ``CANDIDATES``; several on a tie), by the script of most of its letters, then by the most stop words held
    among that script's languages. ``()`` when nothing tells: no letter of a known script, or a Latin-script
    text holding no more listed stop words of any one language than words of ``english`` (English's stop words;
    a word in both lists, "a", "on", "in", counts for both; a tie is English), so an English question stays
    English."""
    counts: dict[str, int] = {}
    if text.isascii():  # every ASCII letter is Basic Latin (``_BLOCKS``): the same counts without a lookup each
        letters = sum(map(str.isalpha, text))
        if letters:
            counts["latin"] = letters
    else:
        for char in text:
            script = script_of(char)
            if script is not None and char.isalpha():
                counts[script] = counts.get(script, 0) + 1
    if not counts:
        return ()
    if "kana" in counts:  # Japanese mixes kanji and kana: any kana makes a CJK text Japanese
        counts["kana"] += counts.pop("han", 0)
    script = max(counts, key=lambda s: (counts[s], s))
    candidates = CANDIDATES[script]
    if len(candidates) == 1 and script != "latin":
        return candidates
    # the scripts with several candidates are written with spaces; an ASCII word folds to its lower case
    words = Counter(w.lower() if w.isascii() else fold(w) for w in _WORD.findall(text))
    held = {code: sum(words[w] for w in stop_words(code).intersection(words)) for code in candidates}
    best = max(held.values())
    if script == "latin" and best <= sum(words[w] for w in english.intersection(words)):
        return ()
    return tuple(code for code in candidates if held[code] == best) if best else ()
