#pragma once

// MCP servers as other MCP hosts configure them (issue 16), so a person can paste what they already have:
//
//   {"mcpServers": {
//       "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
//                 "env": {"KEY": "value"}},
//       "remote": {"url": "https://example.org/mcp"}}}
//
//  - A server is either stdio ("command", optional "args" array of strings, optional "env" object of
//    strings) or Streamable HTTP ("url": https, or http on a loopback host only). Not both.
//  - A url server may have "headers" (an object of strings, sent with every request: "Authorization", …).
//  - "disabled": true (what several clients write) keeps the server listed but not started; a boolean.
//  - Other members of a server ("cwd", …) are ignored, except "type" which, when present, must agree
//    ("stdio", or "http" / "streamable-http" / "streamableHttp" for a url).
//  - Names: 1..64 characters of letters, digits, '_' and '-' (they become part of tool names later).
//  - Errors name the JSON Pointer of the offending value: "/mcpServers/files/args/1: must be a string".

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Tessera {

struct McpServerConfig
{
    enum class Transport { Stdio, Http };

    QString name;
    Transport transport = Transport::Stdio;
    QString command;               // stdio: the program (looked up on PATH)
    QStringList args;              // stdio
    QMap<QString, QString> env;    // stdio: added to Tessera's own environment
    QUrl url;                      // http
    QMap<QString, QString> headers; // http: sent with every request (secrets: mcpserversettings.h)
    bool enabled = true;           // false: listed, never started ("disabled": true)

    QString transportName() const { return transport == Transport::Stdio ? QStringLiteral("stdio") : QStringLiteral("http"); }
    // "npx -y server /tmp" or the URL, for messages.
    QString describe() const;
};

struct McpConfig
{
    QList<McpServerConfig> servers; // sorted by name
    const McpServerConfig *server(const QString &name) const;
};

// Parses the JSON text; false with *error ("/mcpServers/x/url: …", or the parser's message) when it is not
// the shape above.
bool parseMcpConfig(const QByteArray &json, McpConfig *config, QString *error);
// Reads and parses a file (at most 1 MiB); errors start with the file name.
bool loadMcpConfigFile(const QString &path, McpConfig *config, QString *error);

// Whether an http(s) URL may be used: https anywhere, http only to localhost, 127.0.0.0/8 or ::1 (a server
// elsewhere would get the conversation's tool arguments in clear text). Empty when fine, else why not; another
// scheme (file:, javascript:, ftp:) is named in the message: "only https:// URLs, or http:// on this machine
// (localhost, 127.0.0.1, ::1), are accepted, not file:".
QString mcpUrlProblem(const QUrl &url);
// Whether a "headers" name may be sent: an HTTP token, and not one the transport sets itself (Accept,
// Content-Type, Mcp-Session-Id, MCP-Protocol-Version, …).
bool mcpHeaderNameIsUsable(const QString &name);

} // namespace Tessera
