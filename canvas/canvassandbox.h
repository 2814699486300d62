#pragma once

// The process-wide sandbox every canvas view runs in (PRODUCT.md §5). Layers, each tested on its own
// in tests/auto/canvas:
//   1. scheme: documents come from tessera-canvas: and libraries from tessera-lib:, both registered
//      with QWebEngineUrlScheme::NoAccessAllowed, so every canvas document has an opaque origin
//      ("null"): no same-origin with anything, not even another canvas;
//   2. profile: one off-the-record QWebEngineProfile shared only by canvases (no disk cookies, storage
//      or cache; every cookie refused), unknown URL schemes disallowed, spell check off;
//   3. CSP: see canvasdocument.h;
//   4. interceptor: CanvasRequestInterceptor blocks every request that is not tessera-canvas:,
//      tessera-lib:, data: or blob: (WebSocket handshakes are known to skip interceptors: CSP stops them);
//   5. page: CanvasPage refuses navigation after the first load, new windows, permissions, dialogs,
//      file choosers and full screen; the profile cancels every download;
//   6. APIs: a script injected before any page script removes WebRTC and media-device access.
// Documents are one-shot: a registered document is served once, to the view that asked for it, and
// then forgotten, so one canvas cannot load another's document.

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QUrl>

class QWebEngineProfile;

namespace Tessera {

class CanvasRequestInterceptor;
class CanvasSchemeHandler;

inline constexpr char kCanvasDocumentScheme[] = "tessera-canvas";
inline constexpr char kCanvasLibraryScheme[] = "tessera-lib";

// Registers both schemes and the Chromium switches canvases need. Call once in main() BEFORE the
// QApplication is constructed (QWebEngineUrlScheme's rule). Never sets QTWEBENGINE_DISABLE_SANDBOX.
void registerCanvasSchemes();

class CanvasSandbox : public QObject
{
    Q_OBJECT

public:
    // Created on first use, owned by the application object. Requires a QApplication.
    static CanvasSandbox *instance();

    QWebEngineProfile *profile() const { return m_profile; } // Not owned by the caller.

    // Stores a document and returns its one-shot URL, tessera-canvas:doc/<random uuid>.
    QUrl registerDocument(const QByteArray &html);
    void forgetDocument(const QUrl &url);
    // Serves and forgets a document; empty when unknown or already served.
    QByteArray takeDocument(const QUrl &url);

    // The library's script bytes for an allowlisted name ("echarts@1"), empty when unknown or missing
    // on disk. Looked up in share/tessera/libs next to the executable, the install prefix, then the
    // source tree's node_modules (npm ci). Read once, kept in memory.
    static QByteArray libraryScript(const QString &name);
    static QString libraryPath(const QString &name);

    int blockedRequestCount() const;

    // False (with a reason) when Qt WebEngine cannot start in this process: Chromium refuses to run as
    // root with its process sandbox on and would end the whole app. Tessera never turns that sandbox off;
    // as root, canvases show "canvas stopped: <reason>" unless the environment already disabled it
    // (QTWEBENGINE_DISABLE_SANDBOX or --no-sandbox in QTWEBENGINE_CHROMIUM_FLAGS, as the tests do).
    static bool engineCanStart(QString *reason);

Q_SIGNALS:
    void requestBlocked(const QUrl &url);

private:
    explicit CanvasSandbox(QObject *parent);

    QWebEngineProfile *m_profile = nullptr;
    CanvasSchemeHandler *m_handler = nullptr;
    CanvasRequestInterceptor *m_interceptor = nullptr;
    QHash<QString, QByteArray> m_documents; // path ("doc/<uuid>") -> bytes
};

} // namespace Tessera
