#include <canvas/canvascard.h>

#include <functional>

#include <QLabel>
#include <QPainter>
#include <QCoreApplication>
#include <QScopeGuard>
#include <QTimer>
#include <QVBoxLayout>
#include <QWebEngineScript>
#include <QWebEngineView>

#include <canvas/canvasdocument.h>
#include <canvas/canvaspage.h>
#include <canvas/canvaspool.h>
#include <canvas/canvassandbox.h>
#include <canvas/headlesswait.h>
#include <cards/card.h>
#include <widgets/conversation/findhighlight.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/theme.h>
#include <widgets/common/wheelpassthrough.h>

namespace Tessera {

namespace {

bool s_headless = false;
int s_timeoutMs = CanvasCard::kDefaultTimeoutMs;
QString s_personalityDir;

constexpr int kMinViewHeight = 24;
constexpr int kPollIntervalMs = 500;
constexpr int kSnapshotDelayMs = 1200; // after load: most chart animations have settled
constexpr int kStableFrameGapMs = 150;
constexpr int kStableFrameMaxMs = 3000;

// Runs in an isolated world: page scripts can neither see nor change it. Answering it at all proves
// the renderer's main thread is not stuck in a page script.
// Returns [document height, body box height] in CSS px. The document height is the larger of the root
// box and the body's scroll height plus its margins, so "html,body{height:100%}" pages that overflow
// are measured by their content, not by the view's current height.
constexpr char kMeasureScript[] =
    "(function(){var e=document.documentElement,b=document.body;if(!e)return [0,0];"
    "var h=e.getBoundingClientRect().height,bh=0;"
    "if(b){var s=getComputedStyle(b);bh=b.getBoundingClientRect().height;"
    "h=Math.max(h,b.scrollHeight+(parseFloat(s.marginTop)||0)+(parseFloat(s.marginBottom)||0));}"
    "return [Math.ceil(h),Math.ceil(bh)];})()";

// A label that tells its card when it is painted, i.e. actually on screen.
class FrameLabel : public QLabel
{
public:
    using QLabel::QLabel;
    std::function<void()> painted;

protected:
    void paintEvent(QPaintEvent *event) override
    {
        QLabel::paintEvent(event);
        if (painted)
            painted();
    }
};

int viewHeightFor(int contentHeight)
{
    return contentHeight > 0 ? qBound(kMinViewHeight, contentHeight, CanvasCard::kMaxViewHeight)
                             : CanvasCard::kInitialHeight;
}


QWidget *createCanvasCard(const Card &card, const RenderContext &, QWidget *parent)
{
    return new CanvasCard(card, s_personalityDir, parent);
}

} // namespace

void installCanvasRenderer()
{
    RendererRegistry::setPluggedFactory(CardKind::Canvas, &createCanvasCard);
}

CanvasCard::CanvasCard(const Card &card, const QString &personalityDir, QWidget *parent)
    : CardFrame(QStringLiteral("canvas"), card.title().isEmpty() ? tr("Canvas") : card.title(), parent)
    , m_source(resolveCanvas(card, personalityDir))
    , m_key(card.rawText())
    , m_dark(isDarkPalette(palette()))
{
    m_area = new QWidget(this);
    m_area->setObjectName(QStringLiteral("canvasArea"));
    // What the area shows as text is the app's (a placeholder, "canvas stopped: …"), never the page's:
    // find searches the title only (kindFindText).
    excludeFromFind(m_area);
    m_areaLayout = new QVBoxLayout(m_area);
    m_areaLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout()->addWidget(m_area);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("canvasStatus"));
    excludeFromFind(m_status);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->hide();
    bodyLayout()->addWidget(m_status);

    m_loadTimer = new QTimer(this);
    m_loadTimer->setSingleShot(true);
    connect(m_loadTimer, &QTimer::timeout, this, [this] {
        const QString why = tr("the document did not finish loading within %1 s").arg(s_timeoutMs / 1000.0);
        stop(m_errors.isEmpty() ? why : why + QStringLiteral("; ") + m_errors.constFirst());
    });
    m_pollTimer = new QTimer(this);
    m_pollTimer->setInterval(kPollIntervalMs);
    connect(m_pollTimer, &QTimer::timeout, this, &CanvasCard::poll);

    if (m_source.isRefused()) {
        m_state = State::Refused;
        m_reason = m_source.reason;
        showMessage(tr("Canvas refused — %1: %2").arg(refusalCode(), m_reason), QStringLiteral("canvasRefusal"));
    } else {
        CanvasPool::Snapshot snapshot;
        if (CanvasPool::findSnapshot(snapshotKey(), &snapshot)) {
            m_frame = snapshot.pixmap;
            m_contentHeight = snapshot.contentHeight;
        }
        showFrame();
    }
    setAccessibleName(tr("Canvas: %1").arg(card.title().isEmpty() ? tr("untitled") : card.title()));
    CanvasPool::registerCard(this);
}

CanvasCard::~CanvasCard()
{
    CanvasPool::unregisterCard(this);
    if (m_view && m_state == State::Live && isVisible())
        captureFrame();
    releaseView();
    if (s_headless)
        flushReleasedViews();
    // Views released earlier and not yet deleted are still children: ~QWidget would delete them after
    // this card is gone, and their pages call pending script callbacks as they go, on a card that is
    // only a QWidget by then (UBSan: a bad downcast in the QPointer). Deleted here, while it is whole.
    const QList<QWebEngineView *> released = findChildren<QWebEngineView *>();
    qDeleteAll(released);
}

CanvasPage *CanvasCard::page() const
{
    return m_view ? qobject_cast<CanvasPage *>(m_view->page()) : nullptr;
}

QString CanvasCard::messageText() const
{
    if (m_state != State::Refused && m_state != State::Stopped)
        return {};
    auto *label = qobject_cast<QLabel *>(m_content);
    return label ? label->text() : QString();
}

QStringList CanvasCard::scriptErrors() const
{
    return m_errors;
}

bool CanvasCard::isOnScreen() const
{
    return isVisible() && !visibleRegion().isEmpty();
}

void CanvasCard::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void CanvasCard::showContent(QWidget *content)
{
    if (m_content == content)
        return;
    if (m_content) {
        m_areaLayout->removeWidget(m_content);
        if (m_content != m_view) {
            m_content->hide();
            m_content->deleteLater();
        }
    }
    m_content = content;
    m_areaLayout->addWidget(content);
    content->show();
    updateGeometry();
}

void CanvasCard::showMessage(const QString &text, const QString &objectName)
{
    auto *label = new QLabel(text, m_area);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    showContent(label);
    setAccessibleDescription(text);
}

void CanvasCard::showFrame()
{
    auto *label = new FrameLabel(m_area);
    label->setObjectName(QStringLiteral("canvasFrame"));
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    if (!m_frame.isNull()) {
        label->setPixmap(m_frame);
        label->setFixedHeight(qRound(m_frame.height() / m_frame.devicePixelRatio()));
    } else {
        label->setText(s_headless ? tr("Drawing canvas…") : tr("Canvas paused: it runs when scrolled into view."));
        label->setForegroundRole(QPalette::PlaceholderText);
        label->setFixedHeight(viewHeightFor(m_contentHeight));
    }
    label->painted = [this] { wake(); };
    showContent(label);
}

void CanvasCard::showEvent(QShowEvent *event)
{
    CardFrame::showEvent(event);
    wake();
}

void CanvasCard::changeEvent(QEvent *event)
{
    CardFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_dark != isDarkPalette(palette()))
        followTheme();
}

QByteArray CanvasCard::snapshotKey() const
{
    return m_key + (m_dark ? QByteArrayLiteral("\ntheme:dark") : QByteArrayLiteral("\ntheme:light"));
}

void CanvasCard::followTheme()
{
    if (m_state == State::Live)
        captureFrame(); // kept for a switch back
    m_dark = isDarkPalette(palette());
    if (m_state != State::Loading && m_state != State::Live && m_state != State::Drawn && m_state != State::Suspended)
        return; // a refusal or a stop is text in the palette's colours already
    CanvasPool::release(this);
    releaseView();
    m_frame = QPixmap();
    CanvasPool::Snapshot snapshot;
    if (CanvasPool::findSnapshot(snapshotKey(), &snapshot)) {
        m_frame = snapshot.pixmap;
        m_contentHeight = snapshot.contentHeight;
    }
    m_renderedWidth = -1; // headless: drawn again at the next heightForWidth
    setState(State::Suspended);
    showFrame();
    updateGeometry();
}

void CanvasCard::wake()
{
    if (m_state == State::Suspended && !s_headless)
        scheduleGoLive();
}

void CanvasCard::scheduleGoLive()
{
    if (m_goLivePending)
        return;
    m_goLivePending = true;
    QTimer::singleShot(0, this, &CanvasCard::goLive);
}

void CanvasCard::goLive()
{
    m_goLivePending = false;
    // Only a card on screen takes a slot: cards built ahead of the viewport wait as snapshots.
    if (m_state != State::Suspended || s_headless || !isOnScreen())
        return;
    if (QString why; !CanvasSandbox::engineCanStart(&why)) {
        stop(why);
        return;
    }
    if (!CanvasPool::requestLive(this))
        return;
    m_view = createView(m_area);
    m_view->setFixedHeight(viewHeightFor(m_contentHeight));
    showContent(m_view);
    setState(State::Loading);
    m_loadTimer->start(s_timeoutMs);
}

QWebEngineView *CanvasCard::createView(QWidget *parent)
{
    auto *view = new QWebEngineView(parent);
    view->setObjectName(QStringLiteral("canvasView"));
    view->setContextMenuPolicy(Qt::NoContextMenu);
    view->setAcceptDrops(false);
    // A document that fits its view does not scroll: the wheel scrolls the conversation (issue 18).
    installWheelPassThrough(view, [this](const QWheelEvent &) { return m_view && m_contentHeight > m_view->height(); });
    const CanvasTheme theme = canvasThemeFor(palette());
    const QUrl url = CanvasSandbox::instance()->registerDocument(buildCanvasDocument(m_source, theme));
    auto *page = new CanvasPage(url, view);
    page->setBackgroundColor(theme.background); // no white flash before the page's first frame
    view->setPage(page);
    connect(page, &QWebEnginePage::loadFinished, this, &CanvasCard::onLoadFinished);
    connect(page, &QWebEnginePage::renderProcessTerminated, this,
            [this](QWebEnginePage::RenderProcessTerminationStatus status, int exitCode) {
                if (m_state == State::Loading || m_state == State::Live) {
                    stop(status == QWebEnginePage::NormalTerminationStatus
                             ? tr("the canvas process ended")
                             : tr("the canvas process crashed or was killed (exit code %1)").arg(exitCode));
                }
            });
    connect(page, &CanvasPage::scriptError, this, [this](const QString &message) {
        m_errors.append(message);
        m_status->setText(tr("script error: %1").arg(m_errors.constFirst()));
        m_status->show();
    });
    m_pingOutstanding = false;
    page->setUrl(url);
    return view;
}

void CanvasCard::onLoadFinished(bool ok)
{
    if (m_state != State::Loading)
        return;
    m_loadTimer->stop();
    if (!ok) {
        stop(tr("the document could not be loaded"));
        return;
    }
    setState(State::Live);
    m_pingOutstanding = false;
    poll();
    m_pollTimer->start();
    if (!s_headless) {
        QTimer::singleShot(kSnapshotDelayMs, this, [this] {
            if (m_state == State::Live)
                captureFrame();
        });
    }
}

void CanvasCard::poll()
{
    if (!m_view || m_state != State::Live)
        return;
    if (m_pingOutstanding) {
        if (m_pingSent.elapsed() > s_timeoutMs)
            stop(tr("the page stopped responding (a script ran for more than %1 s)").arg(s_timeoutMs / 1000.0));
        return;
    }
    if (isOnScreen())
        CanvasPool::touch(this);
    m_pingOutstanding = true;
    m_pingSent.start();
    const QPointer<CanvasCard> self(this);
    m_view->page()->runJavaScript(QString::fromLatin1(kMeasureScript), QWebEngineScript::ApplicationWorld,
                                  [self](const QVariant &result) {
                                      if (!self || !self->m_view)
                                          return;
                                      self->m_pingOutstanding = false;
                                      const QVariantList sizes = result.toList();
                                      self->applyHeight(sizes.value(0).toInt(), sizes.value(1).toInt());
                                  });
}

void CanvasCard::applyHeight(int height, int bodyHeight)
{
    // A page that threw and drew nothing is stopped, not left as an empty frame.
    if (bodyHeight <= 0 && !m_errors.isEmpty()) {
        stop(tr("script error: %1").arg(m_errors.constFirst()));
        return;
    }
    m_contentHeight = qMax(0, height);
    if (m_view) {
        const int h = viewHeightFor(m_contentHeight);
        if (m_view->height() != h || m_view->minimumHeight() != h)
            m_view->setFixedHeight(h);
    }
}

void CanvasCard::captureFrame()
{
    if (!m_view)
        return;
    m_frame = m_view->grab();
    CanvasPool::storeSnapshot(snapshotKey(), {m_frame, m_contentHeight});
}

void CanvasCard::suspend()
{
    if (m_state != State::Loading && m_state != State::Live)
        return;
    if (m_state == State::Live)
        captureFrame();
    releaseView();
    setState(State::Suspended);
    showFrame();
}

void CanvasCard::stop(const QString &reason)
{
    CanvasPool::release(this);
    releaseView();
    m_reason = reason;
    showMessage(tr("canvas stopped: %1").arg(reason), QStringLiteral("canvasStopped"));
    setState(State::Stopped);
}

void CanvasCard::releaseView()
{
    m_loadTimer->stop();
    m_pollTimer->stop();
    m_pingOutstanding = false;
    if (!m_view)
        return;
    QWebEngineView *view = m_view;
    m_view = nullptr;
    if (m_content == view) {
        m_areaLayout->removeWidget(view);
        m_content = nullptr;
    }
    if (auto *page = qobject_cast<CanvasPage *>(view->page())) {
        page->disconnect(this);
        CanvasSandbox::instance()->forgetDocument(page->documentUrl());
    }
    view->hide();
    // Never deleted here: this may run inside one of the page's own signals (a refused form POST ends
    // the load from inside loadFinished, and deleting the page there crashed the next loadingChanged).
    // Headless callers flush the deletion once they are outside every page signal (renderNow), since
    // the profile must outlive every page and no event loop runs after the render.
    view->deleteLater();
}

void CanvasCard::flushReleasedViews()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

bool CanvasCard::renderNow(int viewWidth)
{
    // Called from heightForWidth, outside any page signal: views released while drawing go now.
    const auto flush = qScopeGuard(&CanvasCard::flushReleasedViews);
    if (m_state != State::Suspended)
        return m_state == State::Drawn;
    if (QString why; !CanvasSandbox::engineCanStart(&why)) {
        stop(why);
        return false;
    }
    viewWidth = qMax(120, viewWidth);
    m_view = createView(nullptr);
    m_view->setAttribute(Qt::WA_DontShowOnScreen);
    m_view->setPalette(palette());
    m_view->resize(viewWidth, kInitialHeight);
    m_view->show();
    setState(State::Loading);
    m_loadTimer->start(s_timeoutMs);
    waitHeadless([this] { return m_state != State::Loading; }, s_timeoutMs + 1000);
    if (m_state == State::Loading)
        stop(tr("the document did not finish loading within %1 s").arg(s_timeoutMs / 1000.0));
    if (m_state != State::Live)
        return false;
    waitHeadless([this] { return m_state != State::Live || (!m_pingOutstanding && m_contentHeight > 0); }, s_timeoutMs);
    if (m_state != State::Live)
        return false;
    m_view->setFixedSize(viewWidth, viewHeightFor(m_contentHeight));
    // Wait for a stable frame: two grabs in a row that are the same (animations done), bounded.
    QElapsedTimer clock;
    clock.start();
    QImage previous;
    QImage current;
    while (m_state == State::Live && clock.elapsed() < kStableFrameMaxMs) {
        waitHeadless([] { return false; }, kStableFrameGapMs);
        if (m_state != State::Live || !m_view)
            break;
        current = m_view->grab().toImage();
        if (!previous.isNull() && current == previous)
            break;
        previous = current;
    }
    if (m_state != State::Live)
        return false;
    m_frame = QPixmap::fromImage(current.isNull() ? m_view->grab().toImage() : current);
    releaseView();
    setState(State::Drawn);
    showFrame();
    return true;
}

bool CanvasCard::waitForLoaded(int timeoutMs)
{
    waitHeadless([this] { return m_state != State::Loading && m_state != State::Suspended; }, timeoutMs);
    return m_state == State::Live;
}

int CanvasCard::heightForWidth(int width) const
{
    if (s_headless && m_state == State::Suspended && m_renderedWidth != width) {
        m_renderedWidth = width;
        const QMargins margins = layout()->contentsMargins();
        const_cast<CanvasCard *>(this)->renderNow(width - margins.left() - margins.right());
    }
    return CardFrame::heightForWidth(width);
}

void CanvasCard::setHeadless(bool headless)
{
    s_headless = headless;
}

bool CanvasCard::isHeadless()
{
    return s_headless;
}

void CanvasCard::setTimeoutMs(int ms)
{
    s_timeoutMs = qMax(100, ms);
}

int CanvasCard::timeoutMs()
{
    return s_timeoutMs;
}

void CanvasCard::setPersonalityDirectory(const QString &dir)
{
    s_personalityDir = dir;
}

QString CanvasCard::personalityDirectory()
{
    return s_personalityDir;
}

} // namespace Tessera
