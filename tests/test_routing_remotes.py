"""Clones of one repository are one project whatever spelling their remote has (issue #27.3; breaker stop 40
finding 9): a ``www.`` host, and a shorthand git rewrites with ``url.<base>.insteadOf`` (hooks/gitconfig.py),
read from git's own configuration files, never by running git or touching the network."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef
from contextlamp.hooks.gitconfig import rewritten
from contextlamp.hooks.repo import find_repository
from tests.test_hooks import EXE

GLOBAL = """[user]
\tname = Dana
[url "git@github.com:"]
\tinsteadOf = gh:
[url "https://gitlab.com/"]
\tinsteadof = "gl:"  ; quoted, lower-case key, a comment
[url "git@bitbucket.org:"]
\tinsteadOf = bb:
\tinsteadOf = bitbucket:
[url "git@github.example.com:vault/"]
\tinsteadOf = gh:vault/
[include]
\tpath = ~/.gitconfig-work
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A HOME whose git configuration has shorthands (``~/.gitconfig``, an included file, the XDG file)."""
    home = tmp_path / "home"
    (home / ".config" / "git").mkdir(parents=True)
    (home / ".gitconfig").write_text(GLOBAL, encoding="utf-8")
    (home / ".gitconfig-work").write_text('[url "ssh://git@git.corp.example/"]\n\tinsteadOf = corp:\n', "utf-8")
    (home / ".config" / "git" / "config").write_text('[url "https://codeberg.org/"]\n\tinsteadOf = cb:\n', "utf-8")
    for name in ("XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    return home


def _identity(home: Path, name: str, remote: str, own: str = "") -> str:
    folder = home / "code" / name
    (folder / ".git").mkdir(parents=True)
    (folder / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {remote}\n{own}', encoding="utf-8")
    found = find_repository(folder)
    assert found is not None
    return found.identity


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("https://www.github.com/acme/payroll", "git@github.com:acme/payroll.git"),
        ("gh:acme/payroll", "git@github.com:acme/payroll.git"),
        ("gl:acme/payroll", "https://gitlab.com/acme/payroll.git"),
        ("bb:acme/payroll", "bitbucket:acme/payroll"),  # two values of one base
        ("corp:acme/payroll", "git@git.corp.example:acme/payroll.git"),  # from an included file
        ("cb:acme/payroll", "https://codeberg.org/acme/payroll"),  # from the XDG file
        ("gh:vault/keys", "git@github.example.com:vault/keys.git"),  # the longest prefix wins
    ],
)
def test_spellings_of_one_repository_are_one_identity(home: Path, first: str, second: str) -> None:
    assert _identity(home, "a", first) == _identity(home, "b", second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("gh:vault/keys", "git@github.com:vault/keys.git"),  # the longer rule sends it elsewhere
        ("zz:acme/payroll", "git@github.com:acme/payroll.git"),  # no rule: a host named zz
        ("https://www.example.org/acme/payroll", "https://git.example.org/acme/payroll"),
        ("https://www.github.com/acme/payroll", "https://www.github.com/acme/payroll-ui"),
    ],
)
def test_other_repositories_stay_apart(home: Path, first: str, second: str) -> None:
    assert _identity(home, "a", first) != _identity(home, "b", second)


def test_a_repositorys_own_rule_applies_and_no_git_runs(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a subprocess was started")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    own = '[url "https://github.com/heron/"]\n\tinsteadOf = lake:\n'
    assert _identity(home, "a", "lake:lake", own) == _identity(home, "b", "git@github.com:heron/lake.git")


def test_longest_prefix_and_first_on_a_tie() -> None:
    pairs = [("gh:", "A/"), ("gh:x/", "B/"), ("gh:", "C/")]
    assert rewritten("gh:x/y", pairs) == "B/y" and rewritten("gh:z", pairs) == "A/z" and rewritten("q", pairs) == "q"


def test_a_project_mapped_by_the_old_identity_keeps_its_clones(
    home: Path, service: MemoryService, alice: Caller
) -> None:
    folder = home / "code" / "payroll"
    _identity(home, "payroll", "gh:acme/payroll")
    found = find_repository(folder)
    assert found is not None and found.identity == "git:github.com/acme/payroll"
    old = RepositoryRef(identity="git:gh/acme/payroll", root=str(folder), name="payroll", owner="acme")
    before = service.project_for_repository(alice, old)  # what the previous version mapped
    assert service.project_for_repository(alice, found.ref()).id == before.id


def test_two_clones_share_one_project_through_the_command_line(home: Path, tmp_path: Path) -> None:
    env = {"HOME": str(home), "CONTEXTLAMP_HOME": str(tmp_path / "data"), "CONTEXTLAMP_EMBEDDER": "fake"}
    env |= {"CONTEXTLAMP_USER": "dana", "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1"}
    _identity(home, "short", "gh:acme/payroll")
    _identity(home, "www", "https://www.github.com/acme/payroll")
    run = {"env": env, "capture_output": True, "text": True, "check": True, "timeout": 120}
    subprocess.run([EXE, "save", "The payroll export runs at 02:15 every night."], cwd=home / "code" / "short", **run)
    got = subprocess.run([EXE, "get", "--json", "when does the payroll export run"], cwd=home / "code" / "www", **run)
    assert any("02:15" in pack["text"] for pack in json.loads(got.stdout)["packs"])
    projects = json.loads(subprocess.run([EXE, "projects", "--json"], cwd=tmp_path, **run).stdout)["projects"]
    assert [p["slug"] for p in projects] == ["payroll"]
