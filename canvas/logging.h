#pragma once

// The logging category of canvas/ (STYLE.md rule 4): "tessera.canvas". Enable its debug lines with
// QT_LOGGING_RULES="tessera.canvas.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcCanvas)
} // namespace Tessera
