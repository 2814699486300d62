#include <app/validatecommand.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSettings>

#include <app/expectations.h>
#include <app/settingskeys.h>
#include <backend/toolhost.h>
#include <cards/cardkindregistry.h>
#include <cards/cardvalidator.h>
#include <cards/toolcarddescriptor.h>
#include <cards/transcript.h>
#include <cards/transcriptfile.h>
#include <store/conversationstore.h>

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

namespace {

// One unreadable line, or one card that is not valid, as validate reports it (plain or --json).
void report(const CommandLine &commandLine, int line, const QString &readError, const Card *card, QJsonArray *problems)
{
    if (!card) {
        if (commandLine.json) {
            problems->append(QJsonObject{{QStringLiteral("line"), line},
                                         {QStringLiteral("kind"), QJsonValue::Null},
                                         {QStringLiteral("pointer"), QString()},
                                         {QStringLiteral("message"), QString(QStringLiteral("unreadable line: ") + readError)}});
        } else {
            printOut(QStringLiteral("line %1: (unreadable): %2").arg(line).arg(readError));
        }
        return;
    }
    const ValidationIssue &first = card->issues().first();
    const QString kind = card->kindName().isEmpty() ? QStringLiteral("(no kind)") : card->kindName();
    if (commandLine.json) {
        QJsonArray all;
        for (const ValidationIssue &issue : card->issues())
            all.append(QJsonObject{{QStringLiteral("pointer"), issue.pointer}, {QStringLiteral("message"), issue.message}});
        problems->append(QJsonObject{{QStringLiteral("line"), line},
                                     {QStringLiteral("kind"), card->kindName().isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(card->kindName())},
                                     {QStringLiteral("pointer"), first.pointer},
                                     {QStringLiteral("message"), first.message},
                                     {QStringLiteral("issues"), all}});
    } else {
        printOut(QStringLiteral("line %1: %2: %3: %4")
                     .arg(line)
                     .arg(kind, first.pointer.isEmpty() ? QStringLiteral("(envelope)") : first.pointer, first.message));
    }
}

QJsonObject jsonReport(const CommandLine &commandLine, qint64 messages, qint64 cards, bool valid, const QJsonArray &problems)
{
    return QJsonObject{{QStringLiteral("file"), commandLine.file},
                       {QStringLiteral("messages"), messages},
                       {QStringLiteral("cards"), cards},
                       {QStringLiteral("valid"), valid},
                       {QStringLiteral("problems"), problems}};
}

// A stream (a pipe, a device) copied into a file in memory (a memfd), so it is read by lines as a file is
// rather than held whole and parsed at once (a 68 MB pipe took 437 MB that way, the file 34 MB). -1 with
// nothing copied when no memfd can be made; 2 with the refusal printed past Transcript::kMaxStreamBytes.
int copyStreamToMemory(const QString &path, int *memoryFd)
{
    QFile stream(path);
    if (!stream.open(QIODevice::ReadOnly))
        return -1; // the usual read names the problem
    const int fd = ::memfd_create("tessera-validate", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    const auto write = [fd](QByteArrayView piece, QString *why) {
        for (qsizetype written = 0; written < piece.size();) {
            const ssize_t n = ::write(fd, piece.constData() + written, size_t(piece.size() - written));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                *why = QStringLiteral("no room for a copy of the stream (%1)")
                           .arg(QString::fromLocal8Bit(std::strerror(n < 0 ? errno : ENOSPC)));
                return false;
            }
            written += n;
        }
        return true;
    };
    QString error;
    if (!Transcript::readStream(&stream, path, write, &error)) {
        ::close(fd);
        printErr(QStringLiteral("tessera: ") + error);
        return 2;
    }
    *memoryFd = fd;
    return 0;
}

// From this size, validate compiles the catalog on a thread of its own while it finds the lines (perf stat
// -r 40, the bench's 10,000 envelopes: 23.5 -> 23.0 ms wall; one envelope 3.0 -> 3.2 ms with the thread).
constexpr qint64 kCatalogBesideIndexBytes = qint64(4) << 20;

// A file with no --expect is read line by line, never held as messages (issue 17: a 1 GB file validated
// in about 100 MB, on every core); a stream too, through a copy in memory. -1 when it cannot be read so:
// the caller reads it the usual way, which names the problem.
int validateFileByLines(const CommandLine &commandLine)
{
    const QFileInfo info(commandLine.file);
    if (!commandLine.expectations.isEmpty() || !info.exists() || info.isDir())
        return -1;
    QString path = commandLine.file;
    int memoryFd = -1;
    if (!info.isFile()) {
        if (const int copied = copyStreamToMemory(commandLine.file, &memoryFd); copied != 0)
            return copied;
        path = QStringLiteral("/proc/self/fd/%1").arg(memoryFd);
    }
    const auto closeCopy = qScopeGuard([memoryFd] {
        if (memoryFd >= 0)
            ::close(memoryFd);
    });
    // In a larger file the catalog is compiled while the lines are found (about 1 ms for 14 MiB), not while
    // a counting thread waits for it; in a small one a thread would cost more than it saves.
    // A stream's size is its copy's (the path's own is 0).
    struct stat copied = {};
    const qint64 bytes = memoryFd >= 0 ? (::fstat(memoryFd, &copied) == 0 ? qint64(copied.st_size) : 0) : info.size();
    std::thread catalog;
    if (bytes >= kCatalogBesideIndexBytes)
        catalog = std::thread(&CardValidator::loadCatalog);
    const auto joinCatalog = qScopeGuard([&catalog] {
        if (catalog.joinable())
            catalog.join();
    });
    TranscriptFile file;
    QString error;
    if (!file.open(path, &error)) {
        if (memoryFd < 0)
            return -1;
        // The stream is read already: reading it again would find it empty and call it valid.
        printErr(QStringLiteral("tessera: cannot read %1: %2").arg(commandLine.file, error));
        return 2;
    }
    std::vector<TranscriptFile::Finding> findings;
    // Runs of 128 lines: a run's bytes stay in the core's cache, and the two threads end closer together
    // (perf stat, the bench's 10,000 envelopes: 25.3 ms wall with 512, 24.0 ms with 128, 24.2 ms with 64).
    const TranscriptFile::Counts counts = file.count(nullptr, 0, 128, &findings);
    if (!counts.complete) {
        printErr(QStringLiteral("tessera: cannot read %1: %2").arg(commandLine.file, counts.error));
        return 2;
    }
    QJsonArray problems;
    for (const TranscriptFile::Finding &finding : findings)
        report(commandLine, finding.line, finding.readError, finding.cardIndex < 0 ? nullptr : &finding.card, &problems);
    if (commandLine.json) {
        const QJsonObject json = jsonReport(commandLine, counts.messages, counts.cards, findings.empty(), problems);
        printOut(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented)).trimmed());
    }
    return findings.empty() ? 0 : 1;
}

} // namespace

int runValidate(const CommandLine &commandLine, ConversationReader read)
{
    if (const int byLines = validateFileByLines(commandLine); byLines >= 0)
        return byLines;
    Transcript transcript;
    QString error;
    if (!read(commandLine.file, commandLine.dataDir, &transcript, &error)) { // a file (or a stored id)
        printErr(QStringLiteral("tessera: ") + error);
        return 2;
    }
    int invalid = 0;
    QJsonArray problems;
    for (const Message &m : std::as_const(transcript.messages)) {
        if (!m.isReadable()) {
            ++invalid;
            report(commandLine, m.lineNumber, m.readError, nullptr, &problems);
            continue;
        }
        for (const Card &card : m.cards) {
            if (card.isValid())
                continue;
            ++invalid;
            report(commandLine, m.lineNumber, QString(), &card, &problems);
        }
    }
    // After the card problems: one line per unmet --expect (seed 002's eval checks).
    const QStringList unmet = unmetExpectations(transcript, commandLine.expectations);
    if (commandLine.json) {
        QJsonObject json = jsonReport(commandLine, transcript.messages.size(), transcript.cardCount(), invalid == 0, problems);
        if (!commandLine.expectations.isEmpty()) {
            json.insert(QStringLiteral("expectationsMet"), unmet.isEmpty());
            json.insert(QStringLiteral("unmet"), QJsonArray::fromStringList(unmet));
        }
        printOut(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented)).trimmed());
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
            c.file = conversationPath(a);
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
