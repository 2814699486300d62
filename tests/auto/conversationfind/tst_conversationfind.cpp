// Find in the open conversation (issue 18): the model search (cards/conversationsearch.h) over a
// generated 10,000-message conversation, and the find bar over the virtualized view: counts, the
// current match's message, the marked text in prose, user turns and cards, "No matches", Escape.

#include <algorithm>
#include <atomic>
#include <memory>
#include <utility>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScopeGuard>
#include <QScrollBar>
#include <QTest>
#include <QThread>
#include <QToolButton>
#include <QVBoxLayout>

#include <QRegularExpression>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/conversationmodel.h>
#include <cards/conversationsearch.h>
#include <cards/transcript.h>
#include <widgets/conversation/conversationview.h>
#include <widgets/conversation/findbar.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/findhighlight.h>

using namespace Tessera;

namespace {

constexpr int kMessages = 10000;

// Message i: a user question when i is even, an answer when odd. "zebra" appears in five answers, twice
// in one user turn (once capitalised) and as a detail card's value (message 9501, a tool line).
QByteArray generatedConversation()
{
    QByteArray data;
    for (int i = 0; i < kMessages; ++i) {
        const QByteArray n = QByteArray::number(i);
        if (i == 9501) {
            data += R"({"role":"tool","tool_call_id":"z","name":"emit_card","content":"rendered","structured":{"card":)"
                    R"({"kind":"detail","specVersion":1,"payload":{"title":"Sightings","fields":[{"label":"Animal","value":"Zebra"}]}}}})"
                    "\n";
        } else if (i == 5000) {
            data += R"({"role":"user","content":"zebra or Zebra?"})" "\n";
        } else if (i % 2 == 0) {
            data += R"({"role":"user","content":"Question )" + n + "\"}\n";
        } else if (i % 2000 == 999) {
            data += R"({"role":"assistant","content":"Answer )" + n + R"( mentions a **zebra** crossing."})" "\n";
        } else {
            data += R"({"role":"assistant","content":"Answer )" + n + R"( with some prose."})" "\n";
        }
    }
    return data;
}

const QList<int> kZebraMessages{999, 2999, 4999, 5000, 5000, 6999, 8999, 9501};

// The conversation view with its find bar under it, as the main window lays them out, shown at 800x600.
// atEnd: scrolled to its end first, as the window opens a conversation (the view then asks for no older
// page). The bar is made after the view has its model, which it follows.
struct FindWindow
{
    explicit FindWindow(ConversationModel *model, bool atEnd = false)
    {
        view.setModel(model);
        if (atEnd)
            view.scrollToBottom();
        bar = std::make_unique<FindBar>(&view, &window);
        auto *layout = new QVBoxLayout(&window);
        layout->addWidget(&view);
        layout->addWidget(bar.get());
        window.resize(800, 600);
        window.show();
    }

    QWidget window;
    ConversationView view;
    std::unique_ptr<FindBar> bar;
};

// A search runs a slice of rows per event-loop turn: true once it is done (at once for most).
bool searched(const FindBar &bar)
{
    return QTest::qWaitFor([&bar] { return !bar.isSearching() && !bar.isLoadingHistory(); }, 20000);
}

QList<int> messagesOf(const QList<ConversationMatch> &matches)
{
    QList<int> messages;
    for (const ConversationMatch &match : matches)
        messages.append(match.message);
    return messages;
}

// Page `number` of a conversation read by pages (0: the oldest), `perPage` user lines; the lines named in
// `quaggas` ({page, line}) see a quagga.
QList<Message> quaggaPage(int number, int perPage, std::initializer_list<std::pair<int, int>> quaggas)
{
    QByteArray lines;
    for (int i = 0; i < perPage; ++i) {
        const bool quagga = std::find(quaggas.begin(), quaggas.end(), std::pair{number, i}) != quaggas.end();
        lines += R"({"role":"user","content":"Page )" + QByteArray::number(number) + " line " + QByteArray::number(i)
            + (quagga ? " sees a quagga" : "") + "\"}\n";
    }
    return Transcript::fromJsonLines(lines).messages;
}

} // namespace

class tst_ConversationFind : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void modelSearchCountsEveryMatch();
    void emptyAndMissingNeedles();
    void findBarWalksMatchesBuildingFewRows();
    void findBarMarksProseAndCards();
    void noMatchesAndEscape();
    void olderPagesLoadAFewPerTurn();
    void olderPagesReadOnAThreadAreSearched();
    void historyStopsAtTheLimit_data();
    void historyStopsAtTheLimit();
    void longSearchRunsInSlices();
    void countsOnlyWhatACardDraws_data();
    void countsOnlyWhatACardDraws();
    void stepsOnlyToDrawnMatches();

private:
    ConversationModel m_model;
};

void tst_ConversationFind::initTestCase()
{
    m_model.setTranscript(Transcript::fromJsonLines(generatedConversation()));
    QCOMPARE(m_model.transcript().messages.size(), kMessages);
}

void tst_ConversationFind::modelSearchCountsEveryMatch()
{
    const QList<ConversationMatch> matches = findInConversation(m_model, QStringLiteral("ZEBRA"));
    QCOMPARE(messagesOf(matches), kZebraMessages);
    // The user turn holds two: occurrences 0 and 1 of the same row, at their offsets.
    QCOMPARE(matches.at(3).row, matches.at(4).row);
    QCOMPARE(matches.at(3).occurrence, 0);
    QCOMPARE(matches.at(4).occurrence, 1);
    QCOMPARE(matches.at(4).start, 9);
    QCOMPARE(matches.at(4).length, 5);
    QCOMPARE(m_model.blockType(matches.at(3).row), BlockType::UserText);
    QCOMPARE(m_model.blockType(matches.last().row), BlockType::Card);
    QCOMPARE(blockSearchText(m_model, matches.last().row).mid(matches.last().start, 5), QStringLiteral("Zebra"));
    // A limit stops early.
    QCOMPARE(findInConversation(m_model, QStringLiteral("zebra"), 3).size(), 3);
    QCOMPARE(findInConversation(m_model, QStringLiteral("Question 1234")).size(), 1);
    QCOMPARE(findInConversation(m_model, QStringLiteral("Question 1234")).first().message, 1234);
}

void tst_ConversationFind::emptyAndMissingNeedles()
{
    QVERIFY(findInConversation(m_model, QString()).isEmpty());
    QVERIFY(findInConversation(m_model, QStringLiteral("okapi")).isEmpty());
}

void tst_ConversationFind::findBarWalksMatchesBuildingFewRows()
{
    FindWindow shown(&m_model);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    ConversationView &view = shown.view;
    FindBar &bar = *shown.bar;
    view.scrollToBottom();

    bar.activate();
    QVERIFY(bar.isVisible());
    QCOMPARE(QApplication::focusWidget(), bar.field());
    bar.setNeedle(QStringLiteral("zebra"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.matchCount(), 8);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 8"));
    QCOMPARE(bar.findChild<QLabel *>(QStringLiteral("findStatus"))->text(), QStringLiteral("1 of 8"));
    QCOMPARE(bar.currentMatch().message, 999);
    QVERIFY(view.widgetForRow(bar.currentMatch().row));

    // Enter walks forward, F3 too, Shift+Enter back; past the last it wraps to the first.
    QTest::keyClick(bar.field(), Qt::Key_Return);
    QCOMPARE(bar.statusText(), QStringLiteral("2 of 8"));
    QCOMPARE(bar.currentMatch().message, 2999);
    QTest::keyClick(bar.field(), Qt::Key_F3);
    QCOMPARE(bar.currentMatch().message, 4999);
    QTest::keyClick(bar.field(), Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(bar.currentMatch().message, 2999);
    QTest::keyClick(bar.field(), Qt::Key_F3, Qt::ShiftModifier);
    QTest::keyClick(bar.field(), Qt::Key_F3, Qt::ShiftModifier);
    QCOMPARE(bar.statusText(), QStringLiteral("8 of 8"));
    QCOMPARE(bar.currentMatch().message, 9501);
    QTest::keyClick(bar.field(), Qt::Key_Return);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 8"));

    // Far away and back: each jump builds the rows around the match only, never the whole history.
    for (int i = 0; i < 8; ++i) {
        const ConversationMatch match = bar.currentMatch();
        QCOMPARE(match.message, kZebraMessages.at(i));
        QWidget *row = view.widgetForRow(match.row);
        QVERIFY2(row, qPrintable(QStringLiteral("match %1 is not built").arg(i)));
        QVERIFY(row->isVisible());
        const int top = view.rowTop(match.row);
        QVERIFY(top < view.verticalScrollBar()->value() + view.viewport()->height());
        QVERIFY(top + row->height() > view.verticalScrollBar()->value());
        QVERIFY2(view.liveWidgetCount() < 200, qPrintable(QString::number(view.liveWidgetCount())));
        bar.findNext();
    }
}

void tst_ConversationFind::findBarMarksProseAndCards()
{
    FindWindow shown(&m_model);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    ConversationView &view = shown.view;
    FindBar &bar = *shown.bar;
    bar.activate();
    bar.setNeedle(QStringLiteral("zebra"));
    QVERIFY(searched(bar));

    // Prose: the answer's text view marks "zebra" (shown bold, found without the Markdown marks).
    QWidget *prose = view.widgetForRow(bar.currentMatch().row);
    QCOMPARE(m_model.blockType(bar.currentMatch().row), BlockType::AssistantProse);
    QCOMPARE(highlightedTexts(prose), QStringList{QStringLiteral("zebra")});
    QVERIFY(!currentHighlightRect(prose).isNull());

    // The user turn with two: the second is current.
    bar.findNext();
    bar.findNext();
    bar.findNext();
    bar.findNext();
    QCOMPARE(bar.currentMatch().occurrence, 1);
    QWidget *user = view.widgetForRow(bar.currentMatch().row);
    QCOMPARE(highlightedTexts(user), QStringList{QStringLiteral("Zebra")});

    // The card: its value label.
    bar.findNext();
    bar.findNext();
    bar.findNext();
    QCOMPARE(bar.currentMatch().message, 9501);
    QWidget *card = view.widgetForRow(bar.currentMatch().row);
    QCOMPARE(highlightedTexts(card), QStringList{QStringLiteral("Zebra")});
    // The row scrolled out of reach earlier lost its marks with its widget; the old prose row, rebuilt
    // when scrolled back, is marked again but not as current.
    bar.findNext();
    QCOMPARE(bar.currentMatch().message, 999);
    QCOMPARE(highlightedTexts(view.widgetForRow(bar.currentMatch().row)), QStringList{QStringLiteral("zebra")});
}

void tst_ConversationFind::noMatchesAndEscape()
{
    FindWindow shown(&m_model);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    ConversationView &view = shown.view;
    FindBar &bar = *shown.bar;
    bar.activate();
    bar.setNeedle(QStringLiteral("okapi"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.matchCount(), 0);
    QCOMPARE(bar.currentMatch().row, -1);
    QCOMPARE(bar.statusText(), QStringLiteral("No matches"));
    QCOMPARE(bar.findChild<QLabel *>(QStringLiteral("findStatus"))->text(), QStringLiteral("No matches"));
    QTest::keyClick(bar.field(), Qt::Key_Return); // nothing to go to: no crash, still none
    QCOMPARE(bar.statusText(), QStringLiteral("No matches"));

    bar.setNeedle(QStringLiteral("Question 9998"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 1"));
    QWidget *row = view.widgetForRow(bar.currentMatch().row);
    QCOMPARE(highlightedTexts(row), QStringList{QStringLiteral("Question 9998")});
    QTest::keyClick(bar.field(), Qt::Key_Escape);
    QVERIFY(!bar.isVisible());
    QVERIFY(highlightedTexts(row).isEmpty());
}

// A conversation read by pages (a very large file, a stored one): the find bar loads its older pages a
// few per event-loop turn, says so meanwhile, and counts the whole history once they are in.
void tst_ConversationFind::olderPagesLoadAFewPerTurn()
{
    constexpr int kPages = 40;
    constexpr int kPerPage = 100;
    const auto page = [](int number) { return quaggaPage(number, kPerPage, {{0, 0}, {30, 50}}); };
    ConversationModel model;
    Transcript newest;
    newest.messages = page(kPages);
    model.setTranscript(newest);
    int pagesRead = 0;
    model.setOlderMessagesLoader([&](int) {
        if (pagesRead == kPages)
            return QList<Message>();
        QThread::msleep(2); // a page read from a file: 40 of them are ten times a step's budget
        return page(kPages - 1 - pagesRead++);
    });
    FindWindow shown(&model, true); // as the window opens a conversation: the view itself asks for no older page
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    FindBar &bar = *shown.bar;
    QCoreApplication::processEvents();
    QCOMPARE(pagesRead, 0);
    bar.activate();

    // The field cleared while older pages come in: the loading stops there.
    bar.setNeedle(QStringLiteral("quagga"));
    QVERIFY(bar.isLoadingHistory());
    QCoreApplication::processEvents();
    bar.setNeedle(QString());
    QVERIFY(!bar.isLoadingHistory());
    const int readWhenCleared = pagesRead;
    QVERIFY(readWhenCleared < kPages);
    QTest::qWait(200);
    QCOMPARE(pagesRead, readWhenCleared);
    QCOMPARE(bar.statusText(), QString());

    bar.setNeedle(QStringLiteral("quagga"));
    QCOMPARE(pagesRead, readWhenCleared); // nothing read before the event loop turns
    QVERIFY(bar.isLoadingHistory());
    QCOMPARE(bar.statusText(), QStringLiteral("Searching older messages…"));
    const auto *status = bar.findChild<QLabel *>(QStringLiteral("findStatus"));
    QCOMPARE(status->text(), QStringLiteral("Searching older messages…"));
    int turns = 0;
    int mostInATurn = 0;
    QElapsedTimer clock;
    clock.start();
    while (bar.isLoadingHistory() && clock.elapsed() < 30000) {
        const int before = pagesRead;
        QCoreApplication::processEvents();
        mostInATurn = qMax(mostInATurn, pagesRead - before);
        ++turns;
    }
    QVERIFY(!bar.isLoadingHistory());
    QVERIFY(searched(bar));
    QCOMPARE(pagesRead, kPages);
    QVERIFY2(turns > 2 && mostInATurn < kPages / 2, qPrintable(QStringLiteral("%1 turns, at most %2 pages in one")
                                                                   .arg(turns).arg(mostInATurn)));
    QCOMPARE(model.transcript().messages.size(), (kPages + 1) * kPerPage);
    QCOMPARE(bar.matchCount(), 2);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 2"));
    QCOMPARE(bar.currentMatch().message, 0);
    QCOMPARE(model.message(bar.currentMatch().row).content, QStringLiteral("Page 0 line 0 sees a quagga"));
    bar.findNext();
    QCOMPARE(bar.currentMatch().message, 30 * kPerPage + 50);
}

// Pages read on a thread (a very large file's, setOlderMessagesReader): the find bar waits for each without
// holding the event loop, then searches the whole history.
void tst_ConversationFind::olderPagesReadOnAThreadAreSearched()
{
    constexpr int kPages = 8;
    constexpr int kPerPage = 100;
    const auto page = [](int number) { return quaggaPage(number, kPerPage, {{0, 3}, {5, 7}}); };
    ConversationModel model;
    Transcript newest;
    newest.messages = page(kPages);
    model.setTranscript(newest);
    std::atomic_int pagesRead{0};
    model.setOlderMessagesReader([&](int, QString *) {
        QThread::msleep(60);
        if (pagesRead == kPages)
            return QList<Message>();
        return page(kPages - 1 - pagesRead++);
    });
    FindWindow shown(&model, true);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    FindBar &bar = *shown.bar;
    bar.activate();
    bar.setNeedle(QStringLiteral("quagga"));
    QVERIFY(bar.isLoadingHistory());
    int turnsWhileReading = 0;
    QElapsedTimer clock;
    clock.start();
    while (bar.isLoadingHistory() && clock.elapsed() < 30000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        turnsWhileReading += model.isFetchingOlder() ? 1 : 0;
        if (bar.isLoadingHistory())
            QCOMPARE(bar.statusText(), QStringLiteral("Searching older messages…"));
    }
    QVERIFY(!bar.isLoadingHistory());
    QVERIFY(searched(bar));
    QCOMPARE(pagesRead.load(), kPages);
    QVERIFY2(turnsWhileReading > kPages, qPrintable(QString::number(turnsWhileReading)));
    QCOMPARE(model.transcript().messages.size(), (kPages + 1) * kPerPage);
    QCOMPARE(bar.matchCount(), 2);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 2"));
    QCOMPARE(model.message(bar.currentMatch().row).content, QStringLiteral("Page 0 line 3 sees a quagga"));
}

void tst_ConversationFind::historyStopsAtTheLimit_data()
{
    // With a regenerated answer among the newest lines, older pages redraw the model whole (modelReset)
    // instead of inserting rows: the reader's match and place must survive that too.
    QTest::addColumn<bool>("withVersions");
    QTest::newRow("rows inserted") << false;
    QTest::newRow("model redrawn") << true;
}

// Past the limit no more pages are loaded, and the status says which messages the count covers.
void tst_ConversationFind::historyStopsAtTheLimit()
{
    QFETCH(bool, withVersions);
    constexpr int kPerPage = 100;
    int pagesRead = 0;
    const auto page = [&pagesRead] { // an endless history, "quagga" once a page
        QByteArray lines;
        for (int i = 0; i < kPerPage; ++i)
            lines += R"({"role":"user","content":"Line )" + QByteArray::number(i) + (i == 7 ? " quagga" : "") + "\"}\n";
        ++pagesRead;
        return Transcript::fromJsonLines(lines).messages;
    };
    ConversationModel model;
    Transcript newest;
    newest.messages = page();
    if (withVersions) {
        QFile versions(QStringLiteral(TESSERA_TEST_DATA "/versions/regenerated.jsonl"));
        QVERIFY(versions.open(QIODevice::ReadOnly));
        newest.messages += Transcript::fromJsonLines(versions.readAll()).messages;
    }
    const int extra = int(newest.messages.size()) - kPerPage;
    model.setTranscript(newest);
    QCOMPARE(model.versions().isEmpty(), !withVersions);
    model.setOlderMessagesLoader([&](int) { return page(); });
    FindBar::setMaxHistoryMessages(1000);
    const auto restore = qScopeGuard([] { FindBar::setMaxHistoryMessages(FindBar::kMaxHistoryMessages); });
    FindWindow shown(&model, true);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    FindBar &bar = *shown.bar;
    QCoreApplication::processEvents();
    QCOMPARE(pagesRead, 1); // the newest page only: the view, at the end, asks for no older one
    bar.activate();
    bar.setNeedle(QStringLiteral("quagga"));
    QVERIFY(searched(bar));
    QTRY_VERIFY_WITH_TIMEOUT(!bar.isLoadingHistory(), 30000);
    QCOMPARE(model.transcript().messages.size(), 1000 + extra);
    QCOMPARE(pagesRead, 10);
    QCOMPARE(bar.matchCount(), 10);
    const QString thousand = QLocale().toString(1000 + extra);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 10 in the newest %1 messages").arg(thousand));
    // The first match is at the top of what is loaded, where the view itself asks for one older page, as
    // when the reader scrolls there. The search that follows stays on the same match, so the view does not
    // walk up the history a page at a time.
    const ConversationMatch first = bar.currentMatch();
    QCOMPARE(model.message(first.row).content, QStringLiteral("Line 7 quagga"));
    QTest::qWait(1000); // several debounce rounds
    QVERIFY(searched(bar));
    QVERIFY2(pagesRead <= 11, qPrintable(QString::number(pagesRead)));
    const int messages = int(model.transcript().messages.size());
    QCOMPARE(messages, pagesRead * kPerPage + extra);
    QCOMPARE(bar.matchCount(), pagesRead);
    QCOMPARE(bar.currentIndex(), pagesRead - 10); // the same match, with any older one above it
    QCOMPARE(bar.currentMatch().row, first.row + (pagesRead - 10) * kPerPage);
    const QString held = QLocale().toString(messages);
    const QString current = QLocale().toString(bar.currentIndex() + 1);
    QCOMPARE(bar.statusText(),
             QStringLiteral("%1 of %2 in the newest %3 messages").arg(current, QLocale().toString(pagesRead), held));
    bar.setNeedle(QStringLiteral("okapi"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.statusText(), QStringLiteral("No matches in the newest %1 messages").arg(held));
}

// A long conversation is searched a slice of rows per event-loop turn, with "Searching…" meanwhile; a
// needle typed during it replaces it. Here each turn searches one slice (a step budget of 0 ms).
void tst_ConversationFind::longSearchRunsInSlices()
{
    FindBar::setStepMs(0);
    const auto restore = qScopeGuard([] { FindBar::setStepMs(FindBar::kStepMs); });
    FindWindow shown(&m_model);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    ConversationView &view = shown.view;
    FindBar &bar = *shown.bar;
    bar.activate();
    bar.setNeedle(QStringLiteral("zebra"));
    QVERIFY(bar.isSearching());
    QCOMPARE(bar.matchCount(), 0);
    QCOMPARE(bar.statusText(), QStringLiteral("Searching…"));
    QCOMPARE(bar.findChild<QLabel *>(QStringLiteral("findStatus"))->text(), QStringLiteral("Searching…"));
    int turns = 0;
    while (bar.isSearching() && turns < 100000) {
        QCoreApplication::processEvents();
        ++turns;
    }
    QVERIFY2(turns > 10, qPrintable(QString::number(turns))); // m_model's rows in slices of 256
    QCOMPARE(messagesOf(findInConversation(m_model, QStringLiteral("zebra"))), kZebraMessages);
    QCOMPARE(bar.matchCount(), 8);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 8"));
    QCOMPARE(bar.currentMatch().message, kZebraMessages.first());

    // Enter while a search runs walks nothing (the old matches are listed still, not for walking): the
    // search lands on the first match from the reader's. Shift+Enter then: the match before that one.
    auto *next = bar.findChild<QToolButton *>(QStringLiteral("findNext"));
    bar.setNeedle(QStringLiteral("Question 2"));
    QVERIFY(bar.isSearching());
    QVERIFY(!next->isEnabled());
    QTest::keyClick(bar.field(), Qt::Key_Return);
    QTest::keyClick(bar.field(), Qt::Key_F3);
    QCOMPARE(bar.currentMatch().message, kZebraMessages.first()); // not moved on the old needle's matches
    QVERIFY(searched(bar));
    QVERIFY(next->isEnabled());
    QCOMPARE(bar.currentMatch().message, 2000); // "Question 2000": the first from message 999 on
    bar.setNeedle(QStringLiteral("Question 2 "));
    bar.setNeedle(QStringLiteral("Question 2"));
    QVERIFY(bar.isSearching());
    QTest::keyClick(bar.field(), Qt::Key_Return, Qt::ShiftModifier);
    QVERIFY(searched(bar));
    QCOMPARE(bar.currentMatch().message, 298); // the last "Question 2…" before "Question 2000"

    // Typed again while a search is under way: the new needle's search replaces it.
    bar.setNeedle(QStringLiteral("zebra"));
    QVERIFY(bar.isSearching());
    bar.setNeedle(QStringLiteral("Question 9998"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.matchCount(), 1);
    QCOMPARE(bar.currentMatch().message, 9998);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 1"));

    // A message arriving at the end while a search is under way (an answer streaming in) is searched as
    // the search reaches it, not by a search started over.
    ConversationModel model;
    model.setTranscript(m_model.transcript());
    view.setModel(&model);
    FindBar other(&view, &shown.window);
    other.activate();
    other.setNeedle(QStringLiteral("zebra"));
    QVERIFY(other.isSearching());
    QCoreApplication::processEvents();
    QVERIFY(other.isSearching());
    const QByteArray late = R"({"role":"assistant","content":"A late zebra."})";
    model.appendMessage(Transcript::fromJsonLines(late).messages.first());
    int turnsLeft = 0;
    while (other.isSearching() && turnsLeft < 100000) {
        QCoreApplication::processEvents();
        ++turnsLeft;
    }
    QVERIFY2(turnsLeft < turns, qPrintable(QStringLiteral("%1 turns after, %2 in all").arg(turnsLeft).arg(turns)));
    QCOMPARE(other.matchCount(), 9);
    const QString firstAnswer = QStringLiteral("Answer 999 mentions a **zebra** crossing.");
    QCOMPARE(model.message(other.currentMatch().row).content, firstAnswer);
    other.findPrevious();
    QCOMPARE(other.currentMatch().message, kMessages);
}

namespace {

// The demo's valid cards, one row per card, and a canvas whose data and html hold words never drawn.
QList<QByteArray> cardLines()
{
    QList<QByteArray> lines;
    QFile demo(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"));
    if (demo.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : demo.readAll().split('\n')) {
            if (line.contains("\"role\":\"tool\"") && line.contains("\"structured\""))
                lines.append(line);
        }
    }
    lines.append(R"({"role":"tool","tool_call_id":"cv","name":"render_ui","content":"rendered","structured":{"card":)"
                 R"({"kind":"canvas","specVersion":1,"payload":{"title":"Okapi map","html":"<p>okapi tracks</p>",)"
                 R"("data":{"animal":"okapi","count":3}}}}})");
    return lines;
}

// Every word of three letters or more in what the model searches, and in what the widget shows, and a
// few strings of the plain-text forms' own (markers, separators, headings) that no card draws.
QStringList needlesFor(const QString &modelText, const QWidget *widget)
{
    QString all = modelText;
    for (const QLabel *label : widget->findChildren<QLabel *>())
        all += QLatin1Char(' ') + label->text();
    QStringList needles{QStringLiteral("series"), QStringLiteral("Status:"), QStringLiteral("["),
                        QStringLiteral("\u2014"), QStringLiteral("- "), QStringLiteral("specVersion"),
                        QStringLiteral("payload")};
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}]{3,}"));
    for (auto it = word.globalMatch(all); it.hasNext();) {
        const QString w = it.next().captured();
        if (!needles.contains(w, Qt::CaseInsensitive))
            needles.append(w);
    }
    return needles;
}

} // namespace

void tst_ConversationFind::countsOnlyWhatACardDraws_data()
{
    QTest::addColumn<QByteArray>("line");
    QSet<QString> seen;
    for (const QByteArray &line : cardLines()) {
        ConversationModel model;
        model.setTranscript(Transcript::fromJsonLines(line + '\n'));
        const Card *card = model.rowCount() ? model.card(model.rowCount() - 1) : nullptr;
        if (!card || !card->isValid())
            continue;
        const QString name = card->kindName() + QLatin1Char(' ') + QString::number(seen.size());
        seen.insert(name);
        QTest::newRow(qPrintable(name)) << line;
    }
}

// The model's count for a card's row equals the marks its widget makes, for every word it holds: the
// find bar never counts (or steps to) a match the card does not draw.
void tst_ConversationFind::countsOnlyWhatACardDraws()
{
    QFETCH(QByteArray, line);
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(line + '\n'));
    const int row = model.rowCount() - 1;
    const Card *card = model.card(row);
    QVERIFY(card && card->isValid());
    QWidget host;
    auto *layout = new QVBoxLayout(&host);
    QWidget *widget = RendererRegistry::createCardWidget(*card, RenderContext{}, &host);
    layout->addWidget(widget);
    host.resize(800, 900);
    host.show();
    QVERIFY(QTest::qWaitForWindowExposed(&host));
    const QString text = blockSearchText(model, row);
    QStringList wrong;
    for (const QString &needle : needlesFor(text, widget)) {
        const int counted = int(findInConversation(model, needle).size());
        const int marked = highlightInBlock(widget, needle, 0);
        if (counted != marked)
            wrong.append(QStringLiteral("%1: counted %2, drawn %3").arg(needle).arg(counted).arg(marked));
    }
    highlightInBlock(widget, QString(), -1);
    QVERIFY2(wrong.isEmpty(), qPrintable(card->kindName() + QStringLiteral(" — ") + wrong.join(QStringLiteral("; "))));
}

// A canvas holding "okapi" in its html and data, a chart holding it in its points' labels and a table
// in an empty column's key: none draws it, so the bar counts the two prose matches and every step
// lands on a mark.
void tst_ConversationFind::stepsOnlyToDrawnMatches()
{
    const QByteArray lines =
        R"({"role":"user","content":"Where is the okapi?"})" "\n"
        R"({"role":"tool","tool_call_id":"cv","name":"render_ui","content":"rendered","structured":{"card":)"
        R"({"kind":"canvas","specVersion":1,"payload":{"title":"Map","html":"<p>okapi</p>","data":{"okapi":"okapi"}}}}})" "\n"
        R"({"role":"tool","tool_call_id":"ch","name":"emit_card","content":"rendered","structured":{"card":)"
        R"({"kind":"metric_chart","specVersion":1,"payload":{"title":"Sightings","xLabel":"okapi days",)"
        R"("series":[{"name":"okapi","points":[{"x":"okapi 1","y":1},{"x":"okapi 2","y":2}]}]}}}})" "\n"
        R"({"role":"tool","tool_call_id":"t","name":"emit_card","content":"rendered","structured":{"card":)"
        R"({"kind":"data_table","specVersion":1,"payload":{"columns":[{"key":"okapi","label":"Okapi"}],"rows":[{}]}}}})" "\n"
        R"({"role":"assistant","content":"The okapi is in the forest."})" "\n";
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(lines));
    FindWindow shown(&model);
    QVERIFY(QTest::qWaitForWindowExposed(&shown.window));
    ConversationView &view = shown.view;
    FindBar &bar = *shown.bar;
    bar.activate();
    bar.setNeedle(QStringLiteral("okapi"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.matchCount(), 2);
    QCOMPARE(bar.statusText(), QStringLiteral("1 of 2"));
    for (int step = 0; step < 4; ++step) { // twice round: wrapping lands on drawn matches too
        const ConversationMatch match = bar.currentMatch();
        QWidget *row = view.widgetForRow(match.row);
        QVERIFY(row);
        QCOMPARE(highlightedTexts(row).value(0).toLower(), QStringLiteral("okapi"));
        QVERIFY(!currentHighlightRect(row).isNull());
        bar.findNext();
    }
    // The cards' own titles are drawn, and found.
    bar.setNeedle(QStringLiteral("Sightings"));
    QVERIFY(searched(bar));
    QCOMPARE(bar.matchCount(), 1);
    QCOMPARE(highlightedTexts(view.widgetForRow(bar.currentMatch().row)), QStringList{QStringLiteral("Sightings")});
}

QTEST_MAIN(tst_ConversationFind)
#include "tst_conversationfind.moc"
