"""capture4's held-out set (research/bench/data/capture4-held/README.md): breaker stop 40's findings 2, 7 and 9 as
classes, on new repositories, remote spellings and placeholder shapes, through the real code paths.

``python research/scripts/capture4_held.py [remotes|sessions|placeholders ...]`` prints one line per part and each
miss. Every process runs in a scratch HOME and data directory (``breaker40.Scratch``); nothing else is read.
"""

from __future__ import annotations

import json
import os
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from breaker40 import Scratch

CASES = Path(__file__).resolve().parents[1] / "bench" / "data" / "capture4-held" / "cases.json"


def remotes(data: dict[str, Any]) -> None:
    """The identity of each pair of remote spellings, under a scratch HOME's git configuration."""
    s = Scratch()
    (s.home / ".gitconfig").write_text(data["gitconfig"], encoding="utf-8")
    (s.home / ".config" / "git").mkdir(parents=True, exist_ok=True)
    (s.home / ".config" / "git" / "config").write_text(data["xdg"], encoding="utf-8")
    (s.home / ".gitconfig-work").write_text(data["include"], encoding="utf-8")
    os.environ["HOME"] = str(s.home)
    os.environ.pop("XDG_CONFIG_HOME", None)
    os.environ.pop("GIT_CONFIG_GLOBAL", None)
    from contextlamp.hooks.repo import find_repository

    def identity(url: str, n: int, extra: str = "") -> str:
        repo = Scratch.make_repo(s.home / "r" / f"c{n}" / "repo", url)
        if extra:
            with (repo / ".git" / "config").open("a", encoding="utf-8") as handle:
                handle.write(extra)
        found = find_repository(repo)
        return found.identity if found else "?"

    n = 0
    for part in ("same", "distinct"):
        good = 0
        misses: list[str] = []
        for pair in data[part]:
            if isinstance(pair, dict):
                first_url, second, extra = pair["first_url"], pair["second"], pair["repo_config"]
            else:
                (first_url, second), extra = pair, ""
            a, b = identity(first_url, n, extra), identity(second, n + 1)
            n += 2
            if (a == b) == (part == "same"):
                good += 1
            else:
                misses.append(f"    {part} miss: {first_url!r} -> {a}   {second!r} -> {b}")
        print(f"remotes {part:8} {good}/{len(data[part])}")
        print("\n".join(misses)) if misses else None


def _claude(s: Scratch, folders: dict[str, Path], case: dict[str, Any]) -> None:
    sid = str(uuid.uuid4())
    path = s.home / ".claude" / "projects" / "-x" / f"{sid}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    start, end = folders[case["start"]], folders[case["end"]]
    base = {"session_id": sid, "transcript_path": str(path)}
    s.hook("claude-code", "session-start", {**base, "cwd": str(start), "hook_event_name": "SessionStart"}, start)
    lines: list[dict[str, Any]] = []
    for where, text in case["turns"]:
        cwd = str(folders[where])
        lines.append({"type": "user", "cwd": cwd, "message": {"role": "user", "content": text}})
        reply = {"role": "assistant", "content": [{"type": "text", "text": "Got it."}]}
        lines.append({"type": "assistant", "cwd": cwd, "message": reply})
    with path.open("w", encoding="utf-8") as handle:
        for i, line in enumerate(lines):
            handle.write(json.dumps({"uuid": f"u{i}", "sessionId": sid, **line}) + "\n")
    s.hook("claude-code", "session-end", {**base, "cwd": str(end), "hook_event_name": "SessionEnd"}, end)


def _codex(s: Scratch, folders: dict[str, Path], case: dict[str, Any]) -> None:
    sid = str(uuid.uuid4())
    now = datetime.now(UTC)
    folder = s.home / ".codex" / "sessions" / f"{now:%Y}" / f"{now:%m}" / f"{now:%d}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"rollout-{now:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl"
    start, end = folders[case["start"]], folders[case["end"]]
    records: list[tuple[str, dict[str, Any]]] = [("session_meta", {"id": sid, "cwd": str(start), "originator": "x"})]
    for where, text in case["turns"]:
        records.append(("turn_context", {"cwd": str(folders[where]), "approval_policy": "on-request", "model": "m"}))
        records.append(
            ("response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]})
        )
        records.append(
            (
                "response_item",
                {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Got it."}]},
            )
        )
    with path.open("w", encoding="utf-8") as handle:
        for i, (kind, payload) in enumerate(records):
            handle.write(
                json.dumps({"timestamp": f"2026-12-06T10:00:{i:02d}.000Z", "type": kind, "payload": payload}) + "\n"
            )
    note = {"type": "agent-turn-complete", "thread-id": sid, "turn-id": "t1", "cwd": str(end)}
    s.run("hook", "codex", "notify", json.dumps(note), cwd=end)


def sessions(cases: list[dict[str, Any]]) -> None:
    """Facts said in several folders of one session: each should live in its folder's store."""
    right = wrong = total = 0
    misses: list[str] = []
    for case in cases:
        s = Scratch(remote=None, slug="unused")  # type: ignore[arg-type]
        folders: dict[str, Path] = {"outside": s.home / "scratchpad"}
        folders["outside"].mkdir(parents=True)
        for name, remote in case["repos"].items():
            folders[name] = Scratch.make_repo(s.home / "code" / name, remote)
        for where, _ in case["turns"]:
            if where not in folders:
                folders[where] = s.home / "code" / where
                folders[where].mkdir(parents=True, exist_ok=True)
        (_claude if case["client"] == "claude-code" else _codex)(s, folders, case)
        s.wait()
        stores: dict[str, list[str]] = {}
        projects = json.loads(s.run("projects", "--json", cwd=s.root).stdout or "{}").get("projects", [])
        for slug, extra in [("outside", []), *((p["slug"], ["--project", p["id"]]) for p in projects)]:
            listed = json.loads(s.run("list", "--json", "-n", "200", *extra, cwd=s.root).stdout or "{}")
            stores[slug] = [str(i.get("preview", "")) for i in listed.get("items", [])]
        for where, text in case["turns"]:
            total += 1
            home = "outside" if where == "outside" else where.split("/")[0]
            probe = text[:40].lower()
            found_in = [slug for slug, texts in stores.items() if any(probe in t.lower() for t in texts)]
            if home in found_in:
                right += 1
            if any(slug != home for slug in found_in):
                wrong += 1
            if found_in != [home]:
                misses.append(f"    {case['name']}: {text[:50]!r} said in {home}, found in {found_in}")
    print(f"sessions in their folder's store {right}/{total}, in another store {wrong}")
    print("\n".join(misses)) if misses else None


PLACEHOLDER_WORDS = ("[image", "[pasted", "truncated text", "[...")


def placeholders(data: dict[str, Any]) -> None:
    """Turns holding a client's placeholder: no placeholder stored, no memory for a bare remark."""
    held = spurious = kept = wanted = 0
    misses: list[str] = []
    for case in data["cases"]:
        s = Scratch()
        s.claude([case["turn"], data["control"]])
        memories = s.memories()
        held += sum(1 for m in memories if any(w in m.lower() for w in PLACEHOLDER_WORDS))
        others = [m for m in memories if "labels-prod" not in m]
        if case["memory"] is None:
            spurious += bool(others)
            if others:
                misses.append(f"    no memory expected for {case['turn'][:50]!r}: {others}")
        else:
            wanted += 1
            hit = any(case["memory"].lower() in m.lower() for m in others)
            kept += hit
            if not hit:
                misses.append(f"    memory expected for {case['turn'][:50]!r}: {others}")
    nothing = sum(1 for c in data["cases"] if c["memory"] is None)
    print(
        f"placeholders: memories holding one {held}, bare remarks kept {spurious}/{nothing}, "
        f"real remarks kept {kept}/{wanted}"
    )
    print("\n".join(misses)) if misses else None


def main() -> None:
    data = json.loads(CASES.read_text(encoding="utf-8"))
    chosen = sys.argv[1:] or ["remotes", "sessions", "placeholders"]
    if "sessions" in chosen:
        sessions(data["sessions"])
    if "placeholders" in chosen:
        placeholders(data["placeholders"])
    if "remotes" in chosen:
        remotes(data["remotes"])


if __name__ == "__main__":
    main()
