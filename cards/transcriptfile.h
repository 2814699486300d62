#pragma once

// A conversation file too large to hold as messages (issue 17, scale: a 1 GB, 1,000,000-line file opens
// in 2 s and 300 MB). Opening finds where its lines are and keeps only that (16 bytes a line, no
// text). The messages are read a page at a time from the end, as a stored conversation's are (the model's
// OlderMessagesLoader), and the counts come from a pass over every line of their own (count()), which the
// window runs on a thread after the first screen is drawn.
//
// Pages read as fromJsonLines reads the whole file, with two rules across lines kept exact:
//  - a page whose first lines belong to an answer (a turn's assistant line before the page's first user
//    line) starts at that exchange's user line (up to kMostTurnLines and kMostTurnBytes back), so a turn's
//    repeated prose is elided as in the whole file;
//  - a page's card calls are resolved against the results of the page and of every line after it. A
//    result written before its own call (no agent does this) answers it in fromJsonLines but not here;
//    count() follows fromJsonLines.
// The file stays open (a file renamed or deleted meanwhile is still read). Pages are read while the file
// keeps the bytes it was opened with: lines appended since are fine (they are not shown), a file cut
// shorter, rewritten at the same size, or whose page no longer starts and ends at line ends is not; then
// readOlder() returns nothing and says why.

#include <QList>
#include <QSet>
#include <QString>

#include <atomic>
#include <vector>

#include <cards/transcript.h>

namespace Tessera {

class TranscriptFile
{
public:
    // Files of this size or more open by pages in the window (MainWindow::openFile) and in the bench.
    static constexpr qint64 kPagedBytes = qint64(64) << 20;
    // A page holds at most this many bytes of lines (at least one line): pages after the first are read
    // on the GUI thread, as the reader scrolls up.
    static constexpr qint64 kPageBytes = qint64(4) << 20;
    // A page reaches back this many lines and bytes at most to start with its exchange.
    static constexpr qsizetype kMostTurnLines = 1000;
    static constexpr qint64 kMostTurnBytes = qint64(8) << 20;

    TranscriptFile();
    ~TranscriptFile();
    TranscriptFile(const TranscriptFile &) = delete;
    TranscriptFile &operator=(const TranscriptFile &) = delete;

    // Finds the file's non-blank lines as fromJsonLines does (a byte order mark first, CR line ends and
    // blank lines tolerated), reading it in pieces of `bufferBytes`. False with a reason when it cannot be read.
    bool open(const QString &path, QString *error, qsizetype bufferBytes = qsizetype(1) << 20);
    QString path() const { return m_path; }
    qint64 size() const { return m_size; }
    qsizetype messageCount() const { return m_lineCount; } // one message per non-blank line

    // The `count` messages before those read so far (the newest first), as fromJsonLines gives them
    // (see above); fewer when they pass kPageBytes, more when the turn reaches further back. Empty when
    // every line has been read, or with *error set when the file changed on disk or a read failed.
    QList<Message> readOlder(int count, QString *error = nullptr);
    bool allRead() const { return m_firstRead == 0; }
    // The file's bytes as they were when it was opened (from the open file, so after a rename too), to
    // import the conversation on screen whole; false with a reason.
    bool readText(QByteArray *bytes, QString *error) const;

    struct Counts
    {
        qint64 messages = 0;
        qint64 cards = 0;     // Transcript::cardCount() of the whole file
        qint64 fallbacks = 0; // Transcript::fallbackCount()
        bool complete = false; // false: stopped, or a read failed (error)
        QString error;
    };
    // What `tessera validate` reports of a line: an unreadable line (card index -1, readError set), or a
    // card that is not valid.
    struct Finding
    {
        int line = 0;
        int cardIndex = -1; // the card's place in its line, for order: the line's own cards, then its calls'
        QString readError;
        Card card;
    };
    // Every line parsed and validated, on up to `threads` threads (0: QThread::idealThreadCount(), at most
    // four), `runLines` lines at a time; the same counts as fromJsonLines of the whole file. Safe to call
    // on another thread while pages are read. `stop`, when set, ends it early (complete stays false).
    // `findings`, when given, gets the unreadable lines and the cards that are not valid, in file order.
    Counts count(const std::atomic_bool *stop = nullptr, int threads = 0, qsizetype runLines = 512,
                 std::vector<Finding> *findings = nullptr) const;

private:
    struct Line
    {
        qint64 offset = 0;
        quint32 length = 0; // without the line end (open() refuses a line of 4 GiB or more)
        quint32 number = 0; // 1-based, blank lines counted
    };
    // Lines in blocks of kBlockLines: a file of tiny lines grows the index without copying it.
    static constexpr qsizetype kBlockLines = 65536;
    const Line &line(qsizetype index) const { return m_blocks[size_t(index / kBlockLines)][size_t(index % kBlockLines)]; }
    void appendLine(const Line &line);
    bool unchanged(QString *error) const;
    // The bytes of lines [first, end), or false with *error set.
    bool readLines(qsizetype first, qsizetype end, QByteArray *bytes, QString *error) const;
    QList<Message> parseLines(qsizetype first, qsizetype end, QString *error) const;

    QString m_path;
    int m_fd = -1;
    qint64 m_size = 0;
    qint64 m_modified = 0; // nanoseconds since the epoch
    qint64 m_textStart = 0; // 3 after a byte order mark
    std::vector<std::vector<Line>> m_blocks;
    qsizetype m_lineCount = 0;
    qsizetype m_firstRead = 0;   // lines [m_firstRead, end) have been handed out
    QSet<QString> m_answered;    // the calls those lines answer
};

} // namespace Tessera
