#include <widgets/kinds/datatablecard.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCollator>
#include <QEvent>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <cards/card.h>
#include <widgets/common/paddedcelldelegate.h>
#include <widgets/kinds/datatablemodel.h>

namespace Tessera {

namespace {

// Sorts DataTableModel::SortRole values: numbers by value, text with a natural, case-insensitive
// collation, numbers before text, and null/missing cells last in both orders (Qt's sort calls
// lessThan(right, left) for a descending sort, hence the order test).
class DataTableSortProxy : public QSortFilterProxyModel
{
public:
    explicit DataTableSortProxy(QObject *parent)
        : QSortFilterProxyModel(parent)
        , m_collator(collatorLocale())
    {
        m_collator.setNumericMode(true);
        m_collator.setCaseSensitivity(Qt::CaseInsensitive);
        setSortRole(DataTableModel::SortRole);
    }

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        const QVariant a = left.data(sortRole());
        const QVariant b = right.data(sortRole());
        const bool aNull = !a.isValid();
        const bool bNull = !b.isValid();
        if (aNull || bNull) {
            if (aNull == bNull)
                return false;
            return aNull == (sortOrder() == Qt::DescendingOrder);
        }
        const bool aNumber = a.typeId() == QMetaType::Double;
        const bool bNumber = b.typeId() == QMetaType::Double;
        if (aNumber && bNumber)
            return a.toDouble() < b.toDouble();
        if (aNumber != bNumber)
            return aNumber;
        return m_collator.compare(a.toString(), b.toString()) < 0;
    }

private:
    // The C locale's collator ignores numeric mode; fall back to a real one there.
    static QLocale collatorLocale()
    {
        const QLocale locale;
        return locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : locale;
    }

    QCollator m_collator;
};

QString tsvCell(QString text)
{
    text.replace(QLatin1String("\r\n"), QLatin1String(" "));
    for (QChar &c : text) {
        if (c == u'\t' || c == u'\n' || c == u'\r')
            c = u' ';
    }
    return text;
}

void setUpView(QTableView *view)
{
    view->setFrameShape(QFrame::NoFrame);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setShowGrid(false);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
    view->setTabKeyNavigation(false); // Tab leaves the card; arrows move between cells.
    view->setCornerButtonEnabled(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setMinimumSectionSize(24);
    view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    view->setItemDelegate(new PaddedCellDelegate(view));
}

} // namespace

DataTableCard::DataTableCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    m_model = new DataTableModel(card, DataTableModel::Section::Rows, this);
    auto *proxy = new DataTableSortProxy(this);
    proxy->setSourceModel(m_model);

    auto *tableBlock = new QWidget(this);
    auto *blockLayout = new QVBoxLayout(tableBlock);
    blockLayout->setContentsMargins(0, 0, 0, 0);
    blockLayout->setSpacing(0);

    m_table = new QTableView(tableBlock);
    m_table->setObjectName(QStringLiteral("dataTableRows"));
    setUpView(m_table);
    m_table->setModel(proxy);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    QHeaderView *header = m_table->horizontalHeader();
    // Header labels line up with the cells' padded text.
    header->setStyleSheet(QStringLiteral("QHeaderView::section { padding-left: %1px; padding-right: %1px; }")
                              .arg(PaddedCellDelegate::kPadding));
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSortIndicatorClearable(true); // third click restores the card's own row order
    header->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setAccessibleName(card.title().isEmpty() ? tr("Table") : card.title());
    blockLayout->addWidget(m_table);

    m_copyAction = new QAction(tr("Copy"), m_table);
    m_copyAction->setShortcut(QKeySequence::Copy);
    m_copyAction->setShortcutContext(Qt::WidgetShortcut);
    connect(m_copyAction, &QAction::triggered, this, &DataTableCard::copySelection);
    m_table->addAction(m_copyAction);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->installEventFilter(this);

    if (m_model->cardHasTotals()) {
        m_totalsModel = new DataTableModel(card, DataTableModel::Section::Totals, this);
        auto *rule = new QFrame(tableBlock);
        rule->setFrameShape(QFrame::HLine);
        rule->setFrameShadow(QFrame::Plain);
        rule->setForegroundRole(QPalette::Mid);
        rule->setFixedHeight(1);
        blockLayout->addWidget(rule);

        m_totals = new QTableView(tableBlock);
        m_totals->setObjectName(QStringLiteral("dataTableTotals"));
        setUpView(m_totals);
        m_totals->setModel(m_totalsModel);
        m_totals->horizontalHeader()->hide();
        m_totals->setSelectionMode(QAbstractItemView::NoSelection);
        m_totals->setFocusPolicy(Qt::NoFocus);
        m_totals->setAccessibleName(tr("Totals"));
        blockLayout->addWidget(m_totals);

        connect(m_table->horizontalScrollBar(), &QScrollBar::valueChanged, m_totals->horizontalScrollBar(),
                &QScrollBar::setValue);
        connect(m_totals->horizontalScrollBar(), &QScrollBar::valueChanged, m_table->horizontalScrollBar(),
                &QScrollBar::setValue);
    }
    connect(header, &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (m_totals)
            m_totals->setColumnWidth(logical, size);
        if (m_applyingWidths)
            return;
        // The user dragged a column edge: the current widths become the natural ones.
        for (int c = 0; c < m_naturalWidths.size(); ++c)
            m_naturalWidths[c] = m_table->columnWidth(c);
        const bool scrolling = needsHorizontalScroll(m_table->viewport()->width());
        if (scrolling != m_scrolling) {
            m_scrolling = scrolling;
            updateViewHeights();
        }
    });
    bodyLayout()->addWidget(tableBlock);

    if (m_model->rowCount() == 0) {
        auto *empty = new QLabel(tr("No rows"), this);
        empty->setForegroundRole(QPalette::PlaceholderText);
        bodyLayout()->addWidget(empty);
    }
    if (!m_model->caption().isEmpty()) {
        m_caption = new QLabel(m_model->caption(), this);
        m_caption->setObjectName(QStringLiteral("dataTableCaption"));
        m_caption->setTextFormat(Qt::PlainText);
        m_caption->setWordWrap(true);
        m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_caption->setForegroundRole(QPalette::PlaceholderText);
        QFont font = m_caption->font();
        font.setPointSizeF(font.pointSizeF() * 0.9);
        m_caption->setFont(font);
        bodyLayout()->addWidget(m_caption);
    }
    setFocusProxy(m_table);
    // Screen readers hear the table's size and caption with the card (issue 7).
    setAccessibleDescription(tr("%n row(s)", nullptr, m_model->rowCount()) + QLatin1String(", ")
                             + tr("%n column(s)", nullptr, m_model->columnCount())
                             + (m_model->caption().isEmpty() ? QString() : QLatin1String(". ") + m_model->caption()));

    measureColumns();
    applyWidth(viewportWidthFor(qMax(width(), sizeHint().width())));
    updateViewHeights();
}

void DataTableCard::measureColumns()
{
    const int rowHeight = m_table->fontMetrics().height() + 10;
    m_table->verticalHeader()->setDefaultSectionSize(rowHeight);
    if (m_totals)
        m_totals->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_naturalWidths.clear();
    for (int c = 0; c < m_model->columnCount(); ++c) {
        // QTableView makes sizeHintForColumn protected; QAbstractItemView has it public.
        // Header: the label, the padding and room for the sort arrow (QHeaderView's own hint reserves
        // the arrow and the style's margins on top of the padding, which makes numeric columns too wide).
        const int headerWidth = m_table->horizontalHeader()->fontMetrics().horizontalAdvance(m_model->columnLabel(c))
            + 2 * PaddedCellDelegate::kPadding + 12;
        int w = qMax(static_cast<QAbstractItemView *>(m_table)->sizeHintForColumn(c), headerWidth);
        if (m_totals)
            w = qMax(w, static_cast<QAbstractItemView *>(m_totals)->sizeHintForColumn(c));
        m_naturalWidths.append(qMin(w + 6, kMaxColumnWidth));
    }
}

int DataTableCard::viewportWidthFor(int cardWidth) const
{
    const QMargins margins = layout()->contentsMargins();
    return cardWidth - margins.left() - margins.right() - 2 * m_table->frameWidth();
}

bool DataTableCard::needsHorizontalScroll(int viewportWidth) const
{
    int total = 0;
    for (int w : m_naturalWidths)
        total += w;
    return total > viewportWidth;
}

void DataTableCard::applyWidth(int viewportWidth)
{
    int total = 0;
    for (int w : m_naturalWidths)
        total += w;
    const bool scrolling = total > viewportWidth;
    m_applyingWidths = true;
    int spare = scrolling || total <= 0 ? 0 : viewportWidth - total;
    const int columns = int(m_naturalWidths.size());
    int given = 0;
    for (int c = 0; c < columns; ++c) {
        int extra = 0;
        if (spare > 0)
            extra = c == columns - 1 ? spare - given : int(qint64(spare) * m_naturalWidths.at(c) / total);
        given += extra;
        m_table->horizontalHeader()->resizeSection(c, m_naturalWidths.at(c) + extra);
    }
    m_applyingWidths = false;
    if (scrolling != m_scrolling) {
        m_scrolling = scrolling;
        updateViewHeights();
    }
}

int DataTableCard::scrollBarExtent() const
{
    return m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table);
}

int DataTableCard::rowsViewHeight() const
{
    const int rows = m_model->rowCount();
    int h = 2 * m_table->frameWidth() + m_table->horizontalHeader()->sizeHint().height()
        + rows * m_table->verticalHeader()->defaultSectionSize();
    if (m_scrolling && !m_totals)
        h += scrollBarExtent();
    return h;
}

int DataTableCard::totalsViewHeight() const
{
    if (!m_totals)
        return 0;
    int h = 2 * m_totals->frameWidth() + m_totals->verticalHeader()->defaultSectionSize();
    if (m_scrolling)
        h += scrollBarExtent();
    return h;
}

void DataTableCard::updateViewHeights()
{
    // The bottom view carries the horizontal scroll bar so the totals stay next to the rows.
    QTableView *bottom = m_totals ? m_totals : m_table;
    bottom->setHorizontalScrollBarPolicy(m_scrolling ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
    m_table->setFixedHeight(rowsViewHeight());
    if (m_totals)
        m_totals->setFixedHeight(totalsViewHeight());
    // A widget never shown yet does not invalidate its parents' layouts on updateGeometry(), and the
    // conversation view asks heightForWidth() before showing it: drop the cached sizes explicitly.
    if (QLayout *block = m_table->parentWidget()->layout())
        block->invalidate();
    m_table->parentWidget()->updateGeometry();
    bodyLayout()->invalidate();
    layout()->invalidate();
    updateGeometry();
}

int DataTableCard::heightForWidth(int width) const
{
    QLayout *l = layout();
    int h = l->hasHeightForWidth() ? l->totalHeightForWidth(width) : l->totalSizeHint().height();
    const bool scrolling = needsHorizontalScroll(viewportWidthFor(width));
    if (scrolling != m_scrolling)
        h += scrolling ? scrollBarExtent() : -scrollBarExtent();
    return h;
}

bool DataTableCard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table) {
        if (event->type() == QEvent::Resize) {
            const int w = static_cast<QResizeEvent *>(event)->size().width() - 2 * m_table->frameWidth();
            applyWidth(w);
        } else if (event->type() == QEvent::KeyPress
                   && static_cast<QKeyEvent *>(event)->matches(QKeySequence::Copy)) {
            copySelection();
            return true;
        } else if (event->type() == QEvent::ShortcutOverride
                   && static_cast<QKeyEvent *>(event)->matches(QKeySequence::Copy)) {
            event->accept(); // deliver Ctrl+C as a key press here, not to a window-wide shortcut
            return true;
        }
    }
    return CardFrame::eventFilter(watched, event);
}

void DataTableCard::changeEvent(QEvent *event)
{
    CardFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        measureColumns();
        applyWidth(m_table->viewport()->width());
        updateViewHeights();
    }
}

QString DataTableCard::selectionAsTsv() const
{
    const QAbstractItemModel *model = m_table->model();
    const QModelIndexList selected = m_table->selectionModel()->selectedIndexes();
    if (selected.isEmpty())
        return {};
    QList<int> rows;
    QList<int> columns;
    QSet<quint64> cells;
    QHash<int, int> perColumn;
    for (const QModelIndex &index : selected) {
        if (!rows.contains(index.row()))
            rows.append(index.row());
        if (!columns.contains(index.column()))
            columns.append(index.column());
        cells.insert(quint64(index.row()) << 32 | quint32(index.column()));
        ++perColumn[index.column()];
    }
    std::sort(rows.begin(), rows.end());
    const QHeaderView *header = m_table->horizontalHeader();
    std::sort(columns.begin(), columns.end(),
              [header](int a, int b) { return header->visualIndex(a) < header->visualIndex(b); });

    bool wholeColumns = true;
    for (int c : std::as_const(columns))
        wholeColumns = wholeColumns && perColumn.value(c) == model->rowCount();

    QStringList lines;
    auto line = [&](auto cellText) {
        QStringList parts;
        for (int c : std::as_const(columns))
            parts.append(tsvCell(cellText(c)));
        lines.append(parts.join(u'\t'));
    };
    if (wholeColumns)
        line([&](int c) { return m_model->columnLabel(c); });
    for (int r : std::as_const(rows)) {
        line([&](int c) {
            if (!cells.contains(quint64(r) << 32 | quint32(c)))
                return QString();
            return model->index(r, c).data(DataTableModel::CopyTextRole).toString();
        });
    }
    if (wholeColumns && m_totalsModel && m_totalsModel->rowCount() > 0)
        line([&](int c) { return m_totalsModel->index(0, c).data(DataTableModel::CopyTextRole).toString(); });
    return lines.join(u'\n');
}

void DataTableCard::copySelection()
{
    const QString text = selectionAsTsv();
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

} // namespace Tessera
