#include "conversationview.h"

#include <QImage>

#include "cardactions.h"
#include "conversationmodel.h"

namespace Tessera {

ConversationView::ConversationView(QWidget *parent) : QAbstractScrollArea(parent), m_actions(new CardActions(this)) {}
ConversationView::~ConversationView() = default;
void ConversationView::setModel(ConversationModel *model) { m_model = model; }
int ConversationView::liveWidgetCount() const { return 0; }
QWidget *ConversationView::widgetForRow(int) const { return nullptr; }
QList<int> ConversationView::liveRows() const { return {}; }
int ConversationView::contentHeight() const { return 0; }
int ConversationView::rowTop(int) const { return 0; }
void ConversationView::scrollToRow(int) {}
void ConversationView::scrollToBottom() {}
QImage ConversationView::renderToImage(ConversationModel *, int, const QPalette &, int, int *) { return {}; }
void ConversationView::resizeEvent(QResizeEvent *e) { QAbstractScrollArea::resizeEvent(e); }
void ConversationView::scrollContentsBy(int, int) {}
bool ConversationView::viewportEvent(QEvent *e) { return QAbstractScrollArea::viewportEvent(e); }
bool ConversationView::eventFilter(QObject *w, QEvent *e) { return QAbstractScrollArea::eventFilter(w, e); }
bool ConversationView::focusNextPrevChild(bool next) { return QAbstractScrollArea::focusNextPrevChild(next); }

} // namespace Tessera
