#pragma once

// Wire protocol v1 (PRODUCT.md §4): JSON objects, one per line (stdio) or per text frame (WebSocket).
//
// backend -> client: turn.started {turnId}, message.delta {turnId, text}, message {message},
//                    card.update {cardId, state, ...}, turn.completed {turnId}, error {message},
//                    canvas.open {tab}, canvas.update {source|tabId, content}, canvas.close {source|tabId}
//                    (the canvas panel, issue 15: only the event's shape is checked here; its fields are
//                    the panel's to judge, workbench/canvascommand.h)
// client -> backend: user.message {text, surface: {client: "tessera", draws: ["cards", "json_render",
//                    "dorkos_ui"]}} (seed 000's surface boundary), card.decision {cardId, action, outcome},
//                    widget.action {widget, action, payload}
// Every event names its type in "type". Unknown members are kept (raw) and ignored.

#include <QByteArray>
#include <QMetaType>
#include <QString>

namespace Tessera {

enum class WireEventType {
    TurnStarted,
    MessageDelta,
    Message,
    CardUpdate,
    TurnCompleted,
    Error,
    CanvasOpen,
    CanvasUpdate,
    CanvasClose,
    Unknown, // a well-formed event of a type v1 does not define: reported, never fatal
};

struct WireEvent
{
    WireEventType type = WireEventType::Unknown;
    QString typeName;    // "type" as received
    QString turnId;      // turn.started, message.delta, turn.completed; message: its message's turn_id if any
                         // (else the event's own "turnId"); card.update, error: "turnId" when given
    QString text;        // message.delta
    QByteArray message;  // message: the exact bytes of the "message" object in the line (a transcript line)
    QString cardId;      // card.update
    QString state;       // card.update
    QString errorMessage; // error: "message"
    // canvas.*: the event minus "type" as compact JSON text (the command object); "turnId" when given
    QByteArray canvasCommand;
    QByteArray raw;      // the whole event as received
};

// Largest event accepted (one line or frame). A longer one is refused with a specific error and skipped
// to its end; the events around it still arrive. 50 MB is a fault case of issue 5.
inline constexpr qsizetype kMaxWireEventBytes = 16 * 1024 * 1024;

// Parses one event. False with a one-line reason ("line 12: not JSON: …", "message.delta: turnId is
// required") for a malformed event; an unknown type parses (type Unknown) so the caller can report it.
bool parseWireEvent(const QByteArray &bytes, WireEvent *event, QString *error);

// Client -> backend events, serialised compactly (no line breaks: one event is one line).
QByteArray userMessageEvent(const QString &text);
QByteArray cardDecisionEvent(const QString &cardId, const QString &action, const QString &outcome);
// payloadJson: a JSON value (object) as text; empty = null. It is sent as written (exact digits); text
// that is not strict JSON gives an empty result, which the transports refuse to send.
QByteArray widgetActionEvent(const QString &widget, const QString &action, const QByteArray &payloadJson);

} // namespace Tessera

Q_DECLARE_METATYPE(Tessera::WireEvent)
