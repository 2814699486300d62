#pragma once

// The logging category of backend/ (STYLE.md rule 4): "tessera.backend". Enable its debug lines with
// QT_LOGGING_RULES="tessera.backend.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcBackend)
} // namespace Tessera
