#pragma once

// Copying a card (issue 7): as text, as JSON, as an image.
//  - text: the card flattened for pasting into prose: title first, then the body; a data_table or a
//    metric_chart as TSV (tab-separated, one header row; cells with tabs or newlines get spaces);
//    an invalid card gives its first issue and raw text.
//  - JSON: the envelope exactly as received (a tool result's raw text; a card built from tool-call
//    arguments is the envelope the tool would have broadcast).
//  - image: the card widget as drawn, PNG on the clipboard (device pixel ratio kept).
// Never throws: a payload that is not what its kind says flattens to what can be read.

#include <QString>

#include <export/cardexporter.h>

class QImage;
class QMenu;
class QWidget;

namespace Tessera {

class Card;

enum class CardCopyFormat { Text, Json, Image };

QString cardPlainText(const Card &card);
QString cardJsonText(const Card &card);
QImage cardImage(QWidget *cardWidget);

// Puts the card on the system clipboard in one format; the widget is needed for Image only.
void copyCard(const Card &card, QWidget *cardWidget, CardCopyFormat format);

// Copy for Slack / Teams / WhatsApp / Telegram (issue 14): the card as that surface's JSON message
// (export/cardexporter.h), on the clipboard as text and as application/json. When the card cannot go
// there nothing is copied: a window-modal dialog (object name "cardExportIssues", opened with open(), so
// no nested event loop) lists the issues, one "POINTER: message" line each. What the surface left out
// (notes) is listed in an information dialog ("cardExportNotes") after copying. dialogParent may be null
// (no dialog). Returns what the export gave.
ExportResult copyCardFor(const Card &card, ExportSurface surface, QWidget *dialogParent);
// The surfaces the window copies for, in menu order (the four chat surfaces; Markdown is not one).
QList<ExportSurface> copySurfaces();

// Gives a card widget a context menu "Copy as Text / JSON / Image" and "Copy for Slack / Teams /
// WhatsApp / Telegram" (the card is copied, so the menu keeps working whatever happens to the model),
// and "Pop Out" when the widget has that action (popout.h).
// Used by the conversation view.
void installCardContextMenu(QWidget *cardWidget, const Card &card);

} // namespace Tessera
