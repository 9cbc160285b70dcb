"""False refusals on real conversations: the user and assistant turns of LongMemEval-S and LoCoMo that
``save_context``'s scanner would refuse.

Every non-blank turn of the LongMemEval-S development sample (Wu et al., ICLR 2025, arXiv 2410.10813; each
haystack session once, by ``haystack_session_ids``) and of the LoCoMo development conversations (Maharana et al.,
ACL 2024, arXiv 2402.17753; each ``session_<n>`` of each sample) goes through ``SecretScanner.kinds``, the call
``save_context`` makes on its content (app/validate.py ``refuse_secrets``; the redaction-only rules, key
material, do not refuse and are not counted). None of these turns is a credential a
person typed to be kept secret: every refusal is a false refusal (a reader may still judge one; the snippets say
enough for that).

Split, fixed before any result was read: a conversation (a LongMemEval haystack session id, a LoCoMo
``<sample_id>/<session key>``) is in the held-out half when the first byte of the SHA-256 of its id is odd,
else in the tuning half. Tune on ``--half tuning``; read ``--half held-out`` only to report.

Output per half: turns scanned, turns refused, refusals per rule kind, and (``--show``) each refused turn as a
snippet around the finding with the found span masked (its first two characters and its length; a value is
never printed in full).

Run: ``nice -n 10 python -m research secret_false_refusals --half tuning --show``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from contextlamp.domain.secret_scan import SecretScanner

DATA_CANDIDATES = (
    Path(__file__).resolve().parents[3] / "shared" / "data",
    Path("/work/shared/data"),
)
HALVES = ("tuning", "held-out")


@dataclass(frozen=True)
class Turn:
    """One dialog turn: its source (``longmemeval``/``locomo``), conversation id, role and text."""

    source: str
    conversation: str
    role: str
    text: str


def half_of(conversation: str) -> str:
    """``"held-out"`` when the first byte of SHA-256(conversation id) is odd, else ``"tuning"``."""
    return "held-out" if hashlib.sha256(conversation.encode()).digest()[0] & 1 else "tuning"


def longmemeval_turns(path: Path) -> Iterator[Turn]:
    """Each haystack session of a LongMemEval-format file once, its non-blank turns in order."""
    raw = path.read_bytes()
    items = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    seen: set[str] = set()
    for item in items:
        for sid, session in zip(item["haystack_session_ids"], item["haystack_sessions"], strict=True):
            if sid in seen:
                continue
            seen.add(sid)
            for turn in session:
                if str(turn.get("content", "")).strip():
                    yield Turn("longmemeval", str(sid), str(turn["role"]), str(turn["content"]))


def locomo_turns(path: Path) -> Iterator[Turn]:
    """Each dialog turn of a LoCoMo-format file (layout: shared/data/locomo/README.md)."""
    samples: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    for sample in samples:
        conversation: dict[str, Any] = sample["conversation"]
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                for turn in cast(list[dict[str, Any]], turns):
                    if str(turn.get("text", "")).strip():
                        yield Turn("locomo", f"{sample['sample_id']}/{key}", str(turn["speaker"]), str(turn["text"]))


def masked_snippet(text: str, start: int, end: int, width: int = 60) -> str:
    """``width`` characters either side of ``text[start:end]``, the span shown as its first two characters and
    its length only, on one line."""
    span = text[start:end]
    shown = f"⟦{span[:2]}…{len(span)}⟧"
    left = text[max(0, start - width) : start]
    right = text[end : end + width]
    return " ".join(f"{left}{shown}{right}".split())


def main() -> None:
    """Print the false refusals of one half (or both) of the real-conversation turns."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--half", choices=(*HALVES, "both"), default="tuning")
    parser.add_argument("--data", type=Path, default=next((p for p in DATA_CANDIDATES if p.is_dir()), None))
    parser.add_argument("--show", action="store_true", help="print each refused turn as a masked snippet")
    args = parser.parse_args()
    if args.data is None:
        parser.error("no shared/data folder found; pass --data")
    halves = HALVES if args.half == "both" else (args.half,)
    scanner = SecretScanner()
    turns = [
        *longmemeval_turns(args.data / "longmemeval" / "longmemeval_s_dev.json.gz"),
        *locomo_turns(args.data / "locomo" / "locomo_dev.json"),
    ]
    for half in halves:
        scanned: Counter[str] = Counter()
        refused: Counter[str] = Counter()
        by_kind: Counter[str] = Counter()
        shown: list[str] = []
        for turn in turns:
            if half_of(turn.conversation) != half:
                continue
            scanned[turn.source] += 1
            kinds = scanner.kinds(turn.text)
            if not kinds:
                continue
            refused[turn.source] += 1
            by_kind.update(kinds)
            if args.show:
                f = next(x for x in scanner.findings(turn.text) if x.kind in kinds)
                named = ", ".join(kinds)
                shown.append(f"  [{turn.source} {turn.role}] {named}: {masked_snippet(turn.text, f.start, f.end)}")
        total = sum(refused.values())
        print(f"{half}: {total} of {sum(scanned.values())} turns refused", end="")
        print(" (" + ", ".join(f"{s} {refused[s]} of {scanned[s]}" for s in sorted(scanned)) + ")")
        for kind, n in by_kind.most_common():
            print(f"  {n:4d}  {kind}")
        for line in shown:
            print(line)


if __name__ == "__main__":
    main()
