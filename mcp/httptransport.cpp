#include <mcp/httptransport.h>

#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>

#include <mcp/logging.h>

namespace Tessera {

namespace {

const QByteArray kSessionHeader = QByteArrayLiteral("Mcp-Session-Id");
const QByteArray kVersionHeader = QByteArrayLiteral("MCP-Protocol-Version");
constexpr qsizetype kMaxEventIdBytes = 1024; // a longer "id:" is cut: it goes back in a header

QString snippet(const QByteArray &body)
{
    QString text = QString::fromUtf8(body.left(200)).simplified();
    return text.isEmpty() ? QString() : QStringLiteral(": ") + text;
}

} // namespace

HttpTransport::HttpTransport(const QUrl &url, QObject *parent) : McpTransport(parent), m_url(url)
{
    m_network.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

HttpTransport::~HttpTransport()
{
    m_closed = true;
    for (auto it = m_streams.cbegin(); it != m_streams.cend(); ++it) {
        it.key()->disconnect(this);
        it.key()->abort();
    }
}

QString HttpTransport::description() const
{
    return QStringLiteral("http: ") + m_url.toString(QUrl::RemoveUserInfo);
}

void HttpTransport::open()
{
    m_closed = false;
    // Nothing to connect ahead: the first POST (initialize) is the connection.
    QTimer::singleShot(0, this, [this] {
        if (!m_closed)
            Q_EMIT opened();
    });
}

QNetworkRequest HttpTransport::baseRequest() const
{
    QNetworkRequest request(m_url);
    for (auto it = m_headers.cbegin(); it != m_headers.cend(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
    if (!m_sessionId.isEmpty())
        request.setRawHeader(kSessionHeader, m_sessionId.toUtf8());
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader(kVersionHeader, m_protocolVersion.toUtf8());
    return request;
}

void HttpTransport::send(const QByteArray &message, const QString &requestKey)
{
    if (m_closed)
        return;
    QNetworkRequest request = baseRequest();
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    // No transfer timeout here: McpClient times each request out (and a progress stream may run long).
    QNetworkReply *reply = m_network.post(request, message);
    Stream stream;
    stream.requestKey = requestKey;
    stream.number = ++m_requestCount;
    m_streams.insert(reply, stream);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); });
}

void HttpTransport::close()
{
    if (m_closed)
        return;
    m_closed = true;
    for (auto it = m_streams.cbegin(); it != m_streams.cend(); ++it) {
        it.key()->disconnect(this);
        it.key()->abort();
        it.key()->deleteLater();
    }
    m_streams.clear();
    for (const Resume &waiting : std::as_const(m_resumes))
        delete waiting.timer;
    m_resumes.clear();
    if (m_sessionId.isEmpty())
        return;
    // The session's end, as the transport asks; nobody waits for the answer.
    QNetworkReply *reply = m_network.deleteResource(baseRequest());
    connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
}

void HttpTransport::requestDone(const QString &requestKey)
{
    if (requestKey.isEmpty())
        return;
    if (const auto waiting = m_resumes.constFind(requestKey); waiting != m_resumes.cend()) {
        delete waiting->timer;
        m_resumes.erase(waiting);
    }
    QList<QNetworkReply *> resumptions;
    for (auto it = m_streams.begin(); it != m_streams.end(); ++it) {
        if (it->requestKey != requestKey)
            continue;
        it->answered = true;
        if (it->resumption)
            resumptions.append(it.key());
    }
    // A resumed GET would stay open (the server may keep it for later messages): its request is over.
    for (QNetworkReply *reply : std::as_const(resumptions)) {
        m_streams.remove(reply);
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void HttpTransport::setProtocolVersion(const QString &version)
{
    const bool first = m_protocolVersion.isEmpty();
    McpTransport::setProtocolVersion(version);
    // After the turn that sends notifications/initialized: the server's stream is opened once the
    // session is (the server sends nothing on it before).
    if (first && !version.isEmpty())
        QTimer::singleShot(0, this, [this] { openStandalone(QByteArray(), -1, 0); });
}

void HttpTransport::openStandalone(const QByteArray &lastEventId, int retryMs, int quietResumes)
{
    if (m_closed)
        return;
    QNetworkRequest request = baseRequest();
    request.setRawHeader("Accept", "text/event-stream");
    if (!lastEventId.isEmpty())
        request.setRawHeader("Last-Event-ID", lastEventId);
    QNetworkReply *reply = m_network.get(request);
    Stream stream;
    stream.number = ++m_requestCount;
    stream.standalone = true;
    stream.idBuffer = lastEventId;
    stream.lastEventId = lastEventId;
    stream.resumedFrom = lastEventId;
    stream.retryMs = retryMs;
    stream.quietResumes = quietResumes;
    m_streams.insert(reply, stream);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); });
}

// The server's own stream ended: opened again when it ended cleanly, else only said in a debug line.
void HttpTransport::endStandalone(QNetworkReply *reply, const Stream &stream)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_closed)
        return;
    if (status != 200 || !stream.sse || reply->error() != QNetworkReply::NoError) {
        qCDebug(lcMcp, "%s: no stream of the server's own (HTTP %d%s)", qPrintable(description()), status,
                reply->error() != QNetworkReply::NoError ? qPrintable(QStringLiteral(", ") + reply->errorString()) : "");
        return;
    }
    const int quiet = stream.lastEventId == stream.resumedFrom && stream.events == 0 ? stream.quietResumes + 1 : 0;
    if (quiet >= kMaxQuietResumes) {
        qCDebug(lcMcp, "%s: the server's own stream ended %d times in a row with nothing on it; not opened again",
                qPrintable(description()), quiet);
        return;
    }
    scheduleResume(QString(), stream.lastEventId, stream.retryMs, quiet);
}

// Sends the GET that resumes the request's stream from the Last-Event-ID its Resume holds.
void HttpTransport::resume(const QString &requestKey)
{
    const Resume waiting = m_resumes.take(requestKey);
    if (waiting.timer)
        waiting.timer->deleteLater();
    if (m_closed)
        return;
    if (requestKey.isEmpty())
        return openStandalone(waiting.lastEventId, waiting.retryMs, waiting.quietResumes);
    QNetworkRequest request = baseRequest();
    request.setRawHeader("Accept", "text/event-stream");
    request.setRawHeader("Last-Event-ID", waiting.lastEventId);
    qCDebug(lcMcp, "%s: resuming the stream of request %s from event %s", qPrintable(description()),
            qPrintable(requestKey), waiting.lastEventId.constData());
    QNetworkReply *reply = m_network.get(request);
    Stream stream;
    stream.requestKey = requestKey;
    stream.number = ++m_requestCount;
    stream.resumption = true;
    stream.idBuffer = waiting.lastEventId;
    stream.lastEventId = waiting.lastEventId;
    stream.resumedFrom = waiting.lastEventId;
    stream.retryMs = waiting.retryMs;
    stream.quietResumes = waiting.quietResumes;
    m_streams.insert(reply, stream);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); });
}

// Arranges the GET that resumes `requestKey`'s stream after `retryMs` (kDefaultRetryMs when -1).
void HttpTransport::scheduleResume(const QString &requestKey, const QByteArray &lastEventId, int retryMs, int quietResumes)
{
    Resume waiting;
    waiting.lastEventId = lastEventId;
    waiting.quietResumes = quietResumes;
    waiting.retryMs = retryMs;
    waiting.timer = new QTimer(this);
    waiting.timer->setSingleShot(true);
    connect(waiting.timer, &QTimer::timeout, this, [this, requestKey] { resume(requestKey); });
    waiting.timer->start(retryMs >= 0 ? retryMs : kDefaultRetryMs);
    if (const auto old = m_resumes.constFind(requestKey); old != m_resumes.cend())
        delete old->timer; // one resumption per request: the newest stream's
    m_resumes.insert(requestKey, waiting);
}

void HttpTransport::refuse(QNetworkReply *reply, const QString &what)
{
    const auto it = m_streams.find(reply);
    if (it == m_streams.end())
        return;
    it->refused = true;
    it->body.clear();
    it->eventData.clear();
    const QString key = it->requestKey;
    const QString why = tr("the server sent %1 over %2; it was refused").arg(what, maxMessageText());
    if (it->standalone) {
        // Nobody's request: the loss is said, and the stream is not opened again (see endStandalone).
        qCWarning(lcMcp, "%s: on the server's own stream, %s", qPrintable(description()), qPrintable(why));
        reply->abort();
        return;
    }
    QPointer<HttpTransport> self(this);
    Q_EMIT requestFailed(key, why);
    if (self && m_streams.contains(reply))
        reply->abort(); // finished() follows; the stream is marked refused
}

void HttpTransport::onReadyRead(QNetworkReply *reply)
{
    auto it = m_streams.find(reply);
    if (it == m_streams.end() || it->refused)
        return;
    if (!it->typeKnown) {
        it->typeKnown = true;
        const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString().toLower();
        it->sse = type.startsWith(QLatin1String("text/event-stream"));
        const QByteArray session = reply->rawHeader(kSessionHeader);
        if (!session.isEmpty() && m_sessionId.isEmpty())
            m_sessionId = QString::fromLatin1(session);
    }
    const QByteArray bytes = reply->readAll();
    if (it->sse) {
        it->body.append(bytes);
        readSse(reply);
        return;
    }
    if (it->body.size() + bytes.size() > maxMessageBytes()) {
        refuse(reply, tr("a reply"));
        return;
    }
    it->body.append(bytes);
}

// SSE (the WHATWG event stream format): lines end in \n, \r\n or \r; "data:" lines gather until a blank
// line ends the event; "id:" and "retry:" are kept for a resumption; "event:" and ":" comments carry
// nothing Tessera uses. The stream is looked up again after every message: a slot may send (a new POST
// grows m_streams), close, or end the request (requestDone removes a resumed stream).
void HttpTransport::readSse(QNetworkReply *reply)
{
    QPointer<HttpTransport> self(this);
    qsizetype start = 0;
    while (true) {
        const auto it = m_streams.find(reply);
        if (it == m_streams.end() || it->refused)
            return;
        Stream &stream = *it;
        qsizetype end = -1;
        for (qsizetype i = start; i < stream.body.size(); ++i) {
            if (stream.body.at(i) == '\n' || stream.body.at(i) == '\r') {
                end = i;
                break;
            }
        }
        if (end < 0) {
            stream.body.remove(0, start);
            if (stream.body.size() > maxMessageBytes())
                refuse(reply, tr("a line"));
            return;
        }
        const QByteArray line = stream.body.mid(start, end - start);
        start = end + 1;
        if (stream.body.at(end) == '\r' && start < stream.body.size() && stream.body.at(start) == '\n')
            ++start;
        if (!line.isEmpty()) {
            const qsizetype colon = line.indexOf(':');
            const QByteArray field = colon < 0 ? line : line.left(colon);
            QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
            if (value.startsWith(' '))
                value.remove(0, 1);
            if (field == "data") {
                if (stream.eventData.size() + value.size() > maxMessageBytes()) {
                    refuse(reply, tr("an event"));
                    return;
                }
                stream.eventData.append(value).append('\n');
            } else if (field == "id" && !value.contains('\0')) {
                stream.idBuffer = value.left(kMaxEventIdBytes);
            } else if (field == "retry" && !value.isEmpty()) {
                bool digits = true;
                for (const char c : std::as_const(value))
                    digits = digits && c >= '0' && c <= '9';
                if (digits) // anything else is ignored, as SSE says
                    stream.retryMs = value.size() > 9 ? kMaxRetryMs : qMin(value.toInt(), int(kMaxRetryMs));
            }
            continue; // "event:" and ":" comments carry nothing Tessera uses
        }
        // A blank line dispatches the event; its id counts even when it carries no data (a priming event).
        stream.lastEventId = stream.idBuffer;
        if (stream.eventData.isEmpty())
            continue;
        QByteArray data;
        data.swap(stream.eventData);
        data.chop(1); // the last data line's '\n'
        if (data.trimmed().isEmpty())
            continue; // an event with empty data (a resumption point the server primes) carries no message
        const QString where = tr("event %1 of %2 %3").arg(++stream.events)
                                      .arg(stream.resumption || stream.standalone ? QStringLiteral("GET") : QStringLiteral("POST"))
                                      .arg(stream.number);
        Q_EMIT messageReceived(data, where);
        if (!self)
            return;
    }
}

void HttpTransport::onFinished(QNetworkReply *reply)
{
    reply->deleteLater();
    const auto it = m_streams.find(reply);
    if (it == m_streams.end())
        return;
    if (!it->typeKnown)
        onReadyRead(reply); // a reply with no body still has headers (the session id)
    const Stream stream = m_streams.take(reply);
    if (stream.standalone)
        return endStandalone(reply, stream);
    if (stream.refused)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString key = stream.requestKey;
    if (stream.answered)
        return; // its request is over; how the stream ends says nothing to anyone
    // A resumption that fails says so, so the message is not read as the request's own failure.
    const QString resuming = stream.resumption
            ? tr("the event stream ended before the answer and resuming it from event %1 failed: ")
                      .arg(QString::fromUtf8(stream.resumedFrom))
            : QString();
    if (status >= 300 || (reply->error() != QNetworkReply::NoError && status == 0)) {
        QString error;
        if (status == 404 && !m_sessionId.isEmpty())
            error = tr("the server ended the session (HTTP 404)");
        else if (status >= 300)
            error = tr("HTTP %1 from %2%3").arg(status).arg(m_url.toString(QUrl::RemoveUserInfo), snippet(stream.body));
        else
            error = tr("cannot reach %1: %2").arg(m_url.toString(QUrl::RemoveUserInfo), reply->errorString());
        Q_EMIT requestFailed(key, resuming + error);
        return;
    }
    if (reply->error() != QNetworkReply::NoError) {
        // The connection broke after the headers (the server died mid-stream): not resumed, a server that
        // is gone cannot answer a GET either, and its error is the clearer message.
        Q_EMIT requestFailed(key, tr("the connection to %1 broke: %2")
                                          .arg(m_url.toString(QUrl::RemoveUserInfo), reply->errorString()));
        return;
    }
    if (stream.sse) {
        if (key.isEmpty())
            return;
        if (!stream.lastEventId.isEmpty()) {
            // Ended cleanly before the answer, with a point to resume from (SEP-1699: the server may close
            // a stream at any time and expects the client to come back).
            const int quiet = stream.resumption && stream.lastEventId == stream.resumedFrom ? stream.quietResumes + 1 : 0;
            if (quiet < kMaxQuietResumes) {
                scheduleResume(key, stream.lastEventId, stream.retryMs, quiet);
                return;
            }
            Q_EMIT requestFailed(key, tr("the server ended the event stream %1 times in a row without a new event or the answer")
                                              .arg(kMaxQuietResumes + 1));
            return;
        }
        Q_EMIT requestFailed(key, tr("the server closed the event stream without answering"));
        return;
    }
    if (key.isEmpty()) {
        if (!stream.body.trimmed().isEmpty())
            qCDebug(lcMcp, "%s: dropped a body in reply to POST %d, which carried no request: %s", qPrintable(description()),
                    stream.number, qPrintable(snippet(stream.body)));
        return;
    }
    if (!stream.body.trimmed().isEmpty()) {
        Q_EMIT messageReceived(stream.body, tr("the reply to POST %1").arg(stream.number));
        return;
    }
    if (status != 202)
        Q_EMIT requestFailed(key, tr("HTTP %1 from %2 with no answer").arg(status).arg(m_url.toString(QUrl::RemoveUserInfo)));
    else
        Q_EMIT requestFailed(key, tr("the server accepted the request but sent no answer (HTTP 202)"));
}

} // namespace Tessera
