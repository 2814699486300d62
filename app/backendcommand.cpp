#include <app/backendcommand.h>

#include <cstdio>

#include <termios.h>
#include <unistd.h>

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QTextStream>
#include <QTimer>

#include <backend/backendprofiles.h>
#include <backend/connectiontest.h>
#include <backend/secretstore.h>

namespace Tessera {

namespace {

// The headless commands' one printer (commandline.h), with the program's name before an error.
void printError(const QString &text)
{
    printErr(QStringLiteral("tessera: ") + text);
}

CommandLine failure(const QString &error)
{
    CommandLine c;
    c.command = CommandLine::Command::Error;
    c.error = error;
    return c;
}

bool givesBackend(const BackendArguments &a)
{
    return !a.backendCmd.isEmpty() || !a.backend.isEmpty() || !a.openAi.isEmpty();
}

// The checks of `backend add` beyond backendConfigFromArguments (called by the caller).
QString addProblem(const CommandLine &c)
{
    if (!c.backend.backendName.isEmpty())
        return QStringLiteral("backend add takes --openai, --backend or --backend-cmd, not --backend-name");
    if (!givesBackend(c.backend))
        return QStringLiteral("backend add NAME needs --openai URL --model NAME, --backend ws://… or --backend-cmd CMD");
    if (!c.workingDirectory.isEmpty() && c.backend.backendCmd.isEmpty())
        return QStringLiteral("--workdir goes with --backend-cmd");
    if (c.apiKeyStdin && c.backend.openAi.isEmpty())
        return QStringLiteral("--api-key-stdin goes with --openai");
    if (c.apiKeyStdin && !c.backend.apiKeyEnv.isEmpty())
        return QStringLiteral("choose one of --api-key-stdin and --api-key-env");
    return {};
}

// Options after the verb: --api-key-stdin, --workdir DIR (add), --timeout SEC (test), one NAME.
QString takeBackendOptions(CommandLine *c, const QStringList &args)
{
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (c->backendVerb == QLatin1String("add") && a == QLatin1String("--api-key-stdin")) {
            c->apiKeyStdin = true;
        } else if (c->backendVerb == QLatin1String("add") && a == QLatin1String("--workdir")) {
            if (i + 1 >= args.size() || args.at(i + 1).isEmpty())
                return QStringLiteral("--workdir needs a directory");
            c->workingDirectory = args.at(++i);
        } else if (c->backendVerb == QLatin1String("test") && a == QLatin1String("--timeout")) {
            bool ok = false;
            c->timeoutSeconds = args.value(++i).toInt(&ok);
            if (!ok || c->timeoutSeconds < 1 || c->timeoutSeconds > 3600)
                return QStringLiteral("--timeout takes a number of seconds from 1 to 3600");
        } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
            return QStringLiteral("unknown option %1 for backend %2").arg(a, c->backendVerb);
        } else if (c->profileName.isEmpty() && c->backendVerb != QLatin1String("list")) {
            c->profileName = a;
        } else {
            return QStringLiteral("unexpected argument %1").arg(a);
        }
    }
    return {};
}

// One line from stdin; not echoed when stdin is a terminal (a key must not stay on the screen).
QString readKeyFromStdin(const QString &name)
{
    const bool terminal = isatty(STDIN_FILENO);
    termios saved{};
    if (terminal && tcgetattr(STDIN_FILENO, &saved) == 0) {
        std::fprintf(stderr, "API key for %s: ", qPrintable(name));
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    QTextStream in(stdin);
    const QString key = in.readLine().trimmed();
    if (terminal) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        std::fputs("\n", stderr);
    }
    return key;
}

QString keyPlace(const BackendConfig &config)
{
    if (config.apiKeyInKeyring)
        return QStringLiteral("key in the keyring");
    if (!config.apiKeyEnv.isEmpty())
        return QStringLiteral("key from $%1").arg(config.apiKeyEnv);
    return QStringLiteral("no key");
}

QString describe(const BackendConfig &config)
{
    switch (config.type) {
    case BackendConfig::Type::None:
        return {};
    case BackendConfig::Type::Stdio:
        return config.workingDirectory.isEmpty() ? config.command
                                                 : QStringLiteral("%1 (in %2)").arg(config.command, config.workingDirectory);
    case BackendConfig::Type::WebSocket:
        return config.url.toString(QUrl::RemoveUserInfo);
    case BackendConfig::Type::OpenAi:
        return QStringLiteral("%1, model %2, %3").arg(config.url.toString(QUrl::RemoveUserInfo), config.model, keyPlace(config));
    }
    return {};
}

// The key for an added OpenAI backend: into the keyring from stdin, or kept from the profile it replaces.
int storeKey(const CommandLine &c, const BackendConfig &previous, BackendConfig *config)
{
    SecretStore secrets;
    if (c.apiKeyStdin) {
        const QString key = readKeyFromStdin(c.profileName);
        if (key.isEmpty()) {
            printError(QStringLiteral("--api-key-stdin read no key"));
            return 2;
        }
        if (const SecretResult written = secrets.writeKeyNow(c.profileName, key); !written.ok()) {
            printError(QStringLiteral("backend %1 was not added: %2").arg(c.profileName, written.message));
            return 1;
        }
        config->apiKeyInKeyring = true;
        return 0;
    }
    const bool keep = previous.apiKeyInKeyring && config->type == BackendConfig::Type::OpenAi && config->apiKeyEnv.isEmpty();
    if (keep) {
        config->apiKeyInKeyring = true;
    } else if (previous.apiKeyInKeyring) {
        const SecretResult removed = secrets.removeKeyNow(c.profileName); // the replaced profile's key, now unused
        if (!removed.ok() && removed.status != SecretResult::Status::NotFound)
            printError(QStringLiteral("the old key of %1 stays in the keyring: %2").arg(c.profileName, removed.message));
    }
    return 0;
}

int runAdd(const CommandLine &c)
{
    BackendConfig config;
    QString error;
    if (!backendConfigFromArguments(c.backend, &config, &error)) { // checked by the parser; kept for safety
        printError(error);
        return 2;
    }
    config.profileName = c.profileName;
    if (!c.workingDirectory.isEmpty())
        config.workingDirectory = QFileInfo(c.workingDirectory).absoluteFilePath();
    BackendProfiles profiles;
    const BackendConfig previous = profiles.profile(c.profileName);
    if (const int code = storeKey(c, previous, &config); code != 0)
        return code;
    if (!profiles.save(config, &error)) {
        printError(error);
        return 1;
    }
    printOut(QStringLiteral("%1 backend %2 (%3: %4)")
                     .arg(previous.isNone() ? QStringLiteral("added") : QStringLiteral("replaced"), c.profileName,
                          backendTypeName(config.type), describe(config)));
    return 0;
}

int runList()
{
    const QList<BackendConfig> profiles = BackendProfiles().profiles();
    if (profiles.isEmpty())
        printError(QStringLiteral("no named backends yet: tessera backend add NAME --openai URL --model NAME"));
    for (const BackendConfig &config : profiles) {
        const QString where = config.type == BackendConfig::Type::OpenAi ? config.url.toString(QUrl::RemoveUserInfo)
                                                                          : describe(config);
        printOut(QStringLiteral("%1\t%2\t%3\t%4\t%5")
                         .arg(config.profileName, backendTypeName(config.type), where, config.model,
                              config.type == BackendConfig::Type::OpenAi ? keyPlace(config) : QString()));
    }
    return 0;
}

int runRemove(const CommandLine &c)
{
    BackendProfiles profiles;
    const BackendConfig config = profiles.profile(c.profileName);
    QString error;
    if (!profiles.remove(c.profileName, &error)) {
        printError(error + QStringLiteral(" (see tessera backend list)"));
        return 2;
    }
    printOut(QStringLiteral("removed backend %1").arg(c.profileName));
    if (!config.apiKeyInKeyring)
        return 0;
    SecretStore secrets;
    const SecretResult removed = secrets.removeKeyNow(c.profileName);
    if (removed.ok() || removed.status == SecretResult::Status::NotFound)
        return 0;
    printError(QStringLiteral("its key could not be deleted from the keyring: %1").arg(removed.message));
    return 1;
}

int runTest(const CommandLine &c)
{
    BackendConfig config;
    config.profileName = c.profileName;
    QString error;
    if (const int code = completeBackendConfig(&config, &error); code != 0) {
        printError(error);
        return code;
    }
    ConnectionTest test;
    if (c.timeoutSeconds > 0)
        test.setTimeoutMs(c.timeoutSeconds * 1000);
    ConnectionResult outcome;
    outcome.status = ConnectionResult::Status::Timeout;
    outcome.message = QStringLiteral("The test did not finish in time.");
    QEventLoop loop;
    QObject::connect(&test, &ConnectionTest::finished, &loop, [&](const ConnectionResult &r) {
        outcome = r;
        loop.quit();
    });
    // Two requests at most, each bounded by the test's own timeout; this is a second guard.
    QTimer::singleShot(2 * test.timeoutMs() + 5000, &loop, &QEventLoop::quit);
    test.test(config);
    if (test.isRunning())
        loop.exec();
    if (!outcome.ok()) {
        printError(QStringLiteral("backend %1: %2").arg(c.profileName, outcome.message));
        return 1;
    }
    printOut(QStringLiteral("backend %1: %2").arg(c.profileName, outcome.message));
    return 0;
}

} // namespace

CommandLine parseBackendCommand(CommandLine c, const QStringList &args)
{
    c.command = CommandLine::Command::Backend;
    c.backendVerb = args.value(0);
    static const QStringList verbs = {QStringLiteral("add"), QStringLiteral("list"), QStringLiteral("remove"),
                                      QStringLiteral("test")};
    if (!verbs.contains(c.backendVerb))
        return failure(QStringLiteral("backend takes add, list, remove or test"));
    if (const QString problem = takeBackendOptions(&c, args.mid(1)); !problem.isEmpty())
        return failure(problem);
    if (c.backendVerb != QLatin1String("list")) {
        if (c.profileName.isEmpty())
            return failure(QStringLiteral("backend %1 needs the backend's NAME").arg(c.backendVerb));
        if (const QString problem = BackendProfiles::nameProblem(c.profileName); !problem.isEmpty())
            return failure(problem);
    }
    if (c.backendVerb != QLatin1String("add")) {
        if (hasBackendArguments(c.backend))
            return failure(QStringLiteral("backend %1 takes no backend flags").arg(c.backendVerb));
        return c;
    }
    if (const QString problem = addProblem(c); !problem.isEmpty())
        return failure(problem);
    BackendConfig config;
    QString error;
    if (!backendConfigFromArguments(c.backend, &config, &error))
        return failure(error);
    return c;
}

int runBackendCommand(const CommandLine &commandLine)
{
    if (commandLine.backendVerb == QLatin1String("add"))
        return runAdd(commandLine);
    if (commandLine.backendVerb == QLatin1String("list"))
        return runList();
    if (commandLine.backendVerb == QLatin1String("remove"))
        return runRemove(commandLine);
    return runTest(commandLine);
}

int completeBackendConfig(BackendConfig *config, QString *error)
{
    if (!config->profileName.isEmpty()) {
        BackendProfiles profiles;
        const BackendConfig named = profiles.profile(config->profileName);
        if (named.isNone() && config->isNone()) {
            *error = QStringLiteral("There is no backend named %1 (see tessera backend list).").arg(config->profileName);
            return 2;
        }
        if (!named.isNone())
            *config = named; // the profile as it is now: an edit applies to every conversation using it
    }
    if (!config->apiKeyInKeyring || !config->apiKey.isEmpty())
        return 0;
    SecretStore secrets;
    QString key;
    const SecretResult read = secrets.readKeyNow(config->profileName, &key);
    if (!read.ok()) {
        *error = QStringLiteral("The API key of backend %1 could not be read: %2").arg(config->profileName, read.message);
        return 1;
    }
    config->apiKey = key;
    return 0;
}

} // namespace Tessera
