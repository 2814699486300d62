// The data behind a metric_chart drawing (cards/chartdata.h), with no display: form and x kind, points
// in axis units (UTC msecs, slot indices), bar slots and their labels, the bar fallback, x order, ranges
// and UTC time ticks. The drawing of the same cases is in tests/auto/metricchart.
// Runs with TZ=Asia/Kolkata (tests/CMakeLists.txt), so a local-time leak shows as a 5h30 shift.

#include <cfloat>
#include <cmath>

#include <QTest>

#include <cards/card.h>
#include <cards/chartdata.h>
#include <tests/support/cardhelpers.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

Q_DECLARE_METATYPE(Tessera::ChartAxisKind)
Q_DECLARE_METATYPE(Tessera::ChartViz)

namespace {

ChartData dataOf(const QByteArray &text)
{
    return ChartData::fromCard(Card::fromEnvelopeText(text));
}

QList<int> pointCounts(const ChartData &data)
{
    QList<int> counts;
    for (const ChartSeries &one : data.series)
        counts.append(int(one.points.size()));
    return counts;
}

QList<double> xsOf(const ChartSeries &one)
{
    QList<double> xs;
    for (const ChartPoint &point : one.points)
        xs.append(point.x);
    return xs;
}

qint64 utcMsecs(int y, int m, int d, int h = 0, int min = 0)
{
    return QDateTime(QDate(y, m, d), QTime(h, min), Qt::UTC).toMSecsSinceEpoch();
}

const QList<QByteArray> kNumbers{"1", "2.5", "4", "10"};
const QList<QByteArray> kDates{R"("2026-08-03")", R"("2026-08-04")", R"("2026-08-06")", R"("2026-08-07")"};
const QList<QByteArray> kCategories{R"("Mon")", R"("Tue")", R"("Wed")", R"("Thu")"};

} // namespace

class tst_ChartData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void formAndAxis_data();
    void formAndAxis();
    void labelsAndRanges();
    void timeValuesAreUtcMsecs();
    void repeatedCategoriesKeepEveryPoint();
    void barsOnNumbersUseSourceDigits();
    void barsOnTimeUseDistinctDates();
    void barsOnDateTimesShowTheTime();
    void barsOnCategoriesFillEverySlot();
    void barsOnManyNumbersFallBackToLine();
    void linesAreSortedByX();
    void seriesExtents();
    void yRange_data();
    void yRange();
    void numericXRange_data();
    void numericXRange();
    void timeXRange();
    void noPoints();
    void atMostFourSeries();
    void timeTicks_data();
    void timeTicks();
    void hostileRangesAreReadable_data();
    void hostileRangesAreReadable();
    void numberLabels_data();
    void numberLabels();
    void valueTicks_data();
    void valueTicks();
};

void tst_ChartData::formAndAxis_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<ChartViz>("viz");
    QTest::addColumn<ChartAxisKind>("xKind");
    QTest::addColumn<QList<int>>("points");
    QTest::addColumn<int>("slotCount"); // xCategories

    const QList<QByteArray> numbers3{"1", "2", "3"};
    const QList<QByteArray> dates3{R"("2026-08-03")", R"("2026-08-04T10:00Z")", R"("2026-08-05")"};
    QTest::newRow("numbers, default line") << chartText({}, {kNumbers}) << ChartViz::Line << ChartAxisKind::Numeric
                                           << QList<int>{4} << 0;
    QTest::newRow("numbers, scatter x2") << chartText("scatter", {kNumbers, numbers3}) << ChartViz::Scatter
                                         << ChartAxisKind::Numeric << QList<int>{4, 3} << 0;
    QTest::newRow("numbers, area") << chartText("area", {kNumbers}) << ChartViz::Area << ChartAxisKind::Numeric
                                   << QList<int>{4} << 0;
    QTest::newRow("numbers, bar") << chartText("bar", {kNumbers, numbers3}) << ChartViz::Bar << ChartAxisKind::Numeric
                                  << QList<int>{4, 3} << 6; // one slot per distinct x: 1 2 2.5 3 4 10
    QTest::newRow("dates, line") << chartText("line", {kDates}) << ChartViz::Line << ChartAxisKind::Time
                                 << QList<int>{4} << 0;
    QTest::newRow("dates, area x2") << chartText("area", {kDates, dates3}) << ChartViz::Area << ChartAxisKind::Time
                                    << QList<int>{4, 3} << 0;
    QTest::newRow("categories, line") << chartText({}, {kCategories}) << ChartViz::Line << ChartAxisKind::Category
                                      << QList<int>{4} << 4;
    QTest::newRow("categories, bar x3") << chartText("bar", {kCategories, kCategories, kCategories}) << ChartViz::Bar
                                        << ChartAxisKind::Category << QList<int>{4, 4, 4} << 4;
    QTest::newRow("mixed x is category") << chartText({}, {{"1", R"("2026-08-03")", R"("x")"}}) << ChartViz::Line
                                         << ChartAxisKind::Category << QList<int>{3} << 3;
}

void tst_ChartData::formAndAxis()
{
    QFETCH(QByteArray, text);
    QFETCH(ChartViz, viz);
    QFETCH(ChartAxisKind, xKind);
    QFETCH(QList<int>, points);
    QFETCH(int, slotCount);
    const Card card = Card::fromEnvelopeText(text);
    QVERIFY(card.isValid());
    const ChartData data = ChartData::fromCard(card);
    QCOMPARE(data.viz, viz);
    QCOMPARE(data.xKind, xKind);
    QCOMPARE(pointCounts(data), points);
    QCOMPARE(int(data.xCategories.size()), slotCount);
    QVERIFY(data.anyPoint());
    QVERIFY(data.yRange.min < data.yRange.max);
}

void tst_ChartData::labelsAndRanges()
{
    const ChartData data = dataOf(chartText("line", {kNumbers}, R"J("xLabel":"Day","yLabel":"Net flow (Cr)")J"));
    QCOMPARE(data.xLabel, QStringLiteral("Day"));
    QCOMPARE(data.yLabel, QStringLiteral("Net flow (Cr)"));
    QCOMPARE(data.series.first().name, QStringLiteral("S0"));
    QCOMPARE(dataOf(chartText("pie", {kNumbers})).viz, ChartViz::Line); // an unknown form (invalid) draws as a line
    QCOMPARE(xsOf(data.series.first()), (QList<double>{1, 2.5, 4, 10}));
    // y 0, 3, 6, 9: 5% padding, which would go below zero under all-positive values, so it stops there.
    QCOMPARE(data.yRange.min, 0.0);
    QCOMPARE(data.yRange.max, 9.45);
    // A line gets no x padding.
    QCOMPARE(data.xRange.min, 1.0);
    QCOMPARE(data.xRange.max, 10.0);
}

void tst_ChartData::timeValuesAreUtcMsecs()
{
    QCOMPARE(qgetenv("TZ"), QByteArray("Asia/Kolkata")); // the point of this test: a non-UTC zone
    const ChartData data = dataOf(chartText("line", {{R"("2026-08-08")", R"("2026-08-09T06:30")",
                                                      R"("2026-08-10T05:00:00+05:30")", R"("2026-08-11T12:00:00.250Z")"}}));
    QCOMPARE(data.xKind, ChartAxisKind::Time);
    QVERIFY(data.timeOfDay);
    const QList<double> xs = xsOf(data.series.first());
    QCOMPARE(xs.size(), 4);
    QCOMPARE(qint64(xs[0]), utcMsecs(2026, 8, 8));
    QCOMPARE(qint64(xs[1]), utcMsecs(2026, 8, 9, 6, 30));
    QCOMPARE(qint64(xs[2]), utcMsecs(2026, 8, 9, 23, 30));
    QCOMPARE(qint64(xs[3]), utcMsecs(2026, 8, 11, 12) + 250);
    QCOMPARE(qint64(data.xRange.min), utcMsecs(2026, 8, 8));
    QCOMPARE(qint64(data.xRange.max), utcMsecs(2026, 8, 11, 12) + 250);

    QVERIFY(!dataOf(chartText("line", {kDates})).timeOfDay); // plain dates only
}

void tst_ChartData::repeatedCategoriesKeepEveryPoint()
{
    const QList<QByteArray> week{R"("Mon")", R"("Tue")", R"("Mon")", R"("Tue")", R"("Mon")"};
    for (const char *viz : {"line", "bar", "scatter"}) {
        const ChartData data = dataOf(chartText(viz, {week}));
        QCOMPARE(data.xCategories, (QStringList{"Mon", "Tue", "Mon", "Tue", "Mon"}));
        QCOMPARE(xsOf(data.series.first()), (QList<double>{0, 1, 2, 3, 4})); // x = slot index
    }
    const ChartData bars = dataOf(chartText("bar", {week}));
    QCOMPARE(bars.series.first().barValues, (QList<double>{0, 3, 6, 9, 12}));
}

void tst_ChartData::barsOnNumbersUseSourceDigits()
{
    // Slots in ascending x; each labelled as the number was written.
    const ChartData data = dataOf(xyText("bar", {{"1e1", "1"}, {"1.50", "2"}, {"-3", "3"}, {"1.5", "4"}}));
    QCOMPARE(data.viz, ChartViz::Bar);
    QCOMPARE(data.xCategories, (QStringList{"-3", "1.50", "1e1"}));
    // 1.50 and 1.5 share a slot; the later point wins.
    QCOMPARE(data.series.first().barValues, (QList<double>{3, 4, 1}));
}

void tst_ChartData::barsOnTimeUseDistinctDates()
{
    const QList<QByteArray> a{R"("2026-08-05")", R"("2026-08-03")"};
    const QList<QByteArray> b{R"("2026-08-03")", R"("2026-08-04")"};
    const ChartData data = dataOf(chartText("bar", {a, b}));
    QCOMPARE(data.viz, ChartViz::Bar);
    QCOMPARE(data.xCategories, (QStringList{"2026-08-03", "2026-08-04", "2026-08-05"}));
    QCOMPARE(data.series.size(), 2);
    // S0: y 0 at 08-05, y 3 at 08-03; nothing at 08-04. S1: y 1 at 08-03, y 4 at 08-04.
    QCOMPARE(data.series.at(0).barValues, (QList<double>{3, 0, 0}));
    QCOMPARE(data.series.at(1).barValues, (QList<double>{1, 4, 0}));
    // Bars stand on zero.
    QCOMPARE(data.yRange.min, 0.0);
}

void tst_ChartData::barsOnDateTimesShowTheTime()
{
    const ChartData data = dataOf(chartText("bar", {{R"("2026-08-03")", R"("2026-08-03T18:45:00+05:30")"}}));
    QCOMPARE(data.xCategories, (QStringList{"2026-08-03 00:00", "2026-08-03 13:15"}));
}

void tst_ChartData::barsOnCategoriesFillEverySlot()
{
    // S1 has no "Wed": a zero-height bar there.
    const ChartData data = dataOf(chartText("bar", {kCategories, {R"("Mon")", R"("Tue")", R"("Thu")"}}));
    QCOMPARE(data.xCategories, (QStringList{"Mon", "Tue", "Wed", "Thu"}));
    QCOMPARE(data.series.at(0).barValues, (QList<double>{0, 3, 6, 9}));
    QCOMPARE(data.series.at(1).barValues, (QList<double>{1, 4, 0, 7}));
}

void tst_ChartData::barsOnManyNumbersFallBackToLine()
{
    QList<QByteArray> xs;
    for (int i = ChartData::kMaxBarSlots; i >= 0; --i) // descending, so the line's sort shows
        xs.append(QByteArray::number(i));
    const ChartData data = dataOf(chartText("bar", {xs}));
    QCOMPARE(data.viz, ChartViz::Line);
    QVERIFY(data.xCategories.isEmpty());
    QVERIFY(data.series.first().barValues.isEmpty());
    QCOMPARE(pointCounts(data), QList<int>{ChartData::kMaxBarSlots + 1});
    QCOMPARE(data.series.first().points.first().x, 0.0);
    QCOMPARE(data.xRange.max, double(ChartData::kMaxBarSlots));

    xs.removeLast(); // exactly kMaxBarSlots positions: still bars
    QCOMPARE(dataOf(chartText("bar", {xs})).viz, ChartViz::Bar);
}

void tst_ChartData::linesAreSortedByX()
{
    const QList<std::pair<QByteArray, QByteArray>> points{{"3", "1"}, {"1", "2"}, {"2", "3"}, {"1", "4"}};
    for (const char *viz : {"line", "area"}) {
        const ChartSeries one = dataOf(xyText(viz, points)).series.first();
        QCOMPARE(xsOf(one), (QList<double>{1, 1, 2, 3}));
        QCOMPARE(one.points.at(0).y, 2.0); // stable: equal x keep their order
        QCOMPARE(one.points.at(1).y, 4.0);
    }
    // Scatter points are not a path: order kept.
    QCOMPARE(xsOf(dataOf(xyText("scatter", points)).series.first()), (QList<double>{3, 1, 2, 1}));
    // Category points stay at their slots.
    QCOMPARE(xsOf(dataOf(chartText("line", {{R"("b")", R"("a")"}})).series.first()), (QList<double>{0, 1}));
}

void tst_ChartData::seriesExtents()
{
    const ChartData data = dataOf(chartText("line", {kNumbers, {"1", "2"}}));
    QCOMPARE(data.series.at(0).yMin, 0.0);
    QCOMPARE(data.series.at(0).yMax, 9.0);
    QCOMPARE(data.series.at(1).yMin, 1.0);
    QCOMPARE(data.series.at(1).yMax, 4.0);
}

void tst_ChartData::yRange_data()
{
    QTest::addColumn<QByteArray>("viz");
    QTest::addColumn<QList<QByteArray>>("ys");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    // A constant series gets a range: ±10% of the value, ±1 around zero.
    QTest::newRow("line constant 5") << QByteArray("line") << QList<QByteArray>{"5", "5", "5"} << 4.5 << 5.5;
    QTest::newRow("line constant 0") << QByteArray("line") << QList<QByteArray>{"0", "0", "0"} << -1.0 << 1.0;
    QTest::newRow("line constant -2.5") << QByteArray("line") << QList<QByteArray>{"-2.5", "-2.5"} << -2.75 << -2.25;
    QTest::newRow("bar constant 0") << QByteArray("bar") << QList<QByteArray>{"0", "0", "0"} << 0.0 << 1.0;
    QTest::newRow("area constant 7") << QByteArray("area") << QList<QByteArray>{"7", "7", "7"} << 0.0 << 7.35;
    QTest::newRow("scatter constant 1e9") << QByteArray("scatter") << QList<QByteArray>{"1e9", "1e9"} << 9e8 << 1.1e9;
    // Padding 5%, never crossing zero from either side.
    QTest::newRow("line all negative") << QByteArray("line") << QList<QByteArray>{"-10", "-2"} << 0.0 - 10.4 << -1.6;
    QTest::newRow("line crossing zero") << QByteArray("line") << QList<QByteArray>{"-2", "8"} << -2.5 << 8.5;
    QTest::newRow("line above zero") << QByteArray("line") << QList<QByteArray>{"100", "120"} << 99.0 << 121.0;
    QTest::newRow("bar all negative") << QByteArray("bar") << QList<QByteArray>{"-10", "-2"} << -10.5 << 0.0;
    QTest::newRow("area above zero") << QByteArray("area") << QList<QByteArray>{"100", "120"} << 0.0 << 126.0;
}

void tst_ChartData::yRange()
{
    QFETCH(QByteArray, viz);
    QFETCH(QList<QByteArray>, ys);
    QFETCH(double, min);
    QFETCH(double, max);
    QList<std::pair<QByteArray, QByteArray>> points;
    for (int i = 0; i < ys.size(); ++i)
        points.append({QByteArray::number(i + 1), ys[i]});
    const ChartData data = dataOf(xyText(viz, points));
    QVERIFY(data.yRange.min < data.yRange.max);
    QVERIFY(qFuzzyCompare(data.yRange.min + 1000, min + 1000)); // + 1000: qFuzzyCompare fails near zero
    QVERIFY(qFuzzyCompare(data.yRange.max + 1000, max + 1000));
}

void tst_ChartData::numericXRange_data()
{
    QTest::addColumn<QByteArray>("viz");
    QTest::addColumn<QList<QByteArray>>("xs");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::newRow("line: the extent") << QByteArray("line") << QList<QByteArray>{"1", "10"} << 1.0 << 10.0;
    QTest::newRow("scatter: padded 4%") << QByteArray("scatter") << QList<QByteArray>{"1", "10"} << 0.64 << 10.36;
    QTest::newRow("single x") << QByteArray("line") << QList<QByteArray>{"4"} << 3.6 << 4.4;
    QTest::newRow("single x at zero") << QByteArray("line") << QList<QByteArray>{"0"} << -1.0 << 1.0;
}

void tst_ChartData::numericXRange()
{
    QFETCH(QByteArray, viz);
    QFETCH(QList<QByteArray>, xs);
    QFETCH(double, min);
    QFETCH(double, max);
    QList<std::pair<QByteArray, QByteArray>> points;
    for (const QByteArray &x : xs)
        points.append({x, "1"});
    const ChartData data = dataOf(xyText(viz, points));
    QCOMPARE(data.xKind, ChartAxisKind::Numeric);
    QVERIFY(qFuzzyCompare(data.xRange.min + 1000, min + 1000));
    QVERIFY(qFuzzyCompare(data.xRange.max + 1000, max + 1000));
}

void tst_ChartData::timeXRange()
{
    // A single instant: half a day either side.
    const ChartData one = dataOf(chartText("line", {{R"("2026-08-03")"}}));
    QCOMPARE(qint64(one.xRange.min), utcMsecs(2026, 8, 2, 12));
    QCOMPARE(qint64(one.xRange.max), utcMsecs(2026, 8, 3, 12));
    // Scatter: 4% of the span either side (100 h -> 4 h).
    const ChartData scatter = dataOf(chartText("scatter", {{R"("2026-08-03T00:00Z")", R"("2026-08-07T04:00Z")"}}));
    QCOMPARE(qint64(scatter.xRange.min), utcMsecs(2026, 8, 2, 20));
    QCOMPARE(qint64(scatter.xRange.max), utcMsecs(2026, 8, 7, 8));
}

void tst_ChartData::noPoints()
{
    // Invalid (no points), drawn anyway: an empty chart over [0, 1], padded upwards only.
    const Card card = Card::fromEnvelopeText(R"({"kind":"metric_chart","specVersion":1,"payload":{"series":[{"name":"E","points":[]}]}})");
    QVERIFY(!card.isValid());
    const ChartData data = ChartData::fromCard(card);
    QVERIFY(!data.anyPoint());
    QCOMPARE(data.xKind, ChartAxisKind::Category);
    QCOMPARE(data.series.size(), 1);
    QCOMPARE(data.yRange.min, 0.0);
    QCOMPARE(data.yRange.max, 1.05);
    // Not even a payload.
    const ChartData nothing = dataOf(R"({"kind":"metric_chart","specVersion":1,"payload":[]})");
    QVERIFY(nothing.series.isEmpty());
    QVERIFY(nothing.yRange.min < nothing.yRange.max);
}

void tst_ChartData::atMostFourSeries()
{
    QList<QList<QByteArray>> xs(ChartData::kMaxSeries + 1, kNumbers);
    const ChartData data = dataOf(chartText("line", xs));
    QCOMPARE(data.series.size(), ChartData::kMaxSeries);
}

void tst_ChartData::timeTicks_data()
{
    QTest::addColumn<qint64>("min");
    QTest::addColumn<qint64>("max");
    QTest::addColumn<int>("maxTicks");
    QTest::addColumn<qint64>("minStep");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<qint64>("first");
    QTest::addColumn<bool>("timeOfDay");
    QTest::newRow("days") << utcMsecs(2026, 8, 3) << utcMsecs(2026, 8, 7) << 6 << kChartDayMsecs
                          << QStringList{"2026-08-03", "2026-08-04", "2026-08-05", "2026-08-06", "2026-08-07"}
                          << utcMsecs(2026, 8, 3) << false;
    QTest::newRow("one plain date, never hours") << utcMsecs(2026, 8, 2, 12) << utcMsecs(2026, 8, 3, 12) << 10
                                                 << kChartDayMsecs << QStringList{"2026-08-03"}
                                                 << utcMsecs(2026, 8, 3) << false;
    QTest::newRow("hours") << utcMsecs(2026, 8, 3, 3) << utcMsecs(2026, 8, 3, 9) << 6 << qint64(0)
                           << QStringList{"03:00", "04:00", "05:00", "06:00", "07:00", "08:00", "09:00"}
                           << utcMsecs(2026, 8, 3, 3) << true;
    QTest::newRow("hours across midnight") << utcMsecs(2026, 8, 3, 20) << utcMsecs(2026, 8, 4, 4) << 4 << qint64(0)
                                           << QStringList{"08-03 21:00", "08-04 00:00", "08-04 03:00"}
                                           << utcMsecs(2026, 8, 3, 21) << true;
    QTest::newRow("before 1970") << utcMsecs(1969, 12, 31, 12) << utcMsecs(1970, 1, 1, 0) << 4 << qint64(0)
                                 << QStringList{"12-31 12:00", "12-31 15:00", "12-31 18:00", "12-31 21:00", "01-01 00:00"}
                                 << utcMsecs(1969, 12, 31, 12) << true;
    QTest::newRow("months") << utcMsecs(2026, 1, 1) << utcMsecs(2026, 12, 31) << 6 << kChartDayMsecs
                            << QStringList{"2026-01", "2026-03", "2026-05", "2026-07", "2026-09", "2026-11"}
                            << utcMsecs(2026, 1, 1) << false;
    QTest::newRow("years") << utcMsecs(2000, 1, 1) << utcMsecs(2030, 1, 1) << 6 << kChartDayMsecs
                           << QStringList{"2000", "2005", "2010", "2015", "2020", "2025", "2030"}
                           << utcMsecs(2000, 1, 1) << false;
}

void tst_ChartData::timeTicks()
{
    QFETCH(qint64, min);
    QFETCH(qint64, max);
    QFETCH(int, maxTicks);
    QFETCH(qint64, minStep);
    QFETCH(QStringList, labels);
    QFETCH(qint64, first);
    QFETCH(bool, timeOfDay);
    const ChartTimeTicks ticks = chartTimeTicks(min, max, maxTicks, minStep);
    QCOMPARE(ticks.labels, labels);
    QCOMPARE(ticks.at.size(), labels.size());
    QCOMPARE(ticks.at.first(), first);
    QCOMPARE(ticks.showsTimeOfDay, timeOfDay);
    for (qint64 at : ticks.at)
        QVERIFY(min <= at && at <= max);
}

// Issue 13: values validate accepts that drew "inf"/"nan" labels, an empty plot or a cut-off card.
void tst_ChartData::hostileRangesAreReadable_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("y +-1e308 line") << xyText("line", {{"1", "1e308"}, {"2", "-1e308"}});
    QTest::newRow("y +-1e308 area") << xyText("area", {{"1", "1e308"}, {"2", "-1e308"}});
    QTest::newRow("y +-1e308 bar") << xyText("bar", {{"1", "1e308"}, {"2", "-1e308"}});
    QTest::newRow("y +-DBL_MAX scatter") << xyText("scatter", {{"1", "1.7976931348623157e308"}, {"2", "-1.7976931348623157e308"}});
    QTest::newRow("y DBL_MAX constant") << xyText("line", {{"1", "1.7976931348623157e308"}, {"2", "1.7976931348623157e308"}});
    QTest::newRow("y 5e-324 line") << xyText("line", {{"1", "5e-324"}, {"2", "5e-324"}});
    QTest::newRow("y 5e-324 bar") << xyText("bar", {{"1", "5e-324"}, {"2", "5e-324"}});
    QTest::newRow("y 0 and 5e-324") << xyText("line", {{"1", "0"}, {"2", "5e-324"}});
    QTest::newRow("x +-1e308 line") << xyText("line", {{"-1e308", "1"}, {"1e308", "2"}});
    QTest::newRow("x +-1e308 scatter") << xyText("scatter", {{"-1e308", "1"}, {"1e308", "2"}});
    QTest::newRow("x 5e-324 scatter") << xyText("scatter", {{"5e-324", "1"}, {"1e-323", "2"}});
}

void tst_ChartData::hostileRangesAreReadable()
{
    QFETCH(QByteArray, text);
    const Card card = Card::fromEnvelopeText(text);
    QVERIFY(card.isValid()); // validate accepts them, rightly: the drawing must cope
    const ChartData data = ChartData::fromCard(card);
    QVERIFY(data.anyPoint());
    QList<ChartRange> ranges{data.yRange};
    if (data.xKind == ChartAxisKind::Numeric && data.viz != ChartViz::Bar)
        ranges.append(data.xRange);
    for (const ChartRange &range : ranges) {
        const QString shown = QStringLiteral("[%1, %2]").arg(range.min).arg(range.max);
        QVERIFY2(std::isfinite(range.min) && std::isfinite(range.max), qPrintable(shown));
        QVERIFY2(range.max / 2 - range.min / 2 >= kChartMinSpan / 2, qPrintable(shown));
        const ChartValueTicks ticks = chartValueTicks(range, 5);
        QVERIFY2(ticks.at.size() >= 2, qPrintable(shown + ticks.labels.join(QLatin1Char(' '))));
        QCOMPARE(ticks.at.size(), ticks.labels.size());
        // What Qt Charts computes in drawing units stays finite and wide enough to divide by.
        const double drawnSpan = range.max / ticks.unit - range.min / ticks.unit;
        QVERIFY2(std::isfinite(drawnSpan) && std::isfinite(1e4 / drawnSpan), qPrintable(shown));
        QVERIFY2(std::max(std::abs(range.min), std::abs(range.max)) / ticks.unit >= 1e-9, qPrintable(shown));
        for (qsizetype i = 0; i < ticks.at.size(); ++i) {
            const QString &label = ticks.labels.at(i);
            QVERIFY2(range.min <= ticks.at.at(i) && ticks.at.at(i) <= range.max, qPrintable(label));
            QVERIFY2(label.size() < 16, qPrintable(label));
            QVERIFY2(!label.contains(QLatin1String("inf")) && !label.contains(QLatin1String("nan")), qPrintable(label));
            QVERIFY2(i == 0 || label != ticks.labels.at(i - 1), qPrintable(label));
        }
    }
    // Every point is inside its ranges: the data is drawn, not clipped away.
    for (const ChartSeries &one : data.series) {
        for (const ChartPoint &point : one.points) {
            QVERIFY(data.yRange.min <= point.y && point.y <= data.yRange.max);
            if (ranges.size() > 1)
                QVERIFY(data.xRange.min <= point.x && point.x <= data.xRange.max);
        }
    }
}

void tst_ChartData::numberLabels_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("digits");
    QTest::addColumn<QString>("label");
    QTest::newRow("zero") << 0.0 << 6 << QStringLiteral("0");
    QTest::newRow("negative zero") << -0.0 << 6 << QStringLiteral("0");
    QTest::newRow("1e308") << 1e308 << 6 << QStringLiteral("1e308");
    QTest::newRow("-1e308") << -1e308 << 6 << QStringLiteral("-1e308");
    QTest::newRow("DBL_MAX") << DBL_MAX << 6 << QStringLiteral("1.79769e308");
    QTest::newRow("denormal min") << 5e-324 << 3 << QStringLiteral("4.94e-324");
    QTest::newRow("1.5e6") << 1.5e6 << 6 << QStringLiteral("1.5e6");
    QTest::newRow("just under 1e6") << 999999.0 << 6 << QStringLiteral("999999");
    QTest::newRow("12.5") << 12.5 << 6 << QStringLiteral("12.5");
    QTest::newRow("-0.001") << -0.001 << 6 << QStringLiteral("-0.001");
    QTest::newRow("1e-4 is fixed") << 1e-4 << 6 << QStringLiteral("0.0001");
    QTest::newRow("5e-5") << 5e-5 << 6 << QStringLiteral("5e-5");
    QTest::newRow("-2.5e-7") << -2.5e-7 << 6 << QStringLiteral("-2.5e-7");
    QTest::newRow("digits cut") << 3.14159265 << 3 << QStringLiteral("3.14");
}

void tst_ChartData::numberLabels()
{
    QFETCH(double, value);
    QFETCH(int, digits);
    QFETCH(QString, label);
    QCOMPARE(chartNumberLabel(value, digits), label);
}

void tst_ChartData::valueTicks_data()
{
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<double>("unit");
    QTest::newRow("0..1") << 0.0 << 1.0 << QStringList{"0", "0.2", "0.4", "0.6", "0.8", "1"} << 1.0;
    QTest::newRow("-2.5..8.5") << -2.5 << 8.5 << QStringList{"-2", "0", "2", "4", "6", "8"} << 1.0;
    QTest::newRow("9e8..1.1e9") << 9e8 << 1.1e9 << QStringList{"9e8", "9.5e8", "1e9", "1.05e9", "1.1e9"} << 1.0;
    // The span overflows a double: drawn in units of 1e308.
    QTest::newRow("+-1.1e308") << -1.1e308 << 1.1e308 << QStringList{"-1e308", "-5e307", "0", "5e307", "1e308"} << 1e308;
    QTest::newRow("0..8e-6") << 0.0 << 8e-6 << QStringList{"0", "2e-6", "4e-6", "6e-6", "8e-6"} << 1.0;
    // As many digits as tell the ticks apart.
    QTest::newRow("1e9..1e9+1") << 1e9 << 1e9 + 1
                                << QStringList{"1e9", "1.0000000002e9", "1.0000000004e9", "1.0000000006e9",
                                               "1.0000000008e9", "1.000000001e9"}
                                << 1.0;
}

void tst_ChartData::valueTicks()
{
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(QStringList, labels);
    QFETCH(double, unit);
    const ChartValueTicks ticks = chartValueTicks({min, max}, 5);
    QCOMPARE(ticks.labels, labels);
    QCOMPARE(ticks.unit, unit);
}

QTEST_GUILESS_MAIN(tst_ChartData)
#include "tst_chartdata.moc"
