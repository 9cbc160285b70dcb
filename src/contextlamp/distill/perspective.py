"""English sentences from the user's perspective: "I prefer tabs" -> "The user prefers tabs"; and the spoken
wrapping of a statement trimmed ("yeah ok, we deploy on Fridays, right?" -> "we deploy on Fridays").

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

# irregular past tenses that are never also a present form ("set", "put", "read", "cut" are: they are inflected as
# presents), so "I meant", "I told", "I wrote" keep their verb
_PAST_WORDS = (
    "meant said told wrote knew thought sent got made took found kept left ran saw gave came became brought bought "
    "built heard held lost paid sold spent stood understood won forgot began broke chose drove fell felt flew grew "
    "hid lent met rode rang rose sang sat slept spoke stole swam taught threw woke wore led fed dealt went were "
    "misspoke mistook forgave withdrew"
)
IRREGULAR_PAST = frozenset(_PAST_WORDS.split())  # statements.py's team practice reads it too


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


# a spoken opener of the cue languages: a hedge or an interjection that is never part of a statement, before
# anything ("yeah", "ugh", "honestly", "I think", "na ja", "je pense que", "嗯"), or a word that may also be
# part of one ("so far", "right now", "cool stuff"), only when a mark follows it ("so,", "right.", "cool!");
# alternations of literals, linear
_OPENER = re.compile(
    r"^(?:(?:yeah|yep|yup|ok(?:ay)?(?: so)?|hm+|um+|uh+|ugh|oh and|oh|ah|honestly|basically|frankly|tbh|imo|"
    r"(?:it )?turns out(?: that)?|"
    r"i (?:think|guess|believe|suppose)(?: that)?|to be honest|na ja|naja|ehrlich gesagt|ich glaube|"
    r"je pense que|franchement|pues|bueno|creo que)\b[\s,.!:;…-]*"
    r"|(?:yes|no|so|well|right|cool|alright|fine|sure|great|nice|perfect|good|anyway|then|also|wait|tja|bon|alors|"
    r"ben|bref|vale|allora|dunque|beh|então|bom|enfim)\s*[,.!:;…-]+\s*"
    r"|(?:嗯|好吧|えっと|まあ|음)[\s,，、.。!！…]*)+",
    re.IGNORECASE,
)
# a tag question after a statement: "..., right?", "..., ok?", "..., non ?", "..., oder?", "……吧？"
_TAG = re.compile(
    r"[\s,，、]+(?:right|ok(?:ay)?|no|yes|yeah|correct|isn't it|don't we|didn't we|won't we|aren't we|"
    r"oder|ne|gell|non|n'est-ce pas|verdad|vale|no es cierto|vero|giusto|né|não é)\s*[?？]+\s*$",
    re.IGNORECASE,
)
# a closing aside that narrates when or how it came about, not what it is: "(we moved it last week)", "(I changed it
# yesterday)", "(they switched it over on Monday)" -- a person, a past-tense verb, nothing with a value of its own
_ASIDE = re.compile(
    r"\s*\((?:we|i|they|he|she|someone|somebody)\s+(?:just\s+|finally\s+|already\s+)?"
    rf"(?:[a-z]+ed|did|had|{'|'.join(sorted(IRREGULAR_PAST))})\b[^()\d/_#@`]{{0,60}}\)(?P<end>\s*[.!]?)\s*$",
    re.IGNORECASE,
)
MIN_TRIMMED_CHARS = 3  # what is left of "Yeah ok." must still say something, else the text is kept as it was


def trim_spoken(text: str) -> str:
    """``text`` without its spoken wrapping: leading interjections and hedges ("yeah ok,", "ugh.", "honestly",
    "I think", "na ja,", "bon,", "嗯，") and a trailing tag question (", right?", ", oder?"), so what is stored
    is the statement itself and a statement with a tag is not taken for a question. The first letter is
    upper-cased when something was cut in front. Two anchored linear patterns; the text is returned unchanged
    when nothing of at least ``MIN_TRIMMED_CHARS`` characters would be left."""
    out = _ASIDE.sub(lambda m: m.group("end") or "", _TAG.sub("", text))
    head = _OPENER.match(out)
    if head is not None and head.end() > 0:
        rest = out[head.end() :]
        out = rest[:1].upper() + rest[1:] if len(rest.strip()) >= MIN_TRIMMED_CHARS else out
    return out if len(out.strip()) >= MIN_TRIMMED_CHARS else text


# the user as the one who will do it, in front of a task: "The user will rotate the key tonight" -> a task
# reads "Task: rotate the key tonight" (research/bench/data/distill/README.md: a task names the work, its owner only
# when it is someone else); one anchored alternation of literals, linear
_TASK_SUBJECT = re.compile(
    r"^the user(?:'ll| will| needs to| has to| must| wants to| is going to| should| would like to| plans to|"
    r" is to| still needs to| also needs to)\s+(?=\w)",
    re.IGNORECASE,
)


def task_statement(text: str) -> str:
    """A task's text without the user as its subject ("The user will rotate the key" -> "rotate the key"): the
    label "Task:" already says it is the user's open work, and an owner other than the user stays ("Marco
    migrates ..."). Unchanged when the text does not open on the user's will or need."""
    head = _TASK_SUBJECT.match(text)
    return text if head is None else text[head.end() :]


_ADVERBS = ("still", "also", "always", "never", "usually", "really", "just", "often", "only", "mostly", "rarely")


_THIRD_PERSON = {"am": "is", "have": "has", "don't": "doesn't"}
# modals, past forms and adverbs read the same after "the user" ("I can" -> "the user can")
_SAME_FORM = frozenset(
    """was can will would should could must might may did had also always never usually really just still often
    only mostly""".split()  # noqa: SIM905
)


def _third_person(verb: str) -> str:
    if verb in _THIRD_PERSON:
        return _THIRD_PERSON[verb]
    if verb in _SAME_FORM or verb in IRREGULAR_PAST:
        return verb  # "I meant 06:15" -> "the user meant 06:15": a past tense is the same for every person
    if (verb.endswith("ed") and not verb.endswith("eed")) or verb.endswith("ing"):
        return verb  # past tense or participle: same for every person
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"
