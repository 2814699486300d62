#pragma once

// The command line of PRODUCT.md §3:
//   tessera [FILE.jsonl]                      open the window (no FILE: the last conversation, else the demo)
//   tessera render FILE.jsonl -o OUT.png [--width PX] [--theme light|dark] [--lang CODE]
//   tessera validate FILE.jsonl [--json]      exit 0 all valid, 1 any invalid, 2 unreadable file
//   tessera --version | --help
// Stored conversations (issue 4; store/storecommands.h): import, list, export; render and validate take a
// stored id too; every command takes --data-dir DIR.

#include <QString>
#include <QStringList>

namespace Tessera {

struct CommandLine
{
    enum class Command { Open, Render, Validate, Version, Help, Error, Import, List, Export };

    Command command = Command::Open;
    QString file;          // FILE.jsonl (Open: may be empty)
    QString output;        // render: -o
    int width = 900;       // render: --width, pixels, 320..4000
    QString theme = QStringLiteral("light"); // render: --theme light|dark
    bool json = false;     // validate: --json
    QString language;      // render and the window: --lang CODE ("de", "ar"); empty = English for render, system for the window
    QString error;         // Command::Error: what was wrong, for stderr
    QString dataDir;       // --data-dir DIR (every command); empty = ConversationStore::defaultDataDir()
    QString format = QStringLiteral("jsonl"); // export: --format jsonl|md
    QString search;        // list: optional SEARCH (title and text)
};

CommandLine parseCommandLine(const QStringList &arguments);
QString usageText();

// Headless commands; each returns the process exit code and writes to stdout/stderr.
int runValidate(const CommandLine &commandLine);
int runRender(const CommandLine &commandLine);

} // namespace Tessera
