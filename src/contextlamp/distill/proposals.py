"""What the offline distiller takes from an assistant turn: proposals the user accepted, and the choice a bare
answer makes to the either-or question that ended it (offline.py's stage 2, "classify").

"Shall I use pnpm?" / "yes" -> "The project uses pnpm." (English: the state an accepted choice of tool sets)
or "Decided: ..."; "Tabs or spaces?" / "tabs, always" -> "The user prefers tabs over spaces.". The
assistant's reports of its own actions, its offers and one-off actions the user let it do are never the
user's. Every pattern is anchored or bounded (a fixed tail of the turn), so each call is linear.
"""

from __future__ import annotations

import re

from contextlamp.distill.cue_set import Cues
from contextlamp.distill.durable import is_lasting
from contextlamp.distill.resolve import Candidate
from contextlamp.distill.script import word_count

_WORD = re.compile(r"\w+", re.UNICODE)


def confirms(text: str, cues: Cues) -> bool:
    """The user's reply accepts what the assistant proposed ("yes", "sounds good, do it", "ja, passt")."""
    head = text.strip().lower()[:80]
    return bool(cues.confirm.search(head))


_PROPOSAL = re.compile(
    r"^(?:i(?:'d)? (?:suggest|recommend|propose)(?: that)?|we could|we should|let's|how about|maybe|"
    r"(?:should|shall|can) (?:we|i)|(?:do you )?want (?:me|us) to|do you want to|would you like (?:me |us )?to)\s+",
    re.IGNORECASE,
)


_DECLINE = re.compile(r"\b(?:but not|except(?: for)?|not|no|without|skip|drop)\b(?P<rest>[^.;!?]*)", re.IGNORECASE)


def declined_words(reply: str) -> set[str]:
    """Content words the user excluded while accepting ("yes, but not Loki" -> {"loki"})."""
    words: set[str] = set()
    for match in _DECLINE.finditer(reply):
        words |= {w.lower() for w in _WORD.findall(match.group("rest")) if len(w) > 2}
    return words


def confirmed_proposals(
    sentences: list[str], cues: Cues, declined: set[str], place: float = 0.0, language: str = "en"
) -> list[Candidate]:
    """Decisions from an assistant turn the user accepted: its proposals, questions included, become
    statements of the state they set ("Shall I use pnpm?" / "yes" -> "The project uses pnpm.", English:
    ``_state_of``) or else "Decided: ..." statements; its reports of its own actions and its offers are not
    the user's."""
    kept: list[Candidate] = []
    for raw in sentences:
        sentence = raw.strip()
        match = _PROPOSAL.match(sentence)
        if match is None:  # the assistant's reports of what it did are not the user's decisions
            continue
        body = re.sub(r"^(?:we|i)\s+", "", sentence[match.end() :]).rstrip(" ?!.")
        if word_count(body) < 3 or cues.offer.search(body.lower()) or _tokens(body) & declined:
            continue
        state = _state_of(body) if language == "en" else None
        ours = _TEAM.search(match.group()) is not None  # "should we ...?": the team decides, not a favour asked
        lasting = ours or _CHOICE_VERB.match(body) or cues.decision.search(body.lower()) or is_lasting(body)
        if state is None and not lasting:
            continue  # a one-off action the user let it do ("delete jest.config.js"), not a lasting choice
        text = state or f"Decided: {body}."
        kept.append(Candidate(text, "event", "decision", cue="event/decision", role="assistant", place=place))
    return kept


# an accepted proposal that picks a tool or a way of working: the project uses it from now on ("use pnpm",
# "go with Riverpod", "switch to uv", "standardise on Node 20"); a proposal of a one-off action ("add a flag",
# "switch CI to GitHub Actions") stays a decision. Alternations of literals, anchored, linear
_ADOPT = re.compile(
    r"^(?:use|adopt|go with|stick with|stay with|switch to|move to|migrate to|standardi[sz]e on|settle on)\s+(?=\S)",
    re.IGNORECASE,
)


_TEAM = re.compile(r"\b(?:we|us|let's)\b", re.IGNORECASE)
# an accepted proposal that changes how things are done from now on (English), as opposed to a one-off action
# the user let the assistant do ("Should I delete jest.config.js?", "Want me to draft an agenda?")
_CHOICE_VERB = re.compile(
    r"^(?:use|adopt|go with|stick with|stay with|switch|move|migrate|replace|upgrade|downgrade|standardi[sz]e|"
    r"settle on|pin|drop|deprecate|retire|keep using|stop using|require|enforce|ban|forbid)\b",
    re.IGNORECASE,
)


def _state_of(body: str) -> str | None:
    """The state an accepted English proposal sets, as a statement ("use pnpm for the workspace" -> "The
    project uses pnpm for the workspace."), or None when the proposal is no choice of what to use."""
    head = _ADOPT.match(body)
    return None if head is None else f"The project uses {body[head.end() :]}."


# an either-or question of the assistant: the word before "or" (in the cue languages) and the one or two words
# after it, before the question mark ("Tabs or spaces?", "Postgres or MySQL for the ledger?"); linear
_CHOICE = re.compile(
    r"([\w.+#-]+)\s+(?:or|oder|ou|o)\s+([\w.+#-]+)(?:\s+[\w.+#-]+){0,4}\s*[?？]", re.IGNORECASE | re.UNICODE
)
CHOICE_TAIL_CHARS = 400  # the end of an assistant turn searched for its closing either-or question
MAX_ANSWER_WORDS = 8  # an answer that long is a statement of its own, read as one


def choice_of(text: str) -> tuple[str, str] | None:
    """The two options of the either-or question that ends an assistant turn, or None."""
    tail = text[-CHOICE_TAIL_CHARS:].rstrip()  # the question ends the turn; a bounded tail keeps it linear
    found = None
    for match in _CHOICE.finditer(tail):
        found = match
    if found is None or found.end() != len(tail) or found.group(1).lower() == found.group(2).lower():
        return None
    return found.group(1), found.group(2)


def chosen(sentences: list[str], choice: tuple[str, str] | None, language: str) -> str | None:
    """A bare answer to an either-or question completed with its subject ("Tabs or spaces?" / "tabs, always"
    -> "The user prefers tabs over spaces."): a short user turn naming exactly one of the options. English
    only (the template); other languages keep the answer as said."""
    if choice is None or language != "en" or not sentences:
        return None
    answer = " ".join(sentences)
    if word_count(answer) > MAX_ANSWER_WORDS:
        return None
    words = _tokens(answer)
    first, second = choice
    picked = [option for option in (first, second) if option.lower() in words]
    if len(picked) != 1:
        return None
    other = second if picked[0] == first else first
    said = next(w for w in _WORD.findall(answer) if w.lower() == picked[0].lower())  # as the user wrote it
    return f"The user prefers {said} over {other}."


def _tokens(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}
