#include <cards/cardkinds.h>

#include <array>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkindregistry.h>
#include <cards/cardtext.h>
#include <cards/kindhooks.h>

namespace Tessera {

namespace {

// One row per kind, in CardKind order. Seed 000's catalog first (its order), then the dialects.
constexpr auto kKinds = std::to_array<CardKindInfo>({
    {CardKind::Text, "text", ":/tessera/schemas/text.json", true, true, nullptr, nullptr,
     &KindPlainText::text, &KindMarkdown::text, nullptr, nullptr, 0},
    {CardKind::Code, "code", ":/tessera/schemas/code.json", true, true, nullptr, nullptr,
     &KindPlainText::code, &KindMarkdown::code, &KindFindText::code, nullptr, 0},
    {CardKind::Alert, "alert", ":/tessera/schemas/alert.json", true, true, nullptr, nullptr,
     &KindPlainText::alert, &KindMarkdown::alert, &KindFindText::alert, nullptr, 0},
    {CardKind::Detail, "detail", ":/tessera/schemas/detail.json", true, true, nullptr, nullptr,
     &KindPlainText::detail, &KindMarkdown::detail, &KindFindText::detail, "one record is a detail", 3},
    {CardKind::ItemList, "item_list", ":/tessera/schemas/item_list.json", true, true, &KindRule::itemList, nullptr,
     &KindPlainText::itemList, &KindMarkdown::itemList, &KindFindText::itemList, "a set of like things is an item_list", 4},
    {CardKind::DataTable, "data_table", ":/tessera/schemas/data_table.json", true, true, &KindRule::dataTable,
     nullptr, &KindPlainText::dataTable, &KindMarkdown::dataTable, &KindFindText::dataTable, "rows are a data_table", 2},
    {CardKind::MetricChart, "metric_chart", ":/tessera/schemas/metric_chart.json", true, true,
     &KindRule::metricChart, "/properties/series/items/properties/points/items", &KindPlainText::metricChart,
     &KindMarkdown::metricChart, &KindFindText::nothing, "a series is a metric_chart", 1},
    {CardKind::RecommendActions, "recommend_actions", ":/tessera/schemas/recommend_actions.json", true, true,
     nullptr, nullptr, &KindPlainText::recommendActions, &KindMarkdown::recommendActions,
     &KindFindText::recommendActions, nullptr, 0},
    {CardKind::Canvas, "canvas", ":/tessera/schemas/canvas.json", true, false, &KindRule::canvas, nullptr,
     &KindPlainText::rawText, &KindMarkdown::canvas, &KindFindText::nothing, nullptr, 0},
    // The dialects are checked by their own rules (cards/dialects/) and read as text lines (cardtext.h).
    {CardKind::JsonRender, "json_render", nullptr, false, false, nullptr, nullptr, &KindPlainText::textLines,
     &KindMarkdown::textLines, &KindFindText::jsonRender, nullptr, 0},
    {CardKind::WidgetDocument, "dorkos_ui", nullptr, false, false, nullptr, nullptr, &KindPlainText::textLines,
     &KindMarkdown::textLines, nullptr, nullptr, 0},
});

// Row i describes CardKind(i): lookups index the table, and a row out of place is a compile error.
constexpr bool rowsInEnumOrder()
{
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        if (std::size_t(kKinds[i].kind) != i)
            return false;
    }
    return true;
}
static_assert(rowsInEnumOrder(), "kKinds rows must be in CardKind order");
static_assert(kKinds.size() == std::size_t(CardKind::Registered), "every CardKind before Registered needs a row");

constexpr std::size_t catalogRows()
{
    std::size_t n = 0;
    for (const CardKindInfo &info : kKinds)
        n += info.catalog ? 1 : 0;
    return n;
}
static_assert(catalogRows() == kCatalogKindCount, "kCatalogKindCount must count the catalog rows");

constexpr bool catalogFirst()
{
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        if (kKinds[i].catalog != (i < kCatalogKindCount))
            return false;
    }
    return true;
}
static_assert(catalogFirst(), "the catalog rows come first, so CardKind(i < kCatalogKindCount) is a catalog kind");

} // namespace

std::span<const CardKindInfo> cardKindTable()
{
    return kKinds;
}

const CardKindInfo *cardKindInfo(CardKind kind)
{
    const std::size_t index = std::size_t(kind);
    return index < kKinds.size() ? &kKinds[index] : nullptr;
}

CardKind cardKindFromName(QStringView name)
{
    for (const CardKindInfo &info : kKinds) {
        if (name == QLatin1StringView(info.name))
            return info.kind;
    }
    if (CardKindRegistry::contains(name))
        return CardKind::Registered;
    return CardKind::Unknown;
}

QString cardKindName(CardKind kind)
{
    const CardKindInfo *info = cardKindInfo(kind);
    return info ? QString::fromLatin1(info->name) : QString();
}

QList<CardKind> knownCardKinds()
{
    QList<CardKind> kinds;
    for (const CardKindInfo &info : kKinds) {
        if (info.catalog)
            kinds.append(info.kind);
    }
    return kinds;
}

QString kindPlainText(const Card &card)
{
    const CardKindInfo *info = cardKindInfo(card.kind());
    if (!info) {
        // A registered kind reads as its text lines (its title first); an unknown one as sent.
        return card.kind() == CardKind::Registered ? cardTextLines(card).join(QLatin1Char('\n'))
                                                   : QString::fromUtf8(card.rawText());
    }
    QStringList lines;
    if (!card.title().isEmpty())
        lines.append(card.title());
    info->plainText(card, card.payload(), lines);
    return lines.join(QLatin1Char('\n'));
}

QString kindFindText(const Card &card)
{
    const CardKindInfo *info = cardKindInfo(card.kind());
    if (!info)
        return card.kind() == CardKind::Registered ? cardTextLines(card).join(QLatin1Char('\n')) : QString();
    QStringList lines;
    if (!card.title().isEmpty())
        lines.append(card.title());
    (info->findText ? info->findText : info->plainText)(card, card.payload(), lines);
    return lines.join(QLatin1Char('\n'));
}

QString kindMarkdown(const Card &card)
{
    const CardKindInfo *info = cardKindInfo(card.kind());
    if (!info)
        return card.kind() == CardKind::Registered ? cardTextLines(card).join(QStringLiteral("  \n")) : QString();
    return info->markdown(card, card.payload());
}

} // namespace Tessera
