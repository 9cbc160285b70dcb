"""A calendar date a query names ("on 13 October, 2023", "in March 2023", "2023-10-13"), as a window of save times.

A memory server is asked about what was said on a day ("what did Melanie show Caroline on October 13, 2023?",
"what did we decide on 2024-03-05?"): the memories saved that day are the likely answers, and no signal list
reads a save time otherwise (the recency list ranks the newest, not a named day). ``named_window`` turns the
first absolute date of a query into ``[start, end)`` in ms since the Unix epoch; ``retrieval/search.py`` fuses the
candidates saved inside it as one more RRF list (``FusionWeights.named_date``). English month names (full and
three-letter) and ISO 8601 calendar dates; relative dates ("yesterday", "last week") are left to the other
signals, as their anchor is the asker's today, not a stored time.

The server does not know the asker's time zone, so a day runs from its midnight in UTC+14 to its end in UTC-12
(the extreme offsets in use, IANA tz database): 00:00 UTC minus 14 hours to 24:00 UTC plus 12 hours. Every
pattern is a plain alternation without nested quantifiers (linear in the query's length).
"""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime

EAST_MS = 14 * 3_600_000  # UTC+14: the earliest local midnight of a calendar day (Line Islands)
WEST_MS = 12 * 3_600_000  # UTC-12: the latest local end of a calendar day (Baker Island)

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<{0}>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{0}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<{0}>(?:19|20)\d\d)"
_DIGIT = re.compile(r"\d")
_DATE = re.compile(
    "|".join(
        (
            r"\b(?P<iy>(?:19|20)\d\d)-(?P<im>[01]?\d)-(?P<id>[0-3]?\d)\b",  # 2023-10-13
            r"\b"
            + _DAY.format("dd")
            + r"\s+(?:of\s+)?"
            + _MONTH.format("dm")
            + r"(?:,?\s*"
            + _YEAR.format("dy")
            + ")?\\b",
            r"\b" + _MONTH.format("md") + r"\s+" + _DAY.format("mdd") + r"(?:,?\s*" + _YEAR.format("mdy") + r")?\b",
            r"\b" + _MONTH.format("mm") + r",?\s+" + _YEAR.format("my") + r"\b",  # a month of a year
        )
    ),
    re.IGNORECASE,
)


def _ms(year: int, month: int, day: int) -> int:
    return int(datetime(year, month, day, tzinfo=UTC).timestamp() * 1000)


def _day(year: int, month: int, day: int) -> tuple[int, int] | None:
    if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    start = _ms(year, month, day)
    return start - EAST_MS, start + 86_400_000 + WEST_MS


def named_window(text: str, now: int) -> tuple[int, int] | None:
    """The save-time window ``[start, end)`` (ms since the Unix epoch) of the first calendar date ``text`` names,
    or None when it names none (or only an impossible one, "31 February 2023").

    A day with its year ("13 October, 2023", "October 13th 2023", "2023-10-13") is that day; a day without one
    ("on October 13") is its latest occurrence at or before ``now`` (ms); a month with its year ("in March 2023")
    is that month. Each is widened by the time-zone margins of the module docstring. Linear in ``len(text)``."""
    if _DIGIT.search(text) is None:
        return None  # every form holds a digit (a day or a year): the common case costs one scan
    for match in _DATE.finditer(text):
        groups = match.groupdict()
        if groups["iy"]:
            window = _day(int(groups["iy"]), int(groups["im"]), int(groups["id"]))
        elif groups["my"]:
            year, month = int(groups["my"]), _MONTHS[groups["mm"].lower()]
            last = calendar.monthrange(year, month)[1]
            window = (_ms(year, month, 1) - EAST_MS, _ms(year, month, last) + 86_400_000 + WEST_MS)
        else:
            day = int(groups["dd"] or groups["mdd"])
            month = _MONTHS[(groups["dm"] or groups["md"]).lower()]
            year_text = groups["dy"] or groups["mdy"]
            if year_text:
                window = _day(int(year_text), month, day)
            else:
                this_year = datetime.fromtimestamp(max(now, 0) / 1000, tz=UTC).year
                window = None
                for year in (this_year, this_year - 1):
                    candidate = _day(year, month, day) if day <= 31 else None
                    if candidate is not None and candidate[0] <= now:
                        window = candidate
                        break
        if window is not None:
            return window
    return None
