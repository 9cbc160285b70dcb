"""The defaults of where memory lives, in the base layer with nothing but the standard library, so that
``Settings`` (config.py), the quick reader of ``contextlamp --version`` (cli/common.py) and the hooks' one
(cli/hook_entry.py) share them; and how a setting is found in the environment without pydantic
(``setting_from_env``)."""

from __future__ import annotations

import getpass
import os
from collections.abc import Mapping
from pathlib import Path


def setting_from_env(environ: Mapping[str, str], name: str) -> str | None:
    """The raw value of setting ``name`` in ``environ`` as pydantic-settings finds it (``CONTEXTLAMP_`` + name,
    matched case-insensitively: ``case_sensitive=False``), without importing pydantic; ``None`` when unset."""
    return {key.lower(): value for key, value in environ.items()}.get(f"contextlamp_{name}")  # last one wins


def default_home() -> Path:
    """``$XDG_DATA_HOME/contextlamp``, else ``~/.local/share/contextlamp`` (XDG Base Directory spec)."""
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "contextlamp"


def data_home(value: str | os.PathLike[str] | None) -> Path:
    """The data directory a ``CONTEXTLAMP_HOME`` value (or ``--home``) names: a leading ``~`` is the home folder
    (``os.path.expanduser``; a client's ``env`` block reaches the server unexpanded, since no shell reads it),
    and a relative path is made absolute against the current folder, so every message shows the folder really
    used; ``default_home()`` when unset or empty. The one reading of the setting: ``Settings``, the quick
    readers of ``--version`` and the hooks, and ``connect`` all call it."""
    if value is None or str(value) == "":
        return default_home()
    return Path(os.path.expanduser(value)).absolute()


def default_user() -> str:
    """The OS user name (``getpass.getuser``), else ``local`` where there is none (some containers)."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no passwd entry (some containers)
        return "local"
