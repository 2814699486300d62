// Tessera's entry point: parses the command line, then either runs a headless command or opens the window.

#include <cstdio>

#include <QApplication>
#include <QFileInfo>
#include <QIcon>
#include <QSettings>
#include <QStatusBar>

#include <app/askcommand.h>
#include <app/backendcommand.h>
#include <app/commandline.h>
#include <app/exportcardcommand.h>
#include <app/localization.h>
#include <app/mcpcommand.h>
#include <app/mcpcontroller.h>
#include <app/mainwindow.h>
#include <app/plurals.h>
#include <app/settingsdialog.h>
#include <app/settingskeys.h>
#include <backend/openaitools.h>
#include <cards/allocator.h>
#include <canvas/canvascard.h>
#include <mcp/mcpconfig.h>
#include <canvas/canvassandbox.h>
#include <canvas/mcpappcard.h>
#include <store/conversationstore.h>
#include <store/storecommands.h>
#include <widgets/common/theme.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>

using namespace Tessera;

int main(int argc, char *argv[])
{
    // Widget documents (seed 003) are drawn by their own library; every drawing command needs them.
    installWidgetDocumentRenderer();
    // A tool's request for input (issue 16) is drawn as its form, read-only outside a live window.
    McpController::installToolInputRenderer();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    // --personality DIR: where canvas template mode reads ui/<name>.html (issue 3); else the setting.
    QString personalityDir;
    bool personalityGiven = false;
    if (const qsizetype at = arguments.indexOf(QLatin1String("--personality")); at > 0) {
        if (at + 1 >= arguments.size() || arguments.at(at + 1).isEmpty()) {
            std::fprintf(stderr, "tessera: --personality needs a directory\n");
            return 2;
        }
        personalityDir = arguments.at(at + 1);
        personalityGiven = true;
        arguments.remove(at, 2);
    }
    const CommandLine commandLine = parseCommandLine(arguments);
    // Canvas schemes must exist before any QApplication (QWebEngineUrlScheme's rule).
    registerCanvasSchemes();
    // Card kinds added by descriptor (issue 6): before any conversation is read, for every command.
    QStringList pluginErrors;
    McpConfig mcpConfig;
    if (commandLine.command != CommandLine::Command::Error && commandLine.command != CommandLine::Command::Help
        && commandLine.command != CommandLine::Command::Version) {
        pluginErrors = loadCardPlugins(commandLine);
        for (const QString &error : std::as_const(pluginErrors))
            std::fprintf(stderr, "tessera: %s\n", qPrintable(error));
        // --personality DIR (issue 15): its widget templates, checked at load; a broken one is an error for
        // every command, never skipped (seed 003). From the setting (the window): said, and left out.
        if (commandLine.command != CommandLine::Command::CheckTemplates) {
            const QString dir = personalityGiven ? personalityDir
                : commandLine.command == CommandLine::Command::Open
                    ? QSettings(QStringLiteral("Tessera"), QStringLiteral("Tessera")).value(SettingsKeys::kPersonalityDir).toString()
                    : QString();
            if (!dir.isEmpty()) {
                const WidgetTemplateSet templates = loadWidgetTemplates(dir);
                const QStringList problems = widgetTemplateProblems(templates);
                for (const QString &problem : problems)
                    std::fprintf(stderr, "tessera: widget template: %s\n", qPrintable(problem));
                if (!problems.isEmpty() && personalityGiven)
                    return 1;
                pluginErrors += problems;
                OpenAiTools::setWidgetTemplates(templates.templates);
            }
        }
        // --mcp-config FILE (issue 16): a configuration that does not read is an error for every command.
        QString mcpError;
        if (!loadMcpConfigArgument(commandLine, &mcpConfig, &mcpError)) {
            std::fprintf(stderr, "tessera: %s\n", qPrintable(mcpError));
            return 2;
        }
    }

    switch (commandLine.command) {
    case CommandLine::Command::Error:
        std::fprintf(stderr, "tessera: %s\n\n%s", qPrintable(commandLine.error), qPrintable(usageText()));
        return 2;
    case CommandLine::Command::Help:
        std::fputs(qPrintable(usageText()), stdout);
        return 0;
    case CommandLine::Command::Version:
        std::printf("tessera %s (Qt %s, %s)\n", TESSERA_VERSION, qVersion(), qPrintable(mallocImplementation()));
        return 0;
    case CommandLine::Command::Validate: {
        QCoreApplication app(argc, argv);
        installEnglishPlurals();
        return runValidate(commandLine);
    }
    case CommandLine::Command::CanvasTabs: {
        QCoreApplication app(argc, argv);
        return runCanvasTabs(commandLine);
    }
    case CommandLine::Command::Render: {
        // Headless by design: draws the same with or without a display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        installEnglishPlurals();
        // Canvases load and draw before the PNG is painted (canvascard.h, headless).
        CanvasCard::setHeadless(true);
        CanvasCard::setPersonalityDirectory(personalityDir);
        installCanvasRenderer();
        installMcpAppRenderer();
        return runRender(commandLine);
    }
    case CommandLine::Command::Import:
    case CommandLine::Command::List:
    case CommandLine::Command::Export: {
        // Stored conversations (issue 4): headless, Qt Core + Sql only.
        QCoreApplication app(argc, argv);
        installEnglishPlurals();
        if (commandLine.command == CommandLine::Command::Import)
            return runStoreImport(commandLine.file, commandLine.dataDir);
        if (commandLine.command == CommandLine::Command::List)
            return runStoreList(commandLine.dataDir, commandLine.search);
        return runStoreExport(commandLine.file, commandLine.output, commandLine.format, commandLine.dataDir);
    }
    case CommandLine::Command::CheckTemplates: {
        // Widget templates of a personality (issue 15): headless, Qt Core only.
        QCoreApplication app(argc, argv);
        return runCheckTemplates(commandLine);
    }
    case CommandLine::Command::ExportCard: {
        // One card out to Slack, Teams, WhatsApp, Telegram or Markdown (issue 14): headless, Qt Core only.
        QCoreApplication app(argc, argv);
        return runExportCard(commandLine);
    }
    case CommandLine::Command::Backend: {
        // Named backends (issue 12): headless; the keyring is reached over D-Bus, no display needed.
        QCoreApplication app(argc, argv);
        installEnglishPlurals();
        return runBackendCommand(commandLine);
    }
    case CommandLine::Command::Mcp: {
        // MCP servers (issue 16): headless, Qt Core + Network.
        QCoreApplication app(argc, argv);
        return runMcpCommand(commandLine);
    }
    case CommandLine::Command::Ask: {
        // A live backend, headless (issue 5). --render draws like `render`, so it needs the same setup.
        if (commandLine.renderOutput.isEmpty()) {
            QCoreApplication app(argc, argv);
            installEnglishPlurals();
            return AskCommand(commandLine).run();
        }
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        installEnglishPlurals();
        CanvasCard::setHeadless(true);
        CanvasCard::setPersonalityDirectory(personalityDir);
        installCanvasRenderer();
        installMcpAppRenderer();
        return AskCommand(commandLine).run();
    }
    case CommandLine::Command::Open:
        break;
    }

    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TESSERA_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("tessera"));
    QGuiApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("tessera")));
    {
        // --lang wins over the stored choice; neither: the system locale (issue 7, translations).
        QString language = commandLine.language;
        if (language.isEmpty())
            language = QSettings().value(SettingsKeys::kLanguage).toString();
        QString note;
        installTranslations(language, &note);
        if (!note.isEmpty())
            std::fprintf(stderr, "tessera: %s\n", qPrintable(note));
    }

    ThemeMode mode = ThemeMode::System;
    themeModeFromString(QSettings().value(SettingsKeys::kTheme, QStringLiteral("system")).toString(), &mode);
    applyTheme(mode);
    SettingsDialog::applyFontSize(QSettings().value(SettingsKeys::kFontSize, 0).toInt());

    if (!personalityGiven)
        personalityDir = QSettings().value(SettingsKeys::kPersonalityDir).toString();
    CanvasCard::setPersonalityDirectory(personalityDir);
    installCanvasRenderer();
    installMcpAppRenderer();

    MainWindow window;
    // One Tessera per data dir: a second one raises the first window instead of sharing the database.
    const QString dataDir = commandLine.dataDir.isEmpty() ? ConversationStore::defaultDataDir() : commandLine.dataDir;
    const StoreStatus store = window.openStore(dataDir);
    if (store.code == StoreError::Locked && MainWindow::raiseOtherInstance(dataDir)) {
        std::fprintf(stderr, "tessera: %s; raised its window instead.\n", qPrintable(store.message));
        return 0;
    }
    window.listenForOtherInstances();
    // Backend flags connect the window and override what a conversation remembers; without them, a
    // stored conversation that remembers its backend reconnects to it when opened (issue 5).
    // Issue 16: the servers of Settings → Tools and of --mcp-config (which wins on a name), the enabled ones'
    // tools offered to an OpenAI-compatible backend; Settings → Tools changes apply between turns.
    QObject::connect(window.mcpController(), &McpController::problemsFound, [](const QString &problems) {
        std::fprintf(stderr, "tessera: MCP servers: %s\n", qPrintable(problems));
    });
    window.setMcpConfig(mcpConfig);
    if (hasBackendArguments(commandLine.backend)) {
        BackendConfig config;
        QString error;
        backendConfigFromArguments(commandLine.backend, &config, &error); // checked by parseCommandLine
        // --backend-name: the profile and its key from the keyring (issue 12); a failure is said, not fatal.
        if (completeBackendConfig(&config, &error) == 0) {
            window.setBackendConfig(config, true);
        } else {
            std::fprintf(stderr, "tessera: %s\n", qPrintable(error));
            window.statusBar()->showMessage(error);
        }
    }

    // Shown before the conversation is read (issue 17): the view then lays its rows out once, at the
    // width it is shown at, instead of at a hidden widget's default size and again when shown.
    window.show();
    // FILE, else the last conversation (stored, then a file), else the most recent stored one (a fresh
    // settings directory beside a data dir that holds conversations), else the bundled demo.
    bool opened = !commandLine.file.isEmpty() && window.openFile(commandLine.file);
    if (!opened && commandLine.file.isEmpty()) {
        const QString lastId = QSettings().value(SettingsKeys::kLastConversationId).toString();
        opened = !lastId.isEmpty() && window.openStored(lastId);
        const QString lastFile = QSettings().value(SettingsKeys::kLastConversationFile).toString();
        if (!opened && !lastFile.isEmpty() && QFileInfo::exists(lastFile))
            opened = window.openFile(lastFile);
    }
    if (!opened && commandLine.file.isEmpty())
        opened = window.openMostRecentStored();
    if (!opened)
        window.openDemo();
    if (!pluginErrors.isEmpty()) // every line is on stderr too
        window.statusBar()->showMessage(pluginErrors.size() == 1
                ? pluginErrors.first()
                : QObject::tr("%1 (and %n more; see the terminal)", nullptr, int(pluginErrors.size() - 1))
                          .arg(pluginErrors.first()));
    return app.exec();
}
