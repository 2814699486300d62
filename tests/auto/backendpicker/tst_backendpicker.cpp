// The composer's backend picker and the conversation's system prompt (issue 12), driven through the real
// window against two loopback OpenAI-compatible endpoints that each demand their own key:
//  - a switch in the picker applies from the next turn (which endpoint got the request, which model the
//    body names), is remembered per conversation (reopened, and after a restart), and a new conversation
//    starts with the backend used last;
//  - Conversation → System Prompt… (also in the picker) is sent first in the system message, followed by
//    Tessera's card rules (the request's bytes), survives a restart, and is disabled with a reason for
//    a WebSocket agent.

#include <QAction>
#include <QApplication>
#include <QJsonArray>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <app/mainwindow.h>
#include <app/systempromptdialog.h>
#include <backend/backendprofiles.h>
#include <backend/openaitools.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <store/conversationstore.h>
#include <widgets/conversation/composer.h>

#include <tests/support/fakeendpoint.h>

using namespace Tessera;

namespace {

const QByteArray kKeyA = "sk-picker-alpha-51c2";
const QByteArray kKeyB = "sk-picker-beta-8e07";
const QString kPrompt = QStringLiteral("You are a terse analyst.\nAnswer in \"plain\" words.");
// kPrompt as the request body spells it, then the blank line before the card rules.
const QByteArray kPromptBytes = "\"You are a terse analyst.\\nAnswer in \\\"plain\\\" words.\\n\\n";
// What every chat request starts with, up to the system message's content.
const QByteArray kHead = R"({"model":"%1","stream":true,"messages":[{"role":"system","content":)";

// Runs act on the popup menu or modal dialog of type T once it is up (from inside its own event loop);
// gives up after about 10 s. The poll is returned (it deletes itself when done).
template<typename T, typename Act>
QPointer<QTimer> whenShown(Act act)
{
    auto *poll = new QTimer;
    auto ticks = std::make_shared<int>(0);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, ticks, act] {
        // Any visible one: while a menu's action opens a dialog, the menu may still be the popup.
        T *shown = nullptr;
        for (QWidget *top : QApplication::topLevelWidgets()) {
            if (auto *candidate = qobject_cast<T *>(top); candidate && candidate->isVisible())
                shown = candidate;
        }
        if (!shown && ++*ticks < 500)
            return;
        poll->deleteLater();
        if (shown)
            act(shown);
    });
    poll->start(20);
    return poll;
}

QAction *actionNamed(QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->text() == text)
            return action;
    }
    qWarning("no action %s in the picker", qPrintable(text));
    return nullptr;
}

// The chat requests an endpoint got whose last user message is text, in order.
QList<FakeEndpoint::Request> chatRequestsFor(const FakeEndpoint &endpoint, const QString &text)
{
    QList<FakeEndpoint::Request> found;
    for (const FakeEndpoint::Request &request : endpoint.requests()) {
        if (request.path != "/v1/chat/completions")
            continue;
        const QJsonArray messages = request.body.value(QLatin1String("messages")).toArray();
        for (qsizetype i = messages.size() - 1; i >= 0; --i) {
            const QJsonObject message = messages.at(i).toObject();
            if (message.value(QLatin1String("role")).toString() != QLatin1String("user"))
                continue;
            if (message.value(QLatin1String("content")).toString() == text)
                found.append(request);
            break;
        }
    }
    return found;
}

QByteArray headFor(const QString &model)
{
    return QString::fromLatin1(kHead).arg(model).toUtf8();
}

} // namespace

class tst_BackendPicker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void switchAppliesFromTheNextTurn();
    void rememberedPerConversation();
    void restartKeepsEachConversationsBackend();
    void systemPromptIsSentBeforeTheCardRules();
    void systemPromptSurvivesARestart();
    void systemPromptIsInThePicker();
    void systemPromptDisabledForAWebSocketAgent();

private:
    // Opens the picker with the keyboard (Space on the composer's backend button) and chooses text.
    void pick(MainWindow &window, const QString &text);
    void send(MainWindow &window, const QString &text);
    static BackendConfig profile(const QString &name, const FakeEndpoint &endpoint, const QString &model,
                                 const QString &keyVariable);

    QTemporaryDir m_home;
    std::unique_ptr<FakeEndpoint> m_alpha;
    std::unique_ptr<FakeEndpoint> m_beta;
    QString m_dataDir;
    QString m_first;  // talked to alpha, then switched to beta
    QString m_second; // switched to alpha
};

BackendConfig tst_BackendPicker::profile(const QString &name, const FakeEndpoint &endpoint, const QString &model,
                                         const QString &keyVariable)
{
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.profileName = name;
    config.url = endpoint.baseUrl();
    config.model = model;
    config.apiKeyEnv = keyVariable;
    return config;
}

void tst_BackendPicker::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("HOME", m_home.path().toUtf8());
    qputenv("XDG_CONFIG_HOME", m_home.filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_DATA_HOME", m_home.filePath(QStringLiteral("data")).toUtf8());
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_home.filePath(QStringLiteral("config")));
    m_dataDir = m_home.filePath(QStringLiteral("data/conversations"));

    m_alpha = std::make_unique<FakeEndpoint>(kKeyA);
    m_beta = std::make_unique<FakeEndpoint>(kKeyB);
    m_beta->models = {QStringLiteral("other-model")};
    qputenv("PICKER_KEY_ALPHA", kKeyA);
    qputenv("PICKER_KEY_BETA", kKeyB);
    BackendProfiles profiles;
    QString error;
    QVERIFY2(profiles.save(profile(QStringLiteral("alpha"), *m_alpha, QStringLiteral("small-model"), QStringLiteral("PICKER_KEY_ALPHA")), &error),
             qPrintable(error));
    QVERIFY2(profiles.save(profile(QStringLiteral("beta"), *m_beta, QStringLiteral("other-model"), QStringLiteral("PICKER_KEY_BETA")), &error),
             qPrintable(error));
    BackendConfig agent;
    agent.type = BackendConfig::Type::WebSocket;
    agent.profileName = QStringLiteral("agent");
    agent.url = QUrl(QStringLiteral("ws://127.0.0.1:9/agent"));
    QVERIFY2(profiles.save(agent, &error), qPrintable(error));
    QCOMPARE(profiles.profiles().size(), 3);
}

void tst_BackendPicker::pick(MainWindow &window, const QString &text)
{
    bool chosen = false;
    whenShown<QMenu>([&chosen, text](QMenu *menu) {
        QAction *action = menu->objectName() == QLatin1String("backendPicker") ? actionNamed(menu, text) : nullptr;
        if (!action) {
            menu->close();
            return;
        }
        menu->setActiveAction(action);
        QTest::keyClick(menu, Qt::Key_Return);
        chosen = true;
    });
    window.backendButton()->setFocus(Qt::TabFocusReason);
    QTest::keyClick(window.backendButton(), Qt::Key_Space);
    QVERIFY2(chosen, qPrintable(text));
}

void tst_BackendPicker::send(MainWindow &window, const QString &text)
{
    QTRY_VERIFY2(window.connectionText().startsWith(QLatin1String("Connected to")), qPrintable(window.connectionText()));
    window.composer()->setText(text);
    QTest::mouseClick(window.findChild<QPushButton *>(QStringLiteral("composerSend")), Qt::LeftButton);
    QTRY_VERIFY(window.session()->isBusy() || window.model()->rowCount() > 0);
    // The fake endpoint answers with a card, then (after the tool result) with prose: the turn ends.
    QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isBusy(), 20000);
}

void tst_BackendPicker::switchAppliesFromTheNextTurn()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    window.newConversation();
    window.show();
    QVERIFY(window.currentConversationId().isEmpty()); // stored with its first message (issue 18)

    pick(window, QStringLiteral("alpha · small-model"));
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: alpha · small-model"));
    send(window, QStringLiteral("first question"));
    m_first = window.currentConversationId();
    QVERIFY(!m_first.isEmpty());
    QList<FakeEndpoint::Request> toAlpha = chatRequestsFor(*m_alpha, QStringLiteral("first question"));
    QCOMPARE(toAlpha.size(), 2); // the card round and the round after its tool result
    QCOMPARE(toAlpha.first().body.value(QLatin1String("model")).toString(), QStringLiteral("small-model"));
    QCOMPARE(toAlpha.first().authorization, "Bearer " + kKeyA);
    QVERIFY(chatRequestsFor(*m_beta, QStringLiteral("first question")).isEmpty());

    pick(window, QStringLiteral("beta · other-model"));
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("beta"));
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: beta · other-model"));
    QCOMPARE(window.currentConversationId(), m_first); // the same conversation, another backend
    const qsizetype alphaBefore = m_alpha->requests().size();
    send(window, QStringLiteral("second question"));
    const QList<FakeEndpoint::Request> toBeta = chatRequestsFor(*m_beta, QStringLiteral("second question"));
    QCOMPARE(toBeta.size(), 2);
    QCOMPARE(toBeta.first().body.value(QLatin1String("model")).toString(), QStringLiteral("other-model"));
    QVERIFY(toBeta.first().rawBody.startsWith(headFor(QStringLiteral("other-model"))));
    QCOMPARE(toBeta.first().authorization, "Bearer " + kKeyB);
    QCOMPARE(m_alpha->requests().size(), alphaBefore); // nothing more went to alpha
    // The new backend continues the conversation: the first exchange is in its history.
    QVERIFY(toBeta.first().rawBody.contains(R"({"role":"user","content":"first question"})"));

    QSettings remembered(backendSettingsPath(m_dataDir), QSettings::IniFormat);
    QCOMPARE(loadBackendConfig(remembered, m_first).profileName, QStringLiteral("beta"));
    QCOMPARE(BackendProfiles().lastUsed(), QStringLiteral("beta"));
}

void tst_BackendPicker::rememberedPerConversation()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    QVERIFY(window.openStored(m_first));
    window.show();
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("beta"));

    window.newConversation(); // starts with the one used last
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("beta"));
    pick(window, QStringLiteral("alpha · small-model"));
    send(window, QStringLiteral("third question"));
    m_second = window.currentConversationId(); // stored with its first message (issue 18)
    QVERIFY(!m_second.isEmpty());
    QVERIFY(m_second != m_first);
    QCOMPARE(chatRequestsFor(*m_alpha, QStringLiteral("third question")).size(), 2);

    // Each conversation opened again talks to its own backend.
    QVERIFY(window.openStored(m_first));
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("beta"));
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: beta · other-model"));
    send(window, QStringLiteral("fourth question"));
    QCOMPARE(chatRequestsFor(*m_beta, QStringLiteral("fourth question")).size(), 2);
    QVERIFY(chatRequestsFor(*m_alpha, QStringLiteral("fourth question")).isEmpty());
    QVERIFY(window.openStored(m_second));
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("alpha"));
    QCOMPARE(window.backendButton()->text(), QStringLiteral("Backend: alpha · small-model"));
    send(window, QStringLiteral("back to alpha")); // alpha is the backend used last now
    QCOMPARE(chatRequestsFor(*m_alpha, QStringLiteral("back to alpha")).size(), 2);
}

void tst_BackendPicker::restartKeepsEachConversationsBackend()
{
    {
        // A fresh window: a new conversation starts with the backend used last (alpha), not with the
        // one the conversation shown before remembers (beta).
        MainWindow window;
        QVERIFY(window.openStore(m_dataDir).ok());
        window.newConversation();
        window.show();
        QCOMPARE(window.backendConfig().profileName, QStringLiteral("alpha"));
        send(window, QStringLiteral("fifth question"));
        QCOMPARE(chatRequestsFor(*m_alpha, QStringLiteral("fifth question")).size(), 2);
    }
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    QVERIFY(window.openStored(m_first));
    window.show();
    QCOMPARE(window.backendConfig().profileName, QStringLiteral("beta"));
    send(window, QStringLiteral("sixth question"));
    const QList<FakeEndpoint::Request> toBeta = chatRequestsFor(*m_beta, QStringLiteral("sixth question"));
    QCOMPARE(toBeta.size(), 2);
    QCOMPARE(toBeta.first().body.value(QLatin1String("model")).toString(), QStringLiteral("other-model"));
    QVERIFY(chatRequestsFor(*m_alpha, QStringLiteral("sixth question")).isEmpty());
}

void tst_BackendPicker::systemPromptIsSentBeforeTheCardRules()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    QVERIFY(window.openStored(m_second)); // alpha
    window.show();
    QTRY_VERIFY(window.connectionText().startsWith(QLatin1String("Connected to")));
    QAction *action = window.findChild<QAction *>(QStringLiteral("systemPromptAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));

    // Typed into the dialog, saved with Ctrl+Enter.
    // Checks are recorded, not made in here: a failed check must not leave the dialog open.
    bool typed = false;
    QString before;
    bool openAfterEnter = false;
    whenShown<SystemPromptDialog>([&](SystemPromptDialog *dialog) {
        before = dialog->editor()->toPlainText();
        QTest::keyClicks(dialog->editor(), QStringLiteral("You are a terse analyst."));
        QTest::keyClick(dialog->editor(), Qt::Key_Return); // a new line, not Save
        openAfterEnter = dialog->isVisible();
        QTest::keyClicks(dialog->editor(), QStringLiteral("Answer in \"plain\" words."));
        QTest::keyClick(dialog->editor(), Qt::Key_Return, Qt::ControlModifier);
        typed = dialog->result() == QDialog::Accepted && !dialog->isVisible();
        if (dialog->isVisible())
            dialog->reject(); // never left open: the test would wait for it
    });
    action->trigger();
    QVERIFY(typed);
    QCOMPARE(before, QString());
    QVERIFY(openAfterEnter);
    QCOMPARE(window.store()->systemPrompt(m_second), kPrompt);
    QCOMPARE(window.session()->systemPrompt(), kPrompt);

    send(window, QStringLiteral("seventh question"));
    const QList<FakeEndpoint::Request> sent = chatRequestsFor(*m_alpha, QStringLiteral("seventh question"));
    QCOMPARE(sent.size(), 2);
    // The bytes: the person's prompt, a blank line, then Tessera's card rules — in every round.
    const QByteArray expected = headFor(QStringLiteral("small-model")) + kPromptBytes + "You are talking with the user through Tessera";
    for (const FakeEndpoint::Request &request : sent)
        QVERIFY2(request.rawBody.startsWith(expected), request.rawBody.left(240).constData());
    const QJsonObject system = sent.first().body.value(QLatin1String("messages")).toArray().first().toObject();
    QCOMPARE(system.value(QLatin1String("content")).toString(), kPrompt + QStringLiteral("\n\n") + OpenAiTools::systemPrompt());

    // Another conversation has none.
    QVERIFY(window.openStored(m_first)); // beta
    send(window, QStringLiteral("eighth question"));
    const QList<FakeEndpoint::Request> plain = chatRequestsFor(*m_beta, QStringLiteral("eighth question"));
    QCOMPARE(plain.size(), 2);
    QVERIFY(plain.first().rawBody.startsWith(QByteArray(headFor(QStringLiteral("other-model")) + "\"You are talking with the user through Tessera")));
}

void tst_BackendPicker::systemPromptSurvivesARestart()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    QVERIFY(window.openStored(m_second));
    window.show();
    QCOMPARE(window.session() ? window.session()->systemPrompt() : QString(), kPrompt);
    send(window, QStringLiteral("ninth question"));
    const QList<FakeEndpoint::Request> sent = chatRequestsFor(*m_alpha, QStringLiteral("ninth question"));
    QCOMPARE(sent.size(), 2);
    QVERIFY2(sent.first().rawBody.startsWith(QByteArray(headFor(QStringLiteral("small-model")) + kPromptBytes + "You are talking")),
             sent.first().rawBody.left(240).constData());
}

void tst_BackendPicker::systemPromptIsInThePicker()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    QVERIFY(window.openStored(m_second));
    window.show();
    // The picker offers the same action; cleared there, the next turn sends the card rules alone.
    bool cleared = false;
    QString shown;
    whenShown<SystemPromptDialog>([&](SystemPromptDialog *dialog) {
        shown = dialog->editor()->toPlainText();
        dialog->editor()->selectAll();
        QTest::keyClick(dialog->editor(), Qt::Key_Delete);
        QTest::keyClick(dialog->editor(), Qt::Key_Return, Qt::ControlModifier);
        cleared = dialog->result() == QDialog::Accepted && !dialog->isVisible();
        if (dialog->isVisible())
            dialog->reject();
    });
    pick(window, QStringLiteral("System &Prompt…"));
    QVERIFY(cleared);
    QCOMPARE(shown, kPrompt);
    QCOMPARE(window.store()->systemPrompt(m_second), QString());
    send(window, QStringLiteral("tenth question"));
    const QList<FakeEndpoint::Request> sent = chatRequestsFor(*m_alpha, QStringLiteral("tenth question"));
    QCOMPARE(sent.size(), 2);
    QVERIFY(sent.first().rawBody.startsWith(QByteArray(headFor(QStringLiteral("small-model")) + "\"You are talking with the user through Tessera")));
}

void tst_BackendPicker::systemPromptDisabledForAWebSocketAgent()
{
    MainWindow window;
    QVERIFY(window.openStore(m_dataDir).ok());
    window.newConversation();
    window.show();
    QAction *action = window.findChild<QAction *>(QStringLiteral("systemPromptAction"));
    QVERIFY(action);
    pick(window, QStringLiteral("agent"));
    QCOMPARE(window.backendConfig().type, BackendConfig::Type::WebSocket);
    QVERIFY(!action->isEnabled());
    QVERIFY(action->isVisible());
    QVERIFY2(action->toolTip().contains(QLatin1String("for OpenAI-compatible backends only")), qPrintable(action->toolTip()));
    QCOMPARE(action->statusTip(), action->toolTip());
    QVERIFY(!window.session()->acceptsSystemPrompt());
    // Its shortcut does nothing either: no dialog opens (one that did would be closed and counted).
    // A dialog would open inside the key press: the poll, running in its event loop, closes it.
    auto opened = std::make_shared<bool>(false);
    const QPointer<QTimer> poll = whenShown<SystemPromptDialog>([opened](SystemPromptDialog *dialog) {
        *opened = true;
        dialog->reject();
    });
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window)); // a window shortcut needs the active window
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    delete poll.data();
    QVERIFY(!*opened);

    pick(window, QStringLiteral("alpha · small-model"));
    QVERIFY(action->isEnabled());
    // The same key opens it for an OpenAI-compatible backend.
    whenShown<SystemPromptDialog>([opened](SystemPromptDialog *dialog) {
        *opened = true;
        dialog->reject();
    });
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(*opened);
}

QTEST_MAIN(tst_BackendPicker)
#include "tst_backendpicker.moc"
