"""The HTTP server runner of research/bench/common.py, for the end-to-end HTTP tests (one copy of it)."""

from __future__ import annotations

from tests.scripts import load_script

_common = load_script("common.py", "bench_common_servers")
HttpServer = _common.HttpServer
MCP_HEADERS = _common.MCP_HEADERS
initialize_body = _common.initialize_body
run_server = _common.run_server
