#include <widgets/card/cardactions.h>

namespace Tessera {

int CardActions::requestDecision(const QString &cardId, const QString &action, const QString &outcome,
                                 const QString &note)
{
    const int id = m_nextRequest++;
    Q_EMIT decisionRequested(id, cardId, action, outcome, note);
    return id;
}

int CardActions::requestWidgetAction(const QString &widget, const QString &action, const QByteArray &payloadJson)
{
    const int id = m_nextRequest++;
    Q_EMIT widgetActionRequested(id, widget, action, payloadJson);
    return id;
}

void CardActions::finishRequest(int requestId, bool ok, const QString &error)
{
    // Queued: a handler may answer inside request*(), before the widget has the id it returns.
    QMetaObject::invokeMethod(
        this, [this, requestId, ok, error] { Q_EMIT requestFinished(requestId, ok, error); }, Qt::QueuedConnection);
}

} // namespace Tessera
