"""Stop 40's breaker: what ``get_context`` returns from a stdio server started in the repository, without
``project``, for questions memory can answer and for near misses it cannot (research/notes/breaker-stop40.md,
"Retrieval noise"). Uses the real model (``B40_EMBEDDER=minilm`` is set here) and the MCP client of the SDK.

``python research/scripts/breaker40_noise.py``
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("B40_EMBEDDER", "minilm")

from breaker40 import EXE, Scratch

FACTS = (
    "The ledger api listens on port 7311 in staging.",
    "Priya owns the invoice renderer.",
    "The payout scheduler runs every night at 02:15 UTC.",
    "We deploy the fraud scorer to eu-west-1 only.",
    "The webhook relay retries a delivery 6 times before giving up.",
    "Decision: all new services use Postgres 16, not MySQL.",
    "The search indexer reads its config from deploy/indexer.toml.",
    "Alerts for the billing worker go to #payments-oncall.",
    "I prefer squash merges for every pull request.",
    "The currency converter caches rates for 15 minutes.",
)
ANSWERABLE = (
    ("which port does the ledger api use in staging", "7311"),
    ("who owns the invoice renderer", "Priya"),
    ("when does the payout scheduler run", "02:15"),
    ("how many times does the webhook relay retry", "6 times"),
    ("which database do new services use", "Postgres 16"),
)
NEAR_MISSES = (
    "which port does the search indexer listen on",
    "who owns the fraud scorer",
    "when does the invoice renderer run",
    "what is the staging database password",
    "which region is the billing worker deployed in",
    "what is the timeout of the ledger api",
    "how do I rotate the TLS certificates",
    "what did we decide about Kafka",
)


async def ask(s: Scratch, queries: list[str]) -> list[list[dict[str, Any]]]:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=EXE, args=["serve"], env=s.env, cwd=str(s.repo))
    out: list[list[dict[str, Any]]] = []
    async with Client(params, read_timeout_seconds=300) as client:
        for query in queries:
            result = await client.call_tool("get_context", {"query": query})
            out.append(list((result.structured_content or {}).get("packs", [])))
    return out


def main() -> None:
    import anyio

    s = Scratch()
    for fact in FACTS:
        s.run("save", fact)
    queries = [q for q, _ in ANSWERABLE] + list(NEAR_MISSES)
    answers = anyio.run(ask, s, queries)
    for i, (query, packs) in enumerate(zip(queries, answers, strict=True)):
        expected = ANSWERABLE[i][1] if i < len(ANSWERABLE) else None
        top = packs[0] if packs else {}
        hit = expected is not None and any(expected in str(p.get("text", "")) for p in packs[:5])
        tag = "answerable" if expected else "near miss "
        shown = "; ".join(
            f"{str(p.get('text', ''))[:48]!r}@{p.get('score', p.get('relevance', '?'))}" for p in packs[:3]
        )
        print(f"{tag} packs={len(packs)} hit={hit if expected else '-'} {query!r}\n    {shown}")
        del top


if __name__ == "__main__":
    main()
