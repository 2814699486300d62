#include <widgets/common/proseview.h>

#include <memory>
#include <utility>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFontMetrics>
#include <QPromise>
#include <QThreadPool>

#include <widgets/common/markdownview.h>

namespace Tessera {

namespace {

void buildWindowTurned();

// One building budget for every ProseView of the GUI thread: kBuildBudgetMs per frame window. Two long
// messages on screen, or a move, a resize and a show in the same turn of the event loop, share it. A
// window ends once kFrameMs have passed and the event loop has turned (a zero timer ran), so a
// slow build or a loaded machine never renews the budget inside one turn.
struct BuildWindow
{
    QElapsedTimer clock;
    qint64 start = -1; // ns on clock
    qint64 spent = 0;  // ns of building in this window
    qint64 typical = 0; // ns a chunk took to build, a running average (0 before the first)
    int built = 0;
    bool turned = true; // the event loop ran since the window started
    int budgetMs = ProseView::kBuildBudgetMs;

    qint64 now()
    {
        if (!clock.isValid())
            clock.start();
        return clock.nsecsElapsed();
    }
    // Whether one more chunk may be built now: always the first of a window, then only one that should
    // end inside the budget at the typical cost, so a turn stays within the budget plus the paint.
    bool allows()
    {
        const qint64 t = now();
        if (start < 0 || (turned && t - start >= qint64(ProseView::kFrameMs) * 1000000)) {
            start = t;
            spent = 0;
            built = 0;
            turned = false;
            QTimer::singleShot(0, qApp, [] { buildWindowTurned(); });
        }
        return built == 0 || spent + typical <= qint64(budgetMs) * 1000000;
    }
    void record(qint64 cost)
    {
        spent += cost;
        ++built;
        typical = typical == 0 ? cost : (3 * typical + cost) / 4;
    }
    int msToNextWindow()
    {
        const qint64 left = start + qint64(ProseView::kFrameMs) * 1000000 - now();
        return left <= 0 ? 1 : int((left + 999999) / 1000000);
    }
};

BuildWindow &buildWindow()
{
    static BuildWindow window; // GUI thread only
    return window;
}

void buildWindowTurned()
{
    buildWindow().turned = true;
}

qsizetype commonPrefix(QStringView a, QStringView b)
{
    if (b.startsWith(a))
        return a.size();
    if (a.startsWith(b))
        return b.size();
    qsizetype i = 0;
    const qsizetype limit = qMin(a.size(), b.size());
    while (i < limit && a.at(i) == b.at(i))
        ++i;
    return i;
}

} // namespace

ProseView::ProseView(const QString &markdown, QWidget *parent)
    : QWidget(parent)
    , m_markdown(markdown)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    m_buildTimer.setSingleShot(true);
    connect(&m_buildTimer, &QTimer::timeout, this, &ProseView::buildNearChunks);
    connect(&m_split, &QFutureWatcherBase::finished, this, &ProseView::finishSplit);
    if (markdown.size() > kSplitInThreadChars)
        startSplit();
    else
        m_chunks = chunksFor(markdown);
}

ProseView::~ProseView() = default; // a split still running finishes into a future nobody reads

void ProseView::setBuildBudget(int milliseconds)
{
    buildWindow().budgetMs = qMax(0, milliseconds);
}

QList<ProseView::Chunk> ProseView::chunksFor(const QString &markdown, qsizetype from)
{
    const QStringView text = QStringView(markdown).sliced(qBound(qsizetype(0), from, markdown.size()));
    const QList<ProseChunk> ranges = splitProse(text);
    QList<Chunk> chunks;
    chunks.reserve(ranges.size());
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        Chunk c;
        c.range = ranges.at(i);
        c.range.begin += from;
        c.joins = (ranges.at(i).joinsPrevious ? MarkdownView::JoinsAbove : 0)
            | (i + 1 < ranges.size() && ranges.at(i + 1).joinsPrevious ? MarkdownView::JoinsBelow : 0)
            | (ranges.at(i).fenceChar == u'|' ? MarkdownView::HidesTableHeader : 0);
        c.lines = 1 + int(text.sliced(ranges.at(i).begin, ranges.at(i).length).count(u'\n'));
        chunks.append(c);
    }
    return chunks;
}

void ProseView::startSplit()
{
    // The worker holds its own (shared) copy of the text and nothing of this view.
    m_splitting = true;
    auto promise = std::make_shared<QPromise<QList<Chunk>>>();
    QFuture<QList<Chunk>> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise, text = m_markdown] {
        promise->addResult(chunksFor(text));
        promise->finish();
    });
    m_split.setFuture(future);
}

void ProseView::finishSplit()
{
    const QFuture<QList<Chunk>> future = m_split.future();
    if (!m_splitting || !future.isFinished() || future.resultCount() == 0)
        return; // an older split (setMarkdown started another), or already installed
    m_splitting = false;
    const QList<Chunk> chunks = future.result();
    m_split.setFuture(QFuture<QList<Chunk>>());
    installChunks(chunks);
}

void ProseView::installChunks(QList<Chunk> chunks)
{
    for (qsizetype i = 0; i < m_chunks.size(); ++i) {
        if (m_chunks.at(i).view)
            release(int(i));
    }
    m_chunks = std::move(chunks);
    placeChunks();
    updateGeometry();
    buildNearChunks();
}

void ProseView::setMarkdown(const QString &markdown)
{
    if (markdown == m_markdown)
        return;
    const qsizetype common = commonPrefix(m_markdown, markdown);
    m_markdown = markdown;
    // Split again from the last chunk that starts a paragraph before the change (the text before it is
    // the same, so its chunks are too); a split still running, or a huge tail, goes to the worker.
    qsizetype keep = 0;
    for (qsizetype i = m_splitting ? -1 : m_chunks.size() - 1; i > 0; --i) {
        const ProseChunk &range = m_chunks.at(i).range;
        if (range.begin < common && !range.joinsPrevious && range.fence.isEmpty()) {
            keep = i;
            break;
        }
    }
    const qsizetype from = keep > 0 ? m_chunks.at(keep).range.begin : 0;
    if (m_splitting || markdown.size() - from > 4 * kSplitInThreadChars) {
        installChunks({});
        startSplit();
        return;
    }
    QList<Chunk> next = m_chunks.first(keep) + chunksFor(markdown, from);
    // Chunks inside the unchanged prefix, with the same range and joins, keep their views and heights.
    for (qsizetype i = 0; i < next.size() && i < m_chunks.size(); ++i) {
        Chunk &old = m_chunks[i];
        if (old.range != next.at(i).range || old.joins != next.at(i).joins
            || old.range.begin + old.range.length > common)
            break;
        next[i] = old;
        old.view = nullptr; // moved
    }
    installChunks(next);
}

ProseChunk ProseView::chunk(int index) const
{
    return index >= 0 && index < m_chunks.size() ? m_chunks.at(index).range : ProseChunk();
}

MarkdownView *ProseView::chunkView(int index) const
{
    return index >= 0 && index < m_chunks.size() ? m_chunks.at(index).view : nullptr;
}

void ProseView::ensureMetrics(int width) const
{
    if (m_metricsWidth == width)
        return;
    const QFontMetrics metrics(font());
    m_perLine = qMax(8, (width - 8) / qMax(1, metrics.averageCharWidth()));
    m_lineSpacing = metrics.lineSpacing();
    m_metricsWidth = width;
}

int ProseView::estimateAt(int index, int width) const
{
    const Chunk &c = m_chunks.at(index);
    if (c.estimateWidth == width)
        return c.estimate;
    ensureMetrics(width);
    // Each line wraps about length / perLine times; the split counted the lines.
    const int lines = c.lines + int(c.range.length / m_perLine);
    c.estimateWidth = width;
    c.estimate = lines * m_lineSpacing + 8;
    return c.estimate;
}

int ProseView::heightAt(int index, int width) const
{
    const Chunk &c = m_chunks.at(index);
    if (c.view)
        return qMax(1, c.view->heightForWidth(width));
    if (c.measuredWidth == width)
        return c.measuredHeight;
    return estimateAt(index, width);
}

int ProseView::heightForWidth(int width) const
{
    if (width <= 0)
        return -1;
    if (m_splitting) {
        // No chunks yet: the characters at the font's average width.
        ensureMetrics(width);
        return int(qMin(qsizetype(1) << 30, (1 + m_markdown.size() / m_perLine) * m_lineSpacing + 8));
    }
    int height = 0;
    for (int i = 0; i < m_chunks.size(); ++i)
        height += heightAt(i, width);
    return qMax(height, fontMetrics().height());
}

QSize ProseView::sizeHint() const
{
    const int w = width() > 50 ? width() : 480;
    return {w, heightForWidth(w)};
}

QSize ProseView::minimumSizeHint() const
{
    return {40, fontMetrics().height()};
}

void ProseView::build(int index, int width)
{
    Chunk &c = m_chunks[index];
    if (c.view)
        return;
    auto *view = new MarkdownView(proseChunkMarkdown(m_markdown, c.range), MarkdownView::Joins(c.joins), this);
    view->setObjectName(QStringLiteral("proseChunk"));
    connect(view, &MarkdownView::linkActivated, this, &ProseView::linkActivated);
    view->ensurePolished();
    // Shown at its width first: the view lays its document out once, and the measure below reuses it.
    view->resize(width, estimateAt(index, width));
    if (isVisible())
        view->show();
    c.view = view;
    c.measuredWidth = width;
    c.measuredHeight = qMax(1, view->heightForWidth(width));
    ++m_builds;
    Q_EMIT chunkBuilt(index);
}

void ProseView::release(int index)
{
    Chunk &c = m_chunks[index];
    if (!c.view)
        return;
    MarkdownView *view = std::exchange(c.view, nullptr);
    // Focus goes to the scroll area around the prose, not to the next chunk (which would scroll to it).
    if (view->isAncestorOf(QApplication::focusWidget()) || view->hasFocus()) {
        for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
            if (w->focusPolicy() & Qt::StrongFocus) {
                w->setFocus(Qt::OtherFocusReason);
                break;
            }
        }
    }
    view->hide();
    view->deleteLater();
}

void ProseView::prepare(int width, int bottom)
{
    if (m_splitting) {
        m_split.waitForFinished();
        finishSplit();
    }
    m_preparedBottom = bottom; // kept built: a render draws them however little of it is on screen
    int top = 0;
    for (int i = 0; i < m_chunks.size() && top < bottom; ++i) {
        build(i, width);
        top += heightAt(i, width);
    }
    placeChunks();
}

QRect ProseView::visiblePart() const
{
    // This view's rect clipped by every ancestor up to the window, in this view's coordinates.
    QRect visible = rect();
    QPoint offset;
    const QWidget *child = this;
    for (const QWidget *p = parentWidget(); p; p = p->parentWidget()) {
        offset += child->pos();
        visible &= p->rect().translated(-offset);
        if (p->isWindow())
            break;
        child = p;
    }
    return visible;
}

void ProseView::placeChunks()
{
    const int w = width();
    int top = 0;
    for (int i = 0; i < m_chunks.size(); ++i) {
        const int h = heightAt(i, w);
        if (MarkdownView *view = m_chunks.at(i).view) {
            view->setGeometry(0, top, w, h);
            if (!view->isVisible() && isVisible())
                view->show();
        }
        top += h;
    }
}

int ProseView::buildNearChunks()
{
    if (m_inUpdate || m_splitting || !isVisible() || width() <= 0)
        return 0;
    m_inUpdate = true;
    const int w = width();
    const QRect visible = visiblePart();
    const int margin = qMax(200, visible.height());
    const int keepTop = visible.top() - 3 * margin;
    const int keepBottom = visible.bottom() + 3 * margin;
    // The most needed missing chunk: the first on screen, else the first within a margin of it.
    auto mostNeeded = [&]() {
        if (visible.isEmpty())
            return -1;
        int nearIndex = -1;
        int top = 0;
        for (int i = 0; i < m_chunks.size() && top <= visible.bottom() + margin; ++i) {
            const int h = heightAt(i, w);
            if (!m_chunks.at(i).view) {
                if (top <= visible.bottom() && top + h > visible.top())
                    return i;
                if (nearIndex < 0 && top + h > visible.top() - margin)
                    nearIndex = i;
            }
            top += h;
        }
        return nearIndex;
    };
    BuildWindow &window = buildWindow();
    int built = 0;
    bool changed = false;
    int next = -1;
    // Short prose (one chunk) is drawn at once, as any short message is; only long prose is sliced.
    while ((next = mostNeeded()) >= 0 && (m_chunks.size() == 1 || window.allows())) {
        const int before = heightAt(next, w);
        const qint64 started = window.now();
        build(next, w);
        window.record(window.now() - started);
        ++built;
        changed = changed || heightAt(next, w) != before;
    }
    int top = 0;
    for (int i = 0; i < m_chunks.size(); ++i) {
        const int h = heightAt(i, w);
        Chunk &c = m_chunks[i];
        if (c.view && top >= m_preparedBottom && (top > keepBottom || top + h < keepTop)) {
            c.measuredWidth = w;
            c.measuredHeight = h;
            release(i);
        }
        top += h;
    }
    placeChunks();
    m_inUpdate = false;
    if (changed)
        updateGeometry(); // the conversation view re-measures this row
    if (next >= 0)
        scheduleBuild(window.msToNextWindow());
    return built;
}

void ProseView::scheduleBuild(int delayMs)
{
    if (!m_buildTimer.isActive())
        m_buildTimer.start(delayMs);
}

void ProseView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeChunks();
    buildNearChunks();
}

void ProseView::moveEvent(QMoveEvent *event)
{
    QWidget::moveEvent(event);
    buildNearChunks();
}

void ProseView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    placeChunks();
    buildNearChunks();
}

void ProseView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The estimates follow the font.
    if (event->type() == QEvent::FontChange) {
        for (Chunk &c : m_chunks)
            c.estimateWidth = -1;
        m_metricsWidth = -1;
        updateGeometry();
    }
}

} // namespace Tessera
