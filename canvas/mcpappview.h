#pragma once

// One MCP App's view (issue 16 "MCP Apps"; mcp/mcpapp.h): the server's HTML in the canvas sandbox, with
// every canvas rule (canvassandbox.h: opaque origin, the canvas CSP as the document's first element,
// the request interceptor, no network, one navigation, the API-removal script), plus the extension's
// postMessage bridge:
//  - The app runs as the top document, not in an iframe, so the host is not a parent window. A script
//    injected before any page script (main world) makes window.parent a MessagePort-like object whose
//    postMessage(message, "*") hands the message (JSON text) to Tessera through a QWebChannel object,
//    and delivers Tessera's messages as `message` events whose source is that object: the ext-apps
//    SDK's PostMessageTransport(window.parent, window.parent) works unchanged. window.qt (the channel's
//    transport) stays visible to the page: Qt WebEngine delivers through it. A page that uses it
//    directly can say no more than it can by postMessage: one published object, post() and deliver().
//  - Everything the page sends is untrusted input to McpAppBridge (validated; errors answered).
// The view's height follows ui/notifications/size-changed within kMinHeight..kMaxHeight.
// Headless (tessera render, tests): renderNow() loads at a width, waits for the handshake and the tool
// result (bounded), keeps the frame as an image and tears the view down.

#include <QPixmap>
#include <QPointer>
#include <QWidget>

#include <mcp/mcpapp.h>

class QLabel;
class QVBoxLayout;
class QWebChannel;
class QWebEngineView;

namespace Tessera {

class CanvasPage;
class McpAppChannel;

class McpAppView : public QWidget
{
    Q_OBJECT

public:
    enum class State { Idle, Loading, Live, Drawn, Stopped };
    Q_ENUM(State)

    static constexpr int kMinHeight = 60;
    static constexpr int kMaxHeight = 800;
    static constexpr int kInitialHeight = 240;
    static constexpr int kLoadTimeoutMs = 5000;

    McpAppView(const McpAppRecord &record, QWidget *parent = nullptr);
    ~McpAppView() override;

    McpAppBridge *bridge() const { return m_bridge; } // Not owned by the caller.
    State state() const { return m_state; }
    QString reason() const { return m_reason; }       // why it stopped
    CanvasPage *page() const;                         // null unless Loading/Live
    QWebEngineView *webView() const { return m_view; } // null unless Loading/Live
    int viewHeight() const { return m_height; }

    // Loads the page (live). Nothing when already live or drawn.
    void start();
    // Sends ui/resource-teardown, then releases the page (at the answer or after the bridge's timeout).
    void close();
    // Headless: see the header comment. True when a frame was drawn.
    bool renderNow(int width);
    QPixmap frame() const { return m_frame; }

    QSize sizeHint() const override;

Q_SIGNALS:
    void stateChanged(Tessera::McpAppView::State state);
    void closed();

private:
    void setState(State state);
    void stop(const QString &reason);
    void releaseView();
    void showLabel(const QString &text, const QString &objectName);
    void applySize(int width, int height);

    McpAppRecord m_record;
    McpAppBridge *m_bridge = nullptr;     // Owned (child).
    McpAppChannel *m_channel = nullptr;   // Owned (child): the one object the page's channel sees
    QWebChannel *m_webChannel = nullptr;  // Owned (child).
    QWebEngineView *m_view = nullptr;     // Owned (child) while live.
    QLabel *m_label = nullptr;
    QVBoxLayout *m_layout = nullptr;
    State m_state = State::Idle;
    QString m_reason;
    QPixmap m_frame;
    int m_height = kInitialHeight;
};

// The document an app view loads: charset, the canvas CSP (first), no-referrer, the theme, then the
// server's HTML (a full document is fine: the parser folds its html/head/body into this one). UTF-8.
QByteArray buildMcpAppDocument(const QString &html, bool dark, const QPalette &palette);

// The script the view injects before page scripts (qwebchannel.js and the window.parent shim).
QString mcpAppShimScript();

} // namespace Tessera
