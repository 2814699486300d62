#include <app/validatecommand.h>

#include <cstdio>

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include <app/expectations.h>
#include <app/settingskeys.h>
#include <backend/toolhost.h>
#include <cards/cardkindregistry.h>
#include <cards/toolcarddescriptor.h>
#include <cards/transcript.h>
#include <store/conversationstore.h>
#include <store/storecommands.h>

namespace Tessera {

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

QStringList loadCardPlugins(const CommandLine &commandLine)
{
    // Tessera's own descriptor kind first, so a stored consent card always replays (issue 16).
    ToolConsent::registerKind();
    QStringList errors;
    QString dir = commandLine.pluginsDir;
    if (dir.isEmpty()) // the window's settings, also for headless commands (which set no application name)
        dir = QSettings(QStringLiteral("Tessera"), QStringLiteral("Tessera")).value(SettingsKeys::kPluginsDir).toString();
    if (dir.isEmpty()) {
        dir = ConversationStore::defaultDataDir() + QStringLiteral("/plugins");
        if (!QFileInfo(dir).isDir())
            return errors;
    }
    CardKindRegistry::loadDirectory(dir, &errors);
    for (QString &error : errors)
        error = QStringLiteral("card kind not loaded: ") + error;
    // Result-to-card descriptors (issue 16) beside them, after the kinds they may name.
    QStringList toolErrors;
    ToolCardDescriptors::loadDirectory(QDir(dir).filePath(QStringLiteral("tools")), &toolErrors);
    for (const QString &error : std::as_const(toolErrors))
        errors.append(QStringLiteral("tool-card descriptor not loaded: tools/") + error);
    return errors;
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
    // After the card problems: one line per unmet --expect (seed 002's eval checks).
    const QStringList unmet = unmetExpectations(transcript, commandLine.expectations);
    if (commandLine.json) {
        QJsonObject report{{QStringLiteral("file"), commandLine.file},
                           {QStringLiteral("messages"), int(transcript.messages.size())},
                           {QStringLiteral("cards"), transcript.cardCount()},
                           {QStringLiteral("valid"), invalid == 0},
                           {QStringLiteral("problems"), problems}};
        if (!commandLine.expectations.isEmpty()) {
            report.insert(QStringLiteral("expectationsMet"), unmet.isEmpty());
            report.insert(QStringLiteral("unmet"), QJsonArray::fromStringList(unmet));
        }
        printOut(QString::fromUtf8(QJsonDocument(report).toJson(QJsonDocument::Indented)).trimmed());
    } else {
        for (const QString &line : unmet)
            printOut(line);
    }
    return invalid == 0 && unmet.isEmpty() ? 0 : 1;
}

bool parseFrontValidate(const QStringList &arguments, CommandLine *out)
{
    if (arguments.size() < 2 || arguments.at(1) != QLatin1String("validate"))
        return false;
    CommandLine c;
    c.command = CommandLine::Command::Validate;
    bool dataDirSeen = false;
    bool pluginsSeen = false;
    for (qsizetype i = 2; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        // An option's value: present, not empty and no option itself (parseCommandLine finds --data-dir and
        // --plugins anywhere, so a value spelled like one would be read differently there).
        const auto value = [&](QString *into) {
            if (i + 1 >= arguments.size() || arguments.at(i + 1).isEmpty() || arguments.at(i + 1).startsWith(QLatin1Char('-')))
                return false;
            *into = arguments.at(++i);
            return true;
        };
        if (a == QLatin1String("--json")) {
            c.json = true;
        } else if (a == QLatin1String("--expect")) {
            QString text;
            Expectation expectation;
            if (!value(&text) || !parseExpectation(text, &expectation))
                return false;
            c.expectations.append(expectation);
        } else if (a == QLatin1String("--data-dir")) {
            if (dataDirSeen || !value(&c.dataDir))
                return false;
            dataDirSeen = true;
        } else if (a == QLatin1String("--plugins")) {
            if (pluginsSeen || !value(&c.pluginsDir))
                return false;
            pluginsSeen = true;
        } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
            return false;
        } else if (c.file.isEmpty()) {
            c.file = a;
        } else {
            return false;
        }
    }
    if (c.file.isEmpty())
        return false;
    *out = c;
    return true;
}

} // namespace Tessera
