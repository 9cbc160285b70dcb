"""Turn- and session-level retrieval benchmark on LongMemEval: recall_any@k and recall_all@k of hybrid,
keyword-only and semantic-only search.

LongMemEval: Wu et al., "LongMemEval: Benchmarking Chat Assistants on Long-Term Interactive Memory", ICLR 2025
(arXiv 2410.10813). Protocol: one store per question; one memory per non-blank turn (``"<role>: <content>"``),
saved in haystack order while the store clock (ms since the Unix epoch) follows ``haystack_dates`` (read as
UTC; an unparseable date leaves the clock counting up 1 ms per read from the previous session); the question
is a ``get_context`` query at ``question_date``. Evidence: turn level, the turns with ``has_answer: true``
(questions with none are left out of the turn figures); session level, the ``answer_session_ids`` found in
the haystack, a retrieved turn counting for its session. recall_any@k is 1 when at least one evidence item is
in the top k, recall_all@k when all are; both are fractions (0..1) averaged over questions. Identical content
dedupes to one memory, which counts for every (session, turn) holding that content. Turns over the
``save_context`` limit (32 KiB of UTF-8) are truncated to the limit at a character boundary; turns it still
refuses (secrets, invalid Unicode) are skipped, each named on stderr and counted in the final summary there.
Keyword-only and semantic-only rankings are the service's own signal lists (``collect_signals``) for the
same question; "previous" is ``get_context`` with neighbour context off (the default before it,
docs/retrieval.md), from the same store. Run with ``--help`` for options.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.retrieval.search import ScopedStore, collect_signals

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/common.py, when run as a script
from common import StepClock, fresh_service, parse_ks, previous_ids

METHODS = ("hybrid", "previous", "keyword", "semantic")
LEVELS = ("turn", "session")
GZIP_MAGIC = b"\x1f\x8b"  # RFC 1952 member header
_DATE = re.compile(r"(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})(?:\D*?(\d{1,2}):(\d{2})(?::(\d{2}))?)?")

TurnKey = tuple[int, int]  # (session position in the haystack, turn position in the session), both from 0


@dataclass(frozen=True)
class Turn:
    """One saved turn: its key, its session id, memory content and session start (ms since epoch, or None)."""

    key: TurnKey
    session_id: str
    content: str
    session_ms: int | None


@dataclass(frozen=True)
class Question:
    """One LongMemEval question with its haystack turns (non-blank, in order) and its evidence."""

    question_id: str
    question_type: str
    text: str
    date_ms: int | None
    turns: list[Turn]
    evidence_turns: tuple[TurnKey, ...]
    evidence_sessions: tuple[str, ...]


def parse_date(text: Any) -> int | None:
    """``"2023/05/20 (Sat) 02:21"`` -> ms since the Unix epoch (read as UTC); None when unparseable.

    Lenient: ``/``, ``-`` or ``.`` between year, month and day; any weekday or ``T`` before an optional
    ``HH:MM[:SS]``; a date alone is midnight.
    """
    match = _DATE.search(str(text or ""))
    if match is None:
        return None
    year, month, day, hour, minute, second = (int(p) if p else 0 for p in match.groups())
    try:
        return int(datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp() * 1000)
    except ValueError:
        return None


def read_json(path: Path) -> Any:
    """Parse a JSON file, gunzipping it first when its name ends in ``.gz`` or it starts with gzip magic."""
    raw = path.read_bytes()
    if path.suffix == ".gz" or raw[:2] == GZIP_MAGIC:
        raw = gzip.decompress(raw)
    return json.loads(raw.decode("utf-8"))


def load_questions(path: Path) -> list[Question]:
    """Parse a LongMemEval-format file; questions with blank text are left out, blank turns are dropped."""
    questions: list[Question] = []
    for item in read_json(path):
        sessions = item.get("haystack_sessions") or []
        ids = [str(s) for s in item.get("haystack_session_ids") or []]
        dates = list(item.get("haystack_dates") or [])
        turns: list[Turn] = []
        evidence: list[TurnKey] = []
        for s, session in enumerate(sessions):
            session_id = ids[s] if s < len(ids) else f"#{s}"
            when = parse_date(dates[s]) if s < len(dates) else None
            for t, turn in enumerate(session or []):
                content = str(turn.get("content") or "")
                if not content.strip():
                    continue
                turns.append(Turn((s, t), session_id, f"{turn.get('role', '')}: {content}", when))
                if turn.get("has_answer") is True:
                    evidence.append((s, t))
        answers = tuple(dict.fromkeys(str(a) for a in item.get("answer_session_ids") or [] if str(a) in ids))
        text = str(item.get("question") or "").strip()
        qid, qtype = str(item.get("question_id", len(questions))), str(item.get("question_type", "?"))
        if text:
            when = parse_date(item.get("question_date"))
            questions.append(Question(qid, qtype, text, when, turns, tuple(evidence), answers))
    return questions


def fit_content(text: str, max_bytes: int) -> tuple[str, bool]:
    """``text`` cut to at most ``max_bytes`` of UTF-8 at a character boundary, and whether it was cut."""
    encoded = text.encode("utf-8", "surrogatepass")
    if len(encoded) <= max_bytes:
        return text, False
    return encoded[:max_bytes].decode("utf-8", "ignore"), True


def hits(evidence: Collection[Hashable], ranked: Sequence[Collection[Hashable]], k: int) -> tuple[float, float]:
    """(recall_any@k, recall_all@k), each 0.0 or 1.0; ``ranked`` holds each result's evidence items."""
    found = {item for result in ranked[:k] for item in result}
    wanted = set(evidence)
    return float(bool(wanted & found)), float(wanted <= found)


def run_question(
    question: Question, embedder: Embedder, ks: Sequence[int], skips: Counter[str]
) -> tuple[dict[str, Any], float]:
    """Save the question's haystack into a fresh store, then ask the question three ways.

    Returns ``{"type": str, "turn"|"session": {method: {"recall_any@k"|"recall_all@k": 0/1}} or None}`` (None
    when the level has no evidence) and the seconds spent inside ``get_context``. ``skips`` counts
    ``secret``, ``invalid`` and ``truncated`` turns.
    """
    depth, clock = max(ks), StepClock()
    with fresh_service("longmemeval-", embedder, clock) as (service, caller):
        principal = caller.principal
        registry = service.registry
        turns_of: dict[str, list[Turn]] = {}
        for turn in question.turns:
            clock.base = turn.session_ms or 0
            content, cut = fit_content(turn.content, service.limits.max_content_bytes)
            skips["truncated"] += int(cut)
            try:
                saved = service.save_context(caller, content)
            except (InvalidArgumentError, SecretDetectedError) as exc:
                skips["secret" if isinstance(exc, SecretDetectedError) else "invalid"] += 1
                print(f"{question.question_id} {turn.session_id}#{turn.key[1]}: not saved ({exc})", file=sys.stderr)
                continue
            turns_of.setdefault(saved.id, []).append(turn)
        clock.base = question.date_ms or 0
        text = question.text[: service.limits.max_query_chars]
        start = time.perf_counter()
        packs = service.get_context(caller, text, max_results=depth).packs
        seconds = time.perf_counter() - start
        previous = previous_ids(service, caller, text, depth)
        stores = [ScopedStore(registry.store(principal.user_id), "personal", 0)]
        lists, _ = collect_signals(stores, text, embedder.embed([text])[0], depth, clock(), None)
    ranked = {
        "hybrid": [p.id for p in packs],
        "previous": previous,
        "keyword": lists.keyword,
        "semantic": lists.semantic,
    }
    record: dict[str, Any] = {"type": question.question_type}
    for level, evidence in (("turn", question.evidence_turns), ("session", question.evidence_sessions)):
        if not evidence:
            record[level] = None
            continue
        record[level] = {}
        for method, ids in ranked.items():
            items = [{t.key if level == "turn" else t.session_id for t in turns_of.get(i, [])} for i in ids]
            scores = {k: hits(evidence, items, k) for k in ks}
            record[level][method] = {
                f"recall_{kind}@{k}": scores[k][j] for j, kind in enumerate(("any", "all")) for k in ks
            }
    return record, seconds


def metric_keys(ks: Sequence[int]) -> list[str]:
    """``recall_any@k`` then ``recall_all@k`` for every k."""
    return [f"recall_{kind}@{k}" for kind in ("any", "all") for k in ks]


def means(records: Sequence[dict[str, Any]], level: str, ks: Sequence[int]) -> dict[str, dict[str, float | None]]:
    """Mean of each metric per method over the records scored at ``level``; None when none are."""
    scored = [r[level] for r in records if r[level] is not None]
    return {
        m: {key: sum(s[m][key] for s in scored) / len(scored) if scored else None for key in metric_keys(ks)}
        for m in METHODS
    }


def summarise(records: Sequence[dict[str, Any]], ks: Sequence[int]) -> dict[str, Any]:
    """The ``--json`` report: mean recall per level, method and k, overall and per question type."""
    types = sorted({r["type"] for r in records})
    by_type = {t: [r for r in records if r["type"] == t] for t in types}
    return {
        "n_questions": len(records),
        **{level: means(records, level, ks) for level in LEVELS},
        "by_type": {t: {level: means(group, level, ks) for level in LEVELS} for t, group in by_type.items()},
    }


def print_report(
    records: Sequence[dict[str, Any]], summary: dict[str, Any], ks: Sequence[int], seconds: float, query_seconds: float
) -> None:
    """Print one table per level (rows: question types and overall; cells: recall_any / recall_all) to stdout."""
    console = Console(file=sys.stdout, width=260)
    n = summary["n_questions"]
    per_query = 1000 * query_seconds / n if n else 0.0
    for level in LEVELS:
        table = Table(title=f"LongMemEval {level}-level recall_any / recall_all ({n} questions)")
        table.add_column("question type")
        table.add_column("n", justify="right")
        for method in METHODS:
            for k in ks:
                table.add_column(f"{method} @{k}", justify="right")
        rows = [(t, [r for r in records if r["type"] == t], v[level]) for t, v in summary["by_type"].items()]
        for label, group, values in [*rows, ("overall", list(records), summary[level])]:
            count = sum(1 for r in group if r[level] is not None)
            cells = [
                "-"
                if values[m][f"recall_any@{k}"] is None
                else f"{values[m][f'recall_any@{k}']:.3f} / {values[m][f'recall_all@{k}']:.3f}"
                for m in METHODS
                for k in ks
            ]
            table.add_row(label, str(count), *cells)
        if level == LEVELS[-1]:
            table.caption = f"total {seconds:.1f} s; get_context {per_query:.1f} ms/query"
        console.print(table)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the report goes to stdout (and ``--json``), progress to stderr."""
    parser = argparse.ArgumentParser(description="LongMemEval turn- and session-level retrieval benchmark")
    parser.add_argument("--data", type=Path, required=True, help="LongMemEval-format JSON file (.json or .json.gz)")
    parser.add_argument("--k", type=parse_ks, default=[1, 5, 10], help="comma-separated k values (default 1,5,10)")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N questions")
    parser.add_argument("--json", type=Path, default=None, help="write the summary as JSON to this file")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument(
        "--records", type=Path, default=None, help="append each question's record to this JSON-lines file as it ends"
    )
    parser.add_argument(
        "--summarise", type=Path, default=None, help="print the tables of a --records file (of a run cut short)"
    )
    args = parser.parse_args(argv)
    if args.summarise is not None:
        done = [json.loads(line) for line in args.summarise.read_text(encoding="utf-8").splitlines() if line.strip()]
        print_report(done, summarise(done, args.k), args.k, sum(r.get("seconds", 0.0) for r in done), 0.0)
        return 0
    started = time.perf_counter()
    questions = load_questions(args.data)[: args.limit]
    embedder = create_embedder(args.embedder)
    records: list[dict[str, Any]] = []
    query_seconds = 0.0
    skips: Counter[str] = Counter()
    for i, question in enumerate(questions, 1):
        sessions = len({t.key[0] for t in question.turns})
        print(
            f"[{i}/{len(questions)}] {question.question_id}: {sessions} sessions, {len(question.turns)} turns",
            file=sys.stderr,
        )
        began = time.perf_counter()
        record, seconds = run_question(question, embedder, args.k, skips)
        records.append(record)
        query_seconds += seconds
        took = time.perf_counter() - began
        print(f"  {took:.1f} s (get_context {1000 * seconds:.0f} ms)", file=sys.stderr)
        if args.records is not None:
            with args.records.open("a", encoding="utf-8") as out:
                out.write(json.dumps({**record, "seconds": took}) + "\n")
    print(
        f"turns not saved: {skips['secret']} with a secret, {skips['invalid']} invalid; "
        f"{skips['truncated']} truncated to the content limit",
        file=sys.stderr,
    )
    summary = summarise(records, args.k)
    print_report(records, summary, args.k, time.perf_counter() - started, query_seconds)
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
