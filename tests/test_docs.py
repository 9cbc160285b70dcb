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
    # deadline (the line before it), on two pytest-xdist workers as the README says, arguments passed through
    assert re.search(
        r'^\s*python -m pytest -q -n "\$\{CLP_TEST_WORKERS:-2\}" --dist loadfile'
        r'( --basetemp=(?:"\$\([^)]*\)"|"\$\w+"|[^\s"]+))?( "\$@")?$',
        ci,
        re.MULTILINE,
    )
    assert "`python -m pytest -q -n 2 --dist loadfile`, exactly as CI does" in readme


# Environment names that are not settings, each with what it is.
NOT_SETTINGS = {
    "CONTEXTLAMP_TOKEN": "the variable `connect --token-env` names in a client's configuration, read by the client",
    "CONTEXTLAMP_DIGEST": "the hooks' per-session switch that `connect --no-digest` writes (hooks/digest.py)",
}


def named_settings(text: str) -> set[str]:
    """Every ``CONTEXTLAMP_*`` name in ``text``; a name ending in ``_*`` (a family, ``CONTEXTLAMP_MAX_*``) is
    left out."""
    return {match.group(1) for match in re.finditer(r"\b(CONTEXTLAMP_[A-Z0-9_]*[A-Z0-9])\b(?!_\*)", text)}


def test_every_setting_the_docs_and_docstrings_name_exists() -> None:
    settings = {f"CONTEXTLAMP_{name.upper()}" for name in Settings.model_fields}
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "src").rglob("*.py"))]
    unknown = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in paths
        for name in named_settings(path.read_text(encoding="utf-8"))
        if name not in settings and name not in NOT_SETTINGS
    }
    assert not unknown, "named but not a setting:\n" + "\n".join(sorted(unknown))


def test_a_removed_setting_is_caught() -> None:
    assert named_settings("set `CONTEXTLAMP_WEIGHT_NEIGHBOURS=0`; the `CONTEXTLAMP_MAX_*` limits") == {
        "CONTEXTLAMP_WEIGHT_NEIGHBOURS"
    }
