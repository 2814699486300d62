#pragma once

// API keys of named backends in the desktop's keyring (issue 12), through QtKeychain: the Secret
// Service (GNOME Keyring and others) or KWallet on KDE. Never a plaintext fallback: where no keyring
// answers, the result says so and the user is offered an environment variable (--api-key-env).
//
// Entries: service "tessera", key "backend:<profile name>". A key never leaves this class except in
// keyRead(): it is not logged, and error messages never contain it.
//
// Asynchronous: each call starts one job; its signal arrives later on the GUI thread, once, carrying
// the profile name. A job that gets no answer within timeoutMs() ends with NoKeyring ("… did not
// answer within 10 s …"): a Secret Service that was activated but waits for a prompt must not hang
// a dialog or `tessera backend add`.

#include <QObject>
#include <QString>

namespace Tessera {

struct SecretResult
{
    enum class Status {
        Ok,
        NotFound,  // read/remove: no key is stored under that name (not an error for remove)
        NoKeyring, // no keyring service answers (none installed, no D-Bus session, no reply in time)
        Denied,    // the keyring refused (locked, the user said no)
        Failed,    // anything else; message says what
    };

    Status status = Status::Ok;
    QString message; // a sentence for the user; empty when Ok

    bool ok() const { return status == Status::Ok; }
};

class SecretStore : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultTimeoutMs = 10000;

    explicit SecretStore(QObject *parent = nullptr);

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }
    // What entry keys start with: "backend:" (the default, API keys of profiles); "mcp:" for MCP server
    // secrets (mcp/mcpserversettings.h). The names passed below follow it.
    void setEntryPrefix(const QString &prefix) { m_prefix = prefix; }

    void readKey(const QString &profileName);
    void writeKey(const QString &profileName, const QString &key);
    void removeKey(const QString &profileName);

    // For headless commands only: runs a local event loop until the job ends (bounded by timeoutMs()).
    SecretResult readKeyNow(const QString &profileName, QString *key);
    SecretResult writeKeyNow(const QString &profileName, const QString &key);
    SecretResult removeKeyNow(const QString &profileName);

signals:
    void keyRead(const QString &profileName, const QString &key, const Tessera::SecretResult &result);
    void keyWritten(const QString &profileName, const Tessera::SecretResult &result);
    void keyRemoved(const QString &profileName, const Tessera::SecretResult &result);

private:
    template<typename Job, typename Done>
    void startJob(Job *job, const QString &profileName, Done done);

    int m_timeoutMs = kDefaultTimeoutMs;
    QString m_prefix = QStringLiteral("backend:");
};

} // namespace Tessera
