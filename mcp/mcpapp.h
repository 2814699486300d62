#pragma once

// MCP Apps (issue 16 "MCP Apps"; the MCP Apps extension, SEP-1865): a tool whose tools/list entry has
// _meta.ui.resourceUri = "ui://…" comes with an HTML view the server serves by resources/read with
// mimeType "text/html;profile=mcp-app". Tessera draws it in the canvas sandbox (canvas/mcpappview.h) and
// speaks the extension's JSON-RPC over postMessage with it through McpAppBridge. Qt Core only: the
// protocol is tested without a display.
//
// The stored form (McpAppRecord::toJson) is the member "tessera_app" of the hosted tool's result line:
//   {"uri", "html", "server", "tool", "arguments": {…}, "result": CallToolResult, "csp_refused": [domains]}
// so a replay draws the app as it was, offline.

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <nlohmann/json.hpp>

namespace Tessera {

namespace McpApp {
inline constexpr char kMimeType[] = "text/html;profile=mcp-app";
inline constexpr char kUriScheme[] = "ui";
inline constexpr qsizetype kMaxHtmlBytes = 4 * 1024 * 1024; // a bigger view is refused, not drawn
// The protocol versions of the extension Tessera answers ui/initialize with (newest first).
inline const QStringList kProtocolVersions = {QStringLiteral("2026-01-26"), QStringLiteral("2025-11-21")};

// The tool's view, from its tools/list entry (_meta.ui.resourceUri, or the older _meta["ui/resourceUri"]).
// Empty when it has none or it is not a ui:// address.
QString resourceUriOf(const nlohmann::json &toolEntry);
// Whether the tool may be called by the model (_meta.ui.visibility absent or containing "model").
bool isVisibleToModel(const nlohmann::json &toolEntry);
// Whether the tool's server lets its views call it (_meta.ui.visibility absent or containing "app"); a
// tool for the model only ("visibility": ["model"]) is not an app's to call.
bool isVisibleToApp(const nlohmann::json &toolEntry);
} // namespace McpApp

// What is stored with the tool result and drawn (see the header comment).
struct McpAppRecord
{
    QString uri;
    QString html;
    QString server;
    QString tool;     // the server's own name
    nlohmann::json arguments = nlohmann::json::object();
    nlohmann::json result = nlohmann::json::object(); // the CallToolResult as the server sent it
    QStringList cspRefused; // network domains _meta.ui.csp asked for; never granted (decisions.md)

    nlohmann::json toJson() const;
    // From a stored "tessera_app" object; false with *error naming the member.
    static bool fromJson(const nlohmann::json &value, McpAppRecord *out, QString *error);
};

// Reads a resources/read result for `uri`: the first content with that uri (or the only one), its
// mimeType must be kMimeType, its text (or base64 blob) the HTML, at most kMaxHtmlBytes. _meta.ui.csp's
// connectDomains, resourceDomains, frameDomains and baseUriDomains are gathered into *cspRefused.
// False with *error saying why.
bool parseMcpAppResource(const nlohmann::json &result, const QString &uri, QString *html, QStringList *cspRefused,
                         QString *error);

// The host side of the app's JSON-RPC (one per drawn view). Feed every message the page posts to
// receive(); what the host sends comes out of send(). Rules:
//  - ui/initialize is answered with hostInfo, hostCapabilities (openLinks, serverTools while the server is
//    connected, message with text) and hostContext (theme, locale, displayMode "inline", available modes);
//  - notifications wait until ui/notifications/initialized; then tool-input, then tool-result go out
//    (each once, in that order, whenever both the handshake and the data are there);
//  - tools/call: toolCallRequested(id, name, arguments); the caller answers with answerToolCall (a result
//    object or an error). Refused at once (-32603) while no server is connected (setServerConnected);
//  - ui/message: the text parts of a user message -> messageRequested(text); answered {} at once;
//  - ui/open-link: an https address -> openLinkRequested(url, id), answered by answerOpenLink(id, opened);
//    any other scheme is an error (-32602);
//  - ui/notifications/size-changed: sizeRequested(width, height), each bounded to 0..100000;
//  - ping: {}; ui/request-display-mode: {"mode": "inline"} (the only one offered);
//  - teardown(): sends ui/resource-teardown and reports teardownFinished() on the answer or after
//    kTeardownTimeoutMs, whichever comes first;
//  - anything else: a request gets -32601, a malformed message -32600 (or -32700 for text that is not
//    JSON), with the id when there is one; notifications that are not known are dropped (logged).
// Messages over kMaxMessageBytes are refused (-32600). Nothing here throws.
class McpAppBridge : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype kMaxMessageBytes = 4 * 1024 * 1024;
    static constexpr int kTeardownTimeoutMs = 500;
    static constexpr int kMaxDimension = 100000;

    struct HostContext
    {
        QString theme = QStringLiteral("light"); // "light" or "dark"
        QString locale = QStringLiteral("en-US"); // BCP 47
        QString displayMode = QStringLiteral("inline");
    };

    explicit McpAppBridge(QObject *parent = nullptr);

    void setHostContext(const HostContext &context) { m_context = context; }
    void setServerConnected(bool connected) { m_serverConnected = connected; }
    bool isServerConnected() const { return m_serverConnected; }
    void setToolInput(const nlohmann::json &arguments);
    void setToolResult(const nlohmann::json &result);

    bool isInitialized() const { return m_initialized; } // ui/notifications/initialized arrived
    QString appName() const { return m_appName; }        // from ui/initialize's appInfo
    QString protocolVersion() const { return m_protocolVersion; }
    int refusedCount() const { return m_refused; }       // messages answered with an error

    void receive(const QString &text);
    void answerToolCall(const QString &id, const nlohmann::json &result);
    void failToolCall(const QString &id, const QString &message);
    void answerOpenLink(const QString &id, bool opened);
    void teardown();

Q_SIGNALS:
    void send(const QString &text); // one JSON-RPC message, compact JSON
    void initialized();
    void toolCallRequested(const QString &id, const QString &name, const nlohmann::json &arguments);
    void messageRequested(const QString &text);
    void openLinkRequested(const QUrl &url, const QString &id);
    void sizeRequested(int width, int height); // -1: not given
    void teardownFinished();

private:
    void onRequest(const nlohmann::json &id, const QString &method, const nlohmann::json &params);
    void onNotification(const QString &method, const nlohmann::json &params);
    void reply(const nlohmann::json &id, const nlohmann::json &result);
    void error(const nlohmann::json &id, int code, const QString &message);
    void notify(const char *method, const nlohmann::json &params);
    void flush();
    static QString idKey(const nlohmann::json &id);

    HostContext m_context;
    bool m_serverConnected = false;
    bool m_initializeAnswered = false;
    bool m_initialized = false;
    bool m_inputSent = false;
    bool m_resultSent = false;
    bool m_tearingDown = false;
    nlohmann::json m_toolInput;  // null until set
    nlohmann::json m_toolResult; // null until set
    QString m_appName;
    QString m_protocolVersion;
    int m_refused = 0;
    qint64 m_nextId = 1;
    QString m_teardownId;
    QHash<QString, nlohmann::json> m_pending; // id key -> the app's request id (tools/call, open-link)
};

} // namespace Tessera
