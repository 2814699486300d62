#pragma once

// seed 003 chart: {kind: bar|line|area|pie, data: [{label, value >= 0}], height?} as a QChart.
// bar -> one QBarSeries with one QBarSet; line -> QLineSeries and area -> QAreaSeries at x = the
// label's index on a QBarCategoryAxis; both with a QValueAxis from 0 (values are never negative,
// seed 003); pie -> one QPieSeries with labelled slices "label: value". Repeated labels stay separate
// slots (zero-width spaces make them distinct). Height: payload height clamped to
// [kMinHeight, kMaxHeight] px, kDefaultHeight when absent. Theme from the palette (light/dark), redone
// on a palette change. No animation (a chart is data).

#include <QStringList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace Tessera {

class WidgetNodeChart : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kDefaultHeight = 220;
    static constexpr int kMinHeight = 120;
    static constexpr int kMaxHeight = 480;

    // values: finite and >= 0 (validated); valueTexts: how each value is written (source digits).
    WidgetNodeChart(const QString &kind, const QStringList &labels, const QList<double> &values,
                    const QStringList &valueTexts, double height, QWidget *parent = nullptr);

    QString kind() const { return m_kind; }
    QChart *chart() const { return m_chart; } // Owned by the chart view.

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyPalette();

    QString m_kind;
    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
};

} // namespace Tessera
