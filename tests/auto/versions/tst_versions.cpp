// Turn versions (issue 12; cards/transcript.h "Turn versions"): Regenerate and Edit and resend through
// the session and a real OpenAiBackend against the loopback fake server; what the model shows, what
// is stored, what a restart shows, what the endpoint was asked; the switcher row; `tessera render`.

#include <functional>
#include <memory>

#include <QImage>
#include <QKeyEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <nlohmann/json.hpp>

#include <backend/openaibackend.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <tests/support/clirunner.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/conversationview.h>

#include "../backendopenai/fakeopenaiserver.h"

using namespace Tessera;
using json = nlohmann::json;

namespace {

// The request's messages after Tessera's system prompt, as "role: content".
QStringList askedMessages(const RecordedRequest &request)
{
    const json body = json::parse(request.body.toStdString());
    QStringList out;
    for (const json &m : body.at("messages")) {
        const std::string role = m.value("role", "");
        if (role == "system")
            continue;
        const std::string content = m.contains("content") && m.at("content").is_string() ? m.at("content").get<std::string>() : "";
        out.append(QString::fromStdString(role + ": " + content));
    }
    return out;
}

// What the model draws, one string per row.
QStringList rowsOf(const ConversationModel &model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row) {
        switch (model.blockType(row)) {
        case BlockType::UserText:
            out.append(QStringLiteral("user:") + model.blockText(row));
            break;
        case BlockType::AssistantProse:
            out.append(QStringLiteral("prose:") + model.blockText(row));
            break;
        case BlockType::VersionSwitcher:
            out.append(QStringLiteral("versions:%1/%2")
                               .arg(model.index(row).data(ConversationModel::VersionRole).toInt())
                               .arg(model.index(row).data(ConversationModel::VersionCountRole).toInt()));
            break;
        case BlockType::Card:
        case BlockType::ToolActivity:
        case BlockType::Unreadable:
        case BlockType::CutOff:
            out.append(QStringLiteral("other:") + model.blockText(row));
            break;
        }
    }
    return out;
}

QList<QByteArray> linesWith(const QList<QByteArray> &lines, const QByteArray &part)
{
    QList<QByteArray> out;
    for (const QByteArray &line : lines) {
        if (line.contains(part))
            out.append(line);
    }
    return out;
}

QString switcherGroup(const ConversationModel &model)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.blockType(row) == BlockType::VersionSwitcher)
            return model.index(row).data(ConversationModel::VersionGroupRole).toString();
    }
    return {};
}

} // namespace

class tst_Versions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void regenerateKeepsBothVersions();
    void editAndResendKeepsBothVersions();
    void onlyForBackendsWhoseHistoryTesseraHolds();
    void switcherRowIsKeyboardReachable();
    void modelOfFixture();
    void renderOfFixture();

private:
    // Sends text and waits until its turn ended.
    void turn(const std::function<bool(QString *)> &send);
    QList<QByteArray> stored() const { return m_store->rawLines(m_session->conversationId()); }
    // A restart: a new model from what the store holds.
    QStringList afterRestart() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ConversationStore> m_store;
    std::unique_ptr<ConversationModel> m_model;
    std::unique_ptr<ConversationSession> m_session;
    std::unique_ptr<FakeOpenAiServer> m_server;
};

void tst_Versions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<ConversationStore>();
    QVERIFY(m_store->open(m_dir->path()).ok());
    m_model = std::make_unique<ConversationModel>();
    m_session = std::make_unique<ConversationSession>(m_model.get(), m_store.get());
    m_server = std::make_unique<FakeOpenAiServer>();
    auto *backend = new OpenAiBackend(m_server->baseUrl(), QStringLiteral("small"), QString());
    m_session->setBackend(backend);
    backend->start();
    QCOMPARE(backend->state(), ConnectionState::Connected);
}

void tst_Versions::cleanup()
{
    m_session.reset();
    m_model.reset();
    m_store.reset();
    m_server.reset();
    m_dir.reset();
}

void tst_Versions::turn(const std::function<bool(QString *)> &send)
{
    QSignalSpy finished(m_session.get(), &ConversationSession::turnFinished);
    QString error;
    QVERIFY2(send(&error), qPrintable(error));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.first().at(1).value<TurnOutcome>(), TurnOutcome::Completed);
}

QStringList tst_Versions::afterRestart() const
{
    ConversationModel restarted;
    restarted.setTranscript(m_store->loadTranscript(m_session->conversationId()));
    return rowsOf(restarted);
}

void tst_Versions::regenerateKeepsBothVersions()
{
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Four.")));
    turn([this](QString *e) { return m_session->sendUserMessage(QStringLiteral("What is 2+2?"), e); });
    QVERIFY(m_session->canReviseLastTurn());

    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("2+2 is 4.")));
    turn([this](QString *e) { return m_session->regenerateLastTurn(e); });
    // The endpoint was asked the question again, without the old answer.
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(askedMessages(m_server->requests().at(1)), QStringList{QStringLiteral("user: What is 2+2?")});
    QVERIFY(!m_server->requests().at(1).body.contains("Four."));

    const QStringList second{QStringLiteral("user:What is 2+2?"), QStringLiteral("versions:2/2"),
                             QStringLiteral("prose:2+2 is 4.")};
    QCOMPARE(rowsOf(*m_model), second);
    QCOMPARE(afterRestart(), second);

    // Switching to version 1 stores the choice; a restart shows the same.
    const QString group = switcherGroup(*m_model);
    QVERIFY(!group.isEmpty());
    QVERIFY(m_session->chooseVersion(group, 1));
    const QByteArray choice = stored().last();
    const QByteArray expected = QByteArray("\"version_choice\":{\"group\":\"") + group.toUtf8() + "\",\"version\":1}";
    QVERIFY2(choice.contains(expected), choice.constData());
    const QStringList first{QStringLiteral("user:What is 2+2?"), QStringLiteral("versions:1/2"),
                            QStringLiteral("prose:Four.")};
    QCOMPARE(rowsOf(*m_model), first);
    QCOMPARE(afterRestart(), first);
    // Every line is still there: nothing was overwritten.
    QCOMPARE(linesWith(stored(), "Four.").size(), 1);
    QCOMPARE(linesWith(stored(), "2+2 is 4.").size(), 1);

    // The next turn continues from the version shown.
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Six.")));
    turn([this](QString *e) { return m_session->sendUserMessage(QStringLiteral("And 3+3?"), e); });
    QCOMPARE(askedMessages(m_server->requests().at(2)),
             (QStringList{QStringLiteral("user: What is 2+2?"), QStringLiteral("assistant: Four."),
                          QStringLiteral("user: And 3+3?")}));
}

void tst_Versions::editAndResendKeepsBothVersions()
{
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Hello!")));
    turn([this](QString *e) { return m_session->sendUserMessage(QStringLiteral("Say hello."), e); });
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Paris.")));
    turn([this](QString *e) { return m_session->sendUserMessage(QStringLiteral("Capital of Italy?"), e); });
    QCOMPARE(m_session->lastQuestion(), QStringLiteral("Capital of Italy?"));

    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Paris, of course.")));
    turn([this](QString *e) { return m_session->resendEdited(QStringLiteral("Capital of France?"), e); });
    // The history before the edited message, then the edited text: the old question and answer are not asked.
    QCOMPARE(askedMessages(m_server->requests().at(2)),
             (QStringList{QStringLiteral("user: Say hello."), QStringLiteral("assistant: Hello!"),
                          QStringLiteral("user: Capital of France?")}));
    QVERIFY(!m_server->requests().at(2).body.contains("Italy"));
    QVERIFY(linesWith(stored(), "\"turn_version\"").first().startsWith("{\"role\":\"user\",\"content\":\"Capital of France?\""));

    const QStringList edited{QStringLiteral("user:Say hello."), QStringLiteral("prose:Hello!"),
                             QStringLiteral("user:Capital of France?"), QStringLiteral("versions:2/2"),
                             QStringLiteral("prose:Paris, of course.")};
    QCOMPARE(rowsOf(*m_model), edited);
    QCOMPARE(afterRestart(), edited);

    QVERIFY(m_session->chooseVersion(switcherGroup(*m_model), 1));
    const QStringList original{QStringLiteral("user:Say hello."), QStringLiteral("prose:Hello!"),
                               QStringLiteral("user:Capital of Italy?"), QStringLiteral("versions:1/2"),
                               QStringLiteral("prose:Paris.")};
    QCOMPARE(rowsOf(*m_model), original);
    QCOMPARE(afterRestart(), original);
    QCOMPARE(m_session->lastQuestion(), QStringLiteral("Capital of Italy?"));
    // The context menu's rows of the last exchange: version 1's question and answer too.
    QVERIFY(!m_model->isInLastExchange(1));
    for (int row = 2; row < m_model->rowCount(); ++row)
        QVERIFY(m_model->isInLastExchange(row));

    // Regenerating version 1 makes version 3, asking version 1's question again.
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Rome.")));
    turn([this](QString *e) { return m_session->regenerateLastTurn(e); });
    QCOMPARE(askedMessages(m_server->requests().at(3)).last(), QStringLiteral("user: Capital of Italy?"));
    const QStringList third{QStringLiteral("user:Say hello."), QStringLiteral("prose:Hello!"),
                            QStringLiteral("user:Capital of Italy?"), QStringLiteral("versions:3/3"),
                            QStringLiteral("prose:Rome.")};
    QCOMPARE(rowsOf(*m_model), third);
    QCOMPARE(afterRestart(), third);
}

// A wire backend in-process: Tessera does not hold its history.
class WireBackend : public Backend
{
public:
    QString description() const override { return QStringLiteral("wire"); }
    void start() override { setState(ConnectionState::Connected); }
    void stop() override { setState(ConnectionState::Disconnected); }

protected:
    bool writeEvent(const QByteArray &, QString *) override { return true; }
};

void tst_Versions::onlyForBackendsWhoseHistoryTesseraHolds()
{
    m_server->enqueue(ScriptedResponse::prose(QStringLiteral("Four.")));
    turn([this](QString *e) { return m_session->sendUserMessage(QStringLiteral("What is 2+2?"), e); });
    QVERIFY(m_session->canReviseTurns());
    auto *wire = new WireBackend;
    m_session->setBackend(wire);
    wire->start();
    QVERIFY(!m_session->canReviseTurns());
    QVERIFY(!m_session->canReviseLastTurn());
    const qsizetype before = stored().size();
    QString error;
    QVERIFY(!m_session->regenerateLastTurn(&error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!m_session->resendEdited(QStringLiteral("x"), &error));
    QCOMPARE(stored().size(), before); // nothing written
}

void tst_Versions::switcherRowIsKeyboardReachable()
{
    VersionSwitcherRow row(QStringLiteral("g"), 2, 3);
    QCOMPARE(row.accessibleName(), QStringLiteral("Version 2 of 3"));
    auto *previous = row.findChild<QToolButton *>(QStringLiteral("previousVersion"));
    auto *next = row.findChild<QToolButton *>(QStringLiteral("nextVersion"));
    QVERIFY(previous && next);
    QVERIFY(previous->focusPolicy() & Qt::TabFocus);
    QVERIFY(next->focusPolicy() & Qt::TabFocus);
    QSignalSpy requested(&row, &VersionSwitcherRow::versionRequested);
    QTest::keyClick(previous, Qt::Key_Left);
    QTest::keyClick(next, Qt::Key_Right);
    next->click();
    QCOMPARE(requested.size(), 3);
    QCOMPARE(requested.at(0).at(1).toInt(), 1);
    QCOMPARE(requested.at(1).at(1).toInt(), 3);
    QCOMPARE(requested.at(2).at(1).toInt(), 3);
    VersionSwitcherRow last(QStringLiteral("g"), 1, 2);
    QVERIFY(!last.findChild<QToolButton *>(QStringLiteral("previousVersion"))->isEnabled());
}

void tst_Versions::modelOfFixture()
{
    Transcript transcript;
    QVERIFY(Transcript::readFile(QStringLiteral(TESSERA_TEST_DATA "/versions/regenerated.jsonl"), &transcript, nullptr));
    ConversationModel model;
    model.setTranscript(transcript);
    // The last choice wins: version 2.
    QCOMPARE(rowsOf(model), (QStringList{QStringLiteral("user:Which city should I visit in spring?"),
                                         QStringLiteral("versions:2/2"),
                                         QStringLiteral("prose:Lisbon: mild weather, fewer crowds, and the "
                                                        "jacarandas start in May.")}));
    // The view builds the switcher as a row of its own and passes a request on.
    ConversationView view;
    view.resize(600, 500);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *switcher = qobject_cast<VersionSwitcherRow *>(view.widgetForRow(1));
    QVERIFY(switcher);
    QCOMPARE(switcher->accessibleName(), QStringLiteral("Version 2 of 2"));
    QSignalSpy requested(&view, &ConversationView::versionRequested);
    switcher->findChild<QToolButton *>(QStringLiteral("previousVersion"))->click();
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().at(0).toString(), QStringLiteral("6d1c9a52-1f0e-4c57-9a57-3b1f2f7f0a01"));
    QCOMPARE(requested.first().at(1).toInt(), 1);
    // The backend is given the chosen version only.
    const QList<Message> chosen = chosenVersionMessages(transcript.messages);
    QCOMPARE(chosen.size(), 5);
    for (const Message &m : chosen)
        QVERIFY(!m.content.startsWith(QLatin1String("Kyoto")));
}

void tst_Versions::renderOfFixture()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("versions.png"));
    const TestSupport::CliResult r = TestSupport::runProgram(
            QStringLiteral(TESSERA_BINARY),
            {QStringLiteral("render"), QStringLiteral(TESSERA_TEST_DATA "/versions/regenerated.jsonl"),
             QStringLiteral("-o"), out, QStringLiteral("--width"), QStringLiteral("700")},
            TestSupport::displaylessEnvironment(TestSupport::QpaPlatform::Keep));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QLatin1String("0 fallbacks")), qPrintable(r.out));
    const QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), 700);
}

QTEST_MAIN(tst_Versions)
#include "tst_versions.moc"
