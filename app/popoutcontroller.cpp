#include <app/popoutcontroller.h>

#include <QWidget>

#include <cards/card.h>
#include <cards/transcript.h>
#include <app/popoutwindow.h>
#include <session/conversationsession.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/popout.h>
#include <widgets/conversation/blockwidgets.h>

namespace Tessera {

PopOutController::PopOutController(CardActions *conversationActions, QWidget *windowParent)
    : QObject(windowParent)
    , m_target(conversationActions)
    , m_windowParent(windowParent)
{
    if (m_target)
        connect(m_target, &CardActions::requestFinished, this, &PopOutController::onConversationRequestFinished);
}

QList<PopOutWindow *> PopOutController::windows() const
{
    QList<PopOutWindow *> open;
    for (const QPointer<PopOutWindow> &window : m_windows) {
        if (window)
            open.append(window);
    }
    return open;
}

PopOutWindow *PopOutController::boardWindow(const QString &conversation) const
{
    for (PopOutWindow *window : windows()) {
        if (window->followsBoards() && window->conversation() == conversation)
            return window;
    }
    return nullptr;
}

PopOutWindow *PopOutController::popOut(const QString &conversation, const QString &conversationTitle, const Card &card)
{
    if (!canPopOut(card))
        return nullptr;
    PopOutWindow *shown = isBoardCard(card) ? boardWindow(conversation) : nullptr;
    for (PopOutWindow *window : windows()) {
        if (!shown && window->conversation() == conversation && !card.cardId().isEmpty()
            && window->card().cardId() == card.cardId())
            shown = window;
    }
    if (shown) {
        if (shown->card().rawText() != card.rawText() || shown->card().cardId() != card.cardId())
            shown->showCard(card);
        shown->setConversationTitle(conversationTitle);
    } else {
        shown = new PopOutWindow(conversation, conversationTitle, card, m_settings, m_windowParent);
        place(shown);
    }
    shown->show();
    shown->raise();
    shown->activateWindow();
    return shown;
}

PopOutWindow *PopOutController::popOutApp(const QString &conversation, const QString &conversationTitle, const Message &app)
{
    if (!carriesToolApp(app))
        return nullptr;
    const QString key = PopOutWindow::appKeyOf(app);
    PopOutWindow *shown = nullptr;
    for (PopOutWindow *window : windows()) {
        if (window->conversation() == conversation && window->appKey() == key)
            shown = window;
    }
    if (shown) {
        shown->setConversationTitle(conversationTitle);
    } else {
        shown = new PopOutWindow(conversation, conversationTitle, app, m_settings, m_windowParent);
        place(shown);
    }
    shown->show();
    shown->raise();
    shown->activateWindow();
    return shown;
}

void PopOutController::place(PopOutWindow *window)
{
    m_windows.removeIf([](const QPointer<PopOutWindow> &open) { return open.isNull(); });
    m_windows.append(window);
    connectWindow(window);
    if (m_windowParent) {
        // Beside the conversation's right edge, below the menus, each further window a step lower.
        const QRect main = m_windowParent->frameGeometry();
        const int step = (32 * int(m_windows.size() - 1)) % 320;
        window->move(qMax(main.left(), main.right() - window->width() - 24), main.top() + 80 + step);
    }
}

void PopOutController::noteMessage(const QString &conversation, const Message &message)
{
    const Card *newest = nullptr;
    for (const Card &card : message.cards) {
        if (isBoardCard(card))
            newest = &card;
    }
    if (!newest)
        return;
    if (PopOutWindow *window = boardWindow(conversation))
        window->showCard(*newest);
}

void PopOutController::watchSession(ConversationSession *session)
{
    if (!session)
        return;
    connect(session, &ConversationSession::messageAdded, this,
            [this, session](const Message &message) { noteMessage(session->conversationId(), message); });
}

void PopOutController::rebind(const QString &from, const QString &to)
{
    if (from == to)
        return;
    for (PopOutWindow *window : windows()) {
        if (window->conversation() == from)
            window->setConversation(to);
    }
}

void PopOutController::closeConversation(const QString &conversation)
{
    for (PopOutWindow *window : windows()) {
        if (window->conversation() == conversation)
            window->close();
    }
}

bool PopOutController::prepare(PopOutWindow *window, QString *error)
{
    if (!m_target) {
        *error = tr("the conversation is not shown any more");
        return false;
    }
    return !m_prepare || m_prepare(window->conversation(), error);
}

void PopOutController::connectWindow(PopOutWindow *window)
{
    CardActions *actions = window->actions();
    // The window is looked up again when a request comes: it may have been closed meanwhile.
    const QPointer<PopOutWindow> guard(window);
    connect(actions, &CardActions::promptRequested, this, [this, guard](const QString &prompt) {
        QString error;
        if (!guard || !prepare(guard, &error)) {
            Q_EMIT problem(tr("The prompt was not put into the composer: %1").arg(error));
            return;
        }
        Q_EMIT m_target->promptRequested(prompt);
    });
    connect(actions, &CardActions::itemActivated, this, [this](const QString &itemId) {
        if (m_target)
            Q_EMIT m_target->itemActivated(itemId);
    });
    connect(actions, &CardActions::linkRequested, this, [this](const QString &url) {
        if (m_target)
            m_target->requestLink(url);
    });
    connect(actions, &CardActions::widgetActionRequested, this,
            [this, guard, actions](int request, const QString &widget, const QString &action, const QByteArray &payload) {
        QString error;
        if (!guard || !prepare(guard, &error)) {
            actions->finishRequest(request, false, error);
            Q_EMIT problem(tr("Could not send: %1").arg(error));
            return;
        }
        m_forwarded.insert(m_target->requestWidgetAction(widget, action, payload), {actions, request});
    });
    connect(actions, &CardActions::decisionRequested, this,
            [this, guard, actions](int request, const QString &cardId, const QString &action, const QString &outcome,
                                   const QString &note) {
        QString error;
        if (!guard || !prepare(guard, &error)) {
            actions->finishRequest(request, false, error);
            Q_EMIT problem(tr("Could not send: %1").arg(error));
            return;
        }
        m_forwarded.insert(m_target->requestDecision(cardId, action, outcome, note), {actions, request});
    });
}

void PopOutController::onConversationRequestFinished(int requestId, bool ok, const QString &error)
{
    // The conversation's answers arrive queued (CardActions::finishRequest), after the id was kept.
    const Forwarded forwarded = m_forwarded.take(requestId);
    if (forwarded.actions)
        forwarded.actions->finishRequest(forwarded.requestId, ok, error);
}

} // namespace Tessera
