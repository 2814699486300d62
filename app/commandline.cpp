#include <app/commandline.h>

#include <cstdio>

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include <nlohmann/json.hpp>

#include <app/backendcommand.h>
#include <app/localization.h>
#include <app/mcpcommand.h>
#include <app/settingsdialog.h>
#include <app/settingskeys.h>
#include <backend/toolhost.h>
#include <cards/cardkindregistry.h>
#include <cards/toolcarddescriptor.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <export/cardexporter.h>
#include <store/conversationstore.h>
#include <store/storecommands.h>
#include <widgets/common/theme.h>
#include <widgets/conversation/conversationview.h>
#include <workbench/canvaspanel.h>

namespace Tessera {

namespace {

// A PNG taller than this is cut (image viewers and QImage itself struggle past it).
constexpr int kMaxRenderHeight = 32000;
constexpr int kCanvasRenderHeight = 520; // px: the canvas panel drawn under the conversation

// A string as a JSON literal (quotes, escapes; UTF-8 kept).
QString jsonStringLiteral(const QString &text)
{
    return QString::fromStdString(nlohmann::json(text.toStdString()).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

CommandLine failure(const QString &error)
{
    CommandLine c;
    c.command = CommandLine::Command::Error;
    c.error = error;
    return c;
}

} // namespace

QString usageText()
{
    return QStringLiteral(
        "Usage:\n"
        "  tessera [FILE.jsonl]                       open the window (no FILE: the last conversation, else the most\n"
        "                                             recent stored one, else the demo)\n"
        "  tessera render FILE.jsonl -o OUT.png [--width PX] [--theme light|dark] [--lang CODE]\n"
        "                                             draw the whole conversation to one PNG (no display needed)\n"
        "  tessera canvas-tabs FILE.jsonl|ID          the canvas panel's tabs, one JSON line each\n"
        "  tessera validate FILE.jsonl [--json] [--expect cardsAtLeast:N] [--expect cardKind:KIND]...\n"
        "                                             one line per invalid card and per unmet expectation;\n"
        "                                             exit 0 valid, 1 invalid or unmet, 2 unreadable\n"
        "  tessera import FILE.jsonl                  store a conversation; prints its id as the last line\n"
        "  tessera list [SEARCH]                      stored conversations: id, title, messages, cards, last activity\n"
        "  tessera export ID -o FILE [--format jsonl|md]   (-o - for render and export: standard output)\n"
        "                                             write a stored conversation (render/validate take an ID too;\n"
        "                                             FILE - for render, validate and export-card: standard input)\n"
        "  tessera export-card FILE|ID --card N|CARD-ID --to slack|teams|whatsapp|telegram|markdown [-o FILE]\n"
        "                                             one card as that surface's message; over a limit: the issues\n"
        "                                             on stderr, exit 1, nothing written\n"
        "  tessera ask [--backend-cmd CMD | --backend URL | --openai URL --model NAME [--api-key-env VAR]\n"
        "              | --backend-name NAME]\n"
        "              [--conversation ID] [--render OUT.png] [--timeout SEC] \"TEXT\"\n"
        "                                             send one message to a live backend, wait for the answer;\n"
        "                                             prints it, then the conversation id as the last line\n"
        "              [--mcp NAME]... [--allow-tool PATTERN]...\n"
        "                                             --mcp: offer that --mcp-config server's tools (OpenAI-compatible\n"
        "                                             backends); every call is denied unless a --allow-tool glob on\n"
        "                                             server__tool names it\n"
        "  --backend-cmd CMD | --backend ws://… | --openai URL --model NAME | --backend-name NAME (window):\n"
        "                                             open connected\n"
        "  tessera backend add NAME (--openai URL --model NAME [--api-key-stdin | --api-key-env VAR]\n"
        "                            | --backend ws://… | --backend-cmd CMD [--workdir DIR])\n"
        "                                             a named backend; --api-key-stdin puts the key in the keyring\n"
        "  tessera backend list                       named backends: name, kind, URL or command, model, key\n"
        "  tessera backend remove NAME                forget it and delete its key from the keyring\n"
        "  tessera backend test NAME [--timeout SEC]  exit 0 only when the endpoint answered\n"
        "  --backend-name NAME (ask and window): use a named backend\n"
        "  tessera mcp list                           MCP servers of --mcp-config: name, transport, ok/error,\n"
        "                                             server name and version, tool count (after initialize)\n"
        "  tessera mcp tools NAME|--url URL           a server's tools: name, annotations, input schema\n"
        "  tessera mcp call NAME|--url URL TOOL [ARGUMENTS_JSON] [--timeout SEC]\n"
        "                                             call a tool: its text and structuredContent; exit 1 on\n"
        "                                             isError, 2 when the server failed; a server's form is\n"
        "                                             declined unless --elicitation cancel|accept|accept=JSON\n"
        "  --mcp-config FILE (every command): MCP servers, {\"mcpServers\": {NAME: {\"command\", \"args\", \"env\"}\n"
        "                                             | {\"url\"}}}\n"
        "  --data-dir DIR (every command): where conversations are stored\n"
        "  --plugins DIR (every command): card kinds added by descriptor files DIR/*.json\n"
        "  tessera --version\n"
        "  --lang CODE (window and render): interface language, e.g. de or ar (right to left)\n"
        "  tessera check-templates DIR                widget templates DIR/ui/*.widget.json: one line per problem;\n"
        "                                             exit 0 clean, 1 problems, 2 unreadable\n"
        "  --personality DIR (window, render, ask): canvas templates ui/NAME.html and widget templates\n"
        "                                             ui/NAME.widget.json (a broken widget template stops start-up)\n");
}

// --backend-cmd CMD, --backend URL, --openai URL, --model NAME, --api-key-env VAR, wherever they stand.
static QString takeBackendArguments(QStringList *args, BackendArguments *out)
{
    const struct { const char *flag; QString *value; } flags[] = {
        {"--backend-cmd", &out->backendCmd}, {"--backend", &out->backend}, {"--openai", &out->openAi},
        {"--model", &out->model},            {"--api-key-env", &out->apiKeyEnv},
        {"--backend-name", &out->backendName},
    };
    for (const auto &flag : flags) {
        const qsizetype at = args->indexOf(QLatin1String(flag.flag));
        if (at < 0)
            continue;
        if (at + 1 >= args->size() || args->at(at + 1).trimmed().isEmpty())
            return QStringLiteral("%1 needs a value").arg(QLatin1String(flag.flag));
        *flag.value = args->at(at + 1);
        args->remove(at, 2);
        if (args->contains(QLatin1String(flag.flag)))
            return QStringLiteral("%1 is given twice").arg(QLatin1String(flag.flag));
    }
    return {};
}

// ask [--conversation ID] [--render OUT.png] [--timeout SEC] TEXT; args start after the verb.
static CommandLine parseAsk(CommandLine c, const QStringList &args)
{
    c.command = CommandLine::Command::Ask;
    bool textGiven = false;
    bool optionsEnded = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        auto value = [&](QString *out) {
            if (i + 1 >= args.size() || args.at(i + 1).isEmpty())
                return false;
            *out = args.at(++i);
            return true;
        };
        if (!optionsEnded && a == QLatin1String("--")) {
            optionsEnded = true;
        } else if (!optionsEnded && a == QLatin1String("--conversation")) {
            if (!value(&c.conversation))
                return failure(QStringLiteral("--conversation needs a conversation id"));
        } else if (!optionsEnded && a == QLatin1String("--render")) {
            if (!value(&c.renderOutput))
                return failure(QStringLiteral("--render needs a file name"));
            if (c.renderOutput == QLatin1String("-")) // the answer is printed there already
                return failure(QStringLiteral("--render needs a file name: standard output carries the answer"));
        } else if (!optionsEnded && a == QLatin1String("--timeout")) {
            QString text;
            bool ok = false;
            if (!value(&text) || (c.timeoutSeconds = text.toInt(&ok), !ok) || c.timeoutSeconds < 1
                || c.timeoutSeconds > 86400)
                return failure(QStringLiteral("--timeout takes a number of seconds from 1 to 86400"));
        } else if (!optionsEnded && a == QLatin1String("--mcp")) {
            QString name;
            if (!value(&name))
                return failure(QStringLiteral("--mcp needs the name of a server in --mcp-config"));
            if (!c.askMcpServers.contains(name))
                c.askMcpServers.append(name);
        } else if (!optionsEnded && a == QLatin1String("--allow-tool")) {
            QString pattern;
            if (!value(&pattern))
                return failure(QStringLiteral("--allow-tool needs a pattern on server__tool, e.g. files__read_*"));
            c.allowTools.append(pattern);
        } else if (!optionsEnded && a.startsWith(QLatin1Char('-')) && a.size() > 1) {
            return failure(QStringLiteral("unknown option %1").arg(a));
        } else if (!textGiven) {
            c.text = a;
            textGiven = true;
        } else {
            return failure(QStringLiteral("unexpected argument %1 (quote the message: one argument)").arg(a));
        }
    }
    if (!textGiven || c.text.trimmed().isEmpty())
        return failure(QStringLiteral("ask needs the message to send, e.g. tessera ask --backend-cmd CMD \"hello\""));
    if (!hasBackendArguments(c.backend) && c.conversation.isEmpty())
        return failure(QStringLiteral("ask needs a backend: --backend-cmd CMD, --backend URL, --openai URL --model NAME "
                                      "or --backend-name NAME"));
    return c;
}

// export-card SOURCE --card N|ID --to SURFACE [-o FILE]; args start after the verb.
// A command that takes exactly one operand (into c.file) and no option of its own: check-templates,
// canvas-tabs. `missing` is the error when none is given.
static CommandLine parseOneOperand(CommandLine c, CommandLine::Command command, const QStringList &args,
                                   const QString &missing)
{
    c.command = command;
    for (const QString &a : args) {
        if (a.startsWith(QLatin1Char('-')) && a.size() > 1)
            return failure(QStringLiteral("unknown option %1").arg(a));
        if (!c.file.isEmpty())
            return failure(QStringLiteral("unexpected argument %1").arg(a));
        c.file = a;
    }
    if (c.file.isEmpty())
        return failure(missing);
    return c;
}

static CommandLine parseExportCard(CommandLine c, const QStringList &args)
{
    c.command = CommandLine::Command::ExportCard;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        auto value = [&](QString *out) {
            if (i + 1 >= args.size() || args.at(i + 1).isEmpty())
                return false;
            *out = args.at(++i);
            return true;
        };
        if (a == QLatin1String("-o") || a == QLatin1String("--output")) {
            if (!value(&c.output))
                return failure(QStringLiteral("%1 needs a file name (- for standard output)").arg(a));
        } else if (a == QLatin1String("--card")) {
            if (!value(&c.cardSelector))
                return failure(QStringLiteral("--card needs a card number (from 1) or a card id"));
        } else if (a == QLatin1String("--to")) {
            ExportSurface surface;
            if (!value(&c.surface) || !exportSurfaceFromName(c.surface, &surface))
                return failure(QStringLiteral("--to takes slack, teams, whatsapp, telegram or markdown"));
        } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
            return failure(QStringLiteral("unknown option %1").arg(a));
        } else if (c.file.isEmpty()) {
            c.file = conversationPath(a);
        } else {
            return failure(QStringLiteral("unexpected argument %1").arg(a));
        }
    }
    if (c.file.isEmpty())
        return failure(QStringLiteral("export-card needs a conversation file or a stored conversation id"));
    if (c.cardSelector.isEmpty())
        return failure(QStringLiteral("export-card needs --card N (from 1, in conversation order) or --card ID"));
    if (c.surface.isEmpty())
        return failure(QStringLiteral("export-card needs --to slack, teams, whatsapp, telegram or markdown"));
    return c;
}

// import FILE | list [SEARCH] | export ID -o FILE [--format jsonl|md]; args start with the verb.
static CommandLine parseStoreCommand(CommandLine c, QStringList args)
{
    const QString verb = args.takeFirst();
    c.command = verb == QLatin1String("import") ? CommandLine::Command::Import
        : verb == QLatin1String("list")         ? CommandLine::Command::List
                                                : CommandLine::Command::Export;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (c.command == CommandLine::Command::Export && (a == QLatin1String("-o") || a == QLatin1String("--output"))) {
            if (i + 1 >= args.size())
                return failure(QStringLiteral("%1 needs a file name").arg(a));
            c.output = args.at(++i);
        } else if (c.command == CommandLine::Command::Export && a == QLatin1String("--format")) {
            if (i + 1 >= args.size() || (args.at(i + 1) != QLatin1String("jsonl") && args.at(i + 1) != QLatin1String("md")))
                return failure(QStringLiteral("--format takes jsonl or md"));
            c.format = args.at(++i);
        } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
            return failure(QStringLiteral("unknown option %1").arg(a));
        } else if (c.command == CommandLine::Command::List && c.search.isEmpty()) {
            c.search = a;
        } else if (c.command != CommandLine::Command::List && c.file.isEmpty()) {
            c.file = a; // import: FILE.jsonl; export: the conversation id
        } else {
            return failure(QStringLiteral("unexpected argument %1").arg(a));
        }
    }
    if (c.command == CommandLine::Command::Import && c.file.isEmpty())
        return failure(QStringLiteral("import needs a conversation file"));
    if (c.command == CommandLine::Command::Export && c.file.isEmpty())
        return failure(QStringLiteral("export needs a conversation id (see tessera list)"));
    if (c.command == CommandLine::Command::Export && c.output.isEmpty())
        return failure(QStringLiteral("export needs -o FILE"));
    return c;
}

CommandLine parseCommandLine(const QStringList &arguments)
{
    CommandLine c;
    QStringList args = arguments.mid(1);
    if (args.contains(QLatin1String("--version")) || args.contains(QLatin1String("-v"))) {
        c.command = CommandLine::Command::Version;
        return c;
    }
    if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
        c.command = CommandLine::Command::Help;
        return c;
    }
    // --lang CODE goes with the window and with render (issue 7, translations).
    if (const qsizetype at = args.indexOf(QLatin1String("--lang")); at >= 0) {
        if (at + 1 >= args.size() || args.at(at + 1).startsWith(QLatin1Char('-')))
            return failure(QStringLiteral("--lang needs a language code such as de or ar"));
        c.language = args.at(at + 1);
        args.remove(at, 2);
    }
    // --plugins DIR goes with every command (issue 6: card kinds added by descriptor).
    if (const qsizetype at = args.indexOf(QLatin1String("--plugins")); at >= 0) {
        if (at + 1 >= args.size() || args.at(at + 1).isEmpty())
            return failure(QStringLiteral("--plugins needs a directory"));
        c.pluginsDir = args.at(at + 1);
        args.remove(at, 2);
    }
    // --data-dir DIR goes with every command (issue 4, the store).
    if (const qsizetype at = args.indexOf(QLatin1String("--data-dir")); at >= 0) {
        if (at + 1 >= args.size() || args.at(at + 1).isEmpty())
            return failure(QStringLiteral("--data-dir needs a directory"));
        c.dataDir = args.at(at + 1);
        args.remove(at, 2);
    }
    // --mcp-config FILE goes with every command (issue 16, MCP servers; read in main()).
    if (const qsizetype at = args.indexOf(QLatin1String("--mcp-config")); at >= 0) {
        if (at + 1 >= args.size() || args.at(at + 1).isEmpty())
            return failure(QStringLiteral("--mcp-config needs a file"));
        c.mcpConfig = args.at(at + 1);
        args.remove(at, 2);
    }
    if (args.value(0) == QLatin1String("mcp"))
        return parseMcpCommand(c, args.mid(1)); // mcpcommand.h; backend flags are not taken out of its arguments
    // Backend flags (issue 5) go with the window and with ask.
    if (const QString error = takeBackendArguments(&args, &c.backend); !error.isEmpty())
        return failure(error);
    if (args.value(0) == QLatin1String("backend"))
        return parseBackendCommand(c, args.mid(1)); // backendcommand.h: takes the backend flags for add
    if (hasBackendArguments(c.backend)) {
        const QString &v = args.value(0);
        if (v == QLatin1String("render") || v == QLatin1String("validate") || v == QLatin1String("import")
            || v == QLatin1String("list") || v == QLatin1String("export") || v == QLatin1String("export-card"))
            return failure(QStringLiteral("--backend-cmd, --backend and --openai go with the window and ask, not %1").arg(v));
        BackendConfig config;
        QString error;
        if (!backendConfigFromArguments(c.backend, &config, &error))
            return failure(error);
    }
    if (!args.isEmpty() && args.first() == QLatin1String("ask"))
        return parseAsk(c, args.mid(1));
    if (!args.isEmpty() && args.first() == QLatin1String("export-card"))
        return parseExportCard(c, args.mid(1));
    if (!args.isEmpty() && args.first() == QLatin1String("check-templates"))
        return parseOneOperand(c, CommandLine::Command::CheckTemplates, args.mid(1),
                               QStringLiteral("check-templates needs a personality directory (its ui/*.widget.json are checked)"));
    if (args.isEmpty())
        return c;
    if (const QString &v = args.first(); v == QLatin1String("import") || v == QLatin1String("list") || v == QLatin1String("export"))
        return parseStoreCommand(c, args);

    const QString verb = args.first();
    if (verb == QLatin1String("canvas-tabs"))
        return parseOneOperand(c, CommandLine::Command::CanvasTabs, args.mid(1),
                               QStringLiteral("canvas-tabs needs a conversation file or id"));
    if (verb == QLatin1String("render") || verb == QLatin1String("validate")) {
        c.command = verb == QLatin1String("render") ? CommandLine::Command::Render : CommandLine::Command::Validate;
        args.removeFirst();
        for (int i = 0; i < args.size(); ++i) {
            const QString &a = args.at(i);
            auto value = [&](QString *out) {
                if (i + 1 >= args.size())
                    return false;
                *out = args.at(++i);
                return true;
            };
            if (c.command == CommandLine::Command::Render && (a == QLatin1String("-o") || a == QLatin1String("--output"))) {
                if (!value(&c.output))
                    return failure(QStringLiteral("%1 needs a file name").arg(a));
            } else if (c.command == CommandLine::Command::Render && a == QLatin1String("--width")) {
                QString text;
                bool ok = false;
                if (!value(&text) || (c.width = text.toInt(&ok), !ok) || c.width < 320 || c.width > 4000)
                    return failure(QStringLiteral("--width takes a number of pixels from 320 to 4000"));
            } else if (c.command == CommandLine::Command::Render && a == QLatin1String("--theme")) {
                if (!value(&c.theme) || (c.theme != QLatin1String("light") && c.theme != QLatin1String("dark")))
                    return failure(QStringLiteral("--theme takes light or dark"));
            } else if (c.command == CommandLine::Command::Validate && a == QLatin1String("--json")) {
                c.json = true;
            } else if (c.command == CommandLine::Command::Validate && a == QLatin1String("--expect")) {
                QString text;
                Expectation expectation;
                if (!value(&text) || !parseExpectation(text, &expectation))
                    return failure(QStringLiteral("--expect takes cardsAtLeast:N or cardKind:KIND"));
                c.expectations.append(expectation);
            } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
                return failure(QStringLiteral("unknown option %1").arg(a));
            } else if (c.file.isEmpty()) {
                c.file = conversationPath(a);
            } else {
                return failure(QStringLiteral("unexpected argument %1").arg(a));
            }
        }
        if (c.file.isEmpty())
            return failure(QStringLiteral("%1 needs a conversation file").arg(verb));
        if (c.command == CommandLine::Command::Render && c.output.isEmpty())
            return failure(QStringLiteral("render needs -o OUT.png"));
        return c;
    }

    for (const QString &a : std::as_const(args)) {
        if (a.startsWith(QLatin1Char('-')) && a.size() > 1)
            return failure(QStringLiteral("unknown option %1").arg(a));
        if (!c.file.isEmpty())
            return failure(QStringLiteral("unexpected argument %1").arg(a));
        c.file = a;
    }
    return c;
}

QStringList widgetTemplateProblems(const WidgetTemplateSet &set)
{
    QStringList lines;
    for (const WidgetTemplateProblem &problem : set.problems)
        lines.append(problem.line());
    if (!set.readable)
        lines.append(set.unreadable);
    return lines;
}

int runCheckTemplates(const CommandLine &commandLine)
{
    const WidgetTemplateSet set = loadWidgetTemplates(commandLine.file);
    if (!set.readable) {
        printErr(QStringLiteral("tessera: ") + set.unreadable);
        return 2;
    }
    for (const WidgetTemplateProblem &problem : set.problems)
        printOut(problem.line());
    printErr(QStringLiteral("%1 good widget templates, %2 problems")
                 .arg(set.templates.size()).arg(set.problems.size()));
    return set.problems.isEmpty() ? 0 : 1;
}

int runCanvasTabs(const CommandLine &commandLine)
{
    Transcript transcript;
    QString error;
    if (!readConversationArgument(commandLine.file, commandLine.dataDir, &transcript, &error)) {
        printErr(QStringLiteral("tessera: ") + error);
        return 2;
    }
    const CanvasPanelState state = CanvasPanelState::replay(transcript.messages);
    for (int i = 0; i < state.tabs().size(); ++i) {
        const CanvasTab &tab = state.tabs().at(i);
        // Keys in this order, one compact object per line.
        const QString line = QStringLiteral("{\"index\":%1,\"type\":%2,\"title\":%3,\"source\":%4,\"active\":%5}")
                                     .arg(i)
                                     .arg(jsonStringLiteral(canvasContentTypeName(tab.type)), jsonStringLiteral(tab.title),
                                          tab.source.isEmpty() ? QStringLiteral("null") : jsonStringLiteral(tab.source),
                                          i == state.activeIndex() ? QStringLiteral("true") : QStringLiteral("false"));
        printOut(line);
    }
    return 0;
}

int runRender(const CommandLine &commandLine)
{
    Transcript transcript;
    QString error;
    if (!readConversationArgument(commandLine.file, commandLine.dataDir, &transcript, &error)) { // a file or a stored id
        printErr(QStringLiteral("tessera: ") + error);
        return 2;
    }
    if (!commandLine.language.isEmpty()) {
        QString note;
        installTranslations(commandLine.language, &note);
        if (!note.isEmpty())
            printErr(QStringLiteral("tessera: ") + note);
    }
    ThemeMode mode = ThemeMode::Light;
    themeModeFromString(commandLine.theme, &mode);
    applyTheme(mode);

    ConversationModel model;
    model.setTranscript(transcript);
    int rowsDrawn = 0;
    QImage image = ConversationView::renderToImage(&model, commandLine.width, themePalette(mode),
                                                    kMaxRenderHeight, &rowsDrawn,
                                                    SettingsDialog::storedRenderSettings());
    // The canvas panel as it stands at the end (issue 15): its tab strip and active tab, below.
    const CanvasPanelState canvas = CanvasPanelState::replay(transcript.messages);
    if (!canvas.isEmpty()) {
        CanvasViewContext context;
        context.workingDir = QDir::currentPath();
        context.render.settings = SettingsDialog::storedRenderSettings();
        const QImage panel = CanvasPanel::renderToImage(canvas, context, image.width(), kCanvasRenderHeight, themePalette(mode));
        QImage both(image.width(), image.height() + panel.height(), QImage::Format_ARGB32_Premultiplied);
        both.fill(themePalette(mode).color(QPalette::Window));
        QPainter painter(&both);
        painter.drawImage(0, 0, image);
        painter.setPen(themePalette(mode).color(QPalette::Mid));
        painter.drawLine(0, image.height(), image.width(), image.height());
        painter.drawImage(0, image.height() + 1, panel);
        painter.end();
        image = both;
    }
    // -o -: the PNG on standard output, so what is said about it goes to standard error.
    const bool toStdout = commandLine.output == QLatin1String("-");
    auto say = toStdout ? &printErr : &printOut;
    if (toStdout) {
        QByteArray png;
        QBuffer buffer(&png);
        if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG") || !writeStandardOutput(png)) {
            printErr(QStringLiteral("tessera: cannot write the image to standard output"));
            return 2;
        }
    } else if (!image.save(commandLine.output, "PNG")) {
        printErr(QStringLiteral("tessera: cannot write %1").arg(commandLine.output));
        return 2;
    }
    say(QCoreApplication::translate("Tessera::CommandLine", "%n message(s)", nullptr, int(transcript.messages.size()))
        + QStringLiteral(", ") + QCoreApplication::translate("Tessera::CommandLine", "%n card(s)", nullptr, transcript.cardCount())
        + QStringLiteral(", ")
        + QCoreApplication::translate("Tessera::CommandLine", "%n fallback(s)", nullptr, transcript.fallbackCount()));
    if (rowsDrawn < model.rowCount()) {
        say(QStringLiteral("note: the image stops after block %1 of %2 (height limit %3 px)")
                     .arg(rowsDrawn)
                     .arg(model.rowCount())
                     .arg(kMaxRenderHeight));
    }
    say(QStringLiteral("wrote %1 (%2x%3 px)")
                 .arg(toStdout ? QStringLiteral("standard output") : QFileInfo(commandLine.output).absoluteFilePath())
                 .arg(image.width())
                 .arg(image.height()));
    return 0;
}

} // namespace Tessera
