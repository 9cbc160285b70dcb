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

Speed: a session's turns are stored with one call of the product's batch save path (``Saver.prepare`` per turn,
the checks ``save_context`` makes, then ``Saver.store_all``, as ``save_session`` stores its items: one embedding
call a session, dedupe, supersession and write-behind indexing as for single saves; ``--per-turn`` saves one turn
a ``save_context`` call instead). Model runs are read from a disk cache of vectors (``--vector-cache``,
research/bench/vector_cache.py: a vector is a function of its text), so only the first run pays for the model.
Questions run in ``--workers`` processes, longest haystack first, each with ONNX Runtime on its share of the
cores. ``--keep-stores DIR`` keeps each built store and re-asks it while nothing its build ran has changed
(``build_settings``: the indexing code's digest among them), for ranking experiments.
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
from contextlamp.domain.embedding import bulk_work, embed_queries
from contextlamp.domain.freshness import DEFAULT_AUTO_SUPERSEDE_THRESHOLD
from contextlamp.embedding import EMBEDDERS, NEW_DATA_EMBEDDER, Embedder
from contextlamp.embedding.onnx import SHIPPED, OnnxMiniLMEmbedder
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
from vector_cache import DiskCachedSession, cached_embedder, default_directory

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


BUILD_FORMAT = 2  # bump when what a kept store holds, or how build.json records it, changes
BUILD_FILE = "build.json"  # written last: a question directory without it is an unfinished build
SOURCE = Path(__import__("contextlamp").__file__).resolve().parent
# the product modules that act only when a question is asked (ranking), left out of ``indexing_digest``: a change
# of them re-ranks a kept store, which is what keeping it is for
QUERY_TIME = frozenset(
    {
        "retrieval/search.py",
        "retrieval/evidence.py",  # the relevance floor and the match scale, split from search.py in stop 39
        "retrieval/hits.py",
        "retrieval/dates.py",
        "retrieval/chunks.py",  # which chunk a pack shows (the stored chunks are segmenting.py's)
        "retrieval/fusion.py",
        "retrieval/weights.py",
        "retrieval/answers.py",  # answer or restatement (stop 46), read at query time only
        "retrieval/spread.py",  # questions that gather (stop 46, neigh49), read at query time only
        "app/reading.py",
    }
)


def indexing_digest(source: Path = SOURCE) -> str:
    """SHA-256 (hex) over the path and bytes of every ``.py`` file of the product package except ``QUERY_TIME``:
    the code a store's build runs (saving, chunking, likely questions, folding, storage, secret refusal), so a
    kept store built by other code is rebuilt, whatever the version number says."""
    digest = hashlib.sha256()
    for path in sorted(source.rglob("*.py")):
        name = path.relative_to(source).as_posix()
        if name not in QUERY_TIME:
            digest.update(name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class StaleStoreError(RuntimeError):
    """A kept store was built with other settings than this run's (``--keep-stores``); the message names them."""


def build_settings(question: Question, embedder: Embedder, per_turn: bool = False) -> dict[str, Any]:
    """What a kept store's build depends on, recorded in its ``build.json`` and compared before reuse: the bench
    format, the embedder's identity and dimension, a SHA-256 of the question's turns (content, keys, session
    ids and times), contextlamp's version and ``indexing_digest``, the SQLite schema's migration count, the input
    limits, the auto-supersession threshold and the ingest path (batch or per turn). The retrieval settings
    (``FusionWeights``) and ranking code are not in it: they apply at query time, which is what re-querying a kept
    store is for."""
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
        "indexing_code": indexing_digest(),
        "sqlite_migrations": len(MIGRATIONS),
        "limits": Limits().model_dump(mode="json"),  # the bench's services take the defaults
        "auto_supersede_threshold": DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
        "ingest": "per turn" if per_turn else "batch",
    }


def store_dir(keep: Path, question_id: str) -> Path:
    """``keep/<question id>``, the id's characters outside ``[A-Za-z0-9._-]`` replaced by ``_``."""
    return keep / (re.sub(r"[^A-Za-z0-9._-]", "_", question_id) or "_")


def haystack_sessions(turns: Sequence[Turn]) -> list[list[Turn]]:
    """``turns`` cut into runs of consecutive turns of one haystack session (the same session position)."""
    runs: list[list[Turn]] = []
    for turn in turns:
        if runs and runs[-1][-1].key[0] == turn.key[0]:
            runs[-1].append(turn)
        else:
            runs.append([turn])
    return runs


def _save_haystack(
    question: Question,
    service: MemoryService,
    caller: Caller,
    clock: StepClock,
    skips: Counter[str],
    per_turn: bool = False,
) -> dict[str, list[Turn]]:
    """Save every turn in haystack order under its session's clock; returns the turns each saved memory id holds
    (identical content dedupes to one memory).

    Batch (the default): the product's batch save path, one call per haystack session, as ``save_session`` stores
    a session's items (``Saver.prepare`` checks each turn as ``save_context`` does, secret refusal included, then
    ``Saver.store_all`` stores the session's turns in order with one embedding call: dedupe, supersession and the
    write-behind index as for single saves). ``per_turn``: one ``save_context`` a turn (the slower path)."""
    turns_of: dict[str, list[Turn]] = {}
    saver = service.saver
    for session in haystack_sessions(question.turns):
        clock.base = session[0].session_ms or 0
        prepared: list[tuple[Turn, Any]] = []
        store: Any = None
        for turn in session:
            content, cut = fit_content(turn.content, service.limits.max_content_bytes)
            skips["truncated"] += int(cut)
            try:
                if per_turn:
                    turns_of.setdefault(service.save_context(caller, content).id, []).append(turn)
                    continue
                store, entry = saver.prepare(caller, content, None, None, None, None, None, None, None)
            except (InvalidArgumentError, SecretDetectedError) as exc:
                skips["secret" if isinstance(exc, SecretDetectedError) else "invalid"] += 1
                where = f"{question.question_id} {turn.session_id}#{turn.key[1]}"
                print(f"{where}: not saved ({exc})", file=sys.stderr)
                continue
            prepared.append((turn, entry))
        if not prepared:
            continue
        with bulk_work():
            results = saver.store_all(store, [e for _, e in prepared], [frozenset[str]()] * len(prepared))
        for (turn, _), result in zip(prepared, results, strict=True):
            turns_of.setdefault(result.id, []).append(turn)
    return turns_of


@contextlib.contextmanager
def question_store(
    question: Question,
    embedder: Embedder,
    skips: Counter[str],
    per_turn: bool = False,
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
            turns_of = _save_haystack(question, service, caller, clock, skips, per_turn)
            service.indexer.wait()  # every write-behind vector folded in before the question: same store every run
            yield service, caller, clock, turns_of
        return
    where = store_dir(keep, question.question_id)
    record_path = where / BUILD_FILE
    built = json.loads(record_path.read_text(encoding="utf-8")) if record_path.is_file() else None
    if built is None and where.exists():
        shutil.rmtree(where)  # an unfinished build
    wanted = build_settings(question, embedder, per_turn)
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
            turns_of = _save_haystack(question, service, caller, clock, own, per_turn)
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
    per_turn: bool = False,
    keep: Path | None = None,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
) -> tuple[dict[str, Any], float]:
    """Save the question's haystack into a store (or reuse the one kept in ``keep``), then ask the question
    every way: ``METHODS``, then each of ``variants`` (name -> changes to the service's ``FusionWeights``,
    ``ids_with``), all from the same store.

    Returns ``{"type": str, "question": id, "turn"|"session": {method: {"recall_any@k"|"recall_all@k": 0/1}} or
    None}`` (None when the level has no evidence) and the seconds spent inside ``get_context``. ``skips`` counts
    ``secret``, ``invalid`` and ``truncated`` turns.
    """
    depth = max(ks)
    with question_store(question, embedder, skips, per_turn, keep) as (service, caller, clock, turns_of):
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
    record: dict[str, Any] = {"type": question.question_type, "question": question.question_id}
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


DEFAULT_VECTORS = default_directory()


def make_embedder(name: str, prefixes: str | None = None, vectors: Path | None = None) -> Embedder:
    """``bench_embedder(name, prefixes)``; with ``vectors`` (a directory) and a shipped ONNX model without
    ``--prefixes``, the same embedder whose model runs are read from and recorded in a disk cache there
    (``vector_cache.cached_embedder``: a vector is a function of its text, so a re-run embeds only new texts)."""
    if vectors is not None and prefixes is None and name in SHIPPED and not SHIPPED[name].extra:
        return cached_embedder(name, vectors)
    return bench_embedder(name, prefixes)


def cache_counts(embedder: Embedder) -> Counter[str]:
    """How many texts the embedder's disk vector cache has read back (``cache_read``) and sent to the model
    (``model_runs``) so far (``vector_cache.DiskCachedSession``, its process's totals); empty for an embedder
    without the cache. A run's summary prints them, so a cold run (the model's time) is told from a warm one."""
    if not isinstance(embedder, OnnxMiniLMEmbedder):
        return Counter()
    session = embedder.wait_loaded()
    if not isinstance(session, DiskCachedSession):
        return Counter()
    return Counter(cache_read=session.hits, model_runs=session.misses)


_WORKER: dict[str, Any] = {}  # one worker process's embedder and options (``_start_worker``)


def _start_worker(
    embedder_name: str,
    threads: int,
    ks: Sequence[int],
    per_turn: bool,
    keep: Path | None = None,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    prefixes: str | None = None,
    vectors: Path | None = None,
) -> None:
    """A worker process's initialiser: its own embedder (``make_embedder``), with ONNX Runtime on ``threads``
    intra-op threads."""
    from contextlamp.embedding import runtime

    runtime.ORT_THREADS = threads  # read when the model loads (runtime.ort_session), at this worker's first embed
    _WORKER.update(
        embedder=make_embedder(embedder_name, prefixes, vectors), ks=ks, per_turn=per_turn, keep=keep, variants=variants
    )


def _worker_question(question: Question) -> tuple[dict[str, Any], float, float, Counter[str]]:
    """Run one question in a worker: its record, get_context seconds, wall seconds and skip counts."""
    skips: Counter[str] = Counter()
    began = time.perf_counter()
    before = cache_counts(_WORKER["embedder"])
    record, seconds = run_question(
        question, _WORKER["embedder"], _WORKER["ks"], skips, _WORKER["per_turn"], _WORKER["keep"], _WORKER["variants"]
    )
    skips.update(cache_counts(_WORKER["embedder"]) - before)
    return record, seconds, time.perf_counter() - began, skips


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
    parser.add_argument(
        "--embedder",
        choices=EMBEDDERS,
        default=NEW_DATA_EMBEDDER,
        help=f"the model (default {NEW_DATA_EMBEDDER}, the one a new data directory gets)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="questions run in this many processes, each with its own model on cores/workers threads (default: "
        "2, or 1 on one core)",
    )
    parser.add_argument(
        "--vector-cache",
        type=Path,
        default=DEFAULT_VECTORS,
        help=f"directory of the disk cache of model vectors (default {DEFAULT_VECTORS}; vector_cache.py)",
    )
    parser.add_argument("--no-vector-cache", action="store_true", help="run the model on every text")
    parser.add_argument(
        "--per-turn",
        action="store_true",
        help="save one turn a save_context call (slower) instead of a session a batch",
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
    parser.add_argument("--ids", default=None, help="comma-separated question ids to run (after --fold)")
    add_variant_argument(parser, METHODS)
    args = parser.parse_args(argv)
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    if args.no_vector_cache:
        args.vector_cache = None
    if args.summarise is not None:
        done = [json.loads(line) for line in args.summarise.read_text(encoding="utf-8").splitlines() if line.strip()]
        if args.fold is not None:
            in_fold = fold_ids("longmemeval", args.fold)
            done = [r for r in done if r.get("id") in in_fold]
        print_report(done, summarise(done, args.k), args.k, sum(r.get("seconds", 0.0) for r in done), 0.0)
        return 0
    started = time.perf_counter()
    questions = load_questions(args.data)
    if args.fold is not None:
        wanted_ids = fold_ids("longmemeval", args.fold)
        questions = [q for q in questions if q.question_id in wanted_ids]
    if args.ids is not None:
        named = {i.strip() for i in args.ids.split(",") if i.strip()}
        questions = [q for q in questions if q.question_id in named]
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
        embedder = make_embedder(args.embedder, args.prefixes, args.vector_cache)
        for i, question in enumerate(questions, 1):
            announce(i, question)
            began = time.perf_counter()
            before = cache_counts(embedder)
            record, seconds = run_question(question, embedder, args.k, skips, args.per_turn, args.keep_stores, variants)
            skips.update(cache_counts(embedder) - before)
            finished(i, question, record, seconds, time.perf_counter() - began)
    else:  # longest haystack first, so the last to finish is a short one; the parent holds no model
        order = sorted(questions, key=lambda q: -len(q.turns))
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        with concurrent.futures.ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context(method),
            initializer=_start_worker,
            initargs=(
                args.embedder,
                threads,
                args.k,
                args.per_turn,
                args.keep_stores,
                variants,
                args.prefixes,
                args.vector_cache,
            ),
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
    if args.vector_cache is not None:
        print(
            f"vector cache: {skips['cache_read']} texts read back, {skips['model_runs']} run through the model",
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
