#include <app/bidistyle.h>

#include <QStyleOptionMenuItem>

#include <cards/bidicontrols.h>

namespace Tessera {

void BidiStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                            const QWidget *widget) const
{
    if (element == CE_MenuItem && option && option->direction == Qt::RightToLeft) {
        if (const auto *item = qstyleoption_cast<const QStyleOptionMenuItem *>(option)) {
            QStyleOptionMenuItem isolated(*item);
            isolated.text = menuItemText(item->text, item->direction);
            QProxyStyle::drawControl(element, &isolated, painter, widget);
            return;
        }
    }
    QProxyStyle::drawControl(element, option, painter, widget);
}

QString BidiStyle::menuItemText(const QString &text, Qt::LayoutDirection direction)
{
    const qsizetype tab = text.indexOf(QLatin1Char('\t'));
    if (direction != Qt::RightToLeft || tab < 0)
        return text;
    return text.left(tab + 1) + leftToRightIsolate(text.mid(tab + 1));
}

} // namespace Tessera
