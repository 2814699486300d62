// Backend configuration (issue 5): command-line values, the factory, per-conversation settings that
// never hold the API key.

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <backend/backendconfig.h>
#include <backend/openaibackend.h>
#include <backend/stdiobackend.h>
#include <backend/websocketbackend.h>

using namespace Tessera;

Q_DECLARE_METATYPE(Tessera::BackendConfig::Type)
Q_DECLARE_METATYPE(Tessera::BackendConfig)

class TestBackendConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fromArguments_data();
    void fromArguments();
    void createBackend_data();
    void createBackend();
    void missingApiKeyVariable();
    void settingsPerConversation();
    void settingsNeverHoldTheKey();
    void unusableSettingsAreNone();
};

void TestBackendConfig::fromArguments_data()
{
    QTest::addColumn<QStringList>("values"); // backendCmd, backend, openAi, model, apiKeyEnv
    QTest::addColumn<QString>("error");
    QTest::addColumn<BackendConfig::Type>("type");
    QTest::addColumn<QString>("detail"); // command, or url, or url|model|apiKeyEnv

    using T = BackendConfig::Type;
    QTest::newRow("none") << QStringList({"", "", "", "", ""}) << QString() << T::None << QString();
    QTest::newRow("stdio") << QStringList({"agent --stdio 'a b'", "", "", "", ""}) << QString() << T::Stdio
                           << QStringLiteral("agent --stdio 'a b'");
    QTest::newRow("stdio blank") << QStringList({"  ", "", "", "", ""})
                                 << QStringLiteral("--backend-cmd needs a command to run.") << T::None << QString();
    QTest::newRow("ws") << QStringList({"", "ws://127.0.0.1:8765/agent", "", "", ""}) << QString() << T::WebSocket
                        << QStringLiteral("ws://127.0.0.1:8765/agent");
    QTest::newRow("wss") << QStringList({"", "wss://agents.example.org/v1", "", "", ""}) << QString() << T::WebSocket
                         << QStringLiteral("wss://agents.example.org/v1");
    QTest::newRow("backend http refused") << QStringList({"", "http://localhost:8080", "", "", ""})
                                          << QStringLiteral("--backend needs a ws:// or wss:// address, not http://localhost:8080.")
                                          << T::None << QString();
    QTest::newRow("backend no host") << QStringList({"", "ws:///path", "", "", ""})
                                     << QStringLiteral("--backend needs a ws:// or wss:// address, not ws:///path.")
                                     << T::None << QString();
    QTest::newRow("openai") << QStringList({"", "", "http://localhost:11434/v1", "llama3.1", "OPENAI_API_KEY"})
                            << QString() << T::OpenAi
                            << QStringLiteral("http://localhost:11434/v1|llama3.1|OPENAI_API_KEY");
    QTest::newRow("openai without key") << QStringList({"", "", "https://api.openai.com/v1", "gpt-4o-mini", ""})
                                        << QString() << T::OpenAi
                                        << QStringLiteral("https://api.openai.com/v1|gpt-4o-mini|");
    QTest::newRow("openai without model") << QStringList({"", "", "http://localhost:8080", "", ""})
                                          << QStringLiteral("--openai needs --model NAME.") << T::None << QString();
    QTest::newRow("openai ws refused") << QStringList({"", "", "ws://localhost:8080", "m", ""})
                                       << QStringLiteral("--openai needs an http:// or https:// address, not ws://localhost:8080.")
                                       << T::None << QString();
    QTest::newRow("key pasted as variable") << QStringList({"", "", "https://api.openai.com/v1", "m", "sk-proj-abc123"})
                                            << QStringLiteral("--api-key-env takes the name of an environment variable "
                                                              "(such as OPENAI_API_KEY), not the key itself.")
                                            << T::None << QString();
    QTest::newRow("two backends") << QStringList({"agent", "ws://h:1/", "", "", ""})
                                  << QStringLiteral("Choose one backend: --backend-cmd, --backend or --openai.")
                                  << T::None << QString();
    QTest::newRow("model without openai") << QStringList({"agent", "", "", "m", ""})
                                          << QStringLiteral("--model is only used with --openai.") << T::None << QString();
    QTest::newRow("key env without openai") << QStringList({"", "ws://h:1/", "", "", "KEY"})
                                            << QStringLiteral("--api-key-env is only used with --openai.")
                                            << T::None << QString();
}

void TestBackendConfig::fromArguments()
{
    QFETCH(QStringList, values);
    QFETCH(QString, error);
    QFETCH(BackendConfig::Type, type);
    QFETCH(QString, detail);

    BackendArguments arguments{values.at(0), values.at(1), values.at(2), values.at(3), values.at(4)};
    QCOMPARE(hasBackendArguments(arguments), !values.join(QString()).isEmpty());
    BackendConfig config;
    config.type = BackendConfig::Type::Stdio; // must be overwritten on success, untouched on failure
    QString message;
    const bool ok = backendConfigFromArguments(arguments, &config, &message);
    if (!error.isEmpty()) {
        QVERIFY(!ok);
        QCOMPARE(message, error);
        QCOMPARE(config.type, BackendConfig::Type::Stdio);
        return;
    }
    QVERIFY2(ok, qPrintable(message));
    QCOMPARE(config.type, type);
    switch (type) {
    case BackendConfig::Type::Stdio:
        QCOMPARE(config.command, detail);
        break;
    case BackendConfig::Type::WebSocket:
        QCOMPARE(config.url.toString(), detail);
        break;
    case BackendConfig::Type::OpenAi:
        QCOMPARE(config.url.toString() + QLatin1Char('|') + config.model + QLatin1Char('|') + config.apiKeyEnv, detail);
        break;
    case BackendConfig::Type::None:
        QCOMPARE(config, BackendConfig());
        break;
    }
}

void TestBackendConfig::createBackend_data()
{
    QTest::addColumn<BackendConfig>("config");
    QTest::addColumn<QString>("className");
    QTest::addColumn<QString>("description");

    BackendConfig stdio;
    stdio.type = BackendConfig::Type::Stdio;
    stdio.command = QStringLiteral("agent --stdio");
    QTest::newRow("stdio") << stdio << QStringLiteral("Tessera::StdioBackend") << QStringLiteral("stdio: agent --stdio");

    BackendConfig ws;
    ws.type = BackendConfig::Type::WebSocket;
    ws.url = QUrl(QStringLiteral("ws://127.0.0.1:9/agent"));
    QTest::newRow("websocket") << ws << QStringLiteral("Tessera::WebSocketBackend") << QStringLiteral("ws://127.0.0.1:9/agent");

    BackendConfig openAi;
    openAi.type = BackendConfig::Type::OpenAi;
    openAi.url = QUrl(QStringLiteral("http://127.0.0.1:9/v1"));
    openAi.model = QStringLiteral("qwen2.5");
    QTest::newRow("openai") << openAi << QStringLiteral("Tessera::OpenAiBackend") << QString();
}

void TestBackendConfig::createBackend()
{
    QFETCH(BackendConfig, config);
    QFETCH(QString, className);
    QFETCH(QString, description);

    QObject parent;
    QString error;
    Backend *backend = Tessera::createBackend(config, &parent, &error);
    QVERIFY2(backend, qPrintable(error));
    QCOMPARE(backend->parent(), &parent);
    QCOMPARE(QString::fromLatin1(backend->metaObject()->className()), className);
    QCOMPARE(backend->state(), ConnectionState::Disconnected); // not started
    if (!description.isEmpty())
        QCOMPARE(backend->description(), description);

    QVERIFY(!Tessera::createBackend(BackendConfig(), &parent, &error));
    QCOMPARE(error, QStringLiteral("No backend is configured."));
}

void TestBackendConfig::missingApiKeyVariable()
{
    BackendConfig config;
    config.type = BackendConfig::Type::OpenAi;
    config.url = QUrl(QStringLiteral("https://api.openai.com/v1"));
    config.model = QStringLiteral("gpt-4o-mini");
    config.apiKeyEnv = QStringLiteral("TESSERA_TEST_UNSET_KEY");
    qunsetenv("TESSERA_TEST_UNSET_KEY");
    QObject parent;
    QString error;
    QVERIFY(!Tessera::createBackend(config, &parent, &error));
    QCOMPARE(error, QStringLiteral("The environment variable TESSERA_TEST_UNSET_KEY (named by --api-key-env) is not set."));

    qputenv("TESSERA_TEST_UNSET_KEY", "sk-test");
    QVERIFY(qobject_cast<OpenAiBackend *>(Tessera::createBackend(config, &parent, &error)));
    qunsetenv("TESSERA_TEST_UNSET_KEY");
}

void TestBackendConfig::settingsPerConversation()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("tessera.ini")), QSettings::IniFormat);

    BackendConfig stdio;
    stdio.type = BackendConfig::Type::Stdio;
    stdio.command = QStringLiteral("agent --stdio");
    BackendConfig ws;
    ws.type = BackendConfig::Type::WebSocket;
    ws.url = QUrl(QStringLiteral("wss://agents.example.org/v1"));

    QCOMPARE(loadLastBackendConfig(settings), BackendConfig());
    saveBackendConfig(settings, QStringLiteral("c0ffee01"), stdio);
    saveBackendConfig(settings, QStringLiteral("odd/id\\x"), ws);

    QCOMPARE(settings.value(QStringLiteral("backends/c0ffee01/type")).toString(), QStringLiteral("stdio"));
    QCOMPARE(settings.value(QStringLiteral("backends/c0ffee01/command")).toString(), QStringLiteral("agent --stdio"));
    QCOMPARE(settings.value(QStringLiteral("backends/last/type")).toString(), QStringLiteral("websocket"));
    QCOMPARE(settings.value(QStringLiteral("backends/last/url")).toString(), QStringLiteral("wss://agents.example.org/v1"));

    QCOMPARE(loadBackendConfig(settings, QStringLiteral("c0ffee01")), stdio);
    QCOMPARE(loadBackendConfig(settings, QStringLiteral("odd/id\\x")), ws);
    QCOMPARE(loadBackendConfig(settings, QStringLiteral("odd")), BackendConfig());
    QCOMPARE(loadBackendConfig(settings, QStringLiteral("unknown")), BackendConfig());
    QCOMPARE(loadLastBackendConfig(settings), ws);

    // Overwriting leaves no stale member; None forgets the conversation but keeps "last".
    BackendConfig openAi;
    openAi.type = BackendConfig::Type::OpenAi;
    openAi.url = QUrl(QStringLiteral("http://localhost:11434/v1"));
    openAi.model = QStringLiteral("llama3.1");
    saveBackendConfig(settings, QStringLiteral("c0ffee01"), openAi);
    QVERIFY(!settings.contains(QStringLiteral("backends/c0ffee01/command")));
    QCOMPARE(loadBackendConfig(settings, QStringLiteral("c0ffee01")), openAi);
    saveBackendConfig(settings, QStringLiteral("c0ffee01"), BackendConfig());
    QCOMPARE(loadBackendConfig(settings, QStringLiteral("c0ffee01")), BackendConfig());
    QCOMPARE(loadLastBackendConfig(settings), openAi);

    // A new conversation (no id yet) only updates "last".
    saveBackendConfig(settings, QString(), stdio);
    QCOMPARE(loadLastBackendConfig(settings), stdio);
}

void TestBackendConfig::settingsNeverHoldTheKey()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tessera.ini"));
    qputenv("TESSERA_TEST_KEY", "sk-secret-value-123");
    {
        QSettings settings(path, QSettings::IniFormat);
        BackendConfig config;
        QVERIFY(backendConfigFromArguments({{}, {}, QStringLiteral("https://api.openai.com/v1"),
                                            QStringLiteral("gpt-4o-mini"), QStringLiteral("TESSERA_TEST_KEY")},
                                           &config, nullptr));
        QObject parent;
        QVERIFY(Tessera::createBackend(config, &parent, nullptr));
        saveBackendConfig(settings, QStringLiteral("abcd1234"), config);
        settings.sync();
        QCOMPARE(settings.value(QStringLiteral("backends/abcd1234/apiKeyEnv")).toString(), QStringLiteral("TESSERA_TEST_KEY"));
    }
    qunsetenv("TESSERA_TEST_KEY");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("TESSERA_TEST_KEY"));
    QVERIFY(!text.contains("sk-secret"));
}

void TestBackendConfig::unusableSettingsAreNone()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("tessera.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("backends/a1/type"), QStringLiteral("stdio")); // no command
    settings.setValue(QStringLiteral("backends/a2/type"), QStringLiteral("carrier-pigeon"));
    settings.setValue(QStringLiteral("backends/a3/type"), QStringLiteral("openai"));
    settings.setValue(QStringLiteral("backends/a3/url"), QStringLiteral("http://localhost:1/v1")); // no model
    for (const char *id : {"a1", "a2", "a3"})
        QCOMPARE(loadBackendConfig(settings, QString::fromLatin1(id)), BackendConfig());
}

QTEST_GUILESS_MAIN(TestBackendConfig)
#include "tst_backendconfig.moc"
