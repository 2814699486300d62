#pragma once

// The mouse wheel over a block that does not scroll itself (issue 18): a canvas card's web view takes
// every wheel event, even when its document fits and nothing inside moves, so the conversation under
// the pointer stopped scrolling. installWheelPassThrough() sends such events on to the nearest
// QAbstractScrollArea around the widget (the conversation view) instead.
//
// The filter sits on the widget and on every child it gets later (QWebEngineView draws in a child it
// creates itself). canScroll is asked for each event: true lets the widget have it (a canvas taller than
// its view scrolls inside), false forwards it. Events forwarded keep their deltas, phase and modifiers.

#include <functional>

class QWheelEvent;
class QWidget;

namespace Tessera {

using CanScrollItself = std::function<bool(const QWheelEvent &event)>;

// widget keeps the filter (it is a child QObject of widget); call once per widget.
void installWheelPassThrough(QWidget *widget, CanScrollItself canScroll);

// True when the widget has a pass-through installed (tests).
bool hasWheelPassThrough(const QWidget *widget);

} // namespace Tessera
