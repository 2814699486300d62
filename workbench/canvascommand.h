#pragma once

// Commands for the canvas panel (issue 15; seed 003 "Canvas", "Canvas Content Types"; PRODUCT.md §4).
//
// Agent commands arrive as wire events or as control_ui tool calls; the object is the event minus "type"
// (or the call's arguments minus "action"):
//   open   {tab: {type, title?, source?, id?, content? | definition? | src? | url? | text?, language?}}
//          (control_ui: the tab may also come as "content", seed 003's shape)
//   update {tabId? | source?, content, title?}
//   close  {tabId? | source?}
// The person's own commands, made by the panel and stored the same way:
//   edit {tabId, content}  — the person's text of a markdown or file tab (starts or continues editing)
//   apply {tabId} / discard {tabId} — the held agent update replaces the person's text / is dropped
//   done {tabId} — the person stops editing (no update was held)
//
// Content by type (the one table: canvasContentTypes()):
//   widget   a widget document object {version: 1, title?, root} (cards/dialects/widgetdocument.h rules)
//   markdown, file, csv   a string (file: "language" picks the code card's highlighter)
//   json     any JSON value, or a string holding JSON text (parsed when drawn, strictly: depth <= 100)
//   image    an address: "data:image/…", "https://…" (loaded only after a click), or a path inside the
//            session's working directory (a relative path, an absolute one, or a file: URL)
//   pdf      an address: "data:application/pdf…", "https://…" (after a click) or a path as for image
//   canvas   a canvas payload object {html | template, data?, libraries?} or the HTML as a string
//   url, browser   an "https://" address; never loaded: shown, opened in the system
//            browser after confirmation
//   mcp_app  {toolCallId}: a hosted tool's result of this conversation that carried an MCP App view
//            ("tessera_app", mcp/mcpapp.h), drawn again from that stored line; nothing else (no HTML,
//            no server or resource: a tab never makes an app of its own). Whether the conversation
//            holds that result is CanvasPanelState's check.
// Any other scheme (javascript:, blob:, ftp:, …) is an issue naming the scheme. Whether a path is inside
// the working directory is decided where it is drawn (the working directory is the window's).
//
// Issues are field-level, JSON Pointers into the object as received ("/tab/type", "/content/root/value").
// A stored line: {"role":"system","content":"canvas: …","canvas":{"command":"open", …the object…}}.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>

namespace Tessera {

enum class CanvasOp { Open, Update, Close, Edit, Apply, Discard, Done };

// The content types of seed 003 that Tessera draws; the render kind, not the wire name
// (canvasContentTypeName maps one to the other).
enum class CanvasContentType { Widget, Markdown, File, Csv, Json, Image, Pdf, Canvas, Url, Browser, McpApp };

inline constexpr qsizetype kCanvasMaxTextChars = 4 * 1024 * 1024; // markdown, file, csv, json text
inline constexpr qsizetype kCanvasMaxAddressChars = 8 * 1024 * 1024; // a data: URI of an image or PDF
inline constexpr qsizetype kCanvasMaxTitleChars = 200;
inline constexpr qsizetype kCanvasMaxIdChars = 256; // tab ids and sources
inline constexpr int kCanvasMaxTabs = 50;            // an open past this is an issue

QString canvasContentTypeName(CanvasContentType type);
bool canvasContentTypeFromName(const QString &name, CanvasContentType *type);
QStringList canvasContentTypeNames();
// markdown and file: the tabs the person can edit (edit protection applies to them).
bool isEditableCanvasType(CanvasContentType type);

QString canvasOpName(CanvasOp op);
bool canvasOpFromName(const QString &name, CanvasOp *op);
bool isAgentCanvasOp(CanvasOp op); // open, update, close

struct CanvasCommand
{
    CanvasOp op = CanvasOp::Open;
    QString tabId;   // open: the id asked for ("" = the panel gives one); others: the tab named
    QString source;  // the dedupe key (open) or the tab named by source (update, close)
    QString title;   // open, update: "" = keep / derive
    CanvasContentType type = CanvasContentType::Markdown; // open
    bool hasContent = false;
    QByteArray contentJson; // the content as compact JSON text (a string content is a JSON string)
    QString language;       // file tabs
    QByteArray objectJson;  // the command object as received (compact), stored in the line
};

struct CanvasIssue
{
    QString pointer;
    QString message;
    friend bool operator==(const CanvasIssue &, const CanvasIssue &) = default;
};

// "/tab/type: must be one of: …" — one line per issue.
QString canvasIssuesText(const QList<CanvasIssue> &issues);

// Parses and validates an object (an event minus "type", or a control_ui call minus "action") for op.
// False with field-level issues; never throws.
bool parseCanvasCommand(CanvasOp op, const nlohmann::json &object, CanvasCommand *command,
                        QList<CanvasIssue> *issues);
// The same from JSON text (read with the strict parser: depth <= 100, no repeated keys).
bool parseCanvasCommandText(CanvasOp op, const QByteArray &objectJson, CanvasCommand *command,
                            QList<CanvasIssue> *issues);

// Checks content against a type's rule (an update's content, once the tab's type is known); pointer is
// where the content sits in the command ("/content").
bool checkCanvasContent(CanvasContentType type, const QByteArray &contentJson, const QString &pointer,
                        QList<CanvasIssue> *issues);

// The stored transcript line for a valid command: a system line whose "canvas" member is the command
// object with "command": op name. summary is the line's content ("canvas: opened Weather").
QByteArray canvasCommandLine(const CanvasCommand &command, const QString &summary);
// Reads a stored line's "canvas" member back; false (no issue list) when the line has none or it is
// unusable. lineJson is the whole line as parsed.
bool canvasCommandFromLine(const nlohmann::json &lineJson, CanvasCommand *command, QList<CanvasIssue> *issues = nullptr);
// Quick filter before parsing a stored line: it may carry a canvas command.
bool mayBeCanvasLine(const QByteArray &rawLine);
// The tool call an mcp_app tab's content names ("" when the content is not {toolCallId}).
QString canvasAppToolCallId(const QByteArray &contentJson);

// An address of an image or pdf tab, classified. Path checks against a working directory are the
// caller's (canvasLocalPath).
enum class CanvasAddressKind { Data, Https, Http, LocalPath, Refused };
CanvasAddressKind classifyCanvasAddress(const QString &address, QString *reason);
// A local path (relative, absolute or file: URL) resolved inside workingDir; "" with a reason when it
// is outside it (after resolving symbolic links and ".."), or there is no working directory.
QString canvasLocalPath(const QString &address, const QString &workingDir, QString *reason);

} // namespace Tessera
