#pragma once

// The window's MCP servers (issue 16, "MCP in the conversation"): which servers run, the tool host an
// OpenAI-compatible backend offers, and the form a server's elicitation shows in the turn.
//
//  - Servers: the enabled ones of Settings → Tools, then --mcp-config's (which win on a name), read by
//    reload(). A change (Settings → Tools: add, edit, enable, disable, remove, paste) calls reload();
//    the host is rebuilt at once when no turn runs, else when the turn in flight finishes: that turn
//    keeps the host it started with (its calls and consent cards belong to it).
//  - "Run read-only tools without asking" (tools/autoAllowReadOnly) is read on every attach and reload.
//  - The host asks for input (McpToolHost::setAsksForInput): a server's form during a call made in the
//    window is the call's tool input line, drawn by installToolInputRenderer's factory as an
//    McpElicitationCard; its answer goes through the view's CardActions as the session's card_decision.
//    Headless paths (`tessera ask`, `tessera mcp`) have no controller and keep declining.

#include <QList>
#include <QObject>
#include <QPointer>

#include <mcp/mcpconfig.h>

namespace Tessera {

class Backend;
class ConversationSession;
class McpToolHost;
class OpenAiBackend;

class McpController : public QObject
{
    Q_OBJECT

public:
    explicit McpController(QObject *parent = nullptr);
    ~McpController() override;

    // --mcp-config's servers; reload() merges them over the stored ones.
    void setCommandLineConfig(const McpConfig &config);
    // Exactly these servers (no Settings → Tools): tests and callers that chose the list themselves.
    void setServers(const QList<McpServerConfig> &servers);
    QList<McpServerConfig> servers() const { return m_servers; }
    // Reads Settings → Tools (and the read-only setting) again; see the header comment.
    void reload();
    // Gives an OpenAI-compatible backend the tool host (made on first need); other backends get none.
    // The session is watched for the end of a turn (a rebuild waits for it). Not owned.
    void attach(Backend *backend, ConversationSession *session);
    // The host the next turn uses; null while there are no servers. Not owned by the caller.
    McpToolHost *toolHost() const { return m_host; }
    bool isRebuildPending() const { return m_rebuildPending; }
    // tools/autoAllowReadOnly again, without restarting a server.
    void applyReadOnlySetting() { applyToBackend(); }

    // The tool input factory of the conversation view (widgets/conversation/blockwidgets.h); idempotent.
    static void installToolInputRenderer();

Q_SIGNALS:
    // Servers that failed to start or list ("NAME: why"), once the host is ready.
    void problemsFound(const QString &text);
    // The host's cap left tools out (McpToolHost::offerNote), once per distinct note.
    void toolsLeftOut(const QString &note);
    // The host was replaced (or dropped): the next turn offers its tools.
    void toolHostChanged();

private:
    void rebuild();
    void applyToBackend();

    McpConfig m_commandLine;
    bool m_fromSettings = true;
    QList<McpServerConfig> m_servers; // enabled, effective
    McpToolHost *m_host = nullptr;    // Owned (child).
    QPointer<OpenAiBackend> m_backend;
    QPointer<ConversationSession> m_session;
    bool m_rebuildPending = false;
};

} // namespace Tessera
