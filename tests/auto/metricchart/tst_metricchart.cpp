// metric_chart: axis kinds, series per suggestedViz, point counts, UTC time mapping, repeated
// categories, legend, constant series range, axis titles. Runs with TZ=Asia/Kolkata (tests/CMakeLists.txt).

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QDateTimeAxis>
#include <QFile>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QtTest>

#include <cmath>

#include <cards/card.h>
#include <cards/transcript.h>
#include <widgets/common/theme.h>
#include <widgets/kinds/metricchartcard.h>
#include <tests/support/cardhelpers.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

// The series' x axis: the first horizontal axis added to the chart.
QAbstractAxis *xAxis(QChart *chart)
{
    const QList<QAbstractAxis *> axes = chart->axes(Qt::Horizontal);
    return axes.isEmpty() ? nullptr : axes.first();
}

QValueAxis *yAxis(QChart *chart)
{
    const QList<QAbstractAxis *> axes = chart->axes(Qt::Vertical);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(axes.first());
}

QList<int> pointCounts(QChart *chart)
{
    QList<int> counts;
    for (QAbstractSeries *s : chart->series()) {
        if (auto *xy = qobject_cast<QXYSeries *>(s))
            counts.append(int(xy->count()));
        else if (auto *area = qobject_cast<QAreaSeries *>(s))
            counts.append(int(area->upperSeries()->count()));
        else if (auto *bars = qobject_cast<QBarSeries *>(s)) {
            for (QBarSet *set : bars->barSets())
                counts.append(int(set->count()));
        }
    }
    return counts;
}

qint64 utcMsecs(int y, int m, int d, int h = 0, int min = 0)
{
    return QDateTime(QDate(y, m, d), QTime(h, min), Qt::UTC).toMSecsSinceEpoch();
}

// The labels a value axis draws: its own on a QCategoryAxis, else its printf format at each tick.
QStringList valueAxisLabels(QValueAxis *axis)
{
    if (auto *labelled = qobject_cast<QCategoryAxis *>(axis))
        return labelled->categoriesLabels();
    QStringList labels;
    const int ticks = qMax(2, axis->tickCount());
    for (int i = 0; i < ticks; ++i)
        labels.append(QString::asprintf(qPrintable(axis->labelFormat()), axis->min() + i * (axis->max() - axis->min()) / (ticks - 1)));
    return labels;
}

QList<QPointF> drawnPoints(QAbstractSeries *series)
{
    if (auto *area = qobject_cast<QAreaSeries *>(series))
        return area->upperSeries()->points();
    if (auto *xy = qobject_cast<QXYSeries *>(series))
        return xy->points();
    return {};
}

const QList<QByteArray> kNumbers{"1", "2.5", "4", "10"};
const QList<QByteArray> kDates{R"("2026-08-03")", R"("2026-08-04")", R"("2026-08-06")", R"("2026-08-07")"};
const QList<QByteArray> kCategories{R"("Mon")", R"("Tue")", R"("Wed")", R"("Thu")"};

} // namespace

class TestMetricChart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void axesAndSeries_data();
    void axesAndSeries();
    void timeValuesAreUtcMsecs();
    void timeAxisLabelsAreUtc();
    void repeatedCategoriesKeepEveryPoint_data();
    void repeatedCategoriesKeepEveryPoint();
    void barsOnTimeUseDistinctDates();
    void barsOnManyNumbersFallBackToLine();
    void legendOnlyWithSeveralSeries_data();
    void legendOnlyWithSeveralSeries();
    void constantSeriesGetsRange_data();
    void constantSeriesGetsRange();
    void axisTitles();
    void accessibleDescription();
    void fixedHeight();
    void themeFollowsPalette();
    void timeTicksFitWidth();
    void seriesKeepColoursAtEveryWidth_data();
    void seriesKeepColoursAtEveryWidth();
    void hostileValuesDrawReadably_data();
    void hostileValuesDrawReadably();
    void hostileChartsFixture();
};

void TestMetricChart::axesAndSeries_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("axisType");
    QTest::addColumn<int>("seriesType");
    QTest::addColumn<int>("seriesCount");
    QTest::addColumn<QList<int>>("points");

    const int value = QAbstractAxis::AxisTypeValue;
    const int time = QAbstractAxis::AxisTypeDateTime;
    const int category = QAbstractAxis::AxisTypeBarCategory;
    const QList<QByteArray> numbers3{"1", "2", "3"};
    const QList<QByteArray> dates3{R"("2026-08-03")", R"("2026-08-04T10:00Z")", R"("2026-08-05")"};

    QTest::newRow("numbers, default line") << chartText({}, {kNumbers}) << value
        << int(QAbstractSeries::SeriesTypeLine) << 1 << QList<int>{4};
    QTest::newRow("numbers, scatter x2") << chartText("scatter", {kNumbers, numbers3}) << value
        << int(QAbstractSeries::SeriesTypeScatter) << 2 << QList<int>{4, 3};
    QTest::newRow("numbers, area") << chartText("area", {kNumbers}) << value
        << int(QAbstractSeries::SeriesTypeArea) << 1 << QList<int>{4};
    QTest::newRow("numbers, bar") << chartText("bar", {kNumbers, numbers3}) << category
        << int(QAbstractSeries::SeriesTypeBar) << 1 << QList<int>{6, 6}; // one slot per distinct x: 1 2 2.5 3 4 10
    QTest::newRow("dates, line") << chartText("line", {kDates}) << time
        << int(QAbstractSeries::SeriesTypeLine) << 1 << QList<int>{4};
    QTest::newRow("dates, area x2") << chartText("area", {kDates, dates3}) << time
        << int(QAbstractSeries::SeriesTypeArea) << 2 << QList<int>{4, 3};
    QTest::newRow("dates, scatter") << chartText("scatter", {dates3}) << time
        << int(QAbstractSeries::SeriesTypeScatter) << 1 << QList<int>{3};
    QTest::newRow("categories, line") << chartText({}, {kCategories}) << category
        << int(QAbstractSeries::SeriesTypeLine) << 1 << QList<int>{4};
    QTest::newRow("categories, bar x3") << chartText("bar", {kCategories, kCategories, kCategories}) << category
        << int(QAbstractSeries::SeriesTypeBar) << 1 << QList<int>{4, 4, 4};
    QTest::newRow("categories, scatter") << chartText("scatter", {kCategories}) << category
        << int(QAbstractSeries::SeriesTypeScatter) << 1 << QList<int>{4};
    QTest::newRow("mixed x is category") << chartText({}, {{"1", R"("2026-08-03")", R"("x")"}}) << category
        << int(QAbstractSeries::SeriesTypeLine) << 1 << QList<int>{3};
}

void TestMetricChart::axesAndSeries()
{
    QFETCH(QByteArray, text);
    QFETCH(int, axisType);
    QFETCH(int, seriesType);
    QFETCH(int, seriesCount);
    QFETCH(QList<int>, points);
    const Card card = validCard(text);
    QVERIFY(card.isValid());
    MetricChartCard widget(card);
    QChart *chart = widget.chart();
    QVERIFY(chart);
    QAbstractAxis *x = xAxis(chart);
    QVERIFY(x);
    QCOMPARE(int(x->type()), axisType);
    QCOMPARE(chart->series().size(), seriesCount);
    for (QAbstractSeries *s : chart->series()) {
        QCOMPARE(int(s->type()), seriesType);
        QVERIFY(s->attachedAxes().contains(x));
    }
    QCOMPARE(pointCounts(chart), points);
    QVERIFY(yAxis(chart));
    QCOMPARE(int(yAxis(chart)->type()), int(QAbstractAxis::AxisTypeValue));
}

void TestMetricChart::timeValuesAreUtcMsecs()
{
    QCOMPARE(qgetenv("TZ"), QByteArray("Asia/Kolkata")); // the point of this test: a non-UTC zone
    const QByteArray text = chartText("line", {{R"("2026-08-08")", R"("2026-08-09T06:30")",
                                                 R"("2026-08-10T05:00:00+05:30")", R"("2026-08-11T12:00:00.250Z")"}});
    MetricChartCard widget(validCard(text));
    auto *line = qobject_cast<QLineSeries *>(widget.chart()->series().value(0));
    QVERIFY(line);
    QCOMPARE(line->count(), 4);
    QCOMPARE(qint64(line->at(0).x()), utcMsecs(2026, 8, 8));
    QCOMPARE(qint64(line->at(1).x()), utcMsecs(2026, 8, 9, 6, 30));
    QCOMPARE(qint64(line->at(2).x()), utcMsecs(2026, 8, 9, 23, 30));
    QCOMPARE(qint64(line->at(3).x()), utcMsecs(2026, 8, 11, 12) + 250);
    auto *axis = qobject_cast<QDateTimeAxis *>(xAxis(widget.chart()));
    QVERIFY(axis);
    QVERIFY(axis->min().toMSecsSinceEpoch() <= utcMsecs(2026, 8, 8));
    QVERIFY(axis->max().toMSecsSinceEpoch() >= utcMsecs(2026, 8, 11, 12));
}

void TestMetricChart::timeAxisLabelsAreUtc()
{
    // Day-level data: the visible labels are UTC dates at UTC midnights, not Kolkata's 05:30.
    MetricChartCard widget(validCard(chartText("line", {kDates})));
    QCategoryAxis *labels = nullptr;
    for (QAbstractAxis *axis : widget.chart()->axes(Qt::Horizontal)) {
        if (auto *category = qobject_cast<QCategoryAxis *>(axis))
            labels = category;
    }
    QVERIFY(labels);
    QVERIFY(labels->isVisible());
    const QStringList texts = labels->categoriesLabels();
    QVERIFY(texts.contains(QStringLiteral("2026-08-04")));
    QCOMPARE(qint64(labels->endValue(QStringLiteral("2026-08-04"))), utcMsecs(2026, 8, 4));

    // Hour-level data: hh:mm labels in UTC, and the title says so.
    const QByteArray intraday = chartText("line", {{R"("2026-08-03T03:00Z")", R"("2026-08-03T06:00Z")",
                                                     R"("2026-08-03T09:00Z")"}}, R"("xLabel":"Time")");
    MetricChartCard hours(validCard(intraday));
    labels = nullptr;
    for (QAbstractAxis *axis : hours.chart()->axes(Qt::Horizontal)) {
        if (auto *category = qobject_cast<QCategoryAxis *>(axis))
            labels = category;
    }
    QVERIFY(labels);
    QVERIFY(labels->categoriesLabels().contains(QStringLiteral("06:00")));
    QCOMPARE(qint64(labels->endValue(QStringLiteral("06:00"))), utcMsecs(2026, 8, 3, 6));
    QCOMPARE(labels->titleText(), QStringLiteral("Time (UTC)"));
}

void TestMetricChart::repeatedCategoriesKeepEveryPoint_data()
{
    QTest::addColumn<QByteArray>("viz");
    QTest::newRow("line") << QByteArray("line");
    QTest::newRow("bar") << QByteArray("bar");
    QTest::newRow("scatter") << QByteArray("scatter");
}

void TestMetricChart::repeatedCategoriesKeepEveryPoint()
{
    QFETCH(QByteArray, viz);
    const QList<QByteArray> week{R"("Mon")", R"("Tue")", R"("Mon")", R"("Tue")", R"("Mon")"};
    MetricChartCard widget(validCard(chartText(viz, {week})));
    auto *axis = qobject_cast<QBarCategoryAxis *>(xAxis(widget.chart()));
    QVERIFY(axis);
    QCOMPARE(axis->count(), 5);
    QCOMPARE(pointCounts(widget.chart()), QList<int>{5});
    // The labels read the same once the invisible zero-width spaces are removed.
    QStringList visible = axis->categories();
    for (QString &label : visible)
        label.remove(QChar(0x200B));
    QCOMPARE(visible, (QStringList{"Mon", "Tue", "Mon", "Tue", "Mon"}));
    if (auto *xy = qobject_cast<QXYSeries *>(widget.chart()->series().first())) {
        for (int i = 0; i < xy->count(); ++i)
            QCOMPARE(xy->at(i).x(), qreal(i)); // x = slot index
    }
}

void TestMetricChart::barsOnTimeUseDistinctDates()
{
    const QList<QByteArray> a{R"("2026-08-05")", R"("2026-08-03")"};
    const QList<QByteArray> b{R"("2026-08-03")", R"("2026-08-04")"};
    MetricChartCard widget(validCard(chartText("bar", {a, b})));
    auto *axis = qobject_cast<QBarCategoryAxis *>(xAxis(widget.chart()));
    QVERIFY(axis);
    QCOMPARE(axis->categories(), (QStringList{"2026-08-03", "2026-08-04", "2026-08-05"}));
    auto *bars = qobject_cast<QBarSeries *>(widget.chart()->series().first());
    QVERIFY(bars);
    QCOMPARE(bars->count(), 2);
    // Series S0: y 0 at 08-05, y 3 at 08-03; nothing at 08-04.
    QCOMPARE(bars->barSets().at(0)->at(0), 3.0);
    QCOMPARE(bars->barSets().at(0)->at(1), 0.0);
    QCOMPARE(bars->barSets().at(0)->at(2), 0.0);
    QCOMPARE(bars->barSets().at(1)->at(0), 1.0);
    QCOMPARE(bars->barSets().at(1)->at(1), 4.0);
}

void TestMetricChart::barsOnManyNumbersFallBackToLine()
{
    QList<QByteArray> xs;
    for (int i = 0; i <= MetricChartCard::kMaxBarSlots; ++i)
        xs.append(QByteArray::number(i));
    MetricChartCard widget(validCard(chartText("bar", {xs})));
    QCOMPARE(int(xAxis(widget.chart())->type()), int(QAbstractAxis::AxisTypeValue));
    QCOMPARE(int(widget.chart()->series().first()->type()), int(QAbstractSeries::SeriesTypeLine));
    QCOMPARE(pointCounts(widget.chart()), QList<int>{MetricChartCard::kMaxBarSlots + 1});
}

void TestMetricChart::legendOnlyWithSeveralSeries_data()
{
    QTest::addColumn<QByteArray>("viz");
    QTest::addColumn<int>("series");
    for (const char *viz : {"line", "bar", "area", "scatter"}) {
        for (int n = 1; n <= 4; ++n)
            QTest::addRow("%s x%d", viz, n) << QByteArray(viz) << n;
    }
}

void TestMetricChart::legendOnlyWithSeveralSeries()
{
    QFETCH(QByteArray, viz);
    QFETCH(int, series);
    QList<QList<QByteArray>> xs;
    for (int i = 0; i < series; ++i)
        xs.append(kNumbers);
    MetricChartCard widget(validCard(chartText(viz, xs)));
    QCOMPARE(widget.chart()->legend()->isVisible(), series > 1);
}

void TestMetricChart::constantSeriesGetsRange_data()
{
    QTest::addColumn<QByteArray>("viz");
    QTest::addColumn<double>("y");
    QTest::newRow("line 5") << QByteArray("line") << 5.0;
    QTest::newRow("line 0") << QByteArray("line") << 0.0;
    QTest::newRow("line -2.5") << QByteArray("line") << -2.5;
    QTest::newRow("bar 0") << QByteArray("bar") << 0.0;
    QTest::newRow("area 7") << QByteArray("area") << 7.0;
    QTest::newRow("scatter 1e9") << QByteArray("scatter") << 1e9;
}

void TestMetricChart::constantSeriesGetsRange()
{
    QFETCH(QByteArray, viz);
    QFETCH(double, y);
    const QByteArray yText = QByteArray::number(y, 'g', 12);
    const QByteArray text = R"({"kind":"metric_chart","specVersion":1,"payload":{"suggestedViz":")" + viz
        + R"(","series":[{"name":"Flat","points":[{"x":1,"y":)" + yText + R"(},{"x":2,"y":)" + yText
        + R"(},{"x":3,"y":)" + yText + "}]}]}}";
    MetricChartCard widget(validCard(text));
    QValueAxis *axis = yAxis(widget.chart());
    QVERIFY(axis);
    QVERIFY2(axis->min() < axis->max(), qPrintable(QStringLiteral("%1..%2").arg(axis->min()).arg(axis->max())));
    QVERIFY(axis->min() <= y && y <= axis->max());
    // A single x value gets a range too.
    const QByteArray one = R"({"kind":"metric_chart","specVersion":1,"payload":{"series":[{"name":"One","points":[{"x":4,"y":2}]}]}})";
    MetricChartCard single(validCard(one));
    auto *x = qobject_cast<QValueAxis *>(xAxis(single.chart()));
    QVERIFY(x);
    QVERIFY(x->min() < 4 && 4 < x->max());
}

void TestMetricChart::axisTitles()
{
    const QByteArray extra = R"J("xLabel":"Day","yLabel":"Net flow (Cr)")J";
    for (const QList<QByteArray> &xs : {kNumbers, kDates, kCategories}) {
        MetricChartCard widget(validCard(chartText("line", {xs}, extra)));
        QCOMPARE(xAxis(widget.chart())->titleText(), QStringLiteral("Day"));
        QCOMPARE(yAxis(widget.chart())->titleText(), QStringLiteral("Net flow (Cr)"));
    }
    MetricChartCard bars(validCard(chartText("bar", {kCategories}, extra)));
    QCOMPARE(xAxis(bars.chart())->titleText(), QStringLiteral("Day"));
    QCOMPARE(yAxis(bars.chart())->titleText(), QStringLiteral("Net flow (Cr)"));
}

void TestMetricChart::accessibleDescription()
{
    MetricChartCard widget(validCard(chartText("line", {kNumbers, {"1", "2"}})));
    const QString description = widget.accessibleDescription();
    QVERIFY2(description.contains(QStringLiteral("S0: 4 points, from 0 to 9")), qPrintable(description));
    QVERIFY2(description.contains(QStringLiteral("S1: 2 points, from 1 to 4")), qPrintable(description));
}

void TestMetricChart::fixedHeight()
{
    MetricChartCard widget(validCard(chartText("line", {kNumbers}, R"("title":"A chart")")));
    const int narrow = widget.heightForWidth(300);
    const int wide = widget.heightForWidth(900);
    QVERIFY(wide >= MetricChartCard::kChartHeight);
    QCOMPARE(wide, narrow); // short title: no wrap, so the same height at both widths
}

void TestMetricChart::themeFollowsPalette()
{
    MetricChartCard widget(validCard(chartText("area", {kNumbers, kNumbers})));
    widget.setPalette(themePalette(ThemeMode::Light));
    QCOMPARE(widget.chart()->theme(), QChart::ChartThemeLight);
    QCOMPARE(widget.chart()->backgroundBrush().color(), themePalette(ThemeMode::Light).color(QPalette::Base));
    widget.setPalette(themePalette(ThemeMode::Dark));
    QCOMPARE(widget.chart()->theme(), QChart::ChartThemeDark);
    QCOMPARE(widget.chart()->backgroundBrush().color(), themePalette(ThemeMode::Dark).color(QPalette::Base));
    // Area fills stay translucent after a theme change.
    auto *area = qobject_cast<QAreaSeries *>(widget.chart()->series().first());
    QVERIFY(area);
    QVERIFY(area->color().alphaF() < 1.0);
}

void TestMetricChart::timeTicksFitWidth()
{
    QList<QByteArray> days;
    for (int d = 1; d <= 28; ++d)
        days.append(QByteArray(R"("2026-02-)") + (d < 10 ? "0" : "") + QByteArray::number(d) + "\"");
    MetricChartCard widget(validCard(chartText("line", {days})));
    auto labelCount = [&widget] {
        for (QAbstractAxis *axis : widget.chart()->axes(Qt::Horizontal)) {
            if (auto *category = qobject_cast<QCategoryAxis *>(axis))
                return int(category->count());
        }
        return -1;
    };
    widget.resize(300, widget.heightForWidth(300));
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const int narrow = labelCount();
    widget.resize(1200, widget.heightForWidth(1200));
    QTRY_VERIFY(widget.width() == 1200);
    const int wide = labelCount();
    QVERIFY2(narrow >= 2 && narrow < wide, qPrintable(QStringLiteral("narrow %1, wide %2").arg(narrow).arg(wide)));
}

void TestMetricChart::seriesKeepColoursAtEveryWidth_data()
{
    QTest::addColumn<QByteArray>("viz");
    QTest::addColumn<bool>("dates");
    QTest::newRow("line") << QByteArray("line") << false;
    QTest::newRow("line on dates") << QByteArray("line") << true;
    QTest::newRow("area") << QByteArray("area") << false;
    QTest::newRow("scatter") << QByteArray("scatter") << false;
    QTest::newRow("bar") << QByteArray("bar") << false;
}

namespace {

// Each series' colour as drawn, and each legend marker's, in series order.
QList<QColor> seriesColours(QChart *chart)
{
    QList<QColor> colours;
    for (QAbstractSeries *s : chart->series()) {
        if (auto *bars = qobject_cast<QBarSeries *>(s)) {
            for (QBarSet *set : bars->barSets())
                colours.append(set->color());
        } else if (auto *area = qobject_cast<QAreaSeries *>(s)) {
            colours.append(area->borderColor());
        } else if (auto *xy = qobject_cast<QXYSeries *>(s)) {
            colours.append(xy->color());
        }
    }
    return colours;
}

QList<QColor> legendColours(QChart *chart)
{
    QList<QColor> colours;
    for (QLegendMarker *marker : chart->legend()->markers()) {
        QColor c = marker->brush().color();
        c.setAlpha(255); // an area's marker shows its translucent fill
        colours.append(c);
    }
    return colours;
}

QList<QColor> opaque(QList<QColor> colours)
{
    for (QColor &c : colours)
        c.setAlpha(255);
    return colours;
}

} // namespace

void TestMetricChart::seriesKeepColoursAtEveryWidth()
{
    QFETCH(QByteArray, viz);
    QFETCH(bool, dates);
    const QList<QList<QByteArray>> xs(4, dates ? kDates : kNumbers);
    MetricChartCard card(validCard(chartText(viz, xs)));
    MetricChartCard *widget = &card;
    card.setPalette(themePalette(ThemeMode::Light));
    card.resize(320, card.heightForWidth(320));
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    const QList<QColor> narrow = seriesColours(widget->chart());
    const QList<QColor> narrowLegend = legendColours(widget->chart());
    QCOMPARE(narrow.size(), 4);
    QCOMPARE(QSet<QRgb>({narrow.at(0).rgb(), narrow.at(1).rgb(), narrow.at(2).rgb(), narrow.at(3).rgb()}).size(), 4);
    widget->resize(1200, widget->heightForWidth(1200));
    QTRY_COMPARE(widget->width(), 1200);
    QCoreApplication::processEvents();
    QCOMPARE(seriesColours(widget->chart()), narrow);
    QCOMPARE(legendColours(widget->chart()), narrowLegend);
    QCOMPARE(narrowLegend, opaque(narrow));
    // A palette change in the same theme (a font-size change re-polishes) must not compound the fills.
    card.setPalette(themePalette(ThemeMode::Dark));
    card.setPalette(themePalette(ThemeMode::Light));
    card.setFont(QFont(card.font().family(), card.font().pointSize() + 1));
    QCOMPARE(seriesColours(widget->chart()), narrow);
    // Released and rebuilt (the conversation view does that when a card scrolls far away): the same.
    MetricChartCard again(validCard(chartText(viz, xs)));
    again.setPalette(themePalette(ThemeMode::Light));
    again.resize(900, again.heightForWidth(900));
    QCOMPARE(opaque(seriesColours(again.chart())), opaque(narrow));
}

// Issue 13: valid values that drew "inf"/"nan" labels and no data (y = ±1e308), an empty plot (5e-324),
// or a blank plot with the card's border cut off (x = ±1e308).
void TestMetricChart::hostileValuesDrawReadably_data()
{
    QTest::addColumn<QByteArray>("text");
    for (const char *viz : {"line", "area", "scatter", "bar"})
        QTest::newRow(qPrintable(QStringLiteral("y +-1e308 %1").arg(viz))) << xyText(viz, {{"1", "1e308"}, {"2", "-1e308"}});
    QTest::newRow("y DBL_MAX line") << xyText("line", {{"1", "1.7976931348623157e308"}, {"2", "-1.7976931348623157e308"}});
    QTest::newRow("y 5e-324 line") << xyText("line", {{"1", "5e-324"}, {"2", "5e-324"}});
    QTest::newRow("y 5e-324 bar") << xyText("bar", {{"1", "5e-324"}, {"2", "5e-324"}});
    QTest::newRow("x +-1e308 line") << xyText("line", {{"-1e308", "1"}, {"1e308", "2"}});
    QTest::newRow("x +-1e308 scatter") << xyText("scatter", {{"-1e308", "1"}, {"1e308", "2"}});
}

// Finite, wide-enough axes with short labels, every point inside its axes, nothing cut off.
void verifyDrawnReadably(MetricChartCard &widget)
{
    widget.resize(640, widget.heightForWidth(640));
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QChart *chart = widget.chart();
    for (QAbstractAxis *axis : chart->axes()) {
        auto *value = qobject_cast<QValueAxis *>(axis);
        if (!value)
            continue;
        const QString range = QStringLiteral("%1..%2").arg(value->min()).arg(value->max());
        QVERIFY2(std::isfinite(value->min()) && std::isfinite(value->max()), qPrintable(range));
        QVERIFY2(value->min() < value->max() && std::isfinite(value->max() - value->min()), qPrintable(range));
        const QStringList labels = valueAxisLabels(value);
        QVERIFY(labels.size() >= 2);
        for (const QString &label : labels) {
            QVERIFY2(label.size() < 16, qPrintable(label));
            QVERIFY2(!label.contains(QLatin1String("inf"), Qt::CaseInsensitive)
                         && !label.contains(QLatin1String("nan"), Qt::CaseInsensitive), qPrintable(label));
        }
    }
    // The data is drawn: every point (or bar) is finite and inside the axes it is attached to.
    for (QAbstractSeries *series : chart->series()) {
        const QList<QAbstractAxis *> axes = series->attachedAxes();
        auto inside = [&axes](Qt::Orientation orientation, double v) {
            for (QAbstractAxis *axis : axes) {
                auto *value = qobject_cast<QValueAxis *>(axis);
                if (value && axis->orientation() == orientation && !(value->min() <= v && v <= value->max()))
                    return false;
            }
            return std::isfinite(v);
        };
        for (const QPointF &point : drawnPoints(series)) {
            QVERIFY2(inside(Qt::Horizontal, point.x()), qPrintable(QString::number(point.x())));
            QVERIFY2(inside(Qt::Vertical, point.y()), qPrintable(QString::number(point.y())));
        }
        if (auto *bars = qobject_cast<QBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets()) {
                for (int i = 0; i < set->count(); ++i)
                    QVERIFY2(inside(Qt::Vertical, set->at(i)), qPrintable(QString::number(set->at(i))));
            }
        }
    }
    // Nothing cut off: no margin made room for a label of hundreds of digits; the plot keeps its width.
    QVERIFY2(chart->margins().right() < 80, qPrintable(QString::number(chart->margins().right())));
    QVERIFY2(chart->plotArea().width() > 300, qPrintable(QString::number(chart->plotArea().width())));
}

void TestMetricChart::hostileValuesDrawReadably()
{
    QFETCH(QByteArray, text);
    MetricChartCard widget(validCard(text));
    verifyDrawnReadably(widget);
}

// The same cases as a transcript (tests/data/hostile-charts.jsonl, also for `tessera render`).
void TestMetricChart::hostileChartsFixture()
{
    QFile file(QStringLiteral(TESSERA_TEST_DATA "/hostile-charts.jsonl"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    int charts = 0;
    for (int lineNumber = 1; !file.atEnd(); ++lineNumber) {
        const Message message = parseTranscriptLine(file.readLine().trimmed(), lineNumber);
        for (const Card &card : message.cards) {
            if (card.kindName() != QLatin1String("metric_chart"))
                continue;
            QVERIFY2(card.isValid(), qPrintable(QString::number(lineNumber)));
            MetricChartCard widget(card);
            verifyDrawnReadably(widget);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("line %1").arg(lineNumber)));
            ++charts;
        }
    }
    QCOMPARE(charts, 5);
}

QTEST_MAIN(TestMetricChart)
#include "tst_metricchart.moc"
