#include <app/conversationlist.h>

#include <QAction>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cards/bidicontrols.h>
#include <store/conversationstore.h>

namespace Tessera {

namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kTitleRole = Qt::UserRole + 2;
constexpr int kUndoShownMs = 10000;
constexpr int kUndoTitleLength = 40; // characters of the title in "Deleted “…”"

// Renaming in the row: the editor holds the title alone (the row shows title and counts), and a
// commit goes to the store through `commit`, never into the model (a refresh redraws the row).
class TitleDelegate : public QStyledItemDelegate
{
public:
    using Commit = std::function<void(const QString &id, const QString &title)>;
    TitleDelegate(Commit commit, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_commit(std::move(commit))
    {}

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *editor = new QLineEdit(parent);
        editor->setObjectName(QStringLiteral("renameEditor"));
        editor->setAccessibleName(ConversationList::tr("Conversation title"));
        return editor;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        auto *line = static_cast<QLineEdit *>(editor);
        line->setText(index.data(kTitleRole).toString());
        line->selectAll();
    }
    void setModelData(QWidget *editor, QAbstractItemModel *, const QModelIndex &index) const override
    {
        const QString title = static_cast<QLineEdit *>(editor)->text();
        if (title.simplified() != index.data(kTitleRole).toString())
            m_commit(index.data(kIdRole).toString(), title);
    }

private:
    Commit m_commit;
};

// A title inside the row's text: isolated, so an English title in the Arabic list keeps its
// punctuation at its own end (issue 18), and an Arabic one cannot reorder an English row.
QString shownTitle(const QString &title)
{
    return isolatedTitle(title, QGuiApplication::layoutDirection());
}

QString countsText(const ConversationSummary &c)
{
    // Plural forms from the translations (English's too: translations/tessera_en.ts).
    return ConversationList::tr("%n message(s)", nullptr, c.messageCount) + QStringLiteral(" · ")
        + ConversationList::tr("%n card(s)", nullptr, c.cardCount);
}

QStandardItem *rowItem(const ConversationSummary &c, bool deletedView)
{
    const QLocale locale;
    auto *item = new QStandardItem;
    const QString counts = countsText(c);
    const QString when = deletedView
        ? ConversationList::tr("deleted %1").arg(locale.toString(c.deletedAt.toLocalTime(), QLocale::ShortFormat))
        : locale.toString(c.lastActivity.toLocalTime(), QLocale::ShortFormat);
    item->setText(shownTitle(c.title) + QLatin1Char('\n') + counts + QStringLiteral(" · ") + when);
    item->setToolTip(c.title);
    item->setData(c.id, kIdRole);
    item->setData(c.title, kTitleRole);
    item->setData(QStringLiteral("%1, %2, %3").arg(c.title, counts, deletedView ? when : ConversationList::tr("last activity %1").arg(when)),
                  Qt::AccessibleTextRole);
    item->setEditable(!deletedView);
    return item;
}

} // namespace

ConversationList::ConversationList(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_deletedHeader(new QLabel(tr("Recently deleted: kept until you empty it."), this))
    , m_view(new QListView(this))
    , m_model(new QStandardItemModel(this))
    , m_undoBar(new QWidget(this))
    , m_undoText(new QLabel(m_undoBar))
    , m_undoTimer(new QTimer(this))
    , m_deletedToggle(new QToolButton(this))
    , m_emptyButton(new QPushButton(tr("Empty Recently deleted…"), this))
{
    setObjectName(QStringLiteral("conversationList"));
    m_search->setObjectName(QStringLiteral("conversationSearch"));
    m_search->setPlaceholderText(tr("Search conversations"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search conversations"));
    m_deletedHeader->setObjectName(QStringLiteral("recentlyDeletedHeader"));
    m_deletedHeader->setWordWrap(true);
    m_deletedHeader->hide();
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers); // F2 and the menu start an edit, nothing else
    m_view->setItemDelegate(new TitleDelegate([this](const QString &id, const QString &title) {
        // After the editor closes: a refresh now would delete the editor under its own commit.
        QTimer::singleShot(0, this, [this, id, title] { rename(id, title); });
    }, m_view));
    m_view->setUniformItemSizes(true);
    m_view->setWordWrap(true);
    m_view->setAccessibleName(tr("Conversations"));
    m_view->setContextMenuPolicy(Qt::DefaultContextMenu);
    m_view->installEventFilter(this);
    m_view->viewport()->installEventFilter(this);

    m_undoBar->setObjectName(QStringLiteral("undoDeleteBar"));
    auto *undoButton = new QPushButton(tr("Undo"), m_undoBar);
    undoButton->setObjectName(QStringLiteral("undoDelete"));
    auto *undoLayout = new QHBoxLayout(m_undoBar);
    undoLayout->setContentsMargins(0, 0, 0, 0);
    m_undoText->setWordWrap(true);
    undoLayout->addWidget(m_undoText, 1);
    undoLayout->addWidget(undoButton);
    m_undoBar->hide();
    m_undoTimer->setSingleShot(true);
    m_undoTimer->setInterval(kUndoShownMs);
    connect(m_undoTimer, &QTimer::timeout, this, [this] {
        m_undoId.clear();
        updateFooter();
    });
    connect(undoButton, &QPushButton::clicked, this, &ConversationList::undoDelete);

    m_deletedToggle->setObjectName(QStringLiteral("recentlyDeletedToggle"));
    m_deletedToggle->setCheckable(true);
    m_deletedToggle->setAutoRaise(true);
    m_deletedToggle->setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(m_deletedToggle, &QToolButton::toggled, this, &ConversationList::showRecentlyDeleted);
    m_emptyButton->setObjectName(QStringLiteral("emptyRecentlyDeleted"));
    m_emptyButton->hide();
    connect(m_emptyButton, &QPushButton::clicked, this, &ConversationList::emptyRecentlyDeleted);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->setSpacing(6);
    layout->addWidget(m_search);
    layout->addWidget(m_deletedHeader);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_undoBar);
    layout->addWidget(m_emptyButton);
    layout->addWidget(m_deletedToggle, 0, Qt::AlignLeft);

    // Typing filters after a short pause, so a long list is not re-queried on every key.
    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(150);
    connect(m_search, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(debounce, &QTimer::timeout, this, [this] { refresh(m_currentId); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_model->rowCount() > 0)
            m_view->setFocus();
    });
    connect(m_view, &QListView::activated, this, [this](const QModelIndex &index) {
        if (!m_showingDeleted)
            Q_EMIT conversationActivated(index.data(kIdRole).toString());
    });
    connect(m_view, &QListView::clicked, this, [this](const QModelIndex &index) {
        if (!m_showingDeleted)
            Q_EMIT conversationActivated(index.data(kIdRole).toString());
    });
    createActions();
    updateFooter();
}

void ConversationList::createActions()
{
    // Shortcuts live on the list view: F2 in the composer renames nothing.
    auto add = [this](const QString &text, const QString &name, const QKeySequence &key, auto slot) {
        auto *action = new QAction(text, this);
        action->setObjectName(name);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_view->addAction(action);
        return action;
    };
    m_open = add(tr("&Open"), QStringLiteral("openConversation"), {},
                 [this] { Q_EMIT conversationActivated(currentRowId()); });
    m_rename = add(tr("&Rename"), QStringLiteral("renameConversation"), QKeySequence(Qt::Key_F2),
                   [this] { startRename(currentRowId()); });
    m_export = add(tr("&Export…"), QStringLiteral("exportConversation"), {},
                   [this] { Q_EMIT exportRequested(currentRowId()); });
    m_delete = add(tr("&Delete…"), QStringLiteral("deleteConversation"), QKeySequence(QKeySequence::Delete),
                   [this] { deleteWithConfirmation(currentRowId()); });
    m_restore = add(tr("Re&store"), QStringLiteral("restoreConversation"), {},
                    [this] { restore(currentRowId()); });
    m_deleteForever = add(tr("Delete &Forever…"), QStringLiteral("deleteConversationForever"),
                          QKeySequence(QKeySequence::Delete), [this] { deleteForever(currentRowId()); });
    // Anywhere in the window while the Undo line shows (a text field's own Ctrl+Z still comes first).
    m_undo = new QAction(tr("Undo Delete"), this);
    m_undo->setObjectName(QStringLiteral("undoDeleteAction"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_undo->setShortcutContext(Qt::WindowShortcut);
    connect(m_undo, &QAction::triggered, this, &ConversationList::undoDelete);
    addAction(m_undo);
    updateActions();
}

void ConversationList::setStore(ConversationStore *store)
{
    m_store = store;
    m_undoId.clear();
    refresh();
}

void ConversationList::refresh(const QString &currentId)
{
    m_currentId = currentId;
    m_model->clear();
    if (m_store && m_store->isOpen()) {
        const QList<ConversationSummary> conversations = m_showingDeleted
            ? m_store->recentlyDeleted()
            : m_store->listConversations(m_search->text().trimmed());
        for (const ConversationSummary &c : conversations) {
            QStandardItem *item = rowItem(c, m_showingDeleted);
            m_model->appendRow(item);
            if (c.id == currentId)
                m_view->setCurrentIndex(item->index());
        }
    }
    updateActions();
    updateFooter();
}

void ConversationList::showRecentlyDeleted(bool on)
{
    if (on == m_showingDeleted)
        return;
    m_showingDeleted = on;
    m_deletedToggle->setChecked(on);
    m_search->setVisible(!on); // search reads kept conversations only
    m_deletedHeader->setVisible(on);
    refresh(m_currentId);
}

void ConversationList::updateActions()
{
    const bool kept = !m_showingDeleted;
    const bool writable = m_store && m_store->isOpen() && !m_store->isReadOnly();
    m_open->setVisible(kept);
    m_rename->setVisible(kept);
    m_delete->setVisible(kept);
    m_restore->setVisible(!kept);
    m_deleteForever->setVisible(!kept);
    // Delete means one thing per view: only the visible, enabled action takes the key.
    m_delete->setEnabled(kept && writable);
    m_rename->setEnabled(kept && writable);
    m_restore->setEnabled(!kept && writable);
    m_deleteForever->setEnabled(!kept && writable);
}

void ConversationList::updateFooter()
{
    const int deleted = m_store && m_store->isOpen() ? int(m_store->recentlyDeleted().size()) : 0;
    m_deletedToggle->setText(m_showingDeleted ? tr("‹ Back to conversations")
                                              : tr("Recently deleted (%1)").arg(QLocale().toString(deleted)));
    m_deletedToggle->setVisible(m_showingDeleted || deleted > 0);
    m_emptyButton->setVisible(m_showingDeleted);
    m_emptyButton->setEnabled(deleted > 0 && m_store && !m_store->isReadOnly());
    const bool undoable = !m_undoId.isEmpty();
    m_undoBar->setVisible(undoable && !m_showingDeleted); // there, each row has Restore
    m_undo->setEnabled(undoable);
}

QMenu *ConversationList::createRowMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("conversationRowMenu"));
    const QList<QAction *> actions = m_showingDeleted ? QList<QAction *>{m_restore, m_export, m_deleteForever}
                                                      : QList<QAction *>{m_open, m_rename, m_export, m_delete};
    for (QAction *action : actions) {
        if (action == m_delete || action == m_deleteForever)
            menu->addSeparator();
        menu->addAction(action);
    }
    return menu;
}

void ConversationList::showRowMenu(const QPoint &globalPos)
{
    if (!m_view->currentIndex().isValid())
        return;
    QMenu *menu = createRowMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPos);
}

bool ConversationList::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ContextMenu) {
        // Mouse: the row under the pointer becomes current; keyboard (Menu key): the current row.
        auto *menuEvent = static_cast<QContextMenuEvent *>(event);
        if (menuEvent->reason() == QContextMenuEvent::Mouse && watched == m_view->viewport()) {
            const QModelIndex index = m_view->indexAt(menuEvent->pos());
            if (!index.isValid())
                return false;
            m_view->setCurrentIndex(index);
            showRowMenu(menuEvent->globalPos());
        } else {
            showRowMenu(m_view->viewport()->mapToGlobal(m_view->visualRect(m_view->currentIndex()).center()));
        }
        return true;
    }
    if (event->type() == QEvent::KeyPress && watched == m_view) {
        // Shift+F10 is the context-menu key where there is no Menu key; no platform sends it as one.
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_F10 && key->modifiers() == Qt::ShiftModifier) {
            showRowMenu(m_view->viewport()->mapToGlobal(m_view->visualRect(m_view->currentIndex()).center()));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString ConversationList::currentRowId() const
{
    return m_view->currentIndex().data(kIdRole).toString();
}

QString ConversationList::titleOf(const QString &id) const
{
    return m_store ? m_store->conversation(id).title : QString();
}

void ConversationList::startRename(const QString &id)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (idAt(row) == id) {
            m_view->setCurrentIndex(m_model->index(row, 0));
            m_view->edit(m_model->index(row, 0));
            return;
        }
    }
}

bool ConversationList::rename(const QString &id, const QString &title)
{
    if (!m_store || id.isEmpty())
        return false;
    const StoreStatus status = m_store->renameConversation(id, title);
    if (!status.ok()) {
        Q_EMIT problem(tr("Could not rename the conversation: %1").arg(status.message));
        return false;
    }
    refresh(m_currentId);
    Q_EMIT conversationRenamed(id, titleOf(id));
    return true;
}

bool ConversationList::deleteWithConfirmation(const QString &id)
{
    if (!m_store || id.isEmpty())
        return false;
    const QString title = titleOf(id);
    if (!confirm(tr("Delete Conversation"),
                 tr("Delete “%1”? It stays in Recently deleted until you empty it.").arg(shownTitle(title)), tr("Delete")))
        return false;
    const StoreStatus status = m_store->moveToRecentlyDeleted(id);
    if (!status.ok()) {
        Q_EMIT problem(tr("Could not delete the conversation: %1").arg(status.message));
        return false;
    }
    m_undoId = id;
    // Short enough for two lines in a narrow list.
    const QString shortTitle = title.size() > kUndoTitleLength ? title.left(kUndoTitleLength - 1).trimmed() + QChar(0x2026) : title;
    m_undoText->setText(tr("Deleted “%1”").arg(shownTitle(shortTitle)));
    m_undoTimer->start();
    refresh(m_currentId == id ? QString() : m_currentId);
    Q_EMIT conversationDeleted(id);
    return true;
}

bool ConversationList::undoDelete()
{
    const QString id = m_undoId;
    m_undoId.clear();
    m_undoTimer->stop();
    const bool restored = !id.isEmpty() && restore(id);
    updateFooter();
    return restored;
}

bool ConversationList::restore(const QString &id)
{
    if (!m_store || id.isEmpty())
        return false;
    const StoreStatus status = m_store->restoreConversation(id);
    if (!status.ok()) {
        Q_EMIT problem(tr("Could not restore the conversation: %1").arg(status.message));
        return false;
    }
    if (m_undoId == id)
        m_undoId.clear();
    refresh(m_currentId);
    Q_EMIT conversationRestored(id);
    return true;
}

bool ConversationList::deleteForever(const QString &id)
{
    if (!m_store || id.isEmpty())
        return false;
    if (!confirm(tr("Delete Forever"),
                 tr("Delete “%1” forever? This cannot be undone.").arg(shownTitle(titleOf(id))), tr("Delete Forever")))
        return false;
    const StoreStatus status = m_store->deleteConversation(id);
    if (!status.ok()) {
        Q_EMIT problem(tr("Could not delete the conversation: %1").arg(status.message));
        return false;
    }
    refresh(m_currentId);
    return true;
}

bool ConversationList::emptyRecentlyDeleted()
{
    if (!m_store)
        return false;
    const int count = int(m_store->recentlyDeleted().size());
    if (count == 0 || !confirm(tr("Empty Recently deleted"),
                               tr("Delete %n conversation(s) forever? This cannot be undone.", nullptr, count),
                               tr("Empty")))
        return false;
    const StoreStatus status = m_store->emptyRecentlyDeleted();
    if (!status.ok()) {
        Q_EMIT problem(tr("Could not empty Recently deleted: %1").arg(status.message));
        return false;
    }
    m_undoId.clear(); // what Undo would bring back is gone
    refresh(m_currentId);
    return true;
}

bool ConversationList::confirm(const QString &title, const QString &question, const QString &goAhead)
{
    if (m_confirm)
        return m_confirm(title, question, goAhead);
    QMessageBox box(QMessageBox::Question, title, question, QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("confirmRemoval"));
    QPushButton *yes = box.addButton(goAhead, QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel); // Enter on a removal should not remove
    box.exec();
    return box.clickedButton() == yes;
}

void ConversationList::focusSearch()
{
    showRecentlyDeleted(false);
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

int ConversationList::count() const
{
    return m_model->rowCount();
}

QString ConversationList::idAt(int row) const
{
    return m_model->index(row, 0).data(kIdRole).toString();
}

} // namespace Tessera
