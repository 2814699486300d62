#pragma once

// What a child process (a stdio backend, an MCP server) leaves behind, kept the one way for both:
//  - a log file of everything it wrote to stderr plus Tessera's own "=== …" lines about it, which
//    starts over past kMaxBytes (the previous one kept beside it as FILE.1, so a recent fault stays
//    readable);
//  - its last kKeptLines stderr lines (each cut to 500 characters), for exit messages; an endless line
//    keeps only its last kLineCap bytes.
// And dieWithTessera(): the child is killed by the kernel when Tessera ends, even after kill -9.

#include <QFile>
#include <QString>
#include <QStringList>

class QProcess;

namespace Tessera {

class ChildLog
{
public:
    static constexpr int kKeptLines = 20;
    static constexpr qint64 kMaxBytes = 8 * 1024 * 1024;
    static constexpr qsizetype kLineCap = 4096;

    // (Re)opens path for appending, making its directory; an empty path keeps no file. False, with the
    // reason in *error, when the file can't be written.
    bool open(const QString &path, QString *error);
    // Forgets the kept lines and the unfinished one (a new run of the child).
    void clearLines()
    {
        m_partial.clear();
        m_lines.clear();
    }
    void close() { m_file.close(); }

    // Appends bytes to the file (nothing when no file is open).
    void append(const QByteArray &bytes);
    // The child's stderr: appended to the file and split into lines; returns the lines it completed
    // (trimmed, non-empty, cut to 500 characters).
    QStringList appendStderr(const QByteArray &data);

    // The kept lines, oldest first.
    QStringList recentLines() const { return m_lines; }
    // The unfinished line if there is one, else the last kept line; empty when there was none.
    QString lastLine() const;

private:
    QFile m_file;
    QByteArray m_partial; // an unfinished stderr line (capped)
    QStringList m_lines;
};

// Makes process's child die with Tessera (STYLE.md rule 6): PR_SET_PDEATHSIG, set in the forked child
// before exec (async-signal-safe calls only); a child whose parent already died exits at once.
void dieWithTessera(QProcess *process);

} // namespace Tessera
