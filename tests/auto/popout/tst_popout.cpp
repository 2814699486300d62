// Pop-out (issue 15; seed 003 "Widgets Talk Back"): which cards offer it, the card's button and menu
// entry, the window that keeps following the newest board of its conversation when another one is on
// screen, interactions sent exactly as from the inline card, and closing that only dismisses the view.
// MCP App blocks (issue 16) pop out too: tests/tools/mcpapp/appserver.mjs (the official ext-apps SDK) is
// started here, its view runs in the window, and its DOM is read back.

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QToolButton>
#include <QWebEnginePage>
#include <QWebEngineView>
#include <QtTest>

#include <functional>
#include <memory>

#include <nlohmann/json.hpp>

#include <app/mainwindow.h>
#include <app/popoutcontroller.h>
#include <app/popoutwindow.h>
#include <backend/backend.h>
#include <backend/backendconfig.h>
#include <backend/toolhost.h>
#include <canvas/canvascard.h>
#include <canvas/canvaspage.h>
#include <canvas/canvassandbox.h>
#include <canvas/mcpappcard.h>
#include <canvas/mcpappview.h>
#include <mcp/mcpapp.h>
#include <mcp/mcpapphost.h>
#include <mcp/mcptoolhost.h>
#include <tests/support/mcpservers.h>
#include <cards/card.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/decisionbar.h>
#include <widgets/card/popout.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>
#include <widgets/widgetdoc/widgetnodeboard.h>

using namespace Tessera;

namespace {

// Plays the events a test hands it and records what the session writes (as tst_session's does).
class FakeBackend : public Backend
{
    Q_OBJECT

public:
    using Backend::Backend;
    QString description() const override { return QStringLiteral("fake backend"); }
    void start() override { setState(ConnectionState::Connected); }
    void stop() override { setState(ConnectionState::Disconnected); }
    void play(const QByteArray &line) { receiveEvent(line, QStringLiteral("line %1").arg(++m_line)); }

    QList<QByteArray> written;

protected:
    bool writeEvent(const QByteArray &event, QString *) override
    {
        written.append(event);
        return true;
    }

private:
    int m_line = 0;
};

// A widget document as a card envelope (what emit_card with kind dorkos_ui stores).
QByteArray envelope(const QByteArray &document)
{
    return R"({"kind":"dorkos_ui","specVersion":1,"payload":)" + document + '}';
}

Card cardOf(const QByteArray &document)
{
    return Card::fromEnvelopeText(envelope(document));
}

// A three-by-three board titled TITLE whose first row is FIRST (three glyphs, "" blank); every blank
// cell sends "move" with its index.
QByteArray board(const char *title, const QStringList &first)
{
    nlohmann::json rows = nlohmann::json::array();
    for (int r = 0; r < 3; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (int c = 0; c < 3; ++c) {
            const QString glyph = r == 0 ? first.value(c) : QString();
            if (!glyph.isEmpty())
                row.push_back({{"glyph", glyph.toStdString()}});
            else
                row.push_back({{"action", {{"kind", "agent"}, {"id", "move"}, {"payload", {{"cell", r * 3 + c}}}}}});
        }
        rows.push_back(row);
    }
    const nlohmann::json document = {{"version", 1}, {"title", title}, {"root", {{"type", "board"}, {"rows", rows}}}};
    return QByteArray::fromStdString(document.dump());
}

// One turn that posts a card (as a tool line carrying the card, the stored shape of emit_card).
void playCardTurn(FakeBackend *backend, const char *turn, const QByteArray &document)
{
    const nlohmann::json line = {{"role", "tool"}, {"tool_call_id", std::string("call_") + turn}, {"name", "emit_card"},
                                 {"content", "rendered: dorkos_ui"}, {"turn_id", turn},
                                 {"structured", {{"card", nlohmann::json::parse(envelope(document).toStdString())}}}};
    backend->play(QByteArray::fromStdString(nlohmann::json({{"type", "turn.started"}, {"turnId", turn}}).dump()));
    backend->play(QByteArray::fromStdString(nlohmann::json({{"type", "message"}, {"turnId", turn}, {"message", line}}).dump()));
    backend->play(QByteArray::fromStdString(nlohmann::json({{"type", "turn.completed"}, {"turnId", turn}}).dump()));
}

// The first row of the board a window (or any widget) draws, glyph by glyph.
QStringList firstRow(QWidget *widget)
{
    auto *node = widget ? widget->findChild<WidgetNodeBoard *>() : nullptr;
    if (!node)
        return {QStringLiteral("<no board>")};
    return {node->glyphAt(0, 0), node->glyphAt(0, 1), node->glyphAt(0, 2)};
}

// The live inline card of the newest card row.
QWidget *newestCardWidget(MainWindow &window)
{
    window.conversationView()->scrollToBottom();
    QApplication::processEvents();
    for (int row = window.model()->rowCount() - 1; row >= 0; --row) {
        if (window.model()->card(row))
            return window.conversationView()->widgetForRow(row);
    }
    return nullptr;
}

// The text of an element of a live app view's page, "" when none (bounded).
QString domText(McpAppView *view, const QString &id);
bool waitForDom(McpAppView *view, const QString &id, const std::function<bool(const QString &)> &ok, int timeoutMs);

// A real event loop: WebEngine does not advance under QTest's polling waits (tst_canvas says why).
bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    tick.start(20);
    loop.exec();
    return done();
}

QString domText(McpAppView *view, const QString &id)
{
    QString out;
    waitForDom(view, id, [&](const QString &text) {
        out = text;
        return true;
    }, 5000);
    return out;
}

// Reads the element again (one script in flight at a time) until ok(text) holds; bounded.
bool waitForDom(McpAppView *view, const QString &id, const std::function<bool(const QString &)> &ok, int timeoutMs)
{
    // Shared with the script's callback, which may come after a timeout ended the wait.
    struct Poll
    {
        bool met = false;
        bool inFlight = false;
        std::function<bool(const QString &)> ok;
    };
    auto poll = std::make_shared<Poll>();
    poll->ok = ok;
    QPointer<McpAppView> guard(view);
    return waitFor([&] {
        if (!poll->met && !poll->inFlight && guard && guard->webView()) {
            poll->inFlight = true;
            guard->webView()->page()->runJavaScript(
                QStringLiteral("(function(){var e=document.getElementById('%1');return e?e.textContent:'';})()").arg(id),
                [poll](const QVariant &value) {
                    poll->inFlight = false;
                    poll->met = poll->met || poll->ok(value.toString());
                });
        }
        return poll->met;
    }, timeoutMs);
}

void click(McpAppView *view, const QString &id)
{
    view->webView()->page()->runJavaScript(QStringLiteral("document.getElementById('%1').click()").arg(id));
}

// One turn whose tool line is LINE (a hosted tool's stored result).
void playToolLine(FakeBackend *backend, const char *turn, const nlohmann::json &line)
{
    backend->play(QByteArray::fromStdString(nlohmann::json({{"type", "turn.started"}, {"turnId", turn}}).dump()));
    backend->play(QByteArray::fromStdString(nlohmann::json({{"type", "message"}, {"turnId", turn}, {"message", line}}).dump()));
    backend->play(QByteArray::fromStdString(nlohmann::json({{"type", "turn.completed"}, {"turnId", turn}}).dump()));
}

} // namespace

class tst_PopOut : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void whichCardsPopOut_data();
    void whichCardsPopOut();
    void buttonAndMenuEntry();
    void followsNewestBoardAcrossSwitch();
    void actionSentAsFromInline();
    void promptReachesComposer();
    void closingOnlyDismisses();
    void canvasPopsOutSandboxed();
    void mcpAppPopsOut();

private:
    FakeBackend *connectFake(); // Owned by the window's session.
    QTemporaryDir m_settings;
    QTemporaryDir *m_dir = nullptr;
    MainWindow *m_window = nullptr;
};

void tst_PopOut::initTestCase()
{
    QVERIFY(m_settings.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path()); // never the user's
    installWidgetDocumentRenderer();
    installCanvasRenderer();
    installMcpAppRenderer();
    QVERIFY(ToolConsent::registerKind()); // as every command does: an app's consent card is drawn with its buttons
}

void tst_PopOut::init()
{
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
    m_window = new MainWindow;
    QVERIFY(m_window->openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    m_window->show();
}

void tst_PopOut::cleanup()
{
    delete m_window;
    m_window = nullptr;
    delete m_dir;
    m_dir = nullptr;
}

FakeBackend *tst_PopOut::connectFake()
{
    m_window->setBackendConfig(BackendConfig(), true); // makes the session; no backend yet
    auto *backend = new FakeBackend;
    m_window->session()->setBackend(backend);
    backend->start();
    return backend;
}

void tst_PopOut::whichCardsPopOut_data()
{
    QTest::addColumn<QByteArray>("envelopeText");
    QTest::addColumn<bool>("popsOut");
    QTest::addColumn<bool>("board");
    QTest::newRow("board") << envelope(board("Game", {"X", "", ""})) << true << true;
    QTest::newRow("board without actions")
        << envelope(R"({"version":1,"root":{"type":"board","rows":[["X","O"]]}})") << true << true;
    QTest::newRow("form") << envelope(R"({"version":1,"root":{"type":"form","children":[{"type":"input","name":"city"}],"submit":{"label":"Go","action":{"kind":"agent","id":"go"}}}})")
                          << true << false;
    QTest::newRow("checklist") << envelope(R"({"version":1,"root":{"type":"checklist","items":[{"label":"a"}]}})") << true << false;
    QTest::newRow("button in a card")
        << envelope(R"({"version":1,"root":{"type":"card","title":"T","children":[{"type":"button","label":"Refresh","action":{"kind":"agent","id":"refresh"}}]}})")
        << true << false;
    QTest::newRow("list with actions")
        << envelope(R"({"version":1,"root":{"type":"list","items":[{"title":"a","actions":[{"kind":"agent","id":"open"}]}]}})")
        << true << false;
    QTest::newRow("stat only") << envelope(R"({"version":1,"root":{"type":"stat","label":"Temp","value":"64"}})") << false << false;
    QTest::newRow("invalid board") << envelope(R"({"version":1,"root":{"type":"board","rows":"x"}})") << false << false;
    QTest::newRow("canvas") << QByteArray(R"({"kind":"canvas","specVersion":1,"payload":{"title":"Chart","mode":"inline","html":"<p>hi</p>"}})")
                            << true << false;
    QTest::newRow("text card") << QByteArray(R"({"kind":"text","specVersion":1,"payload":{"title":"Why","text":"Because."}})")
                               << false << false;
}

void tst_PopOut::whichCardsPopOut()
{
    QFETCH(QByteArray, envelopeText);
    QFETCH(bool, popsOut);
    QFETCH(bool, board);
    const Card card = Card::fromEnvelopeText(envelopeText);
    QCOMPARE(canPopOut(card), popsOut);
    QCOMPARE(isBoardCard(card), board);
}

void tst_PopOut::buttonAndMenuEntry()
{
    CardActions actions;
    QList<QByteArray> requested;
    connect(&actions, &CardActions::popOutRequested, this, [&](const Card &card) { requested.append(card.rawText()); });
    const Card game = cardOf(board("Game", {"X", "", ""}));
    RenderContext context;
    context.actions = &actions;
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(game, context, nullptr));
    auto *button = widget->findChild<QToolButton *>(QStringLiteral("popOutButton"));
    QVERIFY(button);
    QCOMPARE(button->accessibleName(), QStringLiteral("Pop out Game"));
    QVERIFY(!button->toolTip().isEmpty());
    QVERIFY(button->focusPolicy() & Qt::TabFocus);
    button->click();
    QCOMPARE(requested, QList<QByteArray>{game.rawText()});
    // The context menu's entry is the same action.
    QAction *entry = popOutAction(widget.get());
    QVERIFY(entry);
    QCOMPARE(entry->text(), QStringLiteral("Pop &Out"));
    entry->trigger();
    QCOMPARE(requested.size(), 2);

    // Not offered: off a session (no actions), in the popped-out copy itself, for a card that is not interactive.
    std::unique_ptr<QWidget> headless(RendererRegistry::createCardWidget(game, RenderContext(), nullptr));
    QVERIFY(!headless->findChild<QToolButton *>(QStringLiteral("popOutButton")));
    RenderContext copy = context;
    copy.offerPopOut = false;
    std::unique_ptr<QWidget> inPopOut(RendererRegistry::createCardWidget(game, copy, nullptr));
    QVERIFY(!inPopOut->findChild<QToolButton *>(QStringLiteral("popOutButton")));
    std::unique_ptr<QWidget> stat(RendererRegistry::createCardWidget(
        cardOf(R"({"version":1,"root":{"type":"stat","label":"Temp","value":"64"}})"), context, nullptr));
    QVERIFY(!stat->findChild<QToolButton *>(QStringLiteral("popOutButton")));
    QVERIFY(!popOutAction(stat.get()));
}

void tst_PopOut::followsNewestBoardAcrossSwitch()
{
    ConversationStore *store = m_window->store();
    QString gameId, otherId;
    QVERIFY(store->createConversation(QStringLiteral("Game night"), QString(), &gameId).ok());
    QVERIFY(store->createConversation(QStringLiteral("Taxes"), QString(), &otherId).ok());
    QVERIFY(m_window->openStored(gameId));
    FakeBackend *backend = connectFake();

    playCardTurn(backend, "t1", board("Board 1", {"X", "", ""}));
    QWidget *inline1 = newestCardWidget(*m_window);
    QVERIFY(inline1);
    auto *button = inline1->findChild<QToolButton *>(QStringLiteral("popOutButton"));
    QVERIFY(button);
    button->click();
    PopOutController *popOuts = m_window->popOuts();
    QCOMPARE(popOuts->windows().size(), 1);
    PopOutWindow *window = popOuts->windows().first();
    QVERIFY(window->isVisible());
    QVERIFY(window->followsBoards());
    QCOMPARE(window->conversation(), gameId);
    QCOMPARE(firstRow(window->cardWidget()), QStringList({"X", "", ""}));
    QVERIFY2(window->originLabel()->text().contains(QStringLiteral("Game night")), qPrintable(window->originLabel()->text()));

    // Board 2 in the same conversation replaces the window's content; the conversation keeps both.
    playCardTurn(backend, "t2", board("Board 2", {"X", "O", ""}));
    QCOMPARE(firstRow(window->cardWidget()), QStringList({"X", "O", ""}));
    QCOMPARE(window->card().title(), QStringLiteral("Board 2"));
    QCOMPARE(window->replacements(), 1);
    QCOMPARE(m_window->model()->rowCount(), 2);

    // Another conversation on screen: the window stays open and bound; its boards don't take it.
    QVERIFY(m_window->openStored(otherId));
    QVERIFY(window->isVisible());
    playCardTurn(backend, "t3", board("Other board", {"O", "O", "O"}));
    QCOMPARE(m_window->model()->rowCount(), 1); // it is in the other conversation
    QCOMPARE(firstRow(window->cardWidget()), QStringList({"X", "O", ""}));
    QCOMPARE(window->conversation(), gameId);

    // A board posted to the game while it is not on screen (its own session: a background agent) follows.
    ConversationModel gameModel;
    ConversationSession background(&gameModel, store);
    background.setConversationId(gameId);
    auto *agent = new FakeBackend; // Owned by the session.
    background.setBackend(agent);
    agent->start();
    popOuts->watchSession(&background);
    playCardTurn(agent, "t4", board("Board 3", {"X", "O", "X"}));
    QCOMPARE(firstRow(window->cardWidget()), QStringList({"X", "O", "X"}));
    QCOMPARE(window->replacements(), 2);
    QCOMPARE(m_window->currentConversationId(), otherId); // nothing switched on screen
    QCOMPARE(store->rawLines(gameId).size(), 3);           // the three boards, stored in the game

    // Playing in the window brings the game back on screen and sends the move through the session.
    auto *node = window->cardWidget()->findChild<WidgetNodeBoard *>();
    QVERIFY(node);
    QAbstractButton *cell = node->cellButton(1, 1);
    QVERIFY(cell && cell->isEnabled());
    cell->click();
    QCOMPARE(m_window->currentConversationId(), gameId);
    QCOMPARE(backend->written.size(), 1);
    const nlohmann::json sent = nlohmann::json::parse(backend->written.first().toStdString());
    QCOMPARE(QString::fromStdString(sent.value("type", "")), QStringLiteral("widget.action"));
    QCOMPARE(QString::fromStdString(sent.value("action", "")), QStringLiteral("move"));
    QCOMPARE(sent.at("payload").at("cell").get<int>(), 4);
    QVERIFY(store->rawLines(gameId).last().contains(R"("widget_action":{"widget":"Board 3","action":"move")"));
    QCOMPARE(node->glyphAt(1, 1), QStringLiteral("O")); // the instant mark in the window (X, O, X: O to move)
    QTRY_VERIFY(cell->property("busy").toBool() == false);
}

void tst_PopOut::actionSentAsFromInline()
{
    ConversationStore *store = m_window->store();
    QString id;
    QVERIFY(store->createConversation(QStringLiteral("Weather"), QString(), &id).ok());
    QVERIFY(m_window->openStored(id));
    FakeBackend *backend = connectFake();
    playCardTurn(backend, "t1",
                 R"({"version":1,"title":"Weather","root":{"type":"button","label":"Refresh","action":{"kind":"agent","id":"refresh","payload":{"city":"Paris"}}}})");
    QWidget *inlineCard = newestCardWidget(*m_window);
    QVERIFY(inlineCard);
    auto *inlineButton = inlineCard->findChild<QAbstractButton *>(QStringLiteral("widgetButton"));
    if (!inlineButton) {
        for (QAbstractButton *b : inlineCard->findChildren<QAbstractButton *>()) {
            if (b->text() == QStringLiteral("Refresh"))
                inlineButton = b;
        }
    }
    QVERIFY(inlineButton);
    inlineButton->click();
    QCOMPARE(backend->written.size(), 1);
    QTRY_VERIFY(inlineButton->isEnabled()); // answered

    inlineCard->findChild<QToolButton *>(QStringLiteral("popOutButton"))->click();
    PopOutWindow *window = m_window->popOuts()->windows().value(0);
    QVERIFY(window);
    QVERIFY(!window->followsBoards());
    QAbstractButton *popped = nullptr;
    for (QAbstractButton *b : window->cardWidget()->findChildren<QAbstractButton *>()) {
        if (b->text() == QStringLiteral("Refresh"))
            popped = b;
    }
    QVERIFY(popped && popped->isEnabled());
    popped->click();
    QCOMPARE(backend->written.size(), 2);
    QCOMPARE(backend->written.at(1), backend->written.at(0)); // the same bytes as from the inline card
    const QList<QByteArray> lines = store->rawLines(id);
    QCOMPARE(lines.at(lines.size() - 1), lines.at(lines.size() - 2)); // and the same stored line
    QTRY_VERIFY(popped->isEnabled()); // the answer came back to the popped-out control

    // Refused while the agent answers: the popped-out control gets the reason, nothing is sent.
    backend->play(R"({"type":"turn.started","turnId":"t9"})");
    QVERIFY(m_window->session()->isBusy());
    popped->click();
    QCOMPARE(backend->written.size(), 2);
    QTRY_VERIFY(popped->isEnabled());
}

void tst_PopOut::promptReachesComposer()
{
    m_window->newConversation();
    const Card form = cardOf(R"({"version":1,"title":"Ask","root":{"type":"button","label":"Go","action":{"kind":"agent","id":"go"}}})");
    Q_EMIT m_window->conversationView()->cardActions()->popOutRequested(form);
    PopOutWindow *window = m_window->popOuts()->windows().value(0);
    QVERIFY(window);
    Q_EMIT window->actions()->promptRequested(QStringLiteral("Tell me more"));
    QCOMPARE(m_window->composer()->text(), QStringLiteral("Tell me more"));
}

void tst_PopOut::closingOnlyDismisses()
{
    ConversationStore *store = m_window->store();
    QString id;
    QVERIFY(store->createConversation(QStringLiteral("Game"), QString(), &id).ok());
    QVERIFY(m_window->openStored(id));
    FakeBackend *backend = connectFake();
    playCardTurn(backend, "t1", board("Board 1", {"X", "", ""}));
    QWidget *inlineCard = newestCardWidget(*m_window);
    QVERIFY(inlineCard);
    inlineCard->findChild<QToolButton *>(QStringLiteral("popOutButton"))->click();
    // The same card popped out again raises its window instead of opening a second one.
    popOutAction(inlineCard)->trigger();
    QCOMPARE(m_window->popOuts()->windows().size(), 1);
    QPointer<PopOutWindow> window = m_window->popOuts()->windows().first();
    const QList<QByteArray> before = store->rawLines(id);
    // Esc is the window's own (not Backend → Stop Turn of the main window it belongs to).
    QVERIFY(m_window->session()->isBusy() == false);
    backend->play(R"({"type":"turn.started","turnId":"t9"})");
    QVERIFY(m_window->session()->isBusy());
    QTest::keyClick(window, Qt::Key_Escape);
    QTRY_VERIFY(window.isNull());
    QCOMPARE(m_window->popOuts()->windows().size(), 0);
    QVERIFY(m_window->session()->isBusy()); // the turn was not stopped
    QCOMPARE(store->rawLines(id), before);
    QCOMPARE(m_window->model()->rowCount(), 1);
    QCOMPARE(firstRow(newestCardWidget(*m_window)), QStringList({"X", "", ""}));
    backend->play(R"({"type":"turn.completed","turnId":"t9"})");
    const int rows = m_window->model()->rowCount();
    // Later boards go nowhere but the conversation.
    playCardTurn(backend, "t2", board("Board 2", {"X", "O", ""}));
    QCOMPARE(m_window->popOuts()->windows().size(), 0);
    QCOMPARE(m_window->model()->rowCount(), rows + 1);
}

void tst_PopOut::canvasPopsOutSandboxed()
{
    // A loopback canary: any TCP connection from the page would count.
    QTcpServer canary;
    QVERIFY(canary.listen(QHostAddress::LocalHost));
    int connections = 0;
    connect(&canary, &QTcpServer::newConnection, this, [&] {
        while (QTcpSocket *socket = canary.nextPendingConnection()) {
            ++connections;
            socket->deleteLater();
        }
    });
    const QString base = QStringLiteral("http://127.0.0.1:%1/").arg(canary.serverPort());
    const QString html = QStringLiteral("<img src='%1popout-img'><script>fetch('%1popout-fetch').catch(function(){});"
                                        "document.title=[self.origin,location.protocol].join('|');</script>").arg(base);
    const nlohmann::json envelopeJson = {{"kind", "canvas"}, {"specVersion", 1},
                                         {"payload", {{"title", "Probe"}, {"html", html.toStdString()}}}};
    const Card card = Card::fromEnvelopeText(QByteArray::fromStdString(envelopeJson.dump()));
    QVERIFY(canPopOut(card));
    m_window->newConversation();
    // The inline canvas offers it like a widget does.
    RenderContext context;
    context.actions = m_window->conversationView()->cardActions();
    std::unique_ptr<QWidget> inlineCard(RendererRegistry::createCardWidget(card, context, nullptr));
    auto *button = inlineCard->findChild<QToolButton *>(QStringLiteral("popOutButton"));
    QVERIFY(button);
    button->click();
    PopOutWindow *window = m_window->popOuts()->windows().value(0);
    QVERIFY(window);
    auto *canvas = qobject_cast<CanvasCard *>(window->cardWidget());
    QVERIFY(canvas);
    QVERIFY(canvas->waitForLoaded(15000));
    const QString expected = QStringLiteral("null|tessera-canvas:");
    waitFor([&] { return canvas->page() && canvas->page()->title() == expected; }, 5000);
    QVERIFY(canvas->page());
    QCOMPARE(canvas->page()->title(), expected);
    waitFor([] { return false; }, 1000); // time for anything that got out to arrive
    QCOMPARE(connections, 0);
}

void tst_PopOut::mcpAppPopsOut()
{
    using namespace Tessera::TestSupport::McpServers;
    QVERIFY2(QFileInfo::exists(source(QStringLiteral("node_modules/@modelcontextprotocol/ext-apps/package.json"))),
             "node_modules lacks @modelcontextprotocol/ext-apps: run npm ci --ignore-scripts");
    McpToolHost host({appFixture()});
    QSignalSpy ready(&host, &McpToolHost::ready);
    host.start();
    QVERIFY(host.isReady() || ready.wait(60000));
    QVERIFY2(host.problems().isEmpty(), qPrintable(host.problems().join(QLatin1Char('\n'))));
    // The stored shape of a hosted call with a view (backend/openaibackend.cpp answerHosted).
    ToolRun *run = host.call(QStringLiteral("fixture__show_weather"), "{\"city\":\"Lisbon\"}");
    QVERIFY(run);
    QSignalSpy ran(run, &ToolRun::finished);
    QVERIFY(run->isFinished() || ran.wait(60000));
    QVERIFY2(!run->appJson().isEmpty(), qPrintable(run->appError()));
    nlohmann::json line = {{"role", "tool"}, {"tool_call_id", "call_app1"}, {"name", "fixture__show_weather"},
                           {"content", run->text().toStdString()},
                           {"tessera_tool", {{"server", "fixture"}, {"tool", "show_weather"}, {"consent", "allowed_once"},
                                             {"duration_ms", 12}, {"is_error", false}}},
                           {"turn_id", "t1"}, {"tessera_app", nlohmann::json::parse(run->appJson().toStdString())}};
    delete run;

    McpAppHost::instance()->setToolHost(&host);
    FakeBackend *backend = connectFake();
    m_window->newConversation();
    playToolLine(backend, "t1", line);
    // The last row carrying an app view, scrolled into view, and its block.
    const auto lastAppRow = [this] {
        int found = -1;
        for (int r = 0; r < m_window->model()->rowCount(); ++r) {
            if (carriesToolApp(m_window->model()->message(r)))
                found = r;
        }
        m_window->conversationView()->scrollToBottom();
        QApplication::processEvents();
        return found;
    };
    int row = lastAppRow();
    QVERIFY(row >= 0);
    auto *inlineCard = qobject_cast<McpAppCard *>(m_window->conversationView()->widgetForRow(row));
    QVERIFY(inlineCard);
    QToolButton *button = inlineCard->popOutButton();
    QVERIFY(button);
    QCOMPARE(button->accessibleName(), QStringLiteral("Pop out App show_weather"));
    button->click();
    QCOMPARE(m_window->popOuts()->windows().size(), 1);
    PopOutWindow *window = m_window->popOuts()->windows().first();
    QCOMPARE(window->appKey(), QStringLiteral("call_app1"));
    QCOMPARE(window->windowTitle(), QStringLiteral("App fixture__show_weather — Tessera"));
    auto *popped = qobject_cast<McpAppCard *>(window->cardWidget());
    QVERIFY(popped);
    QVERIFY(popped != inlineCard);
    QVERIFY(!popped->popOutButton()); // no pop-out of the popped-out copy
    // Popped out again: the same window, raised, its view still the same.
    button->click();
    QCOMPARE(m_window->popOuts()->windows().size(), 1);
    QCOMPARE(qobject_cast<McpAppCard *>(window->cardWidget()), popped);

    // The handshake completes in the window: the app shows what the bridge sent it once initialized.
    McpAppView *view = popped->view();
    QVERIFY(waitFor([&] { return view->bridge()->isInitialized(); }, 20000));
    QCOMPARE(view->bridge()->appName(), QStringLiteral("tessera-fixture-app"));
    QVERIFY2(waitForDom(view, QStringLiteral("result"), [](const QString &text) { return text == QStringLiteral("Lisbon: 21 °C"); }, 20000),
             qPrintable(domText(view, QStringLiteral("result")) + QLatin1Char('|') + domText(view, QStringLiteral("status"))));
    QCOMPARE(domText(view, QStringLiteral("input")), QStringLiteral("input: {\"city\":\"Lisbon\"}"));
    QCOMPARE(domText(view, QStringLiteral("status")), QStringLiteral("connected theme=light mode=inline"));

    // Its tools/call waits, as inline, on a stored consent card in the main window's conversation; the Stop
    // bar says so. Allow once there (the window's own decision path) runs it on the fixture server.
    click(view, QStringLiteral("add"));
    QVERIFY(waitFor([&] { return popped->isConsentPending(); }, 20000));
    const QString consentCard = popped->pendingConsentCardId();
    QVERIFY2(consentCard.startsWith(QLatin1String("appconsent:")), qPrintable(consentCard));
    QVERIFY(!inlineCard->isConsentPending());
    QVERIFY(m_window->isTurnIndicatorVisible());
    auto *turnLabel = m_window->findChild<QLabel *>(QStringLiteral("turnLabel"));
    QVERIFY(turnLabel);
    QCOMPARE(turnLabel->text(), QStringLiteral("An app's tool call waits for your decision\u2026"));
    const int consentRow = m_window->model()->rowOfCard(consentCard);
    QVERIFY(consentRow >= 0);
    m_window->conversationView()->scrollToBottom();
    QApplication::processEvents();
    QWidget *consentWidget = m_window->conversationView()->widgetForRow(consentRow);
    QVERIFY(consentWidget);
    auto *bar = consentWidget->findChild<DecisionBar *>();
    QVERIFY(bar);
    QCOMPARE(bar->buttons().size(), 2);
    QCOMPARE(bar->buttons().at(0)->text(), QStringLiteral("Allow once"));
    QCOMPARE(bar->buttons().at(1)->text(), QStringLiteral("Deny"));
    bar->buttons().at(0)->click();
    QVERIFY(waitForDom(view, QStringLiteral("count"), [](const QString &text) { return text == QLatin1String("count: 2"); }, 20000));
    QVERIFY(!popped->isConsentPending());
    QVERIFY(!m_window->isTurnIndicatorVisible());
    // The stored decision says who decided; nothing of it went to the backend.
    QString decision;
    for (const QByteArray &stored : m_window->store()->rawLines(m_window->currentConversationId())) {
        if (stored.contains("\"card_decision\"") && stored.contains(consentCard.toUtf8()))
            decision = QString::fromStdString(nlohmann::json::parse(stored.toStdString()).value("content", std::string()));
    }
    QVERIFY2(decision.startsWith(QLatin1Char('[')) && decision.contains(QLatin1String(" decided] ")), qPrintable(decision));
    for (const QByteArray &event : std::as_const(backend->written))
        QVERIFY2(!event.contains("appconsent"), event.constData());
    // The Stop bar's button expires a waiting card: the app is refused, the card can no longer be decided.
    click(view, QStringLiteral("add"));
    QVERIFY(waitFor([&] { return popped->isConsentPending(); }, 20000));
    const QString stoppedCard = popped->pendingConsentCardId();
    QVERIFY(m_window->isTurnIndicatorVisible());
    auto *stop = m_window->findChild<QPushButton *>(QStringLiteral("stopTurn"));
    QVERIFY(stop);
    stop->click();
    QVERIFY(waitForDom(view, QStringLiteral("count"), [](const QString &text) {
        return text.contains(QLatin1String("The consent card expired (stopped by you): counter_add was not run."));
    }, 20000));
    QVERIFY(!popped->isConsentPending());
    QVERIFY(!m_window->isTurnIndicatorVisible());
    QCOMPARE(m_window->model()->cardState(stoppedCard).state, QStringLiteral("expired"));

    // ui/message fills the main window's composer; nothing is sent.
    m_window->composer()->setText(QString());
    const qsizetype writtenBefore = backend->written.size();
    click(view, QStringLiteral("ask"));
    QVERIFY(waitFor([&] { return m_window->composer()->text() == QLatin1String("Tell me more about the weather in Lisbon"); }, 20000));
    QVERIFY(waitForDom(view, QStringLiteral("status"), [](const QString &text) { return text == QLatin1String("message sent"); }, 20000));
    QCOMPARE(backend->written.size(), writtenBefore);

    // Closing the window sends ui/resource-teardown, which the app answers (before the bridge's timeout).
    // The window is closed from inside the running event loop, as the close button or Esc does: a close
    // from the test body itself posts its deferred delete at a level the nested loops of waitFor never run.
    const QPointer<McpAppView> closing(view);
    QSignalSpy closed(view, &McpAppView::closed);
    QElapsedTimer clock;
    clock.start();
    QTimer::singleShot(0, window, &QWidget::close);
    QVERIFY(waitFor([&] { return closed.size() == 1; }, 5000));
    QVERIFY2(clock.elapsed() < McpAppBridge::kTeardownTimeoutMs, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(waitFor([&] { return m_window->popOuts()->windows().isEmpty(); }, 2000));
    // The conversation keeps its own block.
    QCOMPARE(qobject_cast<McpAppCard *>(m_window->conversationView()->widgetForRow(row)), inlineCard);

    // Replay offline: the stored conversation reopened with no server, popped out again.
    McpAppHost::instance()->setToolHost(nullptr);
    const QString id = m_window->currentConversationId();
    QVERIFY(!id.isEmpty());
    m_window->newConversation();
    QVERIFY(m_window->openStored(id));
    row = lastAppRow();
    QVERIFY(row >= 0);
    auto *stored = qobject_cast<McpAppCard *>(m_window->conversationView()->widgetForRow(row));
    QVERIFY(stored);
    QVERIFY(stored->popOutButton());
    stored->popOutButton()->click();
    PopOutWindow *offline = m_window->popOuts()->windows().value(0);
    QVERIFY(offline);
    auto *replayed = qobject_cast<McpAppCard *>(offline->cardWidget());
    QVERIFY(replayed);
    QCOMPARE(replayed->noticeText(), stored->noticeText());
    QVERIFY(replayed->noticeText().contains(QLatin1String("fixture is not connected: the app's tool calls are off.")));
    McpAppView *offlineView = replayed->view();
    QVERIFY(waitForDom(offlineView, QStringLiteral("result"), [](const QString &text) { return text == QStringLiteral("Lisbon: 21 °C"); }, 20000));
    click(offlineView, QStringLiteral("add"));
    QVERIFY(waitForDom(offlineView, QStringLiteral("count"), [](const QString &text) { return text.startsWith(QLatin1String("error: ")); }, 20000));
    QVERIFY(!replayed->isConsentPending());
    QVERIFY(domText(offlineView, QStringLiteral("count")).contains(QLatin1String("the app's server is not connected")));
    offline->close();
}

int main(int argc, char *argv[])
{
    registerCanvasSchemes();
    QApplication app(argc, argv);
    tst_PopOut test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_popout.moc"
