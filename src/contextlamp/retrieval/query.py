"""Query-side text handling: safe FTS5 MATCH expressions and query terms.

Any user text becomes a MATCH expression in which every word is a quoted string, so FTS5 operators
(``AND OR NOT NEAR``, ``*``, ``^``, ``-``, ``:``, parentheses, quotes) are always words, never syntax
(SQLite FTS5 docs, section 3.1 "FTS5 Strings"; the same approach as sqlite-utils ``search(quote=True)``).
"""

from __future__ import annotations

import re
import unicodedata

from contextlamp.text import scrub_surrogates

_TOKEN = re.compile(r"\w+", re.UNICODE)
MAX_QUERY_TERMS = 64  # FTS5 cost grows with terms; 64 words cover any real question

# English function words, the NLTK "english" stop-word list (Bird et al., NLTK 3) less negations, which
# carry meaning in memories ("not", "no", "never" stay searchable).
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have
    having he her here hers herself him himself his how i if in into is it its itself just me more most
    my myself now of off on once only or other our ours ourselves out over own same she should so some
    such than that the their theirs them themselves then there these they this those through to too
    under until up very was we were what when where which while who whom why will with would you your
    yours yourself yourselves s t d ll m o re ve y i'm let us
    """.split()  # noqa: SIM905  (a word list reads better as prose)
)


def query_terms(text: str) -> list[str]:
    """Lower-cased word tokens of the text (NFKC, lone surrogates scrubbed), in order, duplicates dropped."""
    normal = unicodedata.normalize("NFKC", scrub_surrogates(text)).lower()
    seen: dict[str, None] = {}
    for token in _TOKEN.findall(normal):
        if token not in seen:
            seen[token] = None
    return list(seen)


def content_terms(text: str) -> list[str]:
    """``query_terms`` without stop words; falls back to all terms when every word is a stop word."""
    terms = query_terms(text)
    kept = [t for t in terms if t not in STOP_WORDS]
    return (kept or terms)[:MAX_QUERY_TERMS]


def fts_match(terms: list[str], mode: str) -> str | None:
    """A MATCH expression over quoted terms, joined by ``AND`` (mode ``"and"``) or ``OR`` (``"or"``).

    Returns None for no terms (the keyword list is then empty). Every term is wrapped in double quotes
    with inner quotes doubled, so no character of the input can act as FTS5 syntax.
    """
    if not terms:
        return None
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms]
    return (" AND " if mode == "and" else " OR ").join(quoted)
