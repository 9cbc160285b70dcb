"""The defaults of where memory lives, in the base layer with nothing but the standard library, so that
``Settings`` (config.py) and the quick reader of ``contextlamp --version`` (cli/common.py) share them."""

from __future__ import annotations

import getpass
import os
from pathlib import Path


def default_home() -> Path:
    """``$XDG_DATA_HOME/contextlamp``, else ``~/.local/share/contextlamp`` (XDG Base Directory spec)."""
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "contextlamp"


def default_user() -> str:
    """The OS user name (``getpass.getuser``), else ``local`` where there is none (some containers)."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no passwd entry (some containers)
        return "local"
