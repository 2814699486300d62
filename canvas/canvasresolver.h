#pragma once

// Turns a canvas card into the document inputs a canvas view loads, or a refusal with the seed's code.
// Seed 000 "Refusals" (and PRODUCT.md §5):
//   not_available    template mode with no personality directory, an unresolvable directory, a missing
//                    or empty ui/<template>.html, or a file whose canonical path (symlinks resolved) is
//                    outside the personality directory;
//   input_invalid    the card failed validation (first issue as the reason), or a template's bytes are
//                    over the html cap (65,536 chars) or not UTF-8;
//   execution_failed the template exists and is in reach but could not be read (an I/O error, no
//                    permission, or not a regular file).

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Tessera {

class Card;

enum class CanvasRefusal {
    None,
    NotAvailable,
    InputInvalid,
    ExecutionFailed,
};

// "not_available", "input_invalid", "execution_failed"; "" for None.
QString canvasRefusalCode(CanvasRefusal refusal);

struct CanvasSource
{
    CanvasRefusal refusal = CanvasRefusal::None;
    QString reason;        // why it was refused, a short lower-case sentence; "" when not refused
    QString title;         // payload title, may be empty
    QString html;          // the document body: inline html or the template's text
    QByteArray dataJson;   // payload.data serialized as JSON; "null" when absent
    QStringList libraries; // allowlisted names in payload order, e.g. "echarts@1"
    QString templateName;  // "" in html mode

    bool isRefused() const { return refusal != CanvasRefusal::None; }
};

inline constexpr qsizetype kCanvasHtmlMaxChars = 65536; // seed 000, canvas: html 1–65 536 chars

// personalityDir: the --personality directory (or the setting); may be empty. Never throws.
CanvasSource resolveCanvas(const Card &card, const QString &personalityDir);

} // namespace Tessera
