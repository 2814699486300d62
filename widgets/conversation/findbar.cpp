#include <widgets/conversation/findbar.h>

#include <QElapsedTimer>
#include <QLocale>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QShortcut>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include <utility>

#include <cards/conversationmodel.h>
#include <widgets/conversation/conversationview.h>

namespace Tessera {

namespace {

constexpr int kDebounceMs = 150;       // typing: search once the user pauses
int s_maxHistoryMessages = FindBar::kMaxHistoryMessages;
int s_stepMs = FindBar::kStepMs;
constexpr int kSearchSliceRows = 256;  // rows searched between looks at the clock

QToolButton *toolButton(const QString &text, const QString &tip, const QString &name, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setAccessibleName(tip);
    button->setObjectName(name);
    button->setAutoRaise(true);
    return button;
}

} // namespace

FindBar::FindBar(ConversationView *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_field(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_debounce(new QTimer(this))
    , m_historyLoader(new QTimer(this))
    , m_searchRunner(new QTimer(this))
{
    setObjectName(QStringLiteral("findBar"));
    setAccessibleName(tr("Find in conversation"));
    m_field->setObjectName(QStringLiteral("findField"));
    m_field->setPlaceholderText(tr("Find in conversation"));
    m_field->setAccessibleName(tr("Find in conversation"));
    m_field->setClearButtonEnabled(true);
    m_field->installEventFilter(this);
    m_status->setObjectName(QStringLiteral("findStatus"));
    m_status->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("00000 of 00000+")));
    m_previous = toolButton(QStringLiteral("\u2191"), tr("Previous match (Shift+F3)"), QStringLiteral("findPrevious"), this);
    m_next = toolButton(QStringLiteral("\u2193"), tr("Next match (F3)"), QStringLiteral("findNext"), this);
    QToolButton *close = toolButton(QStringLiteral("\u2715"), tr("Close the find bar (Esc)"), QStringLiteral("findClose"), this);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 4, 12, 4);
    layout->setSpacing(6);
    layout->addWidget(m_field, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(close);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &FindBar::search);
    m_historyLoader->setInterval(0);
    connect(m_historyLoader, &QTimer::timeout, this, &FindBar::loadHistoryStep);
    m_searchRunner->setInterval(0);
    connect(m_searchRunner, &QTimer::timeout, this, &FindBar::searchStep);
    connect(m_field, &QLineEdit::textChanged, this, [this] {
        m_previousWhenFound = false; // a new needle: Shift+Enter pressed for the old one no longer applies
        m_debounce->start();
    });
    connect(m_previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(m_next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(close, &QToolButton::clicked, this, &FindBar::closeBar);

    // F3 anywhere in the conversation pane while the bar is open.
    QWidget *scope = parent ? parent : this;
    m_nextShortcut = new QShortcut(QKeySequence::FindNext, scope, this, &FindBar::findNext, Qt::WidgetWithChildrenShortcut);
    m_previousShortcut = new QShortcut(QKeySequence::FindPrevious, scope, this, &FindBar::findPrevious,
                                       Qt::WidgetWithChildrenShortcut);
    m_nextShortcut->setEnabled(false);
    m_previousShortcut->setEnabled(false);
    connectModel();
    updateStatus();
    hide();
}

void FindBar::connectModel()
{
    ConversationModel *model = m_view ? m_view->model() : nullptr;
    if (!model)
        return;
    // A new message, a streamed block or another conversation: the matches are searched again.
    auto again = [this] {
        if (isVisible() && !needle().isEmpty() && !isLoadingHistory()) // the loader searches when it ends
            m_debounce->start();
    };
    // Older messages redraw the list (a version group may reach into them): rows are found anew, so the
    // reader's match is kept by its message, whose index grows by the messages put before it.
    connect(model, &ConversationModel::olderMessagesAboutToRedraw, this, [this](int count) {
        const ConversationMatch current = currentMatch();
        if (current.row >= 0 && current.message >= 0)
            m_keptMessage = current.message + count;
        m_searchRunner->stop();
        m_matches.clear();
        m_current = -1;
    });
    // A page read on a thread is in (or none came): loading the history goes on.
    connect(model, &ConversationModel::fetchingOlderChanged, this, [this](bool fetching) {
        if (!fetching && std::exchange(m_waitingForPage, false))
            m_historyLoader->start();
    });
    connect(model, &QAbstractItemModel::modelReset, this, [this, again] {
        m_searchRunner->stop();
        again();
    });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this, model, again](const QModelIndex &parent, int first,
                                                                                  int last) {
        // Rows past those a search under way has reached (a streamed answer's): it searches them as it goes.
        if (isSearching() && first >= m_searchRow)
            return;
        // Older history came in above (the view loads it when the reader is at the top): the matches move
        // down with their rows, so the search that follows stays on the reader's match. Jumping to the
        // first match would put the reader at the top again, where the view asks for yet older history.
        if (!parent.isValid() && first == 0) {
            for (ConversationMatch &match : m_matches) {
                match.row += last - first + 1;
                match.message = match.row < model->rowCount() ? model->messageIndex(match.row) : -1;
            }
        }
        m_searchRunner->stop(); // the rows searched so far moved: the search starts again
        again();
    });
    connect(model, &QAbstractItemModel::rowsRemoved, this, [this, again](const QModelIndex &, int first, int) {
        if (isSearching() && first >= m_searchRow)
            return; // not reached yet: nothing found there to drop
        m_searchRunner->stop();
        again();
    });
}

void FindBar::activate()
{
    show();
    m_nextShortcut->setEnabled(true);
    m_previousShortcut->setEnabled(true);
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
    if (!needle().isEmpty())
        search();
}

void FindBar::setNeedle(const QString &needle)
{
    m_field->setText(needle);
    m_debounce->stop();
    search();
}

QString FindBar::needle() const
{
    return m_field->text();
}

ConversationMatch FindBar::currentMatch() const
{
    return m_current >= 0 && m_current < m_matches.size() ? m_matches.at(m_current) : ConversationMatch();
}

QString FindBar::statusText() const
{
    if (needle().isEmpty())
        return {};
    if (isLoadingHistory())
        return tr("Searching older messages…");
    if (isSearching())
        return tr("Searching…");
    // Tessera's own numbers are written in the locale's digits (QLocale), as its dates are.
    const QLocale locale;
    const ConversationModel *model = m_view ? m_view->model() : nullptr;
    const bool cut = model && model->canFetchMore(); // older history left out (kMaxHistoryMessages)
    const QString searched = cut ? locale.toString(qlonglong(model->transcript().messages.size())) : QString();
    if (m_matches.isEmpty())
        return cut ? tr("No matches in the newest %1 messages").arg(searched) : tr("No matches");
    const QString total = m_matches.size() >= kMatchLimit ? tr("%1+").arg(locale.toString(kMatchLimit))
                                                          : locale.toString(int(m_matches.size()));
    const QString current = locale.toString(m_current + 1);
    return cut ? tr("%1 of %2 in the newest %3 messages").arg(current, total, searched)
               : tr("%1 of %2").arg(current, total);
}

bool FindBar::isLoadingHistory() const
{
    return m_historyLoader->isActive() || m_waitingForPage;
}

void FindBar::stopLoadingHistory()
{
    m_historyLoader->stop();
    m_waitingForPage = false;
}

bool FindBar::isSearching() const
{
    return m_searchRunner->isActive();
}

void FindBar::setMaxHistoryMessages(int messages)
{
    s_maxHistoryMessages = messages;
}

void FindBar::setStepMs(int ms)
{
    s_stepMs = ms;
}

bool FindBar::wantsOlderHistory() const
{
    const ConversationModel *model = m_view ? m_view->model() : nullptr;
    return model && model->canFetchMore() && model->transcript().messages.size() < s_maxHistoryMessages;
}

bool FindBar::startLoadingHistory()
{
    if (!wantsOlderHistory())
        return false;
    m_matches.clear(); // their rows move as older rows come in
    m_current = -1;
    m_view->setFindHighlight(QString(), -1, -1);
    m_historyLoader->start();
    return true;
}

void FindBar::loadHistoryStep()
{
    // A page of a very large file is read and parsed here: a few pages a turn keep the window answering.
    QElapsedTimer clock;
    clock.start();
    while (wantsOlderHistory()) {
        ConversationModel *model = m_view->model();
        model->fetchMore();
        if (model->isFetchingOlder()) {
            // Read on a thread: the step resumes when the page is in (fetchingOlderChanged).
            m_historyLoader->stop();
            m_waitingForPage = true;
            return;
        }
        if (clock.elapsed() >= s_stepMs)
            return;
    }
    stopLoadingHistory();
    search(); // finds nothing more to load: searches what is in
}

void FindBar::search()
{
    m_debounce->stop();
    m_searchRunner->stop(); // a new search replaces one under way
    if (!m_view || !m_view->model()) {
        m_matches.clear();
        m_current = -1;
        updateStatus();
        return;
    }
    const QString text = needle();
    if (text.isEmpty())
        stopLoadingHistory(); // the field cleared while older pages came in: nothing to load them for
    // The whole history first, a few pages per event-loop turn; loadHistoryStep searches when it is in.
    if (!text.isEmpty() && (isLoadingHistory() || startLoadingHistory())) {
        updateStatus();
        return;
    }
    // Then the rows, a slice per turn: 200,000 messages take about a second to search. The first slice
    // runs now, so a short conversation is usually searched before search() returns.
    m_searchNeedle = text;
    m_searchBefore = currentMatch();
    m_found.clear();
    m_searchRow = text.isEmpty() ? m_view->model()->rowCount() : 0;
    searchStep();
}

void FindBar::searchStep()
{
    const ConversationModel *model = m_view ? m_view->model() : nullptr;
    QElapsedTimer clock;
    clock.start();
    while (model && m_searchRow < model->rowCount() && m_found.size() < kMatchLimit) {
        const int to = qMin(model->rowCount(), m_searchRow + kSearchSliceRows);
        findInRows(*model, m_searchNeedle, m_searchRow, to, &m_found, kMatchLimit);
        m_searchRow = to;
        if (m_searchRow < model->rowCount() && m_found.size() < kMatchLimit && clock.elapsed() >= s_stepMs) {
            if (!m_searchRunner->isActive()) {
                m_searchRunner->start();
                updateStatus();
            }
            return;
        }
    }
    m_searchRunner->stop();
    m_matches = std::exchange(m_found, {});
    m_current = -1;
    const bool previous = std::exchange(m_previousWhenFound, false);
    if (!m_view)
        return;
    if (m_matches.isEmpty()) {
        m_view->setFindHighlight(m_searchNeedle, -1, -1);
        updateStatus();
        return;
    }
    // Searched again (a new message arrived, or more typed): the first match from the row the reader
    // was at; a first search: the first match.
    int index = 0;
    const int keptMessage = std::exchange(m_keptMessage, -1);
    for (int i = 0; i < m_matches.size(); ++i) {
        const ConversationMatch &match = m_matches.at(i);
        // By row; after a redraw by older messages, the first match in the kept message or after it.
        const bool reached = m_searchBefore.row >= 0 ? match.row >= m_searchBefore.row
                                                     : keptMessage >= 0 && match.message >= keptMessage;
        if (reached) {
            index = i;
            break;
        }
    }
    m_view->setFindHighlight(m_searchNeedle, -1, -1);
    go(previous ? index - 1 : index); // Shift+Enter while it ran: the match before the reader's
}

void FindBar::go(int index)
{
    if (m_matches.isEmpty()) {
        m_current = -1;
        updateStatus();
        return;
    }
    const int count = int(m_matches.size());
    m_current = ((index % count) + count) % count; // wraps at either end
    const ConversationMatch match = m_matches.at(m_current);
    m_view->showMatch(match.row, match.occurrence);
    updateStatus();
}

void FindBar::findNext()
{
    if (needle().isEmpty())
        return;
    if (m_debounce->isActive())
        search(); // typed but not yet searched: that search lands on the first match
    else if (!isSearching() && !isLoadingHistory()) // else the search under way lands there too
        go(m_current + 1);
}

void FindBar::findPrevious()
{
    if (needle().isEmpty())
        return;
    if (m_debounce->isActive())
        search();
    if (isSearching() || isLoadingHistory()) {
        m_previousWhenFound = true; // the matches are not in yet: the one before where the search lands
        return;
    }
    go(m_current - 1);
}

void FindBar::closeBar()
{
    m_debounce->stop();
    stopLoadingHistory();
    m_searchRunner->stop();
    m_previousWhenFound = false;
    m_matches.clear();
    m_current = -1;
    if (m_view) {
        m_view->setFindHighlight(QString(), -1, -1);
        m_view->setFocus(Qt::OtherFocusReason);
    }
    m_nextShortcut->setEnabled(false);
    m_previousShortcut->setEnabled(false);
    hide();
    Q_EMIT closed();
}

void FindBar::updateStatus()
{
    const QString text = statusText();
    m_status->setText(text);
    m_status->setAccessibleName(text);
    // The old needle's matches stay listed while a new search runs; they are not for walking.
    const bool walkable = !m_matches.isEmpty() && !isSearching() && !isLoadingHistory();
    m_previous->setEnabled(walkable);
    m_next->setEnabled(walkable);
    // A screen reader on the field hears the count too.
    m_field->setAccessibleDescription(text);
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_field) {
        if (event->type() == QEvent::ShortcutOverride) {
            // Escape closes the bar before the window's Escape (Stop) sees it.
            auto *key = static_cast<QKeyEvent *>(event);
            if (key->key() == Qt::Key_Escape) {
                event->accept();
                return true;
            }
        } else if (event->type() == QEvent::KeyPress) {
            auto *key = static_cast<QKeyEvent *>(event);
            if (key->key() == Qt::Key_Escape) {
                closeBar();
                return true;
            }
            if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
                if (key->modifiers() & Qt::ShiftModifier)
                    findPrevious();
                else
                    findNext();
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Tessera
