#pragma once

// One live conversation (issue 5): a backend's events drive the conversation model and the store.
//
//  - turn.started: the store begins the turn; the model shows a turn in progress.
//  - message.delta: text is gathered into a provisional assistant block (ConversationModel streaming
//    message), redrawn at most every kDeltaCoalesceMs so a flood of deltas never starves the GUI.
//  - message: the line is validated at the wire (seed 000's second validation point: an invalid card
//    becomes a fallback block and a log line), appended to the model and stored before anything else
//    happens (one transaction each: a crash mid-turn loses nothing committed). Prose streamed before it
//    is committed first as its own assistant line.
//  - card.update: stored as a system line carrying "card_update", applied to the drawn card in place.
//  - turn.completed: remaining streamed prose is stored, the turn completed.
//  - error: shown as a visible error block/status and logged; the turn fails.
//  - A turn with no event for turnTimeout() is marked incomplete ("cut off") and fails with a reason.
//  - Events for an unknown or stopped turn, unknown types and malformed events are reported
//    (protocolError), never applied, never fatal.
//
// The session does not own the model or the store. The store may be null (nothing saved, headless tests).

#include <QObject>
#include <QString>

#include "wireevent.h"

class QTimer;

namespace Tessera {

class Backend;
class ConversationModel;
class ConversationStore;

enum class TurnOutcome { Completed, Failed, Stopped, TimedOut };

class ConversationSession : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDeltaCoalesceMs = 50;
    static constexpr int kDefaultTurnTimeoutMs = 120000; // silence, not total length

    ConversationSession(ConversationModel *model, ConversationStore *store, QObject *parent = nullptr);
    ~ConversationSession() override;

    // The backend is owned by the session from here on (deleted with it or when replaced).
    void setBackend(Backend *backend);
    Backend *backend() const { return m_backend; }
    // The stored conversation lines go to; empty = created on the first user message.
    void setConversationId(const QString &id);
    QString conversationId() const { return m_conversationId; }
    void setTurnTimeout(int ms);
    int turnTimeout() const { return m_turnTimeoutMs; }

    // Appends the user line to the model and store and sends user.message. False with a reason when
    // it cannot be sent (no backend, not connected, a turn already in progress): then nothing is added.
    bool sendUserMessage(const QString &text, QString *error = nullptr);
    // card.decision (seed 002): stored as a user line of its own carrying "card_decision" (and the note
    // as its content, e.g. "[Button pressed by Ada; action=approve]"), then sent. False with a reason.
    bool sendCardDecision(const QString &cardId, const QString &action, const QString &outcome,
                          const QString &note, QString *error = nullptr);
    // widget.action (seed 003): stored as a user line carrying "widget_action", then sent.
    bool sendWidgetAction(const QString &widget, const QString &action, const QByteArray &payloadJson,
                          QString *error = nullptr);
    // The user stops the turn in progress: streamed prose so far is kept and stored, the turn is
    // marked incomplete, later events of it are ignored.
    void stopTurn();

    bool isTurnActive() const { return !m_activeTurn.isEmpty(); }
    QString activeTurnId() const { return m_activeTurn; }

Q_SIGNALS:
    void turnStarted(const QString &turnId);
    void turnFinished(const QString &turnId, Tessera::TurnOutcome outcome, const QString &reason);
    // Something the user should see in the status bar / on stderr (one sentence).
    void notice(const QString &message);
    // A store write failed: the line is in the model but not saved.
    void storeFailed(const QString &message);
    // Issued when the session created the stored conversation (first message).
    void conversationCreated(const QString &id);

private:
    void onEvent(const WireEvent &event);

    ConversationModel *m_model;
    ConversationStore *m_store;
    Backend *m_backend = nullptr;
    QString m_conversationId;
    QString m_activeTurn;
    int m_turnTimeoutMs = kDefaultTurnTimeoutMs;
    QTimer *m_turnTimer = nullptr;
};

} // namespace Tessera
