// Schema migrations (issue 4): a fixture database of every schema version (tests/data/store/schema-vN.sql,
// turned into a database here) opens with the running build, keeps every raw line byte for byte, derives
// the rest, and ends with the same shape as a database this build creates. A migration that fails leaves
// the old database as it was.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cards/cardkinds.h>
#include <store/conversationstore.h>
#include <store/storeschema.h>

using namespace Tessera;

namespace {

const QString kFirst = QStringLiteral("11111111-1111-4111-8111-111111111111");
const QString kSecond = QStringLiteral("22222222-2222-4222-8222-222222222222");

QString fixturePath(int version)
{
    return QStringLiteral(TESSERA_TEST_DATA "/store/schema-v%1.sql").arg(version);
}

// One statement per line ending in ';'; lines starting with "--" are comments.
bool buildDatabase(const QString &sqlPath, const QString &dbPath, const QStringList &extra = {}, QString *error = nullptr)
{
    QFile file(sqlPath);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QStringList statements;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty() && !line.startsWith("--"))
            statements.append(QString::fromUtf8(line));
    }
    statements += extra;
    const QString name = QStringLiteral("fixture-builder");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        ok = db.open();
        for (const QString &sql : std::as_const(statements)) {
            QSqlQuery query(db);
            if (ok && !query.exec(sql)) {
                ok = false;
                if (error)
                    *error = query.lastError().text() + QStringLiteral(": ") + sql.left(80);
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

QList<QByteArray> rawLinesOf(const QString &dbPath, const QString &conversation)
{
    QList<QByteArray> lines;
    const QString name = QStringLiteral("fixture-reader");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        db.open();
        QSqlQuery query(db);
        query.prepare(QStringLiteral("SELECT raw_line FROM messages WHERE conversation_id = ? ORDER BY seq"));
        query.addBindValue(conversation);
        query.exec();
        while (query.next())
            lines.append(query.value(0).toByteArray());
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return lines;
}

int pageSizeOf(const ConversationStore &store)
{
    QSqlQuery query(QSqlDatabase::database(store.connectionName()));
    return query.exec(QStringLiteral("PRAGMA page_size")) && query.next() ? query.value(0).toInt() : 0;
}

// Tables' columns and indexes, as SQLite reports them (not the CREATE text, which ALTER TABLE rewrites).
QStringList shapeOf(const ConversationStore &store)
{
    QStringList shape;
    QSqlDatabase db = QSqlDatabase::database(store.connectionName());
    QSqlQuery objects(db);
    objects.exec(QStringLiteral("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"));
    while (objects.next()) {
        const QString type = objects.value(0).toString();
        const QString name = objects.value(1).toString();
        QSqlQuery info(db);
        if (type == QLatin1String("table")) {
            info.exec(QStringLiteral("PRAGMA table_info(%1)").arg(name));
            while (info.next()) {
                shape.append(QStringLiteral("table %1: %2 %3 %4 notnull=%5 default=%6 pk=%7")
                                 .arg(name)
                                 .arg(info.value(0).toInt())
                                 .arg(info.value(1).toString(), info.value(2).toString())
                                 .arg(info.value(3).toInt())
                                 .arg(info.value(4).toString())
                                 .arg(info.value(5).toInt()));
            }
        } else if (type == QLatin1String("index")) {
            QStringList columns;
            info.exec(QStringLiteral("PRAGMA index_info(%1)").arg(name));
            while (info.next())
                columns.append(info.value(2).toString());
            QSqlQuery partial(db);
            partial.exec(QStringLiteral("SELECT partial FROM pragma_index_list('%1') WHERE name = '%2'")
                             .arg(objects.value(2).toString(), name));
            shape.append(QStringLiteral("index %1 on %2(%3) partial=%4")
                             .arg(name, objects.value(2).toString(), columns.join(QLatin1Char(',')))
                             .arg(partial.next() ? partial.value(0).toInt() : -1));
        }
    }
    return shape;
}

} // namespace

class tst_StoreMigration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyVersionHasAFixture();
    void openFixture_data();
    void openFixture();
    void emptyFileIsANewDatabase();
    void failedMigrationLeavesTheOldDatabase();
    void readOnlyOpenOfAV3File();
    void readOnlyOpenOfAV4FileHasNoSystemPrompt();
};

void tst_StoreMigration::everyVersionHasAFixture()
{
    for (int version = 1; version <= kSchemaVersion; ++version)
        QVERIFY2(QFileInfo::exists(fixturePath(version)), qPrintable(fixturePath(version)));
    QVERIFY(!QFileInfo::exists(fixturePath(kSchemaVersion + 1))); // a new version comes with its migration
}

void tst_StoreMigration::openFixture_data()
{
    QTest::addColumn<int>("version");
    for (int version = 1; version <= kSchemaVersion; ++version)
        QTest::addRow("v%d", version) << version;
}

void tst_StoreMigration::openFixture()
{
    QFETCH(int, version);
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("tessera.db"));
    QString error;
    QVERIFY2(buildDatabase(fixturePath(version), db, {}, &error), qPrintable(error));
    const QList<QByteArray> firstBefore = rawLinesOf(db, kFirst);
    const QList<QByteArray> secondBefore = rawLinesOf(db, kSecond);
    QCOMPARE(firstBefore.size(), 8);
    QVERIFY(firstBefore.at(6).contains('\xC3'));

    ConversationStore store;
    const StoreStatus status = store.open(dir.path());
    QVERIFY2(status.ok(), qPrintable(status.message));
    QCOMPARE(store.schemaVersion(), kSchemaVersion);
    QCOMPARE(store.turnsMarkedIncompleteOnOpen(), 0);

    // Every raw line byte for byte.
    QCOMPARE(store.rawLines(kFirst), firstBefore);
    QCOMPARE(store.rawLines(kSecond), secondBefore);

    // Derived: counts, last activity, newest first.
    const QList<ConversationSummary> all = store.listConversations();
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(0).id, kSecond);
    QCOMPARE(all.at(0).title, QStringLiteral("Show the TITAN setup"));
    QCOMPARE(all.at(0).messageCount, 2);
    QCOMPARE(all.at(0).cardCount, 1);
    QCOMPARE(all.at(1).id, kFirst);
    QCOMPARE(all.at(1).messageCount, 8);
    QCOMPARE(all.at(1).cardCount, 3); // call_1 draws at its result, not twice
    QCOMPARE(all.at(1).lastActivity, QDateTime(QDate(2026, 1, 5), QTime(10, 2), Qt::UTC));
    QCOMPARE(all.at(1).source, QStringLiteral("/home/ana/flows.jsonl"));
    // v4: a migrated conversation is kept and was not renamed by the person.
    QVERIFY(!all.at(0).isDeleted() && !all.at(0).titleByUser);
    QVERIFY(store.recentlyDeleted().isEmpty());
    // v5: a system prompt survives the open; older files had none.
    StoreStatus promptRead;
    QCOMPARE(store.systemPrompt(kSecond, &promptRead),
             version >= 5 ? QStringLiteral("Answer in French. Keep it short.") : QString());
    QVERIFY2(promptRead.ok(), qPrintable(promptRead.message));
    QCOMPARE(store.systemPrompt(kFirst), QString());
    QVERIFY(store.setSystemPrompt(kFirst, QStringLiteral("Be brief.")).ok());
    QCOMPARE(store.systemPrompt(kFirst), QStringLiteral("Be brief."));

    // Re-validated with this build's rules.
    const Transcript first = store.loadTranscript(kFirst);
    QCOMPARE(first.messages.size(), 8);
    QCOMPARE(first.messages.at(1).cards.size(), 0);
    QCOMPARE(first.messages.at(2).cards.size(), 1);
    QVERIFY(first.messages.at(2).cards.first().isValid());
    QCOMPARE(first.messages.at(2).cards.first().kind(), CardKind::DataTable);
    QVERIFY(first.messages.at(3).cards.first().isValid()); // "refused by v1", valid now
    QCOMPARE(first.messages.at(3).cards.first().kind(), CardKind::ItemList);
    QVERIFY(!first.messages.at(4).cards.first().isValid());
    QCOMPARE(first.messages.at(4).cards.first().issues().first().pointer, QStringLiteral("/payload/severity"));
    QVERIFY(!first.messages.at(6).isReadable());
    QVERIFY(!first.messages.at(7).isReadable());
    const Transcript second = store.loadTranscript(kSecond);
    QCOMPARE(second.messages.at(1).cards.size(), 1);
    QCOMPARE(second.messages.at(1).cards.first().kind(), CardKind::Detail);
    QVERIFY(second.messages.at(1).cards.first().isValid());

    // Turns named by the lines are finished records.
    const QList<TurnState> turns = store.turns(kFirst);
    QCOMPARE(turns.size(), 1);
    QCOMPARE(turns.first().turnId, QStringLiteral("turn_1"));
    QVERIFY(turns.first().completed && !turns.first().incomplete);

    // Search reads the derived text: prose and card titles.
    QCOMPARE(store.listConversations(QStringLiteral("pharma led")).size(), 1);
    QCOMPARE(store.listConversations(QStringLiteral("Sector flow")).first().id, kFirst);

    // The unanswered call_9 is known: its result arriving now moves the card, the count stays.
    QVERIFY(store.appendMessage(kSecond, R"({"role":"tool","tool_call_id":"call_9","name":"emit_card","content":"rendered: detail","structured":{"card":{"kind":"detail","specVersion":1,"payload":{"title":"TITAN","fields":[]}}}})").ok());
    QCOMPARE(store.conversation(kSecond).cardCount, 1);
    qint64 seq = 0;
    QVERIFY(store.appendMessage(kFirst, R"({"role":"user","content":"more"})", &seq).ok());
    QCOMPARE(seq, qint64(9));

    // The same shape as a database this build creates.
    QTemporaryDir freshDir;
    ConversationStore fresh;
    QVERIFY(fresh.open(freshDir.path()).ok());
    const QStringList expectedShape = shapeOf(fresh);
    QVERIFY(expectedShape.size() > 20);
    QCOMPARE(shapeOf(store), expectedShape);
    // A file written with SQLite's 4 KiB pages keeps them; a file this build creates has pages of 16 KiB.
    QCOMPARE(pageSizeOf(store), 4096);
    QCOMPARE(pageSizeOf(fresh), 16384);
}

void tst_StoreMigration::emptyFileIsANewDatabase()
{
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("tessera.db")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    ConversationStore store;
    const StoreStatus status = store.open(dir.path());
    QVERIFY2(status.ok(), qPrintable(status.message));
    QCOMPARE(store.schemaVersion(), kSchemaVersion);
    QVERIFY(QDir(dir.path()).entryList({QStringLiteral("*.corrupt-*")}).isEmpty());
}

void tst_StoreMigration::failedMigrationLeavesTheOldDatabase()
{
    // A v1 file that also holds a table named like one v2 adds: the migration fails half-way through.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("tessera.db"));
    QVERIFY(buildDatabase(fixturePath(1), db, {QStringLiteral("CREATE TABLE turns(x)")}));
    const QList<QByteArray> before = rawLinesOf(db, kFirst);
    ConversationStore store;
    const StoreStatus status = store.open(dir.path());
    QCOMPARE(status.code, StoreError::Io);
    QVERIFY2(status.message.contains(QLatin1String("schema version 1")), qPrintable(status.message));
    QVERIFY(!store.isOpen());

    // Rolled back whole: still version 1, no added column, the same lines.
    QCOMPARE(rawLinesOf(db, kFirst), before);
    const QString name = QStringLiteral("check");
    {
        QSqlDatabase check = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        check.setDatabaseName(db);
        QVERIFY(check.open());
        QSqlQuery query(check);
        QVERIFY(query.exec(QStringLiteral("PRAGMA user_version")) && query.next());
        QCOMPARE(query.value(0).toInt(), 1);
        QVERIFY(!query.exec(QStringLiteral("SELECT message_count FROM conversations")));
        check.close();
    }
    QSqlDatabase::removeDatabase(name);
}

// A read-only open cannot migrate: v4's columns are missing from a v3 file, and their defaults stand in.
void tst_StoreMigration::readOnlyOpenOfAV3File()
{
    QTemporaryDir dir;
    QVERIFY(buildDatabase(fixturePath(3), dir.filePath(QStringLiteral("tessera.db"))));
    ConversationStore store;
    const StoreStatus status = store.open(dir.path(), ConversationStore::OpenMode::ReadOnly);
    QVERIFY2(status.ok(), qPrintable(status.message));
    QCOMPARE(store.schemaVersion(), 3);
    const QList<ConversationSummary> all = store.listConversations();
    QCOMPARE(all.size(), 2);
    QVERIFY(!all.first().isDeleted() && !all.first().titleByUser);
    QCOMPARE(store.listConversations(QStringLiteral("pharma led")).size(), 1);
    QCOMPARE(store.conversation(kFirst).messageCount, 8);
    StoreStatus listed;
    QVERIFY(store.recentlyDeleted(&listed).isEmpty());
    QVERIFY(listed.ok());
}

// v5's column is missing from a v4 file opened read-only: no conversation has a system prompt, and
// reading one is not an error.
void tst_StoreMigration::readOnlyOpenOfAV4FileHasNoSystemPrompt()
{
    QTemporaryDir dir;
    QVERIFY(buildDatabase(fixturePath(4), dir.filePath(QStringLiteral("tessera.db"))));
    ConversationStore store;
    QVERIFY(store.open(dir.path(), ConversationStore::OpenMode::ReadOnly).ok());
    QCOMPARE(store.schemaVersion(), 4);
    StoreStatus read;
    QCOMPARE(store.systemPrompt(kSecond, &read), QString());
    QVERIFY2(read.ok(), qPrintable(read.message));
    QCOMPARE(store.setSystemPrompt(kSecond, QStringLiteral("x")).code, StoreError::NotWritable);
}

QTEST_GUILESS_MAIN(tst_StoreMigration)
#include "tst_storemigration.moc"
