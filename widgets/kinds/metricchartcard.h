#pragma once

// Renderer for metric_chart cards (seed 000 "metric_chart"; PRODUCT.md §1 x-axis rule): a QChart in a
// QChartView of fixed height kChartHeight, so heightForWidth is the title's plus a constant.
//
// Series form from payload.suggestedViz (default line): line -> one QLineSeries per series, area -> one
// QAreaSeries per series (filled down to y = 0, translucent so overlaps stay visible), scatter -> one
// QScatterSeries per series, bar -> one QBarSeries with one QBarSet per series.
//
// X axis from inferChartAxisKind (chartaxis.h):
//  - Numeric  -> QValueAxis; points at the JSON numbers.
//  - Time     -> points at QDateTime::toMSecsSinceEpoch (UTC) on a QDateTimeAxis. Qt 6.4's
//                QDateTimeAxis can only label in the process's local time zone, so that axis is kept
//                (it is the series' x axis, type AxisTypeDateTime, holding the range) but hidden, and a
//                QCategoryAxis over the same range shows ticks at round UTC instants labelled in UTC,
//                as many as fit the width (recomputed on resize, 2–10):
//                "yyyy" / "yyyy-MM" / "yyyy-MM-dd" for steps of a year / month / day and more, else
//                "hh:mm" (or "MM-dd hh:mm" when the span crosses days) with " (UTC)" added to the title;
//                plain dates (no time of day anywhere) never get ticks finer than a day.
//  - Category -> QBarCategoryAxis over categorySlots() labels; a repeated label gets zero-width spaces
//                appended (invisible) so the axis keeps every occurrence as its own slot; line, area and
//                scatter points sit at x = slot index.
// Bars on a Numeric or Time x: the bars stand on a QBarCategoryAxis of the distinct x positions in
// ascending order, labelled with the number's source digits or the UTC date (time of day added when any
// position has one); a series with no point at a position has a zero-height bar there. With more than
// kMaxBarSlots distinct positions the bars would be slivers, so the chart falls back to lines.
// Bars on Category x: one bar per slot, zero height where a series has no point.
//
// Y axis: QValueAxis titled payload.yLabel; range padded 5% and rounded to nice numbers, the padding
// never crossing zero; bars and areas always include 0; a constant series gets a padded range
// (never min == max). Values that are not finite numbers are skipped (validation already rejects them).
// Line and area points on a numeric or time x are drawn in x order (a line never runs backwards).
// Legend shown only with more than one series.
// Colors: QChart::ChartThemeLight/Dark chosen from the palette, background = palette Base; re-applied on
// a palette change. The accessible description summarises each series (name, points, y min–max).

#include <widgets/card/cardframe.h>

QT_BEGIN_NAMESPACE
class QCategoryAxis;
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace Tessera {

class MetricChartCard : public CardFrame
{
    Q_OBJECT

public:
    static constexpr int kChartHeight = 300; // px
    static constexpr int kMaxBarSlots = 60;  // distinct numeric/time positions drawn as bars

    explicit MetricChartCard(const Card &card, QWidget *parent = nullptr);

    QChart *chart() const { return m_chart; } // Owned by the chart view.
    QChartView *chartView() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyPalette();
    void updateTimeTicks(int maxTicks);

    QChartView *m_view = nullptr;
    QChart *m_chart = nullptr;
    bool m_translucentSeries = false; // area fills get alpha after every theme change
    // Time axis only: the visible UTC label axis and its range (msecs since epoch), ticks per width.
    QCategoryAxis *m_utcAxis = nullptr; // Owned by the chart.
    qint64 m_timeMin = 0;
    qint64 m_timeMax = 0;
    int m_timeTickLimit = 0;
    qint64 m_timeMinStep = 0; // msecs; a day when every x is a plain date
    QString m_xLabel;
};

} // namespace Tessera
