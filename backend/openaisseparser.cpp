#include <backend/openaisseparser.h>

#include <utility>

namespace Tessera {

OpenAiSseParser::OpenAiSseParser(qsizetype maxEventBytes)
    : m_maxEventBytes(maxEventBytes)
{
}

bool OpenAiSseParser::feed(const QByteArray &bytes, QList<QByteArray> *events, QString *error)
{
    if (m_failed) {
        if (error)
            *error = QStringLiteral("the stream already failed");
        return false;
    }
    qsizetype pos = 0;
    const qsizetype size = bytes.size();
    while (pos < size) {
        if (m_skipLf) {
            m_skipLf = false;
            if (bytes.at(pos) == '\n') {
                ++pos;
                continue;
            }
        }
        // The next line end, CR or LF, whichever comes first.
        qsizetype end = pos;
        while (end < size && bytes.at(end) != '\n' && bytes.at(end) != '\r')
            ++end;
        m_line.append(bytes.constData() + pos, end - pos);
        if (m_line.size() + m_data.size() > m_maxEventBytes) {
            m_failed = true;
            if (error)
                *error = m_maxEventBytes % (1024 * 1024) == 0
                    ? QStringLiteral("a stream event larger than %1 MiB").arg(m_maxEventBytes / (1024 * 1024))
                    : QStringLiteral("a stream event larger than %1 bytes").arg(m_maxEventBytes);
            return false;
        }
        if (end == size)
            break;
        m_skipLf = bytes.at(end) == '\r';
        pos = end + 1;
        takeLine(events);
    }
    return true;
}

void OpenAiSseParser::takeLine(QList<QByteArray> *events)
{
    const QByteArray line = std::exchange(m_line, {});
    if (line.isEmpty()) {
        // A blank line dispatches the event; one with no data field is no event.
        if (m_hasData) {
            QByteArray data = std::exchange(m_data, {});
            if (data.endsWith('\n'))
                data.chop(1);
            events->append(data);
        }
        m_data.clear();
        m_hasData = false;
        return;
    }
    if (line.startsWith(':'))
        return; // a comment: keep-alive
    const qsizetype colon = line.indexOf(':');
    const QByteArray field = colon < 0 ? line : line.left(colon);
    if (field != "data")
        return; // event, id, retry and unknown fields change nothing here
    QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
    if (value.startsWith(' '))
        value.remove(0, 1);
    m_data.append(value);
    m_data.append('\n');
    m_hasData = true;
}

bool OpenAiSseParser::finish(QList<QByteArray> *events)
{
    if (m_failed)
        return false;
    const bool lineOpen = !m_line.isEmpty();
    if (!lineOpen && m_hasData)
        takeLine(events); // the missing blank line
    const bool clean = !lineOpen;
    reset();
    return clean;
}

void OpenAiSseParser::reset()
{
    m_line.clear();
    m_data.clear();
    m_hasData = false;
    m_skipLf = false;
    m_failed = false;
}

} // namespace Tessera
