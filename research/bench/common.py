"""Pieces the benchmark scripts share."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import Embedder
from contextlamp.retrieval.weights import FusionWeights
from contextlamp.storage import StoreRegistry


class StepClock:
    """A strictly increasing ms clock: each call returns max(last + 1, base); ``base`` is set per session,
    so saved memories carry their session's time and keep their order within it."""

    def __init__(self) -> None:
        self.base = 0
        self.last = 0

    def __call__(self) -> int:
        self.last = max(self.last + 1, self.base)
        return self.last


@contextmanager
def fresh_service(
    prefix: str, embedder: Embedder, clock: Callable[[], int] | None = None
) -> Iterator[tuple[MemoryService, Caller]]:
    """A MemoryService over a new temporary data directory, and the caller "bench"; removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        try:
            service = (
                MemoryService(registry, embedder) if clock is None else MemoryService(registry, embedder, clock=clock)
            )
            yield service, Caller(service.principal("bench"), "bench")
        finally:
            registry.close()


def previous_ids(service: MemoryService, caller: Caller, query: str, max_results: int) -> list[str]:
    """The pack ids ``get_context`` returned before neighbour context (docs/retrieval.md): the same call with
    the neighbour bonus off, so a benchmark prints the previous default next to the new one from one build."""
    return ids_with(service, caller, query, max_results, neighbours=0.0)


def ids_with(service: MemoryService, caller: Caller, query: str, max_results: int, **changes: Any) -> list[str]:
    """The pack ids ``get_context`` returns with ``changes`` to the service's ``FusionWeights`` (e.g.
    ``neighbour_radius=1``), the weights restored afterwards: two settings compared on one build."""
    weights = service.weights
    service.weights = replace(weights, **changes)
    try:
        return [p.id for p in service.get_context(caller, query, max_results=max_results).packs]
    finally:
        service.weights = weights


def parse_variant(text: str, reserved: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """``NAME=JSON`` (``--variant``) -> (name, changes to ``FusionWeights``); ``NAME=`` alone is the defaults.

    Raises:
        argparse.ArgumentTypeError: no ``=``, a name that is blank or in ``reserved`` (the bench's own methods),
            JSON that is not an object, or a key that is not a ``FusionWeights`` field (the message lists them).
    """
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not name or name in reserved:
        raise argparse.ArgumentTypeError(f"--variant takes NAME=JSON with a new name (not {', '.join(reserved)})")
    try:
        changes = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"--variant {name}: not JSON ({exc.msg})") from exc
    allowed = {f.name for f in fields(FusionWeights)}
    if not isinstance(changes, dict) or not set(changes) <= allowed:  # pyright: ignore[reportUnknownArgumentType]
        raise argparse.ArgumentTypeError(f"--variant {name}: a JSON object of FusionWeights fields {sorted(allowed)}")
    return name, dict(changes)  # pyright: ignore[reportUnknownArgumentType]


def add_variant_argument(parser: argparse.ArgumentParser, reserved: Sequence[str]) -> None:
    """Add the repeatable ``--variant NAME=JSON`` option (``parse_variant``; ``reserved``: the bench's own method
    names) to ``parser``: ``args.variant`` is a list of (name, changes to ``FusionWeights``)."""
    parser.add_argument(
        "--variant",
        type=lambda text: parse_variant(text, reserved),
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="also rank with these changes to FusionWeights, e.g. r1='{\"neighbour_radius\": 1}' (repeatable)",
    )


MAX_K = 50  # get_context's max_results upper bound (spec/TOOLS.md)


def parse_ks(text: str) -> list[int]:
    """``"1,5,10"`` -> ``[1, 5, 10]`` (sorted, unique, each 1..50), for argparse ``type=``."""
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"k values must be integers from 1 to {MAX_K}, got {text!r}") from exc
    if not ks or ks[0] < 1 or ks[-1] > MAX_K:
        raise argparse.ArgumentTypeError(f"k values must be integers from 1 to {MAX_K}, got {text!r}")
    return ks


def bench_embedder(name: str, prefixes: str | None = None) -> Embedder:
    """``create_embedder(name)``, or with ``prefixes`` (``"PASSAGE|QUERY"``, e.g. ``"passage: |query: "``) the
    shipped ONNX model ``name`` with those constant prefixes before every stored text and every query (its
    spec's ``passage_prefix`` / ``query_prefix``) under an identity of its own, so a kept store of the plain model
    is never reused for it (issue #32 item 3: prefixes measured end to end).

    Raises:
        SystemExit: ``prefixes`` has no ``|``, or ``name`` is not a shipped ONNX model.
    """
    from dataclasses import replace as changed

    from contextlamp.embedding import create_embedder
    from contextlamp.embedding.onnx import SHIPPED, OnnxMiniLMEmbedder

    if prefixes is None:
        return create_embedder(name)
    passage, bar, query = prefixes.partition("|")
    if not bar or name not in SHIPPED:
        print(f"--prefixes {prefixes!r} needs 'PASSAGE|QUERY' and a shipped ONNX model ({', '.join(SHIPPED)})")
        raise SystemExit(2)
    model = SHIPPED[name]
    tag = hashlib.blake2b(prefixes.encode(), digest_size=4).hexdigest()
    base, _, dim = model.identity.rpartition(":")
    spec = changed(model, identity=f"{base}-prefixed-{tag}:{dim}", passage_prefix=passage, query_prefix=query)
    return OnnxMiniLMEmbedder(model=spec)


FOLDS_FILE = Path(__file__).resolve().parent / "data" / "retrieval_folds.json"


def fold_ids(bench: str, fold: str, folds_file: Path = FOLDS_FILE) -> frozenset[str]:
    """The ids (LoCoMo ``sample_id``, LongMemEval ``question_id``) of fold ``fold`` of ``bench`` (``"locomo"`` or
    ``"longmemeval"``) in ``research/bench/data/retrieval_folds.json``, the retrieval benches' committed split of
    the development files (tuning / held-out / blind; issue #32 item 1).

    Raises:
        SystemExit: (status 2) no such fold in the file; the folds it has are printed to stderr.
    """
    folds: dict[str, Any] = json.loads(folds_file.read_text(encoding="utf-8"))[bench]
    names = [k for k, v in folds.items() if isinstance(v, list)]
    if fold not in names:
        print(f"--fold {fold!r}: {bench} has the folds {', '.join(names)}", file=sys.stderr)
        raise SystemExit(2)
    return frozenset(str(i) for i in folds[fold])


# -- the servers the benches start: the test suite's own runners, one copy of each -------------------------

sys.path.append(str(Path(__file__).resolve().parents[2]))  # the repository root, for tests/ when run as a script
from tests.postgres import PostgresServer  # noqa: E402
from tests.servers import MCP_HEADERS, HttpServer, free_port, initialize_body, run_server  # noqa: E402

__all__ = [
    "MCP_HEADERS",
    "HttpServer",
    "PostgresServer",
    "free_port",
    "initialize_body",
    "run_server",
]
