#include <cards/transcriptfile.h>

#include <QFile>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Tessera {

namespace {

QString systemError(int code)
{
    return QString::fromLocal8Bit(std::strerror(code));
}

qint64 modifiedNs(const struct stat &info)
{
    return qint64(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
}

// Reads exactly `size` bytes at `offset`; false with errno's text, or "ends early" when the file is shorter.
bool readAt(int fd, qint64 offset, char *into, qint64 size, QString *error)
{
    while (size > 0) {
        const ssize_t got = ::pread(fd, into, size_t(size), off_t(offset));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            *error = got < 0 ? systemError(errno) : QStringLiteral("the file ends early");
            return false;
        }
        into += got;
        offset += got;
        size -= got;
    }
    return true;
}

} // namespace

TranscriptFile::TranscriptFile() = default;

TranscriptFile::~TranscriptFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool TranscriptFile::open(const QString &path, QString *error, qsizetype bufferBytes)
{
    Q_ASSERT(m_fd < 0);
    m_path = path;
    m_fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    struct stat info = {};
    if (m_fd < 0 || ::fstat(m_fd, &info) != 0) {
        *error = systemError(errno);
        return false;
    }
    if (!S_ISREG(info.st_mode)) {
        *error = QStringLiteral("not a regular file");
        return false;
    }
    m_size = info.st_size;
    m_modified = modifiedNs(info);

    // The lines as fromJsonLines finds them (LineFinder), one piece of the file at a time.
    char bom[3] = {};
    QString readError;
    m_textStart = m_size >= 3 && readAt(m_fd, 0, bom, 3, &readError) ? LineFinder::bomLength(bom, 3) : 0;
    bool tooLong = false;
    LineFinder finder(m_textStart, [this, &tooLong](const LineFinder::Line &line) {
        tooLong = tooLong || line.length > qint64(std::numeric_limits<quint32>::max());
        if (!tooLong)
            appendLine({line.start, quint32(line.length), quint32(line.number)});
    });
    // Not zeroed, and no larger than the file: pread fills what is used.
    const qint64 bufferSize = std::max<qint64>(1, std::min<qint64>(bufferBytes, m_size - m_textStart));
    const std::unique_ptr<char[]> buffer(new char[size_t(bufferSize)]);
    for (qint64 at = m_textStart; at < m_size;) {
        const qint64 size = std::min<qint64>(bufferSize, m_size - at);
        if (!readAt(m_fd, at, buffer.get(), size, error)) {
            m_blocks.clear();
            m_lineCount = 0;
            return false;
        }
        finder.feed(buffer.get(), size);
        at += size;
    }
    finder.finish();
    if (tooLong) {
        m_blocks.clear();
        m_lineCount = 0;
        *error = QStringLiteral("a line of 4 GiB or more");
        return false;
    }
    if (!m_blocks.empty())
        m_blocks.back().shrink_to_fit();
    m_firstRead = m_lineCount;
    return true;
}

void TranscriptFile::appendLine(const Line &line)
{
    if (m_blocks.empty() || m_blocks.back().size() == size_t(kBlockLines)) {
        m_blocks.emplace_back();
        m_blocks.back().reserve(size_t(kBlockLines));
    }
    m_blocks.back().push_back(line);
    ++m_lineCount;
}

bool TranscriptFile::readText(QByteArray *bytes, QString *error) const
{
    if (!unchanged(error))
        return false;
    bytes->resize(qsizetype(m_size));
    return readAt(m_fd, 0, bytes->data(), m_size, error);
}

bool TranscriptFile::unchanged(QString *error) const
{
    struct stat info = {};
    if (::fstat(m_fd, &info) != 0) {
        *error = systemError(errno);
        return false;
    }
    // Appended lines leave the bytes read so far where they were; a shorter file, or one rewritten at
    // the same size, does not (readLines also checks that a page starts and ends at line ends).
    if (info.st_size < m_size || (info.st_size == m_size && modifiedNs(info) != m_modified)) {
        *error = QStringLiteral("the file changed on disk since it was opened; open it again to read its older lines");
        return false;
    }
    return true;
}

bool TranscriptFile::readLines(qsizetype first, qsizetype end, QByteArray *bytes, QString *error) const
{
    Q_ASSERT(first < end && end <= m_lineCount);
    const qint64 from = line(first).offset;
    const qint64 to = line(end - 1).offset + line(end - 1).length;
    // The lines must still start and end at line ends: the byte before and the byte after are read apart, so
    // the lines land in their own array with no copy to cut the edges off.
    QByteArray read(qsizetype(to - from), Qt::Uninitialized);
    char edges[2] = {'\n', '\n'}; // what the file's start and end stand for
    if (!readAt(m_fd, from, read.data(), read.size(), error)
        || (from > m_textStart && !readAt(m_fd, from - 1, &edges[0], 1, error))
        || (to < m_size && !readAt(m_fd, to, &edges[1], 1, error))) {
        return false;
    }
    if (edges[0] != '\n' || (edges[1] != '\n' && edges[1] != '\r')) {
        *error = QStringLiteral("the file changed on disk since it was opened; open it again to read its older lines");
        return false;
    }
    *bytes = std::move(read);
    return true;
}

QList<Message> TranscriptFile::parseLines(qsizetype first, qsizetype end, QString *error) const
{
    QList<Message> messages;
    QByteArray bytes;
    if (first >= end || !readLines(first, end, &bytes, error))
        return messages;
    messages.reserve(end - first);
    const qint64 base = line(first).offset;
    for (qsizetype i = first; i < end; ++i) {
        const Line &l = line(i);
        messages.append(parseTranscriptLine(bytes.mid(qsizetype(l.offset - base), qsizetype(l.length)), int(l.number)));
    }
    return messages;
}

QList<Message> TranscriptFile::readOlder(int count, QString *error)
{
    QString reason;
    if (m_firstRead == 0 || count <= 0 || !unchanged(&reason)) {
        if (error)
            *error = reason;
        return {};
    }
    // `count` lines back, fewer when they pass kPageBytes (a page is read on the GUI thread), at least one.
    qsizetype start = m_firstRead - 1;
    qint64 bytes = line(start).length;
    while (start > 0 && m_firstRead - start < count && bytes + line(start - 1).length <= kPageBytes)
        bytes += line(--start).length;
    QList<Message> page = parseLines(start, m_firstRead, &reason);
    // An assistant line of a turn before the page's first question may repeat prose its turn showed
    // earlier: the page then reaches back to that exchange's question, so the prose is elided as in the
    // whole file. A line that would pass kMostTurnBytes is not read to find out where it belongs.
    bool reachBack = false;
    for (const Message &m : std::as_const(page)) {
        if (m.isReadable() && m.role == MessageRole::User)
            break;
        if (m.role == MessageRole::Assistant && !m.turnId.isEmpty()) {
            reachBack = true;
            break;
        }
    }
    for (qsizetype reached = 0; reachBack && reason.isEmpty() && start > 0 && reached < kMostTurnLines
         && bytes + line(start - 1).length <= kMostTurnBytes; ++reached) {
        QList<Message> before = parseLines(start - 1, start, &reason);
        if (before.isEmpty())
            break;
        bytes += line(start - 1).length;
        reachBack = !(before.first().isReadable() && before.first().role == MessageRole::User);
        page.prepend(std::move(before.first()));
        --start;
    }
    if (!reason.isEmpty()) {
        if (error)
            *error = reason;
        return {};
    }
    // The page's calls, against the results in it and in every line after it (read before it).
    const QSet<QString> ownAnswers = answeredCardCalls(page);
    QSet<QString> answered = ownAnswers;
    for (const Message &m : std::as_const(page)) {
        for (const ToolCall &call : m.toolCalls) {
            if (!call.id.isEmpty() && m_answered.contains(call.id))
                answered.insert(call.id);
        }
    }
    resolveCardCalls(&page, answered);
    elideRepeatedTurnProse(&page);
    m_answered.unite(ownAnswers);
    m_firstRead = start;
    return page;
}

TranscriptFile::Counts TranscriptFile::count(const std::atomic_bool *stop, int threads, qsizetype runLines,
                                              std::vector<Finding> *findings) const
{
    Counts counts;
    counts.messages = qint64(m_lineCount);
    if (!unchanged(&counts.error))
        return counts;
    runLines = std::max<qsizetype>(1, runLines);
    const qsizetype runs = (m_lineCount + runLines - 1) / runLines;
    if (threads <= 0)
        threads = qBound(1, QThread::idealThreadCount(), 4);
    threads = int(std::clamp<qsizetype>(threads, 1, std::max<qsizetype>(1, runs)));

    // Each thread counts the runs it takes. A card call not answered inside its own run waits, with
    // whether its card would be a fallback, for every run's answers (a result may be anywhere in the file).
    struct Waiting
    {
        QString call;
        bool fallback = false;
        Finding finding; // kept when the card is not valid and findings are asked for
    };
    struct Tally
    {
        qint64 cards = 0;
        qint64 fallbacks = 0;
        std::vector<QString> answered; // a set only when a call waits (most files have none)
        std::vector<Waiting> waiting;
        std::vector<Finding> findings;
        QString error;
    };
    std::vector<Tally> tallies(static_cast<size_t>(threads));
    std::atomic<qsizetype> next{0};
    auto work = [&](Tally &tally) {
        for (;;) {
            if (stop && stop->load(std::memory_order_relaxed))
                return;
            const qsizetype run = next.fetch_add(1);
            if (run >= runs)
                return;
            const qsizetype first = run * runLines;
            // Counting shows no number, so no card here is asked for its digits (Card::numberLexemes).
            QList<Message> messages = parseLines(first, std::min(first + runLines, m_lineCount), &tally.error);
            if (!tally.error.isEmpty())
                return;
            // The run's answers, kept for the whole file; as a set only when one of its lines calls a card tool.
            const std::size_t firstAnswer = tally.answered.size();
            bool calls = false;
            for (const Message &m : std::as_const(messages)) {
                if (QString call = answeredCardCall(m); !call.isEmpty())
                    tally.answered.push_back(std::move(call));
                calls = calls || std::any_of(m.toolCalls.cbegin(), m.toolCalls.cend(),
                                             [](const ToolCall &call) { return isCardToolName(call.name); });
            }
            const QSet<QString> runAnswers = calls ? QSet<QString>(tally.answered.cbegin() + std::ptrdiff_t(firstAnswer),
                                                                   tally.answered.cend())
                                                   : QSet<QString>();
            for (const Message &m : std::as_const(messages)) {
                if (!m.isReadable()) {
                    ++tally.fallbacks;
                    if (findings)
                        tally.findings.push_back({m.lineNumber, -1, m.readError, Card()});
                }
                int index = 0; // a call's card comes after the line's own cards, in the order of the calls
                for (const Card &card : m.cards) {
                    ++tally.cards;
                    tally.fallbacks += isFallbackCard(card) ? 1 : 0;
                    if (findings && !card.isValid())
                        tally.findings.push_back({m.lineNumber, index, QString(), card});
                    ++index;
                }
                for (const ToolCall &call : m.toolCalls) {
                    if (!isCardToolName(call.name) || (!call.id.isEmpty() && runAnswers.contains(call.id))) {
                        ++index;
                        continue;
                    }
                    const Card card = Card::fromToolCall(call.name, call.arguments);
                    const bool fallback = isFallbackCard(card);
                    Finding finding;
                    if (findings && !card.isValid())
                        finding = {m.lineNumber, index, QString(), card};
                    ++index;
                    if (!call.id.isEmpty()) {
                        tally.waiting.push_back({call.id, fallback, std::move(finding)});
                        continue;
                    }
                    ++tally.cards;
                    tally.fallbacks += fallback ? 1 : 0;
                    if (finding.line > 0)
                        tally.findings.push_back(std::move(finding));
                }
            }
        }
    };
    std::vector<std::thread> workers;
    for (size_t t = 1; t < tallies.size(); ++t)
        workers.emplace_back(work, std::ref(tallies[t]));
    work(tallies[0]);
    for (std::thread &worker : workers)
        worker.join();

    const bool waits = std::any_of(tallies.cbegin(), tallies.cend(), [](const Tally &t) { return !t.waiting.empty(); });
    QSet<QString> answered;
    for (Tally &tally : tallies) {
        if (!tally.error.isEmpty() && counts.error.isEmpty())
            counts.error = tally.error;
        counts.cards += tally.cards;
        counts.fallbacks += tally.fallbacks;
        if (waits)
            answered.unite(QSet<QString>(tally.answered.cbegin(), tally.answered.cend()));
        tally.answered.clear();
    }
    for (Tally &tally : tallies) {
        for (Waiting &waiting : tally.waiting) {
            if (answered.contains(waiting.call))
                continue;
            ++counts.cards;
            counts.fallbacks += waiting.fallback ? 1 : 0;
            if (waiting.finding.line > 0)
                tally.findings.push_back(std::move(waiting.finding));
        }
        if (findings)
            findings->insert(findings->end(), std::make_move_iterator(tally.findings.begin()),
                             std::make_move_iterator(tally.findings.end()));
    }
    if (findings) {
        std::sort(findings->begin(), findings->end(), [](const Finding &a, const Finding &b) {
            return a.line != b.line ? a.line < b.line : a.cardIndex < b.cardIndex;
        });
    }
    counts.complete = counts.error.isEmpty() && !(stop && stop->load());
    return counts;
}

} // namespace Tessera
