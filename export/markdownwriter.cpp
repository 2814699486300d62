// Markdown prose, which every surface can carry: the title as a heading, the subtitle in italics, Text
// as it is (bold and muted as ** and _), Fields as a list, a Table as a pipe table, code fenced, an
// Image as ![alt](url), a Divider as a rule, links as [label](url) and Buttons as their labels (nothing
// reports a press in prose; said in notes). No limits.

#include <export/surfacewriters.h>

namespace Tessera {

namespace {

// Markdown's inline punctuation escaped, so a label reads as written.
QString escaped(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (QStringLiteral("\\`*_[]<>|#").contains(c))
            out += QLatin1Char('\\');
        out += c == QLatin1Char('\n') ? QLatin1Char(' ') : c;
    }
    return out;
}

// A fence longer than any run of backticks in the code.
QString fence(const QString &code)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : code) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max(3, longest + 1), QLatin1Char('`'));
}

QString tableRow(const QList<ExportString> &cells)
{
    QStringList texts;
    for (const ExportString &c : cells)
        texts.append(escaped(c.text));
    return QStringLiteral("| ") + texts.join(QStringLiteral(" | ")) + QStringLiteral(" |");
}

} // namespace

void writeMarkdown(const ExportCard &card, ExportResult &result)
{
    QStringList blocks;
    if (!card.title.isEmpty())
        blocks.append(QStringLiteral("### ") + escaped(card.title.text));
    if (!card.subtitle.isEmpty())
        blocks.append(QLatin1Char('_') + escaped(card.subtitle.text) + QLatin1Char('_'));
    for (const ExportElement &e : card.elements) {
        switch (e.kind) {
        case ExportElement::Kind::Text:
            blocks.append(e.style == ExportTextStyle::Bold    ? QStringLiteral("**") + e.text.text.trimmed() + QStringLiteral("**")
                              : e.style == ExportTextStyle::Muted ? QLatin1Char('_') + e.text.text.trimmed() + QLatin1Char('_')
                                                                  : e.text.text);
            break;
        case ExportElement::Kind::Code: {
            const QString f = fence(e.text.text);
            blocks.append(f + e.language + QLatin1Char('\n') + e.text.text + QLatin1Char('\n') + f);
            break;
        }
        case ExportElement::Kind::Fields: {
            QStringList lines;
            for (const ExportField &field : e.fields)
                lines.append(QStringLiteral("- **") + escaped(field.label.text) + QStringLiteral(":** ") + escaped(field.value.text));
            blocks.append(lines.join(QLatin1Char('\n')));
            break;
        }
        case ExportElement::Kind::Table: {
            QStringList lines{tableRow(e.columns)};
            QStringList rule;
            for (qsizetype j = 0; j < e.columns.size(); ++j)
                rule.append(e.numeric.value(j) ? QStringLiteral("---:") : QStringLiteral("---"));
            lines.append(QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) + QStringLiteral(" |"));
            for (const QList<ExportString> &row : e.rows)
                lines.append(tableRow(row));
            blocks.append(lines.join(QLatin1Char('\n')));
            break;
        }
        case ExportElement::Kind::Image:
            blocks.append(QStringLiteral("![") + escaped(e.text.text) + QStringLiteral("](<") + e.url.text + QStringLiteral(">)"));
            break;
        case ExportElement::Kind::Divider:
            blocks.append(QStringLiteral("---"));
            break;
        case ExportElement::Kind::Buttons: {
            QStringList parts;
            bool anyButton = false;
            for (const ExportButton &b : e.buttons) {
                if (b.isLink) {
                    parts.append(QLatin1Char('[') + escaped(b.label.text) + QStringLiteral("](<") + b.url.text + QStringLiteral(">)"));
                } else {
                    parts.append(QStringLiteral("**") + escaped(b.label.text) + QStringLiteral("**"));
                    anyButton = true;
                }
            }
            if (anyButton)
                result.notes.append(e.pointer + QStringLiteral(": Buttons are shown as their labels: nothing reports a press in Markdown"));
            if (!parts.isEmpty())
                blocks.append(parts.join(QStringLiteral(" · ")));
            break;
        }
        }
    }
    result.markdown = blocks.join(QStringLiteral("\n\n")) + QLatin1Char('\n');
}

} // namespace Tessera
