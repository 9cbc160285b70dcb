"""Turn-level retrieval benchmark on LoCoMo: recall@k of hybrid, keyword-only and semantic-only search.

LoCoMo: Maharana et al., "Evaluating Very Long-Term Conversational Memory of LLM Agents", ACL 2024
(arXiv 2402.17753). Protocol of /work/shared/data/locomo/README.md: one memory per dialog turn
(``"<speaker>: <text>"`` plus ``" [shared a photo: <caption>]"``), one store per conversation, each question
a ``get_context`` query against its own conversation; recall@k = |evidence ∩ top-k| / |evidence|, averaged
over questions (the paper's R@k). Keyword-only and semantic-only rankings are the service's own signal
lists (``collect_signals``) for the same question; "previous" is ``get_context`` with neighbour context off
(the default before it, docs/retrieval.md) and "radius1" with one neighbour each side instead of
``neighbour_radius`` (the default before it), both from the same stores. ``--questions tuning|held-out`` keeps one
question-level fold (``question_fold``, stop 39's held-out third), ``--records`` writes each question's recall, and
model vectors come from the disk cache of ``vector_cache.py`` (``--vector-cache``). Run with ``--help`` for options.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.domain.embedding import embed_queries
from contextlamp.embedding import EMBEDDERS, Embedder
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.retrieval.query import asks_for_recent
from contextlamp.retrieval.search import ScopedStore, collect_signals

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
from vector_cache import cached_embedder, default_directory

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
METHODS = ("hybrid", "radius1", "previous", "keyword", "semantic")
_SESSION = re.compile(r"session_(\d+)")
_PAIR = re.compile(r"D\W*?(\d+)(?:\s*[:.]\s*|\s+)(\d+)|D\W*?(\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class Turn:
    """One dialog turn: canonical ``D<s>:<t>`` id, memory content, session start (ms since epoch, or None)."""

    dia_id: str
    content: str
    session_ms: int | None


@dataclass(frozen=True)
class Question:
    """A scored question: text, canonical evidence ids (non-empty, each naming a turn), category number."""

    text: str
    evidence: tuple[str, ...]
    category: int


QUESTION_FOLDS = ("tuning", "held-out")
HELD_OUT_SHARE = 3  # one question in three is held out (question_fold)
DEFAULT_VECTORS = default_directory()  # the benches' one default (vector_cache.py)


def question_fold(sample_id: str, text: str) -> str:
    """The question-level fold of a question (stop 39, issue #32): ``"held-out"`` when the 64-bit BLAKE2b digest of
    ``"<sample_id>\t<question text>"`` is divisible by ``HELD_OUT_SHARE`` (about a third of each conversation's
    questions, every category), else ``"tuning"``. Every LoCoMo dev conversation was read as a whole by earlier
    rounds, so a fold of conversations could not be fresh; a fold of questions, fixed by this rule before any
    tuning (research/bench/data/retrieval_folds.json), is one whose questions no rule was tuned on."""
    digest = hashlib.blake2b(f"{sample_id}\t{text}".encode(), digest_size=8).digest()
    return "held-out" if int.from_bytes(digest, "big") % HELD_OUT_SHARE == 0 else "tuning"


@dataclass(frozen=True)
class Conversation:
    """One LoCoMo sample: its turns in order and its scorable questions."""

    sample_id: str
    turns: list[Turn]
    questions: list[Question]


def canonical_id(raw: str) -> str:
    """``"D01:05"`` -> ``"D1:5"``; a string that is not one well-formed id is returned unchanged."""
    match = re.fullmatch(r"\s*D(\d+):(\d+)\s*", raw, re.IGNORECASE)
    return f"D{int(match[1])}:{int(match[2])}" if match else raw


def normalise_evidence(raw: Any, known: Collection[str]) -> list[str]:
    """Canonical evidence ids (``D<s>:<t>``, no duplicates, in order) that name a turn in ``known``.

    Fixes the forms seen in the data: several ids in one string (``"D8:6; D9:17"``), a stray colon
    (``"D:11:26"``), a space or dot for the colon (``"D1 3"``), leading zeros; a bare ``"D13"`` is kept
    only when exactly one split of its digits (``D1:3``) names a turn. Ids naming no turn are dropped.
    """
    items = [raw] if isinstance(raw, str) else list(raw) if isinstance(raw, list) else []
    out: list[str] = []
    for item in (i for i in items if isinstance(i, str)):
        for match in _PAIR.finditer(item):
            if match[3] is None:
                candidates = [f"D{int(match[1])}:{int(match[2])}"]
            else:
                digits = match[3]
                splits = [f"D{int(digits[:i])}:{int(digits[i:])}" for i in range(1, len(digits))]
                candidates = [c for c in splits if c in known]
            if len(candidates) == 1 and candidates[0] in known and candidates[0] not in out:
                out.append(candidates[0])
    return out


def session_keys(conversation: dict[str, Any]) -> list[str]:
    """The ``session_<n>`` keys whose value is a list of turns, in numeric order of ``n``."""
    keys = [k for k, v in conversation.items() if _SESSION.fullmatch(k) and isinstance(v, list)]
    return sorted(keys, key=lambda k: int(k.split("_")[1]))


def parse_session_time(text: Any) -> int | None:
    """``"1:56 pm on 8 May, 2023"`` -> ms since the Unix epoch (read as UTC); None when unparseable."""
    try:
        parsed = datetime.strptime(" ".join(str(text).split()), "%I:%M %p on %d %B, %Y")
    except ValueError:
        return None
    return int(parsed.replace(tzinfo=UTC).timestamp() * 1000)


def turn_content(turn: dict[str, Any]) -> str:
    """The memory text of a turn: ``"<speaker>: <text>"`` plus ``" [shared a photo: <caption>]"``."""
    content = f"{turn.get('speaker', '')}: {turn.get('text', '')}"
    caption = turn.get("blip_caption")
    return f"{content} [shared a photo: {caption}]" if caption else content


def load_conversations(path: Path) -> list[Conversation]:
    """Parse a LoCoMo-format JSON file; questions with no valid evidence (or blank text) are left out."""
    conversations: list[Conversation] = []
    for sample in json.loads(path.read_text(encoding="utf-8")):
        conv = sample["conversation"]
        turns: list[Turn] = []
        for key in session_keys(conv):
            when = parse_session_time(conv.get(f"{key}_date_time"))
            turns += [Turn(canonical_id(str(t["dia_id"])), turn_content(t), when) for t in conv[key]]
        known = {t.dia_id for t in turns}
        questions: list[Question] = []
        for qa in sample.get("qa", []):
            evidence = normalise_evidence(qa.get("evidence", []), known)
            text = str(qa.get("question", "")).strip()
            if evidence and text:
                questions.append(Question(text, tuple(evidence), int(qa["category"])))
        conversations.append(Conversation(str(sample.get("sample_id", len(conversations))), turns, questions))
    return conversations


def recall_at(evidence: Collection[str], ranked: Sequence[Collection[str]], k: int) -> float:
    """|evidence ∩ dia ids of the top k results| / |evidence|; ``ranked`` holds each result's dia ids."""
    found = {d for result in ranked[:k] for d in result}
    return len(set(evidence) & found) / len(set(evidence))


def run_conversation(
    conv: Conversation,
    embedder: Embedder,
    ks: Sequence[int],
    variants: Mapping[str, Mapping[str, Any]] | None = None,
) -> tuple[list[dict[str, Any]], float]:
    """Save every turn into a fresh store, then ask each question every way: ``METHODS``, then each of
    ``variants`` (name -> changes to the service's ``FusionWeights``, ``ids_with``), from the same store.

    Returns one record per question ``{"category": int, method: {k: recall}}`` and the seconds spent inside
    ``get_context`` calls.
    """
    depth, clock = max(ks), StepClock()
    with fresh_service("locomo-", embedder, clock) as (service, caller):
        principal = caller.principal
        registry = service.registry
        dia_of: dict[str, list[str]] = {}
        for turn in conv.turns:
            clock.base = turn.session_ms or 0
            try:
                saved = service.save_context(caller, turn.content)
            except (InvalidArgumentError, SecretDetectedError) as exc:
                print(f"{conv.sample_id} {turn.dia_id}: not saved ({exc})", file=sys.stderr)
                continue
            dia_of.setdefault(saved.id, []).append(turn.dia_id)
        service.indexer.wait()  # every write-behind vector folded in before a question: same store every run
        stores = [ScopedStore(registry.store(principal.user_id), "personal", 0)]
        records: list[dict[str, Any]] = []
        query_seconds = 0.0
        for question in conv.questions:
            start = time.perf_counter()
            packs = service.get_context(caller, question.text, max_results=depth).packs
            query_seconds += time.perf_counter() - start
            vector = embed_queries(embedder, [question.text])[0]
            lists, _ = collect_signals(stores, question.text, vector, depth, clock(), None)
            ranked = {
                "hybrid": [p.id for p in packs],
                "radius1": ids_with(service, caller, question.text, depth, neighbour_radius=1),
                "previous": previous_ids(service, caller, question.text, depth),
                "keyword": lists.keyword,
                "semantic": lists.semantic,
                **{
                    name: ids_with(service, caller, question.text, depth, **changes)
                    for name, changes in (variants or {}).items()
                },
            }
            record: dict[str, Any] = {"category": question.category, "question": question.text}
            for method, ids in ranked.items():
                dias = [dia_of.get(i, []) for i in ids]
                record[method] = {k: recall_at(question.evidence, dias, k) for k in ks}
            records.append(record)
    return records, query_seconds


def methods_of(records: Sequence[dict[str, Any]]) -> list[str]:
    """``METHODS``, then every ``--variant`` name the records hold, in first-seen order."""
    names = dict.fromkeys(METHODS)
    for record in records:
        names.update(dict.fromkeys(k for k in record if k not in ("category", "question", "conversation")))
    return list(names)


def summarise(records: Sequence[dict[str, Any]], ks: Sequence[int]) -> dict[str, Any]:
    """The ``--json`` report: mean recall per method and k, overall and per category (keys as strings)."""

    methods = methods_of(records)

    def means(group: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
        return {m: {f"recall@{k}": sum(r[m][k] for r in group) / max(len(group), 1) for k in ks} for m in methods}

    categories = sorted({r["category"] for r in records})
    return {
        "n_questions": len(records),
        "overall": means(records),
        "by_category": {str(c): means([r for r in records if r["category"] == c]) for c in categories},
        "counts": {str(c): sum(1 for r in records if r["category"] == c) for c in categories},
    }


def print_report(summary: dict[str, Any], ks: Sequence[int], seconds: float, query_seconds: float) -> None:
    """Print the recall table (rows: categories and overall; columns: method x k) to stdout."""
    n = summary["n_questions"]
    methods = list(summary["overall"])
    table = Table(title=f"LoCoMo turn-level recall ({n} questions)")
    table.add_column("category")
    table.add_column("n", justify="right")
    for method in methods:
        for k in ks:
            table.add_column(f"{method} R@{k}", justify="right")
    rows = [(f"{c} {CATEGORIES.get(int(c), '?')}", summary["counts"][c], v) for c, v in summary["by_category"].items()]
    for label, count, values in [*rows, ("overall", n, summary["overall"])]:
        table.add_row(label, str(count), *(f"{values[m][f'recall@{k}']:.3f}" for m in methods for k in ks))
    per_query = 1000 * query_seconds / n if n else 0.0
    intent = summary.get("recency_intent", 0)
    table.caption = (
        f"total {seconds:.1f} s; get_context {per_query:.1f} ms/query; recency intent on {intent} of {n} questions"
    )
    Console(file=sys.stdout, width=max(240, 40 + 14 * len(methods) * len(ks))).print(table)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the report goes to stdout (and ``--json``), progress to stderr."""
    parser = argparse.ArgumentParser(description="LoCoMo turn-level retrieval benchmark")
    parser.add_argument("--data", type=Path, required=True, help="LoCoMo-format JSON file")
    parser.add_argument("--k", type=parse_ks, default=[5, 10], help="comma-separated k values (default 5,10)")
    parser.add_argument("--limit-conversations", type=int, default=None, help="use only the first N conversations")
    parser.add_argument("--json", type=Path, default=None, help="write the summary as JSON to this file")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument(
        "--prefixes",
        default=None,
        help="'PASSAGE|QUERY': constant prefixes before stored texts and queries (a shipped ONNX --embedder)",
    )
    parser.add_argument(
        "--fold", default=None, help="only this fold's conversations (research/bench/data/retrieval_folds.json)"
    )
    parser.add_argument(
        "--questions",
        choices=QUESTION_FOLDS,
        default=None,
        help="only the questions of this question-level fold (question_fold; default: every question)",
    )
    parser.add_argument(
        "--vector-cache",
        type=Path,
        default=DEFAULT_VECTORS,
        help=f"directory of the disk cache of model vectors (default {DEFAULT_VECTORS}; vector_cache.py)",
    )
    parser.add_argument("--no-vector-cache", action="store_true", help="run the model on every text")
    parser.add_argument("--records", type=Path, default=None, help="write every question's recall as JSON lines")
    add_variant_argument(parser, METHODS)
    args = parser.parse_args(argv)
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    started = time.perf_counter()
    conversations = load_conversations(args.data)
    if args.fold is not None:
        wanted = fold_ids("locomo", args.fold)
        conversations = [c for c in conversations if c.sample_id in wanted]
    conversations = conversations[: args.limit_conversations]
    if args.questions is not None:
        conversations = [
            Conversation(
                c.sample_id, c.turns, [q for q in c.questions if question_fold(c.sample_id, q.text) == args.questions]
            )
            for c in conversations
        ]
    cached = not args.no_vector_cache and args.prefixes is None and args.embedder in ("minilm", "minilm-int8")
    embedder = (
        cached_embedder(args.embedder, args.vector_cache) if cached else bench_embedder(args.embedder, args.prefixes)
    )
    records: list[dict[str, Any]] = []
    query_seconds = 0.0
    for conv in conversations:
        print(f"{conv.sample_id}: {len(conv.turns)} turns, {len(conv.questions)} questions", file=sys.stderr)
        conv_records, conv_seconds = run_conversation(conv, embedder, args.k, variants)
        records += [{"conversation": conv.sample_id, **r} for r in conv_records]
        query_seconds += conv_seconds
    if args.records is not None:
        with args.records.open("w", encoding="utf-8") as out:
            out.writelines(json.dumps(r) + "\n" for r in records)
    summary = summarise(records, args.k)
    summary["recency_intent"] = sum(asks_for_recent(q.text) for c in conversations for q in c.questions)
    print_report(summary, args.k, time.perf_counter() - started, query_seconds)
    if args.json is not None:
        report = {key: summary[key] for key in ("n_questions", "overall", "by_category")}
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
