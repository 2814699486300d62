#include <widgets/card/rendererregistry.h>

#include <array>
#include <cstring>
#include <string_view>

#include <QCoreApplication>
#include <QVBoxLayout>

#include <cards/card.h>
#include <cards/cardkindregistry.h>
#include <cards/cardstate.h>
#include <cards/tesseraassert.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/cardexport.h>
#include <widgets/card/cardframe.h>
#include <widgets/card/cardstatebar.h>
#include <widgets/card/decisionbar.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/popout.h>
#include <widgets/jsonrender/jsonrendercard.h>
#include <widgets/kinds/alertcard.h>
#include <widgets/kinds/canvasplaceholdercard.h>
#include <widgets/kinds/codecard.h>
#include <widgets/kinds/datatablecard.h>
#include <widgets/kinds/detailcard.h>
#include <widgets/kinds/itemlistcard.h>
#include <widgets/kinds/metricchartcard.h>
#include <widgets/kinds/recommendactionscard.h>
#include <widgets/kinds/textcard.h>

namespace Tessera {

namespace {

using Factory = RendererRegistry::Factory;

Factory s_canvasFactory = nullptr;         // tessera_canvas
Factory s_widgetDocumentFactory = nullptr; // tessera_widgetdoc

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

// A height guess from the raw text, which is cheap, instead of parsing the payload. The constants are
// the renderers' median heights at 900 px (tessera-bench, "layout" figures).
using Estimate = int (*)(const QByteArray &raw, int width);
// Copy as text; nullptr: the kind table's plain text (kindPlainText).
using CopyText = QString (*)(const Card &card);

// How often `needle` (two bytes or more) occurs in `raw`. Every card of a conversation is estimated when it
// opens (issue 17): the search jumps with memchr to the needle's first byte, or to its second when the
// first is a quote (frequent in JSON).
int occurrences(const QByteArray &raw, std::string_view needle)
{
    Q_ASSERT(needle.size() >= 2);
    const std::size_t key = needle.front() == '"' ? 1 : 0;
    const std::string_view text(raw.constData(), std::size_t(raw.size()));
    int count = 0;
    for (std::size_t at = key; at < text.size();) {
        const void *found = std::memchr(text.data() + at, needle[key], text.size() - at);
        if (!found)
            break;
        const std::size_t start = std::size_t(static_cast<const char *>(found) - text.data()) - key;
        count += text.substr(start, needle.size()) == needle ? 1 : 0;
        at = start + key + 1; // overlapping copies count, as QByteArray::count counts them
    }
    return count;
}

template<int Height>
int fixedHeight(const QByteArray &, int)
{
    return Height;
}

int dataTableHeight(const QByteArray &raw, int)
{
    const int columns = occurrences(raw, "\"key\"");
    const int rows = qMax(1, int(raw.count('{')) - columns - 3);
    return 90 + 25 * rows;
}

int codeHeight(const QByteArray &raw, int)
{
    return 70 + 17 * qMin(24, 1 + occurrences(raw, "\\n"));
}

int itemListHeight(const QByteArray &raw, int)
{
    return 35 + 41 * qMax(1, occurrences(raw, "\"id\""));
}

int detailHeight(const QByteArray &raw, int)
{
    return 62 + 24 * qMax(1, occurrences(raw, "\"label\""));
}

int textHeight(const QByteArray &raw, int width)
{
    return 60 + RendererRegistry::estimateTextHeight(QString::fromUtf8(raw).left(8000), width) * 7 / 10;
}

int jsonRenderHeight(const QByteArray &raw, int)
{
    // Containers draw no row of their own: about 18 px per element (seed 001).
    return 50 + 18 * qBound(1, occurrences(raw, "\"type\""), 60);
}

int widgetDocumentHeight(const QByteArray &raw, int)
{
    return 60 + 44 * qBound(1, occurrences(raw, "\"type\""), 12); // about one row per node (seed 003)
}

QWidget *createWidgetDocument(const Card &card, const RenderContext &context, QWidget *parent)
{
    return s_widgetDocumentFactory ? s_widgetDocumentFactory(card, context, parent) : nullptr;
}

QWidget *createJsonRender(const Card &card, const RenderContext &context, QWidget *parent)
{
    return new JsonRenderCard(card, context, parent);
}

struct Entry
{
    CardKind kind;
    Factory factory;
    Estimate estimate;
    CopyText copyText;
    const char *spokenName; // what a screen reader says for the kind (issue 18), translated in context kSpoken
};

constexpr char kSpoken[] = "Tessera::CardKindName";

// One row per kind of the cards table that is drawn (tst_kindtable walks both).
constexpr auto kRenderers = std::to_array<Entry>({
    {CardKind::Text, &create<TextCard>, &textHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Text")},
    {CardKind::Code, &create<CodeCard>, &codeHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Code")},
    {CardKind::Alert, &create<AlertCard>, &fixedHeight<56>, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Alert")},
    {CardKind::Detail, &create<DetailCard>, &detailHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Details")},
    {CardKind::ItemList, &createItemList, &itemListHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Item list")},
    {CardKind::DataTable, &create<DataTableCard>, &dataTableHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Table")},
    {CardKind::MetricChart, &create<MetricChartCard>, &fixedHeight<348>, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Chart")},
    {CardKind::RecommendActions, &createRecommendActions, &fixedHeight<74>, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Suggested actions")},
    {CardKind::Canvas, &createCanvas, &fixedHeight<82>, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Canvas")},
    {CardKind::JsonRender, &createJsonRender, &jsonRenderHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Interactive card")},
    {CardKind::WidgetDocument, &createWidgetDocument, &widgetDocumentHeight, nullptr, QT_TRANSLATE_NOOP("Tessera::CardKindName", "Widget")},
});

const Entry *entryFor(CardKind kind)
{
    for (const Entry &entry : kRenderers) {
        if (entry.kind == kind)
            return &entry;
    }
    return nullptr;
}

// The lifecycle (issue 6, seed 002): the state strip at the top of the card's body, a decision card's
// buttons at its bottom. A widget that is not a CardFrame is put in a column with them.
QWidget *withLifecycle(QWidget *widget, const Card &card, const RenderContext &context,
                       const QList<CardKindAction> &choices, QWidget *parent)
{
    const CardState state = context.state ? *context.state : CardState();
    const bool decides = !choices.isEmpty() && card.isValid();
    // A json-render card shows its own press ("Pressed: Approve" on the button row): the strip keeps
    // only what the backend's card.update says, so the decision is not shown twice.
    CardState shown = state;
    if (card.kind() == CardKind::JsonRender) {
        shown.decisionAction.clear();
        shown.decisionOutcome.clear();
    }
    if (shown.isEmpty() && !decides)
        return widget;
    auto *bar = shown.isEmpty() ? nullptr : new CardStateBar(shown);
    auto *buttons = decides ? new DecisionBar(card.cardId(), choices, state, context.actions) : nullptr;
    auto *frame = qobject_cast<CardFrame *>(widget);
    QVBoxLayout *column = frame ? frame->bodyLayout() : nullptr;
    QWidget *result = widget;
    if (!frame) {
        result = new QWidget(parent);
        column = new QVBoxLayout(result);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(6);
        widget->setParent(result);
        column->addWidget(widget);
    }
    if (bar) {
        bar->setParent(result);
        column->insertWidget(0, bar);
        const QString described = widget->accessibleDescription();
        widget->setAccessibleDescription(described.isEmpty() ? bar->summary() : described + QStringLiteral(". ") + bar->summary());
    }
    if (buttons) {
        buttons->setParent(result);
        column->addWidget(buttons);
    }
    return result;
}

} // namespace

QWidget *RendererRegistry::createCardWidget(const Card &card, const RenderContext &context, QWidget *parent)
{
    QWidget *widget = nullptr;
    CardKindDescriptor descriptor; // a kind added by descriptor: drawn by the built-in renderer it names
    if (card.isValid()) {
        CardKind kind = card.kind();
        if (kind == CardKind::Registered) {
            descriptor = CardKindRegistry::descriptor(card.kindName());
            kind = descriptor.kind.isEmpty() || descriptor.renderer == CardKind::Canvas ? CardKind::Unknown
                                                                                          : descriptor.renderer;
        }
        if (const Entry *entry = entryFor(kind))
            widget = entry->factory(card, context, parent);
        if (widget && context.actions && context.offerPopOut && canPopOut(card)) {
            addPopOutControl(qobject_cast<CardFrame *>(widget), card, context.actions);
            // A fence drawn in place inside prose has no block menu of its own: it gets the card's.
            if (card.source() == CardSource::ProseFence)
                installCardContextMenu(widget, card);
        }
        if (widget && !descriptor.kind.isEmpty()) {
            const QString label = descriptor.title.isEmpty() ? descriptor.kind : descriptor.title;
            widget->setAccessibleName(card.title().isEmpty() ? label : label + QStringLiteral(": ") + card.title());
        }
    }
    if (!widget)
        widget = new FallbackCard(card, parent);
    return withLifecycle(widget, card, context, descriptor.actions, parent);
}

static Factory *pluggedSlot(CardKind kind)
{
    if (kind == CardKind::Canvas)
        return &s_canvasFactory;
    if (kind == CardKind::WidgetDocument)
        return &s_widgetDocumentFactory;
    return nullptr;
}

void RendererRegistry::setPluggedFactory(CardKind kind, Factory factory)
{
    Factory *slot = pluggedSlot(kind);
    TESSERA_ASSERT(slot, return);
    *slot = factory;
}

RendererRegistry::Factory RendererRegistry::pluggedFactory(CardKind kind)
{
    Factory *slot = pluggedSlot(kind);
    return slot ? *slot : nullptr;
}

bool RendererRegistry::hasRenderer(CardKind kind)
{
    return entryFor(kind) != nullptr;
}

int RendererRegistry::estimateHeight(const Card &card, int width)
{
    const Entry *entry = entryFor(card.kind());
    return entry && entry->estimate ? entry->estimate(card.rawText(), width) : 100;
}

bool RendererRegistry::hasHeightEstimate(CardKind kind)
{
    const Entry *entry = entryFor(kind);
    return entry && entry->estimate;
}

int RendererRegistry::estimateTextHeight(const QString &text, int width)
{
    const int usable = qMax(200, width - 28);
    const int charsPerLine = qMax(20, usable * 2 / 15);
    // Each line wraps every charsPerLine characters. The lines are found in place, no list of them built:
    // this runs for every row of a conversation when it opens (issue 17, 1,000,000 lines).
    qsizetype lines = 0;
    for (qsizetype start = 0;;) {
        const qsizetype end = text.indexOf(u'\n', start);
        lines += 1 + ((end < 0 ? text.size() : end) - start) / charsPerLine;
        if (end < 0)
            break;
        start = end + 1;
    }
    return int(qMin(lines * 17, qsizetype(1) << 30));
}

QString RendererRegistry::spokenKindName(CardKind kind)
{
    const Entry *entry = entryFor(kind);
    return entry && entry->spokenName ? QCoreApplication::translate(kSpoken, entry->spokenName) : QString();
}

QString RendererRegistry::copyText(const Card &card)
{
    const Entry *entry = entryFor(card.kind());
    return entry && entry->copyText ? entry->copyText(card) : kindPlainText(card);
}

} // namespace Tessera
