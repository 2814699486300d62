#include <mcp/mcpapp.h>

#include <QTimer>

#include <cards/strictjson.h>
#include <mcp/logging.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;

QString qs(const json &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

std::string dump(const json &value)
{
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

const json *member(const json &object, const char *key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

} // namespace

QString McpApp::resourceUriOf(const json &toolEntry)
{
    const json *meta = member(toolEntry, "_meta");
    QString uri;
    if (const json *ui = meta ? member(*meta, "ui") : nullptr; ui && member(*ui, "resourceUri"))
        uri = qs(*member(*ui, "resourceUri"));
    else if (const json *legacy = meta ? member(*meta, "ui/resourceUri") : nullptr)
        uri = qs(*legacy);
    const QUrl url(uri, QUrl::StrictMode);
    if (uri.isEmpty() || !url.isValid() || url.scheme() != QLatin1String(kUriScheme) || uri.size() > 2048)
        return {};
    return uri;
}

namespace {

// Whether _meta.ui.visibility is absent (everyone) or names `who`.
bool isVisibleTo(const json &toolEntry, const char *who)
{
    const json *meta = member(toolEntry, "_meta");
    const json *ui = meta ? member(*meta, "ui") : nullptr;
    const json *visibility = ui ? member(*ui, "visibility") : nullptr;
    if (!visibility || !visibility->is_array())
        return true;
    for (const json &entry : *visibility) {
        if (entry.is_string() && entry.get<std::string>() == who)
            return true;
    }
    return false;
}

} // namespace

bool McpApp::isVisibleToModel(const json &toolEntry)
{
    return isVisibleTo(toolEntry, "model");
}

bool McpApp::isVisibleToApp(const json &toolEntry)
{
    return isVisibleTo(toolEntry, "app");
}

json McpAppRecord::toJson() const
{
    json refused = json::array();
    for (const QString &domain : cspRefused)
        refused.push_back(domain.toStdString());
    return {{"uri", uri.toStdString()},     {"server", server.toStdString()}, {"tool", tool.toStdString()},
            {"arguments", arguments},       {"result", result},              {"csp_refused", refused},
            {"html", html.toStdString()}};
}

bool McpAppRecord::fromJson(const json &value, McpAppRecord *out, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!value.is_object())
        return fail(QStringLiteral("tessera_app: is not an object"));
    for (const char *key : {"uri", "html", "server", "tool"}) {
        const json *field = member(value, key);
        if (!field || !field->is_string())
            return fail(QStringLiteral("tessera_app/%1: is not a string").arg(QLatin1String(key)));
    }
    McpAppRecord record;
    record.uri = qs(value.at("uri"));
    record.html = qs(value.at("html"));
    record.server = qs(value.at("server"));
    record.tool = qs(value.at("tool"));
    if (const json *arguments = member(value, "arguments"); arguments && arguments->is_object())
        record.arguments = *arguments;
    if (const json *result = member(value, "result"); result && result->is_object())
        record.result = *result;
    if (const json *refused = member(value, "csp_refused"); refused && refused->is_array()) {
        for (const json &domain : *refused)
            if (domain.is_string())
                record.cspRefused.append(qs(domain));
    }
    if (record.html.toUtf8().size() > McpApp::kMaxHtmlBytes)
        return fail(QStringLiteral("tessera_app/html: is larger than %1 MB").arg(McpApp::kMaxHtmlBytes / (1024 * 1024)));
    *out = record;
    return true;
}

bool parseMcpAppResource(const json &result, const QString &uri, QString *html, QStringList *cspRefused, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const json *contents = member(result, "contents");
    if (!contents || !contents->is_array() || contents->empty())
        return fail(QStringLiteral("/contents: the server sent no content for %1").arg(uri));
    const json *chosen = nullptr;
    for (const json &content : *contents) {
        if (const json *u = member(content, "uri"); u && qs(*u) == uri)
            chosen = &content;
    }
    if (!chosen && contents->size() == 1)
        chosen = &contents->front();
    if (!chosen || !chosen->is_object())
        return fail(QStringLiteral("/contents: no content has the uri %1").arg(uri));
    QString mime = member(*chosen, "mimeType") ? qs(*member(*chosen, "mimeType")) : QString();
    if (mime.remove(QLatin1Char(' ')).compare(QLatin1String(McpApp::kMimeType), Qt::CaseInsensitive) != 0)
        return fail(QStringLiteral("/contents/mimeType: \"%1\" is not %2").arg(mime, QLatin1String(McpApp::kMimeType)));
    QByteArray bytes;
    if (const json *text = member(*chosen, "text"); text && text->is_string())
        bytes = QByteArray::fromStdString(text->get<std::string>());
    else if (const json *blob = member(*chosen, "blob"); blob && blob->is_string())
        bytes = QByteArray::fromBase64(QByteArray::fromStdString(blob->get<std::string>()));
    else
        return fail(QStringLiteral("/contents: the view has neither text nor blob"));
    if (bytes.size() > McpApp::kMaxHtmlBytes)
        return fail(QStringLiteral("the view is larger than %1 MB; it was refused").arg(McpApp::kMaxHtmlBytes / (1024 * 1024)));
    *html = QString::fromUtf8(bytes);
    cspRefused->clear();
    const json *meta = member(*chosen, "_meta");
    const json *ui = meta ? member(*meta, "ui") : nullptr;
    const json *csp = ui ? member(*ui, "csp") : nullptr;
    for (const char *key : {"connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"}) {
        const json *domains = csp ? member(*csp, key) : nullptr;
        if (!domains || !domains->is_array())
            continue;
        for (const json &domain : *domains) {
            const QString text = qs(domain).left(256);
            if (!text.isEmpty() && !cspRefused->contains(text) && cspRefused->size() < 50)
                cspRefused->append(text);
        }
    }
    return true;
}

// --- the bridge --------------------------------------------------------------------------------------

McpAppBridge::McpAppBridge(QObject *parent)
    : QObject(parent)
{
}

QString McpAppBridge::idKey(const json &id)
{
    return QString::fromStdString(dump(id));
}

void McpAppBridge::setToolInput(const json &arguments)
{
    m_toolInput = arguments.is_object() ? arguments : json::object();
    flush();
}

void McpAppBridge::setToolResult(const json &result)
{
    m_toolResult = result.is_object() ? result : json::object();
    flush();
}

void McpAppBridge::reply(const json &id, const json &result)
{
    Q_EMIT send(QString::fromStdString(dump(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}})));
}

void McpAppBridge::error(const json &id, int code, const QString &message)
{
    ++m_refused;
    qCInfo(lcMcp).noquote() << "MCP app" << m_appName << "refused:" << message;
    Q_EMIT send(QString::fromStdString(
        dump(json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message.toStdString()}}}})));
}

void McpAppBridge::notify(const char *method, const json &params)
{
    Q_EMIT send(QString::fromStdString(dump(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}})));
}

void McpAppBridge::flush()
{
    if (!m_initialized || m_tearingDown)
        return;
    if (!m_inputSent && !m_toolInput.is_null()) {
        m_inputSent = true;
        notify("ui/notifications/tool-input", json{{"arguments", m_toolInput}});
    }
    if (m_inputSent && !m_resultSent && !m_toolResult.is_null()) {
        m_resultSent = true;
        notify("ui/notifications/tool-result", m_toolResult);
    }
}

void McpAppBridge::receive(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    if (bytes.size() > kMaxMessageBytes) {
        error(nullptr, kInvalidRequest, QStringLiteral("the message is larger than %1 MB").arg(kMaxMessageBytes / (1024 * 1024)));
        return;
    }
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!parsed.value) {
        error(nullptr, kParseError, QStringLiteral("the message is not JSON: %1").arg(QString::fromStdString(parsed.error)));
        return;
    }
    const json &message = *parsed.value;
    const json *id = member(message, "id");
    const json idValue = id ? *id : json(nullptr);
    if (!message.is_object() || !member(message, "jsonrpc") || message.at("jsonrpc") != "2.0") {
        error(idValue, kInvalidRequest, QStringLiteral("the message is not JSON-RPC 2.0"));
        return;
    }
    if (id && !id->is_string() && !id->is_number_integer()) {
        error(nullptr, kInvalidRequest, QStringLiteral("the id is neither a string nor an integer"));
        return;
    }
    const json *method = member(message, "method");
    if (!method) {
        // A response: to ui/resource-teardown, or to nothing we asked.
        if (id && !m_teardownId.isEmpty() && idKey(*id) == m_teardownId) {
            m_teardownId.clear();
            Q_EMIT teardownFinished();
        }
        return;
    }
    if (!method->is_string()) {
        error(idValue, kInvalidRequest, QStringLiteral("the method is not a string"));
        return;
    }
    const json *params = member(message, "params");
    if (params && !params->is_object()) {
        error(idValue, kInvalidParams, QStringLiteral("params is not an object"));
        return;
    }
    const json paramsValue = params ? *params : json::object();
    if (id)
        onRequest(*id, qs(*method), paramsValue);
    else
        onNotification(qs(*method), paramsValue);
}

void McpAppBridge::onRequest(const json &id, const QString &method, const json &params)
{
    if (m_tearingDown) {
        error(id, kInternalError, QStringLiteral("the view is closing"));
        return;
    }
    if (method == QLatin1String("ui/initialize")) {
        const QString asked = member(params, "protocolVersion") ? qs(params.at("protocolVersion")) : QString();
        m_protocolVersion = McpApp::kProtocolVersions.contains(asked) ? asked : McpApp::kProtocolVersions.constFirst();
        if (const json *info = member(params, "appInfo"); info && member(*info, "name"))
            m_appName = qs(info->at("name")).left(200);
        json capabilities = {{"openLinks", json::object()}, {"message", {{"text", json::object()}}},
                             {"sandbox", {{"csp", json::object()}}}};
        if (m_serverConnected)
            capabilities["serverTools"] = json::object();
        const json context = {{"theme", m_context.theme.toStdString()},
                              {"locale", m_context.locale.toStdString()},
                              {"displayMode", m_context.displayMode.toStdString()},
                              {"availableDisplayModes", json::array({"inline"})},
                              {"platform", "desktop"}};
        m_initializeAnswered = true;
        reply(id, json{{"protocolVersion", m_protocolVersion.toStdString()},
                       {"hostInfo", {{"name", "Tessera"}, {"version", "1"}}},
                       {"hostCapabilities", capabilities},
                       {"hostContext", context}});
        return;
    }
    if (method == QLatin1String("ping")) {
        reply(id, json::object());
        return;
    }
    if (!m_initializeAnswered) {
        error(id, kInvalidRequest, QStringLiteral("%1 before ui/initialize").arg(method.left(100)));
        return;
    }
    if (method == QLatin1String("tools/call")) {
        const json *name = member(params, "name");
        const json *arguments = member(params, "arguments");
        if (!name || !name->is_string() || qs(*name).isEmpty() || qs(*name).size() > 128) {
            error(id, kInvalidParams, QStringLiteral("tools/call: name is not a tool name"));
            return;
        }
        if (arguments && !arguments->is_object()) {
            error(id, kInvalidParams, QStringLiteral("tools/call: arguments is not an object"));
            return;
        }
        if (!m_serverConnected) {
            error(id, kInternalError, QStringLiteral("the app's server is not connected: its tools cannot be called"));
            return;
        }
        const QString key = idKey(id);
        if (m_pending.contains(key)) {
            error(id, kInvalidRequest, QStringLiteral("the id is already in use"));
            return;
        }
        m_pending.insert(key, id);
        Q_EMIT toolCallRequested(key, qs(*name), arguments ? *arguments : json::object());
        return;
    }
    if (method == QLatin1String("ui/message")) {
        const json *content = member(params, "content");
        QStringList parts;
        if (content && content->is_array()) {
            for (const json &block : *content) {
                if (member(block, "type") && block.at("type") == "text" && member(block, "text"))
                    parts.append(qs(block.at("text")));
            }
        }
        const QString text = parts.join(QLatin1Char('\n'));
        if (text.trimmed().isEmpty() || text.size() > 100000) {
            error(id, kInvalidParams, QStringLiteral("ui/message: no text content (or more than 100,000 characters)"));
            return;
        }
        reply(id, json::object());
        Q_EMIT messageRequested(text);
        return;
    }
    if (method == QLatin1String("ui/open-link")) {
        const QString text = member(params, "url") ? qs(params.at("url")) : QString();
        const QUrl url(text, QUrl::StrictMode);
        if (!url.isValid() || url.scheme() != QLatin1String("https") || url.host().isEmpty() || text.size() > 4096) {
            error(id, kInvalidParams, QStringLiteral("ui/open-link: only https addresses are opened"));
            return;
        }
        const QString key = idKey(id);
        m_pending.insert(key, id);
        Q_EMIT openLinkRequested(url, key);
        return;
    }
    if (method == QLatin1String("ui/request-display-mode")) {
        reply(id, json{{"mode", "inline"}});
        return;
    }
    error(id, kMethodNotFound, QStringLiteral("Tessera does not support %1").arg(method.left(100)));
}

void McpAppBridge::onNotification(const QString &method, const json &params)
{
    if (method == QLatin1String("ui/notifications/initialized")) {
        if (!m_initializeAnswered || m_initialized)
            return;
        m_initialized = true;
        Q_EMIT initialized();
        flush();
        return;
    }
    if (method == QLatin1String("ui/notifications/size-changed")) {
        auto dimension = [&params](const char *key) {
            const json *value = member(params, key);
            if (!value || !value->is_number())
                return -1;
            const double v = value->get<double>();
            return v >= 0 && v <= kMaxDimension ? int(v) : -1;
        };
        Q_EMIT sizeRequested(dimension("width"), dimension("height"));
        return;
    }
    qCDebug(lcMcp).noquote() << "MCP app" << m_appName << "notification dropped:" << method.left(100);
}

void McpAppBridge::answerToolCall(const QString &id, const json &result)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    const json requestId = *it;
    m_pending.erase(it);
    reply(requestId, result.is_object() ? result : json::object());
}

void McpAppBridge::failToolCall(const QString &id, const QString &message)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    const json requestId = *it;
    m_pending.erase(it);
    error(requestId, kInternalError, message);
}

void McpAppBridge::answerOpenLink(const QString &id, bool opened)
{
    if (opened)
        answerToolCall(id, json::object());
    else
        failToolCall(id, QStringLiteral("the person did not open the link"));
}

void McpAppBridge::teardown()
{
    if (m_tearingDown)
        return;
    m_tearingDown = true;
    if (!m_initializeAnswered) {
        QTimer::singleShot(0, this, &McpAppBridge::teardownFinished);
        return;
    }
    const json id = QStringLiteral("tessera-teardown-%1").arg(m_nextId++).toStdString();
    m_teardownId = idKey(id);
    Q_EMIT send(QString::fromStdString(
        dump(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "ui/resource-teardown"}, {"params", json::object()}})));
    QTimer::singleShot(kTeardownTimeoutMs, this, [this] {
        if (m_teardownId.isEmpty())
            return;
        m_teardownId.clear();
        Q_EMIT teardownFinished();
    });
}

} // namespace Tessera
