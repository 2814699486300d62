#include "widgetdocument.h"

// Placeholder until the widget-document work lands.

namespace Tessera {

QList<ProseFence> findWidgetFences(QStringView) { return {}; }
void validateWidgetDocument(const nlohmann::json &, QList<ValidationIssue> &) {}

} // namespace Tessera
