#pragma once

// The conversation view: a virtualized, vertically scrolling list of blocks (ConversationModel rows).
//
// Scales to 10,000 messages the way Telegram Desktop's history does (STYLE.md rule 4):
//  - a block's height is cached per width; blocks never built use a cheap estimate;
//  - live widgets exist only for blocks in or near the viewport (one viewport above and below); those on
//    screen are built at once, those near it within a few milliseconds per turn of the event loop;
//  - a widget far away (beyond three viewports) is destroyed: charts, tables and prose are rebuilt
//    from the model when they come back;
//  - when a measured height differs from its estimate above the viewport, the scroll position is
//    corrected so the content under the user's eyes does not jump;
//  - near the top of what is loaded it asks the model for older history (canFetchMore/fetchMore), and
//    keeps the reader's place when those rows arrive above.
// No QWidget per message for the whole history, no setIndexWidget.

#include <QAbstractScrollArea>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QTimer>

#include <widgets/card/rendererregistry.h>

class QAction;
class QImage;
class QMenu;

namespace Tessera {

class CardActions;
class ConversationModel;
enum class BlockType;

class ConversationView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit ConversationView(QWidget *parent = nullptr);
    ~ConversationView() override;

    void setModel(ConversationModel *model); // Not owned.
    ConversationModel *model() const { return m_model; }
    CardActions *cardActions() const { return m_actions; }
    // The settings every block is drawn with (the window reads them from QSettings). They apply to
    // blocks built from now on; redrawInPlace() redraws the live ones.
    void setRenderSettings(const RenderSettings &settings) { m_renderSettings = settings; }
    const RenderSettings &renderSettings() const { return m_renderSettings; }
    // Rebuilds every block from the same model rows (new settings, font size or theme: every height
    // may change) and keeps the reader's place (issue 18): the row at the top of the viewport stays at
    // the top, as far into it as before (clamped to its new height); a reader at the end stays at the
    // end. The model is not touched: no reset, no reload of a stored conversation's pages.
    void redrawInPlace();

    // Live widgets right now (for tests and the benchmark).
    int liveWidgetCount() const;
    // The live widget of a row, or nullptr when it is not built.
    QWidget *widgetForRow(int row) const;
    // Rows whose widgets are live, ascending.
    QList<int> liveRows() const;
    // Keyboard: Tab and Shift+Tab move through every interactive element of the built blocks in
    // reading order (pills, items, tables, copy buttons), scrolling further blocks in at the ends.

    // Total content height at the current width, in pixels (measured + estimated).
    int contentHeight() const;
    // The y offset of a row in content coordinates.
    int rowTop(int row) const;

    // Regenerate / Edit and resend (issue 12): offered in the context menu of the last exchange's rows
    // while visible. Not owned (the window's Conversation menu holds them).
    void setTurnActions(const QList<QAction *> &actions);

    void scrollToRow(int row);
    // Find in the conversation (issue 18, findbar.h): every live block and every block built from now
    // on marks `needle` (findhighlight.h); occurrence `current` of row `currentRow` is the current one.
    // An empty needle clears the marks.
    void setFindHighlight(const QString &needle, int currentRow, int currentOccurrence);
    // Scrolls so occurrence `occurrence` of row `row` is on screen (building only the rows around it)
    // and makes it the current match.
    void showMatch(int row, int occurrence);
    void scrollToBottom();
    // The model's next reset shows its end (a stored conversation opens at its newest page, issue 17):
    // the rows are built there only, not first at the top.
    void scrollToBottomOnReset() { m_bottomAfterReset = true; }

    // Headless drawing of the whole conversation at a width (PRODUCT.md §3 `tessera render`):
    // builds each block in turn, paints it, and releases it, so memory stays flat.
    // Stops before maxHeight pixels; *rowsDrawn says how many rows made it.
    static QImage renderToImage(ConversationModel *model, int width, const QPalette &palette,
                                int maxHeight, int *rowsDrawn, const RenderSettings &settings = {});

    // Copying messages (issue 12): a right click on a user turn offers "Copy Text"; on assistant prose
    // also "Copy Answer as Markdown" (the turn's prose and cards, cards in the kind table's Markdown
    // form). The menu of a row, owned by parent; nullptr for rows that are not user text or prose.
    QMenu *createCopyMenu(int row, QWidget *parent);
    // What "Copy Text" copies: a user turn as typed, prose as plain text.
    QString rowText(int row) const;
    // What "Copy Answer as Markdown" copies for any row of an answer.
    QString answerMarkdown(int row) const;

Q_SIGNALS:
    void promptRequested(const QString &prompt);
    void itemActivated(const QString &itemId);
    // A "‹ N/M ›" switcher asked to show another version of its turn (nothing changes until recorded).
    void versionRequested(const QString &group, int version);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    bool eventFilter(QObject *watched, QEvent *event) override; // the copy and turn menu of non-card blocks

private:
    struct Row
    {
        int height = -1;       // measured at m_layoutWidth; -1 when not measured
        int estimate = 0;      // cheap guess used until measured
        QWidget *widget = nullptr; // Owned through the viewport's children.
    };

    void resetRows();
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onRowsRemoved(const QModelIndex &parent, int first, int last);
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight);
    int heightOf(int row) const;
    void rebuildOffsets();
    int rowAt(int y) const;
    void updateLayout();
    QWidget *buildWidget(int row);
    int measure(int row, QWidget *widget) const;
    void releaseWidget(int row);
    bool updateProseInPlace(int row);
    int itemWidth() const;
    QList<QWidget *> focusChain() const;
    void installCopyMenu(QWidget *widget, BlockType type);
    int rowOfWidget(const QWidget *widget) const;
    QList<QAction *> turnActionsFor(int row) const;
    void rememberPlace();
    void rememberPlaceAbove(int olderMessages);

    ConversationModel *m_model = nullptr; // Not owned.
    CardActions *m_actions = nullptr;
    RenderSettings m_renderSettings;
    QList<Row> m_rows;
    QList<int> m_offsets; // m_offsets[i] = top of row i; size rows + 1
    int m_layoutWidth = 0;
    bool m_inLayout = false;
    bool m_stickToBottom = false;
    bool m_fetchQueued = false;
    QTimer m_aheadTimer; // builds the rows near the screen that one layout's budget left (updateLayout)
    QList<QAction *> m_turnActions; // Not owned.
    int m_placeAfterReset = -1;     // scroll value a version redraw keeps; -1: none (a new conversation)
    bool m_bottomAfterReset = false;
    int m_messageAfterReset = -1;   // older messages redrew the list: the message the reader's top row shows
    int m_deltaAfterReset = 0;      // and how far into its row the viewport's top was
    QString m_findNeedle;       // "": no find marks
    int m_findRow = -1;         // the current match's row
    int m_findOccurrence = -1;  // and its occurrence within the row
};

} // namespace Tessera
