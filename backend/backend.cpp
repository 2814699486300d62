#include <backend/backend.h>

namespace Tessera {

void Backend::restart()
{
    stop();
    start();
}

bool Backend::sendUserMessage(const QString &text, QString *error)
{
    return send(userMessageEvent(text), error);
}

bool Backend::sendCardDecision(const QString &cardId, const QString &action, const QString &outcome, QString *error)
{
    return send(cardDecisionEvent(cardId, action, outcome), error);
}

bool Backend::sendWidgetAction(const QString &widget, const QString &action, const QByteArray &payloadJson,
                               QString *error)
{
    return send(widgetActionEvent(widget, action, payloadJson), error);
}

bool Backend::send(const QByteArray &event, QString *error)
{
    if (m_state != ConnectionState::Connected) {
        if (error)
            *error = m_stateDetail.isEmpty() ? tr("the backend is not connected")
                                             : tr("the backend is not connected: %1").arg(m_stateDetail);
        return false;
    }
    QString reason;
    if (!writeEvent(event, &reason)) {
        if (error)
            *error = reason;
        return false;
    }
    Q_EMIT eventSent(event);
    return true;
}

void Backend::setState(ConnectionState state, const QString &detail)
{
    if (state == m_state && detail == m_stateDetail)
        return;
    m_state = state;
    m_stateDetail = detail;
    Q_EMIT stateChanged(state, detail);
}

void Backend::receiveEvent(const QByteArray &bytes, const QString &where)
{
    WireEvent event;
    QString error;
    if (!parseWireEvent(bytes, &event, &error)) {
        Q_EMIT protocolError(where.isEmpty() ? error : where + QLatin1String(": ") + error);
        return;
    }
    if (event.type == WireEventType::Unknown) {
        const QString message = tr("unknown event type \"%1\" ignored").arg(event.typeName);
        Q_EMIT protocolError(where.isEmpty() ? message : where + QLatin1String(": ") + message);
        return;
    }
    Q_EMIT eventReceived(event);
}

QString connectionStateName(ConnectionState state)
{
    switch (state) {
    case ConnectionState::Disconnected:
        return QStringLiteral("disconnected");
    case ConnectionState::Connecting:
        return QStringLiteral("connecting");
    case ConnectionState::Connected:
        return QStringLiteral("connected");
    case ConnectionState::Reconnecting:
        return QStringLiteral("reconnecting");
    case ConnectionState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

} // namespace Tessera
