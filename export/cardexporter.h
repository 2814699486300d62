#pragma once

// One card out to another surface (issue 14; seed 001 "How each channel renders it" is the contract):
//   slack     a Block Kit message {"blocks": [...], "text": "..."}
//   teams     an Adaptive Card, version 1.5 (Table needs 1.5); valid against the official 1.5 schema
//   whatsapp  a Cloud API message body: reply buttons, a list behind "Choose", a URL button, or text,
//             chosen from the card's actions by seed 001's table
//   telegram  sendMessage parameters {"text": ..., "reply_markup": {"inline_keyboard": [...]}}
//   markdown  Markdown prose, which every surface can carry
//
// Never truncated: every limit of the surface is checked before anything is written. Over a limit the
// result has no message, only issues, each naming a place in the card (a JSON Pointer into its payload)
// and the limit ("/elements/approve/props/label: a WhatsApp reply button title is at most 20 characters
// (this one has 21)"). Characters are code points; Telegram's callback_data is counted in UTF-8 bytes.
// What a surface cannot show at all (an Image on WhatsApp) is dropped and said in notes, never silently.
//
// What can go: json-render cards (directly), the catalog kinds (exportmapping.h), widget documents made
// of card, heading, text, keyValue, table, stat, list and button nodes. metric_chart and canvas are
// refused (seed 001 "Limits": no charts), as are invalid cards, other nodes and registered kinds.

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace Tessera {

class Card;
struct ExportCard;

enum class ExportSurface { Slack, Teams, WhatsApp, Telegram, Markdown };

struct ExportIssue
{
    QString pointer; // into the card's payload; "" is the whole card
    QString message; // "a WhatsApp reply button title is at most 20 characters (this one has 21)"

    // "POINTER: message", "(card): message" for the whole card: one line on stderr or in the dialog.
    QString line() const;
};

struct ExportResult
{
    ExportSurface surface = ExportSurface::Slack;
    nlohmann::json message;    // the surface's JSON (null for Markdown and when there are issues)
    QString markdown;          // Markdown only
    QStringList notes;         // what the surface could not show and was left out ("the Image at /elements/logo")
    QList<ExportIssue> issues; // non-empty: nothing was written

    bool ok() const { return issues.isEmpty(); }
    // What is copied or written: the JSON with two-space indent and a final newline, or the Markdown.
    QString text() const;
};

// A writer: limits first (issues), then, only when there are none, the message.
using SurfaceWriter = void (*)(const ExportCard &card, ExportResult &result);

struct ExportSurfaceInfo
{
    ExportSurface surface;
    const char *name;        // on the command line: "slack"
    const char *displayName; // in menus and messages: "Slack"
    SurfaceWriter write;
};

// Every surface, in ExportSurface order.
QList<ExportSurfaceInfo> exportSurfaces();
const ExportSurfaceInfo &exportSurfaceInfo(ExportSurface surface);
// By name, case-insensitive; false when no surface has it.
bool exportSurfaceFromName(const QString &name, ExportSurface *surface);

// The card mapped and written for one surface. Never throws.
ExportResult exportCard(const Card &card, ExportSurface surface);

} // namespace Tessera
