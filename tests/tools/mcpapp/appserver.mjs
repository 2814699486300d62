// A small MCP App server for tests/auto/mcpapps (issue 16 "MCP Apps"), built with the official SDKs
// (@modelcontextprotocol/sdk and @modelcontextprotocol/ext-apps, pinned in package-lock.json). Over stdio.
//   show_weather {city}: a tool with a view (ui://fixture/weather.html); text "CITY: 21 °C" and
//                        structuredContent {city, celsius}.
//   counter_add {n}:     visible to the app only (_meta.ui.visibility ["app"]); "count: TOTAL".
//   counter_reset {}:    for the model only (_meta.ui.visibility ["model"]): sets the counter to 0; an app
//                        may not call it.
// The view asks in its _meta.ui.csp for a network domain (Tessera refuses it) and uses the ext-apps App
// class: it shows the tool input and result, calls counter_add, sends ui/message and opens a link from
// buttons the tests press (#add, #ask, #link), and answers ui/resource-teardown.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { registerAppTool, registerAppResource, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { z } from "zod";

const require = createRequire(import.meta.url);
const VIEW = "ui://fixture/weather.html";

// The browser bundle of the App class, as one inline module: its closing `export{a as B,…}` becomes an
// object on window, since a view may load no script from elsewhere (CSP script-src has no other source).
function appBundle() {
  const path = require.resolve("@modelcontextprotocol/ext-apps/app-with-deps");
  const source = readFileSync(path, "utf8");
  const at = source.lastIndexOf("export{");
  const names = source.slice(at + 7, source.indexOf("}", at)).split(",").map((pair) => {
    const [local, exported] = pair.split(" as ");
    return `${JSON.stringify(exported ?? local)}:${local}`;
  });
  return source.slice(0, at) + `;window.McpApps={${names.join(",")}};`;
}

const html = `<!DOCTYPE html><html><head><title>Weather</title>
<style>body{font-family:sans-serif;margin:8px} #result{font-size:20px;font-weight:bold}</style></head>
<body><div id="status">connecting</div><div id="input"></div><div id="result"></div><div id="count"></div>
<button id="add">Add one</button><button id="ask">Ask</button><button id="link">Docs</button>
<script type="module">${appBundle()}
const { App } = window.McpApps;
const app = new App({ name: "tessera-fixture-app", version: "1.0.0" }, {}, { autoResize: true });
const set = (id, text) => { document.getElementById(id).textContent = text; };
app.ontoolinput = (params) => set("input", "input: " + JSON.stringify(params.arguments));
app.ontoolresult = (result) => set("result", (result.content || []).map((c) => c.text || "").join(" "));
app.onteardown = async () => { document.body.dataset.teardown = "1"; return {}; };
document.getElementById("add").onclick = () => {
  set("count", "calling");
  app.callServerTool({ name: "counter_add", arguments: { n: 2 } })
    .then((r) => set("count", r.content[0].text), (e) => set("count", "error: " + e.message));
};
document.getElementById("ask").onclick = () => {
  app.sendMessage({ role: "user", content: [{ type: "text", text: "Tell me more about the weather in Lisbon" }] })
    .then(() => set("status", "message sent"), (e) => set("status", "message error: " + e.message));
};
document.getElementById("link").onclick = () => {
  app.openLink({ url: "https://example.com/weather" })
    .then(() => set("status", "link opened"), (e) => set("status", "link error: " + e.message));
};
app.connect().then(() => {
  const context = app.getHostContext() || {};
  set("status", "connected theme=" + context.theme + " mode=" + context.displayMode);
  document.body.dataset.connected = "1";
}, (e) => set("status", "connect error: " + e.message));
</script></body></html>`;

const server = new McpServer({ name: "fixture-apps", version: "1.0.0" });
let count = 0;

registerAppTool(server, "show_weather", {
  description: "Shows the weather of a city in an app.",
  inputSchema: { city: z.string() },
  _meta: { ui: { resourceUri: VIEW } },
}, async ({ city }) => ({
  content: [{ type: "text", text: `${city}: 21 °C` }],
  structuredContent: { city, celsius: 21 },
}));

registerAppTool(server, "counter_add", {
  description: "Adds n to a counter (for the app only).",
  inputSchema: { n: z.number() },
  _meta: { ui: { resourceUri: VIEW, visibility: ["app"] } },
}, async ({ n }) => {
  count += n;
  return { content: [{ type: "text", text: `count: ${count}` }] };
});

registerAppTool(server, "counter_reset", {
  description: "Sets the counter to 0 (for the model only).",
  inputSchema: {},
  _meta: { ui: { resourceUri: VIEW, visibility: ["model"] } },
}, async () => {
  count = 0;
  return { content: [{ type: "text", text: "count: 0" }] };
});

registerAppResource(server, "weather view", VIEW, { mimeType: RESOURCE_MIME_TYPE }, async () => ({
  contents: [{
    uri: VIEW,
    mimeType: RESOURCE_MIME_TYPE,
    text: html,
    _meta: { ui: { csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] } } },
  }],
}));

await server.connect(new StdioServerTransport());
