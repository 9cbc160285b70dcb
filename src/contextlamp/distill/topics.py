"""Topics for distilled items: the subject of a statement that gives a stable subject a value.

"The ledger database is PostgreSQL 16", "I switched my editor to Helix" ("The user switched the user's editor
to Helix" once in the user's perspective), "Unser Editor ist Helix", "We use Sentry for error tracking",
"Editor: Helix": each states the value of a subject (the ledger database, the editor, error tracking). The
subject, without its determiner or possessive, becomes the item's topic (``text.topic_key``: "ledger-database",
"editor", "error-tracking"), so a later session's "We moved the ledger database to PostgreSQL 17" supersedes
the old value through the store's topic supersession (domain/rules.py ``superseded_by_winner``), as a
``save_context`` with the same topic does.

Losing a fact is worse than keeping a stale one, so a topic is given only when the statement clearly sets a
value: the subject is one to five words after a determiner or possessive ("the", "our", "the user's", "die",
"notre", "nuestro" ...), not a pronoun or a vague head ("the problem is ..."); the value begins with a digit,
a capital letter, a quote or backtick, or a technical token ("us-east-1", "iTerm2"), or "in/at/on" followed by
one of those (a name, a version, a place, a time), never with a negation, a determiner or a plain lower-case
word ("the database is not MySQL", "the editor is the default", "the database is slow": an adjective cannot be
told from a lower-case name such as "master", so neither is taken). The whole subject phrase is the key, so
subjects that share a word ("the ledger database", "the analytics database") stay apart. Everything else gets
no topic and is never superseded by a later session.
research/bench/distill_topics.py measures both errors on research/bench/data/distill-topics.json.

Every pattern is anchored and its repeats bounded (at most five subject words), so each runs in time linear
in the statement.
"""

from __future__ import annotations

import re

from contextlamp.text import topic_key


def _words(text: str) -> list[str]:
    return text.split()


MAX_SUBJECT_WORDS = 5
_WORDS = r"[^\W\d_][\w+#.&'-]*(?: [^\W\d_][\w+#.&'-]*){0,4}"  # one to five words, the first a letter
_DETERMINER = (
    r"(?:the user's|the|our|my|this|its|their|"  # English (the user's: perspective.py's "my")
    r"der|die|das|den|dem|unser|unsere|unseren|unserem|mein|meine|meinen|"  # German
    r"le|la|les|l'|notre|nos|mon|ma|mes|"  # French
    r"el|los|las|nuestro|nuestra|nuestros|nuestras|mi|mis|"  # Spanish ("la" above)
    r"il|lo|gli|il nostro|la nostra|il mio|la mia|o|os|a|as|o nosso|a nossa|o meu|a minha)"  # Italian, Portuguese
)
_COPULA = r"(?:is|are|ist|sind|est|sont|es|son|è|sono|é|são)(?: now| jetzt| maintenant| ahora| ora| agora)?"
_LEAD = r"^(?:(?:now|from now on|going forward|ab jetzt|désormais|a partir de ahora)[,:]?\s+)?"
_COPULA_VALUE = re.compile(rf"{_LEAD}{_DETERMINER}\s?(?P<subject>{_WORDS}) {_COPULA} (?P<value>\S.*)$", re.IGNORECASE)
_SWITCH = re.compile(
    r"^(?:the user|we|i|wir|ich|nous|je|nosotros|yo)\s+(?:have\s+|has\s+|just\s+|now\s+)?"
    r"(?:switched|moved|changed|migrated|upgraded|updated|set|bumped)\s+"
    rf"{_DETERMINER}\s?(?P<subject>{_WORDS})\s+(?:from\s+\S+(?:\s\S+){{0,3}}\s+)?to\s+(?P<value>\S.*)$",
    re.IGNORECASE,
)
_USE_FOR = re.compile(
    r"^(?:the user|we|i)\s+(?:now\s+)?(?:uses?|use)\s+(?P<value>\S+(?:\s\S+){0,3}?)\s+for\s+"
    rf"(?:{_DETERMINER}\s)?(?P<subject>{_WORDS})\s*[.!]?$",
    re.IGNORECASE,
)
_KEY_VALUE = re.compile(rf"^(?P<subject>{_WORDS})\s?[:：]\s+(?P<value>\S.*)$")
_LABELS = frozenset(
    _words(  # "Decided:", "Task:" are this distiller's own labels; "Note:" and friends no subject
        "decided task todo to-do note notes update correction summary aufgabe tâche tarea tarefa compito "
        "fyi ps tip warning important reminder question answer"
    )
)
_PRONOUNS = frozenset(
    _words(
        "i we you he she it they this that these those there here what which who one something everything nothing user"
    )
)
_VAGUE = frozenset(
    _words(  # heads that introduce a clause, not a subject with a value: "the problem is ..."
        "thing things problem problems issue issues point idea reason question answer result plan goal catch trick "
        "difference rule fact truth news part step option alternative choice outcome situation context background "
        "summary update status same other rest way case good bad best worst main only first last next"
    )
)
_VALUE_START = re.compile(r"""^(?:(?:in|at|on|im|am|à|en|a|em|no|na)\s+)?(?:\d|[`"'“‘«„(]|[^\W\d_])""", re.UNICODE)
_NOT_A_VALUE = frozenset(
    _words(
        "not no never none nothing the a an that this it we i our my your its their also still just "
        "nicht kein keine pas ne non no nunca nada"
    )
)
_QUALIFY = frozenset(
    _words(  # a subject of one of these words alone names no one thing: "the deadline" of what?
        "deadline date time day meeting call budget price cost owner name version default limit target priority "
        "focus team project task ticket bug fix release branch value number size length order format"
    )
)
_PARENTHESIS = re.compile(r"\s?\([^()]{0,60}\)")
# a lower-case value that is a technical token, not an adjective: a digit, a capital inside, or - . _ / between
# letters ("us-east-1", "iTerm2", "release/2.4"); "slow", "down", "master" are not taken
_JOINED = re.compile(r"[^\W_][-._/][^\W_]")
_DECIDED = re.compile(r"^(?:decided|task|aufgabe|tâche|tarea|tarefa|compito)\s?[:：]\s*", re.IGNORECASE)


def subject_topic(statement: str) -> str | None:
    """The topic key of the subject whose value ``statement`` sets, or None when it sets none clearly (see the
    module docstring). ``statement``: one distilled item's text. Linear in its length."""
    text = _PARENTHESIS.sub("", _DECIDED.sub("", statement.strip(), count=1)).rstrip(" .!;")
    for pattern, needs_capital in ((_SWITCH, False), (_COPULA_VALUE, True), (_USE_FOR, False), (_KEY_VALUE, True)):
        match = pattern.match(text)
        if match is None:
            continue
        subject = _subject(match.group("subject"))
        if subject is None or not _is_value(match.group("value"), needs_capital):
            continue
        if pattern is _KEY_VALUE and subject.split()[0] in _LABELS:
            continue
        key = topic_key(subject)
        if key:
            return key
    return None


def _subject(phrase: str) -> str | None:
    """The subject phrase lower-cased, or None for a pronoun, a vague head or too many words."""
    words = phrase.lower().split()
    if not words or len(words) > MAX_SUBJECT_WORDS or words[0] in _PRONOUNS:
        return None
    if words[-1] in _VAGUE or words[0] in _VAGUE or (len(words) == 1 and words[0] in _QUALIFY):
        return None
    return " ".join(words)


def _is_value(value: str, needs_capital: bool) -> bool:
    """Whether ``value`` reads as the value a subject is given: not a negation or a determiner first; with
    ``needs_capital`` (a copula, a key-value line) a digit, a capital letter or a quote opens it, after an
    optional "in/at/on" (a name, a version, a place, a time)."""
    words = value.split()
    if not words or words[0].lower().strip(",.") in _NOT_A_VALUE:
        return False
    rest = value
    preposition = re.match(r"^(?:in|at|on|im|am|à|en|em|no|na)\s+", value, re.IGNORECASE)
    if preposition:
        rest = value[preposition.end() :]
        if not rest or rest.split()[0].lower() in _NOT_A_VALUE:
            return False
    if not needs_capital:
        return _VALUE_START.match(value) is not None
    first = rest[:1]
    if first.isdigit() or first in "`\"'“‘«„" or (first.isalpha() and first.isupper()):
        return True
    token = rest.split()[0].rstrip(",;")
    return any(c.isdigit() or c.isupper() for c in token) or _JOINED.search(token) is not None
