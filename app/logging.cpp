#include <app/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcApp, "tessera.app")
} // namespace Tessera
