"""Whether a memory is written in English: the hint behind ``contextlamp doctor``'s embedder suggestion.

The default embedder (all-MiniLM-L6-v2) is English-first; multilingual-e5 serves about 100 languages
(docs/multilingual.md). ``doctor`` suggests it when most memories are not English. Telling English apart needs
no model: a text mostly in a non-Latin script (Cyrillic, Greek, Arabic, Hebrew, the Indic scripts, CJK, Thai,
Hangul ...) is not English; a Latin-script text is English when English function words outnumber those of the
six most used other Latin-script languages of the European Union and the Americas (German, Spanish, French,
Italian, Portuguese, Dutch). Function words make up a large share of any running text (Zipf), so a sentence or
two is enough; a text with none of either (an identifier, a command, a number) is not counted. Linear in the
text's length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
LATIN_END = 0x024F  # the end of Unicode's Latin Extended-B block: letters above it are of another script
NON_LATIN_SHARE = 0.3  # a text with more than this share of its letters in other scripts is not English
ENGLISH = frozenset(
    """the a an and or but of to in on at for from with by is are was were be been has have had do does did not
    this that these those it its we you he she they our your their my which who what when where how will would
    can could should there here than then also just about into""".split()  # noqa: SIM905
)
# Function words of German, Spanish, French, Italian, Portuguese and Dutch that are not English words
OTHER = (
    frozenset(
        """der die das und ist nicht ein eine einen dem den des mit auf für von zu im sie wir ich es wird werden sind
    auch oder aber wenn nur noch nach bei aus wie
    el la los las y es en del por con para una un que se lo su al como más pero sus le ya o este esta son
    les et est dans pour pas sur qui au aux du ce cette une avec sont nous vous ils elle ou mais
    il di che non per una della delle gli sono nel alla anche come dei ma più questo
    os não uma um com para pelo pela dos das ao às mais seu sua são também
    het een en van de niet zijn op te dat voor met ook maar wordt bij naar""".split()  # noqa: SIM905
    )
    - ENGLISH
)


def language_of(text: str) -> Literal["english", "other", "unknown"]:
    """``english``, ``other`` (another language) or ``unknown`` (no letters, or no function word of either)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "unknown"
    if sum(ord(c) > LATIN_END for c in letters) > NON_LATIN_SHARE * len(letters):
        return "other"
    words = [w.casefold() for w in _WORD.findall(text)]
    english = sum(w in ENGLISH for w in words)
    other = sum(w in OTHER for w in words)
    if english == other == 0:
        return "unknown"
    return "english" if english >= other else "other"


def not_english_share(texts: Iterable[str]) -> tuple[float, int]:
    """(share of the texts whose language is known that are not English, how many were known)."""
    known = other = 0
    for text in texts:
        language = language_of(text)
        if language != "unknown":
            known += 1
            other += language == "other"
    return (other / known if known else 0.0), known
