#include <app/exportcardcommand.h>

#include <QFileInfo>
#include <QSaveFile>

#include <app/commandline.h>
#include <cards/transcript.h>
#include <export/cardexporter.h>
#include <store/storecommands.h>

namespace Tessera {

namespace {

// The card --card names: a number from 1 in conversation order, else a card id.
const Card *findCard(const Transcript &transcript, const QString &selector, int *count)
{
    QList<const Card *> cards;
    for (const Message &m : transcript.messages) {
        for (const Card &card : m.cards)
            cards.append(&card);
    }
    *count = int(cards.size());
    bool isNumber = false;
    const int n = selector.toInt(&isNumber);
    if (isNumber && n >= 1 && n <= cards.size())
        return cards.at(n - 1);
    for (const Card *card : std::as_const(cards)) {
        if (card->cardId() == selector)
            return card;
    }
    return nullptr;
}

} // namespace

int runExportCard(const CommandLine &commandLine)
{
    ExportSurface surface = ExportSurface::Slack;
    exportSurfaceFromName(commandLine.surface, &surface); // checked by parseCommandLine
    Transcript transcript;
    QString error;
    if (!readConversationArgument(commandLine.file, commandLine.dataDir, &transcript, &error)) {
        printErr(QStringLiteral("tessera: ") + error);
        return 2;
    }
    int count = 0;
    const Card *card = findCard(transcript, commandLine.cardSelector, &count);
    if (!card) {
        printErr(QStringLiteral("tessera: no card %1 in %2 (it has %3 cards: --card takes 1 to %3 or a card id)")
                     .arg(commandLine.cardSelector, commandLine.file)
                     .arg(count));
        return 2;
    }
    const ExportResult result = exportCard(*card, surface);
    for (const QString &note : result.notes)
        printErr(QStringLiteral("note: ") + note);
    if (!result.ok()) {
        for (const ExportIssue &issue : result.issues)
            printErr(issue.line());
        return 1;
    }
    const QByteArray bytes = result.text().toUtf8();
    if (commandLine.output.isEmpty() || commandLine.output == QLatin1String("-")) {
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
        std::fflush(stdout);
        return 0;
    }
    QSaveFile file(commandLine.output);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        printErr(QStringLiteral("tessera: cannot write %1: %2").arg(commandLine.output, file.errorString()));
        return 2;
    }
    return 0;
}

} // namespace Tessera
