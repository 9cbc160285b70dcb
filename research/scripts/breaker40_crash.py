"""Stop 40's breaker: hook inputs and transcripts a client (or a broken file) can hand the hooks, through the real
command lines (research/notes/breaker-stop40.md, "Crashes"). For each case: the hook's exit status, the first line
of its stderr, its wall time, whether the session's one good fact was still saved and the hooks log's last line.

``python research/scripts/breaker40_crash.py [CASE...]``
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from breaker40 import Scratch

FACT = {"type": "user", "message": {"role": "user", "content": "The ledger api listens on port 7311 in staging."}}
REPLY = {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}}


def lines(*records: object) -> bytes:
    return b"".join((r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in records)


# each case: (transcript bytes or None for a special path, stdin override or None)
TRANSCRIPTS: dict[str, Callable[[Path], tuple[Path, str | None]]] = {}


def case(name: str) -> Callable[[Callable[[Path], tuple[Path, str | None]]], Callable[[Path], tuple[Path, str | None]]]:
    def register(fn: Callable[[Path], tuple[Path, str | None]]) -> Callable[[Path], tuple[Path, str | None]]:
        TRANSCRIPTS[name] = fn
        return fn

    return register


def _file(folder: Path, data: bytes) -> Path:
    path = folder / f"{uuid.uuid4()}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


@case("deeply-nested-line")
def _nested(folder: Path) -> tuple[Path, str | None]:
    return _file(folder, lines(b"[" * 200_000 + b"]" * 200_000, FACT, REPLY)), None


@case("content-is-number")
def _number(folder: Path) -> tuple[Path, str | None]:
    odd = {"type": "user", "message": {"role": "user", "content": 42}}
    return _file(folder, lines(odd, FACT, REPLY)), None


@case("content-list-of-strings")
def _strings(folder: Path) -> tuple[Path, str | None]:
    odd = {"type": "user", "message": {"role": "user", "content": ["a", None, 3]}}
    return _file(folder, lines(odd, FACT, REPLY)), None


@case("line-is-array-null-string")
def _arrays(folder: Path) -> tuple[Path, str | None]:
    return _file(folder, lines([], None, "text", 7, FACT, REPLY)), None


@case("invalid-utf8-and-nul")
def _bytes(folder: Path) -> tuple[Path, str | None]:
    return _file(
        folder, lines(b'{"type":"user","message":{"role":"user","content":"\xff\xfe\x00abc"}}', FACT, REPLY)
    ), None


@case("message-not-object")
def _message(folder: Path) -> tuple[Path, str | None]:
    return _file(
        folder, lines({"type": "user", "message": "hello"}, {"type": "user", "message": None}, FACT, REPLY)
    ), None


@case("huge-line-20mb")
def _huge(folder: Path) -> tuple[Path, str | None]:
    big = {"type": "user", "message": {"role": "user", "content": "x " * 10_000_000}}
    return _file(folder, lines(big, FACT, REPLY)), None


@case("transcript-is-directory")
def _directory(folder: Path) -> tuple[Path, str | None]:
    path = folder / "dir.jsonl"
    path.mkdir(parents=True, exist_ok=True)
    return path, None


@case("transcript-is-fifo")
def _fifo(folder: Path) -> tuple[Path, str | None]:
    path = folder / "fifo.jsonl"
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path, None


@case("transcript-dev-zero")
def _zero(folder: Path) -> tuple[Path, str | None]:
    del folder
    return Path("/dev/zero"), None


@case("stdin-nested-json")
def _stdin_nested(folder: Path) -> tuple[Path, str | None]:
    return _file(folder, lines(FACT, REPLY)), "[" * 100_000 + "]" * 100_000


@case("stdin-not-object")
def _stdin_list(folder: Path) -> tuple[Path, str | None]:
    return _file(folder, lines(FACT, REPLY)), '["session_id"]'


@case("session-id-traversal")
def _traversal(folder: Path) -> tuple[Path, str | None]:
    path = _file(folder, lines(FACT, REPLY))
    return path, json.dumps(
        {"session_id": "../../../../etc/x", "transcript_path": str(path), "hook_event_name": "SessionEnd"}
    )


@case("cwd-missing-and-nul")
def _cwd(folder: Path) -> tuple[Path, str | None]:
    path = _file(folder, lines(FACT, REPLY))
    return path, json.dumps(
        {"session_id": "s1", "transcript_path": str(path), "cwd": "/no/such\u0000dir", "hook_event_name": "SessionEnd"}
    )


@case("surrogate-escape")
def _surrogate(folder: Path) -> tuple[Path, str | None]:
    return _file(folder, lines(b'{"type":"user","message":{"role":"user","content":"a\\ud800b"}}', FACT, REPLY)), None


def main() -> None:
    chosen = sys.argv[1:] or list(TRANSCRIPTS)
    for name in chosen:
        s = Scratch()
        path, stdin = TRANSCRIPTS[name](s.home / ".claude" / "projects" / "-x")
        payload = stdin or json.dumps(
            {
                "session_id": str(uuid.uuid4()),
                "transcript_path": str(path),
                "cwd": str(s.repo),
                "hook_event_name": "SessionEnd",
            }
        )
        started = time.perf_counter()
        done = s.run("hook", "claude-code", "session-end", stdin=payload, timeout=120)
        hook_s = time.perf_counter() - started
        try:
            s.wait(limit=240)
            waited = "done"
        except TimeoutError:
            waited = "WORKER STILL RUNNING after 240 s"
        saved = any("7311" in m for m in s.memories())
        last = (s.log().strip().splitlines() or [""])[-1][-160:]
        err = (done.stderr.strip().splitlines() or [""])[-1][:160]
        print(f"{name:26} rc={done.returncode} hook={hook_s:.1f}s worker={waited} fact_saved={saved}")
        print(f"    stderr: {err!r}\n    log: {last!r}")


if __name__ == "__main__":
    main()
