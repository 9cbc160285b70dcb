"""English sentences from the user's perspective: "I prefer tabs" -> "The user prefers tabs".

A memory is read back later, by another tool or in another session, where "I" would be whoever reads it; so
the offline distiller rewrites an English first-person statement with "the user" as its subject and the verb
in the third person (regular English inflection, with the irregular and modal verbs listed). Other languages
are kept as written. One pass of a linear regular expression over the sentence.
"""

from __future__ import annotations

import re

_PRONOUN_VERB_FIXES = {
    "am": "is",
    "'m": " is",
    "have": "has",
    "'ve": " has",
    "do": "does",
    "'ll": " will",
    "'d": " would",
}


def to_user_perspective(text: str) -> str:
    """English first person to the user's perspective: "I prefer tabs" -> "The user prefers tabs"."""

    def subject(match: re.Match[str]) -> str:
        lead, contraction, adverb, verb = match.group(1), match.group(2), match.group(3), match.group(4) or ""
        who = "The user" if lead == "" else "the user"
        between = f" {adverb}" if adverb else ""
        if contraction:
            rest = f"{between}{(' ' + verb) if verb else ''}"
            return f"{lead}{who}{_PRONOUN_VERB_FIXES[contraction.lower()]}{rest}"
        return f"{lead}{who}{between} {_third_person(verb)}" if verb else f"{lead}{who}{between}"

    text = re.sub(
        r"(^|[,;:]\s*|\b(?:and|but|so|because|since|when|if|that)\s+)I('m|'ve|'ll|'d)?\b"
        rf"(?:\s+({'|'.join(_ADVERBS)}))?(?:\s+([a-z]+))?",
        subject,
        text,
    )
    text = re.sub(r"\bmy\b", "the user's", text)
    text = re.sub(r"\bMy\b", "The user's", text)
    return text


_ADVERBS = ("still", "also", "always", "never", "usually", "really", "just", "often", "only", "mostly", "rarely")


def _third_person(verb: str) -> str:
    irregular = {
        "am": "is",
        "have": "has",
        "do": "does",
        "go": "goes",
        "was": "was",
        "can": "can",
        "will": "will",
        "would": "would",
        "should": "should",
        "could": "could",
        "must": "must",
        "might": "might",
        "may": "may",
        "don't": "doesn't",
        "did": "did",
        "had": "had",
        "also": "also",
        "always": "always",
        "never": "never",
        "usually": "usually",
        "really": "really",
        "just": "just",
        "still": "still",
        "often": "often",
        "only": "only",
        "mostly": "mostly",
        "prefer": "prefers",
    }
    if verb in irregular:
        return irregular[verb]
    if (verb.endswith("ed") and not verb.endswith("eed")) or verb.endswith("ing"):
        return verb  # past tense or participle: same for every person
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"
