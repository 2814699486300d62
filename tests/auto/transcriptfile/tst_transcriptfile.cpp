// A conversation file read by pages (cards/transcriptfile.h, issue 17): every page and every count as
// Transcript::fromJsonLines gives them for the whole file.

#include <atomic>

#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cards/card.h>
#include <cards/transcript.h>
#include <cards/transcriptfile.h>

#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

// Every page from the end, `pageSize` messages asked for each time, joined in file order. `sizes` gets
// each page's size, newest first. A page that comes empty before the start ends it (the caller's compare
// of the messages then fails).
QList<Message> readAllPages(TranscriptFile &file, int pageSize, QList<int> *sizes = nullptr)
{
    QList<Message> all;
    while (!file.allRead()) {
        QString error;
        const QList<Message> page = file.readOlder(pageSize, &error);
        if (page.isEmpty()) {
            qWarning("page empty before the start: %s", qPrintable(error));
            break;
        }
        all = page + all;
        if (sizes)
            sizes->append(int(page.size()));
    }
    return all;
}

// What a reader sees of a message: its line, its text and its cards.
QString describe(const Message &m)
{
    QString text = QStringLiteral("line %1 [%2] %3 | %4 | %5")
                       .arg(m.lineNumber)
                       .arg(int(m.role))
                       .arg(QString::fromUtf8(m.rawLine), m.readError, m.content);
    for (const Card &card : m.cards)
        text += QStringLiteral(" | card %1 %2 %3").arg(card.cardId(), card.kindName()).arg(card.isValid());
    return text;
}

QStringList describeAll(const QList<Message> &messages)
{
    QStringList out;
    for (const Message &m : messages)
        out.append(describe(m));
    return out;
}

// What `tessera validate` reports of the whole file, in order: unreadable lines and cards not valid.
QStringList wholeFindings(const Transcript &whole)
{
    QStringList out;
    for (const Message &m : whole.messages) {
        if (!m.isReadable())
            out.append(QStringLiteral("line %1: unreadable: %2").arg(m.lineNumber).arg(m.readError));
        for (const Card &card : m.cards) {
            if (card.isValid())
                continue;
            QString text = QStringLiteral("line %1: %2").arg(m.lineNumber).arg(card.kindName());
            for (const ValidationIssue &issue : card.issues())
                text += QStringLiteral(" | %1: %2").arg(issue.pointer, issue.message);
            out.append(text);
        }
    }
    return out;
}

QStringList describeFindings(const std::vector<TranscriptFile::Finding> &findings)
{
    QStringList out;
    for (const TranscriptFile::Finding &f : findings) {
        if (f.cardIndex < 0) {
            out.append(QStringLiteral("line %1: unreadable: %2").arg(f.line).arg(f.readError));
            continue;
        }
        QString text = QStringLiteral("line %1: %2").arg(f.line).arg(f.card.kindName());
        for (const ValidationIssue &issue : f.card.issues())
            text += QStringLiteral(" | %1: %2").arg(issue.pointer, issue.message);
        out.append(text);
    }
    return out;
}

// One line, compact, with "turn_id" when `turn` is not empty.
QByteArray line(QJsonObject object, const QString &turn)
{
    if (!turn.isEmpty())
        object.insert(QStringLiteral("turn_id"), turn);
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject textCard(const QString &title)
{
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("text")},
                       {QStringLiteral("specVersion"), 1},
                       {QStringLiteral("payload"), QJsonObject{{QStringLiteral("title"), title},
                                                               {QStringLiteral("text"), QStringLiteral("Body.")}}}};
}

QByteArray toolCall(const QString &id, const QString &turn)
{
    const QString arguments = QString::fromUtf8(QJsonDocument(textCard(QStringLiteral("From the call"))).toJson(QJsonDocument::Compact));
    const QJsonObject function{{QStringLiteral("name"), QStringLiteral("emit_card")}, {QStringLiteral("arguments"), arguments}};
    const QJsonObject call{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("function")},
                           {QStringLiteral("function"), function}};
    return line({{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), QJsonValue::Null},
                 {QStringLiteral("tool_calls"), QJsonArray{call}}},
                turn);
}

QByteArray toolResult(const QString &id, const QString &turn)
{
    return line({{QStringLiteral("role"), QStringLiteral("tool")}, {QStringLiteral("tool_call_id"), id},
                 {QStringLiteral("content"), QStringLiteral("ok")},
                 {QStringLiteral("structured"), QJsonObject{{QStringLiteral("card"), textCard(QStringLiteral("From the result"))}}}},
                turn);
}

QByteArray prose(const QString &role, const QString &text, const QString &turn = QString())
{
    return line({{QStringLiteral("role"), role}, {QStringLiteral("content"), text}}, turn);
}

// `count` user lines, "line 0" to "line N-1".
QByteArray userLines(int count)
{
    QByteArray bytes;
    for (int i = 0; i < count; ++i)
        bytes += prose(QStringLiteral("user"), QStringLiteral("line %1").arg(i)) + '\n';
    return bytes;
}

} // namespace

class tst_TranscriptFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pagesAndCountsAreTheWholeFiles_data();
    void pagesAndCountsAreTheWholeFiles();
    void linesAreFoundAcrossPieces_data();
    void linesAreFoundAcrossPieces();
    void aTurnSplitAtAPageIsElidedAsInTheWholeFile();
    void aCallAnsweredOnANewerPageDrawsNoCard();
    void countsResolveCallsAcrossRuns();
    void aPageStopsAtItsBytes();
    void aChangedFileStopsThePages();
    void appendedLinesKeepThePages();
    void aFileRewrittenAtItsSizeOrShiftedStopsThePages();
    void theTextReadIsTheOneOpenedAfterARename();
    void aTurnIsNotFollowedPastItsBytes();
    void anUnreadableFileSaysWhy();
    void countStopsWhenAsked();

private:
    QTemporaryDir m_dir;
    QString write(const QByteArray &bytes);
    int m_files = 0;
};

QString tst_TranscriptFile::write(const QByteArray &bytes)
{
    const QString path = m_dir.filePath(QStringLiteral("conversation-%1.jsonl").arg(++m_files));
    if (!writeFile(path, bytes))
        return QString();
    return path;
}

void tst_TranscriptFile::pagesAndCountsAreTheWholeFiles_data()
{
    QTest::addColumn<QString>("path");
    // Every conversation fixture and the transcript fuzz seeds (broken lines, deep cards, odd bytes).
    for (const QString &root : {QStringLiteral(TESSERA_TEST_DATA), QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus/transcriptline"),
                                QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo")}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.endsWith(QLatin1String(".jsonl")) || path.contains(QLatin1String("/fuzz/")))
                QTest::newRow(qPrintable(QDir(QStringLiteral(TESSERA_SOURCE_DIR)).relativeFilePath(path))) << path;
        }
    }
}

void tst_TranscriptFile::pagesAndCountsAreTheWholeFiles()
{
    QFETCH(QString, path);
    const QByteArray bytes = readFile(path);
    const Transcript whole = Transcript::fromJsonLines(bytes);
    const QStringList expected = describeAll(whole.messages);
    for (const int pageSize : {1, 3, 200}) {
        TranscriptFile file;
        QString error;
        QVERIFY2(file.open(path, &error, 5), qPrintable(error));
        QCOMPARE(file.messageCount(), whole.messages.size());
        QList<int> sizes;
        QCOMPARE(describeAll(readAllPages(file, pageSize, &sizes)), expected);
        QVERIFY(!sizes.isEmpty() || whole.messages.isEmpty());
        QVERIFY(file.readOlder(pageSize, &error).isEmpty());
        QVERIFY(error.isEmpty());
    }
    TranscriptFile file;
    QString error;
    QVERIFY2(file.open(path, &error), qPrintable(error));
    for (const int threads : {1, 3}) {
        for (const qsizetype runLines : {1, 4, 512}) {
            std::vector<TranscriptFile::Finding> findings;
            const TranscriptFile::Counts counts = file.count(nullptr, threads, runLines, &findings);
            QVERIFY2(counts.complete, qPrintable(counts.error));
            QCOMPARE(counts.messages, qint64(whole.messages.size()));
            QCOMPARE(counts.cards, qint64(whole.cardCount()));
            QCOMPARE(counts.fallbacks, qint64(whole.fallbackCount()));
            QCOMPARE(describeFindings(findings), wholeFindings(whole));
        }
    }
}

void tst_TranscriptFile::linesAreFoundAcrossPieces_data()
{
    QTest::addColumn<QByteArray>("bytes");
    const QByteArray a = prose(QStringLiteral("user"), QStringLiteral("first"));
    const QByteArray b = prose(QStringLiteral("assistant"), QStringLiteral("second"));
    QTest::newRow("byte order mark, CRLF") << QByteArray("\xEF\xBB\xBF" + a + "\r\n" + b + "\r\n");
    QTest::newRow("blank and white lines") << QByteArray("\n \t\n" + a + "\n\r\n\r\r\n  \r\n" + b + "\n\n");
    QTest::newRow("no last line end") << QByteArray(a + "\n" + b);
    QTest::newRow("CRs inside and at the end") << QByteArray(a + "\r\r\r\n" + b + "\r");
    QTest::newRow("white space before a line") << QByteArray("  \t" + a + "\n\t " + b + "\n");
    QTest::newRow("a mark in the middle is kept") << QByteArray(a + "\n\xEF\xBB\xBF" + b + "\n");
    QTest::newRow("only a mark") << QByteArray("\xEF\xBB\xBF");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not JSON at all") << QByteArray("x\n\ny\r\nz");
}

void tst_TranscriptFile::linesAreFoundAcrossPieces()
{
    QFETCH(QByteArray, bytes);
    const QString path = write(bytes);
    QVERIFY(!path.isEmpty());
    const QStringList expected = describeAll(Transcript::fromJsonLines(bytes).messages);
    for (qsizetype buffer = 1; buffer <= 9; ++buffer) {
        TranscriptFile file;
        QString error;
        QVERIFY2(file.open(path, &error, buffer), qPrintable(error));
        QCOMPARE(describeAll(readAllPages(file, 1)), expected);
    }
}

void tst_TranscriptFile::aTurnSplitAtAPageIsElidedAsInTheWholeFile()
{
    // The turn streams its prose, draws a card, then repeats the prose in its last line: the repeat is
    // cut from the last line only when the earlier line is read with it.
    QByteArray bytes = prose(QStringLiteral("user"), QStringLiteral("Summarize.")) + '\n';
    bytes += prose(QStringLiteral("assistant"), QStringLiteral("Here is the summary."), QStringLiteral("t1")) + '\n';
    bytes += toolCall(QStringLiteral("c1"), QStringLiteral("t1")) + '\n';
    bytes += toolResult(QStringLiteral("c1"), QStringLiteral("t1")) + '\n';
    bytes += prose(QStringLiteral("assistant"), QStringLiteral("Here is the summary. And one more thing."), QStringLiteral("t1")) + '\n';
    const QString path = write(bytes);
    const Transcript whole = Transcript::fromJsonLines(bytes);
    QCOMPARE(whole.messages.last().content, QStringLiteral("And one more thing."));

    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    const QList<Message> newest = file.readOlder(1, &error);
    // One message asked for; the page reaches back to the exchange's question.
    QCOMPARE(newest.size(), 5);
    QCOMPARE(newest.first().content, QStringLiteral("Summarize."));
    QCOMPARE(newest.last().content, QStringLiteral("And one more thing."));
    QCOMPARE(describeAll(newest), describeAll(whole.messages));
    QVERIFY(file.allRead());

    // The same when the tool lines between carry no turn (an agent's own call and result lines).
    const QList<QByteArray> lines = bytes.split('\n');
    const QByteArray untagged = lines.at(0) + '\n' + lines.at(1) + '\n' + toolCall(QStringLiteral("c1"), QString()) + '\n'
        + toolResult(QStringLiteral("c1"), QString()) + '\n' + lines.at(4) + '\n';
    const Transcript wholeUntagged = Transcript::fromJsonLines(untagged);
    QCOMPARE(wholeUntagged.messages.last().content, QStringLiteral("And one more thing."));
    TranscriptFile second;
    QVERIFY(second.open(write(untagged), &error));
    QCOMPARE(describeAll(second.readOlder(1, &error)), describeAll(wholeUntagged.messages));
}

void tst_TranscriptFile::aCallAnsweredOnANewerPageDrawsNoCard()
{
    // Calls without turns (pages are not stretched): c1's result is on the newer page, c2 has none.
    QByteArray bytes;
    bytes += toolCall(QStringLiteral("c1"), QString()) + '\n';
    bytes += toolCall(QStringLiteral("c2"), QString()) + '\n';
    bytes += toolResult(QStringLiteral("c1"), QString()) + '\n';
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    const QList<Message> newest = file.readOlder(1, &error);
    QCOMPARE(newest.size(), 1);
    QCOMPARE(newest.first().cards.size(), 1);
    QCOMPARE(newest.first().cards.first().cardId(), QStringLiteral("c1"));
    const QList<Message> older = file.readOlder(2, &error);
    QCOMPARE(older.size(), 2);
    QCOMPARE(older.at(0).cards.size(), 0); // answered by the result read before it
    QCOMPARE(older.at(1).cards.size(), 1); // never answered: drawn from its arguments
    QCOMPARE(older.at(1).cards.first().cardId(), QStringLiteral("c2"));
    QCOMPARE(older.at(1).cards.first().kindName(), QStringLiteral("text"));
}

void tst_TranscriptFile::countsResolveCallsAcrossRuns()
{
    // Calls and their results in runs of their own (runLines 1), some results before their calls, a
    // call answered twice, calls never answered, and an unreadable line.
    QByteArray bytes;
    bytes += toolResult(QStringLiteral("early"), QStringLiteral("t0")) + '\n';
    for (int i = 0; i < 20; ++i) {
        const QString id = QStringLiteral("c%1").arg(i);
        const QString turn = QStringLiteral("t%1").arg(i);
        bytes += toolCall(id, turn) + '\n';
        if (i % 3 != 0)
            bytes += toolResult(id, turn) + '\n';
        if (i % 7 == 0)
            bytes += toolResult(id, turn) + '\n';
    }
    bytes += toolCall(QStringLiteral("early"), QStringLiteral("t0")) + '\n';
    bytes += "{not json\n";
    const QString path = write(bytes);
    const Transcript whole = Transcript::fromJsonLines(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    for (const int threads : {1, 2, 4}) {
        for (const qsizetype runLines : {1, 2, 5, 1000}) {
            std::vector<TranscriptFile::Finding> findings;
            const TranscriptFile::Counts counts = file.count(nullptr, threads, runLines, &findings);
            QVERIFY(counts.complete);
            QCOMPARE(describeFindings(findings), wholeFindings(whole));
            QCOMPARE(counts.messages, qint64(whole.messages.size()));
            QCOMPARE(counts.cards, qint64(whole.cardCount()));
            QCOMPARE(counts.fallbacks, qint64(whole.fallbackCount()));
        }
    }
    // One per call (from its result or its arguments), a second result for c7 and c14, and "early"'s result.
    QCOMPARE(whole.cardCount(), 20 + 2 + 1);
    QCOMPARE(whole.fallbackCount(), 1);
}

void tst_TranscriptFile::aPageStopsAtItsBytes()
{
    // Pages after the first are read on the GUI thread: at most kPageBytes of lines, and at least one.
    const auto sized = [](double mebibytes) -> QByteArray {
        return prose(QStringLiteral("assistant"), QString(qsizetype(mebibytes * 1024 * 1024), u'a')) + '\n';
    };
    const QByteArray bytes = prose(QStringLiteral("user"), QStringLiteral("short")) + '\n' + sized(5) + sized(1.5)
        + sized(1.5) + sized(1.5);
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    QList<int> sizes;
    const QList<Message> all = readAllPages(file, 200, &sizes);
    QCOMPARE(sizes, QList<int>({2, 1, 1, 1})); // 1.5 + 1.5; 1.5 (5 more would pass 4 MiB); 5 alone; the question
    QCOMPARE(describeAll(all), describeAll(Transcript::fromJsonLines(bytes).messages));
}

void tst_TranscriptFile::aChangedFileStopsThePages()
{
    const QByteArray bytes = userLines(10);
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    QCOMPARE(file.readOlder(4, &error).size(), 4);
    QVERIFY(writeFile(path, bytes.left(bytes.size() / 2))); // rewritten shorter in place
    QVERIFY(file.readOlder(4, &error).isEmpty());
    QVERIFY2(error.contains(QLatin1String("changed on disk")), qPrintable(error));
    QVERIFY(!file.allRead());
    const TranscriptFile::Counts counts = file.count();
    QVERIFY(!counts.complete);
    QVERIFY(counts.error.contains(QLatin1String("changed on disk")));
}

void tst_TranscriptFile::appendedLinesKeepThePages()
{
    // A conversation still being written: lines appended after the open do not move the lines read.
    const QByteArray bytes = userLines(10);
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    QCOMPARE(file.readOlder(4, &error).first().content, QStringLiteral("line 6"));
    QFile appended(path);
    QVERIFY(appended.open(QIODevice::Append));
    appended.write(prose(QStringLiteral("user"), QStringLiteral("appended")) + '\n');
    appended.close();
    const QList<Message> older = file.readOlder(6, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(older.size(), 6);
    QCOMPARE(older.first().content, QStringLiteral("line 0"));
    const TranscriptFile::Counts counts = file.count();
    QVERIFY2(counts.complete, qPrintable(counts.error));
    QCOMPARE(counts.messages, 10); // the lines there were when it was opened
}

void tst_TranscriptFile::aFileRewrittenAtItsSizeOrShiftedStopsThePages()
{
    const QByteArray bytes = prose(QStringLiteral("user"), QStringLiteral("first question")) + '\n'
        + prose(QStringLiteral("assistant"), QStringLiteral("an answer")) + '\n'
        + prose(QStringLiteral("user"), QStringLiteral("second")) + '\n';
    {
        // The same size, written again: its modification time says so.
        const QString path = write(bytes);
        TranscriptFile file;
        QString error;
        QVERIFY(file.open(path, &error));
        QCOMPARE(file.readOlder(1, &error).size(), 1);
        QByteArray same = bytes;
        same.replace("an answer", "another!!");
        QCOMPARE(same.size(), bytes.size());
        QVERIFY(writeFile(path, same));
        QFile stamp(path);
        QVERIFY(stamp.open(QIODevice::ReadWrite));
        QVERIFY(stamp.setFileTime(QDateTime::currentDateTimeUtc().addSecs(60), QFileDevice::FileModificationTime));
        stamp.close();
        QVERIFY(file.readOlder(1, &error).isEmpty());
        QVERIFY2(error.contains(QLatin1String("changed on disk")), qPrintable(error));
    }
    {
        // Longer, its lines moved by a byte: the page's lines no longer start after a line end.
        const QString path = write(bytes);
        TranscriptFile file;
        QString error;
        QVERIFY(file.open(path, &error));
        QCOMPARE(file.readOlder(1, &error).size(), 1);
        QVERIFY(writeFile(path, " " + bytes + "\n"));
        QVERIFY(file.readOlder(1, &error).isEmpty());
        QVERIFY2(error.contains(QLatin1String("changed on disk")), qPrintable(error));
    }
}

void tst_TranscriptFile::theTextReadIsTheOneOpenedAfterARename()
{
    const QByteArray bytes = prose(QStringLiteral("user"), QStringLiteral("shown")) + '\n';
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    const QString other = write(prose(QStringLiteral("user"), QStringLiteral("another file")) + '\n');
    QVERIFY(QFile::remove(path));
    QVERIFY(QFile::rename(other, path)); // replaced, as an editor saves
    QByteArray text;
    QVERIFY2(file.readText(&text, &error), qPrintable(error));
    QCOMPARE(text, bytes);
    QCOMPARE(file.readOlder(1, &error).first().content, QStringLiteral("shown"));
}

void tst_TranscriptFile::aTurnIsNotFollowedPastItsBytes()
{
    // The line before the page is of the same turn but would pass kMostTurnBytes: it is not read to find
    // out (pages after the first are read on the GUI thread), and comes on the next page alone.
    const QByteArray huge = prose(QStringLiteral("assistant"), QString(qsizetype(TranscriptFile::kMostTurnBytes), u'a'),
                                  QStringLiteral("t1"));
    const QByteArray bytes = huge + '\n' + prose(QStringLiteral("assistant"), QStringLiteral("last"), QStringLiteral("t1")) + '\n';
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    const QList<Message> newest = file.readOlder(200, &error);
    QCOMPARE(newest.size(), 1);
    QCOMPARE(newest.first().content, QStringLiteral("last"));
    const QList<Message> older = file.readOlder(200, &error);
    QCOMPARE(older.size(), 1);
    QCOMPARE(older.first().lineNumber, 1);
    QVERIFY(file.allRead());
}

void tst_TranscriptFile::anUnreadableFileSaysWhy()
{
    TranscriptFile missing;
    QString error;
    QVERIFY(!missing.open(m_dir.filePath(QStringLiteral("no-such-file.jsonl")), &error));
    QVERIFY2(error.contains(QLatin1String("No such file")), qPrintable(error));
    TranscriptFile folder;
    QVERIFY(!folder.open(m_dir.path(), &error));
    QCOMPARE(error, QStringLiteral("not a regular file"));
}

void tst_TranscriptFile::countStopsWhenAsked()
{
    QByteArray bytes;
    for (int i = 0; i < 50; ++i)
        bytes += toolResult(QStringLiteral("c%1").arg(i), QString()) + '\n';
    const QString path = write(bytes);
    TranscriptFile file;
    QString error;
    QVERIFY(file.open(path, &error));
    std::atomic_bool stop{true};
    const TranscriptFile::Counts stopped = file.count(&stop, 2, 1);
    QVERIFY(!stopped.complete);
    QCOMPARE(stopped.cards, 0);
    stop = false;
    const TranscriptFile::Counts counted = file.count(&stop, 2, 1);
    QVERIFY(counted.complete);
    QCOMPARE(counted.cards, 50);
}

QTEST_GUILESS_MAIN(tst_TranscriptFile)
#include "tst_transcriptfile.moc"
