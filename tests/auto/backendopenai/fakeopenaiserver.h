#pragma once

// A loopback stand-in for an OpenAI-compatible endpoint: enough HTTP/1.1 to take a POST (Content-Length
// body), record it, and answer with the next scripted response, written in small uneven pieces (one per
// turn of the event loop) so lines, CRLF pairs and UTF-8 sequences split across reads. Each response
// closes the connection (the body runs to the close when no Content-Length is given).

#include <iterator>
#include <memory>

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

struct RecordedRequest
{
    QByteArray method;
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; // names lower-case
    QByteArray body;
};

struct ScriptedResponse
{
    int status = 200;
    QByteArray reason = "OK";
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool contentLength = false; // send Content-Length (error bodies); else the body runs to the close
    bool hang = false;          // after the body, keep the connection open and send nothing more
    qsizetype pieceSize = 0;    // 0: the uneven default pattern; else pieces of this size

    static ScriptedResponse sse(const QByteArray &body)
    {
        ScriptedResponse r;
        r.headers = {{"Content-Type", "text/event-stream; charset=utf-8"}, {"Cache-Control", "no-cache"}};
        r.body = body;
        return r;
    }
    static ScriptedResponse json(int status, const QByteArray &reason, const QByteArray &body)
    {
        ScriptedResponse r;
        r.status = status;
        r.reason = reason;
        r.headers = {{"Content-Type", "application/json"}};
        r.body = body;
        r.contentLength = true;
        return r;
    }
    // One streamed answer of plain prose: a content delta, a stop, then [DONE].
    static ScriptedResponse prose(const QString &text)
    {
        const QJsonObject delta{{"role", "assistant"}, {"content", text}};
        const QJsonObject first{{"choices", QJsonArray{QJsonObject{{"index", 0}, {"delta", delta}}}}};
        const QJsonObject stop{
            {"choices", QJsonArray{QJsonObject{{"index", 0}, {"delta", QJsonObject()}, {"finish_reason", "stop"}}}}};
        return sse("data: " + QJsonDocument(first).toJson(QJsonDocument::Compact) + "\n\ndata: "
                   + QJsonDocument(stop).toJson(QJsonDocument::Compact) + "\n\ndata: [DONE]\n\n");
    }
};

class FakeOpenAiServer : public QObject
{
    Q_OBJECT

public:
    explicit FakeOpenAiServer(QObject *parent = nullptr)
        : QObject(parent)
    {
        connect(&m_server, &QTcpServer::newConnection, this, &FakeOpenAiServer::onNewConnection);
        m_server.listen(QHostAddress::LocalHost);
    }

    QUrl baseUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort())); }
    void enqueue(const ScriptedResponse &response) { m_script.append(response); }
    const QList<RecordedRequest> &requests() const { return m_requests; }

private:
    struct Connection
    {
        QPointer<QTcpSocket> socket;
        QByteArray buffer;
        bool answered = false;
    };

    void onNewConnection()
    {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            auto *connection = new Connection{socket, {}, false};
            connect(socket, &QTcpSocket::readyRead, this, [this, connection] { onReadyRead(connection); });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            connect(socket, &QObject::destroyed, this, [connection] { delete connection; });
        }
    }

    void onReadyRead(Connection *connection)
    {
        connection->buffer += connection->socket->readAll();
        if (connection->answered)
            return;
        const qsizetype headerEnd = connection->buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        RecordedRequest request;
        const QList<QByteArray> lines = connection->buffer.left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                request.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
        }
        const qsizetype length = request.headers.value("content-length").toLongLong();
        if (connection->buffer.size() < headerEnd + 4 + length)
            return;
        request.body = connection->buffer.mid(headerEnd + 4, length);
        connection->answered = true;
        m_requests.append(request);
        respond(connection->socket, m_script.isEmpty()
                                        ? ScriptedResponse::json(500, "Internal Server Error",
                                                                 R"({"error":{"message":"no scripted response left"}})")
                                        : m_script.takeFirst());
    }

    void respond(QTcpSocket *socket, const ScriptedResponse &response)
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + ' ' + response.reason + "\r\n";
        for (const auto &[name, value] : response.headers)
            head += name + ": " + value + "\r\n";
        if (response.contentLength)
            head += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
        head += "Connection: close\r\n\r\n";
        socket->write(head);

        // Uneven pieces, over and over: small ones split lines, CRLF pairs and UTF-8 sequences, large ones
        // hold several events.
        static const qsizetype pattern[] = {1, 2, 5, 3, 11, 7, 17, 64, 13, 300, 777, 1500};
        auto pieces = std::make_shared<QList<QByteArray>>();
        qsizetype at = 0;
        int step = 0;
        while (at < response.body.size()) {
            const qsizetype size = response.pieceSize > 0 ? response.pieceSize : pattern[step++ % std::size(pattern)];
            pieces->append(response.body.mid(at, size));
            at += size;
        }
        auto *timer = new QTimer(socket);
        timer->setInterval(0);
        const bool hang = response.hang;
        QPointer<QTcpSocket> guard(socket);
        connect(timer, &QTimer::timeout, socket, [timer, pieces, hang, guard] {
            if (!guard)
                return;
            if (pieces->isEmpty()) {
                timer->stop();
                if (!hang)
                    guard->disconnectFromHost();
                return;
            }
            guard->write(pieces->takeFirst());
            guard->flush();
        });
        timer->start();
    }

    QTcpServer m_server;
    QList<ScriptedResponse> m_script;
    QList<RecordedRequest> m_requests;
};
