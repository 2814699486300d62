#include "cardvalidator.h"

#include <nlohmann/json.hpp>

namespace Tessera {

// Placeholder until the schema layer lands: accepts everything.
QList<ValidationIssue> CardValidator::validate(const nlohmann::json &)
{
    return {};
}

const nlohmann::json &CardValidator::payloadSchema(CardKind)
{
    static const nlohmann::json null;
    return null;
}

} // namespace Tessera
