#include <widgets/widgetdoc/widgetnodetimeline.h>

#include <cmath>

#include <QElapsedTimer>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>

#include <widgets/common/motion.h>
#include <widgets/common/theme.h>
#include <widgets/widgetdoc/widgetnodeicon.h>

namespace Tessera {

namespace {

constexpr int kRailWidth = 26; // px

// The rail segment and marker of one stop (stretches to the stop's text height).
class TimelineMarker : public QWidget
{
public:
    TimelineMarker(const WidgetTimelineItem &item, bool first, bool last, bool reduceMotion, QWidget *parent)
        : QWidget(parent)
        , m_item(item)
        , m_first(first)
        , m_last(last)
        , m_reduceMotion(reduceMotion)
    {
        setFixedWidth(kRailWidth);
        setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
        setMinimumHeight(24);
    }

protected:
    void showEvent(QShowEvent *event) override
    {
        QWidget::showEvent(event);
        if (m_item.status != QLatin1String("active") || !widgetCanAnimate(this, m_reduceMotion))
            return;
        if (!m_timer) {
            m_timer = new QTimer(this);
            m_timer->setInterval(50);
            connect(m_timer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
        }
        m_clock.start();
        m_timer->start();
    }
    void hideEvent(QHideEvent *event) override
    {
        QWidget::hideEvent(event);
        if (m_timer)
            m_timer->stop();
    }
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QPalette pal = palette();
        const qreal cx = kRailWidth / 2.0;
        const qreal cy = 11;
        QColor rail = pal.color(QPalette::Mid);
        p.setPen(QPen(rail, 2));
        if (!m_first)
            p.drawLine(QPointF(cx, 0), QPointF(cx, cy - 8));
        if (!m_last)
            p.drawLine(QPointF(cx, cy + 8), QPointF(cx, height()));
        const QString &status = m_item.status;
        const QColor highlight = pal.color(QPalette::Highlight);
        if (!m_item.icon.isEmpty()) {
            const QColor color = status == QLatin1String("done") ? toneColor(StatusTone::Ok, pal)
                               : status == QLatin1String("active") ? highlight
                                                                   : pal.color(QPalette::PlaceholderText);
            if (status == QLatin1String("active"))
                paintRing(p, cx, cy, highlight);
            paintWidgetIcon(&p, QRectF(cx - 8, cy - 8, 16, 16), m_item.icon,
                            isWidgetIconKnown(m_item.icon) ? color : pal.color(QPalette::PlaceholderText));
            return;
        }
        if (status == QLatin1String("done")) {
            const QColor ok = toneColor(StatusTone::Ok, pal);
            p.setPen(Qt::NoPen);
            p.setBrush(ok);
            p.drawEllipse(QPointF(cx, cy), 7, 7);
            p.setPen(QPen(pal.color(QPalette::Base), 1.8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            const QPointF pts[] = {{cx - 3.2, cy + 0.2}, {cx - 0.8, cy + 2.6}, {cx + 3.4, cy - 2.4}};
            p.drawPolyline(pts, 3);
        } else if (status == QLatin1String("active")) {
            paintRing(p, cx, cy, highlight);
            p.setPen(Qt::NoPen);
            p.setBrush(highlight);
            p.drawEllipse(QPointF(cx, cy), 5.5, 5.5);
        } else {
            p.setPen(QPen(pal.color(QPalette::PlaceholderText), 2));
            p.setBrush(pal.color(QPalette::Base));
            p.drawEllipse(QPointF(cx, cy), 5.5, 5.5);
        }
    }

private:
    void paintRing(QPainter &p, qreal cx, qreal cy, QColor color)
    {
        const bool pulsing = m_timer && m_timer->isActive();
        const qreal t = pulsing ? m_clock.elapsed() / 1000.0 : 0.0;
        const qreal grow = pulsing ? 2.0 * (0.5 + 0.5 * std::sin(t * 4.0)) : 0.0;
        color.setAlphaF(0.3f);
        p.setPen(QPen(color, 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(cx, cy), 9.5 + grow, 9.5 + grow);
    }

    WidgetTimelineItem m_item;
    bool m_first;
    bool m_last;
    bool m_reduceMotion;
    QTimer *m_timer = nullptr;
    QElapsedTimer m_clock;
};

QLabel *wrapped(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

WidgetNodeTimeline::WidgetNodeTimeline(const QList<WidgetTimelineItem> &items, bool reduceMotion, QWidget *parent)
    : QWidget(parent)
    , m_items(items)
{
    setObjectName(QStringLiteral("widgetTimeline"));
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(0);
    for (int i = 0; i < m_items.size(); ++i) {
        const WidgetTimelineItem &item = m_items.at(i);
        const bool active = item.status == QLatin1String("active");
        auto *marker = new TimelineMarker(item, i == 0, i == m_items.size() - 1, reduceMotion, this);
        marker->setObjectName(QStringLiteral("timelineMarker_%1").arg(i));
        m_markers.append(marker);
        auto *text = new QWidget(this);
        auto *column = new QVBoxLayout(text);
        column->setContentsMargins(0, 2, 0, 12);
        column->setSpacing(1);
        auto *title = wrapped(item.title, text);
        title->setObjectName(QStringLiteral("timelineTitle"));
        QFont f = title->font();
        f.setBold(active);
        if (active)
            f.setPointSizeF(f.pointSizeF() * 1.06);
        title->setFont(f);
        if (item.status == QLatin1String("upcoming"))
            title->setForegroundRole(QPalette::PlaceholderText);
        m_titles.append(title);
        auto *head = new QHBoxLayout;
        head->setSpacing(8);
        head->addWidget(title, 1);
        if (!item.time.isEmpty()) {
            auto *time = new QLabel(item.time, text);
            time->setTextFormat(Qt::PlainText);
            time->setForegroundRole(QPalette::PlaceholderText);
            QFont tf = time->font();
            tf.setPointSizeF(tf.pointSizeF() * 0.9);
            time->setFont(tf);
            head->addWidget(time, 0, Qt::AlignTop);
        }
        column->addLayout(head);
        if (!item.subtitle.isEmpty()) {
            auto *sub = wrapped(item.subtitle, text);
            sub->setForegroundRole(QPalette::PlaceholderText);
            column->addWidget(sub);
        }
        const QString statusWord = active ? tr("now") : item.status == QLatin1String("done") ? tr("done") : tr("upcoming");
        text->setAccessibleName(item.title + QLatin1String(" (") + statusWord + QLatin1Char(')'));
        grid->addWidget(marker, i, 0);
        grid->addWidget(text, i, 1);
    }
    grid->setColumnStretch(1, 1);
}

int WidgetNodeTimeline::activeIndex() const
{
    for (int i = 0; i < m_items.size(); ++i) {
        if (m_items.at(i).status == QLatin1String("active"))
            return i;
    }
    return -1;
}

} // namespace Tessera
