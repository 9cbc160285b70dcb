"""Edge: the HTTP server (MCP over Streamable HTTP, bearer-token auth, limits, export)."""
