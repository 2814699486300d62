// Wire protocol v1 (PRODUCT.md §4) parsing and serialising, and StdioBackend driven by the scripted
// backend program (tests/tools/scriptedbackend) through the fault cases of issue 5.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <backend/stdiobackend.h>
#include <backend/stdoutlines.h>
#include <backend/wireevent.h>
#include <cards/transcript.h>

using namespace Tessera;

Q_DECLARE_METATYPE(Tessera::WireEventType)

namespace {

// A tool result line carrying a data_table card, spaced oddly on purpose: its bytes must arrive as sent.
const QByteArray kCardMessage =
        R"({"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"rendered: data_table: Sector flow",)"
        R"( "structured":{"card":{"kind":"data_table","specVersion":1,"payload":{"title":"Sector flow","columns":)"
        R"([{"key":"sector","label":"Sector"},{"key":"flow","label":"Net flow","numeric":true}],)"
        R"("rows":[{"sector":"Pharma","flow":412.50},{"sector":"Energy","flow":-1.10}]}}},"turn_id":"t1"})";

QByteArray messageEvent(const QByteArray &message)
{
    return R"({"type":"message", "message":)" + message + "}";
}

WireEvent eventAt(const QSignalSpy &spy, int i)
{
    return spy.at(i).at(0).value<WireEvent>();
}

QString textAt(const QSignalSpy &spy, int i)
{
    return spy.at(i).at(0).toString();
}

// Peak resident memory of this process in KiB (VmHWM), or -1 when /proc does not say.
qint64 peakRssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// Resets VmHWM to the current RSS (Linux: "5" > /proc/self/clear_refs). False when not possible.
bool resetPeakRss()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    return clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
}

} // namespace

class TestBackendStdio : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void parseWireEvent_data();
    void parseWireEvent();
    void messageBytesAreExact();
    void oversizeEventIsRefused();
    void stdoutLinesAcrossChunks();
    void clientEvents();
    void widgetActionPayload_data();
    void widgetActionPayload();

    void conversation();
    void readmeExampleSession();
    void clientEventsReachTheBackend();
    void malformedAndUnknownLines();
    void fiftyMegabyteLine();
    void exitInTheMiddleOfAnEvent();
    void exitCodeWithStderrLine();
    void crashIsShown();
    void failureToStart();
    void emptyCommand();
    void sendWhenNotRunning();
    void restart();
    void stopKillsAHangingBackend();
    void floodArrivesInOrder();

private:
    QString script(const QByteArray &lines);
    QString command(const QString &scriptPath) const;

    QTemporaryDir m_dir;
    int m_scripts = 0;
};

void TestBackendStdio::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<WireEvent>();
    qRegisterMetaType<ConnectionState>();
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(QStringLiteral(SCRIPTED_BACKEND)), SCRIPTED_BACKEND);
}

QString TestBackendStdio::script(const QByteArray &lines)
{
    const QString path = m_dir.filePath(QStringLiteral("script%1.jsonl").arg(++m_scripts));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(lines) != lines.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QString TestBackendStdio::command(const QString &scriptPath) const
{
    return QStringLiteral("\"%1\" \"%2\"").arg(QStringLiteral(SCRIPTED_BACKEND), scriptPath);
}

// ---- parsing ---------------------------------------------------------------------------------------

void TestBackendStdio::parseWireEvent_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error"); // "" = parses; ending in "…" = starts with
    QTest::addColumn<WireEventType>("type");
    QTest::addColumn<QString>("turnId");
    QTest::addColumn<QString>("detail"); // text / cardId:state / errorMessage / typeName

    const auto ok = [](const char *name, const QByteArray &bytes, WireEventType type, const QString &turnId,
                       const QString &detail) {
        QTest::newRow(name) << bytes << QString() << type << turnId << detail;
    };
    const auto bad = [](const char *name, const QByteArray &bytes, const QString &error) {
        QTest::newRow(name) << bytes << error << WireEventType::Unknown << QString() << QString();
    };

    ok("turn.started", R"({"type":"turn.started","turnId":"t1"})", WireEventType::TurnStarted, "t1", "");
    bad("turn.started without turnId", R"({"type":"turn.started"})", "turn.started: turnId is required");
    bad("turn.started turnId number", R"({"type":"turn.started","turnId":7})", "turn.started: turnId must be a string");
    bad("turn.started turnId empty", R"({"type":"turn.started","turnId":""})", "turn.started: turnId must not be empty");

    ok("message.delta", R"({"type":"message.delta","turnId":"t1","text":"caf\u00e9 \"quoted\"\n"})",
       WireEventType::MessageDelta, "t1", QStringLiteral("café \"quoted\"\n"));
    ok("message.delta empty text", R"({"type":"message.delta","turnId":"t1","text":""})",
       WireEventType::MessageDelta, "t1", "");
    bad("message.delta turnId number", R"({"type":"message.delta","turnId":5,"text":"x"})",
        "message.delta: turnId must be a string");
    bad("message.delta without text", R"({"type":"message.delta","turnId":"t1"})", "message.delta: text is required");
    bad("message.delta text null", R"({"type":"message.delta","turnId":"t1","text":null})",
        "message.delta: text must be a string");

    ok("message", messageEvent(kCardMessage), WireEventType::Message, "t1", "");
    ok("message with event turnId", R"({"type":"message","turnId":"t9","message":{"role":"assistant","content":"hi"}})",
       WireEventType::Message, "t9", "");
    ok("message line turn_id wins", R"({"type":"message","turnId":"t9","message":{"role":"assistant","turn_id":"t2"}})",
       WireEventType::Message, "t2", "");
    bad("message without message", R"({"type":"message"})", "message: message is required");
    bad("message as string", R"({"type":"message","message":"hello"})",
        "message: message must be an object (a transcript line)");
    bad("message event turnId number", R"({"type":"message","turnId":1,"message":{}})",
        "message: turnId must be a string");
    ok("duplicate inside the card is the card's", R"({"type":"message","message":{"role":"tool","structured":{"card":{"kind":"text","kind":"code"}}}})",
       WireEventType::Message, "", "");

    ok("card.update", R"({"type":"card.update","cardId":"c1","state":"filed","ref":"JIRA-12"})",
       WireEventType::CardUpdate, "", "c1:filed");
    bad("card.update without state", R"({"type":"card.update","cardId":"c1"})", "card.update: state is required");
    bad("card.update cardId object", R"({"type":"card.update","cardId":{},"state":"x"})",
        "card.update: cardId must be a string");

    ok("turn.completed", R"({"type":"turn.completed","turnId":"t1"})", WireEventType::TurnCompleted, "t1", "");
    bad("turn.completed without turnId", R"({"type":"turn.completed","turnid":"t1"})",
        "turn.completed: turnId is required");

    ok("error", R"({"type":"error","message":"rate limited","turnId":"t1"})", WireEventType::Error, "t1",
       "rate limited");
    bad("error without message", R"({"type":"error"})", "error: message is required");
    bad("error message number", R"({"type":"error","message":404})", "error: message must be a string");

    ok("unknown type parses", R"({"type":"tool.progress","percent":40})", WireEventType::Unknown, "", "tool.progress");

    bad("duplicate turnId", R"({"type":"turn.started","turnId":"a","turnId":"b"})", "key /turnId appears more than once");
    bad("duplicate type", R"({"type":"turn.started","type":"error","turnId":"a"})", "key /type appears more than once");
    bad("not JSON", "{\"type\":\"turn.started\",", "not JSON: …");
    bad("garbage", "hello", "not JSON: …");
    bad("trailing bytes", R"({"type":"turn.started","turnId":"a"} {})", "not JSON: …");
    bad("invalid UTF-8", "{\"type\":\"message.delta\",\"turnId\":\"t\",\"text\":\"\xC3\x28\"}", "not JSON: …");
    bad("too deep", "{\"type\":\"x\",\"a\":" + QByteArray(150, '[') + QByteArray(150, ']') + "}",
        "not JSON: nested deeper than 100 levels at /a/…");
    bad("array", R"([{"type":"turn.started","turnId":"a"}])", "not an event: a wire event is a JSON object");
    bad("no type", R"({"turnId":"a"})", "not an event: \"type\" is required");
    bad("type number", R"({"type":3})", "not an event: \"type\" must be a string");
}

void TestBackendStdio::parseWireEvent()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    QFETCH(WireEventType, type);
    QFETCH(QString, turnId);
    QFETCH(QString, detail);

    WireEvent event;
    QString message;
    const bool ok = Tessera::parseWireEvent(bytes, &event, &message);
    if (!error.isEmpty()) {
        QVERIFY2(!ok, qPrintable(bytes));
        if (error.endsWith(QChar(0x2026)))
            QVERIFY2(message.startsWith(error.chopped(1)), qPrintable(message));
        else
            QCOMPARE(message, error);
        QVERIFY(!message.contains(QLatin1Char('\n')));
        return;
    }
    QVERIFY2(ok, qPrintable(message));
    QCOMPARE(event.type, type);
    QCOMPARE(event.turnId, turnId);
    QCOMPARE(event.raw, bytes);
    switch (type) {
    case WireEventType::MessageDelta:
        QCOMPARE(event.text, detail);
        break;
    case WireEventType::CardUpdate:
        QCOMPARE(event.cardId + QLatin1Char(':') + event.state, detail);
        break;
    case WireEventType::Error:
        QCOMPARE(event.errorMessage, detail);
        break;
    case WireEventType::Unknown:
        QCOMPARE(event.typeName, detail);
        break;
    case WireEventType::Message:
        QVERIFY(event.message.startsWith('{'));
        QVERIFY(event.message.endsWith('}'));
        QVERIFY(bytes.contains(event.message));
        break;
    default:
        break;
    }
}

void TestBackendStdio::messageBytesAreExact()
{
    WireEvent event;
    QString error;
    QVERIFY(Tessera::parseWireEvent(messageEvent(kCardMessage), &event, &error));
    QCOMPARE(event.message, kCardMessage);
    QCOMPARE(event.typeName, QStringLiteral("message"));

    // The message is a transcript line: its card validates and keeps its digits as sent.
    const Message line = parseTranscriptLine(event.message, 1);
    QVERIFY2(line.isReadable(), qPrintable(line.readError));
    QCOMPARE(line.cards.size(), 1);
    QCOMPARE(line.cards.first().kindName(), QStringLiteral("data_table"));
    QVERIFY(line.cards.first().isValid());
    QVERIFY(line.cards.first().rawText().contains("412.50"));
}

void TestBackendStdio::oversizeEventIsRefused()
{
    QByteArray bytes = R"({"type":"message.delta","turnId":"t1","text":")";
    bytes.append(QByteArray(kMaxWireEventBytes, 'x'));
    bytes.append("\"}");
    WireEvent event;
    QString error;
    QVERIFY(!Tessera::parseWireEvent(bytes, &event, &error));
    QCOMPARE(error, QStringLiteral("event over 16 MiB skipped"));
}

// The line cutter both stdio children share (backend/stdoutlines.h), fed in every chunking of one stream:
// the lines, their numbers and the refused line must not depend on where the reads split it.
void TestBackendStdio::stdoutLinesAcrossChunks()
{
    const QByteArray stream = "one\r\n\n  \t\ntwo words \n" + QByteArray(20, 'x') + "\nthree\r\nfour";
    for (qsizetype chunk = 1; chunk <= stream.size(); ++chunk) {
        StdoutLines lines;
        QStringList seen;
        for (qsizetype pos = 0; pos < stream.size(); pos += chunk) {
            const bool goOn = lines.feed(
                    stream.constData() + pos, qMin(chunk, stream.size() - pos), 10,
                    [&](QByteArray line, qint64 number) {
                        seen << QStringLiteral("%1:%2").arg(number).arg(QString::fromUtf8(line));
                        return true;
                    },
                    [&](qint64 number) {
                        seen << QStringLiteral("%1:refused").arg(number);
                        return true;
                    });
            QVERIFY(goOn);
        }
        QCOMPARE(seen, QStringList({"1:one", "4:two words", "5:refused", "6:three"}));
        QVERIFY(lines.endsMidLine()); // "four" has no '\n'
        QCOMPARE(lines.unfinishedLineNumber(), 7);
    }

    // A callback that says stop ends the feed at once; the oversize line is then still being dropped.
    StdoutLines lines;
    int calls = 0;
    const QByteArray flood = "a\nb\n" + QByteArray(30, 'y');
    QVERIFY(!lines.feed(
            flood.constData(), flood.size(), 10, [&](QByteArray, qint64) { return ++calls < 1; },
            [&](qint64) { return true; }));
    QCOMPARE(calls, 1);
    StdoutLines dropping;
    QVERIFY(dropping.feed(
            flood.constData(), flood.size(), 10, [&](QByteArray, qint64) { return true; }, [&](qint64) { return true; }));
    QVERIFY(dropping.endsMidLine());
    QCOMPARE(dropping.unfinishedLineNumber(), 3);
    dropping.reset();
    QVERIFY(!dropping.endsMidLine());
    QCOMPARE(dropping.unfinishedLineNumber(), 1);
}

void TestBackendStdio::clientEvents()
{
    QCOMPARE(userMessageEvent(QStringLiteral("Show \"flow\"\nby sector é")),
             QByteArray(R"({"type":"user.message","text":"Show \"flow\"\nby sector é",)"
                        R"("surface":{"client":"tessera","draws":["cards","json_render","dorkos_ui"]}})"));
    QCOMPARE(cardDecisionEvent(QStringLiteral("c1"), QStringLiteral("approve"), QStringLiteral("approved")),
             QByteArray(R"({"type":"card.decision","cardId":"c1","action":"approve","outcome":"approved"})"));

    // Each parses back (strictly) and is one line.
    for (const QByteArray &event : {userMessageEvent(QStringLiteral("a\r\nb\u2028c")),
                                    cardDecisionEvent(QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")),
                                    widgetActionEvent(QStringLiteral("w"), QStringLiteral("a"), "{\n \"k\": [1,\n 2]\n}")}) {
        QVERIFY2(!event.contains('\n') && !event.contains('\r'), event.constData());
        WireEvent parsed;
        QString error;
        QVERIFY2(Tessera::parseWireEvent(event, &parsed, &error), qPrintable(error));
        QCOMPARE(parsed.type, WireEventType::Unknown); // client types are not backend events
        QVERIFY(!parsed.typeName.isEmpty());
    }
}

void TestBackendStdio::widgetActionPayload_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("empty is null") << QByteArray() << QByteArray(R"({"type":"widget.action","widget":"form","action":"submit","payload":null})");
    QTest::newRow("digits kept") << QByteArray(R"({"amount":1.10,"rate":1e2})")
                                 << QByteArray(R"({"type":"widget.action","widget":"form","action":"submit","payload":{"amount":1.10,"rate":1e2}})");
    QTest::newRow("line breaks become spaces") << QByteArray("{\"a\":\n[1,\r\n2]}\n")
                                               << QByteArray(R"({"type":"widget.action","widget":"form","action":"submit","payload":{"a": [1,  2]}})");
    QTest::newRow("not JSON") << QByteArray("{\"a\":") << QByteArray();
    QTest::newRow("duplicate key") << QByteArray(R"({"a":1,"a":2})") << QByteArray();
}

void TestBackendStdio::widgetActionPayload()
{
    QFETCH(QByteArray, payload);
    QFETCH(QByteArray, expected);
    QCOMPARE(widgetActionEvent(QStringLiteral("form"), QStringLiteral("submit"), payload), expected);
}

// ---- the stdio transport ---------------------------------------------------------------------------

void TestBackendStdio::conversation()
{
    const QByteArray lines =
            "# a normal turn: the user asks, the agent streams prose and draws a table\n"
            R"({"expect":"user.message","contains":"Show sector flow"})" "\n"
            R"({"send":{"type":"turn.started","turnId":"t1"}})" "\n"
            R"({"send":{"type":"message.delta","turnId":"t1","text":"Here is "}})" "\n"
            R"({"send":{"type":"message.delta","turnId":"t1","text":"the table."}})" "\n"
            R"({"send":)" + messageEvent(kCardMessage) + "}\n"
            R"({"send":{"type":"turn.completed","turnId":"t1"}})" "\n";
    const QString commandLine = command(script(lines));
    StdioBackend backend(commandLine);
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    QSignalSpy sent(&backend, &Backend::eventSent);
    QSignalSpy states(&backend, &Backend::stateChanged);

    QCOMPARE(backend.description(), QStringLiteral("stdio: ") + commandLine);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QCOMPARE(states.at(0).at(0).value<ConnectionState>(), ConnectionState::Connecting);
    QVERIFY(backend.stateDetail().startsWith(QLatin1String("pid ")));

    QString error;
    QVERIFY2(backend.sendUserMessage(QStringLiteral("Show sector flow"), &error), qPrintable(error));
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.at(0).at(0).toByteArray(), userMessageEvent(QStringLiteral("Show sector flow")));

    QTRY_COMPARE(events.size(), 5);
    QCOMPARE(eventAt(events, 0).type, WireEventType::TurnStarted);
    QCOMPARE(eventAt(events, 0).turnId, QStringLiteral("t1"));
    QCOMPARE(eventAt(events, 1).type, WireEventType::MessageDelta);
    QCOMPARE(eventAt(events, 1).text, QStringLiteral("Here is "));
    QCOMPARE(eventAt(events, 2).text, QStringLiteral("the table."));
    const WireEvent card = eventAt(events, 3);
    QCOMPARE(card.type, WireEventType::Message);
    QCOMPARE(card.message, kCardMessage);
    QCOMPARE(card.raw, messageEvent(kCardMessage));
    QCOMPARE(card.turnId, QStringLiteral("t1"));
    const Message line = parseTranscriptLine(card.message, 1);
    QCOMPARE(line.cards.size(), 1);
    QVERIFY(line.cards.first().isValid());
    QCOMPARE(eventAt(events, 4).type, WireEventType::TurnCompleted);
    QCOMPARE(errors.size(), 0);

    // The script waits for stdin to close: stop() ends it without a failure.
    backend.stop();
    QCOMPARE(backend.state(), ConnectionState::Disconnected);
    QCOMPARE(backend.stateDetail(), QStringLiteral("stopped"));
    QTRY_COMPARE(backend.findChildren<QProcess *>().size(), 0);
    for (const QList<QVariant> &change : std::as_const(states))
        QVERIFY(change.at(0).value<ConnectionState>() != ConnectionState::Failed);
}

namespace {

// The README's "Writing a backend" session: its lines in order, each with the direction it goes
// ('>' Tessera to the backend, '<' the backend to Tessera); and the one-line examples after it.
struct ReadmeWire
{
    QList<QPair<char, QByteArray>> session;
    QList<QPair<char, QByteArray>> inlineExamples;
};

ReadmeWire readmeWire()
{
    ReadmeWire wire;
    QFile file(QStringLiteral(TESSERA_SOURCE_DIR "/README.md"));
    if (!file.open(QIODevice::ReadOnly))
        return wire;
    const QByteArray text = file.readAll();
    const qsizetype begin = text.indexOf("<!-- wire-example-begin");
    const qsizetype end = text.indexOf("<!-- wire-example-end -->");
    if (begin < 0 || end < begin)
        return wire;
    for (const QByteArray &line : text.mid(begin, end - begin).split('\n')) {
        if (line.startsWith("> ") || line.startsWith("< "))
            wire.session.append({line.at(0), line.mid(2)});
    }
    const QByteArray rest = text.mid(end, text.indexOf("\n## ", end) - end);
    static const QRegularExpression example(QStringLiteral("`([<>]) (\\{[^`]*\\})`"));
    for (auto it = example.globalMatch(QString::fromUtf8(rest)); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        wire.inlineExamples.append({m.captured(1).at(0).toLatin1(), m.captured(2).toUtf8()});
    }
    return wire;
}

// A client event must be exactly what Tessera writes for its fields.
QByteArray regenerateClientEvent(const QByteArray &line)
{
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    const QString type = o.value(QLatin1String("type")).toString();
    if (type == QLatin1String("user.message"))
        return userMessageEvent(o.value(QLatin1String("text")).toString());
    if (type == QLatin1String("card.decision"))
        return cardDecisionEvent(o.value(QLatin1String("cardId")).toString(), o.value(QLatin1String("action")).toString(),
                                 o.value(QLatin1String("outcome")).toString());
    if (type == QLatin1String("widget.action"))
        return widgetActionEvent(o.value(QLatin1String("widget")).toString(), o.value(QLatin1String("action")).toString(),
                                 QJsonDocument(o.value(QLatin1String("payload")).toObject()).toJson(QJsonDocument::Compact));
    return {};
}

} // namespace

void TestBackendStdio::readmeExampleSession()
{
    // The README shows one whole stdio session so a backend can be written without guessing: every
    // line it shows must be what the parser accepts and what Tessera itself writes.
    const ReadmeWire wire = readmeWire();
    QCOMPARE(wire.session.size(), 8);
    QList<WireEventType> expectedTypes;
    QByteArray scriptLines;
    QString question;
    for (const auto &[direction, line] : wire.session) {
        if (direction == '>') {
            QCOMPARE(line, regenerateClientEvent(line));
            question = QJsonDocument::fromJson(line).object().value(QLatin1String("text")).toString();
            scriptLines += R"({"expect":"user.message","contains":)" + QJsonDocument(QJsonArray{question}).toJson(QJsonDocument::Compact).mid(1).chopped(1) + "}\n";
            continue;
        }
        WireEvent event;
        QString error;
        QVERIFY2(Tessera::parseWireEvent(line, &event, &error), qPrintable(error + QLatin1String(": ") + QString::fromUtf8(line)));
        QVERIFY2(event.type != WireEventType::Unknown, line.constData());
        expectedTypes.append(event.type);
        scriptLines += R"({"send":)" + line + "}\n";
    }
    QCOMPARE(expectedTypes, (QList<WireEventType>{WireEventType::TurnStarted, WireEventType::MessageDelta,
                                                  WireEventType::MessageDelta, WireEventType::Message,
                                                  WireEventType::Message, WireEventType::CardUpdate,
                                                  WireEventType::TurnCompleted}));
    QCOMPARE(wire.inlineExamples.size(), 3);
    for (const auto &[direction, line] : wire.inlineExamples) {
        if (direction == '>') {
            QCOMPARE(line, regenerateClientEvent(line));
        } else {
            WireEvent event;
            QString error;
            QVERIFY2(Tessera::parseWireEvent(line, &event, &error), qPrintable(error));
            QCOMPARE(event.type, WireEventType::Error);
        }
    }

    // Played by a backend through the real transport: the same events, byte for byte, in order.
    StdioBackend backend(command(script(scriptLines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QString error;
    QVERIFY2(backend.sendUserMessage(question, &error), qPrintable(error));
    QTRY_COMPARE(events.size(), int(expectedTypes.size()));
    for (int i = 0; i < events.size(); ++i) {
        QCOMPARE(eventAt(events, i).type, expectedTypes.at(i));
        QCOMPARE(eventAt(events, i).raw, wire.session.at(i + 1).second);
    }
    QCOMPARE(eventAt(events, 2).text, QStringLiteral("the table has the rest."));
    const Message answer = parseTranscriptLine(eventAt(events, 3).message, 1);
    QCOMPARE(answer.content, QStringLiteral("Pharma led; the table has the rest."));
    const Message card = parseTranscriptLine(eventAt(events, 4).message, 2);
    QCOMPARE(card.cards.size(), 1);
    QVERIFY(card.cards.first().isValid());
    QCOMPARE(card.cards.first().kindName(), QStringLiteral("data_table"));
    QCOMPARE(card.cards.first().cardId(), QStringLiteral("flow-1"));
    QCOMPARE(eventAt(events, 5).cardId, QStringLiteral("flow-1"));
    QCOMPARE(eventAt(events, 5).state, QStringLiteral("filed"));
    QCOMPARE(eventAt(events, 6).turnId, QStringLiteral("t1"));
    QCOMPARE(errors.size(), 0);
    backend.stop();
}

void TestBackendStdio::clientEventsReachTheBackend()
{
    // The script exits 3 with a reason when a line is not the one it expects.
    const QByteArray lines =
            R"({"expect":"user.message","contains":"\"text\":\"go\""})" "\n"
            R"({"expect":"card.decision","contains":"\"cardId\":\"c7\",\"action\":\"approve\",\"outcome\":\"approved\""})" "\n"
            R"({"expect":"widget.action","contains":"\"payload\":{\"n\":1.50}"})" "\n"
            R"({"send":{"type":"turn.started","turnId":"all-received"}})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Connected);
    QVERIFY(backend.sendUserMessage(QStringLiteral("go")));
    QVERIFY(backend.sendCardDecision(QStringLiteral("c7"), QStringLiteral("approve"), QStringLiteral("approved")));
    QVERIFY(backend.sendWidgetAction(QStringLiteral("form"), QStringLiteral("submit"), R"({"n":1.50})"));
    QString error;
    QVERIFY(!backend.sendWidgetAction(QStringLiteral("form"), QStringLiteral("submit"), "{broken", &error));
    QCOMPARE(error, QStringLiteral("the event is not valid JSON and was not sent"));
    QTRY_COMPARE(events.size(), 1);
    QCOMPARE(eventAt(events, 0).turnId, QStringLiteral("all-received"));
    QCOMPARE(backend.state(), ConnectionState::Connected);
}

void TestBackendStdio::malformedAndUnknownLines()
{
    const QByteArray lines =
            R"({"sendRaw":"{not json\n"})" "\n"
            R"({"send":{"type":"mystery.event","x":1}})" "\n"
            R"({"send":{"type":"message.delta","turnId":5,"text":"x"}})" "\n"
            R"({"sendRaw":"\n   \r\n"})" "\n"
            R"({"sendRaw":"{\"type\":\"turn.started\",\"turnId\":\"a\",\"turnId\":\"b\"}\r\n"})" "\n"
            R"({"send":{"type":"turn.started","turnId":"t2"}})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    backend.start();
    QTRY_COMPARE(events.size(), 1);
    QCOMPARE(eventAt(events, 0).turnId, QStringLiteral("t2"));
    QCOMPARE(errors.size(), 4);
    QVERIFY2(textAt(errors, 0).startsWith(QLatin1String("line 1: not JSON: ")), qPrintable(textAt(errors, 0)));
    QCOMPARE(textAt(errors, 1), QStringLiteral("line 2: unknown event type \"mystery.event\" ignored"));
    QCOMPARE(textAt(errors, 2), QStringLiteral("line 3: message.delta: turnId must be a string"));
    // Lines 4 and 5 are blank; line 6 ends in \r\n.
    QCOMPARE(textAt(errors, 3), QStringLiteral("line 6: key /turnId appears more than once"));
    QCOMPARE(backend.state(), ConnectionState::Connected);
}

void TestBackendStdio::fiftyMegabyteLine()
{
    const qint64 bigLine = 50LL * 1024 * 1024;
    const QByteArray lines =
            R"({"send":{"type":"turn.started","turnId":"t1"}})" "\n"
            R"({"bigLine":)" + QByteArray::number(bigLine) + "}\n"
            R"({"send":{"type":"message.delta","turnId":"t1","text":"after"}})" "\n"
            R"({"send":{"type":"turn.completed","turnId":"t1"}})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);

    const bool measured = resetPeakRss();
    const qint64 before = peakRssKiB();
    backend.start();
    QTRY_COMPARE_WITH_TIMEOUT(events.size(), 3, 60000);
    const qint64 peak = peakRssKiB();

    QCOMPARE(errors.size(), 1);
    QCOMPARE(textAt(errors, 0), QStringLiteral("line 2: event over 16 MiB skipped"));
    QCOMPARE(eventAt(events, 0).type, WireEventType::TurnStarted);
    QCOMPARE(eventAt(events, 1).text, QStringLiteral("after"));
    QCOMPARE(eventAt(events, 2).type, WireEventType::TurnCompleted);
#ifdef __SANITIZE_ADDRESS__
    // AddressSanitizer keeps freed blocks resident (its quarantine) and adds shadow memory: RSS says
    // nothing about what Tessera holds there (scripts/test --sanitize).
    const bool sanitized = true;
#else
    const bool sanitized = false;
#endif
    if (sanitized) {
        qWarning("AddressSanitizer build: memory bound not checked");
    } else if (measured && before > 0 && peak > 0) {
        // Only the first 16 MiB may be held (and copied once as the buffer grows); never the 50 MiB line.
        const qint64 growthKiB = peak - before;
        QVERIFY2(growthKiB < 48 * 1024, qPrintable(QStringLiteral("peak RSS grew by %1 KiB").arg(growthKiB)));
    } else {
        qWarning("peak RSS not measurable here; memory bound not checked");
    }
}

void TestBackendStdio::exitInTheMiddleOfAnEvent()
{
    const QByteArray lines =
            R"({"send":{"type":"turn.started","turnId":"t1"}})" "\n"
            R"({"sendRaw":"{\"type\":\"message\",\"message\":{\"role\":\"tool\",\"structured\":{\"card\":{\"kind\":"})" "\n"
            R"({"exit":0})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(backend.stateDetail(), QStringLiteral("the backend exited with code 0"));
    QCOMPARE(events.size(), 1);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(textAt(errors, 0), QStringLiteral("line 2: the backend closed in the middle of an event"));

    // A start after the exit begins a clean stream: the half line is gone.
    errors.clear();
    events.clear();
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(events.size(), 1);
    QCOMPARE(errors.size(), 1);
}

void TestBackendStdio::exitCodeWithStderrLine()
{
    const QByteArray lines =
            R"({"stderr":"loading model"})" "\n"
            R"({"stderr":"model server unreachable: connection refused"})" "\n"
            R"({"exit":3})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy states(&backend, &Backend::stateChanged);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(backend.stateDetail(),
             QStringLiteral("the backend exited with code 3: model server unreachable: connection refused"));
    QCOMPARE(states.last().at(1).toString(), backend.stateDetail());
    QCOMPARE(backend.recentStderr(),
             QStringList({QStringLiteral("loading model"), QStringLiteral("model server unreachable: connection refused")}));

    // stderr went to the log, under the cache location.
    const QString log = backend.logFilePath();
    QVERIFY(log.startsWith(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
    QFile file(log);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(log));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("loading model\nmodel server unreachable: connection refused\n"));
    QVERIFY(text.contains("=== the backend exited with code 3: model server unreachable: connection refused\n"));

    // An explicit log path is honoured from the next start.
    const QString custom = m_dir.filePath(QStringLiteral("custom.log"));
    backend.setLogFilePath(custom);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(backend.logFilePath(), custom);
    QFile customFile(custom);
    QVERIFY(customFile.open(QIODevice::ReadOnly));
    QVERIFY(customFile.readAll().contains("model server unreachable"));
}

void TestBackendStdio::crashIsShown()
{
    const QByteArray lines =
            R"({"send":{"type":"turn.started","turnId":"t1"}})" "\n"
            R"({"stderr":"segfault in tool runner"})" "\n"
            R"({"kill":9})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(backend.stateDetail(), QStringLiteral("the backend crashed: segfault in tool runner"));
    QCOMPARE(events.size(), 1);
}

void TestBackendStdio::failureToStart()
{
    StdioBackend backend(QStringLiteral("/nonexistent/tessera-no-such-backend --flag \"two words\""));
    QSignalSpy states(&backend, &Backend::stateChanged);
    backend.start();
    QTRY_COMPARE(backend.state(), ConnectionState::Failed);
    QVERIFY2(backend.stateDetail().startsWith(QLatin1String("could not start /nonexistent/tessera-no-such-backend: ")),
             qPrintable(backend.stateDetail()));
    QCOMPARE(states.first().at(0).value<ConnectionState>(), ConnectionState::Connecting);
    QString error;
    QVERIFY(!backend.sendUserMessage(QStringLiteral("hi"), &error));
    QVERIFY2(error.startsWith(QLatin1String("the backend is not connected: could not start")), qPrintable(error));
}

void TestBackendStdio::emptyCommand()
{
    StdioBackend backend(QStringLiteral("   "));
    backend.start();
    QCOMPARE(backend.state(), ConnectionState::Failed);
    QCOMPARE(backend.stateDetail(), QStringLiteral("the backend command is empty"));
}

void TestBackendStdio::sendWhenNotRunning()
{
    StdioBackend backend(command(script(R"({"hang":true})" "\n")));
    QSignalSpy sent(&backend, &Backend::eventSent);
    QString error;
    QVERIFY(!backend.sendUserMessage(QStringLiteral("hi"), &error));
    QCOMPARE(error, QStringLiteral("the backend is not connected"));
    QCOMPARE(sent.size(), 0);
}

void TestBackendStdio::restart()
{
    const QByteArray lines = R"({"send":{"type":"turn.started","turnId":"hello"}})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy states(&backend, &Backend::stateChanged);
    backend.start();
    QTRY_COMPARE(events.size(), 1);
    const QString firstPid = backend.stateDetail();

    backend.restart();
    QTRY_COMPARE(events.size(), 2);
    QCOMPARE(backend.state(), ConnectionState::Connected);
    QVERIFY(backend.stateDetail() != firstPid);
    QList<ConnectionState> sequence;
    for (const QList<QVariant> &change : std::as_const(states))
        sequence.append(change.at(0).value<ConnectionState>());
    QCOMPARE(sequence, QList<ConnectionState>({ConnectionState::Connecting, ConnectionState::Connected,
                                               ConnectionState::Disconnected, ConnectionState::Connecting,
                                               ConnectionState::Connected}));
    // The first process is reaped in the background.
    QTRY_COMPARE(backend.findChildren<QProcess *>().size(), 1);
}

void TestBackendStdio::stopKillsAHangingBackend()
{
    // hang ignores stdin closing: stop() has to terminate it.
    StdioBackend backend(command(script(R"({"send":{"type":"turn.started","turnId":"t1"}})" "\n" R"({"hang":true})" "\n")));
    QSignalSpy events(&backend, &Backend::eventReceived);
    backend.start();
    QTRY_COMPARE(events.size(), 1);
    QCOMPARE(backend.findChildren<QProcess *>().size(), 1);
    backend.stop();
    QCOMPARE(backend.state(), ConnectionState::Disconnected);
    QTRY_COMPARE(backend.findChildren<QProcess *>().size(), 0);
    QCOMPARE(backend.state(), ConnectionState::Disconnected); // its exit after stop() is not a failure
}

void TestBackendStdio::floodArrivesInOrder()
{
    const QByteArray lines =
            R"({"send":{"type":"turn.started","turnId":"t1"}})" "\n"
            R"({"flood":{"count":10000,"turnId":"t1"}})" "\n"
            R"({"send":{"type":"turn.completed","turnId":"t1"}})" "\n";
    StdioBackend backend(command(script(lines)));
    QSignalSpy events(&backend, &Backend::eventReceived);
    QSignalSpy errors(&backend, &Backend::protocolError);
    backend.start();
    QTRY_COMPARE_WITH_TIMEOUT(events.size(), 10002, 60000);
    QCOMPARE(errors.size(), 0);
    QCOMPARE(eventAt(events, 0).type, WireEventType::TurnStarted);
    for (int i = 0; i < 10000; ++i) {
        const WireEvent delta = eventAt(events, i + 1);
        if (delta.type != WireEventType::MessageDelta || delta.text != QString::number(i) + QLatin1Char(' '))
            QFAIL(qPrintable(QStringLiteral("delta %1 arrived as %2").arg(i).arg(QString::fromUtf8(delta.raw))));
    }
    QCOMPARE(eventAt(events, 10001).type, WireEventType::TurnCompleted);
}

QTEST_GUILESS_MAIN(TestBackendStdio)
#include "tst_backendstdio.moc"
