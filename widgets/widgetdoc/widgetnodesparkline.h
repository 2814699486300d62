#pragma once

// seed 003 stat trend: a small painted line of the trend values (drawn from 2 points on; the builder
// leaves it out for fewer). Scaled to its own min–max (a constant trend is a flat middle line); the
// last point gets a dot. Fixed size kWidth x kHeight.

#include <QList>
#include <QWidget>

namespace Tessera {

class WidgetNodeSparkline : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kWidth = 96;  // px
    static constexpr int kHeight = 30; // px

    explicit WidgetNodeSparkline(const QList<double> &values, QWidget *parent = nullptr);

    const QList<double> &values() const { return m_values; }
    // The polyline drawn, in widget coordinates (one point per value).
    QList<QPointF> points() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<double> m_values;
};

} // namespace Tessera
