"""Redact, do not lose: what is left of a statement once the clauses that held a secret are removed.

Used by ``SecretScanner.scrub`` for what is saved without the user asking (distilled session items, imported
records): "Home Wi-Fi: network "Okafor-5G", Wi-Fi password `sunflower-Orbit-2291`" keeps its first clause,
"Our staging DB is db.internal:5432 and its password is hunter2xyz." keeps "Our staging DB is
db.internal:5432.", "The door PIN for the server room is 80417" keeps nothing.

A clause ends at a sentence end followed by white space, a line break, a semicolon, a comma followed by white
space (either with the conjunction after it: ", and staging is on ..."), a dash between spaces, or a
coordinating conjunction between spaces ("and", "but", "und", "et", "y", "e",
"и", "ve", "en", "och", "i", "oraz"). Every clause that touches a secret span goes, with the separator before it
(or, for the first clause, after it). What is left must still be a durable statement (:func:`durable`).
"""

from __future__ import annotations

import re

_CONJUNCTIONS = r"(?:and|but|und|aber|et|mais|y|pero|e|mas|и|но|ve|ama|en|och|i|oraz|while|whereas)"
_BOUNDARY = re.compile(
    rf"(?<=[.!?。！？])\s|\n|;\s?(?:{_CONJUNCTIONS}\s)?|,\s(?:{_CONJUNCTIONS}\s)?|\s[–—-]\s|\s{_CONJUNCTIONS}\s|[、，；。！？]"
)
_TRIM = " \t\r\n,;:–—-"
MIN_WORDS = 3  # a durable statement has a subject, a verb and what it says: "Deploys run Fridays"
MIN_SPACELESS = 4  # or, in a spaceless script, four characters of it


def durable(text: str) -> bool:
    """Is ``text`` still a statement worth keeping: 3+ words holding a letter, one of them 3+ letters long (or
    4+ characters of a spaceless script), not just a label ("Wi-Fi:", "Passwords")."""
    words = [w for w in text.split() if any(c.isalpha() for c in w)]
    spaceless = sum(
        1 for c in text if "\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af"
    )
    if spaceless >= MIN_SPACELESS:
        return True
    return len(words) >= MIN_WORDS and any(sum(c.isalpha() for c in w) >= 3 for w in words)


def without_clauses(text: str, spans: list[tuple[int, int]]) -> str | None:
    """``text`` without every clause that touches one of the (sorted, merged) character ``spans``; None when
    what is left is not :func:`durable`. Linear in the text."""
    clauses: list[tuple[int, int]] = []  # (start, end) of each clause; separators between them
    separators: list[tuple[int, int]] = []
    last = 0
    for match in _BOUNDARY.finditer(text):
        clauses.append((last, match.start()))
        separators.append((match.start(), match.end()))
        last = match.end()
    clauses.append((last, len(text)))
    kept: list[str] = []
    k = 0
    for index, (start, end) in enumerate(clauses):
        while k < len(spans) and spans[k][1] <= start:
            k += 1
        touched = k < len(spans) and spans[k][0] < max(end, start + 1)
        if touched:
            continue
        piece = text[start:end]
        if kept and index > 0:
            sep_start, sep_end = separators[index - 1]
            kept.append(text[sep_start:sep_end])
        kept.append(piece)
    rest = "".join(kept).strip(_TRIM)
    if not rest:
        return None
    if text.rstrip()[-1:] in ".!?。" and rest[-1:] not in ".!?。":
        rest += text.rstrip()[-1]
    rest = rest[0].upper() + rest[1:] if rest[0].islower() and text.lstrip()[:1].isupper() else rest
    return rest if durable(rest) else None
