#pragma once

// The data of one data_table card (seed 000 "data_table"), as a pure item model: no widgets, no colors.
//
// Shape: columns from payload.columns (1–8 {key, label, numeric?}), rows from payload.rows (up to 50
// objects keyed by column key), and an optional one-row payload.totals. The Rows section of a card is
// one model, its Totals section another (same class, so the two views share every rule below).
//
// Cell rules (PRODUCT.md §1 "Numbers keep their meaning"):
//  - a string shows as is; a number shows its exact source digits (Card::numberText at
//    "/payload/rows/<r>/<escaped key>" or "/payload/totals/<escaped key>"), so 18446744073709551615 and
//    a source "1.10" stay exactly that;
//  - null or a missing key shows an em dash "—" (CopyTextRole gives "" for those); in the Totals
//    section a missing key shows nothing (totals usually cover only some columns), null still "—";
//  - any other JSON type (validation rejects them) shows its compact JSON text, never crashes.
// Bidi (issue 13): DisplayRole and ToolTipRole show bidi controls as visible markers ("⟨U+202E⟩0001", never
// "1000"); a numeric cell holding right-to-left letters is drawn strictly left to right (leftToRightText),
// other cells and column labels are isolated (isolatedText). CopyTextRole keeps the text as sent.
// Numeric columns report Qt::AlignRight | Qt::AlignVCenter, others Qt::AlignLeft | Qt::AlignVCenter.
// Tabular figures: Qt 6.4 has no OpenType feature API (QFont::setFeature is 6.7+), so the view relies on
// the UI font's default digits, which are tabular in the common UI fonts (DejaVu/Noto Sans, Cantarell,
// Segoe UI, SF); the model asks for nothing else. Totals cells report a bold Qt::FontRole.

#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <QVariant>

namespace Tessera {

class Card;

class DataTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Section {
        Rows,   // payload.rows, at most kMaxRows
        Totals, // payload.totals as one row; no rows when the card has no totals
    };

    enum Role {
        // Numbers as double, strings as QString, null/missing as an invalid QVariant (sorted last by
        // the card's proxy in both orders).
        SortRole = Qt::UserRole + 1,
        // The text a copy puts on the clipboard: exact digits, strings as is, "" for null/missing.
        CopyTextRole,
        // bool: the cell is null or the key is missing.
        IsNullRole,
    };

    static constexpr int kMaxRows = 50;    // seed 000, data_table: up to 50 rows
    static constexpr int kMaxColumns = 8;  // seed 000, data_table: 1–8 columns

    explicit DataTableModel(const Card &card, QObject *parent = nullptr); // the Rows section
    DataTableModel(const Card &card, Section section, QObject *parent = nullptr);

    Section section() const { return m_section; }
    bool cardHasTotals() const { return m_cardHasTotals; }
    QString caption() const { return m_caption; } // payload.caption, "" when absent

    QString columnKey(int column) const;
    QString columnLabel(int column) const;
    bool isNumericColumn(int column) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct Column
    {
        QString key;
        QString label;
        bool numeric = false;
    };
    struct Cell
    {
        QString text;   // the cell's text ("—" for null/missing): copies, accessibility
        QString shown;  // DisplayRole: text with bidi controls visible (cards/bidicontrols.h)
        QVariant sort;  // SortRole value
        bool isNull = true;
    };

    QList<Column> m_columns;
    QList<QList<Cell>> m_rows; // [row][column]
    Section m_section = Section::Rows;
    bool m_cardHasTotals = false;
    QString m_caption;
};

} // namespace Tessera
