// Backend → Open Backend Log (issue 18): the log is shown in a window of Tessera's own that follows the
// file as it grows or starts over, finds text and copies it; the main window's action opens it.

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

#include <app/backendlogwindow.h>
#include <app/mainwindow.h>
#include <app/plurals.h>
#include <backend/backend.h>
#include <mcp/stdiotransport.h>
#include <session/conversationsession.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

class tst_BackendLogWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void followsTheFile();
    void findsAndCopies();
    void startsOverWhenTheLogDoes();
    void showsTheEndOfAHugeLog();
    void missingFileIsNotAnError();
    void mainWindowOpensIt();
    void choosesAmongLogs();
    void mainWindowShowsMcpServerStderr();

private:
    bool append(const QByteArray &bytes);
    QTemporaryDir m_dir;
    QString m_path;
};

void tst_BackendLogWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QVERIFY(installEnglishPlurals()); // as main() does: "4 matches"
}

static bool appendTo(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Append) && file.write(bytes) == bytes.size();
}

bool tst_BackendLogWindow::append(const QByteArray &bytes)
{
    QFile file(m_path);
    return file.open(QIODevice::WriteOnly | QIODevice::Append) && file.write(bytes) == bytes.size();
}

void tst_BackendLogWindow::followsTheFile()
{
    m_path = m_dir.filePath(QStringLiteral("follow.log"));
    QVERIFY(writeFile(m_path, "started pid 42\nwarning: slow tool\n"));
    BackendLogWindow window;
    window.setLogFile(m_path);
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("started pid 42\nwarning: slow tool\n"));

    // Appended text arrives, also a UTF-8 character split across two writes.
    QVERIFY(append("caf\xC3"));
    window.refresh();
    QVERIFY(append("\xA9 \xE2\x80\x94 done\n"));
    window.refresh();
    QCOMPARE(window.textView()->toPlainText(),
             QStringLiteral("started pid 42\nwarning: slow tool\ncaf\u00e9 \u2014 done\n"));
    window.refresh(); // nothing new: nothing added
    QCOMPARE(window.textView()->document()->lineCount(), 4);
}

void tst_BackendLogWindow::findsAndCopies()
{
    m_path = m_dir.filePath(QStringLiteral("find.log"));
    QVERIFY(writeFile(m_path, "ok\nERROR one\nfine\nerror two\nerror three\n"));
    BackendLogWindow window;
    window.setLogFile(m_path);
    window.findField()->setText(QStringLiteral("error"));
    QCOMPARE(window.matchCount(), 3); // case-insensitive
    QCOMPARE(window.matchLabel()->text(), QStringLiteral("1 of 3"));
    QCOMPARE(window.textView()->textCursor().selectedText(), QStringLiteral("ERROR"));
    QCOMPARE(window.textView()->extraSelections().size(), 3);
    QVERIFY(window.findNext());
    QCOMPARE(window.matchLabel()->text(), QStringLiteral("2 of 3"));
    QCOMPARE(window.textView()->textCursor().block().text(), QStringLiteral("error two"));
    QVERIFY(window.findNext());
    QVERIFY(window.findNext()); // wraps to the first
    QCOMPARE(window.matchLabel()->text(), QStringLiteral("1 of 3"));
    QVERIFY(window.findNext(true)); // and back to the last
    QCOMPARE(window.matchLabel()->text(), QStringLiteral("3 of 3"));
    QCOMPARE(window.textView()->textCursor().block().text(), QStringLiteral("error three"));

    // A match that arrives later is counted.
    QVERIFY(append("error four\n"));
    window.refresh();
    QCOMPARE(window.matchCount(), 4);
    QCOMPARE(window.matchLabel()->text(), QStringLiteral("4 matches"));

    window.findField()->setText(QStringLiteral("nowhere"));
    QCOMPARE(window.matchCount(), 0);
    QCOMPARE(window.matchLabel()->text(), QStringLiteral("No matches"));
    QVERIFY(!window.findNext());
    QCOMPARE(window.textView()->extraSelections().size(), 0);

    QApplication::clipboard()->clear();
    window.copyAll();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("ok\nERROR one\nfine\nerror two\nerror three\nerror four\n"));
    QVERIFY(window.textView()->isReadOnly());
    QVERIFY(window.textView()->textInteractionFlags() & Qt::TextSelectableByKeyboard);
}

void tst_BackendLogWindow::startsOverWhenTheLogDoes()
{
    m_path = m_dir.filePath(QStringLiteral("rotate.log"));
    QVERIFY(writeFile(m_path, "old line one\nold line two\n"));
    BackendLogWindow window;
    window.setLogFile(m_path);
    // The backend moves a full log aside and starts a new file (stdiobackend.h).
    QVERIFY(QFile::rename(m_path, m_path + QStringLiteral(".1")));
    QVERIFY(writeFile(m_path, "new\n"));
    window.refresh();
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("new\n"));
    // Truncated in place: read again from the start.
    QVERIFY(writeFile(m_path, "x\n"));
    window.refresh();
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("x\n"));
}

void tst_BackendLogWindow::showsTheEndOfAHugeLog()
{
    m_path = m_dir.filePath(QStringLiteral("huge.log"));
    QByteArray bytes;
    for (int i = 0; bytes.size() < 3 * 1024 * 1024; ++i)
        bytes += "line " + QByteArray::number(i) + " of a long backend log\n";
    bytes += "the last line\n";
    QVERIFY(writeFile(m_path, bytes));
    BackendLogWindow window;
    window.setLogFile(m_path);
    const QString text = window.textView()->toPlainText();
    QVERIFY2(text.startsWith(QStringLiteral("[\u2026 the first 1 MB are not shown]\nline ")), qPrintable(text.left(80)));
    QVERIFY(text.endsWith(QStringLiteral("the last line\n")));
    QVERIFY(text.size() <= BackendLogWindow::kMaxShownBytes + 100);
    // Whole lines only: the second line is a complete "line N of …".
    QVERIFY(text.section(QLatin1Char('\n'), 1, 1).endsWith(QStringLiteral(" of a long backend log")));
}

void tst_BackendLogWindow::missingFileIsNotAnError()
{
    m_path = m_dir.filePath(QStringLiteral("later.log"));
    BackendLogWindow window;
    window.setLogFile(m_path);
    QCOMPARE(window.textView()->toPlainText(), QString());
    QCOMPARE(window.textView()->placeholderText(), QStringLiteral("Nothing is logged yet."));
    QVERIFY(writeFile(m_path, "now\n"));
    window.refresh();
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("now\n"));
}

void tst_BackendLogWindow::mainWindowOpensIt()
{
    MainWindow window;
    QAction *open = window.findChild<QAction *>(QStringLiteral("openBackendLog"));
    QVERIFY(open);
    open->trigger(); // no backend: said in the status bar, no window
    QVERIFY(!window.backendLogWindow());
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("This backend has no log."));

    BackendConfig config;
    config.type = BackendConfig::Type::Stdio;
    config.command = QStringLiteral("/bin/sh -c \"echo backend-said-this >&2; exec cat\"");
    window.setBackendConfig(config, true);
    QVERIFY(window.session() && window.session()->backend());
    const QString path = window.session()->backend()->logFilePath();
    QVERIFY(!path.isEmpty());
    QTRY_VERIFY(readFile(path).contains("backend-said-this"));
    open->trigger();
    BackendLogWindow *log = window.backendLogWindow();
    QVERIFY(log);
    QVERIFY(log->isVisible());
    QCOMPARE(log->logFile(), path);
    QVERIFY2(log->textView()->toPlainText().contains(QStringLiteral("backend-said-this")), qPrintable(log->textView()->toPlainText()));
    open->trigger(); // again: the same window
    QCOMPARE(window.backendLogWindow(), log);
}

void tst_BackendLogWindow::choosesAmongLogs()
{
    const QString backendLog = m_dir.filePath(QStringLiteral("two-backend.log"));
    const QString serverLog = m_dir.filePath(QStringLiteral("two-server.log"));
    QVERIFY(writeFile(backendLog, "from the backend\n"));
    QVERIFY(writeFile(serverLog, "from the server\n"));
    BackendLogWindow window;
    window.setLogFile(backendLog);
    QVERIFY(!window.sourceChooser()->isVisibleTo(&window)); // one log: no chooser
    window.setLogFiles({{QStringLiteral("Backend"), backendLog}, {QStringLiteral("MCP server files"), serverLog}});
    QVERIFY(window.sourceChooser()->isVisibleTo(&window));
    QCOMPARE(window.sourceChooser()->count(), 2);
    QCOMPARE(window.sourceChooser()->itemText(1), QStringLiteral("MCP server files"));
    QCOMPARE(window.logFile(), backendLog); // the one shown stays chosen
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("from the backend\n"));
    window.sourceChooser()->setCurrentIndex(1);
    QCOMPARE(window.logFile(), serverLog);
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("from the server\n"));
    QVERIFY(appendTo(serverLog, "and more\n"));
    window.refresh(); // followed like any log
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("from the server\nand more\n"));
    // The same list again keeps the choice; a list without it shows its first.
    window.setLogFiles({{QStringLiteral("Backend"), backendLog}, {QStringLiteral("MCP server files"), serverLog}});
    QCOMPARE(window.logFile(), serverLog);
    window.setLogFiles({{QStringLiteral("Backend"), backendLog}});
    QCOMPARE(window.logFile(), backendLog);
    QCOMPARE(window.textView()->toPlainText(), QStringLiteral("from the backend\n"));
}

// Issue 16 says a server's stderr goes to the backend log; with an OpenAI-compatible backend (the only
// kind that runs MCP servers) the window said "This backend has no log." and never showed it.
void tst_BackendLogWindow::mainWindowShowsMcpServerStderr()
{
    const QString serverLog = mcpServerLogPath(QStringLiteral("noisy"));
    QFile::remove(serverLog);
    MainWindow window;
    McpServerConfig noisy;
    noisy.name = QStringLiteral("noisy");
    noisy.command = QStringLiteral("/bin/sh");
    noisy.args = {QStringLiteral("-c"), QStringLiteral("echo mcp-server-said-this >&2; exec sleep 60")};
    window.setMcpServers({noisy});
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = QUrl(QStringLiteral("http://127.0.0.1:9/v1"));
    config.model = QStringLiteral("m");
    window.setBackendConfig(config, true);
    QVERIFY(window.session() && window.session()->backend());
    QCOMPARE(window.session()->backend()->logFilePath(), QString());
    QTRY_VERIFY_WITH_TIMEOUT(readFile(serverLog).contains("mcp-server-said-this"), 20000);
    QAction *open = window.findChild<QAction *>(QStringLiteral("openBackendLog"));
    QVERIFY(open);
    open->trigger();
    BackendLogWindow *log = window.backendLogWindow();
    QVERIFY(log);
    QVERIFY(log->isVisible());
    QCOMPARE(log->logFile(), serverLog);
    QCOMPARE(log->sourceChooser()->count(), 1);
    QCOMPARE(log->sourceChooser()->itemText(0), QStringLiteral("MCP server noisy"));
    QVERIFY2(log->textView()->toPlainText().contains(QStringLiteral("mcp-server-said-this")), qPrintable(log->textView()->toPlainText()));
}

QTEST_MAIN(tst_BackendLogWindow)
#include "tst_backendlogwindow.moc"
