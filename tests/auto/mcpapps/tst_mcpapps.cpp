// MCP Apps (issue 16 "MCP Apps"). First the bridge's JSON-RPC with no page (every answer checked by
// value); then tests/tools/mcpapp/appserver.mjs, a real MCP App server built with @modelcontextprotocol/sdk
// and @modelcontextprotocol/ext-apps, started and stopped here: the fake OpenAI-compatible endpoint calls
// its tool, the person allows it, the stored result line carries the view, and the view drawn from that
// line runs the ext-apps App class in the canvas sandbox. What the page shows is read from its DOM.
// Every wait is bounded.

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWebEnginePage>
#include <QWebEngineView>

#include <nlohmann/json.hpp>

#include <app/mcpappconsent.h>
#include <backend/openaibackend.h>
#include <canvas/canvascard.h>
#include <canvas/canvasdocument.h>
#include <canvas/canvaspage.h>
#include <canvas/canvassandbox.h>
#include <canvas/mcpappcard.h>
#include <canvas/mcpappview.h>
#include <cards/cardkindregistry.h>
#include <cards/conversationmodel.h>
#include <cards/jsonaccess.h>
#include <mcp/mcpapp.h>
#include <mcp/mcpapphost.h>
#include <mcp/mcptoolhost.h>
#include <session/conversationsession.h>
#include <tests/support/fakeendpoint.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/decisionbar.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/composer.h>
#include <workbench/canvaspanelstate.h>
#include <workbench/canvastabviews.h>

using namespace Tessera;
using json = nlohmann::json;

namespace {

constexpr int kStartMs = 60000;
constexpr int kTurnMs = 90000;
constexpr int kPageMs = 20000;

QString source(const QString &relative)
{
    return QStringLiteral(TESSERA_SOURCE_DIR "/") + relative;
}

McpServerConfig fixture()
{
    McpServerConfig config;
    config.name = QStringLiteral("fixture");
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    config.command = node.isEmpty() ? QStringLiteral("node") : node;
    config.args = {source(QStringLiteral("tests/tools/mcpapp/appserver.mjs"))};
    return config;
}

// The bridge's output, parsed.
struct Wire
{
    explicit Wire(McpAppBridge *bridge)
    {
        QObject::connect(bridge, &McpAppBridge::send, bridge, [this](const QString &text) {
            sent.append(json::parse(text.toStdString()));
        });
    }
    json last() const { return sent.isEmpty() ? json() : sent.last(); }
    QList<json> sent;
};

QString text(const json &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

// The text of an element of a live view's page (main world: the page's own DOM), "" when none.
QString domText(McpAppView *view, const QString &id)
{
    if (!view->webView())
        return {};
    QString out;
    bool done = false;
    view->webView()->page()->runJavaScript(
        QStringLiteral("(function(){var e=document.getElementById('%1');return e?e.textContent:'';})()").arg(id),
        [&](const QVariant &value) {
            out = value.toString();
            done = true;
        });
    for (int i = 0; i < 250 && !done; ++i)
        QTest::qWait(20);
    return out;
}

void click(McpAppView *view, const QString &id)
{
    view->webView()->page()->runJavaScript(QStringLiteral("document.getElementById('%1').click()").arg(id));
}

// The fixture server's counter as it is now (counter_add with n 0, called directly, no app involved).
QString serverCount(McpToolHost &host)
{
    std::unique_ptr<ToolRun> run(host.callServerTool(QStringLiteral("fixture"), QStringLiteral("counter_add"), json{{"n", 0}}));
    if (!run)
        return QStringLiteral("(not called)");
    QSignalSpy finished(run.get(), &ToolRun::finished);
    if (!run->isFinished() && !finished.wait(kPageMs))
        return QStringLiteral("(no answer)");
    return run->errorString().isEmpty() ? run->text() : run->errorString();
}

// The stored line of the model that names cardId and carries member (tessera_notice: the card itself;
// card_decision; card_update), parsed; null when none.
json lineOf(const ConversationModel &model, const QString &cardId, const char *member)
{
    for (const Message &m : model.transcript().messages) {
        if (!m.rawLine.contains(cardId.toUtf8()))
            continue;
        const json line = m.json();
        if (line.is_object() && line.contains(member))
            return line;
    }
    return json();
}

// The buttons of a card of the model as drawn, "(disabled)" after each that cannot be pressed.
QStringList buttonTexts(const ConversationModel &model, const QString &cardId)
{
    const int row = model.rowOfCard(cardId);
    if (row < 0)
        return {QStringLiteral("(no card)")};
    const CardState state = model.cardState(cardId);
    RenderContext context;
    context.state = &state;
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(*model.card(row), context, nullptr));
    const DecisionBar *bar = widget ? widget->findChild<DecisionBar *>() : nullptr;
    if (!bar)
        return {QStringLiteral("(no buttons)")};
    QStringList texts;
    for (const QPushButton *button : bar->buttons())
        texts.append(button->text() + (button->isEnabled() ? QString() : QStringLiteral(" (disabled)")));
    return texts;
}

} // namespace

class tst_McpApps : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void resourceUri_data();
    void resourceUri();
    void modelOnlyToolIsNotTheAppsToCall();
    void forgedAppConsentIdIsRefused_data();
    void forgedAppConsentIdIsRefused();
    void resourceRead();
    void handshakeHoldsNotifications();
    void badMessagesAreAnswered_data();
    void badMessagesAreAnswered();
    void requestsOfTheApp();
    void teardownIsBounded();
    void liveAppEndToEnd();
    void replayOffline();
    void documentKeepsTheCanvasRules();
    void headlessRender();
    void appTabInThePanel();

private:
    QByteArray m_storedLine; // the result line of liveAppEndToEnd, for the replay
    QByteArray m_canvasLine; // its control_ui open_canvas, stored
};

void tst_McpApps::initTestCase()
{
    QVERIFY2(QFileInfo::exists(source(QStringLiteral("node_modules/@modelcontextprotocol/ext-apps/package.json"))),
             "node_modules lacks @modelcontextprotocol/ext-apps: run npm ci --ignore-scripts");
    QVERIFY(ToolConsent::registerKind());
    installMcpAppRenderer();
    QVERIFY(!mcpAppShimScript().isEmpty()); // qwebchannel.js is found in Qt's resources
}

void tst_McpApps::resourceUri_data()
{
    QTest::addColumn<QByteArray>("tool");
    QTest::addColumn<QString>("uri");
    QTest::addColumn<bool>("forModel");
    QTest::addColumn<bool>("forApp");
    QTest::newRow("ui meta") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"resourceUri\":\"ui://x/v.html\"}}}")
                             << QStringLiteral("ui://x/v.html") << true << true;
    QTest::newRow("older key") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui/resourceUri\":\"ui://x/old.html\"}}")
                               << QStringLiteral("ui://x/old.html") << true << true;
    QTest::newRow("not ui scheme") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"resourceUri\":\"https://x/v.html\"}}}")
                                   << QString() << true << true;
    QTest::newRow("not a string") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"resourceUri\":7}}}") << QString() << true << true;
    QTest::newRow("app only") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"resourceUri\":\"ui://x/v\",\"visibility\":[\"app\"]}}}")
                              << QStringLiteral("ui://x/v") << false << true;
    QTest::newRow("model only") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"resourceUri\":\"ui://x/v\",\"visibility\":[\"model\"]}}}")
                                << QStringLiteral("ui://x/v") << true << false;
    QTest::newRow("nobody") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"visibility\":[]}}}") << QString() << false << false;
    QTest::newRow("not names") << QByteArray("{\"name\":\"a\",\"_meta\":{\"ui\":{\"visibility\":[1,{\"app\":1}]}}}") << QString() << false << false;
    QTest::newRow("none") << QByteArray("{\"name\":\"a\"}") << QString() << true << true;
}

void tst_McpApps::resourceUri()
{
    QFETCH(QByteArray, tool);
    QFETCH(QString, uri);
    QFETCH(bool, forModel);
    QFETCH(bool, forApp);
    const json entry = json::parse(tool.toStdString());
    QCOMPARE(McpApp::resourceUriOf(entry), uri);
    QCOMPARE(McpApp::isVisibleToModel(entry), forModel);
    QCOMPARE(McpApp::isVisibleToApp(entry), forApp);
}

void tst_McpApps::modelOnlyToolIsNotTheAppsToCall()
{
    // Hostile review (issue 16): a view may call its server's tools, but not one the server keeps for the
    // model ("visibility": ["model"]); the refusal sends no tools/call, so the counter is not reset.
    McpToolHost host({fixture()});
    QSignalSpy ready(&host, &McpToolHost::ready);
    host.start();
    QVERIFY(host.isReady() || ready.wait(kStartMs));
    QVERIFY2(host.problems().isEmpty(), qPrintable(host.problems().join(QLatin1Char('\n'))));
    QVERIFY(host.findTool(QStringLiteral("fixture__counter_reset"))); // the model is offered it
    QVERIFY(!host.isAppCallable(QStringLiteral("fixture"), QStringLiteral("counter_reset")));
    QVERIFY(host.isAppCallable(QStringLiteral("fixture"), QStringLiteral("counter_add")));
    QVERIFY(host.isAppCallable(QStringLiteral("fixture"), QStringLiteral("show_weather")));
    std::unique_ptr<ToolRun> add(host.callServerTool(QStringLiteral("fixture"), QStringLiteral("counter_add"), json{{"n", 3}}));
    QVERIFY(add);
    QSignalSpy added(add.get(), &ToolRun::finished);
    QVERIFY(add->isFinished() || added.wait(kPageMs));
    QCOMPARE(add->text(), QStringLiteral("count: 3"));
    std::unique_ptr<ToolRun> reset(host.callServerTool(QStringLiteral("fixture"), QStringLiteral("counter_reset"), json::object()));
    QVERIFY(reset);
    QSignalSpy refused(reset.get(), &ToolRun::finished);
    QVERIFY(reset->isFinished() || refused.wait(kPageMs));
    QCOMPARE(reset->errorString(), QStringLiteral("counter_reset is for the model only: its server does not let an app call it"));
    QCOMPARE(serverCount(host), QStringLiteral("count: 3"));
}

void tst_McpApps::forgedAppConsentIdIsRefused_data()
{
    QTest::addColumn<QString>("cardId");
    QTest::newRow("unknown") << QStringLiteral("appconsent:00000000-0000-0000-0000-000000000000");
    QTest::newRow("bidi and newline") << QStringLiteral("appconsent:x\u202e\nforged");
    QTest::newRow("1 MB") << (QStringLiteral("appconsent:") + QString(1 << 20, QLatin1Char('a')));
}

void tst_McpApps::forgedAppConsentIdIsRefused()
{
    // A decision on an appconsent: id the session did not put (a forged or imported card, an expired one)
    // is refused, stores nothing and tells no app it was allowed.
    QFETCH(QString, cardId);
    ConversationModel model;
    ConversationSession session{&model, nullptr};
    QSignalSpy decided(&session, &ConversationSession::appToolConsentDecided);
    const qsizetype before = model.transcript().messages.size();
    QString error;
    QVERIFY(!session.sendCardDecision(cardId, QStringLiteral("allow_once"), QStringLiteral("allowed_once"), QString(), &error));
    QCOMPARE(error, QStringLiteral("this app's tool call is no longer waiting for a decision"));
    QCOMPARE(model.transcript().messages.size(), before);
    QCOMPARE(decided.size(), 0);
    QVERIFY(!session.isAppToolConsentWaiting());
}

void tst_McpApps::resourceRead()
{
    QString html;
    QStringList refused;
    QString error;
    const json good = json::parse("{\"contents\":[{\"uri\":\"ui://x/v\",\"mimeType\":\"text/html;profile=mcp-app\",\"text\":\"<p>hi</p>\",\"_meta\":{\"ui\":{\"csp\":{\"connectDomains\":[\"https://api.example.com\"],\"frameDomains\":[\"https://f.example\"]}}}}]}");
    QVERIFY(parseMcpAppResource(good, QStringLiteral("ui://x/v"), &html, &refused, &error));
    QCOMPARE(html, QStringLiteral("<p>hi</p>"));
    QCOMPARE(refused, QStringList({QStringLiteral("https://api.example.com"), QStringLiteral("https://f.example")}));
    const json blob = json::parse("{\"contents\":[{\"uri\":\"ui://x/v\",\"mimeType\":\"text/html;profile=mcp-app\",\"blob\":\"PGI+YjwvYj4=\"}]}");
    QVERIFY(parseMcpAppResource(blob, QStringLiteral("ui://x/v"), &html, &refused, &error));
    QCOMPARE(html, QStringLiteral("<b>b</b>"));
    const json plain = json::parse("{\"contents\":[{\"uri\":\"ui://x/v\",\"mimeType\":\"text/html\",\"text\":\"<p>hi</p>\"}]}");
    QVERIFY(!parseMcpAppResource(plain, QStringLiteral("ui://x/v"), &html, &refused, &error));
    QCOMPARE(error, QStringLiteral("/contents/mimeType: \"text/html\" is not text/html;profile=mcp-app"));
    QVERIFY(!parseMcpAppResource(json::parse("{\"contents\":[]}"), QStringLiteral("ui://x/v"), &html, &refused, &error));
    QVERIFY(error.startsWith(QStringLiteral("/contents: the server sent no content")));
    const json huge = {{"contents", {{{"uri", "ui://x/v"}, {"mimeType", McpApp::kMimeType},
                                      {"text", std::string(size_t(McpApp::kMaxHtmlBytes) + 1, 'a')}}}}};
    QVERIFY(!parseMcpAppResource(huge, QStringLiteral("ui://x/v"), &html, &refused, &error));
    QCOMPARE(error, QStringLiteral("the view is larger than 4 MB; it was refused"));
}

void tst_McpApps::handshakeHoldsNotifications()
{
    McpAppBridge bridge;
    McpAppBridge::HostContext context;
    context.theme = QStringLiteral("dark");
    context.locale = QStringLiteral("de-DE");
    bridge.setHostContext(context);
    bridge.setServerConnected(true);
    Wire wire(&bridge);
    bridge.setToolInput(json{{"city", "Lisbon"}});
    bridge.setToolResult(json{{"content", json::array({{{"type", "text"}, {"text", "21"}}})}});
    QVERIFY(wire.sent.isEmpty()); // nothing before the app speaks

    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ui/initialize\",\"params\":{\"protocolVersion\":\"2026-01-26\",\"appInfo\":{\"name\":\"demo\",\"version\":\"1\"},\"appCapabilities\":{}}}"));
    QCOMPARE(wire.sent.size(), 1);
    const json answer = wire.last();
    QVERIFY(answer["id"] == json(1));
    QCOMPARE(text(answer["result"]["protocolVersion"]), QStringLiteral("2026-01-26"));
    QCOMPARE(text(answer["result"]["hostInfo"]["name"]), QStringLiteral("Tessera"));
    QCOMPARE(text(answer["result"]["hostContext"]["theme"]), QStringLiteral("dark"));
    QCOMPARE(text(answer["result"]["hostContext"]["locale"]), QStringLiteral("de-DE"));
    QCOMPARE(text(answer["result"]["hostContext"]["displayMode"]), QStringLiteral("inline"));
    QVERIFY(answer["result"]["hostCapabilities"].contains("serverTools"));
    QVERIFY(answer["result"]["hostCapabilities"].contains("openLinks"));
    QCOMPARE(bridge.appName(), QStringLiteral("demo"));
    QCOMPARE(wire.sent.size(), 1); // still held: the app has not said initialized

    QSignalSpy initialized(&bridge, &McpAppBridge::initialized);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/initialized\",\"params\":{}}"));
    QCOMPARE(initialized.size(), 1);
    QCOMPARE(wire.sent.size(), 3);
    QCOMPARE(text(wire.sent.at(1)["method"]), QStringLiteral("ui/notifications/tool-input"));
    QCOMPARE(text(wire.sent.at(1)["params"]["arguments"]["city"]), QStringLiteral("Lisbon"));
    QCOMPARE(text(wire.sent.at(2)["method"]), QStringLiteral("ui/notifications/tool-result"));
    QCOMPARE(text(wire.sent.at(2)["params"]["content"][0]["text"]), QStringLiteral("21"));
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/initialized\"}"));
    QCOMPARE(wire.sent.size(), 3); // once

    // An unknown protocol version is answered with Tessera's newest.
    McpAppBridge other;
    Wire otherWire(&other);
    other.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ui/initialize\",\"params\":{\"protocolVersion\":\"1999-01-01\"}}"));
    QCOMPARE(text(otherWire.last()["result"]["protocolVersion"]), McpApp::kProtocolVersions.constFirst());
    QVERIFY(!otherWire.last()["result"]["hostCapabilities"].contains("serverTools")); // no server connected
}

void tst_McpApps::badMessagesAreAnswered_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("id"); // the id in the answer, as JSON
    QTest::newRow("not json") << QStringLiteral("{nope") << -32700 << QStringLiteral("null");
    QTest::newRow("array") << QStringLiteral("[1,2]") << -32600 << QStringLiteral("null");
    QTest::newRow("no jsonrpc") << QStringLiteral("{\"id\":3,\"method\":\"ping\"}") << -32600 << QStringLiteral("3");
    QTest::newRow("bad id") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}") << -32600 << QStringLiteral("null");
    QTest::newRow("method number") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":5}") << -32600 << QStringLiteral("4");
    QTest::newRow("params array") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ui/message\",\"params\":[1]}") << -32602 << QStringLiteral("5");
    QTest::newRow("unknown") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"sampling/createMessage\",\"params\":{}}") << -32601 << QStringLiteral("6");
    QTest::newRow("http link") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ui/open-link\",\"params\":{\"url\":\"http://example.com\"}}") << -32602 << QStringLiteral("7");
    QTest::newRow("javascript link") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ui/open-link\",\"params\":{\"url\":\"javascript:alert(1)\"}}") << -32602 << QStringLiteral("8");
    QTest::newRow("empty message") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ui/message\",\"params\":{\"role\":\"user\",\"content\":[]}}") << -32602 << QStringLiteral("9");
    QTest::newRow("tool without name") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}") << -32602 << QStringLiteral("10");
    QTest::newRow("tool args array") << QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"arguments\":[1]}}") << -32602 << QStringLiteral("11");
    QTest::newRow("too big") << (QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"ping\",\"params\":{\"p\":\"")
                                 + QString(int(McpAppBridge::kMaxMessageBytes), QLatin1Char('x')) + QStringLiteral("\"}}"))
                             << -32600 << QStringLiteral("null");
}

void tst_McpApps::badMessagesAreAnswered()
{
    QFETCH(QString, message);
    QFETCH(int, code);
    QFETCH(QString, id);
    McpAppBridge bridge;
    bridge.setServerConnected(true);
    Wire wire(&bridge);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ui/initialize\",\"params\":{}}"));
    bridge.receive(message);
    QCOMPARE(wire.sent.size(), 2);
    const json answer = wire.last();
    QCOMPARE(answer["error"]["code"].get<int>(), code);
    QCOMPARE(QString::fromStdString(answer["id"].dump()), id);
    QVERIFY(!text(answer["error"]["message"]).isEmpty());
    QCOMPARE(bridge.refusedCount(), 1);
}

void tst_McpApps::requestsOfTheApp()
{
    McpAppBridge bridge;
    Wire wire(&bridge);
    // Before ui/initialize only ping is answered.
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ui/message\",\"params\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}}"));
    QCOMPARE(wire.last()["error"]["code"].get<int>(), -32600);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ui/initialize\",\"params\":{}}"));

    QSignalSpy message(&bridge, &McpAppBridge::messageRequested);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ui/message\",\"params\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"first\"},{\"type\":\"image\",\"data\":\"x\"},{\"type\":\"text\",\"text\":\"second\"}]}}"));
    QCOMPARE(message.size(), 1);
    QCOMPARE(message.first().first().toString(), QStringLiteral("first\nsecond"));
    QVERIFY(wire.last()["result"] == json::object());

    // Without a server, tools/call is refused at once.
    QSignalSpy call(&bridge, &McpAppBridge::toolCallRequested);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"arguments\":{}}}"));
    QCOMPARE(call.size(), 0);
    QCOMPARE(wire.last()["error"]["code"].get<int>(), -32603);
    QCOMPARE(text(wire.last()["error"]["message"]), QStringLiteral("the app's server is not connected: its tools cannot be called"));
    // With one, it waits for the caller's answer, which goes back under the app's id.
    bridge.setServerConnected(true);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"arguments\":{\"n\":1}}}"));
    QCOMPARE(call.size(), 1);
    const int before = int(wire.sent.size());
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}"));
    QVERIFY(wire.last()["error"]["message"] == json("the id is already in use"));
    bridge.answerToolCall(call.first().at(0).toString(), json{{"content", json::array()}});
    QCOMPARE(int(wire.sent.size()), before + 2);
    QVERIFY(wire.last()["id"] == json("c1"));
    QVERIFY(wire.last()["result"]["content"] == json::array());
    bridge.answerToolCall(call.first().at(0).toString(), json::object()); // answered already: nothing
    QCOMPARE(int(wire.sent.size()), before + 2);

    // https links wait for the person; their answer goes back.
    QSignalSpy link(&bridge, &McpAppBridge::openLinkRequested);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ui/open-link\",\"params\":{\"url\":\"https://example.com/a\"}}"));
    QCOMPARE(link.size(), 1);
    QCOMPARE(link.first().at(0).toUrl(), QUrl(QStringLiteral("https://example.com/a")));
    bridge.answerOpenLink(link.first().at(1).toString(), false);
    QVERIFY(wire.last()["error"]["message"] == json("the person did not open the link"));

    // Sizes are bounded; a size that is not a number in range is "not given".
    QSignalSpy size(&bridge, &McpAppBridge::sizeRequested);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/size-changed\",\"params\":{\"width\":300,\"height\":412.5}}"));
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/size-changed\",\"params\":{\"height\":1e12,\"width\":\"x\"}}"));
    QCOMPARE(size.size(), 2);
    QCOMPARE(size.at(0), (QVariantList{300, 412}));
    QCOMPARE(size.at(1), (QVariantList{-1, -1}));
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ui/request-display-mode\",\"params\":{\"mode\":\"fullscreen\"}}"));
    QVERIFY(wire.last()["result"]["mode"] == json("inline"));
}

void tst_McpApps::teardownIsBounded()
{
    McpAppBridge bridge;
    Wire wire(&bridge);
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ui/initialize\",\"params\":{}}"));
    QSignalSpy finished(&bridge, &McpAppBridge::teardownFinished);
    bridge.teardown();
    QCOMPARE(text(wire.last()["method"]), QStringLiteral("ui/resource-teardown"));
    const json id = wire.last()["id"];
    // Requests after it are refused.
    bridge.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ui/message\",\"params\":{\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}}"));
    QVERIFY(wire.last()["error"]["message"] == json("the view is closing"));
    bridge.receive(QString::fromStdString(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", json::object()}}.dump()));
    QCOMPARE(finished.size(), 1);

    McpAppBridge silent;
    Wire silentWire(&silent);
    silent.receive(QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ui/initialize\",\"params\":{}}"));
    QSignalSpy silentFinished(&silent, &McpAppBridge::teardownFinished);
    QElapsedTimer clock;
    clock.start();
    silent.teardown();
    QVERIFY(silentFinished.wait(5000)); // the app never answers: the timeout ends it
    QVERIFY(clock.elapsed() >= McpAppBridge::kTeardownTimeoutMs - 50);
}

void tst_McpApps::liveAppEndToEnd()
{
    FakeEndpoint endpoint{"k"};
    McpToolHost host({fixture()});
    ConversationModel model;
    ConversationSession session{&model, nullptr};
    auto *backend = new OpenAiBackend(endpoint.baseUrl(), QStringLiteral("small-model"), QStringLiteral("k"));
    backend->setToolHost(&host);
    session.setBackend(backend);
    QSignalSpy ready(&host, &McpToolHost::ready);
    host.start();
    QVERIFY(host.isReady() || ready.wait(kStartMs));
    QVERIFY2(host.problems().isEmpty(), qPrintable(host.problems().join(QLatin1Char('\n'))));
    backend->start();

    // The model is offered the tool with a view, not the app-only one.
    const HostedTool *weather = host.findTool(QStringLiteral("fixture__show_weather"));
    QVERIFY(weather);
    QCOMPARE(weather->uiResourceUri, QStringLiteral("ui://fixture/weather.html"));
    QVERIFY(!host.findTool(QStringLiteral("fixture__counter_add")));
    QVERIFY(!backend->toolsJson().contains("counter_add"));

    // Then the model shows that result again in the canvas panel (control_ui, no consent: a UI tool).
    endpoint.toolScript = {{QStringLiteral("fixture__show_weather"), QStringLiteral("{\"city\":\"Lisbon\"}")},
                           {QStringLiteral("control_ui"),
                            QStringLiteral("{\"action\":\"open_canvas\",\"tab\":{\"type\":\"mcp_app\",\"content\":{\"toolCallId\":\"call_script0\"}}}")}};
    QSignalSpy finished(&session, &ConversationSession::turnFinished);
    QVERIFY(session.sendUserMessage(QStringLiteral("weather in Lisbon?")));
    QTRY_VERIFY_WITH_TIMEOUT(backend->awaitsDecision(QStringLiteral("consent:call_script0")), kTurnMs);
    QString error;
    QVERIFY2(session.sendCardDecision(QStringLiteral("consent:call_script0"), QStringLiteral("allow_once"),
                                      QStringLiteral("allowed_once"), QStringLiteral("[Decision: Allow once]"), &error),
             qPrintable(error));
    QVERIFY(finished.wait(kTurnMs));

    // The stored result line carries the view; the model got the text only.
    int row = -1;
    const QList<Message> &messages = model.transcript().messages;
    for (int i = 0; i < messages.size(); ++i) {
        if (carriesToolApp(messages.at(i)))
            row = i;
    }
    QVERIFY(row >= 0);
    const Message &line = messages.at(row);
    m_storedLine = line.rawLine;
    const json stored = line.json();
    QCOMPARE(text(stored["content"]), QStringLiteral("Lisbon: 21 °C\n{\"celsius\":21,\"city\":\"Lisbon\"}"));
    McpAppRecord record;
    QVERIFY2(McpAppRecord::fromJson(stored["tessera_app"], &record, &error), qPrintable(error));
    QCOMPARE(record.uri, QStringLiteral("ui://fixture/weather.html"));
    QCOMPARE(record.server, QStringLiteral("fixture"));
    QCOMPARE(record.tool, QStringLiteral("show_weather"));
    QCOMPARE(text(record.arguments["city"]), QStringLiteral("Lisbon"));
    QVERIFY(record.result["structuredContent"]["celsius"] == json(21));
    QCOMPARE(record.cspRefused, QStringList({QStringLiteral("https://api.example.com"), QStringLiteral("https://cdn.example.com")}));
    QVERIFY(record.html.contains(QLatin1String("window.McpApps")));
    const QList<QByteArray> bodies = [&] {
        QList<QByteArray> out;
        for (const FakeEndpoint::Request &request : endpoint.requests())
            out.append(request.rawBody);
        return out;
    }();
    for (const QByteArray &body : bodies)
        QVERIFY(!body.contains("window.McpApps")); // the HTML never goes to the model

    // The panel's mcp_app tab: accepted by the backend and the session, stored, naming the result.
    const CanvasPanelState &panel = session.canvasState();
    QCOMPARE(panel.tabs().size(), 1);
    QCOMPARE(panel.tabs().first().type, CanvasContentType::McpApp);
    QCOMPARE(panel.tabs().first().title, QStringLiteral("show_weather"));
    QCOMPARE(panel.tabs().first().appLine, m_storedLine);
    for (const Message &m : messages) {
        if (m.role == MessageRole::System && mayBeCanvasLine(m.rawLine))
            m_canvasLine = m.rawLine;
    }
    QCOMPARE(m_canvasLine, QByteArray(R"({"role":"system","content":"canvas: opened show_weather","canvas":{"command":"open","tab":{"content":{"toolCallId":"call_script0"},"type":"mcp_app"}}})"));
    QVERIFY(bodies.last().contains("canvas: opened show_weather (tab tab-1)")); // the model's answer

    // Drawn from that line, as the conversation draws it.
    McpAppHost::instance()->setToolHost(&host);
    Composer composer;
    QObject::connect(McpAppHost::instance(), &McpAppHost::composerTextRequested, &composer, &Composer::setText);
    QList<QUrl> asked;
    bool openIt = false;
    McpAppHost::instance()->setLinkConfirmer([&](const QUrl &url) {
        asked.append(url);
        return openIt;
    });
    int blockRow = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.blockType(r) == BlockType::ToolActivity && carriesToolApp(model.message(r)))
            blockRow = r;
    }
    QVERIFY(blockRow >= 0);
    std::unique_ptr<QWidget> block(createBlockWidget(model, blockRow, RenderContext{}, nullptr));
    auto *card = qobject_cast<McpAppCard *>(block.get());
    QVERIFY(card);
    QVERIFY(card->noticeText().contains(QLatin1String("https://api.example.com, https://cdn.example.com; refused")));
    card->resize(600, 500);
    card->show();
    McpAppView *view = card->view();
    QTRY_VERIFY2_WITH_TIMEOUT(view->bridge()->isInitialized(),
                              qPrintable(view->page() ? view->page()->scriptErrors().join(QLatin1Char('\n')) : view->reason()), kPageMs);
    QCOMPARE(view->bridge()->appName(), QStringLiteral("tessera-fixture-app"));
    QTRY_COMPARE_WITH_TIMEOUT(domText(view, QStringLiteral("result")), QStringLiteral("Lisbon: 21 °C"), kPageMs);
    QCOMPARE(domText(view, QStringLiteral("input")), QStringLiteral("input: {\"city\":\"Lisbon\"}"));
    QCOMPARE(domText(view, QStringLiteral("status")), QStringLiteral("connected theme=light mode=inline"));
    // The app's size reached the card, within the limits.
    QTRY_VERIFY_WITH_TIMEOUT(view->viewHeight() != McpAppView::kInitialHeight, kPageMs);
    QVERIFY(view->viewHeight() >= McpAppView::kMinHeight && view->viewHeight() <= McpAppView::kMaxHeight);
    // The sandbox is the canvas's: the opaque origin, and nothing reached the network.
    QCOMPARE(view->page()->url().scheme(), QString::fromLatin1(kCanvasDocumentScheme));

    // The app's own tool call waits on a stored consent card of the conversation (app/mcpappconsent.h:
    // the window's wiring of McpAppHost to the session); nothing reaches the server before a decision.
    McpAppConsent consent(&session);
    QSignalSpy changed(&session, &ConversationSession::appToolConsentsChanged);
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(card->isConsentPending(), kPageMs);
    const QString allowedCard = card->pendingConsentCardId();
    QVERIFY2(allowedCard.startsWith(QLatin1String("appconsent:")) && allowedCard.size() > 20, qPrintable(allowedCard));
    QVERIFY(session.isAppToolConsentWaiting());
    QCOMPARE(changed.size(), 1);
    const json askLine = lineOf(model, allowedCard, "tessera_notice");
    QCOMPARE(text(askLine["role"]), QStringLiteral("tool"));
    QCOMPARE(text(askLine["name"]), QStringLiteral("tessera"));
    QCOMPARE(text(askLine["tessera_notice"]), QStringLiteral("app_tool_consent"));
    QVERIFY(!askLine.contains("turn_id")); // it belongs to no model turn
    QVERIFY(!askLine.contains("tool_call_id"));
    QVERIFY(askLine["tessera_app_consent"] == json({{"tool", "counter_add"}, {"server", "fixture"}, {"app", "show_weather"}}));
    QCOMPARE(text(askLine["structured"]["cardId"]), allowedCard);
    const json &consentCard = askLine["structured"]["card"];
    QCOMPARE(text(consentCard["kind"]), QStringLiteral("app_tool_consent"));
    QCOMPARE(text(consentCard["payload"]["title"]), QStringLiteral("The app show_weather asks to run counter_add from fixture"));
    QVERIFY(consentCard["payload"]["fields"] == json::parse(R"([{"label":"Tool","value":"counter_add"},{"label":"Server","value":"fixture"},)"
                                                            R"({"label":"Arguments","value":"{\"n\":2}"},{"label":"App","value":"show_weather"}])"));
    const CardKindDescriptor descriptor = CardKindRegistry::descriptor(QStringLiteral("app_tool_consent"));
    QCOMPARE(descriptor.renderer, CardKind::Detail);
    QCOMPARE(descriptor.actions, QList<CardKindAction>({{QStringLiteral("allow_once"), QStringLiteral("Allow once"), QStringLiteral("allowed_once")},
                                                        {QStringLiteral("deny"), QStringLiteral("Deny"), QStringLiteral("denied")}}));
    // Drawn inline like the model's consent cards: a detail card with live Allow once / Deny.
    const int consentRow = model.rowOfCard(allowedCard);
    QVERIFY(consentRow >= 0);
    QCOMPARE(model.card(consentRow)->kindName(), QStringLiteral("app_tool_consent"));
    QTest::qWait(300);
    QCOMPARE(domText(view, QStringLiteral("count")), QStringLiteral("calling")); // nothing ran
    QCOMPARE(serverCount(host), QStringLiteral("count: 0"));
    // A second call while one waits is refused, and asks nothing.
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(domText(view, QStringLiteral("count")).contains(QLatin1String("another call of this app is waiting")), kPageMs);
    QCOMPARE(card->pendingConsentCardId(), allowedCard);
    QCOMPARE(changed.size(), 1);

    // Allowed: the session stores the decision (who decided, as for the model's consent), the call runs.
    const QString allowNote = QStringLiteral("[Ada decided] [Decision on %1: Allow once]").arg(allowedCard);
    QString decisionError;
    QVERIFY2(session.sendCardDecision(allowedCard, QStringLiteral("allow_once"), QStringLiteral("allowed_once"), allowNote, &decisionError),
             qPrintable(decisionError));
    QTRY_COMPARE_WITH_TIMEOUT(domText(view, QStringLiteral("count")), QStringLiteral("count: 2"), kPageMs);
    QVERIFY(!card->isConsentPending());
    QVERIFY(!session.isAppToolConsentWaiting());
    const json allowed = lineOf(model, allowedCard, "card_decision");
    QCOMPARE(text(allowed["role"]), QStringLiteral("user"));
    QCOMPARE(text(allowed["content"]), allowNote);
    QVERIFY(allowed["card_decision"] == json({{"cardId", allowedCard.toStdString()}, {"action", "allow_once"}, {"outcome", "allowed_once"}}));
    QVERIFY(!allowed.contains("turn_id"));
    QCOMPARE(model.cardState(allowedCard).decisionAction, QStringLiteral("allow_once"));
    // Decided once: a second press is refused.
    QVERIFY(!session.sendCardDecision(allowedCard, QStringLiteral("deny"), QStringLiteral("denied"), QString(), &decisionError));
    QCOMPARE(decisionError, QStringLiteral("this app's tool call is no longer waiting for a decision"));

    // Denied, the app is told so, and the server got nothing.
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(card->isConsentPending(), kPageMs);
    const QString deniedCard = card->pendingConsentCardId();
    QVERIFY(deniedCard != allowedCard);
    QVERIFY(session.sendCardDecision(deniedCard, QStringLiteral("deny"), QStringLiteral("denied"),
                                     QStringLiteral("[Ada decided] [Decision on %1: Deny]").arg(deniedCard), &decisionError));
    QTRY_VERIFY_WITH_TIMEOUT(domText(view, QStringLiteral("count")).startsWith(QLatin1String("error: ")), kPageMs);
    QVERIFY(domText(view, QStringLiteral("count")).contains(QLatin1String("The user denied this call: counter_add was not run.")));
    QCOMPARE(serverCount(host), QStringLiteral("count: 2"));

    // Stop expires a waiting card: stored as expired, the app refused, nothing run.
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(card->isConsentPending(), kPageMs);
    const QString stoppedCard = card->pendingConsentCardId();
    QSignalSpy expired(&session, &ConversationSession::appToolConsentExpired);
    session.stopTurn();
    QCOMPARE(expired.size(), 1);
    QCOMPARE(expired.first().at(0).toString(), stoppedCard);
    QCOMPARE(expired.first().at(1).toString(), QStringLiteral("stopped by you"));
    QVERIFY(!card->isConsentPending());
    QVERIFY(!session.isAppToolConsentWaiting());
    QCOMPARE(model.cardState(stoppedCard).state, QStringLiteral("expired"));
    QVERIFY(lineOf(model, stoppedCard, "card_update")["card_update"] == json({{"cardId", stoppedCard.toStdString()}, {"state", "expired"}}));
    QTRY_VERIFY_WITH_TIMEOUT(domText(view, QStringLiteral("count")).contains(QLatin1String("The consent card expired (stopped by you): counter_add was not run.")),
                             kPageMs);
    QVERIFY(!session.sendCardDecision(stoppedCard, QStringLiteral("allow_once"), QStringLiteral("allowed_once"), QString(), &decisionError));
    QCOMPARE(serverCount(host), QStringLiteral("count: 2"));
    // So does a conversation switch (stored in the conversation it was asked in, before the switch).
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(card->isConsentPending(), kPageMs);
    const QString leftCard = card->pendingConsentCardId();
    session.setConversationId(QStringLiteral("another"));
    session.setConversationId(QString());
    QCOMPARE(expired.size(), 2);
    QCOMPARE(expired.last().at(1).toString(), QStringLiteral("the conversation was left"));
    QCOMPARE(model.cardState(leftCard).state, QStringLiteral("expired"));
    QTRY_VERIFY_WITH_TIMEOUT(domText(view, QStringLiteral("count")).contains(QLatin1String("(the conversation was left)")), kPageMs);

    // ui/message fills the composer; nothing is sent.
    QSignalSpy sent(&composer, &Composer::sendRequested);
    click(view, QStringLiteral("ask"));
    QTRY_COMPARE_WITH_TIMEOUT(composer.text(), QStringLiteral("Tell me more about the weather in Lisbon"), kPageMs);
    QTRY_COMPARE_WITH_TIMEOUT(domText(view, QStringLiteral("status")), QStringLiteral("message sent"), kPageMs);
    QCOMPARE(sent.size(), 0);

    // ui/open-link asks first; refused, the app hears it; confirmed, it opens.
    click(view, QStringLiteral("link"));
    QTRY_VERIFY_WITH_TIMEOUT(domText(view, QStringLiteral("status")).startsWith(QLatin1String("link error")), kPageMs);
    QCOMPARE(asked, QList<QUrl>({QUrl(QStringLiteral("https://example.com/weather"))}));
    openIt = true;
    QSignalSpy opened(McpAppHost::instance(), &McpAppHost::linkOpened);
    click(view, QStringLiteral("link"));
    QTRY_COMPARE_WITH_TIMEOUT(domText(view, QStringLiteral("status")), QStringLiteral("link opened"), kPageMs);
    QCOMPARE(opened.size(), 1);

    // Teardown: the app answers ui/resource-teardown (well before the bridge's timeout). A card still
    // waiting then expires: the decision is no longer possible.
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(card->isConsentPending(), kPageMs);
    const QString closedCard = card->pendingConsentCardId();
    QCOMPARE(CanvasSandbox::instance()->blockedRequestCount(), 0);
    QSignalSpy closed(view, &McpAppView::closed);
    QElapsedTimer clock;
    clock.start();
    view->close();
    QVERIFY(closed.wait(5000));
    QVERIFY2(clock.elapsed() < McpAppBridge::kTeardownTimeoutMs, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(!view->webView());
    QVERIFY(!card->isConsentPending());
    QCOMPARE(model.cardState(closedCard).state, QStringLiteral("expired"));
    QVERIFY(!session.isAppToolConsentWaiting());
    // The second call, the denied one, the stopped one, the one left, the link not opened, the one the
    // teardown ended.
    QCOMPARE(view->bridge()->refusedCount(), 6);
    QCOMPARE(serverCount(host), QStringLiteral("count: 2"));
    McpAppHost::instance()->setToolHost(nullptr);
    McpAppHost::instance()->setLinkConfirmer({});

    // A replay of the stored lines shows each app card as it was decided, with no live button, and who
    // decided (the decision line's note).
    QList<QByteArray> lines;
    for (const Message &m : model.transcript().messages) {
        if (!m.rawLine.isEmpty())
            lines.append(m.rawLine);
    }
    ConversationModel replay;
    replay.setTranscript(Transcript::fromJsonLines(lines.join('\n')));
    QCOMPARE(buttonTexts(replay, allowedCard), QStringList({QStringLiteral("\u2713 Allow once (disabled)"), QStringLiteral("Deny (disabled)")}));
    QCOMPARE(buttonTexts(replay, deniedCard), QStringList({QStringLiteral("Allow once (disabled)"), QStringLiteral("\u2713 Deny (disabled)")}));
    QCOMPARE(buttonTexts(replay, stoppedCard), QStringList({QStringLiteral("Allow once (disabled)"), QStringLiteral("Deny (disabled)")}));
    QCOMPARE(replay.cardState(stoppedCard).state, QStringLiteral("expired"));
    QCOMPARE(replay.cardState(allowedCard).decisionAction, QStringLiteral("allow_once"));
    QCOMPARE(text(lineOf(replay, allowedCard, "card_decision")["content"]), allowNote);

    // The model sees none of it: the next request's history has no app consent card and no decision.
    QList<QByteArray> withoutApp;
    for (const QByteArray &l : std::as_const(lines)) {
        if (!l.contains("appconsent:"))
            withoutApp.append(l);
    }
    QCOMPARE(lines.size() - withoutApp.size(), 10); // 5 cards, 2 decisions, 3 expiries
    OpenAiBackend next(endpoint.baseUrl(), QStringLiteral("small-model"), QStringLiteral("k"));
    next.setHistory(lines);
    OpenAiBackend plain(endpoint.baseUrl(), QStringLiteral("small-model"), QStringLiteral("k"));
    plain.setHistory(withoutApp);
    const QList<QByteArray> history = next.conversationMessages();
    QVERIFY(!history.isEmpty());
    QCOMPARE(history, plain.conversationMessages());
    for (const QByteArray &message : history) {
        QVERIFY2(!message.contains("appconsent") && !message.contains("counter_add") && !message.contains("Ada decided"),
                 message.constData());
    }
}

void tst_McpApps::replayOffline()
{
    QVERIFY(!m_storedLine.isEmpty());
    // A reopened conversation: the stored lines, no server.
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(m_storedLine + '\n'));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.blockType(0), BlockType::ToolActivity);
    std::unique_ptr<QWidget> block(createBlockWidget(model, 0, RenderContext{}, nullptr));
    auto *card = qobject_cast<McpAppCard *>(block.get());
    QVERIFY(card);
    QVERIFY(card->noticeText().contains(QLatin1String("fixture is not connected: the app's tool calls are off.")));
    card->resize(600, 500);
    card->show();
    McpAppView *view = card->view();
    QTRY_VERIFY_WITH_TIMEOUT(view->bridge()->isInitialized(), kPageMs);
    QTRY_COMPARE_WITH_TIMEOUT(domText(view, QStringLiteral("result")), QStringLiteral("Lisbon: 21 °C"), kPageMs);
    click(view, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(domText(view, QStringLiteral("count")).startsWith(QLatin1String("error: ")), kPageMs);
    QVERIFY(!card->isConsentPending());
    QVERIFY(domText(view, QStringLiteral("count")).contains(QLatin1String("not connected")));

    // In the window a link goes to its own confirmation (the one every https link takes).
    CardActions actions;
    card->setCardActions(&actions);
    QSignalSpy link(&actions, &CardActions::linkRequested);
    click(view, QStringLiteral("link"));
    QTRY_COMPARE_WITH_TIMEOUT(link.size(), 1, kPageMs);
    QCOMPARE(link.first().first().toString(), QStringLiteral("https://example.com/weather"));
    // ui/message goes to the composer the window connected, here through the app host.
    QSignalSpy composer(McpAppHost::instance(), &McpAppHost::composerTextRequested);
    click(view, QStringLiteral("ask"));
    QTRY_COMPARE_WITH_TIMEOUT(composer.size(), 1, kPageMs);
}

void tst_McpApps::documentKeepsTheCanvasRules()
{
    const QByteArray doc = buildMcpAppDocument(QStringLiteral("<html><head><meta http-equiv=\"Content-Security-Policy\" "
                                                              "content=\"default-src *\"></head><body>x</body></html>"),
                                               false, QPalette());
    // The canvas policy is the first element; a page's own policy can only narrow it.
    const QByteArray head = QByteArray("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"")
        + canvasContentSecurityPolicy().toUtf8() + QByteArray("\">");
    QVERIFY(doc.startsWith(head));
    QVERIFY(canvasContentSecurityPolicy().contains(QLatin1String("connect-src 'none'")));
    QVERIFY(doc.indexOf("default-src *") > doc.indexOf("connect-src 'none'"));
}

void tst_McpApps::headlessRender()
{
    QVERIFY(!m_storedLine.isEmpty());
    McpAppRecord record;
    QString error;
    const json line = json::parse(m_storedLine.toStdString());
    QVERIFY(McpAppRecord::fromJson(line["tessera_app"], &record, &error));
    McpAppView view(record);
    QVERIFY(view.renderNow(500));
    QCOMPARE(view.state(), McpAppView::State::Drawn);
    QVERIFY(!view.webView()); // torn down after the frame
    const QImage frame = view.frame().toImage();
    QCOMPARE(frame.width(), 500);
    // The app drew text: the frame is not one colour.
    QSet<QRgb> colours;
    for (int y = 0; y < frame.height(); y += 2) {
        for (int x = 0; x < frame.width(); x += 2)
            colours.insert(frame.pixel(x, y));
    }
    QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
    // Its size-changed notification was followed, within the limits.
    QVERIFY(view.viewHeight() >= McpAppView::kMinHeight && view.viewHeight() < McpAppView::kInitialHeight);
}

void tst_McpApps::appTabInThePanel()
{
    QVERIFY(!m_storedLine.isEmpty());
    QVERIFY(!m_canvasLine.isEmpty());
    // The conversation reopened offline: the result line and the stored command fold to the tab.
    const Transcript transcript = Transcript::fromJsonLines(m_storedLine + '\n' + m_canvasLine + '\n');
    const CanvasPanelState state = CanvasPanelState::replay(transcript.messages);
    QCOMPARE(state.tabs().size(), 1);
    const CanvasTab &tab = state.tabs().first();
    QCOMPARE(tab.appLine, m_storedLine);

    // Drawn with the same app block as the conversation: the live view in the sandbox, the handshake,
    // the result; the server is not connected, so its tool calls are refused with the inline message.
    CardActions actions;
    CanvasViewContext context;
    context.render.actions = &actions;
    std::unique_ptr<QWidget> view(createCanvasTabView(tab, context, nullptr));
    auto *card = view->findChild<McpAppCard *>();
    QVERIFY(card);
    QVERIFY(!card->popOutButton()); // the tab is beside the chat already
    QVERIFY(card->noticeText().contains(QLatin1String("fixture is not connected: the app's tool calls are off.")));
    view->resize(600, 500);
    view->show();
    McpAppView *app = card->view();
    QTRY_VERIFY_WITH_TIMEOUT(app->bridge()->isInitialized(), kPageMs);
    QTRY_COMPARE_WITH_TIMEOUT(domText(app, QStringLiteral("result")), QStringLiteral("Lisbon: 21 °C"), kPageMs);
    QCOMPARE(domText(app, QStringLiteral("status")), QStringLiteral("connected theme=light mode=inline"));
    click(app, QStringLiteral("add"));
    QTRY_VERIFY_WITH_TIMEOUT(domText(app, QStringLiteral("count")).startsWith(QLatin1String("error: ")), kPageMs);
    QVERIFY(domText(app, QStringLiteral("count")).contains(QLatin1String("the app's server is not connected")));

    // A tab naming a result the conversation does not hold says so instead of drawing anything.
    CanvasTab missing = tab;
    missing.appLine.clear();
    std::unique_ptr<QWidget> none(createCanvasTabView(missing, context, nullptr));
    QCOMPARE(none->objectName(), QStringLiteral("canvasError"));
}

int main(int argc, char *argv[])
{
    registerCanvasSchemes(); // before the application object (QWebEngineUrlScheme's rule)
    QApplication app(argc, argv);
    tst_McpApps test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_mcpapps.moc"
