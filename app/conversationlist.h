#pragma once

// The conversation list: stored conversations, newest activity first, each with its title, message
// and card counts and last activity; a search field filters by title and text (the store's search).
// Emits conversationActivated(id) on click, Enter or Return.
//
// Keeping them in order (issue 12). Every row has the same context menu (right click, the Menu key,
// Shift+F10): Open, Rename (F2: an editor in the row), Export…, Delete (the Delete key). Delete asks
// first, naming the conversation, then moves it to "Recently deleted" and shows "Deleted “TITLE” — Undo"
// under the list (Ctrl+Z while it shows). Nothing is removed for good until the person empties Recently
// deleted (a second view of the list, with Restore and Delete forever on each row), again after asking.

#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QListView;
class QMenu;
class QPushButton;
class QStandardItemModel;
class QTimer;
class QToolButton;

namespace Tessera {

class ConversationStore;

class ConversationList : public QWidget
{
    Q_OBJECT

public:
    // Asks the person before something is removed; true to go ahead. The default is a QMessageBox;
    // tests replace it (offscreen, nobody clicks).
    using Confirmation = std::function<bool(const QString &title, const QString &question, const QString &goAhead)>;

    explicit ConversationList(QWidget *parent = nullptr);

    void setStore(ConversationStore *store); // Not owned; may be null (nothing is saved).
    // Re-reads the list from the store, keeping the search text; marks `currentId` as current.
    void refresh(const QString &currentId = {});
    void focusSearch();

    int count() const;
    QString idAt(int row) const;
    QLineEdit *searchField() const { return m_search; }
    QListView *view() const { return m_view; }

    // Recently deleted instead of the kept conversations (the toggle under the list).
    void showRecentlyDeleted(bool on);
    bool isShowingRecentlyDeleted() const { return m_showingDeleted; }
    void setConfirmation(Confirmation confirmation) { m_confirm = std::move(confirmation); }
    // The row's menu as the context menu shows it (actions act on the current row).
    QMenu *createRowMenu(QWidget *parent);

    // Act on one conversation (the menu's actions call these on the current row).
    void startRename(const QString &id);
    bool rename(const QString &id, const QString &title);
    bool deleteWithConfirmation(const QString &id);
    bool undoDelete();
    bool restore(const QString &id);
    bool deleteForever(const QString &id);
    bool emptyRecentlyDeleted();
    // The "Deleted “TITLE” — Undo" line; hidden when there is nothing to undo.
    QWidget *undoBar() const { return m_undoBar; }

Q_SIGNALS:
    void conversationActivated(const QString &id);
    void exportRequested(const QString &id);
    // Moved to Recently deleted (the window leaves it if it is on screen) and back.
    void conversationDeleted(const QString &id);
    void conversationRestored(const QString &id);
    void conversationRenamed(const QString &id, const QString &title);
    void problem(const QString &message); // a store write failed: one sentence for the status bar

private:
    void createActions();
    void showRowMenu(const QPoint &globalPos);
    QString currentRowId() const;
    QString titleOf(const QString &id) const;
    void updateActions();
    void updateFooter();
    bool confirm(const QString &title, const QString &question, const QString &goAhead);
    bool eventFilter(QObject *watched, QEvent *event) override;

    ConversationStore *m_store = nullptr; // Not owned.
    QLineEdit *m_search = nullptr;
    QLabel *m_deletedHeader = nullptr;
    QListView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
    QWidget *m_undoBar = nullptr;
    QLabel *m_undoText = nullptr;
    QTimer *m_undoTimer = nullptr;
    QToolButton *m_deletedToggle = nullptr;
    QPushButton *m_emptyButton = nullptr;
    QAction *m_open = nullptr;
    QAction *m_rename = nullptr;
    QAction *m_export = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_restore = nullptr;
    QAction *m_deleteForever = nullptr;
    QAction *m_undo = nullptr;
    QString m_currentId;
    QString m_undoId; // the last conversation deleted, while its Undo shows
    bool m_showingDeleted = false;
    Confirmation m_confirm;
};

} // namespace Tessera
