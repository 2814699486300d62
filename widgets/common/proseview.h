#pragma once

// Assistant prose of any length (issue 13): the Markdown is cut into chunks (splitProse, at most
// kProseChunkHardLimit characters each) and drawn as a column of MarkdownViews, one per chunk, built only
// near what is on screen — the conversation view's virtualization, inside one message. No message costs
// more than one frame of GUI-thread work at a time, however long or densely formatted it is:
//
//  - Splitting: prose longer than kSplitInThreadChars is split on a worker thread (QThreadPool); until
//    the chunks arrive the view is blank at an estimated height (characters per line), and
//    isSplitting() is true. prepare() waits for them (the headless render). Shorter prose is split at
//    once (a few milliseconds at most).
//  - Heights: a chunk's height at a width is measured once it is built and kept when its view is
//    released; a chunk never built counts with an estimate from its line and character counts, which
//    the split counted (O(1) per chunk, so a 40 MB message sums its 20,000 chunks in microseconds).
//  - Building is sliced: every ProseView of the GUI thread shares one budget of kBuildBudgetMs per
//    kFrameMs window; the chunks on screen come first, then those within one visible height of it,
//    and what the budget leaves is built in the next windows (a timer). At least one chunk is built per
//    window, so it always progresses; another only if it should end inside the budget at the typical
//    cost of a chunk. Short prose (one chunk) is built at once, outside the budget, like
//    any short message. Views farther than three visible heights away are released.
//  - setMarkdown() (a streaming message growing) keeps every chunk before the change — the same
//    MarkdownView, not laid out again — and splits again only from the last chunk that starts a
//    paragraph before the change, so a delta costs its tail, not the whole message.
//  - Selection works within a chunk. Links of every chunk reach linkActivated().
//
// Sizing: hasHeightForWidth(); heightForWidth(w) sums the chunks (measured or estimated) at w.

#include <QFutureWatcher>
#include <QList>
#include <QTimer>
#include <QWidget>

#include <widgets/common/prosechunks.h>

namespace Tessera {

class MarkdownView;

class ProseView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kBuildBudgetMs = 4;  // chunk building per frame window, all views together
    static constexpr int kFrameMs = 16;       // one 60 Hz frame
    static constexpr qsizetype kSplitInThreadChars = 256 * 1024; // longer prose is split off the GUI thread

    explicit ProseView(const QString &markdown, QWidget *parent = nullptr);
    ~ProseView() override;

    QString markdown() const { return m_markdown; }
    // Replaces the text, keeping the views of the chunks that did not change.
    void setMarkdown(const QString &markdown);

    // 0 while the chunks are being split on the worker thread.
    int chunkCount() const { return int(m_chunks.size()); }
    bool isSplitting() const { return m_splitting; }
    // Splitting, or chunks near the screen still to be built (a timer will build them).
    bool hasPendingWork() const { return m_splitting || m_buildTimer.isActive(); }
    ProseChunk chunk(int index) const;
    // The chunk's view, or nullptr while it is not built. Owned by this view.
    MarkdownView *chunkView(int index) const;
    // How many chunk views were ever built (a test counts what a change rebuilt).
    int chunkBuilds() const { return m_builds; }

    // Builds and measures, at width, every chunk whose top is above bottom (px from this view's top),
    // so a headless render draws them; the chunks below keep their estimates. Waits for a split.
    void prepare(int width, int bottom);

    // One slice of building: the chunks near the screen that are missing, most needed first, while the
    // shared budget of this frame window lasts (at least one per window). Returns how many it built;
    // schedules the next slice when some are left. Called on every move, resize and show.
    int buildNearChunks();
    // The shared budget, for tests: 0 builds exactly one chunk per frame window. Default kBuildBudgetMs.
    static void setBuildBudget(int milliseconds);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void linkActivated(const QUrl &url);
    // A chunk's view was built (it shows no marks a caller put on the chunks built before, e.g. the
    // find bar's; the conversation view marks the block again).
    void chunkBuilt(int index);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void moveEvent(QMoveEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Chunk
    {
        ProseChunk range;
        int joins = 0; // MarkdownView::Joins
        int lines = 1; // lines of its source text, for the estimate
        MarkdownView *view = nullptr;
        int measuredWidth = -1; // the height kept from a released view, at this width
        int measuredHeight = 0;
        mutable int estimateWidth = -1;
        mutable int estimate = 0;
    };

    // The chunks of markdown from `from` on (a chunk start that begins a paragraph), with their joins and
    // line counts. Pure: runs on the worker thread too.
    static QList<Chunk> chunksFor(const QString &markdown, qsizetype from = 0);
    void startSplit();
    void finishSplit();
    void installChunks(QList<Chunk> chunks);
    int heightAt(int index, int width) const;
    void ensureMetrics(int width) const;
    int estimateAt(int index, int width) const;
    void build(int index, int width);
    void release(int index);
    QRect visiblePart() const;
    void placeChunks();
    void scheduleBuild(int delayMs);

    QString m_markdown;
    QList<Chunk> m_chunks;
    int m_builds = 0;
    mutable int m_metricsWidth = -1; // the font's characters per line at this width, and line spacing
    mutable int m_perLine = 8;
    mutable int m_lineSpacing = 16;
    int m_preparedBottom = -1; // prepare(): chunks above this stay built
    bool m_inUpdate = false;
    bool m_splitting = false;
    QFutureWatcher<QList<Chunk>> m_split; // the worker's chunks for m_markdown
    QTimer m_buildTimer;                  // the next slice of building
};

} // namespace Tessera
