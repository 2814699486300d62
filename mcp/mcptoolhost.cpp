#include <mcp/mcptoolhost.h>

#include <algorithm>
#include <utility>

#include <QCryptographicHash>
#include <QMap>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <cards/strictjson.h>
#include <cards/toolcarddescriptor.h>
#include <mcp/logging.h>
#include <mcp/mcpapp.h>

namespace Tessera {

using nlohmann::json;

namespace {

class McpToolRun : public ToolRun
{
public:
    // app: the tool's view to read after the call (MCP Apps); its record is empty without one.
    McpToolRun(McpReply *reply, McpClient *client, const QString &tool, QObject *parent, const McpAppRecord &app = {})
        : ToolRun(parent)
        , m_reply(reply)
        , m_client(client)
        , m_tool(tool)
        , m_app(app)
    {
        connect(reply, &McpReply::progress, this, &ToolRun::progress);
        connect(reply, &McpReply::finished, this, &McpToolRun::onFinished);
    }
    ~McpToolRun() override
    {
        cancelOpenInput();
        if (m_reply)
            m_reply->deleteLater();
        if (m_resource)
            m_resource->deleteLater();
    }

    McpClient *client() const { return m_client.data(); }

    void cancel() override
    {
        cancelOpenInput();
        if (m_reply && !m_reply->isFinished())
            m_reply->cancel(); // notifications/cancelled; finishes the reply
        else if (m_resource && !m_resource->isFinished())
            m_resource->cancel();
    }

    // A form the run's server asks for while the call runs (McpClient::elicitationRequested).
    void askInput(qint64 key, const McpElicitationForm &form)
    {
        m_openInput.insert(key);
        const QByteArray params = QByteArray::fromStdString(form.params.dump(-1, ' ', false, json::error_handler_t::replace));
        Q_EMIT inputRequested(key, m_client ? m_client->config().name : QString(), params);
    }

    void answerInput(qint64 key, const QString &action, const QByteArray &contentJson) override
    {
        if (!m_openInput.remove(key) || !m_client)
            return;
        json content = json::object();
        if (action == QLatin1String("accept")) {
            const StrictJsonResult parsed = parseStrictJson(std::string_view(contentJson.constData(), size_t(contentJson.size())));
            if (parsed.ok() && parsed.value->is_object())
                content = *parsed.value;
        }
        m_client->answerElicitation(key, action, content);
    }

    // A run that fails before any request (bad arguments): finishes on the next event-loop turn.
    static McpToolRun *failed(const QString &error, QObject *parent)
    {
        auto *run = new McpToolRun(parent);
        QMetaObject::invokeMethod(run, [run, error] { run->finish(QString(), true, error); }, Qt::QueuedConnection);
        return run;
    }

private:
    explicit McpToolRun(QObject *parent)
        : ToolRun(parent)
    {
    }

    // A form still open when the call ends is cancelled: nobody can answer it for this call any more.
    void cancelOpenInput()
    {
        const QSet<qint64> open = std::exchange(m_openInput, {});
        for (qint64 key : open) {
            if (m_client)
                m_client->answerElicitation(key, QStringLiteral("cancel"));
        }
    }

    void onFinished()
    {
        McpReply *reply = m_reply.data();
        if (!reply)
            return;
        cancelOpenInput();
        if (reply->error() != McpReply::Error::None) {
            finish(QString(), true, reply->errorString());
            return;
        }
        McpToolResult result;
        QString error;
        if (!parseMcpToolResult(reply->result(), &result, &error)) {
            finish(QString(), true, McpToolHost::tr("the server's result is not a tool result: %1").arg(error));
            return;
        }
        setResultJson(QByteArray::fromStdString(reply->result().dump(-1, ' ', false, json::error_handler_t::replace)));
        QString text = result.text();
        if (!result.structuredContent.is_null()) {
            if (!text.isEmpty())
                text += QLatin1Char('\n');
            text += QString::fromStdString(result.structuredContent.dump(-1, ' ', false, json::error_handler_t::replace));
        }
        if (!result.isError)
            mapOntoCard(result.structuredContent);
        if (m_app.uri.isEmpty() || !m_client || result.isError) {
            finish(text, result.isError, QString());
            return;
        }
        // MCP Apps: the view is read now and stored with the result, so a replay needs no server.
        m_pendingText = text;
        m_app.result = reply->result();
        m_resource = m_client->readResource(m_app.uri);
        connect(m_resource, &McpReply::finished, this, &McpToolRun::onResourceRead);
    }

    void onResourceRead()
    {
        McpReply *reply = m_resource.data();
        if (!reply)
            return;
        QString error;
        if (reply->error() != McpReply::Error::None) {
            error = McpToolHost::tr("resources/read %1 failed: %2").arg(m_app.uri, reply->errorString());
        } else if (parseMcpAppResource(reply->result(), m_app.uri, &m_app.html, &m_app.cspRefused, &error)) {
            setApp(QByteArray::fromStdString(m_app.toJson().dump(-1, ' ', false, json::error_handler_t::replace)), QString());
        } else {
            error = McpToolHost::tr("the view %1 was not drawn: %2").arg(m_app.uri, error);
        }
        if (!error.isEmpty()) {
            qCWarning(lcMcp).noquote() << "MCP app:" << error;
            setApp({}, error);
        }
        finish(m_pendingText, false, QString());
    }

    // Seed 002's result-to-card descriptor, when one is loaded for this server's tool.
    void mapOntoCard(const json &structuredContent)
    {
        ToolCardDescriptor descriptor;
        const QString server = m_client ? m_client->config().name : QString();
        if (!ToolCardDescriptors::find(server, m_tool, &descriptor))
            return;
        const ToolCardOutcome outcome = cardFromToolResult(descriptor, structuredContent);
        if (outcome.ok) {
            setCard(outcome.card.rawText(), QString());
            return;
        }
        qCInfo(lcMcp).noquote() << "MCP tool" << m_tool << "of server" << server << "made no card:" << outcome.describe();
        setCard(QByteArray(), outcome.describe());
    }

    QPointer<McpReply> m_reply;
    QPointer<McpClient> m_client;
    QString m_tool;
    McpAppRecord m_app;
    QPointer<McpReply> m_resource;
    QString m_pendingText;
    QSet<qint64> m_openInput; // elicitation keys not yet answered
};

QString sanitized(const QString &text)
{
    QString out = text;
    for (QChar &c : out) {
        const ushort u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' || u == '-';
        if (!ok)
            c = QLatin1Char('_');
    }
    return out;
}

QString fitted(const QString &name)
{
    if (name.size() <= ToolHost::kMaxToolNameLength)
        return name;
    const QByteArray hash = QCryptographicHash::hash(name.toUtf8(), QCryptographicHash::Sha1).toHex().left(8);
    return name.left(ToolHost::kMaxToolNameLength - 9) + QLatin1Char('_') + QString::fromLatin1(hash);
}

QByteArray functionJson(const QString &name, const QString &server, const McpTool &tool)
{
    json parameters = tool.inputSchema.is_object() ? tool.inputSchema : json{{"type", "object"}};
    if (!parameters.contains("type"))
        parameters["type"] = "object";
    QString description = tool.description.isEmpty() ? tool.title : tool.description;
    description = QStringLiteral("[MCP server %1] ").arg(server) + description;
    const json function = {{"type", "function"},
                           {"function",
                            {{"name", name.toStdString()},
                             {"description", description.toStdString()},
                             {"parameters", parameters}}}};
    return QByteArray::fromStdString(function.dump(-1, ' ', false, json::error_handler_t::replace));
}

bool annotation(const McpTool &tool, const char *key)
{
    const auto it = tool.annotations.find(key);
    return it != tool.annotations.end() && it->is_boolean() && it->get<bool>();
}

} // namespace

McpToolHost::McpToolHost(const QList<McpServerConfig> &servers, QObject *parent)
    : ToolHost(parent)
{
    for (const McpServerConfig &config : servers) {
        auto *client = new McpClient(config, this);
        m_clients.append(client);
        connect(client, &McpClient::ready, this, [this, client] { onClientReady(client); });
        connect(client, &McpClient::failed, this, [this, client](const QString &error) { onClientFailed(client, error); });
        connect(client, &McpClient::toolsListChanged, this, [this, client] { listTools(client); });
        connect(client, &McpClient::elicitationRequested, this,
                [this, client](qint64 key, const McpElicitationForm &form) { onElicitation(client, key, form); });
    }
}

void McpToolHost::setAsksForInput(bool ask)
{
    m_asksForInput = ask;
    for (McpClient *client : std::as_const(m_clients))
        client->setElicitationPolicy(ask ? McpClient::ElicitationPolicy::Ask : McpClient::ElicitationPolicy::Decline);
}

void McpToolHost::onElicitation(McpClient *client, qint64 key, const McpElicitationForm &form)
{
    // The form belongs to the call running on that server (one call at a time, backend/openaibackend.h).
    for (auto it = m_runs.crbegin(); it != m_runs.crend(); ++it) {
        auto *run = static_cast<McpToolRun *>(it->data());
        if (run && !run->isFinished() && run->client() == client) {
            run->askInput(key, form);
            return;
        }
    }
    qCInfo(lcMcp).noquote() << client->config().name << "asked for input outside a tool call; declined";
    client->answerElicitation(key, QStringLiteral("decline"));
}

McpToolHost::~McpToolHost()
{
    for (McpClient *client : std::as_const(m_clients))
        client->close();
}

QList<McpClient *> McpToolHost::clients() const
{
    return m_clients;
}

QStringList McpToolHost::pendingSources() const
{
    QStringList pending;
    for (const McpClient *client : std::as_const(m_clients)) {
        if (!m_settled.contains(client->config().name))
            pending.append(client->config().name);
    }
    return pending;
}

void McpToolHost::start()
{
    for (McpClient *client : std::as_const(m_clients))
        client->start();
    checkReady();
}

void McpToolHost::onClientReady(McpClient *client)
{
    listTools(client);
}

void McpToolHost::onClientFailed(McpClient *client, const QString &error)
{
    const QString name = client->config().name;
    qCWarning(lcMcp).noquote() << "MCP server" << name << "failed; its tools are not offered:" << error;
    m_problems.append(QStringLiteral("%1: %2").arg(name, error));
    if (m_tools.remove(name) > 0)
        rebuild();
    m_settled.insert(name);
    checkReady();
}

void McpToolHost::listTools(McpClient *client)
{
    McpReply *reply = client->listTools();
    connect(reply, &McpReply::finished, this, [this, client, reply] {
        reply->deleteLater();
        const QString name = client->config().name;
        QList<McpTool> tools;
        QString error;
        if (reply->error() != McpReply::Error::None) {
            m_problems.append(tr("%1: tools/list failed: %2").arg(name, reply->errorString()));
        } else if (!parseMcpTools(reply->result(), &tools, &error)) {
            m_problems.append(QStringLiteral("%1: tools/list: %2").arg(name, error));
            tools.clear();
        }
        m_tools.insert(name, tools);
        m_settled.insert(name);
        rebuild();
        checkReady();
    });
}

QList<HostedTool> McpToolHost::namespaced(QList<Entry> entries)
{
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return a.server != b.server ? a.server < b.server : a.tool.name < b.tool.name;
    });
    // Names that need no change first, so a tool called exactly server__tool is never the one renamed.
    std::stable_partition(entries.begin(), entries.end(), [](const Entry &entry) {
        const QString raw = entry.server + QStringLiteral("__") + entry.tool.name;
        return fitted(sanitized(raw)) == raw;
    });
    QList<HostedTool> out;
    QSet<QString> used;
    for (const Entry &entry : std::as_const(entries)) {
        const QString wanted = fitted(sanitized(entry.server) + QStringLiteral("__") + sanitized(entry.tool.name));
        QString name = wanted;
        for (int n = 2; used.contains(name); ++n) {
            const QString suffix = QStringLiteral("_%1").arg(n);
            name = wanted.left(kMaxToolNameLength - suffix.size()) + suffix;
        }
        if (name != entry.server + QStringLiteral("__") + entry.tool.name)
            qCInfo(lcMcp).noquote() << "MCP tool" << entry.tool.name << "of server" << entry.server << "is offered as" << name;
        used.insert(name);
        HostedTool tool;
        tool.name = name;
        tool.server = entry.server;
        tool.tool = entry.tool.name;
        tool.description = entry.tool.description;
        tool.readOnly = annotation(entry.tool, "readOnlyHint");
        tool.destructive = annotation(entry.tool, "destructiveHint");
        tool.uiResourceUri = McpApp::resourceUriOf(entry.tool.raw);
        tool.functionJson = functionJson(name, entry.server, entry.tool);
        out.append(tool);
    }
    std::sort(out.begin(), out.end(), [](const HostedTool &a, const HostedTool &b) { return a.name < b.name; });
    return out;
}

QList<HostedTool> McpToolHost::capped(const QList<HostedTool> &all, QStringList *leftOut)
{
    // Each server's tools in name order (all is sorted by name), servers in name order.
    QMap<QString, QList<const HostedTool *>> byServer;
    for (const HostedTool &tool : all)
        byServer[tool.server].append(&tool);
    QList<HostedTool> offered;
    qsizetype bytes = 0;
    for (qsizetype turn = 0;; ++turn) {
        bool any = false;
        for (auto it = byServer.cbegin(); it != byServer.cend(); ++it) {
            if (turn >= it.value().size())
                continue;
            any = true;
            const HostedTool &tool = *it.value().at(turn);
            const qsizetype size = tool.functionJson.size();
            if (offered.size() < kMaxOfferedTools && size <= kMaxToolBytes && bytes + size <= kMaxOfferedBytes) {
                offered.append(tool);
                bytes += size;
            } else {
                leftOut->append(tool.name);
            }
        }
        if (!any)
            break;
    }
    std::sort(offered.begin(), offered.end(), [](const HostedTool &a, const HostedTool &b) { return a.name < b.name; });
    return offered;
}

void McpToolHost::rebuild()
{
    QList<Entry> entries;
    for (auto it = m_tools.cbegin(); it != m_tools.cend(); ++it) {
        for (const McpTool &tool : it.value()) {
            if (McpApp::isVisibleToModel(tool.raw)) // MCP Apps: a tool for its view only is not offered
                entries.append({it.key(), tool});
        }
    }
    const QList<HostedTool> all = namespaced(entries);
    QStringList leftOut;
    const QList<HostedTool> offered = capped(all, &leftOut);
    QString note;
    if (!leftOut.isEmpty()) {
        QString names = leftOut.mid(0, kMaxNamesInNote).join(QStringLiteral(", "));
        if (leftOut.size() > kMaxNamesInNote)
            names = tr("%1 and %2 more").arg(names).arg(leftOut.size() - kMaxNamesInNote);
        note = tr("%1 of %2 MCP tools are not offered to the model (at most %3 tools and %4 KB of their schemas go "
                  "with a request): %5")
                   .arg(leftOut.size())
                   .arg(all.size())
                   .arg(kMaxOfferedTools)
                   .arg(kMaxOfferedBytes / 1024)
                   .arg(names);
    }
    setToolList(offered);
    if (note != m_offerNote) {
        // Logged when it changes (not on every list_changed); the log names more of them than the
        // note, still bounded: a server may list any number.
        constexpr qsizetype kLogged = 200;
        if (!note.isEmpty())
            qCWarning(lcMcp).noquote() << leftOut.size() << "of" << all.size() << "MCP tools are not offered to the model:"
                                       << leftOut.mid(0, kLogged).join(QStringLiteral(", "))
                                       << (leftOut.size() > kLogged ? QStringLiteral("and %1 more").arg(leftOut.size() - kLogged) : QString());
        m_offerNote = note;
        if (m_ready && !note.isEmpty()) // before ready: said once, when every server has listed
            Q_EMIT toolsLeftOut(note);
    }
}

void McpToolHost::checkReady()
{
    if (m_ready || m_settled.size() < m_clients.size())
        return;
    m_ready = true;
    Q_EMIT ready();
    if (!m_offerNote.isEmpty())
        Q_EMIT toolsLeftOut(m_offerNote);
}

ToolRun *McpToolHost::call(const QString &name, const QByteArray &argumentsJson)
{
    const HostedTool *tool = findTool(name);
    if (!tool)
        return nullptr;
    McpClient *client = nullptr;
    for (McpClient *candidate : std::as_const(m_clients)) {
        if (candidate->config().name == tool->server)
            client = candidate;
    }
    if (!client)
        return nullptr;
    json arguments = json::object();
    if (!argumentsJson.trimmed().isEmpty()) {
        const StrictJsonResult parsed = parseStrictJson(std::string_view(argumentsJson.constData(), size_t(argumentsJson.size())));
        if (!parsed.ok() || !parsed.value->is_object())
            return McpToolRun::failed(McpToolHost::tr("the arguments are not a JSON object"), this);
        arguments = *parsed.value;
    }
    McpAppRecord app;
    if (!tool->uiResourceUri.isEmpty()) {
        app.uri = tool->uiResourceUri;
        app.server = tool->server;
        app.tool = tool->tool;
        app.arguments = arguments;
    }
    auto *run = new McpToolRun(client->callTool(tool->tool, arguments), client, tool->tool, this, app);
    m_runs.removeIf([](const QPointer<ToolRun> &r) { return r.isNull() || r->isFinished(); });
    m_runs.append(run);
    return run;
}

ToolRun *McpToolHost::callServerTool(const QString &server, const QString &tool, const json &arguments)
{
    for (McpClient *candidate : std::as_const(m_clients)) {
        if (candidate->config().name != server || candidate->state() != McpClient::State::Ready)
            continue;
        if (!isAppCallable(server, tool))
            return McpToolRun::failed(tr("%1 is for the model only: its server does not let an app call it").arg(tool), this);
        return new McpToolRun(candidate->callTool(tool, arguments), candidate, tool, this);
    }
    return nullptr;
}

bool McpToolHost::isAppCallable(const QString &server, const QString &tool) const
{
    const auto listed = m_tools.constFind(server);
    if (listed == m_tools.cend())
        return true;
    for (const McpTool &entry : listed.value()) {
        if (entry.name == tool)
            return McpApp::isVisibleToApp(entry.raw);
    }
    return true;
}

bool McpToolHost::isServerReady(const QString &server) const
{
    for (McpClient *candidate : std::as_const(m_clients)) {
        if (candidate->config().name == server)
            return candidate->state() == McpClient::State::Ready;
    }
    return false;
}

} // namespace Tessera
