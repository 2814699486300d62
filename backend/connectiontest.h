#pragma once

// "Test connection" and the model picker of the Connect dialog (issue 12), also `tessera backend test`.
//
// OpenAI-compatible endpoints:
//  - listModels(): GET {base}/models (the URL rules of OpenAiBackend::endpointFor: …/v1 -> …/v1/models,
//    …/chat/completions -> …/models, a server root -> /v1/models); result.models holds the "data[].id"
//    values in the server's order. A server that lists nothing gives Ok with no models (the picker
//    stays editable).
//  - test(): the same GET, then, when a model is named, one small chat completion ("max_tokens": 1,
//    not streamed), so a model the server does not know is found before a conversation is. A model
//    missing from a non-empty list fails without the second request.
// WebSocket agents: test() opens the socket and closes it again. Local programs: test() checks that
// the program is found and the working directory exists; it does not start the program.
//
// Every failure is one Status and one sentence: connection refused, host not found, TLS failure, 401/403
// (the key), 404 (not an OpenAI-compatible path), unknown model, timeout, other HTTP or network errors.
// The key is sent as "Authorization: Bearer KEY" and never appears in a message.
//
// One operation at a time per object (a new one cancels the running one, which then reports nothing);
// finished() arrives once per operation, on the GUI thread, within timeoutMs() per request.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <backend/backendconfig.h>

class QNetworkAccessManager;
class QNetworkReply;
class QWebSocket;

namespace Tessera {

struct ConnectionResult
{
    enum class Status {
        Ok,
        ConnectionRefused,
        HostNotFound,
        TlsFailure,
        Unauthorized,   // 401: no key or a wrong one
        Forbidden,      // 403: the key may not use this server or model
        NotFound,       // 404: the URL is not an OpenAI-compatible path
        UnknownModel,   // not in /models, or the server's error names the model
        Timeout,
        HttpError,      // any other status
        NetworkError,   // any other transport failure
        BadResponse,    // an answer that is not what an OpenAI-compatible server sends
        ProgramNotFound, // local program: not found or not executable
        BadDirectory,   // local program: the working directory does not exist
    };

    Status status = Status::Ok;
    QString message;    // one sentence for the user; on Ok what was shown ("the endpoint answered; 3 models")
    QStringList models; // listModels() and test() of an OpenAI endpoint: the ids the server listed
    int httpStatus = 0; // the last HTTP status seen, 0 when none

    bool ok() const { return status == Status::Ok; }
};

class ConnectionTest : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultTimeoutMs = 30000; // a local server may load a model for the test

    explicit ConnectionTest(QObject *parent = nullptr);
    ~ConnectionTest() override;

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }

    // config.apiKey (or the variable named by apiKeyEnv) is the key sent; OpenAI kind only.
    void listModels(const BackendConfig &config);
    void test(const BackendConfig &config);
    void cancel();
    bool isRunning() const;

    static QUrl modelsUrlFor(const QUrl &baseUrl);

signals:
    void finished(const Tessera::ConnectionResult &result);

private:
    enum class Step { None, Models, Chat, WebSocket };

    void startModels();
    void startChat();
    void onReplyFinished(QNetworkReply *reply);
    void onModelsAnswered(QNetworkReply *reply);
    void onChatAnswered(QNetworkReply *reply);
    void testWebSocket();
    void testProgram();
    QNetworkReply *send(const QUrl &url, const QByteArray &body);
    ConnectionResult failureOf(QNetworkReply *reply, const QUrl &url) const;
    void finish(ConnectionResult result);

    QNetworkAccessManager *m_network = nullptr; // Owned (child).
    QPointer<QNetworkReply> m_reply;
    QWebSocket *m_socket = nullptr; // Owned (child); only during a WebSocket test.
    BackendConfig m_config;
    QString m_apiKey;
    Step m_step = Step::None;
    bool m_chatAfterModels = false;
    QStringList m_models;
    int m_timeoutMs = kDefaultTimeoutMs;
    int m_generation = 0; // bumped by cancel(): late answers of an older operation are dropped
};

} // namespace Tessera
