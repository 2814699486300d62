#pragma once

// Validation of a parsed envelope against the card catalog (seed 000) and PRODUCT.md §1.
//
// Two layers:
//  1. JSON Schema (draft 7) files in resources/schemas/<kind>.json, one per kind, compiled into
//     the cards library as Qt resources (:/tessera/schemas/<kind>.json) and checked with valijson.
//     Unknown fields are allowed and ignored (PRODUCT.md §1); "chars" are code points, and a string
//     holding U+0000 is measured whole (valijson alone would stop counting there).
//  2. Rules checked in C++, with the same kind of messages:
//     - every number in the payload finite ("must be a finite number"; only an envelope built in
//       code can hold NaN/inf, the parser refuses 1e400);
//     - data_table: column keys unique (at /payload/columns/<j>/key of the repeat); under each column
//       key, a row's or the totals' value is a string, number or null (/payload/rows/<i>/<key>);
//     - item_list: an id is an identifier, never a URL (seed 000): "scheme://…", "//…", "www.…",
//       javascript:, data:, mailto:, file:, vbscript: (any case) are refused; "cli:ethos" is fine;
//     - canvas: exactly one of html/template (at /payload), template name [A-Za-z0-9_-]+, data at
//       most 32 768 code points when serialised (nlohmann dump);
//     - metric_chart: each point's shape ({x: string|number, y: number}) from the schema file,
//       compiled once (800 points through valijson cost ~1 ms; their count stays with valijson).
//     The schema files still state all of these (payloadSchema() is what a model is given).
//
// Every issue carries a JSON Pointer into the envelope. The envelope itself must be an object with a
// string kind from the catalog, specVersion exactly the integer 1 (not "1", not 1.0) and an object
// payload; otherwise the card is invalid with an issue at "", "/kind", "/specVersion" or "/payload".
// Pointers: a string limit points at the string; an item count limit at the array
// ("/payload/rows": "must have at most 50 items"); a missing field where it would be
// ("/payload/text": "is required"). Messages: "must be at most N characters", "must not be empty",
// "must have at least/most N items", "must be one of: a, b", "must be a string" (a wrong type
// hides the other issues at the same pointer). Issues are ordered by position in the payload
// (indices numerically, member names by name, as nlohmann::json keeps them), each at most once.
// Nesting deeper than kMaxJsonDepth (only possible in code) is one issue, never a deep recursion.

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <QList>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>

namespace simdjson::dom {
class element;
}

namespace Tessera {

class CardValidator
{
public:
    // All issues found (envelope issues first, then the payload's in that order); empty when
    // the envelope is valid. Thread-safe; the schemas are loaded and parsed once, on first use.
    // Costs tens of microseconds for a typical card, no schema work per call.
    static QList<ValidationIssue> validate(const nlohmann::json &envelope);
    // The same, with valijson checking every catalog schema as before issue 17 (validate() walks a tree
    // compiled once from each schema instead): for the differential test (tests/auto/validatordiff) only.
    static QList<ValidationIssue> validateWithValijson(const nlohmann::json &envelope);

    // What Card keeps of a card that readCleanEnvelope found clean (its doubles' source digits it finds
    // from its text when first asked).
    struct CleanEnvelope
    {
        QString kindName;
        CardKind kind;
        QString title; // the payload's "title" when a string
    };
    // The hot path (issue 17): true only when the envelope text is a catalog card that parseStrictJson
    // reads with no repeated key and validate() finds no issue in, read in one pass over simdjson's tape
    // with the same compiled schemas and rules, building no tree. False says nothing: any doubt, any
    // dialect or registered kind, any issue sends the text the exact way, which names what there is.
    static bool readCleanEnvelope(std::string_view text, CleanEnvelope *out);
    // The same for an envelope already on the tape, inside a text readCleanTape accepted whole (a
    // transcript line, transcript.cpp).
    static bool readCleanEnvelope(const simdjson::dom::element &envelope, CleanEnvelope *out);
    // The same for the card of an emit_card call, from its arguments' text ({kind, payload}; the tool stamps
    // the envelope around them, seed 000). Never a canvas, which emit_card cannot produce.
    static bool readCleanEmitCardArguments(std::string_view arguments, CleanEnvelope *out);

    // Loads and compiles the catalog's schemas now; otherwise the first card does (about half a
    // millisecond), while any other thread that needs them waits. Safe from any thread.
    static void loadCatalog();

    // The JSON Schema of a kind's payload (for hosting emit_card as a tool, later issues);
    // a null value for Unknown.
    static const nlohmann::json &payloadSchema(CardKind kind);

    // --- kinds added by descriptor (cardkindregistry.h, issue 6) --------------------------------------
    // A descriptor's payload schema (JSON Schema draft 7), compiled once. "pattern" and "format" are
    // checked with QRegularExpression, not valijson's std::regex (which recurses per character: a long
    // hostile string would overflow the stack); so a pattern is accepted only on a value reached from
    // the root through properties / items (one schema) / additionalProperties, and refused elsewhere
    // (allOf, anyOf, definitions, …) as is patternProperties. Checked formats: date, time, date-time;
    // others are annotations. Null with *error (pointer into the schema, message) when refused.
    struct CompiledSchema;
    static std::shared_ptr<const CompiledSchema> compilePayloadSchema(const nlohmann::json &schema,
                                                                      ValidationIssue *error);
    // Issues of a registered kind's payload: its descriptor schema's and those of the built-in renderer
    // kind (the renderer must get a payload it can draw), merged in payload order, each at most once,
    // pointers under "/payload".
    static void validateRegisteredPayload(const CompiledSchema &schema, CardKind renderer,
                                          const nlohmann::json &payload, QList<ValidationIssue> &issues);
};

} // namespace Tessera
