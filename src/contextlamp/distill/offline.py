"""The offline distiller: rules, no model. Turns of a conversation in, a few durable memories out.

Pipeline per session: drop code blocks and tool output; split turns into sentences with pysbd (rule-based
sentence boundary detection for 22 languages; Sadvilkar & Neumann, NLP-OSS 2020); keep what the user
stated (and assistant proposals the user confirmed), drop idle chatter and questions; classify each kept
sentence by cue phrases into memory_type and kind; make it self-contained (English "I" -> "The user",
a sentence opening on a dangling pronoun is joined to the one before it); drop near-duplicates, the later
statement winning. Items keep the language they were written in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

import pysbd  # pyright: ignore[reportMissingTypeStubs]  (no stubs published)

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.cues import CUES, Cues, detect_language
from contextlamp.distill.transcript import Turn
from contextlamp.models import Kind, MemoryType
from contextlamp.retrieval.query import STOP_WORDS

MIN_WORDS = 4  # "Use pnpm." is 2 words but also a cue match; see _worth_keeping
MAX_ITEM_CHARS = 600
SEGMENT_CHARS = 1000  # pysbd input bound (measured: one 200 KB line took 13.6 s, 1 KB pieces are linear)
MAX_ITEMS = 40  # one session rarely teaches more; bounds what a huge transcript can write

_FENCE = re.compile(r"```.*?(```|\Z)", re.DOTALL)
_TOOL_LINE = re.compile(r"^\s*(\$ |>>> |Traceback|\s+at |File \"|npm (ERR|WARN)|error\[|warning:|\+\+\+|---|@@ )")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_WORD = re.compile(r"\w+", re.UNICODE)
_TASK_MARK = re.compile(r"^(?:task|todo|to-do|aufgabe|tâche|tarea|tarefa|compito)\b", re.IGNORECASE)
_ROUGH_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_GRATITUDE = re.compile(r"\b(?:thanks?|thank you|danke|merci|gracias|grazie|obrigad[oa])\b", re.IGNORECASE)
_SHORT_THANKS_WORDS = 10  # "Wanted to say thanks for yesterday" is chatter; a long sentence may carry a fact
_META = re.compile(  # sentences about the conversation itself, not about the user's world
    r"^(?:session summary|summary of (?:the|this) (?:session|conversation)|small talk|chit-?chat|"
    r"no (?:code )?changes|no decisions|nothing (?:to follow up|else|worth)|the user (?:said hello|greeted|thanked))",
    re.IGNORECASE,
)
_ASSIGNMENT = re.compile(r"^\s*[A-Z][A-Z0-9_]*\s*[=:]\s*\S+\s*$")  # "AWS_REGION=eu-central-1": a config dump line
_DOTFILE = re.compile(r"(?<![\w.])\.(?=[A-Za-z_][\w-]*)")  # ".nvmrc", ".github": not a sentence end
_DOT_STANDIN = "\u2024"  # ONE DOT LEADER stands in for the dot while pysbd segments
_LEADING_FILLER = re.compile(
    r"^(?:(?:(?:also|and|but|so|oh|ah|btw|by the way|fyi|well|actually|okay|ok|alright|right|just so you know|"
    r"note|remember|for the record|one more thing|oh and|ps|p\.s\.)\s*[,:;-]?\s+)"
    r"|(?:(?:yes|yeah|yep|nah|no|ugh|fine|fair|sure|great|cool|perfect|then|hmm|um|uh)\s*[,:;-]\s*))+",
    re.IGNORECASE,
)
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
class _Candidate:
    text: str
    memory_type: MemoryType
    kind: Kind


class OfflineDistiller:
    """``Distiller`` by rules; deterministic, thread-safe, no network."""

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """The durable items of a conversation, in the order they were said (at most 40)."""
        if not turns:
            return []
        language = detect_language(" ".join(t.text for t in turns if t.role in ("user", "digest")) or turns[0].text)
        cues = CUES.get(language, CUES["en"])
        segmenter = _segmenter(language)
        candidates: list[_Candidate] = []
        for index, turn in enumerate(turns):
            if turn.role in ("system", "tool"):
                continue
            sentences = _sentences(turn.text, segmenter)
            if turn.role == "assistant":
                following = turns[index + 1] if index + 1 < len(turns) else None
                if following is None or following.role != "user" or not _confirms(following.text, cues):
                    continue
                candidates += _confirmed_proposals(sentences, cues, _declined_words(following.text))
            else:
                candidates += _from_sentences(sentences, cues, language, confirmed=turn.role == "digest")
        return [DistilledItem(c.text, c.memory_type, c.kind) for c in _dedupe(candidates)][:MAX_ITEMS]


def _segmenter(language: str) -> pysbd.Segmenter:
    try:
        return pysbd.Segmenter(language=language, clean=False)
    except ValueError:  # a language pysbd does not know
        return pysbd.Segmenter(language="en", clean=False)


def _sentences(text: str, segmenter: pysbd.Segmenter) -> list[str]:
    """Sentences of a turn: code blocks and tool output removed; each bullet or line is its own unit.

    pysbd's cost grows faster than linearly with the length of what it is given, so a long line is first cut
    at sentence-final punctuation into pieces of about ``SEGMENT_CHARS``.
    """
    text = _FENCE.sub(" ", text)
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip() or _TOOL_LINE.match(line):
            continue
        line = _DOTFILE.sub(_DOT_STANDIN, _BULLET.sub("", line).strip())
        for piece in _pieces(line):
            segments = cast(list[str], segmenter.segment(piece))  # pyright: ignore[reportUnknownMemberType]
            out += [s.strip().replace(_DOT_STANDIN, ".") for s in segments if s.strip()]
    return out


def _pieces(line: str) -> list[str]:
    if len(line) <= SEGMENT_CHARS:
        return [line]
    pieces: list[str] = []
    current = ""
    for part in _ROUGH_SENTENCE.split(line):
        if current and len(current) + len(part) > SEGMENT_CHARS:
            pieces.append(current)
            current = ""
        current = f"{current} {part}" if current else part
        while len(current) > SEGMENT_CHARS:  # one endless "sentence": cut it hard
            pieces.append(current[:SEGMENT_CHARS])
            current = current[SEGMENT_CHARS:]
    if current:
        pieces.append(current)
    return pieces


def _confirms(text: str, cues: Cues) -> bool:
    """The user's reply accepts what the assistant proposed ("yes", "sounds good, do it", "ja, passt")."""
    head = text.strip().lower()[:80]
    return bool(cues.confirm.search(head))


def _from_sentences(sentences: list[str], cues: Cues, language: str, confirmed: bool) -> list[_Candidate]:
    """Items from one user (or digest) turn, made self-contained."""
    kept: list[_Candidate] = []
    previous: str | None = None
    previous_kept = False
    for raw in sentences:
        sentence = _LEADING_FILLER.sub("", raw).strip() if language == "en" else raw.strip()
        classified = _classify(sentence, cues, confirmed)
        kept_now = False
        if classified is not None:
            text = sentence
            if cues.dangling.match(text):
                if previous is None:
                    continue  # "It runs on 5432." alone says nothing about what "it" is
                text = f"{_finish(previous)} {text}"
                if previous_kept:
                    kept.pop()  # the joined statement replaces the first half
            if language == "en":
                text = to_user_perspective(text)
            text = _capitalise(text)
            if classified[0] == "task" and not _TASK_MARK.match(text):
                text = f"{cues.task_label}: {text}"  # a task read back weeks later should say it is one
            kept.append(_Candidate(text[:MAX_ITEM_CHARS], *classified))
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


def _confirmed_proposals(sentences: list[str], cues: Cues, declined: set[str]) -> list[_Candidate]:
    """Decisions from an assistant turn the user accepted: its proposals, questions included, become
    "Decided: ..." statements; its reports of its own actions and its offers are not the user's."""
    kept: list[_Candidate] = []
    for raw in sentences:
        sentence = raw.strip()
        match = _PROPOSAL.match(sentence)
        if match is None and not cues.decision.search(sentence.lower()):
            continue
        body = sentence[match.end() :] if match else sentence
        body = re.sub(r"^(?:we|i)\s+", "", body).rstrip(" ?!.")
        if len(_WORD.findall(body)) < 3 or cues.offer.search(body.lower()) or _tokens(body) & declined:
            continue
        kept.append(_Candidate(f"Decided: {body}.", "event", "decision"))
    return kept


def _finish(sentence: str) -> str:
    sentence = sentence.rstrip()
    return sentence if sentence.endswith((".", "!", ";", ":")) else sentence + "."


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _classify(sentence: str, cues: Cues, confirmed: bool) -> tuple[MemoryType, Kind] | None:
    """(memory_type, kind) of a sentence worth keeping, or None for chatter, questions and noise."""
    words = _WORD.findall(sentence)
    lower = sentence.lower()
    if not words or cues.chatter.match(lower) or sentence.rstrip().endswith("?"):
        return None
    if cues.offer.search(lower) or cues.request.search(lower) or _ASSIGNMENT.match(sentence) or _META.match(sentence):
        return None
    if _GRATITUDE.search(lower) and len(words) < _SHORT_THANKS_WORDS:
        return None
    if cues.task.search(lower):
        return "task", "note"
    if cues.decision.search(lower):
        return "event", "decision"
    if cues.instruction.search(lower):
        return "instruction", "preference" if cues.preference.search(lower) else "note"
    if cues.preference.search(lower):
        return "fact", "preference"
    if len(words) < MIN_WORDS:
        return None
    if cues.event.search(lower):
        return "event", "note"  # something dated or scheduled: it happened, or will, at a time
    if cues.fact.search(lower) or confirmed:
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


_FLIPS = frozenset({"always", "never", "not", "no", "don't", "do", "does", "doesn't", "now", "actually"})


def _same_statement(a: str, b: str) -> bool:
    """True when ``b`` restates ``a``: same numbers, and their content words differ by at most one word
    (or only by a flip such as always/never, in which case the later one corrects the earlier)."""
    if re.findall(r"\d+", a) != re.findall(r"\d+", b):
        return False
    ta = {w for w in _tokens(a) if w not in STOP_WORDS}
    tb = {w for w in _tokens(b) if w not in STOP_WORDS}
    if not ta or not tb:
        return False
    differ = ta ^ tb
    return len(differ) <= 1 or differ <= _FLIPS


def _dedupe(candidates: list[_Candidate]) -> list[_Candidate]:
    """Drop restatements inside a session; the later statement wins, keeping its place in order."""
    kept: list[_Candidate] = []
    for candidate in candidates:
        for i, earlier in enumerate(kept):
            if _same_statement(earlier.text, candidate.text):
                kept[i] = candidate
                break
        else:
            kept.append(candidate)
    return kept
