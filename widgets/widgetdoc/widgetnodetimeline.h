#pragma once

// seed 003 timeline: a vertical rail of stops. done = a filled dot with a check, active = a larger ring
// in the highlight color with the title in bold and "(now)" said in its accessible name (emphasised;
// the ring pulses only while widgetCanAnimate()), upcoming = a hollow muted dot; a stop with an icon draws
// the icon instead of the plain dot (unknown icon -> neutral dot). The rail joins the stops; each stop's
// text (title, time, subtitle) wraps, so the timeline is height-for-width.

#include <QList>
#include <QString>
#include <QWidget>

class QLabel;

namespace Tessera {

struct WidgetTimelineItem
{
    QString title;
    QString time;
    QString subtitle;
    QString icon;
    QString status; // "done" | "active" | "upcoming" | "" (drawn as upcoming)
};

class WidgetNodeTimeline : public QWidget
{
    Q_OBJECT

public:
    // reduceMotion: RenderSettings::reduceMotion of the document drawn.
    WidgetNodeTimeline(const QList<WidgetTimelineItem> &items, bool reduceMotion, QWidget *parent = nullptr);

    int count() const { return int(m_items.size()); }
    QLabel *titleLabel(int index) const { return m_titles.value(index); }
    QWidget *marker(int index) const { return m_markers.value(index); }
    int activeIndex() const; // the first active stop, or -1

private:
    QList<WidgetTimelineItem> m_items;
    QList<QLabel *> m_titles;
    QList<QWidget *> m_markers;
};

} // namespace Tessera
