#include <backend/backendprofiles.h>

#include <algorithm>

#include <QProcess>
#include <QSettings>

#include <backend/logging.h>

namespace Tessera {

namespace {

const QString kGroup = QStringLiteral("backendProfiles");
const QString kLastUsedKey = QStringLiteral("backendProfiles/lastUsed"); // a key: profiles are groups

// QSettings treats '/' and '\' in a key as group separators: a name is percent-encoded to stay one key.
QString groupFor(const QString &name)
{
    return kGroup + QLatin1Char('/') + QString::fromUtf8(QUrl::toPercentEncoding(name));
}

bool isUsable(const BackendConfig &config)
{
    switch (config.type) {
    case BackendConfig::Type::None:
        return false;
    case BackendConfig::Type::Stdio:
        return !QProcess::splitCommand(config.command).isEmpty();
    case BackendConfig::Type::WebSocket:
        return config.url.isValid() && !config.url.host().isEmpty();
    case BackendConfig::Type::OpenAi:
        return config.url.isValid() && !config.url.host().isEmpty() && !config.model.trimmed().isEmpty();
    }
    return false;
}

void writeProfile(QSettings &settings, const BackendConfig &config)
{
    settings.setValue(QStringLiteral("name"), config.profileName); // the group is encoded; this reads back as is
    settings.setValue(QStringLiteral("type"), backendTypeName(config.type));
    const auto setOrRemove = [&settings](const QString &key, const QString &value) {
        if (value.isEmpty())
            settings.remove(key);
        else
            settings.setValue(key, value);
    };
    setOrRemove(QStringLiteral("command"), config.command);
    setOrRemove(QStringLiteral("workingDirectory"), config.workingDirectory);
    setOrRemove(QStringLiteral("url"), config.url.toString());
    setOrRemove(QStringLiteral("model"), config.model);
    setOrRemove(QStringLiteral("apiKeyEnv"), config.apiKeyEnv);
    settings.setValue(QStringLiteral("apiKeyInKeyring"), config.apiKeyInKeyring);
    // config.apiKey is never written: the keyring holds it (secretstore.h).
}

BackendConfig readProfile(QSettings &settings)
{
    BackendConfig config;
    config.profileName = settings.value(QStringLiteral("name")).toString();
    config.type = backendTypeFromName(settings.value(QStringLiteral("type")).toString());
    config.command = settings.value(QStringLiteral("command")).toString();
    config.workingDirectory = settings.value(QStringLiteral("workingDirectory")).toString();
    const QString url = settings.value(QStringLiteral("url")).toString();
    if (!url.isEmpty())
        config.url = QUrl(url);
    config.model = settings.value(QStringLiteral("model")).toString();
    config.apiKeyEnv = settings.value(QStringLiteral("apiKeyEnv")).toString();
    config.apiKeyInKeyring = settings.value(QStringLiteral("apiKeyInKeyring"), false).toBool();
    return config;
}

} // namespace

const QList<BackendPreset> &backendPresets()
{
    static const QList<BackendPreset> presets = {
        {QStringLiteral("ollama"), QStringLiteral("Ollama"), QUrl(QStringLiteral("http://localhost:11434/v1")), false},
        {QStringLiteral("lmstudio"), QStringLiteral("LM Studio"), QUrl(QStringLiteral("http://localhost:1234/v1")), false},
        {QStringLiteral("llamacpp"), QStringLiteral("llama.cpp server"), QUrl(QStringLiteral("http://localhost:8080/v1")), false},
        {QStringLiteral("vllm"), QStringLiteral("vLLM"), QUrl(QStringLiteral("http://localhost:8000/v1")), false},
        {QStringLiteral("openai"), QStringLiteral("OpenAI"), QUrl(QStringLiteral("https://api.openai.com/v1")), true},
    };
    return presets;
}

BackendPreset backendPreset(const QString &id)
{
    const QList<BackendPreset> &presets = backendPresets();
    const auto it = std::find_if(presets.begin(), presets.end(), [&id](const BackendPreset &p) { return p.id == id; });
    return it == presets.end() ? BackendPreset{} : *it;
}

QString BackendProfiles::defaultSettingsPath()
{
    return QSettings(QStringLiteral("Tessera"), QStringLiteral("Tessera")).fileName();
}

BackendProfiles::BackendProfiles(const QString &settingsPath)
    : m_settingsPath(settingsPath)
{
}

QList<BackendConfig> BackendProfiles::profiles() const
{
    QSettings settings(m_settingsPath, QSettings::NativeFormat);
    settings.beginGroup(kGroup);
    const QStringList groups = settings.childGroups();
    QList<BackendConfig> result;
    for (const QString &group : groups) {
        settings.beginGroup(group);
        BackendConfig config = readProfile(settings);
        settings.endGroup();
        if (config.profileName.isEmpty() || !isUsable(config)) {
            qCWarning(lcBackend, "backend profile %s in %s cannot start anything; skipped", qPrintable(group),
                      qPrintable(m_settingsPath));
            continue;
        }
        result.append(config);
    }
    std::sort(result.begin(), result.end(),
              [](const BackendConfig &a, const BackendConfig &b) { return a.profileName < b.profileName; });
    return result;
}

bool BackendProfiles::contains(const QString &name) const
{
    return !profile(name).isNone();
}

BackendConfig BackendProfiles::profile(const QString &name) const
{
    if (!nameProblem(name).isEmpty())
        return {};
    QSettings settings(m_settingsPath, QSettings::NativeFormat);
    settings.beginGroup(groupFor(name));
    BackendConfig config = readProfile(settings);
    settings.endGroup();
    return config.profileName == name && isUsable(config) ? config : BackendConfig();
}

bool BackendProfiles::save(const BackendConfig &config, QString *error)
{
    if (const QString problem = nameProblem(config.profileName); !problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    if (!isUsable(config)) {
        if (error)
            *error = QStringLiteral("Backend %1 needs a command, a ws:// URL, or a base URL and a model.")
                             .arg(config.profileName);
        return false;
    }
    QSettings settings(m_settingsPath, QSettings::NativeFormat);
    settings.remove(groupFor(config.profileName));
    settings.beginGroup(groupFor(config.profileName));
    writeProfile(settings, config);
    settings.endGroup();
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        if (error)
            *error = QStringLiteral("Cannot write %1.").arg(m_settingsPath);
        return false;
    }
    return true;
}

bool BackendProfiles::remove(const QString &name, QString *error)
{
    if (!contains(name)) {
        if (error)
            *error = QStringLiteral("There is no backend named %1.").arg(name);
        return false;
    }
    QSettings settings(m_settingsPath, QSettings::NativeFormat);
    settings.remove(groupFor(name));
    if (settings.value(kLastUsedKey).toString() == name)
        settings.remove(kLastUsedKey);
    settings.sync();
    return true;
}

QString BackendProfiles::lastUsed() const
{
    const QString name = QSettings(m_settingsPath, QSettings::NativeFormat).value(kLastUsedKey).toString();
    return contains(name) ? name : QString();
}

void BackendProfiles::setLastUsed(const QString &name)
{
    QSettings settings(m_settingsPath, QSettings::NativeFormat);
    if (name.isEmpty())
        settings.remove(kLastUsedKey);
    else
        settings.setValue(kLastUsedKey, name);
}

QString BackendProfiles::nameProblem(const QString &name)
{
    if (name.trimmed().isEmpty())
        return QStringLiteral("A backend needs a name.");
    if (name != name.trimmed())
        return QStringLiteral("A backend name does not start or end with spaces.");
    if (name.size() > kMaxNameLength)
        return QStringLiteral("A backend name has at most %1 characters.").arg(kMaxNameLength);
    if (std::any_of(name.begin(), name.end(), [](QChar c) { return c.category() == QChar::Other_Control; }))
        return QStringLiteral("A backend name has no control characters.");
    return {};
}

} // namespace Tessera
