"""The offline distiller: rules, no model. Turns of a conversation in, the durable statements out.

Pipeline per session, every stage linear in the transcript's size:

1. segment (``segment``): code blocks and tool output dropped; the user's turns, digests, and the assistant
   turns the user's next turn accepts are split into sentences with pysbd (rule-based sentence boundary
   detection for 22 languages, Chinese and Japanese among them; Sadvilkar & Neumann, NLP-OSS 2020), fed in
   pieces of at most ``SEGMENT_CHARS`` and only when a line holds more than one sentence-final mark.
   Other assistant turns are never read, so they cost nothing.
2. classify (``candidates``): what the user stated (and assistant proposals the user confirmed) is kept;
   idle chatter, questions (``?``, ``？``, ``؟``), offers and requests are dropped; each kept sentence gets a
   memory_type and kind from the cue phrases of its language (cues.py). Languages without a full cue list
   are declarative: a statement with enough words is a fact. A sentence is made self-contained (English "I"
   -> "The user", a sentence opening on a dangling pronoun is joined to the one before it). A correction
   ("Correction: ...", "actually, X, not Y", "scratch that", "Korrektur:", "更正：" ...; corrections.correction_body)
   loses its marker and is flagged.
3. resolve (``resolve``): a restatement replaces the earlier statement (same numbers, content words differing
   by at most one, or only by a flip such as always/never), and a correction replaces the earlier statement
   it corrects: one holding the correction's subject (its first content word) and sharing the most content
   words with it (at least ``MIN_SHARED_TERMS``, or one for the statement just before; among the
   ``CORRECTION_LOOKBACK`` latest statements holding each word). Both use hash indexes, not pairwise
   comparison. The survivor keeps its own place; how often it was said is counted.

Items keep the language they were written in. There is no cap here: save_session keeps the most valuable
``rank.MAX_ITEMS`` (rank.py), so nothing is dropped for coming late.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

import pysbd  # pyright: ignore[reportMissingTypeStubs]  (no stubs published)

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.corrections import correction_body
from contextlamp.distill.cue_set import Cues
from contextlamp.distill.cues import cues_for, ends_as_question
from contextlamp.distill.language import LANGUAGE_WORDS, detect_language
from contextlamp.distill.script import terms, word_count
from contextlamp.distill.transcript import Turn
from contextlamp.domain.models import Kind, MemoryType
from contextlamp.retrieval.query import STOP_WORDS

MAX_ITEM_CHARS = 600
SEGMENT_CHARS = 1000  # pysbd input bound (measured: one 200 KB line took 13.6 s, 1 KB pieces are linear)
MIN_SHARED_TERMS = 2  # subject words a correction shares with the statement it corrects ("ledger", "database")
CORRECTION_LOOKBACK = 64  # latest statements per subject word a correction is compared with (bounds its cost)

_FENCE = re.compile(r"```.*?(```|\Z)", re.DOTALL)
_TOOL_LINE = re.compile(r"^\s*(\$ |>>> |Traceback|\s+at |File \"|npm (ERR|WARN)|error\[|warning:|\+\+\+|---|@@ )")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_WORD = re.compile(r"\w+", re.UNICODE)
_TASK_MARK = re.compile(r"^(?:task|todo|to-do|aufgabe|tâche|tarea|tarefa|compito)\b", re.IGNORECASE)
_SENTENCE_ENDS = (". ", "! ", "? ", "。", "！", "？", "؟", "\u061f ")  # where a long line may be cut
_BOUNDARY = re.compile(r"[.!?。！？؟…]")  # a mark pysbd may split at
_TRAILING = " \t.!?。！？؟…\"'”’」』)）]*"  # end-of-sentence marks and closers, for the one-sentence fast path
_GRATITUDE = re.compile(
    r"\b(?:thanks?|thank you|danke|merci|gracias|grazie|obrigad[oa]|спасибо|благодар\w*|شكر\w*)\b"
    r"|谢谢|感谢|多谢|ありがと|感謝|감사|고맙|고마워",
    re.IGNORECASE,
)
_SHORT_THANKS_WORDS = 10  # "Wanted to say thanks for yesterday" is chatter; a long sentence may carry a fact
_META = re.compile(  # sentences about the conversation itself, not about the user's world
    r"^(?:session summary|summary of (?:the|this) (?:session|conversation)|small talk|chit-?chat|"
    r"no (?:code )?changes|no decisions|nothing (?:to follow up|else|worth)|the user (?:said hello|greeted|thanked))",
    re.IGNORECASE,
)
_ASSIGNMENT = re.compile(r"^\s*[A-Z][A-Z0-9_]*\s*[=:]\s*\S+\s*$")  # "AWS_REGION=eu-central-1": a config dump line
_DOTFILE = re.compile(r"(?<![\w.])\.(?=[A-Za-z_][\w-]*)")  # ".nvmrc", ".github": not a sentence end
_DOT_STANDIN = "\u2024"  # ONE DOT LEADER stands in for the dot while pysbd segments
_PRONOUN_VERB_FIXES = {
    "am": "is",
    "'m": " is",
    "have": "has",
    "'ve": " has",
    "do": "does",
    "'ll": " will",
    "'d": " would",
}


@dataclass(frozen=True)
class Candidate:
    """A classified, self-contained statement before restatements and corrections are resolved."""

    text: str
    memory_type: MemoryType
    kind: Kind
    correction: bool = False
    needs_target: bool = False  # kept only as the correction of an earlier statement (no cue of its own)


@dataclass(frozen=True)
class Unit:
    """One turn the distiller reads, split into sentences. ``declined``: for a confirmed assistant turn, the
    content words the user's acceptance excluded (None for the user's own turns and digests)."""

    role: str
    sentences: list[str]
    declined: frozenset[str] | None = None


class OfflineDistiller:
    """``Distiller`` by rules; deterministic, thread-safe, no network. ``distill`` is ``segment``,
    ``candidates`` and ``resolve`` in turn (the stages are public so a benchmark can time each)."""

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """The durable items of a conversation, in the order they were said (uncapped; see rank.py)."""
        if not turns:
            return []
        language = session_language(turns)
        return resolve(candidates(segment(turns, language), language))


def session_language(turns: list[Turn]) -> str:
    """ISO 639-1 code of the language the user writes in (language.detect_language over user turns and digests,
    else over the first turn)."""
    return detect_language(" ".join(t.text for t in turns if t.role in ("user", "digest")) or turns[0].text)


def segment(turns: list[Turn], language: str) -> list[Unit]:
    """The turns the distiller reads, as sentences: the user's turns and digests, and each assistant turn the
    next (user) turn accepts. System and tool turns and every other assistant turn are skipped unread."""
    cues = cues_for(language)
    segmenter = _segmenter(language)
    units: list[Unit] = []
    for index, turn in enumerate(turns):
        if turn.role in ("system", "tool"):
            continue
        if turn.role == "assistant":
            following = turns[index + 1] if index + 1 < len(turns) else None
            if following is None or following.role != "user" or not _confirms(following.text, cues):
                continue
            units.append(Unit(turn.role, _sentences(turn.text, segmenter), frozenset(_declined_words(following.text))))
        else:
            units.append(Unit(turn.role, _sentences(turn.text, segmenter)))
    return units


def candidates(units: list[Unit], language: str) -> list[Candidate]:
    """Classified, self-contained statements of the units, in order (before restatements are resolved)."""
    cues = cues_for(language)
    found: list[Candidate] = []
    for unit in units:
        if unit.declined is not None:
            found += _confirmed_proposals(unit.sentences, cues, set(unit.declined))
        else:
            found += _from_sentences(unit.sentences, cues, language, confirmed=unit.role == "digest")
    return found


def _segmenter(language: str) -> pysbd.Segmenter:
    """pysbd's segmenter of a language (English for one it does not know). One per call of ``segment``:
    ``Segmenter.segment`` keeps the text it works on in the instance, so an instance is not shared."""
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
    need (measured on 3,455 lines of bench/data/distill and bench/distill_scale.py: the same sentences).
    """
    text = _FENCE.sub(" ", text)
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip() or _TOOL_LINE.match(line):
            continue
        line = _DOTFILE.sub(_DOT_STANDIN, _BULLET.sub("", line).strip())
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


def _confirms(text: str, cues: Cues) -> bool:
    """The user's reply accepts what the assistant proposed ("yes", "sounds good, do it", "ja, passt")."""
    head = text.strip().lower()[:80]
    return bool(cues.confirm.search(head))


def _from_sentences(sentences: list[str], cues: Cues, language: str, confirmed: bool) -> list[Candidate]:
    """Items from one user (or digest) turn, made self-contained. A correction is classified without its
    marker; one without a cue of its own is taken as stated when it replaces the statement it corrects (it
    restates something durable), and dropped otherwise (``needs_target``). Joined to the sentence before it
    (a dangling "it"), a correction keeps its marker, so the joined item reads as the correction it is."""
    kept: list[Candidate] = []
    previous: str | None = None
    previous_kept = False
    for raw in sentences:
        raw = raw.strip()
        body = correction_body(raw)
        sentence = body if body is not None else raw
        if cues.filler is not None:
            sentence = cues.filler.sub("", sentence).strip()
        classified = _classify(sentence, cues, confirmed)
        needs_target = False
        if classified is None and body is not None:
            classified = _classify(sentence, cues, True)
            needs_target = classified is not None
        kept_now = False
        if classified is not None:
            text = sentence
            if cues.dangling.match(text):
                if previous is None:
                    continue  # "It runs on 5432." alone says nothing about what "it" is
                text = f"{_finish(previous)} {raw if body is not None else text}"
                if previous_kept:
                    kept.pop()  # the joined statement replaces the first half
            if language == "en":
                text = to_user_perspective(text)
            text = _capitalise(text)
            if classified[0] == "task" and not _TASK_MARK.match(text):
                text = f"{cues.task_label}: {text}"  # a task read back weeks later should say it is one
            kept.append(Candidate(text[:MAX_ITEM_CHARS], *classified, body is not None, needs_target))
            kept_now = True
        previous, previous_kept = sentence, kept_now
    return kept


_PROPOSAL = re.compile(
    r"^(?:i(?:'d)? (?:suggest|recommend|propose)(?: that)?|we could|we should|let's|how about|maybe|"
    r"(?:should|shall|can) (?:we|i)|do you want (?:me |us )?to|would you like (?:me |us )?to)\s+",
    re.IGNORECASE,
)


_DECLINE = re.compile(r"\b(?:but not|except(?: for)?|not|no|without|skip|drop)\b(?P<rest>[^.;!?]*)", re.IGNORECASE)


def _declined_words(reply: str) -> set[str]:
    """Content words the user excluded while accepting ("yes, but not Loki" -> {"loki"})."""
    words: set[str] = set()
    for match in _DECLINE.finditer(reply):
        words |= {w.lower() for w in _WORD.findall(match.group("rest")) if len(w) > 2}
    return words


def _confirmed_proposals(sentences: list[str], cues: Cues, declined: set[str]) -> list[Candidate]:
    """Decisions from an assistant turn the user accepted: its proposals, questions included, become
    "Decided: ..." statements; its reports of its own actions and its offers are not the user's."""
    kept: list[Candidate] = []
    for raw in sentences:
        sentence = raw.strip()
        match = _PROPOSAL.match(sentence)
        if match is None and not cues.decision.search(sentence.lower()):
            continue
        body = sentence[match.end() :] if match else sentence
        body = re.sub(r"^(?:we|i)\s+", "", body).rstrip(" ?!.")
        if word_count(body) < 3 or cues.offer.search(body.lower()) or _tokens(body) & declined:
            continue
        kept.append(Candidate(f"Decided: {body}.", "event", "decision"))
    return kept


def _finish(sentence: str) -> str:
    sentence = sentence.rstrip()
    return sentence if sentence.endswith((".", "!", ";", ":")) else sentence + "."


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _classify(sentence: str, cues: Cues, confirmed: bool) -> tuple[MemoryType, Kind] | None:
    """(memory_type, kind) of a sentence worth keeping, or None for chatter, questions and noise.

    ``confirmed`` (a digest, a correction) and a declarative cue set keep any statement of at least
    ``cues.min_words`` words (script.word_count: characters count for Chinese and Japanese) as a fact."""
    if not _WORD.search(sentence):
        return None
    lower = sentence.lower()
    if cues.chatter.match(lower) or ends_as_question(sentence) or (cues.question and cues.question.search(lower)):
        return None
    if cues.offer.search(lower) or cues.request.search(lower) or _ASSIGNMENT.match(sentence) or _META.match(sentence):
        return None
    words = word_count(sentence)
    if _GRATITUDE.search(lower) and words < _SHORT_THANKS_WORDS:
        return None
    if cues.task.search(lower):
        return "task", "note"
    if cues.decision.search(lower):
        return "event", "decision"
    if cues.instruction.search(lower):
        return "instruction", "preference" if cues.preference.search(lower) else "note"
    if cues.preference.search(lower):
        return "fact", "preference"
    if words < cues.min_words:
        return None
    if cues.event.search(lower):
        return "event", "note"  # something dated or scheduled: it happened, or will, at a time
    if cues.declarative or confirmed or cues.fact.search(lower):
        return "fact", "fact"
    return None


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


def _tokens(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


# never a correction's subject: function words ("the", "die", "le") and the words of "The user ..." we write
_FUNCTION_WORDS: frozenset[str] = STOP_WORDS.union(*LANGUAGE_WORDS.values(), {"user", "s"})
_FLIPS = frozenset({"always", "never", "not", "no", "don't", "do", "does", "doesn't", "now", "actually"})
_DIGITS = re.compile(r"\d+")


@dataclass
class _Slot:
    """A statement while restatements are resolved: its content terms, its numbers, how often it was said,
    and whether a later statement replaced it."""

    candidate: Candidate
    terms: frozenset[str]
    numbers: tuple[str, ...]
    mentions: int = 1
    alive: bool = True


class _Resolver:
    """Restatements and corrections inside one session, found through hash indexes in time linear in the
    number of statements (times the square of a statement's length in terms, bounded by ``MAX_ITEM_CHARS``).

    Two statements are the same when their numbers are equal and their content-term sets are equal, differ
    by one term, or differ only by flip words; so a statement is indexed under its term set (``exact``), the
    set minus each one term (``less``), and the set without flip words (``flip``), each with its numbers.
    A statement whose set plus or minus one term, or whose set without flips, finds an indexed key restates
    that one. The earliest live match wins, as the pairwise scan over earlier statements did."""

    def __init__(self) -> None:
        self.slots: list[_Slot] = []
        self.index: dict[tuple[object, ...], deque[int]] = {}
        self.postings: dict[str, deque[int]] = {}

    def add(self, candidate: Candidate) -> None:
        """Take the next statement: it replaces the statement it restates or corrects, if any."""
        content = frozenset(t for t in terms(candidate.text) if t not in STOP_WORDS)
        slot = _Slot(candidate, content, tuple(_DIGITS.findall(candidate.text)))
        target = self._corrected(slot) if candidate.correction else None
        if target is None and candidate.needs_target:
            return  # a correction of nothing said here, with no cue of its own: not a statement to keep
        if target is None:
            target = self._restated(slot)
            if target is not None:
                slot.mentions += self.slots[target].mentions
        if target is not None:
            self.slots[target].alive = False
        position = len(self.slots)
        self.slots.append(slot)
        if content:
            for key in self._keys(slot):
                self.index.setdefault(key, deque()).append(position)
            for term in content:
                self.postings.setdefault(term, deque(maxlen=CORRECTION_LOOKBACK)).append(position)

    def items(self) -> list[DistilledItem]:
        """The surviving statements in conversation order."""
        return [
            DistilledItem(
                s.candidate.text, s.candidate.memory_type, s.candidate.kind, None, s.candidate.correction, s.mentions
            )
            for s in self.slots
            if s.alive
        ]

    @staticmethod
    def _keys(slot: _Slot) -> list[tuple[object, ...]]:
        numbers, content = slot.numbers, slot.terms
        keys: list[tuple[object, ...]] = [("exact", numbers, content), ("flip", numbers, content - _FLIPS)]
        keys += [("less", numbers, content - {t}) for t in content]
        return keys

    def _first_live(self, key: tuple[object, ...]) -> int | None:
        queue = self.index.get(key)
        while queue and not self.slots[queue[0]].alive:
            queue.popleft()  # each position leaves a queue at most once: amortised O(1)
        return queue[0] if queue else None

    def _restated(self, slot: _Slot) -> int | None:
        """The earliest live statement ``slot`` restates, or None."""
        if not slot.terms:
            return None
        numbers, content = slot.numbers, slot.terms
        probes: list[tuple[object, ...]] = [
            ("exact", numbers, content),  # the same terms
            ("less", numbers, content),  # an earlier one had one term more
            ("flip", numbers, content - _FLIPS),  # only flip words differ
        ]
        probes += [("exact", numbers, content - {t}) for t in content]  # an earlier one had one term less
        found = [p for p in (self._first_live(key) for key in probes) if p is not None]
        return min(found) if found else None

    def _corrected(self, slot: _Slot) -> int | None:
        """The live statement a correction corrects, or None. It must hold the correction's subject (its first
        content word: "ledger" in "the ledger database is PostgreSQL 16, not MySQL") and share at least
        ``MIN_SHARED_TERMS`` content terms with it (one is enough for the statement just before it: "We deploy
        on Tuesdays. Scratch that, we deploy on Thursdays."). Among those: the most shared terms, then the
        larger share of the statement's own terms, then the latest."""
        subject = next((t for t in terms(slot.candidate.text) if t not in _FUNCTION_WORDS), None)
        if subject is None:
            return None
        shared: dict[int, int] = {}
        for term in slot.terms:
            for position in self.postings.get(term, ()):
                if self.slots[position].alive:
                    shared[position] = shared.get(position, 0) + 1
        latest = self._latest_live()
        best: tuple[int, float, int] | None = None
        for position, count in shared.items():
            target = self.slots[position]
            if subject not in target.terms or (count < MIN_SHARED_TERMS and position != latest):
                continue
            rank = (count, count / len(target.terms), position)
            best = rank if best is None or rank > best else best
        return best[2] if best else None

    def _latest_live(self) -> int | None:
        for position in range(len(self.slots) - 1, max(-1, len(self.slots) - 1 - CORRECTION_LOOKBACK), -1):
            if self.slots[position].alive:
                return position
        return None


def resolve(found: Iterable[Candidate]) -> list[DistilledItem]:
    """Restatements and corrections resolved (see ``_Resolver``): the later statement replaces the earlier one
    and keeps its own place; ``mentions`` counts how often a statement was made, ``correction`` marks one
    that corrected something."""
    resolver = _Resolver()
    for candidate in found:
        resolver.add(candidate)
    return resolver.items()
