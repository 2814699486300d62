#include <widgets/widgetdoc/widgetnodesparkline.h>

#include <algorithm>
#include <cmath>

#include <QPainter>

namespace Tessera {

WidgetNodeSparkline::WidgetNodeSparkline(const QList<double> &values, QWidget *parent)
    : QWidget(parent)
{
    for (double v : values) {
        if (std::isfinite(v))
            m_values.append(v);
    }
    setFixedSize(kWidth, kHeight);
    setObjectName(QStringLiteral("widgetSparkline"));
    if (!m_values.isEmpty()) {
        const auto [lo, hi] = std::minmax_element(m_values.cbegin(), m_values.cend());
        setAccessibleName(tr("Trend"));
        setAccessibleDescription(tr("%n points, from %1 to %2", nullptr, int(m_values.size()))
                                     .arg(QString::number(m_values.first(), 'g', 10),
                                          QString::number(m_values.last(), 'g', 10))
                                 + tr(" (low %1, high %2)").arg(QString::number(*lo, 'g', 10), QString::number(*hi, 'g', 10)));
    }
}

QList<QPointF> WidgetNodeSparkline::points() const
{
    QList<QPointF> out;
    if (m_values.size() < 2)
        return out;
    const auto [lo, hi] = std::minmax_element(m_values.cbegin(), m_values.cend());
    const qreal margin = 3;
    const qreal w = kWidth - 2 * margin;
    const qreal h = kHeight - 2 * margin;
    const double span = *hi - *lo;
    for (qsizetype i = 0; i < m_values.size(); ++i) {
        const qreal x = margin + w * qreal(i) / qreal(m_values.size() - 1);
        const qreal t = span > 0 ? (m_values.at(i) - *lo) / span : 0.5;
        out.append(QPointF(x, margin + h * (1 - t)));
    }
    return out;
}

void WidgetNodeSparkline::paintEvent(QPaintEvent *)
{
    const QList<QPointF> pts = points();
    if (pts.isEmpty())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor color = palette().color(QPalette::Highlight);
    painter.setPen(QPen(color, 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPolyline(pts.constData(), int(pts.size()));
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(pts.last(), 2.5, 2.5);
}

} // namespace Tessera
