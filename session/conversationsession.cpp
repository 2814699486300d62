#include <session/conversationsession.h>

#include <utility>

#include <QElapsedTimer>
#include <QLocale>
#include <QTimer>
#include <QtDebug>

#include <nlohmann/json.hpp>

#include <QUuid>

#include <backend/backend.h>
#include <backend/openaibackend.h>
#include <backend/toolhost.h>
#include <cards/conversationmodel.h>
#include <cards/dialects/widgetdocument.h>
#include <store/conversationstore.h>
#include <session/logging.h>

namespace Tessera {

namespace {

using ordered = nlohmann::ordered_json;

// Lines the session writes keep "role" first (ordered_json keeps insertion order), one line each.
QByteArray compactLine(const ordered &value)
{
    const std::string text = value.dump(-1, ' ', false, ordered::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

std::string utf8(const QString &text)
{
    return text.toStdString();
}

// The person's decision on a card (seed 002's typed card_decision), as the session stores it.
QByteArray decisionLine(const QString &cardId, const QString &action, const QString &outcome, const QString &note)
{
    ordered line = ordered::object();
    line["role"] = "user";
    line["content"] = utf8(note.isEmpty() ? QStringLiteral("[Decision on card %1: %2]").arg(cardId, action) : note);
    line["card_decision"] = ordered::object(
            {{"cardId", utf8(cardId)}, {"action", utf8(action)}, {"outcome", utf8(outcome)}});
    return compactLine(line);
}

// A card that can no longer be decided: stored as expired, so its buttons stay disabled on replay.
QByteArray expiredLine(const QString &cardId)
{
    ordered line = ordered::object();
    line["role"] = "system";
    line["content"] = utf8(QStringLiteral("card %1 is now expired").arg(cardId));
    line["card_update"] = ordered::object({{"cardId", utf8(cardId)}, {"state", "expired"}});
    return compactLine(line);
}

bool isCardTool(const QString &name)
{
    return isCardToolName(name); // transcript.h: the one list of card tools
}

QString durationText(int ms)
{
    return ms < 1000 ? ConversationSession::tr("%1 ms").arg(ms)
                     : ConversationSession::tr("%1 s").arg((ms + 500) / 1000);
}

// The stored conversation's title from the first thing said: one line, at most 80 characters.
QString titleFrom(const QString &text)
{
    QString title = text.simplified();
    if (title.size() > 80)
        title = title.left(79) + QChar(0x2026);
    return title;
}

} // namespace

ConversationSession::ConversationSession(ConversationModel *model, ConversationStore *store, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_store(store)
    , m_turnTimer(new QTimer(this))
    , m_coalesceTimer(new QTimer(this))
    , m_streamSaveTimer(new QTimer(this))
{
    m_turnTimer->setSingleShot(true);
    connect(m_turnTimer, &QTimer::timeout, this, [this] {
        if (!isBusy())
            return;
        if (m_backend && m_backend->isWaitingOnTool()) {
            restartTurnTimer(); // the person decides a consent card, or a tool runs with its own timeout
            return;
        }
        const QString silence = durationText(m_turnTimeoutMs);
        if (m_activeTurn.isEmpty()) {
            m_ignoreNextTurn = true; // a turn.started arriving later belongs to the request given up on
            finishTurn(TurnOutcome::TimedOut, tr("the backend did not start a turn within %1").arg(silence),
                       tr("No answer: the backend did not start a turn within %1.").arg(silence));
        } else {
            finishTurn(TurnOutcome::TimedOut, tr("the agent sent nothing for %1").arg(silence),
                       tr("This turn was cut off: the agent sent nothing for %1.").arg(silence));
        }
    });
    // A flood of deltas redraws the provisional block at most every kDeltaCoalesceMs.
    m_coalesceTimer->setSingleShot(true);
    m_coalesceTimer->setInterval(kDeltaCoalesceMs);
    connect(m_coalesceTimer, &QTimer::timeout, this, &ConversationSession::showStreamed);
    m_streamSaveTimer->setSingleShot(true);
    m_streamSaveTimer->setInterval(kStreamSaveMs);
    connect(m_streamSaveTimer, &QTimer::timeout, this, &ConversationSession::saveStreamedProse);
}

ConversationSession::~ConversationSession()
{
    if (m_backend)
        disconnect(m_backend, nullptr, this, nullptr); // its destructor may still report a state
}

void ConversationSession::setBackend(Backend *backend)
{
    if (backend == m_backend)
        return;
    if (m_backend) {
        disconnect(m_backend, nullptr, this, nullptr);
        Backend *old = m_backend;
        m_backend = nullptr;
        if (isBusy())
            finishTurn(TurnOutcome::Failed, tr("the backend was replaced"),
                       tr("This turn was cut off: the backend was replaced."));
        old->stop();
        old->deleteLater(); // may be inside one of its own signals
    }
    m_backend = backend;
    m_historySynced = false;
    m_finishedTurns.clear(); // a new backend numbers its turns afresh
    m_stoppedTurns.clear();
    m_reportedTurns.clear();
    if (!m_backend)
        return;
    m_backend->setParent(this);
    connect(m_backend, &Backend::eventReceived, this, &ConversationSession::onEvent);
    if (auto *openai = qobject_cast<OpenAiBackend *>(m_backend)) {
        connect(openai, &OpenAiBackend::toolProgress, this, &ConversationSession::onToolProgress);
        connect(openai, &OpenAiBackend::waitingForToolsChanged, this, &ConversationSession::waitingForToolsChanged);
        connect(openai, &OpenAiBackend::toolSourcesSkipped, this, [this](const QStringList &sources, int waitedMs) {
            Q_EMIT notice(tr("Sent without the tools of %1: not ready after %2 s")
                              .arg(QLocale().createSeparatedList(sources), QLocale().toString(waitedMs / 1000.0, 'f', 1)));
        });
    }
    connect(m_backend, &Backend::stateChanged, this,
            [this](ConnectionState state, const QString &detail) { onStateChanged(int(state), detail); });
    connect(m_backend, &Backend::protocolError, this, [this](const QString &message) {
        qCWarning(lcSession).noquote() << "tessera: backend:" << message;
        Q_EMIT notice(tr("The backend sent something unusable: %1").arg(message));
    });
}

void ConversationSession::setConversationId(const QString &id)
{
    if (id != m_conversationId)
        expireAppToolConsents(tr("the conversation was left")); // stored in the one it was asked in
    m_storedCardIds.clear();
    m_storedCardIdsRead = false;
    if (id != m_conversationId) {
        m_canvas = CanvasPanelState();
        m_canvasRead = false;
        m_historySynced = false;
        StoreStatus status;
        m_systemPrompt = m_store && m_store->isOpen() && !id.isEmpty() ? m_store->systemPrompt(id, &status) : QString();
        if (!status.ok())
            Q_EMIT notice(tr("The conversation's system prompt could not be read: %1").arg(status.message));
    }
    m_conversationId = id;
}

bool ConversationSession::setSystemPrompt(const QString &prompt, QString *error)
{
    const QString trimmed = prompt.trimmed();
    if (m_store && m_store->isOpen() && !m_conversationId.isEmpty()) {
        const StoreStatus status = m_store->setSystemPrompt(m_conversationId, trimmed);
        if (!status.ok()) {
            if (error)
                *error = status.message;
            return false;
        }
    }
    m_systemPrompt = trimmed;
    return true;
}

void ConversationSession::applySystemPrompt()
{
    if (auto *openAi = qobject_cast<OpenAiBackend *>(m_backend))
        openAi->setSystemPrompt(m_systemPrompt);
}

void ConversationSession::syncHistory()
{
    // A backend that keeps the history itself (OpenAI-compatible) continues the conversation shown,
    // not a blank one: it gets every earlier line once per backend and conversation, before the first send.
    applySystemPrompt(); // before every send: a changed prompt applies from the next turn
    if (m_historySynced || !m_backend)
        return;
    // Only the chosen version of each turn (issue 12): the agent continues what the person sees.
    QList<QByteArray> lines;
    for (const Message &message : chosenVersionMessages(conversationMessages()))
        lines.append(message.rawLine);
    m_backend->setHistory(lines);
    m_historySynced = true;
}

void ConversationSession::resyncBackendHistory()
{
    // A backend that keeps the history (OpenAI-compatible) may have gone further than what was stored:
    // answers given to calls whose lines or canvas events a stop cut off. It is given the stored lines
    // again, at once when it is idle (a stop cancels first), else before the next send.
    if (!canReviseTurns())
        return;
    m_historySynced = false;
    if (!static_cast<OpenAiBackend *>(m_backend)->isAnswering())
        syncHistory();
}

QList<Message> ConversationSession::conversationMessages() const
{
    QList<Message> messages;
    if (m_store && m_store->isOpen() && !m_conversationId.isEmpty()) {
        const QList<QByteArray> lines = m_store->rawLines(m_conversationId);
        messages.reserve(lines.size());
        for (qsizetype i = 0; i < lines.size(); ++i)
            messages.append(parseTranscriptLine(lines.at(i), int(i + 1)));
    } else {
        messages = m_model->transcript().messages;
    }
    messages.removeIf([](const Message &m) { return !m.isReadable() || m.rawLine.isEmpty(); });
    return messages;
}

void ConversationSession::setTurnTimeout(int ms)
{
    m_turnTimeoutMs = ms;
    if (m_turnTimer->isActive())
        restartTurnTimer();
}

void ConversationSession::restartTurnTimer()
{
    if (m_turnTimeoutMs > 0)
        m_turnTimer->start(m_turnTimeoutMs);
}

bool ConversationSession::preflight(QString *error) const
{
    QString reason;
    if (!m_backend)
        reason = tr("no agent backend is connected");
    else if (m_backend->state() != ConnectionState::Connected)
        reason = m_backend->stateDetail().isEmpty()
                ? tr("the backend is not connected")
                : tr("the backend is not connected: %1").arg(m_backend->stateDetail());
    else if (isBusy())
        reason = tr("the agent is busy with your last turn");
    if (reason.isEmpty())
        return true;
    if (error)
        *error = reason;
    return false;
}

bool ConversationSession::ensureConversation(const QString &titleHint)
{
    if (!m_store || !m_store->isOpen() || !m_conversationId.isEmpty())
        return true;
    QString title = titleFrom(titleHint);
    if (title.isEmpty())
        title = m_backend ? tr("Conversation with %1").arg(m_backend->description()) : tr("Conversation");
    QString id;
    const StoreStatus status =
            m_store->createConversation(title, m_backend ? m_backend->description() : QString(), &id);
    if (!status.ok()) {
        Q_EMIT storeFailed(status.message);
        return false;
    }
    m_conversationId = id;
    if (!m_systemPrompt.isEmpty()) {
        // A prompt set before the conversation was stored belongs to it from now on.
        if (const StoreStatus kept = m_store->setSystemPrompt(id, m_systemPrompt); !kept.ok())
            Q_EMIT storeFailed(kept.message);
    }
    Q_EMIT conversationCreated(id);
    return true;
}

bool ConversationSession::appendLine(const QByteArray &rawLine, const QString &titleHint, Message *appended, bool ofTurn)
{
    const QString turn = ofTurn ? m_activeTurn : QString();
    // Stored first (one transaction), as received: a crash after this loses nothing.
    bool stored = true;
    int lineNumber = 0;
    ensureConversation(titleHint);
    if (m_store && m_store->isOpen() && !m_conversationId.isEmpty()) {
        qint64 seq = 0;
        const StoreStatus status = m_store->appendMessage(m_conversationId, rawLine, &seq, turn);
        if (status.ok()) {
            lineNumber = int(seq);
        } else {
            stored = false;
            Q_EMIT storeFailed(status.message);
        }
    }
    if (lineNumber == 0) {
        // Not stored: count on from the last numbered line in the model.
        const QList<Message> &messages = m_model->transcript().messages;
        for (qsizetype i = messages.size() - 1; i >= 0 && lineNumber == 0; --i) {
            if (messages.at(i).lineNumber > 0)
                lineNumber = messages.at(i).lineNumber + 1;
        }
        lineNumber = qMax(1, lineNumber);
    }
    // A result with an app view may be named by an mcp_app canvas tab from now on (read with the
    // panel's lines when the panel is read later).
    if (m_canvasRead)
        m_canvas.noteAppLine(rawLine);
    // Seed 000's second validation point: the line is parsed and its cards validated here, at the wire.
    Message message = parseTranscriptLine(rawLine, lineNumber);
    if (message.turnId.isEmpty())
        message.turnId = turn;
    if (appended)
        *appended = message;
    return stored;
}

void ConversationSession::onEvent(const WireEvent &event)
{
    switch (event.type) {
    case WireEventType::TurnStarted:
        onTurnStarted(event);
        return;
    case WireEventType::MessageDelta:
        if (m_activeTurn.isEmpty() || event.turnId != m_activeTurn) {
            ignoreEvent(event, tr("no such turn is in progress"));
            return;
        }
        restartTurnTimer();
        m_streamText += event.text;
        m_unsavedStream += event.text;
        if (m_unsavedStream.size() >= kStreamSaveChars)
            saveStreamedProse();
        else if (!m_streamSaveTimer->isActive())
            m_streamSaveTimer->start();
        Q_EMIT deltaReceived(event.turnId, event.text);
        if (!m_coalesceTimer->isActive())
            m_coalesceTimer->start();
        return;
    case WireEventType::Message:
        onMessage(event);
        return;
    case WireEventType::CardUpdate:
        onCardUpdate(event);
        return;
    case WireEventType::TurnCompleted:
        if (m_activeTurn.isEmpty() || event.turnId != m_activeTurn) {
            ignoreEvent(event, tr("no such turn is in progress"));
            return;
        }
        finishTurn(TurnOutcome::Completed, QString(), QString());
        return;
    case WireEventType::Error:
        onError(event);
        return;
    case WireEventType::CanvasOpen:
    case WireEventType::CanvasUpdate:
    case WireEventType::CanvasClose:
        onCanvas(event);
        return;
    case WireEventType::Unknown:
        break;
    }
    qCWarning(lcSession).noquote() << "tessera: backend: unknown event type" << event.typeName << "ignored";
    Q_EMIT notice(tr("The backend sent an event of unknown type \"%1\"; it was ignored.").arg(event.typeName));
}

void ConversationSession::ignoreEvent(const WireEvent &event, const QString &why)
{
    // The user stopped it: what the backend still sends of it is expected, not a fault to report.
    if (!event.turnId.isEmpty() && m_stoppedTurns.contains(event.turnId))
        return;
    // Once per turn, event type and reason: a stopped turn may keep streaming thousands of deltas.
    const QString key = event.turnId + QLatin1Char('\n') + event.typeName + QLatin1Char('\n') + why;
    if (m_reportedTurns.contains(key))
        return;
    m_reportedTurns.insert(key);
    const QString turn = event.turnId.isEmpty() ? tr("(no turn)") : event.turnId;
    qCWarning(lcSession).noquote() << "tessera: backend:" << event.typeName << "for turn" << turn << "ignored:" << why;
    Q_EMIT notice(tr("Ignored %1 for turn %2: %3.").arg(event.typeName, turn, why));
}

void ConversationSession::onTurnStarted(const WireEvent &event)
{
    const QString id = event.turnId;
    if (id == m_activeTurn) {
        ignoreEvent(event, tr("the turn has already started"));
        return;
    }
    if (m_finishedTurns.contains(id)) {
        if (m_activeTurn.isEmpty() && m_awaitingTurn) {
            // The same backend started the turn asked for under the id of an earlier one: its events
            // cannot be told from that turn's stale ones, so they are not shown; say so now rather than
            // let the person wait for the silence timeout ("did not start a turn within 120 s").
            finishTurn(TurnOutcome::Failed,
                       tr("the backend started turn %1 again: that id belongs to an earlier turn of this "
                          "conversation, so its answer is not shown").arg(id),
                       tr("No answer shown: the backend reused the turn id %1 of an earlier turn.").arg(id));
            return;
        }
        ignoreEvent(event, tr("the turn has already ended"));
        return;
    }
    if (m_activeTurn.isEmpty() && !m_awaitingTurn && m_ignoreNextTurn) {
        // The turn the user stopped (or gave up on) before it began.
        m_ignoreNextTurn = false;
        m_finishedTurns.insert(id);
        if (std::exchange(m_nextTurnStoppedByUser, false))
            m_stoppedTurns.insert(id);
        ignoreEvent(event, tr("the turn was stopped"));
        return;
    }
    if (!m_activeTurn.isEmpty()) {
        finishTurn(TurnOutcome::Failed, tr("the backend started turn %1 before completing it").arg(id),
                   tr("This turn was cut off: the backend started another turn."));
    }
    m_activeTurn = id;
    m_awaitingTurn = false;
    m_ignoreNextTurn = false;
    m_streamText.clear();
    m_turnShownProse.clear();
    dropUnsavedStream();
    m_streamSaveFailed = false;
    m_turnHasAnswer = false;
    m_pendingCardCalls.clear();
    if (ensureConversation(QString()) && m_store && m_store->isOpen() && !m_conversationId.isEmpty()) {
        const StoreStatus status = m_store->beginTurn(m_conversationId, id);
        if (!status.ok())
            Q_EMIT storeFailed(status.message);
    }
    restartTurnTimer();
    Q_EMIT turnStarted(id);
}

void ConversationSession::onMessage(const WireEvent &event)
{
    if (m_activeTurn.isEmpty() || (!event.turnId.isEmpty() && event.turnId != m_activeTurn)) {
        ignoreEvent(event, tr("no such turn is in progress"));
        return;
    }
    restartTurnTimer();
    clearToolProgress();
    const Message incoming = parseTranscriptLine(event.message, 0);
    const bool isAssistant = incoming.isReadable() && incoming.role == MessageRole::Assistant;

    // Prose streamed before this line: the backend's full line wins when it carries the same text
    // (deltas then the whole message is a common shape); otherwise the prose is its own line, first.
    const QString streamed = m_streamText.trimmed();
    if (!streamed.isEmpty() && isAssistant && incoming.content.trimmed().startsWith(streamed)) {
        m_coalesceTimer->stop();
        m_streamText.clear();
        dropUnsavedStream(); // the incoming line replaces the saved pieces in its own transaction
        m_model->clearStreamingMessage();
    } else {
        commitStreamedProse();
    }
    if (!(incoming.isReadable() && incoming.role == MessageRole::Tool))
        flushPendingCardCalls();

    Message message;
    appendLine(event.message, QString(), &message);
    for (const Card &card : std::as_const(message.cards)) {
        if (ToolConsent::isConsentKind(card.kindName()) && ToolConsent::isConsentCardId(card.cardId()))
            m_turnConsentCards.append(card.cardId());
    }
    // A tool's request for input (issue 16) expires like a consent card when its turn ends unanswered.
    if (const QString inputCard = ToolInput::cardIdOf(message); !inputCard.isEmpty())
        m_turnConsentCards.append(inputCard);
    if (message.turnId == m_activeTurn)
        m_turnShownProse += elideRepeatedTurnProse(&message, m_turnShownProse); // never drawn twice
    if (message.isReadable() && message.role == MessageRole::Assistant) {
        for (const ToolCall &call : std::as_const(message.toolCalls)) {
            if (!isCardTool(call.name))
                continue;
            if (call.id.isEmpty()) {
                // Can never be answered: drawn at the call, as on replay.
                message.cards.append(Card::fromToolCall(call.name, call.arguments));
                message.cards.last().setCardId(cardIdInLine(message, int(message.cards.size()) - 1, message.id));
            } else {
                m_pendingCardCalls.append(call);
            }
        }
    }
    if (message.role == MessageRole::Tool && !message.toolCallId.isEmpty()) {
        // The call's answer: a structured.card draws here; a refusal draws nothing (seed 000, the model
        // retries); a plain ack draws the call's arguments here.
        qsizetype pending = -1;
        for (qsizetype i = 0; i < m_pendingCardCalls.size() && pending < 0; ++i) {
            if (m_pendingCardCalls.at(i).id == message.toolCallId)
                pending = i;
        }
        if (pending >= 0) {
            const ToolCall call = m_pendingCardCalls.takeAt(pending);
            if (message.cards.isEmpty() && !message.refusesCall) {
                message.cards.append(Card::fromToolCall(call.name, call.arguments));
                message.cards.last().setCardId(call.id);
                m_drawnCardCalls.insert(call.id);
            }
        } else if (m_drawnCardCalls.contains(message.toolCallId)) {
            message.cards.clear(); // answered after the call was drawn from its arguments: not twice
        }
    }
    for (const Card &card : std::as_const(message.cards)) {
        if (card.isValid())
            continue;
        const ValidationIssue first = card.issues().value(0);
        const QString kind = card.kindName().isEmpty() ? QStringLiteral("(no kind)") : card.kindName();
        qCWarning(lcSession).noquote() << QStringLiteral("tessera: line %1: %2: %3: %4")
                                        .arg(message.lineNumber)
                                        .arg(kind, first.pointer.isEmpty() ? QStringLiteral("(envelope)") : first.pointer,
                                             first.message);
        Q_EMIT notice(tr("The agent sent an invalid %1 card (%2: %3); it is shown as raw data.")
                              .arg(kind, first.pointer.isEmpty() ? tr("envelope") : first.pointer, first.message));
    }
    if (!message.isReadable()) {
        qCWarning(lcSession).noquote() << "tessera: backend: unreadable message line:" << message.readError;
        Q_EMIT notice(tr("The backend sent an unreadable message: %1").arg(message.readError));
    }
    if (!message.cards.isEmpty()
        || ((message.role == MessageRole::Assistant || message.role == MessageRole::Unknown)
            && !message.content.trimmed().isEmpty()))
        m_turnHasAnswer = true;
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
}

void ConversationSession::onCardUpdate(const WireEvent &event)
{
    // Not bound to a turn: a card may change state long after the turn that drew it.
    if (isTurnActive())
        restartTurnTimer();
    if (m_store && m_store->isOpen() && m_conversationId.isEmpty()) {
        ignoreEvent(event, tr("no conversation has started yet"));
        return;
    }
    // Not bound to a turn, but reported once per turn: a flood of ghost updates is one notice.
    WireEvent keyed = event;
    if (keyed.turnId.isEmpty())
        keyed.turnId = m_activeTurn;
    if (event.cardId.size() > kMaxCardIdLength || event.state.size() > kMaxCardStateLength) {
        ignoreEvent(keyed, tr("a card id may have at most %1 characters and a state at most %2")
                                   .arg(kMaxCardIdLength)
                                   .arg(kMaxCardStateLength));
        return;
    }
    if (!knowsCard(event.cardId)) {
        ignoreEvent(keyed, tr("it names no card of this conversation"));
        return;
    }
    ordered update;
    try {
        update = ordered::parse(event.raw.constData(), event.raw.constData() + event.raw.size());
    } catch (const std::exception &) {
        update = ordered::object(); // parseWireEvent accepted it; this cannot fail, but never throw
    }
    if (!update.is_object())
        update = ordered::object();
    update.erase("type");
    update["cardId"] = utf8(event.cardId);
    update["state"] = utf8(event.state);
    ordered line = ordered::object();
    line["role"] = "system";
    line["content"] = utf8(QStringLiteral("card %1 is now %2").arg(event.cardId, event.state));
    line["card_update"] = std::move(update);
    Message message;
    appendLine(compactLine(line), QString(), &message);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
}

// A running hosted call's progress (issue 16): the provisional block is its tool line with
// tessera_tool.progress, drawn with a progress bar, gone when the next line (its result) arrives. Never
// stored: the result line is what stays.
void ConversationSession::onToolProgress(const QString &callId, const QString &toolName, double progress,
                                         double total, const QString &message)
{
    if (m_activeTurn.isEmpty() || !m_streamText.isEmpty())
        return;
    ordered line = ordered::object();
    line["role"] = "tool";
    line["tool_call_id"] = utf8(callId);
    line["name"] = utf8(toolName);
    line["content"] = utf8(message);
    line["tessera_tool"] = ordered::object({{"progress", progress}, {"total", total}});
    line["turn_id"] = utf8(m_activeTurn);
    m_model->setStreamingMessage(parseTranscriptLine(compactLine(line), 0));
    m_showsToolProgress = true;
}

void ConversationSession::clearToolProgress()
{
    if (std::exchange(m_showsToolProgress, false))
        m_model->clearStreamingMessage();
}

// A consent card (issue 16) asks within its turn only: one the turn ended without a decision on can never
// be decided, so it is stored as expired and its buttons stay disabled on replay.
void ConversationSession::expireConsentCards()
{
    const QStringList cards = std::exchange(m_turnConsentCards, {});
    for (const QString &cardId : cards) {
        if (m_model->cardState(cardId).isDecided())
            continue;
        Message message;
        appendLine(expiredLine(cardId), QString(), &message);
        m_model->appendMessage(message);
        Q_EMIT messageAdded(message);
    }
}

const CanvasPanelState &ConversationSession::canvasState()
{
    if (std::exchange(m_canvasRead, true))
        return m_canvas;
    // The stored lines as they are: only canvas lines are parsed (no card of the conversation validated).
    if (m_store && m_store->isOpen() && !m_conversationId.isEmpty())
        m_canvas = CanvasPanelState::replayLines(m_store->rawLines(m_conversationId));
    else
        m_canvas = CanvasPanelState::replay(m_model->transcript().messages);
    return m_canvas;
}

void ConversationSession::onCanvas(const WireEvent &event)
{
    if (isTurnActive())
        restartTurnTimer();
    if (m_store && m_store->isOpen() && m_conversationId.isEmpty()) {
        ignoreEvent(event, tr("no conversation has started yet"));
        return;
    }
    const CanvasOp op = event.type == WireEventType::CanvasOpen     ? CanvasOp::Open
                        : event.type == WireEventType::CanvasUpdate ? CanvasOp::Update
                                                                    : CanvasOp::Close;
    QString error;
    if (!acceptCanvasCommand(op, event.canvasCommand, &error)) {
        WireEvent keyed = event;
        if (keyed.turnId.isEmpty())
            keyed.turnId = m_activeTurn;
        qCInfo(lcSession).noquote() << "canvas command refused:" << event.typeName << error;
        ignoreEvent(keyed, error);
    }
}

bool ConversationSession::recordCanvasCommand(CanvasOp op, const QByteArray &objectJson, QString *error)
{
    if (isAgentCanvasOp(op)) {
        if (error)
            *error = tr("only the agent opens, updates and closes canvas tabs");
        return false;
    }
    return acceptCanvasCommand(op, objectJson, error);
}

bool ConversationSession::acceptCanvasCommand(CanvasOp op, const QByteArray &objectJson, QString *error)
{
    CanvasCommand command;
    QList<CanvasIssue> issues;
    canvasState();
    CanvasApplyResult result;
    if (parseCanvasCommandText(op, objectJson, &command, &issues))
        result = m_canvas.check(command);
    else
        result.issues = issues;
    if (!result.ok) {
        if (error)
            *error = canvasIssuesText(result.issues).replace(QLatin1Char('\n'), QLatin1String("; "));
        return false;
    }
    const QByteArray line = canvasCommandLine(command, QStringLiteral("canvas: ") + result.summary);
    Message message;
    if (!appendLine(line, QString(), &message)) {
        if (error)
            *error = tr("the canvas command could not be stored");
        return false;
    }
    m_canvas.apply(command);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    Q_EMIT canvasCommandStored(m_conversationId, line);
    return true;
}

bool ConversationSession::knowsCard(const QString &cardId)
{
    if (cardId.isEmpty())
        return false;
    if (m_model->hasCard(cardId))
        return true;
    if (!m_model->canFetchMore() || !m_store || !m_store->isOpen() || m_conversationId.isEmpty())
        return false;
    if (!std::exchange(m_storedCardIdsRead, true)) {
        StoreStatus status;
        m_storedCardIds = m_store->cardIds(m_conversationId, &status);
        if (!status.ok())
            Q_EMIT storeFailed(status.message);
    }
    return m_storedCardIds.contains(cardId);
}

void ConversationSession::onError(const WireEvent &event)
{
    const bool forActiveTurn = isBusy()
            && (event.turnId.isEmpty() || event.turnId == m_activeTurn);
    if (!event.turnId.isEmpty() && !forActiveTurn && (m_finishedTurns.contains(event.turnId))) {
        ignoreEvent(event, tr("the turn has already ended (error: %1)").arg(event.errorMessage));
        return;
    }
    const QString what = event.errorMessage.trimmed().isEmpty() ? tr("no reason given") : event.errorMessage;
    if (forActiveTurn)
        commitStreamedProse();
    if (!forActiveTurn && m_store && m_store->isOpen() && m_conversationId.isEmpty()) {
        // Before any conversation (e.g. on connecting): shown, not a reason to create one.
        qCWarning(lcSession).noquote() << "tessera: backend error:" << what;
        const QString text = tr("The backend reported an error: %1").arg(what);
        m_model->appendNotice(text);
        Q_EMIT notice(text);
        return;
    }
    // The error is part of the record (a system line draws nothing on replay: the turn shows cut off).
    ordered line = ordered::object();
    line["role"] = "system";
    line["content"] = utf8(QStringLiteral("The backend reported an error: %1").arg(event.errorMessage));
    line["error"] = ordered::object({{"message", utf8(event.errorMessage)}});
    if (forActiveTurn && !m_activeTurn.isEmpty())
        line["turn_id"] = utf8(m_activeTurn);
    Message message;
    appendLine(compactLine(line), QString(), &message);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    qCWarning(lcSession).noquote() << "tessera: backend error:" << what;
    if (forActiveTurn) {
        finishTurn(TurnOutcome::Failed, tr("the backend reported an error: %1").arg(what),
                   tr("The backend reported an error: %1").arg(what));
    } else {
        const QString text = tr("The backend reported an error: %1").arg(what);
        m_model->appendNotice(text);
        Q_EMIT notice(text);
    }
}

void ConversationSession::onStateChanged(int state, const QString &detail)
{
    const auto s = ConnectionState(state);
    if (s == ConnectionState::Connecting && !isBusy()) {
        // A new process or connection numbers its turns afresh ("t1" again after Restart Backend):
        // the ended turns of the one before must not make its answers look late.
        m_finishedTurns.clear();
        m_stoppedTurns.clear();
        m_reportedTurns.clear();
        return;
    }
    if (!isBusy() || s == ConnectionState::Connected || s == ConnectionState::Connecting)
        return;
    // Failed says why in its detail ("the backend exited with code 3: …"); Disconnected is a stop;
    // Reconnecting lost the connection the turn was streaming on (a new one will not continue it).
    const QString why = s == ConnectionState::Disconnected ? tr("the backend was stopped")
            : s == ConnectionState::Reconnecting            ? tr("the connection to the backend was lost mid-turn")
            : detail.isEmpty()                              ? tr("the backend failed")
                                                            : detail;
    finishTurn(TurnOutcome::Failed, why, tr("This turn was cut off: %1").arg(why));
}

void ConversationSession::showStreamed()
{
    if (m_activeTurn.isEmpty())
        return;
    Message streaming;
    streaming.role = MessageRole::Assistant;
    streaming.roleName = QStringLiteral("assistant");
    streaming.content = m_streamText;
    streaming.turnId = m_activeTurn;
    // A ```dorkos-ui fence still open draws its skeleton (seed 003), as the committed line will.
    streaming.cards = widgetFenceCards(m_streamText, QStringLiteral("streaming"));
    QElapsedTimer redraw;
    redraw.start();
    m_model->setStreamingMessage(streaming); // the view rebuilds the block in here
    // A long answer costs more to draw each time: redraw at most a fifth of the time, so a flood never
    // starves the event loop (the text itself is gathered in full whatever the pace).
    const qint64 spent = redraw.elapsed();
    m_coalesceTimer->setInterval(int(qBound(qint64(kDeltaCoalesceMs), spent * 4, qint64(kMaxCoalesceMs))));
}

void ConversationSession::saveStreamedProse()
{
    m_streamSaveTimer->stop();
    const QString piece = std::exchange(m_unsavedStream, {});
    if (piece.isEmpty() || m_activeTurn.isEmpty() || !m_store || !m_store->isOpen() || m_conversationId.isEmpty())
        return;
    const StoreStatus status = m_store->appendStreamedProse(m_conversationId, m_activeTurn, piece);
    if (!status.ok() && !std::exchange(m_streamSaveFailed, true))
        Q_EMIT storeFailed(status.message);
}

void ConversationSession::dropUnsavedStream()
{
    m_streamSaveTimer->stop();
    m_unsavedStream.clear();
}

void ConversationSession::commitStreamedProse()
{
    m_coalesceTimer->stop();
    m_coalesceTimer->setInterval(kDeltaCoalesceMs);
    dropUnsavedStream(); // the line appended below clears the saved pieces in its own transaction
    const QString text = m_streamText;
    m_streamText.clear();
    if (m_model->hasStreamingMessage())
        m_model->clearStreamingMessage();
    if (text.trimmed().isEmpty())
        return; // whitespace only: nothing to show or keep
    ordered line = ordered::object();
    line["role"] = "assistant";
    line["content"] = utf8(text);
    if (!m_activeTurn.isEmpty())
        line["turn_id"] = utf8(m_activeTurn);
    Message message;
    appendLine(compactLine(line), QString(), &message);
    if (!m_activeTurn.isEmpty())
        m_turnShownProse += message.content;
    m_turnHasAnswer = true;
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
}

void ConversationSession::flushPendingCardCalls()
{
    // Card calls nobody answered with a card: drawn from their arguments (the stored assistant line
    // holds them, so a replay draws the same). The model-only message has no line of its own.
    const QList<ToolCall> pending = std::exchange(m_pendingCardCalls, {});
    for (const ToolCall &call : pending) {
        Message drawn;
        drawn.role = MessageRole::Tool;
        drawn.roleName = QStringLiteral("tool");
        drawn.toolName = call.name;
        drawn.toolCallId = call.id;
        drawn.turnId = m_activeTurn;
        drawn.cards.append(Card::fromToolCall(call.name, call.arguments));
        drawn.cards.last().setCardId(call.id);
        if (!call.id.isEmpty())
            m_drawnCardCalls.insert(call.id);
        m_turnHasAnswer = true;
        m_model->appendMessage(drawn);
        Q_EMIT messageAdded(drawn);
    }
}

void ConversationSession::finishTurn(TurnOutcome outcome, const QString &reason, const QString &noticeText)
{
    const QString turn = m_activeTurn;
    m_turnTimer->stop();
    clearToolProgress();
    commitStreamedProse();
    flushPendingCardCalls();
    expireConsentCards();
    if (!turn.isEmpty()) {
        m_finishedTurns.insert(turn);
        if (m_store && m_store->isOpen() && !m_conversationId.isEmpty()) {
            StoreStatus status;
            if (outcome == TurnOutcome::Completed)
                status = m_store->completeTurn(m_conversationId, turn);
            else
                m_store->markIncompleteTurns(&status); // cut off now, not only after a restart
            if (!status.ok())
                Q_EMIT storeFailed(status.message);
        }
    }
    QString text = noticeText;
    if (outcome == TurnOutcome::Completed && !m_turnHasAnswer)
        text = tr("The agent sent no answer."); // seed 000: a turn is never blank
    m_activeTurn.clear();
    m_awaitingTurn = false;
    m_turnHasAnswer = false;
    if (outcome != TurnOutcome::Completed)
        resyncBackendHistory();
    if (!text.isEmpty())
        m_model->appendNotice(text);
    if (outcome == TurnOutcome::Completed && !text.isEmpty())
        Q_EMIT notice(text); // a failed turn's reason travels with turnFinished, not twice
    Q_EMIT turnFinished(turn, outcome, reason);
}

bool ConversationSession::sendUserMessage(const QString &text, QString *error)
{
    if (!preflight(error))
        return false;
    syncHistory();
    // Stored first: whatever happens to the write, nothing typed is lost.
    ordered line = ordered::object();
    line["role"] = "user";
    line["content"] = utf8(text);
    Message message;
    appendLine(compactLine(line), text, &message);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    return sendToBackend(text, error);
}

bool ConversationSession::sendToBackend(const QString &text, QString *error)
{
    m_awaitingTurn = true; // before the write: a backend may answer from inside it
    m_ignoreNextTurn = false;
    QString reason;
    if (!m_backend->sendUserMessage(text, &reason)) {
        m_awaitingTurn = false;
        const QString why = tr("not sent: %1").arg(reason);
        if (error)
            *error = why;
        Q_EMIT notice(tr("Your message is kept in the conversation but was not sent: %1").arg(reason));
        return false;
    }
    if (isBusy() && m_activeTurn.isEmpty())
        restartTurnTimer();
    return true;
}

bool ConversationSession::sendCardDecision(const QString &cardId, const QString &action, const QString &outcome,
                                           const QString &note, QString *error)
{
    if (AppToolConsent::isAppConsentCardId(cardId))
        return decideAppToolConsent(cardId, action, outcome, note, error);
    // A card the turn in progress waits on (a tool call's consent, issue 16) is decided during it.
    const bool partOfTurn = isTurnActive() && m_backend && m_backend->state() == ConnectionState::Connected
                            && m_backend->awaitsDecision(cardId);
    if (!partOfTurn && !preflight(error))
        return false;
    // Seed 002: a card is decided once. The widget that asked may have been rebuilt meanwhile.
    if (m_model->cardState(cardId).isDecided()) {
        if (error)
            *error = tr("this card has already been decided");
        return false;
    }
    if (!partOfTurn)
        syncHistory();
    QString reason;
    if (!m_backend->sendCardDecision(cardId, action, outcome, &reason)) {
        if (error)
            *error = reason;
        return false;
    }
    Message message;
    appendLine(decisionLine(cardId, action, outcome, note), QString(), &message);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    if (partOfTurn)
        restartTurnTimer();
    return true;
}

bool ConversationSession::sendWidgetAction(const QString &widget, const QString &action,
                                           const QByteArray &payloadJson, QString *error)
{
    if (!preflight(error))
        return false;
    syncHistory();
    ordered payload = nullptr;
    if (!payloadJson.trimmed().isEmpty()) {
        try {
            payload = ordered::parse(payloadJson.constData(), payloadJson.constData() + payloadJson.size());
        } catch (const std::exception &) {
            payload = ordered();
        }
        if (!payload.is_object()) {
            if (error)
                *error = tr("the widget's values are not a JSON object");
            return false;
        }
    }
    QString reason;
    if (!m_backend->sendWidgetAction(widget, action, payloadJson, &reason)) {
        if (error)
            *error = reason;
        return false;
    }
    ordered line = ordered::object();
    line["role"] = "user";
    line["content"] = utf8(QStringLiteral("[Widget action %1 on %2]").arg(action, widget));
    line["widget_action"] = ordered::object(
            {{"widget", utf8(widget)}, {"action", utf8(action)}, {"payload", std::move(payload)}});
    Message message;
    appendLine(compactLine(line), QString(), &message);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    return true;
}

// --- an MCP App's own tool calls (issue 16) ------------------------------------------------------------

QString ConversationSession::putAppToolConsent(const QString &tool, const QString &server,
                                               const QByteArray &argumentsJson, const QString &app, QString *error)
{
    const QString cardId = AppToolConsent::newCardId();
    Message message;
    if (!appendLine(AppToolConsent::consentLine(cardId, tool, server, argumentsJson, app), QString(), &message, false)) {
        // A consent that is not stored could not be replayed as decided: the call is refused instead.
        if (error)
            *error = tr("the consent card could not be stored");
        return {};
    }
    m_appConsents.append(cardId);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    qCInfo(lcSession).noquote() << "an app asks for consent to run" << tool << "from" << server << "on" << cardId;
    Q_EMIT appToolConsentsChanged();
    return cardId;
}

bool ConversationSession::decideAppToolConsent(const QString &cardId, const QString &action, const QString &outcome,
                                               const QString &note, QString *error)
{
    // The person's own business with the app: no backend is asked, and no turn is needed or started.
    QString reason;
    if (!m_appConsents.contains(cardId))
        reason = tr("this app's tool call is no longer waiting for a decision");
    else if (action != QLatin1String(ToolConsent::kAllowOnce) && action != QLatin1String(ToolConsent::kDeny))
        reason = tr("\"%1\" is not a decision on an app's tool call").arg(action);
    if (!reason.isEmpty()) {
        if (error)
            *error = reason;
        return false;
    }
    m_appConsents.removeAll(cardId);
    Message message;
    appendLine(decisionLine(cardId, action, outcome, note), QString(), &message, false);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    Q_EMIT appToolConsentDecided(cardId, action == QLatin1String(ToolConsent::kAllowOnce));
    Q_EMIT appToolConsentsChanged();
    return true;
}

void ConversationSession::expireAppToolConsent(const QString &cardId, const QString &reason)
{
    if (!m_appConsents.removeOne(cardId))
        return;
    Message message;
    appendLine(expiredLine(cardId), QString(), &message, false);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
    Q_EMIT appToolConsentExpired(cardId, reason);
    Q_EMIT appToolConsentsChanged();
}

void ConversationSession::expireAppToolConsents(const QString &reason)
{
    const QStringList waiting = m_appConsents;
    for (const QString &cardId : waiting)
        expireAppToolConsent(cardId, reason);
}

bool ConversationSession::isWaitingForTools() const
{
    const auto *openai = qobject_cast<const OpenAiBackend *>(m_backend);
    return openai && openai->isWaitingForTools();
}

void ConversationSession::stopTurn()
{
    expireAppToolConsents(tr("stopped by you"));
    if (!isBusy())
        return;
    if (m_backend)
        m_backend->cancelTurn();
    if (m_activeTurn.isEmpty()) {
        m_ignoreNextTurn = true; // its turn.started, when it comes, is the stopped turn
        m_nextTurnStoppedByUser = true;
    } else {
        m_stoppedTurns.insert(m_activeTurn);
    }
    finishTurn(TurnOutcome::Stopped, tr("stopped by you"), tr("You stopped this turn."));
}

// --- turn versions (issue 12) ------------------------------------------------------------------------

struct ConversationSession::Revision
{
    QString group;          // the group the new version joins (a new UUID for a first revision)
    int version = 0;        // the new version's number
    int from = 0;           // the version shown now: the one regenerated
    QString question;       // what the shown version asked
    QList<QByteArray> before; // the chosen history before the exchange (the question not included)
};

namespace {

// A card decision or widget action starts a turn too, but there is no text to ask again.
bool isTypedQuestion(const Message &m)
{
    return m.isReadable() && m.role == MessageRole::User && !m.rawLine.contains("\"card_decision\"")
        && !m.rawLine.contains("\"widget_action\"");
}

} // namespace

bool ConversationSession::canReviseTurns() const
{
    return qobject_cast<OpenAiBackend *>(m_backend) != nullptr;
}

bool ConversationSession::canReviseLastTurn() const
{
    return canReviseTurns() && !isBusy() && !lastQuestion().isEmpty();
}

QString ConversationSession::lastQuestion() const
{
    // The model holds the newest page, so the last exchange is always loaded.
    const TurnVersions &versions = m_model->versions();
    const int start = m_model->lastExchangeStart();
    if (start < 0)
        return {};
    const QList<Message> &messages = m_model->transcript().messages;
    const int group = versions.groupOf(start);
    const int question = group >= 0 ? versions.question(group) : start;
    return question >= 0 && isTypedQuestion(messages.at(question)) ? messages.at(question).content : QString();
}

bool ConversationSession::prepareRevision(Revision *revision, QString *error) const
{
    if (!preflight(error))
        return false;
    if (!canReviseTurns()) {
        if (error)
            *error = tr("this backend keeps its own history: its answers cannot be asked again");
        return false;
    }
    const QList<Message> messages = conversationMessages();
    const TurnVersions versions = TurnVersions::of(messages);
    int start = -1;
    for (int i = int(messages.size()) - 1; i >= 0 && start < 0; --i)
        start = messages.at(i).role == MessageRole::User ? i : -1;
    const int group = versions.groupOf(start);
    const int question = group >= 0 ? versions.question(group) : start;
    if (question < 0 || !isTypedQuestion(messages.at(question))) {
        if (error)
            *error = tr("the last turn has no typed message to ask again");
        return false;
    }
    const int first = group >= 0 ? versions.firstMessage(group) : start;
    for (int i = 0; i < first; ++i) {
        if (versions.isShown(i))
            revision->before.append(messages.at(i).rawLine);
    }
    revision->question = messages.at(question).content;
    revision->group = group >= 0 ? versions.groups().at(group).id : QUuid::createUuid().toString(QUuid::WithoutBraces);
    revision->version = group >= 0 ? versions.groups().at(group).count() + 1 : 2;
    revision->from = group >= 0 ? versions.groups().at(group).chosen : 1;
    return true;
}

bool ConversationSession::regenerateLastTurn(QString *error)
{
    Revision revision;
    if (!prepareRevision(&revision, error))
        return false;
    // Stored first, like a typed message: the new version exists even if sending fails.
    ordered line = ordered::object();
    line["role"] = "system";
    line["content"] = utf8(QStringLiteral("Regenerated the answer (version %1)").arg(revision.version));
    line["turn_version"] = ordered::object(
            {{"group", utf8(revision.group)}, {"version", revision.version}, {"from", revision.from}});
    addSessionLine(compactLine(line), QString());
    return askAgain(revision.before, revision.question, error);
}

bool ConversationSession::resendEdited(const QString &text, QString *error)
{
    if (text.trimmed().isEmpty()) {
        if (error)
            *error = tr("there is nothing to send");
        return false;
    }
    Revision revision;
    if (!prepareRevision(&revision, error))
        return false;
    ordered line = ordered::object();
    line["role"] = "user";
    line["content"] = utf8(text);
    line["turn_version"] = ordered::object({{"group", utf8(revision.group)}, {"version", revision.version}});
    addSessionLine(compactLine(line), text);
    return askAgain(revision.before, text, error);
}

bool ConversationSession::askAgain(const QList<QByteArray> &history, const QString &text, QString *error)
{
    // The backend continues from the chosen history before the question; sending adds the question.
    applySystemPrompt();
    m_backend->setHistory(history);
    m_historySynced = true;
    return sendToBackend(text, error);
}

bool ConversationSession::chooseVersion(const QString &group, int version, QString *error)
{
    const int g = m_model->versions().groupIndex(group);
    QString reason;
    if (isBusy())
        reason = tr("the agent is busy with your last turn");
    else if (m_store && m_store->isOpen() && m_conversationId.isEmpty())
        reason = tr("this conversation is not stored"); // a choice alone must not start a new conversation
    else if (g < 0 || version < 1 || version > m_model->versions().groups().at(g).count())
        reason = tr("this turn has no version %1").arg(version);
    if (!reason.isEmpty()) {
        if (error)
            *error = reason;
        return false;
    }
    addSessionLine(versionChoiceLine(group, version, m_model->versions().groups().at(g).count()), QString());
    m_historySynced = false; // the next turn continues from the version now shown
    return true;
}

QByteArray ConversationSession::versionChoiceLine(const QString &group, int version, int count)
{
    ordered line = ordered::object();
    line["role"] = "system";
    line["content"] = utf8(QStringLiteral("Showing version %1 of %2").arg(version).arg(count));
    line["version_choice"] = ordered::object({{"group", utf8(group)}, {"version", version}});
    return compactLine(line);
}

void ConversationSession::addSessionLine(const QByteArray &line, const QString &titleHint)
{
    Message message;
    appendLine(line, titleHint, &message);
    m_model->appendMessage(message);
    Q_EMIT messageAdded(message);
}

} // namespace Tessera
