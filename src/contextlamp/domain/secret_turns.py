"""A credential given as the answer to a question asked in an earlier turn (issue #28, stop 41).

"what's the router admin password again?" ... "oh right: it's X": the noun is in one turn, the value in the next, so
no rule that reads one turn finds it. :func:`answered_spans` reads a short turn after a turn (or the turn before
that) that asks for a credential, and returns the spans of the values that answer it; the transcript redaction
(app.distilling.redacted_turns, the save paths' and the hooks') removes them.

A turn *asks for a credential* when it names one (a password, passphrase, PIN, passcode, code, combination, key,
token or secret noun, in the languages of the slot layer's curated nouns), is a question or says the value is
missing ("?", "remember", "forgot", "need", "wie", "quel", "cuál", ...), and names no public attribute of it (a
policy, a length, an expiry, a port, a version, a commit: "what's the password policy?" is answered by prose). An
answer is a turn of at most ``MAX_ANSWER`` characters; its values are the tokens (or a quoted run) that read as a
credential on their own (secret_shape.accept_stated_password and the slot layer's password check) and, when a
code or PIN was asked for, 4 to 12 digits (one or two at a time, or with dashes) not followed by a unit ("it's 6
digits now"). Costs a few substring and RE2 passes over two short turns; nothing runs for a long turn.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import re2  # pyright: ignore[reportMissingTypeStubs]

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_grammar import PASSWORD_NOUNS, PIN_NOUNS
from contextlamp.domain.secret_values import accept_password
from contextlamp.domain.secret_words import SLOT_UNITS


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


MAX_ANSWER = 240  # characters: an answer is a short turn ("never mind, it's X"); a long one is read by the rules
MAX_ASKING = 600  # characters of the asking turn read (its end: a question ends a turn)
_RE2: Any = re2

_OTHER_NOUNS = (
    r"pw|key|keys|token|secret|schlüssel|clé|chave|chiave|sleutel|"  # a key of any kind
    r"pin|code|codes|combination|combo|passcode|código|codice|kod|kode|код"
)
_CODE_NOUNS = _set("pin code codes combination combo passcode código codice kod kode код")
_ASKING_WORDS = _set(
    "remember recall forgot forget forgotten need lost again what which where wie welche welches was wo "
    "quel quelle quels c'était cuál cual qual quale wat welk hoe lembra lembras recordar"
)
# a question about one of these is not a question about the value ("what's the password policy?")
_ATTRIBUTES = _set(
    "policy policies length expiry expire expires expiration rotation rotate format manager field fields rule "
    "rules requirement requirements limit limits port version commit hash sha ticket id issue build release tag "
    "url path endpoint timeout size strength reset hint prompt character characters digits"
)
_STRIP = "\"'`“”‘’«»()[]{}<>*"
_END_PUNCT = ".,;:!?"


@functools.cache
def _nouns() -> Any:
    """One RE2 pattern of every credential noun (compiled on first use, never at import time)."""
    pattern = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])((?:{PASSWORD_NOUNS})|(?:{PIN_NOUNS})|{_OTHER_NOUNS})(?:[^\p{{L}}]|$)"
    return _RE2.compile(pattern)


def _words(text: str) -> list[str]:
    return [w.strip(_STRIP + _END_PUNCT).lower() for w in text.split()]


def names_attribute(text: str) -> bool:
    """Whether ``text`` names a public attribute of a credential (``_ATTRIBUTES``: "the password policy?")."""
    return any(w in _ATTRIBUTES for w in _words(text))


def asked_for(turn: str) -> str | None:
    """``"code"`` when ``turn`` asks for a code or PIN, ``"password"`` for any other credential, else None."""
    text = turn[-MAX_ASKING:]
    words = _words(text)
    if not ("?" in text or any(w in _ASKING_WORDS for w in words)) or any(w in _ATTRIBUTES for w in words):
        return None
    found = _nouns().search(text)
    if found is None:
        return None
    noun = str(found.group(1)).lower()
    return "code" if noun in _CODE_NOUNS or any(w in noun.split() for w in _CODE_NOUNS) else "password"


def _digits_answer(token: str, after: str) -> bool:
    digits = token.replace("-", "")
    return digits.isdigit() and 4 <= len(digits) <= 12 and after not in SLOT_UNITS and len(set(digits)) > 1


def _token_spans(answer: str) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    pos = 0
    for word in answer.split():
        start = answer.index(word, pos)
        pos = start + len(word)
        lead = len(word) - len(word.lstrip(_STRIP))
        core = word.strip(_STRIP).rstrip(_END_PUNCT).strip(_STRIP)
        if core:
            spans.append((start + lead, start + lead + len(core), core))
    return spans


def answered_spans(earlier: Sequence[str], answer: str) -> list[tuple[int, int]]:
    """Character spans of ``answer`` that answer a request for a credential in the last two ``earlier`` turns
    (the last first), merged left to right; empty when none asks for one or the answer is longer than
    ``MAX_ANSWER``."""
    if len(answer) > MAX_ANSWER or not answer.strip():
        return []
    asked = next((kind for kind in (asked_for(t) for t in reversed(earlier[-2:])) if kind), None)
    if asked is None:
        return []
    tokens = _token_spans(answer)
    found: list[tuple[int, int]] = []
    for start, end, quote in _quoted(answer):
        if shape.accept_stated_password(quote) and accept_password(quote):
            found.append((start, end))
    k = 0
    while k < len(tokens):
        start, end, core = tokens[k]
        after = tokens[k + 1][2].lower() if k + 1 < len(tokens) else ""
        if asked == "code" and core.isdigit() and len(core) <= 2:  # digits one or two at a time
            j = k
            while j + 1 < len(tokens) and tokens[j + 1][2].isdigit() and len(tokens[j + 1][2]) <= 2:
                j += 1
            group = "".join(t[2] for t in tokens[k : j + 1])
            later = tokens[j + 1][2].lower() if j + 1 < len(tokens) else ""
            if j > k and _digits_answer(group, later):
                found.append((start, tokens[j][1]))
            k = j + 1
            continue
        if (asked == "code" and _digits_answer(core, after)) or (
            shape.accept_stated_password(core) and accept_password(core)
        ):
            found.append((start, end))
        k += 1
    return sorted(found)


def _quoted(answer: str) -> list[tuple[int, int, str]]:
    """Runs inside backticks or double quotes (a passphrase of several words)."""
    out: list[tuple[int, int, str]] = []
    for mark in ("`", '"'):
        first = answer.find(mark)
        while first >= 0:
            second = answer.find(mark, first + 1)
            if second < 0:
                break
            if " " in answer[first + 1 : second]:
                out.append((first + 1, second, answer[first + 1 : second]))
            first = answer.find(mark, second + 1)
    return out
