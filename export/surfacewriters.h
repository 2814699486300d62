#pragma once

// The surface writers (internal to export/): each checks every limit of its surface first and writes
// only when nothing is over one (cardexporter.h). One file per surface, the limits beside their source.

#include <QString>
#include <QStringList>

#include <export/cardexporter.h>
#include <export/exportelements.h>

namespace Tessera {

void writeSlack(const ExportCard &card, ExportResult &result);
void writeTeams(const ExportCard &card, ExportResult &result);
void writeWhatsApp(const ExportCard &card, ExportResult &result);
void writeTelegram(const ExportCard &card, ExportResult &result);
void writeMarkdown(const ExportCard &card, ExportResult &result);

// Adds an issue to result when a value is over its limit. `what` names the thing with its surface, as
// the message starts: "a WhatsApp reply button title".
class LimitCheck
{
public:
    explicit LimitCheck(ExportResult &result)
        : m_result(result)
    {}

    // At most max code points; returns false (and adds the issue) when over.
    bool chars(const QString &pointer, const QString &text, int max, const QString &what);
    bool chars(const ExportString &s, int max, const QString &what) { return chars(s.pointer, s.text, max, what); }
    // At most max UTF-8 bytes.
    bool bytes(const ExportString &s, int max, const QString &what);
    // At most max things: "a Slack actions block holds at most 25 elements (this one has 26)".
    bool count(const QString &pointer, qsizetype n, int max, const QString &what, const QString &things);
    // Not empty: "a Telegram callback_data must not be empty".
    bool notEmpty(const ExportString &s, const QString &what);
    void issue(const QString &pointer, const QString &message) { m_result.issues.append({pointer, message}); }

private:
    ExportResult &m_result;
};

// The message text of the surfaces that carry text (WhatsApp's body, Telegram's text; seed 001): the
// title, subtitle, each Text, each Field as "Label: value", each Table as rows of cells separated by
// " | " (the header first), code as it is; paragraphs separated by a blank line. Images and Dividers are
// left out and said in notes. Buttons are not part of it (the writer places them).
QString flattenedBody(const ExportCard &card, const QString &surfaceName, QStringList *notes);

} // namespace Tessera
