#include <backend/secretstore.h>

#include <QEventLoop>
#include <QTimer>

#include <qt6keychain/keychain.h>

#include <backend/logging.h>

namespace Tessera {

namespace {

const QString kService = QStringLiteral("tessera");


QString noKeyring(const QString &why)
{
    return QStringLiteral("No keyring is available (%1): use an environment variable instead "
                          "(--api-key-env VAR).").arg(why);
}

// QtKeychain reports a missing or silent D-Bus service as OtherError with D-Bus's or GLib's words.
bool soundsLikeNoService(const QString &text)
{
    static const char *const hints[] = {"D-Bus", "DBus", "dbus", "org.freedesktop", "ServiceUnknown",
                                        "autolaunch", "Could not connect", "No such interface", "not provided"};
    return std::any_of(std::begin(hints), std::end(hints),
                       [&text](const char *hint) { return text.contains(QLatin1String(hint)); });
}

SecretResult resultOf(const QKeychain::Job *job, const QString &profileName, const QString &prefix)
{
    const QString detail = job->errorString().isEmpty() ? QStringLiteral("no detail") : job->errorString();
    switch (job->error()) {
    case QKeychain::NoError:
        return {};
    case QKeychain::EntryNotFound:
        return {SecretResult::Status::NotFound,
                prefix == QLatin1String("backend:")
                        ? QStringLiteral("No key is stored in the keyring for backend %1.").arg(profileName)
                        : QStringLiteral("Nothing is stored in the keyring under %1%2.").arg(prefix, profileName)};
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return {SecretResult::Status::Denied, QStringLiteral("The keyring refused access (%1).").arg(detail)};
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return {SecretResult::Status::NoKeyring, noKeyring(detail)};
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::OtherError:
        break;
    }
    if (detail.contains(QLatin1String("locked"), Qt::CaseInsensitive))
        return {SecretResult::Status::Denied,
                QStringLiteral("The keyring is locked (%1): unlock it and try again.").arg(detail)};
    if (soundsLikeNoService(detail))
        return {SecretResult::Status::NoKeyring, noKeyring(detail)};
    return {SecretResult::Status::Failed, QStringLiteral("The keyring failed: %1").arg(detail)};
}

} // namespace

SecretStore::SecretStore(QObject *parent)
    : QObject(parent)
{
}

// Runs job with a bound: done(result) is called exactly once, on the job's answer or at the timeout.
// A job that times out is left to delete itself if it ever finishes (autoDelete): deleting it while
// its D-Bus call is pending is not safe.
template<typename Job, typename Done>
void SecretStore::startJob(Job *job, const QString &profileName, Done done)
{
    job->setKey(m_prefix + profileName);
    job->setInsecureFallback(false); // never a plaintext file instead of the keyring
    job->setAutoDelete(true);
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    const QMetaObject::Connection answered =
            connect(job, &QKeychain::Job::finished, this, [timer, profileName, prefix = m_prefix, done](QKeychain::Job *finished) {
                timer->deleteLater();
                timer->stop();
                done(resultOf(finished, profileName, prefix));
            });
    connect(timer, &QTimer::timeout, this, [this, timer, answered, done] {
        disconnect(answered);
        timer->deleteLater();
        qCWarning(lcBackend, "the keyring did not answer within %d ms", m_timeoutMs);
        done(SecretResult{SecretResult::Status::NoKeyring,
                          noKeyring(QStringLiteral("the keyring did not answer within %1 s").arg(m_timeoutMs / 1000))});
    });
    timer->start(m_timeoutMs);
    job->start();
}

void SecretStore::readKey(const QString &profileName)
{
    auto *job = new QKeychain::ReadPasswordJob(kService);
    startJob(job, profileName, [this, job, profileName](const SecretResult &result) {
        emit keyRead(profileName, result.ok() ? job->textData() : QString(), result);
    });
}

void SecretStore::writeKey(const QString &profileName, const QString &key)
{
    auto *job = new QKeychain::WritePasswordJob(kService);
    job->setTextData(key);
    startJob(job, profileName, [this, profileName](const SecretResult &result) { emit keyWritten(profileName, result); });
}

void SecretStore::removeKey(const QString &profileName)
{
    auto *job = new QKeychain::DeletePasswordJob(kService);
    startJob(job, profileName, [this, profileName](const SecretResult &result) { emit keyRemoved(profileName, result); });
}

namespace {

// Starts an operation, then waits in a local event loop for its signal (bounded: the job's own
// timeout ends it, this one is a second guard).
template<typename Signal, typename Start, typename Take>
SecretResult waitFor(SecretStore *store, Signal signal, Start start, Take take)
{
    QEventLoop loop;
    bool done = false;
    SecretResult result{SecretResult::Status::NoKeyring, noKeyring(QStringLiteral("no answer"))};
    QObject::connect(store, signal, &loop, [&](auto &&...args) {
        result = take(args...);
        done = true;
        loop.quit();
    });
    QTimer::singleShot(store->timeoutMs() + 2000, &loop, &QEventLoop::quit);
    start();
    if (!done)
        loop.exec();
    return result;
}

} // namespace

SecretResult SecretStore::readKeyNow(const QString &profileName, QString *key)
{
    return waitFor(this, &SecretStore::keyRead, [&] { readKey(profileName); },
                   [key](const QString &, const QString &value, const SecretResult &result) {
                       if (key)
                           *key = value;
                       return result;
                   });
}

SecretResult SecretStore::writeKeyNow(const QString &profileName, const QString &key)
{
    return waitFor(this, &SecretStore::keyWritten, [&] { writeKey(profileName, key); },
                   [](const QString &, const SecretResult &result) { return result; });
}

SecretResult SecretStore::removeKeyNow(const QString &profileName)
{
    return waitFor(this, &SecretStore::keyRemoved, [&] { removeKey(profileName); },
                   [](const QString &, const SecretResult &result) { return result; });
}

} // namespace Tessera
