"""Trust of team learnings: when a second member's save corroborates a first member's learning.

A learning is ``verified`` once a different member saves the same content (same dedupe key) or a
near-identical restatement of it; ``contested`` while another member's current learning on the same topic
says something else; ``unverified`` otherwise (spec/TOOLS.md "Teams and trust"; the state itself is kept
by the store, see ``Store.corroborate``).

"Near-identical" is decided by two tests, both needed:

1. cosine similarity of the two contents' embeddings at or above a threshold (setting
   ``DEFAULT_PARAPHRASE_THRESHOLD`` below, 0.85 for all-MiniLM-L6-v2), and
2. ``same_claim``: the two texts carry the same numbers (digits, number words, and tokens holding digits such
   as ``eu-central-1``), the same days and months, and the same negation and always/never words.
   Embeddings place "deploys on Tuesdays" next to "deploys on Thursdays" (cosine 0.93 measured) and
   "every two weeks" next to "every week" (0.98): a vector threshold alone would let a contradiction
   verify the learning it contradicts.

Measured with ``python -m research team_threshold`` on ``research/bench/data/team-paraphrases.json`` (25 restatements,
25 one-detail conflicts, 10 distinct pairs): docs/teams.md has the table and the choice.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal, get_args

Trust = Literal["verified", "unverified", "contested"]  # spec/TOOLS.md: a team learning's trust
TRUST_LEVELS: tuple[Trust, ...] = get_args(Trust)
# the cosine at or above which a restatement may verify (with ``same_claim``): research/bench/team_threshold.py, 0.85
# accepted 88% of restatements and 0% of one-detail contradictions (docs/teams.md); MemoryService's default
DEFAULT_PARAPHRASE_THRESHOLD = 0.85

_NUMBERED = re.compile(r"[\w.:/-]*\d[\w.:/-]*")  # 16, 02:00, eu-central-1, v2.3: anything holding a digit
_NUMBER_WORDS = {
    "zero": "0",
    "one": "1",
    "once": "1",
    "single": "1",
    "two": "2",
    "twice": "2",
    "both": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "dozen": "12",
    "hundred": "100",
    "thousand": "1000",
}
_WORD = re.compile(r"[a-z']+")
_CONTRAST = frozenset(
    {
        # negation and polarity: one word turns a rule into its opposite
        "not",
        "no",
        "never",
        "none",
        "nothing",
        "without",
        "always",
        "don't",
        "doesn't",
        "isn't",
        "aren't",
        "can't",
        "cannot",
        "won't",
        "shouldn't",
        "mustn't",
        # days and months: embeddings barely tell them apart
        *(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
        *(["mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays"]),
        *(["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]),
        *(
            [
                "january",
                "february",
                "march",
                "april",
                "may",
                "june",
                "july",
                "august",
                "september",
                "october",
                "november",
                "december",
            ]
        ),
        *(["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"]),
    }
)


def _numbers(text: str) -> Counter[str]:
    lower = text.lower().replace(",", "")  # 5,000 = 5000
    found = Counter(token.strip(".:/-") for token in _NUMBERED.findall(lower))
    found.update(_NUMBER_WORDS[w] for w in _WORD.findall(lower) if w in _NUMBER_WORDS)
    return found


def _contrast(text: str) -> set[str]:
    words = set(_WORD.findall(text.lower()))
    found = words & _CONTRAST
    if any(w.endswith("n't") for w in words):
        found.add("not")
    return {w.rstrip("s") if w.endswith("days") else w for w in found}


def same_claim(a: str, b: str) -> bool:
    """True when two texts carry the same numbers (``5,000`` = ``5000``, ``two`` = ``2``, ``eu-central-1``),
    the same day and month names and the same negation/always/never words; a restatement keeps all of these,
    a contradiction of one detail usually changes one of them."""
    return _numbers(a) == _numbers(b) and _contrast(a) == _contrast(b)


def corroborates(a: str, b: str, cosine: float, threshold: float) -> bool:
    """Whether ``b`` is a near-identical restatement of ``a``: cosine at or above ``threshold`` and the same
    claim (``same_claim``)."""
    return cosine >= threshold and same_claim(a, b)
