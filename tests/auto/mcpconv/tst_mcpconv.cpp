// MCP in the conversation (issue 16). The window as a person uses it: the OpenAI-compatible fake endpoint
// (tests/support/fakeendpoint.h) calls tools of a real npm server-everything over stdio, started and
// stopped here; the consent card's buttons and the elicitation form are pressed in the conversation view.
// Checked: what the view draws (the descriptor's card's fields, the form, the note of a result that does
// not fit), the stored lines (read back from the store as a reopened conversation reads them), the chat
// requests the endpoint received (what the model was told, what the server answered), and Settings →
// Tools changes reaching the open window between turns. Every wait is bounded.

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <app/mainwindow.h>
#include <app/mcpcontroller.h>
#include <app/mcpelicitationcard.h>
#include <app/mcpserverspage.h>
#include <app/settingsdialog.h>
#include <app/settingskeys.h>
#include <backend/backendconfig.h>
#include <backend/openaibackend.h>
#include <backend/toolhost.h>
#include <cards/conversationmodel.h>
#include <cards/jsonaccess.h>
#include <cards/toolcarddescriptor.h>
#include <mcp/mcptoolhost.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <tests/support/mcpservers.h>
#include <tests/support/fakeendpoint.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/decisionbar.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;
using json = nlohmann::json;

namespace {

using namespace Tessera::TestSupport::McpServers;

constexpr int kStartMs = 60000; // a cold node start on a loaded two-core machine
constexpr int kTurnMs = 90000;



QStringList labelTexts(const QWidget *widget)
{
    QStringList texts;
    for (const QLabel *label : widget->findChildren<QLabel *>())
        texts.append(label->text());
    return texts;
}

QList<json> linesWith(const QList<QByteArray> &lines, const char *member)
{
    QList<json> found;
    for (const QByteArray &line : lines) {
        const json value = json::parse(line.toStdString(), nullptr, false);
        if (value.is_object() && value.contains(member))
            found.append(value);
    }
    return found;
}

} // namespace

class tst_McpConv : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void descriptorCardDrawnAndStored();
    void deniedCallTellsTheModel();
    void resultThatDoesNotFitShowsTheNote();
    void elicitationAnsweredInTheTurn();
    void elicitationDeclined();
    void settingsReachTheOpenWindow();
    void firstTurnWaitsForTheServersTools();

private:
    // The window with server-everything and the endpoint, its tools listed.
    bool connectWindow(const QList<FakeEndpoint::ScriptedCall> &script);
    void send(const QString &text);
    // The row of the card with this id in the window's model, made live in the view.
    QWidget *liveWidget(int row);
    int rowOfCard(const QString &cardId) const;
    bool press(const QString &consentCardId, const QString &buttonText);
    // The elicitation form of the turn, once its tool input line arrived, live in the view.
    McpElicitationCard *liveForm();
    QList<QByteArray> chatBodies() const;
    QList<QByteArray> storedLines() const;

    QTemporaryDir m_settings;
    QTemporaryDir *m_dir = nullptr;
    FakeEndpoint *m_endpoint = nullptr;
    MainWindow *m_window = nullptr;
};

void tst_McpConv::initTestCase()
{
    QVERIFY(m_settings.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path()); // never the user's
    qputenv("XDG_CACHE_HOME", m_settings.filePath(QStringLiteral("cache")).toUtf8());
    QVERIFY2(QFile::exists(everything().command), "node_modules lacks the MCP servers: run npm ci --ignore-scripts");
    QVERIFY(ToolConsent::registerKind());
    QStringList errors;
    QCOMPARE(ToolCardDescriptors::loadDirectory(source(QStringLiteral("tests/data/toolcards/plugins/tools")), &errors), 2);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
}

void tst_McpConv::init()
{
    QSettings().clear();
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
    m_endpoint = new FakeEndpoint("k");
    m_window = new MainWindow;
    QVERIFY(m_window->openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    m_window->newConversation();
    m_window->resize(900, 900);
    m_window->show();
}

void tst_McpConv::cleanup()
{
    delete m_window;
    m_window = nullptr;
    delete m_endpoint;
    m_endpoint = nullptr;
    delete m_dir;
    m_dir = nullptr;
}

bool tst_McpConv::connectWindow(const QList<FakeEndpoint::ScriptedCall> &script)
{
    m_endpoint->toolScript = script;
    m_window->setMcpServers({everything()});
    qputenv("TESSERA_TEST_KEY", "k");
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = m_endpoint->baseUrl();
    config.model = QStringLiteral("small-model");
    config.apiKeyEnv = QStringLiteral("TESSERA_TEST_KEY");
    m_window->setBackendConfig(config, true);
    McpToolHost *host = m_window->mcpController()->toolHost();
    if (!host)
        return false;
    QDeadlineTimer deadline(kStartMs);
    while (!host->isReady() && !deadline.hasExpired())
        QTest::qWait(50);
    return host->isReady() && host->problems().isEmpty() && host->findTool(QStringLiteral("everything__echo"));
}

void tst_McpConv::send(const QString &text)
{
    m_window->composer()->setText(text);
    auto *button = m_window->composer()->findChild<QPushButton *>(QStringLiteral("composerSend"));
    QVERIFY(button && button->isEnabled());
    button->click();
}

int tst_McpConv::rowOfCard(const QString &cardId) const
{
    return m_window->model()->rowOfCard(cardId);
}

QWidget *tst_McpConv::liveWidget(int row)
{
    if (row < 0)
        return nullptr;
    m_window->conversationView()->scrollToRow(row);
    QWidget *widget = nullptr;
    QDeadlineTimer deadline(5000);
    while (!(widget = m_window->conversationView()->widgetForRow(row)) && !deadline.hasExpired())
        QTest::qWait(20);
    return widget;
}

bool tst_McpConv::press(const QString &consentCardId, const QString &buttonText)
{
    QWidget *card = liveWidget(rowOfCard(consentCardId));
    auto *bar = card ? card->findChild<DecisionBar *>() : nullptr;
    if (!bar)
        return false;
    for (QPushButton *button : bar->buttons()) {
        if (button->text() == buttonText && button->isEnabled()) {
            button->click();
            return true;
        }
    }
    return false;
}

McpElicitationCard *tst_McpConv::liveForm()
{
    int row = -1;
    QDeadlineTimer deadline(kTurnMs);
    while (row < 0 && !deadline.hasExpired()) {
        for (int r = 0; r < m_window->model()->rowCount() && row < 0; ++r) {
            if (!ToolInput::cardIdOf(m_window->model()->message(r)).isEmpty())
                row = r;
        }
        if (row < 0)
            QTest::qWait(50);
    }
    QWidget *widget = liveWidget(row);
    if (!widget)
        return nullptr;
    auto *form = qobject_cast<McpElicitationCard *>(widget);
    return form ? form : widget->findChild<McpElicitationCard *>();
}

QList<QByteArray> tst_McpConv::chatBodies() const
{
    QList<QByteArray> bodies;
    for (const FakeEndpoint::Request &request : m_endpoint->requests()) {
        if (request.path == "/v1/chat/completions")
            bodies.append(request.rawBody);
    }
    return bodies;
}

QList<QByteArray> tst_McpConv::storedLines() const
{
    return m_window->store()->rawLines(m_window->currentConversationId());
}

void tst_McpConv::descriptorCardDrawnAndStored()
{
    QVERIFY(connectWindow({{QStringLiteral("everything__get-structured-content"), QStringLiteral(R"({"location":"Chicago"})")}}));
    send(QStringLiteral("weather in Chicago?"));
    QTRY_VERIFY_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script0")) >= 0, kTurnMs);
    QVERIFY(press(QStringLiteral("consent:call_script0"), QStringLiteral("Allow once")));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);

    // The descriptor's card (tests/data/toolcards/plugins/tools/weather.json) in place of the tool line.
    const int row = rowOfCard(QStringLiteral("call_script0"));
    QVERIFY(row >= 0);
    const Card *card = m_window->model()->card(row);
    QVERIFY(card && card->isValid());
    QCOMPARE(card->kindName(), QStringLiteral("detail"));
    QCOMPARE(card->title(), QStringLiteral("Weather"));
    const QByteArray expected = R"x({"kind":"detail","payload":{"fields":[{"label":"Conditions","value":"Light rain / drizzle"},)x"
                                R"x({"label":"Temperature (°C)","value":"36"},{"label":"Humidity (%)","value":"82"}],"title":"Weather"},"specVersion":1})x";
    QCOMPARE(card->rawText(), expected);
    for (int r = 0; r < m_window->model()->rowCount(); ++r) {
        const bool resultLine = m_window->model()->blockType(r) == BlockType::ToolActivity
            && m_window->model()->message(r).toolCallId == QLatin1String("call_script0")
            && m_window->model()->message(r).role == MessageRole::Tool;
        QVERIFY2(!resultLine, "the result is drawn as its card, not as a tool line");
    }
    QWidget *drawn = liveWidget(row);
    QVERIFY(drawn);
    const QStringList texts = labelTexts(drawn);
    for (const char *text : {"Conditions", "Light rain / drizzle", "Temperature (°C)", "36", "Humidity (%)", "82"})
        QVERIFY2(texts.contains(QString::fromUtf8(text)), qPrintable(texts.join(QLatin1String(" | "))));

    // The model still got the tool message (text content, then structuredContent).
    const QList<QByteArray> bodies = chatBodies();
    QCOMPARE(bodies.size(), 2);
    QVERIFY2(bodies.at(1).contains(R"("role":"tool","tool_call_id":"call_script0","content":"{\"temperature\":36,)"), bodies.at(1).constData());

    // Stored, and a reopened conversation draws the same card.
    const QList<QByteArray> lines = storedLines();
    const QList<json> results = linesWith(lines, "tessera_tool");
    QCOMPARE(results.size(), 1);
    QCOMPARE(jsonString(results.first()["tessera_tool"], "consent"), QStringLiteral("allowed once by the user"));
    ConversationModel reopened;
    reopened.setTranscript(Transcript::fromJsonLines(lines.join('\n')));
    const int again = reopened.rowOfCard(QStringLiteral("call_script0"));
    QVERIFY(again >= 0);
    QCOMPARE(reopened.card(again)->rawText(), expected);
    QVERIFY(reopened.card(again)->isValid());
    const QString id = m_window->currentConversationId();
    m_window->newConversation();
    QVERIFY(m_window->openStored(id));
    const int shown = rowOfCard(QStringLiteral("call_script0"));
    QVERIFY(shown >= 0);
    QCOMPARE(m_window->model()->card(shown)->rawText(), expected);
}

void tst_McpConv::deniedCallTellsTheModel()
{
    QVERIFY(connectWindow({{QStringLiteral("everything__get-structured-content"), QStringLiteral(R"({"location":"Chicago"})")}}));
    send(QStringLiteral("weather?"));
    QTRY_VERIFY_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script0")) >= 0, kTurnMs);
    QVERIFY(press(QStringLiteral("consent:call_script0"), QStringLiteral("Deny")));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);
    const QList<QByteArray> bodies = chatBodies();
    QCOMPARE(bodies.size(), 2);
    QVERIFY2(bodies.at(1).contains(R"({"role":"tool","tool_call_id":"call_script0","content":"The user denied this call: )"
                                   R"(everything__get-structured-content was not run.)"),
             bodies.at(1).constData());
    QCOMPARE(rowOfCard(QStringLiteral("call_script0")), -1); // nothing ran: no card
    const QList<json> results = linesWith(storedLines(), "tessera_tool");
    QCOMPARE(results.size(), 1);
    QCOMPARE(jsonString(results.first()["tessera_tool"], "consent"), QStringLiteral("denied by the user"));
    QVERIFY(!results.first()["tessera_tool"].contains("card_note"));
}

void tst_McpConv::resultThatDoesNotFitShowsTheNote()
{
    QTemporaryDir plugins;
    QVERIFY(plugins.isValid());
    QFile file(plugins.filePath(QStringLiteral("wind.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"tool": "get-structured-content", "server": "everything", "kind": "detail",
                   "set": {"/title": "Wind", "/fields/0/label": "Wind"}, "map": {"/fields/0/value": "/wind"}})");
    file.close();
    ToolCardDescriptors::clear();
    QCOMPARE(ToolCardDescriptors::loadDirectory(plugins.path()), 1);
    auto restore = qScopeGuard([] {
        ToolCardDescriptors::clear();
        ToolCardDescriptors::loadDirectory(source(QStringLiteral("tests/data/toolcards/plugins/tools")));
    });

    QVERIFY(connectWindow({{QStringLiteral("everything__get-structured-content"), QStringLiteral(R"({"location":"New York"})")}}));
    send(QStringLiteral("wind?"));
    QTRY_VERIFY_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script0")) >= 0, kTurnMs);
    QVERIFY(press(QStringLiteral("consent:call_script0"), QStringLiteral("Allow once")));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);
    QCOMPARE(rowOfCard(QStringLiteral("call_script0")), -1);
    int toolRow = -1;
    for (int r = 0; r < m_window->model()->rowCount(); ++r) {
        if (m_window->model()->blockType(r) == BlockType::ToolActivity && m_window->model()->message(r).role == MessageRole::Tool
            && m_window->model()->message(r).toolCallId == QLatin1String("call_script0"))
            toolRow = r;
    }
    QVERIFY(toolRow >= 0);
    auto *line = qobject_cast<ToolResultLine *>(liveWidget(toolRow));
    QVERIFY(line);
    QCOMPARE(line->cardNote(), QStringLiteral("No card: the result does not fit its descriptor at /wind: is missing"));
    const QList<json> results = linesWith(storedLines(), "tessera_tool");
    QCOMPARE(results.size(), 1);
    QCOMPARE(jsonString(results.first()["tessera_tool"], "card_note"), QStringLiteral("/wind: is missing"));
    QVERIFY(chatBodies().at(1).contains(R"(\"conditions\":\"Cloudy\")")); // the model got the result
}

void tst_McpConv::elicitationAnsweredInTheTurn()
{
    QVERIFY(connectWindow({{QStringLiteral("everything__trigger-elicitation-request"), QStringLiteral("{}")}}));
    send(QStringLiteral("ask me"));
    QTRY_VERIFY_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script0")) >= 0, kTurnMs);
    QVERIFY(press(QStringLiteral("consent:call_script0"), QStringLiteral("Allow once")));

    // The form is drawn in the turn, as its tool input line.
    McpElicitationCard *form = liveForm();
    QVERIFY(form);
    QVERIFY(m_window->session()->isTurnActive());
    QVERIFY(!form->isAnswered());
    form->findChild<QLineEdit *>(QStringLiteral("field_name"))->setText(QStringLiteral("Ada"));
    form->findChild<QLineEdit *>(QStringLiteral("field_integer"))->setText(QStringLiteral("7"));
    form->findChild<QPushButton *>(QStringLiteral("elicitationAccept"))->click();
    QVERIFY(form->isAnswered());
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);

    // What server-everything received, as its result told the model.
    const QList<QByteArray> bodies = chatBodies();
    QCOMPARE(bodies.size(), 2);
    QVERIFY2(bodies.at(1).contains("- Name: Ada") && bodies.at(1).contains("- Favorite Integer: 7"), bodies.at(1).constData());
    QVERIFY(!bodies.at(1).contains("input:")); // neither the form nor the answer reach the model

    // Stored: the request (its form) and the answer (action and values) as the card's decision.
    const QList<QByteArray> lines = storedLines();
    const QList<json> requests = linesWith(lines, "tessera_input");
    QCOMPARE(requests.size(), 1);
    QCOMPARE(jsonString(requests.first()["tessera_input"], "server"), QStringLiteral("everything"));
    const QString cardId = jsonString(requests.first()["structured"], "cardId");
    QCOMPARE(cardId, QStringLiteral("input:call_script0:1"));
    const QList<json> decisions = linesWith(lines, "card_decision");
    QCOMPARE(decisions.size(), 2); // the consent, then the answer
    const json answer = decisions.last()["card_decision"];
    QCOMPARE(jsonString(answer, "cardId"), cardId);
    QCOMPARE(jsonString(answer, "action"), QStringLiteral("accept"));
    const json values = json::parse(jsonString(answer, "outcome").toStdString());
    QCOMPARE(QString::fromStdString(values["name"].get<std::string>()), QStringLiteral("Ada"));
    QCOMPARE(values["integer"].get<int>(), 7);
    QCOMPARE(values["number"].get<double>(), 3.14); // a default, sent as filled in

    // A replay shows the form read-only with the answer that went back.
    ConversationModel replay;
    replay.setTranscript(Transcript::fromJsonLines(lines.join('\n')));
    QCOMPARE(replay.cardState(cardId).decisionAction, QStringLiteral("accept"));
    int inputRow = -1;
    for (int r = 0; r < replay.rowCount(); ++r) {
        if (ToolInput::cardIdOf(replay.message(r)) == cardId)
            inputRow = r;
    }
    QVERIFY(inputRow >= 0);
    CardActions actions;
    RenderContext context;
    context.actions = &actions;
    std::unique_ptr<QWidget> widget(createBlockWidget(replay, inputRow, context, nullptr));
    auto *replayed = qobject_cast<McpElicitationCard *>(widget.get());
    QVERIFY(replayed);
    QVERIFY(replayed->isAnswered());
    QCOMPARE(replayed->outcomeText(), QStringLiteral("Accepted: sent to the server."));
    QCOMPARE(replayed->findChild<QLineEdit *>(QStringLiteral("field_name"))->text(), QStringLiteral("Ada"));
    QVERIFY(!replayed->findChild<QLineEdit *>(QStringLiteral("field_name"))->isEnabled());
    QVERIFY(replayed->findChild<QPushButton *>(QStringLiteral("elicitationAccept"))->isHidden());
}

void tst_McpConv::elicitationDeclined()
{
    QVERIFY(connectWindow({{QStringLiteral("everything__trigger-elicitation-request"), QStringLiteral("{}")}}));
    send(QStringLiteral("ask me"));
    QTRY_VERIFY_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script0")) >= 0, kTurnMs);
    QVERIFY(press(QStringLiteral("consent:call_script0"), QStringLiteral("Allow once")));
    McpElicitationCard *form = liveForm();
    QVERIFY(form);
    form->findChild<QPushButton *>(QStringLiteral("elicitationDecline"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);
    QVERIFY2(chatBodies().at(1).contains("User declined to provide the requested information."), chatBodies().at(1).constData());
    const QList<json> decisions = linesWith(storedLines(), "card_decision");
    QCOMPARE(decisions.size(), 2);
    QCOMPARE(jsonString(decisions.last()["card_decision"], "action"), QStringLiteral("decline"));
    QCOMPARE(jsonString(decisions.last()["card_decision"], "outcome"), QStringLiteral("{}"));
}

void tst_McpConv::settingsReachTheOpenWindow()
{
    // The window reads Settings → Tools (no --mcp-config); nothing is stored yet.
    // Request 0 calls echo, 1 ends the first turn, 2 calls echo again, 3 ends the second.
    m_endpoint->toolScript = {{QStringLiteral("everything__echo"), QStringLiteral(R"({"message":"hi"})")},
                              {},
                              {QStringLiteral("everything__echo"), QStringLiteral(R"({"message":"again"})")}};
    m_window->setMcpConfig(McpConfig());
    qputenv("TESSERA_TEST_KEY", "k");
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = m_endpoint->baseUrl();
    config.model = QStringLiteral("small-model");
    config.apiKeyEnv = QStringLiteral("TESSERA_TEST_KEY");
    m_window->setBackendConfig(config, true);
    McpController *mcp = m_window->mcpController();
    QVERIFY(!mcp->toolHost());
    auto *openai = qobject_cast<OpenAiBackend *>(m_window->session()->backend());
    QVERIFY(openai);
    QVERIFY(!openai->toolsJson().contains("everything__"));

    // File → Settings… → Tools: add the server and tick the read-only box, as a person does.
    QAction *settingsAction = nullptr;
    for (QAction *action : m_window->findChildren<QAction *>()) {
        if (action->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Settings")))
            settingsAction = action;
    }
    QVERIFY(settingsAction);
    bool edited = false;
    QTimer::singleShot(0, this, [&edited] {
        auto *dialog = qobject_cast<SettingsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        McpServersPage *page = dialog->toolsPage();
        QString error;
        edited = page->saveServer(everything(), QString(), &error);
        page->autoAllowReadOnlyBox()->click();
        dialog->reject();
    });
    settingsAction->trigger();
    QVERIFY(edited);
    QVERIFY(QSettings().value(SettingsKeys::kToolsAutoAllowReadOnly).toBool());
    QVERIFY(mcp->toolHost());
    QCOMPARE(mcp->servers().size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(mcp->toolHost()->isReady(), kStartMs);
    QVERIFY(openai->toolsJson().contains("\"everything__echo\""));

    // The read-only box applies at once: echo (readOnlyHint) runs without a consent card.
    send(QStringLiteral("echo"));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);
    const QList<json> results = linesWith(storedLines(), "tessera_tool");
    QCOMPARE(results.size(), 1);
    QCOMPARE(jsonString(results.first()["tessera_tool"], "consent"), QStringLiteral("allowed by the setting for read-only tools"));
    QCOMPARE(rowOfCard(QStringLiteral("consent:call_script0")), -1);

    // A change while a turn runs waits for its end; the turn keeps its host.
    QSettings().setValue(SettingsKeys::kToolsAutoAllowReadOnly, false);
    mcp->applyReadOnlySetting();
    send(QStringLiteral("echo again"));
    QTRY_VERIFY_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script2")) >= 0, kTurnMs);
    McpToolHost *inFlight = mcp->toolHost();
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<SettingsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        dialog->toolsPage()->setServerEnabled(QStringLiteral("everything"), false);
        dialog->reject();
    });
    settingsAction->trigger();
    QVERIFY(mcp->isRebuildPending());
    QCOMPARE(mcp->toolHost(), inFlight);
    QVERIFY(press(QStringLiteral("consent:call_script2"), QStringLiteral("Allow once")));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);
    QCOMPARE(chatBodies().size(), 4);
    QVERIFY2(chatBodies().last().contains("Echo: again"), chatBodies().last().constData());
    // Disabled after the turn: no server, no MCP tool offered.
    QVERIFY(!mcp->isRebuildPending());
    QVERIFY(!mcp->toolHost());
    QVERIFY(!openai->toolsJson().contains("everything__"));
}

// Issue 16, "the first turn": a prompt sent the moment the server is configured, before it has listed its
// tools, still offers them in the first request; the Stop bar says what the turn waits for meanwhile.
void tst_McpConv::firstTurnWaitsForTheServersTools()
{
    m_endpoint->toolScript = {{QStringLiteral("everything__echo"), QStringLiteral(R"({"message":"first"})")}};
    m_window->setMcpServers({everything()});
    qputenv("TESSERA_TEST_KEY", "k");
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = m_endpoint->baseUrl();
    config.model = QStringLiteral("small-model");
    config.apiKeyEnv = QStringLiteral("TESSERA_TEST_KEY");
    m_window->setBackendConfig(config, true);
    auto *openai = qobject_cast<OpenAiBackend *>(m_window->session()->backend());
    QVERIFY(openai);
    QCOMPARE(openai->toolHostWait(), 5000); // the bound a person gets
    openai->setToolHostWait(kStartMs);      // a cold node start here may take longer than that
    McpToolHost *host = m_window->mcpController()->toolHost();
    QVERIFY(host);
    QVERIFY(!host->isReady()); // node has not even started yet
    QSignalSpy waiting(openai, &OpenAiBackend::waitingForToolsChanged);
    // What the Stop bar says each time the wait begins or ends (read when it happens; the bar is out of
    // the window while no turn runs).
    QStringList shown;
    int requestsWhileWaiting = -1;
    QObject watcher; // the connection ends with this test function
    connect(openai, &OpenAiBackend::waitingForToolsChanged, &watcher, [&](bool now) {
        auto *label = m_window->findChild<QLabel *>(QStringLiteral("turnLabel"));
        auto *stop = m_window->findChild<QPushButton *>(QStringLiteral("stopTurn"));
        if (!label || !stop) {
            shown.append(QStringLiteral("(no Stop bar)"));
            return;
        }
        shown.append(label->text() + (stop->isVisible() && stop->isEnabled() ? QStringLiteral(" [Stop]") : QString()));
        if (now)
            requestsWhileWaiting = int(chatBodies().size());
    });
    send(QStringLiteral("use the echo tool"));
    QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 1, 5000);
    QCOMPARE(waiting.first().at(0).toBool(), true);
    QCOMPARE(shown.value(0), QStringLiteral("Waiting for MCP servers\u2026 [Stop]"));
    QCOMPARE(requestsWhileWaiting, 0);
    QTRY_COMPARE_WITH_TIMEOUT(rowOfCard(QStringLiteral("consent:call_script0")) >= 0, true, kStartMs + kTurnMs);
    QCOMPARE(waiting.size(), 2);
    QCOMPARE(waiting.at(1).at(0).toBool(), false);
    QCOMPARE(shown.value(1), QStringLiteral("The agent is answering\u2026 [Stop]"));
    // The first request the endpoint received already lists the server's tools, namespaced.
    const QList<QByteArray> bodies = chatBodies();
    QCOMPARE(bodies.size(), 1);
    const json tools = json::parse(bodies.first().toStdString())["tools"];
    QStringList names;
    for (const json &tool : tools)
        names.append(QString::fromStdString(tool["function"]["name"].get<std::string>()));
    QCOMPARE(names.mid(0, 2), QStringList({QStringLiteral("emit_card"), QStringLiteral("render_ui")}));
    QVERIFY2(names.contains(QStringLiteral("everything__echo")), qPrintable(names.join(u' ')));
    QCOMPARE(bodies.first().count("\"everything__"), qsizetype(host->tools().size()));
    QVERIFY(press(QStringLiteral("consent:call_script0"), QStringLiteral("Allow once")));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTurnMs);
    QVERIFY2(chatBodies().last().contains("Echo: first"), chatBodies().last().constData());
}

QTEST_MAIN(tst_McpConv)
#include "tst_mcpconv.moc"
