#include <mcp/mcpserversettings.h>

#include <QSettings>

#include <nlohmann/json.hpp>

#include <backend/secretstore.h>
#include <cards/strictjson.h>
#include <mcp/logging.h>

namespace Tessera {

namespace {

using json = nlohmann::json;

const QString kGroup = QStringLiteral("mcp/servers");
const QString kPrefix = QStringLiteral("mcp:");

QSettings tesseraSettings()
{
    // Named, not the default: headless commands set no application name and must read the window's file.
    return QSettings(QStringLiteral("Tessera"), QStringLiteral("Tessera"));
}

json secretObject(const QMap<QString, QString> &values)
{
    json object = json::object();
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        object[it.key().toStdString()] = it.value().toStdString();
    return object;
}

void readInto(const json &object, const QStringList &names, QMap<QString, QString> *out)
{
    for (const QString &name : names) {
        const std::string key = name.toStdString();
        const bool present = object.is_object() && object.contains(key) && object[key].is_string();
        out->insert(name, present ? QString::fromStdString(object[key].get<std::string>()) : QString());
    }
}

bool hasSecrets(const McpServerConfig &server)
{
    return !server.env.isEmpty() || !server.headers.isEmpty();
}

} // namespace

McpServerSettings::McpServerSettings(SecretStore *secrets) : m_secrets(secrets)
{
    if (!m_secrets) {
        m_ownSecrets = new SecretStore;
        m_secrets = m_ownSecrets;
    }
}

McpServerSettings::~McpServerSettings()
{
    delete m_ownSecrets;
}

QList<McpServerConfig> McpServerSettings::servers(QStringList *problems) const
{
    QSettings settings = tesseraSettings();
    settings.beginGroup(kGroup);
    QStringList names = settings.childGroups();
    names.sort();
    QList<McpServerConfig> result;
    for (const QString &name : std::as_const(names)) {
        settings.beginGroup(name);
        McpServerConfig server;
        server.name = name;
        server.enabled = settings.value(QStringLiteral("enabled"), true).toBool();
        QString problem;
        if (settings.value(QStringLiteral("transport")).toString() == QLatin1String("http")) {
            server.transport = McpServerConfig::Transport::Http;
            server.url = QUrl(settings.value(QStringLiteral("url")).toString(), QUrl::StrictMode);
            problem = mcpUrlProblem(server.url);
            for (const QString &header : settings.value(QStringLiteral("headerNames")).toStringList())
                server.headers.insert(header, QString());
        } else {
            server.transport = McpServerConfig::Transport::Stdio;
            server.command = settings.value(QStringLiteral("command")).toString();
            server.args = settings.value(QStringLiteral("args")).toStringList();
            if (server.command.isEmpty())
                problem = tr("has no command");
            for (const QString &variable : settings.value(QStringLiteral("envNames")).toStringList())
                server.env.insert(variable, QString());
        }
        settings.endGroup();
        if (!problem.isEmpty()) {
            qCWarning(lcMcp, "stored MCP server %s skipped: %s", qPrintable(name), qPrintable(problem));
            if (problems)
                problems->append(tr("stored MCP server %1: %2").arg(name, problem));
            continue;
        }
        result.append(server);
    }
    return result;
}

bool McpServerSettings::contains(const QString &name) const
{
    QSettings settings = tesseraSettings();
    settings.beginGroup(kGroup);
    return settings.childGroups().contains(name);
}

bool McpServerSettings::readSecrets(McpServerConfig *server, QString *error)
{
    if (!hasSecrets(*server))
        return true;
    m_secrets->setEntryPrefix(kPrefix);
    QString text;
    const SecretResult read = m_secrets->readKeyNow(server->name, &text);
    if (!read.ok()) {
        *error = tr("the secrets of MCP server %1 did not read from the keyring: %2").arg(server->name, read.message);
        return false;
    }
    const QByteArray bytes = text.toUtf8();
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!parsed.ok() || !parsed.value->is_object()) {
        *error = tr("the keyring's entry %1%2 is not what Tessera wrote").arg(kPrefix, server->name);
        return false;
    }
    const json &object = *parsed.value;
    readInto(object.value("env", json::object()), server->env.keys(), &server->env);
    readInto(object.value("headers", json::object()), server->headers.keys(), &server->headers);
    return true;
}

bool McpServerSettings::save(const McpServerConfig &server, QString *error)
{
    m_secrets->setEntryPrefix(kPrefix);
    if (hasSecrets(server)) {
        const json entry = {{"env", secretObject(server.env)}, {"headers", secretObject(server.headers)}};
        const SecretResult written = m_secrets->writeKeyNow(server.name, QString::fromStdString(entry.dump()));
        if (!written.ok()) {
            *error = tr("MCP server %1 was not saved: its env and header values go to the keyring, and %2")
                             .arg(server.name, written.message);
            return false;
        }
    } else {
        m_secrets->removeKeyNow(server.name); // an edit that dropped every secret leaves none behind
    }
    QSettings settings = tesseraSettings();
    settings.beginGroup(kGroup);
    settings.remove(server.name);
    settings.beginGroup(server.name);
    settings.setValue(QStringLiteral("transport"), server.transportName());
    settings.setValue(QStringLiteral("enabled"), server.enabled);
    if (server.transport == McpServerConfig::Transport::Http) {
        settings.setValue(QStringLiteral("url"), server.url.toString());
        if (!server.headers.isEmpty())
            settings.setValue(QStringLiteral("headerNames"), QStringList(server.headers.keys()));
    } else {
        settings.setValue(QStringLiteral("command"), server.command);
        settings.setValue(QStringLiteral("args"), server.args);
        if (!server.env.isEmpty())
            settings.setValue(QStringLiteral("envNames"), QStringList(server.env.keys()));
    }
    if (hasSecrets(server))
        settings.setValue(QStringLiteral("secrets"), QString(QStringLiteral("keyring:") + kPrefix + server.name));
    settings.endGroup();
    settings.endGroup();
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        *error = tr("MCP server %1 was not saved: the settings file %2 could not be written").arg(server.name, settings.fileName());
        return false;
    }
    qCInfo(lcMcp, "MCP server %s saved in the settings", qPrintable(server.name));
    return true;
}

bool McpServerSettings::remove(const QString &name, QString *error)
{
    QSettings settings = tesseraSettings();
    settings.beginGroup(kGroup);
    const bool stored = settings.childGroups().contains(name);
    const bool withSecrets = settings.contains(name + QStringLiteral("/secrets"));
    settings.remove(name);
    settings.endGroup();
    settings.sync();
    if (!stored) {
        *error = tr("no MCP server named %1 is stored").arg(name);
        return false;
    }
    if (withSecrets) {
        m_secrets->setEntryPrefix(kPrefix);
        const SecretResult removed = m_secrets->removeKeyNow(name);
        if (!removed.ok() && removed.status != SecretResult::Status::NotFound) {
            *error = tr("MCP server %1 was removed, but its secrets stay in the keyring: %2").arg(name, removed.message);
            return false;
        }
    }
    return true;
}

bool McpServerSettings::setEnabled(const QString &name, bool enabled)
{
    QSettings settings = tesseraSettings();
    settings.beginGroup(kGroup);
    if (!settings.childGroups().contains(name))
        return false;
    settings.setValue(name + QStringLiteral("/enabled"), enabled);
    return true;
}

QList<McpServerConfig> McpServerSettings::effectiveServers(const McpConfig &fromCommandLine, QStringList *problems)
{
    QList<McpServerConfig> result;
    for (McpServerConfig server : servers(problems)) {
        if (fromCommandLine.server(server.name))
            continue;
        QString error;
        if (server.enabled && !readSecrets(&server, &error) && problems)
            problems->append(error);
        result.append(server);
    }
    result.append(fromCommandLine.servers);
    std::sort(result.begin(), result.end(), [](const McpServerConfig &a, const McpServerConfig &b) { return a.name < b.name; });
    return result;
}

} // namespace Tessera
