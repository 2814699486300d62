#pragma once

// The logging category of store/ (STYLE.md rule 4): "tessera.store". Enable its debug lines with
// QT_LOGGING_RULES="tessera.store.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcStore)
} // namespace Tessera
