"""The extractive ceiling of save_session's offline path: how far SELECTION can go (issue 16 points 3 and 5).

For every raw transcript of ``bench/data/distill`` (the ``offline`` and ``client summary`` paths of
bench/distill.py; a digest is never selected from), a pool of candidate texts is built, and an oracle that
knows the expected items picks from it: for the expected items of the case it takes the best candidates under
the bench's own matching rule (bench/distill.py ``similarity`` and ``greedy_match``: all-MiniLM-L6-v2 cosine
>= the threshold, 0.75 by default, greedy one-to-one, best pair first). Nothing is stored; the transcript is
parsed and its secrets redacted exactly as ``save_session`` does (app/sessions.py) before the pools are made.

Pools (``POOLS``), each a set of texts of one case:

- ``distiller``: every text the offline distiller could store (offline.py ``candidate_pool``: the ranker's
  candidates and the rules' items in each form typing can give them) of the turns the offline distiller reads;
  for a client-summary case also the digest items of its summary (digest_path.py ``digest_items``);
- ``sentences``: every sentence of every turn, any role, verbatim (offline.py ``sentences_of``);
- ``pairs``: every two adjacent sentences joined, inside a turn and across a turn boundary (the last sentence
  of a turn with the first of the next: a question and its answer);
- ``turns``: every turn whole;
- ``subject``: each distiller candidate led by one of the session's ``SUBJECT_TERMS`` most frequent content
  words ("<term>: <candidate>"), a crude stand-in for inserting the subject the sentence leaves unsaid;
- ``distiller+X`` (``WIDENED``): the distiller's pool widened by pool X alone, so each gap is measured on its own;
- ``all``: the union of the above.

The oracle's recall is the best recall ANY selection from that pool can reach under the rule. Its precision
is 1.0 by construction (it emits only matched candidates); an oracle that must emit k = the number of expected
items of each case sits at P = R = that recall (its other picks match nothing). Reported per half of
``split.json`` (tuning, heldout), per path, and per stratum (category, format, language, English or not, long
sessions of at least ``LONG_TURNS`` turns), with the distribution of each expected item's best cosine over the
pool (``BINS``: the items at 0.60-0.75 are the near misses, those no rewording of a selected text reaches are
under 0.60), the recall of a maximum one-to-one matching beside the greedy one, and, for the ``all`` pool, which
kind of candidate the greedy oracle matched each item with (the best-scoring one, not the only one that could:
the ``distiller+X`` columns are the gaps).

Rules for the held-out half (COMMON18 / the data README): develop on ``--split tuning`` only; the held-out
half is run once, at the end, and nothing is changed after it. This script reads expected items only through
bench/distill.py's loader. Run ``python bench/distill_ceiling.py --help``.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/distill.py, when run as a script
import distill as bench
from contextlamp.distill.digest_path import digest_items
from contextlamp.distill.offline import candidate_pool, sentences_of, session_language
from contextlamp.distill.transcript import Turn, parse_transcript
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder

BASE_POOLS = ("distiller", "sentences", "pairs", "turns", "subject")
# the distiller's pool widened by one other pool each: the size of each gap is its recall less the distiller's
WIDENED = tuple(f"distiller+{name}" for name in BASE_POOLS[1:])
POOLS = (*BASE_POOLS, *WIDENED, "all")
KINDS = ("distiller", "sentence", "pair in a turn", "pair across turns", "turn", "subject")
BINS = ((0.0, 0.5), (0.5, 0.6), (0.6, 0.65), (0.65, 0.7), (0.7, 0.75), (0.75, 1.01))
LONG_TURNS = 20  # a session of at least this many turns is "long"
SUBJECT_TERMS = 3  # the session's most frequent content words tried as the subject of a candidate
MIN_TERM_CHARS = 4
TARGET = 0.65  # issue 16's offline target for P and R on the held-out half
_TERM = re.compile(r"[^\W\d_][\w.+#-]*[\w+#]", re.UNICODE)
_STOP = frozenset(  # English function words and chat words of four letters or more: never a subject
    {
        *("this", "that", "with", "from", "have", "will", "what", "when", "then", "than", "they", "them", "there"),
        *("their", "about", "would", "could", "should", "user", "assistant", "also", "just", "like", "yeah"),
        *("okay", "sure", "thanks", "please", "into", "only", "some", "make", "sounds", "good", "need", "want"),
    }
)


@dataclass
class CasePools:
    """One case's pools: each pool name (``POOLS``) -> its texts, and for ``all`` each text's kind (``KINDS``)."""

    case: bench.Case
    path: str
    turns: int
    texts: dict[str, list[str]] = field(default_factory=dict[str, list[str]])
    kinds: dict[str, str] = field(default_factory=dict[str, str])


@dataclass(frozen=True)
class Oracle:
    """The oracle on one case and pool: the greedy one-to-one pairs (bench.Pair) at the threshold, each
    expected item's best cosine over the pool (0.0 for an empty pool), the pool's size, and the size of a
    maximum one-to-one matching at the threshold (``maximum_matching``: no one-to-one rule matches more)."""

    pairs: list[bench.Pair]
    best: list[float]
    pool_size: int
    maximum: int = 0


def maximum_matching(scores: bench.Matrix, threshold: float) -> int:
    """The size of a maximum one-to-one matching of rows (candidates) to columns (expected items) over the
    pairs scoring >= ``threshold``: Kuhn's augmenting paths (Kuhn, "The Hungarian method for the assignment
    problem", 1955), O(columns x edges), small here (a case has at most a few dozen expected items)."""
    edges = [[int(i) for i in np.flatnonzero(scores[:, j] >= threshold)] for j in range(scores.shape[1])]
    owner: dict[int, int] = {}  # candidate -> the expected item it is matched to

    def augment(j: int, seen: set[int]) -> bool:
        for i in edges[j]:
            if i in seen:
                continue
            seen.add(i)
            if i not in owner or augment(owner[i], seen):
                owner[i] = j
                return True
        return False

    return sum(augment(j, set()) for j in range(len(edges)))


def session_terms(turns: Sequence[Turn], n: int = SUBJECT_TERMS) -> list[str]:
    """The ``n`` most frequent content words of the user's turns (at least ``MIN_TERM_CHARS`` characters, not a
    function word; ties: the first said), as written the first time: candidate subjects of a session."""
    counts: Counter[str] = Counter()
    first: dict[str, str] = {}
    for turn in turns:
        if turn.role != "user":
            continue
        for word in _TERM.findall(turn.text):
            key = word.lower()
            if len(key) >= MIN_TERM_CHARS and key not in _STOP:
                counts[key] += 1
                first.setdefault(key, word)
    order = {key: i for i, key in enumerate(first)}
    ranked = sorted(counts, key=lambda k: (-counts[k], order[k]))
    return [first[k] for k in ranked[:n]]


def build_pools(turns: Sequence[Turn]) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The pools (``POOLS`` -> unique texts, first-seen order) of parsed, redacted turns, and each text's kind
    for the ``all`` pool (the first kind that produced it, in ``KINDS`` order). The distiller's pool holds the
    digest items of the digest turns (a client's summary, a digest-format transcript) as DigestFirst makes
    them, then the offline candidates of the other turns."""
    turns = [t for t in turns if t.text.strip()]
    others = [t for t in turns if t.role != "digest"]
    distiller = candidate_pool(others)
    digests = "\n".join(t.text for t in turns if t.role == "digest")
    if digests:  # DigestFirst: a digest turn's (a client summary's) items come first, as stored
        distiller = [i.content for i in digest_items(digests)] + distiller
    language = session_language(turns) if turns else "en"
    per_turn = [sentences_of(t.text, language) for t in turns]
    sentences = [s for group in per_turn for s in group]
    inside = [f"{a} {b}" for group in per_turn for a, b in itertools.pairwise(group)]
    across = [f"{a[-1]} {b[0]}" for a, b in itertools.pairwise(per_turn) if a and b]
    whole = [t.text.strip() for t in turns]
    subject = [f"{term}: {text}" for term in session_terms(turns) for text in distiller]
    by_kind = dict(zip(KINDS, (distiller, sentences, inside, across, whole, subject), strict=True))
    kinds: dict[str, str] = {}
    for kind, texts in by_kind.items():
        for text in texts:
            kinds.setdefault(text, kind)
    pools = {
        "distiller": distiller,
        "sentences": sentences,
        "pairs": [*inside, *across],
        "turns": whole,
        "subject": subject,
    }
    pools |= {f"distiller+{name}": [*distiller, *pools[name]] for name in BASE_POOLS[1:]}
    pools["all"] = list(kinds)
    return {name: list(dict.fromkeys(t for t in texts if t.strip())) for name, texts in pools.items()}, kinds


def oracle(pool: bench.Matrix, expected: bench.Matrix, threshold: float) -> Oracle:
    """The oracle's picks from a pool (``(n_pool, dim)`` unit rows) for the expected items (``(n_expected,
    dim)``): bench/distill.py's own ``similarity`` and ``greedy_match`` at ``threshold``."""
    scores = bench.similarity(pool, expected)
    best = [float(scores[:, j].max()) if scores.shape[0] else 0.0 for j in range(scores.shape[1])]
    pairs = bench.greedy_match(scores, threshold)
    return Oracle(pairs, best, int(scores.shape[0]), maximum_matching(scores, threshold))


@dataclass(frozen=True)
class Figures:
    """An oracle's figures over some cases: expected items, matched, recall (= P and R of the oracle at k =
    the number of expected items), mean pool size per case, and the best-cosine histogram over ``BINS``."""

    files: int
    expected: int
    matched: int
    recall: float | None
    pool_per_file: float
    histogram: tuple[int, ...]
    maximum_recall: float | None = None  # by maximum one-to-one matchings: what no one-to-one rule exceeds


def figures(oracles: Sequence[Oracle]) -> Figures:
    """Micro-averaged figures of the oracles of several cases (cases without expected items add only files)."""
    expected = sum(len(o.best) for o in oracles)
    matched = sum(len(o.pairs) for o in oracles)
    histogram = [0] * len(BINS)
    for o in oracles:
        for score in o.best:
            histogram[next(i for i, (low, high) in enumerate(BINS) if low <= score < high or i == len(BINS) - 1)] += 1
    return Figures(
        files=len(oracles),
        expected=expected,
        matched=matched,
        recall=matched / expected if expected else None,
        pool_per_file=sum(o.pool_size for o in oracles) / len(oracles) if oracles else 0.0,
        histogram=tuple(histogram),
        maximum_recall=sum(o.maximum for o in oracles) / expected if expected else None,
    )


def strata(item: CasePools) -> list[str]:
    """The strata a case is reported under: its path, category, format, language, English or not, and length."""
    case = item.case
    return [
        f"path {item.path}",
        f"category {case.category}",
        f"format {case.format}",
        f"lang {case.language}",
        "English" if case.language == "en" else "not English",
        f"long (>= {LONG_TURNS} turns)" if item.turns >= LONG_TURNS else "short",
    ]


def case_pools(case: bench.Case, scanner: SecretScanner) -> CasePools:
    """A case's pools, from its transcript parsed and redacted as save_session does."""
    turns = [Turn(t.role, scanner.redact(t.text)) for t in parse_transcript(case.argument)]
    texts, kinds = build_pools(turns)
    return CasePools(case, bench.raw_path(case), len(turns), texts, kinds)


def run(
    cases: Iterable[bench.Case], embedder: Embedder, threshold: float, progress: Callable[[str], None]
) -> list[tuple[CasePools, dict[str, Oracle]]]:
    """Pools and the oracle on each pool, per raw-transcript case: every case as bench/distill.py sends it to
    save_session (a digest-format case too: the bench's offline path counts it)."""
    scanner = SecretScanner()
    out: list[tuple[CasePools, dict[str, Oracle]]] = []
    for case in cases:
        pools = case_pools(case, scanner)
        expected = _vectors(embedder, [e.content for e in case.expected])
        every = pools.texts["all"]
        vectors = _vectors(embedder, every)
        row = {text: i for i, text in enumerate(every)}
        oracles: dict[str, Oracle] = {}
        for name in POOLS:
            chosen = [row[t] for t in pools.texts[name]]
            oracles[name] = oracle(vectors[chosen], expected, threshold)
        out.append((pools, oracles))
        progress(
            f"{case.id}: " + ", ".join(f"{n} {len(oracles[n].pairs)}" for n in BASE_POOLS) + f" / {len(case.expected)}"
        )
    return out


def _vectors(embedder: Embedder, texts: list[str]) -> bench.Matrix:
    """Unit rows of ``texts`` as float32 (``(0, dim)`` for none)."""
    if not texts:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    return np.asarray(embedder.embed(texts), dtype=np.float32)


def matched_kinds(results: Sequence[tuple[CasePools, dict[str, Oracle]]]) -> Counter[str]:
    """How many expected items the oracle on the ``all`` pool matched with each kind of candidate."""
    counts: Counter[str] = Counter()
    for pools, oracles in results:
        for pair in oracles["all"].pairs:
            counts[pools.kinds[pools.texts["all"][pair.distilled]]] += 1
    return counts


def report(
    results: Sequence[tuple[CasePools, dict[str, Oracle]]], split: dict[str, list[str]], threshold: float
) -> dict[str, Any]:
    """The figures per half, per pool, per stratum; the histograms; the kinds the ``all`` oracle matched."""
    out: dict[str, Any] = {"threshold": threshold, "halves": {}}
    present = {bench.half_of(split, r[0].case) for r in results}
    for half in (*bench.SPLITS, *(("all",) if len(present) > 1 else ())):
        chosen = [r for r in results if half == "all" or bench.half_of(split, r[0].case) == half]
        if not chosen:
            continue
        groups: dict[str, list[tuple[CasePools, dict[str, Oracle]]]] = {"overall": chosen}
        for r in chosen:
            for name in strata(r[0]):
                groups.setdefault(name, []).append(r)
        out["halves"][half] = {
            "groups": {
                name: {pool: figures([o[pool] for _, o in rs]).__dict__ for pool in POOLS}
                for name, rs in groups.items()
            },
            "matched_kinds": dict(matched_kinds(chosen)),
        }
    return out


def _f(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def print_report(summary: dict[str, Any], console: Console) -> None:
    """Per half: the recall table (rows: strata; columns: pools), the near-miss histogram per pool, and the
    kinds of candidate the union's oracle matched."""
    th = summary["threshold"]
    for half, data in summary["halves"].items():
        table = Table(
            title=f"extractive ceiling, {half} half: oracle recall per pool (= P and R of an oracle at k = expected "
            f"items; minilm cosine >= {th:.2f}, greedy one-to-one)"
        )
        for name in ("group", "files", "expected", *(p.replace("distiller+", "d+") for p in POOLS), "pool/file"):
            table.add_column(name, justify="left" if name == "group" else "right")
        groups = data["groups"]
        order = ["overall", *sorted(n for n in groups if n != "overall")]
        for name in order:
            pools = groups[name]
            table.add_row(
                name,
                str(pools["distiller"]["files"]),
                str(pools["distiller"]["expected"]),
                *(_f(pools[p]["recall"]) for p in POOLS),
                f"{pools['distiller']['pool_per_file']:.0f}",
                end_section=name == "overall",
            )
        console.print(table)
        hist = Table(title=f"{half} half: each expected item's best cosine over the pool (items per bin)")
        hist.add_column("pool")
        for low, high in BINS:
            hist.add_column(f"{low:.2f}-{min(high, 1.0):.2f}", justify="right")
        hist.add_column("near misses 0.60-0.75", justify="right")
        hist.add_column("recall (greedy)", justify="right")
        hist.add_column("recall (maximum matching)", justify="right")
        for pool in POOLS:
            overall = groups["overall"][pool]
            counts = overall["histogram"]
            near = sum(c for (low, _), c in zip(BINS, counts, strict=True) if 0.6 <= low < 0.75)
            hist.add_row(
                pool, *(str(c) for c in counts), str(near), _f(overall["recall"]), _f(overall["maximum_recall"])
            )
        console.print(hist)
        kinds = data["matched_kinds"]
        total = sum(kinds.values())
        console.print(
            f"{half}: the 'all' oracle matched {total} items with: "
            + ", ".join(f"{k} {kinds.get(k, 0)}" for k in KINDS)
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ceiling; the tables go to stdout (and ``--json``), progress to stderr. Exit 2 on bad data."""
    import json

    parser = argparse.ArgumentParser(description="extractive ceiling of save_session's offline path")
    parser.add_argument("--data", type=Path, default=bench.DEFAULT_DATA, help="directory of labelled *.json files")
    parser.add_argument("--threshold", type=float, default=bench.DEFAULT_THRESHOLD, help="cosine match threshold")
    parser.add_argument(
        "--split", choices=[*bench.SPLITS, "all"], default="tuning", help="which half of split.json (default tuning)"
    )
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm", help="the matching embedder (minilm)")
    parser.add_argument("--only", default=None, help="only files whose id contains this text")
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON to this file")
    args = parser.parse_args(argv)
    try:
        cases = bench.load_cases(args.data)
        split = bench.load_split(args.data)
    except bench.DataError as exc:
        print(f"bad data:\n{exc}", file=sys.stderr)
        return 2
    if args.split != "all":
        cases = [c for c in cases if bench.half_of(split, c) == args.split]
    if args.only:
        cases = [c for c in cases if args.only in c.id]
    embedder = create_embedder(args.embedder)
    results = run(cases, embedder, args.threshold, lambda line: print(line, file=sys.stderr))
    summary = report(results, split, args.threshold)
    print_report(summary, Console(file=sys.stdout, width=220))
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
