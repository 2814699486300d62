#include <store/walcheckpointer.h>

#include <sqlite3.h>

#include <store/logging.h>

namespace Tessera {

namespace {
// A checkpoint that meets the writer's lock gives up at once (PASSIVE); a busy open waits this long.
constexpr int kOpenBusyTimeoutMs = 1000;
// Passes of one request while commits keep adding frames (see checkpoint()).
constexpr int kPassesPerRequest = 4;
} // namespace

WalCheckpointer::WalCheckpointer(const QString &databasePath)
    : m_path(databasePath)
    , m_thread([this] { run(); })
{}

WalCheckpointer::~WalCheckpointer()
{
    unwatch();
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void WalCheckpointer::watch(sqlite3 *connection)
{
    unwatch();
    m_watched = connection;
    if (!m_watched)
        return;
    int pageSize = 4096;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(m_watched, "PRAGMA page_size", -1, &statement, nullptr) == SQLITE_OK
        && sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int(statement, 0) > 0)
        pageSize = sqlite3_column_int(statement, 0);
    sqlite3_finalize(statement);
    m_pagesPerCheckpoint = qMax(1, kLogBytesPerCheckpoint / pageSize);
    sqlite3_wal_hook(m_watched, &WalCheckpointer::onCommit, this);
}

void WalCheckpointer::unwatch()
{
    if (!m_watched)
        return;
    sqlite3_wal_hook(m_watched, nullptr, nullptr);
    sqlite3_wal_autocheckpoint(m_watched, m_pagesPerCheckpoint);
    m_watched = nullptr;
}

int WalCheckpointer::onCommit(void *self, sqlite3 *connection, const char *database, int pages)
{
    // The log starts again from its first frame only at a write that begins after a checkpoint copied all
    // of it, so the thread is asked when the log reaches the size and again each time it grows by as much
    // (asking on every commit past it kept a checkpoint always running through a stream of appends, and
    // the log never started again). A commit always adds frames: a smaller log than the last commit left
    // means it started again. (A restarted log that ends larger than the last one goes unnoticed; that only
    // delays the next request.)
    auto *checkpointer = static_cast<WalCheckpointer *>(self);
    const int before = checkpointer->m_lastPages;
    checkpointer->m_lastPages = pages;
    int &askedAt = checkpointer->m_askedAtPages;
    int &firstAskedAt = checkpointer->m_firstAskedAtPages;
    if (pages <= before)
        askedAt = firstAskedAt = 0;
    const int size = checkpointer->m_pagesPerCheckpoint;
    if (firstAskedAt > 0 && pages >= firstAskedAt + (kLogSizesBeforeInlineCheckpoint - 1) * size
        && pages - before < size) {
        // Small commits went on for three more thresholds after the thread was first asked, each of its
        // checkpoints ending with the frames written while it ran, so the log never started again: this
        // commit copies what is left itself, as SQLite would have, and the next write starts the log
        // again. Without it, 600 quick appends grew the log to 56 MB. (Right after an import, the
        // thread's copy of it is never done here.) Busy (the thread is copying): the next commit tries.
        if (sqlite3_wal_checkpoint_v2(connection, database, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) == SQLITE_OK)
            ++checkpointer->m_copiedByCommits;
    } else if (pages >= askedAt + size) {
        if (firstAskedAt == 0)
            firstAskedAt = pages;
        askedAt = pages;
        checkpointer->request();
    }
    return SQLITE_OK;
}

void WalCheckpointer::request()
{
    {
        std::lock_guard lock(m_mutex);
        m_requested = true;
    }
    m_wake.notify_all();
}

int WalCheckpointer::completed() const
{
    std::lock_guard lock(m_mutex);
    return m_completed;
}

QString WalCheckpointer::lastError() const
{
    std::lock_guard lock(m_mutex);
    return m_lastError;
}

void WalCheckpointer::run()
{
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_requested || m_stopping; });
            if (m_stopping)
                break;
            m_requested = false;
        }
        checkpoint();
    }
    if (m_own)
        sqlite3_close(m_own);
    m_own = nullptr;
}

void WalCheckpointer::checkpoint()
{
    QString error;
    if (!m_own) {
        // No mutex inside SQLite: this connection is only ever used by this thread.
        const int opened = sqlite3_open_v2(m_path.toUtf8().constData(), &m_own, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
        if (opened != SQLITE_OK) {
            error = QStringLiteral("cannot open %1 to checkpoint: %2").arg(m_path, QString::fromUtf8(sqlite3_errstr(opened)));
            sqlite3_close(m_own);
            m_own = nullptr;
        } else {
            sqlite3_busy_timeout(m_own, kOpenBusyTimeoutMs);
            sqlite3_wal_autocheckpoint(m_own, 0); // it never writes; it only checkpoints when asked
            // A connection reads the file's header (and learns it is in WAL mode) on its first statement.
            if (sqlite3_exec(m_own, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) != SQLITE_OK) {
                error = QStringLiteral("cannot read %1 to checkpoint: %2").arg(m_path, QString::fromUtf8(sqlite3_errmsg(m_own)));
                sqlite3_close(m_own);
                m_own = nullptr;
            }
        }
    }
    int logPages = 0;
    int copied = 0;
    bool complete = false;
    // Commits made while a pass copies add frames it does not copy, and the log starts again only once
    // every frame is copied: passes follow while the log keeps growing, a few at most (a stream of
    // commits is left to onCommit's bound). A pass over a log already copied writes nothing.
    int passLog = -1;
    for (int pass = 0; m_own && pass < kPassesPerRequest; ++pass) {
        const int rc = sqlite3_wal_checkpoint_v2(m_own, nullptr, SQLITE_CHECKPOINT_PASSIVE, &logPages, &copied);
        if (rc != SQLITE_OK) {
            if (rc != SQLITE_BUSY) { // busy: a writer holds the log; the next request tries again
                error = QStringLiteral("checkpoint of %1 failed: %2")
                            .arg(m_path, QString::fromUtf8(sqlite3_errmsg(m_own)));
            }
            break;
        }
        complete = logPages >= 0 && copied == logPages; // -1: the file is not in WAL mode
        if (!complete || logPages == passLog)
            break; // behind a reader (the next request), or nothing new since the last pass
        passLog = logPages;
    }
    if (!error.isEmpty())
        qCWarning(lcStore, "%s", qPrintable(error));
    else
        qCDebug(lcStore, "checkpoint: %d of %d log pages in the database file", copied, logPages);
    std::lock_guard lock(m_mutex);
    if (complete)
        ++m_completed;
    if (!error.isEmpty())
        m_lastError = error;
}

} // namespace Tessera
