// The canvas panel as data (issue 15): open / update / dedupe / close in order and out of order, edit
// protection (held, applied, discarded), replay of a stored conversation, and each content type's rule
// with a good and a hostile input.

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cards/transcript.h>
#include <workbench/canvaspanelstate.h>

using namespace Tessera;

namespace {

CanvasCommand command(CanvasOp op, const QByteArray &object)
{
    CanvasCommand parsed;
    QList<CanvasIssue> issues;
    if (!parseCanvasCommandText(op, object, &parsed, &issues))
        qWarning().noquote() << "unexpected issues:" << canvasIssuesText(issues);
    return parsed;
}

QList<CanvasIssue> issuesOf(CanvasOp op, const QByteArray &object)
{
    QList<CanvasIssue> issues;
    CanvasCommand parsed;
    const bool ok = parseCanvasCommandText(op, object, &parsed, &issues);
    if (ok)
        return {};
    return issues;
}

QStringList ids(const CanvasPanelState &state)
{
    QStringList list;
    for (const CanvasTab &tab : state.tabs())
        list.append(tab.id);
    return list;
}

} // namespace

class TestCanvasPanelModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openAddsAndActivates()
    {
        CanvasPanelState state;
        QVERIFY(state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","title":"A","content":"a"}})")).ok);
        QVERIFY(state.apply(command(CanvasOp::Open, R"({"tab":{"type":"file","source":"src/main.cpp","content":"int main(){}"}})")).ok);
        QCOMPARE(ids(state), (QStringList{"tab-1", "tab-2"}));
        QCOMPARE(state.activeIndex(), 1);
        QCOMPARE(state.tabs().at(1).title, QStringLiteral("main.cpp")); // from the source
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("a"));
    }

    void sameSourceReactivates()
    {
        CanvasPanelState state;
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","source":"notes.md","content":"one"}})"));
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"csv","source":"t.csv","content":"a,b"}})"));
        const CanvasApplyResult again = state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","source":"notes.md","content":"one"}})"));
        QVERIFY(again.ok);
        QCOMPARE(again.change, CanvasChange::Activated);
        QCOMPARE(state.tabs().size(), 2);
        QCOMPARE(state.activeIndex(), 0);
        // Reopened with new content: the same tab, updated.
        const CanvasApplyResult changed = state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","source":"notes.md","content":"two"}})"));
        QCOMPARE(changed.change, CanvasChange::Updated);
        QCOMPARE(state.tabs().size(), 2);
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("two"));
        // An image's address is its source when none is given.
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"image","src":"data:image/png;base64,AAAA"}})"));
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"image","src":"data:image/png;base64,AAAA"}})"));
        QCOMPARE(state.tabs().size(), 3);
    }

    void updateByIdAndSource()
    {
        CanvasPanelState state;
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","source":"a.md","content":"a"}})"));
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","id":"mine","content":"b"}})"));
        QVERIFY(state.apply(command(CanvasOp::Update, R"({"source":"a.md","content":"A2"})")).ok);
        QVERIFY(state.apply(command(CanvasOp::Update, R"({"tabId":"mine","content":"B2","title":"Bee"})")).ok);
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("A2"));
        QCOMPARE(state.tabs().at(1).contentText(), QStringLiteral("B2"));
        QCOMPARE(state.tabs().at(1).title, QStringLiteral("Bee"));
        QCOMPARE(state.activeIndex(), 1); // an update does not switch tabs
        // An update's content follows the tab's type: a markdown tab takes no object.
        const CanvasApplyResult wrong = state.apply(command(CanvasOp::Update, R"({"tabId":"mine","content":{"x":1}})"));
        QVERIFY(!wrong.ok);
        QCOMPARE(wrong.issues.first().pointer, QStringLiteral("/content"));
        QCOMPARE(wrong.issues.first().message, QStringLiteral("must be a string"));
    }

    void outOfOrderIsAnIssue()
    {
        CanvasPanelState state;
        const CanvasApplyResult update = state.apply(command(CanvasOp::Update, R"({"tabId":"tab-1","content":"x"})"));
        QVERIFY(!update.ok);
        QCOMPARE(update.issues.first().pointer, QStringLiteral("/tabId"));
        QCOMPARE(update.issues.first().message, QStringLiteral("no open tab has the id \"tab-1\""));
        const CanvasApplyResult close = state.apply(command(CanvasOp::Close, R"({"source":"gone.md"})"));
        QVERIFY(!close.ok);
        QCOMPARE(close.issues.first().message, QStringLiteral("no open tab has the source \"gone.md\""));
        QVERIFY(state.isEmpty());
        // Then in order: open, update, close, and the closed tab's update is an issue again.
        QVERIFY(state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})")).ok);
        QVERIFY(state.apply(command(CanvasOp::Update, R"({"tabId":"tab-1","content":"y"})")).ok);
        QVERIFY(state.apply(command(CanvasOp::Close, R"({"tabId":"tab-1"})")).ok);
        QVERIFY(!state.apply(command(CanvasOp::Update, R"({"tabId":"tab-1","content":"z"})")).ok);
        QCOMPARE(state.activeIndex(), -1);
    }

    void closeMovesActive()
    {
        CanvasPanelState state;
        for (int i = 0; i < 3; ++i)
            state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})"));
        state.activate(1);
        state.apply(command(CanvasOp::Close, R"({"tabId":"tab-2"})"));
        QCOMPARE(ids(state), (QStringList{"tab-1", "tab-3"}));
        QCOMPARE(state.activeTab()->id, QStringLiteral("tab-3")); // the right neighbour
        state.apply(command(CanvasOp::Close, R"({"tabId":"tab-3"})"));
        QCOMPARE(state.activeTab()->id, QStringLiteral("tab-1"));
        // A new tab after closes still gets a fresh number.
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})"));
        QCOMPARE(state.activeTab()->id, QStringLiteral("tab-4"));
    }

    void editProtectionHeldApplied()
    {
        CanvasPanelState state;
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","source":"n.md","content":"agent 1"}})"));
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"csv","source":"t.csv","content":"a"}})"));
        QVERIFY(state.apply(command(CanvasOp::Edit, R"({"tabId":"tab-1","content":"mine"})")).ok);
        const CanvasApplyResult held = state.apply(command(CanvasOp::Update, R"({"source":"n.md","content":"agent 2"})"));
        QCOMPARE(held.change, CanvasChange::Held);
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("mine"));
        QVERIFY(state.tabs().at(0).hasHeld);
        QCOMPARE(state.tabs().at(0).heldText(), QStringLiteral("agent 2"));
        // The other tab updates normally.
        QCOMPARE(state.apply(command(CanvasOp::Update, R"({"source":"t.csv","content":"b"})")).change, CanvasChange::Updated);
        QCOMPARE(state.tabs().at(1).contentText(), QStringLiteral("b"));
        // The newest held update wins; Apply puts it in.
        state.apply(command(CanvasOp::Update, R"({"source":"n.md","content":"agent 3"})"));
        QVERIFY(state.apply(command(CanvasOp::Apply, R"({"tabId":"tab-1"})")).ok);
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("agent 3"));
        QVERIFY(!state.tabs().at(0).editing);
        QVERIFY(!state.tabs().at(0).hasHeld);
        // Nothing held: Apply is an issue.
        QVERIFY(!state.apply(command(CanvasOp::Apply, R"({"tabId":"tab-1"})")).ok);
        // A csv tab is not edited.
        QVERIFY(!state.apply(command(CanvasOp::Edit, R"({"tabId":"tab-2","content":"z"})")).ok);
    }

    void editProtectionDiscarded()
    {
        CanvasPanelState state;
        state.apply(command(CanvasOp::Open, R"({"tab":{"type":"file","source":"a.py","content":"x = 1"}})"));
        state.apply(command(CanvasOp::Edit, R"({"tabId":"tab-1","content":"x = 2"})"));
        state.apply(command(CanvasOp::Update, R"({"source":"a.py","content":"x = 3"})"));
        QVERIFY(state.apply(command(CanvasOp::Discard, R"({"tabId":"tab-1"})")).ok);
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("x = 2"));
        QVERIFY(!state.tabs().at(0).hasHeld);
        QVERIFY(!state.tabs().at(0).editing);
        // Not editing any more: the agent's next update goes straight in.
        QCOMPARE(state.apply(command(CanvasOp::Update, R"({"source":"a.py","content":"x = 4"})")).change, CanvasChange::Updated);
        QCOMPARE(state.tabs().at(0).contentText(), QStringLiteral("x = 4"));
    }

    void replayRestoresThePanel()
    {
        Transcript transcript;
        QString error;
        QVERIFY2(Transcript::readFile(QStringLiteral(TESSERA_TEST_DATA "/canvas/panel.jsonl"), &transcript, &error), qPrintable(error));
        const CanvasPanelState state = CanvasPanelState::replay(transcript.messages);
        QCOMPARE(ids(state), (QStringList{"tab-1", "tab-2"}));
        QCOMPARE(state.activeIndex(), 1);
        const CanvasTab &notes = state.tabs().at(0);
        QCOMPARE(notes.title, QStringLiteral("Notes"));
        QCOMPARE(notes.contentText(), QStringLiteral("# Notes\n\nmy own words"));
        QVERIFY(notes.editing);
        QCOMPARE(notes.heldText(), QStringLiteral("# Notes\n\nthe agent's rewrite"));
        const CanvasTab &weather = state.tabs().at(1);
        QCOMPARE(weather.title, QStringLiteral("Weather")); // the document's title
        QVERIFY(weather.contentJson.contains("66°F"));
        // The same lines as raw lines (the store's form) fold the same way.
        QList<QByteArray> lines;
        for (const Message &m : std::as_const(transcript.messages))
            lines.append(m.rawLine);
        const CanvasPanelState again = CanvasPanelState::replayLines(lines);
        QCOMPARE(ids(again), ids(state));
        QCOMPARE(again.tabs().at(0).contentJson, notes.contentJson);
    }

    void storedLineRoundTrip()
    {
        const CanvasCommand open = command(CanvasOp::Open, R"({"tab":{"type":"json","title":"Data","content":{"a":[1,2]}}})");
        const QByteArray line = canvasCommandLine(open, QStringLiteral("canvas: opened Data"));
        QCOMPARE(line, QByteArray(R"({"role":"system","content":"canvas: opened Data","canvas":{"command":"open","tab":{"content":{"a":[1,2]},"title":"Data","type":"json"}}})"));
        CanvasPanelState state;
        QVERIFY(state.applyLine(line));
        QCOMPARE(state.tabs().first().contentJson, QByteArray(R"({"a":[1,2]})"));
        QVERIFY(!state.applyLine(R"({"role":"user","content":"a canvas word"})"));
    }

    void contentRules_data()
    {
        QTest::addColumn<QByteArray>("tab");
        QTest::addColumn<QString>("pointer"); // "" = valid
        QTest::addColumn<QString>("message");
        QTest::newRow("widget good") << QByteArray(R"({"type":"widget","definition":{"version":1,"root":{"type":"text","text":"hi"}}})") << QString() << QString();
        QTest::newRow("widget bad node") << QByteArray(R"({"type":"widget","content":{"version":1,"root":{"type":"marquee"}}})")
                                         << "/tab/content/root/type" << "unknown node type \"marquee\"";
        QTest::newRow("markdown good") << QByteArray(R"({"type":"markdown","content":"hi *there*"})") << QString() << QString();
        QTest::newRow("markdown not text") << QByteArray(R"({"type":"markdown","content":12})") << "/tab/content" << "must be a string";
        QTest::newRow("csv good") << QByteArray(R"({"type":"csv","text":"a,b\n1,2"})") << QString() << QString();
        QTest::newRow("json good") << QByteArray(R"({"type":"json","content":{"a":[1,{"b":null}]}})") << QString() << QString();
        QTest::newRow("image data") << QByteArray(R"({"type":"image","src":"data:image/png;base64,AAAA"})") << QString() << QString();
        QTest::newRow("image https") << QByteArray("{\"type\":\"image\",\"src\":\"https://example.com/a.png\"}") << QString() << QString();
        QTest::newRow("image path") << QByteArray(R"({"type":"image","src":"plots/a.png"})") << QString() << QString();
        QTest::newRow("image javascript") << QByteArray("{\"type\":\"image\",\"src\":\"javascript:alert(1)\"}")
                                          << "/tab/src" << "the javascript: scheme is refused: only data:, https:// and files inside the working directory are shown";
        QTest::newRow("image blob") << QByteArray("{\"type\":\"image\",\"src\":\"blob:https://x/1\"}")
                                    << "/tab/src" << "the blob: scheme is refused: only data:, https:// and files inside the working directory are shown";
        QTest::newRow("image http") << QByteArray("{\"type\":\"image\",\"src\":\"http://example.com/a.png\"}")
                                    << "/tab/src" << "http:// is refused: only https:// is fetched, after a click";
        QTest::newRow("image data pdf") << QByteArray(R"({"type":"image","src":"data:application/pdf;base64,AAAA"})")
                                        << "/tab/src" << "a data: URI here must be typed data:image/…";
        QTest::newRow("pdf good") << QByteArray(R"({"type":"pdf","src":"data:application/pdf;base64,JVBERi0="})") << QString() << QString();
        QTest::newRow("canvas good") << QByteArray(R"({"type":"canvas","content":"<p>hi</p>"})") << QString() << QString();
        QTest::newRow("canvas both") << QByteArray(R"({"type":"canvas","content":{"html":"<p>x</p>","template":"t"}})") << "/tab/content" << "";
        QTest::newRow("url good") << QByteArray("{\"type\":\"url\",\"url\":\"https://example.com/docs\"}") << QString() << QString();
        QTest::newRow("browser javascript") << QByteArray("{\"type\":\"browser\",\"url\":\"javascript:alert(1)\"}")
                                            << "/tab/url" << "must be an https:// address with a host";
        QTest::newRow("unknown type") << QByteArray(R"({"type":"hologram","content":"x"})") << "/tab/type"
                                      << "must be one of: widget, markdown, file, csv, json, image, pdf, canvas, url, browser, mcp_app";
        QTest::newRow("no content") << QByteArray(R"({"type":"markdown"})") << "/tab/content" << "is required";
        QTest::newRow("title too long") << ("{\"type\":\"markdown\",\"content\":\"x\",\"title\":\"" + QByteArray(201, 'a') + "\"}")
                                        << "/tab/title" << "must be at most 200 characters";
    }

    void contentRules()
    {
        QFETCH(QByteArray, tab);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        const QList<CanvasIssue> issues = issuesOf(CanvasOp::Open, "{\"tab\":" + tab + '}');
        if (pointer.isEmpty()) {
            QVERIFY2(issues.isEmpty(), qPrintable(canvasIssuesText(issues)));
            return;
        }
        QVERIFY(!issues.isEmpty());
        QCOMPARE(issues.first().pointer, pointer);
        if (!message.isEmpty())
            QCOMPARE(issues.first().message, message);
    }

    void hostileCommands()
    {
        // Nested 100,000 deep: the strict parser refuses it past depth 100, with no recursion to match.
        const QByteArray deep = "{\"tab\":{\"type\":\"json\",\"content\":" + QByteArray(100000, '[') + QByteArray(100000, ']') + "}}";
        const QList<CanvasIssue> issues = issuesOf(CanvasOp::Open, deep);
        QCOMPARE(issues.size(), 1);
        QVERIFY2(issues.first().message.startsWith(QLatin1String("not JSON: ")), qPrintable(issues.first().message));
        QVERIFY(issuesOf(CanvasOp::Update, "[]").first().message == QLatin1String("a canvas command is a JSON object"));
        QCOMPARE(issuesOf(CanvasOp::Close, "{}").first().message, QStringLiteral("tabId or source is required"));
        QCOMPARE(issuesOf(CanvasOp::Update, R"({"tabId":5,"content":"x"})").first().pointer, QStringLiteral("/tabId"));
        // More than kCanvasMaxTabs tabs: an issue, not a 51st tab.
        CanvasPanelState state;
        for (int i = 0; i < kCanvasMaxTabs; ++i)
            QVERIFY(state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})")).ok);
        const CanvasApplyResult past = state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})"));
        QVERIFY(!past.ok);
        QCOMPARE(state.tabs().size(), kCanvasMaxTabs);
    }

    // mcp_app tabs (issue 16): a stored tool result with an app view, named by its tool call id.
    void mcpAppTabs()
    {
        const QByteArray app = R"({"role":"tool","tool_call_id":"call_w","name":"fixture__show_weather","content":"Lisbon: 21 °C",)"
                               R"("tessera_tool":{"server":"fixture","tool":"show_weather","consent":"allowed_once","duration_ms":5,"is_error":false},)"
                               R"("tessera_app":{"uri":"ui://fixture/weather.html","server":"fixture","tool":"show_weather",)"
                               R"("arguments":{"city":"Lisbon"},"result":{"content":[]},"csp_refused":[],"html":"<p>w</p>"}})";
        const QByteArray open = R"({"tab":{"type":"mcp_app","content":{"toolCallId":"call_w"}}})";
        CanvasPanelState state;
        // Before the result is in the conversation: refused, with the reason.
        CanvasApplyResult early = state.apply(command(CanvasOp::Open, open));
        QVERIFY(!early.ok);
        QCOMPARE(early.issues.first().pointer, QStringLiteral("/tab/content/toolCallId"));
        QCOMPARE(early.issues.first().message, QStringLiteral("no tool result with an app view has the id \"call_w\" in this conversation"));
        QVERIFY(state.isEmpty());
        // A tool line without a view is not an app result.
        QVERIFY(!state.noteAppLine(R"({"role":"tool","tool_call_id":"call_x","name":"t","content":"tessera_app"})"));
        QVERIFY(!state.noteAppLine(R"({"role":"user","content":"x","tessera_app":{}})"));
        QVERIFY(state.noteAppLine(app));
        QCOMPARE(state.appLine(QStringLiteral("call_w")), app);
        const CanvasApplyResult opened = state.apply(command(CanvasOp::Open, open));
        QVERIFY2(opened.ok, qPrintable(canvasIssuesText(opened.issues)));
        QCOMPARE(opened.change, CanvasChange::Opened);
        const CanvasTab &tab = state.tabs().first();
        QCOMPARE(tab.type, CanvasContentType::McpApp);
        QCOMPARE(tab.title, QStringLiteral("show_weather")); // the server's tool name
        QCOMPARE(tab.source, QStringLiteral("mcp_app:call_w")); // the dedupe key
        QCOMPARE(tab.appLine, app);
        // Deduped: the same result again re-activates its tab.
        QVERIFY(state.apply(command(CanvasOp::Open, R"({"tab":{"type":"markdown","content":"x"}})")).ok);
        QCOMPARE(state.activeIndex(), 1);
        const CanvasApplyResult again = state.apply(command(CanvasOp::Open, open));
        QVERIFY(again.ok);
        QCOMPARE(again.change, CanvasChange::Activated);
        QCOMPARE(state.tabs().size(), 2);
        QCOMPARE(state.activeIndex(), 0);
        // An update naming a result that is not there: an issue, nothing changes.
        const CanvasApplyResult update = state.apply(command(CanvasOp::Update, R"({"source":"mcp_app:call_w","content":{"toolCallId":"call_gone"}})"));
        QVERIFY(!update.ok);
        QCOMPARE(update.issues.first().pointer, QStringLiteral("/content/toolCallId"));
        QCOMPARE(state.tabs().first().appLine, app);

        // Hostile: HTML of the agent's own is refused (a tab never makes an app), so is a bare string.
        QList<CanvasIssue> issues = issuesOf(CanvasOp::Open, R"({"tab":{"type":"mcp_app","content":{"toolCallId":"call_w","html":"<script>parent.postMessage({})</script>"}}})");
        QCOMPARE(issues.size(), 1);
        QCOMPARE(issues.first().pointer, QStringLiteral("/tab/content/html"));
        QCOMPARE(issues.first().message, QStringLiteral("is not a member of an mcp_app tab: it shows a stored app result, named by toolCallId"));
        issues = issuesOf(CanvasOp::Open, R"({"tab":{"type":"mcp_app","content":"<script>x</script>"}})");
        QCOMPARE(issues.first().message, QStringLiteral("must be an object {toolCallId}: the id of a tool result with an app view"));
        QCOMPARE(issuesOf(CanvasOp::Open, R"({"tab":{"type":"mcp_app","content":{"toolCallId":""}}})").first().message,
                 QStringLiteral("must not be empty"));

        // Replay: the result line, then the stored command, fold to the same tab; the other order does not
        // (the command was refused live, so it was never stored after its result).
        const QByteArray stored = canvasCommandLine(command(CanvasOp::Open, open), QStringLiteral("canvas: opened show_weather"));
        const CanvasPanelState replayed = CanvasPanelState::replayLines({app, stored});
        QCOMPARE(replayed.tabs().size(), 1);
        QCOMPARE(replayed.tabs().first().appLine, app);
        const Transcript transcript = Transcript::fromJsonLines(app + '\n' + stored + '\n');
        const CanvasPanelState fromMessages = CanvasPanelState::replay(transcript.messages);
        QCOMPARE(fromMessages.tabs().size(), 1);
        QCOMPARE(fromMessages.tabs().first().title, QStringLiteral("show_weather"));
        QVERIFY(CanvasPanelState::replayLines({stored, app}).isEmpty());
    }

    void localPaths()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("work/plots")));
        QFile inside(dir.filePath(QStringLiteral("work/plots/a.png")));
        QVERIFY(inside.open(QIODevice::WriteOnly));
        inside.close();
        QFile outside(dir.filePath(QStringLiteral("secret.txt")));
        QVERIFY(outside.open(QIODevice::WriteOnly));
        outside.close();
        const QString work = dir.filePath(QStringLiteral("work"));
        QString reason;
        QCOMPARE(canvasLocalPath(QStringLiteral("plots/a.png"), work, &reason), QFileInfo(inside).canonicalFilePath());
        QCOMPARE(canvasLocalPath(QUrl::fromLocalFile(inside.fileName()).toString(), work, &reason), QFileInfo(inside).canonicalFilePath());
        QVERIFY(canvasLocalPath(QStringLiteral("../secret.txt"), work, &reason).isEmpty());
        QVERIFY2(reason.contains(QLatin1String("outside the working directory")), qPrintable(reason));
        QVERIFY(canvasLocalPath(outside.fileName(), work, &reason).isEmpty());
        QVERIFY(canvasLocalPath(QStringLiteral("plots/a.png"), QString(), &reason).isEmpty());
        QVERIFY(QFile::link(outside.fileName(), dir.filePath(QStringLiteral("work/link.txt"))));
        QVERIFY(canvasLocalPath(QStringLiteral("link.txt"), work, &reason).isEmpty()); // a link out is outside
    }
};

QTEST_GUILESS_MAIN(TestCanvasPanelModel)
#include "tst_canvaspanelmodel.moc"
