#pragma once

// The pop-out windows of a main window (issue 15; seed 003 "Widgets Talk Back").
//
//  - popOut(conversation, title, card): one window per conversation and card id (the same card popped
//    out again raises its window); a board shares one window per conversation, which then shows the
//    board chosen. Windows are tool windows of windowParent, deleted when closed.
//  - Following: a window opened on a board shows the newest board posted in its conversation. Boards
//    reach the controller as lines added to a conversation (noteMessage; watchSession connects a
//    session's messageAdded, keyed by the session's conversation at that moment). A board in another
//    conversation never takes the window; switching conversations leaves it open and bound.
//  - Interactions in a popped-out view go through the conversation's CardActions (conversationActions),
//    so they are handled, stored and answered exactly as the inline card's: agent actions and decisions
//    are forwarded and their answer comes back to the popped-out control; a prompt goes to the
//    composer; links go through the same confirmation. Before a prompt or a request is forwarded the
//    window's conversation must be the one on screen: setPrepare's function brings it there (or says
//    why it cannot); a refusal is the request's failure with that reason.
//
// Conversation keys are the window's choice (a stored id, or a key for a file on screen); rebind moves
// windows when a file on screen becomes a stored conversation.

#include <functional>

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

#include <widgets/card/rendererregistry.h>

class QWidget;

namespace Tessera {

class Card;
class CardActions;
class ConversationSession;
class Message;
class PopOutWindow;

class PopOutController : public QObject
{
    Q_OBJECT

public:
    // conversationActions: the conversation view's (Not owned). windowParent: the main window (Not owned).
    PopOutController(CardActions *conversationActions, QWidget *windowParent);

    // Makes conversation the one on screen; false with a reason ("the agent is answering…") when it cannot.
    using Prepare = std::function<bool(const QString &conversation, QString *error)>;
    void setPrepare(Prepare prepare) { m_prepare = std::move(prepare); }
    void setRenderSettings(const RenderSettings &settings) { m_settings = settings; }

    // Shows card in a window bound to conversation (titled after it) and raises it.
    PopOutWindow *popOut(const QString &conversation, const QString &conversationTitle, const Card &card);
    // The same for an MCP App block (a tool result line with "tessera_app"): one window per conversation
    // and tool call; popped out again, its window is raised (the view keeps running).
    PopOutWindow *popOutApp(const QString &conversation, const QString &conversationTitle, const Message &app);
    // A line added to conversation: its newest board goes to the conversation's following window.
    void noteMessage(const QString &conversation, const Message &message);
    void watchSession(ConversationSession *session); // Not owned.
    void rebind(const QString &from, const QString &to);
    // The conversation went away (deleted): its windows close.
    void closeConversation(const QString &conversation);

    QList<PopOutWindow *> windows() const;
    // The window following conversation's boards, or nullptr.
    PopOutWindow *boardWindow(const QString &conversation) const;

Q_SIGNALS:
    // A request of a popped-out view could not be forwarded (one sentence, for the status bar).
    void problem(const QString &message);

private:
    void connectWindow(PopOutWindow *window);
    void place(PopOutWindow *window);
    bool prepare(PopOutWindow *window, QString *error);
    void onConversationRequestFinished(int requestId, bool ok, const QString &error);

    struct Forwarded
    {
        QPointer<CardActions> actions; // the popped-out view's
        int requestId = 0;             // its request id
    };

    QPointer<CardActions> m_target;
    QWidget *m_windowParent;
    Prepare m_prepare;
    RenderSettings m_settings;
    QList<QPointer<PopOutWindow>> m_windows;
    QHash<int, Forwarded> m_forwarded; // the conversation's request id -> the view's
};

} // namespace Tessera
