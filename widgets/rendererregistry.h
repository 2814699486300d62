#pragma once

// The one table that maps a card kind to its native renderer (STYLE.md rule 2).
// Invalid cards and unknown kinds go to the fallback renderer through the same entry point;
// canvas has its own entry (a labeled placeholder until the canvas renderer lands).
// Adding a kind = one schema, one renderer, one line in rendererregistry.cpp, one test file.

class QWidget;

namespace Tessera {

class Card;
class CardActions;
enum class CardKind;

struct RenderContext
{
    CardActions *actions = nullptr; // Not owned; may be null (headless render, tests).
};

class RendererRegistry
{
public:
    // Never returns nullptr and never throws: a card that cannot be drawn natively gets the fallback.
    static QWidget *createCardWidget(const Card &card, const RenderContext &context, QWidget *parent);
    // True when a native renderer is registered for the kind.
    static bool hasRenderer(CardKind kind);
};

} // namespace Tessera
