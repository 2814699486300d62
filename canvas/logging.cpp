#include <canvas/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcCanvas, "tessera.canvas")
} // namespace Tessera
