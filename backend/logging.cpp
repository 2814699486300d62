#include <backend/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcBackend, "tessera.backend")
} // namespace Tessera
