"""The lifecycle hooks' runtime (issue #15.2, .4, .5): what ``contextlamp hook CLIENT EVENT`` does.

An edge, like the CLI: it reads what a client sends (stdin JSON, or Codex's one JSON argument), decides
whether capture is allowed here (``capture``), maps the session's folder to a project (``repo``), prints the
client's expected output (``output``) with the context ``context`` builds through the ``MemoryService``, and
hands transcripts to ``save_session`` in a detached worker (``saver``). Nothing here reads ``Settings``: the
command (``cli/hook.py``) passes the values in. Every module imports only the standard library at import time.
"""
