#pragma once

// Validation of a parsed envelope against the card catalog (seed 000) and PRODUCT.md §1.
//
// Two layers:
//  1. JSON Schema (draft 7) files in resources/schemas/<kind>.json, one per kind, compiled into
//     the cards library as Qt resources (:/tessera/schemas/<kind>.json) and checked with valijson.
//     Unknown fields are allowed and ignored (PRODUCT.md §1); "chars" are code points.
//  2. Cross-field rules JSON Schema cannot say: duplicate column keys in a data_table, every number
//     finite, metric_chart x values either all numbers, all ISO-8601 dates, or categories.
//
// Every issue carries a JSON Pointer into the envelope. The envelope itself must be an object with a
// string kind from the catalog, specVersion exactly 1 and an object payload; otherwise the card is
// invalid with an issue at "", "/kind", "/specVersion" or "/payload".

#include <QList>

#include <nlohmann/json_fwd.hpp>

#include "card.h"

namespace Tessera {

class CardValidator
{
public:
    // All issues found, most specific first within each field; empty when the envelope is valid.
    // Thread-safe; the schemas are loaded once, on first use.
    static QList<ValidationIssue> validate(const nlohmann::json &envelope);

    // The JSON Schema of a kind's payload (for hosting emit_card as a tool, later issues);
    // a null value for Unknown.
    static const nlohmann::json &payloadSchema(CardKind kind);
};

} // namespace Tessera
