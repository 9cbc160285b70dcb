"""Secrets through the paths that write: how many of the generated corpus's credentials reach the disk.

For one half of research/bench/secret_corpus.py (``--half tuning`` or ``held-out``), every credential row (formats,
evasions, stated credentials) is written through each path a user or a client takes, each path into its own
fresh data directory (a service over SQLite files and the fake embedder):

- ``save_context``: the row's text saved as a memory (a refusal stores nothing);
- ``save_session``: the rows as one transcript's user turns (the MCP tool, the hooks' detached saves and
  imported conversations all end in this call);
- ``import``: the rows as observations of an mcp-memory JSON Lines file (``contextlamp import --from
  mcp-memory``, through ``app/importing.Importer``).

A row counts as *stored* by a path when its secret, or its normalised evaded form, is in any byte of any file of
that path's data directory afterwards (SQLite pages, WAL and indexes included) — what a user could find on disk.
Ordinary sentences go through ``save_context`` too: a refusal there is a false refusal.

Run: ``python -m research secret_paths --half held-out``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.table import Table

from contextlamp.app.importing import Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.errors import SecretDetectedError
from contextlamp.storage import StoreRegistry

sys.path.insert(0, str(Path(__file__).resolve().parent))
import secret_corpus
import secret_corpus_fresh
import secret_corpus_held3
import secret_corpus_held4
import secret_corpus_held5
import secret_corpus_held6
import secret_corpus_held7
import secret_corpus_held8
import secret_corpus_s9

SESSION_TURNS = 40  # rows a transcript


def _disk(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file())


_EVADE = (
    dict(secret_corpus.EVASIONS)
    | dict(secret_corpus_fresh.FRESH_EVASIONS)
    | dict(secret_corpus_held3.HELD3_EVASIONS)
    | dict(secret_corpus_held4.HELD4_EVASIONS)
    | dict(secret_corpus_held5.HELD5_EVASIONS)
    | dict(secret_corpus_held6.HELD6_EVASIONS)
    | dict(secret_corpus_s9.S9_EVASIONS)
    | dict(secret_corpus_held7.HELD7_EVASIONS)
    | dict(secret_corpus_held8.HELD8_EVASIONS)
)


def _stored(disk: bytes, row: secret_corpus.Row) -> bool:
    """The secret, or for an evasion row its evaded form as written, is in the bytes."""
    forms = [row.secret]
    if row.group == "evasion":
        forms.append(_EVADE[row.kind.removeprefix("evasion: ")](row.secret))
    return any(form.encode() in disk for form in forms)


def _service(home: Path) -> tuple[MemoryService, Caller, StoreRegistry]:
    embedder = FakeEmbedder()
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    return service, Caller(service.principal("bench"), "bench"), registry


def run(rows: list[secret_corpus.Row]) -> dict[str, Counter[str]]:
    """Per path, per group: rows and rows stored (``"<group>"`` and ``"<group> stored"``); prose false
    refusals under ``save_context``."""
    credentials = [r for r in rows if r.group != "prose"]
    out: dict[str, Counter[str]] = {"save_context": Counter(), "save_session": Counter(), "import": Counter()}
    with tempfile.TemporaryDirectory(prefix="secret-paths-") as tmp:
        base = Path(tmp)
        for path in out:
            (base / path).mkdir()
        service, caller, registry = _service(base / "save_context")
        try:
            for row in rows:
                try:
                    service.save_context(caller, row.text)
                    refused = False
                except SecretDetectedError:
                    refused = True
                if row.group == "prose":
                    out["save_context"]["prose"] += 1
                    out["save_context"]["prose refused"] += refused
        finally:
            registry.close()
        disk = _disk(base / "save_context")
        for row in credentials:
            out["save_context"][row.group] += 1
            out["save_context"][f"{row.group} stored"] += _stored(disk, row)

        service, caller, registry = _service(base / "save_session")
        try:
            for i in range(0, len(credentials), SESSION_TURNS):
                chunk = credentials[i : i + SESSION_TURNS]
                transcript = json.dumps([{"role": "user", "content": r.text} for r in chunk], ensure_ascii=False)
                service.save_session(caller, transcript)
            service.wait_indexed()
        finally:
            registry.close()
        disk = _disk(base / "save_session")
        for row in credentials:
            out["save_session"][row.group] += 1
            out["save_session"][f"{row.group} stored"] += _stored(disk, row)

        service, caller, registry = _service(base / "import")
        try:
            lines = [
                json.dumps({"type": "entity", "name": f"note-{i}", "entityType": "note", "observations": [r.text]})
                for i, r in enumerate(credentials)
            ]
            source = base / "memory.jsonl"
            source.write_text("\n".join(lines) + "\n", encoding="utf-8")
            Importer(service, service.clock).run("mcp-memory", source, caller.principal)
            service.wait_indexed()
        finally:
            registry.close()
        source.unlink()
        disk = _disk(base / "import")
        for row in credentials:
            out["import"][row.group] += 1
            out["import"][f"{row.group} stored"] += _stored(disk, row)
    return out


def main() -> None:
    """Print, per path and group, the credentials stored on disk (target 0) and prose false refusals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=secret_corpus.HALVES, default="tuning")
    args = parser.parse_args()
    results = run(secret_corpus.half(args.half))
    table = Table(title=f"credentials on disk after each path ({args.half} half; target 0)")
    for column in ("path", "format", "evasion", "stated", "ordinary sentences refused"):
        table.add_column(column, justify="right" if column != "path" else "left")
    for path, counts in results.items():
        cells = [f"{counts[f'{g} stored']} of {counts[g]}" for g in ("format", "evasion", "stated")]
        prose = f"{counts['prose refused']} of {counts['prose']}" if counts["prose"] else ""
        table.add_row(path, *cells, prose)
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
