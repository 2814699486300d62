#pragma once

// DorkOS widget documents (seed 003 "Generative UI") as a card dialect: {version: 1, title?, root}.
// A ```dorkos-ui fenced block inside assistant Markdown is one document; the transcript parser turns each
// fence into a Card of kind "dorkos_ui" (CardSource::ProseFence) whose raw text is the fence's JSON, and
// the prose block draws it in place. An envelope {"kind":"dorkos_ui","specVersion":1,"payload":{…}} is
// the same document arriving as a card. Either way the document is the payload, so every issue points
// under "/payload" ("/payload/root/children/0/value").
//
// The node catalog (seed 003 "Node Catalog"); "?" = optional; unknown fields are ignored (PRODUCT.md §1):
//   stack     direction: "vertical"|"horizontal", gap?: number >= 0, children: node[]
//   card      title?, description?, children: node[], footer?: node | node[]
//   divider   —
//   heading   text, level?: 1|2|3
//   text      text (inline Markdown)
//   badge     text, tone?: "default"|"success"|"warning"|"error"|"info"
//   stat      label, value: string|number, delta?: {value: string|number, direction: "up"|"down"|"flat"},
//             hint?, trend?: number[] (a sparkline from 2 points)
//   keyValue  items: [{key, value: string|number|boolean|null}]
//   progress  value: number 0–100 (100.5 is an issue), label?
//   table     columns: [{key (unique, not empty), label, align?: "left"|"center"|"right"}],
//             rows: [{<key>: string|number|boolean|null}] (other keys ignored)
//   list      items: [{title, subtitle?, icon?, image?, meta?: string|number, badge?: string|{text, tone?},
//             actions?: (action | {label, action})[]}]
//   chart     kind: "bar"|"line"|"area"|"pie", data: [{label, value: number >= 0}] (at least 1), height?: number >= 0
//   timeline  items: [{title, time?, subtitle?, icon?, status?: "done"|"active"|"upcoming"}]
//   checklist items: [{label, checked?: boolean, note?}], action?, submitLabel?
//   compare   options: [{name, recommended?: boolean}] (at least 1), rows: [{label, values: cell[]}] where a
//             row may be shorter than options (padded blank when drawn) but not longer (an issue)
//   rating    value: number (drawn clamped to 0–5: not an issue), count?: number >= 0, label?
//   mood      emotion: "happy"|"thinking"|"celebrating"|"sheepish"|"determined"|"surprised"|"sad"|"love", message?
//   board     rows: cell[][], label?; cell = string (glyph shorthand; "" = blank) | null (blank) |
//             {glyph?, icon?, tone?, action?}; rows and each row past kWidgetBoardMax are sliced, not issues
//             (and not checked)
//   reveal    kind: "coin"|"d6"|"d20"|"8ball", result: string|number (a number is shown as a string), label?
//   image     src: "https://…" or "data:…" (no bare path, no http://), alt, caption?
//   button    label, variant?: "default"|"secondary"|"destructive"|"outline", action
//   input     name (not empty, unique in its form), label?, placeholder?, kind?: "text"|"number"
//   select    name (not empty, unique in its form), label?, options: [{label, value: string|number|boolean}] (at least 1)
//   form      children: node[], submit: {label, action}
// An icon is a name; names outside Tessera's allowlist draw a neutral dot (never an issue).
// Actions (seed 003 "The ui-action Channel"):
//   {kind: "agent", id (not empty), label?, payload?: object} | {kind: "ui", command: {action: string, …}} |
//   {kind: "url", href: "https://…" with a host}
//
// Caps (seed 003 states none; these are Tessera's, each an issue when passed):
//   nesting deeper than kWidgetMaxDepth nodes, more than kWidgetMaxNodes nodes, more than kWidgetMaxChildren
//   children (or footer nodes), more than kWidgetMaxItems entries in any other array (rows, items, data,
//   trend, options of a select, values), more than kWidgetMaxColumns table columns or kWidgetMaxOptions
//   compare options, more than kWidgetMaxActions actions per list item, a string over kWidgetMaxString
//   code points (title over kWidgetMaxTitle), a URL over kWidgetMaxUrl, a data: URI over kWidgetMaxDataUri.
//
// Messages follow CardValidator's: "is required", "must be a string", "must be one of: a, b",
// "must be at most N characters", "must have at most N items", "must be at least 0",
// "unknown node type \"x\"" (at …/type), "must start with https:// or data:".

#include <cstddef>
#include <string_view>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>

namespace Tessera {

inline constexpr int kWidgetMaxDepth = 16;          // node levels; the root is level 1
inline constexpr int kWidgetMaxNodes = 500;         // nodes in one document
inline constexpr int kWidgetMaxChildren = 100;      // children of a stack, card or form; a card's footer
inline constexpr int kWidgetMaxItems = 200;         // entries of any other array
inline constexpr int kWidgetMaxColumns = 20;        // table columns
inline constexpr int kWidgetMaxOptions = 12;        // compare options
inline constexpr int kWidgetMaxActions = 4;         // actions of one list item
inline constexpr int kWidgetMaxString = 4000;       // code points of a string (text, labels, …)
inline constexpr int kWidgetMaxTitle = 200;         // code points of the document title
inline constexpr int kWidgetMaxUrl = 2048;          // code points of an https:// src or href
inline constexpr int kWidgetMaxDataUri = 1048576;   // code points of a data: src (1 Mi)
inline constexpr int kWidgetBoardMax = 12;          // board rows and cells per row drawn (seed 003: sliced)

// One fenced block in Markdown text.
struct ProseFence
{
    qsizetype begin = 0;  // offset of the opening ``` line in the text (UTF-16 units)
    qsizetype end = 0;    // offset just past the closing fence line, or the text's end when unclosed
    QString json;         // the text between the fence lines
    bool closed = false;  // false: still streaming (draw a skeleton)
};

// Every ```dorkos-ui fence in text, in order (CommonMark fences: ``` or ~~~, 3+ chars, up to 3 spaces
// of indent, the info string's first word is "dorkos-ui"). Other fences are skipped whole (a "```json"
// block may quote a dorkos-ui fence without making one); a fence closes with the same character, at
// least as many, up to 3 spaces of indent and nothing but spaces after. Content lines lose up to the
// opening fence's indent (CommonMark); line ends in json are "\n". Fences inside block quotes or list
// items are not recognised.
QList<ProseFence> findWidgetFences(QStringView markdown);

// Issues in a widget document, pointers under "/payload". Called by CardValidator.
void validateWidgetDocument(const nlohmann::json &payload, QList<ValidationIssue> &issues);

// --- templates (seed 003 "Skill Widget Templates"; files: cards/dialects/widgettemplate.h) ----------
// A placeholder is "{{" NAME "}}", NAME a letter or "_" then letters, digits, "_", "-" or "." (at most
// kWidgetMaxPlaceholderName characters). In a template's document it may stand in
//   - free-form string fields (text.text, card.title, stat.label, …), anywhere in the string, and in
//     string|number fields (stat.value, reveal.result, list meta, cells), where it is a string;
//   - https-refined fields (image.src, list item image, a url action's href) only as the whole value;
// and nowhere else: a number-only field (progress.value, chart.data[].value, trend points), an enum or
// literal (badge.tone, stack.direction, button.variant, version, heading.level, an action's kind, every
// node's type), a boolean, an array-shaped field (table.rows, chart.data, children, board rows) or a
// node's place. Each such use is an issue ("a placeholder is not allowed in a number-only field"), and
// so is a "{{" that starts no placeholder in a free-form string. Everything else is checked as in
// validateWidgetDocument, with pointers under "/document".
inline constexpr int kWidgetMaxPlaceholderName = 64;
void validateWidgetTemplateDocument(const nlohmann::json &document, QList<ValidationIssue> &issues);
// The names of the well-formed placeholders in text, in order ("{{a}} {{b}} {{a}}" -> a, b, a).
QStringList widgetPlaceholderNames(std::string_view text);

// The node types of seed 003 "Node Catalog" (kWidgetNodeTypeCount of them): the one list that the
// validator's and the builder's tables follow.
inline constexpr std::size_t kWidgetNodeTypeCount = 24;
QStringList widgetNodeTypeNames();
// The types the validator has a checker for (its table's keys, in table order); equals
// widgetNodeTypeNames() as a set (tst_widgetdocument checks it).
QStringList widgetDocumentCheckedTypes();

// The card for one fence: raw text = fence.json, source ProseFence, id "<owner>#widget-<index>"
// (owner: the message id, else "line N"; index 1-based). Validated like any card.
Card widgetFenceCard(const ProseFence &fence, const QString &owner, int index);
// The cards of every fence in markdown (closed or not), in order.
QList<Card> widgetFenceCards(QStringView markdown, const QString &owner);

// --- normalisation: what the renderer draws for values the seed lets through --------------------------

// A WidgetAction as parsed from an action object; kind None when it is not a valid action.
struct WidgetAction
{
    enum class Kind { None, Agent, Ui, Url };
    Kind kind = Kind::None;
    QString id;             // agent
    QString label;          // agent label, if any
    QByteArray payloadJson; // agent: the payload object as compact JSON ("{}" when absent)
    QString command;        // ui: command.action ("celebrate", …)
    QByteArray commandJson; // ui: the whole command object as compact JSON
    QString href;           // url: only ever an https:// URL (anything else -> kind None)
};
WidgetAction widgetAction(const nlohmann::json &action);

// True for "https://" + a host (scheme in any case).
bool isHttpsUrl(QStringView url);
// True for an https URL as above or a "data:" URI (seed 003: image.src, list item image).
bool isWidgetImageSource(QStringView src);

// seed 003 rating: the value clamped to [0, 5] (NaN -> 0).
double widgetRatingValue(double value);
// seed 003 reveal: a string as is; a number as JavaScript's String() writes it (7 -> "7", 7.0 -> "7",
// 2.5 -> "2.5"); anything else "".
QString widgetRevealText(const nlohmann::json &result);
// A table / keyValue / compare cell as text: a string as is, a number as its JSON text, true "✓",
// false "✗", null "—". numberText, when not empty, replaces a number's text (exact source digits).
QString widgetCellText(const nlohmann::json &cell, const QString &numberText = {});

// seed 003 board: rows and each row sliced to kWidgetBoardMax; a bare string is {glyph}; "" and null
// are blank cells. action points into the json given (valid while it lives), or nullptr.
struct WidgetBoardCell
{
    QString glyph;
    QString icon;
    QString tone;
    const nlohmann::json *action = nullptr;
    bool healed = false; // blank in rows, drawn from the recorded state (healWidgetBoard)
    bool isBlank() const { return glyph.isEmpty() && icon.isEmpty(); }
};
QList<QList<WidgetBoardCell>> widgetBoardCells(const nlohmann::json &rows);

// seed 003 board self-heal: "if the agent records a move but a re-render drops it, DorkOS draws the
// recorded move anyway". The record is the "state" member of the first cell action's payload that has
// one (an agent action; seed 003: the agent trusts that string): either a string of one character per
// cell in row order, rows optionally split by "/", "|" or a line end ("X.O/.X./..O"), or an array of rows
// of strings ([["X","",""],…]). ".", "-", "_", " ", "" and null are blank. A blank cell whose recorded
// value is not blank gets it as glyph, marked healed; a drawn glyph always wins over the record. A state
// whose shape differs from the drawn board (rows or cells per row) heals nothing. Returns the number of
// cells healed.
int healWidgetBoard(QList<QList<WidgetBoardCell>> &cells);
// The mark a click on an empty cell draws at once (seed 003: "your mark draws itself instantly"): the
// cell action payload's "mark" when it is a string of 1 to 4 characters; else, for a noughts-and-crosses
// board, the side to move: "O" when the board (healed cells included) holds more X than O, else "X".
QString widgetBoardUserMark(const QList<QList<WidgetBoardCell>> &cells, const WidgetBoardCell &clicked);

// seed 003 "The ui-action Channel": the ui command {"action": "celebrate", "kind"?, "emoji"?}.
struct WidgetCelebration
{
    enum class Kind { Burst, Fireworks, Cannons, Stars, Rain, Emoji };
    Kind kind = Kind::Burst; // an unknown or missing kind is Burst (seed 003)
    QString emoji;           // Emoji: the "emoji" string, default U+1F389 🎉; else empty
};
WidgetCelebration widgetCelebration(const nlohmann::json &command);
// "burst", "fireworks", "cannons", "stars", "rain", "emoji".
QString widgetCelebrationKindName(WidgetCelebration::Kind kind);

// seed 003 compare: a row's values as cell texts (widgetCellText), padded with "" to optionCount.
QStringList widgetCompareRow(const nlohmann::json &values, int optionCount);

} // namespace Tessera
