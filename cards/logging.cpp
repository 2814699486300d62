#include <cards/logging.h>

namespace Tessera {
Q_LOGGING_CATEGORY(lcCards, "tessera.cards")
} // namespace Tessera
