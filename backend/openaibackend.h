#pragma once

// An OpenAI-compatible chat completions endpoint as a backend (PRODUCT.md §4, issue 5: --openai URL
// --model NAME). Tessera hosts emit_card and render_ui itself (openaitools.h) and runs the tool loop.
// Works with llama.cpp's server, Ollama, vLLM and OpenAI.
//
// Endpoint: the URL as given when its path ends in /chat/completions; "/chat/completions" appended when
// it ends in /v1 (the usual "base URL"); else "/v1/chat/completions" appended (a server root such as
// http://127.0.0.1:8080). Query strings are kept.
//
// The session sees the same wire events as from any backend (parseWireEvent of real JSON text):
//  - user.message, card.decision and widget.action each become a user message and start a turn; while a
//    turn runs they are refused ("the model is still answering"). start() needs no network: Connected.
//  - turn.started {turnId}; message.delta {turnId, text} per content delta; at the end of each model
//    round a `message` with the assistant line {role, content (null when none), tool_calls, turn_id};
//    per tool call a `message` with the tool line {role: tool, tool_call_id, name, content: the ack or
//    the refusal, structured: {card} only when drawn, turn_id}; turn.completed at the end.
//  - A round with tool calls is answered and the conversation continues (whatever finish_reason says:
//    Ollama has reported "stop" beside tool calls); a round without tool calls ends the turn. After
//    kMaxToolRounds rounds that all called tools the turn ends with an error saying so.
//  - Tool calls written instead of made (seed 002, finding 17; openaiproseguard.h): prose that may be
//    one is held back from message.delta until it is known; what is stripped is never streamed. In a
//    round without calls, a tool's name as the last word or an imitated call makes the loop re-enter
//    once per turn: the model is asked (a user message, not in the transcript) to make the call, and a
//    muted line says so: a tool line {role: tool, name: "tessera", content, tessera_notice, turn_id}
//    answering no call (drawn as tool activity; never sent to the endpoint). The re-entry is a round
//    of kMaxToolRounds. A second fumble, or one in the last round, is stripped and ends the turn.
//  - Faults end the turn with one `error {message, turnId}` and no turn.completed: HTTP 401, 429 (with
//    Retry-After), any other status (with the body's error.message), connection refused, host not found,
//    TLS failure, no bytes for transferTimeout(), the stream ending before [DONE] or a finish_reason, a
//    stream event that is not JSON or is larger than kMaxStreamEventBytes, an error object in the stream.
//    Prose received before a fault is still sent as an assistant line first: nothing received is lost.
//  - cancelTurn() aborts the request; nothing more is emitted for that turn.
// Tool calls in a stream: deltas are gathered by their index; a new non-empty id at an index already
// holding a call with another id starts a new call (Ollama 0.20-0.23 sends parallel calls all at index
// 0). Tool-call ids that are missing, empty or repeat an earlier id are replaced by new ones ("call_" +
// 32 hex) in the transcript lines, so a card id names one call; the requests of the turn carry each id
// exactly as the server sent it, even "" (Google's endpoint), and a made-up one only where it sent none. Events are emitted from network callbacks: a slot that wants the backend
// gone uses deleteLater().
//
// Hosted tools (issue 16; backend/toolhost.h, docs/decisions.md "MCP tools and consent"): with a tool
// host set, its tools are offered after emit_card and render_ui. A round's calls are answered one at a
// time, in order. A hosted tool runs only with consent: a tool line {role: tool, name: "tessera",
// tessera_notice: "tool_consent", tessera_consent: {tool, server, callId}, structured: {cardId:
// "consent:ID", card: a tool_consent card}} asks, and the turn waits for card.decision on that card
// (awaitsDecision; allow_once, allow_conversation, deny). Allowed for this conversation, or read-only with
// setAutoAllowReadOnly, runs without asking, unless the tool is annotated destructive. The result's text
// is the tool line's content and the tool message: {role: tool, tool_call_id, name, content,
// tessera_tool: {server, tool, consent, duration_ms, is_error}, turn_id}; a denial tells the model it was
// denied. cancelTurn() cancels a running call (MCP notifications/cancelled). A result a descriptor mapped
// onto a card (ToolRun::cardEnvelope) carries it as structured.card, drawn in place of the tool line; one
// that did not fit says why in tessera_tool.card_note. A running call's request for input (MCP elicitation,
// ToolRun::inputRequested) is a tool line {tessera_notice: "tool_input", tessera_input: {server, callId,
// params}, structured: {cardId: "input:CALLID:KEY"}}; the turn takes card.decision on that id (accept with
// the values as JSON text in outcome, decline, cancel) and passes it to the run (ToolRun::answerInput).
// A tool with an MCP App view (ToolRun::appJson, mcp/mcpapp.h) adds "tessera_app" to that line: the
// view's HTML and what it is drawn with, never sent to the model; nor is an app's own consent card
// (AppToolConsent, backend/toolhost.h) or its decision: setHistory skips both.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <nlohmann/json_fwd.hpp>

#include <backend/backend.h>
#include <backend/toolhost.h>
#include <cards/transcript.h>
#include <backend/openaiproseguard.h>
#include <backend/openaisseparser.h>
#include <workbench/canvaspanelstate.h>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace Tessera {

class OpenAiBackend : public Backend
{
    Q_OBJECT

public:
    static constexpr int kMaxToolRounds = 8;
    static constexpr int kDefaultTransferTimeoutMs = 120000; // silence, not total length
    static constexpr qsizetype kMaxStreamEventBytes = 4 * 1024 * 1024; // one SSE event
    static constexpr qsizetype kMaxRoundBytes = 8 * 1024 * 1024;       // content + arguments of one round
    static constexpr qsizetype kMaxErrorBodyBytes = 64 * 1024;          // kept of an error status's body
    static constexpr qsizetype kMaxToolResultChars = 64 * 1024;         // of a hosted tool's result, for the model
    static constexpr int kDefaultToolHostWaitMs = 5000; // a turn waits this long for a host's tools (see below)

    // apiKey empty: no Authorization header (local servers need none).
    OpenAiBackend(const QUrl &baseUrl, const QString &model, const QString &apiKey, QObject *parent = nullptr);
    ~OpenAiBackend() override;

    static QUrl endpointFor(const QUrl &baseUrl);
    QUrl endpoint() const { return m_endpoint; }
    QString model() const { return m_model; }

    QString description() const override; // "openai: ENDPOINT (model NAME)", without user info
    void start() override;
    void stop() override;
    void cancelTurn() override;
    // Earlier transcript lines (PRODUCT.md §2) the conversation continues from: user, assistant and tool
    // lines become request messages; a tool line is sent with its ack only (seed 000: the payload never
    // echoes into history). Every tool call is paired with its result right after it (a missing result
    // is made from the call as the tool would answer it), results without a call are dropped: endpoints
    // refuse unpaired tool messages. Replaces what this backend held. Ignored during a turn.
    void setHistory(const QList<QByteArray> &transcriptLines) override;
    // The person's own instructions for this conversation (issue 12): the request's system message is
    // them, a blank line, then Tessera's card rules (OpenAiTools::systemPrompt), which always follow.
    // Empty: the card rules alone. Takes effect at the next turn; a turn in progress keeps its own.
    void setSystemPrompt(const QString &prompt);
    QString systemPrompt() const { return m_userPrompt; }
    // The system message's content as the next turn will send it.
    QString systemContent() const;
    // The request messages after the system prompt, each compact JSON text (for tests and debugging).
    QList<QByteArray> conversationMessages() const { return m_messages; }

    void setTransferTimeout(int ms); // default kDefaultTransferTimeoutMs; for the next request
    int transferTimeout() const { return m_transferTimeoutMs; }
    bool isAnswering() const { return !m_turnId.isEmpty(); }
    // The canvas panel control_ui calls are judged against: the fold of the history given (setHistory)
    // and of the calls accepted since.
    const CanvasPanelState &canvasState() const { return m_canvas; }

    // Hosted tools (see the header comment). Not owned; may be null (the card tools only). Set before a turn.
    void setToolHost(ToolHost *host) { m_toolHost = host; }
    ToolHost *toolHost() const { return m_toolHost.data(); }
    // Tools annotated readOnlyHint run without asking (a setting, default off); destructive ones always ask.
    void setAutoAllowReadOnly(bool allow) { m_autoAllowReadOnly = allow; }
    // The first turn sent while the host is not ready (MCP servers still connecting, issue 16): the turn
    // starts (turn.started, so Stop works), then waits until the host is ready or for toolHostWait(),
    // whichever is first, before its first request goes out; isWaitingForTools() meanwhile. The sources
    // still not ready then are skipped (toolSourcesSkipped, and a log line) and the turn goes on with the
    // tools it has; their tools come in later rounds once listed. A host is waited for once: later turns
    // on the same host do not wait again. cancelTurn() ends the wait; no request is made.
    void setToolHostWait(int ms) { m_toolHostWaitMs = qMax(0, ms); }
    int toolHostWait() const { return m_toolHostWaitMs; }
    bool isWaitingForTools() const { return m_waitingForTools; }
    // The request's "tools" array as the next round sends it, compact JSON.
    QByteArray toolsJson() const;
    // The hosted tools' names as offered (sorted), for the message to a call of an unknown tool.
    QStringList hostedToolNames() const;
    // Hosted tools the person allowed for this conversation (restored from history by setHistory).
    QSet<QString> allowedForConversation() const { return m_allowedTools; }
    // Who decides a consent card when no person presses its button (`tessera ask --allow-tool`): the
    // tool line's consent words for it ("allowed by --allow-tool PATTERN", "denied: …"), in place of
    // "allowed once by the user" / "denied by the user". Set before the card's allow_once or deny is
    // sent; used by that decision only, forgotten when the turn ends.
    void setDecidedBy(const QString &cardId, const QString &consentWords);
    bool awaitsDecision(const QString &cardId) const override;
    bool isWaitingOnTool() const override { return !m_waitingCardId.isEmpty() || m_run; }

Q_SIGNALS:
    // A running hosted call's notifications/progress (callId: the transcript's id, toolName: server__tool);
    // total 0 = unknown.
    void toolProgress(const QString &callId, const QString &toolName, double progress, double total,
                      const QString &message);
    // The wait for the tool host's tools began (true) or ended (false); see setToolHostWait.
    void waitingForToolsChanged(bool waiting);
    // The wait ended with these sources (MCP servers) not ready: this turn goes on without their tools.
    void toolSourcesSkipped(const QStringList &sources, int waitedMs);

protected:
    bool writeEvent(const QByteArray &event, QString *error) override;

private:
    struct PendingCall
    {
        QString id;           // as the server sent it ("" when it sent none or sent "")
        bool idSent = false;  // the server sent an id member (a string), perhaps ""
        QString name;
        QByteArray arguments;
    };
    // Where a call's deltas go: the delta's index, and which call at that index (0, then 1 when a new id
    // arrives at an index in use). Ordered by index, then arrival: the order the calls are answered in.
    using CallKey = QPair<int, int>;

    void beginTurn(const QString &userText);
    void firstRound(quint64 generation);
    void endToolWait();
    void postRound();
    void onReadyRead();
    void readReply();
    void onFinished();
    void abortReply();
    void resetRound();
    bool handleStreamEvent(const QByteArray &data, bool atEnd);
    bool handleChunk(const nlohmann::json &chunk);
    bool addToolCallDelta(const nlohmann::json &delta, int position);
    int indexWithout(const QString &id, int position) const;
    CallKey keyFor(int index, const QString &id);
    bool applyCompletion(const QByteArray &body);
    void finishRound();
    void failTurn(const QString &message);
    void completeTurn();
    void keepPartialProse();
    void logStripped(const OpenAiProseVerdict &prose) const;
    static QString fumbleRequest(const OpenAiProseVerdict &prose);
    static QByteArray fumbleNoticeLine(const QString &turnId, const OpenAiProseVerdict &prose, bool reentered);
    QString httpFailure(int status) const;
    QString networkFailure(int error, const QString &errorString) const;
    QString uniqueCallId(const QString &proposed);
    // Hosted tools: the calls of a round, answered in order (consent, run, result).
    struct QueuedCall
    {
        ToolCall stored; // the transcript's id
        QString sentId;  // the server's id, for the tool message
        HostedTool tool; // name empty: a card tool (or an unknown one), answered at once
    };
    void runQueue();
    void answerCardCall(const QueuedCall &call);
    void askConsent(const QueuedCall &call);
    bool decideConsent(const QString &cardId, const QString &action, QString *error);
    void applyConsent(const QString &action, const QString &decidedBy);
    void startRun(const QueuedCall &call, const QString &consent);
    void onRunFinished();
    void answerHosted(const QueuedCall &call, const QString &content, const QString &consent, qint64 durationMs,
                      bool isError, const QByteArray &cardEnvelope = {}, const QString &cardNote = {},
                      const QByteArray &appJson = {});
    void askInput(const QString &callId, qint64 key, const QString &server, const QByteArray &paramsJson);
    bool decideInput(const QString &cardId, const QString &action, const QString &outcome, QString *error);
    static QString cappedMessage();
    void endToolRound();
    void dropHostedState();

    // Each builds the event as JSON text and emits it through parseWireEvent.
    void emitEvent(const QByteArray &eventText);
    void emitCanvasEvent(const QString &turnId, const QByteArray &eventJson); // control_ui's canvas.* event
    void emitTurnStarted(const QString &turnId);
    void emitDelta(const QString &turnId, const QString &text);
    void emitMessage(const QByteArray &line);
    void emitTurnCompleted(const QString &turnId);
    void emitError(const QString &turnId, const QString &message);

    QUrl m_endpoint;
    QString m_model;
    QString m_apiKey;
    int m_transferTimeoutMs = kDefaultTransferTimeoutMs;
    QNetworkAccessManager *m_network; // owned (child)
    QPointer<QNetworkReply> m_reply;  // the round in flight
    OpenAiSseParser m_sse{kMaxStreamEventBytes};

    QString m_userPrompt;         // setSystemPrompt(): for the next turn
    QString m_turnSystemContent;  // the system message of the turn in progress
    QList<QByteArray> m_messages; // request messages after the system prompt, compact JSON
    QSet<QString> m_callIds;      // every tool-call id this conversation used

    // The turn in progress; m_turnId empty = none.
    QString m_turnId;
    quint64 m_generation = 0; // bumped when a turn starts, ends or is cancelled: stale work sees it
    int m_round = 0;          // rounds requested in this turn, 1-based
    bool m_reentered = false; // this turn already asked the model once to make a call it wrote out
    QList<QByteArray> m_turnCards; // envelopes drawn in this turn: the cards on screen
    CanvasPanelState m_canvas;     // the conversation's canvas panel, as control_ui calls are judged against

    // Hosted tools.
    QPointer<ToolHost> m_toolHost;
    int m_toolHostWaitMs = kDefaultToolHostWaitMs;
    bool m_waitingForTools = false;
    QTimer *m_toolWaitTimer = nullptr;     // owned (child); single shot, the wait's bound
    QMetaObject::Connection m_toolReady;   // the host's ready() during the wait
    QPointer<ToolHost> m_waitedFor;        // the host a turn already waited for
    bool m_autoAllowReadOnly = false;
    QSet<QString> m_allowedTools;  // allowed for this conversation
    QList<QueuedCall> m_queue;     // the round's calls still to answer; the first is the current one
    QString m_waitingCardId;       // the consent card the first queued call waits on
    QPointer<ToolRun> m_run;       // the first queued call, running
    qint64 m_runStartedMs = 0;
    QString m_runConsent;
    QHash<QString, qint64> m_waitingInputs; // input card id -> the running call's key (ToolRun::inputRequested)
    QHash<QString, QString> m_decidedBy;     // consent card id -> its consent words (setDecidedBy)

    // The round being received.
    bool m_statusKnown = false;
    int m_httpStatus = 0;
    bool m_plainJson = false; // the endpoint answered one JSON completion instead of a stream
    QByteArray m_body;        // error status or plain JSON: the body so far
    bool m_sawDone = false;
    QString m_finishReason;
    QString m_content;        // as received
    OpenAiProseGuard m_guard; // what of m_content is shown and kept
    QMap<CallKey, PendingCall> m_calls;
    QMap<int, int> m_callAtIndex; // the delta index -> the call at it that deltas without an id extend
    int m_lastCallIndex = -1;     // the delta index last used
    qsizetype m_roundBytes = 0;
};

} // namespace Tessera
