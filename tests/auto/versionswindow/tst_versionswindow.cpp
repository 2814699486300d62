// Turn versions in the window (issue 12): Regenerate and Edit and Resend in the Conversation menu (shown
// for OpenAI-compatible backends only), the composer's editing mode, the switcher, and a restart.

#include <QAction>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <nlohmann/json.hpp>

#include <app/mainwindow.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>

#include "../backendopenai/fakeopenaiserver.h"

using namespace Tessera;
using json = nlohmann::json;

namespace {

int switcherRow(const ConversationModel &model)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.blockType(row) == BlockType::VersionSwitcher)
            return row;
    }
    return -1;
}

QString lastProse(const ConversationModel &model)
{
    for (int row = model.rowCount() - 1; row >= 0; --row) {
        if (model.blockType(row) == BlockType::AssistantProse)
            return model.blockText(row);
    }
    return {};
}

} // namespace

class tst_VersionsWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void regenerateFromTheMenu();
    void editAndResendFromTheComposer();
    void hiddenForWireBackends();

private:
    QAction *action(const char *name) const { return m_window->findChild<QAction *>(QLatin1String(name)); }
    void waitForTurn();
    BackendConfig openAi() const;

    QTemporaryDir m_settings;
    QTemporaryDir *m_dir = nullptr;
    MainWindow *m_window = nullptr;
    FakeOpenAiServer *m_server = nullptr;
};

void tst_VersionsWindow::initTestCase()
{
    QVERIFY(m_settings.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path()); // never the user's
}

void tst_VersionsWindow::init()
{
    m_dir = new QTemporaryDir;
    m_server = new FakeOpenAiServer;
    m_window = new MainWindow;
    QVERIFY(m_window->openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    m_window->newConversation();
    m_window->show();
}

void tst_VersionsWindow::cleanup()
{
    delete m_window;
    m_window = nullptr;
    delete m_server;
    m_server = nullptr;
    delete m_dir;
    m_dir = nullptr;
}

BackendConfig tst_VersionsWindow::openAi() const
{
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = m_server->baseUrl();
    config.model = QStringLiteral("small");
    return config;
}

void tst_VersionsWindow::waitForTurn()
{
    QVERIFY(m_window->session());
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), 10000);
}

void tst_VersionsWindow::regenerateFromTheMenu()
{
    m_window->setBackendConfig(openAi(), true);
    QVERIFY(action("regenerateAction") && action("editResendAction"));
    QVERIFY(action("regenerateAction")->isVisible());
    QVERIFY(!action("regenerateAction")->isEnabled()); // nothing asked yet
    QCOMPARE(action("regenerateAction")->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+R")));

    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Four.")));
    m_window->composer()->setText(QStringLiteral("What is 2+2?"));
    m_window->composer()->findChild<QPushButton *>(QStringLiteral("composerSend"))->click();
    waitForTurn();
    QTRY_VERIFY(action("regenerateAction")->isEnabled());

    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("2+2 is 4.")));
    action("regenerateAction")->trigger();
    waitForTurn();
    ConversationModel *model = m_window->model();
    QCOMPARE(lastProse(*model), QStringLiteral("2+2 is 4."));
    const int row = switcherRow(*model);
    QVERIFY(row >= 0);
    m_window->conversationView()->scrollToRow(row);
    QTRY_VERIFY(m_window->conversationView()->widgetForRow(row));
    auto *switcher = qobject_cast<VersionSwitcherRow *>(m_window->conversationView()->widgetForRow(row));
    QVERIFY(switcher);
    QCOMPARE(switcher->accessibleName(), QStringLiteral("Version 2 of 2"));

    // The switcher's arrow records the choice through the session; the view redraws version 1.
    switcher->findChild<QToolButton *>(QStringLiteral("previousVersion"))->click();
    QCOMPARE(lastProse(*model), QStringLiteral("Four."));
    QCOMPARE(model->index(switcherRow(*model)).data(ConversationModel::VersionRole).toInt(), 1);

    // A restart shows the same version, with the same backend offering the actions.
    const QString id = m_window->currentConversationId();
    QVERIFY(!id.isEmpty());
    delete m_window;
    m_window = new MainWindow;
    QVERIFY(m_window->openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    m_window->setBackendConfig(openAi(), true);
    QVERIFY(m_window->openStored(id));
    QCOMPARE(lastProse(*m_window->model()), QStringLiteral("Four."));
    QCOMPARE(m_window->model()->index(switcherRow(*m_window->model())).data(ConversationModel::VersionRole).toInt(), 1);
    QVERIFY(action("regenerateAction")->isEnabled());
}

void tst_VersionsWindow::editAndResendFromTheComposer()
{
    m_window->setBackendConfig(openAi(), true);
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Paris.")));
    m_window->composer()->setText(QStringLiteral("Capital of Italy?"));
    m_window->composer()->findChild<QPushButton *>(QStringLiteral("composerSend"))->click();
    waitForTurn();

    Composer *composer = m_window->composer();
    composer->setText(QStringLiteral("a draft"));
    QTRY_VERIFY(action("editResendAction")->isEnabled());
    action("editResendAction")->trigger();
    QVERIFY(composer->isEditing());
    QCOMPARE(composer->text(), QStringLiteral("Capital of Italy?"));
    auto *hint = composer->findChild<QLabel *>(QStringLiteral("composerEditingHint"));
    QVERIFY(hint && hint->isVisibleTo(composer));
    QCOMPARE(hint->text(), QStringLiteral("Editing \u2014 Esc to cancel"));

    // Esc cancels: the draft comes back, nothing is sent.
    QTest::keyClick(composer->editor(), Qt::Key_Escape);
    QVERIFY(!composer->isEditing());
    QCOMPARE(composer->text(), QStringLiteral("a draft"));
    QCOMPARE(m_server->requests().size(), 1);

    // Enter resends the edited text as a new version.
    action("editResendAction")->trigger();
    composer->editor()->selectAll();
    QTest::keyClicks(composer->editor(), QStringLiteral("Capital of France?"));
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Paris, of course.")));
    QTest::keyClick(composer->editor(), Qt::Key_Return);
    waitForTurn();
    QCOMPARE(m_server->requests().size(), 2);
    QVERIFY(m_server->requests().at(1).body.contains("Capital of France?"));
    QVERIFY(!m_server->requests().at(1).body.contains("Italy"));
    QVERIFY(!composer->isEditing());
    QCOMPARE(composer->text(), QStringLiteral("a draft"));
    QCOMPARE(lastProse(*m_window->model()), QStringLiteral("Paris, of course."));
    QCOMPARE(m_window->model()->index(switcherRow(*m_window->model())).data(ConversationModel::VersionCountRole).toInt(), 2);
}

void tst_VersionsWindow::hiddenForWireBackends()
{
    BackendConfig ws;
    ws.type = BackendConfig::Type::WebSocket;
    ws.url = QUrl(QStringLiteral("ws://127.0.0.1:9/agent"));
    m_window->setBackendConfig(ws, true);
    QVERIFY(!action("regenerateAction")->isVisible());
    QVERIFY(!action("editResendAction")->isVisible());
    m_window->setBackendConfig(openAi(), true);
    QVERIFY(action("regenerateAction")->isVisible());
    BackendConfig stdio;
    stdio.type = BackendConfig::Type::Stdio;
    stdio.command = QStringLiteral("cat");
    m_window->setBackendConfig(stdio, true);
    QVERIFY(!action("regenerateAction")->isVisible());
    QVERIFY(!action("editResendAction")->isVisible());
}

QTEST_MAIN(tst_VersionsWindow)
#include "tst_versionswindow.moc"
