#include <widgets/conversation/proseskeleton.h>

#include <cmath>

#include <QPainter>
#include <QTimer>

#include <widgets/common/motion.h>

namespace Tessera {

ProseSkeleton::ProseSkeleton(bool reduceMotion, QWidget *parent)
    : QFrame(parent)
    , m_reduceMotion(reduceMotion)
{
    setObjectName(QStringLiteral("widgetSkeleton"));
    setFixedHeight(kHeight);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Widget loading"));
    setAccessibleDescription(tr("The agent is still writing this widget."));
}

bool ProseSkeleton::isShimmering() const
{
    return m_timer && m_timer->isActive();
}

void ProseSkeleton::showEvent(QShowEvent *event)
{
    QFrame::showEvent(event);
    if (!widgetCanAnimate(this, m_reduceMotion))
        return;
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setInterval(50);
        connect(m_timer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    }
    m_clock.start();
    m_timer->start();
}

void ProseSkeleton::hideEvent(QHideEvent *event)
{
    QFrame::hideEvent(event);
    if (m_timer)
        m_timer->stop();
}

void ProseSkeleton::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
    p.setBrush(pal.color(QPalette::Base));
    p.drawRoundedRect(r, 8, 8);

    const qreal t = isShimmering() ? m_clock.elapsed() / 1000.0 : 0.0;
    QColor bar = pal.color(QPalette::Text);
    const qreal fractions[] = {0.35, 0.8, 0.6};
    for (int i = 0; i < 3; ++i) {
        const qreal alpha = 0.10 + (t > 0 ? 0.06 * (0.5 + 0.5 * std::sin(t * 4.0 - i * 0.7)) : 0.0);
        bar.setAlphaF(float(alpha));
        p.setPen(Qt::NoPen);
        p.setBrush(bar);
        const qreal w = (width() - 32) * fractions[i];
        p.drawRoundedRect(QRectF(16, 16 + i * 20, w, i == 0 ? 12 : 10), 5, 5);
    }
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    p.setFont(f);
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(QRectF(16, height() - 28, width() - 32, 20), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Building a widget\u2026"));
}

} // namespace Tessera
