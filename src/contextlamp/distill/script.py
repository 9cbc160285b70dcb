"""Writing systems for the offline distiller: which script a text is written in, and word measures that also
work for scripts written without spaces between words.

Chinese and Japanese (Han ideographs, kana) and Thai, Lao, Khmer and Myanmar do not put spaces between words,
so a regex ``\\w+`` run there is a whole clause, not a word. Two measures stand in for words:

- ``terms``: content terms for comparing two statements; words elsewhere, character bigrams inside a run of
  an unspaced script (the usual indexing unit for Chinese and Japanese without a dictionary; Kwok, "Comparing
  representations in Chinese information retrieval", SIGIR 1997);
- ``word_count``: words, with an unspaced run counting one word per ``CHARS_PER_WORD`` characters (Chinese
  words average 1.5 to 2 characters; 2 keeps the count a little low rather than high).

Code points are from the Unicode blocks of each script (The Unicode Standard, chapter 2 "Blocks").
Every function here is one pass over its text.
"""

from __future__ import annotations

import re

CHARS_PER_WORD = 2
SAMPLE_CHARS = 20_000  # enough text to tell a script; bounds detect_script's work on a 2 MiB transcript

_UNSPACED = (
    "\u0e00-\u0eff"  # Thai, Lao
    "\u1000-\u109f"  # Myanmar
    "\u1780-\u17ff"  # Khmer
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs (extension A, unified, compatibility)
    "\u31f0-\u31ff\uff66-\uff9f"  # Katakana phonetic extensions, half-width Katakana
)
_UNSPACED_RUN = re.compile(f"[{_UNSPACED}]+")
_WORD = re.compile(r"\w+")

# (script, a run of its letters, counted per character): a run of a spaced script is about one word, and so
# are CHARS_PER_WORD characters of an unspaced one
_SCRIPTS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("kana", re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]+"), True),
    ("han", re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"), True),
    ("hangul", re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]+"), False),
    ("cyrillic", re.compile(r"[\u0400-\u04ff]+"), False),
    ("arabic", re.compile(r"[\u0600-\u06ff\u0750-\u077f]+"), False),
    ("greek", re.compile(r"[\u0370-\u03ff]+"), False),
    ("hebrew", re.compile(r"[\u0590-\u05ff]+"), False),
    ("devanagari", re.compile(r"[\u0900-\u097f]+"), False),
    ("thai", re.compile(r"[\u0e00-\u0e7f]+"), True),
    ("latin", re.compile(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+"), False),
)
_UKRAINIAN = re.compile(r"[іїєґІЇЄҐ]")
_PERSIAN = re.compile(r"[پچژگ]")
_URDU = re.compile(r"[ٹڈڑںےھ]")

# the language of each non-Latin script (None: Latin, decided by function words in language.detect_language)
SCRIPT_LANGUAGE = {
    "han": "zh",
    "kana": "ja",
    "hangul": "ko",
    "cyrillic": "ru",
    "arabic": "ar",
    "greek": "el",
    "hebrew": "he",
    "devanagari": "hi",
    "thai": "th",
}


def detect_script(text: str) -> str:
    """The dominant script of ``text`` (its first ``SAMPLE_CHARS`` characters): ``latin``, ``han``, ``kana``,
    ``hangul``, ``cyrillic``, ``arabic``, ``greek``, ``hebrew``, ``devanagari`` or ``thai``; ``latin`` when
    no letter is found. Scripts are compared by their number of words (runs of letters; for an unspaced
    script, characters / ``CHARS_PER_WORD``), so Russian or Chinese prose full of Latin product names
    ("Мы используем PostgreSQL и Redis") is still Russian or Chinese. Japanese is told from Chinese by its
    kana: any kana beside the ideographs makes it Japanese (Chinese does not use kana)."""
    sample = text[:SAMPLE_CHARS]
    words: dict[str, float] = {}
    for name, pattern, unspaced in _SCRIPTS:
        runs = pattern.findall(sample)
        words[name] = sum(len(r) for r in runs) / CHARS_PER_WORD if unspaced else len(runs)
    if words["kana"]:
        words["kana"] += words.pop("han")
    best = max(words, key=lambda name: words[name])
    return best if words[best] > 0 else "latin"


def script_language(text: str) -> str | None:
    """ISO 639-1 code from the script alone (``zh``, ``ja``, ``ko``, ``ru``, ``uk``, ``ar``, ``fa``, ``ur``,
    ``el``, ``he``, ``hi``, ``th``), or None for Latin script (the script does not tell its language)."""
    script = detect_script(text)
    language = SCRIPT_LANGUAGE.get(script)
    sample = text[:SAMPLE_CHARS]
    if language == "ru" and _UKRAINIAN.search(sample):
        return "uk"
    if language == "ar" and _URDU.search(sample):
        return "ur"
    if language == "ar" and _PERSIAN.search(sample):
        return "fa"
    return language


def terms(text: str) -> list[str]:
    """Lower-cased terms of ``text`` in order: each ``\\w+`` word, except that a run of an unspaced script
    inside a word becomes its overlapping character bigrams (a run of one character stays itself)."""
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        if not _UNSPACED_RUN.search(word):
            out.append(word)
            continue
        start = 0
        for run in _UNSPACED_RUN.finditer(word):
            if run.start() > start:
                out.append(word[start : run.start()])
            chars = run.group()
            out += [chars] if len(chars) == 1 else [chars[i : i + 2] for i in range(len(chars) - 1)]
            start = run.end()
        if start < len(word):
            out.append(word[start:])
    return out


def word_count(text: str) -> float:
    """Words in ``text``: ``\\w+`` words, where each run of an unspaced script counts as its length divided by
    ``CHARS_PER_WORD`` instead of as one word ("我们使用PostgreSQL" is 2 + 1 = 3)."""
    count = 0.0
    for word in _WORD.findall(text):
        unspaced = sum(len(run) for run in _UNSPACED_RUN.findall(word))
        if not unspaced:
            count += 1
            continue
        count += unspaced / CHARS_PER_WORD + (1 if len(word) > unspaced else 0)
    return count
