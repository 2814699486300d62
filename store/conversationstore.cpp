#include <store/conversationstore.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <QUuid>
#include <QVariant>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <store/logging.h>
#include <store/markdownexport.h>
#include <store/storeschema.h>
#include <store/walcheckpointer.h>

namespace Tessera {

namespace {

constexpr int kTitleLength = 80;     // code points, "…" included
constexpr int kBusyTimeoutMs = 5000; // a reader (tessera list) may hold the WAL briefly
constexpr int kPageSize = 16384;     // bytes per page of a new database file
// PRAGMA quick_check reads every page (about 2 ms per MiB here): always below this size, above it only
// after an unclean shutdown. Damage it would have found shows up later as SQLITE_CORRUPT (Corrupt).
constexpr qint64 kAlwaysCheckBytes = 64 * 1024 * 1024;

QString nowText()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QDateTime fromText(const QString &text)
{
    QDateTime when = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!when.isValid())
        when = QDateTime::fromString(text, Qt::ISODate);
    return when.toUTC();
}

QVariant nullable(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(text);
}

// For NOT NULL text columns: QSQLITE binds a null QString as SQL NULL.
QString notNull(const QString &text)
{
    return text.isNull() ? QStringLiteral("") : text;
}

const char kInsertMessage[] = "INSERT INTO messages(conversation_id, seq, raw_line, role, created_at, turn_id, "
                              "card_count, search_text, card_call_ids, result_call_id) "
                              "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

// Binds one line to a query prepared with kInsertMessage. now: the created_at of a line without one.
void bindMessage(QSqlQuery &query, const QString &conversationId, qint64 seq, const QByteArray &rawLine,
                 const StoredLineFacts &facts, const QString &now)
{
    query.addBindValue(conversationId);
    query.addBindValue(seq);
    query.addBindValue(rawLine.isNull() ? QByteArray("") : rawLine); // a NULL blob would break NOT NULL
    query.addBindValue(notNull(facts.role));
    query.addBindValue(facts.createdAt.isEmpty() ? now : facts.createdAt);
    query.addBindValue(nullable(facts.turnId));
    query.addBindValue(facts.cardCount);
    query.addBindValue(notNull(facts.searchText));
    query.addBindValue(nullable(facts.cardCallIds));
    query.addBindValue(nullable(facts.resultCallId));
}

// LIKE pattern matching `text` anywhere, with \ as the escape character.
QString likeAnywhere(const QString &text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    escaped.replace(QLatin1Char('%'), QLatin1String("\\%"));
    escaped.replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

// Collapses whitespace and cuts at kTitleLength code points with an ellipsis.
QString titleFrom(const QString &text)
{
    const QString simple = text.simplified();
    const QList<uint> points = simple.toUcs4();
    if (points.size() <= kTitleLength)
        return simple;
    const QList<uint> cut = points.mid(0, kTitleLength - 1);
    return QString::fromUcs4(reinterpret_cast<const char32_t *>(cut.constData()), cut.size()).trimmed()
        + QChar(0x2026);
}

bool hasSqliteHeader(const QString &path, bool *readable)
{
    QFile file(path);
    *readable = file.open(QIODevice::ReadOnly);
    if (!*readable)
        return false;
    return file.read(16) == QByteArray("SQLite format 3\0", 16);
}

// Transactions as statements: QSqlDatabase::commit() drops SQLite's result code, which is what tells a
// full disk (SQLITE_FULL) from other failures. BEGIN IMMEDIATE takes the write lock up front.
QSqlError transact(QSqlDatabase &db, const char *statement)
{
    QSqlQuery query(db);
    return query.exec(QLatin1String(statement)) ? QSqlError() : query.lastError();
}

// A SQLite primary result code from a QSqlError (the QSQLITE driver reports sqlite3 codes).
int sqliteCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}

// The QSQLITE driver's own connection, or nullptr for another driver.
sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0)
        return *static_cast<sqlite3 *const *>(handle.constData());
    return nullptr;
}

// One prepared statement on the QSQLITE driver's own connection, bound and stepped through SQLite's C
// API (issue 17, import rate): QSqlQuery wraps every value in a QVariant, binds text as UTF-16 that
// SQLite converts back to UTF-8, and reads the result's columns after each step, about a tenth of an
// import's CPU time. Used only inside a transaction the caller holds; errors come back as the QSqlError
// the driver would have made (nativeErrorCode = SQLite's extended code), so sqlFailure reads them alike.
class DirectStatement
{
public:
    DirectStatement(const QSqlDatabase &db, const char *sql)
        : m_db(sqliteHandle(db))
    {
        if (!m_db) {
            m_error = QSqlError(QStringLiteral("no SQLite handle"), QStringLiteral("the driver is not QSQLITE"),
                                QSqlError::ConnectionError);
            return;
        }
        if (sqlite3_prepare_v2(m_db, sql, -1, &m_statement, nullptr) != SQLITE_OK)
            setError();
    }
    ~DirectStatement() { sqlite3_finalize(m_statement); }
    DirectStatement(const DirectStatement &) = delete;
    DirectStatement &operator=(const DirectStatement &) = delete;

    bool ok() const { return m_statement && !m_error.isValid(); }
    QSqlError error() const { return m_error; }

    // Binds are 1-based, as in SQLite. SQLite does not copy the bytes: they must stay as they are until
    // step() returns (each insert of an import binds fresh values, so copying them all was wasted work).
    // bindText never binds NULL (an empty text is ''), bindNullableText binds NULL for an empty text, as
    // nullable() does for QSqlQuery.
    void bindText(int index, const QByteArray &utf8)
    {
        check(sqlite3_bind_text(m_statement, index, utf8.isNull() ? "" : utf8.constData(), int(utf8.size()), SQLITE_STATIC));
    }
    void bindNullableText(int index, const QByteArray &utf8)
    {
        if (utf8.isEmpty())
            check(sqlite3_bind_null(m_statement, index));
        else
            bindText(index, utf8);
    }
    void bindBlob(int index, const QByteArray &bytes)
    {
        check(sqlite3_bind_blob64(m_statement, index, bytes.isNull() ? "" : bytes.constData(), sqlite3_uint64(bytes.size()),
                                  SQLITE_STATIC));
    }
    void bindInt(int index, qint64 value) { check(sqlite3_bind_int64(m_statement, index, value)); }

    // Runs the statement once and resets it for the next binds; no binding outlives the bytes it points to.
    bool step()
    {
        if (!ok())
            return false;
        const int rc = sqlite3_step(m_statement);
        if (rc != SQLITE_DONE && rc != SQLITE_ROW)
            setError(rc);
        sqlite3_reset(m_statement);
        sqlite3_clear_bindings(m_statement);
        return !m_error.isValid();
    }

private:
    void check(int rc)
    {
        if (rc != SQLITE_OK && !m_error.isValid())
            setError(rc);
    }
    void setError(int rc = SQLITE_ERROR)
    {
        const int code = sqlite3_extended_errcode(m_db);
        m_error = QSqlError(QStringLiteral("Unable to execute statement"), QString::fromUtf8(sqlite3_errmsg(m_db)),
                            QSqlError::StatementError, QString::number(code != SQLITE_OK ? code : rc));
    }

    sqlite3 *m_db = nullptr; // Not owned: the driver's connection.
    sqlite3_stmt *m_statement = nullptr;
    QSqlError m_error;
};

// Raises the connection's page cache for one import to hold its whole transaction (about twice the text,
// for the table and its index), then puts the cache size back.
class CacheSizeForImport
{
public:
    CacheSizeForImport(QSqlDatabase &db, qsizetype bytes) : m_db(db)
    {
        QSqlQuery query(m_db);
        if (!query.exec(QStringLiteral("PRAGMA cache_size")) || !query.next())
            return;
        m_before = query.value(0).toLongLong();
        const qint64 kib = qint64(bytes) * 2 / 1024 + 2048;
        if (m_before < 0 && -m_before >= kib)
            return;
        m_raised = QSqlQuery(m_db).exec(QStringLiteral("PRAGMA cache_size = -%1").arg(kib));
    }
    ~CacheSizeForImport()
    {
        if (m_raised)
            QSqlQuery(m_db).exec(QStringLiteral("PRAGMA cache_size = %1").arg(m_before));
    }
    CacheSizeForImport(const CacheSizeForImport &) = delete;
    CacheSizeForImport &operator=(const CacheSizeForImport &) = delete;

private:
    QSqlDatabase &m_db;
    qint64 m_before = 0;
    bool m_raised = false;
};

} // namespace

ConversationStore::ConversationStore()
    : m_connection(QStringLiteral("tessera-store-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{}

ConversationStore::~ConversationStore()
{
    close();
}

QString ConversationStore::instanceServerName(const QString &dataDir)
{
    const QByteArray path = QDir(dataDir).absolutePath().toUtf8();
    return QStringLiteral("tessera-")
        + QString::fromLatin1(QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex().left(16));
}

QString ConversationStore::databasePath() const
{
    return QDir(m_dataDir).filePath(databaseFileName());
}

bool ConversationStore::isOpen() const
{
    return QSqlDatabase::contains(m_connection) && QSqlDatabase::database(m_connection, false).isOpen();
}

int ConversationStore::schemaVersion() const
{
    if (!isOpen())
        return 0;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    return query.exec(QStringLiteral("PRAGMA user_version")) && query.next() ? query.value(0).toInt() : 0;
}

void ConversationStore::close()
{
    m_checkpointer.reset(); // before the connection it watches closes (which checkpoints what is left)
    if (QSqlDatabase::contains(m_connection)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
    if (m_lock)
        m_lock->unlock();
    m_lock.reset();
}

int ConversationStore::checkpointsCompleted() const
{
    return m_checkpointer ? m_checkpointer->completed() : 0;
}

int ConversationStore::checkpointsByCommits() const
{
    return m_checkpointer ? m_checkpointer->copiedByCommits() : 0;
}

StoreStatus ConversationStore::open(const QString &dataDir, OpenMode mode)
{
    close();
    m_mode = mode;
    m_markedOnOpen = 0;
    m_uncleanShutdown = false;
    m_dataDir = QDir::cleanPath(QDir(dataDir).absolutePath());

    if (mode == OpenMode::ReadWrite) {
        if (!QDir().mkpath(m_dataDir))
            return StoreStatus::failure(StoreError::NotWritable, QStringLiteral("cannot create the data directory %1").arg(m_dataDir));
        const QString lockPath = QDir(m_dataDir).filePath(QStringLiteral("tessera.lock"));
        const bool lockLeftBehind = QFileInfo::exists(lockPath);
        m_lock = std::make_unique<QLockFile>(lockPath);
        m_lock->setStaleLockTime(0); // only a dead owner frees the lock, never its age
        if (!m_lock->tryLock(0)) {
            const QLockFile::LockError lockError = m_lock->error();
            qint64 pid = 0;
            QString host, app;
            m_lock->getLockInfo(&pid, &host, &app);
            m_lock.reset();
            if (lockError == QLockFile::LockFailedError) {
                return StoreStatus::failure(StoreError::Locked,
                                            QStringLiteral("the conversations in %1 are already open by PID %2%3")
                                                .arg(m_dataDir)
                                                .arg(pid)
                                                .arg(host.isEmpty() ? QString() : QStringLiteral(" on ") + host));
            }
            return StoreStatus::failure(StoreError::NotWritable,
                                        QStringLiteral("cannot write to %1 (permission denied or read-only)").arg(m_dataDir));
        }
        m_uncleanShutdown = lockLeftBehind; // its owner died without unlocking (crash, kill -9, power cut)
    } else if (!QFileInfo::exists(databasePath())) {
        return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversations are stored in %1 yet").arg(m_dataDir));
    }

    StoreStatus status = checkExistingFile();
    if (status.ok())
        status = openDatabase(mode);
    if (!status.ok())
        close();
    m_hasDeletion = status.ok() && schemaVersion() >= kFirstVersionWithDeletion;
    m_hasSystemPrompt = status.ok() && schemaVersion() >= kFirstVersionWithSystemPrompt;
    return status;
}

// Before SQLite touches it: a file that is not SQLite at all is put aside, never opened for writing.
StoreStatus ConversationStore::checkExistingFile()
{
    const QFileInfo info(databasePath());
    if (!info.exists() || info.size() == 0)
        return StoreStatus::success();
    bool readable = false;
    if (!hasSqliteHeader(info.filePath(), &readable)) {
        if (!readable)
            return StoreStatus::failure(StoreError::NotWritable, QStringLiteral("cannot read %1").arg(info.filePath()));
        return putAside(StoreError::Corrupt, QStringLiteral("it is not an SQLite database"));
    }
    return StoreStatus::success();
}

StoreStatus ConversationStore::putAside(StoreError code, const QString &why)
{
    const QString path = databasePath();
    const QString what = code == StoreError::Foreign ? QStringLiteral("is not a Tessera database")
                                                     : QStringLiteral("is damaged");
    StoreStatus status = StoreStatus::failure(code, QStringLiteral("%1 %2 (%3). ").arg(path, what, why));
    if (m_mode == OpenMode::ReadOnly) {
        status.message += QStringLiteral("It was left untouched.");
        return status;
    }
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
    QString backup = path + QStringLiteral(".corrupt-") + stamp;
    for (int n = 2; QFileInfo::exists(backup); ++n)
        backup = path + QStringLiteral(".corrupt-") + stamp + QLatin1Char('-') + QString::number(n);
    bool copied = QFile::copy(path, backup);
    for (const char *suffix : {"-wal", "-journal"}) {
        const QString side = path + QLatin1String(suffix);
        if (copied && QFileInfo::exists(side))
            copied = QFile::copy(side, backup + QLatin1String(suffix));
    }
    if (copied) {
        status.backupPath = backup;
        status.message += QStringLiteral("It was left untouched and a copy is at %1. Conversations are not saved "
                                         "until it is moved out of %2.")
                              .arg(backup, m_dataDir);
    } else {
        status.message += QStringLiteral("It was left untouched; a copy could not be written next to it. "
                                         "Conversations are not saved until it is moved out of %1.")
                              .arg(m_dataDir);
    }
    return status;
}

StoreStatus ConversationStore::openDatabase(OpenMode mode)
{
    const bool existed = QFileInfo(databasePath()).size() > 0;
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    if (!db.isValid()) {
        return StoreStatus::failure(StoreError::Io, QStringLiteral("the Qt SQLite driver (QSQLITE) is missing; "
                                                                   "on Debian install libqt6sql6-sqlite"));
    }
    db.setDatabaseName(databasePath());
    // Read-only where nobody may write (a read-only mount, another user's files): SQLite could not
    // create the WAL's -shm file beside the database, so it reads the file as immutable. What a crash
    // left in the -wal file is then not seen until Tessera opens the directory with write access.
    QString readOnlyOptions = QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs);
    m_immutable = mode == OpenMode::ReadOnly
        && !(QFileInfo(m_dataDir).isWritable() && QFileInfo(databasePath()).isWritable());
    if (m_immutable) {
        db.setDatabaseName(QStringLiteral("file:%1?immutable=1")
                               .arg(QString::fromLatin1(QUrl::toPercentEncoding(databasePath(), "/"))));
        readOnlyOptions += QStringLiteral(";QSQLITE_OPEN_URI");
    }

    // First pass read-only: checking a damaged or foreign file must not write to it.
    if (existed) {
        db.setConnectOptions(readOnlyOptions);
        if (!db.open())
            return sqlFailure(db.lastError(), QStringLiteral("opening the database"));
        QSqlQuery check(db);
        const bool deep = m_uncleanShutdown || QFileInfo(databasePath()).size() <= kAlwaysCheckBytes;
        if (!check.exec(deep ? QStringLiteral("PRAGMA quick_check") : QStringLiteral("SELECT CASE WHEN count(*) >= 0 THEN 'ok' END FROM sqlite_master"))
            || !check.next()) {
            const QSqlError error = check.lastError();
            const int code = sqliteCode(error);
            check = QSqlQuery();
            db.close();
            if (code == 11 || code == 26)
                return putAside(StoreError::Corrupt, error.databaseText());
            return sqlFailure(error, QStringLiteral("checking the database"));
        }
        if (check.value(0).toString() != QLatin1String("ok")) {
            const QString problem = check.value(0).toString();
            check = QSqlQuery();
            db.close();
            return putAside(StoreError::Corrupt, QStringLiteral("integrity check: ") + problem.left(200));
        }
        int applicationId = 0, version = 0, objects = 0;
        if (check.exec(QStringLiteral("PRAGMA application_id")) && check.next())
            applicationId = check.value(0).toInt();
        if (check.exec(QStringLiteral("PRAGMA user_version")) && check.next())
            version = check.value(0).toInt();
        if (check.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && check.next())
            objects = check.value(0).toInt();
        check = QSqlQuery();
        db.close();
        if (objects > 0 && applicationId != kApplicationId) {
            return putAside(StoreError::Foreign, QStringLiteral("application id %1, schema version %2")
                                                     .arg(applicationId)
                                                     .arg(version));
        }
        if (version > kSchemaVersion) {
            return StoreStatus::failure(StoreError::TooNew,
                                        QStringLiteral("%1 was written by a newer Tessera (schema version %2; this build "
                                                       "knows up to %3). It was left untouched: open it with that version.")
                                            .arg(databasePath())
                                            .arg(version)
                                            .arg(kSchemaVersion));
        }
        if (mode == OpenMode::ReadOnly) {
            if (objects == 0)
                return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversations are stored in %1 yet").arg(m_dataDir));
            if (version < kOldestReadableSchemaVersion) {
                return StoreStatus::failure(StoreError::TooOld,
                                            QStringLiteral("%1 has schema version %2 and needs upgrading to %3; open it "
                                                           "once with write access (e.g. tessera list)")
                                                .arg(databasePath())
                                                .arg(version)
                                                .arg(kSchemaVersion));
            }
            db.setConnectOptions(readOnlyOptions);
            if (!db.open())
                return sqlFailure(db.lastError(), QStringLiteral("opening the database"));
            QSqlQuery(db).exec(QStringLiteral("PRAGMA query_only = ON"));
            return StoreStatus::success();
        }
    }

    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    if (!db.open())
        return sqlFailure(db.lastError(), QStringLiteral("opening the database"));
    QSqlQuery pragma(db);
    // A new file gets pages of 16 KiB (issue 17): an import writes a quarter as many log frames, each a
    // pair of writes, and a row of about 1 KB splits its pages less often. It takes effect only before the
    // file's first table (and before WAL mode); a file created with SQLite's 4 KiB pages keeps them.
    pragma.exec(QStringLiteral("PRAGMA page_size = %1").arg(kPageSize));
    if (!pragma.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !pragma.next()
        || pragma.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        return pragma.lastError().isValid() ? sqlFailure(pragma.lastError(), QStringLiteral("switching to WAL"))
                                            : StoreStatus::failure(StoreError::Io, QStringLiteral("the file system of %1 does not support SQLite's WAL mode").arg(m_dataDir));
    }
    // FULL: in WAL mode each commit syncs the log, so a power cut cannot lose a committed message.
    if (!pragma.exec(QStringLiteral("PRAGMA synchronous = FULL")) || !pragma.exec(QStringLiteral("PRAGMA foreign_keys = ON")))
        return sqlFailure(pragma.lastError(), QStringLiteral("setting up the database"));
    // SQLite reuses the log's file from its start rather than shrinking it, so after an import of a large
    // file the log kept that file's size on disk for as long as the store was open. The first commit after
    // the log starts again now cuts it back to the most a stream of appends lets it reach.
    if (!pragma.exec(QStringLiteral("PRAGMA journal_size_limit = %1").arg(WalCheckpointer::kLogBytesBound)))
        return sqlFailure(pragma.lastError(), QStringLiteral("setting up the database"));
    // The log is copied into the database file on the checkpointer's thread, never inside a commit.
    if (sqlite3 *handle = sqliteHandle(db)) {
        m_checkpointer = std::make_unique<WalCheckpointer>(databasePath());
        m_checkpointer->watch(handle);
    }

    int version = 0;
    if (pragma.exec(QStringLiteral("PRAGMA user_version")) && pragma.next())
        version = pragma.value(0).toInt();
    if (version < kSchemaVersion) {
        QString error;
        if (const QSqlError e = transact(db, "BEGIN IMMEDIATE"); e.isValid())
            return sqlFailure(e, QStringLiteral("starting the schema set-up"));
        const bool done = version == 0 ? createSchema(db, &error) : migrateSchema(db, version, &error);
        const QSqlError committed = done ? transact(db, "COMMIT") : QSqlError();
        if (!done || committed.isValid()) {
            if (done)
                error = committed.text();
            transact(db, "ROLLBACK");
            return StoreStatus::failure(StoreError::Io, version == 0 ? QStringLiteral("cannot create the database: ") + error
                                                                     : QStringLiteral("cannot upgrade the database from schema version %1: %2").arg(version).arg(error));
        }
    }
    StoreStatus recovered;
    recoverStreamedProse(&recovered);
    if (!recovered.ok())
        return recovered;
    StoreStatus marked;
    m_markedOnOpen = markIncompleteTurns(&marked);
    return marked;
}

// Hands a read path's failure to a caller that asked for it (the failure is logged by sqlFailure).
static void report(StoreStatus *status, const StoreStatus &result)
{
    if (status && !result.ok())
        *status = result;
}

StoreStatus ConversationStore::sqlFailure(const QSqlError &error, const QString &what) const
{
    const QString detail = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    qCWarning(lcStore).noquote() << what << "failed:" << detail << QStringLiteral("(SQLite code %1)").arg(sqliteCode(error));
    switch (sqliteCode(error)) {
    case 13: // SQLITE_FULL
        return StoreStatus::failure(StoreError::Full, QStringLiteral("the disk is full: %1 failed and was not saved").arg(what));
    case 8:  // SQLITE_READONLY
    case 3:  // SQLITE_PERM
    case 23: // SQLITE_AUTH
        return StoreStatus::failure(StoreError::NotWritable, QStringLiteral("%1 is read-only: %2 failed and was not saved (%3)").arg(m_dataDir, what, detail));
    case 14: // SQLITE_CANTOPEN
        return StoreStatus::failure(StoreError::NotWritable, QStringLiteral("cannot open %1: %2 (%3)").arg(databasePath(), what, detail));
    case 11: // SQLITE_CORRUPT
    case 26: // SQLITE_NOTADB
        return StoreStatus::failure(StoreError::Corrupt, QStringLiteral("%1 is damaged: %2 failed (%3)").arg(databasePath(), what, detail));
    default:
        return StoreStatus::failure(StoreError::Io, QStringLiteral("%1 failed: %2").arg(what, detail));
    }
}

StoreStatus ConversationStore::requireWritable() const
{
    if (!isOpen())
        return StoreStatus::failure(StoreError::NotOpen, QStringLiteral("the conversation store is not open"));
    if (m_mode == OpenMode::ReadOnly)
        return StoreStatus::failure(StoreError::NotWritable, QStringLiteral("the conversation store is open read-only"));
    return StoreStatus::success();
}

int ConversationStore::markIncompleteTurns(StoreStatus *status)
{
    StoreStatus result = requireWritable();
    int marked = 0;
    if (result.ok()) {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        QSqlQuery query(db);
        if (const QSqlError e = transact(db, "BEGIN IMMEDIATE"); e.isValid()) {
            result = sqlFailure(e, QStringLiteral("marking cut-off turns"));
        } else if (!query.exec(QStringLiteral("UPDATE messages SET incomplete = 1 WHERE (conversation_id, turn_id) IN "
                                              "(SELECT conversation_id, turn_id FROM turns WHERE completed_at IS NULL AND incomplete = 0)"))
                   || !query.exec(QStringLiteral("UPDATE turns SET incomplete = 1 WHERE completed_at IS NULL AND incomplete = 0"))) {
            result = sqlFailure(query.lastError(), QStringLiteral("marking cut-off turns"));
            transact(db, "ROLLBACK");
        } else {
            marked = query.numRowsAffected();
            if (const QSqlError commitError = transact(db, "COMMIT"); commitError.isValid()) {
                result = sqlFailure(commitError, QStringLiteral("marking cut-off turns"));
                transact(db, "ROLLBACK");
                marked = 0;
            }
        }
    }
    if (status)
        *status = result;
    return marked;
}

StoreStatus ConversationStore::createConversation(const QString &title, const QString &source, QString *id)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const QString newId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QString now = nowText();
    QSqlQuery query(db);
    query.prepare(QStringLiteral("INSERT INTO conversations(id, title, created_at, updated_at, source) VALUES(?, ?, ?, ?, ?)"));
    query.addBindValue(newId);
    query.addBindValue(title.isEmpty() ? QStringLiteral("Conversation") : titleFrom(title));
    query.addBindValue(now);
    query.addBindValue(now);
    query.addBindValue(notNull(source));
    if (!query.exec())
        return sqlFailure(query.lastError(), QStringLiteral("creating the conversation"));
    if (id)
        *id = newId;
    return StoreStatus::success();
}

StoreStatus ConversationStore::appendMessage(const QString &conversationId, const QByteArray &rawLine, qint64 *seq,
                                             const QString &turnId)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const QString what = QStringLiteral("saving the message");

    // Parse outside the transaction; a hostile line only ever becomes facts about itself.
    QList<Message> one{parseTranscriptLine(rawLine, 0)};
    QSet<QString> answered;
    {
        QSqlQuery query(db);
        query.prepare(QStringLiteral("SELECT 1 FROM messages WHERE conversation_id = ? AND result_call_id = ?"));
        for (const ToolCall &call : std::as_const(one.first().toolCalls)) {
            if (call.id.isEmpty())
                continue;
            query.addBindValue(conversationId);
            query.addBindValue(call.id);
            if (query.exec() && query.next())
                answered.insert(call.id);
        }
    }
    resolveCardCalls(&one, answered);
    StoredLineFacts facts = storedLineFacts(one.first(), answered);
    if (facts.turnId.isEmpty() && !facts.role.isEmpty())
        facts.turnId = turnId; // the live turn it arrived in, when the line itself does not say
    const QString now = nowText();

    if (const QSqlError e = transact(db, "BEGIN IMMEDIATE"); e.isValid())
        return sqlFailure(e, what);
    auto fail = [&](const QSqlError &error) {
        transact(db, "ROLLBACK");
        return sqlFailure(error, what);
    };

    QSqlQuery query(db);
    query.prepare(QStringLiteral("SELECT (SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE conversation_id = ?), "
                                 "EXISTS(SELECT 1 FROM conversations WHERE id = ?)"));
    query.addBindValue(conversationId);
    query.addBindValue(conversationId);
    if (!query.exec() || !query.next())
        return fail(query.lastError());
    const qint64 nextSeq = query.value(0).toLongLong();
    if (!query.value(1).toBool()) {
        transact(db, "ROLLBACK");
        return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId));
    }

    query.prepare(QLatin1String(kInsertMessage));
    bindMessage(query, conversationId, nextSeq, rawLine, facts, now);
    if (!query.exec())
        return fail(query.lastError());

    int cardDelta = facts.cardCount;
    if (!facts.resultCallId.isEmpty()) {
        // The call this result answers drew its card from the arguments until now: it no longer does.
        QSqlQuery calls(db);
        calls.prepare(QStringLiteral("SELECT seq, card_call_ids FROM messages WHERE conversation_id = ? AND seq < ? "
                                     "AND card_call_ids IS NOT NULL AND (' ' || card_call_ids || ' ') LIKE ? ESCAPE '\\'"));
        calls.addBindValue(conversationId);
        calls.addBindValue(nextSeq);
        calls.addBindValue(likeAnywhere(QLatin1Char(' ') + facts.resultCallId + QLatin1Char(' ')));
        if (!calls.exec())
            return fail(calls.lastError());
        QList<QPair<qint64, QString>> answeredAt;
        while (calls.next())
            answeredAt.append({calls.value(0).toLongLong(), calls.value(1).toString()});
        for (const auto &[callSeq, ids] : std::as_const(answeredAt)) {
            QStringList remaining = ids.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (remaining.removeAll(facts.resultCallId) == 0)
                continue;
            QSqlQuery update(db);
            update.prepare(QStringLiteral("UPDATE messages SET card_count = MAX(card_count - 1, 0), card_call_ids = ? "
                                          "WHERE conversation_id = ? AND seq = ?"));
            update.addBindValue(nullable(remaining.join(QLatin1Char(' '))));
            update.addBindValue(conversationId);
            update.addBindValue(callSeq);
            if (!update.exec())
                return fail(update.lastError());
            --cardDelta;
        }
    }

    if (!facts.turnId.isEmpty() && facts.role == QLatin1String("assistant")) {
        // The turn's prose is now a line of its own (or superseded by the backend's final line).
        query.prepare(QStringLiteral("DELETE FROM streamed WHERE conversation_id = ? AND turn_id = ?"));
        query.addBindValue(conversationId);
        query.addBindValue(facts.turnId);
        if (!query.exec())
            return fail(query.lastError());
    }
    if (!facts.turnId.isEmpty()) {
        query.prepare(QStringLiteral("INSERT OR IGNORE INTO turns(conversation_id, turn_id, started_at) VALUES(?, ?, ?)"));
        query.addBindValue(conversationId);
        query.addBindValue(facts.turnId);
        query.addBindValue(now);
        if (!query.exec())
            return fail(query.lastError());
    }
    query.prepare(QStringLiteral("UPDATE conversations SET updated_at = ?, message_count = message_count + 1, "
                                 "card_count = card_count + ? WHERE id = ?"));
    query.addBindValue(now);
    query.addBindValue(cardDelta);
    query.addBindValue(conversationId);
    if (!query.exec())
        return fail(query.lastError());
    query = QSqlQuery();
    if (const QSqlError e = transact(db, "COMMIT"); e.isValid())
        return fail(e);
    if (seq)
        *seq = nextSeq;
    return StoreStatus::success();
}

StoreStatus ConversationStore::appendStreamedProse(const QString &conversationId, const QString &turnId,
                                                   const QString &text)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    if (text.isEmpty())
        return StoreStatus::success();
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    // One statement: SQLite commits it as one transaction of its own.
    query.prepare(QStringLiteral("INSERT INTO streamed(conversation_id, turn_id, piece, text) "
                                 "SELECT ?, ?, COALESCE(MAX(piece), 0) + 1, ? FROM streamed "
                                 "WHERE conversation_id = ? AND turn_id = ?"));
    query.addBindValue(conversationId);
    query.addBindValue(turnId);
    query.addBindValue(text);
    query.addBindValue(conversationId);
    query.addBindValue(turnId);
    if (!query.exec()) {
        if (sqliteCode(query.lastError()) == 19) // SQLITE_CONSTRAINT: the conversation is gone
            return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId));
        return sqlFailure(query.lastError(), QStringLiteral("saving the streamed answer"));
    }
    return StoreStatus::success();
}

QString ConversationStore::streamedProse(const QString &conversationId, const QString &turnId, StoreStatus *status) const
{
    QString text;
    if (!isOpen())
        return text;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.setForwardOnly(true);
    const bool queryPrepared = query.prepare(QStringLiteral("SELECT text FROM streamed WHERE conversation_id = ? AND turn_id = ? ORDER BY piece"));
    query.addBindValue(conversationId);
    query.addBindValue(turnId);
    if (!queryPrepared || !query.exec()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("reading the streamed answer")));
        return text;
    }
    while (query.next())
        text += query.value(0).toString();
    return text;
}

int ConversationStore::recoverStreamedProse(StoreStatus *status)
{
    if (!requireWritable().ok())
        return 0;
    struct Left
    {
        QString conversationId;
        QString turnId;
        QString text;
    };
    QList<Left> left;
    {
        QSqlQuery query(QSqlDatabase::database(m_connection, false));
        query.setForwardOnly(true);
        if (!query.exec(QStringLiteral("SELECT conversation_id, turn_id, text FROM streamed "
                                       "ORDER BY conversation_id, turn_id, piece"))) {
            report(status, sqlFailure(query.lastError(), QStringLiteral("reading streamed answers")));
            return 0;
        }
        while (query.next()) {
            const QString conversationId = query.value(0).toString();
            const QString turnId = query.value(1).toString();
            if (left.isEmpty() || left.last().conversationId != conversationId || left.last().turnId != turnId)
                left.append({conversationId, turnId, {}});
            left.last().text += query.value(2).toString();
        }
    }
    int recovered = 0;
    for (const Left &turn : std::as_const(left)) {
        // The same line the session would have written: appending it clears the pieces in one transaction.
        nlohmann::ordered_json line = nlohmann::ordered_json::object();
        line["role"] = "assistant";
        line["content"] = turn.text.toStdString();
        line["turn_id"] = turn.turnId.toStdString();
        const QByteArray raw = QByteArray::fromStdString(line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        const StoreStatus appended = appendMessage(turn.conversationId, raw);
        if (!appended.ok()) {
            report(status, appended);
            return recovered;
        }
        ++recovered;
    }
    return recovered;
}

StoreStatus ConversationStore::beginTurn(const QString &conversationId, const QString &turnId)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("INSERT OR IGNORE INTO turns(conversation_id, turn_id, started_at) VALUES(?, ?, ?)"));
    query.addBindValue(conversationId);
    query.addBindValue(turnId);
    query.addBindValue(nowText());
    if (!query.exec()) {
        if (sqliteCode(query.lastError()) == 19) // SQLITE_CONSTRAINT: the foreign key
            return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId));
        return sqlFailure(query.lastError(), QStringLiteral("recording the turn"));
    }
    return StoreStatus::success();
}

StoreStatus ConversationStore::completeTurn(const QString &conversationId, const QString &turnId)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (const QSqlError e = transact(db, "BEGIN IMMEDIATE"); e.isValid())
        return sqlFailure(e, QStringLiteral("completing the turn"));
    QSqlQuery query(db);
    query.prepare(QStringLiteral("INSERT INTO turns(conversation_id, turn_id, started_at, completed_at) VALUES(?, ?, ?, ?) "
                                 "ON CONFLICT(conversation_id, turn_id) DO UPDATE SET completed_at = excluded.completed_at, incomplete = 0"));
    const QString now = nowText();
    query.addBindValue(conversationId);
    query.addBindValue(turnId);
    query.addBindValue(now);
    query.addBindValue(now);
    bool ok = query.exec();
    if (ok) {
        query.prepare(QStringLiteral("UPDATE messages SET incomplete = 0 WHERE conversation_id = ? AND turn_id = ? AND incomplete = 1"));
        query.addBindValue(conversationId);
        query.addBindValue(turnId);
        ok = query.exec();
    }
    if (!ok) {
        const QSqlError error = query.lastError();
        transact(db, "ROLLBACK");
        if (sqliteCode(error) == 19)
            return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId));
        return sqlFailure(error, QStringLiteral("completing the turn"));
    }
    if (const QSqlError error = transact(db, "COMMIT"); error.isValid()) {
        transact(db, "ROLLBACK");
        return sqlFailure(error, QStringLiteral("completing the turn"));
    }
    return StoreStatus::success();
}

StoreStatus ConversationStore::importFile(const QString &path, QString *id)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return StoreStatus::failure(StoreError::BadInput, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const QByteArray data = file.readAll();
    if (file.error() != QFile::NoError)
        return StoreStatus::failure(StoreError::BadInput, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const QFileInfo info(path);
    return importData(data, info.completeBaseName(), info.absoluteFilePath(), id);
}

StoreStatus ConversationStore::importData(const QByteArray &jsonLines, const QString &fallbackTitle,
                                          const QString &source, QString *id)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const QString what = QStringLiteral("importing the conversation");
    const QString newId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QString now = nowText();
    const QString noTitle = fallbackTitle.isEmpty() ? QStringLiteral("Conversation") : titleFrom(fallbackTitle);

    // A page cache that holds the whole transaction: no page spills to the WAL mid-way (issue 17).
    CacheSizeForImport cache(db, jsonLines.size());
    if (const QSqlError e = transact(db, "BEGIN IMMEDIATE"); e.isValid())
        return sqlFailure(e, what);
    auto fail = [&](const QSqlError &error) {
        transact(db, "ROLLBACK");
        return sqlFailure(error, what);
    };
    // The row first (the lines refer to it); its title and counts are set once every line is read.
    QSqlQuery query(db);
    query.prepare(QStringLiteral("INSERT INTO conversations(id, title, created_at, updated_at, source) VALUES(?, ?, ?, ?, ?)"));
    query.addBindValue(newId);
    query.addBindValue(noTitle);
    query.addBindValue(now);
    query.addBindValue(now);
    query.addBindValue(notNull(source));
    if (!query.exec())
        return fail(query.lastError());

    DirectStatement insert(db, kInsertMessage);
    DirectStatement turn(db, "INSERT OR IGNORE INTO turns(conversation_id, turn_id, started_at, completed_at) VALUES(?, ?, ?, ?)");
    if (!insert.ok())
        return fail(insert.error());
    if (!turn.ok())
        return fail(turn.error());
    const QByteArray idUtf8 = newId.toUtf8();
    const QByteArray nowUtf8 = now.toUtf8();

    // The lines are read on worker threads while this thread writes the runs already read (issue 17:
    // the read and the inserts cost about the same). Each row gets what fromJsonLines and storedLineFacts
    // would give it (LinePasses): the reading threads build the call cards, this thread settles them.
    // Only a card call's answer can come later in the file: such a line is written as drawing its card
    // and corrected once every line is read.
    LinePasses passes;
    QSet<QString> turnsInserted; // a turn's row is written once, by its first line
    QString lastTurn;
    QString title;
    int cards = 0;
    qint64 seq = 0;
    QSqlError error;
    auto writeRun = [&](QList<Message> &run) {
        passes.settle(run);
        for (const Message &m : std::as_const(run)) {
            if (title.isEmpty() && m.role == MessageRole::User && !m.content.trimmed().isEmpty())
                title = titleFrom(m.content);
            // The same values bindMessage gives appendMessage's rows. The bound bytes live until step().
            const StoredLineFacts facts = storedLineFacts(m, passes.answered());
            cards += facts.cardCount;
            const QByteArray role = facts.role.toUtf8();
            const QByteArray createdAt = facts.createdAt.isEmpty() ? nowUtf8 : facts.createdAt.toUtf8();
            const QByteArray turnId = facts.turnId.toUtf8();
            const QByteArray searchText = facts.searchText.toUtf8();
            const QByteArray cardCallIds = facts.cardCallIds.toUtf8();
            const QByteArray resultCallId = facts.resultCallId.toUtf8();
            insert.bindText(1, idUtf8);
            insert.bindInt(2, ++seq);
            insert.bindBlob(3, m.rawLine);
            insert.bindText(4, role);
            insert.bindText(5, createdAt);
            insert.bindNullableText(6, turnId);
            insert.bindInt(7, facts.cardCount);
            insert.bindText(8, searchText);
            insert.bindNullableText(9, cardCallIds);
            insert.bindNullableText(10, resultCallId);
            if (!insert.step()) {
                error = insert.error();
                return false;
            }
            // A turn's lines come together: the set is asked once per turn, not per line.
            if (facts.turnId.isEmpty() || facts.turnId == lastTurn)
                continue;
            lastTurn = facts.turnId;
            const qsizetype known = turnsInserted.size();
            turnsInserted.insert(facts.turnId);
            if (turnsInserted.size() == known)
                continue;
            turn.bindText(1, idUtf8);
            turn.bindText(2, turnId);
            turn.bindText(3, nowUtf8);
            turn.bindText(4, nowUtf8);
            if (!turn.step()) {
                error = turn.error();
                return false;
            }
        }
        run.clear(); // the next runs are read while this one's memory is freed
        return true;
    };
    Transcript::readJsonLinesInRuns(jsonLines, writeRun, 0, 256, &LinePasses::prepare);
    if (error.isValid())
        return fail(error);
    if (seq == 0) {
        transact(db, "ROLLBACK");
        return StoreStatus::failure(StoreError::BadInput, QStringLiteral("%1 holds no messages").arg(source.isEmpty() ? fallbackTitle : source));
    }

    // The lines whose call a later result answered: their rows no longer draw that call's card.
    query.prepare(QStringLiteral("UPDATE messages SET card_count = ?, search_text = ?, card_call_ids = ? "
                                 "WHERE conversation_id = ? AND seq = ?"));
    for (const LinePasses::Changed &changed : passes.finish()) {
        const StoredLineFacts facts = storedLineFacts(changed.message, passes.answered());
        cards += facts.cardCount - int(changed.cardsBefore);
        query.addBindValue(facts.cardCount);
        query.addBindValue(notNull(facts.searchText));
        query.addBindValue(nullable(facts.cardCallIds));
        query.addBindValue(newId);
        query.addBindValue(changed.index + 1);
        if (!query.exec())
            return fail(query.lastError());
    }
    query.prepare(QStringLiteral("UPDATE conversations SET title = ?, message_count = ?, card_count = ? WHERE id = ?"));
    query.addBindValue(title.isEmpty() ? noTitle : title);
    query.addBindValue(int(seq));
    query.addBindValue(cards);
    query.addBindValue(newId);
    if (!query.exec())
        return fail(query.lastError());
    query = QSqlQuery();
    if (const QSqlError e = transact(db, "COMMIT"); e.isValid())
        return fail(e);
    if (id)
        *id = newId;
    return StoreStatus::success();
}

StoreStatus ConversationStore::deleteConversation(const QString &conversationId)
{
    return updateConversation(QStringLiteral("DELETE FROM conversations WHERE id = ?"), {}, conversationId,
                              QStringLiteral("deleting the conversation"));
}

StoreStatus ConversationStore::renameConversation(const QString &conversationId, const QString &title)
{
    if (title.simplified().isEmpty())
        return StoreStatus::failure(StoreError::BadInput, QStringLiteral("a conversation needs a title"));
    return updateConversation(QStringLiteral("UPDATE conversations SET title = ?, title_by_user = 1 WHERE id = ?"),
                              {titleFrom(title)}, conversationId, QStringLiteral("renaming the conversation"));
}

StoreStatus ConversationStore::setAutomaticTitle(const QString &conversationId, const QString &title)
{
    if (title.simplified().isEmpty())
        return StoreStatus::failure(StoreError::BadInput, QStringLiteral("a conversation needs a title"));
    // A conversation the person renamed matches no row: NotFound tells the caller nothing changed.
    return updateConversation(QStringLiteral("UPDATE conversations SET title = ? WHERE id = ? AND title_by_user = 0"),
                              {titleFrom(title)}, conversationId, QStringLiteral("titling the conversation"));
}

StoreStatus ConversationStore::setSystemPrompt(const QString &conversationId, const QString &prompt)
{
    if (prompt.size() > kMaxSystemPromptLength)
        return StoreStatus::failure(StoreError::BadInput,
                                    QStringLiteral("a system prompt has at most %1 characters").arg(kMaxSystemPromptLength));
    // A setting, not activity: updated_at (the list's order) stays. Never NULL: "" is none.
    const QString trimmed = prompt.trimmed();
    return updateConversation(QStringLiteral("UPDATE conversations SET system_prompt = ? WHERE id = ?"),
                              {trimmed.isEmpty() ? QStringLiteral("") : trimmed}, conversationId,
                              QStringLiteral("saving the system prompt"));
}

QString ConversationStore::systemPrompt(const QString &conversationId, StoreStatus *status) const
{
    if (status)
        *status = StoreStatus::success();
    if (!isOpen()) {
        report(status, StoreStatus::failure(StoreError::NotOpen, QStringLiteral("the conversation store is not open")));
        return {};
    }
    if (!m_hasSystemPrompt)
        return {}; // an older file read without migrating: no conversation has one
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT system_prompt FROM conversations WHERE id = ?"));
    query.addBindValue(conversationId);
    if (!query.exec()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("reading the system prompt")));
        return {};
    }
    if (!query.next()) {
        report(status, StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId)));
        return {};
    }
    return query.value(0).toString();
}

StoreStatus ConversationStore::moveToRecentlyDeleted(const QString &conversationId)
{
    return updateConversation(QStringLiteral("UPDATE conversations SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL"),
                              {nowText()}, conversationId, QStringLiteral("deleting the conversation"));
}

StoreStatus ConversationStore::restoreConversation(const QString &conversationId)
{
    return updateConversation(QStringLiteral("UPDATE conversations SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL"),
                              {}, conversationId, QStringLiteral("restoring the conversation"));
}

StoreStatus ConversationStore::emptyRecentlyDeleted(int *removed)
{
    if (removed)
        *removed = 0;
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    // One statement: the cascade removes messages, turns and streamed prose in the same transaction.
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    if (!query.exec(QStringLiteral("DELETE FROM conversations WHERE deleted_at IS NOT NULL")))
        return sqlFailure(query.lastError(), QStringLiteral("emptying Recently deleted"));
    if (removed)
        *removed = query.numRowsAffected();
    return StoreStatus::success();
}

// One statement on one conversation row: `values` are bound first, the id last. No row matched:
// NotFound (no such conversation, or it is not in the state the statement expects).
StoreStatus ConversationStore::updateConversation(const QString &sql, const QVariantList &values,
                                                  const QString &conversationId, const QString &what)
{
    if (StoreStatus s = requireWritable(); !s.ok())
        return s;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(sql);
    for (const QVariant &value : values)
        query.addBindValue(value);
    query.addBindValue(conversationId);
    if (!query.exec())
        return sqlFailure(query.lastError(), what);
    if (query.numRowsAffected() == 0)
        return StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId));
    return StoreStatus::success();
}

namespace {

ConversationSummary summaryFrom(const QSqlQuery &query)
{
    ConversationSummary s;
    s.id = query.value(0).toString();
    s.title = query.value(1).toString();
    s.source = query.value(2).toString();
    s.messageCount = query.value(3).toInt();
    s.cardCount = query.value(4).toInt();
    s.createdAt = fromText(query.value(5).toString());
    s.lastActivity = fromText(query.value(6).toString());
    s.titleByUser = query.value(7).toBool();
    if (!query.value(8).isNull())
        s.deletedAt = fromText(query.value(8).toString());
    return s;
}

} // namespace

// A v3 file read without migrating (read-only open) has no v4 columns: their defaults stand in.
QString ConversationStore::summaryColumns() const
{
    return m_hasDeletion ? QStringLiteral("SELECT id, title, source, message_count, card_count, created_at, updated_at, "
                                          "title_by_user, deleted_at FROM conversations")
                         : QStringLiteral("SELECT id, title, source, message_count, card_count, created_at, updated_at, "
                                          "0, NULL FROM conversations");
}

QList<ConversationSummary> ConversationStore::listConversations(const QString &search, StoreStatus *status) const
{
    const QString kept = m_hasDeletion ? QStringLiteral(" WHERE deleted_at IS NULL") : QStringLiteral(" WHERE 1");
    QString where = kept;
    if (!search.trimmed().isEmpty()) {
        where += QStringLiteral(" AND (title LIKE ? ESCAPE '\\' OR EXISTS(SELECT 1 FROM messages m WHERE "
                                "m.conversation_id = conversations.id AND m.search_text LIKE ? ESCAPE '\\'))");
    }
    const QString pattern = search.trimmed().isEmpty() ? QString() : likeAnywhere(search.trimmed());
    return querySummaries(where + QStringLiteral(" ORDER BY updated_at DESC, rowid DESC"),
                          pattern.isEmpty() ? QStringList() : QStringList{pattern, pattern}, status);
}

QList<ConversationSummary> ConversationStore::recentlyDeleted(StoreStatus *status) const
{
    if (!m_hasDeletion && isOpen()) {
        if (status)
            *status = StoreStatus::success(); // an older file has deleted nothing
        return {};
    }
    return querySummaries(QStringLiteral(" WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, rowid DESC"), {}, status);
}

QList<ConversationSummary> ConversationStore::querySummaries(const QString &whereAndOrder, const QStringList &values,
                                                              StoreStatus *status) const
{
    QList<ConversationSummary> result;
    if (!isOpen()) {
        if (status)
            *status = StoreStatus::failure(StoreError::NotOpen, QStringLiteral("the conversation store is not open"));
        return result;
    }
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.setForwardOnly(true);
    query.prepare(summaryColumns() + whereAndOrder);
    for (const QString &value : values)
        query.addBindValue(value);
    if (!query.exec()) {
        if (status)
            *status = sqlFailure(query.lastError(), QStringLiteral("listing conversations"));
        return result;
    }
    while (query.next())
        result.append(summaryFrom(query));
    if (status)
        *status = StoreStatus::success();
    return result;
}

ConversationSummary ConversationStore::conversation(const QString &conversationId, StoreStatus *status) const
{
    StoreStatus result = isOpen() ? StoreStatus::success()
                                  : StoreStatus::failure(StoreError::NotOpen, QStringLiteral("the conversation store is not open"));
    ConversationSummary summary;
    if (result.ok()) {
        QSqlQuery query(QSqlDatabase::database(m_connection, false));
        query.prepare(summaryColumns() + QStringLiteral(" WHERE id = ?"));
        query.addBindValue(conversationId);
        if (!query.exec())
            result = sqlFailure(query.lastError(), QStringLiteral("reading the conversation"));
        else if (!query.next())
            result = StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(conversationId));
        else
            summary = summaryFrom(query);
    }
    if (status)
        *status = result;
    return summary;
}

QString ConversationStore::resolveId(const QString &idOrPrefix, StoreStatus *status) const
{
    StoreStatus result = StoreStatus::success();
    QString found;
    const QString key = idOrPrefix.trimmed().toLower();
    if (!isOpen()) {
        result = StoreStatus::failure(StoreError::NotOpen, QStringLiteral("the conversation store is not open"));
    } else if (key.size() < 4) {
        result = StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(idOrPrefix));
    } else {
        QSqlQuery query(QSqlDatabase::database(m_connection, false));
        query.prepare(QStringLiteral("SELECT id FROM conversations WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY id = ? DESC LIMIT 2"));
        QString prefix = likeAnywhere(key);
        prefix.remove(0, 1); // anchored at the start
        query.addBindValue(key);
        query.addBindValue(prefix);
        query.addBindValue(key);
        if (!query.exec()) {
            result = sqlFailure(query.lastError(), QStringLiteral("finding the conversation"));
        } else {
            QStringList ids;
            while (query.next())
                ids.append(query.value(0).toString());
            if (ids.isEmpty())
                result = StoreStatus::failure(StoreError::NotFound, QStringLiteral("no conversation %1").arg(idOrPrefix));
            else if (ids.first() == key || ids.size() == 1)
                found = ids.first();
            else
                result = StoreStatus::failure(StoreError::BadInput, QStringLiteral("%1 matches more than one conversation").arg(idOrPrefix));
        }
    }
    if (status)
        *status = result;
    return found;
}

int ConversationStore::messageCount(const QString &conversationId, StoreStatus *status) const
{
    if (!isOpen())
        return 0;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    const bool queryPrepared = query.prepare(QStringLiteral("SELECT COALESCE(MAX(seq), 0) FROM messages WHERE conversation_id = ?"));
    query.addBindValue(conversationId);
    if (!queryPrepared || !query.exec() || !query.next()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("counting the messages")));
        return 0;
    }
    return query.value(0).toInt();
}

int ConversationStore::userMessageCount(const QString &conversationId, StoreStatus *status) const
{
    if (!isOpen())
        return 0;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    const bool queryPrepared =
            query.prepare(QStringLiteral("SELECT COUNT(*) FROM messages WHERE conversation_id = ? AND role = 'user'"));
    query.addBindValue(conversationId);
    if (!queryPrepared || !query.exec() || !query.next()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("counting the questions")));
        return 0;
    }
    return query.value(0).toInt();
}

QList<QByteArray> ConversationStore::rawLines(const QString &conversationId, StoreStatus *status) const
{
    QList<QByteArray> lines;
    const ConversationSummary summary = conversation(conversationId, status);
    if (summary.id.isEmpty())
        return lines;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT raw_line FROM messages WHERE conversation_id = ? ORDER BY seq"));
    query.addBindValue(conversationId);
    if (!query.exec()) {
        if (status)
            *status = sqlFailure(query.lastError(), QStringLiteral("reading the conversation"));
        return lines;
    }
    lines.reserve(summary.messageCount);
    while (query.next())
        lines.append(query.value(0).toByteArray());
    return lines;
}

QList<Message> ConversationStore::loadRange(const QString &conversationId, qint64 firstSeq, int count, StoreStatus *status) const
{
    QList<Message> messages;
    const ConversationSummary summary = conversation(conversationId, status);
    if (summary.id.isEmpty() || count <= 0)
        return messages;
    const qint64 first = std::max<qint64>(1, firstSeq);
    const qint64 end = firstSeq + count; // exclusive; a page that starts before 1 is shorter
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    const bool queryPrepared = query.prepare(QStringLiteral("SELECT seq, raw_line, incomplete, turn_id FROM messages WHERE conversation_id = ? AND seq >= ? "
                                 "AND seq < ? ORDER BY seq"));
    query.addBindValue(conversationId);
    query.addBindValue(first);
    query.addBindValue(end);
    if (!queryPrepared || !query.exec()) {
        if (status)
            *status = sqlFailure(query.lastError(), QStringLiteral("reading the conversation"));
        return messages;
    }
    while (query.next()) {
        messages.append(parseTranscriptLine(query.value(1).toByteArray(), query.value(0).toInt()));
        messages.last().incomplete = query.value(2).toBool(); // a cut-off turn reads as cut off
        if (messages.last().turnId.isEmpty())
            messages.last().turnId = query.value(3).toString(); // the live turn it arrived in
    }

    // Which of the page's card calls a result answers, wherever that result is in the conversation. Only
    // the page's own call ids are looked up (the partial index on result_call_id): a page of a long
    // conversation no longer reads every answered call to draw 200 lines (issue 17, stored first screen).
    QStringList asked;
    for (const Message &m : std::as_const(messages)) {
        for (const ToolCall &call : m.toolCalls) {
            if (isCardToolName(call.name) && !call.id.isEmpty())
                asked.append(call.id);
        }
    }
    QSet<QString> answered;
    constexpr qsizetype kIdsPerQuery = 200; // well under SQLite's bound on parameters
    for (qsizetype from = 0; from < asked.size(); from += kIdsPerQuery) {
        const QStringList ids = asked.mid(from, kIdsPerQuery);
        QStringList marks(ids.size(), QStringLiteral("?"));
        QSqlQuery calls(db);
        calls.setForwardOnly(true);
        const bool callsPrepared = calls.prepare(QStringLiteral("SELECT result_call_id FROM messages WHERE conversation_id = ? "
                                                                "AND result_call_id IN (%1)").arg(marks.join(QLatin1Char(','))));
        calls.addBindValue(conversationId);
        for (const QString &callId : ids)
            calls.addBindValue(callId);
        if (!callsPrepared || !calls.exec()) {
            // Without the answered calls a page could draw a card twice: the page is not trusted.
            report(status, sqlFailure(calls.lastError(), QStringLiteral("reading the conversation's tool calls")));
            return {};
        }
        while (calls.next())
            answered.insert(calls.value(0).toString());
    }
    resolveCardCalls(&messages, answered);
    elideRepeatedTurnProse(&messages);
    return messages;
}

QList<Message> ConversationStore::loadLast(const QString &conversationId, int count, StoreStatus *status) const
{
    StoreStatus counted;
    const qint64 last = messageCount(conversationId, &counted);
    if (!counted.ok()) {
        report(status, counted);
        return {};
    }
    return loadRange(conversationId, std::max<qint64>(1, last - count + 1), count, status);
}

Transcript ConversationStore::loadTranscript(const QString &conversationId, StoreStatus *status) const
{
    Transcript transcript;
    const ConversationSummary summary = conversation(conversationId, status);
    if (summary.id.isEmpty())
        return transcript;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.setForwardOnly(true);
    const bool queryPrepared = query.prepare(QStringLiteral("SELECT seq, raw_line, incomplete, turn_id FROM messages WHERE conversation_id = ? ORDER BY seq"));
    query.addBindValue(conversationId);
    if (!queryPrepared || !query.exec()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("reading the conversation")));
        return transcript;
    }
    transcript.messages.reserve(summary.messageCount);
    while (query.next()) {
        Message message = parseTranscriptLine(query.value(1).toByteArray(), query.value(0).toInt());
        // A turn cut off (crash, stop, timeout) reads as cut off wherever it is drawn, headless too.
        message.incomplete = query.value(2).toBool();
        if (message.turnId.isEmpty())
            message.turnId = query.value(3).toString(); // the live turn it arrived in
        transcript.messages.append(std::move(message));
    }
    resolveCardCalls(&transcript.messages, answeredCardCalls(transcript.messages));
    elideRepeatedTurnProse(&transcript.messages);
    return transcript;
}

QSet<QString> ConversationStore::cardIds(const QString &conversationId, StoreStatus *status) const
{
    QSet<QString> ids;
    const Transcript transcript = loadTranscript(conversationId, status);
    for (const Message &message : transcript.messages) {
        for (const Card &card : message.cards) {
            if (!card.cardId().isEmpty())
                ids.insert(card.cardId());
        }
    }
    return ids;
}

QList<TurnState> ConversationStore::turns(const QString &conversationId, StoreStatus *status) const
{
    QList<TurnState> result;
    if (!isOpen())
        return result;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    const bool queryPrepared = query.prepare(QStringLiteral("SELECT turn_id, completed_at IS NOT NULL, incomplete FROM turns WHERE conversation_id = ? "
                                 "ORDER BY started_at, rowid"));
    query.addBindValue(conversationId);
    if (!queryPrepared || !query.exec()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("reading the turns")));
        return result;
    }
    while (query.next())
        result.append({query.value(0).toString(), query.value(1).toBool(), query.value(2).toBool()});
    return result;
}

QSet<qint64> ConversationStore::incompleteSeqs(const QString &conversationId, StoreStatus *status) const
{
    QSet<qint64> result;
    if (!isOpen())
        return result;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    const bool queryPrepared = query.prepare(QStringLiteral("SELECT seq FROM messages WHERE conversation_id = ? AND incomplete = 1"));
    query.addBindValue(conversationId);
    if (!queryPrepared || !query.exec()) {
        report(status, sqlFailure(query.lastError(), QStringLiteral("reading which turns were cut off")));
        return result;
    }
    while (query.next())
        result.insert(query.value(0).toLongLong());
    return result;
}

StoreStatus ConversationStore::exportBytes(const QString &conversationId, ExportFormat format, QByteArray *bytes) const
{
    StoreStatus status;
    const ConversationSummary summary = conversation(conversationId, &status);
    if (!status.ok())
        return status;
    bytes->clear();
    if (format == ExportFormat::JsonLines) {
        const QList<QByteArray> lines = rawLines(conversationId, &status);
        if (!status.ok())
            return status;
        for (const QByteArray &line : lines)
            *bytes += line + '\n';
    } else {
        const Transcript transcript = loadTranscript(conversationId, &status);
        if (!status.ok())
            return status;
        *bytes = transcriptToMarkdown(transcript, summary.title);
    }
    return StoreStatus::success();
}

StoreStatus ConversationStore::exportConversation(const QString &conversationId, const QString &path, ExportFormat format) const
{
    QByteArray bytes;
    if (StoreStatus status = exportBytes(conversationId, format, &bytes); !status.ok())
        return status;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return StoreStatus::failure(StoreError::Io, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return StoreStatus::success();
}

} // namespace Tessera
