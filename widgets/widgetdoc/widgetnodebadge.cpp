#include <widgets/widgetdoc/widgetnodebadge.h>

#include <QPainter>

namespace Tessera {

namespace {
constexpr int kMaxBadgeWidth = 320; // px; longer text elides (the tooltip has it all)
}

StatusTone widgetTone(QStringView tone)
{
    if (tone == u"success")
        return StatusTone::Ok;
    if (tone == u"warning")
        return StatusTone::Warn;
    if (tone == u"error")
        return StatusTone::Error;
    if (tone == u"info")
        return StatusTone::Info;
    return StatusTone::Neutral;
}

WidgetNodeBadge::WidgetNodeBadge(const QString &text, StatusTone tone, QWidget *parent)
    : QWidget(parent)
    , m_text(text)
    , m_tone(tone)
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.88);
    f.setWeight(QFont::DemiBold);
    setFont(f);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setAccessibleName(text);
    if (fontMetrics().horizontalAdvance(text) + 18 > kMaxBadgeWidth)
        setToolTip(text);
}

QSize WidgetNodeBadge::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return {qMin(kMaxBadgeWidth, fm.horizontalAdvance(m_text) + 18), fm.height() + 6};
}

void WidgetNodeBadge::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor tone = toneColor(m_tone, palette());
    QColor fill = tone;
    fill.setAlphaF(0.14f);
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(tone, 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    painter.setPen(m_tone == StatusTone::Neutral ? palette().color(QPalette::Text) : tone);
    const QString shown = fontMetrics().elidedText(m_text, Qt::ElideRight, width() - 16);
    painter.drawText(rect().adjusted(8, 0, -8, 0), Qt::AlignCenter, shown);
}

} // namespace Tessera
