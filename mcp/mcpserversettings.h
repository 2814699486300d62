#pragma once

// The MCP servers a person set up in Settings → Tools (issue 16), kept in Tessera's settings (QSettings
// of organization and application "Tessera", the file the window and headless commands share) — except
// secrets. PRODUCT.md §6: secrets live in the desktop's keyring, never in a file Tessera writes.
//
// Settings, one group per server (names are McpConfig's: letters, digits, '_' and '-'):
//   mcp/servers/NAME/transport    "stdio" | "http"
//   mcp/servers/NAME/command      stdio: the program;  .../args: the arguments (a string list)
//   mcp/servers/NAME/url          http
//   mcp/servers/NAME/enabled      bool
//   mcp/servers/NAME/envNames     the names of `env` variables (their values are in the keyring)
//   mcp/servers/NAME/headerNames  the names of HTTP `headers` (their values are in the keyring)
//   mcp/servers/NAME/secrets      "keyring:mcp:NAME" when the keyring holds values, else absent
// Keyring: one entry per server, key "mcp:NAME" (service "tessera", backend/secretstore.h), holding
// {"env": {NAME: value}, "headers": {NAME: value}} as JSON. Every value of `env` and `headers` counts as a
// secret: a configuration does not say which are keys, and "API_KEY" and "Authorization" usually are.
//
// Synchronous: the keyring is reached with SecretStore's *Now calls (a local event loop, 10 s at most), so
// a Settings page and `tessera mcp list` read the same way. A server with secrets is not saved when the
// keyring cannot take them (the error says so); the settings never name a secret the keyring lacks.

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <mcp/mcpconfig.h>

namespace Tessera {

class SecretStore;

class McpServerSettings
{
    Q_DECLARE_TR_FUNCTIONS(Tessera::McpServerSettings) // its errors are shown in Settings → Tools

public:
    // `secrets` is not owned; null: one of the store's own (the keyring of the session).
    explicit McpServerSettings(SecretStore *secrets = nullptr);
    ~McpServerSettings();
    McpServerSettings(const McpServerSettings &) = delete;
    McpServerSettings &operator=(const McpServerSettings &) = delete;

    // The stored servers, sorted by name, without secret values: `env` and `headers` hold the stored
    // names with empty values. A group that does not read as a server is skipped with a line in *problems.
    QList<McpServerConfig> servers(QStringList *problems = nullptr) const;
    bool contains(const QString &name) const;
    // Fills `env` and `headers` of a server read by servers() from the keyring; true at once when it has
    // none. False with *error ("the keyring …") otherwise.
    bool readSecrets(McpServerConfig *server, QString *error);
    // Adds or replaces one server: its secrets first into the keyring, then the rest into the settings.
    bool save(const McpServerConfig &server, QString *error);
    // Removes the server from the settings and its secrets from the keyring (none stored is fine).
    bool remove(const QString &name, QString *error);
    bool setEnabled(const QString &name, bool enabled);

    // What the application runs: the stored servers with their secrets, then the servers of
    // `--mcp-config FILE`, which replace a stored server of the same name (the command line wins, as
    // for every other option). A stored server whose secrets do not read is kept, without them, with a
    // line in *problems (it will fail to start and say why, rather than vanish).
    QList<McpServerConfig> effectiveServers(const McpConfig &fromCommandLine, QStringList *problems = nullptr);

private:
    SecretStore *m_secrets = nullptr; // Not owned when given.
    SecretStore *m_ownSecrets = nullptr; // Owned.
};

} // namespace Tessera
