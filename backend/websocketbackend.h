#pragma once

// Wire protocol v1 over a WebSocket (PRODUCT.md §4, issue 5: --backend ws://HOST:PORT/PATH or wss://).
//
//  - One event per text frame (message). A binary message is refused with a protocolError ("frame N:
//    binary frames are not wire events"). Frames and messages over kMaxWireEventBytes are refused by
//    QWebSocket, which closes the connection (close code 1009); that is reported as "event over 16 MiB
//    refused" and the connection is made again.
//  - A lost or refused connection is retried with exponential back-off: kFirstRetryMs doubling up to
//    kMaxRetryMs, back to kFirstRetryMs after a connection that stayed up kStableMs. Meanwhile the
//    state is Reconnecting with "retrying in 2 s: <reason>".
//  - An attempt with no completed handshake after kConnectTimeoutMs is abandoned and retried.
//  - stop(): Disconnected when it was connected; Failed with the last reason when it gives up retrying.
//  - wss:// uses Qt's TLS backend; certificate errors are not ignored (they are the reason shown).

#include <QElapsedTimer>
#include <QString>
#include <QUrl>

#include <backend/backend.h>

class QTimer;
class QWebSocket;

namespace Tessera {

class WebSocketBackend : public Backend
{
    Q_OBJECT

public:
    static constexpr int kFirstRetryMs = 500;
    static constexpr int kMaxRetryMs = 30000;
    static constexpr int kStableMs = 10000;
    static constexpr int kConnectTimeoutMs = 20000;

    explicit WebSocketBackend(const QUrl &url, QObject *parent = nullptr);
    ~WebSocketBackend() override;

    QString description() const override;
    void start() override;
    void stop() override;

    QUrl url() const { return m_url; }
    // The delay before the next reconnect attempt, in ms.
    int nextRetryMs() const { return m_retryMs; }
    // How long an attempt may wait for the handshake, in ms (default kConnectTimeoutMs).
    void setConnectTimeout(int ms) { m_connectTimeoutMs = ms; }
    // How long a connection must stay up to reset the back-off, in ms (default kStableMs).
    void setStableAfter(int ms) { m_stableMs = ms; }

protected:
    bool writeEvent(const QByteArray &event, QString *error) override;

private:
    void open();
    void onConnected();
    void onDisconnected();
    void onError();
    void onTextMessage(const QString &message);
    void onBinaryMessage(const QByteArray &message);
    void scheduleReconnect(const QString &reason);
    QString disconnectReason() const;

    QUrl m_url;
    QWebSocket *m_socket = nullptr; // Owned (child QObject).
    QTimer *m_retryTimer = nullptr; // Owned.
    QTimer *m_connectTimer = nullptr; // Owned.
    bool m_running = false;         // between start() and stop()
    bool m_open = false;            // a connection is up
    int m_retryMs = kFirstRetryMs;
    int m_connectTimeoutMs = kConnectTimeoutMs;
    int m_stableMs = kStableMs;
    qint64 m_frameNumber = 0;
    QString m_lastError;
    QString m_lastReason;
    QElapsedTimer m_upSince;
};

} // namespace Tessera
