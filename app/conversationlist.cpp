#include <app/conversationlist.h>

#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>

#include <store/conversationstore.h>

namespace Tessera {

namespace {

constexpr int kIdRole = Qt::UserRole + 1;

} // namespace

ConversationList::ConversationList(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_view(new QListView(this))
    , m_model(new QStandardItemModel(this))
{
    setObjectName(QStringLiteral("conversationList"));
    m_search->setObjectName(QStringLiteral("conversationSearch"));
    m_search->setPlaceholderText(tr("Search conversations"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search conversations"));
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setUniformItemSizes(true);
    m_view->setWordWrap(true);
    m_view->setAccessibleName(tr("Conversations"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->setSpacing(6);
    layout->addWidget(m_search);
    layout->addWidget(m_view, 1);

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
        Q_EMIT conversationActivated(index.data(kIdRole).toString());
    });
    connect(m_view, &QListView::clicked, this, [this](const QModelIndex &index) {
        Q_EMIT conversationActivated(index.data(kIdRole).toString());
    });
}

void ConversationList::setStore(ConversationStore *store)
{
    m_store = store;
    refresh();
}

void ConversationList::refresh(const QString &currentId)
{
    m_currentId = currentId;
    m_model->clear();
    if (!m_store || !m_store->isOpen())
        return;
    const QList<ConversationSummary> conversations = m_store->listConversations(m_search->text().trimmed());
    const QLocale locale;
    for (const ConversationSummary &c : conversations) {
        auto *item = new QStandardItem;
        const QString when = locale.toString(c.lastActivity.toLocalTime(), QLocale::ShortFormat);
        const QString counts = (c.messageCount == 1 ? tr("1 message") : tr("%1 messages").arg(c.messageCount))
                + QStringLiteral(" · ")
                + (c.cardCount == 1 ? tr("1 card") : tr("%1 cards").arg(c.cardCount));
        item->setText(c.title + QLatin1Char('\n') + counts + QStringLiteral(" · ") + when);
        item->setToolTip(c.title);
        item->setData(c.id, kIdRole);
        item->setData(QStringLiteral("%1, %2, last activity %3").arg(c.title, counts, when), Qt::AccessibleTextRole);
        m_model->appendRow(item);
        if (c.id == currentId)
            m_view->setCurrentIndex(item->index());
    }
}

void ConversationList::focusSearch()
{
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
