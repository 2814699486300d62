#pragma once

// The one table of card kinds of cards/ (STYLE.md rule 2): per kind its wire name, its schema, the
// rules a schema cannot say, its plain-text and Markdown forms and what the model is told about it.
// The name lookups, the validator, the Markdown export and the OpenAI tools all read this table; the
// widgets layer has its own registry (widgets/card/rendererregistry.cpp) for drawing.
//
// Include this header only where kinds are named: card.h forward-declares CardKind, so adding a kind
// rebuilds only the files that use the table. docs/adding-a-kind.md lists the steps.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <QtContainerFwd>

#include <nlohmann/json_fwd.hpp>

class QString;

namespace Tessera {

class Card;
struct KindRuleInput;
struct PayloadFinding;

// The nine kinds of seed 000 in catalog order, the two other dialects (issue 6), kinds added by
// descriptor files, and Unknown for anything else a backend sends. The order is the table's order
// (static_assert'ed in cardkinds.cpp): the first kCatalogKindCount values are the catalog.
enum class CardKind : std::uint8_t {
    Text,
    Code,
    Alert,
    Detail,
    ItemList,
    DataTable,
    MetricChart,
    RecommendActions,
    Canvas,
    JsonRender,     // "json_render": a json-render spec (seed 001) as the payload; jsonrenderspec.h
    WidgetDocument, // "dorkos_ui": a DorkOS widget document (seed 003) as the payload; widgetdocument.h
    Registered,     // a kind added at run time by a descriptor file; cardkindregistry.h (no row)
    Unknown,        // no row
};

inline constexpr std::size_t kCatalogKindCount = 9; // seed 000's catalog; checked against the table

// Rules a JSON Schema cannot say, run after the schema on a catalog kind's payload (cardvalidator.cpp
// gathers, orders and deduplicates what they find). Declared in cards/kindhooks.h.
using KindRules = void (*)(const KindRuleInput &input, std::vector<PayloadFinding> &found);
// A valid card's plain-text body, appended after its title line (the title is already in lines).
using PlainTextForm = void (*)(const Card &card, const nlohmann::json &payload, QStringList &lines);
// A valid card as a Markdown block, no trailing blank line.
using MarkdownForm = QString (*)(const Card &card, const nlohmann::json &payload);

struct CardKindInfo
{
    CardKind kind;
    const char *name;         // on the wire: "data_table"
    const char *schema;       // Qt resource of the payload schema; nullptr: a dialect checked in C++
    bool catalog;             // one of seed 000's nine (knownCardKinds()); false: a dialect
    bool emitCard;            // emit_card may draw it (seed 000: canvas only comes from render_ui)
    KindRules rules;          // nullptr: the schema says everything
    const char *shallowItems; // a schema pointer whose items C++ checks for speed (metric_chart points)
    PlainTextForm plainText;
    MarkdownForm markdown;
    // What the renderer draws as text, for find (issue 18): no html, data, chart points or list markers;
    // nullptr: the plain-text form is what it draws.
    PlainTextForm findText;
    // Composition rule 4 of the system prompt: the shape of data this kind is for, as said to the model
    // ("a series is a metric_chart"), and its place in the sentence (1 first); nullptr / 0: not named.
    const char *promptShape;
    int promptOrder;
};

// Every row: the catalog in catalog order, then the dialects.
std::span<const CardKindInfo> cardKindTable();
// The row of a kind; nullptr for Registered and Unknown.
const CardKindInfo *cardKindInfo(CardKind kind);

// A valid card as plain text: title, then its kind's body; a registered kind as its text lines
// (cardtext.h); Unknown as its raw text. For an invalid card see cardexport.h.
QString kindPlainText(const Card &card);
// The text a valid card's renderer draws: title, then its kind's find form (or plain text); a registered
// kind as its text lines; Unknown: "". What find in the conversation searches (conversationsearch.h).
QString kindFindText(const Card &card);
// A valid card as Markdown by its kind's form; a registered kind as its text lines; "" for Unknown.
QString kindMarkdown(const Card &card);

} // namespace Tessera
