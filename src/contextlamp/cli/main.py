"""The console script's module (``contextlamp = "contextlamp.cli.main:main"``), imported first by every
``contextlamp`` process, so it imports nothing at module level.

A lifecycle hook's command line as ``connect`` writes it (``contextlamp hook CLIENT EVENT [--home DIR] [--user
NAME]``: the clients run one at the end of every agent turn) runs its command without click or the other commands
(``cli/hook_entry.py``; about a third of a stop hook's CPU was the click group's import: research/notes/
hookcpu48-stop46.md); every other command line, and a hook's with anything else on it, goes through the click
group (``cli/commands.py``), which parses it as before.
"""

from __future__ import annotations

import sys
from typing import Any


def main() -> None:
    """Console entry point: a hook's plain command line (``hook_entry.plain_hook_args``) runs the hook and exits
    the process; any other runs the click group."""
    argv = sys.argv[1:]
    if argv[:1] == ["hook"]:
        from contextlamp.cli.hook_entry import plain_hook_args, run_hook_command

        plain = plain_hook_args(argv[1:])
        if plain is not None:
            run_hook_command(*plain)
    from contextlamp.cli.commands import cli

    cli()


def __getattr__(name: str) -> Any:
    """What ``cli/commands.py`` defines (``from contextlamp.cli.main import cli``), imported on first use."""
    if name.startswith("__"):
        raise AttributeError(name)
    from contextlamp.cli import commands

    return getattr(commands, name)
