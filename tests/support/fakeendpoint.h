#pragma once

// A loopback OpenAI-compatible endpoint that routes like a real one (unlike the scripted queue of
// tests/auto/backendopenai/fakeopenaiserver.h): every request under /v1 must carry
// "Authorization: Bearer <key>" (401 otherwise); GET /v1/models lists models(); POST
// /v1/chat/completions answers a non-streamed request with a one-token completion, and a streamed one
// with an emit_card call, then (once the tool result comes back) with prose; a model it does not list
// gets Ollama's 404 "model … not found". Anything else: 404. hang: accept and never answer.
// toolScript (issue 16): when not empty, the N-th streamed chat request (0-based) is answered with the
// call toolScript[N] (id "call_scriptN"), and every one after the script with the prose "Tool said: " and
// the last tool message's content (so does a script entry with an empty name: a turn's end mid-script).
// Each response closes the connection.

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

class FakeEndpoint : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QByteArray authorization;
        QJsonObject body;
        QByteArray rawBody; // the body's bytes as sent
    };

    explicit FakeEndpoint(const QByteArray &key, QObject *parent = nullptr)
        : QObject(parent)
        , m_key(key)
    {
        connect(&m_server, &QTcpServer::newConnection, this, &FakeEndpoint::onNewConnection);
        m_server.listen(QHostAddress::LocalHost);
    }

    QUrl baseUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort())); }
    quint16 port() const { return m_server.serverPort(); }

    QStringList models = {QStringLiteral("small-model"), QStringLiteral("big-model")};
    struct ScriptedCall
    {
        QString name;
        QString arguments; // JSON text
    };
    QList<ScriptedCall> toolScript;
    bool hang = false;     // never answer (the timeout case)
    int forcedStatus = 0;  // answer every request with this status (403, 500, …)
    const QList<Request> &requests() const { return m_requests; }

private:
    void onNewConnection()
    {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    }

    void onReadyRead(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        QHash<QByteArray, QByteArray> headers;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
        }
        const qsizetype length = headers.value("content-length").toLongLong();
        if (buffer.size() < headerEnd + 4 + length)
            return;
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        const QByteArray raw = buffer.mid(headerEnd + 4, length);
        Request request{first.value(0), first.value(1), headers.value("authorization"),
                        QJsonDocument::fromJson(raw).object(), raw};
        m_buffers.remove(socket);
        m_requests.append(request);
        if (!hang)
            route(socket, request);
    }

    void route(QTcpSocket *socket, const Request &request)
    {
        if (forcedStatus)
            return reply(socket, forcedStatus, "application/json", R"({"error":{"message":"forced"}})");
        if (!request.path.startsWith("/v1/"))
            return reply(socket, 404, "text/plain", "404 page not found");
        if (request.authorization != "Bearer " + m_key)
            return reply(socket, 401, "application/json",
                         R"({"error":{"message":"Incorrect API key provided: sk-***","code":"invalid_api_key"}})");
        if (request.method == "GET" && request.path == "/v1/models")
            return reply(socket, 200, "application/json", modelList());
        if (request.method == "POST" && request.path == "/v1/chat/completions")
            return chat(socket, request.body);
        reply(socket, 404, "application/json", R"({"error":{"message":"no such route"}})");
    }

    QByteArray modelList() const
    {
        QJsonArray data;
        for (const QString &id : models)
            data.append(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("object"), QStringLiteral("model")}});
        return QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), data}})
                .toJson(QJsonDocument::Compact);
    }

    void chat(QTcpSocket *socket, const QJsonObject &body)
    {
        const QString model = body.value(QLatin1String("model")).toString();
        if (!models.contains(model))
            return reply(socket, 404, "application/json",
                         QJsonDocument(QJsonObject{{QStringLiteral("error"),
                                                    QJsonObject{{QStringLiteral("message"),
                                                                 QStringLiteral("model \"%1\" not found, try pulling it first").arg(model)}}}})
                                 .toJson(QJsonDocument::Compact));
        if (!body.value(QLatin1String("stream")).toBool())
            return reply(socket, 200, "application/json",
                         R"({"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"OK"},"finish_reason":"length"}]})");
        const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
        if (!toolScript.isEmpty()) {
            const int n = m_streamedChats++;
            if (n < toolScript.size() && !toolScript.at(n).name.isEmpty())
                return reply(socket, 200, "text/event-stream", callStream(n, toolScript.at(n)));
            const QString said = messages.last().toObject().value(QLatin1String("content")).toString();
            return reply(socket, 200, "text/event-stream", proseStream(QStringLiteral("Tool said: ") + said));
        }
        const bool toolAnswered = messages.last().toObject().value(QLatin1String("role")).toString() == QLatin1String("tool");
        reply(socket, 200, "text/event-stream", toolAnswered ? proseStream() : cardStream());
    }

    static QByteArray event(const QJsonObject &delta, const QJsonValue &finishReason = QJsonValue::Null)
    {
        const QJsonObject choice{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), delta},
                                 {QStringLiteral("finish_reason"), finishReason}};
        const QJsonObject chunk{{QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                                {QStringLiteral("choices"), QJsonArray{choice}}};
        return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
    }

    static QByteArray cardStream()
    {
        const QJsonObject call{{QStringLiteral("index"), 0}, {QStringLiteral("id"), QStringLiteral("call_fake1")},
                               {QStringLiteral("type"), QStringLiteral("function")},
                               {QStringLiteral("function"),
                                QJsonObject{{QStringLiteral("name"), QStringLiteral("emit_card")},
                                            {QStringLiteral("arguments"),
                                             QStringLiteral(R"({"kind":"alert","payload":{"severity":"info","title":"Keyring works","message":"The key came from the keyring."}})")}}}};
        return event(QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                 {QStringLiteral("tool_calls"), QJsonArray{call}}})
                + event(QJsonObject{}, QStringLiteral("tool_calls")) + "data: [DONE]\n\n";
    }

    static QByteArray proseStream(const QString &text = QStringLiteral("Answered through the named backend."))
    {
        return event(QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                 {QStringLiteral("content"), text}})
                + event(QJsonObject{}, QStringLiteral("stop")) + "data: [DONE]\n\n";
    }

    static QByteArray callStream(int n, const ScriptedCall &scripted)
    {
        const QJsonObject call{{QStringLiteral("index"), 0}, {QStringLiteral("id"), QStringLiteral("call_script%1").arg(n)},
                               {QStringLiteral("type"), QStringLiteral("function")},
                               {QStringLiteral("function"),
                                QJsonObject{{QStringLiteral("name"), scripted.name},
                                            {QStringLiteral("arguments"), scripted.arguments}}}};
        return event(QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                 {QStringLiteral("tool_calls"), QJsonArray{call}}})
                + event(QJsonObject{}, QStringLiteral("tool_calls")) + "data: [DONE]\n\n";
    }

    void reply(QTcpSocket *socket, int status, const QByteArray &type, const QByteArray &body)
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + (status == 200 ? " OK" : " Error") + "\r\n";
        head += "Content-Type: " + type + "\r\nContent-Length: " + QByteArray::number(body.size())
                + "\r\nConnection: close\r\n\r\n";
        socket->write(head + body);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QByteArray m_key;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QList<Request> m_requests;
    int m_streamedChats = 0;
};
