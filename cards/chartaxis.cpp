#include <cards/chartaxis.h>

#include <QHash>
#include <QTimeZone>

#include <nlohmann/json.hpp>

namespace Tessera {

using nlohmann::json;

namespace {

// Reads exactly `count` ASCII digits at `pos`; false if any is missing.
bool readDigits(QStringView text, qsizetype &pos, int count, int &value)
{
    if (pos + count > text.size())
        return false;
    value = 0;
    for (int i = 0; i < count; ++i) {
        const QChar c = text.at(pos + i);
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
        value = value * 10 + (c.unicode() - '0');
    }
    pos += count;
    return true;
}

bool expect(QStringView text, qsizetype &pos, char c)
{
    if (pos >= text.size() || text.at(pos) != QLatin1Char(c))
        return false;
    ++pos;
    return true;
}

const json *member(const json &object, const char *name)
{
    if (!object.is_object())
        return nullptr;
    auto it = object.find(name);
    return it != object.end() ? &*it : nullptr;
}

// Calls f(seriesIndex, pointIndex, point) for every point of every series; malformed parts skipped.
template<typename F>
void forEachPoint(const json &payload, F &&f)
{
    const json *series = member(payload, "series");
    if (!series || !series->is_array())
        return;
    int s = 0;
    for (const json &one : *series) {
        const json *points = member(one, "points");
        if (points && points->is_array()) {
            int p = 0;
            for (const json &point : *points)
                f(s, p++, point);
        }
        ++s;
    }
}

QString labelOf(const json *x)
{
    if (!x)
        return {};
    if (x->is_string()) {
        const std::string &s = x->get_ref<const std::string &>();
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    }
    return QString::fromStdString(x->dump(-1, ' ', false, json::error_handler_t::replace));
}

} // namespace

std::optional<QDateTime> parseIsoDateTime(QStringView text)
{
    qsizetype pos = 0;
    int year = 0, month = 0, day = 0;
    if (!readDigits(text, pos, 4, year) || !expect(text, pos, '-') || !readDigits(text, pos, 2, month) ||
        !expect(text, pos, '-') || !readDigits(text, pos, 2, day))
        return std::nullopt;
    const QDate date(year, month, day); // invalid for 2026-02-30, 2026-13-01
    if (!date.isValid())
        return std::nullopt;
    if (pos == text.size())
        return QDateTime(date, QTime(0, 0), Qt::UTC);

    int hour = 0, minute = 0, second = 0, msec = 0;
    if (!expect(text, pos, 'T') || !readDigits(text, pos, 2, hour) || !expect(text, pos, ':') ||
        !readDigits(text, pos, 2, minute))
        return std::nullopt;
    if (pos < text.size() && text.at(pos) == QLatin1Char(':')) {
        ++pos;
        if (!readDigits(text, pos, 2, second))
            return std::nullopt;
        if (pos < text.size() && text.at(pos) == QLatin1Char('.')) {
            ++pos;
            // Any number of fraction digits; QDateTime keeps milliseconds, the rest is truncated.
            int digits = 0;
            while (pos < text.size() && text.at(pos) >= QLatin1Char('0') && text.at(pos) <= QLatin1Char('9')) {
                if (digits < 3)
                    msec = msec * 10 + (text.at(pos).unicode() - '0');
                ++digits;
                ++pos;
            }
            if (digits == 0)
                return std::nullopt;
            for (int d = digits; d < 3; ++d)
                msec *= 10;
        }
    }
    if (hour > 23 || minute > 59 || second > 59)
        return std::nullopt;

    int offsetSeconds = 0;
    if (pos < text.size()) {
        const QChar sign = text.at(pos);
        if (sign == QLatin1Char('Z')) {
            ++pos;
        } else if (sign == QLatin1Char('+') || sign == QLatin1Char('-')) {
            ++pos;
            int oh = 0, om = 0;
            if (!readDigits(text, pos, 2, oh) || !expect(text, pos, ':') || !readDigits(text, pos, 2, om) || oh > 23 ||
                om > 59)
                return std::nullopt;
            offsetSeconds = (oh * 3600 + om * 60) * (sign == QLatin1Char('-') ? -1 : 1);
        } else {
            return std::nullopt;
        }
    }
    if (pos != text.size())
        return std::nullopt;
    // The wall time is at `offset` from UTC, so UTC = wall time - offset.
    return QDateTime(date, QTime(hour, minute, second, msec), Qt::UTC).addSecs(-offsetSeconds);
}

ChartAxisKind inferChartAxisKind(const json &payload)
{
    bool any = false;
    bool allNumbers = true;
    bool allDates = true;
    forEachPoint(payload, [&](int, int, const json &point) {
        any = true;
        const json *x = member(point, "x");
        if (!x || !x->is_number())
            allNumbers = false;
        if (allDates) {
            if (!x || !x->is_string()) {
                allDates = false;
            } else {
                const std::string &s = x->get_ref<const std::string &>();
                allDates = parseIsoDateTime(QString::fromUtf8(s.data(), qsizetype(s.size()))).has_value();
            }
        }
    });
    // No points at all (an invalid card drawn anyway): nothing to order, so categories.
    if (!any)
        return ChartAxisKind::Category;
    if (allNumbers)
        return ChartAxisKind::Numeric;
    if (allDates)
        return ChartAxisKind::Time;
    return ChartAxisKind::Category;
}

CategorySlots categorySlots(const json &payload)
{
    CategorySlots result;
    const json *series = member(payload, "series");
    if (!series || !series->is_array())
        return result;
    result.slotOfPoint.resize(qsizetype(series->size()));
    // (label, occurrence within its series) -> slot
    QHash<QString, QList<int>> slotsOfLabel;
    QHash<QString, int> seenInSeries;
    int currentSeries = -1;
    forEachPoint(payload, [&](int s, int, const json &point) {
        if (s != currentSeries) {
            seenInSeries.clear();
            currentSeries = s;
        }
        const QString label = labelOf(member(point, "x"));
        const int occurrence = seenInSeries[label]++;
        QList<int> &known = slotsOfLabel[label];
        if (occurrence >= known.size()) {
            known.append(int(result.labels.size()));
            result.labels.append(label);
        }
        result.slotOfPoint[s].append(known.at(occurrence));
    });
    return result;
}

} // namespace Tessera
