#pragma once

// json-render specs (seed 001 "Native cards"): a flat map of elements with one root, as a card dialect.
// Arrives as {"kind":"json_render","specVersion":1,"payload":{"root":…,"elements":{…}}} or as send_card
// tool arguments {spec, text} (Card::fromToolCall("send_card", …) stamps the envelope, payload = spec
// plus the call's "text").
// Components: Card, Section, Text, Fields, Field, Table, Divider, Image, Actions, Button, LinkButton.
//
// Payload shape:
//   {root: id, elements: {id: {type, props?: object, children?: [id]}}, text?: string}
//   "text" is send_card's plain-text version of the card (seed 001: required for send_card, so a card
//   built from a send_card call without it is invalid at /payload/text); the call's text replaces any
//   "text" member the spec itself had (json-render has none). Unknown members anywhere are ignored.
//
// Props per component (unknown props ignored; "chars" are code points, as everywhere in Tessera):
//   Card       title?, subtitle? strings             children: Section Text Fields Table Divider Image Actions
//   Section    title? string                         children: Text Fields Table Divider Image Actions
//   Text       text (required, 1+), style? plain|bold|muted
//   Fields     -                                     children: Field only
//   Field      label (required, 1+), value (required string, may be empty)
//   Table      columns: [string, 1+ chars] (1–8), rows: [[cell]] (0–50), one cell per column,
//              a cell is a string, a number (drawn with its exact source digits, right-aligned) or null (—)
//   Divider    -
//   Image      url (required, 1+), alt? string — never loaded: Tessera shows the alt text and the host
//   Actions    -                                     children: Button and LinkButton only
//   Button     id (required, 1+, unique among the card's Buttons), label (required, 1+),
//              style? primary|danger|default
//   LinkButton label (required, 1+), url (required, 1+); only https:// URLs can be opened
//              (jsonRenderLinkRefusal), others are drawn disabled — the card stays valid.
// Only Card, Section, Fields and Actions have children; a non-empty "children" elsewhere is an issue.
// A Card is only ever the root; Field, Button and LinkButton can never be the root.
//
// Structure (walked from root, depth first, children in order):
//   - a child id that is not in elements: issue at /payload/elements/<id>/children/<i>;
//   - a child that is one of its own ancestors: a cycle, issue at the child slot that closes it;
//   - an element reached a second time (a second parent, or twice in one children list): issue at the
//     later slot. json-render draws by id, so a shared element would draw its Buttons twice; refused.
//   - elements not reachable from root are allowed and not drawn (their own props are still checked).
//
// Tessera's caps (seed 001 names none; "never truncate, name the limit"):
//   at most 200 elements; ids (element and Button) 1–64 chars (Telegram callback data is 64 bytes);
//   labels (Button, LinkButton, Field, Table column) at most 80 chars; Card/Section title 120;
//   Card subtitle 200; Text 4000; Field value and Table cell 1000; Image alt 300; URLs 2048;
//   payload text 4096 (WhatsApp's plain-text body).
//
// Issues: JSON Pointers under "/payload" (RFC 6901: "~" -> "~0", "/" -> "~1" in element ids), messages
// as in cardvalidator.h ("is required", "must be a string", "must be at most 80 characters", …), ordered
// by pointer, at most one structural issue per child slot. Ids quoted in messages are JSON-escaped and
// cut at 40 chars, so a message stays one line.

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>

namespace Tessera {

inline constexpr int kJsonRenderMaxElements = 200;
inline constexpr int kJsonRenderMaxIdChars = 64;
inline constexpr int kJsonRenderMaxLabelChars = 80;
inline constexpr int kJsonRenderMaxTitleChars = 120;
inline constexpr int kJsonRenderMaxSubtitleChars = 200;
inline constexpr int kJsonRenderMaxTextChars = 4000;
inline constexpr int kJsonRenderMaxValueChars = 1000;
inline constexpr int kJsonRenderMaxAltChars = 300;
inline constexpr int kJsonRenderMaxUrlChars = 2048;
inline constexpr int kJsonRenderMaxColumns = 8;
inline constexpr int kJsonRenderMaxRows = 50;
inline constexpr int kJsonRenderMaxPlainTextChars = 4096;
// A presser's name in a press note is cut to this many chars (after sanitising).
inline constexpr int kButtonPressMaxNameChars = 100;

// The eleven component names, in seed 001's order.
QStringList jsonRenderComponentNames();

// Issues in a json_render payload, pointers under "/payload" (unknown component, missing root, a child
// that does not exist, a cycle, …). Called by CardValidator.
void validateJsonRenderSpec(const nlohmann::json &payload, QList<ValidationIssue> &issues);

// The note a Button press sends (seed 001): "[Button pressed by NAME; action=ID]", with brackets,
// semicolons and line breaks removed from NAME and ID so a crafted name cannot forge a second press.
// Removed: [ ] ; and their fullwidth/small forms (［ ］ ； ﹔) and the Greek question mark (;, looks like
// ";"); every line break and control character (C0, DEL, C1 incl. NEL, U+2028, U+2029) becomes a space;
// bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are removed so the note cannot be
// displayed reordered. Runs of spaces collapse, ends are trimmed; a name cut to
// kButtonPressMaxNameChars; an empty name becomes "someone".
QString buttonPressNote(const QString &presserName, const QString &actionId);
// The same removal for one field of any note a model reads (the OpenAI backend's decision and widget
// texts), so a crafted card id, action or widget name cannot forge a line of its own.
QString sanitizeNoteField(const QString &text);

// Why a LinkButton URL cannot be opened ("" when it can): only https:// with a host (QUrl, strict
// parsing; the scheme is case-insensitive) and no user name or password before the host (a
// "https://bank.example@evil.example" trick); http://, javascript:, data:, file:, … are refused. The
// application still asks the user to confirm the full address before opening.
QString jsonRenderLinkRefusal(const QString &url);

} // namespace Tessera
