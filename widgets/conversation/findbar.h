#pragma once

// The find bar of the open conversation (issue 18): a line under the conversation with the needle,
// "3 of 12" or "No matches", previous / next and close buttons.
//
// Keys while it has focus: Enter and F3 go to the next match, Shift+Enter and Shift+F3 to the previous
// one (wrapping at either end), Escape closes it (and clears the marks). The window gives it Ctrl+F;
// F3 / Shift+F3 work anywhere in the window while the bar is open (findNext / findPrevious).
//
// The search runs over the model (cards/conversationsearch.h), never over widgets; the view builds
// only the rows around the match it scrolls to. Before the first search of a conversation that is
// loaded page by page, the older pages are loaded into the model (rows only, no widgets), so the
// count is for the whole conversation: a few pages per event-loop turn (about 8 ms), with "Searching
// older messages…" meanwhile, so a file of a million lines does not hold the window while they come in.
// Loading stops once the model holds 200,000 messages; the status then says the count is for "the
// newest N messages". The rows are then searched a slice per turn too ("Searching…"); the first slice
// runs at once, so a short conversation usually has its matches when setNeedle returns.
// The search is redone when the model changes while open.

#include <QList>
#include <QWidget>

#include <cards/conversationsearch.h>

class QLabel;
class QLineEdit;
class QShortcut;
class QTimer;
class QToolButton;

namespace Tessera {

class ConversationView;

class FindBar : public QWidget
{
    Q_OBJECT

public:
    // view: Not owned; searched through the model it has now. parent: where F3 / Shift+F3 work.
    explicit FindBar(ConversationView *view, QWidget *parent = nullptr);

    // Shows the bar, focuses the field and selects its text.
    void activate();
    // Sets the needle and searches now (the field debounces typing).
    void setNeedle(const QString &needle);
    QString needle() const;

    int matchCount() const { return int(m_matches.size()); }
    int currentIndex() const { return m_current; } // 0-based; -1: none
    // The current match; row -1 when there is none.
    ConversationMatch currentMatch() const;
    // "3 of 12", "No matches", or "" for an empty needle.
    QString statusText() const;

    QLineEdit *field() const { return m_field; }
    // True while older pages are being loaded for a search (the matches come when they are in).
    bool isLoadingHistory() const;
    // True while the rows are searched, a slice per event-loop turn ("Searching…").
    bool isSearching() const;

    static constexpr int kMatchLimit = 10000; // more: the status reads "… of 10000+" (in the locale's digits)
    // Older pages are loaded for a search until the conversation holds this many messages (about 600 MB
    // of a generated file's lines); beyond it the status says the count is for the newest messages only.
    static constexpr int kMaxHistoryMessages = 200000;
    static void setMaxHistoryMessages(int messages); // for tests; kMaxHistoryMessages by default
    // Older pages are loaded, and rows searched, for about this long per event-loop turn: half a frame.
    static constexpr int kStepMs = 8;
    static void setStepMs(int ms); // for tests; kStepMs by default

public Q_SLOTS:
    void findNext();
    void findPrevious();
    void closeBar();

Q_SIGNALS:
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    bool wantsOlderHistory() const;
    bool startLoadingHistory();
    void loadHistoryStep();
    void stopLoadingHistory();
    void searchStep();
    void go(int index);
    void updateStatus();
    void connectModel();

    ConversationView *m_view = nullptr; // Not owned.
    QLineEdit *m_field = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QTimer *m_debounce = nullptr;
    QTimer *m_historyLoader = nullptr; // runs while older pages are loaded, a few per turn
    bool m_waitingForPage = false;     // the loader paused while a page is read on a thread
    QTimer *m_searchRunner = nullptr;  // runs while the rows are searched, a slice per turn
    QString m_searchNeedle;            // of the search under way
    ConversationMatch m_searchBefore;  // the current match when it began
    QList<ConversationMatch> m_found;  // its matches so far
    int m_searchRow = 0;               // the next row it searches
    int m_keptMessage = -1;            // the reader's match's message, across a redraw by older messages
    bool m_previousWhenFound = false;  // Shift+Enter pressed while the search ran
    QShortcut *m_nextShortcut = nullptr;     // enabled while the bar is open
    QShortcut *m_previousShortcut = nullptr;
    QList<ConversationMatch> m_matches;
    int m_current = -1;
};

} // namespace Tessera
