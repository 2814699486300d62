#include <widgets/common/proseview.h>

#include <utility>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFontMetrics>
#include <QTimer>

#include <widgets/common/markdownview.h>

namespace Tessera {

ProseView::ProseView(const QString &markdown, QWidget *parent)
    : QWidget(parent)
    , m_markdown(markdown)
    , m_chunks(chunksFor(markdown))
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

ProseView::~ProseView() = default;

QList<ProseView::Chunk> ProseView::chunksFor(const QString &markdown) const
{
    const QList<ProseChunk> ranges = splitProse(markdown);
    QList<Chunk> chunks;
    chunks.reserve(ranges.size());
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        Chunk c;
        c.range = ranges.at(i);
        c.joins = (ranges.at(i).joinsPrevious ? MarkdownView::JoinsAbove : 0)
            | (i + 1 < ranges.size() && ranges.at(i + 1).joinsPrevious ? MarkdownView::JoinsBelow : 0)
            | (ranges.at(i).fenceChar == u'|' ? MarkdownView::HidesTableHeader : 0);
        chunks.append(c);
    }
    return chunks;
}

void ProseView::setMarkdown(const QString &markdown)
{
    if (markdown == m_markdown)
        return;
    // Chunks inside the unchanged prefix, with the same range and joins, keep their views and heights.
    qsizetype common = 0;
    const qsizetype limit = qMin(markdown.size(), m_markdown.size());
    while (common < limit && markdown.at(common) == m_markdown.at(common))
        ++common;
    QList<Chunk> next = chunksFor(markdown);
    for (qsizetype i = 0; i < next.size() && i < m_chunks.size(); ++i) {
        Chunk &old = m_chunks[i];
        if (old.range != next.at(i).range || old.joins != next.at(i).joins
            || old.range.begin + old.range.length > common)
            break;
        next[i] = old;
        old.view = nullptr; // moved
    }
    for (qsizetype i = 0; i < m_chunks.size(); ++i) {
        if (m_chunks.at(i).view)
            release(int(i));
    }
    m_markdown = markdown;
    m_chunks = next;
    placeChunks();
    updateChunks();
    updateGeometry();
}

ProseChunk ProseView::chunk(int index) const
{
    return index >= 0 && index < m_chunks.size() ? m_chunks.at(index).range : ProseChunk();
}

MarkdownView *ProseView::chunkView(int index) const
{
    return index >= 0 && index < m_chunks.size() ? m_chunks.at(index).view : nullptr;
}

int ProseView::estimateAt(int index, int width) const
{
    const Chunk &c = m_chunks.at(index);
    if (c.estimateWidth == width)
        return c.estimate;
    const QFontMetrics metrics(font());
    const int perLine = qMax(8, (width - 8) / qMax(1, metrics.averageCharWidth()));
    int lines = 0;
    const QStringView text = QStringView(m_markdown).sliced(c.range.begin, c.range.length);
    for (const QStringView line : text.split(u'\n'))
        lines += 1 + int(line.size()) / perLine;
    c.estimateWidth = width;
    c.estimate = lines * metrics.lineSpacing() + 8;
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

void ProseView::updateChunks()
{
    if (m_inUpdate || !isVisible() || width() <= 0)
        return;
    m_inUpdate = true;
    const int w = width();
    const QRect visible = visiblePart();
    const int margin = qMax(200, visible.height());
    const int buildTop = visible.top() - margin;
    const int buildBottom = visible.bottom() + margin;
    const int keepTop = visible.top() - 3 * margin;
    const int keepBottom = visible.bottom() + 3 * margin;
    QElapsedTimer budget;
    budget.start();
    bool changed = false;
    bool pending = false;
    int top = 0;
    for (int i = 0; i < m_chunks.size(); ++i) {
        const int before = heightAt(i, w);
        const bool onScreen = !visible.isEmpty() && top <= visible.bottom() && top + before > visible.top();
        const bool near = top <= buildBottom && top + before > buildTop;
        Chunk &c = m_chunks[i];
        if (!c.view && (onScreen || (near && !visible.isEmpty()))) {
            if (onScreen || budget.elapsed() < kBuildBudgetMs)
                build(i, w);
            else
                pending = true;
        } else if (c.view && top >= m_preparedBottom && (top > keepBottom || top + before < keepTop)) {
            c.measuredWidth = w;
            c.measuredHeight = before;
            release(i);
        }
        const int after = heightAt(i, w);
        changed = changed || after != before;
        top += after;
    }
    placeChunks();
    m_inUpdate = false;
    if (changed)
        updateGeometry(); // the conversation view re-measures this row
    if (pending && !m_updateQueued) {
        m_updateQueued = true;
        QTimer::singleShot(0, this, [this] {
            m_updateQueued = false;
            updateChunks();
        });
    }
}

void ProseView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeChunks();
    updateChunks();
}

void ProseView::moveEvent(QMoveEvent *event)
{
    QWidget::moveEvent(event);
    updateChunks();
}

void ProseView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    placeChunks();
    updateChunks();
}

void ProseView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The estimates follow the font.
    if (event->type() == QEvent::FontChange) {
        for (Chunk &c : m_chunks)
            c.estimateWidth = -1;
        updateGeometry();
    }
}

} // namespace Tessera
