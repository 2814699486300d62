#pragma once

// The canvas kind's renderer (seed 000 "canvas"; PRODUCT.md §5). Shows the title, then one of:
//   - the live sandboxed view (CanvasPage in CanvasSandbox's profile), its height following the
//     document's height, at most kMaxViewHeight px with scrolling inside;
//   - a snapshot of its last frame (or a short placeholder) while it is not live (CanvasPool caps
//     live views; a card asks to go live when shown or when its snapshot is painted on screen);
//   - "Canvas refused — <code>: <reason>" for a refusal (canvasresolver.h), never a blank block;
//   - "canvas stopped: <reason>" when the document does not finish loading within the timeout (5 s),
//     stops answering (a script that loops forever), throws before drawing anything, or its renderer
//     process ends. The view is destroyed then; the rest of the app keeps running.
// Uncaught script errors on a page that did draw are shown in a muted line under the frame.
// The page is told the card's theme (canvasdocument.h, CanvasTheme); when the card's palette turns from
// light to dark or back, a live view loads again in the new theme and a suspended one shows the snapshot
// taken in that theme (snapshots are kept per theme), or the placeholder.
// Headless (tessera render, tests): heightForWidth() loads the document synchronously at that width in
// a never-mapped window (a local event loop bounded by the timeout), keeps the drawn frame as an image
// and releases the web view, so painting the card paints the canvas.

#include <QByteArray>
#include <QElapsedTimer>
#include <QPixmap>
#include <QPointer>

#include <canvas/canvasresolver.h>
#include <widgets/card/cardframe.h>

class QLabel;
class QTimer;
class QVBoxLayout;
class QWebEngineView;

namespace Tessera {

class CanvasPage;
struct RenderContext;

// Routes CardKind::Canvas in RendererRegistry to CanvasCard (with personalityDirectory()).
// Call after registerCanvasSchemes() and once the QApplication exists.
void installCanvasRenderer();

class CanvasCard : public CardFrame
{
    Q_OBJECT

public:
    enum class State {
        Refused,   // resolveCanvas refused it: refusalCode()/reason()
        Suspended, // not live: a snapshot or placeholder is shown
        Loading,   // live view, document loading
        Live,      // live view, document loaded
        Drawn,     // headless: the frame is kept as an image, no view
        Stopped,   // timed out, hung, crashed or threw before drawing: reason()
    };
    Q_ENUM(State)

    static constexpr int kMaxViewHeight = 600;   // px; taller documents scroll inside the view
    static constexpr int kInitialHeight = 160;   // px before the document's height is known
    static constexpr int kDefaultTimeoutMs = 5000;

    // personalityDir: where template mode reads ui/<name>.html; may be empty.
    CanvasCard(const Card &card, const QString &personalityDir, QWidget *parent = nullptr);
    ~CanvasCard() override;

    State state() const { return m_state; }
    QString refusalCode() const { return canvasRefusalCode(m_source.refusal); }
    QString reason() const { return m_reason; } // refusal or stop reason; "" otherwise
    QString messageText() const;                 // the text of the refusal/stopped block, "" otherwise
    QStringList scriptErrors() const;
    int contentHeight() const { return m_contentHeight; } // document px; 0 until known
    QWebEngineView *view() const { return m_view; }       // nullptr unless Loading/Live
    CanvasPage *page() const;                             // nullptr unless Loading/Live
    QPixmap frame() const { return m_frame; }             // last frame drawn (snapshot), may be null
    bool isOnScreen() const;
    bool isDarkTheme() const { return m_dark; } // the theme the page is (or will be) told

    // Headless: load at this inner width and block until drawn or stopped (bounded by the timeout).
    // Returns true when a frame was drawn.
    bool renderNow(int viewWidth);
    // Live: block until the state leaves Loading (or the timeout passes); true when Live.
    bool waitForLoaded(int timeoutMs);

    // Called by CanvasPool when it takes this card's slot: snapshot the frame, release the view.
    void suspend();
    // Asks to go live soon (when suspended, visible on screen and not headless).
    void wake();

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

    // Process-wide settings, set by main() and tests.
    static void setHeadless(bool headless);
    static bool isHeadless();
    static void setTimeoutMs(int ms);
    static int timeoutMs();
    static void setPersonalityDirectory(const QString &dir);
    static QString personalityDirectory();

Q_SIGNALS:
    void stateChanged(Tessera::CanvasCard::State state);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void setState(State state);
    void showContent(QWidget *content);
    void showMessage(const QString &text, const QString &objectName);
    void showFrame();
    void scheduleGoLive();
    void goLive();
    QWebEngineView *createView(QWidget *parent);
    void onLoadFinished(bool ok);
    void poll();
    void applyHeight(int height, int bodyHeight);
    void captureFrame();
    void stop(const QString &reason);
    void releaseView();
    void followTheme();
    QByteArray snapshotKey() const;
    static void flushReleasedViews();

    CanvasSource m_source;
    QByteArray m_key; // the card's raw text: with the theme, the snapshot cache key
    bool m_dark = false;
    State m_state = State::Suspended;
    QString m_reason;
    QWidget *m_area = nullptr;
    QVBoxLayout *m_areaLayout = nullptr;
    QWidget *m_content = nullptr;
    QLabel *m_status = nullptr;
    QWebEngineView *m_view = nullptr;
    QTimer *m_loadTimer = nullptr;
    QTimer *m_pollTimer = nullptr;
    QElapsedTimer m_pingSent;
    bool m_pingOutstanding = false;
    bool m_goLivePending = false;
    int m_contentHeight = 0;
    QPixmap m_frame;
    QStringList m_errors;
    mutable int m_renderedWidth = -1;
};

} // namespace Tessera
