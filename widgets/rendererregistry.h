#pragma once

// The one table that maps a card kind to its native renderer (STYLE.md rule 2).
// Invalid cards and unknown kinds go to the fallback renderer through the same entry point;
// canvas has its own entry: CanvasCard (tessera_canvas) once main() calls setCanvasFactory, else a
// labeled placeholder.
// Adding a kind = one schema, one renderer, one line in rendererregistry.cpp, one test file.

class QWidget;

namespace Tessera {

class Card;
class CardActions;
enum class CardKind;

struct CardState;

struct RenderContext
{
    CardActions *actions = nullptr; // Not owned; may be null (headless render, tests).
    const CardState *state = nullptr; // The card's lifecycle state (issue 6); null or empty = none.
    bool streaming = false;           // The block is still streaming (an unclosed dorkos-ui fence: skeleton).
};

class RendererRegistry
{
public:
    using Factory = QWidget *(*)(const Card &, const RenderContext &, QWidget *);

    // The canvas renderer lives in tessera_canvas, which depends on this library: main() (and tests)
    // install it here at startup. Unset (nullptr): canvas cards get the labeled placeholder.
    static void setCanvasFactory(Factory factory);
    static Factory canvasFactory();

    // Never returns nullptr and never throws: a card that cannot be drawn natively gets the fallback.
    static QWidget *createCardWidget(const Card &card, const RenderContext &context, QWidget *parent);
    // True when a native renderer is registered for the kind.
    static bool hasRenderer(CardKind kind);
};

} // namespace Tessera
