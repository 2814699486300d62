#pragma once

// A live backend (PRODUCT.md §4, issue 5): something that hosts the agent and speaks wire protocol v1.
// Three transports implement it: StdioBackend (a child process), WebSocketBackend (ws:// and wss://) and
// OpenAiBackend (an OpenAI-compatible /v1/chat/completions endpoint, with Tessera hosting the card tools).
//
// All I/O is non-blocking on the thread the backend lives on (the GUI thread): QProcess, QWebSocket and
// QNetworkReply signals, never a blocking wait. Faults never throw: a malformed or oversize event is a
// protocolError and is skipped; a lost connection is a state change with a reason.
// Delete a backend with deleteLater(), never inside one of its own signals (its QProcess/QWebSocket is
// still inside the emission).

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <backend/wireevent.h>

namespace Tessera {

enum class ConnectionState {
    Disconnected, // not started, or stopped
    Connecting,   // starting the process / opening the socket
    Connected,    // events can be sent
    Reconnecting, // lost; trying again after a back-off (WebSocket)
    Failed,       // gave up or exited; detail says why; start() or restart() tries again
};

class Backend : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // "stdio: PROGRAM ARGS", "ws://host:port/path", "openai: URL (model NAME)".
    virtual QString description() const = 0;
    virtual void start() = 0;
    virtual void stop() = 0;
    virtual void restart();
    ConnectionState state() const { return m_state; }
    QString stateDetail() const { return m_stateDetail; }

    // Client events (PRODUCT.md §4). False with a reason in *error when it cannot be sent now (not
    // connected, write failed). On success eventSent carries the exact bytes written.
    bool sendUserMessage(const QString &text, QString *error = nullptr);
    bool sendCardDecision(const QString &cardId, const QString &action, const QString &outcome,
                          QString *error = nullptr);
    bool sendWidgetAction(const QString &widget, const QString &action, const QByteArray &payloadJson,
                          QString *error = nullptr);
    // The user stopped the turn: a transport that can stop generating does (OpenAI: aborts the request).
    // Events of that turn that still arrive are the session's to ignore. Default: nothing to do.
    virtual void cancelTurn() {}
    // The stored conversation's earlier lines (transcript lines as stored, oldest first), so a backend
    // that keeps the conversation itself (OpenAI) continues it. Wire backends keep their own: ignored.
    virtual void setHistory(const QList<QByteArray> &transcriptLines) { Q_UNUSED(transcriptLines); }
    // Where the backend's own log goes (stdio: the child's stderr), empty when it has none.
    virtual QString logFilePath() const { return {}; }
    // A card.decision for this card is part of the turn in progress (issue 16: a tool call's consent
    // card), so it may be sent while the turn runs. Default: no card is.
    virtual bool awaitsDecision(const QString &cardId) const { Q_UNUSED(cardId); return false; }
    // The turn is waiting for the person (a consent card) or for a tool that has its own timeout: the
    // session's silence timeout does not apply meanwhile. Default: never.
    virtual bool isWaitingOnTool() const { return false; }

Q_SIGNALS:
    void eventReceived(const Tessera::WireEvent &event);
    void eventSent(const QByteArray &event);
    void stateChanged(Tessera::ConnectionState state, const QString &detail);
    // Something arrived that is not a usable event: malformed JSON, oversize, unknown type. One sentence.
    void protocolError(const QString &message);

protected:
    // Writes one serialised client event. False with a reason when it cannot.
    virtual bool writeEvent(const QByteArray &event, QString *error) = 0;
    void setState(ConnectionState state, const QString &detail = {});
    // One received event (a line or a frame): eventReceived when it parses to a v1 type, otherwise
    // protocolError with `where` in front ("line 12: not JSON: …", "frame 3: unknown event type …").
    void receiveEvent(const QByteArray &bytes, const QString &where);

private:
    bool send(const QByteArray &event, QString *error);

    ConnectionState m_state = ConnectionState::Disconnected;
    QString m_stateDetail;
};

QString connectionStateName(ConnectionState state); // "connected", … (translated in the app)

} // namespace Tessera
