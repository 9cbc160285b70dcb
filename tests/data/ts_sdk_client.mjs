// The TypeScript SDK's client against contextlamp (tests/test_mcp_revisions.py): connects over stdio
// (argv: stdio <command> <args...>) or Streamable HTTP (argv: http <url> <token>), lists the tools, saves a memory
// and finds it again; prints one JSON line: the negotiated version, the tool names and the pack found.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [kind, ...rest] = process.argv.slice(2);
const transport =
  kind === "stdio"
    ? new StdioClientTransport({ command: rest[0], args: rest.slice(1), env: process.env, stderr: "ignore" })
    : new StreamableHTTPClientTransport(new URL(rest[0]), {
        requestInit: { headers: { Authorization: `Bearer ${rest[1]}` } },
      });
const client = new Client({ name: "ts-sdk-client", version: "1.0.0" });
await client.connect(transport);
const tools = (await client.listTools()).tools.map((t) => t.name).sort();
const content = `The TypeScript SDK saved this over ${kind}`;
const saved = await client.callTool({ name: "save_context", arguments: { content } });
const found = await client.callTool({ name: "get_context", arguments: { query: content } });
const pack = found.structuredContent.packs.find((p) => p.id === saved.structuredContent.id);
console.log(JSON.stringify({ version: transport.protocolVersion ?? null, tools, pack }));
await client.close();
