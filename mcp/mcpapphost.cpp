#include <mcp/mcpapphost.h>

#include <QCoreApplication>

namespace Tessera {

McpAppHost *McpAppHost::instance()
{
    static QPointer<McpAppHost> host;
    if (!host)
        host = new McpAppHost(QCoreApplication::instance());
    return host;
}

McpAppHost::McpAppHost(QObject *parent)
    : QObject(parent)
{
}

bool McpAppHost::confirmLink(const QUrl &url)
{
    // The bridge refuses every other scheme already; this is the second lock.
    const bool yes = url.scheme() == QLatin1String("https") && m_confirmer && m_confirmer(url);
    if (yes)
        Q_EMIT linkOpened(url);
    return yes;
}

QString McpAppHost::requestToolConsent(const QString &tool, const QString &server, const QByteArray &argumentsJson,
                                      const QString &app, QString *error)
{
    if (!m_asker) {
        if (error)
            *error = QStringLiteral("no conversation can ask for consent");
        return {};
    }
    QString reason;
    const QString cardId = m_asker(tool, server, argumentsJson, app, &reason);
    if (cardId.isEmpty() && error)
        *error = reason.isEmpty() ? QStringLiteral("consent could not be asked") : reason;
    return cardId;
}

} // namespace Tessera
