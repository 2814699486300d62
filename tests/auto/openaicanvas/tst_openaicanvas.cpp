// control_ui (issue 15) after a stopped turn: the OpenAI-compatible backend judges the model's canvas
// calls against its own copy of the panel. A stop that lands between two accepted calls must leave that
// copy as the store has it (one tab), not as the backend's answers went (two).
// control_ui beside an MCP call (issues 15, 16): in a round that also calls a tool of server-everything,
// which waits for consent, the control_ui calls are judged and applied as in a round of control_ui alone.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <backend/openaibackend.h>
#include <backend/toolhost.h>
#include <cards/conversationmodel.h>
#include <mcp/mcptoolhost.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <workbench/canvaspanelstate.h>
#include <tests/support/mcpservers.h>

#include "../backendopenai/fakeopenaiserver.h"

using namespace Tessera;

namespace {

constexpr int kStartMs = 60000; // a cold node start on a loaded two-core machine
constexpr int kTurnMs = 90000;

QByteArray recorded(const char *name)
{
    QFile file(QStringLiteral(TESSERA_TEST_DATA "/openai/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList tabTitles(const CanvasPanelState &panel)
{
    QStringList titles;
    for (const CanvasTab &tab : panel.tabs())
        titles.append(tab.id + QLatin1Char(':') + tab.title);
    return titles;
}

// "tab-1 markdown Notes notes.md \"# Notes\"" per tab: what a tab shows and where it came from.
QStringList tabShapes(const CanvasPanelState &panel)
{
    QStringList shapes;
    for (const CanvasTab &tab : panel.tabs()) {
        shapes.append(QStringLiteral("%1 %2 %3 %4 %5")
                          .arg(tab.id, tab.type == CanvasContentType::Markdown ? QStringLiteral("markdown") : QStringLiteral("other"),
                               tab.title, tab.source, QString::fromUtf8(tab.contentJson)));
    }
    return shapes;
}

// What one turn of a fixture left: the panels, the stored lines, and the control_ui answers.
struct Round
{
    QStringList sessionTabs;    // the session's panel (what the window's panel shows)
    QStringList backendTabs;    // the backend's copy, which the next calls are judged against
    QStringList replayedTabs;   // the stored conversation replayed
    QStringList historyTabs;    // a new backend given the stored conversation (setHistory)
    QStringList tabsAtConsent;  // the session's panel while the MCP call waited for consent
    QStringList modelAnswers;   // the control_ui tool messages' contents the model was sent, in order
    QStringList storedAnswers;  // the stored control_ui tool lines' contents, in order
    int canvasCommands = 0;     // canvas lines stored
    int requests = 0;
};

// The control_ui tool messages of a chat request's body, in order.
QStringList controlUiAnswers(const QByteArray &body, const QSet<QString> &controlIds)
{
    QStringList answers;
    const QJsonArray messages = QJsonDocument::fromJson(body).object().value(QLatin1String("messages")).toArray();
    for (const QJsonValue &message : messages) {
        const QJsonObject object = message.toObject();
        if (object.value(QLatin1String("role")) == QLatin1String("tool")
            && controlIds.contains(object.value(QLatin1String("tool_call_id")).toString()))
            answers.append(object.value(QLatin1String("content")).toString());
    }
    return answers;
}

// One turn: the fixture's round, then prose. host null: no MCP tools; else the round's MCP call
// (consent:call_echo) is allowed once when it asks.
void runRound(const char *fixture, McpToolHost *host, Round *out)
{
    const QByteArray sse = recorded(fixture);
    QVERIFY(!sse.isEmpty());
    FakeOpenAiServer server;
    server.enqueue(ScriptedResponse::sse(sse));
    server.enqueue(ScriptedResponse::prose(QStringLiteral("Done.")));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ConversationStore store;
    QVERIFY(store.open(dir.path()).ok());
    ConversationModel model;
    ConversationSession session(&model, &store);
    auto *backend = new OpenAiBackend(server.baseUrl(), QStringLiteral("small"), QString()); // Owned by the session.
    if (host)
        backend->setToolHost(host);
    session.setBackend(backend);
    backend->start();
    QSignalSpy finished(&session, &ConversationSession::turnFinished);
    QSignalSpy commands(&session, &ConversationSession::canvasCommandStored);
    QString error;
    QVERIFY2(session.sendUserMessage(QStringLiteral("Notes beside the chat, and echo hi there"), &error), qPrintable(error));
    if (host) {
        const QString cardId = QLatin1String(ToolConsent::kCardIdPrefix) + QStringLiteral("call_echo");
        QTRY_VERIFY_WITH_TIMEOUT(backend->awaitsDecision(cardId), kTurnMs);
        QCOMPARE(server.requests().size(), 1); // nothing went back to the model yet
        out->tabsAtConsent = tabShapes(session.canvasState());
        QVERIFY2(session.sendCardDecision(cardId, QLatin1String(ToolConsent::kAllowOnce), QStringLiteral("allowed_once"),
                                          QStringLiteral("[Decision on %1: allow_once]").arg(cardId), &error),
                 qPrintable(error));
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTurnMs);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Completed);

    const QSet<QString> controlIds = {QStringLiteral("call_open_notes"), QStringLiteral("call_update_missing")};
    out->requests = int(server.requests().size());
    QCOMPARE(out->requests, 2);
    out->modelAnswers = controlUiAnswers(server.requests().at(1).body, controlIds);
    const QList<QByteArray> lines = store.rawLines(session.conversationId());
    for (const QByteArray &line : lines) {
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        if (object.value(QLatin1String("role")) == QLatin1String("tool")
            && object.value(QLatin1String("name")) == QLatin1String("control_ui"))
            out->storedAnswers.append(object.value(QLatin1String("content")).toString());
    }
    out->sessionTabs = tabShapes(session.canvasState());
    out->backendTabs = tabShapes(backend->canvasState());
    out->replayedTabs = tabShapes(CanvasPanelState::replayLines(lines));
    OpenAiBackend fresh(server.baseUrl(), QStringLiteral("small"), QString());
    fresh.setHistory(lines);
    out->historyTabs = tabShapes(fresh.canvasState());
    out->canvasCommands = int(commands.size());
}

} // namespace

class tst_OpenAiCanvas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void stopBetweenTwoCanvasCalls();
    void controlUiBesideAnMcpCall_data();
    void controlUiBesideAnMcpCall();
};

void tst_OpenAiCanvas::initTestCase()
{
    QVERIFY(ToolConsent::registerKind());
}

void tst_OpenAiCanvas::stopBetweenTwoCanvasCalls()
{
    const QByteArray sse = recorded("control-ui-two-opens.sse");
    QVERIFY(!sse.isEmpty());
    FakeOpenAiServer server;
    server.enqueue(ScriptedResponse::sse(sse));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ConversationStore store;
    QVERIFY(store.open(dir.path()).ok());
    ConversationModel model;
    ConversationSession session(&model, &store);
    auto *backend = new OpenAiBackend(server.baseUrl(), QStringLiteral("small"), QString()); // Owned by the session.
    session.setBackend(backend);
    backend->start();

    // The person's Stop lands right after the first tab is stored, before the second call's event.
    bool stopped = false;
    connect(&session, &ConversationSession::canvasCommandStored, this, [&] {
        if (!stopped) {
            stopped = true;
            session.stopTurn();
        }
    });
    QSignalSpy finished(&session, &ConversationSession::turnFinished);
    QString error;
    QVERIFY2(session.sendUserMessage(QStringLiteral("Two notes beside the chat, please"), &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(stopped, 10000);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Stopped);
    QVERIFY(!backend->isAnswering());

    const CanvasPanelState stored = CanvasPanelState::replayLines(store.rawLines(session.conversationId()));
    QCOMPARE(tabTitles(stored), QStringList{QStringLiteral("tab-1:Notes")});
    QCOMPARE(tabTitles(backend->canvasState()), tabTitles(stored));
    QCOMPARE(tabTitles(session.canvasState()), tabTitles(stored));
    QTest::qWait(200); // nothing of the stopped round arrives later
    QCOMPARE(tabTitles(backend->canvasState()), tabTitles(stored));
    QCOMPARE(server.requests().size(), 1);
}

void tst_OpenAiCanvas::controlUiBesideAnMcpCall_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<bool>("openBeforeConsent"); // control_ui comes before the MCP call in the round
    QTest::newRow("control_ui, then the MCP call") << QStringLiteral("control-ui-then-mcp.sse") << true;
    QTest::newRow("the MCP call, then control_ui") << QStringLiteral("mcp-then-control-ui.sse") << false;
}

void tst_OpenAiCanvas::controlUiBesideAnMcpCall()
{
    QFETCH(QString, fixture);
    QFETCH(bool, openBeforeConsent);
    using namespace Tessera::TestSupport::McpServers;
    if (!QFileInfo::exists(everythingCommand()))
        QFAIL("node_modules lacks the MCP servers: run npm ci --ignore-scripts in the source directory");

    // The same two control_ui calls (an open, an update of a tab that does not exist) alone in a round.
    Round alone;
    runRound("control-ui-notes.sse", nullptr, &alone);
    if (QTest::currentTestFailed())
        return;
    const QString notes = QStringLiteral("tab-1 markdown Notes notes.md \"# Notes\"");
    QCOMPARE(alone.sessionTabs, QStringList{notes});
    QCOMPARE(alone.modelAnswers.size(), 2);
    QCOMPARE(alone.modelAnswers.at(0), QStringLiteral("canvas: opened Notes (tab tab-1)"));
    QVERIFY2(alone.modelAnswers.at(1).contains(QLatin1String("tab-9")), qPrintable(alone.modelAnswers.at(1)));

    McpToolHost host({everything()});
    QSignalSpy ready(&host, &McpToolHost::ready);
    host.start();
    QVERIFY(host.isReady() || ready.wait(kStartMs));
    QVERIFY(host.problems().isEmpty());
    QVERIFY(host.findTool(QStringLiteral("everything__echo")));
    Round mixed;
    runRound(fixture.toUtf8().constData(), &host, &mixed);
    if (QTest::currentTestFailed())
        return;

    // Applied as it arrived: before the consent when it came first, after the run when it came last.
    QCOMPARE(mixed.tabsAtConsent, openBeforeConsent ? QStringList{notes} : QStringList());
    QCOMPARE(mixed.sessionTabs, QStringList{notes});
    QCOMPARE(mixed.backendTabs, QStringList{notes});
    QCOMPARE(mixed.replayedTabs, QStringList{notes});
    QCOMPARE(mixed.historyTabs, QStringList{notes});
    QCOMPARE(mixed.canvasCommands, alone.canvasCommands);
    QCOMPARE(mixed.canvasCommands, 1); // the open; the refused update stores no canvas line
    // The model is told what the control_ui-only round tells it, and the store keeps the same words.
    QCOMPARE(mixed.modelAnswers, alone.modelAnswers);
    QCOMPARE(mixed.storedAnswers, alone.storedAnswers);
    QCOMPARE(mixed.storedAnswers, alone.modelAnswers);
}

QTEST_MAIN(tst_OpenAiCanvas)
#include "tst_openaicanvas.moc"
