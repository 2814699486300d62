#include <widgets/widgetdoc/widgetnodereveal.h>

#include <cmath>

#include <QPainter>
#include <QPainterPath>
#include <QRandomGenerator>
#include <QTimer>
#include <QtMath>

#include <widgets/common/motion.h>
#include <widgets/common/theme.h>

namespace Tessera {

WidgetNodeReveal::WidgetNodeReveal(const QString &kind, const QString &result, bool reduceMotion, QWidget *parent)
    : QWidget(parent)
    , m_kind(kind)
    , m_result(result)
    , m_reduceMotion(reduceMotion)
{
    setObjectName(QStringLiteral("widgetRevealFace"));
    setFixedSize(kSize, kSize);
    setAccessibleName(result);
}

bool WidgetNodeReveal::isSettled() const
{
    return !m_timer || !m_timer->isActive();
}

QString WidgetNodeReveal::shownText() const
{
    return isSettled() ? m_result : m_rolling;
}

void WidgetNodeReveal::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_played || !widgetCanAnimate(this, m_reduceMotion))
        return;
    m_played = true;
    m_timer = new QTimer(this);
    m_timer->setInterval(60);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_clock.elapsed() >= kSpinMs) {
            m_timer->stop();
            update();
            Q_EMIT settledChanged(true);
            return;
        }
        const int sides = m_kind == QLatin1String("d20") ? 20 : 6;
        m_rolling = QString::number(1 + QRandomGenerator::global()->bounded(sides));
        update();
    });
    m_clock.start();
    m_timer->start();
    Q_EMIT settledChanged(false);
}

void WidgetNodeReveal::paintEvent(QPaintEvent *)
{
    const bool rolling = !isSettled();
    const qreal t = rolling ? m_clock.elapsed() / 1000.0 : 0.0;
    const QString text = shownText();
    const QPalette pal = palette();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.translate(kSize / 2.0, kSize / 2.0);
    const qreal r = kSize / 2.0 - 4;

    auto fitText = [&](const QRectF &box, const QString &s, const QColor &color, qreal maxPx) {
        QFont f = font();
        f.setBold(true);
        qreal px = maxPx;
        f.setPixelSize(int(px));
        while (px > 8 && QFontMetricsF(f).horizontalAdvance(s) > box.width()) {
            px -= 1;
            f.setPixelSize(int(px));
        }
        p.setFont(f);
        p.setPen(color);
        p.drawText(box, Qt::AlignCenter | Qt::TextWordWrap, s);
    };

    if (m_kind == QLatin1String("coin")) {
        // A spin is a horizontal squash; settled it is a full gold disc.
        const qreal squash = rolling ? std::abs(std::cos(t * 14.0)) : 1.0;
        p.scale(qMax(0.08, squash), 1.0);
        const QColor gold = isDarkPalette(pal) ? QColor(0xd9, 0xae, 0x3c) : QColor(0xe8, 0xbc, 0x45);
        p.setPen(QPen(gold.darker(140), 2));
        p.setBrush(gold);
        p.drawEllipse(QPointF(0, 0), r, r);
        p.setPen(QPen(gold.darker(125), 1));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(0, 0), r - 5, r - 5);
        if (!rolling)
            fitText(QRectF(-r + 8, -r + 8, 2 * r - 16, 2 * r - 16), text, QColor(0x3b, 0x2a, 0x10), 16);
    } else if (m_kind == QLatin1String("8ball")) {
        const qreal wiggle = rolling ? 8.0 * std::sin(t * 30.0) * (1 - t / (kSpinMs / 1000.0)) : 0.0;
        p.rotate(wiggle);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x1b, 0x1d, 0x22));
        p.drawEllipse(QPointF(0, 0), r, r);
        p.setBrush(QColor(0x25, 0x3f, 0x9e));
        p.drawEllipse(QPointF(0, 1), r * 0.62, r * 0.62);
        QPainterPath tri;
        tri.moveTo(0, r * 0.5);
        tri.lineTo(-r * 0.5, -r * 0.32);
        tri.lineTo(r * 0.5, -r * 0.32);
        tri.closeSubpath();
        p.setBrush(QColor(0x3a, 0x5c, 0xd0));
        p.drawPath(tri);
        if (!rolling)
            fitText(QRectF(-r * 0.55, -r * 0.5, r * 1.1, r * 0.9), text, Qt::white, 10);
    } else {
        // d6 / d20: a die that tumbles while rolling.
        if (rolling)
            p.rotate(std::fmod(t * 540.0, 360.0));
        const QColor face = pal.color(QPalette::Base);
        const QColor edge = pal.color(QPalette::Text);
        p.setPen(QPen(edge, 2));
        p.setBrush(face);
        if (m_kind == QLatin1String("d20")) {
            QPainterPath hex;
            for (int i = 0; i < 6; ++i) {
                const qreal a = qDegreesToRadians(-90.0 + 60.0 * i);
                const QPointF pt(r * qCos(a), r * qSin(a));
                i == 0 ? hex.moveTo(pt) : hex.lineTo(pt);
            }
            hex.closeSubpath();
            p.drawPath(hex);
            // Two facet lines under the number, faint, so the die reads as a d20 without hiding the result.
            QColor facet = edge;
            facet.setAlphaF(0.25f);
            p.setPen(QPen(facet, 0.8));
            p.drawLine(QPointF(-r * 0.87, -r * 0.5), QPointF(r * 0.87, -r * 0.5));
            p.drawLine(QPointF(-r * 0.87, r * 0.5), QPointF(r * 0.87, r * 0.5));
            fitText(QRectF(-r * 0.45, -r * 0.3, r * 0.9, r * 0.6), text, edge, 18);
        } else {
            const QRectF box(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7);
            p.drawRoundedRect(box, 8, 8);
            bool ok = false;
            const int pips = text.toInt(&ok);
            if (ok && pips >= 1 && pips <= 6) {
                const qreal d = r * 0.45;
                QList<QPointF> at;
                if (pips % 2 == 1)
                    at.append({0, 0});
                if (pips >= 2)
                    at.append({{-d, -d}, {d, d}});
                if (pips >= 4)
                    at.append({{d, -d}, {-d, d}});
                if (pips == 6)
                    at.append({{-d, 0}, {d, 0}});
                p.setPen(Qt::NoPen);
                p.setBrush(edge);
                for (const QPointF &c : std::as_const(at))
                    p.drawEllipse(c, r * 0.13, r * 0.13);
            } else {
                fitText(box.adjusted(4, 4, -4, -4), text, edge, 22);
            }
        }
    }
}

} // namespace Tessera
