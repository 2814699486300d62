#include <cards/chartdata.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>

#include <QMap>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>

namespace Tessera {

using nlohmann::json;

namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = kChartDayMsecs;
constexpr double kScatterXPad = 0.04; // scatter markers at the ends stay inside the plot
constexpr double kYPad = 0.05;

ChartViz vizFromName(const QString &name)
{
    if (name == QLatin1String("bar"))
        return ChartViz::Bar;
    if (name == QLatin1String("area"))
        return ChartViz::Area;
    if (name == QLatin1String("scatter"))
        return ChartViz::Scatter;
    return ChartViz::Line;
}

QString utcText(qint64 msecs, const QString &format)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC).toString(format);
}

qint64 utcMsecsOf(QDate date)
{
    return QDateTime(date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
}

// Rounds msecs up to a multiple of step (towards zero for negative instants, as the axis always did).
qint64 firstMultiple(qint64 msecs, qint64 step)
{
    return msecs >= 0 ? ((msecs + step - 1) / step) * step : -((-msecs) / step) * step;
}

// Reads the points of one payload into ChartData, in x-axis units.
class PointReader
{
public:
    // payload: card.payload(), read once (Card::payload() returns a copy).
    PointReader(const Card &card, const json &payload, ChartData *data)
        : m_card(card)
        , m_payload(payload)
        , m_data(data)
    {
        if (data->xKind == ChartAxisKind::Category)
            m_slots = categorySlots(payload);
    }

    void readAll()
    {
        const json &series = jsonMember(m_payload, "series");
        if (!series.is_array())
            return;
        for (size_t s = 0; s < series.size() && s < size_t(ChartData::kMaxSeries); ++s)
            m_data->series.append(readSeries(series[s], s));
        if (m_data->xKind == ChartAxisKind::Category)
            m_data->xCategories = m_slots.labels;
    }

    // Numeric x: the source digits of the first point at each x (a bar slot's label).
    const QMap<double, QString> &numberTexts() const { return m_numberTexts; }

private:
    ChartSeries readSeries(const json &entry, size_t s)
    {
        ChartSeries one;
        one.name = jsonString(entry, "name");
        const json &points = jsonMember(entry, "points");
        if (!points.is_array())
            return one;
        for (size_t p = 0; p < points.size(); ++p) {
            if (const std::optional<ChartPoint> point = readPoint(points[p], s, p))
                one.points.append(*point);
        }
        return one;
    }

    std::optional<ChartPoint> readPoint(const json &point, size_t s, size_t p)
    {
        const json &y = jsonMember(point, "y");
        if (!point.contains("x") || !y.is_number())
            return std::nullopt;
        ChartPoint out;
        out.y = y.get<double>();
        if (!std::isfinite(out.y))
            return std::nullopt;
        const std::optional<double> x = readX(point["x"], s, p);
        if (!x || !std::isfinite(*x))
            return std::nullopt;
        out.x = *x;
        return out;
    }

    std::optional<double> readX(const json &x, size_t s, size_t p)
    {
        switch (m_data->xKind) {
        case ChartAxisKind::Numeric:
            return readNumber(x, s, p);
        case ChartAxisKind::Time:
            return readTime(x);
        case ChartAxisKind::Category:
            break;
        }
        if (s >= size_t(m_slots.slotOfPoint.size()) || p >= size_t(m_slots.slotOfPoint[s].size()))
            return std::nullopt;
        return double(m_slots.slotOfPoint[s][p]);
    }

    std::optional<double> readNumber(const json &x, size_t s, size_t p)
    {
        if (!x.is_number())
            return std::nullopt;
        const double value = x.get<double>();
        if (!m_numberTexts.contains(value))
            m_numberTexts.insert(value, m_card.numberText(
                QStringLiteral("/payload/series/%1/points/%2/x").arg(s).arg(p), x));
        return value;
    }

    std::optional<double> readTime(const json &x)
    {
        const auto when = x.is_string() ? parseIsoDateTime(fromStdString(x.get_ref<const std::string &>()))
                                        : std::nullopt;
        if (!when || !when->isValid())
            return std::nullopt;
        if (when->toUTC().time() != QTime(0, 0))
            m_data->timeOfDay = true;
        return double(when->toMSecsSinceEpoch());
    }

    const Card &m_card;
    const json &m_payload;
    ChartData *m_data; // Not owned.
    CategorySlots m_slots;
    QMap<double, QString> m_numberTexts;
};

QString numberLabel(double v)
{
    return QString::number(v, 'g', 10);
}

// Bars on a numeric or time x: the distinct positions in ascending order, each with its label.
QMap<double, QString> barPositions(const ChartData &data, const QMap<double, QString> &numberTexts)
{
    const QString dateFormat = data.timeOfDay ? QStringLiteral("yyyy-MM-dd hh:mm") : QStringLiteral("yyyy-MM-dd");
    QMap<double, QString> distinct;
    for (const ChartSeries &one : data.series) {
        for (const ChartPoint &point : one.points) {
            if (distinct.contains(point.x))
                continue;
            if (data.xKind == ChartAxisKind::Time)
                distinct.insert(point.x, utcText(qint64(point.x), dateFormat));
            else if (const QString digits = numberTexts.value(point.x); !digits.isEmpty())
                distinct.insert(point.x, digits);
            else
                distinct.insert(point.x, numberLabel(point.x));
        }
    }
    return distinct;
}

// One height per slot for every series; slotOf maps a point to its slot (-1: none).
template<typename SlotOf>
void fillBarValues(ChartData &data, SlotOf &&slotOf)
{
    for (ChartSeries &one : data.series) {
        one.barValues = QList<double>(data.xCategories.size(), 0.0);
        for (const ChartPoint &point : std::as_const(one.points)) {
            const int slot = slotOf(point);
            if (slot >= 0 && slot < one.barValues.size())
                one.barValues[slot] = point.y;
        }
    }
}

void layOutBars(ChartData &data, const QMap<double, QString> &numberTexts)
{
    if (data.xKind == ChartAxisKind::Category) {
        fillBarValues(data, [](const ChartPoint &point) { return int(point.x); });
        return;
    }
    const QMap<double, QString> distinct = barPositions(data, numberTexts);
    if (distinct.size() > ChartData::kMaxBarSlots) { // the bars would be slivers
        data.viz = ChartViz::Line;
        return;
    }
    QMap<double, int> slotOfX;
    for (auto it = distinct.cbegin(); it != distinct.cend(); ++it) {
        slotOfX.insert(it.key(), int(data.xCategories.size()));
        data.xCategories.append(it.value());
    }
    fillBarValues(data, [&slotOfX](const ChartPoint &point) { return slotOfX.value(point.x, -1); });
}

void sortLinesByX(ChartData &data)
{
    if ((data.viz != ChartViz::Line && data.viz != ChartViz::Area) || data.xKind == ChartAxisKind::Category)
        return;
    for (ChartSeries &one : data.series) {
        std::stable_sort(one.points.begin(), one.points.end(),
                         [](const ChartPoint &a, const ChartPoint &b) { return a.x < b.x; });
    }
}

void setSeriesExtents(ChartData &data)
{
    for (ChartSeries &one : data.series) {
        if (one.points.isEmpty())
            continue;
        one.yMin = one.yMax = one.points.first().y;
        for (const ChartPoint &point : std::as_const(one.points)) {
            one.yMin = std::min(one.yMin, point.y);
            one.yMax = std::max(one.yMax, point.y);
        }
    }
}

// A padded [min, max] that is never empty and never infinite.
ChartRange paddedRange(double min, double max, double fraction)
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

ChartRange yRangeOf(double yMin, double yMax, bool zeroBased)
{
    ChartRange range = paddedRange(yMin, yMax, kYPad);
    // Padding never crosses zero (no "-200" under prices that are all positive).
    if (yMin >= 0 && range.min < 0 && (zeroBased || yMin < yMax))
        range.min = 0;
    if (yMax <= 0 && yMin < 0 && range.max > 0)
        range.max = 0;
    return range;
}

ChartRange timeRangeOf(double xMin, double xMax, double fraction)
{
    qint64 lo = qint64(xMin);
    qint64 hi = qint64(xMax);
    if (lo == hi) {
        lo -= kDay / 2;
        hi += kDay / 2;
    } else if (fraction > 0) {
        const qint64 pad = qint64((hi - lo) * fraction);
        lo -= pad;
        hi += pad;
    }
    return {double(lo), double(hi)};
}

void setRanges(ChartData &data)
{
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = -yMin;
    double xMin = yMin;
    double xMax = yMax;
    for (const ChartSeries &one : std::as_const(data.series)) {
        for (const ChartPoint &point : one.points) {
            yMin = std::min(yMin, point.y);
            yMax = std::max(yMax, point.y);
            xMin = std::min(xMin, point.x);
            xMax = std::max(xMax, point.x);
        }
    }
    if (!data.anyPoint()) {
        yMin = xMin = 0;
        yMax = xMax = 1;
    }
    const bool zeroBased = data.viz == ChartViz::Bar || data.viz == ChartViz::Area;
    if (zeroBased) {
        yMin = std::min(yMin, 0.0);
        yMax = std::max(yMax, 0.0);
    }
    data.yRange = yRangeOf(yMin, yMax, zeroBased);
    const double xPad = data.viz == ChartViz::Scatter ? kScatterXPad : 0.0;
    if (data.xKind == ChartAxisKind::Numeric)
        data.xRange = paddedRange(xMin, xMax, xPad);
    else if (data.xKind == ChartAxisKind::Time)
        data.xRange = timeRangeOf(xMin, xMax, xPad);
}

// Steps under a month: the first that gives at most maxTicks ticks; false when none does.
bool subMonthTicks(qint64 min, qint64 max, int maxTicks, qint64 minStep, ChartTimeTicks *ticks)
{
    static const qint64 steps[] = {kSecond, 5 * kSecond, 15 * kSecond, 30 * kSecond, kMinute,
                                   5 * kMinute, 15 * kMinute, 30 * kMinute, kHour, 3 * kHour,
                                   6 * kHour, 12 * kHour, kDay, 2 * kDay, 7 * kDay, 14 * kDay};
    const qint64 span = std::max<qint64>(1, max - min);
    for (qint64 step : steps) {
        if (step < minStep || span / step > maxTicks)
            continue;
        // Whole days step from the first midnight inside the range.
        qint64 t = firstMultiple(min, step >= kDay ? kDay : step);
        QString format;
        if (step >= kDay) {
            format = QStringLiteral("yyyy-MM-dd");
        } else {
            ticks->showsTimeOfDay = true;
            const bool crossesDays = QDateTime::fromMSecsSinceEpoch(min, Qt::UTC).date()
                != QDateTime::fromMSecsSinceEpoch(max, Qt::UTC).date();
            format = step < kMinute ? QStringLiteral("hh:mm:ss") : QStringLiteral("hh:mm");
            if (crossesDays)
                format.prepend(QStringLiteral("MM-dd "));
        }
        for (; t <= max; t += step) {
            ticks->at.append(t);
            ticks->labels.append(utcText(t, format));
        }
        return true;
    }
    return false;
}

// Months, then years: the first of a month (or of a year divisible by the step in years).
void monthTicks(qint64 min, qint64 max, int maxTicks, ChartTimeTicks *ticks)
{
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
    const bool years = step >= 12;
    const QString format = years ? QStringLiteral("yyyy") : QStringLiteral("yyyy-MM");
    QDate d = years ? QDate(first.year(), 1, 1) : QDate(first.year(), first.month(), 1);
    while (utcMsecsOf(d) < min)
        d = d.addMonths(years ? 12 : 1);
    if (years) {
        while (d.year() % (step / 12) != 0 && utcMsecsOf(d) <= max)
            d = d.addYears(1);
    } else {
        while ((d.month() - 1) % step != 0 && utcMsecsOf(d) <= max)
            d = d.addMonths(1);
    }
    for (int guard = 0; utcMsecsOf(d) <= max && guard < 100; ++guard, d = d.addMonths(step)) {
        ticks->at.append(utcMsecsOf(d));
        ticks->labels.append(utcText(utcMsecsOf(d), format));
    }
}

} // namespace

bool ChartData::anyPoint() const
{
    return std::any_of(series.cbegin(), series.cend(), [](const ChartSeries &one) { return !one.points.isEmpty(); });
}

ChartData ChartData::fromCard(const Card &card)
{
    const json payload = card.payload();
    ChartData data;
    data.viz = vizFromName(jsonString(payload, "suggestedViz"));
    data.xLabel = jsonString(payload, "xLabel");
    data.yLabel = jsonString(payload, "yLabel");
    data.xKind = payload.is_object() ? inferChartAxisKind(payload) : ChartAxisKind::Category;
    PointReader reader(card, payload, &data);
    reader.readAll();
    if (data.viz == ChartViz::Bar)
        layOutBars(data, reader.numberTexts());
    sortLinesByX(data);
    setSeriesExtents(data);
    setRanges(data);
    return data;
}

ChartTimeTicks chartTimeTicks(qint64 min, qint64 max, int maxTicks, qint64 minStep)
{
    ChartTimeTicks ticks;
    if (!subMonthTicks(min, max, maxTicks, minStep, &ticks))
        monthTicks(min, max, maxTicks, &ticks);
    return ticks;
}

} // namespace Tessera
