"""Names an administrator gives (a user's, a team's slug and name, a token's label) are scanned for secrets: a
password or token pasted into the wrong argument is refused naming the field, never echoed, and nothing is
stored (the names are printed by every listing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.cli.main import cli

GITHUB_TOKEN = "ghp_" + "R8s2kQm9ZtX4vL7nW1pB6yC3dF5hJ0aE2gK8"
STATED = "password=Lantern-Quokka-4417"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    return CliRunner()


def _refused(result: object, field: str, value: str) -> None:
    output = result.output  # type: ignore[attr-defined]
    assert result.exit_code != 0, output  # type: ignore[attr-defined]
    assert f"'{field}'" in output and "secret" in output
    assert value not in output and value.split("=")[-1] not in output


def test_a_user_name_holding_a_token_is_refused_and_not_stored(runner: CliRunner) -> None:
    _refused(runner.invoke(cli, ["user", "create", GITHUB_TOKEN]), "name", GITHUB_TOKEN)
    assert json.loads(runner.invoke(cli, ["user", "list", "--json"]).output) == []


def test_a_team_slug_or_name_holding_a_secret_is_refused(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["user", "create", "alice"]).exit_code == 0
    _refused(runner.invoke(cli, ["team", "create", GITHUB_TOKEN]), "slug", GITHUB_TOKEN.lower())
    _refused(runner.invoke(cli, ["team", "create", "platform", "--name", STATED]), "name", STATED)
    assert json.loads(runner.invoke(cli, ["team", "list", "--json"]).output) == []
    made = runner.invoke(cli, ["team", "create", "platform", "--name", "Platform team (passwords rotate monthly)"])
    assert made.exit_code == 0, made.output  # a name that talks about credentials is a name


def test_a_token_label_holding_a_secret_is_refused(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["user", "create", "alice"]).exit_code == 0
    _refused(runner.invoke(cli, ["token", "create", "alice", "--name", STATED]), "name", STATED)
    assert json.loads(runner.invoke(cli, ["token", "list", "--json"]).output) == []
    assert runner.invoke(cli, ["token", "create", "alice", "--name", "laptop token"]).exit_code == 0
