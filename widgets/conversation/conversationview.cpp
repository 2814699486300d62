#include <widgets/conversation/conversationview.h>

#include <algorithm>
#include <utility>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QImage>
#include <QMenu>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTextDocument>

#include <cards/cardkinds.h>
#include <cards/conversationmodel.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/cardexport.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/proseview.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/proseblock.h>
#include <widgets/conversation/findhighlight.h>

namespace Tessera {

namespace {

constexpr int kMargin = 16;         // around the column of blocks
constexpr int kSpacing = 10;        // between blocks
constexpr int kMaxColumnWidth = 920; // readable line length on wide windows
constexpr int kBuildAhead = 1;      // viewports built above and below the visible one
constexpr int kAheadBudgetMs = 4;   // building off-screen rows per turn of the event loop (the rest: next turns)
constexpr int kKeepAlive = 3;       // viewports beyond which a live widget is released
constexpr int kMaxRenderBlockHeight = 8000; // headless render: taller blocks are cut, and say so
constexpr int kCutNoteHeight = 24;

// User turns sit indented from the left, like a chat bubble.
int leftInset(const ConversationModel &model, int row, int width)
{
    return model.blockType(row) == BlockType::UserText ? width / 5 : 0;
}

// Makes a hidden widget lay itself out as if shown, without ever mapping a window.
void prepareOffscreen(QWidget *widget, int width, int height)
{
    widget->resize(width, height);
    widget->show();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::Polish);
}

} // namespace

ConversationView::ConversationView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_actions(new CardActions(this))
{
    setObjectName(QStringLiteral("conversationView"));
    m_aheadTimer.setSingleShot(true);
    m_aheadTimer.setInterval(0);
    connect(&m_aheadTimer, &QTimer::timeout, this, [this] { updateLayout(); });
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setBackgroundRole(QPalette::Window);
    viewport()->setAutoFillBackground(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Conversation"));
    verticalScrollBar()->setSingleStep(40);
    connect(m_actions, &CardActions::promptRequested, this, &ConversationView::promptRequested);
    connect(m_actions, &CardActions::itemActivated, this, &ConversationView::itemActivated);
    // Keyboard users tab into cards that are partly off screen: bring the focused block into view.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (!now || !viewport()->isAncestorOf(now))
            return;
        QWidget *block = now;
        while (block->parentWidget() && block->parentWidget() != viewport())
            block = block->parentWidget();
        for (int row = 0; row < m_rows.size(); ++row) {
            if (m_rows.at(row).widget == block) {
                int top = m_offsets.at(row);
                int bottom = top + heightOf(row);
                if (qobject_cast<ProseView *>(block)) {
                    // Long prose: the focused chunk comes into view, not the message's top.
                    top += now->mapTo(block, QPoint(0, 0)).y();
                    bottom = top + now->height();
                }
                QScrollBar *bar = verticalScrollBar();
                if (top < bar->value())
                    bar->setValue(top - kSpacing);
                else if (bottom > bar->value() + viewport()->height())
                    bar->setValue(qMin(top - kSpacing, bottom - viewport()->height() + kSpacing));
                break;
            }
        }
    });
}

ConversationView::~ConversationView()
{
    // ~QWidget clears the focus, which emits focusChanged after this view's members are gone.
    disconnect(qApp, &QApplication::focusChanged, this, nullptr);
}

void ConversationView::setModel(ConversationModel *model)
{
    if (m_model == model)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &ConversationView::resetRows);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &ConversationView::onRowsInserted);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &ConversationView::onRowsRemoved);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &ConversationView::onDataChanged);
        connect(m_model, &ConversationModel::versionsAboutToRedraw, this, &ConversationView::rememberPlace);
        connect(m_model, &ConversationModel::olderMessagesAboutToRedraw, this, &ConversationView::rememberPlaceAbove);
    }
    resetRows();
}

void ConversationView::resetRows()
{
    for (int row = 0; row < m_rows.size(); ++row)
        releaseWidget(row);
    m_rows.clear();
    const int count = m_model ? m_model->rowCount() : 0;
    m_rows.resize(count);
    const int width = itemWidth();
    for (int row = 0; row < count; ++row)
        m_rows[row].estimate = estimateBlockHeight(*m_model, row, width);
    m_layoutWidth = width;
    rebuildOffsets();
    // A version switch redraws the same conversation: the reader stays where they were.
    const int place = std::exchange(m_placeAfterReset, -1);
    const bool bottom = std::exchange(m_bottomAfterReset, false);
    // Older messages redrew the list: the row of the message that was at the top goes back there, as
    // onRowsInserted keeps it (else the reader lands at the top, which asks for yet older history).
    if (const int message = std::exchange(m_messageAfterReset, -1); message >= 0 && !bottom) {
        int row = 0;
        while (row < count && m_model->messageIndex(row) != message)
            ++row;
        if (row < count) {
            QScrollBar *bar = verticalScrollBar();
            for (int pass = 0; pass < 2; ++pass) { // the first measures the rows around it, the second lands
                bar->setRange(0, qMax(0, contentHeight() - viewport()->height()));
                bar->setValue(m_offsets.at(row) + m_deltaAfterReset);
                updateLayout();
            }
            return;
        }
    }
    verticalScrollBar()->setValue(0);
    if (bottom) {
        scrollToBottom(); // laid out at the end only
        return;
    }
    updateLayout();
    if (place > 0)
        verticalScrollBar()->setValue(place);
}

void ConversationView::redrawInPlace()
{
    if (!m_model || m_rows.isEmpty())
        return;
    QScrollBar *bar = verticalScrollBar();
    const bool bottom = bar->value() >= bar->maximum() - 4;
    const int anchor = rowAt(bar->value());
    const int delta = bar->value() - m_offsets.at(anchor);
    const int width = itemWidth();
    for (int row = 0; row < m_rows.size(); ++row) {
        releaseWidget(row);
        m_rows[row].height = -1;
        m_rows[row].estimate = estimateBlockHeight(*m_model, row, width);
    }
    m_layoutWidth = width;
    rebuildOffsets();
    if (bottom) {
        scrollToBottom();
        return;
    }
    // Twice, as scrollToRow: the first pass measures the rows around the anchor, the second lands.
    for (int pass = 0; pass < 2; ++pass) {
        bar->setRange(0, qMax(0, contentHeight() - viewport()->height()));
        bar->setValue(m_offsets.at(anchor) + qBound(0, delta, qMax(0, heightOf(anchor) - 1)));
        updateLayout();
    }
}

void ConversationView::rememberPlace()
{
    QScrollBar *bar = verticalScrollBar();
    m_placeAfterReset = bar->value();
    m_bottomAfterReset = bar->value() >= bar->maximum() - 4;
}

void ConversationView::rememberPlaceAbove(int olderMessages)
{
    const QScrollBar *bar = verticalScrollBar();
    const int anchor = rowAt(bar->value());
    if (anchor < 0 || m_model->messageIndex(anchor) < 0)
        return;
    m_messageAfterReset = m_model->messageIndex(anchor) + olderMessages;
    m_deltaAfterReset = bar->value() - m_offsets.at(anchor);
}

void ConversationView::setTurnActions(const QList<QAction *> &actions)
{
    m_turnActions = actions;
}

void ConversationView::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid())
        return;
    QScrollBar *bar = verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum() - 4;
    const int width = itemWidth();
    // One insertion for the whole range: a row at a time moved every later row once per new row, which
    // made a page of older history cost its size times the conversation's.
    m_rows.insert(first, last - first + 1, Row());
    for (int row = first; row <= last; ++row)
        m_rows[row].estimate = estimateBlockHeight(*m_model, row, width);
    rebuildOffsets();
    if (first == 0 && last + 1 < m_rows.size()) {
        // Older history arrived above: keep the content under the reader where it was.
        const int oldValue = bar->value();
        bar->setRange(0, qMax(0, contentHeight() - viewport()->height()));
        bar->setValue(oldValue + m_offsets.at(last + 1) - kMargin);
        updateLayout();
        return;
    }
    m_stickToBottom = atBottom;
    updateLayout();
    m_stickToBottom = false;
}

void ConversationView::onRowsRemoved(const QModelIndex &parent, int first, int last)
{
    // The streaming message replaced by more or fewer blocks (issue 5): a reader at the end stays there.
    if (parent.isValid() || first < 0 || first >= m_rows.size())
        return;
    const QScrollBar *bar = verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum() - 4;
    last = qMin(last, int(m_rows.size()) - 1);
    for (int row = first; row <= last; ++row)
        releaseWidget(row);
    m_rows.remove(first, last - first + 1);
    rebuildOffsets();
    m_stickToBottom = atBottom;
    updateLayout();
    m_stickToBottom = false;
}

void ConversationView::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight)
{
    // A changed block is rebuilt from the model the next time it is laid out; a reader at the end stays
    // at the end while the last block grows (streamed prose).
    const QScrollBar *bar = verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum() - 4;
    for (int row = topLeft.row(); row <= bottomRight.row() && row < m_rows.size(); ++row) {
        if (updateProseInPlace(row))
            continue;
        releaseWidget(row);
        m_rows[row].height = -1;
        m_rows[row].estimate = estimateBlockHeight(*m_model, row, itemWidth());
    }
    rebuildOffsets();
    m_stickToBottom = atBottom;
    updateLayout();
    m_stickToBottom = false;
}

bool ConversationView::updateProseInPlace(int row)
{
    // Streamed prose that grew: its chunks before the change keep their views; only the tail is laid
    // out again (issue 13). Prose that gained a widget fence is rebuilt as a ProseBlock.
    Row &r = m_rows[row];
    auto *prose = qobject_cast<ProseView *>(r.widget);
    if (!prose || m_model->blockType(row) != BlockType::AssistantProse
        || ProseBlock::hasWidgetFences(m_model->message(row)))
        return false;
    prose->setMarkdown(m_model->blockText(row));
    r.estimate = estimateBlockHeight(*m_model, row, itemWidth());
    r.height = measure(row, r.widget);
    return true;
}

int ConversationView::itemWidth() const
{
    return qMax(160, qMin(viewport()->width() - 2 * kMargin, kMaxColumnWidth));
}

int ConversationView::heightOf(int row) const
{
    const Row &r = m_rows.at(row);
    return r.height >= 0 ? r.height : r.estimate;
}

void ConversationView::rebuildOffsets()
{
    m_offsets.resize(m_rows.size() + 1);
    int y = kMargin;
    for (int row = 0; row < m_rows.size(); ++row) {
        m_offsets[row] = y;
        y += heightOf(row) + kSpacing;
    }
    m_offsets[m_rows.size()] = y - (m_rows.isEmpty() ? 0 : kSpacing) + kMargin;
}

int ConversationView::contentHeight() const
{
    return m_offsets.isEmpty() ? 0 : m_offsets.last();
}

int ConversationView::rowTop(int row) const
{
    return m_offsets.value(row, 0);
}

int ConversationView::rowAt(int y) const
{
    if (m_rows.isEmpty())
        return -1;
    // The last row whose top is <= y.
    auto it = std::upper_bound(m_offsets.begin(), m_offsets.end() - 1, y);
    return qBound(0, int(it - m_offsets.begin()) - 1, int(m_rows.size()) - 1);
}

QWidget *ConversationView::buildWidget(int row)
{
    RenderContext context;
    context.actions = m_actions;
    context.settings = m_renderSettings;
    context.streaming = m_model->data(m_model->index(row), ConversationModel::StreamingRole).toBool();
    QWidget *widget = createBlockWidget(*m_model, row, context, viewport());
    if (const Card *card = m_model->card(row))
        installCardContextMenu(widget, *card); // Copy as text / JSON / image (issue 7)
    else
        installCopyMenu(widget, m_model->blockType(row));
    if (auto *switcher = qobject_cast<VersionSwitcherRow *>(widget))
        connect(switcher, &VersionSwitcherRow::versionRequested, this, &ConversationView::versionRequested);
    widget->ensurePolished();
    // Long prose builds its chunks near the screen, later (issue 13): a chunk built while the find bar
    // marks matches is marked too. The row is looked up then, since older pages move it.
    QList<ProseView *> proses = widget->findChildren<ProseView *>();
    if (auto *self = qobject_cast<ProseView *>(widget))
        proses.prepend(self);
    for (ProseView *prose : std::as_const(proses)) {
        connect(prose, &ProseView::chunkBuilt, this, [this, widget] {
            if (m_findNeedle.isEmpty())
                return;
            for (int r = 0; r < m_rows.size(); ++r) {
                if (m_rows.at(r).widget == widget) {
                    highlightInBlock(widget, m_findNeedle, r == m_findRow ? m_findOccurrence : -1);
                    return;
                }
            }
        });
    }
    if (!m_findNeedle.isEmpty())
        highlightInBlock(widget, m_findNeedle, row == m_findRow ? m_findOccurrence : -1);
    return widget;
}

// The row is looked up when the menu opens: older pages inserted above move it.
void ConversationView::installCopyMenu(QWidget *widget, BlockType type)
{
    if (type != BlockType::UserText && type != BlockType::AssistantProse) {
        widget->installEventFilter(this); // no copies, but the last exchange's actions
        return;
    }
    // The prose and label children pass their right click up (their own menus only offer a copy of
    // the selection, which Ctrl+C keeps doing).
    for (QWidget *child : widget->findChildren<QWidget *>()) {
        if (child->objectName() == QLatin1String("userText") || qobject_cast<MarkdownView *>(child))
            child->setContextMenuPolicy(Qt::NoContextMenu);
    }
    // A filter, not CustomContextMenu: the block keeps its policy (a block without a card has no card menu).
    widget->installEventFilter(this);
}

bool ConversationView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ContextMenu || !watched->isWidgetType())
        return QAbstractScrollArea::eventFilter(watched, event);
    auto *widget = static_cast<QWidget *>(watched);
    const int row = rowOfWidget(widget);
    QMenu *menu = createCopyMenu(row, widget);
    // The last exchange's blocks also offer its actions (Regenerate, Edit and Resend) after the copies.
    if (const QList<QAction *> turn = turnActionsFor(row); !turn.isEmpty()) {
        if (menu)
            menu->addSeparator();
        else
            menu = new QMenu(widget);
        menu->addActions(turn);
    }
    if (!menu)
        return QAbstractScrollArea::eventFilter(watched, event);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(static_cast<QContextMenuEvent *>(event)->globalPos());
    return true;
}

QList<QAction *> ConversationView::turnActionsFor(int row) const
{
    QList<QAction *> shown;
    if (row < 0 || !m_model->isInLastExchange(row))
        return shown;
    for (QAction *action : std::as_const(m_turnActions)) {
        if (action->isVisible())
            shown.append(action);
    }
    return shown;
}

int ConversationView::rowOfWidget(const QWidget *widget) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).widget == widget)
            return row;
    }
    return -1;
}

QMenu *ConversationView::createCopyMenu(int row, QWidget *parent)
{
    if (!m_model || row < 0 || row >= m_model->rowCount())
        return nullptr;
    const BlockType type = m_model->blockType(row);
    if (type != BlockType::UserText && type != BlockType::AssistantProse)
        return nullptr;
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("messageCopyMenu"));
    const QString text = rowText(row);
    QAction *copyText = menu->addAction(tr("Copy &Text"), menu, [text] { QApplication::clipboard()->setText(text); });
    copyText->setObjectName(QStringLiteral("copyMessageText"));
    if (type == BlockType::AssistantProse) {
        const QString markdown = answerMarkdown(row);
        QAction *copyAnswer = menu->addAction(tr("Copy Answer as &Markdown"), menu,
                                              [markdown] { QApplication::clipboard()->setText(markdown); });
        copyAnswer->setObjectName(QStringLiteral("copyAnswerMarkdown"));
    }
    return menu;
}

QString ConversationView::rowText(int row) const
{
    const QString content = m_model->blockText(row);
    if (m_model->blockType(row) != BlockType::AssistantProse)
        return content; // what the user typed, as typed
    // Prose as read on screen, without Markdown's marks.
    QTextDocument document;
    MarkdownView::renderInto(&document, content);
    return document.toPlainText().trimmed();
}

namespace {

QString cardMarkdown(const Card &card)
{
    if (card.isValid() && card.kind() != CardKind::Unknown)
        return kindMarkdown(card); // the kind table's form, as the store's export writes it
    return QStringLiteral("> _Invalid %1 card_").arg(card.kindName().isEmpty() ? QStringLiteral("(no kind)") : card.kindName());
}

} // namespace

QString ConversationView::answerMarkdown(int row) const
{
    // The answer: every row between the user turn before it and the next one.
    int first = row;
    while (first > 0 && m_model->blockType(first - 1) != BlockType::UserText)
        --first;
    QStringList blocks;
    for (int r = first; r < m_model->rowCount() && m_model->blockType(r) != BlockType::UserText; ++r) {
        if (m_model->blockType(r) == BlockType::AssistantProse)
            blocks.append(m_model->blockText(r).trimmed());
        else if (const Card *card = m_model->card(r))
            blocks.append(cardMarkdown(*card));
    }
    blocks.removeAll(QString());
    return blocks.join(QStringLiteral("\n\n"));
}

int ConversationView::measure(int row, QWidget *widget) const
{
    // At the width the block will actually get (user turns are inset).
    return qMax(1, blockHeightForWidth(widget, m_layoutWidth - leftInset(*m_model, row, m_layoutWidth)));
}

void ConversationView::releaseWidget(int row)
{
    Row &r = m_rows[row];
    if (!r.widget)
        return;
    QWidget *widget = r.widget;
    r.widget = nullptr;
    // Keep keyboard focus inside the view when the focused block goes away.
    if (widget->isAncestorOf(QApplication::focusWidget()))
        setFocus(Qt::OtherFocusReason);
    widget->hide();
    widget->deleteLater();
}

void ConversationView::updateLayout()
{
    if (m_inLayout || !m_model)
        return;
    m_inLayout = true;
    QScrollBar *bar = verticalScrollBar();

    const int width = itemWidth();
    if (width != m_layoutWidth) {
        m_layoutWidth = width;
        for (int row = 0; row < m_rows.size(); ++row) {
            Row &r = m_rows[row];
            r.estimate = estimateBlockHeight(*m_model, row, width);
            r.height = r.widget ? measure(row, r.widget) : -1;
        }
        rebuildOffsets();
    }

    // Keep what the user is looking at in place while heights above it change from estimates to measurements.
    const int viewHeight = viewport()->height();
    int anchorRow = rowAt(bar->value());
    int anchorDelta = anchorRow >= 0 ? bar->value() - m_offsets.at(anchorRow) : 0;

    // The rows on screen are built now; those within kBuildAhead viewports of it (so a scroll finds
    // them ready) only while this turn has spent less than kAheadBudgetMs, nearest first, below before
    // above; what is left is built on the next turns (m_aheadTimer), so no step builds a whole screen of
    // tables and charts ahead at once.
    QElapsedTimer budget;
    budget.start();
    bool aheadLeft = false;
    for (int pass = 0; pass < 4; ++pass) {
        const int scrollY = m_stickToBottom
                ? qMax(0, contentHeight() - viewHeight)
                : qBound(0, anchorRow >= 0 ? m_offsets.at(anchorRow) + anchorDelta : 0,
                         qMax(0, contentHeight() - viewHeight));
        const int top = scrollY - kBuildAhead * viewHeight;
        const int bottom = scrollY + (kBuildAhead + 1) * viewHeight;
        bool changed = false;
        auto ensure = [&](int row) {
            Row &r = m_rows[row];
            if (!r.widget)
                r.widget = buildWidget(row);
            if (r.height < 0) {
                r.height = measure(row, r.widget);
                changed = true;
            }
        };
        const int firstVisible = qMax(0, rowAt(scrollY));
        int afterVisible = firstVisible;
        for (; afterVisible >= 0 && afterVisible < m_rows.size() && m_offsets.at(afterVisible) < scrollY + viewHeight;
             ++afterVisible)
            ensure(afterVisible);
        aheadLeft = false;
        auto ahead = [&](int row) {
            if (m_rows.at(row).widget && m_rows.at(row).height >= 0)
                return;
            if (budget.elapsed() >= kAheadBudgetMs) {
                aheadLeft = true;
                return;
            }
            ensure(row);
        };
        for (int row = afterVisible; row < m_rows.size() && m_offsets.at(row) < bottom; ++row)
            ahead(row);
        for (int row = firstVisible - 1; row >= 0 && m_offsets.at(row + 1) > top; --row)
            ahead(row);
        if (!changed)
            break;
        rebuildOffsets();
    }
    if (aheadLeft && !m_aheadTimer.isActive())
        m_aheadTimer.start();

    const int maxScroll = qMax(0, contentHeight() - viewHeight);
    bar->setRange(0, maxScroll);
    bar->setPageStep(viewHeight);
    int scrollY = m_stickToBottom ? maxScroll : (anchorRow >= 0 ? m_offsets.at(anchorRow) + anchorDelta : 0);
    scrollY = qBound(0, scrollY, maxScroll);
    bar->setValue(scrollY);

    const int left = (viewport()->width() - m_layoutWidth) / 2;
    const int keepTop = scrollY - kKeepAlive * viewHeight;
    const int keepBottom = scrollY + (kKeepAlive + 1) * viewHeight;
    for (int row = 0; row < m_rows.size(); ++row) {
        Row &r = m_rows[row];
        if (!r.widget)
            continue;
        const int y = m_offsets.at(row);
        const int h = heightOf(row);
        if (y + h < keepTop || y > keepBottom) {
            releaseWidget(row);
            continue;
        }
        const int inset = leftInset(*m_model, row, m_layoutWidth);
        // Right to left (Arabic): the user's bubble sits at the left edge instead (issue 7).
        r.widget->setGeometry(isRightToLeft() ? left : left + inset, y - scrollY, m_layoutWidth - inset, h);
        if (!r.widget->isVisible())
            r.widget->show();
    }
    m_inLayout = false;

    // Near the top of what is loaded: ask for older history (after this layout, never inside it).
    if (scrollY < viewHeight && m_model->canFetchMore() && !m_fetchQueued) {
        m_fetchQueued = true;
        QMetaObject::invokeMethod(this, [this] {
            m_fetchQueued = false;
            if (m_model && m_model->canFetchMore() && verticalScrollBar()->value() < viewport()->height())
                m_model->fetchMore();
        }, Qt::QueuedConnection);
    }
}

int ConversationView::liveWidgetCount() const
{
    int count = 0;
    for (const Row &r : m_rows)
        count += r.widget ? 1 : 0;
    return count;
}

QWidget *ConversationView::widgetForRow(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).widget : nullptr;
}

QList<int> ConversationView::liveRows() const
{
    QList<int> rows;
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).widget)
            rows.append(row);
    }
    return rows;
}

void ConversationView::scrollToRow(int row)
{
    if (row < 0 || row >= m_rows.size())
        return;
    // Twice: the first pass measures the rows around the target, the second lands on the exact offset.
    for (int i = 0; i < 2; ++i) {
        verticalScrollBar()->setValue(m_offsets.at(row) - kSpacing);
        updateLayout();
    }
}

void ConversationView::setFindHighlight(const QString &needle, int currentRow, int currentOccurrence)
{
    const bool wasMarking = !m_findNeedle.isEmpty();
    m_findNeedle = needle;
    m_findRow = currentRow;
    m_findOccurrence = currentOccurrence;
    if (needle.isEmpty() && !wasMarking)
        return;
    for (int row = 0; row < m_rows.size(); ++row) {
        if (QWidget *widget = m_rows.at(row).widget)
            highlightInBlock(widget, needle, row == currentRow ? currentOccurrence : -1);
    }
}

void ConversationView::showMatch(int row, int occurrence)
{
    if (row < 0 || row >= m_rows.size())
        return;
    setFindHighlight(m_findNeedle, row, occurrence);
    scrollToRow(row);
    QWidget *widget = m_rows.at(row).widget;
    if (!widget)
        return;
    // Inside a tall block (a long answer) the match itself must be on screen, not only the block's top.
    const QRect rect = currentHighlightRect(widget);
    if (rect.isNull())
        return;
    QScrollBar *bar = verticalScrollBar();
    const int top = m_offsets.at(row) + rect.top();
    const int bottom = m_offsets.at(row) + rect.bottom();
    if (top < bar->value() || bottom > bar->value() + viewport()->height())
        bar->setValue(top - viewport()->height() / 3);
}

void ConversationView::scrollToBottom()
{
    m_stickToBottom = true;
    updateLayout();
    updateLayout();
    m_stickToBottom = false;
}

void ConversationView::resizeEvent(QResizeEvent *event)
{
    // A reader at the end stays at the end when the window grows or shrinks (and a conversation
    // opened before the window was shown is scrolled to its end, not to where a tiny viewport left it).
    const QScrollBar *bar = verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum() - 4;
    QAbstractScrollArea::resizeEvent(event);
    m_stickToBottom = atBottom;
    updateLayout();
    m_stickToBottom = false;
}

void ConversationView::scrollContentsBy(int, int)
{
    updateLayout();
}

bool ConversationView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::LayoutRequest && !m_inLayout) {
        // A live block changed its size hint (e.g. the fallback's raw JSON was expanded, or long prose
        // built a chunk and its estimate became a measurement): re-measure. A reader at the end stays
        // at the end, as when a block changes in the model; else what is under the reader stays there,
        // though a block above it grew or shrank (a huge older message measured after it came in).
        QScrollBar *bar = verticalScrollBar();
        const bool atBottom = bar->value() >= bar->maximum() - 4;
        const int anchorRow = rowAt(bar->value());
        const int anchorDelta = anchorRow >= 0 ? bar->value() - m_offsets.at(anchorRow) : 0;
        bool changed = false;
        for (int row = 0; row < m_rows.size(); ++row) {
            Row &r = m_rows[row];
            if (r.widget) {
                const int h = measure(row, r.widget);
                if (h != r.height) {
                    r.height = h;
                    changed = true;
                }
            }
        }
        if (changed) {
            rebuildOffsets();
            if (!atBottom && anchorRow >= 0) {
                bar->setRange(0, qMax(0, contentHeight() - viewport()->height()));
                bar->setValue(m_offsets.at(anchorRow) + anchorDelta); // lays out (scrollContentsBy)
            }
            m_stickToBottom = atBottom;
            updateLayout();
            m_stickToBottom = false;
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QList<QWidget *> ConversationView::focusChain() const
{
    // Every Tab stop of the live blocks, in row order; within a block, in that block's own focus order.
    QList<QWidget *> chain;
    for (const Row &r : m_rows) {
        if (!r.widget)
            continue;
        QWidget *w = r.widget;
        do {
            if (w->isVisibleTo(viewport()) && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)
                && !chain.contains(w))
                chain.append(w);
            w = w->nextInFocusChain();
        } while (w && w != r.widget && r.widget->isAncestorOf(w));
    }
    return chain;
}

bool ConversationView::focusNextPrevChild(bool next)
{
    // Tab walks the cards in reading order, even though their widgets were built in scrolling order;
    // at either end of the built rows it brings the next screen in before leaving the view.
    QWidget *current = QApplication::focusWidget();
    QList<QWidget *> chain = focusChain();
    qsizetype index = chain.indexOf(current);
    if (current == this || current == viewport())
        index = next ? -1 : chain.size();
    if (index == -1 && current != this && current != viewport())
        return QAbstractScrollArea::focusNextPrevChild(next);
    qsizetype target = next ? index + 1 : index - 1;
    if (target < 0 || target >= chain.size()) {
        QScrollBar *bar = verticalScrollBar();
        const int before = bar->value();
        bar->setValue(before + (next ? 1 : -1) * viewport()->height());
        if (bar->value() == before)
            return QAbstractScrollArea::focusNextPrevChild(next);
        chain = focusChain();
        index = chain.indexOf(current);
        target = next ? index + 1 : index - 1;
        if (index < 0 || target < 0 || target >= chain.size())
            return QAbstractScrollArea::focusNextPrevChild(next);
    }
    chain.at(target)->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
    return true;
}

QImage ConversationView::renderToImage(ConversationModel *model, int width, const QPalette &palette,
                                       int maxHeight, int *rowsDrawn, const RenderSettings &settings)
{
    const int columnWidth = width - 2 * kMargin;
    QList<QImage> pieces;
    QList<int> insets;
    int total = kMargin;
    int drawn = 0;
    // Blocks are children of one never-mapped, shown window, so they lay out exactly as on screen
    // (a hidden parent leaves scroll areas with stale sizes).
    QWidget host;
    host.setAttribute(Qt::WA_DontShowOnScreen);
    host.setPalette(palette);
    host.resize(width, 100);
    host.show();
    RenderContext context;
    context.settings = settings;
    const qreal dpr = qApp->devicePixelRatio();
    for (int row = 0; model && row < model->rowCount(); ++row) {
        QWidget *widget = createBlockWidget(*model, row, context, &host);
        widget->setPalette(palette);
        widget->ensurePolished();
        const int inset = leftInset(*model, row, columnWidth);
        const int w = columnWidth - inset;
        // Long prose builds its chunks only as far as the image can show them.
        QList<ProseView *> proses = widget->findChildren<ProseView *>();
        if (auto *prose = qobject_cast<ProseView *>(widget))
            proses.append(prose);
        if (!proses.isEmpty()) {
            widget->resize(w, widget->height()); // shown, so each chunk is laid out once, at w
            widget->show();
        }
        for (ProseView *prose : std::as_const(proses))
            prose->prepare(w, kMaxRenderBlockHeight);
        const int fullHeight = qMax(1, blockHeightForWidth(widget, w));
        // One giant block (a 3,000-row Markdown table) must not take the whole image: it is cut, and
        // the cut is named on the image, so the blocks after it are still drawn.
        const bool cut = fullHeight > kMaxRenderBlockHeight;
        const int h = cut ? kMaxRenderBlockHeight + kCutNoteHeight : fullHeight;
        if (total + h + kMargin > maxHeight) {
            delete widget;
            break;
        }
        prepareOffscreen(widget, w, fullHeight);
        QImage piece(QSize(w, h) * dpr, QImage::Format_ARGB32_Premultiplied);
        piece.setDevicePixelRatio(dpr);
        piece.fill(Qt::transparent);
        {
            QPainter painter(&piece);
            painter.setClipRect(QRect(0, 0, w, h - (cut ? kCutNoteHeight : 0)));
            widget->render(&painter, QPoint(), QRegion(0, 0, w, h - (cut ? kCutNoteHeight : 0)),
                           QWidget::DrawChildren);
            if (cut) {
                painter.setClipping(false);
                painter.setPen(palette.color(QPalette::WindowText));
                painter.drawText(QRect(0, h - kCutNoteHeight, w, kCutNoteHeight), Qt::AlignCenter,
                                 tr("… this block is %1 px tall; the image shows its first %2 px")
                                         .arg(fullHeight)
                                         .arg(kMaxRenderBlockHeight));
            }
        }
        delete widget;
        pieces.append(piece);
        insets.append(inset);
        total += h + kSpacing;
        ++drawn;
    }
    total += kMargin - (drawn > 0 ? kSpacing : 0);
    QImage image(QSize(width, qMax(total, 2 * kMargin)) * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(palette.color(QPalette::Window));
    QPainter painter(&image);
    int y = kMargin;
    for (int i = 0; i < pieces.size(); ++i) {
        painter.drawImage(QPoint(kMargin + (QGuiApplication::isRightToLeft() ? 0 : insets.at(i)), y), pieces.at(i));
        y += int(pieces.at(i).height() / dpr) + kSpacing;
    }
    painter.end();
    if (rowsDrawn)
        *rowsDrawn = drawn;
    return image;
}

} // namespace Tessera
