#pragma once

// A child's stdout cut into lines, the one way for the stdio backend (backend/stdiobackend.h) and MCP's
// stdio transport (mcp/stdiotransport.h):
//  - a line ends at '\n'; trailing '\r', spaces and tabs are cut and a blank line is skipped (keep-alive);
//  - a line longer than the cap is refused as soon as its length passes the cap, and the rest of it is
//    dropped as it arrives, never gathered, so a child cannot make Tessera hold more than the cap;
//  - lines are numbered from 1, refused ones included, for messages ("line 7: …").
// The owner reacts to each line through callbacks that may stop, restart or delete it; each returns
// false when the owner can no longer take lines, and feed() then stops at once.

#include <QByteArray>
#include <QtGlobal>

#include <cstring>
#include <utility>

namespace Tessera {

class StdoutLines
{
public:
    // Forgets the unfinished line and restarts the numbering (a new child).
    void reset()
    {
        m_partial = QByteArray();
        m_skipping = false;
        m_lineNumber = 0;
    }

    // Feeds size bytes. onLine(QByteArray line, qint64 number) for each complete non-blank line,
    // onOversize(qint64 number) once for each line past maxLineBytes; both return bool (go on).
    // Returns false when a callback said stop.
    template<typename OnLine, typename OnOversize>
    bool feed(const char *data, qsizetype size, qsizetype maxLineBytes, OnLine &&onLine, OnOversize &&onOversize)
    {
        qsizetype pos = 0;
        while (pos < size) {
            const void *found = std::memchr(data + pos, '\n', size_t(size - pos));
            const qsizetype end = found ? static_cast<const char *>(found) - data : size;
            if (m_skipping) {
                if (!found)
                    return true;
                m_skipping = false;
                pos = end + 1;
                continue;
            }
            const qsizetype piece = end - pos;
            if (m_partial.size() + piece > maxLineBytes) {
                ++m_lineNumber;
                m_partial = QByteArray();
                m_skipping = true;
                if (!onOversize(m_lineNumber))
                    return false;
                continue; // the skipping branch above finds this line's end
            }
            if (!found) {
                m_partial.append(data + pos, piece);
                return true;
            }
            ++m_lineNumber;
            QByteArray line;
            if (m_partial.isEmpty()) {
                line = QByteArray(data + pos, piece);
            } else {
                m_partial.append(data + pos, piece);
                line.swap(m_partial);
            }
            pos = end + 1;
            while (!line.isEmpty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
                line.chop(1);
            if (!line.isEmpty() && !onLine(std::move(line), m_lineNumber))
                return false;
        }
        return true;
    }

    // The stream ended inside a line: an unfinished non-blank line, or an oversize one being dropped.
    bool endsMidLine() const { return m_skipping || !m_partial.trimmed().isEmpty(); }
    // The number of that line (an oversize line was counted when it was refused; a partial one was not).
    qint64 unfinishedLineNumber() const { return m_skipping ? m_lineNumber : m_lineNumber + 1; }

private:
    QByteArray m_partial;    // the line being read, up to the cap
    bool m_skipping = false; // inside an oversize line: dropping bytes until its '\n'
    qint64 m_lineNumber = 0; // lines seen (1-based for messages)
};

} // namespace Tessera
