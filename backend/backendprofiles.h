#pragma once

// Named backends (issue 12, "connect"): the list the Connect dialog and `tessera backend add|list|remove`
// edit, of the three kinds Tessera speaks (BackendConfig::Type): an OpenAI-compatible endpoint (base URL,
// model, key), a WebSocket agent (URL), a local program (command line, working directory).
//
// Stored in the application's settings file (QSettings "Tessera"/"Tessera": the config dir,
// ~/.config/Tessera/Tessera.conf on Linux), group "backendProfiles/<percent-encoded name>/…", plus
// the key "backendProfiles/lastUsed". Never the API key: a profile only records where its key is (the keyring
// under the profile's name, secretstore.h, or an environment variable's name).
//
// A profile name is 1..64 characters, trimmed, without control characters; names compare as written
// (case-sensitive). Every call reads or writes the file at once: two processes see each other's changes.

#include <QList>
#include <QString>
#include <QUrl>

#include <backend/backendconfig.h>

namespace Tessera {

// A base URL the user can start from: the common local servers and OpenAI's hosted API.
struct BackendPreset
{
    QString id;       // "ollama", "lmstudio", "llamacpp", "vllm", "openai"
    QString label;    // for a menu: "Ollama"
    QUrl baseUrl;     // http://localhost:11434/v1
    bool needsApiKey; // only the hosted API insists on one
};

// The presets, in menu order.
const QList<BackendPreset> &backendPresets();
// The preset with that id; an empty preset (no id) when there is none.
BackendPreset backendPreset(const QString &id);

class BackendProfiles
{
public:
    static constexpr int kMaxNameLength = 64;

    // The application's settings file (QSettings("Tessera", "Tessera")), which honours XDG_CONFIG_HOME
    // and QStandardPaths::setTestModeEnabled().
    static QString defaultSettingsPath();

    // settingsPath: a QSettings file in native (INI) format.
    explicit BackendProfiles(const QString &settingsPath = defaultSettingsPath());

    QString settingsPath() const { return m_settingsPath; }

    // Every profile, sorted by name; configs carry profileName. Entries that could not start
    // anything (half written, hand-edited) are left out with a warning.
    QList<BackendConfig> profiles() const;
    bool contains(const QString &name) const;
    // The profile named name; Type::None when there is none.
    BackendConfig profile(const QString &name) const;

    // Adds or replaces the profile config.profileName. False with a sentence in *error for a bad
    // name or a config that could not start anything. config.apiKey is never written.
    bool save(const BackendConfig &config, QString *error);
    // False with a sentence in *error when there is no such profile. The key in the keyring is the
    // caller's to delete (SecretStore::removeKey), since that is asynchronous.
    bool remove(const QString &name, QString *error);

    // The profile used most recently (what a new conversation starts with); empty when none.
    QString lastUsed() const;
    void setLastUsed(const QString &name);

    // Empty when name is usable, else why not ("A backend name has at most 64 characters.").
    static QString nameProblem(const QString &name);

private:
    QString m_settingsPath;
};

} // namespace Tessera
