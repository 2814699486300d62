#pragma once

// Conversations persisted in SQLite (PRODUCT.md §6, issue 4).
//
// One database file, <dataDir>/tessera.db, opened by one Tessera at a time (<dataDir>/tessera.lock).
//  - WAL journal, synchronous=FULL (a commit is on disk when appendMessage returns, so a crash, kill -9
//    or power cut loses nothing that was committed), foreign keys on.
//  - Schema version in PRAGMA user_version, application id in PRAGMA application_id; older schemas are
//    migrated on open (storeschema.h), a newer one is refused untouched.
//  - Every message is one row holding its raw line exactly as received (a BLOB: invalid UTF-8 and hostile
//    nesting are stored as they came). Nothing is stored as a parsed tree and nothing is ever rewritten
//    whole: loading re-parses and re-validates every line with the running version's rules (seed 000's
//    third validation point), so a card valid now renders natively whatever an older version thought.
//  - appendMessage is one transaction, committed before it returns. A failure (disk full, read-only, I/O)
//    rolls back: earlier rows stay intact, nothing is half-written, and the caller keeps the message in
//    memory and tells the user it is not being saved.
//  - A corrupt or foreign file is never written to: it is copied aside (tessera.db.corrupt-<UTC stamp>)
//    and open() fails saying so. Checked on open through a read-only connection: the SQLite header, PRAGMA
//    quick_check (always up to 64 MiB, above that only after an unclean shutdown), application_id.
//
// Not thread-safe: use a store from one thread (the GUI thread or one worker).

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QSet>
#include <QString>
#include <QVariantList>

#include <memory>

#include <cards/transcript.h>

class QLockFile;
class QSqlError;

namespace Tessera {

class WalCheckpointer;

enum class StoreError {
    None,
    Locked,      // another Tessera holds the data dir (message names its PID)
    NotWritable, // the data dir or the database cannot be written (read-only, permissions)
    Corrupt,     // not a readable SQLite database; a copy was put aside (backupPath)
    Foreign,     // an SQLite database of some other application; a copy was put aside (backupPath)
    TooNew,      // made by a newer Tessera (schema version above kSchemaVersion); left untouched
    TooOld,      // read-only open of a database that needs a migration first
    Full,        // disk or database full (SQLITE_FULL); the failed write was rolled back
    Io,          // any other SQLite or file error; the failed write was rolled back
    NotFound,    // no such conversation, or no database yet (read-only open)
    NotOpen,     // the store is not open
    BadInput,    // a file to import cannot be read, an ambiguous id prefix, …
};

struct StoreStatus
{
    StoreError code = StoreError::None;
    QString message;    // one sentence for a person, e.g. "the disk is full: message not saved"
    QString backupPath; // Corrupt / Foreign: where the copy of the untouched file is

    bool ok() const { return code == StoreError::None; }
    static StoreStatus success() { return {}; }
    static StoreStatus failure(StoreError code, const QString &message) { return {code, message, {}}; }
};

struct ConversationSummary
{
    QString id;           // a UUID without braces
    QString title;        // first user message trimmed to 80 chars, else the file name, else "Conversation"
    QString source;       // the imported file's absolute path, or what createConversation was given
    int messageCount = 0; // stored lines, readable or not
    int cardCount = 0;    // cards as Transcript::cardCount counts them (valid or not)
    QDateTime createdAt;  // UTC
    QDateTime lastActivity; // UTC: the last append or the import
    bool titleByUser = false; // renamed by the person: an automatic title never replaces it
    QDateTime deletedAt;    // UTC: when it went to "Recently deleted"; invalid while kept

    bool isDeleted() const { return deletedAt.isValid(); }
};

// A turn as the wire announced it (turn.started / turn.completed, PRODUCT.md §4).
struct TurnState
{
    QString turnId;
    bool completed = false;
    bool incomplete = false; // cut off: started, never completed, and the store was reopened since
};

class ConversationStore
{
public:
    enum class OpenMode {
        ReadWrite, // takes the lock, migrates, marks cut-off turns incomplete
        ReadOnly,  // no lock, no writes (SQLITE_OPEN_READONLY): for list/export/render while the app runs
    };
    enum class ExportFormat { JsonLines, Markdown };
    static constexpr int kMaxSystemPromptLength = 32 * 1024; // UTF-16 code units

    ConversationStore();
    ~ConversationStore();
    ConversationStore(const ConversationStore &) = delete;
    ConversationStore &operator=(const ConversationStore &) = delete;

    // QStandardPaths::AppDataLocation of organization and application "Tessera" (Linux:
    // ~/.local/share/Tessera/Tessera), the same whether or not the caller set those names.
    static QString defaultDataDir();
    static QString databaseFileName() { return QStringLiteral("tessera.db"); }
    // A QLocalServer name unique to a data dir, so a second instance can ask the first to raise its
    // window (the server itself is UI work and needs Qt Network, which the store does not link).
    static QString instanceServerName(const QString &dataDir);

    // Creates dataDir when missing. Never throws, never crashes; every refusal is a StoreStatus.
    StoreStatus open(const QString &dataDir, OpenMode mode = OpenMode::ReadWrite);
    void close();
    bool isOpen() const;
    bool isReadOnly() const { return m_mode == OpenMode::ReadOnly; }
    // Read-only because nobody may write the directory or the file (not just beside a running Tessera).
    bool isImmutable() const { return m_immutable; }
    QString dataDir() const { return m_dataDir; }
    QString databasePath() const;
    int schemaVersion() const; // PRAGMA user_version of the open database
    // Turns found started-but-never-completed and marked incomplete by the last ReadWrite open.
    int turnsMarkedIncompleteOnOpen() const { return m_markedOnOpen; }
    // The QSqlDatabase connection name (tests set PRAGMA max_page_count / query_only through it).
    QString connectionName() const { return m_connection; }
    // Checkpoints of the write-ahead log that ran to its end on the store's own thread (walcheckpointer.h);
    // 0 for a read-only store, which never writes.
    int checkpointsCompleted() const;
    // Checkpoints a commit ran itself because small commits outran that thread (walcheckpointer.h).
    int checkpointsByCommits() const;

    // --- writing: each call is one transaction, committed before it returns -------------------------
    StoreStatus createConversation(const QString &title, const QString &source, QString *id);
    // Stores one line exactly as received. Its turn_id (if any) starts that turn when new. *seq gets the
    // line's 1-based position in the conversation.
    // turnId: the live turn the line arrived in, kept beside it when the line names none (its turn is
    // then marked cut off with the others, and loading gives Message::turnId from it).
    StoreStatus appendMessage(const QString &conversationId, const QByteArray &rawLine, qint64 *seq = nullptr,
                              const QString &turnId = {});
    // Wire events turn.started / turn.completed (PRODUCT.md §4). A turn started and never completed is
    // marked incomplete on the next ReadWrite open.
    StoreStatus beginTurn(const QString &conversationId, const QString &turnId);
    StoreStatus completeTurn(const QString &conversationId, const QString &turnId);
    // Prose of a turn in progress, saved as it streams (PRODUCT.md §6: nothing the person saw is lost).
    // Each call adds one piece in its own transaction; callers pace it (the session: about once a second
    // or every 32 KB). An assistant line of the same turn, appended later, clears the pieces in its own
    // transaction. What a crash leaves becomes the turn's assistant line on the next open, before the turn
    // is marked cut off: {"role":"assistant","content":PIECES,"turn_id":TURN}.
    StoreStatus appendStreamedProse(const QString &conversationId, const QString &turnId, const QString &text);
    QString streamedProse(const QString &conversationId, const QString &turnId, StoreStatus *status = nullptr) const;
    // Called by open() (read-write): returns how many turns' prose became lines.
    int recoverStreamedProse(StoreStatus *status = nullptr);
    // Marks every started, uncompleted turn (and its messages) incomplete; returns how many. open() calls it.
    int markIncompleteTurns(StoreStatus *status = nullptr);
    // A JSON Lines file as one new conversation, in one transaction (all lines or none). Lines are kept
    // as received (CR line ends and a BOM dropped, blank lines skipped, as Transcript reads them). Turns
    // named by turn_id are stored completed: a file is a finished record.
    StoreStatus importFile(const QString &path, QString *id);
    StoreStatus importData(const QByteArray &jsonLines, const QString &fallbackTitle, const QString &source,
                           QString *id);
    // --- keeping conversations in order (issue 12) ------------------------------------------------
    // A title the person gave (simplified, cut like automatic ones); marks it as theirs. Empty: BadInput.
    StoreStatus renameConversation(const QString &conversationId, const QString &title);
    // A title Tessera chose (issue 18): NotFound, and nothing changes, when the person renamed it.
    StoreStatus setAutomaticTitle(const QString &conversationId, const QString &title);
    // Soft delete: the conversation leaves listConversations and search and shows in recentlyDeleted,
    // every line kept. NotFound when there is no such conversation or it is already deleted.
    StoreStatus moveToRecentlyDeleted(const QString &conversationId);
    // Back from Recently deleted, unchanged. NotFound when it is not there.
    StoreStatus restoreConversation(const QString &conversationId);
    // Removes every conversation in Recently deleted for good; *removed gets how many.
    StoreStatus emptyRecentlyDeleted(int *removed = nullptr);
    // Removes one conversation for good, deleted or not ("Delete forever"; no undo).
    StoreStatus deleteConversation(const QString &conversationId);
    // The person's instructions for an OpenAI-compatible backend (issue 12, schema v5), sent before
    // Tessera's card rules. A setting of the conversation, not a line of it: not in either export, and
    // it does not change lastActivity. Trimmed; "" = none; over kMaxSystemPromptLength: BadInput.
    StoreStatus setSystemPrompt(const QString &conversationId, const QString &prompt);

    // --- reading -----------------------------------------------------------------------------------
    // Newest activity first, without the ones in Recently deleted. search (optional, case-insensitive for
    // ASCII): matches the title or the text of any message (prose, acks, card titles); LIKE, no ranking.
    QList<ConversationSummary> listConversations(const QString &search = {}, StoreStatus *status = nullptr) const;
    // Recently deleted, the latest deletion first.
    QList<ConversationSummary> recentlyDeleted(StoreStatus *status = nullptr) const;
    ConversationSummary conversation(const QString &conversationId, StoreStatus *status = nullptr) const;
    // An exact id, or a unique prefix of at least 4 characters ("3f2a9c1e"); empty when none or ambiguous.
    QString resolveId(const QString &idOrPrefix, StoreStatus *status = nullptr) const;
    // Read paths take an optional status: an SQL error is logged (tessera.store) and reported there;
    // the value returned is then empty (0, no lines), never a guess.
    int messageCount(const QString &conversationId, StoreStatus *status = nullptr) const;
    // Stored lines whose role is "user" (typed questions and card decisions alike).
    int userMessageCount(const QString &conversationId, StoreStatus *status = nullptr) const;
    // Every line, re-parsed and re-validated now. Message::lineNumber is the stored seq (1-based);
    // Message::incomplete marks the lines of turns that were cut off.
    Transcript loadTranscript(const QString &conversationId, StoreStatus *status = nullptr) const;
    // Lazy loading: lines [firstSeq, firstSeq + count) re-parsed (Message::incomplete set for the lines
    // of cut-off turns), with card-tool calls resolved against
    // the whole conversation (a call answered outside the page does not draw a second card). Use
    // loadLast for the first screen, then loadRange(id, oldestLoaded - n, n) for older pages.
    QList<Message> loadRange(const QString &conversationId, qint64 firstSeq, int count,
                             StoreStatus *status = nullptr) const;
    QList<Message> loadLast(const QString &conversationId, int count, StoreStatus *status = nullptr) const;
    QList<TurnState> turns(const QString &conversationId, StoreStatus *status = nullptr) const;
    // seqs of lines that belong to a turn marked incomplete (the view labels them "cut off").
    QSet<qint64> incompleteSeqs(const QString &conversationId, StoreStatus *status = nullptr) const;
    // The ids of every card the conversation draws (as Card::cardId, after re-parsing every line). Reads
    // the whole conversation: for a caller that caches it (the session checks card.update ids with it).
    QSet<QString> cardIds(const QString &conversationId, StoreStatus *status = nullptr) const;
    // The conversation's system prompt ("" = none; also for a file older than v5 read without migrating).
    QString systemPrompt(const QString &conversationId, StoreStatus *status = nullptr) const;
    // Raw lines as stored, in order (export, tests).
    QList<QByteArray> rawLines(const QString &conversationId, StoreStatus *status = nullptr) const;

    // JSON Lines: every stored line byte for byte, '\n' after each. Markdown: markdownexport.h.
    StoreStatus exportConversation(const QString &conversationId, const QString &path,
                                   ExportFormat format = ExportFormat::JsonLines) const;
    // The same bytes in memory (`tessera export ID -o -` writes them to standard output).
    StoreStatus exportBytes(const QString &conversationId, ExportFormat format, QByteArray *bytes) const;

private:
    StoreStatus openDatabase(OpenMode mode);
    StoreStatus checkExistingFile();
    StoreStatus putAside(StoreError code, const QString &why);
    StoreStatus insertLines(const QString &conversationId, const QList<Message> &messages,
                            const QList<QByteArray> &lines, bool turnsCompleted, qint64 firstSeq);
    StoreStatus sqlFailure(const QSqlError &error, const QString &what) const;
    StoreStatus requireWritable() const;
    StoreStatus updateConversation(const QString &sql, const QVariantList &values, const QString &conversationId,
                                   const QString &what);
    QString summaryColumns() const;
    QList<ConversationSummary> querySummaries(const QString &whereAndOrder, const QStringList &values,
                                              StoreStatus *status) const;

    QString m_dataDir;
    QString m_connection;
    bool m_immutable = false;
    OpenMode m_mode = OpenMode::ReadWrite;
    std::unique_ptr<QLockFile> m_lock;
    std::unique_ptr<WalCheckpointer> m_checkpointer; // ReadWrite opens only
    int m_markedOnOpen = 0;
    bool m_uncleanShutdown = false; // the lock file was left behind by a dead owner
    bool m_hasDeletion = false;     // the open file has v4's columns (a read-only open may read a v3 one)
    bool m_hasSystemPrompt = false; // the open file has v5's column
};

} // namespace Tessera
