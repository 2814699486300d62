#pragma once

// Renderer for data_table cards (seed 000 "data_table"; PRODUCT.md §1 "Numbers keep their meaning").
//
// Layout: CardFrame title, then a QTableView of the rows (over a sorting proxy: click a header to sort;
// numeric columns sort by value; null/missing cells sort last in both orders), then the optional totals
// as a pinned bold one-row view that never sorts, then payload.caption (muted, wrapped).
//
// Sizing: no inner vertical scrolling: the card is as tall as every row (at most 50) needs. Columns get
// their content width (capped at kMaxColumnWidth px, longer text elides, the tooltip has it all); when
// they are narrower than the card the spare width is shared out in proportion, when wider the bottom
// view (totals if any, else rows) shows a horizontal scroll bar and both views scroll together.
// heightForWidth() accounts for that scroll bar at the asked width.
//
// Copy (Ctrl+C / QKeySequence::Copy, or the context menu's "Copy") puts the selection on the clipboard
// as TSV: the selected rows in view (sorted) order and the selected columns in view order; a cell inside
// that rectangle but not selected is empty; cells separated by a tab, rows by "\n", no trailing newline.
// Numbers keep their exact source digits; null/missing cells are empty; tabs and line breaks inside a
// string become spaces. When every row of every selected column is selected (e.g. Select All), the header
// labels come first and the totals row (if any) last, so a whole-table copy pastes as a full sheet.

#include <widgets/card/cardframe.h>

class QAction;
class QLabel;
class QTableView;

namespace Tessera {

class DataTableModel;

class DataTableCard : public CardFrame
{
    Q_OBJECT

public:
    static constexpr int kMaxColumnWidth = 360; // px

    explicit DataTableCard(const Card &card, QWidget *parent = nullptr);

    QTableView *tableView() const { return m_table; }   // the rows; never nullptr
    QTableView *totalsView() const { return m_totals; } // nullptr when the card has no totals
    DataTableModel *model() const { return m_model; }

    // The TSV text Copy would put on the clipboard for the current selection ("" when none).
    QString selectionAsTsv() const;
    void copySelection();

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void measureColumns();
    int viewportWidthFor(int cardWidth) const;
    bool needsHorizontalScroll(int viewportWidth) const;
    void applyWidth(int viewportWidth);
    void updateViewHeights();
    int rowsViewHeight() const;
    int totalsViewHeight() const;
    int scrollBarExtent() const;

    DataTableModel *m_model = nullptr;       // Owned (child).
    DataTableModel *m_totalsModel = nullptr; // Owned (child); nullptr without totals.
    QTableView *m_table = nullptr;
    QTableView *m_totals = nullptr;
    QLabel *m_caption = nullptr;
    QAction *m_copyAction = nullptr;
    QList<int> m_naturalWidths; // per column, px
    bool m_scrolling = false;   // the horizontal scroll bar is shown
    bool m_applyingWidths = false;
};

} // namespace Tessera
