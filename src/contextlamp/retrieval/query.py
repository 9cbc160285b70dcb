"""Full-text query terms (the query side of the index): the words of a question, stop words, topic words.
Text in scripts written without spaces is segmented as the stores index it (``contextlamp.segmenting``); the
engines' query syntax (FTS5 MATCH, ``to_tsquery``) is built by each storage backend from these terms.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from contextlamp.domain.language import OTHER, language_of
from contextlamp.retrieval.function_words import fold, is_hiragana, query_languages, stop_words
from contextlamp.segmenting import bigrams, needs_segmenting, pieces
from contextlamp.text import scrub_surrogates, topic_key

_TOKEN = re.compile(r"\w+", re.UNICODE)


MAX_QUERY_TERMS = 64  # FTS5 cost grows with terms; 64 words cover any real question
# Queries whose language and content terms are remembered (``_language``, ``_content_terms``): one search asks
# for them up to six times (the signals, the relevance floor, the match scale, the chunk choice), and telling a
# query's language was about a quarter of a search's CPU past the model at 10,000 entries (docs/performance.md,
# "Where a search's time goes", stop 42). Pure functions of the text, so the answers are the same.
QUERY_CACHE = 256

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
    """Lower-cased word tokens of the text (NFKC, lone surrogates scrubbed), in order, duplicates dropped.
    A run of a spaceless script gives its character bigrams (``"数据库"`` -> ``"数据", "据库"``), a
    one-character run that character (searched as a prefix, ``is_prefix_term``); see ``index_text``."""
    normal = unicodedata.normalize("NFKC", scrub_surrogates(text)).lower()
    if needs_segmenting(normal):
        normal = "".join(
            f" {' '.join(bigrams(piece) or [piece])} " if is_run else piece for is_run, piece in pieces(normal)
        )
    seen: dict[str, None] = {}
    for token in _TOKEN.findall(normal):
        if token not in seen:
            seen[token] = None
    return list(seen)


def word_terms(word: str) -> list[str]:
    """The query terms one word of a topic key stands for: itself, or the bigrams of a spaceless-script
    word (``"数据库"`` -> ``["数据", "据库"]``), so that a query naming it (``named_words``) names them all."""
    return query_terms(word) if needs_segmenting(word) else [word]


def named_words(text: str) -> set[str]:
    """Every word a query names, for matching topic keys: its ``query_terms``, the words of its ``topic_key``
    (``"C++ build"`` names ``c plus build``, as the topic ``C++`` is stored as ``c-plus-plus``), and each
    single character of its spaceless-script runs (a one-character topic word: ``猫``)."""
    words = set(query_terms(text))
    words.update(w for w in topic_key(text).split("-") if w)
    normal = unicodedata.normalize("NFKC", scrub_surrogates(text)).lower()
    if needs_segmenting(normal):
        words.update(char for is_run, piece in pieces(normal) if is_run for char in piece)
    return words


def in_other_language(text: str) -> bool:
    """Whether ``text`` is a query in another language than English, as ``content_terms`` decides it (its own
    language's function words are dropped): ``function_words.query_languages`` names a language, or
    ``domain.language.language_of`` says ``other``."""
    languages, other = _language(text)
    return bool(languages) or other


@lru_cache(maxsize=QUERY_CACHE)
def _language(text: str) -> tuple[tuple[str, ...], bool]:
    """``text``'s ``query_languages`` (English's ``STOP_WORDS`` as the English list) and whether
    ``domain.language.language_of`` says ``other`` (computed only when no language is named, as both callers read
    it). Remembered for ``QUERY_CACHE`` texts."""
    languages = query_languages(text, STOP_WORDS)
    return languages, not languages and language_of(text) == "other"


def content_terms(text: str) -> list[str]:
    """``query_terms`` without stop words; falls back to all terms when every word is a stop word.

    An English query (one that neither ``function_words.query_languages`` nor ``domain.language.language_of``
    places in another language) drops ``STOP_WORDS`` only. A query written in another language drops, besides,
    the function words of the six Latin-script languages ``domain.language`` knows (``OTHER``: "el", "se", "der",
    "les" ...) and the stop words of the language(s) it is written in (``query_languages``: "кто", "за", "muss",
    "qué", "l" of "l'", "です"), compared without diacritics; a Japanese query's runs are split at their
    hiragana (particles and endings) and a Chinese bigram of two stop characters ("我们") is dropped
    (``function_words``). Otherwise those words match every memory in that language and outrank the one the
    question is about. An English query keeps "son", "van", "die" (English words too): its terms are exactly
    as before. Remembered for ``QUERY_CACHE`` texts (``_content_terms``); each call gets its own list."""
    return list(_content_terms(text))


@lru_cache(maxsize=QUERY_CACHE)
def _content_terms(text: str) -> tuple[str, ...]:
    """``content_terms`` of ``text`` as a tuple (remembered: the cache must not hand out a list to change)."""
    terms = query_terms(text)
    languages, other = _language(text)
    if not languages and not other:
        kept = [t for t in terms if t not in STOP_WORDS]
        return tuple((kept or terms)[:MAX_QUERY_TERMS])
    stop: set[str] = set(STOP_WORDS | OTHER)
    for language in languages:
        stop |= stop_words(language)
    if "ja" in languages:
        terms = _without_hiragana(text)
    elif "zh" in languages:
        terms = [t for t in terms if not (len(t) == 2 and t[0] in stop and t[1] in stop)]
    kept = [t for t in terms if t not in stop and fold(t) not in stop]
    return tuple((kept or query_terms(text))[:MAX_QUERY_TERMS])


def _without_hiragana(text: str) -> list[str]:
    """``query_terms`` of a Japanese query with each spaceless run split at its hiragana, which are dropped: the
    bigrams of its kanji and katakana stretches, a one-character stretch as itself (a prefix term, as in
    ``query_terms``). Elasticsearch's ``cjk_bigram`` with ``ignored_scripts: [hiragana]`` does the same."""
    normal = unicodedata.normalize("NFKC", scrub_surrogates(text)).lower()
    parts: list[str] = []
    for is_run, piece in pieces(normal):
        if not is_run:
            parts.append(piece)
            continue
        stretch = ""
        for char in [*piece, "\u3041"]:  # a hiragana at the end closes the last stretch
            if not is_hiragana(char):
                stretch += char
            elif stretch:
                parts.append(f" {' '.join(bigrams(stretch) or [stretch])} ")
                stretch = ""
        parts.append(" ")
    seen: dict[str, None] = {}
    for token in _TOKEN.findall("".join(parts)):
        seen.setdefault(token, None)
    return list(seen)


# Recency intent (issue 17 point 5): a query that asks for the newest things themselves ("what was I just working
# on", "the latest decision about X", "what did I save most recently"), not one that calls an event recent
# ("what did Melanie paint recently": measured on LoCoMo, where "recently" is relative to a conversation's own
# time). English and a few cheap equivalents in other languages; a query naming a year or a month asks about
# that time instead. Every pattern is a plain alternation (linear time).
_RECENT_ASK = re.compile(
    r"\b(?:latest|newest|most\s+recent(?:ly)?|just\s+now|(?:was|were|am|are|have|had|did)\s+(?:i|we|you)\s+just"
    r"|(?:i|we|you)\s+just\s+(?:did|saved|said|worked|decided|wrote|added|changed|noted)"
    r"|last\s+(?:thing|things|memory|memories|note|notes|entry|entries|change|changes|decision|decisions|"
    r"save|saved|update|updates)"
    r"|le\s+plus\s+r[ée]cent|la\s+plus\s+r[ée]cente|les\s+plus\s+r[ée]cent(?:e)?s|m[áa]s\s+recientes?"
    r"|neueste[nmrs]?|zuletzt|mais\s+recentes?|pi[ùu]\s+recent[ei]|nieuwste|meest\s+recente|новейш\w*"
    r"|самы[йех]\s+последн\w*)\b"
    r"|最新|刚才|刚刚|さっき|直近",
    re.IGNORECASE,
)
_NAMED_TIME = re.compile(
    r"\b(?:1[89]\d\d|2\d\d\d|january|february|march|april|may|june|july|august|september|october|november|"
    r"december|yesterday|last\s+(?:week|month|year|summer|winter|spring|autumn|fall|weekend))\b",
    re.IGNORECASE,
)


def asks_for_recent(text: str) -> bool:
    """Whether a query asks for the most recent memories (``"what was I just working on"``, ``"latest decision
    about the cache"``, ``"le plus récent"``, ``"最新"``), so search fuses the recency list as the ``recency``
    flag does. False when it names a year, a month or a past period (``"latest project in July 2023"`` asks about
    July 2023). Linear in the text's length."""
    normal = unicodedata.normalize("NFKC", scrub_surrogates(text))
    return _RECENT_ASK.search(normal) is not None and _NAMED_TIME.search(normal) is None
