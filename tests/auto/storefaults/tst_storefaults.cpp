// The store's faults (issue 4): nothing committed is ever lost, nothing half-written, nothing overwritten.
//  - kill -9 of a real writer process mid-turn: every committed line is there, the cut-off turn is marked;
//  - a full database (PRAGMA max_page_count: a real SQLITE_FULL without root or a tmpfs mount);
//  - a read-only connection (PRAGMA query_only) and, when not root, a read-only data dir;
//  - corrupt and foreign files: refused, copied aside, original bytes untouched; a newer schema: refused.

#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <store/conversationstore.h>
#include <store/storeschema.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

QByteArray userLine(const QString &text)
{
    return QStringLiteral(R"({"role":"user","content":"%1"})").arg(text).toUtf8();
}

bool exec(const ConversationStore &store, const QString &sql, QVariant *first = nullptr)
{
    QSqlQuery query(QSqlDatabase::database(store.connectionName()));
    if (!query.exec(sql))
        return false;
    if (first && query.next())
        *first = query.value(0);
    return true;
}

// Runs statements on a database file with a plain connection (not the store).
bool rawSql(const QString &path, const QStringList &statements)
{
    const QString name = QStringLiteral("raw-") + QString::number(quintptr(&path));
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString &sql : statements) {
            QSqlQuery query(db);
            ok = ok && query.exec(sql);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

QStringList backups(const QString &dir)
{
    QStringList copies = QDir(dir).entryList({QStringLiteral("tessera.db.corrupt-*")}, QDir::Files, QDir::Name);
    copies.removeIf([](const QString &name) { return name.endsWith(QLatin1String("-wal")) || name.endsWith(QLatin1String("-journal")); });
    return copies;
}

// The child's line for a seq (storefaultschild.cpp).
QByteArray childLine(qint64 seq)
{
    const QString turn = seq <= 12 ? QStringLiteral("t%1").arg((seq - 1) / 3 + 1) : QStringLiteral("t5");
    return QStringLiteral(R"({"role":"%1","content":"message %2","turn_id":"%3"})")
        .arg(seq % 3 == 1 ? QStringLiteral("user") : QStringLiteral("assistant"))
        .arg(seq)
        .arg(turn)
        .toUtf8();
}

} // namespace

class tst_StoreFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killNineMidTurn();
    void databaseFull();
    void diskFullOnTmpfs();
    void importIsAllOrNothing();
    void readOnlyConnection();
    void readOnlyDataDir();
    void corruptOrForeignFile_data();
    void corruptOrForeignFile();
    void newerSchemaIsRefused();
};

void tst_StoreFaults::killNineMidTurn()
{
    QTemporaryDir dir;
    QProcess child;
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(QStringLiteral(STORE_CHILD_BINARY), {dir.path()});
    QVERIFY2(child.waitForStarted(), qPrintable(child.errorString()));

    QString id;
    qint64 lastCommitted = 0;
    bool streaming = false;
    int afterStreaming = 0;
    const QRegularExpression committed(QStringLiteral("^committed (\\d+)$"));
    auto consume = [&] {
        while (child.canReadLine()) {
            const QString line = QString::fromUtf8(child.readLine()).trimmed();
            if (line.startsWith(QLatin1String("conversation ")))
                id = line.mid(13);
            else if (line == QLatin1String("streaming"))
                streaming = true;
            else if (const auto m = committed.match(line); m.hasMatch()) {
                const qint64 seq = m.captured(1).toLongLong();
                QCOMPARE_GT(seq, lastCommitted); // in order, none skipped below
                lastCommitted = seq;
                afterStreaming += streaming ? 1 : 0;
            }
        }
    };
    // Kill once the writer is well into the turn it never completes (mid-append, most likely).
    while (afterStreaming < 40) {
        if (!child.waitForReadyRead(60000))
            QFAIL(qPrintable(QStringLiteral("child stopped: ") + QString::fromUtf8(child.readAllStandardError())));
        consume();
    }
    child.kill(); // SIGKILL
    QVERIFY(child.waitForFinished(30000));
    consume();
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QVERIFY(!id.isEmpty());
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("tessera.lock")))); // left behind by the dead owner

    ConversationStore store;
    const StoreStatus status = store.open(dir.path()); // the dead owner's lock is stale, not a refusal
    QVERIFY2(status.ok(), qPrintable(status.message));
    QVariant check;
    QVERIFY(exec(store, QStringLiteral("PRAGMA integrity_check"), &check));
    QCOMPARE(check.toString(), QStringLiteral("ok"));
    QCOMPARE(store.turnsMarkedIncompleteOnOpen(), 1);

    const QList<QByteArray> lines = store.rawLines(id);
    // Every printed commit is there; at most one more committed before its line was printed.
    QVERIFY2(lines.size() >= lastCommitted && lines.size() <= lastCommitted + 1,
             qPrintable(QStringLiteral("%1 rows, %2 printed").arg(lines.size()).arg(lastCommitted)));
    for (qsizetype i = 0; i < lines.size(); ++i)
        QCOMPARE(lines.at(i), childLine(i + 1));
    QCOMPARE(store.conversation(id).messageCount, int(lines.size()));

    const QList<TurnState> turns = store.turns(id);
    QCOMPARE(turns.size(), 5);
    for (int t = 0; t < 4; ++t) {
        QCOMPARE(turns.at(t).turnId, QStringLiteral("t%1").arg(t + 1));
        QVERIFY(turns.at(t).completed && !turns.at(t).incomplete);
    }
    QCOMPARE(turns.at(4).turnId, QStringLiteral("t5"));
    QVERIFY(!turns.at(4).completed && turns.at(4).incomplete);
    QSet<qint64> cutOff;
    for (qint64 seq = 13; seq <= lines.size(); ++seq)
        cutOff.insert(seq);
    QCOMPARE(store.incompleteSeqs(id), cutOff);
    QCOMPARE(store.loadTranscript(id).messages.size(), lines.size());
}

void tst_StoreFaults::databaseFull()
{
    QTemporaryDir dir;
    ConversationStore store;
    QVERIFY(store.open(dir.path()).ok());
    QString id;
    QVERIFY(store.createConversation(QStringLiteral("Full"), QString(), &id).ok());
    QList<QByteArray> saved;
    for (int i = 0; i < 5; ++i) {
        saved.append(userLine(QStringLiteral("early %1").arg(i)));
        QVERIFY(store.appendMessage(id, saved.last()).ok());
    }
    // A real SQLITE_FULL: the database may not grow past a few more pages (a small tmpfs needs root).
    QVariant pages;
    QVERIFY(exec(store, QStringLiteral("PRAGMA page_count"), &pages));
    QVERIFY(exec(store, QStringLiteral("PRAGMA max_page_count = %1").arg(pages.toInt() + 60)));

    const QByteArray big = userLine(QString(20000, QLatin1Char('x')));
    StoreStatus status;
    for (int i = 0; i < 100 && status.ok(); ++i) {
        status = store.appendMessage(id, big);
        if (status.ok())
            saved.append(big);
    }
    QCOMPARE(status.code, StoreError::Full);
    QVERIFY2(status.message.contains(QLatin1String("disk is full")), qPrintable(status.message));
    QVERIFY(saved.size() > 5); // some fitted before it filled up

    // Earlier rows intact, the failed one not half-written, the counters agree.
    QCOMPARE(store.rawLines(id), saved);
    QCOMPARE(store.conversation(id).messageCount, int(saved.size()));
    QVariant check;
    QVERIFY(exec(store, QStringLiteral("PRAGMA integrity_check"), &check));
    QCOMPARE(check.toString(), QStringLiteral("ok"));

    // Space again (the user freed some): the same store keeps going.
    QVERIFY(exec(store, QStringLiteral("PRAGMA max_page_count = 1073741823")));
    qint64 seq = 0;
    QVERIFY(store.appendMessage(id, userLine(QStringLiteral("after"))).ok());
    QVERIFY(store.appendMessage(id, userLine(QStringLiteral("after 2")), &seq).ok());
    QCOMPARE(seq, qint64(saved.size() + 2));

    // Reopened: the same rows.
    store.close();
    QVERIFY(store.open(dir.path()).ok());
    QCOMPARE(store.rawLines(id).mid(0, saved.size()), saved);
}

void tst_StoreFaults::diskFullOnTmpfs()
{
    // The real thing: a 4 MiB tmpfs as the data dir (pages of 16 KiB: a new file and its log take
    // half of one MiB, each append about 80 KB of log). Needs root with CAP_SYS_ADMIN (mount); skipped
    // elsewhere (databaseFull covers SQLITE_FULL through max_page_count everywhere).
    if (::geteuid() != 0)
        QSKIP("mounting a tmpfs needs root");
    QTemporaryDir dir;
    const QString mountPoint = dir.filePath(QStringLiteral("small"));
    QVERIFY(QDir().mkpath(mountPoint));
    if (QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                   QStringLiteral("size=4m"), QStringLiteral("tmpfs"), mountPoint}) != 0)
        QSKIP("cannot mount a tmpfs here (no CAP_SYS_ADMIN?)");
    struct Unmount
    {
        QString path;
        ~Unmount() { QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), path}); }
    } unmount{mountPoint};

    QList<QByteArray> saved;
    QString id;
    StoreStatus status;
    {
        ConversationStore store;
        status = store.open(mountPoint);
        QVERIFY2(status.ok(), qPrintable(status.message));
        QVERIFY(store.createConversation(QStringLiteral("Full disk"), QString(), &id).ok());
        for (int i = 0; i < 1000 && status.ok(); ++i) {
            const QByteArray line = userLine(QStringLiteral("line %1 ").arg(i) + QString(400, QLatin1Char('z')));
            status = store.appendMessage(id, line);
            if (status.ok())
                saved.append(line);
        }
        QVERIFY2(status.code == StoreError::Full, qPrintable(status.message));
        QVERIFY2(status.message.contains(QLatin1String("disk is full")), qPrintable(status.message));
        QVERIFY(saved.size() > 10);
        QCOMPARE(store.rawLines(id), saved);
        QCOMPARE(store.conversation(id).messageCount, int(saved.size()));
        // Still failing cleanly, still not half-written.
        QCOMPARE(store.appendMessage(id, saved.last()).code, StoreError::Full);
        QCOMPARE(store.rawLines(id).size(), saved.size());
    }
    // Everything committed is on the (still full) disk for the next reader.
    ConversationStore reader;
    status = reader.open(mountPoint, ConversationStore::OpenMode::ReadOnly);
    QVERIFY2(status.ok(), qPrintable(status.message));
    QCOMPARE(reader.rawLines(id), saved);
}

void tst_StoreFaults::importIsAllOrNothing()
{
    QTemporaryDir dir;
    ConversationStore store;
    QVERIFY(store.open(dir.path()).ok());
    QString first;
    QVERIFY(store.importData(userLine(QStringLiteral("small")), QStringLiteral("small"), QString(), &first).ok());
    QVariant pages;
    QVERIFY(exec(store, QStringLiteral("PRAGMA page_count"), &pages));
    QVERIFY(exec(store, QStringLiteral("PRAGMA max_page_count = %1").arg(pages.toInt() + 4)));
    QByteArray data;
    for (int i = 0; i < 2000; ++i)
        data += userLine(QStringLiteral("line %1 ").arg(i) + QString(200, QLatin1Char('y'))) + '\n';
    QString id;
    const StoreStatus status = store.importData(data, QStringLiteral("big"), QString(), &id);
    QCOMPARE(status.code, StoreError::Full);
    QVERIFY(id.isEmpty());
    const QList<ConversationSummary> all = store.listConversations();
    QCOMPARE(all.size(), 1);
    QCOMPARE(all.first().id, first);
    QVariant rows;
    QVERIFY(exec(store, QStringLiteral("SELECT count(*) FROM messages"), &rows));
    QCOMPARE(rows.toInt(), 1);
}

void tst_StoreFaults::readOnlyConnection()
{
    // Works as root too: SQLite itself refuses the write (SQLITE_READONLY), as on a read-only mount.
    QTemporaryDir dir;
    ConversationStore store;
    QVERIFY(store.open(dir.path()).ok());
    QString id;
    QVERIFY(store.createConversation(QStringLiteral("RO"), QString(), &id).ok());
    QVERIFY(store.appendMessage(id, userLine(QStringLiteral("kept"))).ok());
    QVERIFY(exec(store, QStringLiteral("PRAGMA query_only = ON")));
    const StoreStatus status = store.appendMessage(id, userLine(QStringLiteral("lost")));
    QCOMPARE(status.code, StoreError::NotWritable);
    QVERIFY2(status.message.contains(QLatin1String("read-only")), qPrintable(status.message));
    QCOMPARE(store.rawLines(id), QList<QByteArray>{userLine(QStringLiteral("kept"))});
    QCOMPARE(store.conversation(id).messageCount, 1);
    QVERIFY(exec(store, QStringLiteral("PRAGMA query_only = OFF")));
    QVERIFY(store.appendMessage(id, userLine(QStringLiteral("again"))).ok());
}

void tst_StoreFaults::readOnlyDataDir()
{
    if (::geteuid() == 0)
        QSKIP("running as root: file permissions do not stop root's writes (readOnlyConnection covers "
              "SQLite's read-only refusal instead)");
    QTemporaryDir dir;
    {
        ConversationStore store;
        QVERIFY(store.open(dir.path()).ok());
        QString id;
        QVERIFY(store.createConversation(QStringLiteral("x"), QString(), &id).ok());
    }
    const QString db = dir.filePath(QStringLiteral("tessera.db"));
    const QByteArray before = readFile(db);
    QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
    ConversationStore store;
    const StoreStatus status = store.open(dir.path());
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner);
    QCOMPARE(status.code, StoreError::NotWritable);
    QVERIFY2(status.message.contains(QLatin1String("cannot write")), qPrintable(status.message));
    QCOMPARE(readFile(db), before);
}

void tst_StoreFaults::corruptOrForeignFile_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<int>("expected"); // StoreError
    QTest::newRow("not SQLite at all") << QStringLiteral("text") << int(StoreError::Corrupt);
    QTest::newRow("empty pages after the header") << QStringLiteral("pages") << int(StoreError::Corrupt);
    QTest::newRow("SQLite header, garbage after") << QStringLiteral("header") << int(StoreError::Corrupt);
    QTest::newRow("another application's database") << QStringLiteral("foreign") << int(StoreError::Foreign);
}

void tst_StoreFaults::corruptOrForeignFile()
{
    QFETCH(QString, damage);
    QFETCH(int, expected);
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("tessera.db"));
    if (damage == QLatin1String("text")) {
        QVERIFY(writeFile(db, QByteArray("these are my notes, not a database\n").repeated(100)));
    } else if (damage == QLatin1String("foreign")) {
        QVERIFY(rawSql(db, {QStringLiteral("CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)"),
                            QStringLiteral("INSERT INTO notes(body) VALUES('mine')")}));
    } else {
        {
            ConversationStore store;
            QVERIFY(store.open(dir.path()).ok());
            QString id;
            QVERIFY(store.importFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &id).ok());
        }
        QByteArray bytes = readFile(db);
        QVERIFY(bytes.size() > 3 * 4096);
        if (damage == QLatin1String("pages")) {
            for (qsizetype i = 4096; i < bytes.size(); ++i)
                bytes[i] = char(0xA5 ^ (i & 0xff)); // every page but the first overwritten
        } else {
            for (qsizetype i = 16; i < 100; ++i)
                bytes[i] = char(0xEE); // the header's fields after the magic string
        }
        QVERIFY(writeFile(db, bytes));
    }
    const QByteArray before = readFile(db);

    ConversationStore store;
    StoreStatus status = store.open(dir.path());
    QCOMPARE(int(status.code), expected);
    QVERIFY(!store.isOpen());
    QVERIFY2(status.message.contains(db), qPrintable(status.message));
    QVERIFY2(status.message.contains(QLatin1String("left untouched")), qPrintable(status.message));
    QVERIFY(!status.backupPath.isEmpty());
    QVERIFY2(status.message.contains(status.backupPath), qPrintable(status.message));
    QCOMPARE(readFile(status.backupPath), before);
    QCOMPARE(readFile(db), before); // never overwritten
    QCOMPARE(backups(dir.path()).size(), 1);

    // Still refused on the next start (nothing silently replaced it); a second copy is put aside.
    status = store.open(dir.path());
    QCOMPARE(int(status.code), expected);
    QCOMPARE(readFile(db), before);
    QCOMPARE(backups(dir.path()).size(), 2);

    // Read-only opens report the same and copy nothing.
    status = store.open(dir.path(), ConversationStore::OpenMode::ReadOnly);
    QCOMPARE(int(status.code), expected);
    QVERIFY(status.backupPath.isEmpty());
    QCOMPARE(backups(dir.path()).size(), 2);
}

void tst_StoreFaults::newerSchemaIsRefused()
{
    QTemporaryDir dir;
    {
        ConversationStore store;
        QVERIFY(store.open(dir.path()).ok());
    }
    const QString db = dir.filePath(QStringLiteral("tessera.db"));
    QVERIFY(rawSql(db, {QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion + 1)}));
    const QByteArray before = readFile(db);
    ConversationStore store;
    const StoreStatus status = store.open(dir.path());
    QCOMPARE(status.code, StoreError::TooNew);
    QVERIFY2(status.message.contains(QStringLiteral("schema version %1").arg(kSchemaVersion + 1)), qPrintable(status.message));
    QVERIFY(!store.isOpen());
    QCOMPARE(readFile(db), before);
    QVERIFY(backups(dir.path()).isEmpty()); // nothing wrong with it: just not ours to read
    // The lock was released with the refusal.
    ConversationStore other;
    QCOMPARE(other.open(dir.path()).code, StoreError::TooNew);
}

QTEST_GUILESS_MAIN(tst_StoreFaults)
#include "tst_storefaults.moc"
