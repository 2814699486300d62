#include <canvas/canvasrequestinterceptor.h>

#include <QWebEngineUrlRequestInfo>

#include <canvas/canvassandbox.h>

namespace Tessera {

CanvasRequestInterceptor::CanvasRequestInterceptor(QObject *parent)
    : QWebEngineUrlRequestInterceptor(parent)
{
}

bool CanvasRequestInterceptor::isAllowed(const QUrl &url)
{
    const QString scheme = url.scheme();
    return scheme == QLatin1String(kCanvasDocumentScheme) || scheme == QLatin1String(kCanvasLibraryScheme)
        || scheme == QLatin1String("data") || scheme == QLatin1String("blob");
}

void CanvasRequestInterceptor::interceptRequest(QWebEngineUrlRequestInfo &info)
{
    if (isAllowed(info.requestUrl()))
        return;
    info.block(true);
    ++m_blocked;
    const QUrl url = info.requestUrl();
    QMetaObject::invokeMethod(this, [this, url] { Q_EMIT requestBlocked(url); }, Qt::QueuedConnection);
}

} // namespace Tessera
