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
// Every range is finite and wider than kChartMinSpan for every finite input (issue 13): ends are clamped to
// ±DBL_MAX, padding is computed without overflow, and a range that would be narrower (a denormal, a
// constant whose tenth underflows) is widened about its centre. max - min itself may still overflow
// (y = ±1e308): chartValueTicks() gives the unit the drawing divides by.

#include <cfloat>

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

inline constexpr double kChartMaxValue = DBL_MAX;
inline constexpr double kChartMinSpan = 1e-300;       // far from denormals: a plot's pixels / span stays finite
inline constexpr double kChartScientificAbove = 1e6;  // |v| from here on is labelled "1.5e6"
inline constexpr double kChartScientificBelow = 1e-4; // and below this (0 excepted) "2e-5"
inline constexpr double kChartPlainMinSpan = 1e-3;    // narrower ranges need more decimals than "%.Nf" reads well with

// [min, max] (finite, min <= max) padded by fraction (0..0.5) of its span on each side; a single value
// gets ±10% (±1 at zero). Finite, min < max, never narrower than kChartMinSpan.
ChartRange chartPaddedRange(double min, double max, double fraction);

// An axis label: "0"; scientific for |v| >= 1e6 or |v| < 1e-4 ("1e308", "-2.5e-7", "4.94e-324"), else
// fixed ("12.5", "-0.001"); at most `digits` significant digits (1..15), trailing zeros dropped.
// A non-finite v (never drawn: validation and ChartData skip it) gives "?".
QString chartNumberLabel(double v, int digits = 6);

// True when Qt Charts' own nice numbers and "%.Nf" labels read well over range: every |value| < 1e6 and
// the span at least kChartPlainMinSpan. Otherwise an axis draws chartValueTicks().
bool chartRangeIsPlain(const ChartRange &range);

// Ticks for a value axis over range (finite, min < max): at most about maxTicks values inside it, steps of
// 1, 2 or 5 times a power of ten, each labelled by chartNumberLabel with the digits that tell them apart
// (at most 12; ticks that would read the same are dropped). unit: a power of ten the drawing divides every
// value by, 1 unless max - min could overflow a double (Qt Charts computes it) or every |value| is under
// 1e-9 (Qt Charts takes such a range for [0, 0]).
struct ChartValueTicks
{
    double unit = 1;
    QList<double> at; // ascending, in the values' own units
    QStringList labels;
};
ChartValueTicks chartValueTicks(const ChartRange &range, int maxTicks);

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
