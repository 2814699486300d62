#pragma once

// The command line of PRODUCT.md §3:
//   tessera [FILE.jsonl]                      open the window (no FILE: the last conversation, else the most
//                                             recent stored one, else the demo)
//   tessera render FILE.jsonl -o OUT.png [--width PX] [--theme light|dark] [--lang CODE]   (-o -: stdout)
//   tessera validate FILE.jsonl [--json] [--expect cardsAtLeast:N | cardKind:KIND]...
//                                             exit 0 all valid and met, 1 any invalid or unmet, 2 unreadable
//   tessera --version | --help
// Stored conversations (issue 4; store/storecommands.h): import, list, export; render and validate take a
// stored id too; every command takes --data-dir DIR.
// Live backends (issue 5): tessera [--backend-cmd CMD | --backend URL | --openai URL --model NAME
// [--api-key-env VAR]] [FILE] opens the window connected; tessera ask [backend flags] [--conversation ID]
// [--render OUT.png] [--timeout SEC] [--mcp NAME]... [--allow-tool PATTERN]... "TEXT" sends one message headless.
// Named backends (issue 12; app/backendcommand.h): tessera backend add NAME (--openai URL --model NAME
// [--api-key-stdin | --api-key-env VAR] | --backend URL | --backend-cmd CMD [--workdir DIR]),
// tessera backend list | remove NAME | test NAME [--timeout SEC]; --backend-name NAME for ask and the window.
// MCP servers (issue 16; app/mcpcommand.h): --mcp-config FILE on every command; tessera mcp list,
// tessera mcp tools NAME|--url URL, tessera mcp call NAME|--url URL TOOL [ARGUMENTS_JSON] [--timeout SEC].
// One card out (issue 14; app/exportcardcommand.h): tessera export-card SOURCE --card N|ID
// --to slack|teams|whatsapp|telegram|markdown [-o FILE].
// Widget templates (issue 15; cards/dialects/widgettemplate.h): tessera check-templates DIR prints one line
// per problem of DIR/ui/*.widget.json ("ui/x.widget.json: /document/root/value: …"); exit 0 clean,
// 1 problems, 2 unreadable. --personality DIR loads them for the window, render and ask (app/main.cpp).

#include <QString>
#include <QStringList>

#include <app/expectations.h>
#include <cards/dialects/widgettemplate.h>
#include <backend/backendconfig.h>
#include <store/storecommands.h>

namespace Tessera {

struct CommandLine
{
    enum class Command { Open, Render, Validate, Version, Help, Error, Import, List, Export, Ask, Backend, Mcp,
                         ExportCard, CheckTemplates, CanvasTabs };

    Command command = Command::Open;
    QString file;          // FILE.jsonl (Open: may be empty); check-templates: the personality DIR
    QString output;        // render: -o
    int width = 900;       // render: --width, pixels, 320..4000
    QString theme = QStringLiteral("light"); // render: --theme light|dark
    bool json = false;     // validate: --json
    QList<Expectation> expectations; // validate: --expect cardsAtLeast:N | cardKind:KIND, repeatable (expectations.h)
    QString language;      // render and the window: --lang CODE ("de", "ar"); empty = English for render, system for the window
    QString error;         // Command::Error: what was wrong, for stderr
    QString dataDir;       // --data-dir DIR (every command); empty = ConversationStore::defaultDataDir()
    QString format = QStringLiteral("jsonl"); // export: --format jsonl|md
    QString search;        // list: optional SEARCH (title and text)
    QString pluginsDir;    // --plugins DIR (every command): card kind descriptors (cardkindregistry.h)
    // Live backends (issue 5), window and ask: --backend-cmd CMD | --backend URL | --openai URL --model NAME
    // [--api-key-env VAR]; checked by backendConfigFromArguments (backendconfig.h).
    BackendArguments backend;
    QString text;          // ask: the message
    QString conversation;  // ask: --conversation ID (or unique prefix); empty = a new conversation
    QString renderOutput;  // ask: --render OUT.png
    QStringList askMcpServers; // ask: --mcp NAME (repeatable): the --mcp-config servers whose tools are offered
    QStringList allowTools;    // ask: --allow-tool PATTERN (repeatable): a glob on server__tool; the rest is denied
    int timeoutSeconds = 0; // ask: --timeout SEC (1..86400), silence allowed in a turn; 0 = the default 120;
                            // backend test: per request, 0 = ConnectionTest's default;
                            // mcp: per request and for initialize (1..3600), 0 = the client's defaults
    // Named backends (issue 12): tessera backend VERB [NAME]; the backend itself comes in `backend`.
    QString backendVerb;      // "add", "list", "remove", "test"
    QString profileName;      // NAME
    QString workingDirectory; // backend add: --workdir DIR (with --backend-cmd)
    bool apiKeyStdin = false; // backend add: --api-key-stdin (with --openai): the key is read from stdin
    // MCP servers (issue 16): --mcp-config FILE (every command; read and checked before any command runs).
    QString mcpConfig;
    QString mcpVerb;          // "list", "tools", "call"
    QString mcpServer;        // NAME from the configuration
    QString mcpUrl;           // --url URL instead of NAME
    QString mcpElicitation;   // mcp call --elicitation: "" or "decline", "cancel", "accept", "accept=JSON"
    QString toolName;         // call: TOOL
    QString toolArguments;    // call: ARGUMENTS_JSON (an object); empty = {}
    // export-card (issue 14): SOURCE in `file`, -o in `output` ("" or "-": stdout).
    QString cardSelector;     // --card N (1-based, conversation order) or a card id
    QString surface;          // --to slack|teams|whatsapp|telegram|markdown
};

CommandLine parseCommandLine(const QStringList &arguments);
// A conversation argument as a path to read: "-" stands for standard input, as "-o -" stands for standard
// output (validate, render, export-card).
inline QString conversationPath(const QString &argument)
{
    return argument == QLatin1String("-") ? QStringLiteral("/dev/stdin") : argument;
}

// Card kinds added by descriptor (issue 6, cardkindregistry.h), loaded before any conversation is read:
// from --plugins DIR, else the setting "cards/pluginsDir", else <AppDataLocation>/plugins (that default
// is skipped quietly when it does not exist). One line per problem ("gate.json: /renderer: must be …").
QStringList loadCardPlugins(const CommandLine &commandLine);
QString usageText();

// Headless commands; each returns the process exit code and writes to stdout/stderr.
// tessera ask is its own class: AskCommand (askcommand.h).
// validate reads a conversation it does not read by lines (--expect; see validatecommand.cpp) with `read`:
// the window's program a file or a stored id, the front (frontmain.cpp), which has no store, a file.
using ConversationReader = bool (*)(const QString &argument, const QString &dataDir, Transcript *transcript,
                                    QString *error);
int runValidate(const CommandLine &commandLine, ConversationReader read = readConversationArgument);
int runRender(const CommandLine &commandLine);
int runCheckTemplates(const CommandLine &commandLine);
// The problems of a personality's widget templates as lines for stderr, also when it cannot be read;
// empty when they are all good. Used at start-up by --personality (exit 1 on any).
QStringList widgetTemplateProblems(const WidgetTemplateSet &set);
// tessera canvas-tabs SOURCE (issue 15): the canvas panel as the conversation leaves it, one JSON line per
// tab {"index","type","title","source","active"} (index from 0; source null when the tab has none);
// nothing for a conversation with no tab. Exit 0, or 2 when SOURCE cannot be read.
int runCanvasTabs(const CommandLine &commandLine);

// What the headless commands print: one line on stdout (flushed at once, so a script reading the pipe
// sees it) or on stderr.
void printOut(const QString &text);
void printErr(const QString &text);

} // namespace Tessera
