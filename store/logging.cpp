#include <store/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcStore, "tessera.store", QtInfoMsg) // debug lines: QT_LOGGING_RULES="tessera.store.debug=true"
} // namespace Tessera
