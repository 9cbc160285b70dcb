"""Client configuration writers behind ``contextlamp connect`` (edge layer, standard library + tomlkit).

``jsonc`` edits JSON and JSON-with-comments files by splicing text at the spans a linear scanner finds,
``toml`` edits Codex's ``config.toml`` through tomlkit, ``catalog`` knows each client's files and formats
(with the documentation each location comes from, docs/clients.md), and ``plan`` turns one connect or
remove into file changes: a diff for ``--dry-run``, else a backup and an atomic write per file.
Nothing here runs at import time; ``cli/connect.py`` imports it in the command's body.
"""
