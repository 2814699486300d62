#pragma once

// Which backend a conversation talks to (issue 5): built from the command line, remembered per
// conversation in QSettings, turned into a Backend by createBackend().
//
// Command line (the flags override what settings remember):
//   --backend-cmd "PROGRAM ARGS"                         stdio
//   --backend ws://HOST:PORT/PATH | wss://…              WebSocket
//   --openai URL --model NAME [--api-key-env VAR]        OpenAI-compatible /v1/chat/completions
//   --backend-name NAME                                  a named backend (backendprofiles.h, issue 12)
// At most one of --backend-cmd, --backend, --openai, --backend-name. The API key itself is never stored
// here: only the NAME of the environment variable that holds it, or that the key is in the keyring
// under the profile's name (secretstore.h).
//
// Settings keys: "backends/<conversationId>/{type,command,url,model,apiKeyEnv,profile,workingDirectory,
// apiKeyInKeyring}", and the same under
// "backends/last" for the backend used most recently (what a new conversation starts with); a
// conversation id "last" is therefore not remembered on its own.

#include <QString>
#include <QUrl>

class QObject;
class QSettings;

namespace Tessera {

class Backend;

struct BackendConfig
{
    enum class Type { None, Stdio, WebSocket, OpenAi };

    Type type = Type::None;
    QString command;   // Stdio: the command line
    QUrl url;          // WebSocket: ws:// or wss://; OpenAi: the base URL (…/v1 or the server root)
    QString model;     // OpenAi
    QString apiKeyEnv; // OpenAi: name of the environment variable holding the key; empty = no key
    QString profileName;      // the named backend this came from (backendprofiles.h); empty = flags
    QString workingDirectory; // Stdio: where the program starts; empty = Tessera's own
    bool apiKeyInKeyring = false; // OpenAi: the key is in the keyring under profileName (secretstore.h)
    // OpenAi: the key read from the keyring, filled in by whoever read it, just before createBackend().
    // Memory only: never written by saveBackendConfig(), never logged.
    QString apiKey;

    bool isNone() const { return type == Type::None; }
    friend bool operator==(const BackendConfig &, const BackendConfig &) = default;
};

// The values of the backend flags as given (empty = flag absent).
struct BackendArguments
{
    QString backendCmd; // --backend-cmd
    QString backend;    // --backend
    QString openAi;     // --openai
    QString model;      // --model
    QString apiKeyEnv;  // --api-key-env
    QString backendName = {}; // --backend-name (backendprofiles.h); "= {}": older brace-initialisations stay warning-free
};

// True when any backend flag was given.
bool hasBackendArguments(const BackendArguments &arguments);

// The config the flags ask for (Type::None when none was given). False with a sentence in *error for a
// conflict or a bad value ("--backend needs a ws:// or wss:// address, not http://x."). --backend-name
// gives Type::None with only profileName set: the caller looks the name up (backendprofiles.h).
bool backendConfigFromArguments(const BackendArguments &arguments, BackendConfig *config, QString *error);

// A new backend for config, parented to parent, not started. Null with a sentence in *error when it
// cannot be made (Type::None, the API key variable named but not set, the keyring's key not read).
// The key: config.apiKey when set, else the variable named by apiKeyEnv, else none.
Backend *createBackend(const BackendConfig &config, QObject *parent, QString *error);

// "stdio", "websocket", "openai", "" (None), and back (unknown -> None).
QString backendTypeName(BackendConfig::Type type);
BackendConfig::Type backendTypeFromName(const QString &name);

// Where a data dir keeps its conversations' backends: <dataDir>/backends.ini (INI). Conversation ids
// belong to a data dir, so their backends live beside them, and a scratch --data-dir never touches the
// user's own settings. The API key itself is never written, only the name of its variable.
QString backendSettingsPath(const QString &dataDir);

// Remembers config for the conversation (empty id: only as the last one) and as "backends/last".
// Type::None removes the conversation's entry.
void saveBackendConfig(QSettings &settings, const QString &conversationId, const BackendConfig &config);
// The conversation's remembered backend; Type::None when there is none.
BackendConfig loadBackendConfig(QSettings &settings, const QString &conversationId);
// The backend used most recently; Type::None when there is none.
BackendConfig loadLastBackendConfig(QSettings &settings);

} // namespace Tessera
