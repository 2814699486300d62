#pragma once

// seed 003 board: a grid of glyph/icon cells (at most kWidgetBoardMax x kWidgetBoardMax: the rest is
// sliced by widgetBoardCells). Every cell is a button-shaped square that always draws its glyph text (or
// its icon, widgetnodeicon.h); blank cells are empty. Glyph colors are fixed and colour-blind safe:
// X (x, ✕, ×) blue and O (o, ○) amber; another glyph takes its tone's color, else the text color.
// Cells with an action are focusable buttons (the builder attaches the action); the others ignore the
// mouse. Cell side kCellSize px.

#include <QList>
#include <QWidget>

#include <cards/dialects/widgetdocument.h>

class QAbstractButton;

namespace Tessera {

class WidgetNodeBoard : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kCellSize = 40; // px

    explicit WidgetNodeBoard(const QList<QList<WidgetBoardCell>> &cells, QWidget *parent = nullptr);

    int rowCount() const { return int(m_cells.size()); }
    int columnCount(int row) const { return row >= 0 && row < m_cells.size() ? int(m_cells.at(row).size()) : 0; }
    QAbstractButton *cellButton(int row, int column) const; // nullptr outside the board
    QString glyphAt(int row, int column) const;
    // The color the cell's glyph is drawn in with the current palette.
    QColor glyphColorAt(int row, int column) const;

    // The color for a glyph (X blue, O amber, else tone / text) on a palette.
    static QColor glyphColor(const QString &glyph, const QString &tone, const QPalette &palette);

private:
    QList<QList<WidgetBoardCell>> m_cells;
    QList<QList<QAbstractButton *>> m_buttons;
};

} // namespace Tessera
