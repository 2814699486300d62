#pragma once

// The data behind a metric_chart drawing (seed 000 "metric_chart"; PRODUCT.md §1 x-axis rule), computed
// with no display so tests check it directly; widgets/kinds/metricchartcard only turns it into Qt series.
//
// Form from payload.suggestedViz (line when absent or unknown). X from inferChartAxisKind (chartaxis.h):
//  - Numeric  -> x is the JSON number.
//  - Time     -> x is msecs since epoch, UTC (an integer, exact in a double).
//  - Category -> x is the slot index of categorySlots(); xCategories holds the slot labels, repeats kept.
// Bars on a Numeric or Time x stand on the distinct x positions in ascending order: xCategories labels
// them with the number's source digits or the UTC date ("yyyy-MM-dd", plus " hh:mm" when any point has a
// time of day). With more than kMaxBarSlots positions the form falls back to Line. Bars carry one height
// per slot in ChartSeries::barValues, 0 where a series has no point (the last point wins a shared slot).
// Only the first kMaxSeries series are read; points whose x does not fit the axis or whose y is not a
// finite number are skipped (validation already rejects them, but an invalid card may be drawn anyway).
// Line and area points on a Numeric or Time x are sorted by x (a line never runs backwards).
//
// Ranges are the intended ones before an axis rounds them to nice numbers:
//  - yRange: over every y, padded 5%; bars and areas include 0; padding never crosses zero; a constant
//    series gets a range (never min == max).
//  - xRange (Numeric): the x extent, padded 4% for scatter; a single x gets a range too.
//  - xRange (Time): the x extent in msecs, padded 4% for scatter; a single instant gets ± half a day.
//  - no point at all: both ranges are [0, 1] before padding.

#include <QList>
#include <QString>
#include <QStringList>

#include <cards/chartaxis.h>

namespace Tessera {

class Card;

enum class ChartViz { Line, Bar, Area, Scatter };

struct ChartPoint
{
    double x = 0; // number, msecs since epoch (UTC) or slot index, by ChartData::xKind
    double y = 0;
};

struct ChartSeries
{
    QString name;
    QList<ChartPoint> points;
    QList<double> barValues; // ChartViz::Bar only: one height per xCategories slot
    double yMin = 0;         // over points; 0 when there are none
    double yMax = 0;
};

struct ChartRange
{
    double min = 0;
    double max = 1;
};

struct ChartData
{
    static constexpr int kMaxSeries = 4;    // the schema's limit
    static constexpr int kMaxBarSlots = 60; // distinct numeric/time positions drawn as bars

    ChartViz viz = ChartViz::Line; // after the bar fallback
    ChartAxisKind xKind = ChartAxisKind::Category;
    QString xLabel;
    QString yLabel;
    QList<ChartSeries> series;
    QStringList xCategories; // Category x, or bars on Numeric/Time x: one label per slot
    ChartRange xRange;       // Numeric and Time x only
    ChartRange yRange;
    bool timeOfDay = false;  // Time x: some point has a time of day (else all are plain dates)

    bool anyPoint() const;

    // The metric_chart payload of `card`; never fails (an unusable payload gives an empty chart).
    static ChartData fromCard(const Card &card);
};

// Tick marks for a Time x axis: round UTC instants in [min, max] (msecs since epoch), at most about
// maxTicks of them, labelled in UTC: "yyyy" / "yyyy-MM" / "yyyy-MM-dd" for steps of a year / month /
// day and more, else "hh:mm" or "hh:mm:ss" ("MM-dd " prepended when the span crosses days).
// minStep (msecs) bounds the step from below: a day for plain dates, so they never get time-of-day ticks.
struct ChartTimeTicks
{
    QList<qint64> at;
    QStringList labels;
    bool showsTimeOfDay = false;
};
ChartTimeTicks chartTimeTicks(qint64 min, qint64 max, int maxTicks, qint64 minStep);

// msecs in a day: the minStep for plain dates.
inline constexpr qint64 kChartDayMsecs = 24 * 60 * 60 * 1000;

} // namespace Tessera
