#include <widgets/widgetdoc/widgetnodepanel.h>

#include <QPainter>

namespace Tessera {

WidgetNodePanel::WidgetNodePanel(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("widgetPanel"));
}

void WidgetNodePanel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(palette().color(QPalette::AlternateBase));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 7, 7);
}

} // namespace Tessera
