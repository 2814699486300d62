#pragma once

// An MCP client (issue 16): JSON-RPC 2.0 over a transport (stdio or Streamable HTTP), for one server.
//
//  - start(): opens the transport and sends "initialize" offering kProtocolVersions.first(); the server's
//    answer is accepted when it is one of kProtocolVersions, else failed() says which it spoke. Then
//    "notifications/initialized", and ready(). The client capabilities declared are "elicitation" (form
//    mode; no sampling, no roots) and the MCP Apps extension (mcp/mcpapp.h): a server request for anything else gets a JSON-RPC error (-32601).
//  - elicitation/create: by elicitationPolicy(), declined at once (the default: headless runs), cancelled
//    at once, or (Ask) elicitationRequested() and the caller's answerElicitation(). While a form is open
//    the request timers stop (a person is typing, the server is waiting for them) and start over after.
//    A schema Tessera cannot show as a form is answered with JSON-RPC error -32602 naming why.
//  - Requests (listTools, callTool, readResource, ping) return an McpReply, owned by the client (delete it
//    when done, or it goes with the client). Each has a timeout (timeoutMs(), 60 s by default); progress
//    for it (tools/call asks with a progressToken) restarts that timer, within kMaxCallMs in all. A timeout
//    or cancel() sends "notifications/cancelled".
//  - Anything the server sends that is not JSON-RPC 2.0 (not JSON, not an object, a batch, no "jsonrpc":
//    "2.0") ends the connection with a message naming where it came and what it started with: a server
//    that writes to stdout what is not MCP is broken (MCP stdio transport: "MUST NOT").
//  - A server that exits, crashes or cannot be reached finishes every pending reply with that message.
//  - Messages over the transport's cap (50 MiB) are refused with a message; they never reach a parser.
//  - Requests run only while ready(); made before, or after failed(), they finish with an error.
// Signals are emitted on the client's thread; replies finish at the earliest on the next event-loop turn.

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <mcp/mcpconfig.h>
#include <mcp/mcpelicitation.h>

namespace Tessera {

class McpClient;
class McpTransport;

class McpReply : public QObject
{
    Q_OBJECT

public:
    enum class Error {
        None,
        Remote,    // the server answered with a JSON-RPC error (remoteCode())
        Timeout,   // no answer within the timeout; the server was told to cancel
        Cancelled, // cancel(); the server was told
        Transport, // the server exited, is unreachable, refused an oversize message…
        Protocol,  // the server sent something that is not JSON-RPC, or an answer of the wrong shape
        NotReady,  // made while the client was not ready
    };
    Q_ENUM(Error)

    QString method() const { return m_method; }
    bool isFinished() const { return m_finished; }
    Error error() const { return m_error; }
    // A sentence for a person: "tools/call timed out after 60 s", "the server exited with code 1: …".
    QString errorString() const { return m_errorString; }
    int remoteCode() const { return m_remoteCode; }
    // The JSON-RPC "result" (an object), when error() is None.
    const nlohmann::json &result() const { return m_result; }

    // Asks the server to stop and finishes this reply with Error::Cancelled. Nothing when finished.
    void cancel(const QString &reason = QStringLiteral("cancelled by the user"));

Q_SIGNALS:
    // notifications/progress for this request: `total` is 0 when the server did not say.
    void progress(double progress, double total, const QString &message);
    void finished();

private:
    friend class McpClient;
    McpReply(const QString &method, McpClient *client);

    QString m_method;
    QPointer<McpClient> m_client;
    qint64 m_id = -1;
    bool m_finished = false;
    Error m_error = Error::None;
    QString m_errorString;
    int m_remoteCode = 0;
    nlohmann::json m_result = nlohmann::json::object();
};

// One tool from tools/list (MCP "Tool"); unknown members are kept in `raw`.
struct McpTool
{
    QString name;
    QString title;
    QString description;
    nlohmann::json inputSchema = nlohmann::json::object();
    nlohmann::json outputSchema;                          // null when none
    nlohmann::json annotations = nlohmann::json::object(); // readOnlyHint, destructiveHint, …
    nlohmann::json raw;
};

// A tools/call result (MCP "CallToolResult").
struct McpToolResult
{
    nlohmann::json content = nlohmann::json::array(); // content blocks: text, image, audio, resource_link, resource
    nlohmann::json structuredContent;                 // null when absent
    bool isError = false;

    // The text of every "text" block, joined by newlines; other blocks as "[image image/png]" and the like.
    QString text() const;
};

// Reads a tools/list page's "tools" into *tools (appending); false with *error naming the pointer.
bool parseMcpTools(const nlohmann::json &result, QList<McpTool> *tools, QString *error);
// Reads a tools/call result; false with *error naming the pointer.
bool parseMcpToolResult(const nlohmann::json &result, McpToolResult *out, QString *error);

class McpClient : public QObject
{
    Q_OBJECT

public:
    // Newest first: what Tessera offers is the first; an answer among these is accepted (decisions.md).
    static const QStringList kProtocolVersions;
    static constexpr int kDefaultTimeoutMs = 60 * 1000;
    static constexpr int kDefaultInitializeTimeoutMs = 30 * 1000;
    static constexpr int kMaxCallMs = 30 * 60 * 1000; // progress never keeps a call alive past this
    static constexpr int kMaxToolPages = 100;          // tools/list pages followed (nextCursor)

    enum class State { Idle, Starting, Ready, Failed, Closed };
    Q_ENUM(State)
    enum class ElicitationPolicy { Decline, Cancel, Ask };
    Q_ENUM(ElicitationPolicy)

    // Makes the transport the config asks for (stdio or Streamable HTTP).
    explicit McpClient(const McpServerConfig &config, QObject *parent = nullptr);
    // Over a transport of the caller's making (the JSON-RPC fuzz harness, tests); the client takes it
    // (it becomes the client's child) and ignores config's transport fields.
    McpClient(const McpServerConfig &config, McpTransport *transport, QObject *parent = nullptr);
    ~McpClient() override;

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }
    void setInitializeTimeoutMs(int ms) { m_initializeTimeoutMs = ms; }
    // Not owned by the caller; valid for the client's life (tests reach the stdio child's pid through it).
    McpTransport *transport() const { return m_transport; }
    const McpServerConfig &config() const { return m_config; }

    void setElicitationPolicy(ElicitationPolicy policy) { m_elicitationPolicy = policy; }
    ElicitationPolicy elicitationPolicy() const { return m_elicitationPolicy; }
    // Answers the elicitation `key` (from elicitationRequested) once: action "accept" (with `content`, an
    // object made by McpElicitationForm::content), "decline" or "cancel". Unknown or answered keys: nothing.
    void answerElicitation(qint64 key, const QString &action, const nlohmann::json &content = nlohmann::json::object());
    int openElicitations() const { return int(m_elicitations.size()); }

    void start();
    // Ends the connection (stdio: closes stdin, then terminates); pending replies finish with an error.
    void close();
    State state() const { return m_state; }
    // Why the client failed (state() == Failed).
    QString errorString() const { return m_errorString; }

    // Known once ready().
    QString protocolVersion() const { return m_protocolVersion; }
    QString serverName() const { return m_serverName; }
    QString serverVersion() const { return m_serverVersion; }
    QString instructions() const { return m_instructions; }
    const nlohmann::json &serverCapabilities() const { return m_serverCapabilities; }

    // tools/list, every page (at most kMaxToolPages): result() is {"tools": [...]} — read with parseMcpTools.
    McpReply *listTools();
    McpReply *callTool(const QString &name, const nlohmann::json &arguments = nlohmann::json::object());
    McpReply *readResource(const QString &uri);
    McpReply *ping();
    // Any request; `params` an object or null.
    McpReply *request(const QString &method, const nlohmann::json &params);

Q_SIGNALS:
    void ready();
    void failed(const QString &error);
    void stateChanged(McpClient::State state);
    // notifications/tools/list_changed: the server's tools changed; list them again.
    void toolsListChanged();
    // elicitation/create with ElicitationPolicy::Ask: show the form, then answerElicitation(key, …).
    void elicitationRequested(qint64 key, const Tessera::McpElicitationForm &form);
    // notifications/message (MCP logging): also written to the log.
    void logMessage(const QString &level, const QString &text);

private:
    friend class McpReply;
    struct Pending
    {
        QPointer<McpReply> reply;
        QTimer *timer = nullptr; // Owned (child of the client).
        qint64 startedMs = 0;
        int timeoutMs = 0;
    };

    McpReply *send(const QString &method, nlohmann::json params, int timeoutMs);
    void sendNotification(const char *method, const nlohmann::json &params);
    void sendInitialize();
    void onInitialized(McpReply *reply);
    void onMessage(const QByteArray &bytes, const QString &where);
    void onResponse(const nlohmann::json &message);
    void onServerRequest(const nlohmann::json &message);
    void onNotification(const nlohmann::json &message);
    void onRequestFailed(const QString &key, const QString &error);
    void onTimeout(qint64 id);
    void cancelRequest(McpReply *reply, const QString &reason);
    void finish(qint64 id, McpReply::Error error, const QString &errorString, const nlohmann::json &result = nlohmann::json::object(), int code = 0);
    void fail(const QString &error);
    void setState(State state);
    void continueToolList(McpReply *outer, McpReply *page, int pages);

    McpServerConfig m_config;
    McpTransport *m_transport = nullptr; // Owned (child QObject).
    State m_state = State::Idle;
    QString m_errorString;
    QHash<qint64, Pending> m_pending;
    qint64 m_nextId = 1;
    int m_timeoutMs = kDefaultTimeoutMs;
    int m_initializeTimeoutMs = kDefaultInitializeTimeoutMs;
    QString m_protocolVersion;
    QString m_serverName;
    QString m_serverVersion;
    QString m_instructions;
    nlohmann::json m_serverCapabilities = nlohmann::json::object();
    ElicitationPolicy m_elicitationPolicy = ElicitationPolicy::Decline;
    QHash<qint64, nlohmann::json> m_elicitations; // key -> the server's request id
    qint64 m_nextElicitation = 1;
};

} // namespace Tessera
