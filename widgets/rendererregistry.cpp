#include "rendererregistry.h"

#include <array>

#include "alertcard.h"
#include "canvasplaceholdercard.h"
#include "card.h"
#include "cardactions.h"
#include "codecard.h"
#include "datatablecard.h"
#include "detailcard.h"
#include "fallbackcard.h"
#include "itemlistcard.h"
#include "metricchartcard.h"
#include "recommendactionscard.h"
#include "textcard.h"

namespace Tessera {

namespace {

using Factory = QWidget *(*)(const Card &, const RenderContext &, QWidget *);

template<typename Widget>
QWidget *create(const Card &card, const RenderContext &, QWidget *parent)
{
    return new Widget(card, parent);
}

QWidget *createItemList(const Card &card, const RenderContext &context, QWidget *parent)
{
    auto *widget = new ItemListCard(card, parent);
    if (context.actions)
        QObject::connect(widget, &ItemListCard::itemActivated, context.actions, &CardActions::itemActivated);
    return widget;
}

QWidget *createRecommendActions(const Card &card, const RenderContext &context, QWidget *parent)
{
    auto *widget = new RecommendActionsCard(card, parent);
    if (context.actions)
        QObject::connect(widget, &RecommendActionsCard::actionActivated, context.actions,
                         &CardActions::promptRequested);
    return widget;
}

struct Entry
{
    CardKind kind;
    Factory factory;
};

constexpr std::array<Entry, 9> kRenderers{{
    {CardKind::Text, &create<TextCard>},
    {CardKind::Code, &create<CodeCard>},
    {CardKind::Alert, &create<AlertCard>},
    {CardKind::Detail, &create<DetailCard>},
    {CardKind::ItemList, &createItemList},
    {CardKind::DataTable, &create<DataTableCard>},
    {CardKind::MetricChart, &create<MetricChartCard>},
    {CardKind::RecommendActions, &createRecommendActions},
    {CardKind::Canvas, &create<CanvasPlaceholderCard>},
}};

} // namespace

QWidget *RendererRegistry::createCardWidget(const Card &card, const RenderContext &context, QWidget *parent)
{
    if (card.isValid()) {
        for (const Entry &entry : kRenderers) {
            if (entry.kind == card.kind())
                return entry.factory(card, context, parent);
        }
    }
    return new FallbackCard(card, parent);
}

bool RendererRegistry::hasRenderer(CardKind kind)
{
    for (const Entry &entry : kRenderers) {
        if (entry.kind == kind)
            return true;
    }
    return false;
}

} // namespace Tessera
