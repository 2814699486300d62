#pragma once

// Copies the store's write-ahead log into the database file on a thread of its own (issue 17).
//
// SQLite's default is to checkpoint inside the commit that grows the log past 1,000 pages: the thread
// that committed (the GUI thread, for appends and imports) then writes those pages again and syncs the
// database file, 15 ms or more for an import. The store installs a WAL hook instead, and this class runs
// a PASSIVE checkpoint on its own connection when asked: it never blocks a writer or a reader, and pages a
// reader still needs wait for the next request. When small commits outrun the thread (the log grows by
// three more thresholds after the first request without starting again), the commit that finds it so
// copies what is left itself, so the log starts again and stays bounded. A commit is durable when its
// log is synced, before any checkpoint; the last connection to close checkpoints what is left, as before.

#include <QString>

#include <condition_variable>
#include <mutex>
#include <thread>

struct sqlite3;

namespace Tessera {

class WalCheckpointer
{
public:
    // The log size past which a commit asks for a checkpoint: SQLite's own default of 1,000 pages, for
    // its default page of 4 KiB; pages of 16 KiB (issue 17) ask after 256 of them.
    static constexpr int kLogBytesPerCheckpoint = 4000 * 1024;
    // Small commits that go on for this many thresholds, counted from the thread's first request, without
    // the log starting again copy it themselves (commits outran the thread's checkpoints); a large commit
    // (an import) always leaves its copy to the thread.
    static constexpr int kLogSizesBeforeInlineCheckpoint = 4;
    // The most the log reaches through a stream of small commits (and so what the store cuts its file
    // back to, journal_size_limit).
    static constexpr qint64 kLogBytesBound = (kLogSizesBeforeInlineCheckpoint + 1) * qint64(kLogBytesPerCheckpoint);

    explicit WalCheckpointer(const QString &databasePath);
    ~WalCheckpointer(); // waits for a running checkpoint, then closes its connection
    WalCheckpointer(const WalCheckpointer &) = delete;
    WalCheckpointer &operator=(const WalCheckpointer &) = delete;

    // Installs the hook on `connection` (the store's own): commits that leave the log at
    // kLogBytesPerCheckpoint or more ask for a checkpoint. Replaces SQLite's automatic checkpoints.
    void watch(sqlite3 *connection);
    // Removes the hook from the connection watch() was given; SQLite checkpoints on its own again.
    void unwatch();
    void request();
    // Checkpoints that ran to the end of the log, and the last failure's text ("" when none).
    int completed() const;
    QString lastError() const;
    // Checkpoints run by a commit itself (see kLogSizesBeforeInlineCheckpoint); the committing thread's.
    int copiedByCommits() const { return m_copiedByCommits; }

private:
    static int onCommit(void *self, sqlite3 *connection, const char *database, int pages);
    void run();
    void checkpoint();

    const QString m_path;
    sqlite3 *m_watched = nullptr; // not owned: the store's connection
    int m_pagesPerCheckpoint = 1000; // kLogBytesPerCheckpoint in the watched file's pages
    int m_askedAtPages = 0;          // the log's size at the last request (the committing thread's)
    int m_lastPages = 0;             // the log's size after the last commit (the committing thread's)
    int m_firstAskedAtPages = 0;     // the log's size at the first request since it last started again
    int m_copiedByCommits = 0;
    sqlite3 *m_own = nullptr;     // opened and used by the thread only
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_requested = false;
    bool m_stopping = false;
    int m_completed = 0;
    QString m_lastError;
    std::thread m_thread;
};

} // namespace Tessera
