#pragma once

// Result-to-card descriptors (seed 002: "result-to-card descriptors on the tool registry, so … a tool result
// surfaces as a card deterministically, with no model involved"; issue 16). A descriptor maps an MCP tool's
// `structuredContent` onto a catalog card (or a kind registered by descriptor) by JSON Pointers.
//
// Files: <pluginsDir>/tools/*.json, beside the kind descriptors of --plugins DIR (a folder of their own, so
// neither loader reads the other's files). One descriptor per file:
//   { "tool": "list_directory",              // the tool's name as the server lists it (required)
//     "server": "files",                     // optional: only that server's tool; absent: any server's
//     "kind": "item_list",                   // the card's kind: catalog or registered, never canvas
//     "set": { "/title": "Files" },          // optional: fixed values at payload pointers
//     "map": {                               // payload pointer <- structuredContent pointer (required)
//         "/items/*/id":   "/entries/*/path",
//         "/items/*/name": "/entries/*/name",
//         "/items/*/meta": { "from": "/entries/*/size", "as": "string", "optional": true } } }
//  - Pointers are RFC 6901; one token may be "*", at most once per pointer, in a target exactly when in its
//    source: the source's array before "*" gives the elements, each mapped to the same index of the target
//    array (at most kMaxElements).
//  - A map value is a pointer, or {"from": pointer, "optional": bool, "as": "string"}: optional skips a
//    missing value (else the result does not fit); "as": "string" writes a number or boolean as its text.
//  - A target token that is a number ("/fields/0/label") writes an array element, as "*" does.
//  - `set` is applied first, then `map` in the order of its target pointers (sorted); a target that
//    would write through a value already written is a failure, not an overwrite.
// The card built is {"kind", "specVersion": 1, "payload"} and validated like any card: a result that does
// not fit (a pointer that resolves to nothing, an invalid card) is a failure naming the pointer.
//
// Loading names the file and the pointer in the descriptor that is wrong:
//   "listing.json: /map/~1items~1*~1id: the target has \"*\" but its source /entries/path does not".
// Registered kinds must be loaded first (CardKindRegistry) for "kind" to name one of them.

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <cards/card.h>

namespace Tessera {

struct ToolCardMapping
{
    QString target;          // payload pointer, may hold one "*"
    QString source;          // structuredContent pointer, "*" where target has it
    bool optional = false;
    bool asString = false;
};

struct ToolCardDescriptor
{
    static constexpr int kMaxElements = 1000; // elements read from one source array
    static constexpr int kMaxMappings = 100;

    QString tool;
    QString server; // empty: any server
    QString kind;
    nlohmann::json set = nlohmann::json::object(); // payload pointer -> value
    QList<ToolCardMapping> mappings;                // sorted by target
    QString path;                                   // the file it came from

    // Parses one descriptor; false with *error as "/pointer: why".
    static bool parse(const QByteArray &jsonText, ToolCardDescriptor *out, QString *error);
};

// What cardFromToolResult made: a valid card, or why not.
struct ToolCardOutcome
{
    bool ok = false;
    Card card;       // ok: valid, kind and payload as mapped (card id unset: the caller's tool call id)
    QString pointer; // !ok: a structuredContent pointer ("/entries/3/name"), or the card's ("/payload/items")
    QString message; // !ok: "is missing", "must be at most 120 characters", …

    // "/entries/3/name: is missing" — the note shown beside the tool line.
    QString describe() const { return pointer + QStringLiteral(": ") + message; }
};

// Pure: builds the card a descriptor makes of one structuredContent. Never throws.
ToolCardOutcome cardFromToolResult(const ToolCardDescriptor &descriptor, const nlohmann::json &structuredContent);

// The descriptors loaded at start (thread-safe; loaded once, read from any thread).
class ToolCardDescriptors
{
public:
    // Loads every *.json in dir (sorted by name), replacing nothing already loaded; a broken file is
    // skipped with "name.json: /pointer: why" in *errors. A directory that does not exist is no error
    // (most plugin folders have no tools/). Returns how many loaded.
    static int loadDirectory(const QString &dir, QStringList *errors = nullptr);
    // The descriptor for a server's tool into *out: one naming the server first, else one for any
    // server. False when none.
    static bool find(const QString &server, const QString &tool, ToolCardDescriptor *out);
    static QList<ToolCardDescriptor> all();
    static void clear(); // tests
};

} // namespace Tessera
