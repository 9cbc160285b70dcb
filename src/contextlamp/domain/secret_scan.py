"""Secret scanning: content that holds a credential is never stored, and transcripts lose theirs before use.

The rules (secret_rules.py) cover key and token formats (most ported from detect-secrets 1.5.0), passwords in
URLs, connection strings, assignments and prose, and what a careful person never stores: PINs, one-time and
backup codes, payment card numbers, Wi-Fi passphrases and security-question answers. A rule that keys on a
word ("password", "token", "PIN") captures the value after it, and the value must look like what it claims
(secret_shape.py): "We raised the token quota." is prose, "The API token is tok_9f8e7d6c5b4a3210" is not.

Linear time: every pattern runs on RE2 (google-re2), which matches in time linear in the input. The text is
encoded to UTF-8 once and searched as bytes: google-re2 re-encodes a ``str`` on every ``search`` call, which
would make resuming a search quadratic. One RE2 set of all patterns (their repetitions opened, see
:func:`relaxed`) tells in one pass which rules can match at all; only those run. After a refused value a
rule's search resumes inside the candidate (a value may start the next one), never before the value, and
every value is bounded (secret_rules.py), so a scan costs O(text length x rules). Every byte of every line is
read; there is no per-line cap.

Nothing here logs or raises with a secret value: callers get kind names ("AWS Access Key") only.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import re2  # pyright: ignore[reportMissingTypeStubs]

from contextlamp.domain.secret_rules import PEM_BLOCK, RULES, TOKEN_TAIL, Rule

REDACTED = "[secret removed]"


class _RawRE2(Protocol):
    """google-re2's compiled pattern (``re2._re2.RE2``): ``Match`` returns one (start, end) byte span per
    group, group 0 first, ``(-1, -1)`` for no match."""

    def Match(self, anchor: object, text: bytes, pos: int, endpos: int) -> list[tuple[int, int]]: ...

    def NumberOfCapturingGroups(self) -> int: ...


class _RawSet(Protocol):
    def Match(self, text: bytes) -> list[int] | None: ...


_RE2: Any = re2  # google-re2 ships no type information; the Protocols above type what we call
_UNANCHORED: object = _RE2._Anchor.UNANCHORED
_ANCHOR_START: object = _RE2._Anchor.ANCHOR_START


@dataclass(frozen=True, slots=True)
class _Regex:
    """A pattern compiled by RE2, searched on bytes through the binding google-re2's own ``search`` calls
    (``_Regexp._regexp``): the Python wrapper costs more per call than the search itself, and a scan makes
    one call per candidate."""

    raw: _RawRE2
    groups: int

    def search(self, data: bytes, pos: int) -> list[tuple[int, int]] | None:
        spans = self.raw.Match(_UNANCHORED, data, pos, len(data))
        return None if spans[0][0] < 0 else spans

    def match_end(self, data: bytes, pos: int) -> int:
        spans = self.raw.Match(_ANCHOR_START, data, pos, len(data))
        return pos if spans[0][0] < 0 else spans[0][1]


@dataclass(frozen=True, slots=True)
class _Compiled:
    rule: Rule
    regex: _Regex


@dataclass(frozen=True, slots=True)
class Finding:
    """One secret found: its kind and the character span the scanner would remove (``text[start:end]``)."""

    kind: str
    start: int
    end: int


# RE2's memory budget for the one automaton that runs every pattern at once (the prefilter): the DFA of a
# "many match" set never gives up while a state fits, so the budget only has to hold a few hundred states.
SET_MAX_MEM = 64 << 20


def _options(max_mem: int | None = None) -> object:
    options = _RE2.Options()
    options.log_errors = False
    if max_mem is not None:
        options.max_mem = max_mem
    return options


def _compile(pattern: str) -> _Regex:
    compiled = _RE2.compile(pattern.encode("utf-8"), _options())
    raw = cast(_RawRE2, compiled._regexp)
    return _Regex(raw, raw.NumberOfCapturingGroups())


@dataclass(frozen=True, slots=True)
class _Engine:
    rules: tuple[_Compiled, ...]  # PEM_BLOCK first, then RULES in order
    prefilter: _RawSet  # the same patterns in one RE2 set: which rules match anywhere, in one pass
    tail: _Regex

    def candidates(self, data: bytes) -> Sequence[_Compiled]:
        """The rules whose pattern matches somewhere in ``data`` (before any value check), in rule order.

        The set holds one more pattern, ``\\z``, which matches every text: a result without it means RE2 gave
        up (it reports "out of memory" only as "no match"), and then every rule runs."""
        hits = self.prefilter.Match(data) or []
        sentinel = len(self.rules)
        if sentinel not in hits:
            return self.rules
        return [self.rules[i] for i in sorted(hits) if i != sentinel]


def relaxed(pattern: str) -> str:
    """``pattern`` with every counted repetition made open (``x{36}`` -> ``x+``, ``x{0,64}`` -> ``x*``): it matches
    a superset of the texts, so it can only let more rules run, never fewer. The prefilter set uses it because
    an automaton for many bounded counters at once has too many states: RE2's DFA then keeps rebuilding its cache
    (32 KiB of random ``/:@ab12`` took 0.28 s with the counters, 7 ms without)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            end = pattern.index("}", i) + 1 if pattern[i + 1 : i + 3] in ("p{", "P{") else i + 2
            out.append(pattern[i:end])
            i = end
        elif char == "[":
            end = _class_end(pattern, i)
            out.append(pattern[i:end])
            i = end
        elif char == "{" and (close := pattern.find("}", i)) > i and _is_count(pattern[i + 1 : close]):
            out.append("+" if int(pattern[i + 1 : close].split(",")[0]) >= 1 else "*")
            i = close + 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _is_count(body: str) -> bool:
    low, _, high = body.partition(",")
    return low.isdigit() and (high == "" or high.isdigit())


def _class_end(pattern: str, i: int) -> int:
    """Index after the character class that opens at ``pattern[i]``."""
    j = i + 1
    if pattern[j : j + 1] == "^":
        j += 1
    if pattern[j : j + 1] == "]":
        j += 1
    while pattern[j] != "]":
        if pattern[j] == "\\":
            j = pattern.index("}", j) + 1 if pattern[j + 1 : j + 3] in ("p{", "P{") else j + 2
        else:
            j += 1
    return j + 1


@functools.cache
def _engine() -> _Engine:
    """The rules compiled once per process, on first use (no work at import time)."""
    rules = tuple(_Compiled(rule, _compile(rule.pattern)) for rule in (PEM_BLOCK, *RULES))
    prefilter = _RE2.Set.SearchSet(_options(SET_MAX_MEM))
    for compiled in rules:
        prefilter.Add(relaxed(compiled.rule.pattern).encode("utf-8"))
    prefilter.Add(rb"\z")  # the sentinel: see _Engine.candidates
    prefilter.Compile()
    return _Engine(rules, cast(_RawSet, prefilter), _compile(TOKEN_TAIL))


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")  # a tag may hold a lone surrogate before it is validated


def _decode(data: bytes) -> str:
    try:
        return data.decode()  # the strict codec is the fast one (an error handler costs microseconds a call)
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return data.decode("utf-8", "replace")


def _spans(compiled: _Compiled, data: bytes, tail: _Regex) -> Iterator[tuple[int, int]]:
    """Byte spans of the secrets one rule finds in ``data``, left to right; each search resumes after the
    last span or, when a check refuses a value, inside that candidate (Rule.resume), always moving forward."""
    rule, regex = compiled.rule, compiled.regex
    grouped = regex.groups >= 1
    pos, size = 0, len(data)
    while pos <= size:
        spans = regex.search(data, pos)
        if spans is None:
            return
        start, end = spans[0]
        vstart, vend = spans[1] if grouped else spans[0]
        if vstart < 0:
            vstart, vend = start, end
        if rule.check is not None and not rule.check(_decode(data[vstart:vend])):
            if rule.resume == "value":
                pos = max(vstart, start + 1)
            elif rule.resume == "after":
                pos = max(vend, start + 1)
            else:
                pos = start + 1
            continue
        if rule.extend:
            vend = tail.match_end(data, vend)
        yield vstart, vend
        pos = max(vend, start + 1)


class SecretScanner:
    """Finds the kinds of secret in a text and removes them. Thread-safe; holds no state between calls.

    Every pattern runs on RE2 and every scan is linear in the text: O(len(text) x number of rules).
    """

    def kinds(self, text: str) -> list[str]:
        """Sorted distinct kinds of secret found (``[]`` when clean), e.g. ``["AWS Access Key"]``."""
        engine = _engine()
        data = _encode(text)
        found: set[str] = set()
        for compiled in engine.candidates(data):
            if compiled.rule.redact_only or compiled.rule.kind in found:
                continue
            if next(_spans(compiled, data, engine.tail), None) is not None:
                found.add(compiled.rule.kind)
        return sorted(found)

    def findings(self, text: str) -> list[Finding]:
        """Every secret found, with the character span that :meth:`redact` removes, ordered by position;
        spans of different rules may overlap. Redaction-only rules (key material) are included."""
        engine = _engine()
        data = _encode(text)
        raw: list[tuple[int, int, str]] = []
        for compiled in engine.candidates(data):
            raw.extend((s, e, compiled.rule.kind) for s, e in _spans(compiled, data, engine.tail))
        raw.sort()
        found: list[Finding] = []
        last_byte = last_char = 0
        for start, end, kind in raw:  # byte offsets to character offsets in one pass: starts only grow
            last_char += len(_decode(data[last_byte:start]))
            last_byte = start
            found.append(Finding(kind, last_char, last_char + len(_decode(data[start:end]))))
        return found

    def redact(self, text: str) -> str:
        """The text with every secret replaced by ``[secret removed]``: whole PEM blocks, runs of 40+
        random base64/hex characters (key material on lines of its own), and each secret value the rules
        find (the keyword before it stays: ``DB_PASSWORD=[secret removed]``). Used on each parsed turn of a
        transcript (up to 2 MiB in all) before anything reads it, so no part of a secret can be distilled, stored
        or sent to an LLM; linear in the text, like :meth:`kinds`."""
        engine = _engine()
        data = _encode(text)
        spans: list[tuple[int, int]] = []
        for compiled in engine.candidates(data):
            spans.extend(_spans(compiled, data, engine.tail))
        if not spans:
            return text
        return _decode(_replace(data, _merge(spans), REDACTED.encode()))

    @staticmethod
    def patterns() -> Sequence[Rule]:
        """Every rule the scanner runs (RE2 syntax), for tests and benchmarks that must cover them all."""
        return (PEM_BLOCK, *RULES)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _replace(data: bytes, spans: list[tuple[int, int]], marker: bytes) -> bytes:
    pieces: list[bytes] = []
    last = 0
    for start, end in spans:
        pieces.append(data[last:start])
        pieces.append(marker)
        last = end
    pieces.append(data[last:])
    return b"".join(pieces)
