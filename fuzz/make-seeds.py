#!/usr/bin/env python3
"""Writes fuzz/corpus/<harness>/ from the fixtures in tests/data/ (rerun it when they change).

Only small seeds (at most MAX_SEED bytes): the fuzzer grows inputs itself, and the repository stays small.
The hostile fixtures' 400 KB nesting lines are left out (tests/auto/hostile covers them).
"""
import hashlib
import json
import pathlib
import re
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
OUT = ROOT / "fuzz" / "corpus"
MAX_SEED = 8192
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})dorkos-ui[^\n]*\n(.*?)^ {0,3}\1", re.M | re.S)


def jsonl_lines():
    for name in ("dorkos-widgets.jsonl", "jsonrender.jsonl", "hostile.jsonl", "openai/history.jsonl"):
        for raw in (DATA / name).read_bytes().split(b"\n"):
            if raw.strip() and len(raw) <= MAX_SEED:
                yield raw


def parsed_lines():
    for raw in jsonl_lines():
        try:
            yield raw, json.loads(raw)
        except ValueError:
            continue


def envelopes(message):
    card = (message.get("structured") or {}).get("card") if isinstance(message, dict) else None
    if card is not None:
        yield ("card", card)
    for call in message.get("tool_calls") or [] if isinstance(message, dict) else []:
        function = call.get("function") or {}
        yield (function.get("name"), function.get("arguments"))


def seeds():
    wire = [
        b'{"type":"turn.started","turnId":"t1"}',
        b'{"type":"message.delta","turnId":"t1","text":"Here are your **numbers**. "}',
        b'{"type":"card.update","cardId":"call_1","state":"live","turnId":"t1"}',
        b'{"type":"turn.completed","turnId":"t1"}',
        b'{"type":"error","message":"the backend gave up","turnId":"t1"}',
        b'{"type":"session.hello","version":1}',
    ]
    for raw, message in parsed_lines():
        yield "transcriptline", raw
        if len(raw) < MAX_SEED - 64:
            wire.append(b'{"type":"message","turnId":"t1","message":' + raw + b"}")
        if not isinstance(message, dict):
            continue
        for name, value in envelopes(message):
            if name == "card":
                yield "cardenvelope", json.dumps(value).encode()
                if isinstance(value, dict) and value.get("kind") == "json_render":
                    yield "jsonrenderspec", json.dumps(value.get("payload")).encode()
                if isinstance(value, dict) and value.get("kind") == "dorkos_ui":
                    yield "widgetdocument", json.dumps(value.get("payload")).encode()
            elif isinstance(value, str):
                yield "cardenvelope", value.encode()
                if name == "send_card":
                    try:
                        yield "jsonrenderspec", json.dumps(json.loads(value).get("spec")).encode()
                    except (ValueError, AttributeError):
                        pass
        content = message.get("content")
        if message.get("role") == "assistant" and isinstance(content, str) and "dorkos-ui" in content:
            yield "widgetfence", content.encode()
            for match in FENCE.finditer(content):
                yield "widgetdocument", match.group(2).encode()
    for event in wire:
        yield "wireevent", event
    # Byte 0 of an SSE seed picks the feed sizes (fuzzentries.h): 0 is one feed, 7 small pieces.
    for path in sorted((DATA / "openai").glob("*.sse")):
        stream = path.read_bytes()
        if len(stream) < MAX_SEED:
            yield "ssestream", b"\x07" + stream
    yield "ssestream", b"\x00data: a\r\ndata: b\r\r: keep-alive\n\nevent: x\ndata\n\n"
    yield from jsonrpc_seeds()
    yield from mcpconfig_seeds()
    yield from transcriptfile_seeds()


# Whole small conversations, as the transcriptfile harness reads them (byte 0 picks the piece size, byte 1
# the page size, bytes 2 and 3 the count's threads and run length; they are also the text's first bytes).
def transcriptfile_seeds():
    for path in sorted(DATA.rglob("*.jsonl")):
        text = path.read_bytes()
        if len(text) <= MAX_SEED:
            yield "transcriptfile", text
    lines = [raw for raw in jsonl_lines() if len(raw) <= 1024]
    for start in range(0, len(lines), 5):
        yield "transcriptfile", b"\n".join(lines[start:start + 5]) + b"\n"
    yield "transcriptfile", b"\xEF\xBB\xBF{\"role\":\"user\",\"content\":\"a\"}\r\n\r\n \t\n{\"role\":\"assistant\",\"content\":\"b\"}\r"


# What MCP servers send (tools/list, tools/call, progress, requests, errors), as the jsonrpc harness
# reads it: byte 0 is the mode (fuzzentries.h: bit 0 answers initialize, bit 1 cancels, bit 2 processes
# events after each message), then one message per line. Requests 2, 3 and 4 are pending in mode 1.
def jsonrpc_seeds():
    tools = {"tools": [{"name": "echo", "description": "Echoes", "inputSchema": {"type": "object",
             "properties": {"message": {"type": "string"}}}, "annotations": {"readOnlyHint": True}}],
             "nextCursor": "2"}
    call = {"content": [{"type": "text", "text": "Echo: hi"}, {"type": "image", "data": "", "mimeType": "image/png"}],
            "structuredContent": {"entries": [{"name": "a", "path": "/a"}]}, "isError": False}
    messages = [
        {"jsonrpc": "2.0", "id": 2, "result": tools},
        {"jsonrpc": "2.0", "id": 5, "result": {"tools": []}},
        {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 3, "progress": 1, "total": 4, "message": "working"}},
        {"jsonrpc": "2.0", "id": 3, "result": call},
        {"jsonrpc": "2.0", "id": 4, "error": {"code": -32603, "message": "broken"}},
        {"jsonrpc": "2.0", "id": "s1", "method": "ping"},
        {"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": {"message": "Name?", "requestedSchema": {"type": "object"}}},
        {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"},
        {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": {"x": 1}}},
    ]
    lines = [json.dumps(m).encode() for m in messages]
    for mode in (b"\x01", b"\x03", b"\x05"):
        yield "jsonrpc", mode + b"\n".join(lines)
    for line in lines:
        yield "jsonrpc", b"\x01" + line
    yield "jsonrpc", b"\x00" + json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2024-11-05"}}).encode()
    yield "jsonrpc", b"\x01[{\"jsonrpc\":\"2.0\"}]\nnot json\n{\"id\":2}"


def mcpconfig_seeds():
    yield "mcpconfig", json.dumps({"mcpServers": {
        "everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], "env": {"TOKEN": "x"}},
        "web": {"url": "http://127.0.0.1:3001/mcp", "type": "http"},
        "files": {"type": "stdio", "command": "mcp-server-filesystem", "args": ["/tmp"]}}}).encode()
    yield "mcpconfig", b'{"mcpServers": {"a b": {"url": "http://example.com/mcp"}, "old": {"type": "sse", "url": "https://x"}}}'


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    for harness, seed in seeds():
        folder = OUT / harness
        folder.mkdir(parents=True, exist_ok=True)
        # Named by content, as libFuzzer names its own corpus files: a repeated seed is written once.
        (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)


if __name__ == "__main__":
    main()
