"""Where the hooks may capture and inject (issue #15.5): the opt-out file, the ignored paths, the mode.

``CONTEXTLAMP_CAPTURE`` (``Settings.capture``): ``on`` (default) captures everywhere but where a
``.contextlamp-ignore`` file is in the folder or any parent, or the folder is under a path of
``CONTEXTLAMP_CAPTURE_IGNORE``; ``opt-in`` captures only where a ``.contextlamp`` marker file is in the folder or
a parent (and still honours both opt-outs); ``off`` captures and injects nothing. Any other value is treated as
``off`` by the hooks (a setting the user tried to give and mistyped must not capture more than they wanted).
"""

from __future__ import annotations

import os
from pathlib import Path

IGNORE_FILE = ".contextlamp-ignore"
MARKER_FILE = ".contextlamp"
MODES = ("on", "off", "opt-in")


def ignored_paths(value: str | None) -> list[Path]:
    """The folders of ``CONTEXTLAMP_CAPTURE_IGNORE``: separated by ``os.pathsep`` (``:``; ``;`` on Windows) like
    PATH, ``~`` expanded, blanks skipped."""
    return [Path(os.path.expanduser(part.strip())) for part in (value or "").split(os.pathsep) if part.strip()]


def capture_refusal(cwd: Path, mode: str, ignored: list[Path]) -> str | None:
    """Why capture and injection are off in ``cwd``, or None when they are allowed: ``"capture is off"``,
    ``"unknown capture mode"``, ``"ignored path"``, ``".contextlamp-ignore"`` or ``"no .contextlamp marker"``."""
    if mode == "off":
        return "capture is off"
    if mode not in MODES:
        return "unknown capture mode"
    try:
        here = cwd.resolve()
    except (OSError, RuntimeError):
        here = cwd.absolute()
    for path in ignored:
        try:
            base = path.resolve()
        except (OSError, RuntimeError):
            base = path.absolute()
        if here == base or base in here.parents:
            return "ignored path"
    folders = (here, *here.parents)
    if any(_exists(folder / IGNORE_FILE) for folder in folders):
        return IGNORE_FILE
    if mode == "opt-in" and not any(_exists(folder / MARKER_FILE) for folder in folders):
        return f"no {MARKER_FILE} marker"
    return None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False
