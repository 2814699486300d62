#include <widgets/widgetdoc/widgetnodeconfetti.h>

#include <QPainter>
#include <QPainterPath>
#include <QRandomGenerator>
#include <QTimer>
#include <QtMath>

#include <widgets/common/motion.h>
#include <widgets/common/theme.h>

namespace Tessera {

namespace {

constexpr int kGold = 5; // Piece::color for the stars

QPolygonF starShape(qreal outer)
{
    QPolygonF star;
    for (int i = 0; i < 10; ++i) {
        const qreal r = i % 2 ? outer * 0.45 : outer;
        const qreal a = qDegreesToRadians(-90.0 + i * 36.0);
        star << QPointF(qCos(a) * r, qSin(a) * r);
    }
    return star;
}

} // namespace

WidgetNodeConfetti *WidgetNodeConfetti::celebrate(QWidget *origin, const WidgetCelebration &celebration,
                                                  bool reduceMotion)
{
    if (!origin || !widgetCanAnimate(origin, reduceMotion))
        return nullptr;
    // Over the whole widget document when there is one (the pieces need room), else the origin's window.
    QWidget *host = origin;
    for (QWidget *w = origin; w; w = w->parentWidget()) {
        if (w->objectName() == QLatin1String("widgetDocumentCard") || w->isWindow()) {
            host = w;
            break;
        }
    }
    const QRectF from(origin->mapTo(host, QPointF(0, 0)), QSizeF(origin->size()));
    return new WidgetNodeConfetti(host, from, celebration);
}

WidgetNodeConfetti *WidgetNodeConfetti::burst(QWidget *origin, const QString &emoji, bool reduceMotion)
{
    WidgetCelebration celebration;
    celebration.kind = emoji.isEmpty() ? WidgetCelebration::Kind::Burst : WidgetCelebration::Kind::Emoji;
    celebration.emoji = emoji;
    return celebrate(origin, celebration, reduceMotion);
}

WidgetNodeConfetti::WidgetNodeConfetti(QWidget *host, QRectF from, const WidgetCelebration &celebration)
    : QWidget(host)
    , m_kind(celebration.kind)
    , m_from(from.center())
    , m_emoji(celebration.kind == WidgetCelebration::Kind::Emoji ? celebration.emoji : QString())
{
    setObjectName(QStringLiteral("widgetConfetti"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setGeometry(host->rect());
    addPieces(from);
    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_clock.elapsed() >= m_duration) {
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

void WidgetNodeConfetti::addPieces(QRectF from)
{
    QRandomGenerator *random = QRandomGenerator::global();
    auto uniform = [random](qreal low, qreal high) { return low + random->generateDouble() * (high - low); };
    auto polar = [](qreal degrees, qreal speed) {
        const qreal a = qDegreesToRadians(degrees);
        return QPointF(qCos(a) * speed, qSin(a) * speed);
    };
    auto add = [&](QPointF start, QPointF velocity, qreal delay, int color) {
        m_pieces.append({start, velocity, uniform(-360, 360), delay, color});
    };
    const QPointF centre = from.center();
    switch (m_kind) {
    case WidgetCelebration::Kind::Burst:
    case WidgetCelebration::Kind::Emoji:
        for (int i = 0; i < (m_kind == WidgetCelebration::Kind::Emoji ? kPieces / 3 : kPieces); ++i)
            add(centre, polar(-90 + uniform(-75, 75), uniform(180, 440)), 0, int(random->bounded(5)));
        break;
    case WidgetCelebration::Kind::Fireworks: {
        m_gravity = 90;
        m_duration = 2200;
        const qreal top = qMax<qreal>(24, centre.y() - 140);
        for (int shell = 0; shell < 3; ++shell) {
            const QPointF at(centre.x() + (shell - 1) * qMax<qreal>(60, width() / 5.0), top + (shell % 2) * 30);
            for (int i = 0; i < 20; ++i)
                add(at, polar(i * 18 + uniform(-6, 6), uniform(90, 150)), shell * 0.35, shell % 5);
        }
        break;
    }
    case WidgetCelebration::Kind::Cannons:
        for (int i = 0; i < kPieces / 2; ++i) {
            add(QPointF(from.left(), centre.y()), polar(-120 + uniform(-15, 15), uniform(280, 480)), i * 0.01,
                int(random->bounded(5)));
            add(QPointF(from.right(), centre.y()), polar(-60 + uniform(-15, 15), uniform(280, 480)), i * 0.01,
                int(random->bounded(5)));
        }
        break;
    case WidgetCelebration::Kind::Stars:
        m_gravity = 200;
        for (int i = 0; i < 16; ++i)
            add(centre, polar(i * 22.5 + uniform(-8, 8), uniform(120, 260)), 0, kGold);
        break;
    case WidgetCelebration::Kind::Rain:
        m_gravity = 30;
        m_duration = 2400;
        for (int i = 0; i < kPieces; ++i)
            add(QPointF(centre.x() + uniform(-160, 160), 0), QPointF(uniform(-10, 10), uniform(70, 140)),
                uniform(0, 1.2), int(random->bounded(5)));
        break;
    }
}

void WidgetNodeConfetti::paintEvent(QPaintEvent *)
{
    const qreal t = m_clock.elapsed() / 1000.0;
    const qreal fade = qBound(0.0, 1.0 - t / (m_duration / 1000.0), 1.0);
    const QColor colors[] = {toneColor(StatusTone::Info, palette()), toneColor(StatusTone::Warn, palette()),
                             toneColor(StatusTone::Ok, palette()), toneColor(StatusTone::Error, palette()),
                             palette().color(QPalette::Highlight), QColor(0xf2, 0xb7, 0x05)};
    const QPolygonF star = starShape(7);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setOpacity(fade);
    for (const Piece &piece : std::as_const(m_pieces)) {
        const qreal s = t - piece.delay;
        if (s < 0)
            continue;
        const QPointF at = piece.start + piece.velocity * s + QPointF(0, m_gravity * s * s / 2);
        p.save();
        p.translate(at);
        p.rotate(piece.spin * s);
        if (!m_emoji.isEmpty()) {
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRectF(-12, -12, 24, 24), Qt::AlignCenter, m_emoji);
        } else if (m_kind == WidgetCelebration::Kind::Stars) {
            p.setPen(Qt::NoPen);
            p.setBrush(colors[kGold]);
            p.drawPolygon(star);
        } else {
            p.fillRect(QRectF(-3, -1.5, 6, 3), colors[piece.color]);
        }
        p.restore();
    }
}

} // namespace Tessera
