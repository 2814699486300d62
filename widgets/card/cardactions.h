#pragma once

// What a card asks of the application. Card widgets emit their own signals; the renderer registry
// forwards them here, so the conversation view and the main window connect to one object.

#include <QObject>
#include <QString>

#include <cards/card.h>

namespace Tessera {

class CardActions : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

Q_SIGNALS:
    // A recommend_actions pill: put this text into the composer, do not send it (seed 000).
    void promptRequested(const QString &prompt);
    // An item_list item was activated; the id is an identifier, never a URL (seed 000).
    void itemActivated(const QString &itemId);

    // --- interactions that reach the backend (issue 6) ------------------------------------------------
    // A card widget calls a request*() function, shows itself busy and disabled, and waits for
    // requestFinished with the id it got back. The application (the live session) handles the
    // *Requested signal and answers with finishRequest: ok, or a reason ("the agent is busy with your
    // last turn: try again in a moment"). No queue: a failed request is simply not sent.
public:
    // seed 002 card.decision; note is what the stored user line shows, e.g. seed 001's
    // "[Button pressed by Ada; action=approve]".
    int requestDecision(const QString &cardId, const QString &action, const QString &outcome, const QString &note);
    // seed 003 widget.action (agent actions); payloadJson is a JSON object as text (form values merged).
    int requestWidgetAction(const QString &widget, const QString &action, const QByteArray &payloadJson);
    void finishRequest(int requestId, bool ok, const QString &error = {});
    // A https:// link (LinkButton, url actions): the application asks the user to confirm the full
    // address before opening it; anything else is refused before this is emitted.
    void requestLink(const QString &url) { Q_EMIT linkRequested(url); }
    // The card's "Pop Out" (issue 15, widgets/card/popout.h): the application shows the card in a small
    // window of its own; the conversation keeps its copy.
    void requestPopOut(const Tessera::Card &card) { Q_EMIT popOutRequested(card); }

Q_SIGNALS:
    void decisionRequested(int requestId, const QString &cardId, const QString &action, const QString &outcome,
                           const QString &note);
    void widgetActionRequested(int requestId, const QString &widget, const QString &action,
                               const QByteArray &payloadJson);
    void requestFinished(int requestId, bool ok, const QString &error);
    void linkRequested(const QString &url);
    void popOutRequested(const Tessera::Card &card);

private:
    int m_nextRequest = 1;
};

} // namespace Tessera
