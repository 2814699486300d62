#include "wireevent.h"

// Placeholder until the transports work lands.

namespace Tessera {

bool parseWireEvent(const QByteArray &bytes, WireEvent *event, QString *error)
{
    Q_UNUSED(bytes);
    Q_UNUSED(event);
    if (error)
        *error = QStringLiteral("not implemented");
    return false;
}

QByteArray userMessageEvent(const QString &) { return {}; }
QByteArray cardDecisionEvent(const QString &, const QString &, const QString &) { return {}; }
QByteArray widgetActionEvent(const QString &, const QString &, const QByteArray &) { return {}; }

} // namespace Tessera
