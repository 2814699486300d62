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

void HttpTransport::send(const QByteArray &message, const QString &requestKey)
{
    if (m_closed)
        return;
    QNetworkRequest request(m_url);
    for (auto it = m_headers.cbegin(); it != m_headers.cend(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    if (!m_sessionId.isEmpty())
        request.setRawHeader(kSessionHeader, m_sessionId.toUtf8());
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader(kVersionHeader, m_protocolVersion.toUtf8());
    // No transfer timeout here: McpClient times each request out (and a progress stream may run long).
    QNetworkReply *reply = m_network.post(request, message);
    Stream stream;
    stream.requestKey = requestKey;
    stream.number = ++m_posts;
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
    if (m_sessionId.isEmpty())
        return;
    // The session's end, as the transport asks; nobody waits for the answer.
    QNetworkRequest request(m_url);
    for (auto it = m_headers.cbegin(); it != m_headers.cend(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
    request.setRawHeader(kSessionHeader, m_sessionId.toUtf8());
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader(kVersionHeader, m_protocolVersion.toUtf8());
    QNetworkReply *reply = m_network.deleteResource(request);
    connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
}

QString HttpTransport::capText() const
{
    const qsizetype mb = maxMessageBytes() / (1024 * 1024);
    return mb > 0 ? QStringLiteral("%1 MB").arg(mb) : QStringLiteral("%1 bytes").arg(maxMessageBytes());
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
    QPointer<HttpTransport> self(this);
    Q_EMIT requestFailed(key, QStringLiteral("the server sent %1 over %2; it was refused").arg(what, capText()));
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
        refuse(reply, QStringLiteral("a reply"));
        return;
    }
    it->body.append(bytes);
}

// SSE (the WHATWG event stream format): lines end in \n, \r\n or \r; "data:" lines gather until a blank
// line ends the event; "event:", "id:", "retry:" and ":" comments carry nothing Tessera uses. The stream is
// looked up again after every message: a slot may send (a new POST grows m_streams) or close.
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
                refuse(reply, QStringLiteral("a line"));
            return;
        }
        const QByteArray line = stream.body.mid(start, end - start);
        start = end + 1;
        if (stream.body.at(end) == '\r' && start < stream.body.size() && stream.body.at(start) == '\n')
            ++start;
        if (line.startsWith("data:")) {
            QByteArray value = line.mid(5);
            if (value.startsWith(' '))
                value.remove(0, 1);
            if (stream.eventData.size() + value.size() > maxMessageBytes()) {
                refuse(reply, QStringLiteral("an event"));
                return;
            }
            stream.eventData.append(value).append('\n');
            continue;
        }
        if (!line.isEmpty() || stream.eventData.isEmpty())
            continue;
        QByteArray data;
        data.swap(stream.eventData);
        data.chop(1); // the last data line's '\n'
        if (data.trimmed().isEmpty())
            continue; // an event with empty data (a resumption point the server primes) carries no message
        const QString where = QStringLiteral("event %1 of POST %2").arg(++stream.events).arg(stream.number);
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
    if (stream.refused)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString key = stream.requestKey;
    if (status >= 300 || (reply->error() != QNetworkReply::NoError && status == 0)) {
        QString error;
        if (status == 404 && !m_sessionId.isEmpty())
            error = QStringLiteral("the server ended the session (HTTP 404)");
        else if (status >= 300)
            error = QStringLiteral("HTTP %1 from %2%3").arg(status).arg(m_url.toString(QUrl::RemoveUserInfo), snippet(stream.body));
        else
            error = QStringLiteral("cannot reach %1: %2").arg(m_url.toString(QUrl::RemoveUserInfo), reply->errorString());
        Q_EMIT requestFailed(key, error);
        return;
    }
    if (reply->error() != QNetworkReply::NoError) {
        // The connection broke after the headers (the server died mid-stream).
        Q_EMIT requestFailed(key, QStringLiteral("the connection to %1 broke: %2")
                                          .arg(m_url.toString(QUrl::RemoveUserInfo), reply->errorString()));
        return;
    }
    if (stream.sse) {
        if (!key.isEmpty())
            Q_EMIT requestFailed(key, QStringLiteral("the server closed the event stream without answering"));
        return; // ignored by the client when the answer came
    }
    if (!stream.body.trimmed().isEmpty()) {
        Q_EMIT messageReceived(stream.body, QStringLiteral("the reply to POST %1").arg(stream.number));
        return;
    }
    if (!key.isEmpty() && status != 202)
        Q_EMIT requestFailed(key, QStringLiteral("HTTP %1 from %2 with no answer").arg(status).arg(m_url.toString(QUrl::RemoveUserInfo)));
    else if (!key.isEmpty())
        Q_EMIT requestFailed(key, QStringLiteral("the server accepted the request but sent no answer (HTTP 202)"));
}

} // namespace Tessera
