#include <widgets/common/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcWidgets, "tessera.widgets")
} // namespace Tessera
