#pragma once

// seed 003 board: a grid of glyph/icon cells (at most kWidgetBoardMax x kWidgetBoardMax: the rest is
// sliced by widgetBoardCells). Every cell is a button-shaped square that always draws its glyph text (or
// its icon, widgetnodeicon.h); blank cells are empty. Cells are built healed (healWidgetBoard: a move
// recorded in the actions' state but dropped from rows is drawn, and such a cell takes no clicks).
// Glyph colours are fixed per glyph and colour-blind safe (Okabe–Ito hues; light theme / dark theme):
//   X (x, ✕, ×)  blue    #1f63c6 / #6ca8ff   (toneColor Info)
//   O (o, ○)     amber   #a86a00 / #f0b43c   (toneColor Warn)
//   any other glyph: its tone's colour when it has a tone, else one of
//                bluish green #007a5e / #3fc7a0, vermillion #c24e00 / #ff8a4c,
//                reddish purple #b3478f / #e59ccc, picked by a fixed hash of the glyph (FNV-1a of its
//                UTF-16), so the same glyph has the same colour on every board and every turn.
// Cells with an action are focusable buttons (the builder attaches the action); the others ignore the
// mouse. A click on an empty cell draws the user's mark at once (placeMark, before the agent answers);
// a request that fails takes it back (clearMark). Cell side kCellSize px.

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

    bool isHealedAt(int row, int column) const;

    // The color for a glyph (X blue, O amber, else tone / the fixed palette above) on a palette.
    static QColor glyphColor(const QString &glyph, const QString &tone, const QPalette &palette);

    // The user's mark drawn at once in an empty cell (seed 003); clearMark takes a placed mark back.
    void placeMark(int row, int column, const QString &mark);
    void clearMark(int row, int column);
    const QList<QList<WidgetBoardCell>> &cells() const { return m_cells; }

private:
    QList<QList<WidgetBoardCell>> m_cells;
    QList<QList<QAbstractButton *>> m_buttons;
};

} // namespace Tessera
