#pragma once

// Renderer for metric_chart cards (seed 000 "metric_chart"; PRODUCT.md §1 x-axis rule): a QChart in a
// QChartView of fixed height kChartHeight, so heightForWidth is the title's plus a constant.
//
// What is drawn comes from ChartData (cards/chartdata.h: series, x kind, bar slots, ranges, UTC ticks);
// this widget only turns it into Qt Charts objects:
//  - line -> one QLineSeries per series, area -> one QAreaSeries per series (filled down to y = 0,
//    translucent so overlaps stay visible), scatter -> one QScatterSeries per series, bar -> one
//    QBarSeries with one QBarSet per series on a QBarCategoryAxis of ChartData::xCategories.
//  - Numeric x -> QValueAxis over ChartData::xRange rounded to nice numbers.
//  - Time x    -> Qt 6.4's QDateTimeAxis can only label in the process's local time zone, so that axis is
//                 kept (it is the series' x axis, type AxisTypeDateTime, holding the range) but hidden,
//                 and a QCategoryAxis over the same range shows chartTimeTicks() labelled in UTC, as many
//                 as fit the width (recomputed on resize, 2–10), " (UTC)" added to the title when the
//                 ticks show a time of day.
//  - Category x -> QBarCategoryAxis over ChartData::xCategories; a repeated label gets zero-width spaces
//                 appended (invisible) so the axis keeps every occurrence as its own slot.
// Y axis: QValueAxis titled payload.yLabel over ChartData::yRange rounded to nice numbers.
// Numeric x and y axes whose labels "%.Nf" would not read (|v| >= 1e6, tiny spans, spans that overflow:
// chartRangeIsPlain) are a QCategoryAxis instead, labelled at chartValueTicks() with chartNumberLabel,
// over the intended range in the ticks' unit; the series' values are divided by that unit.
// Legend shown only with more than one series.
// Colors: QChart::ChartThemeLight/Dark chosen from the palette, background = palette Base; re-applied on
// a palette change. The accessible description summarises each series (name, points, y min–max).

#include <widgets/card/cardframe.h>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QAbstractSeries;
class QCategoryAxis;
class QChart;
class QChartView;
class QValueAxis;
QT_END_NAMESPACE

namespace Tessera {

struct ChartData;
struct ChartRange;

// A chart's value axis over range (finite, min < max), as MetricChartCard draws its y axis; shared with
// the widget-document chart. *unit: what the series' values must be divided by (1 unless the span of
// range overflows a double).
QValueAxis *createChartValueAxis(const ChartRange &range, double *unit);

class MetricChartCard : public CardFrame
{
    Q_OBJECT

public:
    static constexpr int kChartHeight = 300; // px
    static constexpr int kMaxBarSlots = 60;  // distinct numeric/time positions drawn as bars (ChartData's)

    explicit MetricChartCard(const Card &card, QWidget *parent = nullptr);

    QChart *chart() const { return m_chart; } // Owned by the chart view.
    QChartView *chartView() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QList<QAbstractAxis *> createXAxes(const ChartData &chartData, QString *overhangLabel, double *xUnit);
    QList<QAbstractAxis *> createTimeAxes(const ChartData &chartData, QString *overhangLabel);
    void addToChart(const QList<QAbstractSeries *> &series, const QList<QAbstractAxis *> &xAxes, QValueAxis *yAxis);
    void createView();
    void applyPalette();
    void updateTimeTicks(int maxTicks);

    QChartView *m_view = nullptr;
    QChart *m_chart = nullptr;
    bool m_translucentSeries = false; // area fills get alpha after every theme change
    int m_styledTheme = -1;           // the QChart::ChartTheme the area fills were last styled for
    // Time axis only: the visible UTC label axis and its range (msecs since epoch), ticks per width.
    QCategoryAxis *m_utcAxis = nullptr; // Owned by the chart.
    qint64 m_timeMin = 0;
    qint64 m_timeMax = 0;
    int m_timeTickLimit = 0;
    qint64 m_timeMinStep = 0; // msecs; a day when every x is a plain date
    QString m_xLabel;
};

} // namespace Tessera
