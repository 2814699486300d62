#pragma once

// A server's elicitation/create request (MCP 2025-06-18 and later, form mode) as a form (issue 16): the
// requested schema is a flat object of primitive fields — string (with format email, uri, date,
// date-time), number, integer, boolean, a single-choice enum (enum, enum + enumNames, or oneOf of
// {const, title}), and a multiple-choice array of such options. Anything else (nested objects, arrays of
// other things, $ref) makes the request one Tessera cannot show: it is answered with a JSON-RPC error,
// never guessed at.
//
// content() builds the "content" of an accept answer: the values given over the defaults, each checked
// against its field (type, minimum/maximum, minLength/maxLength, options, minItems/maxItems), every
// required field present. Errors name the field: "name: is required", "integer: must be at most 100".

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace Tessera {

struct McpElicitationField
{
    enum class Type { String, Number, Integer, Boolean, Choice, MultiChoice };

    QString name;
    QString title;       // the label: "title", else the name
    QString description; // a hint under the field, may be empty
    Type type = Type::String;
    bool required = false;
    nlohmann::json defaultValue; // null when none
    QString format;              // String: "email", "uri", "date", "date-time" or empty
    QStringList options;         // Choice/MultiChoice: the values sent
    QStringList optionTitles;    // the same length: what is shown
    nlohmann::json minimum;      // Number/Integer: null or a number
    nlohmann::json maximum;
    int minLength = -1;          // String, and MultiChoice's minItems/maxItems; -1 when not given
    int maxLength = -1;
};

struct McpElicitationForm
{
    static constexpr int kMaxFields = 50;

    QString message; // what the server asks, shown above the fields
    QList<McpElicitationField> fields; // in the schema's order of "properties" (sorted by name)
    // What parse() read: {"message", "requestedSchema"} as the server sent them (to store and read again).
    nlohmann::json params = nlohmann::json::object();

    // Reads elicitation/create params; false with *error ("/requestedSchema/properties/x: …").
    static bool parse(const nlohmann::json &params, McpElicitationForm *out, QString *error);
    // The defaults, as an accept answer would carry them untouched.
    nlohmann::json defaults() const;
    // `values` (an object) over the defaults, checked; false with *error naming the field.
    bool content(const nlohmann::json &values, nlohmann::json *out, QString *error) const;
};

} // namespace Tessera
