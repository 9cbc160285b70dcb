"""A fixed set of stores and queries whose get_context packs are recorded once (tests/data/query_golden.json) and
compared on every run (tests/test_query_equivalence.py): the speed work on the query path (issue 17 point 3)
must return exactly the packs the code before it returned.

The stores: a personal store, a project store and a team store of seeded synthetic memories (several memory
types and kinds, topics that supersede, tasks that expire, updates worded as changes, long entries of several
chunks, bursts of saves minutes apart from two surfaces, forgotten entries), written through ``save_context``
with the deterministic hashing embedder and a settable clock. The queries: seeded questions over the same
vocabulary, with each argument of get_context varied. Ids are random, so packs are recorded by the ordinal of
their content; every other field of a pack (text, kind, type, surface, time, score, scope, topic, chunk,
attribution) is recorded as it is, the text as its SHA-256 prefix.

The embedder is ``TieFreeEmbedder`` (issue 29 point 15): the hashing embedder with a per-text component, so
no two entries are exactly as similar to a query and no CPU's rounding can reorder them.

Re-record only with code whose packs are known right (the speed work was checked against main before it; the
file was re-recorded with the tie-free embedder on the code that passed that check):

    PYTHONPATH=/work/main/src python -m tests.query_golden --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "data" / "query_golden.json"
START = 1_790_000_000_000
MINUTE = 60_000

PEOPLE = ["Alice", "Bob", "Carol", "The team", "Our CI", "The API", "The billing service", "Dana"]
VERBS = ["uses", "prefers", "deploys", "documents", "tests with", "moved to", "dropped", "switched to"]
THINGS = [
    "pnpm",
    "PostgreSQL 16",
    "Kubernetes",
    "GitHub Actions",
    "Redis",
    "Terraform",
    "Django",
    "React",
    "SQLite",
    "Grafana",
    "Rust",
    "TypeScript",
    "feature flags",
    "Sentry",
    "nightly backups",
    "blue green deploys",
]
DETAILS = [
    "since March",
    "for the billing service",
    "on Fridays",
    "after the outage",
    "in every repository",
    "because it is faster",
    "for staging only",
    "to cut costs",
    "per the security review",
    "by default",
]
TOPICS = ["package-manager", "deploy-target", "billing-db", "ci-runner", "error-tracking", "backup-schedule"]
ASKS = [
    "which package manager do we use?",
    "where do we deploy the API?",
    "what database does billing use?",
    "when do deploys happen?",
    "what did Alice decide about Redis?",
    "how is CI set up?",
    "what monitoring do we use?",
    "why did we drop Terraform?",
    "what is the latest on error tracking?",
    "what changed most recently?",
]


class Clock:
    """Settable ms clock; each read advances 1 ms (as tests/conftest.Clock)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        self.now += 1
        return self.now


class TieFreeEmbedder:
    """The hashing embedder (``FakeEmbedder``) with a small deterministic per-text component added: each text's
    own SHA-256 picks a direction and a weight of 0.05-0.15, then the row is normalised again.

    Why (issue 29 point 15): bags of hashed words make many entries exactly as similar to a query (the same
    overlap, the same norm); which of two exact ties ranks first was then decided by the last bit of a float32
    dot product, which differs between BLAS kernels (an AVX-512 host flipped a top-5 entry). With each text's
    own component, similarities differ by ~1e-3 where they used to tie: far above the ~1e-7 rounding of any
    kernel, so every x86 CPU ranks alike."""

    def __init__(self, dim: int = 64) -> None:
        from contextlamp.embedding.fake import FakeEmbedder

        self._base = FakeEmbedder(dim)

    @property
    def identity(self) -> str:
        return f"tie-free-{self._base.identity}"

    @property
    def dim(self) -> int:
        return self._base.dim

    @property
    def similarity_floor(self) -> float:
        return self._base.similarity_floor

    @property
    def evidence_similarity(self) -> float:
        return self._base.evidence_similarity

    @property
    def calls(self) -> int:
        return self._base.calls

    def embed(self, texts: list[str]) -> Any:
        import numpy as np

        out = self._base.embed(texts).astype(np.float64)
        for row, text in enumerate(texts):
            digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
            own = np.frombuffer(digest * (1 + 8 * self.dim // len(digest)), dtype=np.uint8)[: self.dim]
            direction = own.astype(np.float64) - 127.5
            direction /= float(np.linalg.norm(direction)) or 1.0
            out[row] += (0.05 + 0.1 * digest[0] / 255) * direction
            out[row] /= float(np.linalg.norm(out[row]))
        return out.astype(np.float32)


def sentence(rng: random.Random) -> str:
    return f"{rng.choice(PEOPLE)} {rng.choice(VERBS)} {rng.choice(THINGS)} {rng.choice(DETAILS)}."


def build(home: Path) -> tuple[Any, Any, dict[str, Any], Clock]:
    """Write the fixed stores under ``home``; returns the service, the caller, the callers by name and the
    clock."""
    from contextlamp.app.accounts import Accounts
    from contextlamp.app.indexing import Indexer
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.storage import StoreRegistry

    embedder = TieFreeEmbedder()
    clock = Clock()
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder, clock=clock, indexer=Indexer(embedder.embed, inline=True))
    callers = {
        name: Caller(service.principal(name), surface)
        for name, surface in (("alice", "claude-code"), ("bob", "cursor"), ("carol", "codex"))
    }
    accounts = Accounts(registry, clock)
    accounts.create_team("platform", "Platform team", "alice")
    accounts.add_member("platform", "bob", "member")
    accounts.add_member("platform", "carol", "member")
    rng = random.Random(1717)
    alice = callers["alice"]
    other = Caller(alice.principal, "cursor")
    saved: list[str] = []
    for i in range(260):
        clock.now += rng.choice([1, 2 * MINUTE, 5 * MINUTE, 20 * MINUTE, 45 * MINUTE, 6 * 60 * MINUTE])
        who = alice if rng.random() < 0.7 else other
        kind = rng.random()
        text = " ".join(sentence(rng) for _ in range(rng.choice([1, 1, 1, 2, 3])))
        if kind < 0.12:
            topic = rng.choice(TOPICS)
            service.save_context(who, f"{text} (#{i})", topic=topic)
        elif kind < 0.2:
            service.save_context(
                who, f"Finish moving {rng.choice(THINGS)} {rng.choice(DETAILS)} (#{i})", memory_type="task"
            )
        elif kind < 0.27:
            service.save_context(
                who, f"We now use {rng.choice(THINGS)} {rng.choice(DETAILS)} instead (#{i})", memory_type="fact"
            )
        elif kind < 0.31:
            long = " ".join(sentence(rng) for _ in range(60))
            service.save_context(who, f"{long} (#{i})", memory_type="fact")
        elif kind < 0.37:
            service.save_context(
                who, f"Always answer with {rng.choice(THINGS)} examples (#{i})", memory_type="instruction"
            )
        elif kind < 0.45:
            service.save_context(who, f"{text} (#{i})", project="atlas")
        elif kind < 0.52:
            service.save_context(callers[rng.choice(["alice", "bob", "carol"])], f"{text} (#{i})", team="platform")
        else:
            saved.append(service.save_context(who, f"{text} (#{i})").id)
        if i % 37 == 36 and saved:
            service.forget_context(alice, saved.pop(rng.randrange(len(saved))))
    clock.now += 3 * 24 * 60 * MINUTE  # some tasks expire (7 days), later saves are newer than all
    return service, alice, callers, clock


def queries() -> list[tuple[str, dict[str, Any]]]:
    """The fixed queries and the get_context arguments of each."""
    rng = random.Random(1718)
    variants: list[dict[str, Any]] = [
        {},
        {"max_results": 3},
        {"max_results": 20},
        {"memory_types": ["fact"]},
        {"memory_types": ["task", "instruction"]},
        {"recency": True},
        {"scope": "personal"},
        {"scope": "team"},
        {"project": "atlas"},
        {"max_chars": 400},
        {"verified_only": True},
    ]
    out: list[tuple[str, dict[str, Any]]] = []
    for ask in ASKS:
        for variant in variants:
            out.append((ask, variant))
    for _ in range(40):
        words = [rng.choice(THINGS), rng.choice(DETAILS), rng.choice(PEOPLE)]
        out.append((" ".join(rng.sample(words, rng.choice([1, 2, 3]))), rng.choice(variants)))
    return out


def record(service: Any, alice: Any) -> list[dict[str, Any]]:
    """Every fixed query's packs, ids replaced by their content's ordinal (``(#n)``), store ids in scopes by
    the store's kind."""
    stores = {"personal": alice.principal.user_id}
    stores.update((f"project:{p.id}", p.id) for p in service.projects(alice))
    stores.update((f"team:{t.id}", t.id) for t, _role in service.team_memberships(alice))
    rows: list[dict[str, Any]] = []
    for query, args in queries():
        result = service.get_context(alice, query, **args)
        packs = []
        for pack in result.packs:
            data = pack.model_dump(exclude_none=True)
            entry = service.registry.store(stores[pack.scope]).get(pack.id)
            data["id"] = entry.content.rsplit("(#", 1)[-1].rstrip(")") if entry is not None else "?"
            data["scope"] = pack.scope.split(":")[0]
            data["text"] = hashlib.sha256(pack.text.encode()).hexdigest()[:16]  # the file stays small
            data["ts"] = data["ts"] - START
            packs.append(data)
        rows.append({"query": query, "args": args, "packs": packs})
    return rows


def packs_now() -> list[dict[str, Any]]:
    """The packs of the fixed queries over freshly written fixed stores, with the code imported now."""
    import secrets

    seeded = random.Random(1719)
    real = secrets.token_bytes
    secrets.token_bytes = lambda n=32: seeded.randbytes(n)  # seeded ids: ties broken by id break alike each run
    try:
        with tempfile.TemporaryDirectory(prefix="query-golden-") as tmp:
            return _packs_in(Path(tmp))
    finally:
        secrets.token_bytes = real


def _packs_in(home: Path) -> list[dict[str, Any]]:
    service, alice, _callers, _clock = build(home)
    try:
        return record(service, alice)
    finally:
        service.registry.close()


if __name__ == "__main__":
    if "--write" not in sys.argv:
        raise SystemExit(__doc__)
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(packs_now(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
