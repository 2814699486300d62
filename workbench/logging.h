#pragma once

// The logging category of workbench/ (STYLE.md rule 4): "tessera.workbench". Enable its debug lines
// with QT_LOGGING_RULES="tessera.workbench.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcWorkbench)
} // namespace Tessera
