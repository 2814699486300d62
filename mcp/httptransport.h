#pragma once

// MCP over Streamable HTTP (MCP 2025-06-18 / 2025-11-25 "Streamable HTTP" transport; issue 16).
//  - Every message is one POST to the URL with "Content-Type: application/json" and
//    "Accept: application/json, text/event-stream". The reply is 202 (a notification or a response was
//    taken), a JSON body (one message), or an SSE stream whose "data:" events are messages.
//  - The "Mcp-Session-Id" the server gives (in the initialize reply) is sent with every later request, and
//    "MCP-Protocol-Version" once the version is negotiated. close() ends the session with a DELETE.
//  - Only https, or http to a loopback host (mcpUrlProblem); redirects are not followed (one could lead
//    from loopback to elsewhere). No GET stream is opened: what the server says arrives on the POST streams.
//  - A body, or one SSE event, over maxMessageBytes() is refused at once (the POST is aborted). An HTTP
//    error, an unreachable server, or a stream that ends before its answer fail that request only
//    (requestFailed); a 404 while in a session says the server ended the session.

#include <QHash>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QMap>
#include <QUrl>

#include <mcp/mcptransport.h>

class QNetworkReply;

namespace Tessera {

class HttpTransport : public McpTransport
{
    Q_OBJECT

public:
    explicit HttpTransport(const QUrl &url, QObject *parent = nullptr);
    ~HttpTransport() override;
    // Sent with every request (the configuration's "headers"; names checked by mcpHeaderNameIsUsable).
    void setHeaders(const QMap<QString, QString> &headers) { m_headers = headers; }

    void open() override;
    void send(const QByteArray &message, const QString &requestKey) override;
    void close() override;
    QString description() const override;

    QString sessionId() const { return m_sessionId; }

private:
    struct Stream
    {
        QString requestKey;
        int number = 0;           // the POST's sequence number, for messages
        bool sse = false;
        bool typeKnown = false;
        QByteArray body;          // a JSON body so far, or the SSE line being read
        QByteArray eventData;     // the "data:" lines of the SSE event being read
        int events = 0;
        bool refused = false;
    };

    void onReadyRead(QNetworkReply *reply);
    void onFinished(QNetworkReply *reply);
    void readSse(QNetworkReply *reply);
    void refuse(QNetworkReply *reply, const QString &what);
    QString capText() const; // "50 MB", or bytes below one MB

    QUrl m_url;
    QMap<QString, QString> m_headers;
    QNetworkAccessManager m_network;
    QHash<QNetworkReply *, Stream> m_streams; // replies are children of m_network
    QString m_sessionId;
    int m_posts = 0;
    bool m_closed = false;
};

} // namespace Tessera
