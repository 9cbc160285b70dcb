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

Speed (the stores are still built by ``save_context``, one call a turn, in haystack order): before a session's
turns are saved, the texts their saves will embed (each turn's chunks and likely questions, as ``save_context``
derives them) are embedded in one call, which fills the embedder's cache, so the saves that follow read their
vectors from it instead of paying one model run per turn (``--no-warm`` turns this off; the batched vectors
match one-turn-a-call vectors within 1e-6, ``--check-warm``). Questions run in ``--workers`` processes, longest
haystack first, each with ONNX Runtime on its share of the cores.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import gzip
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import sys
import time
from collections import Counter
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp import __version__
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import Limits
from contextlamp.domain.embedding import embed_queries
from contextlamp.domain.folding import embedding_texts
from contextlamp.domain.rules import DEFAULT_AUTO_SUPERSEDE_THRESHOLD
from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.retrieval.search import ScopedStore, collect_signals
from contextlamp.storage import StoreRegistry
from contextlamp.storage.sqlite.schema import MIGRATIONS

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import (
    StepClock,
    add_variant_argument,
    bench_embedder,
    fold_ids,
    fresh_service,
    ids_with,
    parse_ks,
    previous_ids,
)

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


WARM_TEXTS = 512  # texts embedded per warming call: half the ONNX embedder's cache (CACHE_SIZE 1024)


def save_texts(service: MemoryService, content: str) -> list[str]:
    """The texts ``save_context(caller, content)`` embeds for new content (its chunks, then its likely
    questions), derived as ``Saver.prepare`` and ``store_all`` do for a save with no topic, kind or type."""
    text = content.strip()
    return embedding_texts(text, service.questions.generate(text, None, "note", "fact"))[0]


def warm_runs(service: MemoryService, contents: Sequence[str]) -> list[tuple[int, list[str]]]:
    """``contents`` cut into consecutive runs whose saves embed at most ``WARM_TEXTS`` distinct texts (a turn
    over it runs alone): per run, its length in turns and those texts, so that one ``embed`` of them leaves
    every vector the run's saves ask for in the embedder's cache (size 1024)."""
    runs: list[tuple[int, list[str]]] = []
    count, texts = 0, dict[str, None]()
    for content in contents:
        own = save_texts(service, content)
        if count and len(texts) + len(own) > WARM_TEXTS:
            runs.append((count, list(texts)))
            count, texts = 0, {}
        count += 1
        texts.update(dict.fromkeys(own))
    if count:
        runs.append((count, list(texts)))
    return runs


BUILD_FORMAT = 1  # bump when what a kept store holds, or how build.json records it, changes
BUILD_FILE = "build.json"  # written last: a question directory without it is an unfinished build


class StaleStoreError(RuntimeError):
    """A kept store was built with other settings than this run's (``--keep-stores``); the message names them."""


def build_settings(question: Question, embedder: Embedder) -> dict[str, Any]:
    """What a kept store's build depends on, recorded in its ``build.json`` and compared before reuse: the bench
    format, the embedder's identity and dimension, a SHA-256 of the question's turns (content, keys, session
    ids and times), contextlamp's version, the SQLite schema's migration count, the input limits and the
    auto-supersession threshold. The retrieval settings (``FusionWeights``) are not in it: they apply at query
    time, which is what re-querying a kept store is for."""
    digest = hashlib.sha256()
    for turn in question.turns:
        digest.update(json.dumps([turn.key, turn.session_id, turn.content, turn.session_ms]).encode("utf-8"))
    return {
        "format": BUILD_FORMAT,
        "embedder": embedder.identity,
        "dim": embedder.dim,
        "question": question.question_id,
        "turns_sha256": digest.hexdigest(),
        "contextlamp": __version__,
        "sqlite_migrations": len(MIGRATIONS),
        "limits": Limits().model_dump(mode="json"),  # the bench's services take the defaults
        "auto_supersede_threshold": DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
    }


def store_dir(keep: Path, question_id: str) -> Path:
    """``keep/<question id>``, the id's characters outside ``[A-Za-z0-9._-]`` replaced by ``_``."""
    return keep / (re.sub(r"[^A-Za-z0-9._-]", "_", question_id) or "_")


def _save_haystack(
    question: Question,
    service: MemoryService,
    caller: Caller,
    clock: StepClock,
    embedder: Embedder,
    skips: Counter[str],
    warm_cache: bool,
) -> dict[str, list[Turn]]:
    """Save every turn with ``save_context`` in haystack order under its session's clock; returns the turns each
    saved memory id holds (identical content dedupes to one memory)."""
    turns_of: dict[str, list[Turn]] = {}
    fitted = [fit_content(turn.content, service.limits.max_content_bytes) for turn in question.turns]
    runs = warm_runs(service, [c for c, _ in fitted]) if warm_cache else [(len(fitted), [])]
    position = 0
    for count, texts in runs:
        if texts:
            embedder.embed(texts)  # fills the cache the saves below read
        for turn, (content, cut) in zip(
            question.turns[position : position + count], fitted[position : position + count], strict=True
        ):
            clock.base = turn.session_ms or 0
            skips["truncated"] += int(cut)
            try:
                saved = service.save_context(caller, content)
            except (InvalidArgumentError, SecretDetectedError) as exc:
                skips["secret" if isinstance(exc, SecretDetectedError) else "invalid"] += 1
                where = f"{question.question_id} {turn.session_id}#{turn.key[1]}"
                print(f"{where}: not saved ({exc})", file=sys.stderr)
                continue
            turns_of.setdefault(saved.id, []).append(turn)
        position += count
    return turns_of


@contextlib.contextmanager
def question_store(
    question: Question,
    embedder: Embedder,
    skips: Counter[str],
    warm_cache: bool = True,
    keep: Path | None = None,
) -> Iterator[tuple[MemoryService, Caller, StepClock, dict[str, list[Turn]]]]:
    """The question's store, its service, caller and clock, and the turns each memory id holds.

    Without ``keep``: a fresh temporary store, built and removed afterwards. With ``keep``: the store kept in
    ``store_dir(keep, id)``; built there when absent (a directory without ``build.json``, an unfinished build,
    is built again), reused when its ``build.json`` records this run's ``build_settings``.

    Raises:
        StaleStoreError: the kept store was built with other settings (the message names them and the directory).
    """
    clock = StepClock()
    if keep is None:
        with fresh_service("longmemeval-", embedder, clock) as (service, caller):
            turns_of = _save_haystack(question, service, caller, clock, embedder, skips, warm_cache)
            service.indexer.wait()  # every write-behind vector folded in before the question: same store every run
            yield service, caller, clock, turns_of
        return
    where = store_dir(keep, question.question_id)
    record_path = where / BUILD_FILE
    built = json.loads(record_path.read_text(encoding="utf-8")) if record_path.is_file() else None
    if built is None and where.exists():
        shutil.rmtree(where)  # an unfinished build
    wanted = build_settings(question, embedder)
    if built is not None and built["settings"] != wanted:  # checked before anything opens the store
        differ = sorted(k for k in {*wanted, *built["settings"]} if wanted.get(k) != built["settings"].get(k))
        raise StaleStoreError(
            f"{where} was built with other settings ({', '.join(differ)} differ): remove it or use another "
            "--keep-stores directory"
        )
    where.mkdir(parents=True, exist_ok=True)
    registry = StoreRegistry(where / "data", embedder.identity, embedder.dim)
    try:
        service = MemoryService(registry, embedder, clock=clock)
        caller = Caller(service.principal("bench"), "bench")
        if built is None:
            own: Counter[str] = Counter()  # this question's skips, recorded for the runs that reuse the store
            turns_of = _save_haystack(question, service, caller, clock, embedder, own, warm_cache)
            built = {
                "settings": wanted,
                "turns_of": {i: [t.key for t in ts] for i, ts in turns_of.items()},
                "skips": dict(own),
            }
            partial = record_path.with_suffix(".tmp")
            partial.write_text(json.dumps(built), encoding="utf-8")
            partial.replace(record_path)
        service.indexer.wait()  # the build's (or a reopened store's) pending vectors, before the question
        skips.update(built.get("skips", {}))
        by_key = {t.key: t for t in question.turns}
        turns_of = {i: [by_key[(s, t)] for s, t in keys] for i, keys in built["turns_of"].items()}
        yield service, caller, clock, turns_of
    finally:
        registry.close()


def run_question(
    question: Question,
    embedder: Embedder,
    ks: Sequence[int],
    skips: Counter[str],
    warm_cache: bool = True,
    keep: Path | None = None,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
) -> tuple[dict[str, Any], float]:
    """Save the question's haystack into a store (or reuse the one kept in ``keep``), then ask the question
    every way: ``METHODS``, then each of ``variants`` (name -> changes to the service's ``FusionWeights``,
    ``ids_with``), all from the same store.

    Returns ``{"type": str, "turn"|"session": {method: {"recall_any@k"|"recall_all@k": 0/1}} or None}`` (None
    when the level has no evidence) and the seconds spent inside ``get_context``. ``skips`` counts
    ``secret``, ``invalid`` and ``truncated`` turns.
    """
    depth = max(ks)
    with question_store(question, embedder, skips, warm_cache, keep) as (service, caller, clock, turns_of):
        principal = caller.principal
        registry = service.registry
        clock.base = question.date_ms or 0
        text = question.text[: service.limits.max_query_chars]
        start = time.perf_counter()
        packs = service.get_context(caller, text, max_results=depth).packs
        seconds = time.perf_counter() - start
        previous = previous_ids(service, caller, text, depth)
        extra = {name: ids_with(service, caller, text, depth, **changes) for name, changes in (variants or {}).items()}
        stores = [ScopedStore(registry.store(principal.user_id), "personal", 0)]
        lists, _ = collect_signals(stores, text, embed_queries(embedder, [text])[0], depth, clock(), None)
    ranked = {
        "hybrid": [p.id for p in packs],
        "previous": previous,
        "keyword": lists.keyword,
        "semantic": lists.semantic,
        **extra,
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


def methods_of(records: Sequence[dict[str, Any]]) -> list[str]:
    """``METHODS``, then every ``--variant`` name the records hold, in first-seen order."""
    names = dict.fromkeys(METHODS)
    for record in records:
        for level in LEVELS:
            names.update(dict.fromkeys(record.get(level) or {}))
    return list(names)


def means(records: Sequence[dict[str, Any]], level: str, ks: Sequence[int]) -> dict[str, dict[str, float | None]]:
    """Mean of each metric per method over the records scored at ``level``; None when none are."""
    scored = [r[level] for r in records if r[level] is not None]
    return {
        m: {key: sum(s[m][key] for s in scored) / len(scored) if scored else None for key in metric_keys(ks)}
        for m in methods_of(records)
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
    methods = methods_of(records)
    n = summary["n_questions"]
    per_query = 1000 * query_seconds / n if n else 0.0
    for level in LEVELS:
        table = Table(title=f"LongMemEval {level}-level recall_any / recall_all ({n} questions)")
        table.add_column("question type")
        table.add_column("n", justify="right")
        for method in methods:
            for k in ks:
                table.add_column(f"{method} @{k}", justify="right")
        rows = [(t, [r for r in records if r["type"] == t], v[level]) for t, v in summary["by_type"].items()]
        for label, group, values in [*rows, ("overall", list(records), summary[level])]:
            count = sum(1 for r in group if r[level] is not None)
            cells = [
                "-"
                if values.get(m, {}).get(f"recall_any@{k}") is None
                else f"{values[m][f'recall_any@{k}']:.3f} / {values[m][f'recall_all@{k}']:.3f}"
                for m in methods
                for k in ks
            ]
            table.add_row(label, str(count), *cells)
        if level == LEVELS[-1]:
            table.caption = f"total {seconds:.1f} s; get_context {per_query:.1f} ms/query"
        console.print(table)


_WORKER: dict[str, Any] = {}  # one worker process's embedder and options (``_start_worker``)


def _start_worker(
    embedder_name: str,
    threads: int,
    ks: Sequence[int],
    warm_cache: bool,
    keep: Path | None = None,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    prefixes: str | None = None,
) -> None:
    """A worker process's initialiser: its own embedder, with ONNX Runtime on ``threads`` intra-op threads."""
    from contextlamp.embedding import onnx

    onnx.ORT_THREADS = threads  # read when the model loads (OnnxSession), i.e. at this worker's first embed
    _WORKER.update(
        embedder=bench_embedder(embedder_name, prefixes), ks=ks, warm=warm_cache, keep=keep, variants=variants
    )


def _worker_question(question: Question) -> tuple[dict[str, Any], float, float, Counter[str]]:
    """Run one question in a worker: its record, get_context seconds, wall seconds and skip counts."""
    skips: Counter[str] = Counter()
    began = time.perf_counter()
    record, seconds = run_question(
        question, _WORKER["embedder"], _WORKER["ks"], skips, _WORKER["warm"], _WORKER["keep"], _WORKER["variants"]
    )
    return record, seconds, time.perf_counter() - began, skips


def check_warm(data: Path, embedder: Embedder, questions: int = 2, turns: int = 200) -> float:
    """The largest absolute difference between a turn's save texts embedded alone (one call a turn, as an
    unwarmed save does) and the same texts embedded in warming runs, over the first ``turns`` turns of the
    first ``questions`` questions; the bench's claim is that it stays within 1e-6."""
    import numpy as np

    worst = 0.0
    for question in load_questions(data)[:questions]:
        with fresh_service("longmemeval-check-", embedder) as (service, _):
            contents = [t.content for t in question.turns[:turns]]
            alone = {
                text: vector
                for c in contents
                for text, vector in zip(save_texts(service, c), _fresh(embedder, save_texts(service, c)), strict=True)
            }
            for _, texts in warm_runs(service, contents):
                for text, vector in zip(texts, _fresh(embedder, texts), strict=True):
                    worst = max(worst, float(np.max(np.abs(vector - alone[text]))))
    return worst


def _fresh(embedder: Embedder, texts: list[str]) -> Any:
    """``embedder.embed(texts)`` computed by the model (after the model's passage prefix, if any), not read from
    the embedder's cache."""
    session = getattr(embedder, "wait_loaded", None)
    if session is None:
        return embedder.embed(texts)
    prefix = str(getattr(getattr(embedder, "model", None), "passage_prefix", ""))
    return session().embed([prefix + t for t in texts])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the report goes to stdout (and ``--json``), progress to stderr. Returns 2, with the
    reason on stderr, when a ``--keep-stores`` store was built with other settings."""
    try:
        return _run(argv)
    except StaleStoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _run(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(description="LongMemEval turn- and session-level retrieval benchmark")
    parser.add_argument("--data", type=Path, required=True, help="LongMemEval-format JSON file (.json or .json.gz)")
    parser.add_argument("--k", type=parse_ks, default=[1, 5, 10], help="comma-separated k values (default 1,5,10)")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N questions (after --types)")
    parser.add_argument(
        "--types", default=None, help="comma-separated question types to run (e.g. multi-session,temporal-reasoning)"
    )
    parser.add_argument("--json", type=Path, default=None, help="write the summary as JSON to this file")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="questions run in this many processes, each with its own model on cores/workers threads (default: "
        "2, or 1 on one core)",
    )
    parser.add_argument(
        "--no-warm", action="store_true", help="embed one turn a call inside save_context (slower; same figures)"
    )
    parser.add_argument(
        "--check-warm", action="store_true", help="print the largest difference of warmed vectors and exit"
    )
    parser.add_argument(
        "--records", type=Path, default=None, help="append each question's record to this JSON-lines file as it ends"
    )
    parser.add_argument(
        "--summarise", type=Path, default=None, help="print the tables of a --records file (of a run cut short)"
    )
    parser.add_argument(
        "--keep-stores",
        type=Path,
        default=None,
        help="build each question's store into DIR/<question id> when absent and reuse it when present (a store "
        "built with other settings is refused)",
    )
    parser.add_argument(
        "--built-only",
        action="store_true",
        help="with --keep-stores: run only the questions whose store is already built (while a build runs)",
    )
    parser.add_argument(
        "--prefixes",
        default=None,
        help="'PASSAGE|QUERY': constant prefixes before stored texts and queries (a shipped ONNX --embedder)",
    )
    parser.add_argument(
        "--fold", default=None, help="only this fold's questions (research/bench/data/retrieval_folds.json)"
    )
    add_variant_argument(parser, METHODS)
    args = parser.parse_args(argv)
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    if args.summarise is not None:
        done = [json.loads(line) for line in args.summarise.read_text(encoding="utf-8").splitlines() if line.strip()]
        if args.fold is not None:
            in_fold = fold_ids("longmemeval", args.fold)
            done = [r for r in done if r.get("id") in in_fold]
        print_report(done, summarise(done, args.k), args.k, sum(r.get("seconds", 0.0) for r in done), 0.0)
        return 0
    if args.check_warm:
        worst = check_warm(args.data, create_embedder(args.embedder))
        print(f"largest |warmed - alone| over the vectors compared: {worst:.3g}")
        return 0
    started = time.perf_counter()
    questions = load_questions(args.data)
    if args.fold is not None:
        wanted_ids = fold_ids("longmemeval", args.fold)
        questions = [q for q in questions if q.question_id in wanted_ids]
    if args.types is not None:
        wanted = {t.strip() for t in args.types.split(",") if t.strip()}
        questions = [q for q in questions if q.question_type in wanted]
    questions = questions[: args.limit]
    if args.built_only and args.keep_stores is not None:
        questions = [q for q in questions if (store_dir(args.keep_stores, q.question_id) / BUILD_FILE).is_file()]
    workers = max(1, min(args.workers, len(questions) or 1))
    threads = max(1, (os.cpu_count() or 1) // workers)
    total_turns = sum(len(q.turns) for q in questions)
    print(
        f"{len(questions)} questions, {total_turns} turns, {workers} worker(s) x {threads} thread(s)", file=sys.stderr
    )
    records: list[dict[str, Any]] = []
    query_seconds = 0.0
    skips: Counter[str] = Counter()
    done_turns = 0

    def finished(i: int, question: Question, record: dict[str, Any], seconds: float, took: float) -> None:
        nonlocal query_seconds, done_turns
        records.append({**record, "id": question.question_id})
        query_seconds += seconds
        done_turns += len(question.turns)
        elapsed = time.perf_counter() - started
        left = elapsed * (total_turns - done_turns) / max(done_turns, 1)
        print(
            f"  [{i}/{len(questions)}] {question.question_id} ({question.question_type}) {took:.1f} s "
            f"(get_context {1000 * seconds:.0f} ms); {elapsed:.0f} s so far, ~{left:.0f} s left",
            file=sys.stderr,
        )
        if args.records is not None:
            with args.records.open("a", encoding="utf-8") as out:
                out.write(json.dumps({**record, "id": question.question_id, "seconds": took}) + "\n")

    def announce(i: int, question: Question) -> None:
        sessions = len({t.key[0] for t in question.turns})
        print(
            f"[{i}/{len(questions)}] {question.question_id}: {sessions} sessions, {len(question.turns)} turns",
            file=sys.stderr,
        )

    if workers == 1:  # in this process, in file order
        embedder = bench_embedder(args.embedder, args.prefixes)
        for i, question in enumerate(questions, 1):
            announce(i, question)
            began = time.perf_counter()
            record, seconds = run_question(
                question, embedder, args.k, skips, not args.no_warm, args.keep_stores, variants
            )
            finished(i, question, record, seconds, time.perf_counter() - began)
    else:  # longest haystack first, so the last to finish is a short one; the parent holds no model
        order = sorted(questions, key=lambda q: -len(q.turns))
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        with concurrent.futures.ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context(method),
            initializer=_start_worker,
            initargs=(args.embedder, threads, args.k, not args.no_warm, args.keep_stores, variants, args.prefixes),
        ) as pool:
            futures = {pool.submit(_worker_question, q): q for q in order}
            for i, future in enumerate(concurrent.futures.as_completed(futures), 1):
                question = futures[future]
                record, seconds, took, counts = future.result()
                skips.update(counts)
                announce(i, question)
                finished(i, question, record, seconds, took)
    print(
        f"turns not saved: {skips['secret']} with a secret, {skips['invalid']} invalid; "
        f"{skips['truncated']} truncated to the content limit",
        file=sys.stderr,
    )
    position = {q.question_id: n for n, q in enumerate(questions)}
    records.sort(key=lambda r: position[r["id"]])  # file order, whatever order the workers finished in
    for record in records:
        del record["id"]
    summary = summarise(records, args.k)
    print_report(records, summary, args.k, time.perf_counter() - started, query_seconds)
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
