#include <widgets/widgetdoc/widgetnodestars.h>

#include <algorithm>

#include <QPainter>
#include <QPainterPath>
#include <QtMath>

#include <cards/dialects/widgetdocument.h>
#include <widgets/common/theme.h>

namespace Tessera {

WidgetNodeStars::WidgetNodeStars(double value, QWidget *parent)
    : QWidget(parent)
    , m_value(widgetRatingValue(value))
{
    setObjectName(QStringLiteral("widgetRatingStars"));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setAccessibleName(tr("%1 of 5 stars").arg(QString::number(m_value, 'g', 3)));
}

double WidgetNodeStars::fillOf(int star) const
{
    return std::clamp(m_value - star, 0.0, 1.0);
}

void WidgetNodeStars::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor amber = toneColor(StatusTone::Warn, palette());
    QColor outline = palette().color(QPalette::Text);
    outline.setAlphaF(0.55f);
    const bool rtl = layoutDirection() == Qt::RightToLeft;
    for (int i = 0; i < 5; ++i) {
        const QRectF box((rtl ? 4 - i : i) * (kStarSize + 2), 0, kStarSize, kStarSize);
        QPainterPath star;
        const QPointF c = box.center() + QPointF(0, 0.8);
        for (int k = 0; k < 10; ++k) {
            const qreal r = k % 2 == 0 ? kStarSize / 2.0 - 0.5 : kStarSize / 4.6;
            const qreal a = qDegreesToRadians(-90.0 + k * 36.0);
            const QPointF pt(c.x() + r * qCos(a), c.y() + r * qSin(a));
            if (k == 0)
                star.moveTo(pt);
            else
                star.lineTo(pt);
        }
        star.closeSubpath();
        const double fill = fillOf(i);
        if (fill > 0) {
            painter.save();
            QRectF clip = box;
            clip.setWidth(box.width() * fill);
            if (rtl)
                clip.moveRight(box.right());
            painter.setClipRect(clip);
            painter.fillPath(star, amber);
            painter.restore();
        }
        painter.setPen(QPen(fill > 0 ? amber : outline, 1.2));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(star);
    }
}

} // namespace Tessera
