#pragma once

// tessera mcp list|tools|call (issue 16): MCP servers from the command line, for scripts and for debugging a
// server. The servers are those of Settings → Tools (mcp/mcpserversettings.h, secrets from the keyring) and of
// --mcp-config FILE (mcp/mcpconfig.h: the "mcpServers" shape other clients use), which replaces a stored
// server of the same name.
//
//   mcp list                    one line per configured server, tab-separated, after trying initialize:
//                               name, transport, "ok" or "error", then the server's name and version and
//                               "N tools" — or the error; a disabled server: name, transport, "disabled".
//   mcp tools NAME | --url URL  one line per tool, tab-separated: name, annotations (JSON), input schema (JSON).
//   mcp call NAME | --url URL TOOL [ARGUMENTS_JSON]
//                               the result's text content on stdout, then "structuredContent: {…}" when it
//                               has one; progress lines on stderr ("progress 2/5 …"). With a result-to-card
//                               descriptor for the tool (--plugins DIR/tools, cards/toolcarddescriptor.h):
//                               "card: {envelope}", or "card: not made (FILE): /pointer: why".
//   --elicitation decline|cancel|accept|accept=JSON
//                               (call) how a server's elicitation/create form is answered: declined unless
//                               told; accept sends the form's defaults, accept=JSON those values over them
//                               (a value that does not fit the form cancels instead, said on stderr).
//   --timeout SEC               per request (default 60), and for initialize.
// What a server sent is printed escaped (a hostile server must not forge a line or a column, nor drive the
// terminal): in every field, tabs, line breaks, other C0 controls, DEL, C1 controls, the bidi controls
// (U+061C, U+200E/F, U+202A–202E, U+2066–2069) and U+2028/2029 as \t, \n, \r, \x1b, \u0085, \u202e…;
// JSON columns stay valid JSON (\uXXXX). A call's text keeps its line breaks and tabs, and a line of it
// that reads like "structuredContent: " or "card: " gets a backslash in front.
// Exit codes: 0 done; 1 the tool's result has isError, or (list) a server failed; 2 bad usage, a bad
// configuration, or a transport or protocol failure (said on stderr).

#include <QString>
#include <QStringList>

#include <app/commandline.h>

namespace Tessera {

struct McpConfig;

// The verb and what follows "mcp".
CommandLine parseMcpCommand(CommandLine c, const QStringList &args);

int runMcpCommand(const CommandLine &commandLine);

// --mcp-config FILE, read and checked (every command takes it); no flag: an empty configuration.
bool loadMcpConfigArgument(const CommandLine &commandLine, McpConfig *config, QString *error);

} // namespace Tessera
