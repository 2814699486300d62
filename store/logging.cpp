#include <store/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcStore, "tessera.store")
} // namespace Tessera
