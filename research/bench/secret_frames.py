"""Credentials in unlisted wordings through every path that writes, hooks included (issue #28, stop 41).

Data: ``research/bench/data/secrets11-held/`` (held out: written before any change, read once at the end) and
``research/bench/data/secrets11-tuning/`` (the breaker's stop-40 instances and neighbours, tuned on). Each
credential case is a short conversation (``turns``: ``[role, text]``) whose ``secrets`` must reach no file: a
value whose noun is in an earlier turn, a credential named by what it does (sign in, unlock, login), a correction,
a spaced digit code, a hex/base64 value after a secret-like noun, a value split into shell variables, a credential
inside a ``data:`` URI. Each ordinary case is a conversation that must not be refused or redacted.

Paths, each into its own fresh data directory (SQLite files, the fake embedder):

- ``save_context``: each case's last user turn saved alone (the breaker's ``contextlamp save``); a refusal stores
  nothing;
- ``save_session``: the cases as one message-list transcript (the MCP tool's, imports' and the offline
  distiller's path), 20 cases a transcript, each case's turns in order;
- ``hooks``: each case as one Claude Code session (the case's turns, then an ordinary fact), saved in this
  process exactly as the detached hook worker saves it (``hooks.saver.save_transcript``).

A case counts as *stored* by a path when one of its ``secrets`` is in any byte of that path's data directory
afterwards. Ordinary cases: *refused* = a user turn of the case refused by ``save_context``; *redacted* = a turn
of the case loses text to the transcript redaction the save paths run (``app.distilling.redacted_turns`` when it
exists, else each turn alone through ``SecretScanner.redact``).

Run: ``nice -n 10 python -m research secret_frames --data held [--show]`` (``--show`` lists stored and refused
cases by id and class only, never their text).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from hook_scratch import claude_transcript, scratch_repo

DATA = Path(__file__).resolve().parent / "data"
SETS = {"held": DATA / "secrets11-held", "tuning": DATA / "secrets11-tuning"}
FACT = "The ledger api listens on port 7311 in staging."
SESSION_CASES = 20  # cases a save_session transcript


def _disk(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file())


def _stored(disk: bytes, case: dict[str, Any]) -> bool:
    return any(secret.encode() in disk for secret in case["secrets"])


def _app(home: Path) -> tuple[Any, Any, Any]:
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings

    settings = Settings(home=home, embedder="fake", user="dana")  # pyright: ignore[reportCallIssue]
    service = create_app(settings).service
    return service, Caller(principal=service.principal(settings.user), surface="claude-code"), settings


def _last_user(case: dict[str, Any]) -> str:
    return [text for role, text in case["turns"] if role == "user"][-1]


def save_context_path(cases: list[dict[str, Any]], home: Path) -> Counter[str]:
    from contextlamp.errors import SecretDetectedError

    service, caller, _ = _app(home)
    for case in cases:
        with contextlib.suppress(SecretDetectedError):
            service.save_context(caller, _last_user(case))
    service.wait_indexed()
    disk = _disk(home)
    return Counter(c["id"] for c in cases if _stored(disk, c))


def save_session_path(cases: list[dict[str, Any]], home: Path) -> Counter[str]:
    service, caller, _ = _app(home)
    for i in range(0, len(cases), SESSION_CASES):
        messages = [
            {"role": role, "content": text} for case in cases[i : i + SESSION_CASES] for role, text in case["turns"]
        ]
        messages.append({"role": "user", "content": FACT})
        service.save_session(caller, json.dumps(messages, ensure_ascii=False))
    service.wait_indexed()
    disk = _disk(home)
    return Counter(c["id"] for c in cases if _stored(disk, c))


def hooks_path(cases: list[dict[str, Any]], home: Path) -> Counter[str]:
    from contextlamp.hooks.saver import SaveJob, save_transcript

    repo = scratch_repo(home / "repo", "git@github.com:acme/ledger-svc.git", commit=False)
    service, caller, settings = _app(home / "data")
    log = logging.getLogger("secret_frames")
    for case in cases:
        turns = [*case["turns"], ["assistant", "ok"], ["user", FACT], ["assistant", "Noted."]]
        path = home / f"{case['id']}.jsonl"
        path.write_text(claude_transcript(turns, case["id"], str(repo)), encoding="utf-8")
        job = SaveJob("claude-code", "session-end", case["id"], str(path), str(repo))
        save_transcript(service, caller, job, settings.home, settings.max_transcript_bytes, log)
        path.unlink()
    service.wait_indexed()
    disk = _disk(home / "data")
    return Counter(c["id"] for c in cases if _stored(disk, c))


def _redaction() -> Any:
    """The transcript redaction the save paths run: ``app.distilling.redacted_turns`` when it exists."""
    from contextlamp.domain.secret_scan import SecretScanner

    scanner = SecretScanner()
    try:
        from contextlamp.app.distilling import redacted_turns  # pyright: ignore[reportAttributeAccessIssue]
    except ImportError:
        return lambda texts: [scanner.redact(t) for t in texts]
    return lambda texts: redacted_turns(scanner, texts)  # pyright: ignore[reportUnknownLambdaType]


def ordinary(cases: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """Ids of ordinary cases refused by save_context (any user turn) and redacted by the transcript redaction."""
    from contextlamp.domain.secret_scan import SecretScanner

    scanner = SecretScanner()
    redact = _redaction()
    refused = [c["id"] for c in cases if any(scanner.kinds(t) for r, t in c["turns"] if r == "user")]
    redacted = []
    for case in cases:
        texts = [t for _, t in case["turns"]]
        if redact(texts) != texts:
            redacted.append(case["id"])
    return refused, redacted


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", choices=tuple(SETS), default="tuning")
    parser.add_argument("--show", action="store_true", help="list the ids of stored and refused cases")
    parser.add_argument("--paths", default="save_context,save_session,hooks")
    args = parser.parse_args()
    os.environ.setdefault("CONTEXTLAMP_LOG_LEVEL", "warning")
    logging.disable(logging.WARNING)
    folder = SETS[args.data]
    credentials = json.loads((folder / "credentials.json").read_text(encoding="utf-8"))
    plain = json.loads((folder / "ordinary.json").read_text(encoding="utf-8"))
    classes = sorted({c["class"] for c in credentials})
    runs = {"save_context": save_context_path, "save_session": save_session_path, "hooks": hooks_path}
    results: dict[str, Counter[str]] = {}
    with tempfile.TemporaryDirectory(prefix="secret-frames-") as scratch:
        for name in args.paths.split(","):
            results[name] = runs[name](credentials, Path(scratch) / name)
    print(f"credentials stored on disk ({args.data}; target 0), by class:")
    print(f"{'class':<14}{'cases':>6}" + "".join(f"{p:>14}" for p in results))
    for cls in [*classes, "all"]:
        ids = [c["id"] for c in credentials if cls in ("all", c["class"])]
        print(f"{cls:<14}{len(ids):>6}" + "".join(f"{sum(r[i] for i in ids):>14}" for r in results.values()))
    refused, redacted = ordinary(plain)
    print(f"ordinary cases refused by save_context: {len(refused)} of {len(plain)}")
    print(f"ordinary cases redacted in a transcript: {len(redacted)} of {len(plain)}")
    if args.show:
        for name, stored in results.items():
            print(f"  {name} stored: {' '.join(sorted(stored))}")
        print(f"  refused: {' '.join(refused)}")
        print(f"  redacted: {' '.join(redacted)}")


if __name__ == "__main__":
    main()
