// The window over the store: import, open lazily, keep what the user sends, one instance per data dir,
// and a visible "not being saved" state when the store cannot be used: a full disk (the banner says what
// was saved, as the list does) and a read-only data dir (issue 13).

#include <sys/stat.h>
#include <unistd.h>

#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollBar>
#include <QStatusBar>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include <atomic>
#include <thread>
#include <QTest>

#include <app/conversationlist.h>
#include <app/plurals.h>
#include <app/mainwindow.h>
#include <cards/conversationmodel.h>
#include <cards/transcriptfile.h>
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
    void largeFileIsReadOffTheGuiThread();
    void largeFileReadLateIsDropped();
    void veryLargeFileIsReadByPages();
    void filesOpenAtTheirEnd();
    void specialFilesAreRefused();
    void fullDiskBannerSaysWhatIsSaved();
    void fullDiskBeforeTheFirstSaveSavesNothing();
    void readOnlyDataDirSaysSoAndRefusesSending();

private:
    QString writeLongTranscript(int messages);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_MainWindowStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    static const bool plurals = installEnglishPlurals(); // as main() does: "5 messages" in the list
    QVERIFY(plurals);
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

namespace {

// A conversation file over MainWindow::kReadInPlaceBytes: `pairs` questions and answers.
QString writeLargeConversation(const QString &path, int pairs)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    const QByteArray answer(300, 'a');
    for (int i = 0; i < pairs; ++i) {
        file.write(R"({"role":"user","content":"question )" + QByteArray::number(i) + "\"}\n");
        file.write(R"({"role":"assistant","content":"answer )" + QByteArray::number(i) + ' ' + answer + "\"}\n");
    }
    return file.size() > MainWindow::kReadInPlaceBytes ? path : QString();
}

} // namespace

void tst_MainWindowStore::largeFileIsReadOffTheGuiThread()
{
    // Issue 17: a large file is read and parsed on a thread; the window keeps answering meanwhile.
    const QString path = writeLargeConversation(m_dir->filePath(QStringLiteral("large.jsonl")), 6000);
    QVERIFY(!path.isEmpty());
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    window.show();
    QVERIFY(window.openFile(path));
    // Back from openFile with nothing parsed here: the conversation is not on screen yet.
    QVERIFY(window.isReading());
    QCOMPARE(window.model()->rowCount(), 0);
    QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Reading large.jsonl (")),
             qPrintable(window.statusBar()->currentMessage()));
    auto *bar = window.findChild<QProgressBar *>(QStringLiteral("readingBar"));
    QVERIFY(bar);
    QVERIFY(bar->isVisible());
    QCOMPARE(window.windowTitle(), QStringLiteral("large.jsonl — Tessera"));

    // Sending waits for the conversation: nothing is stored, the reason is said.
    Q_EMIT window.composer()->sendRequested(QStringLiteral("too early"));
    QVERIFY(window.currentConversationId().isEmpty());
    QCOMPARE(window.conversationList()->count(), 0);
    auto *problem = window.findChild<QMessageBox *>(QStringLiteral("sendProblem"));
    QVERIFY(problem);
    QVERIFY2(problem->text().contains(QLatin1String("still being read")), qPrintable(problem->text()));

    QTRY_VERIFY_WITH_TIMEOUT(!window.isReading(), 60000);
    QCOMPARE(window.model()->transcript().messages.size(), 12000);
    QCOMPARE(window.model()->transcript().messages.last().content, QStringLiteral("answer 5999 ") + QString(300, u'a'));
    QVERIFY(!bar->isVisible());
    QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Opened from a file")),
             qPrintable(window.statusBar()->currentMessage()));
    QCOMPARE(window.readsRunning(), 0);

    // Now a message joins the file's conversation, which is stored with it.
    Q_EMIT window.composer()->sendRequested(QStringLiteral("now"));
    const QString id = window.currentConversationId();
    QVERIFY(!id.isEmpty());
    QCOMPARE(window.store()->rawLines(id).size(), 12001);
}

void tst_MainWindowStore::largeFileReadLateIsDropped()
{
    const QString path = writeLargeConversation(m_dir->filePath(QStringLiteral("late.jsonl")), 6000);
    QVERIFY(!path.isEmpty());
    {
        MainWindow window;
        QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
        QVERIFY(window.openFile(path));
        QVERIFY(window.isReading());
        // Another conversation before the read is done: the read's result is not shown over it.
        window.openDemo();
        QVERIFY(!window.isReading());
        const qsizetype demo = window.model()->transcript().messages.size();
        QVERIFY(demo > 20);
        QTRY_COMPARE_WITH_TIMEOUT(window.readsRunning(), 0, 60000);
        QCoreApplication::processEvents();
        QCOMPARE(window.model()->transcript().messages.size(), demo);
        QCOMPARE(window.windowTitle(), QStringLiteral("Demo conversation — Tessera"));
    }
    {
        // Closed while a read runs: the window waits for it, nothing is shown or crashes.
        MainWindow window;
        QVERIFY(window.openFile(path));
        QVERIFY(window.isReading());
    }
}

void tst_MainWindowStore::veryLargeFileIsReadByPages()
{
    // Issue 17, scale: a file of TranscriptFile::kPagedBytes or more is shown from its newest page; older
    // pages come as the reader scrolls up, the counts after the first screen, and nothing is lost when a
    // message joins it.
    const QString path = writeLargeConversation(m_dir->filePath(QStringLiteral("huge.jsonl")), 190000);
    QVERIFY(!path.isEmpty());
    QVERIFY(QFileInfo(path).size() >= TranscriptFile::kPagedBytes);
    const int lines = 380000;
    {
        MainWindow window; // no store: the counts stay in the status bar
        window.show();
        QVERIFY(window.openFile(path));
        QVERIFY(window.isReading());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isReading(), 60000);
        const QList<Message> &shown = window.model()->transcript().messages;
        QCOMPARE(shown.size(), ConversationModel::kFetchPageSize);
        QCOMPARE(shown.first().lineNumber, lines - ConversationModel::kFetchPageSize + 1);
        QCOMPARE(shown.last().lineNumber, lines);
        QCOMPARE(shown.last().content, QStringLiteral("answer 189999 ") + QString(300, u'a'));
        QTRY_COMPARE_WITH_TIMEOUT(window.readsRunning(), 0, 60000);
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("380000 messages, 0 cards"));
        auto *bar = window.findChild<QProgressBar *>(QStringLiteral("readingBar"));
        QVERIFY(bar && !bar->isVisible());

        // Scrolling up reads the page before, on a thread: the question of the first answer shown, and
        // 199 more.
        QVERIFY(window.model()->canFetchMore());
        window.model()->fetchMore();
        QVERIFY(window.model()->isFetchingOlder());
        QCOMPARE(window.model()->transcript().messages.size(), ConversationModel::kFetchPageSize);
        QTRY_VERIFY_WITH_TIMEOUT(!window.model()->isFetchingOlder(), 10000);
        QCOMPARE(window.model()->transcript().messages.size(), 2 * ConversationModel::kFetchPageSize);
        QCOMPARE(window.model()->transcript().messages.first().lineNumber, lines - 2 * ConversationModel::kFetchPageSize + 1);
        QCOMPARE(window.model()->transcript().messages.first().content, QStringLiteral("question 189800"));

        // Another conversation while the counts run stops them; the window does not wait for all the lines.
        QVERIFY(window.openFile(path));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isReading(), 60000);
        window.openDemo();
        QTRY_COMPARE_WITH_TIMEOUT(window.readsRunning(), 0, 60000);
        QCOMPARE(window.windowTitle(), QStringLiteral("Demo conversation — Tessera"));
    }
    {
        // With a store: a message sent into it stores every line of the file with it, not the pages read.
        MainWindow window;
        QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
        QVERIFY(window.openFile(path));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isReading(), 60000);
        Q_EMIT window.composer()->sendRequested(QStringLiteral("now"));
        const QString id = window.currentConversationId();
        QVERIFY(!id.isEmpty());
        const QList<QByteArray> stored = window.store()->rawLines(id);
        QCOMPARE(stored.size(), lines + 1);
        QCOMPARE(stored.first(), QByteArray(R"({"role":"user","content":"question 0"})"));
        QCOMPARE(window.model()->transcript().messages.last().content, QStringLiteral("now"));
    }
    {
        // A file cut short since it was opened: the older page is not read, and the status bar says why.
        const QString copy = m_dir->filePath(QStringLiteral("huge-copy.jsonl"));
        QVERIFY(QFile::copy(path, copy));
        MainWindow window;
        window.show();
        QVERIFY(window.openFile(copy));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isReading(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(window.readsRunning(), 0, 60000);
        QVERIFY(QFile::resize(copy, QFileInfo(copy).size() - 1000));
        window.model()->fetchMore();
        QTRY_VERIFY_WITH_TIMEOUT(!window.model()->isFetchingOlder(), 10000);
        QCOMPARE(window.statusBar()->currentMessage(),
                 QStringLiteral("The older lines could not be read: the file changed on disk since it was opened; "
                                "open it again to read its older lines"));
        QVERIFY(!window.model()->canFetchMore());
        QCOMPARE(window.model()->transcript().messages.size(), ConversationModel::kFetchPageSize);
    }
}

void tst_MainWindowStore::filesOpenAtTheirEnd()
{
    // Read in place, or on a thread: the window shows the conversation's end, as a stored one and a
    // file read by pages.
    const QString small = m_dir->filePath(QStringLiteral("small.jsonl"));
    QByteArray bytes;
    for (int i = 0; i < 60; ++i)
        bytes += "{\"role\":\"user\",\"content\":\"question " + QByteArray::number(i) + "\"}\n";
    QFile file(small);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
    file.close();
    const QString large = writeLargeConversation(m_dir->filePath(QStringLiteral("large.jsonl")), 6000);
    QVERIFY(!large.isEmpty());
    for (const QString &path : {small, large}) {
        MainWindow window;
        window.resize(900, 700);
        window.show();
        QVERIFY(window.openFile(path));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isReading(), 60000);
        QCoreApplication::processEvents();
        QScrollBar *bar = window.conversationView()->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, qPrintable(path));
        QTRY_COMPARE(bar->value(), bar->maximum());
    }
}

void tst_MainWindowStore::specialFilesAreRefused()
{
    // A FIFO would hold the window in open() for ever, /dev/zero would be read until memory runs out.
    const QString fifo = m_dir->filePath(QStringLiteral("fifo.jsonl"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    for (const QString &path : {fifo, QStringLiteral("/dev/zero")}) {
        MainWindow window;
        window.openDemo();
        QString warning;
        QTimer::singleShot(0, &window, [&warning] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                warning = box->text();
                box->close();
            }
        });
        QVERIFY(!window.openFile(path));
        QVERIFY2(warning.contains(QLatin1String("It is not a regular file.")), qPrintable(warning));
        QCOMPARE(window.windowTitle(), QStringLiteral("Demo conversation — Tessera"));
        QVERIFY(!window.isReading());
    }
}

namespace {

// A real SQLITE_FULL on the window's own connection (as tst_storefaults): the database may grow by
// `pages` more pages only (a small tmpfs would need root).
bool limitPages(ConversationStore *store, int pages)
{
    QSqlQuery query(QSqlDatabase::database(store->connectionName()));
    if (!query.exec(QStringLiteral("PRAGMA page_count")) || !query.next())
        return false;
    const int now = query.value(0).toInt();
    return query.exec(QStringLiteral("PRAGMA max_page_count = %1").arg(pages < 0 ? 1073741823 : now + pages));
}

QString listRowText(ConversationList *list, int row)
{
    return list->view()->model()->index(row, 0).data().toString();
}

QString messagesText(int count)
{
    return count == 1 ? QStringLiteral("1 message") : QStringLiteral("%1 messages").arg(count);
}

} // namespace

void tst_MainWindowStore::fullDiskBannerSaysWhatIsSaved()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    window.newConversation();
    // A new conversation is stored with its first message (issue 18).
    QVERIFY(window.currentConversationId().isEmpty());
    Q_EMIT window.composer()->sendRequested(QStringLiteral("first words"));
    QVERIFY(window.savingProblem().isEmpty());
    const QString id = window.currentConversationId();
    QVERIFY(!id.isEmpty());

    // The disk fills up while the person keeps writing: some messages fit, then one does not.
    QVERIFY(limitPages(window.store(), 40));
    const QString big = QString(20000, QLatin1Char('w'));
    int sent = 1;
    for (int i = 0; i < 100 && window.savingProblem().isEmpty(); ++i) {
        Q_EMIT window.composer()->sendRequested(big);
        ++sent;
    }
    const QString banner = window.savingProblem();
    QVERIFY2(banner.contains(QLatin1String("the disk is full")), qPrintable(banner));
    QVERIFY2(!banner.contains(QLatin1String("nothing of it")), qPrintable(banner));

    // The banner, the list and the store tell the same story: N saved, the rest on screen only.
    const int saved = int(window.store()->rawLines(id).size());
    QVERIFY(saved >= 2 && saved < sent); // the first words and what fitted; not the last one
    QCOMPARE(window.store()->conversation(id).messageCount, saved);
    QCOMPARE(int(window.model()->transcript().messages.size()), sent); // nothing typed vanished
    const QString title = window.store()->conversation(id).title;
    QVERIFY(!title.isEmpty());
    QVERIFY2(banner.endsWith(QStringLiteral("Saved of “%1”: %2; anything shown after them is on screen only.")
                                     .arg(title, messagesText(saved))),
             qPrintable(banner));
    QVERIFY(listRowText(window.conversationList(), 0).startsWith(title + QLatin1Char('\n')));
    QCOMPARE(window.conversationList()->count(), 1);
    QVERIFY2(listRowText(window.conversationList(), 0).contains(messagesText(saved) + QStringLiteral(" · ")),
             qPrintable(listRowText(window.conversationList(), 0)));

    // Space again: the next message is saved and both counts move on together.
    QVERIFY(limitPages(window.store(), -1));
    Q_EMIT window.composer()->sendRequested(QStringLiteral("after the clean-up"));
    QCOMPARE(int(window.store()->rawLines(id).size()), saved + 1);
    QVERIFY2(window.savingProblem().contains(QStringLiteral("Saved of “%1”: %2;").arg(title, messagesText(saved + 1))),
             qPrintable(window.savingProblem()));
    QVERIFY(listRowText(window.conversationList(), 0).contains(messagesText(saved + 1) + QStringLiteral(" · ")));
}

void tst_MainWindowStore::fullDiskBeforeTheFirstSaveSavesNothing()
{
    // The demo on screen is stored (imported, all or nothing) on the first message: with no room for
    // it nothing is stored, and the banner says exactly that.
    MainWindow window;
    QVERIFY(window.openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    window.openDemo();
    const int shown = int(window.model()->transcript().messages.size());
    QVERIFY(limitPages(window.store(), 1));
    Q_EMIT window.composer()->sendRequested(QStringLiteral("keep the demo"));
    const QString banner = window.savingProblem();
    QVERIFY2(banner.contains(QLatin1String("the disk is full")), qPrintable(banner));
    QVERIFY2(banner.endsWith(QLatin1String("Nothing of the conversation on screen is saved.")), qPrintable(banner));
    QCOMPARE(window.conversationList()->count(), 0);
    QVERIFY(window.store()->listConversations().isEmpty());
    QVERIFY(window.currentConversationId().isEmpty());
    QCOMPARE(int(window.model()->transcript().messages.size()), shown + 1); // on screen still
}

void tst_MainWindowStore::readOnlyDataDirSaysSoAndRefusesSending()
{
    const QString data = m_dir->filePath(QStringLiteral("data"));
    QString id;
    {
        ConversationStore store;
        QVERIFY(store.open(data).ok());
        QVERIFY(store.importFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &id).ok());
    }
    // Readable by everyone, writable by no one (as tst_readonlystore does for the command line).
    const QFileDevice::Permissions readOnlyDir = QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
            | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther;
    QDirIterator files(data, QDir::Files | QDir::Hidden);
    while (files.hasNext())
        QVERIFY(QFile::setPermissions(files.next(), QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    QVERIFY(QFile::setPermissions(data, readOnlyDir));
    QVERIFY(QFile::setPermissions(m_dir->path(), readOnlyDir | QFileDevice::WriteOwner));
    struct Restore
    {
        QString path;
        ~Restore() { QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner); }
    } restore{data};

    MainWindow window;
    StoreStatus status;
    if (::geteuid() == 0) {
        // Root writes whatever the permissions say: the store is opened as "nobody" (real and effective
        // ids, as access() checks the real one; the saved ids bring root back), as a person with a
        // read-only mount would. Once open read-only, SQLite refuses writes whoever asks.
        QVERIFY(::setresgid(65534, 65534, 0) == 0 && ::setresuid(65534, 65534, 0) == 0);
        status = window.openStore(data);
        QVERIFY(::setresuid(0, 0, 0) == 0 && ::setresgid(0, 0, 0) == 0);
    } else {
        status = window.openStore(data);
    }
    QVERIFY2(status.ok(), qPrintable(status.message));
    QVERIFY(window.store()->isReadOnly());

    // Said where it is seen, and the stored conversation still reads.
    const QString banner = window.savingProblem();
    QVERIFY2(banner.startsWith(QStringLiteral("Read-only: %1 cannot be written.").arg(data)), qPrintable(banner));
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("notSavingBanner"))->isVisibleTo(&window));
    QCOMPARE(window.conversationList()->count(), 1);
    QVERIFY(window.openStored(id));
    QCOMPARE(window.model()->transcript().messages.size(), 43);

    // Sending is refused, not lost: the draft stays in the composer and the status bar says why.
    window.composer()->setText(QStringLiteral("do not lose me"));
    Q_EMIT window.composer()->sendRequested(window.composer()->text());
    QCOMPARE(window.composer()->text(), QStringLiteral("do not lose me"));
    QCOMPARE(window.model()->transcript().messages.size(), 43);
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("Not sent: %1 is read-only, so nothing new can be kept. Your text is still in the composer.").arg(data));
    QCOMPARE(window.store()->rawLines(id).size(), 43);
    QVERIFY(window.savingProblem().startsWith(QLatin1String("Read-only: "))); // still the same story
    window.newConversation(); // cannot be stored either: the banner keeps saying read-only
    QVERIFY2(window.savingProblem().startsWith(QLatin1String("Read-only: ")), qPrintable(window.savingProblem()));
    QVERIFY(window.store()->listConversations().size() == 1);
}

QTEST_MAIN(tst_MainWindowStore)
#include "tst_mainwindowstore.moc"
