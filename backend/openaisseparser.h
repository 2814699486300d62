#pragma once

// Server-Sent Events as OpenAI-compatible endpoints stream a chat completion (WHATWG HTML "Server-sent
// events", the event stream format): lines end in LF, CRLF or CR; "data:" lines of one event are joined
// with "\n"; a blank line ends the event; ":" comment lines (keep-alives) and the fields event, id and
// retry are ignored. Bytes arrive in whatever pieces the network gives: a line, a CRLF pair or a UTF-8
// sequence may be split across feeds, and one feed may hold several events.

#include <QByteArray>
#include <QList>
#include <QString>

namespace Tessera {

class OpenAiSseParser
{
public:
    // maxEventBytes: the largest event (its data plus the line being read) accepted.
    explicit OpenAiSseParser(qsizetype maxEventBytes);

    // Appends the data of each event completed by these bytes to *events. False with a reason ("a stream
    // event larger than 4 MiB") when an event grows past maxEventBytes: the parser is then unusable until
    // reset().
    bool feed(const QByteArray &bytes, QList<QByteArray> *events, QString *error);
    // The stream ended. An event whose last data line ended but no blank line followed is still
    // dispatched (servers that end with "data: [DONE]\n"). True when nothing was left half-read: false
    // means the stream stopped inside a line or an event.
    bool finish(QList<QByteArray> *events);
    void reset();

private:
    void takeLine(QList<QByteArray> *events);

    qsizetype m_maxEventBytes;
    QByteArray m_line;      // the line being read, without its end
    QByteArray m_data;      // data of the event being read, each line followed by "\n"
    bool m_hasData = false; // a data field was seen in this event
    bool m_skipLf = false;  // the last byte fed was CR: an LF right after it ends nothing
    bool m_failed = false;
};

} // namespace Tessera
