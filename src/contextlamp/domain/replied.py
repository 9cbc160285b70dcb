"""A user's reply that corrects what the turn before it said (issue #27.2): the old value and the new one.

The month banks' corrections that stayed stale are replies whose subject lives in the turn before: the agent said
the old value back ("It polls every 75 s, as you said." / "The Dockerfile still says Node 18 for the label
printer.") and the user answered "oops, mixed them up, ... every 35 s" or "right, that's stale, it's on Node 22";
or the user took back a correction of their own ("correction: it posts to Twinfield now" / "Updated — Twinfield."
/ "no, scratch that as well: Moneybird, not Twinfield and not Exact Online"). Read alone, such a reply names no
subject, so no rule that compares two statements finds what it corrects; read with the turn before, it pairs each
old value with the new value of its kind. ``hooks/supersede.replied`` then gives the live memory holding the old
value its new value.

A value is read as ``freshness.value_split`` reads one (a digit, a path or handle, a dotted or hyphenated
identifier, a capitalised word after the first). A reply corrects:

- a value it names as old: after a word that negates it ("not A", "niet A", "nicht A", "pas A", "no A", "non A",
  "não A", "nie A", "inte A", "no longer A", "instead of A", "zamiast A"; "不是 A", "не A": ``named_scripts``) or
  before a word that says it ended ("A is gone", "A was the old switch", "A is eruit", "A is stale"; "A 아니라", "A
  ではなく", "A değil", "A नहीं");
- a value the turn before said and the reply does not repeat, when the reply opens on a disagreement ("no", "nope",
  "oops", "nee", "nein", "non", "não", "nie", "nej", "hayır", "actually", "not anymore", "niet meer", "nicht mehr",
  "아니요", "いいえ", "不对", "нет", "ні", "لا", "नहीं", ...) or calls the old value stale ("that's stale",
  "outdated", "mixed them up", "misread", "verouderd", "veraltet", ...).

Each such old value is paired with the one new value of its kind (``freshness.value_kind``; failing that, the one
with letters and digits alike: "Go 1.22" -> "Node 22") the reply gives (a value of neither turn before), else,
when the reply gives none, the one value of that kind the turn before said beside it ("The compose file says
V ..., but you told me A — which one?" / "the compose file, A was the old switch"). Never a question, a reply
longer than ``FRESH_MAX_WORDS`` words, or one said for a moment only ("this time", "for now", "today only",
"deze keer", "diesmal", "cette fois", "esta vez", "questa volta", "tym razem", "这次", "이번만"): a
one-off is no correction of a standing value; nor one adding to it ("also", "ook", "auch", "aussi", "también",
"anche", "też", "också", "也", "также", "भी"; not "too" / "as well": "scratch that as well" takes a value back).
Linear in the texts' lengths.
"""

from __future__ import annotations

import re
from functools import cache

from contextlamp.domain.freshness import FRESH_MAX_WORDS, is_value, value_key, value_kind
from contextlamp.domain.named_old import BETWEEN, TOKEN_STRIP
from contextlamp.domain.named_scripts import SCRIPT_FUNCTION, named_after, named_before, spaced, too_long

# words right before a value that name it as the old one, in the languages the capture paths read (en, nl, de, fr,
# es, it, pt, pl, sv, tr-less: Turkish puts "değil" after the value, see _ENDED)
_NEGATING = frozenset(
    """not no never longer instead rather niet geen nicht kein keine statt anstatt pas plus non ni não nao nem nie
    zamiast inte ej ikke""".split()  # noqa: SIM905
)
# words right after a value (at most ``_AFTER_WORDS`` words on) that say it ended or was wrong
_ENDED = frozenset(
    """gone old stale dead dropped retired wrong outdated obsolete eruit weg oud verouderd fout alt veraltet falsch
    ancien ancienne faux viejo vieja antiguo antigua vecchio vecchia sbagliato antigo antiga errado stary stara
    wyłączyliśmy wyłączony gammal fel değil""".split()  # noqa: SIM905
)
# function words that may stand between a negating word and its value ("not every 30 s", "ya no a las 21:00",
# "niet meer op kas-vm-05", "nicht mehr auf dem", "pas sur le", "non più con il", "já não no", "nie na", "inte på"),
# at most ``_AFTER_WORDS`` of them
_BETWEEN = BETWEEN | frozenset(
    """las los la le les el del al de der die das den dem des het een op om met naar auf mit im am zu sur avec au aux
    du en con il lo gli di da do dos na em com w we z ze på i med till""".split()  # noqa: SIM905
)
_AFTER_WORDS = 3  # "A was the old switch": the ending word three words after the value
_OPENING_WORDS = 4  # how far into the reply its disagreement may stand ("argh, no, ...", "hm, no wait, ...")
# a reply that opens on disagreeing with the turn before, or calls what it said stale
_DISAGREE = (
    rf"(?i:^\W*(?:\w+\W+){{0,{_OPENING_WORDS - 1}}}?(?:no|nope|nah|oops|wrong|actually|nee|neen|nein|non|"
    r"não|nao|nie|nej|nei|hayır|hayir|niet meer|nicht mehr|plus maintenant|ya no|non più|não mais|już nie|"
    r"inte längre|not anymore|"
    r"not any more|no longer|sorry|scusa|desculpa|przepraszam|oeps|ups|perdón)\b)"
    r"|(?i:\b(?:stale|outdated|out of date|mixed (?:them|it|that) up|misread|mixed up|verouderd|veraltet|"
    r"dépassé|obsoleto|nieaktualne|föråldrad|inaktuell)\b)"
    # ko, ja, zh, ru, uk, ar, hi: "no" opening the reply (``named_scripts.spaced`` reads its comma as ", ")
    r"|(?i:^\W*(?:아니요|아뇨|아니에요|아니야|いいえ|いや|違います|違う|不对|不是|错了|нет|ні|уже не|вже не|больше не|"
    r"більше не|لا|كلا|नहीं|जी नहीं)(?=[\s,.!]))"
)
# a reply said for a moment only (a one-off, not the standing value) or adding to what was said ("and it also
# needs ...": a second value beside the first)
_MOMENT = (
    r"(?i:\b(?:also|ook|auch|aussi|también|anche|também|też|också|this time|for now|this one|for today|today only|"
    r"just today|temporarily|deze keer|dit keer|voor nu|diesmal|dieses mal|vorerst|cette fois|pour l'instant|"
    r"esta vez|por ahora|questa volta|per ora|desta vez|por agora|tym razem|na razie|den här gången|för nu|"
    r"также|тоже|також|теж|bu sefer|şimdilik|только сегодня|поки що|пока что)\b)"
    r"|也|这次|今回だけ|今回は|이번만|이번에는|أيضا|أيضاً|भी|इस बार"
)


# an elided article or preposition before a name or a number (fr, it, ca: "l'Arriscan", "dell'ONAIR-2"); not "it's"
_ELIDED = re.compile(r"^(?:l|d|dell|all|dall|nell|sull|un|qu|j|s|n)['’](?=[^\W_a-z])")


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The disagreement and one-off patterns, compiled on first use (not at import)."""
    return re.compile(_DISAGREE), re.compile(_MOMENT)


def _values(text: str) -> list[tuple[int, str, str]]:
    """(position, value key, value as written) of each value of ``text``: a value token (``freshness.is_value``; the
    first word only when it holds a digit, a path or an identifier, not for its capital), the tokens of a run of
    them with no punctuation between read as one value ("Exact Online", "Node 18"); the position is the run's
    first word's."""
    found: list[tuple[int, str, str]] = []
    joined = False  # the previous token was a value with nothing after it
    for n, raw in enumerate(text.split()):
        token = _ELIDED.sub("", raw.strip(TOKEN_STRIP + "—–"))  # "l'Arriscan", "dell'ONAIR-2": the value
        first = _digit(token) or (is_value(token) and not token[:1].isupper())  # not the capital opening it
        value = bool(token) and (is_value(token) if n else first)
        if value and joined and found:
            start, _, written = found[-1]
            written = f"{written} {token}"
            found[-1] = (start, value_key(written), written)
        elif value:
            found.append((n, value_key(token), token))
        joined = value and raw == raw.rstrip(TOKEN_STRIP + "—–")
    return found


def _digit(token: str) -> bool:
    return any(ch.isdigit() for ch in token)


def _skipped(words: list[str], n: int) -> bool:
    """Whether the word at ``n`` is a function word of ``named_scripts`` that does not itself name the value after it
    as old ("на" is skipped, "не" is not)."""
    return words[n] in SCRIPT_FUNCTION and not named_before(words, n, False)


def _named_old(raw: list[str], position: int) -> bool:
    """Whether the value at ``position`` of ``raw`` (the reply's tokens) is named as the old one: a negating word
    right before it (function words between skipped, ``_BETWEEN``) or an ending word at most ``_AFTER_WORDS``
    words after it in its clause (a comma or a semicolon ends the look: "pin it to B, A is gone" names A, not B)."""
    words = [w.strip(TOKEN_STRIP + "—–").casefold() for w in raw]
    n = position - 1
    while n >= 0 and position - n <= _AFTER_WORDS and (words[n] in _BETWEEN or _skipped(words, n)):
        n -= 1
    if n >= 0 and words[n] in _NEGATING and raw[n][-1:].isalpha():  # "not A"; "no, B" opens a disagreement
        return True
    if (n >= 0 and named_before(words, n, False)) or named_after(words, raw, position, False):
        return True  # "不是 A", "не A", "A 아니라", "A ではなく", "A नहीं", "A değil" (``named_scripts``)
    for at in range(position, min(len(raw), position + 1 + _AFTER_WORDS)):
        if at > position and words[at] in _ENDED:
            return True
        if raw[at].endswith((",", ";", ":")):
            return False
    return False


def reply_corrections(before: str, reply: str) -> list[tuple[str, str]]:
    """The ``(old value, new value)`` pairs ``reply`` corrects, read with ``before``, the turn said right before it
    (the agent's, or the user's own): each value as written, old first; [] when the reply corrects nothing (see the
    module docstring). Linear in the texts' lengths."""
    if "?" in reply or len(reply.split()) > FRESH_MAX_WORDS or too_long(reply) or too_long(before):
        return []
    before, reply = spaced(before), spaced(reply)  # "route-b7이 아니고" -> "route-b7 이 아니고"
    disagree, moment = _patterns()
    if moment.search(reply):
        return []
    raw = reply.split()
    said = _values(reply)
    prior = _values(before)
    prior_keys = {key for _, key, _ in prior}
    reply_keys = {key for _, key, _ in said}
    named = {key: token for n, key, token in said if _named_old(raw, n)}
    # the values the turn before said and the reply drops, the last first: the attribute's value stands after the
    # subject ("The CO2 dosing alarm drops into A": A, not CO2), so a later one takes a new value before an earlier
    unsaid = (
        {key: token for _, key, token in reversed(prior) if key not in reply_keys} if disagree.search(reply) else {}
    )
    olds = {**named, **{k: v for k, v in unsaid.items() if k not in named}}
    if not olds:
        return []
    new = {key: token for _, key, token in said if key not in olds and key not in prior_keys}
    if not new:  # the reply names the old value only: the new one is the other value of its kind said before
        new = {key: token for _, key, token in prior if key not in olds and key not in reply_keys}
    pairs: list[tuple[str, str]] = []
    taken: set[str] = set()  # a new value an unnamed old value already took: one old value each
    for strict in (True, False):  # a value of its exact kind first; then letters and digits alike ("Go 1.22")
        for key, token in olds.items():
            if any(old == token for old, _ in pairs):
                continue
            kind = value_kind(key.replace(" ", "-"))
            same = [
                t
                for k, t in new.items()
                if (
                    value_kind(k.replace(" ", "-")) == kind
                    if strict
                    else value_kind(k.replace(" ", "-"))[:2] == kind[:2]
                )
            ]
            if len(same) != 1 or (key not in named and same[0] in taken):
                continue
            if key not in named:
                taken.add(same[0])
            pairs.append((token, same[0]))
    return pairs
