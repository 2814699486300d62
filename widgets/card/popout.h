#pragma once

// Popping a card out of the conversation into a small window of its own (issue 15; seed 003 "Widgets
// Talk Back": "pop an interactive widget, like a tic-tac-toe board, out of the chat").
//
// Which cards: a valid canvas card, and a valid widget document whose tree holds an interactive node
// (board, form, checklist, button, input, select, or a list item with actions). A board is a game even
// before its cells take clicks, so any board counts.
//
// The control: a "Pop Out" tool button in the card's header row (Tab reaches it; tooltip and accessible
// name say what it does) and the same QAction ("popOutAction") in the card's context menu. Triggering it
// calls CardActions::requestPopOut with the card; the application opens the window (app/popoutwindow.h).
// RendererRegistry::createCardWidget adds both when the context has actions and offers pop-out
// (RenderContext::offerPopOut; the popped-out copy itself does not).

#include <functional>

#include <QString>

class QAction;
class QToolButton;
class QWidget;

namespace Tessera {

class Card;
class CardActions;
class CardFrame;

bool canPopOut(const Card &card);
// A valid widget document holding a board node: the pop-out of a board follows the newest board.
bool isBoardCard(const Card &card);

// Adds the header button and the action to frame (actions: Not owned; must outlive the frame's use).
void addPopOutControl(CardFrame *frame, const Card &card, CardActions *actions);
// The same button and action for any owner (an MCP App block): the action is a child of owner, the
// button is returned for the owner's layout; trigger runs when either is used.
QToolButton *createPopOutButton(QWidget *owner, const QString &title, const std::function<void()> &trigger);
// The "Pop Out" action of a card widget (the frame itself or the frame inside a lifecycle wrapper);
// nullptr when it has none.
QAction *popOutAction(const QWidget *cardWidget);

} // namespace Tessera
