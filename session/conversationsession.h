#pragma once

// One live conversation (issue 5): a backend's events drive the conversation model and the store.
//
//  - turn.started: the store begins the turn; turnStarted (the window shows a turn in progress).
//  - message.delta: text is gathered into a provisional assistant block (ConversationModel streaming
//    message), redrawn at most every kDeltaCoalesceMs (longer when a redraw is slow: at most a fifth of
//    the time goes to redrawing) so a flood of deltas never starves the GUI.
//  - message: the line is validated at the wire (seed 000's second validation point: an invalid card
//    becomes a fallback block and a log line), appended to the model and stored before anything else
//    happens (one transaction each: a crash mid-turn loses nothing committed). Prose streamed before it
//    is committed first as its own assistant line {"role":"assistant","content":…,"turn_id":…} — except
//    when the message is an assistant line whose content starts with the streamed text (trimmed): that
//    line is the final form of the same prose and wins, so the prose is neither shown nor stored twice.
//    A card tool call (emit_card, render_ui, send_card) draws where a replay would: at a tool line
//    carrying structured.card; from its arguments at a plain ack; not at all when refused ({"ok":false});
//    never answered: from its arguments before the next non-tool line or at the turn's end.
//  - card.update: stored as a system line {"role":"system","content":"card ID is now STATE",
//    "card_update":{the event minus "type"}}, applied to the drawn card in place (the model's lifecycle).
//  - A card the turn in progress waits on (Backend::awaitsDecision: a tool call's consent card, issue 16)
//    is decided during the turn; while the backend waits on the person or a tool (isWaitingOnTool) the
//    silence timeout is not applied. A consent card the turn ends without a decision on is stored as
//    expired (card_update {state: "expired"}), so a replay offers no button. A running tool's
//    notifications/progress is the provisional block (its tool line with tessera_tool {progress, total}),
//    never stored; its result line replaces it.
//  - turn.completed: remaining streamed prose is stored, the turn completed. A turn that brought no
//    prose and no card gets a muted "The agent sent no answer." line (seed 000: never blank).
//  - error: stored as a system line {"role":"system","content":…,"error":{"message":…}}, shown as a
//    notice line in the view (ConversationModel::appendNotice; a system line draws nothing), logged;
//    the turn fails with "the backend reported an error: …".
//  - canvas.open / canvas.update / canvas.close (issue 15; workbench/canvascommand.h): not bound to a
//    turn (a scheduled agent may push a document between turns). Each is checked against the panel as
//    the conversation's stored canvas lines leave it (CanvasPanelState, read once per conversation):
//    field-level issues, or a tab that is not open, are one notice (per turn and type) and nothing is
//    stored. An accepted command is stored as {"role":"system","content":"canvas: …","canvas":{…}}
//    and canvasCommandStored is emitted, whether or not a window shows the conversation: a
//    conversation that is not open shows it when it is opened (the panel replays the stored lines).
//  - Turn versions (issue 12; cards/transcript.h "Turn versions"): Regenerate and Edit and resend ask
//    the last exchange again as a new version, the old one kept; the backend is given the chosen
//    versions only (syncHistory, chosenVersionMessages). Only for backends whose history Tessera holds
//    (OpenAI-compatible): stdio and WebSocket agents keep their own and are never offered them.
//  - System prompt (issue 12): a conversation's own instructions for an OpenAI-compatible backend, kept
//    by the store (ConversationStore::systemPrompt) and read when the conversation is set; given to the
//    backend before every send, so a change applies from the next turn. Tessera's card rules follow it.
//  - A turn with no event for turnTimeout() is marked incomplete ("cut off") and fails with a reason;
//    so does a turn whose backend fails or stops (state Failed or Disconnected) with the backend's reason.
//    A failed, stopped or timed-out turn is marked incomplete in the store at once, its streamed prose
//    kept, and one notice line says why. A backend that keeps the history is then given the stored
//    lines again (at once when idle, else before the next send), so its copy of the conversation and
//    of the canvas panel agrees with the store's. The reason travels with turnFinished (notice() is
//    not repeated).
//  - Events for an unknown, finished or stopped turn (or a message/delta with no turn in progress),
//    unknown types and malformed events are reported through notice() once per turn and type, never
//    applied, never fatal. A second turn.started while one runs cuts the first off.
//
// The session does not own the model or the store. The store may be null (nothing saved, headless tests).

#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QString>

#include <backend/wireevent.h>
#include <cards/transcript.h>
#include <workbench/canvaspanelstate.h>

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
    // The pace adapts to the cost of drawing: at most every 4x the last redraw's time, up to this.
    static constexpr int kMaxCoalesceMs = 2000;
    static constexpr int kDefaultTurnTimeoutMs = 120000; // silence, not total length
    // Streamed prose is saved as it arrives (PRODUCT.md §6), one store write per second at most, or
    // sooner once this much is unsaved: bounded cost, and a crash loses at most a second of it.
    // card.update limits: an update over either is refused, as is one that names no card of the
    // conversation (loaded or stored); refusals are never stored, one notice per turn and reason.
    static constexpr int kMaxCardIdLength = 256;   // UTF-16 code units
    static constexpr int kMaxCardStateLength = 64; // states are words: "live", "approved", …
    static constexpr int kStreamSaveMs = 1000;
    static constexpr int kStreamSaveChars = 32 * 1024;

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

    // Sends user.message. Refused (false with a reason, nothing added) when there is no backend, it is
    // not connected, or a turn is in progress or awaited (isBusy). Otherwise the user line
    // {"role":"user","content":TEXT} is appended to the model and stored FIRST, then sent: when the
    // write fails the line stays (nothing typed is lost), false with "not sent: REASON".
    // After a successful send the session awaits the backend's turn.started (isBusy; the turn timeout
    // runs from here, so a backend that never answers still ends in TimedOut).
    bool sendUserMessage(const QString &text, QString *error = nullptr);
    // card.decision (seed 002). Refused like sendUserMessage (a turn in progress counts: no queue).
    // Sent FIRST, then stored as a user line of its own {"role":"user","content":NOTE,"card_decision":
    // {"cardId","action","outcome"}} (NOTE e.g. "[Button pressed by Ada; action=approve]"): a decision that
    // never reached the backend must not mark the card decided. False with a reason when not sent.
    bool sendCardDecision(const QString &cardId, const QString &action, const QString &outcome,
                          const QString &note, QString *error = nullptr);
    // widget.action (seed 003): refused/sent/stored like sendCardDecision, as a user line carrying
    // "widget_action": {"widget","action","payload"}. payloadJson must be a JSON object or empty.
    bool sendWidgetAction(const QString &widget, const QString &action, const QByteArray &payloadJson,
                          QString *error = nullptr);
    // --- turn versions (issue 12) ------------------------------------------------------------------
    // The backend's history is Tessera's to give (OpenAI-compatible), so a turn can be asked again.
    bool canReviseTurns() const;
    // Regenerate / Edit and resend may run now: canReviseTurns, nothing busy, and the last exchange
    // starts with a typed user line (not a card decision or a widget action).
    bool canReviseLastTurn() const;
    // What the last exchange's shown version asked (the text Edit and resend starts from); "" if none.
    QString lastQuestion() const;
    // Stores {"role":"system","content":…,"turn_version":{"group","version","from"}} and asks the
    // question again: the backend gets the chosen history up to and including the question, without
    // the old answer. Refused (false with a reason) unless canReviseLastTurn and connected.
    bool regenerateLastTurn(QString *error = nullptr);
    // Stores {"role":"user","content":TEXT,"turn_version":{"group","version"}} and sends it: the backend
    // gets the chosen history before the edited question, then TEXT. Refused like regenerateLastTurn.
    bool resendEdited(const QString &text, QString *error = nullptr);
    // Stores {"role":"system","content":…,"version_choice":{"group","version"}}: the model shows that
    // version, and the next turn continues from it. Needs no backend; refused while busy, when the
    // group has no such version, or when the store is open and no stored conversation is set.
    bool chooseVersion(const QString &group, int version, QString *error = nullptr);
    // The line chooseVersion stores, for a window with no session to write it (no backend set).
    static QByteArray versionChoiceLine(const QString &group, int version, int count);

    // --- the conversation's system prompt (issue 12) -------------------------------------------------
    // Only a backend whose history Tessera holds takes one (OpenAI-compatible, like canReviseTurns):
    // a stdio or WebSocket agent keeps its own instructions.
    bool acceptsSystemPrompt() const { return canReviseTurns(); }
    QString systemPrompt() const { return m_systemPrompt; }
    // Stored for the stored conversation set (else kept until the session creates one); the backend
    // gets it with the next turn. False with a reason when the store refuses it (too long, read-only).
    bool setSystemPrompt(const QString &prompt, QString *error = nullptr);

    // --- the canvas panel (issue 15) ------------------------------------------------------------------
    // The panel as the conversation's canvas lines leave it (read from the store on first use).
    const CanvasPanelState &canvasState();
    // The person's own command (edit, apply, discard, done; workbench/canvascommand.h) on the
    // conversation's panel: checked, stored, emitted like the agent's. Needs no backend; false with the
    // issues as text when refused or when the store refuses the line.
    bool recordCanvasCommand(Tessera::CanvasOp op, const QByteArray &objectJson, QString *error = nullptr);

    // --- an MCP App's own tool calls (issue 16 "MCP Apps"; backend/toolhost.h AppToolConsent) ---------
    // Appends the app's consent card to the conversation as a stored line of no turn (needs no backend,
    // never sent to it) and returns its card id. The call waits for sendCardDecision on that id (allow_once
    // or deny, stored as for any card: appToolConsentDecided) or until the card expires, stored as
    // card_update {state: "expired"} (appToolConsentExpired): on stopTurn, when the conversation changes
    // (setConversationId), or by expireAppToolConsent (the app's view went away). "" with a reason when
    // the line could not be stored (nothing is shown then).
    QString putAppToolConsent(const QString &tool, const QString &server, const QByteArray &argumentsJson,
                              const QString &app, QString *error = nullptr);
    void expireAppToolConsent(const QString &cardId, const QString &reason);
    bool isAppToolConsentWaiting() const { return !m_appConsents.isEmpty(); }

    // The user stops the turn in progress: streamed prose so far is kept and stored, the turn is
    // marked incomplete, later events of it are ignored. An app's waiting consent card expires too,
    // with or without a turn.
    void stopTurn();

    bool isTurnActive() const { return !m_activeTurn.isEmpty(); }
    QString activeTurnId() const { return m_activeTurn; }
    // A turn in progress, or awaited after a user message (nothing else may be sent meanwhile).
    bool isBusy() const { return isTurnActive() || m_awaitingTurn; }
    // The turn waits for the MCP servers' tools before its first request (OpenAiBackend::isWaitingForTools,
    // issue 16 "the first turn"); waitingForToolsChanged when that starts or ends. Stop works meanwhile.
    bool isWaitingForTools() const;

Q_SIGNALS:
    void waitingForToolsChanged();
    void turnStarted(const QString &turnId);
    void turnFinished(const QString &turnId, Tessera::TurnOutcome outcome, const QString &reason);
    // Something the user should see in the status bar / on stderr (one sentence).
    void notice(const QString &message);
    // A store write failed: the line is in the model but not saved.
    void storeFailed(const QString &message);
    // Issued when the session created the stored conversation (first message).
    void conversationCreated(const QString &id);
    // A line was appended to the model (the user's, the backend's, or one the session wrote; also the
    // line-less message of a card drawn from a call's arguments). Not for notices or the streaming
    // message. `tessera ask` prints from it.
    void messageAdded(const Tessera::Message &message);
    // A canvas command was accepted and stored (line: the stored line) for conversationId (empty for a
    // conversation that is not stored: a file or the demo on screen).
    void canvasCommandStored(const QString &conversationId, const QByteArray &line);
    // Streamed prose of the active turn as it arrives (every delta, before coalescing).
    void deltaReceived(const QString &turnId, const QString &text);
    // An app's consent card (putAppToolConsent) was decided (allowed: Allow once) or expired (reason:
    // one sentence, e.g. "stopped by you"); appToolConsentsChanged after either and after one is put up.
    void appToolConsentDecided(const QString &cardId, bool allowed);
    void appToolConsentExpired(const QString &cardId, const QString &reason);
    void appToolConsentsChanged();

private:
    void onEvent(const WireEvent &event);
    void onStateChanged(int state, const QString &detail); // int(ConnectionState)
    void onTurnStarted(const WireEvent &event);
    void onMessage(const WireEvent &event);
    void onCardUpdate(const WireEvent &event);
    void onError(const WireEvent &event);
    void onCanvas(const WireEvent &event);
    // Checks, stores and applies one canvas command; false with the reason.
    bool acceptCanvasCommand(CanvasOp op, const QByteArray &objectJson, QString *error);
    // Events of a turn that is not the active one: one notice per turn id, then ignored.
    void ignoreEvent(const WireEvent &event, const QString &why);
    bool preflight(QString *error) const; // may anything be sent now?
    void syncHistory();
    void resyncBackendHistory(); // after a turn that did not complete (finishTurn)
    void applySystemPrompt(); // the conversation's prompt to an OpenAI-compatible backend
    // Every line of the conversation, parsed (the store's when open, else the model's).
    QList<Message> conversationMessages() const;
    struct Revision; // the last exchange, as Regenerate / Edit and resend see it
    bool prepareRevision(Revision *revision, QString *error) const;
    bool askAgain(const QList<QByteArray> &history, const QString &text, QString *error);
    bool sendToBackend(const QString &text, QString *error);
    void addSessionLine(const QByteArray &line, const QString &titleHint);
    bool ensureConversation(const QString &titleHint);
    // Stores one line, then parses (validates) it into *appended for the model; false when storing
    // failed. titleHint names a conversation this line creates.
    // ofTurn false: the line belongs to no turn even while one runs (an app's consent card).
    bool appendLine(const QByteArray &rawLine, const QString &titleHint, Message *appended, bool ofTurn = true);
    bool decideAppToolConsent(const QString &cardId, const QString &action, const QString &outcome,
                              const QString &note, QString *error);
    void expireAppToolConsents(const QString &reason);
    void showStreamed();       // the coalescing timer: the provisional block shows what streamed so far
    void commitStreamedProse(); // streamed prose -> its own stored assistant line
    void saveStreamedProse();  // the unsaved tail of the streamed prose -> one stored piece
    void dropUnsavedStream();
    void flushPendingCardCalls();
    void expireConsentCards();
    void onToolProgress(const QString &callId, const QString &toolName, double progress, double total,
                        const QString &message);
    void clearToolProgress();
    // Ends the active (or awaited) turn: stored prose, store turn state, notice, turnFinished.
    void finishTurn(TurnOutcome outcome, const QString &reason, const QString &noticeText);
    void restartTurnTimer();

    ConversationModel *m_model;
    ConversationStore *m_store;
    Backend *m_backend = nullptr;
    QString m_conversationId;
    bool m_historySynced = false; // the backend got this conversation's earlier lines (setHistory)
    QString m_systemPrompt;       // the conversation's (trimmed); "" = none
    QString m_activeTurn;
    int m_turnTimeoutMs = kDefaultTurnTimeoutMs;
    QTimer *m_turnTimer = nullptr;
    QTimer *m_coalesceTimer = nullptr;
    QTimer *m_streamSaveTimer = nullptr; // streamed prose reaches the store at most this late
    bool m_awaitingTurn = false;   // user.message sent, turn.started not yet here
    bool m_ignoreNextTurn = false; // stopped while awaited: its turn.started is the stopped turn
    QString m_streamText;          // prose of the active turn not yet committed
    // Card ids of the stored conversation's pages not loaded in the model; read once, when an update
    // names a card the model does not hold.
    QSet<QString> m_storedCardIds;
    bool m_storedCardIdsRead = false;
    bool knowsCard(const QString &cardId);
    QString m_turnShownProse;      // prose the active turn's assistant lines showed (elideRepeatedTurnProse)
    QString m_unsavedStream;       // the tail of m_streamText not yet in the store's streamed pieces
    bool m_streamSaveFailed = false; // reported once per turn
    bool m_turnHasAnswer = false;  // the active turn brought prose or a card
    QStringList m_turnConsentCards; // consent cards (issue 16) the active turn put up
    QStringList m_appConsents;      // app consent cards waiting for a decision (putAppToolConsent)
    bool m_showsToolProgress = false; // the provisional block is a running tool's progress line
    QList<ToolCall> m_pendingCardCalls; // card tool calls not yet answered by a tool line
    QSet<QString> m_drawnCardCalls; // call ids drawn from their arguments: a late answer is not drawn again
    QSet<QString> m_finishedTurns; // completed, failed, stopped, timed out: their late events are ignored
    bool m_nextTurnStoppedByUser = false; // m_ignoreNextTurn came from stopTurn, not a timeout
    QSet<QString> m_stoppedTurns;  // stopped by the user: their late events are dropped without a notice
    QSet<QString> m_reportedTurns; // turn ids whose ignored events were already reported
    CanvasPanelState m_canvas;     // the conversation's panel (canvasState())
    bool m_canvasRead = false;
};

} // namespace Tessera
