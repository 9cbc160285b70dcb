"""Stop 40's breaker: which project a save from a folder lands in, and what a read there sees (research/notes/
breaker-stop40.md, "Routing"). Each case makes repositories in one scratch HOME, saves one fact with ``contextlamp
save`` in the first and asks ``contextlamp get`` in the second; ``same`` says whether the second sees the first's
fact (it should when both are the same repository, and must not when they are not), ``leak`` whether a credential
in the remote reached the data directory.

``python research/scripts/breaker40_route.py [CASE...]``
"""

# ruff: noqa: E501  (the cases read best one a line)

from __future__ import annotations

import json
import sys

from breaker40 import Scratch

TOKEN = "ghp_" + "Zq8LmR2vX9kT4nB7wY1cJ6hF3dS5aG0pE8uQ"
# (first remote, second remote, should the second see the first's memory)
CASES: dict[str, tuple[str | None, str | None, bool]] = {
    "https-with-token-vs-ssh": (
        f"https://dana:{TOKEN}@github.com/acme/payroll.git",
        "git@github.com:acme/payroll.git",
        True,
    ),
    "www-host": ("https://www.github.com/acme/payroll", "git@github.com:acme/payroll.git", True),
    "insteadOf-shorthand": ("gh:acme/payroll", "git@github.com:acme/payroll.git", True),
    "fork-vs-upstream": ("git@github.com:dana/payroll.git", "git@github.com:acme/payroll.git", True),
    "confusable-owner": ("git@github.com:\u0430cme/payroll.git", "git@github.com:acme/payroll.git", False),
    "trailing-slash": ("https://github.com/acme/payroll/", "git@github.com:acme/payroll.git", True),
    "scp-with-port-like": ("git@github.com:22/acme/payroll.git", "git@github.com:acme/payroll.git", True),
    "gitlab-subgroup-vs-parent": ("git@gitlab.com:acme/team/payroll.git", "git@gitlab.com:acme/payroll.git", False),
    "no-remote-two-clones": (None, None, False),
    "ssh-url-with-user-port": ("ssh://git@github.com:22/acme/payroll.git", "git@github.com:acme/payroll.git", True),
}


def main() -> None:
    chosen = sys.argv[1:] or list(CASES)
    for name in chosen:
        first, second, expected = CASES[name]
        s = Scratch(remote=first or "", slug="payroll")
        if first is None:
            (s.repo / ".git" / "config").write_text("[core]\n\tbare = false\n", encoding="utf-8")
        other = Scratch.make_repo(s.home / "work" / "payroll", second)
        saved = s.run("save", "The payroll export runs at 02:15 every night.")
        got = s.run("get", "--json", "when does the payroll export run", cwd=other)
        try:
            packs: list[dict[str, object]] = json.loads(got.stdout).get("packs", [])
        except ValueError:
            packs = []
        same = any("02:15" in str(p.get("text", "")) for p in packs)
        projects = json.loads(s.run("projects", "--json").stdout or "{}").get("projects", [])
        leak = TOKEN.encode() in s.data_bytes()
        verdict = "ok" if same == expected and not leak else "FINDING"
        print(
            f"{name:28} {verdict:8} sees={same} expected={expected} leak={leak} projects={[p.get('slug') for p in projects]}"
        )
        print(f"    save: {saved.stdout.strip()[:120]!r} {saved.stderr.strip()[-200:]!r}")


if __name__ == "__main__":
    main()
