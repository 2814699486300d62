#include <backend/connectiontest.h>

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>
#include <QWebSocket>

#include <backend/logging.h>
#include <backend/openaibackend.h>

namespace Tessera {

namespace {

using Status = ConnectionResult::Status;

constexpr qsizetype kMaxShownDetail = 300; // characters of a server's error message in a result
constexpr int kMaxShownModels = 10;

ConnectionResult result(Status status, const QString &message)
{
    ConnectionResult r;
    r.status = status;
    r.message = message;
    return r;
}

QString where(const QUrl &url)
{
    return url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
}

// The server's own words from an error body: {"error": {"message": …}}, {"error": "…"}, {"message": …},
// {"detail": …}; else the start of the body when it is short text.
QString serverMessage(const QByteArray &body)
{
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    const QJsonValue error = object.value(QLatin1String("error"));
    QString text = error.isObject() ? error.toObject().value(QLatin1String("message")).toString() : error.toString();
    if (text.isEmpty())
        text = object.value(QLatin1String("message")).toString();
    if (text.isEmpty())
        text = object.value(QLatin1String("detail")).toString();
    if (text.isEmpty() && object.isEmpty() && !body.trimmed().startsWith('<'))
        text = QString::fromUtf8(body.left(kMaxShownDetail)).simplified();
    return text.left(kMaxShownDetail);
}

QString joinModels(const QStringList &models)
{
    QString shown = models.mid(0, kMaxShownModels).join(QStringLiteral(", "));
    if (models.size() > kMaxShownModels)
        shown += QStringLiteral(", …");
    return shown;
}

QString apiKeyOf(const BackendConfig &config)
{
    if (!config.apiKey.isEmpty() || config.apiKeyEnv.isEmpty())
        return config.apiKey;
    return qEnvironmentVariable(config.apiKeyEnv.toLocal8Bit().constData());
}

ConnectionResult transportFailure(QNetworkReply *reply, const QUrl &url, int timeoutMs)
{
    switch (reply->error()) {
    case QNetworkReply::ConnectionRefusedError:
        return result(Status::ConnectionRefused,
                      ConnectionTest::tr("Cannot connect to %1: connection refused (is the server running?)").arg(where(url)));
    case QNetworkReply::HostNotFoundError:
        return result(Status::HostNotFound, ConnectionTest::tr("Cannot connect: host %1 not found.").arg(url.host()));
    case QNetworkReply::SslHandshakeFailedError:
        return result(Status::TlsFailure,
                      ConnectionTest::tr("The TLS handshake with %1 failed: %2").arg(url.host(), reply->errorString()));
    case QNetworkReply::OperationCanceledError: // what transferTimeout() ends a request with
    case QNetworkReply::TimeoutError:
        return result(Status::Timeout, ConnectionTest::tr("%1 did not answer within %2 s.")
                                               .arg(where(url), QLocale::c().toString(timeoutMs / 1000.0)));
    case QNetworkReply::RemoteHostClosedError:
        return result(Status::NetworkError, ConnectionTest::tr("%1 closed the connection without answering.").arg(where(url)));
    default:
        return result(Status::NetworkError, ConnectionTest::tr("The request to %1 failed: %2")
                                                    .arg(url.toString(QUrl::RemoveUserInfo), reply->errorString()));
    }
}

// A status the server sent. chat: the error came from the chat request, where 400/404/422 naming the
// model mean the model is unknown (Ollama, vLLM and OpenAI all answer so).
ConnectionResult httpFailure(int status, const QByteArray &body, const QUrl &url, const QString &model, bool chat)
{
    // 401/403 bodies are not shown: OpenAI's repeats part of the key.
    if (status == 401)
        return result(Status::Unauthorized, ConnectionTest::tr("%1 refused the API key (401): check the key, or give one "
                                                           "if the server needs it.").arg(where(url)));
    if (status == 403)
        return result(Status::Forbidden, ConnectionTest::tr("%1 does not allow this API key (403): the key may not use "
                                                        "this server or model.").arg(where(url)));
    const QString detail = serverMessage(body);
    const QString suffix = detail.isEmpty() ? QString() : QStringLiteral(": ") + detail;
    if (chat && (status == 400 || status == 404 || status == 422)
        && detail.contains(QLatin1String("model"), Qt::CaseInsensitive))
        return result(Status::UnknownModel, ConnectionTest::tr("The server does not know the model %1%2").arg(model, suffix));
    if (status == 404)
        return result(Status::NotFound, ConnectionTest::tr("%1 answered 404 for %2: not an OpenAI-compatible path (a base "
                                                       "URL usually ends in /v1)%3")
                                                .arg(where(url), url.path(), suffix));
    return result(Status::HttpError, ConnectionTest::tr("%1 answered HTTP %2%3").arg(where(url)).arg(status).arg(suffix));
}

ConnectionResult socketFailure(QAbstractSocket::SocketError error, const QUrl &url, const QString &text)
{
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        return result(Status::ConnectionRefused,
                      ConnectionTest::tr("Cannot connect to %1: connection refused (is the agent running?)").arg(where(url)));
    case QAbstractSocket::HostNotFoundError:
        return result(Status::HostNotFound, ConnectionTest::tr("Cannot connect: host %1 not found.").arg(url.host()));
    case QAbstractSocket::SslHandshakeFailedError:
    case QAbstractSocket::SslInternalError:
    case QAbstractSocket::SslInvalidUserDataError:
        return result(Status::TlsFailure, ConnectionTest::tr("The TLS handshake with %1 failed: %2").arg(url.host(), text));
    case QAbstractSocket::SocketTimeoutError:
        return result(Status::Timeout, ConnectionTest::tr("%1 did not answer in time.").arg(where(url)));
    default:
        return result(Status::NetworkError, ConnectionTest::tr("Cannot open %1: %2").arg(url.toString(QUrl::RemoveUserInfo), text));
    }
}

} // namespace

ConnectionTest::ConnectionTest(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
{
}

ConnectionTest::~ConnectionTest()
{
    cancel();
}

QUrl ConnectionTest::modelsUrlFor(const QUrl &baseUrl)
{
    QUrl url = OpenAiBackend::endpointFor(baseUrl); // …/chat/completions, the same rules
    QString path = url.path();
    path.chop(int(qstrlen("/chat/completions")));
    url.setPath(path + QStringLiteral("/models"));
    return url;
}

bool ConnectionTest::isRunning() const
{
    return m_step != Step::None;
}

void ConnectionTest::listModels(const BackendConfig &config)
{
    cancel();
    m_config = config;
    m_apiKey = apiKeyOf(config);
    m_chatAfterModels = false;
    if (config.type != BackendConfig::Type::OpenAi) {
        finish(result(Status::BadResponse, tr("Only an OpenAI-compatible endpoint lists its models.")));
        return;
    }
    startModels();
}

void ConnectionTest::test(const BackendConfig &config)
{
    cancel();
    m_config = config;
    m_apiKey = apiKeyOf(config);
    m_chatAfterModels = !config.model.trimmed().isEmpty();
    switch (config.type) {
    case BackendConfig::Type::None:
        finish(result(Status::BadResponse, tr("No backend is configured.")));
        return;
    case BackendConfig::Type::OpenAi:
        startModels();
        return;
    case BackendConfig::Type::WebSocket:
        testWebSocket();
        return;
    case BackendConfig::Type::Stdio:
        testProgram();
        return;
    }
}

void ConnectionTest::cancel()
{
    ++m_generation;
    m_step = Step::None;
    if (m_reply)
        m_reply->abort(); // its finished() sees the new generation and only deletes it
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
}

QNetworkReply *ConnectionTest::send(const QUrl &url, const QByteArray &body)
{
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
    request.setTransferTimeout(m_timeoutMs);
    QNetworkReply *reply = body.isNull() ? m_network->get(request) : [&] {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        return m_network->post(request, body);
    }();
    const int generation = m_generation;
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation] {
        reply->deleteLater();
        if (generation == m_generation)
            onReplyFinished(reply);
    });
    m_reply = reply;
    return reply;
}

void ConnectionTest::startModels()
{
    m_step = Step::Models;
    m_models.clear();
    send(modelsUrlFor(m_config.url), QByteArray());
}

void ConnectionTest::startChat()
{
    m_step = Step::Chat;
    const QJsonObject body{
        {QStringLiteral("model"), m_config.model.trimmed()},
        {QStringLiteral("messages"), QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                            {QStringLiteral("content"), QStringLiteral("Say OK.")}}}},
        {QStringLiteral("max_tokens"), 1}, // the smallest answer that shows the model runs
        {QStringLiteral("stream"), false},
    };
    send(OpenAiBackend::endpointFor(m_config.url), QJsonDocument(body).toJson(QJsonDocument::Compact));
}

void ConnectionTest::onReplyFinished(QNetworkReply *reply)
{
    if (m_step == Step::Models)
        onModelsAnswered(reply);
    else if (m_step == Step::Chat)
        onChatAnswered(reply);
}

ConnectionResult ConnectionTest::failureOf(QNetworkReply *reply, const QUrl &url) const
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    ConnectionResult failure = status > 0 && (status < 200 || status >= 300)
            ? httpFailure(status, reply->readAll(), url, m_config.model.trimmed(), m_step == Step::Chat)
            : transportFailure(reply, url, m_timeoutMs);
    failure.httpStatus = status;
    failure.models = m_models;
    return failure;
}

void ConnectionTest::onModelsAnswered(QNetworkReply *reply)
{
    const QUrl url = reply->url();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() != QNetworkReply::NoError || status < 200 || status >= 300) {
        finish(failureOf(reply, url));
        return;
    }
    const QJsonObject object = QJsonDocument::fromJson(reply->readAll()).object();
    if (!object.value(QLatin1String("data")).isArray()) {
        finish(result(Status::BadResponse, tr("%1 answered, but not with a model list: is it an "
                                                          "OpenAI-compatible server?").arg(url.toString(QUrl::RemoveUserInfo))));
        return;
    }
    const QJsonArray data = object.value(QLatin1String("data")).toArray();
    for (const QJsonValue &entry : data) {
        if (const QString id = entry.toObject().value(QLatin1String("id")).toString(); !id.isEmpty())
            m_models.append(id);
    }
    const QString model = m_config.model.trimmed();
    if (m_chatAfterModels && !m_models.isEmpty() && !m_models.contains(model)) {
        ConnectionResult unknown = result(Status::UnknownModel, tr("The server does not list the model "
                                                                               "%1 (it lists: %2).").arg(model, joinModels(m_models)));
        unknown.models = m_models;
        unknown.httpStatus = status;
        finish(unknown);
        return;
    }
    if (m_chatAfterModels) {
        startChat();
        return;
    }
    ConnectionResult ok = result(Status::Ok, m_models.size() == 1
                                         ? tr("The endpoint answered and lists 1 model.")
                                         : tr("The endpoint answered and lists %1 models.").arg(m_models.size()));
    ok.models = m_models;
    ok.httpStatus = status;
    finish(ok);
}

void ConnectionTest::onChatAnswered(QNetworkReply *reply)
{
    const QUrl url = reply->url();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() != QNetworkReply::NoError || status < 200 || status >= 300) {
        finish(failureOf(reply, url));
        return;
    }
    const QJsonObject object = QJsonDocument::fromJson(reply->readAll()).object();
    ConnectionResult answer = object.value(QLatin1String("choices")).isArray()
            ? result(Status::Ok, tr("The endpoint answered with the model %1.").arg(m_config.model.trimmed()))
            : result(Status::BadResponse, tr("%1 answered, but not with a chat completion: is it an "
                                                         "OpenAI-compatible server?").arg(url.toString(QUrl::RemoveUserInfo)));
    answer.models = m_models;
    answer.httpStatus = status;
    finish(answer);
}

void ConnectionTest::testWebSocket()
{
    m_step = Step::WebSocket;
    m_socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    const QUrl url = m_config.url;
    connect(m_socket, &QWebSocket::connected, this, [this, url] {
        finish(result(Status::Ok, tr("The agent at %1 accepted the connection.").arg(url.toString(QUrl::RemoveUserInfo))));
    });
    connect(m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this, [this, url](QAbstractSocket::SocketError error) {
        finish(socketFailure(error, url, m_socket ? m_socket->errorString() : QString()));
    });
    const int generation = m_generation;
    QTimer::singleShot(m_timeoutMs, this, [this, url, generation] {
        if (generation == m_generation && m_step == Step::WebSocket)
            finish(result(Status::Timeout, tr("%1 did not answer within %2 s.")
                                                   .arg(where(url), QLocale::c().toString(m_timeoutMs / 1000.0))));
    });
    m_socket->open(url);
}

void ConnectionTest::testProgram()
{
    const QStringList parts = QProcess::splitCommand(m_config.command);
    const QString directory = m_config.workingDirectory;
    if (!directory.isEmpty() && !QFileInfo(directory).isDir()) {
        finish(result(Status::BadDirectory, tr("The working directory %1 does not exist.").arg(directory)));
        return;
    }
    const QString program = parts.value(0);
    // A program with a slash is a path (relative to the working directory); else it is looked up in PATH.
    const QString found = program.contains(QLatin1Char('/'))
            ? (QFileInfo(QDir(directory).filePath(program)).isExecutable() ? program : QString())
            : QStandardPaths::findExecutable(program);
    if (program.isEmpty() || found.isEmpty()) {
        finish(result(Status::ProgramNotFound, tr("The program %1 is not found or not executable.").arg(program)));
        return;
    }
    finish(result(Status::Ok, tr("The program %1 is found (a test does not start it).").arg(found)));
}

void ConnectionTest::finish(ConnectionResult outcome)
{
    m_step = Step::None;
    ++m_generation; // nothing more from this operation
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->close();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    if (!outcome.ok())
        qCDebug(lcBackend, "connection test: %s", qPrintable(outcome.message));
    emit finished(outcome);
}

} // namespace Tessera
