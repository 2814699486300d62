#include <canvas/canvasschemehandler.h>

#include <QBuffer>
#include <QWebEngineUrlRequestJob>

#include <canvas/canvassandbox.h>

namespace Tessera {

CanvasSchemeHandler::CanvasSchemeHandler(CanvasSandbox *sandbox)
    : QWebEngineUrlSchemeHandler(sandbox)
    , m_sandbox(sandbox)
{
}

void CanvasSchemeHandler::requestStarted(QWebEngineUrlRequestJob *job)
{
    if (job->requestMethod() != "GET") {
        job->fail(QWebEngineUrlRequestJob::RequestDenied);
        return;
    }
    const QUrl url = job->requestUrl();
    QByteArray body;
    QByteArray type;
    if (url.scheme() == QLatin1String(kCanvasDocumentScheme)) {
        body = m_sandbox->takeDocument(url);
        type = QByteArrayLiteral("text/html;charset=utf-8");
    } else if (url.scheme() == QLatin1String(kCanvasLibraryScheme)) {
        body = CanvasSandbox::libraryScript(url.path());
        type = QByteArrayLiteral("text/javascript;charset=utf-8");
    }
    if (body.isEmpty()) {
        job->fail(QWebEngineUrlRequestJob::UrlNotFound);
        return;
    }
    auto *buffer = new QBuffer(job); // Owned by the job: freed when the request ends.
    buffer->setData(body);
    buffer->open(QIODevice::ReadOnly);
    job->reply(type, buffer);
}

} // namespace Tessera
