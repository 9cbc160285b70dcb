"""Secret scanning: content that holds a credential is never stored, and transcripts lose theirs before use.

The rules (secret_rules.py) cover key and token formats (most ported from detect-secrets 1.5.0), passwords in
URLs, connection strings, assignments and prose, and what a careful person never stores: PINs, one-time and
backup codes, payment card numbers, Wi-Fi passphrases and security-question answers. A rule that keys on a
word ("password", "token", "PIN") captures the value after it, and the value must look like what it claims
(secret_shape.py): "We raised the token quota." is prose, "The API token is tok_9f8e7d6c5b4a3210" is not.

Linear time: every pattern runs on RE2 (google-re2), which matches in time linear in the input. The text is
encoded to UTF-8 once and searched as bytes: google-re2 re-encodes a ``str`` on every ``search`` call, which
would make resuming a search quadratic. RE2 sets of the patterns (16 rules a set, their repetitions opened, see
secret_re2.relaxed; compiled as texts need them, secret_prefilter.py) tell which rules can match at all; only those
run, each unanchored or, for a large program led by its words, anchored at each place its words start
(secret_re2.lead_of). After a refused value a
rule's search resumes inside the candidate (a value may start the next one), never before the value, and
every value is bounded (secret_rules.py), so a scan costs O(text length x rules). Every byte of every line is
read; there is no per-line cap.

Nothing here logs or raises with a secret value: callers get kind names ("AWS Access Key") only.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from contextlamp.domain.secret_bytes import explicit_runs
from contextlamp.domain.secret_cli import cli_rules, keyed_cli_rules
from contextlamp.domain.secret_context import without_public_context
from contextlamp.domain.secret_decode import decoded_runs, decoded_views, printable_text
from contextlamp.domain.secret_fields import field_rules
from contextlamp.domain.secret_files import FILE_RULES
from contextlamp.domain.secret_formats import format_rules
from contextlamp.domain.secret_forms import keyed_form_rules
from contextlamp.domain.secret_labels import FORMAT_LABELLED_RULES, LABELLED_RULES
from contextlamp.domain.secret_layout import LayoutView, layout_views
from contextlamp.domain.secret_lists import core_list_rules
from contextlamp.domain.secret_measures import names_no_value
from contextlamp.domain.secret_normal import merge_spans, normalise_for_scan
from contextlamp.domain.secret_phrases import phrase_rules
from contextlamp.domain.secret_prefilter import Prefilter, gated_scans
from contextlamp.domain.secret_public import ENCRYPTED, PUBLIC, data_text, public_bytes, sealed_test, start_test
from contextlamp.domain.secret_public_ids import without_public_ids
from contextlamp.domain.secret_public_names import public_name_spans
from contextlamp.domain.secret_re2 import (
    Compiled,
    RawSet,
    Regex,
    compile_rule,
    compile_set,
    escape,
    lead_starts,
    next_match,
    split_match,
)
from contextlamp.domain.secret_redact import without_clauses
from contextlamp.domain.secret_revealed import only_typographic, revealed_secret, styled
from contextlamp.domain.secret_reworded import reworded_findings
from contextlamp.domain.secret_rules import KEYED_RULES, PEM_BLOCK, RULES, TOKEN_TAIL, Rule
from contextlamp.domain.secret_slots import slot_rules
from contextlamp.domain.secret_unwrap import hidden_secret
from contextlamp.domain.secret_wrapped import wrapped_views

REDACTED = "[secret removed]"
HIDDEN = "Obfuscated Value"  # a credential-shaped value someone hid behind a reversible transformation
# The kinds whose value a word names (a noun, a key, a label) rather than its format: the token the value sits in
# may then be the name of something else, a label, an attribute or a file (secret_measures.names_no_value).
STATED_KINDS = frozenset(
    ("Password", "Password In Prose", "Password Assignment", "Labelled Key", "Stated Token", "Security Question Answer")
)
TOKEN_READ = 1024  # bytes of a stated value's token read to judge it: a CJK run is one token (quadratic, stop 46)


@dataclass(frozen=True, slots=True)
class Finding:
    """One secret found: its kind and the character span the scanner would remove (``text[start:end]``)."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class _Engine:
    rules: tuple[Compiled, ...]  # PEM_BLOCK first, then RULES, the labelled values, the slot layer, in order
    prefilter: Prefilter  # the same patterns (relaxed) in RE2 sets compiled on first use: which rules may match
    tail: Regex
    formats: tuple[Compiled, ...]  # the vendored format layer (secret_formats.py), then the CLI table (secret_cli.py)
    keywords: RawSet  # every format rule's keywords, case-insensitive, in one RE2 set
    keyword_rules: tuple[tuple[int, ...], ...]  # for each keyword of the set, the format rules it lets run
    public: tuple[Regex, ...]  # material public by design (PUBLIC), one regex a form
    encrypted: tuple[Regex, ...]  # ciphertext envelopes (ENCRYPTED), one regex a form
    leads: dict[str, Regex]  # each distinct lead of a rule (secret_re2.lead_of), compiled on first use

    def candidates(self, data: bytes) -> Sequence[Compiled]:
        """The rules that can match in ``data``, in rule order: the core and slot rules whose pattern matches
        somewhere (before any value check), then the format rules one of whose keywords is in the text (as
        gitleaks prefilters them).

        Each core set (secret_prefilter.py) holds one more pattern, ``\\z``, which matches every text: a result
        without it means RE2 gave up (it reports "out of memory" only as "no match"), and then every rule of that
        set runs; the keyword set has the same sentinel, and without it every format rule runs."""
        core = [self.rules[i] for i in self.prefilter.candidates(data)]
        found = self.keywords.Match(data) or []
        if len(self.keyword_rules) not in found:
            return [*core, *self.formats]
        wanted = sorted({r for k in found if k < len(self.keyword_rules) for r in self.keyword_rules[k]})
        return [*core, *(self.formats[i] for i in wanted)]


@functools.cache
def _engine() -> _Engine:
    """The rules compiled once per process, on first use (no work at import time)."""
    rules = tuple(
        Compiled(rule)
        for rule in (
            *(PEM_BLOCK, *RULES, *LABELLED_RULES, *FORMAT_LABELLED_RULES),
            *(*slot_rules(), *phrase_rules(), *field_rules(), *core_list_rules()),
        )
    )
    prefilter = Prefilter([compiled.rule.pattern for compiled in rules], gated=gated_scans())
    keyed = [(Rule(f.kind, f.pattern, f.check, resume="after"), f.keywords) for f in format_rules()]
    keyed += [*keyed_cli_rules(), *KEYED_RULES, *keyed_form_rules()]  # these run only where their words are
    keyed += FILE_RULES  # stop 43: file formats' credential lines (secret_files.py)
    formats = tuple(Compiled(rule) for rule, _ in keyed)
    by_keyword: dict[str, list[int]] = {}
    for index, (_, words) in enumerate(keyed):
        for keyword in words:
            by_keyword.setdefault(keyword.lower(), []).append(index)
    keywords = compile_set(["(?i)" + escape(keyword) for keyword in by_keyword])
    keyword_rules = tuple(tuple(indexes) for indexes in by_keyword.values())
    return _Engine(
        rules,
        prefilter,
        compile_rule(TOKEN_TAIL),
        formats,
        keywords,
        keyword_rules,
        tuple(compile_rule(form) for form in PUBLIC),
        tuple(compile_rule(form) for form in ENCRYPTED),
        {},
    )


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


def _spans(
    compiled: Compiled, data: bytes, tail: Regex, starts: list[int] | None, named: dict[tuple[int, int], bool]
) -> Iterator[tuple[int, int]]:
    """Byte spans of the secrets one rule finds in ``data``, left to right; each search resumes after the
    last span or, when a check refuses a value, inside that candidate (Rule.resume), always moving forward.
    ``starts``: where the rule's lead starts in ``data`` (the rule is then tried anchored there), or None.
    ``named``: the token test of each stated value span already read in this text (several rules find one)."""
    rule, regex = compiled.rule, compiled.regex
    grouped = regex.groups >= 1
    pos, size = 0, len(data)
    seen: dict[str, bool] = {}  # each word's screen (Rule.screen), for this rule and text only
    # Compiled.split is read at the rule's first match in a text, not before: its three programs (and the bare
    # one) cost ~1 s of CPU over every large rule, which a hook process that meets none of them must not pay.
    split: tuple[Regex, Regex, Regex] | None = None
    may_split = rule.screen is None and grouped
    while pos <= size:
        if split is not None:
            spans = split_match(compiled, split, data, pos, starts)
        elif rule.screen is None:
            spans = next_match(regex, data, pos, starts)
            if may_split and spans is not None:
                split, may_split = compiled.split, False
        elif (whole := next_match(compiled.bare, data, pos, starts)) is not None:
            start = whole[0][0]
            if start < size and data[start] < 0x80 and not _screened(rule.screen, data[start : whole[0][1]], seen):
                pos = start + 1  # refused: its value starts at most one ASCII character in (Rule.screen)
                continue
            spans = regex.match(data, start)  # the same match, with its groups (secret_re2.lead_of)
        else:
            spans = None
        if spans is None:
            return
        start, _end = spans[0]
        vstart, vend = next((s for s in spans[1:] if s[0] >= 0), spans[0]) if grouped else spans[0]
        checked = data[vstart:vend]
        if rule.peek and len(spans) > 2 and spans[2][0] >= 0:
            checked += b" " + data[spans[2][0] : spans[2][1]]
        refused = rule.check is not None and not rule.check(_decode(checked))
        if not refused and rule.kind in STATED_KINDS and not rule.window:
            refused = named.get((vstart, vend))
            if refused is None:
                token_end = tail.match_end(data, vend, vend + TOKEN_READ)  # a refused candidate reads O(1) bytes
                after = data[token_end : token_end + 40].decode("utf-8", "ignore")
                refused = named[vstart, vend] = names_no_value(_decode(data[vstart:token_end]), after)
        if refused:
            if rule.resume == "value":
                pos = max(vstart, start + 1)
            elif rule.resume == "after":
                pos = max(vend, start + 1)
            else:
                pos = start + 1
            continue
        if rule.extend:
            vend = tail.match_end(data, vend)
        if rule.trim:
            vstart = _trimmed(data, vstart, vend, rule.trim)
        yield vstart, vend
        pos = max(vend, start + 1)


def _screened(screen: Callable[[str], bool], match: bytes, seen: dict[str, bool]) -> bool:
    """Whether a word of ``match`` passes ``screen`` (Rule.screen), each distinct word tested once (``seen``)."""
    for word in _decode(match).split():
        hit = seen.get(word)
        if hit is None:
            hit = seen[word] = screen(word)
        if hit:
            return True
    return False


def _trimmed(data: bytes, start: int, end: int, trim: str) -> int:
    """Where the secret starts in an accepted group 1 (Rule.trim): after its last white space or its first colon."""
    if trim == "colon":
        colon = data.find(b":", start, end)
        cut = colon + 1 if colon >= 0 else start
    else:
        cut = max(data.rfind(b" ", start, end), data.rfind(b"\t", start, end), data.rfind(b"\n", start, end)) + 1
    while cut < end and data[cut : cut + 1] in (b" ", b"\t", b"\n", b"\r"):
        cut += 1
    return max(start, min(cut, end))


@dataclass(frozen=True, slots=True)
class Scrubbed:
    """What :meth:`SecretScanner.scrub` leaves of a statement.

    Attributes:
        text: the statement with every clause that held a secret removed; None when what is left is not a
            durable statement (it is then dropped whole). The text unchanged when it held no secret.
        kinds: the kinds of secret removed (sorted, distinct; empty when none).
    """

    text: str | None
    kinds: tuple[str, ...]


class SecretScanner:
    """Finds the kinds of secret in a text and removes them. Thread-safe; holds no state between calls.

    A text is normalised first (secret_normal.py: NFKC, invisible characters, confusables, split and
    spaced-out keys, line continuations, concatenated literals); base64, base32 and hex runs that hold text (one
    line or MIME-wrapped) are decoded and scanned too, and so are the windows of the text whose escaped characters
    (``\\u``, ``%XX``, HTML references) are undone or whose grouped value is joined (secret_decode.py); spans are
    reported in the text as written. Every pattern runs on RE2 and every scan is linear in the text:
    O(len(text) x number of rules).
    """

    def _scan(self, text: str, redact_only: bool) -> list[tuple[int, int, str]]:
        """Findings as (start, end, kind) in character offsets of ``text`` as written: the normalised text's, and
        those of each window whose escapes are undone or grouped value joined (secret_decode.decoded_views)."""
        normal = normalise_for_scan(text)
        found = [(*normal.original_span(s, e), kind) for s, e, kind in _normal_findings(normal.text, redact_only)]
        for a, b in normal.hidden:
            start, end = normal.original_span(a, b)
            value = normal.text[a:b]
            if only_typographic(text[start:end]):  # a formula's subscripts, a circled title: the token must tell
                if revealed_secret(value, _known) or (styled(text[start:end]) and hidden_secret(value, mixed=True)):
                    found.append((start, end, HIDDEN))
            elif hidden_secret(value, mixed=True):
                found.append((start, end, HIDDEN))
        for a, b, value in explicit_runs(text, printable_text):
            if text.startswith(_CHAR_ESCAPE_LEADS, a):  # an escaped title or name: the token must tell
                if _RUN_TOKEN.fullmatch(value.strip()) is not None and revealed_secret(value, _known, escaped=True):
                    found.append((a, b, HIDDEN))
            elif _hidden_run(value, False):
                found.append((a, b, HIDDEN))
        for view in decoded_views(text):
            inner = normalise_for_scan(view.text)
            for s, e, kind in _normal_findings(inner.text, redact_only):
                a, b = inner.original_span(s, e)
                if b > a:
                    found.append((*view.original_span(a, b), kind))
            found += [(*view.original_span(a, b), HIDDEN) for a, b in view.hidden if hidden_secret(view.text[a:b])]
            found += [(a, b, HIDDEN) for a, b, value in view.revealed if hidden_secret(value)]
        found += [
            (*normal.original_span(a, b), k) for a, b, k in reworded_findings(normal.text, _raw_findings, SHAPE_KINDS)
        ]
        laid = [
            (*layout.original_span(a, b), kind)
            for layout in layout_views(normal.text) + wrapped_views(normal.text)  # cut by layout, rejoined
            for a, b, kind in _laid(layout)
        ]
        if laid:
            found += [(*normal.original_span(a, b), kind) for a, b, kind in _outside_public(laid, normal.text)]
        return found

    def kinds(self, text: str) -> list[str]:
        """Sorted distinct kinds of secret found (``[]`` when clean), e.g. ``["AWS Access Key"]``."""
        return sorted({kind for _, _, kind in self._scan(text, False)})

    def findings(self, text: str) -> list[Finding]:
        """Every secret found, with the character span of ``text`` that :meth:`redact` removes, ordered by
        position; spans of different rules may overlap. Redaction-only rules (key material) are included."""
        out = [Finding(kind, a, b) for a, b, kind in self._scan(text, True)]
        out.sort(key=lambda f: (f.start, f.end))
        return out

    def redact_kinds(self, text: str) -> tuple[str, list[str]]:
        """:meth:`redact`'s text and the sorted distinct kinds it removed (key material included)."""
        found = self.findings(text)
        return _redacted(text, found), sorted({f.kind for f in found})

    def redact(self, text: str) -> str:
        """The text with every secret replaced by ``[secret removed]``: whole PEM blocks, runs of 40+
        random base64 characters (key material on lines of its own; hex alone is an id), and each secret value the rules
        find (the keyword before it stays: ``DB_PASSWORD=[secret removed]``). Used on each parsed turn of a
        transcript (up to 2 MiB in all) before anything reads it, so no part of a secret can be distilled, stored
        or sent to an LLM; linear in the text, like :meth:`kinds`."""
        return _redacted(text, self.findings(text))

    def scrub(self, text: str) -> Scrubbed:
        """A statement without its secrets, for what is saved without the user asking (distilled items,
        imported records): each clause that holds a secret (or a ``[secret removed]`` marker a transcript's
        redaction left) is removed, and the rest is kept if it is still a durable statement
        (secret_redact.durable), else nothing is (``text`` None). "Home Wi-Fi: network Okafor-5G, Wi-Fi
        password `sunflower-Orbit-2291`" keeps "Home Wi-Fi: network Okafor-5G"; "The door PIN is 80417"
        keeps nothing. Linear in the text."""
        found = self.findings(text)
        kinds = tuple(sorted({f.kind for f in found}))
        spans = [(f.start, f.end) for f in found]
        marker = text.find(REDACTED)
        while marker >= 0:
            spans.append((marker, marker + len(REDACTED)))
            marker = text.find(REDACTED, marker + len(REDACTED))
        if not spans:
            return Scrubbed(text, ())
        rest = without_clauses(text, merge_spans(spans))
        if rest is not None and self.kinds(rest):  # a clause boundary inside a secret: drop rather than leak
            rest = None
        return Scrubbed(rest, kinds)

    @staticmethod
    def patterns() -> Sequence[Rule]:
        """Every rule the scanner runs (RE2 syntax), for tests and benchmarks that must cover them all."""
        return (
            PEM_BLOCK,
            *RULES,
            *LABELLED_RULES,
            *FORMAT_LABELLED_RULES,
            *cli_rules(),
            *(rule for rule, _ in KEYED_RULES),
            *(rule for rule, _ in keyed_form_rules()),
            *(rule for rule, _ in FILE_RULES),
            *slot_rules(),
            *field_rules(),
            *phrase_rules(),
            *(Rule(f.kind, f.pattern) for f in format_rules()),
        )


_KEY_MATERIAL = "Key Material"  # the transcripts' run of key characters (secret_rules), which can start at a path
_PREFIXED = "Prefixed API Token"  # a shape kind a layout view keeps when its prefix starts the first piece
_RUN_TOKEN = re.compile(r"[^\s\"'`{}\[\]<>(),;\\]{8,}")  # a credential's characters: no quote, bracket, space


_CHAR_ESCAPE_LEADS = ("&#", "\\")  # how a run of character escapes begins (secret_bytes: HTML, \\u, \\x, CSS)


def _outside_public(laid: list[tuple[int, int, str]], text: str) -> list[tuple[int, int, str]]:
    """``laid`` (character spans of ``text``) less the shape and Obfuscated Value findings that start inside
    public material (``PUBLIC``: an SRI digest's base64 holds the marks of a grouped value). One pass: the
    findings are sorted and their byte offsets counted on as they go."""
    judged = [f for f in laid if f[2] in SHAPE_KINDS or f[2] == HIDDEN]
    if not judged:
        return laid
    data = _encode(text)
    public = merge_spans(_spans_of(_engine().public, data))
    if not public:
        return laid
    starts = [ps for ps, _ in public]
    dropped: set[tuple[int, int, str]] = set()
    chars = byte = 0
    for finding in sorted(judged):
        byte += len(_encode(text[chars : finding[0]]))
        chars = finding[0]
        k = bisect.bisect_right(starts, byte) - 1
        if k >= 0 and byte < public[k][1]:
            dropped.add(finding)
    return [f for f in laid if f not in dropped]


def _laid(layout: LayoutView) -> list[tuple[int, int, str]]:
    """Findings of a layout view (secret_layout.py) that cross a join: a format's or a label's; a shape rule's
    only when the pieces are cut to one width or its prefix starts the first piece (``Prefixed API Token``), and
    never on hex or digits alone (fingerprints, hashes and numbers are written in groups); and the joined value
    itself as Obfuscated Value when it is cut to one width and credential-shaped (secret_unwrap.hidden_secret)."""
    out: list[tuple[int, int, str]] = []
    for a, b, kind in _raw_findings(layout.text, False):
        if not layout.crosses(a, b):
            continue
        shape = kind in SHAPE_KINDS and not (kind == _PREFIXED and a < layout.joins[0])
        if shape and (not layout.cut or _HEX_OR_DIGITS.fullmatch(layout.text[a:b].strip("\"'`")) is not None):
            continue
        out.append((a, b, kind))
    value = layout.value
    if not out and layout.cut and _HEX_OR_DIGITS.fullmatch(value) is None and hidden_secret(value, mixed=True):
        out.append((layout.begin, len(layout.text), HIDDEN))
    return out


_HEX_OR_DIGITS = re.compile(r"[0-9A-Fa-f:. -]+")


def _known(token: str) -> bool:
    """Whether a rule of the scanner finds a credential in ``token`` alone (a known format)."""
    return bool(_raw_findings(token, False))


def _hidden_run(value: str, mixed: bool) -> bool:
    """An encoded run that holds one credential-shaped token (secret_unwrap.hidden_secret; ``mixed``: it must also
    hold an ASCII letter and a digit). Structured text (``{"alg":"HS256"}``, a JWT header) is no token."""
    token = _RUN_TOKEN.fullmatch(value.strip()) is not None and not data_text(value)
    return token and hidden_secret(value, mixed=mixed)


def _normal_findings(text: str, redact_only: bool) -> list[tuple[int, int, str]]:
    """Findings of a normalised text (its character offsets): the rules', and those inside each encoded run
    (secret_decode.decoded_runs), which mark the whole run."""
    found = _raw_findings(text, redact_only)
    runs = decoded_runs(text)
    if not runs:
        return found
    # an encoding around one credential-shaped token hides it, whatever its label (stop 42: base64 of a hex key in a
    # data: URI, a C byte array, quoted-printable, base85)
    found += [(start, end, HIDDEN) for start, end, decoded in runs if _hidden_run(decoded, True)]
    joined = "\n".join(d for _, _, d in runs)
    inner = _raw_findings(joined, False)
    dirty: set[tuple[int, int]] = set()
    if inner:
        bounds: list[int] = []
        offset = 0
        for _, _, decoded in runs:
            bounds.append(offset)
            offset += len(decoded) + 1
        for start, _end, kind in inner:
            k = bisect.bisect_right(bounds, start) - 1
            run_start, run_end, _ = runs[k]
            dirty.add((run_start, run_end))
            found.append((run_start, run_end, kind))
    return _without_clean_encodings(found, runs, dirty)


def _raw_findings_alone(text: str) -> list[tuple[int, int, str]]:
    return _raw_findings(text, False)


def _raw_findings(text: str, redact_only: bool) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every secret in ``text``, character offsets; key-material rules only when
    ``redact_only``."""
    engine = _engine()
    data = _encode(text)
    raw: list[tuple[int, int, str]] = []
    starts: dict[str, list[int]] = {}  # each lead's starts in this text, found once for the rules it leads
    named: dict[tuple[int, int], bool] = {}
    for compiled in engine.candidates(data):
        if compiled.rule.redact_only and not redact_only:
            continue
        lead = None if compiled.lead is None else lead_starts(engine.leads, starts, compiled.lead, data)
        raw.extend((s, e, compiled.rule.kind) for s, e in _spans(compiled, data, engine.tail, lead, named))
    if not raw:
        return []
    raw = without_public_context(_without_public(raw, data, engine), data)  # documented, default, fiction
    raw = without_public_ids(raw, data, _raw_findings_alone, SHAPE_KINDS)  # app ids, publishable keys (stop 47)
    if not raw or data.isascii():
        return raw
    raw.sort()
    found: list[tuple[int, int, str]] = []
    last_byte = last_char = 0
    for start, end, kind in raw:  # byte offsets to character offsets in one pass: starts only grow
        last_char += len(_decode(data[last_byte:start]))
        last_byte = start
        found.append((last_char, last_char + len(_decode(data[start:end])), kind))
    return found


SHAPE_KINDS = frozenset(
    {"Random Token", "Prefixed API Token", "Key Material", "Labelled Key"}
)  # found by shape, not by a label


def _spans_of(regexes: tuple[Regex, ...], data: bytes) -> list[tuple[int, int]]:
    """Byte spans of every match of each regex (one pass a regex: forms may overlap, "public key: age1…")."""
    out: list[tuple[int, int]] = []
    for regex in regexes:
        pos = 0
        while pos < len(data):
            spans = regex.search(data, pos)
            if spans is None:
                break
            start, end = spans[0]
            out.append((start, end))
            pos = max(end, start + 1)
    return out


def _without_public(raw: list[tuple[int, int, str]], data: bytes, engine: _Engine) -> list[tuple[int, int, str]]:
    """``raw`` less every finding inside or ending inside ciphertext or a key fingerprint (``ENCRYPTED``), an anon
    JWT or a stored secret's name (``secret_public_names``), and the shape rules' findings inside public material
    (``PUBLIC``; byte offsets)."""
    if any(lead in data for lead in (b"ENC[", b"$ANSIBLE_VAULT", b"-----BEGIN ", b"SHA256:", b"MD5:")):
        sealed = sealed_test(_spans_of(engine.encrypted, data))
        raw = [(s, e, kind) for s, e, kind in raw if not sealed(s, e)]
    named = public_name_spans(data)  # an anon JWT, a stored secret's ARN or name (stop 49)
    if named:
        sealed = sealed_test(named)
        raw = [(s, e, kind) for s, e, kind in raw if not sealed(s, e)]
    if not any(kind in SHAPE_KINDS for _, _, kind in raw):
        return raw
    public = _spans_of(engine.public, data)
    inside = start_test(public)

    def within(s: int, e: int, kind: str) -> bool:
        # a finding that starts inside public material is part of it (its redaction tail may take a full stop more);
        # so is a run of key characters that starts with the slashes before it ("ipfs://bafy…", stop 49)
        lead = len(data[s:e]) - len(data[s:e].lstrip(b"/"))
        return inside(s) or (kind == _KEY_MATERIAL and lead > 0 and inside(s + lead))

    return [
        (s, e, kind)
        for s, e, kind in raw
        if kind not in SHAPE_KINDS or not (within(s, e, kind) or public_bytes(_decode(data[s:e])))
    ]


_STRUCTURE = re.compile(r"[\s,;{}\[\]\"]")  # what separates the parts of decoded text that is not one token


def _without_clean_encodings(
    found: list[tuple[int, int, str]], runs: list[tuple[int, int, str]], dirty: set[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    """``found`` less the shape rules' findings that start inside an encoded run whose decoded text is words or a
    structure (a space, or since stop 45 a comma, brace, bracket, quote or semicolon inside: a JWT header
    ``{"alg":"HS256"}``, a CSV header) and holds no secret (``echo dGhlIG5pZ2h0bHkg… | base64 -d``: base64 of
    ordinary text looks random, and is not a secret). A run that decodes to one token (``user:password``, a hex
    key) keeps its findings, and
    labelled and vendor findings always stay. Linear: runs are sorted once and each finding is placed by bisection."""
    wordless = {(start, end) for start, end, decoded in runs if _STRUCTURE.search(decoded.strip()) is None}
    skip = dirty | wordless  # once: built inside the comprehension it was a set a run (quadratic on many runs)
    clean = sorted({(start, end) for start, end, _ in runs if (start, end) not in skip})
    if not clean or not any(kind in SHAPE_KINDS for _, _, kind in found):
        return found
    starts = [start for start, _ in clean]
    kept: list[tuple[int, int, str]] = []
    for start, end, kind in found:
        k = bisect.bisect_right(starts, start) - 1
        if kind in SHAPE_KINDS and k >= 0 and clean[k][0] <= start < clean[k][1]:
            continue
        kept.append((start, end, kind))
    return kept


def _redacted(text: str, found: list[Finding]) -> str:
    return redact_spans(text, [(f.start, f.end) for f in found])


def redact_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each ``(start, end)`` character span replaced by ``[secret removed]`` (``REDACTED``);
    overlapping or touching spans are removed as one (secret_normal.merge_spans). Linear in the text, O(n log n) in
    the spans; ``spans`` is not changed."""
    if not spans:
        return text
    pieces: list[str] = []
    last = 0
    for start, end in merge_spans(list(spans)):
        pieces.append(text[last:start])
        pieces.append(REDACTED)
        last = end
    pieces.append(text[last:])
    return "".join(pieces)
