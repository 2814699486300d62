// The program people start (/usr/bin/tessera; docs/decisions.md, "Speed, fifth step"). `tessera validate`
// of a file runs here, linked with Qt Core, the cards and the consent card kinds only: loading the window's
// libraries (Qt Widgets and Gui, QtWebEngine, Charts, Pdf) and binding their symbols took most of a short
// validate's time, and later the store's and the backends' (Qt Sql, SQLite, Network, WebSockets, the
// keyring) about 1.7 ms of it (the program is linked --as-needed; "Speed, twelfth step"). Every other
// command, validate of a stored conversation id, and validate with any option this front does not take,
// is handed to the window's program (main.cpp, libexec/tessera/tessera) by exec: the same process, the
// same arguments, so the window, its single instance and every message are as they were.

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include <QCoreApplication>

#include <app/plurals.h>
#include <app/validatecommand.h>
#include <cards/transcript.h>
#include <store/storecommands.h>

using namespace Tessera;

namespace {

// The window's program: beside this one in the build tree, in libexec once installed.
std::string windowProgram()
{
    char self[PATH_MAX] = {};
    if (!realpath("/proc/self/exe", self))
        return {};
    std::string dir(self);
    dir.erase(dir.find_last_of('/') + 1);
    for (const char *relative : {"libexec/tessera/tessera", TESSERA_WINDOW_PROGRAM_FROM_BINDIR}) {
        const std::string candidate = dir + relative;
        if (access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    CommandLine commandLine;
    // A stored conversation's id needs the store: the window's program reads it.
    if (parseFrontValidate(arguments, &commandLine) && namesAFile(commandLine.file)) {
        // In main.cpp's order: kinds added by descriptor before the application object exists (what
        // they log then names no application), then the application, the plurals and the command.
        for (const QString &error : loadCardPlugins(commandLine))
            std::fprintf(stderr, "tessera: %s\n", qPrintable(error));
        QCoreApplication app(argc, argv);
        installEnglishPlurals();
        const auto readFile = [](const QString &file, const QString &, Transcript *transcript, QString *error) {
            return Transcript::readFile(file, transcript, error);
        };
        return runValidate(commandLine, readFile);
    }
    const std::string program = windowProgram();
    if (program.empty()) {
        std::fprintf(stderr, "tessera: the window's program (libexec/tessera/tessera) is not installed beside %s\n",
                     argc > 0 && argv[0] ? argv[0] : "tessera");
        return 2;
    }
    execv(program.c_str(), argv);
    std::fprintf(stderr, "tessera: cannot start %s: %s\n", program.c_str(), std::strerror(errno));
    return 2;
}
