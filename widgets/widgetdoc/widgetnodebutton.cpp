#include <widgets/widgetdoc/widgetnodebutton.h>

#include <QPainter>

#include <widgets/common/theme.h>

namespace Tessera {

namespace {
constexpr int kMaxButtonWidth = 360; // px; longer labels elide (tooltip has them)
}

WidgetNodeButton::WidgetNodeButton(const QString &label, const QString &variant, QWidget *parent)
    : QPushButton(label, parent)
    , m_label(label)
    , m_variant(variant.isEmpty() ? QStringLiteral("default") : variant)
{
    setObjectName(QStringLiteral("widgetButton"));
    setAutoDefault(false);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setAccessibleName(label);
}

void WidgetNodeButton::setBusy(bool busy)
{
    m_busy = busy;
    setEnabled(!busy);
    setText(busy ? m_label + QStringLiteral("\u2026") : m_label);
    setAccessibleDescription(busy ? tr("Sending") : QString());
    updateGeometry();
    update();
}

QSize WidgetNodeButton::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return {qMin(kMaxButtonWidth, fm.horizontalAdvance(m_label + QStringLiteral("\u2026")) + 28), fm.height() + 14};
}

void WidgetNodeButton::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    QColor fill, border, text;
    if (m_variant == QLatin1String("destructive")) {
        fill = toneColor(StatusTone::Error, pal);
        border = fill;
        text = isDarkPalette(pal) ? QColor(0x1b, 0x0c, 0x0c) : QColor(Qt::white);
    } else if (m_variant == QLatin1String("outline")) {
        fill = Qt::transparent;
        border = pal.color(QPalette::Mid);
        text = pal.color(QPalette::Text);
    } else if (m_variant == QLatin1String("secondary")) {
        fill = pal.color(QPalette::Button);
        border = pal.color(QPalette::Mid);
        text = pal.color(QPalette::ButtonText);
    } else {
        fill = pal.color(QPalette::Highlight);
        border = fill;
        text = pal.color(QPalette::HighlightedText);
    }
    if (isDown())
        fill = fill.alpha() == 0 ? pal.color(QPalette::Midlight) : fill.darker(115);
    else if (underMouse() && isEnabled())
        fill = fill.alpha() == 0 ? pal.color(QPalette::AlternateBase) : fill.lighter(108);
    if (!isEnabled())
        p.setOpacity(0.5);
    const QRectF r = QRectF(rect()).adjusted(1, 1, -1, -1);
    p.setPen(QPen(border, 1));
    p.setBrush(fill);
    p.drawRoundedRect(r, 6, 6);
    p.setPen(text);
    const QString shown = fontMetrics().elidedText(QPushButton::text(), Qt::ElideRight, width() - 16);
    p.drawText(rect(), Qt::AlignCenter, shown);
    if (hasFocus()) {
        p.setOpacity(1);
        // A ring in the text color inside the edge: visible on every variant's fill.
        p.setPen(QPen(m_variant == QLatin1String("outline") || m_variant == QLatin1String("secondary")
                          ? pal.color(QPalette::Highlight) : text,
                      1.5, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(rect()).adjusted(3.5, 3.5, -3.5, -3.5), 4, 4);
    }
}

} // namespace Tessera
