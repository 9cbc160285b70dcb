"""Stop 40's breaker: a Claude Code session that starts in payroll and ends in website (breaker-stop40.md, 2)."""

import json
import uuid

from breaker40 import Scratch

s = Scratch(remote="git@github.com:acme/payroll.git", slug="payroll")
other = Scratch.make_repo(s.home / "src" / "website", "git@github.com:acme/website.git")
sid = str(uuid.uuid4())
path = s.home / ".claude" / "projects" / "-x" / f"{sid}.jsonl"
path.parent.mkdir(parents=True)
recs = [
    {
        "type": "user",
        "cwd": str(s.repo),
        "message": {"role": "user", "content": "The payroll export runs at 02:15 every night."},
    },
    {
        "type": "assistant",
        "cwd": str(s.repo),
        "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
    },
    {
        "type": "user",
        "cwd": str(other),
        "message": {"role": "user", "content": "The website is deployed with Netlify from the main branch."},
    },
    {
        "type": "assistant",
        "cwd": str(other),
        "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
    },
]
path.write_text("".join(json.dumps({**r, "sessionId": sid, "uuid": f"u{i}"}) + "\n" for i, r in enumerate(recs)))
s.hook(
    "claude-code",
    "session-start",
    {
        "session_id": sid,
        "transcript_path": str(path),
        "cwd": str(s.repo),
        "hook_event_name": "SessionStart",
        "source": "startup",
    },
    s.repo,
)
s.hook(
    "claude-code",
    "session-end",
    {"session_id": sid, "transcript_path": str(path), "cwd": str(other), "hook_event_name": "SessionEnd"},
    other,
)
s.wait()
for slug in ("payroll", "website"):
    print(slug, s.run("list", "--project", slug, "--json", cwd=s.root).stdout[:600])
print(s.run("projects", "--json", cwd=s.root).stdout[:400])
