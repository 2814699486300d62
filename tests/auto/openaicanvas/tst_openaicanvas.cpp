// control_ui (issue 15) after a stopped turn: the OpenAI-compatible backend judges the model's canvas
// calls against its own copy of the panel. A stop that lands between two accepted calls must leave that
// copy as the store has it (one tab), not as the backend's answers went (two).

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <backend/openaibackend.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <workbench/canvaspanelstate.h>

#include "../backendopenai/fakeopenaiserver.h"

using namespace Tessera;

namespace {

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

} // namespace

class tst_OpenAiCanvas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stopBetweenTwoCanvasCalls();
};

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

QTEST_MAIN(tst_OpenAiCanvas)
#include "tst_openaicanvas.moc"
