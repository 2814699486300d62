#pragma once

// The logging category of export/ (STYLE.md rule 4): "tessera.export".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcExport)
} // namespace Tessera
