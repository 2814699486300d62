#include <canvas/mcpappview.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>
#include <QWebChannel>
#include <QWebEngineProfile>
#include <QWebEngineScript>
#include <QWebEngineScriptCollection>
#include <QWebEngineView>

#include <canvas/canvasdocument.h>
#include <canvas/canvaspage.h>
#include <canvas/canvassandbox.h>
#include <canvas/headlesswait.h>
#include <canvas/logging.h>
#include <widgets/common/theme.h>

namespace Tessera {

// The one object a view's page sees through its QWebChannel: post() carries the app's messages in,
// deliver() carries Tessera's out. Nothing else is published.
class McpAppChannel : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

public Q_SLOTS:
    void post(const QString &text) { Q_EMIT received(text); }

Q_SIGNALS:
    void deliver(const QString &text);
    void received(const QString &text);
};

namespace {

// After qwebchannel.js: window.parent becomes a port whose postMessage goes to Tessera (see the header).
constexpr char kShim[] = R"JS(
(function () {
  "use strict";
  // window.qt stays: Qt WebEngine looks the transport up there to deliver each message.
  var transport = window.qt && window.qt.webChannelTransport;
  if (!transport || typeof QWebChannel !== "function") return;
  var port = new MessageChannel().port1;
  var host = null, queue = [];
  var post = function (message) {
    var text;
    try { text = JSON.stringify(message); } catch (e) { return; }
    if (typeof text !== "string") return;
    if (host) host.post(text); else queue.push(text);
  };
  Object.defineProperty(port, "postMessage", { value: function (message) { post(message); }, writable: false, configurable: false });
  Object.defineProperty(window, "parent", { value: port, writable: false, configurable: false });
  new QWebChannel(transport, function (channel) {
    host = channel.objects.tesseraApp;
    host.deliver.connect(function (text) {
      var data;
      try { data = JSON.parse(text); } catch (e) { return; }
      window.dispatchEvent(new MessageEvent("message", { data: data, source: port, origin: "tessera:" }));
    });
    queue.forEach(function (text) { host.post(text); });
    queue = [];
  });
})();
)JS";


} // namespace

QString mcpAppShimScript()
{
    static const QString script = []() -> QString {
        QFile file(QStringLiteral(":/qtwebchannel/qwebchannel.js"));
        if (!file.open(QIODevice::ReadOnly))
            return QString();
        return QString::fromUtf8(file.readAll()) + QString::fromLatin1(kShim);
    }();
    return script;
}

QByteArray buildMcpAppDocument(const QString &html, bool dark, const QPalette &palette)
{
    CanvasTheme theme = canvasThemeFor(palette);
    theme.dark = dark;
    QByteArray doc = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"";
    doc += canvasContentSecurityPolicy().toUtf8();
    doc += "\"><meta name=\"referrer\" content=\"no-referrer\">";
    doc += canvasThemeHead(theme);
    doc += "</head><body>";
    doc += html.toUtf8();
    doc += "</body></html>";
    return doc;
}

McpAppView::McpAppView(const McpAppRecord &record, QWidget *parent)
    : QWidget(parent)
    , m_record(record)
    , m_bridge(new McpAppBridge(this))
    , m_channel(new McpAppChannel(this))
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("mcpAppView"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    McpAppBridge::HostContext context;
    context.theme = isDarkPalette(palette()) ? QStringLiteral("dark") : QStringLiteral("light");
    context.locale = QLocale().bcp47Name();
    m_bridge->setHostContext(context);
    m_bridge->setToolInput(record.arguments);
    m_bridge->setToolResult(record.result);
    connect(m_channel, &McpAppChannel::received, m_bridge, &McpAppBridge::receive);
    connect(m_bridge, &McpAppBridge::send, m_channel, &McpAppChannel::deliver);
    connect(m_bridge, &McpAppBridge::sizeRequested, this, &McpAppView::applySize);
    connect(m_bridge, &McpAppBridge::teardownFinished, this, [this] {
        releaseView();
        Q_EMIT closed();
    });
    showLabel(tr("Starting the app…"), QStringLiteral("mcpAppPlaceholder"));
    setFixedHeight(m_height);
}

McpAppView::~McpAppView()
{
    releaseView();
}

CanvasPage *McpAppView::page() const
{
    return m_view ? qobject_cast<CanvasPage *>(m_view->page()) : nullptr;
}

QSize McpAppView::sizeHint() const
{
    return {400, m_height};
}

void McpAppView::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void McpAppView::showLabel(const QString &text, const QString &objectName)
{
    if (!m_label) {
        m_label = new QLabel(this);
        m_label->setTextFormat(Qt::PlainText);
        m_label->setWordWrap(true);
        m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        m_layout->addWidget(m_label);
    }
    m_label->setObjectName(objectName);
    m_label->setPixmap(QPixmap());
    m_label->setText(text);
    m_label->setForegroundRole(QPalette::PlaceholderText);
    m_label->show();
}

void McpAppView::start()
{
    if (m_state != State::Idle)
        return;
    if (QString why; !CanvasSandbox::engineCanStart(&why)) {
        stop(why);
        return;
    }
    const QString shim = mcpAppShimScript();
    if (shim.isEmpty()) {
        stop(tr("the web channel script of Qt WebChannel is missing"));
        return;
    }
    const QUrl url = CanvasSandbox::instance()->registerDocument(buildMcpAppDocument(m_record.html, isDarkPalette(palette()), palette()));
    m_view = new QWebEngineView(this);
    m_view->setObjectName(QStringLiteral("mcpAppWebView"));
    m_view->setContextMenuPolicy(Qt::NoContextMenu);
    auto *page = new CanvasPage(url, m_view);
    page->setBackgroundColor(palette().color(QPalette::Base));
    QWebEngineScript script;
    script.setName(QStringLiteral("tessera-mcp-app-bridge"));
    script.setInjectionPoint(QWebEngineScript::DocumentCreation);
    script.setWorldId(QWebEngineScript::MainWorld);
    script.setRunsOnSubFrames(false);
    script.setSourceCode(shim);
    page->scripts().insert(script);
    m_webChannel = new QWebChannel(page);
    m_webChannel->registerObject(QStringLiteral("tesseraApp"), m_channel);
    page->setWebChannel(m_webChannel, QWebEngineScript::MainWorld);
    m_view->setPage(page);
    connect(page, &QWebEnginePage::loadFinished, this, [this](bool ok) {
        if (m_state != State::Loading)
            return;
        if (!ok) {
            stop(tr("the app's document could not be loaded"));
            return;
        }
        setState(State::Live);
    });
    connect(page, &QWebEnginePage::renderProcessTerminated, this, [this](QWebEnginePage::RenderProcessTerminationStatus, int code) {
        if (m_state == State::Loading || m_state == State::Live)
            stop(tr("the app's process ended (exit code %1)").arg(code));
    });
    QTimer::singleShot(kLoadTimeoutMs, this, [this] {
        if (m_state == State::Loading)
            stop(tr("the app did not finish loading within %1 s").arg(kLoadTimeoutMs / 1000));
    });
    if (m_label)
        m_label->hide();
    m_layout->addWidget(m_view);
    m_view->setFixedHeight(m_height);
    setState(State::Loading);
    page->setUrl(url);
}

void McpAppView::applySize(int, int height)
{
    if (height < 0)
        return;
    m_height = qBound(kMinHeight, height, kMaxHeight);
    setFixedHeight(m_height);
    if (m_view)
        m_view->setFixedHeight(m_height);
    updateGeometry();
}

void McpAppView::stop(const QString &reason)
{
    m_reason = reason;
    qCInfo(lcCanvas).noquote() << "MCP app" << m_record.uri << "stopped:" << reason;
    releaseView();
    showLabel(tr("app stopped: %1").arg(reason), QStringLiteral("mcpAppStopped"));
    setState(State::Stopped);
}

void McpAppView::close()
{
    if (m_state == State::Live)
        m_bridge->teardown(); // releaseView when answered (or timed out)
    else {
        releaseView();
        Q_EMIT closed();
    }
}

void McpAppView::releaseView()
{
    if (!m_view)
        return;
    QWebEngineView *view = m_view;
    m_view = nullptr;
    m_layout->removeWidget(view);
    if (auto *page = qobject_cast<CanvasPage *>(view->page())) {
        page->disconnect(this);
        if (CanvasSandbox *sandbox = CanvasSandbox::instance())
            sandbox->forgetDocument(page->documentUrl());
    }
    view->hide();
    view->deleteLater(); // never inside one of the page's own signals (canvascard.cpp says why)
}

bool McpAppView::renderNow(int width)
{
    if (m_state == State::Drawn)
        return true;
    start();
    if (!m_view)
        return false;
    // A window of its own that is never mapped: a child of an unshown block would never be drawn.
    m_layout->removeWidget(m_view);
    m_view->setParent(nullptr);
    m_view->setAttribute(Qt::WA_DontShowOnScreen);
    m_view->setPalette(palette());
    m_view->resize(qMax(120, width), m_height);
    m_view->show();
    waitHeadless([this] { return m_state != State::Loading; }, kLoadTimeoutMs + 1000);
    if (m_state != State::Live)
        return false;
    // The handshake, the tool result and the app's first size, bounded.
    QElapsedTimer clock;
    clock.start();
    waitHeadless([this] { return m_state != State::Live || m_bridge->isInitialized(); }, kLoadTimeoutMs);
    if (!m_bridge->isInitialized())
        qCInfo(lcCanvas).noquote() << "MCP app" << m_record.uri << "drawn without the handshake (it did not finish in time)";
    waitHeadless([] { return false; }, 400);
    if (m_state != State::Live || !m_view)
        return false;
    m_view->setFixedSize(qMax(120, width), m_height);
    // A stable frame: two grabs in a row that are the same, bounded (as a canvas card does).
    QImage previous;
    QImage current;
    while (m_view && clock.elapsed() < 3 * kLoadTimeoutMs / 2) {
        waitHeadless([] { return false; }, 150);
        if (!m_view)
            break;
        current = m_view->grab().toImage();
        if (!previous.isNull() && current == previous)
            break;
        previous = current;
    }
    if (!m_view)
        return false;
    m_frame = QPixmap::fromImage(current);
    m_bridge->teardown();
    waitHeadless([this] { return !m_view; }, McpAppBridge::kTeardownTimeoutMs + 500);
    releaseView();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    showLabel(QString(), QStringLiteral("mcpAppFrame"));
    m_label->setPixmap(m_frame);
    setState(State::Drawn);
    return true;
}

} // namespace Tessera

#include "mcpappview.moc"
