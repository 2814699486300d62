#pragma once

// The tools of MCP servers offered to the model (issue 16; backend/toolhost.h). One McpClient per
// server, started together; each ready server's tools are listed (and listed again on
// notifications/tools/list_changed) and offered as OpenAI function tools:
//
//  - Name: `server__tool`; characters outside [A-Za-z0-9_-] become '_'. Longer than 64 characters: cut to
//    55 and "_" + 8 hex digits of the SHA-1 of the full `server__tool` appended. Two tools that end up
//    with one name (after the replacing or the cutting): a tool whose name needed no change keeps it,
//    then the others in (server, tool) order; a taken name gets "_2", "_3", … (cut to fit). Every changed
//    name is logged (tessera.mcp, info). So the same servers always give the same names.
//  - description: the server's, prefixed with "[MCP server NAME] "; parameters: the inputSchema as the
//    server sent it (an object; else {"type":"object"}).
//  - call(): tools/call on the right server; the run's text is the result's text content, then
//    structuredContent as compact JSON on a line of its own; isError as the server said; a failed
//    request (timeout, server gone, JSON-RPC error) finishes with its message. cancel() is McpReply::cancel().
//    A result whose tool has a result-to-card descriptor (cards/toolcarddescriptor.h) carries the card
//    built from its structuredContent (ToolRun::cardEnvelope), or the note naming the pointer that failed.
//  - Elicitation: declined by every server (the headless default) unless setAsksForInput(true); then a
//    server's form during one of its calls is that run's inputRequested, and one outside a call is declined.
//
// What is offered is capped (a server listing 20,000 tools made every request 22.8 MB): at most
// kMaxOfferedTools tools whose function objects (name, description, schema) add up to at most
// kMaxOfferedBytes, a tool of more than kMaxToolBytes never. They are taken in turns, one of each
// server at a time (servers by name, each one's tools by offered name), so one server cannot crowd out
// the others and the same lists always give the same choice. What is left out is logged (tessera.mcp,
// warning) and said once in offerNote() / toolsLeftOut(), for the person; the model is not told of it.
//
// ready() once every server has listed its tools or failed (problems() says which and why), so a
// headless run can wait for it; servers that come later still add their tools.

#include <QHash>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <backend/toolhost.h>
#include <mcp/mcpclient.h>
#include <mcp/mcpconfig.h>

namespace Tessera {

class McpToolHost : public ToolHost
{
    Q_OBJECT

public:
    static constexpr int kMaxOfferedTools = 128;
    static constexpr qsizetype kMaxOfferedBytes = 256 * 1024;
    static constexpr qsizetype kMaxToolBytes = 32 * 1024;
    static constexpr int kMaxNamesInNote = 20;

    explicit McpToolHost(const QList<McpServerConfig> &servers, QObject *parent = nullptr);
    ~McpToolHost() override;

    void start();
    // Servers' elicitation forms go to the person through the running call (see above). Default off.
    void setAsksForInput(bool ask);
    bool asksForInput() const { return m_asksForInput; }
    bool isReady() const override { return m_ready; }
    // The servers that have neither listed their tools nor failed yet.
    QStringList pendingSources() const override;
    // "NAME: why" for each server that failed to start or list.
    QStringList problems() const { return m_problems; }
    QList<McpClient *> clients() const; // not owned by the caller

    ToolRun *call(const QString &name, const QByteArray &argumentsJson) override;
    // MCP Apps: a view's own tools/call, to the server that drew it, by the server's own tool name (the
    // app may call tools hidden from the model). Null when that server is not connected. The run's text
    // is as call()'s; its resultJson() is what goes back to the view. A tool the server listed for the
    // model only (McpApp::isVisibleToApp) is refused: the run fails without a tools/call.
    ToolRun *callServerTool(const QString &server, const QString &tool, const nlohmann::json &arguments);
    // False when the server listed `tool` with a visibility that leaves out apps ("visibility": ["model"]).
    bool isAppCallable(const QString &server, const QString &tool) const;
    bool isServerReady(const QString &server) const;

    // The names for (server, tool) pairs, as described above; pairs in any order, result in (server, tool) order.
    struct Entry
    {
        QString server;
        McpTool tool;
    };
    static QList<HostedTool> namespaced(QList<Entry> entries);
    // The tools offered of `all` (as the cap above says), sorted by name; *leftOut gets the others' names
    // in the order they were passed over.
    static QList<HostedTool> capped(const QList<HostedTool> &all, QStringList *leftOut);
    // What the cap left out, for the person ("N of M MCP tools are not offered …"); "" when nothing was.
    QString offerNote() const { return m_offerNote; }

Q_SIGNALS:
    // offerNote() changed to a new non-empty note (said once per distinct note).
    void toolsLeftOut(const QString &note);

private:
    void onClientReady(McpClient *client);
    void onElicitation(McpClient *client, qint64 key, const McpElicitationForm &form);
    void onClientFailed(McpClient *client, const QString &error);
    void listTools(McpClient *client);
    void rebuild();
    void checkReady();

    QList<McpClient *> m_clients;          // Owned (children).
    QHash<QString, QList<McpTool>> m_tools; // server name -> its tools
    QSet<QString> m_settled;                // servers that listed or failed
    QStringList m_problems;
    QString m_offerNote;
    bool m_ready = false;
    bool m_asksForInput = false;
    QList<QPointer<ToolRun>> m_runs; // runs made by call(), not owned (the caller deletes them)
};

} // namespace Tessera
