#include <store/storecommands.h>

#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <store/conversationstore.h>

namespace Tessera {

namespace {

void printOut(const QString &text)
{
    const QByteArray bytes = text.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray bytes = QStringLiteral("tessera: ").toUtf8() + text.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
}

} // namespace

bool writeStandardOutput(const QByteArray &bytes)
{
    const bool written = std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) == size_t(bytes.size());
    return std::fflush(stdout) == 0 && written;
}

namespace {

// "3 messages, 1 card": plural forms from the translations (main() installs English's).
QString countsText(int messages, int cards)
{
    return QCoreApplication::translate("Tessera::StoreCommands", "%n message(s)", nullptr, messages) + QStringLiteral(", ")
        + QCoreApplication::translate("Tessera::StoreCommands", "%n card(s)", nullptr, cards);
}

QString dataDirOrDefault(const QString &dataDir)
{
    return dataDir.isEmpty() ? ConversationStore::defaultDataDir() : dataDir;
}

// Read-write when free (migrates, marks cut-off turns), read-only beside a running Tessera.
StoreStatus openForReading(ConversationStore *store, const QString &dataDir)
{
    if (!QFileInfo::exists(QDir(dataDir).filePath(ConversationStore::databaseFileName())))
        return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversations are stored in %1 yet").arg(QDir(dataDir).absolutePath()));
    StoreStatus status = store->open(dataDir, ConversationStore::OpenMode::ReadWrite);
    if (status.code == StoreError::Locked || status.code == StoreError::NotWritable)
        status = store->open(dataDir, ConversationStore::OpenMode::ReadOnly);
    return status;
}

QString oneLine(QString text)
{
    for (QChar &c : text) {
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    }
    return text;
}

} // namespace

int runStoreImport(const QString &file, const QString &dataDir)
{
    ConversationStore store;
    const QString dir = dataDirOrDefault(dataDir);
    StoreStatus status = store.open(dir);
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    QString id;
    status = store.importFile(file, &id);
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    const ConversationSummary summary = store.conversation(id);
    printOut(QCoreApplication::translate("Tessera::StoreCommands", "imported %1 from %2 as \"%3\" into %4")
                 .arg(countsText(summary.messageCount, summary.cardCount), QFileInfo(file).fileName(),
                      oneLine(summary.title), store.databasePath()));
    printOut(id);
    return 0;
}

int runStoreList(const QString &dataDir, const QString &search)
{
    const QString dir = dataDirOrDefault(dataDir);
    if (const QFileInfo info(dir); info.exists() && !info.isDir()) {
        printErr(QStringLiteral("%1 is not a directory").arg(dir));
        return 2;
    }
    ConversationStore store;
    StoreStatus status = openForReading(&store, dir);
    if (status.code == StoreError::NotFound)
        return 0; // nothing stored yet: an empty list
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    const QList<ConversationSummary> all = store.listConversations(search, &status);
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    for (const ConversationSummary &c : all) {
        printOut(QStringLiteral("%1\t%2\t%3\t%4\t%5")
                     .arg(c.id, oneLine(c.title))
                     .arg(c.messageCount)
                     .arg(c.cardCount)
                     .arg(c.lastActivity.toString(Qt::ISODate)));
    }
    return 0;
}

int runStoreExport(const QString &idOrPrefix, const QString &output, const QString &format, const QString &dataDir)
{
    ConversationStore store;
    StoreStatus status = openForReading(&store, dataDirOrDefault(dataDir));
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    const QString id = store.resolveId(idOrPrefix, &status);
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    const bool markdown = format == QLatin1String("md") || format == QLatin1String("markdown");
    const auto exportFormat = markdown ? ConversationStore::ExportFormat::Markdown : ConversationStore::ExportFormat::JsonLines;
    if (output == QLatin1String("-")) {
        // "-" is standard output, as everywhere on Unix: the bytes only, no summary line mixed in.
        QByteArray bytes;
        status = store.exportBytes(id, exportFormat, &bytes);
        if (status.ok() && !writeStandardOutput(bytes))
            status = StoreStatus::failure(StoreError::Io, QStringLiteral("cannot write to standard output"));
        if (!status.ok()) {
            printErr(status.message);
            return 2;
        }
        return 0;
    }
    status = store.exportConversation(id, output, exportFormat);
    if (!status.ok()) {
        printErr(status.message);
        return 2;
    }
    printOut(QCoreApplication::translate("Tessera::StoreCommands", "wrote %1 (%2, %3)")
                 .arg(QFileInfo(output).absoluteFilePath(),
                      QCoreApplication::translate("Tessera::StoreCommands", "%n message(s)", nullptr, store.messageCount(id)))
                 .arg(markdown ? QStringLiteral("Markdown") : QStringLiteral("JSON Lines")));
    return 0;
}

bool readConversationArgument(const QString &argument, const QString &dataDir, Transcript *transcript, QString *error)
{
    if (namesAFile(argument))
        return Transcript::readFile(argument, transcript, error);
    ConversationStore store;
    const QString dir = dataDirOrDefault(dataDir);
    StoreStatus status = openForReading(&store, dir);
    QString id;
    if (status.ok())
        id = store.resolveId(argument, &status);
    if (status.ok())
        *transcript = store.loadTranscript(id, &status);
    if (!status.ok()) {
        if (error) {
            *error = status.code == StoreError::NotFound
                ? QStringLiteral("cannot read %1: no such file, and no stored conversation with that id in %2")
                      .arg(argument, QDir(dir).absolutePath())
                : QStringLiteral("cannot read stored conversation %1: %2").arg(argument, status.message);
        }
        return false;
    }
    return true;
}

} // namespace Tessera
