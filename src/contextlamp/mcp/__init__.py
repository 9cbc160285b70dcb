"""Edge: the MCP server (tool definitions, stdio transport)."""
