"""The prefix look-up of topic keys both backends' ``Store.topics`` share (issue #31.5): the fact-key signal
asks only for topics whose first word the query names, through the live-topic index."""

from __future__ import annotations

from collections.abc import Collection

PREFIX_END = "\U0010ffff"  # the largest code point: every text starting with p sorts below p + it


def prefix_ranges(prefixes: Collection[str]) -> list[tuple[str, str]]:
    """Half-open ranges ``[p, p + U+10FFFF)`` of topic keys (compared code point by code point, as SQLite's
    BINARY and PostgreSQL's ``"C"`` collation compare UTF-8) holding every key that starts with one of
    ``prefixes``; a prefix that starts with another is covered by it and left out, empty ones too. Sorted;
    linear in the prefixes after sorting them."""
    kept: list[str] = []
    for prefix in sorted(p for p in prefixes if p):
        if not kept or not prefix.startswith(kept[-1]):
            kept.append(prefix)
    return [(prefix, prefix + PREFIX_END) for prefix in kept]
