#pragma once

// The logging category of cards/ (STYLE.md rule 4): "tessera.cards". Enable its debug lines with
// QT_LOGGING_RULES="tessera.cards.debug=true".

#include <QLoggingCategory>

namespace Tessera {
Q_DECLARE_LOGGING_CATEGORY(lcCards)
} // namespace Tessera
