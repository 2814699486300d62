#pragma once

// The labeled fallback block (PRODUCT.md §1): drawn for invalid cards, unknown kinds, and lines
// that could not be read at all. Never blank:
//  - a label: "Invalid data_table card", "Unknown card kind "foo"" (kind not in seed 000's
//    catalog), "Invalid card" (no kind), or the label given to the second constructor;
//  - the first issue as "pointer: message" (e.g. "/payload/series/0/points: must have at least 1 item")
//    and "+N more" when there are several;
//  - a checkable "Show raw JSON" button (collapsed by default) that expands a read-only monospace
//    view of the raw text exactly as received (invalid UTF-8 shows as U+FFFD). The view wraps
//    anywhere and scrolls inside after kMaxRawLines lines. It shows at most kMaxRawShownBytes: laying
//    out wrapped text costs about 0.3 s a MB on the GUI thread (a 70 MB line held the window for many
//    seconds). Past that it says "Showing the first 64 KiB of 70.0 MiB." beside a "Copy all" button that
//    puts the whole raw text on the clipboard; the text itself is kept whole either way.
// Warning tone accent bar on the left.

#include <QByteArray>

#include <widgets/card/cardframe.h>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Tessera {

class FallbackCard : public CardFrame
{
    Q_OBJECT

public:
    static constexpr int kMaxRawLines = 16;
    static constexpr qsizetype kMaxRawShownBytes = 64 * 1024;

    explicit FallbackCard(const Card &card, QWidget *parent = nullptr);
    // For an unreadable transcript line: label e.g. "Unreadable line 7", reason the read error.
    FallbackCard(const QString &label, const QString &reason, const QByteArray &rawText, QWidget *parent = nullptr);

    // "Invalid data_table card", …
    static QString labelFor(const Card &card);

    QString label() const { return m_label; }
    // "pointer: message" of the first issue, or the reason. Shown with any token over 80 chars
    // shortened around an ellipsis (full text in the tooltip).
    QString issueText() const { return m_issue; }
    int moreIssueCount() const { return m_moreIssues; }
    QByteArray rawText() const { return m_raw; }
    QPushButton *rawToggle() const { return m_toggle; }
    QPlainTextEdit *rawView() const { return m_rawView; } // nullptr until first shown
    QWidget *rawCutRow() const { return m_rawCut; }       // "Showing the first …", Copy all; nullptr: not cut
    bool isRawShown() const;
    void setRawShown(bool shown);

private:
    void build();

    QString m_label;
    QString m_issue;
    int m_moreIssues = 0;
    QByteArray m_raw;
    QPushButton *m_toggle = nullptr;
    QPlainTextEdit *m_rawView = nullptr;
    QWidget *m_rawCut = nullptr;
};

} // namespace Tessera
