#pragma once

// A loopback canary for the canvas sandbox tests: an HTTP + WebSocket listener (QTcpServer: every TCP
// connection counts, whatever it says) and a UDP socket on the same port (STUN/TURN datagrams count).
// It answers HTTP with 200 "ok" so an escape would also be visible from inside the page.

#include <QObject>
#include <QStringList>

class QTcpServer;
class QUdpSocket;

namespace Tessera {

class CanaryServer : public QObject
{
    Q_OBJECT

public:
    explicit CanaryServer(QObject *parent = nullptr);

    bool start(); // listens on 127.0.0.1, a free port
    quint16 port() const;
    int connectionCount() const { return m_connections; }
    int datagramCount() const { return m_datagrams; }
    QStringList requestLines() const { return m_requestLines; } // "GET /fetch HTTP/1.1", …
    void reset();

private:
    QTcpServer *m_tcp = nullptr;
    QUdpSocket *m_udp = nullptr;
    int m_connections = 0;
    int m_datagrams = 0;
    QStringList m_requestLines;
};

} // namespace Tessera
