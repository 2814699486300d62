#pragma once

// The logging category of session/ (STYLE.md rule 4): "tessera.session". Enable its debug lines with
// QT_LOGGING_RULES="tessera.session.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcSession)
} // namespace Tessera
