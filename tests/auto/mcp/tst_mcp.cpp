// The MCP client (issue 16) with real servers started and stopped here: server-everything (stdio and
// Streamable HTTP), server-filesystem, and a fake server that misbehaves on purpose (tests/tools/mcp).
// Every wait is bounded; every check is on a value (text, names, messages), not on timing.

#include <csignal>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <cards/strictjson.h>
#include <mcp/httptransport.h>
#include <mcp/mcpclient.h>
#include <mcp/mcpconfig.h>
#include <mcp/stdiotransport.h>
#include <tests/support/mcpservers.h>
#include <tests/support/clirunner.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using json = nlohmann::json;

namespace {

using namespace Tessera::TestSupport::McpServers;

constexpr int kStartMs = 60000;  // a cold node start on a loaded two-core machine
constexpr int kCallMs = 60000;




McpServerConfig fake(const QString &mode)
{
    McpServerConfig config;
    config.name = QStringLiteral("fake-") + mode;
    config.command = node();
    config.args = {source(QStringLiteral("tests/tools/mcp/fakemcp.js")), mode};
    return config;
}

McpServerConfig httpServer(int port)
{
    McpServerConfig config;
    config.name = QStringLiteral("http");
    config.transport = McpServerConfig::Transport::Http;
    config.url = QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
    return config;
}

json parse(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    return parsed.ok() ? *parsed.value : json();
}

// JSON as compact text, so QCOMPARE can show both sides.
QString j(const json &value)
{
    return QString::fromStdString(value.dump());
}

int freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

// A server on a loopback port, started by a test and killed when it ends.
class ServerProcess
{
public:
    ~ServerProcess() { stop(); }
    // Starts node with `arguments` (PORT in its environment) and waits until stderr says `readyText`.
    bool start(const QStringList &arguments, int port, const QString &readyText)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PORT"), QString::number(port));
        m_process.setProcessEnvironment(environment);
        m_process.start(node(), QStringList{QStringLiteral("--require"), source(QStringLiteral("tests/tools/mcp/loopback.cjs"))} + arguments);
        if (!m_process.waitForStarted(kStartMs))
            return false;
        QDeadlineTimer deadline(kStartMs);
        while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
            m_process.waitForReadyRead(200);
            m_stderr += m_process.readAllStandardError();
            m_process.readAllStandardOutput();
            if (m_stderr.contains(readyText.toUtf8()))
                return true;
        }
        return false;
    }
    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    QByteArray stderrText() const { return m_stderr; }

private:
    QProcess m_process;
    QByteArray m_stderr;
};

} // namespace

class tst_Mcp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void config_data();
    void config();
    void urls_data();
    void urls();

    void initializeAndListToolsStdio();
    void callEchoAndStructuredContent();
    void readResource();
    void progressSignals();
    void cancelRealServer();
    void cancelTellsTheServer();
    void timeoutTellsTheServer();
    void errorResults();
    void killedMidCall();
    void exitIsReportedWithItsCode();
    void stderrGoesToTheLog();
    void malformedInitialize();
    void garbageMidCall();
    void initializeNeverAnswered();
    void unsupportedVersion();
    void serverRequestsGetErrors();
    void pagination();
    void listChanged();
    void oversizeMessageRefused();

    void streamableHttpEverything();
    void streamableHttpKilledMidCall();
    void streamableHttpHeadersAndJsonBodies();
    void streamableHttpResumesStreams();

    void filesystemListDirectory();
    void filesystemOverStreamableHttp();

    void childDiesWithTessera();
    void cliListToolsCall();
    void cliErrors();
    void cliEscapesServerText();

private:
    // Starts the client and waits until it is ready or failed.
    static bool startAndWait(McpClient *client);
    static bool waitFinished(McpReply *reply, int ms = kCallMs);
    static McpToolResult callTool(McpClient *client, const QString &tool, const json &arguments, McpReply::Error *error = nullptr);
    Tessera::TestSupport::CliResult cli(const QStringList &arguments);
    QTemporaryDir m_dir;
};

bool tst_Mcp::startAndWait(McpClient *client)
{
    client->start();
    QDeadlineTimer deadline(kStartMs);
    while (client->state() == McpClient::State::Starting && !deadline.hasExpired())
        QTest::qWait(20);
    return client->state() == McpClient::State::Ready;
}

bool tst_Mcp::waitFinished(McpReply *reply, int ms)
{
    QDeadlineTimer deadline(ms);
    while (!reply->isFinished() && !deadline.hasExpired())
        QTest::qWait(20);
    return reply->isFinished();
}

McpToolResult tst_Mcp::callTool(McpClient *client, const QString &tool, const json &arguments, McpReply::Error *error)
{
    McpReply *reply = client->callTool(tool, arguments);
    McpToolResult result;
    if (!waitFinished(reply)) {
        qWarning("tools/call %s did not finish", qPrintable(tool));
        return result;
    }
    if (error)
        *error = reply->error();
    if (reply->error() != McpReply::Error::None) {
        qWarning("tools/call %s: %s", qPrintable(tool), qPrintable(reply->errorString()));
        return result;
    }
    QString problem;
    if (!parseMcpToolResult(reply->result(), &result, &problem))
        qWarning("tools/call %s: %s", qPrintable(tool), qPrintable(problem));
    return result;
}

Tessera::TestSupport::CliResult tst_Mcp::cli(const QStringList &arguments)
{
    using namespace Tessera::TestSupport;
    // A private HOME and XDG config/data: `mcp list` and `mcp call NAME` also read Settings → Tools, and
    // the person's own servers must neither change a result nor be started by a test.
    QProcessEnvironment environment = displaylessEnvironment(QpaPlatform::Remove);
    environment.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    return runProgram(QStringLiteral(TESSERA_BINARY), arguments, environment);
}

void tst_Mcp::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Server logs (<cache>/mcp-logs) go to the test's own folder, here and in the tessera it runs.
    qputenv("XDG_CACHE_HOME", m_dir.filePath(QStringLiteral("cache")).toUtf8());
    for (const char *folder : {"home", "config", "data"})
        QVERIFY(QDir(m_dir.path()).mkpath(QLatin1String(folder)));
    QVERIFY2(QFile::exists(everything().command), "node_modules lacks the MCP servers: run npm ci --ignore-scripts");
    QVERIFY2(QFile::exists(source(QStringLiteral("node_modules/.bin/mcp-server-filesystem"))), "run npm ci --ignore-scripts");
}

void tst_Mcp::config_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error"); // empty: valid
    QTest::addColumn<QString>("described"); // the first server, described

    QTest::newRow("stdio") << QByteArray(R"({"mcpServers": {"fs": {"command": "npx", "args": ["-y", "srv", "/a b"], "env": {"K": "v"}}}})")
                           << QString() << QStringLiteral("npx -y srv \"/a b\"");
    QTest::newRow("url") << QByteArray(R"({"mcpServers": {"r": {"url": "https://example.org/mcp", "type": "http"}}})")
                         << QString() << QStringLiteral("https://example.org/mcp");
    QTest::newRow("loopback http") << QByteArray(R"({"mcpServers": {"r": {"url": "http://127.0.0.1:9/mcp"}}})")
                                   << QString() << QStringLiteral("http://127.0.0.1:9/mcp");
    QTest::newRow("not json") << QByteArray("{\"mcpServers\": ") << QStringLiteral("/mcpServers: not valid JSON: syntax error") << QString();
    QTest::newRow("no mcpServers") << QByteArray(R"({"servers": {}})") << QStringLiteral("/mcpServers: is missing") << QString();
    QTest::newRow("servers not object") << QByteArray(R"({"mcpServers": []})")
                                        << QStringLiteral("/mcpServers: must be an object of servers by name, not array") << QString();
    QTest::newRow("arg not string") << QByteArray(R"({"mcpServers": {"fs": {"command": "x", "args": ["a", 2]}}})")
                                    << QStringLiteral("/mcpServers/fs/args/1: must be a string, not number") << QString();
    QTest::newRow("env not string") << QByteArray(R"({"mcpServers": {"fs": {"command": "x", "env": {"TOKEN": true}}}})")
                                    << QStringLiteral("/mcpServers/fs/env/TOKEN: must be a string, not boolean") << QString();
    QTest::newRow("both") << QByteArray(R"({"mcpServers": {"a": {"command": "x", "url": "https://e.org"}}})")
                          << QStringLiteral("/mcpServers/a: has both \"command\" and \"url\"; give one") << QString();
    QTest::newRow("neither") << QByteArray(R"({"mcpServers": {"a": {"args": []}}})")
                             << QStringLiteral("/mcpServers/a: needs \"command\" (stdio) or \"url\" (Streamable HTTP)") << QString();
    QTest::newRow("empty command") << QByteArray(R"({"mcpServers": {"a": {"command": ""}}})")
                                   << QStringLiteral("/mcpServers/a/command: must be a non-empty string") << QString();
    QTest::newRow("plain http elsewhere") << QByteArray(R"({"mcpServers": {"a": {"url": "http://example.org/mcp"}}})")
                                          << QStringLiteral("/mcpServers/a/url: http:// is allowed only to this machine") << QString();
    // Finding of a hostile test: these said "is not a valid URL"; the message names the scheme and what is accepted.
    QTest::newRow("file url") << QByteArray(R"({"mcpServers": {"a": {"url": "file:///etc/passwd"}}})")
                              << QStringLiteral("/mcpServers/a/url: only https:// URLs, or http:// on this machine (localhost, 127.0.0.1, "
                                                "::1), are accepted, not file:")
                              << QString();
    QTest::newRow("javascript url") << QByteArray(R"x({"mcpServers": {"a": {"url": "javascript:alert(1)"}}})x")
                                    << QStringLiteral("/mcpServers/a/url: only https:// URLs, or http:// on this machine (localhost, "
                                                      "127.0.0.1, ::1), are accepted, not javascript:")
                                    << QString();
    QTest::newRow("ftp url") << QByteArray(R"({"mcpServers": {"a": {"url": "FTP://localhost/mcp"}}})")
                             << QStringLiteral("/mcpServers/a/url: only https:// URLs, or http:// on this machine (localhost, "
                                               "127.0.0.1, ::1), are accepted, not ftp:")
                             << QString();
    QTest::newRow("no scheme") << QByteArray(R"({"mcpServers": {"a": {"url": "localhost:3001/mcp"}}})")
                               << QStringLiteral("/mcpServers/a/url: only https:// URLs") << QString();
    QTest::newRow("no host") << QByteArray(R"({"mcpServers": {"a": {"url": "https:///mcp"}}})")
                             << QStringLiteral("/mcpServers/a/url: is not a valid URL") << QString();
    QTest::newRow("sse type") << QByteArray(R"({"mcpServers": {"a": {"url": "https://e.org/sse", "type": "sse"}}})")
                              << QStringLiteral("/mcpServers/a/type: \"sse\" is not supported") << QString();
    QTest::newRow("bad name") << QByteArray(R"({"mcpServers": {"a b": {"command": "x"}}})")
                              << QStringLiteral("/mcpServers/a b: a server name is 1 to 64") << QString();
    QTest::newRow("slash in name pointer") << QByteArray(R"({"mcpServers": {"a/b": {"command": 3}}})")
                                           << QStringLiteral("/mcpServers/a~1b: a server name") << QString();
    QTest::newRow("duplicate") << QByteArray(R"({"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}})")
                               << QStringLiteral("/mcpServers/a: is given twice") << QString();
}

void tst_Mcp::config()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QFETCH(QString, described);
    McpConfig config;
    QString problem;
    const bool ok = parseMcpConfig(text, &config, &problem);
    if (error.isEmpty()) {
        QVERIFY2(ok, qPrintable(problem));
        QCOMPARE(config.servers.size(), 1);
        QCOMPARE(config.servers.first().describe(), described);
    } else {
        QVERIFY(!ok);
        QVERIFY2(problem.startsWith(error), qPrintable(problem));
    }
}

void tst_Mcp::urls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("https") << QStringLiteral("https://mcp.example.org/mcp") << true;
    QTest::newRow("localhost") << QStringLiteral("http://localhost:3001/mcp") << true;
    QTest::newRow("127.0.0.2") << QStringLiteral("http://127.0.0.2:3001/mcp") << true;
    QTest::newRow("::1") << QStringLiteral("http://[::1]:3001/mcp") << true;
    QTest::newRow("lan") << QStringLiteral("http://192.168.1.5:3001/mcp") << false;
    QTest::newRow("ftp") << QStringLiteral("ftp://localhost/mcp") << false;
    QTest::newRow("file") << QStringLiteral("file:///etc/passwd") << false;
    QTest::newRow("javascript") << QStringLiteral("javascript:alert(1)") << false;
    QTest::newRow("no host") << QStringLiteral("http:///mcp") << false;
}

void tst_Mcp::urls()
{
    QFETCH(QString, url);
    QFETCH(bool, allowed);
    QCOMPARE(mcpUrlProblem(QUrl(url)).isEmpty(), allowed);
}

void tst_Mcp::initializeAndListToolsStdio()
{
    McpClient client(everything());
    QSignalSpy ready(&client, &McpClient::ready);
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QCOMPARE(ready.count(), 1);
    QCOMPARE(client.protocolVersion(), QStringLiteral("2025-11-25"));
    QCOMPARE(client.serverName(), QStringLiteral("mcp-servers/everything"));
    QVERIFY(client.serverCapabilities().contains("tools"));

    McpReply *reply = client.listTools();
    QVERIFY(waitFinished(reply));
    QCOMPARE(reply->error(), McpReply::Error::None);
    QList<McpTool> tools;
    QString problem;
    QVERIFY2(parseMcpTools(reply->result(), &tools, &problem), qPrintable(problem));
    const auto echo = std::find_if(tools.cbegin(), tools.cend(), [](const McpTool &t) { return t.name == QLatin1String("echo"); });
    QVERIFY(echo != tools.cend());
    QCOMPARE(echo->title, QStringLiteral("Echo Tool"));
    QCOMPARE(j(echo->inputSchema["type"]), j(json("object")));
    QCOMPARE(j(echo->inputSchema["properties"]["message"]["type"]), j(json("string")));
    QCOMPARE(j(echo->inputSchema["required"]), j(json::array({"message"})));
    QCOMPARE(j(echo->annotations["readOnlyHint"]), j(json(true)));
    QCOMPARE(j(echo->annotations["destructiveHint"]), j(json(false)));
    QVERIFY(std::any_of(tools.cbegin(), tools.cend(), [](const McpTool &t) { return t.name == QLatin1String("trigger-long-running-operation"); }));

    McpReply *ping = client.ping();
    QVERIFY(waitFinished(ping));
    QCOMPARE(ping->error(), McpReply::Error::None);
    QCOMPARE(j(ping->result()), j(json::object()));
}

void tst_Mcp::callEchoAndStructuredContent()
{
    McpClient client(everything());
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    const McpToolResult echo = callTool(&client, QStringLiteral("echo"), json{{"message", "hello über ✓"}});
    QCOMPARE(echo.text(), QStringLiteral("Echo: hello über ✓"));
    QVERIFY(!echo.isError);
    QVERIFY(echo.structuredContent.is_null());

    const McpToolResult weather = callTool(&client, QStringLiteral("get-structured-content"), json{{"location", "New York"}});
    QVERIFY(!weather.isError);
    QCOMPARE(j(weather.structuredContent["conditions"]), j(json("Cloudy")));
    QCOMPARE(j(weather.structuredContent["temperature"]), j(json(33)));
}

void tst_Mcp::readResource()
{
    McpClient client(everything());
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.readResource(QStringLiteral("demo://resource/dynamic/text/7"));
    QVERIFY(waitFinished(reply));
    QCOMPARE(reply->error(), McpReply::Error::None);
    const json &contents = reply->result()["contents"];
    QCOMPARE(contents.size(), std::size_t(1));
    QCOMPARE(j(contents[0]["uri"]), j(json("demo://resource/dynamic/text/7")));
    QCOMPARE(j(contents[0]["mimeType"]), j(json("text/plain")));
    QVERIFY(contents[0]["text"].get<std::string>().starts_with("Resource 7: This is a plaintext resource"));
}

void tst_Mcp::progressSignals()
{
    McpClient client(everything());
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("trigger-long-running-operation"), json{{"duration", 0.3}, {"steps", 3}});
    QSignalSpy progress(reply, &McpReply::progress);
    QVERIFY(waitFinished(reply));
    QCOMPARE(reply->error(), McpReply::Error::None);
    QCOMPARE(progress.count(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(progress.at(i).at(0).toDouble(), double(i + 1));
        QCOMPARE(progress.at(i).at(1).toDouble(), 3.0);
    }
    McpToolResult result;
    QString problem;
    QVERIFY(parseMcpToolResult(reply->result(), &result, &problem));
    QCOMPARE(result.text(), QStringLiteral("Long running operation completed. Duration: 0.3 seconds, Steps: 3."));
}

void tst_Mcp::cancelRealServer()
{
    McpClient client(everything());
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("trigger-long-running-operation"), json{{"duration", 30}, {"steps", 30}});
    QSignalSpy progress(reply, &McpReply::progress);
    QSignalSpy finished(reply, &McpReply::finished);
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 1, kCallMs);
    reply->cancel();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(reply->error(), McpReply::Error::Cancelled);
    QCOMPARE(reply->errorString(), QStringLiteral("tools/call cancelled"));
    // The connection stays usable; the cancelled call never finishes a second time.
    const McpToolResult echo = callTool(&client, QStringLiteral("echo"), json{{"message", "still here"}});
    QCOMPARE(echo.text(), QStringLiteral("Echo: still here"));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(client.state(), McpClient::State::Ready);
}

void tst_Mcp::cancelTellsTheServer()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("wait"));
    QTest::qWait(50);
    QVERIFY(!reply->isFinished());
    reply->cancel(QStringLiteral("the user pressed Stop"));
    QCOMPARE(reply->error(), McpReply::Error::Cancelled);
    const json seen = parse(callTool(&client, QStringLiteral("cancelled"), json::object()).text());
    QCOMPARE(seen.size(), std::size_t(1));
    QCOMPARE(j(seen[0]["reason"]), j(json("the user pressed Stop")));
    QVERIFY(seen[0]["requestId"].is_number_integer());
}

void tst_Mcp::timeoutTellsTheServer()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    client.setTimeoutMs(500);
    McpReply *reply = client.callTool(QStringLiteral("wait"));
    QVERIFY(waitFinished(reply, 20000));
    QCOMPARE(reply->error(), McpReply::Error::Timeout);
    QCOMPARE(reply->errorString(), QStringLiteral("tools/call timed out after 0.5 s"));
    client.setTimeoutMs(McpClient::kDefaultTimeoutMs);
    const json seen = parse(callTool(&client, QStringLiteral("cancelled"), json::object()).text());
    QCOMPARE(seen.size(), std::size_t(1));
    QCOMPARE(j(seen[0]["reason"]), j(json("timed out")));
}

void tst_Mcp::errorResults()
{
    McpClient client(everything());
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    const McpToolResult invalid = callTool(&client, QStringLiteral("echo"), json::object());
    QVERIFY(invalid.isError);
    QVERIFY2(invalid.text().contains(QLatin1String("Input validation error")), qPrintable(invalid.text()));
    const McpToolResult unknown = callTool(&client, QStringLiteral("no-such-tool"), json::object());
    QVERIFY(unknown.isError);
    QCOMPARE(unknown.text(), QStringLiteral("MCP error -32602: Tool no-such-tool not found"));

    McpClient other(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&other), qPrintable(other.errorString()));
    const McpToolResult failed = callTool(&other, QStringLiteral("fail"), json::object());
    QVERIFY(failed.isError);
    QCOMPARE(failed.text(), QStringLiteral("it went wrong"));
    // A JSON-RPC error (not a tool error) is an error of the reply.
    McpReply *reply = other.request(QStringLiteral("prompts/list"), json());
    QVERIFY(waitFinished(reply));
    QCOMPARE(reply->error(), McpReply::Error::Remote);
    QCOMPARE(reply->remoteCode(), -32601);
    QCOMPARE(reply->errorString(), QStringLiteral("the server answered prompts/list with error -32601: no such method"));
}

void tst_Mcp::killedMidCall()
{
    McpClient client(everything());
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QSignalSpy failed(&client, &McpClient::failed);
    McpReply *reply = client.callTool(QStringLiteral("trigger-long-running-operation"), json{{"duration", 30}, {"steps", 30}});
    QSignalSpy progress(reply, &McpReply::progress);
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 1, kCallMs);
    const qint64 pid = static_cast<StdioTransport *>(client.transport())->processId();
    QVERIFY(pid > 0);
    ::kill(pid_t(pid), SIGKILL);
    QVERIFY(waitFinished(reply, 20000));
    QCOMPARE(reply->error(), McpReply::Error::Transport);
    QVERIFY2(reply->errorString().startsWith(QLatin1String("the server crashed")), qPrintable(reply->errorString()));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(client.state(), McpClient::State::Failed);
    // Later requests are refused at once with the same reason, never left waiting.
    McpReply *late = client.ping();
    QVERIFY(waitFinished(late, 5000));
    QCOMPARE(late->error(), McpReply::Error::NotReady);
    QCOMPARE(late->errorString(), reply->errorString());
}

void tst_Mcp::exitIsReportedWithItsCode()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("exit"));
    QVERIFY(waitFinished(reply, 20000));
    QCOMPARE(reply->error(), McpReply::Error::Transport);
    QCOMPARE(reply->errorString(), QStringLiteral("the server exited with code 3: dying on purpose"));
    QCOMPARE(client.errorString(), reply->errorString());
}

void tst_Mcp::stderrGoesToTheLog()
{
    McpClient client(fake(QStringLiteral("normal")));
    const QString log = m_dir.filePath(QStringLiteral("fake.log"));
    static_cast<StdioTransport *>(client.transport())->setLogFilePath(log);
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    const McpToolResult result = callTool(&client, QStringLiteral("stderr"), json::object());
    QCOMPARE(result.text(), QStringLiteral("done"));
    QTRY_VERIFY_WITH_TIMEOUT(Tessera::TestSupport::readFile(log).contains("a line for the log only"), 10000);
}

void tst_Mcp::malformedInitialize()
{
    McpClient client(fake(QStringLiteral("malformed")));
    QSignalSpy failed(&client, &McpClient::failed);
    QVERIFY(!startAndWait(&client));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(client.errorString(),
             QStringLiteral("the server sent something that isn't JSON-RPC (line 1: not JSON): this is not JSON-RPC at all"));
}

void tst_Mcp::garbageMidCall()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("garbage"));
    QVERIFY(waitFinished(reply, 20000));
    QCOMPARE(reply->error(), McpReply::Error::Transport);
    QCOMPARE(reply->errorString(), QStringLiteral("the server sent something that isn't JSON-RPC (line 2: not JSON): <html>oops</html>"));
    QCOMPARE(client.state(), McpClient::State::Failed);
}

void tst_Mcp::initializeNeverAnswered()
{
    McpClient client(fake(QStringLiteral("silent")));
    client.setInitializeTimeoutMs(800);
    QVERIFY(!startAndWait(&client));
    QCOMPARE(client.errorString(), QStringLiteral("the server did not answer initialize within 0.8 s"));
}

void tst_Mcp::unsupportedVersion()
{
    McpClient client(fake(QStringLiteral("oldversion")));
    QVERIFY(!startAndWait(&client));
    QCOMPARE(client.errorString(),
             QStringLiteral("the server speaks MCP version \"2024-11-05\"; Tessera supports 2025-11-25, 2025-06-18, 2025-03-26"));
}

void tst_Mcp::serverRequestsGetErrors()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    const json replies = parse(callTool(&client, QStringLiteral("ask"), json::object()).text());
    // Elicitation is declared (issue 16): with no one to ask, the form is declined, never left waiting.
    QCOMPARE(j(replies["elicit-1"]), j(json{{"action", "decline"}}));
    QCOMPARE(j(replies["sample-1"]["code"]), j(json(-32601)));
    QCOMPARE(j(replies["sample-1"]["message"]), j(json("Tessera does not support sampling/createMessage")));
}

void tst_Mcp::pagination()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.listTools();
    QVERIFY(waitFinished(reply));
    QList<McpTool> tools;
    QString problem;
    QVERIFY2(parseMcpTools(reply->result(), &tools, &problem), qPrintable(problem));
    QStringList names;
    for (const McpTool &tool : std::as_const(tools))
        names.append(tool.name);
    QCOMPARE(names, (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
    QCOMPARE(j(tools.first().annotations["readOnlyHint"]), j(json(true)));
}

void tst_Mcp::listChanged()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QSignalSpy changed(&client, &McpClient::toolsListChanged);
    QCOMPARE(callTool(&client, QStringLiteral("change"), json::object()).text(), QStringLiteral("changed"));
    QCOMPARE(changed.count(), 1);
}

void tst_Mcp::oversizeMessageRefused()
{
    McpClient client(fake(QStringLiteral("normal")));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("huge"));
    QVERIFY(waitFinished(reply));
    QCOMPARE(reply->error(), McpReply::Error::Transport);
    QCOMPARE(reply->errorString(), QStringLiteral("line 2: the server sent a message over 50 MB; it was refused"));
    // The line is skipped, not kept: the connection goes on.
    QCOMPARE(callTool(&client, QStringLiteral("stderr"), json::object()).text(), QStringLiteral("done"));
}

void tst_Mcp::streamableHttpEverything()
{
    const int port = freePort();
    ServerProcess server;
    QVERIFY2(server.start({everything().command, QStringLiteral("streamableHttp")}, port, QStringLiteral("listening on port")),
             server.stderrText().constData());
    McpClient client(httpServer(port));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QCOMPARE(client.protocolVersion(), QStringLiteral("2025-11-25"));
    QCOMPARE(client.serverName(), QStringLiteral("mcp-servers/everything"));
    QVERIFY(!static_cast<HttpTransport *>(client.transport())->sessionId().isEmpty());

    McpReply *list = client.listTools();
    QVERIFY(waitFinished(list));
    QList<McpTool> tools;
    QString problem;
    QVERIFY2(parseMcpTools(list->result(), &tools, &problem), qPrintable(problem));
    QVERIFY(std::any_of(tools.cbegin(), tools.cend(), [](const McpTool &t) {
        return t.name == QLatin1String("echo") && t.inputSchema["properties"]["message"]["type"] == "string";
    }));

    QCOMPARE(callTool(&client, QStringLiteral("echo"), json{{"message", "over http"}}).text(), QStringLiteral("Echo: over http"));

    McpReply *reply = client.callTool(QStringLiteral("trigger-long-running-operation"), json{{"duration", 0.2}, {"steps", 2}});
    QSignalSpy progress(reply, &McpReply::progress);
    QVERIFY(waitFinished(reply));
    QCOMPARE(reply->error(), McpReply::Error::None);
    QCOMPARE(progress.count(), 2);
    QCOMPARE(progress.at(1).at(0).toDouble(), 2.0);

    McpReply *cancelled = client.callTool(QStringLiteral("trigger-long-running-operation"), json{{"duration", 30}, {"steps", 30}});
    QSignalSpy cancelledProgress(cancelled, &McpReply::progress);
    QTRY_VERIFY_WITH_TIMEOUT(cancelledProgress.count() >= 1, kCallMs);
    cancelled->cancel();
    QCOMPARE(cancelled->error(), McpReply::Error::Cancelled);
    McpReply *ping = client.ping();
    QVERIFY(waitFinished(ping));
    QCOMPARE(ping->error(), McpReply::Error::None);

    // An SSE event over the cap is refused as it arrives; the session goes on.
    client.transport()->setMaxMessageBytes(500);
    McpReply *big = client.callTool(QStringLiteral("echo"), json{{"message", std::string(600, 'x')}});
    QVERIFY(waitFinished(big));
    QCOMPARE(big->error(), McpReply::Error::Transport);
    QCOMPARE(big->errorString(), QStringLiteral("the server sent an event over 500 bytes; it was refused"));
    QCOMPARE(callTool(&client, QStringLiteral("echo"), json{{"message", "small"}}).text(), QStringLiteral("Echo: small"));
}

void tst_Mcp::streamableHttpKilledMidCall()
{
    const int port = freePort();
    ServerProcess server;
    QVERIFY2(server.start({everything().command, QStringLiteral("streamableHttp")}, port, QStringLiteral("listening on port")),
             server.stderrText().constData());
    McpClient client(httpServer(port));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    McpReply *reply = client.callTool(QStringLiteral("trigger-long-running-operation"), json{{"duration", 30}, {"steps", 30}});
    QSignalSpy progress(reply, &McpReply::progress);
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 1, kCallMs);
    server.stop();
    QVERIFY(waitFinished(reply, 20000));
    QCOMPARE(reply->error(), McpReply::Error::Transport);
    QVERIFY2(reply->errorString().startsWith(QStringLiteral("the connection to http://127.0.0.1:%1/mcp broke").arg(port)),
             qPrintable(reply->errorString()));
    // The next request finds nobody listening and says so.
    McpReply *ping = client.ping();
    QVERIFY(waitFinished(ping, 20000));
    QCOMPARE(ping->error(), McpReply::Error::Transport);
    QVERIFY2(ping->errorString().startsWith(QStringLiteral("cannot reach http://127.0.0.1:%1/mcp").arg(port)), qPrintable(ping->errorString()));
}

void tst_Mcp::streamableHttpHeadersAndJsonBodies()
{
    const int port = freePort();
    ServerProcess server;
    QVERIFY2(server.start({source(QStringLiteral("tests/tools/mcp/fakemcp.js")), QStringLiteral("http"), QString::number(port)}, port,
                          QStringLiteral("fake MCP listening")),
             server.stderrText().constData());
    McpClient client(httpServer(port));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QCOMPARE(client.serverName(), QStringLiteral("fake-mcp"));
    QCOMPARE(static_cast<HttpTransport *>(client.transport())->sessionId(), QStringLiteral("fake-session-7"));
    const json headers = parse(callTool(&client, QStringLiteral("headers"), json::object()).text());
    QCOMPARE(j(headers["session"]), j(json("fake-session-7")));
    QCOMPARE(j(headers["version"]), j(json("2025-11-25")));
    QCOMPARE(j(headers["accept"]), j(json("application/json, text/event-stream")));
    const McpToolResult failed = callTool(&client, QStringLiteral("fail"), json::object());
    QVERIFY(failed.isError);
    QCOMPARE(failed.text(), QStringLiteral("it went wrong"));

    // A JSON body over the cap is refused; the session goes on.
    client.transport()->setMaxMessageBytes(64);
    McpReply *big = client.callTool(QStringLiteral("headers"));
    QVERIFY(waitFinished(big));
    QCOMPARE(big->error(), McpReply::Error::Transport);
    QCOMPARE(big->errorString(), QStringLiteral("the server sent a reply over 64 bytes; it was refused"));
    McpReply *ping = client.ping();
    QVERIFY(waitFinished(ping));
    QCOMPARE(ping->error(), McpReply::Error::None);
}

// Streams that end before their answer (SEP-1699): resumed with a GET carrying Last-Event-ID after the
// stream's retry:, the resumed stream closed once the answer is in; resumptions that bring nothing, and a
// server that refuses the GET, fail the call with a message saying so.
void tst_Mcp::streamableHttpResumesStreams()
{
    const int port = freePort();
    ServerProcess server;
    QVERIFY2(server.start({source(QStringLiteral("tests/tools/mcp/fakemcp.js")), QStringLiteral("http"), QString::number(port)}, port,
                          QStringLiteral("fake MCP listening")),
             server.stderrText().constData());
    McpClient client(httpServer(port));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QCOMPARE(callTool(&client, QStringLiteral("drop"), json::object()).text(), QStringLiteral("resumed after drop-1"));

    McpReply *quiet = client.callTool(QStringLiteral("quiet"));
    QVERIFY(waitFinished(quiet));
    QCOMPARE(quiet->error(), McpReply::Error::Transport);
    QCOMPARE(quiet->errorString(), QStringLiteral("the server ended the event stream 4 times in a row without a new event or the answer"));
    McpReply *gone = client.callTool(QStringLiteral("gone"));
    QVERIFY(waitFinished(gone));
    QCOMPARE(gone->error(), McpReply::Error::Transport);
    QCOMPARE(gone->errorString(), QStringLiteral("the event stream ended before the answer and resuming it from event gone-1 failed: "
                                                 "HTTP 405 from http://127.0.0.1:%1/mcp").arg(port));

    // What the server saw: the GET for a stream of its own (405), then one GET per resumption.
    const json gets = parse(callTool(&client, QStringLiteral("resumes"), json::object()).text());
    QVERIFY2(gets.is_array() && gets.size() == 6, qPrintable(j(gets)));
    QCOMPARE(j(gets[0]["lastEventId"]), QStringLiteral("null"));
    QStringList resumedFrom;
    for (std::size_t i = 1; i < gets.size(); ++i)
        resumedFrom.append(QString::fromStdString(gets[i]["lastEventId"].get<std::string>()));
    QCOMPARE(resumedFrom, (QStringList{QStringLiteral("drop-1"), QStringLiteral("quiet-1"), QStringLiteral("quiet-1"),
                                       QStringLiteral("quiet-1"), QStringLiteral("gone-1")}));
    QVERIFY2(gets[1]["delayMs"].get<int>() >= 90, qPrintable(j(gets[1]))); // retry: 100 ms, less a timer's slack
    QVERIFY2(gets[2]["delayMs"].get<int>() >= 40, qPrintable(j(gets[2]))); // retry: 50 ms
    QVERIFY2(gets[1]["closed"].get<bool>(), "the resumed stream stays open after the answer");
}

void tst_Mcp::filesystemListDirectory()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString dir = QFileInfo(root.path()).canonicalFilePath();
    QVERIFY(Tessera::TestSupport::writeFile(dir + QStringLiteral("/alpha.txt"), "a"));
    QVERIFY(Tessera::TestSupport::writeFile(dir + QStringLiteral("/gamma.md"), "g"));
    QVERIFY(QDir(dir).mkdir(QStringLiteral("beta")));
    McpServerConfig config;
    config.name = QStringLiteral("fs");
    config.command = source(QStringLiteral("node_modules/.bin/mcp-server-filesystem"));
    config.args = {dir};
    McpClient client(config);
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    const McpToolResult result = callTool(&client, QStringLiteral("list_directory"), json{{"path", dir.toStdString()}});
    QVERIFY(!result.isError);
    QStringList lines = result.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.sort();
    QCOMPARE(lines, (QStringList{QStringLiteral("[DIR] beta"), QStringLiteral("[FILE] alpha.txt"), QStringLiteral("[FILE] gamma.md")}));
    // Outside the allowed directory: the server's own refusal, as an error result.
    const McpToolResult outside = callTool(&client, QStringLiteral("list_directory"), json{{"path", "/"}});
    QVERIFY(outside.isError);
}

void tst_Mcp::filesystemOverStreamableHttp()
{
    // server-filesystem speaks stdio only: tests/tools/mcp/httprelay.mjs (the official SDK's client and
    // Streamable HTTP server) serves it on loopback, so Tessera's HTTP transport meets a real server's
    // tools, annotations, results and refusals.
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString dir = QFileInfo(root.path()).canonicalFilePath();
    QVERIFY(Tessera::TestSupport::writeFile(dir + QStringLiteral("/alpha.txt"), "first line\nsecond line\n"));
    QVERIFY(QDir(dir).mkdir(QStringLiteral("beta")));
    const int port = freePort();
    ServerProcess server;
    QVERIFY2(server.start({source(QStringLiteral("tests/tools/mcp/httprelay.mjs")),
                           source(QStringLiteral("node_modules/.bin/mcp-server-filesystem")), dir},
                          port, QStringLiteral("listening on port")),
             server.stderrText().constData());
    McpClient client(httpServer(port));
    QVERIFY2(startAndWait(&client), qPrintable(client.errorString()));
    QVERIFY(!static_cast<HttpTransport *>(client.transport())->sessionId().isEmpty());

    McpReply *list = client.listTools();
    QVERIFY(waitFinished(list));
    QList<McpTool> tools;
    QString problem;
    QVERIFY2(parseMcpTools(list->result(), &tools, &problem), qPrintable(problem));
    const auto tool = [&tools](const char *name) {
        const auto it = std::find_if(tools.cbegin(), tools.cend(), [name](const McpTool &t) { return t.name == QLatin1String(name); });
        return it == tools.cend() ? McpTool() : *it;
    };
    QVERIFY(tool("list_directory").annotations.value("readOnlyHint", false));
    QVERIFY(tool("list_directory").inputSchema["properties"]["path"]["type"] == "string");
    QVERIFY(!tool("write_file").name.isEmpty());
    QVERIFY(!tool("write_file").annotations.value("readOnlyHint", true));

    const McpToolResult listed = callTool(&client, QStringLiteral("list_directory"), json{{"path", dir.toStdString()}});
    QVERIFY(!listed.isError);
    QStringList lines = listed.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.sort();
    QCOMPARE(lines, (QStringList{QStringLiteral("[DIR] beta"), QStringLiteral("[FILE] alpha.txt")}));
    const McpToolResult head = callTool(&client, QStringLiteral("read_text_file"), json{{"path", QString(dir + QStringLiteral("/alpha.txt")).toStdString()}, {"head", 1}});
    QVERIFY(!head.isError);
    QCOMPARE(head.text(), QStringLiteral("first line"));
    // A write through HTTP lands on disk; a path outside the allowed directory is the server's error result.
    const McpToolResult written = callTool(&client, QStringLiteral("write_file"),
                                           json{{"path", QString(dir + QStringLiteral("/beta/new.txt")).toStdString()}, {"content", "over http"}});
    QVERIFY2(!written.isError, qPrintable(written.text()));
    QCOMPARE(Tessera::TestSupport::readFile(dir + QStringLiteral("/beta/new.txt")), QByteArray("over http"));
    const McpToolResult outside = callTool(&client, QStringLiteral("list_directory"), json{{"path", "/"}});
    QVERIFY(outside.isError);
    QVERIFY2(outside.text().contains(QLatin1String("outside allowed directories")), qPrintable(outside.text()));
}

// Whether a process runs (a zombie waiting to be reaped counts as gone).
static bool processRuns(qint64 pid)
{
    const QByteArray stat = Tessera::TestSupport::readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z';
}

void tst_Mcp::childDiesWithTessera()
{
    // The server gets the configuration's env (it writes its pid where FAKE_MCP_PID_FILE says) and dies
    // with the tessera that started it, even when tessera is killed with SIGKILL — also a server that
    // outlives its closed stdin.
    const QString pidFile = m_dir.filePath(QStringLiteral("fake.pid"));
    const QString configPath = m_dir.filePath(QStringLiteral("orphan.json"));
    const json config = {{"mcpServers",
                          {{"waiting", {{"command", node().toStdString()},
                                        {"args", {source(QStringLiteral("tests/tools/mcp/fakemcp.js")).toStdString(), "normal"}},
                                        {"env", {{"FAKE_MCP_PID_FILE", pidFile.toStdString()}, {"FAKE_MCP_STUBBORN", "1"}}}}}}}};
    QVERIFY(Tessera::TestSupport::writeFile(configPath, QByteArray::fromStdString(config.dump())));
    QProcess tessera;
    tessera.setProcessEnvironment(Tessera::TestSupport::displaylessEnvironment());
    tessera.start(QStringLiteral(TESSERA_BINARY), {QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("call"),
                                                  QStringLiteral("waiting"), QStringLiteral("wait"), QStringLiteral("--timeout"), QStringLiteral("600")});
    QVERIFY(tessera.waitForStarted(kStartMs));
    QTRY_VERIFY_WITH_TIMEOUT(!Tessera::TestSupport::readFile(pidFile).isEmpty(), kStartMs);
    const qint64 server = Tessera::TestSupport::readFile(pidFile).toLongLong();
    QVERIFY(server > 0);
    const auto reap = qScopeGuard([server] { // a failed check leaves no orphan behind
        if (processRuns(server))
            ::kill(pid_t(server), SIGKILL);
    });
    QVERIFY(processRuns(server));
    ::kill(pid_t(tessera.processId()), SIGKILL);
    QVERIFY(tessera.waitForFinished(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!processRuns(server), 20000);
}

void tst_Mcp::cliListToolsCall()
{
    const QString configPath = m_dir.filePath(QStringLiteral("mcp.json"));
    const json config = {{"mcpServers",
                          {{"everything", {{"command", everything().command.toStdString()}, {"args", {"stdio"}}}},
                           {"missing", {{"command", "/nonexistent/mcp-server"}}}}}};
    QVERIFY(Tessera::TestSupport::writeFile(configPath, QByteArray::fromStdString(config.dump())));

    const auto list = cli({QStringLiteral("mcp"), QStringLiteral("list"), QStringLiteral("--mcp-config"), configPath});
    QCOMPARE(list.exitCode, 1); // one server failed
    const QStringList lines = list.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).startsWith(QLatin1String("everything\tstdio\tok\tmcp-servers/everything ")), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(0).endsWith(QLatin1String(" tools")), qPrintable(lines.at(0)));
    QCOMPARE(lines.at(1), QStringLiteral("missing\tstdio\terror\tcould not start /nonexistent/mcp-server: execve: No such file or directory"));

    const auto tools = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("everything")});
    QCOMPARE(tools.exitCode, 0);
    const QStringList toolLines = tools.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const auto echo = std::find_if(toolLines.cbegin(), toolLines.cend(), [](const QString &l) { return l.startsWith(QLatin1String("echo\t")); });
    QVERIFY(echo != toolLines.cend());
    const QStringList columns = echo->split(QLatin1Char('\t'));
    QCOMPARE(columns.size(), 3);
    QCOMPARE(j(parse(columns.at(1))["readOnlyHint"]), j(json(true)));
    QCOMPARE(j(parse(columns.at(2))["properties"]["message"]["type"]), j(json("string")));

    const auto call = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("everything"),
                           QStringLiteral("echo"), QStringLiteral(R"({"message": "from the command line"})")});
    QCOMPARE(call.exitCode, 0);
    QCOMPARE(call.out, QStringLiteral("Echo: from the command line\n"));

    const auto structured = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("everything"),
                                 QStringLiteral("get-structured-content"), QStringLiteral(R"({"location": "New York"})")});
    QCOMPARE(structured.exitCode, 0);
    QVERIFY2(structured.out.endsWith(QLatin1String("structuredContent: {\"conditions\":\"Cloudy\",\"humidity\":82,\"temperature\":33}\n")),
             qPrintable(structured.out));

    const auto isError = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("everything"),
                              QStringLiteral("no-such-tool")});
    QCOMPARE(isError.exitCode, 1);
    QCOMPARE(isError.out, QStringLiteral("MCP error -32602: Tool no-such-tool not found\n"));
    QCOMPARE(isError.err, QStringLiteral("tessera: no-such-tool reported an error (isError)\n"));

    const auto progress = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("everything"),
                               QStringLiteral("trigger-long-running-operation"), QStringLiteral(R"({"duration": 0.2, "steps": 2})")});
    QCOMPARE(progress.exitCode, 0);
    QCOMPARE(progress.err, QStringLiteral("progress 1/2\nprogress 2/2\n"));

    const int port = freePort();
    ServerProcess server;
    QVERIFY2(server.start({everything().command, QStringLiteral("streamableHttp")}, port, QStringLiteral("listening on port")),
             server.stderrText().constData());
    const auto overHttp = cli({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port),
                               QStringLiteral("echo"), QStringLiteral(R"({"message": "via --url"})")});
    QCOMPARE(overHttp.exitCode, 0);
    QCOMPARE(overHttp.out, QStringLiteral("Echo: via --url\n"));
}

void tst_Mcp::cliErrors()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    const QByteArray badText = R"({"mcpServers": {"x": {"command": "a", "args": [1]}}})";
    QVERIFY(Tessera::TestSupport::writeFile(bad, badText));
    const QString fakeConfig = m_dir.filePath(QStringLiteral("fake.json"));
    const json config = {{"mcpServers",
                          {{"malformed", {{"command", node().toStdString()}, {"args", {source(QStringLiteral("tests/tools/mcp/fakemcp.js")).toStdString(), "malformed"}}}},
                           {"silent", {{"command", node().toStdString()}, {"args", {source(QStringLiteral("tests/tools/mcp/fakemcp.js")).toStdString(), "silent"}}}}}}};
    QVERIFY(Tessera::TestSupport::writeFile(fakeConfig, QByteArray::fromStdString(config.dump())));

    // A configuration that does not read stops every command, not only mcp.
    const auto validate = cli({QStringLiteral("validate"), Tessera::TestSupport::testDataPath(QStringLiteral("hostile.jsonl")),
                               QStringLiteral("--mcp-config"), bad});
    QCOMPARE(validate.exitCode, 2);
    QCOMPARE(validate.err, QStringLiteral("tessera: --mcp-config %1: /mcpServers/x/args/0: must be a string, not number\n").arg(bad));

    const auto notHere = cli({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--url"), QStringLiteral("http://example.org/mcp")});
    QCOMPARE(notHere.exitCode, 2);
    QCOMPARE(notHere.err, QStringLiteral("tessera: --url http://example.org/mcp: http:// is allowed only to this machine (localhost, "
                                         "127.0.0.1, ::1); use https:// for example.org\n"));

    const auto malformed = cli({QStringLiteral("--mcp-config"), fakeConfig, QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("malformed")});
    QCOMPARE(malformed.exitCode, 2);
    QCOMPARE(malformed.err, QStringLiteral("tessera: MCP server malformed: the server sent something that isn't "
                                           "JSON-RPC (line 1: not JSON): this is not JSON-RPC at all\n"));

    const auto silent = cli({QStringLiteral("--mcp-config"), fakeConfig, QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("silent"),
                             QStringLiteral("--timeout"), QStringLiteral("1")});
    QCOMPARE(silent.exitCode, 2);
    QCOMPARE(silent.err, QStringLiteral("tessera: MCP server silent: the server did not answer initialize within 1 s\n"));

    const auto noServer = cli({QStringLiteral("--mcp-config"), fakeConfig, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("nope"), QStringLiteral("t")});
    QCOMPARE(noServer.exitCode, 2);
    QCOMPARE(noServer.err, QStringLiteral("tessera: no MCP server named nope in %1 or in Settings → Tools (see tessera mcp list)\n").arg(fakeConfig));

    const auto badArguments = cli({QStringLiteral("--mcp-config"), fakeConfig, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("silent"),
                                   QStringLiteral("t"), QStringLiteral("[1]")});
    QCOMPARE(badArguments.exitCode, 2);
    QVERIFY2(badArguments.err.startsWith(QLatin1String("tessera: ARGUMENTS_JSON must be a JSON object")), qPrintable(badArguments.err));

    const auto usage = cli({QStringLiteral("mcp"), QStringLiteral("call")});
    QCOMPARE(usage.exitCode, 2);
    QVERIFY2(usage.err.startsWith(QLatin1String("tessera: mcp call needs a server: NAME (from --mcp-config) or --url URL")), qPrintable(usage.err));

    const auto help = cli({QStringLiteral("--help")});
    QVERIFY(help.out.contains(QLatin1String("tessera mcp call NAME|--url URL TOOL [ARGUMENTS_JSON]")));
}

// Finding of a hostile test: `tessera mcp list/tools/call` printed what a server sent as it came, so
// a tab or a line break forged a column or a line, and ESC sequences drove the terminal. Every field is
// escaped visibly; the JSON columns stay valid JSON and parse back to what the server sent.
void tst_Mcp::cliEscapesServerText()
{
    const QString configPath = m_dir.filePath(QStringLiteral("terminal.json"));
    const json config = {{"mcpServers",
                          {{"terminal", {{"command", node().toStdString()},
                                         {"args", {source(QStringLiteral("tests/tools/mcp/hostilemcp.js")).toStdString(), "terminal"}}}}}}};
    QVERIFY(Tessera::TestSupport::writeFile(configPath, QByteArray::fromStdString(config.dump())));

    const auto list = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("list")});
    QCOMPARE(list.exitCode, 0);
    QCOMPARE(list.out, QStringLiteral("terminal\tstdio\tok\thostile\\x1b[31mred 1.0\\n\\tforged\\u202e\t2 tools\n"));

    const auto tools = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("terminal")});
    QCOMPARE(tools.exitCode, 0);
    const QStringList lines = tools.out.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3); // two tools and the last line's end
    QCOMPARE(lines.at(2), QString());
    const QStringList evil = lines.at(0).split(QLatin1Char('\t'));
    QCOMPARE(evil.size(), 3);
    QCOMPARE(evil.at(0), QStringLiteral("evil\\tname\\nforged\\tline"));
    QCOMPARE(evil.at(1), QStringLiteral(R"({"readOnlyHint":true,"title":"\u202eevil\u0085"})"));
    QCOMPARE(evil.at(2), QStringLiteral(R"({"properties":{"q\u2066":{"description":"a\u007fb\u001bc","type":"string"}},"type":"object"})"));
    // Still JSON, and what the server sent.
    QCOMPARE(QString::fromStdString(parse(evil.at(1))["title"].get<std::string>()), QStringLiteral("\u202E" "evil\u0085"));
    QVERIFY(parse(evil.at(2))["properties"].contains("q\u2066"));
    QCOMPARE(lines.at(1), QStringLiteral(R"(shout	{}	{"type":"object"})"));
    for (const QString &line : lines) {
        for (const QChar c : line)
            QVERIFY2(c == QLatin1Char('\t') || (c.unicode() >= 0x20 && c.unicode() != 0x7f && c.unicode() != 0x202e && c.unicode() != 0x2066
                                                && !(c.unicode() >= 0x80 && c.unicode() <= 0x9f)),
                     qPrintable(QString::number(c.unicode(), 16)));
    }

    const auto call = cli({QStringLiteral("--mcp-config"), configPath, QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("terminal"),
                           QStringLiteral("shout")});
    QCOMPARE(call.exitCode, 0);
    // The text's own line breaks are kept; the line that imitates Tessera's structuredContent line is marked.
    QCOMPARE(call.out, QStringLiteral("line one\n\\structuredContent: {\"forged\":true}\n\\x1b]0;title\\x07\\r\\u202eend\n"
                                      "structuredContent: {\"k\":\"\\u202e\\u0085\\u007f\\n\"}\n"));
}

QTEST_GUILESS_MAIN(tst_Mcp)
#include "tst_mcp.moc"
