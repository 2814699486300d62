// The window over the store: import, open lazily, keep what the user sends, one instance per data dir,
// and a visible "not being saved" state when the store cannot be used.

#include <QFile>
#include <QLabel>
#include <QScrollBar>
#include <QStatusBar>
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
    void newConversationIsStoredOnFirstMessage();
    void firstMessageTitlesUnlessRenamed();
    void sendingIntoTheDemoSaysItIsKept();
    void mostRecentStoredOpensAtStart();
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

void tst_MainWindowStore::newConversationIsStoredOnFirstMessage()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    window.openDemo();
    // Ctrl+N three times leaves nothing in the store or the list.
    window.newConversation();
    window.newConversation();
    window.newConversation();
    QCOMPARE(window.model()->rowCount(), 0);
    QCOMPARE(window.conversationList()->count(), 0);
    QCOMPARE(window.store()->listConversations().size(), 0);
    QVERIFY(window.currentConversationId().isEmpty());
    QCOMPARE(window.windowTitle(), QStringLiteral("New conversation — Tessera"));

    // The first message stores it, titled by that message.
    Q_EMIT window.composer()->sendRequested(QStringLiteral("  What moved   the market today?  "));
    const QString id = window.currentConversationId();
    QVERIFY(!id.isEmpty());
    QCOMPARE(window.store()->rawLines(id).size(), 1);
    QCOMPARE(window.model()->rowCount(), 1);
    QCOMPARE(window.conversationList()->count(), 1);
    QCOMPARE(window.conversationList()->idAt(0), id);
    const ConversationSummary summary = window.store()->conversation(id);
    QCOMPARE(summary.title, QStringLiteral("What moved the market today?"));
    QVERIFY(!summary.titleByUser);
    QCOMPARE(window.windowTitle(), QStringLiteral("What moved the market today? — Tessera"));
    // A second message does not retitle it.
    Q_EMIT window.composer()->sendRequested(QStringLiteral("And yesterday?"));
    QCOMPARE(window.store()->rawLines(id).size(), 2);
    QCOMPARE(window.store()->conversation(id).title, QStringLiteral("What moved the market today?"));
}

void tst_MainWindowStore::firstMessageTitlesUnlessRenamed()
{
    // Conversations stored before issue 18 ("New conversation", empty) and files without a question are
    // titled by their first question; one the person renamed keeps their title.
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    QString untitled, renamed, noQuestion;
    const QString answersOnly = m_dir->filePath(QStringLiteral("answers.jsonl"));
    {
        QFile file(answersOnly);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"role":"assistant","content":"Good morning."})" "\n");
    }
    {
        ConversationStore store;
        QVERIFY(store.open(dataDir).ok());
        QVERIFY(store.createConversation(QStringLiteral("New conversation"), QString(), &untitled).ok());
        QVERIFY(store.createConversation(QStringLiteral("New conversation"), QString(), &renamed).ok());
        QVERIFY(store.renameConversation(renamed, QStringLiteral("My watchlist")).ok());
        QVERIFY(store.importFile(answersOnly, &noQuestion).ok());
        QCOMPARE(store.conversation(noQuestion).title, QStringLiteral("answers")); // the file name
    }
    MainWindow window;
    QVERIFY(window.openStore(dataDir).ok());
    const QString longQuestion = QStringLiteral("Which of my holdings ") + QString(100, QLatin1Char('x'));
    const struct { QString id; QString text; QString title; } cases[] = {
        {untitled, QStringLiteral("Where did the money go?"), QStringLiteral("Where did the money go?")},
        {renamed, QStringLiteral("Add TITAN"), QStringLiteral("My watchlist")},
        {noQuestion, longQuestion, longQuestion.left(79) + QChar(0x2026)},
    };
    for (const auto &c : cases) {
        QVERIFY(window.openStored(c.id));
        Q_EMIT window.composer()->sendRequested(c.text);
        QCOMPARE(window.currentConversationId(), c.id);
        QCOMPARE(window.store()->conversation(c.id).title, c.title);
        QCOMPARE(window.windowTitle(), c.title + QStringLiteral(" — Tessera"));
    }
}

void tst_MainWindowStore::sendingIntoTheDemoSaysItIsKept()
{
    // The decision of issue 18 (docs/decisions.md): the demo becomes the person's conversation, and
    // the window says so.
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    window.openDemo();
    QVERIFY(window.currentConversationId().isEmpty());
    Q_EMIT window.composer()->sendRequested(QStringLiteral("What about banks?"));
    const QString id = window.currentConversationId();
    QVERIFY(!id.isEmpty());
    QCOMPARE(window.store()->rawLines(id).size(), 44);
    QCOMPARE(window.conversationList()->count(), 1);
    QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("The demo is now saved as a conversation of yours. ")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("Morning.")));
    // Only the first message into the demo says it.
    Q_EMIT window.composer()->sendRequested(QStringLiteral("And insurers?"));
    QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("demo")));
    // Opening the demo again shows it as bundled: the saved copy is a conversation of its own.
    window.openDemo();
    QCOMPARE(window.model()->transcript().messages.size(), 43);
    QVERIFY(window.currentConversationId().isEmpty());
}

void tst_MainWindowStore::mostRecentStoredOpensAtStart()
{
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    {
        MainWindow window;
        QVERIFY(window.openStore(dataDir).ok());
        QVERIFY(!window.openMostRecentStored()); // nothing stored: the caller opens the demo
    }
    QString older, newer;
    {
        ConversationStore store;
        QVERIFY(store.open(dataDir).ok());
        QVERIFY(store.createConversation(QStringLiteral("older"), QString(), &older).ok());
        QVERIFY(store.appendMessage(older, R"({"role":"user","content":"older"})").ok());
        QVERIFY(store.createConversation(QStringLiteral("newer"), QString(), &newer).ok());
        QVERIFY(store.appendMessage(newer, R"({"role":"user","content":"newer"})").ok());
    }
    MainWindow window;
    QVERIFY(window.openStore(dataDir).ok());
    QVERIFY(window.openMostRecentStored());
    QCOMPARE(window.currentConversationId(), newer);
    QCOMPARE(window.windowTitle(), QStringLiteral("newer — Tessera"));
    QCOMPARE(window.model()->transcript().messages.size(), 1);
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
