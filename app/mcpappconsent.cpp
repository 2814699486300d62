#include <app/mcpappconsent.h>

#include <mcp/mcpapphost.h>
#include <session/conversationsession.h>

namespace Tessera {

namespace {

McpAppConsent *g_asker = nullptr; // the McpAppConsent that set McpAppHost's asker last

} // namespace

McpAppConsent::McpAppConsent(ConversationSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    McpAppHost *host = McpAppHost::instance();
    g_asker = this;
    host->setConsentAsker([this](const QString &tool, const QString &server, const QByteArray &argumentsJson,
                                 const QString &app, QString *error) {
        return ask(tool, server, argumentsJson, app, error);
    });
    if (!session)
        return;
    connect(session, &ConversationSession::appToolConsentDecided, host, &McpAppHost::decideToolConsent);
    connect(session, &ConversationSession::appToolConsentExpired, host, &McpAppHost::expireToolConsent);
    connect(host, &McpAppHost::toolConsentWithdrawn, this, [this](const QString &cardId) {
        if (m_session)
            m_session->expireAppToolConsent(cardId, tr("the app's view was closed"));
    });
}

McpAppConsent::~McpAppConsent()
{
    if (g_asker == this) {
        g_asker = nullptr;
        McpAppHost::instance()->setConsentAsker({});
    }
}

QString McpAppConsent::ask(const QString &tool, const QString &server, const QByteArray &argumentsJson,
                           const QString &app, QString *error)
{
    if (!m_session) {
        if (error)
            *error = tr("no conversation can ask for consent");
        return {};
    }
    return m_session->putAppToolConsent(tool, server, argumentsJson, app, error);
}

} // namespace Tessera
