#include "jsonrenderspec.h"

// Placeholder until the json-render work lands.

namespace Tessera {

void validateJsonRenderSpec(const nlohmann::json &, QList<ValidationIssue> &) {}

QString buttonPressNote(const QString &presserName, const QString &actionId)
{
    return QStringLiteral("[Button pressed by %1; action=%2]").arg(presserName, actionId);
}

} // namespace Tessera
