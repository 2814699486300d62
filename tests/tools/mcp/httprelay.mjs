// Serves a stdio MCP server over Streamable HTTP (issue 16's tests): `node httprelay.mjs COMMAND [ARGS…]`
// starts COMMAND as a stdio child through the official SDK's client, then answers on 127.0.0.1:$PORT/mcp
// as a stateful Streamable HTTP server whose tools/list and tools/call are the child's. It writes
// "listening on port N" to stderr once it takes requests. Test use only: a relay for servers, like
// @modelcontextprotocol/server-filesystem, that speak stdio alone.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
    process.stderr.write('usage: node httprelay.mjs COMMAND [ARGS...]\n');
    process.exit(2);
}
const port = Number(process.env.PORT || 0);

const upstream = new Client({ name: 'tessera-test-relay', version: '1.0.0' });
await upstream.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));

// One SDK server per HTTP session, each forwarding to the one upstream child.
function relayServer() {
    const server = new Server({ name: 'relay:' + (upstream.getServerVersion()?.name ?? command), version: '1.0.0' },
                              { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => upstream.listTools(request.params));
    server.setRequestHandler(CallToolRequestSchema, (request) => upstream.callTool(request.params));
    return server;
}

const sessions = new Map(); // session id -> transport

function readBody(request) {
    return new Promise((resolve, reject) => {
        const parts = [];
        request.on('data', (part) => parts.push(part));
        request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        request.on('error', reject);
    });
}

const httpServer = http.createServer(async (request, response) => {
    if (new URL(request.url, 'http://127.0.0.1').pathname !== '/mcp') {
        response.writeHead(404).end();
        return;
    }
    const sessionId = request.headers['mcp-session-id'];
    let body;
    if (request.method === 'POST') {
        try {
            body = JSON.parse(await readBody(request));
        } catch {
            response.writeHead(400, { 'content-type': 'application/json' })
                .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
            return;
        }
    }
    let transport = sessionId ? sessions.get(sessionId) : undefined;
    if (!transport && request.method === 'POST' && !sessionId && isInitializeRequest(body)) {
        transport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (id) => sessions.set(id, transport),
        });
        transport.onclose = () => { if (transport.sessionId) sessions.delete(transport.sessionId); };
        await relayServer().connect(transport);
    }
    if (!transport) {
        response.writeHead(sessionId ? 404 : 400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'no such session' } }));
        return;
    }
    await transport.handleRequest(request, response, body);
});

httpServer.listen(port, () => {
    process.stderr.write(`listening on port ${httpServer.address().port}\n`);
});
