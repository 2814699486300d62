#pragma once

// The logging category of mcp/ (STYLE.md rule 4): "tessera.mcp". Info and above are on by default; enable
// the debug lines (every message sent and received, in short) with QT_LOGGING_RULES="tessera.mcp.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcMcp)
} // namespace Tessera
