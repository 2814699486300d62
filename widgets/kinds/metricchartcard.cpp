#include <widgets/kinds/metricchartcard.h>

#include <cmath>
#include <limits>

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QEvent>
#include <QResizeEvent>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QMap>
#include <QScatterSeries>
#include <QSet>
#include <QValueAxis>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/chartaxis.h>
#include <cards/jsonaccess.h>
#include <widgets/common/theme.h>

namespace Tessera {

using nlohmann::json;

namespace {

enum class Viz { Line, Bar, Area, Scatter };

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
constexpr int kDefaultTimeTicks = 6; // before the card knows its width
const QChar kZeroWidthSpace(0x200B);

Viz vizFromName(const QString &name)
{
    if (name == QLatin1String("bar"))
        return Viz::Bar;
    if (name == QLatin1String("area"))
        return Viz::Area;
    if (name == QLatin1String("scatter"))
        return Viz::Scatter;
    return Viz::Line;
}

QString vizWord(Viz viz)
{
    switch (viz) {
    case Viz::Bar:
        return MetricChartCard::tr("Bar chart");
    case Viz::Area:
        return MetricChartCard::tr("Area chart");
    case Viz::Scatter:
        return MetricChartCard::tr("Scatter chart");
    case Viz::Line:
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

QString utcText(qint64 msecs, const QString &format)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC).toString(format);
}

QString numberLabel(double v)
{
    return QString::number(v, 'g', 10);
}

struct Point
{
    double x = 0;     // value, msecs since epoch (UTC), or slot index
    double y = 0;
    QString xText;    // bars on numeric/time x: the label of this position
};

struct SeriesData
{
    QString name;
    QList<Point> points;
};

// Round UTC instants for a time span, at most maxTicks of them, with their labels.
struct TimeTicks
{
    QList<qint64> at;
    QStringList labels;
    bool showsTimeOfDay = false;
};

// minStep: kDay when every point is a plain date, so such data never gets time-of-day ticks.
TimeTicks utcTicks(qint64 min, qint64 max, int maxTicks, qint64 minStep)
{
    TimeTicks ticks;
    const qint64 span = qMax<qint64>(1, max - min);
    static const qint64 subDaySteps[] = {kSecond, 5 * kSecond, 15 * kSecond, 30 * kSecond, kMinute,
                                         5 * kMinute, 15 * kMinute, 30 * kMinute, kHour, 3 * kHour,
                                         6 * kHour, 12 * kHour, kDay, 2 * kDay, 7 * kDay, 14 * kDay};
    for (qint64 step : subDaySteps) {
        if (step < minStep || span / step > maxTicks)
            continue;
        qint64 t = min >= 0 ? ((min + step - 1) / step) * step : -((-min) / step) * step;
        if (step >= kDay) // whole days, stepping from the first midnight inside the range
            t = min >= 0 ? ((min + kDay - 1) / kDay) * kDay : -((-min) / kDay) * kDay;
        QString format;
        if (step >= kDay) {
            format = QStringLiteral("yyyy-MM-dd");
        } else {
            ticks.showsTimeOfDay = true;
            const bool crossesDays = QDateTime::fromMSecsSinceEpoch(min, Qt::UTC).date()
                != QDateTime::fromMSecsSinceEpoch(max, Qt::UTC).date();
            format = step < kMinute ? QStringLiteral("hh:mm:ss") : QStringLiteral("hh:mm");
            if (crossesDays)
                format.prepend(QStringLiteral("MM-dd "));
        }
        for (; t <= max; t += step) {
            ticks.at.append(t);
            ticks.labels.append(utcText(t, format));
        }
        return ticks;
    }
    // Months, then years.
    const QDate first = QDateTime::fromMSecsSinceEpoch(min, Qt::UTC).date();
    const QDate last = QDateTime::fromMSecsSinceEpoch(max, Qt::UTC).date();
    const int months = (last.year() - first.year()) * 12 + last.month() - first.month();
    static const int monthSteps[] = {1, 2, 3, 6, 12, 24, 60, 120, 240, 600, 1200, 2400, 6000, 12000};
    int step = monthSteps[std::size(monthSteps) - 1];
    for (int s : monthSteps) {
        if (months / s <= maxTicks) {
            step = s;
            break;
        }
    }
    const QString format = step >= 12 ? QStringLiteral("yyyy") : QStringLiteral("yyyy-MM");
    QDate d(first.year(), first.month(), 1);
    if (step >= 12)
        d = QDate(first.year(), 1, 1);
    auto msecsOf = [](QDate date) { return QDateTime(date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch(); };
    while (msecsOf(d) < min)
        d = d.addMonths(step >= 12 ? 12 : 1);
    if (step >= 12) { // years divisible by the step
        const int years = step / 12;
        while (d.year() % years != 0 && msecsOf(d) <= max)
            d = d.addYears(1);
    } else {
        while ((d.month() - 1) % step != 0 && msecsOf(d) <= max)
            d = d.addMonths(1);
    }
    for (int guard = 0; msecsOf(d) <= max && guard < 100; ++guard, d = d.addMonths(step)) {
        ticks.at.append(msecsOf(d));
        ticks.labels.append(utcText(msecsOf(d), format));
    }
    return ticks;
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

// Line and area points on a numeric or time axis are drawn in x order (a line never runs backwards).
void sortByX(QList<QPointF> &points)
{
    std::stable_sort(points.begin(), points.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
}

// A padded [min, max] that is never empty and never infinite.
std::pair<double, double> paddedRange(double min, double max, double fraction)
{
    if (!(min < max)) {
        const double pad = min == 0 ? 1 : std::abs(min) * 0.1;
        return {min - pad, max + pad};
    }
    const double pad = (max - min) * fraction;
    if (!std::isfinite(pad) || !std::isfinite(min - pad) || !std::isfinite(max + pad))
        return {min, max};
    return {min - pad, max + pad};
}

} // namespace

MetricChartCard::MetricChartCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    const json &payload = card.payload();
    Viz viz = vizFromName(jsonString(payload, "suggestedViz"));
    const QString xLabel = jsonString(payload, "xLabel");
    const QString yLabel = jsonString(payload, "yLabel");
    const ChartAxisKind axisKind = payload.is_object() ? inferChartAxisKind(payload) : ChartAxisKind::Category;

    // Points in x-axis units; anything unusable is skipped (validation has already refused it).
    QList<SeriesData> series;
    CategorySlots slotsOfCategory;
    if (axisKind == ChartAxisKind::Category)
        slotsOfCategory = categorySlots(payload);
    bool anyTimeOfDay = false;
    auto seriesIt = payload.is_object() ? payload.find("series") : payload.end();
    if (payload.is_object() && seriesIt != payload.end() && seriesIt->is_array()) {
        for (size_t s = 0; s < seriesIt->size() && s < 4; ++s) {
            const json &entry = (*seriesIt)[s];
            SeriesData data;
            data.name = jsonString(entry, "name");
            auto pointsIt = entry.is_object() ? entry.find("points") : entry.end();
            if (entry.is_object() && pointsIt != entry.end() && pointsIt->is_array()) {
                for (size_t p = 0; p < pointsIt->size(); ++p) {
                    const json &pt = (*pointsIt)[p];
                    if (!pt.is_object() || !pt.contains("x") || !pt.contains("y") || !pt["y"].is_number())
                        continue;
                    const json &x = pt["x"];
                    Point point;
                    point.y = pt["y"].get<double>();
                    if (!std::isfinite(point.y))
                        continue;
                    if (axisKind == ChartAxisKind::Numeric) {
                        if (!x.is_number())
                            continue;
                        point.x = x.get<double>();
                        point.xText = card.numberText(
                            QStringLiteral("/payload/series/%1/points/%2/x").arg(s).arg(p), x);
                    } else if (axisKind == ChartAxisKind::Time) {
                        const auto when = x.is_string() ? parseIsoDateTime(fromStdString(x.get_ref<const std::string &>()))
                                                        : std::nullopt;
                        if (!when || !when->isValid())
                            continue;
                        point.x = double(when->toMSecsSinceEpoch());
                        if (when->toUTC().time() != QTime(0, 0))
                            anyTimeOfDay = true;
                    } else {
                        if (s >= size_t(slotsOfCategory.slotOfPoint.size()) || p >= size_t(slotsOfCategory.slotOfPoint[s].size()))
                            continue;
                        point.x = slotsOfCategory.slotOfPoint[s][p];
                    }
                    if (!std::isfinite(point.x))
                        continue;
                    data.points.append(point);
                }
            }
            series.append(data);
        }
    }

    // Bars on a numeric or time x stand on the distinct positions as categories.
    QStringList barLabels;
    QMap<double, int> barSlotOfX;
    if (viz == Viz::Bar && axisKind != ChartAxisKind::Category) {
        QMap<double, QString> distinct;
        for (const SeriesData &data : std::as_const(series)) {
            for (const Point &point : data.points) {
                if (distinct.contains(point.x))
                    continue;
                if (axisKind == ChartAxisKind::Time)
                    distinct.insert(point.x, utcText(qint64(point.x), anyTimeOfDay ? QStringLiteral("yyyy-MM-dd hh:mm")
                                                                                   : QStringLiteral("yyyy-MM-dd")));
                else
                    distinct.insert(point.x, point.xText.isEmpty() ? numberLabel(point.x) : point.xText);
            }
        }
        if (distinct.size() > kMaxBarSlots) {
            viz = Viz::Line;
        } else {
            for (auto it = distinct.cbegin(); it != distinct.cend(); ++it) {
                barSlotOfX.insert(it.key(), int(barLabels.size()));
                barLabels.append(it.value());
            }
        }
    }

    m_chart = new QChart;
    m_chart->setBackgroundRoundness(0);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->setAnimationOptions(QChart::NoAnimation);

    // Y range over every finite y.
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = -std::numeric_limits<double>::infinity();
    double xMin = yMin;
    double xMax = yMax;
    for (const SeriesData &data : std::as_const(series)) {
        for (const Point &point : data.points) {
            yMin = qMin(yMin, point.y);
            yMax = qMax(yMax, point.y);
            xMin = qMin(xMin, point.x);
            xMax = qMax(xMax, point.x);
        }
    }
    const bool anyPoint = yMin <= yMax;
    if (!anyPoint) {
        yMin = xMin = 0;
        yMax = xMax = 1;
    }

    auto *yAxis = new QValueAxis;
    yAxis->setTitleText(yLabel);
    QList<QAbstractAxis *> xAxes; // the first is the series' x axis
    QString overhangLabel;        // a tick label that may stick out past the plot's right edge
    QList<QAbstractSeries *> chartSeries;

    if (viz == Viz::Bar) {
        const bool categories = axisKind == ChartAxisKind::Category;
        const QStringList labels = categories ? slotsOfCategory.labels : barLabels;
        auto *bars = new QBarSeries;
        for (const SeriesData &data : std::as_const(series)) {
            auto *set = new QBarSet(data.name);
            QList<qreal> values(labels.size(), 0.0);
            for (const Point &point : data.points) {
                const int slot = categories ? int(point.x) : barSlotOfX.value(point.x, -1);
                if (slot >= 0 && slot < values.size())
                    values[slot] = point.y;
            }
            set->append(values);
            bars->append(set);
        }
        auto *xAxis = new QBarCategoryAxis;
        xAxis->append(uniqueLabels(labels));
        xAxes.append(xAxis);
        chartSeries.append(bars);
        yMin = qMin(yMin, 0.0);
        yMax = qMax(yMax, 0.0);
    } else {
        for (const SeriesData &data : std::as_const(series)) {
            QList<QPointF> points;
            points.reserve(data.points.size());
            for (const Point &point : data.points)
                points.append(QPointF(point.x, point.y));
            if (viz != Viz::Scatter && axisKind != ChartAxisKind::Category)
                sortByX(points);
            if (viz == Viz::Scatter) {
                auto *scatter = new QScatterSeries;
                scatter->setName(data.name);
                scatter->setMarkerSize(9);
                scatter->append(points);
                chartSeries.append(scatter);
            } else if (viz == Viz::Area) {
                auto *area = new QAreaSeries;
                auto *upper = new QLineSeries(area); // Owned by the area series.
                upper->append(points);
                area->setUpperSeries(upper);
                area->setName(data.name);
                chartSeries.append(area);
            } else {
                auto *line = new QLineSeries;
                line->setName(data.name);
                line->append(points);
                line->setPointsVisible(points.size() <= 40);
                chartSeries.append(line);
            }
        }
        if (viz == Viz::Area) {
            yMin = qMin(yMin, 0.0);
            yMax = qMax(yMax, 0.0);
            m_translucentSeries = true;
        }
        const double xPad = viz == Viz::Scatter ? 0.04 : 0.0;
        if (axisKind == ChartAxisKind::Numeric) {
            auto *xAxis = new QValueAxis;
            const auto [lo, hi] = paddedRange(xMin, xMax, xPad);
            xAxis->setRange(lo, hi);
            xAxis->applyNiceNumbers();
            xAxis->setLabelFormat(labelFormatFor(xAxis));
            xAxes.append(xAxis);
            overhangLabel = QString::asprintf(qPrintable(xAxis->labelFormat()), xAxis->max());
        } else if (axisKind == ChartAxisKind::Time) {
            qint64 lo = qint64(xMin);
            qint64 hi = qint64(xMax);
            if (lo == hi) {
                lo -= kDay / 2;
                hi += kDay / 2;
            } else if (xPad > 0) {
                const qint64 pad = qint64((hi - lo) * xPad);
                lo -= pad;
                hi += pad;
            }
            m_timeMinStep = anyTimeOfDay ? 0 : kDay;
            const TimeTicks ticks = utcTicks(lo, hi, kDefaultTimeTicks, m_timeMinStep);
            auto *timeAxis = new QDateTimeAxis;
            timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(lo, Qt::UTC), QDateTime::fromMSecsSinceEpoch(hi, Qt::UTC));
            timeAxis->setFormat(ticks.showsTimeOfDay ? QStringLiteral("yyyy-MM-dd hh:mm") : QStringLiteral("yyyy-MM-dd"));
            timeAxis->setVisible(false); // labels local time only; the category axis below shows UTC
            xAxes.append(timeAxis);
            m_utcAxis = new QCategoryAxis;
            m_utcAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            m_timeMin = lo;
            m_timeMax = hi;
            m_xLabel = xLabel;
            updateTimeTicks(kDefaultTimeTicks);
            if (!m_utcAxis->categoriesLabels().isEmpty())
                overhangLabel = m_utcAxis->categoriesLabels().last();
            xAxes.append(m_utcAxis);
        } else {
            auto *xAxis = new QBarCategoryAxis;
            xAxis->append(uniqueLabels(slotsOfCategory.labels));
            xAxes.append(xAxis);
        }
    }
    if (!xAxes.isEmpty())
        xAxes.first()->setTitleText(xLabel);

    const bool zeroBased = viz == Viz::Bar || viz == Viz::Area;
    auto [lo, hi] = paddedRange(yMin, yMax, 0.05);
    // Padding never crosses zero (no "-200" under prices that are all positive).
    if (yMin >= 0 && lo < 0 && (zeroBased || yMin < yMax))
        lo = 0;
    if (yMax <= 0 && yMin < 0 && hi > 0)
        hi = 0;
    yAxis->setRange(lo, hi);
    yAxis->applyNiceNumbers();
    if (!(yAxis->min() < yAxis->max()))
        yAxis->setRange(lo, hi);
    yAxis->setLabelFormat(labelFormatFor(yAxis));
    // Room on the right for half of the last x label, which is centred on the plot's edge.
    const int overhang = overhangLabel.isEmpty() ? 0 : fontMetrics().horizontalAdvance(overhangLabel) / 2;
    m_chart->setMargins(QMargins(2, 2, qMax(6, overhang), 2));

    for (QAbstractSeries *s : std::as_const(chartSeries))
        m_chart->addSeries(s);
    for (QAbstractAxis *axis : std::as_const(xAxes)) {
        m_chart->addAxis(axis, Qt::AlignBottom);
        for (QAbstractSeries *s : std::as_const(chartSeries))
            s->attachAxis(axis);
    }
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    for (QAbstractSeries *s : std::as_const(chartSeries))
        s->attachAxis(yAxis);
    // Attaching can widen an axis to its series' domain; put the intended ranges back.
    yAxis->setRange(yAxis->min(), yAxis->max());

    m_chart->legend()->setVisible(series.size() > 1);
    m_chart->legend()->setAlignment(Qt::AlignBottom);

    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("metricChartView"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setFixedHeight(kChartHeight);
    m_view->setMinimumWidth(160);
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_view->setFocusPolicy(Qt::NoFocus);
    bodyLayout()->addWidget(m_view);

    // Text alternative: kind of chart, then each series with its point count and y range.
    QStringList summary;
    summary.append(tr("%1, %n series", nullptr, int(series.size())).arg(vizWord(viz)));
    for (const SeriesData &data : std::as_const(series)) {
        if (data.points.isEmpty()) {
            summary.append(tr("%1: no points").arg(data.name));
            continue;
        }
        double lo = data.points.first().y;
        double hi = lo;
        for (const Point &point : data.points) {
            lo = qMin(lo, point.y);
            hi = qMax(hi, point.y);
        }
        summary.append(tr("%1: %n points, from %2 to %3", nullptr, int(data.points.size()))
                           .arg(data.name, numberLabel(lo), numberLabel(hi)));
    }
    const QString description = summary.join(QLatin1String("; "));
    setAccessibleDescription(description);
    m_view->setAccessibleName(accessibleName());
    m_view->setAccessibleDescription(description);

    applyPalette();
}

void MetricChartCard::updateTimeTicks(int maxTicks)
{
    if (!m_utcAxis || maxTicks == m_timeTickLimit)
        return;
    m_timeTickLimit = maxTicks;
    const TimeTicks ticks = utcTicks(m_timeMin, m_timeMax, maxTicks, m_timeMinStep);
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
    m_chart->setTheme(isDarkPalette(pal) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
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
    if (m_translucentSeries) {
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
