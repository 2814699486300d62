// Named backends, keys in a real keyring, the connection test, and `tessera backend …` (issue 12).

#include <QDirIterator>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocketServer>

#include <backend/backend.h>
#include <backend/backendconfig.h>
#include <backend/backendprofiles.h>
#include <backend/connectiontest.h>

#include <tests/support/fakeendpoint.h>
#include <tests/support/privatekeyring.h>

using namespace Tessera;

Q_DECLARE_METATYPE(ConnectionResult::Status)

namespace {

const QByteArray kKey = "sk-tessera-7f3c1e9a5b2d4f60"; // distinctive: the disk is grepped for it

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

// The built binary, with env, stdin fed and closed; bounded.
Run runTessera(const QProcessEnvironment &env, const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TESSERA_BINARY), arguments);
    Run run;
    if (!process.waitForStarted(10000))
        return run;
    process.write(input);
    process.closeWriteChannel();
    QSignalSpy finished(&process, &QProcess::finished);
    for (int i = 0; i < 120 && finished.isEmpty(); ++i)
        finished.wait(500); // spins the event loop: the fake endpoint answers meanwhile
    if (finished.isEmpty()) {
        process.kill();
        process.waitForFinished(3000);
        run.err = QStringLiteral("(killed after 60 s)");
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err += QString::fromUtf8(process.readAllStandardError());
    return run;
}

// A port where nothing listens.
quint16 closedPort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost);
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

BackendConfig openAi(const QUrl &url, const QString &model, const QString &key)
{
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = url;
    config.model = model;
    config.apiKey = key;
    return config;
}

ConnectionResult runTest(ConnectionTest &test, const BackendConfig &config, bool listOnly = false)
{
    QSignalSpy finished(&test, &ConnectionTest::finished);
    listOnly ? test.listModels(config) : test.test(config);
    for (int i = 0; i < 40 && finished.isEmpty(); ++i)
        finished.wait(250);
    return finished.isEmpty() ? ConnectionResult{ConnectionResult::Status::BadResponse, QStringLiteral("no answer"), {}, 0}
                              : finished.first().first().value<ConnectionResult>();
}

} // namespace

class tst_BackendProfiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void presets_data();
    void presets();
    void profilesRoundTrip();
    void nameProblems_data();
    void nameProblems();
    void conversationRemembersProfile();
    void keyringKeyMustBeRead();
    void modelsUrl_data();
    void modelsUrl();
    void connectionTest_data();
    void connectionTest();
    void listModels();
    void webSocketTest();
    void programTest_data();
    void programTest();
    void usage_data();
    void usage();
    void noKeyringSaysSo();
    void commandLineWithRealKeyring();
};

void tst_BackendProfiles::presets_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("needsKey");
    QTest::newRow("Ollama") << "ollama" << "http://localhost:11434/v1" << false;
    QTest::newRow("LM Studio") << "lmstudio" << "http://localhost:1234/v1" << false;
    QTest::newRow("llama.cpp") << "llamacpp" << "http://localhost:8080/v1" << false;
    QTest::newRow("vLLM") << "vllm" << "http://localhost:8000/v1" << false;
    QTest::newRow("OpenAI") << "openai" << "https://api.openai.com/v1" << true;
}

void tst_BackendProfiles::presets()
{
    QFETCH(QString, id);
    QFETCH(QString, url);
    QFETCH(bool, needsKey);
    const BackendPreset preset = backendPreset(id);
    QCOMPARE(preset.id, id);
    QCOMPARE(preset.baseUrl, QUrl(url));
    QCOMPARE(preset.needsApiKey, needsKey);
    QVERIFY(!preset.label.isEmpty());
    QCOMPARE(backendPresets().size(), 5);
}

void tst_BackendProfiles::profilesRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("Tessera.conf"));
    BackendProfiles profiles(path);
    QVERIFY(profiles.profiles().isEmpty());

    BackendConfig local = openAi(QUrl(QStringLiteral("http://localhost:11434/v1")), QStringLiteral("llama3"),
                                 QString::fromLatin1(kKey));
    local.profileName = QStringLiteral("Local / Ollama");
    local.apiKeyInKeyring = true;
    BackendConfig agent;
    agent.type = BackendConfig::Type::Stdio;
    agent.profileName = QStringLiteral("agent");
    agent.command = QStringLiteral("python3 agent.py --flag");
    agent.workingDirectory = dir.path();
    QString error;
    QVERIFY2(profiles.save(local, &error), qPrintable(error));
    QVERIFY2(profiles.save(agent, &error), qPrintable(error));

    // Another object on the same file sees both; the key itself never reached the file.
    BackendProfiles again(path);
    const QList<BackendConfig> all = again.profiles();
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(0).profileName, QStringLiteral("Local / Ollama"));
    QCOMPARE(all.at(1).profileName, QStringLiteral("agent"));
    BackendConfig expected = local;
    expected.apiKey.clear();
    QCOMPARE(again.profile(QStringLiteral("Local / Ollama")), expected);
    QCOMPARE(again.profile(QStringLiteral("agent")), agent);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(kKey));

    again.setLastUsed(QStringLiteral("agent"));
    QCOMPARE(profiles.lastUsed(), QStringLiteral("agent"));
    QVERIFY(profiles.remove(QStringLiteral("agent"), &error));
    QVERIFY(profiles.lastUsed().isEmpty());
    QVERIFY(!profiles.remove(QStringLiteral("agent"), &error));
    QVERIFY(error.contains(QLatin1String("no backend named agent")));
    QCOMPARE(again.profiles().size(), 1);

    BackendConfig broken = local;
    broken.model.clear();
    QVERIFY(!profiles.save(broken, &error));
}

void tst_BackendProfiles::nameProblems_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("usable");
    QTest::newRow("plain") << "local" << true;
    QTest::newRow("spaces and slashes inside") << "My GPU box / 2" << true;
    QTest::newRow("non-ASCII") << "Überall ₹" << true;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("blank") << "   " << false;
    QTest::newRow("leading space") << " local" << false;
    QTest::newRow("control character") << "a\tb" << false;
    QTest::newRow("too long") << QString(65, QLatin1Char('x')) << false;
}

void tst_BackendProfiles::nameProblems()
{
    QFETCH(QString, name);
    QFETCH(bool, usable);
    QCOMPARE(BackendProfiles::nameProblem(name).isEmpty(), usable);
}

void tst_BackendProfiles::conversationRemembersProfile()
{
    QTemporaryDir dir;
    QSettings settings(backendSettingsPath(dir.path()), QSettings::IniFormat);
    BackendConfig config = openAi(QUrl(QStringLiteral("http://127.0.0.1:1/v1")), QStringLiteral("m"), QString::fromLatin1(kKey));
    config.profileName = QStringLiteral("local");
    config.apiKeyInKeyring = true;
    saveBackendConfig(settings, QStringLiteral("conv-1"), config);
    settings.sync();
    BackendConfig expected = config;
    expected.apiKey.clear();
    QCOMPARE(loadBackendConfig(settings, QStringLiteral("conv-1")), expected);
    QCOMPARE(loadLastBackendConfig(settings), expected);
    QFile file(backendSettingsPath(dir.path()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(kKey));
}

void tst_BackendProfiles::keyringKeyMustBeRead()
{
    BackendConfig config = openAi(QUrl(QStringLiteral("http://127.0.0.1:1/v1")), QStringLiteral("m"), QString());
    config.profileName = QStringLiteral("local");
    config.apiKeyInKeyring = true;
    QString error;
    QVERIFY(!createBackend(config, nullptr, &error));
    QVERIFY2(error.contains(QLatin1String("keyring")), qPrintable(error));
    config.apiKey = QStringLiteral("read");
    std::unique_ptr<Backend> backend(createBackend(config, nullptr, &error));
    QVERIFY(backend);

    // --backend-name leaves the lookup to the caller, and goes alone.
    BackendArguments arguments;
    arguments.backendName = QStringLiteral("local");
    QVERIFY(hasBackendArguments(arguments));
    BackendConfig named;
    QVERIFY(backendConfigFromArguments(arguments, &named, &error));
    QVERIFY(named.isNone());
    QCOMPARE(named.profileName, QStringLiteral("local"));
    arguments.openAi = QStringLiteral("http://x/v1");
    arguments.model = QStringLiteral("m");
    QVERIFY(!backendConfigFromArguments(arguments, &named, &error));
}

void tst_BackendProfiles::modelsUrl_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("models");
    QTest::newRow("base URL") << "http://localhost:11434/v1" << "http://localhost:11434/v1/models";
    QTest::newRow("trailing slash") << "http://localhost:1234/v1/" << "http://localhost:1234/v1/models";
    QTest::newRow("server root") << "http://127.0.0.1:8080" << "http://127.0.0.1:8080/v1/models";
    QTest::newRow("full endpoint") << "https://host/openai/v1/chat/completions" << "https://host/openai/v1/models";
}

void tst_BackendProfiles::modelsUrl()
{
    QFETCH(QString, base);
    QFETCH(QString, models);
    QCOMPARE(ConnectionTest::modelsUrlFor(QUrl(base)).toString(), models);
}

void tst_BackendProfiles::connectionTest_data()
{
    QTest::addColumn<QString>("where"); // base, root, refused, tls, nohost
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("forcedStatus");
    QTest::addColumn<bool>("hang");
    QTest::addColumn<bool>("listsNothing");
    QTest::addColumn<ConnectionResult::Status>("status");
    QTest::addColumn<QString>("says");
    using S = ConnectionResult::Status;
    const QString key = QString::fromLatin1(kKey);
    QTest::newRow("answers") << "base" << "" << "small-model" << key << 0 << false << false << S::Ok << "answered with the model small-model";
    QTest::newRow("answers, no model yet") << "base" << "" << "" << key << 0 << false << false << S::Ok << "lists 2 models";
    QTest::newRow("wrong key") << "base" << "" << "small-model" << "sk-wrong" << 0 << false << false << S::Unauthorized << "(401)";
    QTest::newRow("no key") << "base" << "" << "small-model" << "" << 0 << false << false << S::Unauthorized << "refused the API key";
    QTest::newRow("forbidden") << "base" << "" << "small-model" << key << 403 << false << false << S::Forbidden << "(403)";
    QTest::newRow("not an OpenAI path") << "root" << "/api/v2" << "small-model" << key << 0 << false << false << S::NotFound
                                        << "not an OpenAI-compatible path";
    QTest::newRow("model not listed") << "base" << "" << "nope" << key << 0 << false << false << S::UnknownModel
                                      << "does not list the model nope (it lists: small-model, big-model)";
    QTest::newRow("model refused by the server") << "base" << "" << "nope" << key << 0 << false << true << S::UnknownModel
                                                 << "model \"nope\" not found";
    QTest::newRow("server error") << "base" << "" << "small-model" << key << 500 << false << false << S::HttpError << "HTTP 500: forced";
    QTest::newRow("connection refused") << "refused" << "" << "m" << "" << 0 << false << false << S::ConnectionRefused
                                        << "connection refused";
    QTest::newRow("timeout") << "base" << "" << "small-model" << key << 0 << true << false << S::Timeout << "did not answer within";
    QTest::newRow("TLS failure") << "tls" << "" << "m" << "" << 0 << false << false << S::TlsFailure << "TLS handshake";
    QTest::newRow("host not found") << "nohost" << "" << "m" << "" << 0 << false << false << S::HostNotFound
                                    << "host tessera-test.invalid not found";
}

void tst_BackendProfiles::connectionTest()
{
    QFETCH(QString, where);
    QFETCH(QString, path);
    QFETCH(QString, model);
    QFETCH(QString, key);
    QFETCH(int, forcedStatus);
    QFETCH(bool, hang);
    QFETCH(bool, listsNothing);
    QFETCH(ConnectionResult::Status, status);
    QFETCH(QString, says);

    FakeEndpoint endpoint(kKey);
    endpoint.forcedStatus = forcedStatus;
    endpoint.hang = hang;
    // A "server" that answers a TLS hello with plain text.
    QTcpServer plain;
    plain.listen(QHostAddress::LocalHost);
    connect(&plain, &QTcpServer::newConnection, &plain, [&plain] {
        QTcpSocket *socket = plain.nextPendingConnection();
        socket->write("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\nnot TLS");
        socket->disconnectFromHost();
    });
    QUrl url = endpoint.baseUrl();
    if (where == QLatin1String("root"))
        url = QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(endpoint.port()).arg(path));
    else if (where == QLatin1String("refused"))
        url = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(closedPort()));
    else if (where == QLatin1String("tls"))
        url = QUrl(QStringLiteral("https://127.0.0.1:%1/v1").arg(plain.serverPort()));
    else if (where == QLatin1String("nohost"))
        url = QUrl(QStringLiteral("http://tessera-test.invalid/v1"));

    ConnectionTest test;
    test.setTimeoutMs(hang ? 700 : 5000);
    if (listsNothing) {
        // Empty list: the picker stays editable and the chat request decides (the server's 404).
        endpoint.models.clear();
        const ConnectionResult listed = runTest(test, openAi(url, model, key), true);
        QVERIFY2(listed.ok(), qPrintable(listed.message));
        QVERIFY(listed.models.isEmpty());
    }
    const ConnectionResult result = runTest(test, openAi(url, model, key));
    QVERIFY2(result.message.contains(says), qPrintable(result.message));
    QCOMPARE(result.status, status);
    QVERIFY(!result.message.contains(QString::fromLatin1(kKey)));
    for (const FakeEndpoint::Request &request : endpoint.requests())
        QCOMPARE(request.authorization, key.isEmpty() ? QByteArray() : "Bearer " + key.toUtf8());
}

void tst_BackendProfiles::listModels()
{
    FakeEndpoint endpoint(kKey);
    ConnectionTest test;
    const ConnectionResult result = runTest(test, openAi(endpoint.baseUrl(), QString(), QString::fromLatin1(kKey)), true);
    QVERIFY2(result.ok(), qPrintable(result.message));
    QCOMPARE(result.models, (QStringList{QStringLiteral("small-model"), QStringLiteral("big-model")}));
    QCOMPARE(endpoint.requests().size(), 1);
    QCOMPARE(endpoint.requests().first().path, QByteArray("/v1/models"));
    QCOMPARE(endpoint.requests().first().method, QByteArray("GET"));
}

void tst_BackendProfiles::webSocketTest()
{
    QWebSocketServer server(QStringLiteral("agent"), QWebSocketServer::NonSecureMode);
    QVERIFY(server.listen(QHostAddress::LocalHost));
    BackendConfig config;
    config.type = BackendConfig::Type::WebSocket;
    config.url = QUrl(QStringLiteral("ws://127.0.0.1:%1/agent").arg(server.serverPort()));
    ConnectionTest test;
    test.setTimeoutMs(5000);
    ConnectionResult result = runTest(test, config);
    QVERIFY2(result.ok(), qPrintable(result.message));
    config.url = QUrl(QStringLiteral("ws://127.0.0.1:%1/agent").arg(closedPort()));
    result = runTest(test, config);
    QCOMPARE(result.status, ConnectionResult::Status::ConnectionRefused);
}

void tst_BackendProfiles::programTest_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("directory");
    QTest::addColumn<ConnectionResult::Status>("status");
    QTest::newRow("in PATH") << "sh -c true" << "" << ConnectionResult::Status::Ok;
    QTest::newRow("absolute") << "/bin/sh -c true" << "/tmp" << ConnectionResult::Status::Ok;
    QTest::newRow("missing program") << "tessera-no-such-program --x" << "" << ConnectionResult::Status::ProgramNotFound;
    QTest::newRow("missing directory") << "sh" << "/nonexistent/tessera" << ConnectionResult::Status::BadDirectory;
}

void tst_BackendProfiles::programTest()
{
    QFETCH(QString, command);
    QFETCH(QString, directory);
    QFETCH(ConnectionResult::Status, status);
    BackendConfig config;
    config.type = BackendConfig::Type::Stdio;
    config.command = command;
    config.workingDirectory = directory;
    ConnectionTest test;
    const ConnectionResult result = runTest(test, config);
    QCOMPARE(result.status, status);
}

void tst_BackendProfiles::usage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("says");
    QTest::newRow("no verb") << QStringList{"backend"} << "backend takes add, list, remove or test";
    QTest::newRow("add without a backend") << QStringList{"backend", "add", "x"} << "needs --openai URL";
    QTest::newRow("add without a name") << QStringList{"backend", "add", "--backend", "ws://h/x"} << "needs the backend's NAME";
    QTest::newRow("key from stdin without openai") << QStringList{"backend", "add", "x", "--backend", "ws://h/x", "--api-key-stdin"}
                                                   << "--api-key-stdin goes with --openai";
    QTest::newRow("workdir without a program") << QStringList{"backend", "add", "x", "--backend", "ws://h/x", "--workdir", "/tmp"}
                                               << "--workdir goes with --backend-cmd";
    QTest::newRow("two keys") << QStringList{"backend", "add", "x", "--openai", "http://h/v1", "--model", "m", "--api-key-stdin",
                                             "--api-key-env", "K"} << "choose one of --api-key-stdin and --api-key-env";
    QTest::newRow("flags on list") << QStringList{"backend", "list", "--openai", "http://h/v1", "--model", "m"} << "takes no backend flags";
    QTest::newRow("name and flags") << QStringList{"ask", "--backend-name", "x", "--backend", "ws://h/x", "hi"} << "--backend-name goes alone";
}

void tst_BackendProfiles::usage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, says);
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    const Run run = runTessera(env, arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(says), qPrintable(run.err));
}

void tst_BackendProfiles::noKeyringSaysSo()
{
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=") + home.filePath(QStringLiteral("no-bus")));
    env.remove(QStringLiteral("DISPLAY"));
    const Run add = runTessera(env, {"backend", "add", "hosted", "--openai", "https://api.openai.com/v1", "--model", "gpt-4o-mini",
                                     "--api-key-stdin"}, kKey + '\n');
    QCOMPARE(add.exitCode, 1);
    QVERIFY2(add.err.contains(QLatin1String("No keyring is available")), qPrintable(add.err));
    QVERIFY2(add.err.contains(QLatin1String("use an environment variable instead")), qPrintable(add.err));
    QVERIFY(!add.err.contains(QString::fromLatin1(kKey)));
    // Nothing was saved; the environment-variable way still works.
    QVERIFY(!runTessera(env, {"backend", "list"}).out.contains(QLatin1String("hosted")));
    const Run withEnv = runTessera(env, {"backend", "add", "hosted", "--openai", "https://api.openai.com/v1", "--model",
                                         "gpt-4o-mini", "--api-key-env", "OPENAI_API_KEY"});
    QCOMPARE(withEnv.exitCode, 0);
    QVERIFY2(runTessera(env, {"backend", "list"}).out.contains(QLatin1String("key from $OPENAI_API_KEY")), qPrintable(withEnv.err));
}

void tst_BackendProfiles::commandLineWithRealKeyring()
{
    PrivateKeyring keyring;
    QString why;
    if (!keyring.start(&why))
        QSKIP(qPrintable(QStringLiteral("no private keyring: ") + why));
    const QProcessEnvironment env = keyring.environment();
    const QString key = QString::fromLatin1(kKey);
    const QString dataDir = keyring.path("data") + QStringLiteral("/conversations");
    FakeEndpoint endpoint(kKey);
    const QString base = endpoint.baseUrl().toString();
    QList<Run> runs;
    auto run = [&](const QStringList &arguments, const QByteArray &input = {}) {
        runs.append(runTessera(env, arguments, input));
        return runs.last();
    };

    Run r = run({"backend", "add", "local", "--openai", base, "--model", "small-model", "--api-key-stdin"}, kKey + '\n');
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QLatin1String("added backend local")));
    QCOMPARE(keyring.lookup(QStringLiteral("tessera"), QStringLiteral("backend:local")), kKey); // in the keyring itself
    r = run({"backend", "list"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("local\topenai\t%1\tsmall-model\tkey in the keyring").arg(base)), qPrintable(r.out));

    r = run({"backend", "test", "local"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("answered with the model small-model")), qPrintable(r.out));
    QCOMPARE(endpoint.requests().last().authorization, "Bearer " + kKey);

    QVERIFY(run({"backend", "add", "wrong", "--openai", base, "--model", "small-model", "--api-key-stdin"}, "sk-nope\n").exitCode == 0);
    r = run({"backend", "test", "wrong"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("refused the API key (401)")), qPrintable(r.err));

    QVERIFY(run({"backend", "add", "off", "--openai", QStringLiteral("http://127.0.0.1:%1/v1").arg(closedPort()), "--model", "m"}).exitCode == 0);
    r = run({"backend", "test", "off"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("connection refused")), qPrintable(r.err));

    QVERIFY(run({"backend", "add", "elsewhere", "--openai", QStringLiteral("http://127.0.0.1:%1/api").arg(endpoint.port()),
                 "--model", "m"}).exitCode == 0);
    r = run({"backend", "test", "elsewhere"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("answered 404")) && r.err.contains(QLatin1String("not an OpenAI-compatible path")),
             qPrintable(r.err));

    // ask through the named backend: the endpoint demands the key, so the card proves it was read.
    r = run({"ask", "--data-dir", dataDir, "--backend-name", "local", "--timeout", "30", "show me a card"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("[card alert: Keyring works]")), qPrintable(r.out));
    QVERIFY(r.out.contains(QLatin1String("Answered through the named backend.")));
    const QString id = r.out.trimmed().split(QLatin1Char('\n')).last();
    // The conversation remembers the named backend; its key comes from the keyring again.
    r = run({"ask", "--data-dir", dataDir, "--conversation", id, "--timeout", "30", "once more"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QLatin1String("[card alert: Keyring works]")));
    r = run({"ask", "--data-dir", dataDir, "--backend-name", "nobody", "hi"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QLatin1String("no backend named nobody")));

    r = run({"backend", "remove", "local"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(keyring.lookup(QStringLiteral("tessera"), QStringLiteral("backend:local")).isEmpty());
    QVERIFY(!run({"backend", "list"}).out.contains(QLatin1String("local\t")));
    r = run({"backend", "test", "local"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(run({"backend", "remove", "wrong"}).exitCode == 0);

    // The key is in no file under HOME, the data dir or the config dir, nor in anything printed.
    for (const Run &each : std::as_const(runs))
        QVERIFY(!each.out.contains(key) && !each.err.contains(key));
    QDirIterator files(keyring.root(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    int checked = 0;
    while (files.hasNext()) {
        QFile file(files.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QVERIFY2(!file.readAll().contains(kKey), qPrintable(file.fileName()));
        ++checked;
    }
    QVERIFY(checked >= 3); // the settings file, the store, the keyring's own (encrypted) file
}

QTEST_GUILESS_MAIN(tst_BackendProfiles)
#include "tst_backendprofiles.moc"
