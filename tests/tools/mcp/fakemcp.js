#!/usr/bin/env node
// A fake MCP server for tests/auto/mcp: misbehaves on purpose, and records what the client sent so the
// tests can check values. Usage: node fakemcp.js MODE [PORT]
//   normal      a small server over stdio (tools below)
//   malformed   answers initialize with a line that is not JSON-RPC
//   silent      reads everything, answers nothing (initialize times out)
//   oldversion  answers initialize with protocol version 2024-11-05
//   http PORT   the normal server over Streamable HTTP on 127.0.0.1:PORT, JSON bodies (no SSE) but for
//               the tools drop, quiet and gone; a GET without Last-Event-ID (a stream of its own) gets 405
// Tools (normal, http): tools/list in two pages (first, then second); tools/call of
//   wait       never answers (to be cancelled or to time out)
//   cancelled  the notifications/cancelled seen so far, as JSON text
//   ask        sends elicitation/create and sampling/createMessage to the client, answers with its replies
//   huge       answers with one line over 50 MB
//   garbage    answers with a line that is not JSON
//   exit       writes a last stderr line and exits with code 3
//   stderr     writes to stderr, answers "done"
//   headers    (http) the MCP headers of this POST, as JSON text
//   change     sends notifications/tools/list_changed, then answers
//   fail       an isError result
//   drop       (http) an SSE stream that ends after its priming event (id drop-1, retry 100 ms); the GET
//              with Last-Event-ID drop-1 carries the answer "resumed after drop-1" and stays open
//   quiet      (http) the same with id quiet-1, retry 50 ms; every GET resuming it ends with nothing on it
//   gone       (http) the same with id gone-1; a GET resuming it gets 405
//   resumes    (http) the GETs seen so far: [{lastEventId, delayMs (since the stream it resumes ended),
//              closed (by the client)}], as JSON text
'use strict';

const mode = process.argv[2] || 'normal';
// With FAKE_MCP_PID_FILE in the environment (the configuration's "env"), the pid is written there first.
if (process.env.FAKE_MCP_PID_FILE)
    require('fs').writeFileSync(process.env.FAKE_MCP_PID_FILE, String(process.pid));
// With FAKE_MCP_STUBBORN, the server outlives its stdin and ignores SIGTERM: only a kill ends it.
const stubborn = !!process.env.FAKE_MCP_STUBBORN;
if (stubborn)
    process.on('SIGTERM', () => {});
const cancellations = [];
const pendingAsks = new Map(); // server request id -> {callId, replies}

function text(value) {
    return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] };
}

// Handles one request or notification; send(obj) writes a message to the client.
function handle(message, send, headers) {
    if (message.method === 'initialize') {
        if (mode === 'malformed') {
            process.stdout.write('this is not JSON-RPC at all\n');
            return;
        }
        if (mode === 'silent')
            return;
        const version = mode === 'oldversion' ? '2024-11-05' : message.params.protocolVersion;
        send({ jsonrpc: '2.0', id: message.id, result: {
            protocolVersion: version, capabilities: { tools: { listChanged: true } },
            serverInfo: { name: 'fake-mcp', version: '1.2.3' } } });
        return;
    }
    if (mode === 'silent')
        return;
    if (message.method === 'notifications/cancelled') {
        cancellations.push(message.params);
        return;
    }
    if (message.method === 'ping') {
        send({ jsonrpc: '2.0', id: message.id, result: {} });
        return;
    }
    if (message.method === 'tools/list') {
        const second = message.params && message.params.cursor === 'page-2';
        const tool = { name: second ? 'second' : 'first', inputSchema: { type: 'object' },
                       annotations: { readOnlyHint: !second } };
        const result = { tools: [tool] };
        if (!second)
            result.nextCursor = 'page-2';
        send({ jsonrpc: '2.0', id: message.id, result });
        return;
    }
    if (message.method !== 'tools/call') {
        if (message.id !== undefined && message.method !== undefined)
            send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no such method' } });
        return;
    }
    const name = message.params.name;
    const answer = (result) => send({ jsonrpc: '2.0', id: message.id, result });
    switch (name) {
    case 'wait':
        return;
    case 'cancelled':
        return answer(text(cancellations));
    case 'ask': {
        const ask = { callId: message.id, replies: {} };
        pendingAsks.set('elicit-1', ask);
        pendingAsks.set('sample-1', ask);
        send({ jsonrpc: '2.0', id: 'elicit-1', method: 'elicitation/create',
               params: { message: 'Your name?', requestedSchema: { type: 'object', properties: {} } } });
        send({ jsonrpc: '2.0', id: 'sample-1', method: 'sampling/createMessage',
               params: { messages: [], maxTokens: 5 } });
        return;
    }
    case 'huge': {
        const big = 'x'.repeat(51 * 1024 * 1024);
        process.stdout.write('{"jsonrpc":"2.0","id":' + message.id + ',"result":{"content":[{"type":"text","text":"' + big + '"}]}}\n');
        return;
    }
    case 'garbage':
        process.stdout.write('<html>oops</html>\n');
        return;
    case 'exit':
        process.stderr.write('dying on purpose\n', () => process.exit(3));
        return;
    case 'stderr':
        process.stderr.write('a line for the log only\n');
        return answer(text('done'));
    case 'headers':
        return answer(text(headers || {}));
    case 'change':
        send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
        return answer(text('changed'));
    case 'fail':
        return answer({ content: [{ type: 'text', text: 'it went wrong' }], isError: true });
    default:
        return answer({ content: [{ type: 'text', text: 'unknown tool ' + name }], isError: true });
    }
}

function onReply(message, send) {
    const ask = pendingAsks.get(message.id);
    if (!ask)
        return;
    pendingAsks.delete(message.id);
    ask.replies[message.id] = message.error || message.result;
    if (Object.keys(ask.replies).length === 2)
        send({ jsonrpc: '2.0', id: ask.callId, result: text(ask.replies) });
}

function dispatch(message, send, headers) {
    if (message.method === undefined && message.id !== undefined)
        return onReply(message, send);
    return handle(message, send, headers);
}

// The http streams that end before their answer (drop, quiet, gone) and the GETs that resume them.
const gets = [];
const endedAt = {}; // event id -> when its stream ended
const pendingDrops = new Map(); // event id -> the tools/call id it answers
const sseHeaders = { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'fake-session-7' };

function endEarly(message, res) {
    const name = message.params.name;
    const id = name + '-1';
    pendingDrops.set(id, message.id);
    res.writeHead(200, sseHeaders);
    res.write('id: ' + id + '\nretry: ' + (name === 'drop' ? 100 : 50) + '\ndata: \n\n');
    setTimeout(() => { endedAt[id] = Date.now(); res.end(); }, 20);
}

function resumeStream(req, res) {
    const last = req.headers['last-event-id'];
    const seen = { lastEventId: last || null, delayMs: last && endedAt[last] ? Date.now() - endedAt[last] : null, closed: false };
    gets.push(seen);
    if (last === 'drop-1' && pendingDrops.has(last)) {
        res.on('close', () => { seen.closed = true; });
        res.writeHead(200, sseHeaders);
        res.write('id: drop-2\ndata: ' + JSON.stringify({ jsonrpc: '2.0', id: pendingDrops.get(last), result: text('resumed after drop-1') }) + '\n\n');
        pendingDrops.delete(last);
        return; // left open: the client closes it once it has the answer
    }
    if (last === 'quiet-1') {
        res.writeHead(200, sseHeaders);
        res.end(': nothing yet\n\n');
        endedAt[last] = Date.now();
        return;
    }
    // No stream of its own, and nothing to resume: everything comes in the POST replies.
    res.writeHead(405, { Allow: 'POST, DELETE' });
    res.end();
}

if (mode === 'http') {
    const http = require('http');
    const server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => { body += chunk; });
        req.on('end', () => {
            if (req.method === 'DELETE') {
                res.writeHead(200);
                res.end();
                return;
            }
            if (req.method === 'GET')
                return resumeStream(req, res);
            const message = JSON.parse(body);
            if (message.method === 'tools/call' && ['drop', 'quiet', 'gone'].includes(message.params.name))
                return endEarly(message, res);
            if (message.method === 'tools/call' && message.params.name === 'resumes') {
                res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'fake-session-7' });
                res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: text(gets) }));
                return;
            }
            const headers = { session: req.headers['mcp-session-id'] || null,
                              version: req.headers['mcp-protocol-version'] || null,
                              accept: req.headers['accept'] || null };
            let answered = false;
            dispatch(message, (reply) => {
                answered = true;
                res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'fake-session-7' });
                res.end(JSON.stringify(reply));
            }, headers);
            if (!answered && message.id === undefined) {
                res.writeHead(202);
                res.end();
            }
        });
    });
    server.listen(Number(process.argv[3]), '127.0.0.1', () => process.stderr.write('fake MCP listening\n'));
} else {
    let buffer = '';
    const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => {
        buffer += chunk;
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            if (line.trim())
                dispatch(JSON.parse(line), send);
        }
    });
    process.stdin.on('end', () => {
        if (stubborn)
            setInterval(() => {}, 1000);
        else
            process.exit(0);
    });
}
