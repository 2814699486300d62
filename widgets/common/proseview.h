#pragma once

// Assistant prose of any length (issue 13): the Markdown is cut into chunks (splitProse, at most
// kProseChunkHardLimit characters each) and drawn as a column of MarkdownViews, one per chunk, built only
// near what is on screen — the conversation view's virtualization, inside one message. So no message
// costs more than a few chunks of GUI-thread layout at a time, however long it is.
//
//  - A chunk's height at a width is measured once it is built and kept when its view is released; a
//    chunk never built counts with an estimate (characters per line from the font).
//  - Chunks intersecting the visible part are built at once; those within one visible height of it are
//    built while a frame's budget lasts (kBuildBudgetMs), the rest on the next turns of the event loop.
//    Views farther than three visible heights away are released.
//  - setMarkdown() (a streaming message growing) keeps every chunk whose text and joins are unchanged —
//    the same MarkdownView, not laid out again — and rebuilds only the chunks that changed (the tail).
//  - Selection works within a chunk. Links of every chunk reach linkActivated().
//
// Sizing: hasHeightForWidth(); heightForWidth(w) sums the chunks (measured or estimated) at w.

#include <QList>
#include <QWidget>

#include <widgets/common/prosechunks.h>

namespace Tessera {

class MarkdownView;

class ProseView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kBuildBudgetMs = 8;

    explicit ProseView(const QString &markdown, QWidget *parent = nullptr);
    ~ProseView() override;

    QString markdown() const { return m_markdown; }
    // Replaces the text, keeping the views of the chunks that did not change.
    void setMarkdown(const QString &markdown);

    int chunkCount() const { return int(m_chunks.size()); }
    ProseChunk chunk(int index) const;
    // The chunk's view, or nullptr while it is not built. Owned by this view.
    MarkdownView *chunkView(int index) const;
    // How many chunk views were ever built (a test counts what a change rebuilt).
    int chunkBuilds() const { return m_builds; }

    // Builds and measures, at width, every chunk whose top is above bottom (px from this view's top),
    // so a headless render draws them; the chunks below keep their estimates.
    void prepare(int width, int bottom);

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
        MarkdownView *view = nullptr;
        int measuredWidth = -1; // the height kept from a released view, at this width
        int measuredHeight = 0;
        mutable int estimateWidth = -1;
        mutable int estimate = 0;
    };

    QList<Chunk> chunksFor(const QString &markdown) const;
    int heightAt(int index, int width) const;
    int estimateAt(int index, int width) const;
    void build(int index, int width);
    void release(int index);
    QRect visiblePart() const;
    void updateChunks();
    void placeChunks();

    QString m_markdown;
    QList<Chunk> m_chunks;
    int m_builds = 0;
    int m_preparedBottom = -1; // prepare(): chunks above this stay built
    bool m_updateQueued = false;
    bool m_inUpdate = false;
};

} // namespace Tessera
