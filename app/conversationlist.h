#pragma once

// The conversation list: stored conversations, newest activity first, each with its title, message
// and card counts and last activity; a search field filters by title and text (the store's search).
// Emits conversationActivated(id) on click, Enter or Return.

#include <QWidget>

class QLineEdit;
class QListView;
class QStandardItemModel;

namespace Tessera {

class ConversationStore;

class ConversationList : public QWidget
{
    Q_OBJECT

public:
    explicit ConversationList(QWidget *parent = nullptr);

    void setStore(ConversationStore *store); // Not owned; may be null (nothing is saved).
    // Re-reads the list from the store, keeping the search text; marks `currentId` as current.
    void refresh(const QString &currentId = {});
    void focusSearch();

    int count() const;
    QString idAt(int row) const;
    QLineEdit *searchField() const { return m_search; }

Q_SIGNALS:
    void conversationActivated(const QString &id);

private:
    ConversationStore *m_store = nullptr; // Not owned.
    QLineEdit *m_search = nullptr;
    QListView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
    QString m_currentId;
};

} // namespace Tessera
