// The Connect dialog and the window that uses it (issue 12, "Backends, set up in the window"): driven
// through its widgets against a loopback endpoint that demands "Authorization: Bearer <key>", with the
// key in a real keyring (a private D-Bus session with gnome-keyring-daemon, started by this test).

#include <QApplication>
#include <QComboBox>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

#include <app/connectdialog.h>
#include <app/mainwindow.h>
#include <backend/backendprofiles.h>
#include <backend/connectiontest.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <widgets/conversation/composer.h>

#include <tests/support/fakeendpoint.h>
#include <tests/support/privatekeyring.h>

using namespace Tessera;

namespace {

const QByteArray kKey = "sk-connect-dialog-7f3a9c";

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

bool busy(QObject *dialog)
{
    return child<QProgressBar>(dialog, "connectBusy")->isVisible();
}

int alertCards(ConversationModel *model)
{
    int count = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row);
        if (index.data(ConversationModel::BlockTypeRole).toInt() == int(BlockType::Card)
            && index.data(ConversationModel::CardKindRole).toString() == QLatin1String("alert"))
            ++count;
    }
    return count;
}

// Clicks Connect in the modal dialog a menu action opens, once it is up.
void clickConnectWhenShown()
{
    auto *poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, poll, [poll] {
        auto *dialog = qobject_cast<ConnectDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        poll->deleteLater();
        QTest::mouseClick(child<QPushButton>(dialog, "connectButton"), Qt::LeftButton);
    });
    poll->start(50);
}

} // namespace

class tst_ConnectDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void firstRunOffersToConnect();
    void wrongKeyThenRightKey();
    void windowUsesTheBackend();
    void restartKeepsTheBackend();
    void newConversationStartsWithTheLastOne();
    void keyIsInNoFile();

private:
    PrivateKeyring m_keyring;
    std::unique_ptr<FakeEndpoint> m_endpoint;
    QString m_dataDir;
    QString m_conversationId;
};

void tst_ConnectDialog::initTestCase()
{
    QString why;
    if (!m_keyring.start(&why))
        QSKIP(qPrintable(QStringLiteral("no private keyring: ") + why));
    // This process is the keyring's client: its D-Bus session, and HOME and the XDG dirs beside it, so
    // the settings, the store and the keyring are all under the keyring's root (greped at the end).
    const QProcessEnvironment env = m_keyring.environment();
    for (const char *name : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR",
                             "DBUS_SESSION_BUS_ADDRESS"})
        qputenv(name, env.value(QString::fromLatin1(name)).toUtf8());
    for (const char *name : {"XDG_CURRENT_DESKTOP", "KDE_FULL_SESSION", "DESKTOP_SESSION"})
        qunsetenv(name);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    m_endpoint = std::make_unique<FakeEndpoint>(kKey);
    m_dataDir = m_keyring.path("data") + QStringLiteral("/conversations");
}

void tst_ConnectDialog::firstRunOffersToConnect()
{
    QVERIFY(BackendProfiles().profiles().isEmpty());
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    window.newConversation();
    window.show();
    QVERIFY(window.firstRunLine()->isVisible());
    QVERIFY(child<QLabel>(&window, "firstRunText")->text().contains(QLatin1String("No agent is connected.")));
    QVERIFY(child<QPushButton>(&window, "firstRunConnect")->isVisible());
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: none"));
}

void tst_ConnectDialog::wrongKeyThenRightKey()
{
    ConnectDialog dialog(BackendProfiles::defaultSettingsPath());
    dialog.connectionTest()->setTimeoutMs(5000);
    dialog.show();
    // No profiles yet: the dialog starts a new one with the first preset.
    QCOMPARE(child<QLineEdit>(&dialog, "baseUrl")->text(), QStringLiteral("http://localhost:11434/v1"));
    typeInto(&dialog, "backendName", QStringLiteral("local"));
    typeInto(&dialog, "baseUrl", m_endpoint->baseUrl().toString());
    child<QComboBox>(&dialog, "modelCombo")->setEditText(QStringLiteral("small-model"));
    typeInto(&dialog, "apiKey", QStringLiteral("sk-wrong"));

    QTest::mouseClick(child<QPushButton>(&dialog, "testConnection"), Qt::LeftButton);
    QVERIFY(busy(&dialog));
    QTRY_VERIFY(!busy(&dialog));
    const QString said = child<QLabel>(&dialog, "connectStatus")->text();
    QVERIFY2(said.contains(QLatin1String("refused the API key (401)")), qPrintable(said));
    QVERIFY(child<QPushButton>(&dialog, "saveAnyway")->isVisible());
    // Connect tests first: with the wrong key nothing is saved and the dialog stays.
    QTest::mouseClick(child<QPushButton>(&dialog, "connectButton"), Qt::LeftButton);
    QTRY_VERIFY(!busy(&dialog));
    QVERIFY(dialog.isVisible());
    QVERIFY(BackendProfiles().profiles().isEmpty());

    typeInto(&dialog, "apiKey", QString::fromLatin1(kKey));
    QVERIFY(!child<QPushButton>(&dialog, "saveAnyway")->isVisible()); // an edit forgets the failed test
    QTest::mouseClick(child<QPushButton>(&dialog, "testConnection"), Qt::LeftButton);
    QTRY_VERIFY(!busy(&dialog));
    const QString works = child<QLabel>(&dialog, "connectStatus")->text();
    QVERIFY2(works.startsWith(QLatin1String("Works: ")), qPrintable(works));
    auto *models = child<QComboBox>(&dialog, "modelCombo");
    QCOMPARE(models->count(), 2);
    QCOMPARE(models->itemText(0), QStringLiteral("small-model"));
    QCOMPARE(models->itemText(1), QStringLiteral("big-model"));
    QCOMPARE(models->currentText(), QStringLiteral("small-model"));

    QTest::mouseClick(child<QPushButton>(&dialog, "connectButton"), Qt::LeftButton);
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    const BackendConfig saved = BackendProfiles().profile(QStringLiteral("local"));
    QCOMPARE(saved.type, BackendConfig::Type::OpenAi);
    QCOMPARE(saved.model, QStringLiteral("small-model"));
    QVERIFY(saved.apiKeyInKeyring);
    QVERIFY(saved.apiKey.isEmpty());
    QCOMPARE(BackendProfiles().lastUsed(), QStringLiteral("local"));
    QCOMPARE(m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("backend:local")), kKey);
    QCOMPARE(dialog.chosenConfig().profileName, QStringLiteral("local"));
}

void tst_ConnectDialog::windowUsesTheBackend()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    window.newConversation();
    window.show();
    QVERIFY(!window.firstRunLine()->isVisible()); // a backend is set up now
    QVERIFY(window.currentConversationId().isEmpty()); // stored with its first message (issue 18)

    // Backend → Connect…: the last used profile is selected; its key comes from the keyring.
    clickConnectWhenShown();
    QAction *connectAction = window.findChild<QAction *>(QStringLiteral("connectAction"));
    QVERIFY(connectAction);
    QCOMPARE(connectAction->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    connectAction->trigger();
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("local"));
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: local · small-model"));
    QTRY_VERIFY2(window.connectionText().startsWith(QStringLiteral("Connected to")), qPrintable(window.connectionText()));

    window.composer()->setText(QStringLiteral("Show me a card"));
    QTest::mouseClick(child<QPushButton>(&window, "composerSend"), Qt::LeftButton);
    QTRY_COMPARE(alertCards(window.model()), 1);
    QTRY_VERIFY(!window.session()->isBusy());
    bool authorized = false;
    for (const FakeEndpoint::Request &request : m_endpoint->requests())
        authorized = authorized || (request.path == "/v1/chat/completions" && request.body.value(QLatin1String("stream")).toBool()
                                    && request.authorization == "Bearer " + kKey);
    QVERIFY(authorized);
    QSettings remembered(backendSettingsPath(m_dataDir), QSettings::IniFormat);
    QCOMPARE(loadBackendConfig(remembered, window.currentConversationId()).profileName, QStringLiteral("local"));
    m_conversationId = window.currentConversationId();
}

void tst_ConnectDialog::restartKeepsTheBackend()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    QVERIFY(window.openStored(m_conversationId));
    window.show();
    // The remembered profile's key is read from the keyring before the backend is made.
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("local"));
    QTRY_VERIFY2(window.connectionText().startsWith(QStringLiteral("Connected to")), qPrintable(window.connectionText()));
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: local · small-model"));
    QTRY_VERIFY(alertCards(window.model()) == 1);
}

void tst_ConnectDialog::newConversationStartsWithTheLastOne()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    window.newConversation();
    QVERIFY(window.currentConversationId() != m_conversationId);
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("local"));
    QTRY_VERIFY2(window.connectionText().startsWith(QStringLiteral("Connected to")), qPrintable(window.connectionText()));
    QVERIFY(!window.firstRunLine()->isVisibleTo(&window));
}

void tst_ConnectDialog::keyIsInNoFile()
{
    int checked = 0;
    QDirIterator files(m_keyring.root(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        ++checked;
        QVERIFY2(!file.readAll().contains(kKey), qPrintable(file.fileName()));
    }
    QVERIFY(checked >= 3); // the settings file, the store, backends.ini at least
}

QTEST_MAIN(tst_ConnectDialog)
#include "tst_connectdialog.moc"
