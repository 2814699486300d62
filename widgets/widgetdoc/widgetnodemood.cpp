#include <widgets/widgetdoc/widgetnodemood.h>

#include <cmath>

#include <QPainter>
#include <QPainterPath>
#include <QTimer>
#include <QtMath>

#include <widgets/common/motion.h>
#include <widgets/common/theme.h>
#include <widgets/widgetdoc/widgetnodeconfetti.h>

namespace Tessera {

namespace {

const QStringList &emotions()
{
    static const QStringList list = {QStringLiteral("happy"),     QStringLiteral("thinking"),
                                     QStringLiteral("celebrating"), QStringLiteral("sheepish"),
                                     QStringLiteral("determined"), QStringLiteral("surprised"),
                                     QStringLiteral("sad"),        QStringLiteral("love")};
    return list;
}

QPainterPath heartPath(QPointF c, qreal s)
{
    QPainterPath h;
    h.moveTo(c.x(), c.y() + s * 0.9);
    h.cubicTo(c.x() - s * 1.6, c.y() - s * 0.1, c.x() - s * 0.9, c.y() - s * 1.3, c.x(), c.y() - s * 0.45);
    h.cubicTo(c.x() + s * 0.9, c.y() - s * 1.3, c.x() + s * 1.6, c.y() - s * 0.1, c.x(), c.y() + s * 0.9);
    return h;
}

} // namespace

WidgetNodeMood::WidgetNodeMood(const QString &emotion, bool reduceMotion, QWidget *parent)
    : QWidget(parent)
    , m_emotion(emotions().contains(emotion) ? emotion : QStringLiteral("happy"))
    , m_reduceMotion(reduceMotion)
{
    setObjectName(QStringLiteral("widgetMoodFace"));
    setFixedSize(kSize, kSize);
    setAccessibleName(tr("Mood: %1").arg(m_emotion));
}

bool WidgetNodeMood::isAnimating() const
{
    return m_timer && m_timer->isActive();
}

void WidgetNodeMood::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!widgetCanAnimate(this, m_reduceMotion))
        return;
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setInterval(40);
        connect(m_timer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    }
    m_clock.start();
    m_timer->start();
    if (m_emotion == QLatin1String("celebrating") && !m_burstDone) {
        m_burstDone = true;
        WidgetNodeConfetti::burst(this, QString(), m_reduceMotion);
    }
}

void WidgetNodeMood::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    if (m_timer)
        m_timer->stop();
}

void WidgetNodeMood::paintEvent(QPaintEvent *)
{
    const qreal t = isAnimating() ? m_clock.elapsed() / 1000.0 : 0.0;
    const bool dark = isDarkPalette(palette());
    const QColor skin = dark ? QColor(0xe6, 0xbb, 0x40) : QColor(0xf7, 0xc9, 0x48);
    const QColor rim = dark ? QColor(0xb0, 0x86, 0x1c) : QColor(0xc9, 0x95, 0x1a);
    const QColor ink(0x3b, 0x2a, 0x10);
    const QColor blush(0xf0, 0x7a, 0x6a, 150);
    const QString &e = m_emotion;

    // The idle tell: an offset, a tilt and a scale over time (all zero at rest).
    qreal dy = 0, tilt = 0, scale = 1, look = 0;
    if (t > 0) {
        if (e == QLatin1String("happy"))
            dy = -2.0 * std::abs(std::sin(t * 3.0));
        else if (e == QLatin1String("celebrating"))
            dy = -3.5 * std::abs(std::sin(t * 5.0));
        else if (e == QLatin1String("thinking"))
            look = 2.0 * std::sin(t * 1.4);
        else if (e == QLatin1String("sheepish"))
            tilt = 5.0 * std::sin(t * 2.0);
        else if (e == QLatin1String("surprised"))
            scale = 1.0 + 0.04 * std::abs(std::sin(t * 2.5));
        else if (e == QLatin1String("sad"))
            dy = 1.5 + 1.5 * std::sin(t * 1.2);
        else if (e == QLatin1String("love"))
            scale = 1.0 + 0.05 * std::pow(std::abs(std::sin(t * 3.2)), 8);
    }
    const bool blinking = t > 0 && std::fmod(t, 3.4) > 3.26;
    const qreal browTense = e == QLatin1String("determined") && t > 0 ? 0.8 * std::sin(t * 4.0) : 0;

    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.translate(kSize / 2.0, kSize / 2.0 + dy);
    p.rotate(tilt);
    p.scale(scale, scale);
    const qreal r = kSize / 2.0 - 6;

    // Face.
    p.setPen(QPen(rim, 1.5));
    p.setBrush(skin);
    p.drawEllipse(QPointF(0, 0), r, r);

    QPen stroke(ink, 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    p.setPen(stroke);
    p.setBrush(Qt::NoBrush);

    // Brows: inner and outer heights for the left brow (mirrored for the right).
    qreal inner = -15, outer = -15;
    if (e == QLatin1String("determined")) {
        inner = -12 + browTense;
        outer = -17 + browTense;
    } else if (e == QLatin1String("sad") || e == QLatin1String("sheepish")) {
        inner = -18;
        outer = -13;
    } else if (e == QLatin1String("surprised")) {
        inner = outer = -20;
    } else if (e == QLatin1String("celebrating") || e == QLatin1String("happy") || e == QLatin1String("love")) {
        inner = outer = -17;
    }
    if (e == QLatin1String("thinking")) {
        p.drawLine(QPointF(-15, -15), QPointF(-6, -16)); // one brow level, one raised
        p.drawLine(QPointF(6, -19), QPointF(15, -17));
    } else {
        p.drawLine(QPointF(-15, outer), QPointF(-6, inner));
        p.drawLine(QPointF(6, inner), QPointF(15, outer));
    }

    // Eyes.
    const QPointF leftEye(-10 + look, -6), rightEye(10 + look, -6);
    if (e == QLatin1String("love")) {
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0xd9, 0x3a, 0x4a));
        p.drawPath(heartPath(leftEye, 4.2));
        p.drawPath(heartPath(rightEye, 4.2));
        p.setBrush(Qt::NoBrush);
        p.setPen(stroke);
    } else if (e == QLatin1String("celebrating") || blinking) {
        // Closed, smiling eyes (celebrating) or a blink.
        for (const QPointF &c : {leftEye, rightEye}) {
            QPainterPath arc;
            arc.moveTo(c + QPointF(-4, 1));
            arc.quadTo(c + QPointF(0, blinking ? 1 : -4), c + QPointF(4, 1));
            p.drawPath(arc);
        }
    } else {
        const qreal eye = e == QLatin1String("surprised") ? 4.2 : 3.0;
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        const QPointF gaze = e == QLatin1String("thinking") ? QPointF(1.5, -2)
                             : e == QLatin1String("sheepish") ? QPointF(-1.5, 1.5)
                             : e == QLatin1String("sad") ? QPointF(0, 1)
                                                         : QPointF();
        p.drawEllipse(leftEye + gaze, eye * 0.8, eye);
        p.drawEllipse(rightEye + gaze, eye * 0.8, eye);
        p.setBrush(Qt::NoBrush);
        p.setPen(stroke);
    }

    // Mouth.
    QPainterPath mouth;
    if (e == QLatin1String("happy") || e == QLatin1String("love")) {
        mouth.moveTo(-11, 8);
        mouth.quadTo(0, 19, 11, 8);
        p.drawPath(mouth);
    } else if (e == QLatin1String("celebrating")) {
        mouth.moveTo(-12, 6);
        mouth.quadTo(0, 24, 12, 6);
        mouth.closeSubpath();
        p.setBrush(QColor(0x8a, 0x2b, 0x2b));
        p.drawPath(mouth);
        p.setBrush(Qt::NoBrush);
    } else if (e == QLatin1String("thinking")) {
        p.drawLine(QPointF(-5, 12), QPointF(8, 10));
    } else if (e == QLatin1String("sheepish")) {
        mouth.moveTo(-8, 11);
        mouth.cubicTo(-4, 14, -1, 9, 3, 12);
        mouth.cubicTo(5, 13.5, 7, 12, 8, 10);
        p.drawPath(mouth);
    } else if (e == QLatin1String("determined")) {
        p.drawLine(QPointF(-9, 12), QPointF(9, 12));
        p.drawLine(QPointF(-9, 12), QPointF(-11, 14));
    } else if (e == QLatin1String("surprised")) {
        p.drawEllipse(QPointF(0, 12), 4.5, 6);
    } else if (e == QLatin1String("sad")) {
        mouth.moveTo(-10, 16);
        mouth.quadTo(0, 6, 10, 16);
        p.drawPath(mouth);
    }

    // Extras.
    if (e == QLatin1String("sheepish") || e == QLatin1String("love")) {
        p.setPen(Qt::NoPen);
        p.setBrush(blush);
        p.drawEllipse(QPointF(-17, 5), 4.5, 2.8);
        p.drawEllipse(QPointF(17, 5), 4.5, 2.8);
    }
    if (e == QLatin1String("sad")) {
        const qreal drop = t > 0 ? std::fmod(t * 6.0, 10.0) : 0;
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x4a, 0x90, 0xd9));
        QPainterPath tear;
        const QPointF c(-12, 2 + drop);
        tear.moveTo(c + QPointF(0, -4));
        tear.quadTo(c + QPointF(3, 1), c + QPointF(0, 2.5));
        tear.quadTo(c + QPointF(-3, 1), c + QPointF(0, -4));
        p.drawPath(tear);
    }
    p.resetTransform();
    if (e == QLatin1String("thinking")) {
        // Thought dots at the upper right; with motion they appear one by one.
        p.setPen(Qt::NoPen);
        p.setBrush(palette().color(QPalette::PlaceholderText));
        const int shown = t > 0 ? int(std::fmod(t * 2.0, 4.0)) : 3;
        for (int i = 0; i < qMin(3, shown); ++i)
            p.drawEllipse(QPointF(kSize - 14 + i * 5, 10 - i * 3), 1.6 + i * 0.5, 1.6 + i * 0.5);
    }
    if (e == QLatin1String("celebrating")) {
        // Sparkles around the face (the pose keeps them; motion twinkles them).
        const QColor colors[] = {toneColor(StatusTone::Info, palette()), toneColor(StatusTone::Warn, palette()),
                                 toneColor(StatusTone::Ok, palette()), toneColor(StatusTone::Error, palette())};
        const QPointF at[] = {{6, 8}, {kSize - 7.0, 12}, {5, kSize - 14.0}, {kSize - 6.0, kSize - 10.0}};
        for (int i = 0; i < 4; ++i) {
            const qreal s = 2.5 + (t > 0 ? 1.2 * std::sin(t * 6 + i) : 0);
            p.setPen(QPen(colors[i], 1.6, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(at[i] + QPointF(-s, 0), at[i] + QPointF(s, 0));
            p.drawLine(at[i] + QPointF(0, -s), at[i] + QPointF(0, s));
        }
    }
}

} // namespace Tessera
