#include <workbench/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcWorkbench, "tessera.workbench")
} // namespace Tessera
