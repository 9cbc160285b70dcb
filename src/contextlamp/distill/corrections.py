"""Retractions: a sentence that takes a value back without giving the new one (a split correction, issue #27.2),
read by the hooks' save (``hooks/saver``). The correction markers ("Correction:", "I was wrong,", "scratch that"
...) the offline distiller joins to the statement they replace are ``domain/correction_markers``, which the
save-time correction rule shares.

Every pattern is linear in its input: alternations of literals, compiled on first use.
"""

from __future__ import annotations

from contextlamp.distill.cue_set import cue

# A retraction: a sentence that takes a value back without giving the new one (a split correction, issue #27.2;
# the new value was said in another turn or session): it opens on a retraction ("forget the 40 MB figure", "ignore
# what I said about /data/v1", "scratch that"), or says of the value right after it that it ended ("the /srv/old
# path is dead", "rides_mart got dropped", "15 seconds was the old interval"), or that nothing uses it any more
# ("nobody reads #alerts any more"). A word of those alone is no retraction: "we gave it 865 TB of scratch", "the
# job deleted files older than 30 days".
_RETRACTION_OPENING = (
    r"^\W*(?:(?:ok|so|oh|and|also|please|just)[\s,]+)*(?:forget|ignore|disregard|scratch that|strike that)\b"
)
_RETRACTION_AFTER = (
    r"^(?:\S+\s+){0,3}?(?:(?:is|was|are|were|got|has been|went)\s+)?"
    r"(?:dead|gone|retired|obsolete|outdated|deprecated|dropped|decommissioned|removed|deleted|the old|wrong)\b"
)
_RETRACTION_UNUSED = r"\b(?:no longer|any ?more|not used)\b"
# a value a retraction may name: a digit, a path, a handle, a dotted, hyphenated or underscored identifier, or a
# capitalised word after the first (a name): rules.value_split's tokens
_VALUE = r"\d|[#@/]|[^\W_][-._:][^\W_]"
_STRIP = ".,;:!?()[]\"'`"


def retracted_value(sentence: str) -> str | None:
    """The value ``sentence`` takes back, when it is a retraction naming exactly one value (see the comment above
    ``_RETRACTION_OPENING``): the value token as written (punctuation around it stripped), else None. Never a
    question. A sentence naming two values gives the new one too: a whole correction, not a retraction (the save
    path judges it)."""
    if sentence.rstrip().endswith("?"):
        return None
    value = cue(_VALUE)
    raw = sentence.split()
    tokens = [t.strip(_STRIP) for t in raw]
    found: list[tuple[int, str]] = []
    for n, token in enumerate(tokens):
        after_number = n > 0 and tokens[n - 1].isdigit()  # "40 MB": a unit, not a second value
        name = n > 0 and token[:1].isupper() and not after_number and token.split("'")[0] != "I"
        if token and (value.search(token) or name):
            found.append((n, token))
    if len({t.casefold() for _, t in found}) != 1:
        return None
    place, token = found[0]
    rest = " ".join(raw[place + 1 :])
    if cue(_RETRACTION_OPENING).search(sentence) or cue(_RETRACTION_UNUSED).search(sentence):
        return token
    return token if cue(_RETRACTION_AFTER).search(rest) else None
