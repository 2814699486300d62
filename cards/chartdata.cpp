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
#include <cards/tesseraassert.h>

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

// Half the distance from min to max: unlike max - min, it never overflows for finite ends.
double halfSpan(double min, double max)
{
    return max / 2 - min / 2;
}

double clampedValue(double v)
{
    return std::clamp(v, -kChartMaxValue, kChartMaxValue);
}

// A range narrower than kChartMinSpan (a denormal or a constant whose tenth underflows) is widened about
// its centre, so the drawing never divides by a span that is zero or denormal.
ChartRange widened(double min, double max)
{
    if (halfSpan(min, max) * 2 >= kChartMinSpan)
        return {min, max};
    const double centre = min / 2 + max / 2;
    return {clampedValue(centre - kChartMinSpan / 2), clampedValue(centre + kChartMinSpan / 2)};
}
ChartRange yRangeOf(double yMin, double yMax, bool zeroBased)
{
    ChartRange range = chartPaddedRange(yMin, yMax, kYPad);
    // Padding never crosses zero (no "-200" under prices that are all positive).
    if (yMin >= 0 && range.min < 0 && (zeroBased || yMin < yMax))
        range.min = 0;
    if (yMax <= 0 && yMin < 0 && range.max > 0)
        range.max = 0;
    // A range widened about a tiny value and then stopped at zero keeps its minimum width.
    if (range.min == 0)
        range.max = std::max(range.max, kChartMinSpan);
    if (range.max == 0)
        range.min = std::min(range.min, -kChartMinSpan);
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
        data.xRange = chartPaddedRange(xMin, xMax, xPad);
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

// The tick step of 1, 2 or 5 times a power of ten nearest to raw (finite, > 0), as Qt's nice numbers
// round; the largest power of ten when 2 or 5 times it would overflow.
double niceStep(double raw)
{
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    const double fraction = raw / power;
    const double nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
    const double step = nice * power;
    return std::isfinite(step) ? step : power;
}

// Significant digits that tell ticks `step` apart up to |value| maxAbs, within kMaxLabelDigits.
int labelDigits(double maxAbs, double step)
{
    constexpr int kMaxLabelDigits = 12;
    if (!(maxAbs > 0))
        return 1;
    const double ratio = std::min(maxAbs / step, 1e15); // bounded: its log10 becomes an int
    return std::clamp(int(std::ceil(std::log10(ratio) + 1e-9)) + 1, 1, kMaxLabelDigits);
}

// Qt Charts maps a value through (v - min) / (max - min) in doubles and takes a new range near zero as
// unchanged when 1 + v does not change: when max - min could overflow, or every value is tiny, the
// drawing is in units of the largest magnitude's power of ten.
double drawingUnit(const ChartRange &range)
{
    constexpr double kTinyValue = 1e-9;
    const double maxAbs = std::max(std::abs(range.min), std::abs(range.max));
    if (halfSpan(range.min, range.max) < kChartMaxValue / 4 && maxAbs >= kTinyValue)
        return 1;
    return std::pow(10.0, std::floor(std::log10(maxAbs)));
}

// "1.50000" -> "1.5", "2.000" -> "2"; digits without a point are left alone.
QString withoutTrailingZeros(QString digits)
{
    if (!digits.contains(QLatin1Char('.')))
        return digits;
    while (digits.endsWith(QLatin1Char('0')))
        digits.chop(1);
    if (digits.endsWith(QLatin1Char('.')))
        digits.chop(1);
    return digits;
}

// "1.50000e+308" -> "1.5e308": the exponent without its plus sign or leading zeros.
QString scientificLabel(double v, int digits)
{
    const QString text = QString::number(v, 'e', digits - 1);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    if (e < 0)
        return text;
    return withoutTrailingZeros(text.left(e)) + QLatin1Char('e') + QString::number(text.mid(e + 1).toInt());
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

namespace Tessera {

ChartRange chartPaddedRange(double min, double max, double fraction)
{
    TESSERA_ASSERT(std::isfinite(min) && std::isfinite(max) && min <= max, return {});
    if (min == max) {
        const double pad = min == 0 ? 1 : std::abs(min) * 0.1;
        return widened(clampedValue(min - pad), clampedValue(max + pad));
    }
    // halfSpan * 2 * fraction, with fraction < 1, stays finite; the ends are clamped instead.
    const double pad = halfSpan(min, max) * (2 * std::clamp(fraction, 0.0, 0.5)); // never inf * 0
    return widened(clampedValue(min - pad), clampedValue(max + pad));
}

QString chartNumberLabel(double v, int digits)
{
    if (!std::isfinite(v)) {
        TESSERA_CHECK(std::isfinite(v));
        return QStringLiteral("?");
    }
    if (v == 0)
        return QStringLiteral("0");
    digits = std::clamp(digits, 1, 15);
    const double magnitude = std::abs(v);
    if (magnitude >= kChartScientificAbove || magnitude < kChartScientificBelow)
        return scientificLabel(v, digits);
    const int decimals = std::max(0, digits - 1 - int(std::floor(std::log10(magnitude))));
    return withoutTrailingZeros(QString::number(v, 'f', decimals));
}

bool chartRangeIsPlain(const ChartRange &range)
{
    const double maxAbs = std::max(std::abs(range.min), std::abs(range.max));
    return maxAbs < kChartScientificAbove && halfSpan(range.min, range.max) * 2 >= kChartPlainMinSpan;
}

ChartValueTicks chartValueTicks(const ChartRange &range, int maxTicks)
{
    ChartValueTicks ticks;
    const double half = halfSpan(range.min, range.max);
    TESSERA_ASSERT(std::isfinite(half) && half > 0, return ticks);
    ticks.unit = drawingUnit(range);
    // half / ((n - 1) / 2) is the step for n ticks; at most DBL_MAX even when 2 * half is not.
    const int count = std::max(2, maxTicks);
    const double step = niceStep(std::min(half / ((count - 1) / 2.0), kChartMaxValue));
    const double first = std::ceil(range.min / step); // in steps: (first + i) * step never overflows early
    QList<double> at;
    for (int i = 0; i <= 4 * count; ++i) {
        double t = (first + i) * step;
        if (!std::isfinite(t) || t > range.max)
            break;
        if (std::abs(t) < step * 1e-9) // 0.1 * 3 - 0.3: rounding, not a value
            t = 0;
        at.append(t);
    }
    double maxAbs = 0;
    for (double t : std::as_const(at))
        maxAbs = std::max(maxAbs, std::abs(t));
    const int digits = labelDigits(maxAbs, step);
    for (double t : std::as_const(at)) {
        const QString label = chartNumberLabel(t, digits);
        if (!ticks.labels.isEmpty() && ticks.labels.last() == label)
            continue; // too close to tell apart in kMaxLabelDigits digits: one label is enough
        ticks.at.append(t);
        ticks.labels.append(label);
    }
    return ticks;
}

} // namespace Tessera
