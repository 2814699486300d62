#include <session/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcSession, "tessera.session")
} // namespace Tessera
