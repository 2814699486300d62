#include "commandline.h"

#include <cstdio>

#include <QApplication>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "conversationmodel.h"
#include "conversationview.h"
#include "localization.h"
#include "storecommands.h"
#include "theme.h"
#include "transcript.h"

namespace Tessera {

namespace {

// A PNG taller than this is cut (image viewers and QImage itself struggle past it).
constexpr int kMaxRenderHeight = 32000;

void printOut(const QString &text)
{
    const QByteArray bytes = text.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray bytes = text.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
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
        "  tessera [FILE.jsonl]                       open the window (no FILE: the last conversation, else the demo)\n"
        "  tessera render FILE.jsonl -o OUT.png [--width PX] [--theme light|dark] [--lang CODE]\n"
        "                                             draw the whole conversation to one PNG (no display needed)\n"
        "  tessera validate FILE.jsonl [--json]       one line per invalid card; exit 0 valid, 1 invalid, 2 unreadable\n"
        "  tessera import FILE.jsonl                  store a conversation; prints its id as the last line\n"
        "  tessera list [SEARCH]                      stored conversations: id, title, messages, cards, last activity\n"
        "  tessera export ID -o FILE [--format jsonl|md]\n"
        "                                             write a stored conversation (render/validate take an ID too)\n"
        "  --data-dir DIR (every command): where conversations are stored\n"
        "  tessera --version\n"
        "  --lang CODE (window and render): interface language, e.g. de or ar (right to left)\n"
        "  --personality DIR (window and render): where canvas templates ui/NAME.html are read\n");
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
    // --data-dir DIR goes with every command (issue 4, the store).
    if (const qsizetype at = args.indexOf(QLatin1String("--data-dir")); at >= 0) {
        if (at + 1 >= args.size() || args.at(at + 1).isEmpty())
            return failure(QStringLiteral("--data-dir needs a directory"));
        c.dataDir = args.at(at + 1);
        args.remove(at, 2);
    }
    if (args.isEmpty())
        return c;
    if (const QString &v = args.first(); v == QLatin1String("import") || v == QLatin1String("list") || v == QLatin1String("export"))
        return parseStoreCommand(c, args);

    const QString verb = args.first();
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
            } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
                return failure(QStringLiteral("unknown option %1").arg(a));
            } else if (c.file.isEmpty()) {
                c.file = a;
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

int runValidate(const CommandLine &commandLine)
{
    Transcript transcript;
    QString error;
    if (!readConversationArgument(commandLine.file, commandLine.dataDir, &transcript, &error)) { // a file or a stored id
        printErr(QStringLiteral("tessera: ") + error);
        return 2;
    }
    int invalid = 0;
    QJsonArray problems;
    for (const Message &m : std::as_const(transcript.messages)) {
        if (!m.isReadable()) {
            ++invalid;
            if (commandLine.json) {
                problems.append(QJsonObject{{QStringLiteral("line"), m.lineNumber},
                                            {QStringLiteral("kind"), QJsonValue::Null},
                                            {QStringLiteral("pointer"), QString()},
                                            {QStringLiteral("message"), QString(QStringLiteral("unreadable line: ") + m.readError)}});
            } else {
                printOut(QStringLiteral("line %1: (unreadable): %2").arg(m.lineNumber).arg(m.readError));
            }
            continue;
        }
        for (const Card &card : m.cards) {
            if (card.isValid())
                continue;
            ++invalid;
            const ValidationIssue &first = card.issues().first();
            const QString kind = card.kindName().isEmpty() ? QStringLiteral("(no kind)") : card.kindName();
            if (commandLine.json) {
                QJsonArray all;
                for (const ValidationIssue &issue : card.issues())
                    all.append(QJsonObject{{QStringLiteral("pointer"), issue.pointer}, {QStringLiteral("message"), issue.message}});
                problems.append(QJsonObject{{QStringLiteral("line"), m.lineNumber},
                                            {QStringLiteral("kind"), card.kindName().isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(card.kindName())},
                                            {QStringLiteral("pointer"), first.pointer},
                                            {QStringLiteral("message"), first.message},
                                            {QStringLiteral("issues"), all}});
            } else {
                printOut(QStringLiteral("line %1: %2: %3: %4")
                             .arg(m.lineNumber)
                             .arg(kind, first.pointer.isEmpty() ? QStringLiteral("(envelope)") : first.pointer, first.message));
            }
        }
    }
    if (commandLine.json) {
        const QJsonObject report{{QStringLiteral("file"), commandLine.file},
                                 {QStringLiteral("messages"), int(transcript.messages.size())},
                                 {QStringLiteral("cards"), transcript.cardCount()},
                                 {QStringLiteral("valid"), invalid == 0},
                                 {QStringLiteral("problems"), problems}};
        printOut(QString::fromUtf8(QJsonDocument(report).toJson(QJsonDocument::Indented)).trimmed());
    }
    return invalid == 0 ? 0 : 1;
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
    const QImage image = ConversationView::renderToImage(&model, commandLine.width, themePalette(mode),
                                                          kMaxRenderHeight, &rowsDrawn);
    if (!image.save(commandLine.output, "PNG")) {
        printErr(QStringLiteral("tessera: cannot write %1").arg(commandLine.output));
        return 2;
    }
    printOut(QStringLiteral("%1 messages, %2 cards, %3 fallbacks")
                 .arg(transcript.messages.size())
                 .arg(transcript.cardCount())
                 .arg(transcript.fallbackCount()));
    if (rowsDrawn < model.rowCount()) {
        printOut(QStringLiteral("note: the image stops after block %1 of %2 (height limit %3 px)")
                     .arg(rowsDrawn)
                     .arg(model.rowCount())
                     .arg(kMaxRenderHeight));
    }
    printOut(QStringLiteral("wrote %1 (%2x%3 px)")
                 .arg(QFileInfo(commandLine.output).absoluteFilePath())
                 .arg(image.width())
                 .arg(image.height()));
    return 0;
}

} // namespace Tessera
