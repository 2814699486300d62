#pragma once

// Strict JSON parsing for everything Tessera receives (transcript lines, envelopes, tool arguments).
//
// Read with simdjson's On-Demand API into an nlohmann DOM (issue 17). The reader recurses once per level
// and refuses the level past kMaxJsonDepth before descending, so hostile nesting uses a bounded stack.
// Text it refuses is read again by nlohmann's (iterative) lexer only to name the failure, so messages,
// pointers and offsets are those Tessera always gave (docs/decisions.md, "Parsing speed (issue 17)").
// On top of plain parsing it enforces what PRODUCT.md §1 asks of an envelope:
//  - an object with the same key twice is reported (never silently resolved);
//  - nesting deeper than kMaxDepth is refused with the pointer where it happened;
//  - invalid UTF-8 is refused (simdjson validates the whole text; escapes must pair surrogates);
//  - a float's source text is kept when re-serialising would change its digits ("1.10", "1e2"),
//    so a table can show the number exactly as received.
// Errors carry a JSON Pointer (RFC 6901) to the value being parsed when parsing stopped.

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace simdjson::dom {
class element;
}

namespace Tessera {

struct StrictJsonOptions
{
    // Report the byte span of the object found at this pointer (e.g. "/structured/card"); empty: none.
    std::string spanPointer;
    // Step over that object without reading it (issue 17): its value is left null and nothing inside it is
    // checked (not even that it is JSON). parseStrictJsonAroundSpan() below is how it is used.
    bool skipSpan = false;
};

struct StrictJsonResult
{
    std::shared_ptr<nlohmann::json> value; // null when parsing failed
    std::string error;                     // empty on success; a short sentence otherwise
    std::string errorPointer;              // where parsing stopped, when it failed
    std::size_t errorOffset = 0;           // byte offset of the failure
    std::vector<std::string> duplicateKeys; // pointers of repeated keys (the first copy is kept)
    std::vector<std::pair<std::string, std::string>> numberLexemes; // pointer -> source text
    // Byte span [begin, end) of the object at options.spanPointer; begin == npos when not seen.
    // When parsing failed inside that object, end == npos.
    std::size_t spanBegin = std::string::npos;
    std::size_t spanEnd = std::string::npos;
    std::string spanKind;                  // the "kind" string seen directly inside that object, if any
    std::string rootKind;                  // the "kind" string seen directly inside the root object, if any
                                           // (kept even when parsing fails later, for fallback labels)

    bool ok() const { return value != nullptr; }
};

// Deepest nesting accepted (objects and arrays); the catalog's deepest field is at depth 6.
inline constexpr int kMaxJsonDepth = 100;

StrictJsonResult parseStrictJson(std::string_view text, const StrictJsonOptions &options = {});

// The object at `spanPointer` of a successful parse with that span, as parseStrictJson would report the
// span's bytes read alone (value, repeated keys and number lexemes under it with pointers relative to it,
// rootKind), without parsing them again (issue 17: a card is read once, inside its line). The object is
// moved out of `text`'s value (that member becomes null). Returns false, touching nothing, when the
// span was not read whole, or when a key on the span's path (or the object's "kind") repeats: then which
// copy the span is cannot be told from the value, and the caller parses the span's bytes instead.
bool takeSpanResult(StrictJsonResult &text, const std::string &spanPointer, StrictJsonResult *span);

// The all-or-nothing read of the hot path (issue 17): simdjson's DOM parser reads the text into its tape
// (both of its stages in the kernel chosen for this CPU), then one walk over the tape keeps the strict rules.
// True only when parseStrictJson(text) succeeds on it with no repeated key anywhere; then *root is that
// value (valid until the next call on this thread). A double's source digits are not looked for: a card
// read so finds them from its text when first asked (Card::numberLexemes), and a reader that keeps no card
// (counting, validating) never needs them. False says nothing about the text (a repeated key, a byte order
// mark, a NUL byte, anything the tape cannot vouch for): parseStrictJson names what it is.
bool readCleanTape(std::string_view text, simdjson::dom::element *root);

// The byte span [begin, end) of the value at a path of member names ({"structured", "card"}) in a text
// readCleanTape accepted (valid JSON, no repeated key), found by a scan of its brackets and strings; the
// same span parseStrictJson reports for that pointer when the value is an object. Nothing when a member
// on the way is missing or not an object, or when a member name on the way is written with an escape
// (which might spell the name sought: then the exact way reads the text).
// SpanEnd::BeforeClosingBraces: the caller knows (from the tape, which keeps members in order) that every
// member on the path is the last of its object, and the value is an object; then its end is found from
// the text's end (whitespace and one closing brace per member on the path), without scanning the value.
// `after`: the bytes between the first path member's value and the root's closing brace, when the caller
// knows them (plainMembersAfter below); they must be in the text exactly, else nothing is returned.
enum class SpanEnd { ScanValue, BeforeClosingBraces };
std::optional<std::pair<std::size_t, std::size_t>> cleanMemberSpan(std::string_view text,
                                                                   std::initializer_list<std::string_view> path,
                                                                   SpanEnd spanEnd = SpanEnd::ScanValue,
                                                                   std::string_view after = {});

// The members of `object` (on a tape readCleanTape filled) after its member `key`, written as compact
// JSON (`,"tool_call_id":"c1","turn_id":"t1"`), when every one of them is a string and no name or value
// needs an escape; nothing otherwise. What a line written without spaces or needless escapes holds there.
std::optional<std::string> plainMembersAfter(simdjson::dom::element object, std::string_view key);

// The span of a clean line's "/structured/card" (a tool result's card), as the transcript finds it: from
// the line's end when "card" ends "structured" and only plain members follow (above), else by the scan.
// `root` is the line's value on the tape.
std::optional<std::pair<std::size_t, std::size_t>> cleanResultCardSpan(std::string_view text,
                                                                       simdjson::dom::element root);

// parseStrictJson(text, options) as the transcript reads a line (issue 17): stepping over the object at
// options.spanPointer when readSpan(bytes of that object) reads it whole and clean (returns true), so it
// is read once; the text is read again whole, the exact way, when it fails, has a repeated key, or
// readSpan returns false. Either way the result is what a whole read gives outside that object.
template<typename ReadSpan>
StrictJsonResult parseStrictJsonAroundSpan(std::string_view text, StrictJsonOptions options, ReadSpan &&readSpan)
{
    options.skipSpan = true;
    StrictJsonResult result = parseStrictJson(text, options);
    if (result.ok()) {
        if (result.spanBegin == std::string::npos || result.spanEnd == std::string::npos)
            return result; // no object there: nothing was stepped over
        if (result.duplicateKeys.empty() && readSpan(text.substr(result.spanBegin, result.spanEnd - result.spanBegin)))
            return result;
    }
    options.skipSpan = false;
    return parseStrictJson(text, options);
}

// Escapes one reference token for a JSON Pointer ("~" -> "~0", "/" -> "~1").
std::string escapePointerToken(std::string_view token);

} // namespace Tessera
