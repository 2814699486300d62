#pragma once

// The one table that maps a card kind to its native renderer (STYLE.md rule 2).
// Invalid cards and unknown kinds go to the fallback renderer through the same entry point;
// Two kinds are drawn by libraries that depend on this one and install their renderer at start-up:
// canvas (tessera_canvas, installCanvasRenderer; until then a labeled placeholder) and widget
// documents (tessera_widgetdoc, installWidgetDocumentRenderer; until then the fallback block).
// Each row of the table also carries the kind's height estimate (before a widget exists) and its
// "copy as text" form. Adding a kind: docs/adding-a-kind.md; tst_kindtable fails when a row is missing.

#include <QString>

#include <cards/cardkinds.h> // the plugged kinds are named by callers of setPluggedFactory

class QByteArray;
class QWidget;

namespace Tessera {

class Card;
class CardActions;

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
    // With actions: a card that can pop out (widgets/card/popout.h) gets its "Pop Out" button and menu
    // entry. False for the popped-out copy itself.
    bool offerPopOut = true;
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

    // A cheap height guess in pixels for a valid card at a width, from its raw text (no parsing):
    // the row's estimate, or 100 for a kind with none (registered and unknown kinds).
    static int estimateHeight(const Card &card, int width);
    static bool hasHeightEstimate(CardKind kind); // the kind's row has an estimate of its own
    // Wrapped plain text at a width: about 17 px a line, 7.5 px a character (the prose font).
    static int estimateTextHeight(const QString &text, int width);
    // The kind as a person says it, translated ("Item list", "Table", "Chart"), from the kind's row:
    // screen readers announce cards by it (CardFrame), never by the wire name. "" for a kind with no row.
    static QString spokenKindName(CardKind kind);
    // "Copy as text" of a valid card: the row's copy form, by default the kind table's plain text
    // (kindPlainText, cards/cardkinds.h). cardPlainText (cardexport.h) handles invalid cards.
    static QString copyText(const Card &card);
};

} // namespace Tessera
