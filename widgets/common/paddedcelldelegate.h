#pragma once

// Paints table cells with horizontal padding, so a right-aligned number never touches the next
// column's text; the selection and row backgrounds still span the whole cell. Used by data_table and
// json-render's Table.

#include <QStyledItemDelegate>

namespace Tessera {

class PaddedCellDelegate : public QStyledItemDelegate
{
public:
    static constexpr int kPadding = 8;          // px each side, text to cell edge
    static constexpr int kInset = kPadding - 3; // the style already keeps ~3 px (focus frame margin)

    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace Tessera
