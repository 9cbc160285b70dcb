"""Ways a fact is taught that are not a plain statement of the user's (issue #27, research/notes/req49-stop46.md):
the blind month banks showed capture missing each of them.

- ``tail``: a statement after a request, behind a lead-in that changes the subject ("can you bump the retries,
  and while you're at it note that the staging DB lives on X"): the request veto covered the whole sentence.
- ``confirmed``: the agent's yes/no question that states a value ("So the nightly export goes to bucket X now?")
  and the user's bare yes ("yes, exactly", "klopt", "sì, esatto"): the value is only in the agent's words.
- ``commented``: a pasted settings line whose comment says why the value is what it is
  (``retention_days = 45  # legal asked for 45 since March``): the paste veto covered the comment.

Both capture paths read these: the stop hook's cues (``hooks.digest.cues_of``: *when* to ask the agent) and the
offline distiller (``offline.segment``: the statement it then judges with its own rules). Each returns the
statement to judge, never a verdict: whether it is durable stays each path's rule. Every pattern is a literal
alternation or a bounded class (linear in the text's length).
"""

from __future__ import annotations

import re
from functools import cache

# A lead-in that changes the subject after a request, in the usual languages: "while you're at it", "by the way",
# "btw", "fyi", "for the record", "also"; nl "trouwens", "ter info", "overigens"; it "già che ci sei", "tra l'altro",
# "per la cronaca"; de "übrigens", "nebenbei"; fr "au fait", "d'ailleurs", "pour info"; es "por cierto", "de paso";
# pt "aliás", "a propósito". Source: each language's discourse markers of topic change.
_SHIFT = (
    r"while you'?re (?:at it|there|in there)|by the way|btw|fyi|for the record|for your information|also|"
    r"trouwens|ter info|ter informatie|overigens|già che ci sei|tra l'altro|per la cronaca|per tua informazione|"
    r"ook|anche|auch|aussi|también|também|übrigens|nebenbei|zur info|au fait|d'ailleurs|pour info|por cierto|"
    r"de paso|para que conste|aliás|a propósito"
)
_SHIFT_FIRST = _SHIFT.replace("ook|anche|auch|aussi|también|também|", "")  # "also" opens a tail only in English
# what may stand between the lead-in and the statement: a spoken wrapper to note or remember it
_WRAPPER = (
    r"(?:please )?(?:note|remember|keep in mind|bear in mind|be aware|know|noteer|onthoud|weet|ricorda|nota|tieni "
    r"presente|sappi|merk dir|beachte|denk daran|note[sz]?|retiens|sache|recuerda|ten en cuenta|lembra|lembre-se)"
    r"(?: (?:that|dat|che|dass|que))?"
)
# a bare yes: every word of the turn is one of these (yes, right, exactly, correct in the usual languages)
_YES = frozenset(
    [
        "yes",
        "yep",
        "yeah",
        "yup",
        "right",
        "correct",
        "exactly",
        "indeed",
        "that's",
        "that",
        "is",
        "it",
        "true",
        "confirmed",
        "affirmative",
        "sure",
        "precisely",
        "ja",
        "jep",
        "klopt",
        "precies",
        "inderdaad",
        "correct",
        "juist",
        "dat",
        "is",
        "het",
        "sì",
        "si",
        "esatto",
        "esattamente",
        "giusto",
        "corretto",
        "certo",
        "proprio",
        "così",
        "genau",
        "richtig",
        "stimmt",
        "korrekt",
        "exakt",
        "oui",
        "exactement",
        "exact",
        "c'est",
        "ça",
        "cela",
        "tout",
        "à",
        "fait",
        "sí",
        "exacto",
        "correcto",
        "cierto",
        "eso",
        "es",
        "sim",
        "exato",
        "isso",
        "certo",
        "é",
    ]
)
MAX_YES_WORDS = 5  # "yep, that's exactly right": a longer turn says more than yes and is judged on its own
# the lead of an agent's check ("So ...?", "Just to confirm: ...?", "Dus ...?", "Quindi ...?", "Also ...?")
_CHECK_LEAD = (
    r"(?:just )?(?:to (?:confirm|double-check|be sure|check)|so|then|ok(?:ay)?,? so|am i right that|do i understand "
    r"(?:correctly )?that|dus|dan|quindi|allora|also|dann|donc|alors|entonces|então|ou seja)"
)
# a credential or a hash (a long token mixing cases and digits) or a list of codes: never a fact to keep (the stop
# hook's rule since stop 44, hooks/digest.py, moved here so the offline distiller reads the same one)
CREDENTIAL = re.compile(
    r"(?=\S*\d)(?=\S*[a-z])(?=\S*[A-Z])\S{16,}|\S{60,}|(?i:\b(?:password|passphrase|login|token|secret|"
    r"recovery key|passwort|kennwort|mot de passe|contraseña|senha|wachtwoord)\b)"
)
# a settings line with its comment: ``key = value  # comment`` / ``key: value  // comment`` (a space after the
# marker: ``goes to #fin-drops`` names a channel)
_SETTING = r"^\s*[\w.\-\"']{1,80}\s*[:=]\s*[^#\n]{1,200}?\s(?:#|//)\s+(?P<comment>[^\n]{1,300})$"
# a comment that is a note to self, not a statement: to do, to check, temporary, a ticket, the old value, a unit
_NOTE_TO_SELF = (
    r"todo|fixme|xxx|hack|tbd|check|verify|confirm|temporar\w*|for now|see |ticket|was \d|used to be|"
    r"navragen|checken|nakijken|tijdelijk|verificare|controllare|da rivedere|provvisori\w*|prüfen|nachsehen|"
    r"vorläufig|à revoir|à vérifier|provisoire|revisar|verificar|temporal"
)
# a specific value: a digit, a path or handle, an identifier with an inner separator, a capitalised word inside
_VALUE = r"\d|[#@/_]|[^\W_][-.][^\W_]|(?<=\s)[A-Z]"
MAX_ANSWER_WORDS = 6  # a bare answer: a value and a few words ("Sentry, self-hosted"); a longer turn stands alone
# a question that asks for a value opens on a wh-word (English, Dutch, German, French, Spanish, Italian,
# Portuguese; their interrogative words), not a yes/no question ("Shall I ...?")
_WH_OPEN = (
    r"which|what|where|who|when|how (?:many|much|long|often)|welke?|waar|wie|wanneer|hoeveel|wat|welche[rsnm]?|wo|"
    r"wer|wann|wie viele?|quel(?:le)?s?|où|quand|combien|cuál(?:es)?|qué|dónde|cuándo|cuántos?|quale|quali|dove|"
    r"quando|quanti|qual|quais|onde|quantos?"
)
MAX_LEADS = 3  # lead-ins and wrappers stripped from a tail's start, one after another
MIN_COMMENT_WORDS = 4  # "# seconds", "# default", "# was 4": a label; "# legal asked for 45 since March": a reason


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The patterns, compiled on first use (never at import)."""
    flags = re.IGNORECASE | re.UNICODE
    return {
        "shift": re.compile(rf"(?:[,;]\s*|\s)(?:and |en |e |und |et |y )?(?:{_SHIFT_FIRST})(?![\w'-])[,:]?\s*", flags),
        "lead": re.compile(rf"^(?:and |en |e |und |et |y )?(?:{_SHIFT})(?![\w'-])[,:]?\s*", flags),
        "wrapper": re.compile(rf"^(?:{_WRAPPER})(?![\w'-])[,:]?\s*", flags),
        "check": re.compile(rf"^(?:{_CHECK_LEAD})(?![\w'-])[,:]?\s*", flags),
        "setting": re.compile(_SETTING, flags | re.MULTILINE),
        "note": re.compile(rf"(?<![\w'-])(?:{_NOTE_TO_SELF})", flags),
        "value": re.compile(_VALUE),
        "wh": re.compile(rf"(?:{_WH_OPEN})(?![\w'-])", flags),
        "word": re.compile(r"[^\W\d_][\w'-]*", flags),
    }


def tail(text: str) -> tuple[str, str] | None:
    """(head, statement): what precedes the first subject-changing lead-in (``_SHIFT``) of ``text``, and the
    statement after it, without a wrapper asking to note it (``_WRAPPER``), capitalised; None when there is no
    such lead-in after something else, or the statement is under three words or names no value (``_VALUE``)."""
    shift = _patterns()["shift"].search(text)
    if shift is None or shift.start() == 0:
        return None
    rest = text[shift.end() :].strip()
    for _ in range(MAX_LEADS):  # "also, for the record, note that X": each lead-in and wrapper in turn
        rest = _patterns()["lead"].sub("", rest, count=1).strip()
        rest = _patterns()["wrapper"].sub("", rest, count=1).strip()
    if len(rest.split()) < 3 or not _patterns()["value"].search(rest):
        return None  # "and also clean up the imports": another request; a fact taught in passing names its value
    return text[: shift.start()].strip(), rest[:1].upper() + rest[1:]


def answered(answer: str, asked: str) -> str | None:
    """The bare answer to the agent's question as one statement, "<question>: <answer>" ("Which region should
    the replica use: eu-west-3"): the agent's turn ends on a question opening on a wh-word (``_WH_OPEN``), and
    ``answer`` is at most ``MAX_ANSWER_WORDS`` words, no question, naming a value or a name (``_VALUE``, a
    capital); None otherwise. (The stop hook's own rule, ``hooks.cue_lang.answers_question``, also vetoes words
    of the moment; the two could be one rule here: research/notes/req49-stop46.md.)"""
    answer = answer.strip().rstrip(".!")
    if not asked.rstrip().endswith("?") or "?" in answer or not 0 < len(answer.split()) <= MAX_ANSWER_WORDS:
        return None
    question = re.split(r"(?<=[.!:])\s+|\n", asked.strip())[-1].rstrip("?").strip()
    if not _patterns()["wh"].match(question) or CREDENTIAL.search(answer):
        return None
    if not (has_value(f" {answer}") or answer[:1].isupper()):
        return None
    return f"{question}: {answer}"


def has_value(text: str) -> bool:
    """Whether ``text`` names a specific value (``_VALUE``)."""
    return _patterns()["value"].search(text) is not None


def is_yes(text: str) -> bool:
    """Whether ``text`` is a bare yes: at most ``MAX_YES_WORDS`` words, every one of them in ``_YES``."""
    words = [w.casefold() for w in re.findall(r"[\w'çà]+", text)]
    return 0 < len(words) <= MAX_YES_WORDS and all(w in _YES for w in words)


def confirmed(answer: str, asked: str) -> str | None:
    """The statement of the agent's yes/no check (``asked``, its turn before the user's ``answer``) that the user
    confirmed with a bare yes (``is_yes``): the check's last sentence, ending on "?", without its lead
    (``_CHECK_LEAD``) and question mark, capitalised; None when ``answer`` is not a bare yes or ``asked`` does not
    end on a question of at least four words."""
    if not is_yes(answer):
        return None
    asked = asked.strip()
    if not asked.endswith("?"):
        return None
    question = re.split(r"(?<=[.!:])\s+|\n", asked)[-1].rstrip("?").strip()
    statement = _patterns()["check"].sub("", question, count=1).strip()
    if len(statement.split()) < 4:
        return None
    return statement[:1].upper() + statement[1:] + "."


def without_notes_to_self(text: str) -> str:
    """``text`` without its settings lines whose comment states nothing (a note to self, ``_NOTE_TO_SELF``:
    ``pickronde_minuten = 45  # nog checken``; or a label under ``MIN_COMMENT_WORDS`` words: ``# seconds``): a
    commented line is pasted from a file, and states something only when its comment does (``commented``)."""

    def keep(match: re.Match[str]) -> str:
        return match.group() if _states_reason(match.group("comment")) else ""

    return _patterns()["setting"].sub(keep, text)


def _states_reason(comment: str) -> bool:
    comment = comment.strip()
    return not _patterns()["note"].search(comment) and len(_patterns()["word"].findall(comment)) >= MIN_COMMENT_WORDS


def commented(text: str) -> list[str]:
    """The settings lines of ``text`` whose comment states a reason (at least ``MIN_COMMENT_WORDS`` words, no
    note to self, ``_NOTE_TO_SELF``), each as "<setting> (<comment>)" with the comment marker removed."""
    found: list[str] = []
    for match in _patterns()["setting"].finditer(text):
        comment = match.group("comment").strip()
        if not _states_reason(comment):
            continue
        setting = match.group()[: match.start("comment") - match.start()].rstrip(" #/;-\t")
        found.append(f"{setting.strip()} ({comment})")
    return found
