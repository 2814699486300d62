#include <backend/backendconfig.h>

#include <QProcess>
#include <QRegularExpression>
#include <QDir>
#include <QSettings>

#include <backend/openaibackend.h>
#include <backend/stdiobackend.h>
#include <backend/websocketbackend.h>

namespace Tessera {

namespace {

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// QSettings treats '/' and '\' in a key as group separators: an id is percent-encoded to stay one key.
QString groupFor(const QString &conversationId)
{
    return QStringLiteral("backends/") + QString::fromLatin1(QUrl::toPercentEncoding(conversationId));
}

const QString kLastGroup = QStringLiteral("backends/last");

void writeGroup(QSettings &settings, const QString &group, const BackendConfig &config)
{
    settings.remove(group);
    settings.beginGroup(group);
    settings.setValue(QStringLiteral("type"), backendTypeName(config.type));
    if (!config.command.isEmpty())
        settings.setValue(QStringLiteral("command"), config.command);
    if (!config.url.isEmpty())
        settings.setValue(QStringLiteral("url"), config.url.toString());
    if (!config.model.isEmpty())
        settings.setValue(QStringLiteral("model"), config.model);
    if (!config.apiKeyEnv.isEmpty())
        settings.setValue(QStringLiteral("apiKeyEnv"), config.apiKeyEnv);
    if (!config.profileName.isEmpty())
        settings.setValue(QStringLiteral("profile"), config.profileName);
    if (!config.workingDirectory.isEmpty())
        settings.setValue(QStringLiteral("workingDirectory"), config.workingDirectory);
    if (config.apiKeyInKeyring)
        settings.setValue(QStringLiteral("apiKeyInKeyring"), true);
    // config.apiKey is never written: the keyring holds it (secretstore.h).
    settings.endGroup();
}

BackendConfig readGroup(QSettings &settings, const QString &group)
{
    BackendConfig config;
    settings.beginGroup(group);
    config.type = backendTypeFromName(settings.value(QStringLiteral("type")).toString());
    config.command = settings.value(QStringLiteral("command")).toString();
    const QString url = settings.value(QStringLiteral("url")).toString();
    if (!url.isEmpty())
        config.url = QUrl(url);
    config.model = settings.value(QStringLiteral("model")).toString();
    config.apiKeyEnv = settings.value(QStringLiteral("apiKeyEnv")).toString();
    config.profileName = settings.value(QStringLiteral("profile")).toString();
    config.workingDirectory = settings.value(QStringLiteral("workingDirectory")).toString();
    config.apiKeyInKeyring = settings.value(QStringLiteral("apiKeyInKeyring"), false).toBool();
    settings.endGroup();
    // A half-written or hand-edited entry that could not start anything counts as none.
    const bool usable = (config.type == BackendConfig::Type::Stdio && !config.command.trimmed().isEmpty())
            || (config.type == BackendConfig::Type::WebSocket && config.url.isValid())
            || (config.type == BackendConfig::Type::OpenAi && config.url.isValid() && !config.model.isEmpty());
    return usable ? config : BackendConfig();
}

bool isEnvironmentName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return pattern.match(name).hasMatch();
}

} // namespace

bool hasBackendArguments(const BackendArguments &arguments)
{
    return !arguments.backendCmd.isEmpty() || !arguments.backend.isEmpty() || !arguments.openAi.isEmpty()
            || !arguments.model.isEmpty() || !arguments.apiKeyEnv.isEmpty() || !arguments.backendName.isEmpty();
}

bool backendConfigFromArguments(const BackendArguments &arguments, BackendConfig *config, QString *error)
{
    BackendConfig result;
    const int chosen = int(!arguments.backendCmd.isEmpty()) + int(!arguments.backend.isEmpty())
            + int(!arguments.openAi.isEmpty());
    if (chosen > 1)
        return fail(error, QStringLiteral("Choose one backend: --backend-cmd, --backend or --openai."));
    if (!arguments.backendName.isEmpty() && (chosen > 0 || !arguments.model.isEmpty() || !arguments.apiKeyEnv.isEmpty()))
        return fail(error, QStringLiteral("--backend-name goes alone: a named backend brings its own URL, model and key."));
    if (arguments.openAi.isEmpty() && !arguments.model.isEmpty())
        return fail(error, QStringLiteral("--model is only used with --openai."));
    if (arguments.openAi.isEmpty() && !arguments.apiKeyEnv.isEmpty())
        return fail(error, QStringLiteral("--api-key-env is only used with --openai."));

    if (!arguments.backendName.isEmpty()) {
        result.profileName = arguments.backendName.trimmed();
    } else if (!arguments.backendCmd.isEmpty()) {
        if (QProcess::splitCommand(arguments.backendCmd).isEmpty())
            return fail(error, QStringLiteral("--backend-cmd needs a command to run."));
        result.type = BackendConfig::Type::Stdio;
        result.command = arguments.backendCmd;
    } else if (!arguments.backend.isEmpty()) {
        const QUrl url(arguments.backend, QUrl::StrictMode);
        const QString scheme = url.scheme().toLower();
        if (!url.isValid() || url.host().isEmpty() || (scheme != QLatin1String("ws") && scheme != QLatin1String("wss")))
            return fail(error,
                        QStringLiteral("--backend needs a ws:// or wss:// address, not %1.").arg(arguments.backend));
        result.type = BackendConfig::Type::WebSocket;
        result.url = url;
    } else if (!arguments.openAi.isEmpty()) {
        const QUrl url(arguments.openAi, QUrl::StrictMode);
        const QString scheme = url.scheme().toLower();
        if (!url.isValid() || url.host().isEmpty()
            || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
            return fail(error,
                        QStringLiteral("--openai needs an http:// or https:// address, not %1.").arg(arguments.openAi));
        if (arguments.model.trimmed().isEmpty())
            return fail(error, QStringLiteral("--openai needs --model NAME."));
        if (!arguments.apiKeyEnv.isEmpty() && !isEnvironmentName(arguments.apiKeyEnv))
            return fail(error, QStringLiteral("--api-key-env takes the name of an environment variable "
                                              "(such as OPENAI_API_KEY), not the key itself."));
        result.type = BackendConfig::Type::OpenAi;
        result.url = url;
        result.model = arguments.model.trimmed();
        result.apiKeyEnv = arguments.apiKeyEnv;
    }
    if (config)
        *config = result;
    return true;
}

Backend *createBackend(const BackendConfig &config, QObject *parent, QString *error)
{
    switch (config.type) {
    case BackendConfig::Type::None:
        fail(error, QStringLiteral("No backend is configured."));
        return nullptr;
    case BackendConfig::Type::Stdio: {
        auto *backend = new StdioBackend(config.command, parent);
        backend->setWorkingDirectory(config.workingDirectory);
        return backend;
    }
    case BackendConfig::Type::WebSocket:
        return new WebSocketBackend(config.url, parent);
    case BackendConfig::Type::OpenAi: {
        QString apiKey = config.apiKey;
        if (apiKey.isEmpty() && config.apiKeyInKeyring) {
            fail(error, QStringLiteral("The API key of backend %1 is in the keyring and was not read.")
                                .arg(config.profileName));
            return nullptr;
        }
        if (apiKey.isEmpty() && !config.apiKeyEnv.isEmpty()) {
            if (!qEnvironmentVariableIsSet(config.apiKeyEnv.toLocal8Bit().constData())) {
                fail(error, QStringLiteral("The environment variable %1 (named by --api-key-env) is not set.")
                                    .arg(config.apiKeyEnv));
                return nullptr;
            }
            apiKey = qEnvironmentVariable(config.apiKeyEnv.toLocal8Bit().constData());
        }
        return new OpenAiBackend(config.url, config.model, apiKey, parent);
    }
    }
    return nullptr;
}

QString backendTypeName(BackendConfig::Type type)
{
    switch (type) {
    case BackendConfig::Type::None:
        return {};
    case BackendConfig::Type::Stdio:
        return QStringLiteral("stdio");
    case BackendConfig::Type::WebSocket:
        return QStringLiteral("websocket");
    case BackendConfig::Type::OpenAi:
        return QStringLiteral("openai");
    }
    return {};
}

BackendConfig::Type backendTypeFromName(const QString &name)
{
    if (name == QLatin1String("stdio"))
        return BackendConfig::Type::Stdio;
    if (name == QLatin1String("websocket"))
        return BackendConfig::Type::WebSocket;
    if (name == QLatin1String("openai"))
        return BackendConfig::Type::OpenAi;
    return BackendConfig::Type::None;
}

void saveBackendConfig(QSettings &settings, const QString &conversationId, const BackendConfig &config)
{
    if (!conversationId.isEmpty() && conversationId != QLatin1String("last")) {
        if (config.isNone())
            settings.remove(groupFor(conversationId));
        else
            writeGroup(settings, groupFor(conversationId), config);
    }
    if (!config.isNone())
        writeGroup(settings, kLastGroup, config);
}

BackendConfig loadBackendConfig(QSettings &settings, const QString &conversationId)
{
    if (conversationId.isEmpty() || conversationId == QLatin1String("last"))
        return {};
    return readGroup(settings, groupFor(conversationId));
}

BackendConfig loadLastBackendConfig(QSettings &settings)
{
    return readGroup(settings, kLastGroup);
}

QString backendSettingsPath(const QString &dataDir)
{
    return QDir(dataDir).filePath(QStringLiteral("backends.ini"));
}

} // namespace Tessera
