#include <export/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcExport, "tessera.export", QtInfoMsg) // debug lines: QT_LOGGING_RULES="tessera.export.debug=true"
} // namespace Tessera
