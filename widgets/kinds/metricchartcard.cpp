#include <widgets/kinds/metricchartcard.h>

#include <cmath>

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QSet>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cards/card.h>
#include <cards/chartdata.h>
#include <widgets/common/theme.h>

namespace Tessera {

static_assert(MetricChartCard::kMaxBarSlots == ChartData::kMaxBarSlots, "the header promises the data's limit");

namespace {

constexpr int kDefaultTimeTicks = 6; // before the card knows its width
constexpr int kMaxPointMarkers = 40; // more points on a line: markers would hide it
constexpr int kValueTicks = 5;       // Qt's default tick count, for axes that draw chartValueTicks()
const QChar kZeroWidthSpace(0x200B);

QString vizWord(ChartViz viz)
{
    switch (viz) {
    case ChartViz::Bar:
        return MetricChartCard::tr("Bar chart");
    case ChartViz::Area:
        return MetricChartCard::tr("Area chart");
    case ChartViz::Scatter:
        return MetricChartCard::tr("Scatter chart");
    case ChartViz::Line:
        break;
    }
    return MetricChartCard::tr("Line chart");
}

// QBarCategoryAxis refuses repeated (and null) labels: make each occurrence distinct but invisible.
QStringList uniqueLabels(const QStringList &labels)
{
    QSet<QString> used;
    QStringList out;
    out.reserve(labels.size());
    for (QString label : labels) {
        if (label.isEmpty())
            label = kZeroWidthSpace;
        while (used.contains(label))
            label += kZeroWidthSpace;
        used.insert(label);
        out.append(label);
    }
    return out;
}

QString numberLabel(double v)
{
    return QString::number(v, 'g', 10);
}

// printf format for a value axis after applyNiceNumbers: as many decimals as the tick step needs.
QString labelFormatFor(const QValueAxis *axis)
{
    const int ticks = qMax(2, axis->tickCount());
    const double step = (axis->max() - axis->min()) / (ticks - 1);
    int decimals = 0;
    if (step > 0 && std::isfinite(step))
        decimals = qBound(0, int(-std::floor(std::log10(step) + 1e-9)), 6);
    return QStringLiteral("%.%1f").arg(decimals);
}

// Values in drawing units: divided by each axis' unit (1 unless chartValueTicks() says otherwise).
struct DrawingUnits
{
    double x = 1;
    double y = 1;
};

QAbstractSeries *barSeries(const ChartData &data, double yUnit)
{
    auto *bars = new QBarSeries;
    for (const ChartSeries &one : data.series) {
        auto *set = new QBarSet(one.name);
        for (double value : one.barValues)
            set->append(value / yUnit);
        bars->append(set);
    }
    return bars;
}

QAbstractSeries *xySeries(const ChartSeries &one, ChartViz viz, DrawingUnits units)
{
    QList<QPointF> points;
    points.reserve(one.points.size());
    for (const ChartPoint &point : one.points)
        points.append(QPointF(point.x / units.x, point.y / units.y));
    if (viz == ChartViz::Scatter) {
        auto *scatter = new QScatterSeries;
        scatter->setName(one.name);
        scatter->setMarkerSize(9);
        scatter->append(points);
        return scatter;
    }
    if (viz == ChartViz::Area) {
        auto *area = new QAreaSeries;
        auto *upper = new QLineSeries(area); // Owned by the area series.
        upper->append(points);
        area->setUpperSeries(upper);
        area->setName(one.name);
        return area;
    }
    auto *line = new QLineSeries;
    line->setName(one.name);
    line->append(points);
    line->setPointsVisible(points.size() <= kMaxPointMarkers);
    return line;
}

QList<QAbstractSeries *> chartSeries(const ChartData &data, DrawingUnits units)
{
    if (data.viz == ChartViz::Bar)
        return {barSeries(data, units.y)};
    QList<QAbstractSeries *> all;
    for (const ChartSeries &one : data.series)
        all.append(xySeries(one, data.viz, units));
    return all;
}

enum class Collapse { Keep, UseIntended };

// The intended range rounded to nice numbers. Rounding can collapse a range of huge numbers (Qt rounds
// through int); the y axis then keeps the intended range, as it always did.
QValueAxis *plainAxis(const ChartRange &range, Collapse collapse)
{
    auto *axis = new QValueAxis;
    axis->setRange(range.min, range.max);
    axis->applyNiceNumbers();
    if (collapse == Collapse::UseIntended && !(axis->min() < axis->max()))
        axis->setRange(range.min, range.max);
    axis->setLabelFormat(labelFormatFor(axis));
    return axis;
}

// Where printf labels would read as "inf", "nan" or hundreds of digits (issue 13): our own ticks and
// labels on a QCategoryAxis (a QValueAxis), over the intended range in units of ticks.unit.
QValueAxis *labelledAxis(const ChartRange &range, double *unit)
{
    const ChartValueTicks ticks = chartValueTicks(range, kValueTicks);
    *unit = ticks.unit;
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setStartValue(range.min / ticks.unit);
    for (qsizetype i = 0; i < ticks.at.size(); ++i)
        axis->append(ticks.labels.at(i), ticks.at.at(i) / ticks.unit);
    axis->setRange(range.min / ticks.unit, range.max / ticks.unit);
    return axis;
}

QValueAxis *numberAxis(const ChartRange &range, Collapse collapse, double *unit)
{
    *unit = 1;
    return chartRangeIsPlain(range) ? plainAxis(range, collapse) : labelledAxis(range, unit);
}

// Text alternative: kind of chart, then each series with its point count and y range.
QString describe(const ChartData &data)
{
    QStringList summary;
    summary.append(MetricChartCard::tr("%1, %n series", nullptr, int(data.series.size())).arg(vizWord(data.viz)));
    for (const ChartSeries &one : data.series) {
        if (one.points.isEmpty()) {
            summary.append(MetricChartCard::tr("%1: no points").arg(one.name));
            continue;
        }
        summary.append(MetricChartCard::tr("%1: %n points, from %2 to %3", nullptr, int(one.points.size()))
                           .arg(one.name, numberLabel(one.yMin), numberLabel(one.yMax)));
    }
    return summary.join(QLatin1String("; "));
}

} // namespace

QValueAxis *createChartValueAxis(const ChartRange &range, double *unit)
{
    return numberAxis(range, Collapse::UseIntended, unit);
}

MetricChartCard::MetricChartCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    const ChartData chartData = ChartData::fromCard(card);
    m_translucentSeries = chartData.viz == ChartViz::Area;
    m_chart = new QChart;
    m_chart->setBackgroundRoundness(0);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->setAnimationOptions(QChart::NoAnimation);

    QString overhangLabel; // a tick label that may stick out past the plot's right edge
    DrawingUnits units;
    const QList<QAbstractAxis *> xAxes = createXAxes(chartData, &overhangLabel, &units.x);
    QValueAxis *yAxis = numberAxis(chartData.yRange, Collapse::UseIntended, &units.y);
    yAxis->setTitleText(chartData.yLabel);
    // Room on the right for half of the last x label, which is centred on the plot's edge.
    const int overhang = overhangLabel.isEmpty() ? 0 : fontMetrics().horizontalAdvance(overhangLabel) / 2;
    m_chart->setMargins(QMargins(2, 2, qMax(6, overhang), 2));
    addToChart(chartSeries(chartData, units), xAxes, yAxis);
    m_chart->legend()->setVisible(chartData.series.size() > 1);
    m_chart->legend()->setAlignment(Qt::AlignBottom);

    createView();
    const QString description = describe(chartData);
    setAccessibleDescription(description);
    m_view->setAccessibleName(accessibleName());
    m_view->setAccessibleDescription(description);

    applyPalette();
}

// The series' x axis comes first; a time chart adds the visible UTC label axis after it.
QList<QAbstractAxis *> MetricChartCard::createXAxes(const ChartData &chartData, QString *overhangLabel, double *xUnit)
{
    QList<QAbstractAxis *> axes;
    if (chartData.viz == ChartViz::Bar || chartData.xKind == ChartAxisKind::Category) {
        auto *axis = new QBarCategoryAxis;
        axis->append(uniqueLabels(chartData.xCategories));
        axes.append(axis);
    } else if (chartData.xKind == ChartAxisKind::Numeric) {
        QValueAxis *axis = numberAxis(chartData.xRange, Collapse::Keep, xUnit);
        if (auto *labelled = qobject_cast<QCategoryAxis *>(axis))
            *overhangLabel = labelled->categoriesLabels().value(labelled->count() - 1);
        else
            *overhangLabel = QString::asprintf(qPrintable(axis->labelFormat()), axis->max());
        axes.append(axis);
    } else {
        axes = createTimeAxes(chartData, overhangLabel);
    }
    axes.first()->setTitleText(chartData.xLabel);
    return axes;
}

QList<QAbstractAxis *> MetricChartCard::createTimeAxes(const ChartData &chartData, QString *overhangLabel)
{
    m_timeMin = qint64(chartData.xRange.min);
    m_timeMax = qint64(chartData.xRange.max);
    m_timeMinStep = chartData.timeOfDay ? 0 : kChartDayMsecs;
    m_xLabel = chartData.xLabel;
    const ChartTimeTicks ticks = chartTimeTicks(m_timeMin, m_timeMax, kDefaultTimeTicks, m_timeMinStep);
    auto *timeAxis = new QDateTimeAxis;
    timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(m_timeMin, Qt::UTC), QDateTime::fromMSecsSinceEpoch(m_timeMax, Qt::UTC));
    timeAxis->setFormat(ticks.showsTimeOfDay ? QStringLiteral("yyyy-MM-dd hh:mm") : QStringLiteral("yyyy-MM-dd"));
    timeAxis->setVisible(false); // labels local time only; the category axis below shows UTC
    m_utcAxis = new QCategoryAxis;
    m_utcAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    updateTimeTicks(kDefaultTimeTicks);
    if (!m_utcAxis->categoriesLabels().isEmpty())
        *overhangLabel = m_utcAxis->categoriesLabels().last();
    return {timeAxis, m_utcAxis};
}

void MetricChartCard::addToChart(const QList<QAbstractSeries *> &series, const QList<QAbstractAxis *> &xAxes,
                                 QValueAxis *yAxis)
{
    for (QAbstractSeries *s : series)
        m_chart->addSeries(s);
    for (QAbstractAxis *axis : xAxes) {
        m_chart->addAxis(axis, Qt::AlignBottom);
        for (QAbstractSeries *s : series)
            s->attachAxis(axis);
    }
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    for (QAbstractSeries *s : series)
        s->attachAxis(yAxis);
    // Attaching can widen an axis to its series' domain; put the intended ranges back.
    yAxis->setRange(yAxis->min(), yAxis->max());
}

void MetricChartCard::createView()
{
    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("metricChartView"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setFixedHeight(kChartHeight);
    m_view->setMinimumWidth(160);
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_view->setFocusPolicy(Qt::NoFocus);
    bodyLayout()->addWidget(m_view);
}

void MetricChartCard::updateTimeTicks(int maxTicks)
{
    if (!m_utcAxis || maxTicks == m_timeTickLimit)
        return;
    m_timeTickLimit = maxTicks;
    const ChartTimeTicks ticks = chartTimeTicks(m_timeMin, m_timeMax, maxTicks, m_timeMinStep);
    const QStringList old = m_utcAxis->categoriesLabels();
    for (const QString &label : old)
        m_utcAxis->remove(label);
    m_utcAxis->setStartValue(double(m_timeMin) - 1);
    for (int i = 0; i < ticks.at.size(); ++i)
        m_utcAxis->append(ticks.labels.at(i), double(ticks.at.at(i)));
    m_utcAxis->setRange(double(m_timeMin), double(m_timeMax));
    m_utcAxis->setTitleText(ticks.showsTimeOfDay ? (m_xLabel.isEmpty() ? tr("UTC") : m_xLabel + tr(" (UTC)"))
                                                 : m_xLabel);
}

void MetricChartCard::resizeEvent(QResizeEvent *event)
{
    CardFrame::resizeEvent(event);
    if (!m_utcAxis)
        return;
    // As many UTC ticks as fit: the plot is the view less the y axis, each label needs its width and a gap.
    QFont labels = font();
    labels.setPointSizeF(labels.pointSizeF() * 0.85);
    const int labelWidth = QFontMetrics(labels).horizontalAdvance(QStringLiteral("0000-00-00")) + 24;
    const QMargins margins = layout()->contentsMargins();
    const int plotWidth = event->size().width() - margins.left() - margins.right() - 90;
    updateTimeTicks(qBound(2, plotWidth / qMax(1, labelWidth), 10));
}

void MetricChartCard::applyPalette()
{
    const QPalette pal = palette();
    const QChart::ChartTheme theme = isDarkPalette(pal) ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    m_chart->setTheme(theme); // the same theme again changes nothing, series colours included
    m_chart->setBackgroundBrush(pal.color(QPalette::Base));
    m_chart->setBackgroundPen(Qt::NoPen);
    m_chart->setPlotAreaBackgroundVisible(false);
    m_view->setBackgroundBrush(pal.color(QPalette::Base));
    QFont labels = font();
    labels.setPointSizeF(labels.pointSizeF() * 0.85);
    QFont titles = font();
    titles.setPointSizeF(titles.pointSizeF() * 0.9);
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsFont(labels);
        axis->setTitleFont(titles);
        axis->setLabelsColor(pal.color(QPalette::Text));
        axis->setTitleBrush(pal.color(QPalette::Text));
    }
    m_chart->legend()->setFont(labels);
    m_chart->legend()->setLabelColor(pal.color(QPalette::Text));
    // Area fills are made translucent once per theme: styling an already translucent fill again (every
    // palette change, e.g. a font size or a re-polish) made the border translucent too, so a series
    // changed colour depending on how often the card had been laid out (issue 18).
    if (m_translucentSeries && m_styledTheme != int(theme)) {
        m_styledTheme = int(theme);
        const QList<QAbstractSeries *> all = m_chart->series();
        for (QAbstractSeries *s : all) {
            if (auto *area = qobject_cast<QAreaSeries *>(s))
                styleTranslucentArea(area);
        }
    }
}

void MetricChartCard::changeEvent(QEvent *event)
{
    CardFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_chart)
        applyPalette();
}

} // namespace Tessera
