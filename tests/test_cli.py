"""The contextlamp command for a person at a terminal (fake embedder via CONTEXTLAMP_EMBEDDER=fake)."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import contextlamp
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


def _leaf_commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = []
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += _leaf_commands(command, f"{prefix}{name} ")
        else:
            found.append((f"{prefix}{name}", command))
    return found


def test_every_command_but_serve_takes_json() -> None:
    assert isinstance(cli, click.Group)
    missing = [
        name
        for name, command in _leaf_commands(cli)
        # hook prints what its client expects (always JSON of the client's shape, docs/hooks.md), never a table
        if name not in ("serve", "hook")
        and not any("--json" in p.opts for p in command.params if isinstance(p, click.Option))
    ]
    assert missing == []


def test_admin_commands_answer_in_json(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    alice = json.loads(run("user", "create", "alice", "--json"))
    bob = json.loads(run("user", "create", "bob", "--json"))
    issued = json.loads(run("token", "create", "alice", "--name", "laptop", "--json"))
    revoked = json.loads(run("token", "revoke", issued["id"], "--json"))
    assert revoked["id"] == issued["id"] and revoked["name"] == "laptop" and revoked["revoked_at"] is not None
    assert "token" not in revoked and issued["token"] not in json.dumps(revoked)  # the secret is shown only once
    team = json.loads(run("team", "create", "platform", "--owner", "alice", "--json"))
    added = json.loads(run("team", "add", "platform", "bob", "--role", "admin", "--json"))
    assert added == {"team_id": team["id"], "team": "platform", "user_id": bob["id"], "user": "bob", "role": "admin"}
    removed = json.loads(run("team", "remove", "platform", "bob", "--json"))
    assert removed == {"team_id": team["id"], "team": "platform", "user_id": bob["id"], "user": "bob", "removed": True}
    out = tmp_path / "alice.json"
    written = json.loads(run("export", "--user", "alice", "--out", str(out), "--json"))
    assert written == {"user_id": alice["id"], "user": "alice", "out": str(out)} and out.is_file()
    deleted = json.loads(run("user", "delete", "alice", "--yes", "--json"))
    assert deleted == {"id": alice["id"], "name": "alice", "deleted": True}
    assert [u["name"] for u in json.loads(run("user", "list", "--json"))] == ["bob"]


def test_delete_asks_on_stderr_so_json_stays_parseable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    runner = CliRunner()
    assert runner.invoke(cli, ["user", "create", "erin"]).exit_code == 0
    result = runner.invoke(cli, ["user", "delete", "erin", "--json"], input="y\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deleted"] is True and "Delete user erin" in result.stderr


def _ids_whole(output: str, ids: list[str]) -> list[str]:
    """The ids that do not appear whole on one line of ``output``."""
    lines = output.splitlines()
    return [i for i in ids if not any(i in line for line in lines)]


def test_ids_stay_whole_on_one_line_in_a_narrow_terminal(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    long = "The deployment pipeline runs the integration suite against a fresh staging database every night"
    saved = [json.loads(run("save", f"{long} ({n})", "--project", "apollo", "--json"))["id"] for n in range(3)]
    saved.append(json.loads(run("save", long + " personally", "--json"))["id"])
    session = json.loads(run("session", "save", "-", "--json", stdin="User: we always deploy on Tuesdays\n"))
    user = json.loads(run("user", "create", "frank", "--json"))["id"]
    issued = json.loads(run("token", "create", "frank", "--json"))["id"]
    team = json.loads(run("team", "create", "platform", "--owner", "frank", "--json"))["id"]
    project = json.loads(run("projects", "--json"))["projects"][0]["id"]
    stores = [s["store_id"] for s in json.loads(run("doctor", "--json"))["stores"]]
    for width in ("40", "90", "130"):  # a record per row, then tables where only the text folds
        monkeypatch.setenv("COLUMNS", width)
        _all_ids_whole(run, saved, session["session_id"], user, issued, team, project, stores)


def _all_ids_whole(run, saved, session, user, issued, team, project, stores) -> None:  # type: ignore[no-untyped-def]
    assert _ids_whole(run("list", "--project", "apollo"), saved[:3]) == []
    assert _ids_whole(run("get", "deployment pipeline staging", "--project", "apollo"), saved) == []
    assert _ids_whole(run("show", saved[0]), saved[:1]) == []
    assert _ids_whole(run("projects"), [project]) == []
    assert _ids_whole(run("session", "list"), [session]) == []
    assert _ids_whole(run("user", "list"), [user]) == []
    assert _ids_whole(run("token", "list"), [issued]) == []
    assert _ids_whole(run("team", "list"), [team]) == []
    assert _ids_whole(run("doctor"), stores) == []


def test_version_says_where_memory_lives_and_opens_nothing(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    lines = run("--version").splitlines()
    assert lines == [
        f"contextlamp, version {contextlamp.__version__}",
        f"data: {tmp_path / 'home'}",
        "user: carol",
        "backend: sqlite",
    ]
    assert not (tmp_path / "home").exists()  # settings read, no store opened or created


def test_version_shows_the_database_without_its_password(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CONTEXTLAMP_DATABASE_URL", "postgresql://cl:s3cr3tpw@db.internal:5432/memory?password=x2")
    out = run("--version")
    assert "data: postgresql://cl@db.internal:5432/memory\n" in out and "backend: postgresql" in out
    assert "s3cr3tpw" not in out and "x2" not in out


def test_version_names_a_bad_location_setting(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CONTEXTLAMP_DATABASE_URL", "mysql://db/memory")
    out = run("--version", ok=False)
    assert out.startswith(f"contextlamp, version {contextlamp.__version__}\n") and "database_url" in out


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"CONTEXTLAMP_HOME": "/srv/memory", "CONTEXTLAMP_USER": "gina"},
        {"contextlamp_home": "relative/dir", "Contextlamp_User": "hal"},  # pydantic-settings ignores the case
        {"XDG_DATA_HOME": "/xdg/data"},
        {"CONTEXTLAMP_HOME": "", "CONTEXTLAMP_DATABASE_URL": "postgres://u:pw@h/db"},
        {"CONTEXTLAMP_DATABASE_URL": "postgresql://h:5432/db?sslmode=require"},
    ],
)
def test_the_quick_location_of_version_agrees_with_settings(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from contextlamp.cli.common import location_lines, quick_location_lines
    from contextlamp.config import Settings

    for name in [k for k in os.environ if k.upper().startswith("CONTEXTLAMP_") or k == "XDG_DATA_HOME"]:
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert quick_location_lines(os.environ) == location_lines(Settings())


def test_doctor_says_where_memory_lives(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run("save", "We use pnpm")
    out = run("doctor")
    assert f"data: {tmp_path / 'home'}\n" in out and "user: carol\n" in out and "backend: sqlite\n" in out
    where = json.loads(run("doctor", "--json"))["location"]
    assert where == {"data": str(tmp_path / "home"), "user": "carol", "backend": "sqlite"}


def test_choices_are_checked_and_listed_though_loaded_lazily(run) -> None:  # type: ignore[no-untyped-def]
    out = run("save", "We use pnpm", "--kind", "whim", ok=False)
    assert "whim" in out and "fact" in out and "decision" in out and "preference" in out and "note" in out
    assert "[fact|event|instruction|task]" in run("get", "--help")
    assert json.loads(run("save", "Deploy on Tuesdays", "--type", "instruction", "--json"))["id"].startswith("ctx_")


def test_the_early_embedder_of_get_and_save_is_the_one_settings_name() -> None:
    # get/save start the model load before Settings exist; they use it only when Settings agree on the name
    from contextlamp.cli.common import _early_embedder  # pyright: ignore[reportPrivateUsage]
    from contextlamp.config import Settings

    for environ in ({}, {"CONTEXTLAMP_EMBEDDER": "fake"}, {"contextlamp_embedder": "fake"}):
        early = _early_embedder(environ)
        assert early is not None
        with pytest.MonkeyPatch.context() as patch:
            for key in list(os.environ):
                if key.lower() == "contextlamp_embedder":
                    patch.delenv(key)
            for key, value in environ.items():
                patch.setenv(key, value)
            assert early[0] == Settings().embedder
    assert _early_embedder({"CONTEXTLAMP_EMBEDDER": "bogus"}) is None


def test_show_prints_times_as_list_does_and_json_keeps_milliseconds(run) -> None:  # type: ignore[no-untyped-def]
    import re

    saved = json.loads(run("save", "Standup moved to 9:30", "--type", "task", "--json"))
    shown = run("show", saved["id"])
    assert re.search(r"ts\s+│?\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}", shown), shown
    assert re.search(r"expires_at\s+│?\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}", shown), shown
    assert isinstance(json.loads(run("show", saved["id"], "--json"))["ts"], int)


def test_a_save_that_updates_an_entry_says_which_it_replaced(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm-int8")  # the update rule needs the model's cosine
    old = json.loads(run("save", "I use VS Code as my editor", "--json"))["id"]
    out = run("save", "My editor is now Helix")
    new = json.loads(run("list", "--json"))["items"][0]["id"]
    assert out.startswith(f"Saved: {new}") and old in out and "list --all" in out
    assert old not in run("save", "We deploy on Tuesdays")


def test_counts_in_answers_agree_with_their_nouns(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = run("session", "save", "-", stdin="- We pin Python 3.12 in CI\n")
    assert ": 1 learning (1 new, 0 known)." in out
    run("save", "Deploys happen on Tuesdays", "--project", "apollo")
    export = tmp_path / "export.json"
    run("export", "--out", str(export))
    out = run("import", str(export), "--user", "dave", "--create-user")
    assert "2 entries added" in out and "1 project," in out and "1 session added" in out


def test_a_tilde_in_the_data_directory_is_the_home_folder_everywhere(
    run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """A client's env block is never shell-expanded: ``CONTEXTLAMP_HOME=~/mem`` must name ``$HOME/mem`` for the
    server, the terminal, the hooks and connect alike, never a folder called ``~`` in the current folder."""
    from contextlamp.cli.connect import env_block
    from contextlamp.cli.hook import quick_config

    home, elsewhere = tmp_path / "me", tmp_path / "cwd"
    home.mkdir()
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("CONTEXTLAMP_HOME", "~/mem")
    monkeypatch.chdir(elsewhere)
    run("save", "Tilde paths are expanded")
    assert (home / "mem" / "control.db").exists() and not (elsewhere / "~").exists()
    assert f"data: {home / 'mem'}" in run("--version")
    assert f"data: {home / 'mem'}" in run("doctor")
    assert quick_config(dict(os.environ)).home == home / "mem"
    assert env_block(dict(os.environ))["CONTEXTLAMP_HOME"] == str(home / "mem")


def test_team_add_says_what_the_user_became(run) -> None:  # type: ignore[no-untyped-def]
    run("user", "create", "erin")
    run("team", "create", "platform", "--owner", "erin")
    run("user", "create", "frank")
    assert "frank is now a member of team platform." in run("team", "add", "platform", "frank")
    assert "frank is now an admin of team platform." in run("team", "add", "platform", "frank", "--role", "admin")


def test_the_shared_servers_start_line_does_not_name_a_local_user(run, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    """Over HTTP each request acts for its token's user: the start line must not suggest they all write as the
    local user (stdio and contextlamp ui do serve the local user, and say so)."""
    from contextlamp.cli.common import load_settings
    from contextlamp.cli.serve import log_start

    caplog.set_level(logging.INFO, logger="contextlamp.serve")
    log_start(load_settings(), users_from_tokens=True)
    log_start(load_settings())
    shared, local = (r.getMessage() for r in caplog.records)
    assert "users from tokens" in shared and "carol" not in shared
    assert "user carol" in local


def test_a_shared_server_on_every_interface_without_a_public_url_is_warned() -> None:
    """Off loopback, the metadata would name http://localhost:PORT unless CONTEXTLAMP_PUBLIC_URL is set."""
    from contextlamp.cli.serve import public_url_warning

    warning = public_url_warning(None, "0.0.0.0", 8765)
    assert warning and "CONTEXTLAMP_PUBLIC_URL" in warning and "localhost:8765" in warning
    assert "CONTEXTLAMP_PUBLIC_URL" in (public_url_warning(None, "10.0.0.5", 8765) or "")
    assert public_url_warning(None, "127.0.0.1", 8765) is None
    assert public_url_warning("https://mem.example.com", "0.0.0.0", 8765) is None


def test_importing_a_file_that_is_not_an_export_points_at_the_right_command(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    transcript = tmp_path / "chat.txt"
    transcript.write_text("User: We deploy on Fridays.\nAssistant: Noted.\n", encoding="utf-8")
    chats = tmp_path / "conversations.json"
    chats.write_text('[{"title": "x", "mapping": {}}]', encoding="utf-8")
    for path in (transcript, chats):
        out = run("import", str(path), ok=False)
        assert "--from FORMAT" in out and "session save" in out and "Invalid argument 'format'" not in out
    assert json.loads(run("list", "--json"))["items"] == []  # nothing written
