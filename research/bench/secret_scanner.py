"""Secret-scanner benchmark: false positives on ordinary text, recall on secrets, and scan speed on hostile input.

Both ways (issue 12, point 6), in one run:

- False positives per 10,000 sentences of ordinary text: the dialog turns of LoCoMo (dev split; Maharana et al.,
  ACL 2024, arXiv 2402.17753), split into sentences at ``. ! ?`` followed by a space, and
  ``research/bench/data/secrets/engineering_notes.txt``, one sentence per line: engineering notes that mention tokens,
  passwords, keys, PINs, codes, cards, Wi-Fi and security questions in passing, never holding one. A sentence
  counts as a false positive when ``SecretScanner.kinds`` finds anything in it. Target: 0.
- Recall on ``research/bench/data/secrets/secrets.jsonl``: fake but format-valid secrets, each labelled with the kind
  the scanner must report and the secret string ``redact`` must remove; several per kind, in prose, config
  and code, in English, German, French, Spanish and Portuguese, and after character 4,000 of a long line.
  A secret counts as found when its kind is among ``kinds(text)``, and as removed when the secret string is
  not in ``redact(text)``. Target: 100 % of both, for every kind.
- Throughput, MB of UTF-8 per second of CPU time (``time.thread_time``), for ``kinds`` and ``redact``: on
  ordinary prose (the corpora above, cycled to the size) beside hostile input built from every pattern the
  scanner runs (:func:`adversarial_inputs`: each pattern's paths through its alternatives, cut into
  prefixes, repeated to the size; e.g. ``password-password-...``, ``eyJa.eyJa...``). The worst hostile
  inputs are listed; a linear scanner keeps them within a small factor of prose.

Run: ``python -m research secret_scanner [--locomo PATH] [--quick] [--held7 …]`` (splits: secret_splits_registry.py).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from contextlamp.domain.secret_formats import ruleset_source
from contextlamp.domain.secret_normal import normalise_for_scan
from contextlamp.domain.secret_scan import SecretScanner

sys.path.insert(0, str(Path(__file__).resolve().parent))
import secret_corpus
import secret_splits_registry

DATA = Path(__file__).resolve().parent / "data" / "secrets"
NOTES = DATA / "engineering_notes.txt"
SECRETS = DATA / "secrets.jsonl"
LOCOMO_CANDIDATES = (  # shared/ lies beside the repository in CI; /work/shared on a developer machine
    Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo" / "locomo_dev.json",
    Path("/work/shared/data/locomo/locomo_dev.json"),
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
PER = 10_000


# -- corpora ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Secret:
    """One labelled secret: the text, the kind the scanner must report, the string redaction must remove."""

    kind: str
    text: str
    secret: str


def load_secrets(path: Path = SECRETS) -> list[Secret]:
    """The labelled secrets, one JSON object a line (``kind``, ``text``, ``secret``)."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [Secret(r["kind"], r["text"], r["secret"]) for r in rows]


def load_notes(path: Path = NOTES) -> list[str]:
    """The engineering notes, one sentence a line."""
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def default_locomo() -> Path | None:
    """The LoCoMo dev file where it usually is, or None."""
    return next((p for p in LOCOMO_CANDIDATES if p.is_file()), None)


def locomo_sentences(path: Path) -> list[str]:
    """Every sentence of every dialog turn of a LoCoMo-format file (layout: shared/data/locomo/README.md)."""
    samples = json.loads(path.read_text(encoding="utf-8"))
    sentences: list[str] = []
    for sample in samples:
        for key, turns in sample["conversation"].items():
            if key.startswith("session_") and isinstance(turns, list):
                for turn in turns:
                    sentences.extend(s for s in SENTENCE_END.split(str(turn["text"])) if s.strip())
    return sentences


# -- false positives and recall ----------------------------------------------------------------------------


@dataclass(frozen=True)
class FalsePositives:
    """False positives of one corpus: sentences scanned, sentences flagged, and the flagged ones."""

    corpus: str
    sentences: int
    flagged: list[tuple[str, list[str]]]

    @property
    def per_10k(self) -> float:
        """Flagged sentences per 10,000."""
        return PER * len(self.flagged) / self.sentences if self.sentences else 0.0


def false_positives(scanner: SecretScanner, corpus: str, sentences: Sequence[str], per_text: int = 1) -> FalsePositives:
    """Scan the sentences ``per_text`` at a time (1: each on its own, as ``save_context`` scans a one-sentence
    content; more: a paragraph, so that a match across a sentence end counts too). ``flagged`` holds the
    flagged texts; the rate is per 10,000 sentences."""
    texts = [" ".join(sentences[i : i + per_text]) for i in range(0, len(sentences), per_text)]
    flagged = [(t, kinds) for t in texts if (kinds := scanner.kinds(t))]
    return FalsePositives(corpus, len(sentences), flagged)


@dataclass(frozen=True)
class Recall:
    """Recall of one kind: secrets, found with their kind, removed by redaction, and the misses' texts."""

    kind: str
    total: int
    found: int
    removed: int
    misses: list[str]


def recall(scanner: SecretScanner, secrets: Iterable[Secret]) -> list[Recall]:
    """Per kind, in order of first appearance."""
    by_kind: dict[str, list[Secret]] = {}
    for secret in secrets:
        by_kind.setdefault(secret.kind, []).append(secret)
    rows: list[Recall] = []
    for kind, items in by_kind.items():
        found = [kind in scanner.kinds(s.text) for s in items]
        removed = [s.secret not in scanner.redact(s.text) for s in items]
        misses = [s.text for s, f, r in zip(items, found, removed, strict=True) if not (f and r)]
        rows.append(Recall(kind, len(items), sum(found), sum(removed), misses))
    return rows


# -- the generated corpus (research/bench/secret_corpus.py): both halves per kind ------------------------------------


@dataclass(frozen=True)
class KindScore:
    """One kind of the generated corpus in one half: rows, refused by ``save_context`` (a kind found), and
    gone (the secret is in neither ``redact`` nor ``scrub``'s kept text, compared after normalisation, so an
    evaded form that survives counts as a leak). ``stored`` are the rows some path would keep the secret of.
    For ordinary sentences ``refused`` counts false refusals."""

    half: str
    group: str
    kind: str
    rows: int
    refused: int
    gone: int

    @property
    def stored(self) -> int:
        """Rows whose secret ``save_context`` stores (not refused) or ``save_session``/imports keep (not gone)."""
        return self.rows - min(self.refused, self.gone) if self.group != "prose" else 0


_UNICODE_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})")


def readable_forms(text: str) -> tuple[str, ...]:
    """``text`` as a reader could read it back: as written, normalised, and with its escapes undone by the
    standard library (percent-encoding, HTML references, ``\\u`` escapes) and its blanks and dashes removed (a
    value in groups). The bench's own decoding, independent of the scanner's, so a kept escaped or grouped secret
    counts as kept."""
    unquoted = urllib.parse.unquote(text)
    unescaped = html.unescape(_UNICODE_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), unquoted))
    return (text, normalise_for_scan(text).text, unescaped, re.sub(r"[\s-]", "", unescaped))


def _gone(scanner: SecretScanner, text: str, secret: str) -> bool:
    kept = scanner.scrub(text).text or ""
    redacted = scanner.redact(text)
    compact = re.sub(r"[\s-]", "", secret)
    return all(
        secret not in form and (len(compact) < 12 or compact not in form)
        for t in (kept, redacted)
        for form in readable_forms(t)
    )


def corpus_scores(scanner: SecretScanner, rows: Iterable[secret_corpus.Row]) -> list[KindScore]:
    """Per (half, kind), in order of first appearance."""
    tally: dict[tuple[str, str, str], list[int]] = {}
    for row in rows:
        counts = tally.setdefault((row.half, row.group, row.kind), [0, 0, 0])
        counts[0] += 1
        counts[1] += bool(scanner.kinds(row.text))
        counts[2] += row.group != "prose" and _gone(scanner, row.text, row.secret)
    return [KindScore(h, g, k, *c) for (h, g, k), c in tally.items()]


def corpus_report(console: Console, scores: Sequence[KindScore], halves: Sequence[str]) -> None:
    """One table, a row per kind and the halves side by side (rows, refused, gone, stored); then the totals per
    group and half, and the false refusals of ordinary sentences."""
    by_kind: dict[tuple[str, str], dict[str, KindScore]] = {}
    for score in scores:
        by_kind.setdefault((score.group, score.kind), {})[score.half] = score
    table = Table(title=f"generated corpus per kind (format layer: {ruleset_source()})")
    table.add_column("group", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    for half in halves:
        for column in ("rows", "refused", "gone", "stored"):
            table.add_column(f"{half} {column}", justify="right")
    for (group, kind), per_half in by_kind.items():
        if group == "prose":
            continue
        cells: list[str] = []
        for half in halves:
            s = per_half.get(half)
            cells += [str(s.rows), str(s.refused), str(s.gone), str(s.stored)] if s else ["", "", "", ""]
        table.add_row(group, kind, *cells)
    console.print(table)
    totals = Table(title="generated corpus totals (stored target 0; false refusals target <= 1 in 500)")
    for column in ("half", "group", "rows", "refused", "gone", "stored / false refusals"):
        totals.add_column(column, justify="right" if column not in ("half", "group") else "left")
    for half in halves:
        for group in ("format", "evasion", "stated", "prose"):
            chosen = [s for s in scores if s.half == half and s.group == group]
            rows = sum(s.rows for s in chosen)
            refused = sum(s.refused for s in chosen)
            if group == "prose":
                totals.add_row(half, "ordinary sentences", str(rows), str(refused), "", f"{refused} of {rows}")
            else:
                gone = sum(s.gone for s in chosen)
                totals.add_row(half, group, str(rows), str(refused), str(gone), str(sum(s.stored for s in chosen)))
    console.print(totals)


# -- hostile input from the patterns themselves ------------------------------------------------------------


def _skip_class(pattern: str, i: int) -> int:
    """Index after the character class that starts at ``pattern[i] == "["``."""
    j = i + 1
    if j < len(pattern) and pattern[j] == "^":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j + 1


def _skip_group(pattern: str, i: int) -> int:
    """Index after the group that starts at ``pattern[i] == "("``."""
    depth = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i = _skip_class(pattern, i)
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of ``pattern``."""
    out: list[str] = []
    depth = start = i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i = _skip_class(pattern, i)
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out


def _class_sample(body: str) -> str:
    """A character the class ``[body]`` accepts (an allowed separator or letter for a negated class)."""
    if body.startswith("^"):
        return next((c for c in "a0-_ " if c not in body[1:]), "a")
    if body.startswith("\\"):
        return {"s": " ", "d": "0", "w": "a", "p": "a"}.get(body[1:2], body[1:2] or "a")
    return body[0]


ESCAPES = {"s": " ", "S": "a", "d": "0", "D": "a", "w": "a", "W": "-", "n": "\n", "t": "\t"}


def _group_body(inner: str) -> str:
    """A group's content without its ``?:``, ``?i:`` or ``?P<name>`` head."""
    if not inner.startswith("?"):
        return inner
    colon = inner.find(":")
    return inner[colon + 1 :] if 0 <= colon < 6 else ""


def walk(pattern: str) -> list[str]:
    """One path through ``pattern`` as atoms: a literal as itself, a class as a character it accepts, a group by
    its first alternative, a repeated atom as many times as its minimum (at least once)."""
    atoms: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            nxt = pattern[i + 1 : i + 2]
            if nxt in ("p", "P"):
                atom, i = "a", pattern.find("}", i) + 1
            elif nxt in ("b", "B", "A", "z"):
                atom, i = "", i + 2
            else:
                atom, i = ESCAPES.get(nxt, nxt), i + 2
        elif char == "[":
            end = _skip_class(pattern, i)
            atom, i = _class_sample(pattern[i + 1 : end - 1]), end
        elif char == "(":
            end = _skip_group(pattern, i)
            atom, i = "".join(walk(_alternatives(_group_body(pattern[i + 1 : end - 1]))[0])), end
        elif char in "^$":
            atom, i = "", i + 1
        elif char == ".":
            atom, i = "a", i + 1
        elif char in ")|":
            break
        else:
            atom, i = char, i + 1
        repeat = 1
        if i < len(pattern) and pattern[i] in "?*+":
            i += 2 if pattern[i + 1 : i + 2] == "?" else 1
        elif i < len(pattern) and pattern[i] == "{":
            close = pattern.find("}", i)
            repeat = max(1, min(int(pattern[i + 1 : close].split(",")[0] or 1), 64))
            i = close + 2 if pattern[close + 1 : close + 2] == "?" else close + 1
        if atom:
            atoms.append(atom * repeat)
    return atoms


def skeletons(pattern: str, limit: int = 4) -> list[list[str]]:
    """Paths through ``pattern``: one per top-level alternative and one per alternative of its first group
    (the keyword list of a keyword rule), at most ``limit``, evenly chosen."""
    while pattern.startswith("(?") and pattern[2:3].isalpha() and ")" in pattern[:8]:
        close = pattern.index(")")
        if ":" in pattern[:close]:
            break
        pattern = pattern[close + 1 :]  # an inline flag group such as "(?i)"
    paths = [walk(alternative) for alternative in _alternatives(pattern)]
    if pattern.startswith("("):
        end = _skip_group(pattern, 0)
        rest = walk(pattern[end:])
        paths += [walk(alternative) + rest for alternative in _alternatives(_group_body(pattern[1 : end - 1]))]
    paths = [p for p in paths if p]
    if len(paths) > limit:
        paths = [paths[int(k * len(paths) / limit)] for k in range(limit)]
    return paths


def prefixes(atoms: list[str], limit: int = 5) -> list[str]:
    """Cuts of a path: its first two characters, then after each atom; at most ``limit``, evenly chosen."""
    whole = "".join(atoms)
    cuts: list[str] = [whole[:2]] if len(whole) > 2 else []
    so_far = ""
    for atom in atoms:
        so_far += atom
        if so_far not in cuts:
            cuts.append(so_far)
    if len(cuts) > limit:
        cuts = [cuts[round(k * (len(cuts) - 1) / (limit - 1))] for k in range(limit)]
    return cuts


JOINERS = ("", " ", "-")


def adversarial_inputs(pattern: str, size: int) -> list[str]:
    """Hostile texts of ``size`` characters for one pattern: each prefix of each path through it, repeated,
    joined by nothing, a space or a dash ("password-password-...", "eyJa.eyJa...", "a-a-a-...")."""
    out: list[str] = []
    for atoms in skeletons(pattern):
        for cut in prefixes(atoms):
            for joiner in JOINERS:
                unit = cut + joiner
                if unit.strip():
                    text = (unit * (size // len(unit) + 1))[:size]
                    if text not in out:
                        out.append(text)
    return out


def all_adversarial_inputs(scanner: SecretScanner, size: int, per_format: int = 2) -> dict[str, str]:
    """Hostile inputs for every pattern the scanner runs, each mapped to the kind of the rule it came from: all
    of each core and slot rule's, the first ``per_format`` of each vendored format rule's (about 400 rules
    of one shape: a prefix or keyword, then a bounded run) and three times as many of each command-line table
    rule's (about 45 rules built from seven templates: secret_cli.py)."""
    from contextlamp.domain.secret_formats import format_rules

    vendored = {f.pattern for f in format_rules()}
    try:  # the command-line table (round 7): ~45 rules of seven shapes, one template each, six inputs a rule
        from contextlamp.domain.secret_cli import cli_rules

        tabled = {r.pattern for r in cli_rules()}
    except ImportError:  # a scanner from before the table (a before/after run)
        tabled = set()
    out: dict[str, str] = {}
    for rule in scanner.patterns():
        texts = adversarial_inputs(rule.pattern, size)
        cap = per_format if rule.pattern in vendored else 3 * per_format if rule.pattern in tabled else len(texts)
        for text in texts[:cap]:
            out.setdefault(text, rule.kind)
    return out


# -- speed --------------------------------------------------------------------------------------------------


def cpu_seconds(function: Callable[[str], object], text: str, repeat: int = 1) -> float:
    """Least CPU time of this thread over ``repeat`` calls (other processes on the machine do not count)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.thread_time()
        function(text)
        best = min(best, time.thread_time() - start)
    return best


def prose_of_size(corpora: Sequence[Sequence[str]], size: int) -> str:
    """Ordinary sentences, one from each corpus in turn (chat and engineering notes mixed), joined by spaces
    and cycled to ``size`` characters (the last sentence cut is left out and spaces fill the size)."""
    mixed: list[str] = []
    longest = max((len(c) for c in corpora), default=0)
    for i in range(longest):
        mixed.extend(c[i % len(c)] for c in corpora if c)
    text = " ".join(mixed) + " "
    cut = (text * (size // max(len(text), 1) + 1))[:size]
    end = cut.rfind(". ") + 1  # whole sentences only (a cut "password = getp" would be a stated password)
    return cut[:end].ljust(size) if end > 0 else cut


@dataclass(frozen=True)
class Speed:
    """CPU seconds of ``kinds`` and ``redact`` on one input."""

    name: str
    chars: int
    mb: float
    kinds_s: float
    redact_s: float


def speed(scanner: SecretScanner, name: str, text: str, repeat: int = 3) -> Speed:
    """Time ``kinds`` and ``redact`` on ``text`` (least of ``repeat`` runs each)."""
    mb = len(text.encode("utf-8")) / 1e6
    return Speed(
        name, len(text), mb, cpu_seconds(scanner.kinds, text, repeat), cpu_seconds(scanner.redact, text, repeat)
    )


def hostile_speeds(scanner: SecretScanner, inputs: dict[str, str], retime: int = 8) -> list[Speed]:
    """Each hostile input timed once, slowest first; the ``retime`` slowest are timed again (least of 3), since
    a first run also pays for RE2 building automaton states it keeps for later scans."""
    names = {text: f"hostile ({kind}): {text[:20]!r}…" for text, kind in inputs.items()}
    rows = sorted((speed(scanner, names[t], t, repeat=1) for t in inputs), key=lambda r: -(r.kinds_s + r.redact_s))
    by_name = {name: text for text, name in names.items()}
    again = [speed(scanner, r.name, by_name[r.name], repeat=3) for r in rows[:retime]]
    return sorted(again, key=lambda r: -(r.kinds_s + r.redact_s)) + rows[retime:]


# -- report -------------------------------------------------------------------------------------------------


def _rate(mb: float, seconds: float) -> str:
    return f"{mb / seconds:,.1f}" if seconds > 0 else "inf"


def report(
    console: Console,
    fps: Sequence[FalsePositives],
    recalls: Sequence[Recall],
    speeds: Sequence[Speed],
    hostile: Sequence[Speed],
    hostile_count: int,
    show: int = 8,
) -> None:
    """Print the three tables (and every false positive and miss, secrets masked)."""
    table = Table(title="false positives on ordinary text (target 0)")
    for column in ("corpus", "sentences", "flagged", f"per {PER:,}"):
        table.add_column(column, justify="right" if column != "corpus" else "left")
    for row in fps:
        table.add_row(row.corpus, str(row.sentences), str(len(row.flagged)), f"{row.per_10k:.1f}")
    console.print(table)
    for row in fps:
        for sentence, kinds in row.flagged:
            console.print(f"  FP [{row.corpus}] {', '.join(kinds)}: {sentence!r}")

    table = Table(title="recall on the secret corpus (target 100 %)")
    for column in ("kind", "secrets", "found", "removed", "recall"):
        table.add_column(column, justify="right" if column != "kind" else "left")
    for r in recalls:
        table.add_row(r.kind, str(r.total), str(r.found), str(r.removed), f"{min(r.found, r.removed) / r.total:.0%}")
    total = sum(r.total for r in recalls)
    found = sum(r.found for r in recalls)
    removed = sum(r.removed for r in recalls)
    table.add_row("all kinds", str(total), str(found), str(removed), f"{min(found, removed) / max(total, 1):.0%}")
    console.print(table)
    for r in recalls:
        for text in r.misses:
            console.print(f"  MISS {r.kind}: {len(text)} characters (text not shown)")

    table = Table(
        title=f"throughput, MB/s of CPU time (least of 3 runs, 2 MiB: 1); hostile: worst {show} of {hostile_count}"
    )
    for column in ("input", "size", "kinds MB/s", "redact MB/s", "kinds ms", "redact ms"):
        table.add_column(column, justify="right" if column != "input" else "left")
    for row in (*speeds, *hostile[:show]):
        table.add_row(
            row.name,
            f"{row.chars:,}",
            _rate(row.mb, row.kinds_s),
            _rate(row.mb, row.redact_s),
            f"{row.kinds_s * 1e3:.1f}",
            f"{row.redact_s * 1e3:.1f}",
        )
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    """Entry point: exit status 1 when a false positive or a missed secret was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path, default=None, help="LoCoMo-format JSON (default: shared/ data)")
    parser.add_argument("--notes", type=Path, default=NOTES)
    parser.add_argument("--secrets", type=Path, default=SECRETS)
    parser.add_argument("--size", type=int, default=32 * 1024, help="characters of each timed input")
    parser.add_argument("--limit", type=int, default=None, help="at most this many LoCoMo sentences")
    parser.add_argument("--quick", action="store_true", help="time one hostile input in 20 (a smoke run)")
    parser.add_argument("--show", type=int, default=8, help="how many of the slowest hostile inputs to list")
    secret_splits_registry.add_flags(parser)
    parser.add_argument("--corpus-only", action="store_true", help="only the generated corpus tables")
    args = parser.parse_args(argv)
    console = Console(width=200)
    scanner = SecretScanner()
    scanner.kinds("warm up")  # compile the patterns outside the timings
    halves, rows = secret_splits_registry.selected(args)
    scores = corpus_scores(scanner, rows)
    corpus_report(console, scores, halves)
    if args.corpus_only:
        return 0
    notes = load_notes(args.notes)
    corpora: list[tuple[str, list[str]]] = []
    locomo = args.locomo or default_locomo()
    if locomo is not None:
        corpora.append(("LoCoMo dev turns", locomo_sentences(locomo)[: args.limit]))
    else:
        console.print("LoCoMo data not found (pass --locomo PATH); its row is left out")
    corpora.append(("engineering notes", notes))
    fps = [false_positives(scanner, name, sentences) for name, sentences in corpora]
    fps += [false_positives(scanner, f"{name}, 5 sentences a text", sentences, 5) for name, sentences in corpora]
    recalls = recall(scanner, load_secrets(args.secrets))

    prose = [sentences for _, sentences in corpora]
    speeds = [speed(scanner, "ordinary prose", prose_of_size(prose, args.size))]
    speeds.append(speed(scanner, "ordinary prose (2 MiB transcript)", prose_of_size(prose, 2 * 1024 * 1024), 1))
    inputs = all_adversarial_inputs(scanner, args.size)
    if args.quick:
        inputs = dict(list(inputs.items())[::20])
    hostile = hostile_speeds(scanner, inputs, args.show)
    report(console, fps, recalls, speeds, hostile, len(inputs), args.show)
    failed = any(f.flagged for f in fps) or any(r.misses for r in recalls)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
