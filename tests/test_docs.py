"""Documentation stays true: every setting and every CLI command is documented."""

from __future__ import annotations

import re
from pathlib import Path

import click

from contextlamp.cli.main import cli
from contextlamp.config import Settings

ROOT = Path(__file__).resolve().parent.parent


def test_every_setting_is_documented() -> None:
    doc = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    for name, field in Settings.model_fields.items():
        assert f"`CONTEXTLAMP_{name.upper()}`" in doc, f"CONTEXTLAMP_{name.upper()} missing from docs"
        assert field.description, f"setting {name} has no description"


def test_every_cli_command_has_help_and_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert isinstance(cli, click.Group)
    commands = [(name, command) for name, command in cli.commands.items()]
    for name, command in list(commands):
        if isinstance(command, click.Group):
            commands += [(f"{name} {sub}", c) for sub, c in command.commands.items()]
    for name, command in commands:
        assert command.help and "Example:" in command.help, f"{name} help lacks an example"
        assert f"contextlamp {name}" in readme, f"contextlamp {name} missing from README"


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash .ci/run" in readme
    # the whole suite (pyproject's testpaths: tests/ and research/tests/), its own temp folder (#29 15), under a
    # deadline (the line before it), arguments passed through for a subset
    assert re.search(r'^\s*python -m pytest -q( --basetemp=(?:"\$\([^)]*\)"|[^\s"]+))?( "\$@")?$', ci, re.MULTILINE)
