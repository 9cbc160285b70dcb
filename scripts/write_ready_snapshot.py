"""Write src/contextlamp/mcp/ready.json: the SDK's answers to the opening requests of a server with the default
settings (``contextlamp.mcp.capture.capture``), which ``contextlamp serve`` answers from while the SDK loads.

Run it after changing a tool's description or schema, the instructions, the prompts, or the SDK's version;
``tests/test_mcp_ready.py`` fails until then. Usage: ``python scripts/write_ready_snapshot.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from contextlamp.app.compose import create_app
from contextlamp.config import Settings
from contextlamp.mcp import ready
from contextlamp.mcp.capture import capture
from contextlamp.mcp.tools import build_server


def main() -> None:
    """Capture the answers with the default settings (a temporary data directory, no model) and write them."""
    with tempfile.TemporaryDirectory(prefix="contextlamp-ready-") as home:
        settings = Settings(home=Path(home), embedder="fake")  # pyright: ignore[reportCallIssue]
        service = create_app(settings).service
        principal = service.principal(settings.user)
        answers = capture(build_server(service, lambda _ctx: principal))
        key = ready.snapshot_key(settings.limits().model_dump(mode="json"), settings.task_ttl_ms)
    ready.write_snapshot(answers, key)
    print(f"wrote {ready.SNAPSHOT_PATH} ({len(answers)} answers)")


if __name__ == "__main__":
    main()
