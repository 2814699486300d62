// The conversation store (issue 4): schema set-up, import / list / export round trips, re-validation on
// load, live appends, card counts, search, paged loading, turns, Markdown export, the lock.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cards/cardkinds.h>
#include <cards/transcript.h>
#include <store/conversationstore.h>
#include <store/markdownexport.h>
#include <store/storeschema.h>
#include <store/walcheckpointer.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

// The lines a file holds as Transcript reads them: BOM and CR dropped, blank lines skipped.
QList<QByteArray> fileLines(const QByteArray &data)
{
    QList<QByteArray> lines;
    const QByteArray body = data.startsWith("\xEF\xBB\xBF") ? data.mid(3) : data;
    for (QByteArray line : body.split('\n')) {
        while (line.endsWith('\r'))
            line.chop(1);
        if (!line.trimmed().isEmpty())
            lines.append(line);
    }
    return lines;
}

int nestingDepth(const QByteArray &line)
{
    int depth = 0, deepest = 0;
    for (char c : line) {
        if (c == '[' || c == '{')
            deepest = std::max(deepest, ++depth);
        else if (c == ']' || c == '}')
            --depth;
    }
    return deepest;
}

// "JSON normalisation" of issue 4: a readable line through nlohmann parse + dump; others as they are.
QByteArray normalised(const QByteArray &line)
{
    if (nestingDepth(line) > 200) // dump() recurses; such a line is compared raw
        return line;
    const nlohmann::json value = nlohmann::json::parse(line.constBegin(), line.constEnd(), nullptr, false);
    if (value.is_discarded())
        return line;
    return QByteArray::fromStdString(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

QString pragma(const ConversationStore &store, const QString &name)
{
    QSqlQuery query(QSqlDatabase::database(store.connectionName()));
    return query.exec(QStringLiteral("PRAGMA ") + name) && query.next() ? query.value(0).toString() : QString();
}

// The import title rule (conversationstore.cpp): the first user line with text, simplified, cut at 80
// code points with an ellipsis; else the file's base name, the same way.
QString expectedTitle(const QList<Message> &messages, const QString &fallback)
{
    auto cut = [](const QString &text) -> QString {
        const QList<uint> points = text.simplified().toUcs4();
        if (points.size() <= 80)
            return text.simplified();
        const QList<uint> kept = points.mid(0, 79);
        return QString::fromUcs4(reinterpret_cast<const char32_t *>(kept.constData()), kept.size()).trimmed() + QChar(0x2026);
    };
    for (const Message &m : messages) {
        if (m.role == MessageRole::User && !m.content.trimmed().isEmpty())
            return cut(m.content);
    }
    return cut(fallback);
}

// A text column as stored: its value, or "<null>"; SQLite's type name beside it.
QString column(const QSqlQuery &query, int index)
{
    return query.isNull(index) ? QStringLiteral("<null>") : query.value(index).toString();
}

QByteArray userLine(const QString &text, const QString &turn = {})
{
    nlohmann::json line{{"role", "user"}, {"content", text.toStdString()}};
    if (!turn.isEmpty())
        line["turn_id"] = turn.toStdString();
    return QByteArray::fromStdString(line.dump());
}

} // namespace

class tst_Store : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void openSetsUpDatabase();
    void logIsCheckpointedOffTheCommittingThread();
    void logStaysSmallThroughAStreamOfAppends();
    void logFileShrinksAfterALargeImport();
    void importRoundTrip_data();
    void importRoundTrip();
    void importStoresEveryColumnAsDerived_data();
    void importStoresEveryColumnAsDerived();
    void loadRevalidatesEveryCard();
    void storedRawLineIsRevalidatedNow();
    void appendHostileLines();
    void appendKeepsCardCountsResolved();
    void titles_data();
    void titles();
    void search_data();
    void search();
    void pagedLoading();
    void pagedLoadingLooksUpEveryCall();
    void settledCallsEqualCallsResolvedOnce();
    void turnCutOffIsMarkedOnReopen();
    void importWritesEveryTurnOnce();
    void streamedProseSurvivesACrash();
    void markdownExport();
    void markdownExportWritesTheChosenVersion();
    void idPrefixes();
    void deleteRemovesEverything();
    void renameMarksTheTitleAsTheUsers();
    void systemPromptIsKeptPerConversation();
    void softDeleteKeepsEveryLine();
    void restoreBringsItBack();
    void emptyRecentlyDeletedRemovesForGood();
    void recentlyDeletedOnAReadOnlyStore();
    void readErrorsReachTheCaller();
    void secondOpenIsLocked();
    void readOnlyBesideWriter();

private:
    QString importFixture(const QString &path);
    QTemporaryDir *m_dir = nullptr;
    ConversationStore *m_store = nullptr;
};

void tst_Store::init()
{
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
    m_store = new ConversationStore;
    const StoreStatus status = m_store->open(m_dir->path());
    QVERIFY2(status.ok(), qPrintable(status.message));
}

void tst_Store::cleanup()
{
    delete m_store;
    m_store = nullptr;
    delete m_dir;
    m_dir = nullptr;
}

QString tst_Store::importFixture(const QString &path)
{
    QString id;
    const StoreStatus status = m_store->importFile(path, &id);
    if (!status.ok())
        qWarning("%s", qPrintable(status.message));
    return id;
}

void tst_Store::openSetsUpDatabase()
{
    QCOMPARE(m_store->schemaVersion(), kSchemaVersion);
    QCOMPARE(pragma(*m_store, QStringLiteral("journal_mode")), QStringLiteral("wal"));
    QCOMPARE(pragma(*m_store, QStringLiteral("synchronous")), QStringLiteral("2")); // FULL
    QCOMPARE(pragma(*m_store, QStringLiteral("foreign_keys")), QStringLiteral("1"));
    QCOMPARE(pragma(*m_store, QStringLiteral("application_id")).toInt(), kApplicationId);
    QVERIFY(QFileInfo::exists(m_dir->filePath(QStringLiteral("tessera.db"))));
    QVERIFY(QFileInfo::exists(m_dir->filePath(QStringLiteral("tessera.lock"))));
    QVERIFY(m_store->listConversations().isEmpty());
}

void tst_Store::importRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("demo") << QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl");
    QTest::newRow("hostile") << QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl");
}

void tst_Store::importRoundTrip()
{
    QFETCH(QString, path);
    const QByteArray original = readFile(path);
    QVERIFY(!original.isEmpty());
    const Transcript expected = Transcript::fromJsonLines(original);

    const QString id = importFixture(path);
    QVERIFY(!id.isEmpty());
    const QList<ConversationSummary> all = m_store->listConversations();
    QCOMPARE(all.size(), 1);
    QCOMPARE(all.first().id, id);
    QCOMPARE(all.first().messageCount, int(expected.messages.size()));
    QCOMPARE(all.first().cardCount, expected.cardCount());
    QCOMPARE(all.first().source, QFileInfo(path).absoluteFilePath());
    QVERIFY(all.first().lastActivity.isValid());

    const QString out = m_dir->filePath(QStringLiteral("export.jsonl"));
    const StoreStatus status = m_store->exportConversation(id, out);
    QVERIFY2(status.ok(), qPrintable(status.message));
    const QList<QByteArray> before = fileLines(original);
    const QList<QByteArray> after = fileLines(readFile(out));
    QCOMPARE(after.size(), before.size());
    int unreadable = 0;
    for (qsizetype i = 0; i < before.size(); ++i) {
        QCOMPARE(normalised(after.at(i)), normalised(before.at(i)));
        QCOMPARE(after.at(i), before.at(i)); // stronger: stored and exported as received
        unreadable += expected.messages.at(i).isReadable() ? 0 : 1;
    }
    if (QTest::currentDataTag() == QLatin1String("hostile"))
        QVERIFY(unreadable >= 2); // lines 2 and 5 came back as they were received

    // Import of the export: the same conversation again, under a new id.
    QString again;
    QVERIFY(m_store->importFile(out, &again).ok());
    QVERIFY(again != id);
    QCOMPARE(m_store->rawLines(again), m_store->rawLines(id));
}

// A conversation long enough to be read on worker threads in runs (over 1 MiB, 3,000 lines), whose card
// calls are answered or refused 300 lines later (a later run than the call), answered 300 lines before
// the call (an earlier run), or left alone; one line makes two calls with one id and a call with none; its
// turns repeat their shown prose. Written once into a directory that lives as long as the test.
namespace {
QString longConversationPath()
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.jsonl"));
    if (QFileInfo::exists(path))
        return path;
    const QString padding = QStringLiteral("The quarterly figures moved again, and the notes explain why. ").repeated(8);
    auto result = [](const QString &call) {
        return QStringLiteral(R"({"role":"tool","tool_call_id":"%1","name":"emit_card","content":"rendered: text",)"
                              R"("structured":{"card":{"kind":"text","specVersion":1,"payload":{"title":"Answered %1","text":"y"}}}})")
            .arg(call)
            .toUtf8();
    };
    auto emitCall = [](const QString &call) {
        return QStringLiteral(R"({"id":"%1","type":"function","function":{"name":"emit_card",)"
                              R"("arguments":"{\"kind\":\"text\",\"payload\":{\"title\":\"Called %1\",\"text\":\"x\"}}"}})")
            .arg(call);
    };
    QMap<int, QList<QByteArray>> later; // base line -> results written after it
    QByteArray text = QStringLiteral(R"({"role":"assistant","content":null,"tool_calls":[%1,%2,%3]})")
                          .arg(emitCall(QStringLiteral("twin")), emitCall(QStringLiteral("twin")), emitCall(QString()))
                          .toUtf8()
        + '\n';
    later[400].append(result(QStringLiteral("twin")));
    for (int i = 0; i < 3000; ++i) {
        const int turn = i / 10;
        const QString turnId = QStringLiteral("t%1").arg(turn);
        QString line;
        switch (i % 10) {
        case 0:
            line = QStringLiteral(R"({"role":"user","turn_id":"%1","content":"Question %2. %3"})").arg(turnId).arg(turn).arg(padding);
            break;
        case 1: {
            const QString call = QStringLiteral("c%1").arg(i);
            line = QStringLiteral(R"({"role":"assistant","turn_id":"%1","content":null,"tool_calls":[%2]})").arg(turnId, emitCall(call));
            if (const int ahead = i + 300; ahead < 3000 && (ahead / 10) % 4 == 3)
                later[i].append(result(QStringLiteral("c%1").arg(ahead))); // read in an earlier run than its call
            if (turn % 4 == 0) {
                later[i + 300].append(result(call));
            } else if (turn % 4 == 1) {
                later[i + 300].append(QStringLiteral(R"({"role":"tool","tool_call_id":"%1","name":"emit_card",)"
                                                     R"("content":"{\"ok\":false,\"code\":\"input_invalid\"}"})")
                                          .arg(call).toUtf8());
            }
            break;
        }
        case 2:
            line = QStringLiteral(R"({"role":"assistant","turn_id":"%1","content":"Shown prose %2."})").arg(turnId).arg(turn);
            break;
        case 3:
            line = QStringLiteral(R"({"role":"assistant","turn_id":"%1","content":"Shown prose %2. And the rest."})").arg(turnId).arg(turn);
            break;
        default:
            line = QStringLiteral(R"({"role":"assistant","content":"%1 %2"})").arg(i).arg(padding);
        }
        text += line.toUtf8() + '\n';
        for (const QByteArray &written : later.take(i))
            text += written + '\n';
    }
    for (const QList<QByteArray> &results : std::as_const(later)) {
        for (const QByteArray &written : results)
            text += written + '\n';
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return path;
}
} // namespace

// A commit that grows the write-ahead log past 1,000 pages no longer copies it into the database file
// itself (issue 17): the store's checkpointer thread does, and the pages reach the file on disk.
void tst_Store::logIsCheckpointedOffTheCommittingThread()
{
    const QString db = m_store->databasePath();
    const QString wal = db + QStringLiteral("-wal");
    const qint64 before = QFileInfo(db).size();
    QCOMPARE(m_store->checkpointsCompleted(), 0);
    const QByteArray data = readFile(longConversationPath()).repeated(3);
    QString id;
    QVERIFY(m_store->importData(data, QStringLiteral("long"), QString(), &id).ok());
    QVERIFY2(QFileInfo(wal).size() > 4 * 1024 * 1024, "the import is in the log, past 1,000 pages");
    QTRY_VERIFY_WITH_TIMEOUT(m_store->checkpointsCompleted() >= 1, 10000);
    QVERIFY2(QFileInfo(db).size() - before > data.size(), "the imported rows are in the database file");
    QCOMPARE(m_store->rawLines(id).size(), Transcript::fromJsonLines(data).messages.size());

    // Small commits do not ask for one; a read-only store has no checkpointer.
    const int done = m_store->checkpointsCompleted();
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("one more"))).ok());
    QTest::qWait(50);
    QCOMPARE(m_store->checkpointsCompleted(), done);
    ConversationStore reader;
    QVERIFY(reader.open(m_dir->path(), ConversationStore::OpenMode::ReadOnly).ok());
    QCOMPARE(reader.checkpointsCompleted(), 0);
    QCOMPARE(reader.rawLines(id).size(), m_store->rawLines(id).size());
}

// Appends one after another, with no pause for a checkpoint to finish between them: the thread is asked
// about once per kLogBytesPerCheckpoint of frames, and when the log has grown by three more after the
// first request, an append copies what is left itself, so the log starts again and its file stays
// bounded. (It grew to 56 MB over
// these appends when every commit past the size asked the thread: one was always running.)
void tst_Store::logStaysSmallThroughAStreamOfAppends()
{
    QString id;
    QVERIFY(m_store->createConversation(QStringLiteral("stream"), QString(), &id).ok());
    const QString wal = m_store->databasePath() + QStringLiteral("-wal");
    constexpr int kAppends = 600;
    qint64 largestLog = 0;
    for (int i = 0; i < kAppends; ++i) {
        QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("line %1 ").arg(i) + QString(1000, QLatin1Char('w')))).ok());
        largestLog = qMax(largestLog, QFileInfo(wal).size());
    }
    // Every append writes at least its row's page and its index pages: several times the threshold in all.
    const qint64 pageSize = pragma(*m_store, QStringLiteral("page_size")).toLongLong();
    QVERIFY(qint64(kAppends) * 2 * pageSize > 4 * WalCheckpointer::kLogBytesPerCheckpoint);
    QTRY_VERIFY_WITH_TIMEOUT(m_store->checkpointsCompleted() >= 2, 10000);
    QVERIFY2(m_store->checkpointsCompleted() <= kAppends / 10,
             qPrintable(QStringLiteral("%1 checkpoints for %2 appends").arg(m_store->checkpointsCompleted()).arg(kAppends)));
    QVERIFY2(largestLog <= WalCheckpointer::kLogBytesBound,
             qPrintable(QStringLiteral("the log reached %1 KiB").arg(largestLog / 1024)));
    QCOMPARE(m_store->rawLines(id).size(), kAppends);
}

// SQLite reuses the log's file rather than shrinking it: after a large import it stayed that size while the
// store was open. Once the import is checkpointed, the next commit starts the log again and cuts the file
// back to the limit (journal_size_limit).
void tst_Store::logFileShrinksAfterALargeImport()
{
    const QString wal = m_store->databasePath() + QStringLiteral("-wal");
    const qint64 limit = WalCheckpointer::kLogBytesBound;
    const QByteArray data = readFile(longConversationPath()).repeated(16);
    QString id;
    {
        // Another reader's snapshot from before the import keeps every checkpoint from copying it, so
        // what the appends below do is seen whatever the thread's timing.
        QSqlDatabase reader = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("pinning reader"));
        reader.setDatabaseName(m_store->databasePath());
        QVERIFY(reader.open());
        QSqlQuery pin(reader);
        QVERIFY(pin.exec(QStringLiteral("BEGIN")) && pin.exec(QStringLiteral("SELECT count(*) FROM messages")) && pin.next());
        QVERIFY(m_store->importData(data, QStringLiteral("large"), QString(), &id).ok());
        QVERIFY2(QFileInfo(wal).size() > limit, qPrintable(QStringLiteral("the log holds %1 KiB").arg(QFileInfo(wal).size() / 1024)));
        // Small appends right after an import leave its copy to the thread, however large the log: a
        // commit copies the log itself only after small commits outran the thread for three thresholds.
        for (int i = 0; i < 5; ++i)
            QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("right after %1").arg(i))).ok());
        QCOMPARE(m_store->checkpointsByCommits(), 0);
        pin.finish();
        QVERIFY(pin.exec(QStringLiteral("ROLLBACK")));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("pinning reader"));
    // The thread is asked again once the log has grown by a threshold (here by 1.25 of them); then it
    // copies everything.
    const QString large(64 * 1024, QLatin1Char('q'));
    const int appends = WalCheckpointer::kLogBytesPerCheckpoint * 5 / 4 / (64 * 1024);
    for (int i = 0; i < appends; ++i)
        QVERIFY(m_store->appendMessage(id, userLine(large)).ok());
    QTRY_VERIFY_WITH_TIMEOUT(m_store->checkpointsCompleted() >= 1, 10000);
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("after the import"))).ok());
    QVERIFY2(QFileInfo(wal).size() <= limit, qPrintable(QStringLiteral("the log file holds %1 KiB").arg(QFileInfo(wal).size() / 1024)));
    QCOMPARE(m_store->rawLines(id).size(), Transcript::fromJsonLines(data).messages.size() + 6 + appends);
}

void tst_Store::importStoresEveryColumnAsDerived_data()
{
    // Every conversation fixture (tests/data/**/*.jsonl, hostile.jsonl among them), the demo, and a
    // generated conversation whose calls are answered in later runs of lines.
    QTest::addColumn<QString>("path");
    QTest::newRow("demo") << QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl");
    const QString longPath = longConversationPath();
    QVERIFY(QFileInfo(longPath).size() > 1024 * 1024); // read on threads, in runs
    QTest::newRow("long, answers in later runs") << longPath;
    QDirIterator it(QStringLiteral(TESSERA_TEST_DATA), {QStringLiteral("*.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
    QStringList paths;
    while (it.hasNext())
        paths.append(it.next());
    paths.sort();
    QVERIFY(paths.size() >= 10);
    for (const QString &path : std::as_const(paths))
        QTest::newRow(qPrintable(QDir(QStringLiteral(TESSERA_TEST_DATA)).relativeFilePath(path))) << path;
}

// Import binds its rows through SQLite's C API (issue 17): every stored column must be what the eagerly
// parsed and validated transcript derives (storedLineFacts), with SQLite's storage class of each value.
void tst_Store::importStoresEveryColumnAsDerived()
{
    QFETCH(QString, path);
    const QByteArray data = readFile(path);
    const Transcript eager = Transcript::fromJsonLines(data);
    QString id;
    const StoreStatus status = m_store->importData(data, QFileInfo(path).completeBaseName(), path, &id);
    if (eager.messages.isEmpty()) {
        QVERIFY(!status.ok());
        return;
    }
    QVERIFY2(status.ok(), qPrintable(status.message));

    QSqlQuery query(QSqlDatabase::database(m_store->connectionName()));
    QVERIFY(query.prepare(QStringLiteral("SELECT title, created_at, updated_at, source, message_count, card_count "
                                         "FROM conversations WHERE id = ?")));
    query.addBindValue(id);
    QVERIFY(query.exec() && query.next());
    QCOMPARE(query.value(0).toString(), expectedTitle(eager.messages, QFileInfo(path).completeBaseName()));
    const QString now = query.value(1).toString();
    QVERIFY(!now.isEmpty());
    QCOMPARE(query.value(2).toString(), now);
    QCOMPARE(query.value(3).toString(), path);
    QCOMPARE(query.value(4).toInt(), int(eager.messages.size()));
    QCOMPARE(query.value(5).toInt(), eager.cardCount());

    QVERIFY(query.prepare(QStringLiteral(
        "SELECT seq, raw_line, typeof(raw_line), role, typeof(role), created_at, typeof(created_at), turn_id, "
        "typeof(turn_id), incomplete, card_count, typeof(card_count), search_text, typeof(search_text), "
        "card_call_ids, typeof(card_call_ids), result_call_id, typeof(result_call_id) "
        "FROM messages WHERE conversation_id = ? ORDER BY seq")));
    query.addBindValue(id);
    QVERIFY(query.exec());
    const QSet<QString> answered = answeredCardCalls(eager.messages);
    QSet<QString> turnIds;
    auto textType = [](const QString &value) { return value.isEmpty() ? QStringLiteral("null") : QStringLiteral("text"); };
    auto orNull = [](const QString &value) { return value.isEmpty() ? QStringLiteral("<null>") : value; };
    int row = 0;
    for (const Message &m : eager.messages) {
        QVERIFY2(query.next(), qPrintable(QStringLiteral("row %1 missing").arg(row + 1)));
        const StoredLineFacts facts = storedLineFacts(m, answered);
        QCOMPARE(query.value(0).toLongLong(), qint64(++row));
        QCOMPARE(query.value(1).toByteArray(), m.rawLine);
        QCOMPARE(query.value(2).toString(), QStringLiteral("blob"));
        QCOMPARE(column(query, 3), facts.role);
        QCOMPARE(query.value(4).toString(), QStringLiteral("text"));
        QCOMPARE(column(query, 5), facts.createdAt.isEmpty() ? now : facts.createdAt);
        QCOMPARE(query.value(6).toString(), QStringLiteral("text"));
        QCOMPARE(column(query, 7), orNull(facts.turnId));
        QCOMPARE(query.value(8).toString(), textType(facts.turnId));
        QCOMPARE(query.value(9).toInt(), 0);
        QCOMPARE(query.value(10).toInt(), facts.cardCount);
        QCOMPARE(query.value(11).toString(), QStringLiteral("integer"));
        QCOMPARE(column(query, 12), facts.searchText);
        QCOMPARE(query.value(13).toString(), QStringLiteral("text"));
        QCOMPARE(column(query, 14), orNull(facts.cardCallIds));
        QCOMPARE(query.value(15).toString(), textType(facts.cardCallIds));
        QCOMPARE(column(query, 16), orNull(facts.resultCallId));
        QCOMPARE(query.value(17).toString(), textType(facts.resultCallId));
        if (!facts.turnId.isEmpty())
            turnIds.insert(facts.turnId);
    }
    QVERIFY(!query.next());

    QVERIFY(query.prepare(QStringLiteral("SELECT turn_id, started_at, completed_at FROM turns WHERE conversation_id = ?")));
    query.addBindValue(id);
    QVERIFY(query.exec());
    QSet<QString> storedTurns;
    while (query.next()) {
        storedTurns.insert(query.value(0).toString());
        QCOMPARE(query.value(1).toString(), now);
        QCOMPARE(query.value(2).toString(), now);
    }
    QCOMPARE(storedTurns, turnIds);
}

void tst_Store::loadRevalidatesEveryCard()
{
    const QString path = QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl");
    const Transcript expected = Transcript::fromJsonLines(readFile(path));
    const QString id = importFixture(path);
    const Transcript loaded = m_store->loadTranscript(id);
    QCOMPARE(loaded.messages.size(), expected.messages.size());
    QCOMPARE(loaded.cardCount(), expected.cardCount());
    QCOMPARE(loaded.fallbackCount(), expected.fallbackCount());
    for (qsizetype i = 0; i < expected.messages.size(); ++i) {
        const Message &a = loaded.messages.at(i);
        const Message &b = expected.messages.at(i);
        QCOMPARE(a.lineNumber, int(i + 1));
        QCOMPARE(a.rawLine, b.rawLine);
        QCOMPARE(a.isReadable(), b.isReadable());
        QCOMPARE(a.cards.size(), b.cards.size());
        for (qsizetype c = 0; c < a.cards.size(); ++c) {
            QCOMPARE(a.cards.at(c).kindName(), b.cards.at(c).kindName());
            QCOMPARE(a.cards.at(c).isValid(), b.cards.at(c).isValid());
            QCOMPARE(a.cards.at(c).issues(), b.cards.at(c).issues());
            QCOMPARE(a.cards.at(c).rawText(), b.cards.at(c).rawText());
        }
    }
    // Line 11: the 20-digit cell is a valid card with its exact digits (hostile.jsonl's README).
    const Card &bigNumber = loaded.messages.at(10).cards.first();
    QVERIFY(bigNumber.isValid());
    QVERIFY(bigNumber.rawText().contains("18446744073709551615"));
}

void tst_Store::storedRawLineIsRevalidatedNow()
{
    // The store keeps no verdict, only the line: a card an older build refused (say one that did not
    // know item_list ids like "cli:ethos") renders natively now, and a broken one falls back.
    QString id;
    QVERIFY(m_store->createConversation(QStringLiteral("Re-validation"), QStringLiteral("test"), &id).ok());
    const QByteArray accepted =
        R"({"role":"tool","tool_call_id":"c1","name":"emit_card","content":"rendered: item_list","structured":{"card":{"kind":"item_list","specVersion":1,"payload":{"items":[{"id":"cli:ethos","name":"cli:ethos","status":"ok"}]}}}})";
    const QByteArray refused =
        R"({"role":"tool","tool_call_id":"c2","name":"emit_card","content":"rendered: alert","structured":{"card":{"kind":"alert","specVersion":1,"payload":{"severity":"fatal","message":"x"}}}})";
    QVERIFY(m_store->appendMessage(id, accepted).ok());
    QVERIFY(m_store->appendMessage(id, refused).ok());
    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    const Transcript loaded = m_store->loadTranscript(id);
    QCOMPARE(loaded.messages.size(), 2);
    QCOMPARE(loaded.messages.at(0).cards.size(), 1);
    QVERIFY(loaded.messages.at(0).cards.first().isValid());
    QCOMPARE(loaded.messages.at(0).cards.first().kind(), CardKind::ItemList);
    QCOMPARE(loaded.messages.at(1).cards.size(), 1);
    QVERIFY(!loaded.messages.at(1).cards.first().isValid());
    QCOMPARE(loaded.messages.at(1).cards.first().issues().first().pointer, QStringLiteral("/payload/severity"));
    QCOMPARE(m_store->rawLines(id), (QList<QByteArray>{accepted, refused}));
}

void tst_Store::appendHostileLines()
{
    QString id;
    QVERIFY(m_store->createConversation(QString(), QString(), &id).ok());
    QCOMPARE(m_store->conversation(id).title, QStringLiteral("Conversation"));

    const QByteArray badUtf8 = QByteArray(R"({"role":"assistant","content":"caf)") + char(0xC3) + QByteArray(R"("})");
    QByteArray deep = R"({"role":"tool","tool_call_id":"d","name":"emit_card","content":"x","structured":{"card":{"kind":"data_table","specVersion":1,"payload":)";
    deep += QByteArray(100000, '[') + QByteArray(100000, ']') + "}}}";
    const QByteArray notJson = "{\"role\":\"assistant\",\"content\":\"cut off";
    const QByteArray withNul = QByteArray("{\"role\":\"user\",\"content\":\"a\0b\"}", 32);
    const QList<QByteArray> lines{userLine(QStringLiteral("hello")), badUtf8, deep, notJson, withNul, QByteArray()};
    for (qsizetype i = 0; i < lines.size(); ++i) {
        qint64 seq = 0;
        const StoreStatus status = m_store->appendMessage(id, lines.at(i), &seq);
        QVERIFY2(status.ok(), qPrintable(status.message));
        QCOMPARE(seq, qint64(i + 1));
    }
    QCOMPARE(m_store->rawLines(id), lines); // byte for byte, the NUL and the 0xC3 included
    const Transcript loaded = m_store->loadTranscript(id);
    QCOMPARE(loaded.messages.size(), lines.size());
    QVERIFY(loaded.messages.at(0).isReadable());
    QVERIFY(!loaded.messages.at(1).isReadable());
    QCOMPARE(loaded.messages.at(2).cards.size(), 1); // the deep card is a fallback, not an unreadable line
    QVERIFY(!loaded.messages.at(2).cards.first().isValid());
    QVERIFY(!loaded.messages.at(3).isReadable());
    const ConversationSummary summary = m_store->conversation(id);
    QCOMPARE(summary.messageCount, int(lines.size()));
    QCOMPARE(summary.cardCount, 1);
    QCOMPARE(m_store->appendMessage(QStringLiteral("no-such-id"), userLine(QStringLiteral("x"))).code, StoreError::NotFound);
}

void tst_Store::appendKeepsCardCountsResolved()
{
    // A card-tool call draws its card until a result carrying the card answers it (PRODUCT.md §2).
    const QList<QByteArray> lines{
        userLine(QStringLiteral("Show me")),
        R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"one\"}}"}},{"id":"call_2","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"two\"}}"}}]})",
        R"({"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"rendered: text","structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":"one"}}}})",
        R"({"role":"tool","tool_call_id":"call_2","name":"emit_card","content":"rendered: text"})",
        R"({"role":"assistant","content":"Done."})",
    };
    QString id;
    QVERIFY(m_store->createConversation(QStringLiteral("Cards"), QString(), &id).ok());
    const QList<int> expectedCounts{0, 2, 2, 2, 2};
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QVERIFY(m_store->appendMessage(id, lines.at(i)).ok());
        QCOMPARE(m_store->conversation(id).cardCount, expectedCounts.at(i));
    }
    const Transcript reference = Transcript::fromJsonLines(lines.join('\n'));
    QCOMPARE(reference.cardCount(), 2);
    const Transcript loaded = m_store->loadTranscript(id);
    QCOMPARE(loaded.cardCount(), 2);
    QCOMPARE(loaded.messages.at(1).cards.size(), 1); // call_2 only: call_1 draws at its result
    QCOMPARE(loaded.messages.at(2).cards.size(), 1);

    // A page that holds the call but not its result still draws call_1 once, at the result.
    const QList<Message> page = m_store->loadRange(id, 1, 2);
    QCOMPARE(page.size(), 2);
    QCOMPARE(page.at(1).cards.size(), 1);
    QCOMPARE(page.at(1).cards.first().rawText(), QByteArray(R"({"kind":"text","payload":{"text":"two"}})"));
}

void tst_Store::titles_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("title");
    const QString longText = QStringLiteral("word ").repeated(40);
    QTest::newRow("first user message") << QByteArray(R"({"role":"system","content":"be brief"})" "\n" R"({"role":"user","content":"  Where did\nthe money go?  "})")
                                        << QStringLiteral("flows") << QStringLiteral("Where did the money go?");
    QTest::newRow("trimmed to 80") << userLine(longText) << QStringLiteral("x")
                                   << QString(QStringLiteral("word ").repeated(16).left(79).trimmed() + QChar(0x2026));
    QTest::newRow("no user message: file name") << QByteArray(R"({"role":"assistant","content":"hi"})") << QStringLiteral("night-run") << QStringLiteral("night-run");
    QTest::newRow("emoji not split") << userLine(QString(QStringLiteral("\U0001F600")).repeated(100)) << QStringLiteral("x")
                                     << QString(QString(QStringLiteral("\U0001F600")).repeated(79) + QChar(0x2026));
}

void tst_Store::titles()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, fileName);
    QFETCH(QString, title);
    const QString path = m_dir->filePath(fileName + QStringLiteral(".jsonl"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(data);
    file.close();
    const QString id = importFixture(path);
    QVERIFY(!id.isEmpty());
    QCOMPARE(m_store->conversation(id).title, title);
    QVERIFY(m_store->conversation(id).title.toUcs4().size() <= 80);
}

void tst_Store::search_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<QStringList>("titles"); // first words of the titles found, newest first
    QTest::newRow("empty: all") << QString() << QStringList{QStringLiteral("Here"), QStringLiteral("Morning.")};
    QTest::newRow("title word") << QStringLiteral("last night") << QStringList{QStringLiteral("Here")};
    QTest::newRow("prose, case-insensitive") << QStringLiteral("PHARMA LED") << QStringList{QStringLiteral("Morning.")};
    QTest::newRow("card title") << QStringLiteral("Sector flow") << QStringList{QStringLiteral("Morning.")};
    QTest::newRow("LIKE wildcards are literal") << QStringLiteral("%_%") << QStringList{};
    QTest::newRow("nothing") << QStringLiteral("zebra crossing") << QStringList{};
}

void tst_Store::search()
{
    QFETCH(QString, search);
    QFETCH(QStringList, titles);
    importFixture(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"));
    QTest::qWait(5); // distinct last-activity stamps (milliseconds)
    importFixture(QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"));
    StoreStatus status;
    const QList<ConversationSummary> found = m_store->listConversations(search, &status);
    QVERIFY2(status.ok(), qPrintable(status.message));
    QStringList firstWords;
    for (const ConversationSummary &c : found)
        firstWords.append(c.title.section(QLatin1Char(' '), 0, 0));
    QCOMPARE(firstWords, titles);
}

// settleCardCalls (the import's second look at a line's calls) leaves a line as resolveCardCalls against
// the wider set would: the same cards, in the same order, with the same ids, whatever was answered first.
void tst_Store::settledCallsEqualCallsResolvedOnce()
{
    const QByteArray line = R"({"role":"assistant","id":"m1","content":null,"tool_calls":[)"
                            R"({"id":"twin","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"a\"}}"}},)"
                            R"({"id":"twin","type":"function","function":{"name":"render_ui","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"b\"}}"}},)"
                            R"({"id":"m1","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"d\"}}"}},)"
                            R"({"type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"c\"}}"}},)"
                            R"({"id":"other","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"alert\"}"}},)"
                            R"({"id":"plain","type":"function","function":{"name":"lookup","arguments":"{}"}}]})";
    auto described = [](const Message &m) {
        QStringList cards;
        for (const Card &card : m.cards)
            cards.append(card.cardId() + QLatin1Char('=') + QString::fromUtf8(card.rawText()) + (card.isValid() ? "" : " (invalid)"));
        return cards;
    };
    const QList<QSet<QString>> sets{{},
                                    {QStringLiteral("twin")},
                                    {QStringLiteral("m1")},
                                    {QStringLiteral("twin"), QStringLiteral("other")},
                                    {QStringLiteral("plain"), QStringLiteral("nobody")}};
    int compared = 0;
    for (const QSet<QString> &first : sets) {
        for (const QSet<QString> &more : sets) {
            const QSet<QString> wider = first + more;
            Message once = parseTranscriptLine(line, 1);
            resolveCardCalls(&once, wider);
            Message settled = parseTranscriptLine(line, 1);
            resolveCardCalls(&settled, first);
            settleCardCalls(&settled, first, wider);
            QCOMPARE(described(settled), described(once));
            ++compared;
        }
    }
    QCOMPARE(compared, 25);
    Message none = parseTranscriptLine(line, 1);
    resolveCardCalls(&none, {});
    QCOMPARE(described(none).size(), 5); // two twins, "m1", the unnamed call (also "m1"), the invalid alert
    QCOMPARE(none.cards.at(1).cardId(), QStringLiteral("twin#2"));
    QCOMPARE(none.cards.at(3).cardId(), QStringLiteral("m1#4"));
}

// A page's card calls are looked up in batches: more calls than one batch holds, answered after the page
// for every third one, each still draws exactly once.
void tst_Store::pagedLoadingLooksUpEveryCall()
{
    const int calls = 450;
    QByteArray data;
    for (int i = 1; i <= calls; ++i) {
        data += QStringLiteral(R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_%1","type":"function",)"
                               R"("function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"c%1\"}}"}}]})")
                    .arg(i).toUtf8() + '\n';
    }
    for (int i = 3; i <= calls; i += 3) {
        data += QStringLiteral(R"({"role":"tool","tool_call_id":"call_%1","name":"emit_card","content":"rendered: text",)"
                               R"("structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":"r%1"}}}})")
                    .arg(i).toUtf8() + '\n';
    }
    QString id;
    QVERIFY(m_store->importData(data, QStringLiteral("calls"), QString(), &id).ok());
    StoreStatus status;
    const QList<Message> page = m_store->loadRange(id, 1, calls, &status);
    QVERIFY(status.ok());
    QCOMPARE(page.size(), calls);
    int drawn = 0;
    for (const Message &m : page) {
        const bool answered = m.lineNumber % 3 == 0;
        QCOMPARE(m.cards.size(), answered ? 0 : 1);
        if (!answered) {
            QCOMPARE(m.cards.first().rawText(), QStringLiteral(R"({"kind":"text","payload":{"text":"c%1"}})").arg(m.lineNumber).toUtf8());
            ++drawn;
        }
    }
    QCOMPARE(drawn, calls - calls / 3);
    const QList<Message> results = m_store->loadRange(id, calls + 1, calls / 3);
    QCOMPARE(results.size(), calls / 3);
    QCOMPARE(results.last().cards.size(), 1);
}

void tst_Store::pagedLoading()
{
    QByteArray data;
    for (int i = 1; i <= 1000; ++i) {
        if (i == 100) {
            data += R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_p","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"p\"}}"}}]})" "\n";
        } else if (i == 101) {
            data += R"({"role":"tool","tool_call_id":"call_p","name":"emit_card","content":"rendered: text","structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":"p"}}}})" "\n";
        } else {
            data += userLine(QStringLiteral("message %1").arg(i)) + '\n';
        }
    }
    QString id;
    QVERIFY(m_store->importData(data, QStringLiteral("paged"), QString(), &id).ok());
    QCOMPARE(m_store->messageCount(id), 1000);

    const QList<Message> last = m_store->loadLast(id, 100);
    QCOMPARE(last.size(), 100);
    QCOMPARE(last.first().lineNumber, 901);
    QCOMPARE(last.last().lineNumber, 1000);
    QCOMPARE(last.last().content, QStringLiteral("message 1000"));

    const QList<Message> older = m_store->loadRange(id, 801, 100);
    QCOMPARE(older.size(), 100);
    QCOMPARE(older.first().content, QStringLiteral("message 801"));
    QCOMPARE(older.last().lineNumber, 900);

    const QList<Message> first = m_store->loadRange(id, -49, 100); // the oldest page is shorter
    QCOMPARE(first.size(), 50);
    QCOMPARE(first.first().lineNumber, 1);
    QCOMPARE(first.last().lineNumber, 50);

    const QList<Message> split = m_store->loadRange(id, 1, 100); // call at 100, its result at 101
    QCOMPARE(split.last().lineNumber, 100);
    QCOMPARE(split.last().cards.size(), 0);
    QCOMPARE(m_store->loadRange(id, 101, 1).first().cards.size(), 1);
    QCOMPARE(m_store->loadRange(id, 1001, 10).size(), 0);
    StoreStatus status;
    QVERIFY(m_store->loadRange(QStringLiteral("nope"), 1, 10, &status).isEmpty());
    QCOMPARE(status.code, StoreError::NotFound);
}

// A turn's row is written by its first line; later lines of it, together or after other turns, add none.
void tst_Store::importWritesEveryTurnOnce()
{
    const QList<QByteArray> lines{userLine(QStringLiteral("a"), QStringLiteral("t1")), userLine(QStringLiteral("b"), QStringLiteral("t1")),
                                  userLine(QStringLiteral("c"), QStringLiteral("t2")), userLine(QStringLiteral("d"), QStringLiteral("t1")),
                                  userLine(QStringLiteral("e")),                       userLine(QStringLiteral("f"), QStringLiteral("t3")),
                                  userLine(QStringLiteral("g"), QStringLiteral("t2"))};
    QString id;
    QVERIFY(m_store->importData(lines.join('\n'), QStringLiteral("turns"), QString(), &id).ok());
    QStringList seen;
    for (const TurnState &turn : m_store->turns(id)) {
        seen.append(turn.turnId);
        QVERIFY(turn.completed && !turn.incomplete);
    }
    seen.sort();
    QCOMPARE(seen, (QStringList{QStringLiteral("t1"), QStringLiteral("t2"), QStringLiteral("t3")}));
    QCOMPARE(m_store->rawLines(id), lines);
}

void tst_Store::turnCutOffIsMarkedOnReopen()
{
    QString id;
    QVERIFY(m_store->createConversation(QStringLiteral("Turns"), QString(), &id).ok());
    QVERIFY(m_store->beginTurn(id, QStringLiteral("t1")).ok());
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("a"), QStringLiteral("t1"))).ok());
    QVERIFY(m_store->completeTurn(id, QStringLiteral("t1")).ok());
    QVERIFY(m_store->beginTurn(id, QStringLiteral("t2")).ok());
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("b"), QStringLiteral("t2"))).ok());
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("c"), QStringLiteral("t2"))).ok());
    // A turn named only by its lines starts when its first line arrives.
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("d"), QStringLiteral("t3"))).ok());
    QVERIFY(m_store->incompleteSeqs(id).isEmpty()); // still streaming, not cut off
    QCOMPARE(m_store->beginTurn(QStringLiteral("nope"), QStringLiteral("t")).code, StoreError::NotFound);

    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QCOMPARE(m_store->turnsMarkedIncompleteOnOpen(), 2);
    const QList<TurnState> turns = m_store->turns(id);
    QCOMPARE(turns.size(), 3);
    QCOMPARE(turns.at(0).turnId, QStringLiteral("t1"));
    QVERIFY(turns.at(0).completed && !turns.at(0).incomplete);
    QVERIFY(!turns.at(1).completed && turns.at(1).incomplete);
    QVERIFY(!turns.at(2).completed && turns.at(2).incomplete);
    QCOMPARE(m_store->incompleteSeqs(id), (QSet<qint64>{2, 3, 4}));
    // Every way of loading says which lines were cut off.
    const QList<Message> page = m_store->loadRange(id, 1, 4);
    QCOMPARE(page.size(), 4);
    QVERIFY(!page.at(0).incomplete);
    QVERIFY(page.at(1).incomplete && page.at(2).incomplete && page.at(3).incomplete);
    const Transcript whole = m_store->loadTranscript(id);
    QVERIFY(!whole.messages.at(0).incomplete && whole.messages.at(3).incomplete);

    // Marked once: the next open finds nothing new.
    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QCOMPARE(m_store->turnsMarkedIncompleteOnOpen(), 0);

    // A backend that finishes the turn after all clears the mark.
    QVERIFY(m_store->completeTurn(id, QStringLiteral("t2")).ok());
    QCOMPARE(m_store->incompleteSeqs(id), (QSet<qint64>{4}));
}

// PRODUCT.md §6: prose saved while it streams; the turn's assistant line replaces it; what a crash
// leaves becomes that line on the next open, marked cut off.
void tst_Store::streamedProseSurvivesACrash()
{
    QString id;
    QVERIFY(m_store->createConversation(QStringLiteral("Streams"), QString(), &id).ok());
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("go"), QStringLiteral("t1"))).ok());
    QVERIFY(m_store->beginTurn(id, QStringLiteral("t1")).ok());
    QVERIFY(m_store->appendStreamedProse(id, QStringLiteral("t1"), QStringLiteral("Pharma led ")).ok());
    QVERIFY(m_store->appendStreamedProse(id, QStringLiteral("t1"), QStringLiteral("the week — 12 %")).ok());
    QCOMPARE(m_store->streamedProse(id, QStringLiteral("t1")), QStringLiteral("Pharma led the week — 12 %"));
    QCOMPARE(m_store->appendStreamedProse(QStringLiteral("nope"), QStringLiteral("t1"), QStringLiteral("x")).code,
             StoreError::NotFound);

    // A line of the same turn that is not the assistant's leaves the pieces alone; the assistant's clears them.
    QVERIFY(m_store->appendMessage(id, R"({"role":"tool","tool_call_id":"c1","content":"ok","turn_id":"t1"})").ok());
    QCOMPARE(m_store->streamedProse(id, QStringLiteral("t1")), QStringLiteral("Pharma led the week — 12 %"));
    QVERIFY(m_store->appendMessage(id, R"({"role":"assistant","content":"Pharma led the week — 12 %","turn_id":"t1"})").ok());
    QCOMPARE(m_store->streamedProse(id, QStringLiteral("t1")), QString());
    QVERIFY(m_store->completeTurn(id, QStringLiteral("t1")).ok());

    // Turn t2 streams, then the process dies: nothing but the pieces and the turn's start are on disk.
    QVERIFY(m_store->beginTurn(id, QStringLiteral("t2")).ok());
    QVERIFY(m_store->appendStreamedProse(id, QStringLiteral("t2"), QStringLiteral("partial ")).ok());
    QVERIFY(m_store->appendStreamedProse(id, QStringLiteral("t2"), QStringLiteral("answer")).ok());
    QCOMPARE(m_store->messageCount(id), 3);
    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QCOMPARE(m_store->messageCount(id), 4);
    QCOMPARE(m_store->streamedProse(id, QStringLiteral("t2")), QString());
    const QList<QByteArray> lines = m_store->rawLines(id);
    QCOMPARE(lines.last(), QByteArray(R"({"role":"assistant","content":"partial answer","turn_id":"t2"})"));
    QCOMPARE(m_store->incompleteSeqs(id), (QSet<qint64>{4})); // and it reads as cut off
    QCOMPARE(m_store->conversation(id).messageCount, 4);
    // Recovered once: the next open adds nothing.
    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QCOMPARE(m_store->messageCount(id), 4);
}

void tst_Store::markdownExport()
{
    const QByteArray data =
        R"({"role":"user","content":"Where did the money go?"})" "\n"
        R"({"role":"tool","tool_call_id":"a","name":"emit_card","content":"rendered: data_table","structured":{"card":{"kind":"data_table","specVersion":1,"payload":{"title":"Flows","caption":"NSE","columns":[{"key":"s","label":"Sector"},{"key":"f","label":"Net | flow","numeric":true}],"rows":[{"s":"Pharma","f":18446744073709551615},{"s":"Banks","f":1.10},{"s":"IT","f":null}],"totals":{"s":"All","f":12}}}}})" "\n"
        R"({"role":"tool","tool_call_id":"b","name":"emit_card","content":"rendered: metric_chart","structured":{"card":{"kind":"metric_chart","specVersion":1,"payload":{"title":"FII","xLabel":"Day","series":[{"name":"FII","points":[{"x":"2026-08-08","y":-1240},{"x":"2026-08-11","y":380}]},{"name":"DII","points":[{"x":"2026-08-08","y":5},{"x":"2026-08-11","y":6}]}]}}}})" "\n"
        R"({"role":"tool","tool_call_id":"c","name":"emit_card","content":"rendered: alert","structured":{"card":{"kind":"alert","specVersion":1,"payload":{"severity":"warning","message":"Quotes are delayed."}}}})" "\n"
        R"({"role":"tool","tool_call_id":"d","name":"emit_card","content":"rendered: detail","structured":{"card":{"kind":"detail","specVersion":1,"payload":{"title":"TITAN","status":"watchlist","fields":[{"label":"Entry","value":"3412"}]}}}})" "\n"
        R"({"role":"tool","tool_call_id":"e","name":"emit_card","content":"rendered: code","structured":{"card":{"kind":"code","specVersion":1,"payload":{"language":"sql","code":"select ```x``` from t"}}}})" "\n"
        R"({"role":"tool","tool_call_id":"f","name":"emit_card","content":"rendered: item_list","structured":{"card":{"kind":"item_list","specVersion":1,"payload":{"items":[{"id":"cli:ethos","name":"Ethos","status":"ok","meta":"14 messages"}]}}}})" "\n"
        R"({"role":"tool","tool_call_id":"g","name":"emit_card","content":"rendered: recommend_actions","structured":{"card":{"kind":"recommend_actions","specVersion":1,"payload":{"question":"Next?","actions":[{"label":"Size it","prompt":"Size TITAN at 1% risk."}]}}}})" "\n"
        R"({"role":"tool","tool_call_id":"h","name":"emit_card","content":"rendered: alert","structured":{"card":{"kind":"alert","specVersion":2,"payload":{"severity":"info","message":"m"}}}})" "\n"
        R"({"role":"assistant","content":"Pharma led."})" "\n"
        "{broken\n";
    QString id;
    QVERIFY(m_store->importData(data, QStringLiteral("md"), QString(), &id).ok());
    const QString out = m_dir->filePath(QStringLiteral("out.md"));
    QVERIFY(m_store->exportConversation(id, out, ConversationStore::ExportFormat::Markdown).ok());
    const QString md = QString::fromUtf8(readFile(out));
    const QStringList expected{
        QStringLiteral("# Where did the money go?"),
        QStringLiteral("**User**\n\nWhere did the money go?\n\n**Assistant**"),
        QStringLiteral("**Flows**\n\n| Sector | Net \\| flow |\n| --- | ---: |\n| Pharma | 18446744073709551615 |\n| Banks | 1.10 |\n| IT | \u2014 |\n| **All** | **12** |\n\n_NSE_"),
        QStringLiteral("**FII**\n\n| Day | FII | DII |\n| --- | ---: | ---: |\n| 2026-08-08 | -1240 | 5 |\n| 2026-08-11 | 380 | 6 |"),
        QStringLiteral("> **Warning:** Quotes are delayed."),
        QStringLiteral("**TITAN** (watchlist)\n\n- **Entry:** 3412"),
        QStringLiteral("````sql\nselect ```x``` from t\n````"),
        QStringLiteral("- Ethos [ok] \u2014 14 messages (`cli:ethos`)"),
        QStringLiteral("**Next?**\n\n- **Size it:** Size TITAN at 1% risk."),
        QStringLiteral("> _Invalid alert card: /specVersion: "),
        QStringLiteral("Pharma led."),
        QStringLiteral("> _Unreadable line 11: not valid JSON"),
    };
    qsizetype at = 0;
    for (const QString &piece : expected) {
        const qsizetype found = md.indexOf(piece, at);
        QVERIFY2(found >= 0, qPrintable(QStringLiteral("missing, in order: ") + piece + QStringLiteral("\n--- in ---\n") + md));
        at = found + piece.size();
    }
    QVERIFY(!md.contains(QLatin1String("rendered:"))); // acks are never shown
}

// Turn versions (issue 12): Markdown has the version the person chose, and one muted line saying
// there are others; JSON Lines has every line.
void tst_Store::markdownExportWritesTheChosenVersion()
{
    const QByteArray data =
        R"({"role":"user","content":"Which sector led?"})" "\n"
        R"({"role":"assistant","content":"Banks led."})" "\n"
        R"j({"role":"system","content":"Regenerated the answer (version 2)","turn_version":{"group":"5b0c7f3e-1d2a-4c59-9e61-0a7d3b2c4f10","version":2,"from":1}})j" "\n"
        R"({"role":"assistant","content":"Pharma led."})" "\n"
        R"j({"role":"system","content":"Regenerated the answer (version 3)","turn_version":{"group":"5b0c7f3e-1d2a-4c59-9e61-0a7d3b2c4f10","version":3,"from":2}})j" "\n"
        R"({"role":"tool","tool_call_id":"c3","name":"emit_card","content":"rendered: alert","structured":{"card":{"kind":"alert","specVersion":1,"payload":{"severity":"info","message":"IT card."}}}})" "\n"
        R"({"role":"assistant","content":"IT led."})" "\n"
        R"({"role":"system","content":"Showing version 2 of 3","version_choice":{"group":"5b0c7f3e-1d2a-4c59-9e61-0a7d3b2c4f10","version":2}})" "\n"
        R"({"role":"user","content":"And next week?"})" "\n"
        R"({"role":"assistant","content":"Nobody knows."})" "\n"
        R"({"role":"user","content":"Why did pharma lead?","turn_version":{"group":"9e2d4a61-7c3b-4f08-8a15-6b1e0c9d2f37","version":2}})" "\n"
        R"({"role":"assistant","content":"Export orders."})" "\n";
    QString id;
    QVERIFY(m_store->importData(data, QStringLiteral("versions"), QString(), &id).ok());
    const QString out = m_dir->filePath(QStringLiteral("versions.md"));
    QVERIFY(m_store->exportConversation(id, out, ConversationStore::ExportFormat::Markdown).ok());
    const QString md = QString::fromUtf8(readFile(out));
    const QString expected = QStringLiteral(
        "# Which sector led?\n\n"
        "**User**\n\nWhich sector led?\n\n"
        "_Version 2 of 3 of this turn; the others are kept in the JSON Lines export._\n\n"
        "**Assistant**\n\nPharma led.\n\n"
        "**User**\n\nWhy did pharma lead?\n\n"
        "_Version 2 of 2 of this turn; the others are kept in the JSON Lines export._\n\n"
        "**Assistant**\n\nExport orders.\n");
    QCOMPARE(md, expected);
    for (const char *hidden : {"Banks led.", "IT led.", "IT card.", "And next week?", "Nobody knows."})
        QVERIFY2(!md.contains(QLatin1String(hidden)), hidden);

    // Choosing version 3 of the first turn exports it instead, its card too.
    QVERIFY(m_store->appendMessage(id, R"({"role":"system","content":"Showing version 3 of 3","version_choice":{"group":"5b0c7f3e-1d2a-4c59-9e61-0a7d3b2c4f10","version":3}})").ok());
    QVERIFY(m_store->exportConversation(id, out, ConversationStore::ExportFormat::Markdown).ok());
    const QString third = QString::fromUtf8(readFile(out));
    QVERIFY2(third.contains(QStringLiteral("_Version 3 of 3 of this turn; the others are kept in the JSON Lines export._\n\n"
                                           "**Assistant**\n\n> **Info:** IT card.\n\nIT led.")), qPrintable(third));
    QVERIFY(!third.contains(QLatin1String("Pharma led.")));

    // JSON Lines: every version, byte for byte.
    const QString jsonl = m_dir->filePath(QStringLiteral("versions.jsonl"));
    QVERIFY(m_store->exportConversation(id, jsonl).ok());
    const QByteArray all = readFile(jsonl);
    QVERIFY(all.startsWith(data));
    QCOMPARE(all.count('\n'), 13);
}

void tst_Store::idPrefixes()
{
    const QString id = importFixture(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"));
    QCOMPARE(m_store->resolveId(id), id);
    QCOMPARE(m_store->resolveId(id.left(8)), id);
    QCOMPARE(m_store->resolveId(id.left(8).toUpper()), id);
    StoreStatus status;
    QCOMPARE(m_store->resolveId(id.left(3), &status), QString()); // too short to be a prefix
    QCOMPARE(status.code, StoreError::NotFound);
    QCOMPARE(m_store->resolveId(QStringLiteral("%"), &status), QString());
    QCOMPARE(m_store->resolveId(QStringLiteral("zzzzzzzz"), &status), QString());
    QCOMPARE(status.code, StoreError::NotFound);
}

void tst_Store::deleteRemovesEverything()
{
    const QString keep = importFixture(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"));
    QString gone;
    QVERIFY(m_store->importData(userLine(QStringLiteral("bye"), QStringLiteral("t9")), QStringLiteral("x"), QString(), &gone).ok());
    QVERIFY(m_store->deleteConversation(gone).ok());
    QCOMPARE(m_store->deleteConversation(gone).code, StoreError::NotFound);
    QCOMPARE(m_store->listConversations().size(), 1);
    QCOMPARE(m_store->listConversations().first().id, keep);
    QSqlQuery query(QSqlDatabase::database(m_store->connectionName()));
    QVERIFY(query.exec(QStringLiteral("SELECT (SELECT count(*) FROM messages WHERE conversation_id = '%1') + "
                                      "(SELECT count(*) FROM turns WHERE conversation_id = '%1')").arg(gone)) && query.next());
    QCOMPARE(query.value(0).toInt(), 0); // foreign keys on: its lines and turns went with it
    QCOMPARE(m_store->messageCount(keep), 43);
}

void tst_Store::renameMarksTheTitleAsTheUsers()
{
    QString id;
    QVERIFY(m_store->importData(userLine(QStringLiteral("first question")), QStringLiteral("x"), QString(), &id).ok());
    QVERIFY(!m_store->conversation(id).titleByUser);
    QVERIFY(m_store->setAutomaticTitle(id, QStringLiteral("Automatic")).ok());
    QCOMPARE(m_store->conversation(id).title, QStringLiteral("Automatic"));

    QVERIFY(m_store->renameConversation(id, QStringLiteral("  Budget\n review ")).ok());
    ConversationSummary renamed = m_store->conversation(id);
    QCOMPARE(renamed.title, QStringLiteral("Budget review")); // simplified like automatic titles
    QVERIFY(renamed.titleByUser);
    // An automatic title never replaces the person's: NotFound, nothing changed.
    QCOMPARE(m_store->setAutomaticTitle(id, QStringLiteral("Later")).code, StoreError::NotFound);
    QCOMPARE(m_store->conversation(id).title, QStringLiteral("Budget review"));

    QCOMPARE(m_store->renameConversation(id, QStringLiteral("  ")).code, StoreError::BadInput);
    QCOMPARE(m_store->renameConversation(QStringLiteral("no-such-id"), QStringLiteral("x")).code, StoreError::NotFound);
    QCOMPARE(m_store->conversation(id).title, QStringLiteral("Budget review"));

    // Kept across a reopen.
    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QVERIFY(m_store->conversation(id).titleByUser);
}

void tst_Store::systemPromptIsKeptPerConversation()
{
    QString first;
    QString second;
    QVERIFY(m_store->importData(userLine(QStringLiteral("one")), QStringLiteral("x"), QString(), &first).ok());
    QVERIFY(m_store->importData(userLine(QStringLiteral("two")), QStringLiteral("x"), QString(), &second).ok());
    const QDateTime activity = m_store->conversation(first).lastActivity;
    QCOMPARE(m_store->systemPrompt(first), QString());
    QVERIFY(m_store->setSystemPrompt(first, QStringLiteral("  You answer as a pirate.\nNever use emoji.\n ")).ok());
    QCOMPARE(m_store->systemPrompt(first), QStringLiteral("You answer as a pirate.\nNever use emoji."));
    QCOMPARE(m_store->systemPrompt(second), QString()); // per conversation
    QCOMPARE(m_store->conversation(first).lastActivity, activity); // a setting, not activity
    // Not a line: neither export carries it.
    const QString out = m_dir->filePath(QStringLiteral("prompt.jsonl"));
    QVERIFY(m_store->exportConversation(first, out).ok());
    QVERIFY(!readFile(out).contains("pirate"));

    QCOMPARE(m_store->setSystemPrompt(first, QString(ConversationStore::kMaxSystemPromptLength + 1, QLatin1Char('x'))).code,
             StoreError::BadInput);
    QCOMPARE(m_store->systemPrompt(first), QStringLiteral("You answer as a pirate.\nNever use emoji.")); // unchanged
    QCOMPARE(m_store->setSystemPrompt(QStringLiteral("no-such-id"), QStringLiteral("x")).code, StoreError::NotFound);
    StoreStatus missing;
    QCOMPARE(m_store->systemPrompt(QStringLiteral("no-such-id"), &missing), QString());
    QCOMPARE(missing.code, StoreError::NotFound);

    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QCOMPARE(m_store->systemPrompt(first), QStringLiteral("You answer as a pirate.\nNever use emoji."));
    QVERIFY(m_store->setSystemPrompt(first, QString()).ok()); // cleared
    QCOMPARE(m_store->systemPrompt(first), QString());
}

void tst_Store::softDeleteKeepsEveryLine()
{
    const QString gone = importFixture(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"));
    QString keep;
    QVERIFY(m_store->importData(userLine(QStringLiteral("keep me")), QStringLiteral("x"), QString(), &keep).ok());
    const QList<QByteArray> lines = m_store->rawLines(gone);
    const QString word = QStringLiteral("which sessions do I have"); // the demo's first question
    QCOMPARE(m_store->listConversations(word).size(), 1);

    QVERIFY(m_store->moveToRecentlyDeleted(gone).ok());
    QCOMPARE(m_store->moveToRecentlyDeleted(gone).code, StoreError::NotFound); // already there
    const QList<ConversationSummary> listed = m_store->listConversations();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().id, keep);
    QVERIFY(m_store->listConversations(word).isEmpty()); // search does not find it either
    const QList<ConversationSummary> deleted = m_store->recentlyDeleted();
    QCOMPARE(deleted.size(), 1);
    QCOMPARE(deleted.first().id, gone);
    QVERIFY(deleted.first().isDeleted());
    QVERIFY(qAbs(deleted.first().deletedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QCOMPARE(m_store->rawLines(gone), lines); // nothing is lost
    QVERIFY(m_store->conversation(gone).isDeleted());
}

void tst_Store::restoreBringsItBack()
{
    QString id;
    QVERIFY(m_store->importData(userLine(QStringLiteral("come back")), QStringLiteral("x"), QString(), &id).ok());
    QCOMPARE(m_store->restoreConversation(id).code, StoreError::NotFound); // not deleted
    QVERIFY(m_store->moveToRecentlyDeleted(id).ok());
    m_store->close();
    QVERIFY(m_store->open(m_dir->path()).ok());
    QCOMPARE(m_store->recentlyDeleted().size(), 1); // kept across a reopen
    QVERIFY(m_store->restoreConversation(id).ok());
    QVERIFY(m_store->recentlyDeleted().isEmpty());
    QCOMPARE(m_store->listConversations(QStringLiteral("come back")).size(), 1);
    QVERIFY(!m_store->conversation(id).isDeleted());
    QCOMPARE(m_store->messageCount(id), 1);
}

void tst_Store::emptyRecentlyDeletedRemovesForGood()
{
    QString a, b, keep;
    QVERIFY(m_store->importData(userLine(QStringLiteral("a"), QStringLiteral("t1")), QStringLiteral("x"), QString(), &a).ok());
    QVERIFY(m_store->importData(userLine(QStringLiteral("b")), QStringLiteral("x"), QString(), &b).ok());
    QVERIFY(m_store->importData(userLine(QStringLiteral("keep")), QStringLiteral("x"), QString(), &keep).ok());
    QVERIFY(m_store->moveToRecentlyDeleted(a).ok());
    QVERIFY(m_store->moveToRecentlyDeleted(b).ok());
    int removed = -1;
    QVERIFY(m_store->emptyRecentlyDeleted(&removed).ok());
    QCOMPARE(removed, 2);
    QVERIFY(m_store->recentlyDeleted().isEmpty());
    QCOMPARE(m_store->conversation(a).id, QString());
    QCOMPARE(m_store->listConversations().size(), 1);
    QSqlQuery query(QSqlDatabase::database(m_store->connectionName()));
    QVERIFY(query.exec(QStringLiteral("SELECT (SELECT count(*) FROM messages WHERE conversation_id IN ('%1', '%2')) + "
                                      "(SELECT count(*) FROM turns WHERE conversation_id = '%1')").arg(a, b)) && query.next());
    QCOMPARE(query.value(0).toInt(), 0);
    QVERIFY(m_store->emptyRecentlyDeleted(&removed).ok());
    QCOMPARE(removed, 0);
}

void tst_Store::recentlyDeletedOnAReadOnlyStore()
{
    QString id, gone;
    QVERIFY(m_store->importData(userLine(QStringLiteral("kept")), QStringLiteral("x"), QString(), &id).ok());
    QVERIFY(m_store->importData(userLine(QStringLiteral("gone")), QStringLiteral("x"), QString(), &gone).ok());
    QVERIFY(m_store->moveToRecentlyDeleted(gone).ok());
    ConversationStore reader;
    QVERIFY(reader.open(m_dir->path(), ConversationStore::OpenMode::ReadOnly).ok());
    QCOMPARE(reader.listConversations().size(), 1);
    QCOMPARE(reader.recentlyDeleted().size(), 1);
    QCOMPARE(reader.renameConversation(id, QStringLiteral("x")).code, StoreError::NotWritable);
    QCOMPARE(reader.moveToRecentlyDeleted(id).code, StoreError::NotWritable);
    QCOMPARE(reader.emptyRecentlyDeleted().code, StoreError::NotWritable);
}

// A read path never hides an SQL error: it is logged in tessera.store and reaches the caller's status,
// and the value is empty rather than a guess. The tables are broken behind the store's back.
void tst_Store::readErrorsReachTheCaller()
{
    QString id;
    QVERIFY(m_store->importData(userLine(QStringLiteral("hello"), QStringLiteral("t1")), QStringLiteral("x"), QString(), &id).ok());
    QSqlQuery query(QSqlDatabase::database(m_store->connectionName()));
    QVERIFY(query.exec(QStringLiteral("PRAGMA foreign_keys = OFF")));
    QVERIFY2(query.exec(QStringLiteral("ALTER TABLE turns RENAME TO turns_gone")), qPrintable(query.lastError().text()));

    StoreStatus status;
    QVERIFY(m_store->turns(id, &status).isEmpty());
    QCOMPARE(status.code, StoreError::Io);
    QVERIFY2(status.message.startsWith(QStringLiteral("reading the turns failed: no such table: turns")), qPrintable(status.message));

    QVERIFY(query.exec(QStringLiteral("ALTER TABLE messages RENAME TO messages_gone")));
    status = {};
    QCOMPARE(m_store->messageCount(id, &status), 0);
    QCOMPARE(status.code, StoreError::Io);
    QVERIFY2(status.message.contains(QStringLiteral("no such table: messages")), qPrintable(status.message));
    status = {};
    QVERIFY(m_store->incompleteSeqs(id, &status).isEmpty());
    QVERIFY2(status.message.startsWith(QStringLiteral("reading which turns were cut off failed")), qPrintable(status.message));
    status = {};
    QVERIFY(m_store->loadLast(id, 10, &status).isEmpty());
    QCOMPARE(status.code, StoreError::Io);
    status = {};
    QVERIFY(m_store->loadTranscript(id, &status).messages.isEmpty());
    QCOMPARE(status.code, StoreError::Io);
}

void tst_Store::secondOpenIsLocked()
{
    ConversationStore second;
    const StoreStatus status = second.open(m_dir->path());
    QCOMPARE(status.code, StoreError::Locked);
    QVERIFY2(status.message.contains(QStringLiteral("already open by PID %1").arg(QCoreApplication::applicationPid())),
             qPrintable(status.message));
    QVERIFY(!second.isOpen());
    QVERIFY(m_store->isOpen()); // the first is untouched

    const QString name = ConversationStore::instanceServerName(m_dir->path());
    QCOMPARE(name, ConversationStore::instanceServerName(m_dir->path() + QStringLiteral("/.")));
    QVERIFY(name != ConversationStore::instanceServerName(m_dir->path() + QStringLiteral("/other")));

    m_store->close();
    QVERIFY(second.open(m_dir->path()).ok()); // released on close
}

void tst_Store::readOnlyBesideWriter()
{
    const QString id = importFixture(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"));
    ConversationStore reader;
    const StoreStatus status = reader.open(m_dir->path(), ConversationStore::OpenMode::ReadOnly);
    QVERIFY2(status.ok(), qPrintable(status.message));
    QCOMPARE(reader.listConversations().size(), 1);
    QCOMPARE(reader.rawLines(id), m_store->rawLines(id));
    QCOMPARE(reader.appendMessage(id, userLine(QStringLiteral("x"))).code, StoreError::NotWritable);
    // The writer keeps writing; the reader sees it.
    QVERIFY(m_store->appendMessage(id, userLine(QStringLiteral("more"))).ok());
    QCOMPARE(reader.conversation(id).messageCount, m_store->conversation(id).messageCount);

    ConversationStore none;
    QCOMPARE(none.open(m_dir->filePath(QStringLiteral("empty")), ConversationStore::OpenMode::ReadOnly).code, StoreError::NotFound);
}

QTEST_GUILESS_MAIN(tst_Store)
#include "tst_store.moc"
