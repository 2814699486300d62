#include <backend/websocketbackend.h>

#include <QTimer>
#include <QWebSocket>

#ifndef QT_NO_SSL
#include <QSslError>
#include <QSslSocket>
#endif

namespace Tessera {

namespace {

QString seconds(int ms)
{
    return QString::number(ms / 1000.0, 'g', 3); // 500 -> "0.5", 2000 -> "2", 30000 -> "30"
}

} // namespace

WebSocketBackend::WebSocketBackend(const QUrl &url, QObject *parent)
    : Backend(parent), m_url(url), m_retryTimer(new QTimer(this)), m_connectTimer(new QTimer(this))
{
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &WebSocketBackend::open);
    m_connectTimer->setSingleShot(true);
    connect(m_connectTimer, &QTimer::timeout, this, [this] {
        if (!m_running || m_open || !m_socket)
            return;
        // A server that accepts the connection but never answers the handshake.
        m_socket->disconnect(this);
        m_socket->abort();
        scheduleReconnect(tr("no answer from the server within %1 s").arg(seconds(m_connectTimeoutMs)));
    });
}

WebSocketBackend::~WebSocketBackend()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

QString WebSocketBackend::description() const
{
    return m_url.toDisplayString();
}

void WebSocketBackend::start()
{
    if (m_running)
        return;
    const QString scheme = m_url.scheme();
    if (!m_url.isValid() || (scheme != QLatin1String("ws") && scheme != QLatin1String("wss"))) {
        setState(ConnectionState::Failed,
                 tr("%1 is not a WebSocket address (ws:// or wss://)").arg(m_url.toDisplayString()));
        return;
    }
    if (scheme == QLatin1String("wss")) {
#ifndef QT_NO_SSL
        const bool tls = QSslSocket::supportsSsl();
#else
        const bool tls = false;
#endif
        if (!tls) {
            setState(ConnectionState::Failed, tr("wss:// needs TLS, which this Qt has no backend for"));
            return;
        }
    }
    m_running = true;
    m_retryMs = kFirstRetryMs;
    m_lastReason.clear();
    setState(ConnectionState::Connecting, tr("connecting to %1").arg(m_url.toDisplayString()));
    open();
}

void WebSocketBackend::stop()
{
    const bool gaveUp = m_running && !m_open && !m_lastReason.isEmpty();
    m_running = false;
    m_open = false;
    m_retryTimer->stop();
    m_connectTimer->stop();
    if (QWebSocket *socket = m_socket) {
        m_socket = nullptr;
        socket->disconnect(this);
        if (socket->state() == QAbstractSocket::ConnectedState) {
            // A clean close (close frame); the socket is gone within 2 s either way.
            connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
            QTimer::singleShot(2000, socket, [socket] {
                socket->abort();
                socket->deleteLater();
            });
            socket->close();
        } else {
            socket->abort();
            socket->deleteLater();
        }
    }
    if (gaveUp)
        setState(ConnectionState::Failed, tr("stopped retrying: %1").arg(m_lastReason));
    else
        setState(ConnectionState::Disconnected, QStringLiteral("stopped"));
}

void WebSocketBackend::open()
{
    if (!m_running)
        return;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    // A fresh socket per attempt: nothing of a lost connection (buffers, close codes) carries over.
    m_socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    m_socket->setMaxAllowedIncomingFrameSize(quint64(kMaxWireEventBytes));
    m_socket->setMaxAllowedIncomingMessageSize(quint64(kMaxWireEventBytes));
    m_lastError.clear();
    m_frameNumber = 0;
    connect(m_socket, &QWebSocket::connected, this, &WebSocketBackend::onConnected);
    connect(m_socket, &QWebSocket::disconnected, this, &WebSocketBackend::onDisconnected);
    // Qt 6.4 names it error(); it is overloaded with the getter, hence qOverload.
    connect(m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this, &WebSocketBackend::onError);
    connect(m_socket, &QWebSocket::textMessageReceived, this, &WebSocketBackend::onTextMessage);
    connect(m_socket, &QWebSocket::binaryMessageReceived, this, &WebSocketBackend::onBinaryMessage);
#ifndef QT_NO_SSL
    connect(m_socket, &QWebSocket::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (!errors.isEmpty())
            m_lastError = errors.first().errorString();
    });
#endif
    m_connectTimer->start(m_connectTimeoutMs);
    m_socket->open(m_url);
}

void WebSocketBackend::onConnected()
{
    m_connectTimer->stop();
    m_open = true;
    m_lastReason.clear();
    m_upSince.start();
    setState(ConnectionState::Connected, m_url.toDisplayString());
}

void WebSocketBackend::onDisconnected()
{
    if (!m_running || !m_socket)
        return;
    const QString reason = disconnectReason();
    if (m_socket->closeCode() == QWebSocketProtocol::CloseCodeTooMuchData) {
        Q_EMIT protocolError(tr("frame %1: event over %2 MiB refused; the connection was closed")
                                     .arg(m_frameNumber + 1)
                                     .arg(kMaxWireEventBytes / (1024 * 1024)));
        if (!m_running || !m_socket)
            return;
    }
    if (m_open && m_upSince.elapsed() >= m_stableMs)
        m_retryMs = kFirstRetryMs;
    m_open = false;
    scheduleReconnect(reason);
}

void WebSocketBackend::onError()
{
    if (!m_socket)
        return;
    m_lastError = m_socket->errorString();
    // A refused connection may end without disconnected(): make sure a retry is scheduled.
    QWebSocket *socket = m_socket;
    QTimer::singleShot(0, this, [this, socket] {
        if (m_socket == socket && m_running && !m_open && socket->state() == QAbstractSocket::UnconnectedState)
            scheduleReconnect(disconnectReason());
    });
}

void WebSocketBackend::onTextMessage(const QString &message)
{
    ++m_frameNumber;
    receiveEvent(message.toUtf8(), QStringLiteral("frame %1").arg(m_frameNumber));
}

void WebSocketBackend::onBinaryMessage(const QByteArray &message)
{
    ++m_frameNumber;
    Q_EMIT protocolError(QStringLiteral("frame %1: a binary frame is not a wire event (v1 events are text), "
                                        "%2 bytes ignored")
                                 .arg(m_frameNumber)
                                 .arg(message.size()));
}

void WebSocketBackend::scheduleReconnect(const QString &reason)
{
    if (!m_running || m_retryTimer->isActive())
        return;
    m_connectTimer->stop();
    m_lastReason = reason;
    const int delay = m_retryMs;
    m_retryMs = qMin(m_retryMs * 2, kMaxRetryMs);
    setState(ConnectionState::Reconnecting, tr("retrying in %1 s: %2").arg(seconds(delay), reason));
    m_retryTimer->start(delay);
}

QString WebSocketBackend::disconnectReason() const
{
    if (!m_lastError.isEmpty())
        return m_lastError;
    if (!m_socket)
        return tr("the connection closed");
    const QString reason = m_socket->closeReason();
    const int code = int(m_socket->closeCode());
    if (!reason.isEmpty())
        return tr("the server closed the connection (%1: %2)").arg(code).arg(reason);
    if (m_socket->closeCode() != QWebSocketProtocol::CloseCodeNormal)
        return tr("the server closed the connection (code %1)").arg(code);
    // disconnected() may come before error(): the socket already knows (e.g. "Connection refused").
    if (m_socket->error() != QAbstractSocket::UnknownSocketError && !m_socket->errorString().isEmpty())
        return m_socket->errorString();
    return tr("the server closed the connection");
}

bool WebSocketBackend::writeEvent(const QByteArray &event, QString *error)
{
    if (event.isEmpty()) {
        if (error)
            *error = tr("the event is not valid JSON and was not sent");
        return false;
    }
    if (!m_socket || !m_open) {
        if (error)
            *error = tr("the backend is not connected");
        return false;
    }
    const qint64 sent = m_socket->sendTextMessage(QString::fromUtf8(event));
    if (sent != event.size()) {
        if (error)
            *error = tr("could not send to the backend: %1").arg(m_socket->errorString());
        return false;
    }
    return true;
}

} // namespace Tessera
