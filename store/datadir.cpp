// ConversationStore::defaultDataDir on its own: `tessera validate` finds its plugins there, and this file
// names nothing of SQL, so the program that validates links neither Qt Sql nor SQLite (issue 17).
#include <store/conversationstore.h>

#include <QCoreApplication>
#include <QStandardPaths>

namespace Tessera {

QString ConversationStore::defaultDataDir()
{
    // The window sets organization and application "Tessera"; headless commands may not have, so the
    // same place is spelled out for them (AppDataLocation = GenericDataLocation/<org>/<app> on Linux).
    if (QCoreApplication::organizationName() == QLatin1String("Tessera")
        && QCoreApplication::applicationName() == QLatin1String("Tessera")) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        if (!dir.isEmpty())
            return dir;
    }
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/Tessera/Tessera");
}

} // namespace Tessera
