"""A time a query names relative to its asking ("four weeks ago", "a month ago", "yesterday", "last week"), as a
window of save times.

Issue #32: LongMemEval's temporal questions name the time of what they ask about from the asker's today ("What
charity event did I participate in a month ago?"); the memory holding the answer was saved then, and no signal list
reads a save time otherwise. LongMemEval's own authors narrow retrieval to the time range such a question names
("time-aware query expansion", Wu et al., "LongMemEval", ICLR 2025, section 5.4). ``now`` is the asker's today: a
search runs when it is asked. ``relative_window`` turns the first such phrase into ``[start, end)`` in ms since the
Unix epoch; ``asked_window`` is the window ``retrieval/search.py`` fuses as its named-date list
(``FusionWeights.named_date``): a calendar date the query names (``dates.named_window``) first, else this one.

"N units ago" is read as a count rounded to its unit: the window runs half a unit either side of ``now`` minus N
units ("four weeks ago": 24.5 to 31.5 days before), so each count names a distinct window; "yesterday" is the
calendar day before ``now``'s, "last week" / "last month" / "last year" are one unit ago. Each is widened by the
time-zone margins of ``dates`` (the server does not know the asker's zone). English only; every pattern is a plain
alternation without nested quantifiers (linear in the query's length).
"""

from __future__ import annotations

import re

from contextlamp.retrieval.dates import EAST_MS, WEST_MS, named_window

DAY_MS = 86_400_000
# the length of each unit in days: a month and a year as their Gregorian means (365.2425 / 12, 365.2425)
_UNIT_DAYS = {"day": 1.0, "week": 7.0, "fortnight": 14.0, "month": 30.436875, "year": 365.2425}
_COUNTS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "a couple of": 2,
    "couple of": 2,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_COUNT = "|".join(sorted((re.escape(c) for c in _COUNTS), key=len, reverse=True))
_RELATIVE = re.compile(
    rf"\b(?:(?P<n>\d{{1,3}}|{_COUNT})\s+(?P<unit>day|week|fortnight|month|year)s?\s+ago"
    r"|(?P<yesterday>yesterday)|(?<!the\s)last\s+(?P<last>week|month|year))\b",
    re.IGNORECASE,
)


def relative_window(text: str, now: int) -> tuple[int, int] | None:
    """The save-time window ``[start, end)`` (ms since the Unix epoch) of the first time ``text`` names relative to
    ``now`` (ms: the asker's today), or None when it names none: "N days|weeks|fortnights|months|years ago" (N in
    digits, 1-999, or a word up to twelve, "a", "a couple of") is N units before ``now``, half a unit either side;
    "last week|month|year" is one unit ago, the same way ("the last year" is the span up to now: not read);
    "yesterday" is the UTC calendar day before ``now``'s. Each
    is widened by ``dates.EAST_MS`` before and ``dates.WEST_MS`` after. Linear in ``len(text)``."""
    found = _RELATIVE.search(text)
    if found is None:
        return None
    if found["yesterday"]:
        start = (now // DAY_MS - 1) * DAY_MS
        return start - EAST_MS, start + DAY_MS + WEST_MS
    if found["last"]:
        count, unit = 1, found["last"].lower()
    else:
        raw = found["n"].lower()
        count = int(raw) if raw.isdigit() else _COUNTS[" ".join(raw.split())]
        unit = found["unit"].lower()
    if count <= 0:
        return None
    span = _UNIT_DAYS[unit] * DAY_MS
    centre = now - count * span
    return int(centre - span / 2) - EAST_MS, int(centre + span / 2) + WEST_MS


def asked_window(text: str, now: int, relative: bool = True) -> tuple[int, int] | None:
    """The save-time window a query asks about: the calendar date it names (``dates.named_window``), else, with
    ``relative``, the time it names relative to ``now`` (``relative_window``); None when it names neither."""
    window = named_window(text, now)
    if window is None and relative:
        window = relative_window(text, now)
    return window
