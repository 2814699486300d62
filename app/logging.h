#pragma once

// The logging category of app/ (STYLE.md rule 4): "tessera.app". Enable its debug lines with
// QT_LOGGING_RULES="tessera.app.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcApp)
} // namespace Tessera
