// WebSocketBackend against a loopback QWebSocketServer that plays the backend's side (issue 5):
// a normal turn, malformed and binary frames, an oversize frame, dropped and refused connections.

#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QWebSocket>
#include <QWebSocketServer>

#include <backend/websocketbackend.h>
#include <backend/wireevent.h>
#include <cards/transcript.h>

using namespace Tessera;

namespace {

const QByteArray kCardMessage =
        R"({"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"rendered: data_table: Sector flow",)"
        R"( "structured":{"card":{"kind":"data_table","specVersion":1,"payload":{"title":"Sector flow","columns":)"
        R"([{"key":"sector","label":"Sector"},{"key":"flow","label":"Net flow","numeric":true}],)"
        R"("rows":[{"sector":"Pharma","flow":412.50},{"sector":"Energy","flow":-1.10}]}}},"turn_id":"t1"})";

WireEvent eventAt(const QSignalSpy &spy, int i)
{
    return spy.at(i).at(0).value<WireEvent>();
}

// The backend's side: accepts connections, records what the client sends, sends what the test says.
class LoopbackServer : public QObject
{
public:
    LoopbackServer() : m_server(QStringLiteral("tessera-test"), QWebSocketServer::NonSecureMode)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QWebSocketServer::newConnection, this, [this] {
            while (QWebSocket *socket = m_server.nextPendingConnection()) {
                socket->setParent(this); // nextPendingConnection hands the socket over (LeakSanitizer saw them)
                connections.append(socket);
                connect(socket, &QWebSocket::textMessageReceived, this,
                        [this](const QString &text) { received.append(text); });
            }
        });
    }

    QUrl url() const { return QUrl(QStringLiteral("ws://127.0.0.1:%1/agent").arg(m_server.serverPort())); }
    QWebSocket *current() const { return connections.isEmpty() ? nullptr : connections.last(); }
    void send(const QByteArray &event) { current()->sendTextMessage(QString::fromUtf8(event)); }
    void close() { m_server.close(); }

    QList<QWebSocket *> connections; // Children of this object.
    QStringList received;

private:
    QWebSocketServer m_server;
};

} // namespace

class TestBackendWs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void conversation();
    void malformedUnknownAndBinaryFrames();
    void oversizeFrame();
    void reconnectAfterDrop();
    void refusedThenStop();
    void stopWhileConnected();
    void notAWebSocketUrl();
    void wssSpeaksTls();
    void handshakeTimeout();
    void floodArrivesInOrder();
};

void TestBackendWs::initTestCase()
{
    qRegisterMetaType<WireEvent>();
    qRegisterMetaType<ConnectionState>();
}

void TestBackendWs::conversation()
{
    LoopbackServer server;
    WebSocketBackend backend(server.url());
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    QSignalSpy sent(&backend, &Backend::eventSent);
    QSignalSpy states(&backend, &Backend::stateChanged);
    QCOMPARE(backend.description(), server.url().toString());

    QString error;
    QVERIFY(!backend.sendUserMessage(QStringLiteral("too early"), &error));
    QCOMPARE(error, QStringLiteral("the backend is not connected"));

    backend.start();
    QCOMPARE(backend.state(), ConnectionState::Connecting);
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QCOMPARE(backend.stateDetail(), server.url().toString());
    QVERIFY2(backend.sendUserMessage(QStringLiteral("Show sector flow"), &error), qPrintable(error));
    QCOMPARE(sent.at(0).at(0).toByteArray(), userMessageEvent(QStringLiteral("Show sector flow")));
    QTRY_COMPARE(server.received.size(), 1);
    QCOMPARE(server.received.at(0).toUtf8(), userMessageEvent(QStringLiteral("Show sector flow")));

    server.send(R"({"type":"turn.started","turnId":"t1"})");
    server.send(R"({"type":"message.delta","turnId":"t1","text":"Here is the table."})");
    server.send(R"({"type":"message","message":)" + kCardMessage + "}");
    server.send(R"({"type":"card.update","cardId":"c1","state":"filed","ref":"JIRA-12"})");
    server.send(R"({"type":"turn.completed","turnId":"t1"})");
    QTRY_COMPARE(events.size(), 5);
    QCOMPARE(eventAt(events, 0).type, WireEventType::TurnStarted);
    QCOMPARE(eventAt(events, 1).text, QStringLiteral("Here is the table."));
    QCOMPARE(eventAt(events, 2).type, WireEventType::Message);
    QCOMPARE(eventAt(events, 2).message, kCardMessage);
    const Message line = parseTranscriptLine(eventAt(events, 2).message, 1);
    QCOMPARE(line.cards.size(), 1);
    QVERIFY(line.cards.first().isValid());
    QCOMPARE(eventAt(events, 3).cardId, QStringLiteral("c1"));
    QCOMPARE(eventAt(events, 3).state, QStringLiteral("filed"));
    QCOMPARE(eventAt(events, 4).type, WireEventType::TurnCompleted);
    QCOMPARE(errors.size(), 0);

    QVERIFY(backend.sendCardDecision(QStringLiteral("c1"), QStringLiteral("approve"), QStringLiteral("approved")));
    QTRY_COMPARE(server.received.size(), 2);
    QCOMPARE(server.received.at(1).toUtf8(),
             QByteArray(R"({"type":"card.decision","cardId":"c1","action":"approve","outcome":"approved"})"));
}

void TestBackendWs::malformedUnknownAndBinaryFrames()
{
    LoopbackServer server;
    WebSocketBackend backend(server.url());
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);

    server.send("{not json");
    server.send(R"({"type":"mystery.event"})");
    server.current()->sendBinaryMessage(QByteArray("\x00\x01\x02\x03", 4));
    server.send(R"({"type":"error","message":"tool crashed","turnId":"t1"})");
    QTRY_COMPARE(events.size(), 1);
    QCOMPARE(eventAt(events, 0).type, WireEventType::Error);
    QCOMPARE(eventAt(events, 0).errorMessage, QStringLiteral("tool crashed"));
    QCOMPARE(errors.size(), 3);
    QVERIFY2(errors.at(0).at(0).toString().startsWith(QLatin1String("frame 1: not JSON: ")),
             qPrintable(errors.at(0).at(0).toString()));
    QCOMPARE(errors.at(1).at(0).toString(), QStringLiteral("frame 2: unknown event type \"mystery.event\" ignored"));
    QCOMPARE(errors.at(2).at(0).toString(),
             QStringLiteral("frame 3: a binary frame is not a wire event (v1 events are text), 4 bytes ignored"));
    QCOMPARE(backend.state(), ConnectionState::Connected);
}

void TestBackendWs::oversizeFrame()
{
    LoopbackServer server;
    WebSocketBackend backend(server.url());
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    QSignalSpy states(&backend, &Backend::stateChanged);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);

    server.send(R"({"type":"turn.started","turnId":"t1"})");
    QByteArray big = R"({"type":"message.delta","turnId":"t1","text":")";
    big.append(QByteArray(kMaxWireEventBytes, 'x'));
    big.append("\"}");
    server.send(big);
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 1, 30000);
    QCOMPARE(errors.at(0).at(0).toString(), QStringLiteral("frame 2: event over 16 MiB refused; the connection was closed"));
    QCOMPARE(events.size(), 1);

    // The connection is made again and later events arrive.
    QTRY_COMPARE_WITH_TIMEOUT(server.connections.size(), 2, 10000);
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    bool sawReconnecting = false;
    for (const QList<QVariant> &change : std::as_const(states))
        sawReconnecting |= change.at(0).value<ConnectionState>() == ConnectionState::Reconnecting;
    QVERIFY(sawReconnecting);
    server.send(R"({"type":"turn.completed","turnId":"t1"})");
    QTRY_COMPARE(events.size(), 2);
    QCOMPARE(eventAt(events, 1).type, WireEventType::TurnCompleted);
}

void TestBackendWs::reconnectAfterDrop()
{
    LoopbackServer server;
    WebSocketBackend backend(server.url());
    QSignalSpy states(&backend, &Backend::stateChanged);
    QSignalSpy events(&backend, &Backend::eventReceived);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    states.clear();

    server.current()->close(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("server restarting"));
    QTRY_COMPARE(states.size(), 2);
    QCOMPARE(states.at(0).at(0).value<ConnectionState>(), ConnectionState::Reconnecting);
    QCOMPARE(states.at(0).at(1).toString(),
             QStringLiteral("retrying in 0.5 s: the server closed the connection (1001: server restarting)"));
    QCOMPARE(states.at(1).at(0).value<ConnectionState>(), ConnectionState::Connected);
    QCOMPARE(server.connections.size(), 2);
    server.send(R"({"type":"turn.started","turnId":"after-reconnect"})");
    QTRY_COMPARE(events.size(), 1);
    QCOMPARE(eventAt(events, 0).turnId, QStringLiteral("after-reconnect"));

    // Dropped again at once: the wait doubles (the connection did not stay up).
    states.clear();
    server.current()->abort();
    QTRY_COMPARE(states.size(), 2);
    QCOMPARE(states.at(0).at(0).value<ConnectionState>(), ConnectionState::Reconnecting);
    QVERIFY2(states.at(0).at(1).toString().startsWith(QLatin1String("retrying in 1 s: ")),
             qPrintable(states.at(0).at(1).toString()));
    QCOMPARE(states.at(1).at(0).value<ConnectionState>(), ConnectionState::Connected);
    QCOMPARE(backend.nextRetryMs(), 2000);

    // A connection that stayed up resets the back-off.
    backend.setStableAfter(200);
    QTest::qWait(400);
    states.clear();
    server.current()->abort();
    QTRY_COMPARE(states.size(), 2);
    QVERIFY2(states.at(0).at(1).toString().startsWith(QLatin1String("retrying in 0.5 s: ")),
             qPrintable(states.at(0).at(1).toString()));
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QCOMPARE(server.connections.size(), 4);
}

void TestBackendWs::refusedThenStop()
{
    QUrl url;
    {
        LoopbackServer closed;
        url = closed.url();
        closed.close();
    }
    WebSocketBackend backend(url);
    QSignalSpy states(&backend, &Backend::stateChanged);
    backend.start();
    QTRY_VERIFY(states.size() >= 2);
    QCOMPARE(states.at(0).at(0).value<ConnectionState>(), ConnectionState::Connecting);
    QCOMPARE(states.at(1).at(0).value<ConnectionState>(), ConnectionState::Reconnecting);
    const QString first = states.at(1).at(1).toString();
    QVERIFY2(first.startsWith(QLatin1String("retrying in 0.5 s: ")), qPrintable(first));
    QVERIFY2(first.contains(QLatin1String("refused"), Qt::CaseInsensitive), qPrintable(first));
    QTRY_VERIFY_WITH_TIMEOUT(states.size() >= 3, 5000);
    QVERIFY2(states.at(2).at(1).toString().startsWith(QLatin1String("retrying in 1 s: ")),
             qPrintable(states.at(2).at(1).toString()));

    backend.stop();
    QCOMPARE(backend.state(), ConnectionState::Failed);
    QVERIFY2(backend.stateDetail().startsWith(QLatin1String("stopped retrying: ")), qPrintable(backend.stateDetail()));
    const int changes = states.size();
    QTest::qWait(1500); // no retry after stop
    QCOMPARE(states.size(), changes);
}

void TestBackendWs::stopWhileConnected()
{
    LoopbackServer server;
    WebSocketBackend backend(server.url());
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QSignalSpy serverSide(server.current(), &QWebSocket::disconnected);
    backend.stop();
    QCOMPARE(backend.state(), ConnectionState::Disconnected);
    QCOMPARE(backend.stateDetail(), QStringLiteral("stopped"));
    QTRY_COMPARE(serverSide.size(), 1);
    QCOMPARE(server.connections.size(), 1);
    QString error;
    QVERIFY(!backend.sendUserMessage(QStringLiteral("hi"), &error));

    // start() again connects again.
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QCOMPARE(server.connections.size(), 2);
}

void TestBackendWs::notAWebSocketUrl()
{
    WebSocketBackend backend(QUrl(QStringLiteral("http://127.0.0.1:1/")));
    backend.start();
    QCOMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(backend.stateDetail(), QStringLiteral("http://127.0.0.1:1/ is not a WebSocket address (ws:// or wss://)"));
}

void TestBackendWs::wssSpeaksTls()
{
    // wss:// to a server that answers in plain text: the TLS handshake fails and that is the reason shown.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    connect(&server, &QTcpServer::newConnection, &server, [&server] {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            socket->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
            socket->disconnectFromHost();
        }
    });
    WebSocketBackend backend(QUrl(QStringLiteral("wss://127.0.0.1:%1/agent").arg(server.serverPort())));
    backend.start();
    if (!QSslSocket::supportsSsl()) {
        QCOMPARE(backend.state(), ConnectionState::Failed);
        QCOMPARE(backend.stateDetail(), QStringLiteral("wss:// needs TLS, which this Qt has no backend for"));
        return;
    }
    QTRY_COMPARE(backend.state(), ConnectionState::Reconnecting);
    QVERIFY2(backend.stateDetail().startsWith(QLatin1String("retrying in 0.5 s: ")), qPrintable(backend.stateDetail()));
    QVERIFY2(backend.stateDetail().contains(QLatin1String("SSL")), qPrintable(backend.stateDetail()));
    backend.stop();
    QCOMPARE(backend.state(), ConnectionState::Failed);
}

void TestBackendWs::handshakeTimeout()
{
    // A server that accepts the connection and never answers: the attempt is abandoned and retried.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    WebSocketBackend backend(QUrl(QStringLiteral("ws://127.0.0.1:%1/agent").arg(server.serverPort())));
    backend.setConnectTimeout(300);
    QSignalSpy states(&backend, &Backend::stateChanged);
    backend.start();
    QTRY_VERIFY(states.size() >= 3);
    QCOMPARE(states.at(1).at(0).value<ConnectionState>(), ConnectionState::Reconnecting);
    QCOMPARE(states.at(1).at(1).toString(), QStringLiteral("retrying in 0.5 s: no answer from the server within 0.3 s"));
    QCOMPARE(states.at(2).at(1).toString(), QStringLiteral("retrying in 1 s: no answer from the server within 0.3 s"));
    backend.stop();
    QCOMPARE(backend.stateDetail(), QStringLiteral("stopped retrying: no answer from the server within 0.3 s"));
}

void TestBackendWs::floodArrivesInOrder()
{
    LoopbackServer server;
    WebSocketBackend backend(server.url());
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    for (int i = 0; i < 10000; ++i)
        server.send(R"({"type":"message.delta","turnId":"t1","text":")" + QByteArray::number(i) + " \"}");
    QTRY_COMPARE_WITH_TIMEOUT(events.size(), 10000, 60000);
    QCOMPARE(errors.size(), 0);
    for (int i = 0; i < 10000; ++i) {
        if (eventAt(events, i).text != QString::number(i) + QLatin1Char(' '))
            QFAIL(qPrintable(QStringLiteral("delta %1 arrived as %2").arg(i).arg(eventAt(events, i).text)));
    }
}

QTEST_GUILESS_MAIN(TestBackendWs)
#include "tst_backendws.moc"
