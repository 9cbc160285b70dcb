"""The contextlamp command for a person at a terminal (fake embedder via CONTEXTLAMP_EMBEDDER=fake)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.cli.main import cli


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "carol")
    monkeypatch.setenv("COLUMNS", "200")  # rich wraps tables to the terminal width
    runner = CliRunner()

    def invoke(*args: str, ok: bool = True, stdin: str | None = None) -> str:
        result = runner.invoke(cli, list(args), input=stdin, catch_exceptions=False)
        assert (result.exit_code == 0) == ok, result.output
        return result.output

    return invoke


def test_save_get_list_forget_round_trip_in_json(run) -> None:  # type: ignore[no-untyped-def]
    saved = json.loads(
        run("save", "We use pnpm", "--topic", "Package Manager", "--kind", "decision", "--tag", "JS", "--json")
    )
    assert saved["deduped"] is False and saved["id"].startswith("ctx_")
    assert json.loads(run("save", "We use pnpm", "--json"))["deduped"] is True
    packs = json.loads(run("get", "package manager", "--json"))["packs"]
    assert packs[0]["id"] == saved["id"] and packs[0]["source_surface"] == "cli"
    assert packs[0]["memory_type"] == "event"
    items = json.loads(run("list", "--json"))["items"]
    assert [(i["id"], i["category"], i["tags"]) for i in items] == [(saved["id"], "package-manager", ["js"])]
    preview = json.loads(run("forget", saved["id"], "--dry-run", "--json"))
    assert preview["forgotten"] is False and preview["preview"]["id"] == saved["id"]
    assert json.loads(run("forget", saved["id"], "--json")) == {"forgotten": True}
    assert json.loads(run("list", "--json"))["items"] == []


def test_tables_are_readable(run) -> None:  # type: ignore[no-untyped-def]
    assert "Nothing found" in run("get", "anything")
    assert "No memories yet" in run("list")
    run("save", "Deploys happen on Tuesdays", "--type", "instruction")
    assert "Deploys happen on Tuesdays" in run("get", "when do deploys happen")
    assert "Deploys happen" in run("list")
    assert "project" in run("get", "zzzz", "--project", "p1", ok=False)


def test_content_from_stdin_and_projects(run) -> None:  # type: ignore[no-untyped-def]
    assert json.loads(run("projects", "--json")) == {"projects": []}
    saved = json.loads(run("save", "-", "--project", "apollo", "--json", stdin="Piped content\n"))
    (project,) = json.loads(run("projects", "--json"))["projects"]
    assert project["slug"] == "apollo" and project["id"].startswith("prj_")
    assert "apollo" in run("projects")
    assert json.loads(run("list", "--project", "apollo", "--json"))["items"][0]["id"] == saved["id"]
    assert "Piped content" in run("show", saved["id"])


def test_errors_are_clear_and_exit_non_zero(run) -> None:  # type: ignore[no-untyped-def]
    out = run("get", "x", "-n", "99", ok=False)
    assert "max_results" in out and "1 to 50" in out
    assert "No memory" in run("forget", "ctx_nothing", ok=False)
    assert "secret" in run("save", "password = correcthorsebattery", ok=False)


def test_bad_setting_is_named(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "word2vec")
    assert "embedder" in run("list", ok=False).lower()


def test_memory_text_is_shown_literally_never_as_markup(run) -> None:  # type: ignore[no-untyped-def]
    run("save", "Logs go to [/var/log/app] and [b]bold[/b] :smile: in C:\\build\\out\\")
    for output in (run("list"), run("get", "logs"), run("show", json.loads(run("list", "--json"))["items"][0]["id"])):
        assert "[/var/log/app]" in output and "[b]bold[/b]" in output and ":smile:" in output
    assert "C:\\build\\out\\" in run("show", json.loads(run("list", "--json"))["items"][0]["id"])


def test_a_dotenv_file_in_the_working_directory_is_ignored(
    run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    project = tmp_path / "cloned-repo"
    project.mkdir()
    (project / ".env").write_text("CONTEXTLAMP_USER=mallory\nCONTEXTLAMP_LLM_BASE_URL=http://127.0.0.1:9/v1\n")
    monkeypatch.chdir(project)
    from contextlamp.config import Settings

    settings = Settings()
    assert settings.user == "carol" and settings.llm_base_url is None
