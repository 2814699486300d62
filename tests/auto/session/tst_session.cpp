// ConversationSession (issue 5, issue 6): an in-process fake backend plays wire events; after each script
// the test reads the conversation model's blocks and the store's rows.

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <backend/backend.h>
#include <backend/wireevent.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

// A Backend that plays the events a test hands it and records what the session writes.
class FakeBackend : public Backend
{
    Q_OBJECT

public:
    using Backend::Backend;
    QString description() const override { return QStringLiteral("fake backend"); }
    void start() override { setState(ConnectionState::Connected); }
    void stop() override { setState(ConnectionState::Disconnected); }
    void cancelTurn() override { ++cancelled; }

    // One event line as a transport would receive it (parsed by the real wire parser).
    void play(const QByteArray &line) { receiveEvent(line, QStringLiteral("line %1").arg(++m_line)); }
    void fail(const QString &detail) { setState(ConnectionState::Failed, detail); }
    void drop(const QString &detail) { setState(ConnectionState::Reconnecting, detail); }
    // What Restart Backend does: a fresh process or connection.
    void restartFresh()
    {
        setState(ConnectionState::Disconnected);
        setState(ConnectionState::Connecting);
        setState(ConnectionState::Connected);
    }

    QList<QByteArray> written;
    QString writeError; // non-empty: every write fails with it
    int cancelled = 0;

protected:
    bool writeEvent(const QByteArray &event, QString *error) override
    {
        if (!writeError.isEmpty()) {
            *error = writeError;
            return false;
        }
        written.append(event);
        return true;
    }

private:
    int m_line = 0;
};

QByteArray dump(const nlohmann::ordered_json &value)
{
    return QByteArray::fromStdString(value.dump());
}

QByteArray started(const char *turn)
{
    return dump({{"type", "turn.started"}, {"turnId", turn}});
}

QByteArray completed(const char *turn)
{
    return dump({{"type", "turn.completed"}, {"turnId", turn}});
}

QByteArray delta(const char *turn, const QString &text)
{
    return dump({{"type", "message.delta"}, {"turnId", turn}, {"text", text.toStdString()}});
}

// A message event around a transcript line written as text (its exact bytes are what gets stored).
QByteArray messageEvent(const QByteArray &line)
{
    return "{\"type\":\"message\",\"message\":" + line + '}';
}

const QByteArray kValidCard = R"({"kind":"text","specVersion":1,"payload":{"title":"Why","text":"Because."}})";
const QByteArray kInvalidCard = R"({"kind":"text","specVersion":2,"payload":{"title":"Why","text":"Because."}})";

QByteArray toolLine(const QByteArray &card, const char *turn, const char *callId = "call_1")
{
    return QByteArray(R"({"role":"tool","tool_call_id":")") + callId + R"(","name":"emit_card","content":"rendered: text",)"
            + R"("structured":{"card":)" + card + R"(},"turn_id":")" + turn + "\"}";
}

} // namespace

class tst_Session : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void deltasCoalescedIntoOneProseBlock();
    void fullMessageAfterDeltasWins_data();
    void fullMessageAfterDeltasWins();
    void cardValidatedAtTheWire();
    void invalidEnvelopeIsFallbackAndLogged();
    void cardCallDrawnOnce_data();
    void cardCallDrawnOnce();
    void unknownTurnIgnored();
    void unknownEventTypeReported();
    void timeoutCutsTheTurnOff();
    void noTurnStartedTimesOut();
    void stopKeepsProseAndIgnoresTheRest();
    void errorEventFailsTheTurn();
    void restartedBackendMayReuseTurnIds();
    void reusedTurnIdIsAClearError();
    void connectionLostMidTurnFailsTheTurn();
    void backendFailsMidTurnLosesNothing();
    void emptyTurnIsNeverBlank();
    void cardUpdateStoredAndApplied();
    void ghostCardUpdatesAreRefused();
    void proseIsNeverShownTwice();
    void decisionSentThenStored();
    void decisionRefusedWhileBusy();
    void widgetActionStored();
    void sendRefusedAddsNothing_data();
    void sendRefusedAddsNothing();
    void failedWriteKeepsTheLine();
    void tenThousandDeltasExact();
    void streamingRowsInModel();
    void viewFollowsTheStream();
    void canvasCommandsStoredAndChecked();
    void canvasUpdateForAConversationNotOpen();

private:
    // Each row as "TYPE:text" (user, prose, card, tool, unreadable, notice); a streaming row ends in " …".
    QStringList blocks() const;
    QList<QByteArray> stored() const;
    void sendHello();

    QTemporaryDir *m_dir = nullptr;
    ConversationStore *m_store = nullptr;
    ConversationModel *m_model = nullptr;
    ConversationSession *m_session = nullptr;
    FakeBackend *m_backend = nullptr; // Owned by the session.
};

void tst_Session::init()
{
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
    m_store = new ConversationStore;
    QVERIFY(m_store->open(m_dir->path()).ok());
    m_model = new ConversationModel;
    new QAbstractItemModelTester(m_model, QAbstractItemModelTester::FailureReportingMode::QtTest, m_model);
    m_session = new ConversationSession(m_model, m_store);
    m_backend = new FakeBackend;
    m_session->setBackend(m_backend);
    m_backend->start();
}

void tst_Session::cleanup()
{
    delete m_session;
    delete m_model;
    delete m_store;
    delete m_dir;
    m_backend = nullptr;
}

QStringList tst_Session::blocks() const
{
    QStringList out;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row);
        QString text;
        switch (m_model->blockType(row)) {
        case BlockType::UserText:
            text = QStringLiteral("user:") + m_model->blockText(row);
            break;
        case BlockType::AssistantProse:
            text = QStringLiteral("prose:") + m_model->blockText(row);
            break;
        case BlockType::Card:
            text = QStringLiteral("card:%1:%2").arg(m_model->card(row)->kindName(),
                                                   m_model->card(row)->isValid() ? QStringLiteral("valid")
                                                                                 : QStringLiteral("invalid"));
            break;
        case BlockType::ToolActivity:
            text = QStringLiteral("tool:") + m_model->blockText(row);
            break;
        case BlockType::Unreadable:
            text = QStringLiteral("unreadable");
            break;
        case BlockType::CutOff:
            text = QStringLiteral("notice:") + m_model->blockText(row);
            break;
        case BlockType::VersionSwitcher:
            text = QStringLiteral("versions:") + m_model->blockText(row);
            break;
        }
        if (index.data(ConversationModel::StreamingRole).toBool())
            text += QStringLiteral(" …");
        out.append(text);
    }
    return out;
}

QList<QByteArray> tst_Session::stored() const
{
    return m_session->conversationId().isEmpty() ? QList<QByteArray>() : m_store->rawLines(m_session->conversationId());
}

void tst_Session::sendHello()
{
    QString error;
    QVERIFY2(m_session->sendUserMessage(QStringLiteral("hello"), &error), qPrintable(error));
    QCOMPARE(m_backend->written.last(), userMessageEvent(QStringLiteral("hello")));
}

void tst_Session::deltasCoalescedIntoOneProseBlock()
{
    QSignalSpy created(m_session, &ConversationSession::conversationCreated);
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    sendHello();
    QCOMPARE(created.size(), 1);
    QVERIFY(m_session->isBusy());
    m_backend->play(started("t1"));
    QCOMPARE(m_session->activeTurnId(), QStringLiteral("t1"));
    QSignalSpy inserted(m_model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
    for (const char *piece : {"Hel", "lo ", "wor", "ld"})
        m_backend->play(delta("t1", QString::fromUtf8(piece)));
    // Nothing is redrawn per delta: the first redraw comes from the coalescing timer.
    QCOMPARE(inserted.size(), 0);
    QTRY_COMPARE(blocks(), QStringList({"user:hello", "prose:Hello world …"}));
    QCOMPARE(inserted.size(), 1); // four deltas, one block
    m_backend->play(delta("t1", QStringLiteral("!")));
    QTRY_COMPARE(blocks(), QStringList({"user:hello", "prose:Hello world! …"}));
    QCOMPARE(inserted.size(), 1); // same block count: replaced in place
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
    QCOMPARE(changed.at(0).at(2).value<QList<int>>(), QList<int>{Qt::DisplayRole}); // only the text grew

    m_backend->play(completed("t1"));
    QCOMPARE(blocks(), QStringList({"user:hello", "prose:Hello world!"}));
    QVERIFY(!m_model->hasStreamingMessage());
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("t1"));
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Completed);
    QVERIFY(!m_session->isBusy());
    QCOMPARE(stored(), QList<QByteArray>({R"({"role":"user","content":"hello"})",
                                          R"({"role":"assistant","content":"Hello world!","turn_id":"t1"})"}));
    const QList<TurnState> turns = m_store->turns(m_session->conversationId());
    QCOMPARE(turns.size(), 1);
    QVERIFY(turns.first().completed);
}

void tst_Session::fullMessageAfterDeltasWins_data()
{
    QTest::addColumn<QString>("streamed");
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QStringList>("expectedBlocks");
    QTest::addColumn<int>("storedLines"); // user line included

    const QByteArray full = R"({"role":"assistant","content":"Here is the table.","turn_id":"t1"})";
    QTest::newRow("same text") << "Here is the table." << full
                               << QStringList{"user:hello", "prose:Here is the table."} << 2;
    QTest::newRow("prefix streamed") << "Here is" << full << QStringList{"user:hello", "prose:Here is the table."} << 2;
    QTest::newRow("whitespace differs") << "\n Here is the " << full
                                        << QStringList{"user:hello", "prose:Here is the table."} << 2;
    QTest::newRow("different text") << "Let me look." << full
                                    << QStringList{"user:hello", "prose:Let me look.", "prose:Here is the table."} << 3;
    QTest::newRow("tool line after prose") << "Looking it up." << toolLine(kValidCard, "t1")
                                           << QStringList{"user:hello", "prose:Looking it up.", "card:text:valid"} << 3;
}

void tst_Session::fullMessageAfterDeltasWins()
{
    QFETCH(QString, streamed);
    QFETCH(QByteArray, line);
    QFETCH(QStringList, expectedBlocks);
    QFETCH(int, storedLines);
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", streamed));
    QTRY_VERIFY(m_model->hasStreamingMessage());
    m_backend->play(messageEvent(line));
    m_backend->play(completed("t1"));
    QCOMPARE(blocks(), expectedBlocks);
    const QList<QByteArray> rows = stored();
    QCOMPARE(rows.size(), storedLines);
    QCOMPARE(rows.last(), line); // the backend's line, byte for byte
}

void tst_Session::cardValidatedAtTheWire()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    QCOMPARE(blocks(), QStringList({"user:hello", "card:text:valid"}));
    QCOMPARE(m_model->data(m_model->index(1), ConversationModel::CardValidRole).toBool(), true);
    // Stored the moment it arrived, before the turn completed.
    QCOMPARE(stored().size(), 2);
    QCOMPARE(stored().at(1), toolLine(kValidCard, "t1"));
    m_backend->play(completed("t1"));
    QCOMPARE(blocks(), QStringList({"user:hello", "card:text:valid"})); // a card is an answer
}

void tst_Session::invalidEnvelopeIsFallbackAndLogged()
{
    QSignalSpy notices(m_session, &ConversationSession::notice);
    sendHello();
    m_backend->play(started("t1"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^tessera: line 2: text: /specVersion: ")));
    m_backend->play(messageEvent(toolLine(kInvalidCard, "t1")));
    QCOMPARE(blocks(), QStringList({"user:hello", "card:text:invalid"}));
    QCOMPARE(notices.size(), 1);
    QVERIFY2(notices.at(0).at(0).toString().contains(QStringLiteral("/specVersion")),
             qPrintable(notices.at(0).at(0).toString()));
    QCOMPARE(stored().at(1), toolLine(kInvalidCard, "t1")); // kept as received

    // A line that is not JSON at all inside a well-formed event cannot happen (the event would not
    // parse), but a line Tessera cannot read as a message (tool_calls not an array) becomes a block.
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("unreadable message line")));
    m_backend->play(messageEvent(R"({"role":"assistant","tool_calls":7})"));
    QCOMPARE(blocks().last(), QStringLiteral("unreadable"));
    QCOMPARE(stored().size(), 3);
}

void tst_Session::cardCallDrawnOnce_data()
{
    QTest::addColumn<QList<QByteArray>>("lines");
    QTest::addColumn<QStringList>("expectedBlocks");
    const QByteArray args = R"({\"kind\":\"text\",\"payload\":{\"title\":\"Why\",\"text\":\"Because.\"}})";
    const QByteArray call = R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"emit_card","arguments":")"
            + args + R"("}}],"turn_id":"t1"})";
    const QByteArray ack = R"({"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"rendered: text","turn_id":"t1"})";
    const QByteArray refused = R"({"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"{\"ok\":false,\"issues\":[]}","turn_id":"t1"})";
    const QByteArray prose = R"({"role":"assistant","content":"Done.","turn_id":"t1"})";
    QTest::newRow("answered with structured.card") << QList<QByteArray>{call, toolLine(kValidCard, "t1")}
                                                   << QStringList{"user:hello", "card:text:valid"};
    QTest::newRow("plain ack: drawn from arguments") << QList<QByteArray>{call, ack}
                                                     << QStringList{"user:hello", "card:text:valid"};
    QTest::newRow("refused: not drawn") << QList<QByteArray>{call, refused, prose}
                                        << QStringList{"user:hello", "prose:Done."};
    QTest::newRow("never answered: drawn before the next line") << QList<QByteArray>{call, prose}
                                                                << QStringList{"user:hello", "card:text:valid", "prose:Done."};
    QTest::newRow("never answered: drawn at the end") << QList<QByteArray>{call}
                                                      << QStringList{"user:hello", "card:text:valid"};
}

void tst_Session::cardCallDrawnOnce()
{
    QFETCH(QList<QByteArray>, lines);
    QFETCH(QStringList, expectedBlocks);
    sendHello();
    m_backend->play(started("t1"));
    for (const QByteArray &line : std::as_const(lines))
        m_backend->play(messageEvent(line));
    m_backend->play(completed("t1"));
    QCOMPARE(blocks(), expectedBlocks);
    // A replay of what was stored draws the same blocks.
    ConversationModel replay;
    replay.setTranscript(m_store->loadTranscript(m_session->conversationId()));
    QCOMPARE(replay.rowCount(), int(expectedBlocks.size()));
    for (int row = 0; row < replay.rowCount(); ++row)
        QCOMPARE(replay.blockType(row), m_model->blockType(row));
}

void tst_Session::unknownTurnIgnored()
{
    QSignalSpy notices(m_session, &ConversationSession::notice);
    sendHello();
    m_backend->play(started("t1"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("message.delta for turn zzz ignored")));
    m_backend->play(delta("zzz", QStringLiteral("not mine")));
    m_backend->play(delta("zzz", QStringLiteral("still not mine"))); // reported once per turn
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("message for turn zzz ignored")));
    m_backend->play(messageEvent(R"({"role":"assistant","content":"stray","turn_id":"zzz"})"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("turn.completed for turn zzz ignored")));
    m_backend->play(completed("zzz"));
    QCOMPARE(notices.size(), 3);
    QVERIFY(notices.at(0).at(0).toString().contains(QStringLiteral("zzz")));
    QVERIFY(m_session->isTurnActive()); // t1 goes on
    QCOMPARE(blocks(), QStringList({"user:hello"}));
    QCOMPARE(stored().size(), 1);
}

void tst_Session::unknownEventTypeReported()
{
    QSignalSpy notices(m_session, &ConversationSession::notice);
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("unknown event type")));
    m_backend->play(R"({"type":"turn.paused","turnId":"t1"})");
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("not JSON")));
    m_backend->play("{\"type\":");
    QCOMPARE(notices.size(), 2);
    QVERIFY(notices.at(0).at(0).toString().contains(QStringLiteral("turn.paused")));
    QCOMPARE(m_model->rowCount(), 0);
}

void tst_Session::timeoutCutsTheTurnOff()
{
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    m_session->setTurnTimeout(500);
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("Half an ans")));
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::TimedOut);
    QVERIFY(finished.at(0).at(2).toString().contains(QStringLiteral("500 ms")));
    const QStringList b = blocks();
    QCOMPARE(b.size(), 3);
    QCOMPARE(b.at(1), QStringLiteral("prose:Half an ans"));
    QVERIFY2(b.at(2).startsWith(QStringLiteral("notice:This turn was cut off")), qPrintable(b.at(2)));
    // The prose is kept and the stored turn is marked incomplete now, not only after a restart.
    QCOMPARE(stored().last(), QByteArray(R"({"role":"assistant","content":"Half an ans","turn_id":"t1"})"));
    const QList<TurnState> turns = m_store->turns(m_session->conversationId());
    QCOMPARE(turns.size(), 1);
    QVERIFY(turns.first().incomplete);
    QVERIFY(!turns.first().completed);
    // Late events of the cut-off turn change nothing.
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("ignored")));
    m_backend->play(delta("t1", QStringLiteral("wer")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("ignored")));
    m_backend->play(completed("t1"));
    QCOMPARE(blocks(), b);
    QCOMPARE(finished.size(), 1);
}

void tst_Session::noTurnStartedTimesOut()
{
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    m_session->setTurnTimeout(100);
    sendHello();
    QVERIFY(m_session->isBusy());
    QVERIFY(!m_session->isTurnActive());
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toString(), QString());
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::TimedOut);
    QVERIFY(!m_session->isBusy());
    QCOMPARE(blocks().size(), 2);
    QVERIFY(blocks().last().startsWith(QStringLiteral("notice:No answer")));
    // The turn given up on, starting late, is not applied.
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("turn.started for turn late ignored")));
    m_backend->play(started("late"));
    QVERIFY(!m_session->isTurnActive());
}

void tst_Session::stopKeepsProseAndIgnoresTheRest()
{
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("Part one")));
    m_session->stopTurn();
    QCOMPARE(m_backend->cancelled, 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Stopped);
    QCOMPARE(blocks(), QStringList({"user:hello", "prose:Part one", "notice:You stopped this turn."}));
    QCOMPARE(stored().last(), QByteArray(R"({"role":"assistant","content":"Part one","turn_id":"t1"})"));
    QVERIFY(m_store->turns(m_session->conversationId()).first().incomplete);
    // What the backend still sends of a turn the user stopped is expected: dropped without a notice.
    QSignalSpy notices(m_session, &ConversationSession::notice);
    m_backend->play(delta("t1", QStringLiteral(", part two")));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    QCOMPARE(notices.size(), 0);
    QTest::qWait(ConversationSession::kDeltaCoalesceMs * 3); // let a (wrong) redraw happen if it would
    QCOMPARE(blocks(), QStringList({"user:hello", "prose:Part one", "notice:You stopped this turn."}));
    QCOMPARE(stored().size(), 2);
    // The next message goes through.
    QVERIFY(m_session->sendUserMessage(QStringLiteral("again")));
}

void tst_Session::restartedBackendMayReuseTurnIds()
{
    // A new process numbers its turns from t1 again: its answer must be drawn and stored, not ignored.
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("First")));
    m_backend->play(completed("t1"));
    m_backend->restartFresh();
    QVERIFY(m_session->sendUserMessage(QStringLiteral("after restart")));
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("Second")));
    m_backend->play(completed("t1"));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Completed);
    QCOMPARE(blocks(), QStringList({"user:hello", "prose:First", "user:after restart", "prose:Second"}));
    QCOMPARE(stored().last(), QByteArray(R"({"role":"assistant","content":"Second","turn_id":"t1"})"));
}

void tst_Session::reusedTurnIdIsAClearError()
{
    // The same process starting the next turn as "t1" again: its answer was dropped as stale events
    // and the turn ended 120 s later as "the backend did not start a turn". Now it fails at once, by name.
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("First")));
    m_backend->play(completed("t1"));
    QVERIFY(m_session->sendUserMessage(QStringLiteral("again")));
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    m_backend->play(started("t1"));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Failed);
    QCOMPARE(finished.at(0).at(2).toString(),
             QStringLiteral("the backend started turn t1 again: that id belongs to an earlier turn of this conversation, so "
                            "its answer is not shown"));
    QVERIFY(!m_session->isBusy());
    m_backend->play(delta("t1", QStringLiteral("Second")));
    m_backend->play(completed("t1"));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(blocks(), QStringList({"user:hello", "prose:First", "user:again",
                                    "notice:No answer shown: the backend reused the turn id t1 of an earlier turn."}));
}

void tst_Session::connectionLostMidTurnFailsTheTurn()
{
    // A WebSocket that drops mid-turn reconnects, but the new connection does not continue the turn.
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("Half an answer")));
    m_backend->drop(QStringLiteral("retrying in 0.5 s: remote host closed"));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Failed);
    QCOMPARE(finished.at(0).at(2).toString(), QStringLiteral("the connection to the backend was lost mid-turn"));
    QCOMPARE(stored().last(), QByteArray(R"({"role":"assistant","content":"Half an answer","turn_id":"t1"})"));
    QVERIFY(!m_session->isBusy());
}

void tst_Session::errorEventFailsTheTurn()
{
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("Working")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("backend error: model overloaded")));
    m_backend->play(R"({"type":"error","message":"model overloaded"})");
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Failed);
    QCOMPARE(finished.at(0).at(2).toString(), QStringLiteral("the backend reported an error: model overloaded"));
    QCOMPARE(blocks(), QStringList({"user:hello", "prose:Working",
                                    "notice:The backend reported an error: model overloaded"}));
    QCOMPARE(stored(), QList<QByteArray>({
        R"({"role":"user","content":"hello"})",
        R"({"role":"assistant","content":"Working","turn_id":"t1"})",
        R"({"role":"system","content":"The backend reported an error: model overloaded","error":{"message":"model overloaded"},"turn_id":"t1"})",
    }));
    QVERIFY(m_store->turns(m_session->conversationId()).first().incomplete);
}

void tst_Session::backendFailsMidTurnLosesNothing()
{
    QSignalSpy finished(m_session, &ConversationSession::turnFinished);
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    m_backend->play(delta("t1", QStringLiteral("The card shows")));
    m_backend->fail(QStringLiteral("the backend exited with code 3: out of memory"));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(1).value<TurnOutcome>(), TurnOutcome::Failed);
    QCOMPARE(finished.at(0).at(2).toString(), QStringLiteral("the backend exited with code 3: out of memory"));
    QCOMPARE(blocks(), QStringList({"user:hello", "card:text:valid", "prose:The card shows",
                                    "notice:This turn was cut off: the backend exited with code 3: out of memory"}));
    QCOMPARE(stored().size(), 3);
    QCOMPARE(stored().at(1), toolLine(kValidCard, "t1"));
    QCOMPARE(stored().at(2), QByteArray(R"({"role":"assistant","content":"The card shows","turn_id":"t1"})"));
    // A replay after a restart shows the same lines and the turn cut off.
    ConversationModel replay;
    replay.setTranscript(m_store->loadTranscript(m_session->conversationId()));
    QCOMPARE(replay.rowCount(), 4);
    QCOMPARE(replay.blockType(3), BlockType::CutOff); // loadTranscript marks the cut-off lines
    QCOMPARE(m_store->incompleteSeqs(m_session->conversationId()), QSet<qint64>({2, 3}));
}

void tst_Session::emptyTurnIsNeverBlank()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("  \n"))); // whitespace is not an answer
    m_backend->play(completed("t1"));
    QCOMPARE(blocks(), QStringList({"user:hello", "notice:The agent sent no answer."}));
    QCOMPARE(stored().size(), 1);
    QVERIFY(m_store->turns(m_session->conversationId()).first().completed);
}

void tst_Session::cardUpdateStoredAndApplied()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    m_backend->play(completed("t1"));
    const QString cardId = m_model->card(1)->cardId();
    QCOMPARE(cardId, QStringLiteral("call_1"));
    m_backend->play(R"({"type":"card.update","cardId":"call_1","state":"decided","ref":"PR-42"})");
    QCOMPARE(stored().last(),
             QByteArray(R"({"role":"system","content":"card call_1 is now decided","card_update":{"cardId":"call_1","state":"decided","ref":"PR-42"}})"));
    QCOMPARE(blocks(), QStringList({"user:hello", "card:text:valid"})); // a system line draws nothing
    QCOMPARE(m_model->cardState(cardId).state, QStringLiteral("decided"));
}

// Issue 13: updates that name no card are refused, never stored, one notice per turn; ids and states
// have limits (ConversationSession::kMaxCardIdLength, kMaxCardStateLength).
void tst_Session::ghostCardUpdatesAreRefused()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    const qsizetype storedBefore = stored().size();
    const int rowsBefore = m_model->rowCount();
    QSignalSpy notices(m_session, &ConversationSession::notice);
    for (int i = 0; i < 5000; ++i)
        m_backend->play(QStringLiteral(R"({"type":"card.update","cardId":"ghost-%1","state":"live"})").arg(i).toUtf8());
    QCOMPARE(stored().size(), storedBefore);
    QCOMPARE(m_model->rowCount(), rowsBefore);
    QCOMPARE(notices.size(), 1);
    QCOMPARE(notices.at(0).at(0).toString(),
             QStringLiteral("Ignored card.update for turn t1: it names no card of this conversation."));

    const QString longId = QString(ConversationSession::kMaxCardIdLength + 1, QLatin1Char('c'));
    m_backend->play(QStringLiteral(R"({"type":"card.update","cardId":"%1","state":"live"})").arg(longId).toUtf8());
    const QString longState = QString(ConversationSession::kMaxCardStateLength + 1, QLatin1Char('s'));
    m_backend->play(QStringLiteral(R"({"type":"card.update","cardId":"call_1","state":"%1"})").arg(longState).toUtf8());
    QCOMPARE(stored().size(), storedBefore);
    QCOMPARE(notices.size(), 2); // both over a limit: one notice for the turn
    QVERIFY2(notices.at(1).at(0).toString().contains(QStringLiteral("at most 256 characters and a state at most 64")),
             qPrintable(notices.at(1).at(0).toString()));
    QVERIFY(m_model->cardState(QStringLiteral("call_1")).state.isEmpty());

    // The real card still takes its update, and the next turn reports a ghost again.
    m_backend->play(R"({"type":"card.update","cardId":"call_1","state":"live"})");
    QCOMPARE(stored().size(), storedBefore + 1);
    QCOMPARE(m_model->cardState(QStringLiteral("call_1")).state, QStringLiteral("live"));
    m_backend->play(completed("t1"));
    sendHello();
    m_backend->play(started("t2"));
    m_backend->play(R"({"type":"card.update","cardId":"ghost-1","state":"live"})");
    QCOMPARE(notices.size(), 3);
    QCOMPARE(notices.at(2).at(0).toString(),
             QStringLiteral("Ignored card.update for turn t2: it names no card of this conversation."));
}

// Issue 13: deltas, then cards, then the whole answer as one line that repeats the streamed prose: the
// repeat is shown once, live and on replay; both lines are stored as they came.
void tst_Session::proseIsNeverShownTwice()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(delta("t1", QStringLiteral("Here are your **numbers**. ")));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    m_backend->play(messageEvent(R"({"role":"assistant","content":"Here are your **numbers**. North leads."})"));
    m_backend->play(completed("t1"));
    const QStringList expected{QStringLiteral("user:hello"), QStringLiteral("prose:Here are your **numbers**. "),
                               QStringLiteral("card:text:valid"), QStringLiteral("prose:North leads.")};
    QCOMPARE(blocks(), expected);
    const QList<QByteArray> lines = stored();
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines.at(1), QByteArray(R"({"role":"assistant","content":"Here are your **numbers**. ","turn_id":"t1"})"));
    QCOMPARE(lines.at(3), QByteArray(R"({"role":"assistant","content":"Here are your **numbers**. North leads."})"));

    // Replay: the same blocks from the store.
    const Transcript replay = m_store->loadTranscript(m_session->conversationId());
    m_model->setTranscript(replay);
    QCOMPARE(blocks(), expected);
}

void tst_Session::decisionSentThenStored()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(messageEvent(toolLine(kValidCard, "t1")));
    m_backend->play(completed("t1"));
    QSignalSpy sent(m_backend, &Backend::eventSent);
    QString error;
    QVERIFY2(m_session->sendCardDecision(QStringLiteral("call_1"), QStringLiteral("approve"), QStringLiteral("approved"),
                                         QStringLiteral("[Button pressed by Ada; action=approve]"), &error),
             qPrintable(error));
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.at(0).at(0).toByteArray(),
             QByteArray(R"({"type":"card.decision","cardId":"call_1","action":"approve","outcome":"approved"})"));
    QCOMPARE(stored().last(),
             QByteArray(R"({"role":"user","content":"[Button pressed by Ada; action=approve]","card_decision":{"cardId":"call_1","action":"approve","outcome":"approved"}})"));
    QCOMPARE(blocks().last(), QStringLiteral("user:[Button pressed by Ada; action=approve]"));
    QVERIFY(m_model->cardState(QStringLiteral("call_1")).isDecided());
}

void tst_Session::decisionRefusedWhileBusy()
{
    sendHello();
    m_backend->play(started("t1"));
    const int rows = m_model->rowCount();
    QString error;
    QVERIFY(!m_session->sendCardDecision(QStringLiteral("c1"), QStringLiteral("approve"), QStringLiteral("ok"),
                                         QString(), &error));
    QVERIFY2(error.contains(QStringLiteral("busy")), qPrintable(error));
    QCOMPARE(m_backend->written.size(), 1); // only the user message
    QCOMPARE(m_model->rowCount(), rows);
    QCOMPARE(stored().size(), 1);
    // A write that fails stores nothing either: the card must stay undecided so the user can retry.
    m_backend->play(completed("t1"));
    m_backend->writeError = QStringLiteral("the pipe is closed");
    QVERIFY(!m_session->sendCardDecision(QStringLiteral("c1"), QStringLiteral("approve"), QStringLiteral("ok"),
                                         QString(), &error));
    QCOMPARE(error, QStringLiteral("the pipe is closed"));
    QCOMPARE(stored().size(), 1);
    QVERIFY(!m_model->cardState(QStringLiteral("c1")).isDecided());
}

void tst_Session::widgetActionStored()
{
    QString error;
    QVERIFY2(m_session->sendWidgetAction(QStringLiteral("form-1"), QStringLiteral("submit"),
                                         R"({"name":"Ada","age":36.50})", &error),
             qPrintable(error));
    QCOMPARE(m_backend->written.last(),
             QByteArray(R"({"type":"widget.action","widget":"form-1","action":"submit","payload":{"name":"Ada","age":36.50}})"));
    QCOMPARE(stored().size(), 1);
    const nlohmann::json line = nlohmann::json::parse(stored().first().toStdString());
    auto text = [](const nlohmann::json &value) {
        return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QStringLiteral("(not a string)");
    };
    QCOMPARE(text(line["role"]), QStringLiteral("user"));
    QCOMPARE(text(line["widget_action"]["widget"]), QStringLiteral("form-1"));
    QCOMPARE(text(line["widget_action"]["action"]), QStringLiteral("submit"));
    QCOMPARE(text(line["widget_action"]["payload"]["name"]), QStringLiteral("Ada"));
    QVERIFY(!m_session->sendWidgetAction(QStringLiteral("w"), QStringLiteral("a"), "[1,2]", &error));
    QCOMPARE(stored().size(), 1);
}

void tst_Session::sendRefusedAddsNothing_data()
{
    QTest::addColumn<int>("situation");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not connected") << 0 << "not connected";
    QTest::newRow("turn in progress") << 1 << "busy";
    QTest::newRow("awaiting a turn") << 2 << "busy";
    QTest::newRow("no backend") << 3 << "no agent backend";
}

void tst_Session::sendRefusedAddsNothing()
{
    QFETCH(int, situation);
    QFETCH(QString, reason);
    int before = 0;
    if (situation == 0) {
        m_backend->stop();
    } else if (situation == 1) {
        sendHello();
        m_backend->play(started("t1"));
        before = 1;
    } else if (situation == 2) {
        sendHello();
        before = 1;
    } else {
        m_session->setBackend(nullptr);
    }
    QString error;
    QVERIFY(!m_session->sendUserMessage(QStringLiteral("second"), &error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    QCOMPARE(m_model->rowCount(), before);
    QCOMPARE(stored().size(), before);
}

void tst_Session::failedWriteKeepsTheLine()
{
    QSignalSpy notices(m_session, &ConversationSession::notice);
    m_backend->writeError = QStringLiteral("the pipe is closed");
    QString error;
    QVERIFY(!m_session->sendUserMessage(QStringLiteral("keep me"), &error));
    QCOMPARE(error, QStringLiteral("not sent: the pipe is closed"));
    QCOMPARE(blocks(), QStringList({"user:keep me"}));
    QCOMPARE(stored(), QList<QByteArray>({R"({"role":"user","content":"keep me"})"}));
    QVERIFY(!m_session->isBusy());
    QCOMPARE(notices.size(), 1);
}

void tst_Session::tenThousandDeltasExact()
{
    sendHello();
    m_backend->play(started("t1"));
    QString expected;
    for (int i = 0; i < 10000; ++i) {
        // Mixed scripts, an emoji (a surrogate pair) and JSON escapes, so nothing is re-split or lost.
        const QString piece = i % 7 == 0 ? QStringLiteral("\u00e9\u0634 ") : i % 11 == 0 ? QStringLiteral("\U0001F600\"\\\n")
                                                                                            : QString::number(i) + QLatin1Char(' ');
        expected += piece;
        m_backend->play(delta("t1", piece));
        if (i % 2500 == 0)
            QCoreApplication::processEvents(); // let the coalescing timer fire now and then
    }
    m_backend->play(completed("t1"));
    QCOMPARE(m_model->rowCount(), 2);
    QCOMPARE(m_model->blockText(1), expected);
    const nlohmann::json line = nlohmann::json::parse(stored().at(1).toStdString());
    QCOMPARE(QString::fromStdString(line["content"].get<std::string>()), expected);
}

void tst_Session::streamingRowsInModel()
{
    // The model alone: the provisional message sits at the end; appended lines go in front of it.
    Message streaming;
    streaming.role = MessageRole::Assistant;
    streaming.content = QStringLiteral("partial");
    QSignalSpy inserted(m_model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(m_model, &QAbstractItemModel::rowsRemoved);
    m_model->setStreamingMessage(streaming);
    QCOMPARE(blocks(), QStringList({"prose:partial …"}));
    m_model->appendMessage(parseTranscriptLine(R"({"role":"user","content":"in between"})", 1));
    QCOMPARE(blocks(), QStringList({"user:in between", "prose:partial …"}));
    QCOMPARE(inserted.at(1).at(1).toInt(), 0); // inserted before the streaming row
    streaming.content = QStringLiteral("  "); // no block now: removed
    m_model->setStreamingMessage(streaming);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(blocks(), QStringList({"user:in between"}));
    streaming.content = QStringLiteral("back");
    m_model->setStreamingMessage(streaming);
    QCOMPARE(blocks(), QStringList({"user:in between", "prose:back …"}));
    QVERIFY(m_model->transcript().messages.size() == 1); // not part of the transcript
    m_model->clearStreamingMessage();
    QCOMPARE(blocks(), QStringList({"user:in between"}));
    QVERIFY(!m_model->hasStreamingMessage());
}

void tst_Session::viewFollowsTheStream()
{
    // A reader at the end stays at the end while prose streams in and blocks are replaced.
    ConversationView view;
    view.resize(600, 400);
    view.setModel(m_model);
    view.show();
    for (int i = 0; i < 30; ++i)
        m_model->appendMessage(parseTranscriptLine(R"({"role":"user","content":"line"})", i + 1));
    view.scrollToBottom();
    QScrollBar *bar = view.verticalScrollBar();
    QVERIFY(bar->maximum() > 0);
    QCOMPARE(bar->value(), bar->maximum());
    sendHello();
    m_backend->play(started("t1"));
    QString text;
    for (int round = 0; round < 5; ++round) {
        QString piece;
        for (int i = 0; i < 20; ++i)
            piece += QStringLiteral("word%1 ").arg(i);
        piece += QLatin1Char('\n');
        text += piece;
        m_backend->play(delta("t1", piece));
        QTRY_VERIFY(m_model->hasStreamingMessage() && m_model->blockText(m_model->rowCount() - 1).size() == text.size());
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(view.widgetForRow(m_model->rowCount() - 1));
    }
    const int maxWhileStreaming = bar->maximum();
    m_backend->play(completed("t1")); // rows removed and inserted: still at the end
    QCOMPARE(bar->value(), bar->maximum());
    QVERIFY(bar->maximum() >= maxWhileStreaming - 10);
    QVERIFY(view.widgetForRow(m_model->rowCount() - 1));
    QCOMPARE(view.liveRows().last(), m_model->rowCount() - 1);
}


// Canvas panel (issue 15): accepted commands are stored as they arrived; one for a tab that is not
// open is a notice, never stored; the person's edits are stored the same way.
void tst_Session::canvasCommandsStoredAndChecked()
{
    sendHello();
    m_backend->play(started("t1"));
    QSignalSpy notices(m_session, &ConversationSession::notice);
    QSignalSpy canvas(m_session, &ConversationSession::canvasCommandStored);
    m_backend->play(R"({"type":"canvas.update","turnId":"t1","tabId":"tab-1","content":"early"})");
    QCOMPARE(canvas.count(), 0);
    QCOMPARE(notices.count(), 1);
    QVERIFY2(notices.first().first().toString().contains(QLatin1String("/tabId: no open tab has the id")),
             qPrintable(notices.first().first().toString()));
    m_backend->play(R"({"type":"canvas.open","turnId":"t1","tab":{"type":"markdown","title":"Notes","source":"notes.md","content":"one"}})");
    m_backend->play(R"({"type":"canvas.open","tab":{"type":"hologram","content":"x"}})"); // a field-level issue
    m_backend->play(R"({"type":"canvas.update","source":"notes.md","content":"two"})");
    m_backend->play(completed("t1"));
    QCOMPARE(canvas.count(), 2);
    QCOMPARE(canvas.first().at(0).toString(), m_session->conversationId());
    const QList<QByteArray> lines = stored();
    QCOMPARE(lines.at(1), QByteArray(R"({"role":"system","content":"canvas: opened Notes","canvas":{"command":"open","tab":{"content":"one","source":"notes.md","title":"Notes","type":"markdown"}}})"));
    QCOMPARE(lines.at(2), QByteArray(R"({"role":"system","content":"canvas: updated Notes","canvas":{"command":"update","content":"two","source":"notes.md"}})"));
    QCOMPARE(m_session->canvasState().tabs().size(), 1);
    QCOMPARE(m_session->canvasState().tabs().first().contentText(), QStringLiteral("two"));
    // A system line draws nothing in the conversation.
    QCOMPARE(blocks(), (QStringList{"user:hello", "notice:The agent sent no answer."}));

    // The person edits; the agent's update is held back and stored as it came.
    QString error;
    QVERIFY2(m_session->recordCanvasCommand(CanvasOp::Edit, R"({"tabId":"tab-1","content":"mine"})", &error), qPrintable(error));
    QVERIFY(!m_session->recordCanvasCommand(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})", &error));
    m_backend->play(R"({"type":"canvas.update","tabId":"tab-1","content":"three"})");
    QVERIFY(m_session->canvasState().tabs().first().hasHeld);
    QCOMPARE(m_session->canvasState().tabs().first().contentText(), QStringLiteral("mine"));
    QVERIFY(m_session->recordCanvasCommand(CanvasOp::Discard, R"({"tabId":"tab-1"})", &error));
    const CanvasPanelState replayed = CanvasPanelState::replayLines(stored());
    QCOMPARE(replayed.tabs().first().contentText(), QStringLiteral("mine"));
    QVERIFY(!replayed.tabs().first().hasHeld);
}

// seed 003: an update to a conversation no one is watching is accepted and stored; it shows when the
// conversation is opened (the panel replays the stored lines).
void tst_Session::canvasUpdateForAConversationNotOpen()
{
    sendHello();
    m_backend->play(started("t1"));
    m_backend->play(R"({"type":"canvas.open","tab":{"type":"csv","title":"Sales","content":"a,b"}})");
    m_backend->play(completed("t1"));
    const QString id = m_session->conversationId();
    // Scheduled work, between turns, with no window on the conversation.
    m_backend->play(R"({"type":"canvas.update","tabId":"tab-1","content":"a,b\n1,2"})");
    m_backend->play(R"({"type":"canvas.open","tab":{"type":"json","title":"Raw","content":{"n":1}}})");
    ConversationStore reader;
    QVERIFY(reader.open(m_dir->path(), ConversationStore::OpenMode::ReadOnly).ok());
    const CanvasPanelState opened = CanvasPanelState::replayLines(reader.rawLines(id));
    QCOMPARE(opened.tabs().size(), 2);
    QCOMPARE(opened.tabs().at(0).contentText(), QStringLiteral("a,b\n1,2"));
    QCOMPARE(opened.activeTab()->title, QStringLiteral("Raw"));
}

QTEST_MAIN(tst_Session)
#include "tst_session.moc"
