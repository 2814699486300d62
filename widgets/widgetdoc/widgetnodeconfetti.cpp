#include <widgets/widgetdoc/widgetnodeconfetti.h>

#include <QPainter>
#include <QRandomGenerator>
#include <QTimer>
#include <QtMath>

#include <widgets/common/motion.h>
#include <widgets/common/theme.h>

namespace Tessera {

WidgetNodeConfetti *WidgetNodeConfetti::burst(QWidget *origin, const QString &emoji, bool reduceMotion)
{
    if (!origin || !widgetCanAnimate(origin, reduceMotion))
        return nullptr;
    // Over the whole widget document when there is one (the burst needs room), else the origin's window.
    QWidget *host = origin;
    for (QWidget *w = origin; w; w = w->parentWidget()) {
        if (w->objectName() == QLatin1String("widgetDocumentCard")) {
            host = w;
            break;
        }
        if (w->isWindow()) {
            host = w;
            break;
        }
    }
    const QPointF from = origin->mapTo(host, QPointF(origin->rect().center()));
    return new WidgetNodeConfetti(host, from, emoji);
}

WidgetNodeConfetti::WidgetNodeConfetti(QWidget *host, QPointF from, const QString &emoji)
    : QWidget(host)
    , m_from(from)
    , m_emoji(emoji)
{
    setObjectName(QStringLiteral("widgetConfetti"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setGeometry(host->rect());
    QRandomGenerator *random = QRandomGenerator::global();
    for (int i = 0; i < (emoji.isEmpty() ? kPieces : kPieces / 3); ++i) {
        const qreal angle = qDegreesToRadians(-90.0 + (random->generateDouble() - 0.5) * 150.0);
        const qreal speed = 180 + random->generateDouble() * 260;
        m_pieces.append({QPointF(qCos(angle) * speed, qSin(angle) * speed), (random->generateDouble() - 0.5) * 720,
                         int(random->bounded(5))});
    }
    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_clock.elapsed() >= kDurationMs) {
            m_timer->stop();
            deleteLater();
            return;
        }
        update();
    });
    m_clock.start();
    m_timer->start();
    raise();
    show();
}

void WidgetNodeConfetti::paintEvent(QPaintEvent *)
{
    const qreal t = m_clock.elapsed() / 1000.0;
    const qreal fade = qBound(0.0, 1.0 - t / (kDurationMs / 1000.0), 1.0);
    const QColor colors[] = {toneColor(StatusTone::Info, palette()), toneColor(StatusTone::Warn, palette()),
                             toneColor(StatusTone::Ok, palette()), toneColor(StatusTone::Error, palette()),
                             palette().color(QPalette::Highlight)};
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setOpacity(fade);
    constexpr qreal gravity = 520; // px/s²
    for (const Piece &piece : std::as_const(m_pieces)) {
        const QPointF at = m_from + piece.velocity * t + QPointF(0, gravity * t * t / 2);
        p.save();
        p.translate(at);
        p.rotate(piece.spin * t);
        if (m_emoji.isEmpty()) {
            p.fillRect(QRectF(-3, -1.5, 6, 3), colors[piece.color]);
        } else {
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRectF(-12, -12, 24, 24), Qt::AlignCenter, m_emoji);
        }
        p.restore();
    }
}

} // namespace Tessera
