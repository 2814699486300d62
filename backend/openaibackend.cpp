#include <backend/openaibackend.h>

#include <algorithm>

#include <QDateTime>
#include <QElapsedTimer>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUuid>

#include <nlohmann/json.hpp>

#include <backend/logging.h>
#include <backend/openaitools.h>
#include <cards/bidicontrols.h>
#include <cards/card.h>
#include <cards/dialects/jsonrenderspec.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>

namespace Tessera {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

std::string toStd(const QString &text)
{
    return text.toStdString();
}

QByteArray compact(const ordered_json &value)
{
    // Replace, never throw: strings from the endpoint were valid UTF-8 when parsed, a QString's may not be.
    return QByteArray::fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

std::shared_ptr<json> parseJson(const QByteArray &text, std::string *error = nullptr)
{
    StrictJsonResult result = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
    if (error)
        *error = result.error;
    return result.value;
}

// A member that is a string, or "" (nlohmann members of any other type are ignored).
QString stringMember(const json &object, const char *key)
{
    return jsonString(object, key);
}

// The text of an error body: {"error":{"message"}} (OpenAI, llama.cpp), {"error":"…"} (Ollama),
// {"message"} / {"detail"} (vLLM, proxies), else the first line of a short plain-text body.
QString errorBodyMessage(const QByteArray &body)
{
    if (const std::shared_ptr<json> value = parseJson(body); value && value->is_object()) {
        if (const auto error = value->find("error"); error != value->end()) {
            if (error->is_string())
                return fromStdString(error->get_ref<const std::string &>());
            if (const QString message = stringMember(*error, "message"); !message.isEmpty())
                return message;
        }
        for (const char *key : {"message", "detail"}) {
            if (const QString message = stringMember(*value, key); !message.isEmpty())
                return message;
        }
        return {};
    }
    const QString text = QString::fromUtf8(body).trimmed();
    if (text.isEmpty() || text.startsWith(QLatin1Char('<')))
        return {}; // an HTML error page says nothing a sentence can use
    return text.section(QLatin1Char('\n'), 0, 0).left(300);
}

QString excerpt(const QByteArray &data)
{
    QString text = QString::fromUtf8(data.left(120)).simplified();
    if (data.size() > 120)
        text += QStringLiteral("…");
    return text;
}

ordered_json toolCallsJson(const QList<ToolCall> &calls)
{
    ordered_json list = ordered_json::array();
    for (const ToolCall &call : calls) {
        list.push_back({{"id", toStd(call.id)},
                        {"type", "function"},
                        {"function", {{"name", toStd(call.name)}, {"arguments", call.arguments.toStdString()}}}});
    }
    return list;
}

QByteArray userMessage(const QString &text)
{
    ordered_json message = {{"role", "user"}, {"content", toStd(text)}};
    return compact(message);
}

QByteArray toolMessage(const QString &callId, const QString &content)
{
    ordered_json message = {{"role", "tool"}, {"tool_call_id", toStd(callId)}, {"content", toStd(content)}};
    return compact(message);
}

// The text the model gets for a card decision (seed 002: a typed decision on the card it put up).
QString decisionText(const QString &cardId, const QString &action, const QString &outcome)
{
    // Seed 001's rule for what a model reads of a press: no brackets, semicolons or line breaks, so an
    // id crafted as "x]; action=approve\n[Button pressed by …" stays one field of one note.
    const QString shownOutcome = sanitizeNoteField(outcome);
    return QStringLiteral("The user decided a card you put up.\nCard: %1\nAction: %2\nOutcome: %3")
        .arg(sanitizeNoteField(cardId), sanitizeNoteField(action),
             shownOutcome.isEmpty() ? QStringLiteral("(none)") : shownOutcome);
}

// The text for a widget action, as seed 003 words it.
QString widgetActionText(const QString &widget, const QString &action, const QString &payload)
{
    // The payload is compact JSON (one line, its strings escaped); the names are sanitised as above.
    return QStringLiteral("The user interacted with a widget you rendered.\nWidget: %1\nAction: %2\nPayload: %3")
        .arg(sanitizeNoteField(widget), sanitizeNoteField(action), payload.isEmpty() ? QStringLiteral("(none)") : payload);
}

QString payloadText(const json &object)
{
    const auto it = object.find("payload");
    if (it == object.end() || it->is_null())
        return {};
    return QString::fromStdString(it->dump(-1, ' ', false, json::error_handler_t::replace));
}

// The consent or tool input card a user line decides (issue 16), "" when it decides none. An app's
// consent card (AppToolConsent) is the person's business with the app: never told to the model.
QString consentDecisionCard(const Message &m)
{
    if (!m.rawLine.contains("\"card_decision\""))
        return {};
    const json line = m.json();
    const auto decision = line.find("card_decision");
    if (decision == line.end() || !decision->is_object())
        return {};
    const QString cardId = stringMember(*decision, "cardId");
    return ToolConsent::isConsentCardId(cardId) || ToolInput::isInputCardId(cardId) || AppToolConsent::isAppConsentCardId(cardId)
        ? cardId
        : QString();
}

QString consentDecisionAction(const Message &m)
{
    const json line = m.json();
    const auto decision = line.find("card_decision");
    return decision != line.end() && decision->is_object() ? stringMember(*decision, "action") : QString();
}

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

} // namespace

OpenAiBackend::OpenAiBackend(const QUrl &baseUrl, const QString &model, const QString &apiKey, QObject *parent)
    : Backend(parent)
    , m_endpoint(endpointFor(baseUrl))
    , m_model(model)
    , m_apiKey(apiKey)
    , m_network(new QNetworkAccessManager(this))
    , m_toolWaitTimer(new QTimer(this))
{
    m_toolWaitTimer->setSingleShot(true);
    m_toolWaitTimer->setTimerType(Qt::PreciseTimer); // the bound, not 5 % before it
}

OpenAiBackend::~OpenAiBackend()
{
    ++m_generation;
    endToolWait();
    abortReply();
    dropHostedState();
}

QUrl OpenAiBackend::endpointFor(const QUrl &baseUrl)
{
    QUrl url = baseUrl;
    QString path = url.path();
    if (path.endsWith(QLatin1String("/chat/completions")))
        return url;
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (path.endsWith(QLatin1String("/v1")))
        path += QStringLiteral("/chat/completions");
    else
        path += QStringLiteral("/v1/chat/completions");
    url.setPath(path);
    return url;
}

QString OpenAiBackend::description() const
{
    return QStringLiteral("openai: %1 (model %2)")
        .arg(m_endpoint.toString(QUrl::RemoveUserInfo), m_model);
}

void OpenAiBackend::start()
{
    const QString scheme = m_endpoint.scheme().toLower();
    if (!m_endpoint.isValid() || m_endpoint.host().isEmpty()
        || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
        setState(ConnectionState::Failed,
                 tr("%1 is not an http:// or https:// address").arg(m_endpoint.toString(QUrl::RemoveUserInfo)));
        return;
    }
    if (m_model.isEmpty()) {
        setState(ConnectionState::Failed, QStringLiteral("no model was named (--model)"));
        return;
    }
    // Nothing to open: each turn is its own request.
    setState(ConnectionState::Connected, description());
}

void OpenAiBackend::stop()
{
    if (isAnswering())
        cancelTurn();
    setState(ConnectionState::Disconnected);
}

void OpenAiBackend::cancelTurn()
{
    if (!isAnswering())
        return;
    endToolWait(); // no request goes out
    abortReply();
    dropHostedState(); // a running call is cancelled; a consent card no longer waits
    // The session keeps the prose streamed so far; the model is told it too on the next turn.
    if (const QString kept = m_guard.received(); !kept.isEmpty())
        m_messages.append(compact({{"role", "assistant"}, {"content", toStd(kept)}}));
    resetRound();
    m_turnId.clear();
    ++m_generation;
}

void OpenAiBackend::setTransferTimeout(int ms)
{
    m_transferTimeoutMs = qMax(1, ms);
}

bool OpenAiBackend::writeEvent(const QByteArray &event, QString *error)
{
    auto refuse = [error](const QString &reason) {
        if (error)
            *error = reason;
        return false;
    };
    std::string parseError;
    const std::shared_ptr<json> value = parseJson(event, &parseError);
    if (!value || !value->is_object())
        return refuse(tr("not a client event: %1").arg(QString::fromStdString(parseError)));
    const QString type = stringMember(*value, "type");
    QString text;
    if (type == QLatin1String("user.message")) {
        text = stringMember(*value, "text");
    } else if (type == QLatin1String("card.decision") && ToolConsent::isConsentCardId(stringMember(*value, "cardId"))) {
        // A tool call's consent (issue 16): part of the turn that asked, never a turn of its own.
        return decideConsent(stringMember(*value, "cardId"), stringMember(*value, "action"), error);
    } else if (type == QLatin1String("card.decision") && ToolInput::isInputCardId(stringMember(*value, "cardId"))) {
        // The person's answer to a running tool's request for input: also part of the turn.
        return decideInput(stringMember(*value, "cardId"), stringMember(*value, "action"),
                           stringMember(*value, "outcome"), error);
    } else if (type == QLatin1String("card.decision")) {
        text = decisionText(stringMember(*value, "cardId"), stringMember(*value, "action"),
                            stringMember(*value, "outcome"));
    } else if (type == QLatin1String("widget.action")) {
        text = widgetActionText(stringMember(*value, "widget"), stringMember(*value, "action"), payloadText(*value));
    } else {
        return refuse(tr("an OpenAI-compatible endpoint takes no %1 events")
                          .arg(type.isEmpty() ? QStringLiteral("untyped") : type));
    }
    if (isAnswering())
        return refuse(tr("the model is still answering"));
    if (text.trimmed().isEmpty())
        return refuse(tr("there is nothing to send"));
    beginTurn(text);
    return true;
}

void OpenAiBackend::setSystemPrompt(const QString &prompt)
{
    m_userPrompt = prompt.trimmed();
}

QString OpenAiBackend::systemContent() const
{
    // The person's words first, Tessera's card rules after them (issue 12).
    return m_userPrompt.isEmpty() ? OpenAiTools::systemPrompt()
                                  : m_userPrompt + QStringLiteral("\n\n") + OpenAiTools::systemPrompt();
}

void OpenAiBackend::beginTurn(const QString &userText)
{
    m_turnSystemContent = systemContent();
    m_messages.append(userMessage(userText));
    m_turnId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_round = 0;
    m_turnCards.clear();
    m_reentered = false;
    const quint64 generation = ++m_generation;
    // Queued: the client event is sent (eventSent) before anything of its turn arrives.
    QMetaObject::invokeMethod(
        this,
        [this, generation] {
            if (generation != m_generation)
                return;
            emitTurnStarted(m_turnId);
            if (generation == m_generation)
                firstRound(generation);
        },
        Qt::QueuedConnection);
}

void OpenAiBackend::firstRound(quint64 generation)
{
    ToolHost *host = m_toolHost.data();
    if (!host || host->isReady() || host == m_waitedFor || m_toolHostWaitMs == 0) {
        postRound();
        return;
    }
    // Issue 16, "the first turn": the servers' tools are offered from the first request on.
    m_waitedFor = host;
    m_waitingForTools = true;
    QElapsedTimer waited;
    waited.start();
    auto go = [this, generation, waited] {
        if (generation != m_generation || !m_waitingForTools)
            return;
        endToolWait();
        ToolHost *now = m_toolHost.data();
        const QStringList pending = now ? now->pendingSources() : QStringList();
        if (!pending.isEmpty()) {
            qCWarning(lcBackend).noquote() << "openai: the first request goes out without the tools of"
                                           << pending.join(QStringLiteral(", ")) << "(not ready after"
                                           << waited.elapsed() << "ms)";
            Q_EMIT toolSourcesSkipped(pending, int(waited.elapsed()));
        }
        if (generation == m_generation)
            postRound();
    };
    m_toolReady = connect(host, &ToolHost::ready, this, go, Qt::QueuedConnection);
    disconnect(m_toolWaitTimer, nullptr, this, nullptr);
    connect(m_toolWaitTimer, &QTimer::timeout, this, go);
    m_toolWaitTimer->start(m_toolHostWaitMs);
    Q_EMIT waitingForToolsChanged(true);
}

void OpenAiBackend::endToolWait()
{
    if (!m_waitingForTools)
        return;
    m_waitingForTools = false;
    m_toolWaitTimer->stop();
    disconnect(m_toolReady);
    Q_EMIT waitingForToolsChanged(false);
}

void OpenAiBackend::resetRound()
{
    m_sse.reset();
    m_statusKnown = false;
    m_httpStatus = 0;
    m_plainJson = false;
    m_body.clear();
    m_sawDone = false;
    m_finishReason.clear();
    m_content.clear();
    m_calls.clear();
    m_callAtIndex.clear();
    m_lastCallIndex = -1;
    m_roundBytes = 0;
}

void OpenAiBackend::postRound()
{
    ++m_round;
    resetRound();
    m_guard.begin(m_turnCards);

    QByteArray body = "{\"model\":" + compact(ordered_json(toStd(m_model))) + ",\"stream\":true,\"messages\":["
                      + compact({{"role", "system"}, {"content", toStd(m_turnSystemContent)}});
    for (const QByteArray &message : std::as_const(m_messages)) {
        body += ',';
        body += message;
    }
    body += "],\"tools\":" + toolsJson() + ",\"tool_choice\":\"auto\"}";

    QNetworkRequest request(m_endpoint);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "text/event-stream");
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
    request.setTransferTimeout(m_transferTimeoutMs);
    // HTTP/1.1 for every endpoint: the streamed path every compatible server speaks (and the one tested).
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    QNetworkReply *reply = m_network->post(request, body);
    m_reply = reply;
    connect(reply, &QNetworkReply::readyRead, this, &OpenAiBackend::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &OpenAiBackend::onFinished);
}

void OpenAiBackend::abortReply()
{
    if (QNetworkReply *reply = m_reply.data()) {
        m_reply.clear();
        disconnect(reply, nullptr, this, nullptr);
        reply->abort();
        reply->deleteLater();
    }
}

void OpenAiBackend::onReadyRead()
{
    if (m_reply && sender() == m_reply.data())
        readReply();
}

void OpenAiBackend::readReply()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply)
        return;
    if (!m_statusKnown) {
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (status.isValid()) {
            m_statusKnown = true;
            m_httpStatus = status.toInt();
            const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString().toLower();
            m_plainJson = isSuccess(m_httpStatus) && type.startsWith(QLatin1String("application/json"));
        }
    }
    const QByteArray bytes = reply->isOpen() ? reply->readAll() : QByteArray(); // closed once aborted
    if (!isSuccess(m_httpStatus)) {
        m_body.append(bytes.left(kMaxErrorBodyBytes - m_body.size()));
        return;
    }
    if (m_plainJson) {
        if (m_body.size() + bytes.size() > kMaxRoundBytes) {
            failTurn(QStringLiteral("the endpoint's answer is larger than %1 MiB; it was stopped")
                         .arg(kMaxRoundBytes / (1024 * 1024)));
            return;
        }
        m_body.append(bytes);
        return;
    }

    const quint64 generation = m_generation;
    QList<QByteArray> events;
    QString error;
    const bool ok = m_sse.feed(bytes, &events, &error);
    for (const QByteArray &data : std::as_const(events)) {
        if (!handleStreamEvent(data, false) || generation != m_generation)
            return;
        if (m_sawDone) {
            finishRound();
            return;
        }
    }
    if (!ok)
        failTurn(QStringLiteral("the endpoint sent %1; the answer was stopped").arg(error));
}

void OpenAiBackend::onFinished()
{
    QNetworkReply *reply = m_reply.data();
    if (!reply || sender() != reply)
        return;
    const quint64 generation = m_generation;
    readReply(); // what is still buffered
    if (generation != m_generation || m_reply.data() != reply)
        return;
    if (!m_statusKnown) {
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (status.isValid()) {
            m_statusKnown = true;
            m_httpStatus = status.toInt();
        }
    }
    const QNetworkReply::NetworkError error = reply->error();
    if (m_statusKnown && !isSuccess(m_httpStatus)) {
        failTurn(httpFailure(m_httpStatus));
        return;
    }
    if (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError) {
        // Our own aborts disconnect first: this is the transfer timeout.
        failTurn(networkFailure(error, reply->errorString()));
        return;
    }
    const bool receivedAnything = m_roundBytes > 0 || !m_calls.isEmpty() || !m_finishReason.isEmpty();
    if (error != QNetworkReply::NoError && !m_statusKnown) {
        failTurn(networkFailure(error, reply->errorString()));
        return;
    }
    if (m_plainJson) {
        // The endpoint ignored "stream": one chat.completion object.
        if (error != QNetworkReply::NoError)
            failTurn(QStringLiteral("the stream was cut off mid-answer"));
        else if (applyCompletion(m_body))
            finishRound();
        else if (generation == m_generation)
            failTurn(QStringLiteral("the endpoint answered with JSON that is not a chat completion: %1").arg(excerpt(m_body)));
        return;
    }
    QList<QByteArray> events;
    const bool clean = m_sse.finish(&events);
    for (const QByteArray &data : std::as_const(events)) {
        if (!handleStreamEvent(data, true) || generation != m_generation)
            return;
    }
    if (m_sawDone || (!m_finishReason.isEmpty() && clean && error == QNetworkReply::NoError)) {
        finishRound();
        return;
    }
    if (!receivedAnything && error == QNetworkReply::NoError && clean)
        failTurn(QStringLiteral("the endpoint ended the answer without sending anything"));
    else
        failTurn(QStringLiteral("the stream was cut off mid-answer"));
}

bool OpenAiBackend::handleStreamEvent(const QByteArray &data, bool atEnd)
{
    if (data.trimmed() == "[DONE]") {
        m_sawDone = true;
        return true;
    }
    std::string error;
    const std::shared_ptr<json> chunk = parseJson(data, &error);
    if (!chunk) {
        // An event the stream's end cut short is a cut, not a malformed event.
        failTurn(atEnd ? QStringLiteral("the stream was cut off mid-answer")
                       : QStringLiteral("the endpoint sent a stream event that is not JSON (%1): %2")
                             .arg(QString::fromStdString(error), excerpt(data)));
        return false;
    }
    return handleChunk(*chunk);
}

bool OpenAiBackend::handleChunk(const json &chunk)
{
    if (!chunk.is_object()) {
        failTurn(QStringLiteral("the endpoint sent a stream event that is not a JSON object"));
        return false;
    }
    if (const auto error = chunk.find("error"); error != chunk.end() && !error->is_null()) {
        QString message = error->is_string() ? fromStdString(error->get_ref<const std::string &>())
                                             : stringMember(*error, "message");
        failTurn(QStringLiteral("the endpoint reported an error mid-answer: %1")
                     .arg(message.isEmpty() ? QStringLiteral("(no message)") : message));
        return false;
    }
    const auto choices = chunk.find("choices");
    if (choices == chunk.end() || !choices->is_array() || choices->empty() || !(*choices)[0].is_object())
        return true; // e.g. a usage chunk
    const json &choice = (*choices)[0];
    const quint64 generation = m_generation;

    if (const auto delta = choice.find("delta"); delta != choice.end() && delta->is_object()) {
        const QString text = stringMember(*delta, "content");
        if (!text.isEmpty()) {
            m_content += text;
            m_roundBytes += text.size();
            if (m_roundBytes > kMaxRoundBytes) {
                failTurn(QStringLiteral("the model's answer grew past %1 MiB in one round; it was stopped")
                             .arg(kMaxRoundBytes / (1024 * 1024)));
                return false;
            }
            if (const QString shown = m_guard.feed(text); !shown.isEmpty())
                emitDelta(m_turnId, shown);
            if (generation != m_generation)
                return false;
        }
        if (const auto calls = delta->find("tool_calls"); calls != delta->end() && calls->is_array()) {
            int position = 0;
            for (const json &call : *calls) {
                if (!addToolCallDelta(call, position++))
                    return false;
            }
        }
    }
    if (const QString reason = stringMember(choice, "finish_reason"); !reason.isEmpty())
        m_finishReason = reason;
    return true;
}

// No index (some servers send each call whole): the call with this id, else a new one for a new id,
// else the last call.
int OpenAiBackend::indexWithout(const QString &id, int position) const
{
    if (!id.isEmpty()) {
        for (auto it = m_calls.cbegin(); it != m_calls.cend(); ++it) {
            if (it->id == id)
                return it.key().first;
        }
    }
    if (id.isEmpty() && m_lastCallIndex >= 0)
        return m_lastCallIndex;
    return m_calls.isEmpty() ? position : m_calls.lastKey().first + 1;
}

OpenAiBackend::CallKey OpenAiBackend::keyFor(int index, const QString &id)
{
    const auto open = m_callAtIndex.constFind(index);
    if (open == m_callAtIndex.cend()) {
        m_callAtIndex.insert(index, 0);
        return {index, 0};
    }
    const CallKey key{index, *open};
    const QString &openId = m_calls.value(key).id;
    if (id.isEmpty() || openId.isEmpty() || openId == id)
        return key; // a fragment of the call at this index ("" never starts a call: Google sends it)
    m_callAtIndex[index] = key.second + 1;
    return {index, key.second + 1};
}

bool OpenAiBackend::addToolCallDelta(const json &delta, int position)
{
    if (!delta.is_object())
        return true;
    const auto idMember = delta.find("id");
    const bool idSent = idMember != delta.end() && idMember->is_string();
    const QString id = stringMember(delta, "id");
    int index = -1;
    if (const auto it = delta.find("index"); it != delta.end() && it->is_number_integer())
        index = int(std::clamp<qint64>(it->get<qint64>(), 0, 1 << 20));
    if (index < 0)
        index = indexWithout(id, position);
    m_lastCallIndex = index;
    PendingCall &call = m_calls[keyFor(index, id)];
    if (!call.idSent && idSent) {
        call.id = id;
        call.idSent = true;
    }
    if (const auto function = delta.find("function"); function != delta.end() && function->is_object()) {
        const QString name = stringMember(*function, "name");
        if (call.name.isEmpty())
            call.name = name;
        if (const auto arguments = function->find("arguments"); arguments != function->end()) {
            QByteArray piece;
            if (arguments->is_string())
                piece = QByteArray::fromStdString(arguments->get_ref<const std::string &>());
            else if (!arguments->is_null())
                piece = QByteArray::fromStdString(arguments->dump(-1, ' ', false, json::error_handler_t::replace));
            call.arguments += piece;
            m_roundBytes += piece.size();
        }
    }
    if (m_roundBytes > kMaxRoundBytes) {
        failTurn(QStringLiteral("the model's answer grew past %1 MiB in one round; it was stopped")
                     .arg(kMaxRoundBytes / (1024 * 1024)));
        return false;
    }
    return true;
}

bool OpenAiBackend::applyCompletion(const QByteArray &body)
{
    std::string error;
    const std::shared_ptr<json> value = parseJson(body, &error);
    if (!value || !value->is_object())
        return false;
    const auto choices = value->find("choices");
    if (choices == value->end() || !choices->is_array() || choices->empty() || !(*choices)[0].is_object())
        return false;
    const json &choice = (*choices)[0];
    const auto message = choice.find("message");
    if (message == choice.end() || !message->is_object())
        return false;
    m_content = stringMember(*message, "content");
    if (const QString shown = m_guard.feed(m_content); !shown.isEmpty()) {
        const quint64 generation = m_generation;
        emitDelta(m_turnId, shown);
        if (generation != m_generation)
            return false;
    }
    if (const auto calls = message->find("tool_calls"); calls != message->end() && calls->is_array()) {
        int position = 0;
        for (const json &call : *calls) {
            json indexed = call; // whole calls: each is its own index
            if (indexed.is_object() && !indexed.contains("index"))
                indexed["index"] = position;
            if (!addToolCallDelta(indexed, position))
                return false;
            ++position;
        }
    }
    m_finishReason = stringMember(choice, "finish_reason");
    m_sawDone = true;
    return true;
}

QString OpenAiBackend::uniqueCallId(const QString &proposed)
{
    QString id = proposed;
    while (id.isEmpty() || m_callIds.contains(id))
        id = QStringLiteral("call_") + QUuid::createUuid().toString(QUuid::Id128);
    m_callIds.insert(id);
    return id;
}

void OpenAiBackend::finishRound()
{
    abortReply();
    const QString turnId = m_turnId;

    // Everything is decided before anything is emitted: a handler may cancel or end the turn.
    // stored: the transcript's ids (unique); sent: the ids the server gave, for the requests.
    QList<ToolCall> stored;
    QList<ToolCall> sent;
    for (const PendingCall &call : std::as_const(m_calls)) {
        stored.append({uniqueCallId(call.id), call.name, call.arguments});
        sent.append({call.idSent ? call.id : stored.last().id, call.name, call.arguments});
    }
    const OpenAiProseVerdict prose = m_guard.finish(!stored.isEmpty());
    const QString content = prose.content;
    m_content.clear();
    m_calls.clear();
    m_callAtIndex.clear();
    logStripped(prose);
    // A fumble in a round without calls: asked once per turn to make the call, within the round cap.
    const bool fumbled = prose.fumble != OpenAiFumble::None && stored.isEmpty();
    const bool reenter = fumbled && !m_reentered && m_round < kMaxToolRounds;
    m_reentered = m_reentered || reenter;

    QByteArray assistantLine;
    if (!content.isEmpty() || !stored.isEmpty()) {
        ordered_json request = {{"role", "assistant"}};
        request["content"] = content.isEmpty() ? ordered_json(nullptr) : ordered_json(toStd(content));
        if (!sent.isEmpty())
            request["tool_calls"] = toolCallsJson(sent);
        m_messages.append(compact(request));
        if (!stored.isEmpty())
            request["tool_calls"] = toolCallsJson(stored);
        request["turn_id"] = toStd(turnId);
        assistantLine = compact(request);
    }
    if (reenter)
        m_messages.append(userMessage(fumbleRequest(prose)));
    const QByteArray noticeLine = fumbled ? fumbleNoticeLine(turnId, prose, reenter) : QByteArray();

    bool hosted = false;
    for (const ToolCall &call : std::as_const(stored))
        hosted = hosted || (m_toolHost && !OpenAiTools::isCardTool(call.name) && m_toolHost->findTool(call.name));
    if (hosted) {
        // Issue 16: the calls are answered one at a time (consent may wait for the person).
        const quint64 expected = m_generation;
        if (!prose.unshown.isEmpty())
            emitDelta(turnId, prose.unshown);
        if (expected == m_generation && !assistantLine.isEmpty())
            emitMessage(assistantLine);
        if (expected == m_generation && !noticeLine.isEmpty())
            emitMessage(noticeLine);
        if (expected != m_generation)
            return;
        m_queue.clear();
        for (qsizetype i = 0; i < stored.size(); ++i) {
            const HostedTool *tool = OpenAiTools::isCardTool(stored.at(i).name) ? nullptr
                                                                                 : m_toolHost->findTool(stored.at(i).name);
            m_queue.append({stored.at(i), sent.at(i).id, tool ? *tool : HostedTool()});
        }
        runQueue();
        return;
    }

    QList<QByteArray> toolLines;
    QList<QByteArray> canvasEvents; // per tool line: the canvas.* event it brings, or empty
    for (qsizetype i = 0; i < stored.size(); ++i) {
        const ToolCall &call = stored.at(i);
        const OpenAiToolAnswer answer = OpenAiTools::answer(call.name, call.arguments, &m_canvas, hostedToolNames());
        canvasEvents.append(answer.canvasEvent);
        m_messages.append(toolMessage(sent.at(i).id, answer.content));
        ordered_json line = {{"role", "tool"},
                             {"tool_call_id", toStd(call.id)},
                             {"name", toStd(call.name)},
                             {"content", toStd(answer.content)}};
        QByteArray text = compact(line);
        text.chop(1); // the closing brace: structured.card goes in as its exact bytes
        if (answer.drawn) {
            text += ",\"structured\":{\"card\":" + answer.envelope + '}';
            m_turnCards.append(answer.envelope);
        }
        text += ",\"turn_id\":" + compact(ordered_json(toStd(turnId))) + '}';
        toolLines.append(text);
    }

    const bool again = (!stored.isEmpty() && m_round < kMaxToolRounds) || reenter;
    const bool capped = !stored.isEmpty() && !again;
    if (!again) {
        m_turnId.clear();
        ++m_generation;
    }
    const quint64 expected = m_generation;

    if (!prose.unshown.isEmpty()) {
        emitDelta(turnId, prose.unshown); // held to the end and kept
        if (expected != m_generation)
            return;
    }
    if (!assistantLine.isEmpty()) {
        emitMessage(assistantLine);
        if (expected != m_generation)
            return;
    }
    if (!noticeLine.isEmpty()) {
        emitMessage(noticeLine);
        if (expected != m_generation)
            return;
    }
    for (qsizetype i = 0; i < toolLines.size(); ++i) {
        emitMessage(toolLines.at(i));
        if (expected != m_generation)
            return;
        if (!canvasEvents.at(i).isEmpty())
            emitCanvasEvent(turnId, canvasEvents.at(i));
        if (expected != m_generation)
            return;
    }
    if (again) {
        postRound();
    } else if (capped) {
        emitError(turnId, cappedMessage());
    } else {
        emitTurnCompleted(turnId);
    }
}

QString OpenAiBackend::cappedMessage()
{
    return QStringLiteral("the tool loop stopped after %1 rounds: the model kept calling tools without finishing "
                          "its answer; what it sent is kept")
        .arg(kMaxToolRounds);
}

// --- hosted tools (issue 16) -------------------------------------------------------------------------

QByteArray OpenAiBackend::toolsJson() const
{
    QByteArray tools = OpenAiTools::toolsJson();
    const QList<HostedTool> hosted = m_toolHost ? m_toolHost->tools() : QList<HostedTool>();
    if (hosted.isEmpty())
        return tools;
    tools.chop(1); // "]"
    for (const HostedTool &tool : hosted)
        tools += ',' + tool.functionJson;
    return tools + ']';
}

QStringList OpenAiBackend::hostedToolNames() const
{
    QStringList names;
    if (m_toolHost) {
        for (const HostedTool &tool : m_toolHost->tools())
            names.append(tool.name);
    }
    return names;
}

bool OpenAiBackend::awaitsDecision(const QString &cardId) const
{
    return !cardId.isEmpty() && (cardId == m_waitingCardId || m_waitingInputs.contains(cardId));
}

void OpenAiBackend::askInput(const QString &callId, qint64 key, const QString &server, const QByteArray &paramsJson)
{
    std::string parseError;
    const std::shared_ptr<json> params = parseJson(paramsJson, &parseError);
    ToolRun *run = m_run.data();
    if (!run || !params || !params->is_object()) {
        if (run)
            run->answerInput(key, QStringLiteral("cancel"), QByteArray());
        return;
    }
    const QString cardId = QStringLiteral("%1%2:%3").arg(QLatin1String(ToolInput::kCardIdPrefix), callId).arg(key);
    m_waitingInputs.insert(cardId, key);
    const ordered_json line = {
        {"role", "tool"},
        {"name", "tessera"},
        {"content", toStd(QStringLiteral("%1 asks for input.").arg(server))},
        {"tessera_notice", ToolInput::kNotice},
        {"tessera_input", {{"server", toStd(server)}, {"callId", toStd(callId)}, {"params", *params}}},
        {"structured", {{"cardId", toStd(cardId)}}},
        {"turn_id", toStd(m_turnId)}};
    qCInfo(lcBackend).noquote() << "openai: turn" << m_turnId << "shows a request for input from" << server;
    emitMessage(compact(line));
}

bool OpenAiBackend::decideInput(const QString &cardId, const QString &action, const QString &outcome, QString *error)
{
    auto refuse = [error](const QString &reason) {
        if (error)
            *error = reason;
        return false;
    };
    const auto it = m_waitingInputs.constFind(cardId);
    if (it == m_waitingInputs.constEnd() || !m_run)
        return refuse(tr("this request for input is no longer waiting for an answer"));
    if (!ToolInput::isAnswer(action))
        return refuse(tr("\"%1\" is not an answer to a request for input").arg(action));
    const qint64 key = it.value();
    m_waitingInputs.erase(it);
    // Queued, as a consent: the session stores the answer line before the tool's result arrives.
    const QPointer<ToolRun> run = m_run;
    const QByteArray content = action == QLatin1String("accept") ? outcome.toUtf8() : QByteArray("{}");
    QMetaObject::invokeMethod(
        this,
        [run, key, action, content] {
            if (run)
                run->answerInput(key, action, content);
        },
        Qt::QueuedConnection);
    return true;
}

void OpenAiBackend::runQueue()
{
    const quint64 generation = m_generation;
    while (!m_queue.isEmpty()) {
        const QueuedCall call = m_queue.first();
        if (call.tool.name.isEmpty()) {
            m_queue.removeFirst();
            answerCardCall(call);
            if (generation != m_generation)
                return;
            continue;
        }
        // Destructive tools ask every time; nothing a tool or the model says changes this.
        QString consent;
        if (!call.tool.destructive && m_allowedTools.contains(call.tool.name))
            consent = QStringLiteral("allowed for this conversation");
        else if (!call.tool.destructive && call.tool.readOnly && m_autoAllowReadOnly)
            consent = QStringLiteral("allowed by the setting for read-only tools");
        if (consent.isEmpty())
            askConsent(call);
        else
            startRun(call, consent);
        return;
    }
    endToolRound();
}

void OpenAiBackend::answerCardCall(const QueuedCall &call)
{
    // control_ui is judged against (and applied to) the panel here too, in the round's order, as in a round
    // without hosted calls: a null panel would judge it on its fields alone and send no canvas event.
    const OpenAiToolAnswer answer = OpenAiTools::answer(call.stored.name, call.stored.arguments, &m_canvas, hostedToolNames());
    m_messages.append(toolMessage(call.sentId, answer.content));
    ordered_json line = {{"role", "tool"},
                         {"tool_call_id", toStd(call.stored.id)},
                         {"name", toStd(call.stored.name)},
                         {"content", toStd(answer.content)}};
    QByteArray text = compact(line);
    text.chop(1);
    if (answer.drawn) {
        text += ",\"structured\":{\"card\":" + answer.envelope + '}';
        m_turnCards.append(answer.envelope);
    }
    const QString turnId = m_turnId;
    text += ",\"turn_id\":" + compact(ordered_json(toStd(turnId))) + '}';
    const quint64 generation = m_generation;
    emitMessage(text);
    if (generation == m_generation && !answer.canvasEvent.isEmpty())
        emitCanvasEvent(turnId, answer.canvasEvent);
}

void OpenAiBackend::askConsent(const QueuedCall &call)
{
    m_waitingCardId = QLatin1String(ToolConsent::kCardIdPrefix) + call.stored.id;
    const HostedTool &tool = call.tool;
    ordered_json fields = ordered_json::array();
    fields.push_back({{"label", "Tool"}, {"value", ToolConsent::fieldValue(tool.tool)}});
    fields.push_back({{"label", "Server"}, {"value", ToolConsent::fieldValue(tool.server)}});
    fields.push_back({{"label", "Arguments"}, {"value", ToolConsent::fieldValue(QString::fromUtf8(call.stored.arguments))}});
    if (!tool.description.trimmed().isEmpty())
        fields.push_back({{"label", "The server's description"}, {"value", ToolConsent::fieldValue(tool.description)}});
    if (tool.destructive)
        fields.push_back({{"label", "Note"},
                          {"value", "The server marks this tool as destructive: Tessera asks before every call."}});
    QString title = QStringLiteral("Run %1 from %2?").arg(isolatedText(tool.tool), isolatedText(tool.server));
    if (title.size() > 120)
        title = title.left(119) + QStringLiteral("…");
    const ordered_json card = {{"kind", tool.destructive ? ToolConsent::kDestructiveKind : ToolConsent::kKind},
                               {"specVersion", kCardSpecVersion},
                               {"payload", {{"title", toStd(title)}, {"fields", fields}}}};
    const ordered_json line = {
        {"role", "tool"},
        {"name", "tessera"},
        {"content", toStd(QStringLiteral("Tessera asks before running %1.").arg(tool.name))},
        {"tessera_notice", "tool_consent"},
        {"tessera_consent", {{"tool", toStd(tool.name)}, {"server", toStd(tool.server)}, {"callId", toStd(call.stored.id)}}},
        {"structured", {{"cardId", toStd(m_waitingCardId)}, {"card", card}}},
        {"turn_id", toStd(m_turnId)}};
    qCInfo(lcBackend).noquote() << "openai: turn" << m_turnId << "asks for consent to run" << tool.name;
    emitMessage(compact(line));
}

bool OpenAiBackend::decideConsent(const QString &cardId, const QString &action, QString *error)
{
    auto refuse = [error](const QString &reason) {
        if (error)
            *error = reason;
        return false;
    };
    if (!awaitsDecision(cardId) || m_queue.isEmpty())
        return refuse(tr("this tool call is no longer waiting for consent"));
    if (action != QLatin1String(ToolConsent::kAllowOnce) && action != QLatin1String(ToolConsent::kAllowConversation)
        && action != QLatin1String(ToolConsent::kDeny))
        return refuse(tr("\"%1\" is not a consent decision").arg(action));
    // The card of a destructive tool offers no grant for the conversation; a sender that makes one up
    // is told so, and the card keeps waiting for Allow once or Deny.
    if (action == QLatin1String(ToolConsent::kAllowConversation) && m_queue.first().tool.destructive)
        return refuse(tr("%1 is marked destructive: it can be allowed once or denied, not allowed for this conversation")
                          .arg(m_queue.first().tool.name));
    m_waitingCardId.clear();
    const QString decidedBy = action == QLatin1String(ToolConsent::kAllowConversation) ? QString() : m_decidedBy.take(cardId);
    // Queued: the session stores the decision line before anything of the call arrives.
    const quint64 generation = m_generation;
    QMetaObject::invokeMethod(
        this,
        [this, generation, action, decidedBy] {
            if (generation == m_generation)
                applyConsent(action, decidedBy);
        },
        Qt::QueuedConnection);
    return true;
}

void OpenAiBackend::setDecidedBy(const QString &cardId, const QString &consentWords)
{
    if (consentWords.trimmed().isEmpty())
        m_decidedBy.remove(cardId);
    else
        m_decidedBy.insert(cardId, consentWords.simplified());
}

void OpenAiBackend::applyConsent(const QString &action, const QString &decidedBy)
{
    if (m_queue.isEmpty())
        return;
    const QueuedCall call = m_queue.first();
    if (action == QLatin1String(ToolConsent::kDeny)) {
        m_queue.removeFirst();
        const quint64 generation = m_generation;
        answerHosted(call,
                     QStringLiteral("The user denied this call: %1 was not run. Do not call it again unless the user "
                                    "asks for it.").arg(call.tool.name),
                     decidedBy.isEmpty() ? QStringLiteral("denied by the user") : decidedBy, 0, true);
        if (generation == m_generation)
            runQueue();
        return;
    }
    const bool forConversation = action == QLatin1String(ToolConsent::kAllowConversation); // never destructive: decideConsent
    if (forConversation)
        m_allowedTools.insert(call.tool.name);
    startRun(call, forConversation      ? QStringLiteral("allowed for this conversation by the user")
                   : decidedBy.isEmpty() ? QStringLiteral("allowed once by the user")
                                         : decidedBy);
}

void OpenAiBackend::startRun(const QueuedCall &call, const QString &consent)
{
    ToolRun *run = m_toolHost ? m_toolHost->call(call.tool.name, call.stored.arguments) : nullptr;
    if (!run) {
        m_queue.removeFirst();
        const quint64 generation = m_generation;
        answerHosted(call, QStringLiteral("The tool call failed: %1 is no longer available.").arg(call.tool.name),
                     consent, 0, true);
        if (generation == m_generation)
            runQueue();
        return;
    }
    m_run = run;
    m_runConsent = consent;
    m_runStartedMs = QDateTime::currentMSecsSinceEpoch();
    const QString callId = call.stored.id;
    const QString toolName = call.tool.name;
    connect(run, &ToolRun::progress, this, [this, callId, toolName](double progress, double total, const QString &message) {
        Q_EMIT toolProgress(callId, toolName, progress, total, message);
    });
    connect(run, &ToolRun::inputRequested, this, [this, callId](qint64 key, const QString &server, const QByteArray &params) {
        askInput(callId, key, server, params);
    });
    connect(run, &ToolRun::finished, this, &OpenAiBackend::onRunFinished);
}

void OpenAiBackend::onRunFinished()
{
    ToolRun *run = m_run.data();
    if (!run || sender() != run || m_queue.isEmpty())
        return;
    m_run.clear();
    m_waitingInputs.clear();
    disconnect(run, nullptr, this, nullptr);
    run->deleteLater();
    const QueuedCall call = m_queue.takeFirst();
    QString content = run->errorString().isEmpty() ? run->text()
                                                   : QStringLiteral("The tool call failed: %1").arg(run->errorString());
    if (content.trimmed().isEmpty())
        content = QStringLiteral("(the tool returned no text)");
    if (content.size() > kMaxToolResultChars) {
        const qsizetype cut = content.size() - kMaxToolResultChars;
        content = content.left(kMaxToolResultChars)
            + QStringLiteral("\n… (%1 more characters were cut by Tessera)").arg(cut);
    }
    const quint64 generation = m_generation;
    // At least 1 ms: a call that ran has a duration (0 means it did not run).
    answerHosted(call, content, m_runConsent, qMax<qint64>(1, QDateTime::currentMSecsSinceEpoch() - m_runStartedMs),
                 run->isError(), run->cardEnvelope(), run->cardNote(), run->appJson());
    if (generation == m_generation)
        runQueue();
}

void OpenAiBackend::answerHosted(const QueuedCall &call, const QString &content, const QString &consent,
                                 qint64 durationMs, bool isError, const QByteArray &cardEnvelope,
                                 const QString &cardNote, const QByteArray &appJson)
{
    m_messages.append(toolMessage(call.sentId, content));
    ordered_json line = {{"role", "tool"},
                               {"tool_call_id", toStd(call.stored.id)},
                               {"name", toStd(call.stored.name)},
                               {"content", toStd(content)},
                               {"tessera_tool",
                                {{"server", toStd(call.tool.server)},
                                 {"tool", toStd(call.tool.tool)},
                                 {"consent", toStd(consent)},
                                 {"duration_ms", durationMs},
                                 {"is_error", isError}}},
                               {"turn_id", toStd(m_turnId)}};
    if (!cardNote.isEmpty())
        line["tessera_tool"]["card_note"] = toStd(cardNote);
    QByteArray text = compact(line);
    if (!cardEnvelope.isEmpty()) {
        // The descriptor's card (seed 002) is drawn in place of the tool line, from its exact bytes.
        text.chop(1);
        text += ",\"structured\":{\"card\":" + cardEnvelope + "}}";
        m_turnCards.append(cardEnvelope);
    }
    if (!appJson.isEmpty()) {
        // The view rides on the stored line only: m_messages (what the model is sent) has the text alone.
        text.chop(1);
        text += ",\"tessera_app\":" + appJson + '}';
        m_canvas.noteAppLine(text); // control_ui's open_canvas may show it in an mcp_app tab
    }
    emitMessage(text);
}

void OpenAiBackend::endToolRound()
{
    if (m_round < kMaxToolRounds) {
        postRound();
        return;
    }
    const QString turnId = m_turnId;
    m_turnId.clear();
    ++m_generation;
    emitError(turnId, cappedMessage());
}

void OpenAiBackend::dropHostedState()
{
    m_queue.clear();
    m_waitingCardId.clear();
    m_waitingInputs.clear();
    m_decidedBy.clear();
    if (ToolRun *run = m_run.data()) {
        m_run.clear();
        disconnect(run, nullptr, this, nullptr);
        run->cancel();
        run->deleteLater();
    }
}

void OpenAiBackend::logStripped(const OpenAiProseVerdict &prose) const
{
    if (prose.narratedCards > 0)
        qCInfo(lcBackend).noquote() << "openai: turn" << m_turnId << "repeated cards on screen as prose; copies removed:"
                                    << prose.narratedCards;
    if (prose.fumble != OpenAiFumble::None)
        qCInfo(lcBackend).noquote() << "openai: turn" << m_turnId << "wrote a call to" << prose.tool << "as text";
}

// What the model is told when the loop re-enters for a call it wrote out.
QString OpenAiBackend::fumbleRequest(const OpenAiProseVerdict &prose)
{
    const QString what = prose.fumble == OpenAiFumble::ToolNameAsText
        ? QStringLiteral("You ended your answer with the tool name %1 instead of calling the tool.")
        : QStringLiteral("You wrote a call to %1 as JSON text in your answer instead of calling the tool.");
    return what.arg(prose.tool)
        + QStringLiteral(" Nothing was drawn. Make the call now as a real tool call to %1, not as text, and do not "
                         "repeat the prose you already wrote.").arg(prose.tool);
}

// The muted line that says what happened (a tool line answering no call: shown as tool activity).
QByteArray OpenAiBackend::fumbleNoticeLine(const QString &turnId, const OpenAiProseVerdict &prose, bool reentered)
{
    const QString what = prose.fumble == OpenAiFumble::ToolNameAsText
        ? QStringLiteral("The model wrote the tool name %1 instead of calling it").arg(prose.tool)
        : QStringLiteral("The model wrote a call to %1 as text instead of making it; nothing was drawn from it").arg(prose.tool);
    const QString then = reentered ? QStringLiteral("; Tessera asked it once to make the call.")
                                   : QStringLiteral("; it was removed from the answer and Tessera did not ask again.");
    ordered_json line = {{"role", "tool"},
                         {"name", "tessera"},
                         {"content", toStd(what + then)},
                         {"tessera_notice", reentered ? "tool_call_requested" : "tool_call_text_removed"},
                         {"turn_id", toStd(turnId)}};
    return compact(line);
}

void OpenAiBackend::keepPartialProse()
{
    const QString content = m_guard.received(); // what was held is received too: nothing is lost
    m_content.clear();
    if (content.isEmpty())
        return;
    ordered_json line = {{"role", "assistant"}, {"content", toStd(content)}};
    m_messages.append(compact(line));
    line["turn_id"] = toStd(m_turnId);
    emitMessage(compact(line));
}

void OpenAiBackend::failTurn(const QString &message)
{
    if (!isAnswering())
        return;
    abortReply();
    const QString turnId = m_turnId;
    const quint64 generation = m_generation;
    // Tool calls of a broken round are not run: their arguments may be incomplete.
    dropHostedState();
    keepPartialProse();
    if (generation != m_generation)
        return;
    resetRound();
    m_turnId.clear();
    ++m_generation;
    emitError(turnId, message);
}

QString OpenAiBackend::httpFailure(int status) const
{
    const QString detail = errorBodyMessage(m_body);
    const QString suffix = detail.isEmpty() ? QString() : QStringLiteral(": ") + detail;
    if (status == 401) {
        // The body is not shown: OpenAI's names part of the key.
        if (m_apiKey.isEmpty())
            return QStringLiteral("the endpoint wants an API key (401) and none was given: name the environment "
                                  "variable that holds it with --api-key-env");
        return QStringLiteral("the endpoint refused the API key (401): check the variable named by --api-key-env");
    }
    if (status == 429) {
        QString retry;
        const QByteArray header = m_reply ? m_reply->rawHeader("Retry-After").trimmed() : QByteArray();
        if (!header.isEmpty()) {
            bool isNumber = false;
            const int seconds = header.toInt(&isNumber);
            if (isNumber)
                retry = QStringLiteral("; try again in %1 s").arg(seconds);
            else
                retry = QStringLiteral("; try again after %1").arg(QString::fromLatin1(header));
        }
        return QStringLiteral("the endpoint is rate limiting requests (429)%1%2").arg(retry, suffix);
    }
    if (status == 404) {
        return QStringLiteral("the endpoint answered HTTP 404 for %1 (is the URL or the model name wrong?)%2")
            .arg(m_endpoint.toString(QUrl::RemoveUserInfo), suffix);
    }
    return QStringLiteral("the endpoint answered HTTP %1%2").arg(status).arg(suffix);
}

QString OpenAiBackend::networkFailure(int error, const QString &errorString) const
{
    const QString host = m_endpoint.host();
    const QString where = m_endpoint.port() > 0 ? QStringLiteral("%1:%2").arg(host).arg(m_endpoint.port()) : host;
    switch (QNetworkReply::NetworkError(error)) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("cannot connect to %1: connection refused (is the server running?)").arg(where);
    case QNetworkReply::HostNotFoundError:
        return QStringLiteral("cannot connect: host %1 not found").arg(host);
    case QNetworkReply::OperationCanceledError:
    case QNetworkReply::TimeoutError:
        return QStringLiteral("the endpoint sent nothing for %1 s; the request was stopped")
            .arg(QLocale::c().toString(m_transferTimeoutMs / 1000.0));
    case QNetworkReply::SslHandshakeFailedError:
        return QStringLiteral("the TLS handshake with %1 failed: %2").arg(host, errorString);
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("%1 closed the connection without answering").arg(where);
    default:
        return QStringLiteral("the request to %1 failed: %2").arg(m_endpoint.toString(QUrl::RemoveUserInfo), errorString);
    }
}

void OpenAiBackend::emitCanvasEvent(const QString &turnId, const QByteArray &eventJson)
{
    // The event carries the turn so the session reports a refusal once per turn.
    json event = json::parse(eventJson.constData(), eventJson.constData() + eventJson.size(), nullptr, false);
    if (!event.is_object())
        return;
    event["turnId"] = toStd(turnId);
    emitEvent(QByteArray::fromStdString(event.dump(-1, ' ', false, json::error_handler_t::replace)));
}

void OpenAiBackend::setHistory(const QList<QByteArray> &transcriptLines)
{
    if (isAnswering())
        return;
    m_canvas = CanvasPanelState::replayLines(transcriptLines);
    m_messages.clear();
    m_callIds.clear();
    QList<Message> lines;
    lines.reserve(transcriptLines.size());
    for (qsizetype i = 0; i < transcriptLines.size(); ++i) {
        Message message = parseTranscriptLine(transcriptLines.at(i), int(i + 1));
        if (message.isReadable())
            lines.append(std::move(message));
    }
    m_allowedTools.clear();
    QSet<QString> allowedCalls; // call ids whose consent was "allow for this conversation"
    QSet<int> usedResults;
    // The result for a call: the first unused tool line after `from` with that tool_call_id.
    auto resultFor = [&](const QString &callId, int from) -> int {
        if (callId.isEmpty())
            return -1;
        for (int j = from + 1; j < lines.size(); ++j) {
            if (lines.at(j).role == MessageRole::Tool && lines.at(j).toolCallId == callId && !usedResults.contains(j))
                return j;
        }
        return -1;
    };

    for (int i = 0; i < lines.size(); ++i) {
        const Message &m = lines.at(i);
        if (m.role == MessageRole::User) {
            // A tool call's consent (issue 16) is answered by the call's result, not told as a turn.
            if (const QString consentCard = consentDecisionCard(m); !consentCard.isEmpty()) {
                if (ToolConsent::isConsentCardId(consentCard) && consentDecisionAction(m) == QLatin1String(ToolConsent::kAllowConversation))
                    allowedCalls.insert(consentCard.mid(qsizetype(qstrlen(ToolConsent::kCardIdPrefix))));
                continue;
            }
            QString text = m.content;
            if (text.trimmed().isEmpty()) {
                // A stored decision or widget action with no note: say what it was.
                const json line = m.json();
                if (const auto decision = line.find("card_decision"); decision != line.end() && decision->is_object())
                    text = decisionText(stringMember(*decision, "cardId"), stringMember(*decision, "action"),
                                        stringMember(*decision, "outcome"));
                else if (const auto action = line.find("widget_action"); action != line.end() && action->is_object())
                    text = widgetActionText(stringMember(*action, "widget"), stringMember(*action, "action"),
                                            payloadText(*action));
            }
            if (!text.trimmed().isEmpty())
                m_messages.append(userMessage(text));
        } else if (m.role == MessageRole::Assistant) {
            QList<ToolCall> calls;
            QList<QByteArray> results;
            for (const ToolCall &call : m.toolCalls) {
                const int j = resultFor(call.id, i);
                const QString id = uniqueCallId(call.id);
                QString content;
                if (j >= 0) {
                    usedResults.insert(j);
                    const Message &result = lines.at(j);
                    content = result.content;
                    if (content.isEmpty() && !result.cards.isEmpty())
                        content = OpenAiTools::ack(result.cards.first().kindName(), result.cards.first().title());
                } else if (OpenAiTools::isCardTool(call.name)) {
                    content = OpenAiTools::answer(call.name, call.arguments).content; // as the tool would have
                }
                if (content.isEmpty())
                    content = QStringLiteral("(no result was recorded)");
                calls.append({id, call.name, call.arguments});
                results.append(toolMessage(id, content));
            }
            if (m.content.isEmpty() && calls.isEmpty())
                continue;
            ordered_json request = {{"role", "assistant"}};
            request["content"] = m.content.isEmpty() ? ordered_json(nullptr) : ordered_json(toStd(m.content));
            if (!calls.isEmpty())
                request["tool_calls"] = toolCallsJson(calls);
            m_messages.append(compact(request));
            m_messages.append(results);
        }
        // Tool lines went in after their call (or are dropped without one); system lines are not the
        // model's: its system prompt is Tessera's.
    }
    for (const Message &m : std::as_const(lines)) {
        for (const ToolCall &call : m.toolCalls) {
            if (allowedCalls.contains(call.id))
                m_allowedTools.insert(call.name);
        }
    }
}

void OpenAiBackend::emitEvent(const QByteArray &eventText)
{
    WireEvent event;
    QString error;
    if (!parseWireEvent(eventText, &event, &error)) {
        Q_EMIT protocolError(QStringLiteral("openai: could not build an event: %1").arg(error));
        return;
    }
    Q_EMIT eventReceived(event);
}

void OpenAiBackend::emitTurnStarted(const QString &turnId)
{
    emitEvent(compact({{"type", "turn.started"}, {"turnId", toStd(turnId)}}));
}

void OpenAiBackend::emitDelta(const QString &turnId, const QString &text)
{
    emitEvent(compact({{"type", "message.delta"}, {"turnId", toStd(turnId)}, {"text", toStd(text)}}));
}

void OpenAiBackend::emitMessage(const QByteArray &line)
{
    emitEvent("{\"type\":\"message\",\"message\":" + line + '}');
}

void OpenAiBackend::emitTurnCompleted(const QString &turnId)
{
    emitEvent(compact({{"type", "turn.completed"}, {"turnId", toStd(turnId)}}));
}

void OpenAiBackend::emitError(const QString &turnId, const QString &message)
{
    emitEvent(compact({{"type", "error"}, {"message", toStd(message)}, {"turnId", toStd(turnId)}}));
}

} // namespace Tessera
