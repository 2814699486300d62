#pragma once

// The command line of PRODUCT.md §3:
//   tessera [FILE.jsonl]                      open the window (no FILE: the last conversation, else the demo)
//   tessera render FILE.jsonl -o OUT.png [--width PX] [--theme light|dark]
//   tessera validate FILE.jsonl [--json]      exit 0 all valid, 1 any invalid, 2 unreadable file
//   tessera --version | --help

#include <QString>
#include <QStringList>

namespace Tessera {

struct CommandLine
{
    enum class Command { Open, Render, Validate, Version, Help, Error };

    Command command = Command::Open;
    QString file;          // FILE.jsonl (Open: may be empty)
    QString output;        // render: -o
    int width = 900;       // render: --width, pixels, 320..4000
    QString theme = QStringLiteral("light"); // render: --theme light|dark
    bool json = false;     // validate: --json
    QString error;         // Command::Error: what was wrong, for stderr
};

CommandLine parseCommandLine(const QStringList &arguments);
QString usageText();

// Headless commands; each returns the process exit code and writes to stdout/stderr.
int runValidate(const CommandLine &commandLine);
int runRender(const CommandLine &commandLine);

} // namespace Tessera
