// The window with a live backend (issue 5, issue 6): the scripted stdio backend behind the real main
// window. Connection state, a turn in progress with Stop, sending refused while busy, card requests
// answered through the session, and the link confirmation that shows the whole address.

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextCursor>
#include <QToolTip>
#include <QTest>
#include <QTimer>

#include <app/conversationlist.h>
#include <app/mainwindow.h>
#include <backend/backend.h>
#include <backend/backendconfig.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <widgets/card/cardactions.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/proseview.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

class tst_SessionWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void sendsThroughTheSession();
    void busyRefusesAndStopStops();
    void escapeStops();
    void cardRequestsAnswered();
    void linkConfirmationShowsTheWholeAddress();
    void proseLinksAskTheWindow();
    void fencedProseLinksAskTheWindow();
    void backendExitIsShown();
    void withoutBackendMessagesAreKept();

private:
    BackendConfig scripted(const QByteArray &script);
    void send(MainWindow &window, const QString &text);
    QTemporaryDir m_settings;
    QTemporaryDir *m_dir = nullptr;
    MainWindow *m_window = nullptr;
    int m_scripts = 0;
};

void tst_SessionWindow::initTestCase()
{
    QVERIFY(m_settings.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path()); // never the user's
}

void tst_SessionWindow::init()
{
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
    m_window = new MainWindow;
    QVERIFY(m_window->openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    m_window->newConversation();
    m_window->show();
}

void tst_SessionWindow::cleanup()
{
    delete m_window;
    m_window = nullptr;
    delete m_dir;
    m_dir = nullptr;
}

BackendConfig tst_SessionWindow::scripted(const QByteArray &script)
{
    const QString path = m_dir->filePath(QStringLiteral("script%1.jsonl").arg(++m_scripts));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(script);
    BackendConfig config;
    config.type = BackendConfig::Type::Stdio;
    config.command = QStringLiteral("\"%1\" \"%2\"").arg(QStringLiteral(SCRIPTED_BACKEND), path);
    return config;
}

void tst_SessionWindow::send(MainWindow &window, const QString &text)
{
    window.composer()->setText(text);
    auto *button = window.composer()->findChild<QPushButton *>(QStringLiteral("composerSend"));
    QVERIFY(button && button->isEnabled());
    button->click();
}

void tst_SessionWindow::sendsThroughTheSession()
{
    const BackendConfig config = scripted(R"({"expect":"user.message","contains":"hello"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message.delta","turnId":"t1","text":"Hi there."}}
{"sleep":300}
{"send":{"type":"turn.completed","turnId":"t1"}}
)");
    m_window->setBackendConfig(config, true);
    QTRY_VERIFY2(m_window->connectionText().startsWith(QStringLiteral("Connected to")), qPrintable(m_window->connectionText()));
    QVERIFY(!m_window->isTurnIndicatorVisible());
    send(*m_window, QStringLiteral("hello"));
    QCOMPARE(m_window->composer()->text(), QString()); // kept in the conversation, so the draft is cleared
    QVERIFY(m_window->isTurnIndicatorVisible());
    QTRY_VERIFY(!m_window->isTurnIndicatorVisible());
    ConversationModel *model = m_window->model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->blockText(0), QStringLiteral("hello"));
    QCOMPARE(model->blockText(1), QStringLiteral("Hi there."));
    const QString id = m_window->currentConversationId();
    QCOMPARE(m_window->store()->rawLines(id),
             QList<QByteArray>({R"({"role":"user","content":"hello"})",
                                R"({"role":"assistant","content":"Hi there.","turn_id":"t1"})"}));
    // The conversation remembers its backend, beside it in the data dir.
    QSettings settings(backendSettingsPath(m_window->store()->dataDir()), QSettings::IniFormat);
    QCOMPARE(loadBackendConfig(settings, id), config);    // Ctrl+N stored nothing; the first message stored it, titled by it (issue 18).
    QCOMPARE(m_window->store()->listConversations().size(), 1);
    QCOMPARE(m_window->store()->conversation(id).title, QStringLiteral("hello"));
    QCOMPARE(m_window->windowTitle(), QStringLiteral("hello — Tessera"));
    QCOMPARE(m_window->conversationList()->count(), 1);
}

void tst_SessionWindow::busyRefusesAndStopStops()
{
    m_window->setBackendConfig(scripted(R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message.delta","turnId":"t1","text":"Thinking hard"}}
{"sleep":20000}
)"), true);
    QTRY_VERIFY(m_window->connectionText().startsWith(QStringLiteral("Connected to")));
    send(*m_window, QStringLiteral("first"));
    QTRY_VERIFY(m_window->session()->isTurnActive());
    send(*m_window, QStringLiteral("second"));
    QCOMPARE(m_window->composer()->text(), QStringLiteral("second")); // refused: nothing typed is lost
    auto *problem = m_window->findChild<QMessageBox *>(QStringLiteral("sendProblem"));
    QVERIFY(problem && problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("busy")), qPrintable(problem->text()));
    QVERIFY(!problem->isModal());
    QCOMPARE(m_window->model()->rowCount(), 1);

    auto *stop = m_window->findChild<QPushButton *>(QStringLiteral("stopTurn"));
    QVERIFY(stop && stop->isVisible());
    QTRY_VERIFY(m_window->model()->hasStreamingMessage());
    stop->click();
    QVERIFY(!m_window->isTurnIndicatorVisible());
    ConversationModel *model = m_window->model();
    QCOMPARE(model->blockText(model->rowCount() - 2), QStringLiteral("Thinking hard"));
    QCOMPARE(model->blockText(model->rowCount() - 1), QStringLiteral("You stopped this turn."));
    QCOMPARE(m_window->store()->rawLines(m_window->currentConversationId()).size(), 2);
}

void tst_SessionWindow::escapeStops()
{
    m_window->setBackendConfig(scripted(R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"sleep":20000}
)"), true);
    QTRY_VERIFY(m_window->connectionText().startsWith(QStringLiteral("Connected to")));
    send(*m_window, QStringLiteral("first"));
    QTRY_VERIFY(m_window->session()->isTurnActive());
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTest::keyClick(m_window->composer()->editor(), Qt::Key_Escape);
    QVERIFY(!m_window->session()->isBusy());
    QCOMPARE(m_window->model()->blockText(m_window->model()->rowCount() - 1), QStringLiteral("You stopped this turn."));
}

void tst_SessionWindow::cardRequestsAnswered()
{
    m_window->setBackendConfig(scripted(R"({"expect":"card.decision","contains":"\"cardId\":\"call_1\""}
{"expect":"widget.action"}
)"), true);
    QTRY_VERIFY(m_window->connectionText().startsWith(QStringLiteral("Connected to")));
    CardActions *actions = m_window->conversationView()->cardActions();
    QSignalSpy finished(actions, &CardActions::requestFinished);
    const int decision = actions->requestDecision(QStringLiteral("call_1"), QStringLiteral("approve"),
                                                  QStringLiteral("approved"), QStringLiteral("[Button pressed by Ada; action=approve]"));
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toInt(), decision);
    QCOMPARE(finished.at(0).at(1).toBool(), true);
    const int action = actions->requestWidgetAction(QStringLiteral("form"), QStringLiteral("submit"), R"({"a":1})");
    QTRY_COMPARE(finished.size(), 2);
    QCOMPARE(finished.at(1).at(0).toInt(), action);
    QCOMPARE(finished.at(1).at(1).toBool(), true);
    const QList<QByteArray> lines = m_window->store()->rawLines(m_window->currentConversationId());
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines.at(0).contains(R"("card_decision":{"cardId":"call_1","action":"approve","outcome":"approved"})"));
    QVERIFY(lines.at(1).contains(R"("widget_action":{"widget":"form","action":"submit","payload":{"a":1}})"));

    // The backend gone: the request fails with a reason and a non-modal message; nothing is stored.
    m_window->session()->backend()->stop();
    actions->requestDecision(QStringLiteral("call_2"), QStringLiteral("reject"), QStringLiteral("rejected"), QString());
    QTRY_COMPARE(finished.size(), 3);
    QCOMPARE(finished.at(2).at(1).toBool(), false);
    QVERIFY2(finished.at(2).at(2).toString().contains(QStringLiteral("not connected")),
             qPrintable(finished.at(2).at(2).toString()));
    auto *problem = m_window->findChild<QMessageBox *>(QStringLiteral("sendProblem"));
    QVERIFY(problem && problem->isVisible());
    QVERIFY(problem->text().startsWith(QStringLiteral("Could not send: ")));
    QVERIFY(problem->text().endsWith(QStringLiteral("Try again in a moment.")));
    QCOMPARE(m_window->store()->rawLines(m_window->currentConversationId()).size(), 2);
}

void tst_SessionWindow::linkConfirmationShowsTheWholeAddress()
{
    const QString url = QStringLiteral("https://example.com/a/very/long/path?with=query&and=<angle>&more=")
            + QString(300, QLatin1Char('x'));
    QString shown;
    bool dialogSeen = false;
    QTimer::singleShot(0, this, [&] {
        QWidget *dialog = QApplication::activeModalWidget();
        if (!dialog || dialog->objectName() != QLatin1String("confirmLink"))
            return;
        dialogSeen = true;
        if (auto *address = dialog->findChild<QPlainTextEdit *>(QStringLiteral("linkAddress")))
            shown = address->toPlainText();
        static_cast<QDialog *>(dialog)->reject(); // never Yes: that would start a browser
    });
    m_window->conversationView()->cardActions()->requestLink(url);
    QVERIFY(dialogSeen);
    QCOMPARE(shown, QUrl(url).toString(QUrl::FullyEncoded)); // the whole address, as it would be opened
    QVERIFY(shown.endsWith(QString(300, QLatin1Char('x'))));
    QVERIFY(shown.contains(QStringLiteral("%3Cangle%3E")));

    // Anything but https:// is refused before a dialog.
    for (const QString &refused : {QStringLiteral("http://example.com/"), QStringLiteral("javascript:alert(1)")}) {
        bool sawDialog = false;
        QTimer::singleShot(0, this, [&] {
            if (QWidget *dialog = QApplication::activeModalWidget()) {
                sawDialog = true;
                static_cast<QDialog *>(dialog)->reject();
            }
        });
        m_window->conversationView()->cardActions()->requestLink(refused);
        QCoreApplication::processEvents();
        QVERIFY(!sawDialog);
        QVERIFY(m_window->statusBar()->currentMessage().startsWith(QStringLiteral("Refused to open")));
    }
}

void tst_SessionWindow::backendExitIsShown()
{
    m_window->setBackendConfig(scripted(R"({"stderr":"bad credentials"}
{"exit":3}
)"), true);
    QTRY_VERIFY2(m_window->connectionText().startsWith(QStringLiteral("Backend stopped: ")), qPrintable(m_window->connectionText()));
    QVERIFY2(m_window->connectionText().contains(QStringLiteral("code 3")), qPrintable(m_window->connectionText()));
    // Sending now is refused with the reason; the draft stays.
    send(*m_window, QStringLiteral("anyone?"));
    QCOMPARE(m_window->composer()->text(), QStringLiteral("anyone?"));
    QCOMPARE(m_window->model()->rowCount(), 0);
}

void tst_SessionWindow::withoutBackendMessagesAreKept()
{
    QCOMPARE(m_window->connectionText(), QStringLiteral("No agent backend"));
    send(*m_window, QStringLiteral("kept"));
    QCOMPARE(m_window->model()->rowCount(), 1);
    QVERIFY(m_window->statusBar()->currentMessage().startsWith(QStringLiteral("No agent backend is connected")));
}

QTEST_MAIN(tst_SessionWindow)
// A link in the assistant's own prose, clicked with the mouse: an https address reaches the window's
// confirmation (the dialog shows exactly it); javascript: and a relative path never do, and say why.
void tst_SessionWindow::proseLinksAskTheWindow()
{
    m_window->resize(900, 700);
    ConversationModel *model = m_window->model();
    model->setTranscript(Transcript::fromJsonLines(
            R"({"role":"user","content":"Where is it?"}
{"role":"assistant","content":"Read [the report](https://example.com/report?a=1&b=%C3%A9) or [this](javascript:alert(1)) or [notes](notes.md)."}
)"));
    const int row = model->rowCount() - 1;
    QCOMPARE(model->blockType(row), BlockType::AssistantProse);
    ConversationView *view = m_window->conversationView();
    view->scrollToRow(row);
    QTRY_VERIFY_WITH_TIMEOUT(view->widgetForRow(row), 5000);
    auto *prose = qobject_cast<ProseView *>(view->widgetForRow(row));
    QVERIFY(prose);
    QCOMPARE(prose->objectName(), QStringLiteral("assistantProse"));
    QTRY_VERIFY_WITH_TIMEOUT(prose->chunkView(0), 5000);
    MarkdownView *chunk = prose->chunkView(0);
    QTRY_VERIFY_WITH_TIMEOUT(chunk->isVisible() && chunk->width() > 100, 5000);
    auto pointAt = [chunk](const QString &word) {
        const QTextBlock block = chunk->document()->begin();
        const int offset = int(block.text().indexOf(word));
        QTextCursor cursor(chunk->document());
        cursor.setPosition(block.position() + qMax(0, offset) + 1);
        return offset < 0 ? QPoint(-1, -1) : chunk->cursorRect(cursor).center();
    };
    QSignalSpy asked(view->cardActions(), &CardActions::linkRequested);

    // https: the window asks, showing the whole address; never Yes (that would start a browser).
    const QPoint report = pointAt(QStringLiteral("report"));
    QCOMPARE(chunk->anchorAt(report), QStringLiteral("https://example.com/report?a=1&b=%C3%A9"));
    QString shown;
    bool dialogSeen = false;
    QTimer::singleShot(0, this, [&] {
        QWidget *dialog = QApplication::activeModalWidget();
        if (!dialog || dialog->objectName() != QLatin1String("confirmLink"))
            return;
        dialogSeen = true;
        if (auto *address = dialog->findChild<QPlainTextEdit *>(QStringLiteral("linkAddress")))
            shown = address->toPlainText();
        static_cast<QDialog *>(dialog)->reject();
    });
    QTest::mouseClick(chunk->viewport(), Qt::LeftButton, {}, report);
    QTRY_VERIFY_WITH_TIMEOUT(dialogSeen, 5000);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().at(0).toString(), QStringLiteral("https://example.com/report?a=1&b=%C3%A9"));
    QCOMPARE(shown, QStringLiteral("https://example.com/report?a=1&b=%C3%A9"));

    // javascript: clicked, and a relative path activated by keyboard: refused here, the window never asked.
    const QPoint script = pointAt(QStringLiteral("this"));
    QCOMPARE(chunk->anchorAt(script), QStringLiteral("javascript:alert(1)"));
    bool sawDialog = false;
    QTimer::singleShot(0, this, [&] {
        if (QWidget *dialog = QApplication::activeModalWidget()) {
            sawDialog = true;
            static_cast<QDialog *>(dialog)->reject();
        }
    });
    QTest::ignoreMessage(QtInfoMsg, "assistant prose link not opened: javascript:alert(1)"); // the log line
    QTest::ignoreMessage(QtInfoMsg, "assistant prose link not opened: notes.md");
    QTest::mouseClick(chunk->viewport(), Qt::LeftButton, {}, script);
    QTRY_COMPARE_WITH_TIMEOUT(QToolTip::text(), QStringLiteral("Refused to open a link that is not https://: javascript:alert(1)"), 2000);
    Q_EMIT chunk->anchorClicked(QUrl(QStringLiteral("notes.md")));
    QTRY_COMPARE_WITH_TIMEOUT(QToolTip::text(), QStringLiteral("Refused to open a link that is not https://: notes.md"), 2000);
    QTest::qWait(50);
    QVERIFY(!sawDialog);
    QCOMPARE(asked.size(), 1);
}

// Prose with a widget fence is a ProseBlock (its text segments are MarkdownViews): its links go the same way.
void tst_SessionWindow::fencedProseLinksAskTheWindow()
{
    m_window->resize(900, 700);
    ConversationModel *model = m_window->model();
    model->setTranscript(Transcript::fromJsonLines(
            R"({"role":"assistant","content":"See [the docs](https://example.org/docs) and [a file](file:///etc/passwd).\n\n```dorkos-ui\n{\"type\": \"text\", \"text\": \"hi\"}\n```\n"}
)"));
    const int row = model->rowCount() - 1;
    QVERIFY(row >= 0);
    ConversationView *view = m_window->conversationView();
    view->scrollToRow(row);
    QTRY_VERIFY_WITH_TIMEOUT(view->widgetForRow(row), 5000);
    QWidget *block = view->widgetForRow(row);
    QCOMPARE(QString::fromLatin1(block->metaObject()->className()), QStringLiteral("Tessera::ProseBlock"));
    auto *segment = block->findChild<MarkdownView *>(QStringLiteral("assistantProseSegment"));
    QVERIFY(segment);
    QTRY_VERIFY_WITH_TIMEOUT(segment->isVisible() && segment->width() > 100, 5000);
    auto pointAt = [segment](const QString &word) {
        const QTextBlock first = segment->document()->begin();
        QTextCursor cursor(segment->document());
        cursor.setPosition(first.position() + int(first.text().indexOf(word)) + 1);
        return segment->cursorRect(cursor).center();
    };
    QSignalSpy asked(view->cardActions(), &CardActions::linkRequested);
    bool dialogSeen = false;
    QTimer::singleShot(0, this, [&] {
        if (QWidget *dialog = QApplication::activeModalWidget()) {
            dialogSeen = dialog->objectName() == QLatin1String("confirmLink");
            static_cast<QDialog *>(dialog)->reject();
        }
    });
    QTest::mouseClick(segment->viewport(), Qt::LeftButton, {}, pointAt(QStringLiteral("docs")));
    QTRY_VERIFY_WITH_TIMEOUT(dialogSeen, 5000);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().at(0).toString(), QStringLiteral("https://example.org/docs"));
    QTest::ignoreMessage(QtInfoMsg, "assistant prose link not opened: file:///etc/passwd");
    QTest::mouseClick(segment->viewport(), Qt::LeftButton, {}, pointAt(QStringLiteral("file")));
    QTRY_COMPARE_WITH_TIMEOUT(QToolTip::text(), QStringLiteral("Refused to open a link that is not https://: file:///etc/passwd"), 2000);
    QCOMPARE(asked.size(), 1);
}

#include "tst_sessionwindow.moc"
