#include <mcp/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcMcp, "tessera.mcp", QtInfoMsg)
} // namespace Tessera
