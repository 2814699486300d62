// Settings → Tools (issue 16) against a real keyring: a pasted {"mcpServers": …} configuration is stored with
// its env and header values in the keyring and only their names in the settings file (its bytes are read);
// Remove takes a server and its secrets out and Undo gives them back; a new page (a restart) lists what
// was stored; `tessera mcp list` shows the stored servers and `mcp call … --plugins DIR` prints the card a
// result-to-card descriptor makes of server-everything's structured result.

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <nlohmann/json.hpp>

#include <app/mcpelicitationcard.h>
#include <app/mcpserverspage.h>
#include <app/settingsdialog.h>
#include <backend/secretstore.h>
#include <mcp/mcpclient.h>
#include <mcp/mcpserversettings.h>
#include <tests/support/mcpservers.h>
#include <tests/support/clirunner.h>
#include <tests/support/privatekeyring.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

using namespace Tessera::TestSupport::McpServers;

const QByteArray kEnvSecret = "sk-env-7d41c0ffee";
const QByteArray kHeaderSecret = "Bearer tok-5e2b9a71";


QByteArray pasted()
{
    const nlohmann::json config = {
            {"mcpServers",
             {{"everything", {{"command", everythingCommand().toStdString()}, {"args", {"stdio"}},
                              {"env", {{"EVERYTHING_API_KEY", kEnvSecret.toStdString()}}}}},
              {"remote", {{"url", "http://127.0.0.1:9/mcp"}, {"headers", {{"Authorization", kHeaderSecret.toStdString()}}}}}}}};
    return QByteArray::fromStdString(config.dump(2));
}

// What the keyring holds for the remote server.
QByteArray remoteEntry()
{
    return "{\"env\":{},\"headers\":{\"Authorization\":\"" + kHeaderSecret + "\"}}";
}

QStringList rows(const McpServersPage &page)
{
    QStringList out;
    for (int i = 0; i < page.list()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = page.list()->topLevelItem(i);
        out.append(QStringLiteral("%1 | %2 | %3 | %4")
                           .arg(item->text(McpServersPage::NameColumn), item->text(McpServersPage::CommandColumn),
                                item->checkState(McpServersPage::EnabledColumn) == Qt::Checked ? QStringLiteral("on") : QStringLiteral("off"),
                                item->text(McpServersPage::StateColumn)));
    }
    return out;
}

QByteArray settingsBytes()
{
    QSettings settings(QStringLiteral("Tessera"), QStringLiteral("Tessera"));
    settings.sync();
    return readFile(settings.fileName());
}

} // namespace

class tst_McpSetup : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pasteStoresSecretsInTheKeyring();
    void badPasteNamesWhatIsWrong_data();
    void badPasteNamesWhatIsWrong();
    void removeAndUndo();
    void keptAcrossARestart();
    void settingsDialogHasTheToolsPage();
    void cliListsTheStoredServers();
    void cliCallPrintsTheDescriptorsCard();
    void removedForGood();
    void formCardAnswersServerEverything();

private:
    PrivateKeyring m_keyring;
    QTemporaryDir m_dir;
};

void tst_McpSetup::initTestCase()
{
    QVERIFY2(QFile::exists(everythingCommand()), "node_modules lacks the MCP servers: run npm ci --ignore-scripts");
    QString why;
    if (!m_keyring.start(&why))
        QSKIP(qPrintable(QStringLiteral("no private keyring: ") + why));
    // This process and the `tessera` it starts share the keyring's session and its HOME and XDG dirs, so
    // the settings file is the one a child reads too (no QStandardPaths test mode, which a child lacks).
    const QProcessEnvironment env = m_keyring.environment();
    for (const char *name : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR",
                             "DBUS_SESSION_BUS_ADDRESS"})
        qputenv(name, env.value(QString::fromLatin1(name)).toUtf8());
    for (const char *name : {"XDG_CURRENT_DESKTOP", "KDE_FULL_SESSION", "DESKTOP_SESSION"})
        qunsetenv(name);
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QVERIFY(QSettings(QStringLiteral("Tessera"), QStringLiteral("Tessera")).fileName().startsWith(m_keyring.root()));
}

void tst_McpSetup::pasteStoresSecretsInTheKeyring()
{
    McpServersPage page;
    QVERIFY(rows(page).isEmpty());
    QString error;
    QVERIFY2(page.addFromConfiguration(pasted(), &error), qPrintable(error));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(page.message(), QStringLiteral("Added everything, remote."));
    QCOMPARE(rows(page), QStringList({QStringLiteral("everything | %1 stdio | on | not checked").arg(everythingCommand()),
                                      QStringLiteral("remote | http://127.0.0.1:9/mcp | on | not checked")}));

    // The settings file: the servers and the names of their secrets, never a value.
    const QByteArray file = settingsBytes();
    QVERIFY2(file.contains("everything"), file.constData());
    QVERIFY2(file.contains("EVERYTHING_API_KEY"), file.constData());
    QVERIFY2(file.contains("Authorization"), file.constData());
    QVERIFY2(file.contains("keyring:mcp:everything"), file.constData());
    QVERIFY2(!file.contains(kEnvSecret), file.constData());
    QVERIFY2(!file.contains("tok-5e2b9a71"), file.constData());
    QVERIFY2(!file.contains("7d41c0ffee"), file.constData());

    // The keyring: one entry per server, holding the values.
    const QByteArray everything = m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("mcp:everything"));
    QCOMPARE(everything, "{\"env\":{\"EVERYTHING_API_KEY\":\"" + kEnvSecret + "\"},\"headers\":{}}");
    const QByteArray remote = m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("mcp:remote"));
    QCOMPARE(remote, remoteEntry());

    // Read back as the application runs them.
    McpServerSettings stored;
    const QList<McpServerConfig> servers = stored.effectiveServers(McpConfig());
    QCOMPARE(servers.size(), 2);
    QCOMPARE(servers.at(0).env.value(QStringLiteral("EVERYTHING_API_KEY")), QString::fromLatin1(kEnvSecret));
    QCOMPARE(servers.at(1).headers.value(QStringLiteral("Authorization")), QString::fromLatin1(kHeaderSecret));

    // Pasting a server again replaces it and says so.
    const QByteArray again = "{\"mcpServers\": {\"remote\": {\"url\": \"http://127.0.0.1:9/mcp\", \"headers\": {\"Authorization\": \""
            + kHeaderSecret + "\"}}}}";
    QVERIFY(page.addFromConfiguration(again, &error));
    QCOMPARE(page.message(), QStringLiteral("Replaced remote."));
    QCOMPARE(page.list()->topLevelItemCount(), 2);
}

void tst_McpSetup::badPasteNamesWhatIsWrong_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("not JSON") << QByteArray(R"({"mcpServers": {"x": {"command": "a",}}})")
                              << QStringLiteral("/mcpServers/x/command: not valid JSON: ");
    QTest::newRow("no mcpServers") << QByteArray(R"({"servers": {}})") << QStringLiteral("/mcpServers: is missing");
    QTest::newRow("an argument not a string") << QByteArray(R"({"mcpServers": {"files": {"command": "npx", "args": ["-y", 3]}}})")
                                              << QStringLiteral("/mcpServers/files/args/1: must be a string, not number");
    QTest::newRow("headers on a command") << QByteArray(R"({"mcpServers": {"files": {"command": "npx", "headers": {"A": "b"}}}})")
                                          << QStringLiteral("/mcpServers/files/headers: is for a url server; a command server takes \"env\"");
    QTest::newRow("a header with a line break") << QByteArray(R"({"mcpServers": {"r": {"url": "https://example.org/mcp", "headers": {"A": "b\r\nHost: x"}}}})")
                                                << QStringLiteral("/mcpServers/r/headers/A: a header value cannot hold a line break");
    QTest::newRow("a header Tessera sets") << QByteArray(R"({"mcpServers": {"r": {"url": "https://example.org/mcp", "headers": {"Mcp-Session-Id": "b"}}}})")
                                           << QStringLiteral("/mcpServers/r/headers/Mcp-Session-Id: is not a usable HTTP header name");
    QTest::newRow("disabled not a boolean") << QByteArray(R"({"mcpServers": {"r": {"url": "https://example.org/mcp", "disabled": "yes"}}})")
                                            << QStringLiteral("/mcpServers/r/disabled: must be true or false");
    QTest::newRow("empty") << QByteArray(R"({"mcpServers": {}})") << QStringLiteral("/mcpServers: names no server");
}

void tst_McpSetup::badPasteNamesWhatIsWrong()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    McpServersPage page;
    const QStringList before = rows(page);
    const QByteArray fileBefore = settingsBytes();
    QString got;
    QVERIFY(!page.addFromConfiguration(text, &got));
    if (error.endsWith(QLatin1String(": ")))
        QVERIFY2(got.startsWith(error), qPrintable(got));
    else
        QCOMPARE(got, error);
    QCOMPARE(rows(page), before);
    QCOMPARE(settingsBytes(), fileBefore); // nothing saved
}

void tst_McpSetup::removeAndUndo()
{
    McpServersPage page;
    QString error;
    QVERIFY2(page.removeServer(QStringLiteral("remote"), &error), qPrintable(error));
    QCOMPARE(page.message(), QStringLiteral("Removed remote."));
    QCOMPARE(page.list()->topLevelItemCount(), 1);
    QVERIFY(!settingsBytes().contains("remote"));
    QVERIFY(m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("mcp:remote")).isEmpty());

    QVERIFY2(page.undoRemove(&error), qPrintable(error));
    QCOMPARE(page.message(), QStringLiteral("remote is back."));
    QCOMPARE(page.list()->topLevelItemCount(), 2);
    QVERIFY(settingsBytes().contains("[mcp]") || settingsBytes().contains("servers\\remote"));
    QCOMPARE(m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("mcp:remote")), remoteEntry());
    QVERIFY(!page.undoRemove(&error)); // once
    QCOMPARE(error, QStringLiteral("Nothing to undo."));

    // Disabled: kept, shown unchecked, not started by `mcp list` (below).
    QVERIFY(page.setServerEnabled(QStringLiteral("remote"), false));
    QCOMPARE(rows(page).at(1), QStringLiteral("remote | http://127.0.0.1:9/mcp | off | disabled"));
}

void tst_McpSetup::keptAcrossARestart()
{
    // A new page reads only the settings and the keyring: what a restart sees.
    McpServersPage page;
    QCOMPARE(rows(page), QStringList({QStringLiteral("everything | %1 stdio | on | not checked").arg(everythingCommand()),
                                      QStringLiteral("remote | http://127.0.0.1:9/mcp | off | disabled")}));
    McpServerSettings stored;
    QList<McpServerConfig> servers = stored.servers();
    QCOMPARE(servers.size(), 2);
    QCOMPARE(servers.at(0).env.value(QStringLiteral("EVERYTHING_API_KEY")), QString()); // names only…
    QString error;
    QVERIFY2(stored.readSecrets(&servers[0], &error), qPrintable(error));
    QCOMPARE(servers.at(0).env.value(QStringLiteral("EVERYTHING_API_KEY")), QString::fromLatin1(kEnvSecret)); // …values from the keyring
    QCOMPARE(servers.at(0).args, QStringList({QStringLiteral("stdio")}));

    // --mcp-config wins over a stored server of the same name.
    McpConfig fromFile;
    const QByteArray file = R"({"mcpServers": {"remote": {"url": "https://example.org/mcp"}}})";
    QVERIFY(parseMcpConfig(file, &fromFile, &error));
    servers = stored.effectiveServers(fromFile);
    QCOMPARE(servers.size(), 2);
    QCOMPARE(servers.at(1).url.toString(), QStringLiteral("https://example.org/mcp"));
    QVERIFY(servers.at(1).enabled);
    QVERIFY(servers.at(1).headers.isEmpty());
}

void tst_McpSetup::settingsDialogHasTheToolsPage()
{
    SettingsDialog dialog;
    QVERIFY(dialog.toolsPage());
    dialog.showPage(1);
    auto *list = dialog.findChild<QTreeWidget *>(QStringLiteral("mcpServerList"));
    QVERIFY(list);
    QCOMPARE(list->topLevelItemCount(), 2);
    QCOMPARE(list->topLevelItem(0)->text(McpServersPage::NameColumn), QStringLiteral("everything"));
}

void tst_McpSetup::cliListsTheStoredServers()
{
    const CliResult list = runProgram(QStringLiteral(TESSERA_BINARY), {QStringLiteral("mcp"), QStringLiteral("list")},
                                      displaylessEnvironment(QpaPlatform::Remove, m_keyring.environment()));
    QVERIFY2(list.exitCode == 0, qPrintable(list.err));
    const QStringList lines = list.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).startsWith(QLatin1String("everything\tstdio\tok\tmcp-servers/everything ")), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(0).endsWith(QLatin1String(" tools")), qPrintable(lines.at(0)));
    QCOMPARE(lines.at(1), QStringLiteral("remote\thttp\tdisabled"));
}

void tst_McpSetup::cliCallPrintsTheDescriptorsCard()
{
    const CliResult call = runProgram(QStringLiteral(TESSERA_BINARY),
                                      {QStringLiteral("--plugins"), testDataPath(QStringLiteral("toolcards/plugins")), QStringLiteral("mcp"),
                                       QStringLiteral("call"), QStringLiteral("everything"), QStringLiteral("get-structured-content"),
                                       QStringLiteral(R"({"location": "Chicago"})")},
                                      displaylessEnvironment(QpaPlatform::Remove, m_keyring.environment()));
    QVERIFY2(call.exitCode == 0, qPrintable(call.err));
    const QStringList lines = call.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 2, qPrintable(call.out));
    const QString expected = QStringLiteral(R"x(card: {"kind":"detail","payload":{"fields":[{"label":"Conditions","value":"Light rain / drizzle"},)x"
                                          R"x({"label":"Temperature (°C)","value":"36"},{"label":"Humidity (%)","value":"82"}],"title":"Weather"},"specVersion":1})x");
    QCOMPARE(lines.last(), expected);
}

void tst_McpSetup::removedForGood()
{
    McpServersPage page;
    QString error;
    QVERIFY2(page.removeServer(QStringLiteral("everything"), &error), qPrintable(error));
    QVERIFY2(page.removeServer(QStringLiteral("remote"), &error), qPrintable(error));
    McpServersPage restarted;
    QCOMPARE(restarted.list()->topLevelItemCount(), 0);
    QVERIFY(m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("mcp:everything")).isEmpty());
    QVERIFY(m_keyring.lookup(QStringLiteral("tessera"), QStringLiteral("mcp:remote")).isEmpty());
    QVERIFY(!settingsBytes().contains("everything"));
}

void tst_McpSetup::formCardAnswersServerEverything()
{
    McpServerConfig server;
    server.name = QStringLiteral("everything");
    server.command = everythingCommand();
    server.args = {QStringLiteral("stdio")};
    McpClient client(server);
    client.setElicitationPolicy(McpClient::ElicitationPolicy::Ask);
    std::unique_ptr<McpElicitationCard> card;
    connect(&client, &McpClient::elicitationRequested, this, [&](qint64 key, const McpElicitationForm &form) {
        card = std::make_unique<McpElicitationCard>(client.config().name, form);
        connect(card.get(), &McpElicitationCard::answered, &client,
                [&client, key](const QString &action, const nlohmann::json &content) { client.answerElicitation(key, action, content); });
    });
    client.start();
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == McpClient::State::Ready, 60000);
    McpReply *reply = client.callTool(QStringLiteral("trigger-elicitation-request"));
    QTRY_VERIFY_WITH_TIMEOUT(card != nullptr, 60000);
    QCOMPARE(client.openElicitations(), 1);

    // Defaults filled in.
    QCOMPARE(card->findChild<QLineEdit *>(QStringLiteral("field_firstLine"))->text(), QStringLiteral("It was a dark and stormy night."));
    QCOMPARE(card->findChild<QLineEdit *>(QStringLiteral("field_integer"))->text(), QStringLiteral("42"));
    QCOMPARE(card->findChild<QComboBox *>(QStringLiteral("field_titledSingleSelectEnum"))->currentText(), QStringLiteral("Superman"));
    QCOMPARE(card->findChild<QComboBox *>(QStringLiteral("field_legacyTitledEnum"))->currentText(), QStringLiteral("Cats"));
    QCOMPARE(card->findChild<QLineEdit *>(QStringLiteral("field_email"))->placeholderText(), QStringLiteral("name@example.org"));

    // The required name is empty: Accept says so and sends nothing.
    card->findChild<QPushButton *>(QStringLiteral("elicitationAccept"))->click();
    QCOMPARE(card->errorText(), QStringLiteral("Not sent: name: is required"));
    QVERIFY(!card->isAnswered());
    QCOMPARE(client.openElicitations(), 1);
    card->findChild<QLineEdit *>(QStringLiteral("field_name"))->setText(QStringLiteral("Ada"));
    card->findChild<QLineEdit *>(QStringLiteral("field_integer"))->setText(QStringLiteral("7"));
    card->findChild<QCheckBox *>(QStringLiteral("field_check"))->setChecked(true);
    card->findChild<QPushButton *>(QStringLiteral("elicitationAccept"))->click();
    QVERIFY(card->isAnswered());
    QCOMPARE(card->findChild<QLabel *>(QStringLiteral("elicitationOutcome"))->text(), QStringLiteral("Accepted: sent to the server."));
    QCOMPARE(client.openElicitations(), 0);

    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->error(), McpReply::Error::None);
    McpToolResult result;
    QString error;
    QVERIFY(parseMcpToolResult(reply->result(), &result, &error));
    const QString text = result.text();
    QVERIFY2(text.contains(QStringLiteral("- Name: Ada\n- Agreed to terms: true")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("- Favorite Integer: 7\n- Favorite Number: 3.14")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("\"untitledSingleSelectEnum\": \"Monica\"")), qPrintable(text));
    client.close();
}

QTEST_MAIN(tst_McpSetup)
#include "tst_mcpsetup.moc"
