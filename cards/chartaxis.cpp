#include "chartaxis.h"

#include <nlohmann/json.hpp>

namespace Tessera {

std::optional<QDateTime> parseIsoDateTime(QStringView)
{
    return std::nullopt;
}

ChartAxisKind inferChartAxisKind(const nlohmann::json &)
{
    return ChartAxisKind::Category;
}

CategorySlots categorySlots(const nlohmann::json &)
{
    return {};
}

} // namespace Tessera
