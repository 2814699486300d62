#pragma once

// The one table that maps a card kind to its native renderer (STYLE.md rule 2).
// Invalid cards and unknown kinds go to the fallback renderer through the same entry point;
// Two kinds are drawn by libraries that depend on this one and install their renderer at start-up:
// canvas (tessera_canvas, installCanvasRenderer; until then a labeled placeholder) and widget
// documents (tessera_widgetdoc, installWidgetDocumentRenderer; until then the fallback block).
// Adding a kind = one schema, one renderer, one line in rendererregistry.cpp, one test file.

#include <QString>

class QWidget;

namespace Tessera {

class Card;
class CardActions;
enum class CardKind;

struct CardState;

// The user's settings a renderer needs. Whoever draws fills them once from QSettings (app/settingskeys.h:
// MainWindow for the conversation view, the headless render in commandline.cpp); widgets never read
// QSettings themselves. The defaults are those of an empty settings file.
struct RenderSettings
{
    bool reduceMotion = false;     // "appearance/reduceMotion"; TESSERA_REDUCE_MOTION=1 also turns motion off
    bool loadRemoteImages = false; // "widgets/loadRemoteImages": https images load on show, not on a click
    QString pressName;             // "user/displayName" (trimmed); "" = the OS user name, else "You"
};

struct RenderContext
{
    CardActions *actions = nullptr; // Not owned; may be null (headless render, tests).
    const CardState *state = nullptr; // The card's lifecycle state (issue 6); null or empty = none.
    bool streaming = false;           // The block is still streaming (an unclosed dorkos-ui fence: skeleton).
    RenderSettings settings = {}; // (a default member initializer: RenderContext{&actions} stays warning-free)
};

class RendererRegistry
{
public:
    using Factory = QWidget *(*)(const Card &, const RenderContext &, QWidget *);

    // A renderer from a library above this one (canvas, widget documents): main() and the tests that
    // draw those kinds install it at start-up. nullptr uninstalls it. Only for CardKind::Canvas and
    // CardKind::WidgetDocument; call on the GUI thread before any card of the kind is drawn.
    static void setPluggedFactory(CardKind kind, Factory factory);
    static Factory pluggedFactory(CardKind kind);

    // Never returns nullptr and never throws: a card that cannot be drawn natively gets the fallback.
    static QWidget *createCardWidget(const Card &card, const RenderContext &context, QWidget *parent);
    // True when a native renderer is registered for the kind.
    static bool hasRenderer(CardKind kind);
};

} // namespace Tessera
