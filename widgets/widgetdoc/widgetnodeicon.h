#pragma once

// Icons of widget documents (seed 003: list item, timeline and board cell icons "resolve against a
// curated … allowlist and fall back to a neutral dot for anything unrecognized"). Tessera's allowlist is
// a set of Lucide names drawn as painted strokes (no icon font, no file, nothing loaded), e.g. check,
// check-circle, x-circle, clock, rocket, star, heart, alert-triangle, info, calendar, user, flag, zap.
// Any other name (and "") draws the neutral dot; never an error.

#include <QColor>
#include <QRectF>
#include <QStringList>
#include <QWidget>

class QPainter;

namespace Tessera {

// Names in the allowlist, sorted. Aliases (circle-check for check-circle, …) included.
QStringList widgetIconNames();
bool isWidgetIconKnown(QStringView name);
// Paints the icon (or the neutral dot) centred in rect, stroked in color.
void paintWidgetIcon(QPainter *painter, const QRectF &rect, QStringView name, const QColor &color);

// A fixed-size square showing one icon in a color (default: the palette's text color).
class WidgetNodeIcon : public QWidget
{
    Q_OBJECT

public:
    WidgetNodeIcon(const QString &name, int size, QWidget *parent = nullptr);

    QString name() const { return m_name; }
    // The allowlisted name drawn, or "dot" for the neutral dot.
    QString drawnIcon() const { return isWidgetIconKnown(m_name) ? m_name : QStringLiteral("dot"); }
    void setColor(const QColor &color);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_name;
    QColor m_color;
};

} // namespace Tessera
