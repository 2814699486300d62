#include <mcp/mcpconfig.h>

#include <QFile>
#include <QHostAddress>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <cards/strictjson.h>

namespace Tessera {

namespace {

constexpr qint64 kMaxConfigBytes = 1024 * 1024;

using json = nlohmann::json;

QString pointer(const QString &base, const std::string &token)
{
    return base + QLatin1Char('/') + QString::fromStdString(escapePointerToken(token));
}

QString typeName(const json &value)
{
    return QString::fromLatin1(value.type_name());
}

bool fail(QString *error, const QString &at, const QString &message)
{
    *error = at + QLatin1String(": ") + message;
    return false;
}

bool stringList(const json &value, const QString &at, QStringList *out, QString *error)
{
    if (!value.is_array())
        return fail(error, at, QStringLiteral("must be an array of strings, not %1").arg(typeName(value)));
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_string())
            return fail(error, at + QLatin1Char('/') + QString::number(i),
                        QStringLiteral("must be a string, not %1").arg(typeName(value[i])));
        out->append(QString::fromStdString(value[i].get<std::string>()));
    }
    return true;
}

bool stringMap(const json &value, const QString &at, QMap<QString, QString> *out, QString *error, bool header = false)
{
    if (!value.is_object())
        return fail(error, at, QStringLiteral("must be an object of strings, not %1").arg(typeName(value)));
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (!it.value().is_string())
            return fail(error, pointer(at, it.key()), QStringLiteral("must be a string, not %1").arg(typeName(it.value())));
        if (header ? !mcpHeaderNameIsUsable(QString::fromStdString(it.key()))
                   : it.key().empty() || it.key().find('=') != std::string::npos)
            return fail(error, pointer(at, it.key()),
                        header ? QStringLiteral("is not a usable HTTP header name") : QStringLiteral("is not a usable environment variable name"));
        if (header && it.value().get<std::string>().find_first_of("\r\n") != std::string::npos)
            return fail(error, pointer(at, it.key()), QStringLiteral("a header value cannot hold a line break"));
        out->insert(QString::fromStdString(it.key()), QString::fromStdString(it.value().get<std::string>()));
    }
    return true;
}

bool parseServer(const std::string &name, const json &value, McpServerConfig *server, QString *error)
{
    const QString at = pointer(QStringLiteral("/mcpServers"), name);
    server->name = QString::fromStdString(name);
    static const QRegularExpression namePattern(QStringLiteral("^[A-Za-z0-9_-]{1,64}$"));
    if (!namePattern.match(server->name).hasMatch())
        return fail(error, at, QStringLiteral("a server name is 1 to 64 letters, digits, '_' or '-'"));
    if (!value.is_object())
        return fail(error, at, QStringLiteral("must be an object with \"command\" or \"url\", not %1").arg(typeName(value)));
    const bool hasCommand = value.contains("command");
    const bool hasUrl = value.contains("url");
    if (hasCommand == hasUrl)
        return fail(error, at, hasCommand ? QStringLiteral("has both \"command\" and \"url\"; give one")
                                          : QStringLiteral("needs \"command\" (stdio) or \"url\" (Streamable HTTP)"));
    QString type;
    if (value.contains("type")) {
        if (!value["type"].is_string())
            return fail(error, at + QLatin1String("/type"), QStringLiteral("must be a string"));
        type = QString::fromStdString(value["type"].get<std::string>());
        static const QStringList httpTypes = {QStringLiteral("http"), QStringLiteral("streamable-http"),
                                              QStringLiteral("streamableHttp")};
        const bool agrees = hasCommand ? type == QLatin1String("stdio") : httpTypes.contains(type);
        if (!agrees)
            return fail(error, at + QLatin1String("/type"),
                        hasCommand ? QStringLiteral("must be \"stdio\" for a server with a command")
                                   : QStringLiteral("\"%1\" is not supported; a url server speaks Streamable HTTP (\"http\")").arg(type));
    }
    if (value.contains("disabled")) {
        if (!value["disabled"].is_boolean())
            return fail(error, at + QLatin1String("/disabled"), QStringLiteral("must be true or false"));
        server->enabled = !value["disabled"].get<bool>();
    }
    if (hasCommand) {
        if (value.contains("headers"))
            return fail(error, at + QLatin1String("/headers"), QStringLiteral("is for a url server; a command server takes \"env\""));
        server->transport = McpServerConfig::Transport::Stdio;
        const json &command = value["command"];
        if (!command.is_string() || command.get<std::string>().empty())
            return fail(error, at + QLatin1String("/command"), QStringLiteral("must be a non-empty string"));
        server->command = QString::fromStdString(command.get<std::string>());
        if (value.contains("args") && !stringList(value["args"], at + QLatin1String("/args"), &server->args, error))
            return false;
        if (value.contains("env") && !stringMap(value["env"], at + QLatin1String("/env"), &server->env, error))
            return false;
        return true;
    }
    server->transport = McpServerConfig::Transport::Http;
    const json &url = value["url"];
    if (!url.is_string())
        return fail(error, at + QLatin1String("/url"), QStringLiteral("must be a string"));
    server->url = QUrl(QString::fromStdString(url.get<std::string>()), QUrl::StrictMode);
    if (const QString problem = mcpUrlProblem(server->url); !problem.isEmpty())
        return fail(error, at + QLatin1String("/url"), problem);
    if (value.contains("env"))
        return fail(error, at + QLatin1String("/env"), QStringLiteral("is for a command server; a url server takes \"headers\""));
    if (value.contains("headers") && !stringMap(value["headers"], at + QLatin1String("/headers"), &server->headers, error, true))
        return false;
    return true;
}

} // namespace

bool mcpHeaderNameIsUsable(const QString &name)
{
    // RFC 9110 token characters; the headers the transport sets itself are not the configuration's to change.
    static const QRegularExpression token(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$"));
    static const QStringList reserved = {QStringLiteral("content-type"), QStringLiteral("accept"), QStringLiteral("content-length"),
                                         QStringLiteral("host"), QStringLiteral("mcp-session-id"), QStringLiteral("mcp-protocol-version")};
    return token.match(name).hasMatch() && !reserved.contains(name.toLower());
}

QString McpServerConfig::describe() const
{
    if (transport == Transport::Http)
        return url.toString(QUrl::RemoveUserInfo);
    QStringList parts{command};
    for (const QString &arg : args)
        parts.append(arg.contains(QLatin1Char(' ')) ? QLatin1Char('"') + arg + QLatin1Char('"') : arg);
    return parts.join(QLatin1Char(' '));
}

const McpServerConfig *McpConfig::server(const QString &name) const
{
    for (const McpServerConfig &s : servers) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

QString mcpUrlProblem(const QUrl &url)
{
    // The scheme first: "file:" and "javascript:" URLs have no host, and "not a valid URL" said nothing of why.
    const QString accepted = QStringLiteral("only https:// URLs, or http:// on this machine (localhost, 127.0.0.1, ::1), are accepted");
    const QString scheme = url.scheme().toLower();
    if (url.isValid() && scheme.isEmpty())
        return accepted + QStringLiteral(", and this URL has no scheme");
    if (url.isValid() && scheme != QLatin1String("https") && scheme != QLatin1String("http"))
        return accepted + QStringLiteral(", not %1:").arg(scheme);
    if (!url.isValid() || url.host().isEmpty())
        return QStringLiteral("is not a valid URL: %1").arg(url.isValid() ? QStringLiteral("it names no host") : url.errorString());
    if (scheme == QLatin1String("https"))
        return {};
    const QString host = url.host().toLower();
    if (host == QLatin1String("localhost"))
        return {};
    const QHostAddress address(host);
    if (!address.isNull() && address.isLoopback())
        return {};
    return QStringLiteral("http:// is allowed only to this machine (localhost, 127.0.0.1, ::1); use https:// for %1").arg(url.host());
}

bool parseMcpConfig(const QByteArray &text, McpConfig *config, QString *error)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
    if (!parsed.ok())
        return fail(error, parsed.errorPointer.empty() ? QStringLiteral("(root)") : QString::fromStdString(parsed.errorPointer),
                    QStringLiteral("not valid JSON: %1").arg(QString::fromStdString(parsed.error)));
    if (!parsed.duplicateKeys.empty())
        return fail(error, QString::fromStdString(parsed.duplicateKeys.front()), QStringLiteral("is given twice"));
    const json &root = *parsed.value;
    if (!root.is_object())
        return fail(error, QStringLiteral("(root)"), QStringLiteral("must be an object with \"mcpServers\""));
    if (!root.contains("mcpServers"))
        return fail(error, QStringLiteral("/mcpServers"), QStringLiteral("is missing"));
    const json &servers = root["mcpServers"];
    if (!servers.is_object())
        return fail(error, QStringLiteral("/mcpServers"), QStringLiteral("must be an object of servers by name, not %1").arg(typeName(servers)));
    McpConfig result;
    // nlohmann keeps object members sorted by name: servers are listed by name (a stable, documented order).
    for (auto it = servers.begin(); it != servers.end(); ++it) {
        McpServerConfig server;
        if (!parseServer(it.key(), it.value(), &server, error))
            return false;
        result.servers.append(server);
    }
    *config = result;
    return true;
}

bool loadMcpConfigFile(const QString &path, McpConfig *config, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > kMaxConfigBytes) {
        *error = QStringLiteral("%1: over %2 KiB; not an MCP configuration").arg(path).arg(kMaxConfigBytes / 1024);
        return false;
    }
    QString problem;
    if (!parseMcpConfig(file.readAll(), config, &problem)) {
        *error = path + QLatin1String(": ") + problem;
        return false;
    }
    return true;
}

} // namespace Tessera
