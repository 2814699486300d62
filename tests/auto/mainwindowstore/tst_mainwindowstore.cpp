// The window over the store: import, open lazily, keep what the user sends, one instance per data dir,
// and a visible "not being saved" state when the store cannot be used.

#include <QFile>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

#include <atomic>
#include <thread>
#include <QTest>

#include <app/conversationlist.h>
#include <app/mainwindow.h>
#include <cards/conversationmodel.h>
#include <store/conversationstore.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

class tst_MainWindowStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void importOpensAndLists();
    void sentMessagesAreStored();
    void longConversationOpensLazily();
    void secondInstanceIsRefusedAndRaisesFirst();
    void unusableStoreShowsBanner();
    void cutOffTurnIsMarked();
    void newConversationIsStored();
    void restoredConversationIsDrawnOnShow();
    void sendingInAFileConversationKeepsIt();

private:
    QString writeLongTranscript(int messages);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_MainWindowStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString tst_MainWindowStore::writeLongTranscript(int messages)
{
    const QString path = m_dir->filePath(QStringLiteral("long.jsonl"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    for (int i = 1; i <= messages; ++i) {
        file.write(i % 2 ? QByteArray(R"({"role":"user","content":"question )") + QByteArray::number(i) + "\"}\n"
                         : QByteArray(R"({"role":"assistant","content":"answer )") + QByteArray::number(i) + "\"}\n");
    }
    return path;
}

void tst_MainWindowStore::importOpensAndLists()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    QCOMPARE(window.conversationList()->count(), 0);
    QVERIFY(window.importFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl")));
    QCOMPARE(window.conversationList()->count(), 1);
    QCOMPARE(window.conversationList()->idAt(0), window.currentConversationId());
    QCOMPARE(window.model()->transcript().messages.size(), 43);
    QCOMPARE(window.model()->transcript().cardCount(), 17);
    QVERIFY(window.savingProblem().isEmpty());
}

void tst_MainWindowStore::sentMessagesAreStored()
{
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    QString id;
    {
        MainWindow window;
        QVERIFY(window.openStore(dataDir).ok());
        QVERIFY(window.importFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl")));
        id = window.currentConversationId();
        window.composer()->setText(QStringLiteral("Keep this, please"));
        Q_EMIT window.composer()->sendRequested(window.composer()->text());
        QCOMPARE(window.model()->transcript().messages.size(), 44);
        QCOMPARE(window.composer()->text(), QString());
    }
    ConversationStore store;
    QVERIFY(store.open(dataDir).ok());
    const QList<QByteArray> lines = store.rawLines(id);
    QCOMPARE(lines.size(), 44);
    QVERIFY(lines.last().contains("Keep this, please"));
    QVERIFY(lines.last().contains("\"role\":\"user\""));
}

void tst_MainWindowStore::longConversationOpensLazily()
{
    const QString path = writeLongTranscript(2000);
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.resize(1000, 700);
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    QVERIFY(window.importFile(path));
    // The newest page only, the rest on demand.
    QCOMPARE(window.model()->transcript().messages.size(), ConversationModel::kFetchPageSize);
    QCOMPARE(window.model()->transcript().messages.last().content, QStringLiteral("answer 2000"));
    QVERIFY(window.model()->canFetchMore());
    window.model()->fetchMore();
    QCOMPARE(window.model()->transcript().messages.size(), 2 * ConversationModel::kFetchPageSize);
    QCOMPARE(window.model()->transcript().messages.first().content, QStringLiteral("question 1601"));
    while (window.model()->canFetchMore())
        window.model()->fetchMore();
    QCOMPARE(window.model()->transcript().messages.size(), 2000);
    QCOMPARE(window.model()->transcript().messages.first().content, QStringLiteral("question 1"));
}

void tst_MainWindowStore::secondInstanceIsRefusedAndRaisesFirst()
{
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    MainWindow first;
    QVERIFY(first.openStore(dataDir).ok());
    first.listenForOtherInstances();
    MainWindow second;
    const StoreStatus status = second.openStore(dataDir);
    QCOMPARE(status.code, StoreError::Locked);
    QVERIFY(second.savingProblem().contains(status.message));
    // The second process would ask the first to raise its window and exit.
    // (from another thread: the blocking client must not stall this thread's event loop, which serves it)
    std::atomic<int> raised{-1};
    std::thread client([&] { raised = MainWindow::raiseOtherInstance(dataDir) ? 1 : 0; });
    QTRY_VERIFY(raised != -1);
    client.join();
    QCOMPARE(int(raised), 1);
}

void tst_MainWindowStore::unusableStoreShowsBanner()
{
    // A data dir that is a file: the store cannot open; the window keeps working from memory.
    const QString notADir = m_dir->filePath(QStringLiteral("plain-file"));
    QFile file(notADir);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a directory");
    file.close();
    MainWindow window;
    QVERIFY(!window.openStore(notADir).ok());
    QVERIFY(window.savingProblem().startsWith(QLatin1String("Conversations are not being saved")));
    window.openDemo();
    const int before = int(window.model()->transcript().messages.size());
    Q_EMIT window.composer()->sendRequested(QStringLiteral("still works"));
    QCOMPARE(int(window.model()->transcript().messages.size()), before + 1);
}

void tst_MainWindowStore::cutOffTurnIsMarked()
{
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    QString id;
    {
        // A turn that starts streaming and never completes, as when Tessera is killed mid-turn.
        ConversationStore store;
        QVERIFY(store.open(dataDir).ok());
        QVERIFY(store.createConversation(QStringLiteral("Cut"), QString(), &id).ok());
        QVERIFY(store.appendMessage(id, R"({"role":"user","content":"go"})").ok());
        QVERIFY(store.beginTurn(id, QStringLiteral("t1")).ok());
        QVERIFY(store.appendMessage(id, R"({"role":"assistant","content":"part one","turn_id":"t1"})").ok());
        QVERIFY(store.appendMessage(id, R"({"role":"assistant","content":"part two","turn_id":"t1"})").ok());
    }
    MainWindow window;
    QVERIFY(window.openStore(dataDir).ok());
    QCOMPARE(window.store()->turnsMarkedIncompleteOnOpen(), 1);
    QVERIFY(window.openStored(id));
    ConversationModel *model = window.model();
    QList<BlockType> types;
    for (int row = 0; row < model->rowCount(); ++row)
        types.append(model->blockType(row));
    const QList<BlockType> expected{BlockType::UserText, BlockType::AssistantProse, BlockType::AssistantProse,
                                    BlockType::CutOff};
    QCOMPARE(types, expected);
    QVERIFY(model->blockText(3).contains(QLatin1String("cut off")));
}

void tst_MainWindowStore::newConversationIsStored()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    window.openDemo();
    window.newConversation();
    QCOMPARE(window.model()->rowCount(), 0);
    QCOMPARE(window.conversationList()->count(), 1);
    const QString id = window.currentConversationId();
    QVERIFY(!id.isEmpty());
    Q_EMIT window.composer()->sendRequested(QStringLiteral("first words"));
    QCOMPARE(window.store()->rawLines(id).size(), 1);
    QCOMPARE(window.model()->rowCount(), 1);
}

void tst_MainWindowStore::restoredConversationIsDrawnOnShow()
{
    // As at start-up: the conversation is opened before the window is ever shown.
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    QString id;
    {
        ConversationStore store;
        QVERIFY(store.open(dataDir).ok());
        QVERIFY(store.importFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &id).ok());
    }
    MainWindow window;
    window.resize(1100, 820);
    QVERIFY(window.openStore(dataDir).ok());
    QVERIFY(window.openStored(id));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    ConversationView *view = window.conversationView();
    // The viewport is filled: the live widgets cover it from top to bottom.
    int covered = 0;
    for (int row : view->liveRows()) {
        QWidget *w = view->widgetForRow(row);
        if (w->geometry().intersects(view->viewport()->rect()))
            covered += w->geometry().intersected(view->viewport()->rect()).height();
    }
    QVERIFY2(covered > view->viewport()->height() / 2, qPrintable(QString::number(covered)));
    QCOMPARE(view->verticalScrollBar()->value(), view->verticalScrollBar()->maximum());
}

void tst_MainWindowStore::sendingInAFileConversationKeepsIt()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    QVERIFY(window.openFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl")));
    QVERIFY(window.currentConversationId().isEmpty());
    Q_EMIT window.composer()->sendRequested(QStringLiteral("do not lose me"));
    // The file's conversation is imported on the first message, so nothing typed is lost on quit.
    const QString id = window.currentConversationId();
    QVERIFY(!id.isEmpty());
    const QList<QByteArray> lines = window.store()->rawLines(id);
    QCOMPARE(lines.size(), 44);
    QVERIFY(lines.last().contains("do not lose me"));
    QCOMPARE(window.conversationList()->count(), 1);
    // The window is named after the stored conversation now, as the list names it.
    QCOMPARE(window.windowTitle(), window.store()->conversation(id).title + QStringLiteral(" — Tessera"));
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("Morning.")));
}

QTEST_MAIN(tst_MainWindowStore)
#include "tst_mainwindowstore.moc"
