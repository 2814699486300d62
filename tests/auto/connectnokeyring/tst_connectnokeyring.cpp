// The Connect dialog when no keyring answers (issue 12, "Secrets"): this process's D-Bus session points at
// a socket that does not exist, so QtKeychain finds no Secret Service. The dialog tests the typed key
// against a loopback endpoint, cannot keep it, says so plainly, offers the environment-variable way, and
// saves the backend with the variable's name; the key itself is in no file under HOME, the data dir or
// the config dir.

#include <QComboBox>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <app/connectdialog.h>
#include <backend/backendprofiles.h>
#include <backend/connectiontest.h>
#include <backend/secretstore.h>

#include <tests/support/fakeendpoint.h>

using namespace Tessera;

namespace {

const QByteArray kKey = "sk-no-keyring-3b9d0e";

template<typename T>
T *child(QObject *parent, const char *name)
{
    T *found = parent->findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qWarning("no child %s", name);
    return found;
}

void typeInto(QObject *parent, const char *name, const QString &text)
{
    QLineEdit *edit = child<QLineEdit>(parent, name);
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
}

} // namespace

class tst_ConnectNoKeyring : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void saysSoAndOffersTheVariable();
    void keyIsInNoFile();

private:
    QTemporaryDir m_root;
    std::unique_ptr<FakeEndpoint> m_endpoint;
};

void tst_ConnectNoKeyring::initTestCase()
{
    QVERIFY(m_root.isValid());
    for (const char *dir : {"home", "config", "data", "cache", "run"})
        QVERIFY(QDir(m_root.path()).mkpath(QString::fromLatin1(dir)));
    const auto path = [this](const char *dir) { return QDir(m_root.path()).filePath(QString::fromLatin1(dir)).toUtf8(); };
    qputenv("HOME", path("home"));
    qputenv("XDG_CONFIG_HOME", path("config"));
    qputenv("XDG_DATA_HOME", path("data"));
    qputenv("XDG_CACHE_HOME", path("cache"));
    qputenv("XDG_RUNTIME_DIR", path("run"));
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + path("run") + "/no-bus"); // nothing listens there
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP", "KDE_FULL_SESSION", "DESKTOP_SESSION"})
        qunsetenv(name); // no desktop's KWallet either
    qputenv("NO_KEYRING_TEST_KEY", kKey);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QVERIFY2(BackendProfiles::defaultSettingsPath().startsWith(m_root.path()), // greped at the end
             qPrintable(BackendProfiles::defaultSettingsPath()));
    m_endpoint = std::make_unique<FakeEndpoint>(kKey);
}

void tst_ConnectNoKeyring::saysSoAndOffersTheVariable()
{
    ConnectDialog dialog(BackendProfiles::defaultSettingsPath());
    dialog.connectionTest()->setTimeoutMs(5000);
    dialog.secretStore()->setTimeoutMs(5000);
    dialog.show();
    typeInto(&dialog, "backendName", QStringLiteral("hosted"));
    typeInto(&dialog, "baseUrl", m_endpoint->baseUrl().toString());
    child<QComboBox>(&dialog, "modelCombo")->setEditText(QStringLiteral("small-model"));
    typeInto(&dialog, "apiKey", QString::fromLatin1(kKey));
    auto *note = child<QLabel>(&dialog, "keyringNote");
    QVERIFY(!note->isVisible());

    // Connect tests the typed key (it works), then cannot keep it.
    QTest::mouseClick(child<QPushButton>(&dialog, "connectButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(note->isVisible(), 15000);
    QVERIFY(!child<QProgressBar>(&dialog, "connectBusy")->isVisible());
    QVERIFY2(note->text().startsWith(QLatin1String("No keyring answered, so Tessera cannot keep the key")), qPrintable(note->text()));
    QVERIFY2(note->text().contains(QLatin1String("Put the key in an environment variable, write its name below")),
             qPrintable(note->text()));
    QVERIFY(!note->text().contains(QString::fromLatin1(kKey)));
    QCOMPARE(child<QLabel>(&dialog, "connectStatus")->text(), QStringLiteral("The backend was saved without its key."));
    QVERIFY(dialog.isVisible()); // not connected: the person chooses the variable first
    QVERIFY(child<QLineEdit>(&dialog, "apiKey")->text().isEmpty()); // the key is not held in the form
    QVERIFY(child<QLineEdit>(&dialog, "apiKeyEnv")->isVisible());
    // Saved, but claiming no key it does not have.
    BackendConfig saved = BackendProfiles().profile(QStringLiteral("hosted"));
    QCOMPARE(saved.type, BackendConfig::Type::OpenAi);
    QVERIFY(!saved.apiKeyInKeyring);
    QVERIFY(saved.apiKeyEnv.isEmpty());

    // The environment-variable way: the name is saved, the test reads the key from the variable.
    typeInto(&dialog, "apiKeyEnv", QStringLiteral("NO_KEYRING_TEST_KEY"));
    const qsizetype before = m_endpoint->requests().size();
    QTest::mouseClick(child<QPushButton>(&dialog, "connectButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 15000);
    QVERIFY(m_endpoint->requests().size() > before);
    QCOMPARE(m_endpoint->requests().last().authorization, "Bearer " + kKey);
    saved = BackendProfiles().profile(QStringLiteral("hosted"));
    QCOMPARE(saved.apiKeyEnv, QStringLiteral("NO_KEYRING_TEST_KEY"));
    QVERIFY(!saved.apiKeyInKeyring);
    QCOMPARE(dialog.chosenConfig().apiKeyEnv, QStringLiteral("NO_KEYRING_TEST_KEY"));
}

void tst_ConnectNoKeyring::keyIsInNoFile()
{
    int checked = 0;
    QDirIterator files(m_root.path(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        ++checked;
        QVERIFY2(!file.readAll().contains(kKey), qPrintable(file.fileName()));
    }
    QVERIFY(checked >= 1); // the settings file with the profile at least
    QVERIFY(QFile(BackendProfiles::defaultSettingsPath()).exists());
}

QTEST_MAIN(tst_ConnectNoKeyring)
#include "tst_connectnokeyring.moc"
