#include <widgets/conversation/findhighlight.h>

#include <QAbstractItemView>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextEdit>

#include <widgets/common/theme.h>
#include <widgets/kinds/datatablemodel.h>

namespace Tessera {

namespace {

// Dynamic properties on the widgets this file marked, so clearing touches only those.
constexpr char kMarked[] = "tesseraFindMarked";      // bool
constexpr char kCurrentRect[] = "tesseraFindCurrent"; // QRect in the widget's coordinates

constexpr char kExcluded[] = "tesseraFindExcluded";  // bool, set by excludeFromFind

constexpr int kMaxPerView = 2000;

// Searched: shown inside the block (a hidden child, a released view, a collapsed part is not what the
// reader sees) and not inside a widget excluded from find.
bool isSearched(const QWidget *widget, const QWidget *block)
{
    if (!widget->isVisibleTo(block))
        return false;
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (w->property(kExcluded).toBool())
            return false;
        if (w == block)
            break;
    }
    return true;
}

// The block itself (a prose block is its text view) and every widget inside it.
template<typename T, typename W>
QList<T *> selfAndChildren(W *block)
{
    QList<T *> found;
    if (auto *self = qobject_cast<T *>(block))
        found.append(self);
    found += block->template findChildren<T *>();
    return found;
} // occurrences marked in one text view (a needle like "e" in a long answer)

QList<QTextEdit::ExtraSelection> selectionsIn(QTextDocument *document, const QString &needle, int *counter,
                                              int current, const QPalette &palette, QTextCursor *currentCursor)
{
    QList<QTextEdit::ExtraSelection> selections;
    if (needle.isEmpty())
        return selections;
    QTextCursor cursor(document);
    for (int i = 0; i < kMaxPerView; ++i) {
        cursor = document->find(needle, cursor);
        if (cursor.isNull())
            break;
        QTextEdit::ExtraSelection selection;
        selection.cursor = cursor;
        if (*counter == current) {
            selection.format.setBackground(palette.color(QPalette::Highlight));
            selection.format.setForeground(palette.color(QPalette::HighlightedText));
            *currentCursor = cursor;
            selections.prepend(selection);
        } else {
            selection.format.setBackground(findMatchColor(palette));
            selection.format.setForeground(palette.color(QPalette::Text));
            selections.append(selection);
        }
        ++*counter;
    }
    return selections;
}

void markTextEdit(QTextEdit *edit, const QString &needle, int *counter, int current)
{
    QTextCursor currentCursor;
    edit->setExtraSelections(selectionsIn(edit->document(), needle, counter, current, edit->palette(), &currentCursor));
    edit->setProperty(kMarked, !needle.isEmpty());
    edit->setProperty(kCurrentRect, currentCursor.isNull() ? QRect() : edit->cursorRect(currentCursor));
}

void markPlainTextEdit(QPlainTextEdit *edit, const QString &needle, int *counter, int current)
{
    QTextCursor currentCursor;
    edit->setExtraSelections(selectionsIn(edit->document(), needle, counter, current, edit->palette(), &currentCursor));
    edit->setProperty(kMarked, !needle.isEmpty());
    edit->setProperty(kCurrentRect, currentCursor.isNull() ? QRect() : edit->cursorRect(currentCursor));
}

void markLabel(QLabel *label, const QString &needle, int *counter, int current)
{
    if (needle.isEmpty()) {
        if (label->property(kMarked).toBool())
            label->setSelection(0, 0);
        label->setProperty(kMarked, false);
        label->setProperty(kCurrentRect, QRect());
        return;
    }
    // Soft break opportunities (wraptext.h) are not part of what the user searches for.
    const QString text = label->text();
    QString plain = text;
    plain.remove(QChar(0x200B));
    int found = 0;
    int chosen = -1;
    for (qsizetype at = plain.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0 && found < kMaxPerView;
         at = plain.indexOf(needle, at + needle.size(), Qt::CaseInsensitive), ++found) {
        if (chosen < 0 || *counter + found == current)
            chosen = int(at);
    }
    if (found == 0)
        return;
    const bool hasCurrent = current >= *counter && current < *counter + found;
    *counter += found;
    // Offsets into the shown text, which may hold soft breaks.
    auto shownOffset = [&text](int plainOffset) {
        int seen = 0;
        for (int i = 0; i < text.size(); ++i) {
            if (text.at(i) == QChar(0x200B))
                continue;
            if (seen++ == plainOffset)
                return i;
        }
        return int(text.size());
    };
    const int start = shownOffset(chosen);
    const int end = shownOffset(chosen + int(needle.size()) - 1) + 1;
    if (!(label->textInteractionFlags() & Qt::TextSelectableByMouse))
        label->setTextInteractionFlags(label->textInteractionFlags() | Qt::TextSelectableByMouse);
    label->setSelection(start, end - start);
    label->setProperty(kMarked, true);
    label->setProperty(kCurrentRect, hasCurrent ? label->rect() : QRect());
}

void markTable(QAbstractItemView *view, const QString &needle, int *counter, int current)
{
    QItemSelectionModel *selection = view->selectionModel();
    const QAbstractItemModel *model = view->model();
    if (!selection || !model)
        return;
    if (view->property(kMarked).toBool())
        selection->clearSelection();
    view->setProperty(kMarked, false);
    view->setProperty(kCurrentRect, QRect());
    if (needle.isEmpty())
        return;
    const int rows = qMin(model->rowCount(), 5000);
    const int columns = qMin(model->columnCount(), 200);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const QModelIndex index = model->index(r, c);
            if (index.data(DataTableModel::IsNullRole).toBool())
                continue; // the "—" drawn for an empty cell is not the card's text
            const int inCell = int(index.data().toString().count(needle, Qt::CaseInsensitive));
            if (inCell == 0)
                continue;
            selection->select(index, QItemSelectionModel::Select);
            if (current >= *counter && current < *counter + inCell) {
                view->scrollTo(index);
                view->setProperty(kCurrentRect, view->visualRect(index).translated(view->viewport()->pos()));
            }
            *counter += inCell;
            view->setProperty(kMarked, true);
        }
    }
}

} // namespace

void excludeFromFind(QWidget *widget)
{
    if (widget)
        widget->setProperty(kExcluded, true);
}

int highlightInBlock(QWidget *block, const QString &needle, int current)
{
    if (!block)
        return 0;
    int counter = 0;
    // Clearing visits every widget (one may have been hidden since it was marked); marking only those
    // searched. A prose chunk's released view (hidden, deleted later; proseview.h) is not what the
    // reader sees: counted, it would shift which occurrence is the current one.
    const bool clearing = needle.isEmpty();
    for (QTextEdit *edit : selfAndChildren<QTextEdit>(block)) {
        if (clearing || isSearched(edit, block))
            markTextEdit(edit, needle, &counter, current);
    }
    for (QPlainTextEdit *edit : selfAndChildren<QPlainTextEdit>(block)) {
        if (clearing || isSearched(edit, block))
            markPlainTextEdit(edit, needle, &counter, current);
    }
    for (QLabel *label : selfAndChildren<QLabel>(block)) {
        if ((clearing || isSearched(label, block)) && label->textFormat() != Qt::RichText)
            markLabel(label, needle, &counter, current);
    }
    for (QAbstractItemView *view : selfAndChildren<QAbstractItemView>(block)) {
        // A header view shares its table's model: searched as a view it would count every cell again.
        if (qobject_cast<QHeaderView *>(view))
            continue;
        if (clearing || isSearched(view, block))
            markTable(view, needle, &counter, current);
    }
    return counter;
}

QRect currentHighlightRect(const QWidget *block)
{
    if (!block)
        return {};
    for (const QWidget *child : selfAndChildren<const QWidget>(block)) {
        const QRect rect = child->property(kCurrentRect).toRect();
        if (!rect.isNull())
            return QRect(child->mapTo(block, rect.topLeft()), rect.size());
    }
    return {};
}

QStringList highlightedTexts(const QWidget *block)
{
    QStringList current;
    QStringList others;
    if (!block)
        return {};
    auto fromSelections = [&](const QList<QTextEdit::ExtraSelection> &selections, const QPalette &palette) {
        for (const QTextEdit::ExtraSelection &selection : selections) {
            const bool isCurrent = selection.format.background().color() == palette.color(QPalette::Highlight);
            (isCurrent ? current : others).append(selection.cursor.selectedText());
        }
    };
    for (const QTextEdit *edit : selfAndChildren<const QTextEdit>(block))
        fromSelections(edit->extraSelections(), edit->palette());
    for (const QPlainTextEdit *edit : selfAndChildren<const QPlainTextEdit>(block))
        fromSelections(edit->extraSelections(), edit->palette());
    for (const QLabel *label : selfAndChildren<const QLabel>(block)) {
        if (label->property(kMarked).toBool() && label->hasSelectedText()) {
            QString text = label->selectedText();
            text.remove(QChar(0x200B));
            (label->property(kCurrentRect).toRect().isNull() ? others : current).append(text);
        }
    }
    for (const QAbstractItemView *view : selfAndChildren<const QAbstractItemView>(block)) {
        if (!view->property(kMarked).toBool() || !view->selectionModel())
            continue;
        for (const QModelIndex &index : view->selectionModel()->selectedIndexes())
            others.append(index.data().toString());
    }
    return current + others;
}

} // namespace Tessera
