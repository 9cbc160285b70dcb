"""The offline distiller: rules, no model. Turns of a conversation in, the durable statements out.

Pipeline per session, every stage linear in the transcript's size:

1. segment (``segment``): code blocks and tool output dropped; the user's turns and digests are split into
   sentences with pysbd (rule-based sentence boundary
   detection for 22 languages, Chinese and Japanese among them; Sadvilkar & Neumann, NLP-OSS 2020), fed in
   pieces of at most ``SEGMENT_CHARS`` and only when a line holds more than one sentence-final mark.
   An assistant turn is read only as the context of the user turn after it: the check a bare yes confirms and
   the question a bare answer answers (taught.py); a fact after a request's change of subject and a settings
   line whose comment says why are read there too.
2. classify (``candidates``): what the user stated is kept;
   idle chatter, questions (``?``, ``？``, ``؟``), offers and requests are dropped; each kept sentence gets a
   memory_type and kind from the cue phrases of its language (cue_set.py). Languages without a full cue list
   are declarative: a statement with enough words is a fact. A sentence is made self-contained (English "I"
   -> "The user": perspective.py; a sentence opening on a dangling pronoun is joined to the one before it).
   A correction ("Correction: ...", "actually, X, not Y", "scratch that", "Korrektur:", "更正：" ...;
   corrections.py) loses its marker and is flagged. (A compound sentence was split at semicolons until stop 44:
   switching it off lost nothing on any tuning set and raised precision, research/notes/month13-stop44.md.)
   (What the assistant proposed and the user accepted, and bare answers to an either-or question, were read
   until stop 37: switching them off changed no figure of the fresh held-out set, docs/sessions.md.)
3. resolve (``resolve``, resolve.py): a restatement replaces the earlier statement, and a correction the
   earlier statement it corrects, found through hash indexes; the survivor keeps its own place and counts how
   often it was said.

Items keep the language they were written in. There is no cap here: save_session keeps the most valuable
``rank.MAX_ITEMS`` (rank.py), so nothing is dropped for coming late.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.cue_set import FAREWELL, Cues, cue_type, ends_as_question, is_small_talk
from contextlamp.distill.cues import cues_for
from contextlamp.distill.durable import (
    about_health,
    asks_question,
    cut_request,
    drop_label,
    is_banter,
    is_request,
    is_transient,
    unwrap,
)
from contextlamp.distill.language import detect_language
from contextlamp.distill.moment import about_the_moment
from contextlamp.distill.pastes import FENCE, is_bare_symptom, leads_in, points_back, without_pastes
from contextlamp.distill.perspective import task_statement, to_user_perspective, trim_spoken
from contextlamp.distill.resolve import Candidate, resolve
from contextlamp.distill.script import word_count
from contextlamp.distill.statements import states_rule, states_value
from contextlamp.distill.taught import (
    CREDENTIAL,
    answered,
    commented,
    confirmed_check,
    has_value,
    is_no,
    is_prose,
    names_identifier,
    names_proper,
    names_run_output,
    pasted_config,
    stated_inside,
    tail,
    without_notes_to_self,
)
from contextlamp.distill.topics import subject_topic
from contextlamp.distill.transcript import Turn
from contextlamp.domain.correction_markers import correction_body
from contextlamp.domain.models import Kind, MemoryType

if TYPE_CHECKING:
    import pysbd  # pyright: ignore[reportMissingTypeStubs]  (no stubs published)

MAX_ITEM_CHARS = 600
MIN_STATEMENT_WORDS = 3  # a user's sentence shorter than this answers something; it states nothing alone
MIN_ASKED_WORDS = 2  # "Please remember that I'm vegetarian": the user said it is worth keeping
SEGMENT_CHARS = 1000  # pysbd input bound (measured: one 200 KB line took 13.6 s, 1 KB pieces are linear)

_TOOL_LINE = re.compile(r"^\s*(\$ |>>> |Traceback|\s+at |File \"|npm (ERR|WARN)|error\[|warning:|\+\+\+|---|@@ )")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_WORD = re.compile(r"\w+", re.UNICODE)
_TASK_MARK = re.compile(r"^(?:task|todo|to-do|aufgabe|tâche|tarea|tarefa|compito)\b", re.IGNORECASE)
_SENTENCE_ENDS = (". ", "! ", "? ", "。", "！", "？", "؟", "\u061f ")  # where a long line may be cut
_BOUNDARY = re.compile(r"[.!?。！？؟…]")  # a mark pysbd may split at
_TRAILING = " \t.!?。！？؟…\"'”’」』)）]*"  # end-of-sentence marks and closers, for the one-sentence fast path
_DOTFILE = re.compile(r"(?<![\w.])\.(?=[A-Za-z_][\w-]*)")  # ".nvmrc", ".github": not a sentence end
_INLINE_CODE = re.compile(r"`[^`\n]{1,200}`")  # a command or path in backticks: no sentence ends inside it
_DOT_STANDIN = "\u2024"  # ONE DOT LEADER stands in for the dot while pysbd segments


@dataclass(frozen=True)
class Unit:
    """One turn the distiller reads (a user turn or a digest), split into sentences."""

    role: str
    sentences: list[str]


class OfflineDistiller:
    """``Distiller`` without a language model; deterministic, thread-safe, no network. ``distill`` is
    ``segment``, ``candidates`` and ``resolve`` in turn (the stages are public so a benchmark can time each).
    The kept items are the rules' (precision first: durable.py), typed by their cues; a session of greetings,
    thanks and small talk keeps nothing because no sentence of it passes them."""

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """The durable items of a conversation, in the order they were said (uncapped; see rank.py)."""
        if not turns:
            return []
        language = session_language(turns)
        found = candidates(segment(turns, language), language)
        label = f"{cues_for(language).task_label}: "
        return [with_topic(as_stored(item, label)) for item in resolve(found)]


def as_stored(item: DistilledItem, label: str) -> DistilledItem:
    """``item`` with its final text: a task (``label``, the language's "Task: ") names the work without the
    user as its subject (perspective.task_statement: "Task: The user will rotate the key" -> "Task: rotate the
    key"), as the annotation guide of research/bench/data/distill writes tasks."""
    if item.memory_type != "task" or not item.content.startswith(label):
        return item
    body = task_statement(item.content[len(label) :])
    return item if body == item.content[len(label) :] else replace(item, content=f"{label}{body}")


def with_topic(item: DistilledItem) -> DistilledItem:
    """``item`` with the topic of the subject it gives a value (topics.py), so a later session's new value
    supersedes it; a task (it expires) and a statement that sets no value clearly keep no topic."""
    if item.memory_type == "task" or item.topic is not None:
        return item
    topic = subject_topic(item.content)
    return item if topic is None else replace(item, topic=topic)


def session_language(turns: list[Turn]) -> str:
    """ISO 639-1 code of the language the user writes in (language.detect_language over user turns and digests,
    else over the first turn)."""
    return detect_language(" ".join(t.text for t in turns if t.role in ("user", "digest")) or turns[0].text)


def segment(turns: list[Turn], language: str) -> list[Unit]:
    """The turns the distiller reads, as sentences: the user's turns (pastes removed) and digests. System and
    tool turns are skipped unread; an assistant turn is read only for the user turn after it (``taught``): the
    check a bare yes confirms stands for the yes, and a bare answer to its wh-question becomes a digest unit
    "<question>: <answer>"."""
    segmenter = _segmenter(language)
    units: list[Unit] = []
    asked = ""  # the agent's turn before a user turn: the check a bare yes confirms (``taught.confirmed``)
    for turn in turns:
        if turn.role == "assistant":
            asked = turn.text
            continue
        if turn.role in ("system", "tool"):
            continue
        if turn.role != "user":
            units.append(Unit(turn.role, _sentences(turn.text, segmenter)))
            continue
        if is_no(turn.text):  # "Nee, dat klopt niet": a bare no states nothing (``taught.is_no``)
            asked = ""
            continue
        checked = confirmed_check(turn.text, asked) if asked else None
        check, stated = checked if checked is not None else (None, False)
        text = without_pastes(without_notes_to_self(turn.text)) if check is None else check
        split = tail(text)
        if split is not None and not _names_secret(text):  # "can you X, and by the way Y" (``taught.tail``)
            head, after = split  # the head stands alone when it names a value and asks nothing
            text = after if _asks_first(head) or not has_value(head) else f"{head}.\n{after}"
        configs = pasted_config(turn.text)  # a config block pasted on purpose: its settings (``taught``)
        notes = [] if configs else [c for c in commented(turn.text) if c not in text]
        role = "user" if check is None else "checked" if stated else "asked"
        units += [Unit(role, _sentences(text, segmenter) + notes), *([Unit("digest", configs)] if configs else [])]
        if asked and check is None and (answer := answered(turn.text, asked)) is not None:
            units.append(Unit("digest", [answer]))  # "Which region ...?" "eu-west-3": the pair is the statement
        asked = ""
    return units


def _names_secret(text: str) -> bool:
    """Whether ``text`` names a credential (``taught.CREDENTIAL``): "the admin password,
    by the way, is V" is no statement to cut out of its sentence."""
    return CREDENTIAL.search(text) is not None


def _asks_first(head: str) -> bool:
    """Whether ``head`` (what precedes a subject-changing lead-in) is a request or a question."""
    return is_request(head) or asks_question(head) or bool(re.search(r"\b(?:can|could|would) you\b", head, re.I))


def candidates(units: list[Unit], language: str) -> list[Candidate]:
    """Classified, self-contained statements of the units, in order (before restatements are resolved); a
    digest's every item counts (it is neither gated nor cut in parts)."""
    cues = cues_for(language)
    found: list[Candidate] = []
    for unit in units:
        found += _from_sentences(unit.sentences, cues, language, unit.role == "digest", unit.role)
    return found


def _segmenter(language: str) -> pysbd.Segmenter:
    """pysbd's segmenter of a language (English for one it does not know). One per call of ``segment``:
    ``Segmenter.segment`` keeps the text it works on in the instance, so an instance is not shared. pysbd
    (its ~25 language tables) is imported by the first segmentation, not by every command that imports us."""
    import pysbd  # pyright: ignore[reportMissingTypeStubs]  (no stubs published)

    try:
        return pysbd.Segmenter(language=language, clean=False)
    except ValueError:  # a language pysbd does not know (Korean, ...): Latin-style punctuation rules
        return pysbd.Segmenter(language="en", clean=False)


def _sentences(text: str, segmenter: pysbd.Segmenter) -> list[str]:
    """Sentences of a turn: code blocks and tool output removed; each bullet or line is its own unit.

    pysbd's cost grows faster than linearly with the length of what it is given, so a long line is first cut
    at sentence-final punctuation into pieces of about ``SEGMENT_CHARS``; a piece with no sentence-final mark
    before its end is one sentence and skips pysbd (most lines of a chat). pysbd's processor splits the
    others; ``Segmenter.segment`` would add only the mapping of each sentence back to its span in the text
    (one regex compiled per sentence), which cost 55 % of its time and which the stripped sentences here do not
    need (measured on 3,455 lines of research/bench/data/distill and research/bench/distill_scale.py: the same
    sentences).
    """
    text = FENCE.sub(" ", text)
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip() or _TOOL_LINE.match(line):
            continue
        line = _DOTFILE.sub(_DOT_STANDIN, _BULLET.sub("", line).strip())
        line = _INLINE_CODE.sub(lambda m: m.group().replace(".", _DOT_STANDIN), line)  # "`./run.sh`" is one word
        for piece in _pieces(line):
            if _BOUNDARY.search(piece.rstrip(_TRAILING)) is None:
                segments = [piece]
            else:  # the sentences ``segment`` would return before it maps each back into the text with a regex
                # compiled per sentence (most of its time); they differ at most in surrounding whitespace
                processor = cast(Any, segmenter.processor(piece))  # pyright: ignore[reportUnknownMemberType]
                segments = cast(list[str], processor.process())
            out += [s.strip().replace(_DOT_STANDIN, ".") for s in segments if s.strip()]
    return out


def _pieces(line: str) -> list[str]:
    """``line`` cut into pieces of at most ``SEGMENT_CHARS``, each cut after the last sentence end (``. ``,
    ``。``, ...) inside the window, or hard at the window's end when there is none. Joined, the pieces are the
    line with the whitespace at each cut removed."""
    pieces: list[str] = []
    start = 0
    while len(line) - start > SEGMENT_CHARS:
        window_end = start + SEGMENT_CHARS
        cut = max(line.rfind(end, start, window_end) + len(end.rstrip()) for end in _SENTENCE_ENDS)
        if cut <= start:  # one endless "sentence": cut it hard
            cut = window_end
        pieces.append(line[start:cut].strip())
        start = cut
        while start < len(line) and line[start].isspace():
            start += 1
    if start < len(line):
        pieces.append(line[start:].strip())
    return [p for p in pieces if p]


def _from_sentences(
    sentences: list[str], cues: Cues, language: str, confirmed: bool, role: str = "user"
) -> list[Candidate]:
    """Items from one user (or digest) turn, made self-contained. ``role`` "checked": the agent's statement the
    user confirmed with a bare yes (``taught.confirmed_check``), gated like a user's turn, then kept as a
    statement the user stands behind when it names a value (``taught.has_value``); "asked": the agent's own
    yes/no question the user said yes to ("Shall I deploy to V?"), judged by the rules that need a cue only.
    A correction is classified without its
    marker; one without a cue of its own is taken as stated when it replaces the statement it corrects (it
    restates something durable), and dropped otherwise (``needs_target``). Joined to the sentence before it
    (a dangling "it"), a correction keeps its marker, so the joined item reads as the correction it is."""
    kept: list[Candidate] = []
    previous: str | None = None
    previous_kept = 0  # how many candidates the sentence before made (0 or 1)
    about: str | None = None  # the subject a correction named in the sentence before ("I was wrong about the X.")
    asked_thing: str | None = None  # the thing a request or question before named ("can you add retries to the X?")
    for raw in sentences:
        raw, about, corrects = _with_subject(raw.strip(), about)
        body = correction_body(raw)
        sentence, asked = unwrap(trim_spoken(body if body is not None else raw))
        sentence = drop_label(sentence)
        if cues.filler is not None:
            sentence = cues.filler.sub("", sentence).strip()
        gated = not confirmed  # a user's turn; a digest is what the agent chose to keep
        if gated and asked_thing is not None and body is None and not corrects:
            # "can you add retries to the X? it consumes V, so keep the acks": "it" is the thing the request or
            # question before named, so the statement after it stands alone ("The X consumes V")
            sentence = _named(sentence, asked_thing) or sentence
        asked_thing = None
        if gated:
            if is_request(sentence) or asks_question(sentence) or ends_as_question(sentence):
                asked_thing = _asked_about(sentence)
            if (
                is_request(sentence)
                or asks_question(sentence)
                or is_banter(sentence)
                or about_health(sentence)
                or about_the_moment(sentence)
            ):
                kept += _inside_request(sentence)  # "write a load test for the X, it should stay under its V limit"
                previous, previous_kept = sentence, 0
                continue  # what the user asks for now, asks, laughs about, is doing now: no memory (durable, moment)
            sentence = cut_request(sentence)  # the rest is judged without a request said after it
            if is_bare_symptom(sentence) or leads_in(sentence):  # "The timer never fires"; "~/.pgpass is"
                previous, previous_kept = sentence, 0
                continue  # what goes wrong now, or a lead-in to a paste (pastes.py)
        stands = confirmed or (role == "checked" and has_value(f" {sentence}"))
        classified = _classify(sentence, cues, stands, asked, named=role != "asked")
        if classified is not None and gated and is_transient(sentence, *classified):
            classified = None
        needs_target = False
        if classified is None and corrects and _NEW_VALUE.search(sentence):
            # the new statement of a correction that named its subject ("Re the X, I had that wrong. It's V"): the
            # user corrected a named thing to a value, whether or not this session said the old one
            classified = _classify(sentence, cues, True)
        if classified is None and body is not None:
            classified = _classify(sentence, cues, True)
            # kept alone when it names the old value itself ("My bad: the X pages through V, not email"): it
            # says what is true and what is not, whatever this session said before
            needs_target = classified is not None and not (_CONTRASTED.search(sentence) and _NEW_VALUE.search(sentence))
        kept_now = 0
        if classified is not None:
            text = sentence
            if (
                (cues.dangling.match(text) or (language == "en" and points_back(text)))
                and _CLEFT.match(text) is None  # "It's bleep 4708 for the X": the subject is named after it
            ):
                if previous is None:
                    continue  # "It runs on 5432." alone says nothing about what "it" is
                text = f"{_finish(previous)} {raw if body is not None else text}"
                if previous_kept:
                    del kept[-previous_kept:]  # the joined statement replaces the first half
            if language == "en":
                text = to_user_perspective(text)
            text = _capitalise(text)
            if classified[0] == "task" and not _TASK_MARK.match(text):
                text = f"{cues.task_label}: {text}"  # a task read back weeks later should say it is one
            kept.append(Candidate(text[:MAX_ITEM_CHARS], *classified, body is not None or corrects, needs_target))
            kept_now = 1
        previous, previous_kept = sentence, kept_now
    return kept


def _inside_request(sentence: str) -> list[Candidate]:
    """The fact a request states in a clause of its own (``taught.stated_inside``) as a statement, its pronoun
    named by the thing the request names in English ("The X should stay under its V limit"), the request's head
    before it otherwise; [] for a clause of the moment ("it crashes on line 42")."""
    inner = stated_inside(sentence) if is_request(sentence) else None
    if inner is None or about_the_moment(inner[1]) or is_transient(inner[1], "fact", "fact"):
        return []
    thing = _asked_about(inner[0])
    text = (_named(inner[1], thing) if thing else None) or f"{inner[0].rstrip(' ,;:')}: {inner[1]}"
    return [Candidate(_capitalise(text)[:MAX_ITEM_CHARS], "fact", "fact", False, False)]


# a correction that names only what it corrects, its new value in the next sentence or after a colon: "I was
# wrong about the radar host. It's on wxr-7.", "Scratch that about the router: it's fed by lab.raw now",
# "Small correction on the publisher. It sends to cap2 now."
_ABOUT = re.compile(
    r"^(?P<lead>.{0,60}?\b(?:wrong|correction|mistake|scratch (?:that|what i said)|update|outdated|misspoke|"
    r"fix|erratum|(?:forget|ignore|amend|revise) what i (?:said|told you|wrote)|amend my note|correct myself|"
    r"scratch the (?P<old>(?:[^,;:\s]|:(?=\w)|\s(?!(?:bit|part|figure|number|one)\b)){1,30}?) "
    r"(?:bit|part|figure|number|one))\b[^,;]{0,30}?"
    r"\b(?:about|on|regarding|re)\s+)(?P<subject>(?:the|our)\s+[\w' -]{2,60}?)"
    r"(?:\s*[.:;,—–-]\s*(?P<rest>.*))?$",
    re.IGNORECASE,
)
# the subject named first, the admission after it: "Re the radar host, I had that wrong. It's wxr-7."
_ABOUT_FIRST = re.compile(
    r"^(?:re|regarding|about|as for)\s+(?P<subject>(?:the|our)\s+[\w' -]{2,60}?)\s*[,:;—–-]\s*"
    r"(?:i|we)\s+(?:had|got)\s+(?:that|it|this)\s+wrong\b[\s.,;:!—–-]*(?P<rest>.*)$",
    re.IGNORECASE,
)
# a value a correction's new statement gives: a digit, a path or handle, an identifier, a capitalised name
_CONTRASTED = re.compile(r"[,;]\s*(?:not|rather than|instead of)\s+[^,;]{1,40}?[.!]?$", re.IGNORECASE)
_NEW_VALUE = re.compile(r"\d|[#@/_`]|[^\W_][-.][^\W_]|(?<=\s)[A-Z]")
# the rest of a correction that says what the speaker said before ("I wrote A earlier"): the old value, no fact
_SAID_BEFORE = re.compile(r"^(?:i|we)\s+(?:wrote|said|told you|gave you|mentioned|put)\b", re.IGNORECASE)
# the rest that names an attribute of the subject without it: "the pre-merge check is X now"
_BARE_ATTRIBUTE = re.compile(
    r"^(?:the|its)\s+(?=\S)|^(?!(?:i|we|you|it|they|he|she|this|that|there|here)\b)(?=[a-z][\w-]*\s+"
    r"(?:is|are|stays?|go|goes|[a-z]{2,}[^s\W]s)\b)"  # "... about the X: logs stay V" names the X's logs
)
# an attribute named with its value and no verb: "Amend what I told you about the X: batches of 64, ..." is the X's
_VERBLESS_VALUE = re.compile(
    r"^(?!(?:i|we|you|it|they|he|she|this|that|there|here)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?\s+"
    r"(?:(?:of|at|in|on)\s+)?[\w./#:@-]*[\d/_#@][\w./#:@-]*(?=[\s,;.!]|$)"
)
# the new value after a correction that named the old one: "Scratch the A bit about the X, I meant B"
_MEANT = re.compile(r"^(?:i|we)\s+meant\s+(?P<new>.+?)[.!]*$", re.IGNORECASE)
# the subject named first, then a statement of one of its attributes: "(for the X: output goes to V)"
_FOR_FIRST = re.compile(
    r"^(?:for|as for)\s+(?!the (?:record|avoidance|time being|most part|moment)\b)"  # "for the record, ...": spoken
    r"(?P<subject>(?:the|our)\s+[\w' -]{2,60}?)(?:\s*[:,]\s+|\s+(?=the\s))(?P<rest>.+)$",
    re.I,
)
# a labelled value whose subject is named after it: "protocol: DNP3 (that's for the X, the others differ)"
_FOR_AFTER = re.compile(
    r"^(?P<label>[a-z][\w -]{1,30}?)\s*:\s+(?P<value>[^():]{1,80}?)\s*\((?:that's|that is|this is|it's)\s+for\s+"
    r"(?P<subject>(?:the|our)\s+[\w' -]{2,60}?)(?:,[^()]*)?\)[.!]?$",
    re.IGNORECASE,
)
_ENCLOSED = re.compile(r"^\((?P<inner>[^()]{1,300})\)[.!]?$")  # a whole statement said in parentheses
_CLEFT = re.compile(
    r"^it(?:'s|’s|\s+is)\s+(?:[\w-]+\s+){0,3}?[\w-]*[\d_#@/][\w./:-]*\s+(?:for|of|on)\s+(?:the|our)\s+\w", re.IGNORECASE
)
# a value said first: "A30 is what it really gets", "S-band is what the X talks on, so ..." (the value a name, a
# number or an identifier of one or two words; the verb in the present, a preposition may follow it)
_VALUE_FIRST = re.compile(
    r"^(?P<value>[\w#@/.:+-]*[A-Z\d#@/_.][\w#@/.:+-]*(?:\s+[\w#@/.:+-]*[A-Z\d][\w#@/.:+-]*)?)\s+is\s+what\s+"
    r"(?P<who>it|they|(?:the|our)\s+[\w' -]{2,60}?)\s+(?P<verb>(?:really\s+|actually\s+|usually\s+)?[a-z]{2,}s"
    r"(?:\s+(?:on|in|to|with|from|at|for|through|against))?)(?P<tail>\s*[,;].*?)?[.!]?$"
)
# a correction said as an order or a retraction of the old value: "Make that V, not A, for the X's Y" is "The X's Y:
# V, not A"; "Not A after all — the X emits V" is "The X emits V, not A" (both values named; the new one a value)
_MAKE_THAT = re.compile(
    r"^(?:make|change) (?:that|it)(?: to)? (?P<new>[^,;]{1,40}?),? (?:not|instead of|rather than) "
    r"(?P<old>[^,;]{1,40}?),? (?:for|on|in) (?P<subject>(?:the|our) [\w' -]{2,60}?)[.!]?$",
    re.IGNORECASE,
)
_NOT_AFTER_ALL = re.compile(
    r"^not (?P<old>[^\s,;:—–-]+(?: [^\s,;:—–-]+){0,2}) after all\s*[:;,—–-]+\s*(?P<rest>.+?)[.!]?$", re.IGNORECASE
)
_PRONOUN = re.compile(r"^(?:it|they)(?:'s|’s|\s+is|\s+are)?\b", re.IGNORECASE)


def _with_subject(sentence: str, about: str | None) -> tuple[str, str | None, bool]:
    """``sentence`` with a leading "it"/"they" replaced by the subject a correction named (in ``about``, from the
    sentence before, or before a colon in this one), the subject the next sentence may lean on, and whether the
    sentence is that correction's new statement. A sentence that names only the subject of a correction ("I was
    wrong about the radar host.", "Re the X, I had that wrong.", "Erratum re the X: I wrote A earlier.") becomes
    empty: it states nothing of its own; an attribute named without its subject is the subject's ("Small fix
    about the X: the check is V now" -> "the X's check is V now")."""
    order = _MAKE_THAT.match(sentence)
    if (
        order is not None
        and _NEW_VALUE.search(f" {order.group('new')}")
        and _NEW_VALUE.search(f" {order.group('old')}")
    ):
        return f"{_capitalise(order.group('subject'))}: {order.group('new')}, not {order.group('old')}.", None, True
    late = _NOT_AFTER_ALL.match(sentence)
    if late is not None and _NEW_VALUE.search(f" {late.group('old')}") and _NEW_VALUE.search(late.group("rest")):
        return f"{_capitalise(late.group('rest'))}, not {late.group('old')}.", None, True
    enclosed = _ENCLOSED.match(sentence)  # "(for the X: output goes to V)": only a subject's statement is unwrapped
    if enclosed is not None and _FOR_FIRST.match(enclosed.group("inner").strip()) is not None:
        sentence = enclosed.group("inner").strip()
    after = _FOR_AFTER.match(sentence)
    value = after.group("value") if after is not None else ""
    if after is not None and len(value.split()) <= 3 and _NEW_VALUE.search(value) and " to " not in after.group(0):
        # "protocol: V (that's for the X)" is the X's protocol
        sentence = f"{after.group('subject')}'s {after.group('label')} is {value}"
    match = _ABOUT.match(sentence) or _ABOUT_FIRST.match(sentence)
    corrects = match is not None
    if match is None:
        match = _FOR_FIRST.match(sentence)  # not a correction: a subject named first
        if match is not None and _BARE_ATTRIBUTE.match(match.group("rest")) is None:
            match = None
    if match is not None:
        subject, rest = match.group("subject").strip(), (match.group("rest") or "").strip()
        if not rest or _SAID_BEFORE.match(rest):  # "Erratum re the X: I wrote A earlier." names the old value only
            return "", subject, False
        meant = _MEANT.match(rest)
        if meant is not None:  # "Scratch the A bit about the X, I meant B": the X is B, not A
            old = match.groupdict().get("old")
            rest = f"{subject}: {meant.group('new')}" + (f", not {old}" if old else "")
            subject = ""
        head = subject.split()[-1].casefold() if subject else ""
        bare = _BARE_ATTRIBUTE.match(rest)
        if subject and bare is not None and head not in rest.casefold():  # "... about the X: the check is V"
            rest = f"{subject}'s {rest[bare.end() :]}"
        elif subject and head not in rest.casefold() and _VERBLESS_VALUE.match(rest) is not None:
            rest = f"{subject}: {rest}"  # "... about the X: batches of 64" -> "the X: batches of 64"
        about, sentence = subject, rest
    first = _VALUE_FIRST.match(sentence)  # "A30 is what it really gets" -> "The X really gets A30"
    if first is not None and (about or first.group("who").casefold() not in ("it", "they")):
        who = about if first.group("who").casefold() in ("it", "they") else first.group("who")
        sentence = f"{who} {first.group('verb')} {first.group('value')}{first.group('tail') or ''}"
        return sentence[:1].upper() + sentence[1:], None, about is not None
    named = _named(sentence, about) if about else None
    return (sentence, None, corrects) if named is None else (named, None, True)


def _named(sentence: str, subject: str) -> str | None:
    """``sentence`` with its leading "it"/"they" (and "'s"/"is"/"are") replaced by ``subject``, or None when it
    does not open on one ("it's on V" with "the X" -> "The X is on V")."""
    pronoun = _PRONOUN.match(sentence)
    if pronoun is None:
        return None
    verb = " is" if pronoun.group().casefold().endswith(("'s", "’s", " is")) else ""
    verb = " are" if pronoun.group().casefold().endswith(" are") else verb
    return f"{subject[:1].upper()}{subject[1:]}{verb}{sentence[pronoun.end() :]}"


# the thing a request or a question names: "(the|our) X" of one to four words, ending before a preposition, a
# verb of being or doing, an adverb of degree or the end ("add retries to the overdue notifier?", "why is the X so
# slow", "any idea what's wrong with the X's dates?" -> the X); a thing of the moment (the error, the test) is none
_ASKED_THING = re.compile(
    r"\b(?:the|our)\s+(?P<thing>(?:(?!(?:so|too|very|really|is|are|was|were|be|been|do|does|did|has|have|had|"
    r"can|could|will|would|should|keeps?|still|again|now|there|here|and|or|but|if|when|on|in|at|to|for|with|from|"
    r"of|by|after|before|about|into|than|that|this|it|when|because|since|as)\b)[a-z][\w-]*\s*){1,4}?)"
    r"(?=['’]s\b|[\s?.!,;:]*$|\s+(?:so|too|very|really|is|are|was|were|do|does|did|has|have|had|can|could|will|"
    r"would|should|keeps?|still|again|now|on|in|at|to|for|with|from|of|by|after|before|about|into|when|because|"
    r"since|and|or|but|if)\b|\s*[,;:?])",
    re.IGNORECASE,
)
_MOMENT_THING = re.compile(
    r"^(?:error|errors|exception|warning|output|logs?|traceback|test|tests|build|results?|diff|fix|bug|issue|"
    r"problem|crash|loop|function|method|variable|line|file|snippet|script|command|query|code|pr|branch|imports)$"
)


def _asked_about(sentence: str) -> str | None:
    """The last thing of the setup ``sentence`` (a request or a question) names, "the X" (see ``_ASKED_THING``;
    "tidy the imports in the X?" names the X last), or None."""
    things = [m.group("thing").strip() for m in _ASKED_THING.finditer(sentence)]
    kept = [t for t in things if _MOMENT_THING.match(t.split()[-1].casefold()) is None]
    return f"the {kept[-1]}" if kept else None


def _finish(sentence: str) -> str:
    sentence = sentence.rstrip()
    return sentence if sentence.endswith((".", "!", ";", ":")) else sentence + "."


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _classify(
    sentence: str, cues: Cues, confirmed: bool, asked: bool = False, named: bool = True
) -> tuple[MemoryType, Kind] | None:
    """(memory_type, kind) of a sentence worth keeping, or None for chatter, questions and noise.

    ``confirmed`` (a digest, a correction) and a declarative cue set keep any statement of at least
    ``cues.min_words`` words (script.word_count: characters count for Chinese and Japanese) as a fact;
    ``asked`` (the user asked for it to be kept: durable.unwrap) any statement of ``MIN_ASKED_WORDS``. Without a
    cue, a sentence (``taught.is_prose``) of ``MIN_NUMBER_FACT_WORDS`` words naming an identifier
    (``taught.names_identifier``) or, where capitals mark names (``Cues.capitals_name``), a proper name
    (``taught.names_proper``) is a fact; not when ``named`` is False (the agent's own yes/no question the user
    said yes to)."""
    if not _WORD.search(sentence):
        return None
    lower = sentence.lower()
    if is_small_talk(sentence, cues) or FAREWELL.search(lower) or ends_as_question(sentence):
        return None
    if (cues.question and cues.question.search(lower)) or cues.offer.search(lower) or cues.request.search(lower):
        return None
    words = word_count(sentence)
    if words < MIN_STATEMENT_WORDS and not (confirmed or asked):  # "Always do.": a reply, not a statement
        return None
    typed = cue_type(lower, cues, words)
    if typed is not None:
        return typed
    if states_rule(sentence):  # "Page #ops when the indexer breaks": a standing rule, not a request
        return "instruction", "note"
    if asked and words >= MIN_ASKED_WORDS:
        return "fact", "fact"
    if words < cues.min_words:
        return None
    if confirmed or states_value(sentence) or (named and (cues.declarative or _fact_cue(lower, cues))):
        return "fact", "fact"
    if (
        named
        and words >= MIN_NUMBER_FACT_WORDS
        and is_prose(sentence)  # "les alertes partent sur #ops-nuit", "X settles card payments through Dalenys"
        and (names_identifier(sentence) or (cues.capitals_name and names_proper(sentence)))
        and not names_run_output(sentence)  # "the error in the log is ERR_42": the moment's, not the setup's
    ):
        return "fact", "fact"
    return None


def _fact_cue(lower: str, cues: Cues) -> bool:
    """A fact cue of the language; a bare number counts only in a sentence of ``MIN_NUMBER_FACT_WORDS`` words
    or with a verb of being or having ("School ends at 15:15", "Leo is 6"), so "24 people, two days" or "Max
    page size 100" is no fact."""
    if any(not match.group().strip().isdigit() for match in cues.fact.finditer(lower)):
        return True
    sentence_like = word_count(lower) >= MIN_NUMBER_FACT_WORDS or _HAS_VERB.search(lower) is not None
    return sentence_like and cues.fact.search(lower) is not None


MIN_NUMBER_FACT_WORDS = 6  # a number in a sentence this long is stated, not listed ("24 people, two days")


_HAS_VERB = re.compile(  # a verb of being or having, or a common verb of a schedule or a price
    r"\b(?:is|are|has|have|ends|starts|begins|costs|runs|takes|lives|works|meets|opens|closes|"
    r"ist|sind|hat|haben|kostet|beginnt|endet|läuft|est|sont|a|ont|coûte|commence|finit|es|son|está|están|tiene|"
    r"tienen|cuesta|empieza|termina|abre|cierra|è|sono|ha|hanno|costa|inizia|finisce|é|são|tem|têm|custa|"
    r"começa|heeft|hebben|zijn)\b"
)
