"""Topic supersession of distilled items across sessions: does a later session's new value of the same subject
supersede the old one, and do different subjects that share words both stay current?

Data: ``research/bench/data/distill-topics.json``, pairs ``{a, b, same_subject}`` of statements from two sessions (``a``
said first). For each pair, on a fresh store: ``save_session("User: <a>")``, then ``save_session("User: <b>")``;
then every entry is read back with its history (``list_context(include_superseded=True)``). A pair with
``same_subject`` is right when an entry of the first session was superseded by one of the second; any other
pair is right when nothing of the first session was superseded.

Printed: the two error rates, **missed supersession** (same subject, old value still current: a stale fact kept)
and **false supersession** (different subjects, one fact lost), the same measured on the topic keys alone
(distill/topics.py ``subject_topic`` of the distilled items), and the pairs where a statement was not kept at
all. False supersession must stay 0: losing a fact is worse than keeping a stale one. ``--details`` lists every
wrong pair. Exit status 1 when a false supersession happened.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import OfflineDistiller, parse_transcript
from contextlamp.distill.topics import subject_topic
from contextlamp.embedding import EMBEDDERS, create_embedder
from contextlamp.storage import StoreRegistry

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "distill-topics.json"


def run_pair(pair: dict[str, Any], embedder: Any, rules_only: bool) -> dict[str, Any]:
    """Two sessions on a fresh store; what the first kept, what the second kept, and what was superseded."""
    with tempfile.TemporaryDirectory(prefix="topics-") as tmp:
        registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
        try:
            service = MemoryService(registry, embedder, distiller=OfflineDistiller() if rules_only else None)
            caller = Caller(service.principal("bench"), "bench")
            first = service.save_session(caller, f"User: {pair['a']}")
            first_ids = _learning_ids(service, caller, first.session_id)
            second = service.save_session(caller, f"User: {pair['b']}")
            second_ids = _learning_ids(service, caller, second.session_id)
            store = service.registry.store(caller.principal.user_id)
            entries = [store.get(i.id) for i in service.list_context(caller, 200, include_superseded=True).items]
        finally:
            registry.close()
    superseded = [e for e in entries if e is not None and e.id in first_ids and e.superseded_by in second_ids]
    return {
        "kept_a": bool(first_ids),
        "kept_b": bool(second_ids),
        "superseded": bool(superseded),
        "topics": [(e.content, e.topic) for e in entries if e is not None],
    }


def _learning_ids(service: MemoryService, caller: Caller, session_id: str | None) -> set[str]:
    """The ids of the entries a session kept (its learnings), empty when it kept nothing."""
    if session_id is None:
        return set()
    session = service.resume_session(caller, session_id=session_id).session
    return {learning.id for learning in session.learnings} if session is not None else set()


def topic_only(pair: dict[str, Any]) -> bool:
    """Whether the topic keys alone (rules distiller, then ``subject_topic``) say ``b`` supersedes ``a``."""
    distiller = OfflineDistiller()
    keys = []
    for text in (pair["a"], pair["b"]):
        items = distiller.distill(parse_transcript(f"User: {text}"))
        keys.append({subject_topic(i.content) for i in items} - {None})
    return bool(keys[0] & keys[1])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the pairs; the table goes to stdout."""
    parser = argparse.ArgumentParser(description="topic supersession of distilled items across sessions")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--rules-only", action="store_true", help="the offline distiller without its ranker")
    parser.add_argument("--details", action="store_true", help="list every wrong pair")
    args = parser.parse_args(argv)
    pairs = json.loads(args.data.read_text(encoding="utf-8"))["pairs"]
    embedder = create_embedder(args.embedder)
    console = Console(file=sys.stdout, width=200)
    same = [p for p in pairs if p["same_subject"]]
    different = [p for p in pairs if not p["same_subject"]]
    results = [run_pair(p, embedder, args.rules_only) for p in pairs]
    by_pair = list(zip(pairs, results, strict=True))
    missed = [(p, r) for p, r in by_pair if p["same_subject"] and not r["superseded"]]
    false = [(p, r) for p, r in by_pair if not p["same_subject"] and r["superseded"]]
    not_kept = [(p, r) for p, r in by_pair if not (r["kept_a"] and r["kept_b"])]
    key_missed = sum(1 for p in same if not topic_only(p))
    key_false = sum(1 for p in different if topic_only(p))
    table = Table(
        title=f"topic supersession across two sessions ({len(same)} same-subject, {len(different)} other pairs)"
    )
    for name in ("measured on", "missed supersession", "false supersession", "pairs with a statement not kept"):
        table.add_column(name, justify="right")
    table.add_row(
        "save_session, two sessions" + (" (rules only)" if args.rules_only else ""),
        f"{len(missed)}/{len(same)} = {len(missed) / len(same):.3f}",
        f"{len(false)}/{len(different)} = {len(false) / len(different):.3f}",
        str(len(not_kept)),
    )
    table.add_row(
        "topic keys alone",
        f"{key_missed}/{len(same)} = {key_missed / len(same):.3f}",
        f"{key_false}/{len(different)} = {key_false / len(different):.3f}",
        "-",
    )
    console.print(table)
    if args.details:
        for label, rows in (("missed", missed), ("FALSE", false), ("not kept", not_kept)):
            for p, r in rows:
                console.print(f"{label}: {p['a']!r} -> {p['b']!r}: {r['topics']}")
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main())
