#include <canvas/canvassandbox.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QUuid>
#include <QWebEngineCookieStore>
#include <QWebEngineDownloadRequest>
#include <QWebEngineProfile>
#include <QWebEngineScript>
#include <QWebEngineScriptCollection>
#include <QWebEngineSettings>
#include <QWebEngineUrlScheme>

#include <unistd.h>

#include <canvas/canvasrequestinterceptor.h>
#include <canvas/canvasschemehandler.h>

namespace Tessera {

namespace {

// Layer 6: WebRTC and media devices never exist in a canvas (CSP does not govern WebRTC, and a
// STUN packet is UDP that no request interceptor sees). Runs before any page script, in every frame.
constexpr char kRemoveApisScript[] = R"JS((function () {
  var names = ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCSessionDescription",
    "RTCIceCandidate", "RTCRtpSender", "RTCRtpReceiver", "RTCRtpTransceiver", "RTCCertificate",
    "RTCDtlsTransport", "RTCIceTransport", "RTCSctpTransport", "RTCDTMFSender", "RTCEncodedAudioFrame",
    "RTCEncodedVideoFrame", "MediaStreamTrackProcessor", "WebTransport", "PresentationRequest"];
  names.forEach(function (n) {
    try { Object.defineProperty(window, n, { value: undefined, writable: false, configurable: false }); }
    catch (e) {}
  });
  ["mediaDevices", "getUserMedia", "webkitGetUserMedia", "serviceWorker", "presentation", "usb", "hid",
   "serial", "bluetooth", "credentials", "share", "clipboard"].forEach(function (n) {
    try { Object.defineProperty(Navigator.prototype, n, { get: function () { return undefined; }, configurable: false }); }
    catch (e) {}
  });
})();)JS";

// "echarts@1" -> the file name of the pinned bundle.
QString libraryFileName(const QString &name)
{
    if (name == QLatin1String("echarts@1"))
        return QStringLiteral("echarts.min.js");
    return {};
}

} // namespace

void registerCanvasSchemes()
{
    static bool done = false;
    if (done)
        return;
    done = true;
    for (const char *name : {kCanvasDocumentScheme, kCanvasLibraryScheme}) {
        QWebEngineUrlScheme scheme(name);
        scheme.setSyntax(QWebEngineUrlScheme::Syntax::Path);
        // Opaque origin for every document: no same-origin with anything. Not Secure, not Local,
        // no CORS, no fetch API, no service workers, CSP not ignored.
        scheme.setFlags(QWebEngineUrlScheme::NoAccessAllowed);
        QWebEngineUrlScheme::registerScheme(scheme);
    }
    // Qt WebEngine wants shared GL contexts set before the application object exists.
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
}

CanvasSandbox *CanvasSandbox::instance()
{
    static CanvasSandbox *sandbox = nullptr;
    if (!sandbox) {
        sandbox = new CanvasSandbox(QCoreApplication::instance());
        QObject::connect(sandbox, &QObject::destroyed, [] { sandbox = nullptr; });
    }
    return sandbox;
}

CanvasSandbox::CanvasSandbox(QObject *parent)
    : QObject(parent)
{
    // No storage name: off the record, nothing on disk.
    m_profile = new QWebEngineProfile(this);
    m_profile->setHttpCacheType(QWebEngineProfile::MemoryHttpCache);
    m_profile->setPersistentCookiesPolicy(QWebEngineProfile::NoPersistentCookies);
    m_profile->setSpellCheckEnabled(false);
    m_profile->cookieStore()->setCookieFilter([](const QWebEngineCookieStore::FilterRequest &) { return false; });

    QWebEngineSettings *settings = m_profile->settings();
    settings->setAttribute(QWebEngineSettings::JavascriptEnabled, true);
    settings->setAttribute(QWebEngineSettings::JavascriptCanOpenWindows, false);
    settings->setAttribute(QWebEngineSettings::JavascriptCanAccessClipboard, false);
    settings->setAttribute(QWebEngineSettings::JavascriptCanPaste, false);
    settings->setAttribute(QWebEngineSettings::LocalStorageEnabled, false);
    settings->setAttribute(QWebEngineSettings::LocalContentCanAccessRemoteUrls, false);
    settings->setAttribute(QWebEngineSettings::LocalContentCanAccessFileUrls, false);
    settings->setAttribute(QWebEngineSettings::HyperlinkAuditingEnabled, false);
    settings->setAttribute(QWebEngineSettings::ErrorPageEnabled, false);
    settings->setAttribute(QWebEngineSettings::PluginsEnabled, false);
    settings->setAttribute(QWebEngineSettings::FullScreenSupportEnabled, false);
    settings->setAttribute(QWebEngineSettings::ScreenCaptureEnabled, false);
    settings->setAttribute(QWebEngineSettings::WebGLEnabled, false);
    settings->setAttribute(QWebEngineSettings::AutoLoadIconsForPage, false);
    settings->setAttribute(QWebEngineSettings::TouchIconsEnabled, false);
    settings->setAttribute(QWebEngineSettings::FocusOnNavigationEnabled, false);
    settings->setAttribute(QWebEngineSettings::AllowRunningInsecureContent, false);
    settings->setAttribute(QWebEngineSettings::AllowGeolocationOnInsecureOrigins, false);
    settings->setAttribute(QWebEngineSettings::AllowWindowActivationFromJavaScript, false);
    settings->setAttribute(QWebEngineSettings::PlaybackRequiresUserGesture, true);
    settings->setAttribute(QWebEngineSettings::WebRTCPublicInterfacesOnly, true);
    settings->setAttribute(QWebEngineSettings::DnsPrefetchEnabled, false);
    settings->setAttribute(QWebEngineSettings::PdfViewerEnabled, false);
    settings->setAttribute(QWebEngineSettings::NavigateOnDropEnabled, false);
    settings->setUnknownUrlSchemePolicy(QWebEngineSettings::DisallowUnknownUrlSchemes);

    m_handler = new CanvasSchemeHandler(this);
    m_profile->installUrlSchemeHandler(kCanvasDocumentScheme, m_handler);
    m_profile->installUrlSchemeHandler(kCanvasLibraryScheme, m_handler);

    m_interceptor = new CanvasRequestInterceptor(this);
    connect(m_interceptor, &CanvasRequestInterceptor::requestBlocked, this, &CanvasSandbox::requestBlocked);
    m_profile->setUrlRequestInterceptor(m_interceptor);

    connect(m_profile, &QWebEngineProfile::downloadRequested, this,
            [](QWebEngineDownloadRequest *download) { download->cancel(); });

    QWebEngineScript removeApis;
    removeApis.setName(QStringLiteral("tessera-remove-apis"));
    removeApis.setInjectionPoint(QWebEngineScript::DocumentCreation);
    removeApis.setWorldId(QWebEngineScript::MainWorld);
    removeApis.setRunsOnSubFrames(true);
    removeApis.setSourceCode(QString::fromLatin1(kRemoveApisScript));
    m_profile->scripts()->insert(removeApis);
}

QUrl CanvasSandbox::registerDocument(const QByteArray &html)
{
    const QString path = QStringLiteral("doc/") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_documents.insert(path, html);
    QUrl url;
    url.setScheme(QString::fromLatin1(kCanvasDocumentScheme));
    url.setPath(path);
    return url;
}

void CanvasSandbox::forgetDocument(const QUrl &url)
{
    m_documents.remove(url.path());
}

QByteArray CanvasSandbox::takeDocument(const QUrl &url)
{
    return m_documents.take(url.path());
}

QString CanvasSandbox::libraryPath(const QString &name)
{
    const QString file = libraryFileName(name);
    if (file.isEmpty())
        return {};
    QStringList candidates;
    if (QCoreApplication::instance()) {
        // The window's program is PREFIX/libexec/tessera/tessera (app/CMakeLists.txt), so PREFIX/share is two
        // levels up; a program in PREFIX/bin finds it one level up. A relocated install finds its own copy.
        const QDir dir(QCoreApplication::applicationDirPath());
        candidates << dir.filePath(QStringLiteral("../../share/tessera/libs/") + file)
                   << dir.filePath(QStringLiteral("../share/tessera/libs/") + file);
    }
#ifdef TESSERA_LIBS_INSTALL_DIR
    candidates << QStringLiteral(TESSERA_LIBS_INSTALL_DIR "/") + file;
#endif
#ifdef TESSERA_ECHARTS_SOURCE_PATH
    if (name == QLatin1String("echarts@1"))
        candidates << QStringLiteral(TESSERA_ECHARTS_SOURCE_PATH);
#endif
    for (const QString &candidate : candidates) {
        if (QFileInfo(candidate).isFile())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return {};
}

QByteArray CanvasSandbox::libraryScript(const QString &name)
{
    static QMutex mutex;
    static QHash<QString, QByteArray> cache;
    QMutexLocker lock(&mutex);
    if (const auto it = cache.constFind(name); it != cache.constEnd())
        return *it;
    const QString path = libraryPath(name);
    QByteArray bytes;
    if (!path.isEmpty()) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            bytes = file.readAll();
    }
    if (!bytes.isEmpty())
        cache.insert(name, bytes);
    return bytes;
}

bool CanvasSandbox::engineCanStart(QString *reason)
{
    if (::geteuid() != 0)
        return true;
    if (qEnvironmentVariableIsSet("QTWEBENGINE_DISABLE_SANDBOX")
        || qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox")))
        return true;
    if (reason)
        *reason = QStringLiteral("the web engine does not run as root (its process sandbox refuses); "
                                 "canvases are drawn for a normal user");
    return false;
}

int CanvasSandbox::blockedRequestCount() const
{
    return m_interceptor->blockedCount();
}

} // namespace Tessera
