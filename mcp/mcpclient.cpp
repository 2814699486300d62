#include <mcp/mcpclient.h>

#include <QDateTime>

#include <cards/strictjson.h>
#include <cards/tesseraassert.h>
#include <mcp/httptransport.h>
#include <mcp/logging.h>
#include <mcp/stdiotransport.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

constexpr int kJsonRpcMethodNotFound = -32601;

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

std::string dump(const json &value)
{
    // Never throws: a string that is not UTF-8 (it cannot come from a QString) would be replaced.
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

QString seconds(int ms)
{
    return ms % 1000 == 0 ? QString::number(ms / 1000) : QString::number(ms / 1000.0, 'f', 1);
}

// The start of what the server sent, on one line, for an error message.
QString preview(const QByteArray &bytes)
{
    QString text = QString::fromUtf8(bytes.left(80)).simplified();
    if (bytes.size() > 80)
        text += QStringLiteral("…");
    return text;
}

QString stringMember(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? qs(it->get<std::string>()) : QString();
}

} // namespace

const QStringList McpClient::kProtocolVersions = {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                                  QStringLiteral("2025-03-26")};

// --- McpReply ---------------------------------------------------------------------------------------

McpReply::McpReply(const QString &method, McpClient *client) : QObject(client), m_method(method), m_client(client) {}

void McpReply::cancel(const QString &reason)
{
    if (m_finished || !m_client)
        return;
    m_client->cancelRequest(this, reason);
}

// --- tools and results ------------------------------------------------------------------------------

bool parseMcpTools(const json &result, QList<McpTool> *tools, QString *error)
{
    const auto list = result.find("tools");
    if (list == result.end() || !list->is_array()) {
        *error = QStringLiteral("/tools: must be an array of tools");
        return false;
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json &item = (*list)[i];
        const QString at = QStringLiteral("/tools/%1").arg(i);
        if (!item.is_object() || !item.contains("name") || !item["name"].is_string() || item["name"].get<std::string>().empty()) {
            *error = at + QStringLiteral("/name: a tool needs a name");
            return false;
        }
        McpTool tool;
        tool.name = stringMember(item, "name");
        tool.title = stringMember(item, "title");
        tool.description = stringMember(item, "description");
        for (const auto &[key, out] : {std::pair{"inputSchema", &tool.inputSchema}, std::pair{"annotations", &tool.annotations}}) {
            if (!item.contains(key))
                continue;
            if (!item[key].is_object()) {
                *error = at + QLatin1Char('/') + QLatin1String(key) + QStringLiteral(": must be an object");
                return false;
            }
            *out = item[key];
        }
        if (item.contains("outputSchema") && item["outputSchema"].is_object())
            tool.outputSchema = item["outputSchema"];
        tool.raw = item;
        tools->append(tool);
    }
    return true;
}

bool parseMcpToolResult(const json &result, McpToolResult *out, QString *error)
{
    McpToolResult parsed;
    if (const auto content = result.find("content"); content != result.end()) {
        if (!content->is_array()) {
            *error = QStringLiteral("/content: must be an array of content blocks");
            return false;
        }
        for (std::size_t i = 0; i < content->size(); ++i) {
            const json &block = (*content)[i];
            if (!block.is_object() || !block.contains("type") || !block["type"].is_string()) {
                *error = QStringLiteral("/content/%1/type: a content block needs a type").arg(i);
                return false;
            }
            if (block["type"] == "text" && (!block.contains("text") || !block["text"].is_string())) {
                *error = QStringLiteral("/content/%1/text: a text block needs its text").arg(i);
                return false;
            }
        }
        parsed.content = *content;
    }
    if (const auto structured = result.find("structuredContent"); structured != result.end() && !structured->is_null()) {
        if (!structured->is_object()) {
            *error = QStringLiteral("/structuredContent: must be an object");
            return false;
        }
        parsed.structuredContent = *structured;
    }
    if (const auto isError = result.find("isError"); isError != result.end()) {
        if (!isError->is_boolean()) {
            *error = QStringLiteral("/isError: must be true or false");
            return false;
        }
        parsed.isError = isError->get<bool>();
    }
    *out = parsed;
    return true;
}

QString McpToolResult::text() const
{
    QStringList parts;
    for (const json &block : content) {
        const QString type = stringMember(block, "type");
        if (type == QLatin1String("text")) {
            parts.append(stringMember(block, "text"));
        } else if (type == QLatin1String("image") || type == QLatin1String("audio")) {
            parts.append(QStringLiteral("[%1 %2]").arg(type, stringMember(block, "mimeType")));
        } else if (type == QLatin1String("resource_link")) {
            parts.append(QStringLiteral("[resource link %1]").arg(stringMember(block, "uri")));
        } else if (type == QLatin1String("resource") && block.contains("resource") && block["resource"].is_object()) {
            const json &resource = block["resource"];
            const QString text = stringMember(resource, "text");
            parts.append(text.isEmpty() ? QStringLiteral("[resource %1]").arg(stringMember(resource, "uri")) : text);
        } else {
            parts.append(QStringLiteral("[%1]").arg(type));
        }
    }
    return parts.join(QLatin1Char('\n'));
}

// --- McpClient --------------------------------------------------------------------------------------

namespace {

McpTransport *transportFor(const McpServerConfig &config)
{
    if (config.transport == McpServerConfig::Transport::Stdio)
        return new StdioTransport(config);
    auto *http = new HttpTransport(config.url);
    http->setHeaders(config.headers);
    return http;
}

} // namespace

McpClient::McpClient(const McpServerConfig &config, QObject *parent) : McpClient(config, transportFor(config), parent)
{
}

McpClient::McpClient(const McpServerConfig &config, McpTransport *transport, QObject *parent)
    : QObject(parent), m_config(config), m_transport(transport)
{
    TESSERA_ASSERT(m_transport, m_transport = transportFor(m_config));
    m_transport->setParent(this);
    connect(m_transport, &McpTransport::opened, this, &McpClient::sendInitialize);
    connect(m_transport, &McpTransport::messageReceived, this, &McpClient::onMessage);
    connect(m_transport, &McpTransport::requestFailed, this, &McpClient::onRequestFailed);
    connect(m_transport, &McpTransport::failed, this, [this](const QString &error) { fail(error); });
}

McpClient::~McpClient()
{
    m_transport->disconnect(this);
    m_transport->close();
}

void McpClient::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void McpClient::start()
{
    if (m_state != State::Idle)
        return;
    setState(State::Starting);
    qCInfo(lcMcp, "%s: connecting (%s)", qPrintable(m_config.name), qPrintable(m_transport->description()));
    m_transport->open();
}

void McpClient::close()
{
    if (m_state == State::Closed)
        return;
    m_transport->close();
    setState(State::Closed);
    const QList<qint64> ids = m_pending.keys();
    for (qint64 id : ids)
        finish(id, McpReply::Error::Transport, tr("the connection to the server was closed"));
}

void McpClient::fail(const QString &error)
{
    if (m_state == State::Failed || m_state == State::Closed)
        return;
    qCWarning(lcMcp, "%s: %s", qPrintable(m_config.name), qPrintable(error));
    m_errorString = error;
    m_transport->close();
    setState(State::Failed);
    const QList<qint64> ids = m_pending.keys();
    for (qint64 id : ids)
        finish(id, McpReply::Error::Transport, error);
    Q_EMIT failed(error);
}

void McpClient::sendInitialize()
{
    const json params = {
        {"protocolVersion", kProtocolVersions.first().toStdString()},
        // Form elicitation only (an empty object: form mode); no sampling or roots. The MCP Apps extension
        // (mcp/mcpapp.h): Tessera draws text/html;profile=mcp-app views.
        {"capabilities",
         {{"elicitation", json::object()},
          {"extensions", {{"io.modelcontextprotocol/ui", {{"mimeTypes", json::array({"text/html;profile=mcp-app"})}}}}}}},
        {"clientInfo", {{"name", "tessera"}, {"title", "Tessera"}, {"version", TESSERA_VERSION}}},
    };
    McpReply *reply = send(QStringLiteral("initialize"), params, m_initializeTimeoutMs);
    connect(reply, &McpReply::finished, this, [this, reply] { onInitialized(reply); });
}

void McpClient::onInitialized(McpReply *reply)
{
    reply->deleteLater();
    if (reply->error() != McpReply::Error::None) {
        fail(reply->error() == McpReply::Error::Timeout
                     ? tr("the server did not answer initialize within %1 s").arg(seconds(m_initializeTimeoutMs))
                     : tr("initialize failed: %1").arg(reply->errorString()));
        return;
    }
    const json &result = reply->result();
    const QString version = stringMember(result, "protocolVersion");
    if (!kProtocolVersions.contains(version)) {
        fail(tr("the server speaks MCP version %1; Tessera supports %2")
                     .arg(version.isEmpty() ? tr("(none given)") : QLatin1Char('"') + version + QLatin1Char('"'),
                          kProtocolVersions.join(QStringLiteral(", "))));
        return;
    }
    m_protocolVersion = version;
    if (const auto info = result.find("serverInfo"); info != result.end() && info->is_object()) {
        m_serverName = stringMember(*info, "name");
        m_serverVersion = stringMember(*info, "version");
    }
    m_instructions = stringMember(result, "instructions");
    if (const auto caps = result.find("capabilities"); caps != result.end() && caps->is_object())
        m_serverCapabilities = *caps;
    m_transport->setProtocolVersion(version);
    sendNotification("notifications/initialized", json());
    qCInfo(lcMcp, "%s: ready, %s %s, MCP %s", qPrintable(m_config.name), qPrintable(m_serverName),
           qPrintable(m_serverVersion), qPrintable(version));
    setState(State::Ready);
    Q_EMIT ready();
}

McpReply *McpClient::send(const QString &method, json params, int timeoutMs)
{
    auto *reply = new McpReply(method, this);
    const bool starting = m_state == State::Starting && method == QLatin1String("initialize");
    if (m_state != State::Ready && !starting) {
        reply->m_finished = true;
        reply->m_error = McpReply::Error::NotReady;
        reply->m_errorString = m_state == State::Failed ? m_errorString : tr("the server is not connected");
        QTimer::singleShot(0, reply, [reply] { Q_EMIT reply->finished(); });
        return reply;
    }
    const qint64 id = m_nextId++;
    reply->m_id = id;
    json message = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method.toStdString()}};
    if (method == QLatin1String("tools/call"))
        params["_meta"]["progressToken"] = id; // the id doubles as the token: unique while pending
    if (!params.is_null())
        message["params"] = std::move(params);
    Pending pending;
    pending.reply = reply;
    pending.timer = new QTimer(this);
    pending.timer->setSingleShot(true);
    pending.timeoutMs = timeoutMs;
    pending.startedMs = QDateTime::currentMSecsSinceEpoch();
    connect(pending.timer, &QTimer::timeout, this, [this, id] { onTimeout(id); });
    pending.timer->start(timeoutMs);
    m_pending.insert(id, pending);
    qCDebug(lcMcp, "%s: -> %s #%lld", qPrintable(m_config.name), qPrintable(method), static_cast<long long>(id));
    m_transport->send(QByteArray::fromStdString(dump(message)), QString::number(id));
    return reply;
}

void McpClient::sendNotification(const char *method, const json &params)
{
    json message = {{"jsonrpc", "2.0"}, {"method", method}};
    if (!params.is_null())
        message["params"] = params;
    m_transport->send(QByteArray::fromStdString(dump(message)), QString());
}

McpReply *McpClient::request(const QString &method, const json &params)
{
    return send(method, params, m_timeoutMs);
}

McpReply *McpClient::ping()
{
    return send(QStringLiteral("ping"), json(), m_timeoutMs);
}

McpReply *McpClient::callTool(const QString &name, const json &arguments)
{
    return send(QStringLiteral("tools/call"), json{{"name", name.toStdString()}, {"arguments", arguments}}, m_timeoutMs);
}

McpReply *McpClient::readResource(const QString &uri)
{
    return send(QStringLiteral("resources/read"), json{{"uri", uri.toStdString()}}, m_timeoutMs);
}

McpReply *McpClient::listTools()
{
    auto *outer = new McpReply(QStringLiteral("tools/list"), this);
    outer->m_result = json{{"tools", json::array()}}; // gathered here page by page
    McpReply *page = send(QStringLiteral("tools/list"), json(), m_timeoutMs);
    continueToolList(outer, page, 1);
    return outer;
}

// One page of tools/list has been asked for: gather it, then ask for the next or finish `outer`.
void McpClient::continueToolList(McpReply *outer, McpReply *page, int pages)
{
    outer->setProperty("tessera_page", QVariant::fromValue<QObject *>(page)); // cancel() reaches the page
    connect(page, &McpReply::finished, outer, [this, outer, page, pages] {
        page->deleteLater();
        json &tools = outer->m_result["tools"];
        auto done = [&](McpReply::Error error, const QString &text) {
            outer->m_finished = true;
            outer->m_error = error;
            outer->m_errorString = text;
            outer->m_remoteCode = page->remoteCode();
            if (error != McpReply::Error::None)
                outer->m_result = json::object();
            Q_EMIT outer->finished();
        };
        if (page->error() != McpReply::Error::None)
            return done(page->error(), page->errorString());
        const json &result = page->result();
        if (const auto list = result.find("tools"); list != result.end() && list->is_array())
            tools.insert(tools.end(), list->begin(), list->end());
        else
            return done(McpReply::Error::Protocol, QStringLiteral("tools/list: /tools: must be an array"));
        const QString cursor = stringMember(result, "nextCursor");
        if (cursor.isEmpty())
            return done(McpReply::Error::None, QString());
        if (pages >= kMaxToolPages) {
            qCWarning(lcMcp, "%s: tools/list stopped after %d pages", qPrintable(m_config.name), kMaxToolPages);
            return done(McpReply::Error::None, QString());
        }
        McpReply *next = send(QStringLiteral("tools/list"), json{{"cursor", cursor.toStdString()}}, m_timeoutMs);
        continueToolList(outer, next, pages + 1);
    });
}

void McpClient::cancelRequest(McpReply *reply, const QString &reason)
{
    if (reply->m_id < 0) {
        // tools/list over pages: cancel the page being asked for; its end finishes this reply.
        if (auto *page = qobject_cast<McpReply *>(reply->property("tessera_page").value<QObject *>()))
            page->cancel(reason);
        return;
    }
    if (!m_pending.contains(reply->m_id))
        return;
    TESSERA_ASSERT(reply->m_method != QLatin1String("initialize"), return); // MCP: initialize is never cancelled
    sendNotification("notifications/cancelled", json{{"requestId", reply->m_id}, {"reason", reason.toStdString()}});
    finish(reply->m_id, McpReply::Error::Cancelled, tr("%1 cancelled").arg(reply->m_method));
}

void McpClient::onTimeout(qint64 id)
{
    const auto it = m_pending.constFind(id);
    if (it == m_pending.cend())
        return;
    const QString method = it->reply ? it->reply->m_method : tr("a request");
    const int ms = it->timeoutMs;
    if (method != QLatin1String("initialize"))
        sendNotification("notifications/cancelled", json{{"requestId", id}, {"reason", "timed out"}});
    finish(id, McpReply::Error::Timeout, tr("%1 timed out after %2 s").arg(method, seconds(ms)));
}

void McpClient::finish(qint64 id, McpReply::Error error, const QString &errorString, const json &result, int code)
{
    Pending pending = m_pending.take(id);
    if (pending.timer)
        pending.timer->deleteLater();
    m_transport->requestDone(QString::number(id)); // e.g. an HTTP stream being resumed for it stops
    McpReply *reply = pending.reply;
    if (!reply)
        return; // deleted by its owner before it finished
    reply->m_finished = true;
    reply->m_error = error;
    reply->m_errorString = errorString;
    reply->m_result = result;
    reply->m_remoteCode = code;
    Q_EMIT reply->finished();
}

void McpClient::onRequestFailed(const QString &key, const QString &error)
{
    if (key.isEmpty()) {
        // An answer was refused and nobody knows whose: every pending request has lost it.
        const QList<qint64> ids = m_pending.keys();
        for (qint64 id : ids)
            finish(id, McpReply::Error::Transport, error);
        return;
    }
    bool ok = false;
    const qint64 id = key.toLongLong(&ok);
    if (ok && m_pending.contains(id))
        finish(id, McpReply::Error::Transport, error);
}

void McpClient::onMessage(const QByteArray &bytes, const QString &where)
{
    if (m_state == State::Failed || m_state == State::Closed)
        return;
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    auto notJsonRpc = [&](const QString &why) {
        fail(tr("the server sent something that isn't JSON-RPC (%1: %2): %3").arg(where, why, preview(bytes)));
    };
    if (!parsed.ok())
        return notJsonRpc(tr("not JSON"));
    const json &message = *parsed.value;
    if (message.is_array())
        return notJsonRpc(tr("a batch, which MCP no longer has"));
    if (!message.is_object())
        return notJsonRpc(tr("not an object"));
    if (stringMember(message, "jsonrpc") != QLatin1String("2.0"))
        return notJsonRpc(tr("no \"jsonrpc\": \"2.0\""));
    const bool hasMethod = message.contains("method");
    if (hasMethod && !message["method"].is_string())
        return notJsonRpc(tr("\"method\" is not a string"));
    if (hasMethod && message.contains("id"))
        return onServerRequest(message);
    if (hasMethod)
        return onNotification(message);
    if (message.contains("id") && (message.contains("result") || message.contains("error")))
        return onResponse(message);
    notJsonRpc(tr("neither a request, a notification nor a response"));
}

void McpClient::onResponse(const json &message)
{
    const json &idValue = message["id"];
    if (!idValue.is_number_integer() || !m_pending.contains(idValue.get<qint64>())) {
        // A late answer to a request that timed out or was cancelled: nobody waits for it any more.
        qCDebug(lcMcp, "%s: an answer to no pending request (id %s) was dropped", qPrintable(m_config.name), dump(idValue).c_str());
        return;
    }
    const qint64 id = idValue.get<qint64>();
    const McpReply *reply = m_pending.value(id).reply;
    const QString method = reply ? reply->m_method : QString();
    qCDebug(lcMcp, "%s: <- %s #%lld", qPrintable(m_config.name), qPrintable(method), static_cast<long long>(id));
    if (const auto error = message.find("error"); error != message.end()) {
        const int code = error->is_object() && error->contains("code") && (*error)["code"].is_number_integer()
                ? (*error)["code"].get<int>() : 0;
        const QString text = error->is_object() ? stringMember(*error, "message") : QString();
        finish(id, McpReply::Error::Remote, tr("the server answered %1 with error %2: %3").arg(method).arg(code).arg(text), json::object(), code);
        return;
    }
    const json &result = message["result"];
    if (!result.is_object()) {
        finish(id, McpReply::Error::Protocol, tr("the server's answer to %1 is not an object").arg(method));
        return;
    }
    finish(id, McpReply::Error::None, QString(), result);
}

void McpClient::onServerRequest(const json &message)
{
    const QString method = stringMember(message, "method");
    json answer = {{"jsonrpc", "2.0"}, {"id", message["id"]}};
    if (method == QLatin1String("ping")) {
        answer["result"] = json::object();
    } else if (method == QLatin1String("elicitation/create")) {
        McpElicitationForm form;
        QString problem;
        const json params = message.contains("params") ? message["params"] : json::object();
        if (!McpElicitationForm::parse(params, &form, &problem)) {
            qCInfo(lcMcp, "%s: refused a form it cannot show: %s", qPrintable(m_config.name), qPrintable(problem));
            answer["error"] = {{"code", -32602}, {"message", QStringLiteral("Tessera cannot show this form: %1").arg(problem).toStdString()}};
        } else if (m_elicitationPolicy != ElicitationPolicy::Ask) {
            const char *action = m_elicitationPolicy == ElicitationPolicy::Decline ? "decline" : "cancel";
            qCInfo(lcMcp, "%s: answered an elicitation with %s (nobody to ask)", qPrintable(m_config.name), action);
            answer["result"] = {{"action", action}};
        } else {
            const qint64 key = m_nextElicitation++;
            m_elicitations.insert(key, message["id"]);
            for (const Pending &pending : std::as_const(m_pending)) // a person is answering: no timeout meanwhile
                if (pending.timer)
                    pending.timer->stop();
            Q_EMIT elicitationRequested(key, form);
            return;
        }
    } else {
        // sampling/createMessage, elicitation/create, roots/list…: not offered (no capability declared).
        qCInfo(lcMcp, "%s: refused the server's request %s (not supported)", qPrintable(m_config.name), qPrintable(method));
        answer["error"] = {{"code", kJsonRpcMethodNotFound},
                           {"message", QStringLiteral("Tessera does not support %1").arg(method).toStdString()}};
    }
    m_transport->send(QByteArray::fromStdString(dump(answer)), QString());
}

void McpClient::answerElicitation(qint64 key, const QString &action, const json &content)
{
    const auto it = m_elicitations.find(key);
    if (it == m_elicitations.end())
        return;
    json answer = {{"jsonrpc", "2.0"}, {"id", it.value()}};
    m_elicitations.erase(it);
    const bool accepted = action == QLatin1String("accept");
    answer["result"] = {{"action", accepted ? "accept" : action == QLatin1String("decline") ? "decline" : "cancel"}};
    if (accepted)
        answer["result"]["content"] = content.is_object() ? content : json::object();
    if (m_elicitations.isEmpty()) {
        for (const Pending &pending : std::as_const(m_pending))
            if (pending.timer)
                pending.timer->start(pending.timeoutMs);
    }
    if (m_state == State::Ready)
        m_transport->send(QByteArray::fromStdString(dump(answer)), QString());
}

void McpClient::onNotification(const json &message)
{
    const QString method = stringMember(message, "method");
    const json params = message.contains("params") && message["params"].is_object() ? message["params"] : json::object();
    if (method == QLatin1String("notifications/progress")) {
        const auto token = params.find("progressToken");
        if (token == params.end() || !token->is_number_integer() || !m_pending.contains(token->get<qint64>()))
            return;
        const qint64 id = token->get<qint64>();
        Pending &pending = m_pending[id];
        // Progress says the server is working: the timer starts over, within kMaxCallMs in all.
        const qint64 elapsed = QDateTime::currentMSecsSinceEpoch() - pending.startedMs;
        const qint64 remaining = qMin<qint64>(qint64(pending.timeoutMs), qint64(kMaxCallMs) - elapsed);
        pending.timer->start(int(qMax<qint64>(0, remaining)));
        const double done = params.contains("progress") && params["progress"].is_number() ? params["progress"].get<double>() : 0;
        const double total = params.contains("total") && params["total"].is_number() ? params["total"].get<double>() : 0;
        if (pending.reply)
            Q_EMIT pending.reply->progress(done, total, stringMember(params, "message"));
    } else if (method == QLatin1String("notifications/tools/list_changed")) {
        Q_EMIT toolsListChanged();
    } else if (method == QLatin1String("notifications/message")) {
        const QString level = stringMember(params, "level");
        const QString text = params.contains("data") ? (params["data"].is_string() ? qs(params["data"].get<std::string>()) : qs(dump(params["data"])))
                                                     : QString();
        qCInfo(lcMcp, "%s says (%s): %s", qPrintable(m_config.name), qPrintable(level), qPrintable(text.left(2000)));
        Q_EMIT logMessage(level, text);
    } else {
        qCDebug(lcMcp, "%s: notification %s ignored", qPrintable(m_config.name), qPrintable(method));
    }
}

} // namespace Tessera
