#include <app/mcpcontroller.h>

#include <QSettings>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <app/mcpelicitationcard.h>
#include <app/settingskeys.h>
#include <backend/openaibackend.h>
#include <backend/toolhost.h>
#include <cards/cardstate.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <mcp/mcpapphost.h>
#include <mcp/mcpserversettings.h>
#include <mcp/mcptoolhost.h>
#include <session/conversationsession.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/blockwidgets.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

bool autoAllowReadOnly()
{
    return QSettings().value(SettingsKeys::kToolsAutoAllowReadOnly, false).toBool();
}

json parsedObject(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    return parsed.ok() && parsed.value->is_object() ? *parsed.value : json::object();
}

// A tool input line (backend/toolhost.h, ToolInput) as the server's form: open while the turn waits on it,
// read-only with the answer that went back once decided, read-only "not answered" once expired.
QWidget *toolInputBlock(const Message &message, const RenderContext &context, QWidget *parent)
{
    const json line = message.json();
    const json input = line.is_object() ? line.value("tessera_input", json::object()) : json::object();
    const QString server = input.is_object() ? jsonString(input, "server") : QString();
    const QString cardId = ToolInput::cardIdOf(message);
    McpElicitationForm form;
    QString problem;
    if (cardId.isEmpty() || !input.is_object() || !McpElicitationForm::parse(input.value("params", json()), &form, &problem))
        return new ToolActivityLine(McpController::tr("%1 asked for input that cannot be shown: %2")
                                        .arg(server, problem.isEmpty() ? McpController::tr("the line is damaged") : problem),
                                    parent);
    const CardState *state = context.state;
    if (state && state->isDecided()) {
        const bool accepted = state->decisionAction == QLatin1String("accept");
        auto *card = new McpElicitationCard(server, accepted ? McpElicitationCard::withValues(form, parsedObject(state->decisionOutcome)) : form,
                                            parent);
        card->showAnswered(state->decisionAction);
        return card;
    }
    auto *card = new McpElicitationCard(server, form, parent);
    if ((state && state->state == QLatin1String("expired")) || !context.actions) {
        card->showExpired();
        return card;
    }
    const QPointer<CardActions> actions = context.actions;
    QObject::connect(card, &McpElicitationCard::answered, card, [card, actions, cardId, server](const QString &action, const json &content) {
        if (!actions) {
            card->reopen(McpController::tr("the conversation is no longer live"));
            return;
        }
        const QString values = action == QLatin1String("accept") ? QString::fromStdString(content.dump(-1, ' ', false, json::error_handler_t::replace))
                                                                 : QStringLiteral("{}");
        const QString note = QStringLiteral("[Answer to %1's request for input: %2]").arg(server, action);
        const int request = actions->requestDecision(cardId, action, values, note);
        QObject::connect(actions.data(), &CardActions::requestFinished, card, [card, request](int id, bool ok, const QString &error) {
            if (id == request && !ok)
                card->reopen(error);
        });
    });
    return card;
}

} // namespace

McpController::McpController(QObject *parent)
    : QObject(parent)
{
    installToolInputRenderer();
}

McpController::~McpController() = default;

void McpController::installToolInputRenderer()
{
    setNoticeBlockFactory(QLatin1String(ToolInput::kNotice), &toolInputBlock);
}

void McpController::setCommandLineConfig(const McpConfig &config)
{
    m_commandLine = config;
    m_fromSettings = true;
    reload();
}

void McpController::setServers(const QList<McpServerConfig> &servers)
{
    m_fromSettings = false;
    m_servers = servers;
    rebuild();
}

void McpController::reload()
{
    if (m_fromSettings) {
        QStringList problems;
        QList<McpServerConfig> servers;
        for (const McpServerConfig &server : McpServerSettings().effectiveServers(m_commandLine, &problems)) {
            if (server.enabled)
                servers.append(server);
        }
        if (!problems.isEmpty())
            Q_EMIT problemsFound(problems.join(QStringLiteral("; ")));
        m_servers = servers;
    }
    rebuild();
}

void McpController::attach(Backend *backend, ConversationSession *session)
{
    m_backend = qobject_cast<OpenAiBackend *>(backend);
    if (session != m_session) {
        if (m_session)
            disconnect(m_session, nullptr, this, nullptr);
        m_session = session;
        if (session) {
            connect(session, &ConversationSession::turnFinished, this, [this] {
                if (m_rebuildPending)
                    rebuild();
            });
        }
    }
    if (m_backend && !m_host && !m_servers.isEmpty())
        rebuild();
    else
        applyToBackend();
}

void McpController::rebuild()
{
    // A turn in flight keeps the host its calls and consent cards belong to.
    if (m_session && m_session->isBusy()) {
        m_rebuildPending = true;
        return;
    }
    m_rebuildPending = false;
    if (m_host) {
        m_host->deleteLater(); // closes its servers
        m_host = nullptr;
    }
    // Started on first need: a window with no OpenAI-compatible backend runs no server.
    if (!m_servers.isEmpty() && m_backend) {
        m_host = new McpToolHost(m_servers, this);
        m_host->setAsksForInput(true);
        McpToolHost *host = m_host;
        connect(host, &McpToolHost::ready, this, [this, host] {
            if (host == m_host && !host->problems().isEmpty())
                Q_EMIT problemsFound(host->problems().join(QStringLiteral("; ")));
        });
        connect(host, &McpToolHost::toolsLeftOut, this, [this, host](const QString &note) {
            if (host == m_host)
                Q_EMIT toolsLeftOut(note);
        });
        m_host->start();
    }
    applyToBackend();
    Q_EMIT toolHostChanged();
}

void McpController::applyToBackend()
{
    if (!m_backend)
        return;
    m_backend->setToolHost(m_host);
    McpAppHost::instance()->setToolHost(m_host); // an MCP App view's own tool calls go to the same servers
    m_backend->setAutoAllowReadOnly(autoAllowReadOnly());
}

} // namespace Tessera
