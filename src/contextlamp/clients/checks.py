"""What ``connect`` checks beyond the files it edits: whether a data directory holds a store, and whether
Gemini CLI will start contextlamp in this folder at all (its folder trust).

Gemini CLI (0.61, ``docs/cli/trusted-folders.md`` and ``docs/reference/configuration.md`` of the npm package):
with ``security.folderTrust.enabled`` (default true) a folder that is not trusted runs in "safe mode", where
stdio MCP servers are not started ("uses stdio transport but current folder is not trusted", shown as
"Disabled" by ``gemini mcp list``) and project hooks are skipped. Trust rules live in
``~/.gemini/trustedFolders.json`` (``GEMINI_CLI_TRUSTED_FOLDERS_PATH`` moves it), a JSON object of path ->
``TRUST_FOLDER`` | ``TRUST_PARENT`` (the rule's parent folder and below) | ``DO_NOT_TRUST``; the longest
matching rule wins; the trust dialog of an interactive start (or ``/permissions``) writes them. ``--skip-trust``
or ``GEMINI_CLI_TRUST_WORKSPACE=true`` trust the folder for one run (0.61 has no ``gemini trust`` command,
although its MCP documentation names one).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, cast

from contextlamp.clients.catalog import Places

STORE_MARKER = "control.db"  # every SQLite data directory holds its control database (storage/control.py)


def holds_store(home: Path) -> bool:
    """Whether ``home`` is a data directory with a store in it (its control database exists)."""
    return (home / STORE_MARKER).is_file()


def gemini_dir(places: Places) -> Path:
    """Gemini CLI's user folder: ``$GEMINI_CLI_HOME/.gemini``, else ``~/.gemini``."""
    value = places.environ.get("GEMINI_CLI_HOME")
    return (Path(value) if value else places.home) / ".gemini"


def _json_object(path: Path) -> dict[str, Any] | None:
    try:
        value: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return cast(dict[str, Any], value) if isinstance(value, dict) else None


def gemini_folder_trust(places: Places) -> tuple[bool, bool | None]:
    """``(enabled, trusted)`` for the repository root (``Places.project_root``): whether folder trust is on
    (the user's ``security.folderTrust.enabled``, default true) and whether a trust rule covers the folder
    (True/False, None when no rule matches). ``GEMINI_CLI_TRUST_WORKSPACE=true`` counts as trusted."""
    settings = _json_object(gemini_dir(places) / "settings.json") or {}
    security: Any = settings.get("security")
    folder_trust: Any = cast(dict[str, Any], security).get("folderTrust") if isinstance(security, dict) else None
    enabled: Any = cast(dict[str, Any], folder_trust).get("enabled", True) if isinstance(folder_trust, dict) else True
    if places.environ.get("GEMINI_CLI_TRUST_WORKSPACE") == "true":
        return enabled is not False, True
    rules_path = places.environ.get("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
    rules = _json_object(Path(rules_path) if rules_path else gemini_dir(places) / "trustedFolders.json") or {}
    folder = os.path.realpath(places.project_root())
    best: tuple[int, str] | None = None
    for rule, level in rules.items():
        if level not in ("TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST"):
            continue
        covered = os.path.realpath(os.path.dirname(rule) if level == "TRUST_PARENT" else rule)
        inside = folder == covered or folder.startswith(covered.rstrip(os.sep) + os.sep)
        if inside and (best is None or len(rule) > best[0]):
            best = (len(rule), str(level))
    trusted = None if best is None else best[1] != "DO_NOT_TRUST"
    return enabled is not False, trusted


def gemini_trust_note(places: Places) -> str | None:
    """What to tell the user when Gemini CLI will not start contextlamp in this folder, else None."""
    enabled, trusted = gemini_folder_trust(places)
    if not enabled or trusted:
        return None
    folder = places.project_root()
    how = "is marked 'Don't trust'" if trusted is False else "is not a trusted folder yet"
    return (
        f"Gemini CLI's folder trust is on and {folder} {how}: in an untrusted folder Gemini CLI starts no stdio "
        "MCP server (`gemini mcp list` shows contextlamp 'Disabled') and skips project hooks, so contextlamp "
        "looks broken there. Trust the folder in the dialog Gemini CLI shows when it starts there (or with "
        "/permissions inside it); for one headless run, --skip-trust or GEMINI_CLI_TRUST_WORKSPACE=true."
    )
