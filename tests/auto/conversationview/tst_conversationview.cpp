// The virtualized conversation view and the main window's wiring (pill -> composer).

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QToolButton>

#include <atomic>
#include <memory>

#include <app/mainwindow.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <widgets/common/proseview.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

// A long conversation: user question, a chart card, a table card, prose, repeated.
// The model holds `all`'s messages from `from` on, and reads the older ones a page at a time as a stored
// conversation's are; `loads` counts the pages asked for.
void readByPages(ConversationModel *model, const Transcript &all, int from, int *loads)
{
    Transcript newest;
    newest.messages = all.messages.mid(from);
    model->setTranscript(newest);
    model->setOlderMessagesLoader([messages = all.messages, loadedFrom = from, loads](int count) mutable {
        ++*loads;
        const int start = qMax(0, loadedFrom - count);
        const QList<Message> page = messages.mid(start, loadedFrom - start);
        loadedFrom = start;
        return page;
    });
}

// As the window opens a conversation: the view at its end, shown, and the event loop turned once.
bool showAtTheEnd(ConversationView *view, ConversationModel *model)
{
    view->resize(900, 700);
    view->setModel(model);
    view->scrollToBottom();
    view->show();
    const bool exposed = QTest::qWaitForWindowExposed(view);
    QCoreApplication::processEvents();
    return exposed;
}

QByteArray longTranscript(int turns)
{
    QByteArray data;
    for (int i = 0; i < turns; ++i) {
        data += QByteArray(R"({"role":"user","content":"Question )") + QByteArray::number(i) + "\"}\n";
        data += QByteArray(R"({"role":"tool","tool_call_id":"c)") + QByteArray::number(i)
                + R"(","name":"emit_card","content":"rendered","structured":{"card":{"kind":"metric_chart","specVersion":1,"payload":{"title":"Series )"
                + QByteArray::number(i)
                + R"(","series":[{"name":"a","points":[{"x":1,"y":2},{"x":2,"y":3},{"x":3,"y":1}]}]}}}})" + '\n';
        data += QByteArray(R"({"role":"tool","tool_call_id":"d)") + QByteArray::number(i)
                + R"(","name":"emit_card","content":"rendered","structured":{"card":{"kind":"data_table","specVersion":1,"payload":{"columns":[{"key":"k","label":"K"},{"key":"v","label":"V","numeric":true}],"rows":[{"k":"a","v":1},{"k":"b","v":2}]}}}})" + '\n';
        data += QByteArray(R"({"role":"assistant","content":"Answer number )") + QByteArray::number(i)
                + R"( with some *Markdown* prose that wraps over a line or two when the window is narrow enough."})" + '\n';
    }
    return data;
}

const char kPills[] = R"({"role":"tool","tool_call_id":"p","name":"emit_card","content":"rendered","structured":{"card":{"kind":"recommend_actions","specVersion":1,"payload":{"question":"Next?","actions":[{"label":"Size the trade","prompt":"Size TITAN at 1% portfolio risk."},{"label":"Other","prompt":"Something else"}]}}}})";

} // namespace

class tst_ConversationView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void buildsOnlyNearTheViewport();
    void releasesFarWidgetsWhenScrolling();
    void appendedRowsStickToBottom();
    void longStreamedProseKeepsReaderAtEnd();
    void pillPutsPromptIntoComposer();
    void longPasteIsHeldBesideTheEditor();
    void tabWalksCardsInReadingOrder();
    void olderHistoryLoadsWhenScrollingUp();
    void olderPagesReadOnAThreadKeepTheWindowAnswering();
    void olderPageOfAnotherConversationIsDropped();
    void olderPageFailureEndsTheHistory();
    void hugeOlderPageKeepsThePlace();
    void olderHistoryWithVersionsLoadsOnePageAtATime();
    void hostileTranscriptRendersEveryBlock();
    void renderToImageDrawsEveryRow();
};

void tst_ConversationView::buildsOnlyNearTheViewport()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(longTranscript(500)));
    QCOMPARE(model.rowCount(), 2000);
    ConversationView view;
    view.resize(900, 700);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.liveWidgetCount() > 0);
    QVERIFY2(view.liveWidgetCount() < 40, qPrintable(QString::number(view.liveWidgetCount())));
    QVERIFY(view.widgetForRow(0) != nullptr);
    QVERIFY(view.widgetForRow(1999) == nullptr);
    QVERIFY(view.contentHeight() > 2000 * 20);
    // Every live row sits where the offsets say.
    for (int row : view.liveRows())
        QCOMPARE(view.widgetForRow(row)->y(), view.rowTop(row) - view.verticalScrollBar()->value());
}

void tst_ConversationView::releasesFarWidgetsWhenScrolling()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(longTranscript(500)));
    ConversationView view;
    view.resize(900, 700);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QPointer<QWidget> first = view.widgetForRow(0);
    QVERIFY(first);
    view.scrollToBottom();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QVERIFY(first.isNull());
    QVERIFY(view.widgetForRow(1999) != nullptr);
    QVERIFY(view.liveWidgetCount() < 40);
    QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
    view.scrollToRow(1000);
    QVERIFY(view.widgetForRow(1000) != nullptr);
    QCOMPARE(view.widgetForRow(1000)->y(), view.rowTop(1000) - view.verticalScrollBar()->value());
    QVERIFY(view.widgetForRow(1000)->y() >= 0 && view.widgetForRow(1000)->y() < 700);
}

void tst_ConversationView::appendedRowsStickToBottom()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(longTranscript(20)));
    ConversationView view;
    view.resize(900, 600);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.scrollToBottom();
    const int rows = model.rowCount();
    model.appendMessage(parseTranscriptLine(R"({"role":"assistant","content":"A new answer"})", 0));
    QCOMPARE(model.rowCount(), rows + 1);
    QVERIFY(view.widgetForRow(rows) != nullptr);
    QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
}

void tst_ConversationView::longStreamedProseKeepsReaderAtEnd()
{
    // A long streamed answer is drawn in chunks built over later frames, each replacing an estimate
    // with a measured height. A reader at the end stays at the end through those re-measures, so
    // the card that follows the answer is built and on screen (it was not: the view kept its place
    // inside the prose, and the card stayed below the window).
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(longTranscript(3)));
    ConversationView view;
    view.resize(900, 600);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.scrollToBottom();
    Message message;
    message.role = MessageRole::Assistant;
    message.roleName = QStringLiteral("assistant");
    QString text;
    for (int i = 0; i < 14000; ++i)
        text += QStringLiteral("word%1 **bold** `code` ").arg(i) + (i % 40 == 39 ? QStringLiteral("\n\n") : QString());
    // Many chunks, and past the size that is split on a worker thread.
    QVERIFY(text.size() > ProseView::kSplitInThreadChars);
    for (qsizetype at = 30000; at < text.size() + 30000; at += 30000) {
        message.content = text.left(at);
        model.setStreamingMessage(message);
        QTest::qWait(20); // chunk slices and re-measures run between deltas
        QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
    }
    // The turn ends as a session ends it: the prose committed as a line, then a card after it.
    model.clearStreamingMessage();
    model.appendMessage(message);
    model.appendMessage(parseTranscriptLine(kPills, 0));
    for (int i = 0; i < 50; ++i)
        QTest::qWait(10);
    QWidget *card = view.widgetForRow(model.rowCount() - 1);
    QVERIFY(card);
    QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
    QVERIFY2(card->y() >= 0 && card->y() + card->height() <= view.viewport()->height() + 4,
             qPrintable(QStringLiteral("card at %1, height %2").arg(card->y()).arg(card->height())));
}

void tst_ConversationView::pillPutsPromptIntoComposer()
{
    MainWindow window;
    window.resize(1000, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.model()->setTranscript(Transcript::fromJsonLines(QByteArray(R"({"role":"user","content":"Next?"})") + '\n' + kPills));
    QWidget *card = window.conversationView()->widgetForRow(1);
    QVERIFY(card);
    QList<QAbstractButton *> pills;
    for (QAbstractButton *b : card->findChildren<QAbstractButton *>()) {
        if (b->objectName() == QLatin1String("actionPill"))
            pills.append(b);
    }
    QCOMPARE(pills.size(), 2);
    QSignalSpy sent(window.composer(), &Composer::sendRequested);
    QTest::mouseClick(pills.first(), Qt::LeftButton);
    QCOMPARE(window.composer()->text(), QStringLiteral("Size TITAN at 1% portfolio risk."));
    // Keyboard: focus the second pill and press Space.
    pills.at(1)->setFocus();
    QTest::keyClick(pills.at(1), Qt::Key_Space);
    QCOMPARE(window.composer()->text(), QStringLiteral("Something else"));
    QCOMPARE(sent.count(), 0); // a pill never sends
}

void tst_ConversationView::tabWalksCardsInReadingOrder()
{
    // Sixty pill cards: enough that rows are built in scrolling order, not reading order.
    QByteArray data;
    for (int i = 0; i < 60; ++i) {
        data += QByteArray(R"({"role":"tool","tool_call_id":"p)") + QByteArray::number(i)
                + R"(","name":"emit_card","content":"rendered","structured":{"card":{"kind":"recommend_actions","specVersion":1,"payload":{"actions":[{"label":"A)"
                + QByteArray::number(i) + R"(","prompt":"a"},{"label":"B)" + QByteArray::number(i)
                + R"(","prompt":"b"}]}}}})" + '\n';
    }
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(data));
    ConversationView view;
    view.resize(700, 400);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.scrollToBottom();
    view.scrollToRow(0);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    view.setFocus();
    QStringList visited;
    for (int i = 0; i < 40; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        auto *button = qobject_cast<QAbstractButton *>(QApplication::focusWidget());
        QVERIFY2(button, "Tab left the pills");
        visited.append(button->text());
    }
    QStringList expected;
    for (int i = 0; i < 20; ++i)
        expected << QStringLiteral("A%1").arg(i) << QStringLiteral("B%1").arg(i);
    QCOMPARE(visited, expected);
    // And back.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    QCOMPARE(qobject_cast<QAbstractButton *>(QApplication::focusWidget())->text(), QStringLiteral("A19"));
}

// A conversation whose loaded part has a regenerated answer: older pages redraw the model whole (the
// version groups are found anew). The reader's place is kept, so reaching the top loads one page, not
// the rest of the history page after page.
void tst_ConversationView::olderHistoryWithVersionsLoadsOnePageAtATime()
{
    QFile versions(QStringLiteral(TESSERA_TEST_DATA "/versions/regenerated.jsonl"));
    QVERIFY(versions.open(QIODevice::ReadOnly));
    const Transcript all = Transcript::fromJsonLines(longTranscript(500) + versions.readAll());
    const int older = 2000; // the 2,000 messages of longTranscript(500), read 200 at a time
    ConversationModel model;
    int loads = 0;
    readByPages(&model, all, older - 200, &loads);
    QVERIFY(!model.versions().isEmpty());
    ConversationView view;
    QVERIFY(showAtTheEnd(&view, &model));
    QCOMPARE(loads, 0);
    const QString topText = model.blockText(0);

    view.verticalScrollBar()->setValue(0);
    QTRY_COMPARE(loads, 1);
    for (int i = 0; i < 50; ++i)
        QCoreApplication::processEvents();
    QCOMPARE(loads, 1);
    // The row that was at the top is still on screen, near the top.
    int oldTop = -1;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.blockType(row) == model.blockType(0) && model.blockText(row) == topText && row > 0) {
            oldTop = row;
            break;
        }
    }
    QVERIFY(oldTop > 0);
    QVERIFY(view.widgetForRow(oldTop));
    QVERIFY2(qAbs(view.widgetForRow(oldTop)->y()) < 200, qPrintable(QString::number(view.widgetForRow(oldTop)->y())));
}

// A paste with a line over Composer::kLongestLine characters (a minified JSON blob) is held beside the
// editor, which laid out such a line again on every key (144 ms a key for 1 MB); it is sent after what is
// typed, and can be removed.
void tst_ConversationView::longPasteIsHeldBesideTheEditor()
{
    Composer composer;
    composer.resize(700, 140);
    composer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    auto *send = composer.findChild<QPushButton *>(QStringLiteral("composerSend"));
    auto *held = composer.findChild<QWidget *>(QStringLiteral("composerHeldText"));
    auto *remove = composer.findChild<QToolButton *>(QStringLiteral("composerRemoveHeldText"));
    QVERIFY(send && held && remove);
    QCOMPARE(remove->accessibleName(), QStringLiteral("Remove the pasted text"));

    // Text in lines goes into the editor, even 600 KB of it.
    QString lines;
    for (int i = 0; i < 10000; ++i)
        lines += QStringLiteral("line %1 of a log, as long as most lines are\n").arg(i);
    QApplication::clipboard()->setText(lines);
    composer.editor()->paste();
    QCOMPARE(composer.editor()->toPlainText(), lines);
    QVERIFY(!held->isVisible());
    composer.clear();
    QVERIFY(!send->isEnabled());

    // One line of 1 MB is held: the editor stays empty, the row says what is held, Send is enabled.
    const QString blob = QStringLiteral("{\"rows\":[") + QString(1000000, u'7') + QStringLiteral("]}");
    QApplication::clipboard()->setText(blob);
    composer.editor()->paste();
    QVERIFY(composer.editor()->toPlainText().isEmpty());
    QVERIFY(held->isVisible());
    const auto *label = held->findChild<QLabel *>();
    QCOMPARE(label->text(), QStringLiteral("Pasted text: %1 \u2014 sent after what you write")
                                .arg(QLocale().formattedDataSize(blob.size())));
    QVERIFY(send->isEnabled());
    QCOMPARE(composer.text(), blob);
    QTest::keyClicks(composer.editor(), QStringLiteral("What is in this?"));
    QSignalSpy sent(&composer, &Composer::sendRequested);
    send->click();
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.at(0).at(0).toString(), QStringLiteral("What is in this?\n\n") + blob);

    // Removed: only what was typed is sent; with nothing typed, nothing can be.
    remove->click();
    QVERIFY(!held->isVisible());
    QVERIFY(composer.heldText().isEmpty());
    send->click();
    QCOMPARE(sent.size(), 2);
    QCOMPARE(sent.at(1).at(0).toString(), QStringLiteral("What is in this?"));
    composer.clear();
    QVERIFY(!send->isEnabled());

    // Long text put in by the program (a pill, Edit and resend) is held too, and clear() removes it.
    composer.setText(blob);
    QVERIFY(composer.editor()->toPlainText().isEmpty());
    QCOMPARE(composer.heldText(), blob);
    composer.clear();
    QVERIFY(!held->isVisible());
    QVERIFY(composer.text().isEmpty());
}

void tst_ConversationView::olderHistoryLoadsWhenScrollingUp()
{
    // 2,000 messages, of which the model starts with the newest 200 and loads the rest on demand.
    const Transcript all = Transcript::fromJsonLines(longTranscript(500));
    ConversationModel model;
    int loads = 0;
    readByPages(&model, all, 1800, &loads);
    ConversationView view;
    QVERIFY(showAtTheEnd(&view, &model));
    QCOMPARE(loads, 0);
    const int rowsBefore = model.rowCount();

    // Scroll to the top of what is loaded: one page of older messages arrives above.
    view.verticalScrollBar()->setValue(0);
    QTRY_COMPARE(loads, 1);
    QVERIFY(model.rowCount() > rowsBefore);
    QCOMPARE(model.message(0).lineNumber, all.messages.at(1600).lineNumber);
    // The reader's place is kept: the row that was at the top is still at the top.
    const int oldTopRow = model.rowCount() - rowsBefore;
    QVERIFY(view.widgetForRow(oldTopRow));
    QVERIFY(qAbs(view.widgetForRow(oldTopRow)->y() - 16) < 40);

    // Keep going up until everything is loaded, then no more loads.
    for (int i = 0; i < 20 && model.canFetchMore(); ++i) {
        view.verticalScrollBar()->setValue(0);
        QCoreApplication::processEvents();
    }
    QVERIFY(!model.canFetchMore());
    QCOMPARE(model.transcript().messages.size(), 2000);
    QCOMPARE(model.rowCount(), 2000);
}

// Issue 17: a page of a very large file may hold a line of tens of MB, so the window reads older pages on a
// thread (setOlderMessagesReader). Each page here takes 150 ms to read: the event loop keeps turning
// meanwhile, the page lands above with the reader's place kept, and the whole history comes in.
void tst_ConversationView::olderPagesReadOnAThreadKeepTheWindowAnswering()
{
    const Transcript all = Transcript::fromJsonLines(longTranscript(500));
    ConversationModel model;
    Transcript newest;
    newest.messages = all.messages.mid(1800);
    model.setTranscript(newest);
    std::atomic_int reads{0};
    std::atomic_bool readOnGuiThread{false};
    QThread *gui = QThread::currentThread();
    model.setOlderMessagesReader([messages = all.messages, loadedFrom = 1800, &reads, &readOnGuiThread,
                                  gui](int count, QString *) mutable {
        readOnGuiThread = readOnGuiThread || QThread::currentThread() == gui;
        ++reads;
        QThread::msleep(150);
        const int start = qMax(0, loadedFrom - count);
        const QList<Message> page = messages.mid(start, loadedFrom - start);
        loadedFrom = start;
        return page;
    });
    QSignalSpy fetching(&model, &ConversationModel::fetchingOlderChanged);
    ConversationView view;
    QVERIFY(showAtTheEnd(&view, &model));
    QCOMPARE(reads.load(), 0);
    const int rowsBefore = model.rowCount();
    const QString topText = model.blockText(0);

    int ticks = 0;
    QTimer ticker;
    ticker.setInterval(10);
    QObject::connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
    ticker.start();
    view.verticalScrollBar()->setValue(0);
    QTRY_VERIFY(model.isFetchingOlder());
    QCOMPARE(model.rowCount(), rowsBefore); // nothing yet: the page is being read
    model.fetchMore(); // asked again while it is read: no second read
    QTRY_VERIFY_WITH_TIMEOUT(!model.isFetchingOlder(), 5000);
    QCOMPARE(reads.load(), 1);
    QVERIFY2(ticks >= 5, qPrintable(QStringLiteral("%1 timer ticks during a 150 ms read").arg(ticks)));
    QVERIFY(!readOnGuiThread);
    QCOMPARE(model.message(0).lineNumber, all.messages.at(1600).lineNumber);
    const int oldTop = model.rowCount() - rowsBefore;
    QCOMPARE(model.blockText(oldTop), topText);
    QVERIFY(view.widgetForRow(oldTop));
    QVERIFY(qAbs(view.widgetForRow(oldTop)->y() - 16) < 40);
    QCOMPARE(fetching.size(), 2);
    QCOMPARE(fetching.at(0).at(0).toBool(), true);
    QCOMPARE(fetching.at(1).at(0).toBool(), false);

    // Up to the first line, one page at a time.
    QElapsedTimer clock;
    clock.start();
    while (model.canFetchMore() && clock.elapsed() < 20000) {
        view.verticalScrollBar()->setValue(0);
        QTest::qWait(20);
    }
    QVERIFY(!model.canFetchMore());
    QCOMPARE(model.transcript().messages.size(), 2000);
    QCOMPARE(model.message(0).content, QStringLiteral("Question 0"));
    QCOMPARE(reads.load(), 10); // nine pages of 200, and the empty answer that ends the history
}

// A page still being read when another conversation is shown is dropped; the model can be destroyed while
// one is read (it waits for the read, which touches nothing of it).
void tst_ConversationView::olderPageOfAnotherConversationIsDropped()
{
    const Transcript all = Transcript::fromJsonLines(longTranscript(100));
    auto model = std::make_unique<ConversationModel>();
    Transcript newest;
    newest.messages = all.messages.mid(200);
    model->setTranscript(newest);
    model->setOlderMessagesReader([messages = all.messages](int count, QString *) {
        QThread::msleep(100);
        return messages.mid(200 - count, count);
    });
    model->fetchMore();
    QVERIFY(model->isFetchingOlder());
    Transcript other;
    other.messages = all.messages.mid(390);
    model->setTranscript(other);
    QVERIFY(!model->isFetchingOlder());
    QVERIFY(!model->canFetchMore());
    QTest::qWait(300);
    QCOMPARE(model->transcript().messages.size(), 10);
    QCOMPARE(model->message(0).lineNumber, all.messages.at(390).lineNumber);

    std::atomic_bool ended{false};
    model->setOlderMessagesReader([&ended](int, QString *) {
        QThread::msleep(100);
        ended = true;
        return QList<Message>();
    });
    model->fetchMore();
    QVERIFY(model->isFetchingOlder());
    model.reset();
    QVERIFY(ended);
}

// A page that cannot be read says why (the window puts it in the status bar) and ends the history.
void tst_ConversationView::olderPageFailureEndsTheHistory()
{
    const Transcript all = Transcript::fromJsonLines(longTranscript(10));
    ConversationModel model;
    model.setTranscript(all);
    int reads = 0;
    model.setOlderMessagesReader([&reads](int, QString *error) {
        ++reads;
        *error = QStringLiteral("the file changed on disk since it was opened");
        return QList<Message>();
    });
    QSignalSpy failed(&model, &ConversationModel::olderMessagesFailed);
    model.fetchMore();
    QTRY_COMPARE(failed.size(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("the file changed on disk since it was opened"));
    QVERIFY(!model.canFetchMore());
    QVERIFY(!model.isFetchingOlder());
    model.fetchMore();
    QTest::qWait(50);
    QCOMPARE(reads, 1);
    QCOMPARE(model.transcript().messages.size(), all.messages.size());
}

// A huge message put in front (a very large file's older page) is measured a moment after it came in, as its
// prose lays out its parts: what the reader looks at below it stays where it is (it moved by the change of
// the huge block's height, about 7 % of it).
void tst_ConversationView::hugeOlderPageKeepsThePlace()
{
    const QByteArray filler = QByteArray("The quick brown fox jumps over the lazy dog. ").repeated(20);
    QByteArray tail;
    for (int j = 1; j <= 250; ++j)
        tail += QByteArray(j % 2 ? R"({"role":"user","content":"tail #)" : R"({"role":"assistant","content":"tail #)")
            + QByteArray::number(j) + " " + filler + "\"}\n";
    const QList<Message> tailMessages = Transcript::fromJsonLines(tail).messages;
    const QByteArray huge = R"({"role":"assistant","content":"HUGE-BEGIN )"
        + QByteArray("lorem ipsum ").repeated(8 * 1024 * 1024 / 12) + "HUGE-END\"}\n";
    const QList<Message> hugePage = Transcript::fromJsonLines(huge).messages;
    ConversationModel model;
    Transcript newest;
    newest.messages = tailMessages.mid(50);
    model.setTranscript(newest);
    model.setOlderMessagesReader([&, pages = 0](int, QString *) mutable {
        ++pages;
        return pages == 1 ? tailMessages.mid(0, 50) : pages == 2 ? hugePage : QList<Message>();
    });
    ConversationView view;
    QVERIFY(showAtTheEnd(&view, &model));
    // Up until the huge message is in.
    QElapsedTimer clock;
    clock.start();
    while (model.transcript().messages.size() < 251 && clock.elapsed() < 20000) {
        view.verticalScrollBar()->setValue(qMax(0, view.verticalScrollBar()->value() - 300));
        QTest::qWait(10);
    }
    QCOMPARE(model.transcript().messages.size(), 251);
    QVERIFY(!model.isFetchingOlder());
    const auto topRow = [&] {
        for (int row = 0; row < model.rowCount(); ++row) {
            const QWidget *w = view.widgetForRow(row);
            if (w && w->isVisible() && w->y() <= 10 && w->y() + w->height() > 10)
                return row;
        }
        return -1;
    };
    const int row = topRow();
    QVERIFY(row > 0);
    QCOMPARE(model.blockType(0), BlockType::AssistantProse);
    const int y = view.widgetForRow(row)->y();
    const QWidget *hugeBlock = view.widgetForRow(0);
    QVERIFY(hugeBlock);
    const int estimated = hugeBlock->height();
    QTRY_VERIFY_WITH_TIMEOUT(view.widgetForRow(0) && view.widgetForRow(0)->height() != estimated, 5000);
    QCoreApplication::processEvents();
    QCOMPARE(topRow(), row);
    QVERIFY(view.widgetForRow(row));
    QVERIFY2(qAbs(view.widgetForRow(row)->y() - y) <= 2,
             qPrintable(QStringLiteral("the top row moved from %1 to %2").arg(y).arg(view.widgetForRow(row)->y())));
}

void tst_ConversationView::hostileTranscriptRendersEveryBlock()
{
    QFile file(QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(file.readAll()));
    QVERIFY(model.rowCount() > 10);
    ConversationView view;
    view.resize(900, 700);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int row = 0; row < model.rowCount(); ++row) {
        view.scrollToRow(row);
        QWidget *widget = view.widgetForRow(row);
        QVERIFY2(widget, qPrintable(QStringLiteral("row %1 not built").arg(row)));
        QVERIFY2(widget->height() > 10, qPrintable(QStringLiteral("row %1 is blank").arg(row)));
    }
}

void tst_ConversationView::renderToImageDrawsEveryRow()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(longTranscript(3)));
    int drawn = 0;
    const QImage image = ConversationView::renderToImage(&model, 800, QApplication::palette(), 32000, &drawn);
    QCOMPARE(drawn, model.rowCount());
    QCOMPARE(image.width(), 800);
    QVERIFY(image.height() > 12 * 30);
    // A block taller than the per-block cap is cut (and says so) instead of ending the image.
    QByteArray giant = R"({"role":"assistant","content":"| a | b |\n|---|---|)";
    for (int i = 0; i < 3000; ++i)
        giant += "\\n| row " + QByteArray::number(i) + " | x |";
    giant += "\"}\n";
    ConversationModel tall;
    tall.setTranscript(Transcript::fromJsonLines(giant + longTranscript(1)));
    int tallDrawn = 0;
    const QImage tallImage = ConversationView::renderToImage(&tall, 800, QApplication::palette(), 32000, &tallDrawn);
    QCOMPARE(tallDrawn, tall.rowCount());
    QVERIFY(tallImage.height() < 12000);
    int tiny = 0;
    const QImage small = ConversationView::renderToImage(&model, 800, QApplication::palette(), 200, &tiny);
    QVERIFY(tiny < model.rowCount());
    QVERIFY(small.height() <= 200);
}

QTEST_MAIN(tst_ConversationView)
#include "tst_conversationview.moc"
