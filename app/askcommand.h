#pragma once

// tessera ask (issue 5; PRODUCT.md §3): one user message to a live backend, stored; streamed prose on
// stdout as it arrives, one line per card, notices and errors on stderr; the conversation id as the LAST
// stdout line whenever a conversation exists. Exit 0 the turn completed, 1 it failed / timed out / could
// not connect (the reason on stderr), 2 bad usage. --render needs a QApplication (main.cpp makes one).
//
// The backend comes from the flags, else from what the conversation remembers (<data dir>/backends.ini);
// the flags used are remembered for the conversation. Connecting and the turn each get --timeout
// seconds of silence (default ConversationSession::kDefaultTurnTimeoutMs). While it runs, the session's
// "tessera: backend…" warnings are filtered out: ask prints the same notices itself.
// MCP tools (issue 16): --mcp NAME (repeatable) offers those --mcp-config servers' tools to an
// OpenAI-compatible backend; the message is sent once every server listed its tools or failed (failures on
// stderr). Each consent card is decided here, as a stored card_decision whose note says why: allow_once
// when a --allow-tool glob (QRegularExpression::fromWildcard: the whole name) matches server__tool, else deny;
// the model is told it was denied. A line per decision on stdout: "[tool NAME allowed by --allow-tool P]",
// "[tool NAME denied: no --allow-tool names it]".

#include <memory>

#include <QEventLoop>
#include <QObject>
#include <QString>
#include <QTimer>

#include <app/commandline.h>
#include <backend/backend.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace Tessera {

class McpToolHost;

class AskCommand : public QObject
{
    Q_OBJECT

public:
    explicit AskCommand(const CommandLine &commandLine);
    ~AskCommand() override;

    // Runs the whole command (once) and returns the process exit code.
    int run();

private:
    class LogFilter;
    class Printer;

    // Steps of run(); each false means stop with m_exitCode (its reason already on stderr).
    bool openStore();
    bool resolveConversation();
    bool chooseBackend();
    bool makeBackend();
    bool makeToolHost();
    void decideConsent(const Message &message);
    void startSession();
    void waitForTurn();
    void finishOutput();

    void finish(int code, const QString &why);
    void trySend();
    void onStateChanged(ConnectionState state, const QString &detail);
    void onTurnFinished(const QString &turnId, TurnOutcome outcome, const QString &reason);
    void onConversationCreated(const QString &id);
    void onDelta(const QString &turnId, const QString &text);
    void onMessage(const Message &message);
    void onNotice(const QString &message);
    void onStoreFailed(const QString &message);
    void onConnectTimeout();

    // First, so it is destroyed last: the log filter stays until everything below is gone.
    std::unique_ptr<LogFilter> m_logFilter;
    const CommandLine m_commandLine;
    const QString m_dataDir;
    ConversationStore m_store;
    std::unique_ptr<QSettings> m_settings; // the window's backends.ini in m_dataDir
    QString m_id;                          // the conversation; empty until one exists
    BackendConfig m_config;
    Backend *m_backend = nullptr; // Owned by m_session once startSession() ran.
    McpToolHost *m_toolHost = nullptr; // Owned (child); null without --mcp
    int m_timeoutMs = ConversationSession::kDefaultTurnTimeoutMs;
    ConversationModel m_model;
    std::unique_ptr<ConversationSession> m_session;
    std::unique_ptr<Printer> m_printer;
    QEventLoop m_loop;
    QTimer m_connectTimer;
    int m_exitCode = -1; // -1 while the turn runs
    QString m_failure;
    bool m_sent = false;
};

} // namespace Tessera
