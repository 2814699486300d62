#include "canaryserver.h"

#include <QNetworkDatagram>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUdpSocket>

namespace Tessera {

CanaryServer::CanaryServer(QObject *parent)
    : QObject(parent)
    , m_tcp(new QTcpServer(this))
    , m_udp(new QUdpSocket(this))
{
    connect(m_tcp, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
            ++m_connections;
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                if (!socket->canReadLine())
                    return;
                m_requestLines.append(QString::fromLatin1(socket->readLine()).trimmed());
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nAccess-Control-Allow-Origin: *\r\n"
                              "Content-Length: 2\r\nConnection: close\r\n\r\nok");
                socket->disconnectFromHost();
            });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
    connect(m_udp, &QUdpSocket::readyRead, this, [this] {
        while (m_udp->hasPendingDatagrams()) {
            m_udp->receiveDatagram();
            ++m_datagrams;
        }
    });
}

bool CanaryServer::start()
{
    if (!m_tcp->listen(QHostAddress::LocalHost, 0))
        return false;
    return m_udp->bind(QHostAddress::LocalHost, m_tcp->serverPort());
}

quint16 CanaryServer::port() const
{
    return m_tcp->serverPort();
}

void CanaryServer::reset()
{
    m_connections = 0;
    m_datagrams = 0;
    m_requestLines.clear();
}

} // namespace Tessera
