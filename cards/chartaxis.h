#pragma once

// metric_chart x-axis inference (PRODUCT.md §1):
//  - every x in the card is a JSON number            -> Numeric
//  - every x is an ISO-8601 date or date-time string -> Time (no offset means UTC, so replay is the
//                                                       same in every time zone)
//  - anything else                                   -> Category; repeated labels stay separate points.
// Accepted date forms: YYYY-MM-DD, YYYY-MM-DDThh:mm, YYYY-MM-DDThh:mm:ss[.fraction], each date-time
// optionally followed by Z or ±hh:mm.

#include <optional>

#include <QDateTime>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

namespace Tessera {

enum class ChartAxisKind { Numeric, Time, Category };

// Parses one ISO-8601 date or date-time as above; nullopt when it is not one. Result is in UTC.
std::optional<QDateTime> parseIsoDateTime(QStringView text);

// The x-axis kind of a metric_chart payload ({series: [{points: [{x, y}]}]}).
ChartAxisKind inferChartAxisKind(const nlohmann::json &payload);

// Category slots for a category axis: each label occurrence (the k-th "Mon" of a series) is its own
// slot, slots ordered by first appearance across series, so repeated labels are never merged.
struct CategorySlots
{
    QStringList labels;                 // one per slot, repeats kept
    QList<QList<int>> slotOfPoint;      // [series][point] -> slot index
};
CategorySlots categorySlots(const nlohmann::json &payload);

} // namespace Tessera
