#include <widgets/common/paddedcelldelegate.h>

#include <QApplication>
#include <QPainter>
#include <QStyle>

namespace Tessera {

void PaddedCellDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);
    opt.rect.adjust(kInset, 0, -kInset, 0);
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
}

QSize PaddedCellDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    return QStyledItemDelegate::sizeHint(option, index) + QSize(2 * kInset, 0);
}

} // namespace Tessera
