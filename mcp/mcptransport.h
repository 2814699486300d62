#pragma once

// How MCP messages travel (issue 16): one JSON-RPC message at a time, as bytes. McpClient speaks JSON-RPC on
// top; a transport only moves messages and says when it cannot.
//  - stdio (stdiotransport.h): a child process, newline-delimited messages.
//  - Streamable HTTP (httptransport.h): one POST per message, a JSON body or an SSE stream in reply.
// Every transport refuses a message over maxMessageBytes() (50 MiB by default) without keeping it.

#include <QByteArray>
#include <QObject>
#include <QString>

namespace Tessera {

class McpTransport : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype kDefaultMaxMessageBytes = 50 * 1024 * 1024;

    using QObject::QObject;

    // Starts the connection: opened() or failed() follows (never synchronously).
    virtual void open() = 0;
    // Sends one message. requestKey is the id of a request as text (empty for a notification or a response),
    // so a transport that fails one request (an HTTP error) can say which. Failures come as signals.
    virtual void send(const QByteArray &message, const QString &requestKey) = 0;
    // Ends the connection; no signal follows. Safe to call more than once.
    virtual void close() = 0;
    // The request `requestKey` is over (answered, failed, cancelled or timed out): nothing more is awaited
    // for it, so a transport drops what it still holds for it (HTTP: a stream being resumed). No signal
    // follows; may be called from a messageReceived() slot.
    virtual void requestDone(const QString &requestKey) { Q_UNUSED(requestKey) }
    // The negotiated protocol version, known after initialize (HTTP sends it with every later request).
    virtual void setProtocolVersion(const QString &version) { m_protocolVersion = version; }
    // "stdio: npx -y server" or "http: URL", for messages.
    virtual QString description() const = 0;

    void setMaxMessageBytes(qsizetype bytes) { m_maxMessageBytes = bytes; }
    qsizetype maxMessageBytes() const { return m_maxMessageBytes; }
    // The cap for messages: "50 MB", or "500 bytes" under one MB.
    QString maxMessageText() const
    {
        const qsizetype mb = m_maxMessageBytes / (1024 * 1024);
        return mb > 0 ? tr("%1 MB").arg(mb) : tr("%1 bytes").arg(m_maxMessageBytes);
    }

Q_SIGNALS:
    void opened();
    // One message's bytes (not yet parsed); `where` says where it came from ("line 3", "event 2 of POST 4").
    void messageReceived(const QByteArray &message, const QString &where);
    // One request can no longer be answered (an HTTP error, a refused oversize reply). An empty requestKey:
    // a message whose request is unknown was refused (stdio), so every pending request has lost its answer.
    void requestFailed(const QString &requestKey, const QString &error);
    // The connection is gone (the server exited, could not start); nothing more arrives.
    void failed(const QString &error);

protected:
    QString m_protocolVersion;

private:
    qsizetype m_maxMessageBytes = kDefaultMaxMessageBytes;
};

} // namespace Tessera
