"""How save_session's time grows with the transcript's size: seconds per MiB at 0.25, 0.5, 1 and 2 MiB, with the
pipeline's stages broken down.

    python -m research distill_scale [--sizes 0.25,0.5,1,2] [--embedder minilm|minilm-torch|fake] [--seed 7]

Transcripts are synthetic but shaped like real coding sessions (seeded, reproducible): user turns mixing
chatter, questions, facts, decisions, instructions, preferences, tasks, restatements of earlier statements
(verbatim and reworded), corrections ("Correction: X, not Y"), pasted stack traces and code; assistant turns
of explanation with code blocks and offers, some of them proposals the user accepts. About a third of the
bytes are the user's. Every size is a longer run of the same generator, so the mix is the same at each size.

Each size is one ``save_session`` call on a fresh store, timed end to end, with its stages timed in the same
call: ``redact`` (the secret scanner over the whole transcript, secret_scan.py), ``parse``
(parse_transcript), the offline distiller's ``segment`` (sentence splitting), ``classify`` (cue rules) and
``resolve`` (restatements and corrections), ``item scan`` (the secret scan of the kept items, in ranking
and at save), ``embed`` (the embedder, kept items and their questions only) and ``other`` (the rest:
ranking, questions, store writes, digest). The last columns are the time per MiB and its ratio to the
smallest size's time per MiB in the same run: about 1 at every size means linear; a quadratic stage
doubles it with every doubling of size. Issue 12's target: 2 MiB answered within 60 s on 2 cores.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import offline
from contextlamp.distill.base import DistilledItem
from contextlamp.distill.transcript import Turn, parse_transcript
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import EMBEDDERS, Embedder, Vectors, create_embedder
from contextlamp.storage import StoreRegistry

MIB = 1024 * 1024
DEFAULT_SIZES = (0.25, 0.5, 1.0, 2.0)
TARGET_S_FOR_2_MIB = 60.0  # issue 12

SERVICES = ["billing", "ledger", "search", "ingest", "auth", "payments", "notifications", "reporting", "export"]
PARTS = ["API", "worker", "database", "queue", "cache", "cron job", "dashboard", "gateway", "scheduler"]
TECH = ["PostgreSQL", "MySQL", "Redis", "Kafka", "RabbitMQ", "SQLite", "ClickHouse", "Elasticsearch", "S3"]
TOOLS = ["ruff", "pytest", "mypy", "eslint", "prettier", "cargo clippy", "go vet", "terraform fmt", "pnpm audit"]
PLACES = ["Frankfurt", "Dublin", "Virginia", "Tokyo", "Sydney", "Paris", "Stockholm", "Oregon", "Singapore"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
CHATTER = ["thanks!", "ok, got it", "hmm, let me think", "great, that works", "cool", "perfect, thank you", "hi!"]
QUESTIONS = [
    "Why does the {s} {p} time out after {n} seconds?",
    "Can you check why the {s} {p} is slow today?",
    "What is the difference between {t} and {t2} here?",
]
ASSISTANT = [
    "The {s} {p} reads its settings at start-up, so a change needs a restart. "
    "I've updated the config and added a retry with backoff. Would you like me to run the tests?",
    "Here is the change for the {s} {p}:\n```python\ndef handler(event):\n    for row in event['rows']:\n"
    "        process(row, retries={n})\n    return len(event['rows'])\n```\nLet me know if you need anything else.",
    "That error comes from the connection pool: with {n} workers and a pool of 10, requests wait for a free "
    "connection. Raising the pool size or lowering the worker count fixes it. I hope this helps.",
]
TRACEBACK = (
    'Here is the error:\n```\nTraceback (most recent call last):\n  File "app/{s}.py", line {n}, in run\n'
    "    conn = pool.get(timeout=5)\nTimeoutError: pool exhausted\n```"
)


@dataclass
class Generator:
    """A seeded source of user and assistant turns; it remembers its statements to restate and correct them."""

    rng: random.Random
    said: list[str] = field(default_factory=lambda: [])
    facts: list[tuple[str, str]] = field(default_factory=lambda: [])  # (subject, "tech version") said
    counter: int = 0

    def _fill(self, template: str) -> str:
        r = self.rng
        self.counter += 1
        t, t2 = r.sample(TECH, 2)
        return template.format(
            s=r.choice(SERVICES), p=r.choice(PARTS), t=t, t2=t2, tool=r.choice(TOOLS), place=r.choice(PLACES),
            day=r.choice(DAYS), n=r.randint(2, 900), v=r.randint(5, 17), k=self.counter,
        )  # fmt: skip

    def statement(self) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.35:
            where, tech = self._fill("the {s} {p}"), self._fill("{t} {v}")
            text = _capitalise(self._fill(f"{where} runs on {tech} in {{place}}, cluster {{k}}."))
            self.facts.append((where, tech))
        elif kind < 0.5:
            text = self._fill("We decided to move the {s} {p} from {t} to {t2} in sprint {k}.")
        elif kind < 0.62:
            text = self._fill("Always run {tool} before merging changes to the {s} {p} (rule {k}).")
        elif kind < 0.72:
            text = self._fill("I prefer {t} over {t2} for the {s} {p} because of incident {k}.")
        elif kind < 0.84:
            text = self._fill("I need to rotate the {s} {p} certificates by {day}, ticket {k}.")
        elif kind < 0.92 and self.said:
            return r.choice(["So, as I said: ", "Again, ", ""]) + r.choice(self.said)  # a restatement
        elif self.facts:
            where, old = r.choice(self.facts)  # a fact said before, now corrected
            new = r.choice([t for t in TECH if not old.startswith(t)])
            return (
                r.choice(["Correction: ", "Actually, ", "Wait, no, "])
                + f"{where} runs on {new} {r.randint(5, 17)}, not {old}."
            )
        else:
            text = self._fill("Our {s} team deploys on {day}s from {place}.")
        self.said.append(text)
        return text

    def user_turn(self) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.2:
            return r.choice(CHATTER)
        if kind < 0.3:
            return self._fill(r.choice(QUESTIONS))
        if kind < 0.35:
            return self._fill(TRACEBACK)
        return " ".join(self.statement() for _ in range(r.randint(1, 3)))

    def assistant_turn(self) -> str:
        return " ".join(self._fill(self.rng.choice(ASSISTANT)) for _ in range(self.rng.randint(1, 3)))


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def transcript(size_bytes: int, seed: int = 7) -> str:
    """A ``User:`` / ``Assistant:`` transcript of about ``size_bytes`` UTF-8 bytes (never more); one in ten
    assistant turns is a proposal the user's next turn accepts."""
    gen = Generator(random.Random(seed))
    parts: list[str] = []
    total = 0
    while True:
        if gen.rng.random() < 0.1:
            pair = gen._fill("Assistant: Should we add a {tool} step to the {s} {p} pipeline?\nUser: Yes, do it.\n")
        else:
            pair = f"User: {gen.user_turn()}\nAssistant: {gen.assistant_turn()}\n"
        size = len(pair.encode("utf-8"))
        if total + size > size_bytes:
            return "".join(parts)
        parts.append(pair)
        total += size


# -- timing wrappers: each records the seconds spent in its calls ---------------------------------------------


@dataclass
class Stages:
    """Seconds per stage of one save_session call, and its counts."""

    seconds: dict[str, float] = field(default_factory=lambda: {})
    counts: dict[str, int] = field(default_factory=lambda: {})

    def add(self, stage: str, seconds: float) -> None:
        self.seconds[stage] = self.seconds.get(stage, 0.0) + seconds


class TimedScanner(SecretScanner):
    """The secret scanner, timing ``redact`` (the transcript) and ``kinds`` (items and arguments)."""

    def __init__(self, stages: Stages) -> None:
        self.stages = stages
        self.redacted = ""  # the last redacted text, to time parse_transcript on what save_session parsed
        self.redacting = False

    def redact(self, text: str) -> str:
        start = time.perf_counter()
        self.redacting = True  # redact may call kinds: that time is redact's
        try:
            self.redacted = super().redact(text)
        finally:
            self.redacting = False
        self.stages.add("redact", time.perf_counter() - start)
        return self.redacted

    def kinds(self, text: str) -> list[str]:
        start = time.perf_counter()
        try:
            return super().kinds(text)
        finally:
            if not self.redacting:
                self.stages.add("item scan", time.perf_counter() - start)


class TimedDistiller:
    """The offline distiller's stages, each timed (``distill`` does the same three calls)."""

    def __init__(self, stages: Stages) -> None:
        self.stages = stages

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        if not turns:
            return []
        start = time.perf_counter()
        language = offline.session_language(turns)
        units = offline.segment(turns, language)
        split = time.perf_counter()
        found = offline.candidates(units, language)
        classified = time.perf_counter()
        items = offline.resolve(found)
        done = time.perf_counter()
        self.stages.add("segment", split - start)
        self.stages.add("classify", classified - split)
        self.stages.add("resolve", done - classified)
        self.stages.counts.update(turns=len(turns), candidates=len(found), items=len(items))
        return items


class TimedEmbedder:
    """An embedder whose ``embed`` calls are timed."""

    def __init__(self, inner: Embedder, stages: Stages) -> None:
        self.inner = inner
        self.stages = stages
        self.identity = inner.identity
        self.dim = inner.dim
        self.similarity_floor = inner.similarity_floor
        self.evidence_similarity = inner.evidence_similarity

    def embed(self, texts: list[str]) -> Vectors:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.stages.add("embed", time.perf_counter() - start)


@dataclass(frozen=True)
class Row:
    """One size's figures."""

    mib: float
    stages: Stages
    total_s: float
    kept: int
    left_out: int


STAGE_COLUMNS = ("redact", "parse", "segment", "classify", "resolve", "item scan", "embed", "other")


def run_size(mib: float, embedder: Embedder, seed: int) -> Row:
    """One save_session of a ``mib`` MiB transcript on a fresh store, with its stages timed."""
    text = transcript(int(mib * MIB), seed)
    stages = Stages()
    scanner = TimedScanner(stages)
    with tempfile.TemporaryDirectory(prefix="clp-distill-scale-") as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        try:
            service = MemoryService(
                registry, TimedEmbedder(embedder, stages), scanner=scanner, distiller=TimedDistiller(stages)
            )
            caller = Caller(service.principal("bench"), "bench")
            start = time.perf_counter()
            result = service.save_session(caller, text)
            total = time.perf_counter() - start
        finally:
            registry.close()
    start = time.perf_counter()  # save_session parses inside; the same parse again, timed on its own
    parse_transcript(scanner.redacted)
    stages.add("parse", time.perf_counter() - start)
    stages.add("other", max(0.0, total - sum(stages.seconds.values())))
    return Row(mib, stages, total, result.total, result.left_out)


def report(rows: Sequence[Row], console: Console) -> None:
    """The table: counts, seconds per stage, total, seconds per MiB and its ratio to the smallest size's."""
    table = Table(title="save_session time by transcript size (one call per size, stages of that call)")
    for name in ("MiB", "turns", "candidates", "items", "kept", "left out", *STAGE_COLUMNS, "total s", "s/MiB"):
        table.add_column(name, justify="right")
    table.add_column("s/MiB vs smallest", justify="right")
    base = rows[0].total_s / rows[0].mib if rows else 1.0
    for row in rows:
        counts = row.stages.counts
        per_mib = row.total_s / row.mib
        table.add_row(
            f"{row.mib:g}",
            str(counts.get("turns", 0)),
            str(counts.get("candidates", 0)),
            str(counts.get("items", 0)),
            str(row.kept),
            str(row.left_out),
            *(f"{row.stages.seconds.get(stage, 0.0):.2f}" for stage in STAGE_COLUMNS),
            f"{row.total_s:.2f}",
            f"{per_mib:.2f}",
            f"{per_mib / base:.2f}x",
        )
    console.print(table)
    largest = max(rows, key=lambda r: r.mib)
    console.print(
        f"largest: {largest.mib:g} MiB in {largest.total_s:.1f} s "
        f"(issue 12 target for 2 MiB: {TARGET_S_FOR_2_MIB:.0f} s); "
        f"without redact: {largest.total_s - largest.stages.seconds.get('redact', 0.0):.1f} s"
    )


def _sizes(text: str) -> list[float]:
    try:
        sizes = sorted({float(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"sizes must be MiB numbers such as 0.25,1, got {text!r}") from exc
    if not sizes or sizes[0] <= 0 or sizes[-1] > 2:
        raise argparse.ArgumentTypeError(f"sizes must be in (0, 2] MiB (the transcript limit), got {text!r}")
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (0)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=_sizes, default=list(DEFAULT_SIZES), help="MiB, comma-separated")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    embedder = create_embedder(args.embedder)
    embedder.embed(["warm-up"])  # the model loads on first use: not part of any size's time
    console = Console(width=200)
    rows = [run_size(mib, embedder, args.seed) for mib in args.sizes]
    report(rows, console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
