#pragma once

// MCP over Streamable HTTP (MCP 2025-06-18 / 2025-11-25 "Streamable HTTP" transport; issue 16).
//  - Every message is one POST to the URL with "Content-Type: application/json" and
//    "Accept: application/json, text/event-stream". The reply is 202 (a notification or a response was
//    taken), a JSON body (one message), or an SSE stream whose "data:" events are messages.
//  - The "Mcp-Session-Id" the server gives (in the initialize reply) is sent with every later request, and
//    "MCP-Protocol-Version" once the version is negotiated. close() ends the session with a DELETE.
//  - Only https, or http to a loopback host (mcpUrlProblem); redirects are not followed (one could lead
//    from loopback to elsewhere).
//  - Once initialize is answered (setProtocolVersion), a GET opens the server's own SSE stream, for what
//    it sends unrelated to a request (an elicitation/create from a tool, notifications). A server without
//    one (405, any HTTP error, not SSE) is fine: nothing is said but a debug line. When it ends cleanly it
//    is opened again like a resumption (below); when it breaks it is not.
//  - Resumption (2025-11-25 "Resumability and Redelivery", SEP-1699): an SSE stream that the server ends
//    cleanly before the request's answer, after an event with an "id:", is resumed with a GET carrying
//    "Last-Event-ID", sent after the stream's "retry:" milliseconds (kDefaultRetryMs when none was given).
//    A resumed stream that ends again is resumed again; kMaxQuietResumes in a row that bring no new event
//    fail the request. requestDone() stops a resumption (the GET is aborted, a waiting one not sent).
//  - A body, or one SSE event, over maxMessageBytes() is refused at once (the POST is aborted). An HTTP
//    error, an unreachable server, a stream that breaks, or a stream that ends before its answer with no
//    event id to resume from fail that request only (requestFailed); a 404 while in a session says the
//    server ended the session.
//  - A body in reply to a POST that carried no request (a notification, or an answer to the server) is
//    dropped: MCP says such a POST gets 202 with no body, so nothing can be waiting for what it holds.

#include <QHash>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QMap>
#include <QNetworkRequest>
#include <QUrl>

#include <mcp/mcptransport.h>

class QNetworkReply;
class QTimer;

namespace Tessera {

class HttpTransport : public McpTransport
{
    Q_OBJECT

public:
    static constexpr int kDefaultRetryMs = 1000;     // before a resumption, when the server gave no "retry:"
    static constexpr int kMaxRetryMs = 10 * 60 * 1000; // a larger "retry:" is cut to this
    static constexpr int kMaxQuietResumes = 3;

    explicit HttpTransport(const QUrl &url, QObject *parent = nullptr);
    ~HttpTransport() override;
    // Sent with every request (the configuration's "headers"; names checked by mcpHeaderNameIsUsable).
    void setHeaders(const QMap<QString, QString> &headers) { m_headers = headers; }

    void open() override;
    void send(const QByteArray &message, const QString &requestKey) override;
    void close() override;
    void requestDone(const QString &requestKey) override;
    QString description() const override;
    void setProtocolVersion(const QString &version) override;

    QString sessionId() const { return m_sessionId; }

private:
    struct Stream
    {
        QString requestKey;
        int number = 0;           // the request's sequence number (POST or GET), for messages
        bool sse = false;
        bool typeKnown = false;
        QByteArray body;          // a JSON body so far, or the SSE line being read
        QByteArray eventData;     // the "data:" lines of the SSE event being read
        int events = 0;
        bool refused = false;
        bool answered = false;    // requestDone() came: its end is nobody's concern
        bool resumption = false;  // a GET resuming an earlier stream of the request
        bool standalone = false;  // the GET stream of the server's own messages (requestKey empty)
        QByteArray idBuffer;      // the last "id:" read (SSE's "last event ID buffer")
        QByteArray lastEventId;   // the id as of the last event dispatched, sent as Last-Event-ID
        QByteArray resumedFrom;   // a resumption: the Last-Event-ID it was asked with
        int retryMs = -1;         // the last "retry:", -1 when none
        int quietResumes = 0;     // resumptions in a row, before this one, that brought no new event
    };
    // A resumption waiting for its retry time (one per request).
    struct Resume
    {
        QByteArray lastEventId;
        int quietResumes = 0;
        int retryMs = -1;
        QTimer *timer = nullptr; // Owned (child of the transport).
    };

    QNetworkRequest baseRequest() const; // the URL, the configuration's headers, session and version
    void scheduleResume(const QString &requestKey, const QByteArray &lastEventId, int retryMs, int quietResumes);
    void resume(const QString &requestKey);
    // GETs the server's own stream (from lastEventId when not empty); `quietResumes` as for a Resume.
    void openStandalone(const QByteArray &lastEventId, int retryMs, int quietResumes);
    void endStandalone(QNetworkReply *reply, const Stream &stream);
    void onReadyRead(QNetworkReply *reply);
    void onFinished(QNetworkReply *reply);
    void readSse(QNetworkReply *reply);
    void refuse(QNetworkReply *reply, const QString &what);

    QUrl m_url;
    QMap<QString, QString> m_headers;
    QNetworkAccessManager m_network;
    QHash<QNetworkReply *, Stream> m_streams; // replies are children of m_network
    QHash<QString, Resume> m_resumes;         // by request key; "" is the server's own stream
    QString m_sessionId;
    int m_requestCount = 0; // POSTs and GETs, numbered for messages
    bool m_closed = false;
};

} // namespace Tessera
