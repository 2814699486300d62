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

using Factory = RendererRegistry::Factory;

Factory s_canvasFactory = nullptr;

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

QWidget *createCanvas(const Card &card, const RenderContext &context, QWidget *parent)
{
    if (s_canvasFactory)
        return s_canvasFactory(card, context, parent);
    return new CanvasPlaceholderCard(card, parent);
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
    {CardKind::Canvas, &createCanvas},
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

void RendererRegistry::setCanvasFactory(Factory factory)
{
    s_canvasFactory = factory;
}

RendererRegistry::Factory RendererRegistry::canvasFactory()
{
    return s_canvasFactory;
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
