"""The agent writes the digest at natural pauses (issue #27.5): when the agent stops and durable things were
said since the last checkpoint, the client's own stop mechanism asks it, once, to call ``save_session``
with a digest. Cheap offline cues decide *when*; the agent, which understood the conversation, decides
*what*.

The mechanisms (each client's documentation, and the installed CLIs):

- Claude Code ``Stop`` (code.claude.com/docs/en/hooks): stdin ``session_id``, ``transcript_path``,
  ``stop_hook_active``; output ``{"decision": "block", "reason": ...}`` makes Claude continue with the reason
  as its next instruction.
- Codex ``Stop`` (developers.openai.com/codex/hooks): the same input and output (``decision: "block"``,
  ``reason`` as the continuation prompt).
- Gemini CLI ``AfterAgent`` (geminicli.com/docs/hooks/reference): input ``prompt``, ``prompt_response``,
  ``stop_hook_active``; output ``{"decision": "deny", "reason": ...}`` sends the reason to the agent as a new
  prompt (the response stands in the transcript; the agent answers again after saving).
- Cursor ``stop`` (cursor.com/docs/agent/hooks): input ``status``, ``loop_count``; output
  ``{"followup_message": ...}`` is submitted as the next user message.

Never a loop: no request while the client says this stop already follows a hook's request
(``stop_hook_active``, Cursor's ``loop_count`` > 0), and at most one per pause: the checkpoint (the
transcript's turn count and its count of contextlamp save calls) moves to the end of the transcript at every
stop, so the same turns never ask twice. The state lives in ``<home>/hooks/digest/<session key>.json``.

Cost: one extra agent turn (the ``save_session`` call and the model's short reply) at a pause whose new
user turns carry a cue, and none at any other; measured by the real-client test (tests/test_real_clients.py)
and reported in docs/hooks.md. ``CONTEXTLAMP_DIGEST`` is not a setting: ``connect --no-digest`` leaves the
stop hook out, and the offline capture at compaction and session end runs either way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contextlamp.distill.taught import CREDENTIAL as _RANDOM  # a credential, a hash: never a fact to digest
from contextlamp.distill.taught import (
    commented,
    confirmed_check,
    has_value,
    is_no,
    pasted_config,
    split_asides,
    stated_inside,
    tail,
    without_notes_to_self,
)
from contextlamp.domain.correction_markers import revision_body
from contextlamp.hooks.checkpoint import checkpoint_path, load_counts, save_calls
from contextlamp.hooks.clean import cue_input, injected_keys
from contextlamp.hooks.cue_lang import answers_question, language, ordinary_elsewhere, said_in_passing, states_fact
from contextlamp.hooks.saver import read_session, write_json
from contextlamp.printed import DIGEST_REQUEST

# The cues (what makes a user turn worth the agent's digest): a request to remember, a decision or a
# convention, a standing preference or rule, a correction, a stated fact about the project's setup. Each is one
# alternation of a case-insensitive regular expression; tests/data/digest_cues_heldout.json is their held-out
# set (precision and recall reported in docs/hooks.md).
CUES: dict[str, str] = {
    "remember": r"\b(?:remember|keep in mind|note that|for future reference|don'?t forget|fyi)\b",
    "decision": r"\b(?:we|i|the team)(?:'ve| have)? "
    r"(?:decided|agreed|chose|chosen|settled on|switched|moved|standardi[sz]ed)\b|\bdecision\b",
    "rule": r"\b(?:from now on|going forward|in future|always|never|do not ever|don'?t (?:ever )?use)\b",
    "preference": r"\bi (?:prefer|like to|want you to|hate|dislike|don'?t like)\b|\bplease (?:always|never)\b",
    "correction": r"\b(?:actually|correction|that'?s wrong|not \w+,? but)\b",
    "fact": r"\b(?:our|the) [\w-]+(?: [\w-]+)? (?:is|are|runs|lives|listens|uses|owns|rotates|lives)\b"
    r"(?=.*\b(?:on|in|at|every|under|since|port|the)\b)"
    r"|\bmy name is\b|\b(?:deadline|due date)\b",
}
_CUE = {name: re.compile(pattern, re.IGNORECASE) for name, pattern in CUES.items()}
# A sentence that carries a cue word but states nothing to keep (issue #27.5, research/notes/echo2-stop39.md).
# Each alternation is a class of ordinary talk, never a list of example turns: a dismissal ("never mind",
# "no worries", "just kidding"), a reminiscence ("remember when ..."), an interjection ("lol", "ugh"), the thing
# at hand as the subject ("this is ...", "that was ...", "it's ..."), a hedge ("probably", "I think", "let's
# see"), a temporary scope ("for now", "just for this test", "this time", "... yet"), the speaker's momentary
# state ("I'm on my phone"), a negated decision ("we decided nothing"), an appraisal of the moment ("looks
# fine"), and the always/never of a complaint rather than a rule ("this always happens", "never again",
# "always the same").
_AT_HAND = (  # what a turn points at in the work of the moment ("this file", "that diff", "these tests")
    "file|diff|pr|branch|function|line|test|tab|page|change|edit|version|part|error|message|bug|output|commit|case|"
    "screen|window|variable|method|class|query|script|step|spike|fix|approach|draft|snippet|one"
)
_ORDINARY = re.compile(
    r"\b(?:never ?mind|no worries|just kidding|jk|forget (?:it|that|about it))\b"
    r"|\bremember (?:when|how|that time)\b"
    r"|(?<![\w#-])(?:lol|lmao|rofl|haha\w*|ugh+|meh|omg|sigh|yay|oops)(?![\w-])"  # not in a name ("#canline-oops")
    r"|(?:^|[,;:]\s*|\b(?:that|and|but|so|note|mind|remember|actually)\s+)"
    r"(?:this|that|it)(?: one)?(?:'s| is| was| looks| seems| happens)\b"
    r"|\b(?:probably|maybe|perhaps|i think|i guess|i'?m (?:only )?guessing|not sure(?! (?:if )?you know)|let'?s see)\b"
    r"|\b(?:for now|for today|for the moment|at the moment|right now|this time|just for|for this (?:test|run|"
    r"once|session|task|one))\b|\b(?:nothing|not) yet\b"
    r"|\bi(?:'m| am) (?:on|at|in|out|away|busy|currently|just|only|still|about to)\b"
    r"|\b(?:decided|agreed|chose|settled on) (?:nothing|not|no)\b"
    r"|\b(?:looks|seems|feels) (?:fine|good|ok|okay|great|right|wrong|off|weird)\b"
    r"|\b(?:this|that|it) (?:always|never)\b|\b(?:always|never) (?:again|the same|fun|happens)\b"
    # the thing at hand as the object: "this file", "that diff", "the last edit", "here is", "how this looks"
    rf"|\b(?:this|these|those) (?:\w+ )?(?:{_AT_HAND})s?\b|\bthat (?:{_AT_HAND})\b"
    r"|\bthe (?:last|previous|above|below|following|right|wrong) \w+"
    r"|\bhere(?:'s| is| are)\b|\bhow (?:this|that|it) (?:looks|works|reads|sounds|feels)\b"
    r"|\bafter (?:this|that|your)\b"
    # the speaker's screen or machine and a state of the moment: "on my screen", "is running now", "passed"
    r"|\bon my (?:screen|machine|laptop|branch|end|side|box)\b|\bin the terminal\b"
    r"|\b(?:is|are|was|were) (?:running|green|red|failing|passing|broken|down|up|empty|fixed|working|done|back) "
    r"(?:now|again|at least)\b|\b(?:it|they|that|this) (?:passed|failed|worked|broke)\b"
    r"|\bsame as (?:yesterday|before|last time)\b",
    re.IGNORECASE,
)
# a request for the moment (the agent is asked to act now: "let's try", "can you look", "try something else",
# "undo that"), which a cue word beside it does not make durable; a standing rule's words (``_STANDING``) make a
# request a rule ("From now on, run the migrations with --dry-run first.")
_REQUEST = re.compile(
    r"\blet(?:'s| us| me)\b|\b(?:can|could|would|will) you\b|^(?:please|pls) (?!always|never)\w+"
    r"|^(?:explain|describe|summari[sz]e|prep|draft|tell me)\b"
    r"|(?:^|[,;:]\s*|\b(?:and|then|so|please|just)\s+)(?:try|undo|revert|rerun|re-run|look|show|put|rename|reseed|"
    r"fix|take|give|open|close|pull|rebase|continue|wrap|stop|wait|check|go|keep going|paste|print|restart)\b",
    re.IGNORECASE,
)
_STANDING = re.compile(
    r"\b(?:always|never|from now on|going forward|in future|every time|whenever|each time|by default)\b", re.IGNORECASE
)
# a cue needs something said beside it: two or more words that are not function words ("actually no, revert
# that" says nothing to keep)
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "no",
        "not",
        "yes",
        "ok",
        "okay",
        "it",
        "that",
        "this",
        "them",
        "those",
        "these",
        "there",
        "here",
        "so",
        "and",
        "or",
        "but",
        "to",
        "of",
        "about",
        "with",
        "for",
        "on",
        "in",
        "at",
        "me",
        "you",
        "we",
        "i",
        "us",
        "is",
        "are",
        "was",
        "be",
        "do",
        "does",
        "did",
        "please",
        "just",
    ]
)
_WORD = re.compile(r"\w[\w'-]*")
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=[^\s.!?]))+[.!?]*")  # a stop inside a value ("3.9", "a.b") goes on
MIN_CONTENT_WORDS = 2
# what the clients put into a user turn that is not the user's own words: injected context and reminders
_INJECTED = re.compile(
    r"<(hook_context|system-reminder|session_context|environment_context|user_instructions)>.*?</\1>", re.DOTALL
)
# A fact about the setup as people state it to a coding agent (research/notes/agent44-stop44.md): a
# sentence that names a specific value (``_VALUE``) in a statement of how things are (``_HABITUAL``: a present
# verb of a relation, a copula, a settings line "X: V" / "X = V"), not an event of the moment (``_MOMENT``).
# A value: a token with a digit, an inner separator (``ops.events.v3``, ``/etc/x.toml``, ``rc-astro``,
# ``a@b``), a channel ``#x``, an all-capitals or inner-capital name (``KILL_OPSFLOW``, ``LiveView``), a capitalised
# word inside the sentence (a person, a product), or the object of a relation that names a tool ("written in
# V", "built on V", "serialises with V", "is a V app").
_VALUE = re.compile(
    r"\b\w*\d\w*\b|\w[./:@_-]+\w|(?<!\w)[#/~]\w|\b[A-Z][A-Z0-9_]+\b|\b[A-Za-z]+[a-z][A-Z]\w*"
    r"|(?<=[\w,;)] )[A-Z][^\W\d_]+\b|^(?:\w+ )?[A-Z][a-z]+(?:'s)? (?=[a-z]+s\b)"
    r"|\b(?:written|built|implemented|rewritten) (?:in|on|with) \w"
    r"|\b(?:with|using|via) [a-z]\w+\b(?! (?:the|a|my|your)\b)"
    r"|\b(?:is|are) an? \w+ (?:app|service|job|project|library|tool|codebase|monolith)\b"
    # a name before its kind ("the placeurs schema", "the billing bucket")
    r"|\bthe [a-z][\w-]* (?:schema|bucket|queue|topic|namespace|cluster|database|db|keyspace|vhost|tablespace)\b"
)
_SINCE = re.compile(r"\b(?:as of|from|since|starting) (?:today|now|this \w+)\b", re.IGNORECASE)  # a change's date
# a statement's clauses: a request after a dash is its own (a dash read from a whitespace run's start: linear on
# a long run of blank lines)
_CLAUSE = re.compile(r"(?<!\s)\s+[—–-]+\s+|;\s+")
# a statement of how things are: a present verb (third person), a copula or a possessive, "we <verb>", or a
# settings line; never a request, a question or ordinary talk (``_statements`` drops those first)
_HABITUAL = re.compile(
    r"\b(?:is|are|has|have)\b|\b[a-z]{2,}[^s\W]s\b|\bwe (?:use|run|ship|keep|hold|host|deploy|tag|build|store|"
    r"went with|picked|chose|pin)\b|\b(?:moved|changed|switched|migrated|renamed|bumped|upgraded|rolled back|"
    r"transferred|handed|took over|went from|replaced|rewrote|rewritten|rebased|rebuilt|raised|lowered|loosened|"
    r"extended|slowed|ported|retired)\b|\b(?:goes|go) (?:to|through|past)\b|^[^:=]{2,60}(?::|=) *\S",
    re.IGNORECASE,
)
# an event or a state of the moment, a report of what something printed, an appraisal: not the setup
_MOMENT = re.compile(
    r"\b(?:is|are|was|were|keeps?|'s|'re) \w+ing\b|\b(?:today|tonight|yesterday|this morning|again|just now|"
    r"currently|at the moment)\b|\b(?:says|said|shows|showed|prints|printed|throws|threw|complains|"
    r"looks(?! after)|seems|feels|sounds|takes(?! over)|took|failed|fails|crashed|broke|went (?:up|down))\b"
    r"|\b(?:line|row|column|page|step|attempt|try|minute|second|hour)s? \d+\b|\b\d+ (?:percent|%|errors?|"
    r"warnings?|failures?|tests?|files?|lines?)\b"
    # a failure reported (an error, a log line) and a time of the moment ("the next pass", "until 10")
    r"|\b(?:errors?|exception|panic\w*|fatal|failure|denied|refused|timed out|cannot|can'?t|unable|invalid|"
    r"not found|stopped|bounces?|hangs(?! on)|rejects?|next|until|tomorrow|later|soon|if you need it)\b",
    re.IGNORECASE,
)
# a verb-like word ending in s that is not a third-person verb (plurals and words in -ss, -us, -is)
_NOT_VERB_S = re.compile(r"\b\w+(?:ss|us|is|ics|ings|ers|ors|ents|ions|ies|ays|oes)\b", re.IGNORECASE)
MAX_CUES_SHOWN = 3

REASON = DIGEST_REQUEST  # printed.py: the one home of what contextlamp prints
PAUSE_EVENTS = {"claude-code": "Stop", "codex": "Stop", "gemini-cli": "AfterAgent", "cursor": "stop"}


@dataclass(frozen=True)
class Pause:
    """One stop: the session key, the transcript (None: unknown), whether the client says this stop follows a
    hook's own request (``stop_hook_active``, or Cursor's ``loop_count`` above 0)."""

    key: str
    transcript: Path | None
    continued: bool


def read_pause(client: str, payload: dict[str, Any], key: str, transcript: Path | None) -> Pause:
    """The ``Pause`` of a stop hook's ``payload`` (see the module docstring for each client's fields)."""
    continued = payload.get("stop_hook_active") is True
    loops = payload.get("loop_count")
    if client == "cursor" and isinstance(loops, int) and not isinstance(loops, bool) and loops > 0:
        continued = True
    return Pause(key, transcript, continued)


def cues_of(text: str, asked: str = "") -> list[str]:
    """The cue names a user turn carries (``CUES``; "fact" also for a fact about the setup said the way people
    say it, ``_states_setup``, judged per clause, in English or another usual language, ``cue_lang``, and for
    a value given as the answer to the agent's question, ``asked``: the agent's turn before ``text``), after
    removing what clients inject into user turns; a question carries none (asking is not stating), nor a paste
    (``_is_paste``)."""
    own = _INJECTED.sub(" ", text).strip()
    if any(_says_something(c) and not (_ORDINARY.search(c) or _MOMENT.search(c)) for c in commented(own)):
        return ["fact"]  # a settings line whose comment says why (``taught.commented``), pasted or not
    if pasted_config(own):
        return ["fact"]  # a config block pasted on purpose (``taught.pasted_config``)
    own = without_notes_to_self(own).strip()
    if not own or _is_paste(own) or is_no(own):  # a bare no states nothing ("Nee, dat klopt niet")
        return []
    if asked and answers_question(own, asked, _VALUE, _MOMENT):
        return ["fact"]  # the bare answer to the agent's own question ("7443" after "which port ...?")
    if asked and (checked := confirmed_check(own, asked)) is not None:
        check, stated = checked  # the agent's check the user confirmed ("So X lives on V?" "yes, exactly"); a
        # statement it checked that names a value is one the user now stands behind (the offline rule)
        return cues_of(check) or (["fact"] if stated and has_value(f" {check}") else [])
    # an aside is its own sentence; a sentence in another language that asks, requests, thanks or says the moment
    # carries no cue of any path (``cue_lang``)
    whole, own = own, _SENTENCE.sub(lambda m: "\n" if ordinary_elsewhere(m.group()) else m.group(), split_asides(own))
    found: list[str] = []
    for sentence in _statements(own):
        for name, pattern in _CUE.items():
            cue = pattern.search(sentence)
            if cue is None:
                continue
            # what the sentence says beside its cue word (a fact cue's match holds its subject: counted in)
            said = sentence if name == "fact" else sentence[: cue.start()] + " " + sentence[cue.end() :]
            if name not in found and _says_something(said):
                found.append(name)
    if not found and any(_states_setup(clause) for clause in _statements(_CLAUSE.sub(".\n", own))):
        found.append("fact")  # a fact about the setup said the way people say it (``_states_setup``)
    if not found and any(_states_setup(clause) for sentence in _SENTENCE.findall(own) for clause in _leading(sentence)):
        found.append("fact")  # ... before a clause of ordinary talk ("X polls every 45 s, it was 3 min before")
    if not found and any(
        not _RANDOM.search(sentence) and (states_fact(sentence, _VALUE, _MOMENT) or said_in_passing(sentence, _VALUE))
        for sentence in _SENTENCE.findall(own)
    ):  # in German, French, Spanish, Italian, Portuguese or Dutch, or said in passing (``cue_lang``)
        found.append("fact")
    if not found and not _RANDOM.search(whole) and (split := tail(whole)) is not None:
        found += cues_of(split[1])  # a statement after a request ("fix X, and by the way Y runs on V")
    if not found and any(
        (inner := stated_inside(sentence)) is not None and not _MOMENT.search(inner[1])
        for sentence in _SENTENCE.findall(whole)
    ):  # a fact in a clause of a request ("write a load test for X, it should stay under its V limit")
        found.append("fact")
    if "correction" not in found and any(_changes_value(sentence) for sentence in _SENTENCE.findall(own)):
        found.append("correction")  # a durable value's change said as news or in chat (``_changes_value``)
    return found


_LEAD_CLAUSE = re.compile(r",\s+|;\s+|:\s+|(?<!\s)\s+[—–-]+\s+")


def _leading(sentence: str) -> list[str]:
    """The clauses of ``sentence`` before its first clause of ordinary talk (``_ORDINARY``), when it has one:
    ordinary talk is judged in its own clause ("the X polls every 45 seconds, it was every 3 minutes before the
    upgrade": "it was" is no veto of the clause before it); a sentence that opens on it ("for now, ...", "probably,
    ..."), a question and a request for the moment (``_REQUEST``, anywhere: "the api returns 500 when the list is
    empty, look into it") keep none. Linear in ``len(sentence)``."""
    sentence = sentence.strip()
    if sentence.endswith("?") or not _ORDINARY.search(sentence) or _REQUEST.search(sentence):
        return []  # no veto (the sentence is judged whole: ``_statements``), or a request: about the moment
    kept: list[str] = []
    for clause in _LEAD_CLAUSE.split(sentence):
        if _ORDINARY.search(clause):
            break
        kept.append(clause)
    return kept


def _statements(text: str) -> list[str]:
    """The sentences of ``text`` that may carry a cue: not a question, not a class of ordinary talk
    (``_ORDINARY``), not a request for the moment (``_REQUEST``) unless it states a standing rule; each judged
    without a closing comment that points back at it (``_without_comment``)."""
    out: list[str] = []
    for match in _SENTENCE.finditer(text):
        said = match.group().strip()
        sentence = _without_comment(said)
        if not sentence or said.endswith("?") or _ORDINARY.search(sentence):
            continue
        if _REQUEST.search(sentence) and not _STANDING.search(sentence):
            continue
        out.append(sentence)
    return out


# a closing comment on what the sentence just said, pointing back at it after its last comma ("..., it's a cheap
# call", "..., that was the old box"): the thing at hand in ordinary talk (``_ORDINARY``), which does not unsay
# the statement before it
_POINTER = re.compile(r"(?:and |but |so )?(?:this|that|it)(?:'s| is| was)\b", re.IGNORECASE)


def _without_comment(sentence: str) -> str:
    """``sentence`` without a closing comment that points back at it (``_POINTER`` after its last comma)."""
    cut = sentence.rfind(",")
    return sentence[:cut] if cut > 0 and _POINTER.match(sentence[cut + 1 :].lstrip()) else sentence


# A durable value's change said as news or in chat (issue #27 items 2 and 5, research/notes/cue45-stop44.md): a
# marker of change or correction (``_CHANGE``, or a chat opener that takes back what was said, stale5's
# ``revision_body``) with, in one clause, a new value (``_VALUE``) or the old one named against it (``_OLD``: "V,
# not A", "(was A)", "instead of A", "no longer A", "dropped A for V", "moved off A", "ported to V"); never a
# question, a request for the moment, ordinary talk or a moment (``_MOMENT``: "the test passed now", "it's failing
# again"). "it's V" is the thing at hand in ordinary talk but the new value after a marker ("X moved, it's V now"):
# the clause is judged with its subject dropped.
_CHANGE = re.compile(
    r"\b(?:now|these days|nowadays|any ?more|no longer|instead of|in place of|rather than|used to be|previously|"
    r"formerly|retired|archived|deprecated|decommissioned|phased out|replaced|swapped|ditched|dropped|renamed|moved|"
    r"switched|migrated|ported|changed|transferred|took over|taken over|handed (?:over|off)|went from|earlier|"
    r"i (?:said|told you|wrote)|(?:disregard|ignore|forget|scrap|scratch) (?:the bit|the part|what i|my earlier|the "
    r"earlier|everything i))\b|\((?:was|used to be|formerly|previously|not|ex)\b|\w,\s*not (?:the |an? )?\w",
    re.IGNORECASE,
)
_NOT_A_VALUE = r"(?!(?:the|a|an|my|your|our|this|that|these|those|it|them|me|you|us|there|here|now)\b)[a-z]\w"
_OLD = re.compile(
    rf"\w,? not (?:the |an? )?\w|\((?:was|used to be|formerly|previously|not|ex) \w|\b(?:instead of|rather than|"
    rf"in place of|no longer(?: the| an?)?) {_NOT_A_VALUE}|\b(?:dropped|ditched|replaced|swapped) {_NOT_A_VALUE}+ "
    # at most 80 characters from the verb to its "to V": a lazy scan to the next comma made each "moved" read to the
    # end of a comma-less turn (quadratic; tests/test_digest.py's hostile turns)
    rf"(?:for|with)\b|\b(?:moved|switched|migrated|ported|changed|renamed|transferred)\b[^,;]{{0,80}}?"
    rf"\b(?:to|onto|off|from|over to) {_NOT_A_VALUE}",
    re.IGNORECASE,
)
_SUBJECT = re.compile(r"\b(?:it|that|this)(?:'s| is)\b", re.IGNORECASE)
_CHANGE_CLAUSE = re.compile(r"\s*[:—–]\s+|\s+-+\s+|;\s+")  # an opener's colon, a dash, a semicolon


def _changes_value(sentence: str) -> bool:
    """Whether ``sentence`` says a durable value changed or was wrong (see ``_CHANGE``): a marker, and a clause
    that is not a question, a request, ordinary talk or a moment, naming a value or the old one against it, with
    two content words beside the marker."""
    sentence = sentence.strip()
    body = revision_body(sentence)
    if sentence.endswith("?") or (body is None and not _CHANGE.search(sentence)):
        return False
    for clause in _CHANGE_CLAUSE.split(sentence if body is None else body):
        plain = _SUBJECT.sub("is", clause)
        if _ORDINARY.search(plain) or (_REQUEST.search(plain) and not _STANDING.search(plain)):
            continue
        if _MOMENT.search(_SINCE.sub(" ", _CHANGE.sub(" ", plain))) or _RANDOM.search(clause):
            continue
        if (_VALUE.search(clause) or _OLD.search(clause)) and _says_something(_CHANGE.sub(" ", plain)):
            return True
    return False


MAX_VALUES = 5  # more values than this in one sentence: a list of codes or a log line, not a statement


_INFINITIVE_LAST = re.compile(r"(?<![\w-])[a-zäöüß]{2,}(?:en|ern|eln)[\s.!]*$")  # German nouns are capitalised


def _states_setup(sentence: str) -> bool:
    """Whether ``sentence`` states a fact about the setup: a specific value (``_VALUE``) in a statement of how
    things are (``_HABITUAL``, a verb in -s that is not a plural), not an event or a state of the moment
    (``_MOMENT``), with two content words beside the value; never a German request ending on its infinitive
    ("übrigens die Tests auch aufräumen": "Tests" is no verb in -s)."""
    if _INFINITIVE_LAST.search(sentence) and language(sentence) == "de":
        return False
    values = len({sentence.count(" ", 0, found.start()) for found in _VALUE.finditer(sentence)})  # tokens
    dated = _SINCE.sub(" ", sentence)
    if not values or values > MAX_VALUES or _MOMENT.search(dated) or _RANDOM.search(sentence):
        return False
    habitual = _HABITUAL.search(_NOT_VERB_S.sub(" ", sentence)) or _STANDING.search(sentence)
    return habitual is not None and _says_something(_VALUE.sub(" ", sentence))


# a paste: a code fence, or several lines most of which are not prose (code, logs, tool output); it states
# nothing for the agent's digest (the offline capture judges pastes on its own)
_CODE_LINE = re.compile(r"^\s{2,}\S|\t|[(){}\[\];<>=`]|:\d|^\S+\s{2,}\S|^\W|\d{2}:\d{2}:\d{2}")


def _is_paste(text: str) -> bool:
    if "```" in text:
        return True
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 2 and sum(bool(_CODE_LINE.search(line)) for line in lines) * 2 >= len(lines)


def _says_something(rest: str) -> bool:
    words = [w for w in _WORD.findall(rest.lower()) if w not in _FUNCTION_WORDS]
    return len(words) >= MIN_CONTENT_WORDS


_PAUSE_BYTES = 4 * 1024 * 1024  # the newest turn text a pause reads (a pause looks at what was said since the last)


def _at_once(write: Callable[[], None], cues: list[str]) -> bool:
    write()
    return True


def decide(pause: Pause, home: Path, commit: Callable[[Callable[[], None], list[str]], bool] = _at_once) -> list[str]:
    """The cues that make this pause ask for the agent's digest ([] = do not ask), moving the checkpoint to
    the end of the transcript either way. Asks only when: the stop does not follow a hook's request, the
    transcript is readable, some user turn since the checkpoint carries a cue, and the agent made no
    contextlamp save call since it. The checkpoint moves in one write handed to ``commit`` with the cues it
    answers; ``commit`` runs it and returns True only while that answer can still reach the client (``runtime``'s
    deadline, #27): a stop past its deadline writes nothing and answers [], so its turns stay new and the next
    stop judges them (an ask deferred, never lost). Raises ``OSError`` when the state cannot be written."""
    if pause.transcript is None or not pause.transcript.is_file():
        return []
    try:
        injected = injected_keys(home, pause.key)  # cleaned as the offline capture cleans it: the same hashes
        read = read_session(pause.transcript, None, injected, set(), _PAUSE_BYTES, _PAUSE_BYTES)
        saves = save_calls(pause.transcript)
    except OSError:
        return []
    turns = read.turns if read is not None else []
    hashes = read.new_hashes if read is not None else []  # every turn's hash (nothing is known here)
    total = len(hashes)
    path = checkpoint_path(home, pause.key)
    before = load_counts(path)
    state: dict[str, Any] = {"turns": total, "saves": saves}
    if pause.continued and saves > before["saves"] and before["asked_to"] > before["asked_from"]:
        _digested(home, pause.key, hashes[before["asked_from"] : before["asked_to"]])
    found: list[str] = []
    if not pause.continued and saves <= before["saves"]:
        new = total - before["turns"] if before["turns"] <= total else total  # a rewritten (shorter) one: all of it
        first = len(turns) - min(new, len(turns))
        # the agent's turn before each new user turn: the question a bare answer follows
        said = [
            (turn.text, asked, cues_of(turn.text, asked))
            for at, turn in enumerate(turns[first:], start=first)
            if turn.role == "user"
            for asked in [turns[at - 1].text if at > 0 and turns[at - 1].role == "assistant" else ""]
        ]
        cued = sum(1 for _, _, cues in said if cues)
        if cued:  # the turns cue_input scans; a turn or two: the scanner compiles only what they need
            from contextlamp.domain.secret_prefilter import GATED_SCANS, few_scans

            if cued <= GATED_SCANS:
                few_scans()
        for text, asked, cues in said:
            if not cues:
                continue
            # a cue counts only outside secret lines and lead-ins to removed material (clean.cue_input)
            kept = cue_input(text)
            if kept != text:  # lines were removed: the cues of what is left (the same text reads the same)
                cues = cues_of(kept, asked)
            found.extend(c for c in cues if c not in found)
        if found:  # the turns this request covers: the agent's digest of them replaces their offline capture
            start = total - min(new, total)
            state.update(asked_from=start, asked_to=total, asked_hashes=hashes[start:total])

    def write() -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_json(path, state)

    return found[:MAX_CUES_SHOWN] if commit(write, found[:MAX_CUES_SHOWN]) else []


def _digested(home: Path, key: str, hashes: list[str]) -> None:
    """The agent answered our request with a save: the turns it covered (``hashes``) are not new for the
    session's offline capture (``saver``'s ``handed`` hashes) and are left out of its judgement of the session
    (``digested``), so the capture does not store a second, differently worded copy of what the agent's digest
    holds (issue #27: live memories per fact). Raises ``OSError`` when the state cannot be written."""
    from contextlamp.hooks.saver import load_state, session_lock, state_path

    if not hashes:
        return
    with session_lock(home, key):
        state = load_state(home, key)
        handed = [str(h) for h in state["handed"]]
        digested = [str(h) for h in state.get("digested", [])]
        write_json(
            state_path(home, key),
            {
                **state,
                "handed": list(dict.fromkeys([*handed, *hashes])),
                "digested": list(dict.fromkeys([*digested, *hashes])),
            },
        )


def pause_output(client: str, cues: list[str]) -> str:
    """The stop hook's stdout for ``client``: the request for the digest when ``cues``, else the client's
    "carry on" (``{}``; nothing for Codex, whose empty output means no decision)."""
    if not cues:
        return "" if client == "codex" else "{}"
    reason = REASON.format(cues=", ".join(cues))
    if client == "cursor":
        return json.dumps({"followup_message": reason})
    if client == "gemini-cli":
        return json.dumps({"decision": "deny", "reason": reason})
    return json.dumps({"decision": "block", "reason": reason})
