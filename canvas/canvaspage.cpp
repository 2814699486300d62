#include <canvas/canvaspage.h>

#include <QWebEngineFileSystemAccessRequest>
#include <QWebEngineFullScreenRequest>
#include <QWebEngineRegisterProtocolHandlerRequest>
#include <QWebEngineQuotaRequest>

#include <canvas/canvassandbox.h>

namespace Tessera {

namespace {
constexpr int kMaxErrorsKept = 20;
}

CanvasPage::CanvasPage(const QUrl &documentUrl, QObject *parent)
    : QWebEnginePage(CanvasSandbox::instance()->profile(), parent)
    , m_documentUrl(documentUrl)
{
    connect(this, &QWebEnginePage::featurePermissionRequested, this,
            [this](const QUrl &origin, QWebEnginePage::Feature feature) {
                setFeaturePermission(origin, feature, QWebEnginePage::PermissionDeniedByUser);
            });
    connect(this, &QWebEnginePage::fullScreenRequested, this,
            [](QWebEngineFullScreenRequest request) { request.reject(); });
    connect(this, &QWebEnginePage::fileSystemAccessRequested, this,
            [](QWebEngineFileSystemAccessRequest request) { request.reject(); });
    connect(this, &QWebEnginePage::registerProtocolHandlerRequested, this,
            [](QWebEngineRegisterProtocolHandlerRequest request) { request.reject(); });
    connect(this, &QWebEnginePage::quotaRequested, this, [](QWebEngineQuotaRequest request) { request.reject(); });
}

bool CanvasPage::acceptNavigationRequest(const QUrl &url, NavigationType, bool isMainFrame)
{
    if (!m_loaded && isMainFrame && url == m_documentUrl) {
        m_loaded = true;
        return true;
    }
    ++m_refusedNavigations;
    Q_EMIT navigationRefused(url);
    return false;
}

QWebEnginePage *CanvasPage::createWindow(WebWindowType)
{
    ++m_refusedNavigations;
    Q_EMIT navigationRefused(QUrl());
    return nullptr;
}

void CanvasPage::javaScriptAlert(const QUrl &, const QString &)
{
}

bool CanvasPage::javaScriptConfirm(const QUrl &, const QString &)
{
    return false;
}

bool CanvasPage::javaScriptPrompt(const QUrl &, const QString &, const QString &, QString *)
{
    return false;
}

void CanvasPage::javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message,
                                          int lineNumber, const QString &)
{
    if (level != ErrorMessageLevel || !message.startsWith(QLatin1String("Uncaught")))
        return;
    const QString text = lineNumber > 0 ? QStringLiteral("%1 (line %2)").arg(message).arg(lineNumber) : message;
    if (m_errors.size() < kMaxErrorsKept)
        m_errors.append(text);
    Q_EMIT scriptError(text);
}

QStringList CanvasPage::chooseFiles(FileSelectionMode, const QStringList &, const QStringList &)
{
    return {};
}

} // namespace Tessera
