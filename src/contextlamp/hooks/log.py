"""The hooks' log file: ``<data dir>/logs/hooks.log``, rotating (256 KiB, 3 old files kept).

A hook's stdout belongs to the client and its stderr is shown to the user by some clients, so the hooks log
here only. What a message may hold follows the house rule: ids, counts, event names, exception types; memory
content and transcript text never above DEBUG.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

LOG_NAME = "contextlamp.hooks"
LOG_MAX_BYTES = 256 * 1024
LOG_BACKUPS = 3


def log_path(home: Path) -> Path:
    """Where the hooks log: ``<home>/logs/hooks.log``."""
    return home / "logs" / "hooks.log"


def hook_logger(home: Path, level: str = "INFO", root: bool = False) -> logging.Logger:
    """The hooks' logger, writing to ``log_path(home)`` at ``level`` (a ``logging`` level name); with ``root``
    (the detached worker) every library logger writes there too, at WARNING or above. A log that cannot be
    opened (read-only home) logs nowhere rather than failing the hook."""
    logger = logging.getLogger(LOG_NAME)
    if not logger.handlers:
        handler: logging.Handler
        try:
            path = log_path(home)
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            handler = RotatingFileHandler(path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        except OSError:
            handler = logging.NullHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
        if root:
            top = logging.getLogger()
            for old in list(top.handlers):
                top.removeHandler(old)
            top.addHandler(handler)
            top.setLevel(logging.WARNING)
    logger.setLevel(level if level in ("DEBUG", "INFO", "WARNING", "ERROR") else "INFO")
    return logger
