#pragma once

// The logging category of widgets/ (STYLE.md rule 4): "tessera.widgets". Enable its debug lines with
// QT_LOGGING_RULES="tessera.widgets.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcWidgets)
} // namespace Tessera
