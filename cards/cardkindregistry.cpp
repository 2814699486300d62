#include "cardkindregistry.h"

// Placeholder until the lifecycle work lands: nothing registered.

namespace Tessera {

int CardKindRegistry::loadDirectory(const QString &, QStringList *) { return 0; }
bool CardKindRegistry::registerDescriptor(const QByteArray &, const QString &, QString *error)
{
    if (error)
        *error = QStringLiteral("descriptors are not supported yet");
    return false;
}
bool CardKindRegistry::contains(QStringView) { return false; }
CardKindDescriptor CardKindRegistry::descriptor(QStringView) { return {}; }
QList<CardKindDescriptor> CardKindRegistry::descriptors() { return {}; }
void CardKindRegistry::validatePayload(QStringView, const nlohmann::json &, QList<ValidationIssue> &) {}
void CardKindRegistry::clear() {}

} // namespace Tessera
