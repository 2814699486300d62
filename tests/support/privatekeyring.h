#pragma once

// A real keyring for one test run: a private D-Bus session bus (dbus-daemon --nofork, a config that
// activates nothing) and gnome-keyring-daemon's Secret Service on it, unlocked with a throwaway password, with HOME and the
// XDG dirs in a temporary directory. Both daemons are this object's children and are killed by its
// destructor; every wait is bounded. environment() is what a child `tessera` needs to reach it.
//
// The password is not empty on purpose: gnome-keyring keeps a keyring with an empty password
// unencrypted on disk, and the test greps the disk for the key.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QThread>

class PrivateKeyring
{
public:
    static constexpr int kWaitMs = 10000;

    ~PrivateKeyring() { stop(); }

    // False with *why when a daemon is missing or does not come up.
    bool start(QString *why)
    {
        if (!m_root.isValid())
            return fail(why, QStringLiteral("no temporary directory"));
        for (const char *dir : {"home", "config", "data", "cache", "run"})
            QDir(m_root.path()).mkpath(QString::fromLatin1(dir));
        QFile::setPermissions(path("run"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        for (const char *program : {"dbus-daemon", "gnome-keyring-daemon", "secret-tool"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(program)).isEmpty())
                return fail(why, QStringLiteral("%1 is not installed (scripts/deps.sh installs it)").arg(QLatin1String(program)));
        }
        return startBus(why) && startKeyring(why) && waitForService(why);
    }

    void stop()
    {
        for (QProcess *process : {&m_keyring, &m_bus}) {
            if (process->state() == QProcess::NotRunning)
                continue;
            process->terminate();
            if (!process->waitForFinished(3000)) {
                process->kill();
                process->waitForFinished(3000);
            }
        }
    }

    // What the Secret Service holds for QtKeychain's entry (attributes user=KEY, server=SERVICE); empty
    // when nothing is stored.
    QByteArray lookup(const QString &service, const QString &key) const
    {
        QProcess tool;
        tool.setProcessEnvironment(environment());
        tool.start(QStringLiteral("secret-tool"), {QStringLiteral("lookup"), QStringLiteral("user"), key,
                                                   QStringLiteral("server"), service});
        if (!tool.waitForFinished(kWaitMs)) {
            tool.kill();
            tool.waitForFinished(1000);
            return {};
        }
        return tool.exitCode() == 0 ? tool.readAllStandardOutput() : QByteArray();
    }

    QString path(const char *dir) const { return QDir(m_root.path()).filePath(QString::fromLatin1(dir)); }
    QString root() const { return m_root.path(); }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), path("home"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), path("config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), path("data"));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), path("cache"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), path("run"));
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), m_address);
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP", "KDE_FULL_SESSION", "DESKTOP_SESSION"})
            env.remove(QString::fromLatin1(name)); // the Secret Service on our bus, never a desktop's KWallet
        return env;
    }

private:
    static bool fail(QString *why, const QString &message)
    {
        *why = message;
        return false;
    }

    // The session bus of the system's config would start a second gnome-keyring-daemon (service
    // activation, locked, without a login collection) if a client asked before ours took the name:
    // this bus activates nothing.
    bool writeBusConfig(QString *why)
    {
        QFile config(path("bus.conf"));
        if (!config.open(QIODevice::WriteOnly))
            return fail(why, QStringLiteral("cannot write %1").arg(config.fileName()));
        config.write("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
                     " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                     "<busconfig><type>session</type><listen>unix:dir=" + path("run").toUtf8() + "</listen>"
                     "<auth>EXTERNAL</auth><policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
                     "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n");
        return true;
    }

    bool startBus(QString *why)
    {
        if (!writeBusConfig(why))
            return false;
        m_bus.setProcessEnvironment(environment());
        m_bus.start(QStringLiteral("dbus-daemon"), {QStringLiteral("--config-file=") + path("bus.conf"), QStringLiteral("--nofork"),
                                                   QStringLiteral("--nopidfile"), QStringLiteral("--print-address=1")});
        if (!m_bus.waitForStarted(kWaitMs))
            return fail(why, QStringLiteral("dbus-daemon did not start: %1").arg(m_bus.errorString()));
        QByteArray line;
        for (int waited = 0; !line.contains('\n') && waited < kWaitMs; waited += 100) {
            m_bus.waitForReadyRead(100);
            line += m_bus.readAllStandardOutput();
        }
        m_address = QString::fromUtf8(line.trimmed());
        if (m_address.isEmpty())
            return fail(why, QStringLiteral("dbus-daemon printed no address: %1")
                                     .arg(QString::fromUtf8(m_bus.readAllStandardError())));
        return true;
    }

    bool startKeyring(QString *why)
    {
        m_keyring.setProcessEnvironment(environment());
        m_keyring.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_keyring.start(QStringLiteral("gnome-keyring-daemon"), {QStringLiteral("--foreground"), QStringLiteral("--unlock"),
                                                                  QStringLiteral("--components=secrets")});
        if (!m_keyring.waitForStarted(kWaitMs))
            return fail(why, QStringLiteral("gnome-keyring-daemon did not start: %1").arg(m_keyring.errorString()));
        // --unlock reads the login password until EOF. Written out here: no event loop runs meanwhile.
        m_keyring.write("throwaway-login-password");
        m_keyring.waitForBytesWritten(kWaitMs);
        m_keyring.closeWriteChannel();
        // --unlock only opens the login keyring; --start asks that daemon (over its control socket in
        // XDG_RUNTIME_DIR) to put the Secret Service on the bus, then exits.
        for (int attempt = 0; attempt < 20; ++attempt) {
            QProcess start;
            start.setProcessEnvironment(environment());
            start.start(QStringLiteral("gnome-keyring-daemon"), {QStringLiteral("--start"), QStringLiteral("--components=secrets")});
            if (start.waitForFinished(kWaitMs) && start.exitStatus() == QProcess::NormalExit && start.exitCode() == 0)
                return true;
            start.kill();
            start.waitForFinished(1000);
            QThread::msleep(200);
        }
        return fail(why, QStringLiteral("gnome-keyring-daemon --start did not reach the unlocked daemon"));
    }

    // The service is up and its default collection takes an item: a probe stored with secret-tool.
    bool waitForService(QString *why)
    {
        QString last;
        for (int attempt = 0; attempt < 50; ++attempt) {
            if (m_keyring.state() == QProcess::NotRunning)
                return fail(why, QStringLiteral("gnome-keyring-daemon exited with code %1").arg(m_keyring.exitCode()));
            QProcess probe;
            probe.setProcessEnvironment(environment());
            probe.start(QStringLiteral("secret-tool"), {QStringLiteral("store"), QStringLiteral("--label=probe"),
                                                        QStringLiteral("probe"), QStringLiteral("tessera-test")});
            probe.write("probe");
            probe.closeWriteChannel();
            if (probe.waitForFinished(kWaitMs) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
                return true;
            probe.kill();
            probe.waitForFinished(1000);
            last = QString::fromUtf8(probe.readAllStandardError()).trimmed();
            QThread::msleep(200);
        }
        return fail(why, QStringLiteral("the Secret Service did not come up: %1").arg(last));
    }

    QTemporaryDir m_root;
    QProcess m_bus;
    QProcess m_keyring;
    QString m_address;
};
