// Tessera's entry point: parses the command line, then either runs a headless command or opens the window.

#include <cstdio>

#include <QApplication>
#include <QFileInfo>
#include <QSettings>

#include "commandline.h"
#include "mainwindow.h"
#include "theme.h"

using namespace Tessera;

int main(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    const CommandLine commandLine = parseCommandLine(arguments);

    switch (commandLine.command) {
    case CommandLine::Command::Error:
        std::fprintf(stderr, "tessera: %s\n\n%s", qPrintable(commandLine.error), qPrintable(usageText()));
        return 2;
    case CommandLine::Command::Help:
        std::fputs(qPrintable(usageText()), stdout);
        return 0;
    case CommandLine::Command::Version:
        std::printf("tessera %s (Qt %s)\n", TESSERA_VERSION, qVersion());
        return 0;
    case CommandLine::Command::Validate: {
        QCoreApplication app(argc, argv);
        return runValidate(commandLine);
    }
    case CommandLine::Command::Render: {
        // Headless by design: draws the same with or without a display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        return runRender(commandLine);
    }
    case CommandLine::Command::Open:
        break;
    }

    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TESSERA_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("tessera"));

    ThemeMode mode = ThemeMode::System;
    themeModeFromString(QSettings().value(QStringLiteral("ui/theme"), QStringLiteral("system")).toString(), &mode);
    applyTheme(mode);

    MainWindow window;
    QString file = commandLine.file;
    if (file.isEmpty()) {
        const QString last = QSettings().value(QStringLiteral("conversation/lastFile")).toString();
        if (!last.isEmpty() && QFileInfo::exists(last))
            file = last;
    }
    if (file.isEmpty() || !window.openFile(file))
        window.openDemo();
    window.show();
    return app.exec();
}
