#include <widgets/widgetdoc/widgetnodeprogress.h>

#include <algorithm>
#include <cmath>

#include <QPainter>

namespace Tessera {

WidgetNodeProgress::WidgetNodeProgress(double value, QWidget *parent)
    : QWidget(parent)
    , m_value(std::isfinite(value) ? std::clamp(value, 0.0, 100.0) : 0.0)
{
    setObjectName(QStringLiteral("widgetProgressBar"));
    setFixedHeight(kBarHeight);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void WidgetNodeProgress::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF track = QRectF(rect());
    const qreal radius = track.height() / 2;
    QColor back = palette().color(QPalette::Text);
    back.setAlphaF(0.12f);
    painter.setPen(Qt::NoPen);
    painter.setBrush(back);
    painter.drawRoundedRect(track, radius, radius);
    if (m_value > 0) {
        QRectF fill = track;
        fill.setWidth(qMax(track.height(), track.width() * m_value / 100.0));
        painter.setBrush(palette().color(QPalette::Highlight));
        painter.drawRoundedRect(fill, radius, radius);
    }
}

} // namespace Tessera
