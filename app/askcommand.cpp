#include <app/askcommand.h>

#include <cstdio>

#include <QRegularExpression>
#include <QSettings>

#include <nlohmann/json.hpp>

#include <app/backendcommand.h>
#include <app/mcpcommand.h>
#include <backend/openaibackend.h>
#include <backend/toolhost.h>
#include <cards/jsonaccess.h>
#include <cards/transcript.h>
#include <mcp/mcptoolhost.h>

namespace Tessera {

namespace {

QtMessageHandler s_previousHandler = nullptr;

// ask prints every session notice itself; the session's "tessera: backend…" log lines say the same again
// (its "tessera: line L: KIND: /pointer: …" lines for invalid cards are kept: they say more).
void askMessageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("tessera: backend")))
        return;
    if (s_previousHandler)
        s_previousHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

} // namespace

// Installs askMessageHandler for its lifetime.
class AskCommand::LogFilter
{
public:
    LogFilter() { s_previousHandler = qInstallMessageHandler(askMessageHandler); }
    ~LogFilter() { qInstallMessageHandler(s_previousHandler); }
    LogFilter(const LogFilter &) = delete;
    LogFilter &operator=(const LogFilter &) = delete;
};

// What ask prints on stdout: streamed prose as it arrives, then what a line adds beyond it (a card as
// one bracketed line), so a script sees the answer without reading the store.
class AskCommand::Printer
{
public:
    void delta(const QString &text)
    {
        write(text);
        m_streamed += text;
    }

    void message(const Message &m)
    {
        if (m.role == MessageRole::User || m.role == MessageRole::System)
            return; // the user's own line; card updates and errors (errors go to stderr as notices)
        prose(m);
        for (const ToolCall &call : m.toolCalls) {
            if (!isCardToolName(call.name))
                line(QStringLiteral("[tool call: %1]").arg(call.name));
        }
        for (const Card &card : m.cards)
            cardLine(card);
        if (m.role == MessageRole::Tool && m.cards.isEmpty() && !isCardToolName(m.toolName))
            line(QStringLiteral("[tool result: %1]").arg(m.toolName));
        if (!m.isReadable())
            line(QStringLiteral("[unreadable line %1: %2]").arg(m.lineNumber).arg(m.readError));
    }

    // Before anything on stderr or the final lines: a partial line of prose is ended.
    void endLine()
    {
        if (!m_atLineStart)
            write(QStringLiteral("\n"));
    }

private:
    void prose(const Message &m)
    {
        if ((m.role == MessageRole::Assistant || m.role == MessageRole::Unknown) && !m.content.trimmed().isEmpty()) {
            if (!m_streamed.isEmpty() && m.content.startsWith(m_streamed)) {
                write(m.content.mid(m_streamed.size())); // the rest of what streamed
            } else {
                endLine();
                write(m.content);
            }
        }
        m_streamed.clear();
    }

    void cardLine(const Card &card)
    {
        if (card.source() == CardSource::ProseFence && card.isValid())
            return; // drawn inside the prose printed above
        const QString kind = card.kindName().isEmpty() ? QStringLiteral("(no kind)") : card.kindName();
        if (card.isValid()) {
            line(card.title().isEmpty() ? QStringLiteral("[card %1]").arg(kind)
                                        : QStringLiteral("[card %1: %2]").arg(kind, card.title()));
            return;
        }
        const ValidationIssue first = card.issues().value(0);
        line(QStringLiteral("[invalid %1 card, shown as raw data: %2: %3]")
                 .arg(kind, first.pointer.isEmpty() ? QStringLiteral("(envelope)") : first.pointer, first.message));
    }

    void line(const QString &text)
    {
        endLine();
        write(text + QLatin1Char('\n'));
    }

    void write(const QString &text)
    {
        if (text.isEmpty())
            return;
        const QByteArray bytes = text.toUtf8();
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
        std::fflush(stdout);
        m_atLineStart = text.endsWith(QLatin1Char('\n'));
    }

    QString m_streamed;
    bool m_atLineStart = true;
};

AskCommand::AskCommand(const CommandLine &commandLine)
    : m_commandLine(commandLine)
    , m_dataDir(commandLine.dataDir.isEmpty() ? ConversationStore::defaultDataDir() : commandLine.dataDir)
    , m_printer(std::make_unique<Printer>())
{
    if (m_commandLine.timeoutSeconds > 0)
        m_timeoutMs = m_commandLine.timeoutSeconds * 1000;
}

AskCommand::~AskCommand() = default;

int AskCommand::run()
{
    m_logFilter = std::make_unique<LogFilter>();
    if (!openStore() || !resolveConversation() || !chooseBackend() || !makeBackend() || !makeToolHost())
        return m_exitCode;
    startSession();
    waitForTurn();
    finishOutput();
    return m_exitCode;
}

bool AskCommand::openStore()
{
    const StoreStatus opened = m_store.open(m_dataDir);
    if (opened.ok())
        return true;
    printErr(QStringLiteral("tessera: cannot store the conversation: ") + opened.message);
    m_exitCode = 1;
    return false;
}

bool AskCommand::resolveConversation()
{
    if (m_commandLine.conversation.isEmpty())
        return true;
    StoreStatus status;
    m_id = m_store.resolveId(m_commandLine.conversation, &status);
    if (!m_id.isEmpty())
        return true;
    printErr(QStringLiteral("tessera: ")
             + (status.ok() ? QStringLiteral("no stored conversation %1 (see tessera list)").arg(m_commandLine.conversation)
                            : status.message));
    m_exitCode = 2;
    return false;
}

// The window's settings: a conversation remembers its backend; the flags override (and are remembered).
bool AskCommand::chooseBackend()
{
    m_settings = std::make_unique<QSettings>(backendSettingsPath(m_dataDir), QSettings::IniFormat);
    if (hasBackendArguments(m_commandLine.backend)) {
        QString error;
        if (backendConfigFromArguments(m_commandLine.backend, &m_config, &error))
            return true;
        printErr(QStringLiteral("tessera: ") + error);
        m_exitCode = 2;
        return false;
    }
    m_config = loadBackendConfig(*m_settings, m_id);
    if (!m_config.isNone())
        return true;
    printErr(QStringLiteral("tessera: conversation %1 has no remembered backend: give --backend-cmd, --backend or --openai").arg(m_id));
    printOut(m_id);
    m_exitCode = 2;
    return false;
}

bool AskCommand::makeBackend()
{
    QString error;
    // A named backend (--backend-name, or one the conversation remembers) and its key (issue 12).
    if (const int code = completeBackendConfig(&m_config, &error); code != 0) {
        printErr(QStringLiteral("tessera: ") + error);
        m_exitCode = code;
        return false;
    }
    m_backend = Tessera::createBackend(m_config, nullptr, &error);
    if (m_backend)
        return true;
    printErr(QStringLiteral("tessera: ") + error);
    if (!m_id.isEmpty())
        printOut(m_id);
    m_exitCode = 2;
    return false;
}

bool AskCommand::makeToolHost()
{
    if (m_commandLine.askMcpServers.isEmpty())
        return true;
    auto refuse = [this](const QString &why) {
        printErr(QStringLiteral("tessera: ") + why);
        m_exitCode = 2;
        delete m_backend;
        m_backend = nullptr;
        return false;
    };
    auto *openai = qobject_cast<OpenAiBackend *>(m_backend);
    if (!openai)
        return refuse(QStringLiteral("--mcp needs an OpenAI-compatible backend (--openai): other agents host their own tools"));
    McpConfig config;
    QString error;
    if (!loadMcpConfigArgument(m_commandLine, &config, &error))
        return refuse(error);
    QList<McpServerConfig> servers;
    for (const QString &name : m_commandLine.askMcpServers) {
        const McpServerConfig *server = config.server(name);
        if (!server)
            return refuse(m_commandLine.mcpConfig.isEmpty()
                              ? QStringLiteral("--mcp %1: no MCP servers: give --mcp-config FILE").arg(name)
                              : QStringLiteral("--mcp %1: no such server in %2 (see tessera mcp list)").arg(name, m_commandLine.mcpConfig));
        servers.append(*server);
    }
    m_toolHost = new McpToolHost(servers, this);
    openai->setToolHost(m_toolHost);
    connect(m_toolHost, &McpToolHost::ready, this, [this] {
        for (const QString &problem : m_toolHost->problems())
            printErr(QStringLiteral("tessera: MCP server %1").arg(problem));
        if (!m_toolHost->offerNote().isEmpty())
            printErr(QStringLiteral("tessera: ") + m_toolHost->offerNote());
        trySend();
    });
    return true;
}

// Headless consent (issue 16): --allow-tool globs allow a call once; everything else is denied. The
// decision line and the tool line name the pattern that allowed it (or that none did).
void AskCommand::decideConsent(const Message &message)
{
    if (message.role != MessageRole::Tool || message.cards.isEmpty()
        || !ToolConsent::isConsentKind(message.cards.first().kindName()))
        return;
    const nlohmann::json line = message.json();
    const auto consent = line.find("tessera_consent");
    if (consent == line.end() || !consent->is_object())
        return;
    const QString tool = jsonString(*consent, "tool");
    const QString cardId = message.cards.first().cardId();
    QString allowedBy;
    for (const QString &pattern : m_commandLine.allowTools) {
        // Anchored: the whole name. Names have no '/', so the path rules of a wildcard never apply.
        const QRegularExpression glob = QRegularExpression::fromWildcard(pattern, Qt::CaseSensitive);
        if (glob.isValid() && glob.match(tool).hasMatch()) {
            allowedBy = pattern;
            break;
        }
    }
    const bool allow = !allowedBy.isEmpty();
    const QString note = allow ? QStringLiteral("[tessera ask: %1 allowed once by --allow-tool %2]").arg(tool, allowedBy)
                               : QStringLiteral("[tessera ask: %1 denied: no --allow-tool names it]").arg(tool);
    m_printer->endLine();
    printOut(allow ? QStringLiteral("[tool %1 allowed by --allow-tool %2]").arg(tool, allowedBy)
                   : QStringLiteral("[tool %1 denied: no --allow-tool names it]").arg(tool));
    // The tool line says who decided: the pattern, not "the user" (the words widgets/ translates).
    const QString decidedBy = allow ? QStringLiteral("allowed by --allow-tool %1").arg(allowedBy)
                                    : QStringLiteral("denied: no --allow-tool names it");
    // Queued: the consent line is stored before its decision.
    QMetaObject::invokeMethod(
        this,
        [this, cardId, allow, note, decidedBy] {
            if (!m_session || m_exitCode >= 0)
                return;
            if (auto *openai = qobject_cast<OpenAiBackend *>(m_session->backend()))
                openai->setDecidedBy(cardId, decidedBy);
            QString why;
            if (!m_session->sendCardDecision(cardId, QLatin1String(allow ? ToolConsent::kAllowOnce : ToolConsent::kDeny),
                                             QLatin1String(allow ? "allowed_once" : "denied"), note, &why))
                finish(1, QStringLiteral("the consent decision was not sent: %1").arg(why));
        },
        Qt::QueuedConnection);
}

void AskCommand::startSession()
{
    if (!m_id.isEmpty())
        m_backend->setHistory(m_store.rawLines(m_id)); // a backend that keeps the history itself continues it
    m_session = std::make_unique<ConversationSession>(&m_model, &m_store);
    m_session->setConversationId(m_id);
    m_session->setTurnTimeout(m_timeoutMs);
    m_session->setBackend(m_backend); // owned by the session from here on

    connect(m_backend, &Backend::stateChanged, this, &AskCommand::onStateChanged);
    ConversationSession *session = m_session.get();
    connect(session, &ConversationSession::turnFinished, this, &AskCommand::onTurnFinished);
    connect(session, &ConversationSession::conversationCreated, this, &AskCommand::onConversationCreated);
    connect(session, &ConversationSession::deltaReceived, this, &AskCommand::onDelta);
    connect(session, &ConversationSession::messageAdded, this, &AskCommand::onMessage);
    connect(session, &ConversationSession::notice, this, &AskCommand::onNotice);
    connect(session, &ConversationSession::storeFailed, this, &AskCommand::onStoreFailed);
    m_connectTimer.setSingleShot(true);
    connect(&m_connectTimer, &QTimer::timeout, this, &AskCommand::onConnectTimeout);
}

void AskCommand::waitForTurn()
{
    m_connectTimer.start(m_timeoutMs);
    if (m_toolHost)
        m_toolHost->start();
    m_backend->start();
    trySend(); // a backend may be connected as soon as it starts
    if (m_exitCode < 0)
        m_loop.exec();
    m_connectTimer.stop();
    m_session->setBackend(nullptr); // stops it; nothing more arrives while the conversation is drawn
    m_backend = nullptr;
    m_printer->endLine();
    if (m_exitCode != 0)
        printErr(QStringLiteral("tessera: ") + m_failure);
}

// Remembers the backend, draws the stored conversation if asked, and ends with the conversation id.
void AskCommand::finishOutput()
{
    if (m_id.isEmpty())
        return;
    saveBackendConfig(*m_settings, m_id, m_config);
    m_settings->sync();
    if (!m_commandLine.renderOutput.isEmpty()) {
        // The stored conversation, drawn as `tessera render ID -o OUT.png` would.
        CommandLine render = m_commandLine;
        render.command = CommandLine::Command::Render;
        render.file = m_id;
        render.output = m_commandLine.renderOutput;
        render.dataDir = m_dataDir;
        m_store.close(); // render opens the data dir itself
        if (runRender(render) != 0 && m_exitCode == 0)
            m_exitCode = 1;
    }
    printOut(m_id);
}

// The first outcome wins; later ones (a state change after a failure, say) are ignored.
void AskCommand::finish(int code, const QString &why)
{
    if (m_exitCode >= 0)
        return;
    m_exitCode = code;
    m_failure = why;
    m_loop.quit();
}

void AskCommand::trySend()
{
    if (m_sent || m_exitCode >= 0 || m_backend->state() != ConnectionState::Connected)
        return;
    if (m_toolHost && !m_toolHost->isReady())
        return; // every MCP server lists its tools (or fails) first
    m_sent = true;
    QString why;
    if (!m_session->sendUserMessage(m_commandLine.text, &why))
        finish(1, why);
}

void AskCommand::onStateChanged(ConnectionState state, const QString &detail)
{
    if (state == ConnectionState::Connected) {
        trySend();
    } else if (!m_sent && state == ConnectionState::Failed) {
        finish(1, detail.isEmpty() ? QStringLiteral("the backend could not be started") : detail);
    } else if (!m_sent && state == ConnectionState::Reconnecting) {
        // Never connected: one message a script can act on, not two minutes of retries. The
        // transport's "retrying in N s: " prefix is for the window, not for a final failure.
        static const QRegularExpression retrying(QStringLiteral("^retrying in [^:]*: "));
        QString why = detail;
        why.remove(retrying);
        finish(1, QStringLiteral("could not connect to %1: %2").arg(m_backend->description(), why));
    } else if (state == ConnectionState::Reconnecting) {
        printErr(QStringLiteral("tessera: connection lost, reconnecting: %1").arg(detail));
    }
}

void AskCommand::onTurnFinished(const QString &, TurnOutcome outcome, const QString &reason)
{
    if (outcome == TurnOutcome::Completed)
        finish(0, QString());
    else
        finish(1, reason.isEmpty() ? QStringLiteral("the turn did not complete") : reason);
}

void AskCommand::onConversationCreated(const QString &id)
{
    m_id = id;
}

void AskCommand::onDelta(const QString &, const QString &text)
{
    m_printer->delta(text);
}

void AskCommand::onMessage(const Message &message)
{
    m_printer->message(message);
    decideConsent(message);
}

void AskCommand::onNotice(const QString &message)
{
    m_printer->endLine();
    printErr(QStringLiteral("tessera: ") + message);
}

void AskCommand::onStoreFailed(const QString &message)
{
    m_printer->endLine();
    printErr(QStringLiteral("tessera: not saved: ") + message);
}

void AskCommand::onConnectTimeout()
{
    if (m_sent)
        return;
    finish(1, QStringLiteral("could not connect to %1 within %2 s%3")
                  .arg(m_backend->description())
                  .arg(m_timeoutMs / 1000)
                  .arg(m_backend->stateDetail().isEmpty() ? QString() : QStringLiteral(": ") + m_backend->stateDetail()));
}

} // namespace Tessera
